//! The app's files gzipped once, at the best level, when a browser first asks for each: they are the
//! build's, few and never changed, so compressing one at every request (as the layer around the router does
//! for answers that change, at its fastest level) would spend the same work again for the same bytes
//! (docs/adr/0037-two-steps-around-the-router.md).

use std::collections::HashMap;
use std::io::Write;
use std::sync::{LazyLock, Mutex, PoisonError};

use axum::body::Bytes;
use axum::http::{HeaderMap, header};

/// Each file's gzip by its path; bounded by the build's files.
static GZIPPED: LazyLock<Mutex<HashMap<String, Bytes>>> = LazyLock::new(Mutex::default);

/// `data` (the file at `path`) gzipped, from the memo after the first time. The first time compresses on a
/// blocking thread (the vendor bundle takes some 10-20 ms at the best level), not on the runtime's worker that
/// other requests wait for; `None` should that thread fail, and the file is then sent as it is.
pub async fn gzipped(path: &str, data: Bytes) -> Option<Bytes> {
    if let Some(found) = GZIPPED.lock().unwrap_or_else(PoisonError::into_inner).get(path) {
        return Some(found.clone());
    }
    // Made outside the lock: two first requests may both compress, and the second insert keeps the same bytes.
    let body = tokio::task::spawn_blocking(move || gzip_best(&data)).await.ok()??;
    GZIPPED.lock().unwrap_or_else(PoisonError::into_inner).insert(path.to_owned(), body.clone());
    Some(body)
}

fn gzip_best(data: &[u8]) -> Option<Bytes> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(data.len() / 3), flate2::Compression::best());
    encoder.write_all(data).ok()?;
    Some(Bytes::from(encoder.finish().ok()?))
}

/// Whether the request accepts gzip (RFC 9110 §12.5.3): named with a weight above 0, or, when not named, a
/// `*` with a weight above 0.
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    let mut named = None;
    let mut any = None;
    let items = headers.get_all(header::ACCEPT_ENCODING).into_iter().filter_map(|value| value.to_str().ok());
    for item in items.flat_map(|value| value.split(',')) {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or_default().trim();
        let weight = parts
            .find_map(|part| part.trim().strip_prefix("q="))
            .map_or(1.0, |weight| weight.trim().parse::<f32>().unwrap_or(0.0));
        if coding.eq_ignore_ascii_case("gzip") {
            named = Some(weight > 0.0);
        } else if coding == "*" {
            any = Some(weight > 0.0);
        }
    }
    named.or(any).unwrap_or(false)
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
        assert!(!accepts_gzip(&HeaderMap::new()));
    }

    #[tokio::test]
    async fn a_file_gzips_to_its_own_bytes() {
        let data = b"console.log('orders');".repeat(40);
        let body = gzipped("test/a.js", Bytes::from(data.clone())).await.expect("gzip");
        assert!(body.len() < data.len());
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut out).expect("gunzip");
        assert_eq!(out, data);
        assert_eq!(
            gzipped("test/a.js", Bytes::from_static(b"other")).await.expect("memo"),
            body,
            "the memo's, by path"
        );
    }
}
