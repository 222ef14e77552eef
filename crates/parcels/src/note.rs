//! What the server itself writes in a parcel's history (a voucher's number, an automatic
//! refusal…): a code and its values, stored in `parcel_states.note_code` and `note_values`
//! (JSON) and rendered in the reader's language when the history is read. Human comments stay
//! text, in `comment`.

use colivra_core::Language;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::status::Status;

/// The kinds of history notes, with the values each carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoteCode {
    /// `{attempts}`: refused after that many failed delivery attempts.
    AutoRefused,
    /// The merchant cancelled without giving a reason.
    #[serde(rename = "cancelled_by_client")]
    CancelledByMerchant,
    /// `{address, phone}`: the merchant changed the recipient's address.
    AddressChanged,
    /// `{courier}`: given to another delivery person (an admin's comment may follow).
    Reassigned,
    /// `{voucher}`: put on a pickup voucher.
    PickupVoucher,
    /// `{voucher}`: taken off a pickup voucher.
    RemovedFromPickupVoucher,
    /// `{voucher}`: its pickup voucher was deleted.
    PickupVoucherDeleted,
    /// `{voucher}`: received at the hub with its pickup voucher.
    PickedUp,
    /// `{voucher}`: missing when its pickup voucher was received.
    NotPickedUp,
    /// `{voucher}`: handed to a delivery person on an exit voucher.
    ExitVoucher,
    /// `{voucher}`: the same, outside the cities he serves.
    ExitVoucherForced,
    /// `{voucher}`: on its way back on a return voucher.
    ReturnVoucher,
    /// `{voucher}`: the item collected (exchange, refund) put on a return voucher.
    ItemTakenBack,
    /// `{voucher}`: back at the hub with its return voucher.
    ReturnedToHub,
    /// `{voucher}`: the collected item handed in at the hub.
    ItemReturned,
    /// `{status}` (a status key): an outcome undone.
    Undone,
    /// `{status}` (a status key): a failed attempt undone with the automatic refusal it caused.
    UndoneWithRefusal,
    /// Delivered with a proof (signature, photo): shown in the parcel's proofs.
    DeliveryProof,
    /// The order confirmed on the phone by the company's agents.
    Confirmed,
    /// `{tries}`: a confirmation call unanswered (the how-manyth).
    ConfirmationNoAnswer,
    /// The confirmation call reached a wrong number.
    ConfirmationWrongNumber,
    /// `{tries}`: not confirmed after that many calls (cancelled or back to the merchant).
    ConfirmationGivenUp,
    /// `{address, phone}`: the recipient's details corrected at confirmation.
    ConfirmationCorrected,
    /// `{old, new}` (amounts as written, « 249,00 DH »): the cash to collect changed at
    /// confirmation, within the company's limit.
    ConfirmationAmount,
    /// After a failed attempt, the merchant (or an admin) asked for another one.
    ReattemptRequested,
    /// After a failed attempt, the recipient chose another day on the tracking page.
    ReattemptByRecipient,
    /// No decision within the company's delay: tried again.
    ReattemptByDefault,
    /// After a failed attempt, the merchant asked for the parcel back.
    ReturnRequested,
    /// The recipient cancelled on the tracking page.
    CancelledByRecipient,
}

