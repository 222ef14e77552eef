//! The dashboards' figures, kept as parcels change instead of counted on each request (issue 23:
//! the admin's statistics scanned the whole parcels table five times per request, 6 s p99 at 8
//! connections on a million parcels).
//!
//! A trigger on `parcels` (migration `000021_parcel_figures`) appends what each insert, update
//! and delete adds and takes away to `parcel_figure_deltas`: inserts only, so concurrent writers
//! never wait on each other's figure rows (no hot row, no deadlock between two vouchers that touch
//! the same merchants in another order). [`fold`] moves the deltas into `parcel_figures` now and
//! then; readers add both up in one statement, which sees one snapshot of both tables, so a fold
//! running meanwhile neither hides nor doubles anything. The figures are therefore exact at every
//! commit, whatever code path changed the parcels. Rows by status (`day = '-'`), by day
//! (`status = ''`) and money by invoice (`status = 'payout'` or `'cash'`, `day = ''`): see the
//! migration.

use colivra_core::{AppResult, Centimes, Scope, UserId};
use colivra_db::raw::{self, placeholder, SqlParam};
use colivra_db::{DbConnection, MapDbErr};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

/// Parcels with their signed cash (a refund counts negative) and fees, as the figure rows add
/// them up: by status here, by owner in the unpaid lists (`colivra_invoicing::owed`).
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct Figures {
    #[diesel(sql_type = BigInt)]
    pub parcels: i64,
    #[diesel(sql_type = BigInt)]
    pub cod: Centimes,
    #[diesel(sql_type = BigInt)]
    pub fees: Centimes,
}

impl Figures {
    /// What changes hands: the cash less the fees.
    pub fn total(&self) -> Centimes {
        self.cod - self.fees
    }
}

/// One status's figures in a scope.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct StatusFigures {
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(embed)]
    pub figures: Figures,
}

/// One day in a scope: parcels created that day, and delivered that day among those delivered
/// now.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct DayCounts {
    #[diesel(sql_type = Text)]
    pub day: String,
    #[diesel(sql_type = BigInt)]
    pub created: i64,
    #[diesel(sql_type = BigInt)]
    pub delivered: i64,
}

/// The scope as a condition on the figure rows by status and by day, with its parameter when it
/// has one: a merchant's rows (`delivery_person_id = 0`) or a delivery person's (`merchant_id = 0`).
fn scope_condition(conn: &DbConnection, scope: Scope) -> (String, Vec<SqlParam>) {
    let parameter = placeholder(conn, 1);
    match scope {
        // `delivery_person_id = 0` said outright (a merchant's rows are those without a delivery
        // person): both databases then read his statuses and days by an index's first columns
        // (`parcel_figures_by_status` on SQLite, the primary key for the days).
        Scope::Merchant(id) => (
            format!("merchant_id = {parameter} AND delivery_person_id = 0"),
            vec![SqlParam::Int(id.get())],
        ),
        Scope::DeliveryPerson(id) => (
            format!("delivery_person_id = {parameter}"),
            vec![SqlParam::Int(id.get())],
        ),
        // Every parcel counts once in its merchant's rows (the delivery people's rows hold the
        // same parcels again, those that have one).
        Scope::Everyone => ("delivery_person_id = 0".to_owned(), Vec::new()),
    }
}

/// Runs `sql` with `params` bound.
fn load<T>(conn: &mut DbConnection, sql: String, params: &[SqlParam]) -> AppResult<Vec<T>>
where
    T: QueryableByName<diesel::pg::Pg> + QueryableByName<diesel::sqlite::Sqlite> + 'static,
{
    raw::load(conn, &sql, params).map_db_err()
}

/// Parcels by status in the scope (statuses with none left out).
pub fn by_status(conn: &mut DbConnection, scope: Scope) -> AppResult<Vec<StatusFigures>> {
    let (condition, params) = scope_condition(conn, scope);
    let sql = format!(
        "SELECT status, CAST(SUM(parcels) AS BIGINT) AS parcels, CAST(SUM(cod) AS BIGINT) AS cod, \
                CAST(SUM(fees) AS BIGINT) AS fees \
         FROM (SELECT status, parcels, cod, fees FROM parcel_figures \
               WHERE day = '-' AND {condition} \
               UNION ALL \
               SELECT status, parcels, cod, fees FROM parcel_figure_deltas \
               WHERE day = '-' AND {condition}) AS f \
         GROUP BY status"
    );
    let mut figures: Vec<StatusFigures> = load(conn, sql, &params)?;
    figures.retain(|f| f.figures.parcels != 0);
    Ok(figures)
}

