//! Argon2id password (and PIN) hashes, computed off the async threads, a bounded number at a time.
//!
//! Each verification needs a 19 MiB work area. Unbounded, 20 simultaneous sign-ins with made-up e-mails
//! took the process from 10 MiB to 3.3 GiB resident (the allocator kept the freed areas). So: at most one
//! hash per core runs at once; at most `QUEUE_LIMIT` more wait; past that the answer is 503
//! `service-busy` with Retry-After. Each check allocates its work area and frees it at once: the
//! allocator (mimalloc, main.rs: arena memory committed lazily) gives a freed area of that size back to
//! the system, so a quiet process holds none (keeping one per core held 38 MiB for good on 2 cores).
//! Figures: docs/performance.md, "Sign-in memory".

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use tokio::sync::Semaphore;

use crate::error::AppError;

/// Verifications that may wait for a free slot; one more is refused with 503.
pub const QUEUE_LIMIT: usize = 64;

/// The slots and the queue of one process (held in `AppState`).
pub struct Hashing {
    slots: Semaphore,
    waiting: AtomicUsize,
}

impl Default for Hashing {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        Self { slots: Semaphore::new(cores), waiting: AtomicUsize::new(0) }
    }
}

pub fn hash_blocking(password: &str) -> Result<String, AppError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|error| AppError::Internal(error.to_string().into()))
}

/// Runs `work` on a blocking thread once a slot is free (or refuses when too many already wait).
async fn bounded<T: Send + 'static>(
    hashing: &Hashing,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, AppError> {
    if hashing.waiting.fetch_add(1, Ordering::SeqCst) >= QUEUE_LIMIT {
        hashing.waiting.fetch_sub(1, Ordering::SeqCst);
        tracing::info!(event = "sign-in-busy", "password checks queue full: refused with 503");
        return Err(AppError::Busy { retry_after_seconds: 1 });
    }
    let permit = hashing.slots.acquire().await;
    hashing.waiting.fetch_sub(1, Ordering::SeqCst);
    let _permit = permit.map_err(|error| AppError::Internal(Box::new(error)))?;
    tokio::task::spawn_blocking(work).await.map_err(|error| AppError::Internal(Box::new(error)))
}

/// Hashes a password a stranger can ask for (sign-up, a password reset): in the same bounded slots as the
/// sign-in checks, so a burst of them queues (or answers 503) instead of taking every core.
pub async fn hash_bounded(hashing: &Arc<Hashing>, password: String) -> Result<String, AppError> {
    bounded(hashing, move || hash_blocking(&password)).await?
}

/// Hashes a new password or PIN (ops and the seed: not a request a stranger can repeat at will).
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

fn constant_time_equal(left: &[u8], right: &[u8]) -> bool {
    left.len() == right.len() && left.iter().zip(right).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// Checks `password` against a PHC hash string, in a work area of its own that is freed on return.
fn verify_in(password: &[u8], hash_text: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(hash_text) else {
        return false;
    };
    let (Ok(params), Some(salt), Some(expected)) = (Params::try_from(&parsed), parsed.salt, parsed.hash) else {
        // Not one of ours: let the library decide, allocating as it does.
        return Argon2::default().verify_password(password, hash_text).is_ok();
    };
    let Ok(version) = parsed.version.map_or(Ok(Version::default()), Version::try_from) else {
        return false;
    };
    let mut work_area = vec![Block::default(); params.block_count()];
    let mut out = [0u8; 64];
    let Some(out) = out.get_mut(..expected.len()) else {
        return false;
    };
    let argon2 = Argon2::new(Algorithm::Argon2id, version, params);
    argon2.hash_password_into_with_memory(password, salt.as_ref(), out, work_area.as_mut_slice()).is_ok()
        && constant_time_equal(out, expected.as_bytes())
}

/// Whether `password` matches `stored_hash`; with no stored hash a decoy is checked (same cost) and the
/// answer is no. Errors only when too many checks are already waiting (503).
pub async fn verify(hashing: &Arc<Hashing>, password: String, stored_hash: Option<String>) -> Result<bool, AppError> {
    bounded(hashing, move || {
        let known = stored_hash.is_some();
        let hash_text = stored_hash.unwrap_or_else(|| decoy_hash().to_owned());
        verify_in(password.as_bytes(), &hash_text) && known
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_password_verifies_against_its_hash_and_nothing_else() {
        let hashing = Arc::new(Hashing::default());
        let hash = hash("correct horse".to_owned()).await.unwrap_or_default();
        assert!(verify(&hashing, "correct horse".to_owned(), Some(hash.clone())).await.unwrap_or(false));
        assert!(!verify(&hashing, "wrong horse".to_owned(), Some(hash)).await.unwrap_or(true));
        assert!(!verify(&hashing, "anything".to_owned(), None).await.unwrap_or(true), "no stored hash: never a match");
    }
}
