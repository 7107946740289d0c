//! The configuration service: the country table (`data/countries/`, validated at start) and the feature
//! flags with every override, in one place that handlers, the order view and `GET /config/v1/{country}`
//! read, so the page and the API never disagree.
//!
//! A flag's value for a country, from weakest to strongest:
//! 1. its default (`domain::country::Flag::default_value`),
//! 2. the country's override in `data/countries/countries.json`,
//! 3. the configuration file's `flags` (every country), then its `countries.<cc>.flags`,
//! 4. the environment, `ORDERS_FLAG_<NAME>=true|false` (every country),
//! 5. the command line, `--flag <name>=true|false` (every country).
//!
//! Handlers ask `state.settings.flag(country, Flag::X)`, or `state.settings.require(country, Flag::X)` to
//! refuse a call whose feature is off (404 `feature-disabled`, the flag named in `field`).

pub mod brand;
pub mod help;
pub mod routes;

use std::collections::BTreeMap;
use std::path::Path;

use axum::body::Bytes;
use domain::country::{Article, Country, CountryTable, Flag};
use serde::Deserialize;

use crate::error::{AppError, AppResult};

/// The flags' help text lives with the command line it ends (`config`); the settings' tests check it here.
pub use crate::config::FLAGS_HELP;

/// The configuration file (JSON).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ConfigFile {
    #[serde(default)]
    help_site: Option<String>,
    #[serde(default)]
    flags: BTreeMap<String, bool>,
    #[serde(default)]
    countries: BTreeMap<String, CountryOverrides>,
    #[serde(default)]
    brand: Option<brand::BrandSection>,
    /// The retailer's page that may show the app in a frame (embedded mode, 000 §2): an origin such as
    /// `https://shop.example.com`. Without one no site may frame the app.
    #[serde(default)]
    embed_parent_origin: Option<String>,
    /// Where the web app's analytics events go (`/config` analytics): `window.dataLayer` by default.
    #[serde(default)]
    analytics: Option<AnalyticsSection>,
    /// Shoppers may create an account themselves (`POST /auth/v1/members`); off unless the file says so.
    #[serde(default)]
    allow_sign_up: bool,
    /// The retailer's shop (its home page, an absolute URL): where a page that is switched off sends the
    /// shopper (the gift card balance under disableGiftCardLookup, 000 §8).
    #[serde(default)]
    shop_url: Option<String>,
    /// Where orders of the retailer's global store are returned (001 §6: "global-store orders redirect to an
    /// external return URL"): their `return` actions lead there and our return calls refuse them.
    #[serde(default)]
    global_store_returns_url: Option<String>,
}

/// `[analytics]`: `enabled = false` turns the events off; `dataLayer = "name"` pushes them elsewhere.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct AnalyticsSection {
    #[serde(default)]
    enabled: Option<bool>,
    #[serde(default)]
    data_layer: Option<String>,
}

/// The analytics the web app uses (`[analytics]` of the configuration file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analytics {
    pub enabled: bool,
    /// The global array the events are pushed onto (a JavaScript identifier).
    pub data_layer: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CountryOverrides {
    #[serde(default)]
    flags: BTreeMap<String, bool>,
}

/// A configuration that cannot be used: where, which field, what.
#[derive(Debug, thiserror::Error)]
#[error("{source_name}: {field}: {message}")]
pub struct ConfigError {
    pub source_name: String,
    pub field: String,
    pub message: String,
}

fn config_error(source_name: &str, field: impl Into<String>, message: impl Into<String>) -> ConfigError {
    ConfigError { source_name: source_name.to_owned(), field: field.into(), message: message.into() }
}

fn parse_bool(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "on" | "yes" => Some(true),
        "false" | "0" | "off" | "no" => Some(false),
        _ => None,
    }
}

