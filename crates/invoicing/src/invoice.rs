//! What the three kinds of invoice share: the row, kind and status, scoping, which parcels are
//! eligible, claiming and releasing them, totals and activities.

use colivra_core::{
    key, time, AppError, AppResult, Centimes, DeliveryPersonId, InvoiceId, MerchantId, ParcelId,
    ShopId, UserId,
};
use colivra_db::schema::{invoices, parcels};
use colivra_db::{activities, DbConnection, MapDbErr};
use colivra_parcels::parcel::ParcelRow;
use diesel::prelude::*;

use crate::kind::{Condition, InvoiceStatus, Kind, MAX_PARCELS};
use crate::row::{parcels_on, InvoiceRow};
use crate::rules::Totals;

/// Who a new draft is with.
pub(crate) struct Parties {
    pub merchant_id: Option<MerchantId>,
    pub shop_id: Option<ShopId>,
    pub delivery_person_id: Option<DeliveryPersonId>,
}

/// Inserts an empty draft; the caller claims its parcels and then sets its totals.
fn insert_draft(
    conn: &mut DbConnection,
    kind: Kind,
    parties: Parties,
    actor_id: UserId,
) -> AppResult<InvoiceRow> {
    let now = time::now();
    diesel::insert_into(invoices::table)
        .values((
            invoices::key.eq(key::prefixed_key(kind.number_prefix(), 8)),
            invoices::kind.eq(kind.as_str()),
            invoices::status.eq(InvoiceStatus::Draft.as_str()),
            invoices::merchant_id.eq(parties.merchant_id),
            invoices::shop_id.eq(parties.shop_id),
            invoices::delivery_person_id.eq(parties.delivery_person_id),
            invoices::parcels_count.eq(0),
            invoices::cod_total.eq(Centimes::ZERO),
            invoices::fees_total.eq(Centimes::ZERO),
            invoices::total.eq(Centimes::ZERO),
            invoices::created_by.eq(actor_id),
            invoices::created_at.eq(now),
            invoices::updated_at.eq(now),
        ))
        .returning(invoices::all_columns)
        .get_result(conn)
        .map_db_err()
}

/// Picks the parcels of a new or changed draft among `eligible` (and, on a change, those already
/// on it): the codes asked for, or all. 422 naming codes that are neither.
pub(crate) fn chosen<'a>(
    eligible: &'a [ParcelRow],
    current: &'a [ParcelRow],
    asked: Option<&[String]>,
) -> AppResult<Vec<&'a ParcelRow>> {
    let Some(asked) = asked else {
        return Ok(eligible.iter().collect());
    };
    let keys = parcel_keys(asked)?;
    let mut picked = Vec::with_capacity(keys.len());
    let mut refused = Vec::new();
    for key in keys {
        match current.iter().chain(eligible.iter()).find(|p| p.key == key) {
            Some(row) => picked.push(row),
            None => refused.push(key),
        }
    }
    if !refused.is_empty() {
        return Err(AppError::validation(
            "parcels",
            naming("Ces colis ne peuvent pas aller sur cette facture", &refused),
        ));
    }
    Ok(picked)
}

/// A new draft holding `picked`: inserted, its parcels claimed (409 naming those another invoice
/// took meanwhile), its totals computed and its activity recorded.
pub(crate) fn create_draft(
    conn: &mut DbConnection,
    actor_id: UserId,
    kind: Kind,
    parties: Parties,
    picked: &[&ParcelRow],
) -> AppResult<InvoiceRow> {
    let row = insert_draft(conn, kind, parties, actor_id)?;
    let ids: Vec<ParcelId> = picked.iter().map(|p| p.id).collect();
    if claim_parcels(conn, &row, &ids)? != ids.len() {
        return Err(taken_meanwhile(conn, &row, picked)?);
    }
    let row = refresh_totals(conn, &row)?;
    record(
        conn,
        actor_id,
        &row,
        "created",
        serde_json::json!({"type": kind.as_str(), "parcels": row.parcels_count, "total": row.total}),
    )?;
    Ok(row)
}

/// Claims a draft for this transaction: a write conditional on the status, so a concurrent
/// action on the same invoice waits here (PostgreSQL) or is serialised (SQLite), then sees the
/// outcome; an invoice validated or deleted meanwhile answers 409.
pub(crate) fn claim_draft(conn: &mut DbConnection, row: &InvoiceRow) -> AppResult<()> {
    if !colivra_db::claim_in_status!(conn, invoices, row.id, InvoiceStatus::Draft.as_str())? {
        return Err(not_a_draft(row));
    }
    Ok(())
}

pub(crate) fn not_a_draft(row: &InvoiceRow) -> AppError {
    AppError::Conflict(format!(
        "La facture {} est validée : elle ne change plus.",
        row.number.as_deref().unwrap_or(&row.key)
    ))
}

