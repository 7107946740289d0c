//! The `filter` query (spec 000 section 7, 001 section 6): `email(...)`, `phoneNumber(...)` for
//! guests and `orderType(...)` for the history lists.

use crate::{OrderType, contact};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Filter {
    /// A guest's e-mail, normalized (trimmed, lower case).
    Email(String),
    /// A guest's phone: the country calling code followed by the subscriber number, digits only.
    PhoneNumber(String),
    OrderType(OrderType),
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    #[error("a filter is written name(value), e.g. email(shopper@example.com)")]
    Malformed,
    #[error("unknown filter {0}; use email, phoneNumber or orderType")]
    UnknownName(String),
    #[error("the e-mail in the filter is not a valid address")]
    InvalidEmail,
    #[error("the phone in the filter is the country code and number, 4 to 19 digits")]
    InvalidPhone,
    #[error("orderType is SALES_ORDER, PARTNER_SALES_ORDER or RETURN_ORDER")]
    InvalidOrderType,
}

/// Longest phone filter: a 3-digit country code plus a 16-digit subscriber number.
const MAX_PHONE_FILTER_DIGITS: usize = 3 + contact::PHONE_MAX_DIGITS;

/// The `filter` query value in the API document: a string with the pattern `parse_filter` accepts, so a
/// client knows the grammar before it asks. Comma-separated filters, each trimmed, empty ones skipped.
#[cfg(feature = "utoipa")]
pub struct FilterText;

#[cfg(feature = "utoipa")]
impl FilterText {
    /// Built from the same rules `parse_filter` applies: `rules::EMAIL_PATTERN` (after trimming and lower
    /// casing, which keep an ASCII address ASCII), a phone of 4 to 19 digits with an optional leading plus,
    /// spaces and hyphens, and the order types' wire names.
    pub fn pattern() -> String {
        let email = crate::rules::EMAIL_PATTERN.trim_start_matches('^').trim_end_matches('$');
        let min = contact::PHONE_MIN_DIGITS + 1;
        let types = OrderType::ALL.map(OrderType::as_str).join("|");
        // The spaces the parser trims, but only the ones that are not control characters (those answer
        // `invalid-characters` before any parsing).
        let ws = r"[ \t\r\n]*";
        let one = format!(
            r"{ws}(?:email{ws}\({ws}(?:{email}){ws}\)|phoneNumber{ws}\({ws}\+?[ -]*(?:[0-9][ -]*){{{min},{MAX_PHONE_FILTER_DIGITS}}}{ws}\)|orderType{ws}\({ws}(?:{types}){ws}\))?{ws}"
        );
        format!("^{one}(?:,{one})*$")
    }
}

#[cfg(feature = "utoipa")]
impl utoipa::PartialSchema for FilterText {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .pattern(Some(Self::pattern()))
            .into()
    }
}

#[cfg(feature = "utoipa")]
impl utoipa::ToSchema for FilterText {}

/// `name(value)` split into its name (trimmed) and value; every filter is written this way.
pub fn split_filter(text: &str) -> Result<(&str, &str), FilterError> {
    let (name, rest) = text.split_once('(').ok_or(FilterError::Malformed)?;
    let value = rest.strip_suffix(')').ok_or(FilterError::Malformed)?;
    Ok((name.trim(), value))
}

pub fn parse_filter(text: &str) -> Result<Filter, FilterError> {
    let (name, value) = split_filter(text)?;
    match name {
        "email" => {
            let email = contact::normalize_email(value);
            // The pattern alone, not the 254-character limit: `FilterText`'s pattern cannot count, and an
            // address longer than any stored one simply finds no order (404), which is no input error.
            if crate::rules::is_email_shape(&email) { Ok(Filter::Email(email)) } else { Err(FilterError::InvalidEmail) }
        }
        "phoneNumber" => parse_phone(value).map(Filter::PhoneNumber),
        "orderType" => OrderType::parse(value.trim()).map(Filter::OrderType).ok_or(FilterError::InvalidOrderType),
        other => Err(FilterError::UnknownName(other.to_owned())),
    }
}

