//! `GET /orders/history/v1`, `GET /orders/history/v1/{orderNumber}`, `GET /orders/summary/v1/{orderNumber}`.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;
use base64::Engine;
use domain::access::OrderOwner;
use domain::history_filter::{parse_history_filters, year_at, year_range_ms};
use domain::{OrderNumber, OrderType};

use super::OrdersState;
use super::cache::{BodyKey, CachedOrder, HeldAnswer, KeptGzip, ResponseCache};
use super::db::{self, Anchor};
use super::hooks;
use super::ready;
use super::view::{self, HistoryResponse, OrderDetail, Pages};
use super::{detail, ready_detail, ready_page};
use crate::access::{OrderAccess, authorize_order, authorize_order_with};
use crate::around::{self, AcceptsGzip};
use crate::auth::Member;
use crate::caller::{Caller, filter_values};
use crate::error::{AppError, AppResult};
use crate::extract::QueryPairs;

/// Orders per history page. The spec does not give a page size; ten orders' lines is our choice.
pub const HISTORY_PAGE_ORDERS: usize = 10;

crate::platform::area_router!(
    states: [OrdersState, crate::auth::AuthState],
    routes: [(list_order_history), (get_order_detail), (get_order_summary)],
);

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

const HISTORY_FILTER_DOC: &str = "Repeat the parameter or separate filters with commas; each name at most once: orderType(SALES_ORDER) (default) or \
orderType(PARTNER_SALES_ORDER); orderNumber(<4 to 20 letters or digits>), a part of the order number or of one of its \
return orders' numbers, any case, spaces and hyphens ignored; \
status(inProgress|delivered|cancelled|returned), orders with a line in that group; year(<yyyy>), 1970 to next \
year, in the time zone of `country`'s country (UTC without one).";

/// The member's order lines, newest order first (or oldest first), keyset-paged; optionally found by
/// order or return number or filtered by status and year (issue 9). A page holds whole orders.
/// Partner orders (`orderType(PARTNER_SALES_ORDER)`) need enablePartnerOrders in the country and the
/// member's `partnerOrderDataSharing` consent: without it the list is empty.
#[utoipa::path(get, path = "/orders/history/v1", tag = "orders", security(("bearer" = [])),
    params(
        ("filter" = Option<String>, Query, description = HISTORY_FILTER_DOC),
        ("anchor" = Option<String>, Query, description = "From pages.next"),
        ("sort" = Option<String>, Query, description = "orderSubmitDateDesc (newest first, the default) or orderSubmitDateAsc (oldest first)"),
        ("country" = Option<String>, Query, description = "Also sets the time zone of year(...) and orderYears"),
        ("language" = Option<String>, Query),
        ("giftcards" = Option<bool>, Query, description = "true: the answer carries giftCards"),
    ),
    responses((status = 200, body = HistoryResponse), (status = 400, body = crate::error::ApiError),
              (status = 401, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError, description = "feature-disabled: partner orders with enablePartnerOrders off in the country")))]
