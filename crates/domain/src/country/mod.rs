//! Countries as data: the locale table, help-article maps, help phones, date formats and the country lists
//! of spec 000 §1 and 002 §9, read from `data/countries/*.json` (compiled in) and validated whole at start.
//! A bad file is refused with the file and the field named (`DataError`), so a deployment never serves a
//! half-read table.
//!
//! - [`CountryTable::embedded`] reads the shipped files; [`CountryTable::load`] reads any set (tests).
//! - [`CountryTable::resolve`] answers a country's entry, or the default country's for an unknown code.
//! - [`CountryTable::help_link`] the help article for a country and language, with the generic help page
//!   as the fallback; [`Country::flag`] the flag value before deployment overrides.
//!
//! Return windows, methods, reasons and the cancellation window are not here: the returns and
//! cancellation areas own them.

mod flags;
mod load;

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

pub use flags::Flag;
pub use load::{DataError, Sources};

/// The files, by the name errors use.
pub const COUNTRIES_FILE: &str = "data/countries/countries.json";
pub const HELP_FILE: &str = "data/countries/help.json";
pub const PHONES_FILE: &str = "data/countries/phones.json";
pub const FORMATS_FILE: &str = "data/countries/formats.json";
pub const REGIONS_FILE: &str = "data/countries/regions.json";

/// A named consumption tax the order pages name (Australia's GST).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Tax {
    pub name: String,
    /// 1000 = 10%.
    pub rate_basis_points: u32,
}

/// How a guest finds an order in this country (000 §2: China asks to accept the terms and fixes the phone's
/// calling code to its own).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub struct GuestLookupRules {
    /// Submitting waits until the shopper ticks the terms line.
    pub terms_required: bool,
    /// The phone is always this country's; no other calling code is offered.
    pub calling_code_fixed: bool,
}

/// Intl.DateTimeFormat options, by name (`{"year":"numeric","month":"long"}`).
pub type DateFormat = BTreeMap<String, String>;

/// The six date formats of spec 000 §9.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DateFormats {
    pub long: DateFormat,
    pub long_with_weekday: DateFormat,
    pub short_with_day: DateFormat,
    pub short_with_full_day: DateFormat,
    pub short: DateFormat,
    pub time: DateFormat,
}

/// One country of the locale table.
#[derive(Debug, Clone, PartialEq)]
pub struct Country {
    /// ISO 3166-1 alpha-2, lower case.
    pub code: String,
    pub name: String,
    /// The store's languages, the default first.
    pub languages: Vec<String>,
    /// BCP 47 tag of the default language ("en-US", "zh-Hant-TW").
    pub lang_code: String,
    /// International calling code, digits only ("1", "86").
    pub calling_code: String,
    pub guest_lookup: GuestLookupRules,
    /// The order page reloads after a successful cancel (000 and 002: the China region).
    pub reload_after_cancel: bool,
    /// Roll-out wave, 0 to 4.1.
    pub wave: f64,
    pub format_group: u8,
    /// ISO 4217.
    pub currency: crate::Currency,
    /// IANA time zone of the country (its most populous zone where it has several).
    pub time_zone: chrono_tz::Tz,
    /// 12-hour clock (spec: us, ca, au, mx, in).
    pub hour12: bool,
    /// Shown prices include tax.
    pub tax_inclusive: bool,
    pub tax: Option<Tax>,
    /// Paths on the help site.
    pub contact: Option<String>,
    pub returns_policy: Option<String>,
    /// Overrides of flag defaults for this country.
    pub flags: BTreeMap<Flag, bool>,
}

impl Country {
    pub fn default_language(&self) -> &str {
        self.languages.first().map_or("en", String::as_str)
    }

    /// The flag's value in this country before deployment overrides.
    pub fn flag(&self, flag: Flag) -> bool {
        self.flags.get(&flag).copied().unwrap_or_else(|| flag.default_value())
    }
}

/// The two help-article maps of the spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Article {
    ChangeOrCancelOrder,
    HowToReturn,
}

/// Help articles: country -> language -> path on the site.
pub type ArticleMap = BTreeMap<String, BTreeMap<String, String>>;

