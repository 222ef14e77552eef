//! Products in stock: SKU (unique per merchant), name, alert threshold, on hand, reserved.

use chrono::NaiveDateTime;
use colivra_core::{key, time, AppError, AppResult, FieldErrors, ListQuery, Paginated, Scope};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{inventories, inventory_movements, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::movements::MovementView;
use crate::refs::UserNames;
use crate::{ClientRef, MAX_QUANTITY};

/// A product in stock.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InventoryView {
    pub key: String,
    pub sku: String,
    pub name: String,
    pub alert_threshold: Option<i64>,
    pub on_hand: i64,
    pub reserved: i64,
    /// On hand − reserved.
    pub available: i64,
    /// Available at or below the alert threshold.
    pub low: bool,
    /// Quantity declared in pending entries, not yet received.
    pub pending_entries: i64,
    pub client: ClientRef,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

/// A product with its latest movements (newest first, at most 100).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InventoryDetail {
    #[serde(flatten)]
    pub inventory: InventoryView,
    pub movements: Vec<MovementView>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct InventoryInput {
    /// 1–64 characters `[A-Za-z0-9._-]`, unique per merchant; fixed once created.
    #[schema(min_length = 1, max_length = 64, pattern = "^[A-Za-z0-9._-]{1,64}$")]
    pub sku: Option<String>,
    #[schema(min_length = 1, max_length = 150)]
    pub name: Option<String>,
    #[schema(minimum = 0, maximum = 1000000)]
    pub alert_threshold: Option<i64>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct InventoryFilters {
    /// A merchant's key (admins).
    pub client: Option<String>,
    /// `true`: only products at or below their alert threshold.
    pub low: Option<bool>,
}

pub const SORTABLE: &[&str] = &["name", "sku", "available", "created_at"];

/// The default order's first key: low products (available at or below the threshold) first.
const LOW_FIRST: &str = "CASE WHEN inventories.alert_threshold IS NOT NULL \
    AND inventories.on_hand - inventories.reserved <= inventories.alert_threshold THEN 0 ELSE 1 END";

#[derive(Queryable, Selectable)]
#[diesel(table_name = inventories)]
pub(crate) struct Row {
    pub id: i64,
    pub key: String,
    pub client_id: i64,
    pub sku: String,
    pub name: String,
    pub alert_threshold: Option<i64>,
    pub on_hand: i64,
    pub reserved: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

fn views(conn: &mut DbConnection, rows: Vec<Row>) -> AppResult<Vec<InventoryView>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut pending: std::collections::HashMap<i64, i64> = std::collections::HashMap::new();
    for (id, quantity) in inventory_movements::table
        .filter(inventory_movements::inventory_id.eq_any(&ids))
        .filter(inventory_movements::kind.eq("entry"))
        .filter(inventory_movements::state.eq("pending"))
        .select((
            inventory_movements::inventory_id,
            inventory_movements::quantity,
        ))
        .load::<(i64, i64)>(conn)
        .map_db_err()?
    {
        *pending.entry(id).or_default() += quantity;
    }
    let names = UserNames::load(conn, rows.iter().map(|r| r.client_id).collect())?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let available = r.on_hand - r.reserved;
            InventoryView {
                low: r.alert_threshold.is_some_and(|t| available <= t),
                pending_entries: pending.get(&r.id).copied().unwrap_or(0),
                client: names.client(r.client_id),
                key: r.key,
                sku: r.sku,
                name: r.name,
                alert_threshold: r.alert_threshold,
                on_hand: r.on_hand,
                reserved: r.reserved,
                available,
                created_at: r.created_at,
                updated_at: r.updated_at,
            }
        })
        .collect())
}

pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &InventoryFilters,
) -> AppResult<Paginated<InventoryView>> {
    let search = query.search()?;
    let sort = query
        .sort
        .as_ref()
        .map(|_| query.sort(SORTABLE))
        .transpose()?;
    let filtered = || {
        let mut q = inventories::table.inner_join(users::table).into_boxed();
        match scope {
            Scope::Merchant(id) => q = q.filter(inventories::client_id.eq(id)),
            Scope::DeliveryPerson(_) => q = q.filter(inventories::id.eq(-1)),
            Scope::Everyone => {}
        }
        if let Some(client) = &filters.client {
            q = q.filter(users::key.eq(client.clone()));
        }
        if filters.low == Some(true) {
            q = q.filter(
                inventories::alert_threshold.is_not_null().and(
                    (inventories::on_hand - inventories::reserved)
                        .le(inventories::alert_threshold.assume_not_null()),
                ),
            );
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(inventories::name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(inventories::sku).like(pattern).escape('\\')),
            );
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let rows: Vec<Row> = match &sort {
                Some(sort) => colivra_db::order_by!(filtered(), sort, then inventories::id;
                    "name" => colivra_db::listing::fold(inventories::name),
                    "sku" => inventories::sku,
                    "available" => inventories::on_hand - inventories::reserved,
                    "created_at" => inventories::id)
                .select(Row::as_select())
                .limit(limit)
                .offset(offset)
                .load(conn)?,
                // Low first (available at or below the threshold), then by name.
                None => filtered()
                    .order((
                        diesel::dsl::sql::<diesel::sql_types::BigInt>(LOW_FIRST).asc(),
                        colivra_db::listing::fold(inventories::name).asc(),
                        inventories::id.asc(),
                    ))
                    .select(Row::as_select())
                    .limit(limit)
                    .offset(offset)
                    .load(conn)?,
            };
            Ok(rows)
        },
    )?;
    Ok(Paginated {
        data: views(conn, page.data)?,
        meta: page.meta,
    })
}

