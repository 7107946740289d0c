//! Store opening hours and the open-now rule (spec 001 §4.5): a store is open when the current time, in the
//! STORE's time zone, falls within today's hours; special hours dated today replace the regular weekday
//! hours; closing time = opening time + duration (hours, may be fractional). A duration of 0 means closed.
//!
//! Where the spec is silent: hours that run past midnight (e.g. 22:00 for 4 hours) keep the store open
//! until 02:00 the next day, judged by the day they started on (that day's special hours, if any, else
//! its regular hours). A duration of 24 is open all day.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Utc, Weekday};
use chrono_tz::Tz;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HoursError {
    #[error("startTime must be HH:MM (00:00 to 23:59)")]
    StartTime,
    #[error("duration must be a number of hours from 0 to 24")]
    Duration,
    #[error("date must be YYYY-MM-DD")]
    Date,
    #[error("unknown weekday")]
    Weekday,
    #[error("unknown time zone")]
    TimeZone,
}

/// One day's opening: start (local) and length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayHours {
    pub start: NaiveTime,
    pub minutes: u32,
}

impl DayHours {
    /// `start_time` "HH:MM", `duration` hours as text ("9", "11.5").
    pub fn parse(start_time: &str, duration: &str) -> Result<Self, HoursError> {
        let start_time = start_time.trim();
        if start_time.len() != 5 {
            return Err(HoursError::StartTime);
        }
        let start = NaiveTime::parse_from_str(start_time, "%H:%M").map_err(|_| HoursError::StartTime)?;
        let hours: f64 = duration.trim().parse().map_err(|_| HoursError::Duration)?;
        if !hours.is_finite() || !(0.0..=24.0).contains(&hours) {
            return Err(HoursError::Duration);
        }
        Ok(Self { start, minutes: (hours * 60.0).round() as u32 })
    }

    /// Is `at` within this opening, when it starts on `day`?
    fn covers(&self, day: NaiveDate, at: NaiveDateTime) -> bool {
        if self.minutes == 0 {
            return false;
        }
        let open = day.and_time(self.start);
        let close = open + Duration::minutes(i64::from(self.minutes));
        open <= at && at < close
    }
}

/// Regular hours by weekday and special hours by date.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoreHours {
    /// Monday first; None = closed that weekday.
    pub regular: [Option<DayHours>; 7],
    pub special: Vec<(NaiveDate, DayHours)>,
}

/// `monday`..`sunday` (any case) to a weekday.
pub fn parse_weekday(name: &str) -> Result<Weekday, HoursError> {
    match name.trim().to_ascii_lowercase().as_str() {
        "monday" => Ok(Weekday::Mon),
        "tuesday" => Ok(Weekday::Tue),
        "wednesday" => Ok(Weekday::Wed),
        "thursday" => Ok(Weekday::Thu),
        "friday" => Ok(Weekday::Fri),
        "saturday" => Ok(Weekday::Sat),
        "sunday" => Ok(Weekday::Sun),
        _ => Err(HoursError::Weekday),
    }
}

pub fn parse_date(text: &str) -> Result<NaiveDate, HoursError> {
    let text = text.trim();
    if text.len() != 10 {
        return Err(HoursError::Date);
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| HoursError::Date)
}

pub fn parse_time_zone(name: &str) -> Result<Tz, HoursError> {
    name.trim().parse::<Tz>().map_err(|_| HoursError::TimeZone)
}

impl StoreHours {
    pub fn set_regular(&mut self, weekday: Weekday, hours: DayHours) {
        self.regular[weekday.num_days_from_monday() as usize] = Some(hours);
    }

    /// The hours that apply on `day`: special hours dated that day, else the weekday's regular hours.
    pub fn for_day(&self, day: NaiveDate) -> Option<DayHours> {
        match self.special.iter().find(|(date, _)| *date == day) {
            Some((_, hours)) => Some(*hours),
            None => self.regular[day.weekday().num_days_from_monday() as usize],
        }
    }

    /// Open at this local (store time zone) moment?
    pub fn is_open_at_local(&self, at: NaiveDateTime) -> bool {
        let today = at.date();
        let today_open = self.for_day(today).is_some_and(|h| h.covers(today, at));
        let yesterday = today.pred_opt();
        let carried_over = yesterday.is_some_and(|y| self.for_day(y).is_some_and(|h| h.covers(y, at)));
        today_open || carried_over
    }

    /// Open at `now`, judged in the store's time zone?
    pub fn is_open_now(&self, time_zone: Tz, now: DateTime<Utc>) -> bool {
        self.is_open_at_local(now.with_timezone(&time_zone).naive_local())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn hours(start: &str, duration: &str) -> DayHours {
        DayHours::parse(start, duration).unwrap()
    }

    fn weekdays_10_to_19() -> StoreHours {
        let mut h = StoreHours::default();
        for day in [Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri, Weekday::Sat] {
            h.set_regular(day, hours("10:00", "9"));
        }
        h
    }

    fn utc(y: i32, m: u32, d: u32, hh: u32, mm: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, hh, mm, 0).unwrap()
    }

