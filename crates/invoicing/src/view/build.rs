//! Invoice views built from their rows: the parties named, the cash figures of delivery invoices.

use std::collections::HashMap;

use colivra_core::{AppResult, Centimes, InvoiceId, MerchantId, Scope, ShopId, UserId};
use colivra_db::schema::{parcels, shops, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::kind::InvoiceStatus;
use crate::row::InvoiceRow;
use crate::rules::{delivery_cash, CashFigures};

use super::{
    DeliveryInvoiceView, InvoiceDeliveryPersonRef, InvoiceMerchantRef, InvoiceShopRef,
    MerchantInvoiceView,
};

/// The shops and people invoices refer to, loaded in two queries for a whole page.
struct Parties {
    shops: HashMap<ShopId, InvoiceShopRef>,
    people: HashMap<UserId, (String, String, String)>,
}

impl Parties {
    fn load(conn: &mut DbConnection, rows: &[InvoiceRow]) -> AppResult<Parties> {
        let shop_ids: Vec<ShopId> = rows.iter().filter_map(|r| r.shop_id).collect();
        let people_ids: Vec<UserId> = rows
            .iter()
            .flat_map(|r| {
                [
                    r.merchant_id.map(UserId::from),
                    r.delivery_person_id.map(UserId::from),
                ]
            })
            .flatten()
            .collect();
        let shops = shops::table
            .filter(shops::id.eq_any(&shop_ids))
            .select((shops::id, shops::key, shops::name, shops::bank_account))
            .load::<(ShopId, String, String, Option<String>)>(conn)
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
            .load::<(UserId, String, String, String, Option<String>, String)>(conn)
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

    fn person(&self, id: Option<impl Into<UserId>>) -> (String, String, String) {
        let id = id.map(Into::into);
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

pub(crate) fn merchant_views(
    conn: &mut DbConnection,
    scope: Scope,
    rows: Vec<InvoiceRow>,
) -> AppResult<Vec<MerchantInvoiceView>> {
    let parties = Parties::load(conn, &rows)?;
    let mut merchant_ids: Vec<MerchantId> = rows
        .iter()
        .filter(|r| r.status() != InvoiceStatus::Draft)
        .filter_map(|r| r.merchant_id)
        .collect();
    merchant_ids.sort_unstable();
    merchant_ids.dedup();
    let mut settled = crate::accounts::settlements(conn, &merchant_ids)?;
    // Drafts show the TVA at the rate in force; the rest what they kept.
    let tax = match rows.iter().any(|row| row.status() == InvoiceStatus::Draft) {
        true => colivra_parcels::company::tax(conn)?,
        false => colivra_parcels::company::Tax {
            rate: colivra_parcels::company::DEFAULT_TVA_RATE,
            exemption: None,
        },
    };
    Ok(rows
        .into_iter()
        .map(|row| {
            let status = row.status();
            let tva = row.tva(&tax);
            let (merchant_key, merchant_name, _) = parties.person(row.merchant_id);
            let mut shop = row
                .shop_id
                .and_then(|id| parties.shops.get(&id).cloned())
                .unwrap_or(InvoiceShopRef {
                    key: String::new(),
                    name: String::new(),
                    bank_account: None,
                });
            // Kept at validation (or none then): never a RIB approved later.
            let paid_to = match status {
                InvoiceStatus::Draft => shop.bank_account.clone(),
                _ => row.bank_account.clone(),
            };
            shop.bank_account = shown_rib(scope, shop.bank_account);
            let (outstanding, settled_by) = match settled.returned.remove(&row.id) {
                Some((owed, by)) => (Some(owed), by),
                None if row.kind() == crate::Kind::Returned && status != InvoiceStatus::Draft => {
                    (Some(Centimes::ZERO), Vec::new())
                }
                None => (None, Vec::new()),
            };
            MerchantInvoiceView {
                deducted: -row.carried_balance,
                deducted_for: settled.deducted_for.remove(&row.id).unwrap_or_default(),
                outstanding,
                settled_by,
                bank_account: shown_rib(scope, paid_to),
                invoice_type: row.kind(),
                key: row.key,
                number: row.number,
                status,
                status_label: status.label(),
                shop,
                merchant: InvoiceMerchantRef {
                    key: merchant_key,
                    name: merchant_name,
                },
                parcels_count: row.parcels_count,
                cod_total: row.cod_total,
                fees_total: row.fees_total,
                tva_rate: tva.as_ref().map(|t| t.rate),
                tva_exemption: tva.as_ref().and_then(|t| t.exemption.clone()),
                fees_ht: tva.as_ref().map(|t| t.fees_ht),
                tva_amount: tva.as_ref().map(|t| t.tva_amount),
                fees_ttc: tva.as_ref().map(|t| t.fees_ttc),
                total: row.total,
                payment_method: row.payment_method,
                paid_bank_account: shown_rib(scope, row.paid_bank_account),
                payment_reference: row.payment_reference,
                paid_on: row.paid_on,
                created_at: row.created_at,
                validated_at: row.validated_at,
                paid_at: row.paid_at,
                pdf_language: None,
            }
        })
        .collect())
}

/// Cash to collect and to pay out of each delivery invoice, from its parcels.
fn cash_of_invoices(
    conn: &mut DbConnection,
    rows: &[InvoiceRow],
) -> AppResult<HashMap<InvoiceId, CashFigures>> {
    let ids: Vec<InvoiceId> = rows.iter().map(|r| r.id).collect();
    let mut figures: HashMap<InvoiceId, CashFigures> = HashMap::new();
    for chunk in ids.chunks(500) {
        let on: Vec<(Option<InvoiceId>, String, Option<String>, Centimes)> = parcels::table
            .filter(parcels::delivery_person_invoice_id.eq_any(chunk.to_vec()))
            .select((
                parcels::delivery_person_invoice_id,
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
            let (key, full_name, phone) = parties.person(row.delivery_person_id);
            let figures = cash.get(&row.id).copied().unwrap_or_default();
            DeliveryInvoiceView {
                key: row.key,
                number: row.number,
                status,
                status_label: status.label(),
                delivery_person: InvoiceDeliveryPersonRef {
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
                pdf_language: None,
            }
        })
        .collect())
}
