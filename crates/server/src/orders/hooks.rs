//! Where other flows plug their facts into the order view.
//!
//! Returns: `return_facts` answers, per line, what the returns flow knows (returnable quantity and flag,
//! the reason a line may not be returned, the quantity on a return line). Until the returns flow fills
//! it, nothing is computed and the fields are omitted from the answer. Whatever writes the facts must
//! bump the order's version (`orders::store`), or the cached view keeps the old ones.
//!
//! Cancellation and payments: `order_extras` reads the cancel window and the money timeline, and the view
//! asks them for the cancellation fields. Each flow registers an `OrderDetailContributor` at start.
//!
//! Flags: `action_flags` is the one place the view reads the country's flags from: the configuration
//! service (`state.settings`, the same values `GET /config/v1/{country}` answers).

use std::collections::HashMap;
use std::sync::Arc;

use domain::SimpleStatus;
use domain::actions::ActionFlags;
use domain::country::Flag;
use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::OrdersState;
use super::store::StoredOrder;
use crate::error::AppResult;

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
    /// The order is returned on another site (a global-store order, 001 §6): its `return` actions link
    /// there instead of to the return wizard.
    pub elsewhere: Option<String>,
}

/// The contributors' return facts for `order`, given the units returns took by line number.
pub fn return_facts(state: &OrdersState, order: &StoredOrder, returned: &HashMap<i64, i64>) -> ReturnFacts {
    let mut facts = ReturnFacts::default();
    for contributor in state.order_contributors.iter() {
        if let Some(more) = contributor.return_facts(state, order, returned) {
            facts.lines.extend(more.lines);
            facts.elsewhere = facts.elsewhere.or(more.elsewhere);
        }
    }
    facts
}

/// The flags of `country` that actions depend on, from the configuration service (an unknown country
/// reads the default country's).
pub fn action_flags(state: &OrdersState, country: &str) -> ActionFlags {
    let flag = |flag| state.settings.flag(country, flag);
    ActionFlags {
        enable_write_review: flag(Flag::EnableWriteReview),
        enable_returns_barcode: flag(Flag::EnableReturnsBarcode),
        suppress_return_details_barcode: flag(Flag::SuppressReturnDetailsBarcode),
        enable_deferred_payment: flag(Flag::EnableDeferredPayment),
        returns_enabled: !flag(Flag::DisableReturns),
        return_window_days: domain::returns::window::window_days(country),
        returns_before_delivery: domain::returns::quantity::returnable_before_delivery(country),
    }
}

/// The cancellation and payments flows' facts for `order` (cancel window, cancelled date, money timeline),
/// given what the detail's query read of them (`orders::db::find_order_with_lines`).
pub async fn order_extras(
    state: &OrdersState,
    order: &StoredOrder,
    cancelled_at: Option<i64>,
    has_money_events: bool,
) -> AppResult<OrderExtras> {
    let mut extras = OrderExtras { cancelled_at, ..OrderExtras::default() };
    for contributor in state.order_contributors.iter() {
        extras.cancellable_until = extras.cancellable_until.or_else(|| contributor.cancellable_until(order));
        extras.money_timeline.extend(contributor.money_timeline(state, order, has_money_events).await?);
        if extras.deferred_payment_data.is_none() {
            extras.deferred_payment_data = contributor.deferred_payment_data(state, order).await?;
        }
    }
    Ok(extras)
}

/// The cancellation fields of the detail (none contributed: all absent).
pub fn cancellation_view(
    contributors: &[Arc<dyn OrderDetailContributor>],
    extras: &OrderExtras,
    statuses: &[SimpleStatus],
) -> CancellationView {
    contributors.iter().find_map(|contributor| contributor.cancellation(extras, statuses)).unwrap_or_default()
}

/// What the cancellation and payments flows know of an order, read before the view is built.
#[derive(Debug, Clone, Default)]
pub struct OrderExtras {
    /// Unix ms: the end of the cancellation window (sales orders only).
    pub cancellable_until: Option<i64>,
    /// Unix ms: when the last cancel completed.
    pub cancelled_at: Option<i64>,
    pub money_timeline: Vec<MoneyTimelineEvent>,
    /// The deferred payment started and not finished (the payments flow).
    pub deferred_payment_data: Option<DeferredPaymentData>,
}

/// One field of a deferred payment's form.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct DeferredPaymentFormField {
    pub name: String,
    pub value: String,
}

/// The form the browser submits to reach the payment provider (002 §3 "Deferred payment": action,
/// method, fields of name and value).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct DeferredPaymentForm {
    pub action: String,
    /// GET or POST.
    pub method: String,
    pub fields: Vec<DeferredPaymentFormField>,
}

/// `deferredPaymentData` (000 §3: "QR code URL or form"; 002 §3: "QR code URL, or the job response"):
/// what the deferred payment job answered for the payment still open, so a shopper who left the
/// provider's page can go back to it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DeferredPaymentData {
    pub payment_id: String,
    /// The payment type being paid (alipay, wechat, klarna ...).
    pub payment_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<DeferredPaymentForm>,
    /// The QR code image to scan with the payment app, for methods paid by scanning.
    #[serde(rename = "qrCodeURL", default, skip_serializing_if = "Option::is_none")]
    pub qr_code_url: Option<String>,
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

/// One event of the money timeline.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoneyTimelineEvent {
    /// charged, released (cancelled), settled (deferred payment), refunded (return), bank_transfer.
    pub kind: String,
    /// Decimal amount in `currency`.
    pub amount: f64,
    pub currency: String,
    /// Payment type (credit_card, alipay ...).
    pub method: String,
    /// RFC 3339: when it happened.
    pub date: String,
    /// RFC 3339: when money going back is expected to arrive, by method; absent for money taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_arrival: Option<String>,
}

/// A flow that adds to an order's detail (DESIGN.md, "The order view is assembled from contributors"):
/// returns, cancellation and payments each register one at start (`state.order_contributors`), so the
/// view knows none of them. Each method's default adds nothing.
pub trait OrderDetailContributor: Send + Sync {
    /// Return facts per line, given the units returns took by line number.
    fn return_facts(
        &self,
        _state: &OrdersState,
        _order: &StoredOrder,
        _returned: &HashMap<i64, i64>,
    ) -> Option<ReturnFacts> {
        None
    }

    /// Unix ms: the end of the order's cancellation window.
    fn cancellable_until(&self, _order: &StoredOrder) -> Option<i64> {
        None
    }

    /// The cancellation fields of the detail, from the extras and the displayed line statuses.
    fn cancellation(&self, _extras: &OrderExtras, _statuses: &[SimpleStatus]) -> Option<CancellationView> {
        None
    }

    /// Events of the money timeline; `has_money_events`: whether the order has rows in `money_events`.
    fn money_timeline<'a>(
        &'a self,
        _state: &'a OrdersState,
        _order: &'a StoredOrder,
        _has_money_events: bool,
    ) -> BoxFuture<'a, AppResult<Vec<MoneyTimelineEvent>>> {
        Box::pin(async { Ok(Vec::new()) })
    }

    /// The deferred payment of `order` started and not yet finished (`deferredPaymentData`).
    fn deferred_payment_data<'a>(
        &'a self,
        _state: &'a OrdersState,
        _order: &'a StoredOrder,
    ) -> BoxFuture<'a, AppResult<Option<DeferredPaymentData>>> {
        Box::pin(async { Ok(None) })
    }
}

/// The contributors registered at start, in the order their parts are put together.
pub type OrderDetailContributors = Arc<[Arc<dyn OrderDetailContributor>]>;
