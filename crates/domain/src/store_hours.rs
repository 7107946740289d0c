//! Store opening hours and the open-now rule (spec 001 §4.5): a store is open when the current time, in the
//! STORE's time zone, falls within today's hours; special hours dated today replace the regular weekday
//! hours; closing time = opening time + duration (hours, may be fractional). A duration of 0 means closed.
//!
//! Where the spec is silent: hours that run past midnight (e.g. 22:00 for 4 hours) keep the store open
//! until 02:00 the next day, judged by the day they started on (that day's special hours, if any, else
//! its regular hours). A duration of 24 is open all day.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Utc, Weekday};
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

    /// Minutes after the local midnight at which the opening starts (0 to 1439).
    pub fn opens_minutes(&self) -> u32 {
        self.start.num_seconds_from_midnight() / 60
    }

    /// Minutes after the local midnight of its first day at which the opening ends: past 1440 when it
    /// runs past midnight.
    pub fn closes_minutes(&self) -> u32 {
        self.opens_minutes() + self.minutes
    }

    /// Open for a while (a duration of 0 is closed).
    pub fn is_open(&self) -> bool {
        self.minutes > 0
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

/// Where an entry of a store's hours stands in the stores' contract (`regularHours.<weekday>`,
/// `specialHours[<index>]`), for the error that names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HoursEntry {
    Regular(String),
    Special(usize),
}

/// One entry of the stores' contract as text: the weekday name or date, `startTime` and `duration`.
pub struct HoursText<'a> {
    pub day: &'a str,
    pub start_time: &'a str,
    pub duration: &'a str,
}

/// A store's hours from the text of its regular (by weekday name) and special (by date) entries; the
/// first entry that does not read is the error, with where it stands.
pub fn parse_hours<'a>(
    regular: impl IntoIterator<Item = HoursText<'a>>,
    special: impl IntoIterator<Item = HoursText<'a>>,
) -> Result<StoreHours, (HoursEntry, HoursError)> {
    let mut hours = StoreHours::default();
    for entry in regular {
        let at = |error| (HoursEntry::Regular(entry.day.to_owned()), error);
        let weekday = parse_weekday(entry.day).map_err(at)?;
        hours.set_regular(weekday, DayHours::parse(entry.start_time, entry.duration).map_err(at)?);
    }
    for (index, entry) in special.into_iter().enumerate() {
        let at = |error| (HoursEntry::Special(index), error);
        let date = parse_date(entry.day).map_err(at)?;
        hours.special.push((date, DayHours::parse(entry.start_time, entry.duration).map_err(at)?));
    }
    Ok(hours)
}

impl StoreHours {
    /// Monday first: each weekday's regular opening, None when the store is closed that weekday.
    pub fn weekly(&self) -> [Option<DayHours>; 7] {
        self.regular.map(|day| day.filter(DayHours::is_open))
    }

    /// Each date with special hours once, in date order, with the opening that applies that day (as
    /// `for_day` reads it: the first entry for a date); None when the store is closed that day.
    pub fn special_days(&self) -> Vec<(NaiveDate, Option<DayHours>)> {
        let mut dates: Vec<NaiveDate> = self.special.iter().map(|(date, _)| *date).collect();
        dates.sort_unstable();
        dates.dedup();
        dates.into_iter().map(|date| (date, self.for_day(date).filter(DayHours::is_open))).collect()
    }

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

    // The cases below were the web's (web/src/features/orders/model/store-hours.test.ts) when it read the
    // hours itself; the server reads them now and sends minutes (`stores::hours`).