pub async fn list_order_history(
    State(state): State<OrdersState>,
    member: Member,
    query: QueryPairs,
    AcceptsGzip(gzip): AcceptsGzip,
) -> AppResult<Response> {
    // Taken before anything is read: a page found current stays so while it is the same (ADR 0028).
    let generation = state.cache.is_on().then(|| state.db.change_generation()).flatten();
    // Years are read in the shopper's country's time zone, so an order placed on New Year's Eve evening
    // in New York belongs to the old year there.
    let zone = query.first("country").map_or(chrono_tz::UTC, |code| state.settings.country(code).time_zone);
    let latest_year = year_at(state.clock.now_ms(), zone) + 1;
    let filters = parse_history_filters(filter_values(&query), latest_year)
        .map_err(|error| AppError::InvalidFilter(error.to_string()))?;
    let order_type = filters.order_type;
    if order_type == OrderType::PartnerSalesOrder {
        state.settings.require(query.first("country"), domain::country::Flag::EnablePartnerOrders)?;
    }
    let sort = match query.first("sort") {
        None => db::HistorySort::NewestFirst,
        Some(text) => db::HistorySort::parse(text).ok_or_else(|| {
            AppError::InvalidQuery(format!(
                "sort {text} is not supported; use orderSubmitDateDesc or orderSubmitDateAsc"
            ))
        })?,
    };
    let with_gift_cards = match query.first("giftcards") {
        None | Some("false") => false,
        Some("true") => true,
        Some(_) => return Err(AppError::InvalidQuery("giftcards is true or false".to_owned())),
    };
    let anchor_text = query.first("anchor");
    let anchor = anchor_text.map(decode_anchor).transpose()?;
    // Partner orders are listed only while the member shares their order data with partners (000 §6): a
    // member who never gave that consent, or withdrew it, gets an empty list whatever is stored. Asked
    // before any cached or stored page, which do not follow consent changes.
    if order_type == OrderType::PartnerSalesOrder
        && !crate::consent::granted(&state.db, &member.upm_id, crate::consent::ConsentType::PartnerOrderDataSharing)
            .await?
    {
        let empty = HistoryResponse {
            order_items: Vec::new(),
            pages: Pages { next: None },
            gift_cards: with_gift_cards.then(Vec::new),
            order_years: anchor.is_none().then(Vec::new),
        };
        return Ok(json_bytes(to_bytes(&empty)?));
    }
    let filter_query: Vec<String> = filters.query_values().into_iter().map(|value| format!("filter={value}")).collect();
    // One cached and one stored page per (member, list and filters, gift cards or not, time zone, latest
    // year, page): the time zone decides the year range and orderYears, the latest year what a filter may name.
    let mut cache_list = format!("{}|{with_gift_cards}|{}|{latest_year}", filter_query.join("&"), zone.name());
    // The oldest-first list is another list: its own cached and stored pages (the newest-first keys are
    // the ones they always were, so pages stored before the sort existed still answer).
    if sort == db::HistorySort::OldestFirst {
        cache_list.push_str("|asc");
    }
    let page = db::HistoryQuery {
        upm_id: &member.upm_id,
        filters: &filters,
        year_range: filters.year.map(|year| year_range_ms(year, zone)),
        anchor: anchor.as_ref(),
        page_orders: HISTORY_PAGE_ORDERS,
        sort,
    };
    // A page is current while the member's version is the one it was rendered at (ADR 0013): a cached
    // page after one probe of that version, else a stored page read with it (the version read there,
    // before the page is rendered, is the one a rendered page is kept and stored with, so a write that
    // lands meanwhile leaves it behind).
    // A page found current since nothing changed (the change generation) is answered without the probe.
    let held_page = || ResponseCache::history_key(&member.upm_id, &cache_list, anchor_text);
    if let Some((body, version, trusted)) =
        state.cache.history(&member.upm_id, &cache_list, anchor_text, generation, gzip)
    {
        if trusted {
            return Ok(held_answer(&state.cache, held_page, body, gzip).await);
        }
        if ready_page::member_version(&state.db, &member.upm_id).await? == version {
            if let Some(generation) = generation {
                state.cache.trust_history(&member.upm_id, &cache_list, anchor_text, version, generation);
            }
            return Ok(held_answer(&state.cache, held_page, body, gzip).await);
        }
    }
    let tag = ready_detail::tag(&state.settings);
    let page_key = ready_page::page_key(&cache_list, anchor_text);
    let stored = ready_page::find(&state.db, &member.upm_id, &page_key, tag).await?;
    if let Some(body) = stored.body {
        state.cache.put_history(
            &member.upm_id,
            &cache_list,
            anchor_text,
            body.clone(),
            stored.member_version,
            generation,
        );
        return Ok(held_answer(&state.cache, held_page, HeldAnswer::Plain(body), gzip).await);
    }
    // The first page also names the years that hold orders; its probes run beside the page's query.
    let (ready, order_years) = if anchor.is_none() {
        let (found, years) = tokio::try_join!(
            db::ready_history_page(&state.db, &page),
            db::order_years(&state.db, &member.upm_id, order_type.as_str(), zone, latest_year)
        )?;
        (found, Some(years))
    } else {
        (db::ready_history_page(&state.db, &page).await?, None)
    };
    let next_page = |last: Option<(i64, &str)>, has_more: bool| match last {
        Some((order_date, order_number)) if has_more => Some(format!(
            "anchor={}&{}&sort={}",
            encode_anchor(order_date, order_number),
            filter_query.join("&"),
            sort.as_str()
        )),
        _ => None,
    };
    let now = state.clock.now_ms();
    let flags = |country: &str| hooks::action_flags(&state, country);
    let gift_cards = with_gift_cards.then(Vec::new);
    let body = match ready {
        // Every order on the page has current ready rows (the usual case): written in, with their actions.
        Some(db::ReadyHistoryPage { orders, has_more }) => {
            let pages =
                Pages { next: next_page(orders.last().map(|o| (o.order_date, o.order_number.as_str())), has_more) };
            to_bytes_with(|out| {
                view::write_history(
                    out,
                    |out| ready::write_items(out, now, &orders, flags),
                    &pages,
                    gift_cards.as_deref(),
                    order_years.as_deref(),
                )
            })?
        }
        None => {
            let db::HistoryPage { orders, has_more, returns } = db::history_page(&state.db, &page).await?;
            let orders: Vec<_> = orders.into_iter().map(|(order, _)| order).collect();
            let pages =
                Pages { next: next_page(orders.last().map(|o| (o.order_date, o.order_number.as_str())), has_more) };
            let items = view::history_items(now, orders, flags, &returns);
            to_bytes(&HistoryResponse { order_items: items, pages, gift_cards, order_years })?
        }
    };
    state.cache.put_history(&member.upm_id, &cache_list, anchor_text, body.clone(), stored.member_version, generation);
    state.ready_pages.offer(ready_page::Ready {
        upm_id: member.upm_id.to_string(),
        page_key,
        member_version: stored.member_version,
        tag,
        body: body.clone(),
    });
    Ok(held_answer(&state.cache, held_page, HeldAnswer::Plain(body), gzip).await)
}

