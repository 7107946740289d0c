//! `GET|POST /addresses/v1/{upmId}/address`, `PUT|DELETE /addresses/v1/{upmId}/address/{id}`: the
//! caller's own address book only. The router also serves `layouts` and `validation`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::address::flow::{self, SaveAction};
use domain::address::{AddressFields, SUGGESTED_ADDRESS_ID, ValidAddress};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::MAX_ADDRESSES_PER_MEMBER;
use super::db::{self, Inserted, StoredAddress};
use crate::auth::Member;
use crate::error::{AppError, AppResult, Code};
use crate::extract::{JsonBody, QueryOf};
use crate::platform::Platform;

crate::platform::area_router!(
    states: [Platform, crate::auth::AuthState],
    routes: [(list_addresses, create_address), (update_address, delete_address), (super::layouts::get_address_layout), (super::validation::validate_address)],
);

/// A delivery address (spec 002 §3). `code` is the postal code; `name` is written from the name parts.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Address {
    /// Letters, digits, `-` and `_`, at most 64 (`bounded_id`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = address_id)]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line1: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line2: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line3: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locality: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_family: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_given: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// On input: set (true) or clear (false) the preferred flag; absent keeps it. Always present on output.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preferred: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub province: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
}

fn address_id() -> utoipa::openapi::schema::Object {
    // Nullable like the other optional fields (`schema_with` replaces the whole schema): a new address is
    // sent with `id: null`.
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([
            utoipa::openapi::Type::String,
            utoipa::openapi::Type::Null,
        ]))
        .pattern(Some(crate::extract::CODE_PATTERN))
        .build()
}

impl Address {
    pub(super) fn fields(&self) -> AddressFields {
        AddressFields {
            code: self.code.clone(),
            country: self.country.clone(),
            email: self.email.clone(),
            line1: self.line1.clone(),
            line2: self.line2.clone(),
            line3: self.line3.clone(),
            locality: self.locality.clone(),
            name: self.name.clone(),
            name_family: self.name_family.clone(),
            name_given: self.name_given.clone(),
            phone: self.phone.clone(),
            province: self.province.clone(),
            zone: self.zone.clone(),
        }
    }

    pub(super) fn from_fields(
        id: Option<String>,
        original_id: Option<String>,
        fields: AddressFields,
        preferred: Option<bool>,
    ) -> Self {
        Self {
            id,
            original_id,
            code: fields.code,
            country: fields.country,
            email: fields.email,
            line1: fields.line1,
            line2: fields.line2,
            line3: fields.line3,
            locality: fields.locality,
            name: fields.name,
            name_family: fields.name_family,
            name_given: fields.name_given,
            phone: fields.phone,
            preferred,
            province: fields.province,
            zone: fields.zone,
        }
    }
}

impl From<StoredAddress> for Address {
    fn from(stored: StoredAddress) -> Self {
        Self::from_fields(Some(stored.id), stored.original_id, stored.fields, Some(stored.preferred))
    }
}

/// The path's member must be the caller; anyone else's book is answered as a missing one.
fn own_book(member: &Member, upm_id: &str) -> AppResult<()> {
    if member.upm_id == upm_id { Ok(()) } else { Err(AppError::NotFound) }
}

fn parse(address: &Address) -> AppResult<AddressFields> {
    ValidAddress::parse(&address.fields())
        .map(ValidAddress::into_fields)
        .map_err(|error| AppError::validation(error.field, error.message))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BookQuery {
    /// Only the addresses that apply in this country (spec 002 §4 "Address flow": the address's
    /// country equals it, ignoring case); absent lists the whole book.
    #[param(schema_with = domain::schema::country_code)]
    pub country: Option<String>,
}

/// The caller's saved addresses, preferred first; with `country=` only those of that country.
#[utoipa::path(get, path = "/addresses/v1/{upmId}/address", tag = "addresses", security(("bearer" = [])),
    params(("upmId" = String, Path, description = "the caller's member id"), BookQuery),
    responses((status = 200, body = [Address]),
              (status = 400, body = crate::error::ApiError, description = "validation-failed: `country` is not an ISO alpha-2 code"),
              (status = 401, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError, description = "another member's id, as a missing one")))]
pub async fn list_addresses(
    State(state): State<Platform>,
    member: Member,
    Path(upm_id): Path<String>,
    QueryOf(query): QueryOf<BookQuery>,
) -> AppResult<Json<Vec<Address>>> {
    own_book(&member, &upm_id)?;
    let country = query.country.as_deref();
    if country.is_some_and(|code| !domain::rules::is_country_code(code)) {
        return Err(AppError::validation("country", "country must be an ISO alpha-2 code"));
    }
    let stored = db::list(&state.db, &member.upm_id).await?;
    let listed = match country {
        Some(country) => {
            flow::in_current_country(&stored, |address| address.fields.country.as_deref().unwrap_or_default(), country)
                .cloned()
                .map(Address::from)
                .collect()
        }
        None => stored.into_iter().map(Address::from).collect(),
    };
    Ok(Json(listed))
}

