//! Delivery invoices: a delivery person declares the cash he collected (his delivered, refund
//! and refused parcels, minus his commissions); an admin counts it, keeps the difference, and
//! validates.

use colivra_core::{time, AppError, AppResult, Centimes, ListQuery, Paginated, Scope, UserId};
use colivra_db::raw::SqlParam;
use colivra_db::schema::invoices;
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use colivra_parcels::figures::Owed;
use diesel::prelude::*;
use diesel::sql_types::Text;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::invoice::{self, claim_draft, record, Parties};
pub use crate::kind::MAX_COUNTED_CENTIMES;
use crate::kind::{Kind, Owner};
use crate::lines::{eligible_rows, lines_of, Line};
use crate::owed::{OwedFigures, OwedQuery};
use crate::row::{self, InvoiceRow};
use crate::view::{self, DeliveryInvoiceView};

/// A delivery person holding cash not yet on a delivery invoice.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UnpaidDeliveryPerson {
    pub key: String,
    pub full_name: String,
    pub phone: String,
    pub parcels_count: i64,
    #[schema(value_type = i64)]
    pub cod_total: Centimes,
    #[schema(value_type = i64)]
    pub commission_total: Centimes,
    /// The cash he must hand over.
    #[schema(value_type = i64)]
    pub total: Centimes,
}

/// `GET delivery-admins/parcels/unpaid`: delivery people holding parcels on no delivery
/// invoice, largest cash first; `q` matches the name or phone.
pub fn unpaid_delivery_people(
    conn: &mut DbConnection,
    query: &ListQuery,
) -> AppResult<Paginated<UnpaidDeliveryPerson>> {
    let search = query.search()?;
    let mut holders = OwedQuery::new(Owed::DeliveryCash, "JOIN users ON users.id = f.owner_id");
    if let Some(search) = search.as_deref() {
        holders.filter(
            conn,
            "(lower(users.first_name || ' ' || users.last_name) LIKE {} ESCAPE '\\' \
              OR users.phone LIKE {} ESCAPE '\\')",
            SqlParam::Text(colivra_core::pagination::like_pattern(search)),
        );
    }
    // Largest cash first, then by name.
    let page: Paginated<CashHolderRow> = holders.page(
        conn,
        &query.page(),
        "users.key, users.first_name, users.last_name, users.phone, f.parcels, f.cod, f.fees",
        "f.cod - f.fees DESC, users.first_name || ' ' || users.last_name ASC",
    )?;
    Ok(page.map(|row| UnpaidDeliveryPerson {
        key: row.key,
        full_name: format!("{} {}", row.first_name, row.last_name)
            .trim()
            .to_owned(),
        phone: row.phone,
        parcels_count: row.owed.parcels,
        cod_total: row.owed.cod,
        commission_total: row.owed.fees,
        total: row.owed.total(),
    }))
}

/// A delivery person with the cash he holds (`cod`) and his commissions (`fees`).
#[derive(QueryableByName)]
struct CashHolderRow {
    #[diesel(sql_type = Text)]
    key: String,
    #[diesel(sql_type = Text)]
    first_name: String,
    #[diesel(sql_type = Text)]
    last_name: String,
    #[diesel(sql_type = Text)]
    phone: String,
    #[diesel(embed)]
    owed: OwedFigures,
}

