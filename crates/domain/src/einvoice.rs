//! China e-invoice (fapiao) rules (spec 000 §1, §5; issue 12): who may ask, and what a request holds.

use crate::status::SimpleStatus;

/// Longest invoice title (a company's registered name; Chinese names are rarely above 40 characters).
pub use crate::rules::EINVOICE_TITLE_MAX_CHARS as TITLE_MAX_CHARS;

/// Personal (个人) or company (单位) title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[serde(rename_all = "UPPERCASE")]
pub enum TitleType {
    Personal,
    Company,
}

impl TitleType {
    /// How the invoice prints it.
    pub fn chinese(self) -> &'static str {
        match self {
            Self::Personal => "个人",
            Self::Company => "单位",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EinvoiceError {
    #[error("the invoice title is required, at most 100 characters")]
    Title,
    #[error("a taxpayer id is 15, 18 or 20 letters or digits")]
    TaxpayerId,
    #[error("a personal invoice has no taxpayer id")]
    TaxpayerIdForPerson,
}

/// A taxpayer identification number: the 15-digit old tax registration number, the 18-character unified
/// social credit code, or the 20-character form; upper-case letters and digits. Spaces are ignored and
/// letters upper-cased.
pub fn normalize_taxpayer_id(input: &str) -> Result<String, EinvoiceError> {
    let compact: String = input.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
    if crate::rules::is_taxpayer_id(&compact) { Ok(compact) } else { Err(EinvoiceError::TaxpayerId) }
}

/// A checked request: the title trimmed, the taxpayer id normalized (companies only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EinvoiceRequest {
    pub title_type: TitleType,
    pub title: String,
    pub taxpayer_id: Option<String>,
}

/// Checks a request; the error names what is wrong.
pub fn check_request(
    title_type: TitleType,
    title: &str,
    taxpayer_id: Option<&str>,
) -> Result<EinvoiceRequest, EinvoiceError> {
    let title = title.trim();
    if title.is_empty() || title.chars().count() > TITLE_MAX_CHARS {
        return Err(EinvoiceError::Title);
    }
    let taxpayer_id = match (title_type, taxpayer_id.map(str::trim).filter(|id| !id.is_empty())) {
        (TitleType::Company, Some(id)) => Some(normalize_taxpayer_id(id)?),
        (TitleType::Company, None) => return Err(EinvoiceError::TaxpayerId),
        (TitleType::Personal, Some(_)) => return Err(EinvoiceError::TaxpayerIdForPerson),
        (TitleType::Personal, None) => None,
    };
    Ok(EinvoiceRequest { title_type, title: title.to_owned(), taxpayer_id })
}

/// The e-invoice is offered in China only, once a line has shipped or been delivered.
pub fn is_offered(country: &str, line_statuses: &[SimpleStatus]) -> bool {
    country.eq_ignore_ascii_case("CN")
        && line_statuses.iter().any(|status| matches!(status, SimpleStatus::Shipped | SimpleStatus::Delivered))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taxpayer_ids_are_15_18_or_20_letters_or_digits() {
        for (input, expected) in [
            ("91310000MA1FL4XQ3K", Some("91310000MA1FL4XQ3K")),
            ("91310000ma1fl4xq3k", Some("91310000MA1FL4XQ3K")),
            ("9131 0000 MA1F L4XQ 3K", Some("91310000MA1FL4XQ3K")),
            ("310101123456789", Some("310101123456789")),
            ("31010112345678901234", Some("31010112345678901234")),
            ("3101011234567890", None),
            ("91310000MA1FL4XQ3", None),
            ("91310000-MA1FL4XQ3K", None),
            ("", None),
        ] {
            assert_eq!(normalize_taxpayer_id(input).ok().as_deref(), expected, "{input}");
        }
    }

    #[test]
    fn requests_need_a_title_and_companies_a_taxpayer_id() {
        assert!(check_request(TitleType::Personal, "张三", None).is_ok());
        assert_eq!(check_request(TitleType::Personal, "  ", None), Err(EinvoiceError::Title));
        assert_eq!(check_request(TitleType::Personal, &"名".repeat(101), None), Err(EinvoiceError::Title));
        assert_eq!(check_request(TitleType::Company, "上海示例", None), Err(EinvoiceError::TaxpayerId));
        assert_eq!(
            check_request(TitleType::Personal, "张三", Some("91310000MA1FL4XQ3K")),
            Err(EinvoiceError::TaxpayerIdForPerson)
        );
        let company = check_request(TitleType::Company, " 上海示例 ", Some("91310000ma1fl4xq3k")).expect("valid");
        assert_eq!(company.title, "上海示例");
        assert_eq!(company.taxpayer_id.as_deref(), Some("91310000MA1FL4XQ3K"));
    }

    #[test]
    fn offered_in_china_once_shipped_or_delivered() {
        assert!(is_offered("CN", &[SimpleStatus::Ordered, SimpleStatus::Shipped]));
        assert!(is_offered("cn", &[SimpleStatus::Delivered]));
        assert!(!is_offered("CN", &[SimpleStatus::Ordered, SimpleStatus::Cancelled]));
        assert!(!is_offered("US", &[SimpleStatus::Delivered]));
    }
}
