//! What a webhook event's `data` holds, per kind of object: one declaration, used by the domain
//! crates that write the events and by the API document (and the merchant guide) that describes
//! them to receivers.

use serde::Serialize;
use utoipa::ToSchema;

use crate::Centimes;

/// `parcel.created`, `parcel.status_changed`, `parcel.outcome_recorded`: the parcel as it is
/// after the change.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ParcelEventData {
    /// The tracking code.
    pub key: String,
    pub status: String,
    /// The status in words (French).
    pub status_label: String,
    /// The merchant's own reference (his order number).
    pub reference: Option<String>,
    /// Cash to collect, in centimes.
    #[schema(value_type = i64)]
    pub cod_amount: Centimes,
    /// delivered, refused… once the round decided it.
    pub outcome: Option<String>,
    pub attempts: i64,
    /// RFC 3339.
    pub updated_at: String,
    /// `parcel.outcome_recorded` only: the attempt the delivery person just recorded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded: Option<RecordedOutcome>,
    /// `parcel.decision_needed` only: when the company's default applies without a decision
    /// (RFC 3339); decide with `PUT parcels/{key}/decision`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision_due_at: Option<String>,
}

/// What a delivery person recorded at the door (`parcel.outcome_recorded`), whatever it was:
/// delivered, refused, no answer, postponed…
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RecordedOutcome {
    /// The status he recorded (`no_answer`, `postponed`, `delivered`…); the parcel's `status`
    /// may differ (a third failed attempt refuses it).
    pub status: String,
    /// That status in words (French).
    pub status_label: String,
    /// Which attempt this was: 1 for the first visit.
    pub attempt: i64,
    /// `YYYY-MM-DD`, when postponed or scheduled.
    pub postponed_to: Option<String>,
    /// What the server adds (« Refusé après 3 tentatives »), in French.
    pub reason: Option<String>,
    /// The delivery person's words (the recipient's reason for a refusal…).
    pub comment: Option<String>,
    /// When it happened, RFC 3339 (on his phone, maybe offline).
    pub recorded_at: String,
    /// When it reached the server, RFC 3339.
    pub received_at: String,
    /// Whether a proof of delivery (signature, photo) was kept with it.
    pub has_proof: bool,
}

/// `invoice.validated`, `invoice.paid`: the merchant's invoice.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceEventData {
    pub key: String,
    /// FC-2026-000001, given at validation.
    pub number: Option<String>,
    /// delivered or returned.
    #[serde(rename = "type")]
    pub kind: String,
    pub status: String,
    pub parcels_count: i64,
    /// In centimes: what the company pays the merchant (delivered) or charges him (returned).
    #[schema(value_type = i64)]
    pub total: Centimes,
    /// `transfer`, `cheque` or `cash`, once paid.
    pub payment_method: Option<String>,
    pub payment_reference: Option<String>,
    /// YYYY-MM-DD.
    pub paid_on: Option<String>,
    pub updated_at: String,
}

/// `ticket.answered`: the company's answer to one of the merchant's tickets.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TicketEventData {
    pub key: String,
    pub code: String,
    pub subject: String,
    pub status: String,
    /// The answer.
    pub message: String,
    pub updated_at: String,
}

/// `ping`: sent by the "send a test" button.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PingEventData {
    /// The endpoint's key.
    pub webhook: String,
    pub url: String,
}
