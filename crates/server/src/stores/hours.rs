//! A store's hours as the answers carry them beside their text: each weekday's and each special date's
//! opening in minutes after the store-local midnight, read once by `domain::store_hours` (spec 001
//! §4.5), so a client formats them and parses nothing.

use chrono::Weekday;
use domain::store_hours::{DayHours, StoreHours};
use serde::Serialize;
use utoipa::ToSchema;

/// One day's opening, in minutes after the store-local midnight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Opening {
    /// 0 to 1439.
    pub opens_minutes: u32,
    /// `opensMinutes` plus the duration: past 1440 when the opening runs past midnight.
    pub closes_minutes: u32,
}

impl Opening {
    fn of(hours: Option<DayHours>) -> Option<Self> {
        hours.map(|day| Self { opens_minutes: day.opens_minutes(), closes_minutes: day.closes_minutes() })
    }
}

/// One weekday's regular opening.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeekdayOpening {
    /// monday ... sunday.
    pub weekday: String,
    /// Null when the store is closed that weekday.
    #[schema(required = true)]
    pub hours: Option<Opening>,
}

/// The opening of a date with special hours (which replace that weekday's regular hours).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialDay {
    /// YYYY-MM-DD, in the store's time zone.
    pub date: String,
    /// Null when the store is closed that day.
    #[schema(required = true)]
    pub hours: Option<Opening>,
}

/// The store's hours as read by the server: flattened into the answers that carry the hours' text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadHours {
    /// Monday first, all seven days.
    pub weekly: Vec<WeekdayOpening>,
    /// Each date with special hours once, in date order.
    pub special_days: Vec<SpecialDay>,
}

const WEEK: [Weekday; 7] =
    [Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri, Weekday::Sat, Weekday::Sun];

impl ReadHours {
    pub fn of(hours: &StoreHours) -> Self {
        let weekly = WEEK
            .iter()
            .zip(hours.weekly())
            .map(|(weekday, day)| WeekdayOpening {
                weekday: weekday_name(*weekday).to_owned(),
                hours: Opening::of(day),
            })
            .collect();
        let special_days = hours
            .special_days()
            .into_iter()
            .map(|(date, day)| SpecialDay { date: date.format("%Y-%m-%d").to_string(), hours: Opening::of(day) })
            .collect();
        Self { weekly, special_days }
    }
}

fn weekday_name(weekday: Weekday) -> &'static str {
    match weekday {
        Weekday::Mon => "monday",
        Weekday::Tue => "tuesday",
        Weekday::Wed => "wednesday",
        Weekday::Thu => "thursday",
        Weekday::Fri => "friday",
        Weekday::Sat => "saturday",
        Weekday::Sun => "sunday",
    }
}
