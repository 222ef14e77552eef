//! Shared vocabulary of every Colivra crate. It knows nothing of HTTP or of the database.

pub mod error;
pub mod id;
pub mod key;
pub mod language;
pub mod money;
pub mod pagination;
pub mod permissions;
pub mod phone;
pub mod role;
pub mod scope;
pub mod time;
pub mod webhook_events;

pub use error::{AppError, AppResult, ErrorBody, FieldErrors};
pub use id::{
    CityId, DeliveryPersonId, InvoiceId, MerchantId, ParcelId, ShopId, TicketId, UserId, VoucherId,
};
pub use language::Language;
pub use money::Centimes;
pub use pagination::{ListQuery, Page, PageMeta, Paginated, Sort};
pub use role::{Permission, Role};
pub use scope::Scope;
