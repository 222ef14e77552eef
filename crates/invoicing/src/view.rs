//! How invoices are shown: one shape per family, and the one list both families share.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, ListQuery, Paginated, Scope, Sort};
use colivra_db::listing::{lower, lower_opt, paginate};
use colivra_db::schema::{invoices, parcels, shops, users};
use colivra_db::{DbBackend, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::kind::{InvoiceStatus, Kind};
use crate::row::InvoiceRow;
use crate::rules::{delivery_cash, CashFigures};

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceShopRef {
    pub key: String,
    pub name: String,
    /// The shop's approved RIB now (in full for the shop's merchant, masked but for its last 4
    /// digits for admins).
    pub bank_account: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceClientRef {
    pub key: String,
    /// The company, else the merchant's name.
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvoiceDeliveryAdminRef {
    pub key: String,
    pub full_name: String,
    pub phone: String,
}

/// A client invoice (facture livrée or facture retour).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClientInvoiceView {
    pub key: String,
    /// `FC-YYYY-NNNNNN`, given at validation (null while draft).
    pub number: Option<String>,
    /// `delivered` or `returned`.
    #[serde(rename = "type")]
    pub invoice_type: Kind,
    pub status: InvoiceStatus,
    pub status_label: &'static str,
    pub shop: InvoiceShopRef,
    pub client: InvoiceClientRef,
    /// The RIB the invoice is paid to: kept at validation (a later change of the shop's RIB
    /// leaves it), the shop's approved one while draft. In full for the shop's merchant, masked
    /// but for its last 4 digits for admins (the PDF and the transfer file carry it in full).
    pub bank_account: Option<String>,
    pub parcels_count: i64,
    pub cod_total: i64,
    pub fees_total: i64,
    /// What the company pays the shop (`delivered`), or what the merchant owes (`returned`,
    /// negative).
    pub total: i64,
    pub payment_reference: Option<String>,
    #[schema(value_type = Option<String>)]
    pub paid_on: Option<NaiveDate>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub validated_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub paid_at: Option<NaiveDateTime>,
}

/// A delivery invoice (facture livreur): the cash a delivery person hands over.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryInvoiceView {
    pub key: String,
    /// `FL-YYYY-NNNNNN`, given at validation (null while draft).
    pub number: Option<String>,
    pub status: InvoiceStatus,
    pub status_label: &'static str,
    pub delivery_admin: InvoiceDeliveryAdminRef,
    pub parcels_count: i64,
    /// Cash collected from customers for his delivered parcels (« à encaisser »).
    pub cash_to_collect: i64,
    /// Cash he paid out to customers for refunds (« à rembourser »), positive.
    pub cash_to_pay_out: i64,
    /// `cash_to_collect − cash_to_pay_out`: the same as `cod_total`.
    pub net_cash: i64,
    pub cod_total: i64,
    pub commission_total: i64,
    /// His earlier balance carried as a line of its own (« écart antérieur à régulariser »):
    /// positive raises the cash he hands over, negative lowers it; 0 when none.
    pub carried_balance: i64,
    /// The cash he must hand over: `cod_total − commission_total + carried_balance`.
    pub total: i64,
    /// The cash actually counted (null until counted).
    pub counted_amount: Option<i64>,
    /// `counted_amount − total`: negative is a shortfall (null until counted).
    pub difference: Option<i64>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub counted_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub validated_at: Option<NaiveDateTime>,
}

/// The shops and people invoices refer to, loaded in two queries for a whole page.
struct Parties {
    shops: HashMap<i64, InvoiceShopRef>,
    people: HashMap<i64, (String, String, String)>,
}

impl Parties {
    fn load(conn: &mut DbConnection, rows: &[InvoiceRow]) -> AppResult<Parties> {
        let shop_ids: Vec<i64> = rows.iter().filter_map(|r| r.shop_id).collect();
        let people_ids: Vec<i64> = rows
            .iter()
            .flat_map(|r| [r.client_id, r.delivery_admin_id])
            .flatten()
            .collect();
        let shops = shops::table
            .filter(shops::id.eq_any(&shop_ids))
            .select((shops::id, shops::key, shops::name, shops::bank_account))
            .load::<(i64, String, String, Option<String>)>(conn)
            .map_db_err()?
            .into_iter()
            .map(|(id, key, name, bank_account)| {
                (
                    id,
                    InvoiceShopRef {
                        key,
                        name,
                        bank_account,
                    },
                )
            })
            .collect();
        let people = users::table
            .filter(users::id.eq_any(&people_ids))
            .select((
                users::id,
                users::key,
                users::first_name,
                users::last_name,
                users::company,
                users::phone,
            ))
            .load::<(i64, String, String, String, Option<String>, String)>(conn)
            .map_db_err()?
            .into_iter()
            .map(|(id, key, first, last, company, phone)| {
                let person = format!("{first} {last}").trim().to_owned();
                let name = company
                    .filter(|c| !c.trim().is_empty())
                    .unwrap_or_else(|| person.clone());
                // (key, display name, phone): the company when there is one.
                (id, (key, name, phone))
            })
            .collect();
        Ok(Parties { shops, people })
    }

    fn person(&self, id: Option<i64>) -> (String, String, String) {
        id.and_then(|id| self.people.get(&id).cloned())
            .unwrap_or_default()
    }
}

/// A RIB as `scope` may read it: in full for the merchant whose invoices these are, masked for
/// staff (only the PDF and the transfer file, where the money is paid, carry it in full).
fn shown_rib(scope: Scope, rib: Option<String>) -> Option<String> {
    match scope {
        Scope::Merchant(_) => rib,
        _ => rib.as_deref().map(colivra_parcels::shops::mask_rib),
    }
}

pub(crate) fn client_views(
    conn: &mut DbConnection,
    scope: Scope,
    rows: Vec<InvoiceRow>,
) -> AppResult<Vec<ClientInvoiceView>> {
    let parties = Parties::load(conn, &rows)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let status = row.status();
            let (client_key, client_name, _) = parties.person(row.client_id);
            let mut shop = row
                .shop_id
                .and_then(|id| parties.shops.get(&id).cloned())
                .unwrap_or(InvoiceShopRef {
                    key: String::new(),
                    name: String::new(),
                    bank_account: None,
                });
            let paid_to = match status {
                InvoiceStatus::Draft => shop.bank_account.clone(),
                _ => row.bank_account.clone().or(shop.bank_account.clone()),
            };
            shop.bank_account = shown_rib(scope, shop.bank_account);
            ClientInvoiceView {
                bank_account: shown_rib(scope, paid_to),
                invoice_type: row.kind(),
                key: row.key,
                number: row.number,
                status,
                status_label: status.label(),
                shop,
                client: InvoiceClientRef {
                    key: client_key,
                    name: client_name,
                },
                parcels_count: row.parcels_count,
                cod_total: row.cod_total,
                fees_total: row.fees_total,
                total: row.total,
                payment_reference: row.payment_reference,
                paid_on: row.paid_on,
                created_at: row.created_at,
                validated_at: row.validated_at,
                paid_at: row.paid_at,
            }
        })
        .collect())
}

