//! Limits on guessing: guest lookups (order number + e-mail or phone), sign-ins and gift card PINs.
//!
//! - Requests per client address: a `governor` keyed limiter in each process (a fast, memory-bounded
//!   first line; behind a balancer each process enforces its share, documented in the README).
//! - Failures, counted in the database so that every process sees them (OWASP ASVS 6.1.1):
//!   * per (subject, client): after `PAIR_FAILURES` wrong guesses in `PAIR_WINDOW_MS` that client is
//!     refused for that subject (429) until the window ends, even with the right credential;
//!   * per subject from everyone: past `per_subject_failures` in a minute, further WRONG guesses answer
//!     429 instead of 404/401, while a right credential still gets through, so strangers cannot lock a
//!     shopper out of their order or account.
//!
//! Only failures count; keys are hashes; lengths are validated before anything becomes a key.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::clock::Clock;
use crate::db::Db;
use crate::error::{AppError, AppResult};

/// Wrong guesses one client may make against one subject in `PAIR_WINDOW_MS`.
pub const PAIR_FAILURES: i64 = 10;
pub const PAIR_WINDOW_MS: i64 = 15 * 60 * 1000;
/// The window of the per-subject failure count.
pub const SUBJECT_WINDOW_MS: i64 = 60 * 1000;
/// How often the per-client table is pruned of clients whose budget is full again.
const PRUNE_EVERY: u64 = 1024;

/// What is being guessed.
#[derive(Debug, Clone, Copy)]
pub enum Scope {
    GuestLookup,
    SignIn,
}

impl Scope {
    fn name(self) -> &'static str {
        match self {
            Self::GuestLookup => "guest-lookup",
            Self::SignIn => "sign-in",
        }
    }
}

pub struct Limiter {
    per_client: Option<DefaultKeyedRateLimiter<IpAddr>>,
    per_subject_failures: i64,
    checks: AtomicU64,
}

fn key_hash(parts: &[&str]) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part.as_bytes());
        hasher.update([0u8]);
    }
    hasher.finalize().iter().take(16).map(|byte| format!("{byte:02x}")).collect()
}

fn retry_after(until_ms: i64, now_ms: i64) -> AppError {
    let seconds = u64::try_from((until_ms - now_ms + 999) / 1000).unwrap_or(1).max(1);
    AppError::RateLimited { retry_after_seconds: seconds }
}

/// What a recorded failure led to.
pub struct FailureOutcome {
    /// This client may no longer try this subject for a while.
    pub pair_locked: bool,
    /// The subject has had more failures than its budget this minute: wrong guesses answer 429.
    pub subject_hot: bool,
}

/// One guess at a secret: which kind, of what (an order number, an e-mail), from which client.
#[derive(Clone, Copy, Debug)]
pub struct Guess<'a> {
    pub scope: Scope,
    pub subject: &'a str,
    pub client: IpAddr,
}

impl Guess<'_> {
    /// The key of this client's guesses at this subject.
    fn pair_key(&self) -> String {
        key_hash(&[self.scope.name(), self.subject, &self.client.to_string()])
    }
}

impl Limiter {
    /// `per_client_per_minute` requests per client address (0: no limit); `per_subject_failures` failures
    /// per subject per minute before wrong guesses answer 429 (0: no limit).
    pub fn new(per_client_per_minute: u32, per_subject_failures: u32) -> Self {
        let per_client = NonZeroU32::new(per_client_per_minute).map(|rate| RateLimiter::keyed(Quota::per_minute(rate)));
        Self { per_client, per_subject_failures: i64::from(per_subject_failures), checks: AtomicU64::new(0) }
    }

