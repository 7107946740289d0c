//! Gift card SQL. The failed-PIN counter moves only by conditional UPDATEs, so parallel guesses are
//! counted exactly: an attempt is reserved BEFORE its PIN is evaluated, and a card with 10 failures has
//! no attempt left to reserve until its lock ends.

use domain::gift_card::{LOCK_MINUTES, MAX_FAILED_PINS};
use sha2::Digest;
use sqlx::Row;

use crate::db::Db;
use crate::error::{AppError, AppResult};
use crate::events::{self, EventData, GiftCardLocked};

/// A card whose attempt was reserved: what the PIN is checked against and what is answered on success.
pub struct ReservedCard {
    pub pin_hash: String,
    pub currency: String,
    pub balance: i64,
    pub expires_on: Option<String>,
    /// Failures counted so far, this attempt included (reset if its PIN is right).
    pub failed_pins: i64,
}

/// Reserves one PIN attempt on `card_number`. `None` when the card does not exist or is locked.
pub async fn reserve_attempt(db: &Db, card_number: &str, now_ms: i64) -> AppResult<Option<ReservedCard>> {
    let lock_until = now_ms + LOCK_MINUTES * 60_000;
    // A lock that has run out starts a fresh count; the attempt that reaches the limit sets the lock.
    let row = sqlx::query(
        "UPDATE gift_cards SET \
           failed_pins = CASE WHEN failed_pins >= $1 THEN 1 ELSE failed_pins + 1 END, \
           locked_until = CASE WHEN failed_pins = $1 - 1 THEN $2 ELSE 0 END, \
           updated_at = $3 \
         WHERE card_number = $4 AND (failed_pins < $1 OR locked_until <= $3) \
         RETURNING pin_hash, currency, balance, expires_on, failed_pins",
    )
    .bind(MAX_FAILED_PINS)
    .bind(lock_until)
    .bind(now_ms)
    .bind(card_number)
    .fetch_optional(&db.pool)
    .await?;
    row.map(|row| -> Result<ReservedCard, sqlx::Error> {
        Ok(ReservedCard {
            pin_hash: row.try_get("pin_hash")?,
            currency: row.try_get("currency")?,
            balance: row.try_get("balance")?,
            expires_on: row.try_get("expires_on")?,
            failed_pins: row.try_get("failed_pins")?,
        })
    })
    .transpose()
    .map_err(AppError::from)
}

/// The `gift_card.locked` event of a card whose last allowed attempt had a wrong PIN, written with a
/// check that the lock still stands (the lock itself was set when that attempt was reserved, and only a
/// right PIN lifts it). Once per lock. A card that is not locked (or does not exist) costs one read and no
/// write transaction, so guesses at unknown numbers never queue on the writer.
pub async fn record_locked(db: &Db, card_number: &str, last4: &str, now_ms: i64) -> AppResult<()> {
    let locked: Option<i64> =
        sqlx::query_scalar("SELECT locked_until FROM gift_cards WHERE card_number = $1 AND locked_until > $2")
            .bind(card_number)
            .bind(now_ms)
            .fetch_optional(&db.pool)
            .await?;
    if locked.is_none() {
        return Ok(());
    }
    let mut tx = db.begin_write().await?;
    let locked_until: Option<i64> =
        sqlx::query_scalar("SELECT locked_until FROM gift_cards WHERE card_number = $1 AND locked_until > $2")
            .bind(card_number)
            .bind(now_ms)
            .fetch_optional(&mut *tx)
            .await?;
    if let Some(until) = locked_until {
        let event = GiftCardLocked {
            card_last4: last4.to_owned(),
            locked_until: chrono::DateTime::from_timestamp_millis(until)
                .map(|time| time.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)),
        };
        // The card number itself stays out of the outbox: its digest names the lock.
        let digest = sha2::Sha256::digest(card_number.as_bytes());
        let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
        let key = format!("gift_card.locked:{hex}:{until}");
        events::record_once(&mut tx, now_ms, key, EventData::GiftCardLocked(event)).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A right PIN: the count starts again.
pub async fn clear_failures(db: &Db, card_number: &str, now_ms: i64) -> AppResult<()> {
    sqlx::query("UPDATE gift_cards SET failed_pins = 0, locked_until = 0, updated_at = $1 WHERE card_number = $2")
        .bind(now_ms)
        .bind(card_number)
        .execute(&db.pool)
        .await?;
    Ok(())
}

pub struct NewCard<'a> {
    pub card_number: &'a str,
    pub pin_hash: &'a str,
    pub currency: &'a str,
    pub balance: i64,
    pub expires_on: Option<&'a str>,
}

