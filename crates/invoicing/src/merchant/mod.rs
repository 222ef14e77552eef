//! Client invoices: what the company pays a shop for its delivered parcels (`delivered`), or
//! bills it for what came back (`returned`). Admins draft, validate and record payments;
//! merchants read their validated and paid ones.

use chrono::NaiveDate;
use colivra_core::{time, AppError, AppResult, ParcelId, Scope, UserId};
use colivra_db::schema::invoices;
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use colivra_parcels::parcel::ParcelRow;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::invoice::{self, claim_draft, record, Parties};
pub use crate::kind::MerchantInvoiceType;
use crate::kind::{InvoiceStatus, Kind, Owner};
use crate::lines::eligible_rows;
use crate::row::{self, InvoiceRow};
use crate::view::{self, MerchantInvoiceView};

mod transfers;
mod unpaid;

pub use transfers::{transfers, TransferFilters, Transfers};
use unpaid::shop;
pub use unpaid::{unpaid_lines, unpaid_shops, UnpaidShop, UnpaidShopFilters};

/// The longest payment reference (a bank transfer's).
pub const MAX_REFERENCE: usize = 100;

pub use crate::kind::PaymentMethod;

fn kind_of(value: &str) -> AppResult<Kind> {
    Kind::merchant_type(value)
        .ok_or_else(|| AppError::validation("type", "Type inconnu : delivered ou returned."))
}

/// The moves a client invoice's `status` may ask for.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MerchantInvoiceUpdateStatus {
    /// Draft → validated: the number is given.
    Validated,
    /// Validated → paid (with `payment_method`, `payment_reference` and `paid_on`).
    Paid,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct MerchantInvoiceInput {
    /// Shop key.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub shop: Option<String>,
    /// `delivered` or `returned`.
    #[serde(rename = "type")]
    #[schema(value_type = MerchantInvoiceType, required = true)]
    pub invoice_type: Option<String>,
    /// Tracking codes (1 to 10,000); absent: every eligible parcel of the shop.
    #[schema(min_items = 1, max_items = 10000)]
    pub parcels: Option<Vec<String>>,
}

