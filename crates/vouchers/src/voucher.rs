//! What the three kinds of voucher share: the row, its kind and status, scoping, links to
//! parcels, and the small checks every action makes.

use chrono::NaiveDateTime;
use colivra_core::Scope;
use colivra_core::{
    key, time, AppError, AppResult, DeliveryPersonId, Language, MerchantId, ParcelId, ShopId,
    UserId, VoucherId,
};
use colivra_db::schema::{parcels, voucher_parcels, vouchers};
use colivra_db::{activities, DbConnection, MapDbErr};
use colivra_parcels::parcel::ParcelRow;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Parcels one voucher action takes: a full van.
pub const MAX_PARCELS: usize = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Pickup,
    Exit,
    Return,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Pickup => "pickup",
            Kind::Exit => "exit",
            Kind::Return => "return",
        }
    }

    pub fn parse(value: &str) -> Option<Kind> {
        [Kind::Pickup, Kind::Exit, Kind::Return]
            .into_iter()
            .find(|k| k.as_str() == value)
    }

    /// The key prefix: bon de Ramassage, de Sortie, de reTour.
    pub fn prefix(self) -> &'static str {
        match self {
            Kind::Pickup => "BR",
            Kind::Exit => "BS",
            Kind::Return => "BT",
        }
    }

    /// The printed title.
    pub fn title(self) -> &'static str {
        self.title_in(Language::Fr)
    }

    /// Its name in `language` (a printed voucher's title).
    pub fn title_in(self, language: Language) -> &'static str {
        match self {
            Kind::Pickup => language.pick("Bon de ramassage", "Pickup voucher", "وصل الاستلام"),
            Kind::Exit => language.pick("Bon de sortie", "Exit voucher", "وصل الخروج"),
            Kind::Return => language.pick("Bon de retour", "Return voucher", "وصل الإرجاع"),
        }
    }

    /// The subject of its activities (`pickup_voucher.created`…).
    pub fn subject(self) -> &'static str {
        match self {
            Kind::Pickup => "pickup_voucher",
            Kind::Exit => "exit_voucher",
            Kind::Return => "return_voucher",
        }
    }
}

/// Pickup and return vouchers are `new` until received; an exit voucher is `issued` at once
/// (the parcels leave with the delivery person when it is printed and signed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum VoucherStatus {
    New,
    Received,
    Issued,
}

impl VoucherStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            VoucherStatus::New => "new",
            VoucherStatus::Received => "received",
            VoucherStatus::Issued => "issued",
        }
    }

    pub fn parse(value: &str) -> Option<VoucherStatus> {
        [
            VoucherStatus::New,
            VoucherStatus::Received,
            VoucherStatus::Issued,
        ]
        .into_iter()
        .find(|s| s.as_str() == value)
    }

    pub fn label(self) -> &'static str {
        self.label_in(Language::Fr)
    }

    pub fn label_in(self, language: Language) -> &'static str {
        match self {
            VoucherStatus::New => language.pick("Nouveau", "New", "جديد"),
            VoucherStatus::Received => language.pick("Réceptionné", "Received", "تم التسلّم"),
            VoucherStatus::Issued => language.pick(
                "Remis au livreur",
                "Handed to the delivery person",
                "سُلّم لعامل التوصيل",
            ),
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = vouchers)]
pub struct VoucherRow {
    pub id: VoucherId,
    pub key: String,
    pub kind: String,
    pub status: String,
    pub merchant_id: Option<MerchantId>,
    pub shop_id: Option<ShopId>,
    pub delivery_person_id: Option<DeliveryPersonId>,
    pub created_by: Option<UserId>,
    pub received_by: Option<UserId>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub received_at: Option<NaiveDateTime>,
}

impl VoucherRow {
    pub fn kind(&self) -> Kind {
        Kind::parse(&self.kind).unwrap_or(Kind::Pickup)
    }

    pub fn status(&self) -> VoucherStatus {
        VoucherStatus::parse(&self.status).unwrap_or(VoucherStatus::New)
    }

    /// Merchants see their pickup vouchers, delivery people their exit and return vouchers.
    pub fn in_scope(&self, scope: Scope) -> bool {
        match scope {
            Scope::Merchant(id) => self.merchant_id == Some(id),
            Scope::DeliveryPerson(id) => self.delivery_person_id == Some(id),
            Scope::Everyone => true,
        }
    }
}

