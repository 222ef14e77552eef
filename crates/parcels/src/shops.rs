//! A merchant's shops: parcels belong to a shop. Merchants manage their own; admins see them per
//! merchant and edit them. A shop's RIB (its payout account) changes only through a kept,
//! recorded change: a merchant's waits for an admin's approval, an admin's applies at once.

use chrono::NaiveDateTime;
use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{key, time, AppError, AppResult, FieldErrors, ListQuery, Paginated, Scope};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::shop_bank_account_changes as changes;
use colivra_db::schema::{cities, shops, users};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

/// A shop as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ShopView {
    pub key: String,
    pub name: String,
    pub phone: String,
    pub address: String,
    /// City key.
    pub city: String,
    pub city_name: String,
    /// The approved RIB, where transfers go: in full for the shop's own merchant, masked but for
    /// its last 4 digits (`•••• 1234`) for anyone else; null when none.
    pub bank_account: Option<String>,
    /// The shop's latest RIB change (asked by the merchant or made by an admin), null when none.
    pub bank_account_change: Option<BankAccountChangeRef>,
    /// The merchant's key.
    pub client: String,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

/// Where a RIB change stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BankAccountChangeStatus {
    /// Asked by the merchant, waiting for an admin.
    Pending,
    /// In force: transfers and new invoices use it.
    Approved,
    /// Refused by an admin (his comment says why); the approved RIB stays.
    Refused,
    /// A newer request of the merchant took its place before anyone decided.
    Replaced,
}

impl BankAccountChangeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Refused => "refused",
            Self::Replaced => "replaced",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [Self::Pending, Self::Approved, Self::Refused, Self::Replaced]
            .into_iter()
            .find(|s| s.as_str() == value.trim())
    }
}

