//! The invoices list query: filters, search, sorting.

use colivra_core::{AppError, AppResult, ListQuery, Paginated, Scope, Sort};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::{lower, lower_opt, paginate};
use colivra_db::schema::{invoices, shops, users};
use colivra_db::{DbBackend, DbConnection};
use diesel::prelude::*;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::kind::{InvoiceStatus, Kind};
use crate::row::InvoiceRow;

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct InvoiceFilters {
    /// Client invoices: `delivered` or `returned`.
    #[serde(rename = "type")]
    #[param(value_type = Option<crate::kind::MerchantInvoiceType>, inline)]
    pub invoice_type: Option<String>,
    /// `draft`, `validated` or `paid`.
    #[param(value_type = Option<crate::InvoiceStatus>, inline)]
    pub status: Option<String>,
    /// Shop key (client invoices).
    pub shop: Option<String>,
    /// Merchant key (client invoices).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
    /// Delivery person key (delivery invoices).
    #[serde(rename = "delivery_admin")]
    pub delivery_person: Option<String>,
}

pub const SORTABLE: &[&str] = &["created_at", "total", "number"];

type Boxed<'a> = invoices::BoxedQuery<'a, DbBackend>;

fn key_of(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(str::to_owned)
}

/// Invoices of one family in `scope`, newest first unless sorted otherwise. `q` matches the
/// number, the key, the shop's name and the merchant's or delivery person's name or company.
pub(crate) fn list_rows(
    conn: &mut DbConnection,
    scope: Scope,
    merchant: bool,
    query: &ListQuery,
    filters: &InvoiceFilters,
) -> AppResult<Paginated<InvoiceRow>> {
    let search = query.search()?;
    let sort = match query.sort.as_deref().map(str::trim) {
        None | Some("") => Sort {
            column: "created_at",
            descending: true,
        },
        Some(_) => query.sort(SORTABLE)?,
    };
    let kind = match key_of(&filters.invoice_type) {
        Some(raw) if merchant => Some(Kind::merchant_type(&raw).ok_or_else(|| {
            AppError::validation("type", "Type inconnu : delivered ou returned.")
        })?),
        _ => None,
    };
    let status = match key_of(&filters.status) {
        Some(raw) => Some(InvoiceStatus::parse(&raw).ok_or_else(|| {
            AppError::validation("status", "Statut inconnu : draft, validated ou paid.")
        })?),
        None => None,
    };
    let (shop, merchant_key, delivery_person_key) = (
        key_of(&filters.shop),
        key_of(&filters.merchant),
        key_of(&filters.delivery_person),
    );
    let filtered = || -> Boxed<'_> {
        let mut q = invoices::table.into_boxed();
        q = if merchant {
            q.filter(invoices::kind.ne(Kind::Delivery.as_str()))
        } else {
            q.filter(invoices::kind.eq(Kind::Delivery.as_str()))
        };
        match scope {
            Scope::Merchant(id) => {
                q = q
                    .filter(invoices::merchant_id.eq(id))
                    .filter(invoices::status.ne(InvoiceStatus::Draft.as_str()))
            }
            Scope::DeliveryPerson(id) => q = q.filter(invoices::delivery_person_id.eq(id)),
            Scope::Everyone => {}
        }
        if let Some(kind) = kind {
            q = q.filter(invoices::kind.eq(kind.as_str()));
        }
        if let Some(status) = status {
            q = q.filter(invoices::status.eq(status.as_str()));
        }
        let person = |key: &String| {
            users::table
                .filter(users::key.eq(key.clone()))
                .select(users::id.nullable())
        };
        if let Some(key) = &shop {
            q = q.filter(
                invoices::shop_id.eq_any(
                    shops::table
                        .filter(shops::key.eq(key.clone()))
                        .select(shops::id.nullable()),
                ),
            );
        }
        if let Some(key) = &merchant_key {
            q = q.filter(invoices::merchant_id.eq_any(person(key)));
        }
        if let Some(key) = &delivery_person_key {
            q = q.filter(invoices::delivery_person_id.eq_any(person(key)));
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(invoices::key)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower_opt(invoices::number)
                        .like(pattern.clone())
                        .escape('\\'))
                    .or(invoices::shop_id.eq_any(colivra_db::shops_named_like!(&pattern)))
                    .or(invoices::merchant_id.eq_any(colivra_db::people_named_like!(&pattern)))
                    .or(invoices::delivery_person_id
                        .eq_any(colivra_db::people_named_like!(&pattern))),
            );
        }
        q
    };
    paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = colivra_db::order_by!(filtered(), sort, then invoices::id;
                "created_at" => invoices::created_at,
                "total" => invoices::total,
                "number" => invoices::number);
            q.select(InvoiceRow::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )
}
