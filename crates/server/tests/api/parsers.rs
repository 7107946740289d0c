//! Property tests for the server's request parsers (issue 7): arbitrary bytes and hostile numbers in an
//! ops order body, dates and JSON bodies answer Ok or a 400-kind error, never a panic, and an accepted
//! order's sums fit the cap.

use proptest::prelude::*;
use serde_json::json;
use server::error::AppError;
use server::orders::body::{MAX_ORDER_TOTAL_MINOR, parse_order};
use server::orders::fields::FlexDate;

fn is_client_error(error: &AppError) -> bool {
    matches!(error, AppError::InvalidJson(_) | AppError::ControlCharacters { .. } | AppError::Validation { .. })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_are_a_client_error(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        if let Err(error) = parse_order(&bytes) {
            prop_assert!(is_client_error(&error), "{error:?}");
        }
    }

    #[test]
    fn hostile_prices_and_quantities_never_overflow(
        price in prop_oneof![any::<i64>().prop_map(|n| n.to_string()), "[0-9]{1,30}(\\.[0-9]{1,4})?"],
        quantity in prop_oneof![any::<i64>(), 0i64..20_000],
        shipping in prop_oneof![Just("0".to_string()), "[0-9]{1,25}"],
        lines in 1usize..40,
    ) {
        let line = |n: usize| json!({"lineNumber": n, "title": "Stride Runner", "quantity": quantity,
            "unitPrice": price, "tax": 0, "status": "created"});
        let body = json!({"orderNumber": "C4700077", "orderType": "SALES_ORDER", "country": "US", "currency": "USD",
            "upmId": null, "email": "guest@example.com", "orderDate": "2026-11-01T10:00:00Z",
            "shippingTotal": shipping, "lines": (1..=lines).map(line).collect::<Vec<_>>()});
        match parse_order(body.to_string().as_bytes()) {
            Ok(order) => prop_assert!(order.shipping_total.0 <= MAX_ORDER_TOTAL_MINOR),
            Err(error) => prop_assert!(is_client_error(&error), "{error:?}"),
        }
    }

    #[test]
    fn dates_never_panic_and_keep_their_instant(text in "\\PC{0,40}") {
        let _ = FlexDate::parse(&text);
    }

    #[test]
    fn zone_suffixed_dates_read_as_utc(seconds in 0i64..4_102_444_800) {
        let time = chrono::DateTime::from_timestamp(seconds, 0).expect("in range");
        let text = format!("{}[UTC]", time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
        let parsed = FlexDate::parse(&text).map(|date| date.0);
        prop_assert_eq!(parsed, Some(time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)));
    }

    #[test]
    fn json_bodies_never_panic(text in "\\PC{0,200}") {
        if let Err(error) = server::extract::parse_json_bytes::<serde_json::Value>(text.as_bytes()) {
            prop_assert!(is_client_error(&error), "{error:?}");
        }
    }
}
