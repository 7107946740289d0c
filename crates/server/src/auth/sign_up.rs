//! Account creation by shoppers, when the retailer turns it on (`allowSignUp: true` in the configuration
//! file; off by default, then 404 `feature-disabled` with field `allowSignUp`; off with the retailer's
//! OpenID provider, then 404 `password-sign-in-off`).
//!
//! `POST /auth/v1/members` `{"email", "password", "firstName"?, "lastName"?, "country"?}` answers 202 with no
//! body whether the e-mail was free or taken: a taken e-mail is not told apart (no account enumeration) and
//! its account is left as it is. The password is hashed in both cases, so both take the same time. The new
//! member then signs in as usual (`POST /auth/v1/session`).

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::db::{self, MemberRecord};
use super::password;
use super::reset::{MAX_PASSWORD, MIN_PASSWORD};
use crate::auth::AuthState;
use crate::auth::caller::Caller;
use crate::error::{AppError, AppResult};
use crate::extract::JsonBody;

crate::platform::area_router!(
    states: [AuthState],
    routes: [(create_account)],
);

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NewAccount {
    pub email: String,
    /// 8 to 128 characters.
    pub password: String,
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    /// Two letters (ISO 3166); the default country when absent.
    #[serde(default)]
    pub country: Option<String>,
}

/// Never shows the password.
impl std::fmt::Debug for NewAccount {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("NewAccount { .. }")
    }
}

fn name(value: Option<String>, field: &str) -> AppResult<String> {
    let value = value.unwrap_or_default().trim().to_owned();
    if value.chars().count() > 100 {
        return Err(AppError::validation(field, format!("{field} is at most 100 characters")));
    }
    Ok(value)
}

/// Create an account (only when the retailer allows sign-up). 202 whether or not the e-mail was taken.
#[utoipa::path(post, path = "/auth/v1/members", tag = "auth", request_body = NewAccount,
    responses((status = 202, description = "Accepted: a new account can sign in now (a taken e-mail is not told apart)"),
              (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError, description = "`feature-disabled`: sign-up is off; `password-sign-in-off`: the retailer's provider makes members"),
              (status = 429, body = crate::error::ApiError),
              (status = 503, body = crate::error::ApiError, description = "`service-busy`: too many passwords being hashed at once")))]
pub async fn create_account(
    State(state): State<AuthState>,
    caller: Caller,
    JsonBody(request): JsonBody<NewAccount>,
) -> AppResult<StatusCode> {
    super::routes::password_sign_in_on(&state)?;
    if !state.site.allow_sign_up() {
        return Err(AppError::FeatureDisabled { flag: "allowSignUp" });
    }
    state.limiter.check_client(caller.client_ip)?;
    let email = domain::contact::normalize_email(&request.email);
    if !domain::contact::is_valid_email(&email) || email.len() > 320 {
        return Err(AppError::validation("email", "email is not a valid address"));
    }
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&request.password.chars().count()) {
        return Err(AppError::validation(
            "password",
            format!("a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters"),
        ));
    }
    let country = match request.country.as_deref().map(str::trim) {
        Some(code) if state.site.knows_country(code) => code.to_ascii_uppercase(),
        Some(_) => return Err(AppError::validation("country", "country is a two-letter code of a served country")),
        None => state.site.default_country_code().to_ascii_uppercase(),
    };
    let record = MemberRecord {
        upm_id: uuid::Uuid::new_v4().to_string(),
        email,
        password_hash: password::hash_bounded(&state.hashing, request.password).await?,
        first_name: name(request.first_name, "firstName")?,
        last_name: name(request.last_name, "lastName")?,
        country,
    };
    if db::insert(&state.db, &record).await? {
        tracing::info!(event = "member-signed-up", "a shopper created an account");
    }
    Ok(StatusCode::ACCEPTED)
}
