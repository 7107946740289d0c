//! The return window (spec 001 §9): "30 days from the order date" and "extended to 60 days" are both
//! given. Our choice: a per-country setting, 30 days by default, 60 days in the countries of the EMEA
//! return flow (the extended period note belongs to that flow). Change `EXTENDED_WINDOW_COUNTRIES` to move
//! a country.

use super::country_key;
use crate::SimpleStatus;

pub const DEFAULT_WINDOW_DAYS: i64 = 30;
pub const EXTENDED_WINDOW_DAYS: i64 = 60;
/// Our choice (see the module comment): the EMEA carrier-list countries.
pub const EXTENDED_WINDOW_COUNTRIES: &[&str] = super::EMEA_CARRIER_COUNTRIES;
/// Return buttons on a return order show for 30 days from its order date (spec 001 §4.3).
pub const RETURN_BUTTONS_DAYS: i64 = 30;

/// One day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

pub fn window_days(country: &str) -> i64 {
    if EXTENDED_WINDOW_COUNTRIES.contains(&country_key(country).as_str()) {
        EXTENDED_WINDOW_DAYS
    } else {
        DEFAULT_WINDOW_DAYS
    }
}

/// The last moment (Unix ms) a return may be made for an order placed at `order_date_ms`.
pub fn deadline_ms(order_date_ms: i64, country: &str) -> i64 {
    order_date_ms.saturating_add(window_days(country).saturating_mul(DAY_MS))
}

pub fn within_window(order_date_ms: i64, now_ms: i64, country: &str) -> bool {
    now_ms <= deadline_ms(order_date_ms, country)
}

/// The moment (Unix ms) the return buttons of a return order placed at `order_date_ms` stop showing.
pub fn return_buttons_close_ms(order_date_ms: i64) -> i64 {
    order_date_ms.saturating_add(RETURN_BUTTONS_DAYS.saturating_mul(DAY_MS))
}

/// Label and return buttons of a return order: only while it is created or in process and not older than
/// 30 days (spec 001 §4.3).
pub fn return_buttons_shown(status: SimpleStatus, order_date_ms: i64, now_ms: i64) -> bool {
    matches!(status, SimpleStatus::ReturnCreated | SimpleStatus::ReturnInProcess)
        && now_ms <= return_buttons_close_ms(order_date_ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_by_country() {
        let cases = [
            ("US", 30),
            ("us", 30),
            ("JP", 30),
            ("KR", 30),
            ("AU", 30),
            ("CN", 30),
            ("XX", 30),
            ("GB", 60),
            ("DE", 60),
            ("NL", 60),
            ("fr", 60),
            ("IT", 60),
        ];
        for (country, days) in cases {
            assert_eq!(window_days(country), days, "{country}");
        }
    }

    #[test]
    fn deadline_is_inclusive() {
        let placed = 1_700_000_000_000;
        let cases = [
            ("US", 30 * DAY_MS, true),
            ("US", 30 * DAY_MS + 1, false),
            ("DE", 31 * DAY_MS, true),
            ("DE", 60 * DAY_MS, true),
            ("DE", 60 * DAY_MS + 1, false),
        ];
        for (country, elapsed, open) in cases {
            assert_eq!(within_window(placed, placed + elapsed, country), open, "{country} {elapsed}");
        }
    }

    #[test]
    fn return_buttons_follow_status_and_thirty_days() {
        let cases = [
            (SimpleStatus::ReturnCreated, 29, true),
            (SimpleStatus::ReturnInProcess, 30, true),
            (SimpleStatus::ReturnCreated, 31, false),
            (SimpleStatus::ReturnCompleted, 1, false),
            (SimpleStatus::ReturnDenied, 1, false),
        ];
        for (status, days, shown) in cases {
            assert_eq!(return_buttons_shown(status, 0, days * DAY_MS), shown, "{status:?} {days}");
        }
    }
}
