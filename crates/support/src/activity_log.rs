//! The activity log as people read it: who did what, on which code, when, each kind and each
//! recorded value rendered in the reader's language. The rows are written by every domain crate
//! (`colivra_db::activities`) following one convention for their details: public keys, codes
//! and numbers only; money in centimes under `amount`, `total`, `difference`, `balance` or a key
//! ending in `_amount` / `_total`; a change as `{"<field>": {"old": v, "new": v}}`.
//!
//! This module is the one formatter: the API's `detail_lines` and the CSV export both come from
//! [`render_details`].

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, Language, ListQuery, Paginated, Scope};
use colivra_db::activities::{self, Activity, ActivityFilter, Audit};
use colivra_db::schema::{client_staff, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::people;

/// Every kind of activity the server records, with its French and English labels, in the order
/// the filter offers them. A kind written without a row here fails the gateway's tests (each test
/// database is checked when its app stops) and `every_written_kind_has_labels` below.
pub const ACTIONS: &[(&str, &str, &str)] = &[
    ("user.signed_in", "Connexion", "Signed in"),
    ("user.profile_updated", "Profil modifié", "Profile updated"),
    (
        "user.password_changed",
        "Mot de passe changé",
        "Password changed",
    ),
    ("session.ended", "Session fermée", "Session ended"),
    (
        "session.ended_others",
        "Autres sessions fermées",
        "Other sessions ended",
    ),
    (
        "token.created",
        "Jeton personnel créé",
        "Personal token created",
    ),
    (
        "token.revoked",
        "Jeton personnel révoqué",
        "Personal token revoked",
    ),
    (
        "client.registered",
        "Inscription d'un client",
        "Merchant registered",
    ),
    ("client.activated", "Client activé", "Merchant activated"),
    (
        "client.deactivated",
        "Client désactivé",
        "Merchant deactivated",
    ),
    ("client.updated", "Client modifié", "Merchant updated"),
    ("client.deleted", "Client supprimé", "Merchant deleted"),
    (
        "admin.created",
        "Administrateur créé",
        "Administrator created",
    ),
    (
        "staff.created",
        "Collaborateur créé",
        "Staff member created",
    ),
    (
        "staff.updated",
        "Collaborateur modifié",
        "Staff member updated",
    ),
    (
        "staff.deleted",
        "Collaborateur supprimé",
        "Staff member deleted",
    ),
    (
        "delivery_admin.created",
        "Livreur créé",
        "Delivery person created",
    ),
    (
        "delivery_admin.updated",
        "Livreur modifié",
        "Delivery person updated",
    ),
    (
        "delivery_admin.activated",
        "Livreur activé",
        "Delivery person activated",
    ),
    (
        "delivery_admin.deactivated",
        "Livreur désactivé",
        "Delivery person deactivated",
    ),
    (
        "delivery_admin.deleted",
        "Livreur supprimé",
        "Delivery person deleted",
    ),
    (
        "delivery_admin.city_added",
        "Ville ajoutée à un livreur",
        "City added to a delivery person",
    ),
    (
        "delivery_admin.city_updated",
        "Commissions d'un livreur modifiées",
        "Delivery person's commissions changed",
    ),
    (
        "delivery_admin.city_removed",
        "Ville retirée à un livreur",
        "City removed from a delivery person",
    ),
    ("city.created", "Ville ajoutée", "City added"),
    ("city.updated", "Ville modifiée", "City updated"),
    ("city.deleted", "Ville supprimée", "City deleted"),
    ("shop.created", "Boutique créée", "Shop created"),
    ("shop.updated", "Boutique modifiée", "Shop updated"),
    (
        "shop.bank_account_requested",
        "Changement de RIB demandé",
        "Shop RIB change requested",
    ),
    (
        "shop.bank_account_approved",
        "Changement de RIB approuvé",
        "Shop RIB change approved",
    ),
    (
        "shop.bank_account_refused",
        "Changement de RIB refusé",
        "Shop RIB change refused",
    ),
    (
        "shop.bank_account_changed",
        "RIB changé par l'équipe",
        "Shop RIB changed by staff",
    ),
    (
        "settings.company_updated",
        "Identité légale de l'entreprise modifiée",
        "Company legal identity updated",
    ),
    (
        "cost.created",
        "Tarif client ajouté",
        "Merchant price added",
    ),
    (
        "cost.updated",
        "Tarif client modifié",
        "Merchant price changed",
    ),
    (
        "cost.deleted",
        "Tarif client supprimé",
        "Merchant price deleted",
    ),
    ("parcel.created", "Colis créé", "Parcel created"),
    ("parcels.imported", "Colis importés", "Parcels imported"),
    ("parcel.updated", "Colis modifié", "Parcel updated"),
    ("parcel.deleted", "Colis supprimé", "Parcel deleted"),
    (
        "parcel.status_changed",
        "Statut d'un colis changé",
        "Parcel status changed",
    ),
    (
        "parcel.state_undone",
        "Changement de statut annulé",
        "Status change undone",
    ),
    (
        "parcel.address_changed",
        "Adresse d'un colis changée",
        "Parcel address changed",
    ),
    (
        "parcel.address_acknowledged",
        "Changement d'adresse vu par le livreur",
        "Address change seen by the delivery person",
    ),
    (
        "parcel.reassigned",
        "Colis confié à un autre livreur",
        "Parcel handed to another delivery person",
    ),
    (
        "pickup_voucher.created",
        "Bon de ramassage créé",
        "Pickup voucher created",
    ),
    (
        "pickup_voucher.parcels_added",
        "Colis ajoutés à un bon de ramassage",
        "Parcels added to a pickup voucher",
    ),
    (
        "pickup_voucher.parcel_removed",
        "Colis retiré d'un bon de ramassage",
        "Parcel removed from a pickup voucher",
    ),
    (
        "pickup_voucher.deleted",
        "Bon de ramassage supprimé",
        "Pickup voucher deleted",
    ),
    (
        "pickup_voucher.received",
        "Bon de ramassage reçu",
        "Pickup voucher received",
    ),
    (
        "exit_voucher.created",
        "Bon de sortie créé",
        "Exit voucher created",
    ),
    (
        "return_voucher.created",
        "Bon de retour créé",
        "Return voucher created",
    ),
    (
        "return_voucher.received",
        "Bon de retour reçu",
        "Return voucher received",
    ),
    (
        "client_invoice.created",
        "Facture client créée",
        "Merchant invoice created",
    ),
    (
        "client_invoice.updated",
        "Facture client modifiée",
        "Merchant invoice changed",
    ),
    (
        "client_invoice.validated",
        "Facture client validée",
        "Merchant invoice validated",
    ),
    (
        "client_invoice.paid",
        "Facture client payée",
        "Merchant invoice paid",
    ),
    (
        "client_invoice.deleted",
        "Facture client supprimée",
        "Merchant invoice deleted",
    ),
    (
        "delivery_invoice.created",
        "Facture livreur créée",
        "Delivery invoice created",
    ),
    (
        "delivery_invoice.counted",
        "Espèces d'une facture livreur comptées",
        "Delivery invoice cash counted",
    ),
    (
        "delivery_invoice.parcel_removed",
        "Colis retiré d'une facture livreur",
        "Parcel removed from a delivery invoice",
    ),
    (
        "delivery_invoice.validated",
        "Facture livreur validée",
        "Delivery invoice validated",
    ),
    (
        "delivery_invoice.deleted",
        "Facture livreur supprimée",
        "Delivery invoice deleted",
    ),
    (
        "delivery_invoice.balance_carried",
        "Écart reporté sur une facture livreur",
        "Balance carried onto a delivery invoice",
    ),
    (
        "courier_balance.difference_posted",
        "Écart d'une facture livreur porté au solde",
        "Delivery invoice difference posted to the balance",
    ),
    (
        "courier_balance.payment",
        "Règlement d'écart enregistré",
        "Balance payment recorded",
    ),
    (
        "courier_balance.deduction",
        "Écart déduit sur une facture livreur",
        "Balance deducted on a delivery invoice",
    ),
    (
        "courier_balance.write_off",
        "Écart abandonné",
        "Balance written off",
    ),
    ("ticket.opened", "Ticket ouvert", "Ticket opened"),
    ("ticket.replied", "Réponse à un ticket", "Ticket answered"),
    ("ticket.closed", "Ticket fermé", "Ticket closed"),
    ("ticket.reopened", "Ticket rouvert", "Ticket reopened"),
    (
        "ticket.message_deleted",
        "Message de ticket supprimé",
        "Ticket message deleted",
    ),
    (
        "announcement.published",
        "Annonce publiée",
        "Announcement published",
    ),
    (
        "announcement.deleted",
        "Annonce supprimée",
        "Announcement deleted",
    ),
    ("guide.written", "Guide écrit", "Guide written"),
    ("guide.deleted", "Guide supprimé", "Guide deleted"),
    (
        "inventory.client_requested",
        "Service de stock demandé",
        "Stock service requested",
    ),
    (
        "inventory.client_decided",
        "Service de stock décidé",
        "Stock service decided",
    ),
    (
        "inventory.product_created",
        "Produit créé",
        "Product created",
    ),
    (
        "inventory.product_updated",
        "Produit modifié",
        "Product updated",
    ),
    (
        "inventory.entry_declared",
        "Entrée de stock déclarée",
        "Stock entry declared",
    ),
    (
        "inventory.adjustment",
        "Ajustement de stock",
        "Stock adjustment",
    ),
    (
        "inventory.movement_validated",
        "Mouvement de stock validé",
        "Stock movement validated",
    ),
    (
        "inventory.movement_rejected",
        "Mouvement de stock refusé",
        "Stock movement rejected",
    ),
    (
        "inventory.movement_deleted",
        "Mouvement de stock supprimé",
        "Stock movement deleted",
    ),
    (
        "inventory.reserved",
        "Stock réservé pour un colis",
        "Stock reserved for a parcel",
    ),
    (
        "inventory.released",
        "Réservation de stock libérée",
        "Stock reservation released",
    ),
    (
        "inventory.exit",
        "Sortie de stock d'un colis",
        "Stock out with a parcel",
    ),
    (
        "inventory.return_pending",
        "Retour de stock attendu",
        "Stock return expected",
    ),
];

/// The label of an action in `language` (the action itself when unknown).
pub fn label(action: &str, language: Language) -> String {
    ACTIONS
        .iter()
        .find(|(key, _, _)| *key == action)
        .map(|(_, fr, en)| match language {
            Language::Fr => (*fr).to_owned(),
            Language::En => (*en).to_owned(),
        })
        .unwrap_or_else(|| action.to_owned())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActionKind {
    pub key: &'static str,
    /// In the `Accept-Language` language.
    pub label: &'static str,
}

pub fn kinds(language: Language) -> Vec<ActionKind> {
    ACTIONS
        .iter()
        .map(|(key, fr, en)| ActionKind {
            key,
            label: match language {
                Language::Fr => fr,
                Language::En => en,
            },
        })
        .collect()
}

/// The names of the recorded values, in French and English, in the order they are shown; any
/// other shows as written, after these.
const FIELDS: &[(&str, &str, &str)] = &[
    ("code", "Code", "Code"),
    ("number", "Numéro", "Number"),
    ("title", "Titre", "Title"),
    ("type", "Type", "Type"),
    ("category", "Catégorie", "Category"),
    ("audience", "Public", "Audience"),
    ("side", "Côté", "Side"),
    ("status", "Statut", "Status"),
    ("undone", "Statut annulé", "Status undone"),
    ("forced", "Forcé", "Forced"),
    ("parcel", "Colis", "Parcel"),
    ("parcels", "Colis", "Parcels"),
    ("received", "Reçus", "Received"),
    ("not_collected", "Non ramassés", "Not collected"),
    ("added", "Ajoutés", "Added"),
    ("removed", "Retirés", "Removed"),
    ("quantity", "Quantité", "Quantity"),
    ("count", "Nombre", "Count"),
    ("ended", "Sessions fermées", "Sessions ended"),
    ("cod_amount", "Montant à encaisser", "Cash on delivery"),
    ("cod_total", "Total encaissé", "Cash on delivery total"),
    ("fees_total", "Total des frais", "Fees total"),
    ("counted_amount", "Espèces comptées", "Cash counted"),
    ("amount", "Montant", "Amount"),
    ("total", "Total", "Total"),
    ("difference", "Écart", "Difference"),
    ("balance", "Solde", "Balance"),
    ("reference", "Référence", "Reference"),
    ("paid_on", "Payée le", "Paid on"),
    ("message", "Message", "Message"),
    ("permissions", "Permissions", "Permissions"),
];

/// Where a field comes when shown: its place in [`FIELDS`], else after them.
fn field_rank(field: &str) -> usize {
    FIELDS
        .iter()
        .position(|(key, _, _)| *key == field)
        .unwrap_or(FIELDS.len())
}

/// Values shown by their label: `(subject type or "*", field, value, French, English)`.
const VALUES: &[(&str, &str, &str, &str, &str)] = &[
    ("ticket", "status", "open", "Ouvert", "Open"),
    ("ticket", "status", "answered", "Répondu", "Answered"),
    ("ticket", "status", "closed", "Fermé", "Closed"),
    ("user", "status", "active", "Actif", "Active"),
    ("user", "status", "suspended", "Suspendu", "Suspended"),
    ("user", "status", "pending", "En attente", "Pending"),
    ("*", "type", "delivered", "Livrés", "Delivered"),
    ("*", "type", "returned", "Retours", "Returns"),
    ("*", "type", "delivery", "Livreur", "Delivery person"),
    ("*", "category", "parcel", "Colis", "Parcel"),
    ("*", "category", "pickup", "Ramassage", "Pickup"),
    ("*", "category", "invoice", "Facture", "Invoice"),
    ("*", "category", "account", "Compte", "Account"),
    ("*", "category", "other", "Autre", "Other"),
    ("*", "audience", "all", "Tous", "Everyone"),
    ("*", "audience", "clients", "Clients", "Merchants"),
    ("*", "audience", "delivery", "Livreurs", "Delivery people"),
    ("*", "side", "admin", "Équipe", "Staff"),
    ("*", "side", "client", "Client", "Merchant"),
];

/// Names that stand for another object: an integer there would be an internal id (rows written
/// before the convention), never shown.
const REFERENCES: &[&str] = &[
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
const LISTED: usize = 20;

fn field_label(field: &str, language: Language) -> String {
    FIELDS
        .iter()
        .find(|(key, _, _)| *key == field)
        .map(|(_, fr, en)| match language {
            Language::Fr => (*fr).to_owned(),
            Language::En => (*en).to_owned(),
        })
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
    matches!(field, "amount" | "total" | "difference" | "balance")
        || field.ends_with("_amount")
        || field.ends_with("_total")
}

/// An internal id: `id`, `…_id`, or an integer where an object is named.
fn is_internal_id(field: &str, value: &Value) -> bool {
    field == "id"
        || field.ends_with("_id")
        || (value.is_i64() || value.is_u64()) && REFERENCES.contains(&field)
}

/// Centimes as people read them: "1 580,50 DH" (French, narrow no-break space between
/// thousands), "1,580.50 DH" (English), as the web app's `formatMoney`.
pub fn money(centimes: i64, language: Language) -> String {
    let (group, decimal) = match language {
        Language::Fr => ('\u{202f}', ','),
        Language::En => (',', '.'),
    };
    let sign = if centimes < 0 { "-" } else { "" };
    let abs = centimes.unsigned_abs();
    let whole = (abs / 100).to_string();
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(group);
        }
        grouped.push(digit);
    }
    format!("{sign}{grouped}{decimal}{:02}\u{a0}DH", abs % 100)
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

fn text_value(subject_type: Option<&str>, field: &str, value: &str, language: Language) -> String {
    let by_subject = subject_type == Some("parcel") && matches!(field, "status" | "undone");
    if by_subject {
        if let Some(status) = colivra_parcels::status::Status::parse(value) {
            return status.label_in(language).to_owned();
        }
    }
    if field == "paid_on" || field.ends_with("_on") {
        if let Ok(day) = NaiveDate::parse_from_str(value, "%Y-%m-%d") {
            return match language {
                Language::Fr => day.format("%d/%m/%Y").to_string(),
                Language::En => day.format("%Y-%m-%d").to_string(),
            };
        }
    }
    VALUES
        .iter()
        .find(|(subject, f, v, _, _)| {
            *f == field && *v == value && (*subject == "*" || Some(*subject) == subject_type)
        })
        .map(|(_, _, _, fr, en)| match language {
            Language::Fr => (*fr).to_owned(),
            Language::En => (*en).to_owned(),
        })
        .unwrap_or_else(|| value.to_owned())
}

fn render_value(
    subject_type: Option<&str>,
    field: &str,
    value: &Value,
    language: Language,
) -> String {
    match value {
        Value::Null => "—".to_owned(),
        Value::Bool(yes) => match (*yes, language) {
            (true, Language::Fr) => "oui",
            (false, Language::Fr) => "non",
            (true, Language::En) => "yes",
            (false, Language::En) => "no",
        }
        .to_owned(),
        Value::Number(number) => match number.as_i64() {
            Some(centimes) if is_money(field) => money(centimes, language),
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
                shown.push(match language {
                    Language::Fr => format!("et {more} autre(s)"),
                    Language::En => format!("and {more} more"),
                });
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
fn public_details(stored: Option<&str>) -> Option<Value> {
    let mut value: Value = serde_json::from_str(stored?).ok()?;
    if let Value::Object(map) = &mut value {
        map.retain(|field, value| !is_internal_id(field, value));
    }
    Some(value)
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActivityUser {
    pub key: String,
    pub name: String,
    pub role: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActivityView {
    /// The row's number, as text.
    pub key: String,
    /// Null for the server's own actions or a deleted account.
    pub user: Option<ActivityUser>,
    pub action: String,
    /// The kind's label in the `Accept-Language` language (French unless it prefers English).
    pub action_label: String,
    pub subject_type: Option<String>,
    /// The subject's opaque key.
    pub subject_key: Option<String>,
    /// The code people see for the subject: a parcel's or voucher's code, an invoice's number
    /// (once validated), a stock movement's or ticket's code; else its key.
    pub subject_code: Option<String>,
    /// The recorded values as written (public keys, codes, centimes).
    #[schema(value_type = Option<Object>)]
    pub details: Option<Value>,
    /// The same values rendered in the request's language.
    pub detail_lines: Vec<DetailLine>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct ActivityFilters {
    /// A user's key.
    pub user: Option<String>,
    /// An action, e.g. `parcel.created`.
    pub action: Option<String>,
    /// The code people see of what was acted on, or its start: a tracking code, a voucher code,
    /// an invoice number, a stock movement or ticket code (any case); or its whole key.
    pub subject_key: Option<String>,
    /// On or after this day (`YYYY-MM-DD`).
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub from: Option<NaiveDate>,
    /// On or before this day.
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub to: Option<NaiveDate>,
    /// `true`: only the caller's scope, even for staff who see everything (their own actions).
    pub mine: Option<bool>,
    /// The language of the export (`fr` or `en`) when a download link cannot send
    /// `Accept-Language`; it wins over the header.
    pub lang: Option<String>,
}

impl ActivityFilters {
    /// The language the reader asked for: `lang` when it names one, else `header`.
    pub fn language(&self, header: Language) -> Language {
        self.lang
            .as_deref()
            .and_then(Language::from_tag)
            .unwrap_or(header)
    }
}

/// Whose activities a reader of `role` sees, `holds_dashboard` telling whether he holds the
/// dashboard's route name (staff who do read every activity).
pub fn reader_audit(
    conn: &mut DbConnection,
    user_id: i64,
    scope: Scope,
    role: colivra_core::Role,
    holds_dashboard: bool,
    mine: bool,
) -> AppResult<Audit> {
    let sees_everything = role == colivra_core::Role::Admin && holds_dashboard;
    audit(conn, user_id, scope, sees_everything, mine)
}

/// The export's file name in `language`, dated today.
pub fn export_file_name(language: Language) -> String {
    let name = match language {
        Language::Fr => "activites",
        Language::En => "activities",
    };
    format!("{name}-{}.csv", time::now().date())
}

/// Whose activities a caller sees: staff holding the dashboard, everything (their own with
/// `mine`); a merchant, his and his staff's; a delivery person, his own.
pub fn audit(
    conn: &mut DbConnection,
    user_id: i64,
    scope: Scope,
    sees_everything: bool,
    mine: bool,
) -> AppResult<Audit> {
    Ok(match scope {
        Scope::Everyone if sees_everything && !mine => Audit::Everything,
        Scope::Everyone | Scope::DeliveryPerson(_) => Audit::Users(vec![user_id]),
        Scope::Merchant(owner) => {
            let mut ids: Vec<i64> = client_staff::table
                .filter(client_staff::owner_id.eq(owner))
                .select(client_staff::user_id)
                .load(conn)
                .map_db_err()?;
            ids.push(owner);
            ids.push(user_id);
            ids.sort_unstable();
            ids.dedup();
            Audit::Users(ids)
        }
    })
}

fn trimmed(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// The filters checked (422 on a field) and resolved for the query.
pub fn filter(conn: &mut DbConnection, filters: &ActivityFilters) -> AppResult<ActivityFilter> {
    if let (Some(from), Some(to)) = (filters.from, filters.to) {
        if to < from {
            return Err(AppError::validation(
                "to",
                "La date de fin précède la date de début.",
            ));
        }
    }
    let subject = trimmed(&filters.subject_key);
    if subject.as_deref().is_some_and(|s| s.chars().count() > 100) {
        return Err(AppError::validation(
            "subject_key",
            "100 caractères au plus.",
        ));
    }
    if let Some(lang) = trimmed(&filters.lang) {
        if Language::from_tag(&lang).is_none() {
            return Err(AppError::validation("lang", "Langue inconnue : fr ou en."));
        }
    }
    let user = match trimmed(&filters.user) {
        Some(key) => Some(
            users::table
                .filter(users::key.eq(key))
                .select(users::id)
                .first::<i64>(conn)
                .optional()
                .map_db_err()?
                // A key naming nobody: an empty page, as for any filter matching nothing.
                .unwrap_or(-1),
        ),
        None => None,
    };
    Ok(ActivityFilter {
        user,
        action: trimmed(&filters.action),
        subject,
        from: filters.from.and_then(|d| d.and_hms_opt(0, 0, 0)),
        until: filters
            .to
            .and_then(|d| d.succ_opt())
            .and_then(|d| d.and_hms_opt(0, 0, 0)),
    })
}

/// Rows as the API shows them (their authors loaded once).
fn views(
    conn: &mut DbConnection,
    rows: Vec<Activity>,
    language: Language,
) -> AppResult<Vec<ActivityView>> {
    let ids: Vec<i64> = rows.iter().filter_map(|a| a.user_id).collect();
    let people = people::load(conn, &ids)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let details = public_details(row.details.as_deref());
            ActivityView {
                key: row.id.to_string(),
                user: row
                    .user_id
                    .and_then(|id| people.get(&id))
                    .map(|p| ActivityUser {
                        key: p.key.clone(),
                        name: p.name.clone(),
                        role: p.role.clone(),
                    }),
                action_label: label(&row.action, language),
                action: row.action,
                detail_lines: details
                    .as_ref()
                    .map(|d| render_details(row.subject_type.as_deref(), d, language))
                    .unwrap_or_default(),
                details,
                subject_code: row.subject_code.or_else(|| row.subject_key.clone()),
                subject_type: row.subject_type,
                subject_key: row.subject_key,
                created_at: row.created_at,
            }
        })
        .collect())
}

/// `GET activities`.
pub fn list(
    conn: &mut DbConnection,
    audit: &Audit,
    query: &ListQuery,
    filters: &ActivityFilters,
    language: Language,
) -> AppResult<Paginated<ActivityView>> {
    let filter = filter(conn, filters)?;
    activities::list(conn, audit, &filter, &query.page())?
        .try_map_all(|rows| views(conn, rows, language))
}

/// Rows an export reads from the database at a time.
pub const EXPORT_CHUNK: i64 = 1_000;

/// The export's first bytes: a BOM (Excel then reads UTF-8) and the header row, `;`-separated as
/// Excel expects in French.
pub fn export_header(language: Language) -> Vec<u8> {
    let names: [&str; 6] = match language {
        Language::Fr => [
            "Date (UTC)",
            "Personne",
            "Rôle",
            "Action",
            "Objet",
            "Détails",
        ],
        Language::En => [
            "Date (UTC)",
            "Person",
            "Role",
            "Action",
            "Subject",
            "Details",
        ],
    };
    let mut out = "\u{feff}".as_bytes().to_vec();
    out.extend(csv_line(&names.map(str::to_owned)));
    out
}

/// A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
/// is kept as text by a leading apostrophe.
fn cell(text: String) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text
    }
}

fn csv_line(cells: &[String]) -> Vec<u8> {
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b';')
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    // Writing into memory cannot fail.
    let _ = writer.write_record(cells);
    writer.into_inner().unwrap_or_default()
}

fn role_label(role: &str, language: Language) -> &'static str {
    match (role, language) {
        ("admin", Language::Fr) => "Administrateur",
        ("admin", Language::En) => "Administrator",
        ("client", Language::Fr) => "Client",
        ("client", Language::En) => "Merchant",
        ("delivery-admin", Language::Fr) => "Livreur",
        ("delivery-admin", Language::En) => "Delivery person",
        _ => "",
    }
}

/// The next rows of an export below the id `before` (from the newest when `None`), as CSV lines,
/// with the cursor of the chunk after (`None`: nothing more).
pub fn export_chunk(
    conn: &mut DbConnection,
    audit: &Audit,
    filter: &ActivityFilter,
    before: Option<i64>,
    language: Language,
) -> AppResult<(Vec<u8>, Option<i64>)> {
    let rows = activities::chunk(conn, audit, filter, before, EXPORT_CHUNK).map_db_err()?;
    let next = if rows.len() as i64 == EXPORT_CHUNK {
        rows.last().map(|row| row.id)
    } else {
        None
    };
    let system = match language {
        Language::Fr => "Système",
        Language::En => "System",
    };
    let mut out = Vec::with_capacity(rows.len() * 160);
    for view in views(conn, rows, language)? {
        let details = view
            .detail_lines
            .iter()
            .map(|line| {
                if line.label.is_empty() {
                    line.value.clone()
                } else {
                    format!("{} : {}", line.label, line.value)
                }
            })
            .collect::<Vec<_>>()
            .join(" · ");
        let (name, role) = match &view.user {
            Some(user) => (user.name.clone(), role_label(&user.role, language)),
            None => (system.to_owned(), ""),
        };
        out.extend(csv_line(&[
            view.created_at.format("%Y-%m-%d %H:%M:%S").to_string(),
            cell(name),
            role.to_owned(),
            cell(view.action_label),
            cell(view.subject_code.unwrap_or_default()),
            cell(details),
        ]));
    }
    Ok((out, next))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_kind_has_one_row_and_two_labels() {
        let mut keys: Vec<&str> = ACTIONS.iter().map(|(k, _, _)| *k).collect();
        keys.sort_unstable();
        let before = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), before);
        for (key, fr, en) in ACTIONS {
            assert!(
                !fr.is_empty() && !en.is_empty() && fr != key && en != key,
                "{key}"
            );
        }
        assert_eq!(label("ticket.closed", Language::Fr), "Ticket fermé");
        assert_eq!(label("ticket.closed", Language::En), "Ticket closed");
        assert_eq!(label("made.up", Language::En), "made.up");
        assert_eq!(kinds(Language::En)[0].label, "Signed in");
    }

    /// Every kind written as a literal (`"family.verb"`) in a source file that writes activities
    /// (`activities::…`) has its labels. Kinds put together at run time (vouchers, invoices) are
    /// checked by the gateway's tests, whose databases are all read when their app stops.
    #[test]
    fn every_written_kind_has_labels() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut missing = Vec::new();
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                if path.is_dir() {
                    if name != "target" && name != "tests" {
                        stack.push(path);
                    }
                    continue;
                }
                if !name.ends_with(".rs") || name == "activity_log.rs" {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                if !text.contains("activities::") {
                    continue;
                }
                for literal in text.split('"').skip(1).step_by(2) {
                    let Some((family, verb)) = literal.split_once('.') else {
                        continue;
                    };
                    let a_kind = !family.is_empty()
                        && !verb.is_empty()
                        && !verb.contains('.')
                        && literal
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c == '_' || c == '.')
                        && !matches!(verb, "rs" | "sql" | "db" | "pdf" | "html" | "csv" | "js");
                    if a_kind && !ACTIONS.iter().any(|(key, _, _)| *key == literal) {
                        missing.push(format!("{literal} ({})", path.display()));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "kinds without labels: {missing:?}");
    }

    #[test]
    fn money_reads_as_money_in_both_languages() {
        assert_eq!(money(58050, Language::Fr), "580,50\u{a0}DH");
        assert_eq!(money(158050, Language::Fr), "1\u{202f}580,50\u{a0}DH");
        assert_eq!(money(-5, Language::Fr), "-0,05\u{a0}DH");
        assert_eq!(money(123456789, Language::En), "1,234,567.89\u{a0}DH");
    }

    #[test]
    fn details_render_money_changes_labels_and_hide_ids() {
        let lines = render_details(
            Some("delivery_invoice"),
            &json!({"counted_amount": 58050, "total": 58000, "difference": 50, "parcels": 3}),
            Language::Fr,
        );
        let shown: Vec<(&str, &str)> = lines
            .iter()
            .map(|l| (l.label.as_str(), l.value.as_str()))
            .collect();
        assert!(shown.contains(&("Espèces comptées", "580,50\u{a0}DH")));
        assert!(shown.contains(&("Écart", "0,50\u{a0}DH")));
        assert!(shown.contains(&("Colis", "3")));
        let status = render_details(
            Some("parcel"),
            &json!({"status": {"old": "new", "new": "picked_up"}, "forced": true}),
            Language::En,
        );
        assert_eq!(status[0].value, "New parcel → Picked up");
        assert_eq!(status[1].value, "yes");
        let cod = render_details(
            Some("parcel"),
            &json!({"cod_amount": {"old": 10000, "new": 12550}}),
            Language::Fr,
        );
        assert_eq!(cod[0].value, "100,00\u{a0}DH → 125,50\u{a0}DH");
        let legacy = render_details(
            Some("inventory_movement"),
            &json!({"parcel": 12, "quantity": 2, "shop_id": 4}),
            Language::Fr,
        );
        assert_eq!(legacy.len(), 1);
        assert_eq!(legacy[0].field, "quantity");
        let many: Vec<String> = (0..25).map(|n| format!("CL{n}")).collect();
        let listed = render_details(
            Some("pickup_voucher"),
            &json!({ "parcels": many }),
            Language::En,
        );
        assert!(
            listed[0].value.ends_with("CL19, and 5 more"),
            "{}",
            listed[0].value
        );
        let ticket = render_details(
            Some("ticket"),
            &json!({"status": {"old": "answered", "new": "closed"}, "category": "pickup"}),
            Language::Fr,
        );
        assert_eq!(ticket[0].value, "Ramassage");
        assert_eq!(ticket[1].value, "Répondu → Fermé");
    }

    #[test]
    fn csv_cells_never_run_as_formulas() {
        assert_eq!(cell("=HYPERLINK(\"x\")".into()), "'=HYPERLINK(\"x\")");
        assert_eq!(cell("Amina".into()), "Amina");
        let header = String::from_utf8(export_header(Language::En)).unwrap();
        assert_eq!(
            header,
            "\u{feff}Date (UTC);Person;Role;Action;Subject;Details\r\n"
        );
    }
}
