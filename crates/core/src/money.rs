//! Money is an integer number of centimes everywhere; these convert to and from the dirham
//! amounts people type ("20", "20.5", "20,50").

/// Centimes from a dirham amount with at most two decimals; `None` for anything else.
pub fn parse_dirhams(input: &str) -> Option<i64> {
    let input = input.trim().replace(',', ".");
    let (whole, fraction) = match input.split_once('.') {
        Some((whole, fraction)) => (whole, fraction),
        None => (input.as_str(), ""),
    };
    if whole.is_empty()
        || fraction.len() > 2
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(fraction)
}

/// "20,50 DH" style text for documents.
pub fn format_dirhams(centimes: i64) -> String {
    let sign = if centimes < 0 { "-" } else { "" };
    let abs = centimes.unsigned_abs();
    format!("{sign}{},{:02} DH", abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_dirham_amounts_into_centimes() {
        assert_eq!(parse_dirhams("20"), Some(2000));
        assert_eq!(parse_dirhams("20.5"), Some(2050));
        assert_eq!(parse_dirhams("20,05"), Some(2005));
        assert_eq!(parse_dirhams(" 0.99 "), Some(99));
        for bad in ["", "-1", "1.234", "abc", "1.2.3", ".5"] {
            assert_eq!(parse_dirhams(bad), None, "{bad}");
        }
    }

    #[test]
    fn formats_centimes() {
        assert_eq!(format_dirhams(2050), "20,50 DH");
        assert_eq!(format_dirhams(-5), "-0,05 DH");
    }
}
