//! Thin handlers: extract, call one service, answer JSON.

pub mod accounts;
pub mod balances;
pub mod cities;
pub mod couriers;
pub mod inventory;
pub mod invoices;
pub mod parcels;
pub mod prices;
pub mod session;
pub mod shops;
pub mod spa;
pub mod staff;
pub mod support;
pub mod system;
pub mod tokens;
pub mod vouchers;

use serde::Serialize;
use utoipa::ToSchema;

/// `{ "data": ... }`, the shape of every single-object response.
#[derive(Debug, Serialize, ToSchema)]
pub struct Data<T> {
    pub data: T,
}

impl<T> Data<T> {
    pub fn new(data: T) -> Self {
        Self { data }
    }
}
