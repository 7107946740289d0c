//! SQL for reading orders.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use domain::OrderNumber;
use domain::access::OrderOwner;
use sqlx::Row;

use domain::history_filter::{self, HistoryFilters};

use super::columns::{self, Columns};
use super::ready;
use super::routes::HISTORY_PAGE_ORDERS;
use super::store::{self, StoredOrder};
use crate::access::{ORDER_FACTS_BUSY_COLUMN, OrderFacts};
use crate::db::{Db, Param};
use crate::error::AppResult;

pub struct StoreRow {
    pub store_id: String,
    pub name: String,
    pub phone: String,
    pub address_lines: String,
    pub city: String,
    pub postal_code: String,
    pub country: String,
    pub timezone: String,
    pub latitude: String,
    pub longitude: String,
    pub regular_hours: String,
    pub special_hours: String,
}

/// Where a history page starts: after this (order date, order number).
pub struct Anchor {
    pub order_date: i64,
    pub order_number: String,
}

/// Whether the order `$order` (an alias of a query on `orders`) has a return order at all: one probe on the
/// `orders_parent` index, asked once per order.
macro_rules! has_returns {
    ($order:literal) => {
        concat!(
            "EXISTS (SELECT 1 FROM orders r WHERE r.parent_sales_order_number = ",
            $order,
            ".order_number AND r.order_type = 'RETURN_ORDER') AS has_returns"
        )
    };
}

/// Per line of `o`/`l`: the newest return order of `o` that took back the line's SKU (`return_order_number`).
/// A correlated subquery on the `orders_parent` index, so the order, its lines and their return orders
/// come back in one round trip.
macro_rules! return_order_query {
    () => {
        "(SELECT r.order_number FROM orders r \
         JOIN order_lines rl ON rl.order_number = r.order_number \
         WHERE r.parent_sales_order_number = o.order_number AND r.order_type = 'RETURN_ORDER' \
         AND rl.sku_id = l.sku_id AND l.sku_id <> '' \
         ORDER BY r.order_date DESC, r.order_number DESC LIMIT 1)"
    };
}
/// The return order of a line, asked only when its order has a return order at all (`has_returns`, one
/// probe per order instead of one per line: most orders have none).
const RETURN_ORDER_OF_LINE: &str =
    concat!("CASE WHEN has_returns THEN ", return_order_query!(), " END AS return_order_number");

/// What the order detail shows beside the order, read in the detail's one query (each an index probe):
/// per order, when its last cancel completed, whether it has money events (the timeline is read only
/// then: most orders have none) and whether it has a return order at all; per line, the units returns
/// took (`return_quantities`) and, when the order has a return order, the one that took the line's SKU.
const ORDER_DETAIL_FACTS: &str = concat!(
    "(SELECT MAX(c.completed_at) FROM order_cancellations c \
     WHERE c.order_number = o.order_number AND c.completed_at IS NOT NULL) AS cancelled_at, \
     (SELECT COUNT(*) FROM money_events m WHERE m.order_number = o.order_number) AS money_events, ",
    has_returns!("o")
);
const LINE_RETURNED_QUANTITY: &str = "(SELECT rq.returned FROM return_quantities rq \
     WHERE rq.order_number = o.order_number AND rq.line_number = l.line_number) AS returned_quantity";

/// Where a hot query's `RETURN_ORDER_OF_LINE` column is: right after the order and line columns.
const RETURN_ORDER_AT: usize = columns::AFTER_LINE;

/// The return order of a row selected with `RETURN_ORDER_OF_LINE` (none for a line without a SKU).
fn return_order_number(row: &(impl Columns + ?Sized), sku: &str) -> Result<Option<String>, sqlx::Error> {
    if sku.is_empty() {
        return Ok(None);
    }
    row.optional_text(RETURN_ORDER_AT)
}

/// An order as the detail view needs it: the record, its version, its return orders by SKU, and what
/// the access check reads (so the detail's access check and its read are one query).
pub struct OrderWithReturns {
    pub order: StoredOrder,
    pub version: i64,
    pub returns_by_sku: HashMap<String, String>,
    pub facts: OrderFacts,
    /// Units taken by returns, by line number (lines no return took are absent).
    pub returned_by_line: HashMap<i64, i64>,
    /// Unix ms: when the order's last cancel completed.
    pub cancelled_at: Option<i64>,
    /// Whether the order has money events beyond its charge (`payments::timeline`).
    pub has_money_events: bool,
}

