//! Movements (entry, exit, return, adjustment; pending, validated, rejected) and entry slips.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use colivra_core::{key, time, AppError, AppResult, FieldErrors, ListQuery, Paginated, Scope};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{inventories, inventory_entry_slips, inventory_movements, parcels, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::refs::UserNames;
use crate::{ClientRef, InventoryRef, PersonRef, MAX_QUANTITY};

/// A parcel a movement names.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ParcelRef {
    pub key: String,
    pub code: String,
}

/// A movement of stock.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MovementView {
    pub key: String,
    /// Printed as a Code128 barcode on the entry slip (e.g. `MV3K7P9QX2`).
    pub code: String,
    pub inventory: InventoryRef,
    pub client: ClientRef,
    /// `entry`, `exit`, `return` or `adjustment`.
    #[serde(rename = "type")]
    pub kind: String,
    pub type_label: &'static str,
    /// `pending`, `validated` or `rejected`.
    pub state: String,
    pub state_label: &'static str,
    /// Declared or asked (a signed delta for adjustments).
    pub quantity: i64,
    /// What an admin validated.
    pub received_quantity: Option<i64>,
    pub comment: Option<String>,
    pub parcel: Option<ParcelRef>,
    /// The entry slip's key.
    pub entry_slip: Option<String>,
    pub author: PersonRef,
    pub decided_by: Option<PersonRef>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub decided_at: Option<NaiveDateTime>,
    /// The caller may delete it (his own, still pending).
    pub deletable: bool,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct MovementFilters {
    /// Product key.
    pub inventory: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub state: Option<String>,
    /// Merchant key (admins).
    pub client: Option<String>,
    /// Parcel tracking code.
    pub parcel: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct MovementInput {
    /// Product key.
    pub inventory: Option<String>,
    /// `entry` (merchants) or `adjustment` (admins).
    #[serde(rename = "type")]
    #[schema(value_type = Option<String>)]
    pub kind: Option<String>,
    /// Entries: 1 to 1,000,000; adjustments: a signed delta, not 0.
    #[schema(minimum = -1000000, maximum = 1000000)]
    pub quantity: Option<i64>,
    /// Required for adjustments.
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct MovementDecision {
    /// `validated` or `rejected`.
    #[schema(value_type = Option<String>)]
    pub state: Option<String>,
    /// The quantity received (default: the declared one).
    #[schema(minimum = 0, maximum = 1000000)]
    pub quantity: Option<i64>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct EntryLine {
    /// Product key.
    pub inventory: Option<String>,
    #[schema(minimum = 1, maximum = 1000000)]
    pub quantity: Option<i64>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct EntrySlipInput {
    #[schema(min_items = 1, max_items = 100)]
    pub lines: Option<Vec<EntryLine>>,
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

/// An entry slip: several entries declared at once.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntrySlipView {
    pub key: String,
    pub code: String,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    pub movements: Vec<MovementView>,
}

/// Lines one slip may hold.
pub const MAX_SLIP_LINES: usize = 100;

#[derive(Queryable, Selectable)]
#[diesel(table_name = inventory_movements)]
pub(crate) struct Row {
    pub id: i64,
    pub key: String,
    pub code: String,
    pub inventory_id: i64,
    pub kind: String,
    pub state: String,
    pub quantity: i64,
    pub received_quantity: Option<i64>,
    pub comment: Option<String>,
    pub parcel_id: Option<i64>,
    pub entry_slip_id: Option<i64>,
    /// Null once the author's account is deleted.
    pub author_id: Option<i64>,
    pub decided_by: Option<i64>,
    pub created_at: NaiveDateTime,
    pub decided_at: Option<NaiveDateTime>,
}

pub const SORTABLE: &[&str] = &["created_at"];

/// Views of movement rows for `viewer` (who may delete which), names loaded in batches.
pub(crate) fn views(
    conn: &mut DbConnection,
    viewer: i64,
    rows: Vec<Row>,
) -> AppResult<Vec<MovementView>> {
    let mut inventory_ids: Vec<i64> = rows.iter().map(|r| r.inventory_id).collect();
    inventory_ids.sort_unstable();
    inventory_ids.dedup();
    let products: HashMap<i64, (InventoryRef, i64)> = inventories::table
        .filter(inventories::id.eq_any(&inventory_ids))
        .select((
            inventories::id,
            inventories::key,
            inventories::sku,
            inventories::name,
            inventories::client_id,
        ))
        .load::<(i64, String, String, String, i64)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, key, sku, name, client)| (id, (InventoryRef { key, sku, name }, client)))
        .collect();
    let parcel_ids: Vec<i64> = rows.iter().filter_map(|r| r.parcel_id).collect();
    let parcel_refs: HashMap<i64, String> = parcels::table
        .filter(parcels::id.eq_any(&parcel_ids))
        .select((parcels::id, parcels::key))
        .load::<(i64, String)>(conn)
        .map_db_err()?
        .into_iter()
        .collect();
    let slip_ids: Vec<i64> = rows.iter().filter_map(|r| r.entry_slip_id).collect();
    let slips: HashMap<i64, String> = inventory_entry_slips::table
        .filter(inventory_entry_slips::id.eq_any(&slip_ids))
        .select((inventory_entry_slips::id, inventory_entry_slips::key))
        .load::<(i64, String)>(conn)
        .map_db_err()?
        .into_iter()
        .collect();
    let mut user_ids: Vec<i64> = rows.iter().filter_map(|r| r.author_id).collect();
    user_ids.extend(rows.iter().filter_map(|r| r.decided_by));
    user_ids.extend(products.values().map(|(_, c)| *c));
    let names = UserNames::load(conn, user_ids)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let (inventory, client_id) = products.get(&r.inventory_id).cloned().unwrap_or_default();
            MovementView {
                inventory,
                client: names.client(client_id),
                type_label: crate::type_label(&r.kind),
                state_label: crate::state_label(&r.state),
                deletable: r.author_id == Some(viewer) && r.state == "pending",
                parcel: r.parcel_id.and_then(|id| {
                    parcel_refs.get(&id).map(|code| ParcelRef {
                        key: code.clone(),
                        code: code.clone(),
                    })
                }),
                entry_slip: r.entry_slip_id.and_then(|id| slips.get(&id).cloned()),
                author: r.author_id.map(|id| names.person(id)).unwrap_or_default(),
                decided_by: r.decided_by.map(|id| names.person(id)),
                key: r.key,
                code: r.code,
                kind: r.kind,
                state: r.state,
                quantity: r.quantity,
                received_quantity: r.received_quantity,
                comment: r.comment,
                created_at: r.created_at,
                decided_at: r.decided_at,
            }
        })
        .collect())
}