/// `https://host[:port]` (or http for a local test page), lower-cased, without a path: what a
/// browser compares a frame's parent and a message's target with.
fn parse_origin(text: &str) -> Option<String> {
    let url = reqwest::Url::parse(text.trim()).ok()?;
    let plain = matches!(url.scheme(), "https" | "http")
        && url.host_str().is_some()
        && url.username().is_empty()
        && url.password().is_none()
        && matches!(url.path(), "" | "/")
        && url.query().is_none()
        && url.fragment().is_none();
    plain.then(|| url.origin().ascii_serialization())
}

/// An absolute http(s) URL with a host, as written (a link the browser follows).
fn parse_url(source_name: &str, field: &str, text: Option<&String>) -> Result<Option<String>, ConfigError> {
    let Some(text) = text else { return Ok(None) };
    let text = text.trim();
    let url = reqwest::Url::parse(text).ok();
    if url.is_some_and(|url| matches!(url.scheme(), "https" | "http") && url.host_str().is_some()) {
        Ok(Some(text.to_owned()))
    } else {
        Err(config_error(source_name, field, "an absolute URL: https://host/path"))
    }
}

fn flag_named(source_name: &str, field: &str, name: &str) -> Result<Flag, ConfigError> {
    Flag::from_name(name)
        .ok_or_else(|| config_error(source_name, field, format!("{name:?} is not a flag (orders --help lists them)")))
}

/// The rendered `GET /config/v1/{country}` answer of one country.
#[derive(Debug, Clone)]
pub struct RenderedConfig {
    pub body: Bytes,
    /// `body` gzipped once at the default level, for a browser (ADR 0038); `None` should the encoder fail.
    pub gzip: Option<Bytes>,
    /// Weak validator of `body` (`W/"..."`).
    pub etag: String,
}

/// How members sign in, as the web app is told (`signIn` of the configuration answer).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SignIn {
    /// Through the retailer's OpenID provider (`GET /auth/v1/oidc/login`) instead of the password form.
    pub oidc: bool,
}

impl SignIn {
    pub fn from_oidc(oidc: Option<&crate::auth::oidc::Oidc>) -> Self {
        Self { oidc: oidc.is_some_and(crate::auth::oidc::Oidc::web_sign_in) }
    }
}

pub struct SiteSettings {
    sign_in: SignIn,
    table: CountryTable,
    /// Effective flags by country code.
    flags: BTreeMap<String, BTreeMap<Flag, bool>>,
    rendered: BTreeMap<String, RenderedConfig>,
    brand: brand::Brand,
    /// `embedParentOrigin` of the configuration file, checked to be an origin.
    embed_parent_origin: Option<String>,
    analytics: Analytics,
    /// Names the effective flags of every country (`fingerprint`).
    fingerprint: u64,
    /// No `helpSite` is configured: help links lead to the binary's own pages (`help.rs`), not to the
    /// placeholder site of the shipped data.
    own_help: bool,
    /// `allowSignUp` of the configuration file: `POST /auth/v1/members` creates accounts.
    allow_sign_up: bool,
    /// `shopUrl` of the configuration file, checked to be an absolute URL.
    shop_url: Option<String>,
    /// `globalStoreReturnsUrl` of the configuration file, checked to be an absolute URL.
    global_store_returns_url: Option<String>,
}

impl std::fmt::Debug for SiteSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SiteSettings").field("countries", &self.table.countries.len()).finish_non_exhaustive()
    }
}