/// A shop's latest RIB change, as its shop view carries it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BankAccountChangeRef {
    pub key: String,
    /// The RIB asked for (masked as the shop's `bank_account` is).
    pub bank_account: String,
    pub status: BankAccountChangeStatus,
    /// The admin's reason, on a refusal.
    pub comment: Option<String>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub requested_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub decided_at: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ShopInput {
    #[schema(min_length = 1, max_length = 100)]
    pub name: Option<String>,
    #[schema(schema_with = colivra_core::phone::optional_schema)]
    pub phone: Option<String>,
    #[schema(min_length = 1, max_length = 255)]
    pub address: Option<String>,
    /// City key (an active city).
    pub city: Option<String>,
    /// 24-digit Moroccan RIB (spaces allowed) whose key checks; absent or null keeps the RIB.
    /// At creation it is the shop's approved RIB; later a merchant's new RIB waits for an
    /// admin's approval (202), an admin's applies at once. A RIB once set is replaced, never
    /// removed (empty: 422).
    #[schema(pattern = "^\\s*(\\d\\s*){24}$|^\\s*$")]
    pub bank_account: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct ShopFilters {
    /// A merchant's key (admins).
    pub client: Option<String>,
}

/// A Moroccan RIB: 24 digits (bank, city, account, 2-digit key) whose value is 0 modulo 97.
pub fn is_valid_rib(rib: &str) -> bool {
    rib.len() == 24
        && rib.bytes().all(|b| b.is_ascii_digit())
        && rib.bytes().fold(0u32, |rest, digit| {
            (rest * 10 + u32::from(digit - b'0')) % 97
        }) == 0
}

pub const RIB_MESSAGE: &str = "RIB invalide : 24 chiffres dont la clé de contrôle.";

/// A shop row with its city and merchant, before the RIB is shown or masked.
#[derive(Debug, Clone, Queryable)]
struct ShopRow {
    id: i64,
    key: String,
    name: String,
    phone: String,
    address: String,
    city: String,
    city_name: String,
    bank_account: Option<String>,
    client: String,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

const SHOP_COLUMNS: (
    shops::id,
    shops::key,
    shops::name,
    shops::phone,
    shops::address,
    cities::key,
    cities::name,
    shops::bank_account,
    users::key,
    shops::created_at,
    shops::updated_at,
) = (
    shops::id,
    shops::key,
    shops::name,
    shops::phone,
    shops::address,
    cities::key,
    cities::name,
    shops::bank_account,
    users::key,
    shops::created_at,
    shops::updated_at,
);

pub const SORTABLE: &[&str] = &["name", "created_at"];

/// "•••• 1234": a RIB as lists, activities and notices show it (its last 4 digits).
pub fn mask_rib(rib: &str) -> String {
    let digits: Vec<char> = rib.chars().filter(char::is_ascii_digit).collect();
    let last: String = digits[digits.len().saturating_sub(4)..].iter().collect();
    format!("•••• {last}")
}

/// A RIB as `scope` may see it: in full for the shop's own merchant, masked for anyone else.
fn shown_rib(scope: Scope, rib: &str) -> String {
    match scope {
        Scope::Merchant(_) => rib.to_owned(),
        _ => mask_rib(rib),
    }
}

/// The views of `rows` for `scope`, each with its latest RIB change (one query for the page).
fn views(conn: &mut DbConnection, scope: Scope, rows: Vec<ShopRow>) -> AppResult<Vec<ShopView>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let changes: Vec<(i64, ChangeRow)> = changes::table
        .filter(changes::shop_id.eq_any(&ids))
        .filter(changes::status.ne(BankAccountChangeStatus::Replaced.as_str()))
        .order(changes::id.desc())
        .select((changes::shop_id, ChangeRow::as_select()))
        .load(conn)
        .map_db_err()?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let latest =
                changes
                    .iter()
                    .find(|(shop_id, _)| *shop_id == row.id)
                    .map(|(_, change)| BankAccountChangeRef {
                        key: change.key.clone(),
                        bank_account: shown_rib(scope, &change.new_bank_account),
                        status: change.status(),
                        comment: change.comment.clone(),
                        requested_at: change.requested_at,
                        decided_at: change.decided_at,
                    });
            ShopView {
                key: row.key,
                name: row.name,
                phone: row.phone,
                address: row.address,
                city: row.city,
                city_name: row.city_name,
                bank_account: row.bank_account.as_deref().map(|rib| shown_rib(scope, rib)),
                bank_account_change: latest,
                client: row.client,
                created_at: row.created_at,
                updated_at: row.updated_at,
            }
        })
        .collect())
}

pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &ShopFilters,
) -> AppResult<Paginated<ShopView>> {
    let search = query.search()?;
    let sort = query.sort(SORTABLE)?;
    let filtered = || {
        let mut q = shops::table
            .inner_join(cities::table)
            .inner_join(users::table)
            .into_boxed();
        match scope {
            Scope::Merchant(id) => q = q.filter(shops::client_id.eq(id)),
            // Delivery people have no shops.
            Scope::DeliveryPerson(_) => q = q.filter(shops::id.eq(-1)),
            Scope::Everyone => {}
        }
        if let Some(client) = &filters.client {
            q = q.filter(users::key.eq(client.clone()));
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(shops::name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(shops::phone.like(pattern.clone()).escape('\\'))
                    .or(lower(cities::name).like(pattern).escape('\\')),
            );
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = colivra_db::order_by!(filtered(), sort, then shops::id;
                "name" => colivra_db::listing::fold(shops::name),
                "created_at" => shops::id);
            q.select(SHOP_COLUMNS)
                .limit(limit)
                .offset(offset)
                .load::<ShopRow>(conn)
        },
    )?;
    Ok(Paginated {
        data: views(conn, scope, page.data)?,
        meta: page.meta,
    })
}

