//! Single movements: inserted (by the stock flow too), declared, decided, deleted.

use colivra_core::{key, time, AppError, AppResult, FieldErrors, Scope};
use colivra_db::schema::{inventories, inventory_movements};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::MAX_QUANTITY;

use super::*;

/// A new movement row; the caller has checked and applied its effect on the product.
pub(crate) struct NewMovement<'a> {
    pub inventory_id: i64,
    pub kind: &'a str,
    pub state: &'a str,
    pub quantity: i64,
    pub received_quantity: Option<i64>,
    pub comment: Option<&'a str>,
    pub parcel_id: Option<ParcelId>,
    pub entry_slip_id: Option<i64>,
    pub author_id: UserId,
}

/// Inserts a movement (validated ones are decided by their author at once) and its activity.
pub(crate) fn insert(
    conn: &mut DbConnection,
    movement: NewMovement<'_>,
    action: &str,
) -> AppResult<Row> {
    let now = time::now();
    let validated = movement.state == "validated";
    let row: Row = diesel::insert_into(inventory_movements::table)
        .values((
            inventory_movements::key.eq(key::prefixed_key("MK", 10)),
            inventory_movements::code.eq(key::prefixed_key("MV", 8)),
            inventory_movements::inventory_id.eq(movement.inventory_id),
            inventory_movements::kind.eq(movement.kind),
            inventory_movements::state.eq(movement.state),
            inventory_movements::quantity.eq(movement.quantity),
            inventory_movements::received_quantity.eq(movement.received_quantity),
            inventory_movements::comment.eq(movement.comment),
            inventory_movements::parcel_id.eq(movement.parcel_id),
            inventory_movements::entry_slip_id.eq(movement.entry_slip_id),
            inventory_movements::author_id.eq(movement.author_id),
            inventory_movements::decided_by.eq(validated.then_some(movement.author_id)),
            inventory_movements::created_at.eq(now),
            inventory_movements::decided_at.eq(validated.then_some(now)),
        ))
        // the plain column tuple: RETURNING has no `SelectBy` on the multi-backend connection
        .returning(<Row as Selectable<colivra_db::DbBackend>>::construct_selection())
        .get_result(conn)
        .map_db_err()?;
    // The parcel by its tracking code: activities never name internal ids.
    let parcel: Option<String> = match movement.parcel_id {
        Some(id) => Some(
            colivra_db::schema::parcels::table
                .find(id)
                .select(colivra_db::schema::parcels::key)
                .first(conn)
                .map_db_err()?,
        ),
        None => None,
    };
    let mut details = serde_json::json!({ "quantity": movement.quantity });
    if let Some(parcel) = parcel {
        details["parcel"] = parcel.into();
    }
    activities::record(
        conn,
        activities::NewActivity {
            user_id: Some(movement.author_id),
            action,
            subject_type: Some("inventory_movement"),
            subject_key: Some(&row.key),
            details: Some(details),
        },
    )
    .map_db_err()?;
    Ok(row)
}

pub(super) fn comment_of(
    errors: &mut FieldErrors,
    comment: &Option<String>,
    required: bool,
) -> Option<String> {
    let text = comment.as_deref().unwrap_or_default().trim().to_owned();
    if required {
        errors.check_text("comment", &text, 500, "Un commentaire est obligatoire.");
    } else if text.chars().count() > 500 {
        errors.add("comment", "500 caractères au plus.");
    }
    (!text.is_empty()).then_some(text)
}

