//! What a legal invoice shows besides its lines: the company's identity, the merchant's ICE and,
//! on client invoices, the RIB it is paid to and the TVA on its fees. All of them are kept on
//! the invoice when it is validated (a validated invoice never changes, whatever happens to the
//! shop's RIB, the identities or the TVA rate later); a draft shows them as they are now.

use colivra_core::AppResult;
use colivra_db::schema::{invoices, shops, users};
use colivra_db::{DbConnection, MapDbErr};
use colivra_parcels::company::{self, CompanyIdentity};
use diesel::prelude::*;

use crate::kind::InvoiceStatus;
use crate::row::InvoiceRow;

/// The legal side of an invoice as it prints.
pub struct Legal {
    /// The company's identity (none until an admin sets it).
    pub issuer: Option<CompanyIdentity>,
    /// The merchant's ICE (client invoices, when he has one).
    pub merchant_ice: Option<String>,
    /// Where a client invoice is paid: the RIB kept at validation, else the shop's approved one.
    pub bank_account: Option<String>,
}

fn shop_rib(conn: &mut DbConnection, row: &InvoiceRow) -> AppResult<Option<String>> {
    let Some(shop_id) = row.shop_id else {
        return Ok(None);
    };
    Ok(shops::table
        .find(shop_id)
        .select(shops::bank_account)
        .first::<Option<String>>(conn)
        .optional()
        .map_db_err()?
        .flatten())
}

fn merchant_ice(conn: &mut DbConnection, row: &InvoiceRow) -> AppResult<Option<String>> {
    let Some(merchant_id) = row.merchant_id.filter(|_| row.kind().is_merchant()) else {
        return Ok(None);
    };
    Ok(users::table
        .find(merchant_id)
        .select(users::ice)
        .first::<Option<String>>(conn)
        .optional()
        .map_db_err()?
        .flatten())
}

/// Keeps on a validated invoice what it prints: the RIB it is paid to (client invoices), the
/// merchant's ICE and the company's identity. Runs inside the validating transaction.
pub(crate) fn keep(conn: &mut DbConnection, row: InvoiceRow) -> AppResult<InvoiceRow> {
    let bank_account = match row.kind().is_merchant() {
        true => shop_rib(conn, &row)?,
        false => None,
    };
    let merchant_ice = merchant_ice(conn, &row)?;
    let issuer = company::identity(conn)?
        .map(|identity| serde_json::to_string(&identity))
        .transpose()
        .map_err(colivra_core::AppError::internal)?;
    // The row is validated already: the TVA is read at the rate in force now, and kept.
    let tva = match row.kind().is_merchant() {
        true => Some(crate::tva::TvaFigures::of(
            row.fees_total,
            &company::tax(conn)?,
        )),
        false => None,
    };
    diesel::update(invoices::table.find(row.id))
        .set((
            invoices::bank_account.eq(bank_account),
            invoices::merchant_ice.eq(merchant_ice),
            invoices::issuer.eq(issuer),
            invoices::tva_rate.eq(tva.as_ref().map(|t| t.rate)),
            invoices::tva_exemption.eq(tva.as_ref().and_then(|t| t.exemption.clone())),
            invoices::fees_ht.eq(tva.as_ref().map(|t| t.fees_ht)),
            invoices::tva_amount.eq(tva.as_ref().map(|t| t.tva_amount)),
        ))
        .returning(invoices::all_columns)
        .get_result(conn)
        .map_db_err()
}

/// The legal side of `row`: kept at validation, or as it is now for a draft (and for what an
/// invoice validated before identities were kept lacks).
pub fn of(conn: &mut DbConnection, row: &InvoiceRow) -> AppResult<Legal> {
    let kept = row.status() != InvoiceStatus::Draft;
    let issuer = match row.issuer.as_deref().filter(|_| kept) {
        Some(json) => serde_json::from_str(json).ok(),
        None => company::identity(conn)?,
    };
    let merchant_ice = match kept {
        true => row.merchant_ice.clone(),
        false => merchant_ice(conn, row)?,
    };
    // Validated: the RIB approved at validation, or none (a later approval never rewrites it).
    let bank_account = match kept {
        true => row.bank_account.clone(),
        false if row.kind().is_merchant() => shop_rib(conn, row)?,
        false => None,
    };
    Ok(Legal {
        issuer,
        merchant_ice,
        bank_account,
    })
}
