//! Cancellation (spec 002 §2, §4, §9): the window from the order date, which lines can still be
//! cancelled, and what a cancel request does to each line. The server decides with its own clock; the
//! browser only shows `cancellableUntil`.

use crate::SimpleStatus;

/// The request body's fixed values (002 §9).
pub const REASON_CODE: &str = "216";
pub const REASON_TEXT: &str = "Front end cancellation";
pub const OMS_ORDER_DOCUMENT_REFERENCE: &str = "0001";

/// The raw status a line gets while the warehouse confirms the cancel. It maps to
/// `cancellationPending` in the raw-status table (`status.rs`).
pub const PENDING_CANCEL_RAW_STATUS: &str = "CANCELLATION REQUESTED";
/// The raw status of a cancelled line (maps to `cancelled`).
pub const CANCELLED_RAW_STATUS: &str = "CANCELLED";
/// `response.pendingModification.type` of a cancel that waits on the warehouse.
pub const PENDING_MODIFICATION_CANCEL: &str = "CANCEL_ORDER";

/// The one text the client matches for "already cancelled" (002 §4: a 4xx whose message contains it).
pub const ALREADY_CANCELLED_MESSAGE: &str = "Order is already in cancelled status";

/// How long after the order date an order may be cancelled. One place to change it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CancellationPolicy {
    /// 002 §9: 30 minutes from the order date.
    pub window_ms: i64,
    /// 002 §4/§9: customised (Nike-by-You) items in China likewise have no cancellation after 30 minutes.
    /// Kept apart so that China's customised rule can change without touching everybody's window.
    pub china_customised_window_ms: i64,
    /// Countries (ISO 3166 alpha-2, upper case) with a window of their own. None by default: the spec
    /// gives one window for every country.
    pub country_windows_ms: Vec<(&'static str, i64)>,
}

pub const DEFAULT_WINDOW_MS: i64 = 30 * 60 * 1000;

impl Default for CancellationPolicy {
    fn default() -> Self {
        Self {
            window_ms: DEFAULT_WINDOW_MS,
            china_customised_window_ms: DEFAULT_WINDOW_MS,
            country_windows_ms: Vec::new(),
        }
    }
}

impl CancellationPolicy {
    /// The window of an order of `country`; `customised` when any line is a customised product.
    pub fn window_ms(&self, country: &str, customised: bool) -> i64 {
        let country_window = self
            .country_windows_ms
            .iter()
            .find(|(code, _)| code.eq_ignore_ascii_case(country))
            .map_or(self.window_ms, |(_, window)| *window);
        if customised && country.eq_ignore_ascii_case("CN") {
            country_window.min(self.china_customised_window_ms)
        } else {
            country_window
        }
    }

    /// Unix ms: the last moment (exclusive) a cancel is accepted.
    pub fn cancellable_until(&self, order_date: i64, country: &str, customised: bool) -> i64 {
        order_date.saturating_add(self.window_ms(country, customised))
    }
}

/// What a cancel does to one line, by its displayed simple status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineCancel {
    /// Not yet with the warehouse: cancelled at once.
    Now,
    /// With the warehouse (preparing shipment): cancel requested, the warehouse confirms by a status event.
    Request,
    /// A cancel is already waiting for this line.
    AlreadyPending,
    AlreadyCancelled,
    /// Shipped, ready for pickup, delivered, returned ...: past cancelling.
    Past,
}

pub fn line_cancel(status: SimpleStatus) -> LineCancel {
    use SimpleStatus::*;
    match status {
        Ordered | OrderConfirmed | PaymentPending => LineCancel::Now,
        PreparingShipment => LineCancel::Request,
        CancellationPending => LineCancel::AlreadyPending,
        Cancelled => LineCancel::AlreadyCancelled,
        ReturnCreated | ReturnDenied | ReturnInProcess | ReturnCompleted | ReturnedToStore | Delivered
        | ReadyForPickUp | PickedUp | Shipped | Unknown => LineCancel::Past,
    }
}

/// Why a cancel is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The window has closed (002 §8 "window expired").
    WindowExpired,
    /// A line is past cancelling (002 §8 invalid state, tracked as denied).
    InvalidState,
}

impl Refusal {
    pub fn message(self) -> &'static str {
        match self {
            Self::WindowExpired => "The time to cancel this order has passed.",
            Self::InvalidState => "Order is in a state where the requested operation cannot be performed.",
        }
    }
}

/// The decision on a cancel request for a whole order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Every line is cancelled already.
    AlreadyCancelled,
    /// Nothing left to do but wait: lines are cancelled or waiting on the warehouse.
    AlreadyPending,
    Refused(Refusal),
    /// Cancel: `now` lines (indexes) at once, `request` lines through the warehouse.
    Accept {
        now: Vec<usize>,
        request: Vec<usize>,
    },
}

