//! Ready history rows (ADR 0010): the JSON of each line's history row, stored with the line.
//!
//! A history row is a pure function of the stored order and line, except for its `actions`, which depend
//! on the country's flags (retailer settings), the line's return order (another order) and the time. So
//! every writer that stores lines stores, per line, its row's JSON up to the actions (`history_json`) and
//! the two facts the line's actions need that are not plain columns (`history_status`: the displayed
//! status; `history_customized`). A history page then reads these and writes the actions in, instead of
//! decoding every column of every line and its order and serializing the row again.
//!
//! Whether the stored rows are current is decided by one rule: they are, exactly when the order's
//! `lines_view_version` equals its `version` plus this build's `format_tag` (a number taken from how this
//! build renders rows: two releases that render rows differently, running side by side during an
//! upgrade, each use only the rows written in their own format and never reset the other's). The
//! writers that store lines (`store::upsert`,
//! `store::insert_new`) set both; the changes in place (`edits.rs`: returns, cancellation, curbside
//! pick-up, deferred payment) call `rewrite` after their version bump. Any writer that bumps the
//! version without either leaves `lines_view_version` behind, so a page holding such an order is rendered
//! from the full record as before (`routes`): a writer added later that forgets about ready rows makes
//! pages slower, never wrong. `refresh` (`orders ready-rows`) catches such orders up.

use domain::{OrderType, SimpleStatus};

use super::store::{StoredLine, StoredOrder};
use super::view::{self, ActionLine};
use crate::BoxError;

/// The columns written with every line, after `store::LINE_COLUMNS`.
pub const LINE_COLUMNS: &[&str] = &["history_json", "history_status", "history_customized"];

/// The order column that names the version at which its lines' ready rows were written, plus the
/// `format_tag` of the build that wrote them.
pub const VERSION_COLUMN: &str = "lines_view_version";

/// How a serialized history row ends when it has no actions: `actions` is its last field.
const NO_ACTIONS: &str = "\"actions\":{}}";

/// What is stored per line (`LINE_COLUMNS`).
pub struct ReadyLine {
    /// The row's JSON up to its actions: `{"orderNumber":...,` (ends with the comma before `"actions"`).
    pub json: String,
    pub status: &'static str,
    pub customized: bool,
}

impl ReadyLine {
    pub fn of(order: &StoredOrder, line: &StoredLine) -> Result<Self, BoxError> {
        let customized = line.details.customized_product_reference.0.is_some();
        let (item, status) = view::history_item_without_actions(order, line.clone());
        let mut json = serde_json::to_string(&item)?;
        // `actions` is serialized last; a field added after it would break this, and is caught here.
        let Some(cut) = json.strip_suffix(NO_ACTIONS).map(str::len) else {
            return Err("a history row does not end with its actions".into());
        };
        json.truncate(cut);
        Ok(Self { json, status: status.as_str(), customized })
    }
}

/// A line of a history page as read from its ready row.
pub struct PageLine {
    pub line_number: i64,
    pub tracking_url: Option<String>,
    pub style_color: String,
    pub status: SimpleStatus,
    pub customized: bool,
    pub json: String,
    /// The newest return order that took back the line's SKU.
    pub return_order: Option<String>,
}

/// An order of a history page as read from its lines' ready rows.
pub struct PageOrder {
    pub order_number: String,
    pub order_date: i64,
    pub order_type: OrderType,
    pub country: String,
    pub lines: Vec<PageLine>,
}

/// The displayed status stored in `history_status`.
pub fn parse_status(text: &str) -> Option<SimpleStatus> {
    SimpleStatus::ALL.into_iter().find(|status| status.as_str() == text)
}

/// Writes the page's rows, comma-separated, into `out`: each ready row, then its actions. What
/// `view::history_items` renders, byte for byte (the tests compare the two).
pub fn write_items(
    out: &mut Vec<u8>,
    now: i64,
    orders: &[PageOrder],
    flags: impl Fn(&str) -> domain::actions::ActionFlags,
) -> Result<(), serde_json::Error> {
    let mut first = true;
    for order in orders {
        let flags = flags(&order.country);
        for line in &order.lines {
            if !std::mem::take(&mut first) {
                out.push(b',');
            }
            out.extend_from_slice(line.json.as_bytes());
            out.extend_from_slice(b"\"actions\":");
            let facts = ActionLine {
                order_number: &order.order_number,
                line_number: line.line_number,
                order_date: order.order_date,
                order_type: order.order_type,
                status: line.status,
                tracking_url: line.tracking_url.as_deref(),
                style_color: &line.style_color,
                customized: line.customized,
            };
            let actions = view::line_action_map(&facts, now, flags, line.return_order.as_deref());
            serde_json::to_writer(&mut *out, &actions)?;
            out.push(b'}');
        }
    }
    Ok(())
}

