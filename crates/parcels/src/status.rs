//! Parcel statuses and the state machine: which move is allowed, to whom, and what it needs.
//! Every status change in the product goes through [`check_move`].

use colivra_core::Language;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for the company's agents to confirm the order with the recipient (issue 40).
    ToConfirm,
    New,
    AwaitingPickup,
    PickedUp,
    OutForDelivery,
    NoAnswer,
    Unreachable,
    WrongNumber,
    Postponed,
    Scheduled,
    Delivered,
    Refused,
    Cancelled,
    Returning,
    Returned,
    Lost,
    Damaged,
}

use Status::*;

impl Status {
    pub const ALL: [Status; 17] = [
        ToConfirm,
        New,
        AwaitingPickup,
        PickedUp,
        OutForDelivery,
        NoAnswer,
        Unreachable,
        WrongNumber,
        Postponed,
        Scheduled,
        Delivered,
        Refused,
        Cancelled,
        Returning,
        Returned,
        Lost,
        Damaged,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ToConfirm => "to_confirm",
            New => "new",
            AwaitingPickup => "awaiting_pickup",
            PickedUp => "picked_up",
            OutForDelivery => "out_for_delivery",
            NoAnswer => "no_answer",
            Unreachable => "unreachable",
            WrongNumber => "wrong_number",
            Postponed => "postponed",
            Scheduled => "scheduled",
            Delivered => "delivered",
            Refused => "refused",
            Cancelled => "cancelled",
            Returning => "returning",
            Returned => "returned",
            Lost => "lost",
            Damaged => "damaged",
        }
    }

    /// What a delivery attempt ends in (the delivery person's outcome sheet).
    pub fn is_round_outcome(self) -> bool {
        matches!(
            self,
            NoAnswer | Unreachable | WrongNumber | Postponed | Scheduled | Delivered | Refused
        )
    }

    pub fn parse(value: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == value)
    }

    /// The label users see (French UI).
    pub fn label(self) -> &'static str {
        match self {
            ToConfirm => "À confirmer",
            New => "Nouveau colis",
            AwaitingPickup => "En attente de ramassage",
            PickedUp => "Ramassé",
            OutForDelivery => "Mis en distribution",
            NoAnswer => "Pas de réponse",
            Unreachable => "Injoignable",
            WrongNumber => "Numéro erroné",
            Postponed => "Reporté",
            Scheduled => "Programmé",
            Delivered => "Livré",
            Refused => "Refusé",
            Cancelled => "Annulé",
            Returning => "En retour",
            Returned => "Retourné",
            Lost => "Perdu",
            Damaged => "Endommagé",
        }
    }

    /// The label in `language` (French is [`Status::label`]).
    pub fn label_in(self, language: Language) -> &'static str {
        match language {
            Language::Fr => self.label(),
            Language::En => match self {
                ToConfirm => "To confirm",
                New => "New parcel",
                AwaitingPickup => "Awaiting pickup",
                PickedUp => "Picked up",
                OutForDelivery => "Out for delivery",
                NoAnswer => "No answer",
                Unreachable => "Unreachable",
                WrongNumber => "Wrong number",
                Postponed => "Postponed",
                Scheduled => "Scheduled",
                Delivered => "Delivered",
                Refused => "Refused",
                Cancelled => "Cancelled",
                Returning => "Returning",
                Returned => "Returned",
                Lost => "Lost",
                Damaged => "Damaged",
            },
            Language::Ar => match self {
                ToConfirm => "في انتظار التأكيد",
                New => "طرد جديد",
                AwaitingPickup => "في انتظار الاستلام",
                PickedUp => "تم الاستلام",
                OutForDelivery => "قيد التوزيع",
                NoAnswer => "لا يجيب",
                Unreachable => "تعذر الاتصال",
                WrongNumber => "رقم خاطئ",
                Postponed => "مؤجل",
                Scheduled => "مبرمج",
                Delivered => "تم التسليم",
                Refused => "مرفوض",
                Cancelled => "ملغى",
                Returning => "في طريق الإرجاع",
                Returned => "مُرجَع",
                Lost => "مفقود",
                Damaged => "متضرر",
            },
        }
    }

    /// The outcomes a delivery person records while the parcel is with him.
    pub fn is_attempt(self) -> bool {
        matches!(
            self,
            NoAnswer | Unreachable | WrongNumber | Postponed | Scheduled
        )
    }

    /// Failed attempts count towards the limit after which the parcel is refused.
    pub fn is_failed_attempt(self) -> bool {
        matches!(self, NoAnswer | Unreachable | WrongNumber)
    }

    /// With a delivery person: out for delivery or between attempts.
    pub fn is_with_delivery_person(self) -> bool {
        self == OutForDelivery || self.is_attempt()
    }

    /// Not yet at the hub nor on a pickup voucher: the merchant may still edit or delete it.
    pub fn merchant_may_edit(self) -> bool {
        matches!(self, ToConfirm | New)
    }

    /// Not yet at the hub: its stock is reserved, not taken out, and the merchant may cancel.
    pub fn before_pickup(self) -> bool {
        matches!(self, ToConfirm | New | AwaitingPickup)
    }

    pub fn needs_date(self) -> bool {
        matches!(self, Postponed | Scheduled)
    }

    pub fn needs_comment(self) -> bool {
        matches!(self, Refused | Cancelled | Lost | Damaged)
    }

    /// The recipient's phone, city and address may still change.
    pub fn address_can_change(self) -> bool {
        matches!(self, ToConfirm | New | AwaitingPickup | PickedUp)
            || self.is_with_delivery_person()
    }
}

