//! Connections the database closed under us (a restart, a failover): noted by the error mapping
//! when a query finds its connection closed, read by the pool when connections go back and are
//! checked out. Apart from both so that neither depends on the other.

use std::sync::atomic::{AtomicU32, Ordering};

thread_local! {
    /// Set when a query on this thread found its connection closed: the connection this thread
    /// returns to the pool next (the one the query ran on) is dropped instead.
    static CONNECTION_LOST: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Check-outs still to validate with `SELECT 1` since a lost connection was seen.
static SUSPECT_CHECKOUTS: AtomicU32 = AtomicU32::new(0);

/// After a database restart every idle connection of the pool is dead, but the pool cannot
/// know it without a round trip, and a round trip on every check-out is what this avoids: the
/// first request on a dead connection fails (503) and calls this, which drops that connection
/// and has the next check-outs (more than a pool holds) validated, so the other dead ones are
/// replaced before any request uses them.
pub fn note_connection_lost() {
    CONNECTION_LOST.with(|lost| lost.set(true));
    SUSPECT_CHECKOUTS.store(64, Ordering::Release);
}

/// Whether a query on this thread found its connection closed since it last gave one back: the
/// connection it holds must go back to the pool from this thread (which then drops it), not be
/// kept for later work.
pub fn connection_lost_here() -> bool {
    CONNECTION_LOST.with(|lost| lost.get())
}

/// Whether the connection going back to the pool from this thread is broken (and forgets it).
pub(crate) fn take_connection_lost() -> bool {
    CONNECTION_LOST.with(|lost| lost.replace(false))
}

/// Whether this check-out is one to validate with `SELECT 1` (counting it).
pub(crate) fn take_suspect_checkout() -> bool {
    SUSPECT_CHECKOUTS
        .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1))
        .is_ok()
}
