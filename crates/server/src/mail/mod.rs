//! E-mail: a [`Mailer`] trait with two implementations, chosen once at start by [`from_settings`]:
//! - [`smtp::SmtpMailer`] when `--smtp-url` / `ORDERS_SMTP_URL` is set (lettre, async, rustls): `send` stores
//!   the message in `mail_outbox` and a background sender hands it to the server, trying again while the
//!   server is down (a request never waits for the mail server). URL forms:
//!   `smtp://host:port` (plain, for local relays and tests), `smtp://host:port?tls=starttls`,
//!   `smtps://user:pass@host:465` (implicit TLS).
//! - [`outbox::OutboxMailer`] otherwise: every message is stored in the `mail_outbox` table;
//!   `GET /ops/v1/outbox?to=...` (ops key) lists it with attachments as base64.
//!
//! Use: `state.mailer.send(OutgoingMail { to, subject, body, attachment: Some(Attachment::pdf(name, bytes)) }).await`.
//! Compose texts in the shopper's language with [`templates::compose`]`(MailKind, language, &vars)`
//! (en, fr, de, es, it, nl, ja, ko, pt, sv, da, fi, pl, cs; unknown languages fall back to English).
//! Addresses and bodies are never logged.

pub mod outbox;
pub mod smtp;
pub mod templates;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::db::Db;

/// A file attached to a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl Attachment {
    pub fn pdf(name: impl Into<String>, bytes: Vec<u8>) -> Self {
        Self { name: name.into(), content_type: "application/pdf".into(), bytes }
    }
}

/// One message to one recipient, plain text body, at most one attachment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    pub to: String,
    pub subject: String,
    pub body: String,
    pub attachment: Option<Attachment>,
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("the e-mail address is not valid")]
    InvalidAddress,
    #[error("the message could not be built: {0}")]
    Build(String),
    #[error("the mail server refused or could not be reached: {0}")]
    Transport(String),
    #[error("the outbox could not be written: {0}")]
    Store(#[from] sqlx::Error),
}

pub type MailFuture<'a> = Pin<Box<dyn Future<Output = Result<(), MailError>> + Send + 'a>>;

/// Sends (or stores) one message.
pub trait Mailer: Send + Sync {
    fn send(&self, mail: OutgoingMail) -> MailFuture<'_>;
    /// Sends `mail` once for `key`: a second call with the same key stores nothing. For a job's e-mail,
    /// which a job claimed again after `kill -9` (between storing the message and recording that it was
    /// sent) would otherwise put in the outbox twice. The key is the message's id in `mail_outbox`.
    fn send_once<'a>(&'a self, key: &'a str, mail: OutgoingMail) -> MailFuture<'a>;
    /// "smtp" or "outbox", for logs and health.
    fn kind(&self) -> &'static str;
    /// Starts the background sender of a queued mailer (SMTP); it ends when `stop` turns true.
    fn spawn_delivery(&self, _stop: tokio::sync::watch::Receiver<bool>) -> Option<tokio::task::JoinHandle<()>> {
        None
    }
}

/// SMTP when `smtp_url` is set, else the stored outbox. `smtp_timeout`: how long one SMTP command may take.
pub fn from_settings(
    smtp_url: Option<&str>,
    smtp_timeout: std::time::Duration,
    mail_from: &str,
    db: Db,
) -> Result<Arc<dyn Mailer>, MailError> {
    match smtp_url.filter(|url| !url.is_empty()) {
        Some(url) => Ok(Arc::new(smtp::SmtpMailer::new(url, smtp_timeout, mail_from, db)?)),
        None => Ok(Arc::new(outbox::OutboxMailer::new(db))),
    }
}
