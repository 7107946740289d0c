//! Consent records (spec 002 §3, §7; 000 §6): the signed-in member's list, changes by the member and
//! by ops. The partner-orders tab needs partner data sharing; performance surveys need performance
//! cookies.

pub mod db;
pub mod routes;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppResult;

/// Whether the member has given `kind` and not withdrawn it: what the order history asks before it lists
/// partner orders.
pub async fn granted(db: &crate::db::Db, upm_id: &domain::UpmId, kind: ConsentType) -> AppResult<bool> {
    Ok(db::list(db, upm_id).await?.iter().any(|record| record.kind == kind && record.granted))
}

/// The kinds of consent a member gives or withdraws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ConsentType {
    /// Order data shared with partners, so partner orders can be shown (000 §6).
    PartnerOrderDataSharing,
    /// Performance cookies; performance surveys load only with it (000 §6).
    PerformanceCookies,
    MarketingEmail,
}

impl ConsentType {
    pub const ALL: [Self; 3] = [Self::PartnerOrderDataSharing, Self::PerformanceCookies, Self::MarketingEmail];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::PartnerOrderDataSharing => "partnerOrderDataSharing",
            Self::PerformanceCookies => "performanceCookies",
            Self::MarketingEmail => "marketingEmail",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}
