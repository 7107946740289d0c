//! Members from the retailer's OpenID Connect provider (docs/adr/0016-oidc.md).
//!
//! With an issuer configured, a member's `Authorization: Bearer` token is the provider's JWT access token:
//! signed RS256, ES256 or EdDSA with a key of the provider's JWKS (chosen by `kid` only: `jku`, `x5u`,
//! `jwk` and `x5c` in the token's header are never read), `iss` the issuer, `aud` naming the audience,
//! `exp` / `nbf` within 30 s of leeway. The member id is the configured claim's value.
//!
//! The discovery document and the keys are fetched lazily, with short timeouts: a provider that is down
//! at start does not stop the portal, and one that goes down later leaves the cached keys working.

mod keys;
pub mod routes;

use std::sync::{Arc, RwLock};
use std::time::Duration;

use jsonwebtoken::{Algorithm, Validation};
use serde::Deserialize;
use serde_json::Value;

use crate::clock::Clock;
use crate::error::AppError;

pub use keys::REFETCH_INTERVAL_MS;

/// Seconds of clock difference tolerated on `exp` and `nbf`.
const LEEWAY_SECONDS: u64 = 30;
/// Largest discovery, JWKS or token answer read.
const MAX_ANSWER_BYTES: usize = 1024 * 1024;
/// A member id longer than this is no member id.
const MAX_MEMBER_ID_CHARS: usize = 128;
/// How long a discovery document is kept before it is read again.
const DISCOVERY_TTL_MS: i64 = 24 * 3_600_000;
/// Least time between two attempts to read the discovery document while none is cached.
const DISCOVERY_RETRY_MS: i64 = 2_000;

/// The algorithms a provider's token may be signed with. Never `none`, never an HMAC.
const ALGORITHMS: [Algorithm; 3] = [Algorithm::RS256, Algorithm::ES256, Algorithm::EdDSA];

/// What the deployment configured (`--oidc-*`). Its Debug form leaves the client secret out.
#[derive(Clone)]
pub struct OidcSettings {
    pub issuer: String,
    pub audience: String,
    pub member_claim: String,
    pub client_id: Option<String>,
    pub client_secret: Option<String>,
    pub redirect_url: Option<String>,
}

impl std::fmt::Debug for OidcSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcSettings")
            .field("issuer", &self.issuer)
            .field("audience", &self.audience)
            .field("member_claim", &self.member_claim)
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "(set)"))
            .field("redirect_url", &self.redirect_url)
            .finish()
    }
}

impl OidcSettings {
    /// The settings when an issuer is given (`--oidc-*`); an issuer without an audience, or one that is
    /// no http(s) URL, is refused. Empty values count as unset.
    pub fn new(
        issuer: Option<&str>,
        audience: Option<&str>,
        member_claim: &str,
        client_id: Option<&str>,
        client_secret: Option<&str>,
        redirect_url: Option<&str>,
    ) -> Result<Option<Self>, crate::BoxError> {
        let given = |value: Option<&str>| value.map(str::trim).filter(|value| !value.is_empty()).map(str::to_owned);
        let Some(issuer) = given(issuer) else {
            return Ok(None);
        };
        let parsed = reqwest::Url::parse(&issuer).map_err(|error| format!("--oidc-issuer {issuer}: {error}"))?;
        if !matches!(parsed.scheme(), "https" | "http") {
            return Err(format!("--oidc-issuer {issuer}: not an http(s) URL").into());
        }
        let audience =
            given(audience).ok_or("--oidc-audience (ORDERS_OIDC_AUDIENCE) is required with --oidc-issuer")?;
        let member_claim = given(Some(member_claim)).ok_or("--oidc-member-claim is empty")?;
        Ok(Some(Self {
            issuer,
            audience,
            member_claim,
            client_id: given(client_id),
            client_secret: given(client_secret),
            redirect_url: given(redirect_url),
        }))
    }
}

/// The parts of the provider's discovery document the portal uses.
#[derive(Debug, Clone, Deserialize)]
pub struct Discovery {
    pub issuer: String,
    pub jwks_uri: String,
    #[serde(default)]
    pub authorization_endpoint: Option<String>,
    #[serde(default)]
    pub token_endpoint: Option<String>,
    #[serde(default)]
    pub end_session_endpoint: Option<String>,
}

struct CachedDiscovery {
    document: Arc<Discovery>,
    fetched_ms: i64,
}

/// Why a fetch from the provider gave nothing (logged, never answered to a caller).
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("the provider could not be reached: {0}")]
    Unreachable(#[from] reqwest::Error),
    #[error("the provider answered {0}")]
    Status(reqwest::StatusCode),
    #[error("the provider's answer is not what was expected: {0}")]
    Malformed(String),
}

