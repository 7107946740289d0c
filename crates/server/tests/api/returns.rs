//! Returns (spec 001, issue 10): options, capture + job, RETURN_ORDER, labels, dispatch, e-mails, bank
//! refund, ops events, the reservation under parallel captures, idempotency and BOLA, on both databases.

use base64::Engine;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{OPS_KEY, TestApp};
use crate::on_both_backends;

const GUEST: &str = "filter=email(guest.shopper@example.com)";

struct Market {
    country: &'static str,
    currency: &'static str,
    /// The method ids the options must list, in order.
    methods: &'static [&'static str],
    /// A reason code of the country's list.
    reason: &'static str,
    label: Option<&'static str>,
}

const MARKETS: &[Market] = &[
    Market {
        country: "US",
        currency: "USD",
        methods: &["returnToStore", "upsDropoff|ups", "upsPickup|ups"],
        reason: "1",
        label: Some("PDF"),
    },
    Market {
        country: "GB",
        currency: "GBP",
        methods: &["PAPERLESS_RETURN|royal-mail"],
        reason: "5",
        label: Some("PNG"),
    },
    Market {
        country: "DE",
        currency: "EUR",
        methods: &["PAPERLESS_RETURN|dhl-de", "PAPERLESS_RETURN|hermes-de"],
        reason: "6",
        label: Some("PNG"),
    },
    Market { country: "NL", currency: "EUR", methods: &["PAPERLESS_RETURN|postnl"], reason: "3", label: Some("PNG") },
    Market {
        country: "FR",
        currency: "EUR",
        methods: &["PAPERLESS_RETURN|la-poste", "PICKUP_RETURN|la-poste"],
        reason: "1",
        label: Some("PNG"),
    },
    Market {
        country: "JP",
        currency: "JPY",
        methods: &["returnToStore", "sagawaPickup|sagawa"],
        reason: "5",
        label: None,
    },
    Market {
        country: "KR",
        currency: "KRW",
        methods: &["courierPickup|cj-logistics", "returnToStore"],
        reason: "1",
        label: None,
    },
    Market {
        country: "AU",
        currency: "AUD",
        methods: &["DROPOFF_RETURN|australia-post"],
        reason: "503",
        label: Some("PDF"),
    },
    Market { country: "CN", currency: "CNY", methods: &["DROPOFF_RETURN"], reason: "6", label: None },
];

