//! The order as the API shows it (spec 000 section 3), built from the stored-order record by the
//! domain rules (status, colours, groups, totals, actions). `types` holds the answer's shapes; the other
//! files build them.

mod actions;
mod format;
mod group_actions;
mod history;
mod line_items;
mod order_detail;
mod order_parts;
mod pickup_store;
mod types;

pub use actions::{ActionLine, action_map, earliest_deadline, line_action_map};
pub use format::rfc3339_millis;
pub use history::{history_item_without_actions, history_items, write_history};
pub use line_items::order_status;
pub use order_detail::{ViewContext, order_detail};
pub use types::*;
