//! Client invoices: what the company pays a shop for its delivered parcels (`delivered`), or
//! bills it for what came back (`returned`). Admins draft, validate and record payments;
//! merchants read their validated and paid ones.

use std::collections::HashMap;

use chrono::NaiveDate;
use colivra_core::{time, AppError, AppResult, ListQuery, Paginated, Scope};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{invoices, parcels, shops, users};
use colivra_db::{immediate_transaction, DbBackend, DbConnection, MapDbErr};
use colivra_parcels::parcel::ParcelRow;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::invoice::{self, claim_draft, record, Parties};
pub use crate::kind::ClientInvoiceType;
use crate::kind::{InvoiceStatus, Kind};
use crate::lines::{eligible_rows, lines_of, Line};
use crate::row::{self, InvoiceRow};
use crate::view::{self, ClientInvoiceView, InvoiceClientRef};

/// The longest payment reference (a bank transfer's).
pub const MAX_REFERENCE: usize = 100;

fn kind_of(value: &str) -> AppResult<Kind> {
    Kind::client_type(value)
        .ok_or_else(|| AppError::validation("type", "Type inconnu : delivered ou returned."))
}

/// A shop with parcels to invoice.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UnpaidShop {
    pub key: String,
    pub name: String,
    pub client: InvoiceClientRef,
    /// The shop's approved RIB, masked but for its last 4 digits (null: none, transfers skip it).
    pub bank_account: Option<String>,
    pub parcels_count: i64,
    pub cod_total: i64,
    pub fees_total: i64,
    pub total: i64,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct UnpaidShopFilters {
    /// One merchant's shops (merchant key).
    pub client: Option<String>,
}

/// `GET shops/unpaid/{type}`: the shops with parcels eligible for a client invoice of that type,
/// with their counts and totals, largest total first (refund-heavy or returned: most negative
/// last). `q` matches the shop's name and the merchant's name or company.
pub fn unpaid_shops(
    conn: &mut DbConnection,
    invoice_type: &str,
    query: &ListQuery,
    filters: &UnpaidShopFilters,
) -> AppResult<Paginated<UnpaidShop>> {
    let kind = kind_of(invoice_type)?;
    let search = query.search()?;
    let client = filters
        .client
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_owned);
    let pattern = search
        .as_deref()
        .map(colivra_core::pagination::like_pattern);
    // One pass over the eligible parcels (a partial index) with their shops and merchants, kept
    // by the merchant filter and the search (the count and the page share them).
    macro_rules! matching {
        ($query:expr) => {{
            let mut q = $query;
            if let Some(client) = &client {
                q = q.filter(users::key.eq(client.clone()));
            }
            if let Some(pattern) = &pattern {
                q = q.filter(
                    lower(shops::name)
                        .like(pattern.clone())
                        .escape('\\')
                        .or(
                            lower(users::first_name.concat(" ").concat(users::last_name))
                                .like(pattern.clone())
                                .escape('\\'),
                        ),
                );
            }
            q
        }};
    }
    // The figures follow the rules of `rules::amounts`, summed in SQL.
    let (cod, fee) = match kind {
        Kind::Delivered => (
            "CASE WHEN parcels.kind = 'refund' THEN -parcels.cod_amount ELSE parcels.cod_amount END",
            "parcels.delivery_fee",
        ),
        _ => (
            "0",
            "CASE WHEN parcels.outcome = 'refused' THEN parcels.refusal_fee ELSE parcels.return_fee END",
        ),
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| {
            matching!(parcels::table
                .inner_join(shops::table.inner_join(users::table))
                .filter(sql::<Bool>(kind.eligible_sql()))
                .select(diesel::dsl::count(parcels::shop_id).aggregate_distinct())
                .into_boxed::<DbBackend>())
            .get_result(conn)
        },
        |conn, limit, offset| {
            matching!(parcels::table
                .inner_join(shops::table.inner_join(users::table))
                .filter(sql::<Bool>(kind.eligible_sql()))
                .group_by(parcels::shop_id)
                .select((
                    parcels::shop_id,
                    sql::<BigInt>("CAST(COUNT(*) AS BIGINT)"),
                    sql::<BigInt>(&format!("CAST(SUM({cod}) AS BIGINT)")),
                    sql::<BigInt>(&format!("CAST(SUM({fee}) AS BIGINT)")),
                ))
                .into_boxed::<DbBackend>())
            // Largest total first, then by name (one name per shop in each group).
            .order(sql::<BigInt>(&format!("SUM({cod}) - SUM({fee})")).desc())
            .then_order_by(sql::<Text>("MIN(shops.name)").asc())
            .then_order_by(parcels::shop_id.asc())
            .limit(limit)
            .offset(offset)
            .load::<(i64, i64, i64, i64)>(conn)
        },
    )?;
    let ids: Vec<i64> = page.data.iter().map(|row| row.0).collect();
    let found: Vec<ShopAndMerchant> = shops::table
        .inner_join(users::table)
        .filter(shops::id.eq_any(&ids))
        .select((
            shops::id,
            shops::key,
            shops::name,
            shops::bank_account,
            users::key,
            users::first_name,
            users::last_name,
            users::company,
        ))
        .load(conn)
        .map_db_err()?;
    let mut named: HashMap<i64, ShopAndMerchant> =
        found.into_iter().map(|shop| (shop.0, shop)).collect();
    Ok(page.map(|(id, count, cod, fees)| {
        let (_, key, name, bank_account, client_key, first, last, company) =
            named.remove(&id).unwrap_or_default();
        let person = format!("{first} {last}").trim().to_owned();
        UnpaidShop {
            key,
            name,
            client: InvoiceClientRef {
                key: client_key,
                name: company.filter(|c| !c.trim().is_empty()).unwrap_or(person),
            },
            bank_account: bank_account
                .as_deref()
                .map(colivra_parcels::shops::mask_rib),
            parcels_count: count,
            cod_total: cod,
            fees_total: fees,
            total: cod - fees,
        }
    }))
}

