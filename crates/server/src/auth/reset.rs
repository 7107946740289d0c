//! Password reset of the built-in sign-in (issue 33):
//! - `POST /auth/v1/password_resets` `{"email", "language"?}` answers 202 whatever the e-mail (no account
//!   enumeration). The request only stores a `password_reset.link` job (the same one insert for a known and
//!   an unknown e-mail, so both take the same time); the job finds the member and sends a one-time link
//!   through the mailer (SMTP or the outbox). Being a job, an accepted request survives a process killed
//!   right after its answer (issue 33). At most
//!   `PER_EMAIL_PER_HOUR` links an hour go to one member; requests are also counted per client address
//!   (the guest-lookup budget, 429 past it).
//! - `PUT /auth/v1/password_resets` `{"token", "password"}` sets the new password (8 to 128 characters) and
//!   answers 204; the token is then used, and every other open token of the member with it. An unknown
//!   token answers 400 `password-reset-invalid`; an expired or used one 410 `password-reset-expired`.
//!
//! The token: 32 random bytes (base64url), stored only as its SHA-256 (`password_resets.token_hash`), valid
//! `TOKEN_TTL_MS`, used once (the use is a compare-and-set). It travels in the link's fragment
//! (`/orders/password-reset#token=...`), which browsers send to no server, and in the PUT's body, never in
//! a path or query. Tokens, e-mails and passwords are never logged.

use axum::extract::State;
use axum::http::StatusCode;
use base64::Engine;
use rand::RngCore;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use sqlx::Row;
use utoipa::ToSchema;

use super::{db, password};
use crate::auth::AuthState;
use crate::auth::caller::Caller;
use crate::error::{AppError, AppResult, Code};
use crate::extract::JsonBody;
use crate::jobs::{Finish, Job, JobError, JobResult, NewJob, Registry, RunInfo, enqueue};
use crate::mail::OutgoingMail;
use crate::mail::templates::{MailKind, compose};

/// How long a reset link works.
pub const TOKEN_TTL_MS: i64 = 60 * 60 * 1000;
/// Reset links one member is sent per hour at most (more requests answer the same 202 and send nothing).
pub const PER_EMAIL_PER_HOUR: i64 = 3;
/// The length rule of a new password (the same as the ops API's for a member).
pub const MIN_PASSWORD: usize = 8;
pub const MAX_PASSWORD: usize = 128;
/// Where the link leads: the web app's reset page, the token in the fragment.
const RESET_PAGE: &str = "/orders/password-reset#token=";
/// Who owns the link jobs: no caller proves this identity, so no one can poll them (`GET /v1/jobs/{id}`).
const JOB_OWNER: &str = "system:password-reset";

pub(crate) fn register_jobs<C>(registry: &mut Registry<C>)
where
    C: Clone + Send + Sync + 'static,
    AuthState: axum::extract::FromRef<C>,
{
    registry.register::<SendResetLink>();
}

/// The `password_reset.link` job: mail a reset link to the member with this e-mail, if there is one.
#[derive(serde::Serialize, Deserialize)]
pub struct SendResetLink {
    /// Normalized (`domain::contact::normalize_email`).
    email: String,
    language: String,
}

impl Job for SendResetLink {
    const KIND: &'static str = "password_reset.link";
    type Context = AuthState;
    type Outcome = ();

    async fn run(self, state: AuthState, run: RunInfo) -> JobResult<()> {
        // The outbox key makes a rerun after a crash send no second e-mail (it may store a second,
        // unused token: harmless, it expires with the first). Not covered: a process that dies between
        // storing the token and storing the e-mail, for a member at the hourly budget's edge, leaves a rerun
        // that counts its own first token and sends nothing (the member asks again).
        send_link(&state, &self.email, &self.language, &format!("password-reset:{}", run.id))
            .await
            .map_err(JobError::retry)?;
        Ok(Finish::Completed(()))
    }
}

crate::platform::area_router!(
    states: [AuthState],
    routes: [(request_password_reset, reset_password)],
);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordResetRequest {
    #[schema(value_type = domain::schema::Email, inline)]
    pub email: String,
    /// The language of the e-mail (`fr`, `de-CH` ...); English when absent or without texts.
    #[serde(default)]
    pub language: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPassword {
    /// The token from the link.
    pub token: String,
    /// 8 to 128 characters.
    #[schema(min_length = 8, max_length = 128)]
    // MIN_PASSWORD, MAX_PASSWORD (a literal is all the attribute takes)
    pub password: String,
}

/// Never shows the token or the password.
impl std::fmt::Debug for NewPassword {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("NewPassword { .. }")
    }
}

fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect()
}

fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Ask for a password reset link. 202 whatever the e-mail; a member gets one link by e-mail (valid 1 hour,
/// once), at most 3 an hour.
#[utoipa::path(post, path = "/auth/v1/password_resets", tag = "auth", request_body = PasswordResetRequest,
    responses((status = 202, description = "Accepted, whether or not an account has this e-mail"),
              (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError, description = "password-sign-in-off: the retailer's provider signs members in"),
              (status = 429, body = crate::error::ApiError)))]
