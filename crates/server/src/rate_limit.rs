//! Rate limits on guest lookups and sign-ins: token buckets per client address and per order number
//! (or e-mail). Kept in the process: several processes behind a balancer each enforce their own share.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

use crate::error::AppError;

struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Buckets beyond this many are pruned of the full ones, so memory stays bounded under a scan.
const MAX_BUCKETS: usize = 100_000;

pub struct Limiter {
    per_client_per_minute: u32,
    per_subject_per_minute: u32,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl Limiter {
    pub fn new(per_client_per_minute: u32, per_subject_per_minute: u32) -> Self {
        Self { per_client_per_minute, per_subject_per_minute, buckets: Mutex::new(HashMap::new()) }
    }

    /// A guest lookup of `order_number` from `client`.
    pub fn check_guest_lookup(&self, client: IpAddr, order_number: &str) -> Result<(), AppError> {
        self.take(&format!("client:{client}"), self.per_client_per_minute)?;
        self.take(&format!("order:{order_number}"), self.per_subject_per_minute)
    }

    /// A request from `client` to an endpoint that takes guesses (gift card balance).
    pub fn check_client(&self, client: IpAddr) -> Result<(), AppError> {
        self.take(&format!("client:{client}"), self.per_client_per_minute)
    }

    /// A sign-in for `email` from `client`.
    pub fn check_sign_in(&self, client: IpAddr, email: &str) -> Result<(), AppError> {
        self.take(&format!("client:{client}"), self.per_client_per_minute)?;
        self.take(&format!("email:{email}"), self.per_subject_per_minute)
    }

    fn take(&self, key: &str, per_minute: u32) -> Result<(), AppError> {
        if per_minute == 0 {
            return Ok(());
        }
        let capacity = f64::from(per_minute);
        let refill_per_second = capacity / 60.0;
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= MAX_BUCKETS {
            buckets.retain(|_, bucket| {
                let elapsed = now.duration_since(bucket.updated).as_secs_f64();
                bucket.tokens + elapsed * refill_per_second < capacity
            });
        }
        let bucket = buckets.entry(key.to_owned()).or_insert(Bucket { tokens: capacity, updated: now });
        let elapsed = now.duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * refill_per_second).min(capacity);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            let wait = ((1.0 - bucket.tokens) / refill_per_second).ceil();
            Err(AppError::RateLimited { retry_after_seconds: (wait as u64).max(1) })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_beyond_the_per_order_budget_are_refused_with_a_wait() {
        let limiter = Limiter::new(100, 3);
        let client: IpAddr = [127, 0, 0, 1].into();
        for _ in 0..3 {
            assert!(limiter.check_guest_lookup(client, "C001").is_ok());
        }
        match limiter.check_guest_lookup(client, "C001") {
            Err(AppError::RateLimited { retry_after_seconds }) => assert!(retry_after_seconds >= 1),
            other => panic!("expected a rate limit, got {other:?}"),
        }
        assert!(limiter.check_guest_lookup(client, "C002").is_ok(), "another order has its own budget");
    }

    #[test]
    fn one_client_is_limited_across_order_numbers() {
        let limiter = Limiter::new(2, 100);
        let client: IpAddr = [10, 0, 0, 1].into();
        assert!(limiter.check_guest_lookup(client, "A001").is_ok());
        assert!(limiter.check_guest_lookup(client, "A002").is_ok());
        assert!(limiter.check_guest_lookup(client, "A003").is_err());
        assert!(limiter.check_guest_lookup([10, 0, 0, 2].into(), "A004").is_ok());
    }
}
