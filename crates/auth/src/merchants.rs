//! Admins editing and deleting merchant accounts.

use colivra_core::{AppError, AppResult, FieldErrors, Role, UserId};
use colivra_db::schema::{merchant_staff, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::account_fields::{self, AccountFields, Names};
use crate::users::{self as user_repo, User};

/// Any subset of a merchant's details; absent fields stay as they are.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct MerchantInput {
    pub active: Option<bool>,
    #[schema(min_length = 1, max_length = 100)]
    pub first_name: Option<String>,
    #[schema(min_length = 1, max_length = 100)]
    pub last_name: Option<String>,
    #[schema(schema_with = colivra_core::phone::optional_schema)]
    pub phone: Option<String>,
    #[schema(format = Email, max_length = 190)]
    pub email: Option<String>,
    /// Empty clears it.
    #[schema(max_length = 150)]
    pub company: Option<String>,
    /// Route names of the client menu the merchant may use.
    pub permissions: Option<Vec<String>>,
    /// The merchant's ICE, 15 digits (spaces allowed); empty clears it.
    #[schema(pattern = "^\\s*(\\d\\s*){15}$|^\\s*$", max_length = 40)]
    pub ice: Option<String>,
    /// On the confirmation service: his new parcels wait « à confirmer » for the company's
    /// agents to call the recipient.
    pub confirmation_required: Option<bool>,
    /// What each confirmed parcel costs him, in centimes TVA included like the fees it is added to (0 to 1,000 DH), added to
    /// its fees.
    #[schema(minimum = 0, maximum = 100000)]
    pub confirmation_fee: Option<i64>,
}

/// The highest confirmation fee: 1,000 DH, as a city's fees.
const MAX_CONFIRMATION_FEE: i64 = 100_000;

/// What the activity of a merchant's edit names: his ICE and his confirmation service, old →
/// new, when they changed.
fn merchant_changes(
    merchant: &User,
    ice: &Option<String>,
    confirmation_required: bool,
    confirmation_fee: i64,
) -> Option<serde_json::Value> {
    let mut details = match crate::accounts::ice_change(&merchant.ice, ice) {
        Some(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    if merchant.confirmation_required != confirmation_required {
        details.insert(
            "confirmation_required".to_owned(),
            serde_json::json!({"old": merchant.confirmation_required, "new": confirmation_required}),
        );
    }
    if merchant.confirmation_fee != confirmation_fee {
        details.insert(
            "confirmation_fee".to_owned(),
            serde_json::json!({"old": merchant.confirmation_fee, "new": confirmation_fee}),
        );
    }
    (!details.is_empty()).then_some(serde_json::Value::Object(details))
}

fn get_merchant(conn: &mut DbConnection, key: &str) -> AppResult<User> {
    let id = user_repo::merchant_account_id(conn, key)?.ok_or(AppError::NotFound)?;
    user_repo::find_by_id(conn, id.into())?.ok_or(AppError::NotFound)
}

/// Edits a merchant account (not one of its staff). Deactivation ends its sessions and tokens.
pub fn update_merchant(
    conn: &mut DbConnection,
    actor: &User,
    merchant_key: &str,
    input: MerchantInput,
) -> AppResult<User> {
    immediate_transaction(conn, |conn| {
        let merchant = get_merchant(conn, merchant_key)?;
        let mut errors = FieldErrors::new();
        let values = account_fields::check(
            conn,
            &mut errors,
            &AccountFields {
                names: Names::Split {
                    first: input.first_name.as_deref(),
                    last: input.last_name.as_deref(),
                },
                email: input.email.as_deref(),
                phone: input.phone.as_deref(),
                phone_required: true,
                invitation: false,
                password: None,
            },
            Some(&merchant),
        )?;
        let company = match input.company.as_deref().map(str::trim) {
            Some("") => None,
            Some(company) if company.chars().count() > 150 => {
                errors.add("company", "150 caractères au plus.");
                None
            }
            Some(company) => Some(company.to_owned()),
            None => merchant.company.clone(),
        };
        let ice = crate::legal::read_ice(
            &mut errors,
            "ice",
            input.ice.as_deref(),
            merchant.ice.clone(),
        );
        let permissions = match &input.permissions {
            Some(names) => Some(account_fields::grantable_permissions(
                &mut errors,
                actor,
                Role::Merchant,
                names,
            )?),
            None => None,
        };
        let confirmation_fee = match input.confirmation_fee {
            Some(fee) if !(0..=MAX_CONFIRMATION_FEE).contains(&fee) => {
                errors.add("confirmation_fee", "Entre 0 et 1 000,00 DH.");
                merchant.confirmation_fee
            }
            Some(fee) => fee,
            None => merchant.confirmation_fee,
        };
        let confirmation_required = input
            .confirmation_required
            .unwrap_or(merchant.confirmation_required);
        errors.into_result()?;

        let active = input.active.unwrap_or(merchant.active);
        account_fields::apply(conn, &merchant, &values, active)?;
        diesel::update(users::table.find(merchant.id))
            .set((
                users::company.eq(&company),
                users::ice.eq(&ice),
                users::confirmation_required.eq(confirmation_required),
                users::confirmation_fee.eq(confirmation_fee),
            ))
            .execute(conn)
            .map_db_err()?;
        if let Some(permissions) = &permissions {
            diesel::update(users::table.find(merchant.id))
                .set(users::permissions.eq(account_fields::permissions_json(permissions)))
                .execute(conn)
                .map_db_err()?;
        }
        let action = match (merchant.active, active) {
            (false, true) => "client.activated",
            (true, false) => "client.deactivated",
            _ => "client.updated",
        };
        activities::record(
            conn,
            activities::NewActivity {
                user_id: Some(actor.id),
                action,
                subject_type: Some("user"),
                subject_key: Some(&merchant.key),
                details: merchant_changes(&merchant, &ice, confirmation_required, confirmation_fee),
            },
        )
        .map_db_err()?;
        if action == "client.activated" {
            colivra_notifications::outbox::queue_email_to(
                conn,
                merchant.id,
                colivra_notifications::Kind::AccountActivated,
                None,
                Some(SIGN_IN_PAGE),
                |_| serde_json::json!({}),
            )?;
        }
        user_repo::find_by_id(conn, merchant.id)?.ok_or(AppError::NotFound)
    })
}

/// Deletes a merchant account with its shops, prices and staff, as long as it has no parcels.
pub fn delete_merchant(conn: &mut DbConnection, actor: &User, merchant_key: &str) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let merchant = get_merchant(conn, merchant_key)?;
        let parcels: i64 = colivra_db::schema::parcels::table
            .filter(colivra_db::schema::parcels::merchant_id.eq(merchant.id))
            .count()
            .get_result(conn)
            .map_db_err()?;
        if parcels > 0 {
            return Err(AppError::Conflict(format!(
                "Ce client a {parcels} colis : désactivez son compte plutôt."
            )));
        }
        // Staff accounts would otherwise outlive their merchant and pass for merchants.
        let staff: Vec<UserId> = merchant_staff::table
            .filter(merchant_staff::owner_id.eq(merchant.id))
            .select(merchant_staff::user_id)
            .load(conn)
            .map_db_err()?;
        diesel::delete(users::table.filter(users::id.eq_any(&staff)))
            .execute(conn)
            .map_db_err()?;
        account_fields::delete_user(conn, actor, &merchant)?;
        activities::log(
            conn,
            Some(actor.id),
            "client.deleted",
            "user",
            &merchant.key,
        )
    })
}

