//! What each parcel counts for on each kind of invoice (domain rules, "Fees and invoices").

use colivra_core::Centimes;
use colivra_parcels::parcel::ParcelRow;
use serde::Serialize;
use utoipa::ToSchema;

use crate::kind::Kind;

/// The cash a parcel's COD moves at the door: collected from the customer, or, for a refund,
/// paid out to him (negative).
pub fn cash_at_door(kind: &str, cod_amount: Centimes) -> Centimes {
    if kind == "refund" {
        -cod_amount
    } else {
        cod_amount
    }
}

/// The cash a parcel brings to a delivery invoice: what moved at the door when it was
/// delivered; nothing when refused.
pub fn delivery_cash(kind: &str, outcome: Option<&str>, cod_amount: Centimes) -> Centimes {
    match outcome {
        Some("delivered") => cash_at_door(kind, cod_amount),
        _ => Centimes::ZERO,
    }
}

/// Cash to collect and cash to pay out, kept apart, and the net (collect − pay out), in
/// centimes: the one computation behind vouchers, the round and delivery invoices, so a refund
/// is never added to what is collected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct CashFigures {
    /// Cash the delivery person collects from customers (« à encaisser »).
    #[schema(value_type = i64)]
    pub cash_to_collect: Centimes,
    /// Cash he pays out to customers for refunds (« à rembourser »), positive.
    #[schema(value_type = i64)]
    pub cash_to_pay_out: Centimes,
    /// `cash_to_collect − cash_to_pay_out`.
    #[schema(value_type = i64)]
    pub net_cash: Centimes,
}

impl CashFigures {
    /// Adds one amount of cash at the door, signed as [`cash_at_door`] gives it.
    pub fn add(&mut self, signed: Centimes) {
        if !signed.is_negative() {
            self.cash_to_collect += signed;
        } else {
            self.cash_to_pay_out -= signed;
        }
        self.net_cash += signed;
    }

    /// The figures of signed amounts of cash at the door.
    pub fn of(signed: impl IntoIterator<Item = Centimes>) -> CashFigures {
        signed.into_iter().fold(CashFigures::default(), |mut f, s| {
            f.add(s);
            f
        })
    }
}

/// One parcel's figures on an invoice, in centimes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amounts {
    /// The cash it brings (refunds: paid out, negative; refused and returned: none).
    pub cod: Centimes,
    /// The fee (client invoices) or the commission (delivery invoices) it costs.
    pub fee: Centimes,
    /// `cod − fee`: what the line adds to the invoice's total.
    pub amount: Centimes,
}

/// The figures of `parcel` on an invoice of `kind`.
///
/// - delivery: delivered `COD − delivered commission` (refund: `−COD − commission`), refused
///   `−refused commission`;
/// - client `delivered`: `COD − delivery fee` (refund: `−COD − delivery fee`);
/// - client `returned`: `−refusal fee` after a refusal, `−return fee` otherwise.
pub fn amounts(kind: Kind, parcel: &ParcelRow) -> Amounts {
    let collected = cash_at_door(&parcel.kind, parcel.cod_amount);
    let (cod, fee) = match kind {
        Kind::Delivery => (
            delivery_cash(&parcel.kind, parcel.outcome.as_deref(), parcel.cod_amount),
            parcel.commission.unwrap_or(Centimes::ZERO),
        ),
        Kind::Delivered => (collected, parcel.delivery_fee),
        Kind::Returned => match parcel.outcome.as_deref() {
            Some("refused") => (Centimes::ZERO, parcel.refusal_fee),
            _ => (Centimes::ZERO, parcel.return_fee),
        },
    };
    Amounts {
        cod,
        fee,
        amount: cod - fee,
    }
}

/// An invoice's totals: parcels, cash, fees (or commissions) and the net total.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub parcels_count: i64,
    pub cod_total: Centimes,
    pub fees_total: Centimes,
    pub total: Centimes,
}

impl Totals {
    pub fn of<'a>(kind: Kind, parcels: impl IntoIterator<Item = &'a ParcelRow>) -> Totals {
        parcels.into_iter().fold(Totals::default(), |t, parcel| {
            let a = amounts(kind, parcel);
            Totals {
                parcels_count: t.parcels_count + 1,
                cod_total: t.cod_total + a.cod,
                fees_total: t.fees_total + a.fee,
                total: t.total + a.amount,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refunds_are_paid_out_never_collected() {
        let figures = CashFigures::of([
            cash_at_door("standard", Centimes::new(25_000)),
            cash_at_door("refund", Centimes::new(12_000)),
            cash_at_door("exchange", Centimes::new(4_990)),
            Centimes::ZERO,
        ]);
        assert_eq!(
            figures,
            CashFigures {
                cash_to_collect: Centimes::new(29_990),
                cash_to_pay_out: Centimes::new(12_000),
                net_cash: Centimes::new(17_990),
            }
        );
        assert_eq!(CashFigures::of([]), CashFigures::default());
    }
}