/// `GET delivery-admins/{deliveryAdmin}/parcels/unpaid`: his parcels on no delivery invoice.
pub fn unpaid_lines(conn: &mut DbConnection, scope: Scope, key: &str) -> AppResult<Vec<Line>> {
    let id = crate::parties::delivery_person(conn, scope, key)?;
    let rows = eligible_rows(conn, Kind::Delivery, Owner::DeliveryPerson(id))?;
    lines_of(conn, Kind::Delivery, &rows)
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct DeliveryInvoiceInput {
    /// The delivery person's key (a delivery person may leave it out: himself).
    #[serde(rename = "delivery_admin")]
    pub delivery_person: Option<String>,
    /// Tracking codes (1 to 10,000); absent: every parcel he holds on no delivery invoice.
    #[schema(min_items = 1, max_items = 10000)]
    pub parcels: Option<Vec<String>>,
    /// Admins: `true` carries the delivery person's balance onto the draft as a line of its own
    /// (its validation then posts the deduction); 422 when he has none.
    pub carry_balance: Option<bool>,
}

/// `POST delivery-admins/invoices`: a draft of his cash hand-over.
pub fn create(
    conn: &mut DbConnection,
    actor_id: UserId,
    scope: Scope,
    input: &DeliveryInvoiceInput,
) -> AppResult<DeliveryInvoiceView> {
    immediate_transaction(conn, |conn| {
        let delivery_person_id = match (scope, input.delivery_person.as_deref().map(str::trim)) {
            (Scope::DeliveryPerson(me), None | Some("")) => me,
            (_, Some(key)) if !key.is_empty() => crate::parties::delivery_person(conn, scope, key)
                .map_err(|e| e.not_found_as_invalid("delivery_admin", "Livreur introuvable."))?,
            _ => {
                return Err(AppError::validation(
                    "delivery_admin",
                    "Choisissez un livreur.",
                ))
            }
        };
        let eligible = eligible_rows(
            conn,
            Kind::Delivery,
            Owner::DeliveryPerson(delivery_person_id),
        )?;
        let picked = invoice::chosen(&eligible, &[], input.parcels.as_deref())?;
        if picked.is_empty() {
            return Err(AppError::validation(
                "parcels",
                "Aucun colis à déclarer pour ce livreur.",
            ));
        }
        if input.carry_balance == Some(true) && scope.delivery_person().is_some() {
            return Err(AppError::validation(
                "carry_balance",
                "Seul un agent reporte l'écart du livreur sur une facture.",
            ));
        }
        let row = invoice::create_draft(
            conn,
            actor_id,
            Kind::Delivery,
            Parties {
                merchant_id: None,
                shop_id: None,
                delivery_person_id: Some(delivery_person_id),
            },
            &picked,
        )?;
        let row = match input.carry_balance {
            Some(true) => set_carried(conn, actor_id, row, true)?,
            _ => row,
        };
        view::delivery_view(conn, row)
    })
}

/// The move a delivery invoice's `status` may ask for.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DeliveryInvoiceUpdateStatus {
    /// Draft → validated (needs the counted cash): the number is given.
    Validated,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct DeliveryInvoiceUpdate {
    /// The cash actually counted, in centimes, 0 to 1,000,000 DH (a draft).
    #[schema(minimum = 0, maximum = 100000000)]
    pub counted_amount: Option<i64>,
    /// `validated` (needs the counted cash; the number is given now).
    #[schema(value_type = Option<DeliveryInvoiceUpdateStatus>)]
    pub status: Option<String>,
    /// A draft: `true` carries the delivery person's current balance as a line of its own (again:
    /// brought up to date), `false` carries none. May come with `counted_amount`.
    pub carry_balance: Option<bool>,
}

/// `PUT delivery-admins/invoices/{key}` (admins): record the counted cash, or validate.
pub fn update(
    conn: &mut DbConnection,
    actor_id: UserId,
    invoice_key: &str,
    input: &DeliveryInvoiceUpdate,
) -> AppResult<DeliveryInvoiceView> {
    immediate_transaction(conn, |conn| {
        let row = row::get(conn, Scope::Everyone, false, invoice_key)?;
        let status = input
            .status
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty());
        let changes = input.counted_amount.is_some() || input.carry_balance.is_some();
        let row = match (status, changes) {
            (Some("validated"), false) => invoice::validate(conn, actor_id, row)?,
            (Some(_), true) => {
                return Err(AppError::validation(
                    "status",
                    "Enregistrez le comptage, puis validez.",
                ))
            }
            (None, true) => {
                let mut row = row;
                if let Some(carry) = input.carry_balance {
                    row = set_carried(conn, actor_id, row, carry)?;
                }
                if let Some(counted) = input.counted_amount {
                    row = count(conn, actor_id, row, Centimes::new(counted))?;
                }
                row
            }
            _ => {
                return Err(AppError::validation(
                    "counted_amount",
                    "Indiquez le montant compté, ou le statut validated.",
                ))
            }
        };
        view::delivery_view(conn, row)
    })
}

