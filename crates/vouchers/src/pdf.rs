//! Every voucher prints with the one listing layout: header with the company's legal identity
//! and the counterpart, the voucher code as a barcode, one row per parcel, totals, signature
//! boxes; every page's footer names the voucher by its code with "Page n / N".

use colivra_core::Scope;
use colivra_core::{AppError, AppResult};
use colivra_db::schema::shops;
use colivra_db::{DbConnection, MapDbErr};
use colivra_documents::{format_money, Column, Counterpart, LabeledValue, ListingDocument};
use colivra_invoicing::rules::cash_at_door;
use colivra_parcels::parcel::ParcelView;
use colivra_parcels::status::Status;
use diesel::prelude::*;

use crate::view::{self, VoucherDetail, VoucherView};
use crate::voucher::{self, Kind};

/// The PDF of the voucher of `kind` with this key, within `scope` (404 outside it).
pub fn voucher_pdf(
    conn: &mut DbConnection,
    scope: Scope,
    kind: Kind,
    key: &str,
    company_name: &str,
) -> AppResult<Vec<u8>> {
    let row = voucher::get(conn, scope, kind, key)?;
    let shop_id = row.shop_id;
    let detail = view::detail(conn, scope, row)?;
    let shop: Option<(String, String)> = match shop_id {
        Some(id) => shops::table
            .find(id)
            .select((shops::phone, shops::address))
            .first(conn)
            .optional()
            .map_db_err()?,
        None => None,
    };
    let mut document = document(&detail, shop, company_name);
    // The company's legal identity in the header and every page's footer.
    colivra_parcels::company::print_identity(conn, company_name, &mut document)?;
    colivra_documents::listing_document(&document).map_err(AppError::internal)
}

/// What comes back for a row of a return voucher: the parcel, or the item collected.
fn returned_what(parcel: &ParcelView) -> String {
    if parcel.status == Status::Delivered {
        format!(
            "Article : {}",
            parcel.item_to_collect.as_deref().unwrap_or("à reprendre")
        )
    } else {
        parcel.status_label.to_owned()
    }
}

/// The totals: the pickup's COD value; the cash of an exit voucher, collected and paid out
/// apart with the net; none for a return voucher, which says so.
fn totals(voucher: &VoucherView) -> Vec<LabeledValue> {
    let mut totals = vec![LabeledValue::new(
        "Nombre de colis",
        voucher.parcels_count.to_string(),
    )];
    match voucher.kind {
        Kind::Pickup => totals.push(LabeledValue::new(
            "Total contre-remboursement",
            format_money(voucher.cod_total),
        )),
        Kind::Exit => {
            totals.push(LabeledValue::new(
                "À encaisser",
                format_money(voucher.cash_to_collect),
            ));
            totals.push(LabeledValue::new(
                "À rembourser",
                format_money(voucher.cash_to_pay_out),
            ));
            totals.push(LabeledValue::new(
                "Net à encaisser",
                format_money(voucher.net_cash),
            ));
        }
        Kind::Return => totals.push(LabeledValue::new("Espèces transportées", "Aucune")),
    }
    totals
}

fn document(
    detail: &VoucherDetail,
    shop: Option<(String, String)>,
    company_name: &str,
) -> ListingDocument {
    let voucher = &detail.voucher;
    let counterpart = match (&voucher.merchant, &voucher.delivery_person) {
        (Some(merchant), _) => {
            let mut lines = vec![merchant.company.clone().unwrap_or(merchant.name.clone())];
            if merchant.company.is_some() {
                lines.push(merchant.name.clone());
            }
            if let Some(shop) = &voucher.shop {
                lines.push(format!("Boutique : {}", shop.name));
            }
            if let Some((phone, address)) = shop {
                lines.push(phone);
                lines.push(address);
            }
            Counterpart {
                label: "Client".into(),
                lines,
            }
        }
        (None, Some(delivery_person)) => Counterpart {
            label: "Livreur".into(),
            lines: vec![delivery_person.name.clone(), delivery_person.phone.clone()],
        },
        (None, None) => Counterpart::default(),
    };
    let mut details = vec![LabeledValue::new("Statut", voucher.status_label)];
    if let Some(received_at) = voucher.received_at {
        details.push(LabeledValue::new(
            "Réceptionné le",
            received_at.format("%d/%m/%Y %H:%M").to_string(),
        ));
    }
    let mut columns = vec![
        Column::barcode("Code de suivi", 5.0),
        Column::text("Destinataire", 4.0),
        Column::text("Téléphone", 2.6),
        Column::text("Ville", 2.6),
    ];
    match voucher.kind {
        // A return voucher moves no cash: no amount column.
        Kind::Return => columns.push(Column::text("Retour", 3.2)),
        Kind::Exit => columns.push(Column::right("À encaisser", 2.4)),
        Kind::Pickup => columns.push(Column::right("Montant", 2.4)),
    }
    let rows = detail
        .parcels
        .iter()
        .map(|p| {
            let mut row = vec![
                p.key.clone(),
                p.recipient_name.clone(),
                p.recipient_phone.clone(),
                p.city_name.clone(),
            ];
            match voucher.kind {
                Kind::Return => row.push(returned_what(p)),
                // A refund is paid out to the customer: negative.
                Kind::Exit => row.push(format_money(cash_at_door(p.kind.as_str(), p.cod_amount))),
                Kind::Pickup => row.push(format_money(p.cod_amount)),
            }
            row
        })
        .collect();
    let signatures = match voucher.kind {
        Kind::Pickup => vec!["Signature du client", "Signature du ramasseur"],
        Kind::Exit => vec!["Signature de l'agent", "Signature du livreur"],
        Kind::Return => vec!["Signature du livreur", "Signature de l'agent"],
    };
    ListingDocument {
        company_name: company_name.to_owned(),
        title: voucher.kind.title().to_owned(),
        key: voucher.key.clone(),
        date: voucher.created_at.format("%d/%m/%Y %H:%M").to_string(),
        counterpart,
        details,
        columns,
        rows,
        totals: totals(voucher),
        signatures: signatures.into_iter().map(str::to_owned).collect(),
        // Every page's footer names the voucher by its code, as people know it.
        reference: format!("{} {}", voucher.kind.title(), voucher.key),
        ..Default::default()
    }
}
