//! Accounts and access: users of the three roles, passwords, server-side sessions, personal API
//! tokens, permissions and sign-in throttling. Plain functions over a `DbConnection`; no HTTP.

mod account_fields;
pub mod accounts;
pub mod delivery_people;
pub mod demo;
pub mod legal;
pub mod merchants;
pub mod password_links;
pub mod passwords;
pub mod sessions;
pub mod staff;
pub mod throttle;
pub mod tokens;
pub mod users;

pub use users::{User, UserData, UserView};
