//! The one HTTP client for outside providers (the payment provider, the carrier API, the address
//! validator; docs/adr/0020-provider-adapters-over-http.md). Every call is bounded by the configured
//! connect and total timeouts, so no job and no shopper's request waits on a provider longer than that,
//! and every failure is sorted once, here, into what trying again could mend and what it could not:
//! - transient: a timeout, a connection refused or reset, 5xx, 429, or a body that ends early;
//! - definitive: any other 4xx (the provider read our request and refused it), or a 2xx whose body is
//!   not what the protocol says (trying again would read the same body).
//!
//! Areas build their adapters on [`ProviderClient`]; which providers are configured is in [`Providers`],
//! held by the platform's state. The adapters' protocol is the one `orders sandbox-providers` speaks.

use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The header that carries our key for a call the provider must do once however often asked.
pub const IDEMPOTENCY_HEADER: &str = "Idempotency-Key";

/// How long calls to providers may take (`--provider-timeout-ms`, `--provider-connect-timeout-ms`).
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    pub connect: Duration,
    pub total: Duration,
}

/// Why a provider call did not give an answer to use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    /// Trying again later may help (timeout, refused connection, 5xx, 429).
    #[error("{provider} did not answer: {reason}")]
    Transient { provider: &'static str, reason: String },
    /// The provider refused the request (4xx) or answered something this protocol cannot read.
    #[error("{provider} refused the request ({status}): {body}")]
    Definitive { provider: &'static str, status: u16, body: String },
}

/// One provider's API: a base URL and the shared client with its timeouts.
#[derive(Debug, Clone)]
pub struct ProviderClient {
    /// Names the provider in errors and logs (`payment provider`, `carrier API`, `address validator`).
    name: &'static str,
    base_url: String,
    client: reqwest::Client,
}

/// A definitive refusal's body is kept for the log and the job's message, never more than this.
const MAX_REFUSAL_BODY: usize = 300;

impl ProviderClient {
    /// `base_url` must be an absolute http(s) URL; paths are appended to it.
    pub fn new(name: &'static str, base_url: &str, timeouts: Timeouts) -> Result<Self, String> {
        let base_url = base_url.trim().trim_end_matches('/');
        let parsed = reqwest::Url::parse(base_url).map_err(|error| format!("{name} URL {base_url}: {error}"))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(format!("{name} URL {base_url}: an http:// or https:// address"));
        }
        let client = reqwest::Client::builder()
            .connect_timeout(timeouts.connect.min(timeouts.total))
            .timeout(timeouts.total)
            // A provider that redirects is misconfigured; following it could leave the bounds above.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|error| format!("{name}: {error}"))?;
        Ok(Self { name, base_url: base_url.to_owned(), client })
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// POSTs `body` as JSON to `path` and reads the 2xx answer as `T`.
    pub async fn post_json<B: Serialize + ?Sized, T: DeserializeOwned>(
        &self,
        path: &str,
        body: &B,
        idempotency_key: Option<&str>,
    ) -> Result<T, CallError> {
        let mut request = self.client.post(format!("{}{path}", self.base_url)).json(body);
        if let Some(key) = idempotency_key {
            request = request.header(IDEMPOTENCY_HEADER, key);
        }
        let response = request.send().await.map_err(|error| self.transient(&error))?;
        let status = response.status();
        // The body is read under the same total timeout: a provider that sends its head and then stalls
        // is as slow as one that never answers.
        let bytes = response.bytes().await.map_err(|error| self.transient(&error))?;
        if status.is_server_error() || status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            return Err(CallError::Transient { provider: self.name, reason: format!("it answered {status}") });
        }
        if !status.is_success() {
            return Err(self.definitive(status.as_u16(), &bytes));
        }
        serde_json::from_slice(&bytes).map_err(|error| CallError::Definitive {
            provider: self.name,
            status: status.as_u16(),
            body: format!("an answer this protocol cannot read ({error})"),
        })
    }

    fn transient(&self, error: &reqwest::Error) -> CallError {
        let reason = if error.is_timeout() {
            "it took longer than the provider timeout".to_owned()
        } else if error.is_connect() {
            "the connection could not be opened".to_owned()
        } else {
            format!("the exchange broke off ({error})")
        };
        CallError::Transient { provider: self.name, reason }
    }

    fn definitive(&self, status: u16, bytes: &[u8]) -> CallError {
        let text = String::from_utf8_lossy(bytes);
        let body: String = text.chars().take(MAX_REFUSAL_BODY).collect();
        CallError::Definitive { provider: self.name, status, body }
    }
}

/// The providers this deployment calls over HTTP; `None` where the built-in sandbox answers.
#[derive(Debug, Clone, Default)]
pub struct Providers {
    pub payments: Option<ProviderClient>,
    pub carriers: Option<ProviderClient>,
    pub addresses: Option<ProviderClient>,
}

impl Providers {
    /// The clients for the URLs given (each optional), with the same timeouts.
    pub fn from_urls(
        payments: Option<&str>,
        carriers: Option<&str>,
        addresses: Option<&str>,
        timeouts: Timeouts,
    ) -> Result<Self, String> {
        let client = |name, url: Option<&str>| {
            url.map(str::trim)
                .filter(|url| !url.is_empty())
                .map(|url| ProviderClient::new(name, url, timeouts))
                .transpose()
        };
        Ok(Self {
            payments: client("payment provider", payments)?,
            carriers: client("carrier API", carriers)?,
            addresses: client("address validator", addresses)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIMEOUTS: Timeouts = Timeouts { connect: Duration::from_millis(200), total: Duration::from_millis(300) };

    #[test]
    fn only_absolute_http_urls_are_taken() {
        assert!(ProviderClient::new("p", "http://127.0.0.1:9/", TIMEOUTS).is_ok());
        assert!(ProviderClient::new("p", "ftp://example.com", TIMEOUTS).is_err());
        assert!(ProviderClient::new("p", "example.com/api", TIMEOUTS).is_err());
        let none = Providers::from_urls(None, Some(" "), None, TIMEOUTS).expect("empty is none");
        assert!(none.carriers.is_none());
    }

    #[tokio::test]
    async fn a_refused_connection_is_transient() {
        // Bind and drop: the port is free, so the connection is refused.
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port());
        let client = ProviderClient::new("p", &format!("http://127.0.0.1:{}", port.unwrap_or(9)), TIMEOUTS);
        let answer = client.expect("client").post_json::<_, serde_json::Value>("/x", &1, None).await;
        assert!(matches!(answer, Err(CallError::Transient { .. })), "{answer:?}");
    }
}
