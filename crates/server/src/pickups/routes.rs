//! The shopper's calls (spec 002 §7): `POST /store/order_pickups/v1`, `GET` and `PATCH
//! /store/order_pickups/v1/{id}`, and `GET /store/curbside_offers/v1/{orderNumber}` (our addition: what the
//! order detail needs to link to the curbside page: the store, the service id and the order's QR id).
//!
//! Access: the one access rule (`access::authorize_order`) on the interaction's order, for members and
//! guests alike; anyone else gets the same 404 as for an interaction that does not exist.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use domain::curbside::{self, Actor, InteractionStatus};
use domain::{OrderNumber, SimpleStatus};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db::{self, NewPickup, PickupRecord};
use super::{PickupError, PickupResult};
use crate::access::{OrderAccess, authorize_order};
use crate::caller::Caller;
use crate::error::{AppError, Code};
use crate::extract::JsonBody;
use crate::orders::OrdersState;

crate::platform::area_router!(
    states: [OrdersState, crate::auth::AuthState],
    routes: [(create_pickup), (get_pickup, patch_pickup), (get_curbside_offer)],
);

/// The address of an interaction (the `Location` of a create and of a duplicate).
pub fn location_of(id: &str) -> String {
    format!("/store/order_pickups/v1/{id}")
}

pub const AUTHOR_TYPE: &str = "CONSUMER";
pub const NOTE_TARGET: &str = "ATHLETE";
/// Name of the secret the QR ids are derived from (`secrets::load_or_create`).
const QR_SECRET: &str = "curbside-qr-key";

#[derive(Debug, Deserialize, Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct PickupNote {
    // The vehicle description: required, at most 100 characters.
    #[serde(default)]
    #[schema(schema_with = vehicle_text, required = true)]
    pub text: Option<String>,
    // CONSUMER.
    #[serde(default)]
    #[schema(schema_with = author_type)]
    pub author_type: Option<String>,
    // ATHLETE.
    #[serde(default)]
    #[schema(schema_with = note_target)]
    pub target: Option<String>,
}

#[derive(Debug, Deserialize, Serialize, ToSchema, Clone)]
pub struct ValidationCode {
    // STORE_CONSUMER_ORDER_CODE.
    #[serde(rename = "type", default)]
    #[schema(schema_with = validation_code_type)]
    pub kind: Option<String>,
    // The order's QR id (the page's `qrId` query parameter).
    #[serde(default)]
    #[schema(schema_with = qr_text, required = true)]
    pub code: Option<String>,
}

/// One fixed value, as the document's closed set of one.
fn one_value(value: &str, description: &str) -> utoipa::openapi::schema::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .enum_values(Some([value]))
        .description(Some(description))
        .build()
}

fn author_type() -> utoipa::openapi::schema::Object {
    one_value(AUTHOR_TYPE, "The note's author: the shopper.")
}

fn note_target() -> utoipa::openapi::schema::Object {
    one_value(NOTE_TARGET, "Whom the note is for.")
}

fn validation_code_type() -> utoipa::openapi::schema::Object {
    one_value(curbside::VALIDATION_CODE_TYPE, "The kind of code: the order's own QR id.")
}

fn store_service() -> utoipa::openapi::schema::Object {
    one_value(curbside::CURBSIDE_SERVICE_ID, "The store service asked for.")
}

fn vehicle_text() -> utoipa::openapi::schema::Object {
    let mut text = crate::extract::non_blank_text(curbside::VEHICLE_MAX_CHARS, crate::extract::ANY_CONTROL_CLASS);
    text.description = Some("The vehicle description the associate looks for.".to_owned());
    text
}

/// The QR id: letters and digits the server made (`qr_id`); a wrong one is refused as data (422).
fn qr_text() -> utoipa::openapi::schema::Object {
    let mut text = crate::extract::non_blank_text(256, crate::extract::ANY_CONTROL_CLASS);
    text.description = Some("The order's QR id (the page's `qrId` query parameter).".to_owned());
    text
}

fn store_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(64, crate::extract::ANY_CONTROL_CLASS)
}

