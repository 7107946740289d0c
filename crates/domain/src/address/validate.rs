//! Per-country validation of an address (spec 002 §9 layouts, 001 §5 "Please enter a valid postal
//! code."): `ValidAddress::parse` either answers the field at fault with its text, or an address
//! whose every field is trimmed, bounded, free of control characters and written canonically
//! (postal code by its mask, province as its table code, the full name from its parts).

use super::fields::{AddressField, AddressFields};
use super::layout::{Layout, NameOrder, label_text, layout_for};
use super::postal::format_postal_code;
use super::provinces::province_table;
use crate::contact::{is_valid_email, normalize_email};

pub const POSTAL_CODE_TEXT: &str = "Please enter a valid postal code.";
pub const PHONE_TEXT: &str = "Please enter a valid phone number.";
pub const EMAIL_TEXT: &str = "Please enter a valid email address.";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FieldError {
    /// The JSON name of the field at fault.
    pub field: &'static str,
    pub message: String,
}

impl FieldError {
    fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self { field, message: message.into() }
    }
}

/// An address that passed its country's rules. Only `parse` makes one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidAddress(AddressFields);

impl ValidAddress {
    pub fn parse(input: &AddressFields) -> Result<Self, FieldError> {
        let country = parse_country(input.country.as_deref())?;
        let layout = layout_for(&country);
        let mut out = AddressFields { country: Some(country.clone()), ..AddressFields::default() };
        for field in AddressField::ALL {
            let value = clean(field.json_name(), input.get(field), field.max_chars())?;
            if value.is_some() && !layout.uses(field) && !matches!(field, AddressField::Email | AddressField::Phone) {
                return Err(FieldError::new(
                    field.json_name(),
                    format!("This field is not used in {country} addresses."),
                ));
            }
            out.set(field, value);
        }
        clean("name", input.name.as_deref(), 90)?;
        for entry in &layout.fields {
            if entry.required && out.get(entry.field).is_none() {
                return Err(FieldError::new(entry.field.json_name(), required_text(entry.field, &entry.label)));
            }
        }
        if let Some(code) = out.code.take() {
            let formatted = format_postal_code(&layout.postal_codes, &code)
                .ok_or_else(|| FieldError::new("code", POSTAL_CODE_TEXT))?;
            out.code = Some(formatted);
        }
        out.province = parse_province(layout, out.province.take())?;
        out.phone = out.phone.take().map(|phone| parse_phone(&phone)).transpose()?;
        out.email = out.email.take().map(|email| parse_email(&email)).transpose()?;
        out.name = full_name(layout.name_order, &country, out.name_given.as_deref(), out.name_family.as_deref());
        Ok(Self(out))
    }

    pub fn fields(&self) -> &AddressFields {
        &self.0
    }

    pub fn into_fields(self) -> AddressFields {
        self.0
    }

    /// The upper-case country code.
    pub fn country(&self) -> &str {
        self.0.country.as_deref().unwrap_or_default()
    }
}

fn parse_country(typed: Option<&str>) -> Result<String, FieldError> {
    let text = typed.unwrap_or_default().trim();
    if text.len() == 2 && text.chars().all(|c| c.is_ascii_alphabetic()) {
        Ok(text.to_ascii_uppercase())
    } else {
        Err(FieldError::new("country", "Please choose a valid country."))
    }
}

/// Trims, collapses runs of white space, refuses control characters and overlong text; empty is `None`.
fn clean(field: &'static str, typed: Option<&str>, max_chars: usize) -> Result<Option<String>, FieldError> {
    let Some(text) = typed else { return Ok(None) };
    if text.chars().any(is_refused_character) {
        return Err(FieldError::new(field, "This field must not contain control characters."));
    }
    let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.chars().count() > max_chars {
        return Err(FieldError::new(field, format!("This field takes at most {max_chars} characters.")));
    }
    Ok((!collapsed.is_empty()).then_some(collapsed))
}

/// Control characters (tabs and line breaks aside: they become spaces), line and paragraph
/// separators, and the bidirectional overrides that can make a label read differently than it is.
fn is_refused_character(c: char) -> bool {
    let bidi_control = ('\u{202a}'..='\u{202e}').contains(&c) || ('\u{2066}'..='\u{2069}').contains(&c);
    (c.is_control() && c != '\t' && c != '\n') || c == '\u{2028}' || c == '\u{2029}' || bidi_control
}

fn required_text(field: AddressField, label: &str) -> String {
    match field {
        AddressField::Code => POSTAL_CODE_TEXT.to_owned(),
        AddressField::Phone => PHONE_TEXT.to_owned(),
        _ => format!("{} is required.", label_text(label)),
    }
}

