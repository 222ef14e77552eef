//! One list for the three kinds of voucher, in the caller's scope, newest first, with the shared
//! pagination helpers.

use colivra_core::Scope;
use colivra_core::{AppError, AppResult, ListQuery, Paginated, Sort};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{users, vouchers};
use colivra_db::{DbBackend, DbConnection};
use diesel::prelude::*;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::view::{self, VoucherView};
use crate::voucher::{Kind, VoucherRow, VoucherStatus};

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct VoucherFilters {
    /// `new`, `received` (also written `validated`, the specification's word) or `issued`.
    #[param(value_type = Option<crate::voucher::VoucherStatus>, inline)]
    pub status: Option<String>,
    /// Merchant key (admins, pickup vouchers).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
    /// Delivery person key (admins, exit and return vouchers).
    #[serde(rename = "delivery_admin")]
    pub delivery_person: Option<String>,
}

pub const SORTABLE: &[&str] = &["created_at"];

type Boxed<'a> = vouchers::BoxedQuery<'a, DbBackend>;

/// Vouchers of `kind` within `scope`. `q` matches the voucher key, the shop's name, and the
/// merchant's or delivery person's name or company.
pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    kind: Kind,
    query: &ListQuery,
    filters: &VoucherFilters,
) -> AppResult<Paginated<VoucherView>> {
    let search = query.search()?;
    // Newest first unless asked otherwise.
    let sort = match query.sort.as_deref().map(str::trim) {
        None | Some("") => Sort {
            column: "created_at",
            descending: true,
        },
        Some(_) => query.sort(SORTABLE)?,
    };
    let status = match filters
        .status
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        // The specification's name for a received pickup voucher is `validated`.
        Some("validated") => Some(VoucherStatus::Received),
        Some(raw) => Some(VoucherStatus::parse(raw).ok_or_else(|| {
            AppError::validation(
                "status",
                "Statut inconnu : new, received (ou validated) ou issued.",
            )
        })?),
        None => None,
    };
    let key_of = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(str::to_owned)
    };
    let (merchant, delivery_person) = (key_of(&filters.merchant), key_of(&filters.delivery_person));

    let filtered = || -> Boxed<'_> {
        let mut q = vouchers::table
            .filter(vouchers::kind.eq(kind.as_str()))
            .into_boxed();
        match scope {
            Scope::Merchant(id) => q = q.filter(vouchers::merchant_id.eq(id)),
            Scope::DeliveryPerson(id) => q = q.filter(vouchers::delivery_person_id.eq(id)),
            Scope::Everyone => {}
        }
        if let Some(status) = status {
            q = q.filter(vouchers::status.eq(status.as_str()));
        }
        if let Some(key) = &merchant {
            q = q.filter(
                vouchers::merchant_id.eq_any(
                    users::table
                        .filter(users::key.eq(key.clone()))
                        .select(users::id.nullable()),
                ),
            );
        }
        if let Some(key) = &delivery_person {
            q = q.filter(
                vouchers::delivery_person_id.eq_any(
                    users::table
                        .filter(users::key.eq(key.clone()))
                        .select(users::id.nullable()),
                ),
            );
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(vouchers::key)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(vouchers::shop_id.eq_any(colivra_db::shops_named_like!(&pattern)))
                    .or(vouchers::merchant_id.eq_any(colivra_db::people_named_like!(&pattern)))
                    .or(vouchers::delivery_person_id
                        .eq_any(colivra_db::people_named_like!(&pattern))),
            );
        }
        q
    };

    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = colivra_db::order_by!(filtered(), sort, then vouchers::id;
                "created_at" => vouchers::created_at);
            q.select(VoucherRow::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?;
    Ok(Paginated {
        data: view::views(conn, page.data)?,
        meta: page.meta,
    })
}
