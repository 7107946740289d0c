//! `GET /order_mgmt/user_return_labels/v1/{returnOrderNumber}` and
//! `POST /order_mgmt/user_return_labels_dispatch/v1`.
//!
//! Labels are drawn by the carrier adapter (`carriers::Carrier::draw_label`) from what the carrier issued
//! to the capture job (`return_labels`; ADR 0025): a PDF with the return number, both addresses, the
//! carrier, the service, the tracking number, a CODE128 barcode and a QR code of the drop-off code, or the
//! PNG scannable code for the EMEA paperless method. None for China, Korea, store returns or pickups whose carrier brings
//! its own paperwork. A return and its label are visible to whoever may see the sales order.
//!
//! Dispatch: at most `MAX_DISPATCHES` per return and type, counted by keyed rows (`dispatch:EMAIL:1` ..),
//! so parallel requests cannot exceed it either.

use axum::Json;
use axum::extract::{Path, State};
use base64::Engine;
use domain::returns::methods::ReturnMethod;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db::{self, ReturnRow};
use crate::access::authorize_order;
use crate::caller::Caller;
use crate::carriers::{self, Carrier, CarrierLabel, LabelRequest};
use crate::db::Db;
use crate::documents::LabelAddress;
use crate::error::{AppError, AppResult, Code};
use crate::extract::JsonBody;
use crate::mail::templates::{MailKind, compose};
use crate::mail::{Attachment, OutgoingMail};
use crate::orders::OrdersState;
use crate::orders::StoredOrder;

pub const MAX_DISPATCHES: usize = 3;

/// Where returns go, by country (our choice: one returns centre per market; the spec does not name them).
const RETURN_CENTRES: &[(&str, &[&str])] = &[
    ("US", &["Returns Center", "1 Returns Way", "Memphis, TN 38118", "United States"]),
    ("GB", &["Returns Centre", "Unit 4, Fulfilment Park", "Northampton NN4 7YJ", "United Kingdom"]),
    ("AU", &["Returns Centre", "12 Logistics Drive", "Truganina VIC 3029", "Australia"]),
    ("JP", &["Returns Center", "2-1 Shinkiba", "Koto-ku, Tokyo 136-0082", "Japan"]),
];
const EU_RETURN_CENTRE: &[&str] = &["European Returns Centre", "Meerheide 100", "5521 DZ Eersel", "Netherlands"];

fn return_centre(country: &str) -> LabelAddress {
    let lines = RETURN_CENTRES
        .iter()
        .find(|(code, _)| code.eq_ignore_ascii_case(country))
        .map_or(EU_RETURN_CENTRE, |(_, lines)| *lines);
    LabelAddress {
        name: lines.first().copied().unwrap_or_default().to_owned(),
        lines: lines.iter().skip(1).map(|line| (*line).to_owned()).collect(),
    }
}

/// The label's sender: the order's shipping address as the order system printed it, whose first line is the
/// recipient's name. (Not the order's `shipFrom`, which is where a partner shipped from, and no stand-in
/// name such as "Customer": walk polish 7.)
fn shopper_address(parent: &StoredOrder) -> LabelAddress {
    let mut lines = parent.shipping_address.iter().cloned();
    let name = lines.next().unwrap_or_default();
    LabelAddress { name, lines: lines.collect() }
}

/// A return the caller may see, with its sales order, where labels may be made (disableCreateLabel off);
/// the same 404 for a missing one and another's.
pub async fn visible_return(
    state: &OrdersState,
    caller: &Caller,
    return_order_number: &str,
) -> AppResult<(ReturnRow, StoredOrder)> {
    let (ret, parent) = find_visible_return(state, caller, return_order_number).await?;
    state.settings.require(Some(&ret.country), domain::country::Flag::DisableCreateLabel)?;
    Ok((ret, parent))
}

/// A return the caller may see, with its sales order; the same 404 for a missing one and another's.
pub async fn find_visible_return(
    state: &OrdersState,
    caller: &Caller,
    return_order_number: &str,
) -> AppResult<(ReturnRow, StoredOrder)> {
    let return_order_number =
        domain::ReturnNumber::parse(return_order_number).map_err(|_| AppError::InvalidOrderNumber)?;
    let Some((ret, _lines)) = db::find_return(&state.db, &return_order_number).await? else {
        // A guess costs the same as a wrong filter on an existing order (rate limits and failure counting).
        if caller.has_guest_credentials() || caller.member.is_none() {
            state.limiter.check_client(caller.client_ip)?;
        }
        return Err(AppError::ReturnNotFound);
    };
    // Another's return answers as a missing one does (`order-detail-return-failure`, spec 001 §8).
    authorize_order(state, caller, &ret.parent_order_number).await.map_err(|error| match error {
        AppError::OrderNotFound => AppError::ReturnNotFound,
        other => other,
    })?;
    let Some((parent, _)) = crate::orders::find_order_and_version(&state.db, &ret.parent_order_number).await? else {
        return Err(AppError::ReturnNotFound);
    };
    Ok((ret, parent))
}

