//! The `order_cancel` job: decides with the server's clock and applies the cancel in one transaction
//! together with the job's outcome.

use domain::cancellation::{
    self, ALREADY_CANCELLED_MESSAGE, CANCELLED_RAW_STATUS, Decision, PENDING_CANCEL_RAW_STATUS,
    PENDING_MODIFICATION_CANCEL,
};
use domain::status::displayed_status;
use domain::{Money, SimpleStatus, simple_status};
use serde::{Deserialize, Serialize};

use super::db::{self, MoneyEvent, OrderFacts};
use super::policy;
use crate::error::Code;
use crate::events;
use crate::jobs::{Finish, Job, JobError, JobResult, RunInfo, complete_in};
use crate::orders::OrdersState;

pub const KIND: &str = "order_cancel";

/// The `order_cancel` job's payload; the order is the job's own `order_number`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CancelOrder {
    /// As the request said it, kept for operators.
    pub source_of_request: Option<String>,
}

/// The job's `response`: `{}`, or `{"pendingModification": {"type": "CANCEL_ORDER"}}` when the warehouse
/// must confirm.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CancelOutcome {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_modification: Option<PendingModification>,
}

#[derive(Debug, Serialize)]
pub struct PendingModification {
    #[serde(rename = "type")]
    pub kind: &'static str,
}

/// Tries before giving up on an order whose lines keep changing under the cancel (each try re-reads).
const RACE_TRIES: usize = 5;

pub fn statuses(facts: &OrderFacts) -> Vec<SimpleStatus> {
    facts
        .lines
        .iter()
        .map(|line| displayed_status(simple_status(facts.order_type, &line.raw_status), facts.payment_hold))
        .collect()
}

pub fn cancellable_until(facts: &OrderFacts) -> i64 {
    let customised = facts.lines.iter().any(|line| line.customised);
    policy().cancellable_until(facts.order_date, &facts.country, customised)
}

fn outcome(pending: bool) -> CancelOutcome {
    CancelOutcome { pending_modification: pending.then_some(PendingModification { kind: PENDING_MODIFICATION_CANCEL }) }
}

/// Records the money given back for lines cancelled now (nothing was taken from an order whose payment
/// is still on hold), and the shipping once no line is left to ship.
pub async fn release_money(
    connection: &mut sqlx::AnyConnection,
    facts: &OrderFacts,
    cancelled_now: &[usize],
    none_left: bool,
    now: i64,
) -> Result<(), sqlx::Error> {
    if facts.payment_hold {
        return Ok(());
    }
    for index in cancelled_now {
        let Some(line) = facts.lines.get(*index) else { continue };
        let event = MoneyEvent {
            id: format!("release:{}:{}", facts.order_number, line.line_number),
            order_number: &facts.order_number,
            kind: "released",
            amount: line.charged,
            currency: facts.currency,
            method: &facts.method,
            occurred_at: now,
        };
        db::record_money_event(connection, &event).await?;
    }
    if none_left && facts.shipping_total > 0 {
        let event = MoneyEvent {
            id: format!("release:{}:shipping", facts.order_number),
            order_number: &facts.order_number,
            kind: "released",
            amount: Money(facts.shipping_total).0,
            currency: facts.currency,
            method: &facts.method,
            occurred_at: now,
        };
        db::record_money_event(connection, &event).await?;
    }
    Ok(())
}

impl Job for CancelOrder {
    const KIND: &'static str = KIND;
    type Context = OrdersState;
    type Outcome = CancelOutcome;
    const EXHAUSTED: Code = Code::ServiceCancellationFailure;

    async fn run(self, state: OrdersState, run: RunInfo) -> JobResult<CancelOutcome> {
        cancel(&state, &run).await
    }
}

