//! What every answer gets around the router, in two steps rather than a layer per header
//! (docs/adr/0037-two-steps-around-the-router.md): the security headers, set in one pass over the answer,
//! and compression, whose machinery runs only for a request that asks for an encoding.
//!
//! Each tower-http layer costs a future wrapped around the one below it and a move of the request and the
//! answer; three header layers and compression were a tenth of the instructions of the cheapest answer.
//! Compression also parsed `Accept-Encoding` on every request, present or not.

use std::convert::Infallible;
use std::task::{Context, Poll, ready};

use axum::body::{Body, HttpBody};
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use futures_util::future::{Either, MapOk, TryFutureExt};
use tower::{Layer, Service};
use tower_http::compression::predicate::SizeAbove;
use tower_http::compression::{Compression, CompressionBody, CompressionLevel, Predicate, ResponseFuture};

/// HSTS when the deployment says it is served over TLS: browsers then never try plain http again.
const HSTS: &str = "max-age=31536000; includeSubDomains";

/// The headers every answer carries, page, API answer or unrouted 404 alike, set over the handler's.
#[derive(Clone)]
pub struct SecurityHeaders {
    hsts: bool,
    /// `DENY`, or none when the portal is embedded in the retailer's page (`app::router`).
    frame_options: Option<HeaderValue>,
}

impl SecurityHeaders {
    pub fn new(behind_tls: bool, frame_options: Option<HeaderValue>) -> Self {
        Self { hsts: behind_tls, frame_options }
    }

    pub fn apply(&self, mut response: Response) -> Response {
        let headers = response.headers_mut();
        if self.hsts {
            headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS));
        }
        headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
        // No site may frame any page or answer (clickjacking); the HTML also says so in its CSP.
        if let Some(frame_options) = &self.frame_options {
            headers.insert(header::X_FRAME_OPTIONS, frame_options.clone());
        }
        headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        response
    }
}

/// tower-http's compression for a request with `Accept-Encoding`; the service below, untouched but for
/// `Vary`, for one without (an API client, a health probe, a load test).
#[derive(Clone, Default)]
pub struct CompressWhenAskedLayer;

impl<S: Clone> Layer<S> for CompressWhenAskedLayer {
    type Service = CompressWhenAsked<S>;

    fn layer(&self, inner: S) -> CompressWhenAsked<S> {
        // The fastest level: an answer that changes is compressed at every request, and at the default level
        // gzip cost a cached order read three quarters of its throughput (a history page of 50 KB eleven
        // twelfths) for 15-30% fewer bytes; the app's files, the same every time, are gzipped once at the best
        // level instead (`web::gzipped`).
        CompressWhenAsked {
            compression: Compression::new(inner.clone()).compress_when(Compressible).quality(CompressionLevel::Fastest),
            plain: inner,
        }
    }
}

#[derive(Clone)]
pub struct CompressWhenAsked<S> {
    plain: S,
    compression: Compression<S, Compressible>,
}

type Plain<F> = MapOk<F, fn(Response) -> Response>;
type Compressed<F> = MapOk<ResponseFuture<F, Compressible>, fn(Response<CompressionBody<Body>>) -> Response>;

impl<S> Service<Request> for CompressWhenAsked<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<Plain<S::Future>, Compressed<S::Future>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        // Two clones of one service (the router, always ready): both are asked, either may be called.
        ready!(self.plain.poll_ready(cx))?;
        self.compression.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        if request.headers().contains_key(header::ACCEPT_ENCODING) {
            Either::Right(self.compression.call(request).map_ok(IntoResponse::into_response as fn(_) -> _))
        } else {
            Either::Left(self.plain.call(request).map_ok(vary_when_compressible as fn(_) -> _))
        }
    }
}

/// What tower-http says on an answer it would compress, asked or not: the body depends on
/// `Accept-Encoding`, so a shared cache keeps this identity answer apart from a gzip one.
fn vary_when_compressible(mut response: Response) -> Response {
    let headers = response.headers();
    let compressible = !headers.contains_key(header::CONTENT_ENCODING)
        && !headers.contains_key(header::CONTENT_RANGE)
        && Compressible.should_compress(&response);
    let varies = headers.get_all(header::VARY).iter().any(|value| {
        value.as_bytes().windows(b"accept-encoding".len()).any(|window| window.eq_ignore_ascii_case(b"accept-encoding"))
    });
    if compressible && !varies {
        response.headers_mut().append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

/// Which answers are compressed: tower-http's default rule (32 bytes or more, and not an image but SVG,
/// not gRPC but gRPC-web, not server-sent events), reading the content type once rather than three times.
#[derive(Clone, Copy)]
pub struct Compressible;

impl Predicate for Compressible {
    fn should_compress<B: HttpBody>(&self, response: &Response<B>) -> bool {
        let content_type = response.headers().get(header::CONTENT_TYPE).map_or(&b""[..], HeaderValue::as_bytes);
        let is = |kind: &[u8]| content_type.starts_with(kind);
        SizeAbove::default().should_compress(response)
            && (!is(b"image/") || is(b"image/svg+xml"))
            && (!is(b"application/grpc") || is(b"application/grpc-web"))
            && !is(b"text/event-stream")
    }
}
