//! How a voucher of any kind looks in the API: one shape for the three kinds, the detail adding
//! its parcels as the parcel list shows them.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use colivra_core::Scope;
use colivra_core::{time, AppResult, Centimes, ShopId, UserId, VoucherId};
use colivra_db::schema::{parcels, shops, users, voucher_parcels};
use colivra_db::{DbConnection, MapDbErr};
use colivra_invoicing::rules::{cash_at_door, CashFigures};
use colivra_parcels::parcel::{self, ParcelView};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::voucher::{self, Kind, VoucherRow, VoucherStatus};

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MerchantRef {
    pub key: String,
    /// First and last name.
    pub name: String,
    pub company: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ShopRef {
    pub key: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryPersonRef {
    pub key: String,
    pub name: String,
    pub phone: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserRef {
    pub key: String,
    pub name: String,
}

/// A voucher, whatever its kind.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VoucherView {
    /// `BR…` (pickup), `BS…` (exit), `BT…` (return).
    pub key: String,
    pub kind: Kind,
    /// Pickup and return: `new` then `received`; exit: `issued`.
    pub status: VoucherStatus,
    pub status_label: &'static str,
    /// Pickup vouchers: the merchant.
    #[serde(rename = "client")]
    pub merchant: Option<MerchantRef>,
    /// Pickup vouchers: the shop collected from.
    pub shop: Option<ShopRef>,
    /// Exit and return vouchers: the delivery person.
    #[serde(rename = "delivery_admin")]
    pub delivery_person: Option<DeliveryPersonRef>,
    pub parcels_count: i64,
    /// Sum of the parcels' cash-on-delivery amounts, centimes (refunds counted as they are
    /// written on the parcel: positive). What moves as cash is in the three figures below.
    #[schema(value_type = i64)]
    pub cod_total: Centimes,
    /// Whether the hand-over moves cash at the customers' doors: exit vouchers only (a pickup
    /// or a return voucher moves none, its figures are 0).
    pub moves_cash: bool,
    /// Exit vouchers: cash the delivery person collects (« à encaisser »).
    #[schema(value_type = i64)]
    pub cash_to_collect: Centimes,
    /// Exit vouchers: cash he pays out to customers for refunds (« à rembourser »), positive.
    #[schema(value_type = i64)]
    pub cash_to_pay_out: Centimes,
    /// `cash_to_collect − cash_to_pay_out`.
    #[schema(value_type = i64)]
    pub net_cash: Centimes,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub received_at: Option<NaiveDateTime>,
    pub created_by: Option<UserRef>,
    pub received_by: Option<UserRef>,
}

/// A voucher with its parcels (rows of the parcel list).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VoucherDetail {
    #[serde(flatten)]
    pub voucher: VoucherView,
    pub parcels: Vec<ParcelView>,
}

struct Person {
    key: String,
    first_name: String,
    last_name: String,
    phone: String,
    company: Option<String>,
}

impl Person {
    fn name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
            .trim()
            .to_owned()
    }
}