async fn cancel(state: &OrdersState, run: &RunInfo) -> JobResult<CancelOutcome> {
    let Some(order_number) = run.order_number.clone() else {
        return Ok(Finish::denied(400, Code::InvalidOrderNumber, "the job names no order"));
    };
    for _ in 0..RACE_TRIES {
        let Some(facts) = db::order_facts(&state.db, &order_number).await.map_err(JobError::retry)? else {
            return Ok(Finish::denied(404, Code::ServiceOrderDetailFailure, "order not found"));
        };
        let now = state.clock.now_ms();
        let decision = cancellation::decide(&statuses(&facts), now, cancellable_until(&facts));
        let (cancel_now, request) = match decision {
            Decision::AlreadyCancelled => {
                return deny(state, run, &order_number, 409, Code::AlreadyCancelled, ALREADY_CANCELLED_MESSAGE).await;
            }
            Decision::AlreadyPending => return Ok(Finish::Completed(outcome(true))),
            Decision::Refused(refusal) => {
                return deny(state, run, &order_number, 422, refusal_code(refusal), refusal.message()).await;
            }
            Decision::Accept { now, request } => (now, request),
        };
        let pending = !request.is_empty();
        let finish = Finish::Completed(outcome(pending));
        // Writes only (the read was above): SQLite takes its write lock at the first statement, and every
        // change is conditional on the status read, so a status event in between makes it lose cleanly.
        let mut tx = state.db.begin_write().await.map_err(JobError::retry)?;
        let mut won = true;
        let moves = cancel_now
            .iter()
            .map(|index| (*index, CANCELLED_RAW_STATUS))
            .chain(request.iter().map(|index| (*index, PENDING_CANCEL_RAW_STATUS)));
        for (index, to) in moves {
            let Some(line) = facts.lines.get(index) else { continue };
            let swapped = db::swap_status(&mut tx, &order_number, line.line_number, &line.raw_status, to);
            if !swapped.await.map_err(JobError::retry)? {
                won = false;
                break;
            }
            if to == CANCELLED_RAW_STATUS {
                db::stamp_cancelled(&mut tx, &order_number, line, now).await.map_err(JobError::retry)?;
            }
        }
        if !won {
            tx.rollback().await.map_err(JobError::retry)?;
            continue;
        }
        let none_left = request.is_empty()
            && statuses(&facts)
                .iter()
                .enumerate()
                .all(|(index, status)| *status == SimpleStatus::Cancelled || cancel_now.contains(&index));
        release_money(&mut tx, &facts, &cancel_now, none_left, now).await.map_err(JobError::retry)?;
        let line_numbers = |indexes: &[usize]| -> Vec<i64> {
            indexes.iter().filter_map(|index| facts.lines.get(*index)).map(|line| line.line_number).collect()
        };
        if !cancel_now.is_empty() {
            let event = events::OrderCancelled {
                order_number: order_number.to_string(),
                line_numbers: line_numbers(&cancel_now),
                source: "shopper".to_owned(),
                order_fully_cancelled: none_left,
            };
            let key = format!("order.cancelled:{}", run.id);
            events::record_once(&mut tx, now, key, events::EventData::OrderCancelled(event))
                .await
                .map_err(JobError::retry)?;
        }
        if pending {
            let event = events::OrderCancelPending {
                order_number: order_number.to_string(),
                line_numbers: line_numbers(&request),
                job_id: run.id.clone(),
            };
            let key = format!("order.cancel_pending:{}", run.id);
            events::record_once(&mut tx, now, key, events::EventData::OrderCancelPending(event))
                .await
                .map_err(JobError::retry)?;
        }
        db::insert_cancellation(&mut tx, &run.id, &order_number, &run.owner_key, now, !pending)
            .await
            .map_err(JobError::retry)?;
        db::bump_version(&mut tx, &order_number, now).await.map_err(JobError::retry)?;
        complete_in(&mut tx, &state.clock, run, &finish).await.map_err(JobError::retry)?;
        tx.commit().await.map_err(JobError::retry)?;
        return Ok(finish);
    }
    Err(JobError::retry("the order kept changing during the cancel"))
}

/// Ends the job DENIED together with its `order.cancel_denied` event, in one transaction.
async fn deny(
    state: &OrdersState,
    run: &RunInfo,
    order_number: &str,
    status: u16,
    code: Code,
    message: &str,
) -> JobResult<CancelOutcome> {
    let finish = Finish::denied(status, code, message);
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await.map_err(JobError::retry)?;
    let event = events::OrderCancelDenied {
        order_number: order_number.to_owned(),
        job_id: run.id.clone(),
        code: code.as_str().to_owned(),
        message: message.to_owned(),
    };
    let key = format!("order.cancel_denied:{}", run.id);
    events::record_once(&mut tx, now, key, events::EventData::OrderCancelDenied(event))
        .await
        .map_err(JobError::retry)?;
    complete_in(&mut tx, &state.clock, run, &finish).await.map_err(JobError::retry)?;
    tx.commit().await.map_err(JobError::retry)?;
    Ok(finish)
}

/// The catalogue's code for the domain's reason to refuse a cancel.
fn refusal_code(refusal: domain::cancellation::Refusal) -> Code {
    match refusal {
        domain::cancellation::Refusal::WindowExpired => Code::CancelWindowExpired,
        domain::cancellation::Refusal::InvalidState => Code::CancelInvalidState,
    }
}
