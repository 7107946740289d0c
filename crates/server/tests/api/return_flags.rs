//! Issue 31: a return can be reopened from the server alone (its instructions, barcode and label), and
//! the returns flags decide on the server: disableReturns, emeaPaperless, enableCourierPickup,
//! enableSagawaReturn, enableLoginPrompt, enableDorisCommunication, sendStoreReturnEmail,
//! suppressStoreReturnInstructions; the bank-refund rule and the returns-policy link.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, Options, TestApp, spawn_app_with};
use crate::on_both_backends;
use crate::returns::{capture_body, delivered_order, effect_detail, post, wait_job};

/// A completed return of line 1 of a new delivered order; answers the return order number.
async fn returned(app: &TestApp, token: &str, upm_id: &str, order: (&str, &str, &str), method: &str) -> String {
    let (number, country, currency) = order;
    app.put_order(&delivered_order(app, number, Some(upm_id), country, currency)).await;
    let (status, options) = app.get_json(&format!("/order_mgmt/return_options/v1/{number}"), Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{options}");
    let body = capture_body(number, &options, method, "1", 1);
    let (status, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    let job = wait_job(app, accepted["jobId"].as_str().expect("job"), Some(token), "").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    accepted["response"]["returnOrderNumber"].as_str().expect("rn").to_owned()
}

async fn instructions(app: &TestApp, rn: &str, token: Option<&str>) -> (StatusCode, Value) {
    app.get_json(&format!("/order_mgmt/return_instructions/v1/{rn}"), token).await
}

fn method_ids(options: &Value) -> Vec<String> {
    options["methods"].as_array().into_iter().flatten().filter_map(|m| m["id"].as_str().map(str::to_owned)).collect()
}

/// A store return opened later (another tab, an e-mail link): everything the page shows comes from the
/// server, with the barcode drawn as an image; a carrier return says its label exists; nobody else sees it.
async fn a_return_reopens_from_the_server_alone(app: &TestApp) {
    let (upm_id, token) = app.member("reopen@example.com").await;
    let store_rn = returned(app, &token, &upm_id, ("R3100001", "US", "USD"), "returnToStore").await;
    let (status, store) = instructions(app, &store_rn, Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{store}");
    assert_eq!(store["variant"], "store");
    assert_eq!(store["orderNumber"], "R3100001");
    assert_eq!(store["returnMethod"], "returnToStore");
    assert_eq!(store["labelOffered"], false);
    assert_eq!(store["showSteps"], true);
    assert_eq!(store["barcode"]["value"], store_rn.as_str());
    assert_eq!(store["barcode"]["format"], "CODE128");
    let image = store["barcode"]["image"].as_str().expect("image");
    let svg = image.strip_prefix("data:image/svg+xml;base64,").expect("an SVG data URI");
    let svg = String::from_utf8(base64::Engine::decode(&base64::engine::general_purpose::STANDARD, svg).expect("b64"))
        .expect("utf-8");
    assert!(svg.starts_with("<svg") && svg.contains("<rect"), "{svg}");
    assert_eq!(store["bankRefundOffered"], false, "a card payment in the US");

    let carrier_rn = returned(app, &token, &upm_id, ("R3100002", "US", "USD"), "upsDropoff|ups").await;
    let (_, carrier) = instructions(app, &carrier_rn, Some(&token)).await;
    assert_eq!((carrier["variant"].as_str(), carrier["labelOffered"].as_bool()), (Some("us"), Some(true)), "{carrier}");
    assert!(carrier.get("barcode").is_none(), "{carrier}");
    assert_eq!(carrier["carrierName"], "UPS");
    let (status, _) = app.get_json(&format!("/order_mgmt/user_return_labels/v1/{carrier_rn}"), Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "the label the instructions promise is there");

    // Another member and an unknown return get the same 404; a guest with the order's e-mail sees it.
    let (_, other) = app.member("reopen.other@example.com").await;
    let (status, body) = instructions(app, &store_rn, Some(&other)).await;
    assert_eq!((status, &body["code"]), (StatusCode::NOT_FOUND, &json!("order-detail-return-failure")));
    let (status, missing) = instructions(app, "R9999999", Some(&token)).await;
    assert_eq!((status, missing), (StatusCode::NOT_FOUND, body), "the same answer for a missing return");
    let (status, body) = instructions(app, &store_rn, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let guest = format!("/order_mgmt/return_instructions/v1/{store_rn}?filter=email(guest.shopper@example.com)");
    let (status, body) = app.get_json(&guest, None).await;
    assert_eq!((status, &body["variant"]), (StatusCode::OK, &json!("store")), "{body}");
}
on_both_backends!(return_instructions, a_return_reopens_from_the_server_alone);

/// The bank-refund form only for cash payments in a bank-refund country (001 §2.1), never for card payers.
async fn the_bank_refund_is_offered_for_cash_orders_only(app: &TestApp) {
    let (upm_id, token) = app.member("cash@example.com").await;
    let card_rn = returned(app, &token, &upm_id, ("R3100011", "DE", "EUR"), "PAPERLESS_RETURN|dhl-de").await;
    let (_, card) = instructions(app, &card_rn, Some(&token)).await;
    assert_eq!((card["variant"].as_str(), card["bankRefundOffered"].as_bool()), (Some("paperless"), Some(false)));
    assert!(card["codeWaitMinutes"].as_i64().is_some_and(|minutes| minutes > 0), "{card}");

    let mut order = delivered_order(app, "R3100012", Some(&upm_id), "DE", "EUR");
    order["payments"] = json!([{"paymentType": "cod"}]);
    app.put_order(&order).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/R3100012", Some(&token)).await;
    let body = capture_body("R3100012", &options, "PAPERLESS_RETURN|dhl-de", "1", 1);
    let (_, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    wait_job(app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;
    let cash_rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn");
    let (_, cash) = instructions(app, cash_rn, Some(&token)).await;
    assert_eq!(cash["bankRefundOffered"], true, "{cash}");
}
on_both_backends!(bank_refund_rule, the_bank_refund_is_offered_for_cash_orders_only);

async fn app_with(configure: fn(&mut server::config::Settings)) -> TestApp {
    spawn_app_with(Backend::Sqlite, Options { configure: Some(configure), ..Options::default() }).await
}

fn flags_off(settings: &mut server::config::Settings) {
    for flag in [
        "disableReturns=false",
        "emeaPaperless=false",
        "enableCourierPickup=false",
        "enableSagawaReturn=false",
        "enableLoginPrompt=false",
        "enableDorisCommunication=false",
        "sendStoreReturnEmail=false",
        "suppressStoreReturnInstructions=true",
    ] {
        settings.flags.push(flag.to_owned());
    }
}

fn returns_off(settings: &mut server::config::Settings) {
    settings.flags.push("disableReturns=true".to_owned());
}

/// Each flag switched away from the country data changes what the server offers or does.
#[tokio::test]
async fn the_returns_flags_decide_on_the_server() {
    let on = app_with(|_| {}).await;
    let off = app_with(flags_off).await;
    for app in [&on, &off] {
        for (number, country, currency) in
            [("R3100021", "GB", "GBP"), ("R3100022", "KR", "KRW"), ("R3100023", "JP", "JPY")]
        {
            let mut order = delivered_order(app, number, None, country, currency);
            order["email"] = json!("guest.shopper@example.com");
            app.put_order(&order).await;
        }
    }
    let guest = "filter=email(guest.shopper@example.com)";
    let options = async |app: &TestApp, number: &str| {
        let (status, body) = app.get_json(&format!("/order_mgmt/return_options/v1/{number}?{guest}"), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    };
    // emeaPaperless: the UK's Royal Mail is paperless only with the flag, a printable drop-off without.
    assert_eq!(method_ids(&options(&on, "R3100021").await), ["PAPERLESS_RETURN|royal-mail"]);
    assert_eq!(method_ids(&options(&off, "R3100021").await), ["DROPOFF_RETURN|royal-mail"]);
    // enableCourierPickup (Korea) and enableSagawaReturn (Japan).
    assert!(method_ids(&options(&on, "R3100022").await).contains(&"courierPickup|cj-logistics".to_owned()));
    assert!(!method_ids(&options(&off, "R3100022").await).iter().any(|id| id.starts_with("courierPickup")));
    assert!(method_ids(&options(&on, "R3100023").await).contains(&"sagawaPickup|sagawa".to_owned()));
    assert_eq!(method_ids(&options(&off, "R3100023").await), ["returnToStore"]);
    // enableLoginPrompt: a guest is asked to sign in only with the flag on, and only when the e-mail they
    // looked the order up with has an account (the credential check, spec 002 §5).
    assert_eq!(options(&on, "R3100021").await["loginPrompt"], false, "no account behind the e-mail");
    for app in [&on, &off] {
        app.member("guest.shopper@example.com").await;
    }
    assert_eq!(options(&on, "R3100021").await["loginPrompt"], true);
    assert_eq!(options(&off, "R3100021").await["loginPrompt"], false);
    // The capture refuses what the options no longer offer.
    let body = capture_body("R3100021", &options(&on, "R3100021").await, "PAPERLESS_RETURN|royal-mail", "5", 1);
    let (status, refused) =
        post(&off, &format!("/order_mgmt/user_return_captures/v1?{guest}"), &body, None, None).await;
    assert_eq!((status, &refused["code"]), (StatusCode::CONFLICT, &json!("return-method-unavailable")), "{refused}");

    // A US store return: Doris hears of it and the store e-mail goes out only with their flags on, and the
    // instructions keep their steps unless suppressStoreReturnInstructions is on.
    for (app, flags_on) in [(&on, true), (&off, false)] {
        let (upm_id, token) = app.member("flags.store@example.com").await;
        let rn = returned(app, &token, &upm_id, ("R3100024", "US", "USD"), "returnToStore").await;
        assert_eq!(effect_detail(app, &rn, "doris").await.is_some(), flags_on, "Doris with the flag {flags_on}");
        let exists: bool = {
            let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
            let count: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM return_effects WHERE return_order_number = $1 AND effect_key = 'doris'",
            )
            .bind(&rn)
            .fetch_one(&connected.db.pool)
            .await
            .expect("count");
            connected.db.pool.close().await;
            count > 0
        };
        assert_eq!(exists, flags_on);
        let email = json!({"orderNumber": "R3100024", "returnNumber": rn, "to": "jane@example.com"});
        let (status, answer) = post(app, "/order_mgmt/store_return_email/v1", &email, Some(&token), None).await;
        let expected = if flags_on { StatusCode::OK } else { StatusCode::BAD_REQUEST };
        assert_eq!(status, expected, "{answer}");
        let (_, view) = instructions(app, &rn, Some(&token)).await;
        assert_eq!(view["showSteps"], flags_on, "{view}");
    }
    on.finish().await;
    off.finish().await;
}

/// disableReturns: no line of the order offers a return (the page then shows no return button), and the
/// returns calls refuse. The not-returnable reason links to the country's returns policy, not a dead path.
#[tokio::test]
async fn disable_returns_takes_the_return_off_the_order_page() {
    let on = app_with(|_| {}).await;
    let off = app_with(returns_off).await;
    for (app, returns_on) in [(&on, true), (&off, false)] {
        let (upm_id, token) = app.member("returns.off@example.com").await;
        let mut order = delivered_order(app, "R3100031", Some(&upm_id), "US", "USD");
        order["lines"][1]["status"] = json!("created");
        app.put_order(&order).await;
        let (status, detail) = app.get_json("/orders/history/v1/R3100031", Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{detail}");
        let items: Vec<&Value> = detail["groups"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|g| g["orderItems"].as_array().into_iter().flatten())
            .collect();
        let shoe = items.iter().find(|item| item["lineNumber"] == 1).expect("line 1");
        assert_eq!(shoe["returnableFlag"], returns_on, "{shoe}");
        let (status, _) = app.get_json("/order_mgmt/return_options/v1/R3100031", Some(&token)).await;
        assert_eq!(status == StatusCode::OK, returns_on);
        if returns_on {
            let tee = items.iter().find(|item| item["lineNumber"] == 2).expect("line 2");
            let link = tee["returnDisableReason"]["linkUrl"].as_str().expect("a policy link");
            assert!(link.ends_with("/help/a/returns-policy") && link != "/help/returns-policy", "{link}");
        }
    }
    on.finish().await;
    off.finish().await;
}
