//! The merchants list: filters, sorting, search.

use colivra_core::{AppResult, Role};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::fold;
use colivra_db::schema::users;
use colivra_db::DbConnection;
use diesel::prelude::*;
use serde::Deserialize;

use crate::users::User;

#[derive(Debug, Clone, Copy, Default, Deserialize, utoipa::ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MerchantStatus {
    /// Awaiting activation.
    New,
    Activated,
    #[default]
    All,
}

#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
pub struct MerchantFilters {
    /// `new` (awaiting activation), `activated`, or `all` (default).
    #[param(inline)]
    pub status: Option<MerchantStatus>,
}

pub const MERCHANT_SORTABLE: &[&str] = &["created_at", "last_name", "company", "email"];

/// Merchant accounts (not their staff), searched by name, e-mail, phone or company.
pub fn list_merchants(
    conn: &mut DbConnection,
    query: &colivra_core::ListQuery,
    filters: &MerchantFilters,
) -> AppResult<colivra_core::Paginated<User>> {
    use colivra_db::listing::{lower, paginate};
    use colivra_db::schema::merchant_staff;
    let search = query.search()?;
    let sort = query.sort(MERCHANT_SORTABLE)?;
    let status = filters.status.unwrap_or_default();
    let filtered = || {
        let mut q = users::table
            .left_join(merchant_staff::table.on(merchant_staff::user_id.eq(users::id)))
            .filter(users::role.eq(Role::Merchant.as_str()))
            .filter(merchant_staff::user_id.is_null())
            .into_boxed();
        match status {
            MerchantStatus::New => q = q.filter(users::active.eq(false)),
            MerchantStatus::Activated => q = q.filter(users::active.eq(true)),
            MerchantStatus::All => {}
        }
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
                    .or(users::email.like(pattern.clone()).escape('\\'))
                    .or(users::phone.like(pattern.clone()).escape('\\'))
                    .or(lower(users::company.assume_not_null())
                        .like(pattern)
                        .escape('\\')),
            );
        }
        q
    };
    paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = filtered();
            let q = match (sort.column, sort.descending) {
                ("last_name", false) => {
                    q.order((fold(users::last_name).asc(), fold(users::first_name).asc()))
                }
                ("last_name", true) => q.order((
                    fold(users::last_name).desc(),
                    fold(users::first_name).desc(),
                )),
                ("company", false) => q.order(fold(users::company.assume_not_null()).asc()),
                ("company", true) => q.order(fold(users::company.assume_not_null()).desc()),
                ("email", false) => q.order(users::email.asc()),
                ("email", true) => q.order(users::email.desc()),
                // Newest first unless asked otherwise: the "new" tab is a queue to work through.
                ("created_at", false) if query.sort.is_some() => q.order(users::id.asc()),
                _ => q.order(users::id.desc()),
            };
            q.select(User::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )
}