/// Cash to collect and to pay out of each delivery invoice, from its parcels.
fn cash_of_invoices(
    conn: &mut DbConnection,
    rows: &[InvoiceRow],
) -> AppResult<HashMap<i64, CashFigures>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut figures: HashMap<i64, CashFigures> = HashMap::new();
    for chunk in ids.chunks(500) {
        let on: Vec<(Option<i64>, String, Option<String>, i64)> = parcels::table
            .filter(parcels::delivery_admin_invoice_id.eq_any(chunk.to_vec()))
            .select((
                parcels::delivery_admin_invoice_id,
                parcels::kind,
                parcels::outcome,
                parcels::cod_amount,
            ))
            .load(conn)
            .map_db_err()?;
        for (invoice, kind, outcome, cod) in on {
            if let Some(invoice) = invoice {
                figures.entry(invoice).or_default().add(delivery_cash(
                    &kind,
                    outcome.as_deref(),
                    cod,
                ));
            }
        }
    }
    Ok(figures)
}

pub(crate) fn delivery_views(
    conn: &mut DbConnection,
    rows: Vec<InvoiceRow>,
) -> AppResult<Vec<DeliveryInvoiceView>> {
    let parties = Parties::load(conn, &rows)?;
    let cash = cash_of_invoices(conn, &rows)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let status = row.status();
            let (key, full_name, phone) = parties.person(row.delivery_admin_id);
            let figures = cash.get(&row.id).copied().unwrap_or_default();
            DeliveryInvoiceView {
                key: row.key,
                number: row.number,
                status,
                status_label: status.label(),
                delivery_admin: InvoiceDeliveryAdminRef {
                    key,
                    full_name,
                    phone,
                },
                parcels_count: row.parcels_count,
                cash_to_collect: figures.cash_to_collect,
                cash_to_pay_out: figures.cash_to_pay_out,
                net_cash: figures.net_cash,
                cod_total: row.cod_total,
                commission_total: row.fees_total,
                carried_balance: row.carried_balance,
                total: row.total,
                counted_amount: row.counted_amount,
                difference: row.counted_amount.map(|counted| counted - row.total),
                created_at: row.created_at,
                counted_at: row.counted_at,
                validated_at: row.validated_at,
            }
        })
        .collect())
}