impl SiteSettings {
    /// The shipped country data with the deployment's overrides: the configuration file (if any), the
    /// `ORDERS_FLAG_*` variables among `env`, and `--flag` values.
    pub fn load(
        config_file: Option<&Path>,
        env: impl IntoIterator<Item = (String, String)>,
        cli_flags: &[String],
    ) -> Result<Self, crate::BoxError> {
        let table = CountryTable::embedded()?;
        let file = match config_file {
            None => ConfigFile::default(),
            Some(path) => {
                let name = path.display().to_string();
                let text = std::fs::read_to_string(path)
                    .map_err(|error| config_error(&name, "(file)", format!("cannot be read: {error}")))?;
                if path.extension().is_some_and(|extension| extension.eq_ignore_ascii_case("toml")) {
                    // toml's message names the key, the line and the column.
                    toml::from_str(&text).map_err(|error| config_error(&name, "(toml)", error.to_string().trim()))?
                } else {
                    let deserializer = &mut serde_json::Deserializer::from_str(&text);
                    serde_path_to_error::deserialize(deserializer).map_err(|error| {
                        let field = error.path().to_string();
                        config_error(&name, field, error.into_inner().to_string())
                    })?
                }
            }
        };
        let file_name = config_file.map_or_else(String::new, |path| path.display().to_string());
        let table = match &file.help_site {
            Some(site) => {
                table.with_help_site(site).map_err(|error| config_error(&file_name, "helpSite", error.message))?
            }
            None => table,
        };
        let mut everywhere: Vec<(Flag, bool)> = Vec::new();
        for (name, value) in &file.flags {
            everywhere.push((flag_named(&file_name, &format!("flags.{name}"), name)?, *value));
        }
        let mut per_country: BTreeMap<String, Vec<(Flag, bool)>> = BTreeMap::new();
        for (code, overrides) in &file.countries {
            if !table.knows(code) || code.to_ascii_lowercase() != *code {
                return Err(config_error(
                    &file_name,
                    format!("countries.{code}"),
                    "not a country of data/countries/countries.json (lower case)",
                )
                .into());
            }
            for (name, value) in &overrides.flags {
                let flag = flag_named(&file_name, &format!("countries.{code}.flags.{name}"), name)?;
                per_country.entry(code.clone()).or_default().push((flag, *value));
            }
        }
        let env: Vec<(String, String)> = env.into_iter().collect();
        // An empty variable counts as unset, as shells and compose files leave them.
        let brand_name = env.iter().find(|(key, value)| key == "ORDERS_BRAND_NAME" && !value.is_empty());
        let base = config_file.and_then(Path::parent).unwrap_or_else(|| Path::new("."));
        let brand = brand::Brand::load(&file_name, base, file.brand.as_ref(), brand_name.map(|(_, v)| v.as_str()))?;
        let mut from_env: Vec<(Flag, bool)> = Vec::new();
        let mut env: Vec<(String, String)> =
            env.into_iter().filter(|(key, _)| key.starts_with("ORDERS_FLAG_")).collect();
        env.sort();
        for (key, value) in env {
            let flag = Flag::ALL
                .into_iter()
                .find(|flag| flag.env_name() == key)
                .ok_or_else(|| config_error("environment", &key, "not a flag (orders --help lists them)"))?;
            let value = parse_bool(&value).ok_or_else(|| config_error("environment", &key, "true or false"))?;
            from_env.push((flag, value));
        }
        let mut from_cli: Vec<(Flag, bool)> = Vec::new();
        for given in cli_flags {
            let (name, value) = given.split_once('=').unwrap_or((given.as_str(), "true"));
            let flag = flag_named("--flag", given, name.trim())?;
            let value = parse_bool(value).ok_or_else(|| config_error("--flag", given, "NAME=true or NAME=false"))?;
            from_cli.push((flag, value));
        }

        let mut flags = BTreeMap::new();
        for (code, country) in &table.countries {
            let mut values: BTreeMap<Flag, bool> =
                Flag::ALL.into_iter().map(|flag| (flag, country.flag(flag))).collect();
            let layers = [&everywhere, per_country.get(code).unwrap_or(&Vec::new()), &from_env, &from_cli]
                .into_iter()
                .flatten()
                .copied()
                .collect::<Vec<_>>();
            values.extend(layers);
            flags.insert(code.clone(), values);
        }
        let fingerprint = {
            use sha2::{Digest, Sha256};
            let digest = Sha256::digest(format!("{flags:?}").as_bytes());
            digest.iter().take(8).fold(0_u64, |value, byte| (value << 8) | u64::from(*byte))
        };
        let embed_parent_origin = match &file.embed_parent_origin {
            Some(origin) => Some(parse_origin(origin).ok_or_else(|| {
                config_error(&file_name, "embedParentOrigin", "an origin: https://host or https://host:port")
            })?),
            None => None,
        };
        let section = file.analytics.unwrap_or_default();
        let data_layer = section.data_layer.unwrap_or_else(|| "dataLayer".to_owned());
        let identifier = data_layer.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
            && data_layer.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
            && data_layer.len() <= 64;
        if !identifier {
            return Err(
                config_error(&file_name, "analytics.dataLayer", "a JavaScript identifier, e.g. dataLayer").into()
            );
        }
        let analytics = Analytics { enabled: section.enabled.unwrap_or(true), data_layer };
        let own_help = file.help_site.is_none();
        let allow_sign_up = file.allow_sign_up;
        let shop_url = parse_url(&file_name, "shopUrl", file.shop_url.as_ref())?;
        let global_store_returns_url =
            parse_url(&file_name, "globalStoreReturnsUrl", file.global_store_returns_url.as_ref())?;
        let mut settings = Self {
            sign_in: SignIn::default(),
            table,
            flags,
            rendered: BTreeMap::new(),
            brand,
            embed_parent_origin,
            analytics,
            fingerprint,
            own_help,
            allow_sign_up,
            shop_url,
            global_store_returns_url,
        };
        settings.render_all()?;
        Ok(settings)
    }

