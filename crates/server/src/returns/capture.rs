//! `POST /order_mgmt/user_return_captures/v1`: checks the request against the order's return options,
//! then in ONE transaction reserves the units (conditional UPDATE: never more than ordered), stores the
//! return with its lines, enqueues the `return_capture` job and stores the idempotent answer. Any refusal
//! leaves nothing behind.
//!
//! With `enableFakeReturn` on for the order's country (001 §4.2 "a fake-return flag shows a mock return
//! order instead of creating one", ADR 0017) the same checks run and the answer is a 200 mock of the
//! return, marked `fake`: nothing is reserved or stored, no job is started, no event or mail leaves.

use std::collections::HashSet;

use axum::body::Bytes;
use axum::response::{IntoResponse, Response};
use domain::ReturnNumber;
use domain::address::AddressFields;
use domain::address::flow;
use domain::returns::methods::{self, MethodChoice, ReturnMethod};
use domain::returns::quantity::DisableReason;
use domain::returns::{reasons, window};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db::{self, ReturnLineRow, ReturnRow};
use super::job::CaptureReturn;
use super::options::{self, carrier_offers, method_settings, offered_methods, price_for};
use crate::access::{OrderAccess, authorize_order};
use crate::caller::Caller;
use crate::carriers::{self, PickupAddress};
use crate::error::{AppError, AppResult, Code};
use crate::jobs::NewJob;
use crate::jobs::accept::{Effect, Once, accept};
use crate::orders::OrdersState;
use crate::orders::StoredOrder;

