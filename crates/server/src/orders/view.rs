//! The order as the API shows it (spec 000 section 3), built from stored rows by the domain rules.

use std::collections::BTreeMap;

use domain::groups::{LineKey, group_lines};
use domain::money::to_decimal_string;
use domain::totals::{LineAmounts, line_charged_price, order_totals};
use domain::{Currency, Money, OrderType, SimpleStatus, simple_status};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db::{HistoryOrder, LineRow, OrderRow, StoreRow};
use crate::error::AppError;

/// Region reference when the retailer's order system sends none (spec 002 section 9: default region).
pub const DEFAULT_REGION_REFERENCE: &str = "NIKEUS";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub product_id: String,
    pub title: String,
    pub category: String,
    /// Image URL.
    pub product_image: String,
    pub color: String,
    pub size: String,
    pub style_color: String,
    pub gtin: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineItemStatus {
    /// The raw status as received from the order system.
    pub status: String,
    /// returnCreated, returnDenied, returnInProcess, returnCompleted, returnedToStore, delivered,
    /// cancellationPending, cancelled, ordered, orderConfirmed, readyForPickUp, pickedUp,
    /// preparingShipment, shipped or unknown.
    pub simple_status: String,
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
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebLink {
    pub web_link: String,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Actions {
    /// Present only when there is a tracking link.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_shipment: Option<WebLink>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    pub line_number: i64,
    pub sku_id: String,
    pub product: Product,
    pub line_item_status: LineItemStatus,
    pub line_item_transaction: LineItemTransaction,
    pub shipment_number: Option<String>,
    pub tracking_url: Option<String>,
    /// YYYY-MM-DD.
    pub estimated_delivery_date: Option<String>,
    pub actions: Actions,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryItem {
    pub order_number: String,
    pub order_type: String,
    pub order_date: String,
    pub currency: String,
    pub country: String,
    pub partner_name: Option<String>,
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
pub struct HistoryResponse {
    pub order_items: Vec<HistoryItem>,
    pub pages: Pages,
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
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FullOrderStatus {
    pub simple_status: String,
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
    pub tax_inclusive: bool,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    pub payment_type: String,
    pub payment_display_number: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderGroup {
    /// The group's simple status; the web app shows its translated heading.
    pub heading: String,
    pub simple_status: String,
    pub shipment_number: Option<String>,
    pub tracking_url: Option<String>,
    pub estimated_delivery_date: Option<String>,
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
    pub payment: Vec<Payment>,
    pub groups: Vec<OrderGroup>,
    pub shipping_address: Vec<String>,
    /// The pickup store, for orders collected at a store.
    pub pickup_address: Option<PickupStore>,
    pub should_refresh: bool,
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

fn corrupt(what: &str, detail: impl std::fmt::Display) -> AppError {
    AppError::Internal(format!("stored {what} is unreadable: {detail}").into())
}

fn currency_of(code: &str) -> Currency {
    Currency::parse(code).unwrap_or(Currency::USD)
}

fn order_type_of(text: &str) -> OrderType {
    OrderType::parse(text).unwrap_or(OrderType::SalesOrder)
}

fn line_status(order_type: OrderType, line: &LineRow) -> SimpleStatus {
    simple_status(order_type, &line.status)
}

fn build_item(line: LineRow, order_type: OrderType, currency: Currency, order_date: &str) -> OrderItem {
    let status = line_status(order_type, &line);
    let amounts = LineAmounts {
        unit_price: Money(line.unit_price),
        quantity: line.quantity,
        tax: Money(line.tax),
        fees: Money(line.fees),
    };
    let charged = line_charged_price(&amounts).unwrap_or_default();
    let track_shipment = line.tracking_url.clone().map(|web_link| WebLink { web_link });
    OrderItem {
        line_number: line.line_number,
        sku_id: line.sku_id,
        product: Product {
            product_id: line.product_id,
            title: line.title,
            category: line.category,
            product_image: line.image_url,
            color: line.color,
            size: line.size,
            style_color: line.style_color,
            gtin: line.gtin,
        },
        line_item_status: LineItemStatus { status: line.status, simple_status: status.as_str().to_owned() },
        line_item_transaction: LineItemTransaction {
            order_date: order_date.to_owned(),
            quantity: line.quantity,
            unit_price: amount(line.unit_price, currency),
            line_item_charged_price: amount(charged.0, currency),
            line_item_taxes: amount(line.tax, currency),
            line_item_fees: amount(line.fees, currency),
        },
        shipment_number: line.shipment_number,
        tracking_url: line.tracking_url,
        estimated_delivery_date: line.estimated_delivery_date,
        actions: Actions { track_shipment },
    }
}

pub fn history_items(orders: Vec<HistoryOrder>) -> Vec<HistoryItem> {
    let mut items = Vec::new();
    for order in orders {
        let currency = currency_of(&order.currency);
        let order_type = order_type_of(&order.order_type);
        let order_date = rfc3339_millis(order.order_date);
        for line in order.lines {
            items.push(HistoryItem {
                order_number: order.order_number.clone(),
                order_type: order.order_type.clone(),
                order_date: order_date.clone(),
                currency: order.currency.clone(),
                country: order.country.clone(),
                partner_name: order.partner_name.clone(),
                item: build_item(line, order_type, currency, &order_date),
            });
        }
    }
    items
}

fn build_groups(lines: Vec<LineRow>, order_type: OrderType, currency: Currency, order_date: &str) -> Vec<OrderGroup> {
    let statuses: Vec<SimpleStatus> = lines.iter().map(|line| line_status(order_type, line)).collect();
    let keys: Vec<LineKey<'_>> = lines
        .iter()
        .zip(&statuses)
        .map(|(line, status)| LineKey { status: *status, shipment_number: line.shipment_number.as_deref() })
        .collect();
    let plan: Vec<(SimpleStatus, Option<String>, Vec<usize>)> = group_lines(&keys)
        .into_iter()
        .map(|group| (group.status, group.shipment_number.map(str::to_owned), group.lines))
        .collect();
    let mut slots: Vec<Option<LineRow>> = lines.into_iter().map(Some).collect();
    plan.into_iter()
        .map(|(status, shipment_number, indexes)| {
            let items: Vec<OrderItem> = indexes
                .into_iter()
                .filter_map(|index| slots.get_mut(index).and_then(Option::take))
                .map(|line| build_item(line, order_type, currency, order_date))
                .collect();
            let tracking_url = items.iter().find_map(|item| item.tracking_url.clone());
            let estimated_delivery_date = items.iter().filter_map(|item| item.estimated_delivery_date.clone()).min();
            OrderGroup {
                heading: status.as_str().to_owned(),
                simple_status: status.as_str().to_owned(),
                shipment_number,
                actions: Actions { track_shipment: tracking_url.clone().map(|web_link| WebLink { web_link }) },
                tracking_url,
                estimated_delivery_date,
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

pub fn order_detail(order: OrderRow, lines: Vec<LineRow>, store: Option<StoreRow>) -> Result<OrderDetail, AppError> {
    let currency = currency_of(&order.currency);
    let order_type = order_type_of(&order.order_type);
    let order_date = rfc3339_millis(order.order_date);
    let amounts: Vec<LineAmounts> = lines
        .iter()
        .map(|line| LineAmounts {
            unit_price: Money(line.unit_price),
            quantity: line.quantity,
            tax: Money(line.tax),
            fees: Money(line.fees),
        })
        .collect();
    let totals = order_totals(&amounts, Money(order.shipping_total), order.taxes_included)
        .ok_or_else(|| corrupt("amounts", "they overflow"))?;
    let payment: Vec<Payment> = serde_json::from_str(&order.payments).map_err(|e| corrupt("payments", e))?;
    let shipping_address: Vec<String> =
        serde_json::from_str(&order.shipping_address).map_err(|e| corrupt("shipping address", e))?;
    let groups = build_groups(lines, order_type, currency, &order_date);
    let overall = groups.first().map_or("unknown", |group| group.simple_status.as_str()).to_owned();
    let phone_number = match (order.phone_country_code, order.phone_subscriber) {
        (Some(country_code), Some(subscriber_number)) => Some(PhoneNumber { country_code, subscriber_number }),
        _ => None,
    };
    Ok(OrderDetail {
        order_id: order.order_number.clone(),
        order_number: order.order_number,
        order_type: order.order_type,
        order_classification: order.order_classification,
        parent_sales_order_number: order.parent_sales_order_number,
        partner_name: order.partner_name,
        country: order.country,
        currency: order.currency,
        currency_alt: None,
        region_reference: order.region_reference,
        authorization_info: AuthorizationInfo { email: order.email, phone_number },
        full_order_status: FullOrderStatus { simple_status: overall },
        transaction: Transaction {
            order_date,
            sub_total: amount(totals.sub_total.0, currency),
            shipping_total: amount(totals.shipping_total.0, currency),
            total_taxes: amount(totals.total_taxes.0, currency),
            total_fees: amount(totals.total_fees.0, currency),
            inclusive_tax_total: amount(totals.inclusive_tax_total.0, currency),
            order_total: amount(totals.order_total.0, currency),
            tax_inclusive: order.taxes_included,
        },
        payment,
        groups,
        shipping_address,
        pickup_address: store.map(build_store).transpose()?,
        should_refresh: false,
        age: rfc3339_millis(chrono::Utc::now().timestamp_millis()),
    })
}
