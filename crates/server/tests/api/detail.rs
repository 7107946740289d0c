use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, Options, TestApp, order, spawn_app_with};
use crate::on_both_backends;

async fn the_owner_sees_the_order_with_groups_items_payment_and_totals(app: &TestApp) {
    let (upm_id, token) = app.member("owner@example.com").await;
    app.put_order(&order("C4000001", Some(&upm_id), "2026-11-01T10:00:00Z")).await;
    for path in ["/orders/history/v1/C4000001", "/orders/summary/v1/C4000001"] {
        let (status, detail) = app.get_json(path, Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{detail}");
        assert_eq!(detail["orderNumber"], "C4000001");
        assert_eq!(detail["orderType"], "SALES_ORDER");
        assert_eq!(detail["currency"], "USD");
        assert_eq!(detail["transaction"]["orderDate"], "2026-11-01T10:00:00Z");
        // 120 + 2 x 25 = 170; tax 9.6 + 4 is the sum of the lines; US prices exclude tax.
        assert_eq!(detail["transaction"]["subTotal"], json!(170.0));
        assert_eq!(detail["transaction"]["totalTaxes"], json!(13.6));
        assert_eq!(detail["transaction"]["shippingTotal"], json!(7.5));
        assert_eq!(detail["transaction"]["orderTotal"], json!(191.1));
        assert_eq!(detail["payment"][0]["paymentType"], "credit_card");
        assert_eq!(detail["payment"][0]["paymentDisplayNumber"], "1111", "only the last four digits are kept");
        let groups = detail["groups"].as_array().cloned().unwrap_or_default();
        let statuses: Vec<&str> = groups.iter().filter_map(|g| g["simpleStatus"].as_str()).collect();
        assert_eq!(statuses, ["shipped", "ordered"], "shipped with a shipment number comes first");
        assert_eq!(groups[0]["actions"]["trackShipment"]["webLink"], "https://tracking.example.com/ups/1Z1");
        assert!(groups[1]["actions"].get("trackShipment").is_none(), "no tracking link, no track action");
        let shipped_item = &groups[0]["orderItems"][0];
        assert_eq!(
            shipped_item["lineItemStatus"],
            json!({"status": "In Transit", "simpleStatus": "shipped", "statusColor": "info"})
        );
        assert_eq!(shipped_item["product"]["title"], "Stride Runner 4");
        let tee = &groups[1]["orderItems"][0];
        assert_eq!(tee["lineItemTransaction"]["quantity"], 2);
        assert_eq!(tee["lineItemTransaction"]["lineItemChargedPrice"], json!(50.0));
        assert_eq!(detail["fullOrderStatus"]["simpleStatus"], "shipped");
    }
}
on_both_backends!(owner_sees_detail, the_owner_sees_the_order_with_groups_items_payment_and_totals);

async fn anyone_else_gets_the_same_404_as_for_a_missing_order(app: &TestApp) {
    let (owner, _) = app.member("first@example.com").await;
    let (_, stranger_token) = app.member("second@example.com").await;
    app.put_order(&order("C4000002", Some(&owner), "2026-11-01T10:00:00Z")).await;
    let missing = app.get_json("/orders/history/v1/C4999999", Some(&stranger_token)).await;
    assert_eq!(missing.0, StatusCode::NOT_FOUND);
    assert_eq!(missing.1["code"], "service-order-detail-failure");
    let someone_elses = app.get_json("/orders/history/v1/C4000002", Some(&stranger_token)).await;
    assert_eq!(someone_elses, missing, "same status, same body");
    let wrong_guest = app.get_json("/orders/history/v1/C4000002?filter=email(other@example.com)", None).await;
    assert_eq!(wrong_guest, missing);
    let wrong_phone = app.get_json("/orders/history/v1/C4000002?filter=phoneNumber(15035550199)", None).await;
    assert_eq!(wrong_phone, missing);
    let no_credentials = app.get_json("/orders/history/v1/C4000002", None).await;
    assert_eq!(no_credentials, missing);
    // The summary route answers its own code (000 section 8), the same for missing and foreign.
    let summary_missing = app.get_json("/orders/summary/v1/C4999999", Some(&stranger_token)).await;
    assert_eq!(summary_missing.0, StatusCode::NOT_FOUND);
    assert_eq!(summary_missing.1["code"], "service-order-summary-failure");
    assert_eq!(app.get_json("/orders/summary/v1/C4000002", Some(&stranger_token)).await, summary_missing);
    assert_eq!(app.get_json("/orders/summary/v1/C4000002", None).await, summary_missing);
}
on_both_backends!(others_get_404, anyone_else_gets_the_same_404_as_for_a_missing_order);

async fn a_guest_finds_the_order_by_email_or_phone(app: &TestApp) {
    app.put_order(&order("C4000003", None, "2026-11-01T10:00:00Z")).await;
    let paths = [
        "/orders/history/v1/C4000003?filter=email(guest.shopper@example.com)",
        "/orders/history/v1/C4000003?filter=email(GUEST.Shopper%40example.com)",
        "/orders/history/v1/C4000003?filter=phoneNumber(15035550100)",
        "/orders/summary/v1/C4000003?filter=phoneNumber(%2B1%20503-555-0100)",
    ];
    for path in paths {
        let (status, detail) = app.get_json(path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {detail}");
        assert_eq!(detail["orderId"], "C4000003");
    }
}
on_both_backends!(guest_lookup, a_guest_finds_the_order_by_email_or_phone);

async fn bad_order_numbers_and_filters_are_400_with_a_code(app: &TestApp) {
    for number in ["AB1", "C40000%2D01", "C400-0001", &"9".repeat(33)] {
        let (status, body) =
            app.get_json(&format!("/orders/history/v1/{number}?filter=email(a@example.com)"), None).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("invalid-order-number")),
            "{number}"
        );
    }
    for filter in ["email(nope)", "emailaddress", "phoneNumber(12)", "upmId(1)"] {
        let (status, body) = app.get_json(&format!("/orders/history/v1/C4000004?filter={filter}"), None).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid-filter")), "{filter}");
    }
}
on_both_backends!(bad_input, bad_order_numbers_and_filters_are_400_with_a_code);

