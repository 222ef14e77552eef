//! Entry slips: several entries declared at once, and the slip as printed.

use chrono::NaiveDateTime;
use colivra_core::{key, time, AppError, AppResult, FieldErrors, MerchantId, Scope};
use colivra_db::schema::{inventory_entry_slips, inventory_movements};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::refs::UserNames;
use crate::{MerchantRef, MAX_QUANTITY};

use super::write::{comment_of, product_id};
use super::*;

/// A merchant declares several entries at once on one slip.
pub fn create_slip(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    input: &EntrySlipInput,
) -> AppResult<EntrySlipView> {
    immediate_transaction(conn, |conn| {
        let mut errors = FieldErrors::new();
        let lines = input.lines.as_deref().unwrap_or_default();
        if lines.is_empty() || lines.len() > MAX_SLIP_LINES {
            errors.add("lines", "De 1 à 100 lignes.");
        }
        let comment = comment_of(&mut errors, &input.comment, false);
        let mut valid = Vec::new();
        for (n, line) in lines.iter().take(MAX_SLIP_LINES).enumerate() {
            let id = product_id(
                conn,
                Scope::Merchant(merchant_id),
                line.inventory.as_deref(),
                &format!("lines.{n}.inventory"),
                &mut errors,
            )?;
            let quantity = line.quantity.unwrap_or(0);
            if !(1..=MAX_QUANTITY).contains(&quantity) {
                errors.add(
                    format!("lines.{n}.quantity"),
                    "La quantité : de 1 à 1 000 000.",
                );
            }
            valid.push((id.unwrap_or_default(), quantity));
        }
        errors.into_result()?;
        crate::merchants::require_active(conn, merchant_id)?;
        let now = time::now();
        let slip_key = key::prefixed_key("ES", 10);
        let code = key::prefixed_key("BE", 8);
        let slip_id: i64 = diesel::insert_into(inventory_entry_slips::table)
            .values((
                inventory_entry_slips::key.eq(&slip_key),
                inventory_entry_slips::code.eq(&code),
                inventory_entry_slips::merchant_id.eq(merchant_id),
                inventory_entry_slips::author_id.eq(actor_id),
                inventory_entry_slips::comment.eq(&comment),
                inventory_entry_slips::created_at.eq(now),
            ))
            .returning(inventory_entry_slips::id)
            .get_result(conn)
            .map_db_err()?;
        let mut rows = Vec::new();
        for (inventory_id, quantity) in valid {
            rows.push(insert(
                conn,
                NewMovement {
                    inventory_id,
                    kind: "entry",
                    state: "pending",
                    quantity,
                    received_quantity: None,
                    comment: comment.as_deref(),
                    parcel_id: None,
                    entry_slip_id: Some(slip_id),
                    author_id: actor_id,
                },
                "inventory.entry_declared",
            )?);
        }
        Ok(EntrySlipView {
            key: slip_key,
            code,
            created_at: now,
            movements: views(conn, actor_id, rows)?,
        })
    })
}

/// An entry slip within the scope, for printing: its code, date, merchant and lines.
pub struct SlipForPrint {
    pub code: String,
    pub created_at: NaiveDateTime,
    pub merchant: MerchantRef,
    pub comment: Option<String>,
    pub movements: Vec<MovementView>,
}

pub fn slip(
    conn: &mut DbConnection,
    viewer: UserId,
    scope: Scope,
    slip_key: &str,
) -> AppResult<SlipForPrint> {
    let mut q = inventory_entry_slips::table
        .filter(inventory_entry_slips::key.eq(slip_key))
        .into_boxed();
    match scope {
        Scope::Merchant(id) => q = q.filter(inventory_entry_slips::merchant_id.eq(id)),
        Scope::DeliveryPerson(_) => q = q.filter(inventory_entry_slips::id.eq(-1)),
        Scope::Everyone => {}
    }
    let (id, code, merchant_id, comment, created_at): (
        i64,
        String,
        MerchantId,
        Option<String>,
        NaiveDateTime,
    ) = q
        .select((
            inventory_entry_slips::id,
            inventory_entry_slips::code,
            inventory_entry_slips::merchant_id,
            inventory_entry_slips::comment,
            inventory_entry_slips::created_at,
        ))
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)?;
    let rows: Vec<Row> = inventory_movements::table
        .filter(inventory_movements::entry_slip_id.eq(id))
        .order(inventory_movements::id.asc())
        .select(Row::as_select())
        .load(conn)
        .map_db_err()?;
    let merchant = UserNames::load(conn, vec![merchant_id.into()])?.merchant(merchant_id);
    Ok(SlipForPrint {
        code,
        created_at,
        merchant,
        comment,
        movements: views(conn, viewer, rows)?,
    })
}
