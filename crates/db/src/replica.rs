//! How far a PostgreSQL read replica has come: the primary's WAL position sampled now and then,
//! and the newest sample the replica has replayed past. A replica that replayed the position the
//! primary had at time T holds every transaction committed before T, so
//!
//! - it is `now - T` behind at most (the lag the gateway bounds), and
//! - it holds a caller's write answered at W when T ≥ W (read-your-writes).
//!
//! Positions are compared, not `pg_last_xact_replay_timestamp()`: an idle primary writes no WAL,
//! and a replica with nothing to replay is up to date however old its last replayed commit is.

use std::collections::VecDeque;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable};

use crate::{DbConnection, MapDbErr};
use colivra_core::AppResult;

/// The primary's WAL write position, in bytes (`pg_current_wal_lsn()`).
pub fn primary_position(conn: &mut DbConnection) -> AppResult<i64> {
    diesel::select(diesel::dsl::sql::<BigInt>(
        "(pg_current_wal_lsn() - '0/0'::pg_lsn)::bigint",
    ))
    .get_result(conn)
    .map_db_err()
}

/// The position a replica has replayed to; `None` when the server is not in recovery (a
/// promoted replica is a primary: it is as fresh as can be).
pub fn replayed_position(conn: &mut DbConnection) -> AppResult<Option<i64>> {
    diesel::select(diesel::dsl::sql::<Nullable<BigInt>>(
        "(pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint",
    ))
    .get_result(conn)
    .map_db_err()
}

/// The primary's positions sampled over the last moments, oldest first: (when, in ms since the
/// epoch, taken before asking; position).
#[derive(Debug, Default)]
pub struct Samples {
    samples: VecDeque<(i64, i64)>,
}

impl Samples {
    /// Keeps one more sample and forgets those older than `keep_ms` before it (but always one,
    /// so a replica far behind is known to be far behind rather than unknown).
    pub fn record(&mut self, at_ms: i64, position: i64, keep_ms: i64) {
        self.samples.push_back((at_ms, position));
        while self.samples.len() > 1 && self.samples[0].0 < at_ms - keep_ms {
            // The oldest goes only if the next one is old enough to stand for it.
            if self.samples[1].0 > at_ms - keep_ms {
                break;
            }
            self.samples.pop_front();
        }
    }

    /// When the primary was last at a position the replica has replayed: the time up to which the
    /// replica holds every commit. `None`: behind every sample kept. A replica not in recovery
    /// (`replayed` = `None`) is as fresh as the newest sample.
    pub fn caught_up_to(&self, replayed: Option<i64>) -> Option<i64> {
        let newest = self.samples.back()?;
        let Some(replayed) = replayed else {
            return Some(newest.0);
        };
        self.samples
            .iter()
            .rev()
            .find(|(_, position)| *position <= replayed)
            .map(|(at, _)| *at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_replica_holds_what_the_primary_had_when_it_was_last_at_a_replayed_position() {
        let mut samples = Samples::default();
        for (at, position) in [(1_000, 10), (1_250, 10), (1_500, 40), (1_750, 90)] {
            samples.record(at, position, 10_000);
        }
        assert_eq!(samples.caught_up_to(Some(90)), Some(1_750), "up to date");
        assert_eq!(
            samples.caught_up_to(Some(60)),
            Some(1_500),
            "between two samples"
        );
        assert_eq!(
            samples.caught_up_to(Some(10)),
            Some(1_250),
            "idle, then writes"
        );
        assert_eq!(
            samples.caught_up_to(Some(5)),
            None,
            "behind everything kept"
        );
        assert_eq!(samples.caught_up_to(None), Some(1_750), "promoted");
        assert_eq!(Samples::default().caught_up_to(Some(1)), None);
    }

    #[test]
    fn old_samples_go_but_one_stands_for_them() {
        let mut samples = Samples::default();
        for at in (0..100).map(|n| n * 250) {
            samples.record(at, 7, 2_000);
        }
        assert!(samples.samples.len() <= 10, "{}", samples.samples.len());
        assert!(samples.samples[0].0 <= 24_750 - 2_000);
        assert_eq!(samples.caught_up_to(Some(7)), Some(24_750));
    }
}
