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
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::PasswordReset,
        Kind::StaffInvitation,
        Kind::AccountActivated,
        Kind::InvoiceValidated,
        Kind::InvoicePaid,
        Kind::TicketAnswered,
        Kind::BankAccountChangeRequested,
        Kind::BankAccountChangeDecided,
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
            ],
            _ => vec![Kind::PasswordReset],
        }
    }
}
