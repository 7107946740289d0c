//! What the order detail shows about cancellation (002 §4): until when the order can be cancelled, a
//! cancel waiting on the warehouse (`pendingModification.type`), and the date of a completed cancel.

use domain::cancellation::{CancelState, PENDING_MODIFICATION_CANCEL, cancel_state};
use domain::{OrderType, SimpleStatus};
use serde::Serialize;
use utoipa::ToSchema;

use super::policy;
use crate::error::AppResult;
use crate::orders::{StoredOrder, rfc3339_millis};
use crate::payments::{self, MoneyTimelineEvent};
use crate::state::AppState;

/// What the cancellation and payments flows know of an order, read before the view is built.
#[derive(Debug, Clone, Default)]
pub struct OrderExtras {
    /// Unix ms: the end of the cancellation window (sales orders only).
    pub cancellable_until: Option<i64>,
    /// Unix ms: when the last cancel completed.
    pub cancelled_at: Option<i64>,
    pub money_timeline: Vec<MoneyTimelineEvent>,
}

/// `cancelled_at` and `has_money_events` come from the detail's query (`orders::db::find_order_with_lines`).
pub async fn extras(
    state: &AppState,
    order: &StoredOrder,
    cancelled_at: Option<i64>,
    has_money_events: bool,
) -> AppResult<OrderExtras> {
    let cancellable_until = (order.order_type != OrderType::ReturnOrder).then(|| {
        let customised = order.lines.iter().any(|line| line.details.customized_product_reference.0.is_some());
        policy().cancellable_until(order.order_date, &order.country, customised)
    });
    Ok(OrderExtras {
        cancellable_until,
        cancelled_at,
        money_timeline: payments::money_timeline(state, order, has_money_events).await?,
    })
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PendingModification {
    /// CANCEL_ORDER
    #[serde(rename = "type")]
    pub kind: String,
}

/// The cancellation fields of the order detail.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancellationView {
    /// RFC 3339: the end of the cancellation window (absent for return orders). The page counts down to
    /// it and removes the cancel button then; the server refuses a cancel after it whatever the browser says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cancellable_until: Option<String>,
    /// Present while a cancel waits on the warehouse ("pending cancellation").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_modification: Option<PendingModification>,
    /// RFC 3339: when the order was cancelled, once every line is ("recently cancelled" with its date).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cancelled_date: Option<String>,
}

/// The view fields from the extras and the displayed line statuses.
pub fn cancellation_view(extras: &OrderExtras, statuses: &[SimpleStatus]) -> CancellationView {
    let state = cancel_state(statuses);
    CancellationView {
        cancellable_until: extras.cancellable_until.map(rfc3339_millis),
        pending_modification: (state == CancelState::PendingCancellation)
            .then(|| PendingModification { kind: PENDING_MODIFICATION_CANCEL.to_owned() }),
        cancelled_date: if state == CancelState::Cancelled { extras.cancelled_at.map(rfc3339_millis) } else { None },
    }
}
