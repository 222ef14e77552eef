//! Every invoice prints with the one listing layout: the company's legal identity (name,
//! address, ICE, IF, RC, patente, CNSS), title, the invoice's number as a barcode, dates, the
//! counterpart (the merchant with his ICE, the shop and the RIB it is paid to; or the delivery
//! person), one row per parcel, totals, the total in words (never cut), and, on delivery
//! invoices, the boxes for the cash handed over and counted. Every page's footer names the
//! invoice by its number with "Page n / N" and repeats the company's identifiers.

use colivra_core::{AppError, AppResult, Scope};
use colivra_db::DbConnection;
use colivra_documents::{format_money, Column, Counterpart, LabeledValue, ListingDocument};

use crate::kind::Kind;
use crate::legal::{self, Legal};
use crate::lines::{lines_of, Line, CARRIED_LABEL};
use crate::row::{self, InvoiceRow};
use crate::rules::CashFigures;
use crate::view;
use crate::words::amount_in_words;

/// The PDF of the invoice with this key (`merchant`: a merchant invoice, else a delivery invoice),
/// within `scope` (404 outside it). `company_name` prints until an admin sets the company's
/// legal identity.
pub fn invoice_pdf(
    conn: &mut DbConnection,
    scope: Scope,
    merchant: bool,
    key: &str,
    company_name: &str,
) -> AppResult<Vec<u8>> {
    let row = row::get(conn, scope, merchant, key)?;
    let on = row::parcels_on(conn, &row)?;
    let lines = lines_of(conn, row.kind(), &on)?;
    let legal = legal::of(conn, &row)?;
    let counterpart = if merchant {
        let view = view::merchant_view(conn, row.clone())?;
        let mut lines = vec![view.merchant.name];
        if let Some(ice) = &legal.merchant_ice {
            lines.push(format!("ICE : {ice}"));
        }
        lines.push(format!("Boutique : {}", view.shop.name));
        lines.push(match &legal.bank_account {
            Some(rib) => format!("RIB : {}", grouped_rib(rib)),
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
            lines: vec![view.delivery_person.full_name, view.delivery_person.phone],
        }
    };
    // A delivery invoice says, per parcel, what proof of delivery its delivery person kept.
    let proofs = if merchant {
        None
    } else {
        let ids: Vec<i64> = on.iter().map(|parcel| parcel.id).collect();
        let kinds = colivra_parcels::proof::kinds_for(conn, &ids)?;
        Some(
            on.iter()
                .filter_map(|parcel| kinds.get(&parcel.id).map(|k| (parcel.key.clone(), *k)))
                .collect(),
        )
    };
    let document = document(
        &row,
        &lines,
        counterpart,
        company_name,
        &legal,
        proofs.as_ref(),
    );
    colivra_documents::listing_document(&document).map_err(AppError::internal)
}

/// A RIB as banks print it: bank (3), city (3), account (16), key (2).
fn grouped_rib(rib: &str) -> String {
    match (rib.get(..3), rib.get(3..6), rib.get(6..22), rib.get(22..)) {
        (Some(bank), Some(city), Some(account), Some(key)) if rib.len() == 24 => {
            format!("{bank} {city} {account} {key}")
        }
        _ => rib.to_owned(),
    }
}

/// "Arrêtée la présente facture à la somme de …": the total in words, and who pays whom.
fn total_in_words(kind: Kind, total: i64) -> String {
    let direction = match (kind, total >= 0) {
        (Kind::Delivered | Kind::Returned, true) => "à payer au client",
        (Kind::Delivered | Kind::Returned, false) => "due par le client",
        (Kind::Delivery, true) => "à remettre par le livreur",
        (Kind::Delivery, false) => "à verser au livreur",
    };
    format!(
        "Arrêtée la présente facture à la somme de {} ({}), {direction}.",
        amount_in_words(total.abs()),
        format_money(total.abs()),
    )
}

fn date(at: chrono::NaiveDateTime) -> String {
    at.format("%d/%m/%Y").to_string()
}

/// Per parcel code: whether its proof of delivery holds a signature, a photo.
type ProofKinds = std::collections::HashMap<String, (bool, bool)>;

/// What a delivery invoice's « Preuve » column says of a parcel.
fn proof_cell(kinds: Option<&(bool, bool)>) -> String {
    match kinds {
        Some((true, true)) => "Signature, photo",
        Some((true, false)) => "Signature",
        Some((false, true)) => "Photo",
        _ => "—",
    }
    .to_owned()
}

fn document(
    row: &InvoiceRow,
    lines: &[Line],
    counterpart: Counterpart,
    company_name: &str,
    legal: &Legal,
    proofs: Option<&ProofKinds>,
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
    let fee_header = if kind.is_merchant() {
        "Frais"
    } else {
        "Commission"
    };
    let mut columns = vec![
        Column::barcode("Code de suivi", 5.0),
        Column::text("Destinataire", 3.6),
        Column::text("Ville", 2.4),
        Column::right("Montant CRBT", 2.4),
        Column::right(fee_header, 2.2),
        Column::right("Net", 2.4),
    ];
    if proofs.is_some() {
        columns[1] = Column::text("Destinataire", 3.0);
        columns[2] = Column::text("Ville", 2.0);
        columns.push(Column::text("Preuve", 2.4));
    }
    let rows = lines
        .iter()
        .map(|line| {
            let mut cells = vec![
                line.parcel.clone(),
                line.recipient_name.clone(),
                line.city_name.clone(),
                format_money(line.cod_amount),
                format_money(line.fee.or(line.commission).unwrap_or(0)),
                format_money(line.amount),
            ];
            if let Some(proofs) = proofs {
                cells.push(proof_cell(proofs.get(&line.parcel)));
            }
            cells
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
        if kind.is_merchant() {
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
    let signatures = match kind {
        Kind::Delivery => vec![
            "Espèces remises par le livreur".to_owned(),
            "Espèces comptées par l'agent".to_owned(),
        ],
        _ => Vec::new(),
    };
    // People know an invoice by its number; a draft has none yet.
    let (code, reference) = match &row.number {
        Some(number) => (number.clone(), format!("Facture {number}")),
        None => (
            row.key.clone(),
            "Facture brouillon (non numérotée)".to_owned(),
        ),
    };
    let mut document = ListingDocument {
        company_name: company_name.to_owned(),
        title: kind.title().to_owned(),
        key: code,
        reference,
        date: date(row.created_at),
        counterpart,
        details,
        columns,
        rows,
        totals,
        remarks: vec![total_in_words(kind, row.total)],
        signatures,
        ..Default::default()
    };
    if let Some(issuer) = &legal.issuer {
        issuer.print_on(&mut document);
    }
    document
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ribs_print_grouped_as_banks_do() {
        assert_eq!(
            grouped_rib("011780000012345678901234"),
            "011 780 0000123456789012 34"
        );
        assert_eq!(grouped_rib("123"), "123");
    }

    #[test]
    fn the_total_in_words_says_who_pays_whom() {
        assert_eq!(
            total_in_words(Kind::Delivered, 58_050),
            "Arrêtée la présente facture à la somme de cinq cent quatre-vingts dirhams et \
             cinquante centimes (580,50 DH), à payer au client."
        );
        assert!(total_in_words(Kind::Returned, -1_500).ends_with("(15,00 DH), due par le client."));
        assert!(total_in_words(Kind::Delivery, -100).ends_with("à verser au livreur."));
    }
}
