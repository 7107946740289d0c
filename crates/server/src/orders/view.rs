//! The order as the API shows it (spec 000 section 3), built from the stored-order record by the
//! domain rules (status, colours, groups, totals, actions).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use domain::actions::{self, Action, ActionFlags, LineFacts, OrderFacts};
use domain::groups::{LineKey, group_lines};
use domain::money::to_decimal_string;
use domain::status::status_color;
use domain::totals::line_charged_price;
use domain::{Currency, Money, OrderType, SimpleStatus};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::contract::{
    GroupDetails, ItemDates, LineTransactionAlt, Promotion, ReturnToStore, ShipFrom, Shipment, TransactionAlt,
};
use super::db::StoreRow;
use super::hooks::{
    CancellationView, LineReturnFacts, MoneyTimelineEvent, OrderDetailContributor, OrderExtras, ReturnFacts,
    cancellation_view,
};
use super::store::{StoredLine, StoredOrder};
use crate::error::AppError;

/// Region reference when the retailer's order system sends none (spec 002 section 9: default region).
pub const DEFAULT_REGION_REFERENCE: &str = "NIKEUS";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub product_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pid: Option<String>,
    pub title: String,
    pub category: String,
    /// Image URL.
    pub product_image: String,
    pub color: String,
    pub size: String,
    pub style_color: String,
    pub gtin: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metric_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pbid: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineItemStatus {
    /// The raw status as received from the order system.
    pub status: String,
    /// The displayed simple status (see SimpleStatusName).
    #[schema(value_type = SimpleStatus)]
    pub simple_status: String,
    #[schema(value_type = domain::status::StatusColor)]
    pub status_color: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineItemTransaction {
    pub order_date: String,
    pub quantity: i64,
    pub unit_price: f64,
    /// Unit price times quantity.
    pub line_item_charged_price: f64,
    pub line_item_taxes: f64,
    pub line_item_fees: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub msrp: Option<f64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub promotions: Vec<Promotion>,
}

/// Barcode drawing parameters (000 section 9).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BarcodeView {
    pub value: String,
    /// Always CODE128.
    pub format: String,
    pub height: u32,
    pub bar_width: f64,
}

/// One action the caller may take (or sees but may not take now, with the reason).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActionView {
    pub enabled: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason_text: Option<String>,
    /// RFC 3339: the last moment the action may be taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub web_link: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_order_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub barcode: Option<BarcodeView>,
}

/// The actions, by name (`domain::actions::ActionName`, ActionNameEnum in the document); an action whose flow is not built is absent.
pub type Actions = BTreeMap<String, ActionView>;

/// The earliest deadline (Unix ms) of any action in `detail`: a cached body must not outlive it.
pub fn earliest_deadline(detail: &OrderDetail) -> Option<i64> {
    let groups = detail
        .groups
        .iter()
        .flat_map(|group| std::iter::once(&group.actions).chain(group.order_items.iter().map(|item| &item.actions)));
    std::iter::once(&detail.actions)
        .chain(groups)
        .flat_map(|actions| actions.values())
        .filter_map(|action| action.deadline.as_deref())
        .filter_map(|text| chrono::DateTime::parse_from_rfc3339(text).ok())
        .map(|time| time.timestamp_millis())
        .min()
}