fn not_available() -> AppError {
    AppError::coded(Code::LabelNotAvailable, "returnOrderNumber", "This return has no carrier label.")
}

/// What a return's label is made of, and its carrier; `label-not-available` where the return has no label
/// (China, Korea, store returns, pickups whose carrier brings its own paperwork). `paperless` asks for the
/// EMEA scannable code where the method is paperless.
pub fn label_request(
    ret: &ReturnRow,
    parent: &StoredOrder,
    paperless: bool,
) -> AppResult<(&'static dyn Carrier, LabelRequest)> {
    let method = ReturnMethod::parse(&ret.return_method).ok_or_else(not_available)?;
    if !super::label_offered(method, ret.carrier_id.as_deref())
        || super::NO_LABEL_COUNTRIES.contains(&ret.country.to_ascii_uppercase().as_str())
    {
        return Err(not_available());
    }
    let carrier = ret.carrier_id.as_deref().and_then(carriers::for_id).ok_or_else(not_available)?;
    let request = LabelRequest {
        return_order_number: ret.return_order_number.to_string(),
        country: ret.country.to_string(),
        from: shopper_address(parent),
        to: return_centre(&ret.country),
        language: super::language_of(&ret.locale),
        paperless: paperless && method == ReturnMethod::PaperlessReturn,
    };
    Ok((carrier, request))
}

