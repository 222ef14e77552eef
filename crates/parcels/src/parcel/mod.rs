//! A parcel: the stored row (`row`), how callers see it (`view`), the names a page refers to
//! (`names`), the checks on what merchants send (`validate`) and their writes (`write`).

mod names;
mod row;
mod validate;
mod view;
mod write;

pub use colivra_core::Scope;
pub use names::RecentNames;
pub use row::{get, ParcelRow};
pub use validate::{validate, Lookups, ParcelInput, ParcelKind, ValidParcel};
pub use view::{actions, view, views, views_of, views_with, ParcelView};
pub(crate) use write::changed_meanwhile;
pub use write::{create, delete, insert, reference_taken, update};
pub(crate) use write::{enqueue_for_confirmation, initial_status};

/// 100,000 DH: the highest cash-on-delivery amount accepted.
pub const MAX_COD_CENTIMES: i64 = 10_000_000;
pub const MAX_QUANTITY: i64 = 10_000;