/// The order, its lines, their return orders, the order's access facts and what the detail shows beside
/// it (`ORDER_DETAIL_FACTS`) in one round trip (every stored order has at least one line). On the hot read
/// path (`Db::read`).
pub async fn find_order_with_lines(db: &Db, order_number: &str) -> AppResult<Option<OrderWithReturns>> {
    // Built once: the column lists are generated, and building them per request cost 4% of a detail.
    // The order's own facts are computed once in the subquery `o`, not once per line row (its LIMIT keeps
    // both databases from merging it into the join, which would repeat them per row again).
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT {}, {}, {RETURN_ORDER_OF_LINE}, o.busy_jobs, {LINE_RETURNED_QUANTITY}, o.cancelled_at, \
             o.money_events \
             FROM (SELECT {}, {ORDER_FACTS_BUSY_COLUMN}, {ORDER_DETAIL_FACTS} FROM orders o \
             WHERE o.order_number = $1 LIMIT 1) o \
             JOIN order_lines l ON l.order_number = o.order_number",
            store::order_select("o"),
            store::line_select("l"),
            store::order_select("o"),
        )
    });
    let mut found = None;
    db.read(&SQL, &[Param::Text(order_number)], |row| add_order_row(&mut found, row)).await?;
    // Lines by number: sorted here rather than by the database (see `history_sql`).
    if let Some(loaded) = &mut found {
        loaded.order.lines.sort_by_key(|line| line.line_number);
    }
    Ok(found)
}

/// Adds one row of `find_order_with_lines`' query (one per line, the order's columns on each) to the order.
fn add_order_row(found: &mut Option<OrderWithReturns>, row: &dyn Columns) -> Result<(), sqlx::Error> {
    /// After `RETURN_ORDER_OF_LINE`: the busy jobs, the line's returned units, the cancel and money facts.
    const BUSY_JOBS_AT: usize = RETURN_ORDER_AT + 1;
    const RETURNED_AT: usize = BUSY_JOBS_AT + 1;
    const CANCELLED_AT: usize = BUSY_JOBS_AT + 2;
    const MONEY_EVENTS_AT: usize = BUSY_JOBS_AT + 3;
    let loaded = match found {
        Some(loaded) => loaded,
        None => {
            let order = store::order_from_row(row)?;
            let version = row.integer(const { columns::order("version") })?;
            let facts = OrderFacts {
                owner: OrderOwner {
                    upm_id: order.upm_id.clone().map(String::from),
                    email: order.email.clone().map(String::from),
                    phone_digits: row.optional_text(const { columns::order("phone_digits") })?,
                },
                order_type: order.order_type.as_str().to_owned(),
                country: order.country.to_string(),
                version,
                busy: row.integer(BUSY_JOBS_AT)? > 0,
            };
            found.insert(OrderWithReturns {
                order,
                version,
                returns_by_sku: HashMap::new(),
                facts,
                returned_by_line: HashMap::new(),
                cancelled_at: row.optional_integer(CANCELLED_AT)?,
                has_money_events: row.integer(MONEY_EVENTS_AT)? > 0,
            })
        }
    };
    let line = store::line_from_row(row)?;
    if let Some(number) = return_order_number(row, &line.sku_id)? {
        loaded.returns_by_sku.insert(line.sku_id.clone(), number);
    }
    if let Some(returned) = row.optional_integer(RETURNED_AT)? {
        loaded.returned_by_line.insert(line.line_number, returned);
    }
    loaded.order.lines.push(line);
    Ok(())
}

