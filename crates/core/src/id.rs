//! Typed internal ids: a parcel's id cannot be passed where a merchant's is expected. They
//! never leave the server (the wire names objects by their keys, see [`crate::key`]); with the
//! `diesel` feature they read and write the `BIGINT` id columns directly.

/// `ToSql`/`FromSql` for a newtype over `i64` on every backend diesel reads `BIGINT` from.
#[cfg(feature = "diesel")]
macro_rules! bigint_sql {
    ($name:ident) => {
        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::BigInt, DB> for $name
        where
            DB: diesel::backend::Backend,
            i64: diesel::deserialize::FromSql<diesel::sql_types::BigInt, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                i64::from_sql(bytes).map($name)
            }
        }

        impl<DB> diesel::serialize::ToSql<diesel::sql_types::BigInt, DB> for $name
        where
            DB: diesel::backend::Backend,
            i64: diesel::serialize::ToSql<diesel::sql_types::BigInt, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                self.0.to_sql(out)
            }
        }
    };
}
#[cfg(feature = "diesel")]
pub(crate) use bigint_sql;

macro_rules! typed_ids {
    ($($(#[$doc:meta])* $name:ident;)+) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "diesel", derive(diesel::AsExpression, diesel::FromSqlRow))]
        #[cfg_attr(feature = "diesel", diesel(sql_type = diesel::sql_types::BigInt))]
        #[serde(transparent)]
        pub struct $name(i64);

        impl $name {
            pub const fn new(id: i64) -> $name {
                $name(id)
            }

            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        #[cfg(feature = "diesel")]
        bigint_sql!($name);
    )+};
}

typed_ids! {
    /// Anyone who signs in (`users.id`): the actor of an action.
    UserId;
    /// A merchant's account (`users.id` of a `client`).
    MerchantId;
    /// A delivery person's account (`users.id` of a `delivery-admin`).
    DeliveryPersonId;
    ParcelId;
    ShopId;
    CityId;
    VoucherId;
    InvoiceId;
    TicketId;
}

/// A merchant and a delivery person are users: their id is the user's.
impl From<MerchantId> for UserId {
    fn from(id: MerchantId) -> UserId {
        UserId(id.0)
    }
}

impl From<DeliveryPersonId> for UserId {
    fn from(id: DeliveryPersonId) -> UserId {
        UserId(id.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_keep_their_number_and_convert_only_towards_user() {
        let merchant = MerchantId::new(7);
        assert_eq!(UserId::from(merchant), UserId::new(7));
        assert_eq!(ParcelId::new(42).get(), 42);
        assert_eq!(serde_json::to_string(&ShopId::new(3)).unwrap(), "3");
        assert_eq!(CityId::new(5).to_string(), "5");
    }
}
