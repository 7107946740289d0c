//! The pickup store of an order collected at a store, from its stored row.

use super::super::db::StoreRow;
use super::format::corrupt;
use super::types::{Gps, PickupHours, PickupStore};
use crate::error::AppError;

pub(super) fn build_store(store: StoreRow) -> Result<PickupStore, AppError> {
    let mut address_lines: Vec<String> =
        serde_json::from_str(&store.address_lines).map_err(|e| corrupt("store address", e))?;
    address_lines.push(format!("{} {}", store.postal_code, store.city).trim().to_owned());
    Ok(PickupStore {
        store_id: store.store_id,
        store_name: store.name,
        telephone: store.phone,
        address_lines,
        country: store.country,
        timezone: store.timezone,
        gps: Gps {
            latitude: store.latitude.parse().unwrap_or_default(),
            longitude: store.longitude.parse().unwrap_or_default(),
        },
        pickup_hours: PickupHours {
            regular_hours: serde_json::from_str(&store.regular_hours).map_err(|e| corrupt("store hours", e))?,
            special_hours: serde_json::from_str(&store.special_hours).map_err(|e| corrupt("store hours", e))?,
        },
    })
}
