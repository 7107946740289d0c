//! Store routes: `POST /ops/v1/stores`, `GET /store/store_views/v1`, `GET /store/store_views/v1/{storeId}`.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::store_hours::{HoursEntry, HoursText, StoreHours, parse_hours, parse_time_zone};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::PAGE_SIZE;
use super::db::{self, StoreRecord};
use super::hours::ReadHours;
use crate::auth::Ops;
use crate::error::{AppError, AppResult};
use crate::extract::{JsonBody, QueryOf};
use crate::platform::Platform;

crate::platform::area_router!(
    states: [Platform],
    routes: [(upsert_store), (list_stores), (get_store)],
);

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DayHoursView {
    // Local opening time, HH:MM.
    #[schema(schema_with = start_time)]
    pub start_time: String,
    // Hours open, as text ("9", "11.5"); "0" = closed.
    #[schema(schema_with = duration)]
    pub duration: String,
}

fn pattern(pattern: &str, description: &str) -> utoipa::openapi::schema::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .pattern(Some(pattern))
        .description(Some(description))
        .build()
}

fn start_time() -> utoipa::openapi::schema::Object {
    pattern("^([01][0-9]|2[0-3]):[0-5][0-9]$", "Local opening time, HH:MM.")
}

fn duration() -> utoipa::openapi::schema::Object {
    pattern(
        "^(([0-9]|1[0-9]|2[0-3])(\\.[0-9]{1,2})?|24(\\.0{1,2})?)$",
        "Hours open, 0 to 24, as text (\"9\", \"11.5\"); \"0\" = closed.",
    )
}

fn date() -> utoipa::openapi::schema::Object {
    pattern("^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$", "YYYY-MM-DD, in the store's time zone.")
}

/// The regular hours by weekday name, lower case; a missing day is closed.
fn regular_hours() -> utoipa::openapi::schema::Object {
    let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    days.iter()
        .fold(utoipa::openapi::ObjectBuilder::new(), |object, day| {
            object.property(*day, <DayHoursView as utoipa::PartialSchema>::schema())
        })
        .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::FreeForm(false)))
        .description(Some("By weekday name: monday .. sunday; a missing day is closed."))
        .build()
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SpecialHoursView {
    // YYYY-MM-DD, in the store's time zone.
    #[schema(schema_with = date)]
    pub date: String,
    #[schema(schema_with = start_time)]
    pub start_time: String,
    #[schema(schema_with = duration)]
    pub duration: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HoursOfOperation {
    // By weekday name: monday .. sunday; a missing day is closed.
    #[serde(default)]
    #[schema(schema_with = regular_hours)]
    pub regular_hours: BTreeMap<String, DayHoursView>,
    #[serde(default)]
    pub special_hours: Vec<SpecialHoursView>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StoreAddress {
    #[schema(schema_with = line_text)]
    pub address1: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub address2: Option<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub address3: Option<String>,
    #[schema(schema_with = name_text)]
    pub city: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub area: Option<String>,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub state: Option<String>,
    #[schema(schema_with = postal_code_text)]
    pub postal_code: String,
    #[schema(value_type = domain::schema::CountryCode, inline)]
    pub iso2_country: String,
}

fn line_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(200, crate::extract::FORBIDDEN_CONTROL_CLASS)
}

fn name_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(100, crate::extract::FORBIDDEN_CONTROL_CLASS)
}

fn postal_code_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(12, crate::extract::FORBIDDEN_CONTROL_CLASS)
}

fn facility_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(60, crate::extract::FORBIDDEN_CONTROL_CLASS)
}

fn store_id() -> utoipa::openapi::schema::Object {
    pattern(crate::extract::CODE_PATTERN, "Letters, digits, - and _; a new id is made when absent.")
}

fn slug() -> utoipa::openapi::schema::Object {
    pattern("^[a-z0-9-]{1,100}$", "Lower-case letters, digits and -.")
}

/// 3 to 16 digits, with spaces, +, -, ( ) and . between them, at most 30 characters.
fn store_phone() -> utoipa::openapi::schema::Object {
    let mut phone = pattern("^[ +().-]*([0-9][ +().-]*){3,16}$", "3 to 16 digits, with spaces, +, -, ( ) and .");
    phone.max_length = Some(30);
    phone
}

/// An IANA time zone name; one the time zone database does not know is refused as data.
fn time_zone() -> utoipa::openapi::schema::Object {
    pattern("^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$", "An IANA time zone name (America/Los_Angeles).")
}