fn get(conn: &mut DbConnection, scope: Scope, shop_key: &str) -> AppResult<ShopRow> {
    let mut q = shops::table
        .inner_join(cities::table)
        .inner_join(users::table)
        .filter(shops::key.eq(shop_key))
        .into_boxed();
    match scope {
        Scope::Merchant(id) => q = q.filter(shops::client_id.eq(id)),
        Scope::DeliveryPerson(_) => q = q.filter(shops::id.eq(-1)),
        Scope::Everyone => {}
    }
    q.select(SHOP_COLUMNS)
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

fn view(conn: &mut DbConnection, scope: Scope, shop_key: &str) -> AppResult<ShopView> {
    let row = get(conn, scope, shop_key)?;
    views(conn, scope, vec![row])?
        .pop()
        .ok_or(AppError::NotFound)
}

struct ValidShop {
    name: String,
    phone: String,
    address: String,
    city_id: i64,
    bank_account: Option<String>,
}

fn validate(conn: &mut DbConnection, input: &ShopInput) -> AppResult<ValidShop> {
    let mut errors = FieldErrors::new();
    let text = |value: &Option<String>| value.as_deref().unwrap_or_default().trim().to_owned();
    let name = text(&input.name);
    errors.check_text("name", &name, 100, "Le nom est obligatoire.");
    let phone = normalize_moroccan_phone(&text(&input.phone)).unwrap_or_else(|| {
        errors.add("phone", PHONE_MESSAGE);
        String::new()
    });
    let address = text(&input.address);
    errors.check_text("address", &address, 255, "L'adresse est obligatoire.");
    let city_id: Option<i64> = cities::table
        .filter(cities::key.eq(text(&input.city)))
        .filter(cities::active.eq(true))
        .select(cities::id)
        .first(conn)
        .optional()
        .map_db_err()?;
    if city_id.is_none() {
        errors.add("city", "Choisissez une ville desservie.");
    }
    let rib: String = text(&input.bank_account)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let bank_account = if rib.is_empty() {
        None
    } else {
        if !is_valid_rib(&rib) {
            errors.add("bank_account", RIB_MESSAGE);
        }
        Some(rib)
    };
    errors.into_result()?;
    Ok(ValidShop {
        name,
        phone,
        address,
        city_id: city_id.unwrap_or_default(),
        bank_account,
    })
}

/// A new shop of the merchant. The RIB given now is its approved one at once: no money is owed
/// to a shop without parcels, and every later change waits for an admin.
pub fn create(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
    input: ShopInput,
) -> AppResult<ShopView> {
    immediate_transaction(conn, |conn| {
        let valid = validate(conn, &input)?;
        let now = time::now();
        let shop_key = key::prefixed_key("S", 9);
        diesel::insert_into(shops::table)
            .values((
                shops::key.eq(&shop_key),
                shops::client_id.eq(merchant_id),
                shops::name.eq(&valid.name),
                shops::phone.eq(&valid.phone),
                shops::address.eq(&valid.address),
                shops::city_id.eq(valid.city_id),
                shops::bank_account.eq(&valid.bank_account),
                shops::created_at.eq(now),
                shops::updated_at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
        record(
            conn,
            actor_id,
            "shop.created",
            &shop_key,
            json!({
                "shop": shop_key,
                "name": valid.name,
                "bank_account": valid.bank_account.as_deref().map(mask_rib),
            }),
        )?;
        view(conn, Scope::Merchant(merchant_id), &shop_key)
    })
}

/// What an edit did: the shop, and whether it opened a RIB change waiting for an admin.
pub struct ShopUpdate {
    pub shop: ShopView,
    pub change_requested: bool,
}

/// Edits a shop within `scope`; fields left out keep their value. A merchant's new RIB opens a
/// change that waits for an admin (replacing his pending one, if any); an admin's applies at
/// once. Either way the change is kept with the old and the new RIB, and recorded.
pub fn update(
    conn: &mut DbConnection,
    actor_id: i64,
    scope: Scope,
    shop_key: &str,
    input: ShopInput,
) -> AppResult<ShopUpdate> {
    immediate_transaction(conn, |conn| {
        let current = get(conn, scope, shop_key)?;
        let merged = ShopInput {
            name: input.name.clone().or(Some(current.name.clone())),
            phone: input.phone.clone().or(Some(current.phone.clone())),
            address: input.address.clone().or(Some(current.address.clone())),
            city: input.city.clone().or(Some(current.city.clone())),
            bank_account: input.bank_account.clone().or(current.bank_account.clone()),
        };
        let valid = validate(conn, &merged)?;
        let change_requested = match (&valid.bank_account, &current.bank_account) {
            (new, old) if new == old => false,
            (None, Some(_)) => {
                return Err(AppError::validation(
                    "bank_account",
                    "Le RIB d'une boutique ne peut pas être retiré : saisissez le nouveau RIB.",
                ))
            }
            (Some(new), _) => match scope {
                Scope::Everyone => {
                    apply_now(conn, actor_id, &current, new)?;
                    false
                }
                _ => request(conn, actor_id, &current, new)?,
            },
            (None, None) => false,
        };
        let now = time::now();
        diesel::update(shops::table.find(current.id))
            .set((
                shops::name.eq(&valid.name),
                shops::phone.eq(&valid.phone),
                shops::address.eq(&valid.address),
                shops::city_id.eq(valid.city_id),
                shops::updated_at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
        let after = get(conn, scope, shop_key)?;
        let edited = field_changes(&current, &after);
        if !edited.is_empty() {
            let mut details = serde_json::Map::new();
            details.insert("shop".into(), json!(shop_key));
            details.extend(edited);
            record(
                conn,
                actor_id,
                "shop.updated",
                shop_key,
                serde_json::Value::Object(details),
            )?;
        }
        Ok(ShopUpdate {
            shop: view(conn, scope, shop_key)?,
            change_requested,
        })
    })
}

/// `{"<field>": {"old", "new"}}` for the shop's details that an edit changed.
fn field_changes(before: &ShopRow, after: &ShopRow) -> serde_json::Map<String, serde_json::Value> {
    [
        ("name", &before.name, &after.name),
        ("phone", &before.phone, &after.phone),
        ("address", &before.address, &after.address),
        ("city", &before.city_name, &after.city_name),
    ]
    .into_iter()
    .filter(|(_, old, new)| old != new)
    .map(|(field, old, new)| (field.to_owned(), json!({"old": old, "new": new})))
    .collect()
}

fn record(
    conn: &mut DbConnection,
    actor_id: i64,
    action: &str,
    shop_key: &str,
    details: serde_json::Value,
) -> AppResult<()> {
    colivra_db::activities::record(
        conn,
        colivra_db::activities::NewActivity {
            user_id: Some(actor_id),
            action,
            subject_type: Some("shop"),
            subject_key: Some(shop_key),
            details: Some(details),
        },
    )
    .map_db_err()
}

/// A RIB change row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = changes)]
struct ChangeRow {
    id: i64,
    key: String,
    shop_id: i64,
    old_bank_account: Option<String>,
    new_bank_account: String,
    status: String,
    comment: Option<String>,
    requested_by: Option<i64>,
    decided_by: Option<i64>,
    requested_at: NaiveDateTime,
    decided_at: Option<NaiveDateTime>,
}

impl ChangeRow {
    fn status(&self) -> BankAccountChangeStatus {
        BankAccountChangeStatus::parse(&self.status).unwrap_or(BankAccountChangeStatus::Pending)
    }
}

fn pending_of(conn: &mut DbConnection, shop_id: i64) -> AppResult<Option<ChangeRow>> {
    changes::table
        .filter(changes::shop_id.eq(shop_id))
        .filter(changes::status.eq(BankAccountChangeStatus::Pending.as_str()))
        .select(ChangeRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()
}

fn insert_change(
    conn: &mut DbConnection,
    actor_id: i64,
    shop: &ShopRow,
    new: &str,
    status: BankAccountChangeStatus,
) -> AppResult<String> {
    let now = time::now();
    let change_key = key::prefixed_key("RB", 8);
    let decided = status != BankAccountChangeStatus::Pending;
    diesel::insert_into(changes::table)
        .values((
            changes::key.eq(&change_key),
            changes::shop_id.eq(shop.id),
            changes::old_bank_account.eq(&shop.bank_account),
            changes::new_bank_account.eq(new),
            changes::status.eq(status.as_str()),
            changes::requested_by.eq(actor_id),
            changes::decided_by.eq(decided.then_some(actor_id)),
            changes::requested_at.eq(now),
            changes::decided_at.eq(decided.then_some(now)),
        ))
        .execute(conn)
        .map_err(|error| {
            // The one-pending index: another request of this shop was written meanwhile.
            if colivra_db::error::is_unique_violation(&error) {
                AppError::Conflict(
                    "Une autre demande de changement de RIB vient d'être faite pour cette boutique."
                        .to_owned(),
                )
            } else {
                colivra_db::error::app_error_from_diesel(error)
            }
        })?;
    Ok(change_key)
}

/// The merchant asks for `new`: a pending change (his pending one, if any, is replaced).
/// Returns whether a request was opened (asking again for the RIB already asked opens none).
fn request(conn: &mut DbConnection, actor_id: i64, shop: &ShopRow, new: &str) -> AppResult<bool> {
    let pending = pending_of(conn, shop.id)?;
    if pending.as_ref().is_some_and(|p| p.new_bank_account == new) {
        return Ok(false);
    }
    let mut replaced = None;
    if let Some(pending) = pending {
        // Conditional: an admin deciding it at this moment wins, and this request stands alone.
        let updated = diesel::update(
            changes::table
                .find(pending.id)
                .filter(changes::status.eq(BankAccountChangeStatus::Pending.as_str())),
        )
        .set(changes::status.eq(BankAccountChangeStatus::Replaced.as_str()))
        .execute(conn)
        .map_db_err()?;
        if updated == 1 {
            replaced = Some(pending.key);
        }
    }
    let change_key = insert_change(conn, actor_id, shop, new, BankAccountChangeStatus::Pending)?;
    record(
        conn,
        actor_id,
        "shop.bank_account_requested",
        &shop.key,
        json!({
            "shop": shop.key,
            "change": change_key,
            "bank_account": {
                "old": shop.bank_account.as_deref().map(mask_rib),
                "new": mask_rib(new),
            },
            "replaced": replaced,
        }),
    )?;
    Ok(true)
}

/// An admin's new RIB: in force at once, kept as an approved change.
fn apply_now(conn: &mut DbConnection, actor_id: i64, shop: &ShopRow, new: &str) -> AppResult<()> {
    if let Some(pending) = pending_of(conn, shop.id)? {
        return Err(AppError::Conflict(format!(
            "Le client a demandé un changement de RIB ({}) : approuvez ou refusez sa demande d'abord.",
            mask_rib(&pending.new_bank_account)
        )));
    }
    let change_key = insert_change(conn, actor_id, shop, new, BankAccountChangeStatus::Approved)?;
    diesel::update(shops::table.find(shop.id))
        .set(shops::bank_account.eq(new))
        .execute(conn)
        .map_db_err()?;
    record(
        conn,
        actor_id,
        "shop.bank_account_changed",
        &shop.key,
        json!({
            "shop": shop.key,
            "change": change_key,
            "bank_account": {
                "old": shop.bank_account.as_deref().map(mask_rib),
                "new": mask_rib(new),
            },
        }),
    )
}

/// Someone named on a RIB change.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChangePersonRef {
    pub key: String,
    pub name: String,
}

/// The shop a RIB change is about.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChangeShopRef {
    pub key: String,
    pub name: String,
}

/// A RIB change as the admin's work queue shows it: RIBs masked but for their last 4 digits.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BankAccountChangeView {
    pub key: String,
    pub shop: ChangeShopRef,
    /// The merchant (his company, else his name).
    pub client: ChangePersonRef,
    /// The approved RIB when it was asked, masked (null: the shop had none).
    pub old_bank_account: Option<String>,
    /// The RIB asked for, masked.
    pub bank_account: String,
    pub status: BankAccountChangeStatus,
    pub comment: Option<String>,
    pub requested_by: Option<ChangePersonRef>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub requested_at: NaiveDateTime,
    pub decided_by: Option<ChangePersonRef>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub decided_at: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct ChangeFilters {
    /// `pending` (the work queue, oldest first), `approved`, `refused`, `replaced`; none: all,
    /// newest first.
    #[param(value_type = Option<BankAccountChangeStatus>, inline)]
    pub status: Option<String>,
    /// One shop's changes (shop key).
    pub shop: Option<String>,
    /// One merchant's changes (merchant key).
    pub client: Option<String>,
}

fn person_name(first: &str, last: &str, company: Option<&str>) -> String {
    company
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .unwrap_or_else(|| format!("{first} {last}").trim().to_owned())
}

fn change_views(
    conn: &mut DbConnection,
    rows: Vec<ChangeRow>,
) -> AppResult<Vec<BankAccountChangeView>> {
    let shop_ids: Vec<i64> = rows.iter().map(|r| r.shop_id).collect();
    let shops_found: Vec<(i64, String, String, i64)> = shops::table
        .filter(shops::id.eq_any(&shop_ids))
        .select((shops::id, shops::key, shops::name, shops::client_id))
        .load(conn)
        .map_db_err()?;
    let people_ids: Vec<i64> = rows
        .iter()
        .flat_map(|r| [r.requested_by, r.decided_by])
        .flatten()
        .chain(shops_found.iter().map(|s| s.3))
        .collect();
    let people: Vec<(i64, String, String, String, Option<String>)> = users::table
        .filter(users::id.eq_any(&people_ids))
        .select((
            users::id,
            users::key,
            users::first_name,
            users::last_name,
            users::company,
        ))
        .load(conn)
        .map_db_err()?;
    let person = |id: i64, company: bool| {
        people
            .iter()
            .find(|p| p.0 == id)
            .map(|(_, key, first, last, firm)| ChangePersonRef {
                key: key.clone(),
                name: person_name(first, last, firm.as_deref().filter(|_| company)),
            })
    };
    Ok(rows
        .into_iter()
        .map(|row| {
            let (shop_key, shop_name, client_id) = shops_found
                .iter()
                .find(|s| s.0 == row.shop_id)
                .map(|s| (s.1.clone(), s.2.clone(), s.3))
                .unwrap_or_default();
            BankAccountChangeView {
                status: row.status(),
                key: row.key,
                shop: ChangeShopRef {
                    key: shop_key,
                    name: shop_name,
                },
                client: person(client_id, true).unwrap_or(ChangePersonRef {
                    key: String::new(),
                    name: String::new(),
                }),
                old_bank_account: row.old_bank_account.as_deref().map(mask_rib),
                bank_account: mask_rib(&row.new_bank_account),
                comment: row.comment,
                requested_by: row.requested_by.and_then(|id| person(id, false)),
                requested_at: row.requested_at,
                decided_by: row.decided_by.and_then(|id| person(id, false)),
                decided_at: row.decided_at,
            }
        })
        .collect())
}

/// `GET shops/bank-account-changes`: every shop's RIB changes (admins).
pub fn list_changes(
    conn: &mut DbConnection,
    query: &ListQuery,
    filters: &ChangeFilters,
) -> AppResult<Paginated<BankAccountChangeView>> {
    let status = match filters.status.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(BankAccountChangeStatus::parse(raw).ok_or_else(|| {
            AppError::validation(
                "status",
                "Statut inconnu : pending, approved, refused ou replaced.",
            )
        })?),
    };
    let key_of = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(str::to_owned)
    };
    let (shop, client) = (key_of(&filters.shop), key_of(&filters.client));
    let filtered = || {
        let mut q = changes::table.into_boxed();
        if let Some(status) = status {
            q = q.filter(changes::status.eq(status.as_str()));
        }
        if let Some(shop) = &shop {
            q = q.filter(
                changes::shop_id.eq_any(
                    shops::table
                        .filter(shops::key.eq(shop.clone()))
                        .select(shops::id),
                ),
            );
        }
        if let Some(client) = &client {
            q = q.filter(
                changes::shop_id.eq_any(
                    shops::table
                        .inner_join(users::table)
                        .filter(users::key.eq(client.clone()))
                        .select(shops::id),
                ),
            );
        }
        q
    };
    let queue = status == Some(BankAccountChangeStatus::Pending);
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = if queue {
                filtered().order(changes::id.asc())
            } else {
                filtered().order(changes::id.desc())
            };
            q.select(ChangeRow::as_select())
                .limit(limit)
                .offset(offset)
                .load(conn)
        },
    )?;
    Ok(Paginated {
        data: change_views(conn, page.data)?,
        meta: page.meta,
    })
}