/// Creates or replaces a card (ops); a replaced card's lock is lifted. True when it was new.
pub async fn upsert_card(db: &Db, card: &NewCard<'_>, now_ms: i64) -> AppResult<bool> {
    let mut tx = db.begin_write().await?;
    let inserted = sqlx::query(
        "INSERT INTO gift_cards (card_number, pin_hash, currency, balance, expires_on, failed_pins, locked_until, \
         updated_at) VALUES ($1, $2, $3, $4, $5, 0, 0, $6) ON CONFLICT DO NOTHING",
    )
    .bind(card.card_number)
    .bind(card.pin_hash)
    .bind(card.currency)
    .bind(card.balance)
    .bind(card.expires_on)
    .bind(now_ms)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if !inserted {
        sqlx::query(
            "UPDATE gift_cards SET pin_hash = $1, currency = $2, balance = $3, expires_on = $4, failed_pins = 0, \
             locked_until = 0, updated_at = $5 WHERE card_number = $6",
        )
        .bind(card.pin_hash)
        .bind(card.currency)
        .bind(card.balance)
        .bind(card.expires_on)
        .bind(now_ms)
        .bind(card.card_number)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(inserted)
}

pub enum EventResult {
    Applied {
        balance: i64,
        currency: String,
    },
    /// The same event id was applied before: nothing changes, the current balance is answered.
    AlreadyApplied {
        balance: i64,
        currency: String,
    },
    UnknownCard,
    InsufficientBalance,
}

/// Applies a balance movement once per `event_id`, never below zero.
pub async fn apply_event(
    db: &Db,
    card_number: &str,
    event_id: &str,
    kind: &str,
    delta: i64,
    now_ms: i64,
) -> AppResult<EventResult> {
    let mut tx = db.begin_write().await?;
    let seen = sqlx::query("SELECT card_number FROM gift_card_events WHERE event_id = $1")
        .bind(event_id)
        .fetch_optional(&mut *tx)
        .await?;
    let current = sqlx::query("SELECT balance, currency FROM gift_cards WHERE card_number = $1")
        .bind(card_number)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(current) = current else {
        return Ok(EventResult::UnknownCard);
    };
    let currency: String = current.try_get("currency")?;
    if seen.is_some() {
        return Ok(EventResult::AlreadyApplied { balance: current.try_get("balance")?, currency });
    }
    let updated = sqlx::query(
        "UPDATE gift_cards SET balance = balance + $1, updated_at = $2 \
         WHERE card_number = $3 AND balance + $1 >= 0 RETURNING balance",
    )
    .bind(delta)
    .bind(now_ms)
    .bind(card_number)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(updated) = updated else {
        return Ok(EventResult::InsufficientBalance);
    };
    let balance: i64 = updated.try_get("balance")?;
    // The event id is the primary key: a second writer of the same event fails here and rolls back.
    sqlx::query(
        "INSERT INTO gift_card_events (event_id, card_number, kind, amount, balance_after, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(event_id)
    .bind(card_number)
    .bind(kind)
    .bind(delta)
    .bind(balance)
    .bind(now_ms)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(EventResult::Applied { balance, currency })
}
