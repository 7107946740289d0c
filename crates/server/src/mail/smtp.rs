//! SMTP delivery through lettre (async tokio transport, rustls), behind the stored outbox: `send` only
//! writes the message to `mail_outbox` (so a shopper's request never waits for the mail server), and one
//! background sender per process (`spawn_delivery`, started by `serve`) hands waiting messages to the
//! server. A server that is down or slow delays the e-mail, never the request: the message waits in the
//! outbox and is tried again every `RETRY_MS` until the server takes it.
//!
//! `mail_outbox.sent_at` says where a message is (no extra column):
//! - `NULL`: stored only (the outbox mailer, no SMTP server configured): never sent;
//! - `0`: waiting for the SMTP server, due now;
//! - negative: waiting, not before `-sent_at` (Unix ms): a sender holds it (a lease of 4.5 times the SMTP
//!   timeout, longer than a whole try, so a process killed while sending gives it back) or it failed and
//!   waits for its next try;
//! - positive: handed to the SMTP server at that time.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use lettre::message::header::ContentType;
use lettre::message::{Attachment as LettreAttachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sqlx::Row;
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use super::{Attachment, MailError, MailFuture, Mailer, OutgoingMail};
use crate::db::Db;

/// How long connecting to the SMTP server may take by default (`--smtp-timeout-seconds`); a try, `TRY_TIMEOUTS` times it.
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(20);
/// How long one whole try (connect, greeting, the commands, the data and its answer) may take, in SMTP
/// timeouts. lettre's async transport bounds only the connect by its timeout: a server that takes the data
/// and never answers held the sender, and every e-mail behind it, for ever (issue 33's crash test found it).
const TRY_TIMEOUTS: u32 = 4;
/// How long a sender holds a message while it talks to the server, in SMTP timeouts: longer than a whole
/// try (`TRY_TIMEOUTS`), so only a process that died while sending gives a message back; 90 s with the
/// default 20 s timeout.
const LEASE_TIMEOUTS: f64 = 4.5;
/// How long a message that could not be handed over waits for its next try.
pub const RETRY_MS: i64 = 2_000;
/// The longest the sender sleeps before looking at the outbox again (messages of a killed process).
const LOOK_AGAIN: Duration = Duration::from_secs(30);

pub struct SmtpMailer {
    sender: Arc<Sender>,
}

struct Sender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    db: Db,
    queued: Notify,
    /// Milliseconds a claim holds a message (`LEASE_TIMEOUTS` SMTP timeouts).
    lease_ms: i64,
    /// The longest one try may take (`TRY_TIMEOUTS` SMTP timeouts).
    try_timeout: Duration,
}

impl SmtpMailer {
    /// `url`: `smtp://host:port` (no TLS), `smtp://host:port?tls=required` (STARTTLS), `smtps://...` (TLS).
    pub fn new(url: &str, timeout: Duration, from: &str, db: Db) -> Result<Self, MailError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| MailError::Build(e.to_string()))?
            .timeout(Some(timeout))
            .build();
        let from = from.parse::<Mailbox>().map_err(|_| MailError::InvalidAddress)?;
        let lease_ms = i64::try_from(timeout.mul_f64(LEASE_TIMEOUTS).as_millis()).unwrap_or(i64::MAX);
        let try_timeout = timeout.saturating_mul(TRY_TIMEOUTS);
        Ok(Self { sender: Arc::new(Sender { transport, from, db, queued: Notify::new(), lease_ms, try_timeout }) })
    }
}

/// Builds the MIME message: text/plain body, plus the attachment as a second part.
pub fn build_message(from: &Mailbox, mail: &OutgoingMail) -> Result<Message, MailError> {
    let to = mail.to.parse::<Mailbox>().map_err(|_| MailError::InvalidAddress)?;
    let builder = Message::builder().from(from.clone()).to(to).subject(mail.subject.clone());
    let text = SinglePart::builder().header(ContentType::TEXT_PLAIN).body(mail.body.clone());
    let message = match &mail.attachment {
        None => builder.singlepart(text),
        Some(attachment) => {
            let content_type =
                ContentType::parse(&attachment.content_type).map_err(|e| MailError::Build(e.to_string()))?;
            let file = LettreAttachment::new(attachment.name.clone()).body(attachment.bytes.clone(), content_type);
            builder.multipart(MultiPart::mixed().singlepart(text).singlepart(file))
        }
    };
    message.map_err(|e| MailError::Build(e.to_string()))
}

impl Mailer for SmtpMailer {
    fn send(&self, mail: OutgoingMail) -> MailFuture<'_> {
        Box::pin(async move {
            // A message the server could never take is refused now, not retried forever.
            build_message(&self.sender.from, &mail)?;
            super::outbox::store_waiting(&self.sender.db, &mail, None).await?;
            self.sender.queued.notify_one();
            Ok(())
        })
    }

    fn send_once<'a>(&'a self, key: &'a str, mail: OutgoingMail) -> MailFuture<'a> {
        Box::pin(async move {
            build_message(&self.sender.from, &mail)?;
            super::outbox::store_waiting(&self.sender.db, &mail, Some(key)).await?;
            self.sender.queued.notify_one();
            Ok(())
        })
    }

    fn kind(&self) -> &'static str {
        "smtp"
    }

    fn spawn_delivery(&self, stop: watch::Receiver<bool>) -> Option<JoinHandle<()>> {
        Some(tokio::spawn(deliver(self.sender.clone(), stop)))
    }
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// The sender: hands every due message to the server, then sleeps until one is queued, a retry is due,
/// or `LOOK_AGAIN` has passed. It ends when `stop` turns true, also in the middle of a try (the lease
/// then gives the message back).
async fn deliver(sender: Arc<Sender>, mut stop: watch::Receiver<bool>) {
    loop {
        if *stop.borrow() {
            return;
        }
        let next_due = tokio::select! {
            next = deliver_due(&sender) => next,
            _ = stop.wait_for(|stopped| *stopped) => return,
        };
        let sleep = next_due
            .map(|due| Duration::from_millis(u64::try_from((due - now_ms()).max(50)).unwrap_or(50)))
            .unwrap_or(LOOK_AGAIN)
            .min(LOOK_AGAIN);
        tokio::select! {
            () = sender.queued.notified() => {}
            () = tokio::time::sleep(sleep) => {}
            _ = stop.wait_for(|stopped| *stopped) => return,
        }
    }
}