/// Writes `invoice` (or nothing: `None`) into the invoice column of `kind` of the parcels
/// `which` selects; returns how many it changed.
fn set_invoice(
    conn: &mut DbConnection,
    kind: Kind,
    which: Condition,
    invoice: Option<InvoiceId>,
) -> AppResult<usize> {
    let target = parcels::table.filter(which);
    match kind {
        Kind::Delivered => diesel::update(target)
            .set(parcels::merchant_completed_invoice_id.eq(invoice))
            .execute(conn),
        Kind::Returned => diesel::update(target)
            .set(parcels::merchant_returned_invoice_id.eq(invoice))
            .execute(conn),
        Kind::Delivery => diesel::update(target)
            .set(parcels::delivery_person_invoice_id.eq(invoice))
            .execute(conn),
    }
    .map_db_err()
}

/// Puts parcels on the invoice: only those still eligible and of its owner. Returns how many
/// were taken (fewer than asked means others took some meanwhile).
pub(crate) fn claim_parcels(
    conn: &mut DbConnection,
    row: &InvoiceRow,
    parcel_ids: &[ParcelId],
) -> AppResult<usize> {
    let kind = row.kind();
    // An invoice without an owner (none is written) has no parcel to take.
    let Some(owner) = row.owner() else {
        return Ok(0);
    };
    let advance = colivra_parcels::company::pays_before_cash_in(conn)?;
    let mut taken = 0;
    // Bounded statements: SQLite takes at most 32,766 parameters.
    for chunk in parcel_ids.chunks(5_000) {
        let which = parcels::id
            .eq_any(chunk.to_vec())
            .and(kind.eligible(advance))
            .and(owner.parcels());
        taken += set_invoice(conn, kind, Box::new(which), Some(row.id))?;
    }
    Ok(taken)
}

/// Takes parcels off the invoice: those of `only`, or all of them.
pub(crate) fn release_parcels(
    conn: &mut DbConnection,
    row: &InvoiceRow,
    only: Option<&[ParcelId]>,
) -> AppResult<usize> {
    let kind = row.kind();
    let Some(ids) = only else {
        return set_invoice(conn, kind, kind.on_invoice(row.id), None);
    };
    let mut released = 0;
    for chunk in ids.chunks(5_000) {
        let which = parcels::id
            .eq_any(chunk.to_vec())
            .and(kind.on_invoice(row.id));
        released += set_invoice(conn, kind, Box::new(which), None)?;
    }
    Ok(released)
}

/// Recomputes and stores the invoice's totals from its parcels' snapshots and the balance it
/// carries (`total` = the lines + the carried balance line).
pub(crate) fn refresh_totals(conn: &mut DbConnection, row: &InvoiceRow) -> AppResult<InvoiceRow> {
    let on = parcels_on(conn, row)?;
    let totals = Totals::of(row.kind(), &on);
    diesel::update(invoices::table.find(row.id))
        .set((
            invoices::parcels_count.eq(totals.parcels_count),
            invoices::cod_total.eq(totals.cod_total),
            invoices::fees_total.eq(totals.fees_total),
            invoices::total.eq(totals.total + row.carried_balance),
            invoices::updated_at.eq(time::now()),
        ))
        .returning(invoices::all_columns)
        .get_result(conn)
        .map_db_err()
}

/// The 409 naming the parcels another invoice took while this one was being written.
pub(crate) fn taken_meanwhile(
    conn: &mut DbConnection,
    row: &InvoiceRow,
    wanted: &[&ParcelRow],
) -> AppResult<AppError> {
    let on: Vec<ParcelId> = parcels::table
        .filter(row.kind().on_invoice(row.id))
        .select(parcels::id)
        .load(conn)
        .map_db_err()?;
    let missing: Vec<String> = wanted
        .iter()
        .filter(|p| !on.contains(&p.id))
        .map(|p| p.key.clone())
        .collect();
    Ok(AppError::Conflict(naming(
        "Ces colis viennent d'être pris par une autre facture",
        &missing,
    )))
}

