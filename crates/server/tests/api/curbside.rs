//! Curbside pickup: the shopper's "I'm here", the associate console, and who may see what.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{OPS_KEY, TestApp, order};
use crate::on_both_backends;

const GUEST: &str = "filter=email(guest.shopper@example.com)";

pub(crate) fn store(id: &str, open: bool, services: &[&str]) -> Value {
    let day = if open {
        json!({"startTime": "00:00", "duration": "24"})
    } else {
        json!({"startTime": "10:00", "duration": "0"})
    };
    json!({
        "id": id, "name": format!("Store {id}"), "slug": id.to_lowercase(), "phone": "+1 503 555 0100",
        "address": {"address1": "1 Main St", "city": "Portland", "state": "OR", "postalCode": "97205", "iso2Country": "US"},
        "timezone": "America/Los_Angeles", "defaultLanguage": "en-US",
        "hoursOfOperation": {"regularHours": {"monday": day, "tuesday": day, "wednesday": day, "thursday": day,
                             "friday": day, "saturday": day, "sunday": day}, "specialHours": []},
        "storeServices": services, "facilityType": "OWNED_STORE"
    })
}

/// An order ready for pickup at `store_id`.
pub(crate) fn ready_order(number: &str, upm_id: Option<&str>, store_id: &str) -> Value {
    let mut body = order(number, upm_id, "2026-11-01T10:00:00Z");
    body["pickupStoreId"] = json!(store_id);
    for line in body["lines"].as_array_mut().expect("lines") {
        line["status"] = json!("Ready for Pickup");
        if let Some(fields) = line.as_object_mut() {
            fields.remove("shipmentNumber");
            fields.remove("trackingUrl");
        }
    }
    body
}

