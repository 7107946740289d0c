//! The time the server goes by. Windows (cancellation, returns, scannable-code wait), job leases and
//! rate limits read it here, so a test can move time forward instead of waiting.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// Wall-clock time in Unix milliseconds, plus an offset that only tests change.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    offset_ms: Arc<AtomicI64>,
}

impl Clock {
    pub fn now_ms(&self) -> i64 {
        chrono::Utc::now().timestamp_millis() + self.offset_ms.load(Ordering::Relaxed)
    }

    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        chrono::DateTime::from_timestamp_millis(self.now_ms()).unwrap_or_else(chrono::Utc::now)
    }

    /// Moves this clock (and every copy of it) forward; for tests.
    pub fn advance(&self, milliseconds: i64) {
        self.offset_ms.fetch_add(milliseconds, Ordering::Relaxed);
    }
}