    fn render_all(&mut self) -> AppResult<()> {
        let mut rendered = BTreeMap::new();
        for code in self.table.countries.keys() {
            rendered.insert(code.clone(), routes::render(self, code)?);
        }
        self.rendered = rendered;
        Ok(())
    }

    /// The same settings telling the web app how members sign in.
    pub fn with_sign_in(mut self, sign_in: SignIn) -> AppResult<Self> {
        if sign_in != self.sign_in {
            self.sign_in = sign_in;
            self.render_all()?;
        }
        Ok(self)
    }

    pub fn sign_in(&self) -> &SignIn {
        &self.sign_in
    }

    /// A number that differs (but for a one in 2^64 collision) between settings whose flags differ in any
    /// country: what a stored rendering that shows flags depends on (`orders::ready_detail`).
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    pub fn table(&self) -> &CountryTable {
        &self.table
    }

    /// The country named by `code` (any case), or the default country.
    pub fn country(&self, code: &str) -> &Country {
        self.table.resolve(code)
    }

    /// The flag's value in `country` (an unknown country reads the default country's).
    pub fn flag(&self, country: &str, flag: Flag) -> bool {
        let country = self.country(country);
        self.flags
            .get(&country.code)
            .and_then(|values| values.get(&flag).copied())
            .unwrap_or_else(|| country.flag(flag))
    }

    /// All flags of `country`, by flag.
    pub fn flags(&self, country: &str) -> BTreeMap<Flag, bool> {
        let country = self.country(country);
        self.flags.get(&country.code).cloned().unwrap_or_default()
    }

    /// Refuses a call whose feature is off in `country`: an `enable...` flag that is off, or a
    /// `disable...`/`suppress...` flag that is on, answers 404 `feature-disabled` with the flag in `field`.
    /// `country` is the request's `country` (query or order); none means the default country.
    pub fn require(&self, country: Option<&str>, flag: Flag) -> AppResult<()> {
        let country = country.unwrap_or(&self.table.default.code);
        let value = self.flag(country, flag);
        let feature_on = if flag.disables() { !value } else { value };
        if feature_on { Ok(()) } else { Err(AppError::FeatureDisabled { flag: flag.name() }) }
    }

