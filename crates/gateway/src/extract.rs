//! The signed-in caller, resolved once by the authorization middleware.

use std::future::{ready, Ready};

use actix_web::{FromRequest, HttpMessage, HttpRequest};
use colivra_auth::User;
use colivra_core::AppError;

use crate::error::ApiError;

/// How the caller proved who they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credential {
    Session,
    Token,
}

/// The authenticated user of this request. Handlers take it as an argument; the route table's
/// middleware has already checked role, activation and permissions.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: User,
    pub credential: Credential,
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        ready(
            req.extensions()
                .get::<Caller>()
                .cloned()
                .ok_or(ApiError(AppError::Unauthenticated)),
        )
    }
}
