//! Order types and classifications (spec 000 section 3).

use std::fmt;

/// Order types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(try_from = "String")]
#[cfg_attr(
    feature = "utoipa",
    derive(utoipa::ToSchema),
    schema(as = OrderTypeName, rename_all = "SCREAMING_SNAKE_CASE")
)]
pub enum OrderType {
    SalesOrder,
    PartnerSalesOrder,
    ReturnOrder,
}

impl OrderType {
    pub const ALL: [OrderType; 3] = [Self::SalesOrder, Self::PartnerSalesOrder, Self::ReturnOrder];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::SalesOrder => "SALES_ORDER",
            Self::PartnerSalesOrder => "PARTNER_SALES_ORDER",
            Self::ReturnOrder => "RETURN_ORDER",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("an order type is SALES_ORDER, PARTNER_SALES_ORDER or RETURN_ORDER")]
pub struct UnknownOrderType;

impl TryFrom<String> for OrderType {
    type Error = UnknownOrderType;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        Self::parse(text.trim()).ok_or(UnknownOrderType)
    }
}

impl fmt::Display for OrderType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// CONSUMER, STANDARD or STORE (spec 000 section 3).
pub const ORDER_CLASSIFICATIONS: [&str; 3] = ["CONSUMER", "STANDARD", "STORE"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_type_round_trips_through_its_wire_name() {
        for kind in OrderType::ALL {
            assert_eq!(OrderType::parse(kind.as_str()), Some(kind));
        }
    }

    #[test]
    fn an_unknown_or_lower_case_type_is_refused() {
        assert_eq!(OrderType::parse("sales_order"), None);
        assert_eq!(OrderType::parse("GIFT_ORDER"), None);
    }
}