/// An invoice of either family, as its family shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum InvoiceView {
    Client(ClientInvoiceView),
    Delivery(DeliveryInvoiceView),
}

fn views(
    conn: &mut DbConnection,
    scope: Scope,
    client: bool,
    rows: Vec<InvoiceRow>,
) -> AppResult<Vec<InvoiceView>> {
    Ok(if client {
        client_views(conn, scope, rows)?
            .into_iter()
            .map(InvoiceView::Client)
            .collect()
    } else {
        delivery_views(conn, rows)?
            .into_iter()
            .map(InvoiceView::Delivery)
            .collect()
    })
}

/// `GET clients/invoices` (`client`) or `GET delivery-admins/invoices`: a page of the family's
/// invoices in `scope`.
pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    client: bool,
    query: &ListQuery,
    filters: &InvoiceFilters,
) -> AppResult<Paginated<InvoiceView>> {
    let page = list_rows(conn, scope, client, query, filters)?;
    Ok(Paginated {
        data: views(conn, scope, client, page.data)?,
        meta: page.meta,
    })
}

/// One invoice of the family in `scope` (404 outside it).
pub fn show(
    conn: &mut DbConnection,
    scope: Scope,
    client: bool,
    key: &str,
) -> AppResult<InvoiceView> {
    let row = crate::row::get(conn, scope, client, key)?;
    views(conn, scope, client, vec![row])?
        .pop()
        .ok_or(AppError::NotFound)
}

/// One of the two families of invoices, as its own type: what a list or a show of that family
/// answers.
pub trait Family {
    const CLIENT: bool;
    type View: Serialize + ToSchema + Send + 'static;
    fn narrow(view: InvoiceView) -> AppResult<Self::View>;
}

/// Client invoices (`clients/invoices`).
pub struct ClientInvoices;
/// Delivery invoices (`delivery-admins/invoices`).
pub struct DeliveryInvoices;

impl Family for ClientInvoices {
    const CLIENT: bool = true;
    type View = ClientInvoiceView;
    fn narrow(view: InvoiceView) -> AppResult<ClientInvoiceView> {
        match view {
            InvoiceView::Client(view) => Ok(view),
            InvoiceView::Delivery(_) => Err(AppError::internal(
                "a delivery invoice among client invoices",
            )),
        }
    }
}

impl Family for DeliveryInvoices {
    const CLIENT: bool = false;
    type View = DeliveryInvoiceView;
    fn narrow(view: InvoiceView) -> AppResult<DeliveryInvoiceView> {
        match view {
            InvoiceView::Delivery(view) => Ok(view),
            InvoiceView::Client(_) => Err(AppError::internal(
                "a client invoice among delivery invoices",
            )),
        }
    }
}

/// A page of family `F`'s invoices in `scope`.
pub fn list_of<F: Family>(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &InvoiceFilters,
) -> AppResult<Paginated<F::View>> {
    let page = list(conn, scope, F::CLIENT, query, filters)?;
    Ok(Paginated {
        data: page
            .data
            .into_iter()
            .map(F::narrow)
            .collect::<AppResult<_>>()?,
        meta: page.meta,
    })
}

/// One invoice of family `F` in `scope` (404 outside it).
pub fn show_of<F: Family>(conn: &mut DbConnection, scope: Scope, key: &str) -> AppResult<F::View> {
    F::narrow(show(conn, scope, F::CLIENT, key)?)
}

/// One client invoice as staff see it (the answers of their writes).
pub(crate) fn client_view(
    conn: &mut DbConnection,
    row: InvoiceRow,
) -> AppResult<ClientInvoiceView> {
    client_views(conn, Scope::Everyone, vec![row])?
        .pop()
        .ok_or(AppError::NotFound)
}

