//! What a return costs the caller, what the refund loses, the refund estimate (spec 001 §1, §9), and the
//! scannable-code wait notice.
//!
//! Members return free. Guests pay return shipping; there is no payment step in a return, so what they pay
//! is deducted from the refund (that is how Australia's $9.95 drop-off fee is described, 001 §9, and our
//! choice elsewhere). The fee is the carrier's price for the service (carrier data files), else the guest
//! return fee of the order's currency below. Store returns are free for everyone (001 §1).

use super::country_key;
use crate::{Currency, Money};

/// Our choice where the spec is silent: guest return shipping by currency, in minor units. A currency not
/// listed costs nothing.
pub const GUEST_RETURN_FEES: &[(&str, i64)] = &[
    ("USD", 700),
    ("GBP", 350),
    ("EUR", 395),
    ("SEK", 4900),
    ("DKK", 3500),
    ("PLN", 1500),
    ("CZK", 9900),
    ("HUF", 149_000),
    ("AUD", 995),
    ("JPY", 800),
    ("KRW", 5000),
    ("CNY", 0),
];

/// Australia's drop-off fee for guests and logged-out members (001 §9).
pub const AUSTRALIA_DROP_OFF_FEE: Money = Money(995);

/// What the caller pays and what is taken from the refund, in the order's currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallerPrice {
    pub price: Money,
    pub refund_deduction: Money,
}

/// The price of a method for this caller. `carrier_fee` is the carrier's fee for the service in the
/// order's currency, when its data gives one.
pub fn caller_price(
    country: &str,
    currency: Currency,
    as_member: bool,
    store_return: bool,
    carrier_fee: Option<Money>,
) -> CallerPrice {
    if as_member || store_return {
        return CallerPrice { price: Money(0), refund_deduction: Money(0) };
    }
    let fee = if country_key(country) == "AU" {
        AUSTRALIA_DROP_OFF_FEE
    } else {
        carrier_fee.unwrap_or_else(|| {
            Money(GUEST_RETURN_FEES.iter().find(|(code, _)| *code == currency.code()).map_or(0, |(_, fee)| *fee))
        })
    };
    CallerPrice { price: fee, refund_deduction: fee }
}

/// Σ quantity × unit refund − deduction, never below zero. `None` when a product overflows.
pub fn refund_estimate(lines: &[(i64, Money)], deduction: Money) -> Option<Money> {
    let mut total: i64 = 0;
    for (quantity, unit) in lines {
        total = total.checked_add(quantity.checked_mul(unit.0)?)?;
    }
    Some(Money((total - deduction.0).max(0)))
}

/// Minutes from the order date before a scannable code can be used (001 §9): 30 in the Netherlands, 10 in
/// Belgium, Spain and Italy. Our choice for every other country: 15 minutes, between the two given values.
pub const GENERAL_SCANNABLE_CODE_WAIT_MINUTES: i64 = 15;

pub fn scannable_code_wait_minutes(country: &str) -> i64 {
    match country_key(country).as_str() {
        "NL" => 30,
        "BE" | "ES" | "IT" => 10,
        _ => GENERAL_SCANNABLE_CODE_WAIT_MINUTES,
    }
}

/// Where a refund goes and when it arrives (001 §1, §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefundArrival {
    /// ORIGINAL_PAYMENT, GIFT_CARD (PayPal orders returned in a store) or BANK_TRANSFER (cash payments).
    pub destination: &'static str,
    /// Business days after the return is processed.
    pub days_min: u32,
    pub days_max: u32,
}

/// Original method: usually within 2 business days, up to a week; EMEA up to 2 weeks (10 business days);
/// Korea within 3 days.
/// Gift card: at once (our choice: within 1 business day). Bank transfer (cash and cash-on-delivery
/// orders): our choice, 3 to 10 business days.
pub fn refund_arrival(country: &str, payment_types: &[&str], store_return: bool) -> RefundArrival {
    let paid = |kind: &str| payment_types.iter().any(|p| p.eq_ignore_ascii_case(kind));
    if store_return && paid("paypal") {
        return RefundArrival { destination: "GIFT_CARD", days_min: 0, days_max: 1 };
    }
    if paid("cash") || paid("cod") {
        return RefundArrival { destination: "BANK_TRANSFER", days_min: 3, days_max: 10 };
    }
    if country_key(country) == "KR" {
        // 001 §9, Korea courier: refund within 3 days.
        return RefundArrival { destination: "ORIGINAL_PAYMENT", days_min: 1, days_max: 3 };
    }
    let days_max = if super::is_emea(country) { 10 } else { 5 };
    RefundArrival { destination: "ORIGINAL_PAYMENT", days_min: 2, days_max }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn currency(code: &str) -> Currency {
        Currency::parse(code).unwrap_or(Currency::USD)
    }

    #[test]
    #[expect(clippy::type_complexity, reason = "a table of cases")]
    fn price_per_caller() {
        let cases: &[(&str, &str, bool, bool, Option<i64>, i64)] = &[
            ("US", "USD", true, false, Some(600), 0),
            ("US", "USD", false, false, Some(600), 600),
            ("US", "USD", false, false, None, 700),
            ("US", "USD", false, true, None, 0),
            ("GB", "GBP", false, false, None, 350),
            ("GB", "GBP", true, false, None, 0),
            ("AU", "AUD", false, false, None, 995),
            ("AU", "AUD", false, false, Some(1), 995),
            ("AU", "AUD", true, false, None, 0),
            ("BR", "BRL", false, false, None, 0),
        ];
        for (country, code, member, store, fee, expected) in cases {
            let price = caller_price(country, currency(code), *member, *store, fee.map(Money));
            assert_eq!(price.price, Money(*expected), "{country} member={member} store={store}");
            assert_eq!(price.refund_deduction, Money(*expected));
        }
    }

    #[test]
    fn refund_estimates() {
        assert_eq!(refund_estimate(&[(2, Money(13000)), (1, Money(500))], Money(995)), Some(Money(25505)));
        assert_eq!(refund_estimate(&[(1, Money(500))], Money(995)), Some(Money(0)));
        assert_eq!(refund_estimate(&[], Money(0)), Some(Money(0)));
        assert_eq!(refund_estimate(&[(i64::MAX, Money(2))], Money(0)), None);
    }

    #[test]
    fn refund_arrivals() {
        let cases: &[(&str, &[&str], bool, &str, u32)] = &[
            ("US", &["credit_card"], false, "ORIGINAL_PAYMENT", 5),
            ("DE", &["credit_card"], false, "ORIGINAL_PAYMENT", 10),
            ("US", &["paypal"], true, "GIFT_CARD", 1),
            ("US", &["paypal"], false, "ORIGINAL_PAYMENT", 5),
            ("NL", &["cash"], false, "BANK_TRANSFER", 10),
            ("KR", &["credit_card"], false, "ORIGINAL_PAYMENT", 3),
            ("kr", &["credit_card"], true, "ORIGINAL_PAYMENT", 3),
        ];
        for (country, payments, store, destination, max) in cases {
            let arrival = refund_arrival(country, payments, *store);
            assert_eq!((arrival.destination, arrival.days_max), (*destination, *max), "{country} {payments:?}");
        }
    }

    #[test]
    fn scannable_code_waits() {
        let cases = [("NL", 30), ("nl", 30), ("BE", 10), ("ES", 10), ("IT", 10), ("GB", 15), ("DE", 15), ("US", 15)];
        for (country, minutes) in cases {
            assert_eq!(scannable_code_wait_minutes(country), minutes, "{country}");
        }
    }
}