pub(crate) async fn send(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (StatusCode, Value, Option<String>) {
    let response = app.send(method, path, token, body).await;
    let status = response.status();
    let location = response.headers().get("location").and_then(|v| v.to_str().ok()).map(str::to_owned);
    (status, response.json().await.unwrap_or(Value::Null), location)
}

pub(crate) async fn offer(app: &TestApp, number: &str, token: Option<&str>, query: &str) -> (StatusCode, Value) {
    let (status, body, _) =
        send(app, reqwest::Method::GET, &format!("/store/curbside_offers/v1/{number}?{query}"), token, None).await;
    (status, body)
}

pub(crate) fn request(number: &str, store_id: &str, qr_id: &str, vehicle: &str) -> Value {
    json!({"notes": [{"text": vehicle, "authorType": "CONSUMER", "target": "ATHLETE"}], "orderNumber": number,
           "storeId": store_id, "storeServiceId": "curbside",
           "validationCode": {"type": "STORE_CONSUMER_ORDER_CODE", "code": qr_id}})
}

pub(crate) async fn store_key(app: &TestApp, store_id: &str) -> String {
    let (status, body) =
        app.post_json(&format!("/ops/v1/stores/{store_id}/keys"), &json!({"label": "tablet"}), true).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["key"].as_str().expect("key").to_owned()
}

pub(crate) async fn console(app: &TestApp, key: &str, method: reqwest::Method, path: &str) -> (StatusCode, Value) {
    crate::helpers::answer(app.request(method, path, None, None).header("x-store-key", key)).await
}

/// The console's list, asked again with the `etag` it answered before.
async fn list_if_changed(app: &TestApp, key: &str, path: &str, etag: &str) -> reqwest::Response {
    let request = app.request(reqwest::Method::GET, path, None, None).header("x-store-key", key);
    request.header("if-none-match", etag).send().await.expect("request")
}

async fn line_statuses(app: &TestApp, number: &str, token: &str) -> Vec<String> {
    let (status, detail) = app.get_json(&format!("/orders/history/v1/{number}"), Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    let text = detail.to_string();
    ["readyForPickUp", "pickedUp"].iter().filter(|name| text.contains(*name)).map(|name| (*name).to_owned()).collect()
}

async fn shopper_to_console_and_back(app: &TestApp) {
    for body in [
        store("S-OPEN", true, &["curbside", "pickup"]),
        store("S-SHUT", false, &["curbside"]),
        store("S-NOCS", true, &["pickup"]),
    ] {
        let (status, answer) = app.post_json("/ops/v1/stores", &body, true).await;
        assert!(status.is_success(), "{answer}");
    }
    let (upm_id, token) = app.member("curb@example.com").await;
    app.put_order(&ready_order("C1000", Some(&upm_id), "S-OPEN")).await;
    app.put_order(&ready_order("C1001", Some(&upm_id), "S-SHUT")).await;
    app.put_order(&ready_order("C1002", Some(&upm_id), "S-NOCS")).await;
    app.put_order(&order("C1003", Some(&upm_id), "2026-11-01T10:00:00Z")).await;
    app.put_order(&ready_order("C1004", None, "S-OPEN")).await;

    // The order detail's link data: the order's own QR id.
    let (status, found) = offer(app, "C1000", Some(&token), "").await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!((found["storeId"].as_str(), found["storeServiceId"].as_str()), (Some("S-OPEN"), Some("curbside")));
    let qr = found["qrId"].as_str().expect("qrId").to_owned();
    let (status, not_ready) = offer(app, "C1003", Some(&token), "").await;
    assert_eq!(
        (status, not_ready["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("curbside-order-not-ready"))
    );

    // Missing parameters, each named.
    let post = reqwest::Method::POST;
    for (field, mut body) in [
        ("orderNumber", request("C1000", "S-OPEN", &qr, "Red car")),
        ("storeId", request("C1000", "S-OPEN", &qr, "Red car")),
        ("storeServiceId", request("C1000", "S-OPEN", &qr, "Red car")),
    ] {
        body.as_object_mut().expect("object").remove(field);
        let (status, answer, _) = send(app, post.clone(), "/store/order_pickups/v1", Some(&token), Some(&body)).await;
        assert_eq!(
            (status, answer["code"].as_str(), answer["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some("curbside-missing-parameters"), Some(field))
        );
    }
    let mut no_qr = request("C1000", "S-OPEN", &qr, "Red car");
    no_qr["validationCode"]["code"] = json!("");
    let (status, answer, _) = send(app, post.clone(), "/store/order_pickups/v1", Some(&token), Some(&no_qr)).await;
    assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some("validationCode.code")));
    // Vehicle: required, 100 characters.
    for vehicle in [String::new(), "x".repeat(101)] {
        let body = request("C1000", "S-OPEN", &qr, &vehicle);
        let (status, answer, _) = send(app, post.clone(), "/store/order_pickups/v1", Some(&token), Some(&body)).await;
        assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some("notes[0].text")), "{answer}");
    }

    // Store closed, store without curbside, wrong store, wrong QR id: each its own code.
    let (_, shut) = offer(app, "C1001", Some(&token), "").await;
    let body = request("C1001", "S-SHUT", shut["qrId"].as_str().expect("qr"), "Red car");
    let (status, answer, _) = send(app, post.clone(), "/store/order_pickups/v1", Some(&token), Some(&body)).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("curbside-store-closed")));
    let body = request("C1002", "S-NOCS", "whatever", "Red car");
    let (status, answer, _) = send(app, post.clone(), "/store/order_pickups/v1", Some(&token), Some(&body)).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("curbside-not-offered")));
    let body = request("C1003", "S-OPEN", &qr, "Red car");
    let (status, answer, _) = send(app, post.clone(), "/store/order_pickups/v1", Some(&token), Some(&body)).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("curbside-order-not-ready")));
    let (_, other) = offer(app, "C1004", None, GUEST).await;
    let body = request("C1000", "S-OPEN", other["qrId"].as_str().expect("qr"), "Red car");
    let (status, answer, _) = send(app, post.clone(), "/store/order_pickups/v1", Some(&token), Some(&body)).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("curbside-invalid-validation-code"))
    );

    // Created; a second open request is a duplicate naming the first.
    let body = request("C1000", "S-OPEN", &qr, "  Blue Subaru, bay 2 ");
    let (status, created, location) =
        send(app, post.clone(), "/store/order_pickups/v1", Some(&token), Some(&body)).await;
    assert_eq!((status, created["status"].as_str()), (StatusCode::CREATED, Some("SUBMITTED")), "{created}");
    let id = created["id"].as_str().expect("id").to_owned();
    assert_eq!(location.as_deref(), Some(format!("/store/order_pickups/v1/{id}").as_str()));
    let (status, answer, location) =
        send(app, post.clone(), "/store/order_pickups/v1", Some(&token), Some(&body)).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::CONFLICT, Some("pickup-duplicate")));
    assert_eq!(location.as_deref(), Some(format!("/store/order_pickups/v1/{id}").as_str()));
    let pickup_path = format!("/store/order_pickups/v1/{id}");
    let (status, seen, _) = send(app, reqwest::Method::GET, &pickup_path, Some(&token), None).await;
    assert_eq!(
        (status, seen["status"].as_str(), seen["notes"][0]["text"].as_str()),
        (StatusCode::OK, Some("SUBMITTED"), Some("Blue Subaru, bay 2"))
    );

    // The console: a key of this store only; list, claim, complete.
    let key = store_key(app, "S-OPEN").await;
    let other_key = store_key(app, "S-SHUT").await;
    let list_path = "/ops/v1/stores/S-OPEN/order_pickups";
    let get = reqwest::Method::GET;
    assert_eq!(console(app, &other_key, get.clone(), list_path).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(console(app, "sk_nonsense", get.clone(), list_path).await.0, StatusCode::UNAUTHORIZED);
    let (status, list) = console(app, &key, get.clone(), list_path).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["objects"][0]["vehicleDescription"].as_str(), Some("Blue Subaru, bay 2"));
    assert_eq!(list["objects"][0]["itemCount"].as_i64(), Some(3));
    // ETag: unchanged list answers 304.
    let response = app.client.get(app.url(list_path)).header("x-store-key", &key).send().await.expect("request");
    let etag = response.headers().get("etag").and_then(|v| v.to_str().ok()).expect("etag").to_owned();
    let again = list_if_changed(app, &key, list_path, &etag).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    // Completing before claiming is refused; another store's path does not find it.
    let complete = format!("{list_path}/{id}/complete");
    let claim = format!("{list_path}/{id}/claim");
    let (status, answer) = console(app, &key, post.clone(), &complete).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::CONFLICT, Some("pickup-invalid-transition")));
    let (status, _) =
        console(app, &other_key, post.clone(), &format!("/ops/v1/stores/S-SHUT/order_pickups/{id}/claim")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, claimed) = console(app, &key, post.clone(), &claim).await;
    assert_eq!((status, claimed["status"].as_str()), (StatusCode::OK, Some("CLAIMED")));
    let changed = list_if_changed(app, &key, list_path, &etag).await;
    assert_eq!(changed.status(), StatusCode::OK, "a claim changes the list");
    let (status, _) = console(app, &key, post.clone(), &claim).await;
    assert_eq!(status, StatusCode::CONFLICT, "claimed once only");
    let (_, seen, _) = send(app, get.clone(), &pickup_path, Some(&token), None).await;
    assert_eq!(seen["status"].as_str(), Some("CLAIMED"));
    assert_eq!(line_statuses(app, "C1000", &token).await, vec!["readyForPickUp".to_owned()]);
    let (status, completed) = console(app, &key, post.clone(), &complete).await;
    assert_eq!((status, completed["status"].as_str()), (StatusCode::OK, Some("COMPLETE")), "{completed}");
    assert_eq!(line_statuses(app, "C1000", &token).await, vec!["pickedUp".to_owned()], "lines are picked up");
    assert!(crate::ready_rows::rows_are_current(app, "C1000").await, "the pick-up rewrote the history rows");
    let (_, list) = console(app, &key, get.clone(), list_path).await;
    assert_eq!(list["objects"].as_array().map(Vec::len), Some(0), "a completed interaction leaves the list");

    // After completion the shopper cannot cancel; a new request is no duplicate any more but the order
    // is no longer ready.
    let patch = reqwest::Method::PATCH;
    let cancel = json!({"status": "CANCELLED_CONSUMER"});
    let (status, answer, _) = send(app, patch.clone(), &pickup_path, Some(&token), Some(&cancel)).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::CONFLICT, Some("pickup-invalid-transition")));
    let (status, answer, _) = send(app, post.clone(), "/store/order_pickups/v1", Some(&token), Some(&body)).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("curbside-order-not-ready")));

    // A guest order: create, the shopper may only cancel, cancelled frees the order for a new request.
    let (_, guest_offer) = offer(app, "C1004", None, GUEST).await;
    let guest_qr = guest_offer["qrId"].as_str().expect("qr").to_owned();
    let guest_body = request("C1004", "S-OPEN", &guest_qr, "Green van");
    let path = format!("/store/order_pickups/v1?{GUEST}");
    let (status, created, _) = send(app, post.clone(), &path, None, Some(&guest_body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let guest_id = created["id"].as_str().expect("id").to_owned();
    let guest_path = format!("/store/order_pickups/v1/{guest_id}?{GUEST}");
    for wrong in [json!({"status": "COMPLETE"}), json!({"status": "CLAIMED"}), json!({})] {
        let (status, answer, _) = send(app, patch.clone(), &guest_path, None, Some(&wrong)).await;
        assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some("status")));
    }
    let (status, cancelled, _) = send(app, patch.clone(), &guest_path, None, Some(&cancel)).await;
    assert_eq!((status, cancelled["status"].as_str()), (StatusCode::OK, Some("CANCELLED_CONSUMER")));
    let (status, _, _) = send(app, post.clone(), &path, None, Some(&guest_body)).await;
    assert_eq!(status, StatusCode::CREATED, "a cancelled request is not open");
}

