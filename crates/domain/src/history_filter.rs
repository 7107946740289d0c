//! The member history's `filter` query (issue 9): `orderType(...)`, `orderNumber(<fragment>)`,
//! `status(<group>)` and `year(<yyyy>)`, each at most once. Guest filters (e-mail, phone) are not
//! history filters.

use chrono::{Datelike, TimeZone};
use chrono_tz::Tz;

use crate::OrderType;
use crate::guest_filter::split_filter;
use crate::rules::{is_order_number_fragment, strip_order_number_separators};
use crate::status::StatusGroup;

/// The earliest year the year filter takes (order dates are Unix times).
pub const FIRST_YEAR: i32 = 1970;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryFilters {
    pub order_type: OrderType,
    /// Lower case: matched case-insensitively as a part of the order number.
    pub order_number: Option<String>,
    pub status: Option<StatusGroup>,
    pub year: Option<i32>,
}

impl Default for HistoryFilters {
    fn default() -> Self {
        Self { order_type: OrderType::SalesOrder, order_number: None, status: None, year: None }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryFilterError {
    #[error("a filter is written name(value), e.g. status(delivered)")]
    Malformed,
    #[error("unknown filter {0}; the history takes orderType, orderNumber, status and year")]
    UnknownName(String),
    #[error("the {0} filter is given more than once")]
    Repeated(&'static str),
    #[error("the history takes no guest filters (email, phoneNumber)")]
    GuestFilter,
    #[error("orderType is SALES_ORDER, PARTNER_SALES_ORDER or RETURN_ORDER")]
    InvalidOrderType,
    #[error(
        "orderNumber takes 4 to 20 letters or digits of an order or return number (spaces and hyphens are ignored)"
    )]
    InvalidOrderNumber,
    #[error("status is inProgress, delivered, cancelled or returned")]
    InvalidStatus,
    #[error("year is a year from 1970 to {0}")]
    InvalidYear(i32),
}

/// Reads the history's filters; `latest_year` is the last year `year(...)` accepts (next year).
pub fn parse_history_filters<'a>(
    parts: impl IntoIterator<Item = &'a str>,
    latest_year: i32,
) -> Result<HistoryFilters, HistoryFilterError> {
    let mut filters = HistoryFilters::default();
    let mut seen: Vec<&'static str> = Vec::new();
    for part in parts {
        let (name, value) = split_filter(part).map_err(|_| HistoryFilterError::Malformed)?;
        let name: &'static str = match name {
            "orderType" => {
                filters.order_type = OrderType::parse(value.trim()).ok_or(HistoryFilterError::InvalidOrderType)?;
                "orderType"
            }
            "orderNumber" => {
                // Typed as printed ("C 9RM-00000001"): the separators go before the fragment is checked.
                let value = strip_order_number_separators(value);
                if !is_order_number_fragment(&value) {
                    return Err(HistoryFilterError::InvalidOrderNumber);
                }
                filters.order_number = Some(value.to_ascii_lowercase());
                "orderNumber"
            }
            "status" => {
                filters.status = Some(StatusGroup::parse(value).ok_or(HistoryFilterError::InvalidStatus)?);
                "status"
            }
            "year" => {
                let year = parse_year(value, latest_year).ok_or(HistoryFilterError::InvalidYear(latest_year))?;
                filters.year = Some(year);
                "year"
            }
            "email" | "phoneNumber" => return Err(HistoryFilterError::GuestFilter),
            other => return Err(HistoryFilterError::UnknownName(other.to_owned())),
        };
        if seen.contains(&name) {
            return Err(HistoryFilterError::Repeated(name));
        }
        seen.push(name);
    }
    Ok(filters)
}

/// Four digits, `FIRST_YEAR..=latest_year`.
fn parse_year(value: &str, latest_year: i32) -> Option<i32> {
    let digits = value.len() == 4 && value.bytes().all(|b| b.is_ascii_digit());
    let year: i32 = value.parse().ok().filter(|_| digits)?;
    (FIRST_YEAR..=latest_year).contains(&year).then_some(year)
}

impl HistoryFilters {
    /// The filters as `filter` values in one fixed order (the next-page link and the cache key); the
    /// order type always, the others when set.
    pub fn query_values(&self) -> Vec<String> {
        let mut values = vec![format!("orderType({})", self.order_type.as_str())];
        if let Some(fragment) = &self.order_number {
            values.push(format!("orderNumber({fragment})"));
        }
        if let Some(group) = self.status {
            values.push(format!("status({})", group.as_str()));
        }
        if let Some(year) = self.year {
            values.push(format!("year({year})"));
        }
        values
    }

    /// Whether anything narrows the list beyond its order type.
    pub fn narrows(&self) -> bool {
        self.order_number.is_some() || self.status.is_some() || self.year.is_some()
    }
}

/// Midnight of 1 January of `year` in `zone`, in Unix milliseconds (the first instant of that day when
/// midnight does not exist there).
pub fn year_start_ms(year: i32, zone: Tz) -> i64 {
    (0..24)
        .find_map(|hour| zone.with_ymd_and_hms(year, 1, 1, hour, 0, 0).earliest())
        .map_or_else(|| chrono::Utc.with_ymd_and_hms(year, 1, 1, 0, 0, 0).earliest(), |local| Some(local.to_utc()))
        .map_or(0, |instant| instant.timestamp_millis())
}

