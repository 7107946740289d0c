//! Saved delivery addresses (spec 002 §3, §4, §9): the member's address book, the layouts the web
//! form is built from, and the address validator behind an adapter.

pub mod db;
pub mod layouts;
pub mod routes;
pub mod validation;
pub mod validator;

/// Addresses one member may keep; one more answers 409 `address-limit-reached`.
pub const MAX_ADDRESSES_PER_MEMBER: i64 = 50;