/// Every field is required; a missing one answers `curbside-missing-parameters` naming it (the fields are
/// `Option` only so that the server, not serde, says which).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreatePickupRequest {
    // Exactly one note: the vehicle description.
    #[serde(default)]
    #[schema(min_items = 1, max_items = 1, required = true)]
    pub notes: Vec<PickupNote>,
    #[serde(default)]
    #[schema(value_type = domain::OrderNumber, inline, required = true)]
    pub order_number: Option<String>,
    #[serde(default)]
    #[schema(schema_with = store_text, required = true)]
    pub store_id: Option<String>,
    #[serde(default)]
    #[schema(schema_with = store_service, required = true)]
    pub store_service_id: Option<String>,
    #[serde(default)]
    #[schema(value_type = ValidationCode, required = true)]
    pub validation_code: Option<ValidationCode>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedPickup {
    pub id: String,
    /// SUBMITTED.
    pub status: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupView {
    pub id: String,
    /// SUBMITTED, CLAIMED, COMPLETE or CANCELLED_CONSUMER.
    pub status: String,
    pub order_number: String,
    pub store_id: String,
    pub store_service_id: String,
    pub notes: Vec<PickupNote>,
    /// RFC 3339, UTC.
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PatchPickupRequest {
    /// The shopper may only set CANCELLED_CONSUMER.
    #[serde(default)]
    pub status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurbsideOffer {
    pub order_number: String,
    pub store_id: String,
    pub store_service_id: String,
    /// The order's own QR id: the `qrId` of the curbside page and the `validationCode.code` of the request.
    pub qr_id: String,
    pub validation_code_type: String,
    /// The order's open "I'm here" request, if one was sent (from this tab, another tab or another
    /// device): the page follows it instead of asking again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open_pickup_id: Option<String>,
}

pub fn rfc3339(millis: i64) -> String {
    chrono::DateTime::from_timestamp_millis(millis)
        .map(|at| at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .unwrap_or_default()
}

fn view(record: PickupRecord) -> PickupView {
    PickupView {
        id: record.id,
        status: record.status,
        order_number: record.order_number.to_string(),
        store_id: record.store_id,
        store_service_id: record.store_service_id,
        notes: vec![PickupNote {
            text: Some(record.vehicle_description),
            author_type: Some(AUTHOR_TYPE.to_owned()),
            target: Some(NOTE_TARGET.to_owned()),
        }],
        created_at: rfc3339(record.created_at),
        updated_at: rfc3339(record.updated_at),
    }
}

fn present(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|text| !text.is_empty())
}

/// The order's QR id: an HMAC of the order number under a secret the server keeps, so every process
/// answers the same id and nobody can make one for an order they were not given.
pub async fn qr_id(state: &OrdersState, order_number: &str) -> PickupResult<String> {
    let key = crate::secrets::load_or_create(&state.db, QR_SECRET).await?;
    let signature = crate::secrets::sign(&key, format!("curbside-qr:{order_number}").as_bytes());
    Ok(signature.chars().take(20).collect())
}

fn constant_time_equal(left: &str, right: &str) -> bool {
    left.len() == right.len() && left.bytes().zip(right.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// Whether the order has a line ready for pickup at `store_id`.
async fn ready_at(state: &OrdersState, access: &OrderAccess, store_id: &str) -> PickupResult<bool> {
    let Some((pickup_store, ready)) = pickup_facts(state, &access.order_number).await? else {
        return Ok(false);
    };
    Ok(ready && pickup_store.as_deref() == Some(store_id))
}

/// Where the order is to be picked up, and whether a line of it is ready for pickup: read through the orders
/// area's door, not its tables.
async fn pickup_facts(state: &OrdersState, order_number: &OrderNumber) -> PickupResult<Option<(Option<String>, bool)>> {
    let Some((order, _)) = crate::orders::find_order_and_version(&state.db, order_number).await? else {
        return Ok(None);
    };
    let ready = order.lines.iter().any(|line| order.line_status(line) == SimpleStatus::ReadyForPickUp);
    Ok(Some((order.pickup_store_id, ready)))
}

/// The store, checked for curbside and open now (in that order: a store without curbside says so even
/// when it is closed).
async fn curbside_store(state: &OrdersState, store_id: &str) -> PickupResult<()> {
    let store = crate::stores::find(&state.db, store_id).await?.ok_or(AppError::StoreNotFound)?;
    if !store.services.iter().any(|service| service == curbside::CURBSIDE_SERVICE_ID) {
        return Err(PickupError::rule(Code::CurbsideNotOffered, "This store does not offer curbside pickup."));
    }
    if !store.view(state.clock.now()).is_open_now {
        return Err(PickupError::rule(Code::CurbsideStoreClosed, "The store is closed now."));
    }
    Ok(())
}

/// An interaction the caller may see, else the same 404 as a missing one: the caller who created it
/// (ADR 0004: recorded under `Caller::owner_key()`), or anyone the access rule lets see its order.
///
/// The creator's check comes first and takes no guess budget: the page polls every second, and a guest's
/// 60 lookups a minute would otherwise run out while waiting at the curb. The id is a random UUID and the
/// creator proves the same identity again, so this is no guess at an order number.
async fn visible(state: &OrdersState, caller: &Caller, id: &str) -> PickupResult<PickupRecord> {
    let Ok(id) = uuid::Uuid::parse_str(id) else {
        return Err(AppError::NotFound.into());
    };
    let record = db::find(&state.db, &id.to_string()).await?.ok_or(AppError::NotFound)?;
    if caller.identity_keys().contains(&record.owner_key) {
        return Ok(record);
    }
    match authorize_order(state, caller, &record.order_number).await {
        Ok(_) => Ok(record),
        Err(AppError::OrderNotFound | AppError::InvalidOrderNumber) => Err(AppError::NotFound.into()),
        Err(other) => Err(other.into()),
    }
}

/// Tell the store the shopper has arrived ("I'm here").
#[utoipa::path(post, path = "/store/order_pickups/v1", tag = "curbside", request_body = CreatePickupRequest,
    params(("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guest: email(...) or phoneNumber(cc+number)")),
    responses(
        (status = 201, body = CreatedPickup, headers(("Location" = String))),
        (status = 400, body = crate::error::ApiError, description = "curbside-missing-parameters (field named), validation-failed (notes[0].text, storeServiceId, validationCode.type, ...)"),
        (status = 404, body = crate::error::ApiError, description = "service-order-detail-failure: no such order for this caller; store-views-service-failure: no such store"),
        (status = 409, body = crate::error::ApiError, description = "pickup-duplicate: the order has an open interaction, named by Location"),
        (status = 422, body = crate::error::ApiError, description = "curbside-store-closed, curbside-not-offered, curbside-order-not-ready, curbside-invalid-validation-code"),
        (status = 429, body = crate::error::ApiError)))]
pub async fn create_pickup(
    State(state): State<OrdersState>,
    caller: Caller,
    JsonBody(request): JsonBody<CreatePickupRequest>,
) -> PickupResult<Response> {
    let order_number = present(request.order_number.as_deref()).ok_or_else(|| PickupError::missing("orderNumber"))?;
    let store_id = present(request.store_id.as_deref()).ok_or_else(|| PickupError::missing("storeId"))?;
    let code = request.validation_code.as_ref();
    let qr =
        present(code.and_then(|c| c.code.as_deref())).ok_or_else(|| PickupError::missing("validationCode.code"))?;
    let service = present(request.store_service_id.as_deref()).ok_or_else(|| PickupError::missing("storeServiceId"))?;
    if service != curbside::CURBSIDE_SERVICE_ID {
        return Err(AppError::validation("storeServiceId", "the curbside store service id is `curbside`").into());
    }
    if let Some(kind) = present(code.and_then(|c| c.kind.as_deref()))
        && kind != curbside::VALIDATION_CODE_TYPE
    {
        return Err(AppError::validation("validationCode.type", "the type is STORE_CONSUMER_ORDER_CODE").into());
    }
    let [note] = request.notes.as_slice() else {
        return Err(AppError::validation("notes", "one note: the vehicle description").into());
    };
    if present(note.author_type.as_deref()).is_some_and(|author| author != AUTHOR_TYPE) {
        return Err(AppError::validation("notes[0].authorType", "the author type is CONSUMER").into());
    }
    if present(note.target.as_deref()).is_some_and(|target| target != NOTE_TARGET) {
        return Err(AppError::validation("notes[0].target", "the target is ATHLETE").into());
    }
    let vehicle = curbside::vehicle_description(note.text.as_deref().unwrap_or_default())
        .map_err(|error| AppError::validation("notes[0].text", error.to_string()))?;
    let access = authorize_order(&state, &caller, order_number).await?;
    state.settings.require(Some(&access.country), domain::country::Flag::EnableCurbsidePickup)?;
    let owner_key = caller.owner_key().ok_or(AppError::OrderNotFound)?;
    curbside_store(&state, store_id).await?;
    if !ready_at(&state, &access, store_id).await? {
        return Err(PickupError::rule(
            Code::CurbsideOrderNotReady,
            "This order is not ready for pickup at this store.",
        ));
    }
    if !constant_time_equal(qr, &qr_id(&state, access.order_number.as_str()).await?) {
        return Err(PickupError::rule(Code::CurbsideInvalidValidationCode, "This code does not belong to this order."));
    }
    let id = uuid::Uuid::new_v4().to_string();
    let new = NewPickup {
        id: &id,
        order_number: &access.order_number,
        store_id,
        store_service_id: service,
        vehicle_description: &vehicle,
        owner_key: &owner_key,
        now: state.clock.now_ms(),
    };
    if let Err(open) = db::insert_open(&state.db, &new).await? {
        return Err(PickupError::Duplicate { location: open });
    }
    let mut response =
        (StatusCode::CREATED, Json(CreatedPickup { id: id.clone(), status: "SUBMITTED".to_owned() })).into_response();
    if let Ok(location) = HeaderValue::from_str(&location_of(&id)) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    Ok(response)
}

/// One interaction (the shopper's page polls it every second).
#[utoipa::path(get, path = "/store/order_pickups/v1/{id}", tag = "curbside",
    params(("id" = String, Path), ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guest credentials")),
    responses((status = 200, body = PickupView), (status = 404, body = crate::error::ApiError)))]
pub async fn get_pickup(
    State(state): State<OrdersState>,
    caller: Caller,
    Path(id): Path<String>,
) -> PickupResult<Json<PickupView>> {
    Ok(Json(view(visible(&state, &caller, &id).await?)))
}

/// The shopper withdraws a request: `{"status":"CANCELLED_CONSUMER"}` is the only change allowed.
#[utoipa::path(patch, path = "/store/order_pickups/v1/{id}", tag = "curbside", request_body = PatchPickupRequest,
    params(("id" = String, Path), ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guest credentials")),
    responses((status = 200, body = PickupView),
              (status = 400, body = crate::error::ApiError, description = "validation-failed: status other than CANCELLED_CONSUMER"),
              (status = 404, body = crate::error::ApiError),
              (status = 409, body = crate::error::ApiError, description = "pickup-invalid-transition: already complete or cancelled")))]
pub async fn patch_pickup(
    State(state): State<OrdersState>,
    caller: Caller,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<PatchPickupRequest>,
) -> PickupResult<Json<PickupView>> {
    let record = visible(&state, &caller, &id).await?;
    let wanted = request.status.as_deref().and_then(InteractionStatus::parse);
    let current = InteractionStatus::parse(&record.status).unwrap_or(InteractionStatus::Complete);
    let Some(to @ InteractionStatus::CancelledConsumer) = wanted else {
        return Err(AppError::validation("status", "a shopper may only set CANCELLED_CONSUMER").into());
    };
    if !curbside::may_transition(Actor::Shopper, current, to) {
        return Err(PickupError::invalid_transition(&record.status));
    }
    let mut transaction = state.db.begin_write().await?;
    let open = [InteractionStatus::Submitted.as_str(), InteractionStatus::Claimed.as_str()];
    let now = state.clock.now_ms();
    if !db::transition(&mut transaction, &record.id, None, &open, to.as_str(), now).await? {
        // Completed by the store between our read and our write: the store's change stands.
        return Err(PickupError::invalid_transition("no longer open"));
    }
    // The status read above may be older than the one just left; the event names the one read.
    db::record_status_change(&mut transaction, &record, to.as_str(), now).await?;
    transaction.commit().await?;
    let updated = db::find(&state.db, &record.id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(view(updated)))
}

/// What the order detail links the curbside page with: for an order ready for pickup at a store that
/// offers curbside (open or not: the page itself says when the store is closed).
#[utoipa::path(get, path = "/store/curbside_offers/v1/{orderNumber}", tag = "curbside",
    params(("orderNumber" = inline(domain::OrderNumber), Path), ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guest credentials")),
    responses((status = 200, body = CurbsideOffer), (status = 404, body = crate::error::ApiError),
              (status = 422, body = crate::error::ApiError, description = "curbside-order-not-ready, curbside-not-offered")))]
