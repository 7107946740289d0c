//! `GET /ops/v1/events` (the pull feed) and the webhook endpoints `POST/GET /ops/v1/webhooks`,
//! `DELETE /ops/v1/webhooks/{id}`, `POST /ops/v1/webhooks/{id}/replay` (the retailer's systems, ops key).

use axum::Json;
use axum::extract::{FromRef, FromRequestParts, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::EventsState;
use super::db::{self, Consumer, KIND_WEBHOOK, Position};
use super::types::{EVENT_TYPES, Event};
use crate::auth::Ops;
use crate::error::{AppError, AppResult, Code};
use crate::extract::{JsonBody, QueryOf};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    EventsState: FromRef<S>,
    Ops: FromRequestParts<S, Rejection = AppError>,
{
    OpenApiRouter::new()
        .routes(routes!(feed))
        .routes(routes!(create_webhook, list_webhooks))
        .routes(routes!(delete_webhook))
        .routes(routes!(replay_webhook))
}

const DEFAULT_LIMIT: i64 = 100;
const MAX_LIMIT: i64 = 1000;
const CURSOR_PREFIX: &str = "e1.";

/// The opaque cursor of a position.
fn cursor_of(position: Position) -> String {
    let text = format!("{}.{}", position.tx, position.seq);
    format!("{CURSOR_PREFIX}{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text))
}

fn position_of(cursor: &str) -> Option<Position> {
    let encoded = cursor.trim().strip_prefix(CURSOR_PREFIX)?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(encoded).ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let (tx, seq) = text.split_once('.')?;
    Some(Position { tx: tx.parse().ok()?, seq: seq.parse().ok()? })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeedQuery {
    /// The `next` of the previous page; absent: from the first event.
    pub after: Option<String>,
    /// Events per page, 1 to 1000 (default 100).
    #[param(minimum = 1, maximum = 1000)] // MAX_LIMIT
    pub limit: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EventPage {
    /// Events in the order they became visible, each once.
    #[schema(value_type = Vec<Event>)]
    pub data: Vec<serde_json::Value>,
    /// Pass as `after` for the events that follow (the same cursor again when there were none yet).
    pub next: String,
}

/// The outbox as a feed, for a retailer catching up: events after `after` in the order they were
/// committed, so that paging with `next` never repeats or skips one.
#[utoipa::path(get, path = "/ops/v1/events", tag = "events", security(("ops_key" = [])), params(FeedQuery),
    responses((status = 200, body = EventPage),
              (status = 400, body = crate::error::ApiError, description = "invalid-event-cursor; validation-failed (limit)"),
              (status = 401, body = crate::error::ApiError)))]
pub async fn feed(
    State(state): State<EventsState>,
    _ops: Ops,
    QueryOf(query): QueryOf<FeedQuery>,
) -> AppResult<Json<EventPage>> {
    let after = match query.after.as_deref().filter(|after| !after.trim().is_empty()) {
        Some(cursor) => position_of(cursor)
            .ok_or_else(|| AppError::coded(Code::InvalidEventCursor, "after", "not a cursor this feed gave out"))?,
        None => Position::default(),
    };
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(AppError::validation("limit", format!("1 to {MAX_LIMIT}")));
    }
    let events = db::after(&state.db, after, limit).await?;
    let next = events.last().map_or(after, |event| event.position);
    Ok(Json(EventPage { data: events.iter().map(db::StoredEvent::to_json).collect(), next: cursor_of(next) }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateWebhook {
    // Where events are POSTed: an absolute http or https URL.
    #[schema(schema_with = webhook_url)]
    pub url: String,
    // Event types to send (see `Event`), or `["*"]` for all.
    #[schema(schema_with = event_type_list)]
    pub events: Vec<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    pub description: Option<String>,
}

/// The document's shape of a webhook URL: http or https, a host name, an optional path (the server parses
/// it with the url crate and takes any absolute http(s) URL of at most 2,048 bytes; the pattern states a
/// plain subset of those so that a generated one always parses).
fn webhook_url() -> utoipa::openapi::schema::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .pattern(Some(
            "^https?://[A-Za-z][A-Za-z0-9-]{0,62}(\\.[A-Za-z][A-Za-z0-9-]{0,62}){0,8}(/[A-Za-z0-9._~-]{0,64}){0,8}$",
        ))
        .max_length(Some(2048))
        .description(Some("Where events are POSTed: an absolute http or https URL."))
        .build()
}

/// The event types a webhook may ask for: the known ones, or `*` for all.
fn event_type_list() -> utoipa::openapi::schema::Array {
    let names = EVENT_TYPES.iter().copied().chain(["*"]);
    utoipa::openapi::schema::ArrayBuilder::new()
        .items(
            utoipa::openapi::ObjectBuilder::new().schema_type(utoipa::openapi::Type::String).enum_values(Some(names)),
        )
        .min_items(Some(1))
        .description(Some("Event types to send (see `Event`), or `[\"*\"]` for all."))
        .build()
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookCreated {
    pub id: String,
    /// `whsec_` + base64 of the signing key (Standard Webhooks). Shown only here.
    pub secret: String,
    pub url: String,
    pub events: Vec<String>,
    pub description: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookView {
    pub id: String,
    pub url: String,
    pub events: Vec<String>,
    pub description: Option<String>,
    /// `active`, `retrying` (a delivery failed; retried later) or `failing` (failed for the whole retry
    /// schedule, about 3 days; still tried at the last delay until it answers).
    pub status: String,
    /// Failed attempts at the event it is stuck at.
    pub attempts: i64,
    /// RFC 3339 UTC.
    pub created_at: String,
    pub failing_since: Option<String>,
    /// The next attempt when retrying, RFC 3339 UTC.
    pub next_attempt_at: Option<String>,
    /// What went wrong last (status code or timeout).
    pub last_error: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookList {
    pub data: Vec<WebhookView>,
}

fn view(consumer: Consumer) -> WebhookView {
    let status = if consumer.failing_since.is_some() {
        "failing"
    } else if consumer.attempts > 0 {
        "retrying"
    } else {
        "active"
    };
    WebhookView {
        id: consumer.id,
        url: consumer.url.unwrap_or_default(),
        events: consumer.event_types,
        description: consumer.description,
        status: status.to_owned(),
        attempts: consumer.attempts,
        created_at: super::rfc3339(consumer.created_at),
        failing_since: consumer.failing_since.map(super::rfc3339),
        next_attempt_at: (consumer.attempts > 0).then(|| super::rfc3339(consumer.next_attempt_at)),
        last_error: consumer.last_error,
    }
}

fn check_url(text: &str) -> AppResult<String> {
    let text = text.trim();
    let valid = reqwest::Url::parse(text)
        .ok()
        .filter(|url| matches!(url.scheme(), "http" | "https") && url.host_str().is_some_and(|host| !host.is_empty()));
    if valid.is_none() || text.len() > 2048 {
        return Err(AppError::coded(Code::WebhookInvalidUrl, "url", "an absolute http or https URL"));
    }
    Ok(text.to_owned())
}

fn check_events(events: &[String]) -> AppResult<Vec<String>> {
    if events.is_empty() {
        return Err(AppError::coded(Code::WebhookNoEvents, "events", "name at least one event type, or \"*\""));
    }
    let mut checked: Vec<String> = Vec::new();
    for (index, event) in events.iter().enumerate() {
        let event = event.trim();
        if event != "*" && !EVENT_TYPES.contains(&event) {
            return Err(AppError::coded(
                Code::UnknownEventType,
                format!("events[{index}]"),
                format!("unknown event type; one of {}, or *", EVENT_TYPES.join(", ")),
            ));
        }
        if !checked.iter().any(|seen| seen == event) {
            checked.push(event.to_owned());
        }
    }
    Ok(checked)
}

/// A new signing secret: `whsec_` + base64 of 32 random bytes.
fn new_secret() -> String {
    let mut key = [0u8; 32];
    rand::rng().fill_bytes(&mut key);
    format!("whsec_{}", base64::engine::general_purpose::STANDARD.encode(key))
}

/// Register a webhook endpoint. It receives the events recorded from now on (POST `replay` sends older
/// ones), signed per Standard Webhooks with the secret answered here (and only here).
#[utoipa::path(post, path = "/ops/v1/webhooks", tag = "events", security(("ops_key" = [])), request_body = CreateWebhook,
    responses((status = 201, body = WebhookCreated),
              (status = 400, body = crate::error::ApiError, description = "validation-failed (description)"),
              (status = 401, body = crate::error::ApiError),
              (status = 422, body = crate::error::ApiError, description = "webhook-invalid-url, webhook-no-events, unknown-event-type")))]
pub async fn create_webhook(
    State(state): State<EventsState>,
    _ops: Ops,
    JsonBody(body): JsonBody<CreateWebhook>,
) -> AppResult<Response> {
    let url = check_url(&body.url)?;
    let events = check_events(&body.events)?;
    let description = body.description.map(|text| text.trim().to_owned()).filter(|text| !text.is_empty());
    if description.as_ref().is_some_and(|text| text.chars().count() > 500) {
        return Err(AppError::validation("description", "at most 500 characters"));
    }
    let secret = new_secret();
    let consumer = Consumer {
        id: uuid::Uuid::new_v4().to_string(),
        kind: KIND_WEBHOOK.to_owned(),
        url: Some(url.clone()),
        event_types: events.clone(),
        description: description.clone(),
        secret: Some(secret.clone()),
        created_at: state.clock.now_ms(),
        cursor: db::head(&state.db).await?,
        attempts: 0,
        next_attempt_at: 0,
        failing_since: None,
        last_error: None,
    };
    db::insert_consumer(&state.db, &consumer).await?;
    tracing::info!(webhook = %consumer.id, "webhook endpoint registered");
    let created = WebhookCreated { id: consumer.id, secret, url, events, description };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// The webhook endpoints with their delivery status (never their secrets).
#[utoipa::path(get, path = "/ops/v1/webhooks", tag = "events", security(("ops_key" = [])),
    responses((status = 200, body = WebhookList), (status = 401, body = crate::error::ApiError)))]
pub async fn list_webhooks(State(state): State<EventsState>, _ops: Ops) -> AppResult<Json<WebhookList>> {
    let endpoints = db::webhooks(&state.db).await?;
    Ok(Json(WebhookList { data: endpoints.into_iter().map(view).collect() }))
}

/// Remove a webhook endpoint; nothing more is sent to it.
#[utoipa::path(delete, path = "/ops/v1/webhooks/{id}", tag = "events", security(("ops_key" = [])),
    params(("id" = String, Path)),
    responses((status = 204, description = "Removed"), (status = 401, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError, description = "not-found")))]
pub async fn delete_webhook(
    State(state): State<EventsState>,
    _ops: Ops,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    if db::delete_webhook(&state.db, &id).await? { Ok(StatusCode::NO_CONTENT) } else { Err(AppError::NotFound) }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReplayRequest {
    /// RFC 3339: every subscribed event recorded at or after it is sent again, in order.
    #[schema(format = DateTime)]
    pub since: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReplayAccepted {
    pub id: String,
    pub since: String,
}

/// Send again every event the endpoint subscribes to since `since`, in order, before the newer ones.
#[utoipa::path(post, path = "/ops/v1/webhooks/{id}/replay", tag = "events", security(("ops_key" = [])),
    params(("id" = String, Path)), request_body = ReplayRequest,
    responses((status = 202, body = ReplayAccepted),
              (status = 400, body = crate::error::ApiError, description = "validation-failed (since)"),
              (status = 401, body = crate::error::ApiError), (status = 404, body = crate::error::ApiError)))]
pub async fn replay_webhook(
    State(state): State<EventsState>,
    _ops: Ops,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<ReplayRequest>,
) -> AppResult<Response> {
    let since = chrono::DateTime::parse_from_rfc3339(body.since.trim())
        .map_err(|_| AppError::validation("since", "an RFC 3339 time, e.g. 2026-11-27T10:00:00Z"))?;
    let to = db::before_first_since(&state.db, since.timestamp_millis()).await?;
    if !db::rewind_webhook(&state.db, &id, to, state.clock.now_ms()).await? {
        return Err(AppError::NotFound);
    }
    Ok((StatusCode::ACCEPTED, Json(ReplayAccepted { id, since: body.since })).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_strangers_are_refused() {
        let position = Position { tx: 1234, seq: 56 };
        assert_eq!(position_of(&cursor_of(position)), Some(position));
        assert_eq!(position_of("12"), None);
        assert_eq!(position_of("e1.!!"), None);
    }

    #[test]
    fn secrets_are_standard_webhooks_secrets() {
        let secret = new_secret();
        assert!(secret.starts_with("whsec_"));
        assert!(standardwebhooks::Webhook::new(&secret).is_ok());
    }
}