/// The orders whose ready rows are not current, after `$1` by key, `$2` at most.
static NOT_CURRENT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "SELECT order_number FROM orders WHERE order_number > $1 \
         AND (lines_view_version IS NULL OR lines_view_version <> version + {}) ORDER BY order_number LIMIT $2",
        format_tag()
    )
});
/// Claims the order at the version its rows are rendered from; no row when it changed meanwhile.
static MARK_CURRENT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "UPDATE orders SET lines_view_version = version + {} WHERE order_number = $1 AND version = $2",
        format_tag()
    )
});
const WRITE_LINE: &str = "UPDATE order_lines SET history_json = $1, history_status = $2, history_customized = $3 \
     WHERE order_number = $4 AND line_number = $5";

/// Writes the ready rows of every order whose rows are not current: orders stored before they existed
/// (migration 14), and orders a writer that does not write them changed since (`orders ready-rows`, for
/// operators after an upgrade). `batch` orders per transaction. Each order is rendered from its record
/// and marked current only at the version it was read at, in the transaction that writes its rows: an
/// order that changes meanwhile is left as it is (its writer's rule holds). Returns the orders made current.
pub async fn refresh(db: &crate::db::Db, batch: usize) -> Result<u64, BoxError> {
    use crate::db::{self, Value};
    let limit = i64::try_from(batch.max(1))?;
    let mut after = String::new();
    let mut refreshed = 0;
    loop {
        let numbers: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(NOT_CURRENT.as_str()))
            .bind(after.clone())
            .bind(limit)
            .fetch_all(&db.pool)
            .await?;
        let Some(last) = numbers.last() else { return Ok(refreshed) };
        after = last.clone();
        let mut orders = Vec::with_capacity(numbers.len());
        for number in &numbers {
            if let Some(loaded) = super::db::find_order_with_lines(db, number).await? {
                orders.push((loaded.order, loaded.version));
            }
        }
        let mut transaction = db.begin_write().await?;
        for (order, version) in &orders {
            let key: Value = order.order_number.as_str().into();
            if db::execute(&mut transaction, &MARK_CURRENT, &[key.clone(), (*version).into()]).await? == 0 {
                continue;
            }
            for line in &order.lines {
                let ready = ReadyLine::of(order, line)?;
                let values = [
                    ready.json.into(),
                    ready.status.into(),
                    i64::from(ready.customized).into(),
                    key.clone(),
                    line.line_number.into(),
                ];
                db::execute(&mut transaction, WRITE_LINE, &values).await?;
            }
            refreshed += 1;
        }
        transaction.commit().await?;
    }
}

/// Renders the order's ready rows again from its record as `connection` (the caller's transaction) sees
/// it, and marks them current at its version. For the changes in place (`edits::touch`): after the
/// bump, in the same transaction. If it is not called, or fails, the rows
/// are only not current (the page takes the record path), never wrong.
pub(super) async fn rewrite(connection: &mut sqlx::AnyConnection, order_number: &str) -> Result<(), sqlx::Error> {
    use super::store;
    static READ: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "SELECT {}, {} FROM orders o JOIN order_lines l ON l.order_number = o.order_number \
             WHERE o.order_number = $1",
            store::order_select("o"),
            store::line_select("l")
        )
    });
    let rows = sqlx::query(sqlx::AssertSqlSafe(READ.as_str())).bind(order_number).fetch_all(&mut *connection).await?;
    let Some(first) = rows.first() else { return Ok(()) };
    let mut order = store::order_from_row(first)?;
    for row in &rows {
        order.lines.push(store::line_from_row(row)?);
    }
    for line in &order.lines {
        let ready = ReadyLine::of(&order, line).map_err(sqlx::Error::Encode)?;
        sqlx::query(WRITE_LINE)
            .bind(ready.json)
            .bind(ready.status)
            .bind(i64::from(ready.customized))
            .bind(order_number)
            .bind(line.line_number)
            .execute(&mut *connection)
            .await?;
    }
    static MARK: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!("UPDATE orders SET lines_view_version = version + {} WHERE order_number = $1", format_tag())
    });
    sqlx::query(sqlx::AssertSqlSafe(MARK.as_str())).bind(order_number).execute(&mut *connection).await?;
    Ok(())
}

