//! Argon2id password hashes, computed off the async threads.

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

use crate::error::AppError;

pub fn hash_blocking(password: &str) -> Result<String, AppError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|error| AppError::Internal(error.to_string().into()))
}

pub async fn hash(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || hash_blocking(&password))
        .await
        .map_err(|error| AppError::Internal(Box::new(error)))?
}

/// A hash of nothing in particular: verified against when the e-mail is unknown, so that an unknown
/// e-mail takes as long to refuse as a wrong password.
fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash_blocking("decoy password, never matches").unwrap_or_default())
}

pub async fn verify(password: String, stored_hash: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let known = stored_hash.is_some();
        let hash_text: &str = match &stored_hash {
            Some(hash) => hash,
            None => decoy_hash(),
        };
        let matches = Argon2::default().verify_password(password.as_bytes(), hash_text).is_ok();
        matches && known
    })
    .await
    .unwrap_or(false)
}
