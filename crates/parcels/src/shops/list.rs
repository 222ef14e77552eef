//! Reading shops: their views (the RIB masked for whoever may not see it) and the list.

use super::*;
use colivra_db::fixed_sql::FixedLimitDsl;

/// The views of `rows` for `scope`, each with its latest RIB change (one query for the page).
pub(super) fn views(
    conn: &mut DbConnection,
    scope: Scope,
    rows: Vec<ShopRow>,
) -> AppResult<Vec<ShopView>> {
    let ids: Vec<ShopId> = rows.iter().map(|r| r.id).collect();
    let changes: Vec<(ShopId, ChangeRow)> = changes::table
        .filter(changes::shop_id.eq_any(&ids))
        .filter(changes::status.ne(BankAccountChangeStatus::Replaced.as_str()))
        .order(changes::id.desc())
        .select((changes::shop_id, ChangeRow::as_select()))
        .load(conn)
        .map_db_err()?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let latest =
                changes
                    .iter()
                    .find(|(shop_id, _)| *shop_id == row.id)
                    .map(|(_, change)| BankAccountChangeRef {
                        key: change.key.clone(),
                        bank_account: shown_rib(scope, &change.new_bank_account),
                        status: change.status(),
                        comment: change.comment.clone(),
                        requested_at: change.requested_at,
                        decided_at: change.decided_at,
                        certificate: change.certificate(),
                    });
            ShopView {
                key: row.key,
                name: row.name,
                phone: row.phone,
                address: row.address,
                city: row.city,
                city_name: row.city_name,
                bank_account: row.bank_account.as_deref().map(|rib| shown_rib(scope, rib)),
                bank_account_change: latest,
                merchant: row.merchant,
                created_at: row.created_at,
                updated_at: row.updated_at,
            }
        })
        .collect())
}

pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &ShopFilters,
) -> AppResult<Paginated<ShopView>> {
    let search = query.search()?;
    let sort = query.sort(SORTABLE)?;
    let filtered = || {
        let mut q = shops::table
            .inner_join(cities::table)
            .inner_join(users::table)
            .into_boxed();
        match scope {
            Scope::Merchant(id) => q = q.filter(shops::merchant_id.eq(id)),
            // Delivery people have no shops.
            Scope::DeliveryPerson(_) => q = q.filter(shops::id.eq(-1)),
            Scope::Everyone => {}
        }
        if let Some(merchant) = &filters.merchant {
            q = q.filter(users::key.eq(merchant.clone()));
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(shops::name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(shops::phone.like(pattern.clone()).escape('\\'))
                    .or(lower(cities::name).like(pattern).escape('\\')),
            );
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = colivra_db::order_by!(filtered(), sort, then shops::id;
                "name" => colivra_db::listing::fold(shops::name),
                "created_at" => shops::id);
            q.select(SHOP_COLUMNS)
                .fixed_limit(limit, offset)
                .load::<ShopRow>(conn)
        },
    )?;
    Ok(Paginated {
        data: views(conn, scope, page.data)?,
        meta: page.meta,
    })
}

pub(super) fn view(conn: &mut DbConnection, scope: Scope, shop_key: &str) -> AppResult<ShopView> {
    let row = get(conn, scope, shop_key)?;
    views(conn, scope, vec![row])?
        .pop()
        .ok_or(AppError::NotFound)
}
