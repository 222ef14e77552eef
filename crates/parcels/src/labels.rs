//! Printable labels: one per parcel, A6 or four per A4 page, with the tracking code as a barcode.

use std::collections::HashMap;

use colivra_core::{AppError, AppResult, Language, ShopId};
use colivra_db::schema::{parcels, shops};
use colivra_db::{DbConnection, MapDbErr};
use colivra_documents::{LabelLayout, ParcelKind, ParcelLabel};
use diesel::prelude::*;

use crate::parcel::{self, ParcelRow};
use colivra_core::Scope;

/// Labels one request prints: a day's parcels of a busy shop.
pub const MAX_LABELS: usize = 500;

pub fn parse_layout(value: Option<&str>) -> AppResult<LabelLayout> {
    match value.unwrap_or("a6") {
        "a6" | "A6" => Ok(LabelLayout::A6),
        "a4" | "A4" => Ok(LabelLayout::A4x4),
        _ => Err(AppError::validation("layout", "Format : a6 ou a4.")),
    }
}

/// `GET parcels/labels?parcels=CODE1,CODE2&layout=a6|a4`: the labels of those parcels, in that
/// order, all within `scope`, their captions in `language`.
pub fn labels_for(
    conn: &mut DbConnection,
    scope: Scope,
    codes: &str,
    layout: Option<&str>,
    company_name: &str,
    language: Language,
) -> AppResult<Vec<u8>> {
    let layout = parse_layout(layout)?;
    let keys: Vec<String> = codes
        .split(',')
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(str::to_owned)
        .collect();
    labels_pdf(conn, scope, &keys, layout, company_name, language)
}

/// The PDF of the labels of `keys` (tracking codes, in that order), all within `scope`.
pub fn labels_pdf(
    conn: &mut DbConnection,
    scope: Scope,
    keys: &[String],
    layout: LabelLayout,
    company_name: &str,
    language: Language,
) -> AppResult<Vec<u8>> {
    if keys.is_empty() || keys.len() > MAX_LABELS {
        return Err(AppError::validation(
            "parcels",
            format!("Choisissez de 1 à {MAX_LABELS} colis."),
        ));
    }
    let mut wanted: Vec<String> = Vec::with_capacity(keys.len());
    for key in keys {
        let key = key.trim().to_uppercase();
        if !wanted.contains(&key) {
            wanted.push(key);
        }
    }
    let rows: Vec<ParcelRow> = parcels::table
        .filter(parcels::key.eq_any(&wanted))
        .select(ParcelRow::as_select())
        .load(conn)
        .map_db_err()?;
    // Every code must be the caller's: one outside the scope is as unknown as a missing one.
    if rows.len() != wanted.len() || rows.iter().any(|row| !row.in_scope(scope)) {
        return Err(AppError::NotFound);
    }
    let shop_ids: Vec<ShopId> = rows.iter().map(|r| r.shop_id).collect();
    let shop_phones: HashMap<ShopId, String> = shops::table
        .filter(shops::id.eq_any(&shop_ids))
        .select((shops::id, shops::phone))
        .load::<(ShopId, String)>(conn)
        .map_db_err()?
        .into_iter()
        .collect();
    let phones: HashMap<String, String> = rows
        .iter()
        .map(|r| {
            (
                r.key.clone(),
                shop_phones.get(&r.shop_id).cloned().unwrap_or_default(),
            )
        })
        .collect();
    let mut views = parcel::views(conn, scope.role(), rows)?;
    views.sort_by_key(|v| wanted.iter().position(|k| *k == v.key));
    let labels: Vec<ParcelLabel> = views
        .into_iter()
        .map(|v| ParcelLabel {
            company_name: company_name.to_owned(),
            created_at: v.created_at.format("%d/%m/%Y").to_string(),
            kind: ParcelKind::from_key(&v.kind).unwrap_or_default(),
            shop_phone: phones.get(&v.key).cloned().unwrap_or_default(),
            tracking_code: v.key,
            recipient_name: v.recipient_name,
            // Both numbers the delivery person may call, the second when there is one.
            recipient_phone: match v.recipient_phone_alt.as_deref().map(str::trim) {
                Some(alt) if !alt.is_empty() && alt != v.recipient_phone => {
                    format!("{} / {alt}", v.recipient_phone)
                }
                _ => v.recipient_phone,
            },
            city: v.city_name,
            address: v.address,
            cod_amount: v.cod_amount,
            merchant_name: v.merchant_name,
            shop_name: v.shop_name,
            product: Some(v.product),
            note: v.note,
            can_open: v.can_open,
            fragile: v.fragile,
        })
        .collect();
    colivra_documents::parcel_labels(&labels, layout, language).map_err(AppError::internal)
}
