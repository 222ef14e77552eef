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

/// What [`normalize_moroccan_phone`] accepts, as a regular expression (ECMA-262 and Rust
/// `regex` alike) for the OpenAPI document: spaces, dots, dashes and brackets anywhere, `+212` or
/// `00212` (then an optional 0) or `0`, then 5, 6 or 7 and eight more digits.
pub const PHONE_PATTERN: &str = r"^[ .()\-]*(?:(?:\+|0[ .()\-]*0)[ .()\-]*2[ .()\-]*1[ .()\-]*2[ .()\-]*(?:0[ .()\-]*)?|0[ .()\-]*)[5-7](?:[ .()\-]*[0-9]){8}[ .()\-]*$";

/// The OpenAPI schema of a phone field: the numbers the server accepts.
pub fn schema() -> utoipa::openapi::schema::Object {
    phone_object(utoipa::openapi::schema::SchemaType::Type(
        utoipa::openapi::schema::Type::String,
    ))
    .pattern(Some(PHONE_PATTERN))
    .build()
}

/// A phone field a body may leave out (or set to null).
pub fn optional_schema() -> utoipa::openapi::schema::Object {
    phone_object(nullable_string())
        .pattern(Some(PHONE_PATTERN))
        .build()
}

/// An optional phone an empty string clears (a second number, a staff member's).
pub fn clearable_schema() -> utoipa::openapi::schema::Object {
    phone_object(nullable_string())
        .pattern(Some(format!("^$|{PHONE_PATTERN}")))
        .build()
}

fn nullable_string() -> utoipa::openapi::schema::SchemaType {
    use utoipa::openapi::schema::{SchemaType, Type};
    SchemaType::Array(vec![Type::String, Type::Null])
}

fn phone_object(
    kind: utoipa::openapi::schema::SchemaType,
) -> utoipa::openapi::schema::ObjectBuilder {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(kind)
        .description(Some(
            "A Moroccan number: `0612345678`, `06 12 34 56 78`, `+212612345678`…",
        ))
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

    #[test]
    fn the_pattern_accepts_exactly_what_normalizing_accepts() {
        let pattern = regex::Regex::new(super::PHONE_PATTERN).unwrap();
        let mut samples: Vec<String> = [
            "0612345678",
            "06 12 34 56 78",
            "(06) 12.34.56.78",
            "+212612345678",
            "+212 6-12-34-56-78",
            "+2120612345678",
            "00212712345678",
            "0 0212 5 22 12 34 56",
            "0412345678",
            "061234567",
            "06123456789",
            "+33612345678",
            "+212+612345678",
            "002120061234567",
            "",
            " ",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Every string of up to 6 characters over a small alphabet, padded into phone length.
        let alphabet = ['0', '2', '1', '5', '6', '+', ' ', '-'];
        let mut seed: u64 = 7;
        for _ in 0..20_000 {
            let mut s = String::new();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let length = 8 + (seed >> 60) as usize;
            for i in 0..length {
                let pick = (seed >> ((i * 3) % 60)) as usize % alphabet.len();
                s.push(alphabet[pick]);
            }
            samples.push(s);
        }
        for sample in samples {
            assert_eq!(
                pattern.is_match(&sample),
                n(&sample).is_some(),
                "{sample:?}"
            );
        }
    }
}
