//! Where other flows plug their facts into the order view.
//!
//! Returns: `return_facts` answers, per line, what the returns flow knows (returnable quantity and flag,
//! the reason a line may not be returned, the quantity on a return line). Until the returns flow fills
//! it, nothing is computed and the fields are omitted from the answer. Whatever writes the facts must
//! bump the order's version (`orders::store`), or the cached view keeps the old ones.
//!
//! Flags: `action_flags` is the one place the view reads the country's flags from: the configuration
//! service (`state.settings`, the same values `GET /config/v1/{country}` answers).

use std::collections::HashMap;

use domain::actions::ActionFlags;
use domain::country::Flag;
use serde::Serialize;
use utoipa::ToSchema;

use super::store::StoredOrder;
use crate::error::AppResult;
use crate::state::AppState;

/// Why a line may not be returned: a stable code, a text, and a link (display text and URL).
#[derive(Debug, Clone, Default, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ReturnDisableReason {
    pub code: String,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link_url: Option<String>,
}

/// Return facts of one line; `None` fields are omitted from the answer.
#[derive(Debug, Clone, Default, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LineReturnFacts {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returnable_quantity: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returnable_flag: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_disable_reason: Option<ReturnDisableReason>,
    /// On a return order's line: how many were sent back.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_quantity: Option<i64>,
}

/// Return facts of an order, by line number.
#[derive(Debug, Clone, Default)]
pub struct ReturnFacts {
    pub lines: HashMap<i64, LineReturnFacts>,
}

/// The returns flow's facts for `order` (`returns::facts`), given the units returns took by line number.
pub fn return_facts(state: &AppState, order: &StoredOrder, returned: &HashMap<i64, i64>) -> ReturnFacts {
    crate::returns::return_facts(state, order, returned)
}

/// The flags of `country` that actions depend on, from the configuration service (an unknown country
/// reads the default country's).
pub fn action_flags(state: &AppState, country: &str) -> ActionFlags {
    let flag = |flag| state.settings.flag(country, flag);
    ActionFlags {
        enable_write_review: flag(Flag::EnableWriteReview),
        enable_returns_barcode: flag(Flag::EnableReturnsBarcode),
        suppress_return_details_barcode: flag(Flag::SuppressReturnDetailsBarcode),
        enable_deferred_payment: flag(Flag::EnableDeferredPayment),
    }
}

/// The cancellation and payments flows' facts for `order` (cancel window, cancelled date, money timeline),
/// given what the detail's query read of them.
pub async fn order_extras(
    state: &AppState,
    order: &StoredOrder,
    cancelled_at: Option<i64>,
    has_money_events: bool,
) -> AppResult<crate::cancellation::OrderExtras> {
    crate::cancellation::extras(state, order, cancelled_at, has_money_events).await
}
