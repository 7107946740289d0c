//! Property tests for every parser that reads request input (issue 7, "Suites that stay"): whatever
//! the bytes, a parser answers Ok or Err (never panics), and what it accepts obeys its rule exactly.

#![expect(clippy::expect_used, reason = "a test stops at the first broken step, with its reason")]
use domain::gift_card::{GiftCardNumber, GiftCardPin};
use domain::guest_filter::{Filter, parse_filter};
use domain::money::{Money, parse_decimal, parse_non_negative, to_decimal_string};
use domain::store_hours::{DayHours, parse_date, parse_time_zone, parse_weekday};
use domain::{Currency, OrderNumber, OrderType};
use proptest::prelude::*;

fn currencies() -> impl Strategy<Value = Currency> {
    prop::sample::select(vec!["USD", "JPY", "EUR", "KRW", "GBP", "CNY", "AUD"])
        .prop_map(|code| Currency::parse(code).expect("a known currency"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn order_numbers_are_exactly_4_to_32_ascii_letters_or_digits(text in "\\PC{0,40}") {
        let expected = (4..=32).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric());
        match OrderNumber::parse(&text) {
            Ok(number) => { prop_assert!(expected); prop_assert_eq!(number.as_str(), text.as_str()); }
            Err(_) => prop_assert!(!expected),
        }
    }

    #[test]
    fn well_formed_order_numbers_are_accepted(text in "[A-Za-z0-9]{4,32}") {
        prop_assert!(OrderNumber::parse(&text).is_ok());
    }

    #[test]
    fn filters_never_panic_and_phone_filters_keep_only_digits(text in "\\PC{0,80}") {
        if let Ok(Filter::PhoneNumber(digits)) = parse_filter(&text) {
            prop_assert!(digits.bytes().all(|b| b.is_ascii_digit()));
            prop_assert!((5..=19).contains(&digits.len()), "{digits}");
        }
        if let Ok(Filter::Email(email)) = parse_filter(&text) {
            prop_assert_eq!(email.clone(), email.trim().to_lowercase());
        }
    }

    #[test]
    fn e_mail_filters_match_whatever_the_case(local in "[a-zA-Z0-9._+-]{1,20}", domain in "[a-zA-Z0-9-]{1,20}\\.[a-zA-Z]{2,6}") {
        let address = format!("{}@{domain}", local.trim_matches('.'));
        prop_assume!(!local.trim_matches('.').is_empty() && !address.contains(".."));
        let upper = parse_filter(&format!("email({})", address.to_uppercase()));
        let lower = parse_filter(&format!("email({})", address.to_lowercase()));
        prop_assert_eq!(upper, lower);
    }

    #[test]
    fn phone_filters_ignore_plus_spaces_and_hyphens(digits in "[0-9]{5,19}") {
        let spaced: String = digits.chars().enumerate()
            .flat_map(|(i, c)| if i % 3 == 2 { vec![c, ' '] } else if i % 4 == 3 { vec![c, '-'] } else { vec![c] })
            .collect();
        prop_assert_eq!(parse_filter(&format!("phoneNumber(+{spaced})")), Ok(Filter::PhoneNumber(digits)));
    }

    #[test]
    fn order_type_filters_are_a_closed_set(text in "\\PC{0,30}") {
        let parsed = parse_filter(&format!("orderType({text})"));
        let known = OrderType::parse(text.trim()).is_some();
        prop_assert_eq!(parsed.is_ok(), known);
    }

    #[test]
    fn amounts_never_panic(text in "\\PC{0,40}", currency in currencies()) {
        let _ = parse_decimal(&text, currency);
        if let Ok(Money(minor)) = parse_non_negative(&text, currency) { prop_assert!(minor >= 0); }
    }

    #[test]
    fn amounts_round_trip_through_decimal_text((minor, currency) in currencies().prop_flat_map(|currency| {
        // Inputs are capped at 11 digits of major units (a hundred billion), whatever the currency.
        let cap = 100_000_000_000i64 * 10i64.pow(currency.exponent());
        (-cap + 1..cap, Just(currency))
    })) {
        let text = to_decimal_string(Money(minor), currency);
        prop_assert_eq!(parse_decimal(&text, currency), Ok(Money(minor)), "{}", text);
    }

    #[test]
    fn huge_amounts_are_refused_not_overflowed(digits in "[1-9][0-9]{11,40}", currency in currencies()) {
        prop_assert!(parse_decimal(&digits, currency).is_err());
    }

    #[test]
    fn gift_card_inputs_never_panic_and_pins_are_six_digits(text in "\\PC{0,40}") {
        if let Some(card) = GiftCardNumber::parse(&text) {
            prop_assert_eq!(card.as_str().len(), 19);
            prop_assert_eq!(card.last_four().len(), 4);
        }
        if let Some(pin) = GiftCardPin::parse(&text) {
            prop_assert!(pin.expose().len() == 6 && pin.expose().bytes().all(|b| b.is_ascii_digit()));
        }
    }

    #[test]
    fn store_hours_inputs_never_panic(start in "\\PC{0,8}", duration in "\\PC{0,8}", date in "\\PC{0,12}", zone in "\\PC{0,30}") {
        if let Ok(hours) = DayHours::parse(&start, &duration) {
            prop_assert!(hours.minutes <= 24 * 60);
        }
        let _ = parse_date(&date);
        let _ = parse_time_zone(&zone);
        let _ = parse_weekday(&zone);
    }
}
