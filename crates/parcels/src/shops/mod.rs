//! A merchant's shops: parcels belong to a shop. Merchants manage their own; admins see them per
//! merchant and edit them. A shop's RIB (its payout account) changes only through a kept,
//! recorded change: a merchant's waits for an admin's approval, an admin's applies at once.
//!
//! `list` reads shops, `write` creates and edits them, `rib` keeps the RIB changes.

mod list;
mod rib;
mod write;

use chrono::NaiveDateTime;
use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{
    key, time, AppError, AppResult, FieldErrors, ListQuery, Paginated, Scope, ShopId,
};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::shop_bank_account_changes as changes;
use colivra_db::schema::{cities, shops, users};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

pub use list::list;
use list::view;
use rib::{apply_now, request, ChangeRow};
pub use rib::{
    attach_certificate, certificate, decide, list_changes, BankAccountChangeView,
    BankAccountDecision, BankAccountDecisionInput, CertificateRef, ChangeFilters, ChangePersonRef,
    ChangeShopRef, MAX_CERTIFICATE_BYTES, MAX_COMMENT,
};
use write::record;
pub use write::{create, ensure_shop, update, NewShop, ShopUpdate};

/// A shop as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ShopView {
    pub key: String,
    pub name: String,
    pub phone: String,
    pub address: String,
    /// City key.
    pub city: String,
    pub city_name: String,
    /// The approved RIB, where transfers go: in full for the shop's own merchant, masked but for
    /// its last 4 digits (`•••• 1234`) for anyone else; null when none.
    pub bank_account: Option<String>,
    /// The shop's latest RIB change (asked by the merchant or made by an admin), null when none.
    pub bank_account_change: Option<BankAccountChangeRef>,
    /// The merchant's key.
    #[serde(rename = "client")]
    pub merchant: String,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

/// Where a RIB change stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BankAccountChangeStatus {
    /// Asked by the merchant, waiting for an admin.
    Pending,
    /// In force: transfers and new invoices use it.
    Approved,
    /// Refused by an admin (his comment says why); the approved RIB stays.
    Refused,
    /// A newer request of the merchant took its place before anyone decided.
    Replaced,
}

impl BankAccountChangeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Refused => "refused",
            Self::Replaced => "replaced",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [Self::Pending, Self::Approved, Self::Refused, Self::Replaced]
            .into_iter()
            .find(|s| s.as_str() == value.trim())
    }
}

