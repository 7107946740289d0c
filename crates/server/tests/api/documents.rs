//! Stores (ops feed, store views), shipment service providers, the mail outbox and real SMTP delivery.

use base64::Engine;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::on_both_backends;

fn store(id: &str, name: &str, city: &str, postal: &str, country: &str, timezone: &str, all_day: bool) -> Value {
    let day = if all_day {
        json!({"startTime": "00:00", "duration": "24"})
    } else {
        json!({"startTime": "10:00", "duration": "0"})
    };
    json!({
        "id": id, "name": name, "slug": id.to_lowercase(), "phone": "+1 212 555 0100",
        "address": {"address1": "1 Main St", "address2": "Unit 2", "city": city, "state": "NY", "postalCode": postal, "iso2Country": country},
        "timezone": timezone, "defaultLanguage": "en-US",
        "hoursOfOperation": {"regularHours": {"monday": day, "tuesday": day, "wednesday": day, "thursday": day, "friday": day, "saturday": day, "sunday": day},
                             "specialHours": [{"date": "2026-12-24", "startTime": "09:00", "duration": "5"}]},
        "storeServices": ["curbside", "returns"], "facilityType": "OWNED_STORE"
    })
}

async fn stores_feed_search_paging_and_open_now(app: &TestApp) {
    let stores = [
        store("S-NY-1", "Alpha Open", "New York", "10019", "US", "America/New_York", true),
        store("S-NY-2", "Bravo Closed", "New York", "10020", "US", "America/New_York", false),
        store("S-PDX", "Charlie", "Portland", "97205", "US", "America/Los_Angeles", true),
        store("S-SEA", "Delta", "Seattle", "98101", "US", "America/Los_Angeles", false),
        store("S-LON", "Echo London", "London", "W1D 1AN", "GB", "Europe/London", true),
    ];
    for body in &stores {
        let (status, answer) = app.post_json("/ops/v1/stores", body, true).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
    // Replace: 200.
    let (status, answer) = app.post_json("/ops/v1/stores", &stores[0], true).await;
    assert_eq!((status, answer["created"].as_bool()), (StatusCode::OK, Some(false)));
    // Without the key: 401.
    let response = app.client.post(app.url("/ops/v1/stores")).json(&stores[0]).send().await.expect("request");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);

    // Bad input names the field, and nothing is stored.
    let mut bad_cases = Vec::new();
    let mut b = store("S-BAD", "Bad", "X", "1", "US", "America/New_York", true);
    b["timezone"] = json!("Mars/Base");
    bad_cases.push((b, "timezone"));
    let mut b = store("S-BAD", "Bad", "X", "1", "US", "America/New_York", true);
    b["address"]["iso2Country"] = json!("usa");
    bad_cases.push((b, "address.iso2Country"));
    let mut b = store("S-BAD", "Bad", "X", "1", "US", "America/New_York", true);
    b["hoursOfOperation"]["regularHours"]["funday"] = json!({"startTime": "10:00", "duration": "1"});
    bad_cases.push((b, "hoursOfOperation.regularHours.funday"));
    let mut b = store("S-BAD", "Bad", "X", "1", "US", "America/New_York", true);
    b["hoursOfOperation"]["specialHours"][0]["duration"] = json!("30");
    bad_cases.push((b, "hoursOfOperation.specialHours[0]"));
    let mut b = store("S-BAD", "Bad", "X", "1", "US", "America/New_York", true);
    b.as_object_mut().expect("object").remove("phone");
    bad_cases.push((b, "phone"));
    let mut b = store("S-BAD", "Bad", "X", "1", "US", "America/New_York", true);
    b["unexpected"] = json!(1);
    bad_cases.push((b, "unexpected"));
    for (body, field) in bad_cases {
        let (status, answer) = app.post_json("/ops/v1/stores", &body, true).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{field}: {answer}");
        assert_eq!(answer["field"].as_str(), Some(field), "{answer}");
    }
    let (status, answer) = app.get_json("/store/store_views/v1/S-BAD", None).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::NOT_FOUND, Some("store-views-service-failure")));

    // Paging: 4 US stores, 3 per page, ordered by name.
    let (status, page1) = app.get_json("/store/store_views/v1?country=US", None).await;
    assert_eq!(status, StatusCode::OK, "{page1}");
    let names = |v: &Value| {
        v["objects"]
            .as_array()
            .expect("objects")
            .iter()
            .map(|s| s["name"].as_str().unwrap_or("").to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&page1), ["Alpha Open", "Bravo Closed", "Charlie"]);
    assert_eq!(page1["pages"]["totalPages"], 2);
    assert_eq!(page1["pages"]["totalResources"], 4);
    let (_, page2) = app.get_json("/store/store_views/v1?country=us&page=2", None).await;
    assert_eq!(names(&page2), ["Delta"]);
    // Country filter and search by name, city, postal code.
    let (_, gb) = app.get_json("/store/store_views/v1?country=GB", None).await;
    assert_eq!(names(&gb), ["Echo London"]);
    let (_, by_city) = app.get_json("/store/store_views/v1?country=US&q=portland", None).await;
    assert_eq!(names(&by_city), ["Charlie"]);
    let (_, by_postal) = app.get_json("/store/store_views/v1?country=US&q=1002", None).await;
    assert_eq!(names(&by_postal), ["Bravo Closed"]);
    let (_, by_name) = app.get_json("/store/store_views/v1?country=US&q=DELTA", None).await;
    assert_eq!(names(&by_name), ["Delta"]);
    let (_, none) = app.get_json("/store/store_views/v1?country=US&q=London", None).await;
    assert!(names(&none).is_empty());
    // A search may be remembered for the next visit unless it names APO, FPO, Guantanamo Bay or Alaska
    // (spec 001 §4.5); without a search the answer says nothing about it.
    assert_eq!(by_city["rememberSearch"], true);
    assert!(page1.get("rememberSearch").is_none(), "{page1}");
    for special in ["APO%20AE%2009012", "Anchorage%2C%20AK", "Guantanamo%20Bay"] {
        let (status, answer) = app.get_json(&format!("/store/store_views/v1?country=US&q={special}"), None).await;
        assert_eq!((status, &answer["rememberSearch"]), (StatusCode::OK, &json!(false)), "{special}");
    }
    // Open now: the 24-hour stores are open, the zero-hour ones closed (unless today is Christmas Eve there).
    let alpha = &page1["objects"][0];
    assert_eq!(alpha["isOpenNow"], true);
    assert_eq!(alpha["storeServices"], json!(["curbside", "returns"]));
    assert_eq!(alpha["address"]["address2"], "Unit 2");
    assert_eq!(alpha["operationalDetails"]["hoursOfOperation"]["regularHours"]["monday"]["duration"], "24");
    let (status, one) = app.get_json("/store/store_views/v1/S-NY-2", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((one["id"].as_str(), one["timezone"].as_str()), (Some("S-NY-2"), Some("America/New_York")));
    let christmas_eve = chrono::Utc::now().format("%m-%d").to_string() == "12-24";
    if !christmas_eve {
        assert_eq!(one["isOpenNow"], false);
    }
    // Bad queries.
    for (query, field) in
        [("", "country"), ("?country=USA", "country"), ("?country=US&page=0", "page"), ("?country=US&page=x", "page")]
    {
        let (status, answer) = app.get_json(&format!("/store/store_views/v1{query}"), None).await;
        assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some(field)), "{query}");
    }
}
on_both_backends!(stores_views, stores_feed_search_paging_and_open_now);