on_both_backends!(curbside_flow, shopper_to_console_and_back);

/// Someone who may not see the order gets the same 404 as for a pickup that does not exist.
async fn pickups_are_visible_only_through_their_order(app: &TestApp) {
    let (status, answer) = app.post_json("/ops/v1/stores", &store("S-OPEN", true, &["curbside"]), true).await;
    assert!(status.is_success(), "{answer}");
    let (upm_id, token) = app.member("owner@example.com").await;
    let (_, intruder) = app.member("intruder@example.com").await;
    app.put_order(&ready_order("C2000", Some(&upm_id), "S-OPEN")).await;
    let (_, found) = offer(app, "C2000", Some(&token), "").await;
    let qr = found["qrId"].as_str().expect("qr").to_owned();
    let body = request("C2000", "S-OPEN", &qr, "Silver hatchback");
    let (status, created, _) =
        send(app, reqwest::Method::POST, "/store/order_pickups/v1", Some(&token), Some(&body)).await;
    assert_eq!(status, StatusCode::CREATED);
    let id = created["id"].as_str().expect("id");
    let missing = format!("/store/order_pickups/v1/{}", uuid::Uuid::new_v4());
    let (missing_status, missing_body, _) = send(app, reqwest::Method::GET, &missing, Some(&intruder), None).await;
    assert_eq!(missing_status, StatusCode::NOT_FOUND);
    for (who, query) in [(Some(intruder.as_str()), ""), (None, "?filter=email(someone.else@example.com)"), (None, "")] {
        let path = format!("/store/order_pickups/v1/{id}{query}");
        let (status, answer, _) = send(app, reqwest::Method::GET, &path, who, None).await;
        assert_eq!((status, &answer), (missing_status, &missing_body), "{query}");
        let cancel = json!({"status": "CANCELLED_CONSUMER"});
        let (status, answer, _) = send(app, reqwest::Method::PATCH, &path, who, Some(&cancel)).await;
        assert_eq!((status, &answer), (missing_status, &missing_body), "patch {query}");
        let (status, _) = offer(app, "C2000", who, query.trim_start_matches('?')).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "offer {query}");
        let (status, _, _) =
            send(app, reqwest::Method::POST, &format!("/store/order_pickups/v1{query}"), who, Some(&body)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "create {query}");
    }
    // Still SUBMITTED: nobody else changed it.
    let (_, seen, _) =
        send(app, reqwest::Method::GET, &format!("/store/order_pickups/v1/{id}"), Some(&token), None).await;
    assert_eq!(seen["status"].as_str(), Some("SUBMITTED"));
    // The guest with the order's e-mail sees it too (the one access rule).
    let (status, _, _) =
        send(app, reqwest::Method::GET, &format!("/store/order_pickups/v1/{id}?{GUEST}"), None, None).await;
    assert_eq!(status, StatusCode::OK);
    // Store keys: ops only; revoking signs every console of the store out.
    let response = app.client.post(app.url("/ops/v1/stores/S-OPEN/keys")).send().await.expect("request");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app.client.delete(app.url("/ops/v1/stores/S-OPEN/keys")).send().await.expect("request");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let key = store_key(app, "S-OPEN").await;
    let list = "/ops/v1/stores/S-OPEN/order_pickups";
    assert_eq!(console(app, &key, reqwest::Method::GET, list).await.0, StatusCode::OK);
    let response = app
        .client
        .delete(app.url("/ops/v1/stores/S-OPEN/keys"))
        .header("x-ops-key", OPS_KEY)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    let revoked: Value = response.json().await.expect("json");
    assert_eq!(revoked["revoked"].as_u64(), Some(1));
    assert_eq!(console(app, &key, reqwest::Method::GET, list).await.0, StatusCode::UNAUTHORIZED);
}

