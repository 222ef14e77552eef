//! Sets of permission names (route names of the specification) that grant the same screens'
//! data. The gateway's route table grants endpoints with them; the domain uses them where what a
//! caller may see depends on the screens he holds (the top-bar search).

use crate::Permission;

/// Screens that pick a city from the list.
pub const NEEDS_CITIES: &[Permission] = &[
    "cities",
    "shops",
    "add-new-parcels",
    "pricing",
    "deliverymen",
    "client-costs",
    // the city filter of parcel lists, delivery people's included
    "all-parcels",
    "sent-parcels",
];

/// Screens that show parcels: who may read them (their own scope).
pub const PARCEL_SCREENS: &[Permission] = &[
    // merchants
    "add-new-parcels",
    "new-parcels",
    "to-confirm-parcels",
    "all-parcels",
    "sent-parcels",
    "delivered-parcels",
    "return-parcels",
    "refunds",
    "exchanges",
    "pickup-vouchers",
    // admins (all-parcels, sent-parcels, … are shared names)
    "pickup-parcels",
    "canceled-parcels",
    "new-pickup-vouchers",
    "all-pickup-vouchers",
    "delivery-exit-vouchers",
    "parcels-to-be-returned",
    "delivery-return-vouchers",
    "create-client-invoice",
    "create-delivery-invoice",
    // delivery people (they hold their whole set; listed so the table says who reads what)
    "exit-vouchers",
    "return-vouchers",
];

/// Pickup voucher screens: the merchant's, the admin's new and all vouchers.
pub const PICKUP_VOUCHER_SCREENS: &[Permission] = &[
    "pickup-vouchers",
    "new-pickup-vouchers",
    "all-pickup-vouchers",
];

/// Exit voucher screens: the admin's, the delivery person's.
pub const EXIT_VOUCHER_SCREENS: &[Permission] = &["delivery-exit-vouchers", "exit-vouchers"];

/// Return voucher screens: parcels to be returned (both), the admin's and the delivery person's
/// return vouchers.
pub const RETURN_VOUCHER_SCREENS: &[Permission] = &[
    "parcels-to-be-returned",
    "delivery-return-vouchers",
    "return-vouchers",
];

/// Screens where a failed attempt is decided (issue 40): the merchant's and the admin's parcels
/// out for delivery and all parcels.
pub const DECISION_SCREENS: &[Permission] = &["sent-parcels", "all-parcels"];

/// Merchant screens that change parcels.
pub const MERCHANT_PARCEL_WRITES: &[Permission] = &[
    "add-new-parcels",
    "new-parcels",
    "to-confirm-parcels",
    "all-parcels",
    "sent-parcels",
];

/// Admin screens that move parcels.
pub const ADMIN_PARCEL_WRITES: &[Permission] = &[
    "all-parcels",
    "pickup-parcels",
    "sent-parcels",
    "delivered-parcels",
    "canceled-parcels",
    "return-parcels",
    "refunds",
    "exchanges",
];

/// Admin screens that write client invoices.
pub const MERCHANT_INVOICE_WRITES: &[Permission] = &[
    "create-client-invoice",
    "client-delivered-invoices",
    "client-returned-invoices",
];

/// Screens that read client invoices: the admin's, and the merchant's own.
pub const MERCHANT_INVOICE_SCREENS: &[Permission] = &[
    "create-client-invoice",
    "client-delivered-invoices",
    "client-returned-invoices",
    "completed-invoices",
    "returned-invoices",
];

/// Admin screens that show and settle merchants' accounts: « Comptes marchands » (client
/// invoices area), the merchants list.
pub const MERCHANT_ACCOUNT_SCREENS: &[Permission] = &[
    "client-delivered-invoices",
    "client-returned-invoices",
    "create-client-invoice",
    "clients",
];

/// Reading a merchant's account: the admin's screens, and the merchant's own (his dashboard and
/// invoices).
pub const MERCHANT_ACCOUNT_READERS: &[Permission] = &[
    "client-delivered-invoices",
    "client-returned-invoices",
    "create-client-invoice",
    "clients",
    "completed-invoices",
    "returned-invoices",
];

/// Screens that read delivery invoices: the admin's, and the delivery person's (his whole set).
pub const DELIVERY_INVOICE_SCREENS: &[Permission] = &[
    "create-delivery-invoice",
    "delivery-invoices",
    "create-invoice",
    "invoices",
];

/// Admin screens that show delivery people's balances: the balances screen (delivery invoices
/// area), the delivery people list, the delivery invoice draft.
pub const BALANCE_SCREENS: &[Permission] = &[
    "delivery-invoices",
    "deliverymen",
    "create-delivery-invoice",
];

/// The stock screens (`gestion-des-stocks`), the admin's and the merchant's.
pub const INVENTORY: &[Permission] = &["inventory-management"];

/// Reading products: the stock screens, and the parcel form (stock lines pick a product).
pub const INVENTORY_READERS: &[Permission] = &["inventory-management", "add-new-parcels"];
