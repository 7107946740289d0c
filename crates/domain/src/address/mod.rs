//! Saved delivery addresses (spec 002 §3, §4 "Address flow", §9 country tables; 001 §3 Korea pickup
//! address, §4.4): the layouts and province tables read from `data/addresses/`, the per-country
//! validation (`ValidAddress::parse`), postal-code masks, the sandbox validator's normalisation
//! (`verify`) and the address flow rules.

pub mod fields;
pub mod flow;
pub mod layout;
pub mod postal;
pub mod provinces;
pub mod validate;
pub mod verify;

pub use fields::{AddressField, AddressFields};
pub use flow::{SHIP_FROM_ADDRESS_ID, SUGGESTED_ADDRESS_ID, SaveAction};
pub use layout::{Layout, LayoutField, NameOrder, layout_for};
pub use provinces::{Province, ProvinceTable, province_table};
pub use validate::{FieldError, ValidAddress, name_separator, validation_language};
pub use verify::{Verification, verify};
