//! Message-bus sinks: each is a consumer of the outbox with its own durable cursor (row `event_consumers`,
//! kind `sink`, id its name), delivered by the same workers as webhooks, in order, with the same retries.

use std::future::Future;
use std::pin::Pin;

use async_nats::jetstream;
use tokio::sync::Mutex;

use super::db::StoredEvent;

pub type Published<'a> = Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>>;

/// Somewhere events are published besides webhooks.
pub trait EventSink: Send + Sync {
    /// Its name: the id of its cursor row. One per kind of sink.
    fn name(&self) -> &'static str;

    /// Publishes one event; `Ok` only once the bus has stored it. The same event may be published again
    /// (at least once): the bus drops it by its id.
    fn publish<'a>(&'a self, event: &'a StoredEvent) -> Published<'a>;
}

/// The JetStream stream the server creates when missing, and its subjects.
pub const NATS_STREAM: &str = "ORDERS_EVENTS";
pub const NATS_SUBJECTS: &str = "orders.events.>";

/// NATS JetStream: each event to `orders.events.{type}` with `Nats-Msg-Id` = the event id, so JetStream
/// drops a duplicate within its window. Connects on first use and again after a failure.
pub struct NatsSink {
    url: String,
    context: Mutex<Option<jetstream::Context>>,
}

impl NatsSink {
    pub fn new(url: String) -> Self {
        Self { url, context: Mutex::new(None) }
    }

    async fn connect(&self) -> Result<jetstream::Context, String> {
        let options = async_nats::ConnectOptions::new()
            .connection_timeout(std::time::Duration::from_secs(5))
            .request_timeout(Some(std::time::Duration::from_secs(10)));
        let client = options.connect(&self.url).await.map_err(|error| format!("NATS connect: {error}"))?;
        let context = jetstream::new(client);
        context
            .get_or_create_stream(jetstream::stream::Config {
                name: NATS_STREAM.to_owned(),
                subjects: vec![NATS_SUBJECTS.to_owned()],
                ..Default::default()
            })
            .await
            .map_err(|error| format!("NATS stream {NATS_STREAM}: {error}"))?;
        tracing::info!(stream = NATS_STREAM, "events: publishing to NATS JetStream");
        Ok(context)
    }

    async fn publish_one(&self, event: &StoredEvent) -> Result<(), String> {
        let mut slot = self.context.lock().await;
        let context = match &*slot {
            Some(context) => context.clone(),
            None => {
                let context = self.connect().await?;
                slot.insert(context).clone()
            }
        };
        drop(slot);
        let mut headers = async_nats::HeaderMap::new();
        headers.insert("Nats-Msg-Id", event.id.as_str());
        let subject = format!("orders.events.{}", event.event_type);
        let payload = event.to_json().to_string();
        let result = async {
            let ack = context
                .publish_with_headers(subject, headers, payload.into())
                .await
                .map_err(|error| format!("NATS publish: {error}"))?;
            ack.await.map_err(|error| format!("NATS ack: {error}"))?;
            Ok::<(), String>(())
        }
        .await;
        if result.is_err() {
            // Connect afresh next time (the stream may have been removed, the server restarted).
            *self.context.lock().await = None;
        }
        result
    }
}

impl EventSink for NatsSink {
    fn name(&self) -> &'static str {
        "nats"
    }

    fn publish<'a>(&'a self, event: &'a StoredEvent) -> Published<'a> {
        Box::pin(self.publish_one(event))
    }
}