/// Bodies are written into one buffer per thread and copied out at their exact size. These bodies are
/// kept in the response cache, whose budget counts their length: `serde_json::to_vec` grows its vector by
/// doubling, so a kept body held on average about 1.4 times its length (the allocator does not give back
/// the spare capacity of a shrunk block). The reused buffer also saves the reallocations of growing.
pub(super) fn to_bytes<T: serde::Serialize>(value: &T) -> AppResult<Bytes> {
    to_bytes_with(|out| serde_json::to_writer(out, value))
}

/// The body `write` writes, in the thread's buffer (see `to_bytes`).
fn to_bytes_with(write: impl FnOnce(&mut Vec<u8>) -> Result<(), serde_json::Error>) -> AppResult<Bytes> {
    /// A buffer that grew past this (a very large history page) is not kept for the next body.
    const KEEP_AT_MOST: usize = 256 * 1024;
    thread_local! {
        static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        buffer.clear();
        let written = write(&mut buffer);
        let body = Bytes::copy_from_slice(&buffer);
        if buffer.capacity() > KEEP_AT_MOST {
            *buffer = Vec::new();
        }
        written.map(|()| body).map_err(|error| AppError::Internal(Box::new(error)))
    })
}

fn json_bytes(body: Bytes) -> Response {
    let mut response = Response::new(axum::body::Body::from(body));
    // Room for the headers added on the way out (length, `Vary`, `around`'s three), so that none of them
    // makes the map grow (a rehash of every entry).
    *response.headers_mut() = HeaderMap::with_capacity(12);
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// A body the response cache may hold, as the caller is answered (ADR 0038). For a caller that accepts gzip:
/// the gzip kept beside the body, or, for a held body without one, the body gzipped now (at gzip's default
/// level, `around::gzip_to_keep`) and kept. Otherwise, and for a body the cache does not hold, the body as it is,
/// which the layer around the router compresses at its fastest level for a caller that asked.
async fn held_answer(cache: &ResponseCache, key: impl FnOnce() -> BodyKey, answer: HeldAnswer, gzip: bool) -> Response {
    let body = match answer {
        HeldAnswer::Gzip(kept) => return gzip_bytes(kept),
        HeldAnswer::Plain(body) => body,
    };
    if !gzip {
        return json_bytes(body);
    }
    let key = key();
    match cache.kept_gzip(&key, &body) {
        KeptGzip::Gzip(kept) => gzip_bytes(kept),
        KeptGzip::NotHeld => json_bytes(body),
        KeptGzip::Missing => match around::gzip_to_keep(body.clone(), flate2::Compression::default()).await {
            Some(made) => {
                cache.keep_gzip(&key, &body, made.clone());
                gzip_bytes(made)
            }
            None => json_bytes(body),
        },
    }
}

/// A JSON answer whose body is `gzipped`, kept gzipped (`held_answer`).
fn gzip_bytes(gzipped: Bytes) -> Response {
    let mut response = json_bytes(Bytes::new());
    around::send_gzipped(&mut response, gzipped);
    response
}

/// The order's rendered body: from the cache when it was rendered from the version the access check
/// read, else rendered from the database (and cached unless a change is expected soon). `generation`: the
/// database's change generation taken before the access check (`load_visible_order`).
async fn rendered_order(
    state: &OrdersState,
    access: &OrderAccess,
    generation: Option<u64>,
) -> AppResult<Option<Bytes>> {
    let order_number = access.order_number.as_str();
    let trust = generation.filter(|_| !access.busy).map(|generation| (&access.owner, generation));
    if !access.busy
        && let Some(CachedOrder::Found { version, body, until }) = state.cache.order(order_number)
        && version == access.version
        && until.is_none_or(|until| state.clock.now_ms() < until)
    {
        if let Some((owner, generation)) = trust {
            state.cache.trust_order(order_number, version, owner, generation);
        }
        return Ok(Some(body));
    }
    let Some(loaded) = db::find_order_with_lines(&state.db, order_number).await? else {
        return Ok(None);
    };
    render_order(state, loaded, trust).await.map(Some)
}

/// Renders a loaded order, caches it unless a change is expected soon, and stores it as the order's
/// ready detail (behind this answer) when nothing in it changes with the clock any more. `trust`: the
/// owner the access check found and the change generation taken before it, when nothing was busy.
async fn render_order(
    state: &OrdersState,
    loaded: db::OrderWithReturns,
    trust: Option<(&OrderOwner, u64)>,
) -> AppResult<Bytes> {
    let order_number = loaded.order.order_number.clone();
    let now = state.clock.now_ms();
    let rendered = detail::render(state, loaded, now).await?;
    // Kept until the earliest action deadline at most (an action's window may close before 10 minutes).
    if !rendered.should_refresh && rendered.until.is_none_or(|until| until > now) {
        let until = rendered.until;
        let freshness = until.map(|until| std::time::Duration::from_millis((until - now).unsigned_abs()));
        let cached = CachedOrder::Found { version: rendered.version, body: rendered.body.clone(), until };
        state.cache.put_order_for(&order_number, cached, freshness);
        if let Some((owner, generation)) = trust {
            state.cache.trust_order(&order_number, rendered.version, owner, generation);
        }
    }
    if let Some(ready) = rendered.ready {
        state.ready_details.offer(ready);
    }
    Ok(rendered.body)
}

async fn load_visible_order(state: &OrdersState, caller: &Caller, raw_number: &str, gzip: bool) -> AppResult<Response> {
    // Taken before anything is read: what the reads below find current stays so while it is the same.
    let generation = state.cache.is_on().then(|| state.db.change_generation()).flatten();
    let number = OrderNumber::parse(raw_number).ok();
    // A member's body held since nothing changed: decided and answered from memory (ADR 0028).
    if let (Some(generation), Some(number)) = (generation, &number)
        && let Some(held) = state
            .cache
            .trusted_order(number.as_str(), generation, gzip, |owner| crate::access::member_sees_held(caller, owner))
        && held.until.is_none_or(|until| state.clock.now_ms() < until)
    {
        return Ok(held_answer(&state.cache, || ResponseCache::order_key(number.as_str()), held.body, gzip).await);
    }
    // Nothing cached for this order (always so with the cache off): the access check also reads the
    // order's ready detail, which answers when it is current (ADR 0012); otherwise the order is read whole
    // and rendered. With a cached body, the access check's version decides whether it is current.
    let nothing_cached = number.as_ref().is_none_or(|number| !state.cache.holds_order(number.as_str()));
    if nothing_cached {
        let tag = ready_detail::tag(&state.settings);
        let now = state.clock.now_ms();
        let (access, ready) = authorize_order_with(state, caller, raw_number, |number| async move {
            ready_detail::find(&state.db, number.as_str(), tag, now).await
        })
        .await?;
        let trust = generation.filter(|_| !access.busy).map(|generation| (&access.owner, generation));
        if let Some(ready) = ready
            && !access.busy
            && now >= ready.settled_at
        {
            let order_number = access.order_number.as_str();
            state.cache.put_order(
                order_number,
                CachedOrder::Found { version: access.version, body: ready.body.clone(), until: None },
            );
            if let Some((owner, generation)) = trust {
                state.cache.trust_order(order_number, access.version, owner, generation);
            }
            return Ok(order_answer(state, &access, ready.body, gzip).await);
        }
        return match db::find_order_with_lines(&state.db, access.order_number.as_str()).await? {
            Some(loaded) => Ok(order_answer(state, &access, render_order(state, loaded, trust).await?, gzip).await),
            None => Err(AppError::OrderNotFound),
        };
    }
    let access = authorize_order(state, caller, raw_number).await?;
    match rendered_order(state, &access, generation).await? {
        Some(body) => Ok(order_answer(state, &access, body, gzip).await),
        None => Err(AppError::OrderNotFound),
    }
}

/// The order's body as the caller is answered (`held_answer`).
async fn order_answer(state: &OrdersState, access: &OrderAccess, body: Bytes, gzip: bool) -> Response {
    let key = || ResponseCache::order_key(access.order_number.as_str());
    held_answer(&state.cache, key, HeldAnswer::Plain(body), gzip).await
}

const DETAIL_PARAMS_DOC: &str = "member by bearer token, or guest by filter=email(...) / filter=phoneNumber(...)";

/// One order with its groups, items, payment and totals (member or guest).
#[utoipa::path(get, path = "/orders/history/v1/{orderNumber}", tag = "orders", description = DETAIL_PARAMS_DOC,
    params(("orderNumber" = inline(domain::OrderNumber), Path),
           ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "email(...) or phoneNumber(<countryCode><number>) for guests"),
           ("locale" = Option<String>, Query), ("country" = Option<String>, Query), ("language" = Option<String>, Query),
           ("timezone" = Option<String>, Query)),
    responses((status = 200, body = OrderDetail), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError), (status = 429, body = crate::error::ApiError)))]
pub async fn get_order_detail(
    State(state): State<OrdersState>,
    Path(order_number): Path<String>,
    caller: Caller,
    AcceptsGzip(gzip): AcceptsGzip,
) -> AppResult<Response> {
    load_visible_order(&state, &caller, &order_number, gzip).await
}

/// The order summary: the same shape as the detail; its failure code is `service-order-summary-failure`.
#[utoipa::path(get, path = "/orders/summary/v1/{orderNumber}", tag = "orders", description = DETAIL_PARAMS_DOC,
    params(("orderNumber" = inline(domain::OrderNumber), Path),
           ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "email(...) or phoneNumber(<countryCode><number>) for guests")),
    responses((status = 200, body = OrderDetail), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError), (status = 429, body = crate::error::ApiError)))]
pub async fn get_order_summary(
    State(state): State<OrdersState>,
    Path(order_number): Path<String>,
    caller: Caller,
    AcceptsGzip(gzip): AcceptsGzip,
) -> AppResult<Response> {
    load_visible_order(&state, &caller, &order_number, gzip).await.map_err(|error| match error {
        AppError::OrderNotFound => AppError::OrderSummaryNotFound,
        other => other,
    })
}
