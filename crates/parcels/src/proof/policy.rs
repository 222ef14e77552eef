//! What each merchant requires of the delivery person on « Livré » (`users.delivery_proof`),
//! set by the merchant himself and recorded in the activities.

use colivra_core::{AppResult, MerchantId, UserId};
use colivra_db::schema::users;
use colivra_db::{activities, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What a merchant requires of the delivery person on « Livré ».
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProofPolicy {
    /// Nothing required (a proof may still be given).
    #[default]
    None,
    /// The recipient's signature.
    Signature,
    /// A photo of the parcel handed over.
    Photo,
}

impl ProofPolicy {
    pub fn as_str(self) -> &'static str {
        match self {
            ProofPolicy::None => "none",
            ProofPolicy::Signature => "signature",
            ProofPolicy::Photo => "photo",
        }
    }

    pub fn parse(value: &str) -> ProofPolicy {
        match value {
            "signature" => ProofPolicy::Signature,
            "photo" => ProofPolicy::Photo,
            _ => ProofPolicy::None,
        }
    }
}

/// What the merchant of `merchant_id` requires on « Livré ».
pub fn policy_of(conn: &mut DbConnection, merchant_id: MerchantId) -> AppResult<ProofPolicy> {
    let value: Option<String> = users::table
        .find(merchant_id)
        .select(users::delivery_proof)
        .first(conn)
        .optional()
        .map_db_err()?;
    Ok(value.as_deref().map(ProofPolicy::parse).unwrap_or_default())
}

/// `GET users/delivery-proof`: the merchant's setting.
pub fn setting_of(conn: &mut DbConnection, merchant_id: MerchantId) -> AppResult<PolicySetting> {
    Ok(PolicySetting {
        delivery_proof: policy_of(conn, merchant_id)?,
    })
}

/// The policy of each of `merchant_ids` (a list page's merchants).
pub fn policies_of(
    conn: &mut DbConnection,
    merchant_ids: &[MerchantId],
) -> AppResult<std::collections::HashMap<MerchantId, ProofPolicy>> {
    if merchant_ids.is_empty() {
        return Ok(Default::default());
    }
    Ok(users::table
        .filter(users::id.eq_any(merchant_ids))
        .select((users::id, users::delivery_proof))
        .load::<(MerchantId, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, value)| (id, ProofPolicy::parse(&value)))
        .collect())
}

/// `GET/PUT users/delivery-proof`: `{delivery_proof}`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PolicySetting {
    pub delivery_proof: ProofPolicy,
}

/// The merchant sets what his delivery people must keep on « Livré »; recorded in the activities.
pub fn set_policy(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
    actor_id: UserId,
    policy: ProofPolicy,
) -> AppResult<PolicySetting> {
    colivra_db::connection::immediate_transaction(conn, |conn| {
        let (key, old): (String, String) = users::table
            .find(merchant_id)
            .select((users::key, users::delivery_proof))
            .first(conn)
            .map_db_err()?;
        if old != policy.as_str() {
            diesel::update(users::table.find(merchant_id))
                .set(users::delivery_proof.eq(policy.as_str()))
                .execute(conn)
                .map_db_err()?;
            activities::record(
                conn,
                activities::NewActivity {
                    user_id: Some(actor_id),
                    action: "client.delivery_proof_changed",
                    subject_type: Some("user"),
                    subject_key: Some(&key),
                    details: Some(serde_json::json!({
                        "delivery_proof": {"old": old, "new": policy.as_str()}
                    })),
                },
            )
            .map_db_err()?;
        }
        Ok(PolicySetting {
            delivery_proof: policy,
        })
    })
}
