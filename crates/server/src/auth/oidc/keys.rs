//! The provider's signing keys (its JWKS), cached.
//!
//! - A fetched set is kept for the answer's `Cache-Control: max-age` (at most 24 h, at least 30 s; 1 h
//!   when the provider says nothing). Past that it is fetched again, and while the provider does not
//!   answer the old keys keep working.
//! - A token whose `kid` is in no cached key fetches the set again (key rotation), at most once per 30 s
//!   whatever the `kid`s sent, so a flood of made-up `kid`s costs one fetch per 30 s. The first load
//!   counts as that fetch only when it was made for an unknown `kid` (so a rotation right after a valid
//!   token's first load still works).
//! - One fetch at a time (single flight): callers that wait for it read its result.
//! - Only public RSA, P-256 and Ed25519 keys are taken; symmetric (`oct`) keys and encryption keys are
//!   dropped, so no token can be checked as an HMAC with a published key.

use std::sync::{Arc, RwLock};

use jsonwebtoken::jwk::{AlgorithmParameters, EllipticCurve, Jwk, KeyAlgorithm, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey};

use crate::clock::Clock;

/// Least time between two fetches caused by unknown `kid`s, and between retries of a stale set.
pub const REFETCH_INTERVAL_MS: i64 = 30_000;
/// Least time between two attempts while no set was ever fetched (the provider was down at start).
const FIRST_FETCH_RETRY_MS: i64 = 2_000;
/// How long a set is kept when the provider gives no max-age.
const DEFAULT_MAX_AGE_MS: i64 = 3_600_000;
const LONGEST_MAX_AGE_MS: i64 = 24 * 3_600_000;

/// The kinds of key the portal accepts, each for exactly one algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KeyKind {
    Rsa,
    P256,
    Ed25519,
}

impl KeyKind {
    fn algorithm(self) -> Algorithm {
        match self {
            Self::Rsa => Algorithm::RS256,
            Self::P256 => Algorithm::ES256,
            Self::Ed25519 => Algorithm::EdDSA,
        }
    }
}

#[derive(Clone)]
pub struct Key {
    kid: Option<String>,
    kind: KeyKind,
    pub decoding: DecodingKey,
}

pub struct KeySet {
    keys: Vec<Key>,
    fetched_ms: i64,
    max_age_ms: i64,
}

impl KeySet {
    /// The keys of a JWKS document that the portal may use; the others are skipped, not fatal.
    pub fn parse(body: &[u8], now_ms: i64, max_age_ms: Option<i64>) -> Option<Self> {
        #[derive(serde::Deserialize)]
        struct Document {
            keys: Vec<serde_json::Value>,
        }
        let document: Document = serde_json::from_slice(body).ok()?;
        let keys = document
            .keys
            .into_iter()
            .map(fully_specified_ed25519)
            .filter_map(|value| serde_json::from_value::<Jwk>(value).ok());
        let keys = keys.filter_map(|jwk| usable(&jwk)).collect();
        let max_age_ms = max_age_ms.unwrap_or(DEFAULT_MAX_AGE_MS).clamp(REFETCH_INTERVAL_MS, LONGEST_MAX_AGE_MS);
        Some(Self { keys, fetched_ms: now_ms, max_age_ms })
    }

    /// The key for a token signed with `alg` naming `kid`: same `kid`, a key of that algorithm's type,
    /// and the key's own `alg` (when it states one) equal to the token's. A token without `kid` is taken
    /// only when exactly one key fits.
    fn find(&self, kid: Option<&str>, alg: Algorithm) -> Option<Key> {
        let mut fitting = self.keys.iter().filter(|key| key.kind.algorithm() == alg);
        match kid {
            Some(kid) => fitting.find(|key| key.kid.as_deref() == Some(kid)).cloned(),
            None => {
                let first = fitting.next()?;
                fitting.next().is_none().then(|| first.clone())
            }
        }
    }

    fn is_fresh(&self, now_ms: i64) -> bool {
        now_ms - self.fetched_ms < self.max_age_ms
    }
}

/// RFC 9864 names an Ed25519 key's algorithm `Ed25519`; the same key is EdDSA's.
fn fully_specified_ed25519(mut value: serde_json::Value) -> serde_json::Value {
    if value.get("alg").and_then(serde_json::Value::as_str) == Some("Ed25519") {
        value["alg"] = serde_json::Value::from("EdDSA");
    }
    value
}

fn usable(jwk: &Jwk) -> Option<Key> {
    if matches!(jwk.common.public_key_use, Some(PublicKeyUse::Encryption | PublicKeyUse::Other(_))) {
        return None;
    }
    let kind = match &jwk.algorithm {
        AlgorithmParameters::RSA(_) => KeyKind::Rsa,
        AlgorithmParameters::EllipticCurve(params) if params.curve == EllipticCurve::P256 => KeyKind::P256,
        AlgorithmParameters::OctetKeyPair(params) if params.curve == EllipticCurve::Ed25519 => KeyKind::Ed25519,
        // Symmetric keys (an HMAC with a published key is no signature), other curves, unknown types.
        _ => return None,
    };
    let stated_fits = match jwk.common.key_algorithm {
        None => true,
        Some(KeyAlgorithm::RS256) => kind == KeyKind::Rsa,
        Some(KeyAlgorithm::ES256) => kind == KeyKind::P256,
        Some(KeyAlgorithm::EdDSA) => kind == KeyKind::Ed25519,
        // A key meant for another algorithm (RS512, PS256, RSA-OAEP ...) is not used for these.
        Some(_) => false,
    };
    if !stated_fits {
        return None;
    }
    let decoding = DecodingKey::from_jwk(jwk).ok()?;
    Some(Key { kid: jwk.common.key_id.clone(), kind, decoding })
}

