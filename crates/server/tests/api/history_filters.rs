//! Issue 9: the member history found by order number and filtered by status and year, on the server.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, order, spawn_app_beside};
use crate::on_both_backends;

/// An order of `upm_id` whose lines have these raw statuses.
fn order_with(number: &str, upm_id: &str, date: &str, statuses: &[&str]) -> Value {
    let mut body = order(number, Some(upm_id), date);
    for (line, status) in statuses.iter().enumerate() {
        body["lines"][line]["status"] = json!(status);
    }
    body
}

/// Follows `pages.next` from `first`; returns the distinct order numbers in order, the pages walked and
/// the first page's body.
async fn walk(app: &TestApp, token: &str, first: &str) -> (Vec<String>, usize, Value) {
    let mut numbers: Vec<String> = Vec::new();
    let mut path = first.to_owned();
    let mut first_body = Value::Null;
    let mut pages = 0;
    loop {
        let (status, body) = app.get_json(&path, Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        if pages == 0 {
            first_body = body.clone();
        } else {
            assert!(body.get("orderYears").is_none(), "orderYears is on the first page only: {path}");
        }
        pages += 1;
        for item in body["orderItems"].as_array().into_iter().flatten() {
            let number = item["orderNumber"].as_str().unwrap_or_default().to_owned();
            if numbers.last() != Some(&number) {
                numbers.push(number);
            }
        }
        match body["pages"]["next"].as_str() {
            Some(next) => path = format!("/orders/history/v1?{next}&country=US&language=en"),
            None => break,
        }
        assert!(pages < 20, "paging does not end");
    }
    (numbers, pages, first_body)
}

async fn numbers(app: &TestApp, token: &str, query: &str) -> Vec<String> {
    walk(app, token, &format!("/orders/history/v1?{query}")).await.0
}

/// The member's orders: 12 in progress in 2025, one delivered in 2024, one cancelled on 1 January 2026
/// 03:00 UTC (still 2025 in New York), one delivered and returned in 2026, a partner order in 2023; and
/// another member's delivered 2025 order whose number shares the fragments tested.
async fn seed(app: &TestApp) -> String {
    seed_member(app).await.1
}

/// `seed`, with the member's id.
async fn seed_member(app: &TestApp) -> (String, String) {
    let (upm_id, token) = app.member("filters@example.com").await;
    let (other, _) = app.member("filters.other@example.com").await;
    for n in 1..=12 {
        let date = format!("2025-03-{n:02}T10:00:00Z");
        app.put_order(&order_with(&format!("C62000{n:02}"), &upm_id, &date, &["In Transit", "created"])).await;
    }
    app.put_order(&order_with("C6100001", &upm_id, "2024-06-01T10:00:00Z", &["Delivered", "DELIVERED"])).await;
    app.put_order(&order_with("C6300001", &upm_id, "2026-01-01T03:00:00Z", &["cancelled", "Pending-Cancel"])).await;
    app.put_order(&order_with("C6400001", &upm_id, "2026-05-01T10:00:00Z", &["RETURN_CREATED", "delivered"])).await;
    app.put_order(&order_with("C6200099", &other, "2025-07-01T10:00:00Z", &["Delivered", "Delivered"])).await;
    let mut partner = order_with("P6500001", &upm_id, "2023-02-01T10:00:00Z", &["shipped", "shipped"]);
    partner["orderType"] = json!("PARTNER_SALES_ORDER");
    partner["partnerName"] = json!("Runners Hub");
    app.put_order(&partner).await;
    (upm_id, token)
}

fn c620(range: std::ops::RangeInclusive<u32>) -> Vec<String> {
    range.rev().map(|n| format!("C62000{n:02}")).collect()
}

async fn each_filter_alone_and_combined_pages_through_the_members_orders_only(app: &TestApp) {
    let token = seed(app).await;

    let (in_progress, pages, first) = walk(app, &token, "/orders/history/v1?filter=status(inProgress)").await;
    assert_eq!(in_progress, c620(1..=12), "in-progress orders, newest first");
    assert_eq!(pages, 2, "12 orders at 10 a page");
    let next = first["pages"]["next"].as_str().unwrap_or_default();
    assert!(next.contains("filter=status(inProgress)") && next.contains("filter=orderType(SALES_ORDER)"), "{next}");
    assert_eq!(first["orderYears"], json!([2026, 2025, 2024]), "every year with a sales order, not only filtered ones");

    assert_eq!(numbers(app, &token, "filter=status(delivered)").await, ["C6400001", "C6100001"], "any line counts");
    assert_eq!(numbers(app, &token, "filter=status(cancelled)").await, ["C6300001"]);
    assert_eq!(numbers(app, &token, "filter=status(returned)").await, ["C6400001"]);

    // Year boundaries are those of the country's time zone (UTC without a country).
    let utc_2025 = numbers(app, &token, "filter=year(2025)").await;
    assert_eq!(utc_2025, c620(1..=12));
    let mut new_york_2025 = vec!["C6300001".to_owned()];
    new_york_2025.extend(c620(1..=12));
    assert_eq!(numbers(app, &token, "filter=year(2025)&country=US").await, new_york_2025);
    assert_eq!(numbers(app, &token, "filter=year(2026)").await, ["C6400001", "C6300001"]);
    assert_eq!(numbers(app, &token, "filter=year(2026)&country=US").await, ["C6400001"]);
    assert!(numbers(app, &token, "filter=year(2019)").await.is_empty());

    // The number: any part of 4 or more letters or digits, any case; another member's order never shows.
    assert_eq!(numbers(app, &token, "filter=orderNumber(6300001)").await, ["C6300001"]);
    assert_eq!(numbers(app, &token, "filter=orderNumber(c6400001)").await, ["C6400001"]);
    assert!(numbers(app, &token, "filter=orderNumber(C6200099)").await.is_empty(), "another member's order");
    assert!(numbers(app, &token, "filter=orderNumber(P6500001)").await.is_empty(), "partner orders are another list");

    // Combined: every condition holds; repeated or comma-separated filters read alike.
    let combined = "filter=orderNumber(c620000)&filter=status(inProgress)&filter=year(2025)";
    let (found, pages, _) = walk(app, &token, &format!("/orders/history/v1?{combined}")).await;
    assert_eq!((found, pages), (c620(1..=9), 1));
    let comma = numbers(app, &token, "filter=orderNumber(C620001),status(inProgress),year(2025)").await;
    assert_eq!(comma, c620(10..=12));
    assert_eq!(numbers(app, &token, "filter=status(delivered)&filter=year(2024)").await, ["C6100001"]);
    assert!(numbers(app, &token, "filter=status(inProgress)&filter=year(2024)").await.is_empty());

    // The partner list (with the member's consent to share, 000 §6) takes the same filters, and its years
    // are its own.
    app.share_partner_orders(&token, true).await;
    let (partner, _, first) =
        walk(app, &token, "/orders/history/v1?filter=orderType(PARTNER_SALES_ORDER)&filter=status(inProgress)").await;
    assert_eq!(partner, ["P6500001"]);
    assert_eq!(first["orderYears"], json!([2023]));

    // Unfiltered calls answer as before, with orderYears on the first page.
    let (all, pages, first) = walk(app, &token, "/orders/history/v1").await;
    assert_eq!((all.len(), pages), (15, 2));
    assert_eq!(first["orderYears"], json!([2026, 2025, 2024]));
    let next = first["pages"]["next"].as_str().unwrap_or_default();
    assert!(next.starts_with("anchor=") && next.ends_with("&filter=orderType(SALES_ORDER)&sort=orderSubmitDateDesc"));
}
on_both_backends!(filters_alone_and_combined, each_filter_alone_and_combined_pages_through_the_members_orders_only);

/// `orderYears` names the years that hold an order and no other: the years between the first and the last
/// order that hold none are left out, and the first and last years follow the country's time zone.
async fn order_years_leave_out_the_years_between_that_hold_no_order(app: &TestApp) {
    let (upm_id, token) = app.member("years.gaps@example.com").await;
    // 1 January 2021 03:00 UTC is still 2020 in New York; 1 January 2026 02:00 UTC is 2025 there.
    for (number, date) in [
        ("C8100001", "2021-01-01T03:00:00Z"),
        ("C8100002", "2023-06-01T10:00:00Z"),
        ("C8100003", "2026-01-01T02:00:00Z"),
    ] {
        app.put_order(&order_with(number, &upm_id, date, &["shipped", "shipped"])).await;
    }
    let years = |query: &'static str| {
        let token = token.clone();
        async move {
            let (status, body) = app.get_json(&format!("/orders/history/v1{query}"), Some(&token)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["orderYears"].clone()
        }
    };
    assert_eq!(years("").await, json!([2026, 2023, 2021]), "UTC: 2022, 2024 and 2025 hold no order");
    assert_eq!(years("?country=US").await, json!([2025, 2023, 2020]), "New York");

    // Two orders in neighbouring years, and one order alone.
    let (two_years, token_two) = app.member("years.two@example.com").await;
    app.put_order(&order_with("C8200001", &two_years, "2024-12-31T10:00:00Z", &["shipped", "shipped"])).await;
    app.put_order(&order_with("C8200002", &two_years, "2025-01-01T10:00:00Z", &["shipped", "shipped"])).await;
    let (status, body) = app.get_json("/orders/history/v1", Some(&token_two)).await;
    assert_eq!((status, &body["orderYears"]), (StatusCode::OK, &json!([2025, 2024])));
    let (one, token_one) = app.member("years.one@example.com").await;
    app.put_order(&order_with("C8300001", &one, "2022-03-01T10:00:00Z", &["shipped", "shipped"])).await;
    let (status, body) = app.get_json("/orders/history/v1", Some(&token_one)).await;
    assert_eq!((status, &body["orderYears"]), (StatusCode::OK, &json!([2022])));
}
on_both_backends!(order_years_gaps, order_years_leave_out_the_years_between_that_hold_no_order);

async fn bad_filters_answer_400_invalid_filter_saying_what_is_accepted(app: &TestApp) {
    let (_, token) = app.member("bad.filters@example.com").await;
    let cases = [
        ("filter=orderNumber(123)", "4 to 20 letters or digits"),
        ("filter=orderNumber(C001234567890123456789)", "4 to 20 letters or digits"),
        ("filter=orderNumber(C00%2512)", "4 to 20 letters or digits"),
        ("filter=orderNumber(C00_12)", "4 to 20 letters or digits"),
        ("filter=status(shipped)", "inProgress, delivered, cancelled or returned"),
        ("filter=year(1969)", "1970"),
        ("filter=year(2100)", "1970"),
        ("filter=year(twenty)", "1970"),
        ("filter=price(10)", "orderType, orderNumber, status and year"),
        ("filter=status(delivered)&filter=status(cancelled)", "more than once"),
        ("filter=year(2025),year(2024)", "more than once"),
        ("filter=email(a@example.com)", "guest"),
        ("filter=phoneNumber(14155550100)", "guest"),
        ("filter=status(delivered", "name(value)"),
    ];
    for (query, message) in cases {
        let (status, body) = app.get_json(&format!("/orders/history/v1?{query}"), Some(&token)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid-filter")), "{query}");
        let text = body.to_string();
        assert!(text.contains(message), "{query}: {text}");
    }
    let (status, _) = app.get_json("/orders/history/v1?filter=year(2027)", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "next year is accepted");
}
on_both_backends!(bad_filters, bad_filters_answer_400_invalid_filter_saying_what_is_accepted);

/// A second app process on the same database serves cached history pages; what the first process writes
/// shows there at once: a new order on page 1, an order that no longer matches a filter, a page that
/// now has a next page.
async fn another_process_sees_new_and_changed_orders_on_cached_pages_at_once(app: &TestApp) {
    let second = spawn_app_beside(app).await;
    let (upm_id, token) = app.member("two.process@example.com").await;
    for n in 1..=10 {
        let date = format!("2025-04-{n:02}T10:00:00Z");
        app.put_order(&order_with(&format!("C71000{n:02}"), &upm_id, &date, &["In Transit", "created"])).await;
    }
    let in_progress = "/orders/history/v1?filter=status(inProgress)";
    for _ in 0..2 {
        // Twice: the second answer comes from the second process's cache.
        let (numbers, pages, first) = walk(&second, &token, "/orders/history/v1").await;
        assert_eq!((numbers.len(), pages), (10, 1));
        assert_eq!(first["pages"]["next"], Value::Null);
        assert_eq!(walk(&second, &token, in_progress).await.0.len(), 10);
    }

    app.put_order(&order_with("C7200001", &upm_id, "2026-02-01T10:00:00Z", &["shipped", "shipped"])).await;
    // At once on SQLite; on PostgreSQL once the write's notification has arrived (ADR 0028).
    let listed_first =
        async || walk(&second, &token, "/orders/history/v1").await.0.first().is_some_and(|n| n == "C7200001");
    assert!(crate::helpers::seen(&second, listed_first).await, "the new order is on page 1");
    let (numbers, _, first) = walk(&second, &token, "/orders/history/v1").await;
    assert_eq!(numbers.first().map(String::as_str), Some("C7200001"), "the new order is on page 1 at once");
    assert!(first["pages"]["next"].is_string(), "page 1 now has a next page");
    assert_eq!(first["orderYears"], json!([2026, 2025]));
    assert_eq!(walk(&second, &token, in_progress).await.0.first().map(String::as_str), Some("C7200001"));

    // An order that no longer matches the filter leaves the cached filtered page at once.
    app.put_order(&order_with("C7100010", &upm_id, "2025-04-10T10:00:00Z", &["delivered", "delivered"])).await;
    let left = async || !walk(&second, &token, in_progress).await.0.contains(&"C7100010".to_owned());
    assert!(crate::helpers::seen(&second, left).await, "the order left the filtered page");
    let (numbers, _, _) = walk(&second, &token, in_progress).await;
    assert!(!numbers.contains(&"C7100010".to_owned()), "{numbers:?}");
    assert_eq!(numbers.len(), 10);
    let delivered = walk(&second, &token, "/orders/history/v1?filter=status(delivered)").await.0;
    assert_eq!(delivered, ["C7100010"]);
    second.finish().await;
}
on_both_backends!(two_process_cache, another_process_sees_new_and_changed_orders_on_cached_pages_at_once);

/// Issue 31: an order number typed as printed (spaces, hyphens) is found; a return number finds the
/// sales order it belongs to; letters keep their case and anything else is still refused.
async fn numbers_with_spaces_or_hyphens_and_return_numbers_find_their_order(app: &TestApp) {
    let (upm_id, token) = seed_member(app).await;
    let mut ret = order_with("R6400009", &upm_id, "2026-05-10T10:00:00Z", &["RETURN_CREATED", "RETURN_CREATED"]);
    ret["orderType"] = json!("RETURN_ORDER");
    ret["parentSalesOrderNumber"] = json!("C6400001");
    app.put_order(&ret).await;

    assert_eq!(numbers(app, &token, "filter=orderNumber(C63%2000-001)").await, ["C6300001"], "space and hyphen");
    assert_eq!(numbers(app, &token, "filter=orderNumber(C6+3000+01)").await, ["C6300001"], "+ is a space in a query");
    assert_eq!(numbers(app, &token, "filter=orderNumber(c6-4000-01)").await, ["C6400001"]);
    assert_eq!(numbers(app, &token, "filter=orderNumber(R6400009)").await, ["C6400001"], "the return's sales order");
    assert_eq!(numbers(app, &token, "filter=orderNumber(r64-00009)").await, ["C6400001"]);
    assert!(numbers(app, &token, "filter=orderNumber(R6400008)").await.is_empty());
    // The filter stays on the list's order type: the return order itself is never a row of the history.
    let all = numbers(app, &token, "filter=orderNumber(6400)").await;
    assert_eq!(all, ["C6400001"], "{all:?}");
    let next = walk(app, &token, "/orders/history/v1?filter=orderNumber(C62-000)").await;
    assert_eq!(next.0, c620(1..=12), "a stripped fragment pages like any other");
    assert!(next.2["pages"]["next"].as_str().unwrap_or_default().contains("orderNumber(c62000)"));

    for query in ["filter=orderNumber(C6-3)", "filter=orderNumber(C63_0001)", "filter=orderNumber(C63.0001)"] {
        let (status, body) = app.get_json(&format!("/orders/history/v1?{query}"), Some(&token)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid-filter")), "{query}");
    }
}
on_both_backends!(typed_and_return_numbers, numbers_with_spaces_or_hyphens_and_return_numbers_find_their_order);

/// Issue 31: the oldest order is reachable in one request (`sort=orderSubmitDateAsc`), and paging up
/// from it walks every order once, oldest first, filters included; a page link keeps the sort.
async fn oldest_first_pages_up_to_the_newest_order(app: &TestApp) {
    let token = seed(app).await;
    let (oldest, pages, first) = walk(app, &token, "/orders/history/v1?sort=orderSubmitDateAsc").await;
    let mut expected = vec!["C6100001".to_owned()];
    expected.extend(c620(1..=12).into_iter().rev());
    expected.extend(["C6300001".to_owned(), "C6400001".to_owned()]);
    assert_eq!(oldest, expected, "every sales order once, oldest first");
    assert_eq!(pages, 2, "15 orders at 10 a page");
    let next = first["pages"]["next"].as_str().unwrap_or_default();
    assert!(next.contains("sort=orderSubmitDateAsc"), "{next}");
    assert_eq!(first["orderYears"], json!([2026, 2025, 2024]), "the years stay newest first");
    let dates: Vec<&str> =
        first["orderItems"].as_array().into_iter().flatten().filter_map(|item| item["orderDate"].as_str()).collect();
    assert!(dates.windows(2).all(|pair| pair[0] <= pair[1]), "dates never go down: {dates:?}");

    let (newest, _, _) = walk(app, &token, "/orders/history/v1?sort=orderSubmitDateDesc").await;
    assert_eq!(newest, expected.iter().rev().cloned().collect::<Vec<_>>(), "the mirror of newest first");
    let filtered = numbers(app, &token, "filter=status(inProgress)&sort=orderSubmitDateAsc").await;
    assert_eq!(filtered, c620(1..=12).into_iter().rev().collect::<Vec<_>>());
    // Asked again, the pages come from the cache and the stored pages: the same answer.
    assert_eq!(walk(app, &token, "/orders/history/v1?sort=orderSubmitDateAsc").await.0, expected);

    let (status, body) = app.get_json("/orders/history/v1?sort=orderSubmitDateASC", Some(&token)).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid-query")));
}
on_both_backends!(oldest_first, oldest_first_pages_up_to_the_newest_order);