on_both_backends!(curbside_access, pickups_are_visible_only_through_their_order);

/// 002 §4: the three ready states the warehouse sends for a store-pickup line each make the order ready:
/// the detail says ready for pickup and the curbside offer is made; a line still being prepared is not.
async fn the_spec_ready_states_open_curbside(app: &TestApp) {
    let (status, answer) = app.post_json("/ops/v1/stores", &store("S-READY", true, &["curbside"]), true).await;
    assert!(status.is_success(), "{answer}");
    let (upm_id, token) = app.member("ready.states@example.com").await;
    for (index, raw) in
        ["READY_FOR_PICK_UP", "READY_FOR_CONSUMER_OR_CARRIER", "READY_FOR_CARRIER", "Released"].into_iter().enumerate()
    {
        let number = format!("C300{index}");
        let mut body = ready_order(&number, Some(&upm_id), "S-READY");
        for line in body["lines"].as_array_mut().expect("lines") {
            line["status"] = json!(raw);
        }
        app.put_order(&body).await;
        let ready = raw != "Released";
        let (status, detail, _) =
            send(app, reqwest::Method::GET, &format!("/orders/history/v1/{number}"), Some(&token), None).await;
        assert_eq!(status, StatusCode::OK, "{detail}");
        let simple = detail["groups"][0]["simpleStatus"].as_str();
        assert_eq!(simple == Some("readyForPickUp"), ready, "{raw}: {simple:?}");
        let (status, found) = offer(app, &number, Some(&token), "").await;
        if ready {
            assert_eq!(status, StatusCode::OK, "{raw}: {found}");
            assert_eq!(found["storeId"], "S-READY");
        } else {
            assert_eq!(
                (status, found["code"].as_str()),
                (StatusCode::UNPROCESSABLE_ENTITY, Some("curbside-order-not-ready"))
            );
        }
    }
}