impl Decision {
    /// Whether the accepted cancel waits on the warehouse (`pendingModification.type`).
    pub fn pending(&self) -> bool {
        match self {
            Self::Accept { request, .. } => !request.is_empty(),
            Self::AlreadyPending => true,
            _ => false,
        }
    }
}

/// Decides a cancel of an order whose lines have `statuses` (displayed statuses), at `now` (Unix ms),
/// with the order's window ending at `until` (exclusive). The whole order is cancelled or nothing:
/// one line past cancelling refuses the request.
pub fn decide(statuses: &[SimpleStatus], now: i64, until: i64) -> Decision {
    let kinds: Vec<LineCancel> = statuses.iter().map(|status| line_cancel(*status)).collect();
    if kinds.is_empty() || kinds.iter().all(|kind| *kind == LineCancel::AlreadyCancelled) {
        return Decision::AlreadyCancelled;
    }
    let open = |kind: &LineCancel| matches!(kind, LineCancel::Now | LineCancel::Request);
    if !kinds.iter().any(open) && !kinds.contains(&LineCancel::Past) {
        return Decision::AlreadyPending;
    }
    if now >= until {
        return Decision::Refused(Refusal::WindowExpired);
    }
    if kinds.contains(&LineCancel::Past) {
        return Decision::Refused(Refusal::InvalidState);
    }
    let pick = |wanted: LineCancel| kinds.iter().enumerate().filter(|(_, k)| **k == wanted).map(|(i, _)| i).collect();
    Decision::Accept { now: pick(LineCancel::Now), request: pick(LineCancel::Request) }
}

/// Whether the cancel button shows (002 §2): inside the window, every line still cancellable (or
/// already cancelled), at least one line to cancel, and no cancellation pending.
pub fn offer_cancel(statuses: &[SimpleStatus], now: i64, until: i64) -> bool {
    let pending = statuses.iter().any(|status| line_cancel(*status) == LineCancel::AlreadyPending);
    !pending && matches!(decide(statuses, now, until), Decision::Accept { .. })
}

/// Order-level state shown on history and detail (002 §4): a cancel waiting on the warehouse, or an
/// order whose lines are all cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CancelState {
    None,
    PendingCancellation,
    Cancelled,
}

pub fn cancel_state(statuses: &[SimpleStatus]) -> CancelState {
    if statuses.contains(&SimpleStatus::CancellationPending) {
        CancelState::PendingCancellation
    } else if !statuses.is_empty() && statuses.iter().all(|status| *status == SimpleStatus::Cancelled) {
        CancelState::Cancelled
    } else {
        CancelState::None
    }
}

/// What an ops status event does to a line (a warehouse or carrier reporting a new status).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventEffect {
    Apply,
    /// The line has this status already: nothing to do.
    AlreadyThere,
    /// A cancel won the line: a shipped (or any other progress) event for it is refused, so a cancel and
    /// a shipment never both succeed. The warehouse confirms a requested cancel with a cancelled event.
    Conflict,
}