pub async fn find_store(db: &Db, store_id: &str) -> AppResult<Option<StoreRow>> {
    let row = sqlx::query(
        "SELECT store_id, name, phone, address_lines, city, postal_code, country, timezone, latitude, \
         longitude, regular_hours, special_hours FROM stores WHERE store_id = $1",
    )
    .bind(store_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(StoreRow {
        store_id: row.try_get("store_id")?,
        name: row.try_get("name")?,
        phone: row.try_get("phone")?,
        address_lines: row.try_get("address_lines")?,
        city: row.try_get("city")?,
        postal_code: row.try_get("postal_code")?,
        country: row.try_get("country")?,
        timezone: row.try_get("timezone")?,
        latitude: row.try_get("latitude")?,
        longitude: row.try_get("longitude")?,
        regular_hours: row.try_get("regular_hours")?,
        special_hours: row.try_get("special_hours")?,
    }))
}

/// What a history page selects: the member's orders of one type, narrowed by the filters, after the
/// anchor, in the order of `sort`.
pub struct HistoryQuery<'a> {
    pub upm_id: &'a str,
    pub filters: &'a HistoryFilters,
    /// The `order_date` range of the year filter (its year in the caller's time zone).
    pub year_range: Option<(i64, i64)>,
    pub anchor: Option<&'a Anchor>,
    pub page_orders: usize,
    pub sort: HistorySort,
}

/// A value bound to a history statement, in the order of its `$n`.
enum Bind {
    Text(String),
    Int(i64),
}

impl Bind {
    /// As the read pools take it.
    fn param(&self) -> Param<'_> {
        match self {
            Self::Text(text) => Param::Text(text),
            Self::Int(number) => Param::Integer(*number),
        }
    }
}

/// The stored status as `domain::status::sql_normalized_raw_status` reads it (the domain's test proves
/// the group lists and the mapping table agree under this normalization).
const NORMALIZED_LINE_STATUS: &str = "replace(replace(lower(fl.status), '-', ' '), '_', ' ')";

/// The direction a history page walks the member's orders (`sort`): by (order date, order number), the
/// member index's key, down from the newest or up from the oldest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistorySort {
    NewestFirst,
    OldestFirst,
}

impl HistorySort {
    /// The `sort` query values: the spec's `orderSubmitDateDesc` and its mirror.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "orderSubmitDateDesc" => Some(Self::NewestFirst),
            "orderSubmitDateAsc" => Some(Self::OldestFirst),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::NewestFirst => "orderSubmitDateDesc",
            Self::OldestFirst => "orderSubmitDateAsc",
        }
    }

    /// The keyset comparison after the anchor and the ORDER BY direction.
    fn sql(self) -> (&'static str, &'static str) {
        match self {
            Self::NewestFirst => ("<", "DESC"),
            Self::OldestFirst => (">", "ASC"),
        }
    }
}

/// `WHERE ... ORDER BY ... LIMIT` of an unfiltered page (the statement texts of the newest-first shapes
/// are built once).
fn unfiltered_selection(keyset: bool, page_orders: usize, sort: HistorySort) -> String {
    let (after, direction) = sort.sql();
    // A row-value comparison is one index range on both databases (an OR of two conditions is not on
    // PostgreSQL); the index is walked backwards for the oldest first.
    let keyset = if keyset { format!("AND (order_date, order_number) {after} ($3, $4) ") } else { String::new() };
    format!(
        "WHERE upm_id = $1 AND order_type = $2 {keyset}ORDER BY order_date {direction}, order_number {direction} \
         LIMIT {}",
        page_orders + 1
    )
}