/// The days from `since` (YYYY-MM-DD) on, in the scope; days with nothing left out.
pub fn daily(conn: &mut DbConnection, scope: Scope, since: &str) -> AppResult<Vec<DayCounts>> {
    let (condition, params) = scope_condition(conn, scope);
    // `since` is a date this module formatted, never the caller's text: safe in the statement.
    debug_assert!(since.bytes().all(|b| b.is_ascii_digit() || b == b'-'));
    let sql = format!(
        "SELECT day, CAST(SUM(created) AS BIGINT) AS created, \
                CAST(SUM(delivered) AS BIGINT) AS delivered \
         FROM (SELECT day, created, delivered FROM parcel_figures \
               WHERE status = '' AND day >= '{since}' AND {condition} \
               UNION ALL \
               SELECT day, created, delivered FROM parcel_figure_deltas \
               WHERE status = '' AND day >= '{since}' AND {condition}) AS f \
         GROUP BY day"
    );
    load(conn, sql, &params)
}

/// Money kept by invoice: a merchant's delivered parcels by the client invoice they are on, or a
/// delivery person's delivered and refused ones by his delivery invoice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoneyKept {
    /// Cash signed less delivery fees (what the merchant is owed), by merchant.
    Payout,
    /// The part of [`MoneyKept::Payout`] on no client invoice whose cash a delivery person still
    /// holds (`shop-held` rows, migration 000031), by merchant: not payable yet.
    Held,
    /// Cash collected less his commissions (what he holds), by delivery person.
    Cash,
}

#[derive(QueryableByName)]
struct Total {
    #[diesel(sql_type = BigInt)]
    total: i64,
}

/// The sum of `figures` (all, or one merchant's / delivery person's) over the parcels on no
/// invoice or on one of `open_invoices` (a subquery on `invoices` giving ids: those not settled).
pub fn money(
    conn: &mut DbConnection,
    figures: MoneyKept,
    person: Option<UserId>,
    open_invoices: &'static str,
) -> AppResult<Centimes> {
    let (status, column) = match figures {
        MoneyKept::Payout => ("payout", "merchant_id"),
        MoneyKept::Held => ("shop-held", "merchant_id"),
        MoneyKept::Cash => ("cash", "delivery_person_id"),
    };
    let (condition, params) = match person {
        Some(id) => (
            format!("{column} = {}", placeholder(conn, 1)),
            vec![SqlParam::Int(id.get())],
        ),
        None => ("1 = 1".to_owned(), Vec::new()),
    };
    let sql = format!(
        "SELECT CAST(COALESCE(SUM(cod - fees), 0) AS BIGINT) AS total \
         FROM (SELECT invoice_id, cod, fees FROM parcel_figures \
               WHERE day = '' AND status = '{status}' AND {condition} \
               UNION ALL \
               SELECT invoice_id, cod, fees FROM parcel_figure_deltas \
               WHERE day = '' AND status = '{status}' AND {condition}) AS f \
         WHERE invoice_id = 0 OR invoice_id IN ({open_invoices})"
    );
    let totals: Vec<Total> = load(conn, sql, &params)?;
    Ok(totals
        .first()
        .map_or(Centimes::ZERO, |t| Centimes::new(t.total)))
}

/// What is owed on no invoice yet, by whom it is owed to or held by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owed {
    /// Shops' delivered parcels on no completed invoice whose cash the company received: cash
    /// signed and delivery fees.
    ShopDelivered,
    /// The same, with those whose cash a delivery person still holds (a company that pays
    /// before cash-in).
    ShopDeliveredInAdvance,
    /// Shops' returned parcels on no returned invoice: no cash, their return or refusal fees.
    ShopReturned,
    /// Delivery people's delivered and refused parcels on no delivery invoice: the cash they
    /// collected and their commissions.
    DeliveryCash,
}

/// A statement giving, for [`Owed`], one row per owner (a shop's or a delivery person's id:
/// `owner_id`) with its parcels, cash and fees (`parcels`, `cod`, `fees`), owners with none left
/// out: for the unpaid lists to join their names to, filter and page (a few rows per shop or
/// delivery person instead of every eligible parcel).
pub fn owed_source(owed: Owed) -> String {
    let (owner, status) = match owed {
        Owed::ShopDelivered | Owed::ShopDeliveredInAdvance => ("shop_id", "shop-delivered"),
        Owed::ShopReturned => ("shop_id", "shop-returned"),
        Owed::DeliveryCash => ("delivery_person_id", "cash"),
    };
    let kept = |status: &str| {
        format!("day = '' AND status = '{status}' AND invoice_id = 0 AND {owner} <> 0")
    };
    let added = kept(status);
    let mut rows = format!(
        "SELECT {owner}, parcels, cod, fees FROM parcel_figures WHERE {added} \
         UNION ALL \
         SELECT {owner}, parcels, cod, fees FROM parcel_figure_deltas WHERE {added}"
    );
    if owed == Owed::ShopDelivered {
        // Less what a delivery person still holds: paid only from cash received.
        let held = kept("shop-held");
        rows.push_str(&format!(
            " UNION ALL \
             SELECT {owner}, -parcels, -cod, -fees FROM parcel_figures WHERE {held} \
             UNION ALL \
             SELECT {owner}, -parcels, -cod, -fees FROM parcel_figure_deltas WHERE {held}"
        ));
    }
    format!(
        "SELECT {owner} AS owner_id, CAST(SUM(parcels) AS BIGINT) AS parcels, \
                CAST(SUM(cod) AS BIGINT) AS cod, CAST(SUM(fees) AS BIGINT) AS fees \
         FROM ({rows}) AS g \
         GROUP BY {owner} HAVING SUM(parcels) <> 0"
    )
}

