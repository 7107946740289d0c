//! What every routed request gets, under its route pattern (never the raw path: ids would explode the
//! metrics' label set, and guest queries carry e-mails and phone numbers): a span that every log line of
//! the request carries, its latency in the metrics, its error code counted, and an error line for a 5xx.
//!
//! One hand-written layer, not `middleware::from_fn` and tower-http's `TraceLayer`: axum applies a
//! router's layers to each route, boxed one inside the other, and clones a route's whole stack for every
//! request; `from_fn` clones the service below it once more. It must sit inside the router (the route
//! pattern is known only after routing); the layers that need no route are around the router
//! (`app::router`, docs/adr/0036-layers-around-the-router.md).

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::response::Response;
use tracing::Instrument;

use crate::error::ErrorCode;
use crate::metrics::Metrics;

/// The label of a request no route matched (the web app's pages and files, and 404s).
const FALLBACK: &str = "fallback";

#[derive(Clone)]
pub struct ObserveLayer {
    metrics: Arc<Metrics>,
}

impl ObserveLayer {
    pub fn new(metrics: Metrics) -> Self {
        Self { metrics: Arc::new(metrics) }
    }
}

impl<S> tower::Layer<S> for ObserveLayer {
    type Service = Observe<S>;

    fn layer(&self, inner: S) -> Observe<S> {
        Observe { inner, metrics: Arc::clone(&self.metrics) }
    }
}

#[derive(Clone)]
pub struct Observe<S> {
    inner: S,
    metrics: Arc<Metrics>,
}

impl<S> tower::Service<Request> for Observe<S>
where
    S: tower::Service<Request, Response = Response, Error = Infallible>,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let started = Instant::now();
        let method = request.method().clone();
        let route = request.extensions().get::<MatchedPath>().cloned();
        let span = tracing::info_span!(
            "request",
            method = %method,
            route = route.as_ref().map_or(FALLBACK, MatchedPath::as_str)
        );
        let answered = span.in_scope(|| self.inner.call(request));
        let metrics = Arc::clone(&self.metrics);
        Box::pin(
            async move {
                let Ok(response) = answered.await;
                let status = response.status();
                let route = route.as_ref().map_or(FALLBACK, MatchedPath::as_str);
                metrics.observe_request(&method, route, status, started.elapsed());
                if let Some(code) = response.extensions().get::<ErrorCode>() {
                    metrics.count_error(code.0);
                }
                if status.is_server_error() {
                    let latency_ms = started.elapsed().as_millis();
                    tracing::error!(status = status.as_u16(), latency_ms, "response failed");
                }
                Ok(response)
            }
            .instrument(span),
        )
    }
}
