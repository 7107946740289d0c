//! The app's files gzipped once, at the best level, when a browser first asks for each: they are the
//! build's, few and never changed, so compressing one at every request (as the layer around the router does
//! for answers that change, at its fastest level) would spend the same work again for the same bytes
//! (docs/adr/0037-two-steps-around-the-router.md).

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, PoisonError};

use axum::body::Bytes;

use crate::around;

/// Each file's gzip by its path; bounded by the build's files.
static GZIPPED: LazyLock<Mutex<HashMap<String, Bytes>>> = LazyLock::new(Mutex::default);

/// `data` (the file at `path`) gzipped, from the memo after the first time. The first time compresses a large
/// file (the vendor bundle, milliseconds at the best level) on a blocking thread, not on the runtime's worker
/// that other requests wait for (`around::gzip_to_keep`); `None` should that fail, and the file is then sent as
/// it is.
pub async fn gzipped(path: &str, data: Bytes) -> Option<Bytes> {
    if let Some(found) = GZIPPED.lock().unwrap_or_else(PoisonError::into_inner).get(path) {
        return Some(found.clone());
    }
    // Made outside the lock: two first requests may both compress, and the second insert keeps the same bytes.
    let body = around::gzip_to_keep(data, flate2::Compression::best()).await?;
    GZIPPED.lock().unwrap_or_else(PoisonError::into_inner).insert(path.to_owned(), body.clone());
    Some(body)
}

#[cfg(test)]
mod tests {
    use super::*;

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