/// An admin's decision on a pending RIB change.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BankAccountDecision {
    Approved,
    Refused,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct BankAccountDecisionInput {
    /// `approved`: the RIB is in force at once; `refused` (with a comment): the approved one stays.
    #[schema(value_type = BankAccountDecision, required = true)]
    pub status: Option<String>,
    /// Why it was refused (required then), up to 500 characters; shown to the merchant.
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

/// The longest comment on a decision.
pub const MAX_COMMENT: usize = 500;

/// `PUT shops/bank-account-changes/{key}`: an admin approves or refuses a pending change.
/// Conditional on it still being pending: of two decisions at once, one wins, the other 409s.
pub fn decide(
    conn: &mut DbConnection,
    actor_id: i64,
    change_key: &str,
    input: &BankAccountDecisionInput,
) -> AppResult<BankAccountChangeView> {
    let mut errors = FieldErrors::new();
    let status = match input.status.as_deref().map(str::trim) {
        Some("approved") => BankAccountChangeStatus::Approved,
        Some("refused") => BankAccountChangeStatus::Refused,
        _ => {
            errors.add("status", "Indiquez approved ou refused.");
            BankAccountChangeStatus::Pending
        }
    };
    let comment = input
        .comment
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned);
    if comment
        .as_ref()
        .is_some_and(|c| c.chars().count() > MAX_COMMENT)
    {
        errors.add("comment", format!("{MAX_COMMENT} caractères au plus."));
    } else if status == BankAccountChangeStatus::Refused && comment.is_none() {
        errors.add("comment", "Indiquez au client pourquoi son RIB est refusé.");
    }
    immediate_transaction(conn, |conn| {
        let row: ChangeRow = changes::table
            .filter(changes::key.eq(change_key.trim().to_uppercase()))
            .select(ChangeRow::as_select())
            .first(conn)
            .optional()
            .map_db_err()?
            .ok_or(AppError::NotFound)?;
        std::mem::take(&mut errors).into_result()?;
        let now = time::now();
        let updated: Option<ChangeRow> = diesel::update(
            changes::table
                .find(row.id)
                .filter(changes::status.eq(BankAccountChangeStatus::Pending.as_str())),
        )
        .set((
            changes::status.eq(status.as_str()),
            changes::comment.eq(&comment),
            changes::decided_by.eq(actor_id),
            changes::decided_at.eq(now),
        ))
        .returning(changes::all_columns)
        .get_result(conn)
        .optional()
        .map_db_err()?;
        let Some(row) = updated else {
            let label = match row.status() {
                BankAccountChangeStatus::Approved => "approuvée",
                BankAccountChangeStatus::Refused => "refusée",
                _ => "remplacée par une nouvelle demande du client",
            };
            return Err(AppError::Conflict(format!(
                "Cette demande de changement de RIB est déjà {label}."
            )));
        };
        if status == BankAccountChangeStatus::Approved {
            diesel::update(shops::table.find(row.shop_id))
                .set((
                    shops::bank_account.eq(&row.new_bank_account),
                    shops::updated_at.eq(now),
                ))
                .execute(conn)
                .map_db_err()?;
        }
        let (shop_key, requester): (String, Option<String>) = (
            shops::table
                .find(row.shop_id)
                .select(shops::key)
                .first(conn)
                .map_db_err()?,
            match row.requested_by {
                Some(id) => users::table
                    .find(id)
                    .select(users::key)
                    .first(conn)
                    .optional()
                    .map_db_err()?,
                None => None,
            },
        );
        record(
            conn,
            actor_id,
            match status {
                BankAccountChangeStatus::Approved => "shop.bank_account_approved",
                _ => "shop.bank_account_refused",
            },
            &shop_key,
            json!({
                "shop": shop_key,
                "change": row.key,
                "bank_account": {
                    "old": row.old_bank_account.as_deref().map(mask_rib),
                    "new": mask_rib(&row.new_bank_account),
                },
                "requested_by": requester,
                "comment": comment,
            }),
        )?;
        change_views(conn, vec![row])?
            .pop()
            .ok_or(AppError::NotFound)
    })
}

