//! The background delivery inside every `orders` process: a few workers claim a due consumer (a webhook
//! endpoint or a sink), send the events after its cursor one by one in order, move the cursor after each
//! success, and on a failure schedule the next attempt by the retry schedule. A shopper's request never
//! waits for any of it: requests only write the outbox row.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::EventsState;
use super::db::{self, Consumer, KIND_WEBHOOK, StoredEvent};
use super::sink::EventSink;

/// How long a claim holds a consumer; renewed by every event delivered.
const LEASE_MS: i64 = 60_000;
/// How often an idle worker looks for due consumers.
const IDLE_POLL: Duration = Duration::from_millis(200);
/// Events read at a time.
const BATCH: i64 = 100;
/// The answer of a receiver is waited for this long; longer is a failed attempt.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// The Standard Webhooks schedule, about 3 days in all: after the last, the endpoint is marked failing
/// and tried again at the last delay until it answers.
pub const DEFAULT_RETRY_DELAYS: &str = "5s,5m,30m,2h,5h,10h,10h,10h,10h,10h,14h";

/// Starts `count` delivery workers; they stop when `stop` turns true and give back what they hold.
pub fn spawn(state: EventsState, count: usize, stop: watch::Receiver<bool>) -> Vec<JoinHandle<()>> {
    (0..count)
        .map(|index| {
            let worker = format!("events-{}-{index}-{}", std::process::id(), uuid::Uuid::new_v4().simple());
            tokio::spawn(run(state.clone(), worker, stop.clone()))
        })
        .collect()
}

async fn run(state: EventsState, worker: String, mut stop: watch::Receiver<bool>) {
    let sinks: Vec<&'static str> = state.sinks.iter().map(|sink| sink.name()).collect();
    while !*stop.borrow() {
        let now = state.clock.now_ms();
        match db::claim(&state.db, now, &worker, LEASE_MS, &sinks).await {
            Ok(Some(consumer)) => {
                let id = consumer.id.clone();
                tokio::select! {
                    () = deliver(&state, &worker, consumer) => {}
                    _ = stop.changed() => {}
                }
                if let Err(error) = db::release(&state.db, &id, &worker).await {
                    tracing::warn!(%error, "events: could not release a consumer; its lease will run out");
                }
            }
            Ok(None) => {
                tokio::select! {
                    () = tokio::time::sleep(IDLE_POLL) => {}
                    _ = stop.changed() => {}
                }
            }
            Err(error) => {
                tracing::warn!(%error, "events: claim failed");
                tokio::time::sleep(IDLE_POLL * 5).await;
            }
        }
    }
}

/// Sends the events after the consumer's cursor in order until none is left, one fails, or the
/// consumer is no longer this worker's.
async fn deliver(state: &EventsState, worker: &str, consumer: Consumer) {
    let mut cursor = consumer.cursor;
    loop {
        let batch = match db::after(&state.db, cursor, BATCH).await {
            Ok(batch) => batch,
            Err(error) => {
                tracing::warn!(%error, "events: could not read the outbox");
                return;
            }
        };
        if batch.is_empty() {
            return;
        }
        for event in batch {
            if consumer.wants(&event.event_type) {
                let sent = send(state, &consumer, &event).await;
                if let Err(error) = sent {
                    schedule_retry(state, worker, &consumer, cursor, &error).await;
                    return;
                }
            }
            let now = state.clock.now_ms();
            match db::advance(&state.db, &consumer.id, worker, cursor, event.position, now, LEASE_MS).await {
                Ok(true) => cursor = event.position,
                // Replayed or taken over meanwhile: the new holder (or the next claim) goes on from the cursor.
                Ok(false) => return,
                Err(error) => {
                    tracing::warn!(%error, "events: could not move a cursor; the event will be sent again");
                    return;
                }
            }
        }
    }
}

async fn schedule_retry(state: &EventsState, worker: &str, consumer: &Consumer, at: db::Position, error: &str) {
    let delays = &state.retry_delays;
    let attempt = usize::try_from(consumer.attempts).unwrap_or(0);
    let failing = attempt >= delays.len();
    let delay = delays.get(attempt).or(delays.last()).copied().unwrap_or(Duration::from_secs(60));
    let delay_ms = i64::try_from(delay.as_millis()).unwrap_or(i64::MAX / 4);
    tracing::info!(consumer = %consumer.id, kind = %consumer.kind, attempt = attempt + 1, failing, "events: delivery failed; retrying later");
    let now = state.clock.now_ms();
    if let Err(error) = db::failed(&state.db, &consumer.id, worker, at, now, delay_ms, failing, error).await {
        tracing::warn!(%error, "events: could not store a failed attempt");
    }
}

async fn send(state: &EventsState, consumer: &Consumer, event: &StoredEvent) -> Result<(), String> {
    if consumer.kind == KIND_WEBHOOK {
        return post_webhook(&state.http, consumer, event).await;
    }
    let sink: Option<&Arc<dyn EventSink>> = state.sinks.iter().find(|sink| sink.name() == consumer.id);
    match sink {
        Some(sink) => sink.publish(event).await,
        None => Err(format!("no sink {} in this process", consumer.id)),
    }
}

/// One Standard Webhooks delivery: `webhook-id` (the event id), `webhook-timestamp`, `webhook-signature`.
async fn post_webhook(http: &reqwest::Client, consumer: &Consumer, event: &StoredEvent) -> Result<(), String> {
    let url = consumer.url.as_deref().ok_or("the endpoint has no URL")?;
    let secret = consumer.secret.as_deref().ok_or("the endpoint has no secret")?;
    let body = event.to_json().to_string();
    let timestamp = chrono::Utc::now().timestamp();
    let signer = standardwebhooks::Webhook::new(secret).map_err(|error| format!("the secret: {error}"))?;
    let signature = signer.sign(&event.id, timestamp, body.as_bytes()).map_err(|error| format!("signing: {error}"))?;
    let answer = http
        .post(url)
        .header("webhook-id", &event.id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .header("content-type", "application/json")
        .body(body)
        .timeout(REQUEST_TIMEOUT)
        .send()
        .await
        .map_err(|error| format!("request failed: {}", without_url(&error)))?;
    if answer.status().is_success() { Ok(()) } else { Err(format!("answered {}", answer.status().as_u16())) }
}

/// A reqwest error's text without the URL (it may carry credentials or tokens in its query).
fn without_url(error: &reqwest::Error) -> String {
    if error.is_timeout() {
        "timed out".to_owned()
    } else if error.is_connect() {
        "could not connect".to_owned()
    } else {
        "no answer".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_read_with_units_and_the_default_lasts_about_three_days() {
        assert_eq!(crate::clock::parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(crate::clock::parse_duration("5m"), Ok(Duration::from_secs(300)));
        assert!(crate::clock::parse_duration("5 parsecs").is_err());
        let total: Duration =
            DEFAULT_RETRY_DELAYS.split(',').map(|delay| crate::clock::parse_duration(delay).unwrap_or_default()).sum();
        let hours = total.as_secs() / 3600;
        assert!((70..=74).contains(&hours), "{hours} h");
    }
}