    /// One request from `client` to an endpoint that takes guesses.
    pub fn check_client(&self, client: IpAddr) -> Result<(), AppError> {
        let Some(limiter) = &self.per_client else {
            return Ok(());
        };
        if self.checks.fetch_add(1, Ordering::Relaxed).is_multiple_of(PRUNE_EVERY) {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        limiter.check_key(&client).map_err(|not_until| {
            let wait = not_until.wait_time_from(governor::clock::Clock::now(&governor::clock::DefaultClock::default()));
            tracing::info!(event = "rate-limited", "a client exceeded its request budget");
            AppError::RateLimited { retry_after_seconds: wait.as_secs().max(1) }
        })
    }

    /// Refuses (429) when this client is locked out of guessing this subject.
    pub async fn check_pair(&self, db: &Db, clock: &Clock, guess: Guess<'_>) -> AppResult<()> {
        let Guess { scope, .. } = guess;
        let key = guess.pair_key();
        let locked_until: Option<i64> =
            sqlx::query_scalar("SELECT locked_until FROM auth_failures WHERE key_hash = $1")
                .bind(&key)
                .fetch_optional(&db.pool)
                .await?;
        let now = clock.now_ms();
        match locked_until {
            Some(until) if until > now => {
                tracing::info!(event = "lockout-refused", scope = scope.name(), "a locked-out client tried again");
                Err(retry_after(until, now))
            }
            _ => Ok(()),
        }
    }

    /// Counts one wrong guess, in the database (one upsert per key).
    pub async fn record_failure(&self, db: &Db, clock: &Clock, guess: Guess<'_>) -> AppResult<FailureOutcome> {
        let Guess { scope, subject, .. } = guess;
        let now = clock.now_ms();
        let pair_key = guess.pair_key();
        let subject_key = key_hash(&[scope.name(), subject]);
        let pair = count(db, &pair_key, now, PAIR_WINDOW_MS, PAIR_FAILURES).await?;
        let subject_failures = if self.per_subject_failures > 0 {
            count(db, &subject_key, now, SUBJECT_WINDOW_MS, i64::MAX).await?.0
        } else {
            0
        };
        let pair_locked = pair.1 > now;
        let subject_hot = self.per_subject_failures > 0 && subject_failures > self.per_subject_failures;
        tracing::info!(event = "guess-failed", scope = scope.name(), pair_locked, subject_hot, "a wrong credential");
        if pair.0 == PAIR_FAILURES {
            tracing::info!(event = "lockout", scope = scope.name(), "a client was locked out of a subject");
        }
        // Old windows are pruned now and then, so the table stays the size of recent activity.
        if now.rem_euclid(64) == 0 {
            sqlx::query("DELETE FROM auth_failures WHERE window_start < $1 AND locked_until < $2")
                .bind(now - PAIR_WINDOW_MS)
                .bind(now)
                .execute(&db.pool)
                .await?;
        }
        Ok(FailureOutcome { pair_locked, subject_hot })
    }

    /// The error a wrong guess answers: `not_found` normally, 429 once the pair is locked or the subject hot.
    pub fn failure_answer(outcome: &FailureOutcome, not_found: AppError) -> AppError {
        if outcome.pair_locked || outcome.subject_hot {
            AppError::RateLimited { retry_after_seconds: 60 }
        } else {
            not_found
        }
    }
}

/// Adds one failure to `key` (a new window once the old one is over); locks it when the count reaches
/// `lock_at`. Returns (failures, locked_until).
async fn count(db: &Db, key: &str, now: i64, window_ms: i64, lock_at: i64) -> AppResult<(i64, i64)> {
    let row = sqlx::query(
        "INSERT INTO auth_failures (key_hash, failures, window_start, locked_until) VALUES ($1, 1, $2, 0) \
         ON CONFLICT (key_hash) DO UPDATE SET \
           failures = CASE WHEN auth_failures.window_start < $3 THEN 1 ELSE auth_failures.failures + 1 END, \
           window_start = CASE WHEN auth_failures.window_start < $3 THEN $2 ELSE auth_failures.window_start END, \
           locked_until = CASE \
             WHEN auth_failures.window_start >= $3 AND auth_failures.failures + 1 >= $4 THEN auth_failures.window_start + $5 \
             ELSE auth_failures.locked_until END \
         RETURNING failures, locked_until",
    )
    .bind(key)
    .bind(now)
    .bind(now - window_ms)
    .bind(lock_at)
    .bind(window_ms)
    .fetch_one(&db.pool)
    .await?;
    Ok((row.try_get("failures")?, row.try_get("locked_until")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_client_is_limited_across_subjects_and_others_are_not() {
        let limiter = Limiter::new(2, 100);
        let client: IpAddr = [10, 0, 0, 1].into();
        assert!(limiter.check_client(client).is_ok());
        assert!(limiter.check_client(client).is_ok());
        assert!(
            matches!(limiter.check_client(client), Err(AppError::RateLimited { retry_after_seconds }) if retry_after_seconds >= 1)
        );
        assert!(limiter.check_client([10, 0, 0, 2].into()).is_ok());
    }

    #[test]
    fn keys_are_hashes_of_bounded_size_whatever_the_subject() {
        let long = "x".repeat(2_000_000);
        assert_eq!(key_hash(&["sign-in", &long]).len(), 32);
        assert_ne!(key_hash(&["sign-in", "a", "b"]), key_hash(&["sign-in", "ab"]));
    }
}
