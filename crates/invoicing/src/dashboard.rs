//! The dashboards' figures: the parcels' (colivra-parcels) and the money's, in one answer.

use colivra_core::{time, AppResult, Centimes, DeliveryPersonId, MerchantId, Scope, UserId};
use colivra_db::schema::{invoices, parcels};
use colivra_db::{DbConnection, MapDbErr};
use colivra_parcels::figures::{self, MoneyKept};
use colivra_parcels::statistics::{self, Statistics};
use colivra_parcels::status::{Status, View};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable};
use serde::Serialize;
use utoipa::ToSchema;

use crate::kind::{InvoiceStatus, Kind};
use crate::rules::{cash_at_door, CashFigures};

/// Money figures in centimes; `null` where a figure does not concern the caller.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct MoneyFigures {
    /// Cash delivery people hold: their delivered, refund and refused parcels not on a
    /// validated delivery invoice, plus their balances (what they owe; a surplus the company
    /// owes them lowers it) (admins: all of them; a delivery person: his).
    #[schema(value_type = Option<i64>)]
    pub cash_held: Option<Centimes>,
    /// What merchants are owed for delivered parcels not yet on a paid invoice, fees deducted,
    /// from cash the company received (« à verser »; admins: all; a merchant: his), less what
    /// validated payouts took for their accounts (returned parcels' fees). With
    /// `pay_before_cash_in`, the parcels whose cash is still with delivery people count too.
    #[schema(value_type = Option<i64>)]
    pub payouts_due: Option<Centimes>,
    /// What merchants will be owed, fees deducted, for delivered parcels whose cash a delivery
    /// person still holds (« livré, espèces chez le livreur »; admins: all; a merchant: his).
    #[schema(value_type = Option<i64>)]
    pub payouts_awaiting_cash: Option<Centimes>,
    /// Validated, unpaid `delivered` invoices: the next bank transfers (admins).
    #[schema(value_type = Option<i64>)]
    pub ready_to_transfer: Option<Centimes>,
    /// Paid `delivered` invoices with a payment date this month (admins: all; a merchant: his).
    #[schema(value_type = Option<i64>)]
    pub paid_this_month: Option<Centimes>,
    /// A delivery person: his balance with the company (positive: he owes it), already part of
    /// `cash_held`.
    #[schema(value_type = Option<i64>)]
    pub balance: Option<Centimes>,
    /// Admins: what delivery people owe the company (the sum of the balances above zero).
    #[schema(value_type = Option<i64>)]
    pub balances_owed: Option<Centimes>,
    /// Admins: how many delivery people owe the company (« écarts à régulariser »).
    #[serde(rename = "couriers_owing")]
    pub delivery_people_owing: Option<i64>,
    /// A merchant: his account with the company (negative: he owes it, deducted from his next
    /// payout).
    pub account: Option<crate::accounts::MerchantAccountRef>,
    /// Admins: how many merchants owe the company (« marchands débiteurs »).
    pub merchants_owing: Option<i64>,
    /// Admins: what merchants owe the company, positive centimes.
    #[schema(value_type = Option<i64>)]
    pub merchant_debts: Option<Centimes>,
    /// A delivery person: the cash of his round (the parcels he holds out for delivery), to
    /// collect and to pay out kept apart.
    pub round: Option<CashFigures>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Dashboard {
    #[serde(flatten)]
    pub parcels: Statistics,
    pub money: MoneyFigures,
}

/// Delivery invoices whose cash is still with the delivery person: drafts (a validated one was
/// handed over).
const UNSETTLED_DELIVERY_INVOICES: &str =
    "SELECT id FROM invoices WHERE kind = 'delivery' AND status = 'draft'";
/// Client invoices not paid yet: their parcels are still owed to the merchant.
const UNPAID_CLIENT_INVOICES: &str =
    "SELECT id FROM invoices WHERE kind = 'delivered' AND status <> 'paid'";

/// `GET statistics`: the parcel figures of `scope` with its money figures.
pub fn figures(conn: &mut DbConnection, scope: Scope) -> AppResult<Dashboard> {
    let mut parcels_figures = statistics::statistics(conn, scope)?;
    let money = money(conn, scope)?;
    if let Some(due) = money.payouts_due {
        // What the merchant is still to be paid: now that invoices exist, the paid ones are out.
        parcels_figures.to_be_paid = due;
    }
    Ok(Dashboard {
        parcels: parcels_figures,
        money,
    })
}

