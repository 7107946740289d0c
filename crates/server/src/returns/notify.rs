//! Messages about a return: status e-mails to the shopper (created, received, refunded) in the shopper's
//! language, and the Doris notification for store returns (001 §3, §5). Each is claimed by a keyed row in
//! `return_effects` before it is sent and marked done after (`db::claim_pending_effect`): a failed send
//! removes the claim so that a retry sends it; a process killed between sending and marking leaves the
//! claim pending, and the job that is claimed again sends it again. The e-mail is stored in the outbox under
//! a key of the return and the kind (`Mailer::send_once`), so that second send stores nothing: an e-mail is
//! never lost and is in the outbox once.
//!
//! Doris: a [`DorisSink`] trait. The webhook URL is read from the `settings` row `doris_webhook_url`, else
//! `ORDERS_DORIS_URL`; without one the sandbox sink keeps the payload on the return's `doris` effect row.
//! A failure is logged with the code `service-doris-comms-failure` and never fails the return.

use futures_util::future::BoxFuture;
use serde_json::{Value, json};

use super::db::{self, ReturnRow};
use super::texts;
use crate::error::AppResult;
use crate::mail::{Attachment, OutgoingMail};
use crate::orders::OrdersState;
use crate::orders::StoredOrder;
use domain::ReturnNumber;

/// The failure code of the Doris notification (001 §3).
pub const DORIS_FAILURE: &str = "service-doris-comms-failure";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusMail {
    Created,
    Received,
    Refunded,
}

impl StatusMail {
    fn key(self) -> &'static str {
        match self {
            Self::Created => "mail:created",
            Self::Received => "mail:received",
            Self::Refunded => "mail:refunded",
        }
    }
}

/// Sends the status e-mail of a return once. `Ok(false)` when there is no address (or it was sent before).
pub async fn status_mail_once(
    state: &OrdersState,
    return_order_number: &ReturnNumber,
    kind: StatusMail,
) -> AppResult<bool> {
    let Some((ret, _)) = db::find_return(&state.db, return_order_number).await? else { return Ok(false) };
    let Some(to) = ret.email.clone() else { return Ok(false) };
    if !db::claim_pending_effect(&state.db, return_order_number, kind.key(), state.clock.now_ms()).await? {
        return Ok(false);
    }
    let (subject, body) = texts::compose(kind, &ret.locale, return_order_number, &state.public_url);
    // The label goes with the "created" e-mail when the return has a printable one.
    let attachment = match kind {
        StatusMail::Created => {
            match crate::orders::find_order_and_version(&state.db, &ret.parent_order_number).await? {
                Some((parent, _)) => super::labels::make_label(&state.db, &ret, &parent, false)
                    .await
                    .ok()
                    .map(|label| Attachment::pdf(format!("return-label-{return_order_number}.pdf"), label.bytes)),
                None => None,
            }
        }
        _ => None,
    };
    // Keyed by the return and the kind: a job run again after its process died between the outbox and
    // `finish_effect` stores the message once.
    let key = format!("return-mail:{return_order_number}:{}", kind.key());
    if let Err(error) =
        state.mailer.send_once(&key, OutgoingMail { to: to.to_string(), subject, body, attachment }).await
    {
        tracing::warn!(code = "return-mail-failure", %error, "a return e-mail was not sent; it will be retried");
        db::release_effect(&state.db, return_order_number, kind.key()).await?;
        return Err(crate::error::AppError::Unavailable);
    }
    db::finish_effect(&state.db, return_order_number, kind.key(), "sent").await?;
    Ok(true)
}

/// Where Doris notifications go.
pub trait DorisSink: Send + Sync {
    fn send<'a>(&'a self, payload: &'a Value) -> BoxFuture<'a, Result<(), String>>;
}

/// Posts the payload as JSON to a webhook URL (plain HTTP: a local relay or mesh sidecar).
pub struct WebhookDoris {
    pub url: String,
}

impl DorisSink for WebhookDoris {
    fn send<'a>(&'a self, payload: &'a Value) -> BoxFuture<'a, Result<(), String>> {
        Box::pin(async move {
            let client = reqwest::Client::builder()
                .timeout(std::time::Duration::from_secs(5))
                .build()
                .map_err(|error| error.to_string())?;
            let response = client.post(&self.url).json(payload).send().await.map_err(|error| error.to_string())?;
            if response.status().is_success() { Ok(()) } else { Err(format!("webhook answered {}", response.status())) }
        })
    }
}

/// The sandbox: accepts everything (the payload is kept on the return's effect row by the caller).
pub struct SandboxDoris;

impl DorisSink for SandboxDoris {
    fn send<'a>(&'a self, _payload: &'a Value) -> BoxFuture<'a, Result<(), String>> {
        Box::pin(async { Ok(()) })
    }
}