/// `[start, end)` of `year` in `zone`, Unix milliseconds: the `order_date` range of the year filter.
pub fn year_range_ms(year: i32, zone: Tz) -> (i64, i64) {
    (year_start_ms(year, zone), year_start_ms(year + 1, zone))
}

/// The year of an instant (Unix milliseconds) in `zone`.
pub fn year_at(ms: i64, zone: Tz) -> i32 {
    zone.timestamp_millis_opt(ms).earliest().map_or(FIRST_YEAR, |local| local.year())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(parts: &[&str]) -> Result<HistoryFilters, HistoryFilterError> {
        parse_history_filters(parts.iter().copied(), 2027)
    }

    #[test]
    fn every_filter_is_read_and_the_fragment_is_lower_cased() {
        let filters =
            parse(&["orderType(PARTNER_SALES_ORDER)", "orderNumber(C00Ab12)", "status(inProgress)", "year(2025)"]);
        assert_eq!(
            filters,
            Ok(HistoryFilters {
                order_type: OrderType::PartnerSalesOrder,
                order_number: Some("c00ab12".into()),
                status: Some(StatusGroup::InProgress),
                year: Some(2025),
            })
        );
        assert_eq!(parse(&[]), Ok(HistoryFilters::default()));
        let typed = parse(&["orderNumber(C 9RM-00000001)"]).map(|f| f.order_number);
        assert_eq!(typed, Ok(Some("c9rm00000001".into())), "spaces and hyphens are removed");
        assert_eq!(parse(&["year(1970)"]).map(|f| f.year), Ok(Some(1970)));
        assert_eq!(parse(&["year(2027)"]).map(|f| f.year), Ok(Some(2027)));
    }

    #[test]
    fn bad_filters_say_what_is_accepted() {
        use HistoryFilterError::*;
        let cases: &[(&[&str], HistoryFilterError)] = &[
            (&["orderNumber(123)"], InvalidOrderNumber),
            (&["orderNumber(C001234567890123456789)"], InvalidOrderNumber),
            (&["orderNumber(C-1 2)"], InvalidOrderNumber),
            (&["orderNumber(%25)"], InvalidOrderNumber),
            (&["orderNumber(C0_1234)"], InvalidOrderNumber),
            (&["status(shipped)"], InvalidStatus),
            (&["status(Delivered)"], InvalidStatus),
            (&["year(1969)"], InvalidYear(2027)),
            (&["year(2028)"], InvalidYear(2027)),
            (&["year(+202)"], InvalidYear(2027)),
            (&["year(25)"], InvalidYear(2027)),
            (&["orderType(GIFT)"], InvalidOrderType),
            (&["email(a@example.com)"], GuestFilter),
            (&["phoneNumber(14155550100)"], GuestFilter),
            (&["price(10)"], UnknownName("price".into())),
            (&["status(delivered"], Malformed),
            (&["status(delivered)", "status(cancelled)"], Repeated("status")),
            (&["year(2025)", "year(2025)"], Repeated("year")),
            (&["orderType(SALES_ORDER)", "orderType(SALES_ORDER)"], Repeated("orderType")),
        ];
        for (parts, expected) in cases {
            assert_eq!(parse(parts).as_ref(), Err(expected), "{parts:?}");
        }
        assert!(InvalidOrderNumber.to_string().contains("4 to 20 letters or digits"));
        assert!(InvalidYear(2027).to_string().contains("1970 to 2027"));
    }

    #[test]
    fn the_query_values_round_trip() {
        let filters = parse(&["year(2024)", "status(returned)", "orderNumber(ABCD)"]).unwrap_or_default();
        let values = filters.query_values();
        assert_eq!(values, ["orderType(SALES_ORDER)", "orderNumber(abcd)", "status(returned)", "year(2024)"]);
        assert_eq!(parse(&values.iter().map(String::as_str).collect::<Vec<_>>()), Ok(filters.clone()));
        assert!(filters.narrows());
        assert!(!HistoryFilters::default().narrows());
    }

    #[test]
    fn a_year_begins_at_local_midnight() {
        let utc = year_range_ms(2026, chrono_tz::UTC);
        assert_eq!(utc, (1_767_225_600_000, 1_798_761_600_000));
        // New York is UTC-5 in January: its 2026 begins five hours after UTC's.
        let new_york = year_range_ms(2026, chrono_tz::America::New_York);
        assert_eq!(new_york, (utc.0 + 5 * 3_600_000, utc.1 + 5 * 3_600_000));
        // Sydney is UTC+11 (summer time) in January: its 2026 begins eleven hours before UTC's.
        let sydney = year_range_ms(2026, chrono_tz::Australia::Sydney);
        assert_eq!(sydney.0, utc.0 - 11 * 3_600_000);
        // 31 December 2025 20:00 in New York is already 2026 in UTC and Sydney.
        let evening = utc.0 + 3_600_000;
        assert_eq!(year_at(evening, chrono_tz::America::New_York), 2025);
        assert_eq!(year_at(evening, chrono_tz::UTC), 2026);
        assert!(new_york.0 > evening && evening >= sydney.0);
        assert_eq!(year_start_ms(1970, chrono_tz::UTC), 0);
    }
}
