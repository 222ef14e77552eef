//! The wake-up call of the webhook sender: the database runner rings it after a call that wrote
//! deliveries, the sender waits on it. Apart from both so that neither depends on the other.

use std::sync::LazyLock;

use tokio::sync::watch;

/// A counter every sender of this process watches (a test process runs several servers, each
/// with its sender; each wakes, finds its own work or none).
static WAKE: LazyLock<watch::Sender<u64>> = LazyLock::new(|| watch::channel(0).0);

/// Deliveries were committed: the senders of this process look at once.
pub fn wake() {
    WAKE.send_modify(|count| *count = count.wrapping_add(1));
}

/// What a sender waits on.
pub(crate) fn subscribe() -> watch::Receiver<u64> {
    WAKE.subscribe()
}
