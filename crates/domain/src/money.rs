//! Money in minor units with an ISO 4217 currency; never binary floating point arithmetic.
//!
//! Amounts cross the API as decimal text in the currency's major unit ("19.99" USD, "1200" JPY).
//! `parse_decimal` reads that text exactly and `to_decimal_string` writes it back exactly.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(try_from = "String")]
pub struct Currency([u8; 3]);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a currency is an ISO 4217 code such as USD or EUR")]
pub struct UnknownCurrency;

impl TryFrom<String> for Currency {
    type Error = UnknownCurrency;
    fn try_from(code: String) -> Result<Self, Self::Error> {
        Self::parse(&code.trim().to_ascii_uppercase()).ok_or(UnknownCurrency)
    }
}

/// Active ISO 4217 codes. Three-letter text outside this list is refused on input.
const ISO_4217: &str = "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL \
BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP \
GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW \
KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO \
NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD \
SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF \
XPF YER ZAR ZMW ZWL";

/// Currencies whose minor unit is not a hundredth (ISO 4217 exponent 0 or 3).
const ZERO_DECIMAL: &str = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF";
const THREE_DECIMAL: &str = "BHD IQD JOD KWD LYD OMR TND";

impl Currency {
    pub const USD: Currency = Currency(*b"USD");

    pub fn parse(code: &str) -> Option<Self> {
        let bytes: [u8; 3] = code.as_bytes().try_into().ok()?;
        listed(ISO_4217, &bytes).then_some(Self(bytes))
    }

    /// Every code `parse` takes (the active ISO 4217 list), for the API document's closed set.
    pub fn codes() -> impl Iterator<Item = &'static str> {
        ISO_4217.split(' ')
    }

    pub fn code(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or("XXX")
    }

    /// Digits after the decimal point in the major unit.
    pub fn exponent(&self) -> u32 {
        if listed(ZERO_DECIMAL, &self.0) {
            0
        } else if listed(THREE_DECIMAL, &self.0) {
            3
        } else {
            2
        }
    }
}

/// Whether `code` is in `list` (sorted three-letter codes, each followed by one space but the last).
/// A binary search over the text's bytes: this runs for every amount of every line an answer shows,
/// and walking the list with `split_whitespace` was a tenth of a history page's CPU time.
fn listed(list: &str, code: &[u8; 3]) -> bool {
    let bytes = list.as_bytes();
    let count = bytes.len().div_ceil(4);
    let (mut low, mut high) = (0, count);
    while low < high {
        let middle = (low + high) / 2;
        match bytes.get(middle * 4..middle * 4 + 3).map(|known| known.cmp(code.as_slice())) {
            Some(std::cmp::Ordering::Less) => low = middle + 1,
            Some(std::cmp::Ordering::Greater) => high = middle,
            Some(std::cmp::Ordering::Equal) => return true,
            None => return false,
        }
    }
    false
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// An amount in minor units of some currency (cents for USD, yen for JPY).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(pub i64);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    #[error("an amount is a plain decimal number such as 19.99")]
    NotADecimal,
    #[error("{currency} amounts have at most {exponent} digits after the decimal point")]
    TooPrecise { currency: String, exponent: u32 },
    #[error("the amount is too large")]
    TooLarge,
    #[error("the amount may not be negative")]
    Negative,
}

/// The largest amount accepted on input: a hundred billion major units.
const MAX_MAJOR_DIGITS: usize = 11;

/// Reads decimal text ("19.99", "-3", "0.5") as minor units of `currency`, exactly.
pub fn parse_decimal(text: &str, currency: Currency) -> Result<Money, AmountError> {
    let exponent = currency.exponent();
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits_only = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    if whole.is_empty() || !digits_only(whole) || !digits_only(fraction) || text.ends_with('.') {
        return Err(AmountError::NotADecimal);
    }
    let significant_fraction = fraction.trim_end_matches('0');
    if significant_fraction.len() > exponent as usize {
        return Err(AmountError::TooPrecise { currency: currency.code().to_owned(), exponent });
    }
    let whole = whole.trim_start_matches('0');
    if whole.len() > MAX_MAJOR_DIGITS {
        return Err(AmountError::TooLarge);
    }
    let mut minor_text = String::with_capacity(whole.len() + exponent as usize);
    minor_text.push_str(whole);
    minor_text.push_str(significant_fraction);
    for _ in significant_fraction.len()..exponent as usize {
        minor_text.push('0');
    }
    let magnitude: i64 = if minor_text.trim_start_matches('0').is_empty() {
        0
    } else {
        minor_text.parse().map_err(|_| AmountError::TooLarge)?
    };
    Ok(Money(if negative { -magnitude } else { magnitude }))
}

/// Like `parse_decimal`, refusing negative amounts.
pub fn parse_non_negative(text: &str, currency: Currency) -> Result<Money, AmountError> {
    let amount = parse_decimal(text, currency)?;
    if amount.0 < 0 { Err(AmountError::Negative) } else { Ok(amount) }
}

/// Writes minor units as exact decimal text in the major unit, without trailing zeros ("19.9", "1200").
pub fn to_decimal_string(amount: Money, currency: Currency) -> String {
    let exponent = currency.exponent();
    let sign = if amount.0 < 0 { "-" } else { "" };
    let magnitude = amount.0.unsigned_abs();
    let scale = 10u64.pow(exponent);
    let whole = magnitude / scale;
    let fraction = magnitude % scale;
    if fraction == 0 {
        return format!("{sign}{whole}");
    }
    let padded = format!("{fraction:0width$}", width = exponent as usize);
    format!("{sign}{whole}.{}", padded.trim_end_matches('0'))
}

