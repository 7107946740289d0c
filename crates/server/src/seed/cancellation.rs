//! Demo orders for cancellation and deferred payment, placed relative to the seed's end time (now for a
//! new database): a member's and a guest's order inside the 30-minute cancel window, one already with
//! the warehouse (its cancel waits for a status event), and two orders waiting on a deferred payment
//! (alipay with a QR code, klarna with a form). `orders seed` again later makes fresh cancellable ones.

use serde_json::json;

use super::generate::upm_id_for;
use crate::BoxError;
use crate::db::Db;

/// One demo order: its number, the demo member's e-mail (None: the guest), how many minutes before the
/// seed's end it was placed, its lines' raw status, its payment type, and whether its payment is on hold.
#[derive(Clone, Copy)]
struct DemoOrder(&'static str, Option<&'static str>, i64, &'static str, &'static str, bool);

const ORDERS: &[DemoOrder] = &[
    DemoOrder("C00000000101", Some("shopper@example.com"), 2, "Created", "credit_card", false),
    DemoOrder("C00000000102", None, 1, "Created", "credit_card", false),
    DemoOrder("C00000000103", Some("shopper@example.com"), 3, "Sent To Warehouse", "paypal", false),
    DemoOrder("C00000000104", Some("shopper@example.com"), 60, "Created", "alipay", true),
    DemoOrder("C00000000105", Some("shopper@example.com"), 90, "Created", "klarna", true),
];

pub const DEMO_GUEST_EMAIL: &str = "guest@example.com";

fn body(order: DemoOrder, upm_id: Option<String>, order_date: &str) -> serde_json::Value {
    let DemoOrder(number, _, _, status, payment_type, hold) = order;
    json!({
        "orderNumber": number, "orderType": "SALES_ORDER", "orderClassification": "CONSUMER",
        "country": "US", "currency": "USD", "upmId": upm_id,
        "email": if upm_id.is_some() { "shopper@example.com" } else { DEMO_GUEST_EMAIL },
        "phone": {"countryCode": "1", "subscriberNumber": "5035550100"},
        "orderDate": order_date, "shippingTotal": 7.5,
        "payments": [{"paymentType": payment_type}],
        "paymentHoldFlag": hold,
        "paymentApprovalId": if hold { Some(format!("PA-{number}")) } else { None },
        "shippingAddress": ["Jane Carter", "1 Market Street", "San Francisco, CA 94105", "US"],
        "lines": [
            {"lineNumber": 1, "gtin": "00012345678905", "skuId": "SKU-AR2-001-10", "productId": "P-AR2", "styleColor": "AR2-001",
             "title": "Stride Runner 4", "category": "Men's Road Running Shoes", "color": "Black/White", "size": "10",
             "imageUrl": "/images/products/running/black-white/AR2-001.svg", "quantity": 1, "unitPrice": 120, "tax": 9.6, "status": status},
            {"lineNumber": 2, "gtin": "00012345678912", "skuId": "SKU-DTT-001-M", "productId": "P-DTT", "styleColor": "DTT-001",
             "title": "Dri-Tech Training Tee", "category": "Training Top", "color": "Navy", "size": "M",
             "imageUrl": "/images/products/top/navy/DTT-001.svg", "quantity": 2, "unitPrice": 25, "tax": 4, "status": status}
        ]
    })
}

pub async fn write(db: &Db, until_millis: i64) -> Result<(), BoxError> {
    let mut orders = Vec::new();
    for &order in ORDERS {
        let DemoOrder(number, member, minutes_before, ..) = order;
        let at =
            chrono::DateTime::from_timestamp_millis(until_millis - minutes_before * 60_000).ok_or("bad seed time")?;
        let date = at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        let value = body(order, member.map(upm_id_for), &date);
        let bytes = serde_json::to_vec(&value)?;
        orders.push(crate::orders::parse_order(&bytes).map_err(|error| format!("demo order {number}: {error:?}"))?);
    }
    crate::orders::store::insert_new(db, &orders, until_millis).await
}