async fn shipment_service_providers_per_country(app: &TestApp) {
    let providers = |v: &Value| {
        v["objects"]
            .as_array()
            .expect("objects")
            .iter()
            .map(|p| {
                format!(
                    "{}/{}/{}",
                    p["providerName"].as_str().unwrap_or(""),
                    p["nikeServiceTypeCode"].as_str().unwrap_or(""),
                    p["serviceSCACCode"].as_str().unwrap_or("")
                )
            })
            .collect::<Vec<_>>()
    };
    let path = "/order_mgmt/shipment_service_providers/v1?type=CARRIER&serviceTypes=dropoff,pickup,paperless&country=";
    let (status, us) = app.get_json(&format!("{path}US"), None).await;
    assert_eq!(status, StatusCode::OK, "{us}");
    assert_eq!(providers(&us), ["UPS/CARRIER_DROP_OFF/UPSN", "UPS/PICK_UP/UPSN"]);
    let (_, gb) = app.get_json(&format!("{path}GB"), None).await;
    assert_eq!(providers(&gb), ["Royal Mail/CARRIER_DROP_OFF/RMGB", "Royal Mail/PAPERLESS/RMGB"]);
    let (_, de) = app.get_json(&format!("{path}de"), None).await;
    assert_eq!(providers(&de).len(), 4);
    let (_, it) = app.get_json(&format!("{path}IT"), None).await;
    assert_eq!(providers(&it), ["UPS/PICK_UP/UPSN", "SDA/PICK_UP/SDAI"]);
    let (_, fr) = app.get_json("/order_mgmt/shipment_service_providers/v1?country=FR&serviceTypes=pickup", None).await;
    assert_eq!(providers(&fr), ["La Poste/PICK_UP/LPFR"]);
    let (_, cn) = app.get_json(&format!("{path}CN"), None).await;
    assert!(providers(&cn).is_empty());
    for (query, field) in [
        ("country=USA", "country"),
        ("country=US&type=STORE", "type"),
        ("country=US&serviceTypes=teleport", "serviceTypes"),
    ] {
        let (status, answer) = app.get_json(&format!("/order_mgmt/shipment_service_providers/v1?{query}"), None).await;
        assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some(field)), "{query}");
    }
}
on_both_backends!(shipment_providers, shipment_service_providers_per_country);