fn money(conn: &mut DbConnection, scope: Scope) -> AppResult<MoneyFigures> {
    // Kept by invoice as parcels change (colivra_parcels::figures): no scan of the parcels.
    let cash_held = |conn: &mut DbConnection,
                     delivery_person: Option<DeliveryPersonId>|
     -> AppResult<Centimes> {
        figures::money(
            conn,
            MoneyKept::Cash,
            delivery_person.map(UserId::from),
            UNSETTLED_DELIVERY_INVOICES,
        )
    };
    let advance = colivra_parcels::company::pays_before_cash_in(conn)?;
    // (à verser, espèces chez le livreur): what is owed less what is not in hand yet.
    // What validated, unpaid payouts took for merchants' accounts: not paid out to them.
    let deducted = |conn: &mut DbConnection, merchant: Option<MerchantId>| -> AppResult<Centimes> {
        let mut q = invoices::table
            .filter(invoices::kind.eq(Kind::Delivered.as_str()))
            .filter(invoices::status.eq(InvoiceStatus::Validated.as_str()))
            .filter(invoices::carried_balance.ne(Centimes::ZERO))
            .into_boxed();
        if let Some(id) = merchant {
            q = q.filter(invoices::merchant_id.eq(id));
        }
        let total: Option<Centimes> = q
            .select(sql::<Nullable<BigInt>>(
                "CAST(SUM(invoices.carried_balance) AS BIGINT)",
            ))
            .first(conn)
            .map_db_err()?;
        Ok(total.unwrap_or(Centimes::ZERO))
    };
    let payouts = |conn: &mut DbConnection,
                   merchant: Option<MerchantId>|
     -> AppResult<(Centimes, Centimes)> {
        let person = merchant.map(UserId::from);
        let owed = figures::money(conn, MoneyKept::Payout, person, UNPAID_CLIENT_INVOICES)?;
        let held = figures::money(conn, MoneyKept::Held, person, UNPAID_CLIENT_INVOICES)?;
        let owed = owed + deducted(conn, merchant)?;
        Ok((if advance { owed } else { owed - held }, held))
    };
    let invoices_total = |conn: &mut DbConnection,
                          status: InvoiceStatus,
                          merchant: Option<MerchantId>,
                          this_month: bool|
     -> AppResult<Centimes> {
        let mut q = invoices::table
            .filter(invoices::kind.eq(Kind::Delivered.as_str()))
            .filter(invoices::status.eq(status.as_str()))
            .into_boxed();
        if let Some(id) = merchant {
            q = q.filter(invoices::merchant_id.eq(id));
        }
        if this_month {
            let today = time::now().date();
            let first =
                today - chrono::Duration::days(i64::from(chrono::Datelike::day(&today)) - 1);
            q = q.filter(invoices::paid_on.ge(first));
        }
        let total: Option<Centimes> = q
            .select(sql::<Nullable<BigInt>>(
                "CAST(SUM(invoices.total) AS BIGINT)",
            ))
            .first(conn)
            .map_db_err()?;
        Ok(total.unwrap_or(Centimes::ZERO))
    };
    Ok(match scope {
        Scope::Everyone => {
            let balances = crate::balances::all_balances(conn)?;
            let owed: Vec<Centimes> = balances
                .values()
                .copied()
                .filter(|b| b.is_positive())
                .collect();
            let debts: Vec<Centimes> = crate::accounts::all_balances(conn)?
                .into_values()
                .filter(|b| b.is_negative())
                .collect();
            let (due, awaiting_cash) = payouts(conn, None)?;
            MoneyFigures {
                cash_held: Some(cash_held(conn, None)? + balances.values().sum::<Centimes>()),
                payouts_due: Some(due),
                payouts_awaiting_cash: Some(awaiting_cash),
                ready_to_transfer: Some(invoices_total(
                    conn,
                    InvoiceStatus::Validated,
                    None,
                    false,
                )?),
                paid_this_month: Some(invoices_total(conn, InvoiceStatus::Paid, None, true)?),
                balances_owed: Some(owed.iter().sum()),
                delivery_people_owing: Some(owed.len() as i64),
                merchants_owing: Some(debts.len() as i64),
                merchant_debts: Some(-debts.iter().sum::<Centimes>()),
                ..MoneyFigures::default()
            }
        }
        Scope::Merchant(id) => {
            let (due, awaiting_cash) = payouts(conn, Some(id))?;
            MoneyFigures {
                payouts_due: Some(due),
                payouts_awaiting_cash: Some(awaiting_cash),
                paid_this_month: Some(invoices_total(conn, InvoiceStatus::Paid, Some(id), true)?),
                account: Some(crate::accounts::MerchantAccountRef {
                    key: colivra_db::schema::users::table
                        .find(id)
                        .select(colivra_db::schema::users::key)
                        .first(conn)
                        .map_db_err()?,
                    balance: crate::accounts::balance_of(conn, id)?,
                }),
                ..MoneyFigures::default()
            }
        }
        Scope::DeliveryPerson(id) => {
            let balance = crate::balances::balance_of(conn, id)?;
            MoneyFigures {
                cash_held: Some(cash_held(conn, Some(id))? + balance),
                balance: Some(balance),
                round: Some(round_cash(conn, id)?),
                ..MoneyFigures::default()
            }
        }
    })
}

/// The cash of a delivery person's round: the parcels he holds out for delivery (the `sent`
/// view's statuses).
fn round_cash(
    conn: &mut DbConnection,
    delivery_person_id: DeliveryPersonId,
) -> AppResult<CashFigures> {
    let statuses: Vec<&str> = View::Sent
        .statuses()
        .unwrap_or_default()
        .into_iter()
        .map(Status::as_str)
        .collect();
    let held: Vec<(String, Centimes)> = parcels::table
        .filter(parcels::delivery_person_id.eq(delivery_person_id))
        .filter(parcels::status.eq_any(statuses))
        .select((parcels::kind, parcels::cod_amount))
        .load(conn)
        .map_db_err()?;
    Ok(CashFigures::of(
        held.iter().map(|(kind, cod)| cash_at_door(kind, *cod)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_open_invoice_subqueries_name_the_kinds_and_statuses_as_stored() {
        assert_eq!(
            UNSETTLED_DELIVERY_INVOICES,
            format!(
                "SELECT id FROM invoices WHERE kind = '{}' AND status = '{}'",
                Kind::Delivery.as_str(),
                InvoiceStatus::Draft.as_str()
            )
        );
        assert_eq!(
            UNPAID_CLIENT_INVOICES,
            format!(
                "SELECT id FROM invoices WHERE kind = '{}' AND status <> '{}'",
                Kind::Delivered.as_str(),
                InvoiceStatus::Paid.as_str()
            )
        );
    }
}
