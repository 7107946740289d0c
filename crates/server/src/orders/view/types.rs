//! The answer types of the order views (history rows and the order detail), as serde writes them and
//! the OpenAPI document describes them. Building them from a stored order is the other files' work.

use std::collections::BTreeMap;

use domain::{OrderType, SimpleStatus};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::super::contract::{
    ContactInformation, GroupDetails, ItemDates, LineTransactionAlt, Promotion, ReturnToStore, ShipFrom, TransactionAlt,
};
use super::super::hooks::{CancellationView, DeferredPaymentData, LineReturnFacts, MoneyTimelineEvent};
use crate::stores::ReadHours;

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
    /// The customised product's path name, when the order system sends one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nike_id_path_name: Option<String>,
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
    /// The barcode drawn by the server (an SVG data URI), so the page shows an image and draws nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
}

/// One action the caller may take (or sees but may not take now, with the reason).
#[derive(Debug, Default, Serialize, ToSchema)]
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
    /// Line actions only: the message an embedding app handles in place of `webLink` (see `AppCallback`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub app_callback: Option<AppCallback>,
}

/// `appCallback` (000 §3: each item action has a webLink and an appCallback). In this product it is the
/// message a retailer's app or page that embeds the portal (standalone view, 000 §2) receives to take the
/// action itself (its own tracking screen, product page or return flow) instead of the portal following
/// `webLink`: the portal posts it, as `window.postMessage`, to the configured parent origin only. It
/// names the action and the line, so the host needs no order data of its own.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AppCallback {
    /// Always `orders:action`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The action's name (ActionNameEnum).
    pub action: String,
    pub order_number: String,
    pub line_number: i64,
    /// The action's `webLink`, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// The actions, by name (`domain::actions::ActionName`, ActionNameEnum in the document); an action whose flow is not built is absent.
pub type Actions = BTreeMap<String, ActionView>;

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
    /// The order's list price: the items' msrp times their quantity, an item without one counted at its
    /// unit price (what subTotal would be without markdowns); sent when an item carries an msrp.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub msrp: Option<f64>,
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

/// One package of a shipment (000 section 3: items, shipmentNumber, trackingUrl).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackageView {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub package_id: Option<String>,
    /// The shipment the package belongs to.
    pub shipment_number: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracking_url: Option<String>,
    /// The carrier's name, when the order system sent it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carrier_name: Option<String>,
    /// The carrier's tracking number, when the order system sent it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracking_number: Option<String>,
    /// Line numbers of the items in this package.
    pub items: Vec<i64>,
}

/// A shipment of the order (000 section 3: orderNumber, shipmentNumber, simpleStatus, status, packages).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShipmentView {
    pub order_number: String,
    pub shipment_number: String,
    /// Raw status as received.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// The displayed status: the raw status mapped as a line's is (000 §4); a shipment sent without one
    /// takes the status of its first line in display order, else unknown.
    #[schema(value_type = SimpleStatus)]
    pub simple_status: String,
    pub packages: Vec<PackageView>,
}

/// `userInfo` (002 §3): the shopper as the cancel request names them when the order has no e-mail
/// (`userInfo.phoneNumber`). Never the member id or anything a guest could not already see.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub phone_number: Option<PhoneNumber>,
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
    /// The same hours as the server reads them (`weekly`, `specialDays`): what the web shows.
    #[serde(flatten)]
    pub read_hours: ReadHours,
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
    pub shipments: Vec<ShipmentView>,
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
    /// The deferred payment the shopper started and has not finished (002 §3: the QR code URL or the
    /// form, as the payment job answered them), so the page can resume it; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deferred_payment_data: Option<DeferredPaymentData>,
    /// A brand's legacy (`OrderDetails::legacy_deferred_payment_url`): only orders the retailer's former
    /// system took have one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legacy_deferred_payment_url: Option<String>,
    /// A return order: how it is sent back (a method code of 001 §9); absent on sales orders.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_method: Option<String>,
    pub user_info: UserInfo,
    /// How to reach the shopper about this order: its e-mail, and its day phone (the order system's
    /// `dayPhoneNumber`, else the order's phone number).
    pub contact_information: ContactInformation,
    /// When this answer was made.
    pub age: String,
}
