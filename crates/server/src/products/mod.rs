//! The product catalogue fed by ops (`POST /ops/v1/products`), read by shop similar
//! (`GET /orders/shopsimilar/v2/{colorWays}`) and by the bag (buy again).

pub mod db;
pub mod routes;

/// A SKU's offer in a currency, for the bag.
pub use db::find_sku_offer;
