//! `GET /addresses/v1/layouts/{country}`: the address form of a country, from the same data files
//! (data/addresses/) that the validation reads, so the web form and the server cannot disagree.

use axum::Json;
use axum::extract::Path;
use axum::http::{HeaderName, header};
use domain::address::layout::label_text;
use domain::address::{NameOrder, layout_for, province_table};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{AppError, AppResult};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LayoutFieldView {
    /// The address field (`nameGiven`, `line1`, `code`, ...).
    pub field: String,
    /// Label id for the translation (`addresses.label.<id>`).
    pub label: String,
    /// English label text, the fallback.
    pub label_text: String,
    pub required: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProvinceView {
    pub code: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LayoutView {
    /// Upper-case country asked for.
    pub country: String,
    /// The layout used: the country's own (lower case) or `default`.
    pub layout: String,
    /// `givenFirst` or `familyFirst`.
    pub name_order: String,
    /// What joins the given and family names when the server writes the full name: "" in CN, TW and KR,
    /// else a space.
    pub name_separator: &'static str,
    /// In form order.
    pub fields: Vec<LayoutFieldView>,
    /// Masks: 9 a digit, A a letter, other characters literal. Empty: free form.
    pub postal_codes: Vec<String>,
    /// The choices for `province` when the country has a table; absent when it is free text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provinces: Option<Vec<ProvinceView>>,
}

/// The address form of a country: its fields in order, labels, required marks, postal-code masks and
/// provinces. Anyone may read it.
#[utoipa::path(get, path = "/addresses/v1/layouts/{country}", tag = "addresses",
    params(("country" = String, Path, description = "ISO 3166-1 alpha-2")),
    responses((status = 200, body = LayoutView), (status = 400, body = crate::error::ApiError)))]
pub async fn get_address_layout(
    Path(country): Path<String>,
) -> AppResult<([(HeaderName, &'static str); 1], Json<LayoutView>)> {
    if country.len() != 2 || !country.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(AppError::validation("country", "Please choose a valid country."));
    }
    let layout = layout_for(&country);
    let provinces = layout.provinces.as_deref().and_then(province_table).map(|table| {
        table
            .entries
            .iter()
            .map(|entry| ProvinceView {
                code: entry.code.clone(),
                name: entry.name.clone(),
                local: entry.local.clone(),
            })
            .collect()
    });
    // The layouts change only with a release: browsers may keep them for an hour.
    let cache = [(header::CACHE_CONTROL, "public, max-age=3600")];
    Ok((
        cache,
        Json(LayoutView {
            country: country.to_ascii_uppercase(),
            layout: layout.country.clone(),
            name_order: match layout.name_order {
                NameOrder::GivenFirst => "givenFirst".into(),
                NameOrder::FamilyFirst => "familyFirst".into(),
            },
            name_separator: domain::address::name_separator(&country),
            fields: layout
                .fields
                .iter()
                .map(|entry| LayoutFieldView {
                    field: entry.field.json_name().to_owned(),
                    label: entry.label.clone(),
                    label_text: label_text(&entry.label).to_owned(),
                    required: entry.required,
                })
                .collect(),
            postal_codes: layout.postal_codes.clone(),
            provinces,
        }),
    ))
}
