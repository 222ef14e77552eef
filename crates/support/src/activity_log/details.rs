//! The one formatter of recorded details: field labels, values, money, references.

use super::*;

/// The names of the recorded values, in French, English and Arabic, in the order they are shown; any
/// other shows as written, after these.
pub(super) const FIELDS: &[(&str, &str, &str, &str)] = &[
    ("code", "Code", "Code", "الرمز"),
    ("number", "Numéro", "Number", "الرقم"),
    ("title", "Titre", "Title", "العنوان"),
    ("type", "Type", "Type", "النوع"),
    ("category", "Catégorie", "Category", "الفئة"),
    ("audience", "Public", "Audience", "الجمهور"),
    ("side", "Côté", "Side", "الجهة"),
    ("status", "Statut", "Status", "الحالة"),
    ("undone", "Statut annulé", "Status undone", "الحالة الملغاة"),
    ("forced", "Forcé", "Forced", "بالقوة"),
    ("parcel", "Colis", "Parcel", "الطرد"),
    ("parcels", "Colis", "Parcels", "الطرود"),
    ("received", "Reçus", "Received", "المستلمة"),
    (
        "not_collected",
        "Non ramassés",
        "Not collected",
        "غير المستلمة",
    ),
    ("added", "Ajoutés", "Added", "المضافة"),
    ("removed", "Retirés", "Removed", "المسحوبة"),
    ("quantity", "Quantité", "Quantity", "الكمية"),
    ("count", "Nombre", "Count", "العدد"),
    (
        "ended",
        "Sessions fermées",
        "Sessions ended",
        "الجلسات المنتهية",
    ),
    (
        "cod_amount",
        "Montant à encaisser",
        "Cash on delivery",
        "المبلغ المطلوب تحصيله",
    ),
    (
        "cod_total",
        "Total encaissé",
        "Cash on delivery total",
        "مجموع المحصَّل",
    ),
    (
        "fees_total",
        "Total des frais",
        "Fees total",
        "مجموع الرسوم",
    ),
    (
        "counted_amount",
        "Espèces comptées",
        "Cash counted",
        "النقود المعدودة",
    ),
    ("amount", "Montant", "Amount", "المبلغ"),
    ("total", "Total", "Total", "المجموع"),
    ("difference", "Écart", "Difference", "الفرق"),
    ("balance", "Solde", "Balance", "الرصيد"),
    (
        "method",
        "Mode de paiement",
        "Payment method",
        "طريقة الأداء",
    ),
    ("reference", "Référence", "Reference", "المرجع"),
    ("reason", "Motif", "Reason", "السبب"),
    ("change", "Changement", "Change", "التغيير"),
    ("comment", "Commentaire", "Comment", "التعليق"),
    ("resolution", "Règlement", "Settlement", "التسوية"),
    (
        "cash_at_stake",
        "Espèces en jeu",
        "Cash at stake",
        "النقود المعنية",
    ),
    ("paid_on", "Payée le", "Paid on", "تاريخ الأداء"),
    ("message", "Message", "Message", "الرسالة"),
    ("name", "Nom", "Name", "الاسم"),
    ("address", "Adresse", "Address", "العنوان"),
    ("phone", "Téléphone", "Phone", "الهاتف"),
    ("email", "E-mail", "Email", "البريد الإلكتروني"),
    ("ice", "ICE", "ICE", "ICE"),
    ("if", "IF", "IF", "IF"),
    ("rc", "RC", "RC", "RC"),
    ("patente", "Patente", "Patente", "الباتنتا"),
    ("cnss", "CNSS", "CNSS", "CNSS"),
    ("bank_account", "RIB", "RIB", "RIB"),
    ("shop", "Boutique", "Shop", "المتجر"),
    ("client", "Client", "Merchant", "التاجر"),
    ("merchant", "Client", "Merchant", "التاجر"),
    (
        "delivery_admin",
        "Livreur",
        "Delivery person",
        "عامل التوصيل",
    ),
    ("invoice", "Facture", "Invoice", "الفاتورة"),
    ("voucher", "Bon", "Voucher", "الوصل"),
    ("city", "Ville", "City", "المدينة"),
    ("attempts", "Tentatives", "Attempts", "المحاولات"),
    // Orders confirmed before pickup, failed attempts decided (issue 40).
    ("outcome", "Résultat", "Outcome", "النتيجة"),
    (
        "tries",
        "Appels sans réponse",
        "Unanswered calls",
        "مكالمات دون رد",
    ),
    ("action", "Décision", "Decision", "القرار"),
    ("date", "Date", "Date", "التاريخ"),
    (
        "confirmation_required",
        "Service de confirmation",
        "Confirmation service",
        "خدمة التأكيد",
    ),
    (
        "confirmation_fee",
        "Frais de confirmation",
        "Confirmation fee",
        "رسوم التأكيد",
    ),
    (
        "to_confirm_percent",
        "Seuil « à confirmer » (%)",
        "“To confirm” threshold (%)",
        "عتبة « للتأكيد » (%)",
    ),
    (
        "risky_percent",
        "Seuil « risqué » (%)",
        "“Risky” threshold (%)",
        "عتبة « محفوف بالمخاطر » (%)",
    ),
    (
        "risky_min_failed",
        "Échecs minimum « risqué »",
        "Minimum failures for “risky”",
        "الحد الأدنى للإخفاقات « محفوف بالمخاطر »",
    ),
    (
        "to_confirm_action",
        "Action « à confirmer »",
        "“To confirm” action",
        "إجراء « للتأكيد »",
    ),
    (
        "risky_action",
        "Action « risqué »",
        "“Risky” action",
        "إجراء « محفوف بالمخاطر »",
    ),
    (
        "months_kept",
        "Mois conservés",
        "Months kept",
        "الأشهر المحفوظة",
    ),
    (
        "confirmation_tries",
        "Appels avant abandon",
        "Calls before giving up",
        "المكالمات قبل التخلي",
    ),
    (
        "confirmation_given_up",
        "Commande non confirmée",
        "Unconfirmed order",
        "طلب غير مؤكد",
    ),
    (
        "confirmation_retry_minutes",
        "Rappel après (minutes)",
        "Call again after (minutes)",
        "إعادة الاتصال بعد (دقائق)",
    ),
    (
        "decision_delay_hours",
        "Délai de décision (heures)",
        "Decision delay (hours)",
        "أجل القرار (ساعات)",
    ),
    (
        "carried_amount",
        "Solde reporté",
        "Carried balance",
        "الرصيد المرحَّل",
    ),
    (
        "delivery_proof",
        "Preuve de livraison exigée",
        "Delivery proof required",
        "إثبات التسليم المطلوب",
    ),
    ("replaced", "Remplacée", "Replaced", "المستبدَلة"),
    ("requested_by", "Demandé par", "Requested by", "بطلب من"),
    ("user", "Utilisateur", "User", "المستخدم"),
    ("permissions", "Permissions", "Permissions", "الصلاحيات"),
    (
        "invoices_in_reader_language",
        "Factures dans la langue du lecteur",
        "Invoices in the reader's language",
        "الفواتير بلغة القارئ",
    ),
    (
        "tva_rate",
        "Taux de TVA",
        "VAT rate",
        "سعر الضريبة على القيمة المضافة",
    ),
    (
        "tva_exemption",
        "Exonération de TVA",
        "VAT exemption",
        "الإعفاء من الضريبة على القيمة المضافة",
    ),
    (
        "pay_before_cash_in",
        "Paiement avant encaissement",
        "Payment before cash-in",
        "الأداء قبل التحصيل",
    ),
];

