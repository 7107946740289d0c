//! Small value types for request and stored fields: each can only hold a valid value, and its serde
//! error message says what is expected (the path to the field is added by `serde_path_to_error`).

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// Longest text accepted in any free-text field.
pub const MAX_TEXT: usize = 256;

fn clean_text<E: de::Error>(text: &str) -> Result<String, E> {
    let trimmed = text.trim();
    if trimmed.chars().count() > MAX_TEXT {
        return Err(E::custom(format!("text is longer than {MAX_TEXT} characters")));
    }
    if trimmed.chars().any(char::is_control) {
        return Err(E::custom("text may not hold control characters"));
    }
    Ok(trimmed.to_owned())
}

/// The document's shape of a free-text field: at most `MAX_TEXT` characters without control characters;
/// `required` adds "not only white space" (`Text`).
fn text_schema(required: bool) -> utoipa::openapi::schema::Object {
    // `clean_text` refuses every control character (`char::is_control`).
    let class = crate::extract::ANY_CONTROL_CLASS;
    if required {
        crate::extract::non_blank_text(MAX_TEXT, class)
    } else {
        utoipa::openapi::ObjectBuilder::new()
            .pattern(Some(format!("^[^{class}]*$")))
            .max_length(Some(MAX_TEXT))
            .schema_type(utoipa::openapi::schema::SchemaType::from_iter([
                utoipa::openapi::Type::String,
                utoipa::openapi::Type::Null,
            ]))
            .build()
    }
}

impl utoipa::PartialSchema for Text {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        text_schema(true).into()
    }
}
impl utoipa::ToSchema for Text {}

impl utoipa::PartialSchema for OptText {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        text_schema(false).into()
    }
}
impl utoipa::ToSchema for OptText {}

/// Optional free text: trimmed, at most 256 characters, no control characters; empty or null is none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OptText(pub Option<String>);

impl OptText {
    pub fn is_none(&self) -> bool {
        self.0.is_none()
    }
    pub fn as_deref(&self) -> Option<&str> {
        self.0.as_deref()
    }
    pub fn some(text: impl Into<String>) -> Self {
        Self(Some(text.into()))
    }
}

impl Serialize for OptText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for OptText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw: Option<String> = Option::deserialize(deserializer).map_err(|_| de::Error::custom("expected text"))?;
        match raw {
            None => Ok(Self(None)),
            Some(text) => {
                let text = clean_text::<D::Error>(&text)?;
                Ok(Self((!text.is_empty()).then_some(text)))
            }
        }
    }
}

/// Required free text: like `OptText` but present and not empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Text(pub String);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match OptText::deserialize(deserializer)?.0 {
            Some(text) => Ok(Self(text)),
            None => Err(de::Error::custom("is required and may not be empty")),
        }
    }
}

/// An exact decimal amount in a currency's major unit, as sent ("19.99" or 19.99): non-negative, at most
/// eleven whole digits and three decimals. Checked against the currency's exponent where it is used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecimalText(pub String);

impl DecimalText {
    /// Minor units of `currency`, exactly; `Err` names what is wrong.
    pub fn minor(&self, currency: domain::Currency) -> Result<domain::Money, String> {
        domain::money::parse_non_negative(&self.0, currency).map_err(|error| error.to_string())
    }
}

impl Serialize for DecimalText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // A JSON number whose shortest form is the exact decimal text (amounts have at most 3 decimals).
        serializer.serialize_f64(self.0.parse().unwrap_or_default())
    }
}

struct DecimalVisitor;

impl Visitor<'_> for DecimalVisitor {
    type Value = DecimalText;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a decimal number such as 19.99")
    }
    fn visit_u64<E: de::Error>(self, value: u64) -> Result<DecimalText, E> {
        self.visit_str(&value.to_string())
    }
    fn visit_i64<E: de::Error>(self, value: i64) -> Result<DecimalText, E> {
        self.visit_str(&value.to_string())
    }
    fn visit_f64<E: de::Error>(self, value: f64) -> Result<DecimalText, E> {
        if !value.is_finite() {
            return Err(E::custom("an amount is a plain decimal number such as 19.99"));
        }
        self.visit_str(&value.to_string())
    }
    fn visit_str<E: de::Error>(self, text: &str) -> Result<DecimalText, E> {
        let text = text.trim();
        // The widest exponent (3) decides the format here; the currency's own is checked where it is known.
        let widest = domain::Currency::parse("KWD").unwrap_or(domain::Currency::USD);
        domain::money::parse_non_negative(text, widest).map_err(|error| E::custom(error.to_string()))?;
        Ok(DecimalText(text.to_owned()))
    }
}

impl<'de> Deserialize<'de> for DecimalText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(DecimalVisitor)
    }
}

