//! Exit vouchers (bons de sortie): an admin hands picked-up parcels to one delivery person
//! (`PUT parcels/delivery`); the voucher is the list he signs.

use colivra_core::Scope;
use colivra_core::{AppError, AppResult, CityId, DeliveryPersonId, Role, UserId};
use colivra_db::schema::{delivery_person_cities, users, voucher_parcels};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use colivra_parcels::moves::{self, Move};
use colivra_parcels::note::{Note, NoteCode};
use colivra_parcels::status::{Mover, Status};
use colivra_parcels::stock::StockHooks;
use diesel::prelude::*;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::view::{self, VoucherDetail};
use crate::voucher::{self, Kind, Parties, VoucherStatus};

/// `PUT parcels/delivery`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ShipInput {
    /// The delivery person's key (an active one, else 422).
    #[schema(value_type = String, required = true, min_length = 1)]
    #[serde(rename = "delivery_admin")]
    pub delivery_person: Option<String>,
    /// Tracking codes of picked-up parcels (1 to 500).
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 500)]
    pub parcels: Vec<String>,
    /// Ship parcels of cities he does not serve anyway.
    #[serde(default)]
    pub force: bool,
}

/// The id of the active delivery person with this key: 422 on `delivery_admin` otherwise.
pub(crate) fn delivery_person(
    conn: &mut DbConnection,
    key: Option<&str>,
    active_only: bool,
) -> AppResult<DeliveryPersonId> {
    let Some(key) = key.map(str::trim).filter(|k| !k.is_empty()) else {
        return Err(AppError::validation(
            "delivery_admin",
            "Choisissez un livreur.",
        ));
    };
    let mut q = users::table
        .filter(users::key.eq(key))
        .filter(users::role.eq(Role::DeliveryPerson.as_str()))
        .into_boxed();
    if active_only {
        q = q.filter(users::active.eq(true));
    }
    q.select(users::id)
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or_else(|| AppError::validation("delivery_admin", "Livreur introuvable ou inactif."))
}

/// Ships picked-up parcels with one delivery person: one exit voucher, parcels out for delivery.
/// 409 naming the parcels not picked up; 422 naming those of cities he does not serve unless
/// `force`.
pub fn ship(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    input: &ShipInput,
) -> AppResult<VoucherDetail> {
    let keys = voucher::parcel_keys(&input.parcels)?;
    immediate_transaction(conn, |conn| {
        let delivery_person_id = delivery_person(conn, input.delivery_person.as_deref(), true)?;
        let (rows, unknown) = voucher::parcels_by_keys(conn, &keys)?;
        voucher::refuse_codes("Colis introuvables", &unknown)?;
        let not_picked_up: Vec<String> = rows
            .iter()
            .filter(|r| r.status() != Status::PickedUp)
            .map(|r| format!("{} ({})", r.key, r.status().label()))
            .collect();
        if !not_picked_up.is_empty() {
            return Err(AppError::Conflict(voucher::naming(
                "Seuls les colis ramassés partent en distribution",
                &not_picked_up,
            )));
        }
        let served: Vec<CityId> = delivery_person_cities::table
            .filter(delivery_person_cities::delivery_person_id.eq(delivery_person_id))
            .select(delivery_person_cities::city_id)
            .load(conn)
            .map_db_err()?;
        let elsewhere: Vec<String> = rows
            .iter()
            .filter(|r| !served.contains(&r.city_id))
            .map(|r| r.key.clone())
            .collect();
        if !input.force {
            voucher::refuse_codes(
                "Ce livreur ne dessert pas la ville de ces colis (forcer pour les confier quand même)",
                &elsewhere,
            )?;
        }

        let voucher = voucher::insert(
            conn,
            Kind::Exit,
            VoucherStatus::Issued,
            Parties {
                delivery_person_id: Some(delivery_person_id),
                ..Default::default()
            },
            actor_id,
        )?;
        for row in &rows {
            let code = if elsewhere.contains(&row.key) {
                NoteCode::ExitVoucherForced
            } else {
                NoteCode::ExitVoucher
            };
            moves::apply(
                conn,
                stock,
                row,
                Move {
                    to: Status::OutForDelivery,
                    comment: None,
                    note: Some(Note::voucher(code, &voucher.key)),
                    date: None,
                    mover: Mover::Voucher,
                    actor_id: Some(actor_id),
                    delivery_person_id: Some(delivery_person_id),
                    recorded_at: None,
                },
            )?;
            // A parcel shipped again (back at the hub after a forced move) leaves its older
            // exit voucher open no longer.
            diesel::update(
                voucher_parcels::table
                    .filter(voucher_parcels::parcel_id.eq(row.id))
                    .filter(voucher_parcels::kind.eq(Kind::Exit.as_str()))
                    .filter(voucher_parcels::open.eq(true)),
            )
            .set(voucher_parcels::open.eq(false))
            .execute(conn)
            .map_db_err()?;
            voucher::link(conn, &voucher, row)?;
        }
        voucher::record(
            conn,
            actor_id,
            &voucher,
            "created",
            serde_json::json!({ "parcels": keys, "forced": elsewhere }),
        )?;
        view::detail(conn, Scope::Everyone, voucher)
    })
}