impl HistoryQuery<'_> {
    /// An unfiltered newest-first page of the route's size: its statements are built once.
    fn is_common_shape(&self) -> bool {
        self.page_orders == HISTORY_PAGE_ORDERS && !self.filters.narrows() && self.sort == HistorySort::NewestFirst
    }

    /// The statement `build` makes of this page's selection, and its values: for an unfiltered page of
    /// the route's size one of the texts built once (`first` page or a `later` one), else built now.
    fn statement<'s>(
        &self,
        first: &'s LazyLock<String>,
        later: &'s LazyLock<String>,
        build: fn(&str) -> String,
    ) -> (Cow<'s, str>, Vec<Bind>) {
        let (selection, binds) = self.selection();
        let sql = match (self.is_common_shape(), self.anchor.is_some()) {
            (true, false) => Cow::Borrowed(first.as_str()),
            (true, true) => Cow::Borrowed(later.as_str()),
            (false, _) => Cow::Owned(build(&selection)),
        };
        (sql, binds)
    }

    /// The `WHERE ... ORDER BY ... LIMIT` on `orders` (one more order than the page, to know whether
    /// another page follows) and its values. Every condition but the status stays on the member's index
    /// range: the year is an `order_date` range, the number a test on the indexed column.
    fn selection(&self) -> (String, Vec<Bind>) {
        let mut binds =
            vec![Bind::Text(self.upm_id.to_owned()), Bind::Text(self.filters.order_type.as_str().to_owned())];
        if !self.filters.narrows() {
            if let Some(anchor) = self.anchor {
                binds.push(Bind::Int(anchor.order_date));
                binds.push(Bind::Text(anchor.order_number.clone()));
            }
            return (unfiltered_selection(self.anchor.is_some(), self.page_orders, self.sort), binds);
        }
        let next = |binds: &mut Vec<Bind>, bind: Bind| {
            binds.push(bind);
            format!("${}", binds.len())
        };
        let (after, direction) = self.sort.sql();
        let mut sql = String::from("WHERE upm_id = $1 AND order_type = $2");
        if let Some(anchor) = self.anchor {
            let date = next(&mut binds, Bind::Int(anchor.order_date));
            let number = next(&mut binds, Bind::Text(anchor.order_number.clone()));
            sql.push_str(&format!(" AND (order_date, order_number) {after} ({date}, {number})"));
        }
        if let Some((start, end)) = self.year_range {
            let start = next(&mut binds, Bind::Int(start));
            let end = next(&mut binds, Bind::Int(end));
            sql.push_str(&format!(" AND order_date >= {start} AND order_date < {end}"));
        }
        if let Some(fragment) = &self.filters.order_number {
            // The fragment is letters and digits only (checked by the filter parser): no LIKE wildcards in it.
            // A return number finds the sales order it belongs to (the shopper has it from the return's
            // e-mail or label): one probe of the order's return orders on `orders_parent`.
            let pattern = next(&mut binds, Bind::Text(format!("%{fragment}%")));
            sql.push_str(&format!(
                " AND (lower(order_number) LIKE {pattern} OR EXISTS (SELECT 1 FROM orders rn \
                 WHERE rn.parent_sales_order_number = orders.order_number AND rn.order_type = 'RETURN_ORDER' \
                 AND lower(rn.order_number) LIKE {pattern}))"
            ));
        }
        if let Some(group) = self.filters.status {
            let names: Vec<String> = group
                .raw_names(self.filters.order_type)
                .into_iter()
                .map(|name| next(&mut binds, Bind::Text(name.to_owned())))
                .collect();
            // A group with no raw name on this order type matches nothing (`IN ()` is not valid SQL).
            let list = if names.is_empty() { "NULL".to_owned() } else { names.join(", ") };
            sql.push_str(&format!(
                " AND EXISTS (SELECT 1 FROM order_lines fl WHERE fl.order_number = orders.order_number \
                 AND {NORMALIZED_LINE_STATUS} IN ({list}))"
            ));
        }
        sql.push_str(&format!(
            " ORDER BY order_date {direction}, order_number {direction} LIMIT {}",
            self.page_orders + 1
        ));
        (sql, binds)
    }
}

/// The page's order numbers are chosen on the member's index alone (a covering index range: only the keys
/// are materialized), then each order is read by its key with its lines. No ORDER BY on the joined rows:
/// sorting them made the database copy every value of every row into a temporary B-tree (on SQLite the
/// largest part of a page's query); `history_page` puts the few orders and lines in order itself.
fn history_sql(selection: &str) -> String {
    format!(
        "SELECT {order_columns}, {line_columns}, {RETURN_ORDER_OF_LINE} \
         FROM (SELECT order_number, {has_returns} FROM orders {selection}) k \
         JOIN orders o ON o.order_number = k.order_number \
         JOIN order_lines l ON l.order_number = o.order_number",
        order_columns = store::order_select("o"),
        line_columns = store::line_select("l"),
        has_returns = has_returns!("orders"),
    )
}

