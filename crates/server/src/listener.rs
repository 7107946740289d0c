//! The accept loop: HTTP/1 and HTTP/2 connections with the limits `axum::serve` does not expose.
//!
//! Why not `axum::serve`: it gives no way to bound how long a client may take to send a request head,
//! nor how many connections are open at once, so 50 clients trickling headers held 50 connections
//! open indefinitely (issue 7, defect 8). Here:
//! - a connection that sends no first byte within `header_read_timeout` is closed (awaited with `peek`,
//!   which also lets a stop settle a request already on its way; the idle timer below starts after it);
//! - a connection with no request in hand for `header_read_timeout` is closed: one whose request head
//!   (first or a later keep-alive request) is not complete in time, and a keep-alive connection waiting
//!   for its next request, so idle connections do not pile up. A request is in hand from its complete head
//!   until hyper has sent its answer's body. One timer per connection decides this (`Requests::idle_for`),
//!   re-armed once per timeout: hyper's own `header_read_timeout` armed and dropped a timer for every
//!   request, about 1,600 instructions and 7% of a cached read's throughput (docs/performance.md, twenty-
//!   second session);
//! - at most `max_connections` are served at once; further ones wait in the kernel's accept queue
//!   (back-pressure instead of unbounded memory);
//! - at most `max_requests_in_flight` requests are handled at once; the others wait for a turn before
//!   the router is called. A handler's future holds its whole state machine (several kilobytes) from
//!   the start, so 512 requests waiting for one of 8 PostgreSQL connections held 512 of them: with 128
//!   turns the peak RSS after 512 connections fell by about 5 MiB (docs/performance.md, *Fifth pass*).
//!   A turn ends when the answer's head is ready, before its body is sent.
//!
//! Request bodies and handlers keep their own limits (256 KiB bodies, per-route timeouts).

use std::convert::Infallible;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Either};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use prometheus_client::metrics::gauge::Gauge;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, SemaphorePermit, watch};
use tower::util::Oneshot;
use tower::{Service, ServiceExt};

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

/// What the listener serves: the whole application as one service, its routes and every layer
/// (`app::router`). Not an `axum::Router` around them, whose own routing (a catch-all route for its
/// fallback) each request would pay once more.
pub type App = tower::util::BoxCloneSyncService<axum::extract::Request, axum::response::Response, Infallible>;

type AppFuture = BoxFuture<'static, Result<axum::response::Response, Infallible>>;

/// Serves `router` on `listener` until `stop` turns true; then stops accepting and waits for the open
/// connections to finish their requests (the caller bounds that wait with its grace period). A request
/// the server already has is answered, not reset: connections the kernel completed before the stop are
/// still taken from the listen queue, and one whose request is sent but not yet read is read (`SETTLE`).
pub async fn serve_connections(
    listener: TcpListener,
    router: App,
    limits: ConnectionLimits,
    waiting: Gauge,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let turns = match limits.max_requests_in_flight {
        0 => None,
        count => Some(Arc::new(Turns { semaphore: Semaphore::new(count), waiting })),
    };
    let mut builder = auto::Builder::new(TokioExecutor::new());
    // No `header_read_timeout`: `serve_one`'s watchdog closes a connection with no request in hand instead.
    builder.http1().timer(TokioTimer::new()).header_read_timeout(None).keep_alive(true);
    builder.http2().timer(TokioTimer::new()).keep_alive_interval(Some(Duration::from_secs(20)));
    let shared = Arc::new(Shared { router, turns, builder, limits, stop: stop.clone() });
    // Every connection task holds a clone of `open`; `all_closed` ends when the last one is dropped.
    let (open, mut all_closed) = tokio::sync::mpsc::channel::<()>(1);

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
        tokio::spawn(serve_one(shared.clone(), stream, remote, Some(permit), open.clone()));
    }
    // Connections the kernel completed before the stop are clients that already sent (or are sending)
    // a request: they are served (one request each) rather than reset by closing the listener on them.
    for (stream, remote) in drain_accept_queue(listener) {
        tokio::spawn(serve_one(shared.clone(), stream, remote, None, open.clone()));
    }
    drop(open);
    let _ = all_closed.recv().await;
    Ok(())
}