pub(crate) fn days_ago(app: &TestApp, days: i64) -> String {
    (app.clock.now() - chrono::Duration::days(days)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A delivered order in `country` with two lines (1 shoe, 2 tees).
pub(crate) fn delivered_order(
    app: &TestApp,
    number: &str,
    upm_id: Option<&str>,
    country: &str,
    currency: &str,
) -> Value {
    let mut order = crate::helpers::order(number, upm_id, &days_ago(app, 5));
    order["country"] = json!(country);
    order["currency"] = json!(currency);
    order["shippingTotal"] = json!(0);
    order["dayPhoneNumber"] = json!("+15035550100");
    order["shippingAddress"] = json!(["Alex Shopper", "1 Main St", "Springfield"]);
    let (shoe, tee) = if currency == "JPY" || currency == "KRW" { (12000, 2500) } else { (120, 25) };
    for (line, price) in [(0, shoe), (1, tee)] {
        order["lines"][line]["status"] = json!("Delivered");
        order["lines"][line]["unitPrice"] = json!(price);
        order["lines"][line]["tax"] = json!(0);
    }
    order
}

pub(crate) async fn post(
    app: &TestApp,
    path: &str,
    body: &Value,
    token: Option<&str>,
    key: Option<&str>,
) -> (StatusCode, Value) {
    let mut request = app.request(reqwest::Method::POST, path, token, Some(body));
    if let Some(key) = key {
        request = request.header("idempotency-key", key);
    }
    crate::helpers::answer(request).await
}

/// Polls a capture job until it ends; answers its last view.
pub(crate) async fn wait_job(app: &TestApp, job_id: &str, token: Option<&str>, query: &str) -> Value {
    for _ in 0..200 {
        let (status, job) =
            app.get_json(&format!("/order_mgmt/user_return_captures_jobs/v1/{job_id}{query}"), token).await;
        assert_eq!(status, StatusCode::OK, "{job}");
        if job["status"] != "PENDING" && job["status"] != "IN_PROGRESS" {
            return job;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the job did not end");
}

pub(crate) fn capture_body(order_number: &str, options: &Value, method_id: &str, reason: &str, quantity: i64) -> Value {
    let line = &options["orderLines"][0];
    let mut body = json!({
        "orderNumber": order_number,
        "orderLines": [{"universalProductCode": line["universalProductCode"], "quantity": quantity, "reasonCode": reason}],
        "methodId": method_id,
        "locale": "en-GB",
        "captureSystem": "nike.digital.web",
    });
    let method = options["methods"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|m| m["id"] == method_id)
        .cloned()
        .unwrap_or(Value::Null);
    // Every pickup method books an address and a window (Korea's courier, UPS, Sagawa, EMEA carriers).
    if method["serviceType"] == "PICK_UP" {
        let slot = &method["pickupSlots"][0];
        let country = options["country"].as_str().unwrap_or("KR").to_ascii_uppercase();
        let (address1, city, postal_code) = match country.as_str() {
            "JP" => ("1-1 Chiyoda", "Tokyo", "100-0001"),
            "US" => ("1 Main St", "Springfield", "97477"),
            "FR" => ("1 rue de Rivoli", "Paris", "75001"),
            _ => ("123 Teheran-ro", "Seoul", "06234"),
        };
        body["pickup"] = json!({
            "address": {"name": "Kim Minji", "address1": address1, "city": city, "postalCode": postal_code, "country": country, "phone": "01012345678"},
            "slot": {"date": slot["date"], "fromHour": slot["fromHour"], "toHour": slot["toHour"]},
        });
    }
    body
}

/// The QR image of a label PDF decodes to `expected`.
fn assert_qr_decodes(pdf: &[u8], expected: &str) {
    let doc = lopdf::Document::load_mem(pdf).expect("the label is a PDF");
    let qr = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .find(|s| {
            let size = |k: &[u8]| s.dict.get(k).and_then(|v| v.as_i64()).unwrap_or(0);
            size(b"Height") > 1 && size(b"Width") == size(b"Height")
        })
        .expect("a square QR image");
    let side = usize::try_from(qr.dict.get(b"Width").and_then(|w| w.as_i64()).unwrap_or(0)).unwrap_or(0);
    let pixels = qr.decompressed_content().expect("image data");
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| pixels[y * side + x]);
    let grids = image.detect_grids();
    assert_eq!(grids.first().expect("a QR grid").decode().expect("decodes").1, expected);
}

async fn every_market_member_and_guest(app: &TestApp) {
    let (upm_id, token) = app.member("returner@example.com").await;
    for (index, market) in MARKETS.iter().enumerate() {
        let member_order = format!("C7{index}000001");
        let guest_order = format!("C7{index}000002");
        app.put_order(&delivered_order(app, &member_order, Some(&upm_id), market.country, market.currency)).await;
        app.put_order(&delivered_order(app, &guest_order, None, market.country, market.currency)).await;

        // Options: the country's methods, members free, guests pay (except store returns).
        let (status, options) =
            app.get_json(&format!("/order_mgmt/return_options/v1/{member_order}"), Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{options}");
        let ids: Vec<&str> =
            options["methods"].as_array().expect("methods").iter().filter_map(|m| m["id"].as_str()).collect();
        assert_eq!(ids, market.methods, "{}", market.country);
        assert!(
            options["methods"]
                .as_array()
                .into_iter()
                .flatten()
                .all(|m| m["price"]["amount"].as_str().is_some_and(|a| a.chars().all(|c| c == '0' || c == '.'))),
            "members return free"
        );
        assert_eq!(options["orderLines"][1]["returnableQuantity"], 2);
        assert!(
            options["reasons"].as_array().expect("reasons").iter().any(|r| r["reasonCode"] == market.reason),
            "{}",
            market.country
        );
        let (status, guest_options) =
            app.get_json(&format!("/order_mgmt/return_options/v1/{guest_order}?{GUEST}"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(guest_options["asMember"], false);
        if market.country == "AU" {
            assert_eq!(guest_options["methods"][0]["refundDeduction"]["amount"], "9.95");
            assert_eq!(guest_options["methods"][0]["refundEstimate"]["amount"], "160.05");
        }

        // Member capture, then the job, then the RETURN_ORDER.
        // The first carrier method (a store return has no label).
        let method = market.methods.iter().copied().find(|m| *m != "returnToStore").unwrap_or(market.methods[0]);
        let body = capture_body(&member_order, &options, method, market.reason, 1);
        let (status, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{} {accepted}", market.country);
        let job_id = accepted["jobId"].as_str().expect("jobId");
        let return_number = accepted["response"]["returnOrderNumber"].as_str().expect("returnOrderNumber").to_owned();
        let job = wait_job(app, job_id, Some(&token), "").await;
        assert_eq!(job["status"], "COMPLETED", "{} {job}", market.country);
        assert_eq!(job["response"]["returnOrderNumber"], return_number.as_str());
        let (status, detail) = app.get_json(&format!("/orders/history/v1/{return_number}"), Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{detail}");
        assert_eq!(detail["orderType"], "RETURN_ORDER");
        assert_eq!(detail["parentSalesOrderNumber"], member_order.as_str());
        assert_eq!(detail["groups"][0]["orderItems"][0]["returnQuantity"], 1);
        // The parent's line: nothing left to return, and it shows the return.
        let (_, parent) = app.get_json(&format!("/orders/history/v1/{member_order}"), Some(&token)).await;
        let items: Vec<Value> = parent["groups"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|g| g["orderItems"].as_array().cloned().unwrap_or_default())
            .collect();
        let shoe = items.iter().find(|i| i["lineNumber"] == 1).expect("line 1");
        assert_eq!(shoe["returnableQuantity"], 0);
        assert_eq!(shoe["returnableFlag"], false);
        assert_eq!(shoe["lineItemStatus"]["simpleStatus"], "returnCreated", "{shoe}");

        // Label where the country has one.
        let (status, label) =
            app.get_json(&format!("/order_mgmt/user_return_labels/v1/{return_number}"), Some(&token)).await;
        match market.label {
            Some(format) => {
                assert_eq!(status, StatusCode::OK, "{} {label}", market.country);
                assert_eq!(label["labelFormat"], format);
                assert_eq!(label["isEmeaPaperless"], format == "PNG");
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(label["returnLabel"].as_str().expect("label"))
                    .expect("base64");
                let code = label["dropOffCode"]["data"].as_str().expect("code");
                if format == "PDF" {
                    assert!(bytes.starts_with(b"%PDF"));
                    assert_qr_decodes(&bytes, code);
                } else {
                    assert!(bytes.starts_with(b"\x89PNG"));
                }
            }
            None => assert_eq!(
                (status, label["code"].as_str()),
                (StatusCode::CONFLICT, Some("label-not-available")),
                "{}",
                market.country
            ),
        }

        // Guest capture of their own order, polled with the same filter.
        let (_, guest_options) =
            app.get_json(&format!("/order_mgmt/return_options/v1/{guest_order}?{GUEST}"), None).await;
        let body = capture_body(&guest_order, &guest_options, method, market.reason, 1);
        let (status, accepted) =
            post(app, &format!("/order_mgmt/user_return_captures/v1?{GUEST}"), &body, None, None).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{} {accepted}", market.country);
        let job = wait_job(app, accepted["jobId"].as_str().expect("jobId"), None, &format!("?{GUEST}")).await;
        assert_eq!(job["status"], "COMPLETED", "{job}");
        // The created return refunds what the wizard said: its items less the guest's return shipping
        // (browser walk M3: the return order showed the items' total).
        let number = job["response"]["returnOrderNumber"].as_str().expect("returnOrderNumber");
        let (status, guest_return) = app.get_json(&format!("/orders/history/v1/{number}?{GUEST}"), None).await;
        assert_eq!(status, StatusCode::OK, "{guest_return}");
        let transaction = &guest_return["transaction"];
        let deduction = guest_options["methods"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|m| m["id"] == method)
            .and_then(|m| m["refundDeduction"]["amount"].as_str())
            .map_or(0.0, |amount| amount.parse::<f64>().expect("an amount"));
        assert_eq!(transaction["totalFees"].as_f64(), Some(-deduction), "{} {transaction}", market.country);
        let items = transaction["subTotal"].as_f64().expect("subTotal");
        let refund = transaction["orderTotal"].as_f64().expect("orderTotal");
        let taxes =
            if transaction["taxInclusive"] == true { 0.0 } else { transaction["totalTaxes"].as_f64().unwrap_or(0.0) };
        assert!(
            (items + taxes - deduction - refund).abs() < 0.005,
            "{}: refund {refund} = items {items} less {deduction}",
            market.country
        );
        if market.country == "AU" {
            assert!(deduction > 9.0, "Australia's guests pay their return shipping");
        }
    }
    // The member's history lists the returns.
    let (_, history) = app.get_json("/orders/history/v1?filter=orderType(RETURN_ORDER)", Some(&token)).await;
    let returns = history["orderItems"].as_array().map_or(0, Vec::len);
    assert_eq!(returns, MARKETS.len(), "{history}");
    // The returns moved their sales orders' lines on, and wrote those lines' history rows again (ADR 0010).
    for item in history["orderItems"].as_array().into_iter().flatten() {
        let number = item["orderNumber"].as_str().expect("return order number");
        let (_, detail) = app.get_json(&format!("/orders/history/v1/{number}"), Some(&token)).await;
        if let Some(parent) = detail["parentSalesOrderNumber"].as_str() {
            assert!(crate::ready_rows::rows_are_current(app, parent).await, "{parent}'s history rows are current");
        }
    }
    // The "created" e-mails reached the outbox (order e-mail), the US one with the label PDF.
    let mails = app.outbox("guest.shopper@example.com").await;
    assert!(mails.len() >= MARKETS.len() * 2, "{}", mails.len());
    assert!(mails.iter().any(|m| m["attachmentType"] == "application/pdf"));
}
on_both_backends!(returns_every_market, every_market_member_and_guest);

async fn the_last_unit_is_returned_once(app: &TestApp) {
    let (upm_id, token) = app.member("racer@example.com").await;
    app.put_order(&delivered_order(app, "C7900001", Some(&upm_id), "US", "USD")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7900001", Some(&token)).await;
    let body = capture_body("C7900001", &options, "upsDropoff|ups", "1", 1);
    let requests = (0..8).map(|_| post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None));
    let answers = futures_util::future::join_all(requests).await;
    let accepted = answers.iter().filter(|(status, _)| *status == StatusCode::ACCEPTED).count();
    let refused: Vec<&Value> =
        answers.iter().filter(|(status, _)| *status == StatusCode::CONFLICT).map(|(_, a)| a).collect();
    assert_eq!(accepted, 1, "{answers:?}");
    assert_eq!(refused.len(), 7, "{answers:?}");
    assert!(refused.iter().all(|a| a["code"] == "return-quantity-exceeded"));
    // Two tees: 2 + 1 is too many, nothing reserved by the refused request.
    let mut two = capture_body("C7900001", &options, "upsDropoff|ups", "1", 2);
    two["orderLines"][0]["universalProductCode"] = options["orderLines"][1]["universalProductCode"].clone();
    let mut three = two.clone();
    three["orderLines"][0]["quantity"] = json!(3);
    let (status, answer) = post(app, "/order_mgmt/user_return_captures/v1", &three, Some(&token), None).await;
    assert_eq!((status, answer["field"].as_str()), (StatusCode::CONFLICT, Some("orderLines[0].quantity")));
    let (status, _) = post(app, "/order_mgmt/user_return_captures/v1", &two, Some(&token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED);
}
on_both_backends!(returns_parallel, the_last_unit_is_returned_once);

async fn idempotency_and_validation(app: &TestApp) {
    let (upm_id, token) = app.member("retry@example.com").await;
    app.put_order(&delivered_order(app, "C7910001", Some(&upm_id), "GB", "GBP")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7910001", Some(&token)).await;
    let body = capture_body("C7910001", &options, "PAPERLESS_RETURN|royal-mail", "tooBig", 1);
    let first = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), Some("key-1")).await;
    let again = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), Some("key-1")).await;
    assert_eq!(first.0, StatusCode::ACCEPTED);
    assert_eq!(first, again, "the same key and body answer the first answer");
    let mut other = body.clone();
    other["orderLines"][0]["reasonCode"] = json!("wrongItem");
    let (status, answer) = post(app, "/order_mgmt/user_return_captures/v1", &other, Some(&token), Some("key-1")).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("idempotency-key-reused")));
    // A retry while the first request with the key still runs: 409 (the key is held, its answer not stored yet).
    let bytes = serde_json::to_vec(&body).expect("json");
    let hash: String = <sha2::Sha256 as sha2::Digest>::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    let now = app.clock.now_ms();
    sql(
        app,
        &format!(
            "INSERT INTO idempotency_keys (owner_key, scope, idempotency_key, request_hash, created_at) \
             VALUES ('member:{upm_id}', 'POST /order_mgmt/user_return_captures/v1', 'key-running', '{hash}', {now})"
        ),
    )
    .await;
    let (status, answer) =
        post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), Some("key-running")).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::CONFLICT, Some("idempotency-request-in-progress")));
    // The printable drop-off behind the paperless method is accepted; unknown methods are not.
    let mut tees = body.clone();
    tees["orderLines"][0]["universalProductCode"] = options["orderLines"][1]["universalProductCode"].clone();
    tees["methodId"] = json!("DROPOFF_RETURN|royal-mail");
    let (status, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &tees, Some(&token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    let bad_cases = [
        (json!({"methodId": "PICKUP_RETURN|royal-mail"}), StatusCode::CONFLICT, "returnMethod"),
        (json!({"methodId": "teleport"}), StatusCode::BAD_REQUEST, "methodId"),
        (json!({"orderLines": []}), StatusCode::BAD_REQUEST, "orderLines"),
        (
            json!({"orderLines": [{"universalProductCode": "999", "quantity": 1, "reasonCode": "1"}]}),
            StatusCode::BAD_REQUEST,
            "orderLines[0].universalProductCode",
        ),
        (
            json!({"orderLines": [{"lineNumber": 2, "quantity": 0, "reasonCode": "1"}]}),
            StatusCode::BAD_REQUEST,
            "orderLines[0].quantity",
        ),
        (
            json!({"orderLines": [{"lineNumber": 2, "quantity": 1, "reasonCode": "1", "comment": "x".repeat(141)}]}),
            StatusCode::BAD_REQUEST,
            "orderLines[0].comment",
        ),
        (json!({"storeId": "NOPE"}), StatusCode::BAD_REQUEST, "storeId"),
    ];
    let mut base = tees.clone();
    base["methodId"] = json!("PAPERLESS_RETURN|royal-mail");
    for (change, expected, field) in bad_cases {
        let mut bad = base.clone();
        for (key, value) in change.as_object().expect("object") {
            bad[key] = value.clone();
        }
        let (status, answer) = post(app, "/order_mgmt/user_return_captures/v1", &bad, Some(&token), None).await;
        assert_eq!((status, answer["field"].as_str()), (expected, Some(field)), "{answer}");
    }
    // Nothing was reserved by the refused requests: one tee of two is left.
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7910001", Some(&token)).await;
    assert_eq!(options["orderLines"][1]["returnableQuantity"], 1, "{options}");
    assert_eq!(options["orderLines"][0]["returnableQuantity"], 0, "{options}");
}
on_both_backends!(returns_idempotency, idempotency_and_validation);

async fn nobody_sees_anothers_return(app: &TestApp) {
    let (owner_id, owner) = app.member("owner@example.com").await;
    let (_, stranger) = app.member("stranger@example.com").await;
    app.put_order(&delivered_order(app, "C7920001", Some(&owner_id), "US", "USD")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7920001", Some(&owner)).await;
    let body = capture_body("C7920001", &options, "upsDropoff|ups", "1", 1);
    let (_, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&owner), None).await;
    let job_id = accepted["jobId"].as_str().expect("jobId").to_owned();
    let rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn").to_owned();
    wait_job(app, &job_id, Some(&owner), "").await;
    let wrong_guest = "filter=email(someone@example.com)";
    let probes = [
        format!("/order_mgmt/return_options/v1/C7920001?{wrong_guest}"),
        format!("/order_mgmt/user_return_captures_jobs/v1/{job_id}?{wrong_guest}"),
        format!("/order_mgmt/user_return_labels/v1/{rn}?{wrong_guest}"),
        format!("/orders/history/v1/{rn}?{wrong_guest}"),
    ];
    for path in &probes {
        let (status, _) = app.get_json(path, Some(&stranger)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    // The same 404 as for things that do not exist.
    let (_, missing) = app.get_json("/order_mgmt/user_return_labels/v1/R000000000000", Some(&stranger)).await;
    let (_, other) = app.get_json(&format!("/order_mgmt/user_return_labels/v1/{rn}"), Some(&stranger)).await;
    assert_eq!(missing, other);
    let (_, missing_job) = app
        .get_json(&format!("/order_mgmt/user_return_captures_jobs/v1/{}", uuid::Uuid::new_v4()), Some(&stranger))
        .await;
    let (_, other_job) =
        app.get_json(&format!("/order_mgmt/user_return_captures_jobs/v1/{job_id}"), Some(&stranger)).await;
    assert_eq!(missing_job, other_job);
    let writes = [
        ("/order_mgmt/user_return_captures/v1", body.clone()),
        ("/order_mgmt/user_return_labels_dispatch/v1", json!({"dispatchType": "EMAIL", "returnOrderNumber": rn})),
        (
            "/order_mgmt/bank_refund/v1",
            json!({"accountDetails": {"iban": "NL91ABNA0417164300", "owner": {"firstName": "A", "lastName": "B"}}, "email": "a@b.com", "orderNumber": "C7920001"}),
        ),
        ("/order_mgmt/store_return_email/v1", json!({"orderNumber": "C7920001", "returnNumber": rn, "to": "a@b.com"})),
    ];
    for (path, body) in &writes {
        let (status, answer) = post(app, path, body, Some(&stranger), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path} {answer}");
    }
    // The guest who owns the order (its e-mail) sees the member's return.
    let (status, _) = app.get_json(&format!("/order_mgmt/user_return_labels/v1/{rn}?{GUEST}"), None).await;
    assert_eq!(status, StatusCode::OK);
}
on_both_backends!(returns_bola, nobody_sees_anothers_return);

async fn dispatch_events_and_refund(app: &TestApp) {
    let (upm_id, token) = app.member("mover@example.com").await;
    app.put_order(&delivered_order(app, "C7930001", Some(&upm_id), "NL", "EUR")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7930001", Some(&token)).await;
    assert_eq!(options["scannableCodeWaitMinutes"], 30);
    let body = capture_body("C7930001", &options, "PAPERLESS_RETURN|postnl", "1", 1);
    let (_, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    let rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn").to_owned();
    wait_job(app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;

    // E-mail: three times, then 429; by post: the arrival window.
    let dispatch = json!({"dispatchType": "EMAIL", "returnOrderNumber": rn});
    for _ in 0..3 {
        let (status, answer) =
            post(app, "/order_mgmt/user_return_labels_dispatch/v1", &dispatch, Some(&token), None).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["sentTo"], "g***@example.com");
    }
    let (status, _) = post(app, "/order_mgmt/user_return_labels_dispatch/v1", &dispatch, Some(&token), None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let (status, posted) = post(
        app,
        "/order_mgmt/user_return_labels_dispatch/v1",
        &json!({"dispatchType": "POST", "returnOrderNumber": rn}),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(posted["arrivesLatest"].as_str().is_some());
    let (status, answer) = post(
        app,
        "/order_mgmt/user_return_labels_dispatch/v1",
        &json!({"dispatchType": "FAX", "returnOrderNumber": rn}),
        Some(&token),
        None,
    )
    .await;
    assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some("dispatchType")));
    let mails = app.outbox("guest.shopper@example.com").await;
    let labels = mails.iter().filter(|m| m["attachmentName"].as_str().is_some_and(|n| n.contains(&rn))).count();
    assert_eq!(labels, 4, "the created e-mail and three dispatches carry the label");

    // Ops moves it along; the shopper hears once per step.
    for (raw, simple) in
        [("received", "returnInProcess"), ("Received", "returnInProcess"), ("refunded", "returnCompleted")]
    {
        let (status, answer) =
            app.post_json(&format!("/ops/v1/returns/{rn}/events"), &json!({"status": raw}), true).await;
        assert_eq!((status, answer["simpleStatus"].as_str()), (StatusCode::OK, Some(simple)), "{answer}");
    }
    let (status, _) =
        app.post_json(&format!("/ops/v1/returns/{rn}/events"), &json!({"status": "lost in space"}), true).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) =
        app.post_json(&format!("/ops/v1/returns/{rn}/events"), &json!({"status": "received"}), false).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let mails = app.outbox("guest.shopper@example.com").await;
    let subjects: Vec<&str> = mails.iter().filter_map(|m| m["subject"].as_str()).filter(|s| s.contains(&rn)).collect();
    assert_eq!(subjects.iter().filter(|s| s.starts_with("We received")).count(), 1, "{subjects:?}");
    assert_eq!(subjects.iter().filter(|s| s.starts_with("Your refund")).count(), 1, "{subjects:?}");
    let (_, detail) = app.get_json(&format!("/orders/history/v1/{rn}"), Some(&token)).await;
    assert_eq!(detail["groups"][0]["simpleStatus"], "returnCompleted", "{detail}");

    // Bank refund: checked IBAN, 24-character first name, last 4 only.
    let refund = |iban: &str, first: &str| json!({"accountDetails": {"iban": iban, "owner": {"firstName": first, "lastName": "Visser"}}, "email": "anna@example.com", "orderNumber": "C7930001"});
    let (status, answer) =
        post(app, "/order_mgmt/bank_refund/v1", &refund("NL91ABNA0417164301", "Anna"), Some(&token), None).await;
    assert_eq!(
        (status, answer["field"].as_str(), answer["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("accountDetails.iban"), Some("Invalid IBAN"))
    );
    let (status, answer) =
        post(app, "/order_mgmt/bank_refund/v1", &refund("NL91ABNA0417164300", &"A".repeat(25)), Some(&token), None)
            .await;
    assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some("accountDetails.owner.firstName")));
    let (status, answer) =
        post(app, "/order_mgmt/bank_refund/v1", &refund("nl91 abna 0417 1643 00", &"A".repeat(24)), Some(&token), None)
            .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["ibanLast4"], "4300");
    assert!(!answer.to_string().contains("0417164300"));
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT iban_last4, iban_fingerprint FROM bank_refunds")
        .fetch_all(&connected.db.pool)
        .await
        .expect("rows");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].0, "4300");
    assert!(!rows[0].1.contains("0417164300"));
    connected.db.pool.close().await;
    // The confirmation the page promises goes to the e-mail given, in the country's language (NL), naming the
    // account by its last four digits only (browser walk M5).
    let mails = app.outbox("anna@example.com").await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    let mail = mails[0].to_string();
    assert!(mail.contains("C7930001") && mail.contains("4300") && mail.contains("bankgegevens"), "{mail}");
    assert!(!mail.contains("0417164300"), "never the whole IBAN");
}
on_both_backends!(returns_dispatch_events_refund, dispatch_events_and_refund);

async fn rules_of_window_china_and_store(app: &TestApp) {
    let (upm_id, token) = app.member("rules@example.com").await;
    // China: a customised line is not returnable; the other line's quantity is the ordered quantity.
    let mut china = delivered_order(app, "C7940001", Some(&upm_id), "CN", "CNY");
    china["lines"][0]["pbid"] = json!("PB-123");
    china["lines"][1]["status"] = json!("Shipped");
    app.put_order(&china).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7940001", Some(&token)).await;
    assert_eq!(options["orderLines"][0]["returnableFlag"], false);
    assert_eq!(options["orderLines"][0]["returnDisableReason"]["code"], "customized-item");
    assert_eq!(options["orderLines"][1]["returnableQuantity"], 2);
    // US: 31 days later the window (30) is closed; Klarna orders cannot go to a store.
    let mut klarna = delivered_order(app, "C7940002", Some(&upm_id), "US", "USD");
    klarna["payments"] = json!([{"paymentType": "klarna"}]);
    app.put_order(&klarna).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7940002", Some(&token)).await;
    assert!(options["methods"].as_array().expect("methods").iter().all(|m| m["returnMethod"] != "returnToStore"));
    assert_eq!(options["storeReturnAllowed"], false);
    app.clock.advance(26 * 86_400_000);
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7940002", Some(&token)).await;
    assert_eq!(options["withinWindow"], false);
    assert_eq!(options["orderLines"][0]["returnDisableReason"]["code"], "return-window-closed");
    let body = capture_body("C7940002", &options, "upsDropoff|ups", "1", 1);
    let (status, answer) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::CONFLICT, Some("return-window-closed")));
    // A return order is not a sales order: no options for it.
    let (status, _) = app.get_json("/order_mgmt/return_options/v1/C7940404", Some(&token)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
on_both_backends!(returns_rules, rules_of_window_china_and_store);

async fn the_demo_seed_has_returnable_orders_everywhere(app: &TestApp) {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let until = app.clock.now_ms();
    let plan = server::seed::SeedPlan { members: 12, orders: 40, seed: 3, until_millis: until };
    server::seed::run(&connected.db, &plan).await.expect("seed");
    connected.db.pool.close().await;
    let body = json!({"email": "shopper@example.com", "password": server::seed::DEMO_PASSWORD});
    let (_, answer) = app.post_json("/auth/v1/token", &body, false).await;
    let token = answer["accessToken"].as_str().expect("token").to_owned();
    for (n, market) in MARKETS.iter().enumerate() {
        let member_order = format!("C9RM0000000{}", n + 1);
        let (status, options) =
            app.get_json(&format!("/order_mgmt/return_options/v1/{member_order}"), Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{member_order} {options}");
        assert_eq!(options["country"], market.country);
        assert_eq!(options["orderLines"][0]["returnableFlag"], true, "{options}");
        let guest_order = format!("C9RG0000000{}", n + 1);
        let path = format!("/order_mgmt/return_options/v1/{guest_order}?filter=email(guest.returns@example.com)");
        let (status, options) = app.get_json(&path, None).await;
        assert_eq!(status, StatusCode::OK, "{guest_order}");
        assert_eq!(options["orderLines"][1]["returnableQuantity"], 2);
    }
    let (_, china) = app.get_json("/order_mgmt/return_options/v1/C9RM00000009", Some(&token)).await;
    assert_eq!(china["orderLines"][2]["returnDisableReason"]["code"], "customized-item");
}
on_both_backends!(returns_demo_seed, the_demo_seed_has_returnable_orders_everywhere);

pub(crate) async fn sql(app: &TestApp, statement: &str) {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    sqlx::query(sqlx::AssertSqlSafe(statement.to_owned())).execute(&connected.db.pool).await.expect("statement");
    connected.db.pool.close().await;
}

/// The pickup address a return stored for its job.
async fn stored_pickup_address(app: &TestApp, rn: &str) -> Value {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let request: String = sqlx::query_scalar("SELECT request FROM returns WHERE return_order_number = $1")
        .bind(rn)
        .fetch_one(&connected.db.pool)
        .await
        .expect("query");
    connected.db.pool.close().await;
    serde_json::from_str::<Value>(&request).expect("json")["pickupAddress"].clone()
}

async fn a_pickup_without_e_mail_or_phone_takes_the_orders(app: &TestApp) {
    let (upm_id, token) = app.member("pickup.contact@example.com").await;
    for (number, own_phone) in [("C7960001", None), ("C7960002", Some("010-9999-0000"))] {
        app.put_order(&delivered_order(app, number, Some(&upm_id), "KR", "KRW")).await;
        let (_, options) = app.get_json(&format!("/order_mgmt/return_options/v1/{number}"), Some(&token)).await;
        let mut body = capture_body(number, &options, "courierPickup|cj-logistics", "1", 1);
        body["pickup"]["address"]["phone"] = own_phone.map_or(Value::Null, |phone| json!(phone));
        let (status, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
        let rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn");
        let stored = stored_pickup_address(app, rn).await;
        // Spec 002 §4 "Address flow": e-mail and phone fall back to the order's contact details.
        assert_eq!(stored["email"], "guest.shopper@example.com", "{stored}");
        assert_eq!(stored["phone"], own_phone.unwrap_or("+15035550100"), "{stored}");
        assert_eq!(stored["address1"], "123 Teheran-ro", "{stored}");
    }
}
on_both_backends!(returns_pickup_contact, a_pickup_without_e_mail_or_phone_takes_the_orders);

async fn the_options_say_when_the_refund_arrives_and_which_methods_create_a_return(app: &TestApp) {
    let (upm_id, token) = app.member("arrival.rules@example.com").await;
    // Before a method is chosen the order's arrival (001 §9): EMEA up to 10 business days, Korea 3,
    // elsewhere 5. The web shows it instead of keeping its own list of EMEA countries (ADR 0022).
    for (number, country, currency, days_max) in
        [("C7970001", "NL", "EUR", 10), ("C7970002", "KR", "KRW", 3), ("C7970003", "US", "USD", 5)]
    {
        app.put_order(&delivered_order(app, number, Some(&upm_id), country, currency)).await;
        let (status, options) = app.get_json(&format!("/order_mgmt/return_options/v1/{number}"), Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{options}");
        assert_eq!(options["refundArrival"]["destination"], "ORIGINAL_PAYMENT", "{country}");
        assert_eq!(options["refundArrival"]["businessDaysMax"], days_max, "{country}");
        // A store return in Korea creates nothing online (001 §4.2); every other method does.
        for method in options["methods"].as_array().into_iter().flatten() {
            let korea_store = country == "KR" && method["returnMethod"] == "returnToStore";
            assert_eq!(method["createsReturn"], !korea_store, "{country} {method}");
        }
    }
    let (_, korea) = app.get_json("/order_mgmt/return_options/v1/C7970002", Some(&token)).await;
    assert!(
        korea["methods"].as_array().is_some_and(|methods| methods.iter().any(|m| m["returnMethod"] == "returnToStore")),
        "Korea offers a store return: {korea}"
    );
}
on_both_backends!(
    returns_arrival_and_store_only,
    the_options_say_when_the_refund_arrives_and_which_methods_create_a_return
);

pub(crate) async fn effect_detail(app: &TestApp, rn: &str, key: &str) -> Option<String> {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let detail: Option<Option<String>> =
        sqlx::query_scalar("SELECT detail FROM return_effects WHERE return_order_number = $1 AND effect_key = $2")
            .bind(rn)
            .bind(key)
            .fetch_optional(&connected.db.pool)
            .await
            .expect("query");
    connected.db.pool.close().await;
    detail.flatten()
}

async fn rerun_pickup_refusal_store_and_doris(app: &TestApp) {
    let (upm_id, token) = app.member("effects@example.com").await;
    // A job claimed again after its worker died (lease run out) repeats none of its effects.
    app.put_order(&delivered_order(app, "C7950001", Some(&upm_id), "US", "USD")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7950001", Some(&token)).await;
    let body = capture_body("C7950001", &options, "upsDropoff|ups", "1", 1);
    let (_, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    let job_id = accepted["jobId"].as_str().expect("job").to_owned();
    let rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn").to_owned();
    wait_job(app, &job_id, Some(&token), "").await;
    sql(
        app,
        &format!("UPDATE jobs SET status = 'IN_PROGRESS', lease_until = 0, response = NULL WHERE id = '{job_id}'"),
    )
    .await;
    let job = wait_job(app, &job_id, Some(&token), "").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    assert_eq!(job["response"]["returnOrderNumber"], rn.as_str());
    let created: Vec<Value> = app
        .outbox("guest.shopper@example.com")
        .await
        .into_iter()
        .filter(|m| m["subject"].as_str().is_some_and(|s| s.contains(&rn)))
        .collect();
    assert_eq!(created.len(), 1, "the created e-mail once");
    let (_, history) = app.get_json("/orders/history/v1?filter=orderType(RETURN_ORDER)", Some(&token)).await;
    assert_eq!(history["orderItems"].as_array().map_or(0, Vec::len), 1, "one RETURN_ORDER");

    // Korea: the courier refuses a postal code of the wrong shape; the job is DENIED and the unit is free again.
    app.put_order(&delivered_order(app, "C7950002", Some(&upm_id), "KR", "KRW")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7950002", Some(&token)).await;
    let mut body = capture_body("C7950002", &options, "courierPickup|cj-logistics", "1", 1);
    body["pickup"]["address"]["postalCode"] = json!("ABC");
    let (status, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    let job = wait_job(app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;
    assert_eq!(
        (job["status"].as_str(), job["error"]["code"].as_str()),
        (Some("DENIED"), Some("carrier-pickup-refused")),
        "{job}"
    );
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7950002", Some(&token)).await;
    assert_eq!(options["orderLines"][0]["returnableQuantity"], 1);
    // The same request with a good address books the pickup.
    body["pickup"]["address"]["postalCode"] = json!("06234");
    let (_, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    let job = wait_job(app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    assert!(job["response"]["pickup"]["confirmation"].as_str().is_some(), "{job}");

    // A store return: the Doris notice fails (webhook down) and the return still completes; the store
    // e-mail carries the barcode.
    sql(app, "INSERT INTO settings (name, value) VALUES ('doris_webhook_url', 'http://127.0.0.1:9/doris')").await;
    app.put_order(&delivered_order(app, "C7950003", Some(&upm_id), "US", "USD")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7950003", Some(&token)).await;
    let body = capture_body("C7950003", &options, "returnToStore", "1", 1);
    let (_, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    let store_rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn").to_owned();
    let job = wait_job(app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    let (_, store_return) = app.get_json(&format!("/orders/history/v1/{store_rn}"), Some(&token)).await;
    assert_eq!(store_return["returnToStore"]["barcodeNumber"], store_rn.as_str(), "{store_return}");
    assert_eq!(store_return["showBarcodeFlag"], true);
    let doris = effect_detail(app, &store_rn, "doris").await.unwrap_or_default();
    assert!(doris.contains("service-doris-comms-failure"), "{doris}");
    let email = json!({"country": "US", "firstName": "Jane", "language": "en", "orderNumber": "C7950003", "returnNumber": store_rn, "to": "jane@example.com"});
    let (status, answer) = post(app, "/order_mgmt/store_return_email/v1", &email, Some(&token), None).await;
    assert_eq!((status, answer["sent"].as_bool()), (StatusCode::OK, Some(true)), "{answer}");
    let mails = app.outbox("jane@example.com").await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0]["attachmentType"], "image/png");
    // Not for a carrier return.
    let email = json!({"orderNumber": "C7950001", "returnNumber": rn, "to": "jane@example.com"});
    let (status, answer) = post(app, "/order_mgmt/store_return_email/v1", &email, Some(&token), None).await;
    assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some("returnNumber")));
}
on_both_backends!(returns_effects, rerun_pickup_refusal_store_and_doris);

/// An SMTP server for the test: accepts any number of connections and messages, hands each DATA over.
pub(crate) async fn smtp_server() -> (String, tokio::sync::mpsc::UnboundedReceiver<String>) {
    smtp_server_on("127.0.0.1:0").await
}

/// `smtp_server` on a given address (a test that starts it late, on the port the app was told about).
pub(crate) async fn smtp_server_on(address: &str) -> (String, tokio::sync::mpsc::UnboundedReceiver<String>) {
    serve_smtp(address, true).await
}

/// An SMTP server that takes every command and the message text, then never answers the end of the data:
/// the sender is caught in the middle of handing a message over (each text is still sent on the channel).
pub(crate) async fn stalling_smtp_server() -> (String, tokio::sync::mpsc::UnboundedReceiver<String>) {
    serve_smtp("127.0.0.1:0", false).await
}

/// The test SMTP server; `acknowledge`: whether the end of a message's data is answered.
async fn serve_smtp(address: &str, acknowledge: bool) -> (String, tokio::sync::mpsc::UnboundedReceiver<String>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind(address).await.expect("bind");
    let address = listener.local_addr().expect("address");
    let (sender, receiver) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let sender = sender.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 test ESMTP\r\n").await;
                let mut data = String::new();
                let mut in_data = false;
                while let Ok(Some(line)) = lines.next_line().await {
                    if in_data {
                        if line == "." {
                            in_data = false;
                            let _ = sender.send(std::mem::take(&mut data));
                            if acknowledge {
                                let _ = write.write_all(b"250 OK queued\r\n").await;
                            }
                        } else {
                            data.push_str(line.strip_prefix('.').unwrap_or(&line));
                            data.push('\n');
                        }
                        continue;
                    }
                    let upper = line.to_ascii_uppercase();
                    let reply: &[u8] = if upper.starts_with("EHLO") {
                        b"250-test\r\n250 8BITMIME\r\n"
                    } else if upper.starts_with("DATA") {
                        in_data = true;
                        b"354 go ahead\r\n"
                    } else if upper.starts_with("QUIT") {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        break;
                    } else {
                        b"250 OK\r\n"
                    };
                    let _ = write.write_all(reply).await;
                }
            });
        }
    });
    (format!("smtp://{address}"), receiver)
}

/// The attachment of a MIME message: (file name, bytes).
fn attachment(data: &str) -> Option<(String, Vec<u8>)> {
    let boundary = data.split("boundary=\"").nth(1)?.split('"').next()?;
    let part = data.split(&format!("--{boundary}")).find(|part| part.contains("Content-Disposition: attachment"))?;
    // Long names are split the RFC 2231 way (`filename*0="..."`).
    let name =
        part.split("filename=\"").nth(1).or_else(|| part.split("filename*0=\"").nth(1))?.split('"').next()?.to_owned();
    let (_, encoded) = part.split_once("\n\n")?;
    let encoded: String = encoded.chars().filter(|c| !c.is_whitespace()).collect();
    Some((name, base64::engine::general_purpose::STANDARD.decode(encoded).ok()?))
}

#[tokio::test]
async fn return_mails_reach_a_real_smtp_server_with_the_label_attached() {
    let (url, mut received) = smtp_server().await;
    let options = crate::helpers::Options { smtp_url: Some(url), ..crate::helpers::Options::default() };
    let app = crate::helpers::spawn_app_with(crate::helpers::Backend::Sqlite, options).await;
    let (upm_id, token) = app.member("smtp@example.com").await;
    app.put_order(&delivered_order(&app, "C7960001", Some(&upm_id), "US", "USD")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7960001", Some(&token)).await;
    let body = capture_body("C7960001", &options, "upsDropoff|ups", "1", 1);
    let (_, accepted) = post(&app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    let rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn").to_owned();
    let job = wait_job(&app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;
    assert_eq!(job["response"]["emailSent"], true);
    let wait = std::time::Duration::from_secs(10);
    let created = tokio::time::timeout(wait, received.recv()).await.expect("in time").expect("a message");
    assert!(created.contains(&format!("Subject: We have your return {rn}")), "{created}");
    assert!(created.contains("To: guest.shopper@example.com"));
    let Some((name, pdf)) = attachment(&created) else { panic!("no attachment in {created}") };
    assert_eq!(name, format!("return-label-{rn}.pdf"));
    let (_, label) = app.get_json(&format!("/order_mgmt/user_return_labels/v1/{rn}"), Some(&token)).await;
    assert_qr_decodes(&pdf, label["dropOffCode"]["data"].as_str().expect("code"));
    let dispatch = json!({"dispatchType": "EMAIL", "returnOrderNumber": rn, "email": "other@example.com"});
    let (status, _) = post(&app, "/order_mgmt/user_return_labels_dispatch/v1", &dispatch, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    let sent = tokio::time::timeout(wait, received.recv()).await.expect("in time").expect("a message");
    assert!(sent.contains("To: other@example.com"), "{sent}");
    assert!(attachment(&sent).is_some_and(|(_, bytes)| bytes.starts_with(b"%PDF")));
    app.finish().await;
}

async fn eu_withdrawal(app: &TestApp) {
    let (upm_id, token) = app.member("withdraw@example.com").await;
    let (_, stranger) = app.member("withdraw.stranger@example.com").await;
    let mut recent = delivered_order(app, "C7970001", Some(&upm_id), "DE", "EUR");
    recent["lines"][0]["itemDates"] = json!({"delivered": days_ago(app, 3)});
    recent["lines"][1]["itemDates"] = json!({"delivered": days_ago(app, 2)});
    app.put_order(&recent).await;
    let mut late = delivered_order(app, "C7970002", Some(&upm_id), "DE", "EUR");
    late["lines"][0]["itemDates"] = json!({"delivered": days_ago(app, 15)});
    late["lines"][1]["itemDates"] = json!({"delivered": days_ago(app, 15)});
    app.put_order(&late).await;
    app.put_order(&delivered_order(app, "C7970003", Some(&upm_id), "US", "USD")).await;

    let (_, options) = app.get_json("/order_mgmt/return_options/v1/C7970001", Some(&token)).await;
    assert_eq!(options["withdrawalAvailable"], true, "{options}");
    assert!(options["withdrawalDeadline"].as_str().is_some());
    let declare = |number: &str| json!({"orderNumber": number, "locale": "de-DE"});
    let (status, _) = post(app, "/order_mgmt/withdrawal/v1", &declare("C7970001"), Some(&stranger), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, first) = post(app, "/order_mgmt/withdrawal/v1", &declare("C7970001"), Some(&token), None).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    assert_eq!(first["lineNumbers"], json!([1, 2]));
    assert_eq!(first["emailSent"], true);
    assert_eq!(first["returnOptions"], "/order_mgmt/return_options/v1/C7970001");
    let (status, again) = post(app, "/order_mgmt/withdrawal/v1", &declare("C7970001"), Some(&token), None).await;
    assert_eq!((status, &again["declaredAt"]), (StatusCode::OK, &first["declaredAt"]));
    let mails = app.outbox("guest.shopper@example.com").await;
    let confirmations: Vec<&Value> =
        mails.iter().filter(|m| m["subject"].as_str().is_some_and(|s| s.starts_with("Widerruf"))).collect();
    assert_eq!(confirmations.len(), 1, "confirmed once");
    let declared_day = first["declaredAt"].as_str().and_then(|d| d.get(..10)).expect("date");
    assert!(confirmations[0]["body"].as_str().is_some_and(|b| b.contains(declared_day)), "the e-mail names the date");
    for number in ["C7970002", "C7970003"] {
        let (status, answer) = post(app, "/order_mgmt/withdrawal/v1", &declare(number), Some(&token), None).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (StatusCode::CONFLICT, Some("withdrawal-not-available")),
            "{number}"
        );
    }
    let (status, answer) = post(
        app,
        "/order_mgmt/withdrawal/v1",
        &json!({"orderNumber": "C7970002", "lineNumbers": [9]}),
        Some(&token),
        None,
    )
    .await;
    assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some("lineNumbers")));
}
on_both_backends!(returns_withdrawal, eu_withdrawal);

/// The `orders` binary on `database_url`, on a free port: (child, base URL).
async fn start_process(database_url: &str) -> (std::process::Child, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("free port").port();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_orders"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--database-url", database_url, "--no-demo-data"])
        .args(["--ops-key", OPS_KEY, "--token-key", crate::helpers::TOKEN_KEY, "--job-workers", "4"])
        .args(["--guest-lookups-per-client", "100000", "--guest-lookups-per-order", "100000"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start orders");
    let base = format!("http://127.0.0.1:{port}");
    for _ in 0..300 {
        if reqwest::get(format!("{base}/healthz")).await.is_ok_and(|r| r.status().is_success()) {
            return (child, base);
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("orders did not start");
}

/// `kill -9` of the server during a burst of returns loses none and duplicates none: the jobs it held are
/// claimed again by the next process when their lease (30 s) runs out.
#[tokio::test]
async fn a_killed_process_loses_and_duplicates_no_return() {
    let path = std::env::temp_dir().join(format!("orders-kill-{}.db", uuid::Uuid::new_v4().simple()));
    let database_url = path.display().to_string();
    let client = reqwest::Client::new();
    let (mut first, base) = start_process(&database_url).await;
    let member = json!({"email": "killed@example.com", "password": crate::helpers::PASSWORD, "firstName": "K", "lastName": "N", "country": "US"});
    let created: Value = client
        .post(format!("{base}/ops/v1/members"))
        .header("x-ops-key", OPS_KEY)
        .json(&member)
        .send()
        .await
        .expect("member")
        .json()
        .await
        .expect("json");
    let upm_id = created["upmId"].as_str().expect("upmId").to_owned();
    let token_answer: Value = client
        .post(format!("{base}/auth/v1/token"))
        .json(&json!({"email": "killed@example.com", "password": crate::helpers::PASSWORD}))
        .send()
        .await
        .expect("token")
        .json()
        .await
        .expect("json");
    let token = token_answer["accessToken"].as_str().expect("token").to_owned();
    let placed = (chrono::Utc::now() - chrono::Duration::days(3)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let count = 20;
    for n in 0..count {
        let mut order = crate::helpers::order(&format!("C7980{n:03}"), Some(&upm_id), &placed);
        order["lines"][0]["status"] = json!("Delivered");
        let response = client
            .post(format!("{base}/ops/v1/orders"))
            .header("x-ops-key", OPS_KEY)
            .json(&order)
            .send()
            .await
            .expect("order");
        assert!(response.status().is_success());
    }
    // The burst is in flight when the process is killed: some captures answered, some jobs running.
    let mut burst = Vec::new();
    for n in 0..count {
        let body = json!({"orderNumber": format!("C7980{n:03}"), "methodId": "upsDropoff|ups",
            "orderLines": [{"universalProductCode": "00012345678905", "quantity": 1, "reasonCode": "1"}]});
        let request = client.post(format!("{base}/order_mgmt/user_return_captures/v1")).bearer_auth(&token).json(&body);
        burst.push(tokio::spawn(request.send()));
        tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    first.kill().expect("kill -9");
    let _ = first.wait();
    let answered = futures_util::future::join_all(burst)
        .await
        .into_iter()
        .filter(|answer| answer.as_ref().is_ok_and(|r| r.as_ref().is_ok_and(|r| r.status() == StatusCode::ACCEPTED)))
        .count();

    let (mut second, _base) = start_process(&database_url).await;
    let connected = server::db::connect(&database_url, 1).await.expect("connect");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(90);
    loop {
        let open: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM jobs WHERE status IN ('PENDING', 'IN_PROGRESS')")
            .fetch_one(&connected.db.pool)
            .await
            .expect("count");
        if open == 0 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{open} jobs never finished");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let count_of = |sql: &'static str| {
        let pool = connected.db.pool.clone();
        async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(&pool).await.expect("count") }
    };
    let accepted = count_of("SELECT COUNT(*) FROM returns").await;
    let returns = count_of("SELECT COUNT(*) FROM orders WHERE order_type = 'RETURN_ORDER'").await;
    let mails = count_of("SELECT COUNT(DISTINCT subject) FROM mail_outbox").await;
    let reserved = count_of("SELECT COALESCE(SUM(returned), 0) FROM return_quantities").await;
    let completed = count_of("SELECT COUNT(*) FROM jobs WHERE status = 'COMPLETED'").await;
    connected.db.pool.close().await;
    let _ = second.kill();
    let _ = second.wait();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    assert!(
        accepted >= i64::try_from(answered).unwrap_or(0) && accepted > 0,
        "every answered capture was kept: {answered} answered 202, {accepted} stored"
    );
    let accepted = (accepted, accepted, accepted, accepted);
    assert_eq!(
        (returns, mails, reserved, completed),
        accepted,
        "one return order, one e-mail, one unit, one job per capture"
    );
}
