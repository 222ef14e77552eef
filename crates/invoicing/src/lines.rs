//! An invoice's lines: one per parcel, with its figures from the parcel's snapshots.

use std::collections::HashMap;

use colivra_core::{AppResult, Centimes, CityId};
use colivra_db::schema::{cities, parcels};
use colivra_db::{DbConnection, MapDbErr};
use colivra_parcels::parcel::ParcelRow;
use colivra_parcels::status::Status;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::kind::{Kind, Owner, MAX_PARCELS};
use crate::rules::amounts;

/// One parcel on an invoice (or eligible for one).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = InvoiceLine)]
pub struct Line {
    /// Tracking code.
    pub parcel: String,
    pub recipient_name: String,
    /// City key.
    pub city: String,
    pub city_name: String,
    pub status: Status,
    pub status_label: &'static str,
    /// `standard`, `exchange` or `refund`.
    pub kind: String,
    /// The cash the parcel brings: negative for a refund, 0 for a refused or returned parcel.
    #[schema(value_type = i64)]
    pub cod_amount: Centimes,
    /// Client invoices: the fee it costs (delivery, refusal or return fee).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<i64>)]
    pub fee: Option<Centimes>,
    /// Delivery invoices: the delivery person's commission.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<i64>)]
    pub commission: Option<Centimes>,
    /// `cod_amount − fee` (or commission).
    #[schema(value_type = i64)]
    pub amount: Centimes,
}

/// Lines of `rows` on an invoice of `kind`, with their city names.
pub(crate) fn lines_of(
    conn: &mut DbConnection,
    kind: Kind,
    rows: &[ParcelRow],
) -> AppResult<Vec<Line>> {
    let mut city_ids: Vec<CityId> = rows.iter().map(|r| r.city_id).collect();
    city_ids.sort_unstable();
    city_ids.dedup();
    let names: HashMap<CityId, (String, String)> = cities::table
        .filter(cities::id.eq_any(&city_ids))
        .select((cities::id, cities::key, cities::name))
        .load::<(CityId, String, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, key, name)| (id, (key, name)))
        .collect();
    Ok(rows
        .iter()
        .map(|row| {
            let figures = amounts(kind, row);
            let (city, city_name) = names.get(&row.city_id).cloned().unwrap_or_default();
            let status = row.status();
            Line {
                parcel: row.key.clone(),
                recipient_name: row.recipient_name.clone(),
                city,
                city_name,
                status,
                status_label: status.label(),
                kind: row.kind.clone(),
                cod_amount: figures.cod,
                fee: kind.is_merchant().then_some(figures.fee),
                commission: (!kind.is_merchant()).then_some(figures.fee),
                amount: figures.amount,
            }
        })
        .collect())
}

/// The parcels of `owner` (a shop, or a delivery person) that may go on an invoice of `kind`,
/// oldest first, at most [`MAX_PARCELS`].
pub(crate) fn eligible_rows(
    conn: &mut DbConnection,
    kind: Kind,
    owner: Owner,
) -> AppResult<Vec<ParcelRow>> {
    let advance = colivra_parcels::company::pays_before_cash_in(conn)?;
    parcels::table
        .filter(kind.eligible(advance))
        .filter(owner.parcels())
        .order(parcels::id.asc())
        .limit(MAX_PARCELS as i64)
        .select(ParcelRow::as_select())
        .load(conn)
        .map_db_err()
}

/// A delivery person's earlier balance carried onto a delivery invoice, a line of its own.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CarriedLine {
    /// « Écart antérieur à régulariser » (delivery invoices), « Frais de retour FC-… déduits »
    /// (client invoices whose payout settled the merchant's account).
    pub label: String,
    /// Centimes: positive raises the cash he hands over (he owed it), negative lowers it (and a
    /// client invoice's payout).
    #[schema(value_type = i64)]
    pub amount: Centimes,
}

/// The lines of an invoice, or of what an invoice would take.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceLines {
    pub data: Vec<Line>,
    /// A delivery invoice carrying the delivery person's earlier balance: that line of its own
    /// (the lines' amounts and this one add up to the total); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carried_balance: Option<CarriedLine>,
}

impl From<Vec<Line>> for InvoiceLines {
    fn from(data: Vec<Line>) -> Self {
        InvoiceLines {
            data,
            carried_balance: None,
        }
    }
}

/// An invoice's lines with the balance it carries (`F`: its family), within `scope`.
pub fn invoice_lines(
    conn: &mut DbConnection,
    scope: colivra_core::Scope,
    merchant: bool,
    key: &str,
) -> AppResult<InvoiceLines> {
    let (data, carried_balance) = lines_with_carried(conn, scope, merchant, key)?;
    Ok(InvoiceLines {
        data,
        carried_balance,
    })
}

/// The label of the carried balance line, on screens and PDFs.
pub const CARRIED_LABEL: &str = "Écart antérieur à régulariser";

/// `GET clients/parcels/invoices/{key}` (`merchant`) or `GET delivery-admins/parcels/invoices/{key}`:
/// the lines of an invoice of the family in `scope`, with the carried balance line of a
/// delivery invoice carrying one: their amounts add up to the invoice's total.
pub fn lines_with_carried(
    conn: &mut DbConnection,
    scope: colivra_core::Scope,
    merchant: bool,
    key: &str,
) -> AppResult<(Vec<Line>, Option<CarriedLine>)> {
    let row = crate::row::get(conn, scope, merchant, key)?;
    let on = crate::row::parcels_on(conn, &row)?;
    let label = if row.kind().is_merchant() {
        let settled = crate::accounts::settlements(conn, row.merchant_id.as_slice())?;
        let covers = settled
            .deducted_for
            .get(&row.id)
            .cloned()
            .unwrap_or_default();
        crate::accounts::deduction_label(&covers, colivra_core::Language::Fr)
    } else {
        CARRIED_LABEL.to_owned()
    };
    let carried = (!row.carried_balance.is_zero()).then_some(CarriedLine {
        label,
        amount: row.carried_balance,
    });
    Ok((lines_of(conn, row.kind(), &on)?, carried))
}
