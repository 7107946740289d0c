//! `GET /orders/history/v1`, `GET /orders/history/v1/{orderNumber}`, `GET /orders/summary/v1/{orderNumber}`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine;
use domain::guest_filter::Filter;
use domain::{OrderNumber, OrderType};

use super::cache::{CachedOrder, Owner};
use super::db::{self, Anchor};
use super::view::{self, HistoryResponse, OrderDetail, Pages};
use crate::access::authorize_order;
use crate::app::AppState;
use crate::auth::Member;
use crate::caller::{Caller, filters};
use crate::error::{AppError, AppResult};
use crate::extract::QueryPairs;

/// Orders per history page. The spec does not give a page size; ten orders' lines is our choice.
pub const HISTORY_PAGE_ORDERS: usize = 10;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/orders/history/v1", get(list_order_history))
        .route("/orders/history/v1/{order_number}", get(get_order_detail))
        .route("/orders/summary/v1/{order_number}", get(get_order_summary))
}

fn encode_anchor(order_date: i64, order_number: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(format!("{order_date}:{order_number}"))
}

fn decode_anchor(text: &str) -> AppResult<Anchor> {
    let invalid = || AppError::InvalidQuery("anchor is not a page link this server gave".to_owned());
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text).map_err(|_| invalid())?;
    let decoded = String::from_utf8(bytes).map_err(|_| invalid())?;
    let (date, number) = decoded.split_once(':').ok_or_else(invalid)?;
    let order_number = OrderNumber::parse(number).map_err(|_| invalid())?;
    Ok(Anchor { order_date: date.parse().map_err(|_| invalid())?, order_number: order_number.into_string() })
}

/// The member's order lines, newest order first, keyset-paged.
#[utoipa::path(get, path = "/orders/history/v1", tag = "orders", security(("bearer" = [])),
    params(
        ("filter" = Option<String>, Query, description = "orderType(SALES_ORDER) (default) or orderType(PARTNER_SALES_ORDER)"),
        ("anchor" = Option<String>, Query, description = "From pages.next"),
        ("sort" = Option<String>, Query, description = "orderSubmitDateDesc (the only order)"),
        ("country" = Option<String>, Query), ("language" = Option<String>, Query),
    ),
    responses((status = 200, body = HistoryResponse), (status = 400, body = crate::error::ApiError),
              (status = 401, body = crate::error::ApiError)))]
pub async fn list_order_history(
    State(state): State<AppState>,
    member: Member,
    query: QueryPairs,
) -> AppResult<Response> {
    let mut order_type = OrderType::SalesOrder;
    for filter in filters(&query)? {
        match filter {
            Filter::OrderType(kind) => order_type = kind,
            Filter::Email(_) | Filter::PhoneNumber(_) => {
                return Err(AppError::InvalidFilter("the history list takes only orderType(...)".to_owned()));
            }
        }
    }
    if let Some(sort) = query.first("sort").filter(|sort| *sort != "orderSubmitDateDesc") {
        return Err(AppError::InvalidQuery(format!("sort {sort} is not supported; use orderSubmitDateDesc")));
    }
    let anchor_text = query.first("anchor");
    let anchor = anchor_text.map(decode_anchor).transpose()?;
    if let Some(body) = state.cache.history(&member.upm_id, order_type.as_str(), anchor_text) {
        return Ok(json_bytes(body));
    }
    let (orders, has_more) =
        db::history_page(&state.db, &member.upm_id, order_type.as_str(), anchor.as_ref(), HISTORY_PAGE_ORDERS).await?;
    let next = match orders.last() {
        Some(last) if has_more => Some(format!(
            "anchor={}&filter=orderType({})&sort=orderSubmitDateDesc",
            encode_anchor(last.order_date, &last.order_number),
            order_type.as_str()
        )),
        _ => None,
    };
    let body = to_bytes(&HistoryResponse { order_items: view::history_items(orders), pages: Pages { next } })?;
    state.cache.put_history(&member.upm_id, order_type.as_str(), anchor_text, body.clone());
    Ok(json_bytes(body))
}

fn to_bytes<T: serde::Serialize>(value: &T) -> AppResult<Bytes> {
    serde_json::to_vec(value).map(Bytes::from).map_err(|error| AppError::Internal(Box::new(error)))
}

fn json_bytes(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}

/// The order as cached, or read from the database and cached (absent orders too, briefly).
async fn cached_order(state: &AppState, order_number: &str) -> AppResult<CachedOrder> {
    if let Some(cached) = state.cache.order(order_number) {
        return Ok(cached);
    }
    let loaded = match db::find_order_with_lines(&state.db, order_number).await? {
        None => CachedOrder::Absent,
        Some((order, lines)) => {
            let owner = Owner {
                upm_id: order.upm_id.clone(),
                email: order.email.clone(),
                phone_digits: order.phone_digits.clone(),
            };
            let store = match order.pickup_store_id.as_deref() {
                Some(store_id) => db::find_store(&state.db, store_id).await?,
                None => None,
            };
            let detail: OrderDetail = view::order_detail(order, lines, store)?;
            CachedOrder::Found { owner, body: to_bytes(&detail)? }
        }
    };
    state.cache.put_order(order_number, loaded.clone());
    Ok(loaded)
}

async fn load_visible_order(state: &AppState, caller: &Caller, raw_number: &str) -> AppResult<Response> {
    let access = authorize_order(state, caller, raw_number).await?;
    match cached_order(state, access.order_number.as_str()).await? {
        CachedOrder::Found { body, .. } => Ok(json_bytes(body)),
        CachedOrder::Absent => Err(AppError::OrderNotFound),
    }
}

const DETAIL_PARAMS_DOC: &str = "member by bearer token, or guest by filter=email(...) / filter=phoneNumber(...)";

/// One order with its groups, items, payment and totals (member or guest).
#[utoipa::path(get, path = "/orders/history/v1/{orderNumber}", tag = "orders", description = DETAIL_PARAMS_DOC,
    params(("orderNumber" = String, Path, description = "4 to 32 letters or digits"),
           ("filter" = Option<String>, Query, description = "email(...) or phoneNumber(<countryCode><number>) for guests"),
           ("locale" = Option<String>, Query), ("country" = Option<String>, Query), ("language" = Option<String>, Query),
           ("timezone" = Option<String>, Query)),
    responses((status = 200, body = OrderDetail), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError), (status = 429, body = crate::error::ApiError)))]
pub async fn get_order_detail(
    State(state): State<AppState>,
    Path(order_number): Path<String>,
    caller: Caller,
) -> AppResult<Response> {
    load_visible_order(&state, &caller, &order_number).await
}

/// The order summary: the same shape as the detail.
#[utoipa::path(get, path = "/orders/summary/v1/{orderNumber}", tag = "orders", description = DETAIL_PARAMS_DOC,
    params(("orderNumber" = String, Path, description = "4 to 32 letters or digits"),
           ("filter" = Option<String>, Query, description = "email(...) or phoneNumber(<countryCode><number>) for guests")),
    responses((status = 200, body = OrderDetail), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError), (status = 429, body = crate::error::ApiError)))]
pub async fn get_order_summary(
    State(state): State<AppState>,
    Path(order_number): Path<String>,
    caller: Caller,
) -> AppResult<Response> {
    load_visible_order(&state, &caller, &order_number).await
}
