//! How the view spells times, amounts and a stored value it cannot read.

use domain::money::to_decimal_string;
use domain::{Currency, Money};

use super::super::fields::DecimalText;
use crate::error::AppError;

pub fn rfc3339_millis(unix_millis: i64) -> String {
    chrono::DateTime::from_timestamp_millis(unix_millis)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Exact decimal text of an amount, as a JSON number.
pub(super) fn amount(minor: i64, currency: Currency) -> f64 {
    to_decimal_string(Money(minor), currency).parse().unwrap_or_default()
}

pub(super) fn decimal(text: &DecimalText) -> f64 {
    text.0.parse().unwrap_or_default()
}

pub(super) fn corrupt(what: &str, detail: impl std::fmt::Display) -> AppError {
    AppError::Internal(format!("stored {what} is unreadable: {detail}").into())
}
