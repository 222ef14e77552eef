//! The one HTTP mapping of [`AppError`]: status code and JSON body.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use colivra_core::AppError;

tokio::task_local! {
    /// The id of the request being served, for error bodies and logs.
    pub static REQUEST_ID: String;
}

pub fn current_request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
}

/// [`AppError`] as an actix error (the orphan rule keeps the impl here, not in core).
#[derive(Debug)]
pub struct ApiError(pub AppError);

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<AppError> for ApiError {
    fn from(error: AppError) -> Self {
        ApiError(error)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.0.status_code()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let request_id = current_request_id();
        match &self.0 {
            AppError::Internal(detail) => {
                tracing::error!(request_id = request_id.as_deref().unwrap_or("-"), %detail, "internal error");
            }
            AppError::Unavailable(detail) => {
                tracing::warn!(request_id = request_id.as_deref().unwrap_or("-"), %detail, "database unavailable");
            }
            _ => {}
        }
        let mut response = HttpResponse::build(self.status_code());
        if let AppError::TooManyAttempts {
            retry_after_seconds,
        } = &self.0
        {
            response.insert_header(("Retry-After", retry_after_seconds.to_string()));
        }
        if let AppError::Unavailable(_) = &self.0 {
            response.insert_header(("Retry-After", "5"));
        }
        response.json(self.0.body(request_id.as_deref()))
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