/// Where a field comes when shown: its place in [`FIELDS`], else after them.
pub(super) fn field_rank(field: &str) -> usize {
    FIELDS
        .iter()
        .position(|(key, ..)| *key == field)
        .unwrap_or(FIELDS.len())
}

/// Values shown by their label: `(subject type or "*", field, value, French, English, Arabic)`.
pub(super) const VALUES: &[(&str, &str, &str, &str, &str, &str)] = &[
    ("ticket", "status", "open", "Ouvert", "Open", "مفتوحة"),
    (
        "ticket",
        "status",
        "answered",
        "Répondu",
        "Answered",
        "تم الرد",
    ),
    ("ticket", "status", "closed", "Fermé", "Closed", "مغلقة"),
    ("user", "status", "active", "Actif", "Active", "نشط"),
    (
        "user",
        "status",
        "suspended",
        "Suspendu",
        "Suspended",
        "موقوف",
    ),
    (
        "user",
        "status",
        "pending",
        "En attente",
        "Pending",
        "في الانتظار",
    ),
    ("*", "type", "delivered", "Livrés", "Delivered", "المسلَّمة"),
    ("*", "type", "returned", "Retours", "Returns", "المرتجعات"),
    (
        "*",
        "type",
        "delivery",
        "Livreur",
        "Delivery person",
        "عامل التوصيل",
    ),
    ("*", "category", "parcel", "Colis", "Parcel", "طرد"),
    ("*", "category", "pickup", "Ramassage", "Pickup", "استلام"),
    ("*", "category", "invoice", "Facture", "Invoice", "فاتورة"),
    ("*", "category", "account", "Compte", "Account", "حساب"),
    ("*", "category", "other", "Autre", "Other", "أخرى"),
    ("*", "audience", "all", "Tous", "Everyone", "الجميع"),
    ("*", "audience", "clients", "Clients", "Merchants", "التجار"),
    (
        "*",
        "audience",
        "delivery",
        "Livreurs",
        "Delivery people",
        "عمال التوصيل",
    ),
    (
        "*",
        "method",
        "transfer",
        "Virement",
        "Bank transfer",
        "تحويل بنكي",
    ),
    ("*", "method", "cheque", "Chèque", "Cheque", "شيك"),
    ("*", "method", "cash", "Espèces", "Cash", "نقدًا"),
    ("*", "resolution", "apply", "Appliqué", "Applied", "طُبِّقت"),
    (
        "*",
        "resolution",
        "cash_returned",
        "Espèces rendues",
        "Cash returned",
        "أُعيدت النقود",
    ),
    (
        "*",
        "resolution",
        "dismiss",
        "Écarté",
        "Dismissed",
        "مستبعدة",
    ),
    ("*", "side", "admin", "Équipe", "Staff", "الفريق"),
    ("*", "side", "client", "Client", "Merchant", "التاجر"),
];