pub const SCOPE: &str = "POST /order_mgmt/user_return_captures/v1";
/// The raw status of a return until ops moves it along (001 §4.1: returnCreated).
pub const INITIAL_RAW_STATUS: &str = "return request created";
const MAX_LINES: usize = 100;
const MAX_TEXT: usize = 200;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptureLine {
    /// The line's gtin.
    #[serde(default)]
    pub universal_product_code: Option<String>,
    /// Alternatively the sales-order line number.
    #[serde(default)]
    pub line_number: Option<i64>,
    pub quantity: i64,
    /// App code (`tooBig`) or server code (`1`); unknown codes fall back to not-as-expected.
    pub reason_code: String,
    #[serde(default)]
    pub reason_text: Option<String>,
    /// The shopper's comment, at most 140 characters (not in Japan).
    #[serde(default)]
    pub comment: Option<String>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupSlotInput {
    /// YYYY-MM-DD.
    pub date: String,
    pub from_hour: u32,
    pub to_hour: u32,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupInput {
    pub address: PickupAddress,
    pub slot: PickupSlotInput,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptureRequest {
    #[schema(value_type = domain::OrderNumber, inline)]
    pub order_number: String,
    pub order_lines: Vec<CaptureLine>,
    #[serde(default)]
    pub method_id: Option<String>,
    #[serde(default)]
    pub return_method: Option<String>,
    #[serde(default)]
    pub standard_carrier_alpha_code: Option<String>,
    #[serde(default)]
    pub store_id: Option<String>,
    #[serde(default)]
    pub pickup: Option<PickupInput>,
    #[serde(default)]
    pub locale: Option<String>,
    #[serde(default)]
    pub capture_system: Option<String>,
    #[serde(default)]
    pub create_return_label_flag: Option<bool>,
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub ship_from: Option<serde_json::Value>,
    #[serde(default)]
    pub oms_region_reference: Option<String>,
    #[serde(default)]
    pub order_create_date: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptureResponseBody {
    pub return_order_number: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptureAccepted {
    pub job_id: String,
    pub response: CaptureResponseBody,
}

/// One line of a mock return: what would have been returned.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FakeReturnLine {
    pub universal_product_code: String,
    pub quantity: i64,
    /// The server's reason code the app code resolved to.
    pub reason_code: String,
}

/// The mock return order of `enableFakeReturn`: what the capture would have created. It has no return
/// order number, because no return exists; nothing can be looked up, labelled or refunded from it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FakeReturnOrder {
    pub order_number: String,
    /// The return method (e.g. returnToStore, PAPERLESS_RETURN, UPS_DROPOFF).
    pub return_method: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carrier_name: Option<String>,
    pub lines: Vec<FakeReturnLine>,
}

/// 200 instead of 202 when `enableFakeReturn` is on: a checked request, answered with a mock.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FakeCaptureAnswer {
    /// Always true: this is a demonstration, nothing was created.
    pub fake: bool,
    pub return_order: FakeReturnOrder,
}

/// What the job needs, stored on the return.
#[derive(Debug, Clone, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct StoredRequest {
    pub capture_system: Option<String>,
    pub create_return_label: bool,
    pub pickup_address: Option<PickupAddress>,
    pub pickup_slot: Option<(String, u32, u32)>,
    pub ship_from: Option<serde_json::Value>,
}

fn text_ok(value: Option<&str>, field: &str, max: usize) -> AppResult<()> {
    match value {
        Some(text) if text.chars().count() > max => {
            Err(AppError::validation(field, format!("{field} is at most {max} characters")))
        }
        _ => Ok(()),
    }
}

fn exceeded(index: usize) -> AppError {
    AppError::coded(
        Code::ReturnQuantityExceeded,
        format!("orderLines[{index}].quantity"),
        "That many units of this item can no longer be returned.",
    )
}

/// The method the request names (or the country's first), if the order offers it.
fn chosen_method(order: &StoredOrder, request: &CaptureRequest, offered: &[MethodChoice]) -> AppResult<MethodChoice> {
    let unavailable = || {
        AppError::coded(
            Code::ReturnMethodUnavailable,
            "returnMethod",
            "This return method is not available for this order.",
        )
    };
    if let Some(id) = request.method_id.as_deref() {
        let (method, carrier) =
            methods::parse_method_id(id).ok_or_else(|| AppError::validation("methodId", "unknown return method"))?;
        return methods::choose(offered, method, carrier.as_deref()).ok_or_else(unavailable);
    }
    let Some(code) = request.return_method.as_deref() else {
        return offered.first().cloned().ok_or_else(unavailable);
    };
    let method =
        ReturnMethod::parse(code).ok_or_else(|| AppError::validation("returnMethod", "unknown return method"))?;
    let carrier = match request.standard_carrier_alpha_code.as_deref().filter(|scac| !scac.trim().is_empty()) {
        Some(scac) => {
            let offers = carrier_offers(&order.country);
            let found = offers.iter().find_map(|offer| {
                let carrier = carriers::for_id(&offer.carrier_id)?;
                carrier.info().scac.eq_ignore_ascii_case(scac.trim()).then(|| offer.carrier_id.clone())
            });
            Some(found.ok_or_else(unavailable)?)
        }
        None => None,
    };
    methods::choose(offered, method, carrier.as_deref()).ok_or_else(unavailable)
}

/// A checked request: lines resolved, method chosen.
pub struct Checked {
    pub lines: Vec<(ReturnLineRow, i64)>,
    pub choice: MethodChoice,
    pub store_id: Option<String>,
    pub stored: StoredRequest,
    pub locale: String,
}

pub async fn check(
    state: &OrdersState,
    order: &StoredOrder,
    request: &CaptureRequest,
    as_member: bool,
) -> AppResult<Checked> {
    if request.order_lines.is_empty() {
        return Err(AppError::validation("orderLines", "choose at least one item to return"));
    }
    if request.order_lines.len() > MAX_LINES {
        return Err(AppError::validation("orderLines", "too many lines"));
    }
    text_ok(request.locale.as_deref(), "locale", 35)?;
    text_ok(request.capture_system.as_deref(), "captureSystem", 64)?;
    text_ok(request.oms_region_reference.as_deref(), "omsRegionReference", MAX_TEXT)?;
    text_ok(request.order_create_date.as_deref(), "orderCreateDate", 64)?;
    let now = state.clock.now_ms();
    let returned = db::returned_quantities(&state.db, &order.order_number).await?;
    let within = window::within_window(order.order_date, now, &order.country);
    let mut seen = HashSet::new();
    let mut lines = Vec::with_capacity(request.order_lines.len());
    for (index, input) in request.order_lines.iter().enumerate() {
        let field = |name: &str| format!("orderLines[{index}].{name}");
        let line = match (&input.line_number, input.universal_product_code.as_deref()) {
            (Some(number), _) => order.lines.iter().find(|line| line.line_number == *number),
            (None, Some(code)) => order.lines.iter().find(|line| line.gtin == code.trim()),
            (None, None) => {
                return Err(AppError::validation(field("universalProductCode"), "name the item by its code"));
            }
        }
        .ok_or_else(|| AppError::validation(field("universalProductCode"), "this item is not in the order"))?;
        if !seen.insert(line.line_number) {
            return Err(AppError::validation(field("universalProductCode"), "the same item is named twice"));
        }
        if input.quantity < 1 {
            return Err(AppError::validation(field("quantity"), "the quantity is at least 1"));
        }
        text_ok(input.comment.as_deref(), &field("comment"), domain::returns::COMMENT_MAX_CHARS)?;
        text_ok(input.reason_text.as_deref(), &field("reasonText"), domain::returns::COMMENT_MAX_CHARS)?;
        if input.reason_code.chars().count() > 64 {
            return Err(AppError::validation(field("reasonCode"), "unknown reason"));
        }
        if input.comment.as_deref().is_some_and(|c| !c.trim().is_empty())
            && !domain::returns::comment_allowed(&order.country)
        {
            return Err(AppError::validation(field("comment"), "comments are not taken in this country"));
        }
        let facts = options::line_facts(order, line, returned.get(&line.line_number).copied().unwrap_or(0), within);
        match facts.reason {
            Some(DisableReason::WindowClosed) => {
                return Err(AppError::coded(
                    Code::ReturnWindowClosed,
                    field("quantity"),
                    "The return period has ended.",
                ));
            }
            Some(DisableReason::FullyReturned) => return Err(exceeded(index)),
            Some(reason) => {
                return Err(AppError::coded(Code::ItemNotReturnable, field("universalProductCode"), reason.text()));
            }
            None if input.quantity > facts.quantity => return Err(exceeded(index)),
            None => {}
        }
        let (reason, _known) = reasons::resolve(&order.country, &input.reason_code);
        lines.push((
            ReturnLineRow {
                line_number: line.line_number,
                quantity: input.quantity,
                reason_code: reason.server_code.to_owned(),
                reason_text: reason.text.to_owned(),
                comment: input.comment.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_owned),
            },
            line.quantity,
        ));
    }
    let offered = offered_methods(order, method_settings(state, &order.country));
    let choice = chosen_method(order, request, &offered)?;
    let mut stored = StoredRequest {
        capture_system: request.capture_system.clone(),
        create_return_label: request.create_return_label_flag.unwrap_or(true),
        ship_from: request.ship_from.clone(),
        ..StoredRequest::default()
    };
    // The store selector (001 §2, step 4) is offered only with enableStoreSelector: without it a store return
    // is taken at any store of the country, and a chosen store is refused like any other field the flow does
    // not offer.
    let selector = state.settings.flag(&order.country, domain::country::Flag::EnableStoreSelector);
    let store_id = match (&request.store_id, choice.method.is_store()) {
        (Some(_), true) if !selector => {
            return Err(AppError::validation("storeId", "no store is chosen in this country: return at any store"));
        }
        (Some(id), true) => {
            let store = crate::orders::find_store(&state.db, id.trim())
                .await?
                .ok_or_else(|| AppError::validation("storeId", "unknown store"))?;
            if !store.country.eq_ignore_ascii_case(&order.country) {
                return Err(AppError::coded(
                    Code::StoreCountryMismatch,
                    "storeId",
                    "In-store returns must be made in the same country where your order was purchased.",
                ));
            }
            Some(store.store_id)
        }
        (Some(_), false) => return Err(AppError::validation("storeId", "a store is chosen only for a store return")),
        (None, _) => None,
    };
    match (&request.pickup, choice.method.is_pickup()) {
        (Some(pickup), true) => {
            let carrier = choice.carrier_id.as_deref().and_then(carriers::for_id).ok_or_else(|| {
                AppError::coded(Code::ReturnMethodUnavailable, "returnMethod", "No carrier serves this pickup.")
            })?;
            let today = state.clock.now().date_naive();
            let date = chrono::NaiveDate::parse_from_str(&pickup.slot.date, "%Y-%m-%d")
                .map_err(|_| AppError::validation("pickup.slot.date", "a date is YYYY-MM-DD"))?;
            let offered_slot = carrier.pickup_slots(today).into_iter().any(|slot| {
                slot.date == date && slot.from_hour == pickup.slot.from_hour && slot.to_hour == pickup.slot.to_hour
            });
            if !offered_slot {
                return Err(AppError::validation("pickup.slot", "choose one of the offered pickup slots"));
            }
            check_pickup_address(&pickup.address, &order.country)?;
            stored.pickup_address = Some(with_order_contact(&pickup.address, order));
            stored.pickup_slot = Some((pickup.slot.date.clone(), pickup.slot.from_hour, pickup.slot.to_hour));
        }
        // Every pickup (Korea's courier, UPS in the US, Sagawa in Japan, the EMEA carriers') is booked with
        // an address and a window, or it would be offered and then never come.
        (None, true) => {
            return Err(AppError::validation("pickup", "a pickup needs an address and a slot"));
        }
        (Some(_), false) => return Err(AppError::validation("pickup", "a pickup is booked only for a pickup method")),
        _ => {}
    }
    let _ = as_member;
    let locale = request.locale.clone().filter(|l| !l.trim().is_empty()).unwrap_or_else(|| "en".to_owned());
    Ok(Checked { lines, choice, store_id, stored, locale })
}

