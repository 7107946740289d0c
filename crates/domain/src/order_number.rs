//! Order ID rule (spec 000 section 5): 4 to 32 letters or digits.

use std::fmt;

pub const MIN_LEN: usize = 4;
pub const MAX_LEN: usize = 32;

/// An order number that is known to be 4 to 32 ASCII letters or digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct OrderNumber(String);

impl From<OrderNumber> for String {
    fn from(number: OrderNumber) -> String {
        number.0
    }
}

/// Code that only reads the text (SQL binds, formatting) takes it as a `&str`.
impl std::ops::Deref for OrderNumber {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for OrderNumber {
    type Error = InvalidOrderNumber;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        Self::parse(text.trim())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("an order number is 4 to 32 letters or digits")]
pub struct InvalidOrderNumber;

impl OrderNumber {
    pub fn parse(text: &str) -> Result<Self, InvalidOrderNumber> {
        // The one rule the web app shares (crate::rules); MIN_LEN and MAX_LEN say the same in numbers.
        if crate::rules::is_order_number(text) { Ok(Self(text.to_owned())) } else { Err(InvalidOrderNumber) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A text another type already checked against the same rule (`crate::rules::is_order_number`).
    pub(crate) fn from_checked(text: String) -> Self {
        Self(text)
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// In the API document: a string with the rule's pattern (`crate::rules`, the one the web app shares), so a
/// client knows before it asks which numbers the server takes.
#[cfg(feature = "utoipa")]
impl utoipa::PartialSchema for OrderNumber {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .description(Some("4 to 32 letters or digits"))
            .pattern(Some(crate::rules::ORDER_NUMBER_PATTERN))
            .into()
    }
}

#[cfg(feature = "utoipa")]
impl utoipa::ToSchema for OrderNumber {}

impl fmt::Display for OrderNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_to_thirty_two_letters_or_digits_are_accepted() {
        for ok in ["ABCD", "C0012345678", "a1b2", &"9".repeat(32)] {
            assert!(OrderNumber::parse(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn too_short_too_long_or_punctuated_numbers_are_refused() {
        for bad in ["", "ABC", &"9".repeat(33), "C001-234", "C001 234", "C00%27", "ÄBCD1", "../etc"] {
            assert_eq!(OrderNumber::parse(bad), Err(InvalidOrderNumber), "{bad}");
        }
    }

    #[test]
    fn the_number_keeps_its_case() {
        let number = OrderNumber::parse("AbCd12").map(OrderNumber::into_string);
        assert_eq!(number.as_deref(), Ok("AbCd12"));
    }
}
