//! The configuration service: `GET /config/v1/{country}` and the server refusing what a flag turns off,
//! so the page (which reads the configuration) and the API agree.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, Options, TestApp, order, spawn_app_with};
use crate::on_both_backends;

async fn config(app: &TestApp, country: &str) -> Value {
    let (status, body) = app.get_json(&format!("/config/v1/{country}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn the_configuration_answers_flags_and_country_data(app: &TestApp) {
    let response = app.get("/config/v1/kr", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "public, max-age=300");
    let etag = response.headers()["etag"].to_str().expect("etag").to_owned();
    let korea: Value = response.json().await.expect("json");
    assert_eq!(korea["country"], "kr");
    assert_eq!(korea["flags"]["enableCourierPickup"], true);
    assert_eq!(korea["flags"].as_object().map(serde_json::Map::len), Some(31), "every flag, by name");
    assert_eq!(korea["flags"]["enableDeferredPaymentV2"], false, "off unless a country or deployment turns it on");
    assert_eq!(korea["locale"]["currency"], "KRW");
    assert_eq!(korea["locale"]["hour12"], false);
    assert_eq!(korea["locale"]["formatGroup"], 2);
    assert!(korea["help"]["returnsPhone"].as_str().is_some_and(|phone| phone.starts_with("+82")));
    assert_ne!(korea["help"]["returnsPhone"], korea["help"]["phone"]);
    // No helpSite configured: the binary's own help pages (help_links_answer below).
    assert_eq!(korea["help"]["howToReturn"]["ko"], "/help/kr/ko/how-to-return");

    let revalidated =
        app.client.get(app.url("/config/v1/kr")).header("if-none-match", &etag).send().await.expect("get");
    assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED);
    let strong = etag.trim_start_matches("W/");
    let revalidated =
        app.client.get(app.url("/config/v1/kr")).header("if-none-match", strong).send().await.expect("get");
    assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED, "weak comparison");
    let other = app.client.get(app.url("/config/v1/jp")).header("if-none-match", &etag).send().await.expect("get");
    assert_eq!(other.status(), StatusCode::OK, "another country's ETag does not match");

    let germany = config(app, "DE").await;
    assert_eq!(germany["country"], "de");
    assert_eq!(germany["eu"], true);
    assert_eq!(germany["locale"]["currency"], "EUR");
    assert!(germany.get("specialHandling").is_none());
    let australia = config(app, "au").await;
    assert_eq!(australia["flags"]["isAustralia"], true);
    assert_eq!(australia["locale"]["tax"], json!({"name": "GST", "rateBasisPoints": 1000}));
    assert_eq!(australia["locale"]["hour12"], true);
    let canada = config(app, "ca").await;
    assert_ne!(canada["help"]["changeOrCancelOrder"]["fr"], canada["help"]["changeOrCancelOrder"]["en"]);

    // The country rules the web once kept in its components (ADR 0022): China's guest lookup asks for
    // the terms and fixes the calling code, its page reloads after a cancel; the calling codes offered
    // are every country's, this one's first.
    let china = config(app, "cn").await;
    assert_eq!(china["guestLookup"], json!({"termsRequired": true, "callingCodeFixed": true}));
    assert_eq!(china["reloadAfterCancel"], true);
    assert_eq!(china["locale"]["callingCode"], "86");
    assert_eq!(china["callingCodes"][0], json!({"country": "CN", "code": "86"}));
    let codes = china["callingCodes"].as_array().map_or(0, Vec::len);
    assert!(codes >= 55, "{codes} calling codes");
    assert!(china["callingCodes"].as_array().is_some_and(|all| all.contains(&json!({"country": "KR", "code": "82"}))));
    assert_eq!(germany["guestLookup"], json!({"termsRequired": false, "callingCodeFixed": false}));
    assert_eq!(germany["reloadAfterCancel"], false);
    assert_eq!(germany["locale"]["callingCode"], "49");
    assert_eq!(germany["callingCodes"][0], json!({"country": "DE", "code": "49"}));

    for unknown in ["zz", "usa", "u-s"] {
        let body = config(app, unknown).await;
        assert_eq!(body["country"], "us", "{unknown} answers the default country's");
    }
    let body = config(app, "us").await;
    assert!(body.to_string().len() < 4096, "small: {} bytes", body.to_string().len());
}
on_both_backends!(config_endpoint, the_configuration_answers_flags_and_country_data);

