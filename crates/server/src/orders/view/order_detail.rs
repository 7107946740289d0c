//! The order detail: the stored order in its display groups, with its totals, actions and what the
//! contributing flows (returns, cancellation, payments) add.

use std::collections::HashMap;
use std::sync::Arc;

use domain::SimpleStatus;
use domain::actions::{self, ActionFlags, ActionName, OrderFacts};
use domain::groups::{LineKey, group_lines};
use domain::status::status_color;

use super::super::db::StoreRow;
use super::super::hooks::{OrderDetailContributor, OrderExtras, ReturnFacts, cancellation_view};
use super::super::store::{StoredLine, StoredOrder};
use super::actions::action_map;
use super::format::{amount, corrupt, decimal, rfc3339_millis};
use super::group_actions::add_return_actions;
use super::line_items::{build_item, line_status, order_status};
use super::order_parts::{contact, order_msrp, shipments};
use super::pickup_store::build_store;
use super::types::{AuthorizationInfo, FullOrderStatus, OrderDetail, OrderGroup, OrderItem, PhoneNumber, Transaction};
use crate::error::AppError;

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

/// Where the order's `return` actions lead: the return wizard, or the site it is returned on.
fn return_link(order: &StoredOrder, context: &ViewContext<'_>) -> String {
    context.returns.elsewhere.clone().unwrap_or_else(|| super::group_actions::return_wizard_path(&order.order_number))
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
    let return_link = return_link(order, context);
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
            let mut group_actions = action_map(actions::group_actions(&facts));
            add_return_actions(&mut group_actions, &items, &return_link);
            OrderGroup {
                heading: status.as_str().to_owned(),
                simple_status: status.as_str().to_owned(),
                status_color: status_color(status).as_str().to_owned(),
                shipment_number,
                actions: group_actions,
                tracking_url,
                estimated_delivery_date,
                display,
                order_items: items,
            }
        })
        .collect()
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
    let msrp = order_msrp(&order);
    let shipments = shipments(&order);
    let (user_info, contact_information) = contact(&order);
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
        custom_return_label: details.custom_return_label,
        barcode_number: details.return_to_store.as_ref().and_then(|store| store.barcode_number.as_deref()),
        flags: context.flags,
        cancellable_until: context.extras.cancellable_until,
        order_statuses: line_statuses.clone(),
        deferred_payment_due: deferred_payment_due(&order),
        ..OrderFacts::default()
    };
    let mut order_actions = action_map(actions::order_actions(&order_facts));
    if let Some(mut order_return) = super::actions::order_return(&groups, context.now) {
        order_return.web_link = Some(return_link(&order, context));
        order_actions.insert(ActionName::Return.as_str().to_owned(), order_return);
    }
    let phone_number = order
        .phone
        .map(|phone| PhoneNumber { country_code: phone.country_code, subscriber_number: phone.subscriber_number });
    Ok(OrderDetail {
        order_id: order.order_number.to_string(),
        order_number: order.order_number.into(),
        order_type: order.order_type.as_str().to_owned(),
        order_classification: order.order_classification,
        parent_sales_order_number: order.parent_sales_order_number.map(String::from),
        partner_name: order.partner_name,
        country: order.country.into(),
        currency: currency.code().to_owned(),
        currency_alt: details.currency_alt.0.map(|code| code.to_ascii_uppercase()),
        region_reference: order.region_reference,
        authorization_info: AuthorizationInfo {
            email: order.email.map(String::from),
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
            msrp,
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
        shipments,
        shipping_address: order.shipping_address,
        pickup_address: store.map(build_store).transpose()?,
        should_refresh,
        cancellation,
        money_timeline: context.extras.money_timeline.clone(),
        actions: order_actions,
        deferred_payment_data: context.extras.deferred_payment_data.clone(),
        legacy_deferred_payment_url: details.legacy_deferred_payment_url.map(|link| link.0),
        return_method: details.return_method.0,
        user_info,
        contact_information,
        age: rfc3339_millis(context.now),
    })
}