fn parse_province(layout: &Layout, typed: Option<String>) -> Result<Option<String>, FieldError> {
    let Some(text) = typed else { return Ok(None) };
    let Some(table) = layout.provinces.as_deref().and_then(province_table) else { return Ok(Some(text)) };
    let label = layout.field(AddressField::Province).map_or("province", |entry| entry.label.as_str());
    table.find(&text).map(|province| Some(province.code.clone())).ok_or_else(|| {
        FieldError::new("province", format!("Please choose a valid {}.", label_text(label).to_lowercase()))
    })
}

/// 3 to 16 digits (spec 000 §5), written with spaces, hyphens, dots or brackets and an optional
/// leading +; kept as digits, with the + when one was typed.
fn parse_phone(typed: &str) -> Result<String, FieldError> {
    let (plus, rest) = typed.strip_prefix('+').map_or(("", typed), |rest| ("+", rest));
    let allowed = rest.chars().all(|c| c.is_ascii_digit() || " -.()".contains(c));
    let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
    if allowed && (3..=16).contains(&digits.len()) {
        Ok(format!("{plus}{digits}"))
    } else {
        Err(FieldError::new("phone", PHONE_TEXT))
    }
}

fn parse_email(typed: &str) -> Result<String, FieldError> {
    if is_valid_email(typed) { Ok(normalize_email(typed)) } else { Err(FieldError::new("email", EMAIL_TEXT)) }
}

/// The full name from its parts in the country's order; Chinese, Taiwanese and Korean names take no space.
pub fn full_name(order: NameOrder, country: &str, given: Option<&str>, family: Option<&str>) -> Option<String> {
    let parts: Vec<&str> = match order {
        NameOrder::GivenFirst => [given, family],
        NameOrder::FamilyFirst => [family, given],
    }
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        return None;
    }
    Some(parts.join(name_separator(country)))
}

/// The language an address is checked in when the caller names none: Korean for a Korean address (001
/// §4.4: the pickup address step checks in Korean), English elsewhere.
pub fn validation_language(country: &str) -> &'static str {
    if country.eq_ignore_ascii_case("KR") { "ko" } else { "en" }
}