async fn flags_turned_off_by_country_data_refuse_their_calls(app: &TestApp) {
    // China's data turns the gift card lookup, shop similar and partner orders off.
    let china = config(app, "cn").await;
    assert_eq!(china["flags"]["disableGiftCardLookup"], true);
    assert_eq!(china["flags"]["enableShopSimilar"], false);
    assert_eq!(china["flags"]["enablePartnerOrders"], false);
    let card = json!({"accountNumber": "6060123456789012345", "pin": "123456", "currency": "CNY"});
    let (status, body) = app.post_json("/payment/giftcard_balance/v1?country=cn", &card, false).await;
    assert_eq!(
        (status, &body["code"], &body["field"]),
        (StatusCode::NOT_FOUND, &json!("feature-disabled"), &json!("disableGiftCardLookup"))
    );
    let (status, body) = app.post_json("/payment/giftcard_balance/v1?country=us", &card, false).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "on in the US: an unknown card, not a disabled feature: {body}");

    let (status, body) = app.get_json("/orders/shopsimilar/v2/SR4-001?country=cn", None).await;
    assert_eq!((status, &body["code"]), (StatusCode::NOT_FOUND, &json!("feature-disabled")));
    let (status, _) = app.get_json("/orders/shopsimilar/v2/SR4-001?country=us", None).await;
    assert_eq!(status, StatusCode::OK);

    let (_, token) = app.member("config.partner@example.com").await;
    let partner = "/orders/history/v1?filter=orderType(PARTNER_SALES_ORDER)";
    let (status, body) = app.get_json(&format!("{partner}&country=cn"), Some(&token)).await;
    assert_eq!((status, &body["field"]), (StatusCode::NOT_FOUND, &json!("enablePartnerOrders")));
    let (status, _) = app.get_json(&format!("{partner}&country=us"), Some(&token)).await;
    assert_eq!(status, StatusCode::OK);

    // Write a review is off by default: the registration is refused.
    let response = crate::services::register_reviewer(app, &token, "config.partner@example.com").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}
on_both_backends!(flags_by_country, flags_turned_off_by_country_data_refuse_their_calls);

/// The deployment turns the gift card lookup off everywhere (as `ORDERS_FLAG_DISABLE_GIFT_CARD_LOOKUP=true`
/// or `--flag disableGiftCardLookup=true` do): the configuration and the call change together.
async fn a_deployment_override_changes_configuration_and_api_together(app: &TestApp) {
    for country in ["us", "gb", "zz"] {
        assert_eq!(config(app, country).await["flags"]["disableGiftCardLookup"], true, "{country}");
    }
    let card = json!({"accountNumber": "6060123456789012345", "pin": "123456", "currency": "USD"});
    for path in ["/payment/giftcard_balance/v1", "/payment/giftcard_balance/v1?country=gb"] {
        let (status, body) = app.post_json(path, &card, false).await;
        assert_eq!((status, &body["code"]), (StatusCode::NOT_FOUND, &json!("feature-disabled")), "{path}");
    }
}

fn gift_cards_off(settings: &mut server::config::Settings) {
    settings.flags.push("disableGiftCardLookup=true".to_owned());
}

on_both_backends!(
    deployment_override,
    a_deployment_override_changes_configuration_and_api_together,
    Options { configure: Some(gift_cards_off), ..Options::default() }
);

