//! The `return_capture` job: turns a stored return into a RETURN_ORDER.
//!
//! Steps, each made once by a key in the database so that a rerun (a worker that died mid-way is
//! claimed again after its lease) repeats nothing: the pickup booking (`return_effects` key `pickup`),
//! the label's creation at the carrier (idempotency key: the return number; stored in `return_labels`
//! with the return's completion), the RETURN_ORDER (its order number is the primary key; written through
//! `orders::store::upsert`), the sales order's line statuses, the "created" e-mail (`mail:created`), the
//! Doris notice (`doris`), then the job's completion. A carrier that refuses the pickup ends the job DENIED
//! `carrier-pickup-refused`, one that refuses the label DENIED `return-method-unavailable`, and both give
//! the units back; a carrier that does not answer (timeout, 5xx, 429) is tried again with backoff, and
//! after the last try the job ends FAILED `service-unavailable` and gives the units back too (no half-made
//! return stays behind).

use chrono::NaiveDate;
use domain::returns::methods::ReturnMethod;
use domain::{Money, ReturnNumber};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::CAPTURE_JOB;
use super::capture::StoredRequest;
use super::db::{self, ReturnLineRow, ReturnRow};
use super::notify::{self, StatusMail};
use crate::carriers::{self, BookingError, IssuedLabel, PickupRequest, PickupSlot};
use crate::error::Code;
use crate::events;
use crate::jobs::{self, Finish, Job, JobError, JobFailure, JobResult, RunInfo};
use crate::orders::OrdersState;
use crate::orders::{self, OptText, ReturnToStore, StoredLine, StoredOrder};

/// Raw status a sales-order line gets when a return of it is created.
pub const PARENT_LINE_CREATED: &str = "return created";

/// The `return_capture` job's payload.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CaptureReturn {
    pub return_order_number: ReturnNumber,
}

/// The job's `response`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReturnCaptured {
    pub return_order_number: ReturnNumber,
    pub parent_sales_order_number: String,
    pub return_method: String,
    pub carrier_id: Option<String>,
    pub label_available: bool,
    pub email_sent: bool,
    /// The booking (`carrierId`, `confirmation`, `date`, `fromHour`, `toHour`, `trackingNumber`) as stored.
    pub pickup: Option<Value>,
}

impl Job for CaptureReturn {
    const KIND: &'static str = CAPTURE_JOB;
    type Context = OrdersState;
    type Outcome = ReturnCaptured;

    async fn run(self, state: OrdersState, run: RunInfo) -> JobResult<ReturnCaptured> {
        capture(&state, &run, &self.return_order_number).await
    }
}

/// The RETURN_ORDER record for a return of `parent`.
pub fn return_order(parent: &StoredOrder, ret: &ReturnRow, lines: &[ReturnLineRow]) -> StoredOrder {
    let mut return_lines: Vec<StoredLine> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let Some(source) = parent.lines.iter().find(|l| l.line_number == line.line_number) else { continue };
        let mut copy = source.clone();
        copy.line_number = i64::try_from(index).unwrap_or(0) + 1;
        copy.quantity = line.quantity;
        copy.tax = Money(if source.quantity > 0 { source.tax.0 / source.quantity * line.quantity } else { 0 });
        copy.fees = Money(0);
        copy.status = ret.raw_status.clone();
        copy.shipment_number = None;
        copy.tracking_url = None;
        copy.estimated_delivery_date = None;
        return_lines.push(copy);
    }
    // What a guest pays for the return's shipping (`refund_deduction`, 001 §1: guests pay return shipping;
    // Australia deducts it from the refund) is a negative fee on the return's first line, so the return
    // order's refund total is the figure the wizard showed (browser walk M3: £106.50, not £110.00).
    if let Some(first) = return_lines.first_mut() {
        first.fees = Money(-ret.refund_deduction.max(0));
    }
    let mut details = parent.details.clone();
    details.shipments = Vec::new();
    details.payment_hold_flag = false;
    details.legacy_deferred_payment_url = None;
    // The order-level returnMethod of the return order (000 §3).
    details.return_method = OptText::some(ret.return_method.clone());
    // A store return shows its barcode (CODE128 of the return number, 000 §9) for the store to scan.
    let store_return = ReturnMethod::parse(&ret.return_method).is_some_and(ReturnMethod::is_store);
    details.show_barcode_flag = store_return;
    details.return_to_store = store_return.then(|| ReturnToStore {
        header: OptText::some("Return in store"),
        subheader: OptText::some("Show this barcode at the store with your ID and payment method."),
        barcode_number: OptText::some(ret.return_order_number.clone()),
        link_source: None,
        link_display_text: OptText(None),
    });
    StoredOrder {
        pickup_store_id: ret.store_id.clone(),
        details,
        ..StoredOrder::return_of(parent, ret.return_order_number.clone().into(), ret.created_at, return_lines)
    }
}

