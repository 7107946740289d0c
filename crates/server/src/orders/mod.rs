//! Order history and order detail (spec 000 sections 3, 4 and 7).

pub mod cache;
pub mod db;
pub mod routes;
pub mod view;
