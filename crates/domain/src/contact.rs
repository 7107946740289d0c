//! E-mail and phone rules (spec 000 section 5).

/// Phone: 3 to 16 digits only.
pub const PHONE_MIN_DIGITS: usize = 3;
pub const PHONE_MAX_DIGITS: usize = 16;

/// Standard e-mail pattern (spec 000 §5), the one rule the web app shares: `crate::rules::EMAIL_PATTERN`.
pub fn is_valid_email(text: &str) -> bool {
    crate::rules::is_email(text)
}

/// A phone number as the spec allows it: 3 to 16 digits, nothing else.
pub fn is_valid_phone_digits(text: &str) -> bool {
    (PHONE_MIN_DIGITS..=PHONE_MAX_DIGITS).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())
}

/// A country calling code: 1 to 3 digits, without the plus sign.
pub fn is_valid_country_calling_code(text: &str) -> bool {
    (1..=3).contains(&text.len()) && text.bytes().all(|byte| byte.is_ascii_digit())
}

/// The form in which e-mails are stored and compared: trimmed and lower case.
pub fn normalize_email(text: &str) -> String {
    text.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_addresses_are_valid() {
        for ok in ["jane@example.com", "j.doe+orders@mail.example.co.uk", "x@[192.168.0.1]", "A_B@Ex-ample.ORG"] {
            assert!(is_valid_email(ok), "{ok}");
        }
    }

    #[test]
    fn malformed_addresses_are_invalid() {
        for bad in [
            "",
            "jane",
            "jane@",
            "@example.com",
            "jane@example",
            "jane@@example.com",
            "jane@.example.com",
            ".jane@example.com",
            "ja..ne@example.com",
            "jane doe@example.com",
            "jane@exa mple.com",
            "jane@example.c",
            "jane@-example.com",
            "jane@[999.1.1.1]",
        ] {
            assert!(!is_valid_email(bad), "{bad}");
        }
    }

    #[test]
    fn a_phone_is_three_to_sixteen_digits() {
        assert!(is_valid_phone_digits("123"));
        assert!(is_valid_phone_digits("1234567890123456"));
        for bad in ["12", "12345678901234567", "415-555", "+14155550100", "415 555 0100", ""] {
            assert!(!is_valid_phone_digits(bad), "{bad}");
        }
    }

    #[test]
    fn a_calling_code_is_one_to_three_digits() {
        assert!(is_valid_country_calling_code("1"));
        assert!(is_valid_country_calling_code("852"));
        assert!(!is_valid_country_calling_code("+1"));
        assert!(!is_valid_country_calling_code("1234"));
    }
}
