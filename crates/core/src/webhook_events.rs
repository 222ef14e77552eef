//! What a webhook event's `data` holds, per kind of object: one declaration, used by the domain
//! crates that write the events and by the API document (and the merchant guide) that describes
//! them to receivers.

use serde::Serialize;
use utoipa::ToSchema;

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
    pub cod_amount: i64,
    /// delivered, refused… once the round decided it.
    pub outcome: Option<String>,
    pub attempts: i64,
    /// RFC 3339.
    pub updated_at: String,
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
    pub total: i64,
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