/// Bump when a history row's rendering changes in a way `SAMPLE` may not show (a rule for a case it
/// does not have): stored rows rendered before are then no longer current (`format_tag`).
const FORMAT_REVISION: u32 = 1;

/// An order with every field a history row shows, in the ops API's shape (`orders::body::parse_order`).
const SAMPLE: &str = r#"{
  "orderNumber": "C0000000001", "orderType": "SALES_ORDER", "orderClassification": "CONSUMER",
  "partnerName": "Runners \"Hub\"", "country": "US", "currency": "USD", "upmId": "sample",
  "email": "sample@example.com", "orderDate": "2026-11-01T10:00:00Z", "shippingTotal": 7.5,
  "paymentHoldFlag": true, "payments": [{"paymentType": "klarna"}],
  "lines": [
    {"lineNumber": 1, "gtin": "00012345678905", "skuId": "SKU-1", "productId": "P1", "styleColor": "AR2-001",
     "title": "Stride Runner 4", "category": "Shoes", "color": "Black/White", "size": "10",
     "imageUrl": "/images/products/AR2-001.svg", "quantity": 1, "unitPrice": 120, "tax": 9.6, "fees": 1.25,
     "status": "In Transit", "shipmentNumber": "S1", "trackingUrl": "https://tracking.example.com/1Z1",
     "estimatedDeliveryDate": "2026-11-05", "msrp": 140, "promotions": [{"id": "L1", "promoType": "MARKDOWN"}],
     "lineItemTransactionAlt": {"unitPrice": "110.5"}, "customizedProductReference": "CUSTOM-1",
     "valueAddedServiceID": "VAS-9", "description": "Road running shoe", "pid": "PID-1", "metricId": "MET-1",
     "pbid": "PB-1", "eddTranslated": "Arrives Thu, Nov 5", "memberGatedFlag": true,
     "itemDates": {"ordered": "2026-11-01T10:00:00Z", "shipped": "2026-11-02T08:00:00+01:00"}},
    {"lineNumber": 2, "gtin": "00012345678912", "skuId": "SKU-2", "productId": "P2", "styleColor": "DTT-001",
     "title": "Dri-Tech Training Tee", "category": "Top", "color": "Navy", "size": "M", "quantity": 2,
     "unitPrice": "25.00", "tax": 4, "status": "created"}
  ]
}"#;

/// What this build's rows look like: a hash of `FORMAT_REVISION` and the rows it renders for `SAMPLE`.
pub fn format_fingerprint() -> Result<String, BoxError> {
    use sha2::{Digest, Sha256};
    let order = super::body::parse_order(SAMPLE.as_bytes()).map_err(|error| format!("{error:?}"))?;
    let mut hash = Sha256::new();
    hash.update(FORMAT_REVISION.to_be_bytes());
    for line in &order.lines {
        let ready = ReadyLine::of(&order, line)?;
        hash.update(ready.json.as_bytes());
        hash.update(ready.status.as_bytes());
        hash.update([u8::from(ready.customized)]);
    }
    Ok(hash.finalize().iter().map(|byte| format!("{byte:02x}")).collect())
}

/// This build's row format as a number added to the version (`VERSION_COLUMN`): 1..=2^20 times 2^40,
/// from `format_fingerprint`, so it is the same for every process of one build and (but for a one in a
/// million collision) differs between builds whose rows differ, and it never meets a real version (those
/// stay far below 2^40). Rows written before tags existed (tag 0) are not current for any build.
pub fn format_tag() -> i64 {
    static TAG: std::sync::LazyLock<i64> = std::sync::LazyLock::new(|| {
        let fingerprint = format_fingerprint().unwrap_or_default();
        let bits = fingerprint.get(..5).and_then(|hex| i64::from_str_radix(hex, 16).ok()).unwrap_or(0);
        (bits + 1) << 40
    });
    *TAG
}

/// At start, after the migrations: renders the sample rows once, so a build that cannot render them
/// stops here rather than at its first write. Rows written by another build (another `format_tag`) are
/// left as they are: they are simply not current for this one (pages holding them are rendered from the
/// records) until this build writes the order again or `orders ready-rows` writes them, and a build of
/// the other format running beside this one (a rolling upgrade) keeps using them.
pub fn check_format() -> Result<(), BoxError> {
    format_fingerprint()?;
    tracing::debug!(tag = format_tag(), "ready history rows: this build's format");
    Ok(())
}
