//! One family of invoices at a time (client or delivery), for the routes of each.

use colivra_core::{AppError, AppResult, Language, ListQuery, Paginated, Scope};
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
    /// Says on `view` which language its PDF prints in for the reader.
    fn print_language(view: &mut Self::View, language: Language);
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
    fn print_language(view: &mut MerchantInvoiceView, language: Language) {
        view.pdf_language = Some(language);
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
    fn print_language(view: &mut DeliveryInvoiceView, language: Language) {
        view.pdf_language = Some(language);
    }
}

/// The view of family `F`, saying in which language its PDF prints for the reader.
fn for_reader<F: Family>(view: InvoiceView, language: Language) -> AppResult<F::View> {
    let mut view = F::narrow(view)?;
    F::print_language(&mut view, language);
    Ok(view)
}

/// A page of family `F`'s invoices in `scope`, as a reader of `reader` sees them.
pub fn list_of<F: Family>(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &InvoiceFilters,
    reader: Language,
) -> AppResult<Paginated<F::View>> {
    let page = list(conn, scope, F::MERCHANT, query, filters)?;
    let language = colivra_parcels::company::invoice_language(conn, reader)?;
    Ok(Paginated {
        data: page
            .data
            .into_iter()
            .map(|view| for_reader::<F>(view, language))
            .collect::<AppResult<_>>()?,
        meta: page.meta,
    })
}

/// One invoice of family `F` in `scope` (404 outside it), as a reader of `reader` sees it.
pub fn show_of<F: Family>(
    conn: &mut DbConnection,
    scope: Scope,
    key: &str,
    reader: Language,
) -> AppResult<F::View> {
    let view = show(conn, scope, F::MERCHANT, key)?;
    let language = colivra_parcels::company::invoice_language(conn, reader)?;
    for_reader::<F>(view, language)
}
