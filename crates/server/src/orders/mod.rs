//! Order history and order detail (spec 000 sections 3, 4 and 7).

pub mod behind;
pub mod body;
pub mod cache;
pub mod columns;
pub mod contract;
pub mod db;
pub mod detail;
pub mod edits;
pub mod fields;
pub mod hooks;
pub mod ready;
pub mod ready_detail;
pub mod ready_page;
pub mod routes;
pub mod state;
pub mod store;
pub mod view;

// The doors other areas use; everything else in `orders` is its own.
/// The order record and its field types, as the ops feed and the other flows build and read it.
pub use body::{CountryCode, Email, OrderBody, parse, parse_order};
pub use contract::{LineDetails, OrderDetails, ReturnToStore};
/// Reads of a stored order and its store.
pub use db::{find_order_and_version, find_store};
pub use fields::{Day, DecimalText, Instant, LinkOrPath, OptText, Text, WebUrl};
/// What the view shows that other flows fill in, and how it spells dates and order types.
pub use hooks::{
    CancellationView, DeferredPaymentData, DeferredPaymentForm, DeferredPaymentFormField, LineReturnFacts,
    MoneyTimelineEvent, OrderDetailContributor, OrderDetailContributors, OrderExtras, PendingModification,
    ReturnDisableReason, ReturnFacts, action_flags,
};
pub use state::{OrdersParts, OrdersState};
/// The one write path for orders (DESIGN.md: no other module writes `orders` or `order_lines`).
pub use store::{
    Stale, lift_payment_hold, set_line_status_where, set_line_statuses, stamp_line_cancelled, swap_line_status, touch,
    upsert,
};
pub use store::{StoredLine, StoredOrder, StoredPhone};
/// Many orders in one transaction, a body sent again left as it is (bulk imports).
pub use store::{Written, upsert_many};
pub use view::{DEFAULT_REGION_REFERENCE, Payment, rfc3339_millis};