fn language_tag() -> utoipa::openapi::schema::Object {
    pattern("^[a-z]{2,3}([-_][A-Za-z0-9]{2,4})*$", "A language tag like en or en-GB.")
}

fn store_services() -> utoipa::openapi::schema::Array {
    utoipa::openapi::schema::ArrayBuilder::new()
        .items(pattern("^[a-z_-]{1,40}$", "A short lower-case word (curbside, pickup)."))
        .build()
}

fn latitude() -> utoipa::openapi::schema::Object {
    pattern("^-?([0-8]?[0-9](\\.[0-9]{1,8})?|90(\\.0{1,8})?)$", "Degrees, -90 to 90, as text.")
}

fn longitude() -> utoipa::openapi::schema::Object {
    pattern("^-?((1[0-7][0-9]|[0-9]?[0-9])(\\.[0-9]{1,8})?|180(\\.0{1,8})?)$", "Degrees, -180 to 180, as text.")
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperationalDetails {
    pub hours_of_operation: HoursOfOperation,
    /// The same hours as the server reads them (`weekly`, `specialDays`).
    #[serde(flatten)]
    pub read_hours: ReadHours,
}

/// One store as the store views show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreView {
    pub id: String,
    pub name: String,
    pub slug: Option<String>,
    pub phone: String,
    pub address: StoreAddress,
    pub timezone: String,
    pub default_language: Option<String>,
    pub facility_type: Option<String>,
    pub latitude: String,
    pub longitude: String,
    pub store_services: Vec<String>,
    pub operational_details: OperationalDetails,
    pub is_open_now: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorePages {
    pub page: i64,
    pub total_pages: i64,
    pub total_resources: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreViews {
    pub objects: Vec<StoreView>,
    pub pages: StorePages,
    /// Only with a search `q`: whether the web may keep it as the next visit's search (false for
    /// APO, FPO, Guantanamo Bay and Alaska, spec 001 §4.5).
    #[serde(rename = "rememberSearch", skip_serializing_if = "Option::is_none")]
    pub remember_search: Option<bool>,
}

/// The ops feed's body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StoreInput {
    // Optional: a new id is made when absent.
    #[serde(default)]
    #[schema(schema_with = store_id)]
    pub id: Option<String>,
    #[schema(schema_with = name_text)]
    pub name: String,
    #[schema(schema_with = slug)]
    pub slug: String,
    #[schema(schema_with = store_phone)]
    pub phone: String,
    pub address: StoreAddress,
    #[schema(schema_with = time_zone)]
    pub timezone: String,
    #[schema(schema_with = language_tag)]
    pub default_language: String,
    pub hours_of_operation: HoursOfOperation,
    #[schema(schema_with = store_services)]
    pub store_services: Vec<String>,
    #[schema(schema_with = facility_text)]
    pub facility_type: String,
    #[serde(default)]
    #[schema(schema_with = latitude)]
    pub latitude: Option<String>,
    #[serde(default)]
    #[schema(schema_with = longitude)]
    pub longitude: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpsertedStore {
    pub store_id: String,
    pub created: bool,
}

/// The domain's hours from the stored / given shape; the error names the field.
pub fn domain_hours(
    regular: &BTreeMap<String, DayHoursView>,
    special: &[SpecialHoursView],
) -> Result<StoreHours, AppError> {
    let regular =
        regular.iter().map(|(day, value)| HoursText { day, start_time: &value.start_time, duration: &value.duration });
    let special = special.iter().map(|value| HoursText {
        day: &value.date,
        start_time: &value.start_time,
        duration: &value.duration,
    });
    parse_hours(regular, special).map_err(|(entry, error)| {
        let field = match entry {
            HoursEntry::Regular(day) => format!("hoursOfOperation.regularHours.{day}"),
            HoursEntry::Special(index) => format!("hoursOfOperation.specialHours[{index}]"),
        };
        AppError::validation(&field, error.to_string())
    })
}

fn text(field: &str, value: &str, max: usize) -> Result<String, AppError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(AppError::validation(field, format!("{field} is required")));
    }
    if value.chars().count() > max {
        return Err(AppError::validation(field, format!("{field} is longer than {max} characters")));
    }
    Ok(value.to_owned())
}

fn optional(field: &str, value: Option<&String>, max: usize) -> Result<Option<String>, AppError> {
    match value.map(|v| v.trim()).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => text(field, v, max).map(Some),
    }
}

