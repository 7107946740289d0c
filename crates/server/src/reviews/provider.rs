//! The review provider adapter and its sandbox implementation.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The registration the front end sends (field names as the provider's API spells them).
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Registration {
    /// The member's access token: the provider learns who the reviewer is from it.
    pub user_auth_token: String,
    pub first_name: String,
    pub last_name: String,
    pub nick_name: String,
    pub email: String,
    pub email_confirmed: bool,
    /// Unix seconds when the front end made the registration.
    pub issued_at: i64,
}

/// What a review provider does for us: register a reviewer (answering a signature the link carries) and
/// check a link's signature when the review page opens.
pub trait ReviewProvider: Send + Sync {
    fn sign_registration(&self, upm_id: &str, registration: &Registration) -> String;
    fn verify_link(&self, upm_id: &str, issued_at: i64, signature: &str) -> bool;
}

/// Signs like a hosted review service: HMAC-SHA256 over the reviewer and the time, with a key that
/// the deployment keeps in its database.
pub struct SandboxReviewProvider {
    key: Vec<u8>,
}

impl SandboxReviewProvider {
    pub fn new(key: Vec<u8>) -> Self {
        Self { key }
    }

    fn message(upm_id: &str, issued_at: i64) -> String {
        format!("review-registration|{upm_id}|{issued_at}")
    }
}

impl ReviewProvider for SandboxReviewProvider {
    fn sign_registration(&self, upm_id: &str, registration: &Registration) -> String {
        crate::secrets::sign(&self.key, Self::message(upm_id, registration.issued_at).as_bytes())
    }

    fn verify_link(&self, upm_id: &str, issued_at: i64, signature: &str) -> bool {
        crate::secrets::verify(&self.key, Self::message(upm_id, issued_at).as_bytes(), signature)
    }
}