impl NoteCode {
    pub fn as_str(self) -> &'static str {
        self.template(Language::Fr).0
    }

    pub fn parse(value: &str) -> Option<NoteCode> {
        serde_json::from_value(Value::String(value.to_owned())).ok()
    }

    /// The code's key and its text in `language`, with `{name}` for each value.
    fn template(self, language: Language) -> (&'static str, &'static str) {
        use Language::{Ar, En, Fr};
        use NoteCode::*;
        match (self, language) {
            (AutoRefused, Fr) => (
                "auto_refused",
                "Refusé automatiquement après {attempts} tentatives sans succès.",
            ),
            (AutoRefused, En) => (
                "auto_refused",
                "Refused automatically after {attempts} unsuccessful attempts.",
            ),
            (CancelledByMerchant, Fr) => ("cancelled_by_client", "Annulé par le marchand."),
            (CancelledByMerchant, En) => ("cancelled_by_client", "Cancelled by the merchant."),
            (AddressChanged, Fr) => ("address_changed", "Adresse modifiée : {address}, {phone}"),
            (AddressChanged, En) => ("address_changed", "Address changed: {address}, {phone}"),
            (Reassigned, Fr) => ("reassigned", "Réaffecté à {courier}"),
            (Reassigned, En) => ("reassigned", "Reassigned to {courier}"),
            (PickupVoucher, Fr) => ("pickup_voucher", "Bon de ramassage {voucher}"),
            (PickupVoucher, En) => ("pickup_voucher", "Pickup voucher {voucher}"),
            (RemovedFromPickupVoucher, Fr) => (
                "removed_from_pickup_voucher",
                "Retiré du bon de ramassage {voucher}",
            ),
            (RemovedFromPickupVoucher, En) => (
                "removed_from_pickup_voucher",
                "Removed from pickup voucher {voucher}",
            ),
            (PickupVoucherDeleted, Fr) => (
                "pickup_voucher_deleted",
                "Bon de ramassage {voucher} supprimé",
            ),
            (PickupVoucherDeleted, En) => {
                ("pickup_voucher_deleted", "Pickup voucher {voucher} deleted")
            }
            (PickedUp, Fr) => ("picked_up", "Ramassé (bon {voucher})"),
            (PickedUp, En) => ("picked_up", "Picked up (voucher {voucher})"),
            (NotPickedUp, Fr) => ("not_picked_up", "Non ramassé : retiré du bon {voucher}"),
            (NotPickedUp, En) => (
                "not_picked_up",
                "Not picked up: removed from voucher {voucher}",
            ),
            (ExitVoucher, Fr) => ("exit_voucher", "Bon de sortie {voucher}"),
            (ExitVoucher, En) => ("exit_voucher", "Exit voucher {voucher}"),
            (ExitVoucherForced, Fr) => (
                "exit_voucher_forced",
                "Bon de sortie {voucher} (hors de ses villes, forcé)",
            ),
            (ExitVoucherForced, En) => (
                "exit_voucher_forced",
                "Exit voucher {voucher} (outside his cities, forced)",
            ),
            (ReturnVoucher, Fr) => ("return_voucher", "Bon de retour {voucher}"),
            (ReturnVoucher, En) => ("return_voucher", "Return voucher {voucher}"),
            (ItemTakenBack, Fr) => (
                "item_taken_back",
                "Article repris sur le bon de retour {voucher}",
            ),
            (ItemTakenBack, En) => (
                "item_taken_back",
                "Collected item on return voucher {voucher}",
            ),
            (ReturnedToHub, Fr) => ("returned_to_hub", "Retourné au dépôt (bon {voucher})"),
            (ReturnedToHub, En) => ("returned_to_hub", "Returned to the hub (voucher {voucher})"),
            (ItemReturned, Fr) => (
                "item_returned",
                "Article repris rendu au dépôt (bon {voucher})",
            ),
            (ItemReturned, En) => (
                "item_returned",
                "Collected item handed in at the hub (voucher {voucher})",
            ),
            (Undone, Fr) => ("undone", "« {status} » annulé"),
            (Undone, En) => ("undone", "“{status}” undone"),
            (DeliveryProof, Fr) => ("delivery_proof", "Preuve de livraison jointe."),
            (DeliveryProof, En) => ("delivery_proof", "Proof of delivery attached."),
            (UndoneWithRefusal, Fr) => (
                "undone_with_refusal",
                "« {status} » et le refus automatique annulés",
            ),
            (UndoneWithRefusal, En) => (
                "undone_with_refusal",
                "“{status}” and the automatic refusal undone",
            ),
            (Confirmed, Fr) => ("confirmed", "Commande confirmée par téléphone."),
            (Confirmed, En) => ("confirmed", "Order confirmed by phone."),
            (Confirmed, Ar) => ("confirmed", "تم تأكيد الطلب هاتفيًا."),
            (ConfirmationNoAnswer, Fr) => (
                "confirmation_no_answer",
                "Confirmation : pas de réponse (appel {tries}).",
            ),
            (ConfirmationNoAnswer, En) => (
                "confirmation_no_answer",
                "Confirmation: no answer (call {tries}).",
            ),
            (ConfirmationNoAnswer, Ar) => (
                "confirmation_no_answer",
                "التأكيد: لا يجيب (المكالمة {tries}).",
            ),
            (ConfirmationWrongNumber, Fr) => {
                ("confirmation_wrong_number", "Confirmation : numéro erroné.")
            }
            (ConfirmationWrongNumber, En) => {
                ("confirmation_wrong_number", "Confirmation: wrong number.")
            }
            (ConfirmationWrongNumber, Ar) => ("confirmation_wrong_number", "التأكيد: رقم خاطئ."),
            (ConfirmationGivenUp, Fr) => (
                "confirmation_given_up",
                "Non confirmé après {tries} appel(s).",
            ),
            (ConfirmationGivenUp, En) => (
                "confirmation_given_up",
                "Not confirmed after {tries} call(s).",
            ),
            (ConfirmationGivenUp, Ar) => ("confirmation_given_up", "لم يُؤكَّد بعد {tries} مكالمة."),
            (ConfirmationCorrected, Fr) => (
                "confirmation_corrected",
                "Corrigé à la confirmation : {address}, {phone}",
            ),
            (ConfirmationCorrected, En) => (
                "confirmation_corrected",
                "Corrected at confirmation: {address}, {phone}",
            ),
            (ConfirmationCorrected, Ar) => (
                "confirmation_corrected",
                "صُحّح عند التأكيد: {address}، {phone}",
            ),
            (ConfirmationAmount, Fr) => (
                "confirmation_amount",
                "Montant corrigé à la confirmation : {old} → {new}",
            ),
            (ConfirmationAmount, En) => (
                "confirmation_amount",
                "Amount corrected at confirmation: {old} → {new}",
            ),
            (ConfirmationAmount, Ar) => (
                "confirmation_amount",
                "صُحّح المبلغ عند التأكيد: {old} ← {new}",
            ),
            (ReattemptRequested, Fr) => (
                "reattempt_requested",
                "Nouvelle tentative demandée par le marchand.",
            ),
            (ReattemptRequested, En) => (
                "reattempt_requested",
                "Another attempt asked for by the merchant.",
            ),
            (ReattemptRequested, Ar) => ("reattempt_requested", "طلب التاجر محاولة جديدة."),
            (ReattemptByRecipient, Fr) => (
                "reattempt_by_recipient",
                "Nouvelle date choisie par le destinataire (page de suivi).",
            ),
            (ReattemptByRecipient, En) => (
                "reattempt_by_recipient",
                "New day chosen by the recipient (tracking page).",
            ),
            (ReattemptByRecipient, Ar) => (
                "reattempt_by_recipient",
                "اختار المستلم موعدًا جديدًا (صفحة التتبع).",
            ),
            (ReattemptByDefault, Fr) => (
                "reattempt_by_default",
                "Aucune décision dans le délai : nouvelle tentative.",
            ),
            (ReattemptByDefault, En) => (
                "reattempt_by_default",
                "No decision in time: another attempt.",
            ),
            (ReattemptByDefault, Ar) => ("reattempt_by_default", "لا قرار في الأجل: محاولة جديدة."),
            (ReturnRequested, Fr) => ("return_requested", "Retour demandé par le marchand."),
            (ReturnRequested, En) => ("return_requested", "Return asked for by the merchant."),
            (ReturnRequested, Ar) => ("return_requested", "طلب التاجر إرجاع الطرد."),
            (CancelledByRecipient, Fr) => (
                "cancelled_by_recipient",
                "Annulé par le destinataire (page de suivi).",
            ),
            (CancelledByRecipient, En) => (
                "cancelled_by_recipient",
                "Cancelled by the recipient (tracking page).",
            ),
            (CancelledByRecipient, Ar) => {
                ("cancelled_by_recipient", "ألغاه المستلم (صفحة التتبع).")
            }
            (AutoRefused, Ar) => (
                "auto_refused",
                "رُفض تلقائيًا بعد {attempts} محاولات دون نجاح.",
            ),
            (CancelledByMerchant, Ar) => ("cancelled_by_client", "ألغاه التاجر."),
            (AddressChanged, Ar) => ("address_changed", "تم تغيير العنوان: {address}، {phone}"),
            (Reassigned, Ar) => ("reassigned", "أُسند إلى {courier}"),
            (PickupVoucher, Ar) => ("pickup_voucher", "وصل الاستلام {voucher}"),
            (RemovedFromPickupVoucher, Ar) => {
                ("removed_from_pickup_voucher", "سُحب من وصل الاستلام {voucher}")
            }
            (PickupVoucherDeleted, Ar) => ("pickup_voucher_deleted", "حُذف وصل الاستلام {voucher}"),
            (PickedUp, Ar) => ("picked_up", "تم الاستلام (الوصل {voucher})"),
            (NotPickedUp, Ar) => ("not_picked_up", "لم يُستلم: سُحب من الوصل {voucher}"),
            (ExitVoucher, Ar) => ("exit_voucher", "وصل الخروج {voucher}"),
            (ExitVoucherForced, Ar) => (
                "exit_voucher_forced",
                "وصل الخروج {voucher} (خارج مدنه، بالقوة)",
            ),
            (ReturnVoucher, Ar) => ("return_voucher", "وصل الإرجاع {voucher}"),
            (ItemTakenBack, Ar) => ("item_taken_back", "سلعة مسترجعة في وصل الإرجاع {voucher}"),
            (ReturnedToHub, Ar) => ("returned_to_hub", "أُرجع إلى المستودع (الوصل {voucher})"),
            (ItemReturned, Ar) => (
                "item_returned",
                "سُلّمت السلعة المسترجعة إلى المستودع (الوصل {voucher})",
            ),
            (Undone, Ar) => ("undone", "أُلغي «{status}»"),
            (DeliveryProof, Ar) => ("delivery_proof", "أُرفق إثبات التسليم."),
            (UndoneWithRefusal, Ar) => ("undone_with_refusal", "أُلغي «{status}» والرفض التلقائي"),
        }
    }
}