fn count(
    conn: &mut DbConnection,
    actor_id: UserId,
    row: InvoiceRow,
    counted: Centimes,
) -> AppResult<InvoiceRow> {
    if !(Centimes::ZERO..=Centimes::new(MAX_COUNTED_CENTIMES)).contains(&counted) {
        return Err(AppError::validation(
            "counted_amount",
            "Le montant compté va de 0 à 1 000 000 DH.",
        ));
    }
    claim_draft(conn, &row)?;
    let now = time::now();
    let row: InvoiceRow = diesel::update(invoices::table.find(row.id))
        .set((
            invoices::counted_amount.eq(counted),
            invoices::counted_by.eq(actor_id),
            invoices::counted_at.eq(now),
            invoices::updated_at.eq(now),
        ))
        .returning(invoices::all_columns)
        .get_result(conn)
        .map_db_err()?;
    record(
        conn,
        actor_id,
        &row,
        "counted",
        serde_json::json!({"counted_amount": counted, "total": row.total, "difference": counted - row.total}),
    )?;
    Ok(row)
}

/// The balance a draft carries from now on (all of the delivery person's balance, or none):
/// the draft's total follows; recorded when it changes.
fn set_carried(
    conn: &mut DbConnection,
    actor_id: UserId,
    row: InvoiceRow,
    carry: bool,
) -> AppResult<InvoiceRow> {
    claim_draft(conn, &row)?;
    let amount = crate::balances::carried_amount(conn, &row, carry)?;
    if amount == row.carried_balance {
        return Ok(row);
    }
    let old = row.carried_balance;
    let row: InvoiceRow = diesel::update(invoices::table.find(row.id))
        .set((
            invoices::carried_balance.eq(amount),
            invoices::updated_at.eq(time::now()),
        ))
        .returning(invoices::all_columns)
        .get_result(conn)
        .map_db_err()?;
    let row = invoice::refresh_totals(conn, &row)?;
    record(
        conn,
        actor_id,
        &row,
        "balance_carried",
        serde_json::json!({"carried_amount": {"old": old, "new": amount}, "total": row.total}),
    )?;
    Ok(row)
}

/// A delivery person changes his own draft only until the cash was counted.
fn check_own_draft(scope: Scope, row: &InvoiceRow) -> AppResult<()> {
    if scope.delivery_person().is_some() && row.counted_amount.is_some() {
        return Err(AppError::Conflict(
            "Les espèces de cette facture ont été comptées : voyez l'agent pour la changer."
                .to_owned(),
        ));
    }
    Ok(())
}

/// `PUT delivery-admins/invoices/parcels/{parcel}`: takes the parcel off its draft delivery
/// invoice (404 when it is on none in the caller's scope).
pub fn remove_parcel(
    conn: &mut DbConnection,
    actor_id: UserId,
    scope: Scope,
    parcel_key: &str,
) -> AppResult<DeliveryInvoiceView> {
    immediate_transaction(conn, |conn| {
        let parcel = colivra_parcels::parcel::get(conn, scope, parcel_key)?;
        let invoice_id = parcel
            .delivery_person_invoice_id
            .ok_or(AppError::NotFound)?;
        let row: InvoiceRow = invoices::table
            .find(invoice_id)
            .select(InvoiceRow::as_select())
            .first(conn)
            .map_db_err()?;
        if !row.in_scope(scope) {
            return Err(AppError::NotFound);
        }
        check_own_draft(scope, &row)?;
        claim_draft(conn, &row)?;
        invoice::release_parcels(conn, &row, Some(&[parcel.id]))?;
        let row = invoice::refresh_totals(conn, &row)?;
        record(
            conn,
            actor_id,
            &row,
            "parcel_removed",
            serde_json::json!({"parcel": parcel.key, "total": row.total}),
        )?;
        view::delivery_view(conn, row)
    })
}

/// `DELETE delivery-admins/invoices/{key}`: a draft goes, its parcels are free again.
pub fn delete(
    conn: &mut DbConnection,
    actor_id: UserId,
    scope: Scope,
    invoice_key: &str,
) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let row = row::get(conn, scope, false, invoice_key)?;
        check_own_draft(scope, &row)?;
        invoice::delete_draft(conn, actor_id, row)
    })
}