fn check_pickup_address(address: &PickupAddress, country: &str) -> AppResult<()> {
    let required = [
        ("pickup.address.name", address.name.as_str()),
        ("pickup.address.address1", address.address1.as_str()),
        ("pickup.address.city", address.city.as_str()),
        ("pickup.address.postalCode", address.postal_code.as_str()),
    ];
    for (field, value) in required {
        if value.trim().is_empty() {
            return Err(AppError::validation(field, "this field is required"));
        }
        text_ok(Some(value), field, MAX_TEXT)?;
    }
    text_ok(address.address2.as_deref(), "pickup.address.address2", MAX_TEXT)?;
    text_ok(address.state.as_deref(), "pickup.address.state", MAX_TEXT)?;
    text_ok(address.phone.as_deref(), "pickup.address.phone", 32)?;
    text_ok(address.email.as_deref(), "pickup.address.email", 254)?;
    if !address.country.eq_ignore_ascii_case(country) {
        return Err(AppError::validation("pickup.address.country", "the pickup must be in the order's country"));
    }
    Ok(())
}

/// The pickup as stored: without its own e-mail or phone it takes the order's (spec 002 §4 "Address
/// flow", the domain's `with_contact_fallback`), so the carrier can always reach the shopper.
fn with_order_contact(address: &PickupAddress, order: &StoredOrder) -> PickupAddress {
    let fields =
        AddressFields { email: address.email.clone(), phone: address.phone.clone(), ..AddressFields::default() };
    let order_phone = order.phone.as_ref().map(|phone| format!("+{}", phone.digits()));
    let filled = flow::with_contact_fallback(fields, order.email.as_deref(), order_phone.as_deref());
    PickupAddress { email: filled.email, phone: filled.phone, ..address.clone() }
}