pub async fn get_curbside_offer(
    State(state): State<OrdersState>,
    caller: Caller,
    Path(order_number): Path<String>,
) -> PickupResult<Json<CurbsideOffer>> {
    let access = authorize_order(&state, &caller, &order_number).await?;
    state.settings.require(Some(&access.country), domain::country::Flag::EnableCurbsidePickup)?;
    let store_id = pickup_facts(&state, &access.order_number)
        .await?
        .and_then(|(store, _)| store)
        .ok_or_else(|| PickupError::rule(Code::CurbsideOrderNotReady, "This order is not picked up at a store."))?;
    if !ready_at(&state, &access, &store_id).await? {
        return Err(PickupError::rule(Code::CurbsideOrderNotReady, "This order is not ready for pickup."));
    }
    let store = crate::stores::find(&state.db, &store_id).await?.ok_or(AppError::StoreNotFound)?;
    if !store.services.iter().any(|service| service == curbside::CURBSIDE_SERVICE_ID) {
        return Err(PickupError::rule(Code::CurbsideNotOffered, "This store does not offer curbside pickup."));
    }
    Ok(Json(CurbsideOffer {
        qr_id: qr_id(&state, access.order_number.as_str()).await?,
        order_number: access.order_number.as_str().to_owned(),
        store_id,
        store_service_id: curbside::CURBSIDE_SERVICE_ID.to_owned(),
        validation_code_type: curbside::VALIDATION_CODE_TYPE.to_owned(),
        open_pickup_id: db::open_of_order(&state.db, &access.order_number).await?,
    }))
}
