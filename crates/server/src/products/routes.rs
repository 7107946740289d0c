//! `POST /ops/v1/products` (the catalogue feed) and `GET /orders/shopsimilar/v2/{colorWays}`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::Currency;
use domain::money::parse_non_negative;
use domain::shop_similar::{Candidate, rank};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db::{self, PriceRecord, ProductRecord, SkuRecord};
use crate::auth::AuthState;
use crate::auth::Ops;
use crate::error::{AppError, AppResult};
use crate::extract::{JsonBody, QueryPairs};

/// Similar products shown per request (the slider shows 2.5 to 5.5 at a time).
pub const SIMILAR_LIMIT: usize = 12;
/// Most colourways one request may name (an order's items).
const MAX_COLORWAYS: usize = 50;

crate::platform::area_router!(
    states: [AuthState, crate::platform::Platform],
    routes: [(upsert_product), (list_similar_products)],
);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductSize {
    #[schema(schema_with = size_text)]
    pub size: String,
    #[schema(schema_with = code_text)]
    pub sku_id: String,
    #[serde(default = "yes")]
    pub in_stock: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductPrice {
    #[schema(value_type = domain::Currency, inline)]
    pub currency: String,
    /// Decimal in the currency, e.g. "130.00".
    #[schema(schema_with = crate::extract::decimal_amount)]
    pub price: serde_json::Value,
    #[schema(schema_with = crate::extract::decimal_amount)]
    pub msrp: serde_json::Value,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductInput {
    #[schema(schema_with = code_text)]
    pub product_id: String,
    #[schema(schema_with = code_text)]
    pub style_color: String,
    #[schema(schema_with = title_text)]
    pub title: String,
    /// Blank or 1 to 120 characters.
    #[serde(default)]
    #[schema(max_length = 120)]
    pub subtitle: String,
    #[schema(schema_with = title_text)]
    pub category: String,
    #[schema(schema_with = colour_text)]
    pub colour: String,
    #[schema(min_items = 1, max_items = 60)]
    pub sizes: Vec<ProductSize>,
    pub prices: Vec<ProductPrice>,
    /// An http(s) URL or a path on this server, at most 512 characters.
    #[schema(schema_with = image_text)]
    pub image: String,
    #[serde(default = "yes")]
    pub in_stock: bool,
    #[serde(default)]
    pub popularity: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredProduct {
    pub style_color: String,
    pub created: bool,
}

// The document's shapes of the checks below (`code`, `text`); one fn per length, as `schema_with` names a fn.
fn code_text() -> utoipa::openapi::schema::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .pattern(Some(crate::extract::CODE_PATTERN))
        .build()
}
fn title_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(120, crate::extract::ANY_CONTROL_CLASS)
}
fn colour_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(80, crate::extract::ANY_CONTROL_CLASS)
}
fn image_text() -> utoipa::openapi::schema::Object {
    let class = crate::extract::ANY_CONTROL_CLASS;
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .pattern(Some(format!("^(/|https?://)[^{class}]*$")))
        .max_length(Some(512))
        .build()
}
fn size_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(16, crate::extract::ANY_CONTROL_CLASS)
}

fn text(value: &str, field: &str, max: usize) -> AppResult<String> {
    let trimmed = value.trim();
    if trimmed.is_empty() || trimmed.chars().count() > max || trimmed.chars().any(char::is_control) {
        return Err(AppError::validation(field, format!("1 to {max} characters, no control characters")));
    }
    Ok(trimmed.to_owned())
}

fn code(value: &str, field: &str) -> AppResult<String> {
    let valid = !value.is_empty()
        && value.len() <= 64
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if valid {
        Ok(value.to_owned())
    } else {
        Err(AppError::validation(field, "letters, digits, '-' and '_', at most 64"))
    }
}

