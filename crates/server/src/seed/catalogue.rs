//! The demo catalogue: every colourway of every demo product, with its sizes and a price in each demo
//! market's currency, named exactly as the generated order lines name them (style colour, sku, image),
//! so that shop similar and buy again work on the demo orders.

use sqlx::Row;

use super::data::{APPAREL_SIZES, MARKETS, Market, PRODUCTS, ProductSpec};
use crate::BoxError;
use crate::db::Db;
use crate::products::db::{PriceRecord, ProductRecord, SkuRecord, upsert_product};

/// The style colour code of a product's colourway, as order lines carry it.
pub fn style_color(product_index: usize, color_index: usize) -> String {
    let product = &PRODUCTS[product_index];
    format!("{}{:03}-{:03}", product.style, product_index * 7 + 100, color_index * 10 + 1)
}

/// The sku of a size of a colourway.
pub fn sku_id(style_color: &str, size: &str) -> String {
    format!("{style_color}-{size}").replace(['.', ' '], "_")
}

/// What is drawn for a product of this kind (the demo image server, `catalog.rs`, draws it).
pub fn product_kind(shoe: bool, category: &str) -> &'static str {
    let has = |word: &str| category.contains(word);
    if shoe {
        if has("Running") { "running" } else { "shoe" }
    } else if has("Shorts") {
        "bottom"
    } else if has("Leggings") || has("Pants") {
        "pants"
    } else if has("Hoodie") || has("Jacket") || has("Parka") {
        "jacket"
    } else if has("Sweatshirt") {
        "crew"
    } else if has("Backpack") {
        "bag"
    } else if has("Cap") {
        "cap"
    } else if has("Socks") {
        "socks"
    } else {
        "top"
    }
}

/// The drawn image of a colourway: its kind and its colour words ("Pink Foam/White" -> `pink-white`).
pub fn image_url(product: &ProductSpec, color_index: usize, style_color: &str) -> String {
    drawn_image_url(product_kind(product.shoe, product.category), product.colors[color_index], style_color)
}

/// `/images/products/{kind}/{colour words}/{styleColor}.svg`: the drawing of that kind in those colours, so
/// a demo line's picture matches its category and colour (walk minor 22).
pub fn drawn_image_url(kind: &str, color: &str, style_color: &str) -> String {
    let colors: Vec<String> =
        color.split('/').filter_map(|part| part.split_whitespace().next()).map(str::to_lowercase).collect();
    format!("/images/products/{kind}/{}/{style_color}.svg", colors.join("-"))
}

/// A list price in a market's currency, rounded as that market's price list is.
pub fn market_price(product: &ProductSpec, market: &Market) -> i64 {
    super::generate::round_price(product.usd * market.minor_per_usd, market)
}

/// Writes the catalogue (a few dozen products) through the one product writer.
pub async fn write(db: &Db, sizes_for_shoes: &[&str], now_ms: i64) -> Result<(), BoxError> {
    for (product_index, product) in PRODUCTS.iter().enumerate() {
        for (color_index, color) in product.colors.iter().enumerate() {
            let code = style_color(product_index, color_index);
            let sizes = if product.shoe { sizes_for_shoes } else { APPAREL_SIZES };
            // Every fifth size is sold out, so the catalogue shows out-of-stock sizes too.
            let skus: Vec<SkuRecord> = sizes
                .iter()
                .enumerate()
                .map(|(index, size)| SkuRecord {
                    sku_id: sku_id(&code, size),
                    size: (*size).to_owned(),
                    in_stock: index % 5 != 4,
                })
                .collect();
            // One price per currency, from the first market that uses it. By position, not by address: a
            // `const` slice may be a new copy at each use, so comparing addresses dropped every price.
            let prices: Vec<PriceRecord> = MARKETS
                .iter()
                .enumerate()
                .filter(|(index, market)| !MARKETS[..*index].iter().any(|m| m.currency == market.currency))
                .map(|(_, market)| {
                    let price = market_price(product, market);
                    PriceRecord { currency: market.currency.to_owned(), price, msrp: price }
                })
                .collect();
            let record = ProductRecord {
                product_id: format!("{:016x}", super::rng::stable_hash(product.style)),
                title: product.title.to_owned(),
                subtitle: product.category.to_owned(),
                category: product.category.to_owned(),
                color: (*color).to_owned(),
                image_url: image_url(product, color_index, &code),
                slug: format!("{}/{}", product.title.to_lowercase().replace(' ', "-"), code.to_lowercase()),
                popularity: ((product_index * 37 + color_index * 11) % 100) as i64,
                in_stock: true,
                style_color: code,
            };
            upsert_product(db, &record, &skus, &prices, now_ms).await.map_err(|error| error.to_string())?;
        }
    }
    Ok(())
}

