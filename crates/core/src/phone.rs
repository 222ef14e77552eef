//! Moroccan phone numbers: `0[5-7]` followed by 8 digits; the `+212` / `00212` international forms
//! are accepted and normalised to the national form.

/// The national form (`0612345678`) of a Moroccan mobile or landline number, or `None`.
pub fn normalize_moroccan_phone(input: &str) -> Option<String> {
    let compact: String = input
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')'))
        .collect();
    let national = if let Some(rest) = compact.strip_prefix("+212") {
        format!("0{}", rest.strip_prefix('0').unwrap_or(rest))
    } else if let Some(rest) = compact.strip_prefix("00212") {
        format!("0{}", rest.strip_prefix('0').unwrap_or(rest))
    } else {
        compact
    };
    let bytes = national.as_bytes();
    let valid = bytes.len() == 10
        && bytes[0] == b'0'
        && matches!(bytes[1], b'5'..=b'7')
        && bytes.iter().all(u8::is_ascii_digit);
    valid.then_some(national)
}

pub const PHONE_MESSAGE: &str =
    "Numéro de téléphone marocain invalide (ex. 0612345678 ou +212612345678).";

#[cfg(test)]
mod tests {
    use super::normalize_moroccan_phone as n;

    #[test]
    fn accepts_national_and_international_forms() {
        assert_eq!(n("0612345678").as_deref(), Some("0612345678"));
        assert_eq!(n("06 12 34 56 78").as_deref(), Some("0612345678"));
        assert_eq!(n("+212612345678").as_deref(), Some("0612345678"));
        assert_eq!(n("+212 6-12-34-56-78").as_deref(), Some("0612345678"));
        assert_eq!(n("00212712345678").as_deref(), Some("0712345678"));
        assert_eq!(n("+2120522123456").as_deref(), Some("0522123456"));
        assert_eq!(n("0522123456").as_deref(), Some("0522123456"));
    }

    #[test]
    fn refuses_everything_else() {
        for bad in [
            "",
            "0412345678",
            "061234567",
            "06123456789",
            "+33612345678",
            "06123a5678",
            "612345678",
        ] {
            assert_eq!(n(bad), None, "{bad}");
        }
    }
}
