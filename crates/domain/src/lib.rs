//! The specification's rules as plain functions and types: no I/O, no async, no SQL.
//!
//! Each module is named after the rule it holds so a reader finds a spec rule by its name:
//! `status` (raw-to-simple status tables), `groups` (shipment display order), `money`
//! (minor units and currencies), `order_number`, `contact` (e-mail and phone rules),
//! `guest_filter` (the guest `filter=` query), `history_filter` (the member history's filters), `totals` (the price summary of an order).

pub mod access;
pub mod actions;
pub mod address;
pub mod cancellation;
pub mod contact;
pub mod country;
pub mod curbside;
pub mod einvoice;
pub mod gift_card;
pub mod groups;
pub mod guest_filter;
pub mod history_filter;
pub mod ids;
pub mod money;
pub mod order_number;
pub mod order_type;
pub mod payments;
pub mod returns;
pub mod rules;
#[cfg(feature = "utoipa")]
pub mod schema;
pub mod shop_similar;
pub mod status;
pub mod store_hours;
pub mod totals;

pub use ids::{CountryCode, Email, ReturnNumber, UpmId};
pub use money::{Currency, Money};
pub use order_number::OrderNumber;
pub use order_type::OrderType;
pub use status::{SimpleStatus, simple_status};