/// `history_sql` reading the lines' ready rows (`orders::ready`) instead of every column: per line, the
/// order's key facts, the line's action facts, its ready row when the order's rows are current (else
/// NULL) and its return order. The few order columns are read by the page's subquery itself (on the rows
/// its index range found), not by joining `orders` again on its key: on PostgreSQL that join was a third
/// of the statement's buffer reads.
fn ready_history_sql(selection: &str) -> String {
    format!(
        "SELECT o.order_number, o.version, o.order_date, o.order_type, o.country, l.line_number, l.tracking_url, \
         l.style_color, l.history_status, l.history_customized, \
         CASE WHEN o.{ready_version} = o.version + {tag} THEN l.history_json END, {RETURN_ORDER_OF_LINE} \
         FROM (SELECT order_number, version, order_date, order_type, country, {ready_version}, {has_returns} \
         FROM orders {selection}) o \
         JOIN order_lines l ON l.order_number = o.order_number",
        ready_version = ready::VERSION_COLUMN,
        tag = ready::format_tag(),
        has_returns = has_returns!("orders"),
    )
}

/// A history page read from its lines' ready rows.
pub struct ReadyHistoryPage {
    /// Up to `page_orders` orders, newest first, their lines by number.
    pub orders: Vec<ready::PageOrder>,
    pub has_more: bool,
}

/// The page from its lines' ready rows, in one round trip as `history_page`; `None` when an order on it
/// has rows that are not current (`orders::ready`): the caller then renders the page from the records.
pub async fn ready_history_page(db: &Db, page: &HistoryQuery<'_>) -> AppResult<Option<ReadyHistoryPage>> {
    static FIRST: LazyLock<String> = LazyLock::new(|| {
        ready_history_sql(&unfiltered_selection(false, HISTORY_PAGE_ORDERS, HistorySort::NewestFirst))
    });
    static LATER: LazyLock<String> =
        LazyLock::new(|| ready_history_sql(&unfiltered_selection(true, HISTORY_PAGE_ORDERS, HistorySort::NewestFirst)));
    let page_orders = page.page_orders;
    let (sql, binds) = page.statement(&FIRST, &LATER, ready_history_sql);
    let params: Vec<Param<'_>> = binds.iter().map(Bind::param).collect();
    let mut orders: Vec<(ready::PageOrder, i64)> = Vec::with_capacity(page_orders + 1);
    let mut current = true;
    db.read(&sql, &params, |row| {
        if current {
            current = add_ready_row(&mut orders, row)?;
        }
        Ok(())
    })
    .await?;
    if !current {
        return Ok(None);
    }
    let (orders, has_more) = finish_page(orders, page);
    Ok(Some(ReadyHistoryPage { orders: orders.into_iter().map(|(order, _)| order).collect(), has_more }))
}

/// Adds one row of `ready_history_page`'s query to the page; false when the line's ready row is not current.
fn add_ready_row(orders: &mut Vec<(ready::PageOrder, i64)>, row: &dyn Columns) -> Result<bool, sqlx::Error> {
    let Some(json) = row.optional_text(10)? else { return Ok(false) };
    let status = row.borrowed_text(8)?;
    let line = ready::PageLine {
        line_number: row.integer(5)?,
        tracking_url: row.optional_text(6)?,
        style_color: row.text(7)?,
        status: ready::parse_status(status)
            .ok_or_else(|| sqlx::Error::Decode(format!("stored history status {status} is unknown").into()))?,
        customized: row.integer(9)? != 0,
        json,
        // NULL for a line without a SKU (`RETURN_ORDER_OF_LINE` matches none).
        return_order: row.optional_text(11)?,
    };
    let order_number = row.borrowed_text(0)?;
    // As in `add_history_row`: an order's lines come together, so this looks at one order, mostly.
    match orders.iter_mut().rev().find(|(order, _)| order.order_number.as_str() == order_number) {
        Some((order, _)) => order.lines.push(line),
        None => {
            let order_type = row.borrowed_text(3)?;
            let order = ready::PageOrder {
                order_number: order_number.to_owned(),
                order_date: row.integer(2)?,
                order_type: domain::OrderType::parse(order_type)
                    .ok_or_else(|| sqlx::Error::Decode(format!("stored order type {order_type} is unknown").into()))?,
                country: row.text(4)?,
                lines: vec![line],
            };
            orders.push((order, row.integer(1)?));
        }
    }
    Ok(true)
}

