//! Pickup vouchers (bons de ramassage): a merchant groups new parcels of one shop for collection;
//! an admin receives the voucher at the hub, possibly with only some of its parcels.

use colivra_core::Scope;
use colivra_core::{time, AppError, AppResult, MerchantId, ParcelId, ShopId, UserId, VoucherId};
use colivra_db::schema::{voucher_parcels, vouchers};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use colivra_parcels::moves::{self, Move};
use colivra_parcels::note::{Note, NoteCode};
use colivra_parcels::parcel::{self, ParcelRow};
use colivra_parcels::status::{Mover, Status};
use colivra_parcels::stock::StockHooks;
use diesel::prelude::*;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::view::{self, VoucherDetail, VoucherView};
use crate::voucher::{self, Kind, Parties, VoucherRow, VoucherStatus};

/// `POST pickup-vouchers` and `PUT pickup-vouchers/{key}`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct PickupInput {
    /// Tracking codes of the merchant's new parcels, all of one shop (1 to 500).
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 500)]
    pub parcels: Vec<String>,
}

/// `PUT pickup-vouchers/pickup`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ReceiveInput {
    /// The voucher's key (404 when there is none).
    #[schema(value_type = String, required = true, min_length = 1)]
    pub voucher: Option<String>,
    /// Tracking codes of the parcels actually collected (1 to 500); the voucher's others go
    /// back to new.
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 500)]
    pub parcels: Vec<String>,
}

/// The merchant's new parcels named by `keys`, all of one shop (and of `shop_id` when given):
/// 422 on `parcels` naming the codes that are not.
fn new_parcels_of_one_shop(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
    keys: &[String],
    shop_id: Option<ShopId>,
) -> AppResult<Vec<ParcelRow>> {
    let (rows, mut unknown) = voucher::parcels_by_keys(conn, keys)?;
    // Another merchant's parcel is as unknown as a missing one.
    let (rows, others): (Vec<ParcelRow>, Vec<ParcelRow>) = rows
        .into_iter()
        .partition(|r| r.in_scope(Scope::Merchant(merchant_id)));
    unknown.extend(others.into_iter().map(|r| r.key));
    voucher::refuse_codes("Colis introuvables", &unknown)?;
    let not_new: Vec<String> = rows
        .iter()
        .filter(|r| r.status() != Status::New)
        .map(|r| format!("{} ({})", r.key, r.status().label()))
        .collect();
    voucher::refuse_codes(
        "Seuls les nouveaux colis vont sur un bon de ramassage",
        &not_new,
    )?;
    let shop_id = shop_id.unwrap_or(rows[0].shop_id);
    let other_shop: Vec<String> = rows
        .iter()
        .filter(|r| r.shop_id != shop_id)
        .map(|r| r.key.clone())
        .collect();
    voucher::refuse_codes(
        "Un bon de ramassage ne concerne qu'une boutique ; ceux-ci sont d'une autre",
        &other_shop,
    )?;
    Ok(rows)
}

/// Moves the parcels to awaiting_pickup and puts them on the voucher.
fn put_on(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    voucher: &VoucherRow,
    rows: &[ParcelRow],
) -> AppResult<()> {
    for row in rows {
        moves::apply(
            conn,
            stock,
            row,
            Move {
                to: Status::AwaitingPickup,
                comment: None,
                note: Some(Note::voucher(NoteCode::PickupVoucher, &voucher.key)),
                date: None,
                mover: Mover::Voucher,
                actor_id: Some(actor_id),
                delivery_person_id: None,
                recorded_at: None,
            },
        )?;
        voucher::link(conn, voucher, row)?;
    }
    Ok(())
}

/// Takes a parcel off the voucher: back to new (if still awaiting pickup) and the link marked
/// removed.
fn take_off(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    voucher: &VoucherRow,
    row: &ParcelRow,
    code: NoteCode,
) -> AppResult<()> {
    if row.status() == Status::AwaitingPickup {
        moves::apply(
            conn,
            stock,
            row,
            Move {
                to: Status::New,
                comment: None,
                note: Some(Note::voucher(code, &voucher.key)),
                date: None,
                mover: Mover::Voucher,
                actor_id: Some(actor_id),
                delivery_person_id: None,
                recorded_at: None,
            },
        )?;
    }
    voucher::remove_link(conn, voucher.id, row.id)
}

