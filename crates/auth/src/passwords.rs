//! Password hashing (argon2id) and the rules a new password must meet.

use std::sync::OnceLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use colivra_core::{AppError, AppResult, FieldErrors};

pub const MIN_LENGTH: usize = 8;
pub const MAX_LENGTH: usize = 128;

pub fn hash(password: &str) -> AppResult<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(AppError::internal)
}

pub fn verify(password: &str, stored_hash: &str) -> bool {
    PasswordHash::new(stored_hash)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Spends the time of one verification without an account, so response times do not tell
/// which e-mail addresses exist.
pub fn verify_against_dummy(password: &str) {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let dummy = DUMMY.get_or_init(|| hash("not-a-real-password-0xC0L1VRA").unwrap_or_default());
    let _ = verify(password, dummy);
}

/// Adds to `errors[field]` every rule `password` breaks: 8 to 128 characters, not a common or
/// easily guessed password (zxcvbn, with the person's own name and e-mail as known words), and
/// the same as its confirmation.
pub fn check_new_password(
    errors: &mut FieldErrors,
    field: &str,
    password: &str,
    confirmation: Option<&str>,
    personal_words: &[&str],
) {
    let length = password.chars().count();
    if length < MIN_LENGTH {
        errors.add(
            field,
            format!("Le mot de passe doit contenir au moins {MIN_LENGTH} caractères."),
        );
    } else if length > MAX_LENGTH {
        errors.add(
            field,
            format!("Le mot de passe ne doit pas dépasser {MAX_LENGTH} caractères."),
        );
    } else if is_too_common(password, personal_words) {
        errors.add(
            field,
            "Ce mot de passe est trop courant ou trop facile à deviner.",
        );
    }
    if confirmation != Some(password) {
        errors.add(
            format!("{field}_confirmation"),
            "La confirmation ne correspond pas au mot de passe.",
        );
    }
}

fn is_too_common(password: &str, personal_words: &[&str]) -> bool {
    let entropy = zxcvbn::zxcvbn(password, personal_words);
    // Score 0–1 means within about a million guesses: common passwords, keyboard walks, a name
    // followed by a year.
    (entropy.score() as u8) < 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_with_argon2id_and_verifies() {
        let stored = hash("Sup3r-Secret-Pass").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("Sup3r-Secret-Pass", &stored));
        assert!(!verify("sup3r-secret-pass", &stored));
        assert!(!verify("anything", "not a hash"));
    }

    fn rules(password: &str, confirmation: &str) -> FieldErrors {
        let mut errors = FieldErrors::new();
        check_new_password(
            &mut errors,
            "password",
            password,
            Some(confirmation),
            &["amine", "amine@shop.ma"],
        );
        errors
    }

    #[test]
    fn refuses_short_long_common_and_mismatched_passwords() {
        assert!(rules("Ab1!", "Ab1!").contains("password"));
        let long = "x".repeat(129);
        assert!(rules(&long, &long).contains("password"));
        for common in [
            "password",
            "password123",
            "azerty123",
            "12345678",
            "qwertyuiop",
            "amine2024",
        ] {
            assert!(
                rules(common, common).contains("password"),
                "{common} accepted"
            );
        }
        let mismatch = rules("Sup3r-Secret-Pass", "other");
        assert!(mismatch.contains("password_confirmation"));
        assert!(!mismatch.contains("password"));
        assert!(rules("Sup3r-Secret-Pass", "Sup3r-Secret-Pass").is_empty());
    }
}
