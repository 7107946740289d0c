//! `GET /metrics`: off by default, behind the ops key when asked, Prometheus text with the request,
//! error, job queue and pool figures.

use reqwest::StatusCode;
use server::metrics::MetricsAccess;

use crate::helpers::{Backend, OPS_KEY, Options, spawn_app, spawn_app_with};

#[tokio::test]
async fn metrics_are_off_unless_asked_for() {
    let app = spawn_app(Backend::Sqlite).await;
    assert_eq!(app.get("/metrics", None).await.status(), StatusCode::NOT_FOUND);
    app.finish().await;
}

#[tokio::test]
async fn metrics_behind_the_ops_key_show_requests_errors_jobs_and_the_pool() {
    let options =
        Options { configure: Some(|settings| settings.metrics = MetricsAccess::OpsKey), ..Options::default() };
    let app = spawn_app_with(Backend::Sqlite, options).await;
    assert_eq!(app.get("/orders/history/v1/C0000000001", None).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get("/metrics", None).await.status(), StatusCode::NOT_FOUND, "not without the key");
    // A method no route serves is counted as `other`: a client cannot add label values at will.
    let odd = reqwest::Method::from_bytes(b"PROPFIND").expect("method");
    app.client.request(odd, app.url("/orders")).send().await.expect("propfind");
    let response = app.client.get(app.url("/metrics")).header("x-ops-key", OPS_KEY).send().await.expect("metrics");
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.expect("text");
    for expected in [
        "orders_http_request_duration_seconds_count{method=\"GET\",route=\"/orders/history/v1/{orderNumber}\",status=\"4xx\"} 1",
        "orders_api_errors_total{code=\"service-order-detail-failure\"} 1",
        "orders_jobs{status=\"PENDING\"} 0",
        "orders_oldest_pending_job_seconds 0",
        "orders_db_pool_connections{state=\"idle\"}",
        "orders_requests_waiting_for_turn 0",
        "orders_rate_limit_refusals_total 0",
        "orders_http_request_duration_seconds_count{method=\"other\",route=\"fallback\"",
    ] {
        assert!(text.contains(expected), "{expected} in\n{text}");
    }
    assert!(!text.contains("PROPFIND"), "{text}");
    app.finish().await;
}

/// On PostgreSQL the hot reads have connections of their own (ADR 0009): counted beside the pool's, so an
/// operator sees every connection this process holds.
#[tokio::test]
async fn metrics_count_the_postgres_read_connections() {
    if crate::helpers::postgres_admin_url().is_none() {
        eprintln!("PostgreSQL not configured (ORDERS_TEST_POSTGRES_URL): this backend did not run");
        return;
    }
    let options =
        Options { configure: Some(|settings| settings.metrics = MetricsAccess::OpsKey), ..Options::default() };
    let app = spawn_app_with(Backend::Postgres, options).await;
    let (upm_id, token) = app.member("metrics-reads@example.com").await;
    app.put_order(&crate::helpers::order("C4900002", Some(&upm_id), "2026-11-01T10:00:00Z")).await;
    assert_eq!(app.get("/orders/history/v1/C4900002", Some(&token)).await.status(), StatusCode::OK);
    let response = app.client.get(app.url("/metrics")).header("x-ops-key", OPS_KEY).send().await.expect("metrics");
    let text = response.text().await.expect("text");
    let open: i64 = text
        .lines()
        .find_map(|line| line.strip_prefix("orders_db_pool_connections{state=\"read\"} "))
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or_else(|| panic!("read connections in\n{text}"));
    assert!(open >= 1, "the read just made opened a read connection: {open}");
    app.finish().await;
}

/// The response cache's hits and misses, so an operator can see its hit ratio.
#[tokio::test]
async fn metrics_count_response_cache_hits_and_misses() {
    let options =
        Options { configure: Some(|settings| settings.metrics = MetricsAccess::OpsKey), ..Options::default() };
    let app = spawn_app_with(Backend::Sqlite, options).await;
    let (upm_id, token) = app.member("metrics-cache@example.com").await;
    app.put_order(&crate::helpers::order("C4900003", Some(&upm_id), "2026-11-01T10:00:00Z")).await;
    for _ in 0..2 {
        assert_eq!(app.get("/orders/history/v1/C4900003", Some(&token)).await.status(), StatusCode::OK);
    }
    let response = app.client.get(app.url("/metrics")).header("x-ops-key", OPS_KEY).send().await.expect("metrics");
    let text = response.text().await.expect("text");
    let count = |outcome: &str| -> i64 {
        let prefix = format!("orders_response_cache_lookups_total{{outcome=\"{outcome}\"}} ");
        text.lines()
            .find_map(|line| line.strip_prefix(prefix.as_str()))
            .and_then(|value| value.trim().parse().ok())
            .unwrap_or_else(|| panic!("{outcome} in\n{text}"))
    };
    assert!(count("miss") >= 1, "the first read missed");
    assert!(count("hit") >= 1, "the second read was answered from the cache");
    app.finish().await;
}

/// Refusals by a rate limit are counted apart (and among the errors by code), so an operator can alert
/// on guessing.
#[tokio::test]
async fn metrics_count_rate_limit_refusals() {
    let options = Options {
        per_order: 2,
        configure: Some(|settings| settings.metrics = MetricsAccess::OpsKey),
        ..Options::default()
    };
    let app = spawn_app_with(Backend::Sqlite, options).await;
    app.put_order(&crate::helpers::order("C4900004", None, "2026-11-01T10:00:00Z")).await;
    let guess = "/orders/history/v1/C4900004?filter=email(wrong@example.com)";
    for _ in 0..2 {
        assert_eq!(app.get(guess, None).await.status(), StatusCode::NOT_FOUND);
    }
    for _ in 0..2 {
        assert_eq!(app.get(guess, None).await.status(), StatusCode::TOO_MANY_REQUESTS);
    }
    let response = app.client.get(app.url("/metrics")).header("x-ops-key", OPS_KEY).send().await.expect("metrics");
    let text = response.text().await.expect("text");
    assert!(text.contains("orders_rate_limit_refusals_total 2\n"), "two refusals in\n{text}");
    assert!(text.contains("orders_api_errors_total{code=\"rate-limited\"} 2\n"), "{text}");
    app.finish().await;
}
