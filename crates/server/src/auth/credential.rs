//! The credential availability check (spec 002 §5 and §7, "POST credential_available"): whether an
//! e-mail or phone number is still free to make an account with. The portal asks it for one reason: a
//! guest is invited to sign in (enableLoginPrompt, "sign in for free returns") only when the credential
//! they looked their order up with already belongs to an account.
//!
//! It is answered here, inside the server, and never as an endpoint of its own: an open "is this e-mail
//! registered?" call would let anyone list the retailer's members. The guest asking has already proved
//! the credential with the order number (ADR 0023).
//!
//! Accounts sign in by e-mail only, so a phone number is always available. As the spec says, the
//! credential is available when the check fails: a database error shows no prompt rather than a wrong one.

use domain::guest_filter::Filter;

use super::db;
use crate::db::Db;

/// Whether any of the guest's e-mail credentials (already normalized by `guest_filter`) has an account.
pub async fn taken(db: &Db, guest: &[Filter]) -> bool {
    for filter in guest {
        let Filter::Email(email) = filter else { continue };
        match db::find_by_email(db, email).await {
            Ok(Some(_)) => return true,
            Ok(None) => {}
            Err(error) => {
                tracing::warn!(%error, "credential check failed; treated as available");
                return false;
            }
        }
    }
    false
}
