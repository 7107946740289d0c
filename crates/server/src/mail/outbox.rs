//! The stored outbox: messages written to `mail_outbox` when no SMTP server is configured.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use super::{MailError, MailFuture, Mailer, OutgoingMail};
use crate::db::Db;

pub struct OutboxMailer {
    db: Db,
}

impl OutboxMailer {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl Mailer for OutboxMailer {
    fn send(&self, mail: OutgoingMail) -> MailFuture<'_> {
        Box::pin(async move {
            if !plausible_address(&mail.to) {
                return Err(MailError::InvalidAddress);
            }
            store(&self.db, &mail).await?;
            Ok(())
        })
    }

    fn send_once<'a>(&'a self, key: &'a str, mail: OutgoingMail) -> MailFuture<'a> {
        Box::pin(async move {
            if !plausible_address(&mail.to) {
                return Err(MailError::InvalidAddress);
            }
            insert(&self.db, &mail, None, Some(key)).await?;
            Ok(())
        })
    }

    fn kind(&self) -> &'static str {
        "outbox"
    }
}

fn plausible_address(address: &str) -> bool {
    address.parse::<lettre::Address>().is_ok()
}

pub async fn store(db: &Db, mail: &OutgoingMail) -> Result<String, sqlx::Error> {
    insert(db, mail, None, None).await
}

/// Stores a message that the SMTP sender is to hand over (`sent_at` 0: due now; see `smtp`).
pub async fn store_waiting(db: &Db, mail: &OutgoingMail, key: Option<&str>) -> Result<String, sqlx::Error> {
    insert(db, mail, Some(0), key).await
}

/// Stores a message with the id `key` (a fresh one without): the same key stored again is kept once.
async fn insert(db: &Db, mail: &OutgoingMail, sent_at: Option<i64>, key: Option<&str>) -> Result<String, sqlx::Error> {
    let id = key.map_or_else(|| uuid::Uuid::new_v4().to_string(), str::to_owned);
    let now = chrono::Utc::now().timestamp_millis();
    let (name, content_type, data) = match &mail.attachment {
        Some(a) => (Some(a.name.clone()), Some(a.content_type.clone()), Some(STANDARD.encode(&a.bytes))),
        None => (None, None, None),
    };
    sqlx::query(
        "INSERT INTO mail_outbox (id, to_address, subject, body_text, attachment_name, attachment_type, \
         attachment_base64, created_at, sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(&id)
    .bind(&mail.to)
    .bind(&mail.subject)
    .bind(&mail.body)
    .bind(name)
    .bind(content_type)
    .bind(data)
    .bind(now)
    .bind(sent_at)
    .execute(&db.pool)
    .await?;
    Ok(id)
}

/// One stored message as the ops API shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxEntry {
    pub id: String,
    pub to: String,
    pub subject: String,
    pub body: String,
    pub attachment_name: Option<String>,
    pub attachment_type: Option<String>,
    pub attachment_base64: Option<String>,
    /// Unix ms.
    pub created_at: i64,
    /// Unix ms when handed to the SMTP server; null while stored only or still waiting for the server.
    pub sent_at: Option<i64>,
}

/// Newest first, at most 200; only to `to` when given.
pub async fn list(db: &Db, to: Option<&str>) -> Result<Vec<OutboxEntry>, sqlx::Error> {
    let columns = "SELECT id, to_address, subject, body_text, attachment_name, attachment_type, \
                   attachment_base64, created_at, sent_at FROM mail_outbox";
    let rows = match to {
        Some(to) => {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "{columns} WHERE to_address = $1 ORDER BY created_at DESC, id LIMIT 200"
            )))
            .bind(to.to_owned())
            .fetch_all(&db.pool)
            .await?
        }
        None => {
            sqlx::query(sqlx::AssertSqlSafe(format!("{columns} ORDER BY created_at DESC, id LIMIT 200")))
                .fetch_all(&db.pool)
                .await?
        }
    };
    rows.iter()
        .map(|row| {
            Ok(OutboxEntry {
                id: row.try_get("id")?,
                to: row.try_get("to_address")?,
                subject: row.try_get("subject")?,
                body: row.try_get("body_text")?,
                attachment_name: row.try_get("attachment_name")?,
                attachment_type: row.try_get("attachment_type")?,
                attachment_base64: row.try_get("attachment_base64")?,
                created_at: row.try_get("created_at")?,
                sent_at: row.try_get::<Option<i64>, _>("sent_at")?.filter(|sent| *sent > 0),
            })
        })
        .collect()
}