/// Sends what is due now, one message at a time. Returns when the earliest waiting message is due next.
async fn deliver_due(sender: &Sender) -> Option<i64> {
    loop {
        let now = now_ms();
        let due = sqlx::query(
            "SELECT id, sent_at FROM mail_outbox WHERE sent_at <= 0 AND sent_at >= $1 ORDER BY created_at LIMIT 1",
        )
        .bind(-now)
        .fetch_optional(&sender.db.pool)
        .await;
        let row = match due {
            Ok(Some(row)) => row,
            Ok(None) => break,
            Err(error) => {
                tracing::warn!(code = "mail-outbox-unavailable", %error, "the mail outbox could not be read");
                return Some(now + RETRY_MS);
            }
        };
        let (Ok(id), Ok(seen)) = (row.try_get::<String, _>("id"), row.try_get::<i64, _>("sent_at")) else { break };
        // Claim it: only the sender that moves `sent_at` from what it saw holds the message.
        let claimed = sqlx::query("UPDATE mail_outbox SET sent_at = $1 WHERE id = $2 AND sent_at = $3")
            .bind(-(now + sender.lease_ms))
            .bind(&id)
            .bind(seen)
            .execute(&sender.db.pool)
            .await
            .map(|done| done.rows_affected() == 1);
        match claimed {
            Ok(true) => {}
            Ok(false) => continue,
            Err(error) => {
                tracing::warn!(code = "mail-outbox-unavailable", %error, "the mail outbox could not be written");
                return Some(now + RETRY_MS);
            }
        }
        let outcome = match load(&sender.db, &id).await {
            Ok(Some(mail)) => match build_message(&sender.from, &mail) {
                Ok(message) => match tokio::time::timeout(sender.try_timeout, sender.transport.send(message)).await {
                    Ok(Ok(_)) => Outcome::Sent,
                    // The server refused this message for good (a 5xx answer): trying again cannot help.
                    Ok(Err(error)) if error.is_permanent() => {
                        Outcome::Refused(error.status().map(|code| code.to_string()))
                    }
                    Ok(Err(error)) => Outcome::Later(if error.is_timeout() { "timeout" } else { "unreachable" }),
                    // The server took the data and never answered: the message may have arrived (it is
                    // sent again; SMTP has no exactly-once), and the connection is dropped with the try.
                    Err(_) => Outcome::Later("timeout"),
                },
                Err(_) => Outcome::Refused(None),
            },
            Ok(None) => continue,
            Err(_) => Outcome::Later("outbox"),
        };
        // The server's words may quote the address: only the kind of failure is logged.
        let sent_at = match &outcome {
            Outcome::Sent => Some(now_ms()),
            Outcome::Refused(status) => {
                tracing::warn!(code = "mail-refused", status = ?status, "the mail server refused an e-mail; it stays in the outbox, not sent");
                None
            }
            Outcome::Later(why) => {
                tracing::warn!(code = "mail-server-unavailable", why, "an e-mail waits in the outbox for its next try");
                Some(-(now_ms() + RETRY_MS))
            }
        };
        if let Err(error) = sqlx::query("UPDATE mail_outbox SET sent_at = $1 WHERE id = $2")
            .bind(sent_at)
            .bind(&id)
            .execute(&sender.db.pool)
            .await
        {
            tracing::warn!(code = "mail-outbox-unavailable", %error, "an e-mail's state could not be written");
        }
        if matches!(outcome, Outcome::Later(_)) {
            // The server is not taking mail: the others wait for the next try too.
            return Some(now_ms() + RETRY_MS);
        }
    }
    // Nothing due now: when is the earliest waiting message due?
    sqlx::query("SELECT MAX(sent_at) AS next FROM mail_outbox WHERE sent_at < 0")
        .fetch_one(&sender.db.pool)
        .await
        .ok()
        .and_then(|row| row.try_get::<Option<i64>, _>("next").ok().flatten())
        .map(|next| -next)
}

enum Outcome {
    Sent,
    /// Given up: the server's status code, if it answered one.
    Refused(Option<String>),
    /// Tried again later; why, in one word.
    Later(&'static str),
}

async fn load(db: &Db, id: &str) -> Result<Option<OutgoingMail>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT to_address, subject, body_text, attachment_name, attachment_type, attachment_base64 \
         FROM mail_outbox WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let attachment = match (
        row.try_get::<Option<String>, _>("attachment_name")?,
        row.try_get::<Option<String>, _>("attachment_type")?,
        row.try_get::<Option<String>, _>("attachment_base64")?,
    ) {
        (Some(name), Some(content_type), Some(data)) => {
            STANDARD.decode(data).ok().map(|bytes| Attachment { name, content_type, bytes })
        }
        _ => None,
    };
    Ok(Some(OutgoingMail {
        to: row.try_get("to_address")?,
        subject: row.try_get("subject")?,
        body: row.try_get("body_text")?,
        attachment,
    }))
}
