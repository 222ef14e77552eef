//! What each parcel counts for on each kind of invoice (domain rules, "Fees and invoices").

use colivra_parcels::parcel::ParcelRow;

use crate::invoice::Kind;

/// One parcel's figures on an invoice, in centimes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amounts {
    /// The cash it brings (refunds: paid out, negative; refused and returned: none).
    pub cod: i64,
    /// The fee (client invoices) or the commission (delivery invoices) it costs.
    pub fee: i64,
    /// `cod − fee`: what the line adds to the invoice's total.
    pub amount: i64,
}

/// The figures of `parcel` on an invoice of `kind`.
///
/// - delivery: delivered `COD − delivered commission` (refund: `−COD − commission`), refused
///   `−refused commission`;
/// - client `delivered`: `COD − delivery fee` (refund: `−COD − delivery fee`);
/// - client `returned`: `−refusal fee` after a refusal, `−return fee` otherwise.
pub fn amounts(kind: Kind, parcel: &ParcelRow) -> Amounts {
    let collected = if parcel.kind == "refund" {
        -parcel.cod_amount
    } else {
        parcel.cod_amount
    };
    let (cod, fee) = match kind {
        Kind::Delivery => match parcel.outcome.as_deref() {
            Some("delivered") => (collected, parcel.commission.unwrap_or(0)),
            _ => (0, parcel.commission.unwrap_or(0)),
        },
        Kind::Delivered => (collected, parcel.delivery_fee),
        Kind::Returned => match parcel.outcome.as_deref() {
            Some("refused") => (0, parcel.refusal_fee),
            _ => (0, parcel.return_fee),
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
    pub cod_total: i64,
    pub fees_total: i64,
    pub total: i64,
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
