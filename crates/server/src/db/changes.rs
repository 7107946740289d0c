//! Whether the orders may have changed since a moment this process saw: a generation, a number that moves
//! whenever any process may have written an order or accepted a job for one. The response cache decides
//! access to a body it holds from memory only while the generation is the one it checked that body's
//! access facts in the database at (docs/adr/0028-access-from-memory-for-cached-bodies.md); otherwise it
//! asks the database, as every read did before.
//!
//! - SQLite: the header of the WAL index, read where the reading thread's own connection mapped it, on every
//!   call (`wal_index`, ADR 0034; `PRAGMA data_version` until the first read has mapped it). It moves when
//!   any other connection commits (this process's writer, or another process on the same file), so a
//!   reader never trusts a body past a commit it could see. Strict, and a read of 48 bytes.
//! - PostgreSQL: a trigger notifies channel `orders_changed` when `orders` is written or a job of an order
//!   is added (migration 0024), and a task here listens. A commit is learnt when its notification arrives
//!   (about a millisecond later): a process may answer the body from before a write for that long. While
//!   the listening connection is down (starting, lost, PostgreSQL restarting) nothing is trusted, and a
//!   reconnect moves the generation, since notifications sent meanwhile are lost.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::Notify;

/// The channel migration 0024's triggers notify.
pub const CHANNEL: &str = "orders_changed";

/// How long the listener waits before connecting again after PostgreSQL refused or dropped it.
const RECONNECT_AFTER: Duration = Duration::from_millis(500);

#[derive(Default)]
pub struct Changes {
    generation: AtomicU64,
    /// PostgreSQL: the listener is connected and listening (nothing is trusted otherwise).
    listening: AtomicBool,
    /// Wakes the listener to end when the database handle is gone.
    stop: Arc<Notify>,
}

impl Changes {
    pub(super) fn moved(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    pub(super) fn current(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    pub(super) fn listening(&self) -> bool {
        self.listening.load(Ordering::Acquire)
    }

    fn set_listening(&self, listening: bool) {
        // Moved first: a body checked before the listener (re)connected is not trusted after it.
        self.moved();
        self.listening.store(listening, Ordering::Release);
    }
}

impl Drop for Changes {
    fn drop(&mut self) {
        self.stop.notify_one();
    }
}

/// Starts the PostgreSQL listener for `changes` (ends when `changes` is dropped).
pub(super) fn listen(url: String, changes: &Arc<Changes>) {
    let stop = Arc::clone(&changes.stop);
    let changes = Arc::downgrade(changes);
    tokio::spawn(async move {
        tokio::select! {
            () = stop.notified() => {}
            () = listen_until_gone(&url, &changes) => {}
        }
    });
}

async fn listen_until_gone(url: &str, changes: &std::sync::Weak<Changes>) {
    loop {
        if let Ok(mut listener) = PgListener::connect(url).await
            && listener.listen(CHANNEL).await.is_ok()
        {
            let Some(shared) = changes.upgrade() else { return };
            shared.set_listening(true);
            drop(shared);
            loop {
                let received = listener.try_recv().await;
                let Some(shared) = changes.upgrade() else { return };
                match received {
                    Ok(Some(_)) => shared.moved(),
                    // The connection was lost and made again (sqlx listens again on it): what was
                    // notified in between is lost, so everything checked before is checked again.
                    Ok(None) => shared.moved(),
                    Err(error) => {
                        tracing::warn!(%error, "listening for order changes failed; cached bodies are checked in the database until it is back");
                        shared.set_listening(false);
                        break;
                    }
                }
            }
        }
        tokio::time::sleep(RECONNECT_AFTER).await;
    }
}
