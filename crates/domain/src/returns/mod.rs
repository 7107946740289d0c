//! Returns (spec 001): the pure rules. No I/O; the server feeds them the order, the carriers offered in
//! the country (from `data/carriers/`) and the clock.
//!
//! - `window`: the return window per country and the 30-day rule for return buttons;
//! - `methods`: which return methods a country offers, and the method id `method|carrier`;
//! - `reasons`: the return reasons per country with their server codes;
//! - `quantity`: what a line may still return;
//! - `instructions`: what a created return's instructions show (variant, bank refund);
//! - `pricing`: what the caller pays, what the refund loses, the refund estimate, the scannable-code wait.
//!
//! Every choice the spec leaves open ("not shown") is a named constant or table in its module, next to the
//! rule it fills, so it can be changed in one place.

pub mod instructions;
pub mod methods;
pub mod pricing;
pub mod quantity;
pub mod reasons;
pub mod window;
pub mod withdrawal;

/// Countries whose returns go through the EMEA carrier lists (spec 001 §9 "Carrier lists exist for").
pub const EMEA_CARRIER_COUNTRIES: &[&str] =
    &["AT", "BE", "CZ", "DE", "DK", "ES", "FI", "FR", "GB", "GR", "HU", "IE", "IT", "LU", "NL", "PL", "PT", "SE", "SI"];

/// Upper-cased two-letter country; the spec's tables are written in upper case.
pub fn country_key(country: &str) -> String {
    country.trim().to_ascii_uppercase()
}

pub fn is_emea(country: &str) -> bool {
    EMEA_CARRIER_COUNTRIES.contains(&country_key(country).as_str())
}

/// The longest comment a shopper may add to a returned line (spec 001 §5).
pub const COMMENT_MAX_CHARS: usize = 140;

/// Japan shows no free-text field (spec 001 §5).
pub fn comment_allowed(country: &str) -> bool {
    country_key(country) != "JP"
}

#[cfg(test)]
mod tests {
    use super::comment_allowed;

    /// The web shows the comment field only where the return options say `commentAllowed`.
    #[test]
    fn japan_alone_takes_no_comment() {
        assert!(!comment_allowed("JP"));
        assert!(!comment_allowed(" jp "));
        assert!(comment_allowed("US") && comment_allowed("GB") && comment_allowed("KR"));
    }
}