pub fn status_event(current: SimpleStatus, new: SimpleStatus) -> EventEffect {
    use SimpleStatus::{CancellationPending, Cancelled};
    match (current, new) {
        (current, new) if current == new => EventEffect::AlreadyThere,
        (CancellationPending, Cancelled) => EventEffect::Apply,
        (Cancelled | CancellationPending, _) => EventEffect::Conflict,
        _ => EventEffect::Apply,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SimpleStatus::*;

    const ORDERED_AT: i64 = 1_000_000;

    #[test]
    fn the_window_is_thirty_minutes_from_the_order_date() {
        let policy = CancellationPolicy::default();
        let until = policy.cancellable_until(ORDERED_AT, "US", false);
        assert_eq!(until, ORDERED_AT + 30 * 60 * 1000);
        assert!(matches!(decide(&[Ordered], until - 1, until), Decision::Accept { .. }));
        assert_eq!(decide(&[Ordered], until, until), Decision::Refused(Refusal::WindowExpired));
    }

    #[test]
    fn china_customised_and_country_windows_are_settings() {
        let policy = CancellationPolicy {
            china_customised_window_ms: 10 * 60 * 1000,
            country_windows_ms: vec![("JP", 60 * 60 * 1000)],
            ..CancellationPolicy::default()
        };
        assert_eq!(policy.window_ms("cn", true), 10 * 60 * 1000);
        assert_eq!(policy.window_ms("CN", false), DEFAULT_WINDOW_MS);
        assert_eq!(policy.window_ms("US", true), DEFAULT_WINDOW_MS, "the customised rule is China's");
        assert_eq!(policy.window_ms("jp", false), 60 * 60 * 1000);
        assert_eq!(CancellationPolicy::default().window_ms("CN", true), DEFAULT_WINDOW_MS, "spec: likewise 30 minutes");
    }

    #[test]
    fn each_status_is_cancelled_now_requested_or_past() {
        let table = [
            (Ordered, LineCancel::Now),
            (OrderConfirmed, LineCancel::Now),
            (PaymentPending, LineCancel::Now),
            (PreparingShipment, LineCancel::Request),
            (CancellationPending, LineCancel::AlreadyPending),
            (Cancelled, LineCancel::AlreadyCancelled),
            (Shipped, LineCancel::Past),
            (ReadyForPickUp, LineCancel::Past),
            (PickedUp, LineCancel::Past),
            (Delivered, LineCancel::Past),
            (ReturnCreated, LineCancel::Past),
            (Unknown, LineCancel::Past),
        ];
        for (status, expected) in table {
            assert_eq!(line_cancel(status), expected, "{status:?}");
        }
    }

    #[test]
    fn decisions_for_whole_orders() {
        let until = ORDERED_AT + DEFAULT_WINDOW_MS;
        let inside = until - 1;
        let cases: Vec<(&[SimpleStatus], i64, Decision)> = vec![
            (&[Ordered, Ordered], inside, Decision::Accept { now: vec![0, 1], request: vec![] }),
            (&[Ordered, PreparingShipment], inside, Decision::Accept { now: vec![0], request: vec![1] }),
            (&[Cancelled, PreparingShipment], inside, Decision::Accept { now: vec![], request: vec![1] }),
            (&[Ordered, Shipped], inside, Decision::Refused(Refusal::InvalidState)),
            (&[ReadyForPickUp], inside, Decision::Refused(Refusal::InvalidState)),
            (&[Ordered, Shipped], until, Decision::Refused(Refusal::WindowExpired)),
            (&[Cancelled, Cancelled], inside, Decision::AlreadyCancelled),
            (&[Cancelled], until + 1, Decision::AlreadyCancelled),
            (&[CancellationPending, Cancelled], inside, Decision::AlreadyPending),
            (&[CancellationPending], until + 1, Decision::AlreadyPending),
        ];
        for (statuses, now, expected) in cases {
            assert_eq!(decide(statuses, now, until), expected, "{statuses:?} at {now}");
        }
        assert!(Decision::Accept { now: vec![0], request: vec![1] }.pending());
        assert!(!Decision::Accept { now: vec![0], request: vec![] }.pending());
    }

    #[test]
    fn the_button_shows_only_while_a_cancel_would_be_accepted() {
        let until = ORDERED_AT + DEFAULT_WINDOW_MS;
        assert!(offer_cancel(&[Ordered], until - 1, until));
        assert!(!offer_cancel(&[Ordered], until, until));
        assert!(!offer_cancel(&[Ordered, CancellationPending], until - 1, until), "pending cancellation");
        assert!(!offer_cancel(&[Cancelled], until - 1, until), "recently cancelled");
        assert!(!offer_cancel(&[Shipped], until - 1, until));
    }

    #[test]
    fn status_events_never_undo_a_cancel() {
        let table = [
            (Ordered, Shipped, EventEffect::Apply),
            (PreparingShipment, Shipped, EventEffect::Apply),
            (CancellationPending, Cancelled, EventEffect::Apply),
            (Ordered, Cancelled, EventEffect::Apply),
            (CancellationPending, Shipped, EventEffect::Conflict),
            (Cancelled, Shipped, EventEffect::Conflict),
            (Cancelled, Cancelled, EventEffect::AlreadyThere),
            (Shipped, Shipped, EventEffect::AlreadyThere),
        ];
        for (current, new, expected) in table {
            assert_eq!(status_event(current, new), expected, "{current:?} -> {new:?}");
        }
    }

    #[test]
    fn order_cancel_state() {
        assert_eq!(cancel_state(&[CancellationPending, Cancelled]), CancelState::PendingCancellation);
        assert_eq!(cancel_state(&[Cancelled, Cancelled]), CancelState::Cancelled);
        assert_eq!(cancel_state(&[Cancelled, Shipped]), CancelState::None);
        assert_eq!(cancel_state(&[]), CancelState::None);
    }

    #[test]
    fn the_raw_statuses_map_to_their_simple_statuses() {
        use crate::{OrderType, simple_status};
        assert_eq!(simple_status(OrderType::SalesOrder, PENDING_CANCEL_RAW_STATUS), CancellationPending);
        assert_eq!(simple_status(OrderType::SalesOrder, CANCELLED_RAW_STATUS), Cancelled);
    }
}
