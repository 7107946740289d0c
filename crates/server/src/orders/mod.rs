//! Order history and order detail (spec 000 sections 3, 4 and 7).

pub mod behind;
pub mod cache;
pub mod columns;
pub mod contract;
pub mod db;
pub mod detail;
pub mod edits;
pub mod fields;
pub mod hooks;
pub mod ready;
pub mod ready_detail;
pub mod ready_page;
pub mod routes;
pub mod store;
pub mod view;
