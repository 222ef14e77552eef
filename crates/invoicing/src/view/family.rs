//! One family of invoices at a time (client or delivery), for the routes of each.

use colivra_core::{AppError, AppResult, ListQuery, Paginated, Scope};
use colivra_db::DbConnection;
use serde::Serialize;
use utoipa::ToSchema;

use super::rows::InvoiceFilters;
use super::{list, show, DeliveryInvoiceView, InvoiceView, MerchantInvoiceView};

/// One of the two families of invoices, as its own type: what a list or a show of that family
/// answers.
pub trait Family {
    const MERCHANT: bool;
    type View: Serialize + ToSchema + Send + 'static;
    fn narrow(view: InvoiceView) -> AppResult<Self::View>;
}

/// Client invoices (`clients/invoices`).
pub struct MerchantInvoices;
/// Delivery invoices (`delivery-admins/invoices`).
pub struct DeliveryInvoices;

impl Family for MerchantInvoices {
    const MERCHANT: bool = true;
    type View = MerchantInvoiceView;
    fn narrow(view: InvoiceView) -> AppResult<MerchantInvoiceView> {
        match view {
            InvoiceView::Merchant(view) => Ok(view),
            InvoiceView::Delivery(_) => Err(AppError::internal(
                "a delivery invoice among client invoices",
            )),
        }
    }
}

impl Family for DeliveryInvoices {
    const MERCHANT: bool = false;
    type View = DeliveryInvoiceView;
    fn narrow(view: InvoiceView) -> AppResult<DeliveryInvoiceView> {
        match view {
            InvoiceView::Delivery(view) => Ok(view),
            InvoiceView::Merchant(_) => Err(AppError::internal(
                "a client invoice among delivery invoices",
            )),
        }
    }
}

/// A page of family `F`'s invoices in `scope`.
pub fn list_of<F: Family>(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &InvoiceFilters,
) -> AppResult<Paginated<F::View>> {
    let page = list(conn, scope, F::MERCHANT, query, filters)?;
    Ok(Paginated {
        data: page
            .data
            .into_iter()
            .map(F::narrow)
            .collect::<AppResult<_>>()?,
        meta: page.meta,
    })
}

/// One invoice of family `F` in `scope` (404 outside it).
pub fn show_of<F: Family>(conn: &mut DbConnection, scope: Scope, key: &str) -> AppResult<F::View> {
    F::narrow(show(conn, scope, F::MERCHANT, key)?)
}
