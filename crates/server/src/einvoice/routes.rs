//! `POST` and `GET /orders/einvoice/v1/{orderNumber}`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use domain::einvoice::{EinvoiceError, TitleType, check_request, is_offered};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use super::{IssueEinvoice, status};
use crate::access::authorize_order;
use crate::caller::Caller;
use crate::error::{AppError, AppResult, Code};
use crate::extract::{JsonBody, QueryPairs};
use crate::jobs::NewJob;
use crate::jobs::accept::{Effect, accept};
use crate::platform::Platform;

crate::platform::area_router!(
    states: [Platform, crate::auth::AuthState],
    routes: [(get_einvoice, request_einvoice)],
);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EinvoiceBody {
    // PERSONAL (个人) or COMPANY (单位).
    #[schema(inline, example = "COMPANY")]
    pub title_type: TitleType,
    /// The invoice title: the person's or the company's name, at most 100 characters.
    #[schema(schema_with = title_text)]
    pub title: String,
    /// Companies only: 15, 18 or 20 letters or digits.
    #[serde(default)]
    pub taxpayer_id: Option<String>,
}

/// `check_request`'s title rule in the document.
fn title_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(domain::einvoice::TITLE_MAX_CHARS, crate::extract::FORBIDDEN_CONTROL_CLASS)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EinvoiceRequested {
    /// Poll `GET /orders/einvoice/v1/{orderNumber}` until `status` is ISSUED.
    pub job_id: String,
    pub status: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EinvoiceState {
    /// NONE (not requested), REQUESTED (being issued) or ISSUED.
    pub status: String,
    /// Whether this order may have an e-invoice (China, a line shipped or delivered).
    pub offered: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The taxpayer id as given (it is printed on the invoice, not a secret).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taxpayer_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invoice_number: Option<String>,
    /// Unix milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issued_at: Option<i64>,
    /// Milliseconds to wait before polling again while REQUESTED.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eta: Option<i64>,
}

fn field_of(error: &EinvoiceError) -> &'static str {
    match error {
        EinvoiceError::Title => "title",
        EinvoiceError::TaxpayerId | EinvoiceError::TaxpayerIdForPerson => "taxpayerId",
    }
}

/// Whether the order may have an e-invoice now (country and line statuses).
async fn offered(state: &Platform, order_number: &domain::OrderNumber) -> AppResult<bool> {
    let Some((order, _)) = crate::orders::find_order_and_version(&state.db, order_number).await? else {
        return Ok(false);
    };
    let statuses: Vec<_> =
        order.lines.iter().map(|line| domain::simple_status(order.order_type, &line.status)).collect();
    Ok(order.order_type != domain::OrderType::ReturnOrder && is_offered(&order.country, &statuses))
}

/// Request the e-invoice of a China order (member, or guest with `filter`).
#[utoipa::path(post, path = "/orders/einvoice/v1/{orderNumber}", tag = "e-invoice", request_body = EinvoiceBody,
    params(("orderNumber" = inline(domain::OrderNumber), Path),
           ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "email(...) or phoneNumber(...) for guests")),
    responses((status = 202, body = EinvoiceRequested),
              (status = 400, body = crate::error::ApiError, description = "validation-failed naming title or taxpayerId"),
              (status = 404, body = crate::error::ApiError),
              (status = 409, body = crate::error::ApiError, description = "einvoice-not-available or einvoice-already-requested")),
    security((), ("bearer" = [])))]
pub async fn request_einvoice(
    State(state): State<Platform>,
    Path(order_number): Path<String>,
    caller: Caller,
    JsonBody(body): JsonBody<EinvoiceBody>,
) -> AppResult<Response> {
    let access = authorize_order(&state, &caller, &order_number).await?;
    let order_number = &access.order_number;
    let checked = check_request(body.title_type, &body.title, body.taxpayer_id.as_deref())
        .map_err(|error| AppError::validation(field_of(&error), error.to_string()))?;
    if !offered(&state, order_number).await? {
        return Err(AppError::coded(
            Code::EinvoiceNotAvailable,
            "orderNumber",
            "an e-invoice is available for orders in China once an item has shipped or been delivered",
        ));
    }
    let owner_key = caller.owner_key().ok_or(AppError::OrderNotFound)?;
    let title_type = match checked.title_type {
        TitleType::Personal => "PERSONAL",
        TitleType::Company => "COMPANY",
    };
    let record = EinvoiceRecord {
        order_number: order_number.to_owned().to_string(),
        owner_key: owner_key.clone(),
        title_type,
        title: checked.title,
        taxpayer_id: checked.taxpayer_id,
        requested_at: state.clock.now_ms(),
    };
    let job = NewJob { payload: IssueEinvoice {}, order_number: Some(access.order_number.clone()), owner_key };
    accept(&state, None, async { Ok((job, record)) }).await
}

