//! The top bar's search by the codes people read: voucher codes and invoice numbers, by prefix,
//! within the caller's scope (the rules of `VoucherRow::in_scope` and `InvoiceRow::in_scope`:
//! a merchant his own vouchers and his validated or paid invoices, a delivery person his own
//! vouchers and delivery invoices, staff everything). Each search is a range on the code's
//! unique index (`colivra_db::listing::code_prefix`), newest code first.

use colivra_core::{AppResult, Centimes, Scope};
use colivra_db::listing::code_prefix;
use colivra_db::schema::{invoices, vouchers};
use colivra_db::{code_prefix_filter, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// A voucher found by its code.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VoucherHit {
    pub key: String,
    /// The code printed on the voucher (its key).
    pub code: String,
    /// `pickup`, `exit` or `return`.
    pub kind: String,
    /// `new` or `received`.
    pub status: String,
}

/// An invoice found by its number.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceHit {
    pub key: String,
    pub number: String,
    /// `delivered`, `returned` (client invoices) or `delivery`.
    pub kind: String,
    /// `validated` or `paid` (drafts have no number).
    pub status: String,
    /// Centimes.
    #[schema(value_type = i64)]
    pub total: Centimes,
}

/// Vouchers of these kinds whose code starts with `text`.
pub fn vouchers(
    conn: &mut DbConnection,
    scope: Scope,
    kinds: &[&str],
    text: &str,
    limit: i64,
) -> AppResult<Vec<VoucherHit>> {
    let prefix = code_prefix(text);
    if kinds.is_empty() || prefix.lower.is_empty() {
        return Ok(Vec::new());
    }
    let mut q = vouchers::table
        .filter(vouchers::kind.eq_any(kinds.to_vec()))
        .into_boxed();
    q = match scope {
        Scope::Merchant(id) => q.filter(vouchers::merchant_id.eq(id)),
        Scope::DeliveryPerson(id) => q.filter(vouchers::delivery_person_id.eq(id)),
        Scope::Everyone => q,
    };
    let q = code_prefix_filter!(q, vouchers::key, &prefix);
    Ok(q.order(vouchers::key.desc())
        .select((vouchers::key, vouchers::kind, vouchers::status))
        .limit(limit)
        .load::<(String, String, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(key, kind, status)| VoucherHit {
            code: key.clone(),
            key,
            kind,
            status,
        })
        .collect())
}

/// Invoices of these kinds whose number starts with `text`.
pub fn invoices(
    conn: &mut DbConnection,
    scope: Scope,
    kinds: &[&str],
    text: &str,
    limit: i64,
) -> AppResult<Vec<InvoiceHit>> {
    let prefix = code_prefix(text);
    if kinds.is_empty() || prefix.lower.is_empty() {
        return Ok(Vec::new());
    }
    let mut q = invoices::table
        .filter(invoices::kind.eq_any(kinds.to_vec()))
        .into_boxed();
    q = match scope {
        Scope::Merchant(id) => q
            .filter(invoices::merchant_id.eq(id))
            .filter(invoices::status.ne("draft")),
        Scope::DeliveryPerson(id) => q.filter(invoices::delivery_person_id.eq(id)),
        Scope::Everyone => q,
    };
    let q = code_prefix_filter!(q, invoices::number, &prefix);
    Ok(q.order(invoices::number.desc())
        .select((
            invoices::key,
            invoices::number,
            invoices::kind,
            invoices::status,
            invoices::total,
        ))
        .limit(limit)
        .load::<(String, Option<String>, String, String, Centimes)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(key, number, kind, status, total)| InvoiceHit {
            key,
            number: number.unwrap_or_default(),
            kind,
            status,
            total,
        })
        .collect())
}

/// A parcel found by its code, reference, recipient or phone.
#[derive(Debug, Serialize, ToSchema)]
pub struct ParcelHit {
    pub key: String,
    pub code: String,
    /// The recipient's name.
    pub name: String,
    pub status: colivra_parcels::status::Status,
}

/// A ticket found by its code or subject.
#[derive(Debug, Serialize, ToSchema)]
pub struct TicketHit {
    pub key: String,
    pub code: String,
    pub subject: String,
    pub status: crate::tickets::TicketStatus,
}

