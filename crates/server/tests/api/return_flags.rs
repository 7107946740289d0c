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

/// 000 §2 header quick actions: the order carries a `return` action while an item may still be returned,
/// until the last item's window closes; then it is gone.
async fn the_order_offers_return_until_the_last_window_closes(app: &TestApp) {
    let (upm_id, token) = app.member("order.return@example.com").await;
    app.put_order(&delivered_order(app, "R3100141", Some(&upm_id), "US", "USD")).await;
    let detail = async || {
        let (status, detail) = app.get_json("/orders/history/v1/R3100141", Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{detail}");
        detail
    };
    let open = detail().await;
    let action = &open["actions"]["return"];
    assert_eq!(action["enabled"], true, "{open}");
    let item_deadlines: Vec<&str> = open["groups"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|group| group["orderItems"].as_array().into_iter().flatten())
        .filter_map(|item| item["actions"]["return"]["deadline"].as_str())
        .collect();
    assert!(!item_deadlines.is_empty(), "{open}");
    assert_eq!(action["deadline"].as_str(), item_deadlines.iter().max().copied(), "the last item's window");
    app.clock.advance(400 * 86_400_000);
    let closed = detail().await;
    assert!(closed["actions"].get("return").is_none(), "{closed}");
}
on_both_backends!(order_return_action, the_order_offers_return_until_the_last_window_closes);

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
        "enableReturnsBarcode=false",
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
    // instructions keep their steps unless suppressStoreReturnInstructions is on and their barcode only
    // with enableReturnsBarcode.
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
        // 001 §6: the store barcode only with enableReturnsBarcode; without it the store's details stand in.
        assert_eq!(view.get("barcode").is_some(), flags_on, "{view}");
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

/// A captured return of line 1 of a new delivered order, with changes to the capture body; answers the
/// return order number.
async fn returned_with(
    app: &TestApp,
    token: &str,
    upm_id: &str,
    order: (&str, &str, &str),
    method: &str,
    change: impl FnOnce(&mut Value),
) -> String {
    let (number, country, currency) = order;
    app.put_order(&delivered_order(app, number, Some(upm_id), country, currency)).await;
    let (_, options) = app.get_json(&format!("/order_mgmt/return_options/v1/{number}"), Some(token)).await;
    let mut body = capture_body(number, &options, method, "1", 1);
    change(&mut body);
    let (status, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    let job = wait_job(app, accepted["jobId"].as_str().expect("job"), Some(token), "").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    accepted["response"]["returnOrderNumber"].as_str().expect("rn").to_owned()
}

/// 001 §4.3: the label actions are offered only while the return is created or in process and at most 30
/// days old; a completed return, or one older than 30 days, offers none.
async fn label_actions_follow_the_return_status_and_thirty_days(app: &TestApp) {
    let (upm_id, token) = app.member("label.window@example.com").await;
    let label_offered = async |rn: &str| {
        let (status, body) = instructions(app, rn, Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["labelOffered"].as_bool().expect("labelOffered")
    };
    let moved = async |rn: &str, status: &str| {
        let (code, body) =
            app.post_json(&format!("/ops/v1/returns/{rn}/events"), &json!({"status": status}), true).await;
        assert_eq!(code, StatusCode::OK, "{body}");
    };
    let in_process = returned(app, &token, &upm_id, ("R3100101", "US", "USD"), "upsDropoff|ups").await;
    let completed = returned(app, &token, &upm_id, ("R3100102", "US", "USD"), "upsDropoff|ups").await;
    assert!(label_offered(&in_process).await, "a new return offers its label");
    moved(&in_process, "received").await;
    moved(&completed, "refunded").await;
    assert!(label_offered(&in_process).await, "in process: still offered");
    assert!(!label_offered(&completed).await, "completed: no label actions");

    app.clock.advance(29 * 86_400_000);
    assert!(label_offered(&in_process).await, "29 days after the return");
    app.clock.advance(2 * 86_400_000);
    assert!(!label_offered(&in_process).await, "31 days after the return: no label actions");
    let (_, view) = instructions(app, &in_process, Some(&token)).await;
    assert_eq!(view["variant"], "us", "the rest of the answer stays: {view}");
}
on_both_backends!(label_window, label_actions_follow_the_return_status_and_thirty_days);

/// Walk minor 5: a store return's instructions name the store, its address, phone and opening hours.
async fn store_instructions_name_the_store(app: &TestApp) {
    let (status, body) =
        app.post_json("/ops/v1/stores", &crate::curbside::store("S-RET1", true, &["pickup"]), true).await;
    assert!(status.is_success(), "{body}");
    let (upm_id, token) = app.member("store.named@example.com").await;
    let rn = returned_with(app, &token, &upm_id, ("R3100111", "US", "USD"), "returnToStore", |body| {
        body["storeId"] = json!("S-RET1");
    })
    .await;
    let (status, view) = instructions(app, &rn, Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let store = &view["store"];
    assert_eq!(store["id"], "S-RET1", "{view}");
    assert_eq!(store["name"], "Store S-RET1");
    assert_eq!(store["phone"], "+1 503 555 0100");
    assert_eq!(
        (store["address"]["address1"].as_str(), store["address"]["city"].as_str()),
        (Some("1 Main St"), Some("Portland"))
    );
    let weekly = store["operationalDetails"]["weekly"].as_array().expect("weekly hours");
    assert_eq!(weekly.len(), 7, "{store}");
    assert_eq!(weekly[0]["weekday"], "monday");
    assert!(weekly[0]["hours"].is_object(), "open on Mondays: {store}");
    // A store return without a chosen store, and a carrier return, name none.
    let plain = returned(app, &token, &upm_id, ("R3100112", "US", "USD"), "returnToStore").await;
    assert!(instructions(app, &plain, Some(&token)).await.1.get("store").is_none());
}
on_both_backends!(store_instructions, store_instructions_name_the_store);

/// L397/L447/L474: a mail return outside the US carries its carrier's own title, steps and link, in the
/// return's language; the wizard's method box has the carrier's selection title; the US keeps its text.
async fn mail_returns_carry_the_carriers_instructions(app: &TestApp) {
    let (upm_id, token) = app.member("carrier.steps@example.com").await;
    let gb = returned(app, &token, &upm_id, ("R3100121", "GB", "GBP"), "PAPERLESS_RETURN|royal-mail").await;
    let (_, view) = instructions(app, &gb, Some(&token)).await;
    let carrier = &view["carrierInstructions"];
    assert_eq!(carrier["carrierId"], "royal-mail", "{view}");
    assert_eq!(carrier["title"], "Your return with Royal Mail");
    assert_eq!(carrier["selectionTitle"], "Show a QR code at Royal Mail, no printer needed");
    let steps: Vec<&str> =
        carrier["steps"].as_array().expect("steps").iter().filter_map(|step| step["title"].as_str()).collect();
    assert_eq!(steps, ["Pack your items", "Show the code", "Drop it off"]);
    assert!(carrier["steps"][1]["description"].as_str().is_some_and(|text| text.contains("QR code")), "{carrier}");
    assert_eq!(carrier["link"], "https://www.royalmail.com/track-your-item");

    let de = returned_with(app, &token, &upm_id, ("R3100122", "DE", "EUR"), "PAPERLESS_RETURN|dhl-de", |body| {
        body["locale"] = json!("de-DE");
    })
    .await;
    let (_, view) = instructions(app, &de, Some(&token)).await;
    assert_eq!(view["carrierInstructions"]["steps"][1]["title"], "Code vorzeigen", "{view}");
    assert_eq!(view["carrierInstructions"]["title"], "Deine Rücksendung mit DHL", "{view}");

    let us = returned(app, &token, &upm_id, ("R3100123", "US", "USD"), "upsDropoff|ups").await;
    assert!(
        instructions(app, &us, Some(&token)).await.1.get("carrierInstructions").is_none(),
        "the US has its own text"
    );

    app.put_order(&delivered_order(app, "R3100124", Some(&upm_id), "GB", "GBP")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/R3100124", Some(&token)).await;
    let method = options["methods"].as_array().and_then(|methods| methods.first()).cloned().unwrap_or_default();
    assert_eq!(method["selectionTitle"], "Show a QR code at Royal Mail, no printer needed", "{options}");
}
on_both_backends!(carrier_instructions, mail_returns_carry_the_carriers_instructions);

/// L183/L455: a pickup return's detail shows where and when the carrier comes, from the server.
async fn a_pickup_return_shows_its_address_and_window(app: &TestApp) {
    let (upm_id, token) = app.member("pickup.detail@example.com").await;
    app.put_order(&delivered_order(app, "R3100131", Some(&upm_id), "KR", "KRW")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/R3100131", Some(&token)).await;
    let method = options["methods"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|method| method["id"] == "courierPickup|cj-logistics")
        .cloned()
        .expect("the courier pickup is offered");
    let slot = &method["pickupSlots"][0];
    let body = capture_body("R3100131", &options, "courierPickup|cj-logistics", "1", 1);
    let (status, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    wait_job(app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;
    let rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn");
    let (status, view) = instructions(app, rn, Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let pickup = &view["pickup"];
    assert_eq!(pickup["address"]["address1"], "123 Teheran-ro", "{view}");
    assert_eq!(pickup["address"]["city"], "Seoul");
    assert_eq!(
        (&pickup["date"], &pickup["fromHour"], &pickup["toHour"]),
        (&slot["date"], &slot["fromHour"], &slot["toHour"])
    );
    assert!(pickup["confirmation"].as_str().is_some_and(|text| !text.is_empty()), "booked: {pickup}");
    assert_eq!(view["labelOffered"], false, "the courier brings its own paperwork");
    // 001 §9: the pickup cancel help shows while the return is created, not once it is on its way.
    assert_eq!(pickup["cancelHelp"], true, "{pickup}");
    let (status, moved) =
        app.post_json(&format!("/ops/v1/returns/{rn}/events"), &json!({"status": "received"}), true).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let (_, view) = instructions(app, rn, Some(&token)).await;
    assert_eq!(view["pickup"]["cancelHelp"], false, "{view}");

    let us = returned(app, &token, &upm_id, ("R3100132", "US", "USD"), "upsDropoff|ups").await;
    assert!(instructions(app, &us, Some(&token)).await.1.get("pickup").is_none(), "a drop-off has no pickup");
}
on_both_backends!(pickup_detail, a_pickup_return_shows_its_address_and_window);

/// L182/L457: with emeaPaperless on, a paperless return's detail is the returnInstructionsEmea page;
/// without the flag (or for another method) it is the return order detail.
#[tokio::test]
async fn emea_paperless_returns_open_the_emea_page() {
    let on = app_with(|_| {}).await;
    let off = app_with(flags_off).await;
    for (app, flag_on) in [(&on, true), (&off, false)] {
        let (upm_id, token) = app.member("emea.detail@example.com").await;
        let (_, options) = {
            app.put_order(&delivered_order(app, "R3100141", Some(&upm_id), "GB", "GBP")).await;
            app.get_json("/order_mgmt/return_options/v1/R3100141", Some(&token)).await
        };
        let method = method_ids(&options).first().cloned().expect("a method");
        let body = capture_body("R3100141", &options, &method, "1", 1);
        let (_, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
        wait_job(app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;
        let rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn");
        let (_, view) = instructions(app, rn, Some(&token)).await;
        assert_eq!(view["emeaDetails"], flag_on, "{view}");
        let us = returned(app, &token, &upm_id, ("R3100142", "US", "USD"), "upsDropoff|ups").await;
        assert_eq!(instructions(app, &us, Some(&token)).await.1["emeaDetails"], false);
    }
    on.finish().await;
    off.finish().await;
}

/// Global-store orders (001 §6): with the retailer's `globalStoreReturnsUrl` (deploy/brand-example.toml),
/// every `return` action of such an order leads to that site and the return calls refuse it; the other
/// orders return here as before, and without the setting a global-store order does too.
async fn global_store_orders_are_returned_on_the_retailers_site(app: &TestApp) {
    const ELSEWHERE: &str = "https://global.example.com/returns";
    let (upm_id, token) = app.member("global@example.com").await;
    let mut global = delivered_order(app, "R3100090", Some(&upm_id), "US", "USD");
    global["isGlobalStoreOrder"] = json!(true);
    app.put_order(&global).await;
    app.put_order(&delivered_order(app, "R3100091", Some(&upm_id), "US", "USD")).await;

    let (status, detail) = app.get_json("/orders/history/v1/R3100090", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    assert_eq!(detail["isGlobalStoreOrder"], true);
    assert_eq!(detail["actions"]["return"]["webLink"], ELSEWHERE, "the order's quick action");
    let group = &detail["groups"][0];
    assert_eq!(group["actions"]["return"]["webLink"], ELSEWHERE, "the group's return");
    assert_eq!(group["orderItems"][0]["actions"]["return"]["webLink"], ELSEWHERE, "the item's return");
    let (status, refused) = app.get_json("/order_mgmt/return_options/v1/R3100090", Some(&token)).await;
    assert_eq!(
        (status, &refused["code"], &refused["field"]),
        (StatusCode::CONFLICT, &json!("item-not-returnable"), &json!("isGlobalStoreOrder")),
        "{refused}"
    );
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/R3100091", Some(&token)).await;
    let body = capture_body("R3100090", &options, "upsDropoff|ups", "1", 1);
    let (status, refused) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    assert_eq!((status, &refused["code"]), (StatusCode::CONFLICT, &json!("item-not-returnable")), "{refused}");
    let (_, again) = app.get_json("/orders/history/v1/R3100090", Some(&token)).await;
    assert_eq!(
        again["groups"][0]["orderItems"][0]["returnableQuantity"],
        detail["groups"][0]["orderItems"][0]["returnableQuantity"],
        "nothing reserved"
    );

    let (_, other) = app.get_json("/orders/history/v1/R3100091", Some(&token)).await;
    assert_eq!(other["groups"][0]["actions"]["return"]["webLink"], "/orders/return-items/R3100091", "{other}");
    let (status, _) = app.get_json("/order_mgmt/return_options/v1/R3100091", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, config) = app.get_json("/config/v1/us", None).await;
    assert_eq!(config["shopUrl"], "https://shop.example.com/");

    let plain = spawn_app_with(Backend::Sqlite, Options::default()).await;
    let (upm_id, token) = plain.member("global@example.com").await;
    let mut global = delivered_order(&plain, "R3100092", Some(&upm_id), "US", "USD");
    global["isGlobalStoreOrder"] = json!(true);
    plain.put_order(&global).await;
    let (_, detail) = plain.get_json("/orders/history/v1/R3100092", Some(&token)).await;
    assert_eq!(detail["groups"][0]["actions"]["return"]["webLink"], "/orders/return-items/R3100092", "{detail}");
    let (status, _) = plain.get_json("/order_mgmt/return_options/v1/R3100092", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "no global-store site configured: returned here");
    let (_, config) = plain.get_json("/config/v1/us", None).await;
    assert!(config.get("shopUrl").is_none(), "{config}");
    plain.finish().await;

    let path = std::env::temp_dir().join(format!("orders-global-store-{}.toml", std::process::id()));
    std::fs::write(&path, "globalStoreReturnsUrl = \"returns.example.com\"\n").expect("write");
    let error = server::settings::SiteSettings::load(Some(&path), Vec::new(), &[]).expect_err("refused");
    assert!(error.to_string().contains("globalStoreReturnsUrl"), "{error}");
}

on_both_backends!(
    global_store_returns,
    global_store_orders_are_returned_on_the_retailers_site,
    Options { configure: Some(crate::configuration::example_brand), ..Options::default() }
);

/// enableStoreSelector (001 §2 step 4) decides on the server too: without it a store return names no store.
async fn without_the_store_selector_a_store_return_names_no_store(app: &TestApp) {
    let (status, body) =
        app.post_json("/ops/v1/stores", &crate::curbside::store("S-RET9", true, &["pickup"]), true).await;
    assert!(status.is_success(), "{body}");
    let (upm_id, token) = app.member("no.selector@example.com").await;
    app.put_order(&delivered_order(app, "R3100191", Some(&upm_id), "US", "USD")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/R3100191", Some(&token)).await;
    let mut body = capture_body("R3100191", &options, "returnToStore", "1", 1);
    body["storeId"] = json!("S-RET9");
    let (status, refused) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    assert_eq!((status, &refused["field"]), (StatusCode::BAD_REQUEST, &json!("storeId")), "{refused}");
    body.as_object_mut().map(|fields| fields.remove("storeId"));
    let (status, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "any store: {accepted}");
}

fn store_selector_off(settings: &mut server::config::Settings) {
    settings.flags.push("enableStoreSelector=false".to_owned());
}

on_both_backends!(
    store_selector,
    without_the_store_selector_a_store_return_names_no_store,
    Options { configure: Some(store_selector_off), ..Options::default() }
);
