//! The signed-in caller, resolved once by the authorization middleware.

use std::future::{ready, Ready};

use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use colivra_auth::User;
use colivra_core::{AppError, AppResult, Language, MerchantId, Scope};
use futures_util::future::LocalBoxFuture;

use crate::error::ApiError;
use crate::state::AppState;

/// How the caller proved who they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credential {
    Session,
    /// A personal token, with what it grants.
    Token(colivra_auth::tokens::Grant),
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

/// The reader's language, from `Accept-Language`: French unless it prefers English or Arabic. Handlers
/// that answer texts take it and hand it to the domain, which renders them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Lang(pub Language);

impl FromRequest for Lang {
    type Error = ApiError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        ready(Ok(Lang(accept_language(req))))
    }
}

fn accept_language(req: &HttpRequest) -> Language {
    req.headers()
        .get(actix_web::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(Language::from_accept_language)
        .unwrap_or_default()
}

/// The language of a document opened in its own window (a PDF), where the web app cannot set
/// `Accept-Language`: the one the signed-in person chose in the web app (kept with his
/// account), else `Accept-Language`, else French.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DocumentLanguage(pub Language);

impl FromRequest for DocumentLanguage {
    type Error = ApiError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let chosen = req
            .extensions()
            .get::<Caller>()
            .and_then(|caller| caller.user.language.as_deref().and_then(Language::parse));
        ready(Ok(DocumentLanguage(
            chosen.unwrap_or_else(|| accept_language(req)),
        )))
    }
}

/// The caller with his [`Scope`]: whose parcels, vouchers and invoices he sees. Handlers of
/// scoped resources take this instead of [`Caller`].
#[derive(Debug, Clone)]
pub struct Scoped {
    pub user: User,
    pub scope: Scope,
}

impl Scoped {
    /// The merchant account the caller acts for; 403 for other roles (the route table already
    /// keeps them out: this is the belt to its braces).
    pub fn merchant(&self) -> AppResult<MerchantId> {
        self.scope
            .merchant()
            .ok_or_else(|| AppError::Forbidden("Réservé aux clients.".to_owned()))
    }
}

impl FromRequest for Scoped {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let caller = req.extensions().get::<Caller>().cloned();
        let state = req.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let Caller { user, .. } = caller.ok_or(ApiError(AppError::Unauthenticated))?;
            let scope = match colivra_auth::users::known_scope(&user) {
                Some(scope) => scope,
                None => {
                    let state = state
                        .ok_or_else(|| ApiError(AppError::internal("application state missing")))?;
                    match state.merchant_accounts.get(user.id) {
                        Some(id) => Scope::Merchant(id),
                        None => {
                            let looked_up = user.clone();
                            let scope = crate::db::run(&state.pool, move |conn| {
                                colivra_auth::users::scope(conn, &looked_up)
                            })
                            .await?;
                            if let Some(id) = scope.merchant() {
                                state.merchant_accounts.remember(user.id, id);
                            }
                            scope
                        }
                    }
                }
            };
            Ok(Scoped { user, scope })
        })
    }
}