async fn doris_sink(state: &OrdersState) -> Box<dyn DorisSink> {
    let stored: Option<String> = sqlx::query_scalar("SELECT value FROM settings WHERE name = 'doris_webhook_url'")
        .fetch_optional(&state.db.pool)
        .await
        .ok()
        .flatten();
    match stored.or_else(|| std::env::var("ORDERS_DORIS_URL").ok()).filter(|url| !url.trim().is_empty()) {
        Some(url) => Box::new(WebhookDoris { url }),
        None => Box::new(SandboxDoris),
    }
}

fn day_phone(parent: &StoredOrder) -> Option<String> {
    parent
        .details
        .day_phone_number
        .as_deref()
        .or_else(|| {
            parent.details.ship_from.as_ref().and_then(|s| s.recipient.contact_information.day_phone_number.as_deref())
        })
        .map(str::to_owned)
        .or_else(|| parent.phone.as_ref().map(|p| format!("+{}{}", p.country_code, p.subscriber_number)))
}

/// The Doris payload (001 §3).
pub fn doris_payload(ret: &ReturnRow, parent: &StoredOrder, phone: &str) -> Value {
    let recipient = parent.details.ship_from.as_ref().map(|s| &s.recipient);
    json!({
        "eventType": "DorisAlternateNotification",
        "eventId": format!("{}-doris", ret.return_order_number),
        "familyName": recipient.and_then(|r| r.last_name.as_deref()),
        "givenName": recipient.and_then(|r| r.first_name.as_deref()),
        "middleName": recipient.and_then(|r| r.middle_name.as_deref()),
        "language": super::language_of(&ret.locale),
        "marketplace": ret.country.to_ascii_uppercase(),
        "phoneNumber": phone,
        "salesOrderNumber": parent.order_number,
        "returnOrderNumber": ret.return_order_number,
        "upmId": parent.upm_id,
    })
}

/// Sends the Doris notice of a store return once, when the order has a day phone. Never fails the return.
pub async fn doris_once(state: &OrdersState, ret: &ReturnRow, parent: &StoredOrder) {
    let Some(phone) = day_phone(parent) else { return };
    let rn = &ret.return_order_number;
    match db::claim_pending_effect(&state.db, rn, "doris", state.clock.now_ms()).await {
        Ok(true) => {}
        Ok(false) => return,
        Err(error) => {
            tracing::warn!(code = DORIS_FAILURE, %error, "the Doris notice could not be recorded");
            return;
        }
    }
    let payload = doris_payload(ret, parent, &phone);
    let outcome = doris_sink(state).await.send(&payload).await;
    let detail = match outcome {
        Ok(()) => json!({ "status": "sent" }),
        Err(error) => {
            tracing::warn!(code = DORIS_FAILURE, %error, "the Doris notification failed; the return goes on");
            json!({ "status": "failed", "code": DORIS_FAILURE })
        }
    };
    if let Err(error) = db::set_effect_detail(&state.db, rn, "doris", &detail.to_string()).await {
        tracing::warn!(code = DORIS_FAILURE, %error, "the Doris outcome could not be stored");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Doris payload names the shopper as the order's ship-from recipient gives them, middle name
    /// included (001 §3), and the marketplace in upper case.
    #[test]
    fn doris_payload_names_the_recipient() {
        let order = json!({
            "orderNumber": "C0000000777", "orderType": "SALES_ORDER", "country": "us", "currency": "USD",
            "orderDate": "2026-11-01T10:00:00Z", "upmId": "member-1",
            "shipFrom": {"recipient": {"firstName": "Pat", "middleName": "Quinn", "lastName": "Lee"}},
            "lines": [{"lineNumber": 1, "gtin": "00012345678905", "skuId": "SKU-1", "productId": "P-1",
                       "styleColor": "AR2-001", "title": "Stride Runner 4", "category": "Shoes", "color": "Black",
                       "size": "10", "imageUrl": "/images/x.svg", "quantity": 1, "unitPrice": 10, "tax": 0,
                       "status": "Delivered"}]
        });
        let parent = crate::orders::parse_order(order.to_string().as_bytes()).expect("a valid order");
        let ret = ReturnRow {
            return_order_number: domain::ReturnNumber::parse("R1230").expect("a return number"),
            parent_order_number: parent.order_number.clone(),
            owner_key: String::new(),
            as_member: true,
            country: parent.country.clone(),
            return_method: "returnToStore".to_owned(),
            carrier_id: None,
            store_id: None,
            locale: "en-US".to_owned(),
            email: None,
            request: Value::Null,
            raw_status: String::new(),
            drop_off_code: None,
            tracking_number: None,
            refund_deduction: 0,
            created_at: 0,
        };
        let payload = doris_payload(&ret, &parent, "+15035550100");
        assert_eq!(
            (&payload["givenName"], &payload["middleName"], &payload["familyName"]),
            (&json!("Pat"), &json!("Quinn"), &json!("Lee"))
        );
        assert_eq!(payload["marketplace"], "US");
        assert_eq!(payload["salesOrderNumber"], "C0000000777");
    }
}
