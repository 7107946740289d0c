//! The order entity's fields the detail sends beyond the stored columns (spec 000 §3, 001 §3, 002 §3;
//! issue 31 rows L229, L233, L239, L246, L248, L470, L722): the order's msrp, shipments with their order
//! number, simple status and package shipment numbers, the structured ship-from address, userInfo and
//! contactInformation, returnMethod, legacyDeferredPaymentUrl, deferredPaymentData, the group's return
//! actions and the item actions' appCallback.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, order};
use crate::on_both_backends;
use crate::payments::{held_order, no_redirects, start_payment};
use crate::returns::{capture_body, delivered_order, post, wait_job};

const GUEST: &str = "filter=email(guest.shopper@example.com)";

async fn refused_field(app: &TestApp, body: &Value) -> String {
    let (status, answer) = app.post_json("/ops/v1/orders", body, true).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    answer["field"].as_str().unwrap_or_default().to_owned()
}

async fn the_order_level_entity_fields_are_sent(app: &TestApp) {
    let mut body = order("C7300001", None, "2026-11-01T10:00:00Z");
    // Line 1: msrp 140 (one unit); line 2 has none: two units at its 25.00 count.
    body["lines"][0]["msrp"] = json!(140);
    body["lines"][1]["shipmentNumber"] = json!("S2");
    body["shipments"] = json!([
        {"shipmentNumber": "S1", "status": "Delivered",
         "packages": [{"packageId": "PK1", "trackingUrl": "https://t.example/PK1", "carrierName": "UPS",
                       "trackingNumber": "1Z999AA10123456784", "items": [1]}]},
        {"shipmentNumber": "S2", "packages": [{"packageId": "PK2", "items": [2]}]}
    ]);
    body["shipFrom"] = json!({
        "address": {"lines": ["1 Partner Way"], "city": "Portland", "state": "OR", "zipCode": "97201",
                    "country": "United States", "iso2Country": "us"},
        "recipient": {"firstName": "Pat", "middleName": "Quinn", "lastName": "Lee",
                      "contactInformation": {"email": "pat@example.com"}}
    });
    body["legacyDeferredPaymentUrl"] = json!("https://pay.legacy.example/C7300001");
    assert_eq!(app.put_order(&body).await, StatusCode::CREATED);
    let (status, detail) = app.get_json(&format!("/orders/history/v1/C7300001?{GUEST}"), None).await;
    assert_eq!(status, StatusCode::OK, "{detail}");

    assert_eq!(detail["transaction"]["msrp"], json!(190.0), "140 x 1 + 25 x 2");
    assert_eq!(
        detail["shipments"][0],
        json!({"orderNumber": "C7300001", "shipmentNumber": "S1", "status": "Delivered", "simpleStatus": "delivered",
               "packages": [{"packageId": "PK1", "shipmentNumber": "S1", "trackingUrl": "https://t.example/PK1",
                             "carrierName": "UPS", "trackingNumber": "1Z999AA10123456784", "items": [1]}]})
    );
    // Sent without a status: the status of its line (created: ordered).
    assert_eq!(detail["shipments"][1]["simpleStatus"], "ordered");
    assert_eq!(detail["shipments"][1]["packages"][0]["shipmentNumber"], "S2");
    let address = &detail["shipFrom"]["address"];
    assert_eq!(
        (&address["city"], &address["state"], &address["zipCode"], &address["iso2Country"]),
        (&json!("Portland"), &json!("OR"), &json!("97201"), &json!("US"))
    );
    assert_eq!(address["lines"], json!(["1 Partner Way"]));
    assert_eq!(detail["shipFrom"]["recipient"]["middleName"], "Quinn");
    assert_eq!(detail["userInfo"], json!({"phoneNumber": {"countryCode": "1", "subscriberNumber": "5035550100"}}));
    assert_eq!(
        detail["contactInformation"],
        json!({"email": "guest.shopper@example.com", "dayPhoneNumber": "5035550100"})
    );
    assert_eq!(detail["legacyDeferredPaymentUrl"], "https://pay.legacy.example/C7300001");
    assert!(detail["returnMethod"].is_null(), "a sales order has none");
    assert!(detail["deferredPaymentData"].is_null(), "no payment on hold");

    // The order system's dayPhoneNumber is the contact phone when it sends one; no msrp on any line: none.
    let mut plain = order("C7300002", None, "2026-11-01T10:00:00Z");
    plain["dayPhoneNumber"] = json!("+15035550111");
    app.put_order(&plain).await;
    let (_, detail) = app.get_json(&format!("/orders/history/v1/C7300002?{GUEST}"), None).await;
    assert!(detail["transaction"]["msrp"].is_null(), "{}", detail["transaction"]);
    assert_eq!(detail["contactInformation"]["dayPhoneNumber"], "+15035550111");

    // A return order the order system sends names its method; the code is kept in its spelling.
    let mut returned = order("R7300003", None, "2026-11-03T10:00:00Z");
    returned["orderType"] = json!("RETURN_ORDER");
    returned["parentSalesOrderNumber"] = json!("C7300001");
    returned["returnMethod"] = json!("dropoff_return");
    assert_eq!(app.put_order(&returned).await, StatusCode::CREATED);
    let (_, detail) = app.get_json(&format!("/orders/history/v1/R7300003?{GUEST}"), None).await;
    assert_eq!(detail["returnMethod"], "DROPOFF_RETURN");

    // Refused by name, nothing stored.
    let mut wrong = returned.clone();
    wrong["returnMethod"] = json!("BY_PIGEON");
    assert_eq!(refused_field(app, &wrong).await, "returnMethod");
    let mut wrong = order("C7300004", None, "2026-11-01T10:00:00Z");
    wrong["returnMethod"] = json!("DROPOFF_RETURN");
    assert_eq!(refused_field(app, &wrong).await, "returnMethod", "only a return order has one");
    let mut wrong = order("C7300004", None, "2026-11-01T10:00:00Z");
    wrong["shipFrom"] = json!({"address": {"iso2Country": "USA"}});
    assert_eq!(refused_field(app, &wrong).await, "shipFrom.address.iso2Country");
    let mut wrong = order("C7300004", None, "2026-11-01T10:00:00Z");
    wrong["legacyDeferredPaymentUrl"] = json!("javascript:alert(1)");
    assert_eq!(refused_field(app, &wrong).await, "legacyDeferredPaymentUrl");
    let mut wrong = order("C7300004", None, "2026-11-01T10:00:00Z");
    wrong["shipFrom"] = json!({"address": {"zip": "97201"}});
    assert!(refused_field(app, &wrong).await.starts_with("shipFrom"), "unknown address fields are refused");
    let (status, _) = app.get_json(&format!("/orders/history/v1/C7300004?{GUEST}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
on_both_backends!(order_level_fields, the_order_level_entity_fields_are_sent);

fn group_with_line(detail: &Value, line_number: i64) -> &Value {
    detail["groups"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|group| {
            group["orderItems"].as_array().into_iter().flatten().any(|item| item["lineNumber"] == line_number)
        })
        .unwrap_or_else(|| panic!("no group holds line {line_number}: {detail}"))
}

async fn groups_offer_what_their_lines_offer_and_items_carry_app_callbacks(app: &TestApp) {
    let (upm_id, token) = app.member("entity.groups@example.com").await;
    app.put_order(&delivered_order(app, "C7300011", Some(&upm_id), "GB", "GBP")).await;
    let (status, detail) = app.get_json("/orders/history/v1/C7300011", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    let group = group_with_line(&detail, 1);
    let action = &group["actions"]["return"];
    assert_eq!(action["enabled"], true, "{}", group["actions"]);
    assert_eq!(action["webLink"], "/orders/return-items/C7300011");
    let line_action = &group["orderItems"][0]["actions"]["return"];
    assert_eq!(action["deadline"], line_action["deadline"], "the lines' window");
    assert!(group["actions"]["returnDisableReasonAction"].is_null());

    // Item actions carry the message an embedding app handles; the history rows carry the same.
    assert_eq!(
        line_action["appCallback"],
        json!({"type": "orders:action", "action": "return", "orderNumber": "C7300011", "lineNumber": 1})
    );
    let track = &group["orderItems"][0]["actions"]["trackShipment"];
    assert_eq!(track["appCallback"]["url"], track["webLink"]);
    assert_eq!(track["appCallback"]["action"], "trackShipment");
    let (_, history) = app.get_json("/orders/history/v1", Some(&token)).await;
    let row = history["orderItems"].as_array().into_iter().flatten().find(|row| row["lineNumber"] == 1).cloned();
    assert_eq!(row.unwrap_or_default()["actions"]["return"]["appCallback"], line_action["appCallback"]);

    // A return made here: the return order names its method, the parent's group opens it.
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7300011", Some(&token)).await;
    let body = capture_body("C7300011", &options, "PAPERLESS_RETURN|royal-mail", "5", 1);
    let (status, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    let return_number = accepted["response"]["returnOrderNumber"].as_str().expect("returnOrderNumber").to_owned();
    let job = wait_job(app, accepted["jobId"].as_str().expect("jobId"), Some(&token), "").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    let (_, detail) = app.get_json(&format!("/orders/history/v1/{return_number}"), Some(&token)).await;
    assert_eq!(detail["returnMethod"], "PAPERLESS_RETURN");
    let (_, parent) = app.get_json("/orders/history/v1/C7300011", Some(&token)).await;
    let view_return = &group_with_line(&parent, 1)["actions"]["viewReturn"];
    assert_eq!(view_return["returnOrderId"], return_number.as_str(), "{}", group_with_line(&parent, 1)["actions"]);
    assert_eq!(view_return["webLink"], format!("/orders/returns/{return_number}"));

    // Past the window no line can be returned: the group says why, with the returns policy link.
    let mut late_order = delivered_order(app, "C7300012", Some(&upm_id), "GB", "GBP");
    late_order["orderDate"] = json!(crate::returns::days_ago(app, 120));
    app.put_order(&late_order).await;
    let (_, late) = app.get_json("/orders/history/v1/C7300012", Some(&token)).await;
    let group = group_with_line(&late, 2);
    assert!(group["actions"]["return"].is_null(), "{}", group["actions"]);
    let reason = &group["actions"]["returnDisableReasonAction"];
    assert_eq!(reason["enabled"], false, "{}", group["actions"]);
    let item_reason = &group["orderItems"][0]["returnDisableReason"];
    assert!(item_reason["code"].is_string(), "{}", group["orderItems"][0]);
    assert_eq!(reason["reasonCode"], item_reason["code"]);
    assert_eq!(reason["reasonText"], item_reason["text"]);
    assert_eq!(reason["webLink"], item_reason["linkUrl"]);
}
on_both_backends!(group_return_actions, groups_offer_what_their_lines_offer_and_items_carry_app_callbacks);

async fn the_open_deferred_payment_is_offered_again_until_it_ends(app: &TestApp) {
    let (upm_id, token) = app.member("entity.payer@example.com").await;
    app.put_order(&held_order("C7300021", Some(&upm_id), "alipay")).await;
    let (_, detail) = app.get_json("/orders/history/v1/C7300021", Some(&token)).await;
    assert!(detail["deferredPaymentData"].is_null(), "nothing started yet");

    let job = start_payment(app, "C7300021", &token, "/payment/deferred_payment_forms/v1").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    let (_, detail) = app.get_json("/orders/history/v1/C7300021", Some(&token)).await;
    let data = &detail["deferredPaymentData"];
    assert_eq!(data["paymentId"], job["response"]["paymentId"], "{detail}");
    assert_eq!(data["paymentType"], "alipay");
    assert_eq!(data["form"], job["response"]["form"]);
    assert_eq!(data["qrCodeURL"], job["response"]["qrCodeURL"]);

    // Declined: no longer open (the hold stays, a new payment can be started).
    let action = data["form"]["action"].as_str().expect("action").to_owned();
    let declined = no_redirects().post(app.url(&format!("{action}/decline"))).send().await.expect("decline");
    assert_eq!(declined.status(), StatusCode::SEE_OTHER);
    let (_, detail) = app.get_json("/orders/history/v1/C7300021", Some(&token)).await;
    assert!(detail["deferredPaymentData"].is_null(), "{}", detail["deferredPaymentData"]);
    assert_eq!(detail["paymentHoldFlag"], true);

    // Started again and approved: paid, nothing to offer.
    let job = start_payment(app, "C7300021", &token, "/payment/deferred_payment_forms/v1").await;
    let (_, detail) = app.get_json("/orders/history/v1/C7300021", Some(&token)).await;
    assert_eq!(detail["deferredPaymentData"]["paymentId"], job["response"]["paymentId"]);
    let action = job["response"]["form"]["action"].as_str().expect("action").to_owned();
    no_redirects().post(app.url(&format!("{action}/approve"))).send().await.expect("approve");
    let (_, detail) = app.get_json("/orders/history/v1/C7300021", Some(&token)).await;
    assert!(detail["deferredPaymentData"].is_null());
    assert_eq!(detail["paymentHoldFlag"], false);
}
on_both_backends!(deferred_payment_data, the_open_deferred_payment_is_offered_again_until_it_ends);