    fn text<'a>(day: &'a str, start_time: &'a str, duration: &'a str) -> HoursText<'a> {
        HoursText { day, start_time, duration }
    }

    fn minutes(hours: Option<DayHours>) -> Option<(u32, u32)> {
        hours.filter(DayHours::is_open).map(|day| (day.opens_minutes(), day.closes_minutes()))
    }

    fn date(text: &str) -> NaiveDate {
        parse_date(text).unwrap()
    }

    #[test]
    fn start_times_read_as_minutes_after_midnight() {
        let cases = [
            ("10:00", Some(600)),
            ("00:00", Some(0)),
            ("23:59", Some(1439)),
            (" 07:05 ", Some(425)),
            // HH:MM only: the web once read "9:30" too; the stores' contract and this rule do not.
            ("9:30", None),
            ("24:00", None),
            ("10:60", None),
            ("10", None),
            ("", None),
            ("ten", None),
        ];
        for (start, expected) in cases {
            assert_eq!(DayHours::parse(start, "1").ok().map(|day| day.opens_minutes()), expected, "{start:?}");
        }
    }

    #[test]
    fn durations_read_as_whole_minutes() {
        let cases = [
            ("9", Some(540)),
            ("9.5", Some(570)),
            ("10.25", Some(615)),
            ("0", Some(0)),
            ("24", Some(1440)),
            ("24.5", None),
            ("-1", None),
            ("9,5", None),
            ("", None),
            ("nine", None),
        ];
        for (duration, expected) in cases {
            assert_eq!(DayHours::parse("10:00", duration).ok().map(|day| day.minutes), expected, "{duration:?}");
        }
    }

    /// Monday to Saturday 10:00 for 11 hours, Sunday 11:00 for 9.5 hours (closes 20:30).
    fn store(special: Vec<HoursText<'static>>) -> StoreHours {
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
        let regular = days.into_iter().map(|day| text(day, "10:00", "11")).chain([text("sunday", "11:00", "9.5")]);
        parse_hours(regular, special).unwrap()
    }

    #[test]
    fn the_hours_on_a_date() {
        // 2026-11-02 is a Monday.
        let only =
            |entries: Vec<HoursText<'static>>, special: Vec<HoursText<'static>>| parse_hours(entries, special).unwrap();
        let cases = [
            ("closing = start + duration", store(vec![]), "2026-11-02", Some((600, 1260))),
            ("fractional duration (Sunday 11:00 + 9.5 h)", store(vec![]), "2026-11-01", Some((660, 1230))),
            ("quarter hours", only(vec![text("monday", "09:45", "8.25")], vec![]), "2026-11-02", Some((585, 1080))),
            (
                "a day missing from the regular hours",
                only(vec![text("monday", "10:00", "8")], vec![]),
                "2026-11-03",
                None,
            ),
            ("a zero duration", only(vec![text("monday", "10:00", "0")], vec![]), "2026-11-02", None),
            (
                "weekday names in any case",
                only(vec![text("Monday", "10:00", "8")], vec![]),
                "2026-11-02",
                Some((600, 1080)),
            ),
            (
                "a special entry overrides",
                store(vec![text("2026-11-02", "12:00", "4.5")]),
                "2026-11-02",
                Some((720, 990)),
            ),
            ("a special entry closes a day", store(vec![text("2026-12-25", "00:00", "0")]), "2026-12-25", None),
            (
                "a special entry opens a day",
                only(vec![], vec![text("2026-11-03", "08:00", "2")]),
                "2026-11-03",
                Some((480, 600)),
            ),
            (
                "another date's special entry",
                store(vec![text("2026-11-09", "12:00", "2")]),
                "2026-11-02",
                Some((600, 1260)),
            ),
            ("open past midnight", only(vec![text("friday", "20:00", "6")], vec![]), "2026-11-06", Some((1200, 1560))),
        ];
        for (case, hours, day, expected) in cases {
            assert_eq!(minutes(hours.for_day(date(day))), expected, "{case}");
        }
    }

    #[test]
    fn an_entry_that_does_not_read_is_refused_with_where_it_stands() {
        let refused = parse_hours([text("monday", "late", "8")], []).unwrap_err();
        assert_eq!(refused, (HoursEntry::Regular("monday".to_owned()), HoursError::StartTime));
        let refused = parse_hours([text("monday", "10:00", "8")], [text("2026-11-02", "noon", "2")]).unwrap_err();
        assert_eq!(refused, (HoursEntry::Special(0), HoursError::StartTime));
    }

    #[test]
    fn the_week_is_monday_to_sunday_with_closed_days_as_none() {
        let hours = parse_hours(
            [text("sunday", "11:00", "9.5"), text("monday", "10:00", "11"), text("tuesday", "10:00", "0")],
            [],
        )
        .unwrap();
        let week: Vec<Option<(u32, u32)>> = hours.weekly().into_iter().map(minutes).collect();
        assert_eq!(week, [Some((600, 1260)), None, None, None, None, None, Some((660, 1230))]);
    }

    #[test]
    fn special_days_come_once_each_in_date_order() {
        let hours = store(vec![
            text("2026-11-09", "10:00", "2"),
            text("2026-11-05", "12:00", "3"),
            text("2026-11-03", "00:00", "0"),
            // A second entry for a date: the first one applies, as `for_day` reads it.
            text("2026-11-05", "08:00", "1"),
        ]);
        let days: Vec<(String, Option<(u32, u32)>)> =
            hours.special_days().into_iter().map(|(day, hours)| (day.to_string(), minutes(hours))).collect();
        assert_eq!(
            days,
            [
                ("2026-11-03".to_owned(), None),
                ("2026-11-05".to_owned(), Some((720, 900))),
                ("2026-11-09".to_owned(), Some((600, 720))),
            ]
        );
    }
}
