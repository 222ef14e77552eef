//! Proofs of delivery: a parcel's proofs and their images, and what a merchant requires.

use actix_web::web;
use colivra_core::AppError;
use colivra_parcels::proof::{self, PolicySetting, ProofPart, ProofView};

use crate::api::{Db, File, Image, Items, Reply};
use crate::error::{ApiError, ApiResult};
use crate::extract::Scoped;
use crate::middleware::edge::Json;

/// The parcel's proofs, newest first.
pub async fn list(db: Db, caller: Scoped, key: web::Path<String>) -> ApiResult<Items<ProofView>> {
    let key = key.into_inner();
    db.run(move |conn| proof::list(conn, caller.scope, &key))
        .await
        .map(Items)
}

/// One image of a proof: `signature` or `photo`.
pub async fn image(
    db: Db,
    caller: Scoped,
    path: web::Path<(String, String, String)>,
) -> ApiResult<File<Image>> {
    let (parcel, key, part) = path.into_inner();
    let part = ProofPart::parse(&part).ok_or(ApiError(AppError::NotFound))?;
    let store = db.proofs();
    let name = format!("{parcel}-{key}");
    db.run(move |conn| proof::image(conn, &store, caller.scope, &parcel, &key, part))
        .await
        .map(|(bytes, media_type)| File::inline(bytes, media_type, &name))
}

/// What the merchant requires on « Livré ».
pub async fn policy(db: Db, caller: Scoped) -> ApiResult<Reply<PolicySetting>> {
    let merchant = caller.merchant()?;
    db.run(move |conn| proof::setting_of(conn, merchant))
        .await
        .map(Reply)
}

/// The merchant changes what his delivery people must keep on « Livré ».
pub async fn set_policy(
    state: web::Data<crate::state::AppState>,
    db: Db,
    caller: Scoped,
    input: Json<PolicySetting>,
) -> ApiResult<Reply<PolicySetting>> {
    let merchant = caller.merchant()?;
    let policy = input.into_inner().delivery_proof;
    let set = db
        .run(move |conn| proof::set_policy(conn, merchant, caller.user.id, policy))
        .await?;
    // This server's lists show it at once (another process's within their memory's seconds).
    state.list_memory.names.forget_proof_policy(merchant);
    Ok(Reply(set))
}
