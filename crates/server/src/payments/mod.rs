//! Payments (issue 11 part 3): the money timeline of an order, and deferred payment with a sandbox
//! provider.

pub mod timeline;