/// The merchant creates a voucher for new parcels of one shop: they go awaiting_pickup.
pub fn create(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    merchant_id: MerchantId,
    input: &PickupInput,
) -> AppResult<VoucherView> {
    let keys = voucher::parcel_keys(&input.parcels)?;
    immediate_transaction(conn, |conn| {
        let rows = new_parcels_of_one_shop(conn, merchant_id, &keys, None)?;
        let voucher = voucher::insert(
            conn,
            Kind::Pickup,
            VoucherStatus::New,
            Parties {
                merchant_id: Some(merchant_id),
                shop_id: Some(rows[0].shop_id),
                delivery_person_id: None,
            },
            actor_id,
        )?;
        put_on(conn, stock, actor_id, &voucher, &rows)?;
        voucher::record(
            conn,
            actor_id,
            &voucher,
            "created",
            serde_json::json!({ "parcels": keys }),
        )?;
        view::view(conn, voucher)
    })
}

/// The merchant adds new parcels of the same shop while the voucher is new.
pub fn add(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    merchant_id: MerchantId,
    voucher_key: &str,
    input: &PickupInput,
) -> AppResult<VoucherDetail> {
    let scope = Scope::Merchant(merchant_id);
    immediate_transaction(conn, |conn| {
        let voucher = voucher::get(conn, scope, Kind::Pickup, voucher_key)?;
        voucher::claim_new(conn, &voucher)?;
        let keys = voucher::parcel_keys(&input.parcels)?;
        let rows = new_parcels_of_one_shop(conn, merchant_id, &keys, voucher.shop_id)?;
        put_on(conn, stock, actor_id, &voucher, &rows)?;
        voucher::record(
            conn,
            actor_id,
            &voucher,
            "parcels_added",
            serde_json::json!({ "parcels": keys }),
        )?;
        view::detail(conn, scope, voucher)
    })
}

/// The merchant takes one parcel off its pickup voucher: back to new. 404 when the parcel is not
/// his or on no pickup voucher; 409 once the voucher was received.
pub fn remove_parcel(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    merchant_id: MerchantId,
    parcel_key: &str,
) -> AppResult<VoucherView> {
    immediate_transaction(conn, |conn| {
        let row = parcel::get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        // Its latest pickup voucher it has not left: open while new, closed once received.
        let voucher_id: VoucherId = voucher_parcels::table
            .filter(voucher_parcels::parcel_id.eq(row.id))
            .filter(voucher_parcels::kind.eq(Kind::Pickup.as_str()))
            .filter(voucher_parcels::removed_at.is_null())
            .order(voucher_parcels::voucher_id.desc())
            .select(voucher_parcels::voucher_id)
            .first(conn)
            .optional()
            .map_db_err()?
            .ok_or(AppError::NotFound)?;
        let voucher: VoucherRow = view::reload(conn, voucher_id)?;
        voucher::claim_new(conn, &voucher)?;
        // Read again after the claim: a reception that won the race has closed the link.
        let row = parcel::get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        take_off(
            conn,
            stock,
            actor_id,
            &voucher,
            &row,
            NoteCode::RemovedFromPickupVoucher,
        )?;
        voucher::record(
            conn,
            actor_id,
            &voucher,
            "parcel_removed",
            serde_json::json!({ "parcel": row.key }),
        )?;
        view::view(conn, voucher)
    })
}

