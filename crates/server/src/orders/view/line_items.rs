//! One line of a stored order as an answer's item, and the status each line and the order display.

use domain::SimpleStatus;
use domain::actions::ActionName;
use domain::groups::{LineKey, group_lines};
use domain::status::status_color;
use domain::totals::line_charged_price;

use super::super::hooks::LineReturnFacts;
use super::super::store::{StoredLine, StoredOrder};
use super::actions::{ActionLine, line_action_map};
use super::format::{amount, decimal};
use super::order_detail::ViewContext;
use super::types::{Actions, LineItemStatus, LineItemTransaction, OrderItem, Product};

pub(super) fn line_status(order: &StoredOrder, line: &StoredLine) -> SimpleStatus {
    order.line_status(line)
}

pub(super) fn build_item(
    line: StoredLine,
    order: &StoredOrder,
    order_date: &str,
    context: &ViewContext<'_>,
) -> OrderItem {
    let status = line_status(order, &line);
    let return_order_id = context.returns_by_sku.get(&line.sku_id).map(String::as_str);
    let mut actions =
        line_action_map(&ActionLine::of(order, &line, status), context.now, context.flags, return_order_id);
    if let (Some(url), Some(action)) = (&context.returns.elsewhere, actions.get_mut(ActionName::Return.as_str())) {
        action.web_link = Some(url.clone());
    }
    let returns = context.returns.lines.get(&line.line_number).cloned().unwrap_or_default();
    OrderItem { actions, ..item_without_actions(line, order, order_date, status, returns) }
}

/// The line's item with no actions: everything in it that only the stored order decides.
pub(super) fn item_without_actions(
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
            nike_id_path_name: details.nike_id_path_name.0,
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
