//! PDF rendering shared by parcel labels, vouchers and invoices.