/// Who asks for a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    /// The merchant (or his staff): cancelling before pickup.
    Merchant,
    /// The delivery person holding the parcel: outcomes of his round.
    DeliveryPerson,
    /// Company staff through the state form.
    Admin,
    /// Voucher operations (pickup, exit, return vouchers), which carry their own checks.
    Voucher,
    /// The company's confirmation agents: an order confirmed or cancelled on the phone.
    ConfirmationAgent,
    /// A decision after a failed attempt (the merchant's, the recipient's, the company's
    /// default): another attempt on a date, a return, the recipient's cancellation.
    Decision,
}

/// The moves of the normal flow, whoever makes them.
fn flow_allows(from: Status, to: Status) -> bool {
    match (from, to) {
        (New, AwaitingPickup) | (AwaitingPickup, New) | (AwaitingPickup, PickedUp) => true,
        (ToConfirm, New | Cancelled) => true,
        (PickedUp, OutForDelivery) => true,
        (from, to) if from.is_with_delivery_person() => {
            to.is_attempt() || matches!(to, OutForDelivery | Delivered | Refused | Cancelled)
        }
        (Refused | Cancelled, Returning) | (Returning, Returned) => true,
        (New | AwaitingPickup, Cancelled) => true,
        _ => false,
    }
}

/// Whether `mover` may move a parcel from `from` to `to`; `Err` carries the reason (409).
/// `forced` is an admin's explicit override, which needs a comment.
pub fn check_move(from: Status, to: Status, mover: Mover, forced: bool) -> Result<(), String> {
    if from == to {
        return Err(format!("Le colis est déjà « {} ».", from.label()));
    }
    let refused = || {
        format!(
            "Passage de « {} » à « {} » impossible.",
            from.label(),
            to.label()
        )
    };
    match mover {
        Mover::Admin if forced => Ok(()),
        Mover::Admin if matches!(to, Lost | Damaged) => Ok(()),
        Mover::Admin => {
            if flow_allows(from, to) {
                Ok(())
            } else {
                Err(format!(
                    "{} Un administrateur peut forcer ce passage avec un commentaire.",
                    refused()
                ))
            }
        }
        Mover::Merchant => match (from, to) {
            (ToConfirm | New | AwaitingPickup, Cancelled) => Ok(()),
            (_, Cancelled) => Err(format!(
                "Un colis « {} » ne peut plus être annulé par le marchand : contactez le support.",
                from.label()
            )),
            _ => Err(refused()),
        },
        Mover::DeliveryPerson => {
            if from.is_with_delivery_person()
                && (to.is_attempt() || matches!(to, Delivered | Refused | Cancelled))
            {
                Ok(())
            } else {
                Err(refused())
            }
        }
        Mover::ConfirmationAgent => match (from, to) {
            (ToConfirm, New | Cancelled) => Ok(()),
            _ => Err(refused()),
        },
        Mover::Decision => match (from, to) {
            (from, Scheduled | Cancelled | Refused) if from.is_attempt() => Ok(()),
            // A refusal at the door tried once more, the merchant having called the recipient.
            (Refused, Scheduled) => Ok(()),
            _ => Err(refused()),
        },
        // Vouchers make the logistic moves only, never an outcome of the round.
        Mover::Voucher => match (from, to) {
            (New, AwaitingPickup)
            | (AwaitingPickup, PickedUp | New)
            | (PickedUp, OutForDelivery)
            | (Refused | Cancelled, Returning)
            | (Returning, Returned) => Ok(()),
            _ => Err(refused()),
        },
    }
}