    /// The help article for a country and language (the generic help page when there is none); without a
    /// configured `helpSite`, the binary's own page (`help.rs`).
    pub fn help_link(&self, article: Article, country: &str, language: &str) -> String {
        if self.own_help {
            let country = self.table.resolve(country);
            let language = language.to_ascii_lowercase();
            let language =
                if country.languages.contains(&language) { language.as_str() } else { country.default_language() };
            return help::article_paths(country, article)
                .remove(language)
                .unwrap_or_else(|| help::start_path(&country.code, language));
        }
        self.table.help_link(article, country, language)
    }

    /// Where the web app's analytics events go.
    pub fn analytics(&self) -> &Analytics {
        &self.analytics
    }

    /// The origin allowed to frame the app and to receive its frame messages (embedded mode).
    /// The retailer's shop, where switched-off pages send the shopper; none configured: the app's start.
    pub fn shop_url(&self) -> Option<&str> {
        self.shop_url.as_deref()
    }

    /// Where global-store orders are returned, when the retailer has one.
    pub fn global_store_returns_url(&self) -> Option<&str> {
        self.global_store_returns_url.as_deref()
    }

    pub fn embed_parent_origin(&self) -> Option<&str> {
        self.embed_parent_origin.as_deref()
    }

    /// Whether shoppers may create accounts (`allowSignUp` in the configuration file).
    pub fn allow_sign_up(&self) -> bool {
        self.allow_sign_up
    }

    /// Whether help links lead to the binary's own pages (no `helpSite` configured).
    pub fn own_help(&self) -> bool {
        self.own_help
    }

    /// The retailer's brand (the product's own look without a `[brand]` section).
    pub fn brand(&self) -> &brand::Brand {
        &self.brand
    }

    /// The pre-rendered configuration answer of `country` (or of the default country).
    pub fn rendered(&self, country: &str) -> Option<&RenderedConfig> {
        self.rendered.get(&self.country(country).code)
    }
}

/// What identity asks of the countries and flags (`auth::SiteRules`).
impl crate::auth::SiteRules for SiteSettings {
    fn require(&self, country: Option<&str>, flag: Flag) -> AppResult<()> {
        SiteSettings::require(self, country, flag)
    }

    fn default_country_code(&self) -> String {
        self.table().default.code.clone()
    }

    fn knows_country(&self, code: &str) -> bool {
        self.table().knows(code)
    }

    fn allow_sign_up(&self) -> bool {
        SiteSettings::allow_sign_up(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(env: &[(&str, &str)], cli: &[&str]) -> SiteSettings {
        let env = env.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned()));
        let cli: Vec<String> = cli.iter().map(|s| (*s).to_owned()).collect();
        match SiteSettings::load(None, env, &cli) {
            Ok(settings) => settings,
            Err(error) => panic!("{error}"),
        }
    }

    #[test]
    fn help_text_names_every_flag() {
        for flag in Flag::ALL {
            assert!(FLAGS_HELP.contains(flag.name()), "{}", flag.name());
            let default_noted = FLAGS_HELP.contains(&format!("{} (on)", flag.name()));
            assert_eq!(default_noted, flag.default_value(), "{}", flag.name());
        }
    }

