//! What client invoices do to a merchant's account: a returned-type invoice posts its fees, a
//! delivered-type one takes them from its payout, a payment waits while the account is negative,
//! and a returned-type invoice is paid once credits cover it.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use colivra_core::{time, AppError, AppResult, Centimes, InvoiceId, MerchantId, UserId};
use colivra_db::schema::invoices;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::kind::{InvoiceStatus, Kind};
use crate::ledger::{self, Account, EntryRow, NewEntry};
use crate::row::InvoiceRow;

use super::allocation::{allocate, outstanding, Movement};
use super::{balance_of, MerchantEntryKind};

/// The merchant's own account on his dashboard.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MerchantAccountRef {
    /// His merchant account's key (`GET clients/{key}/balance`).
    pub key: String,
    /// Centimes, negative when he owes the company.
    #[schema(value_type = i64)]
    pub balance: Centimes,
}

/// How a returned-type invoice was settled, one credit of the account at a time.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceSettlement {
    #[schema(value_type = MerchantEntryKind)]
    pub kind: MerchantEntryKind,
    /// The delivered-type invoice whose payout it was deducted from (deductions).
    pub invoice: Option<String>,
    /// A payment's reference.
    pub reference: Option<String>,
    /// Centimes of this invoice it settled (positive).
    #[schema(value_type = i64)]
    pub amount: Centimes,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

/// What the accounts say of client invoices, for their views.
#[derive(Debug, Default)]
pub(crate) struct Settlements {
    /// Returned-type invoices that posted fees: what is still owed, and by what it was settled.
    pub returned: HashMap<InvoiceId, (Centimes, Vec<InvoiceSettlement>)>,
    /// Delivered-type invoices that took a deduction: the returned-type invoices it settled.
    pub deducted_for: HashMap<InvoiceId, Vec<String>>,
}

/// One merchant's entries oldest first with their allocations.
struct Ledger {
    rows: Vec<EntryRow>,
    movements: Vec<Movement>,
    allocations: Vec<super::allocation::Allocation>,
}

fn ledgers(
    conn: &mut DbConnection,
    merchant_ids: &[MerchantId],
) -> AppResult<HashMap<UserId, Ledger>> {
    let owners: Vec<UserId> = merchant_ids.iter().map(|&id| id.into()).collect();
    let mut rows: HashMap<UserId, Vec<EntryRow>> = HashMap::new();
    for (owner, row) in ledger::entries(conn, Account::Merchant, &owners, false)? {
        rows.entry(owner).or_default().push(row);
    }
    Ok(rows
        .into_iter()
        .map(|(owner, rows)| {
            // A payment naming an invoice pays the fees that invoice posted.
            let fees_of = |invoice: InvoiceId| {
                rows.iter().position(|r| {
                    r.invoice_id == Some(invoice) && r.kind == MerchantEntryKind::Fees.as_str()
                })
            };
            let movements: Vec<Movement> = rows
                .iter()
                .map(|r| Movement {
                    amount: r.amount,
                    pays: match r.kind.as_str() {
                        "payment" => r.invoice_id.and_then(fees_of),
                        _ => None,
                    },
                })
                .collect();
            let allocations = allocate(&movements);
            (
                owner,
                Ledger {
                    rows,
                    movements,
                    allocations,
                },
            )
        })
        .collect())
}

