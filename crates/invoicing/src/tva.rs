//! TVA on a client invoice (domain rules, « TVA on the company's services »).
//!
//! The company's delivery, return and refusal fees are services subject to TVA; the COD it
//! collects for the merchant is a disbursement (débours) and carries none. Price lists are TTC:
//! what a merchant pays per parcel is the fee as priced, so an invoice's fees total is its fees
//! TTC and TVA does not change what anyone is paid (docs/decisions.md). The invoice shows them
//! split once, on its totals: HT = TTC × 100 / (100 + rate), rounded to the centime half away
//! from zero, and TVA = TTC − HT, so the three always add up.

use colivra_core::Centimes;
use colivra_parcels::company::Tax;
use serde::Serialize;
use utoipa::ToSchema;

/// A client invoice's fees split into HT and TVA, in centimes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TvaFigures {
    /// In percent; 0 when the company is exempt.
    pub rate: i64,
    /// The exemption's legal mention, printed instead of a TVA line.
    pub exemption: Option<String>,
    #[schema(value_type = i64)]
    pub fees_ht: Centimes,
    #[schema(value_type = i64)]
    pub tva_amount: Centimes,
    /// The fees as priced: the invoice's `fees_total`.
    #[schema(value_type = i64)]
    pub fees_ttc: Centimes,
}

/// `numerator / denominator` (denominator > 0) rounded to the nearest integer, halves away from
/// zero.
fn divide_rounded(numerator: i64, denominator: i64) -> i64 {
    let magnitude = (2 * numerator.unsigned_abs() + denominator.unsigned_abs())
        / (2 * denominator.unsigned_abs());
    let magnitude = magnitude as i64;
    if numerator < 0 {
        -magnitude
    } else {
        magnitude
    }
}

impl TvaFigures {
    /// Fees TTC split at the company's rate (none when it is exempt).
    pub fn of(fees_ttc: Centimes, tax: &Tax) -> TvaFigures {
        let rate = if tax.exemption.is_some() { 0 } else { tax.rate };
        // The rate applies to the centimes here only: the one place that owns the TVA rule.
        let fees_ht = Centimes::new(divide_rounded(fees_ttc.get() * 100, 100 + rate));
        TvaFigures {
            rate,
            exemption: tax.exemption.clone(),
            fees_ht,
            tva_amount: fees_ttc - fees_ht,
            fees_ttc,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(centimes: i64) -> Centimes {
        Centimes::new(centimes)
    }

    fn at(rate: i64) -> Tax {
        Tax {
            rate,
            exemption: None,
        }
    }

    #[test]
    fn fees_split_as_computed_by_hand() {
        // 3 parcels at 35 DH: 105,00 TTC = 87,50 HT + 17,50 TVA.
        assert_eq!(
            TvaFigures::of(c(10_500), &at(20)),
            TvaFigures {
                rate: 20,
                exemption: None,
                fees_ht: c(8_750),
                tva_amount: c(1_750),
                fees_ttc: c(10_500),
            }
        );
        // 0,03 TTC / 1,2 = 0,025: the half centime goes away from zero, to 0,03 HT, 0,00 TVA.
        let half = TvaFigures::of(c(3), &at(20));
        assert_eq!((half.fees_ht, half.tva_amount), (c(3), c(0)));
        // 0,09 / 1,2 = 0,075 → 0,08 HT, 0,01 TVA.
        let half = TvaFigures::of(c(9), &at(20));
        assert_eq!((half.fees_ht, half.tva_amount), (c(8), c(1)));
        // 1,00 / 1,2 = 0,8333… → 0,83 HT, 0,17 TVA.
        let third = TvaFigures::of(c(100), &at(20));
        assert_eq!((third.fees_ht, third.tva_amount), (c(83), c(17)));
        // 10 %: 0,11 / 1,1 = 0,10 exactly; 0,21 / 1,1 = 0,1909… → 0,19.
        assert_eq!(TvaFigures::of(c(11), &at(10)).fees_ht, c(10));
        assert_eq!(TvaFigures::of(c(21), &at(10)).fees_ht, c(19));
        // 14 %: 0,57 / 1,14 = 0,50 exactly, and 2 850,00 DH / 1,14 = 2 500,00.
        assert_eq!(TvaFigures::of(c(57), &at(14)).fees_ht, c(50));
        assert_eq!(TvaFigures::of(c(285_000), &at(14)).tva_amount, c(35_000));
        // Negative amounts round symmetrically.
        assert_eq!(divide_rounded(-5, 2), -3);
        assert_eq!(divide_rounded(5, 2), 3);
        assert_eq!(divide_rounded(-4, 3), -1);
    }

    #[test]
    fn an_exempt_company_charges_no_tva_whatever_its_rate() {
        let exempt = Tax {
            rate: 20,
            exemption: Some("Exonéré".into()),
        };
        let figures = TvaFigures::of(c(4_000), &exempt);
        assert_eq!(
            (figures.rate, figures.fees_ht, figures.tva_amount),
            (0, c(4_000), Centimes::ZERO)
        );
        assert_eq!(figures.exemption.as_deref(), Some("Exonéré"));
    }
}