on_both_backends!(curbside_ready_states, the_spec_ready_states_open_curbside);

/// Simultaneous "I'm here" requests for one order: exactly one is created.
async fn simultaneous_requests_make_one_interaction(app: &TestApp) {
    let (status, answer) = app.post_json("/ops/v1/stores", &store("S-OPEN", true, &["curbside"]), true).await;
    assert!(status.is_success(), "{answer}");
    let (upm_id, token) = app.member("race@example.com").await;
    app.put_order(&ready_order("C3000", Some(&upm_id), "S-OPEN")).await;
    let (_, found) = offer(app, "C3000", Some(&token), "").await;
    let body = request("C3000", "S-OPEN", found["qrId"].as_str().expect("qr"), "Black SUV");
    let attempts =
        (0..8).map(|_| send(app, reqwest::Method::POST, "/store/order_pickups/v1", Some(&token), Some(&body)));
    let results = futures_util::future::join_all(attempts).await;
    let created = results.iter().filter(|(status, _, _)| *status == StatusCode::CREATED).count();
    let duplicates = results.iter().filter(|(status, _, _)| *status == StatusCode::CONFLICT).count();
    assert_eq!((created, duplicates), (1, 7), "{results:?}");
    let id = results
        .iter()
        .find_map(|(status, body, _)| (*status == StatusCode::CREATED).then(|| body["id"].as_str().map(str::to_owned)))
        .flatten()
        .expect("the created id");

    // Six associates claim at once: one wins.
    let key = store_key(app, "S-OPEN").await;
    let claim = format!("/ops/v1/stores/S-OPEN/order_pickups/{id}/claim");
    let claims =
        futures_util::future::join_all((0..6).map(|_| console(app, &key, reqwest::Method::POST, &claim))).await;
    let won = claims.iter().filter(|(status, _)| *status == StatusCode::OK).count();
    assert_eq!(won, 1, "{claims:?}");
    assert!(claims.iter().all(|(status, _)| *status == StatusCode::OK || *status == StatusCode::CONFLICT));

    // The associate completes while the shopper cancels: exactly one of them, and the lines follow the winner.
    let complete = format!("/ops/v1/stores/S-OPEN/order_pickups/{id}/complete");
    let pickup = format!("/store/order_pickups/v1/{id}");
    let cancel = json!({"status": "CANCELLED_CONSUMER"});
    let (completed, cancelled) = tokio::join!(
        console(app, &key, reqwest::Method::POST, &complete),
        send(app, reqwest::Method::PATCH, &pickup, Some(&token), Some(&cancel))
    );
    let wins = [completed.0, cancelled.0].iter().filter(|status| **status == StatusCode::OK).count();
    assert_eq!(wins, 1, "complete {completed:?}, cancel {:?}", cancelled.0);
    let (_, seen, _) = send(app, reqwest::Method::GET, &pickup, Some(&token), None).await;
    let picked_up = line_statuses(app, "C3000", &token).await == vec!["pickedUp".to_owned()];
    assert_eq!(seen["status"].as_str() == Some("COMPLETE"), picked_up, "{seen}");
}