/// The product `key` within `scope` (404 outside it).
pub(crate) fn row(conn: &mut DbConnection, scope: Scope, inventory_key: &str) -> AppResult<Row> {
    let mut q = inventories::table
        .filter(inventories::key.eq(inventory_key))
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

pub(crate) fn view_by_id(conn: &mut DbConnection, id: i64) -> AppResult<InventoryView> {
    let rows: Vec<Row> = inventories::table
        .find(id)
        .select(Row::as_select())
        .load(conn)
        .map_db_err()?;
    views(conn, rows)?.pop().ok_or(AppError::NotFound)
}

pub fn show(
    conn: &mut DbConnection,
    viewer: i64,
    scope: Scope,
    inventory_key: &str,
) -> AppResult<InventoryDetail> {
    let row = row(conn, scope, inventory_key)?;
    let movements = crate::movements::latest_of(conn, viewer, row.id, 100)?;
    let inventory = views(conn, vec![row])?.remove(0);
    Ok(InventoryDetail {
        inventory,
        movements,
    })
}

pub(crate) fn valid_sku(sku: &str) -> bool {
    (1..=64).contains(&sku.len())
        && sku
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// A checked product: SKU, name, threshold.
pub(crate) struct ValidProduct {
    pub sku: String,
    pub name: String,
    pub alert_threshold: Option<i64>,
}

/// The form's checks (the SKU's uniqueness aside). `sku` is None on edit (fixed).
pub(crate) fn check(input: &InventoryInput, creating: bool) -> Result<ValidProduct, FieldErrors> {
    let mut errors = FieldErrors::new();
    let sku = input.sku.as_deref().unwrap_or_default().trim().to_owned();
    if creating && !valid_sku(&sku) {
        errors.add(
            "sku",
            "La référence (SKU) : 1 à 64 caractères parmi lettres, chiffres, « . », « _ » et « - ».",
        );
    }
    let name = input.name.as_deref().unwrap_or_default().trim().to_owned();
    errors.check_text("name", &name, 150, "Le nom est obligatoire.");
    if let Some(t) = input.alert_threshold {
        if !(0..=MAX_QUANTITY).contains(&t) {
            errors.add("alert_threshold", "Le seuil d'alerte : de 0 à 1 000 000.");
        }
    }
    if errors.is_empty() {
        Ok(ValidProduct {
            sku,
            name,
            alert_threshold: input.alert_threshold,
        })
    } else {
        Err(errors)
    }
}

pub(crate) const SKU_TAKEN: &str = "Cette référence (SKU) existe déjà.";

/// Inserts a checked product for the merchant (422 on `sku` when taken); no activity.
pub(crate) fn insert(
    conn: &mut DbConnection,
    merchant_id: i64,
    product: &ValidProduct,
) -> AppResult<String> {
    let taken: i64 = inventories::table
        .filter(inventories::client_id.eq(merchant_id))
        .filter(inventories::sku.eq(&product.sku))
        .count()
        .get_result(conn)
        .map_db_err()?;
    if taken > 0 {
        return Err(AppError::validation("sku", SKU_TAKEN));
    }
    let now = time::now();
    let inventory_key = key::prefixed_key("P", 10);
    diesel::insert_into(inventories::table)
        .values((
            inventories::key.eq(&inventory_key),
            inventories::client_id.eq(merchant_id),
            inventories::sku.eq(&product.sku),
            inventories::name.eq(&product.name),
            inventories::alert_threshold.eq(product.alert_threshold),
            inventories::on_hand.eq(0),
            inventories::reserved.eq(0),
            inventories::created_at.eq(now),
            inventories::updated_at.eq(now),
        ))
        .execute(conn)
        .map_err(|e| {
            if colivra_db::error::is_unique_violation(&e) {
                AppError::validation("sku", SKU_TAKEN)
            } else {
                colivra_db::error::app_error_from_diesel(e)
            }
        })?;
    Ok(inventory_key)
}

pub fn create(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
    input: &InventoryInput,
) -> AppResult<InventoryView> {
    let product = check(input, true).map_err(AppError::Validation)?;
    immediate_transaction(conn, |conn| {
        crate::clients::require_active(conn, merchant_id)?;
        let inventory_key = insert(conn, merchant_id, &product)?;
        activities::log(
            conn,
            Some(actor_id),
            "inventory.product_created",
            "inventory",
            &inventory_key,
        )?;
        let r = row(conn, Scope::Merchant(merchant_id), &inventory_key)?;
        view_by_id(conn, r.id)
    })
}

/// Edits name and threshold (the SKU is fixed); absent fields keep their value.
pub fn update(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
    inventory_key: &str,
    input: &InventoryInput,
) -> AppResult<InventoryView> {
    immediate_transaction(conn, |conn| {
        let current = row(conn, Scope::Merchant(merchant_id), inventory_key)?;
        crate::clients::require_active(conn, merchant_id)?;
        if input
            .sku
            .as_deref()
            .is_some_and(|s| s.trim() != current.sku)
        {
            return Err(AppError::validation(
                "sku",
                "La référence (SKU) ne change pas après la création.",
            ));
        }
        let merged = InventoryInput {
            sku: None,
            name: input.name.clone().or(Some(current.name)),
            alert_threshold: input.alert_threshold.or(current.alert_threshold),
        };
        let product = check(&merged, false).map_err(AppError::Validation)?;
        diesel::update(inventories::table.find(current.id))
            .set((
                inventories::name.eq(&product.name),
                inventories::alert_threshold.eq(product.alert_threshold),
                inventories::updated_at.eq(time::now()),
            ))
            .execute(conn)
            .map_db_err()?;
        activities::log(
            conn,
            Some(actor_id),
            "inventory.product_updated",
            "inventory",
            inventory_key,
        )?;
        view_by_id(conn, current.id)
    })
}

/// The import template: `;` as Excel in French expects, one example.
pub const TEMPLATE_CSV: &str = "sku;name;alert_threshold\r\nTSHIRT-M;T-shirt taille M;5\r\n";

/// Rows one product file may hold.
pub const MAX_IMPORT_ROWS: usize = 5_000;

/// Header names accepted for each field.
const IMPORT_COLUMNS: &[(&str, &[&str])] = &[
    ("sku", &["sku", "reference", "référence", "ref"]),
    (
        "name",
        &["name", "nom", "produit", "designation", "désignation"],
    ),
    (
        "alert_threshold",
        &["alert_threshold", "seuil", "seuil_alerte", "seuil_d'alerte"],
    ),
];

/// Creates every product of the file (CSV or xlsx, columns `sku,name,alert_threshold`) in one
/// transaction, or none: a wrong row is a 422 with errors per line (`lines.3.sku`, the header
/// being line 1); a file-level problem a 422 on `file`. Returns how many were created.
pub fn import(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
    bytes: &[u8],
) -> AppResult<usize> {
    let file_error = |message: String| AppError::validation("file", message);
    let cells = colivra_documents::sheet::read_rows(bytes).map_err(file_error)?;
    let mut lines = cells.into_iter().enumerate();
    let (_, header) = lines
        .next()
        .ok_or_else(|| file_error("Le fichier est vide.".to_owned()))?;
    let mut positions: std::collections::HashMap<&str, usize> = Default::default();
    for (index, name) in header.iter().enumerate() {
        let name = colivra_documents::sheet::fold_header(name);
        if let Some((field, _)) = IMPORT_COLUMNS
            .iter()
            .find(|(_, names)| names.contains(&name.as_str()))
        {
            positions.entry(field).or_insert(index);
        }
    }
    if !positions.contains_key("sku") || !positions.contains_key("name") {
        return Err(file_error(
            "Colonnes manquantes : sku et name sont obligatoires. Partez du modèle à télécharger."
                .to_owned(),
        ));
    }
    let mut errors = FieldErrors::new();
    let mut products: Vec<(usize, ValidProduct)> = Vec::new();
    for (index, cells) in lines {
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if products.len() + errors.0.len() >= MAX_IMPORT_ROWS {
            return Err(file_error(format!(
                "{MAX_IMPORT_ROWS} lignes au plus par fichier : découpez-le."
            )));
        }
        let line = index + 1;
        let cell = |field: &str| -> Option<String> {
            positions
                .get(field)
                .and_then(|&i| cells.get(i))
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let mut row_errors = FieldErrors::new();
        let alert_threshold = match cell("alert_threshold") {
            Some(raw) => match raw.parse::<i64>() {
                Ok(t) => Some(t),
                Err(_) => {
                    row_errors.add("alert_threshold", format!("« {raw} » n'est pas un nombre."));
                    None
                }
            },
            None => None,
        };
        let input = InventoryInput {
            sku: cell("sku"),
            name: cell("name"),
            alert_threshold,
        };
        match check(&input, true) {
            Ok(product) if row_errors.is_empty() => products.push((line, product)),
            Ok(_) => {}
            Err(found) => {
                for (field, messages) in found.0 {
                    for message in messages {
                        row_errors.add(field.clone(), message);
                    }
                }
            }
        }
        for (field, messages) in row_errors.0 {
            for message in messages {
                errors.add(format!("lines.{line}.{field}"), message);
            }
        }
    }
    if products.is_empty() && errors.is_empty() {
        return Err(file_error(
            "Le fichier ne contient aucune ligne de produit.".to_owned(),
        ));
    }
    immediate_transaction(conn, |conn| {
        crate::clients::require_active(conn, merchant_id)?;
        let existing: std::collections::HashSet<String> = inventories::table
            .filter(inventories::client_id.eq(merchant_id))
            .select(inventories::sku)
            .load::<String>(conn)
            .map_db_err()?
            .into_iter()
            .collect();
        let mut seen = std::collections::HashSet::new();
        for (line, product) in &products {
            if existing.contains(&product.sku) {
                errors.add(format!("lines.{line}.sku"), SKU_TAKEN);
            } else if !seen.insert(product.sku.clone()) {
                errors.add(
                    format!("lines.{line}.sku"),
                    "SKU en double dans le fichier.",
                );
            }
        }
        errors.clone().into_result()?;
        for (_, product) in &products {
            let inventory_key = insert(conn, merchant_id, product)?;
            activities::log(
                conn,
                Some(actor_id),
                "inventory.product_created",
                "inventory",
                &inventory_key,
            )?;
        }
        Ok(products.len())
    })
}
