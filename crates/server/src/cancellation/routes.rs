//! `POST /order_mgmt/ordermods/v1/{orderNumber}/cancelOrder`, `GET /order_mgmt/ordermods/v1/jobs/{jobId}`,
//! and for the retailer's systems `POST /ops/v1/orders/{orderNumber}/status_events`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::Response;
use domain::cancellation::{EventEffect, status_event};
use domain::status::displayed_status;
use domain::{OrderNumber, SimpleStatus, simple_status};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::db;
use super::jobs::{self as cancel_job, CancelOrder, KIND, release_money};
use crate::access::authorize_order;
use crate::auth::Ops;
use crate::caller::Caller;
use crate::error::{AppError, AppResult, Code};
use crate::events;
use crate::extract::{JsonBody, parse_json_bytes};
use crate::idempotency::IdempotencyKey;
use crate::jobs::accept::{Effect, JobOnly, Once, accept};
use crate::jobs::view::{JobView, find_visible};
use crate::jobs::{JobCreated, NewJob};
use crate::orders::OrdersState;

crate::platform::area_router!(
    states: [OrdersState, crate::auth::AuthState, crate::platform::Platform],
    routes: [(cancel_order), (get_cancel_job), (apply_status_event)],
);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelUserInfo {
    #[serde(default)]
    #[schema(max_length = 32)]
    pub phone_number: Option<String>,
}

/// The spec's cancel body (002 §3): fixed reason 216 "Front end cancellation", document reference "0001".
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelRequestFields {
    #[schema(schema_with = document_reference)]
    pub oms_order_document_reference: String,
    #[serde(default)]
    #[schema(max_length = 32)]
    pub oms_region_reference: Option<String>,
    #[serde(default)]
    #[schema(max_length = 32)]
    pub day_phone_number: Option<String>,
    // 216 (the text "216" is accepted too).
    #[schema(schema_with = reason_code)]
    pub reason_code: Value,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub reason_text: Option<String>,
    #[serde(default)]
    #[schema(max_length = 254)]
    pub email: Option<String>,
    #[serde(default)]
    pub user_info: Option<CancelUserInfo>,
}

/// The document's shape of `omsOrderDocumentReference`: required text of at most 16 characters.
fn document_reference() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(16, crate::extract::FORBIDDEN_CONTROL_CLASS)
}

/// The document's shape of `reasonCode`: the front-end cancellation reason 216, as a number or as text.
fn reason_code() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::{ObjectBuilder, OneOfBuilder, Type};
    let code = domain::cancellation::REASON_CODE;
    let number: i64 = code.parse().unwrap_or_default();
    let one_of = OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::Integer).enum_values(Some([number])))
        .item(
            ObjectBuilder::new().schema_type(Type::String).pattern(Some(format!("^[ \\t\\n\\r]*{code}[ \\t\\n\\r]*$"))),
        )
        .description(Some(format!("{code}, the front-end cancellation (the text \"{code}\" is accepted too)")))
        .build();
    utoipa::openapi::schema::Schema::OneOf(one_of)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelBody {
    pub request: CancelRequestFields,
    #[serde(default)]
    #[schema(max_length = 64)]
    pub source_of_request: Option<String>,
}

fn at_most(field: &str, value: Option<&str>, max: usize) -> AppResult<()> {
    match value {
        Some(text) if text.chars().count() > max => {
            Err(AppError::validation(field, format!("at most {max} characters")))
        }
        _ => Ok(()),
    }
}

fn validate(body: &CancelBody) -> AppResult<()> {
    let request = &body.request;
    let reference = request.oms_order_document_reference.trim();
    if reference.is_empty() {
        return Err(AppError::validation("request.omsOrderDocumentReference", "required"));
    }
    at_most("request.omsOrderDocumentReference", Some(reference), 16)?;
    let reason = match &request.reason_code {
        Value::Number(number) => number.as_i64().map(|n| n.to_string()),
        Value::String(text) => Some(text.trim().to_owned()),
        _ => None,
    };
    if reason.as_deref() != Some(domain::cancellation::REASON_CODE) {
        return Err(AppError::validation("request.reasonCode", "the front-end cancellation reason is 216"));
    }
    at_most("request.omsRegionReference", request.oms_region_reference.as_deref(), 32)?;
    at_most("request.dayPhoneNumber", request.day_phone_number.as_deref(), 32)?;
    at_most("request.reasonText", request.reason_text.as_deref(), 200)?;
    at_most("request.email", request.email.as_deref(), 254)?;
    at_most("request.userInfo.phoneNumber", request.user_info.as_ref().and_then(|u| u.phone_number.as_deref()), 32)?;
    at_most("sourceOfRequest", body.source_of_request.as_deref(), 64)?;
    Ok(())
}

