//! The `return_capture` job: turns a stored return into a RETURN_ORDER.
//!
//! Steps, each made once by a key in the database so that a rerun (a worker that died mid-way is
//! claimed again after its lease) repeats nothing: the pickup booking (`return_effects` key `pickup`),
//! the RETURN_ORDER (its order number is the primary key; written through `orders::store::upsert`), the
//! sales order's line statuses, the "created" e-mail (`mail:created`), the Doris notice (`doris`), then
//! the job's completion. A carrier that refuses the pickup ends the job DENIED and gives the units back.

use chrono::NaiveDate;
use domain::returns::methods::ReturnMethod;
use domain::{Money, OrderType};
use serde_json::json;

use super::capture::StoredRequest;
use super::db::{self, ReturnLineRow, ReturnRow};
use super::notify::{self, StatusMail};
use crate::carriers::{self, PickupRequest, PickupSlot};
use crate::error::AppError;
use crate::jobs::{self, Job, JobError, JobOutcome, JobResult};
use crate::orders::contract::ReturnToStore;
use crate::orders::fields::OptText;
use crate::orders::store::{self, StoredLine, StoredOrder};
use crate::state::AppState;

/// Raw status a sales-order line gets when a return of it is created.
pub const PARENT_LINE_CREATED: &str = "return created";

fn retry(error: AppError) -> JobError {
    JobError::Retry(error.to_string())
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
    let mut details = parent.details.clone();
    details.shipments = Vec::new();
    details.payment_hold_flag = false;
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
        order_number: ret.return_order_number.clone(),
        order_type: OrderType::ReturnOrder,
        order_classification: parent.order_classification.clone(),
        parent_sales_order_number: Some(parent.order_number.clone()),
        partner_name: None,
        country: parent.country.clone(),
        currency: parent.currency,
        region_reference: parent.region_reference.clone(),
        upm_id: parent.upm_id.clone(),
        email: parent.email.clone(),
        phone: parent.phone.clone(),
        order_date: ret.created_at,
        shipping_total: Money(0),
        taxes_included: parent.taxes_included,
        payments: parent.payments.clone(),
        shipping_address: parent.shipping_address.clone(),
        pickup_store_id: ret.store_id.clone(),
        details,
        lines: return_lines,
    }
}

async fn deny_and_release(
    state: &AppState,
    job: &Job,
    ret: &ReturnRow,
    lines: &[ReturnLineRow],
    outcome: &JobOutcome,
) -> JobResult {
    let mut tx = state.db.begin_write().await?;
    for line in lines {
        db::release(&mut tx, &ret.parent_order_number, line.line_number, line.quantity).await.map_err(retry)?;
    }
    sqlx::query("DELETE FROM returns WHERE return_order_number = $1")
        .bind(&ret.return_order_number)
        .execute(&mut *tx)
        .await?;
    jobs::complete_in(&mut tx, &state.clock, job, outcome).await?;
    tx.commit().await?;
    Ok(outcome.clone())
}

/// Books the pickup once; `Err(outcome)` when the carrier refuses.
async fn book_pickup(
    state: &AppState,
    ret: &ReturnRow,
    request: &StoredRequest,
) -> Result<Option<serde_json::Value>, JobOutcome> {
    let (Some(address), Some((date, from_hour, to_hour))) = (&request.pickup_address, &request.pickup_slot) else {
        return Ok(None);
    };
    let Some(carrier) = ret.carrier_id.as_deref().and_then(carriers::for_id) else { return Ok(None) };
    let rn = &ret.return_order_number;
    let now = state.clock.now_ms();
    match db::effect_detail(&state.db, rn, "pickup").await {
        Ok(Some(Some(detail))) => return Ok(serde_json::from_str(&detail).ok()),
        Ok(_) => {}
        Err(error) => return Err(JobOutcome::denied(503, "retrying", error.to_string())),
    }
    let Ok(date) = NaiveDate::parse_from_str(date, "%Y-%m-%d") else {
        return Err(JobOutcome::denied(400, "carrier-pickup-refused", "The pickup date is not valid."));
    };
    let slot = PickupSlot { date, from_hour: *from_hour, to_hour: *to_hour };
    let pickup = PickupRequest { return_order_number: rn.clone(), address: address.clone(), slot: Some(slot) };
    // The sandbox carrier books by a pure function of the request: a rerun books the same slot again with
    // the same confirmation. A real carrier takes the return number as its idempotency key.
    let today = chrono::DateTime::from_timestamp_millis(ret.created_at).unwrap_or_default().date_naive();
    match carrier.book_pickup(&pickup, today) {
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
                return Err(JobOutcome::denied(503, "retrying", "the booking could not be stored"));
            }
            Ok(Some(detail))
        }
        Err(error) => Err(JobOutcome::denied(409, "carrier-pickup-refused", error.to_string())),
    }
}

