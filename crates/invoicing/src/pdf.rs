//! Every invoice prints with the one listing layout: the company's legal identity (name,
//! address, ICE, IF, RC, patente, CNSS), title, the invoice's number as a barcode, dates, the
//! counterpart (the merchant with his ICE, the shop and the RIB it is paid to; or the delivery
//! person), one row per parcel, totals, the total in words (never cut), and, on delivery
//! invoices, the boxes for the cash handed over and counted. Every page's footer names the
//! invoice by its number with "Page n / N" and repeats the company's identifiers.

use colivra_core::{AppError, AppResult, Centimes, Language, ParcelId, Scope};
use colivra_db::DbConnection;
use colivra_documents::{Column, Counterpart, LabeledValue, ListingDocument};

use crate::kind::Kind;
use crate::kind::PaymentMethod;
use crate::legal::{self, Legal};
use crate::lines::{lines_of, Line, CARRIED_LABEL};
use crate::row::{self, InvoiceRow};
use crate::rules::CashFigures;
use crate::tva::TvaFigures;
use crate::view;
use crate::words::amount_in_words;

/// The PDF of the invoice with this key (`merchant`: a merchant invoice, else a delivery invoice),
/// within `scope` (404 outside it). `company_name` prints until an admin sets the company's
/// legal identity. Its captions are in French, or in the `reader`'s language when the company
/// chose so (`company::invoice_language`); the total in words, the legal mention of a Moroccan
/// invoice, stays in French.
pub fn invoice_pdf(
    conn: &mut DbConnection,
    scope: Scope,
    merchant: bool,
    key: &str,
    company_name: &str,
    reader: Language,
) -> AppResult<Vec<u8>> {
    let language = colivra_parcels::company::invoice_language(conn, reader)?;
    let row = row::get(conn, scope, merchant, key)?;
    let on = row::parcels_on(conn, &row)?;
    let lines = lines_of(conn, row.kind(), &on)?;
    let legal = legal::of(conn, &row)?;
    let tva = row.tva(&colivra_parcels::company::tax(conn)?);
    let mut deducted_for = Vec::new();
    let counterpart = if merchant {
        let view = view::merchant_view(conn, row.clone())?;
        deducted_for = view.deducted_for;
        let mut lines = vec![view.merchant.name];
        if let Some(ice) = &legal.merchant_ice {
            lines.push(format!("ICE : {ice}"));
        }
        lines.push(format!(
            "{} : {}",
            language.pick("Boutique", "Shop", "المتجر"),
            view.shop.name
        ));
        lines.push(match &legal.bank_account {
            Some(rib) => format!("RIB : {}", grouped_rib(rib)),
            None if row.status() == crate::kind::InvoiceStatus::Draft => format!(
                "RIB : {}",
                language.pick(
                    "aucun RIB approuvé",
                    "no approved RIB",
                    "لا يوجد RIB مصادق عليه"
                )
            ),
            None => format!(
                "RIB : {}",
                language.pick(
                    "aucun RIB approuvé à la validation",
                    "no RIB approved at validation",
                    "لا يوجد RIB مصادق عليه عند المصادقة"
                )
            ),
        });
        if let Some(paid_to) = &row.paid_bank_account {
            lines.push(format!(
                "{} : {}",
                language.pick("Payée au RIB", "Paid to RIB", "أُدّيت إلى RIB"),
                grouped_rib(paid_to)
            ));
        }
        Counterpart {
            label: language.pick("Client", "Merchant", "التاجر").into(),
            lines,
        }
    } else {
        let view = view::delivery_view(conn, row.clone())?;
        Counterpart {
            label: language
                .pick("Livreur", "Delivery person", "عامل التوصيل")
                .into(),
            lines: vec![view.delivery_person.full_name, view.delivery_person.phone],
        }
    };
    // A delivery invoice says, per parcel, what proof of delivery its delivery person kept.
    let proofs = if merchant {
        None
    } else {
        let ids: Vec<ParcelId> = on.iter().map(|parcel| parcel.id).collect();
        let kinds = colivra_parcels::proof::kinds_for(conn, &ids)?;
        Some(
            on.iter()
                .filter_map(|parcel| kinds.get(&parcel.id).map(|k| (parcel.key.clone(), *k)))
                .collect(),
        )
    };
    let mut document = document(
        &row,
        &lines,
        counterpart,
        company_name,
        &legal,
        tva.as_ref(),
        proofs.as_ref(),
        &deducted_for,
        language,
    );
    // A company that pays before cash-in says so on what it advances.
    let advanced = on
        .iter()
        .filter(|p| {
            row.kind() == Kind::Delivered && !p.cash_received && p.delivery_person_id.is_some()
        })
        .count();
    if advanced > 0 {
        document.remarks.push(format!(
            "{} {advanced} {}",
            language.pick(
                "Paiement avant encaissement : les espèces de",
                "Paid before cash-in: the cash of",
                "أداء قبل التحصيل: نقود",
            ),
            language.pick(
                "colis de cette facture n'étaient pas encore remises par le livreur.",
                "parcels on this invoice had not yet been handed over by the delivery person.",
                "طرود من هذه الفاتورة لم يسلّمها عامل التوصيل بعد.",
            ),
        ));
    }
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
fn total_in_words(kind: Kind, total: Centimes) -> String {
    let direction = match (kind, !total.is_negative()) {
        (Kind::Delivered | Kind::Returned, true) => "à payer au client",
        (Kind::Delivered | Kind::Returned, false) => "due par le client",
        (Kind::Delivery, true) => "à remettre par le livreur",
        (Kind::Delivery, false) => "à verser au livreur",
    };
    format!(
        "Arrêtée la présente facture à la somme de {} ({}), {direction}.",
        amount_in_words(total.abs()),
        total.abs().on_document(),
    )
}

fn date(at: chrono::NaiveDateTime) -> String {
    at.format("%d/%m/%Y").to_string()
}

/// Per parcel code: whether its proof of delivery holds a signature, a photo.
type ProofKinds = std::collections::HashMap<String, (bool, bool)>;

/// What a delivery invoice's « Preuve » column says of a parcel.
fn proof_cell(kinds: Option<&(bool, bool)>, language: Language) -> String {
    match kinds {
        Some((true, true)) => language.pick("Signature, photo", "Signature, photo", "توقيع، صورة"),
        Some((true, false)) => language.pick("Signature", "Signature", "توقيع"),
        Some((false, true)) => language.pick("Photo", "Photo", "صورة"),
        _ => "—",
    }
    .to_owned()
}

/// The fees' lines of a client invoice's totals: HT, TVA and TTC apart (the TVA line left out
/// when the company is exempt), or the plain total on an invoice validated before TVA was shown.
fn fee_totals(
    fees_total: Centimes,
    tva: Option<&TvaFigures>,
    language: Language,
) -> Vec<LabeledValue> {
    let Some(tva) = tva else {
        return vec![LabeledValue::new(
            language.pick("Total des frais", "Fees total", "مجموع الرسوم"),
            fees_total.on_document(),
        )];
    };
    let mut totals = vec![LabeledValue::new(
        language.pick("Frais HT", "Fees excl. VAT", "الرسوم دون احتساب الضريبة"),
        tva.fees_ht.on_document(),
    )];
    if tva.exemption.is_none() {
        totals.push(LabeledValue::new(
            format!(
                "{} {} %",
                language.pick("TVA", "VAT", "الضريبة على القيمة المضافة"),
                tva.rate
            ),
            tva.tva_amount.on_document(),
        ));
    }
    totals.push(LabeledValue::new(
        language.pick("Frais TTC", "Fees incl. VAT", "الرسوم مع احتساب الضريبة"),
        tva.fees_ttc.on_document(),
    ));
    totals
}

#[allow(clippy::too_many_arguments)]
fn document(
    row: &InvoiceRow,
    lines: &[Line],
    counterpart: Counterpart,
    company_name: &str,
    legal: &Legal,
    tva: Option<&TvaFigures>,
    proofs: Option<&ProofKinds>,
    deducted_for: &[String],
    language: Language,
) -> ListingDocument {
    let kind = row.kind();
    let unnumbered = language.pick(
        "Brouillon (non numérotée)",
        "Draft (not numbered)",
        "مسودة (بدون رقم)",
    );
    let mut details = vec![
        LabeledValue::new(
            language.pick("Numéro", "Number", "الرقم"),
            row.number.clone().unwrap_or_else(|| unnumbered.into()),
        ),
        LabeledValue::new(
            language.pick("Statut", "Status", "الحالة"),
            row.status().label_in(language),
        ),
    ];
    if let Some(at) = row.validated_at {
        details.push(LabeledValue::new(
            language.pick("Validée le", "Validated on", "تاريخ المصادقة"),
            date(at),
        ));
    }
    if let Some(paid_on) = row.paid_on {
        details.push(LabeledValue::new(
            language.pick("Payée le", "Paid on", "تاريخ الأداء"),
            paid_on.format("%d/%m/%Y").to_string(),
        ));
        // No method: a returned-type invoice settled through the merchant's account, its
        // reference saying how (« Déduite sur FC-… »).
        let worded = match row.payment_method.as_deref().and_then(PaymentMethod::parse) {
            Some(method) => method.worded(row.payment_reference.as_deref(), language),
            None => row.payment_reference.clone().unwrap_or_default(),
        };
        details.push(LabeledValue::new(
            language.pick("Paiement", "Payment", "الأداء"),
            worded,
        ));
    }
    let fee_header = if kind.is_merchant() {
        language.pick("Frais", "Fees", "الرسوم")
    } else {
        language.pick("Commission", "Commission", "العمولة")
    };
    let recipient = language.pick("Destinataire", "Recipient", "المستلم");
    let city = language.pick("Ville", "City", "المدينة");
    let mut columns = vec![
        Column::barcode(
            language.pick("Code de suivi", "Tracking code", "رمز التتبع"),
            5.0,
        ),
        Column::text(recipient, 3.6),
        Column::text(city, 2.4),
        Column::right(language.pick("Encaissé", "Collected", "المبلغ المحصل"), 2.4),
        Column::right(fee_header, 2.2),
        Column::right(language.pick("Net", "Net", "الصافي"), 2.4),
    ];
    if proofs.is_some() {
        columns[1] = Column::text(recipient, 3.0);
        columns[2] = Column::text(city, 2.0);
        columns.push(Column::text(
            language.pick("Preuve", "Proof", "الإثبات"),
            2.4,
        ));
    }
    let rows = lines
        .iter()
        .map(|line| {
            let mut cells = vec![
                line.parcel.clone(),
                line.recipient_name.clone(),
                line.city_name.clone(),
                line.cod_amount.on_document(),
                line.fee
                    .or(line.commission)
                    .unwrap_or(Centimes::ZERO)
                    .on_document(),
                line.amount.on_document(),
            ];
            if let Some(proofs) = proofs {
                cells.push(proof_cell(proofs.get(&line.parcel), language));
            }
            cells
        })
        .collect();
    let net_label = match kind {
        Kind::Delivered => language.pick(
            "Net à payer au client",
            "Net to pay the merchant",
            "الصافي المستحق للتاجر",
        ),
        Kind::Returned => language.pick(
            "Net dû par le client",
            "Net owed by the merchant",
            "الصافي المستحق على التاجر",
        ),
        Kind::Delivery => language.pick(
            "Espèces à remettre",
            "Cash to hand in",
            "النقود الواجب تسليمها",
        ),
    };
    let mut totals = vec![LabeledValue::new(
        language.pick("Nombre de colis", "Parcels", "عدد الطرود"),
        row.parcels_count.to_string(),
    )];
    if kind == Kind::Delivery {
        // Refunds are cash paid out, shown apart from the cash collected.
        let cash = CashFigures::of(lines.iter().map(|line| line.cod_amount));
        totals.push(LabeledValue::new(
            language.pick(
                "Encaissé auprès des clients",
                "Collected from customers",
                "المحصَّل من الزبناء",
            ),
            cash.cash_to_collect.on_document(),
        ));
        totals.push(LabeledValue::new(
            language.pick(
                "Remboursé aux clients",
                "Refunded to customers",
                "المُرجَع للزبناء",
            ),
            (-cash.cash_to_pay_out).on_document(),
        ));
    }
    totals.push(LabeledValue::new(
        if kind.is_merchant() {
            // Collected on the merchant's behalf: a disbursement, outside the TVA.
            language.pick(
                "Total contre-remboursement (débours)",
                "Cash on delivery total (disbursement)",
                "مجموع الدفع عند الاستلام (مبالغ مستخلصة لحساب التاجر)",
            )
        } else {
            language.pick(
                "Total contre-remboursement",
                "Cash on delivery total",
                "مجموع الدفع عند الاستلام",
            )
        },
        row.cod_total.on_document(),
    ));
    if kind.is_merchant() {
        totals.extend(fee_totals(row.fees_total, tva, language));
    } else {
        totals.push(LabeledValue::new(
            language.pick(
                "Total des commissions",
                "Commissions total",
                "مجموع العمولات",
            ),
            row.fees_total.on_document(),
        ));
    }
    if !row.carried_balance.is_zero() {
        let label = if kind.is_merchant() {
            crate::accounts::deduction_label(deducted_for, language)
        } else {
            language
                .pick(
                    CARRIED_LABEL,
                    "Earlier difference to settle",
                    "فرق سابق للتسوية",
                )
                .to_owned()
        };
        totals.push(LabeledValue::new(label, row.carried_balance.on_document()));
    }
    totals.push(LabeledValue::new(net_label, row.total.on_document()));
    if let Some(counted) = row.counted_amount {
        totals.push(LabeledValue::new(
            language.pick("Espèces comptées", "Cash counted", "النقود المعدودة"),
            counted.on_document(),
        ));
        totals.push(LabeledValue::new(
            language.pick("Écart", "Difference", "الفرق"),
            (counted - row.total).on_document(),
        ));
    }
    let signatures = match kind {
        Kind::Delivery => vec![
            language
                .pick(
                    "Espèces remises par le livreur",
                    "Cash handed in by the delivery person",
                    "النقود المسلَّمة من عامل التوصيل",
                )
                .to_owned(),
            language
                .pick(
                    "Espèces comptées par l'agent",
                    "Cash counted by the agent",
                    "النقود المعدودة من طرف الموظف",
                )
                .to_owned(),
        ],
        _ => Vec::new(),
    };
    // People know an invoice by its number; a draft has none yet.
    let invoice = language.pick("Facture", "Invoice", "فاتورة");
    let (code, reference) = match &row.number {
        Some(number) => (number.clone(), format!("{invoice} {number}")),
        None => (
            row.key.clone(),
            language
                .pick(
                    "Facture brouillon (non numérotée)",
                    "Draft invoice (not numbered)",
                    "فاتورة مسودة (بدون رقم)",
                )
                .to_owned(),
        ),
    };
    let mut document = ListingDocument {
        company_name: company_name.to_owned(),
        title: kind.title_in(language).to_owned(),
        key: code,
        reference,
        date: date(row.created_at),
        counterpart,
        details,
        columns,
        rows,
        totals,
        remarks: std::iter::once(total_in_words(kind, row.total))
            .chain(tva.and_then(|t| t.exemption.clone()))
            .collect(),
        signatures,
        language,
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
            total_in_words(Kind::Delivered, Centimes::new(58_050)),
            "Arrêtée la présente facture à la somme de cinq cent quatre-vingts dirhams et \
             cinquante centimes (580,50 DH), à payer au client."
        );
        assert!(total_in_words(Kind::Returned, Centimes::new(-1_500))
            .ends_with("(15,00 DH), due par le client."));
        assert!(
            total_in_words(Kind::Delivery, Centimes::new(-100)).ends_with("à verser au livreur.")
        );
    }
}