/// `max-age` of a Cache-Control value, in milliseconds; `no-store` / `no-cache` count as 0 (then the
/// floor of 30 s applies).
pub fn max_age_ms(cache_control: Option<&str>) -> Option<i64> {
    let value = cache_control?;
    let mut found = None;
    for directive in value.split(',').map(str::trim) {
        let lower = directive.to_ascii_lowercase();
        if lower == "no-store" || lower == "no-cache" {
            return Some(0);
        }
        if let Some(seconds) = lower.strip_prefix("max-age=") {
            found = seconds.trim_matches('"').parse::<i64>().ok().map(|seconds| seconds.saturating_mul(1000));
        }
    }
    found
}

#[derive(Default)]
struct FetchLog {
    /// Last attempt of any fetch.
    last_attempt_ms: Option<i64>,
    /// Last fetch caused by an unknown `kid`.
    last_unknown_kid_ms: Option<i64>,
}

#[derive(Clone, Copy)]
enum Why {
    /// No set was ever fetched.
    First,
    /// The set is past its max-age.
    Stale,
    /// The token's `kid` is in no key of the set.
    UnknownKid,
}

pub struct KeyCache {
    current: RwLock<Option<Arc<KeySet>>>,
    fetching: tokio::sync::Mutex<FetchLog>,
    clock: Clock,
}

impl KeyCache {
    pub fn new(clock: Clock) -> Self {
        Self { current: RwLock::new(None), fetching: tokio::sync::Mutex::new(FetchLog::default()), clock }
    }

    fn current(&self) -> Option<Arc<KeySet>> {
        self.current.read().map_or(None, |current| current.clone())
    }

    /// The key to check a token with, fetching the set (through `fetch`) when the rules above allow.
    /// `None`: no key fits (the token is refused).
    pub async fn key_for<F, Fut>(&self, kid: Option<&str>, alg: Algorithm, fetch: F) -> Option<Key>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Option<KeySet>>,
    {
        let now = self.clock.now_ms();
        let seen = self.current();
        let why = match &seen {
            None => Why::First,
            Some(set) => match set.find(kid, alg) {
                Some(key) if set.is_fresh(now) => return Some(key),
                Some(_) => Why::Stale,
                None => Why::UnknownKid,
            },
        };
        self.refresh(why, seen.as_ref(), fetch).await;
        // A stale set still answers: the provider may be down, and its keys have not been withdrawn.
        let found = self.current().map(|set| set.find(kid, alg));
        if matches!(why, Why::First) && matches!(found, Some(None)) {
            // The first set was read for an unknown `kid`: that read was this window's refetch (a flood of
            // made-up `kid`s on a fresh process costs one fetch, not two).
            self.fetching.lock().await.last_unknown_kid_ms.get_or_insert(now);
        }
        found.flatten()
    }

    async fn refresh<F, Fut>(&self, why: Why, seen: Option<&Arc<KeySet>>, fetch: F)
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Option<KeySet>>,
    {
        let mut log = self.fetching.lock().await;
        // Another caller may have fetched while this one waited: then its answer is the one to read.
        let now_set = self.current();
        let changed = match (seen, &now_set) {
            (Some(seen), Some(now_set)) => !Arc::ptr_eq(seen, now_set),
            (None, Some(_)) => true,
            _ => false,
        };
        if changed {
            return;
        }
        let now = self.clock.now_ms();
        let since = |at: Option<i64>| at.map_or(i64::MAX, |at| now - at);
        let allowed = match why {
            Why::First => since(log.last_attempt_ms) >= FIRST_FETCH_RETRY_MS,
            Why::Stale => since(log.last_attempt_ms) >= REFETCH_INTERVAL_MS,
            Why::UnknownKid => since(log.last_unknown_kid_ms) >= REFETCH_INTERVAL_MS,
        };
        if !allowed {
            return;
        }
        log.last_attempt_ms = Some(now);
        if matches!(why, Why::UnknownKid) {
            log.last_unknown_kid_ms = Some(now);
        }
        if let Some(fresh) = fetch().await {
            tracing::info!(keys = fresh.keys.len(), "fetched the OpenID provider's signing keys");
            if let Ok(mut current) = self.current.write() {
                *current = Some(Arc::new(fresh));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_control_max_age_is_read() {
        assert_eq!(max_age_ms(Some("public, max-age=600")), Some(600_000));
        assert_eq!(max_age_ms(Some("no-store")), Some(0));
        assert_eq!(max_age_ms(Some("public")), None);
        assert_eq!(max_age_ms(None), None);
    }

    #[test]
    fn symmetric_and_encryption_keys_are_dropped() {
        let body = br#"{"keys":[
            {"kty":"oct","k":"c2VjcmV0","kid":"hmac"},
            {"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","kid":"enc","use":"enc"},
            {"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","kid":"ed"},
            {"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo","kid":"ed-9864","alg":"Ed25519"},
            {"kty":"weird","kid":"w"}]}"#;
        let set = KeySet::parse(body, 0, None).expect("a JWKS");
        assert_eq!(set.keys.len(), 2);
        assert!(set.find(Some("ed-9864"), Algorithm::EdDSA).is_some(), "alg Ed25519 is EdDSA's");
        assert!(set.find(Some("ed"), Algorithm::EdDSA).is_some());
        assert!(set.find(Some("ed"), Algorithm::RS256).is_none(), "a key answers only its own algorithm");
        assert!(set.find(Some("hmac"), Algorithm::HS256).is_none());
        assert_eq!(set.max_age_ms, DEFAULT_MAX_AGE_MS);
    }
}