/// One line of a demo order whose size the catalogue does not sell (`backfill`).
struct UnsoldLine {
    style_color: String,
    product_id: String,
    sku_id: String,
    size: String,
    title: String,
    category: String,
    color: String,
    image_url: String,
    currency: String,
    unit_price: i64,
}

/// Puts every size the demo orders hold into the catalogue, priced as the order priced it. The README's
/// hand-written orders (modals, cancellation, returns, curbside) carry their own products; without this
/// every "Buy again" on them answered no-pricing-info (browser walk S3).
pub async fn backfill(db: &Db, now_ms: i64) -> Result<(), BoxError> {
    let rows = sqlx::query(
        "SELECT l.style_color, l.product_id, l.sku_id, l.size, l.title, l.category, l.color, l.image_url, o.currency, \
         l.unit_price FROM order_lines l JOIN orders o ON o.order_number = l.order_number \
         WHERE l.style_color <> '' AND NOT EXISTS (SELECT 1 FROM product_skus s WHERE s.sku_id = l.sku_id) \
         ORDER BY l.style_color, l.sku_id, o.currency",
    )
    .fetch_all(&db.pool)
    .await?;
    let lines = rows
        .iter()
        .map(|row| {
            Ok(UnsoldLine {
                style_color: row.try_get(0)?,
                product_id: row.try_get(1)?,
                sku_id: row.try_get(2)?,
                size: row.try_get(3)?,
                title: row.try_get(4)?,
                category: row.try_get(5)?,
                color: row.try_get(6)?,
                image_url: row.try_get(7)?,
                currency: row.try_get(8)?,
                unit_price: row.try_get(9)?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    for style in lines.chunk_by(|a, b| a.style_color == b.style_color) {
        let Some(first) = style.first() else { continue };
        // A style the catalogue already has keeps its sizes and prices: only the missing sizes are added.
        let existing = crate::products::db::find_products(db, std::slice::from_ref(&first.style_color)).await?;
        if !existing.is_empty() {
            continue;
        }
        let mut skus: Vec<SkuRecord> = Vec::new();
        let mut prices: Vec<PriceRecord> = Vec::new();
        for line in style {
            if !skus.iter().any(|sku| sku.sku_id == line.sku_id) {
                skus.push(SkuRecord { sku_id: line.sku_id.clone(), size: line.size.clone(), in_stock: true });
            }
            if !prices.iter().any(|price| price.currency == line.currency) {
                prices.push(PriceRecord {
                    currency: line.currency.clone(),
                    price: line.unit_price,
                    msrp: line.unit_price,
                });
            }
        }
        let record = ProductRecord {
            style_color: first.style_color.clone(),
            product_id: first.product_id.clone(),
            title: first.title.clone(),
            subtitle: first.category.clone(),
            category: first.category.clone(),
            color: first.color.clone(),
            image_url: first.image_url.clone(),
            slug: format!("{}/{}", first.title.to_lowercase().replace(' ', "-"), first.style_color.to_lowercase()),
            popularity: 0,
            in_stock: true,
        };
        upsert_product(db, &record, &skus, &prices, now_ms).await.map_err(|error| error.to_string())?;
    }
    Ok(())
}
