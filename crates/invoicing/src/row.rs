//! The invoice row, and reading one (with its parcels) within the caller's scope.

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{
    AppError, AppResult, Centimes, DeliveryPersonId, InvoiceId, MerchantId, Scope, ShopId, UserId,
};
use colivra_db::schema::{invoices, parcels};
use colivra_db::{DbConnection, MapDbErr};
use colivra_parcels::parcel::ParcelRow;
use diesel::prelude::*;

use crate::kind::{InvoiceStatus, Kind, Owner};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = invoices)]
pub struct InvoiceRow {
    pub id: InvoiceId,
    pub key: String,
    pub kind: String,
    pub status: String,
    pub number: Option<String>,
    pub merchant_id: Option<MerchantId>,
    pub shop_id: Option<ShopId>,
    pub delivery_person_id: Option<DeliveryPersonId>,
    pub parcels_count: i64,
    pub cod_total: Centimes,
    pub fees_total: Centimes,
    pub total: Centimes,
    pub counted_amount: Option<Centimes>,
    pub payment_reference: Option<String>,
    pub paid_on: Option<NaiveDate>,
    pub created_by: Option<UserId>,
    pub counted_by: Option<UserId>,
    pub validated_by: Option<UserId>,
    pub paid_by: Option<UserId>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub counted_at: Option<NaiveDateTime>,
    pub validated_at: Option<NaiveDateTime>,
    pub paid_at: Option<NaiveDateTime>,
    /// Delivery invoices: the delivery person's balance carried onto it as a line of its own
    /// (positive: he owes it and hands it over now; negative: it is paid back to him), included
    /// in `total`; 0 when none.
    pub carried_balance: Centimes,
    /// Client invoices: the RIB it is paid to, kept at validation.
    pub bank_account: Option<String>,
    /// The merchant's ICE, kept at validation.
    pub merchant_ice: Option<String>,
    /// The company's legal identity (JSON), kept at validation.
    pub issuer: Option<String>,
    /// Client invoices, once paid: `transfer`, `cheque` or `cash`.
    pub payment_method: Option<String>,
    /// Client invoices: the TVA kept at validation (rate in percent, 0 when exempt, with the
    /// mention); none on those validated before TVA was shown.
    pub tva_rate: Option<i64>,
    pub tva_exemption: Option<String>,
    pub fees_ht: Option<Centimes>,
    pub tva_amount: Option<Centimes>,
    /// Client invoices paid by transfer: the shop's RIB approved when it was paid.
    pub paid_bank_account: Option<String>,
}

impl InvoiceRow {
    pub fn kind(&self) -> Kind {
        Kind::parse(&self.kind).unwrap_or(Kind::Delivered)
    }

    pub fn status(&self) -> InvoiceStatus {
        InvoiceStatus::parse(&self.status).unwrap_or(InvoiceStatus::Draft)
    }

    /// A client invoice's TVA: as kept at validation, or at the company's rate `now` while
    /// draft; none on delivery invoices and on client invoices validated before TVA was shown
    /// (they keep what they printed).
    pub fn tva(&self, now: &colivra_parcels::company::Tax) -> Option<crate::tva::TvaFigures> {
        if !self.kind().is_merchant() {
            return None;
        }
        if self.status() == InvoiceStatus::Draft {
            return Some(crate::tva::TvaFigures::of(self.fees_total, now));
        }
        Some(crate::tva::TvaFigures {
            rate: self.tva_rate?,
            exemption: self.tva_exemption.clone(),
            fees_ht: self.fees_ht?,
            tva_amount: self.tva_amount?,
            fees_ttc: self.fees_total,
        })
    }

    /// The shop (client invoices) or the delivery person (delivery invoices) whose parcels it
    /// takes.
    pub(crate) fn owner(&self) -> Option<Owner> {
        self.shop_id
            .map(Owner::Shop)
            .or(self.delivery_person_id.map(Owner::DeliveryPerson))
    }

    /// Merchants see their shops' validated and paid client invoices; delivery people their
    /// own delivery invoices; admins everything.
    pub fn in_scope(&self, scope: Scope) -> bool {
        match scope {
            Scope::Merchant(id) => {
                self.merchant_id == Some(id) && self.status() != InvoiceStatus::Draft
            }
            Scope::DeliveryPerson(id) => self.delivery_person_id == Some(id),
            Scope::Everyone => true,
        }
    }
}

/// The invoice of one family (client or delivery) with this key within `scope`, else 404.
pub(crate) fn get(
    conn: &mut DbConnection,
    scope: Scope,
    merchant: bool,
    key: &str,
) -> AppResult<InvoiceRow> {
    let row: InvoiceRow = invoices::table
        .filter(invoices::key.eq(key.trim().to_uppercase()))
        .select(InvoiceRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)?;
    if row.kind().is_merchant() == merchant && row.in_scope(scope) {
        Ok(row)
    } else {
        Err(AppError::NotFound)
    }
}

/// The parcels on the invoice, oldest first.
pub(crate) fn parcels_on(conn: &mut DbConnection, row: &InvoiceRow) -> AppResult<Vec<ParcelRow>> {
    parcels::table
        .filter(row.kind().on_invoice(row.id))
        .order(parcels::id.asc())
        .select(ParcelRow::as_select())
        .load(conn)
        .map_db_err()
}
