//! The authorization sweep (issue 7): for every endpoint that takes an object's id, another member's
//! object, another guest's credentials and a missing id answer byte-identical 404s, on both databases.
//! A new endpoint joins the sweep by one row in `ENDPOINTS`, not by a new test.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, order};
use crate::on_both_backends;

/// Placeholders: `{order}` the owner's order number, `{upm}` the owner's member id, `{address}` an id of
/// the owner's saved address. `guest`: the endpoint also takes guest credentials (`filter=...`).
struct Endpoint {
    method: Method,
    path: &'static str,
    body: Option<fn() -> Value>,
    guest: bool,
}

const fn get(path: &'static str, guest: bool) -> Endpoint {
    Endpoint { method: Method::GET, path, body: None, guest }
}

fn address_body() -> Value {
    json!({"country": "US", "nameGiven": "Jane", "nameFamily": "Carter", "line1": "1 Market Street",
           "locality": "San Francisco", "province": "CA", "code": "94105", "phone": "415-555-0100"})
}

fn cancel_body() -> Value {
    json!({"request": {"omsOrderDocumentReference": "0001", "omsRegionReference": "NIKEUS", "reasonCode": 216,
           "reasonText": "Front end cancellation"}, "sourceOfRequest": "web"})
}

fn endpoints() -> Vec<Endpoint> {
    vec![
        get("/orders/history/v1/{order}", true),
        get("/orders/summary/v1/{order}", true),
        get("/orders/einvoice/v1/{order}", true),
        get("/order_mgmt/return_options/v1/{order}", true),
        get("/store/curbside_offers/v1/{order}", true),
        Endpoint {
            method: Method::POST,
            path: "/order_mgmt/ordermods/v1/{order}/cancelOrder",
            body: Some(cancel_body),
            guest: true,
        },
        get("/addresses/v1/{upm}/address", false),
        Endpoint { method: Method::POST, path: "/addresses/v1/{upm}/address", body: Some(address_body), guest: false },
        Endpoint {
            method: Method::PUT,
            path: "/addresses/v1/{upm}/address/{address}",
            body: Some(address_body),
            guest: false,
        },
        Endpoint { method: Method::DELETE, path: "/addresses/v1/{upm}/address/{address}", body: None, guest: false },
    ]
}

struct Ids<'a> {
    order: &'a str,
    upm: &'a str,
    address: &'a str,
}

fn fill(path: &str, ids: &Ids<'_>) -> String {
    path.replace("{order}", ids.order).replace("{upm}", ids.upm).replace("{address}", ids.address)
}

async fn call(app: &TestApp, endpoint: &Endpoint, path: &str, token: Option<&str>) -> (StatusCode, String) {
    let mut request = app.client.request(endpoint.method.clone(), app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = endpoint.body {
        request = request.json(&body());
    }
    let response = request.send().await.expect("request");
    (response.status(), response.text().await.expect("body"))
}

async fn another_callers_objects_answer_exactly_like_missing_ones(app: &TestApp) {
    let (owner_upm, owner) = app.member("sweep.owner@example.com").await;
    let (_, stranger) = app.member("sweep.stranger@example.com").await;
    let mut owned = order("C47000001", Some(&owner_upm), "2026-11-01T10:00:00Z");
    owned["email"] = json!("sweep.owner@example.com");
    app.put_order(&owned).await;
    let mut guest_order = order("C47000002", None, "2026-11-01T10:00:00Z");
    guest_order["email"] = json!("sweep.guest@example.com");
    app.put_order(&guest_order).await;
    let (status, address) = {
        let response = app
            .client
            .post(app.url(&format!("/addresses/v1/{owner_upm}/address")))
            .bearer_auth(&owner)
            .json(&address_body())
            .send()
            .await
            .expect("add address");
        (response.status(), response.json::<Value>().await.expect("address"))
    };
    assert!(status.is_success(), "{address}");
    let address_id = address["id"].as_str().expect("address id").to_owned();

    let theirs = Ids { order: "C47000001", upm: &owner_upm, address: &address_id };
    let missing = Ids { order: "C47000099", upm: "00000000-0000-0000-0000-000000000000", address: "999999" };
    for endpoint in endpoints() {
        let label = format!("{} {}", endpoint.method, endpoint.path);
        let missing_answer = call(app, &endpoint, &fill(endpoint.path, &missing), Some(&owner)).await;
        assert_eq!(missing_answer.0, StatusCode::NOT_FOUND, "{label}: missing id: {}", missing_answer.1);
        let stranger_answer = call(app, &endpoint, &fill(endpoint.path, &theirs), Some(&stranger)).await;
        assert_eq!(stranger_answer, missing_answer, "{label}: another member's object");
        if endpoint.guest {
            let with_other_guest = format!("{}?filter=email(sweep.guest@example.com)", fill(endpoint.path, &theirs));
            let guest_answer = call(app, &endpoint, &with_other_guest, None).await;
            assert_eq!(guest_answer, missing_answer, "{label}: another guest's credentials");
            let missing_as_guest = format!("{}?filter=email(sweep.owner@example.com)", fill(endpoint.path, &missing));
            assert_eq!(
                call(app, &endpoint, &missing_as_guest, None).await,
                missing_answer,
                "{label}: missing, as a guest"
            );
        }
    }
}
on_both_backends!(sweep, another_callers_objects_answer_exactly_like_missing_ones);