fn coordinate(field: &str, value: Option<&String>, limit: f64) -> Result<String, AppError> {
    match value.map(|v| v.trim()).filter(|v| !v.is_empty()) {
        None => Ok("0".into()),
        Some(v) => match v.parse::<f64>() {
            Ok(n) if n.is_finite() && n.abs() <= limit => Ok(v.to_owned()),
            _ => Err(AppError::validation(field, format!("{field} must be a number within ±{limit}"))),
        },
    }
}

/// Validates the whole input; nothing is stored on error.
pub fn parse_store(input: &StoreInput) -> Result<StoreRecord, AppError> {
    let store_id = match input.id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
        Some(id) if id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') => {
            id.to_owned()
        }
        Some(_) => return Err(AppError::validation("id", "id is letters, digits, - and _, at most 64")),
        None => uuid::Uuid::new_v4().to_string(),
    };
    let name = text("name", &input.name, 100)?;
    let slug = text("slug", &input.slug, 100)?;
    if !slug.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        return Err(AppError::validation("slug", "slug is lower-case letters, digits and -"));
    }
    let phone = text("phone", &input.phone, 30)?;
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    if !(3..=16).contains(&digits) || !phone.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c)) {
        return Err(AppError::validation("phone", "phone must have 3 to 16 digits"));
    }
    let a = &input.address;
    let address1 = text("address.address1", &a.address1, 200)?;
    let mut address_lines = vec![address1];
    for (field, line) in [("address.address2", &a.address2), ("address.address3", &a.address3)] {
        if let Some(line) = optional(field, line.as_ref(), 200)? {
            address_lines.push(line);
        }
    }
    let city = text("address.city", &a.city, 100)?;
    let area = optional("address.area", a.area.as_ref(), 100)?;
    let state = optional("address.state", a.state.as_ref(), 100)?;
    let postal_code = text("address.postalCode", &a.postal_code, 12)?;
    // Any case, as every other country code the API takes; stored upper-case.
    let country = a.iso2_country.trim().to_ascii_uppercase();
    if !domain::rules::is_country_code(&country) {
        return Err(AppError::validation("address.iso2Country", "iso2Country is two letters"));
    }
    let timezone = input.timezone.trim().to_owned();
    parse_time_zone(&timezone).map_err(|_| AppError::validation("timezone", "timezone must be an IANA name"))?;
    let language = input.default_language.trim().to_owned();
    let mut parts = language.split(['-', '_']);
    let base_ok = parts.next().is_some_and(|b| (2..=3).contains(&b.len()) && b.chars().all(|c| c.is_ascii_lowercase()));
    if !base_ok || !parts.all(|p| (2..=4).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric())) {
        return Err(AppError::validation("defaultLanguage", "defaultLanguage is a language tag like en or en-GB"));
    }
    let hours = &input.hours_of_operation;
    domain_hours(&hours.regular_hours, &hours.special_hours)?;
    let regular_hours =
        hours.regular_hours.iter().map(|(day, h)| (day.trim().to_ascii_lowercase(), h.clone())).collect();
    let mut services = Vec::new();
    for service in &input.store_services {
        let s = service.trim().to_ascii_lowercase();
        if s.is_empty() || s.len() > 40 || !s.chars().all(|c| c.is_ascii_lowercase() || c == '-' || c == '_') {
            return Err(AppError::validation("storeServices", "each store service is a short lower-case word"));
        }
        if !services.contains(&s) {
            services.push(s);
        }
    }
    let facility_type = text("facilityType", &input.facility_type, 60)?;
    Ok(StoreRecord {
        store_id,
        name,
        slug: Some(slug),
        phone,
        address_lines,
        city,
        area,
        state,
        postal_code,
        country,
        timezone,
        default_language: Some(language),
        facility_type: Some(facility_type),
        latitude: coordinate("latitude", input.latitude.as_ref(), 90.0)?,
        longitude: coordinate("longitude", input.longitude.as_ref(), 180.0)?,
        regular_hours,
        special_hours: hours.special_hours.clone(),
        services,
    })
}