#[derive(Debug, Clone, PartialEq)]
pub struct CountryTable {
    /// The country an unknown code resolves to (also in `countries`).
    pub default: Country,
    pub countries: BTreeMap<String, Country>,
    /// Absolute base of every help link (`https://help.example.com`), no trailing slash.
    pub help_site: String,
    /// Path of the generic help page.
    pub generic_help: String,
    pub change_or_cancel_order: ArticleMap,
    pub how_to_return: ArticleMap,
    /// E.164 help numbers by country.
    pub phones: BTreeMap<String, String>,
    pub korea_returns_phone: String,
    /// Date formats by format group.
    pub formats: BTreeMap<u8, DateFormats>,
    pub eu: BTreeSet<String>,
    /// Countries with special handling, and what is special.
    pub special_handling: BTreeMap<String, String>,
}

impl CountryTable {
    /// The files shipped in `data/countries/`.
    pub fn embedded() -> Result<Self, DataError> {
        Self::load(&Sources {
            countries: include_str!("../../../../data/countries/countries.json"),
            help: include_str!("../../../../data/countries/help.json"),
            phones: include_str!("../../../../data/countries/phones.json"),
            formats: include_str!("../../../../data/countries/formats.json"),
            regions: include_str!("../../../../data/countries/regions.json"),
        })
    }

    pub fn load(sources: &Sources<'_>) -> Result<Self, DataError> {
        load::load(sources)
    }

    /// The country named by `code` (any case), or the default country for an unknown or malformed code.
    pub fn resolve(&self, code: &str) -> &Country {
        self.find(code).unwrap_or(&self.default)
    }

    /// Whether `code` is in the table (any case).
    pub fn knows(&self, code: &str) -> bool {
        self.find(code).is_some()
    }

    /// The keys are lower case; a code that already is (the web's, every request's) is looked up as it
    /// comes, without a copy.
    fn find(&self, code: &str) -> Option<&Country> {
        let code = code.trim();
        if code.bytes().any(|byte| byte.is_ascii_uppercase()) {
            self.countries.get(&code.to_ascii_lowercase())
        } else {
            self.countries.get(code)
        }
    }

    /// Another help site for every link (a deployment's own help centre).
    pub fn with_help_site(mut self, site: &str) -> Result<Self, DataError> {
        let site = site.trim_end_matches('/');
        load::check_site(site).map_err(|message| DataError::new("configuration", "helpSite", message))?;
        self.help_site = site.to_owned();
        Ok(self)
    }

    /// Absolute URL of a path on the help site.
    pub fn help_url(&self, path: &str) -> String {
        format!("{}{}", self.help_site, path)
    }

    /// The generic help page (the fallback of every missing article).
    pub fn generic_help_url(&self) -> String {
        self.help_url(&self.generic_help)
    }

    fn map(&self, article: Article) -> &ArticleMap {
        match article {
            Article::ChangeOrCancelOrder => &self.change_or_cancel_order,
            Article::HowToReturn => &self.how_to_return,
        }
    }

    /// The article for `country` in `language`; the country's default language when that language has no
    /// variant; the generic help page when the country has no entry.
    pub fn help_link(&self, article: Article, country: &str, language: &str) -> String {
        let country = self.resolve(country);
        let Some(variants) = self.map(article).get(&country.code) else {
            return self.generic_help_url();
        };
        variants
            .get(&language.to_ascii_lowercase())
            .or_else(|| variants.get(country.default_language()))
            .map_or_else(|| self.generic_help_url(), |path| self.help_url(path))
    }

    /// Every language variant of an article for a country, as absolute URLs (the web app picks its language).
    pub fn help_links(&self, article: Article, country: &str) -> BTreeMap<String, String> {
        let country = self.resolve(country);
        self.map(article)
            .get(&country.code)
            .map(|variants| variants.iter().map(|(lang, path)| (lang.clone(), self.help_url(path))).collect())
            .unwrap_or_default()
    }

    pub fn date_formats(&self, country: &Country) -> Option<&DateFormats> {
        self.formats.get(&country.format_group)
    }

    pub fn is_eu(&self, country: &str) -> bool {
        self.eu.contains(&country.to_ascii_lowercase())
    }
}

/// E.164: a plus, a country code that does not start with 0, at most 15 digits in all.
pub fn is_e164(number: &str) -> bool {
    number.strip_prefix('+').is_some_and(|digits| {
        (8..=15).contains(&digits.len()) && digits.bytes().all(|byte| byte.is_ascii_digit()) && !digits.starts_with('0')
    })
}

#[cfg(test)]
mod tests;
