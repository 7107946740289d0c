//! Access tokens: HS256 JWTs whose subject is the member id (upmId).

use base64::Engine;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};

use crate::db::Db;
use crate::error::AppError;

const ISSUER: &str = "orders";
/// Seconds of clock difference tolerated between the process that issued a token and the one checking it
/// (`exp`, `nbf`, `iat`). At most 30 (issue 33; README, "Security model"): a token that expired 45 s ago
/// is refused (tests/api/auth.rs `token_leeway`).
const CLOCK_SKEW_SECONDS: u64 = 30;
const _: () = assert!(CLOCK_SKEW_SECONDS <= 30, "the token leeway is at most 30 seconds");
const SIGNING_KEY_SETTING: &str = "token_signing_key";

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    iss: String,
    iat: i64,
    exp: i64,
    /// Only in a browser session's token: the value a write must repeat in `X-CSRF-Token`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    csrf: Option<String>,
}

/// A verified browser session (the `orders_session` cookie).
#[derive(Debug, Clone)]
pub struct SessionClaims {
    pub upm_id: String,
    pub csrf: String,
    pub issued_at: i64,
    pub expires_at: i64,
}

impl SessionClaims {
    /// Whether the session is in the first half of its life at `now` (Unix seconds): past it, the next
    /// `GET /auth/v1/session` issues it anew.
    pub fn young_at(&self, now: i64) -> bool {
        now - self.issued_at < (self.expires_at - self.issued_at) / 2
    }
}

#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    pub ttl_seconds: u64,
}

impl TokenKeys {
    pub fn from_secret(secret: &[u8], ttl_seconds: u64) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_required_spec_claims(&["exp", "sub", "iss", "iat"]);
        // A token is not valid before its `nbf`; a small leeway absorbs clock skew between processes.
        validation.validate_nbf = true;
        validation.leeway = CLOCK_SKEW_SECONDS;
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl_seconds,
        }
    }

    /// The configured secret, or the one kept in the database (generated on first start).
    pub async fn load(db: &Db, configured: Option<&str>, ttl_seconds: u64) -> Result<Self, AppError> {
        if let Some(secret) = configured {
            return Ok(Self::from_secret(secret.as_bytes(), ttl_seconds));
        }
        let mut fresh = [0u8; 32];
        rand::rng().fill_bytes(&mut fresh);
        let fresh = base64::engine::general_purpose::STANDARD.encode(fresh);
        // Several processes may start at once: the first insert wins and everyone reads it back.
        sqlx::query("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
            .bind(SIGNING_KEY_SETTING)
            .bind(&fresh)
            .execute(&db.pool)
            .await?;
        let stored: String = sqlx::query_scalar("SELECT value FROM settings WHERE name = $1")
            .bind(SIGNING_KEY_SETTING)
            .fetch_one(&db.pool)
            .await?;
        Ok(Self::from_secret(stored.as_bytes(), ttl_seconds))
    }

    pub fn issue(&self, upm_id: &str) -> Result<String, AppError> {
        let now = chrono::Utc::now().timestamp();
        let ttl = i64::try_from(self.ttl_seconds).unwrap_or(i64::MAX / 2);
        let claims = Claims { sub: upm_id.to_owned(), iss: ISSUER.to_owned(), iat: now, exp: now + ttl, csrf: None };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|error| AppError::Internal(Box::new(error)))
    }

    /// A browser session token with a fresh CSRF value; returns the token and its claims.
    pub fn issue_session(&self, upm_id: &str) -> Result<(String, SessionClaims), AppError> {
        let now = chrono::Utc::now().timestamp();
        let ttl = i64::try_from(self.ttl_seconds).unwrap_or(i64::MAX / 2);
        let mut csrf_bytes = [0u8; 24];
        rand::rng().fill_bytes(&mut csrf_bytes);
        let csrf = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(csrf_bytes);
        let claims = Claims {
            sub: upm_id.to_owned(),
            iss: ISSUER.to_owned(),
            iat: now,
            exp: now + ttl,
            csrf: Some(csrf.clone()),
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|error| AppError::Internal(Box::new(error)))?;
        Ok((token, SessionClaims { upm_id: upm_id.to_owned(), csrf, issued_at: now, expires_at: now + ttl }))
    }

    /// A valid browser session token's claims; a bearer token (no CSRF value) is not a session.
    pub fn verify_session(&self, token: &str) -> Result<SessionClaims, AppError> {
        let claims = self.decode(token)?;
        let csrf = claims.csrf.ok_or(AppError::Unauthorized)?;
        Ok(SessionClaims { upm_id: claims.sub, csrf, issued_at: claims.iat, expires_at: claims.exp })
    }

    /// The claims of a token with a good signature, not expired, not before its `nbf`, and not issued in
    /// the future (`iat` ahead of this clock by more than the skew).
    fn decode(&self, token: &str) -> Result<Claims, AppError> {
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .map_err(|_| AppError::Unauthorized)?
            .claims;
        let skew = i64::try_from(CLOCK_SKEW_SECONDS).unwrap_or(0);
        if claims.iat > chrono::Utc::now().timestamp() + skew {
            return Err(AppError::Unauthorized);
        }
        Ok(claims)
    }

    /// The member id of a valid token; refuses bad signatures, other algorithms (`none` too), expiry,
    /// `nbf` in the future and `iat` in the future.
    pub fn verify(&self, token: &str) -> Result<String, AppError> {
        self.decode(token).map(|claims| claims.sub)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_issued_verifies_to_its_member() {
        let keys = TokenKeys::from_secret(b"test-secret", 60);
        let token = keys.issue("member-1").unwrap_or_default();
        assert_eq!(keys.verify(&token).ok().as_deref(), Some("member-1"));
    }

    #[test]
    fn a_token_signed_with_another_key_is_refused() {
        let token = TokenKeys::from_secret(b"other", 60).issue("member-1").unwrap_or_default();
        assert!(TokenKeys::from_secret(b"test-secret", 60).verify(&token).is_err());
    }

    #[test]
    fn an_unsigned_token_is_refused() {
        let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let header = engine.encode(br#"{"alg":"none","typ":"JWT"}"#);
        let payload = engine.encode(br#"{"sub":"member-1","iss":"orders","exp":9999999999}"#);
        let keys = TokenKeys::from_secret(b"test-secret", 60);
        assert!(keys.verify(&format!("{header}.{payload}.")).is_err());
    }

    #[test]
    fn an_expired_token_is_refused() {
        let keys = TokenKeys::from_secret(b"test-secret", 60);
        let claims = Claims {
            sub: "m".into(),
            iss: ISSUER.into(),
            iat: 1,
            exp: chrono::Utc::now().timestamp() - 120,
            csrf: None,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).unwrap_or_default();
        assert!(keys.verify(&token).is_err());
    }
}
