//! The event types of the API document (`colivra_db::outbox::EVENT_TYPES` are the same names,
//! written by the domain crates).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The events an endpoint can subscribe to (documented values of `events`).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
pub enum WebhookEventType {
    #[serde(rename = "parcel.created")]
    ParcelCreated,
    #[serde(rename = "parcel.status_changed")]
    ParcelStatusChanged,
    #[serde(rename = "parcel.outcome_recorded")]
    ParcelOutcomeRecorded,
    /// A failed attempt waits for the merchant's decision (`PUT parcels/{key}/decision`) until
    /// `data.decision_due_at`.
    #[serde(rename = "parcel.decision_needed")]
    ParcelDecisionNeeded,
    #[serde(rename = "invoice.validated")]
    InvoiceValidated,
    #[serde(rename = "invoice.paid")]
    InvoicePaid,
    #[serde(rename = "ticket.answered")]
    TicketAnswered,
}

#[cfg(test)]
mod tests {
    use super::WebhookEventType::*;

    #[test]
    fn the_documented_types_are_the_ones_written() {
        let documented: Vec<String> = [
            ParcelCreated,
            ParcelStatusChanged,
            ParcelOutcomeRecorded,
            ParcelDecisionNeeded,
            InvoiceValidated,
            InvoicePaid,
            TicketAnswered,
        ]
        .iter()
        .map(|t| {
            serde_json::to_value(t)
                .unwrap()
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
        assert_eq!(documented, colivra_db::outbox::EVENT_TYPES);
    }
}
