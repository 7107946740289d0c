//! Secrets the server makes itself on first use and keeps in the database, so that every process of a
//! deployment signs and checks with the same key (guest bag cookies, sandbox provider signatures).
//! A deployment that wants its own sets them by flag; none of them is ever logged or answered.

use base64::Engine;
use rand::RngCore;

use crate::db::Db;
use crate::error::AppResult;

/// The secret named `name`: created at random once (the first of several processes wins), then read back.
pub async fn load_or_create(db: &Db, name: &str) -> AppResult<Vec<u8>> {
    let mut fresh = [0u8; 32];
    rand::rng().fill_bytes(&mut fresh);
    let fresh = base64::engine::general_purpose::STANDARD.encode(fresh);
    sqlx::query("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
        .bind(name)
        .bind(&fresh)
        .execute(&db.pool)
        .await?;
    let stored: String =
        sqlx::query_scalar("SELECT value FROM settings WHERE name = $1").bind(name).fetch_one(&db.pool).await?;
    Ok(stored.into_bytes())
}

/// HMAC-SHA256 of `message` under `key`, as lower-case hex.
pub fn sign(key: &[u8], message: &[u8]) -> String {
    use hmac::{Hmac, Mac};
    let Ok(mut mac) = Hmac::<sha2::Sha256>::new_from_slice(key) else {
        return String::new();
    };
    mac.update(message);
    mac.finalize().into_bytes().iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Whether `signature` is `sign(key, message)`, compared in constant time.
pub fn verify(key: &[u8], message: &[u8], signature: &str) -> bool {
    let expected = sign(key, message);
    expected.len() == signature.len()
        && !expected.is_empty()
        && expected.bytes().zip(signature.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_only_for_its_key_and_message() {
        let signature = sign(b"key", b"message");
        assert_eq!(signature.len(), 64);
        assert!(verify(b"key", b"message", &signature));
        assert!(!verify(b"other", b"message", &signature));
        assert!(!verify(b"key", b"messagf", &signature));
        assert!(!verify(b"key", b"message", ""));
    }
}
