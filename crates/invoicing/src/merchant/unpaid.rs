//! What is owed to merchants: the shops with unpaid delivered parcels, and their lines.

use colivra_core::{AppError, AppResult, Centimes, ListQuery, MerchantId, Paginated, ShopId};
use colivra_db::raw::SqlParam;
use colivra_db::schema::shops;
use colivra_db::{DbConnection, MapDbErr};
use colivra_parcels::figures::Owed;
use diesel::prelude::*;
use diesel::sql_types::{Nullable, Text};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::kind::{Kind, Owner};
use crate::lines::{eligible_rows, lines_of, Line};
use crate::owed::{OwedFigures, OwedQuery};
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
    #[schema(value_type = i64)]
    pub cod_total: Centimes,
    #[schema(value_type = i64)]
    pub fees_total: Centimes,
    #[schema(value_type = i64)]
    pub total: Centimes,
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
    let owed = match kind {
        Kind::Delivered if colivra_parcels::company::pays_before_cash_in(conn)? => {
            Owed::ShopDeliveredInAdvance
        }
        Kind::Delivered => Owed::ShopDelivered,
        _ => Owed::ShopReturned,
    };
    let mut owed_shops = OwedQuery::new(
        owed,
        "JOIN shops ON shops.id = f.owner_id JOIN users ON users.id = shops.merchant_id",
    );
    if let Some(merchant) = filters
        .merchant
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        owed_shops.filter(conn, "users.key = {}", SqlParam::Text(merchant.to_owned()));
    }
    if let Some(search) = search.as_deref() {
        owed_shops.filter(
            conn,
            "(lower(shops.name) LIKE {} ESCAPE '\\' \
              OR lower(users.first_name || ' ' || users.last_name) LIKE {} ESCAPE '\\')",
            SqlParam::Text(colivra_core::pagination::like_pattern(search)),
        );
    }
    // Largest total first (refund-heavy or returned: most negative last), then by name.
    let page: Paginated<OwedShopRow> = owed_shops.page(
        conn,
        &query.page(),
        "shops.key, shops.name, shops.bank_account, users.key AS merchant_key, \
         users.first_name, users.last_name, users.company, f.parcels, f.cod, f.fees",
        "f.cod - f.fees DESC, shops.name ASC",
    )?;
    Ok(page.map(|row| {
        let person = format!("{} {}", row.first_name, row.last_name)
            .trim()
            .to_owned();
        UnpaidShop {
            key: row.key,
            name: row.name,
            merchant: InvoiceMerchantRef {
                key: row.merchant_key,
                name: row
                    .company
                    .filter(|c| !c.trim().is_empty())
                    .unwrap_or(person),
            },
            bank_account: row
                .bank_account
                .as_deref()
                .map(colivra_parcels::shops::mask_rib),
            parcels_count: row.owed.parcels,
            cod_total: row.owed.cod,
            fees_total: row.owed.fees,
            total: row.owed.total(),
        }
    }))
}

/// A shop with what it is owed, and its merchant.
#[derive(QueryableByName)]
struct OwedShopRow {
    #[diesel(sql_type = Text)]
    key: String,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Nullable<Text>)]
    bank_account: Option<String>,
    #[diesel(sql_type = Text)]
    merchant_key: String,
    #[diesel(sql_type = Text)]
    first_name: String,
    #[diesel(sql_type = Text)]
    last_name: String,
    #[diesel(sql_type = Nullable<Text>)]
    company: Option<String>,
    #[diesel(embed)]
    owed: OwedFigures,
}

/// The shop with this key (any merchant's: admins only call this), else 404.
pub(super) fn shop(conn: &mut DbConnection, shop_key: &str) -> AppResult<(ShopId, MerchantId)> {
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
    let rows = eligible_rows(conn, kind, Owner::Shop(shop_id))?;
    lines_of(conn, kind, &rows)
}