pub async fn run(state: AppState, job: Job) -> JobResult {
    let Some(rn) = job.payload.get("returnOrderNumber").and_then(|v| v.as_str()).map(str::to_owned) else {
        return Ok(JobOutcome::denied(400, "invalid-job", "the job names no return"));
    };
    let Some((ret, lines)) = db::find_return(&state.db, &rn).await.map_err(retry)? else {
        return Ok(JobOutcome::denied(404, "not-found", "the return no longer exists"));
    };
    let Some((parent, _)) =
        crate::orders::db::find_order_and_version(&state.db, &ret.parent_order_number).await.map_err(retry)?
    else {
        return Ok(JobOutcome::denied(404, "service-order-detail-failure", "the order no longer exists"));
    };
    let request: StoredRequest = serde_json::from_value(ret.request.clone()).unwrap_or_default();
    let method = ReturnMethod::parse(&ret.return_method);
    let pickup = match book_pickup(&state, &ret, &request).await {
        Ok(pickup) => pickup,
        Err(JobOutcome::Failed { error, .. }) if error.code == "retrying" => {
            return Err(JobError::Retry(error.message));
        }
        Err(refused) => return deny_and_release(&state, &job, &ret, &lines, &refused).await,
    };
    let now = state.clock.now_ms();
    // The drop-off code is a pure function of carrier and return number; stored for the label and ops.
    let label = method.is_some_and(|m| super::label_offered(m, ret.carrier_id.as_deref()))
        && !super::NO_LABEL_COUNTRIES.contains(&ret.country.to_ascii_uppercase().as_str());
    let code = if label {
        ret.carrier_id.as_deref().and_then(carriers::for_id).map(|c| c.make_scannable_code(&rn))
    } else {
        None
    };
    let tracking = pickup.as_ref().and_then(|p| p.get("trackingNumber")).and_then(|t| t.as_str()).map(str::to_owned);
    let exists = crate::ops::db::order_owner(&state.db, &rn).await.map_err(retry)?.is_some();
    if !exists {
        let record = return_order(&parent, &ret, &lines);
        store::upsert(&state.db, &record, now).await.map_err(retry)?;
    }
    let mut tx = state.db.begin_write().await?;
    db::set_codes(&mut tx, &rn, code.as_deref(), tracking.as_deref(), now).await.map_err(retry)?;
    let line_numbers: Vec<i64> = lines.iter().map(|l| l.line_number).collect();
    // Also on a rerun whose first run died before this step; not once ops has moved the return along.
    if !exists || ret.raw_status == super::capture::INITIAL_RAW_STATUS {
        store::set_line_statuses(&mut tx, &parent.order_number, &line_numbers, PARENT_LINE_CREATED, now).await?;
    }
    tx.commit().await?;
    let members: Vec<&str> = parent.upm_id.iter().map(String::as_str).collect();
    state.cache.forget_order(&parent.order_number, &members);
    state.cache.forget_order(&rn, &members);
    let email_sent = notify::status_mail_once(&state, &rn, StatusMail::Created).await.map_err(retry)?;
    if method.is_some_and(ReturnMethod::is_store) {
        notify::doris_once(&state, &ret, &parent).await;
    }
    let outcome = JobOutcome::Completed(json!({
        "returnOrderNumber": rn,
        "parentSalesOrderNumber": parent.order_number,
        "returnMethod": ret.return_method,
        "carrierId": ret.carrier_id,
        "labelAvailable": label,
        "emailSent": email_sent,
        "pickup": pickup,
    }));
    // The worker stores the outcome.
    Ok(outcome)
}
