//! Orders in bulk: NDJSON, one ops order body per line (the body `POST /ops/v1/orders` takes), shared by
//! `POST /ops/v1/orders/bulk` and `orders import FILE`.
//!
//! Lines are taken in batches (`BATCH` a transaction) and written through the one write path for orders
//! (`orders::upsert_many`). Each line is checked as `POST /ops/v1/orders` checks its body before anything is
//! written; a line that fails is refused with its code and nothing of it is stored. Should the batch's
//! transaction fail even so, its lines are written again one transaction each, so a refused line never
//! takes its neighbours down. A line whose order is stored with the same body already is `unchanged`
//! (nothing written, the version stays): importing a file twice changes nothing the second time.

use serde::Serialize;
use utoipa::ToSchema;

use super::db;
use crate::db::Db;
use crate::error::{AppError, Code};
use crate::orders::{self, Stale, StoredOrder, Written};

/// Lines per write transaction.
pub const BATCH: usize = 500;
/// Lines one `POST /ops/v1/orders/bulk` takes (more: 413 `bulk-too-many-lines`).
pub const MAX_LINES: usize = 10_000;

/// What became of one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LineStatus {
    /// A new order was stored.
    Created,
    /// A stored order was replaced by this body.
    Replaced,
    /// The order is stored with this very body already: nothing was written.
    Unchanged,
    /// The line was refused (`code`, `field`, `message` say why); nothing of it was stored.
    Refused,
}

/// One line's result.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineResult {
    /// The line's number in the body, from 1 (blank lines count, and are skipped).
    pub line: usize,
    /// The order number, when the line could be read as an order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_number: Option<String>,
    pub status: LineStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<Code>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl LineResult {
    fn refused(line: usize, order_number: Option<String>, error: &AppError) -> Self {
        Self {
            line,
            order_number,
            status: LineStatus::Refused,
            code: Some(error.code()),
            field: error.field(),
            message: Some(error.to_string()),
        }
    }

    fn written(line: usize, order_number: &str, written: Written) -> Self {
        let status = match written {
            Written::Created => LineStatus::Created,
            Written::Replaced => LineStatus::Replaced,
            Written::Unchanged => LineStatus::Unchanged,
        };
        Self { line, order_number: Some(order_number.to_owned()), status, code: None, field: None, message: None }
    }
}

/// The counts of an import.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub created: usize,
    pub replaced: usize,
    pub unchanged: usize,
    pub refused: usize,
}

impl Counts {
    pub fn add(&mut self, results: &[LineResult]) {
        for result in results {
            match result.status {
                LineStatus::Created => self.created += 1,
                LineStatus::Replaced => self.replaced += 1,
                LineStatus::Unchanged => self.unchanged += 1,
                LineStatus::Refused => self.refused += 1,
            }
        }
    }

    pub fn lines(&self) -> usize {
        self.created + self.replaced + self.unchanged + self.refused
    }
}

/// A batch's results, and the cache entries its writes made stale (to forget after it: `Stale::forget_in`).
pub struct BatchOutcome {
    pub results: Vec<LineResult>,
    pub stale: Vec<Stale>,
}

/// True for a line that holds only white space (skipped: not an order, not refused).
pub fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// A line checked and ready to write.
struct Ready {
    line: usize,
    order: StoredOrder,
    previous_member: Option<String>,
}

/// A line read as an order, or why not (with the order number it names, if any).
type Parsed = Result<StoredOrder, (Option<String>, AppError)>;

fn parse(bytes: &[u8]) -> Parsed {
    orders::parse_order(bytes).map_err(|error| (named_order_number(bytes), error))
}

/// Lines from which parsing is split across the blocking pool (below it, one thread does it at once).
const PARALLEL_FROM: usize = 64;

/// Parses the lines, in order: a large batch on two blocking threads at once (parsing is most of the CPU
/// of an import, and the runtime's threads stay free meanwhile).
async fn parse_all(lines: &[(usize, &[u8])]) -> Vec<Parsed> {
    if lines.len() < PARALLEL_FROM {
        return lines.iter().map(|(_, bytes)| parse(bytes)).collect();
    }
    let half = lines.len().div_ceil(2);
    let mut tasks = Vec::with_capacity(2);
    for chunk in lines.chunks(half) {
        let owned: Vec<Vec<u8>> = chunk.iter().map(|(_, bytes)| bytes.to_vec()).collect();
        tasks.push(tokio::task::spawn_blocking(move || owned.iter().map(|bytes| parse(bytes)).collect::<Vec<_>>()));
    }
    let mut parsed = Vec::with_capacity(lines.len());
    for (task, chunk) in tasks.into_iter().zip(lines.chunks(half)) {
        match task.await {
            Ok(done) => parsed.extend(done),
            // A panic while parsing: those lines are parsed again here (and refused if it was theirs).
            Err(_) => parsed.extend(chunk.iter().map(|(_, bytes)| parse(bytes))),
        }
    }
    parsed
}

/// Who may own an imported order, as `POST /ops/v1/orders` decides it: the portal's own members only, or,
/// with the retailer's OpenID provider, any member id it issues, whose record is made on first sight
/// (ADR 0016).
#[derive(Debug, Clone, Copy)]
pub enum Owners<'a> {
    Portal,
    Provider { default_country: &'a str },
}