/// Checks the shape field by field so that a 400 names the field, then reads the typed input.
pub fn typed_input(body: serde_json::Value) -> Result<StoreInput, AppError> {
    use serde_json::Value;
    let Value::Object(top) = &body else {
        return Err(AppError::InvalidJson("the body must be a JSON object".into()));
    };
    let strings = ["name", "slug", "phone", "timezone", "defaultLanguage", "facilityType"];
    for field in strings {
        if !top.get(field).is_some_and(Value::is_string) {
            return Err(AppError::validation(field, format!("{field} is required (text)")));
        }
    }
    let Some(Value::Object(address)) = top.get("address") else {
        return Err(AppError::validation("address", "address is required (object)"));
    };
    for field in ["address1", "city", "postalCode", "iso2Country"] {
        if !address.get(field).is_some_and(Value::is_string) {
            return Err(AppError::validation(
                format!("address.{field}"),
                format!("address.{field} is required (text)"),
            ));
        }
    }
    if !top.get("hoursOfOperation").is_some_and(Value::is_object) {
        return Err(AppError::validation("hoursOfOperation", "hoursOfOperation is required (object)"));
    }
    let services_ok =
        top.get("storeServices").and_then(Value::as_array).is_some_and(|a| a.iter().all(Value::is_string));
    if !services_ok {
        return Err(AppError::validation("storeServices", "storeServices is required (list of text)"));
    }
    serde_json::from_value(body).map_err(|e| {
        let message = e.to_string();
        let field = message.split('`').nth(1).unwrap_or("body").to_owned();
        AppError::validation(field, message)
    })
}

/// Create or replace a store.
#[utoipa::path(post, path = "/ops/v1/stores", tag = "ops", security(("ops_key" = [])), request_body = StoreInput,
    responses((status = 201, body = UpsertedStore), (status = 200, body = UpsertedStore),
              (status = 400, body = crate::error::ApiError), (status = 401, body = crate::error::ApiError)))]
pub async fn upsert_store(
    State(state): State<Platform>,
    _ops: Ops,
    JsonBody(body): JsonBody<serde_json::Value>,
) -> AppResult<(StatusCode, Json<UpsertedStore>)> {
    let input = typed_input(body)?;
    let record = parse_store(&input)?;
    let created = db::upsert(&state.db, &record).await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(UpsertedStore { store_id: record.store_id, created })))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct StoreViewsQuery {
    /// ISO alpha-2 country (required).
    #[param(value_type = domain::schema::CountryCode, inline)]
    pub country: Option<String>,
    /// Search in name, city and postal code.
    #[param(max_length = 100)]
    pub q: Option<String>,
    /// 1-based page of 3 stores.
    #[param(value_type = Option<i64>, minimum = 1, maximum = 10000)]
    pub page: Option<String>,
}

/// Stores of one country, 3 per page.
#[utoipa::path(get, path = "/store/store_views/v1", tag = "stores", params(StoreViewsQuery),
    responses((status = 200, body = StoreViews), (status = 400, body = crate::error::ApiError)))]
pub async fn list_stores(
    State(state): State<Platform>,
    QueryOf(query): QueryOf<StoreViewsQuery>,
) -> AppResult<Json<StoreViews>> {
    let country = query.country.unwrap_or_default();
    if !domain::rules::is_country_code(&country) {
        return Err(AppError::validation("country", "country must be an ISO alpha-2 code"));
    }
    let country = country.to_ascii_uppercase();
    let page = match query.page.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        None => 1,
        Some(p) => match p.parse::<i64>() {
            Ok(n) if (1..=10_000).contains(&n) => n,
            _ => return Err(AppError::validation("page", "page is a number from 1")),
        },
    };
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if q.is_some_and(|q| q.chars().count() > 100) {
        return Err(AppError::validation("q", "q is at most 100 characters"));
    }
    let (records, total) = db::search(&state.db, &country, q, page).await?;
    let now = chrono::Utc::now();
    let objects = records.into_iter().map(|r| r.view(now)).collect();
    let total_pages = (total + PAGE_SIZE - 1) / PAGE_SIZE;
    let remember_search = q.map(super::search_input::may_remember);
    Ok(Json(StoreViews { objects, pages: StorePages { page, total_pages, total_resources: total }, remember_search }))
}

/// One store.
#[utoipa::path(get, path = "/store/store_views/v1/{store_id}", tag = "stores",
    params(("store_id" = String, Path, description = "Store id")),
    responses((status = 200, body = StoreView), (status = 404, body = crate::error::ApiError)))]
pub async fn get_store(State(state): State<Platform>, Path(store_id): Path<String>) -> AppResult<Json<StoreView>> {
    let record = db::find(&state.db, &store_id).await?.ok_or(AppError::StoreNotFound)?;
    Ok(Json(record.view(chrono::Utc::now())))
}