/// `POST clients/invoices`: a draft for one shop.
pub fn create(
    conn: &mut DbConnection,
    actor_id: UserId,
    input: &MerchantInvoiceInput,
) -> AppResult<MerchantInvoiceView> {
    let kind = kind_of(input.invoice_type.as_deref().unwrap_or_default())?;
    let shop_key = input.shop.as_deref().unwrap_or_default().trim().to_owned();
    if shop_key.is_empty() {
        return Err(AppError::validation("shop", "Choisissez une boutique."));
    }
    immediate_transaction(conn, |conn| {
        let (shop_id, merchant_id) = shop(conn, &shop_key)
            .map_err(|e| e.not_found_as_invalid("shop", "Boutique introuvable."))?;
        let eligible = eligible_rows(conn, kind, Owner::Shop(shop_id))?;
        let picked = invoice::chosen(&eligible, &[], input.parcels.as_deref())?;
        if picked.is_empty() {
            return Err(AppError::validation(
                "parcels",
                "Aucun colis à facturer pour cette boutique.",
            ));
        }
        let row = invoice::create_draft(
            conn,
            actor_id,
            kind,
            Parties {
                merchant_id: Some(merchant_id),
                shop_id: Some(shop_id),
                delivery_person_id: None,
            },
            &picked,
        )?;
        view::merchant_view(conn, row)
    })
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct MerchantInvoiceUpdate {
    /// A draft's new set of parcels (tracking codes, 1 to 10,000).
    #[schema(min_items = 1, max_items = 10000)]
    pub parcels: Option<Vec<String>>,
    /// `validated` (draft → validated, the number is given) or `paid` (validated → paid).
    #[schema(value_type = Option<MerchantInvoiceUpdateStatus>)]
    pub status: Option<String>,
    /// How it was paid (to mark paid): `transfer` (when left out), `cheque` or `cash`.
    #[schema(value_type = Option<PaymentMethod>)]
    pub payment_method: Option<String>,
    /// The transfer's reference, the cheque's number or the cash receipt's number (to mark
    /// paid; required then).
    #[schema(max_length = 100)]
    pub payment_reference: Option<String>,
    /// The day it was paid, `YYYY-MM-DD`, not in the future (to mark paid; required then).
    #[schema(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub paid_on: Option<NaiveDate>,
}

/// `PUT clients/invoices/{key}`: change a draft's parcels, validate it, or record its payment.
pub fn update(
    conn: &mut DbConnection,
    actor_id: UserId,
    invoice_key: &str,
    input: &MerchantInvoiceUpdate,
) -> AppResult<MerchantInvoiceView> {
    immediate_transaction(conn, |conn| {
        let row = row::get(conn, Scope::Everyone, true, invoice_key)?;
        let row = match (input.status.as_deref().map(str::trim), &input.parcels) {
            (None | Some(""), Some(parcels)) => change_parcels(conn, actor_id, row, parcels)?,
            (Some("validated"), None) => {
                let row = invoice::validate(conn, actor_id, row)?;
                record_event(conn, &row, colivra_db::outbox::INVOICE_VALIDATED)?;
                row
            }
            (Some("paid"), None) => {
                let row = pay(conn, actor_id, row, input)?;
                record_event(conn, &row, colivra_db::outbox::INVOICE_PAID)?;
                row
            }
            (Some(_), Some(_)) => {
                return Err(AppError::validation(
                    "status",
                    "Changez les colis ou le statut, pas les deux à la fois.",
                ))
            }
            _ => {
                return Err(AppError::validation(
                    "status",
                    "Indiquez les colis, ou le statut validated ou paid.",
                ))
            }
        };
        view::merchant_view(conn, row)
    })
}

/// The merchant's webhooks hear of his invoice's validation and payment (the caller's
/// transaction).
pub(crate) fn record_event(
    conn: &mut DbConnection,
    row: &InvoiceRow,
    event_type: &str,
) -> AppResult<()> {
    let Some(merchant_id) = row.merchant_id else {
        return Ok(());
    };
    notify_merchant(conn, row, merchant_id, event_type)?;
    colivra_db::outbox::record(
        conn,
        colivra_db::outbox::Event {
            merchant_id,
            event_type,
            subject_key: Some(&row.key),
            data: serde_json::to_value(colivra_core::webhook_events::InvoiceEventData {
                key: row.key.clone(),
                number: row.number.clone(),
                kind: row.kind.clone(),
                status: row.status.clone(),
                parcels_count: row.parcels_count,
                total: row.total,
                payment_method: row.payment_method.clone(),
                payment_reference: row.payment_reference.clone(),
                paid_on: row.paid_on.map(|day| day.to_string()),
                updated_at: time::to_rfc3339(&row.updated_at),
            })
            .map_err(AppError::internal)?,
        },
    )
    .map_db_err()
}

/// The merchant is told by e-mail of his invoice's validation and payment (unless he turned
/// that notice off), in the caller's transaction.
fn notify_merchant(
    conn: &mut DbConnection,
    row: &InvoiceRow,
    merchant_id: colivra_core::MerchantId,
    event_type: &str,
) -> AppResult<()> {
    use colivra_notifications::{outbox, Kind};
    let kind = if event_type == colivra_db::outbox::INVOICE_PAID {
        Kind::InvoicePaid
    } else {
        Kind::InvoiceValidated
    };
    // His invoices' screen, where the PDF is behind his sign-in.
    let link = match row.kind() {
        crate::Kind::Returned => "/compte/factures-retour",
        _ => "/compte/factures-livrees",
    };
    let code = row.number.clone().unwrap_or_else(|| row.key.clone());
    outbox::queue_email_to(
        conn,
        merchant_id.into(),
        kind,
        Some(&row.key),
        Some(link),
        |language| {
            serde_json::json!({
                "invoice_code": code,
                "amount": row.total.in_language(language),
            })
        },
    )?;
    Ok(())
}

fn change_parcels(
    conn: &mut DbConnection,
    actor_id: UserId,
    row: InvoiceRow,
    asked: &[String],
) -> AppResult<InvoiceRow> {
    claim_draft(conn, &row)?;
    let kind = row.kind();
    let current = row::parcels_on(conn, &row)?;
    // An invoice without an owner (none is written) has no parcel to take.
    let eligible = match row.owner() {
        Some(owner) => eligible_rows(conn, kind, owner)?,
        None => Vec::new(),
    };
    let picked = invoice::chosen(&eligible, &current, Some(asked))?;
    let keep: Vec<ParcelId> = picked.iter().map(|p| p.id).collect();
    let leaving: Vec<ParcelId> = current
        .iter()
        .filter(|p| !keep.contains(&p.id))
        .map(|p| p.id)
        .collect();
    invoice::release_parcels(conn, &row, Some(&leaving))?;
    let joining: Vec<&ParcelRow> = picked
        .iter()
        .copied()
        .filter(|p| kind.invoice_of(p) != Some(row.id))
        .collect();
    let ids: Vec<ParcelId> = joining.iter().map(|p| p.id).collect();
    if invoice::claim_parcels(conn, &row, &ids)? != ids.len() {
        return Err(invoice::taken_meanwhile(conn, &row, &joining)?);
    }
    let row = invoice::refresh_totals(conn, &row)?;
    record(
        conn,
        actor_id,
        &row,
        "updated",
        serde_json::json!({"added": ids.len(), "removed": leaving.len(), "total": row.total}),
    )?;
    Ok(row)
}

fn pay(
    conn: &mut DbConnection,
    actor_id: UserId,
    row: InvoiceRow,
    input: &MerchantInvoiceUpdate,
) -> AppResult<InvoiceRow> {
    let mut errors = colivra_core::FieldErrors::new();
    let method = match input.payment_method.as_deref().map(str::trim) {
        None | Some("") => Some(PaymentMethod::Transfer),
        Some(raw) => PaymentMethod::parse(raw),
    };
    if method.is_none() {
        errors.add(
            "payment_method",
            "Mode de paiement inconnu : transfer, cheque ou cash.",
        );
    }
    let reference = input
        .payment_reference
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    if reference.chars().count() > MAX_REFERENCE {
        errors.add(
            "payment_reference",
            format!("La référence compte {MAX_REFERENCE} caractères au plus."),
        );
    } else if reference.is_empty() {
        // Every payment is traced by a document: the transfer's reference, the cheque's
        // number, the cash receipt's number.
        errors.add(
            "payment_reference",
            match method {
                Some(PaymentMethod::Cheque) => "Le numéro du chèque est obligatoire.",
                Some(PaymentMethod::Cash) => "Le numéro du reçu de caisse est obligatoire.",
                _ => "La référence du virement est obligatoire.",
            },
        );
    }
    let today = time::now().date();
    match input.paid_on {
        None => {
            errors.add("paid_on", "Indiquez la date du paiement.");
        }
        Some(day) if day > today => {
            errors.add("paid_on", "La date ne peut pas être future.");
        }
        _ => {}
    }
    // A transfer to the merchant goes to the shop's RIB approved now (the transfer file's),
    // recorded with the payment; none approved: no transfer.
    let paid_bank_account = match (method, row.kind()) {
        (Some(PaymentMethod::Transfer), Kind::Delivered) => {
            let rib = row
                .shop_id
                .map(|id| {
                    colivra_db::schema::shops::table
                        .find(id)
                        .select(colivra_db::schema::shops::bank_account)
                        .first::<Option<String>>(conn)
                        .map_db_err()
                })
                .transpose()?
                .flatten();
            if rib.is_none() {
                errors.add(
                    "payment_method",
                    "Aucun RIB approuvé pour cette boutique : pas de virement possible.",
                );
            }
            rib
        }
        _ => None,
    };
    errors.into_result()?;
    if row.status() == InvoiceStatus::Validated {
        crate::accounts::refuse_payment(conn, &row)?;
    }
    let method = method.unwrap_or(PaymentMethod::Transfer);
    if row.status() == InvoiceStatus::Validated {
        // Paid at the counter: the merchant's account hears of it (what is left on it).
        crate::accounts::pay_returned(
            conn,
            actor_id,
            &row,
            &method.worded(Some(&reference), colivra_core::Language::Fr),
        )?;
    }
    let now = time::now();
    // Conditional on `validated`: of two payments recorded at once, one wins, the other 409s.
    let updated: Option<InvoiceRow> = diesel::update(
        invoices::table
            .find(row.id)
            .filter(invoices::status.eq(InvoiceStatus::Validated.as_str())),
    )
    .set((
        invoices::status.eq(InvoiceStatus::Paid.as_str()),
        invoices::payment_method.eq(method.as_str()),
        invoices::paid_bank_account.eq(&paid_bank_account),
        invoices::payment_reference.eq(&reference),
        invoices::paid_on.eq(input.paid_on),
        invoices::paid_by.eq(actor_id),
        invoices::paid_at.eq(now),
        invoices::updated_at.eq(now),
    ))
    .returning(invoices::all_columns)
    .get_result(conn)
    .optional()
    .map_db_err()?;
    let Some(row) = updated else {
        return Err(AppError::Conflict(match row.status() {
            InvoiceStatus::Draft => {
                "Validez la facture avant d'enregistrer son paiement.".to_owned()
            }
            _ => format!(
                "Le paiement de la facture {} est déjà enregistré.",
                row.number.as_deref().unwrap_or(&row.key)
            ),
        }));
    };
    record(
        conn,
        actor_id,
        &row,
        "paid",
        serde_json::json!({
            "method": method.as_str(),
            "reference": reference,
            "paid_on": input.paid_on,
            "total": row.total,
        }),
    )?;
    Ok(row)
}

/// `DELETE clients/invoices/{key}`: a draft goes, its parcels are free again.
pub fn delete(conn: &mut DbConnection, actor_id: UserId, invoice_key: &str) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let row = row::get(conn, Scope::Everyone, true, invoice_key)?;
        invoice::delete_draft(conn, actor_id, row)
    })
}
