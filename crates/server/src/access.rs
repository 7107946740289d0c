//! Access to an order and to what hangs off it, decided in one place.
//!
//! Ownership is read from the database (one indexed row), never from a cache that another process may
//! have made stale. A caller who may not see the order gets exactly the error a missing order gets.

use domain::OrderNumber;
use domain::access::{OrderOwner, may_see};
use sqlx::Row;

use crate::caller::Caller;
use crate::error::{AppError, AppResult};
use crate::rate_limit::{Limiter, Scope};
use crate::state::AppState;

/// An order the caller has been allowed to see.
#[derive(Debug, Clone)]
pub struct OrderAccess {
    pub order_number: OrderNumber,
    pub owner: OrderOwner,
    pub order_type: String,
    pub country: String,
    /// True when the caller is the order's member (not only a guest with its e-mail or phone).
    pub as_member: bool,
    /// The order's version (bumped by every write): keys the cached rendered body.
    pub version: i64,
    /// A job of this order is pending or running: a change is expected soon (`shouldRefresh`).
    pub busy: bool,
}

/// Decides whether `caller` may see order `raw_number`.
///
/// Guest credentials are rate limited per client and per order whenever they are sent, with or without
/// a member token (a token must not switch the limit off); so is a caller with neither.
pub async fn authorize_order(state: &AppState, caller: &Caller, raw_number: &str) -> AppResult<OrderAccess> {
    let order_number = OrderNumber::parse(raw_number).map_err(|_| AppError::InvalidOrderNumber)?;
    let guessing = caller.has_guest_credentials() || caller.member.is_none();
    if guessing {
        state.limiter.check_client(caller.client_ip)?;
    }
    if caller.has_guest_credentials() {
        state
            .limiter
            .check_pair(&state.db, &state.clock, Scope::GuestLookup, order_number.as_str(), caller.client_ip)
            .await?;
    }
    let row = sqlx::query(
        "SELECT upm_id, email, phone_digits, order_type, country, version, \
         (SELECT COUNT(*) FROM jobs j WHERE j.order_number = orders.order_number \
          AND j.status IN ('PENDING', 'IN_PROGRESS')) AS busy_jobs \
         FROM orders WHERE order_number = $1",
    )
    .bind(order_number.as_str())
    .fetch_optional(&state.db.pool)
    .await?;
    let Some(row) = row else {
        return Err(refused(state, caller, order_number.as_str()).await);
    };
    let owner = OrderOwner {
        upm_id: row.try_get("upm_id")?,
        email: row.try_get("email")?,
        phone_digits: row.try_get("phone_digits")?,
    };
    let as_member = may_see(&caller.member_viewer(), &owner);
    if !as_member && !may_see(&caller.guest_viewer(), &owner) {
        return Err(refused(state, caller, order_number.as_str()).await);
    }
    Ok(OrderAccess {
        order_number,
        owner,
        order_type: row.try_get("order_type")?,
        country: row.try_get("country")?,
        as_member,
        version: row.try_get("version")?,
        busy: row.try_get::<i64, _>("busy_jobs")? > 0,
    })
}

/// The answer to a caller who may not see the order: the same 404 as for a missing order, and, when guest
/// credentials were guessed, one failure counted (429 once this client or this order has had too many).
async fn refused(state: &AppState, caller: &Caller, order_number: &str) -> AppError {
    if !caller.has_guest_credentials() {
        return AppError::OrderNotFound;
    }
    match state
        .limiter
        .record_failure(&state.db, &state.clock, Scope::GuestLookup, order_number, caller.client_ip)
        .await
    {
        Ok(outcome) => Limiter::failure_answer(&outcome, AppError::OrderNotFound),
        Err(error) => error,
    }
}