/// The merchant deletes a voucher not yet received: its parcels go back to new.
pub fn delete(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    merchant_id: MerchantId,
    voucher_key: &str,
) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let voucher = voucher::get(
            conn,
            Scope::Merchant(merchant_id),
            Kind::Pickup,
            voucher_key,
        )?;
        voucher::claim_new(conn, &voucher)?;
        let on_it = voucher::parcels_on(conn, voucher.id)?;
        for (row, _) in &on_it {
            take_off(
                conn,
                stock,
                actor_id,
                &voucher,
                row,
                NoteCode::PickupVoucherDeleted,
            )?;
        }
        diesel::delete(voucher_parcels::table.filter(voucher_parcels::voucher_id.eq(voucher.id)))
            .execute(conn)
            .map_db_err()?;
        diesel::delete(vouchers::table.find(voucher.id))
            .execute(conn)
            .map_db_err()?;
        let keys: Vec<&str> = on_it.iter().map(|(r, _)| r.key.as_str()).collect();
        voucher::record(
            conn,
            actor_id,
            &voucher,
            "deleted",
            serde_json::json!({ "parcels": keys }),
        )
    })
}

/// An admin receives the voucher at the hub: the parcels collected go picked_up, the others
/// back to new and off the voucher. 409 once received.
pub fn receive(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    input: &ReceiveInput,
) -> AppResult<VoucherDetail> {
    let Some(voucher_key) = input
        .voucher
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    else {
        return Err(AppError::validation("voucher", "Indiquez le bon reçu."));
    };
    let collected = voucher::parcel_keys(&input.parcels)?;
    immediate_transaction(conn, |conn| {
        let voucher = voucher::get(conn, Scope::Everyone, Kind::Pickup, voucher_key)?;
        voucher::claim_new(conn, &voucher)?;

        // Links read after the claim: a removal that committed first shows here.
        let links: Vec<(ParcelId, Option<chrono::NaiveDateTime>)> = voucher_parcels::table
            .filter(voucher_parcels::voucher_id.eq(voucher.id))
            .select((voucher_parcels::parcel_id, voucher_parcels::removed_at))
            .load(conn)
            .map_db_err()?;
        let (rows, unknown) = voucher::parcels_by_keys(conn, &collected)?;
        let removed: Vec<String> = rows
            .iter()
            .filter(|r| {
                links
                    .iter()
                    .any(|(id, removed_at)| *id == r.id && removed_at.is_some())
            })
            .map(|r| r.key.clone())
            .collect();
        if !removed.is_empty() {
            return Err(AppError::Conflict(voucher::naming(
                "Retirés du bon entre-temps : rechargez le bon",
                &removed,
            )));
        }
        let mut not_on_it = unknown;
        not_on_it.extend(
            rows.iter()
                .filter(|r| !links.iter().any(|(id, _)| *id == r.id))
                .map(|r| r.key.clone()),
        );
        voucher::refuse_codes("Ces colis ne sont pas sur ce bon", &not_on_it)?;

        let now = time::now();
        diesel::update(vouchers::table.find(voucher.id))
            .set((
                vouchers::status.eq(VoucherStatus::Received.as_str()),
                vouchers::received_by.eq(actor_id),
                vouchers::received_at.eq(now),
                vouchers::updated_at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
        let mut returned_to_new = Vec::new();
        for (row, _) in voucher::parcels_on(conn, voucher.id)? {
            if collected.contains(&row.key) {
                moves::apply(
                    conn,
                    stock,
                    &row,
                    Move {
                        to: Status::PickedUp,
                        comment: None,
                        note: Some(Note::voucher(NoteCode::PickedUp, &voucher.key)),
                        date: None,
                        mover: Mover::Voucher,
                        actor_id: Some(actor_id),
                        delivery_person_id: None,
                        recorded_at: None,
                    },
                )?;
                voucher::close_link(conn, voucher.id, row.id)?;
            } else {
                take_off(conn, stock, actor_id, &voucher, &row, NoteCode::NotPickedUp)?;
                returned_to_new.push(row.key);
            }
        }
        voucher::record(
            conn,
            actor_id,
            &voucher,
            "received",
            serde_json::json!({ "received": collected, "not_collected": returned_to_new }),
        )?;
        let voucher = view::reload(conn, voucher.id)?;
        view::detail(conn, Scope::Everyone, voucher)
    })
}