/// Draft → validated: the number is given now, from the one sequence of the year.
pub(crate) fn validate(
    conn: &mut DbConnection,
    actor_id: UserId,
    row: InvoiceRow,
) -> AppResult<InvoiceRow> {
    if row.status() != InvoiceStatus::Draft {
        return Err(not_a_draft(&row));
    }
    if row.parcels_count == 0 {
        return Err(AppError::validation(
            "parcels",
            "Une facture sans colis ne se valide pas : supprimez le brouillon.",
        ));
    }
    if row.kind() == Kind::Delivery && row.counted_amount.is_none() {
        return Err(AppError::validation(
            "counted_amount",
            "Enregistrez d'abord les espèces comptées.",
        ));
    }
    let now = time::now();
    // Claim the draft first: a concurrent validation of the same invoice then waits here and
    // takes no number.
    claim_draft(conn, &row)?;
    let number = crate::numbering::next_number(
        conn,
        row.kind().number_prefix(),
        chrono::Datelike::year(&now),
    )?;
    let row: InvoiceRow = diesel::update(invoices::table.find(row.id))
        .set((
            invoices::status.eq(InvoiceStatus::Validated.as_str()),
            invoices::number.eq(&number),
            invoices::validated_by.eq(actor_id),
            invoices::validated_at.eq(now),
            invoices::updated_at.eq(now),
        ))
        .returning(invoices::all_columns)
        .get_result(conn)
        .map_db_err()?;
    // The merchant's account: a returned-type invoice posts what he owes, a delivered-type one
    // takes it from its payout (its total is then the net).
    let row = if row.kind().is_merchant() {
        crate::accounts::post_validated_invoice(conn, actor_id, row)?
    } else {
        row
    };
    // What it prints is kept with it: the RIB it is paid to, the ICEs, the company's identity.
    let row = crate::legal::keep(conn, row)?;
    record(
        conn,
        actor_id,
        &row,
        "validated",
        serde_json::json!({"number": number, "total": row.total}),
    )?;
    if row.kind() == Kind::Delivery {
        // The carried balance's deduction and the difference go to his balance now, in this
        // transaction: a refused posting (the balance moved meanwhile) undoes the validation.
        crate::balances::post_validated_invoice(conn, actor_id, &row)?;
        // The cash is in the company's hands: its delivered parcels become payable to their
        // merchants (the figures' triggers follow).
        diesel::update(parcels::table.filter(parcels::delivery_person_invoice_id.eq(row.id)))
            .set(parcels::cash_received.eq(true))
            .execute(conn)
            .map_db_err()?;
    }
    Ok(row)
}

pub(crate) fn delete_draft(
    conn: &mut DbConnection,
    actor_id: UserId,
    row: InvoiceRow,
) -> AppResult<()> {
    claim_draft(conn, &row)?;
    release_parcels(conn, &row, None)?;
    diesel::delete(invoices::table.find(row.id))
        .execute(conn)
        .map_db_err()?;
    record(conn, actor_id, &row, "deleted", serde_json::json!({}))
}

/// Tracking codes from a request: trimmed, upper-cased, without duplicates, at most
/// [`MAX_PARCELS`] (422 on `parcels` otherwise).
pub(crate) fn parcel_keys(input: &[String]) -> AppResult<Vec<String>> {
    let mut seen = std::collections::HashSet::new();
    let keys: Vec<String> = input
        .iter()
        .map(|k| k.trim().to_uppercase())
        .filter(|k| !k.is_empty() && seen.insert(k.clone()))
        .collect();
    if keys.is_empty() {
        return Err(AppError::validation(
            "parcels",
            "Choisissez au moins un colis.",
        ));
    }
    if keys.len() > MAX_PARCELS {
        return Err(AppError::validation(
            "parcels",
            format!("{MAX_PARCELS} colis au plus par facture."),
        ));
    }
    Ok(keys)
}

/// "message : CODE1, CODE2" (the first ten, then how many more).
pub(crate) fn naming(message: &str, codes: &[String]) -> String {
    let shown: Vec<&str> = codes.iter().take(10).map(String::as_str).collect();
    let more = codes.len().saturating_sub(shown.len());
    if more > 0 {
        format!("{message} : {} et {more} autre(s).", shown.join(", "))
    } else {
        format!("{message} : {}.", shown.join(", "))
    }
}

pub(crate) fn record(
    conn: &mut DbConnection,
    actor_id: UserId,
    row: &InvoiceRow,
    action: &str,
    details: serde_json::Value,
) -> AppResult<()> {
    let subject = row.kind().subject();
    let action = format!("{subject}.{action}");
    activities::record(
        conn,
        activities::NewActivity {
            user_id: Some(actor_id),
            action: &action,
            subject_type: Some(subject),
            subject_key: Some(&row.key),
            details: Some(details),
        },
    )
    .map_db_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_statuses_round_trip() {
        for kind in [Kind::Delivered, Kind::Returned, Kind::Delivery] {
            assert_eq!(Kind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(Kind::merchant_type("delivery"), None);
        assert_eq!(Kind::Delivered.number_prefix(), "FC");
        assert_eq!(Kind::Returned.number_prefix(), "FC");
        assert_eq!(Kind::Delivery.number_prefix(), "FL");
        for status in [
            InvoiceStatus::Draft,
            InvoiceStatus::Validated,
            InvoiceStatus::Paid,
        ] {
            assert_eq!(InvoiceStatus::parse(status.as_str()), Some(status));
        }
    }

    #[test]
    fn parcel_codes_are_cleaned_and_bounded() {
        let keys = parcel_keys(&[" cl1 ".into(), "CL1".into(), "".into(), "cl2".into()]);
        assert_eq!(keys.unwrap(), vec!["CL1".to_owned(), "CL2".to_owned()]);
        assert!(parcel_keys(&[]).is_err());
        let codes: Vec<String> = (0..12).map(|i| format!("C{i}")).collect();
        assert!(naming("Pris", &codes).ends_with("et 2 autre(s)."));
    }
}
