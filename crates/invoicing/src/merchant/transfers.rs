//! The transfers list: paid client invoices with their references.

use colivra_core::{AppError, AppResult, Centimes, MerchantId};
use colivra_db::schema::{invoices, shops, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::kind::{InvoiceStatus, Kind};

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct TransferFilters {
    #[serde(rename = "client")]
    pub merchant: Option<String>,
    pub shop: Option<String>,
}

/// Shop name, the shop's approved RIB, total, number, merchant.
type TransferRow = (
    String,
    Option<String>,
    Centimes,
    Option<String>,
    Option<MerchantId>,
);

/// The bank-transfer batch: the CSV and how many invoices were left out for want of a RIB.
pub struct Transfers {
    pub csv: String,
    pub count: usize,
    pub skipped: usize,
    /// Left out because their merchant's account is negative (he owes the company).
    pub blocked: usize,
}

/// The validated, unpaid `delivered` invoices with a positive total, as one CSV for the bank's
/// bulk transfer upload: `shop,rib,amount,invoice_number` (amount in dirhams, a dot before the
/// centimes; the shop's RIB approved now, where the money goes: recorded on the invoice when its
/// payment is). Invoices of shops without an approved RIB are counted in `skipped`, those of
/// merchants whose account is negative in `blocked`: they are not paid until it is settled.
pub fn transfers(conn: &mut DbConnection, filters: &TransferFilters) -> AppResult<Transfers> {
    let mut q = invoices::table
        .inner_join(shops::table)
        .filter(invoices::kind.eq(Kind::Delivered.as_str()))
        .filter(invoices::status.eq(InvoiceStatus::Validated.as_str()))
        .filter(invoices::total.gt(Centimes::ZERO))
        .into_boxed();
    if let Some(shop) = filters
        .shop
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        q = q.filter(shops::key.eq(shop.to_owned()));
    }
    if let Some(merchant) = filters
        .merchant
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        q = q.filter(
            invoices::merchant_id.eq_any(
                users::table
                    .filter(users::key.eq(merchant.to_owned()))
                    .select(users::id.nullable()),
            ),
        );
    }
    // The shop's RIB approved now; never a RIB still waiting for approval.
    let found: Vec<TransferRow> = q
        .order(invoices::number.asc())
        .select((
            shops::name,
            shops::bank_account,
            invoices::total,
            invoices::number,
            invoices::merchant_id,
        ))
        .load(conn)
        .map_db_err()?;
    let accounts = crate::accounts::all_balances(conn)?;
    let mut writer = csv::Writer::from_writer(Vec::new());
    let failed = |e: csv::Error| AppError::internal(e);
    writer
        .write_record(["shop", "rib", "amount", "invoice_number"])
        .map_err(failed)?;
    let (mut count, mut skipped, mut blocked) = (0, 0, 0);
    for (shop, approved, total, number, merchant) in found {
        if merchant
            .and_then(|id| accounts.get(&id))
            .is_some_and(|b| b.is_negative())
        {
            blocked += 1;
            continue;
        }
        let Some(rib) = approved.filter(|r| !r.trim().is_empty()) else {
            skipped += 1;
            continue;
        };
        // The bank's format: dirhams, a dot, the centimes (the total is positive).
        let centimes = total.get();
        let amount = format!("{}.{:02}", centimes / 100, centimes % 100);
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
        blocked,
    })
}
