//! The `order_cancel` job: decides with the server's clock and applies the cancel in one transaction
//! together with the job's outcome.

use domain::cancellation::{
    self, ALREADY_CANCELLED_MESSAGE, CANCELLED_RAW_STATUS, Decision, PENDING_CANCEL_RAW_STATUS,
    PENDING_MODIFICATION_CANCEL,
};
use domain::status::displayed_status;
use domain::{Money, SimpleStatus, simple_status};
use serde_json::json;

use super::db::{self, MoneyEvent, OrderFacts};
use super::policy;
use crate::jobs::{Job, JobError, JobOutcome, JobResult, complete_in};
use crate::state::AppState;

pub const KIND: &str = "order_cancel";

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

fn pending_response() -> serde_json::Value {
    json!({ "pendingModification": { "type": PENDING_MODIFICATION_CANCEL } })
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

pub async fn run(state: AppState, job: Job) -> JobResult {
    let Some(order_number) = job.order_number.clone() else {
        return Ok(JobOutcome::denied(400, "invalid-order-number", "the job names no order"));
    };
    for _ in 0..RACE_TRIES {
        let Some(facts) =
            db::order_facts(&state.db, &order_number).await.map_err(|e| JobError::Retry(e.to_string()))?
        else {
            return Ok(JobOutcome::denied(404, "service-order-detail-failure", "order not found"));
        };
        let now = state.clock.now_ms();
        let decision = cancellation::decide(&statuses(&facts), now, cancellable_until(&facts));
        let (cancel_now, request) = match decision {
            Decision::AlreadyCancelled => {
                return Ok(JobOutcome::denied(409, "already-cancelled", ALREADY_CANCELLED_MESSAGE));
            }
            Decision::AlreadyPending => return Ok(JobOutcome::Completed(pending_response())),
            Decision::Refused(refusal) => return Ok(JobOutcome::denied(422, refusal.code(), refusal.message())),
            Decision::Accept { now, request } => (now, request),
        };
        let pending = !request.is_empty();
        let outcome = JobOutcome::Completed(if pending { pending_response() } else { json!({}) });
        // Writes only (the read was above): SQLite takes its write lock at the first statement, and every
        // change is conditional on the status read, so a status event in between makes it lose cleanly.
        let mut tx = state.db.begin_write().await?;
        let mut won = true;
        let moves = cancel_now
            .iter()
            .map(|index| (*index, CANCELLED_RAW_STATUS))
            .chain(request.iter().map(|index| (*index, PENDING_CANCEL_RAW_STATUS)));
        for (index, to) in moves {
            let Some(line) = facts.lines.get(index) else { continue };
            if !db::swap_status(&mut tx, &order_number, line.line_number, &line.raw_status, to).await? {
                won = false;
                break;
            }
            if to == CANCELLED_RAW_STATUS {
                db::stamp_cancelled(&mut tx, &order_number, line, now).await?;
            }
        }
        if !won {
            tx.rollback().await?;
            continue;
        }
        let none_left = request.is_empty()
            && statuses(&facts)
                .iter()
                .enumerate()
                .all(|(index, status)| *status == SimpleStatus::Cancelled || cancel_now.contains(&index));
        release_money(&mut tx, &facts, &cancel_now, none_left, now).await?;
        db::insert_cancellation(&mut tx, &job.id, &order_number, &job.owner_key, now, !pending).await?;
        db::bump_version(&mut tx, &order_number, now).await?;
        complete_in(&mut tx, &state.clock, &job, &outcome).await?;
        tx.commit().await?;
        return Ok(outcome);
    }
    Err(JobError::Retry("the order kept changing during the cancel".to_owned()))
}
