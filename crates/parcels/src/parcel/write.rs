//! A merchant's writes on his parcels: create, edit and delete while new.

use colivra_core::{
    key, time, AppError, AppResult, FieldErrors, MerchantId, ParcelId, Role, Scope, ShopId, UserId,
};
use colivra_db::schema::{parcel_states, parcels};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

use super::row::{get, ParcelRow};
use super::validate::{validate, Lookups, ParcelInput, ValidParcel};
use super::view::{view, ParcelView};
use crate::status::Status;
use crate::stock::StockHooks;

const REFERENCE_TAKEN: &str = "Cette référence existe déjà pour cette boutique.";

fn reference_conflict(error: diesel::result::Error) -> AppError {
    if colivra_db::error::is_unique_violation(&error) {
        AppError::validation("reference", REFERENCE_TAKEN)
    } else {
        colivra_db::error::app_error_from_diesel(error)
    }
}

/// Whether `reference` is already used in the shop (by another parcel than `except`).
pub fn reference_taken(
    conn: &mut DbConnection,
    shop_id: ShopId,
    reference: &str,
    except: Option<ParcelId>,
) -> AppResult<bool> {
    let mut q = parcels::table
        .filter(parcels::shop_id.eq(shop_id))
        .filter(parcels::reference.eq(reference))
        .into_boxed();
    if let Some(id) = except {
        q = q.filter(parcels::id.ne(id));
    }
    Ok(q.count().get_result::<i64>(conn).map_db_err()? > 0)
}

/// Inserts a checked parcel as `status` (`new`, or `to_confirm` for the company's agents) with
/// its first history row; no activity (callers log one per request).
pub fn insert(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
    actor_id: UserId,
    parcel: &ValidParcel,
    status: Status,
) -> AppResult<ParcelRow> {
    let now = time::now();
    let row: ParcelRow = diesel::insert_into(parcels::table)
        .values((
            parcel.insert_values(),
            parcels::key.eq(key::prefixed_key("CL", 10)),
            parcels::merchant_id.eq(merchant_id),
            parcels::status.eq(status.as_str()),
            parcels::attempts.eq(0),
            parcels::address_change_pending.eq(false),
            parcels::created_by.eq(actor_id),
            parcels::created_at.eq(now),
            parcels::updated_at.eq(now),
            parcels::status_changed_at.eq(now),
        ))
        // The struct lists the columns in table order, so the whole row comes back by position.
        .returning(parcels::all_columns)
        .get_result(conn)
        .map_err(reference_conflict)?;
    diesel::insert_into(parcel_states::table)
        .values((
            parcel_states::parcel_id.eq(row.id),
            parcel_states::status.eq(status.as_str()),
            parcel_states::user_id.eq(actor_id),
            parcel_states::created_at.eq(now),
        ))
        .execute(conn)
        .map_db_err()?;
    if status == Status::ToConfirm {
        enqueue_for_confirmation(conn, &row, now)?;
    }
    Ok(row)
}

/// Puts a parcel that enters « à confirmer » in the agents' queue (again, when an admin moves
/// it back there): callable now, no call counted yet.
pub(crate) fn enqueue_for_confirmation(
    conn: &mut DbConnection,
    row: &ParcelRow,
    now: chrono::NaiveDateTime,
) -> AppResult<()> {
    use colivra_db::schema::confirmation_queue as queue;
    // The multi-backend connection has no upsert: the earlier row (if any) goes first.
    diesel::delete(queue::table.find(row.id))
        .execute(conn)
        .map_db_err()?;
    diesel::insert_into(queue::table)
        .values((
            queue::parcel_id.eq(row.id),
            queue::merchant_id.eq(row.merchant_id),
            queue::tries.eq(0),
            queue::due_at.eq(now),
            queue::queued_at.eq(now),
        ))
        .execute(conn)
        .map_db_err()?;
    Ok(())
}