/// How a return that will not be made ends.
enum Undone {
    /// DENIED: the carrier refused (an event tells the retailer).
    Denied(JobFailure),
    /// FAILED: the carrier never answered in all the tries.
    Failed(JobFailure),
}

async fn deny_and_release(
    state: &OrdersState,
    run: &RunInfo,
    ret: &ReturnRow,
    lines: &[ReturnLineRow],
    undone: Undone,
) -> JobResult<ReturnCaptured> {
    let refusal = match undone {
        Undone::Denied(refusal) => refusal,
        Undone::Failed(failure) => {
            let mut tx = state.db.begin_write().await.map_err(JobError::retry)?;
            release_in(&mut tx, ret, lines).await?;
            jobs::fail_in(&mut tx, &state.clock, run, &failure).await.map_err(JobError::retry)?;
            tx.commit().await.map_err(JobError::retry)?;
            // Stored already; the worker's own store of it finds the job ended and changes nothing.
            return Err(JobError::Fail(failure));
        }
    };
    let event = events::ReturnRefused {
        return_order_number: ret.return_order_number.to_string(),
        order_number: ret.parent_order_number.to_string(),
        code: refusal.code.clone(),
        message: refusal.message.clone(),
    };
    let denied = Finish::Denied(refusal);
    let mut tx = state.db.begin_write().await.map_err(JobError::retry)?;
    let key = format!("return.refused:{}", ret.return_order_number);
    let recorded = events::record_once(&mut tx, state.clock.now_ms(), key, events::EventData::ReturnRefused(event));
    recorded.await.map_err(JobError::retry)?;
    release_in(&mut tx, ret, lines).await?;
    jobs::complete_in(&mut tx, &state.clock, run, &denied).await.map_err(JobError::retry)?;
    tx.commit().await.map_err(JobError::retry)?;
    Ok(denied)
}

/// Gives the return's units back to the order and removes the return.
async fn release_in(tx: &mut sqlx::AnyConnection, ret: &ReturnRow, lines: &[ReturnLineRow]) -> Result<(), JobError> {
    for line in lines {
        let released = db::release(&mut *tx, &ret.parent_order_number, line.line_number, line.quantity);
        released.await.map_err(JobError::retry)?;
    }
    sqlx::query("DELETE FROM returns WHERE return_order_number = $1")
        .bind(ret.return_order_number.as_str())
        .execute(&mut *tx)
        .await
        .map_err(JobError::retry)?;
    Ok(())
}

/// A pickup booked (or none to book), or why the return will not be made.
type Booking = Result<Option<Value>, Undone>;

