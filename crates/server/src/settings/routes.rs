//! `GET /config/v1/{country}`: the country's flags and data for the web app. Rendered once at start (the
//! configuration changes only with a restart), answered with a weak ETag and a 5-minute public cache.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use domain::country::Article;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::brand::Brand;
use super::{RenderedConfig, SiteSettings, help};
use crate::error::{AppError, AppResult};

/// Browsers and proxies may keep an answer this long; a new deployment's flags reach shoppers within it.
const CACHE_CONTROL: &str = "public, max-age=300";

crate::platform::area_router!(
    states: [Arc<SiteSettings>],
    routes: [(get_country_config), (get_brand_logo)],
);

/// The logo's URL carries its digest (`?v=`), so a new logo is a new URL: browsers may keep one a year.
const LOGO_CACHE_CONTROL: &str = "public, max-age=31536000, immutable";
/// Opened on its own, an SVG is a document of our origin: this keeps any script or link in it inert.
const LOGO_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/// The configuration of one country.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryConfig {
    /// The country answered (lower case): the one asked for, or the default country for an unknown code.
    pub country: String,
    /// Every feature flag by name, with the deployment's overrides applied.
    #[schema(value_type = domain::schema::CountryFlags)]
    pub flags: BTreeMap<String, bool>,
    pub locale: LocaleConfig,
    pub help: HelpConfig,
    /// In the spec's EU list.
    pub eu: bool,
    /// What is handled specially in this country (spec 002 §9), when it is one of those.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub special_handling: Option<String>,
    pub brand: BrandConfig,
    /// Embedded mode (000 §2): the retailer's page allowed to frame the app; the app posts its frame
    /// messages to this origin only, and none when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub embed_parent_origin: Option<String>,
    /// The retailer's shop (the configuration file's `shopUrl`): where a switched-off page sends the
    /// shopper (the gift card balance under disableGiftCardLookup). Absent: the app's own start page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shop_url: Option<String>,
    pub analytics: AnalyticsConfig,
    pub sign_in: SignInConfig,
    /// How a guest finds an order here (000 §2: China asks to accept the terms and fixes the calling code).
    pub guest_lookup: domain::country::GuestLookupRules,
    /// The order page reloads after a successful cancel (the China region, 000 and 002).
    pub reload_after_cancel: bool,
    /// The calling codes offered beside a phone number: every country of the table, this one first.
    pub calling_codes: Vec<CallingCode>,
}

/// A country's international calling code.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallingCode {
    /// ISO 3166-1 alpha-2, upper case.
    pub country: String,
    /// Digits only, without the plus sign ("1", "86").
    pub code: String,
}

/// Where the web app's analytics events go (the configuration file's `[analytics]`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsConfig {
    /// Off: no event is recorded.
    pub enabled: bool,
    /// The global array events are pushed onto (`window.dataLayer` by default).
    pub data_layer: String,
}

/// How members sign in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInConfig {
    /// `password` (the built-in form, `POST /auth/v1/session`) or `oidc` (the retailer's provider).
    pub method: SignInMethod,
    /// With `oidc`: where the browser goes to sign in (add `?returnTo=` with the page to come back to).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub login_url: Option<String>,
    /// With `oidc`: where the browser goes to sign out of the portal and the provider.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logout_url: Option<String>,
    /// Shoppers may create an account (`POST /auth/v1/members`): the retailer's `allowSignUp`, and only with
    /// the built-in `password` sign-in (a provider's members are made by the provider).
    pub allow_sign_up: bool,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SignInMethod {
    Password,
    Oidc,
}

/// The retailer's brand for the header (the same in every country).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandConfig {
    /// The brand's name; absent when none is configured (the app shows its own, translated, name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The logo: our `/config/v1/brand/logo?v=...` for a configured file, or the configured https URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logo_url: Option<String>,
    pub colors: BrandColorsConfig,
}