pub(crate) fn delivery_view(
    conn: &mut DbConnection,
    row: InvoiceRow,
) -> AppResult<DeliveryInvoiceView> {
    delivery_views(conn, vec![row])?
        .pop()
        .ok_or(AppError::NotFound)
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct InvoiceFilters {
    /// Client invoices: `delivered` or `returned`.
    #[serde(rename = "type")]
    #[param(value_type = Option<crate::kind::ClientInvoiceType>, inline)]
    pub invoice_type: Option<String>,
    /// `draft`, `validated` or `paid`.
    #[param(value_type = Option<crate::InvoiceStatus>, inline)]
    pub status: Option<String>,
    /// Shop key (client invoices).
    pub shop: Option<String>,
    /// Merchant key (client invoices).
    pub client: Option<String>,
    /// Delivery person key (delivery invoices).
    pub delivery_admin: Option<String>,
}

pub const SORTABLE: &[&str] = &["created_at", "total", "number"];

type Boxed<'a> = invoices::BoxedQuery<'a, DbBackend>;

fn key_of(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(str::to_owned)
}

/// Invoices of one family in `scope`, newest first unless sorted otherwise. `q` matches the
/// number, the key, the shop's name and the merchant's or delivery person's name or company.
pub(crate) fn list_rows(
    conn: &mut DbConnection,
    scope: Scope,
    client: bool,
    query: &ListQuery,
    filters: &InvoiceFilters,
) -> AppResult<Paginated<InvoiceRow>> {
    let search = query.search()?;
    let sort = match query.sort.as_deref().map(str::trim) {
        None | Some("") => Sort {
            column: "created_at",
            descending: true,
        },
        Some(_) => query.sort(SORTABLE)?,
    };
    let kind = match key_of(&filters.invoice_type) {
        Some(raw) if client => Some(Kind::client_type(&raw).ok_or_else(|| {
            AppError::validation("type", "Type inconnu : delivered ou returned.")
        })?),
        _ => None,
    };
    let status = match key_of(&filters.status) {
        Some(raw) => Some(InvoiceStatus::parse(&raw).ok_or_else(|| {
            AppError::validation("status", "Statut inconnu : draft, validated ou paid.")
        })?),
        None => None,
    };
    let (shop, merchant, courier) = (
        key_of(&filters.shop),
        key_of(&filters.client),
        key_of(&filters.delivery_admin),
    );
    let filtered = || -> Boxed<'_> {
        let mut q = invoices::table.into_boxed();
        q = if client {
            q.filter(invoices::kind.ne(Kind::Delivery.as_str()))
        } else {
            q.filter(invoices::kind.eq(Kind::Delivery.as_str()))
        };
        match scope {
            Scope::Merchant(id) => {
                q = q
                    .filter(invoices::client_id.eq(id))
                    .filter(invoices::status.ne(InvoiceStatus::Draft.as_str()))
            }
            Scope::DeliveryPerson(id) => q = q.filter(invoices::delivery_admin_id.eq(id)),
            Scope::Everyone => {}
        }
        if let Some(kind) = kind {
            q = q.filter(invoices::kind.eq(kind.as_str()));
        }
        if let Some(status) = status {
            q = q.filter(invoices::status.eq(status.as_str()));
        }
        let person = |key: &String| {
            users::table
                .filter(users::key.eq(key.clone()))
                .select(users::id.nullable())
        };
        if let Some(key) = &shop {
            q = q.filter(
                invoices::shop_id.eq_any(
                    shops::table
                        .filter(shops::key.eq(key.clone()))
                        .select(shops::id.nullable()),
                ),
            );
        }
        if let Some(key) = &merchant {
            q = q.filter(invoices::client_id.eq_any(person(key)));
        }
        if let Some(key) = &courier {
            q = q.filter(invoices::delivery_admin_id.eq_any(person(key)));
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            let people = || {
                users::table
                    .filter(
                        lower(users::first_name.concat(" ").concat(users::last_name))
                            .like(pattern.clone())
                            .escape('\\')
                            .or(lower_opt(users::company).like(pattern.clone()).escape('\\')),
                    )
                    .select(users::id.nullable())
            };
            let named_shops = shops::table
                .filter(lower(shops::name).like(pattern.clone()).escape('\\'))
                .select(shops::id.nullable());
            q = q.filter(
                lower(invoices::key)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower_opt(invoices::number)
                        .like(pattern.clone())
                        .escape('\\'))
                    .or(invoices::shop_id.eq_any(named_shops))
                    .or(invoices::client_id.eq_any(people()))
                    .or(invoices::delivery_admin_id.eq_any(people())),
            );
        }
        q
    };
    paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = colivra_db::order_by!(filtered(), sort, then invoices::id;
                "created_at" => invoices::created_at,
                "total" => invoices::total,
                "number" => invoices::number);
            q.select(InvoiceRow::as_select())
                .limit(limit)
                .offset(offset)
                .load(conn)
        },
    )
}
