//! Resolves the caller (bearer token or session) and applies the route table's access rule.

use actix_session::SessionExt;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, Error, HttpMessage};
use colivra_auth::{tokens, users, User};
use colivra_core::{AppError, UserId};

use crate::access::Access;
use crate::error::ApiError;
use crate::extract::{Caller, Credential};
use crate::state::AppState;

pub const SESSION_USER_ID: &str = "uid";
/// The session's public key (what `/api/sessions` lists), set by the session store.
pub const SESSION_PUBLIC_KEY: &str = "sid";
/// The sign-in's User-Agent and address, moved into columns by the session store.
pub const SESSION_DEVICE: &str = "ua";
pub const SESSION_ADDRESS: &str = "ip";
/// Put in place of the state by the session store when the database could not load it.
pub const SESSION_UNAVAILABLE: &str = "_unavailable";

/// The session could not be loaded (database unavailable): a 503 to answer.
pub fn session_unavailable(req: &ServiceRequest) -> Option<ApiError> {
    req.get_session()
        .contains_key(SESSION_UNAVAILABLE)
        .then(|| {
            ApiError(AppError::Unavailable(
                "session store unavailable".to_owned(),
            ))
        })
}
/// The session's user as the session store loaded it with the session (JSON, memory only).
pub const SESSION_CALLER: &str = "_caller";

pub async fn authorize<B: MessageBody>(
    access: Access,
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, Error> {
    if access != Access::Public {
        let outcome = match resolve_caller(&req).await {
            Ok(caller) => check(
                access,
                caller.as_ref().map(|c| (&c.user, c.credential)),
                req.method(),
            )
            .map(|()| caller),
            Err(error) => Err(error),
        };
        match outcome {
            Ok(Some(caller)) => {
                req.extensions_mut().insert(caller);
            }
            Ok(None) => {}
            // Answered here (not raised) so the outer layers still add their headers.
            Err(error) => return Ok(req.error_response(error).map_into_right_body()),
        }
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// The bearer token's user, else the session's; a bearer token that is not valid is a 401
/// whatever cookie comes with it.
async fn resolve_caller(req: &ServiceRequest) -> Result<Option<Caller>, ApiError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError(AppError::internal("application state missing")))?
        .clone();
    if let Some(token) = bearer_token(req) {
        let user =
            crate::db::run(&state.pool, move |conn| tokens::authenticate(conn, &token)).await?;
        return match user {
            Some((user, grant)) => Ok(Some(Caller {
                user,
                credential: Credential::Token(grant),
            })),
            None => Err(ApiError(AppError::Unauthenticated)),
        };
    }
    if let Some(unavailable) = session_unavailable(req) {
        return Err(unavailable);
    }
    let session = req.get_session();
    let Some(user_id) = session.get::<UserId>(SESSION_USER_ID).unwrap_or(None) else {
        return Ok(None);
    };
    let loaded = session
        .get::<User>(SESSION_CALLER)
        .unwrap_or(None)
        .filter(|user| user.id == user_id);
    let user = match loaded {
        Some(user) => Some(user),
        // Signed in during this very request (no stored session yet).
        None => crate::db::run(&state.pool, move |conn| users::find_by_id(conn, user_id)).await?,
    };
    Ok(user.map(|user| Caller {
        user,
        credential: Credential::Session,
    }))
}

pub fn bearer_token(req: &ServiceRequest) -> Option<String> {
    let header = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    let token = header
        .strip_prefix("Bearer ")
        .or_else(|| header.strip_prefix("bearer "))?;
    Some(token.trim().to_owned())
}

/// The access rule itself, apart from the request so it reads as the table does: the route's
/// access, the caller and how he proved it, the request's method (what a token must grant).
pub fn check(
    access: Access,
    caller: Option<(&User, Credential)>,
    method: &Method,
) -> Result<(), ApiError> {
    let denied = |message: &str| Err(ApiError(AppError::Forbidden(message.to_owned())));
    if let (Some((_, Credential::Token(grant))), false) = (caller, access == Access::Public) {
        if let Access::SessionOnly(_) = access {
            return denied("Cette action demande une connexion par le navigateur, pas un jeton.");
        }
        let reads = matches!(*method, Method::GET | Method::HEAD);
        if (reads && !grant.read) || (!reads && !grant.write) {
            return denied(if reads {
                "Ce jeton n'a pas la capacité read."
            } else {
                "Ce jeton n'a pas la capacité write."
            });
        }
    }
    let user = caller.map(|(user, _)| user);
    match (access, user) {
        (Access::Public, _) => Ok(()),
        (_, None) => Err(ApiError(AppError::Unauthenticated)),
        (Access::SessionOnly(inner), Some(_)) => check(*inner, caller, method),
        (Access::SignedIn, Some(_)) => Ok(()),
        (Access::Active { roles, permissions }, Some(user)) => {
            if !user.active {
                return denied("Votre compte n'est pas encore activé.");
            }
            if !roles.contains(&user.role()) {
                return denied("Cette action n'est pas ouverte à votre rôle.");
            }
            if !permissions.is_empty() && !user.holds_any(permissions) {
                return denied("Vous n'avez pas la permission nécessaire.");
            }
            Ok(())
        }
    }
}