/// The settlements of the client invoices of these merchants.
pub(crate) fn settlements(
    conn: &mut DbConnection,
    merchant_ids: &[MerchantId],
) -> AppResult<Settlements> {
    let ledgers = ledgers(conn, merchant_ids)?;
    let invoice_ids: Vec<InvoiceId> = ledgers
        .values()
        .flat_map(|l| l.rows.iter().filter_map(|r| r.invoice_id))
        .collect();
    let numbers = ledger::invoice_numbers(conn, &invoice_ids)?;
    let mut found = Settlements::default();
    for ledger in ledgers.values() {
        for (index, row) in ledger.rows.iter().enumerate() {
            let Some(invoice_id) = row.invoice_id else {
                continue;
            };
            match MerchantEntryKind::parse(&row.kind) {
                Some(MerchantEntryKind::Fees) => {
                    let by = ledger
                        .allocations
                        .iter()
                        .filter(|a| a.debit == index)
                        .map(|a| {
                            let credit = &ledger.rows[a.credit];
                            InvoiceSettlement {
                                kind: MerchantEntryKind::parse(&credit.kind)
                                    .unwrap_or(MerchantEntryKind::Payment),
                                invoice: credit.invoice_id.and_then(|id| numbers.get(&id).cloned()),
                                reference: credit.reference.clone(),
                                amount: a.amount,
                                created_at: credit.created_at,
                            }
                        })
                        .collect();
                    found.returned.insert(
                        invoice_id,
                        (
                            outstanding(&ledger.movements, &ledger.allocations, index),
                            by,
                        ),
                    );
                }
                Some(MerchantEntryKind::Deduction) => {
                    let mut covered: Vec<String> = ledger
                        .allocations
                        .iter()
                        .filter(|a| a.credit == index)
                        .filter_map(|a| ledger.rows[a.debit].invoice_id)
                        .filter_map(|id| numbers.get(&id).cloned())
                        .collect();
                    covered.dedup();
                    found.deducted_for.insert(invoice_id, covered);
                }
                _ => {}
            }
        }
    }
    Ok(found)
}

/// Inside the validating transaction of a client invoice (already numbered): a returned-type
/// invoice posts what he owes; a delivered-type one takes what he owes from its payout, as far
/// as it goes, as a line of its own (the invoice's `carried_balance`, negative, in its `total`).
/// Returns the invoice as it now stands.
pub(crate) fn post_validated_invoice(
    conn: &mut DbConnection,
    actor_id: UserId,
    row: InvoiceRow,
) -> AppResult<InvoiceRow> {
    let Some(merchant_id) = row.merchant_id else {
        return Ok(row);
    };
    let number = row.number.clone().unwrap_or_else(|| row.key.clone());
    match row.kind() {
        Kind::Returned if row.total.is_negative() => {
            ledger::lock_owner(conn, merchant_id)?;
            let (seq, balance) = ledger::state(conn, Account::Merchant, merchant_id)?;
            ledger::insert(
                conn,
                Account::Merchant,
                actor_id,
                seq + 1,
                balance + row.total,
                "fees",
                NewEntry {
                    owner_id: merchant_id.into(),
                    kind: MerchantEntryKind::Fees.as_str(),
                    amount: row.total,
                    invoice: Some((row.id, &number)),
                    reference: None,
                    comment: None,
                },
            )?;
            Ok(row)
        }
        Kind::Delivered => {
            // Two invoices of his validated at once: the second waits here and sees the first's
            // deduction, so what he owes is taken once.
            ledger::lock_owner(conn, merchant_id)?;
            let (seq, balance) = ledger::state(conn, Account::Merchant, merchant_id)?;
            let deducted = (-balance).min(row.total);
            if !deducted.is_positive() {
                return Ok(row);
            }
            let row: InvoiceRow = diesel::update(invoices::table.find(row.id))
                .set((
                    invoices::carried_balance.eq(-deducted),
                    invoices::total.eq(row.total - deducted),
                ))
                .returning(invoices::all_columns)
                .get_result(conn)
                .map_db_err()?;
            ledger::insert(
                conn,
                Account::Merchant,
                actor_id,
                seq + 1,
                balance + deducted,
                "deduction",
                NewEntry {
                    owner_id: merchant_id.into(),
                    kind: MerchantEntryKind::Deduction.as_str(),
                    amount: deducted,
                    invoice: Some((row.id, &number)),
                    reference: None,
                    comment: None,
                },
            )?;
            pay_covered(conn, actor_id, merchant_id)?;
            Ok(row)
        }
        _ => Ok(row),
    }
}

/// The longest payment reference an invoice keeps.
const MAX_REFERENCE: usize = crate::merchant::MAX_REFERENCE;

