//! How callers see a parcel: the API shape and the actions each role may take on it.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{
    time, AppResult, Centimes, DeliveryPersonId, InvoiceId, MerchantId, ParcelId, Role,
};
use colivra_db::DbConnection;
use serde::Serialize;
use utoipa::ToSchema;

use super::names::{Names, RecentNames};
use super::row::ParcelRow;
use crate::fees::Fees;
use crate::status::Status;

/// A parcel as the API shows it (field names are the merchant API contract).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ParcelView {
    /// The tracking code.
    pub key: String,
    pub shop: String,
    pub shop_name: String,
    #[serde(rename = "client")]
    pub merchant: String,
    /// The merchant's company, else his name.
    #[serde(rename = "client_name")]
    pub merchant_name: String,
    pub reference: Option<String>,
    pub recipient_name: String,
    pub recipient_phone: String,
    pub recipient_phone_alt: Option<String>,
    pub city: String,
    pub city_name: String,
    pub address: String,
    #[schema(value_type = i64)]
    pub cod_amount: Centimes,
    pub product: String,
    pub quantity: i64,
    pub note: Option<String>,
    pub can_open: bool,
    pub can_try: bool,
    pub fragile: bool,
    /// `standard`, `exchange` or `refund`.
    #[schema(value_type = super::ParcelKind)]
    pub kind: String,
    pub original_parcel: Option<String>,
    pub item_to_collect: Option<String>,
    /// Products taken from stock (empty when none).
    pub stock_lines: Vec<crate::stock::StockLine>,
    pub fees: Fees,
    /// What its confirmation by the company's agents cost, already in `fees` (0: none).
    #[schema(value_type = i64)]
    pub confirmation_fee: Centimes,
    /// The recipient's history across every merchant (counts only) and its band.
    pub recipient_history: crate::recipients::RecipientHistorySummary,
    pub status: Status,
    pub status_label: &'static str,
    pub attempts: i64,
    pub postponed_to: Option<NaiveDate>,
    #[serde(rename = "delivery_admin")]
    pub delivery_person: Option<String>,
    #[serde(rename = "delivery_admin_name")]
    pub delivery_person_name: Option<String>,
    /// The recipient's details changed while the parcel was with a delivery person.
    pub address_change_pending: bool,
    /// The key of the client invoice (delivered type) it is on, if the caller may see it.
    #[serde(rename = "client_completed_invoice")]
    pub merchant_completed_invoice: Option<String>,
    /// The key of the client invoice (returned type) it is on.
    #[serde(rename = "client_returned_invoice")]
    pub merchant_returned_invoice: Option<String>,
    /// The key of the delivery invoice it is on.
    #[serde(rename = "delivery_admin_invoice")]
    pub delivery_person_invoice: Option<String>,
    /// A delivered parcel's money for its merchant: `awaiting_cash` (« livré, espèces chez le
    /// livreur »: not payable before its delivery invoice is validated), `to_pay` (« encaissé, à
    /// verser »), `paid` (« versé »: on a paid client invoice); null for other statuses.
    pub payout_state: Option<PayoutState>,
    /// What the caller may do with it now: `edit`, `delete`, `cancel`, `change-address`,
    /// `state`, `reassign`, `acknowledge-address`.
    pub actions: Vec<&'static str>,
    /// What the parcel's merchant requires on « Livré » (for its delivery person only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof_required: Option<crate::proof::ProofPolicy>,
    /// Until when the caller may undo the parcel's latest status change (`POST
    /// parcels/{key}/undo`): set in the answer of a move and of one parcel, null otherwise.
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub undo_until: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

/// Where a delivered parcel's money stands for its merchant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PayoutState {
    AwaitingCash,
    ToPay,
    Paid,
}

impl PayoutState {
    /// `row`'s state, its client invoice's status given (`None`: on none).
    pub fn of(row: &ParcelRow, client_invoice_status: Option<&str>) -> Option<PayoutState> {
        if row.status() != Status::Delivered {
            return None;
        }
        Some(match client_invoice_status {
            Some("paid") => PayoutState::Paid,
            // Invoiced (a company that pays before cash-in may have put it on one already).
            Some(_) => PayoutState::ToPay,
            None if row.cash_received || row.delivery_person_id.is_none() => PayoutState::ToPay,
            None => PayoutState::AwaitingCash,
        })
    }
}

