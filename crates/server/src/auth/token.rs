//! Access tokens: HS256 JWTs whose subject is the member id (upmId).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

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
/// Tokens a generation of the memo holds (`Memo`): at most twice this many are remembered, at about 400 bytes
/// each (the text, its claims and the map's share) some 3 MB when a sale day's shoppers fill both.
const MEMO_GENERATION: usize = 4096;

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Claims {
    sub: String,
    iss: String,
    iat: i64,
    exp: i64,
    /// Not valid before (optional in the tokens this server issues: it sets none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nbf: Option<i64>,
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
    /// The claims of tokens whose signature verified, by the token's whole text. A member's pages ask with
    /// one token many times a minute, and the signature check with its two JSON documents was about 6% of
    /// a cached order read (docs/performance.md, thirteenth session). Only a text identical to one that
    /// verified is found here, so a changed byte, another signature or another key is checked in full;
    /// the rules of time (expiry, `nbf`, `iat`) are checked again at every use.
    memo: Arc<Mutex<Memo>>,
}

/// The claims of verified tokens by their whole text, in two generations: a token found in the older moves to
/// the newer, and when the newer holds `MEMO_GENERATION` it becomes the older and the older is let go. So the
/// tokens in use stay while more arrive. The memo it replaces was emptied when full, which in a round of more
/// tokens than it held (`bench/run` asks with 3,000 members' tokens in turn, a sale day with thousands) let
/// no token be found again: every request was checked in full.
#[derive(Default)]
struct Memo {
    newer: Tokens,
    older: Tokens,
}

/// Only tokens whose signature verified are keys, so nobody can choose keys that collide; the seed is
/// random per process all the same.
type Tokens = HashMap<Box<str>, Arc<Claims>, foldhash::fast::RandomState>;

impl Memo {
    fn get(&mut self, token: &str) -> Option<Arc<Claims>> {
        if let Some(claims) = self.newer.get(token) {
            return Some(Arc::clone(claims));
        }
        let (text, claims) = self.older.remove_entry(token)?;
        self.insert(text, Arc::clone(&claims));
        Some(claims)
    }

