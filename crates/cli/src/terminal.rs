//! What the commands share: their result, and errors written for a terminal.

use colivra_core::AppError;

pub type CliResult = Result<(), Box<dyn std::error::Error>>;

/// Validation errors as one readable line for the terminal.
pub fn describe(error: AppError) -> Box<dyn std::error::Error> {
    match error {
        AppError::Validation(errors) => {
            let parts: Vec<String> = errors
                .0
                .iter()
                .map(|(field, messages)| format!("{field}: {}", messages.join(" ")))
                .collect();
            parts.join("; ").into()
        }
        other => other.to_string().into(),
    }
}
