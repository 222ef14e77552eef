//! Checking the rows of an import against the shops, cities and stock they name.

use std::collections::HashSet;

use colivra_core::{AppResult, MerchantId, ShopId};
use colivra_db::schema::parcels;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::parcel::{self, Lookups, ValidParcel};
use crate::status::Status;
use crate::stock::{StockHooks, ValidLines};

use super::{ImportPreview, ImportRow};

/// The rows with their errors, and the valid parcels with their stock lines in file order.
/// Each valid parcel comes with the status it starts in (`new`, or `to_confirm`).
pub(super) type Checked = (Vec<ImportRow>, Vec<(ValidParcel, ValidLines, Status)>);

/// Checks every row (form rules, plus references unique in the file and in the shop). Returns
/// the rows with their errors and the valid parcels in file order.
pub(super) fn check(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    merchant_id: MerchantId,
    default_shop: Option<&str>,
    mut rows: Vec<ImportRow>,
) -> AppResult<Checked> {
    let lookups = Lookups::load(conn, merchant_id)?;
    let mut valid = Vec::with_capacity(rows.len());
    let mut stock_lines: Vec<ValidLines> = Vec::with_capacity(rows.len());
    for row in rows.iter_mut() {
        if row.input.shop.is_none() {
            row.input.shop = default_shop.map(str::to_owned);
        }
        let lines = stock.check_lines(
            conn,
            merchant_id,
            row.input.stock_lines.as_deref().unwrap_or_default(),
            &mut row.errors,
        )?;
        stock_lines.push(lines);
        match parcel::validate(conn, &lookups, &row.input, None)? {
            Ok(parcel) if row.errors.is_empty() => valid.push(Some(parcel)),
            Ok(_) => valid.push(None),
            Err(errors) => {
                for (field, messages) in errors.0 {
                    if !row.errors.contains(&field) {
                        for message in messages {
                            row.errors.add(field.clone(), message);
                        }
                    }
                }
                valid.push(None);
            }
        }
    }
    // References: unique per shop, within the file and against what exists.
    let mut seen: HashSet<(ShopId, String)> = HashSet::new();
    let wanted: Vec<(ShopId, String)> = valid
        .iter()
        .flatten()
        .filter_map(|p| p.reference.clone().map(|r| (p.shop_id, r)))
        .collect();
    let mut existing: HashSet<(ShopId, String)> = HashSet::new();
    for chunk in wanted.chunks(500) {
        let references: Vec<&str> = chunk.iter().map(|(_, r)| r.as_str()).collect();
        let shop_ids: Vec<ShopId> = chunk.iter().map(|(s, _)| *s).collect();
        for found in parcels::table
            .filter(parcels::shop_id.eq_any(&shop_ids))
            .filter(parcels::reference.eq_any(&references))
            .select((parcels::shop_id, parcels::reference.assume_not_null()))
            .load::<(ShopId, String)>(conn)
            .map_db_err()?
        {
            existing.insert(found);
        }
    }
    for (row, parcel) in rows.iter_mut().zip(valid.iter_mut()) {
        let Some(p) = parcel else { continue };
        if let Some(reference) = &p.reference {
            let pair = (p.shop_id, reference.clone());
            if existing.contains(&pair) {
                row.errors.add(
                    "reference",
                    "Cette référence existe déjà pour cette boutique.",
                );
            } else if !seen.insert(pair) {
                row.errors
                    .add("reference", "Référence en double dans le fichier.");
            }
        }
        if !row.errors.is_empty() {
            *parcel = None;
        }
    }
    // Recipients: each one's history for the preview, and those the company's policy refuses.
    let phones: Vec<String> = valid
        .iter()
        .flatten()
        .map(|p| p.recipient_phone.clone())
        .collect();
    let recipients = crate::recipients::Recipients::load(
        conn,
        &phones.iter().map(String::as_str).collect::<Vec<_>>(),
    )?;
    for (row, parcel) in rows.iter_mut().zip(valid.iter_mut()) {
        let Some(p) = parcel else { continue };
        row.recipient_history = Some(recipients.summary(&p.recipient_phone));
        if let Some(message) = recipients.refusal(&p.recipient_phone) {
            row.errors.add("recipient_phone", message);
            *parcel = None;
        }
    }
    // Stock: what the whole file asks of each product, within what is available now.
    let wanted: Vec<i64> = stock_lines
        .iter()
        .flat_map(|l| l.0.iter().map(|(id, _)| *id))
        .collect();
    let mut left = stock.available(conn, &wanted)?;
    for ((row, parcel), lines) in rows.iter_mut().zip(valid.iter_mut()).zip(&stock_lines) {
        for (n, (id, quantity)) in lines.0.iter().enumerate() {
            let available = left.get(id).copied().unwrap_or(0);
            if *quantity > available {
                row.errors.add(
                    format!("stock_lines.{n}.quantity"),
                    stock.insufficient(available),
                );
            } else {
                left.insert(*id, available - quantity);
            }
        }
        if !row.errors.is_empty() {
            *parcel = None;
        }
    }
    let valid: Vec<(ValidParcel, ValidLines, Status)> = valid
        .into_iter()
        .zip(stock_lines)
        .filter_map(|(parcel, lines)| {
            parcel.map(|p| {
                let status = parcel::initial_status(&lookups, &recipients, &p.recipient_phone);
                (p, lines, status)
            })
        })
        .collect();
    Ok((rows, valid))
}

pub(super) fn preview_of(rows: Vec<ImportRow>, valid_count: usize) -> ImportPreview {
    ImportPreview {
        error_count: rows.len() - valid_count,
        valid_count,
        rows,
    }
}
