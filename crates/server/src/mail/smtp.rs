//! SMTP delivery through lettre (async tokio transport, rustls).

use lettre::message::header::ContentType;
use lettre::message::{Attachment as LettreAttachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::{MailError, MailFuture, Mailer, OutgoingMail};

pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    /// `url`: `smtp://host:port` (no TLS), `smtp://host:port?tls=required` (STARTTLS), `smtps://...` (TLS).
    pub fn new(url: &str, from: &str) -> Result<Self, MailError> {
        let transport =
            AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map_err(|e| MailError::Build(e.to_string()))?.build();
        let from = from.parse::<Mailbox>().map_err(|_| MailError::InvalidAddress)?;
        Ok(Self { transport, from })
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
            let message = build_message(&self.from, &mail)?;
            self.transport.send(message).await.map_err(|e| MailError::Transport(e.to_string()))?;
            Ok(())
        })
    }

    fn kind(&self) -> &'static str {
        "smtp"
    }
}
