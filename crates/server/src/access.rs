//! Access to an order and to what hangs off it, decided in one place.
//!
//! Ownership is read from the database (one indexed row). The one exception is `member_sees_held`: a
//! member's body the response cache holds with its owner while the database's change generation says no
//! order was written since they were read (ADR 0028). A caller who may not see the order gets exactly the
//! error a missing order gets.

use domain::OrderNumber;
use domain::access::{OrderOwner, may_see};

use crate::caller::Caller;
use crate::db::{Columns, Param};
use crate::error::{AppError, AppResult};
use crate::platform::Platform;
use crate::rate_limit::{Guess, Limiter, Scope};

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

/// What the access check reads of an order row.
#[derive(Debug, Clone)]
pub struct OrderFacts {
    pub owner: OrderOwner,
    pub order_type: String,
    pub country: String,
    pub version: i64,
    pub busy: bool,
}

/// The columns `OrderFacts::from_row` reads, for a SELECT over `orders` (alias `o`): its `busy_jobs`
/// counts the order's pending or running jobs.
pub const ORDER_FACTS_BUSY_COLUMN: &str = "(SELECT COUNT(*) FROM jobs j WHERE j.order_number = o.order_number \
     AND j.status IN ('PENDING', 'IN_PROGRESS')) AS busy_jobs";

impl OrderFacts {
    /// Reads the facts from a row holding `upm_id`, `email`, `phone_digits`, `order_type`, `country`,
    /// `version` and `busy_jobs` (see `ORDER_FACTS_BUSY_COLUMN`), in that order.
    pub(crate) fn from_row(row: &dyn Columns) -> Result<Self, sqlx::Error> {
        Ok(Self {
            owner: OrderOwner {
                upm_id: row.optional_text(0)?,
                email: row.optional_text(1)?,
                phone_digits: row.optional_text(2)?,
            },
            order_type: row.text(3)?,
            country: row.text(4)?,
            version: row.integer(5)?,
            busy: row.integer(6)? > 0,
        })
    }
}

/// Decides whether `caller` may see order `raw_number`.
///
/// Guest credentials are rate limited per client and per order whenever they are sent, with or without
/// a member token (a token must not switch the limit off); so is a caller with neither.
pub async fn authorize_order(state: &Platform, caller: &Caller, raw_number: &str) -> AppResult<OrderAccess> {
    let (access, ()) = authorize_order_with(state, caller, raw_number, |number| async move {
        static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
            format!(
                "SELECT upm_id, email, phone_digits, order_type, country, version, {ORDER_FACTS_BUSY_COLUMN} \
                 FROM orders o WHERE order_number = $1"
            )
        });
        // On the hot read path (`Db::read`): with the response cache on, this check is all a cached order
        // detail reads.
        let mut facts = None;
        state
            .db
            .read(&SQL, &[Param::Text(number.as_str())], |row| {
                facts = Some((OrderFacts::from_row(row)?, ()));
                Ok(())
            })
            .await?;
        Ok(facts)
    })
    .await?;
    Ok(access)
}

/// Whether `caller` may see an order whose owner the response cache holds (current at the database's
/// change generation, `ResponseCache::trusted_order`), decided from memory. Only a member who sends no
/// guest credentials is decided here: guest guesses are rate limited in the database. `false` means "ask
/// `authorize_order`", which gives every refusal its one answer.
pub fn member_sees_held(caller: &Caller, owner: &OrderOwner) -> bool {
    caller.member.is_some() && !caller.has_guest_credentials() && may_see(&caller.member_viewer(), owner)
}

/// `authorize_order` with the caller's own read of the order: `load` returns the access facts together
/// with whatever else it read in the same query (the order detail reads the whole order in one round
/// trip). What `load` read is handed back only when the caller may see the order; the rules, the rate
/// limits and the answers are exactly `authorize_order`'s.
pub async fn authorize_order_with<T, F, Fut>(
    state: &Platform,
    caller: &Caller,
    raw_number: &str,
    load: F,
) -> AppResult<(OrderAccess, T)>
where
    F: FnOnce(OrderNumber) -> Fut,
    Fut: Future<Output = AppResult<Option<(OrderFacts, T)>>>,
{
    let order_number = OrderNumber::parse(raw_number).map_err(|_| AppError::InvalidOrderNumber)?;
    let guessing = caller.has_guest_credentials() || caller.member.is_none();
    if guessing {
        state.limiter.check_client(caller.client_ip)?;
    }
    if caller.has_guest_credentials() {
        state.limiter.check_pair(&state.db, &state.clock, guest_lookup(order_number.as_str(), caller)).await?;
    }
    let Some((facts, loaded)) = load(order_number.clone()).await? else {
        return Err(refused(state, caller, order_number.as_str()).await);
    };
    let as_member = may_see(&caller.member_viewer(), &facts.owner);
    if !as_member && !may_see(&caller.guest_viewer(), &facts.owner) {
        return Err(refused(state, caller, order_number.as_str()).await);
    }
    let access = OrderAccess {
        order_number,
        owner: facts.owner,
        order_type: facts.order_type,
        country: facts.country,
        as_member,
        version: facts.version,
        busy: facts.busy,
    };
    Ok((access, loaded))
}

/// A guest's guess at `order_number`.
fn guest_lookup<'a>(order_number: &'a str, caller: &Caller) -> Guess<'a> {
    Guess { scope: Scope::GuestLookup, subject: order_number, client: caller.client_ip }
}

/// The answer to a caller who may not see the order: the same 404 as for a missing order, and, when guest
/// credentials were guessed, one failure counted (429 once this client or this order has had too many).
async fn refused(state: &Platform, caller: &Caller, order_number: &str) -> AppError {
    if !caller.has_guest_credentials() {
        return AppError::OrderNotFound;
    }
    match state.limiter.record_failure(&state.db, &state.clock, guest_lookup(order_number, caller)).await {
        Ok(outcome) => Limiter::failure_answer(&outcome, AppError::OrderNotFound),
        Err(error) => error,
    }
}