fn new_return_number() -> AppResult<ReturnNumber> {
    let id = uuid::Uuid::new_v4().simple().to_string().to_ascii_uppercase();
    ReturnNumber::parse(&format!("R{}", id.get(..15).unwrap_or(&id)))
        .map_err(|error| AppError::Internal(Box::new(error)))
}

/// The order a capture (or the return options) names, once returns are on in its country, it is a sales
/// order, and it is returned here rather than on the retailer's global store (001 §6).
pub(super) async fn returnable_order(state: &OrdersState, access: &OrderAccess) -> AppResult<StoredOrder> {
    state.settings.require(Some(&access.country), domain::country::Flag::DisableReturns)?;
    let Some((order, _)) = crate::orders::find_order_and_version(&state.db, &access.order_number).await? else {
        return Err(AppError::OrderNotFound);
    };
    if order.order_type != domain::OrderType::SalesOrder {
        return Err(AppError::OrderNotFound);
    }
    if let Some(url) = options::returned_elsewhere(state, &order) {
        return Err(AppError::coded(
            Code::ItemNotReturnable,
            "isGlobalStoreOrder",
            format!("This order is returned on the global store's site: {url}"),
        ));
    }
    Ok(order)
}

/// `enableFakeReturn`: every check of a real capture (the same refusals with the same codes), then the
/// mock of what it would create. Reads only.
async fn fake(state: &OrdersState, request: &CaptureRequest, access: &OrderAccess) -> AppResult<FakeCaptureAnswer> {
    let order = returnable_order(state, access).await?;
    let checked = check(state, &order, request, access.as_member).await?;
    let gtin_of = |number: i64| {
        order.lines.iter().find(|line| line.line_number == number).map(|line| line.gtin.clone()).unwrap_or_default()
    };
    let lines = checked
        .lines
        .iter()
        .map(|(line, _)| FakeReturnLine {
            universal_product_code: gtin_of(line.line_number),
            quantity: line.quantity,
            reason_code: line.reason_code.clone(),
        })
        .collect();
    let carrier = checked.choice.carrier_id.as_deref().and_then(carriers::for_id);
    Ok(FakeCaptureAnswer {
        fake: true,
        return_order: FakeReturnOrder {
            order_number: order.order_number.to_string(),
            return_method: checked.choice.method.as_str().to_owned(),
            carrier_name: carrier.map(|carrier| carrier.info().name(&checked.locale).to_owned()),
            lines,
        },
    })
}