/// The row actions a caller of `role` has on a parcel in `status`.
pub fn actions(role: Role, row: &ParcelRow) -> Vec<&'static str> {
    let status = row.status();
    let mut actions = Vec::new();
    match role {
        Role::Merchant => {
            if status.merchant_may_edit() {
                actions.extend(["edit", "delete"]);
            }
            if status.before_pickup() {
                actions.push("cancel");
            }
            if status.address_can_change() {
                actions.push("change-address");
            }
        }
        Role::Admin => {
            actions.push("state");
            if status.is_with_delivery_person() {
                actions.push("reassign");
            }
        }
        Role::DeliveryPerson => {
            if status.is_with_delivery_person() {
                actions.push("state");
            }
            if row.address_change_pending {
                actions.push("acknowledge-address");
            }
        }
    }
    actions
}

/// Turns rows into views, loading the names they refer to in a few batched queries.
pub fn views(
    conn: &mut DbConnection,
    role: Role,
    rows: Vec<ParcelRow>,
) -> AppResult<Vec<ParcelView>> {
    views_with(conn, role, rows, None)
}

/// The proof policies of `merchants`, those `recent` knows without a statement.
fn proof_policies(
    conn: &mut DbConnection,
    merchants: &[MerchantId],
    recent: Option<&RecentNames>,
) -> AppResult<HashMap<MerchantId, crate::proof::ProofPolicy>> {
    use super::names::PROOF_POLICIES;
    let mut known = HashMap::new();
    let mut unknown = Vec::new();
    for &id in merchants {
        match recent.and_then(|recent| recent.get(PROOF_POLICIES, id.get())) {
            Some((_, policy)) => {
                known.insert(id, crate::proof::ProofPolicy::parse(&policy));
            }
            None => unknown.push(id),
        }
    }
    if !unknown.is_empty() {
        let found = crate::proof::policies_of(conn, &unknown)?;
        if let Some(recent) = recent {
            let remembered: Vec<(i64, i64, String, String)> = found
                .iter()
                .map(|(id, policy)| {
                    (
                        PROOF_POLICIES as i64,
                        id.get(),
                        String::new(),
                        policy.as_str().to_owned(),
                    )
                })
                .collect();
            recent.remember(&remembered);
        }
        known.extend(found);
    }
    Ok(known)
}

/// [`views`], taking names from `recent` when it knows them (lists: see [`RecentNames`]).
pub fn views_with(
    conn: &mut DbConnection,
    role: Role,
    rows: Vec<ParcelRow>,
    recent: Option<&RecentNames>,
) -> AppResult<Vec<ParcelView>> {
    views_of(conn, role, rows, recent, None)
}

