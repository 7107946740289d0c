use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{Backend, OPS_KEY, Options, TestApp, order, spawn_app_with};
use crate::on_both_backends;

async fn the_ops_api_needs_its_key(app: &TestApp) {
    let body = json!({"email": "x@example.com", "password": "long enough", "firstName": "X", "lastName": "Y", "country": "US"});
    let response = app.client.post(app.url("/ops/v1/members")).json(&body).send().await.expect("request");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app
        .client
        .post(app.url("/ops/v1/members"))
        .header("x-ops-key", "wrong")
        .json(&body)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let (status, _) = app.post_json("/ops/v1/members", &body, true).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, answer) = app.post_json("/ops/v1/members", &body, true).await;
    assert_eq!((status, answer["field"].as_str()), (StatusCode::CONFLICT, Some("email")));
}
on_both_backends!(ops_key, the_ops_api_needs_its_key);

#[tokio::test]
async fn without_a_configured_key_the_ops_api_does_not_exist() {
    let app = spawn_app_with(Backend::Sqlite, Options { ops_key: None, ..Options::default() }).await;
    let response = app
        .client
        .post(app.url("/ops/v1/orders"))
        .header("x-ops-key", OPS_KEY)
        .json(&order("C1000001", None, "2026-11-01T10:00:00Z"))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    app.finish().await;
}

async fn an_order_is_created_then_replaced_whole(app: &TestApp) {
    let mut first = order("C2000001", None, "2026-11-01T10:00:00Z");
    assert_eq!(app.put_order(&first).await, StatusCode::CREATED);
    first["lines"] = json!([first["lines"][1].clone()]);
    first["lines"][0]["status"] = json!("Delivered");
    assert_eq!(app.put_order(&first).await, StatusCode::OK);
    let (status, detail) =
        app.get_json("/orders/history/v1/C2000001?filter=email(guest.shopper@example.com)", None).await;
    assert_eq!(status, StatusCode::OK);
    let items: Vec<_> = detail["groups"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| g["orderItems"].as_array().into_iter().flatten())
        .collect();
    assert_eq!(items.len(), 1, "the replaced order keeps only the lines sent last");
    assert_eq!(items[0]["lineItemStatus"]["simpleStatus"], "delivered");
}
on_both_backends!(upsert, an_order_is_created_then_replaced_whole);

async fn a_body_that_breaks_a_rule_names_the_field_and_stores_nothing(app: &TestApp) {
    let cases = [
        ("orderNumber", json!("AB-1")),
        ("orderType", json!("GIFT_ORDER")),
        ("currency", json!("XYZ")),
        ("country", json!("USA")),
        ("orderDate", json!("yesterday")),
        ("email", json!("not-an-email")),
        ("shippingTotal", json!(-1)),
        ("upmId", json!("no-such-member")),
        ("lines", json!([])),
    ];
    for (field, value) in cases {
        let mut body = order("C3000001", None, "2026-11-01T10:00:00Z");
        body[field] = value;
        let (status, answer) = app.post_json("/ops/v1/orders", &body, true).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{field}: {answer}");
        assert_eq!(answer["code"], "validation-failed");
        assert_eq!(answer["field"], field, "{answer}");
    }
    let line_cases = [
        ("quantity", json!(0), "lines[1].quantity"),
        ("unitPrice", json!("12.345"), "lines[1].unitPrice"),
        ("status", json!(""), "lines[1].status"),
        ("trackingUrl", json!("javascript:alert(1)"), "lines[1].trackingUrl"),
        ("lineNumber", json!(1), "lines[1].lineNumber"),
    ];
    for (field, value, path) in line_cases {
        let mut body = order("C3000001", None, "2026-11-01T10:00:00Z");
        body["lines"][1][field] = value;
        let (status, answer) = app.post_json("/ops/v1/orders", &body, true).await;
        assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some(path)), "{answer}");
    }
    let mut guest_without_contact = order("C3000001", None, "2026-11-01T10:00:00Z");
    guest_without_contact["email"] = json!(null);
    guest_without_contact["phone"] = json!(null);
    assert_eq!(app.post_json("/ops/v1/orders", &guest_without_contact, true).await.0, StatusCode::BAD_REQUEST);
    let malformed = app
        .client
        .post(app.url("/ops/v1/orders"))
        .header("x-ops-key", OPS_KEY)
        .header("content-type", "application/json")
        .body("{\"orderNumber\": ")
        .send()
        .await
        .expect("request");
    assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);
    let (status, _) = app.get_json("/orders/history/v1/C3000001?filter=email(guest.shopper@example.com)", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "nothing was stored by refused bodies");
}
on_both_backends!(validation, a_body_that_breaks_a_rule_names_the_field_and_stores_nothing);

async fn a_replaced_order_is_seen_at_once_by_its_member_and_its_new_owner(app: &TestApp) {
    let (first, first_token) = app.member("first.owner@example.com").await;
    let (second, second_token) = app.member("second.owner@example.com").await;
    let mut body = order("C2000002", Some(&first), "2026-11-01T10:00:00Z");
    app.put_order(&body).await;
    let (status, before) = app.get_json("/orders/history/v1/C2000002", Some(&first_token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(before["groups"][0]["simpleStatus"], "shipped");
    let (_, history) = app.get_json("/orders/history/v1", Some(&first_token)).await;
    assert_eq!(history["orderItems"].as_array().map(Vec::len), Some(2));

    body["lines"][0]["status"] = json!("Delivered");
    body["upmId"] = json!(second);
    app.put_order(&body).await;
    let (status, _) = app.get_json("/orders/history/v1/C2000002", Some(&first_token)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "the first owner no longer sees it");
    let (_, history) = app.get_json("/orders/history/v1", Some(&first_token)).await;
    assert_eq!(history["orderItems"], json!([]), "nor lists it");
    let (status, after) = app.get_json("/orders/history/v1/C2000002", Some(&second_token)).await;
    assert_eq!(status, StatusCode::OK);
    let statuses: Vec<&str> =
        after["groups"].as_array().into_iter().flatten().filter_map(|g| g["simpleStatus"].as_str()).collect();
    assert!(statuses.contains(&"delivered"), "{statuses:?}");
    let (_, history) = app.get_json("/orders/history/v1", Some(&second_token)).await;
    assert_eq!(history["orderItems"].as_array().map(Vec::len), Some(2));
}
on_both_backends!(replace_is_fresh, a_replaced_order_is_seen_at_once_by_its_member_and_its_new_owner);

async fn an_order_looked_up_before_it_existed_is_found_once_fed_in(app: &TestApp) {
    let path = "/orders/history/v1/C2000003?filter=email(guest.shopper@example.com)";
    assert_eq!(app.get_json(path, None).await.0, StatusCode::NOT_FOUND);
    app.put_order(&order("C2000003", None, "2026-11-01T10:00:00Z")).await;
    assert_eq!(app.get_json(path, None).await.0, StatusCode::OK);
}
on_both_backends!(absent_then_created, an_order_looked_up_before_it_existed_is_found_once_fed_in);
