//! The pickup store of an order collected at a store, from its stored row.

use std::collections::BTreeMap;

use domain::store_hours::{HoursText, parse_hours};

use super::super::db::StoreRow;
use super::format::corrupt;
use super::types::{Gps, OpeningHours, PickupHours, PickupStore, SpecialHours};
use crate::error::AppError;
use crate::stores::ReadHours;

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
        pickup_hours: pickup_hours(&store.regular_hours, &store.special_hours)?,
    })
}

/// The store's hours from their stored text, with the server's reading of them beside it.
fn pickup_hours(regular: &str, special: &str) -> Result<PickupHours, AppError> {
    let regular_hours: BTreeMap<String, OpeningHours> =
        serde_json::from_str(regular).map_err(|e| corrupt("store hours", e))?;
    let special_hours: Vec<SpecialHours> = serde_json::from_str(special).map_err(|e| corrupt("store hours", e))?;
    let read = parse_hours(
        regular_hours.iter().map(|(day, hours)| HoursText {
            day,
            start_time: &hours.start_time,
            duration: &hours.duration,
        }),
        special_hours.iter().map(|hours| HoursText {
            day: &hours.date,
            start_time: &hours.start_time,
            duration: &hours.duration,
        }),
    )
    .map_err(|(entry, error)| corrupt("store hours", format!("{entry:?}: {error}")))?;
    Ok(PickupHours { read_hours: ReadHours::of(&read), regular_hours, special_hours })
}
