//! How invoices are shown: one shape per family, and the one list both families share.

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, Centimes, Language, ListQuery, Paginated, Scope};
use colivra_db::DbConnection;
use serde::Serialize;
use utoipa::ToSchema;

use crate::kind::{InvoiceStatus, Kind};
use crate::row::InvoiceRow;

mod build;
mod family;
mod rows;

pub(crate) use build::{delivery_views, merchant_views};
pub use family::{list_of, show_of, DeliveryInvoices, Family, MerchantInvoices};
pub(crate) use rows::list_rows;
pub use rows::{InvoiceFilters, SORTABLE};

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceShopRef {
    pub key: String,
    pub name: String,
    /// The shop's approved RIB now (in full for the shop's merchant, masked but for its last 4
    /// digits for admins).
    pub bank_account: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceMerchantRef {
    pub key: String,
    /// The company, else the merchant's name.
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceDeliveryPersonRef {
    pub key: String,
    pub full_name: String,
    pub phone: String,
}

/// A client invoice (facture livrée or facture retour).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MerchantInvoiceView {
    pub key: String,
    /// `FC-YYYY-NNNNNN`, given at validation (null while draft).
    pub number: Option<String>,
    /// `delivered` or `returned`.
    #[serde(rename = "type")]
    #[schema(value_type = crate::kind::MerchantInvoiceType)]
    pub invoice_type: Kind,
    pub status: InvoiceStatus,
    pub status_label: &'static str,
    pub shop: InvoiceShopRef,
    #[serde(rename = "client")]
    pub merchant: InvoiceMerchantRef,
    /// The RIB the invoice is paid to: kept at validation (a later change of the shop's RIB
    /// leaves it), the shop's approved one while draft. In full for the shop's merchant, masked
    /// but for its last 4 digits for admins (the PDF and the transfer file carry it in full).
    pub bank_account: Option<String>,
    pub parcels_count: i64,
    /// The COD collected for the merchant: a disbursement (débours), no TVA.
    #[schema(value_type = i64)]
    pub cod_total: Centimes,
    /// The company's fees as priced (TTC).
    #[schema(value_type = i64)]
    pub fees_total: Centimes,
    /// TVA on the fees in percent (0 when the company is exempt); this and the three amounts
    /// below are null on invoices validated before TVA was shown, which keep what they printed.
    pub tva_rate: Option<i64>,
    /// The exemption's legal mention, when the company is exempt.
    pub tva_exemption: Option<String>,
    /// Fees without TVA: `fees_ttc × 100 / (100 + tva_rate)`, rounded once per invoice to the
    /// centime, half away from zero.
    #[schema(value_type = Option<i64>)]
    pub fees_ht: Option<Centimes>,
    /// `fees_ttc − fees_ht`.
    #[schema(value_type = Option<i64>)]
    pub tva_amount: Option<Centimes>,
    /// The fees TVA included: `fees_total`.
    #[schema(value_type = Option<i64>)]
    pub fees_ttc: Option<Centimes>,
    /// `delivered`: what was taken from the payout to settle the merchant's account (positive
    /// centimes, 0 when none; a line of its own, « Frais de retour … déduits »).
    #[schema(value_type = i64)]
    pub deducted: Centimes,
    /// The returned-type invoices that deduction settled (their numbers).
    pub deducted_for: Vec<String>,
    /// `returned`, once validated: what is still owed on it (0 once settled); null otherwise.
    #[schema(value_type = Option<i64>)]
    pub outstanding: Option<Centimes>,
    /// `returned`: how its fees were settled through the merchant's account, oldest first.
    pub settled_by: Vec<crate::accounts::InvoiceSettlement>,
    /// What the company pays the shop (`delivered`, net of `deducted`), or what the merchant owes
    /// (`returned`, negative).
    #[schema(value_type = i64)]
    pub total: Centimes,
    /// Paid by transfer: the shop's RIB approved when it was paid (the transfer file's), in full
    /// for the shop's merchant, masked for admins; null otherwise.
    pub paid_bank_account: Option<String>,
    /// How it was paid (null until paid).
    #[schema(value_type = Option<crate::kind::PaymentMethod>)]
    pub payment_method: Option<String>,
    /// The transfer's reference, the cheque's number or the cash receipt's number.
    pub payment_reference: Option<String>,
    #[schema(value_type = Option<String>)]
    pub paid_on: Option<NaiveDate>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub validated_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub paid_at: Option<NaiveDateTime>,
    /// The language this invoice's PDF prints in for the reader: French unless the company chose
    /// the reader's language (`invoices_in_reader_language`). Given on reads (lists and show).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Language>)]
    pub pdf_language: Option<Language>,
}

/// A delivery invoice (facture livreur): the cash a delivery person hands over.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryInvoiceView {
    pub key: String,
    /// `FL-YYYY-NNNNNN`, given at validation (null while draft).
    pub number: Option<String>,
    pub status: InvoiceStatus,
    pub status_label: &'static str,
    #[serde(rename = "delivery_admin")]
    pub delivery_person: InvoiceDeliveryPersonRef,
    pub parcels_count: i64,
    /// Cash collected from customers for his delivered parcels (« à encaisser »).
    #[schema(value_type = i64)]
    pub cash_to_collect: Centimes,
    /// Cash he paid out to customers for refunds (« à rembourser »), positive.
    #[schema(value_type = i64)]
    pub cash_to_pay_out: Centimes,
    /// `cash_to_collect − cash_to_pay_out`: the same as `cod_total`.
    #[schema(value_type = i64)]
    pub net_cash: Centimes,
    #[schema(value_type = i64)]
    pub cod_total: Centimes,
    #[schema(value_type = i64)]
    pub commission_total: Centimes,
    /// His earlier balance carried as a line of its own (« écart antérieur à régulariser »):
    /// positive raises the cash he hands over, negative lowers it; 0 when none.
    #[schema(value_type = i64)]
    pub carried_balance: Centimes,
    /// The cash he must hand over: `cod_total − commission_total + carried_balance`.
    #[schema(value_type = i64)]
    pub total: Centimes,
    /// The cash actually counted (null until counted).
    #[schema(value_type = Option<i64>)]
    pub counted_amount: Option<Centimes>,
    /// `counted_amount − total`: negative is a shortfall (null until counted).
    #[schema(value_type = Option<i64>)]
    pub difference: Option<Centimes>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub counted_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub validated_at: Option<NaiveDateTime>,
    /// The language this invoice's PDF prints in for the reader: French unless the company chose
    /// the reader's language (`invoices_in_reader_language`). Given on reads (lists and show).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Language>)]
    pub pdf_language: Option<Language>,
}

