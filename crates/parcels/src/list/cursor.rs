//! Keyset cursors: where the next page of a sorted list starts.

use colivra_core::{Centimes, ParcelId};
use colivra_db::schema::parcels;
use diesel::prelude::*;

use crate::parcel::ParcelRow;

use super::Boxed;

/// The position after the last row of a page: its sort value (an amount's centimes, a time's
/// microseconds or the id) and id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Cursor {
    value: i64,
    id: ParcelId,
}

impl Cursor {
    pub(super) fn of(row: &ParcelRow, column: &str) -> Cursor {
        let value = match column {
            "cod_amount" => row.cod_amount.get(),
            "status_changed_at" => row.status_changed_at.and_utc().timestamp_micros(),
            _ => row.id.get(),
        };
        Cursor { value, id: row.id }
    }

    pub(super) fn encode(&self) -> String {
        format!("{}_{}", self.value, self.id)
    }

    pub(super) fn parse(raw: &str) -> Option<Cursor> {
        let (value, id) = raw.split_once('_')?;
        Some(Cursor {
            value: value.parse().ok()?,
            id: ParcelId::new(id.parse().ok()?),
        })
    }

    pub(super) fn after<'a>(&self, q: Boxed<'a>, column: &str, descending: bool) -> Boxed<'a> {
        let id = self.id;
        let amount = Centimes::new(self.value);
        match (column, descending) {
            ("cod_amount", true) => q.filter(
                parcels::cod_amount
                    .lt(amount)
                    .or(parcels::cod_amount.eq(amount).and(parcels::id.lt(id))),
            ),
            ("cod_amount", false) => q.filter(
                parcels::cod_amount
                    .gt(amount)
                    .or(parcels::cod_amount.eq(amount).and(parcels::id.gt(id))),
            ),
            ("status_changed_at", _) => {
                let at = chrono::DateTime::from_timestamp_micros(self.value)
                    .map(|t| t.naive_utc())
                    .unwrap_or_default();
                if descending {
                    q.filter(
                        parcels::status_changed_at
                            .lt(at)
                            .or(parcels::status_changed_at.eq(at).and(parcels::id.lt(id))),
                    )
                } else {
                    q.filter(
                        parcels::status_changed_at
                            .gt(at)
                            .or(parcels::status_changed_at.eq(at).and(parcels::id.gt(id))),
                    )
                }
            }
            (_, true) => q.filter(parcels::id.lt(id)),
            (_, false) => q.filter(parcels::id.gt(id)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_reject_garbage() {
        let cursor = Cursor {
            value: -5,
            id: ParcelId::new(42),
        };
        assert_eq!(Cursor::parse(&cursor.encode()), Some(cursor));
        assert_eq!(Cursor::parse("abc"), None);
        assert_eq!(Cursor::parse("1_x"), None);
    }
}
