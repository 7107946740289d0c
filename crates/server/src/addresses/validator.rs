//! The address validator behind an adapter (spec 002 §5, §7 "Address validation"). The sandbox
//! implementation applies the domain's normalisation rules; a real provider implements the same trait
//! and is chosen in `validator()`.

use std::future::Future;

use domain::address::{AddressFields, Verification};

use crate::error::AppResult;

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

/// The validator this deployment uses.
pub fn validator() -> impl AddressValidator {
    SandboxAddressValidator
}
