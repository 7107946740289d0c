//! Who may see an order (and everything that hangs off it: returns, jobs, labels, pickups, payments).
//!
//! One rule, used by every area: the order's member, or a guest whose verified e-mail or phone matches
//! the order's. A caller who may not see an order is told exactly what a caller asking for a missing order
//! is told (the server answers the same 404), so this rule never leaks whether an order exists.

use crate::guest_filter::Filter;

/// The caller, as far as access to orders goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Viewer<'a> {
    /// A signed-in member: the token's subject (upmId).
    Member(&'a str),
    /// A guest: the e-mail and phone filters sent with the request (already parsed and normalized).
    Guest(&'a [Filter]),
    /// Neither: sees nothing.
    Anonymous,
}

/// The parts of a stored order that decide who may see it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderOwner {
    pub upm_id: Option<String>,
    /// Normalized (trimmed, lower case).
    pub email: Option<String>,
    /// Country calling code followed by the subscriber number, digits only.
    pub phone_digits: Option<String>,
}

impl OrderOwner {
    /// Whether a guest credential names this order's e-mail or phone.
    pub fn matches_guest(&self, credentials: &[Filter]) -> bool {
        credentials.iter().any(|filter| match filter {
            Filter::Email(email) => self.email.as_deref() == Some(email.as_str()),
            Filter::PhoneNumber(digits) => self.phone_digits.as_deref() == Some(digits.as_str()),
            Filter::OrderType(_) => false,
        })
    }
}

/// Whether `viewer` may see the order owned by `owner`.
///
/// A member sees their own orders. Guest credentials (order number plus the order's e-mail or phone) open
/// that one order, also a member's: the shopper who placed it can follow an e-mail link without signing in
/// (README, "Security model"). Guest attempts are rate limited and failure-counted by the server.
pub fn may_see(viewer: &Viewer<'_>, owner: &OrderOwner) -> bool {
    match viewer {
        Viewer::Member(upm_id) => owner.upm_id.as_deref() == Some(*upm_id),
        Viewer::Guest(credentials) => owner.matches_guest(credentials),
        Viewer::Anonymous => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner() -> OrderOwner {
        OrderOwner {
            upm_id: Some("member-1".into()),
            email: Some("jane@example.com".into()),
            phone_digits: Some("15035550100".into()),
        }
    }

    #[test]
    fn a_member_sees_only_their_own_orders() {
        assert!(may_see(&Viewer::Member("member-1"), &owner()));
        assert!(!may_see(&Viewer::Member("member-2"), &owner()));
        assert!(!may_see(&Viewer::Member("member-1"), &OrderOwner { upm_id: None, ..owner() }));
    }

    #[test]
    fn a_guest_sees_the_order_whose_email_or_phone_they_name() {
        let email = [Filter::Email("jane@example.com".into())];
        let phone = [Filter::PhoneNumber("15035550100".into())];
        let wrong = [Filter::Email("joe@example.com".into()), Filter::PhoneNumber("15035550199".into())];
        assert!(may_see(&Viewer::Guest(&email), &owner()));
        assert!(may_see(&Viewer::Guest(&phone), &owner()));
        assert!(!may_see(&Viewer::Guest(&wrong), &owner()));
        assert!(!may_see(&Viewer::Guest(&[]), &owner()));
    }

    #[test]
    fn an_order_without_contact_details_is_never_matched_by_a_guest() {
        let bare = OrderOwner { upm_id: None, email: None, phone_digits: None };
        assert!(!may_see(&Viewer::Guest(&[Filter::Email(String::new())]), &bare));
    }

    #[test]
    fn an_anonymous_caller_sees_nothing() {
        assert!(!may_see(&Viewer::Anonymous, &owner()));
    }
}
