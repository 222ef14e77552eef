//! Where a decision opens and where it drops: called by the state machine (`moves`), which the
//! decisions themselves then use to move the parcel, so this part stands apart from them.

use chrono::{Duration, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, ParcelId};
use colivra_db::schema::parcel_decisions as decisions;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::parcel::ParcelRow;
use crate::status::Status;

/// The outcomes that wait for a decision (recorded by the delivery person, or an admin for
/// him).
pub fn needs_decision(status: Status) -> bool {
    matches!(
        status,
        Status::NoAnswer
            | Status::Unreachable
            | Status::WrongNumber
            | Status::Postponed
            | Status::Refused
    )
}

/// Opens the decision of the outcome `row` just got (inside the move's transaction), due after
/// the company's delay, and tells the merchant's webhooks (`endpoints`, read by the move).
pub(crate) fn open(
    conn: &mut DbConnection,
    row: &ParcelRow,
    endpoints: &[(i64, String)],
    now: NaiveDateTime,
) -> AppResult<()> {
    let hours = crate::recipients::policy(conn)?.decision_delay_hours;
    let due_at = now + Duration::hours(hours);
    diesel::insert_into(decisions::table)
        .values((
            decisions::parcel_id.eq(row.id),
            decisions::merchant_id.eq(row.merchant_id),
            decisions::outcome.eq(&row.status),
            decisions::opened_at.eq(now),
            decisions::due_at.eq(due_at),
        ))
        .execute(conn)
        .map_db_err()?;
    if endpoints.is_empty() {
        return Ok(());
    }
    let data = colivra_core::webhook_events::ParcelEventData {
        decision_due_at: Some(time::to_rfc3339(&due_at)),
        ..row.webhook_data()
    };
    colivra_db::outbox::record_all_to(
        conn,
        endpoints,
        &[colivra_db::outbox::Event {
            merchant_id: row.merchant_id,
            event_type: colivra_db::outbox::PARCEL_DECISION_NEEDED,
            subject_key: Some(&row.key),
            data: serde_json::to_value(data).map_err(AppError::internal)?,
        }],
    )
    .map_db_err()
}

/// Drops the parcel's open decision (it moved otherwise: the delivery person tried again, an
/// admin forced it).
pub(crate) fn drop_open(conn: &mut DbConnection, parcel_id: ParcelId) -> AppResult<()> {
    diesel::delete(
        decisions::table
            .filter(decisions::parcel_id.eq(parcel_id))
            .filter(decisions::decided_at.is_null()),
    )
    .execute(conn)
    .map_db_err()?;
    Ok(())
}