/// The order's `einvoices` row, written beside its job.
struct EinvoiceRecord {
    order_number: String,
    owner_key: String,
    title_type: &'static str,
    title: String,
    taxpayer_id: Option<String>,
    requested_at: i64,
}

impl Effect for EinvoiceRecord {
    type Answer = EinvoiceRequested;

    async fn write(self, tx: &mut sqlx::AnyConnection, job_id: String) -> AppResult<EinvoiceRequested> {
        // The primary key on order_number makes a second request (also a parallel one) conflict here.
        let inserted = sqlx::query(
            "INSERT INTO einvoices (order_number, owner_key, title_type, title, taxpayer_id, status, job_id, \
             requested_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (order_number) DO NOTHING",
        )
        .bind(&self.order_number)
        .bind(&self.owner_key)
        .bind(self.title_type)
        .bind(&self.title)
        .bind(self.taxpayer_id.as_deref())
        .bind(status::REQUESTED)
        .bind(&job_id)
        .bind(self.requested_at)
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() == 0 {
            return Err(AppError::coded(
                Code::EinvoiceAlreadyRequested,
                "orderNumber",
                "an e-invoice has already been requested for this order",
            ));
        }
        let requested = crate::events::EinvoiceData {
            order_number: self.order_number.clone(),
            job_id: Some(job_id.clone()),
            invoice_type: Some(self.title_type.to_owned()),
            invoice_number: None,
        };
        crate::events::record(tx, self.requested_at, crate::events::EventData::EinvoiceRequested(requested)).await?;
        Ok(EinvoiceRequested { job_id, status: status::REQUESTED.to_owned() })
    }
}

/// What `GET` answers: the state as JSON (the default) or the issued PDF. The document's closed set; the
/// handler reads the query by hand (`QueryPairs`) and accepts exactly these names.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)] // only its schema is used
enum EinvoiceFormat {
    Json,
    Pdf,
}

/// The e-invoice state of an order; with `format=pdf`, the issued PDF (404 until issued).
#[utoipa::path(get, path = "/orders/einvoice/v1/{orderNumber}", tag = "e-invoice",
    params(("orderNumber" = inline(domain::OrderNumber), Path),
           ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "email(...) or phoneNumber(...) for guests"),
           ("format" = inline(Option<EinvoiceFormat>), Query, description = "pdf: the invoice itself")),
    responses((status = 200, body = EinvoiceState, description = "JSON, or application/pdf with format=pdf"),
              (status = 400, body = crate::error::ApiError), (status = 404, body = crate::error::ApiError)),
    security((), ("bearer" = [])))]
pub async fn get_einvoice(
    State(state): State<Platform>,
    Path(order_number): Path<String>,
    caller: Caller,
    query: QueryPairs,
) -> AppResult<Response> {
    let access = authorize_order(&state, &caller, &order_number).await?;
    let order_number = &access.order_number;
    let want_pdf = match query.all("format").next() {
        None | Some("json") => false,
        Some("pdf") => true,
        Some(_) => return Err(AppError::validation("format", "format is json or pdf")),
    };
    let row = sqlx::query(
        "SELECT title_type, title, taxpayer_id, status, invoice_number, issued_at, pdf_base64 \
         FROM einvoices WHERE order_number = $1",
    )
    .bind(order_number.as_str())
    .fetch_optional(&state.db.pool)
    .await?;
    if want_pdf {
        let pdf = row.as_ref().map(|row| row.try_get::<Option<String>, _>("pdf_base64")).transpose()?.flatten();
        let Some(encoded) = pdf else { return Err(AppError::NotFound) };
        use base64::Engine as _;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .map_err(|error| AppError::Internal(Box::new(error)))?;
        let disposition = format!("attachment; filename=\"einvoice-{order_number}.pdf\"");
        return Ok((
            [(header::CONTENT_TYPE, "application/pdf".to_owned()), (header::CONTENT_DISPOSITION, disposition)],
            bytes,
        )
            .into_response());
    }
    let offered = offered(&state, order_number).await?;
    let state_view = match row {
        None => EinvoiceState {
            status: "NONE".into(),
            offered,
            title_type: None,
            title: None,
            taxpayer_id: None,
            invoice_number: None,
            issued_at: None,
            eta: None,
        },
        Some(row) => {
            let current: String = row.try_get("status")?;
            let eta = (current == status::REQUESTED).then_some(crate::jobs::view::DEFAULT_ETA_MS);
            EinvoiceState {
                status: current,
                offered,
                title_type: row.try_get("title_type")?,
                title: row.try_get("title")?,
                taxpayer_id: row.try_get("taxpayer_id")?,
                invoice_number: row.try_get("invoice_number")?,
                issued_at: row.try_get("issued_at")?,
                eta,
            }
        }
    };
    Ok(Json(state_view).into_response())
}