/// An invoice of either family, as its family shows it.
// Made to be serialised at once, a page at most: boxing the larger variant would save nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum InvoiceView {
    Merchant(MerchantInvoiceView),
    Delivery(DeliveryInvoiceView),
}

fn views(
    conn: &mut DbConnection,
    scope: Scope,
    merchant: bool,
    rows: Vec<InvoiceRow>,
) -> AppResult<Vec<InvoiceView>> {
    Ok(if merchant {
        merchant_views(conn, scope, rows)?
            .into_iter()
            .map(InvoiceView::Merchant)
            .collect()
    } else {
        delivery_views(conn, rows)?
            .into_iter()
            .map(InvoiceView::Delivery)
            .collect()
    })
}

/// `GET clients/invoices` (`merchant`) or `GET delivery-admins/invoices`: a page of the family's
/// invoices in `scope`.
pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    merchant: bool,
    query: &ListQuery,
    filters: &InvoiceFilters,
) -> AppResult<Paginated<InvoiceView>> {
    let page = list_rows(conn, scope, merchant, query, filters)?;
    Ok(Paginated {
        data: views(conn, scope, merchant, page.data)?,
        meta: page.meta,
    })
}

/// One invoice of the family in `scope` (404 outside it).
pub fn show(
    conn: &mut DbConnection,
    scope: Scope,
    merchant: bool,
    key: &str,
) -> AppResult<InvoiceView> {
    let row = crate::row::get(conn, scope, merchant, key)?;
    views(conn, scope, merchant, vec![row])?
        .pop()
        .ok_or(AppError::NotFound)
}

/// One client invoice as staff see it (the answers of their writes).
pub(crate) fn merchant_view(
    conn: &mut DbConnection,
    row: InvoiceRow,
) -> AppResult<MerchantInvoiceView> {
    merchant_views(conn, Scope::Everyone, vec![row])?
        .pop()
        .ok_or(AppError::NotFound)
}

pub(crate) fn delivery_view(
    conn: &mut DbConnection,
    row: InvoiceRow,
) -> AppResult<DeliveryInvoiceView> {
    delivery_views(conn, vec![row])?
        .pop()
        .ok_or(AppError::NotFound)
}