    fn insert(&mut self, token: Box<str>, claims: Arc<Claims>) {
        if self.newer.len() >= MEMO_GENERATION {
            self.older = std::mem::take(&mut self.newer);
        }
        self.newer.insert(token, claims);
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.newer.len() + self.older.len()
    }
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
            memo: Arc::default(),
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
        let claims =
            Claims { sub: upm_id.to_owned(), iss: ISSUER.to_owned(), iat: now, exp: now + ttl, nbf: None, csrf: None };
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
            nbf: None,
            csrf: Some(csrf.clone()),
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|error| AppError::Internal(Box::new(error)))?;
        Ok((token, SessionClaims { upm_id: upm_id.to_owned(), csrf, issued_at: now, expires_at: now + ttl }))
    }

    /// A valid browser session token's claims; a bearer token (no CSRF value) is not a session.
    pub fn verify_session(&self, token: &str) -> Result<SessionClaims, AppError> {
        let claims = self.decode(token)?;
        let csrf = claims.csrf.clone().ok_or(AppError::Unauthorized)?;
        Ok(SessionClaims { upm_id: claims.sub.clone(), csrf, issued_at: claims.iat, expires_at: claims.exp })
    }

    /// The claims of a token with a good signature, not expired, not before its `nbf`, and not issued in
    /// the future (`iat` ahead of this clock by more than the skew).
    fn decode(&self, token: &str) -> Result<Arc<Claims>, AppError> {
        self.decode_at(token, chrono::Utc::now().timestamp())
    }

    /// `decode` at `now` (Unix seconds): from the memo when this very text verified before, else in full.
    fn decode_at(&self, token: &str, now: i64) -> Result<Arc<Claims>, AppError> {
        let remembered = self.memo.lock().ok().and_then(|mut memo| memo.get(token));
        let claims = match remembered {
            Some(claims) => claims,
            None => {
                let claims = Arc::new(
                    jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
                        .map_err(|_| AppError::Unauthorized)?
                        .claims,
                );
                if let Ok(mut memo) = self.memo.lock() {
                    memo.insert(token.into(), Arc::clone(&claims));
                }
                claims
            }
        };
        // Checked at every use, the memo's too (as strict as the full check at its edges, or stricter).
        let skew = i64::try_from(CLOCK_SKEW_SECONDS).unwrap_or(0);
        let expired = claims.exp + skew <= now;
        let not_yet = claims.nbf.is_some_and(|nbf| nbf - skew > now) || claims.iat > now + skew;
        if expired || not_yet {
            return Err(AppError::Unauthorized);
        }
        Ok(claims)
    }

    /// The member id of a valid token; refuses bad signatures, other algorithms (`none` too), expiry,
    /// `nbf` in the future and `iat` in the future.
    pub fn verify(&self, token: &str) -> Result<String, AppError> {
        self.decode(token).map(|claims| claims.sub.clone())
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
            nbf: None,
            csrf: None,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).unwrap_or_default();
        assert!(keys.verify(&token).is_err());
    }

    #[test]
    fn a_remembered_token_still_expires_and_a_changed_one_is_checked_in_full() {
        let keys = TokenKeys::from_secret(b"test-secret", 60);
        let token = keys.issue("member-1").unwrap_or_default();
        let now = chrono::Utc::now().timestamp();
        assert_eq!(keys.decode_at(&token, now).ok().map(|claims| claims.sub.clone()).as_deref(), Some("member-1"));
        assert_eq!(keys.memo.lock().map(|memo| memo.len()).unwrap_or(0), 1, "remembered");
        // Past its expiry and the leeway: refused although remembered.
        assert!(keys.decode_at(&token, now + 60 + 31).is_err());
        // Before its issue time by more than the leeway (a clock gone back): refused too.
        assert!(keys.decode_at(&token, now - 31).is_err());
        // One character of the signature changed: not the remembered text, so verified and refused.
        let at = token.len() - 10;
        let changed = if token[at..].starts_with('A') { "B" } else { "A" };
        let forged = format!("{}{changed}{}", &token[..at], &token[at + 1..]);
        assert!(keys.decode_at(&forged, now).is_err());
        // Another key's token for the same member is never taken for the remembered one.
        let other = TokenKeys::from_secret(b"other", 60).issue("member-1").unwrap_or_default();
        assert!(keys.decode_at(&other, now).is_err());
    }

    #[test]
    fn the_memo_is_bounded() {
        let keys = TokenKeys::from_secret(b"test-secret", 60);
        for n in 0..(3 * MEMO_GENERATION + 10) {
            let token = keys.issue(&format!("member-{n}")).unwrap_or_default();
            assert!(keys.verify(&token).is_ok());
        }
        assert!(keys.memo.lock().map(|memo| memo.len()).unwrap_or(usize::MAX) <= 2 * MEMO_GENERATION);
    }

    /// A round of thousands of tokens asked in turn again and again (as `bench/run` and a busy day do) is found
    /// in the memo from its second pass on, and so is a token in use while a flood of others passes; the memo
    /// of 1,024 emptied when full found none of the round.
    #[test]
    fn tokens_asked_in_turn_stay_remembered() {
        let keys = TokenKeys::from_secret(b"test-secret", 60);
        let tokens: Vec<String> =
            (0..MEMO_GENERATION).map(|n| keys.issue(&format!("member-{n}")).unwrap_or_default()).collect();
        for token in &tokens {
            assert!(keys.verify(token).is_ok());
        }
        for token in &tokens {
            let found = keys.memo.lock().ok().and_then(|mut memo| memo.get(token));
            assert!(found.is_some(), "a token of the round was let go");
        }
        let in_use = keys.issue("member-in-use").unwrap_or_default();
        for n in 0..3 * MEMO_GENERATION {
            assert!(keys.verify(&in_use).is_ok());
            let other = keys.issue(&format!("passing-{n}")).unwrap_or_default();
            assert!(keys.verify(&other).is_ok());
            let kept = keys
                .memo
                .lock()
                .map(|memo| memo.newer.contains_key(in_use.as_str()) || memo.older.contains_key(in_use.as_str()));
            assert!(kept.unwrap_or(false), "the token in use was let go");
        }
    }
}