fn check_filter(field: &str, value: &Option<String>, allowed: &[(&str, &str)]) -> AppResult<()> {
    match value {
        Some(v) if !allowed.iter().any(|(k, _)| k == v) => {
            Err(AppError::validation(field, "Valeur inconnue."))
        }
        _ => Ok(()),
    }
}

pub fn list(
    conn: &mut DbConnection,
    viewer: i64,
    scope: Scope,
    query: &ListQuery,
    filters: &MovementFilters,
) -> AppResult<Paginated<MovementView>> {
    let search = query.search()?;
    let sort = query.sort(SORTABLE)?;
    check_filter("type", &filters.kind, crate::TYPES)?;
    check_filter("state", &filters.state, crate::STATES)?;
    let filtered = || {
        let mut q = inventory_movements::table
            .inner_join(inventories::table.inner_join(users::table))
            .left_join(parcels::table)
            .into_boxed();
        match scope {
            Scope::Merchant(id) => q = q.filter(inventories::client_id.eq(id)),
            Scope::DeliveryPerson(_) => q = q.filter(inventories::id.eq(-1)),
            Scope::Everyone => {}
        }
        if let Some(v) = &filters.inventory {
            q = q.filter(inventories::key.eq(v.clone()));
        }
        if let Some(v) = &filters.kind {
            q = q.filter(inventory_movements::kind.eq(v.clone()));
        }
        if let Some(v) = &filters.state {
            q = q.filter(inventory_movements::state.eq(v.clone()));
        }
        if let Some(v) = &filters.client {
            q = q.filter(users::key.eq(v.clone()));
        }
        if let Some(v) = &filters.parcel {
            q = q.filter(parcels::key.eq(v.clone()));
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(inventory_movements::code)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(inventories::sku).like(pattern.clone()).escape('\\'))
                    .or(lower(inventories::name).like(pattern).escape('\\')),
            );
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = filtered();
            let q = if sort.column == "created_at" && !sort.descending && query.sort.is_some() {
                q.order(inventory_movements::id.asc())
            } else {
                q.order(inventory_movements::id.desc())
            };
            q.select(Row::as_select())
                .limit(limit)
                .offset(offset)
                .load(conn)
        },
    )?;
    page.try_map_all(|rows| views(conn, viewer, rows))
}