/// The deployment turns the phone lookup off: a guest's phone is refused as a credential everywhere,
/// while the e-mail still works.
async fn without_sms_lookup_a_phone_is_no_credential(app: &TestApp) {
    assert_eq!(config(app, "us").await["flags"]["enableSmsLookup"], false);
    let (status, body) =
        app.get_json("/orders/history/v1/C9000001?filter=phoneNumber(15035550100)&country=us", None).await;
    assert_eq!((status, &body["field"]), (StatusCode::NOT_FOUND, &json!("enableSmsLookup")));
    let (status, body) = app.get_json("/orders/history/v1/C9000001?filter=email(nobody@example.com)", None).await;
    assert_eq!((status, &body["code"]), (StatusCode::NOT_FOUND, &json!("service-order-detail-failure")));
}

/// enableDeferredPaymentV2 (002 §7 "v2 by flag") is served like every other flag, so the web can choose the
/// v2 form endpoint by it.
fn deferred_payment_v2_on(settings: &mut server::config::Settings) {
    settings.flags.push("enableDeferredPaymentV2=true".to_owned());
}

#[tokio::test]
async fn deferred_payment_v2_is_served_sqlite() {
    let options = Options { configure: Some(deferred_payment_v2_on), ..Options::default() };
    let app = spawn_app_with(Backend::Sqlite, options).await;
    for country in ["cn", "nl", "us"] {
        assert_eq!(config(&app, country).await["flags"]["enableDeferredPaymentV2"], true, "{country}");
    }
    app.finish().await;
}

fn sms_off(settings: &mut server::config::Settings) {
    settings.flags.push("enableSmsLookup=false".to_owned());
}

#[tokio::test]
async fn sms_lookup_off_sqlite() {
    let options = Options { configure: Some(sms_off), ..Options::default() };
    let app = spawn_app_with(Backend::Sqlite, options).await;
    without_sms_lookup_a_phone_is_no_credential(&app).await;
    app.finish().await;
}

/// The order flows obey their flags on the server (issue 8: a flag that hides a feature in the page also
/// refuses its API): returns, curbside and deferred payment answer 404 `feature-disabled` when turned off.
async fn order_flows_refuse_their_calls_when_their_flags_are_off(app: &TestApp) {
    let (upm_id, token) = app.member("flags.off@example.com").await;
    let mut delivered = order("C4800001", Some(&upm_id), "2026-11-01T10:00:00Z");
    delivered["lines"][0]["status"] = json!("Delivered");
    app.put_order(&delivered).await;
    let (status, options) = app.get_json("/order_mgmt/return_options/v1/C4800001", Some(&token)).await;
    assert_eq!((status, &options["code"]), (StatusCode::NOT_FOUND, &json!("feature-disabled")), "{options}");
    let capture = json!({"orderNumber": "C4800001", "returnMethod": "returnToStore",
        "orderLines": [{"lineNumber": 1, "quantity": 1, "reasonCode": "1"}]});
    let response = app
        .client
        .post(app.url("/order_mgmt/user_return_captures/v1"))
        .bearer_auth(&token)
        .json(&capture)
        .send()
        .await
        .expect("capture");
    let status = response.status();
    let body: Value = response.json().await.expect("json");
    assert_eq!((status, &body["code"]), (StatusCode::NOT_FOUND, &json!("feature-disabled")), "{body}");
    let (status, offer) = app.get_json("/store/curbside_offers/v1/C4800001", Some(&token)).await;
    assert_eq!((status, &offer["code"]), (StatusCode::NOT_FOUND, &json!("feature-disabled")), "{offer}");
    let pay = json!({"request": {"approvalId": "AP1", "experienceType": "DESKTOP", "orderNumber": "C4800001",
        "returnURL": "/orders"}});
    let response = app
        .client
        .post(app.url("/payment/deferred_payment_forms/v1"))
        .bearer_auth(&token)
        .json(&pay)
        .send()
        .await
        .expect("pay");
    let status = response.status();
    let body: Value = response.json().await.expect("json");
    assert_eq!((status, &body["code"]), (StatusCode::NOT_FOUND, &json!("feature-disabled")), "{body}");
}

