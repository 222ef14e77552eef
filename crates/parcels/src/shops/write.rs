//! Creating and editing shops (the demo's and the benchmark's too).

use super::*;
use colivra_core::{CityId, MerchantId, UserId};

pub(super) struct ValidShop {
    name: String,
    phone: String,
    address: String,
    city_id: CityId,
    bank_account: Option<String>,
}

pub(super) fn validate(conn: &mut DbConnection, input: &ShopInput) -> AppResult<ValidShop> {
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
    let city_id: Option<CityId> = cities::table
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
    let Some(city_id) = city_id else {
        return Err(AppError::NotFound);
    };
    Ok(ValidShop {
        name,
        phone,
        address,
        city_id,
        bank_account,
    })
}

/// A new shop of the merchant. The RIB given now is its approved one at once: no money is owed
/// to a shop without parcels, and every later change waits for an admin.
pub fn create(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    input: ShopInput,
) -> AppResult<ShopView> {
    immediate_transaction(conn, |conn| {
        let valid = validate(conn, &input)?;
        let now = time::now();
        let shop_key = key::prefixed_key("S", 9);
        diesel::insert_into(shops::table)
            .values((
                shops::key.eq(&shop_key),
                shops::merchant_id.eq(merchant_id),
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
    actor_id: UserId,
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
pub(super) fn field_changes(
    before: &ShopRow,
    after: &ShopRow,
) -> serde_json::Map<String, serde_json::Value> {
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

pub(super) fn record(
    conn: &mut DbConnection,
    actor_id: UserId,
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

pub struct NewShop<'a> {
    pub merchant_id: MerchantId,
    pub name: &'a str,
    pub phone: &'a str,
    pub address: &'a str,
    pub city_id: CityId,
    pub bank_account: Option<&'a str>,
}

/// The merchant's shop with this name, created when missing; returns its key and whether it was
/// created.
pub fn ensure_shop(conn: &mut DbConnection, shop: NewShop<'_>) -> AppResult<(String, bool)> {
    immediate_transaction(conn, |conn| {
        let existing: Option<String> = shops::table
            .filter(shops::merchant_id.eq(shop.merchant_id))
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
                shops::merchant_id.eq(shop.merchant_id),
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
