//! What a created return's instructions show (spec 001 §2.1, §2.2, §4.3): which text variant, whether a
//! carrier label exists, and whether the bank-refund form is offered. The server answers these with the
//! return (`GET /order_mgmt/return_instructions/v1/{returnOrderNumber}`), so the page needs nothing it
//! remembered from the wizard and works from its URL alone.

use super::country_key;
use super::methods::ReturnMethod;

/// Which instruction text a return gets: US steps, carrier data, EMEA paperless, store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Us,
    Carrier,
    Paperless,
    Store,
}

impl Variant {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Us => "us",
            Self::Carrier => "carrier",
            Self::Paperless => "paperless",
            Self::Store => "store",
        }
    }
}

pub fn variant(country: &str, method: ReturnMethod) -> Variant {
    if method.is_store() {
        Variant::Store
    } else if method == ReturnMethod::PaperlessReturn {
        Variant::Paperless
    } else if country_key(country) == "US" {
        Variant::Us
    } else {
        Variant::Carrier
    }
}

/// Countries where a refund may go to a bank account given on the refund form (001 §2.2 "refund").
pub const BANK_REFUND_COUNTRIES: &[&str] =
    &["AT", "BE", "DE", "ES", "FI", "FR", "GR", "IE", "IT", "LU", "NL", "PT", "SI"];

/// Payment types paid in cash, not online: the refund cannot go back to them (001 §2.1: "for certain
/// countries with a cash payment on a non-online order, the user goes to the refund route").
pub const CASH_PAYMENT_TYPES: &[&str] = &["cash", "cod"];

/// The bank-refund form is offered only where the order was paid in cash (not online) in a bank-refund
/// country; a card payer is refunded to the card and is never asked for an IBAN.
pub fn bank_refund_offered(country: &str, payment_types: &[&str]) -> bool {
    BANK_REFUND_COUNTRIES.contains(&country_key(country).as_str())
        && !payment_types.is_empty()
        && payment_types.iter().all(|kind| CASH_PAYMENT_TYPES.iter().any(|cash| cash.eq_ignore_ascii_case(kind)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_follow_method_then_country() {
        assert_eq!(variant("us", ReturnMethod::ReturnToStore), Variant::Store);
        assert_eq!(variant("gb", ReturnMethod::PaperlessReturn), Variant::Paperless);
        assert_eq!(variant("US", ReturnMethod::UpsDropoff), Variant::Us);
        assert_eq!(variant("de", ReturnMethod::DropoffReturn), Variant::Carrier);
    }

    #[test]
    fn bank_refund_only_for_cash_orders_in_its_countries() {
        assert!(bank_refund_offered("de", &["cod"]));
        assert!(bank_refund_offered("NL", &["cash"]));
        assert!(!bank_refund_offered("de", &["visa"]), "card payers are refunded to the card");
        assert!(!bank_refund_offered("de", &["cod", "visa"]), "partly online");
        assert!(!bank_refund_offered("de", &[]));
        assert!(!bank_refund_offered("us", &["cash"]), "not a bank-refund country");
    }
}