/// The amount with all of its currency's minor digits, as a price is printed for people: "191.10", "1200"
/// (JPY), "-0.50".
pub fn to_price_string(amount: Money, currency: Currency) -> String {
    let exponent = currency.exponent();
    let sign = if amount.0 < 0 { "-" } else { "" };
    let magnitude = amount.0.unsigned_abs();
    let scale = 10u64.pow(exponent);
    if exponent == 0 {
        return format!("{sign}{magnitude}");
    }
    format!("{sign}{}.{:0width$}", magnitude / scale, magnitude % scale, width = exponent as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn currency(code: &str) -> Currency {
        Currency::parse(code).unwrap_or(Currency::USD)
    }

    #[test]
    fn the_code_lists_are_sorted_and_single_spaced_so_the_binary_search_finds_every_code() {
        for list in [ISO_4217, ZERO_DECIMAL, THREE_DECIMAL] {
            let codes: Vec<&str> = list.split(' ').collect();
            assert!(codes.iter().all(|code| code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase())));
            assert!(codes.windows(2).all(|pair| pair[0] < pair[1]), "sorted: {list}");
            for code in &codes {
                assert!(listed(list, &code.as_bytes().try_into().unwrap_or([0; 3])), "{code}");
            }
        }
        for absent in ["AAA", "ZZZ", "USE", "EUQ", "ABC"] {
            assert!(Currency::parse(absent).is_none(), "{absent}");
        }
        assert_eq!(currency("JPY").exponent(), 0);
        assert_eq!(currency("KWD").exponent(), 3);
        assert_eq!(currency("EUR").exponent(), 2);
        assert!(ZERO_DECIMAL.split(' ').chain(THREE_DECIMAL.split(' ')).all(|code| Currency::parse(code).is_some()));
    }

    #[test]
    fn decimal_text_is_read_exactly_in_minor_units() {
        let usd = currency("USD");
        assert_eq!(parse_decimal("19.99", usd), Ok(Money(1999)));
        assert_eq!(parse_decimal("19.9", usd), Ok(Money(1990)));
        assert_eq!(parse_decimal("0.1", usd), Ok(Money(10)));
        assert_eq!(parse_decimal("120", usd), Ok(Money(12000)));
        assert_eq!(parse_decimal("120.00", usd), Ok(Money(12000)));
        assert_eq!(parse_decimal("0", usd), Ok(Money(0)));
        assert_eq!(parse_decimal("-5.5", usd), Ok(Money(-550)));
    }

    #[test]
    fn each_currency_uses_its_own_minor_unit() {
        assert_eq!(parse_decimal("1200", currency("JPY")), Ok(Money(1200)));
        assert_eq!(parse_decimal("15000", currency("KRW")), Ok(Money(15000)));
        assert_eq!(parse_decimal("1.234", currency("KWD")), Ok(Money(1234)));
        assert!(matches!(parse_decimal("1200.5", currency("JPY")), Err(AmountError::TooPrecise { .. })));
        assert!(matches!(parse_decimal("1.999", currency("EUR")), Err(AmountError::TooPrecise { .. })));
    }

    #[test]
    fn text_that_is_not_a_plain_decimal_is_refused() {
        for bad in ["", ".", "1.", ".5", "1e3", "1,5", "abc", "--1", "+1", " 1", "1.2.3", "NaN"] {
            assert_eq!(parse_decimal(bad, Currency::USD), Err(AmountError::NotADecimal), "{bad:?}");
        }
        assert_eq!(parse_decimal("123456789012345", Currency::USD), Err(AmountError::TooLarge));
        assert_eq!(parse_non_negative("-1", Currency::USD), Err(AmountError::Negative));
    }

    #[test]
    fn minor_units_are_written_back_as_exact_decimal_text() {
        let usd = Currency::USD;
        assert_eq!(to_decimal_string(Money(1999), usd), "19.99");
        assert_eq!(to_decimal_string(Money(1990), usd), "19.9");
        assert_eq!(to_decimal_string(Money(12000), usd), "120");
        assert_eq!(to_decimal_string(Money(5), usd), "0.05");
        assert_eq!(to_decimal_string(Money(-550), usd), "-5.5");
        assert_eq!(to_decimal_string(Money(1200), currency("JPY")), "1200");
        assert_eq!(to_decimal_string(Money(1005), currency("BHD")), "1.005");
    }

    #[test]
    fn only_listed_iso_codes_are_currencies() {
        assert!(Currency::parse("EUR").is_some());
        for bad in ["eur", "EURO", "EU", "XYZ", ""] {
            assert!(Currency::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn a_price_string_keeps_every_minor_digit() {
        let usd = Currency::parse("USD").expect("USD");
        let jpy = Currency::parse("JPY").expect("JPY");
        assert_eq!(to_price_string(Money(19110), usd), "191.10");
        assert_eq!(to_price_string(Money(5), usd), "0.05");
        assert_eq!(to_price_string(Money(-50), usd), "-0.50");
        assert_eq!(to_price_string(Money(1200), jpy), "1200");
    }
}