/// A merchant account as the admin screens see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct MerchantView {
    pub key: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub company: Option<String>,
    pub city: Option<String>,
    /// The merchant's ICE (15 digits), printed on his invoices.
    pub ice: Option<String>,
    /// On the confirmation service (his new parcels wait « à confirmer »).
    pub confirmation_required: bool,
    /// What each confirmed parcel costs him (centimes, TVA included).
    pub confirmation_fee: i64,
    pub active: bool,
    pub user_role: Role,
    /// Route names of the client menu he may use, in menu order.
    pub permissions: Vec<String>,
    #[serde(serialize_with = "colivra_core::time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: chrono::NaiveDateTime,
}

impl From<User> for MerchantView {
    fn from(user: User) -> Self {
        MerchantView {
            user_role: user.role(),
            permissions: user.permissions().into_iter().map(str::to_owned).collect(),
            key: user.key,
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            phone: user.phone,
            company: user.company,
            city: user.city,
            ice: user.ice,
            confirmation_required: user.confirmation_required,
            confirmation_fee: user.confirmation_fee,
            active: user.active,
            created_at: user.created_at,
        }
    }
}

/// The admin `clients` screen's list: tabs `?status=new|activated|all`.
pub fn list(
    conn: &mut DbConnection,
    query: &colivra_core::ListQuery,
    filters: &crate::accounts::MerchantFilters,
) -> AppResult<colivra_core::Paginated<MerchantView>> {
    let page = crate::accounts::list_merchants(conn, query, filters)?;
    Ok(colivra_core::Paginated {
        data: page.data.into_iter().map(MerchantView::from).collect(),
        meta: page.meta,
    })
}

/// Where an activated merchant signs in (the web app's route).
const SIGN_IN_PAGE: &str = "/compte/connexion";