on_both_backends!(curbside_race, simultaneous_requests_make_one_interaction);

/// The README's demo: the demo member's and the guest's curbside-ready orders at the 24-hour store, and
/// the demo store key, work end to end at any hour.
async fn the_demo_data_works_at_any_hour(app: &TestApp) {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let plan = server::seed::SeedPlan { members: 12, orders: 60, seed: 3, until_millis: 1_794_009_599_000 };
    server::seed::run(&connected.db, &plan).await.expect("seed");
    let (status, signed_in) = app
        .post_json("/auth/v1/token", &json!({"email": "shopper@example.com", "password": "orders-demo"}), false)
        .await;
    assert_eq!(status, StatusCode::OK);
    let token = signed_in["accessToken"].as_str().expect("token").to_owned();
    let (status, member_offer) = offer(app, "C00000000011", Some(&token), "").await;
    assert_eq!((status, member_offer["storeId"].as_str()), (StatusCode::OK, Some("US-LAS-24H")), "{member_offer}");
    let (status, guest_offer) = offer(app, "C00000000012", None, "filter=email(guest.curbside@example.com)").await;
    assert_eq!(status, StatusCode::OK, "{guest_offer}");
    // At four moments of the day the 24-hour store takes the request.
    let body = request("C00000000011", "US-LAS-24H", member_offer["qrId"].as_str().expect("qr"), "White pickup truck");
    let path = "/store/order_pickups/v1";
    let (status, created, _) = send(app, reqwest::Method::POST, path, Some(&token), Some(&body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("id").to_owned();
    for _ in 0..3 {
        app.clock.advance(6 * 3_600_000);
        let (status, answer, _) = send(app, reqwest::Method::POST, path, Some(&token), Some(&body)).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (StatusCode::CONFLICT, Some("pickup-duplicate")),
            "open, and a duplicate"
        );
    }
    let (status, list) = console(
        app,
        server::seed::curbside::DEMO_STORE_KEY,
        reqwest::Method::GET,
        "/ops/v1/stores/US-LAS-24H/order_pickups",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["objects"][0]["id"].as_str(), Some(id.as_str()));
}

on_both_backends!(curbside_demo, the_demo_data_works_at_any_hour);

/// A guest waiting at the curb polls every second: the creator's polls take none of the 60 guesses a
/// minute a client has, while a stranger's guesses still count.
async fn a_guest_polls_without_running_out_of_guesses(app: &TestApp) {
    let (status, answer) = app.post_json("/ops/v1/stores", &store("S-OPEN", true, &["curbside"]), true).await;
    assert!(status.is_success(), "{answer}");
    app.put_order(&ready_order("C4000", None, "S-OPEN")).await;
    let (_, found) = offer(app, "C4000", None, GUEST).await;
    let body = request("C4000", "S-OPEN", found["qrId"].as_str().expect("qr"), "Yellow taxi");
    let (status, created, _) =
        send(app, reqwest::Method::POST, &format!("/store/order_pickups/v1?{GUEST}"), None, Some(&body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("id");
    for _ in 0..12 {
        let (status, _, _) =
            send(app, reqwest::Method::GET, &format!("/store/order_pickups/v1/{id}?{GUEST}"), None, None).await;
        assert_eq!(status, StatusCode::OK);
    }
    let stranger = format!("/store/order_pickups/v1/{id}?filter=email(someone.else@example.com)");
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(send(app, reqwest::Method::GET, &stranger, None, None).await.0);
    }
    assert!(statuses.contains(&StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
}

on_both_backends!(
    curbside_guest_polling,
    a_guest_polls_without_running_out_of_guesses,
    crate::helpers::Options { per_client: 6, ..crate::helpers::Options::default() }
);
