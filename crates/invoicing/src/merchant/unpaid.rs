//! What is owed to merchants: the shops with unpaid delivered parcels, and their lines.

use std::collections::HashMap;

use colivra_core::{AppError, AppResult, ListQuery, Paginated};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{parcels, shops, users};
use colivra_db::{DbBackend, DbConnection, MapDbErr};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::kind::Kind;
use crate::lines::{eligible_rows, lines_of, Line};
use crate::view::InvoiceMerchantRef;

use super::kind_of;

/// A shop with parcels to invoice.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UnpaidShop {
    pub key: String,
    pub name: String,
    #[serde(rename = "client")]
    pub merchant: InvoiceMerchantRef,
    /// The shop's approved RIB, masked but for its last 4 digits (null: none, transfers skip it).
    pub bank_account: Option<String>,
    pub parcels_count: i64,
    pub cod_total: i64,
    pub fees_total: i64,
    pub total: i64,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct UnpaidShopFilters {
    /// One merchant's shops (merchant key).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
}

/// `GET shops/unpaid/{type}`: the shops with parcels eligible for a client invoice of that type,
/// with their counts and totals, largest total first (refund-heavy or returned: most negative
/// last). `q` matches the shop's name and the merchant's name or company.
pub fn unpaid_shops(
    conn: &mut DbConnection,
    invoice_type: &str,
    query: &ListQuery,
    filters: &UnpaidShopFilters,
) -> AppResult<Paginated<UnpaidShop>> {
    let kind = kind_of(invoice_type)?;
    let search = query.search()?;
    let merchant = filters
        .merchant
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned);
    let pattern = search
        .as_deref()
        .map(colivra_core::pagination::like_pattern);
    // One pass over the eligible parcels (a partial index) with their shops and merchants, kept
    // by the merchant filter and the search (the count and the page share them).
    macro_rules! matching {
        ($query:expr) => {{
            let mut q = $query;
            if let Some(merchant) = &merchant {
                q = q.filter(users::key.eq(merchant.clone()));
            }
            if let Some(pattern) = &pattern {
                q = q.filter(
                    lower(shops::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(
                            lower(users::first_name.concat(" ").concat(users::last_name))
                                .like(pattern.clone())
                                .escape('\\'),
                        ),
                );
            }
            q
        }};
    }
    // The figures follow the rules of `rules::amounts`, summed in SQL.
    let (cod, fee) = match kind {
        Kind::Delivered => (
            "CASE WHEN parcels.kind = 'refund' THEN -parcels.cod_amount ELSE parcels.cod_amount END",
            "parcels.delivery_fee",
        ),
        _ => (
            "0",
            "CASE WHEN parcels.outcome = 'refused' THEN parcels.refusal_fee ELSE parcels.return_fee END",
        ),
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| {
            matching!(parcels::table
                .inner_join(shops::table.inner_join(users::table))
                .filter(sql::<Bool>(kind.eligible_sql()))
                .select(diesel::dsl::count(parcels::shop_id).aggregate_distinct())
                .into_boxed::<DbBackend>())
            .get_result(conn)
        },
        |conn, limit, offset| {
            matching!(parcels::table
                .inner_join(shops::table.inner_join(users::table))
                .filter(sql::<Bool>(kind.eligible_sql()))
                .group_by(parcels::shop_id)
                .select((
                    parcels::shop_id,
                    sql::<BigInt>("CAST(COUNT(*) AS BIGINT)"),
                    sql::<BigInt>(&format!("CAST(SUM({cod}) AS BIGINT)")),
                    sql::<BigInt>(&format!("CAST(SUM({fee}) AS BIGINT)")),
                ))
                .into_boxed::<DbBackend>())
            // Largest total first, then by name (one name per shop in each group).
            .order(sql::<BigInt>(&format!("SUM({cod}) - SUM({fee})")).desc())
            .then_order_by(sql::<Text>("MIN(shops.name)").asc())
            .then_order_by(parcels::shop_id.asc())
            .limit(limit)
            .offset(offset)
            .load::<(i64, i64, i64, i64)>(conn)
        },
    )?;
    let ids: Vec<i64> = page.data.iter().map(|row| row.0).collect();
    let found: Vec<ShopAndMerchant> = shops::table
        .inner_join(users::table)
        .filter(shops::id.eq_any(&ids))
        .select((
            shops::id,
            shops::key,
            shops::name,
            shops::bank_account,
            users::key,
            users::first_name,
            users::last_name,
            users::company,
        ))
        .load(conn)
        .map_db_err()?;
    let mut named: HashMap<i64, ShopAndMerchant> =
        found.into_iter().map(|shop| (shop.0, shop)).collect();
    Ok(page.map(|(id, count, cod, fees)| {
        let (_, key, name, bank_account, merchant_key, first, last, company) =
            named.remove(&id).unwrap_or_default();
        let person = format!("{first} {last}").trim().to_owned();
        UnpaidShop {
            key,
            name,
            merchant: InvoiceMerchantRef {
                key: merchant_key,
                name: company.filter(|c| !c.trim().is_empty()).unwrap_or(person),
            },
            bank_account: bank_account
                .as_deref()
                .map(colivra_parcels::shops::mask_rib),
            parcels_count: count,
            cod_total: cod,
            fees_total: fees,
            total: cod - fees,
        }
    }))
}

/// Shop id, key, name and RIB; the merchant's key, first and last names and company.
type ShopAndMerchant = (
    i64,
    String,
    String,
    Option<String>,
    String,
    String,
    String,
    Option<String>,
);

/// The shop with this key (any merchant's: admins only call this), else 404.
pub(super) fn shop(conn: &mut DbConnection, shop_key: &str) -> AppResult<(i64, i64)> {
    shops::table
        .filter(shops::key.eq(shop_key.trim()))
        .select((shops::id, shops::merchant_id))
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

/// `GET shops/unpaid/{type}/{shop}`: the shop's parcels eligible for an invoice of that type.
pub fn unpaid_lines(
    conn: &mut DbConnection,
    invoice_type: &str,
    shop_key: &str,
) -> AppResult<Vec<Line>> {
    let kind = kind_of(invoice_type)?;
    let (shop_id, _) = shop(conn, shop_key)?;
    let rows = eligible_rows(conn, kind, shop_id)?;
    lines_of(conn, kind, &rows)
}
