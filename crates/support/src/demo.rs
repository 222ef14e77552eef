//! The demo's support side (`colivra seed-demo`): a ticket about a demo parcel with the
//! staff's answer, an announcement for everyone, a guide for merchants and one for delivery
//! people. Idempotent.

use colivra_core::{AppResult, MerchantId, Scope, UserId};
use colivra_db::schema::{announcements, guides, parcels, tickets};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::tickets::{Actor, MessageInput, TicketInput};

/// A ticket about a demo parcel with the staff's answer, an announcement for everyone, a guide
/// for merchants and one for delivery people; each only when none of its kind exists yet.
/// Returns the ticket's code when one was opened.
pub fn seed(
    conn: &mut DbConnection,
    admin_id: UserId,
    merchant_id: MerchantId,
) -> AppResult<Option<String>> {
    let mut opened = None;
    let has_tickets = tickets::table
        .filter(tickets::merchant_id.eq(merchant_id))
        .count()
        .get_result::<i64>(conn)
        .map_db_err()?
        > 0;
    if !has_tickets {
        let parcel: Option<String> = parcels::table
            .filter(parcels::merchant_id.eq(merchant_id))
            .order(parcels::id.asc())
            .select(parcels::key)
            .first(conn)
            .optional()
            .map_db_err()?;
        let merchant_side = Actor {
            user_id: merchant_id.into(),
            scope: Scope::Merchant(merchant_id),
        };
        let ticket = crate::tickets::create(
            conn,
            merchant_side,
            &TicketInput {
                subject: Some("Date de ramassage".into()),
                category: Some(if parcel.is_some() { "parcel" } else { "pickup" }.into()),
                parcel,
                message: Some(
                    "Bonjour, pouvez-vous passer prendre ce colis avant vendredi ?".into(),
                ),
            },
        )?;
        let staff_side = Actor {
            user_id: admin_id,
            scope: Scope::Everyone,
        };
        crate::tickets::add_message(
            conn,
            staff_side,
            &ticket.ticket.key,
            &MessageInput {
                body: Some("Bonjour, le livreur passe jeudi matin.".into()),
            },
        )?;
        opened = Some(ticket.ticket.code);
    }
    if announcements::table
        .count()
        .get_result::<i64>(conn)
        .map_db_err()?
        == 0
    {
        crate::announcements::create(
            conn,
            admin_id,
            &crate::AnnouncementInput {
                title: Some("Bienvenue sur Colivra".into()),
                body: Some("Les ramassages ont lieu du lundi au samedi, de 9 h à 18 h.".into()),
                audience: Some("all".into()),
                ..Default::default()
            },
        )?;
    }
    // A guide for merchants and one for delivery people, each when its audience has none.
    let demo_guides = [
        (
            "clients",
            "Bien préparer un colis",
            "## Avant le ramassage\n\n1. Emballez l'article dans un carton solide.\n2. Collez l'étiquette imprimée depuis **Nouveaux colis**.\n3. Regroupez les colis sur un bon de ramassage.\n",
        ),
        (
            "delivery",
            "Livrer, encaisser, remettre les espèces",
            "## À la porte\n\n1. Appelez le destinataire avant de monter.\n2. Encaissez le montant affiché, ni plus ni moins.\n3. Sur **Livré**, faites signer le destinataire quand le marchand le demande.\n\n## Au dépôt\n\nDéclarez vos colis livrés sur **Déclarer mes espèces** et remettez les espèces comptées.\n",
        ),
    ];
    for (audience, title, body) in demo_guides {
        let present = guides::table
            .filter(guides::audience.eq(audience))
            .count()
            .get_result::<i64>(conn)
            .map_db_err()?
            > 0;
        if !present {
            crate::guides::create(
                conn,
                admin_id,
                &crate::GuideInput {
                    title: Some(title.into()),
                    body: Some(body.into()),
                    audience: Some(audience.into()),
                },
            )?;
        }
    }
    Ok(opened)
}