pub fn action_map(list: Vec<Action>) -> Actions {
    list.into_iter()
        .map(|action| {
            let view = ActionView {
                enabled: action.enabled,
                reason_code: action.reason.as_ref().map(|reason| reason.code.to_owned()),
                reason_text: action.reason.map(|reason| reason.text),
                deadline: action.deadline.map(rfc3339_millis),
                web_link: action.web_link,
                return_order_id: action.return_order_id,
                barcode: action.barcode.map(|code| BarcodeView {
                    value: code.value,
                    format: code.format.to_owned(),
                    height: code.height,
                    bar_width: code.bar_width,
                }),
            };
            (action.name.as_str().to_owned(), view)
        })
        .collect()
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    pub line_number: i64,
    pub sku_id: String,
    pub product: Product,
    pub line_item_status: LineItemStatus,
    pub line_item_transaction: LineItemTransaction,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_item_transaction_alt: Option<LineTransactionAlt>,
    pub shipment_number: Option<String>,
    pub tracking_url: Option<String>,
    /// YYYY-MM-DD.
    pub estimated_delivery_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edd_translated: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item_dates: Option<ItemDates>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customized_product_reference: Option<String>,
    /// Empty when the line has no value-added service.
    #[serde(rename = "valueAddedServiceID")]
    pub value_added_service_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// A member-gated product (partner orders); sent only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub member_gated_flag: bool,
    /// Return facts, filled by the returns flow; absent until it computes them.
    #[serde(flatten)]
    pub returns: LineReturnFacts,
    #[schema(value_type = BTreeMap<String, ActionView>)]
    pub actions: Actions,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryItem {
    pub order_number: String,
    #[schema(value_type = OrderType)]
    pub order_type: String,
    pub order_date: String,
    pub currency: String,
    pub country: String,
    pub partner_name: Option<String>,
    /// The order's total in `currency` (`StoredOrder::totals`, as the detail's `transaction.orderTotal`),
    /// the same on each of the order's rows: a history card shows it once per order.
    pub order_total: f64,
    /// The order's status and its colour, as the detail's `fullOrderStatus` (the first group's status).
    pub full_order_status: FullOrderStatus,
    #[serde(flatten)]
    pub item: OrderItem,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pages {
    /// The query to append for the next page; null on the last page.
    pub next: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardSummary {
    pub currency: String,
    pub balance: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryResponse {
    pub order_items: Vec<HistoryItem>,
    pub pages: Pages,
    /// With `giftcards=true`: the member's gift cards (empty until gift cards belong to members).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gift_cards: Option<Vec<GiftCardSummary>>,
    /// First page only: the years (newest first) in which the member has orders of the list's order type,
    /// in the time zone of the `country` query's country; what the year filter can offer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_years: Option<Vec<i32>>,
}

/// Writes a `HistoryResponse` whose items `items` writes (comma-separated): the bytes serializing the
/// struct would give (field order and skipped fields as declared above; the tests compare the two).
pub fn write_history(
    out: &mut Vec<u8>,
    items: impl FnOnce(&mut Vec<u8>) -> Result<(), serde_json::Error>,
    pages: &Pages,
    gift_cards: Option<&[GiftCardSummary]>,
    order_years: Option<&[i32]>,
) -> Result<(), serde_json::Error> {
    out.extend_from_slice(b"{\"orderItems\":[");
    items(out)?;
    out.extend_from_slice(b"],\"pages\":");
    serde_json::to_writer(&mut *out, pages)?;
    if let Some(cards) = gift_cards {
        out.extend_from_slice(b",\"giftCards\":");
        serde_json::to_writer(&mut *out, cards)?;
    }
    if let Some(years) = order_years {
        out.extend_from_slice(b",\"orderYears\":");
        serde_json::to_writer(&mut *out, years)?;
    }
    out.push(b'}');
    Ok(())
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneNumber {
    pub country_code: String,
    pub subscriber_number: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizationInfo {
    pub email: Option<String>,
    pub phone_number: Option<PhoneNumber>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day_phone_number: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FullOrderStatus {
    #[schema(value_type = SimpleStatus)]
    pub simple_status: String,
    #[schema(value_type = domain::status::StatusColor)]
    pub status_color: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub_status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Transaction {
    pub order_date: String,
    pub sub_total: f64,
    pub shipping_total: f64,
    /// The sum of the line taxes.
    pub total_taxes: f64,
    pub total_fees: f64,
    /// Tax already inside the prices (equal to totalTaxes when taxInclusive, else 0).
    pub inclusive_tax_total: f64,
    pub order_total: f64,
    /// What was charged: the order total less cancelled lines.
    pub charged_price: f64,
    pub tax_inclusive: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotional_code_discount: Option<f64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub promotions: Vec<Promotion>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    pub payment_type: String,
    pub payment_display_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_type_image_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderGroup {
    /// The group's simple status; the web app shows its translated heading.
    pub heading: String,
    #[schema(value_type = SimpleStatus)]
    pub simple_status: String,
    #[schema(value_type = domain::status::StatusColor)]
    pub status_color: String,
    pub shipment_number: Option<String>,
    pub tracking_url: Option<String>,
    pub estimated_delivery_date: Option<String>,
    #[serde(flatten)]
    pub display: GroupDetails,
    #[schema(value_type = BTreeMap<String, ActionView>)]
    pub actions: Actions,
    pub order_items: Vec<OrderItem>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpeningHours {
    /// Local time in the store's time zone, HH:MM.
    pub start_time: String,
    /// Hours open, as text (e.g. "9" or "9.5").
    pub duration: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialHours {
    /// YYYY-MM-DD.
    pub date: String,
    pub start_time: String,
    pub duration: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupHours {
    /// By lower-case weekday name (monday ... sunday); a missing day is closed.
    pub regular_hours: BTreeMap<String, OpeningHours>,
    pub special_hours: Vec<SpecialHours>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Gps {
    pub latitude: f64,
    pub longitude: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupStore {
    pub store_id: String,
    pub store_name: String,
    pub telephone: String,
    pub address_lines: Vec<String>,
    pub country: String,
    pub timezone: String,
    pub gps: Gps,
    pub pickup_hours: PickupHours,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetail {
    pub order_id: String,
    pub order_number: String,
    #[schema(value_type = OrderType)]
    pub order_type: String,
    pub order_classification: String,
    pub parent_sales_order_number: Option<String>,
    pub partner_name: Option<String>,
    pub country: String,
    pub currency: String,
    pub currency_alt: Option<String>,
    pub region_reference: String,
    pub authorization_info: AuthorizationInfo,
    pub full_order_status: FullOrderStatus,
    pub transaction: Transaction,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transaction_alt: Option<TransactionAlt>,
    pub payment: Vec<Payment>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment_approval_id: Option<String>,
    pub payment_hold_flag: bool,
    pub is_global_store_order: bool,
    pub show_barcode_flag: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_to_store: Option<ReturnToStore>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ship_from: Option<ShipFrom>,
    pub groups: Vec<OrderGroup>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shipments: Vec<Shipment>,
    pub shipping_address: Vec<String>,
    /// The pickup store, for orders collected at a store.
    pub pickup_address: Option<PickupStore>,
    /// True when a change is expected soon (a pending cancellation or a job of this order still running).
    pub should_refresh: bool,
    /// Cancel window, pending cancellation and cancelled date (002 §4).
    #[serde(flatten)]
    pub cancellation: CancellationView,
    /// What happened to the shopper's money, oldest first.
    pub money_timeline: Vec<MoneyTimelineEvent>,
    #[schema(value_type = BTreeMap<String, ActionView>)]
    pub actions: Actions,
    /// When this answer was made.
    pub age: String,
}

pub fn rfc3339_millis(unix_millis: i64) -> String {
    chrono::DateTime::from_timestamp_millis(unix_millis)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Exact decimal text of an amount, as a JSON number.
fn amount(minor: i64, currency: Currency) -> f64 {
    to_decimal_string(Money(minor), currency).parse().unwrap_or_default()
}

fn decimal(text: &super::fields::DecimalText) -> f64 {
    text.0.parse().unwrap_or_default()
}

fn corrupt(what: &str, detail: impl std::fmt::Display) -> AppError {
    AppError::Internal(format!("stored {what} is unreadable: {detail}").into())
}

/// What the view needs besides the stored order.
pub struct ViewContext<'a> {
    /// Unix milliseconds (the server's clock).
    pub now: i64,
    pub flags: ActionFlags,
    /// Per-line return facts (the returns flow), default: not computed.
    pub returns: &'a ReturnFacts,
    /// Return orders by the SKU they took back (for viewReturn).
    pub returns_by_sku: &'a HashMap<String, String>,
    /// What the cancellation and payments flows know (cancel window, money timeline).
    pub extras: &'a OrderExtras,
    /// The flows that add to the detail (`state.order_contributors`); none for history rows.
    pub contributors: &'a [Arc<dyn OrderDetailContributor>],
}

/// A payment on hold whose type pays later (deferred payment, 002 §5).
fn deferred_payment_due(order: &StoredOrder) -> bool {
    order.details.payment_hold_flag
        && order.payments.iter().any(|payment| domain::payments::is_deferred(&payment.payment_type))
}

fn line_status(order: &StoredOrder, line: &StoredLine) -> SimpleStatus {
    order.line_status(line)
}

fn build_item(line: StoredLine, order: &StoredOrder, order_date: &str, context: &ViewContext<'_>) -> OrderItem {
    let status = line_status(order, &line);
    let return_order_id = context.returns_by_sku.get(&line.sku_id).map(String::as_str);
    let actions = line_action_map(&ActionLine::of(order, &line, status), context.now, context.flags, return_order_id);
    let returns = context.returns.lines.get(&line.line_number).cloned().unwrap_or_default();
    OrderItem { actions, ..item_without_actions(line, order, order_date, status, returns) }
}

/// What a line's actions are decided on besides the time, the country's flags and its return order: the
/// same whether it is read from the stored line or from its ready history item (`orders::ready`).
pub struct ActionLine<'a> {
    pub order_date: i64,
    pub order_type: OrderType,
    /// The displayed status (payment pending included).
    pub status: SimpleStatus,
    pub tracking_url: Option<&'a str>,
    pub style_color: &'a str,
    pub customized: bool,
}

impl<'a> ActionLine<'a> {
    pub fn of(order: &StoredOrder, line: &'a StoredLine, status: SimpleStatus) -> Self {
        Self {
            order_date: order.order_date,
            order_type: order.order_type,
            status,
            tracking_url: line.tracking_url.as_deref(),
            style_color: &line.style_color,
            customized: line.details.customized_product_reference.0.is_some(),
        }
    }
}

/// The line's actions (`actions::line_actions`).
pub fn line_action_map(line: &ActionLine<'_>, now: i64, flags: ActionFlags, return_order_id: Option<&str>) -> Actions {
    let facts = LineFacts {
        now,
        order_date: line.order_date,
        order_type: Some(line.order_type),
        status: Some(line.status),
        tracking_url: line.tracking_url,
        style_color: Some(line.style_color),
        customized: line.customized,
        return_order_id,
        flags,
    };
    action_map(actions::line_actions(&facts))
}

/// The line's item with no actions: everything in it that only the stored order decides.
fn item_without_actions(
    line: StoredLine,
    order: &StoredOrder,
    order_date: &str,
    status: SimpleStatus,
    returns: LineReturnFacts,
) -> OrderItem {
    let currency = order.currency;
    let charged = line_charged_price(&line.amounts()).unwrap_or_default();
    let details = line.details;
    OrderItem {
        line_number: line.line_number,
        sku_id: line.sku_id,
        product: Product {
            product_id: line.product_id,
            pid: details.pid.0,
            title: line.title,
            category: line.category,
            product_image: line.image_url,
            color: line.color,
            size: line.size,
            style_color: line.style_color,
            gtin: line.gtin,
            metric_id: details.metric_id.0,
            pbid: details.pbid.0,
        },
        line_item_status: LineItemStatus {
            status: line.status,
            simple_status: status.as_str().to_owned(),
            status_color: status_color(status).as_str().to_owned(),
        },
        line_item_transaction: LineItemTransaction {
            order_date: order_date.to_owned(),
            quantity: line.quantity,
            unit_price: amount(line.unit_price.0, currency),
            line_item_charged_price: amount(charged.0, currency),
            line_item_taxes: amount(line.tax.0, currency),
            line_item_fees: amount(line.fees.0, currency),
            msrp: details.msrp.as_ref().map(decimal),
            promotions: details.promotions,
        },
        line_item_transaction_alt: details.line_item_transaction_alt,
        shipment_number: line.shipment_number,
        tracking_url: line.tracking_url,
        estimated_delivery_date: line.estimated_delivery_date,
        edd_translated: details.edd_translated.0,
        item_dates: details.item_dates,
        customized_product_reference: details.customized_product_reference.0,
        value_added_service_id: details.value_added_service_id.0.unwrap_or_default(),
        description: details.description.0,
        member_gated_flag: details.member_gated_flag,
        returns,
        actions: Actions::new(),
    }
}

/// A history row with no actions (what `orders::ready` stores per line): the line's status is displayed
/// as `line_status` decides.
pub fn history_item_without_actions(order: &StoredOrder, line: StoredLine) -> (HistoryItem, SimpleStatus) {
    let status = line_status(order, &line);
    let order_date = rfc3339_millis(order.order_date);
    let summary = HistoryOrderSummary::of(order);
    let item = item_without_actions(line, order, &order_date, status, LineReturnFacts::default());
    (history_item(order, order_date, &summary, item), status)
}

/// What each history row of an order says about the whole order (read before its lines are taken).
struct HistoryOrderSummary {
    total: f64,
    status: FullOrderStatus,
}

impl HistoryOrderSummary {
    fn of(order: &StoredOrder) -> Self {
        // Totals that overflow are refused when an order is written; a stored one that did shows 0.
        let total = order.totals().map_or(0.0, |totals| amount(totals.order_total.0, order.currency));
        let status = order_status(order);
        Self {
            total,
            status: FullOrderStatus {
                simple_status: status.as_str().to_owned(),
                status_color: status_color(status).as_str().to_owned(),
                sub_status: order.details.sub_status.0.clone(),
            },
        }
    }
}

/// The order's status: that of its first group in display order (spec 000 §4, the shipment display
/// order), `Unknown` for an order without lines. The detail's header and the history's cards both show it.
pub fn order_status(order: &StoredOrder) -> SimpleStatus {
    let statuses: Vec<SimpleStatus> = order.lines.iter().map(|line| line_status(order, line)).collect();
    let keys: Vec<LineKey<'_>> = order
        .lines
        .iter()
        .zip(&statuses)
        .map(|(line, status)| LineKey { status: *status, shipment_number: line.shipment_number.as_deref() })
        .collect();
    group_lines(&keys).first().map_or(SimpleStatus::Unknown, |group| group.status)
}

fn history_item(
    order: &StoredOrder,
    order_date: String,
    summary: &HistoryOrderSummary,
    item: OrderItem,
) -> HistoryItem {
    HistoryItem {
        order_number: order.order_number.clone(),
        order_type: order.order_type.as_str().to_owned(),
        order_date,
        currency: order.currency.code().to_owned(),
        country: order.country.clone(),
        partner_name: order.partner_name.clone(),
        order_total: summary.total,
        full_order_status: summary.status.clone(),
        item,
    }
}

/// History rows: one per line, newest order first; `flags` gives the flags of an order's country and
/// `returns` the return orders of each order by SKU.
pub fn history_items(
    now: i64,
    orders: Vec<StoredOrder>,
    flags: impl Fn(&str) -> ActionFlags,
    returns: &HashMap<String, HashMap<String, String>>,
) -> Vec<HistoryItem> {
    let no_returns = HashMap::new();
    let no_facts = ReturnFacts::default();
    let no_extras = OrderExtras::default();
    let mut items = Vec::new();
    for mut order in orders {
        let context = ViewContext {
            now,
            flags: flags(&order.country),
            returns: &no_facts,
            returns_by_sku: returns.get(&order.order_number).unwrap_or(&no_returns),
            extras: &no_extras,
            contributors: &[],
        };
        let order_date = rfc3339_millis(order.order_date);
        let summary = HistoryOrderSummary::of(&order);
        let lines = std::mem::take(&mut order.lines);
        for line in lines {
            let item = build_item(line, &order, &order_date, &context);
            items.push(history_item(&order, order_date.clone(), &summary, item));
        }
    }
    items
}

fn build_groups(order: &mut StoredOrder, order_date: &str, context: &ViewContext<'_>) -> Vec<OrderGroup> {
    let lines = std::mem::take(&mut order.lines);
    let statuses: Vec<SimpleStatus> = lines.iter().map(|line| line_status(order, line)).collect();
    let keys: Vec<LineKey<'_>> = lines
        .iter()
        .zip(&statuses)
        .map(|(line, status)| LineKey { status: *status, shipment_number: line.shipment_number.as_deref() })
        .collect();
    let plan: Vec<(SimpleStatus, Option<String>, Vec<usize>)> = group_lines(&keys)
        .into_iter()
        .map(|group| (group.status, group.shipment_number.map(str::to_owned), group.lines))
        .collect();
    let mut slots: Vec<Option<StoredLine>> = lines.into_iter().map(Some).collect();
    let order: &StoredOrder = order;
    plan.into_iter()
        .enumerate()
        .map(|(group_index, (status, shipment_number, indexes))| {
            let group_lines: Vec<StoredLine> =
                indexes.into_iter().filter_map(|index| slots.get_mut(index).and_then(Option::take)).collect();
            let display = group_lines.iter().find_map(|line| line.details.group.clone()).unwrap_or_default();
            let items: Vec<OrderItem> =
                group_lines.into_iter().map(|line| build_item(line, order, order_date, context)).collect();
            let tracking_url = items.iter().find_map(|item| item.tracking_url.clone());
            let estimated_delivery_date = items.iter().filter_map(|item| item.estimated_delivery_date.clone()).min();
            let facts = OrderFacts {
                now: context.now,
                order_date: order.order_date,
                group_index: Some(group_index),
                order_type: Some(order.order_type),
                order_number: &order.order_number,
                country: &order.country,
                statuses: vec![status],
                tracking_url: tracking_url.as_deref(),
                flags: context.flags,
                cancellable_until: context.extras.cancellable_until,
                order_statuses: statuses.clone(),
                deferred_payment_due: deferred_payment_due(order),
                ..OrderFacts::default()
            };
            OrderGroup {
                heading: status.as_str().to_owned(),
                simple_status: status.as_str().to_owned(),
                status_color: status_color(status).as_str().to_owned(),
                shipment_number,
                actions: action_map(actions::group_actions(&facts)),
                tracking_url,
                estimated_delivery_date,
                display,
                order_items: items,
            }
        })
        .collect()
}

fn build_store(store: StoreRow) -> Result<PickupStore, AppError> {
    let mut address_lines: Vec<String> =
        serde_json::from_str(&store.address_lines).map_err(|e| corrupt("store address", e))?;
    address_lines.push(format!("{} {}", store.postal_code, store.city).trim().to_owned());
    Ok(PickupStore {
        store_id: store.store_id,
        store_name: store.name,
        telephone: store.phone,
        address_lines,
        country: store.country,
        timezone: store.timezone,
        gps: Gps {
            latitude: store.latitude.parse().unwrap_or_default(),
            longitude: store.longitude.parse().unwrap_or_default(),
        },
        pickup_hours: PickupHours {
            regular_hours: serde_json::from_str(&store.regular_hours).map_err(|e| corrupt("store hours", e))?,
            special_hours: serde_json::from_str(&store.special_hours).map_err(|e| corrupt("store hours", e))?,
        },
    })
}

pub fn order_detail(
    mut order: StoredOrder,
    store: Option<StoreRow>,
    should_refresh: bool,
    context: &ViewContext<'_>,
) -> Result<OrderDetail, AppError> {
    let currency = order.currency;
    let order_date = rfc3339_millis(order.order_date);
    let totals = order.totals().ok_or_else(|| corrupt("amounts", "they overflow"))?;
    let charged = order.charged_totals().ok_or_else(|| corrupt("amounts", "they overflow"))?;
    let line_statuses: Vec<SimpleStatus> = order.lines.iter().map(|line| line_status(&order, line)).collect();
    let overall = order_status(&order);
    let groups = build_groups(&mut order, &order_date, context);
    let cancellation = cancellation_view(context.contributors, context.extras, &line_statuses);
    let should_refresh = should_refresh || cancellation.pending_modification.is_some();
    let details = order.details.clone();
    let order_facts = OrderFacts {
        now: context.now,
        order_date: order.order_date,
        order_type: Some(order.order_type),
        order_number: &order.order_number,
        country: &order.country,
        statuses: line_statuses.clone(),
        show_barcode_flag: details.show_barcode_flag,
        barcode_number: details.return_to_store.as_ref().and_then(|store| store.barcode_number.as_deref()),
        flags: context.flags,
        cancellable_until: context.extras.cancellable_until,
        order_statuses: line_statuses.clone(),
        deferred_payment_due: deferred_payment_due(&order),
        ..OrderFacts::default()
    };
    let order_actions = action_map(actions::order_actions(&order_facts));
    let phone_number = order
        .phone
        .map(|phone| PhoneNumber { country_code: phone.country_code, subscriber_number: phone.subscriber_number });
    Ok(OrderDetail {
        order_id: order.order_number.clone(),
        order_number: order.order_number,
        order_type: order.order_type.as_str().to_owned(),
        order_classification: order.order_classification,
        parent_sales_order_number: order.parent_sales_order_number,
        partner_name: order.partner_name,
        country: order.country,
        currency: currency.code().to_owned(),
        currency_alt: details.currency_alt.0.map(|code| code.to_ascii_uppercase()),
        region_reference: order.region_reference,
        authorization_info: AuthorizationInfo {
            email: order.email,
            phone_number,
            day_phone_number: details.day_phone_number.0,
        },
        full_order_status: FullOrderStatus {
            simple_status: overall.as_str().to_owned(),
            status_color: status_color(overall).as_str().to_owned(),
            sub_status: details.sub_status.0,
        },
        transaction: Transaction {
            order_date,
            sub_total: amount(totals.sub_total.0, currency),
            shipping_total: amount(totals.shipping_total.0, currency),
            total_taxes: amount(totals.total_taxes.0, currency),
            total_fees: amount(totals.total_fees.0, currency),
            inclusive_tax_total: amount(totals.inclusive_tax_total.0, currency),
            order_total: amount(totals.order_total.0, currency),
            charged_price: amount(charged.order_total.0, currency),
            tax_inclusive: order.taxes_included,
            message: details.transaction_message.0,
            promotional_code_discount: details.promotional_code_discount.as_ref().map(decimal),
            promotions: details.promotions,
        },
        transaction_alt: details.transaction_alt,
        payment: order.payments,
        payment_approval_id: details.payment_approval_id.0,
        payment_hold_flag: details.payment_hold_flag,
        is_global_store_order: details.is_global_store_order,
        show_barcode_flag: details.show_barcode_flag,
        return_to_store: details.return_to_store,
        ship_from: details.ship_from,
        groups,
        shipments: details.shipments,
        shipping_address: order.shipping_address,
        pickup_address: store.map(build_store).transpose()?,
        should_refresh,
        cancellation,
        money_timeline: context.extras.money_timeline.clone(),
        actions: order_actions,
        age: rfc3339_millis(context.now),
    })
}
