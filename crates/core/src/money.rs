//! Money is an integer number of centimes everywhere, as [`Centimes`]: amounts add and subtract
//! with amounts, multiply only by a count ([`Centimes::times`]), and are written out here only
//! (messages, screens in each language, printed documents), so no two places print them apart.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use serde::{Deserialize, Serialize};

use crate::Language;

/// An amount in centimes of a dirham (signed: a balance or a correction may be negative).
///
/// On the wire it is the bare integer (`#[serde(transparent)]`; a view's field says
/// `#[schema(value_type = i64)]` so the OpenAPI document keeps `integer`). With the `diesel`
/// feature it reads and writes `BIGINT` columns.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "diesel", derive(diesel::AsExpression, diesel::FromSqlRow))]
#[cfg_attr(feature = "diesel", diesel(sql_type = diesel::sql_types::BigInt))]
#[serde(transparent)]
pub struct Centimes(i64);

impl Centimes {
    pub const ZERO: Centimes = Centimes(0);

    pub const fn new(centimes: i64) -> Centimes {
        Centimes(centimes)
    }

    /// A whole number of dirhams.
    pub const fn dirhams(dirhams: i64) -> Centimes {
        Centimes(dirhams * 100)
    }

    /// The number of centimes, for arithmetic no amount has (a rate, a database figure).
    pub const fn get(self) -> i64 {
        self.0
    }

    /// Centimes from a dirham amount as people type it ("20", "20.5", "20,50"), at most two
    /// decimals; `None` for anything else.
    pub fn parse(input: &str) -> Option<Centimes> {
        parse_dirhams(input).map(Centimes)
    }

    /// This amount `count` times (a price per parcel times parcels): the only product of money.
    pub fn times(self, count: i64) -> Centimes {
        Centimes(self.0 * count)
    }

    pub fn checked_add(self, other: Centimes) -> Option<Centimes> {
        self.0.checked_add(other.0).map(Centimes)
    }

    pub const fn abs(self) -> Centimes {
        Centimes(self.0.abs())
    }

    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// The larger of the two (`max(Centimes::ZERO)` clamps a negative amount to nothing).
    pub fn max(self, other: Centimes) -> Centimes {
        Centimes(self.0.max(other.0))
    }

    pub fn min(self, other: Centimes) -> Centimes {
        Centimes(self.0.min(other.0))
    }

    /// As people read it on a screen or in an activity, in their language: "1 580,50 DH"
    /// (French and Arabic: narrow no-break space between thousands), "1,580.50 DH" (English),
    /// as the web app's `formatMoney`.
    pub fn in_language(self, language: Language) -> String {
        // Moroccan Arabic writes amounts as French does, with Latin digits.
        let (group, decimal) = language.pick(('\u{202f}', ','), (',', '.'), ('\u{202f}', ','));
        self.written(Some(group), decimal, '\u{a0}')
    }

    /// As printed on documents: "1 234,50 DH", thousands apart by an ordinary space (not a
    /// no-break one) so the text read back from a PDF matches what a person would type.
    pub fn on_document(self) -> String {
        self.written(Some(' '), ',', ' ')
    }

    fn written(self, group: Option<char>, decimal: char, before_unit: char) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let whole = (abs / 100).to_string();
        let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
        for (i, digit) in whole.chars().enumerate() {
            if let Some(group) = group {
                if i > 0 && (whole.len() - i).is_multiple_of(3) {
                    grouped.push(group);
                }
            }
            grouped.push(digit);
        }
        format!("{sign}{grouped}{decimal}{:02}{before_unit}DH", abs % 100)
    }
}

/// "20,50 DH": the short form of server messages (no thousands separator).
impl fmt::Display for Centimes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written(None, ',', ' '))
    }
}

impl Add for Centimes {
    type Output = Centimes;
    fn add(self, other: Centimes) -> Centimes {
        Centimes(self.0 + other.0)
    }
}

impl Sub for Centimes {
    type Output = Centimes;
    fn sub(self, other: Centimes) -> Centimes {
        Centimes(self.0 - other.0)
    }
}

impl Neg for Centimes {
    type Output = Centimes;
    fn neg(self) -> Centimes {
        Centimes(-self.0)
    }
}

impl AddAssign for Centimes {
    fn add_assign(&mut self, other: Centimes) {
        self.0 += other.0;
    }
}

impl SubAssign for Centimes {
    fn sub_assign(&mut self, other: Centimes) {
        self.0 -= other.0;
    }
}

impl Sum for Centimes {
    fn sum<I: Iterator<Item = Centimes>>(amounts: I) -> Centimes {
        Centimes(amounts.map(|amount| amount.0).sum())
    }
}

impl<'a> Sum<&'a Centimes> for Centimes {
    fn sum<I: Iterator<Item = &'a Centimes>>(amounts: I) -> Centimes {
        amounts.copied().sum()
    }
}

#[cfg(feature = "diesel")]
crate::id::bigint_sql!(Centimes);

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_dirham_amounts_into_centimes() {
        assert_eq!(parse_dirhams("20"), Some(2000));
        assert_eq!(parse_dirhams("20.5"), Some(2050));
        assert_eq!(parse_dirhams("20,05"), Some(2005));
        assert_eq!(parse_dirhams(" 0.99 "), Some(99));
        assert_eq!(Centimes::parse("12,3"), Some(Centimes::new(1230)));
        for bad in ["", "-1", "1.234", "abc", "1.2.3", ".5"] {
            assert_eq!(parse_dirhams(bad), None, "{bad}");
        }
    }

    #[test]
    fn writes_amounts_for_messages_screens_and_documents() {
        assert_eq!(Centimes::new(2050).to_string(), "20,50 DH");
        assert_eq!(Centimes::new(-5).to_string(), "-0,05 DH");
        assert_eq!(Centimes::new(12_345_000).to_string(), "123450,00 DH");
        assert_eq!(Centimes::new(123_450).on_document(), "1 234,50 DH");
        assert_eq!(
            Centimes::new(-100_000_000).on_document(),
            "-1 000 000,00 DH"
        );
        assert_eq!(
            Centimes::new(158_050).in_language(Language::Fr),
            "1\u{202f}580,50\u{a0}DH"
        );
        assert_eq!(
            Centimes::new(158_050).in_language(Language::En),
            "1,580.50\u{a0}DH"
        );
        assert_eq!(Centimes::new(7).in_language(Language::Ar), "0,07\u{a0}DH");
    }

    #[test]
    fn adds_amounts_and_multiplies_by_counts_only() {
        let fee = Centimes::dirhams(25);
        let total: Centimes = [fee, fee.times(3), -Centimes::new(1)].iter().sum();
        assert_eq!(total, Centimes::new(9_999));
        assert_eq!(
            (fee - Centimes::dirhams(30)).max(Centimes::ZERO),
            Centimes::ZERO
        );
        assert_eq!(Centimes::new(i64::MAX).checked_add(Centimes::new(1)), None);
        assert_eq!(serde_json::to_string(&fee).unwrap(), "2500");
        assert_eq!(
            serde_json::from_str::<Centimes>("-12").unwrap(),
            Centimes::new(-12)
        );
    }
}