/// [`views_with`], with the rows' recipients when the caller already read them (a creation
/// checked its recipient against the company's policy).
pub fn views_of(
    conn: &mut DbConnection,
    role: Role,
    rows: Vec<ParcelRow>,
    recent: Option<&RecentNames>,
    recipients: Option<&crate::recipients::Recipients>,
) -> AppResult<Vec<ParcelView>> {
    fn ids<T: Ord, F: Fn(&ParcelRow) -> Option<T>>(rows: &[ParcelRow], f: F) -> Vec<T> {
        let mut ids: Vec<T> = rows.iter().filter_map(f).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }
    // The names' look-up is one query over five tables: their ids as numbers.
    let shop_ids = ids(&rows, |r| Some(r.shop_id.get()));
    let city_ids = ids(&rows, |r| Some(r.city_id.get()));
    let mut user_ids = ids(&rows, |r| Some(r.merchant_id.get()));
    user_ids.extend(ids(&rows, |r| {
        r.delivery_person_id.map(DeliveryPersonId::get)
    }));
    let original_ids = ids(&rows, |r| r.original_parcel_id.map(ParcelId::get));
    let mut invoice_ids = ids(&rows, |r| {
        r.merchant_completed_invoice_id.map(InvoiceId::get)
    });
    invoice_ids.extend(ids(&rows, |r| {
        r.merchant_returned_invoice_id.map(InvoiceId::get)
    }));
    invoice_ids.extend(ids(&rows, |r| {
        r.delivery_person_invoice_id.map(InvoiceId::get)
    }));

    // Most pages have no parcel with stock lines: no statement for them.
    let stocked: Vec<ParcelId> = rows
        .iter()
        .filter(|r| r.has_stock_lines)
        .map(|r| r.id)
        .collect();
    let mut stock_lines = if stocked.is_empty() {
        HashMap::new()
    } else {
        crate::stock::lines_for(conn, &stocked)?
    };
    // The delivery person's sheet asks for what the merchant requires before sending « Livré ».
    let policies = if role == Role::DeliveryPerson {
        proof_policies(conn, &ids(&rows, |r| Some(r.merchant_id)), recent)?
    } else {
        HashMap::new()
    };
    let loaded;
    let recipients = match recipients {
        Some(recipients) => recipients,
        None => {
            let phones: Vec<&str> = rows.iter().map(|r| r.recipient_phone.as_str()).collect();
            loaded = crate::recipients::Recipients::load(conn, &phones)?;
            &loaded
        }
    };
    let wanted = [shop_ids, city_ids, user_ids, original_ids, invoice_ids];
    let names = Names::load(conn, wanted, recent)?;
    let (shop_names, city_names, user_names) = (&names.shops, &names.cities, &names.users);
    let originals: HashMap<i64, String> = names
        .originals
        .iter()
        .map(|(id, (key, _))| (*id, key.clone()))
        .collect();

    let pair =
        |map: &HashMap<i64, (String, String)>, id: i64| map.get(&id).cloned().unwrap_or_default();
    Ok(rows
        .into_iter()
        .map(|row| {
            let (shop, shop_name) = pair(shop_names, row.shop_id.get());
            let (city, city_name) = pair(city_names, row.city_id.get());
            let (merchant, merchant_name) = pair(user_names, row.merchant_id.get());
            let delivery_person = row.delivery_person_id.map(|id| pair(user_names, id.get()));
            let status = row.status();
            let fees = row.fees();
            let invoice = |id: Option<InvoiceId>, visible: &dyn Fn(&str) -> bool| {
                id.and_then(|id| names.invoices.get(&id.get()))
                    .filter(|(_, status)| visible(status))
                    .map(|(key, _)| key.clone())
            };
            // Admins see every invoice; a merchant his client invoices once validated; a
            // delivery person his delivery invoice.
            let merchant_invoice_visible = |status: &str| match role {
                Role::Admin => true,
                Role::Merchant => status != "draft",
                Role::DeliveryPerson => false,
            };
            let delivery_invoice_visible = |_: &str| role != Role::Merchant;
            let completed_status = row
                .merchant_completed_invoice_id
                .and_then(|id| names.invoices.get(&id.get()))
                .map(|(_, status)| status.as_str());
            ParcelView {
                payout_state: PayoutState::of(&row, completed_status),
                merchant_completed_invoice: invoice(
                    row.merchant_completed_invoice_id,
                    &merchant_invoice_visible,
                ),
                merchant_returned_invoice: invoice(
                    row.merchant_returned_invoice_id,
                    &merchant_invoice_visible,
                ),
                delivery_person_invoice: invoice(
                    row.delivery_person_invoice_id,
                    &delivery_invoice_visible,
                ),
                actions: actions(role, &row),
                proof_required: (role == Role::DeliveryPerson)
                    .then(|| policies.get(&row.merchant_id).copied().unwrap_or_default()),
                undo_until: None,
                recipient_history: recipients.summary(&row.recipient_phone),
                key: row.key,
                shop,
                shop_name,
                merchant,
                merchant_name,
                reference: row.reference,
                recipient_name: row.recipient_name,
                recipient_phone: row.recipient_phone,
                recipient_phone_alt: row.recipient_phone_alt,
                city,
                city_name,
                address: row.address,
                cod_amount: row.cod_amount,
                product: row.product,
                quantity: row.quantity,
                note: row.note,
                can_open: row.can_open,
                can_try: row.can_try,
                fragile: row.fragile,
                kind: row.kind,
                original_parcel: row
                    .original_parcel_id
                    .and_then(|id| originals.get(&id.get()).cloned()),
                item_to_collect: row.item_to_collect,
                stock_lines: stock_lines.remove(&row.id).unwrap_or_default(),
                fees,
                confirmation_fee: row.confirmation_fee,
                status,
                status_label: status.label(),
                attempts: row.attempts,
                postponed_to: row.postponed_to,
                delivery_person: delivery_person.as_ref().map(|c| c.0.clone()),
                delivery_person_name: delivery_person.map(|c| c.1),
                address_change_pending: row.address_change_pending,
                created_at: row.created_at,
                updated_at: row.updated_at,
            }
        })
        .collect())
}

pub fn view(conn: &mut DbConnection, role: Role, row: ParcelRow) -> AppResult<ParcelView> {
    Ok(views(conn, role, vec![row])?.remove(0))
}