/// Creates one parcel for the merchant, with the fees in force now; its view takes the names
/// `recent` knows (a merchant creating parcels one after another: no statement for them).
pub fn create(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    merchant_id: MerchantId,
    input: &ParcelInput,
    recent: Option<&super::RecentNames>,
) -> AppResult<ParcelView> {
    // Read before the transaction: on SQLite, outside the one write lock every writer waits
    // for (what it reads changes rarely, and PostgreSQL's transactions see each statement's
    // own snapshot anyway).
    let lookups = Lookups::for_city(conn, merchant_id, input.city.as_deref())?;
    immediate_transaction(conn, |conn| {
        let mut errors = FieldErrors::new();
        let lines = stock.check_lines(
            conn,
            merchant_id,
            input.stock_lines.as_deref().unwrap_or_default(),
            &mut errors,
        )?;
        let parcel = match validate(conn, &lookups, input, None)? {
            Ok(parcel) => parcel,
            Err(found) => {
                for (field, messages) in found.0 {
                    for message in messages {
                        errors.add(field.clone(), message);
                    }
                }
                return Err(AppError::Validation(errors));
            }
        };
        // The company may refuse recipients who refuse too often (issue 40); the view shows
        // the same history.
        let recipients = crate::recipients::Recipients::load(conn, &[&parcel.recipient_phone])?;
        if let Some(refused) = recipients.refusal(&parcel.recipient_phone) {
            errors.add("recipient_phone", refused);
        }
        let status = initial_status(&lookups, &recipients, &parcel.recipient_phone);
        errors.into_result()?;
        if let Some(reference) = &parcel.reference {
            if reference_taken(conn, parcel.shop_id, reference, None)? {
                return Err(AppError::validation("reference", REFERENCE_TAKEN));
            }
        }
        let mut row = insert(conn, merchant_id, actor_id, &parcel, status)?;
        // In the same transaction: short of stock, nothing is written.
        stock.reserve(conn, actor_id, row.id, &row.key, &lines)?;
        // As the trigger on the lines just set it in the table.
        row.has_stock_lines = !lines.0.is_empty();
        activities::log(conn, Some(actor_id), "parcel.created", "parcel", &row.key)?;
        row.record_events_to(
            conn,
            &lookups.webhook_endpoints,
            &[colivra_db::outbox::PARCEL_CREATED],
        )?;
        Ok(super::views_of(conn, Role::Merchant, vec![row], recent, Some(&recipients))?.remove(0))
    })
}

/// A new parcel waits « à confirmer » when its merchant is on the confirmation service or the
/// company's policy asks it for this recipient's band; else it is new.
pub(crate) fn initial_status(
    lookups: &Lookups,
    recipients: &crate::recipients::Recipients,
    phone: &str,
) -> Status {
    if lookups.confirmation_required || recipients.needs_confirmation(phone) {
        Status::ToConfirm
    } else {
        Status::New
    }
}

fn check_new(row: &ParcelRow, what: &str) -> AppResult<()> {
    if row.status().merchant_may_edit() {
        Ok(())
    } else {
        Err(AppError::Conflict(format!(
            "Seul un nouveau colis peut être {what} ; celui-ci est « {} ».",
            row.status().label()
        )))
    }
}

/// Edits a merchant's parcel while it is new. The fee snapshot follows a change of city.
pub fn update(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    parcel_key: &str,
    input: &ParcelInput,
) -> AppResult<ParcelView> {
    immediate_transaction(conn, |conn| {
        let row = get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        check_new(&row, "modifié")?;
        if input.stock_lines.as_ref().is_some_and(|l| !l.is_empty()) {
            return Err(AppError::validation(
                "stock_lines",
                "Les lignes de stock ne changent pas après la création.",
            ));
        }
        let lookups = Lookups::for_city(conn, merchant_id, input.city.as_deref())?;
        let mut parcel =
            validate(conn, &lookups, input, Some(&row))?.map_err(AppError::Validation)?;
        // A confirmed order keeps the confirmation's price in its fees whatever the city.
        for fee in [
            &mut parcel.delivery_fee,
            &mut parcel.return_fee,
            &mut parcel.refusal_fee,
        ] {
            *fee += row.confirmation_fee;
        }
        if let Some(reference) = &parcel.reference {
            if reference_taken(conn, parcel.shop_id, reference, Some(row.id))? {
                return Err(AppError::validation("reference", REFERENCE_TAKEN));
            }
        }
        let updated = diesel::update(
            parcels::table
                .find(row.id)
                .filter(parcels::status.eq(row.status.as_str())),
        )
        .set((&parcel, parcels::updated_at.eq(time::now())))
        .execute(conn)
        .map_err(reference_conflict)?;
        if updated == 0 {
            return Err(changed_meanwhile());
        }
        activities::log(conn, Some(actor_id), "parcel.updated", "parcel", &row.key)?;
        let row = get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        view(conn, Role::Merchant, row)
    })
}

pub(crate) fn changed_meanwhile() -> AppError {
    AppError::Conflict("Le colis a changé entre-temps : rechargez la page et réessayez.".to_owned())
}

/// Deletes a merchant's parcel while it is new (nothing happened to it yet).
pub fn delete(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    merchant_id: MerchantId,
    parcel_key: &str,
) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let row = get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        check_new(&row, "supprimé")?;
        let used_as_original: i64 = parcels::table
            .filter(parcels::original_parcel_id.eq(row.id))
            .count()
            .get_result(conn)
            .map_db_err()?;
        if used_as_original > 0 {
            return Err(AppError::Conflict(
                "Un échange ou un remboursement renvoie à ce colis.".to_owned(),
            ));
        }
        // What it reserved is free again (its lines go with it).
        stock.release(conn, actor_id, row.id, &row.key)?;
        let deleted = diesel::delete(
            parcels::table
                .find(row.id)
                .filter(parcels::status.eq(row.status.as_str())),
        )
        .execute(conn)
        .map_db_err()?;
        if deleted == 0 {
            return Err(changed_meanwhile());
        }
        activities::log(conn, Some(actor_id), "parcel.deleted", "parcel", &row.key)
    })
}
