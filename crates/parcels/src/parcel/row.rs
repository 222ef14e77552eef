//! The parcel row as stored, and the one way to read a parcel within a caller's scope.

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{
    AppError, AppResult, Centimes, CityId, DeliveryPersonId, InvoiceId, MerchantId, ParcelId,
    Scope, ShopId, UserId,
};
use colivra_db::schema::parcels;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::fees::Fees;
use crate::status::Status;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = parcels)]
pub struct ParcelRow {
    pub id: ParcelId,
    pub key: String,
    pub merchant_id: MerchantId,
    pub shop_id: ShopId,
    pub reference: Option<String>,
    pub recipient_name: String,
    pub recipient_phone: String,
    pub recipient_phone_alt: Option<String>,
    pub city_id: CityId,
    pub address: String,
    pub cod_amount: Centimes,
    pub product: String,
    pub quantity: i64,
    pub note: Option<String>,
    pub can_open: bool,
    pub can_try: bool,
    pub fragile: bool,
    pub kind: String,
    pub original_parcel_id: Option<ParcelId>,
    pub item_to_collect: Option<String>,
    pub delivery_fee: Centimes,
    pub return_fee: Centimes,
    pub refusal_fee: Centimes,
    pub status: String,
    pub attempts: i64,
    pub postponed_to: Option<NaiveDate>,
    pub delivery_person_id: Option<DeliveryPersonId>,
    pub address_change_pending: bool,
    pub created_by: Option<UserId>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub status_changed_at: NaiveDateTime,
    /// `delivered`, `refused` or `cancelled` once the round ended (kept through the return).
    pub outcome: Option<String>,
    /// The delivery person's commission for the outcome, as it was when recorded.
    pub commission: Option<Centimes>,
    pub outcome_at: Option<NaiveDateTime>,
    pub merchant_completed_invoice_id: Option<InvoiceId>,
    pub merchant_returned_invoice_id: Option<InvoiceId>,
    pub delivery_person_invoice_id: Option<InvoiceId>,
    /// Whether it has stock lines (kept by triggers): only then are they looked up.
    pub has_stock_lines: bool,
    /// Its cash is in the company's hands: it is on a validated delivery invoice.
    pub cash_received: bool,
    /// What its confirmation by the company's agents cost (issue 40), already in the fees.
    pub confirmation_fee: Centimes,
}

impl ParcelRow {
    pub fn status(&self) -> Status {
        Status::parse(&self.status).unwrap_or(Status::New)
    }

    /// The fees in force when the parcel was created.
    pub fn fees(&self) -> Fees {
        Fees {
            delivery: self.delivery_fee,
            return_fee: self.return_fee,
            refusal: self.refusal_fee,
        }
    }

    /// What the merchant's webhooks receive about the parcel (`data` of its events).
    pub fn webhook_data(&self) -> colivra_core::webhook_events::ParcelEventData {
        colivra_core::webhook_events::ParcelEventData {
            key: self.key.clone(),
            status: self.status.clone(),
            status_label: self.status().label().to_owned(),
            reference: self.reference.clone(),
            cod_amount: self.cod_amount,
            outcome: self.outcome.clone(),
            attempts: self.attempts,
            updated_at: colivra_core::time::to_rfc3339(&self.updated_at),
            recorded: None,
            decision_due_at: None,
        }
    }

