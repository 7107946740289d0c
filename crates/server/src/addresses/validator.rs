//! The address validator behind an adapter (spec 002 §5, §7 "Address validation"). The sandbox
//! implementation applies the domain's normalisation rules; with `--address-validator-url` the
//! [`HttpAddressValidator`] asks the retailer's validator (`POST {url}/addresses/verify`, the protocol
//! `orders sandbox-providers` speaks; ADR 0020).
//!
//! The validator is called while the shopper waits, so there is no retry loop here: one call, bounded by
//! the provider timeout; a validator that times out or answers 5xx makes the request answer 503
//! `service-unavailable` with Retry-After (spec 002 says nothing of a failing validator; the web keeps the
//! address as entered and the shopper may save it or try again). A 4xx (the validator refused what we
//! sent) counts as "could not be verified": the shopper is not stopped by our request's fault.

use std::future::Future;

use domain::address::{AddressFields, Verification};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::outbound::{CallError, ProviderClient, Providers};

pub trait AddressValidator: Send + Sync {
    /// Verifies `address`; `language` is the shopper's (Korean addresses are answered in Korean).
    fn verify(&self, address: &AddressFields, language: &str) -> impl Future<Output = AppResult<Verification>> + Send;
}

/// Answers from the country layouts and province tables in `data/addresses/`, with no network.
pub struct SandboxAddressValidator;

impl AddressValidator for SandboxAddressValidator {
    async fn verify(&self, address: &AddressFields, language: &str) -> AppResult<Verification> {
        Ok(domain::address::verify(address, language))
    }
}

/// The body of `POST /addresses/verify`.
#[derive(Debug, Serialize, Deserialize)]
pub struct VerifyBody {
    pub address: AddressFields,
    pub language: String,
}

/// Its answer: `verified` (the address as written canonically), `closeMatch` (the suggestion) or
/// `unverified` (no address).
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifyAnswer {
    pub result: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<AddressFields>,
}

impl VerifyAnswer {
    pub fn of(verification: Verification) -> Self {
        let (result, address) = match verification {
            Verification::Verified(fields) => ("verified", Some(fields)),
            Verification::CloseMatch(fields) => ("closeMatch", Some(fields)),
            Verification::Unverified => ("unverified", None),
        };
        Self { result: result.to_owned(), address }
    }

    fn verification(self) -> Option<Verification> {
        match (self.result.as_str(), self.address) {
            ("verified", Some(fields)) => Some(Verification::Verified(fields)),
            ("closeMatch", Some(fields)) => Some(Verification::CloseMatch(fields)),
            ("unverified", _) => Some(Verification::Unverified),
            _ => None,
        }
    }
}

/// The retailer's validator over HTTP.
pub struct HttpAddressValidator<'a>(pub &'a ProviderClient);

impl AddressValidator for HttpAddressValidator<'_> {
    async fn verify(&self, address: &AddressFields, language: &str) -> AppResult<Verification> {
        let body = VerifyBody { address: address.clone(), language: language.to_owned() };
        match self.0.post_json::<_, VerifyAnswer>("/addresses/verify", &body, None).await {
            Ok(answer) => Ok(answer.verification().unwrap_or(Verification::Unverified)),
            Err(error @ CallError::Transient { .. }) => {
                tracing::warn!(%error, "address validation: the validator is not answering");
                Err(AppError::ProviderUnavailable { provider: "address validator" })
            }
            Err(error @ CallError::Definitive { .. }) => {
                tracing::warn!(%error, "address validation: the validator refused; the address counts as unverified");
                Ok(Verification::Unverified)
            }
        }
    }
}

/// The validator this deployment uses.
pub enum ConfiguredValidator<'a> {
    Sandbox(SandboxAddressValidator),
    Http(HttpAddressValidator<'a>),
}

impl AddressValidator for ConfiguredValidator<'_> {
    async fn verify(&self, address: &AddressFields, language: &str) -> AppResult<Verification> {
        match self {
            Self::Sandbox(sandbox) => sandbox.verify(address, language).await,
            Self::Http(http) => http.verify(address, language).await,
        }
    }
}

/// Over HTTP when `--address-validator-url` is set, else the sandbox.
pub fn validator(providers: &Providers) -> ConfiguredValidator<'_> {
    match &providers.addresses {
        Some(client) => ConfiguredValidator::Http(HttpAddressValidator(client)),
        None => ConfiguredValidator::Sandbox(SandboxAddressValidator),
    }
}