/// Takes every connection waiting in the kernel's accept queue, then closes the listener.
///
/// Read from the socket itself, not through the runtime: the runtime's readiness for the listener is only
/// refreshed when its I/O driver runs, and under load it lagged behind the queue, so a `now_or_never`
/// accept answered "nothing waiting" while connections were queued. Closing the listener then reset them:
/// clients whose request was already written saw a connection reset (2 of 200 in one release run of the
/// shutdown test). A non-blocking `accept` on the socket answers `WouldBlock` only when the queue is empty.
fn drain_accept_queue(listener: TcpListener) -> Vec<(tokio::net::TcpStream, SocketAddr)> {
    let listener = match listener.into_std() {
        Ok(listener) => listener,
        Err(error) => {
            tracing::warn!(%error, "could not read the accept queue at shutdown");
            return Vec::new();
        }
    };
    let mut queued = Vec::new();
    loop {
        match listener.accept() {
            Ok((stream, remote)) => {
                let adopted = stream.set_nonblocking(true).and_then(|()| tokio::net::TcpStream::from_std(stream));
                match adopted {
                    Ok(stream) => queued.push((stream, remote)),
                    Err(error) => tracing::warn!(%error, "a queued connection could not be served at shutdown"),
                }
            }
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            // `WouldBlock`: the queue is empty. Anything else (out of descriptors): nothing more to take.
            Err(_) => break,
        }
    }
    queued
}

/// What every connection task needs.
struct Shared {
    router: App,
    turns: Option<Arc<Turns>>,
    builder: auto::Builder<TokioExecutor>,
    limits: ConnectionLimits,
    stop: watch::Receiver<bool>,
}

/// How long a connection that has no request in progress at the stop is still read, so that a request
/// already sent (bytes in the socket, not yet parsed) is answered instead of cut off.
const SETTLE: Duration = Duration::from_secs(1);

/// Calls the app in place when it is ready, as everything in it always is (the router, the layers around
/// it); else, not expected, on a copy that waits for readiness. The lock is held only for the call, which
/// routes and builds the answer's future: HTTP/2's streams of one connection share it, but never wait on
/// it while a handler runs.
fn call(app: &Mutex<App>, request: axum::extract::Request) -> Either<AppFuture, Oneshot<App, axum::extract::Request>> {
    let mut app = app.lock().unwrap_or_else(PoisonError::into_inner);
    match app.poll_ready(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(Ok(())) => Either::Left(app.call(request)),
        Poll::Pending => app.clone().oneshot(request).right_future(),
    }
}

