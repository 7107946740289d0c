//! `POST /ops/v1/members` and `POST /ops/v1/orders`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::body::MemberBody;
use super::db;
use super::import::{self, Counts, LineResult};
use crate::auth::AuthState;
use crate::auth::db::MemberRecord;
use crate::auth::{Ops, db as members, password};
use crate::error::{AppError, AppResult, Code};
use crate::orders;
use crate::orders::OrderBody;
use crate::orders::OrdersState;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    OrdersState: axum::extract::FromRef<S>,
    AuthState: axum::extract::FromRef<S>,
    crate::platform::Platform: axum::extract::FromRef<S>,
{
    // The bulk route reads bodies of up to 10,000 orders: its own limit, inside the app's (the inner wins).
    let bulk = OpenApiRouter::new()
        .routes(routes!(upsert_orders_in_bulk))
        .layer(axum::extract::DefaultBodyLimit::max(BULK_MAX_BODY_BYTES));
    OpenApiRouter::new().routes(routes!(create_member)).routes(routes!(upsert_order)).merge(bulk)
}

/// Largest body of `POST /ops/v1/orders/bulk` (10,000 orders of a few KiB each).
pub const BULK_MAX_BODY_BYTES: usize = 48 * 1024 * 1024;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedMember {
    pub upm_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpsertedOrder {
    pub order_number: String,
    /// true when the order was new (201), false when it replaced a stored one (200).
    pub created: bool,
}

/// Create a member who can sign in.
#[utoipa::path(post, path = "/ops/v1/members", tag = "ops", security(("ops_key" = [])),
    request_body = MemberBody,
    responses((status = 201, body = CreatedMember), (status = 400, body = crate::error::ApiError),
              (status = 409, body = crate::error::ApiError)))]
pub async fn create_member(
    State(state): State<OrdersState>,
    _ops: Ops,
    bytes: Bytes,
) -> AppResult<(StatusCode, Json<CreatedMember>)> {
    let member: MemberBody = orders::parse(&bytes)?;
    let record = MemberRecord {
        upm_id: uuid::Uuid::new_v4().to_string(),
        email: member.email.into(),
        password_hash: password::hash(member.password).await?,
        first_name: member.first_name.0,
        last_name: member.last_name.0,
        country: member.country.into(),
    };
    if !members::insert(&state.db, &record).await? {
        return Err(AppError::Conflict { field: "email".into(), message: "a member with this email exists".into() });
    }
    Ok((StatusCode::CREATED, Json(CreatedMember { upm_id: record.upm_id })))
}

/// Create or replace one order with all its lines.
#[utoipa::path(post, path = "/ops/v1/orders", tag = "ops", security(("ops_key" = [])),
    request_body(content = OrderBody, description = "The order as the retailer's order system knows it (see docs/API.md)"),
    responses((status = 201, body = UpsertedOrder), (status = 200, body = UpsertedOrder),
              (status = 400, body = crate::error::ApiError)))]
pub async fn upsert_order(
    State(state): State<OrdersState>,
    State(auth): State<AuthState>,
    _ops: Ops,
    bytes: Bytes,
) -> AppResult<(StatusCode, Json<UpsertedOrder>)> {
    let order = orders::parse_order(&bytes)?;
    // A member's order: the member check and the previous owner in one round trip.
    let (member_found, previous) = match order.upm_id.as_deref() {
        Some(upm_id) => db::member_and_order_owner(&state.db, upm_id, &order.order_number).await?,
        None => (true, db::order_owner(&state.db, &order.order_number).await?),
    };
    if !member_found {
        // With the retailer's provider, any member id it issues is a member: its record is made here.
        match (&auth.oidc, order.upm_id.as_deref()) {
            (Some(oidc), Some(upm_id)) => {
                oidc.ensure_member(&state.db, upm_id, &crate::auth::identity::default_country(&auth)).await?;
            }
            _ => return Err(AppError::validation("upmId", "no member has this upmId")),
        }
    }
    if let Some(store_id) = order.pickup_store_id.as_deref()
        && !db::store_exists(&state.db, store_id).await?
    {
        return Err(AppError::validation("pickupStoreId", "no store has this id"));
    }
    let previous_member = previous.flatten();
    let written = orders::upsert(&state.db, &order, state.clock.now_ms()).await?;
    orders::Stale::of(&order.order_number, [previous_member.as_deref(), order.upm_id.as_deref()])
        .forget_in(&state.cache);
    let status = if written.created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(UpsertedOrder { order_number: order.order_number.into(), created: written.created })))
}

/// The answer of `POST /ops/v1/orders/bulk`: one result per non-blank line, and the counts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkResults {
    pub results: Vec<LineResult>,
    pub created: usize,
    pub replaced: usize,
    pub unchanged: usize,
    pub refused: usize,
}

/// Create or replace many orders: NDJSON, one order body per line (the body of `POST /ops/v1/orders`), at
/// most 10,000 lines. Answers 200 with one result per line even when some are refused; a refused line
/// stores nothing, and the other lines are written all the same. An order sent again with the same body is
/// `unchanged` (its version stays).
#[utoipa::path(post, path = "/ops/v1/orders/bulk", tag = "ops", security(("ops_key" = [])),
    request_body(content = String, content_type = "application/x-ndjson",
        description = "One order body per line (see `POST /ops/v1/orders`); blank lines are skipped"),
    responses((status = 200, body = BulkResults, description = "One result per line, refused ones included"),
              (status = 400, body = crate::error::ApiError, description = "The body could not be read"),
              (status = 413, body = crate::error::ApiError, description = "More than 10,000 lines (`bulk-too-many-lines`) or a body over 48 MiB")))]
pub async fn upsert_orders_in_bulk(
    State(state): State<OrdersState>,
    State(auth): State<AuthState>,
    _ops: Ops,
    bytes: Result<Bytes, BytesRejection>,
) -> AppResult<Json<BulkResults>> {
    let bytes = bytes.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::PayloadTooLarge
        } else {
            AppError::InvalidJson(rejection.body_text())
        }
    })?;
    let lines = import::numbered_lines(&bytes);
    if lines.len() > import::MAX_LINES {
        return Err(AppError::coded(
            Code::BulkTooManyLines,
            "body",
            format!("{} lines: at most {} a request", lines.len(), import::MAX_LINES),
        ));
    }
    let default_country = crate::auth::identity::default_country(&auth);
    let owners = if auth.oidc.is_some() {
        import::Owners::Provider { default_country: &default_country }
    } else {
        import::Owners::Portal
    };
    let mut results = Vec::with_capacity(lines.len());
    for batch in lines.chunks(import::BATCH) {
        let outcome = import::import_batch(&state.db, owners, batch, state.clock.now_ms()).await;
        for stale in &outcome.stale {
            stale.forget_in(&state.cache);
        }
        results.extend(outcome.results);
    }
    let mut counts = Counts::default();
    counts.add(&results);
    Ok(Json(BulkResults {
        results,
        created: counts.created,
        replaced: counts.replaced,
        unchanged: counts.unchanged,
        refused: counts.refused,
    }))
}
