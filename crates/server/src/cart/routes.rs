//! `POST /cart/v1/items` and `GET /cart/v1`.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use domain::money::to_decimal_string;
use domain::{Currency, Money};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use crate::caller::Caller;
use crate::error::{AppError, AppResult, Code};
use crate::extract::{JsonBody, QueryPairs};
use crate::platform::Platform;
use crate::products::find_sku_offer;

const COOKIE: &str = "orders_bag";
const COOKIE_KEY: &str = "bag_cookie_key";
/// Units of one sku a bag may hold.
pub const MAX_UNITS_PER_SKU: i64 = 10;

crate::platform::area_router!(
    states: [Platform, crate::auth::AuthState],
    routes: [(get_bag), (add_bag_item)],
);

fn sku_code() -> utoipa::openapi::schema::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .pattern(Some(crate::extract::CODE_PATTERN))
        .build()
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddItem {
    /// Letters, digits, `-` and `_`, at most 64 (`extract::CODE_PATTERN`).
    #[schema(schema_with = sku_code)]
    pub sku_id: String,
    /// 1 for buy again; at most 10 of one sku in a bag.
    pub quantity: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PriceInfo {
    pub price: f64,
    pub msrp: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BagItem {
    pub sku_id: String,
    pub quantity: i64,
    pub price_info: PriceInfo,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BagTotals {
    pub quantity: i64,
}

/// What the mini-cart confirmation shows of the item just added.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddedItem {
    pub sku_id: String,
    pub category: String,
    pub currency: String,
    pub image: String,
    pub msrp: f64,
    pub price: f64,
    pub size: String,
    pub title: String,
    pub total_item_count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bag {
    pub items: Vec<BagItem>,
    pub currency: String,
    pub totals: BagTotals,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub added_item: Option<AddedItem>,
}

fn decimal(minor: i64, currency: Currency) -> f64 {
    to_decimal_string(Money(minor), currency).parse().unwrap_or_default()
}

/// The guest bag id from a cookie whose signature holds; anything else counts as no bag.
fn guest_bag_id(headers: &HeaderMap, key: &[u8]) -> Option<String> {
    let (id, signature) = crate::cookies::get(headers, COOKIE)?.split_once('.')?;
    let id = uuid::Uuid::parse_str(id).ok()?.to_string();
    crate::secrets::verify(key, id.as_bytes(), signature).then_some(id)
}

/// Whose bag: the member's, or the guest's from the cookie (a new one is made when `create`).
async fn bag_owner(
    state: &Platform,
    caller: &Caller,
    headers: &HeaderMap,
    create: bool,
) -> AppResult<(Option<String>, Option<HeaderValue>)> {
    if let Some(member) = &caller.member {
        return Ok((Some(format!("member:{}", member.upm_id)), None));
    }
    let key = crate::secrets::load_or_create(&state.db, COOKIE_KEY).await?;
    if let Some(id) = guest_bag_id(headers, &key) {
        return Ok((Some(format!("guest:{id}")), None));
    }
    if !create {
        return Ok((None, None));
    }
    let id = uuid::Uuid::new_v4().to_string();
    let signature = crate::secrets::sign(&key, id.as_bytes());
    let cookie = crate::cookies::set(COOKIE, &format!("{id}.{signature}"), 30 * 24 * 3600, state.secure_cookies);
    Ok((Some(format!("guest:{id}")), cookie))
}

fn currency_of(query: &QueryPairs) -> AppResult<Currency> {
    let code = query.first("currency").unwrap_or("USD");
    Currency::parse(code).ok_or_else(|| AppError::validation("currency", "an ISO 4217 code such as USD"))
}

async fn load_bag(state: &Platform, owner_key: &str, fallback: Currency) -> AppResult<Bag> {
    let currency_code: Option<String> = sqlx::query_scalar("SELECT currency FROM bags WHERE owner_key = $1")
        .bind(owner_key)
        .fetch_optional(&state.db.pool)
        .await?;
    let currency = currency_code.as_deref().and_then(Currency::parse).unwrap_or(fallback);
    let rows = sqlx::query(
        "SELECT i.sku_id, i.quantity, pp.price, pp.msrp FROM bag_items i \
         JOIN product_skus s ON s.sku_id = i.sku_id \
         LEFT JOIN product_prices pp ON pp.style_color = s.style_color AND pp.currency = $2 \
         WHERE i.owner_key = $1 ORDER BY i.added_at, i.sku_id",
    )
    .bind(owner_key)
    .bind(currency.code())
    .fetch_all(&state.db.pool)
    .await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        let price: Option<i64> = row.try_get("price")?;
        let msrp: Option<i64> = row.try_get("msrp")?;
        items.push(BagItem {
            sku_id: row.try_get("sku_id")?,
            quantity: row.try_get("quantity")?,
            price_info: PriceInfo {
                price: decimal(price.unwrap_or_default(), currency),
                msrp: decimal(msrp.unwrap_or_default(), currency),
            },
        });
    }
    let quantity = items.iter().map(|item| item.quantity).sum();
    Ok(Bag { items, currency: currency.code().to_owned(), totals: BagTotals { quantity }, added_item: None })
}

/// The caller's bag (empty when a guest has none yet).
#[utoipa::path(get, path = "/cart/v1", tag = "services",
    params(("currency" = inline(Option<domain::Currency>), Query, description = "the market's currency, default USD")),
    responses((status = 200, body = Bag), (status = 400, body = crate::error::ApiError)))]