/// The top bar's answer: a few hits of each kind the caller may see.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResults {
    /// Parcels of the caller's scope (callers with a parcel screen), 5 at most.
    pub parcels: Vec<ParcelHit>,
    /// Merchants and delivery people (staff holding `clients` or `deliverymen`), 5 at most.
    pub people: Vec<crate::people::PersonHit>,
    /// Tickets by code prefix, then by subject (callers holding `support`), 5 at most.
    pub tickets: Vec<TicketHit>,
    /// Vouchers by code prefix, of the kinds whose screens the caller holds, 5 at most.
    pub vouchers: Vec<VoucherHit>,
    /// Validated and paid invoices by number prefix (a merchant's or a delivery person's own;
    /// staff, of the families whose screens they hold), 5 at most.
    pub invoices: Vec<InvoiceHit>,
}

/// `?q=`: 2 to 100 characters once trimmed.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::IntoParams)]
pub struct SearchQuery {
    /// The text: 2 to 100 characters once trimmed (422 otherwise).
    #[param(required = true, min_length = 2, max_length = 100)]
    pub q: Option<String>,
}

/// Hits of each group.
const HITS: i64 = 5;

/// Who searches: his role, his scope, and the screens (route names) he holds.
pub struct Searcher<'a> {
    pub role: colivra_core::Role,
    pub scope: Scope,
    pub holds_any: &'a dyn Fn(&[colivra_core::Permission]) -> bool,
}

/// `GET search`: what the caller may see of each kind, by the screens he holds: parcels with a
/// parcel screen, people for staff holding their screens, tickets with `support`, vouchers and
/// invoices of the kinds whose screens he holds.
pub fn search(
    conn: &mut DbConnection,
    who: &Searcher<'_>,
    query: &SearchQuery,
    memory: &colivra_parcels::list::ListMemory,
) -> AppResult<SearchResults> {
    use colivra_core::permissions::*;
    use colivra_core::{AppError, ListQuery, Role};

    let text = query.q.as_deref().unwrap_or_default().trim().to_owned();
    let length = text.chars().count();
    if length < 2 {
        return Err(AppError::validation("q", "2 caractères au moins."));
    }
    if length > 100 {
        return Err(AppError::validation("q", "100 caractères au plus."));
    }
    let holds = who.holds_any;
    let role = who.role;
    let mut people_roles = Vec::new();
    if role == Role::Admin {
        if holds(&["clients"]) {
            people_roles.push(Role::Merchant);
        }
        if holds(&["deliverymen"]) {
            people_roles.push(Role::DeliveryPerson);
        }
    }
    // The kinds whose screens (and routes) the caller holds.
    let (merchant_side, delivery_side) = (role != Role::DeliveryPerson, role != Role::Merchant);
    let mut voucher_kinds = Vec::new();
    if merchant_side && holds(PICKUP_VOUCHER_SCREENS) {
        voucher_kinds.push("pickup");
    }
    if delivery_side && holds(EXIT_VOUCHER_SCREENS) {
        voucher_kinds.push("exit");
    }
    if delivery_side && holds(RETURN_VOUCHER_SCREENS) {
        voucher_kinds.push("return");
    }
    let mut invoice_kinds = Vec::new();
    if merchant_side && holds(MERCHANT_INVOICE_SCREENS) {
        invoice_kinds.extend(["delivered", "returned"]);
    }
    if delivery_side && holds(DELIVERY_INVOICE_SCREENS) {
        invoice_kinds.push("delivery");
    }
    let parcels = if holds(PARCEL_SCREENS) {
        let query = ListQuery {
            q: Some(text.clone()),
            per_page: Some(HITS),
            ..Default::default()
        };
        colivra_parcels::list::list(conn, who.scope, &query, &Default::default(), memory)?
            .data
            .into_iter()
            .map(|p| ParcelHit {
                code: p.key.clone(),
                key: p.key,
                name: p.recipient_name,
                status: p.status,
            })
            .collect()
    } else {
        Vec::new()
    };
    let tickets = if role != Role::DeliveryPerson && holds(&["support"]) {
        crate::tickets::search(conn, who.scope, &text, HITS)?
            .into_iter()
            .map(|t| TicketHit {
                status: t.status(),
                key: t.key,
                code: t.code,
                subject: t.subject,
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(SearchResults {
        parcels,
        people: crate::people::search(conn, &text, &people_roles, HITS)?,
        tickets,
        vouchers: vouchers(conn, who.scope, &voucher_kinds, &text, HITS)?,
        invoices: invoices(conn, who.scope, &invoice_kinds, &text, HITS)?,
    })
}
