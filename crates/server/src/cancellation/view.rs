//! What the order detail shows about cancellation (002 §4): until when the order can be cancelled, a
//! cancel waiting on the warehouse (`pendingModification.type`), and the date of a completed cancel.

use domain::cancellation::{CancelState, PENDING_MODIFICATION_CANCEL, cancel_state};
use domain::{OrderType, SimpleStatus};

use super::policy;
use crate::orders::{
    CancellationView, OrderDetailContributor, OrderExtras, PendingModification, StoredOrder, rfc3339_millis,
};

/// The cancellation flow's part of the order detail: the cancel window and the cancellation fields.
pub struct Contributor;

impl OrderDetailContributor for Contributor {
    fn cancellable_until(&self, order: &StoredOrder) -> Option<i64> {
        (order.order_type != OrderType::ReturnOrder).then(|| {
            let customised = order.lines.iter().any(|line| line.details.customized_product_reference.0.is_some());
            policy().cancellable_until(order.order_date, &order.country, customised)
        })
    }

    /// The view fields from the extras and the displayed line statuses.
    fn cancellation(&self, extras: &OrderExtras, statuses: &[SimpleStatus]) -> Option<CancellationView> {
        let state = cancel_state(statuses);
        Some(CancellationView {
            cancellable_until: extras.cancellable_until.map(rfc3339_millis),
            pending_modification: (state == CancelState::PendingCancellation)
                .then(|| PendingModification { kind: PENDING_MODIFICATION_CANCEL.to_owned() }),
            cancelled_date: if state == CancelState::Cancelled {
                extras.cancelled_at.map(rfc3339_millis)
            } else {
                None
            },
        })
    }
}
