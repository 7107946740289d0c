//! Input rules that the server and the web app both apply, written once. The server checks with these
//! patterns; `web/src/shared/validation/rules.generated.ts` is written from them by a test
//! (`UPDATE_RULES=1 cargo test -p domain rules`), which also fails when the committed copy differs.

use std::sync::LazyLock;

use regex::Regex;

/// Order ID (spec 000 §5): 4 to 32 letters or digits.
pub const ORDER_NUMBER_PATTERN: &str = r"^[A-Za-z0-9]{4,32}$";

/// Order-number fragment for finding an order in the history: 4 to 20 letters or digits (shoppers type
/// the last digits, or the whole number).
pub const ORDER_NUMBER_FRAGMENT_PATTERN: &str = r"^[A-Za-z0-9]{4,20}$";

/// What a shopper may type between the characters of an order number when finding it in the history
/// (as printed on receipts, "C 9RM-00000001"): white space and hyphens (also the Unicode hyphen, the
/// non-breaking hyphen and the en dash that phone keyboards substitute). They are removed before the
/// fragment is checked; letters keep their case.
pub const ORDER_NUMBER_SEPARATOR_PATTERN: &str = r"[\s\u2010\u2011\u2013-]";

/// A country as the API takes it: an ISO 3166-1 alpha-2 code, letters of either case (`US`, `gb`).
/// Whether the site sells there is configuration, checked apart.
pub const COUNTRY_CODE_PATTERN: &str = r"^[A-Za-z]{2}$";

/// E-mail (spec 000 §5): a local part of letters, digits and the RFC 5322 specials in dot-separated
/// atoms, `@`, and a domain name (labels of letters, digits and inner hyphens; an alphabetic top-level
/// label of 2 or more) or a bracketed IPv4 address.
pub const EMAIL_PATTERN: &str = r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}|\[((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\])$";
/// Longest e-mail address (RFC 5321).
pub const EMAIL_MAX_LENGTH: usize = 254;

/// Phone (spec 000 §5): 3 to 16 digits only.
pub const PHONE_PATTERN: &str = r"^[0-9]{3,16}$";

/// What a shopper may type in a phone field: digits, spaces, hyphens, brackets, dots and a leading plus.
pub const PHONE_INPUT_PATTERN: &str = r"^\+?[0-9 ().-]*$";

/// China taxpayer id (e-invoice), after spaces are removed and letters upper-cased: the 15-digit tax
/// registration number, the 18-character unified social credit code or the 20-character form.
pub const TAXPAYER_ID_PATTERN: &str = r"^([A-Z0-9]{15}|[A-Z0-9]{18}|[A-Z0-9]{20})$";
/// Longest e-invoice title.
pub const EINVOICE_TITLE_MAX_CHARS: usize = 100;

/// The shape of an IBAN once spaces and hyphens are removed and letters upper-cased: country, two check
/// digits, 11 to 30 letters or digits (ISO 13616: 15 to 34 characters). Only the shape: the check digits
/// and each country's length are checked once, by the server's IBAN library (`returns::refund`); the web
/// app shows its refusal on the field.
pub const IBAN_SHAPE_PATTERN: &str = r"^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$";
/// Longest first name of a bank account owner (spec 001 §5: 24).
pub const BANK_FIRST_NAME_MAX_CHARS: usize = 24;
/// Longest last name of a bank account owner.
pub const BANK_LAST_NAME_MAX_CHARS: usize = 64;

static TAXPAYER_ID: LazyLock<Regex> = LazyLock::new(|| compile(TAXPAYER_ID_PATTERN));
static EMAIL: LazyLock<Regex> = LazyLock::new(|| compile(EMAIL_PATTERN));
static ORDER_NUMBER: LazyLock<Regex> = LazyLock::new(|| compile(ORDER_NUMBER_PATTERN));
static ORDER_NUMBER_FRAGMENT: LazyLock<Regex> = LazyLock::new(|| compile(ORDER_NUMBER_FRAGMENT_PATTERN));
static ORDER_NUMBER_SEPARATOR: LazyLock<Regex> = LazyLock::new(|| compile(ORDER_NUMBER_SEPARATOR_PATTERN));

fn compile(pattern: &str) -> Regex {
    // The patterns are constants checked by the tests below; an invalid one is a build defect.
    Regex::new(pattern).unwrap_or_else(|_| Regex::new("$^").unwrap_or_else(|_| unreachable!()))
}

/// Exactly `COUNTRY_CODE_PATTERN` (no trimming: what the document allows and what is taken agree).
pub fn is_country_code(text: &str) -> bool {
    text.len() == 2 && text.bytes().all(|byte| byte.is_ascii_alphabetic())
}

/// `EMAIL_PATTERN` without the length limit (the guest filter, whose documented pattern cannot count).
pub fn is_email_shape(text: &str) -> bool {
    EMAIL.is_match(text)
}

pub fn is_email(text: &str) -> bool {
    text.len() <= EMAIL_MAX_LENGTH && EMAIL.is_match(text)
}

/// `text` already normalized (no spaces, upper case).
pub fn is_taxpayer_id(text: &str) -> bool {
    TAXPAYER_ID.is_match(text)
}

pub fn is_order_number(text: &str) -> bool {
    ORDER_NUMBER.is_match(text)
}

pub fn is_order_number_fragment(text: &str) -> bool {
    ORDER_NUMBER_FRAGMENT.is_match(text)
}

/// `text` without the separators a shopper may type inside an order number (`ORDER_NUMBER_SEPARATOR_PATTERN`).
pub fn strip_order_number_separators(text: &str) -> std::borrow::Cow<'_, str> {
    ORDER_NUMBER_SEPARATOR.replace_all(text, "")
}