/// The product's latest movements, newest first.
pub(crate) fn latest_of(
    conn: &mut DbConnection,
    viewer: i64,
    inventory_id: i64,
    limit: i64,
) -> AppResult<Vec<MovementView>> {
    let rows: Vec<Row> = inventory_movements::table
        .filter(inventory_movements::inventory_id.eq(inventory_id))
        .order(inventory_movements::id.desc())
        .select(Row::as_select())
        .limit(limit)
        .load(conn)
        .map_db_err()?;
    views(conn, viewer, rows)
}

/// A new movement row; the caller has checked and applied its effect on the product.
pub(crate) struct NewMovement<'a> {
    pub inventory_id: i64,
    pub kind: &'a str,
    pub state: &'a str,
    pub quantity: i64,
    pub received_quantity: Option<i64>,
    pub comment: Option<&'a str>,
    pub parcel_id: Option<i64>,
    pub entry_slip_id: Option<i64>,
    pub author_id: i64,
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

fn comment_of(
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
fn product_id(
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
    actor_id: i64,
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
            crate::clients::require_active(conn, merchant)?;
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

/// A merchant declares several entries at once on one slip.
pub fn create_slip(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
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
        crate::clients::require_active(conn, merchant_id)?;
        let now = time::now();
        let slip_key = key::prefixed_key("ES", 10);
        let code = key::prefixed_key("BE", 8);
        let slip_id: i64 = diesel::insert_into(inventory_entry_slips::table)
            .values((
                inventory_entry_slips::key.eq(&slip_key),
                inventory_entry_slips::code.eq(&code),
                inventory_entry_slips::client_id.eq(merchant_id),
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
    pub client: ClientRef,
    pub comment: Option<String>,
    pub movements: Vec<MovementView>,
}

pub fn slip(
    conn: &mut DbConnection,
    viewer: i64,
    scope: Scope,
    slip_key: &str,
) -> AppResult<SlipForPrint> {
    let mut q = inventory_entry_slips::table
        .filter(inventory_entry_slips::key.eq(slip_key))
        .into_boxed();
    match scope {
        Scope::Merchant(id) => q = q.filter(inventory_entry_slips::client_id.eq(id)),
        Scope::DeliveryPerson(_) => q = q.filter(inventory_entry_slips::id.eq(-1)),
        Scope::Everyone => {}
    }
    let (id, code, client_id, comment, created_at): (
        i64,
        String,
        i64,
        Option<String>,
        NaiveDateTime,
    ) = q
        .select((
            inventory_entry_slips::id,
            inventory_entry_slips::code,
            inventory_entry_slips::client_id,
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
    let client = UserNames::load(conn, vec![client_id])?.client(client_id);
    Ok(SlipForPrint {
        code,
        created_at,
        client,
        comment,
        movements: views(conn, viewer, rows)?,
    })
}

fn movement(conn: &mut DbConnection, scope: Scope, movement_key: &str) -> AppResult<Row> {
    let mut q = inventory_movements::table
        .inner_join(inventories::table)
        .filter(inventory_movements::key.eq(movement_key))
        .into_boxed();
    match scope {
        Scope::Merchant(id) => q = q.filter(inventories::client_id.eq(id)),
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
    actor_id: i64,
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
    errors.into_result()?;
    immediate_transaction(conn, |conn| {
        let row = movement(conn, Scope::Everyone, movement_key)?;
        if row.state != "pending" || !matches!(row.kind.as_str(), "entry" | "return") {
            return Err(not_pending(&row));
        }
        let received = (state == "validated").then(|| input.quantity.unwrap_or(row.quantity));
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
                details: Some(serde_json::json!({ "received": received })),
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
    actor_id: i64,
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
