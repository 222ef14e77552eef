//! What a legal invoice shows besides its lines: the company's identity, the merchant's ICE and,
//! on client invoices, the RIB it is paid to. All three are kept on the invoice when it is
//! validated (a validated invoice never changes, whatever happens to the shop's RIB or the
//! identities later); a draft shows them as they are now.

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
    pub client_ice: Option<String>,
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

fn client_ice(conn: &mut DbConnection, row: &InvoiceRow) -> AppResult<Option<String>> {
    let Some(client_id) = row.client_id.filter(|_| row.kind().is_client()) else {
        return Ok(None);
    };
    Ok(users::table
        .find(client_id)
        .select(users::ice)
        .first::<Option<String>>(conn)
        .optional()
        .map_db_err()?
        .flatten())
}

/// Keeps on a validated invoice what it prints: the RIB it is paid to (client invoices), the
/// merchant's ICE and the company's identity. Runs inside the validating transaction.
pub(crate) fn keep(conn: &mut DbConnection, row: InvoiceRow) -> AppResult<InvoiceRow> {
    let bank_account = match row.kind().is_client() {
        true => shop_rib(conn, &row)?,
        false => None,
    };
    let client_ice = client_ice(conn, &row)?;
    let issuer = company::identity(conn)?
        .map(|identity| serde_json::to_string(&identity))
        .transpose()
        .map_err(colivra_core::AppError::internal)?;
    diesel::update(invoices::table.find(row.id))
        .set((
            invoices::bank_account.eq(bank_account),
            invoices::client_ice.eq(client_ice),
            invoices::issuer.eq(issuer),
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
    let client_ice = match kept {
        true => row.client_ice.clone(),
        false => client_ice(conn, row)?,
    };
    let bank_account = match (kept, &row.bank_account) {
        (true, Some(rib)) => Some(rib.clone()),
        _ if row.kind().is_client() => shop_rib(conn, row)?,
        _ => None,
    };
    Ok(Legal {
        issuer,
        client_ice,
        bank_account,
    })
}