/// A shop's latest RIB change, as its shop view carries it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BankAccountChangeRef {
    pub key: String,
    /// The RIB asked for (masked as the shop's `bank_account` is).
    pub bank_account: String,
    pub status: BankAccountChangeStatus,
    /// The admin's reason, on a refusal.
    pub comment: Option<String>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub requested_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub decided_at: Option<NaiveDateTime>,
    /// The bank's certificate attached to it (`shops/bank-account-changes/{key}/certificate`),
    /// null when none.
    pub certificate: Option<CertificateRef>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ShopInput {
    #[schema(min_length = 1, max_length = 100)]
    pub name: Option<String>,
    #[schema(schema_with = colivra_core::phone::optional_schema)]
    pub phone: Option<String>,
    #[schema(min_length = 1, max_length = 255)]
    pub address: Option<String>,
    /// City key (an active city).
    pub city: Option<String>,
    /// 24-digit Moroccan RIB (spaces allowed) whose key checks; absent or null keeps the RIB.
    /// At creation it is the shop's approved RIB; later a merchant's new RIB waits for an
    /// admin's approval (202), an admin's applies at once. A RIB once set is replaced, never
    /// removed (empty: 422).
    #[schema(pattern = "^\\s*(\\d\\s*){24}$|^\\s*$")]
    pub bank_account: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct ShopFilters {
    /// A merchant's key (admins).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
}

/// A Moroccan RIB: 24 digits (bank, city, account, 2-digit key) whose value is 0 modulo 97.
pub fn is_valid_rib(rib: &str) -> bool {
    rib.len() == 24
        && rib.bytes().all(|b| b.is_ascii_digit())
        && rib.bytes().fold(0u32, |rest, digit| {
            (rest * 10 + u32::from(digit - b'0')) % 97
        }) == 0
}

pub const RIB_MESSAGE: &str = "RIB invalide : 24 chiffres dont la clé de contrôle.";

/// A shop row with its city and merchant, before the RIB is shown or masked.
#[derive(Debug, Clone, Queryable)]
struct ShopRow {
    id: ShopId,
    key: String,
    name: String,
    phone: String,
    address: String,
    city: String,
    city_name: String,
    bank_account: Option<String>,
    merchant: String,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

const SHOP_COLUMNS: (
    shops::id,
    shops::key,
    shops::name,
    shops::phone,
    shops::address,
    cities::key,
    cities::name,
    shops::bank_account,
    users::key,
    shops::created_at,
    shops::updated_at,
) = (
    shops::id,
    shops::key,
    shops::name,
    shops::phone,
    shops::address,
    cities::key,
    cities::name,
    shops::bank_account,
    users::key,
    shops::created_at,
    shops::updated_at,
);

pub const SORTABLE: &[&str] = &["name", "created_at"];

/// "•••• 1234": a RIB as lists, activities and notices show it (its last 4 digits).
pub fn mask_rib(rib: &str) -> String {
    let digits: Vec<char> = rib.chars().filter(char::is_ascii_digit).collect();
    let last: String = digits[digits.len().saturating_sub(4)..].iter().collect();
    format!("•••• {last}")
}

/// A RIB split as Moroccan banks print it, for the admin who decides a change: he checks each
/// part against the bank's certificate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RibParts {
    /// 3 digits: the bank.
    pub bank_code: String,
    /// The bank's name, when the code is one of the banks this table knows (else null).
    pub bank_name: Option<&'static str>,
    /// 3 digits: the city (localité).
    pub city_code: String,
    /// 16 digits: the account.
    pub account_number: String,
    /// 2 digits: the check key.
    pub check_key: String,
}

/// Moroccan bank codes (the first three digits of a RIB) of the banks merchants use most; a
/// code not listed shows without a name.
const BANK_NAMES: &[(&str, &str)] = &[
    ("007", "Attijariwafa bank"),
    ("011", "Bank of Africa (BMCE)"),
    ("013", "BMCI"),
    ("021", "Crédit du Maroc"),
    ("022", "Société Générale Maroc"),
    ("145", "Banque Populaire"),
    ("181", "Banque Populaire"),
    ("190", "Banque Populaire"),
    ("225", "Crédit Agricole du Maroc"),
    ("230", "CIH Bank"),
    ("310", "Trésorerie Générale du Royaume"),
    ("350", "Al Barid Bank"),
];

/// `rib`'s parts (24 digits expected; anything else: none).
pub fn rib_parts(rib: &str) -> Option<RibParts> {
    let digits: String = rib.chars().filter(char::is_ascii_digit).collect();
    if digits.len() != 24 {
        return None;
    }
    let bank_code = digits[..3].to_owned();
    Some(RibParts {
        bank_name: BANK_NAMES
            .iter()
            .find(|(code, _)| *code == bank_code)
            .map(|(_, name)| *name),
        bank_code,
        city_code: digits[3..6].to_owned(),
        account_number: digits[6..22].to_owned(),
        check_key: digits[22..].to_owned(),
    })
}

/// A RIB as `scope` may see it: in full for the shop's own merchant, masked for anyone else.
fn shown_rib(scope: Scope, rib: &str) -> String {
    match scope {
        Scope::Merchant(_) => rib.to_owned(),
        _ => mask_rib(rib),
    }
}

fn get(conn: &mut DbConnection, scope: Scope, shop_key: &str) -> AppResult<ShopRow> {
    let mut q = shops::table
        .inner_join(cities::table)
        .inner_join(users::table)
        .filter(shops::key.eq(shop_key))
        .into_boxed();
    match scope {
        Scope::Merchant(id) => q = q.filter(shops::merchant_id.eq(id)),
        Scope::DeliveryPerson(_) => q = q.filter(shops::id.eq(-1)),
        Scope::Everyone => {}
    }
    q.select(SHOP_COLUMNS)
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rib_splits_into_bank_city_account_and_key() {
        let parts = rib_parts("007 810 0004521839201745 91").unwrap();
        assert_eq!(parts.bank_code, "007");
        assert_eq!(parts.bank_name, Some("Attijariwafa bank"));
        assert_eq!(parts.city_code, "810");
        assert_eq!(parts.account_number, "0004521839201745");
        assert_eq!(parts.check_key, "91");
        assert_eq!(
            rib_parts("999810000452183920174591").unwrap().bank_name,
            None
        );
        assert_eq!(rib_parts("12345"), None);
    }

    #[test]
    fn ribs_need_24_digits_and_a_right_key() {
        // 0 modulo 97: a valid key for these 22 digits.
        let body = "0077800000012345678901";
        let key = 97
            - (body
                .bytes()
                .fold(0u64, |r, d| (r * 10 + u64::from(d - b'0')) % 97)
                * 100
                % 97);
        let rib = format!("{body}{key:02}");
        assert!(is_valid_rib(&rib), "{rib}");
        let mut wrong = rib.clone().into_bytes();
        wrong[23] = if wrong[23] == b'9' {
            b'0'
        } else {
            wrong[23] + 1
        };
        assert!(!is_valid_rib(std::str::from_utf8(&wrong).unwrap()));
        assert!(!is_valid_rib("12345"));
        assert!(!is_valid_rib("00778000000123456789012a"));
    }
}
