//! The bag behind "Buy again" (spec 002 §4): a built-in implementation so the demo works end to end; a
//! retailer with its own cart service puts it behind the same two calls. Members' bags are theirs; a
//! guest's bag is named by a signed cookie.

pub mod routes;
