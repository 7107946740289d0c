//! Ready order details (ADR 0012): an order's rendered detail body, stored so that a later read by any
//! process answers it from one row instead of reading the order's lines and facts and rendering them.
//!
//! What is stored is the body up to its `age` (the fetch time, spec 000 §3), which is added when it is
//! served, so a stored body answers exactly what rendering it at that moment would. A body is stored only
//! when nothing in it changes with the clock any more: the cancel window, the return window and the return
//! buttons' 30 days are over and no action in it has a deadline (`settled_at`); the order is not waiting
//! on a job (`shouldRefresh`) and not a store pickup (the store's details are read apart and change on
//! their own). Everything else the body shows changes only with a write that bumps the order's version,
//! which is the rule the response cache already relies on (`cache.rs`, `hooks.rs`).
//!
//! A stored body is current exactly when its `version` is the order's and its `tag` is this process's:
//! the build's sources (`ORDERS_SOURCE_HASH`, build.rs) and the settings' flags. A write, an upgrade or a
//! changed flag therefore never serves an old body: the detail is rendered from the records as before,
//! and stored again behind that answer (`behind::Writer`). `orders ready-details` (`refresh`) stores the bodies of
//! all orders at once, after a seed or an upgrade.

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::body::Bytes;
use domain::returns::window;

use super::store::StoredOrder;
use super::view::rfc3339_millis;
use crate::BoxError;
use crate::access::{ORDER_FACTS_BUSY_COLUMN, OrderFacts};
use crate::db::{self, Db, Param, Value};
use crate::error::AppResult;
use crate::settings::SiteSettings;

/// The tag of the ready details this process writes and reads: its build's sources and its settings.
pub fn tag(settings: &SiteSettings) -> i64 {
    static SOURCES: LazyLock<u64> =
        LazyLock::new(|| u64::from_str_radix(env!("ORDERS_SOURCE_HASH"), 16).unwrap_or_default());
    let mixed = (*SOURCES ^ settings.fingerprint().rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // 62 bits: a positive BIGINT on both databases.
    i64::try_from(mixed >> 2).unwrap_or_default()
}

/// A stored body current for the reading process, as it is answered.
#[derive(Debug)]
pub struct Found {
    /// The stored body with the fetch time (`with_age`).
    pub body: Bytes,
    pub settled_at: i64,
}

/// The order's access facts (`OrderFacts`) and its ready detail when one is current for `tag`, the body
/// already with `now` as its fetch time (one copy of the stored bytes): one row, an index probe on each
/// table, on the hot read path (`Db::read`). Without a current body the caller reads the order whole
/// (`db::find_order_with_lines`): a second statement, for the orders rendered anyway. One statement doing
/// both (the lines joined only without a body) cost PostgreSQL about as much as reading the order whole,
/// with or without a body (ADR 0012).
pub async fn find(db: &Db, order_number: &str, tag: i64, now: i64) -> AppResult<Option<(OrderFacts, Option<Found>)>> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT o.upm_id, o.email, o.phone_digits, o.order_type, o.country, o.version, {ORDER_FACTS_BUSY_COLUMN}, \
             d.body, d.settled_at FROM orders o LEFT JOIN ready_details d \
             ON d.order_number = o.order_number AND d.version = o.version AND d.tag = $2 WHERE o.order_number = $1"
        )
    });
    let mut found = None;
    db.read(&SQL, &[Param::Text(order_number), Param::Integer(tag)], |row| {
        let facts = OrderFacts::from_row(row)?;
        // `settled_at` and `body` are NOT NULL in a stored row: both present exactly when a body is.
        let ready = match (row.optional_integer(8)?, row.optional_stored_text(7)?) {
            (Some(settled_at), Some(stored)) => Some(Found { body: with_age(stored, now), settled_at }),
            _ => None,
        };
        found = Some((facts, ready));
        Ok(())
    })
    .await?;
    Ok(found)
}

/// When `order`'s view stops changing with the clock: its return window, its return buttons' 30 days and
/// its cancel window (`cancellable_until`) are all over. None for an order whose body is never stored
/// (a store pickup).
pub fn settles_at(order: &StoredOrder, cancellable_until: Option<i64>) -> Option<i64> {
    if order.pickup_store_id.is_some() {
        return None;
    }
    let returns_close = window::deadline_ms(order.order_date, &order.country);
    let buttons_close = window::return_buttons_close_ms(order.order_date);
    Some(returns_close.max(buttons_close).max(cancellable_until.unwrap_or(i64::MIN)))
}

/// A rendered body to store.
#[derive(Debug, Clone)]
pub struct Ready {
    pub order_number: String,
    pub version: i64,
    pub tag: i64,
    pub settled_at: i64,
    /// The body up to its `age` (`without_age`).
    pub body: String,
}

/// `body` without its last field, `"age":"<age>"` (what `with_age` adds back); None if it does not end so.
pub fn without_age(body: &[u8], age: &str) -> Option<String> {
    let suffix = format!(",\"age\":\"{age}\"}}");
    let kept = body.strip_suffix(suffix.as_bytes())?;
    String::from_utf8(kept.to_vec()).ok()
}

/// The body answered from a stored one: the stored part and the fetch time `now`.
pub fn with_age(stored: &[u8], now: i64) -> Bytes {
    let age = rfc3339_millis(now);
    let mut body = Vec::with_capacity(stored.len() + age.len() + 10);
    body.extend_from_slice(stored);
    body.extend_from_slice(b",\"age\":\"");
    body.extend_from_slice(age.as_bytes());
    body.extend_from_slice(b"\"}");
    Bytes::from(body)
}

