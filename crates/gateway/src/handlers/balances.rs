//! Courier balances: thin handlers over `colivra_invoicing::balances`.

use actix_web::web;
use colivra_invoicing::balances::{
    self, BalanceFilters, BalanceRow, DeliveryPersonBalance, SettlementInput,
};

use crate::api::query::{BalanceSort, Listing};
use crate::api::{Created, Db, New, Paged, Reply};
use crate::error::ApiResult;
use crate::extract::{Caller, Scoped};

pub async fn list(
    db: Db,
    query: web::Query<Listing<BalanceSort>>,
    filters: web::Query<BalanceFilters>,
) -> ApiResult<Paged<BalanceRow>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.read(move |conn| balances::list(conn, &query, &filters))
        .await
        .map(Paged)
}

pub async fn show(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<Reply<DeliveryPersonBalance>> {
    let key = key.into_inner();
    db.run(move |conn| balances::show(conn, caller.scope, &key))
        .await
        .map(Reply)
}

pub async fn settle(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
    input: New<SettlementInput>,
) -> ApiResult<Created<DeliveryPersonBalance>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| balances::settle(conn, caller.user.id, &key, &input))
        .await
        .map(Created)
}

/// Merchant accounts: thin handlers over `colivra_invoicing::accounts`.
pub mod merchants {
    use actix_web::web;
    use colivra_invoicing::accounts::{
        self, MerchantAccount, MerchantAccountFilters, MerchantAccountRow,
    };
    use colivra_invoicing::balances::SettlementInput;

    use crate::api::query::{BalanceSort, Listing};
    use crate::api::{Created, Db, New, Paged, Reply};
    use crate::error::ApiResult;
    use crate::extract::{Caller, Scoped};

    pub async fn list(
        db: Db,
        query: web::Query<Listing<BalanceSort>>,
        filters: web::Query<MerchantAccountFilters>,
    ) -> ApiResult<Paged<MerchantAccountRow>> {
        let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
        db.read(move |conn| accounts::list(conn, &query, &filters))
            .await
            .map(Paged)
    }

    pub async fn show(
        db: Db,
        caller: Scoped,
        key: web::Path<String>,
    ) -> ApiResult<Reply<MerchantAccount>> {
        let key = key.into_inner();
        db.run(move |conn| accounts::show(conn, caller.scope, &key))
            .await
            .map(Reply)
    }

    pub async fn settle(
        db: Db,
        caller: Caller,
        key: web::Path<String>,
        input: New<SettlementInput>,
    ) -> ApiResult<Created<MerchantAccount>> {
        let (key, input) = (key.into_inner(), input.into_inner());
        db.run(move |conn| accounts::settle(conn, caller.user.id, &key, &input))
            .await
            .map(Created)
    }
}