/// A history note: its code and values (`{"voucher": "BS-…"}`, `{"attempts": 3}`…).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Note {
    pub code: NoteCode,
    /// The values the code's text names (see [`NoteCode`]): strings, or numbers for counts.
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    pub values: Map<String, Value>,
}

impl Note {
    pub fn new(code: NoteCode) -> Note {
        Note {
            code,
            values: Map::new(),
        }
    }

    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Note {
        self.values.insert(name.to_owned(), value.into());
        self
    }

    /// A note naming a voucher: `{voucher}`.
    pub fn voucher(code: NoteCode, voucher_key: &str) -> Note {
        Note::new(code).with("voucher", voucher_key)
    }

    /// The note's text in `language`. A `status` value reads as that status's label.
    pub fn render(&self, language: Language) -> String {
        let (_, template) = self.code.template(language);
        let mut text = String::with_capacity(template.len() + 16);
        let mut rest = template;
        while let Some(start) = rest.find('{') {
            let Some(len) = rest[start..].find('}') else {
                break;
            };
            text.push_str(&rest[..start]);
            let name = &rest[start + 1..start + len];
            match self.values.get(name) {
                Some(Value::String(s)) if name == "status" => match Status::parse(s) {
                    Some(status) => text.push_str(status.label_in(language)),
                    None => text.push_str(s),
                },
                Some(Value::String(s)) => text.push_str(s),
                Some(Value::Null) | None => {}
                Some(other) => text.push_str(&other.to_string()),
            }
            rest = &rest[start + len + 1..];
        }
        text.push_str(rest);
        text
    }

