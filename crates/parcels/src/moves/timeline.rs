//! A parcel's history as people read it.

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppResult, Language};
use colivra_db::schema::{parcel_states, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::note::{self, Note};
use crate::parcel::{self};
use crate::status::Status;
use colivra_core::Scope;

/// One row of a parcel's history, in the reader's language (`Accept-Language`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StateView {
    pub status: Status,
    /// The status's label in the reader's language.
    pub status_label: &'static str,
    /// What a person wrote (rows written before notes existed keep the server's French text
    /// here).
    pub comment: Option<String>,
    /// What the server wrote, as a code and its values, for the client to render.
    pub note: Option<Note>,
    /// The row's text in the reader's language: the note rendered (followed by the comment
    /// when there is one too), else the comment.
    pub text: Option<String>,
    #[schema(value_type = Option<String>)]
    pub date: Option<NaiveDate>,
    /// Who made the move (absent for automatic moves).
    pub user_name: Option<String>,
    /// When it happened (an outcome: when the delivery person recorded it).
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    /// When the server got it, when later than `created_at` (an outcome sent from the phone's
    /// queue); null otherwise.
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub received_at: Option<NaiveDateTime>,
    /// Where the phone was when the outcome was recorded (the office's view only).
    pub position: Option<StatePosition>,
    /// A delivery person's failed attempt: whether he called from his round in the 15 minutes
    /// before it (the office's view only; null for other rows).
    pub called: Option<bool>,
    /// Why he recorded it without a call (the office's view only).
    pub no_call_reason: Option<String>,
}

/// A position kept with an outcome.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
pub struct StatePosition {
    pub latitude: f64,
    pub longitude: f64,
    /// Metres, as the phone reported it.
    pub accuracy_m: Option<i64>,
}

/// status, comment, note code and values, date, author's first and last names, when, when
/// received; then what the office alone sees.
type HistoryRow = (
    (
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<NaiveDate>,
        Option<String>,
        Option<String>,
        NaiveDateTime,
        Option<NaiveDateTime>,
    ),
    OfficeFacts,
);

/// latitude and longitude (millionths of a degree), accuracy, called, no call reason.
type OfficeFacts = (
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<bool>,
    Option<String>,
);

/// The parcel's history, oldest first, labelled and rendered in `language`.
pub fn states(
    conn: &mut DbConnection,
    scope: Scope,
    parcel_key: &str,
    language: Language,
) -> AppResult<Vec<StateView>> {
    let row = parcel::get(conn, scope, parcel_key)?;
    let rows: Vec<HistoryRow> = parcel_states::table
        .left_join(users::table.on(users::id.nullable().eq(parcel_states::user_id)))
        .filter(parcel_states::parcel_id.eq(row.id))
        .order(parcel_states::id.asc())
        .select((
            (
                parcel_states::status,
                parcel_states::comment,
                parcel_states::note_code,
                parcel_states::note_values,
                parcel_states::date,
                users::first_name.nullable(),
                users::last_name.nullable(),
                parcel_states::created_at,
                parcel_states::received_at,
            ),
            (
                parcel_states::latitude_e6,
                parcel_states::longitude_e6,
                parcel_states::accuracy_m,
                parcel_states::called,
                parcel_states::no_call_reason,
            ),
        ))
        .load(conn)
        .map_db_err()?;
    Ok(rows
        .into_iter()
        .map(
            |(
                (status, comment, code, values, date, first, last, created_at, received_at),
                office,
            )| {
                let (latitude, longitude, accuracy_m, called, no_call_reason) =
                    if scope == Scope::Everyone {
                        office
                    } else {
                        Default::default()
                    };
                let status = Status::parse(&status).unwrap_or(Status::New);
                let note = Note::from_columns(code.as_deref(), values.as_deref());
                StateView {
                    status,
                    status_label: status.label_in(language),
                    text: note::text(note.as_ref(), comment.as_deref(), language),
                    note,
                    comment,
                    date,
                    user_name: first.map(|f| {
                        format!("{f} {}", last.unwrap_or_default())
                            .trim()
                            .to_owned()
                    }),
                    created_at,
                    received_at,
                    position: latitude.zip(longitude).map(|(lat, lng)| StatePosition {
                        latitude: lat as f64 / 1e6,
                        longitude: lng as f64 / 1e6,
                        accuracy_m,
                    }),
                    called,
                    no_call_reason,
                }
            },
        )
        .collect())
}