/// Strips a trailing zone name in brackets ("2026-11-01T10:00:00Z[UTC]"), as order systems send.
pub fn strip_zone_suffix(text: &str) -> &str {
    match text.find('[') {
        Some(index) if text.ends_with(']') => &text[..index],
        _ => text,
    }
}

/// An RFC 3339 time (a trailing `[UTC]` allowed), as Unix milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Instant(pub i64);

impl<'de> Deserialize<'de> for Instant {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Text::deserialize(deserializer)?.0;
        chrono::DateTime::parse_from_rfc3339(strip_zone_suffix(&text))
            .map(|time| Self(time.timestamp_millis()))
            .map_err(|_| de::Error::custom("expected an RFC 3339 time such as 2026-11-01T10:00:00Z"))
    }
}

/// A day (YYYY-MM-DD) or a time (RFC 3339, `[UTC]` suffix allowed), kept in its normalized text:
/// a day as YYYY-MM-DD, a time in UTC as YYYY-MM-DDTHH:MM:SSZ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct FlexDate(pub String);

impl FlexDate {
    pub fn parse(text: &str) -> Option<Self> {
        let text = strip_zone_suffix(text.trim());
        if let Ok(time) = chrono::DateTime::parse_from_rfc3339(text) {
            let utc = time.with_timezone(&chrono::Utc);
            return Some(Self(utc.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)));
        }
        chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().map(|day| Self(day.format("%Y-%m-%d").to_string()))
    }

    /// Unix milliseconds (a day alone counts from its start, UTC).
    pub fn millis(&self) -> Option<i64> {
        if let Ok(time) = chrono::DateTime::parse_from_rfc3339(&self.0) {
            return Some(time.timestamp_millis());
        }
        let day = chrono::NaiveDate::parse_from_str(&self.0, "%Y-%m-%d").ok()?;
        Some(day.and_hms_opt(0, 0, 0)?.and_utc().timestamp_millis())
    }
}

impl<'de> Deserialize<'de> for FlexDate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Text::deserialize(deserializer)?.0;
        Self::parse(&text).ok_or_else(|| de::Error::custom("expected a day YYYY-MM-DD or an RFC 3339 time"))
    }
}

/// A day, YYYY-MM-DD (a full time is cut to its day).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Day(pub String);

impl<'de> Deserialize<'de> for Day {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Text::deserialize(deserializer)?.0;
        let date_part = text.get(..10).unwrap_or(&text);
        chrono::NaiveDate::parse_from_str(date_part, "%Y-%m-%d")
            .map(|date| Self(date.format("%Y-%m-%d").to_string()))
            .map_err(|_| de::Error::custom("a date is written YYYY-MM-DD"))
    }
}

fn check_link<E: de::Error>(link: String, allow_relative: bool) -> Result<String, E> {
    let absolute = link.starts_with("https://") || link.starts_with("http://");
    let relative = allow_relative && link.starts_with('/') && !link.starts_with("//");
    if (absolute || relative) && !link.contains(char::is_whitespace) {
        Ok(link)
    } else {
        Err(E::custom("a link is an http or https URL"))
    }
}

/// An absolute http(s) URL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct WebUrl(pub String);

impl<'de> Deserialize<'de> for WebUrl {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Text::deserialize(deserializer)?.0;
        check_link(text, false).map(Self)
    }
}

/// An http(s) URL or a path on this site (`/images/...`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct LinkOrPath(pub String);

impl<'de> Deserialize<'de> for LinkOrPath {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Text::deserialize(deserializer)?.0;
        check_link(text, true).map(Self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zone_name_after_a_time_is_ignored() {
        assert_eq!(FlexDate::parse("2026-11-01T10:00:00Z[UTC]").map(|d| d.0).as_deref(), Some("2026-11-01T10:00:00Z"));
        assert_eq!(FlexDate::parse("2026-11-01T12:00:00+02:00").map(|d| d.0).as_deref(), Some("2026-11-01T10:00:00Z"));
        assert_eq!(FlexDate::parse("2026-11-01").map(|d| d.0).as_deref(), Some("2026-11-01"));
        assert!(FlexDate::parse("yesterday").is_none());
    }

    #[test]
    fn amounts_keep_their_exact_text() {
        let amount: DecimalText = serde_json::from_str("19.99").unwrap_or(DecimalText(String::new()));
        assert_eq!(amount.0, "19.99");
        assert!(serde_json::from_str::<DecimalText>("-1").is_err());
        assert!(serde_json::from_str::<DecimalText>("\"1e3\"").is_err());
    }

    #[test]
    fn empty_text_is_none_and_control_characters_are_refused() {
        assert_eq!(serde_json::from_str::<OptText>("\"  \"").ok(), Some(OptText(None)));
        assert!(serde_json::from_str::<OptText>("\"a\\u0000b\"").is_err());
        assert!(serde_json::from_str::<Text>("\"\"").is_err());
    }
}