/// Books the pickup once.
async fn book_pickup(
    state: &OrdersState,
    run: &RunInfo,
    ret: &ReturnRow,
    request: &StoredRequest,
) -> Result<Booking, JobError> {
    let (Some(address), Some((date, from_hour, to_hour))) = (&request.pickup_address, &request.pickup_slot) else {
        return Ok(Ok(None));
    };
    let Some(carrier) = ret.carrier_id.as_deref().and_then(carriers::for_id) else { return Ok(Ok(None)) };
    let rn = &ret.return_order_number;
    let now = state.clock.now_ms();
    if let Some(Some(detail)) = db::effect_detail(&state.db, rn, "pickup").await.map_err(JobError::retry)? {
        return Ok(Ok(serde_json::from_str(&detail).ok()));
    }
    let Ok(date) = NaiveDate::parse_from_str(date, "%Y-%m-%d") else {
        return Ok(Err(Undone::Denied(JobFailure::new(
            400,
            Code::CarrierPickupRefused,
            "The pickup date is not valid.",
        ))));
    };
    let slot = PickupSlot { date, from_hour: *from_hour, to_hour: *to_hour };
    let pickup = PickupRequest { return_order_number: rn.to_string(), address: address.clone(), slot: Some(slot) };
    // The sandbox carrier books by a pure function of the request: a rerun books the same slot again with
    // the same confirmation. A real carrier takes the return number as its idempotency key.
    let today = chrono::DateTime::from_timestamp_millis(ret.created_at).unwrap_or_default().date_naive();
    match carriers::gateway(&state.providers).book_pickup(carrier, &pickup, today).await {
        Ok(booking) => {
            let detail = json!({
                "carrierId": booking.carrier_id,
                "confirmation": booking.confirmation,
                "date": booking.slot.date.format("%Y-%m-%d").to_string(),
                "fromHour": booking.slot.from_hour,
                "toHour": booking.slot.to_hour,
                "trackingNumber": booking.tracking_number,
            });
            let text = detail.to_string();
            let stored = db::claim_effect(&state.db, rn, "pickup", Some(&text), now).await;
            if stored.is_err() {
                return Err(JobError::retry("the booking could not be stored"));
            }
            Ok(Ok(Some(detail)))
        }
        Err(BookingError::Refused(error)) => {
            Ok(Err(Undone::Denied(JobFailure::new(409, Code::CarrierPickupRefused, error.to_string()))))
        }
        Err(BookingError::Unavailable(reason)) if run.last_attempt => {
            tracing::warn!(return_order_number = %rn, %reason, "the carrier did not answer the pickup booking; giving up");
            Ok(Err(Undone::Failed(JobFailure::new(503, Code::ServiceUnavailable, reason))))
        }
        Err(BookingError::Unavailable(reason)) => Err(JobError::Retry(reason)),
    }
}

/// A label made (or none to make), or why the return will not be made.
type Labelled = Result<Option<IssuedLabel>, Undone>;

/// Creates the return's label at the carrier, for a return that gets one; the answer is stored with the
/// return's completion. A rerun after that finds it stored and asks nothing; a rerun before it asks again
/// with the same idempotency key (the return number) and gets the same label.
async fn create_label(
    state: &OrdersState,
    run: &RunInfo,
    ret: &ReturnRow,
    parent: &StoredOrder,
) -> Result<Labelled, JobError> {
    // No label for this return (its method, carrier or country): nothing to ask.
    let Ok((carrier, request)) = super::labels::label_request(ret, parent, false) else { return Ok(Ok(None)) };
    let rn = &ret.return_order_number;
    if let Some(stored) = db::stored_label(&state.db, rn).await.map_err(JobError::retry)? {
        return Ok(Ok(Some(stored)));
    }
    match carriers::gateway(&state.providers).create_label(carrier, &request).await {
        Ok(issued) => Ok(Ok(Some(issued))),
        // The carrier will not make a label for this return: the shopper is asked to choose another
        // method, as for a method no longer offered (the page's refusal text, no Retry).
        Err(BookingError::Refused(error)) => {
            Ok(Err(Undone::Denied(JobFailure::new(409, Code::ReturnMethodUnavailable, error.to_string()))))
        }
        Err(BookingError::Unavailable(reason)) if run.last_attempt => {
            tracing::warn!(return_order_number = %rn, %reason, "the carrier did not answer the label creation; giving up");
            Ok(Err(Undone::Failed(JobFailure::new(503, Code::ServiceUnavailable, reason))))
        }
        Err(BookingError::Unavailable(reason)) => Err(JobError::Retry(reason)),
    }
}