/// The TypeScript module the web app imports.
pub fn typescript_module() -> String {
    let literal = |pattern: &str| format!("/* @__PURE__ */ new RegExp({})", serde_json_string(pattern));
    format!(
        "// Written from crates/domain/src/rules.rs by `UPDATE_RULES=1 cargo test -p domain rules`; do not edit.\n\
         export const ORDER_NUMBER_PATTERN = {};\n\
         export const ORDER_NUMBER_FRAGMENT_PATTERN = {};\n\
         export const ORDER_NUMBER_SEPARATOR_PATTERN = {};\n\
         export const EMAIL_PATTERN = {};\n\
         export const EMAIL_MAX_LENGTH = {EMAIL_MAX_LENGTH};\n\
         export const PHONE_PATTERN = {};\n\
         export const PHONE_INPUT_PATTERN = {};\n\
         export const TAXPAYER_ID_PATTERN = {};\n\
         export const EINVOICE_TITLE_MAX_CHARS = {EINVOICE_TITLE_MAX_CHARS};\n\
         export const IBAN_SHAPE_PATTERN = {};\n\
         export const BANK_FIRST_NAME_MAX_CHARS = {BANK_FIRST_NAME_MAX_CHARS};\n\
         export const BANK_LAST_NAME_MAX_CHARS = {BANK_LAST_NAME_MAX_CHARS};\n\
         /** The server's flag defaults (`country::Flag::default_value`): the web's fallback when /config fails. */\n\
         export const DEFAULT_FLAGS = {{\n{}}} as const;\n",
        literal(ORDER_NUMBER_PATTERN),
        literal(ORDER_NUMBER_FRAGMENT_PATTERN),
        literal(ORDER_NUMBER_SEPARATOR_PATTERN),
        literal(EMAIL_PATTERN),
        literal(PHONE_PATTERN),
        literal(PHONE_INPUT_PATTERN),
        literal(TAXPAYER_ID_PATTERN),
        literal(IBAN_SHAPE_PATTERN),
        crate::country::Flag::ALL
            .iter()
            .map(|flag| format!("  {}: {},\n", flag.name(), flag.default_value()))
            .collect::<String>(),
    )
}

/// A JavaScript string literal (JSON's escaping is valid JavaScript).
fn serde_json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            other => out.push(other),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_compiles() {
        for pattern in [
            ORDER_NUMBER_PATTERN,
            ORDER_NUMBER_FRAGMENT_PATTERN,
            ORDER_NUMBER_SEPARATOR_PATTERN,
            COUNTRY_CODE_PATTERN,
            EMAIL_PATTERN,
            PHONE_PATTERN,
            PHONE_INPUT_PATTERN,
            TAXPAYER_ID_PATTERN,
            IBAN_SHAPE_PATTERN,
        ] {
            assert!(Regex::new(pattern).is_ok(), "{pattern}");
        }
    }

    #[test]
    fn emails_are_read_as_the_spec_says() {
        for good in ["jane@example.com", "j.doe+tag@mail.example.co.uk", "x@[127.0.0.1]", "o'neil@example.ie"] {
            assert!(is_email(good), "{good}");
        }
        for bad in [
            "jane",
            "jane@",
            "@example.com",
            "jane@example",
            "jane@@example.com",
            "ja ne@example.com",
            ".jane@example.com",
            "jane.@example.com",
            "jane@-example.com",
            "jane@example.c0m",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
        assert!(!is_email(&format!("{}@example.com", "a".repeat(250))));
    }

    #[test]
    fn order_numbers_are_four_to_thirty_two_letters_or_digits() {
        assert!(is_order_number("C0012345678"));
        assert!(!is_order_number("C01"));
        assert!(!is_order_number("C-0012345678"));
    }

    #[test]
    fn order_number_fragments_are_four_to_twenty_letters_or_digits() {
        for good in ["0042", "c0012345", "C0012345678901234567"] {
            assert!(is_order_number_fragment(good), "{good}");
        }
        for bad in ["042", "C00123456789012345678", "C001-23", "c 0012", "%0012", ""] {
            assert!(!is_order_number_fragment(bad), "{bad}");
        }
    }

    #[test]
    fn spaces_and_hyphens_typed_in_an_order_number_are_removed_and_the_case_kept() {
        assert_eq!(strip_order_number_separators("C 9RM-00000001"), "C9RM00000001");
        assert_eq!(strip_order_number_separators(" c9rm\u{2010}0000\u{2013}0001\t"), "c9rm00000001");
        assert_eq!(strip_order_number_separators("C00_12%"), "C00_12%", "anything else stays, to be refused");
    }

    #[test]
    fn the_web_apps_copy_of_the_rules_is_current() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/shared/validation/rules.generated.ts");
        let fresh = typescript_module();
        if std::env::var("UPDATE_RULES").is_ok() {
            assert!(std::fs::write(&path, &fresh).is_ok(), "write {}", path.display());
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(committed, fresh, "run UPDATE_RULES=1 cargo test -p domain rules and commit the result");
    }
}