    #[test]
    fn country_data_then_environment_then_command_line() {
        let plain = load(&[], &[]);
        assert!(plain.flag("kr", Flag::EnableCourierPickup));
        assert!(!plain.flag("gb", Flag::EnableCourierPickup));
        assert!(!plain.flag("us", Flag::DisableGiftCardLookup));
        assert!(plain.flag("zz", Flag::EnableCurbsidePickup), "an unknown country reads the default (us)");
        let env = load(
            &[
                ("ORDERS_FLAG_DISABLE_GIFT_CARD_LOOKUP", "true"),
                ("ORDERS_FLAG_ENABLE_COURIER_PICKUP", "false"),
                ("OTHER", "x"),
            ],
            &[],
        );
        assert!(env.flag("us", Flag::DisableGiftCardLookup) && env.flag("de", Flag::DisableGiftCardLookup));
        assert!(!env.flag("kr", Flag::EnableCourierPickup));
        let cli = load(&[("ORDERS_FLAG_DISABLE_GIFT_CARD_LOOKUP", "true")], &["disableGiftCardLookup=false"]);
        assert!(!cli.flag("us", Flag::DisableGiftCardLookup));
        assert!(cli.require(Some("us"), Flag::DisableGiftCardLookup).is_ok());
        assert!(env.require(None, Flag::DisableGiftCardLookup).is_err());
        assert!(plain.require(Some("cn"), Flag::EnableShopSimilar).is_err());
        assert!(plain.require(Some("us"), Flag::EnableShopSimilar).is_ok());
    }

    #[test]
    fn a_misspelt_flag_stops_the_start() {
        let env = [("ORDERS_FLAG_DISABLE_GIFTCARD_LOOKUP".to_owned(), "true".to_owned())];
        let error = SiteSettings::load(None, env, &[]).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains("ORDERS_FLAG_DISABLE_GIFTCARD_LOOKUP"), "{error}");
        let error = SiteSettings::load(None, [], &["enableEdd=maybe".to_owned()]).err().map(|e| e.to_string());
        assert!(error.is_some_and(|e| e.contains("enableEdd=maybe")));
    }

    #[test]
    fn the_configuration_file_sets_flags_per_country_and_the_help_site() {
        let dir = std::env::temp_dir().join(format!("orders-config-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join("orders.json");
        let text = r#"{"helpSite": "https://help.shop.example", "flags": {"enableEdd": false},
            "countries": {"au": {"flags": {"enableCurbsidePickup": true, "enableEdd": true}}}}"#;
        assert!(std::fs::write(&path, text).is_ok());
        let settings = match SiteSettings::load(Some(&path), [], &[]) {
            Ok(settings) => settings,
            Err(error) => panic!("{error}"),
        };
        assert!(!settings.flag("us", Flag::EnableEdd));
        assert!(settings.flag("au", Flag::EnableEdd), "a country's entry beats the file's flags");
        assert!(settings.flag("au", Flag::EnableCurbsidePickup));
        assert!(settings.help_link(Article::HowToReturn, "de", "de").starts_with("https://help.shop.example/de/"));
        assert!(std::fs::write(&path, r#"{"countries": {"au": {"flags": {"enableTeleport": true}}}}"#).is_ok());
        let error = SiteSettings::load(Some(&path), [], &[]).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains("orders.json") && error.contains("countries.au.flags.enableTeleport"), "{error}");
        assert!(std::fs::write(&path, r#"{"flagz": {}}"#).is_ok());
        let error = SiteSettings::load(Some(&path), [], &[]).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains("flagz"), "{error}");
        let toml_path = dir.join("orders.toml");
        let toml_text = "helpSite = \"https://help.shop.example\"\n[flags]\nenableEdd = false\n[countries.au.flags]\nenableCurbsidePickup = true\n";
        assert!(std::fs::write(&toml_path, toml_text).is_ok());
        let settings = match SiteSettings::load(Some(&toml_path), [], &[]) {
            Ok(settings) => settings,
            Err(error) => panic!("{error}"),
        };
        assert!(!settings.flag("us", Flag::EnableEdd) && settings.flag("au", Flag::EnableCurbsidePickup));
        assert!(std::fs::write(&toml_path, "[flags]\nenableTeleport = true\n").is_ok());
        let error = SiteSettings::load(Some(&toml_path), [], &[]).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains("orders.toml") && error.contains("flags.enableTeleport"), "{error}");
        assert!(std::fs::write(&toml_path, "[flags\n").is_ok());
        assert!(SiteSettings::load(Some(&toml_path), [], &[]).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
