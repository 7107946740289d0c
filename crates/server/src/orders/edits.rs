//! Changes to a stored order in place, inside the caller's transaction (re-exported by `store`, the one
//! writer of `orders` and `order_lines`).
//!
//! Every flow that changes an order it did not write whole (line status events, cancellations, a lifted
//! payment hold, return statuses, curbside pick-ups) goes through these, so each change ends the same way
//! (`touch`): the order's version moves (cached and stored renderings of it are no longer current, in
//! every process), its ready history rows are rendered again at the new version (ADR 0010), and the
//! caller learns which cache entries of this process went stale (`Stale`), to forget after its commit.
//! They take the caller's transaction because the callers write their own effect records with the change
//! (a cancellation, a money event, a job's outcome) and both must happen or neither.

use sqlx::{AnyConnection, Row};

use super::cache::ResponseCache;
use super::ready;
use crate::error::{AppError, AppResult};

/// The entries of the response cache one write made stale: the order's rendered body and the history
/// pages of its member(s). Forget them after the commit (before, a reader could cache the old body again;
/// the version check would refuse it, but it would take the memory until then).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stale {
    order_number: String,
    members: Vec<String>,
}

impl Stale {
    /// An order written whole: its member now and the one it belonged to before (a reassignment).
    pub fn of(order_number: &str, members: [Option<&str>; 2]) -> Self {
        let mut names: Vec<String> = Vec::with_capacity(2);
        for member in members.into_iter().flatten() {
            if !names.iter().any(|name| name == member) {
                names.push(member.to_owned());
            }
        }
        Self { order_number: order_number.to_owned(), members: names }
    }

    pub fn order_number(&self) -> &str {
        &self.order_number
    }

    pub fn forget_in(&self, cache: &ResponseCache) {
        let members: Vec<&str> = self.members.iter().map(String::as_str).collect();
        cache.forget_order(&self.order_number, &members);
    }
}

/// `body_hash = NULL`: the order no longer is the body last written whole, so importing that body again
/// replaces it (`store::upsert_many`).
const TOUCH: &str = "UPDATE orders SET version = version + 1, updated_at = $2, body_hash = NULL WHERE order_number = $1 \
     RETURNING upm_id";

/// Ends every change in place: bumps the order's version and rewrites its ready history rows. No order
/// under the number: nothing happens (and nothing is stale but the number's own entry).
pub async fn touch(connection: &mut AnyConnection, order_number: &str, now: i64) -> Result<Stale, sqlx::Error> {
    let member: Option<Option<String>> =
        sqlx::query_scalar(TOUCH).bind(order_number).bind(now).fetch_optional(&mut *connection).await?;
    finish(connection, order_number, member.flatten()).await
}

/// After the version moved: the ready rows at the new version, and what went stale.
async fn finish(
    connection: &mut AnyConnection,
    order_number: &str,
    member: Option<String>,
) -> Result<Stale, sqlx::Error> {
    ready::rewrite(connection, order_number).await?;
    Ok(Stale::of(order_number, [member.as_deref(), None]))
}

async fn set_line_status(
    connection: &mut AnyConnection,
    order_number: &str,
    line_number: i64,
    status: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE order_lines SET status = $1 WHERE order_number = $2 AND line_number = $3")
        .bind(status)
        .bind(order_number)
        .bind(line_number)
        .execute(&mut *connection)
        .await?;
    Ok(())
}

/// Sets the raw status of some lines of an order. For the returns flow: a return moving along shows on
/// its sales order's lines.
pub async fn set_line_statuses(
    connection: &mut AnyConnection,
    order_number: &str,
    line_numbers: &[i64],
    status: &str,
    now: i64,
) -> Result<Stale, sqlx::Error> {
    for line_number in line_numbers {
        set_line_status(connection, order_number, *line_number, status).await?;
    }
    touch(connection, order_number, now).await
}

