//! The confirmation agents' queue (issue 40): the next parcel to call, the call's outcome, the
//! statistics.

use actix_web::web;
use colivra_confirmations::{
    self as confirmations, ConfirmationInput, ConfirmationResult, ConfirmationStatistics,
    ConfirmationTask, StatisticsPeriod,
};

use crate::api::{Db, OkOrNoContent, Reply};
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::middleware::edge::Json;

/// `POST confirmations/next`: the parcel this agent holds, or the next one leased to him.
pub async fn next(db: Db, caller: Caller) -> ApiResult<OkOrNoContent<ConfirmationTask>> {
    db.run(move |conn| confirmations::next(conn, caller.user.id))
        .await
        .map(OkOrNoContent)
}

pub async fn decide(
    db: Db,
    caller: Caller,
    parcel: web::Path<String>,
    input: Json<ConfirmationInput>,
) -> ApiResult<Reply<ConfirmationResult>> {
    let (parcel, input, stock) = (parcel.into_inner(), input.0, db.stock());
    db.run(move |conn| confirmations::decide(conn, &*stock, caller.user.id, &parcel, &input))
        .await
        .map(Reply)
}

pub async fn statistics(
    db: Db,
    period: web::Query<StatisticsPeriod>,
) -> ApiResult<Reply<ConfirmationStatistics>> {
    let period = period.into_inner();
    db.read(move |conn| confirmations::statistics(conn, &period))
        .await
        .map(Reply)
}