/// `#rrggbb` colours; without a brand, the product's own.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandColorsConfig {
    /// Buttons (and the header of a configured brand).
    pub primary: String,
    /// Text on `primary`, at least 4.5:1 against it.
    pub on_primary: String,
    /// Links.
    pub accent: String,
    /// The page background.
    pub background: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocaleConfig {
    pub name: String,
    /// The store's languages, the default first.
    pub languages: Vec<String>,
    pub lang_code: String,
    pub wave: f64,
    pub format_group: u8,
    pub currency: String,
    /// IANA time zone.
    pub time_zone: String,
    pub hour12: bool,
    /// International calling code, digits only: the phone fields' default.
    pub calling_code: String,
    /// Shown prices include tax.
    pub tax_inclusive: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tax: Option<TaxConfig>,
    /// Intl.DateTimeFormat options of long, longWithWeekday, shortWithDay, shortWithFullDay, short, time: the
    /// country's format group (spec 000 §9), which the web formats every date with.
    #[schema(value_type = std::collections::HashMap<String, std::collections::HashMap<String, String>>)]
    pub date_formats: serde_json::Value,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxConfig {
    pub name: String,
    /// 1000 = 10%.
    pub rate_basis_points: u32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HelpConfig {
    /// The help centre's start page: the fallback of every missing link.
    pub generic: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returns_policy: Option<String>,
    /// "Change or cancel order" article by language.
    pub change_or_cancel_order: BTreeMap<String, String>,
    /// "How to return" article by language.
    pub how_to_return: BTreeMap<String, String>,
    /// Help phone number, E.164.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// Korea only: the separate returns contact, E.164.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returns_phone: Option<String>,
}

fn internal(error: impl std::error::Error + Send + Sync + 'static) -> AppError {
    AppError::Internal(Box::new(error))
}

fn brand_config(brand: &Brand) -> BrandConfig {
    let colors = &brand.colors;
    BrandConfig {
        name: brand.name.clone(),
        logo_url: brand.logo_url.clone(),
        colors: BrandColorsConfig {
            primary: colors.primary.css(),
            on_primary: colors.on_primary.css(),
            accent: colors.accent.css(),
            background: colors.background.css(),
        },
    }
}

/// Weak comparison (RFC 9110 §13.1.2): the opaque tags match, with or without W/.
fn if_none_match(headers: &HeaderMap, etag: &str) -> bool {
    fn opaque(tag: &str) -> &str {
        tag.strip_prefix("W/").unwrap_or(tag)
    }
    let ours = opaque(etag);
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|wanted| wanted.split(',').map(str::trim).any(|tag| tag == "*" || opaque(tag) == ours))
}

/// Every country's calling code, `first`'s first, then the others in the table's order (by code).
fn calling_codes(table: &domain::country::CountryTable, first: &domain::country::Country) -> Vec<CallingCode> {
    std::iter::once(first)
        .chain(table.countries.values().filter(|country| country.code != first.code))
        .map(|country| CallingCode { country: country.code.to_ascii_uppercase(), code: country.calling_code.clone() })
        .collect()
}

/// Renders the answer of `code` (a country of the table).
pub(super) fn render(settings: &SiteSettings, code: &str) -> AppResult<RenderedConfig> {
    let table = settings.table();
    let country = table.resolve(code);
    let date_formats = serde_json::to_value(table.date_formats(country)).map_err(internal)?;
    let config = CountryConfig {
        country: country.code.clone(),
        flags: settings.flags(&country.code).into_iter().map(|(flag, value)| (flag.name().to_owned(), value)).collect(),
        locale: LocaleConfig {
            name: country.name.clone(),
            languages: country.languages.clone(),
            lang_code: country.lang_code.clone(),
            wave: country.wave,
            format_group: country.format_group,
            currency: country.currency.code().to_owned(),
            time_zone: country.time_zone.name().to_owned(),
            hour12: country.hour12,
            calling_code: country.calling_code.clone(),
            tax_inclusive: country.tax_inclusive,
            tax: country
                .tax
                .as_ref()
                .map(|tax| TaxConfig { name: tax.name.clone(), rate_basis_points: tax.rate_basis_points }),
            date_formats,
        },
        help: if settings.own_help() {
            // No help site configured: the binary's own pages, in the country's default language for the
            // single links and in each of its languages for the articles (settings/help.rs).
            let language = country.default_language();
            HelpConfig {
                generic: help::start_path(&country.code, language),
                contact: Some(help::topic_path(&country.code, language, help::Topic::Contact)),
                returns_policy: Some(help::topic_path(&country.code, language, help::Topic::ReturnsPolicy)),
                change_or_cancel_order: help::article_paths(country, Article::ChangeOrCancelOrder),
                how_to_return: help::article_paths(country, Article::HowToReturn),
                phone: table.phones.get(&country.code).cloned(),
                returns_phone: (country.code == "kr").then(|| table.korea_returns_phone.clone()),
            }
        } else {
            HelpConfig {
                generic: table.generic_help_url(),
                contact: country.contact.as_deref().map(|path| table.help_url(path)),
                returns_policy: country.returns_policy.as_deref().map(|path| table.help_url(path)),
                change_or_cancel_order: table.help_links(Article::ChangeOrCancelOrder, &country.code),
                how_to_return: table.help_links(Article::HowToReturn, &country.code),
                phone: table.phones.get(&country.code).cloned(),
                returns_phone: (country.code == "kr").then(|| table.korea_returns_phone.clone()),
            }
        },
        eu: table.is_eu(&country.code),
        special_handling: table.special_handling.get(&country.code).cloned(),
        brand: brand_config(settings.brand()),
        embed_parent_origin: settings.embed_parent_origin().map(str::to_owned),
        shop_url: settings.shop_url().map(str::to_owned),
        analytics: AnalyticsConfig {
            enabled: settings.analytics().enabled,
            data_layer: settings.analytics().data_layer.clone(),
        },
        sign_in: if settings.sign_in().oidc {
            SignInConfig {
                method: SignInMethod::Oidc,
                login_url: Some("/auth/v1/oidc/login".to_owned()),
                logout_url: Some("/auth/v1/oidc/logout".to_owned()),
                allow_sign_up: false,
            }
        } else {
            SignInConfig {
                method: SignInMethod::Password,
                login_url: None,
                logout_url: None,
                allow_sign_up: settings.allow_sign_up(),
            }
        },
        guest_lookup: country.guest_lookup,
        reload_after_cancel: country.reload_after_cancel,
        calling_codes: calling_codes(table, country),
    };
    let body = serde_json::to_vec(&config).map_err(internal)?;
    let digest = Sha256::digest(&body);
    // Weak: the same body goes out as it is or gzipped (its gzip kept beside it, ADR 0038) under this one tag.
    let etag = format!("W/\"{}\"", digest.iter().take(12).map(|byte| format!("{byte:02x}")).collect::<String>());
    let gzip = crate::around::gzip(&body, flate2::Compression::default());
    Ok(RenderedConfig { body: body.into(), gzip, etag })
}

/// Flags and data of a country for the web app; an unknown country answers the default country's
/// (its `country` says which). Answers 304 to a matching If-None-Match.
#[utoipa::path(get, path = "/config/v1/{country}", tag = "configuration",
    params(("country" = String, Path, description = "two-letter country code, any case")),
    responses((status = 200, body = CountryConfig, description = "Cache-Control public, max-age=300; ETag"),
              (status = 304, description = "the If-None-Match ETag is current")))]