/// Checks the capture against the order and names its job and its record (the return and its lines).
async fn plan(
    state: &OrdersState,
    caller: &Caller,
    request: &CaptureRequest,
    access: OrderAccess,
) -> AppResult<(NewJob<CaptureReturn>, ReturnRecord)> {
    let owner_key = caller.owner_key().ok_or(AppError::OrderNotFound)?;
    let order = returnable_order(state, &access).await?;
    let checked = check(state, &order, request, access.as_member).await?;
    let price = price_for(&order, &checked.choice, access.as_member);
    let now = state.clock.now_ms();
    let return_order_number = new_return_number()?;
    let row = ReturnRow {
        return_order_number: return_order_number.clone(),
        parent_order_number: order.order_number.clone(),
        owner_key: owner_key.clone(),
        as_member: access.as_member,
        country: order.country.clone(),
        return_method: checked.choice.method.as_str().to_owned(),
        carrier_id: checked.choice.carrier_id.clone(),
        store_id: checked.store_id.clone(),
        locale: checked.locale.clone(),
        email: order.email.clone(),
        request: serde_json::to_value(&checked.stored).unwrap_or_default(),
        raw_status: INITIAL_RAW_STATUS.to_owned(),
        drop_off_code: None,
        tracking_number: None,
        refund_deduction: price.refund_deduction.0,
        created_at: now,
    };
    let job =
        NewJob { payload: CaptureReturn { return_order_number }, order_number: Some(access.order_number), owner_key };
    Ok((job, ReturnRecord { row, lines: checked.lines }))
}

