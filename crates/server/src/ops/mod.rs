//! The ops API: how a retailer's own systems feed members and orders in (header `X-Ops-Key`).

pub mod body;
pub mod db;
pub mod import;
pub mod outbox;
pub mod routes;

/// The ops feed's body parsing (`parse_order` is how a fed order becomes the stored record).
pub use crate::orders::{parse, parse_order};
/// Who owns an order already in the store.
pub use db::order_owner;