fn order_flows_off(settings: &mut server::config::Settings) {
    for flag in ["disableReturns=true", "enableCurbsidePickup=false", "enableDeferredPayment=false"] {
        settings.flags.push(flag.to_owned());
    }
}

#[tokio::test]
async fn order_flows_obey_their_flags_sqlite() {
    let options = Options { configure: Some(order_flows_off), ..Options::default() };
    let app = spawn_app_with(Backend::Sqlite, options).await;
    order_flows_refuse_their_calls_when_their_flags_are_off(&app).await;
    app.finish().await;
}

/// Without a `[brand]` section the configuration carries the product's own look and no name (the app
/// shows its translated one), and there is no logo to serve.
async fn without_a_brand_the_product_look_is_answered(app: &TestApp) {
    let body = config(app, "us").await;
    assert_eq!(
        body["brand"],
        json!({"colors": {"primary": "#111111", "onPrimary": "#ffffff", "accent": "#111111", "background": "#f5f5f5"}})
    );
    let (status, body) = app.get_json("/config/v1/brand/logo", None).await;
    assert_eq!((status, &body["code"]), (StatusCode::NOT_FOUND, &json!("not-found")), "{body}");
}
on_both_backends!(brand_default, without_a_brand_the_product_look_is_answered);

/// The shipped example (deploy/brand-example.toml): the brand is in every country's configuration (and so
/// in its ETag), and the logo file is served with its type, a year's cache and its own ETag.
async fn a_configured_brand_is_answered_and_its_logo_served(app: &TestApp) {
    let response = app.get("/config/v1/gb", None).await;
    let etag = response.headers()["etag"].to_str().expect("etag").to_owned();
    let body: Value = response.json().await.expect("json");
    let brand = &body["brand"];
    assert_eq!(brand["name"], "Trailhead Outfitters");
    assert_eq!(
        brand["colors"],
        json!({"primary": "#1f5135", "onPrimary": "#ffffff", "accent": "#1d5a8a", "background": "#f6f3ec"})
    );
    assert_eq!(config(app, "jp").await["brand"], *brand, "one brand for every country");
    let logo_url = brand["logoUrl"].as_str().expect("logoUrl");
    assert!(logo_url.starts_with("/config/v1/brand/logo?v="), "{logo_url}");

    let plain = spawn_app_with(Backend::Sqlite, Options::default()).await;
    let plain_etag = plain.get("/config/v1/gb", None).await.headers()["etag"].to_str().expect("etag").to_owned();
    plain.finish().await;
    assert_ne!(etag, plain_etag, "the brand is part of the ETag");

    let logo = app.get(logo_url, None).await;
    assert_eq!(logo.status(), StatusCode::OK);
    assert_eq!(logo.headers()["content-type"], "image/svg+xml");
    assert_eq!(logo.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(logo.headers()["x-content-type-options"], "nosniff");
    assert!(logo.headers()["content-security-policy"].to_str().is_ok_and(|csp| csp.contains("sandbox")));
    let logo_etag = logo.headers()["etag"].to_str().expect("etag").to_owned();
    assert!(logo_url.ends_with(logo_etag.trim_matches('"')), "the URL is versioned by the file's digest");
    let bytes = logo.bytes().await.expect("bytes");
    let shipped = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/brand-example-logo.svg"))
        .expect("the example logo");
    assert_eq!(bytes.as_ref(), shipped.as_slice());
    let again =
        app.client.get(app.url("/config/v1/brand/logo")).header("if-none-match", &logo_etag).send().await.expect("get");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
}

pub(crate) fn example_brand(settings: &mut server::config::Settings) {
    settings.config_file = Some(concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/brand-example.toml").into());
}

on_both_backends!(
    brand_configured,
    a_configured_brand_is_answered_and_its_logo_served,
    Options { configure: Some(example_brand), ..Options::default() }
);

/// Analytics (issue 31): `/config` says where the web app's events go; `[analytics]` in the configuration
/// file turns them off or names another data layer, and a name that is not an identifier is refused.
#[tokio::test]
async fn the_configuration_says_where_analytics_events_go() {
    let plain = spawn_app_with(Backend::Sqlite, Options::default()).await;
    assert_eq!(config(&plain, "us").await["analytics"], json!({"enabled": true, "dataLayer": "dataLayer"}));
    plain.finish().await;

    fn off(settings: &mut server::config::Settings) {
        let path = std::env::temp_dir().join(format!("orders-analytics-{}.toml", std::process::id()));
        std::fs::write(&path, "[analytics]\nenabled = false\ndataLayer = \"shopEvents\"\n").expect("write");
        settings.config_file = Some(path);
    }
    let app = spawn_app_with(Backend::Sqlite, Options { configure: Some(off), ..Options::default() }).await;
    assert_eq!(config(&app, "gb").await["analytics"], json!({"enabled": false, "dataLayer": "shopEvents"}));
    app.finish().await;

    let path = std::env::temp_dir().join(format!("orders-analytics-bad-{}.toml", std::process::id()));
    std::fs::write(&path, "[analytics]\ndataLayer = \"window.x; alert(1)\"\n").expect("write");
    let error = server::settings::SiteSettings::load(Some(&path), Vec::new(), &[]).expect_err("refused");
    assert!(error.to_string().contains("analytics.dataLayer"), "{error}");
}

/// Every help link `/config` serves without a configured helpSite leads to a page this binary serves (issue
/// 33: no dead link in the demo): simple HTML in the link's language, no script.
async fn help_links_answer(app: &TestApp) {
    for country in ["us", "ca", "de", "jp", "kr", "br", "ch", "ae"] {
        let body = config(app, country).await;
        let help = &body["help"];
        let mut links: Vec<String> = ["generic", "contact", "returnsPolicy"]
            .iter()
            .filter_map(|name| help[*name].as_str().map(str::to_owned))
            .collect();
        for article in ["changeOrCancelOrder", "howToReturn"] {
            let variants = help[article].as_object().expect("an article's variants");
            assert!(!variants.is_empty(), "{country}: {article} has a page per language");
            links.extend(variants.values().filter_map(|link| link.as_str().map(str::to_owned)));
        }
        assert!(links.len() >= 5, "{country}: {links:?}");
        for link in links {
            assert!(link.starts_with("/help/"), "{country}: {link}");
            let response = app.get(&link, None).await;
            assert_eq!(response.status(), StatusCode::OK, "{country}: {link}");
            assert!(response.headers()["content-type"].to_str().unwrap_or("").starts_with("text/html"), "{link}");
            let html = response.text().await.expect("html");
            assert!(html.contains("<html lang=\"") && html.contains("<h1>"), "{link}: {html}");
            assert!(!html.contains("<script"), "{link}");
        }
    }
    // German in Switzerland reads German; a topic or country that is not there is a 404.
    let swiss = app.get("/help/ch/de/returns-policy", None).await.text().await.expect("html");
    assert!(swiss.contains("<html lang=\"de\""), "{swiss}");
    // The web app's fallback links (no configuration loaded) lead to the same pages.
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    for (link, to) in [
        ("/help?country=de&language=de", "/help/de/de"),
        ("/help/contact?country=ca&language=fr", "/help/ca/fr/contact"),
        ("/help/contact?country=zz&language=xx", "/help/us/en/contact"),
        ("/help/returns-policy", "/help/us/en/returns-policy"),
    ] {
        let response = client.get(app.url(link)).send().await.expect("request");
        assert_eq!(response.status(), StatusCode::SEE_OTHER, "{link}");
        assert_eq!(response.headers()["location"], to, "{link}");
        assert_eq!(app.get(to, None).await.status(), StatusCode::OK, "{to}");
    }
    for missing in ["/help/de/de/nothing", "/help/zz/en/contact", "/help/de/ja/contact", "/help/nothing"] {
        assert_eq!(app.get(missing, None).await.status(), StatusCode::NOT_FOUND, "{missing}");
    }
}
on_both_backends!(own_help_pages, help_links_answer);