/// The voucher of `kind` with this key within `scope`, else 404.
pub fn get(conn: &mut DbConnection, scope: Scope, kind: Kind, key: &str) -> AppResult<VoucherRow> {
    let row: VoucherRow = vouchers::table
        .filter(vouchers::key.eq(key.trim().to_uppercase()))
        .filter(vouchers::kind.eq(kind.as_str()))
        .select(VoucherRow::as_select())
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

/// Who a new voucher is with.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Parties {
    pub merchant_id: Option<MerchantId>,
    pub shop_id: Option<ShopId>,
    pub delivery_person_id: Option<DeliveryPersonId>,
}

pub(crate) fn insert(
    conn: &mut DbConnection,
    kind: Kind,
    status: VoucherStatus,
    parties: Parties,
    actor_id: UserId,
) -> AppResult<VoucherRow> {
    let now = time::now();
    diesel::insert_into(vouchers::table)
        .values((
            vouchers::key.eq(key::prefixed_key(kind.prefix(), 8)),
            vouchers::kind.eq(kind.as_str()),
            vouchers::status.eq(status.as_str()),
            vouchers::merchant_id.eq(parties.merchant_id),
            vouchers::shop_id.eq(parties.shop_id),
            vouchers::delivery_person_id.eq(parties.delivery_person_id),
            vouchers::created_by.eq(actor_id),
            vouchers::created_at.eq(now),
            vouchers::updated_at.eq(now),
        ))
        .returning(vouchers::all_columns)
        .get_result::<VoucherRow>(conn)
        .map_db_err()
}

/// Claims a `new` voucher for this transaction: a write conditional on the status, so on
/// PostgreSQL a concurrent action on the same voucher waits here and then sees the outcome, and
/// on both databases a voucher received (or deleted) meanwhile answers 409.
pub(crate) fn claim_new(conn: &mut DbConnection, row: &VoucherRow) -> AppResult<()> {
    if !colivra_db::claim_in_status!(conn, vouchers, row.id, VoucherStatus::New.as_str())? {
        return Err(already_received(row));
    }
    Ok(())
}

pub(crate) fn already_received(row: &VoucherRow) -> AppError {
    AppError::Conflict(format!(
        "Le bon {} a déjà été réceptionné : il ne change plus.",
        row.key
    ))
}

/// Puts the parcel on the voucher (an open link). The partial unique index refuses a second
/// open link of the same kind: a racing request that got there first makes this a 409.
pub(crate) fn link(
    conn: &mut DbConnection,
    voucher: &VoucherRow,
    parcel: &ParcelRow,
) -> AppResult<()> {
    // A parcel removed from this same voucher earlier comes back on its old row.
    diesel::delete(
        voucher_parcels::table
            .filter(voucher_parcels::voucher_id.eq(voucher.id))
            .filter(voucher_parcels::parcel_id.eq(parcel.id)),
    )
    .execute(conn)
    .map_db_err()?;
    diesel::insert_into(voucher_parcels::table)
        .values((
            voucher_parcels::voucher_id.eq(voucher.id),
            voucher_parcels::parcel_id.eq(parcel.id),
            voucher_parcels::kind.eq(&voucher.kind),
            voucher_parcels::open.eq(true),
        ))
        .execute(conn)
        .map_err(|error| {
            if colivra_db::error::is_unique_violation(&error) {
                AppError::Conflict(format!(
                    "{} est déjà sur un autre bon en cours.",
                    parcel.key
                ))
            } else {
                colivra_db::error::app_error_from_diesel(error)
            }
        })?;
    Ok(())
}

/// Closes the link: the voucher is done with the parcel (received, or shipped again).
pub(crate) fn close_link(
    conn: &mut DbConnection,
    voucher_id: VoucherId,
    parcel_id: ParcelId,
) -> AppResult<()> {
    diesel::update(
        voucher_parcels::table
            .filter(voucher_parcels::voucher_id.eq(voucher_id))
            .filter(voucher_parcels::parcel_id.eq(parcel_id)),
    )
    .set(voucher_parcels::open.eq(false))
    .execute(conn)
    .map_db_err()?;
    Ok(())
}

/// Marks the parcel as having left the voucher (removed, or not collected at reception).
pub(crate) fn remove_link(
    conn: &mut DbConnection,
    voucher_id: VoucherId,
    parcel_id: ParcelId,
) -> AppResult<()> {
    diesel::update(
        voucher_parcels::table
            .filter(voucher_parcels::voucher_id.eq(voucher_id))
            .filter(voucher_parcels::parcel_id.eq(parcel_id)),
    )
    .set((
        voucher_parcels::open.eq(false),
        voucher_parcels::removed_at.eq(Some(time::now())),
    ))
    .execute(conn)
    .map_db_err()?;
    Ok(())
}

