//! The demo world: markets, names, products, stores and partners. Prices are in US dollars and
//! converted per market with a rounding that looks like a real price list. The markets, products and
//! stores are data, in `world.json`, read once.

use std::sync::LazyLock;

use serde::Deserialize;

#[derive(Deserialize)]
pub struct MarketOf<'a> {
    pub country: &'a str,
    pub currency: &'a str,
    pub calling_code: &'a str,
    /// Tax rate in percent; prices include it except where `tax_exclusive`.
    pub tax_percent: i64,
    pub tax_exclusive: bool,
    /// Minor units per US dollar of list price, and the step prices are rounded to (minor units).
    pub minor_per_usd: i64,
    pub round_to: i64,
    #[serde(borrow)]
    pub payments: Vec<&'a str>,
    #[serde(borrow)]
    pub first_names: Vec<&'a str>,
    #[serde(borrow)]
    pub last_names: Vec<&'a str>,
    pub city: &'a str,
    pub street: &'a str,
    pub postal_code: &'a str,
}
pub type Market = MarketOf<'static>;

#[derive(Deserialize)]
pub struct ProductSpecOf<'a> {
    /// Owned: a title may hold an escaped quote, which cannot be borrowed from the JSON text.
    pub title: String,
    pub category: &'a str,
    pub usd: i64,
    pub style: &'a str,
    #[serde(borrow)]
    pub colors: Vec<&'a str>,
    pub shoe: bool,
}
pub type ProductSpec = ProductSpecOf<'static>;

#[derive(Deserialize)]
pub struct StoreSpecOf<'a> {
    pub store_id: &'a str,
    pub name: &'a str,
    pub phone: &'a str,
    #[serde(borrow)]
    pub address: StoreAddressOf<'a>,
    pub timezone: &'a str,
    pub latitude: &'a str,
    pub longitude: &'a str,
    /// Opening hour and hours open, Monday to Saturday; Sunday opens an hour later for two hours less.
    pub opens: &'a str,
    pub hours: &'a str,
}

#[derive(Deserialize)]
pub struct StoreAddressOf<'a> {
    pub street: &'a str,
    pub city: &'a str,
    pub postal_code: &'a str,
    pub country: &'a str,
}
pub type StoreSpec = StoreSpecOf<'static>;

#[derive(Deserialize)]
struct World<'a> {
    #[serde(borrow)]
    markets: Vec<MarketOf<'a>>,
    #[serde(borrow)]
    products: Vec<ProductSpecOf<'a>>,
    #[serde(borrow)]
    stores: Vec<StoreSpecOf<'a>>,
}

#[expect(clippy::expect_used, reason = "the file is part of the build; a test reads it")]
static WORLD: LazyLock<World<'static>> =
    LazyLock::new(|| serde_json::from_str(include_str!("world.json")).expect("seed/world.json reads"));

pub static MARKETS: LazyLock<&'static [Market]> = LazyLock::new(|| &WORLD.markets);
pub static PRODUCTS: LazyLock<&'static [ProductSpec]> = LazyLock::new(|| &WORLD.products);
pub static STORES: LazyLock<&'static [StoreSpec]> = LazyLock::new(|| &WORLD.stores);

pub const SHOE_SIZES: &[&str] = &["6", "7", "8", "8.5", "9", "9.5", "10", "10.5", "11", "12"];
pub const APPAREL_SIZES: &[&str] = &["XS", "S", "M", "L", "XL", "XXL"];

pub const PARTNERS: &[&str] = &["Northwind Sports", "Runners Hub", "Summit Outfitters", "City Athletics"];

pub const CARRIERS: &[(&str, &str)] = &[
    ("US", "https://tracking.example.com/ups/"),
    ("GB", "https://tracking.example.com/royalmail/"),
    ("FR", "https://tracking.example.com/colissimo/"),
    ("DE", "https://tracking.example.com/dhl/"),
    ("NL", "https://tracking.example.com/postnl/"),
    ("JP", "https://tracking.example.com/sagawa/"),
    ("KR", "https://tracking.example.com/cj/"),
    ("CN", "https://tracking.example.com/sf/"),
    ("AU", "https://tracking.example.com/auspost/"),
];

#[cfg(test)]
mod tests {
    #[test]
    fn the_world_reads() {
        assert_eq!((super::MARKETS.len(), super::PRODUCTS.len(), super::STORES.len()), (9, 20, 11));
    }
}
