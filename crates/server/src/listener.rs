//! The accept loop: HTTP/1 and HTTP/2 connections with the limits `axum::serve` does not expose.
//!
//! Why not `axum::serve`: it gives no way to bound how long a client may take to send a request head,
//! nor how many connections are open at once, so 50 clients trickling headers held 50 connections
//! open indefinitely (issue 7, defect 8). Here:
//! - a connection that sends no first byte within `header_read_timeout` is closed (hyper's own timer
//!   only starts once bytes arrive);
//! - hyper's `header_read_timeout` closes a connection whose request head (first or a later keep-alive
//!   request) is not complete in time; a keep-alive connection waiting for its next request is closed
//!   after the same time, so idle connections do not pile up;
//! - at most `max_connections` are served at once; further ones wait in the kernel's accept queue
//!   (back-pressure instead of unbounded memory);
//! - at most `max_requests_in_flight` requests are handled at once; the others wait for a turn before
//!   the router is called. A handler's future holds its whole state machine (several kilobytes) from
//!   the start, so 512 requests waiting for one of 8 PostgreSQL connections held 512 of them: with 128
//!   turns the peak RSS after 512 connections fell by about 5 MiB (`bench/notes.md`, *Fifth pass*).
//!   A turn ends when the answer's head is ready, before its body is sent.
//!
//! Request bodies and handlers keep their own limits (256 KiB bodies, per-route timeouts).

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use prometheus_client::metrics::gauge::Gauge;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, SemaphorePermit, watch};
use tower::ServiceExt;

/// Connection-level limits (`--header-read-timeout-seconds`, `--max-connections`,
/// `--max-requests-in-flight`).
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    pub header_read_timeout: Duration,
    pub max_connections: usize,
    /// 0: no limit.
    pub max_requests_in_flight: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self { header_read_timeout: Duration::from_secs(10), max_connections: 4096, max_requests_in_flight: 128 }
    }
}

/// Serves `router` on `listener` until `stop` turns true; then stops accepting and waits for the open
/// connections to finish their requests (the caller bounds that wait with its grace period).
pub async fn serve_connections(
    listener: TcpListener,
    router: axum::Router,
    limits: ConnectionLimits,
    waiting: Gauge,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let turns = match limits.max_requests_in_flight {
        0 => None,
        count => Some(Arc::new(Turns { semaphore: Semaphore::new(count), waiting })),
    };
    let graceful = GracefulShutdown::new();
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout).keep_alive(true);
    builder.http2().timer(TokioTimer::new()).keep_alive_interval(Some(Duration::from_secs(20)));
    let builder = Arc::new(builder);

    loop {
        let permit = tokio::select! {
            permit = slots.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = stopped(&mut stop) => break,
        };
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors and the like: wait a moment rather than spin.
                Err(error) => {
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = stopped(&mut stop) => break,
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let turns = turns.clone();
        let builder = builder.clone();
        let watcher = graceful.watcher();
        let first_byte_timeout = limits.header_read_timeout;
        tokio::spawn(async move {
            let _permit = permit;
            // A client that opens a connection and sends nothing is closed like one that trickles.
            let mut probe = [0u8; 1];
            match tokio::time::timeout(first_byte_timeout, stream.peek(&mut probe)).await {
                Ok(Ok(n)) if n > 0 => {}
                _ => return,
            }
            let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo::<SocketAddr>(remote));
                let router = router.clone();
                let turns = turns.clone();
                async move {
                    let _turn = match &turns {
                        Some(turns) => turns.take().await,
                        None => None,
                    };
                    Ok::<_, Infallible>(router.oneshot(request.map(axum::body::Body::new)).await.unwrap_infallible())
                }
            });
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            if let Err(error) = watcher.watch(connection).await {
                tracing::debug!(%error, "connection ended with an error");
            }
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// The turns of `--max-requests-in-flight`, and the gauge of requests waiting for one.
struct Turns {
    semaphore: Semaphore,
    waiting: Gauge,
}

impl Turns {
    /// A turn to be handled: at once when one is free, else after waiting, counted in `waiting` meanwhile
    /// (also when the client gives up while waiting). The semaphore is never closed, so a wait ends with a
    /// turn.
    async fn take(&self) -> Option<SemaphorePermit<'_>> {
        if let Ok(turn) = self.semaphore.try_acquire() {
            return Some(turn);
        }
        struct Waiting<'a>(&'a Gauge);
        impl Drop for Waiting<'_> {
            fn drop(&mut self) {
                self.0.dec();
            }
        }
        self.waiting.inc();
        let _counted = Waiting(&self.waiting);
        self.semaphore.acquire().await.ok()
    }
}

/// Resolves once `stop` turns true (or its sender is gone); holds no borrow of the value across awaits.
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|stopped| *stopped).await;
}

/// `Result<T, Infallible>` without a match at every call site.
trait UnwrapInfallible<T> {
    fn unwrap_infallible(self) -> T;
}

impl<T> UnwrapInfallible<T> for Result<T, Infallible> {
    fn unwrap_infallible(self) -> T {
        match self {
            Ok(value) => value,
            Err(never) => match never {},
        }
    }
}