fn amount(value: &serde_json::Value, currency: Currency, field: &str) -> AppResult<i64> {
    let text = match value {
        serde_json::Value::String(text) => text.trim().to_owned(),
        serde_json::Value::Number(number) => number.to_string(),
        _ => return Err(AppError::validation(field, "an amount is a decimal number such as 19.99")),
    };
    parse_non_negative(&text, currency)
        .map(|money| money.0)
        .map_err(|error| AppError::validation(field, error.to_string()))
}

fn slug(title: &str, style_color: &str) -> String {
    let words: String = title
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    format!("{words}/{}", style_color.to_lowercase())
}

/// Create or replace a product (ops): one colourway with its sizes and prices per currency.
#[utoipa::path(post, path = "/ops/v1/products", tag = "ops", security(("ops_key" = [])), request_body = ProductInput,
    responses((status = 201, body = StoredProduct), (status = 200, body = StoredProduct),
              (status = 400, body = crate::error::ApiError), (status = 401, body = crate::error::ApiError)))]
pub async fn upsert_product(
    State(state): State<AuthState>,
    _ops: Ops,
    JsonBody(input): JsonBody<ProductInput>,
) -> AppResult<(StatusCode, Json<StoredProduct>)> {
    let style_color = code(&input.style_color, "styleColor")?;
    let title = text(&input.title, "title", 120)?;
    let image = text(&input.image, "image", 512)?;
    if !(image.starts_with('/') || image.starts_with("https://") || image.starts_with("http://")) {
        return Err(AppError::validation("image", "an http(s) URL or a path on this server"));
    }
    let product = ProductRecord {
        product_id: code(&input.product_id, "productId")?,
        subtitle: if input.subtitle.trim().is_empty() {
            String::new()
        } else {
            text(&input.subtitle, "subtitle", 120)?
        },
        category: text(&input.category, "category", 120)?,
        color: text(&input.colour, "colour", 80)?,
        slug: slug(&title, &style_color),
        title,
        image_url: image,
        popularity: input.popularity.max(0),
        in_stock: input.in_stock && input.sizes.iter().any(|size| size.in_stock),
        style_color,
    };
    if input.sizes.is_empty() || input.sizes.len() > 60 {
        return Err(AppError::validation("sizes", "1 to 60 sizes"));
    }
    let skus = input
        .sizes
        .iter()
        .enumerate()
        .map(|(index, size)| {
            Ok(SkuRecord {
                sku_id: code(&size.sku_id, &format!("sizes[{index}].skuId"))?,
                size: text(&size.size, &format!("sizes[{index}].size"), 16)?,
                in_stock: size.in_stock,
            })
        })
        .collect::<AppResult<Vec<_>>>()?;
    // One row per SKU: a SKU named twice would break the table's key (it answered 500 before).
    if let Some(index) =
        skus.iter().enumerate().position(|(index, sku)| skus[..index].iter().any(|s| s.sku_id == sku.sku_id))
    {
        return Err(AppError::validation(format!("sizes[{index}].skuId"), "each size has its own SKU id"));
    }
    let prices = input
        .prices
        .iter()
        .enumerate()
        .map(|(index, price)| {
            let field = |name: &str| format!("prices[{index}].{name}");
            let currency = Currency::parse(&price.currency)
                .ok_or_else(|| AppError::validation(field("currency"), "an ISO 4217 code such as USD"))?;
            Ok(PriceRecord {
                currency: currency.code().to_owned(),
                price: amount(&price.price, currency, &field("price"))?,
                msrp: amount(&price.msrp, currency, &field("msrp"))?,
            })
        })
        .collect::<AppResult<Vec<_>>>()?;
    let created = db::upsert_product(&state.db, &product, &skus, &prices, state.clock.now_ms()).await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(StoredProduct { style_color: product.style_color, created })))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SimilarProduct {
    pub image: String,
    pub pid: String,
    pub slug: String,
    pub style_color: String,
    pub subtitle: String,
    pub title: String,
    /// Its price in `currency` (the one asked for), when the catalogue has one there (walk minor 13).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<f64>,
    pub currency: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SimilarProducts {
    pub objects: Vec<SimilarProduct>,
}

/// In-stock products like the given colourways (comma-joined style colours), closest first.
#[utoipa::path(get, path = "/orders/shopsimilar/v2/{colorWays}", tag = "services",
    params(("colorWays" = String, Path, pattern = "^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64}){0,49}$", description = "comma-joined style colours (1 to 50; MAX_COLORWAYS), e.g. SR4100-001,DTT156-011"),
           ("currency" = inline(Option<domain::Currency>), Query, description = "prices compared in this currency (default USD)"),
           ("country" = Option<String>, Query), ("language" = Option<String>, Query)),
    responses((status = 200, body = SimilarProducts), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError, description = "feature-disabled: enableShopSimilar is off in the country"),
              (status = 503, body = crate::error::ApiError, description = "get-shop-similar-failure")))]
