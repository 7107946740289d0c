//! `POST /reviews/v1/registrations` (members) and the sandbox provider's write-a-review page.

use axum::Json;
use axum::extract::State;
use axum::response::Html;
use axum::routing::get;
use serde::Serialize;
use utoipa::ToSchema;

use super::provider::{Registration, ReviewProvider, SandboxReviewProvider};
use crate::auth::AuthState;
use crate::auth::Member;
use crate::error::{AppError, AppResult};
use crate::extract::{JsonBody, QueryPairs};

const PROVIDER_KEY: &str = "review_provider_key";
/// A registration older than this is refused (and so is a link).
const REGISTRATION_TTL_SECONDS: i64 = 24 * 60 * 60;

crate::platform::area_router!(
    states: [AuthState],
    routes: [(register_reviewer)],
    then: { .route("/sandbox/reviews/write", get(sandbox_review_page)) },
);

async fn provider(state: &AuthState) -> AppResult<SandboxReviewProvider> {
    Ok(SandboxReviewProvider::new(crate::secrets::load_or_create(&state.db, PROVIDER_KEY).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RegistrationSignature {
    pub signature: String,
    /// The provider's write-a-review page for this reviewer, carrying the signature (the sandbox
    /// provider's own page here; a hosted provider's URL in production).
    pub link: String,
}

fn name(value: &str, field: &str) -> AppResult<()> {
    let valid = !value.trim().is_empty() && value.chars().count() <= 80 && !value.chars().any(char::is_control);
    if valid { Ok(()) } else { Err(AppError::validation(field, "1 to 80 characters")) }
}

/// Register the signed-in member with the review provider; the answer's signature goes on the
/// write-a-review link.
#[utoipa::path(post, path = "/reviews/v1/registrations", tag = "services", security(("bearer" = [])),
    request_body = Registration,
    params(("country" = Option<String>, Query, description = "the order's country; where enableWriteReview is off the call answers 404 feature-disabled")),
    responses((status = 200, body = RegistrationSignature), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError, description = "feature-disabled"),
              (status = 401, body = crate::error::ApiError)))]
pub async fn register_reviewer(
    State(state): State<AuthState>,
    member: Member,
    query: QueryPairs,
    JsonBody(registration): JsonBody<Registration>,
) -> AppResult<Json<RegistrationSignature>> {
    state.site.require(query.first("country"), domain::country::Flag::EnableWriteReview)?;
    // A token in the body must be this member's own. Browsers signed in by the HttpOnly session cookie
    // cannot read a token and send an empty one: the request itself is already authenticated.
    if !registration.user_auth_token.is_empty() {
        let token_member = state.tokens.verify(&registration.user_auth_token).map_err(|_| AppError::Unauthorized)?;
        if member.upm_id != token_member {
            return Err(AppError::Unauthorized);
        }
    }
    name(&registration.first_name, "first_name")?;
    name(&registration.last_name, "last_name")?;
    name(&registration.nick_name, "nick_name")?;
    if !domain::contact::is_valid_email(&domain::contact::normalize_email(&registration.email)) {
        return Err(AppError::validation("email", "Please enter a valid email address."));
    }
    let now = state.clock.now_ms() / 1000;
    if (registration.issued_at - now).abs() > REGISTRATION_TTL_SECONDS {
        return Err(AppError::validation("issued_at", "the registration time is too far from now"));
    }
    let signature = provider(&state).await?.sign_registration(&member.upm_id, &registration);
    let query = form_urlencoded::Serializer::new(String::new())
        .append_pair("upmId", &member.upm_id)
        .append_pair("issuedAt", &registration.issued_at.to_string())
        .append_pair("signature", &signature)
        .finish();
    let link = format!("/sandbox/reviews/write?{query}");
    Ok(Json(RegistrationSignature { signature, link }))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The sandbox provider's review page: it opens only with a valid, recent signature.
pub async fn sandbox_review_page(State(state): State<AuthState>, query: QueryPairs) -> AppResult<Html<String>> {
    let upm_id = query.first("upmId").unwrap_or_default();
    let signature = query.first("signature").unwrap_or_default();
    let issued_at: i64 = query.first("issuedAt").and_then(|text| text.parse().ok()).unwrap_or_default();
    let title = query.first("title").unwrap_or("your item");
    let fresh = (state.clock.now_ms() / 1000 - issued_at).abs() <= REGISTRATION_TTL_SECONDS;
    if upm_id.is_empty() || !fresh || !provider(&state).await?.verify_link(upm_id, issued_at, signature) {
        return Err(AppError::Unauthorized);
    }
    Ok(Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Write a review (sandbox)</title>\
         <meta name=\"viewport\" content=\"width=device-width\"></head><body>\
         <h1>Write a review: {}</h1><p>Sandbox review provider: your sign-in was verified.</p>\
         <form onsubmit=\"return false\"><label>Rating <select><option>5</option><option>4</option><option>3</option>\
         <option>2</option><option>1</option></select></label><p><label>Your review<br><textarea rows=\"5\" cols=\"50\"></textarea></label></p>\
         <button>Submit review</button></form></body></html>",
        escape(title)
    )))
}