pub struct NewShop<'a> {
    pub client_id: i64,
    pub name: &'a str,
    pub phone: &'a str,
    pub address: &'a str,
    pub city_id: i64,
    pub bank_account: Option<&'a str>,
}

/// The merchant's shop with this name, created when missing; returns its key and whether it was
/// created.
pub fn ensure_shop(conn: &mut DbConnection, shop: NewShop<'_>) -> AppResult<(String, bool)> {
    immediate_transaction(conn, |conn| {
        let existing: Option<String> = shops::table
            .filter(shops::client_id.eq(shop.client_id))
            .filter(shops::name.eq(shop.name))
            .select(shops::key)
            .first(conn)
            .optional()
            .map_db_err()?;
        if let Some(key) = existing {
            return Ok((key, false));
        }
        let now = time::now();
        let shop_key = key::prefixed_key("S", 9);
        diesel::insert_into(shops::table)
            .values((
                shops::key.eq(&shop_key),
                shops::client_id.eq(shop.client_id),
                shops::name.eq(shop.name),
                shops::phone.eq(shop.phone),
                shops::address.eq(shop.address),
                shops::city_id.eq(shop.city_id),
                shops::bank_account.eq(shop.bank_account),
                shops::created_at.eq(now),
                shops::updated_at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
        Ok((shop_key, true))
    })
}

#[cfg(test)]
mod tests {
    use super::is_valid_rib;

    #[test]
    fn ribs_need_24_digits_and_a_right_key() {
        // 0 modulo 97: a valid key for these 22 digits.
        let body = "0077800000012345678901";
        let key = 97
            - (body
                .bytes()
                .fold(0u64, |r, d| (r * 10 + u64::from(d - b'0')) % 97)
                * 100
                % 97);
        let rib = format!("{body}{key:02}");
        assert!(is_valid_rib(&rib), "{rib}");
        let mut wrong = rib.clone().into_bytes();
        wrong[23] = if wrong[23] == b'9' {
            b'0'
        } else {
            wrong[23] + 1
        };
        assert!(!is_valid_rib(std::str::from_utf8(&wrong).unwrap()));
        assert!(!is_valid_rib("12345"));
        assert!(!is_valid_rib("00778000000123456789012a"));
    }
}
