//! The demo catalogue: every colourway of every demo product, with its sizes and a price in each demo
//! market's currency, named exactly as the generated order lines name them (style colour, sku, image),
//! so that shop similar and buy again work on the demo orders.

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
    let colors: Vec<String> = product.colors[color_index]
        .split('/')
        .filter_map(|part| part.split_whitespace().next())
        .map(str::to_lowercase)
        .collect();
    format!("/images/products/{}/{}/{style_color}.svg", product_kind(product.shoe, product.category), colors.join("-"))
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
