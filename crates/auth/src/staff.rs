//! Staff accounts: the company's managers (admins holding a subset of the admin menu), full
//! admins, and each merchant's own team (client users holding a subset of the client menu and
//! working on their merchant's data). Nobody grants a permission he does not hold.

use chrono::NaiveDateTime;
use colivra_core::{
    time, AppError, AppResult, FieldErrors, ListQuery, MerchantId, Paginated, Role,
};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{merchant_staff, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::account_fields::{self, AccountFields, Names};
use crate::accounts::{insert_user, NewUser};
use crate::users::{self as user_repo, merchant_id, User};

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StaffView {
    pub key: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub active: bool,
    /// Route names, in menu order.
    pub permissions: Vec<String>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

impl From<User> for StaffView {
    fn from(user: User) -> Self {
        StaffView {
            permissions: user.permissions().into_iter().map(str::to_owned).collect(),
            key: user.key,
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            phone: user.phone,
            active: user.active,
            created_at: user.created_at,
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct StaffInput {
    #[schema(min_length = 1, max_length = 100)]
    pub first_name: Option<String>,
    #[schema(min_length = 1, max_length = 100)]
    pub last_name: Option<String>,
    #[schema(format = Email, max_length = 190)]
    pub email: Option<String>,
    /// Optional for staff.
    #[schema(schema_with = colivra_core::phone::clearable_schema)]
    pub phone: Option<String>,
    /// Required on creation; on edit, empty or absent keeps the current one.
    #[schema(max_length = 128)]
    pub password: Option<String>,
    /// Route names (managers and merchant staff; ignored for full admins).
    pub permissions: Option<Vec<String>>,
    pub active: Option<bool>,
}

/// The two staff collections of the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collection {
    /// `managers`: admin staff for admins, the merchant's team for merchants.
    Managers,
    /// `admins`: full admins.
    Admins,
}

/// Which accounts a caller manages through a collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Team {
    AdminManagers,
    FullAdmins,
    Merchant(MerchantId),
}

impl Team {
    fn role(self) -> Role {
        match self {
            Team::Merchant(_) => Role::Merchant,
            _ => Role::Admin,
        }
    }
}

fn team(conn: &mut DbConnection, actor: &User, collection: Collection) -> AppResult<Team> {
    Ok(match (actor.role(), collection) {
        (Role::Admin, Collection::Managers) => Team::AdminManagers,
        (Role::Admin, Collection::Admins) => Team::FullAdmins,
        (Role::Merchant, Collection::Managers) => Team::Merchant(merchant_id(conn, actor)?),
        _ => return Err(AppError::Forbidden("Accès refusé.".to_owned())),
    })
}

fn is_full_admin(user: &User) -> bool {
    user.role() == Role::Admin && user.holds_all(Role::Admin.route_names())
}

fn members(team: Team) -> users::BoxedQuery<'static, colivra_db::DbBackend> {
    let q = users::table
        .filter(users::role.eq(team.role().as_str()))
        .into_boxed();
    match team {
        Team::AdminManagers => q.filter(users::permissions.is_not_null()),
        Team::FullAdmins => q.filter(users::permissions.is_null()),
        Team::Merchant(owner) => q.filter(
            users::id.eq_any(
                merchant_staff::table
                    .filter(merchant_staff::owner_id.eq(owner))
                    .select(merchant_staff::user_id),
            ),
        ),
    }
}

fn get_member(conn: &mut DbConnection, team: Team, key: &str) -> AppResult<User> {
    members(team)
        .filter(users::key.eq(key.to_owned()))
        .select(User::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

pub const SORTABLE: &[&str] = &["last_name", "created_at", "email"];

pub fn list(
    conn: &mut DbConnection,
    actor: &User,
    collection: Collection,
    query: &ListQuery,
) -> AppResult<Paginated<StaffView>> {
    let team = team(conn, actor, collection)?;
    let search = query.search()?;
    let sort = query.sort(SORTABLE)?;
    let filtered = || {
        let mut q = members(team);
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(users::last_name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(users::first_name).like(pattern.clone()).escape('\\'))
                    // "Rachid Amrani" or "Amrani Rachid" as typed in the search box.
                    .or(
                        lower(users::first_name.concat(" ").concat(users::last_name))
                            .like(pattern.clone())
                            .escape('\\'),
                    )
                    .or(
                        lower(users::last_name.concat(" ").concat(users::first_name))
                            .like(pattern.clone())
                            .escape('\\'),
                    )
                    .or(users::email.like(pattern).escape('\\')),
            );
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = colivra_db::order_by!(filtered(), sort, then users::id;
                "last_name" => colivra_db::listing::fold(users::last_name),
                "created_at" => users::id,
                "email" => users::email);
            q.select(User::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?;
    Ok(Paginated {
        meta: page.meta,
        data: page.data.into_iter().map(StaffView::from).collect(),
    })
}

/// Full admins are made and changed only by full admins.
fn check_team_writable(actor: &User, team: Team) -> AppResult<()> {
    if team == Team::FullAdmins && !is_full_admin(actor) {
        return Err(AppError::Forbidden(
            "Seul un administrateur complet gère les administrateurs.".to_owned(),
        ));
    }
    Ok(())
}

fn fields(input: &StaffInput) -> AccountFields<'_> {
    AccountFields {
        names: Names::Split {
            first: input.first_name.as_deref(),
            last: input.last_name.as_deref(),
        },
        email: input.email.as_deref(),
        phone: input.phone.as_deref(),
        phone_required: false,
        invitation: true,
        password: input.password.as_deref(),
    }
}

fn permissions(
    errors: &mut FieldErrors,
    actor: &User,
    team: Team,
    requested: Option<&Vec<String>>,
    required: bool,
) -> AppResult<Option<Vec<colivra_core::Permission>>> {
    if team == Team::FullAdmins {
        return Ok(None);
    }
    match requested {
        Some(names) => Ok(Some(account_fields::grantable_permissions(
            errors,
            actor,
            team.role(),
            names,
        )?)),
        None if required => {
            errors.add("permissions", "Choisissez au moins une permission.");
            Ok(None)
        }
        None => Ok(None),
    }
}

pub fn create(
    conn: &mut DbConnection,
    actor: &User,
    collection: Collection,
    input: StaffInput,
) -> AppResult<StaffView> {
    immediate_transaction(conn, |conn| {
        let team = team(conn, actor, collection)?;
        check_team_writable(actor, team)?;
        let mut errors = FieldErrors::new();
        let permissions = permissions(&mut errors, actor, team, input.permissions.as_ref(), true)?;
        let values = account_fields::check(conn, &mut errors, &fields(&input), None)?;
        errors.into_result()?;
        let invitation_password = values
            .new_password
            .is_none()
            .then(|| colivra_core::key::random_secret(40));
        let user = insert_user(
            conn,
            NewUser {
                role: team.role(),
                first_name: &values.first_name,
                last_name: &values.last_name,
                email: &values.email,
                phone: &values.phone,
                company: None,
                city: None,
                // Invited: a password nobody knows until he chooses his own by the link.
                password: invitation_password
                    .as_deref()
                    .unwrap_or_else(|| values.new_password.as_deref().unwrap_or_default()),
                active: input.active.unwrap_or(true),
                permissions,
            },
        )?;
        if let Team::Merchant(owner) = team {
            diesel::insert_into(merchant_staff::table)
                .values((
                    merchant_staff::user_id.eq(user.id),
                    merchant_staff::owner_id.eq(owner),
                ))
                .execute(conn)
                .map_db_err()?;
        }
        activities::log(conn, Some(actor.id), "staff.created", "user", &user.key)?;
        if invitation_password.is_some() {
            let team_name = match team {
                Team::Merchant(owner) => merchant_team_name(conn, owner)?,
                _ => colivra_notifications::config::get().company_name,
            };
            crate::password_links::invite(conn, &user, actor, &team_name)?;
        }
        Ok(StaffView::from(user))
    })
}

pub fn update(
    conn: &mut DbConnection,
    actor: &User,
    collection: Collection,
    key: &str,
    input: StaffInput,
) -> AppResult<StaffView> {
    immediate_transaction(conn, |conn| {
        let team = team(conn, actor, collection)?;
        check_team_writable(actor, team)?;
        let member = get_member(conn, team, key)?;
        account_fields::check_may_manage(actor, &member)?;
        let mut errors = FieldErrors::new();
        let permissions = permissions(&mut errors, actor, team, input.permissions.as_ref(), false)?;
        let values = account_fields::check(conn, &mut errors, &fields(&input), Some(&member))?;
        let active = input.active.unwrap_or(member.active);
        if member.id == actor.id && !active {
            return Err(AppError::Conflict(
                "Vous ne pouvez pas désactiver votre propre compte.".to_owned(),
            ));
        }
        errors.into_result()?;
        account_fields::apply(conn, &member, &values, active)?;
        if let Some(permissions) = &permissions {
            diesel::update(users::table.find(member.id))
                .set(users::permissions.eq(account_fields::permissions_json(permissions)))
                .execute(conn)
                .map_db_err()?;
        }
        activities::log(conn, Some(actor.id), "staff.updated", "user", &member.key)?;
        let member = user_repo::find_by_id(conn, member.id)?.ok_or(AppError::NotFound)?;
        Ok(StaffView::from(member))
    })
}

pub fn delete(
    conn: &mut DbConnection,
    actor: &User,
    collection: Collection,
    key: &str,
) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let team = team(conn, actor, collection)?;
        check_team_writable(actor, team)?;
        let member = get_member(conn, team, key)?;
        account_fields::check_may_manage(actor, &member)?;
        account_fields::delete_user(conn, actor, &member)?;
        activities::log(conn, Some(actor.id), "staff.deleted", "user", &member.key)
    })
}

/// The name a merchant's staff member is invited to join: the company, else the owner's name.
fn merchant_team_name(conn: &mut DbConnection, owner: MerchantId) -> AppResult<String> {
    let owner = user_repo::find_by_id(conn, owner.into())?.ok_or(AppError::NotFound)?;
    Ok(owner
        .company
        .clone()
        .filter(|company| !company.trim().is_empty())
        .unwrap_or_else(|| owner.full_name()))
}
