//! Who is calling: the name the areas use for identity's `Caller` (defined in `auth::caller`, beside the
//! tokens and sessions it reads, so that identity's own routes take a `Caller` without an import cycle).

pub use crate::auth::caller::{Caller, client_ip, filter_values, filters, guest_credentials};
