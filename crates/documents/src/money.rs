//! Money as printed on documents.

/// Formats an amount in centimes the French way with the dirham sign: `123450` → `"1 234,50 DH"`,
/// `-5` → `"-0,05 DH"`.
///
/// Groups of thousands are separated by an ordinary space (not a no-break space) so the text
/// read back from a PDF matches what a person or a test would type.
pub fn format_money(centimes: i64) -> String {
    let abs = centimes.unsigned_abs();
    let (units, cents) = (abs / 100, abs % 100);
    let digits = units.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(' ');
        }
        grouped.push(d);
    }
    let sign = if centimes < 0 { "-" } else { "" };
    format!("{sign}{grouped},{cents:02} DH")
}

#[cfg(test)]
mod tests {
    use super::format_money;

    #[test]
    fn formats_french_style() {
        assert_eq!(format_money(0), "0,00 DH");
        assert_eq!(format_money(5), "0,05 DH");
        assert_eq!(format_money(99_999), "999,99 DH");
        assert_eq!(format_money(123_450), "1 234,50 DH");
        assert_eq!(format_money(10_000_000), "100 000,00 DH");
        assert_eq!(format_money(-123_450), "-1 234,50 DH");
        assert_eq!(format_money(-5), "-0,05 DH");
        assert_eq!(format_money(i64::MIN), "-92 233 720 368 547 758,08 DH");
    }
}