/// Shop id, key, name and RIB; the merchant's key, first and last names and company.
type ShopAndMerchant = (
    i64,
    String,
    String,
    Option<String>,
    String,
    String,
    String,
    Option<String>,
);

/// The shop with this key (any merchant's: admins only call this), else 404.
fn shop(conn: &mut DbConnection, shop_key: &str) -> AppResult<(i64, i64)> {
    shops::table
        .filter(shops::key.eq(shop_key.trim()))
        .select((shops::id, shops::client_id))
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

/// `GET shops/unpaid/{type}/{shop}`: the shop's parcels eligible for an invoice of that type.
pub fn unpaid_lines(
    conn: &mut DbConnection,
    invoice_type: &str,
    shop_key: &str,
) -> AppResult<Vec<Line>> {
    let kind = kind_of(invoice_type)?;
    let (shop_id, _) = shop(conn, shop_key)?;
    let rows = eligible_rows(conn, kind, shop_id)?;
    lines_of(conn, kind, &rows)
}

/// The moves a client invoice's `status` may ask for.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ClientInvoiceUpdateStatus {
    /// Draft → validated: the number is given.
    Validated,
    /// Validated → paid (with `payment_reference` and `paid_on`).
    Paid,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ClientInvoiceInput {
    /// Shop key.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub shop: Option<String>,
    /// `delivered` or `returned`.
    #[serde(rename = "type")]
    #[schema(value_type = ClientInvoiceType, required = true)]
    pub invoice_type: Option<String>,
    /// Tracking codes (1 to 10,000); absent: every eligible parcel of the shop.
    #[schema(min_items = 1, max_items = 10000)]
    pub parcels: Option<Vec<String>>,
}

/// `POST clients/invoices`: a draft for one shop.
pub fn create(
    conn: &mut DbConnection,
    actor_id: i64,
    input: &ClientInvoiceInput,
) -> AppResult<ClientInvoiceView> {
    let kind = kind_of(input.invoice_type.as_deref().unwrap_or_default())?;
    let shop_key = input.shop.as_deref().unwrap_or_default().trim().to_owned();
    if shop_key.is_empty() {
        return Err(AppError::validation("shop", "Choisissez une boutique."));
    }
    immediate_transaction(conn, |conn| {
        let (shop_id, client_id) = shop(conn, &shop_key)
            .map_err(|e| e.not_found_as_invalid("shop", "Boutique introuvable."))?;
        let eligible = eligible_rows(conn, kind, shop_id)?;
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
                client_id: Some(client_id),
                shop_id: Some(shop_id),
                delivery_admin_id: None,
            },
            &picked,
        )?;
        view::client_view(conn, row)
    })
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ClientInvoiceUpdate {
    /// A draft's new set of parcels (tracking codes, 1 to 10,000).
    #[schema(min_items = 1, max_items = 10000)]
    pub parcels: Option<Vec<String>>,
    /// `validated` (draft → validated, the number is given) or `paid` (validated → paid).
    #[schema(value_type = Option<ClientInvoiceUpdateStatus>)]
    pub status: Option<String>,
    /// The bank transfer's reference (to mark paid; required then).
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
    actor_id: i64,
    invoice_key: &str,
    input: &ClientInvoiceUpdate,
) -> AppResult<ClientInvoiceView> {
    immediate_transaction(conn, |conn| {
        let row = row::get(conn, Scope::Everyone, true, invoice_key)?;
        let row = match (input.status.as_deref().map(str::trim), &input.parcels) {
            (None | Some(""), Some(parcels)) => change_parcels(conn, actor_id, row, parcels)?,
            (Some("validated"), None) => invoice::validate(conn, actor_id, row)?,
            (Some("paid"), None) => pay(conn, actor_id, row, input)?,
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
        view::client_view(conn, row)
    })
}

fn change_parcels(
    conn: &mut DbConnection,
    actor_id: i64,
    row: InvoiceRow,
    asked: &[String],
) -> AppResult<InvoiceRow> {
    claim_draft(conn, &row)?;
    let kind = row.kind();
    let current = row::parcels_on(conn, &row)?;
    let eligible = eligible_rows(conn, kind, row.owner_id())?;
    let picked = invoice::chosen(&eligible, &current, Some(asked))?;
    let keep: Vec<i64> = picked.iter().map(|p| p.id).collect();
    let leaving: Vec<i64> = current
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
    let ids: Vec<i64> = joining.iter().map(|p| p.id).collect();
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
    actor_id: i64,
    row: InvoiceRow,
    input: &ClientInvoiceUpdate,
) -> AppResult<InvoiceRow> {
    let mut errors = colivra_core::FieldErrors::new();
    let reference = input
        .payment_reference
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    if reference.is_empty() || reference.chars().count() > MAX_REFERENCE {
        errors.add(
            "payment_reference",
            format!(
                "La référence du virement est obligatoire ({MAX_REFERENCE} caractères au plus)."
            ),
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
    errors.into_result()?;
    let now = time::now();
    // Conditional on `validated`: of two payments recorded at once, one wins, the other 409s.
    let updated: Option<InvoiceRow> = diesel::update(
        invoices::table
            .find(row.id)
            .filter(invoices::status.eq(InvoiceStatus::Validated.as_str())),
    )
    .set((
        invoices::status.eq(InvoiceStatus::Paid.as_str()),
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
        serde_json::json!({"reference": reference, "paid_on": input.paid_on, "total": row.total}),
    )?;
    Ok(row)
}

/// `DELETE clients/invoices/{key}`: a draft goes, its parcels are free again.
pub fn delete(conn: &mut DbConnection, actor_id: i64, invoice_key: &str) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let row = row::get(conn, Scope::Everyone, true, invoice_key)?;
        invoice::delete_draft(conn, actor_id, row)
    })
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct TransferFilters {
    pub client: Option<String>,
    pub shop: Option<String>,
}

/// Shop name, the RIB kept by the invoice, the shop's approved RIB, total, number.
type TransferRow = (String, Option<String>, Option<String>, i64, Option<String>);

/// The bank-transfer batch: the CSV and how many invoices were left out for want of a RIB.
pub struct Transfers {
    pub csv: String,
    pub count: usize,
    pub skipped: usize,
}

/// The validated, unpaid `delivered` invoices with a positive total, as one CSV for the bank's
/// bulk transfer upload: `shop,rib,amount,invoice_number` (amount in dirhams, a dot before the
/// centimes; the RIB the invoice kept at validation). Invoices without a RIB are counted in
/// `skipped`.
pub fn transfers(conn: &mut DbConnection, filters: &TransferFilters) -> AppResult<Transfers> {
    let mut q = invoices::table
        .inner_join(shops::table)
        .filter(invoices::kind.eq(Kind::Delivered.as_str()))
        .filter(invoices::status.eq(InvoiceStatus::Validated.as_str()))
        .filter(invoices::total.gt(0))
        .into_boxed();
    if let Some(shop) = filters
        .shop
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        q = q.filter(shops::key.eq(shop.to_owned()));
    }
    if let Some(client) = filters
        .client
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        q = q.filter(
            invoices::client_id.eq_any(
                users::table
                    .filter(users::key.eq(client.to_owned()))
                    .select(users::id.nullable()),
            ),
        );
    }
    // The RIB each invoice kept at validation (what it is paid to), else the shop's approved one
    // (invoices validated before RIBs were kept); never a RIB still waiting for approval.
    let found: Vec<TransferRow> = q
        .order(invoices::number.asc())
        .select((
            shops::name,
            invoices::bank_account,
            shops::bank_account,
            invoices::total,
            invoices::number,
        ))
        .load(conn)
        .map_db_err()?;
    let mut writer = csv::Writer::from_writer(Vec::new());
    let failed = |e: csv::Error| AppError::internal(e);
    writer
        .write_record(["shop", "rib", "amount", "invoice_number"])
        .map_err(failed)?;
    let (mut count, mut skipped) = (0, 0);
    for (shop, kept, approved, total, number) in found {
        let Some(rib) = kept.or(approved).filter(|r| !r.trim().is_empty()) else {
            skipped += 1;
            continue;
        };
        let amount = format!("{}.{:02}", total / 100, total % 100);
        writer
            .write_record([shop, rib, amount, number.unwrap_or_default()])
            .map_err(failed)?;
        count += 1;
    }
    let bytes = writer.into_inner().map_err(AppError::internal)?;
    Ok(Transfers {
        csv: String::from_utf8(bytes).map_err(AppError::internal)?,
        count,
        skipped,
    })
}