/// A status as the web app shows and asks for it (`GET /api/states`), so labels and the fields
/// an outcome needs live here only.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StatusInfo {
    pub key: Status,
    pub label: &'static str,
    pub needs_date: bool,
    pub needs_comment: bool,
    pub failed_attempt: bool,
}

/// Every status, labelled in `language`.
pub fn catalog(language: Language) -> Vec<StatusInfo> {
    Status::ALL
        .into_iter()
        .map(|status| StatusInfo {
            key: status,
            label: status.label_in(language),
            needs_date: status.needs_date(),
            needs_comment: status.needs_comment(),
            failed_attempt: status.is_failed_attempt(),
        })
        .collect()
}

/// Named groups of statuses: the list views of the specification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum View {
    All,
    New,
    NotPickedUp,
    Pickup,
    Sent,
    Shipped,
    Delivered,
    Canceled,
    Returned,
    /// Waiting for the company's agents to confirm (issue 40).
    ToConfirm,
    /// A failed attempt waiting for the merchant's (or the recipient's) decision (issue 40).
    Decisions,
    ToBeReturned,
    Refunds,
    Exchanges,
    ChangeAddress,
    /// Delivered, on no client invoice yet.
    Unpaid,
    /// On a paid client invoice.
    Reimbursed,
}