/// Sets the raw status of the order's lines whose current raw status `select` picks to `new_status`. For
/// flows that move lines on (curbside completion: ready for pickup -> picked up).
pub async fn set_line_status_where(
    connection: &mut AnyConnection,
    order_number: &str,
    select: impl Fn(&str) -> bool,
    new_status: &str,
    now: i64,
) -> Result<Stale, sqlx::Error> {
    let lines = sqlx::query("SELECT line_number, status FROM order_lines WHERE order_number = $1")
        .bind(order_number)
        .fetch_all(&mut *connection)
        .await?;
    for line in &lines {
        let status: String = line.try_get("status")?;
        if select(&status) {
            set_line_status(connection, order_number, line.try_get("line_number")?, new_status).await?;
        }
    }
    touch(connection, order_number, now).await
}

/// Moves a line from raw status `from` to `to`; false when the line no longer has `from` (someone else
/// won). A cancel and a status event that race over a line thus have exactly one winner on both
/// databases (PostgreSQL re-checks the WHERE after the winner's row lock; SQLite has one writer). `touch`
/// the order after the last move.
pub async fn swap_line_status(
    connection: &mut AnyConnection,
    order_number: &str,
    line_number: i64,
    from: &str,
    to: &str,
) -> Result<bool, sqlx::Error> {
    let changed =
        sqlx::query("UPDATE order_lines SET status = $1 WHERE order_number = $2 AND line_number = $3 AND status = $4")
            .bind(to)
            .bind(order_number)
            .bind(line_number)
            .bind(from)
            .execute(&mut *connection)
            .await?
            .rows_affected();
    Ok(changed == 1)
}

/// Records when a line was cancelled (`itemDates.cancelled`, shown on history and detail) in `details`,
/// the line's details document as read. Call it in the transaction whose `swap_line_status` moved the
/// line to cancelled.
pub async fn stamp_line_cancelled(
    connection: &mut AnyConnection,
    order_number: &str,
    line_number: i64,
    details: &serde_json::Value,
    now: i64,
) -> Result<(), sqlx::Error> {
    let mut details = details.clone();
    if !details.is_object() {
        details = serde_json::json!({});
    }
    let when = super::view::rfc3339_millis(now);
    if let Some(dates) = details.get_mut("itemDates").filter(|dates| dates.is_object()) {
        dates["cancelled"] = serde_json::Value::String(when);
    } else {
        details["itemDates"] = serde_json::json!({ "cancelled": when });
    }
    sqlx::query("UPDATE order_lines SET details = $1 WHERE order_number = $2 AND line_number = $3")
        .bind(details.to_string())
        .bind(order_number)
        .bind(line_number)
        .execute(&mut *connection)
        .await?;
    Ok(())
}

/// The version is the compare-and-set key: the details document is read and written back whole.
const LIFT_HOLD: &str = "UPDATE orders SET details = $1, version = version + 1, updated_at = $2, body_hash = NULL \
     WHERE order_number = $3 AND version = $4 RETURNING upm_id";

/// A deferred payment was approved (a money event): lifts the order's payment hold (its details
/// document), so its lines no longer show payment pending. An order changed by someone else between the
/// read and the write answers `Busy` (the payment provider calls again).
pub async fn lift_payment_hold(connection: &mut AnyConnection, order_number: &str, now: i64) -> AppResult<Stale> {
    let row = sqlx::query("SELECT details, version FROM orders WHERE order_number = $1")
        .bind(order_number)
        .fetch_one(&mut *connection)
        .await?;
    let text: String = row.try_get("details")?;
    let version: i64 = row.try_get("version")?;
    let mut details: serde_json::Value =
        serde_json::from_str(&text).map_err(|error| AppError::Internal(Box::new(error)))?;
    details["paymentHoldFlag"] = serde_json::Value::Bool(false);
    let member: Option<Option<String>> = sqlx::query_scalar(LIFT_HOLD)
        .bind(details.to_string())
        .bind(now)
        .bind(order_number)
        .bind(version)
        .fetch_optional(&mut *connection)
        .await?;
    let Some(member) = member else {
        return Err(AppError::Busy { retry_after_seconds: 1 });
    };
    Ok(finish(connection, order_number, member).await?)
}