/// Marks paid the returned-type invoices of the merchant that credits now cover, saying by
/// which (« Déduite sur FC-… », « Règlement … », « Remise … »): the caller's transaction.
pub(crate) fn pay_covered(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
) -> AppResult<()> {
    let settled = settlements(conn, &[merchant_id])?;
    let covered: Vec<InvoiceId> = settled
        .returned
        .iter()
        .filter(|(_, (owed, _))| owed.is_zero())
        .map(|(id, _)| *id)
        .collect();
    let open: Vec<InvoiceRow> = invoices::table
        .filter(invoices::id.eq_any(&covered))
        .filter(invoices::status.eq(InvoiceStatus::Validated.as_str()))
        .order(invoices::id.asc())
        .select(invoices::all_columns)
        .load(conn)
        .map_db_err()?;
    let now = time::now();
    for row in open {
        let by = settled
            .returned
            .get(&row.id)
            .map(|(_, by)| by.as_slice())
            .unwrap_or_default();
        let mut worded: Vec<String> = Vec::new();
        for settlement in by {
            let text = match settlement.kind {
                MerchantEntryKind::Deduction => format!(
                    "Déduite sur {}",
                    settlement.invoice.as_deref().unwrap_or_default()
                ),
                MerchantEntryKind::WriteOff => "Remise".to_owned(),
                _ => match &settlement.reference {
                    Some(reference) => format!("Règlement {reference}"),
                    None => "Règlement".to_owned(),
                },
            };
            if !worded.contains(&text) {
                worded.push(text);
            }
        }
        let mut reference = worded.join(", ");
        if reference.chars().count() > MAX_REFERENCE {
            reference = reference
                .chars()
                .take(MAX_REFERENCE - 1)
                .collect::<String>()
                + "…";
        }
        let row: InvoiceRow = diesel::update(
            invoices::table
                .find(row.id)
                .filter(invoices::status.eq(InvoiceStatus::Validated.as_str())),
        )
        .set((
            invoices::status.eq(InvoiceStatus::Paid.as_str()),
            invoices::payment_reference.eq(&reference),
            invoices::paid_on.eq(now.date()),
            invoices::paid_by.eq(actor_id),
            invoices::paid_at.eq(now),
            invoices::updated_at.eq(now),
        ))
        .returning(invoices::all_columns)
        .get_result(conn)
        .map_db_err()?;
        crate::invoice::record(
            conn,
            actor_id,
            &row,
            "paid",
            serde_json::json!({"reference": reference, "total": row.total}),
        )?;
        crate::merchant::record_event(conn, &row, colivra_db::outbox::INVOICE_PAID)?;
    }
    Ok(())
}

/// A delivered-type invoice's payment is refused (409) while its merchant's account is
/// negative: he is not paid until what he owes is settled.
pub(crate) fn refuse_payment(conn: &mut DbConnection, row: &InvoiceRow) -> AppResult<()> {
    if row.kind() != Kind::Delivered {
        return Ok(());
    }
    // A client invoice names its merchant; without one, no account holds it back.
    let Some(merchant_id) = row.merchant_id else {
        return Ok(());
    };
    let balance = balance_of(conn, merchant_id)?;
    if balance.is_negative() {
        return Err(AppError::Conflict(format!(
            "Le compte de ce marchand est débiteur de {} : il n'est pas payé avant d'être réglé (« Comptes marchands »).",
            -balance
        )));
    }
    Ok(())
}

/// A returned-type invoice paid at the counter (cash, cheque or transfer received): a payment on
/// the merchant's account naming it, for what is still owed on it (the caller's transaction,
/// before it marks the invoice paid).
pub(crate) fn pay_returned(
    conn: &mut DbConnection,
    actor_id: UserId,
    row: &InvoiceRow,
    reference: &str,
) -> AppResult<()> {
    let (Kind::Returned, Some(merchant_id)) = (row.kind(), row.merchant_id) else {
        return Ok(());
    };
    ledger::lock_owner(conn, merchant_id)?;
    let owed = settlements(conn, &[merchant_id])?
        .returned
        .get(&row.id)
        .map(|(owed, _)| *owed)
        .unwrap_or(Centimes::ZERO);
    if !owed.is_positive() {
        return Ok(());
    }
    let number = row.number.clone().unwrap_or_else(|| row.key.clone());
    let (seq, balance) = ledger::state(conn, Account::Merchant, merchant_id)?;
    ledger::insert(
        conn,
        Account::Merchant,
        actor_id,
        seq + 1,
        balance + owed,
        "payment",
        NewEntry {
            owner_id: merchant_id.into(),
            kind: MerchantEntryKind::Payment.as_str(),
            amount: owed,
            invoice: Some((row.id, &number)),
            reference: Some(reference),
            comment: None,
        },
    )?;
    Ok(())
}
