//! Return vouchers (bons de retour): a delivery person (or an admin for him) brings back his
//! refused and cancelled parcels, and the items he collected for exchanges and refunds; an admin
//! receives the voucher at the hub.

use colivra_core::Scope;
use colivra_core::{time, AppError, AppResult, UserId};
use colivra_db::schema::{voucher_parcels, vouchers};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use colivra_parcels::moves::{self, Move};
use colivra_parcels::note::{Note, NoteCode};
use colivra_parcels::parcel::ParcelRow;
use colivra_parcels::status::{Mover, Status};
use colivra_parcels::stock::StockHooks;
use diesel::prelude::*;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::exit::delivery_person;
use crate::view::{self, VoucherDetail};
use crate::voucher::{self, Kind, Parties, VoucherStatus};

/// `POST return-vouchers`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ReturnInput {
    /// Tracking codes of parcels to be returned (1 to 500).
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 500)]
    pub parcels: Vec<String>,
    /// The delivery person's key: required from an admin, ignored from a delivery person.
    #[serde(rename = "delivery_admin")]
    pub delivery_person: Option<String>,
}

/// A delivered exchange or refund: what comes back is the item collected, the parcel stays
/// delivered.
fn is_collected_item(row: &ParcelRow) -> bool {
    row.status() == Status::Delivered && matches!(row.kind.as_str(), "exchange" | "refund")
}

/// The parcel list's `to-be-returned` view, for one parcel: refused or cancelled, or a collected
/// item on no return voucher yet.
fn to_be_returned(conn: &mut DbConnection, row: &ParcelRow) -> AppResult<bool> {
    if matches!(row.status(), Status::Refused | Status::Cancelled) {
        return Ok(true);
    }
    if !is_collected_item(row) {
        return Ok(false);
    }
    let links: i64 = voucher_parcels::table
        .filter(voucher_parcels::parcel_id.eq(row.id))
        .filter(voucher_parcels::kind.eq(Kind::Return.as_str()))
        .count()
        .get_result(conn)
        .map_db_err()?;
    Ok(links == 0)
}

/// Groups a delivery person's parcels to be returned on a new return voucher: refused and
/// cancelled parcels go returning; collected items ride along, their parcel staying delivered.
pub fn create(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    scope: Scope,
    input: &ReturnInput,
) -> AppResult<VoucherDetail> {
    let keys = voucher::parcel_keys(&input.parcels)?;
    immediate_transaction(conn, |conn| {
        let delivery_person_id = match scope {
            Scope::DeliveryPerson(id) => id,
            Scope::Everyone => delivery_person(conn, input.delivery_person.as_deref(), false)?,
            Scope::Merchant(_) => {
                return Err(AppError::Forbidden(
                    "Réservé aux livreurs et à l'administration.".to_owned(),
                ))
            }
        };
        let (rows, mut unknown) = voucher::parcels_by_keys(conn, &keys)?;
        let (rows, others): (Vec<ParcelRow>, Vec<ParcelRow>) = rows
            .into_iter()
            .partition(|r| r.delivery_person_id == Some(delivery_person_id));
        unknown.extend(others.into_iter().map(|r| r.key));
        voucher::refuse_codes("Colis introuvables chez ce livreur", &unknown)?;
        let mut not_due = Vec::new();
        for row in &rows {
            if !to_be_returned(conn, row)? {
                not_due.push(format!("{} ({})", row.key, row.status().label()));
            }
        }
        if !not_due.is_empty() {
            return Err(AppError::Conflict(voucher::naming(
                "Ces colis ne sont pas à retourner",
                &not_due,
            )));
        }

        let voucher = voucher::insert(
            conn,
            Kind::Return,
            VoucherStatus::New,
            Parties {
                delivery_person_id: Some(delivery_person_id),
                ..Default::default()
            },
            actor_id,
        )?;
        for row in &rows {
            if is_collected_item(row) {
                moves::annotate(
                    conn,
                    row,
                    &Note::voucher(NoteCode::ItemTakenBack, &voucher.key),
                    Some(actor_id),
                )?;
            } else {
                moves::apply(
                    conn,
                    stock,
                    row,
                    Move {
                        to: Status::Returning,
                        comment: None,
                        note: Some(Note::voucher(NoteCode::ReturnVoucher, &voucher.key)),
                        date: None,
                        mover: Mover::Voucher,
                        actor_id: Some(actor_id),
                        delivery_person_id: None,
                        recorded_at: None,
                    },
                )?;
            }
            // Collected items have no status to guard them: the partial unique index on open
            // links is what stops two vouchers taking the same item at once.
            voucher::link(conn, &voucher, row)?;
        }
        voucher::record(
            conn,
            actor_id,
            &voucher,
            "created",
            serde_json::json!({ "parcels": keys }),
        )?;
        view::detail(conn, scope, voucher)
    })
}

/// An admin receives a return voucher: returning parcels go returned, collected items are back
/// at the hub (a history row on their parcel). 409 once received.
pub fn receive(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    voucher_key: &str,
) -> AppResult<VoucherDetail> {
    immediate_transaction(conn, |conn| {
        let voucher = voucher::get(conn, Scope::Everyone, Kind::Return, voucher_key)?;
        voucher::claim_new(conn, &voucher)?;
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
        let item_back = Note::voucher(NoteCode::ItemReturned, &voucher.key);
        let mut changed = Vec::new();
        for (row, _) in voucher::parcels_on(conn, voucher.id)? {
            match row.status() {
                Status::Returning => {
                    moves::apply(
                        conn,
                        stock,
                        &row,
                        Move {
                            to: Status::Returned,
                            comment: None,
                            note: Some(Note::voucher(NoteCode::ReturnedToHub, &voucher.key)),
                            date: None,
                            mover: Mover::Voucher,
                            actor_id: Some(actor_id),
                            delivery_person_id: None,
                            recorded_at: None,
                        },
                    )?;
                    // What left stock with it comes back to be checked; what it only
                    // reserved (it never went out) is free again.
                    stock.return_pending(conn, actor_id, row.id, row.id, &row.key)?;
                    stock.release(conn, actor_id, row.id, &row.key)?;
                }
                _ if is_collected_item(&row) => {
                    moves::annotate(conn, &row, &item_back, Some(actor_id))?;
                    // The collected item is the original parcel's goods.
                    if let Some(original) = row.original_parcel_id {
                        stock.return_pending(conn, actor_id, original, row.id, &row.key)?;
                    }
                }
                status => changed.push(format!("{} ({})", row.key, status.label())),
            }
            voucher::close_link(conn, voucher.id, row.id)?;
        }
        // An admin moved one of them by hand since: the voucher no longer says what came back.
        if !changed.is_empty() {
            return Err(AppError::Conflict(voucher::naming(
                "Ces colis ont changé depuis la création du bon",
                &changed,
            )));
        }
        voucher::record(conn, actor_id, &voucher, "received", serde_json::json!({}))?;
        let voucher = view::reload(conn, voucher.id)?;
        view::detail(conn, Scope::Everyone, voucher)
    })
}
