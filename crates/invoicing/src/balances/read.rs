//! The balances screens: one delivery person's balance with its entries, and the list of all.

use colivra_core::Scope;
use colivra_core::{AppResult, Centimes, InvoiceId, ListQuery, Paginated, Role, UserId};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{invoices, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};

use crate::kind::{InvoiceStatus, Kind};
use crate::parties::delivery_person;

use crate::ledger::{self, Account, EntryRow};

use super::{
    BalanceDeliveryPersonRef, BalanceEntry, BalanceFilters, BalanceRow, CarriedBalance,
    DeliveryPersonBalance, EntryAuthor, EntryKind,
};

/// `GET delivery-admins/{key}/balance`: admins any delivery person's, a delivery person his own
/// (another's: 404).
pub fn show(
    conn: &mut DbConnection,
    scope: Scope,
    delivery_person_key: &str,
) -> AppResult<DeliveryPersonBalance> {
    let delivery_person_id = delivery_person(conn, scope, delivery_person_key)?;
    let person: UserId = delivery_person_id.into();
    let rows: Vec<EntryRow> = ledger::entries(conn, Account::DeliveryPerson, &[person], true)?
        .into_iter()
        .map(|(_, row)| row)
        .collect();
    let mut ids: Vec<UserId> = rows.iter().filter_map(|r| r.created_by).collect();
    ids.push(person);
    ids.sort_unstable();
    ids.dedup();
    let names = ledger::people(conn, &ids)?;
    let invoice_ids: Vec<InvoiceId> = rows.iter().filter_map(|r| r.invoice_id).collect();
    let numbers = ledger::invoice_numbers(conn, &invoice_ids)?;
    let carried_on = invoices::table
        .filter(invoices::delivery_person_id.eq(delivery_person_id))
        .filter(invoices::kind.eq(Kind::Delivery.as_str()))
        .filter(invoices::status.eq(InvoiceStatus::Draft.as_str()))
        .filter(invoices::carried_balance.ne(Centimes::ZERO))
        .order(invoices::id.asc())
        .select((invoices::key, invoices::carried_balance))
        .load::<(String, Centimes)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(invoice, amount)| CarriedBalance { invoice, amount })
        .collect();
    let balance = rows.iter().map(|r| r.amount).sum();
    let (key, full_name, _, phone) = names.get(&person).cloned().unwrap_or_default();
    let entries = rows
        .into_iter()
        .map(|row| BalanceEntry {
            key: row.key,
            kind: EntryKind::parse(&row.kind).unwrap_or(EntryKind::Payment),
            amount: row.amount,
            invoice: row.invoice_id.and_then(|id| numbers.get(&id).cloned()),
            reference: row.reference,
            comment: row.comment,
            author: EntryAuthor::of(&names, row.created_by),
            created_at: row.created_at,
        })
        .collect();
    Ok(DeliveryPersonBalance {
        delivery_person: BalanceDeliveryPersonRef {
            key,
            full_name,
            phone,
        },
        balance,
        entries,
        carried_on,
    })
}

/// `GET delivery-admins/balances` (admins): every delivery person with his balance, owing first;
/// `q` matches the name or phone, `owing=true` keeps those who owe, `delivery_admin` names keys.
pub fn list(
    conn: &mut DbConnection,
    query: &ListQuery,
    filters: &BalanceFilters,
) -> AppResult<Paginated<BalanceRow>> {
    let search = query.search()?;
    let sort = ledger::list_sort(query, true)?;
    let keys = ledger::listed_keys(filters.delivery_person.as_deref());
    // His balance: the sum of his entries, read where the row is.
    const BALANCE: &str = "COALESCE((SELECT SUM(delivery_person_balance_entries.amount) \
        FROM delivery_person_balance_entries \
        WHERE delivery_person_balance_entries.delivery_person_id = users.id), 0)";
    let filtered = || {
        let mut people = users::table
            .filter(users::role.eq(Role::DeliveryPerson.as_str()))
            .into_boxed();
        if let Some(keys) = &keys {
            people = people.filter(users::key.eq_any(keys.clone()));
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            people = people.filter(
                lower(users::first_name.concat(" ").concat(users::last_name))
                    .like(pattern.clone())
                    .escape('\\')
                    .or(users::phone.like(pattern).escape('\\')),
            );
        }
        if filters.owing == Some(true) {
            people = people.filter(sql::<Bool>(&format!("{BALANCE} > 0")));
        }
        people
    };
    let name = || lower(users::first_name.concat(" ").concat(users::last_name));
    let balance = || sql::<BigInt>(&format!("CAST({BALANCE} AS BIGINT)"));
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = filtered();
            let q = match (sort.column, sort.descending) {
                ("full_name", false) => q.order(name().asc()),
                ("full_name", true) => q.order(name().desc()),
                (_, false) => q.order(balance().asc()),
                (_, true) => q.order(balance().desc()),
            };
            q.then_order_by(name().asc())
                .then_order_by(users::id.asc())
                .select((
                    users::key,
                    users::first_name,
                    users::last_name,
                    users::phone,
                    balance(),
                ))
                .fixed_limit(limit, offset)
                .load::<(String, String, String, String, Centimes)>(conn)
        },
    )?;
    Ok(page.map(|(key, first, last, phone, balance)| BalanceRow {
        key,
        full_name: format!("{first} {last}").trim().to_owned(),
        phone,
        balance,
    }))
}