    /// The two columns it is stored in: `note_code`, `note_values` (JSON).
    pub fn columns(&self) -> (&'static str, String) {
        (
            self.code.as_str(),
            Value::Object(self.values.clone()).to_string(),
        )
    }

    /// A note read back; `None` for a row without one or with a code this version ignores.
    pub fn from_columns(code: Option<&str>, values: Option<&str>) -> Option<Note> {
        let code = NoteCode::parse(code?)?;
        let values = values
            .and_then(|v| serde_json::from_str::<Map<String, Value>>(v).ok())
            .unwrap_or_default();
        Some(Note { code, values })
    }
}

/// The text a history row shows in `language`: its note rendered, followed by the human
/// comment when there is one too; the comment alone otherwise (rows written before notes).
pub fn text(note: Option<&Note>, comment: Option<&str>, language: Language) -> Option<String> {
    match (note, comment) {
        (Some(note), Some(comment)) => Some(format!("{}: {comment}", note.render(language))),
        (Some(note), None) => Some(note.render(language)),
        (None, comment) => comment.map(str::to_owned),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [NoteCode; 29] = [
        NoteCode::AutoRefused,
        NoteCode::CancelledByMerchant,
        NoteCode::AddressChanged,
        NoteCode::Reassigned,
        NoteCode::PickupVoucher,
        NoteCode::RemovedFromPickupVoucher,
        NoteCode::PickupVoucherDeleted,
        NoteCode::PickedUp,
        NoteCode::NotPickedUp,
        NoteCode::ExitVoucher,
        NoteCode::ExitVoucherForced,
        NoteCode::ReturnVoucher,
        NoteCode::ItemTakenBack,
        NoteCode::ReturnedToHub,
        NoteCode::ItemReturned,
        NoteCode::Undone,
        NoteCode::UndoneWithRefusal,
        NoteCode::DeliveryProof,
        NoteCode::Confirmed,
        NoteCode::ConfirmationNoAnswer,
        NoteCode::ConfirmationWrongNumber,
        NoteCode::ConfirmationGivenUp,
        NoteCode::ConfirmationCorrected,
        NoteCode::ConfirmationAmount,
        NoteCode::ReattemptRequested,
        NoteCode::ReattemptByRecipient,
        NoteCode::ReattemptByDefault,
        NoteCode::ReturnRequested,
        NoteCode::CancelledByRecipient,
    ];

    #[test]
    fn codes_round_trip_and_have_a_text_in_each_language() {
        for code in ALL {
            assert_eq!(
                serde_json::to_value(code).unwrap(),
                Value::from(code.as_str())
            );
            assert_eq!(NoteCode::parse(code.as_str()), Some(code));
            assert_eq!(code.template(Language::En).0, code.as_str());
            assert_eq!(code.template(Language::Ar).0, code.as_str());
            assert_ne!(code.template(Language::Fr).1, code.template(Language::En).1);
            // Arabic text, with the same placeholders as the French one.
            let (fr, ar) = (code.template(Language::Fr).1, code.template(Language::Ar).1);
            assert!(
                ar.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)),
                "{ar}"
            );
            let names = |t: &str| {
                t.split('{')
                    .skip(1)
                    .map(|p| p.split('}').next().unwrap_or_default().to_owned())
                    .collect::<Vec<_>>()
            };
            assert_eq!(names(fr), names(ar), "{fr} / {ar}");
        }
        assert_eq!(NoteCode::parse("nope"), None);
    }

    #[test]
    fn notes_render_their_values_in_each_language() {
        let refused = Note::new(NoteCode::AutoRefused).with("attempts", 3);
        assert_eq!(
            refused.render(Language::Fr),
            "Refusé automatiquement après 3 tentatives sans succès."
        );
        assert_eq!(
            refused.render(Language::En),
            "Refused automatically after 3 unsuccessful attempts."
        );
        let exit = Note::voucher(NoteCode::ExitVoucher, "BS-1");
        assert_eq!(exit.render(Language::Fr), "Bon de sortie BS-1");
        assert_eq!(exit.render(Language::En), "Exit voucher BS-1");
        assert_eq!(exit.render(Language::Ar), "وصل الخروج BS-1");
        assert_eq!(
            refused.render(Language::Ar),
            "رُفض تلقائيًا بعد 3 محاولات دون نجاح."
        );
        let undone = Note::new(NoteCode::Undone).with("status", "delivered");
        assert_eq!(undone.render(Language::Fr), "« Livré » annulé");
        assert_eq!(undone.render(Language::En), "“Delivered” undone");
    }

    #[test]
    fn notes_survive_their_columns_and_old_rows_keep_their_comment() {
        let note = Note::new(NoteCode::AddressChanged)
            .with("address", "12 rue X")
            .with("phone", "0612345678");
        let (code, values) = note.columns();
        assert_eq!(Note::from_columns(Some(code), Some(&values)), Some(note));
        assert_eq!(Note::from_columns(None, None), None);
        assert_eq!(Note::from_columns(Some("unknown"), Some("{}")), None);
        assert_eq!(
            text(None, Some("Bon de sortie BS-1"), Language::En).as_deref(),
            Some("Bon de sortie BS-1")
        );
        let reassigned = Note::new(NoteCode::Reassigned).with("courier", "Ali B");
        assert_eq!(
            text(Some(&reassigned), Some("malade"), Language::En).as_deref(),
            Some("Reassigned to Ali B: malade")
        );
    }
}
