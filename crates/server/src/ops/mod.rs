//! The ops API: how a retailer's own systems feed members and orders in (header `X-Ops-Key`).

pub mod body;
pub mod db;
pub mod routes;