/// Names that stand for another object: an integer there would be an internal id (rows written
/// before the convention), never shown.
pub(super) const REFERENCES: &[&str] = &[
    "parcel",
    "invoice",
    "voucher",
    "shop",
    "client",
    "merchant",
    "delivery_admin",
    "user",
    "product",
    "inventory",
    "ticket",
    "city",
];

/// Values listed one after the other before "and N more".
pub(super) const LISTED: usize = 20;

pub(super) fn field_label(field: &str, language: Language) -> String {
    FIELDS
        .iter()
        .find(|(key, ..)| *key == field)
        .map(|(_, fr, en, ar)| language.pick(*fr, *en, *ar).to_owned())
        .unwrap_or_else(|| {
            let spaced = field.replace('_', " ");
            let mut chars = spaced.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => spaced,
            }
        })
}

/// Money under one of the convention's names.
pub fn is_money(field: &str) -> bool {
    matches!(
        field,
        "amount" | "total" | "difference" | "balance" | "cash_at_stake"
    ) || field.ends_with("_amount")
        || field.ends_with("_total")
}

/// An internal id: `id`, `…_id`, or an integer where an object is named.
pub(super) fn is_internal_id(field: &str, value: &Value) -> bool {
    field == "id"
        || field.ends_with("_id")
        || (value.is_i64() || value.is_u64()) && REFERENCES.contains(&field)
}

/// One recorded value as people read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DetailLine {
    /// The name in the details (`total`, `status`…).
    pub field: String,
    /// Its label in the reader's language.
    pub label: String,
    /// The value rendered: money as "580,50 DH", a change as "old → new", statuses and kinds
    /// by their labels, lists joined.
    pub value: String,
}

