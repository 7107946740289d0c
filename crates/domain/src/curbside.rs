//! Curbside pickup rules (spec 002 §4, §5, §9): the interaction statuses and who may move them where,
//! the progress bar values of the shopper's page, and the vehicle description rules.
//!
//! Wire statuses are the spec's: SUBMITTED, CLAIMED, COMPLETE, CANCELLED_CONSUMER (the brief calls the
//! last step "completed"; the page constant is `completed`, the interaction status stays `COMPLETE`).

/// An interaction (a shopper's "I'm here") as the store sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InteractionStatus {
    Submitted,
    Claimed,
    Complete,
    CancelledConsumer,
}

/// Who asks for a transition: the shopper (member or guest) or a store associate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    Shopper,
    Associate,
}

impl InteractionStatus {
    pub const ALL: [InteractionStatus; 4] = [Self::Submitted, Self::Claimed, Self::Complete, Self::CancelledConsumer];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Submitted => "SUBMITTED",
            Self::Claimed => "CLAIMED",
            Self::Complete => "COMPLETE",
            Self::CancelledConsumer => "CANCELLED_CONSUMER",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.as_str() == text)
    }

    /// Open interactions are the ones the store still has to act on; at most one per order.
    pub fn is_open(self) -> bool {
        matches!(self, Self::Submitted | Self::Claimed)
    }

    /// The statuses an open interaction has in SQL (`status IN (...)`), kept beside `is_open`.
    pub const OPEN_SQL: &'static str = "('SUBMITTED', 'CLAIMED')";
}

/// Whether `actor` may move an interaction from `from` to `to`.
///
/// The store claims a submitted request and completes a claimed one; the shopper may only withdraw a
/// request the store has not completed. Completing straight from SUBMITTED is refused so that the
/// console always shows who is handling a car before the goods leave the store.
pub fn may_transition(actor: Actor, from: InteractionStatus, to: InteractionStatus) -> bool {
    use InteractionStatus::{CancelledConsumer, Claimed, Complete, Submitted};
    match actor {
        Actor::Associate => matches!((from, to), (Submitted, Claimed) | (Claimed, Complete)),
        Actor::Shopper => to == CancelledConsumer && from.is_open(),
    }
}

/// The shopper page's status constants (spec 002 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageStatus {
    Initial,
    Claimed,
    Completed,
    DuplicateRequest,
}

impl PageStatus {
    /// The page status an interaction status shows as.
    pub fn of(status: InteractionStatus) -> Self {
        match status {
            InteractionStatus::Submitted => Self::Initial,
            InteractionStatus::Claimed => Self::Claimed,
            InteractionStatus::Complete | InteractionStatus::CancelledConsumer => Self::Completed,
        }
    }
}

/// Progress bar value (percent) for a page status: initial 50, claimed 75, others 100, duplicate 0;
/// no status yet is the default 25.
pub fn progress(status: Option<PageStatus>) -> u8 {
    match status {
        None => 25,
        Some(PageStatus::Initial) => 50,
        Some(PageStatus::Claimed) => 75,
        Some(PageStatus::Completed) => 100,
        Some(PageStatus::DuplicateRequest) => 0,
    }
}

/// The bar's 4 segments light up at these values.
pub const PROGRESS_SEGMENTS: [u8; 4] = [25, 50, 75, 100];

/// Most characters in a vehicle description (spec 002 §5, §9).
pub const VEHICLE_MAX_CHARS: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VehicleError {
    #[error("describe your vehicle")]
    Required,
    #[error("the vehicle description is at most 100 characters")]
    TooLong,
    #[error("the vehicle description may not contain control characters")]
    ControlCharacters,
}

/// The vehicle description, trimmed: required, at most 100 characters (counted as characters, not
/// bytes, so "Grüner Käfer" or "青いプリウス" count as the shopper sees them), one line of text.
pub fn vehicle_description(text: &str) -> Result<String, VehicleError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(VehicleError::Required);
    }
    if trimmed.chars().count() > VEHICLE_MAX_CHARS {
        return Err(VehicleError::TooLong);
    }
    if trimmed.chars().any(char::is_control) {
        return Err(VehicleError::ControlCharacters);
    }
    Ok(trimmed.to_owned())
}

