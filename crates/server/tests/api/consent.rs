//! Consent records: the member's list, a member's change, an ops change, unknown types.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{OPS_KEY, TestApp};
use crate::on_both_backends;

pub(crate) async fn put(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    ops: bool,
    body: &Value,
) -> (StatusCode, Value) {
    let mut request = app.client.request(Method::PUT, app.url(path)).json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if ops {
        request = request.header("x-ops-key", OPS_KEY);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn a_member_reads_and_changes_consents_and_ops_can_set_them(app: &TestApp) {
    let (upm_id, token) = app.member("consent@example.com").await;
    let (status, list) = app.get_json("/consent/v1", Some(&token)).await;
    assert_eq!((status, list), (StatusCode::OK, json!([])));

    let (status, record) =
        put(app, "/consent/v1/performanceCookies", Some(&token), false, &json!({"granted": true})).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["type"], "performanceCookies");
    assert_eq!(record["granted"], true);
    assert!(record["updatedAt"].as_str().is_some_and(|at| at.ends_with('Z')));

    let ops_path = format!("/ops/v1/members/{upm_id}/consent/partnerOrderDataSharing");
    let (status, _) = put(app, &ops_path, None, true, &json!({"granted": true})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = put(app, "/consent/v1/performanceCookies", Some(&token), false, &json!({"granted": false})).await;
    assert_eq!(status, StatusCode::OK);

    let (_, list) = app.get_json("/consent/v1", Some(&token)).await;
    let granted = |kind: &str| {
        list.as_array().and_then(|all| all.iter().find(|r| r["type"] == kind)).map(|r| r["granted"].clone())
    };
    assert_eq!(granted("partnerOrderDataSharing"), Some(json!(true)));
    assert_eq!(granted("performanceCookies"), Some(json!(false)));
    assert_eq!(granted("marketingEmail"), None);
}
on_both_backends!(consent_list_and_put, a_member_reads_and_changes_consents_and_ops_can_set_them);

async fn unknown_types_bad_bodies_and_strangers_are_refused(app: &TestApp) {
    let (_, token) = app.member("strict@example.com").await;
    let (status, body) = put(app, "/consent/v1/everything", Some(&token), false, &json!({"granted": true})).await;
    assert_eq!(
        (status, body["code"].as_str(), body["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("validation-failed"), Some("type"))
    );
    let (status, body) = put(app, "/consent/v1/marketingEmail", Some(&token), false, &json!({"granted": "yes"})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid-json")));
    let (status, _) = put(app, "/consent/v1/marketingEmail", None, false, &json!({"granted": true})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/consent/v1", None).await.status(), StatusCode::UNAUTHORIZED);
    let (status, _) =
        put(app, "/ops/v1/members/nobody/consent/marketingEmail", None, true, &json!({"granted": true})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) =
        put(app, "/ops/v1/members/nobody/consent/marketingEmail", None, false, &json!({"granted": true})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
on_both_backends!(consent_refusals, unknown_types_bad_bodies_and_strangers_are_refused);