pub(super) fn text_value(
    subject_type: Option<&str>,
    field: &str,
    value: &str,
    language: Language,
) -> String {
    let by_subject = subject_type == Some("parcel") && matches!(field, "status" | "undone");
    if by_subject {
        if let Some(status) = colivra_parcels::status::Status::parse(value) {
            return status.label_in(language).to_owned();
        }
    }
    if field == "paid_on" || field.ends_with("_on") {
        if let Ok(day) = NaiveDate::parse_from_str(value, "%Y-%m-%d") {
            return day
                .format(language.pick("%d/%m/%Y", "%Y-%m-%d", "%d/%m/%Y"))
                .to_string();
        }
    }
    VALUES
        .iter()
        .find(|(subject, f, v, ..)| {
            *f == field && *v == value && (*subject == "*" || Some(*subject) == subject_type)
        })
        .map(|(_, _, _, fr, en, ar)| language.pick(*fr, *en, *ar).to_owned())
        .unwrap_or_else(|| value.to_owned())
}

pub(super) fn render_value(
    subject_type: Option<&str>,
    field: &str,
    value: &Value,
    language: Language,
) -> String {
    match value {
        Value::Null => "—".to_owned(),
        Value::Bool(yes) => match yes {
            true => language.pick("oui", "yes", "نعم"),
            false => language.pick("non", "no", "لا"),
        }
        .to_owned(),
        Value::Number(number) => match number.as_i64() {
            Some(centimes) if is_money(field) => Centimes::new(centimes).in_language(language),
            _ => number.to_string(),
        },
        Value::String(text) => text_value(subject_type, field, text, language),
        Value::Array(items) => {
            let mut shown: Vec<String> = items
                .iter()
                .take(LISTED)
                .map(|item| render_value(subject_type, field, item, language))
                .collect();
            let more = items.len().saturating_sub(LISTED);
            if more > 0 {
                shown.push(language.pick(
                    format!("et {more} de plus"),
                    format!("and {more} more"),
                    format!("و{more} أخرى"),
                ));
            }
            if shown.is_empty() {
                "—".to_owned()
            } else {
                shown.join(", ")
            }
        }
        Value::Object(map) => match (map.get("old"), map.get("new")) {
            (Some(old), Some(new)) if map.len() == 2 => format!(
                "{} → {}",
                render_value(subject_type, field, old, language),
                render_value(subject_type, field, new, language)
            ),
            _ => map
                .iter()
                .filter(|(name, inner)| !is_internal_id(name, inner))
                .map(|(name, inner)| {
                    format!(
                        "{} : {}",
                        field_label(name, language),
                        render_value(subject_type, name, inner, language)
                    )
                })
                .collect::<Vec<_>>()
                .join(", "),
        },
    }
}

/// The details of an activity as lines people read, in [`FIELDS`]' order (then by name);
/// internal ids (rows written before the convention) are left out.
pub fn render_details(
    subject_type: Option<&str>,
    details: &Value,
    language: Language,
) -> Vec<DetailLine> {
    match details {
        Value::Object(map) => {
            let mut fields: Vec<(&String, &Value)> = map
                .iter()
                .filter(|(field, value)| !is_internal_id(field, value))
                .collect();
            fields.sort_by(|(a, _), (b, _)| field_rank(a).cmp(&field_rank(b)).then(a.cmp(b)));
            fields
                .into_iter()
                .map(|(field, value)| DetailLine {
                    field: field.clone(),
                    label: field_label(field, language),
                    value: render_value(subject_type, field, value, language),
                })
                .collect()
        }
        Value::Null => Vec::new(),
        other => vec![DetailLine {
            field: String::new(),
            label: String::new(),
            value: render_value(subject_type, "", other, language),
        }],
    }
}

/// The stored details without internal ids.
pub(super) fn public_details(stored: Option<&str>) -> Option<Value> {
    let mut value: Value = serde_json::from_str(stored?).ok()?;
    if let Value::Object(map) = &mut value {
        map.retain(|field, value| !is_internal_id(field, value));
    }
    Some(value)
}
