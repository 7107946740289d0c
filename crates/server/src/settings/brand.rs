//! The retailer's brand: the `[brand]` section of the configuration file (name, logo, colours), validated
//! at start so a deployment never shows an unreadable header or a broken logo.
//!
//! A logo file is read once and served by us (`GET /config/v1/brand/logo`): the page's CSP allows images
//! from 'self' without exceptions, and a versioned URL lets browsers keep it for a year.

use std::path::{Path, PathBuf};

use axum::body::Bytes;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::{ConfigError, config_error};

/// A logo larger than this is refused: it is in the header of every page.
pub const MAX_LOGO_BYTES: usize = 256 * 1024;
/// WCAG 2.x AA for normal text.
const MIN_CONTRAST: f64 = 4.5;
/// Longest brand name: it shares the header with the navigation at 390 px.
const MAX_NAME_CHARS: usize = 60;
/// Where the app serves the logo file; the `?v=` of the URL the configuration answers changes with it.
pub const LOGO_PATH: &str = "/config/v1/brand/logo";

/// The product's own colours (web/src/shared/ui/global.css): a deployment without a brand looks as before.
pub const DEFAULT_COLORS: BrandColors = BrandColors {
    primary: Rgb(0x11, 0x11, 0x11),
    on_primary: Rgb(0xff, 0xff, 0xff),
    accent: Rgb(0x11, 0x11, 0x11),
    background: Rgb(0xf5, 0xf5, 0xf5),
};
/// Cards and dialogs stay white: links in the accent colour must read on them too.
const SURFACE: Rgb = Rgb(0xff, 0xff, 0xff);
/// The secondary text colour (`--color-muted`): the darkest-but-one text that sits on the background.
const MUTED_TEXT: Rgb = Rgb(0x59, 0x59, 0x59);