/// A product key in a body, within the scope: its id, else a 422 on `field`.
pub(super) fn product_id(
    conn: &mut DbConnection,
    scope: Scope,
    inventory_key: Option<&str>,
    field: &str,
    errors: &mut FieldErrors,
) -> AppResult<Option<i64>> {
    let Some(k) = inventory_key.map(str::trim).filter(|k| !k.is_empty()) else {
        errors.add(field, "Choisissez un produit.");
        return Ok(None);
    };
    match crate::products::row(conn, scope, k) {
        Ok(row) => Ok(Some(row.id)),
        Err(AppError::NotFound) => {
            errors.add(field, "Produit introuvable.");
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// A merchant declares an entry (pending); an admin records an adjustment (validated at once).
pub fn create(
    conn: &mut DbConnection,
    actor_id: UserId,
    scope: Scope,
    input: &MovementInput,
) -> AppResult<MovementView> {
    immediate_transaction(conn, |conn| {
        let mut errors = FieldErrors::new();
        let kind = input.kind.as_deref().unwrap_or_default().trim();
        let expected = if scope.merchant().is_some() {
            "entry"
        } else {
            "adjustment"
        };
        if kind != expected {
            errors.add(
                "type",
                if expected == "entry" {
                    "Seule une entrée peut être déclarée."
                } else {
                    "Seul un ajustement peut être saisi ; les sorties et retours viennent des colis."
                },
            );
        }
        let inventory_id = product_id(
            conn,
            scope,
            input.inventory.as_deref(),
            "inventory",
            &mut errors,
        )?;
        let quantity = input.quantity.unwrap_or(0);
        let comment = comment_of(&mut errors, &input.comment, expected == "adjustment");
        if expected == "entry" && !(1..=MAX_QUANTITY).contains(&quantity) {
            errors.add("quantity", "La quantité : de 1 à 1 000 000.");
        }
        if expected == "adjustment" && (quantity == 0 || quantity.abs() > MAX_QUANTITY) {
            errors.add(
                "quantity",
                "La variation : un nombre non nul, de -1 000 000 à 1 000 000.",
            );
        }
        errors.into_result()?;
        let inventory_id = inventory_id.unwrap_or_default();
        let row = if let Some(merchant) = scope.merchant() {
            crate::merchants::require_active(conn, merchant)?;
            insert(
                conn,
                NewMovement {
                    inventory_id,
                    kind: "entry",
                    state: "pending",
                    quantity,
                    received_quantity: None,
                    comment: comment.as_deref(),
                    parcel_id: None,
                    entry_slip_id: None,
                    author_id: actor_id,
                },
                "inventory.entry_declared",
            )?
        } else {
            // Never below zero nor below what parcels reserved.
            let changed = diesel::update(
                inventories::table
                    .find(inventory_id)
                    .filter((inventories::on_hand + quantity).ge(inventories::reserved)),
            )
            .set((
                inventories::on_hand.eq(inventories::on_hand + quantity),
                inventories::updated_at.eq(time::now()),
            ))
            .execute(conn)
            .map_db_err()?;
            if changed == 0 {
                let (on_hand, reserved): (i64, i64) = inventories::table
                    .find(inventory_id)
                    .select((inventories::on_hand, inventories::reserved))
                    .first(conn)
                    .map_db_err()?;
                return Err(AppError::validation(
                    "quantity",
                    format!(
                        "Le stock ne peut descendre sous les quantités réservées : {on_hand} en stock, {reserved} réservé(s)."
                    ),
                ));
            }
            insert(
                conn,
                NewMovement {
                    inventory_id,
                    kind: "adjustment",
                    state: "validated",
                    quantity,
                    received_quantity: None,
                    comment: comment.as_deref(),
                    parcel_id: None,
                    entry_slip_id: None,
                    author_id: actor_id,
                },
                "inventory.adjustment",
            )?
        };
        Ok(views(conn, actor_id, vec![row])?.remove(0))
    })
}

fn movement(conn: &mut DbConnection, scope: Scope, movement_key: &str) -> AppResult<Row> {
    let mut q = inventory_movements::table
        .inner_join(inventories::table)
        .filter(inventory_movements::key.eq(movement_key))
        .into_boxed();
    match scope {
        Scope::Merchant(id) => q = q.filter(inventories::merchant_id.eq(id)),
        Scope::DeliveryPerson(_) => q = q.filter(inventories::id.eq(-1)),
        Scope::Everyone => {}
    }
    q.select(Row::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

fn not_pending(row: &Row) -> AppError {
    AppError::Conflict(format!(
        "Ce mouvement n'est plus en attente : il est « {} ».",
        crate::state_label(&row.state)
    ))
}

/// An admin validates (with the quantity received) or rejects a pending entry or return.
pub fn decide(
    conn: &mut DbConnection,
    actor_id: UserId,
    movement_key: &str,
    input: &MovementDecision,
) -> AppResult<MovementView> {
    let mut errors = FieldErrors::new();
    let state = input.state.as_deref().unwrap_or_default().trim().to_owned();
    if !matches!(state.as_str(), "validated" | "rejected") {
        errors.add("state", "Choisissez « validated » ou « rejected ».");
    }
    if input
        .quantity
        .is_some_and(|q| !(0..=MAX_QUANTITY).contains(&q))
    {
        errors.add("quantity", "La quantité reçue : de 0 à 1 000 000.");
    }
    let comment = errors.optional_text("comment", input.comment.as_deref(), 500);
    errors.into_result()?;
    immediate_transaction(conn, |conn| {
        let row = movement(conn, Scope::Everyone, movement_key)?;
        if row.state != "pending" || !matches!(row.kind.as_str(), "entry" | "return") {
            return Err(not_pending(&row));
        }
        let received = (state == "validated").then(|| input.quantity.unwrap_or(row.quantity));
        // The merchant is told why he is credited with another quantity than he declared.
        if received.is_some_and(|q| q != row.quantity) && comment.is_none() {
            return Err(AppError::validation(
                "comment",
                "Dites pourquoi la quantité reçue diffère de la quantité déclarée.",
            ));
        }
        let now = time::now();
        let changed = diesel::update(
            inventory_movements::table
                .find(row.id)
                .filter(inventory_movements::state.eq("pending")),
        )
        .set((
            inventory_movements::state.eq(&state),
            inventory_movements::received_quantity.eq(received),
            inventory_movements::decided_by.eq(actor_id),
            inventory_movements::decided_at.eq(now),
            inventory_movements::decision_comment.eq(&comment),
        ))
        .execute(conn)
        .map_db_err()?;
        if changed == 0 {
            let current = movement(conn, Scope::Everyone, movement_key)?;
            return Err(not_pending(&current));
        }
        if let Some(q) = received {
            diesel::update(inventories::table.find(row.inventory_id))
                .set((
                    inventories::on_hand.eq(inventories::on_hand + q),
                    inventories::updated_at.eq(now),
                ))
                .execute(conn)
                .map_db_err()?;
        }
        activities::record(
            conn,
            activities::NewActivity {
                user_id: Some(actor_id),
                action: if received.is_some() {
                    "inventory.movement_validated"
                } else {
                    "inventory.movement_rejected"
                },
                subject_type: Some("inventory_movement"),
                subject_key: Some(&row.key),
                details: Some(match &comment {
                    Some(comment) => {
                        serde_json::json!({ "received": received, "comment": comment })
                    }
                    None => serde_json::json!({ "received": received }),
                }),
            },
        )
        .map_db_err()?;
        let row = movement(conn, Scope::Everyone, movement_key)?;
        Ok(views(conn, actor_id, vec![row])?.remove(0))
    })
}

/// Its author deletes a pending movement. Someone else's: 404 for a merchant, 409 for an admin.
pub fn delete(
    conn: &mut DbConnection,
    actor_id: UserId,
    scope: Scope,
    movement_key: &str,
) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let row = movement(conn, scope, movement_key)?;
        if row.author_id != Some(actor_id) {
            return match scope {
                Scope::Everyone => Err(AppError::Conflict(
                    "Seul l'auteur d'un mouvement peut le supprimer.".to_owned(),
                )),
                _ => Err(AppError::NotFound),
            };
        }
        if row.state != "pending" {
            return Err(not_pending(&row));
        }
        let deleted = diesel::delete(
            inventory_movements::table
                .find(row.id)
                .filter(inventory_movements::state.eq("pending")),
        )
        .execute(conn)
        .map_db_err()?;
        if deleted == 0 {
            let current = movement(conn, scope, movement_key)?;
            return Err(not_pending(&current));
        }
        activities::log(
            conn,
            Some(actor_id),
            "inventory.movement_deleted",
            "inventory_movement",
            &row.key,
        )
    })
}
