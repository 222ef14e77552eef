//! Moroccan legal identifiers of accounts: a merchant's ICE (Identifiant commun de l'entreprise),
//! printed on his invoices. The company's own identity (`colivra_parcels::company`) checks its
//! ICE with the same rule.

use colivra_core::FieldErrors;

/// An ICE has exactly this many digits.
pub const ICE_DIGITS: usize = 15;

pub const ICE_MESSAGE: &str = "L'ICE compte exactement 15 chiffres.";

/// An ICE as people type it (spaces allowed): `Ok(None)` when empty, `Ok(Some(digits))` when it
/// has exactly 15 digits, `Err(())` otherwise.
#[allow(clippy::result_unit_err)]
pub fn normalize_ice(raw: &str) -> Result<Option<String>, ()> {
    let digits: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.is_empty() {
        Ok(None)
    } else if digits.len() == ICE_DIGITS && digits.bytes().all(|b| b.is_ascii_digit()) {
        Ok(Some(digits))
    } else {
        Err(())
    }
}

/// The ICE a form asks for: absent keeps `current`, empty clears it, anything else must be 15
/// digits (else a 422 on `field`, and `current` is kept).
pub fn read_ice(
    errors: &mut FieldErrors,
    field: &str,
    raw: Option<&str>,
    current: Option<String>,
) -> Option<String> {
    let Some(raw) = raw else {
        return current;
    };
    normalize_ice(raw).unwrap_or_else(|()| {
        errors.add(field, ICE_MESSAGE);
        current
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ice_is_fifteen_digits() {
        assert_eq!(
            normalize_ice(" 001 234 567 000 089 "),
            Ok(Some("001234567000089".to_owned()))
        );
        assert_eq!(normalize_ice("  "), Ok(None));
        assert!(normalize_ice("00123456700008").is_err());
        assert!(normalize_ice("0012345670000899").is_err());
        assert!(normalize_ice("00123456700008A").is_err());
        assert!(
            normalize_ice("٠٠١٢٣٤٥٦٧٠٠٠٠٨٩").is_err(),
            "ASCII digits only"
        );
    }

    #[test]
    fn a_form_keeps_clears_or_refuses() {
        let mut errors = FieldErrors::new();
        let current = Some("001234567000089".to_owned());
        assert_eq!(read_ice(&mut errors, "ice", None, current.clone()), current);
        assert_eq!(
            read_ice(&mut errors, "ice", Some(""), current.clone()),
            None
        );
        assert!(!errors.contains("ice"));
        assert_eq!(
            read_ice(&mut errors, "ice", Some("12"), current.clone()),
            current
        );
        assert!(errors.contains("ice"));
    }
}