pub async fn get_country_config(
    State(settings): State<Arc<SiteSettings>>,
    Path(country): Path<String>,
    headers: HeaderMap,
) -> AppResult<Response> {
    let rendered = settings.rendered(&country).ok_or(AppError::NotFound)?;
    let etag = HeaderValue::from_str(&rendered.etag).map_err(internal)?;
    let cache = HeaderValue::from_static(CACHE_CONTROL);
    if if_none_match(&headers, &rendered.etag) {
        return Ok((StatusCode::NOT_MODIFIED, [(header::ETAG, etag), (header::CACHE_CONTROL, cache)]).into_response());
    }
    let mut response = (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/json")),
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache),
        ],
        rendered.body.clone(),
    )
        .into_response();
    // The same bytes at every request: a browser gets them gzipped once, not compressed again each time.
    if let Some(gzip) = &rendered.gzip
        && crate::around::accepts_gzip(&headers)
    {
        crate::around::send_gzipped(&mut response, gzip.clone());
    }
    Ok(response)
}

/// The brand's logo file (SVG or PNG, read at start); 404 when the brand has none (or uses `logoUrl`).
#[utoipa::path(get, path = "/config/v1/brand/logo", tag = "configuration",
    responses((status = 200, content_type = "image/svg+xml",
               description = "the logo, image/svg+xml or image/png; Cache-Control public, max-age=31536000, immutable (the configured URL is versioned); ETag"),
              (status = 304, description = "the If-None-Match ETag is current"),
              (status = 404, description = "no logo file is configured", body = crate::error::ApiError)))]
pub async fn get_brand_logo(State(settings): State<Arc<SiteSettings>>, headers: HeaderMap) -> AppResult<Response> {
    let logo = settings.brand().logo_file.as_ref().ok_or(AppError::NotFound)?;
    let etag = HeaderValue::from_str(&logo.etag).map_err(internal)?;
    let common = [
        (header::ETAG, etag),
        (header::CACHE_CONTROL, HeaderValue::from_static(LOGO_CACHE_CONTROL)),
        (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(LOGO_CSP)),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
    ];
    if if_none_match(&headers, &logo.etag) {
        return Ok((StatusCode::NOT_MODIFIED, common).into_response());
    }
    let content_type = HeaderValue::from_static(logo.content_type);
    Ok((StatusCode::OK, [(header::CONTENT_TYPE, content_type)], common, logo.bytes.clone()).into_response())
}