async fn without_smtp_mail_goes_to_the_outbox(app: &TestApp) {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let mailer = server::mail::from_settings(
        None,
        server::mail::smtp::SMTP_TIMEOUT,
        "Orders <no-reply@orders.example>",
        connected.db.clone(),
    )
    .expect("mailer");
    assert_eq!(mailer.kind(), "outbox");
    let pdf = server::documents::render_return_label(&server::documents::ReturnLabel {
        return_order_number: "R100200300".into(),
        drop_off_code: "RM-ABCD-EFGH".into(),
        carrier_name: "Royal Mail".into(),
        ..Default::default()
    })
    .expect("label");
    let (subject, body) = server::mail::templates::compose(
        server::mail::templates::MailKind::ReturnLabel,
        "de-DE",
        &[("returnNumber", "R100200300"), ("carrier", "DHL")],
    );
    let mail = server::mail::OutgoingMail {
        to: "shopper@example.com".into(),
        subject,
        body,
        attachment: Some(server::mail::Attachment::pdf("return-label.pdf", pdf.clone())),
    };
    mailer.send(mail).await.expect("stored");
    let other = server::mail::OutgoingMail {
        to: "other@example.com".into(),
        subject: "x".into(),
        body: "y".into(),
        attachment: None,
    };
    mailer.send(other).await.expect("stored");
    let bad = server::mail::OutgoingMail {
        to: "not an address".into(),
        subject: "x".into(),
        body: "y".into(),
        attachment: None,
    };
    assert!(mailer.send(bad).await.is_err());
    connected.db.pool.close().await;

    let response = app
        .client
        .get(app.url("/ops/v1/outbox?to=shopper@example.com"))
        .header("x-ops-key", crate::helpers::OPS_KEY)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    let answer: Value = response.json().await.expect("json");
    let objects = answer["objects"].as_array().expect("objects");
    assert_eq!(objects.len(), 1);
    assert_eq!(objects[0]["subject"], "Dein Rücksendeetikett für R100200300");
    assert_eq!(objects[0]["attachmentName"], "return-label.pdf");
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(objects[0]["attachmentBase64"].as_str().expect("base64"))
        .expect("decode");
    assert_eq!(bytes, pdf);
    let (status, _) = app.get_json("/ops/v1/outbox", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
on_both_backends!(mail_outbox, without_smtp_mail_goes_to_the_outbox);

#[tokio::test]
async fn smtp_delivers_the_message_with_the_pdf_attached() {
    let (url, mut received) = crate::returns::smtp_server().await;
    // The mailer stores the message in the outbox of the app's database; its sender hands it over.
    let app = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite).await;
    let connected = server::db::connect(&app.database_url, 2).await.expect("connect");
    let mailer = server::mail::smtp::SmtpMailer::new(
        &url,
        server::mail::smtp::SMTP_TIMEOUT,
        "Orders <no-reply@orders.example>",
        connected.db.clone(),
    )
    .expect("mailer");
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let pdf = server::documents::render_return_label(&server::documents::ReturnLabel {
        return_order_number: "R55".into(),
        drop_off_code: "UP-AAAA-BBBB".into(),
        ..Default::default()
    })
    .expect("label");
    let mail = server::mail::OutgoingMail {
        to: "shopper@example.com".into(),
        subject: "Your return label for R55".into(),
        body: "Print the label.".into(),
        attachment: Some(server::mail::Attachment::pdf("return-R55.pdf", pdf.clone())),
    };
    use server::mail::Mailer;
    mailer.send(mail).await.expect("sent");
    let sender = mailer.spawn_delivery(stopped).expect("an SMTP mailer has a sender");
    let data = tokio::time::timeout(std::time::Duration::from_secs(10), received.recv())
        .await
        .expect("in time")
        .expect("data");
    assert!(data.contains("Subject: Your return label for R55"), "{data}");
    assert!(data.contains("To: shopper@example.com"));
    // Parse the MIME: find the boundary, then the attachment part, then its base64 body.
    let boundary =
        data.split("boundary=\"").nth(1).and_then(|rest| rest.split('"').next()).expect("multipart boundary");
    let part = data
        .split(&format!("--{boundary}"))
        .find(|part| part.contains("Content-Disposition: attachment"))
        .expect("an attachment part");
    assert!(part.contains("filename=\"return-R55.pdf\""), "{part}");
    assert!(part.contains("Content-Type: application/pdf"));
    let (_, encoded) = part.split_once("\n\n").expect("part body");
    let encoded: String = encoded.chars().filter(|c| !c.is_whitespace()).collect();
    let bytes = base64::engine::general_purpose::STANDARD.decode(encoded).expect("base64 body");
    assert_eq!(bytes, pdf);
    let _ = stop.send(true);
    let _ = sender.await;
    connected.db.pool.close().await;
    app.finish().await;
}
