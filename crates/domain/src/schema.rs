//! The API document's shape of each input rule, built from the rule itself (`crate::rules`, the money and
//! gift-card modules), so the document states what the server checks and the two cannot drift.
//!
//! The domain's value types (`Currency`, `GiftCardNumber`, `GiftCardPin`; `OrderNumber` in its module) get
//! their schema here; a rule without a type of its own (a country code, an e-mail) gets a marker type that
//! exists only to be named in the document. The server names them on plain string fields where the handler
//! keeps its own check and error code: `#[schema(value_type = domain::schema::CountryCode, inline)]`,
//! `#[param(value_type = ..., inline)]`, or `inline(Option<...>)` in a path's parameter list. The contract
//! test's generator then sends only what the server takes, and anything else must be refused.

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{Object, ObjectBuilder, Schema, Type};

fn text(pattern: impl Into<String>, description: &str) -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern.into())).description(Some(description))
}

/// A type named only in the API document.
macro_rules! documented {
    ($(#[$doc:meta])* $name:ident => $body:expr) => {
        $(#[$doc])*
        pub struct $name;
        impl utoipa::PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                $body.into()
            }
        }
        impl utoipa::ToSchema for $name {}
    };
}

/// Gives a domain value type the schema built by `$body`.
macro_rules! schema_of {
    ($name:path => $body:expr) => {
        impl utoipa::PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                $body.into()
            }
        }
        impl utoipa::ToSchema for $name {}
    };
}

documented!(
    /// An e-mail address (`rules::EMAIL_PATTERN`, at most 254 characters).
    Email => email()
);
documented!(
    /// An ISO 3166-1 alpha-2 country code (`rules::COUNTRY_CODE_PATTERN`).
    CountryCode => country_code()
);
documented!(
    /// Every feature flag by its wire name (`country::Flag::ALL`), each a boolean: the flags of one country.
    CountryFlags => country_flags()
);
schema_of!(crate::money::Currency => currency());
schema_of!(crate::gift_card::GiftCardNumber => gift_card_number());
schema_of!(crate::gift_card::GiftCardPin => gift_card_pin());

/// An e-mail address (`rules::EMAIL_PATTERN`, at most 254 characters).
pub fn email() -> Object {
    text(crate::rules::EMAIL_PATTERN, "an e-mail address").max_length(Some(crate::rules::EMAIL_MAX_LENGTH)).build()
}

/// An ISO 3166-1 alpha-2 country code.
pub fn country_code() -> Object {
    text(crate::rules::COUNTRY_CODE_PATTERN, "ISO 3166-1 alpha-2 country code").build()
}

/// The closed set of flags, so the web's `Flags` type is generated from it and names no flag of its own.
pub fn country_flags() -> Object {
    crate::country::Flag::ALL
        .iter()
        .fold(ObjectBuilder::new().schema_type(Type::Object), |object, flag| {
            object
                .property(
                    flag.name(),
                    ObjectBuilder::new().schema_type(Type::Boolean).default(Some(flag.default_value().into())),
                )
                .required(flag.name())
        })
        .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::FreeForm(false)))
        .description(Some("Every feature flag by name, with the deployment's overrides applied."))
        .build()
}

/// An active ISO 4217 currency code, upper case.
pub fn currency() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some("ISO 4217 currency code"))
        .enum_values(Some(crate::money::Currency::codes()))
        .build()
}

// The gift card pattern below spells 4+4+4+4+3 digits.
const _: () = assert!(crate::gift_card::CARD_NUMBER_DIGITS == 19);

/// A gift card number: 19 digits, as typed or printed in groups of four (`6006 4910 0000 0000 001`). The
/// parser also takes spaces elsewhere (up to 24 characters in all); the document states the printed form,
/// because a pattern that counts the spaces too sends the contract test's generator past the length limit.
pub fn gift_card_number() -> Object {
    text("^[0-9]{4} ?[0-9]{4} ?[0-9]{4} ?[0-9]{4} ?[0-9]{3}$", "19 digits, spaces allowed").build()
}

/// A gift card PIN: 6 digits.
pub fn gift_card_pin() -> Object {
    text(format!("^[0-9]{{{}}}$", crate::gift_card::PIN_DIGITS), "6 digits").build()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(object: &Object) -> regex::Regex {
        regex::Regex::new(object.pattern.as_deref().unwrap_or("")).unwrap_or_else(|_| regex::Regex::new("$^").unwrap())
    }

    #[test]
    fn the_gift_card_number_pattern_takes_only_what_the_parser_takes() {
        let schema = gift_card_number();
        for input in [
            "6006491000000000001",
            "6006 4910 0000 0000 001",
            " 6006491000000000001 ",
            "600649100000000000",
            "60064910000000000012",
            "6006-4910-0000-0000-001",
            "6006  4910  0000  0000  001",
        ] {
            if pattern(&schema).is_match(input) {
                assert!(crate::gift_card::GiftCardNumber::parse(input).is_some(), "{input:?}");
            }
        }
        for printed in ["6006491000000000001", "6006 4910 0000 0000 001"] {
            assert!(pattern(&schema).is_match(printed), "{printed}");
        }
    }

    #[test]
    fn the_currency_set_is_what_parse_takes() {
        let schema = currency();
        let values = schema.enum_values.unwrap_or_default();
        assert!(values.len() > 150);
        assert!(values.iter().all(|code| code.as_str().and_then(crate::money::Currency::parse).is_some()));
        assert!(crate::money::Currency::parse("usd").is_none());
    }

    #[test]
    fn the_country_pattern_is_the_check() {
        for input in ["US", "gb", "U", "USA", " US", "U1", "ÄÖ"] {
            assert_eq!(pattern(&country_code()).is_match(input), crate::rules::is_country_code(input), "{input:?}");
        }
    }
}
