//! The top bar's search by the codes people read: voucher codes and invoice numbers, by prefix,
//! within the caller's scope (the rules of `VoucherRow::in_scope` and `InvoiceRow::in_scope`:
//! a merchant his own vouchers and his validated or paid invoices, a delivery person his own
//! vouchers and delivery invoices, staff everything). Each search is a range on the code's
//! unique index (`colivra_db::listing::code_prefix`), newest code first.

use colivra_core::{AppResult, Scope};
use colivra_db::listing::code_prefix;
use colivra_db::schema::{invoices, vouchers};
use colivra_db::{code_prefix_filter, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// A voucher found by its code.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VoucherHit {
    pub key: String,
    /// The code printed on the voucher (its key).
    pub code: String,
    /// `pickup`, `exit` or `return`.
    pub kind: String,
    /// `new` or `received`.
    pub status: String,
}

/// An invoice found by its number.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceHit {
    pub key: String,
    pub number: String,
    /// `delivered`, `returned` (client invoices) or `delivery`.
    pub kind: String,
    /// `validated` or `paid` (drafts have no number).
    pub status: String,
    /// Centimes.
    pub total: i64,
}

/// Vouchers of these kinds whose code starts with `text`.
pub fn vouchers(
    conn: &mut DbConnection,
    scope: Scope,
    kinds: &[&str],
    text: &str,
    limit: i64,
) -> AppResult<Vec<VoucherHit>> {
    let prefix = code_prefix(text);
    if kinds.is_empty() || prefix.lower.is_empty() {
        return Ok(Vec::new());
    }
    let mut q = vouchers::table
        .filter(vouchers::kind.eq_any(kinds.to_vec()))
        .into_boxed();
    q = match scope {
        Scope::Merchant(id) => q.filter(vouchers::client_id.eq(id)),
        Scope::DeliveryPerson(id) => q.filter(vouchers::delivery_admin_id.eq(id)),
        Scope::Everyone => q,
    };
    let q = code_prefix_filter!(q, vouchers::key, &prefix);
    Ok(q.order(vouchers::key.desc())
        .select((vouchers::key, vouchers::kind, vouchers::status))
        .limit(limit)
        .load::<(String, String, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(key, kind, status)| VoucherHit {
            code: key.clone(),
            key,
            kind,
            status,
        })
        .collect())
}

/// Invoices of these kinds whose number starts with `text`.
pub fn invoices(
    conn: &mut DbConnection,
    scope: Scope,
    kinds: &[&str],
    text: &str,
    limit: i64,
) -> AppResult<Vec<InvoiceHit>> {
    let prefix = code_prefix(text);
    if kinds.is_empty() || prefix.lower.is_empty() {
        return Ok(Vec::new());
    }
    let mut q = invoices::table
        .filter(invoices::kind.eq_any(kinds.to_vec()))
        .into_boxed();
    q = match scope {
        Scope::Merchant(id) => q
            .filter(invoices::client_id.eq(id))
            .filter(invoices::status.ne("draft")),
        Scope::DeliveryPerson(id) => q.filter(invoices::delivery_admin_id.eq(id)),
        Scope::Everyone => q,
    };
    let q = code_prefix_filter!(q, invoices::number, &prefix);
    Ok(q.order(invoices::number.desc())
        .select((
            invoices::key,
            invoices::number,
            invoices::kind,
            invoices::status,
            invoices::total,
        ))
        .limit(limit)
        .load::<(String, Option<String>, String, String, i64)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(key, number, kind, status, total)| InvoiceHit {
            key,
            number: number.unwrap_or_default(),
            kind,
            status,
            total,
        })
        .collect())
}