pub struct Oidc {
    pub settings: OidcSettings,
    http: reqwest::Client,
    clock: Clock,
    discovery: RwLock<Option<CachedDiscovery>>,
    /// Single flight for the discovery document, with the time of the last attempt.
    discovery_fetch: tokio::sync::Mutex<Option<i64>>,
    keys: keys::KeyCache,
    /// Members whose record this process has made or seen (`ensure_member`), so a request costs no write.
    known_members: std::sync::Mutex<std::collections::HashSet<String>>,
}

/// Members remembered by `known_members` before the set starts over.
const KNOWN_MEMBERS_CAP: usize = 100_000;

impl Oidc {
    pub fn new(settings: OidcSettings, clock: Clock) -> Result<Self, crate::BoxError> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(3))
            .timeout(Duration::from_secs(5))
            // The documents are read where they are: a redirect elsewhere is not followed.
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Self {
            settings,
            http,
            keys: keys::KeyCache::new(clock.clone()),
            clock,
            discovery: RwLock::new(None),
            discovery_fetch: tokio::sync::Mutex::new(None),
            known_members: std::sync::Mutex::default(),
        })
    }

    /// Makes the member's record on first sight (orders, addresses and consent refer to it).
    pub async fn ensure_member(&self, db: &crate::db::Db, upm_id: &str, country: &str) -> Result<(), AppError> {
        let known = self.known_members.lock().is_ok_and(|known| known.contains(upm_id));
        if known {
            return Ok(());
        }
        super::db::ensure_provider_member(db, upm_id, country).await?;
        if let Ok(mut known) = self.known_members.lock() {
            if known.len() >= KNOWN_MEMBERS_CAP {
                known.clear();
            }
            known.insert(upm_id.to_owned());
        }
        Ok(())
    }

    /// The web sign-in is configured (a client id besides the issuer).
    pub fn web_sign_in(&self) -> bool {
        self.settings.client_id.is_some()
    }

    fn cached_discovery(&self, now_ms: i64) -> Option<Arc<Discovery>> {
        let cached = self.discovery.read().ok()?;
        let cached = cached.as_ref()?;
        (now_ms - cached.fetched_ms < DISCOVERY_TTL_MS).then(|| cached.document.clone())
    }

    fn any_discovery(&self) -> Option<Arc<Discovery>> {
        self.discovery.read().ok()?.as_ref().map(|cached| cached.document.clone())
    }

    /// The discovery document: cached for a day, read again lazily; while the provider does not answer a
    /// document read before is used, and with none the caller gets `None`.
    pub async fn discovery(&self) -> Option<Arc<Discovery>> {
        if let Some(document) = self.cached_discovery(self.clock.now_ms()) {
            return Some(document);
        }
        let mut last_attempt = self.discovery_fetch.lock().await;
        let now = self.clock.now_ms();
        if let Some(document) = self.cached_discovery(now) {
            return Some(document);
        }
        let retry_after = if self.any_discovery().is_some() { REFETCH_INTERVAL_MS } else { DISCOVERY_RETRY_MS };
        if last_attempt.is_some_and(|at| now - at < retry_after) {
            return self.any_discovery();
        }
        *last_attempt = Some(now);
        match self.fetch_discovery().await {
            Ok(document) => {
                let document = Arc::new(document);
                if let Ok(mut cached) = self.discovery.write() {
                    *cached = Some(CachedDiscovery { document: document.clone(), fetched_ms: now });
                }
                Some(document)
            }
            Err(error) => {
                tracing::warn!(%error, "reading the OpenID provider's discovery document failed");
                self.any_discovery()
            }
        }
    }

    async fn fetch_discovery(&self) -> Result<Discovery, ProviderError> {
        let url = format!("{}/.well-known/openid-configuration", self.settings.issuer.trim_end_matches('/'));
        let (body, _) = self.get(&url).await?;
        let document: Discovery =
            serde_json::from_slice(&body).map_err(|error| ProviderError::Malformed(error.to_string()))?;
        if document.issuer != self.settings.issuer {
            return Err(ProviderError::Malformed(format!(
                "the discovery document names issuer {}, not the configured one",
                document.issuer
            )));
        }
        Ok(document)
    }

    /// A GET of a provider document: its body (at most 1 MiB) and its Cache-Control.
    async fn get(&self, url: &str) -> Result<(Vec<u8>, Option<String>), ProviderError> {
        let response = self.http.get(url).header(reqwest::header::ACCEPT, "application/json").send().await?;
        if !response.status().is_success() {
            return Err(ProviderError::Status(response.status()));
        }
        let cache_control = response
            .headers()
            .get(reqwest::header::CACHE_CONTROL)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        let body = read_limited(response).await?;
        Ok((body, cache_control))
    }

    async fn fetch_keys(&self) -> Option<keys::KeySet> {
        let discovery = self.discovery().await?;
        match self.get(&discovery.jwks_uri).await {
            Ok((body, cache_control)) => {
                let set = keys::KeySet::parse(&body, self.clock.now_ms(), keys::max_age_ms(cache_control.as_deref()));
                if set.is_none() {
                    tracing::warn!("the OpenID provider's JWKS is not a key set");
                }
                set
            }
            Err(error) => {
                tracing::warn!(%error, "fetching the OpenID provider's JWKS failed");
                None
            }
        }
    }

    /// The member id of a provider access token; 401 for anything else.
    pub async fn verify_access_token(&self, token: &str) -> Result<String, AppError> {
        let audience = self.settings.audience.clone();
        let claims = self.verify(token, &audience).await?;
        member_id(&claims, &self.settings.member_claim).ok_or(AppError::Unauthorized)
    }

    /// The claims of a JWT the provider signed for `audience`: signature by a JWKS key chosen by `kid`,
    /// `iss`, `aud`, `exp` and `nbf`.
    async fn verify(&self, token: &str, audience: &str) -> Result<serde_json::Map<String, Value>, AppError> {
        // `alg: none` and unknown algorithms fail here already; `jku`, `x5u`, `jwk`, `x5c` are not read.
        let header = jsonwebtoken::decode_header(token).map_err(|_| AppError::Unauthorized)?;
        let alg = header.alg;
        if !ALGORITHMS.contains(&alg) {
            return Err(AppError::Unauthorized);
        }
        let key =
            self.keys.key_for(header.kid.as_deref(), alg, || self.fetch_keys()).await.ok_or(AppError::Unauthorized)?;
        let mut validation = Validation::new(alg);
        validation.algorithms = vec![alg];
        validation.set_issuer(&[&self.settings.issuer]);
        validation.set_audience(&[audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        validation.validate_exp = true;
        validation.validate_nbf = true;
        validation.leeway = LEEWAY_SECONDS;
        let data = jsonwebtoken::decode::<serde_json::Map<String, Value>>(token, &key.decoding, &validation)
            .map_err(|_| AppError::Unauthorized)?;
        Ok(data.claims)
    }

    /// The member of an ID token the provider issued to this portal (`aud` = client id) for the sign-in
    /// that sent `nonce`.
    pub async fn verify_id_token(&self, token: &str, nonce: &str) -> Result<String, AppError> {
        let client_id = self.settings.client_id.clone().ok_or(AppError::NotFound)?;
        let claims = self.verify(token, &client_id).await?;
        let sent = claims.get("nonce").and_then(Value::as_str).unwrap_or_default();
        if !super::identity::constant_time_equal(sent.as_bytes(), nonce.as_bytes()) {
            return Err(AppError::Unauthorized);
        }
        member_id(&claims, &self.settings.member_claim).ok_or(AppError::Unauthorized)
    }
}

/// The member id in `claim`: a string (or a number, as its digits) of 1 to 128 visible characters.
fn member_id(claims: &serde_json::Map<String, Value>, claim: &str) -> Option<String> {
    let value = match claims.get(claim)? {
        Value::String(text) => text.clone(),
        Value::Number(number) => number.to_string(),
        _ => return None,
    };
    let fits = !value.is_empty()
        && value.chars().count() <= MAX_MEMBER_ID_CHARS
        && value.chars().all(|c| !c.is_control() && !c.is_whitespace());
    fits.then_some(value)
}

async fn read_limited(mut response: reqwest::Response) -> Result<Vec<u8>, ProviderError> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        if body.len() + chunk.len() > MAX_ANSWER_BYTES {
            return Err(ProviderError::Malformed("the answer is larger than 1 MiB".to_owned()));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_member_id_is_a_short_visible_string() {
        let claims = |value: Value| serde_json::Map::from_iter([("sub".to_owned(), value)]);
        assert_eq!(member_id(&claims(Value::from("m-1")), "sub").as_deref(), Some("m-1"));
        assert_eq!(member_id(&claims(Value::from(42)), "sub").as_deref(), Some("42"));
        assert_eq!(member_id(&claims(Value::from("")), "sub"), None);
        assert_eq!(member_id(&claims(Value::from("a b")), "sub"), None);
        assert_eq!(member_id(&claims(Value::from("x".repeat(129))), "sub"), None);
        assert_eq!(member_id(&claims(Value::Bool(true)), "sub"), None);
        assert_eq!(member_id(&claims(Value::from("m-1")), "uid"), None);
    }
}