pub async fn list_similar_products(
    State(state): State<AuthState>,
    Path(color_ways): Path<String>,
    query: QueryPairs,
) -> AppResult<Json<SimilarProducts>> {
    state.site.require(query.first("country"), domain::country::Flag::EnableShopSimilar)?;
    let wanted: Vec<String> =
        color_ways.split(',').map(str::trim).filter(|part| !part.is_empty()).map(str::to_owned).collect();
    if wanted.is_empty() || wanted.len() > MAX_COLORWAYS {
        return Err(AppError::validation("colorWays", "1 to 50 comma-joined style colours"));
    }
    for (index, style_color) in wanted.iter().enumerate() {
        code(style_color, &format!("colorWays[{index}]"))?;
    }
    let currency = query.first("currency").map_or(Ok(Currency::parse("USD")), |code| {
        Currency::parse(code).map(Some).ok_or_else(|| AppError::validation("currency", "an ISO 4217 code such as USD"))
    })?;
    let currency = currency.map_or_else(|| "USD".to_owned(), |c| c.code().to_owned());
    let items = db::find_products(&state.db, &wanted).await.map_err(|_| AppError::ShopSimilarFailure)?;
    let catalogue = db::in_stock_with_prices(&state.db, &currency).await.map_err(|_| AppError::ShopSimilarFailure)?;
    let candidates: Vec<Candidate<'_>> = catalogue
        .iter()
        .map(|(product, price)| Candidate {
            style_color: &product.style_color,
            category: &product.category,
            color: &product.color,
            price: *price,
            popularity: product.popularity,
            in_stock: product.in_stock,
        })
        .collect();
    let exclude: Vec<&str> = wanted.iter().map(String::as_str).collect();
    let mut chosen: Vec<&str> = Vec::new();
    for item in &items {
        let price = catalogue.iter().find(|(p, _)| p.style_color == item.style_color).and_then(|(_, price)| *price);
        let as_candidate = Candidate {
            style_color: &item.style_color,
            category: &item.category,
            color: &item.color,
            price,
            popularity: item.popularity,
            in_stock: item.in_stock,
        };
        for similar in rank(&as_candidate, &candidates, &exclude, SIMILAR_LIMIT) {
            if !chosen.contains(&similar.style_color) {
                chosen.push(similar.style_color);
            }
        }
    }
    let objects = chosen
        .into_iter()
        .take(SIMILAR_LIMIT)
        .filter_map(|style_color| catalogue.iter().find(|(p, _)| p.style_color == style_color))
        .map(|(product, price)| SimilarProduct {
            price: price.zip(Currency::parse(&currency)).and_then(|(minor, currency)| {
                domain::money::to_decimal_string(domain::Money(minor), currency).parse().ok()
            }),
            currency: currency.clone(),
            image: product.image_url.clone(),
            pid: product.product_id.clone(),
            slug: product.slug.clone(),
            style_color: product.style_color.clone(),
            subtitle: product.subtitle.clone(),
            title: product.title.clone(),
        })
        .collect();
    Ok(Json(SimilarProducts { objects }))
}