impl View {
    /// The statuses a view holds; `None` for views defined otherwise (all, kind, flags).
    pub fn statuses(self) -> Option<Vec<Status>> {
        Some(match self {
            View::New => vec![New],
            View::NotPickedUp => vec![New, AwaitingPickup],
            View::Pickup => vec![PickedUp],
            View::Sent | View::Shipped => vec![
                OutForDelivery,
                NoAnswer,
                Unreachable,
                WrongNumber,
                Postponed,
                Scheduled,
            ],
            View::Delivered | View::Unpaid => vec![Delivered],
            View::Canceled => vec![Cancelled],
            View::Returned => vec![Returning, Returned],
            View::ToConfirm => vec![ToConfirm],
            // Refused and cancelled parcels, plus delivered exchanges and refunds whose item
            // comes back: the parcel list builds it.
            View::All
            | View::Decisions
            | View::ToBeReturned
            | View::Refunds
            | View::Exchanges
            | View::ChangeAddress
            | View::Reimbursed => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip_and_have_labels() {
        for status in Status::ALL {
            assert_eq!(Status::parse(status.as_str()), Some(status));
            assert_eq!(
                serde_json::to_value(status).unwrap(),
                serde_json::json!(status.as_str())
            );
            assert!(!status.label().is_empty());
            assert!(!status.label_in(Language::En).is_empty());
            assert!(status
                .label_in(Language::Ar)
                .chars()
                .any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)));
        }
        // Seventeen statuses, seventeen distinct labels in each language.
        for language in Language::ALL {
            let labels: std::collections::HashSet<_> =
                Status::ALL.iter().map(|s| s.label_in(language)).collect();
            assert_eq!(labels.len(), Status::ALL.len(), "{language:?}");
        }
        assert_eq!(Status::parse("shipped"), None);
    }

    /// Every pair of statuses, for every mover, against the table of the domain rules.
    #[test]
    fn every_move_is_allowed_or_refused_as_the_rules_say() {
        let with_delivery_person = [
            OutForDelivery,
            NoAnswer,
            Unreachable,
            WrongNumber,
            Postponed,
            Scheduled,
        ];
        let expected_flow = |from: Status, to: Status| -> bool {
            if from == to {
                return false;
            }
            match from {
                ToConfirm => matches!(to, New | Cancelled),
                New => matches!(to, AwaitingPickup | Cancelled),
                AwaitingPickup => matches!(to, New | PickedUp | Cancelled),
                PickedUp => to == OutForDelivery,
                f if with_delivery_person.contains(&f) => {
                    with_delivery_person.contains(&to)
                        || matches!(to, Delivered | Refused | Cancelled)
                }
                Refused | Cancelled => to == Returning,
                Returning => to == Returned,
                _ => false,
            }
        };
        let mut allowed = 0;
        let mut voucher_moves = 0;
        for from in Status::ALL {
            for to in Status::ALL {
                let flow = expected_flow(from, to);
                // Admins: the flow, plus lost/damaged from anywhere; anything when forced.
                assert_eq!(
                    check_move(from, to, Mover::Admin, false).is_ok(),
                    from != to && (flow || matches!(to, Lost | Damaged)),
                    "admin {from:?} -> {to:?}"
                );
                assert_eq!(
                    check_move(from, to, Mover::Admin, true).is_ok(),
                    from != to,
                    "forced {from:?} -> {to:?}"
                );
                // Merchants: cancel before pickup, nothing else.
                assert_eq!(
                    check_move(from, to, Mover::Merchant, false).is_ok(),
                    matches!(from, ToConfirm | New | AwaitingPickup) && to == Cancelled,
                    "merchant {from:?} -> {to:?}"
                );
                // Decisions after a failed attempt: another try, a return, a cancellation.
                assert_eq!(
                    check_move(from, to, Mover::Decision, false).is_ok(),
                    from != to
                        && ((from.is_attempt() && matches!(to, Scheduled | Cancelled | Refused))
                            || (from == Refused && to == Scheduled)),
                    "decision {from:?} -> {to:?}"
                );
                // Confirmation agents: a parcel « à confirmer » confirmed or cancelled.
                assert_eq!(
                    check_move(from, to, Mover::ConfirmationAgent, false).is_ok(),
                    from == ToConfirm && matches!(to, New | Cancelled),
                    "agent {from:?} -> {to:?}"
                );
                // Delivery people: outcomes of a parcel they hold.
                assert_eq!(
                    check_move(from, to, Mover::DeliveryPerson, false).is_ok(),
                    from != to
                        && with_delivery_person.contains(&from)
                        && (to.is_attempt() || matches!(to, Delivered | Refused | Cancelled)),
                    "delivery person {from:?} -> {to:?}"
                );
                // Vouchers: exactly the logistic moves of the domain page.
                let voucher_move = matches!(
                    (from, to),
                    (New, AwaitingPickup)
                        | (AwaitingPickup, PickedUp)
                        | (AwaitingPickup, New)
                        | (PickedUp, OutForDelivery)
                        | (Refused, Returning)
                        | (Cancelled, Returning)
                        | (Returning, Returned)
                );
                assert_eq!(
                    check_move(from, to, Mover::Voucher, false).is_ok(),
                    voucher_move,
                    "voucher {from:?} -> {to:?}"
                );
                // Forcing is an admin's: it never widens a voucher's moves.
                assert_eq!(
                    check_move(from, to, Mover::Voucher, true).is_ok(),
                    voucher_move,
                    "forced voucher {from:?} -> {to:?}"
                );
                assert!(!voucher_move || flow, "voucher moves follow the flow");
                if voucher_move {
                    voucher_moves += 1;
                }
                if flow {
                    allowed += 1;
                }
            }
        }
        // 2 (to confirm) + 2 + 3 + 1 + 6 × 8 + 2 + 1 moves in the flow.
        assert_eq!(allowed, 59);
        assert_eq!(voucher_moves, 7);
    }

    #[test]
    fn refusals_say_why() {
        let reason = check_move(Delivered, New, Mover::Admin, false).unwrap_err();
        assert!(
            reason.contains("Livré") && reason.contains("forcer"),
            "{reason}"
        );
        let reason = check_move(PickedUp, Cancelled, Mover::Merchant, false).unwrap_err();
        assert!(reason.contains("support"), "{reason}");
        let reason = check_move(New, New, Mover::Admin, true).unwrap_err();
        assert!(reason.contains("déjà"), "{reason}");
    }

    #[test]
    fn requirements_of_each_status() {
        assert!(Postponed.needs_date() && Scheduled.needs_date() && !NoAnswer.needs_date());
        assert!(Refused.needs_comment() && Cancelled.needs_comment() && !Delivered.needs_comment());
        assert!(NoAnswer.is_failed_attempt() && !Postponed.is_failed_attempt());
        assert!(Scheduled.address_can_change() && !Delivered.address_can_change());
    }

    #[test]
    fn views_hold_the_statuses_of_the_domain_rules() {
        assert_eq!(
            View::NotPickedUp.statuses().unwrap(),
            vec![New, AwaitingPickup]
        );
        assert_eq!(View::Sent.statuses().unwrap().len(), 6);
        assert_eq!(
            View::Returned.statuses().unwrap(),
            vec![Returning, Returned]
        );
        assert!(View::Refunds.statuses().is_none());
        assert!(View::ToBeReturned.statuses().is_none());
    }
}