/// Digits only; a leading plus, spaces and hyphens are allowed and dropped.
fn parse_phone(value: &str) -> Result<String, FilterError> {
    let trimmed = value.trim();
    let without_plus = trimmed.strip_prefix('+').unwrap_or(trimmed);
    let allowed = without_plus.chars().all(|c| c.is_ascii_digit() || c == ' ' || c == '-');
    let digits: String = without_plus.chars().filter(char::is_ascii_digit).collect();
    let length_ok = (contact::PHONE_MIN_DIGITS + 1..=MAX_PHONE_FILTER_DIGITS).contains(&digits.len());
    if allowed && length_ok { Ok(digits) } else { Err(FilterError::InvalidPhone) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document's pattern and `parse_filter` agree: a query value matches exactly when every
    /// comma-separated part parses (the pattern allows only spaces, tabs and line breaks around the parts,
    /// where the parser trims any Unicode space).
    #[cfg(feature = "utoipa")]
    #[test]
    fn the_documented_pattern_accepts_what_the_parser_accepts() {
        let pattern = regex::Regex::new(&FilterText::pattern()).expect("a valid pattern");
        // The server refuses control characters other than tab and line breaks before it parses.
        let allowed = |text: &str| text.chars().all(|c| !c.is_control() || matches!(c, '\t' | '\r' | '\n'));
        let parses = |text: &str| {
            allowed(text) && text.split(',').map(str::trim).filter(|p| !p.is_empty()).all(|p| parse_filter(p).is_ok())
        };
        for text in [
            "",
            " , ",
            "email(Jane@Example.com)",
            " email ( jane@example.com ) ,phoneNumber(+44 20-7946-0000)",
            "phoneNumber(1234)",
            "phoneNumber(12345678901234567890)",
            "phoneNumber(123)",
            "orderType(PARTNER_SALES_ORDER)",
            "orderType(sales_order)",
            "email(not-an-address)",
            "email(a@b.co",
            "fax(123456)",
            "[",
            "94105",
            "email(a@b.co),",
            "\u{b}orderType(RETURN_ORDER)",
            "under_score(x)",
        ] {
            assert_eq!(pattern.is_match(text), parses(text), "{text:?}");
        }
    }

    #[test]
    fn an_email_filter_is_read_and_normalized() {
        assert_eq!(parse_filter("email(Jane@Example.com)"), Ok(Filter::Email("jane@example.com".into())));
    }

    #[test]
    fn a_phone_filter_keeps_only_digits() {
        assert_eq!(parse_filter("phoneNumber(14155550100)"), Ok(Filter::PhoneNumber("14155550100".into())));
        assert_eq!(parse_filter("phoneNumber(+44 20-7946-0000)"), Ok(Filter::PhoneNumber("442079460000".into())));
    }

    #[test]
    fn an_order_type_filter_names_a_known_type() {
        assert_eq!(parse_filter("orderType(PARTNER_SALES_ORDER)"), Ok(Filter::OrderType(OrderType::PartnerSalesOrder)));
        assert_eq!(parse_filter("orderType(GIFT)"), Err(FilterError::InvalidOrderType));
    }

    #[test]
    fn malformed_filters_are_refused_with_a_reason() {
        assert_eq!(parse_filter("email:jane@example.com"), Err(FilterError::Malformed));
        assert_eq!(parse_filter("email(jane@example.com"), Err(FilterError::Malformed));
        assert_eq!(parse_filter("email(jane)"), Err(FilterError::InvalidEmail));
        assert_eq!(parse_filter("phoneNumber(12)"), Err(FilterError::InvalidPhone));
        assert_eq!(parse_filter("phoneNumber(1415abc)"), Err(FilterError::InvalidPhone));
        assert_eq!(parse_filter("upmId(x)"), Err(FilterError::UnknownName("upmId".into())));
    }
}
