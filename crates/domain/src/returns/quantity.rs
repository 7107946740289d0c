//! What a line may still return (spec 001 §5).
//!
//! A sales-order line may be returned once it reached the shopper (delivered or picked up) or already
//! carries a return state (a partial return), while the window is open, up to the ordered quantity minus
//! what earlier returns reserved. China: customised (pbid) lines are never returnable, and the returnable
//! quantity is the ordered quantity (minus earlier returns) whatever the line's delivery state (our reading
//! of "in China, returnable quantity equals the ordered quantity").

use crate::SimpleStatus;

use super::country_key;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DisableReason {
    WindowClosed,
    Customized,
    FullyReturned,
    NotDelivered,
}

impl DisableReason {
    pub fn code(self) -> &'static str {
        match self {
            Self::WindowClosed => "return-window-closed",
            Self::Customized => "customized-item",
            Self::FullyReturned => "fully-returned",
            Self::NotDelivered => "not-delivered",
        }
    }

    /// English text (the web app translates by code).
    pub fn text(self) -> &'static str {
        match self {
            Self::WindowClosed => "The return period for this item has ended.",
            Self::Customized => "Customised items can't be returned.",
            Self::FullyReturned => "This item has already been returned.",
            Self::NotDelivered => "This item can be returned once it has been delivered.",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineFacts<'a> {
    pub ordered: i64,
    /// Units already taken by earlier returns.
    pub returned: i64,
    pub status: SimpleStatus,
    pub pbid: Option<&'a str>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Returnability {
    pub quantity: i64,
    pub reason: Option<DisableReason>,
}

impl Returnability {
    pub fn flag(&self) -> bool {
        self.reason.is_none() && self.quantity > 0
    }
}

fn reached_shopper(status: SimpleStatus) -> bool {
    matches!(
        status,
        SimpleStatus::Delivered
            | SimpleStatus::PickedUp
            | SimpleStatus::ReturnCreated
            | SimpleStatus::ReturnInProcess
            | SimpleStatus::ReturnCompleted
            | SimpleStatus::ReturnDenied
            | SimpleStatus::ReturnedToStore
    )
}

/// China's rule (module comment): a line may be returned whatever its delivery state, a customised one
/// never; but not before it is paid for, nor once it is cancelled or being cancelled (walk minor 8: there is
/// nothing to send back or refund).
pub fn returnable_before_delivery(country: &str) -> bool {
    country_key(country) == "CN"
}

/// A line that is paid for and not (being) cancelled: what China's early return needs.
pub fn sold(status: SimpleStatus) -> bool {
    !matches!(status, SimpleStatus::PaymentPending | SimpleStatus::Cancelled | SimpleStatus::CancellationPending)
}

pub fn returnable(country: &str, line: &LineFacts<'_>, within_window: bool) -> Returnability {
    let china = returnable_before_delivery(country);
    let none = |reason| Returnability { quantity: 0, reason: Some(reason) };
    if china && line.pbid.is_some_and(|pbid| !pbid.trim().is_empty()) {
        return none(DisableReason::Customized);
    }
    if !china && !reached_shopper(line.status) || china && !sold(line.status) {
        return none(DisableReason::NotDelivered);
    }
    if !within_window {
        return none(DisableReason::WindowClosed);
    }
    let left = (line.ordered - line.returned).max(0);
    if left == 0 {
        return none(DisableReason::FullyReturned);
    }
    Returnability { quantity: left, reason: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[expect(clippy::type_complexity, reason = "a table of cases")]
    fn returnable_quantities() {
        use DisableReason::*;
        use SimpleStatus::*;
        let cases: &[(&str, i64, i64, SimpleStatus, Option<&str>, bool, i64, Option<DisableReason>)] = &[
            ("US", 2, 0, Delivered, None, true, 2, None),
            ("US", 2, 1, ReturnCreated, None, true, 1, None),
            ("US", 2, 2, ReturnCreated, None, true, 0, Some(FullyReturned)),
            ("US", 2, 0, Shipped, None, true, 0, Some(NotDelivered)),
            ("US", 2, 0, Delivered, None, false, 0, Some(WindowClosed)),
            ("US", 1, 0, Delivered, Some("pb-1"), true, 1, None),
            ("CN", 1, 0, Delivered, Some("pb-1"), true, 0, Some(Customized)),
            ("CN", 3, 0, Shipped, None, true, 3, None),
            ("CN", 3, 0, PaymentPending, None, true, 0, Some(NotDelivered)),
            ("CN", 3, 0, CancellationPending, None, true, 0, Some(NotDelivered)),
            ("CN", 3, 0, Cancelled, None, true, 0, Some(NotDelivered)),
            ("CN", 3, 1, Delivered, Some(" "), true, 2, None),
            ("GB", 1, 0, PickedUp, None, true, 1, None),
            ("DE", 4, 5, Delivered, None, true, 0, Some(FullyReturned)),
        ];
        for (country, ordered, returned, status, pbid, open, quantity, reason) in cases {
            let facts = LineFacts { ordered: *ordered, returned: *returned, status: *status, pbid: *pbid };
            let result = returnable(country, &facts, *open);
            assert_eq!((result.quantity, result.reason), (*quantity, *reason), "{country} {facts:?} open={open}");
            assert_eq!(result.flag(), reason.is_none());
        }
    }
}