pub async fn get_bag(
    State(state): State<Platform>,
    caller: Caller,
    headers: HeaderMap,
    query: QueryPairs,
) -> AppResult<Json<Bag>> {
    let currency = currency_of(&query)?;
    let (owner, _) = bag_owner(&state, &caller, &headers, false).await?;
    match owner {
        Some(owner_key) => Ok(Json(load_bag(&state, &owner_key, currency).await?)),
        None => Ok(Json(Bag {
            items: vec![],
            currency: currency.code().to_owned(),
            totals: BagTotals { quantity: 0 },
            added_item: None,
        })),
    }
}

/// Add units of a sku to the caller's bag ("Buy again" adds one).
#[utoipa::path(post, path = "/cart/v1/items", tag = "services", request_body = AddItem,
    params(("currency" = inline(Option<domain::Currency>), Query, description = "the market's currency, default USD")),
    responses((status = 200, body = Bag),
              (status = 400, body = crate::error::ApiError),
              (status = 409, body = crate::error::ApiError, description = "out-of-stock, bag-limit or bag-currency-mismatch"),
              (status = 422, body = crate::error::ApiError, description = "no-pricing-info: unknown sku or no price here")))]
pub async fn add_bag_item(
    State(state): State<Platform>,
    caller: Caller,
    headers: HeaderMap,
    query: QueryPairs,
    JsonBody(request): JsonBody<AddItem>,
) -> AppResult<Response> {
    let currency = currency_of(&query)?;
    let sku_ok = !request.sku_id.is_empty()
        && request.sku_id.len() <= 64
        && request.sku_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !sku_ok {
        return Err(AppError::validation("skuId", "a sku id is letters, digits, '-' and '_'"));
    }
    if !(1..=MAX_UNITS_PER_SKU).contains(&request.quantity) {
        return Err(AppError::validation("quantity", "1 to 10"));
    }
    let offer = find_sku_offer(&state.db, &request.sku_id, currency.code()).await?.ok_or(AppError::NoPricingInfo)?;
    let (price, msrp) = offer.price.ok_or(AppError::NoPricingInfo)?;
    if !offer.in_stock || !offer.product.in_stock {
        return Err(AppError::coded(Code::OutOfStock, "skuId", "this size is out of stock"));
    }
    let (owner, new_cookie) = bag_owner(&state, &caller, &headers, true).await?;
    let owner_key = owner.ok_or(AppError::Unauthorized)?;
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    sqlx::query(
        "INSERT INTO bags (owner_key, currency, updated_at) VALUES ($1, $2, $3) ON CONFLICT (owner_key) DO NOTHING",
    )
    .bind(&owner_key)
    .bind(currency.code())
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let bag_currency: String = sqlx::query_scalar("SELECT currency FROM bags WHERE owner_key = $1")
        .bind(&owner_key)
        .fetch_one(&mut *tx)
        .await?;
    if bag_currency != currency.code() {
        return Err(AppError::coded(
            Code::BagCurrencyMismatch,
            "currency",
            "the bag holds items priced in another currency",
        ));
    }
    // One statement decides the limit, so two parallel adds cannot pass it together.
    let added = sqlx::query(
        "INSERT INTO bag_items (owner_key, sku_id, quantity, added_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (owner_key, sku_id) DO UPDATE SET quantity = bag_items.quantity + excluded.quantity \
         WHERE bag_items.quantity + excluded.quantity <= $5",
    )
    .bind(&owner_key)
    .bind(&offer.sku_id)
    .bind(request.quantity)
    .bind(now)
    .bind(MAX_UNITS_PER_SKU)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if added == 0 {
        return Err(AppError::coded(Code::BagLimit, "quantity", "a bag holds at most 10 of one size"));
    }
    sqlx::query("UPDATE bags SET updated_at = $1 WHERE owner_key = $2")
        .bind(now)
        .bind(&owner_key)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    let mut bag = load_bag(&state, &owner_key, currency).await?;
    bag.added_item = Some(AddedItem {
        sku_id: offer.sku_id,
        category: offer.product.category,
        currency: currency.code().to_owned(),
        image: offer.product.image_url,
        msrp: decimal(msrp, currency),
        price: decimal(price, currency),
        size: offer.size,
        title: offer.product.title,
        total_item_count: bag.totals.quantity,
    });
    let mut response = Json(bag).into_response();
    if let Some(cookie) = new_cookie {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    Ok(response)
}
