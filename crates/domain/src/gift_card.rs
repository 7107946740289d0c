//! Gift cards (spec 000 §2, §5, §8, §9): the card number and PIN as typed, and the lock policy.

/// Digits in a card number once spaces are removed.
pub const CARD_NUMBER_DIGITS: usize = 19;
/// Longest card number input, spaces included.
pub const CARD_NUMBER_MAX_INPUT: usize = 24;
pub const PIN_DIGITS: usize = 6;
/// Failed PINs after which a card locks (counted in the database, exactly, under parallel guesses).
pub const MAX_FAILED_PINS: i64 = 10;
/// How long a locked card stays locked.
pub const LOCK_MINUTES: i64 = 30;

/// A card number: exactly 19 digits once the spaces a shopper types are removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftCardNumber(String);

impl GiftCardNumber {
    pub fn parse(input: &str) -> Option<Self> {
        if input.chars().count() > CARD_NUMBER_MAX_INPUT {
            return None;
        }
        if !input.chars().all(|c| c.is_ascii_digit() || c == ' ') {
            return None;
        }
        let digits: String = input.chars().filter(char::is_ascii_digit).collect();
        (digits.len() == CARD_NUMBER_DIGITS).then_some(Self(digits))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The last four digits: all a log or an answer may show of a card number.
    pub fn last_four(&self) -> &str {
        &self.0[CARD_NUMBER_DIGITS - 4..]
    }
}

/// A PIN: exactly 6 digits.
#[derive(Clone, PartialEq, Eq)]
pub struct GiftCardPin(String);

impl GiftCardPin {
    pub fn parse(input: &str) -> Option<Self> {
        (input.len() == PIN_DIGITS && input.bytes().all(|b| b.is_ascii_digit())).then(|| Self(input.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for GiftCardPin {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("GiftCardPin(******)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_number_is_nineteen_digits_once_spaces_are_removed() {
        let number = GiftCardNumber::parse("6060 1234 5678 9012 345").map(|n| n.as_str().to_owned());
        assert_eq!(number.as_deref(), Some("6060123456789012345"));
        assert!(GiftCardNumber::parse("606012345678901234").is_none(), "18 digits");
        assert!(GiftCardNumber::parse("60601234567890123456").is_none(), "20 digits");
        assert!(GiftCardNumber::parse("6060-1234-5678-9012-345").is_none(), "only digits and spaces");
        assert!(GiftCardNumber::parse("6060 1234 5678 9012 345      ").is_none(), "longer than 24 typed");
    }

    #[test]
    fn only_the_last_four_digits_are_shown() {
        assert_eq!(
            GiftCardNumber::parse("6060123456789012345").map(|n| n.last_four().to_owned()).as_deref(),
            Some("2345")
        );
    }

    #[test]
    fn a_pin_is_six_digits_and_never_printed() {
        assert!(GiftCardPin::parse("123456").is_some());
        assert!(GiftCardPin::parse("12345").is_none());
        assert!(GiftCardPin::parse("12345a").is_none());
        assert_eq!(format!("{:?}", GiftCardPin::parse("123456")), "Some(GiftCardPin(******))");
    }
}
