//! The public tracking page: what anyone holding a tracking code may know. Status, city and
//! dates only: no names, phones, amounts or comments.

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, ParcelId};
use colivra_db::schema::{cities, parcel_states, parcels};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::status::Status;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TrackingEvent {
    pub status: Status,
    pub status_label: &'static str,
    /// The day a postponed or scheduled delivery is planned for.
    #[schema(value_type = Option<String>)]
    pub date: Option<NaiveDate>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TrackingView {
    pub key: String,
    pub status: Status,
    pub status_label: &'static str,
    pub city_name: String,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    /// Oldest first.
    pub events: Vec<TrackingEvent>,
    /// Delivered with a signature: who signed, as initials (« F. Z. »); the image is never
    /// public.
    pub signed_by: Option<String>,
    /// After a failed attempt, until when the recipient may choose another day or cancel
    /// (`POST tracking/{code}/decision`, with the last four digits of his phone); null when
    /// nothing waits for a decision.
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub decision_until: Option<NaiveDateTime>,
}

pub fn track(conn: &mut DbConnection, code: &str) -> AppResult<TrackingView> {
    let code = code.trim().to_uppercase();
    if code.is_empty() || code.len() > 20 {
        return Err(AppError::NotFound);
    }
    let (id, key, status, city_name, created_at): (
        ParcelId,
        String,
        String,
        String,
        NaiveDateTime,
    ) = parcels::table
        .inner_join(cities::table)
        .filter(parcels::key.eq(&code))
        .select((
            parcels::id,
            parcels::key,
            parcels::status,
            cities::name,
            parcels::created_at,
        ))
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)?;
    let events = parcel_states::table
        .filter(parcel_states::parcel_id.eq(id))
        .order(parcel_states::id.asc())
        .select((
            parcel_states::status,
            parcel_states::date,
            parcel_states::created_at,
        ))
        .load::<(String, Option<NaiveDate>, NaiveDateTime)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(status, date, created_at)| {
            let status = Status::parse(&status).unwrap_or(Status::New);
            TrackingEvent {
                status,
                status_label: status.label(),
                date,
                created_at,
            }
        })
        .collect();
    let status = Status::parse(&status).unwrap_or(Status::New);
    let signed_by = crate::proof::signer_initials(conn, id)?;
    let decision_until = colivra_db::schema::parcel_decisions::table
        .filter(colivra_db::schema::parcel_decisions::parcel_id.eq(id))
        .filter(colivra_db::schema::parcel_decisions::decided_at.is_null())
        .select(colivra_db::schema::parcel_decisions::due_at)
        .first(conn)
        .optional()
        .map_db_err()?;
    Ok(TrackingView {
        signed_by,
        decision_until,
        key,
        status,
        status_label: status.label(),
        city_name,
        created_at,
        events,
    })
}
