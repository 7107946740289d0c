//! The returns routes (contract: docs/returns-api.md).

use axum::Json;
use axum::extract::{Path, State};
use domain::returns::methods::ReturnMethod;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::options::{self, OptionInputs, ReturnOptions};
use super::{CAPTURE_JOB, capture, db, events, labels, refund};
use crate::access::authorize_order;
use crate::caller::Caller;
use crate::error::{AppError, AppResult, Code};
use crate::extract::{JsonBody, QueryPairs};
use crate::jobs::view::{JobView, find_visible};
use crate::mail::{Attachment, OutgoingMail};
use crate::orders::OrdersState;

crate::platform::area_router!(
    states: [OrdersState, crate::auth::AuthState, crate::platform::Platform],
    routes: [(get_return_options), (capture::create_return_capture), (get_return_capture_job), (labels::get_return_label), (super::instructions::get_return_instructions), (labels::dispatch_return_label), (refund::submit_bank_refund), (send_store_return_email), (events::post_return_event), (super::withdrawal::declare_withdrawal)],
);

/// What the caller may return from an order and how.
#[utoipa::path(get, path = "/order_mgmt/return_options/v1/{orderNumber}", tag = "returns",
    params(("orderNumber" = inline(domain::OrderNumber), Path), ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guests: email(...) or phoneNumber(...)"),
           ("language" = Option<String>, Query, description = "carrier names in this language")),
    responses((status = 200, body = ReturnOptions), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError, description = "service-order-detail-failure: no such sales order, or not the caller's"),
              (status = 409, body = crate::error::ApiError, description = "item-not-returnable: a global-store order, returned on the retailer's global store (`isGlobalStoreOrder`)"),
              (status = 429, body = crate::error::ApiError)))]
pub async fn get_return_options(
    State(state): State<OrdersState>,
    Path(order_number): Path<String>,
    caller: Caller,
    query: QueryPairs,
) -> AppResult<Json<ReturnOptions>> {
    let access = authorize_order(&state, &caller, &order_number).await?;
    let order = super::capture::returnable_order(&state, &access).await?;
    let returned = db::returned_quantities(&state.db, &order.order_number).await?;
    let language = query.first("language").or_else(|| query.first("locale")).unwrap_or("en");
    let language = if language.len() <= 35 { language } else { "en" };
    let policy_url = options::policy_url(&state, &order.country);
    // The prompt needs the flag, a guest, and an account behind the guest's credential (`credential`).
    let login_prompt = !access.as_member
        && state.settings.flag(&order.country, domain::country::Flag::EnableLoginPrompt)
        && crate::auth::credential::taken(&state.db, &caller.guest).await;
    let inputs = OptionInputs {
        policy_url: &policy_url,
        as_member: access.as_member,
        now_ms: state.clock.now_ms(),
        methods: options::method_settings(&state, &order.country),
        login_prompt,
        returned: &returned,
        language,
    };
    Ok(Json(options::compute(&order, &inputs)))
}

/// The return capture job: PENDING / IN_PROGRESS with `eta`, then COMPLETED with the return, or DENIED.
#[utoipa::path(get, path = "/order_mgmt/user_return_captures_jobs/v1/{jobId}", tag = "returns",
    params(("jobId" = String, Path), ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guests: the filter used to create it")),
    responses((status = 200, body = JobView), (status = 404, body = crate::error::ApiError, description = "not-found: no such job, or another caller's")))]
