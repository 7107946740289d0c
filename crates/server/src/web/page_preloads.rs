//! A first page's own files, named in that page's HTML (ADR 0033).
//!
//! The web build writes `page-preloads.json` (web/vite.config.ts, `pagePreloads`, from the table in
//! web/src/app/first-pages.ts): for each page a visit opens on most, a pattern for the whole path (the
//! country/locale prefix included) and the files its route loads that the entry does not. A page whose path
//! matches is served with those files in a JSON data block, under the id the file names (web/src/boot/
//! page-files-id.ts): the first paint's script inserts a preload link for each, a few per task once the frame's
//! paint is reported (web/src/boot/page-files.ts),
//! so the app's loader finds them there and inserts none itself (for an order about 30 links, which cost a
//! phone's main thread 40-170 ms in one long task). The server knows nothing of the web's routes but what the
//! file says.

use regex::Regex;
use serde::Deserialize;

#[derive(Deserialize)]
struct File {
    /// The id of the data block the web reads the files from.
    block: String,
    pages: Vec<Page>,
}

#[derive(Deserialize)]
struct Page {
    name: String,
    path: String,
    scripts: Vec<String>,
    styles: Vec<String>,
}

/// The files of one page, as the data block carries them.
#[derive(serde::Serialize)]
struct Files<'a> {
    scripts: &'a [String],
    styles: &'a [String],
}

/// The first pages' patterns, each with its files' data block (`Files` as JSON), and the block's id.
#[derive(Default)]
pub struct PagePreloads {
    block: String,
    pages: Vec<(Regex, Vec<u8>)>,
}

/// A block id the web can look up and the HTML can carry as it is: lower-case letters and dashes.
fn is_block_id(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|byte| byte.is_ascii_lowercase() || byte == b'-')
}

/// A file the build named: under /assets/, of the characters a built file's name has (the web inserts it as a
/// link's address as it is).
fn is_asset(file: &str) -> bool {
    file.strip_prefix("/assets/").is_some_and(|name| {
        !name.is_empty()
            && name.bytes().all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.'))
            && !name.contains("..")
    })
}

impl PagePreloads {
    /// Reads the build's file; an error names what is wrong (pages are then served without their files).
    pub fn parse(json: &[u8]) -> Result<Self, String> {
        let file: File = serde_json::from_slice(json).map_err(|error| error.to_string())?;
        if !is_block_id(&file.block) {
            return Err(format!("{:?} is not a block id", file.block));
        }
        let mut pages = Vec::with_capacity(file.pages.len());
        for page in file.pages {
            let pattern = Regex::new(&page.path).map_err(|error| format!("page {}: {error}", page.name))?;
            if let Some(file) = page.scripts.iter().chain(&page.styles).find(|file| !is_asset(file)) {
                return Err(format!("page {}: {file:?} is not a built asset", page.name));
            }
            let files = serde_json::to_vec(&Files { scripts: &page.scripts, styles: &page.styles })
                .map_err(|error| error.to_string())?;
            pages.push((pattern, files));
        }
        Ok(Self { block: file.block, pages })
    }

    /// The data block for the page at `path` (a URL's path, without its query), its id and the files as JSON,
    /// if it is one of the first pages.
    pub fn block(&self, path: &str) -> Option<(&str, &[u8])> {
        let (_, files) = self.pages.iter().find(|(pattern, _)| pattern.is_match(path))?;
        Some((self.block.as_str(), files.as_slice()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{"block": "orders-page-files", "pages": [
        {"name": "history", "path": "^(?:/[A-Za-z]{2}){0,2}/orders/?$",
         "scripts": ["/assets/history-page-AB12.js"], "styles": ["/assets/history-CD34.css"]},
        {"name": "salesOrder", "path": "^(?:/[A-Za-z]{2}){0,2}/orders/sales/(?<orderNumber>[A-Za-z0-9]{4,32})/?$",
         "scripts": ["/assets/order-page-EF56.js", "/assets/dialog-GH78.js"], "styles": []}
    ]}"#;

    #[test]
    fn a_first_page_gets_its_files_and_another_page_none() {
        let preloads = PagePreloads::parse(FILE.as_bytes()).expect("valid");
        let (block, history) = preloads.block("/gb/en/orders").expect("the history");
        assert_eq!(block, "orders-page-files");
        assert_eq!(
            std::str::from_utf8(history),
            Ok(r#"{"scripts":["/assets/history-page-AB12.js"],"styles":["/assets/history-CD34.css"]}"#)
        );
        assert_eq!(preloads.block("/orders/"), Some((block, history)));
        let (_, order) = preloads.block("/orders/sales/C0012345678").expect("an order");
        assert_eq!(
            std::str::from_utf8(order),
            Ok(r#"{"scripts":["/assets/order-page-EF56.js","/assets/dialog-GH78.js"],"styles":[]}"#)
        );
        assert_eq!(preloads.block("/fr/fr/orders/sales/C0012345678"), Some((block, order)));
        for other in ["/orders/bag", "/orders/sales/C1", "/orders/sales/C0012345678/x", "/abc/orders", "/"] {
            assert_eq!(preloads.block(other), None, "{other}");
        }
    }

    #[test]
    fn a_file_that_names_anything_but_a_built_asset_is_refused() {
        for file in ["/assets/x.js\"><script>", "https://elsewhere.example/x.js", "/assets/../secrets", "/assets/"] {
            let json =
                format!(r#"{{"pages": [{{"name": "p", "path": "^/orders$", "scripts": [{file:?}], "styles": []}}]}}"#);
            assert!(PagePreloads::parse(json.as_bytes()).is_err(), "{file}");
        }
        assert!(
            PagePreloads::parse(br#"{"pages": [{"name": "p", "path": "(", "scripts": [], "styles": []}]}"#).is_err()
        );
        assert!(PagePreloads::parse(b"not json").is_err());
    }
}