/// `[brand]` in the configuration file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct BrandSection {
    name: String,
    #[serde(default)]
    logo: Option<PathBuf>,
    #[serde(default)]
    logo_url: Option<String>,
    #[serde(default)]
    colors: ColorsSection,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ColorsSection {
    primary: Option<String>,
    on_primary: Option<String>,
    accent: Option<String>,
    background: Option<String>,
}

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb` (either case); nothing else, so the value can go into CSS as it is.
    pub fn parse(text: &str) -> Option<Self> {
        let hex = text.strip_prefix('#')?;
        if hex.len() != 6 || !hex.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return None;
        }
        let channel = |at: usize| u8::from_str_radix(hex.get(at..at + 2)?, 16).ok();
        Some(Self(channel(0)?, channel(2)?, channel(4)?))
    }

    pub fn css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Relative luminance (WCAG 2.x).
    fn luminance(self) -> f64 {
        let linear = |channel: u8| {
            let value = f64::from(channel) / 255.0;
            if value <= 0.04045 { value / 12.92 } else { ((value + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * linear(self.0) + 0.7152 * linear(self.1) + 0.0722 * linear(self.2)
    }

    /// Contrast ratio (1 to 21).
    pub fn contrast(self, other: Self) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        let (light, dark) = if a > b { (a, b) } else { (b, a) };
        (light + 0.05) / (dark + 0.05)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BrandColors {
    /// Buttons and the branded header.
    pub primary: Rgb,
    /// Text on `primary`.
    pub on_primary: Rgb,
    /// Links.
    pub accent: Rgb,
    /// The page behind the cards.
    pub background: Rgb,
}

/// A logo file, read at start.
#[derive(Debug, Clone)]
pub struct LogoFile {
    pub bytes: Bytes,
    pub content_type: &'static str,
    /// Strong validator of `bytes` (`"..."`), also the `?v=` of its URL.
    pub etag: String,
}

/// The effective brand. `name` is none without a `[brand]` section: the app then shows its own,
/// translated, product name.
#[derive(Debug, Clone)]
pub struct Brand {
    pub name: Option<String>,
    pub logo_url: Option<String>,
    pub logo_file: Option<LogoFile>,
    pub colors: BrandColors,
}

impl Default for Brand {
    fn default() -> Self {
        Self { name: None, logo_url: None, logo_file: None, colors: DEFAULT_COLORS }
    }
}

/// What the bytes are: PNG by its signature, SVG by an `<svg` root (after an optional XML declaration,
/// doctype and comments). Anything else is refused, whatever the file is called.
fn image_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some("image/png");
    }
    let text = std::str::from_utf8(bytes).ok()?.trim_start_matches('\u{feff}');
    let mut rest = text.trim_start();
    loop {
        if let Some(after) = rest.strip_prefix("<?") {
            rest = after.split_once("?>")?.1.trim_start();
        } else if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.split_once("-->")?.1.trim_start();
        } else if let Some(after) = rest.strip_prefix("<!") {
            rest = after.split_once('>')?.1.trim_start();
        } else {
            break;
        }
    }
    let root = rest.strip_prefix("<svg")?;
    root.starts_with(|c: char| c.is_whitespace() || c == '>').then_some("image/svg+xml")
}

fn read_logo(source: &str, path: &Path) -> Result<LogoFile, ConfigError> {
    let shown = path.display();
    let metadata =
        std::fs::metadata(path).map_err(|error| config_error(source, "brand.logo", format!("{shown}: {error}")))?;
    // Checked before reading, so a huge file is not loaded only to be refused.
    if metadata.len() > MAX_LOGO_BYTES as u64 {
        let message = format!("{shown} is {} bytes, at most {MAX_LOGO_BYTES} (256 KiB)", metadata.len());
        return Err(config_error(source, "brand.logo", message));
    }
    let bytes = std::fs::read(path).map_err(|error| config_error(source, "brand.logo", format!("{shown}: {error}")))?;
    let content_type = image_type(&bytes)
        .ok_or_else(|| config_error(source, "brand.logo", format!("{shown} is not an SVG or PNG image")))?;
    let digest = Sha256::digest(&bytes);
    let etag = format!("\"{}\"", digest.iter().take(12).map(|byte| format!("{byte:02x}")).collect::<String>());
    Ok(LogoFile { bytes: bytes.into(), content_type, etag })
}

fn check_logo_url(source: &str, text: &str) -> Result<String, ConfigError> {
    let url = reqwest::Url::parse(text.trim())
        .map_err(|error| config_error(source, "brand.logoUrl", format!("{text:?} is not a URL: {error}")))?;
    if url.scheme() != "https" || url.host_str().is_none_or(str::is_empty) {
        return Err(config_error(source, "brand.logoUrl", format!("{text:?} is not an https:// URL")));
    }
    Ok(url.to_string())
}

fn color(source: &str, field: &str, given: Option<&String>, default: Rgb) -> Result<Rgb, ConfigError> {
    match given {
        None => Ok(default),
        Some(text) => Rgb::parse(text.trim()).ok_or_else(|| {
            config_error(source, format!("brand.colors.{field}"), format!("{text:?} is not a colour written #rrggbb"))
        }),
    }
}

fn require_contrast(source: &str, field: &str, a: Rgb, b: Rgb, against: &str) -> Result<(), ConfigError> {
    let ratio = a.contrast(b);
    if ratio < MIN_CONTRAST {
        let message = format!(
            "{} on {} has a contrast of {ratio:.2}:1, below the 4.5:1 of WCAG AA ({against})",
            a.css(),
            b.css()
        );
        return Err(config_error(source, format!("brand.colors.{field}"), message));
    }
    Ok(())
}

impl Brand {
    /// The brand of the configuration file `source` (its name, for messages), with relative logo paths
    /// taken from `base` (the file's folder). `env_name` (`ORDERS_BRAND_NAME`) replaces the name.
    pub(super) fn load(
        source: &str,
        base: &Path,
        section: Option<&BrandSection>,
        env_name: Option<&str>,
    ) -> Result<Self, ConfigError> {
        let mut brand = Self::default();
        if let Some(section) = section {
            brand.name = Some(check_name(source, "brand.name", &section.name)?);
            if section.logo.is_some() && section.logo_url.is_some() {
                return Err(config_error(source, "brand.logo", "give logo (a file) or logoUrl, not both"));
            }
            if let Some(logo) = &section.logo {
                let file = read_logo(source, &base.join(logo))?;
                brand.logo_url = Some(format!("{LOGO_PATH}?v={}", file.etag.trim_matches('"')));
                brand.logo_file = Some(file);
            }
            if let Some(url) = &section.logo_url {
                brand.logo_url = Some(check_logo_url(source, url)?);
            }
            let given = &section.colors;
            let colors = BrandColors {
                primary: color(source, "primary", given.primary.as_ref(), DEFAULT_COLORS.primary)?,
                on_primary: color(source, "onPrimary", given.on_primary.as_ref(), DEFAULT_COLORS.on_primary)?,
                accent: color(source, "accent", given.accent.as_ref(), DEFAULT_COLORS.accent)?,
                background: color(source, "background", given.background.as_ref(), DEFAULT_COLORS.background)?,
            };
            require_contrast(source, "onPrimary", colors.on_primary, colors.primary, "text on buttons and the header")?;
            require_contrast(source, "accent", colors.accent, colors.background, "links on the page")?;
            require_contrast(source, "accent", colors.accent, SURFACE, "links on white cards")?;
            require_contrast(source, "background", MUTED_TEXT, colors.background, "secondary text on the page")?;
            brand.colors = colors;
        }
        if let Some(name) = env_name {
            brand.name = Some(check_name("environment", "ORDERS_BRAND_NAME", name)?);
        }
        Ok(brand)
    }
}

fn check_name(source: &str, field: &str, name: &str) -> Result<String, ConfigError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(config_error(source, field, format!("1 to {MAX_NAME_CHARS} characters, no control characters")));
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SVG: &str = "<?xml version=\"1.0\"?>\n<!-- drawn by us -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"10\" height=\"10\"/></svg>";

    struct Folder(PathBuf);
    impl Drop for Folder {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    fn folder(name: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!("orders-brand-{name}-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        Folder(dir)
    }

    fn section(toml_text: &str) -> BrandSection {
        #[derive(Deserialize)]
        struct File {
            brand: BrandSection,
        }
        match toml::from_str::<File>(toml_text) {
            Ok(file) => file.brand,
            Err(error) => panic!("{error}"),
        }
    }

    fn error_of(dir: &Path, toml_text: &str) -> String {
        match Brand::load("orders.toml", dir, Some(&section(toml_text)), None) {
            Ok(brand) => panic!("accepted: {brand:?}"),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn contrast_matches_wcag() {
        let (black, white) = (Rgb(0, 0, 0), Rgb(255, 255, 255));
        assert!((black.contrast(white) - 21.0).abs() < 1e-9);
        assert!((white.contrast(white) - 1.0).abs() < 1e-9);
        // #767676 on white is the well-known smallest grey that passes AA (4.54:1).
        let grey = Rgb::parse("#767676").unwrap_or(black);
        assert!(grey.contrast(white) >= 4.5 && grey.contrast(white) < 4.6);
        assert!(Rgb::parse("#777777").is_some_and(|lighter| lighter.contrast(white) < 4.5));
    }

    #[test]
    fn colours_are_hash_and_six_hex_digits() {
        assert_eq!(Rgb::parse("#0A6b32"), Some(Rgb(0x0a, 0x6b, 0x32)));
        assert_eq!(Rgb(0x0a, 0x6b, 0x32).css(), "#0a6b32");
        for bad in ["0a6b32", "#0a6b3", "#0a6b321", "#0a6g32", "red", "#fff", "", "#é0a6b3"] {
            assert_eq!(Rgb::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn no_section_is_the_product_look() {
        let brand = Brand::load("", Path::new("."), None, None).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!((brand.name, brand.logo_url, brand.colors), (None, None, DEFAULT_COLORS));
        let named = Brand::load("", Path::new("."), None, Some(" Trail Co ")).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(named.name.as_deref(), Some("Trail Co"), "ORDERS_BRAND_NAME alone names the brand");
    }

    #[test]
    fn a_full_brand_with_a_logo_file_relative_to_the_configuration() {
        let dir = folder("full");
        assert!(std::fs::write(dir.0.join("logo.svg"), SVG).is_ok());
        let text = "[brand]\nname = \"Trail Co\"\nlogo = \"logo.svg\"\n[brand.colors]\nprimary = \"#0B5D3B\"\nonPrimary = \"#ffffff\"\naccent = \"#0b5d3b\"\nbackground = \"#f4f1ea\"\n";
        let brand = Brand::load("orders.toml", &dir.0, Some(&section(text)), None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(brand.name.as_deref(), Some("Trail Co"));
        assert_eq!(brand.colors.primary, Rgb(0x0b, 0x5d, 0x3b));
        assert_eq!(brand.colors.background, Rgb(0xf4, 0xf1, 0xea));
        let file = brand.logo_file.unwrap_or_else(|| panic!("no logo"));
        assert_eq!(file.content_type, "image/svg+xml");
        assert_eq!(brand.logo_url, Some(format!("/config/v1/brand/logo?v={}", file.etag.trim_matches('"'))));

        let png = [b"\x89PNG\r\n\x1a\n".as_slice(), &[0; 32]].concat();
        assert!(std::fs::write(dir.0.join("logo.png"), png).is_ok());
        let brand = Brand::load("x", &dir.0, Some(&section("[brand]\nname = \"P\"\nlogo = \"logo.png\"\n")), None)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(brand.logo_file.map(|file| file.content_type), Some("image/png"));
        let remote = "[brand]\nname = \"R\"\nlogoUrl = \"https://cdn.shop.example/logo.svg\"\n";
        let brand = Brand::load("x", &dir.0, Some(&section(remote)), None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(brand.logo_url.as_deref(), Some("https://cdn.shop.example/logo.svg"));
        assert!(brand.logo_file.is_none());
    }

    #[test]
    fn each_bad_brand_stops_the_start_naming_its_field() {
        let dir = folder("bad");
        let error = error_of(&dir.0, "[brand]\nname = \"T\"\n[brand.colors]\nprimary = \"green\"\n");
        assert!(error.contains("orders.toml: brand.colors.primary") && error.contains("#rrggbb"), "{error}");
        let error = error_of(&dir.0, "[brand]\nname = \"T\"\n[brand.colors]\naccent = \"#12345\"\n");
        assert!(error.contains("brand.colors.accent"), "{error}");

        let error = error_of(&dir.0, "[brand]\nname = \"T\"\nlogo = \"missing.svg\"\n");
        assert!(error.contains("brand.logo") && error.contains("missing.svg"), "{error}");
        assert!(std::fs::write(dir.0.join("big.svg"), format!("<svg>{}</svg>", " ".repeat(MAX_LOGO_BYTES))).is_ok());
        let error = error_of(&dir.0, "[brand]\nname = \"T\"\nlogo = \"big.svg\"\n");
        assert!(error.contains("brand.logo") && error.contains("256 KiB"), "{error}");
        assert!(std::fs::write(dir.0.join("logo.svg"), "<html><body>not a picture</body></html>").is_ok());
        let error = error_of(&dir.0, "[brand]\nname = \"T\"\nlogo = \"logo.svg\"\n");
        assert!(error.contains("brand.logo") && error.contains("not an SVG or PNG"), "{error}");
        assert!(std::fs::write(dir.0.join("logo.png"), b"GIF89a....").is_ok());
        let error = error_of(&dir.0, "[brand]\nname = \"T\"\nlogo = \"logo.png\"\n");
        assert!(error.contains("not an SVG or PNG"), "{error}");
        assert!(std::fs::write(dir.0.join("ok.svg"), SVG).is_ok());
        let error =
            error_of(&dir.0, "[brand]\nname = \"T\"\nlogo = \"ok.svg\"\nlogoUrl = \"https://x.example/l.svg\"\n");
        assert!(error.contains("brand.logo") && error.contains("not both"), "{error}");

        for url in ["http://cdn.example/logo.svg", "javascript:alert(1)", "logo.svg", "https://"] {
            let error = error_of(&dir.0, &format!("[brand]\nname = \"T\"\nlogoUrl = \"{url}\"\n"));
            assert!(error.contains("brand.logoUrl"), "{url}: {error}");
        }

        // White on a light grey-green: 2.1:1.
        let error =
            error_of(&dir.0, "[brand]\nname = \"T\"\n[brand.colors]\nprimary = \"#7fb77e\"\nonPrimary = \"#ffffff\"\n");
        assert!(error.contains("brand.colors.onPrimary") && error.contains("4.5:1"), "{error}");
        let error = error_of(&dir.0, "[brand]\nname = \"T\"\n[brand.colors]\naccent = \"#9a9a9a\"\n");
        assert!(error.contains("brand.colors.accent"), "{error}");
        // Black links read on a mid grey (6:1), the grey secondary text does not (2:1).
        let error =
            error_of(&dir.0, "[brand]\nname = \"T\"\n[brand.colors]\nbackground = \"#8a8a8a\"\naccent = \"#000000\"\n");
        assert!(error.contains("brand.colors.background"), "{error}");

        for name in ["", "   ", &"x".repeat(61), "Tab\tCo"] {
            let error = error_of(&dir.0, &format!("[brand]\nname = {name:?}\n"));
            assert!(error.contains("brand.name"), "{name:?}: {error}");
        }
        let error = Brand::load("x", &dir.0, None, Some("Bell\u{7}")).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains("ORDERS_BRAND_NAME"), "{error}");
    }
}
