//! Every voucher prints with the one listing layout: header with the company's legal identity
//! and the counterpart, the voucher code as a barcode, one row per parcel, totals, signature
//! boxes; every page's footer names the voucher by its code with "Page n / N".

use colivra_core::{AppError, AppResult, Centimes, Language, Scope};
use colivra_db::schema::shops;
use colivra_db::{DbConnection, MapDbErr};
use colivra_documents::{Column, Counterpart, LabeledValue, ListingDocument};
use colivra_invoicing::rules::cash_at_door;
use colivra_parcels::parcel::ParcelView;
use colivra_parcels::status::Status;
use diesel::prelude::*;

use crate::view::{self, VoucherDetail};
use crate::voucher::{self, Kind};

/// The PDF of the voucher of `kind` with this key, within `scope` (404 outside it), its
/// captions in `language`.
pub fn voucher_pdf(
    conn: &mut DbConnection,
    scope: Scope,
    kind: Kind,
    key: &str,
    company_name: &str,
    language: Language,
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
    let mut document = document(&detail, shop, company_name, language);
    // The company's legal identity in the header and every page's footer.
    colivra_parcels::company::print_identity(conn, company_name, &mut document)?;
    colivra_documents::listing_document(&document).map_err(AppError::internal)
}

/// What comes back for a row of a return voucher: the parcel, or the item collected.
fn returned_what(parcel: &ParcelView, language: Language) -> String {
    if parcel.status == Status::Delivered {
        format!(
            "{} : {}",
            language.pick("Article", "Item", "السلعة"),
            parcel.item_to_collect.as_deref().unwrap_or(language.pick(
                "à reprendre",
                "to collect",
                "للاسترجاع"
            ))
        )
    } else {
        parcel.status.label_in(language).to_owned()
    }
}

/// The totals: the pickup's COD value; the cash of an exit voucher, collected and paid out
/// apart with the net; none for a return voucher, which says so.
fn totals(detail: &VoucherDetail, language: Language) -> Vec<LabeledValue> {
    let voucher = &detail.voucher;
    let mut totals = vec![LabeledValue::new(
        language.pick("Nombre de colis", "Parcels", "عدد الطرود"),
        voucher.parcels_count.to_string(),
    )];
    match voucher.kind {
        Kind::Pickup => totals.push(LabeledValue::new(
            language.pick(
                "Total contre-remboursement",
                "Cash on delivery total",
                "مجموع الدفع عند الاستلام",
            ),
            voucher.cod_total.on_document(),
        )),
        Kind::Exit => {
            let to_bring_back = detail
                .parcels
                .iter()
                .filter(|p| matches!(p.kind.as_str(), "exchange" | "refund"))
                .count();
            totals.push(LabeledValue::new(
                language.pick(
                    "Articles à rapporter",
                    "Items to bring back",
                    "السلع الواجب إرجاعها",
                ),
                to_bring_back.to_string(),
            ));
            totals.push(LabeledValue::new(
                to_collect(language),
                voucher.cash_to_collect.on_document(),
            ));
            totals.push(LabeledValue::new(
                to_refund(language),
                voucher.cash_to_pay_out.on_document(),
            ));
            totals.push(LabeledValue::new(
                language.pick("Net à encaisser", "Net to collect", "الصافي للتحصيل"),
                voucher.net_cash.on_document(),
            ));
        }
        Kind::Return => totals.push(LabeledValue::new(
            language.pick("Espèces transportées", "Cash carried", "النقود المنقولة"),
            language.pick("Aucune", "None", "لا شيء"),
        )),
    }
    totals
}

fn to_collect(language: Language) -> &'static str {
    language.pick("À encaisser", "To collect", "للتحصيل")
}

fn to_refund(language: Language) -> &'static str {
    language.pick("À rembourser", "To refund", "للإرجاع")
}

/// What the delivery person does at an exit voucher's door: deliver, or deliver and take an
/// item back (an exchange), or take an item back and pay the customer (a refund).
fn operation(parcel: &ParcelView, language: Language) -> String {
    let operation = match parcel.kind.as_str() {
        "exchange" => language.pick("Échange", "Exchange", "استبدال"),
        "refund" => language.pick("Remboursement", "Refund", "استرداد"),
        _ => return language.pick("Livraison", "Delivery", "توصيل").to_owned(),
    };
    format!(
        "{operation} — {} : {}",
        language.pick("à rapporter", "bring back", "للإرجاع إلى المستودع"),
        parcel
            .item_to_collect
            .as_deref()
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .unwrap_or(language.pick("article du client", "the customer's item", "سلعة الزبون"))
    )
}

