//! China e-invoice (fapiao; spec 000 §1, §5, issue 12).
//!
//! `POST /orders/einvoice/v1/{orderNumber}` checks the request and, in one transaction, records it and
//! enqueues the `einvoice.issue` job; the job renders the PDF (`documents::invoice`) and issues it with a
//! conditional UPDATE, so a rerun after a crash issues it once. `GET /orders/einvoice/v1/{orderNumber}`
//! answers the state, and with `format=pdf` the PDF itself. One invoice per order: a second request answers
//! 409 `einvoice-already-requested` (a correction would need a red-letter invoice, which is the retailer's
//! back office, not self-service). Member or guest, through the one access rule.

pub mod routes;

use chrono_tz::Asia::Shanghai;
use domain::einvoice::TitleType;
use serde::{Deserialize, Serialize};
use sqlx::Row;

use crate::documents::invoice::{Invoice, InvoiceLine, render_invoice};
use crate::error::Code;
use crate::jobs::{Finish, Job, JobError, JobResult, Registry, RunInfo};
use crate::platform::Platform;

pub const JOB_KIND: &str = "einvoice.issue";

pub(crate) fn register_jobs<C>(registry: &mut Registry<C>)
where
    C: Clone + Send + Sync + 'static,
    Platform: axum::extract::FromRef<C>,
{
    registry.register::<IssueEinvoice>();
}

/// The `einvoice.issue` job's payload: empty, the request is the order's `einvoices` row.
#[derive(Debug, Serialize, Deserialize)]
pub struct IssueEinvoice {}

/// The job's `response`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EinvoiceIssued {
    pub invoice_number: Option<String>,
    pub status: &'static str,
}
/// The seller printed on the invoice. A deployment's legal entity would come from its configuration; the
/// demo retailer's name stands here.
pub const SELLER: &str = "示例零售（上海）有限公司";

pub mod status {
    pub const REQUESTED: &str = "REQUESTED";
    pub const ISSUED: &str = "ISSUED";
}

/// Amount in minor units as fixed-point text with the currency's decimals ("899.00", "3000").
fn fixed(minor: i64, exponent: u32) -> String {
    if exponent == 0 {
        return minor.to_string();
    }
    let scale = 10i64.pow(exponent);
    let sign = if minor < 0 { "-" } else { "" };
    let magnitude = minor.unsigned_abs();
    let scale = scale.unsigned_abs();
    format!("{sign}{}.{:0width$}", magnitude / scale, magnitude % scale, width = exponent as usize)
}

/// A 20-digit invoice number: the issue date (YYMMDD) and 14 digits derived from the order number, so the
/// same order always gets the same number (a rerun cannot issue a second one).
fn invoice_number(order_number: &str, issue_day: chrono::NaiveDate) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in order_number.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{}{:014}", issue_day.format("%y%m%d"), hash % 100_000_000_000_000)
}

impl Job for IssueEinvoice {
    const KIND: &'static str = JOB_KIND;
    type Context = Platform;
    type Outcome = EinvoiceIssued;

    async fn run(self, state: Platform, run: RunInfo) -> JobResult<EinvoiceIssued> {
        issue(&state, &run).await
    }
}

fn issued(invoice_number: Option<String>) -> JobResult<EinvoiceIssued> {
    Ok(Finish::Completed(EinvoiceIssued { invoice_number, status: status::ISSUED }))
}