/// Save a new address, validated by its country's layout. `preferred: true` unsets the others.
#[utoipa::path(post, path = "/addresses/v1/{upmId}/address", tag = "addresses", security(("bearer" = [])),
    params(("upmId" = String, Path, description = "the caller's member id")), request_body = Address,
    responses((status = 201, body = Address), (status = 400, body = crate::error::ApiError),
              (status = 401, body = crate::error::ApiError), (status = 404, body = crate::error::ApiError),
              (status = 409, body = crate::error::ApiError, description = "address-limit-reached")))]
pub async fn create_address(
    State(state): State<Platform>,
    member: Member,
    Path(upm_id): Path<String>,
    JsonBody(body): JsonBody<Address>,
) -> AppResult<(StatusCode, Json<Address>)> {
    own_book(&member, &upm_id)?;
    let fields = parse(&body)?;
    let original_id = body.original_id.as_deref().map(|id| bounded_id(id, "originalId")).transpose()?;
    add(&state, &member, original_id, fields, body.preferred).await
}

/// Stores a new address in the member's book (within its cap): 201 with the new id.
async fn add(
    state: &Platform,
    member: &Member,
    original_id: Option<String>,
    fields: AddressFields,
    preferred: Option<bool>,
) -> AppResult<(StatusCode, Json<Address>)> {
    let address = StoredAddress {
        id: uuid::Uuid::new_v4().to_string(),
        original_id,
        fields,
        preferred: preferred.unwrap_or(false),
    };
    let now = state.clock.now_ms();
    match db::insert(&state.db, &member.upm_id, &address, MAX_ADDRESSES_PER_MEMBER, now).await? {
        Inserted::Stored => Ok((StatusCode::CREATED, Json(address.into()))),
        Inserted::LimitReached => Err(AppError::coded(
            Code::AddressLimitReached,
            "id",
            format!("You can save up to {MAX_ADDRESSES_PER_MEMBER} addresses. Delete one to add another."),
        )),
        Inserted::NoMember => Err(AppError::NotFound),
    }
}

pub(super) fn bounded_id(id: &str, field: &str) -> AppResult<String> {
    let valid =
        !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if valid { Ok(id.to_owned()) } else { Err(AppError::validation(field, "not a valid address id")) }
}

/// Replace a saved address. The body's `id`, if sent, must be the path's. Which of adding or updating
/// is the domain's `save_action` (spec 002 §4 "Address flow"): the ship-from address's id
/// (`shipFrom`) is not in the book, so saving it adds a new address (201, `originalId` `shipFrom`).
#[utoipa::path(put, path = "/addresses/v1/{upmId}/address/{id}", tag = "addresses", security(("bearer" = [])),
    params(("upmId" = String, Path, description = "the caller's member id"), ("id" = String, Path)),
    request_body = Address,
    responses((status = 200, body = Address), (status = 201, body = Address, description = "the ship-from address, added"),
              (status = 400, body = crate::error::ApiError),
              (status = 401, body = crate::error::ApiError), (status = 404, body = crate::error::ApiError)))]
pub async fn update_address(
    State(state): State<Platform>,
    member: Member,
    Path((upm_id, id)): Path<(String, String)>,
    JsonBody(body): JsonBody<Address>,
) -> AppResult<(StatusCode, Json<Address>)> {
    own_book(&member, &upm_id)?;
    let fields = parse(&body)?;
    let original_id = body.original_id.as_deref().map(|id| bounded_id(id, "originalId")).transpose()?;
    if body.id.as_deref().is_some_and(|body_id| body_id != id && body_id != SUGGESTED_ADDRESS_ID) {
        return Err(AppError::validation("id", "the body's id is not the path's"));
    }
    if flow::save_action(Some(&id), false) == SaveAction::Add {
        return add(&state, &member, Some(original_id.unwrap_or(id)), fields, body.preferred).await;
    }
    let now = state.clock.now_ms();
    db::update(&state.db, &member.upm_id, &id, original_id, &fields, body.preferred, now)
        .await?
        .map(|stored| (StatusCode::OK, Json(stored.into())))
        .ok_or(AppError::NotFound)
}

/// Delete a saved address.
#[utoipa::path(delete, path = "/addresses/v1/{upmId}/address/{id}", tag = "addresses", security(("bearer" = [])),
    params(("upmId" = String, Path, description = "the caller's member id"), ("id" = String, Path)),
    responses((status = 204), (status = 401, body = crate::error::ApiError), (status = 404, body = crate::error::ApiError)))]
pub async fn delete_address(
    State(state): State<Platform>,
    member: Member,
    Path((upm_id, id)): Path<(String, String)>,
) -> AppResult<StatusCode> {
    own_book(&member, &upm_id)?;
    let now = state.clock.now_ms();
    if db::delete(&state.db, &member.upm_id, &id, now).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::NotFound)
    }
}