/// Ask to cancel an order (member by token, guest by `filter=email(...)` / `filter=phoneNumber(...)`).
/// The answer is a job; the server decides with its clock when the job runs (DENIED with `error` after
/// the window or once a line is past cancelling; `response.pendingModification.type` when the warehouse
/// must confirm).
#[utoipa::path(post, path = "/order_mgmt/ordermods/v1/{orderNumber}/cancelOrder", tag = "cancellation",
    params(("orderNumber" = inline(domain::OrderNumber), Path),
           ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "email(...) or phoneNumber(...) for guests"),
           ("Idempotency-Key" = inline(Option<crate::idempotency::KeyText>), Header, description = "A retry with the same key and body answers the first job")),
    request_body = CancelBody,
    responses((status = 202, body = JobCreated), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError), (status = 429, body = crate::error::ApiError)))]
pub async fn cancel_order(
    State(state): State<OrdersState>,
    Path(order_number): Path<String>,
    caller: Caller,
    IdempotencyKey(key): IdempotencyKey,
    bytes: Bytes,
) -> AppResult<Response> {
    let access = authorize_order(&state, &caller, &order_number).await?;
    let body: CancelBody = parse_json_bytes(&bytes)?;
    validate(&body)?;
    let owner_key = caller.owner_key().ok_or(AppError::OrderNotFound)?;
    let job = NewJob {
        payload: CancelOrder { source_of_request: body.source_of_request },
        order_number: Some(access.order_number),
        owner_key: owner_key.clone(),
    };
    let requested = CancelRequested {
        order_number: job.order_number.as_ref().map(ToString::to_string).unwrap_or_default(),
        source_of_request: job.payload.source_of_request.clone(),
        at: state.clock.now_ms(),
    };
    let once = key.map(|key| Once { owner_key: &owner_key, scope: "POST cancelOrder", key, body: &bytes });
    accept(&state, once, async { Ok((job, requested)) }).await
}

/// The cancel request's record beside its job: the `order.cancel_requested` event.
struct CancelRequested {
    order_number: String,
    source_of_request: Option<String>,
    at: i64,
}

impl Effect for CancelRequested {
    type Answer = JobCreated;

    async fn write(self, tx: &mut sqlx::AnyConnection, job_id: String) -> AppResult<JobCreated> {
        let event = events::OrderCancelRequested {
            order_number: self.order_number,
            job_id: job_id.clone(),
            source_of_request: self.source_of_request,
        };
        events::record(tx, self.at, events::EventData::OrderCancelRequested(event)).await?;
        JobOnly.write(tx, job_id).await
    }
}

/// A cancel job, only for the caller who created it (anyone else: the same 404 as a missing job).
#[utoipa::path(get, path = "/order_mgmt/ordermods/v1/jobs/{jobId}", tag = "cancellation",
    params(("jobId" = String, Path),
           ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "email(...) or phoneNumber(...) for guests")),
    responses((status = 200, body = JobView), (status = 404, body = crate::error::ApiError)))]
pub async fn get_cancel_job(
    State(state): State<OrdersState>,
    Path(job_id): Path<String>,
    caller: Caller,
) -> AppResult<Json<JobView>> {
    Ok(Json(find_visible(&state, &caller, &job_id, &[KIND]).await?))
}

/// A status the retailer's warehouse or carrier reports for lines of an order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatusEventBody {
    /// The raw status, as the order system names it (e.g. SHIPPED, CANCELLED): 1 to 64 characters.
    #[schema(schema_with = status_text)]
    pub status: String,
    /// Lines it applies to; all lines when absent.
    #[serde(default)]
    pub line_numbers: Option<Vec<i64>>,
}

fn status_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(64, crate::extract::FORBIDDEN_CONTROL_CLASS)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusEventApplied {
    pub order_number: String,
    /// Lines whose status changed (lines that had it already are not counted).
    pub changed: usize,
}

