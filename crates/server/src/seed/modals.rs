//! Demo orders for the order detail's modals (spec 000 §2), with fixed numbers so the README and the
//! browser tests can name them: an order in two shipments with two carriers (track shipments), an order
//! with two return orders (view returns), and an order placed on the UK site (the country-mismatch modal
//! when it is opened under the US site, `/orders/...`). All for shopper@example.com.

use serde_json::{Value, json};

use super::generate::upm_id_for;
use crate::BoxError;
use crate::db::Db;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
const MEMBER: &str = "shopper@example.com";

struct Line {
    gtin: &'static str,
    sku: &'static str,
    style: &'static str,
    title: &'static str,
    category: &'static str,
    color: &'static str,
    size: &'static str,
    image: &'static str,
    price: f64,
}

const SHOE: Line = Line {
    gtin: "00012345678905",
    sku: "SKU-AR2-001-10",
    style: "AR2-001",
    title: "Stride Runner 4",
    category: "Men's Road Running Shoes",
    color: "Black/White",
    size: "10",
    image: "/images/products/running/black-white/AR2-001.svg",
    price: 120.0,
};
const TEE: Line = Line {
    gtin: "00012345678912",
    sku: "SKU-DTT-001-M",
    style: "DTT-001",
    title: "Dri-Tech Training Tee",
    category: "Training Top",
    color: "Navy",
    size: "M",
    image: "/images/products/top/navy/DTT-001.svg",
    price: 25.0,
};

fn line(line: &Line, number: i64, status: &str, shipment: Option<(&str, &str)>) -> Value {
    json!({
        "lineNumber": number, "gtin": line.gtin, "skuId": line.sku,
        "productId": format!("P-{}", line.style), "styleColor": line.style, "title": line.title,
        "category": line.category, "color": line.color, "size": line.size, "imageUrl": line.image,
        "quantity": 1, "unitPrice": line.price, "tax": line.price * 0.08, "status": status,
        "shipmentNumber": shipment.map(|(number, _)| number), "trackingUrl": shipment.map(|(_, url)| url),
    })
}

fn order(number: &str, country: &str, currency: &str, date: &str, lines: Vec<Value>) -> Value {
    json!({
        "orderNumber": number, "orderType": "SALES_ORDER", "orderClassification": "CONSUMER",
        "country": country, "currency": currency, "upmId": upm_id_for(MEMBER), "email": MEMBER,
        "orderDate": date, "shippingTotal": 0, "payments": [{"paymentType": "credit_card"}],
        "shippingAddress": ["Jane Carter", "1 Market Street", "San Francisco, CA 94105", "US"],
        "lines": lines,
    })
}

fn bodies(days_ago: impl Fn(i64) -> String) -> Vec<Value> {
    let mut returned_tee = line(&TEE, 2, "Return Created", None);
    returned_tee["lineNumber"] = json!(1);
    let mut returned_shoe = line(&SHOE, 1, "Received At Return Center", None);
    returned_shoe["lineNumber"] = json!(1);
    let return_order = |number: &str, date: String, line: Value| {
        let mut body = order(number, "US", "USD", &date, vec![line]);
        body["orderType"] = json!("RETURN_ORDER");
        body["parentSalesOrderNumber"] = json!("C00000000202");
        body
    };
    // Two shipments, two carriers: "Track shipments (2)" opens the modal, which names each carrier and
    // its tracking number.
    let mut two_carriers = order(
        "C00000000201",
        "US",
        "USD",
        &days_ago(3),
        vec![
            line(&SHOE, 1, "In Transit", Some(("C00000000201-1", "https://tracking.example.com/ups/1Z0000000201"))),
            line(&TEE, 2, "Shipped", Some(("C00000000201-2", "https://tracking.example.com/fedex/7700000201"))),
        ],
    );
    two_carriers["shipments"] = json!([
        {"shipmentNumber": "C00000000201-1", "status": "In Transit", "packages": [{
            "packageId": "P1", "trackingUrl": "https://tracking.example.com/ups/1Z0000000201",
            "carrierName": "UPS", "trackingNumber": "1Z0000000201", "items": [1]}]},
        {"shipmentNumber": "C00000000201-2", "status": "Shipped", "packages": [{
            "packageId": "P2", "trackingUrl": "https://tracking.example.com/fedex/7700000201",
            "carrierName": "FedEx", "trackingNumber": "7700000201", "items": [2]}]},
    ]);
    vec![
        two_carriers,
        // Both lines sent back, each in its own return: "View returns (2)".
        order(
            "C00000000202",
            "US",
            "USD",
            &days_ago(30),
            vec![line(&SHOE, 1, "Received at Return Center", None), line(&TEE, 2, "Return Created", None)],
        ),
        return_order("R00000000202", days_ago(20), returned_shoe),
        return_order("R00000000203", days_ago(18), returned_tee),
        // Placed on the UK site: opened under /orders (the US site) it asks which site to use.
        order("C00000000204", "GB", "GBP", &days_ago(8), vec![line(&TEE, 1, "Delivered", None)]),
    ]
}

pub async fn write(db: &Db, until_millis: i64) -> Result<(), BoxError> {
    let days_ago = |days: i64| {
        chrono::DateTime::from_timestamp_millis(until_millis - days * DAY_MS)
            .map(|at| at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
            .unwrap_or_default()
    };
    let mut orders = Vec::new();
    for value in bodies(days_ago) {
        let bytes = serde_json::to_vec(&value)?;
        let parsed = crate::orders::parse_order(&bytes).map_err(|error| format!("demo order {value}: {error:?}"))?;
        orders.push(parsed);
    }
    crate::orders::store::insert_new(db, &orders, until_millis).await
}