/// Checks one parsed line as `POST /ops/v1/orders` checks its body: its member and its store.
async fn check(
    db: &Db,
    owners: Owners<'_>,
    parsed: Parsed,
) -> Result<(StoredOrder, Option<String>), (Option<String>, AppError)> {
    let order = parsed?;
    let number = || Some(order.order_number.to_string());
    let lookup = match order.upm_id.as_deref() {
        Some(upm_id) => db::member_and_order_owner(db, upm_id, &order.order_number).await,
        None => db::order_owner(db, &order.order_number).await.map(|owner| (true, owner)),
    };
    let (member_found, previous) = lookup.map_err(|error| (number(), error))?;
    if !member_found {
        match (owners, order.upm_id.as_deref()) {
            (Owners::Provider { default_country }, Some(upm_id)) => {
                crate::auth::ensure_provider_member(db, upm_id, default_country)
                    .await
                    .map_err(|error| (number(), error))?;
            }
            _ => return Err((number(), AppError::validation("upmId", "no member has this upmId"))),
        }
    }
    if let Some(store_id) = order.pickup_store_id.as_deref() {
        match db::store_exists(db, store_id).await {
            Ok(true) => {}
            Ok(false) => return Err((number(), AppError::validation("pickupStoreId", "no store has this id"))),
            Err(error) => return Err((number(), error)),
        }
    }
    Ok((order, previous.flatten()))
}

/// The `orderNumber` a refused line names, when it is JSON with one (to say which order was refused).
fn named_order_number(bytes: &[u8]) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Named {
        #[serde(rename = "orderNumber")]
        order_number: String,
    }
    let named: Named = serde_json::from_slice(bytes).ok()?;
    let number = named.order_number.trim();
    (!number.is_empty() && number.len() <= 64 && number.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .then(|| number.to_owned())
}

/// Imports one batch of lines (`(line number, bytes)`, blank lines left out by the caller), at most `BATCH`
/// of them for one transaction. Every line gets a result, in the order given.
pub async fn import_batch(db: &Db, owners: Owners<'_>, lines: &[(usize, &[u8])], now: i64) -> BatchOutcome {
    let mut results: Vec<LineResult> = Vec::with_capacity(lines.len());
    let mut ready: Vec<Ready> = Vec::with_capacity(lines.len());
    // Where each checked line's result goes in `results`, filled after the write.
    let mut slots: Vec<usize> = Vec::with_capacity(lines.len());
    for (&(line, _), parsed) in lines.iter().zip(parse_all(lines).await) {
        match check(db, owners, parsed).await {
            Ok((order, previous_member)) => {
                slots.push(results.len());
                results.push(LineResult::written(line, &order.order_number, Written::Unchanged));
                ready.push(Ready { line, order, previous_member });
            }
            Err((order_number, error)) => results.push(LineResult::refused(line, order_number, &error)),
        }
    }
    let mut stale = Vec::new();
    let orders: Vec<&StoredOrder> = ready.iter().map(|item| &item.order).collect();
    let outcomes: Vec<Result<Written, AppError>> = match orders::upsert_many(db, &orders, now).await {
        Ok(written) => written.into_iter().map(Ok).collect(),
        // One of them (or the database) failed and the batch was rolled back: each alone, so only the
        // line at fault is refused.
        Err(_) if orders.len() > 1 => {
            let mut each = Vec::with_capacity(orders.len());
            for order in &orders {
                each.push(orders::upsert_many(db, std::slice::from_ref(order), now).await.and_then(|mut written| {
                    written.pop().ok_or_else(|| AppError::Internal("no result for a written order".into()))
                }));
            }
            each
        }
        Err(error) => vec![Err(error)],
    };
    for ((item, slot), outcome) in ready.iter().zip(slots).zip(outcomes) {
        let number = &item.order.order_number;
        results[slot] = match outcome {
            Ok(written) => {
                if written != Written::Unchanged {
                    stale.push(Stale::of(number, [item.previous_member.as_deref(), item.order.upm_id.as_deref()]));
                }
                LineResult::written(item.line, number, written)
            }
            Err(error) => {
                if let AppError::Internal(cause) = &error {
                    tracing::error!(error = %cause, line = item.line, "a bulk order line could not be written");
                }
                LineResult::refused(item.line, Some(number.to_string()), &error)
            }
        };
    }
    BatchOutcome { results, stale }
}

/// Splits an NDJSON body into its non-blank lines, numbered from 1.
pub fn numbered_lines(body: &[u8]) -> Vec<(usize, &[u8])> {
    body.split(|byte| *byte == b'\n')
        .enumerate()
        .map(|(index, line)| (index + 1, line.strip_suffix(b"\r").unwrap_or(line)))
        .filter(|(_, line)| !is_blank(line))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_from_one_and_blank_ones_skipped() {
        let body = b"{\"a\":1}\r\n\n  \n{\"b\":2}";
        let lines = numbered_lines(body);
        assert_eq!(lines, vec![(1, &b"{\"a\":1}"[..]), (4, &b"{\"b\":2}"[..])]);
    }
}