/// The cash of an exit voucher's row, collected and paid out apart, both positive: a refund is
/// never a negative « à encaisser ».
fn exit_cash(parcel: &ParcelView) -> (Centimes, Centimes) {
    let at_door = cash_at_door(parcel.kind.as_str(), parcel.cod_amount);
    (at_door.max(Centimes::ZERO), (-at_door).max(Centimes::ZERO))
}

fn document(
    detail: &VoucherDetail,
    shop: Option<(String, String)>,
    company_name: &str,
    language: Language,
) -> ListingDocument {
    let voucher = &detail.voucher;
    let counterpart = match (&voucher.merchant, &voucher.delivery_person) {
        (Some(merchant), _) => {
            let mut lines = vec![merchant.company.clone().unwrap_or(merchant.name.clone())];
            if merchant.company.is_some() {
                lines.push(merchant.name.clone());
            }
            if let Some(shop) = &voucher.shop {
                lines.push(format!(
                    "{} : {}",
                    language.pick("Boutique", "Shop", "المتجر"),
                    shop.name
                ));
            }
            if let Some((phone, address)) = shop {
                lines.push(phone);
                lines.push(address);
            }
            Counterpart {
                label: language.pick("Client", "Merchant", "التاجر").into(),
                lines,
            }
        }
        (None, Some(delivery_person)) => Counterpart {
            label: language
                .pick("Livreur", "Delivery person", "عامل التوصيل")
                .into(),
            lines: vec![delivery_person.name.clone(), delivery_person.phone.clone()],
        },
        (None, None) => Counterpart::default(),
    };
    let mut details = vec![LabeledValue::new(
        language.pick("Statut", "Status", "الحالة"),
        voucher.status.label_in(language),
    )];
    if let Some(received_at) = voucher.received_at {
        details.push(LabeledValue::new(
            language.pick("Réceptionné le", "Received on", "تاريخ التسلّم"),
            received_at.format("%d/%m/%Y %H:%M").to_string(),
        ));
    }
    let mut columns = vec![
        Column::barcode(
            language.pick("Code de suivi", "Tracking code", "رمز التتبع"),
            5.0,
        ),
        Column::text(language.pick("Destinataire", "Recipient", "المستلم"), 4.0),
        Column::text(language.pick("Téléphone", "Phone", "الهاتف"), 2.6),
        Column::text(language.pick("Ville", "City", "المدينة"), 2.6),
    ];
    match voucher.kind {
        // A return voucher moves no cash: no amount column.
        Kind::Return => columns.push(Column::text(
            language.pick("Retour", "Return", "الإرجاع"),
            3.2,
        )),
        Kind::Exit => {
            columns[0].width = 4.4;
            columns[1].width = 3.0;
            columns[2].width = 2.4;
            columns[3].width = 2.0;
            columns.push(Column::text(
                language.pick("Opération", "Operation", "العملية"),
                3.4,
            ));
            columns.push(Column::right(to_collect(language), 2.1));
            columns.push(Column::right(to_refund(language), 2.1));
        }
        Kind::Pickup => columns.push(Column::right(
            language.pick("Montant", "Amount", "المبلغ"),
            2.4,
        )),
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
                Kind::Return => row.push(returned_what(p, language)),
                Kind::Exit => {
                    let (collect, pay_out) = exit_cash(p);
                    row.push(operation(p, language));
                    row.push(collect.on_document());
                    row.push(pay_out.on_document());
                }
                Kind::Pickup => row.push(p.cod_amount.on_document()),
            }
            row
        })
        .collect();
    let merchant = language.pick(
        "Signature du client",
        "Merchant's signature",
        "توقيع التاجر",
    );
    let collector = language.pick(
        "Signature du ramasseur",
        "Collector's signature",
        "توقيع المستلم",
    );
    let agent = language.pick("Signature de l'agent", "Agent's signature", "توقيع الموظف");
    let delivery_person = language.pick(
        "Signature du livreur",
        "Delivery person's signature",
        "توقيع عامل التوصيل",
    );
    let signatures = match voucher.kind {
        Kind::Pickup => vec![merchant, collector],
        Kind::Exit => vec![agent, delivery_person],
        Kind::Return => vec![delivery_person, agent],
    };
    ListingDocument {
        company_name: company_name.to_owned(),
        title: voucher.kind.title_in(language).to_owned(),
        key: voucher.key.clone(),
        date: voucher.created_at.format("%d/%m/%Y %H:%M").to_string(),
        counterpart,
        details,
        columns,
        rows,
        totals: totals(detail, language),
        signatures: signatures.into_iter().map(str::to_owned).collect(),
        // Every page's footer names the voucher by its code, as people know it.
        reference: format!("{} {}", voucher.kind.title_in(language), voucher.key),
        language,
        ..Default::default()
    }
}
