//! The identifiers the server hands between its layers (a request's caller, a job's payload, a database
//! function's key), each a checked string of its own type: a function that takes a `ReturnNumber` cannot be
//! handed a member id, and a value of the type has passed its rule once, where it entered (issue 30).
//! `OrderNumber` (order_number.rs) is one of them; this module holds the others (return numbers, member
//! ids, country codes, e-mail addresses).
//!
//! Each derefs to `str`, so code that only reads the text (SQL binds, formatting, comparisons) takes it
//! as it took the `String` before; on the wire (JSON, the API document) each is the plain string it was.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

/// A text that failed an identifier's rule; says which rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidId(&'static str);

macro_rules! text_id {
    ($(#[$doc:meta])* $name:ident, $rule:literal, $check:expr, $normalize:expr, schema: $schema:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct $name(String);

        impl $name {
            /// The rule, as the error says it.
            pub const RULE: &'static str = $rule;

            /// Checks `text` (after the type's normalization) against the rule.
            pub fn parse(text: &str) -> Result<Self, InvalidId> {
                let normalize: fn(&str) -> String = $normalize;
                let text = normalize(text);
                let check: fn(&str) -> bool = $check;
                if check(&text) { Ok(Self(text)) } else { Err(InvalidId($rule)) }
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl TryFrom<String> for $name {
            type Error = InvalidId;
            fn try_from(text: String) -> Result<Self, InvalidId> {
                Self::parse(&text)
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        /// In the API document: a string with the rule (pattern, length) as far as a schema can say it.
        #[cfg(feature = "utoipa")]
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let object: utoipa::openapi::Object = $schema;
                object.into()
            }
        }

        #[cfg(feature = "utoipa")]
        impl utoipa::ToSchema for $name {}
    };
}

text_id!(
    /// A return order's number: an order number (the return is an order of its own, 000 §5), as the capture
    /// makes it (`R` and 15 characters) or a retailer's feed sends it.
    ReturnNumber,
    "a return number is 4 to 32 letters or digits",
    crate::rules::is_order_number,
    |text| text.trim().to_owned(),
    schema: described(ReturnNumber::RULE, Some(crate::rules::ORDER_NUMBER_PATTERN))
);

text_id!(
    /// A member's id (`upmId`): what the identity provider's subject or the built-in sign-in names, 1 to 255
    /// bytes without control characters (ids are opaque; the provider chooses their shape).
    UpmId,
    "a member id is 1 to 255 characters without control characters",
    |text| !text.is_empty() && text.len() <= 255 && !text.chars().any(char::is_control),
    |text| text.to_owned(),
    schema: described(UpmId::RULE, None)
);

text_id!(
    /// A country as ISO 3166-1 alpha-2 names it, upper case: an order's country, a store's, an address's.
    /// Lower case is taken and raised ("gb" is GB), as the order feed always took it.
    CountryCode,
    "country is a two-letter ISO 3166 code such as US or GB",
    crate::rules::is_country_code,
    |text| text.trim().to_ascii_uppercase(),
    schema: crate::schema::country_code()
);

text_id!(
    /// An e-mail address as it is stored and compared: trimmed, lower case (`contact::normalize_email`), and
    /// valid by the one rule the web shares (`rules::EMAIL_PATTERN`, at most 254 characters).
    Email,
    "email is not a valid address",
    crate::rules::is_email,
    crate::contact::normalize_email,
    schema: crate::schema::email()
);

/// A return order is an order (000 §5): its number is an order number, by the same rule.
impl From<ReturnNumber> for crate::OrderNumber {
    fn from(number: ReturnNumber) -> Self {
        crate::OrderNumber::from_checked(number.0)
    }
}

/// The schema of an identifier with a rule and, where one says it, a pattern.
#[cfg(feature = "utoipa")]
fn described(rule: &str, pattern: Option<&str>) -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .description(Some(rule))
        .pattern(pattern)
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_id_takes_what_its_rule_takes_and_normalizes_once() {
        assert_eq!(ReturnNumber::parse(" R32FA99EB8C77447 ").map(String::from), Ok("R32FA99EB8C77447".to_owned()));
        assert!(ReturnNumber::parse("R-1").is_err());
        assert!(UpmId::parse("0f8a7c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b").is_ok());
        assert!(UpmId::parse("").is_err());
        assert!(UpmId::parse("a\nb").is_err());
        assert!(UpmId::parse(&"x".repeat(256)).is_err());
    }

    #[test]
    fn countries_and_e_mails_are_normalized_once_where_they_enter() {
        assert_eq!(CountryCode::parse(" gb ").map(String::from), Ok("GB".to_owned()));
        for bad in ["GBR", "G1", "", "é1"] {
            assert!(CountryCode::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Email::parse(" Jane@Example.COM ").map(String::from), Ok("jane@example.com".to_owned()));
        assert!(Email::parse("jane@").is_err());
        assert!(Email::parse(&format!("{}@example.com", "a".repeat(250))).is_err(), "254 characters at most");
    }

    #[test]
    fn on_the_wire_an_id_is_its_string_and_a_bad_one_is_refused() {
        let number: ReturnNumber = serde_json::from_str("\"R100200300\"").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(serde_json::to_string(&number).ok().as_deref(), Some("\"R100200300\""));
        assert_eq!(number, "R100200300");
        assert_eq!(&*number, "R100200300");
        assert!(serde_json::from_str::<ReturnNumber>("\"R-1\"").is_err());
        assert_eq!(InvalidId(UpmId::RULE).to_string(), UpmId::RULE);
    }
}
