//! Stores: the ops feed and the store views.
//!
//! API summary:
//! - `POST /ops/v1/stores` (X-Ops-Key): create or replace a store (body: [`routes::StoreInput`]); every
//!   field validated, 400 `validation-failed` naming the field; 201 new, 200 replaced.
//! - `GET /store/store_views/v1?country=&q=&page=`: 3 stores per page of one country, searched by name,
//!   city or postal code (case-insensitive substring), each with `isOpenNow`, hours, address, phone, services.
//! - `GET /store/store_views/v1/{storeId}`: one store; unknown id -> 404 `store-views-service-failure`.
//! - [`find`]`(&db, id) -> Option<StoreRecord>` for other areas (e.g. returns to store).
//!
//! Open-now is `domain::store_hours` (spec 001 §4.5) judged in the store's time zone.

pub mod db;
pub mod hours;
pub mod routes;
pub mod search_input;

/// One store by id, for other areas.
pub use db::find;
/// A store's hours as the answers carry them, read by the server (the order detail's pickup store).
pub use hours::{Opening, ReadHours, SpecialDay, WeekdayOpening};
/// One store as the store views show it (the store-return instructions name the store with it).
pub use routes::StoreView;

/// Store views per page (spec 001 §9: store selector 3 per page).
pub const PAGE_SIZE: i64 = 3;