/// What joins the parts of a name: nothing in Chinese and Korean names (CN, TW, KR: "김민지", "王小明"), a
/// space elsewhere. Served with the address layout, so the web writes names as the server does.
pub fn name_separator(country: &str) -> &'static str {
    if ["CN", "TW", "KR"].iter().any(|code| code.eq_ignore_ascii_case(country)) { "" } else { " " }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn us() -> AddressFields {
        AddressFields {
            country: Some("us".into()),
            name_given: Some("  Jane ".into()),
            name_family: Some("Carter".into()),
            line1: Some("1  Market   St".into()),
            locality: Some("San Francisco".into()),
            province: Some("california".into()),
            code: Some("941051234".into()),
            phone: Some("(415) 555-0100".into()),
            email: Some("Jane@Example.com".into()),
            ..AddressFields::default()
        }
    }

    fn error(input: &AddressFields) -> Option<(&'static str, String)> {
        ValidAddress::parse(input).err().map(|e| (e.field, e.message))
    }

    #[test]
    fn a_valid_address_is_trimmed_and_written_canonically() {
        let parsed = ValidAddress::parse(&us()).map(ValidAddress::into_fields);
        let fields = parsed.unwrap_or_default();
        assert_eq!(fields.country.as_deref(), Some("US"));
        assert_eq!(fields.name_given.as_deref(), Some("Jane"));
        assert_eq!(fields.line1.as_deref(), Some("1 Market St"));
        assert_eq!(fields.province.as_deref(), Some("CA"));
        assert_eq!(fields.code.as_deref(), Some("94105-1234"));
        assert_eq!(fields.phone.as_deref(), Some("4155550100"));
        assert_eq!(fields.email.as_deref(), Some("jane@example.com"));
        assert_eq!(fields.name.as_deref(), Some("Jane Carter"));
    }

    #[test]
    fn a_bad_postal_code_is_refused_with_the_spec_text() {
        let input = AddressFields { code: Some("9410".into()), ..us() };
        assert_eq!(error(&input), Some(("code", POSTAL_CODE_TEXT.to_owned())));
        let missing = AddressFields { code: None, ..us() };
        assert_eq!(error(&missing), Some(("code", POSTAL_CODE_TEXT.to_owned())));
    }

    #[test]
    fn each_bad_field_is_named() {
        let table: Vec<(AddressFields, &str)> = vec![
            (AddressFields { country: Some("USA".into()), ..us() }, "country"),
            (AddressFields { country: None, ..us() }, "country"),
            (AddressFields { line1: Some("   ".into()), ..us() }, "line1"),
            (AddressFields { locality: None, ..us() }, "locality"),
            (AddressFields { province: Some("Narnia".into()), ..us() }, "province"),
            (AddressFields { phone: Some("12".into()), ..us() }, "phone"),
            (AddressFields { phone: Some("call me".into()), ..us() }, "phone"),
            (AddressFields { email: Some("not-an-email".into()), ..us() }, "email"),
            (AddressFields { line1: Some("1 Market\u{0}St".into()), ..us() }, "line1"),
            (AddressFields { line2: Some("x\u{1b}[31m".into()), ..us() }, "line2"),
            (AddressFields { locality: Some("San\u{202e}ocsicnarF".into()), ..us() }, "locality"),
            (AddressFields { line1: Some("a".repeat(101)), ..us() }, "line1"),
            (AddressFields { name_given: Some("n".repeat(41)), ..us() }, "nameGiven"),
            (AddressFields { zone: Some("Mission".into()), ..us() }, "zone"),
            (AddressFields { line3: Some("Floor 3".into()), ..us() }, "line3"),
        ];
        for (input, field) in table {
            assert_eq!(error(&input).map(|(f, _)| f), Some(field), "{input:?}");
        }
    }

    #[test]
    fn required_fields_follow_the_layout_of_the_country() {
        let gb = AddressFields {
            country: Some("GB".into()),
            name_given: Some("Amelia".into()),
            name_family: Some("Evans".into()),
            line1: Some("10 Downing Street".into()),
            locality: Some("London".into()),
            code: Some("sw1a2aa".into()),
            phone: Some("+44 20 7946 0000".into()),
            ..AddressFields::default()
        };
        let parsed = ValidAddress::parse(&gb).map(ValidAddress::into_fields).unwrap_or_default();
        assert_eq!(parsed.code.as_deref(), Some("SW1A 2AA"));
        assert_eq!(parsed.phone.as_deref(), Some("+442079460000"));
        assert_eq!(parsed.province, None, "county is optional in gb");
        let free_county = AddressFields { province: Some("Greater London".into()), ..gb.clone() };
        assert!(ValidAddress::parse(&free_county).is_ok(), "gb county is free text");
        let cn_without_district = AddressFields {
            country: Some("CN".into()),
            name_family: Some("王".into()),
            name_given: Some("伟".into()),
            province: Some("上海市".into()),
            locality: Some("上海市".into()),
            line1: Some("南京东路100号".into()),
            phone: Some("13800138000".into()),
            ..AddressFields::default()
        };
        assert_eq!(error(&cn_without_district).map(|(f, _)| f), Some("zone"));
        let cn = AddressFields { zone: Some("黄浦区".into()), ..cn_without_district };
        let parsed = ValidAddress::parse(&cn).map(ValidAddress::into_fields).unwrap_or_default();
        assert_eq!(parsed.province.as_deref(), Some("SH"));
        assert_eq!(parsed.name.as_deref(), Some("王伟"), "family name first, no space");
    }

    #[test]
    fn an_unknown_country_uses_the_default_layout() {
        let fr = AddressFields {
            country: Some("fr".into()),
            name_given: Some("Camille".into()),
            name_family: Some("Martin".into()),
            line1: Some("8 Rue de Rivoli".into()),
            locality: Some("Paris".into()),
            code: Some("75001".into()),
            phone: Some("0142000000".into()),
            ..AddressFields::default()
        };
        assert!(ValidAddress::parse(&fr).is_ok());
        assert_eq!(error(&AddressFields { code: Some("!".into()), ..fr }).map(|(f, _)| f), Some("code"));
    }

    #[test]
    fn the_full_name_follows_the_name_order() {
        assert_eq!(
            full_name(NameOrder::GivenFirst, "US", Some("Jane"), Some("Carter")).as_deref(),
            Some("Jane Carter")
        );
        assert_eq!(full_name(NameOrder::FamilyFirst, "VN", Some("Lan"), Some("Nguyễn")).as_deref(), Some("Nguyễn Lan"));
        assert_eq!(full_name(NameOrder::FamilyFirst, "TW", Some("美玲"), Some("陳")).as_deref(), Some("陳美玲"));
        assert_eq!(full_name(NameOrder::FamilyFirst, "KR", Some("서연"), Some("김")).as_deref(), Some("김서연"));
        assert_eq!(full_name(NameOrder::GivenFirst, "US", None, None), None);
        assert_eq!(full_name(NameOrder::FamilyFirst, "kr", Some("서연"), Some("김")).as_deref(), Some("김서연"));
        assert_eq!((name_separator("cn"), name_separator("JP")), ("", " "));
    }

    #[test]
    fn a_korean_address_is_checked_in_korean() {
        assert_eq!(validation_language("KR"), "ko");
        assert_eq!(validation_language("kr"), "ko");
        assert_eq!(validation_language("JP"), "en");
        assert_eq!(validation_language(""), "en");
    }
}