/// The parcels on the voucher (not those that left it), oldest first, with whether each link is
/// still open.
pub(crate) fn parcels_on(
    conn: &mut DbConnection,
    voucher_id: VoucherId,
) -> AppResult<Vec<(ParcelRow, bool)>> {
    parcels::table
        .inner_join(voucher_parcels::table)
        .filter(voucher_parcels::voucher_id.eq(voucher_id))
        .filter(voucher_parcels::removed_at.is_null())
        .order(parcels::id.asc())
        .select((ParcelRow::as_select(), voucher_parcels::open))
        .load(conn)
        .map_db_err()
}

/// Tracking codes from a request: trimmed, upper-cased, without duplicates, 1 to
/// [`MAX_PARCELS`] of them (422 on `parcels` otherwise).
pub(crate) fn parcel_keys(input: &[String]) -> AppResult<Vec<String>> {
    let mut keys: Vec<String> = Vec::with_capacity(input.len());
    for raw in input {
        let key = raw.trim().to_uppercase();
        if !key.is_empty() && !keys.contains(&key) {
            keys.push(key);
        }
    }
    if keys.is_empty() {
        return Err(AppError::validation(
            "parcels",
            "Choisissez au moins un colis.",
        ));
    }
    if keys.len() > MAX_PARCELS {
        return Err(AppError::validation(
            "parcels",
            format!("{MAX_PARCELS} colis au plus par bon."),
        ));
    }
    Ok(keys)
}

/// The parcels with these codes, in the order given, and the codes that match none.
pub(crate) fn parcels_by_keys(
    conn: &mut DbConnection,
    keys: &[String],
) -> AppResult<(Vec<ParcelRow>, Vec<String>)> {
    let mut rows: Vec<ParcelRow> = parcels::table
        .filter(parcels::key.eq_any(keys))
        .select(ParcelRow::as_select())
        .load(conn)
        .map_db_err()?;
    rows.sort_by_key(|r| keys.iter().position(|k| *k == r.key));
    let missing = keys
        .iter()
        .filter(|k| !rows.iter().any(|r| r.key == **k))
        .cloned()
        .collect();
    Ok((rows, missing))
}

/// "message : CODE1, CODE2".
pub(crate) fn naming(message: &str, codes: &[String]) -> String {
    format!("{message} : {}.", codes.join(", "))
}

/// 422 on `parcels` naming the offending codes, when there are any.
pub(crate) fn refuse_codes(message: &str, codes: &[String]) -> AppResult<()> {
    if codes.is_empty() {
        Ok(())
    } else {
        Err(AppError::validation("parcels", naming(message, codes)))
    }
}

pub(crate) fn record(
    conn: &mut DbConnection,
    actor_id: UserId,
    voucher: &VoucherRow,
    action: &str,
    details: serde_json::Value,
) -> AppResult<()> {
    let action = format!("{}.{action}", voucher.kind().subject());
    activities::record(
        conn,
        activities::NewActivity {
            user_id: Some(actor_id),
            action: &action,
            subject_type: Some(voucher.kind().subject()),
            subject_key: Some(&voucher.key),
            details: Some(details),
        },
    )
    .map_db_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_statuses_round_trip() {
        for kind in [Kind::Pickup, Kind::Exit, Kind::Return] {
            assert_eq!(Kind::parse(kind.as_str()), Some(kind));
            assert_eq!(kind.prefix().len(), 2);
        }
        for status in [
            VoucherStatus::New,
            VoucherStatus::Received,
            VoucherStatus::Issued,
        ] {
            assert_eq!(VoucherStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(VoucherStatus::Issued.label(), "Remis au livreur");
    }

    #[test]
    fn parcel_codes_are_cleaned_and_bounded() {
        let keys = parcel_keys(&[" cl123 ".into(), "CL123".into(), "".into(), "CL9".into()]);
        assert_eq!(keys.unwrap(), vec!["CL123".to_owned(), "CL9".to_owned()]);
        assert!(parcel_keys(&[" ".into()]).is_err());
        let many: Vec<String> = (0..=MAX_PARCELS).map(|i| format!("CL{i}")).collect();
        assert!(parcel_keys(&many).is_err());
        assert_eq!(
            naming("Déjà pris", &["A".into(), "B".into()]),
            "Déjà pris : A, B."
        );
    }
}