pub async fn request_password_reset(
    State(state): State<AuthState>,
    caller: Caller,
    JsonBody(request): JsonBody<PasswordResetRequest>,
) -> AppResult<StatusCode> {
    super::routes::password_sign_in_on(&state)?;
    state.limiter.check_client(caller.client_ip)?;
    let email = domain::contact::normalize_email(&request.email);
    if !domain::contact::is_valid_email(&email) {
        // Malformed input is refused as such; it says nothing about any account.
        return Err(AppError::validation("email", "email is not a valid address"));
    }
    let language = request.language.unwrap_or_default();
    let job = NewJob { payload: SendResetLink { email, language }, order_number: None, owner_key: JOB_OWNER.into() };
    let mut transaction = state.db.begin_write().await?;
    enqueue(&mut transaction, &state.clock, &job).await?;
    transaction.commit().await?;
    state.jobs.wake();
    Ok(StatusCode::ACCEPTED)
}

/// Stores a token for the member with this e-mail (if any, and under the hourly budget) and mails the link
/// once under `outbox_key`.
async fn send_link(state: &AuthState, email: &str, language: &str, outbox_key: &str) -> AppResult<()> {
    let Some(member) = db::find_by_email(&state.db, email).await? else {
        return Ok(());
    };
    let now = state.clock.now_ms();
    let recent: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM password_resets WHERE upm_id = $1 AND created_at > $2")
        .bind(&member.upm_id)
        .bind(now - 60 * 60 * 1000)
        .fetch_one(&state.db.pool)
        .await?;
    if recent >= PER_EMAIL_PER_HOUR {
        tracing::info!(event = "password-reset-limited", "a member's hourly password reset links are used up");
        return Ok(());
    }
    let token = new_token();
    sqlx::query("INSERT INTO password_resets (token_hash, upm_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(token_hash(&token))
        .bind(&member.upm_id)
        .bind(now)
        .bind(now + TOKEN_TTL_MS)
        .execute(&state.db.pool)
        .await?;
    let link = format!("{}{RESET_PAGE}{token}", state.public_url);
    let (subject, body) = compose(MailKind::PasswordReset, language, &[("link", &link)]);
    state
        .mailer
        .send_once(outbox_key, OutgoingMail { to: member.email, subject, body, attachment: None })
        .await
        .map_err(|error| AppError::Internal(Box::new(error)))?;
    tracing::info!(event = "password-reset-sent", "a password reset link was sent");
    Ok(())
}

/// Set a new password with the token of a reset link. 204; the token is used up.
#[utoipa::path(put, path = "/auth/v1/password_resets", tag = "auth", request_body = NewPassword,
    responses((status = 204, description = "The password is set; the link no longer works"),
              (status = 400, body = crate::error::ApiError,
               description = "`password-reset-invalid` (unknown token) or `validation-failed` (password length)"),
              (status = 404, body = crate::error::ApiError, description = "password-sign-in-off: the retailer's provider signs members in"),
              (status = 410, body = crate::error::ApiError, description = "`password-reset-expired`: expired or used"),
              (status = 429, body = crate::error::ApiError),
              (status = 503, body = crate::error::ApiError, description = "`service-busy`: too many passwords being hashed at once")))]
pub async fn reset_password(
    State(state): State<AuthState>,
    caller: Caller,
    JsonBody(request): JsonBody<NewPassword>,
) -> AppResult<StatusCode> {
    super::routes::password_sign_in_on(&state)?;
    state.limiter.check_client(caller.client_ip)?;
    let length = request.password.chars().count();
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&length) {
        return Err(AppError::validation(
            "password",
            format!("a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters"),
        ));
    }
    let invalid = || AppError::coded(Code::PasswordResetInvalid, "token", "this password reset link is not valid");
    let expired = || {
        AppError::coded(Code::PasswordResetExpired, "token", "this password reset link has expired or was used already")
    };
    // A token is 43 base64url characters; anything else is no token of ours (and no query is made with it).
    if request.token.len() != 43 || !request.token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(invalid());
    }
    let hash = token_hash(&request.token);
    let now = state.clock.now_ms();
    let row = sqlx::query("SELECT upm_id, expires_at, used_at FROM password_resets WHERE token_hash = $1")
        .bind(&hash)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(invalid)?;
    let expires_at: i64 = row.try_get("expires_at")?;
    let used_at: Option<i64> = row.try_get("used_at")?;
    if used_at.is_some() || expires_at <= now {
        return Err(expired());
    }
    let new_hash = password::hash_bounded(&state.hashing, request.password).await?;
    // The use is the compare-and-set: of two requests with one token, one sets the password.
    let mut transaction = state.db.begin_write().await?;
    let upm_id: Option<String> = sqlx::query_scalar(
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 \
         RETURNING upm_id",
    )
    .bind(now)
    .bind(&hash)
    .fetch_optional(&mut *transaction)
    .await?;
    let Some(upm_id) = upm_id else {
        transaction.rollback().await?;
        return Err(expired());
    };
    sqlx::query("UPDATE members SET password_hash = $1 WHERE upm_id = $2")
        .bind(&new_hash)
        .bind(&upm_id)
        .execute(&mut *transaction)
        .await?;
    // Every other open link of the member stops working too.
    sqlx::query("UPDATE password_resets SET used_at = $1 WHERE upm_id = $2 AND used_at IS NULL")
        .bind(now)
        .bind(&upm_id)
        .execute(&mut *transaction)
        .await?;
    transaction.commit().await?;
    tracing::info!(event = "password-reset", "a member set a new password with a reset link");
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_stored_as_hashes() {
        let (one, two) = (new_token(), new_token());
        assert_eq!(one.len(), 43);
        assert_ne!(one, two);
        assert_eq!(token_hash(&one).len(), 64);
        assert!(!token_hash(&one).contains(&one));
        assert!(!format!("{:?}", NewPassword { token: one.clone(), password: "secret-pass".into() }).contains(&one));
    }
}
