//! The activity log as people read it: who did what, on which key, when, with the kinds named in
//! French. The rows are written by every domain crate (`colivra_db::activities`).

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, ListQuery, ListResponse, Scope};
use colivra_db::activities::{self, ActivityFilter, Audit};
use colivra_db::schema::{client_staff, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::people;

/// Every kind of activity the server records, with its French label, in the order the filter
/// offers them.
pub const ACTIONS: &[(&str, &str)] = &[
    ("user.signed_in", "Connexion"),
    ("user.profile_updated", "Profil modifié"),
    ("user.password_changed", "Mot de passe changé"),
    ("session.ended", "Session fermée"),
    ("session.ended_others", "Autres sessions fermées"),
    ("token.created", "Jeton personnel créé"),
    ("token.revoked", "Jeton personnel révoqué"),
    ("client.registered", "Inscription d'un client"),
    ("client.activated", "Client activé"),
    ("client.deactivated", "Client désactivé"),
    ("client.updated", "Client modifié"),
    ("client.deleted", "Client supprimé"),
    ("admin.created", "Administrateur créé"),
    ("staff.created", "Collaborateur créé"),
    ("staff.updated", "Collaborateur modifié"),
    ("staff.deleted", "Collaborateur supprimé"),
    ("delivery_admin.created", "Livreur créé"),
    ("delivery_admin.updated", "Livreur modifié"),
    ("delivery_admin.activated", "Livreur activé"),
    ("delivery_admin.deactivated", "Livreur désactivé"),
    ("delivery_admin.deleted", "Livreur supprimé"),
    ("delivery_admin.city_added", "Ville ajoutée à un livreur"),
    (
        "delivery_admin.city_updated",
        "Commissions d'un livreur modifiées",
    ),
    ("delivery_admin.city_removed", "Ville retirée à un livreur"),
    ("city.created", "Ville ajoutée"),
    ("city.updated", "Ville modifiée"),
    ("city.deleted", "Ville supprimée"),
    ("shop.created", "Boutique créée"),
    ("shop.updated", "Boutique modifiée"),
    // en: "Shop RIB change requested"
    ("shop.bank_account_requested", "Changement de RIB demandé"),
    // en: "Shop RIB change approved"
    ("shop.bank_account_approved", "Changement de RIB approuvé"),
    // en: "Shop RIB change refused"
    ("shop.bank_account_refused", "Changement de RIB refusé"),
    // en: "Shop RIB changed by staff"
    ("shop.bank_account_changed", "RIB changé par l'équipe"),
    // en: "Company legal identity updated"
    (
        "settings.company_updated",
        "Identité légale de l'entreprise modifiée",
    ),
    ("cost.created", "Tarif client ajouté"),
    ("cost.updated", "Tarif client modifié"),
    ("cost.deleted", "Tarif client supprimé"),
    ("parcel.created", "Colis créé"),
    ("parcels.imported", "Colis importés"),
    ("parcel.updated", "Colis modifié"),
    ("parcel.deleted", "Colis supprimé"),
    ("parcel.status_changed", "Statut d'un colis changé"),
    ("parcel.state_undone", "Changement de statut annulé"),
    ("parcel.address_changed", "Adresse d'un colis changée"),
    (
        "parcel.address_acknowledged",
        "Changement d'adresse vu par le livreur",
    ),
    ("parcel.reassigned", "Colis confié à un autre livreur"),
    ("pickup_voucher.created", "Bon de ramassage créé"),
    (
        "pickup_voucher.parcels_added",
        "Colis ajoutés à un bon de ramassage",
    ),
    (
        "pickup_voucher.parcel_removed",
        "Colis retiré d'un bon de ramassage",
    ),
    ("pickup_voucher.deleted", "Bon de ramassage supprimé"),
    ("pickup_voucher.received", "Bon de ramassage reçu"),
    ("exit_voucher.created", "Bon de sortie créé"),
    ("return_voucher.created", "Bon de retour créé"),
    ("return_voucher.received", "Bon de retour reçu"),
    ("client_invoice.created", "Facture client créée"),
    ("client_invoice.updated", "Facture client modifiée"),
    ("client_invoice.validated", "Facture client validée"),
    ("client_invoice.paid", "Facture client payée"),
    ("client_invoice.deleted", "Facture client supprimée"),
    ("delivery_invoice.created", "Facture livreur créée"),
    (
        "delivery_invoice.counted",
        "Espèces d'une facture livreur comptées",
    ),
    (
        "delivery_invoice.parcel_removed",
        "Colis retiré d'une facture livreur",
    ),
    ("delivery_invoice.validated", "Facture livreur validée"),
    ("delivery_invoice.deleted", "Facture livreur supprimée"),
    ("ticket.opened", "Ticket ouvert"),
    ("ticket.replied", "Réponse à un ticket"),
    ("ticket.closed", "Ticket fermé"),
    ("ticket.reopened", "Ticket rouvert"),
    ("ticket.message_deleted", "Message de ticket supprimé"),
    ("announcement.published", "Annonce publiée"),
    ("announcement.deleted", "Annonce supprimée"),
    ("guide.written", "Guide écrit"),
    ("guide.deleted", "Guide supprimé"),
];

/// The French label of an action (the action itself when unknown).
pub fn label(action: &str) -> String {
    ACTIONS
        .iter()
        .find(|(key, _)| *key == action)
        .map(|(_, label)| (*label).to_owned())
        .unwrap_or_else(|| action.to_owned())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActionKind {
    pub key: &'static str,
    pub label: &'static str,
}

pub fn kinds() -> Vec<ActionKind> {
    ACTIONS
        .iter()
        .map(|(key, label)| ActionKind { key, label })
        .collect()
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
    pub action_label: String,
    pub subject_type: Option<String>,
    pub subject_key: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub details: Option<serde_json::Value>,
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
    /// The key of what was acted on (a tracking code, a voucher's key…).
    pub subject_key: Option<String>,
    /// On or after this day (`YYYY-MM-DD`).
    #[param(value_type = Option<String>)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub from: Option<NaiveDate>,
    /// On or before this day.
    #[param(value_type = Option<String>)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub to: Option<NaiveDate>,
    /// `true`: only the caller's scope, even for staff who see everything (their own actions).
    pub mine: Option<bool>,
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

/// `GET activities`.
pub fn list(
    conn: &mut DbConnection,
    audit: &Audit,
    query: &ListQuery,
    filters: &ActivityFilters,
) -> AppResult<ListResponse<ActivityView>> {
    if let (Some(from), Some(to)) = (filters.from, filters.to) {
        if to < from {
            return Err(AppError::validation(
                "to",
                "La date de fin précède la date de début.",
            ));
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
    let filter = ActivityFilter {
        user,
        action: trimmed(&filters.action),
        subject_key: trimmed(&filters.subject_key),
        from: filters.from.and_then(|d| d.and_hms_opt(0, 0, 0)),
        until: filters
            .to
            .and_then(|d| d.succ_opt())
            .and_then(|d| d.and_hms_opt(0, 0, 0)),
    };
    let page = activities::list(conn, audit, &filter, query.page_request())?;
    let ids: Vec<i64> = page.data.iter().filter_map(|a| a.user_id).collect();
    let people = people::load(conn, &ids)?;
    Ok(ListResponse {
        data: page
            .data
            .into_iter()
            .map(|row| ActivityView {
                key: row.id.to_string(),
                user: row
                    .user_id
                    .and_then(|id| people.get(&id))
                    .map(|p| ActivityUser {
                        key: p.key.clone(),
                        name: p.name.clone(),
                        role: p.role.clone(),
                    }),
                action_label: label(&row.action),
                action: row.action,
                subject_type: row.subject_type,
                subject_key: row.subject_key,
                details: row
                    .details
                    .as_deref()
                    .and_then(|d| serde_json::from_str(d).ok()),
                created_at: row.created_at,
            })
            .collect(),
        meta: page.meta,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_one_label() {
        let mut keys: Vec<&str> = ACTIONS.iter().map(|(k, _)| *k).collect();
        keys.sort_unstable();
        let before = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), before);
        assert_eq!(label("ticket.closed"), "Ticket fermé");
        assert_eq!(label("made.up"), "made.up");
    }
}
