//! Reading and validating the country files. Every error names the file and the field
//! (`data/countries/countries.json: countries.us.currency: ...`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::{
    COUNTRIES_FILE, Country, CountryTable, DateFormat, DateFormats, FORMATS_FILE, Flag, GuestLookupRules, HELP_FILE,
    PHONES_FILE, REGIONS_FILE, Tax, is_e164,
};

/// The text of each file.
#[derive(Debug, Clone, Copy)]
pub struct Sources<'a> {
    pub countries: &'a str,
    pub help: &'a str,
    pub phones: &'a str,
    pub formats: &'a str,
    pub regions: &'a str,
}

/// A file that cannot be used: which file, which field, what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub file: String,
    pub field: String,
    pub message: String,
}

impl DataError {
    pub fn new(file: impl Into<String>, field: impl Into<String>, message: impl Into<String>) -> Self {
        Self { file: file.into(), field: field.into(), message: message.into() }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.file, self.field, self.message)
    }
}

impl std::error::Error for DataError {}

fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    let deserializer = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(deserializer).map_err(|error| {
        let path = error.path().to_string();
        let field = if path == "." { "(file)".to_owned() } else { path };
        DataError::new(file, field, error.into_inner().to_string())
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CountriesFile {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    default_country: String,
    countries: BTreeMap<String, CountryRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CountryRecord {
    name: String,
    languages: Vec<String>,
    lang_code: String,
    calling_code: String,
    #[serde(default)]
    guest_lookup: GuestLookupRecord,
    #[serde(default)]
    reload_after_cancel: bool,
    wave: f64,
    format_group: u8,
    currency: String,
    time_zone: String,
    hour12: bool,
    tax_inclusive: bool,
    #[serde(default)]
    tax: Option<TaxRecord>,
    #[serde(default)]
    contact: Option<String>,
    #[serde(default)]
    returns_policy: Option<String>,
    #[serde(default)]
    flags: BTreeMap<String, bool>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct GuestLookupRecord {
    #[serde(default)]
    terms_required: bool,
    #[serde(default)]
    calling_code_fixed: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct TaxRecord {
    name: String,
    rate_basis_points: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct HelpFile {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    site: String,
    generic: String,
    change_or_cancel_order: BTreeMap<String, BTreeMap<String, String>>,
    how_to_return: BTreeMap<String, BTreeMap<String, String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct PhonesFile {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    help: BTreeMap<String, String>,
    korea_returns: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct FormatsFile {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    groups: BTreeMap<String, FormatsRecord>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct FormatsRecord {
    long: DateFormat,
    long_with_weekday: DateFormat,
    short_with_day: DateFormat,
    short_with_full_day: DateFormat,
    short: DateFormat,
    time: DateFormat,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RegionsFile {
    #[serde(rename = "_comment")]
    _comment: Option<String>,
    eu: Vec<String>,
    special_handling: BTreeMap<String, String>,
}

fn is_country_code(code: &str) -> bool {
    code.len() == 2 && code.bytes().all(|byte| byte.is_ascii_lowercase())
}

fn is_language(code: &str) -> bool {
    (2..=3).contains(&code.len()) && code.bytes().all(|byte| byte.is_ascii_lowercase())
}

/// A path on the help site: starts with one slash, no spaces, no scheme, no query tricks.
fn check_path(path: &str) -> Result<(), String> {
    let fine = path.starts_with('/')
        && !path.starts_with("//")
        && path.bytes().all(|byte| byte.is_ascii_alphanumeric() || b"/-_.#?=&%".contains(&byte));
    if fine { Ok(()) } else { Err(format!("{path:?} is not a path on the help site (\"/help/a/...\")")) }
}

/// The help site: https, a host, nothing after the host.
pub(super) fn check_site(site: &str) -> Result<(), String> {
    let host = site.strip_prefix("https://").unwrap_or_default();
    let fine = !host.is_empty()
        && host.bytes().all(|byte| byte.is_ascii_alphanumeric() || b".-:".contains(&byte))
        && host.contains('.')
        && !host.starts_with('.');
    if fine { Ok(()) } else { Err(format!("{site:?} is not an https:// site with a host and no path")) }
}

/// "en-US", "zh-Hant-TW": a language, an optional script, the country.
fn check_lang_code(tag: &str, country: &str) -> Result<(), String> {
    let parts: Vec<&str> = tag.split('-').collect();
    let (language, region) = match parts.as_slice() {
        [language, region] => (*language, *region),
        [language, script, region]
            if script.len() == 4 && script.chars().next().is_some_and(|c| c.is_ascii_uppercase()) =>
        {
            (*language, *region)
        }
        _ => return Err(format!("{tag:?} is not a BCP 47 tag such as en-US")),
    };
    if !is_language(language) || region != country.to_ascii_uppercase() {
        return Err(format!("{tag:?} must be a language and this country ({})", country.to_ascii_uppercase()));
    }
    Ok(())
}

const FORMAT_OPTIONS: &[(&str, &[&str])] = &[
    ("weekday", &["long", "short", "narrow"]),
    ("year", &["numeric", "2-digit"]),
    ("month", &["numeric", "2-digit", "long", "short", "narrow"]),
    ("day", &["numeric", "2-digit"]),
    ("hour", &["numeric", "2-digit"]),
    ("minute", &["numeric", "2-digit"]),
];

fn check_format(format: &DateFormat) -> Result<(), String> {
    if format.is_empty() {
        return Err("a format names at least one part".to_owned());
    }
    for (option, value) in format {
        let Some((_, allowed)) = FORMAT_OPTIONS.iter().find(|(name, _)| name == option) else {
            return Err(format!("{option:?} is not an Intl.DateTimeFormat option used here"));
        };
        if !allowed.contains(&value.as_str()) {
            return Err(format!("{option} is one of {allowed:?}, not {value:?}"));
        }
    }
    Ok(())
}

pub(super) fn load(sources: &Sources<'_>) -> Result<CountryTable, DataError> {
    let countries_file: CountriesFile = parse(COUNTRIES_FILE, sources.countries)?;
    let help: HelpFile = parse(HELP_FILE, sources.help)?;
    let phones: PhonesFile = parse(PHONES_FILE, sources.phones)?;
    let formats_file: FormatsFile = parse(FORMATS_FILE, sources.formats)?;
    let regions: RegionsFile = parse(REGIONS_FILE, sources.regions)?;

    let mut formats = BTreeMap::new();
    for (group, record) in formats_file.groups {
        let at = |name: &str| format!("groups.{group}.{name}");
        let number: u8 = group
            .parse()
            .ok()
            .filter(|number| *number >= 1)
            .ok_or_else(|| DataError::new(FORMATS_FILE, format!("groups.{group}"), "a group is a number from 1"))?;
        for (name, format) in [
            ("long", &record.long),
            ("longWithWeekday", &record.long_with_weekday),
            ("shortWithDay", &record.short_with_day),
            ("shortWithFullDay", &record.short_with_full_day),
            ("short", &record.short),
            ("time", &record.time),
        ] {
            check_format(format).map_err(|message| DataError::new(FORMATS_FILE, at(name), message))?;
        }
        formats.insert(
            number,
            DateFormats {
                long: record.long,
                long_with_weekday: record.long_with_weekday,
                short_with_day: record.short_with_day,
                short_with_full_day: record.short_with_full_day,
                short: record.short,
                time: record.time,
            },
        );
    }

    let mut countries = BTreeMap::new();
    for (code, record) in countries_file.countries {
        let fail =
            |name: &str, message: String| DataError::new(COUNTRIES_FILE, format!("countries.{code}.{name}"), message);
        if !is_country_code(&code) {
            return Err(DataError::new(
                COUNTRIES_FILE,
                format!("countries.{code}"),
                "a country is its ISO 3166-1 code in two lower-case letters",
            ));
        }
        if record.name.trim().is_empty() {
            return Err(fail("name", "a name is required".to_owned()));
        }
        if record.languages.is_empty() {
            return Err(fail("languages", "at least one language, the default first".to_owned()));
        }
        for (index, language) in record.languages.iter().enumerate() {
            if !is_language(language) {
                return Err(fail(&format!("languages[{index}]"), format!("{language:?} is not a language code")));
            }
        }
        check_lang_code(&record.lang_code, &code).map_err(|message| fail("langCode", message))?;
        if !crate::contact::is_valid_country_calling_code(&record.calling_code) {
            return Err(fail(
                "callingCode",
                format!("{:?} is not a calling code (1 to 3 digits)", record.calling_code),
            ));
        }
        if !record.wave.is_finite() || !(0.0..=4.1).contains(&record.wave) {
            return Err(fail("wave", format!("a wave is 0 to 4.1, not {}", record.wave)));
        }
        if !formats.contains_key(&record.format_group) {
            return Err(fail("formatGroup", format!("format group {} is not in {FORMATS_FILE}", record.format_group)));
        }
        let currency = crate::Currency::parse(&record.currency)
            .ok_or_else(|| fail("currency", format!("{:?} is not an ISO 4217 code", record.currency)))?;
        let time_zone: chrono_tz::Tz = record
            .time_zone
            .parse()
            .map_err(|_| fail("timeZone", format!("{:?} is not an IANA time zone", record.time_zone)))?;
        if let Some(tax) = &record.tax
            && (tax.name.trim().is_empty() || tax.rate_basis_points > 10_000)
        {
            return Err(fail("tax", "a tax has a name and a rate of 0 to 10000 basis points".to_owned()));
        }
        for (name, path) in [("contact", &record.contact), ("returnsPolicy", &record.returns_policy)] {
            if let Some(path) = path {
                check_path(path).map_err(|message| fail(name, message))?;
            }
        }
        let mut flags = BTreeMap::new();
        for (name, value) in &record.flags {
            let flag = Flag::from_name(name)
                .ok_or_else(|| fail(&format!("flags.{name}"), format!("{name:?} is not a flag")))?;
            flags.insert(flag, *value);
        }
        countries.insert(
            code.clone(),
            Country {
                code: code.clone(),
                name: record.name,
                languages: record.languages,
                lang_code: record.lang_code,
                calling_code: record.calling_code,
                guest_lookup: GuestLookupRules {
                    terms_required: record.guest_lookup.terms_required,
                    calling_code_fixed: record.guest_lookup.calling_code_fixed,
                },
                reload_after_cancel: record.reload_after_cancel,
                wave: record.wave,
                format_group: record.format_group,
                currency,
                time_zone,
                hour12: record.hour12,
                tax_inclusive: record.tax_inclusive,
                tax: record.tax.map(|tax| Tax { name: tax.name, rate_basis_points: tax.rate_basis_points }),
                contact: record.contact,
                returns_policy: record.returns_policy,
                flags,
            },
        );
    }
    let default = countries.get(&countries_file.default_country).cloned().ok_or_else(|| {
        DataError::new(
            COUNTRIES_FILE,
            "defaultCountry",
            format!("{:?} is not in countries", countries_file.default_country),
        )
    })?;

    check_site(&help.site).map_err(|message| DataError::new(HELP_FILE, "site", message))?;
    check_path(&help.generic).map_err(|message| DataError::new(HELP_FILE, "generic", message))?;
    for (map_name, map) in [("changeOrCancelOrder", &help.change_or_cancel_order), ("howToReturn", &help.how_to_return)]
    {
        for (code, variants) in map {
            let at = |rest: &str| format!("{map_name}.{code}{rest}");
            let country = countries
                .get(code)
                .ok_or_else(|| DataError::new(HELP_FILE, at(""), format!("{code:?} is not in {COUNTRIES_FILE}")))?;
            for (language, path) in variants {
                if !country.languages.contains(language) {
                    return Err(DataError::new(
                        HELP_FILE,
                        at(&format!(".{language}")),
                        format!("{language:?} is not one of the country's languages {:?}", country.languages),
                    ));
                }
                check_path(path).map_err(|message| DataError::new(HELP_FILE, at(&format!(".{language}")), message))?;
            }
        }
    }

    for (code, number) in &phones.help {
        let field = format!("help.{code}");
        if !countries.contains_key(code) {
            return Err(DataError::new(PHONES_FILE, field, format!("{code:?} is not in {COUNTRIES_FILE}")));
        }
        if !is_e164(number) {
            return Err(DataError::new(
                PHONES_FILE,
                field,
                format!("{number:?} is not an E.164 number (+ and digits)"),
            ));
        }
    }
    if !is_e164(&phones.korea_returns) || !phones.korea_returns.starts_with("+82") {
        return Err(DataError::new(PHONES_FILE, "koreaReturns", "a Korean number in E.164 (+82...)"));
    }

    let mut eu = BTreeSet::new();
    for (index, code) in regions.eu.iter().enumerate() {
        if !countries.contains_key(code) {
            return Err(DataError::new(
                REGIONS_FILE,
                format!("eu[{index}]"),
                format!("{code:?} is not in {COUNTRIES_FILE}"),
            ));
        }
        eu.insert(code.clone());
    }
    for code in regions.special_handling.keys() {
        if !countries.contains_key(code) {
            return Err(DataError::new(
                REGIONS_FILE,
                format!("specialHandling.{code}"),
                format!("{code:?} is not in {COUNTRIES_FILE}"),
            ));
        }
    }

    Ok(CountryTable {
        default,
        countries,
        help_site: help.site.trim_end_matches('/').to_owned(),
        generic_help: help.generic,
        change_or_cancel_order: help.change_or_cancel_order,
        how_to_return: help.how_to_return,
        phones: phones.help,
        korea_returns_phone: phones.korea_returns,
        formats,
        eu,
        special_handling: regions.special_handling,
    })
}
