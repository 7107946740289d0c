//! An order's detail body rendered from its records: for the detail route and `orders ready-details`.

use axum::body::Bytes;

use super::OrdersState;
use super::db::{self, OrderWithReturns};
use super::hooks;
use super::ready_detail::{self, Ready};
use super::routes::to_bytes;
use super::view::{self, OrderDetail, ViewContext};
use crate::error::AppResult;

/// A rendered detail body and what decides how long it may be kept.
pub struct Rendered {
    pub body: Bytes,
    /// The order's version the body was rendered from.
    pub version: i64,
    /// Unix ms: the earliest action deadline in the body (it must be rendered again then).
    pub until: Option<i64>,
    /// A job of the order is pending: a change is expected soon (`shouldRefresh`).
    pub should_refresh: bool,
    /// The body as a ready detail, when nothing in it changes with the clock any more (`ready_detail`).
    pub ready: Option<Ready>,
}

/// Renders `loaded` as the detail answers it at `now`.
pub async fn render(state: &OrdersState, loaded: OrderWithReturns, now: i64) -> AppResult<Rendered> {
    let OrderWithReturns { order, version, returns_by_sku, returned_by_line, cancelled_at, has_money_events, facts } =
        loaded;
    let store = match order.pickup_store_id.as_deref() {
        Some(store_id) => db::find_store(&state.db, store_id).await?,
        None => None,
    };
    let should_refresh = facts.busy;
    let returns = hooks::return_facts(state, &order, &returned_by_line);
    let extras = hooks::order_extras(state, &order, cancelled_at, has_money_events).await?;
    let settles_at = ready_detail::settles_at(&order, extras.cancellable_until);
    let order_number = order.order_number.clone();
    let context = ViewContext {
        now,
        flags: hooks::action_flags(state, &order.country),
        returns: &returns,
        returns_by_sku: &returns_by_sku,
        extras: &extras,
        contributors: &state.order_contributors,
    };
    let detail: OrderDetail = view::order_detail(order, store, should_refresh, &context)?;
    let body = to_bytes(&detail)?;
    let until = view::earliest_deadline(&detail, now);
    let ready = match settles_at {
        Some(settled_at) if !should_refresh && until.is_none() && now > settled_at => {
            ready_detail::without_age(&body, &detail.age).map(|body| Ready {
                order_number: order_number.to_string(),
                version,
                tag: ready_detail::tag(&state.settings),
                settled_at,
                body,
            })
        }
        _ => None,
    };
    Ok(Rendered { body, version, until, should_refresh, ready })
}
