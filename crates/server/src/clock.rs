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

/// Reads a duration such as `5s`, `5m`, `2h`, `500ms` (`ms`, `s`, `m`, `h`, `d`).
pub fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: u64 = number.parse().map_err(|_| format!("{text}: a number and a unit (ms, s, m, h, d)"))?;
    let scale: u64 = match unit {
        "ms" => 1,
        "s" => 1000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => return Err(format!("{text}: the unit is ms, s, m, h or d")),
    };
    let millis = number.checked_mul(scale).ok_or_else(|| format!("{text}: too long"))?;
    Ok(std::time::Duration::from_millis(millis))
}
