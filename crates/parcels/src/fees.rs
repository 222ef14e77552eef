//! Fees: a delivery, a return and a refusal fee, in centimes. A city has them, a merchant may
//! have his own for some cities (costs), and a parcel keeps a snapshot of the ones in force when
//! it was created, which invoices read. The rule of pricing, "the merchant's own price for the
//! city, else the city's", is [`Fees::effective`], applied to the rows of [`effective_fees`].

use colivra_core::{Centimes, CityId, FieldErrors, MerchantId};
use colivra_db::schema::{cities, merchant_costs};
use colivra_db::DbBackend;
use diesel::dsl;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// The highest fee accepted: 1,000 DH.
pub const MAX_FEE_CENTIMES: i64 = 100_000;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Fees {
    #[schema(value_type = i64)]
    pub delivery: Centimes,
    #[serde(rename = "return")]
    #[schema(value_type = i64)]
    pub return_fee: Centimes,
    #[schema(value_type = i64)]
    pub refusal: Centimes,
}

impl Fees {
    /// What a merchant pays in a city: his own price when he has one, else the city's.
    pub fn effective(city: Fees, own: Option<Fees>) -> Fees {
        own.unwrap_or(city)
    }

    /// Checks the three fees of a form (`delivery_fee`, `return_fee`, `refusal_fee`: each
    /// required, 0 to [`MAX_FEE_CENTIMES`]); errors go to `errors` under those names.
    pub fn check(
        errors: &mut FieldErrors,
        delivery: Option<i64>,
        return_fee: Option<i64>,
        refusal: Option<i64>,
    ) -> Fees {
        let mut fee = |field: &str, value: Option<i64>| match value {
            Some(v) if (0..=MAX_FEE_CENTIMES).contains(&v) => Centimes::new(v),
            Some(_) => {
                errors.add(
                    field,
                    format!("Entre 0 et {}.", Centimes::new(MAX_FEE_CENTIMES)),
                );
                Centimes::ZERO
            }
            None => {
                errors.add(field, "Ce tarif est obligatoire.");
                Centimes::ZERO
            }
        };
        Fees {
            delivery: fee("delivery_fee", delivery),
            return_fee: fee("return_fee", return_fee),
            refusal: fee("refusal_fee", refusal),
        }
    }

    /// The fees as the `cities` columns to write.
    pub fn city_columns(
        self,
    ) -> (
        dsl::Eq<cities::delivery_fee, Centimes>,
        dsl::Eq<cities::return_fee, Centimes>,
        dsl::Eq<cities::refusal_fee, Centimes>,
    ) {
        (
            cities::delivery_fee.eq(self.delivery),
            cities::return_fee.eq(self.return_fee),
            cities::refusal_fee.eq(self.refusal),
        )
    }

    /// The fees as the `merchant_costs` (a merchant's own price) columns to write.
    pub fn cost_columns(
        self,
    ) -> (
        dsl::Eq<merchant_costs::delivery_fee, Centimes>,
        dsl::Eq<merchant_costs::return_fee, Centimes>,
        dsl::Eq<merchant_costs::refusal_fee, Centimes>,
    ) {
        (
            merchant_costs::delivery_fee.eq(self.delivery),
            merchant_costs::return_fee.eq(self.return_fee),
            merchant_costs::refusal_fee.eq(self.refusal),
        )
    }
}

/// A city with its fees and, when the merchant has one, his own price there.
#[derive(Debug, Clone, Queryable)]
pub struct CityPrice {
    pub city_id: CityId,
    pub city_key: String,
    pub city_name: String,
    city_delivery: Centimes,
    city_return: Centimes,
    city_refusal: Centimes,
    own_delivery: Option<Centimes>,
    own_return: Option<Centimes>,
    own_refusal: Option<Centimes>,
}

impl CityPrice {
    pub fn city_fees(&self) -> Fees {
        Fees {
            delivery: self.city_delivery,
            return_fee: self.city_return,
            refusal: self.city_refusal,
        }
    }

    pub fn own_fees(&self) -> Option<Fees> {
        Some(Fees {
            delivery: self.own_delivery?,
            return_fee: self.own_return?,
            refusal: self.own_refusal?,
        })
    }

    /// What the merchant pays there.
    pub fn fees(&self) -> Fees {
        Fees::effective(self.city_fees(), self.own_fees())
    }
}

pub type OwnPriceOn = dsl::And<
    dsl::Eq<merchant_costs::city_id, cities::id>,
    dsl::Eq<merchant_costs::merchant_id, MerchantId>,
>;
pub type ActiveCitiesWithOwnPrice = dsl::Filter<
    dsl::LeftJoinOn<cities::table, merchant_costs::table, OwnPriceOn>,
    dsl::Eq<cities::active, bool>,
>;
/// The active cities with the merchant's own prices; callers add filters, order and paging.
pub type EffectiveFeesQuery<'a> = dsl::IntoBoxed<'a, ActiveCitiesWithOwnPrice, DbBackend>;

/// The columns of a [`CityPrice`].
#[allow(clippy::type_complexity)]
pub fn city_price_columns() -> (
    cities::id,
    cities::key,
    cities::name,
    cities::delivery_fee,
    cities::return_fee,
    cities::refusal_fee,
    dsl::Nullable<merchant_costs::delivery_fee>,
    dsl::Nullable<merchant_costs::return_fee>,
    dsl::Nullable<merchant_costs::refusal_fee>,
) {
    (
        cities::id,
        cities::key,
        cities::name,
        cities::delivery_fee,
        cities::return_fee,
        cities::refusal_fee,
        merchant_costs::delivery_fee.nullable(),
        merchant_costs::return_fee.nullable(),
        merchant_costs::refusal_fee.nullable(),
    )
}

/// Every active city with what `merchant_id` pays there: select [`city_price_columns`] into
/// [`CityPrice`] and read [`CityPrice::fees`]. The one query behind the merchant's price list and
/// parcel creation.
pub fn effective_fees<'a>(merchant_id: MerchantId) -> EffectiveFeesQuery<'a> {
    active_cities_with_own_price(merchant_id).into_boxed()
}

/// [`effective_fees`] unboxed, for a query of one backend (a `UNION`, which MultiBackend lacks).
pub fn active_cities_with_own_price(merchant_id: MerchantId) -> ActiveCitiesWithOwnPrice {
    cities::table
        .left_join(
            merchant_costs::table.on(merchant_costs::city_id
                .eq(cities::id)
                .and(merchant_costs::merchant_id.eq(merchant_id))),
        )
        .filter(cities::active.eq(true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_merchants_own_price_wins() {
        let city = Fees {
            delivery: Centimes::new(3000),
            return_fee: Centimes::new(1000),
            refusal: Centimes::new(500),
        };
        let own = Fees {
            delivery: Centimes::new(2500),
            return_fee: Centimes::ZERO,
            refusal: Centimes::ZERO,
        };
        assert_eq!(Fees::effective(city, None), city);
        assert_eq!(Fees::effective(city, Some(own)), own);
    }

    #[test]
    fn fees_are_checked_per_field() {
        let mut errors = FieldErrors::new();
        let fees = Fees::check(&mut errors, Some(2000), None, Some(MAX_FEE_CENTIMES + 1));
        assert_eq!(fees.delivery, Centimes::new(2000));
        assert!(errors.contains("return_fee"));
        assert!(errors.contains("refusal_fee"));
        assert!(!errors.contains("delivery_fee"));
    }
}
