//! What every answer gets around the router, in two steps rather than a layer per header
//! (docs/adr/0037-two-steps-around-the-router.md): the security headers, set in one pass over the answer,
//! and compression, whose machinery runs only for a request that asks for an encoding.
//!
//! Here too the other half of compression: an answer that is the same many times (an app file, a cached order
//! body or history page) is gzipped once and kept by its owner, and sent with `send_gzipped` to a request that
//! `accepts_gzip`; the layer then leaves it as it is (docs/adr/0038-cached-answers-keep-their-gzip.md).
//!
//! Each tower-http layer costs a future wrapped around the one below it and a move of the request and the
//! answer; three header layers and compression were a tenth of the instructions of the cheapest answer.
//! Compression also parsed `Accept-Encoding` on every request, present or not.

use std::convert::Infallible;
use std::io::Write;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use futures_util::future::{BoxFuture, Either, MapOk, TryFutureExt};
use tower::{Layer, Service, ServiceExt};
use tower_http::compression::predicate::SizeAbove;
use tower_http::compression::{Compression, CompressionLevel, Predicate};

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

/// Compression for a request with `Accept-Encoding`, decided after the answer: an answer already encoded (a
/// body kept gzipped, ADR 0038) goes out as it is, and only an answer still to be compressed goes through
/// tower-http's compression, which then reads `Accept-Encoding` (its parser is about a tenth of a browser's
/// cached read, so a kept gzip should not pay for it). A request without `Accept-Encoding` (an API client, a
/// health probe, a load test) gets the service below, untouched but for `Vary`.
#[derive(Clone, Default)]
pub struct CompressWhenAskedLayer;

impl<S> Layer<S> for CompressWhenAskedLayer {
    type Service = CompressWhenAsked<S>;

    fn layer(&self, inner: S) -> CompressWhenAsked<S> {
        CompressWhenAsked { inner }
    }
}

#[derive(Clone)]
pub struct CompressWhenAsked<S> {
    inner: S,
}

type Plain<F> = MapOk<F, fn(Response) -> Response>;
type Asked = BoxFuture<'static, Result<Response, Infallible>>;

impl<S> Service<Request> for CompressWhenAsked<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<Plain<S::Future>, Asked>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        if !request.headers().contains_key(header::ACCEPT_ENCODING) {
            return Either::Left(self.inner.call(request).map_ok(vary_when_compressible as fn(_) -> _));
        }
        // What tower-http reads of the request, kept for after the answer.
        let mut asked = Request::new(Body::empty());
        for value in request.headers().get_all(header::ACCEPT_ENCODING) {
            asked.headers_mut().append(header::ACCEPT_ENCODING, value.clone());
        }
        let answered = self.inner.call(request);
        Either::Right(Box::pin(async move {
            let response = answered.await?;
            if response.headers().contains_key(header::CONTENT_ENCODING) {
                return Ok(response);
            }
            compress(asked, response).await
        }))
    }
}

/// tower-http's compression of `response` for a request whose `Accept-Encoding` is `asked`'s: gzip when it
/// accepts gzip and the answer is `Compressible`, 406 when it accepts no encoding at all (identity refused too),
/// else the answer as it is; `Vary` as tower-http says it.
async fn compress(asked: Request, response: Response) -> Result<Response, Infallible> {
    let mut response = Some(response);
    // The answer already made, as the service tower-http's compression wraps: called once, by `oneshot`.
    let answer = tower::service_fn(move |_: Request| std::future::ready(Ok(response.take().unwrap_or_default())));
    // The fastest level: an answer that changes is compressed at every request, and at the default level gzip
    // cost a cached order read three quarters of its throughput (a history page of 50 KB eleven twelfths) for
    // 15-30% fewer bytes; what is the same every time is gzipped once at the default or best level and kept
    // (`gzip_to_keep`).
    let compression = Compression::new(answer).compress_when(Compressible).quality(CompressionLevel::Fastest);
    compression.oneshot(asked).await.map(IntoResponse::into_response)
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

/// Whether the request accepts gzip (RFC 9110 §12.5.3): named with a weight above 0, or, when not named, a
/// `*` with a weight above 0. Written here because tower-http's own parser is private; read over the bytes,
/// since every browser's read of a kept body asks it (a parser over `str` pieces and `f32` weights took about
/// 1,700 instructions for a browser's header).
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    let mut named = None;
    let mut any = None;
    for item in headers.get_all(header::ACCEPT_ENCODING).iter().flat_map(|value| value.as_bytes().split(|&b| b == b','))
    {
        let mut parts = item.split(|&b| b == b';');
        let coding = parts.next().unwrap_or_default().trim_ascii();
        let weight = parts.find_map(|part| part.trim_ascii().strip_prefix(b"q=")).is_none_or(weight_above_zero);
        if coding.eq_ignore_ascii_case(b"gzip") {
            named = Some(weight);
        } else if coding == b"*" {
            any = Some(weight);
        }
    }
    named.or(any).unwrap_or(false)
}

