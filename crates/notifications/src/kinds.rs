//! What a message says: one template per kind and language (templates/).

use colivra_core::Role;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = MessageKind)]
pub enum Kind {
    PasswordReset,
    StaffInvitation,
    AccountActivated,
    InvoiceValidated,
    InvoicePaid,
    TicketAnswered,
    BankAccountChangeRequested,
    BankAccountChangeDecided,
    /// Not an e-mail: the merchant's consent to his recipients getting SMS or WhatsApp messages
    /// about his parcels (recipients.rs), turned off like a notice.
    RecipientMessages,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::PasswordReset,
        Kind::StaffInvitation,
        Kind::AccountActivated,
        Kind::InvoiceValidated,
        Kind::InvoicePaid,
        Kind::TicketAnswered,
        Kind::BankAccountChangeRequested,
        Kind::BankAccountChangeDecided,
        Kind::RecipientMessages,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::PasswordReset => "password_reset",
            Kind::StaffInvitation => "staff_invitation",
            Kind::AccountActivated => "account_activated",
            Kind::InvoiceValidated => "invoice_validated",
            Kind::InvoicePaid => "invoice_paid",
            Kind::TicketAnswered => "ticket_answered",
            Kind::BankAccountChangeRequested => "bank_account_change_requested",
            Kind::BankAccountChangeDecided => "bank_account_change_decided",
            Kind::RecipientMessages => "recipient_messages",
        }
    }

    pub fn parse(value: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.as_str() == value)
    }

    /// Security messages cannot be turned off: the way back into an account, and the change of
    /// where a merchant's money is paid (as banks tell of a new beneficiary, against fraud).
    pub fn required(self) -> bool {
        matches!(
            self,
            Kind::PasswordReset
                | Kind::StaffInvitation
                | Kind::BankAccountChangeRequested
                | Kind::BankAccountChangeDecided
        )
    }

    /// The notices an account of `role` may receive, as its preferences list them (the
    /// invitation comes before the account can choose anything).
    pub fn for_role(role: Role) -> Vec<Kind> {
        match role {
            Role::Merchant => vec![
                Kind::PasswordReset,
                Kind::AccountActivated,
                Kind::InvoiceValidated,
                Kind::InvoicePaid,
                Kind::TicketAnswered,
                Kind::BankAccountChangeRequested,
                Kind::BankAccountChangeDecided,
                Kind::RecipientMessages,
            ],
            _ => vec![Kind::PasswordReset],
        }
    }
}

/// How recipients are written to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RecipientChannel)]
pub enum Channel {
    Sms,
    Whatsapp,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Sms => "sms",
            Channel::Whatsapp => "whatsapp",
        }
    }

    pub fn parse(value: &str) -> Option<Channel> {
        [Channel::Sms, Channel::Whatsapp]
            .into_iter()
            .find(|channel| channel.as_str() == value)
    }
}

/// What a recipient is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecipientKind {
    /// The parcel left with its delivery person today.
    OutForDelivery,
    /// A delivery attempt failed (no answer, unreachable, postponed): another day can be chosen.
    AttemptFailed,
    /// The order waits for the company's agents to confirm it.
    ConfirmationRequest,
}

impl RecipientKind {
    pub const ALL: [RecipientKind; 3] = [
        RecipientKind::OutForDelivery,
        RecipientKind::AttemptFailed,
        RecipientKind::ConfirmationRequest,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RecipientKind::OutForDelivery => "out_for_delivery",
            RecipientKind::AttemptFailed => "attempt_failed",
            RecipientKind::ConfirmationRequest => "confirmation_request",
        }
    }

    pub fn parse(value: &str) -> Option<RecipientKind> {
        RecipientKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == value)
    }

    /// The WhatsApp template's body parameters, in this order (the templates approved at Meta
    /// must number theirs so): out_for_delivery {{1}} merchant, {{2}} amount, {{3}} courier,
    /// {{4}} link, {{5}} stop_link; attempt_failed {{1}} merchant, {{2}} link, {{3}} stop_link;
    /// confirmation_request {{1}} merchant, {{2}} amount, {{3}} link, {{4}} stop_link.
    pub fn parameters(self) -> &'static [&'static str] {
        match self {
            RecipientKind::OutForDelivery => {
                &["merchant", "amount", "courier", "link", "stop_link"]
            }
            RecipientKind::AttemptFailed => &["merchant", "link", "stop_link"],
            RecipientKind::ConfirmationRequest => &["merchant", "amount", "link", "stop_link"],
        }
    }
}
