//! The store associate console's API (issue 11): `POST /ops/v1/stores/{storeId}/keys` (ops issues a store
//! key, answered once), and, with `X-Store-Key`, `GET /ops/v1/stores/{storeId}/order_pickups` (open
//! interactions, newest first), `POST .../order_pickups/{id}/claim` and `POST .../order_pickups/{id}/complete`.
//!
//! Live updates are polling with an ETag (docs/curbside.md says why): the list answers `ETag`, and a
//! request with a matching `If-None-Match` answers 304 with no body.
//!
//! Keys: 32 random bytes (256 bits) shown once; only their SHA-256 is stored. A fast hash is enough for a
//! random key of this length (nothing to brute-force, unlike a password), and it lets the lookup be one
//! indexed row.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use domain::curbside::{self, Actor, InteractionStatus};
use domain::{OrderType, SimpleStatus, simple_status};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::db::{self, PickupRecord};
use super::routes::rfc3339;
use super::{PickupError, PickupResult};
use crate::auth::Ops;
use crate::error::{AppError, Code};
use crate::orders::OrdersState;

/// The raw status completed lines get (the status table maps it to pickedUp).
pub const PICKED_UP_RAW_STATUS: &str = "Picked Up";

crate::platform::area_router!(
    states: [OrdersState, crate::platform::Platform],
    routes: [(create_store_key, revoke_store_keys), (list_open_pickups), (claim_pickup), (complete_pickup)],
);

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct CreateStoreKeyRequest {
    /// Who or what the key is for (e.g. "front desk tablet"); at most 100 characters.
    #[serde(default)]
    pub label: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedStoreKey {
    pub store_id: String,
    /// Shown this once; only a hash is kept.
    pub key: String,
}

#[derive(Debug, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ConsolePickup {
    pub id: String,
    /// SUBMITTED or CLAIMED (open), COMPLETE after completing.
    pub status: String,
    pub order_number: String,
    pub vehicle_description: String,
    /// Items on the order, so the associate brings them all (the sum of `items`' quantities).
    pub item_count: i64,
    /// What to bring out: the order's lines that are ready for pickup (all of its lines once complete).
    pub items: Vec<ConsoleItem>,
    pub created_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completed_at: Option<String>,
}

/// One line of the order as the associate picks it from the shelf.
#[derive(Debug, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleItem {
    pub line_number: i64,
    pub title: String,
    pub color: String,
    pub size: String,
    pub quantity: i64,
    /// The product's picture, to find the right box.
    pub image_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConsolePickupList {
    pub objects: Vec<ConsolePickup>,
}

pub fn hash_key(key: &str) -> String {
    Sha256::digest(key.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The associate's key must be a live key of exactly this store; anything else is 401.
async fn authorize_store(state: &OrdersState, headers: &HeaderMap, store_id: &str) -> PickupResult<()> {
    let refused = || PickupError::coded(Code::StoreKeyInvalid, None, "sign in with this store's key");
    let key = headers.get("x-store-key").and_then(|value| value.to_str().ok()).map(str::trim).unwrap_or_default();
    if key.is_empty() || key.len() > 200 {
        return Err(refused());
    }
    match db::store_of_key(&state.db, &hash_key(key)).await? {
        Some(owner) if owner == store_id => Ok(()),
        _ => Err(refused()),
    }
}

/// The interaction with the items of its order. The order's lines come through the orders area's door; an
/// order that is gone (never, in practice: orders are not deleted) lists nothing.
async fn console_view(state: &OrdersState, record: PickupRecord) -> PickupResult<ConsolePickup> {
    let order = crate::orders::find_order_and_version(&state.db, &record.order_number).await?.map(|(order, _)| order);
    let complete = record.status == InteractionStatus::Complete.as_str();
    let items: Vec<ConsoleItem> = order
        .iter()
        .flat_map(|order| {
            order
                .lines
                .iter()
                .filter(move |line| {
                    let status = order.line_status(line);
                    status == SimpleStatus::ReadyForPickUp || (complete && status == SimpleStatus::PickedUp)
                })
                .map(|line| ConsoleItem {
                    line_number: line.line_number,
                    title: line.title.clone(),
                    color: line.color.clone(),
                    size: line.size.clone(),
                    quantity: line.quantity,
                    image_url: line.image_url.clone(),
                })
        })
        .collect();
    Ok(ConsolePickup {
        item_count: items.iter().map(|item| item.quantity).sum(),
        items,
        id: record.id,
        status: record.status,
        order_number: record.order_number.to_string(),
        vehicle_description: record.vehicle_description,
        created_at: rfc3339(record.created_at),
        claimed_at: record.claimed_at.map(rfc3339),
        completed_at: record.completed_at.map(rfc3339),
    })
}

/// Issue a store key for the associate console (X-Ops-Key). The key is answered once.
#[utoipa::path(post, path = "/ops/v1/stores/{storeId}/keys", tag = "curbside", security(("ops_key" = [])),
    params(("storeId" = String, Path)), request_body = CreateStoreKeyRequest,
    responses((status = 201, body = CreatedStoreKey), (status = 400, body = crate::error::ApiError),
              (status = 401, body = crate::error::ApiError), (status = 404, body = crate::error::ApiError)))]
