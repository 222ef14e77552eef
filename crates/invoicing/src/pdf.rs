//! Every invoice prints with the one listing layout: company, title, the invoice key as a
//! barcode, number and dates, the counterpart (the shop with its RIB, or the delivery person),
//! one row per parcel, totals in figures and in words, and, on delivery invoices, the boxes for
//! the cash handed over and counted.

use colivra_core::{AppError, AppResult, Scope};
use colivra_db::DbConnection;
use colivra_documents::{format_money, Column, Counterpart, LabeledValue, ListingDocument};

use crate::invoice::{self, InvoiceRow, Kind};
use crate::lines::{lines_of, Line, CARRIED_LABEL};
use crate::rules::CashFigures;
use crate::view;
use crate::words::amount_in_words;

/// The PDF of the invoice with this key (`client`: a client invoice, else a delivery invoice),
/// within `scope` (404 outside it).
pub fn invoice_pdf(
    conn: &mut DbConnection,
    scope: Scope,
    client: bool,
    key: &str,
    company_name: &str,
) -> AppResult<Vec<u8>> {
    let row = invoice::get(conn, scope, client, key)?;
    let on = invoice::parcels_on(conn, &row)?;
    let lines = lines_of(conn, row.kind(), &on)?;
    let counterpart = if client {
        let view = view::client_view(conn, row.clone())?;
        let mut lines = vec![view.client.name, format!("Boutique : {}", view.shop.name)];
        lines.push(match view.shop.bank_account {
            Some(rib) => format!("RIB : {rib}"),
            None => "RIB : non renseigné".to_owned(),
        });
        Counterpart {
            label: "Client".into(),
            lines,
        }
    } else {
        let view = view::delivery_view(conn, row.clone())?;
        Counterpart {
            label: "Livreur".into(),
            lines: vec![view.delivery_admin.full_name, view.delivery_admin.phone],
        }
    };
    let document = document(&row, &lines, counterpart, company_name);
    colivra_documents::listing_document(&document).map_err(AppError::internal)
}

fn date(at: chrono::NaiveDateTime) -> String {
    at.format("%d/%m/%Y").to_string()
}

fn document(
    row: &InvoiceRow,
    lines: &[Line],
    counterpart: Counterpart,
    company_name: &str,
) -> ListingDocument {
    let kind = row.kind();
    let mut details = vec![
        LabeledValue::new(
            "Numéro",
            row.number
                .clone()
                .unwrap_or_else(|| "Brouillon (non numérotée)".into()),
        ),
        LabeledValue::new("Statut", row.status().label()),
    ];
    if let Some(at) = row.validated_at {
        details.push(LabeledValue::new("Validée le", date(at)));
    }
    if let (Some(reference), Some(paid_on)) = (&row.payment_reference, row.paid_on) {
        details.push(LabeledValue::new(
            "Payée le",
            paid_on.format("%d/%m/%Y").to_string(),
        ));
        details.push(LabeledValue::new("Réf. du virement", reference.as_str()));
    }
    let fee_header = if kind.is_client() {
        "Frais"
    } else {
        "Commission"
    };
    let columns = vec![
        Column::barcode("Code de suivi", 5.0),
        Column::text("Destinataire", 3.6),
        Column::text("Ville", 2.4),
        Column::right("Montant CRBT", 2.4),
        Column::right(fee_header, 2.2),
        Column::right("Net", 2.4),
    ];
    let rows = lines
        .iter()
        .map(|line| {
            vec![
                line.parcel.clone(),
                line.recipient_name.clone(),
                line.city_name.clone(),
                format_money(line.cod_amount),
                format_money(line.fee.or(line.commission).unwrap_or(0)),
                format_money(line.amount),
            ]
        })
        .collect();
    let net_label = match kind {
        Kind::Delivered => "Net à payer au client",
        Kind::Returned => "Net dû par le client",
        Kind::Delivery => "Espèces à remettre",
    };
    let mut totals = vec![LabeledValue::new(
        "Nombre de colis",
        row.parcels_count.to_string(),
    )];
    if kind == Kind::Delivery {
        // Refunds are cash paid out, shown apart from the cash collected.
        let cash = CashFigures::of(lines.iter().map(|line| line.cod_amount));
        totals.push(LabeledValue::new(
            "Encaissé auprès des clients",
            format_money(cash.cash_to_collect),
        ));
        totals.push(LabeledValue::new(
            "Remboursé aux clients",
            format_money(-cash.cash_to_pay_out),
        ));
    }
    totals.push(LabeledValue::new(
        "Total contre-remboursement",
        format_money(row.cod_total),
    ));
    totals.push(LabeledValue::new(
        if kind.is_client() {
            "Total des frais"
        } else {
            "Total des commissions"
        },
        format_money(row.fees_total),
    ));
    if row.carried_balance != 0 {
        totals.push(LabeledValue::new(
            CARRIED_LABEL,
            format_money(row.carried_balance),
        ));
    }
    totals.push(LabeledValue::new(net_label, format_money(row.total)));
    if let Some(counted) = row.counted_amount {
        totals.push(LabeledValue::new("Espèces comptées", format_money(counted)));
        totals.push(LabeledValue::new(
            "Écart",
            format_money(counted - row.total),
        ));
    }
    totals.push(LabeledValue::new(
        "Arrêtée à la somme de",
        amount_in_words(row.total),
    ));
    let signatures = match kind {
        Kind::Delivery => vec![
            "Espèces remises par le livreur".to_owned(),
            "Espèces comptées par l'agent".to_owned(),
        ],
        _ => Vec::new(),
    };
    ListingDocument {
        company_name: company_name.to_owned(),
        title: kind.title().to_owned(),
        key: row.key.clone(),
        date: date(row.created_at),
        counterpart,
        details,
        columns,
        rows,
        totals,
        signatures,
    }
}
