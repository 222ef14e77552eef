//! What a merchant sends for a parcel and the checks every creation path shares (the form, the
//! merchant API and the bulk import).

use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{AppResult, Centimes, CityId, FieldErrors, ParcelId, ShopId};
use colivra_db::schema::parcels;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::row::ParcelRow;
use super::{MAX_COD_CENTIMES, MAX_QUANTITY};
use crate::status::Status;

mod lookups;

pub use lookups::Lookups;

/// What a parcel is: a plain delivery, or an exchange or refund that also collects an item.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ParcelKind {
    Standard,
    Exchange,
    Refund,
}

/// What a merchant sends to create or edit a parcel; absent fields keep their value on edit.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema)]
pub struct ParcelInput {
    /// Shop key (or, in an imported file, the shop's name).
    pub shop: Option<String>,
    #[schema(max_length = 64)]
    pub reference: Option<String>,
    #[schema(min_length = 1, max_length = 100)]
    pub recipient_name: Option<String>,
    #[schema(schema_with = colivra_core::phone::optional_schema)]
    pub recipient_phone: Option<String>,
    /// Empty clears it.
    #[schema(schema_with = colivra_core::phone::clearable_schema)]
    pub recipient_phone_alt: Option<String>,
    /// City key (or the city's name).
    pub city: Option<String>,
    #[schema(min_length = 1, max_length = 255)]
    pub address: Option<String>,
    /// Centimes, 0 to 100,000 DH.
    #[schema(minimum = 0, maximum = 10000000)]
    pub cod_amount: Option<i64>,
    #[schema(min_length = 1, max_length = 255)]
    pub product: Option<String>,
    /// 1 (default) to 10,000.
    #[schema(minimum = 1, maximum = 10000)]
    pub quantity: Option<i64>,
    #[schema(max_length = 500)]
    pub note: Option<String>,
    pub can_open: Option<bool>,
    pub can_try: Option<bool>,
    pub fragile: Option<bool>,
    /// `standard` (default), `exchange` or `refund`.
    #[schema(value_type = Option<ParcelKind>)]
    pub kind: Option<String>,
    /// For exchanges and refunds: the tracking code of the merchant's delivered parcel.
    pub original_parcel: Option<String>,
    /// For exchanges and refunds: what the delivery person collects (required for them).
    #[schema(max_length = 255)]
    pub item_to_collect: Option<String>,
    /// Products taken from stock (merchants with an active stock service; 20 lines at most),
    /// reserved at creation; refused on edit. In an imported file, the `stock` column
    /// `SKU:qty;SKU:qty`.
    #[schema(max_items = 20)]
    pub stock_lines: Option<Vec<crate::stock::StockLineInput>>,
}

/// A parcel that passed every check: the merchant-set columns, written as they are on creation
/// and on edit (absent optional values clear the column).
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = parcels, treat_none_as_null = true)]
pub struct ValidParcel {
    pub shop_id: ShopId,
    pub reference: Option<String>,
    pub recipient_name: String,
    pub recipient_phone: String,
    pub recipient_phone_alt: Option<String>,
    pub city_id: CityId,
    pub address: String,
    pub cod_amount: Centimes,
    pub product: String,
    pub quantity: i64,
    pub note: Option<String>,
    pub can_open: bool,
    pub can_try: bool,
    pub fragile: bool,
    pub kind: &'static str,
    pub original_parcel_id: Option<ParcelId>,
    pub item_to_collect: Option<String>,
    pub delivery_fee: Centimes,
    pub return_fee: Centimes,
    pub refusal_fee: Centimes,
}

