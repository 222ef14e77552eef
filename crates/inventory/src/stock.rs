//! What parcels do to stock (the parcels crate's `StockHooks`, which the application binds to
//! these functions). They run inside the parcel flow's own transaction (they take its
//! `&mut DbConnection` and open none): stock lines are checked and reserved when
//! the parcel is created, released when it is deleted or cancelled before the hub, leave stock
//! (a validated `exit` movement) when it goes out for delivery, and come back as a pending
//! `return` movement when it returns.

use std::collections::HashMap;

use colivra_core::{time, AppError, AppResult, FieldErrors, MerchantId, ParcelId, UserId};
use colivra_db::schema::{inventories, parcel_stock_lines};
use colivra_db::{activities, DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::movements::NewMovement;
use crate::MAX_QUANTITY;

/// Lines one parcel may take from stock.
pub const MAX_LINES: usize = 20;

/// A stock line as a parcel asks it: a product key (or SKU) and a quantity, as sent.
#[derive(Debug, Clone, Copy, Default)]
pub struct LineRequest<'a> {
    pub inventory: Option<&'a str>,
    pub quantity: Option<i64>,
}

/// Checks a parcel's stock lines (errors on `stock_lines.N.inventory` / `.quantity`): the
/// merchant's own products, by key or SKU, each once, 1 to 1,000,000, 20 lines at most, and an
/// active stock service. Availability is checked when reserving. Returns (product id, quantity)
/// in the order sent.
pub fn check_lines(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
    lines: &[LineRequest<'_>],
    errors: &mut FieldErrors,
) -> AppResult<Vec<(i64, i64)>> {
    if lines.is_empty() {
        return Ok(Vec::new());
    }
    if lines.len() > MAX_LINES {
        errors.add("stock_lines", "20 lignes de stock au plus.");
        return Ok(Vec::new());
    }
    if !crate::merchants::is_active(conn, merchant_id)? {
        errors.add("stock_lines", crate::merchants::NOT_ACTIVE);
        return Ok(Vec::new());
    }
    let wanted: Vec<String> = lines
        .iter()
        .filter_map(|l| l.inventory.map(|k| k.trim().to_owned()))
        .collect();
    let products: Vec<(i64, String, String)> = inventories::table
        .filter(inventories::merchant_id.eq(merchant_id))
        .filter(
            inventories::key
                .eq_any(&wanted)
                .or(inventories::sku.eq_any(&wanted)),
        )
        .select((inventories::id, inventories::key, inventories::sku))
        .load(conn)
        .map_db_err()?;
    let mut valid = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let wanted = line.inventory.unwrap_or_default().trim();
        let id = products
            .iter()
            .find(|(_, k, _)| k == wanted)
            .or_else(|| products.iter().find(|(_, _, sku)| sku == wanted))
            .map(|(id, _, _)| *id);
        match id {
            None => {
                errors.add(format!("stock_lines.{n}.inventory"), "Produit introuvable.");
            }
            Some(id) if valid.iter().any(|(other, _)| *other == id) => {
                errors.add(
                    format!("stock_lines.{n}.inventory"),
                    "Ce produit est déjà sur une autre ligne.",
                );
            }
            Some(id) => {
                let quantity = line.quantity.unwrap_or(0);
                if (1..=MAX_QUANTITY).contains(&quantity) {
                    valid.push((id, quantity));
                } else {
                    errors.add(
                        format!("stock_lines.{n}.quantity"),
                        "La quantité : de 1 à 1 000 000.",
                    );
                }
            }
        }
    }
    Ok(valid)
}

/// « Stock insuffisant : N disponible(s). »
pub fn insufficient(available: i64) -> String {
    format!("Stock insuffisant : {available} disponible(s).")
}

/// What is available of each product now (on hand − reserved).
pub fn available(conn: &mut DbConnection, ids: &[i64]) -> AppResult<HashMap<i64, i64>> {
    Ok(inventories::table
        .filter(inventories::id.eq_any(ids))
        .select((
            inventories::id,
            inventories::on_hand - inventories::reserved,
        ))
        .load::<(i64, i64)>(conn)
        .map_db_err()?
        .into_iter()
        .collect())
}

/// Reserves the lines for the new parcel: one conditional UPDATE each (`on_hand - reserved >=
/// q`); when one is short, a 422 on `stock_lines.N.quantity` (the caller's transaction then
/// writes nothing).
pub fn reserve(
    conn: &mut DbConnection,
    actor_id: UserId,
    parcel_id: ParcelId,
    parcel_key: &str,
    lines: &[(i64, i64)],
) -> AppResult<()> {
    if lines.is_empty() {
        return Ok(());
    }
    let now = time::now();
    for (n, (inventory_id, quantity)) in lines.iter().enumerate() {
        let changed = diesel::update(
            inventories::table
                .find(inventory_id)
                .filter((inventories::on_hand - inventories::reserved).ge(quantity)),
        )
        .set((
            inventories::reserved.eq(inventories::reserved + quantity),
            inventories::updated_at.eq(now),
        ))
        .execute(conn)
        .map_db_err()?;
        if changed == 0 {
            let left = available(conn, &[*inventory_id])?
                .get(inventory_id)
                .copied()
                .unwrap_or(0);
            return Err(AppError::validation(
                format!("stock_lines.{n}.quantity"),
                insufficient(left),
            ));
        }
        diesel::insert_into(parcel_stock_lines::table)
            .values((
                parcel_stock_lines::parcel_id.eq(parcel_id),
                parcel_stock_lines::inventory_id.eq(inventory_id),
                parcel_stock_lines::quantity.eq(quantity),
                parcel_stock_lines::state.eq("reserved"),
            ))
            .execute(conn)
            .map_db_err()?;
    }
    activities::log(
        conn,
        Some(actor_id),
        "inventory.reserved",
        "parcel",
        parcel_key,
    )
}

