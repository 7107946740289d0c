//! Return reasons per country with their server codes (spec 001 §9 "Return reasons", §8 fallbacks).
//!
//! Most countries: tooBig/tooSmall 1 (Doesn't Fit); notAsExpected, quality, colour and late arrival 6
//! (Not As Expected); lost or damaged in transit 3; wrong item 5. Australia: 501-505. Japan: the default
//! list plus "ordered multiple" (5), with quality shown as a defect. An unknown reason falls back to the
//! country's not-as-expected reason (Australia has none: our choice is change of mind, 503); an unknown
//! country uses the default list.

use super::country_key;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reason {
    /// The app's code, e.g. `tooBig`.
    pub app_code: &'static str,
    /// The code sent to the order system.
    pub server_code: &'static str,
    /// English text; the web app translates by `app_code`.
    pub text: &'static str,
}

const fn reason(app_code: &'static str, server_code: &'static str, text: &'static str) -> Reason {
    Reason { app_code, server_code, text }
}

pub const DEFAULT_REASONS: &[Reason] = &[
    reason("tooBig", "1", "Too Big"),
    reason("tooSmall", "1", "Too Small"),
    reason("notAsExpected", "6", "Not As Expected"),
    reason("qualityUnsatisfactory", "6", "Quality Unsatisfactory"),
    reason("colorNotAsExpected", "6", "Color Not As Expected"),
    reason("arrivedLate", "6", "Item Did Not Arrive On Time"),
    reason("damagedInTransit", "3", "Lost or Damaged in Transit"),
    reason("wrongItem", "5", "Wrong Item Shipped"),
];

pub const AUSTRALIA_REASONS: &[Reason] = &[
    reason("wrongItem", "501", "Wrong Product Delivered"),
    reason("orderedMultiple", "502", "Ordered Multiple"),
    reason("changeOfMind", "503", "Change of Mind"),
    reason("qualityUnsatisfactory", "504", "Quality Unsatisfactory"),
    reason("arrivedLate", "505", "Item Did Not Arrive On Time"),
];

pub const JAPAN_REASONS: &[Reason] = &[
    reason("tooBig", "1", "Too Big"),
    reason("tooSmall", "1", "Too Small"),
    reason("notAsExpected", "6", "Not As Expected"),
    reason("qualityDefect", "6", "Defective Item"),
    reason("colorNotAsExpected", "6", "Color Not As Expected"),
    reason("arrivedLate", "6", "Item Did Not Arrive On Time"),
    reason("damagedInTransit", "3", "Lost or Damaged in Transit"),
    reason("wrongItem", "5", "Wrong Item Shipped"),
    reason("orderedMultiple", "5", "Ordered Multiple"),
];

pub fn reasons_for(country: &str) -> &'static [Reason] {
    match country_key(country).as_str() {
        "AU" => AUSTRALIA_REASONS,
        "JP" => JAPAN_REASONS,
        _ => DEFAULT_REASONS,
    }
}

/// The reason an unknown code falls back to in `country`.
pub fn fallback_reason(country: &str) -> Reason {
    let list = reasons_for(country);
    let wanted = if country_key(country) == "AU" { "changeOfMind" } else { "notAsExpected" };
    list.iter().copied().find(|r| r.app_code == wanted).unwrap_or(list[0])
}

/// Resolves what a client sent (an app code such as `tooBig`, or a server code such as `1`) to a reason of
/// the country; anything unknown falls back (001 §8). The second value is false when it fell back.
pub fn resolve(country: &str, code: &str) -> (Reason, bool) {
    let code = code.trim();
    let list = reasons_for(country);
    let found = list
        .iter()
        .find(|r| r.app_code.eq_ignore_ascii_case(code))
        .or_else(|| list.iter().find(|r| r.server_code == code));
    match found {
        Some(reason) => (*reason, true),
        None => (fallback_reason(country), false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_codes_by_country() {
        let cases = [
            ("US", "tooBig", "1"),
            ("GB", "tooSmall", "1"),
            ("DE", "notAsExpected", "6"),
            ("FR", "qualityUnsatisfactory", "6"),
            ("NL", "colorNotAsExpected", "6"),
            ("US", "arrivedLate", "6"),
            ("US", "damagedInTransit", "3"),
            ("US", "wrongItem", "5"),
            ("AU", "wrongItem", "501"),
            ("AU", "orderedMultiple", "502"),
            ("AU", "changeOfMind", "503"),
            ("AU", "qualityUnsatisfactory", "504"),
            ("AU", "arrivedLate", "505"),
            ("JP", "orderedMultiple", "5"),
            ("JP", "qualityDefect", "6"),
            ("ZZ", "tooBig", "1"),
        ];
        for (country, app, server) in cases {
            let (reason, known) = resolve(country, app);
            assert!(known, "{country} {app}");
            assert_eq!(reason.server_code, server, "{country} {app}");
        }
    }

    #[test]
    fn unknown_reasons_fall_back() {
        let cases = [
            ("US", "teleported", "6"),
            ("AU", "tooBig", "503"),
            ("JP", "", "6"),
            ("XX", "999", "6"),
            ("AU", "1", "503"),
        ];
        for (country, code, server) in cases {
            let (reason, known) = resolve(country, code);
            assert!(!known, "{country} {code}");
            assert_eq!(reason.server_code, server, "{country} {code}");
        }
    }

    #[test]
    fn server_codes_are_accepted_too() {
        assert_eq!(resolve("AU", "504").0.app_code, "qualityUnsatisfactory");
        assert_eq!(resolve("US", "3").0.app_code, "damagedInTransit");
    }

    #[test]
    fn every_list_has_unique_app_codes() {
        for list in [DEFAULT_REASONS, AUSTRALIA_REASONS, JAPAN_REASONS] {
            let mut codes: Vec<&str> = list.iter().map(|r| r.app_code).collect();
            codes.sort_unstable();
            codes.dedup();
            assert_eq!(codes.len(), list.len());
        }
    }
}
