//! Column positions of the hot order queries: rows are read by position (`db::Columns`), not by name.
//!
//! The positions are computed at compile time from the column lists in `store.rs`, in the order
//! `store::order_select` and `store::line_select` write them, so adding a column there moves them along.
//! Looking a column up by name costs a hash lookup (and on `AnyRow` a string comparison per column) for
//! every value; by position it is an index.

pub use crate::db::Columns;

use super::store::{LINE_COLUMNS, ORDER_COLUMNS};

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn position(columns: &[&str], name: &str) -> usize {
    let mut i = 0;
    while i < columns.len() {
        if same(columns[i], name) {
            return i;
        }
        i += 1;
    }
    panic!("no such column")
}

// `order_select` writes ORDER_COLUMNS without `updated_at` (the last one) and then `version`;
// `line_select` writes LINE_COLUMNS without `order_number` (the first one) right after.
const _: () = assert!(same(ORDER_COLUMNS[ORDER_COLUMNS.len() - 1], "updated_at"));
const _: () = assert!(same(LINE_COLUMNS[0], "order_number"));

/// Position of an order column in a row selected with `order_select` first.
pub const fn order(name: &str) -> usize {
    if same(name, "version") { ORDER_COLUMNS.len() - 1 } else { position(ORDER_COLUMNS, name) }
}

/// Position of a line column in a row selected with `order_select` and then `line_select`
/// (`line_details` is the line's `details`).
pub const fn line(name: &str) -> usize {
    let name = if same(name, "line_details") { "details" } else { name };
    ORDER_COLUMNS.len() + position(LINE_COLUMNS, name) - 1
}

/// The first position after the order and line columns: where a query's own columns start.
pub const AFTER_LINE: usize = ORDER_COLUMNS.len() + LINE_COLUMNS.len() - 1;