/// The carrier label of a return, drawn from the label the carrier issued to the capture job
/// (`return_labels`): no carrier is called while the shopper waits. A return made before labels were
/// stored has none and is issued and drawn by the sandbox carrier in process, as it was then.
pub async fn make_label(db: &Db, ret: &ReturnRow, parent: &StoredOrder, paperless: bool) -> AppResult<CarrierLabel> {
    let (carrier, request) = label_request(ret, parent, paperless)?;
    let drawn = match db::stored_label(db, &ret.return_order_number).await? {
        Some(issued) => carrier.draw_label(&request, &issued),
        None => carrier.make_label(&request),
    };
    drawn.map_err(|error| AppError::Internal(Box::new(error)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DropOffCode {
    pub data: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLabelView {
    pub carrier: String,
    pub carrier_id: String,
    /// PDF, or PNG for the EMEA paperless code.
    pub label_format: String,
    /// Base64 of the PDF or PNG.
    pub return_label: String,
    pub drop_off_code: DropOffCode,
    pub data_matrix: String,
    pub is_emea_paperless: bool,
    pub tracking_number: String,
}

/// The return label (PDF) or the EMEA paperless code (PNG).
#[utoipa::path(get, path = "/order_mgmt/user_return_labels/v1/{returnOrderNumber}", tag = "returns",
    params(("returnOrderNumber" = inline(domain::OrderNumber), Path), ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guests: email(...) or phoneNumber(...)")),
    responses((status = 200, body = ReturnLabelView),
              (status = 404, body = crate::error::ApiError, description = "order-detail-return-failure: no such return, or not the caller's"),
              (status = 409, body = crate::error::ApiError, description = "label-not-available: China, Korea, store returns, pickups")))]
pub async fn get_return_label(
    State(state): State<OrdersState>,
    Path(return_order_number): Path<String>,
    caller: Caller,
) -> AppResult<Json<ReturnLabelView>> {
    let (ret, parent) = visible_return(&state, &caller, &return_order_number).await?;
    let label = make_label(&state.db, &ret, &parent, true).await?;
    Ok(Json(ReturnLabelView {
        carrier: label.carrier_name,
        carrier_id: label.carrier_id,
        label_format: label.label_format.to_owned(),
        return_label: base64::engine::general_purpose::STANDARD.encode(&label.bytes),
        drop_off_code: DropOffCode { data: label.drop_off_code.clone() },
        data_matrix: label.drop_off_code,
        is_emea_paperless: label.is_emea_paperless,
        tracking_number: label.tracking_number,
    }))
}

/// The document's closed set of `dispatchType` (the check also takes lower case).
fn dispatch_kinds() -> utoipa::openapi::schema::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .enum_values(Some(["EMAIL", "POST"]))
        .build()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DispatchRequest {
    /// EMAIL or POST.
    #[schema(schema_with = dispatch_kinds)]
    pub dispatch_type: String,
    #[schema(value_type = domain::OrderNumber, inline)]
    pub return_order_number: String,
    // Where to e-mail the label; the order's e-mail when absent.
    #[serde(default)]
    #[schema(value_type = Option<domain::schema::Email>, inline)]
    pub email: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DispatchResponse {
    pub dispatch_type: String,
    /// EMAIL: the address, masked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sent_to: Option<String>,
    /// POST: YYYY-MM-DD.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sent_on: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrives_earliest: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrives_latest: Option<String>,
}

/// `a***@example.com`.
pub fn mask_email(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => format!("{}***@{domain}", local.chars().next().unwrap_or('*')),
        None => "***".to_owned(),
    }
}

/// Takes one of the `MAX_DISPATCHES` slots of this return and type; `None` when all are used.
async fn take_dispatch_slot(state: &OrdersState, return_order_number: &str, kind: &str) -> AppResult<Option<String>> {
    let now = state.clock.now_ms();
    for slot in 1..=MAX_DISPATCHES {
        let key = format!("dispatch:{kind}:{slot}");
        if db::claim_effect(&state.db, return_order_number, &key, None, now).await? {
            return Ok(Some(key));
        }
    }
    Ok(None)
}

/// Sends the label by e-mail (PDF attached) or by post (through the carrier), at most 3 times per type.
#[utoipa::path(post, path = "/order_mgmt/user_return_labels_dispatch/v1", tag = "returns", request_body = DispatchRequest,
    params(("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guests: email(...) or phoneNumber(...)")),
    responses((status = 200, body = DispatchResponse),
              (status = 400, body = crate::error::ApiError, description = "validation-failed: dispatchType, email"),
              (status = 404, body = crate::error::ApiError), (status = 409, body = crate::error::ApiError, description = "label-not-available"),
              (status = 429, body = crate::error::ApiError, description = "rate-limited: 3 dispatches of this type already"),
              (status = 503, body = crate::error::ApiError, description = "the mail server did not take the message")))]
pub async fn dispatch_return_label(
    State(state): State<OrdersState>,
    caller: Caller,
    JsonBody(request): JsonBody<DispatchRequest>,
) -> AppResult<Json<DispatchResponse>> {
    let kind = request.dispatch_type.trim().to_ascii_uppercase();
    if kind != "EMAIL" && kind != "POST" {
        return Err(AppError::validation("dispatchType", "dispatchType is EMAIL or POST"));
    }
    if let Some(email) = request.email.as_deref()
        && !domain::rules::is_email(email.trim())
    {
        return Err(AppError::validation("email", "Please enter a valid email address."));
    }
    let (ret, parent) = visible_return(&state, &caller, &request.return_order_number).await?;
    let label = make_label(&state.db, &ret, &parent, false).await?;
    let to = request.email.as_deref().map(str::trim).map(str::to_owned).or_else(|| ret.email.clone().map(String::from));
    if kind == "EMAIL" && to.is_none() {
        return Err(AppError::validation("email", "no e-mail address is known for this order"));
    }
    let Some(key) = take_dispatch_slot(&state, &ret.return_order_number, &kind).await? else {
        return Err(AppError::RateLimited { retry_after_seconds: 86_400 });
    };
    let language = super::language_of(&ret.locale);
    if kind == "EMAIL" {
        let to = to.unwrap_or_default();
        let (subject, body) = compose(
            MailKind::ReturnLabel,
            &language,
            &[("returnNumber", &ret.return_order_number), ("carrier", &label.carrier_name)],
        );
        let body = super::texts::with_return_link(&body, &language, &state.public_url, &ret.return_order_number);
        let attachment = Attachment::pdf(format!("return-label-{}.pdf", ret.return_order_number), label.bytes);
        if let Err(error) =
            state.mailer.send(OutgoingMail { to: to.clone(), subject, body, attachment: Some(attachment) }).await
        {
            tracing::warn!(code = "label-dispatch-failure", %error, "the return label e-mail was not sent");
            db::release_effect(&state.db, &ret.return_order_number, &key).await?;
            return Err(AppError::Unavailable);
        }
        return Ok(Json(DispatchResponse {
            dispatch_type: kind,
            sent_to: Some(mask_email(&to)),
            sent_on: None,
            arrives_earliest: None,
            arrives_latest: None,
        }));
    }
    let carrier = ret.carrier_id.as_deref().and_then(carriers::for_id).ok_or_else(not_available)?;
    let dispatch = carrier.dispatch_by_post(&ret.return_order_number, state.clock.now().date_naive());
    let day = |date: chrono::NaiveDate| date.format("%Y-%m-%d").to_string();
    let detail = serde_json::json!({ "sentOn": day(dispatch.sent_on), "arrivesLatest": day(dispatch.arrives_latest) });
    db::set_effect_detail(&state.db, &ret.return_order_number, &key, &detail.to_string()).await?;
    Ok(Json(DispatchResponse {
        dispatch_type: kind,
        sent_to: None,
        sent_on: Some(day(dispatch.sent_on)),
        arrives_earliest: Some(day(dispatch.arrives_earliest)),
        arrives_latest: Some(day(dispatch.arrives_latest)),
    }))
}