pub async fn get_return_capture_job(
    State(state): State<OrdersState>,
    Path(job_id): Path<String>,
    caller: Caller,
) -> AppResult<Json<JobView>> {
    find_visible(&state, &caller, &job_id, &[CAPTURE_JOB]).await.map(Json)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreReturnEmail {
    #[serde(default)]
    pub country: Option<String>,
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub language: Option<String>,
    #[schema(value_type = domain::OrderNumber, inline)]
    pub order_number: String,
    #[schema(value_type = domain::OrderNumber, inline)]
    pub return_number: String,
    #[serde(default)]
    pub to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreReturnEmailSent {
    pub sent: bool,
}

/// The store-return e-mail with the return barcode (CODE128 PNG) for the store to scan.
#[utoipa::path(post, path = "/order_mgmt/store_return_email/v1", tag = "returns", request_body = StoreReturnEmail,
    params(("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guests: email(...) or phoneNumber(...)")),
    responses((status = 200, body = StoreReturnEmailSent),
              (status = 400, body = crate::error::ApiError, description = "validation-failed: no e-mail, not a store return, or sendStoreReturnEmail is off; store-return-email-failure: the mail could not be sent"),
              (status = 404, body = crate::error::ApiError), (status = 429, body = crate::error::ApiError)))]
pub async fn send_store_return_email(
    State(state): State<OrdersState>,
    caller: Caller,
    JsonBody(request): JsonBody<StoreReturnEmail>,
) -> AppResult<Json<StoreReturnEmailSent>> {
    let refused = |message: &str| AppError::Validation { field: "returnNumber".into(), message: message.into() };
    let (ret, parent) = labels::visible_return(&state, &caller, &request.return_number).await?;
    if !parent.order_number.eq_ignore_ascii_case(request.order_number.trim()) {
        return Err(AppError::OrderNotFound);
    }
    if !ReturnMethod::parse(&ret.return_method).is_some_and(ReturnMethod::is_store) {
        return Err(refused("the store-return e-mail is only for store returns"));
    }
    // 001 §6 send-store-return-email, from the country's configuration (the same value /config serves).
    if !state.settings.flag(&ret.country, domain::country::Flag::SendStoreReturnEmail) {
        return Err(refused("the store-return e-mail is off in this country"));
    }
    let to = request
        .to
        .as_deref()
        .map(str::trim)
        .filter(|to| !to.is_empty())
        .map(str::to_owned)
        .or_else(|| ret.email.clone().map(String::from));
    let Some(to) = to else { return Err(AppError::validation("to", "no e-mail address is known for this order")) };
    if !domain::rules::is_email(&to) {
        return Err(AppError::validation("to", "Please enter a valid email address."));
    }
    let mut slot = None;
    for n in 1..=labels::MAX_DISPATCHES {
        let key = format!("dispatch:STORE_EMAIL:{n}");
        if db::claim_effect(&state.db, &ret.return_order_number, &key, None, state.clock.now_ms()).await? {
            slot = Some(key);
            break;
        }
    }
    let Some(key) = slot else { return Err(AppError::RateLimited { retry_after_seconds: 86_400 }) };
    let language = request.language.as_deref().filter(|l| l.len() <= 35).unwrap_or(&ret.locale);
    let (subject, body) = super::texts::compose(
        super::notify::StatusMail::Created,
        language,
        &ret.return_order_number,
        &state.public_url,
    );
    let body = format!("{body}\n\n{}", ret.return_order_number);
    let barcode = crate::documents::barcode::code128_png(&ret.return_order_number)
        .map_err(|error| AppError::Internal(Box::new(error)))?;
    let attachment = Attachment {
        name: format!("return-{}.png", ret.return_order_number),
        content_type: "image/png".into(),
        bytes: barcode,
    };
    if let Err(error) = state.mailer.send(OutgoingMail { to, subject, body, attachment: Some(attachment) }).await {
        tracing::warn!(code = "store-return-email-failure", %error, "the store-return e-mail was not sent");
        db::release_effect(&state.db, &ret.return_order_number, &key).await?;
        // 001 §8: a store e-mail that fails is a refused request (the page then says "Take the next step").
        return Err(AppError::coded(Code::StoreReturnEmailFailure, "to", "The store-return e-mail could not be sent."));
    }
    Ok(Json(StoreReturnEmailSent { sent: true }))
}