const FIGURE_COLUMNS: &str = "merchant_id, delivery_person_id, status, day, invoice_id, shop_id";
const ADD_UP: &str = "parcels = parcel_figures.parcels + excluded.parcels, \
    cod = parcel_figures.cod + excluded.cod, fees = parcel_figures.fees + excluded.fees, \
    created = parcel_figures.created + excluded.created, \
    delivered = parcel_figures.delivered + excluded.delivered";
const SUMS: &str = "CAST(SUM(parcels) AS BIGINT), CAST(SUM(cod) AS BIGINT), \
    CAST(SUM(fees) AS BIGINT), CAST(SUM(created) AS BIGINT), CAST(SUM(delivered) AS BIGINT)";

/// Whether this process last vacuumed the deltas 10 s ago or more (then counts this one).
fn vacuum_due() -> bool {
    use std::sync::Mutex;
    use std::time::{Duration, Instant};
    static LAST: Mutex<Option<Instant>> = Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let due = last.is_none_or(|at| at.elapsed() >= Duration::from_secs(10));
    if due {
        *last = Some(Instant::now());
    }
    due
}

/// Moves the deltas into `parcel_figures` (one transaction; folds running at once in two
/// processes take turns) and drops the rows that came back to nothing.
pub fn fold(conn: &mut DbConnection) -> AppResult<()> {
    // Nothing appended since the last fold (a quiet moment): no write transaction, which on
    // SQLite would take the one write lock every 2 s for nothing. Through the primary key: the
    // table may be mostly empty pages (see migration 000025).
    let pending: Vec<Total> = load(
        conn,
        "SELECT CAST(COUNT(*) AS BIGINT) AS total FROM (SELECT 1 FROM parcel_figure_deltas ORDER BY id LIMIT 1) AS d"
            .to_owned(),
        &[],
    )?;
    if pending.first().is_none_or(|p| p.total == 0) {
        return Ok(());
    }
    let delete_empty = "DELETE FROM parcel_figures WHERE parcels = 0 AND cod = 0 AND fees = 0 \
                        AND created = 0 AND delivered = 0";
    match conn {
        // Only the deltas this statement deletes are added: one committed meanwhile stays for
        // the next fold. The lock keeps two folds from upserting the same rows in two orders.
        DbConnection::Pg(_) => {
            colivra_db::immediate_transaction(conn, |conn| {
                conn.batch_execute(&format!(
                    "SELECT pg_advisory_xact_lock(2311); \
                     WITH moved AS (DELETE FROM parcel_figure_deltas \
                         RETURNING {FIGURE_COLUMNS}, parcels, cod, fees, created, delivered) \
                     INSERT INTO parcel_figures ({FIGURE_COLUMNS}, parcels, cod, fees, created, delivered) \
                     SELECT {FIGURE_COLUMNS}, {SUMS} FROM moved GROUP BY {FIGURE_COLUMNS} \
                     ON CONFLICT ({FIGURE_COLUMNS}) DO UPDATE SET {ADD_UP}; \
                     {delete_empty};"
                ))
                .map_db_err()
            })?;
            // The deltas just moved are dead rows until a vacuum, so the table is vacuumed here
            // rather than whenever autovacuum comes (never, where it is off: the bench's
            // PostgreSQL had 281 MB of dead deltas and the admin's statistics took 77 ms instead
            // of 20). Every 10 s at most: at every fold (2 s) it was 2 % of the database's time
            // under a load of creations, and readers reach the deltas through an index that
            // skips the entries found dead. Outside the transaction, as VACUUM must be.
            if vacuum_due() {
                conn.batch_execute("VACUUM parcel_figure_deltas")
                    .map_db_err()?;
            }
            Ok(())
        }
        // One writer at a time (this transaction holds the write lock): nothing is added
        // between the two statements.
        DbConnection::Sqlite(_) => colivra_db::immediate_transaction(conn, |conn| {
            conn.batch_execute(&format!(
                "INSERT INTO parcel_figures ({FIGURE_COLUMNS}, parcels, cod, fees, created, delivered) \
                 SELECT {FIGURE_COLUMNS}, {SUMS} FROM parcel_figure_deltas WHERE 1 = 1 \
                 GROUP BY {FIGURE_COLUMNS} \
                 ON CONFLICT ({FIGURE_COLUMNS}) DO UPDATE SET {ADD_UP}; \
                 DELETE FROM parcel_figure_deltas; \
                 {delete_empty};"
            ))
            .map_db_err()
        }),
    }
}