async fn return_orders_map_statuses_by_the_return_table(app: &TestApp) {
    let (upm_id, token) = app.member("returner@example.com").await;
    app.put_order(&order("C4000005", Some(&upm_id), "2026-10-01T10:00:00Z")).await;
    let mut ret: Value = order("R4000005", Some(&upm_id), "2026-10-20T10:00:00Z");
    ret["orderType"] = json!("RETURN_ORDER");
    ret["parentSalesOrderNumber"] = json!("C4000005");
    ret["lines"][0]["status"] = json!("IN_TRANSIT");
    ret["lines"][1]["status"] = json!("cancelled");
    app.put_order(&ret).await;
    let (status, detail) = app.get_json("/orders/history/v1/R4000005", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(detail["parentSalesOrderNumber"], "C4000005");
    let statuses: Vec<&str> =
        detail["groups"].as_array().into_iter().flatten().filter_map(|g| g["simpleStatus"].as_str()).collect();
    assert_eq!(statuses, ["returnInProcess", "returnCompleted"]);
}
on_both_backends!(return_order, return_orders_map_statuses_by_the_return_table);

/// Issue 7, defect 6: only failures count, and a right credential still gets through: strangers cannot
/// lock a guest out of their order.
#[tokio::test]
async fn wrong_guesses_of_an_order_are_limited_but_the_right_credential_gets_through() {
    let app = spawn_app_with(Backend::Sqlite, Options { per_order: 3, ..Options::default() }).await;
    app.put_order(&order("C4000006", None, "2026-11-01T10:00:00Z")).await;
    for _ in 0..3 {
        assert_eq!(
            app.get("/orders/history/v1/C4000006?filter=email(wrong@example.com)", None).await.status(),
            StatusCode::NOT_FOUND
        );
    }
    let limited = app.get("/orders/history/v1/C4000006?filter=email(wrong@example.com)", None).await;
    assert_eq!(
        limited.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "past the order's failure budget, wrong guesses get 429"
    );
    let retry_after: u64 =
        limited.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).unwrap_or(0);
    assert!(retry_after >= 1);
    let owner = app.get("/orders/history/v1/C4000006?filter=email(guest.shopper@example.com)", None).await;
    assert_eq!(owner.status(), StatusCode::OK, "the shopper's own e-mail still opens the order");
    let other_order = app.get("/orders/history/v1/C4000007?filter=email(guest.shopper@example.com)", None).await;
    assert_eq!(other_order.status(), StatusCode::NOT_FOUND, "another order number is not limited by this one");
    app.finish().await;
}

/// Issue 7, defect 6: one client that keeps guessing one order is locked out of it, even with the right
/// credential, while other clients are not (the pair is keyed on order and client).
#[tokio::test]
async fn a_client_guessing_one_order_is_locked_out_of_it() {
    let app = spawn_app_with(Backend::Sqlite, Options::default()).await;
    app.put_order(&order("C4000009", None, "2026-11-01T10:00:00Z")).await;
    for guess in 0..10 {
        let path = format!("/orders/history/v1/C4000009?filter=email(guess{guess}@example.com)");
        assert_ne!(app.get(&path, None).await.status(), StatusCode::OK);
    }
    let locked = app.get("/orders/history/v1/C4000009?filter=email(guest.shopper@example.com)", None).await;
    assert_eq!(locked.status(), StatusCode::TOO_MANY_REQUESTS, "the guessing client is locked out");
    app.clock.advance(16 * 60 * 1000);
    let later = app.get("/orders/history/v1/C4000009?filter=email(guest.shopper@example.com)", None).await;
    assert_eq!(later.status(), StatusCode::OK, "the lockout ends with its window");
    app.finish().await;
}

#[tokio::test]
async fn guest_lookups_are_rate_limited_per_client() {
    let app = spawn_app_with(Backend::Sqlite, Options { per_client: 4, ..Options::default() }).await;
    let paths: Vec<String> =
        (0..6).map(|i| format!("/orders/history/v1/C500000{i}?filter=email(a@example.com)")).collect();
    let statuses: Vec<StatusCode> =
        futures_util::future::join_all(paths.iter().map(|path| app.get_json_status(path))).await;
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(), 2, "{statuses:?}");
    app.finish().await;
}

/// Issue 7, defect 2: a member token must not switch off the guest-lookup limit.
#[tokio::test]
async fn a_member_token_does_not_switch_off_the_guest_lookup_limit() {
    let app = spawn_app_with(Backend::Sqlite, Options { per_order: 3, ..Options::default() }).await;
    let (_, token) = app.member("prober@example.com").await;
    app.put_order(&order("C4000008", None, "2026-11-01T10:00:00Z")).await;
    let mut statuses = Vec::new();
    for guess in 0..6 {
        let path = format!("/orders/history/v1/C4000008?filter=email(guess{guess}@example.com)");
        statuses.push(app.get(&path, Some(&token)).await.status());
    }
    assert!(statuses.contains(&StatusCode::TOO_MANY_REQUESTS), "guesses with a token are limited too: {statuses:?}");
    app.finish().await;
}