    /// Writes `parcel.status_changed` and `parcel.outcome_recorded` for an outcome the round
    /// recorded, the latter with what was recorded, to its merchant's `endpoints` (read once in
    /// the move's transaction).
    pub fn record_outcome_events_to(
        &self,
        conn: &mut DbConnection,
        endpoints: &[(i64, String)],
        recorded: colivra_core::webhook_events::RecordedOutcome,
    ) -> AppResult<()> {
        use colivra_db::outbox::{PARCEL_OUTCOME_RECORDED, PARCEL_STATUS_CHANGED};
        self.tell_recipient(conn, PARCEL_STATUS_CHANGED)?;
        if endpoints.is_empty() {
            return Ok(());
        }
        let plain = self.webhook_data();
        let detailed = colivra_core::webhook_events::ParcelEventData {
            recorded: Some(recorded),
            ..plain.clone()
        };
        let event = |event_type, data| -> AppResult<colivra_db::outbox::Event<'_>> {
            Ok(colivra_db::outbox::Event {
                merchant_id: self.merchant_id,
                event_type,
                subject_key: Some(&self.key),
                data: serde_json::to_value(data).map_err(AppError::internal)?,
            })
        };
        let events = [
            event(PARCEL_STATUS_CHANGED, plain)?,
            event(PARCEL_OUTCOME_RECORDED, detailed)?,
        ];
        colivra_db::outbox::record_all_to(conn, endpoints, &events).map_db_err()
    }

    /// Writes these events about the parcel, its merchant's endpoints read once.
    pub fn record_events(&self, conn: &mut DbConnection, event_types: &[&str]) -> AppResult<()> {
        let endpoints =
            colivra_db::outbox::active_endpoints(conn, self.merchant_id).map_db_err()?;
        self.record_events_to(conn, &endpoints, event_types)
    }

    /// [`Self::record_events`] with its merchant's endpoints already read in this transaction.
    pub fn record_events_to(
        &self,
        conn: &mut DbConnection,
        endpoints: &[(i64, String)],
        event_types: &[&str],
    ) -> AppResult<()> {
        for event_type in event_types {
            self.tell_recipient(conn, event_type)?;
        }
        if endpoints.is_empty() {
            return Ok(());
        }
        let data = serde_json::to_value(self.webhook_data()).map_err(AppError::internal)?;
        let events: Vec<colivra_db::outbox::Event<'_>> = event_types
            .iter()
            .map(|event_type| colivra_db::outbox::Event {
                merchant_id: self.merchant_id,
                event_type,
                subject_key: Some(&self.key),
                data: data.clone(),
            })
            .collect();
        colivra_db::outbox::record_all_to(conn, endpoints, &events).map_db_err()
    }

    /// The SMS or WhatsApp message to the recipient the event calls for, if any (issue 41):
    /// hooked where every change of a parcel writes its webhook events, so no path forgets it;
    /// `colivra_notifications::recipients` decides whether it is written.
    fn tell_recipient(&self, conn: &mut DbConnection, event_type: &str) -> AppResult<()> {
        use colivra_db::outbox::{PARCEL_CREATED, PARCEL_STATUS_CHANGED};
        use colivra_db::schema::{shops, users};
        use colivra_notifications::recipients::{self, ParcelMessage, RecipientKind};
        let kind = match (event_type, self.status()) {
            (PARCEL_STATUS_CHANGED, Status::OutForDelivery) => RecipientKind::OutForDelivery,
            // Not `WrongNumber`: the number reaches someone else.
            (PARCEL_STATUS_CHANGED, Status::NoAnswer | Status::Unreachable | Status::Postponed) => {
                RecipientKind::AttemptFailed
            }
            (PARCEL_CREATED, Status::ToConfirm) => RecipientKind::ConfirmationRequest,
            _ => return Ok(()),
        };
        if recipients::channel(conn)?.is_none() {
            return Ok(());
        }
        // The request to confirm comes with the company's agents' call: only for a merchant on
        // the confirmation service (a recipient's band alone leaves the merchant to confirm).
        if kind == RecipientKind::ConfirmationRequest {
            let on_service: bool = users::table
                .find(colivra_core::UserId::from(self.merchant_id))
                .select(users::confirmation_required)
                .first(conn)
                .map_db_err()?;
            if !on_service {
                return Ok(());
            }
        }
        let merchant: String = shops::table
            .find(self.shop_id)
            .select(shops::name)
            .first(conn)
            .map_db_err()?;
        let courier: Option<String> = match self.delivery_person_id {
            Some(id) => users::table
                .find(colivra_core::UserId::from(id))
                .select(users::first_name)
                .first(conn)
                .optional()
                .map_db_err()?,
            None => None,
        };
        recipients::queue_parcel_message(
            conn,
            ParcelMessage {
                kind,
                merchant_id: self.merchant_id,
                parcel_key: &self.key,
                recipient_name: &self.recipient_name,
                recipient_phone: &self.recipient_phone,
                address: &self.address,
                merchant: &merchant,
                amount: self.cod_amount,
                courier: courier.as_deref(),
            },
        )?;
        Ok(())
    }

    pub fn in_scope(&self, scope: Scope) -> bool {
        match scope {
            Scope::Merchant(id) => self.merchant_id == id,
            Scope::DeliveryPerson(id) => self.delivery_person_id == Some(id),
            Scope::Everyone => true,
        }
    }
}

/// The parcel with this tracking code within `scope`, else 404.
pub fn get(conn: &mut DbConnection, scope: Scope, parcel_key: &str) -> AppResult<ParcelRow> {
    let row: ParcelRow = parcels::table
        .filter(parcels::key.eq(parcel_key.trim().to_uppercase()))
        .select(ParcelRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)?;
    if row.in_scope(scope) {
        Ok(row)
    } else {
        Err(AppError::NotFound)
    }
}
