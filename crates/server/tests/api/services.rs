//! Services around an order: the catalogue feed and shop similar, the bag behind buy again, and the
//! review provider's signed registration.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Options, TestApp};
use crate::on_both_backends;

fn product(style_color: &str, category: &str, colour: &str, price: &str, in_stock: bool) -> Value {
    json!({
        "productId": format!("P-{style_color}"), "styleColor": style_color, "title": format!("Item {style_color}"),
        "subtitle": category, "category": category, "colour": colour,
        "sizes": [{"size": "9", "skuId": format!("{style_color}-9"), "inStock": in_stock},
                  {"size": "10", "skuId": format!("{style_color}-10"), "inStock": false}],
        "prices": [{"currency": "USD", "price": price, "msrp": price}],
        "image": format!("/images/products/{style_color}.svg"), "inStock": in_stock, "popularity": 5
    })
}

async fn feed_catalogue(app: &TestApp) {
    for body in [
        product("SR4-001", "Men's Road Running Shoes", "Black/White", "130.00", true),
        product("SR4-011", "Men's Road Running Shoes", "Volt/Grey", "130.00", true),
        product("TPG-001", "Men's Trail Running Shoes", "Black/Orange", "160.00", true),
        product("SW4-001", "Women's Road Running Shoes", "Black/White", "130.00", true),
        product("HE2-001", "Men's Basketball Shoes", "Black/White", "150.00", false),
        product("DTT-001", "Men's Short-Sleeve Training Top", "Black", "35.00", true),
    ] {
        let (status, answer) = app.post_json("/ops/v1/products", &body, true).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
}

async fn shop_similar_answers_in_stock_products_of_the_same_kind_closest_first(app: &TestApp) {
    feed_catalogue(app).await;
    let (status, answer) = app.get_json("/orders/shopsimilar/v2/SR4-001?currency=USD", None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let styles: Vec<&str> =
        answer["objects"].as_array().into_iter().flatten().filter_map(|o| o["styleColor"].as_str()).collect();
    assert_eq!(styles, ["TPG-001", "SR4-011"], "men's shoes in stock, the item itself left out, black first");
    let first = &answer["objects"][0];
    for field in ["image", "pid", "slug", "styleColor", "subtitle", "title"] {
        assert!(first[field].is_string(), "{field} in {first}");
    }
    // Each tile's price in the currency asked for (walk minor 13).
    assert_eq!((&first["price"], &first["currency"]), (&json!(160.0), &json!("USD")), "{first}");
    let (_, in_euros) = app.get_json("/orders/shopsimilar/v2/SR4-001?currency=EUR", None).await;
    let first = &in_euros["objects"][0];
    assert!(first["styleColor"].is_string() && first["price"].is_null(), "no EUR price in this catalogue: {in_euros}");
    assert_eq!(first["currency"], "EUR");
    let (_, unknown) = app.get_json("/orders/shopsimilar/v2/NOPE-001", None).await;
    assert_eq!(unknown["objects"], json!([]));
    let (status, _) = app.get_json("/orders/shopsimilar/v2/bad%20code", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
on_both_backends!(shop_similar, shop_similar_answers_in_stock_products_of_the_same_kind_closest_first);

/// The contract test found it: a product naming one SKU for two sizes broke the SKU table's key (500).
async fn a_product_naming_one_sku_twice_is_refused_and_stores_nothing(app: &TestApp) {
    let mut body = product("DUP-001", "Men's Road Running Shoes", "Black", "130.00", true);
    body["sizes"][1]["skuId"] = json!("DUP-001-9");
    let (status, answer) = app.post_json("/ops/v1/products", &body, true).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["code"], "validation-failed");
    assert_eq!(answer["field"], "sizes[1].skuId");
    let (status, answer) = app
        .post_json("/ops/v1/products", &product("DUP-001", "Men's Road Running Shoes", "Black", "130.00", true), true)
        .await;
    assert_eq!(status, StatusCode::CREATED, "nothing was kept of the refused one: {answer}");
}
on_both_backends!(duplicate_sku, a_product_naming_one_sku_twice_is_refused_and_stores_nothing);

async fn post_bag(
    app: &TestApp,
    body: &Value,
    token: Option<&str>,
    cookie: Option<&str>,
) -> (StatusCode, Value, Option<String>) {
    let mut request = app.request(reqwest::Method::POST, "/cart/v1/items?currency=USD", token, Some(body));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    let set_cookie = response
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").to_owned());
    (status, response.json().await.unwrap_or(Value::Null), set_cookie)
}

async fn buy_again_adds_to_the_members_bag_and_refuses_what_cannot_be_bought(app: &TestApp) {
    feed_catalogue(app).await;
    let (_, token) = app.member("bag@example.com").await;
    let (status, bag, _) = post_bag(app, &json!({"skuId": "SR4-001-9", "quantity": 1}), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{bag}");
    assert_eq!(
        bag["items"],
        json!([{"skuId": "SR4-001-9", "quantity": 1, "priceInfo": {"price": 130.0, "msrp": 130.0}}])
    );
    assert_eq!(bag["currency"], "USD");
    assert_eq!(bag["totals"]["quantity"], 1);
    assert_eq!(bag["addedItem"]["size"], "9");
    assert_eq!(bag["addedItem"]["totalItemCount"], 1);
    let (status, again, _) = post_bag(app, &json!({"skuId": "SR4-001-9", "quantity": 1}), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again["items"][0]["quantity"], 2);
    let (status, sold_out, _) = post_bag(app, &json!({"skuId": "SR4-001-10", "quantity": 1}), Some(&token), None).await;
    assert_eq!((status, sold_out["code"].as_str()), (StatusCode::CONFLICT, Some("out-of-stock")));
    let (status, unknown, _) = post_bag(app, &json!({"skuId": "NOPE-9", "quantity": 1}), Some(&token), None).await;
    assert_eq!((status, unknown["message"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("No pricing info")));
    let (status, _, _) = post_bag(app, &json!({"skuId": "SR4-001-9", "quantity": 0}), Some(&token), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, bag) = app.get_json("/cart/v1?currency=USD", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bag["totals"]["quantity"], 2);
    let (_, other) = app.member("other.bag@example.com").await;
    let (_, empty) = app.get_json("/cart/v1?currency=USD", Some(&other)).await;
    assert_eq!(empty["items"], json!([]), "another member's bag is their own");
}
on_both_backends!(member_bag, buy_again_adds_to_the_members_bag_and_refuses_what_cannot_be_bought);

async fn a_guest_bag_follows_its_signed_cookie_and_parallel_adds_keep_the_limit(app: &TestApp) {
    feed_catalogue(app).await;
    let (status, _, cookie) = post_bag(app, &json!({"skuId": "DTT-001-9", "quantity": 1}), None, None).await;
    assert_eq!(status, StatusCode::OK);
    let cookie = cookie.expect("a guest gets a bag cookie");
    let body = json!({"skuId": "DTT-001-9", "quantity": 1});
    let adds = (0..15).map(|_| post_bag(app, &body, None, Some(&cookie)));
    let results = futures_util::future::join_all(adds).await;
    let added = results.iter().filter(|(status, _, _)| *status == StatusCode::OK).count();
    assert_eq!(added, 9, "ten units at most, counted exactly under parallel adds");
    let response =
        app.client.get(app.url("/cart/v1?currency=USD")).header("cookie", &cookie).send().await.expect("bag");
    let bag: Value = response.json().await.expect("json");
    assert_eq!(bag["totals"]["quantity"], 10);
    let forged = cookie.replace(|c: char| c.is_ascii_digit(), "0");
    let response = app.client.get(app.url("/cart/v1?currency=USD")).header("cookie", forged).send().await.expect("bag");
    let forged_bag: Value = response.json().await.expect("json");
    assert_eq!(forged_bag["items"], json!([]), "a cookie whose signature does not hold names no bag");
}
on_both_backends!(guest_bag, a_guest_bag_follows_its_signed_cookie_and_parallel_adds_keep_the_limit);

/// A reviewer registration of the member (Rae Viewer, e-mail confirmed, issued now).
fn reviewer_registration(app: &TestApp, token: &str, email: &str) -> Value {
    let issued_at = app.clock.now_ms() / 1000;
    json!({"user_auth_token": token, "first_name": "Rae", "last_name": "Viewer", "nick_name": "rae",
           "email": email, "email_confirmed": true, "issued_at": issued_at})
}

/// Sends `registration` as the member with `token`.
async fn post_registration(app: &TestApp, token: &str, registration: &Value) -> reqwest::Response {
    app.send(reqwest::Method::POST, "/reviews/v1/registrations", Some(token), Some(registration)).await
}

/// The member registers as a reviewer.
pub(crate) async fn register_reviewer(app: &TestApp, token: &str, email: &str) -> reqwest::Response {
    post_registration(app, token, &reviewer_registration(app, token, email)).await
}

async fn a_review_registration_is_signed_and_the_link_opens_only_with_it(app: &TestApp) {
    let (upm_id, token) = app.member("reviewer@example.com").await;
    let registration = reviewer_registration(app, &token, "reviewer@example.com");
    let issued_at = &registration["issued_at"];
    let response = post_registration(app, &token, &registration).await;
    assert_eq!(response.status(), StatusCode::OK);
    let answer: Value = response.json().await.expect("json");
    let signature = answer["signature"].as_str().expect("signature").to_owned();
    let page = app
        .get(
            &format!("/sandbox/reviews/write?upmId={upm_id}&issuedAt={issued_at}&signature={signature}&title=Runner"),
            None,
        )
        .await;
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap_or_default().contains("Write a review: Runner"));
    let tampered = app
        .get(&format!("/sandbox/reviews/write?upmId=someone-else&issuedAt={issued_at}&signature={signature}"), None)
        .await;
    assert_eq!(tampered.status(), StatusCode::UNAUTHORIZED);
    let (_, other_token) = app.member("other.reviewer@example.com").await;
    let response = post_registration(app, &other_token, &registration).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "the token in the body must be the caller's own");

    // A browser signed in by its session cookie cannot read a token: it sends an empty one, and the
    // answer's link opens the provider's page.
    let mut cookie_registration = registration.clone();
    cookie_registration["user_auth_token"] = json!("");
    let response = post_registration(app, &token, &cookie_registration).await;
    let answer: Value = response.json().await.expect("json");
    let link = answer["link"].as_str().expect("link");
    assert_eq!(app.get(link, None).await.status(), StatusCode::OK, "{link}");
}
/// Write-a-review is off by default (`enableWriteReview`): these apps turn it on.
fn with_reviews(settings: &mut server::config::Settings) {
    settings.flags.push("enableWriteReview=true".to_owned());
}
on_both_backends!(
    review_registration,
    a_review_registration_is_signed_and_the_link_opens_only_with_it,
    Options { configure: Some(with_reviews), ..Options::default() }
);
