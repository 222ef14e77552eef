//! One error type for every layer, and the JSON body every error answers with.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

pub type AppResult<T> = Result<T, AppError>;

/// Field name → messages, as sent in the `errors` member of a 422 body.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(transparent)]
pub struct FieldErrors(pub BTreeMap<String, Vec<String>>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, field: impl Into<String>, message: impl Into<String>) -> &mut Self {
        self.0.entry(field.into()).or_default().push(message.into());
        self
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Checks a required text (already trimmed): `missing` when it is empty, the limit and the
    /// count when it is too long; a 600-character address is not a missing one. True when valid.
    pub fn check_text(&mut self, field: &str, value: &str, max: usize, missing: &str) -> bool {
        let count = value.chars().count();
        if count == 0 {
            self.add(field, missing);
        } else if count > max {
            self.add(field, format!("{max} caractères au plus ({count} saisis)."));
        } else {
            return true;
        }
        false
    }

    /// An optional text (a comment, a note): trimmed, `None` when empty; too long, the limit
    /// goes to `field` and `None` comes back.
    pub fn optional_text(
        &mut self,
        field: &str,
        value: Option<&str>,
        max: usize,
    ) -> Option<String> {
        let text = value.map(str::trim).filter(|t| !t.is_empty())?;
        if text.chars().count() > max {
            self.add(field, format!("{max} caractères au plus."));
            return None;
        }
        Some(text.to_owned())
    }

    pub fn contains(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    /// `Ok(())` when nothing was added, else the 422 error carrying every message.
    pub fn into_result(self) -> AppResult<()> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(AppError::Validation(self))
        }
    }

    pub fn single(field: impl Into<String>, message: impl Into<String>) -> Self {
        let mut errors = Self::new();
        errors.add(field, message);
        errors
    }
}

impl From<validator::ValidationErrors> for FieldErrors {
    fn from(source: validator::ValidationErrors) -> Self {
        let mut errors = FieldErrors::new();
        for (field, kinds) in source.field_errors() {
            for error in kinds {
                let message = error
                    .message
                    .as_ref()
                    .map(|m| m.to_string())
                    .unwrap_or_else(|| "Valeur invalide.".to_owned());
                errors.add(field.to_string(), message);
            }
        }
        errors
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("Non authentifié.")]
    Unauthenticated,
    #[error("{0}")]
    Forbidden(String),
    #[error("Ressource introuvable.")]
    NotFound,
    /// The path exists but not with this method; the gateway adds the `Allow` header.
    #[error("Méthode non autorisée sur cette adresse.")]
    MethodNotAllowed,
    #[error("Le corps de la requête est trop volumineux.")]
    PayloadTooLarge,
    #[error("{0}")]
    Conflict(String),
    #[error("Jeton CSRF absent ou invalide. Rechargez la page.")]
    CsrfMismatch,
    #[error("Les données envoyées ne sont pas valides.")]
    Validation(FieldErrors),
    #[error("Trop de tentatives. Réessayez dans {retry_after_seconds} secondes.")]
    TooManyAttempts { retry_after_seconds: u64 },
    #[error("Le service est momentanément indisponible.")]
    Unavailable(String),
    #[error("Erreur interne.")]
    Internal(String),
}

impl AppError {
    pub fn forbidden() -> Self {
        AppError::Forbidden("Action non autorisée.".to_owned())
    }

    pub fn validation(field: impl Into<String>, message: impl Into<String>) -> Self {
        AppError::Validation(FieldErrors::single(field, message))
    }

    pub fn internal(context: impl std::fmt::Display) -> Self {
        AppError::Internal(context.to_string())
    }

    /// A key in a request body that names nothing is a 422 on its field; any other error (the
    /// database's) stays what it is.
    pub fn not_found_as_invalid(self, field: &str, message: &str) -> Self {
        match self {
            AppError::NotFound => AppError::validation(field, message),
            other => other,
        }
    }

    pub fn status_code(&self) -> u16 {
        match self {
            AppError::Unauthenticated => 401,
            AppError::Forbidden(_) => 403,
            AppError::NotFound => 404,
            AppError::MethodNotAllowed => 405,
            AppError::PayloadTooLarge => 413,
            AppError::Conflict(_) => 409,
            AppError::CsrfMismatch => 419,
            AppError::Validation(_) => 422,
            AppError::TooManyAttempts { .. } => 429,
            AppError::Unavailable(_) => 503,
            AppError::Internal(_) => 500,
        }
    }

    /// The public body. Internal details never leave the server: the caller gets the request id.
    pub fn body(&self, request_id: Option<&str>) -> ErrorBody {
        let message = match (self, request_id) {
            (AppError::Internal(_), Some(id)) => format!("Erreur interne (référence {id})."),
            _ => self.to_string(),
        };
        ErrorBody {
            message,
            errors: match self {
                AppError::Validation(errors) => Some(errors.clone()),
                _ => None,
            },
            request_id: match self {
                AppError::Internal(_) => request_id.map(str::to_owned),
                _ => None,
            },
        }
    }
}

impl From<validator::ValidationErrors> for AppError {
    fn from(source: validator::ValidationErrors) -> Self {
        AppError::Validation(source.into())
    }
}

/// The JSON body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<FieldErrors>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_hide_their_cause() {
        let error = AppError::internal("disk on fire at /var/lib");
        let body = error.body(Some("r-1"));
        assert_eq!(error.status_code(), 500);
        assert!(!body.message.contains("disk"));
        assert_eq!(body.request_id.as_deref(), Some("r-1"));
    }

    #[test]
    fn only_not_found_becomes_a_field_error() {
        let invalid = AppError::NotFound.not_found_as_invalid("shop", "Boutique introuvable.");
        assert_eq!(invalid.status_code(), 422);
        let kept = AppError::internal("db").not_found_as_invalid("shop", "x");
        assert_eq!(kept.status_code(), 500);
    }

    #[test]
    fn validation_errors_carry_every_field() {
        let mut errors = FieldErrors::new();
        errors.add("email", "a").add("email", "b").add("phone", "c");
        let error = errors.into_result().unwrap_err();
        let body = serde_json::to_value(error.body(None)).unwrap();
        assert_eq!(body["errors"]["email"], serde_json::json!(["a", "b"]));
        assert_eq!(body["errors"]["phone"], serde_json::json!(["c"]));
    }
}