/// The parcel's lines in `state`, claimed by moving them to `next` (conditional on the state,
/// so a line is never claimed twice).
fn claim(
    conn: &mut DbConnection,
    parcel_id: ParcelId,
    state: &str,
    next: &str,
) -> AppResult<Vec<(i64, i64)>> {
    let lines: Vec<(i64, i64, i64)> = parcel_stock_lines::table
        .filter(parcel_stock_lines::parcel_id.eq(parcel_id))
        .filter(parcel_stock_lines::state.eq(state))
        .select((
            parcel_stock_lines::id,
            parcel_stock_lines::inventory_id,
            parcel_stock_lines::quantity,
        ))
        .order(parcel_stock_lines::id.asc())
        .load(conn)
        .map_db_err()?;
    let mut claimed = Vec::new();
    for (id, inventory_id, quantity) in lines {
        let changed = diesel::update(
            parcel_stock_lines::table
                .find(id)
                .filter(parcel_stock_lines::state.eq(state)),
        )
        .set(parcel_stock_lines::state.eq(next))
        .execute(conn)
        .map_db_err()?;
        if changed == 1 {
            claimed.push((inventory_id, quantity));
        }
    }
    Ok(claimed)
}

/// Gives back what the parcel reserved (deleted, or cancelled before the hub).
pub fn release(
    conn: &mut DbConnection,
    actor_id: UserId,
    parcel_id: ParcelId,
    parcel_key: &str,
) -> AppResult<()> {
    let lines = claim(conn, parcel_id, "reserved", "released")?;
    if lines.is_empty() {
        return Ok(());
    }
    for (inventory_id, quantity) in lines {
        let changed = diesel::update(
            inventories::table
                .find(inventory_id)
                .filter(inventories::reserved.ge(quantity)),
        )
        .set((
            inventories::reserved.eq(inventories::reserved - quantity),
            inventories::updated_at.eq(time::now()),
        ))
        .execute(conn)
        .map_db_err()?;
        if changed == 0 {
            return Err(AppError::internal("stock reservation missing on release"));
        }
    }
    activities::log(
        conn,
        Some(actor_id),
        "inventory.released",
        "parcel",
        parcel_key,
    )
}

/// A released reservation taken back (the parcel's cancellation is undone): each line is
/// reserved again, or a 409 when the stock went meanwhile.
pub fn reserve_again(
    conn: &mut DbConnection,
    actor_id: UserId,
    parcel_id: ParcelId,
    parcel_key: &str,
) -> AppResult<()> {
    let lines = claim(conn, parcel_id, "released", "reserved")?;
    if lines.is_empty() {
        return Ok(());
    }
    for (inventory_id, quantity) in lines {
        let changed = diesel::update(
            inventories::table
                .find(inventory_id)
                .filter((inventories::on_hand - inventories::reserved).ge(quantity)),
        )
        .set((
            inventories::reserved.eq(inventories::reserved + quantity),
            inventories::updated_at.eq(time::now()),
        ))
        .execute(conn)
        .map_db_err()?;
        if changed == 0 {
            let left = available(conn, &[inventory_id])?
                .get(&inventory_id)
                .copied()
                .unwrap_or(0);
            return Err(AppError::Conflict(format!(
                "Le stock réservé par ce colis n'est plus disponible ({}).",
                insufficient(left)
            )));
        }
    }
    activities::log(
        conn,
        Some(actor_id),
        "inventory.reserved",
        "parcel",
        parcel_key,
    )
}

/// The parcel goes out for delivery: a validated `exit` movement per reserved line; on hand
/// and reserved go down.
pub fn exit(
    conn: &mut DbConnection,
    actor_id: UserId,
    parcel_id: ParcelId,
    parcel_key: &str,
) -> AppResult<()> {
    for (inventory_id, quantity) in claim(conn, parcel_id, "reserved", "shipped")? {
        let changed = diesel::update(
            inventories::table
                .find(inventory_id)
                .filter(inventories::reserved.ge(quantity))
                .filter(inventories::on_hand.ge(quantity)),
        )
        .set((
            inventories::on_hand.eq(inventories::on_hand - quantity),
            inventories::reserved.eq(inventories::reserved - quantity),
            inventories::updated_at.eq(time::now()),
        ))
        .execute(conn)
        .map_db_err()?;
        if changed == 0 {
            return Err(AppError::internal("stock reservation missing on exit"));
        }
        crate::movements::insert(
            conn,
            NewMovement {
                inventory_id,
                kind: "exit",
                state: "validated",
                quantity,
                received_quantity: None,
                comment: Some(parcel_key),
                parcel_id: Some(parcel_id),
                entry_slip_id: None,
                author_id: actor_id,
            },
            "inventory.exit",
        )?;
    }
    Ok(())
}

/// The goods of `source_parcel_id` come back (returned, or collected by `by_parcel_id`, an
/// exchange): a pending `return` movement per shipped line, naming `by_parcel_id`.
pub fn return_pending(
    conn: &mut DbConnection,
    actor_id: UserId,
    source_parcel_id: ParcelId,
    by_parcel_id: ParcelId,
    by_parcel_key: &str,
) -> AppResult<()> {
    for (inventory_id, quantity) in claim(conn, source_parcel_id, "shipped", "returned")? {
        crate::movements::insert(
            conn,
            NewMovement {
                inventory_id,
                kind: "return",
                state: "pending",
                quantity,
                received_quantity: None,
                comment: Some(by_parcel_key),
                parcel_id: Some(by_parcel_id),
                entry_slip_id: None,
                author_id: actor_id,
            },
            "inventory.return_pending",
        )?;
    }
    Ok(())
}