impl ValidParcel {
    /// The columns to insert as `column = value` pairs. A derived `Insertable` writes each field
    /// as "value or DEFAULT", which diesel never keeps prepared: PostgreSQL parsed and planned
    /// every creation's insert again. These pairs make one statement, prepared once.
    #[allow(clippy::type_complexity)]
    pub fn insert_values(
        &self,
    ) -> (
        diesel::dsl::Eq<parcels::shop_id, ShopId>,
        diesel::dsl::Eq<parcels::reference, Option<&str>>,
        diesel::dsl::Eq<parcels::recipient_name, &str>,
        diesel::dsl::Eq<parcels::recipient_phone, &str>,
        diesel::dsl::Eq<parcels::recipient_phone_alt, Option<&str>>,
        diesel::dsl::Eq<parcels::city_id, CityId>,
        diesel::dsl::Eq<parcels::address, &str>,
        diesel::dsl::Eq<parcels::cod_amount, Centimes>,
        diesel::dsl::Eq<parcels::product, &str>,
        diesel::dsl::Eq<parcels::quantity, i64>,
        diesel::dsl::Eq<parcels::note, Option<&str>>,
        diesel::dsl::Eq<parcels::can_open, bool>,
        diesel::dsl::Eq<parcels::can_try, bool>,
        diesel::dsl::Eq<parcels::fragile, bool>,
        diesel::dsl::Eq<parcels::kind, &'static str>,
        diesel::dsl::Eq<parcels::original_parcel_id, Option<ParcelId>>,
        diesel::dsl::Eq<parcels::item_to_collect, Option<&str>>,
        diesel::dsl::Eq<parcels::delivery_fee, Centimes>,
        diesel::dsl::Eq<parcels::return_fee, Centimes>,
        diesel::dsl::Eq<parcels::refusal_fee, Centimes>,
    ) {
        (
            parcels::shop_id.eq(self.shop_id),
            parcels::reference.eq(self.reference.as_deref()),
            parcels::recipient_name.eq(self.recipient_name.as_str()),
            parcels::recipient_phone.eq(self.recipient_phone.as_str()),
            parcels::recipient_phone_alt.eq(self.recipient_phone_alt.as_deref()),
            parcels::city_id.eq(self.city_id),
            parcels::address.eq(self.address.as_str()),
            parcels::cod_amount.eq(self.cod_amount),
            parcels::product.eq(self.product.as_str()),
            parcels::quantity.eq(self.quantity),
            parcels::note.eq(self.note.as_deref()),
            parcels::can_open.eq(self.can_open),
            parcels::can_try.eq(self.can_try),
            parcels::fragile.eq(self.fragile),
            parcels::kind.eq(self.kind),
            parcels::original_parcel_id.eq(self.original_parcel_id),
            parcels::item_to_collect.eq(self.item_to_collect.as_deref()),
            parcels::delivery_fee.eq(self.delivery_fee),
            parcels::return_fee.eq(self.return_fee),
            parcels::refusal_fee.eq(self.refusal_fee),
        )
    }
}

fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// A required text: missing and too long say different things (a 600-character address is not
/// a missing one).
fn required(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
    max: usize,
    missing: &str,
) -> String {
    let value = value.unwrap_or_default();
    if errors.check_text(field, &value, max, missing) {
        value
    } else {
        String::new()
    }
}

fn optional(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
    max: usize,
) -> Option<String> {
    match value {
        Some(v) if v.chars().count() > max => {
            errors.add(field, format!("{max} caractères au plus."));
            None
        }
        v => v,
    }
}