/// Whether a weight (`qvalue`: `0` or `1`, then up to three decimals) is above 0; one that is not a weight
/// counts as 0.
fn weight_above_zero(weight: &[u8]) -> bool {
    match weight.trim_ascii() {
        [b'1', rest @ ..] => rest.is_empty() || rest.first() == Some(&b'.') && rest[1..].iter().all(u8::is_ascii_digit),
        [b'0', rest @ ..] => match rest {
            [] => false,
            [b'.', decimals @ ..] => {
                decimals.iter().all(u8::is_ascii_digit) && decimals.iter().any(|&digit| digit != b'0')
            }
            _ => false,
        },
        _ => false,
    }
}

/// A handler's view of `accepts_gzip`: whether it may answer with a body it keeps gzipped.
pub struct AcceptsGzip(pub bool);

impl<S: Send + Sync> FromRequestParts<S> for AcceptsGzip {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        Ok(Self(parts.headers.contains_key(header::ACCEPT_ENCODING) && accepts_gzip(&parts.headers)))
    }
}

/// `data` gzipped at `level`; `None` should the encoder fail (it writes to memory, so only a bug could).
pub fn gzip(data: &[u8], level: flate2::Compression) -> Option<Bytes> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(data.len() / 3 + 64), level);
    encoder.write_all(data).ok()?;
    Some(Bytes::from(encoder.finish().ok()?))
}

/// `gzip` for a body gzipped once to be kept. A small body (an order's detail: about 30 us at the default level)
/// is gzipped in place, as the layer's own compression runs; a larger one (a history page of 50 KB: about 0.2 ms,
/// an app bundle at the best level: 10-20 ms) on a blocking thread, which the other requests of a runtime worker
/// need not wait for. `None` should that thread fail; the body is then sent as it is.
pub async fn gzip_to_keep(data: Bytes, level: flate2::Compression) -> Option<Bytes> {
    /// Below this, a blocking thread's hand-over would cost about as much as the gzip.
    const IN_PLACE_AT_MOST: usize = 16 * 1024;
    if data.len() <= IN_PLACE_AT_MOST {
        return gzip(&data, level);
    }
    tokio::task::spawn_blocking(move || gzip(&data, level)).await.ok()?
}

/// Puts `gzipped`, a body gzipped once and kept, in place of the answer's body: `Content-Encoding` says so
/// and `Vary` that it depends on `Accept-Encoding` (tower-http adds no `Vary` to an answer already encoded).
pub fn send_gzipped(response: &mut Response, gzipped: Bytes) {
    *response.body_mut() = Body::from(gzipped);
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepts(value: &str) -> bool {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, value.parse().expect("a header value"));
        accepts_gzip(&headers)
    }

    #[test]
    fn gzip_is_accepted_by_name_or_by_star_unless_its_weight_is_zero() {
        assert!(accepts("gzip, deflate, br, zstd"));
        assert!(accepts("br;q=1.0, GZIP;q=0.5"));
        assert!(accepts("*"));
        assert!(!accepts("gzip;q=0"));
        assert!(!accepts("gzip;q=0, *"), "named wins over the star");
        assert!(!accepts("br, deflate"));
        assert!(!accepts("identity"));
        assert!(!accepts("gzip;q=nonsense"), "a weight that does not parse is 0");
        assert!(accepts("gzip;q=0.001") && accepts("gzip; q=1.000") && accepts("deflate, gzip ;q=0.5"));
        assert!(!accepts("gzip;q=0.000") && !accepts("gzip;q=0.") && !accepts("gzip;q=2"));
        assert!(accepts("identity;q=0, GZip"), "only identity refused");
        assert!(!accepts("gzipx, xgzip"), "another coding");
        assert!(!accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn a_body_gzips_to_its_own_bytes() {
        let data = b"{\"orderNumber\":\"C1\"}".repeat(40);
        let body = gzip(&data, flate2::Compression::default()).expect("gzip");
        assert!(body.len() < data.len());
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut out).expect("gunzip");
        assert_eq!(out, data);
    }
}