/// Apply a status event. A line a cancel has won (pending cancellation or cancelled) refuses any status
/// but cancelled: 409 `status-conflict`, nothing changed. A cancelled event completes a pending cancel.
#[utoipa::path(post, path = "/ops/v1/orders/{orderNumber}/status_events", tag = "ops", security(("ops_key" = [])),
    params(("orderNumber" = inline(domain::OrderNumber), Path)), request_body = StatusEventBody,
    responses((status = 200, body = StatusEventApplied), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError), (status = 409, body = crate::error::ApiError)))]
pub async fn apply_status_event(
    State(state): State<OrdersState>,
    _ops: Ops,
    Path(order_number): Path<String>,
    JsonBody(body): JsonBody<StatusEventBody>,
) -> AppResult<Json<StatusEventApplied>> {
    let number = OrderNumber::parse(&order_number).map_err(|_| AppError::InvalidOrderNumber)?;
    let raw = body.status.trim();
    if raw.is_empty() || raw.chars().count() > 64 {
        return Err(AppError::validation("status", "1 to 64 characters"));
    }
    for _ in 0..5 {
        let facts = db::order_facts(&state.db, number.as_str()).await?.ok_or(AppError::OrderNotFound)?;
        if let Some(wanted) = &body.line_numbers
            && let Some(missing) = wanted.iter().find(|n| !facts.lines.iter().any(|line| line.line_number == **n))
        {
            return Err(AppError::validation("lineNumbers", format!("the order has no line {missing}")));
        }
        let new_status = simple_status(facts.order_type, raw);
        let current = cancel_job::statuses(&facts);
        let mut moves = Vec::new();
        for (index, line) in facts.lines.iter().enumerate() {
            if body.line_numbers.as_ref().is_some_and(|wanted| !wanted.contains(&line.line_number)) {
                continue;
            }
            let shown = current.get(index).copied().unwrap_or(SimpleStatus::Unknown);
            // The payment hold changes what is shown, not what the warehouse reports.
            let stored = displayed_status(simple_status(facts.order_type, &line.raw_status), false);
            let from = if shown == SimpleStatus::PaymentPending { stored } else { shown };
            match status_event(from, new_status) {
                EventEffect::AlreadyThere => {}
                EventEffect::Conflict => {
                    return Err(AppError::coded(
                        Code::StatusConflict,
                        "status",
                        format!("line {} was cancelled; it takes no other status", line.line_number),
                    ));
                }
                EventEffect::Apply => moves.push(index),
            }
        }
        let now = state.clock.now_ms();
        let mut tx = state.db.begin_write().await?;
        let mut won = true;
        for index in &moves {
            let Some(line) = facts.lines.get(*index) else { continue };
            if !db::swap_status(&mut tx, number.as_str(), line.line_number, &line.raw_status, raw).await? {
                won = false;
                break;
            }
            if new_status == SimpleStatus::Cancelled {
                db::stamp_cancelled(&mut tx, number.as_str(), line, now).await?;
            }
        }
        if !won {
            tx.rollback().await?;
            continue;
        }
        if new_status == SimpleStatus::Cancelled && !moves.is_empty() {
            let after: Vec<SimpleStatus> = current
                .iter()
                .enumerate()
                .map(|(index, status)| if moves.contains(&index) { SimpleStatus::Cancelled } else { *status })
                .collect();
            let none_left = after.iter().all(|status| *status == SimpleStatus::Cancelled);
            release_money(&mut tx, &facts, &moves, none_left, now).await?;
            if !after.contains(&SimpleStatus::CancellationPending) {
                db::complete_cancellations(&mut tx, number.as_str(), now).await?;
            }
            let line_numbers =
                moves.iter().filter_map(|index| facts.lines.get(*index)).map(|line| line.line_number).collect();
            let event = events::OrderCancelled {
                order_number: number.as_str().to_owned(),
                line_numbers,
                source: "ops".to_owned(),
                order_fully_cancelled: none_left,
            };
            events::record(&mut tx, now, events::EventData::OrderCancelled(event)).await?;
        }
        let stale = if moves.is_empty() { None } else { Some(db::bump_version(&mut tx, number.as_str(), now).await?) };
        tx.commit().await?;
        if let Some(stale) = stale {
            stale.forget_in(&state.cache);
        }
        return Ok(Json(StatusEventApplied { order_number: number.into_string(), changed: moves.len() }));
    }
    Err(AppError::Busy { retry_after_seconds: 1 })
}