/// One page of a member's history.
pub struct HistoryPage {
    /// Up to `page_orders` orders with their lines and versions, newest first.
    pub orders: Vec<(StoredOrder, i64)>,
    /// Whether another page follows.
    pub has_more: bool,
    /// The return orders of the page's orders, by order number and then by the SKU each took back.
    pub returns: HashMap<String, HashMap<String, String>>,
}

/// One page of a member's history: up to `page_orders` orders after `anchor`, newest first, with their
/// lines and their return orders. One round trip: the orders are chosen in a subquery on the
/// (upm_id, order_type, order_date, order_number) index and joined to their lines.
pub async fn history_page(db: &Db, page: &HistoryQuery<'_>) -> AppResult<HistoryPage> {
    // The statement text for an unfiltered page of the route's size is built once per shape.
    static FIRST: LazyLock<String> =
        LazyLock::new(|| history_sql(&unfiltered_selection(false, HISTORY_PAGE_ORDERS, HistorySort::NewestFirst)));
    static LATER: LazyLock<String> =
        LazyLock::new(|| history_sql(&unfiltered_selection(true, HISTORY_PAGE_ORDERS, HistorySort::NewestFirst)));
    let page_orders = page.page_orders;
    let (sql, binds) = page.statement(&FIRST, &LATER, history_sql);
    let params: Vec<Param<'_>> = binds.iter().map(Bind::param).collect();
    let mut orders: Vec<(StoredOrder, i64)> = Vec::with_capacity(page_orders + 1);
    let mut returns: HashMap<String, HashMap<String, String>> = HashMap::new();
    db.read(&sql, &params, |row| add_history_row(&mut orders, &mut returns, row)).await?;
    let (orders, has_more) = finish_page(orders, page);
    Ok(HistoryPage { orders, has_more, returns })
}

/// An order of a history page as a page query reads it: a stored order, or its ready rows.
trait PageEntry {
    /// The page's keyset: (order date, order number).
    fn key(&self) -> (i64, &str);
    /// Puts the order's lines in line-number order.
    fn sort_lines(&mut self);
}

/// Both kinds of page order have the same fields for this (`order_date`, `order_number`, `lines` with
/// `line_number`).
macro_rules! page_entry {
    ($order:ty) => {
        impl PageEntry for $order {
            fn key(&self) -> (i64, &str) {
                (self.order_date, &self.order_number)
            }

            fn sort_lines(&mut self) {
                self.lines.sort_by_key(|line| line.line_number);
            }
        }
    };
}
page_entry!(StoredOrder);
page_entry!(ready::PageOrder);

/// The orders a page query read, in the page's order as the selection chose them (its ORDER BY; the joined rows
/// come in no particular order), each order's lines in line-number order; whether another page
/// follows (the selection reads one order more than the page).
fn finish_page<O: PageEntry>(mut orders: Vec<(O, i64)>, page: &HistoryQuery<'_>) -> (Vec<(O, i64)>, bool) {
    let page_orders = page.page_orders;
    match page.sort {
        HistorySort::NewestFirst => orders.sort_unstable_by(|(a, _), (b, _)| b.key().cmp(&a.key())),
        HistorySort::OldestFirst => orders.sort_unstable_by(|(a, _), (b, _)| a.key().cmp(&b.key())),
    }
    for (order, _) in &mut orders {
        order.sort_lines();
    }
    let has_more = orders.len() > page_orders;
    orders.truncate(page_orders);
    (orders, has_more)
}