/// Views of `rows`, loading names and totals in a few batched queries.
pub fn views(conn: &mut DbConnection, rows: Vec<VoucherRow>) -> AppResult<Vec<VoucherView>> {
    let ids: Vec<VoucherId> = rows.iter().map(|r| r.id).collect();
    let mut user_ids: Vec<UserId> = rows
        .iter()
        .flat_map(|r| {
            [
                r.merchant_id.map(UserId::from),
                r.delivery_person_id.map(UserId::from),
                r.created_by,
                r.received_by,
            ]
        })
        .flatten()
        .collect();
    user_ids.sort_unstable();
    user_ids.dedup();
    let shop_ids: Vec<ShopId> = rows.iter().filter_map(|r| r.shop_id).collect();

    let people: HashMap<UserId, Person> = users::table
        .filter(users::id.eq_any(&user_ids))
        .select((
            users::id,
            users::key,
            users::first_name,
            users::last_name,
            users::phone,
            users::company,
        ))
        .load::<(UserId, String, String, String, String, Option<String>)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, key, first_name, last_name, phone, company)| {
            (
                id,
                Person {
                    key,
                    first_name,
                    last_name,
                    phone,
                    company,
                },
            )
        })
        .collect();
    let shop_names: HashMap<ShopId, ShopRef> = shops::table
        .filter(shops::id.eq_any(&shop_ids))
        .select((shops::id, shops::key, shops::name))
        .load::<(ShopId, String, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, key, name)| (id, ShopRef { key, name }))
        .collect();
    // Summed here rather than with SUM(): the amounts stay integers on both databases.
    let mut totals: HashMap<VoucherId, (i64, Centimes, CashFigures)> = HashMap::new();
    for (voucher_id, kind, cod) in voucher_parcels::table
        .inner_join(parcels::table)
        .filter(voucher_parcels::voucher_id.eq_any(&ids))
        .filter(voucher_parcels::removed_at.is_null())
        .select((
            voucher_parcels::voucher_id,
            parcels::kind,
            parcels::cod_amount,
        ))
        .load::<(VoucherId, String, Centimes)>(conn)
        .map_db_err()?
    {
        let entry = totals.entry(voucher_id).or_default();
        entry.0 += 1;
        entry.1 += cod;
        entry.2.add(cash_at_door(&kind, cod));
    }

    let user_ref = |id: Option<UserId>| {
        id.and_then(|id| people.get(&id)).map(|p| UserRef {
            key: p.key.clone(),
            name: p.name(),
        })
    };
    Ok(rows
        .into_iter()
        .map(|row| {
            let status = row.status();
            let (parcels_count, cod_total, cash) = totals.get(&row.id).copied().unwrap_or_default();
            let moves_cash = row.kind() == Kind::Exit;
            let cash = if moves_cash {
                cash
            } else {
                CashFigures::default()
            };
            VoucherView {
                kind: row.kind(),
                status,
                status_label: status.label(),
                merchant: row
                    .merchant_id
                    .and_then(|id| people.get(&id.into()))
                    .map(|p| MerchantRef {
                        key: p.key.clone(),
                        name: p.name(),
                        company: p.company.clone().filter(|c| !c.trim().is_empty()),
                    }),
                shop: row.shop_id.and_then(|id| shop_names.get(&id)).cloned(),
                delivery_person: row
                    .delivery_person_id
                    .and_then(|id| people.get(&id.into()))
                    .map(|p| DeliveryPersonRef {
                        key: p.key.clone(),
                        name: p.name(),
                        phone: p.phone.clone(),
                    }),
                parcels_count,
                cod_total,
                moves_cash,
                cash_to_collect: cash.cash_to_collect,
                cash_to_pay_out: cash.cash_to_pay_out,
                net_cash: cash.net_cash,
                created_at: row.created_at,
                received_at: row.received_at,
                created_by: user_ref(row.created_by),
                received_by: user_ref(row.received_by),
                key: row.key,
            }
        })
        .collect())
}

pub fn view(conn: &mut DbConnection, row: VoucherRow) -> AppResult<VoucherView> {
    Ok(views(conn, vec![row])?.remove(0))
}

/// The voucher with its parcels, as `scope` sees them.
pub fn detail(conn: &mut DbConnection, scope: Scope, row: VoucherRow) -> AppResult<VoucherDetail> {
    let rows = voucher::parcels_on(conn, row.id)?
        .into_iter()
        .map(|(parcel, _)| parcel)
        .collect();
    let parcels = parcel::views(conn, scope.role(), rows)?;
    Ok(VoucherDetail {
        voucher: view(conn, row)?,
        parcels,
    })
}

/// `GET …-vouchers/{key}`: the voucher of `kind` within `scope` (404 outside it).
pub fn show(
    conn: &mut DbConnection,
    scope: Scope,
    kind: Kind,
    key: &str,
) -> AppResult<VoucherDetail> {
    let row = voucher::get(conn, scope, kind, key)?;
    detail(conn, scope, row)
}

/// Reloads a voucher after a write, for the response.
pub(crate) fn reload(conn: &mut DbConnection, id: VoucherId) -> AppResult<VoucherRow> {
    use colivra_db::schema::vouchers;
    vouchers::table
        .find(id)
        .select(VoucherRow::as_select())
        .first(conn)
        .map_db_err()
}