pub async fn create_store_key(
    State(state): State<OrdersState>,
    _ops: Ops,
    Path(store_id): Path<String>,
    body: axum::body::Bytes,
) -> PickupResult<(StatusCode, Json<CreatedStoreKey>)> {
    // The body is optional: no body is a key without a label.
    let request: CreateStoreKeyRequest = if body.iter().all(u8::is_ascii_whitespace) {
        CreateStoreKeyRequest::default()
    } else {
        crate::ops::parse(&body)?
    };
    let label = request.label.as_deref().map(str::trim).filter(|label| !label.is_empty());
    if label.is_some_and(|label| label.chars().count() > 100) {
        return Err(AppError::validation("label", "the label is at most 100 characters").into());
    }
    crate::stores::find(&state.db, &store_id).await?.ok_or(AppError::StoreNotFound)?;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let key = format!("sk_{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes));
    db::insert_store_key(&state.db, &hash_key(&key), &store_id, label, state.clock.now_ms()).await?;
    Ok((StatusCode::CREATED, Json(CreatedStoreKey { store_id, key })))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevokedStoreKeys {
    pub store_id: String,
    /// Keys that were live and are now refused.
    pub revoked: u64,
}

/// Revoke every live key of a store (a lost tablet): its consoles are signed out at their next refresh.
#[utoipa::path(delete, path = "/ops/v1/stores/{storeId}/keys", tag = "curbside", security(("ops_key" = [])),
    params(("storeId" = String, Path)),
    responses((status = 200, body = RevokedStoreKeys), (status = 401, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError)))]
pub async fn revoke_store_keys(
    State(state): State<OrdersState>,
    _ops: Ops,
    Path(store_id): Path<String>,
) -> PickupResult<Json<RevokedStoreKeys>> {
    crate::stores::find(&state.db, &store_id).await?.ok_or(AppError::StoreNotFound)?;
    let revoked = db::revoke_store_keys(&state.db, &store_id, state.clock.now_ms()).await?;
    Ok(Json(RevokedStoreKeys { store_id, revoked }))
}

/// The store's open interactions, newest first. Answers an `ETag`; `If-None-Match` with it answers 304.
#[utoipa::path(get, path = "/ops/v1/stores/{storeId}/order_pickups", tag = "curbside",
    params(("storeId" = String, Path), ("X-Store-Key" = String, Header), ("If-None-Match" = Option<String>, Header)),
    responses((status = 200, body = ConsolePickupList, headers(("ETag" = String))), (status = 304),
              (status = 401, body = crate::error::ApiError, description = "store-key-invalid")))]
pub async fn list_open_pickups(
    State(state): State<OrdersState>,
    headers: HeaderMap,
    Path(store_id): Path<String>,
) -> PickupResult<Response> {
    authorize_store(&state, &headers, &store_id).await?;
    let mut objects = Vec::new();
    for record in db::open_at_store(&state.db, &store_id).await? {
        objects.push(console_view(&state, record).await?);
    }
    let body = serde_json::to_vec(&ConsolePickupList { objects }).map_err(|error| AppError::Internal(error.into()))?;
    let tag = format!("\"{}\"", &hash_key(&String::from_utf8_lossy(&body))[..32]);
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|given| given.split(',').any(|candidate| candidate.trim() == tag));
    let etag = HeaderValue::from_str(&tag).map_err(|error| AppError::Internal(error.into()))?;
    // private, no-cache: a browser may keep the list but must ask again every time (the ETag makes that cheap).
    let cache = HeaderValue::from_static("private, no-cache");
    if matches {
        return Ok((StatusCode::NOT_MODIFIED, [(header::ETAG, etag), (header::CACHE_CONTROL, cache)]).into_response());
    }
    Ok((
        [
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache),
            (header::CONTENT_TYPE, HeaderValue::from_static("application/json")),
        ],
        body,
    )
        .into_response())
}