async fn capture(state: &OrdersState, run: &RunInfo, rn: &ReturnNumber) -> JobResult<ReturnCaptured> {
    let Some((ret, lines)) = db::find_return(&state.db, rn).await.map_err(JobError::retry)? else {
        return Ok(Finish::denied(404, Code::NotFound, "the return no longer exists"));
    };
    let parent_number = &ret.parent_order_number;
    let found = crate::orders::find_order_and_version(&state.db, parent_number).await.map_err(JobError::retry)?;
    let Some((parent, _)) = found else {
        return Ok(Finish::denied(404, Code::ServiceOrderDetailFailure, "the order no longer exists"));
    };
    let request: StoredRequest = serde_json::from_value(ret.request.clone()).unwrap_or_default();
    let method = ReturnMethod::parse(&ret.return_method);
    let pickup = match book_pickup(state, run, &ret, &request).await? {
        Ok(pickup) => pickup,
        Err(refusal) => return deny_and_release(state, run, &ret, &lines, refusal).await,
    };
    let issued = match create_label(state, run, &ret, &parent).await? {
        Ok(issued) => issued,
        Err(refusal) => return deny_and_release(state, run, &ret, &lines, refusal).await,
    };
    let now = state.clock.now_ms();
    let label = issued.is_some();
    // The drop-off code and tracking number the carrier gave the label, stored on the return for ops.
    let code = issued.as_ref().map(|issued| issued.drop_off_code.clone());
    let tracking = pickup.as_ref().and_then(|p| p.get("trackingNumber")).and_then(|t| t.as_str()).map(str::to_owned);
    let label_tracking = issued.as_ref().map(|issued| issued.tracking_number.clone());
    let exists = crate::ops::order_owner(&state.db, rn).await.map_err(JobError::retry)?.is_some();
    if !exists {
        let record = return_order(&parent, &ret, &lines);
        orders::upsert(&state.db, &record, now).await.map_err(JobError::retry)?;
    }
    let mut tx = state.db.begin_write().await.map_err(JobError::retry)?;
    let tracked = tracking.as_deref().or(label_tracking.as_deref());
    db::set_codes(&mut tx, rn, code.as_deref(), tracked, now).await.map_err(JobError::retry)?;
    // With the return's completion: a crash before the commit leaves neither (the rerun asks the carrier
    // again under the same idempotency key), and the key keeps one label however often the job runs.
    if let Some(issued) = &issued {
        db::store_label(&mut tx, rn, issued, now).await.map_err(JobError::retry)?;
    }
    let line_numbers: Vec<i64> = lines.iter().map(|l| l.line_number).collect();
    // Also on a rerun whose first run died before this step; not once ops has moved the return along.
    if !exists || ret.raw_status == super::capture::INITIAL_RAW_STATUS {
        let marked = orders::set_line_statuses(&mut tx, &parent.order_number, &line_numbers, PARENT_LINE_CREATED, now);
        marked.await.map_err(JobError::retry)?;
    }
    // Once per return, however often the job runs.
    let created = events::EventData::ReturnCreated(db::event_data(&ret, &lines, tracking.clone()));
    let recorded = events::record_once(&mut tx, now, format!("return.created:{rn}"), created);
    recorded.await.map_err(JobError::retry)?;
    if label {
        let event = events::ReturnLabelCreated {
            return_order_number: rn.to_string(),
            order_number: parent.order_number.to_string(),
            carrier_id: ret.carrier_id.clone(),
            drop_off_code: code.clone(),
            tracking_number: label_tracking.clone(),
        };
        let labelled = events::EventData::ReturnLabelCreated(event);
        let recorded = events::record_once(&mut tx, now, format!("return.label_created:{rn}"), labelled);
        recorded.await.map_err(JobError::retry)?;
    }
    tx.commit().await.map_err(JobError::retry)?;
    let members: Vec<&str> = parent.upm_id.iter().map(|id| id.as_str()).collect();
    state.cache.forget_order(&parent.order_number, &members);
    state.cache.forget_order(rn, &members);
    let email_sent = notify::status_mail_once(state, rn, StatusMail::Created).await.map_err(JobError::retry)?;
    // 001 §6 Doris communication: the retailer's store system hears of store returns only where it is on.
    let doris_on = state.settings.flag(&ret.country, domain::country::Flag::EnableDorisCommunication);
    if doris_on && method.is_some_and(ReturnMethod::is_store) {
        notify::doris_once(state, &ret, &parent).await;
    }
    // The worker stores the outcome.
    Ok(Finish::Completed(ReturnCaptured {
        return_order_number: rn.clone(),
        parent_sales_order_number: parent.order_number.into(),
        return_method: ret.return_method,
        carrier_id: ret.carrier_id,
        label_available: label,
        email_sent,
        pickup,
    }))
}
