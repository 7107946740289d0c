//! Order-level parts of the detail that the stored order decides alone: the list price (`msrp`), the
//! shipments with their displayed status, and how to reach the shopper (`userInfo`,
//! `contactInformation`).

use domain::SimpleStatus;
use domain::status::simple_status;

use super::super::contract::ContactInformation;
use super::super::fields::OptText;
use super::super::store::StoredOrder;
use super::format::amount;
use super::line_items::line_status;
use super::types::{PackageView, PhoneNumber, ShipmentView, UserInfo};

/// `transaction.msrp`: each item's msrp (else its unit price) times its quantity, over the same lines as
/// `subTotal`; `None` when no item carries an msrp, or when a stored amount cannot be read.
pub(super) fn order_msrp(order: &StoredOrder) -> Option<f64> {
    if order.lines.iter().all(|line| line.details.msrp.is_none()) {
        return None;
    }
    let mut sum: i64 = 0;
    for line in &order.lines {
        let unit = match &line.details.msrp {
            Some(msrp) => msrp.minor(order.currency).ok()?.0,
            None => line.unit_price.0,
        };
        sum = sum.checked_add(unit.checked_mul(line.quantity)?)?;
    }
    Some(amount(sum, order.currency))
}

/// The shipments as sent, each with the order's number, its displayed status and, on each package, the
/// shipment's number. Called before the lines are taken into groups.
pub(super) fn shipments(order: &StoredOrder) -> Vec<ShipmentView> {
    order
        .details
        .shipments
        .iter()
        .map(|shipment| {
            let shipment_number = shipment.shipment_number.0.clone().unwrap_or_default();
            let status = match shipment.status.as_deref() {
                Some(raw) => domain::status::displayed_status(
                    simple_status(order.order_type, raw),
                    order.details.payment_hold_flag,
                ),
                None => first_line_status(order, &shipment_number),
            };
            ShipmentView {
                order_number: order.order_number.to_string(),
                shipment_number: shipment_number.clone(),
                status: shipment.status.0.clone(),
                simple_status: status.as_str().to_owned(),
                packages: shipment
                    .packages
                    .iter()
                    .map(|package| PackageView {
                        package_id: package.package_id.0.clone(),
                        shipment_number: shipment_number.clone(),
                        tracking_url: package.tracking_url.as_ref().map(|link| link.0.clone()),
                        carrier_name: package.carrier_name.0.clone(),
                        tracking_number: package.tracking_number.0.clone(),
                        items: package.items.clone(),
                    })
                    .collect(),
            }
        })
        .collect()
}

/// The displayed status of the first line (by line number) shipped under `shipment_number`.
fn first_line_status(order: &StoredOrder, shipment_number: &str) -> SimpleStatus {
    order
        .lines
        .iter()
        .filter(|line| line.shipment_number.as_deref() == Some(shipment_number))
        .min_by_key(|line| line.line_number)
        .map_or(SimpleStatus::Unknown, |line| line_status(order, line))
}

/// `userInfo` and `contactInformation` from the order's own e-mail and phone (what its owner gave).
pub(super) fn contact(order: &StoredOrder) -> (UserInfo, ContactInformation) {
    let phone_number = order.phone.as_ref().map(|phone| PhoneNumber {
        country_code: phone.country_code.clone(),
        subscriber_number: phone.subscriber_number.clone(),
    });
    let day_phone = order
        .details
        .day_phone_number
        .0
        .clone()
        .or_else(|| order.phone.as_ref().map(|phone| phone.subscriber_number.clone()));
    let contact = ContactInformation {
        day_phone_number: OptText(day_phone),
        email: OptText(order.email.clone().map(String::from)),
    };
    (UserInfo { phone_number }, contact)
}