/// An interaction of this store (another store's, or none: the same 404).
async fn of_store(state: &OrdersState, store_id: &str, id: &str) -> PickupResult<PickupRecord> {
    let Ok(id) = uuid::Uuid::parse_str(id) else {
        return Err(AppError::NotFound.into());
    };
    match db::find(&state.db, &id.to_string()).await? {
        Some(record) if record.store_id == store_id => Ok(record),
        _ => Err(AppError::NotFound.into()),
    }
}

async fn advance(
    state: &OrdersState,
    headers: &HeaderMap,
    store_id: &str,
    id: &str,
    to: InteractionStatus,
) -> PickupResult<Json<ConsolePickup>> {
    authorize_store(state, headers, store_id).await?;
    let record = of_store(state, store_id, id).await?;
    let from = match to {
        InteractionStatus::Claimed => InteractionStatus::Submitted,
        _ => InteractionStatus::Claimed,
    };
    let current = InteractionStatus::parse(&record.status);
    if current.is_none_or(|current| !curbside::may_transition(Actor::Associate, current, to)) {
        return Err(PickupError::invalid_transition(&record.status));
    }
    let now = state.clock.now_ms();
    let mut transaction = state.db.begin_write().await?;
    if !db::transition(&mut transaction, &record.id, Some(store_id), &[from.as_str()], to.as_str(), now).await? {
        // Another associate (or the shopper) changed it first: their change stands.
        return Err(PickupError::invalid_transition("changed by someone else"));
    }
    db::record_status_change(&mut transaction, &record, to.as_str(), now).await?;
    let mut stale = None;
    if to == InteractionStatus::Complete {
        // The goods are handed over: the order's ready lines become picked up, in the same transaction.
        let order_type: Option<String> = sqlx::query_scalar("SELECT order_type FROM orders WHERE order_number = $1")
            .bind(record.order_number.as_str())
            .fetch_optional(&mut *transaction)
            .await?;
        let order_type = order_type.ok_or(AppError::NotFound)?;
        let order_type = OrderType::parse(&order_type).unwrap_or(OrderType::SalesOrder);
        stale = Some(
            crate::orders::set_line_status_where(
                &mut transaction,
                &record.order_number,
                |raw| simple_status(order_type, raw) == SimpleStatus::ReadyForPickUp,
                PICKED_UP_RAW_STATUS,
                now,
            )
            .await?,
        );
    }
    transaction.commit().await?;
    if let Some(stale) = stale {
        stale.forget_in(&state.cache);
    }
    let updated = db::find(&state.db, &record.id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(console_view(state, updated).await?))
}

/// Claim a submitted interaction (an associate is on the way to the car).
#[utoipa::path(post, path = "/ops/v1/stores/{storeId}/order_pickups/{id}/claim", tag = "curbside",
    params(("storeId" = String, Path), ("id" = String, Path), ("X-Store-Key" = String, Header)),
    responses((status = 200, body = ConsolePickup), (status = 401, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError),
              (status = 409, body = crate::error::ApiError, description = "pickup-invalid-transition")))]
pub async fn claim_pickup(
    State(state): State<OrdersState>,
    headers: HeaderMap,
    Path((store_id, id)): Path<(String, String)>,
) -> PickupResult<Json<ConsolePickup>> {
    advance(&state, &headers, &store_id, &id, InteractionStatus::Claimed).await
}

/// Complete a claimed interaction: the order's lines ready for pickup become picked up.
#[utoipa::path(post, path = "/ops/v1/stores/{storeId}/order_pickups/{id}/complete", tag = "curbside",
    params(("storeId" = String, Path), ("id" = String, Path), ("X-Store-Key" = String, Header)),
    responses((status = 200, body = ConsolePickup), (status = 401, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError),
              (status = 409, body = crate::error::ApiError, description = "pickup-invalid-transition")))]
pub async fn complete_pickup(
    State(state): State<OrdersState>,
    headers: HeaderMap,
    Path((store_id, id)): Path<(String, String)>,
) -> PickupResult<Json<ConsolePickup>> {
    advance(&state, &headers, &store_id, &id, InteractionStatus::Complete).await
}