/// Adds one row of `history_page`'s query (one per line, the order's columns repeated on each, in no
/// particular order) to the page.
fn add_history_row(
    orders: &mut Vec<(StoredOrder, i64)>,
    returns: &mut HashMap<String, HashMap<String, String>>,
    row: &dyn Columns,
) -> Result<(), sqlx::Error> {
    let order_number = row.borrowed_text(const { columns::order("order_number") })?;
    let line = store::line_from_row(row)?;
    if let Some(number) = return_order_number(row, &line.sku_id)? {
        returns.entry(order_number.to_owned()).or_default().insert(line.sku_id.clone(), number);
    }
    // A page holds at most eleven orders, and a database that does not sort still returns an order's
    // lines together: looking from the last one is a scan of one, mostly.
    match orders.iter_mut().rev().find(|(order, _)| order.order_number.as_str() == order_number) {
        Some((current, _)) => current.lines.push(line),
        None => {
            let mut order = store::order_from_row(row)?;
            order.lines.push(line);
            orders.push((order, row.integer(const { columns::order("version") })?));
        }
    }
    Ok(())
}

/// The order and its version, for the areas that act on an order (returns, e-invoice ...).
pub async fn find_order_and_version(db: &Db, order_number: &OrderNumber) -> AppResult<Option<(StoredOrder, i64)>> {
    Ok(find_order_with_lines(db, order_number).await?.map(|loaded| (loaded.order, loaded.version)))
}

/// The years, newest first, in which the member has orders of `order_type`, each year taken in `zone`
/// (`FIRST_YEAR..=latest_year`). One statement that walks down the member's orders on
/// `orders_member_history` a year at a time: the newest date, then the newest date before the start of
/// that date's year, and so on. One index probe per year that holds an order (and one to end the walk),
/// so it costs the same for 5 orders or 5,000, and the years without orders cost nothing.
pub async fn order_years(
    db: &Db,
    upm_id: &str,
    order_type: &str,
    zone: chrono_tz::Tz,
    latest_year: i32,
) -> AppResult<Vec<i32>> {
    let sql = year_walk_sql(zone, latest_year);
    let mut found = Vec::new();
    db.read(&sql, &[Param::Text(upm_id), Param::Text(order_type)], |row| {
        // One date per year, newest first; a date after `latest_year` is not shown (see `year_walk_sql`).
        let year = history_filter::year_at(row.integer(0)?, zone);
        if (history_filter::FIRST_YEAR..=latest_year).contains(&year) {
            found.push(year);
        }
        Ok(())
    })
    .await?;
    Ok(found)
}

/// The statement of `order_years` for this zone and latest year, built once per pair. The start of a
/// date's year is a `CASE` over the years' starts in the zone, newest first (computed here: time zone
/// rules are not in SQLite, and PostgreSQL's would be a second source of them); a date before
/// `FIRST_YEAR` matches none, which ends the walk.
fn year_walk_sql(zone: chrono_tz::Tz, latest_year: i32) -> std::sync::Arc<str> {
    type Walks = std::sync::Mutex<HashMap<(&'static str, i32), std::sync::Arc<str>>>;
    static WALKS: LazyLock<Walks> = LazyLock::new(Walks::default);
    let key = (zone.name(), latest_year);
    if let Some(sql) = WALKS.lock().ok().and_then(|walks| walks.get(&key).cloned()) {
        return sql;
    }
    // From the year after `latest_year` (so that a later date still steps down into the shown years).
    let year_start = (history_filter::FIRST_YEAR..=latest_year + 1)
        .rev()
        .map(|year| {
            let start = history_filter::year_range_ms(year, zone).0;
            format!("WHEN walk.d >= {start} THEN {start} ")
        })
        .collect::<String>();
    let sql: std::sync::Arc<str> = format!(
        "WITH RECURSIVE walk(d) AS (\
         SELECT MAX(order_date) FROM orders WHERE upm_id = $1 AND order_type = $2 \
         UNION ALL \
         SELECT (SELECT MAX(order_date) FROM orders WHERE upm_id = $1 AND order_type = $2 \
         AND order_date < CAST(CASE {year_start}END AS BIGINT)) FROM walk WHERE walk.d IS NOT NULL) \
         SELECT d FROM walk WHERE d IS NOT NULL"
    )
    .into();
    if let Ok(mut walks) = WALKS.lock() {
        // Zones times years in service: a few dozen entries; cleared if a long-running process ever
        // gathers more.
        if walks.len() > 512 {
            walks.clear();
        }
        walks.insert(key, sql.clone());
    }
    sql
}
