use std::collections::HashSet;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, order};
use crate::on_both_backends;

/// Walks every page from the first, following `pages.next`, and returns the items in order.
async fn all_pages(app: &TestApp, token: &str, first: &str) -> (Vec<Value>, usize) {
    let mut items = Vec::new();
    let mut path = first.to_owned();
    let mut pages = 0;
    loop {
        let (status, body) = app.get_json(&path, Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        pages += 1;
        items.extend(body["orderItems"].as_array().cloned().unwrap_or_default());
        match body["pages"]["next"].as_str() {
            Some(next) => path = format!("/orders/history/v1?{next}&country=US&language=en"),
            None => break,
        }
        assert!(pages < 50, "paging does not end");
    }
    (items, pages)
}

async fn the_history_lists_only_the_members_lines_newest_order_first_across_pages(app: &TestApp) {
    let (upm_id, token) = app.member("history@example.com").await;
    let (other, _) = app.member("someone.else@example.com").await;
    for day in 1..=25 {
        let number = format!("C51{day:05}");
        app.put_order(&order(&number, Some(&upm_id), &format!("2026-10-{day:02}T08:00:00Z"))).await;
    }
    // Two orders at the same instant are ordered by number and neither is lost at a page boundary.
    app.put_order(&order("C5200001", Some(&upm_id), "2026-10-10T08:00:00Z")).await;
    app.put_order(&order("C5900001", Some(&other), "2026-10-30T08:00:00Z")).await;
    let mut partner = order("P5000001", Some(&upm_id), "2026-10-31T08:00:00Z");
    partner["orderType"] = json!("PARTNER_SALES_ORDER");
    partner["partnerName"] = json!("Runners Hub");
    app.put_order(&partner).await;

    let (items, pages) =
        all_pages(app, &token, "/orders/history/v1?filter=orderType(SALES_ORDER)&sort=orderSubmitDateDesc").await;
    assert_eq!(pages, 3, "26 orders at 10 orders a page");
    assert_eq!(items.len(), 52, "two lines per order");
    let numbers: Vec<&str> = items.iter().filter_map(|item| item["orderNumber"].as_str()).collect();
    let mut distinct: Vec<&str> = Vec::new();
    for number in &numbers {
        if distinct.last() != Some(number) {
            distinct.push(number);
        }
    }
    assert_eq!(distinct.len(), 26, "each order appears once, its lines together");
    assert_eq!(distinct.iter().collect::<HashSet<_>>().len(), 26);
    assert_eq!(distinct[0], "C5100025", "newest first");
    let dates: Vec<&str> = items.iter().filter_map(|item| item["orderDate"].as_str()).collect();
    assert!(dates.windows(2).all(|pair| pair[0] >= pair[1]), "dates never go up");
    assert!(!numbers.contains(&"C5900001"), "another member's order is never listed");
    assert!(!numbers.contains(&"P5000001"), "partner orders are a separate list");
    assert!(items.iter().all(|item| item["lineItemStatus"]["simpleStatus"].is_string()));

    let (default_items, _) = all_pages(app, &token, "/orders/history/v1").await;
    assert_eq!(default_items.len(), items.len(), "SALES_ORDER is the default filter");

    // Partner orders only while the member shares their order data with partners (000 §6).
    let partner_list = "/orders/history/v1?filter=orderType(PARTNER_SALES_ORDER)";
    let (partner_items, _) = all_pages(app, &token, partner_list).await;
    assert!(partner_items.is_empty(), "no consent given: no partner order is listed");
    app.share_partner_orders(&token, true).await;
    let (partner_items, _) = all_pages(app, &token, partner_list).await;
    assert_eq!(partner_items.len(), 2);
    assert_eq!(partner_items[0]["partnerName"], "Runners Hub");
    app.share_partner_orders(&token, false).await;
    let (status, withdrawn) = app.get_json(partner_list, Some(&token)).await;
    assert_eq!((status, &withdrawn["orderItems"]), (StatusCode::OK, &json!([])), "withdrawn: {withdrawn}");
    assert_eq!(withdrawn["orderYears"], json!([]), "{withdrawn}");
}
on_both_backends!(paging, the_history_lists_only_the_members_lines_newest_order_first_across_pages);

async fn an_empty_history_is_200_with_no_next_page(app: &TestApp) {
    let (_, token) = app.member("empty@example.com").await;
    let (status, body) = app.get_json("/orders/history/v1", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!({"orderItems": [], "pages": {"next": null}, "orderYears": []}));
}
on_both_backends!(empty, an_empty_history_is_200_with_no_next_page);

async fn history_needs_a_member_and_well_formed_queries(app: &TestApp) {
    let (status, body) = app.get_json("/orders/history/v1", None).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("unauthorized")));
    let (_, token) = app.member("queries@example.com").await;
    let cases = [
        ("filter=orderType(GIFT)", "invalid-filter"),
        ("filter=email(a@example.com)", "invalid-filter"),
        ("filter=orderType(SALES_ORDER", "invalid-filter"),
        ("anchor=%%%", "invalid-query"),
        ("anchor=bm90LWEtY3Vyc29y", "invalid-query"),
        ("sort=price", "invalid-query"),
    ];
    for (query, code) in cases {
        let (status, body) = app.get_json(&format!("/orders/history/v1?{query}"), Some(&token)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{query}");
    }
}
on_both_backends!(history_input, history_needs_a_member_and_well_formed_queries);

/// Issue 31: each row carries its order's total and status as the detail shows them, so a history card
/// per order shows them without summing or guessing; a cancelled order's status is red.
async fn rows_carry_the_orders_total_and_status_as_the_detail_has_them(app: &TestApp) {
    let (upm_id, token) = app.member("cards@example.com").await;
    app.put_order(&order("C5300001", Some(&upm_id), "2026-10-01T08:00:00Z")).await;
    let mut cancelled = order("C5300002", Some(&upm_id), "2026-10-02T08:00:00Z");
    cancelled["lines"][0]["status"] = json!("cancelled");
    cancelled["lines"][1]["status"] = json!("cancelled");
    app.put_order(&cancelled).await;
    // Twice: the first page is rendered from the records or the ready rows, then answered from the cache.
    for _ in 0..2 {
        let (status, body) = app.get_json("/orders/history/v1", Some(&token)).await;
        assert_eq!(status, StatusCode::OK);
        let items = body["orderItems"].as_array().cloned().unwrap_or_default();
        assert_eq!(items.len(), 4);
        for item in &items {
            let number = item["orderNumber"].as_str().unwrap_or_default();
            let (_, detail) = app.get_json(&format!("/orders/history/v1/{number}"), Some(&token)).await;
            assert_eq!(item["orderTotal"], detail["transaction"]["orderTotal"], "{number}");
            assert_eq!(item["fullOrderStatus"]["simpleStatus"], detail["fullOrderStatus"]["simpleStatus"], "{number}");
            assert_eq!(item["fullOrderStatus"]["statusColor"], detail["fullOrderStatus"]["statusColor"], "{number}");
        }
        assert_eq!(items[0]["fullOrderStatus"], json!({"simpleStatus": "cancelled", "statusColor": "error"}));
        assert_eq!(items[2]["orderTotal"], json!(191.1), "120 + 2 x 25 + 13.6 tax + 7.5 shipping, on each row");
        assert_eq!(items[3]["orderTotal"], items[2]["orderTotal"]);
    }
}
on_both_backends!(order_facts, rows_carry_the_orders_total_and_status_as_the_detail_has_them);