/// Renders and issues the invoice of the order in `run.order_number`.
async fn issue(state: &Platform, run: &RunInfo) -> JobResult<EinvoiceIssued> {
    let Some(order_number) = run.order_number.clone() else {
        return Ok(Finish::denied(400, Code::InvalidOrderNumber, "the job has no order"));
    };
    let request = sqlx::query(
        "SELECT title_type, title, taxpayer_id, status, invoice_number FROM einvoices WHERE order_number = $1",
    )
    .bind(order_number.as_str())
    .fetch_optional(&state.db.pool)
    .await
    .map_err(JobError::retry)?;
    let Some(request) = request else {
        return Ok(Finish::denied(404, Code::NotFound, "no e-invoice was requested for this order"));
    };
    // A column that does not read is a schema this build does not know: another try reads the same.
    let unreadable = |error: sqlx::Error| JobError::fail(500, Code::InvalidJob, error.to_string());
    if request.try_get::<String, _>("status").map_err(unreadable)? == status::ISSUED {
        return issued(request.try_get("invoice_number").map_err(unreadable)?);
    }
    let found = crate::orders::find_order_and_version(&state.db, &order_number).await.map_err(JobError::retry)?;
    let Some((order, _version)) = found else {
        return Ok(Finish::denied(404, Code::NotFound, "the order no longer exists"));
    };
    let title_type = match request.try_get::<String, _>("title_type").map_err(unreadable)?.as_str() {
        "COMPANY" => TitleType::Company,
        _ => TitleType::Personal,
    };
    let exponent = order.currency.exponent();
    let lines: Vec<InvoiceLine> = order
        .lines
        .iter()
        .map(|line| InvoiceLine {
            title: line.title.clone(),
            quantity: line.quantity,
            unit_price: fixed(line.unit_price.0, exponent),
            amount: fixed(line.unit_price.0.saturating_mul(line.quantity), exponent),
            tax: fixed(line.tax.0, exponent),
        })
        .collect();
    // Sums stay far inside i64: ops caps every order total (orders::body::MAX_ORDER_TOTAL_MINOR).
    let goods: i64 = order.lines.iter().map(|line| line.unit_price.0.saturating_mul(line.quantity)).sum();
    let tax: i64 = order.lines.iter().map(|line| line.tax.0).sum();
    let total = if order.taxes_included { goods } else { goods.saturating_add(tax) };
    let now = state.clock.now();
    let issue_day = now.with_timezone(&Shanghai).date_naive();
    let number = invoice_number(&order_number, issue_day);
    let invoice = Invoice {
        invoice_number: number.clone(),
        issue_date: issue_day.format("%Y-%m-%d").to_string(),
        order_number: order_number.to_string(),
        title_type: title_type.chinese().to_owned(),
        title: request.try_get("title").map_err(unreadable)?,
        taxpayer_id: request.try_get("taxpayer_id").map_err(unreadable)?,
        seller: SELLER.to_owned(),
        currency: order.currency.code().to_owned(),
        lines,
        total: fixed(total, exponent),
        total_tax: fixed(tax, exponent),
    };
    let pdf = match render_invoice(&invoice) {
        Ok(pdf) => pdf,
        Err(error) => return Ok(Finish::denied(422, Code::EinvoiceRenderFailure, error.to_string())),
    };
    use base64::Engine as _;
    let encoded = base64::engine::general_purpose::STANDARD.encode(pdf);
    let issued_at = state.clock.now_ms();
    let mut tx = state.db.begin_write().await.map_err(JobError::retry)?;
    let changed = sqlx::query(
        "UPDATE einvoices SET status = $1, invoice_number = $2, pdf_base64 = $3, issued_at = $4 \
         WHERE order_number = $5 AND status = $6",
    )
    .bind(status::ISSUED)
    .bind(&number)
    .bind(encoded)
    .bind(issued_at)
    .bind(order_number.as_str())
    .bind(status::REQUESTED)
    .execute(&mut *tx)
    .await
    .map_err(JobError::retry)?;
    if changed.rows_affected() == 1 {
        let event = crate::events::EinvoiceData {
            order_number: order_number.to_string(),
            job_id: None,
            invoice_type: None,
            invoice_number: Some(number.clone()),
        };
        crate::events::record(&mut tx, issued_at, crate::events::EventData::EinvoiceIssued(event))
            .await
            .map_err(JobError::retry)?;
    }
    tx.commit().await.map_err(JobError::retry)?;
    issued(Some(number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_print_with_the_currency_decimals() {
        assert_eq!(fixed(89_900, 2), "899.00");
        assert_eq!(fixed(5, 2), "0.05");
        assert_eq!(fixed(-1_050, 2), "-10.50");
        assert_eq!(fixed(3_000, 0), "3000");
    }

    #[test]
    fn invoice_numbers_are_20_digits_and_stable_per_order() {
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap_or_default();
        let number = invoice_number("C00000000009", day);
        assert_eq!(number.len(), 20);
        assert!(number.starts_with("261123") && number.bytes().all(|b| b.is_ascii_digit()));
        assert_eq!(number, invoice_number("C00000000009", day));
        assert_ne!(number, invoice_number("C00000000010", day));
    }
}