/// Rows per INSERT: five values each, far under both databases' limits.
const ROWS_PER_STATEMENT: usize = 100;

/// Stores `ready` in one transaction. A body never replaces one of a later version of its order (two
/// processes rendering the same order around a write), and one order appears once per statement.
pub async fn store(db: &Db, ready: Vec<Ready>) -> Result<(), BoxError> {
    let mut newest: HashMap<String, Ready> = HashMap::with_capacity(ready.len());
    for one in ready {
        match newest.get(&one.order_number) {
            Some(kept) if kept.version >= one.version => {}
            _ => {
                newest.insert(one.order_number.clone(), one);
            }
        }
    }
    if newest.is_empty() {
        return Ok(());
    }
    let mut rows: Vec<Ready> = newest.into_values().collect();
    // The same order of keys in every writer: two processes' batches never wait on each other crosswise.
    rows.sort_by(|a, b| a.order_number.cmp(&b.order_number));
    let mut transaction = db.begin_write().await?;
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let mut values: Vec<Value> = Vec::with_capacity(chunk.len() * 5);
        for row in chunk {
            values.extend([
                row.order_number.as_str().into(),
                row.version.into(),
                row.tag.into(),
                row.settled_at.into(),
                row.body.as_str().into(),
            ]);
        }
        let sql = format!(
            "INSERT INTO ready_details (order_number, version, tag, settled_at, body) VALUES {} \
             ON CONFLICT (order_number) DO UPDATE SET version = excluded.version, tag = excluded.tag, \
             settled_at = excluded.settled_at, body = excluded.body WHERE ready_details.version <= excluded.version",
            super::store::placeholders(db.backend, chunk.len(), 5)
        );
        db::execute(&mut transaction, &sql, &values).await?;
    }
    transaction.commit().await?;
    Ok(())
}

impl super::behind::Stored for Ready {
    const WHAT: &'static str = "ready order details";

    fn store(db: &Db, batch: Vec<Self>) -> impl std::future::Future<Output = Result<(), BoxError>> + Send {
        store(db, batch)
    }
}

/// The orders after `$1` (by number, `$3` at most) whose ready detail is missing or not current for tag
/// `$2`, store pickups left out.
const NOT_CURRENT: &str = "SELECT o.order_number FROM orders o \
     LEFT JOIN ready_details d ON d.order_number = o.order_number \
     WHERE o.order_number > $1 AND o.pickup_store_id IS NULL \
     AND (d.order_number IS NULL OR d.version <> o.version OR d.tag <> $2) \
     ORDER BY o.order_number LIMIT $3";

/// What `refresh` did.
#[derive(Debug, Clone, Copy, Default)]
pub struct Refreshed {
    /// Orders whose body was stored.
    pub stored: u64,
    /// Orders rendered but not stored: their view still changes with the clock, or a job is pending.
    pub unsettled: u64,
}

/// Renders and stores the body of every order whose ready detail is missing or not current for this
/// process (`orders ready-details`: after a seed, an upgrade or a change of flags), `batch` orders per
/// write transaction. Safe beside serving processes: a body is stored at the version it was read at.
pub async fn refresh(state: &super::OrdersState, batch: usize) -> Result<Refreshed, BoxError> {
    let limit = i64::try_from(batch.max(1))?;
    let tag = tag(&state.settings);
    let mut after = String::new();
    let mut done = Refreshed::default();
    loop {
        let numbers: Vec<String> =
            sqlx::query_scalar(NOT_CURRENT).bind(after.clone()).bind(tag).bind(limit).fetch_all(&state.db.pool).await?;
        let Some(last) = numbers.last() else { return Ok(done) };
        after = last.clone();
        // Read side by side (PostgreSQL pipelines them; SQLite reads on this thread one after another).
        let reads = numbers.iter().map(|number| super::db::find_order_with_lines(&state.db, number));
        let mut ready = Vec::with_capacity(numbers.len());
        for loaded in futures_util::future::join_all(reads).await {
            let Some(loaded) = loaded? else { continue };
            let now = state.clock.now_ms();
            match super::detail::render(state, loaded, now).await?.ready {
                Some(one) => ready.push(one),
                None => done.unsettled += 1,
            }
        }
        done.stored += ready.len() as u64;
        store(&state.db, ready).await?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(flags: &[&str]) -> SiteSettings {
        let flags: Vec<String> = flags.iter().map(|flag| (*flag).to_owned()).collect();
        SiteSettings::load(None, Vec::new(), &flags).expect("settings")
    }

    #[test]
    fn the_tag_follows_the_flags() {
        let shipped = tag(&settings(&[]));
        assert!(shipped > 0);
        assert_eq!(tag(&settings(&[])), shipped, "the same settings, the same tag");
        assert_ne!(tag(&settings(&["enableWriteReview=false"])), tag(&settings(&["enableWriteReview=true"])));
    }

    #[test]
    fn a_stored_body_is_served_with_the_fetch_time() {
        let age = rfc3339_millis(1_700_000_000_000);
        let body = format!("{{\"orderNumber\":\"C1\",\"age\":\"{age}\"}}");
        let kept = without_age(body.as_bytes(), &age).expect("ends with its age");
        assert_eq!(kept, "{\"orderNumber\":\"C1\"");
        assert_eq!(&with_age(kept.as_bytes(), 1_700_000_000_000)[..], body.as_bytes());
        assert_eq!(
            &with_age(kept.as_bytes(), 1_800_000_000_000)[..],
            br#"{"orderNumber":"C1","age":"2027-01-15T08:00:00Z"}"#
        );
        assert_eq!(without_age(body.as_bytes(), "2020-01-01T00:00:00Z"), None, "another age is not cut");
    }
}