/// Serves one connection. At the stop, a request in progress (or one that arrives within `SETTLE`) is
/// answered and the connection then closed; an idle connection is closed at once.
async fn serve_one(
    shared: Arc<Shared>,
    stream: tokio::net::TcpStream,
    remote: SocketAddr,
    permit: Option<tokio::sync::OwnedSemaphorePermit>,
    _open: tokio::sync::mpsc::Sender<()>,
) {
    let _permit = permit;
    let _ = stream.set_nodelay(true);
    // A client that opens a connection and sends nothing is closed like one that trickles.
    // A request that is on its way when the stop comes (or for a connection taken from the listen queue
    // after it) is waited for `SETTLE` more, not the whole `header_read_timeout`.
    let mut probe = [0u8; 1];
    let mut stop = shared.stop.clone();
    let first_byte = async {
        let peek = stream.peek(&mut probe);
        let mut peek = std::pin::pin!(peek);
        tokio::select! {
            peeked = peek.as_mut() => Some(peeked),
            () = stopped(&mut stop) => tokio::time::timeout(SETTLE, peek).await.ok(),
        }
    };
    match tokio::time::timeout(shared.limits.header_read_timeout, first_byte).await {
        Ok(Some(Ok(n))) if n > 0 => {}
        _ => return,
    }
    let requests = Arc::new(Requests::new());
    // The connection's own copy of the app, called in place: a copy per request (tower's `oneshot`) cost
    // an allocation and a move of the whole stack around the router each time (ADR 0037).
    let app = Arc::new(Mutex::new(shared.router.clone()));
    let service = {
        let (shared, requests) = (shared.clone(), requests.clone());
        hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(remote));
            let (shared, requests, app) = (shared.clone(), requests.clone(), app.clone());
            async move {
                let active = Requests::begin(&requests);
                let _turn = match &shared.turns {
                    Some(turns) => turns.take().await,
                    None => None,
                };
                let response = call(&app, request.map(axum::body::Body::new)).await.unwrap_infallible();
                Ok::<_, Infallible>(response.map(|body| Sending { body, _active: active }))
            }
        })
    };
    let connection = shared.builder.serve_connection(TokioIo::new(stream), service);
    let mut connection = std::pin::pin!(connection);
    let mut stop = shared.stop.clone();
    let ended = tokio::select! {
        ended = connection.as_mut() => Some(ended),
        () = stopped(&mut stop) => None,
        // Dropping the connection closes the socket, as hyper's own header timeout did.
        () = requests.idle_for(shared.limits.header_read_timeout) => return,
    };
    let ended = match ended {
        Some(ended) => ended,
        None => {
            let began = requests.began.notified();
            if requests.active.load(Ordering::SeqCst) == 0 {
                tokio::select! {
                    ended = connection.as_mut() => {
                        log_end(ended);
                        return;
                    }
                    () = began => {}
                    () = tokio::time::sleep(SETTLE) => {}
                }
            }
            // hyper answers the request in progress, then closes the connection.
            connection.as_mut().graceful_shutdown();
            connection.await
        }
    };
    log_end(ended);
}

fn log_end(ended: Result<(), Box<dyn std::error::Error + Send + Sync>>) {
    if let Err(error) = ended {
        tracing::debug!(%error, "connection ended with an error");
    }
}

/// The requests of one connection: how many are in hand, since when none has been, and a signal when one
/// begins.
struct Requests {
    active: AtomicUsize,
    /// `clock_ms()` when the last request left the connection's hands (or when the connection began).
    idle_since: AtomicU64,
    began: tokio::sync::Notify,
}

impl Requests {
    fn new() -> Self {
        Self { active: AtomicUsize::new(0), idle_since: AtomicU64::new(clock_ms()), began: tokio::sync::Notify::new() }
    }

    fn begin(requests: &Arc<Self>) -> Active {
        requests.active.fetch_add(1, Ordering::SeqCst);
        requests.began.notify_waiters();
        Active(requests.clone())
    }

    /// Resolves once the connection has had no request in hand for `timeout`: its next request head did
    /// not arrive whole in time. Sleeps once per `timeout` while requests keep coming, not once per request.
    async fn idle_for(&self, timeout: Duration) {
        let mut wait = timeout;
        loop {
            tokio::time::sleep(wait).await;
            if self.active.load(Ordering::SeqCst) > 0 {
                wait = timeout;
                continue;
            }
            let idle = Duration::from_millis(clock_ms().saturating_sub(self.idle_since.load(Ordering::SeqCst)));
            // Checked again: a request whose head completed meanwhile is served, not cut off.
            if idle >= timeout && self.active.load(Ordering::SeqCst) == 0 {
                return;
            }
            wait = timeout.saturating_sub(idle).max(Duration::from_millis(1));
        }
    }
}

/// One request in hand: from its complete head until hyper drops its answer's body, having sent it.
struct Active(Arc<Requests>);

impl Drop for Active {
    fn drop(&mut self) {
        // The time first, then the count: `idle_for` reads them in the other order.
        self.0.idle_since.store(clock_ms(), Ordering::SeqCst);
        self.0.active.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Milliseconds since the first call in this process: the connections' idle clock.
fn clock_ms() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    u64::try_from(START.get_or_init(Instant::now).elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// An answer's body, which keeps its request in hand until hyper has sent it and drops it, so that a slow
/// download is not taken for an idle connection.
struct Sending {
    body: axum::body::Body,
    _active: Active,
}

impl hyper::body::Body for Sending {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
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
