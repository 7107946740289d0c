use std::collections::BTreeSet;

use domain::{OrderType, SimpleStatus, simple_status};
use reqwest::StatusCode;
use server::seed::{SeedPlan, run};
use sqlx::Row;

use crate::helpers::TestApp;
use crate::on_both_backends;

fn plan(seed: u64) -> SeedPlan {
    // 2026-11-01T23:59:59Z: a fixed end day makes the rows the same on every run.
    SeedPlan { members: 30, orders: 900, seed, until_millis: 1_794_009_599_000 }
}

/// Every order's number, type, owner and line statuses, in a stable order.
async fn fingerprint(db: &server::db::Db) -> Vec<String> {
    let rows = sqlx::query(
        "SELECT o.order_number, o.order_type, COALESCE(o.upm_id, o.email), o.order_date, l.line_number, l.status \
         FROM orders o JOIN order_lines l ON l.order_number = o.order_number ORDER BY o.order_number, l.line_number",
    )
    .fetch_all(&db.pool)
    .await
    .expect("read the seeded rows");
    rows.iter()
        .map(|row| {
            let parts: Vec<String> = (0..6)
                .map(|i| {
                    row.try_get::<String, _>(i).unwrap_or_else(|_| row.try_get::<i64, _>(i).unwrap_or(0).to_string())
                })
                .collect();
            parts.join("|")
        })
        .collect()
}

async fn seeding_is_deterministic_and_covers_every_status_type_and_market(app: &TestApp) {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let db = connected.db;
    let report = run(&db, &plan(11)).await.expect("seed");
    assert_eq!(report.orders, 900);
    assert_eq!(report.members, 30);
    let first = fingerprint(&db).await;
    run(&db, &plan(11)).await.expect("seeding again with the same seed adds nothing");
    assert_eq!(fingerprint(&db).await, first, "the same seed gives the same rows");

    let rows = sqlx::query(
        "SELECT o.order_type, l.status, o.partner_name, o.parent_sales_order_number, o.pickup_store_id \
         FROM orders o JOIN order_lines l ON l.order_number = o.order_number",
    )
    .fetch_all(&db.pool)
    .await
    .expect("rows");
    let mut statuses = BTreeSet::new();
    let mut types = BTreeSet::new();
    for row in &rows {
        let kind = OrderType::parse(&row.get::<String, _>(0)).expect("a known order type");
        types.insert(kind.as_str());
        statuses.insert(simple_status(kind, &row.get::<String, _>(1)).as_str());
        if kind == OrderType::PartnerSalesOrder {
            assert!(row.get::<Option<String>, _>(2).is_some(), "partner orders name their partner");
        }
        if kind == OrderType::ReturnOrder {
            assert!(row.get::<Option<String>, _>(3).is_some(), "return orders name their parent");
        }
    }
    // paymentPending comes from an order's payment hold, not from a raw line status.
    for status in SimpleStatus::ALL.into_iter().filter(|status| *status != SimpleStatus::PaymentPending) {
        assert!(statuses.contains(status.as_str()), "no seeded line is {}", status.as_str());
    }
    assert_eq!(types.len(), 3, "{types:?}");
    assert!(rows.iter().any(|row| row.get::<Option<String>, _>(4).is_some()), "some orders are store pickups");
    let countries: Vec<String> = sqlx::query_scalar("SELECT DISTINCT country FROM members ORDER BY country")
        .fetch_all(&db.pool)
        .await
        .expect("countries");
    assert_eq!(countries, ["AU", "CN", "DE", "FR", "GB", "JP", "KR", "NL", "US"]);
    let orphans: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM orders r WHERE r.order_type = 'RETURN_ORDER' AND NOT EXISTS \
         (SELECT 1 FROM orders p WHERE p.order_number = r.parent_sales_order_number AND p.upm_id = r.upm_id)",
    )
    .fetch_one(&db.pool)
    .await
    .expect("orphans");
    assert_eq!(orphans, 0, "every return order's parent exists and belongs to the same member");
    let cards: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM gift_cards").fetch_one(&db.pool).await.expect("cards");
    assert!(cards > 0);

    // The demo sign-in and a README guest order work through the API.
    let (status, signed_in) = app
        .post_json(
            "/auth/v1/token",
            &serde_json::json!({"email": "shopper@example.com", "password": "orders-demo"}),
            false,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app.get_json("/orders/history/v1/C00000000001?filter=email(guest@example.com)", None).await;
    assert_eq!(status, StatusCode::OK);

    // The README's modal orders (seed/modals.rs): what each modal needs is in the order view.
    let token = signed_in["accessToken"].as_str().expect("accessToken");
    let (status, tracked) = app.get_json("/orders/history/v1/C00000000201", Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{tracked}");
    let links: Vec<&str> = tracked["groups"]
        .as_array()
        .expect("groups")
        .iter()
        .filter_map(|group| group["actions"]["trackShipment"]["webLink"].as_str())
        .collect();
    assert_eq!(links.len(), 2, "two shipments to track: {tracked}");
    assert!(links.iter().any(|l| l.contains("/ups/")) && links.iter().any(|l| l.contains("/fedex/")), "{links:?}");
    let (_, returned) = app.get_json("/orders/history/v1/C00000000202", Some(token)).await;
    let mut return_ids: Vec<&str> = returned["groups"]
        .as_array()
        .expect("groups")
        .iter()
        .flat_map(|group| group["orderItems"].as_array().into_iter().flatten())
        .filter_map(|item| item["actions"]["viewReturn"]["returnOrderId"].as_str())
        .collect();
    return_ids.sort_unstable();
    assert_eq!(return_ids, ["R00000000202", "R00000000203"], "{returned}");
    let (_, abroad) = app.get_json("/orders/history/v1/C00000000204", Some(token)).await;
    assert_eq!(abroad["country"], "GB");

    // Buy again works in the demo (browser walk S3: the seeded price table was empty, so every click
    // answered no-pricing-info): an item of the member's order goes into the bag with its price.
    let sku = tracked["groups"][0]["orderItems"][0]["skuId"].as_str().expect("a seeded line's sku").to_owned();
    let added = app
        .client
        .post(app.url("/cart/v1/items?currency=USD"))
        .bearer_auth(token)
        .json(&serde_json::json!({"skuId": sku, "quantity": 1}))
        .send()
        .await
        .expect("add to bag");
    let status = added.status();
    let bag: serde_json::Value = added.json().await.expect("the bag");
    assert_eq!(status, StatusCode::OK, "{bag}");
    assert!(bag["items"][0]["priceInfo"]["price"].as_f64().is_some_and(|price| price > 0.0), "{bag}");
    let unpriced: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM order_lines l JOIN orders o ON o.order_number = l.order_number WHERE l.style_color <> '' AND NOT EXISTS \
         (SELECT 1 FROM product_skus s JOIN product_prices p ON p.style_color = s.style_color \
          WHERE s.sku_id = l.sku_id AND p.currency = o.currency)",
    )
    .fetch_one(&db.pool)
    .await
    .expect("unpriced lines");
    assert_eq!(unpriced, 0, "every line of every demo order can be bought again in its order's currency");
}
on_both_backends!(seed_data, seeding_is_deterministic_and_covers_every_status_type_and_market);