/// Checks a parcel (merged with `existing` on edit). Database lookups beyond `lookups` are the
/// original parcel of an exchange or refund only.
pub fn validate(
    conn: &mut DbConnection,
    lookups: &Lookups,
    input: &ParcelInput,
    existing: Option<&ParcelRow>,
) -> AppResult<Result<ValidParcel, FieldErrors>> {
    let mut errors = FieldErrors::new();
    // On edit an absent field keeps the stored value.
    let keep = |given: &Option<String>, stored: Option<&str>| -> Option<String> {
        match given {
            Some(_) => text(given),
            None => stored.map(str::to_owned).filter(|v| !v.is_empty()),
        }
    };

    let shop_id = match (text(&input.shop), existing) {
        (Some(shop), _) => lookups.shop(&shop),
        (None, Some(row)) => Some(row.shop_id),
        (None, None) => lookups.only_shop,
    };
    if shop_id.is_none() {
        errors.add("shop", "Choisissez une de vos boutiques.");
    }
    let reference = optional(
        &mut errors,
        "reference",
        keep(
            &input.reference,
            existing.and_then(|r| r.reference.as_deref()),
        ),
        64,
    );
    let recipient_name = required(
        &mut errors,
        "recipient_name",
        keep(
            &input.recipient_name,
            existing.map(|r| r.recipient_name.as_str()),
        ),
        100,
        "Le nom du destinataire est obligatoire.",
    );
    let phone = |errors: &mut FieldErrors, field: &str, value: Option<String>| {
        value.and_then(|raw| {
            let normalized = normalize_moroccan_phone(&raw);
            if normalized.is_none() {
                errors.add(field, PHONE_MESSAGE);
            }
            normalized
        })
    };
    let recipient_phone = phone(
        &mut errors,
        "recipient_phone",
        keep(
            &input.recipient_phone,
            existing.map(|r| r.recipient_phone.as_str()),
        ),
    );
    if recipient_phone.is_none() && !errors.contains("recipient_phone") {
        errors.add("recipient_phone", PHONE_MESSAGE);
    }
    let recipient_phone_alt = phone(
        &mut errors,
        "recipient_phone_alt",
        keep(
            &input.recipient_phone_alt,
            existing.and_then(|r| r.recipient_phone_alt.as_deref()),
        ),
    );
    let city = match (text(&input.city), existing) {
        (Some(city), _) => lookups.city(&city),
        (None, Some(row)) => lookups
            .cities
            .values()
            .find(|c| c.id == row.city_id)
            .copied(),
        (None, None) => None,
    };
    if city.is_none() {
        errors.add("city", "Choisissez une ville desservie.");
    }
    let address = required(
        &mut errors,
        "address",
        keep(&input.address, existing.map(|r| r.address.as_str())),
        255,
        "L'adresse est obligatoire.",
    );
    let cod_amount = input
        .cod_amount
        .map(Centimes::new)
        .or(existing.map(|r| r.cod_amount));
    let cod_amount = match cod_amount {
        Some(v) if (Centimes::ZERO..=Centimes::new(MAX_COD_CENTIMES)).contains(&v) => v,
        _ => {
            errors.add("cod_amount", "Le montant à encaisser va de 0 à 100 000 DH.");
            Centimes::ZERO
        }
    };
    let product = required(
        &mut errors,
        "product",
        keep(&input.product, existing.map(|r| r.product.as_str())),
        255,
        "Décrivez le produit (255 caractères au plus).",
    );
    let quantity = match input.quantity.or(existing.map(|r| r.quantity)).unwrap_or(1) {
        q if (1..=MAX_QUANTITY).contains(&q) => q,
        _ => {
            errors.add("quantity", "La quantité va de 1 à 10 000.");
            1
        }
    };
    let note = optional(
        &mut errors,
        "note",
        keep(&input.note, existing.and_then(|r| r.note.as_deref())),
        500,
    );
    let kind = match text(&input.kind)
        .as_deref()
        .or(existing.map(|r| r.kind.as_str()))
        .unwrap_or("standard")
    {
        "standard" => "standard",
        "exchange" => "exchange",
        "refund" => "refund",
        _ => {
            errors.add("kind", "Type inconnu : standard, exchange ou refund.");
            "standard"
        }
    };
    let mut original_parcel_id = existing.and_then(|r| r.original_parcel_id);
    let mut item_to_collect = optional(
        &mut errors,
        "item_to_collect",
        keep(
            &input.item_to_collect,
            existing.and_then(|r| r.item_to_collect.as_deref()),
        ),
        255,
    );
    if kind == "standard" {
        original_parcel_id = None;
        item_to_collect = None;
    } else {
        if item_to_collect.is_none() && !errors.contains("item_to_collect") {
            errors.add(
                "item_to_collect",
                "Indiquez l'article que le livreur doit récupérer.",
            );
        }
        if let Some(original) = text(&input.original_parcel) {
            let found: Option<(ParcelId, String)> = parcels::table
                .filter(parcels::key.eq(original.to_uppercase()))
                .filter(parcels::merchant_id.eq(lookups.merchant_id))
                .select((parcels::id, parcels::status))
                .first(conn)
                .optional()
                .map_db_err()?;
            match found {
                Some((id, status)) if status == Status::Delivered.as_str() => {
                    original_parcel_id = Some(id)
                }
                Some(_) => {
                    errors.add("original_parcel", "Le colis d'origine n'a pas été livré.");
                }
                None => {
                    errors.add("original_parcel", "Colis d'origine introuvable.");
                }
            }
        }
    }
    // Without errors, the shop and the city were found.
    let (true, Some(shop_id), Some(city)) = (errors.is_empty(), shop_id, city) else {
        return Ok(Err(errors));
    };
    Ok(Ok(ValidParcel {
        shop_id,
        reference,
        recipient_name,
        recipient_phone: recipient_phone.unwrap_or_default(),
        recipient_phone_alt,
        city_id: city.id,
        address,
        cod_amount,
        product,
        quantity,
        note,
        can_open: input
            .can_open
            .or(existing.map(|r| r.can_open))
            .unwrap_or(false),
        can_try: input
            .can_try
            .or(existing.map(|r| r.can_try))
            .unwrap_or(false),
        fragile: input
            .fragile
            .or(existing.map(|r| r.fragile))
            .unwrap_or(false),
        kind,
        original_parcel_id,
        item_to_collect,
        delivery_fee: city.fees.delivery,
        return_fee: city.fees.return_fee,
        refusal_fee: city.fees.refusal,
    }))
}