    #[test]
    fn open_now_follows_the_store_time_zone() {
        // Monday 2026-11-23.
        let h = weekdays_10_to_19();
        let cases = [
            ("America/New_York", utc(2026, 11, 23, 15, 0), true), // 10:00 local, opening minute
            ("America/New_York", utc(2026, 11, 23, 14, 59), false), // 09:59 local
            ("America/New_York", utc(2026, 11, 24, 0, 0), false), // 19:00 local, closing minute
            ("America/New_York", utc(2026, 11, 23, 23, 59), true), // 18:59 local
            ("Asia/Tokyo", utc(2026, 11, 23, 2, 0), true),        // 11:00 Monday in Tokyo
            ("Asia/Tokyo", utc(2026, 11, 22, 2, 0), false),       // 11:00 Sunday in Tokyo: closed
            ("Europe/London", utc(2026, 11, 23, 18, 30), true),   // 18:30 local
            ("Australia/Sydney", utc(2026, 11, 23, 0, 0), true),  // 11:00 Monday in Sydney (UTC+11)
        ];
        for (zone, now, open) in cases {
            assert_eq!(h.is_open_now(parse_time_zone(zone).unwrap(), now), open, "{zone} {now}");
        }
    }

    #[test]
    fn special_hours_dated_today_override_the_regular_hours() {
        let mut h = weekdays_10_to_19();
        let christmas_eve = NaiveDate::from_ymd_opt(2026, 12, 24).unwrap(); // Thursday
        h.special.push((christmas_eve, hours("09:00", "5")));
        let new_year = NaiveDate::from_ymd_opt(2027, 1, 1).unwrap(); // Friday
        h.special.push((new_year, hours("00:00", "0")));
        let sunday = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
        h.special.push((sunday, hours("12:00", "4")));
        let at = |d: NaiveDate, t: &str| d.and_time(NaiveTime::parse_from_str(t, "%H:%M").unwrap());
        let cases = [
            (at(christmas_eve, "09:30"), true),
            (at(christmas_eve, "15:00"), false),
            (at(new_year, "12:00"), false),
            (at(sunday, "13:00"), true),
            (at(sunday, "16:00"), false),
            (at(NaiveDate::from_ymd_opt(2026, 12, 23).unwrap(), "15:00"), true),
        ];
        for (moment, open) in cases {
            assert_eq!(h.is_open_at_local(moment), open, "{moment}");
        }
    }

    #[test]
    fn overnight_hours_stay_open_past_midnight() {
        let mut h = StoreHours::default();
        h.set_regular(Weekday::Fri, hours("22:00", "4"));
        let friday = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let saturday = friday.succ_opt().unwrap();
        let at = |d: NaiveDate, t: &str| d.and_time(NaiveTime::parse_from_str(t, "%H:%M").unwrap());
        assert!(h.is_open_at_local(at(friday, "23:00")));
        assert!(h.is_open_at_local(at(saturday, "01:59")));
        assert!(!h.is_open_at_local(at(saturday, "02:00")));
        assert!(!h.is_open_at_local(at(friday, "21:59")));
    }

    #[test]
    fn a_24_hour_store_is_always_open_and_fractional_durations_count() {
        let mut h = StoreHours::default();
        for day in [Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri, Weekday::Sat, Weekday::Sun] {
            h.set_regular(day, hours("00:00", "24"));
        }
        for hour in 0..24 {
            assert!(h.is_open_now(Tz::UTC, utc(2026, 11, 23, hour, 30)));
        }
        let half = hours("09:30", "11.5");
        assert_eq!(half.minutes, 690);
    }

    #[test]
    fn bad_hours_are_refused() {
        assert_eq!(DayHours::parse("9:00", "8"), Err(HoursError::StartTime));
        assert_eq!(DayHours::parse("24:00", "8"), Err(HoursError::StartTime));
        assert_eq!(DayHours::parse("09:00", "25"), Err(HoursError::Duration));
        assert_eq!(DayHours::parse("09:00", "-1"), Err(HoursError::Duration));
        assert_eq!(DayHours::parse("09:00", "abc"), Err(HoursError::Duration));
        assert_eq!(parse_weekday("Funday"), Err(HoursError::Weekday));
        assert_eq!(parse_date("2026-13-01"), Err(HoursError::Date));
        assert_eq!(parse_time_zone("Mars/Olympus"), Err(HoursError::TimeZone));
    }
}