/// The return, written beside its job with its units reserved.
struct ReturnRecord {
    row: ReturnRow,
    /// Each line with the quantity ordered.
    lines: Vec<(ReturnLineRow, i64)>,
}

impl Effect for ReturnRecord {
    type Answer = CaptureAccepted;

    async fn write(self, tx: &mut sqlx::AnyConnection, job_id: String) -> AppResult<CaptureAccepted> {
        let order_number = &self.row.parent_order_number;
        // Lines in one order, so that two captures of the same lines on PostgreSQL never wait on each other crosswise.
        let mut order_of_lines: Vec<(usize, &(ReturnLineRow, i64))> = self.lines.iter().enumerate().collect();
        order_of_lines.sort_by_key(|(_, (line, _))| line.line_number);
        for (index, (line, ordered)) in order_of_lines {
            if !db::reserve(tx, order_number, line.line_number, *ordered, line.quantity).await? {
                // The error rolls every reservation of this request back, with the job.
                return Err(exceeded(index));
            }
        }
        let lines: Vec<ReturnLineRow> = self.lines.into_iter().map(|(line, _)| line).collect();
        db::insert_return(tx, &self.row, &lines).await?;
        let requested = crate::events::EventData::ReturnRequested(db::event_data(&self.row, &lines, None));
        crate::events::record(tx, self.row.created_at, requested).await?;
        let return_order_number = self.row.return_order_number;
        Ok(CaptureAccepted {
            job_id,
            response: CaptureResponseBody { return_order_number: return_order_number.to_string() },
        })
    }
}

/// Creates a return; answers 202 with the job to poll (200 with a mock when enableFakeReturn is on).
#[utoipa::path(post, path = "/order_mgmt/user_return_captures/v1", tag = "returns", request_body = CaptureRequest,
    params(("Idempotency-Key" = inline(Option<crate::idempotency::KeyText>), Header, description = "Stripe semantics: replay, 422 on another body, 409 while running"),
           ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guests: email(...) or phoneNumber(...)")),
    responses((status = 202, body = CaptureAccepted),
              (status = 200, body = FakeCaptureAnswer, description = "enableFakeReturn on in the order's country: checked like a real capture, nothing created (ADR 0017)"),
              (status = 400, body = crate::error::ApiError, description = "validation-failed (field named), invalid-order-number, invalid-idempotency-key"),
              (status = 404, body = crate::error::ApiError, description = "service-order-detail-failure: no such order, or not the caller's"),
              (status = 409, body = crate::error::ApiError, description = "return-quantity-exceeded, return-window-closed, item-not-returnable, return-method-unavailable, store-country-mismatch, idempotency-request-in-progress"),
              (status = 422, body = crate::error::ApiError, description = "idempotency-key-reused")))]
pub async fn create_return_capture(
    axum::extract::State(state): axum::extract::State<OrdersState>,
    caller: Caller,
    crate::idempotency::IdempotencyKey(key): crate::idempotency::IdempotencyKey,
    bytes: Bytes,
) -> AppResult<Response> {
    let request: CaptureRequest = crate::extract::parse_json_bytes(&bytes)?;
    // Authorize before touching keys, so that a stranger cannot probe another caller's keys.
    let access = authorize_order(&state, &caller, &request.order_number).await?;
    if state.settings.flag(&access.country, domain::country::Flag::EnableFakeReturn) {
        // No key is kept: a mock writes nothing, so answering it again is the same as replaying it.
        return Ok(axum::Json(fake(&state, &request, &access).await?).into_response());
    }
    let order_number = access.order_number.clone();
    let owner_key = caller.owner_key().ok_or(AppError::OrderNotFound)?;
    let once = key.map(|key| Once { owner_key: &owner_key, scope: SCOPE, key, body: &bytes });
    let answer = accept(&state, once, plan(&state, &caller, &request, access)).await?;
    // The parent's view (shouldRefresh, returnable quantities) changes now.
    state.cache.forget_order(order_number.as_str(), &[]);
    Ok(answer)
}
