//! The kinds of action, each with its label in French and English (one table).

use super::*;

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
    ("webhook.created", "Webhook ajouté", "Webhook added"),
    ("webhook.updated", "Webhook modifié", "Webhook changed"),
    ("webhook.deleted", "Webhook supprimé", "Webhook removed"),
    ("webhook.tested", "Webhook testé", "Webhook test sent"),
    (
        "webhook.redelivered",
        "Envoi de webhook relancé",
        "Webhook delivery sent again",
    ),
    (
        "webhook.paused",
        "Webhook suspendu après 24 h d'échecs",
        "Webhook paused after 24 h of failures",
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
        "client.delivery_proof_changed",
        "Preuve de livraison demandée modifiée",
        "Required proof of delivery changed",
    ),
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