/// "{charsRemaining} characters remaining": what the counter shows for `text` as typed.
pub fn chars_remaining(text: &str) -> usize {
    VEHICLE_MAX_CHARS.saturating_sub(text.chars().count())
}

/// The store service a curbside request names (`storeServiceId`); the spec does not show the id, so the
/// service's own name in the store's `storeServices` list is used.
pub const CURBSIDE_SERVICE_ID: &str = "curbside";

/// The validation code type a curbside request carries with the order's QR id (spec: "store consumer
/// order codes"; the exact value is not shown).
pub const VALIDATION_CODE_TYPE: &str = "STORE_CONSUMER_ORDER_CODE";

#[cfg(test)]
mod tests {
    use super::*;
    use InteractionStatus::{CancelledConsumer, Claimed, Complete, Submitted};

    #[test]
    fn progress_values_follow_the_spec() {
        let cases = [
            (None, 25),
            (Some(PageStatus::Initial), 50),
            (Some(PageStatus::Claimed), 75),
            (Some(PageStatus::Completed), 100),
            (Some(PageStatus::DuplicateRequest), 0),
        ];
        for (status, value) in cases {
            assert_eq!(progress(status), value, "{status:?}");
        }
        assert_eq!(progress(Some(PageStatus::of(Submitted))), 50);
        assert_eq!(progress(Some(PageStatus::of(Claimed))), 75);
        assert_eq!(progress(Some(PageStatus::of(Complete))), 100);
    }

    #[test]
    fn only_the_allowed_transitions_pass() {
        let allowed = [
            (Actor::Associate, Submitted, Claimed),
            (Actor::Associate, Claimed, Complete),
            (Actor::Shopper, Submitted, CancelledConsumer),
            (Actor::Shopper, Claimed, CancelledConsumer),
        ];
        for actor in [Actor::Associate, Actor::Shopper] {
            for from in InteractionStatus::ALL {
                for to in InteractionStatus::ALL {
                    let expected = allowed.contains(&(actor, from, to));
                    assert_eq!(may_transition(actor, from, to), expected, "{actor:?} {from:?} -> {to:?}");
                }
            }
        }
    }

    #[test]
    fn statuses_round_trip_and_open_matches_the_sql() {
        for status in InteractionStatus::ALL {
            assert_eq!(InteractionStatus::parse(status.as_str()), Some(status));
            assert_eq!(InteractionStatus::OPEN_SQL.contains(&format!("'{}'", status.as_str())), status.is_open());
        }
        assert_eq!(InteractionStatus::parse("COMPLETED"), None);
        assert_eq!(InteractionStatus::parse("submitted"), None);
    }

    #[test]
    fn vehicle_description_rules() {
        let hundred = "a".repeat(100);
        let hundred_wide = "青".repeat(100);
        let cases: Vec<(String, Result<String, VehicleError>)> = vec![
            ("Red Honda Civic".into(), Ok("Red Honda Civic".into())),
            ("  blue van, bay 3  ".into(), Ok("blue van, bay 3".into())),
            (String::new(), Err(VehicleError::Required)),
            ("   ".into(), Err(VehicleError::Required)),
            (hundred.clone(), Ok(hundred.clone())),
            (format!("{hundred}a"), Err(VehicleError::TooLong)),
            (hundred_wide.clone(), Ok(hundred_wide.clone())),
            (format!("{hundred_wide}青"), Err(VehicleError::TooLong)),
            ("red\ncar".into(), Err(VehicleError::ControlCharacters)),
        ];
        for (input, expected) in cases {
            assert_eq!(vehicle_description(&input), expected, "{input:?}");
        }
    }

    #[test]
    fn the_counter_counts_characters() {
        assert_eq!(chars_remaining(""), 100);
        assert_eq!(chars_remaining("Käfer"), 95);
        assert_eq!(chars_remaining(&"x".repeat(120)), 0);
    }
}
