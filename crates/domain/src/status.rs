//! The order status model (spec 000 section 4, 001 section 4.1).
//!
//! Raw statuses arrive from the retailer's order system as free text. They are stored as received
//! and mapped here to one of the simple statuses, with one table for sales (and partner) orders and
//! one for return orders. Matching ignores case and treats spaces, hyphens and underscores alike.

use crate::OrderType;

/// The simple statuses (spec 000 section 4), plus paymentPending for an order whose payment is on hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema), schema(as = SimpleStatusName, rename_all = "camelCase"))]
pub enum SimpleStatus {
    ReturnCreated,
    ReturnDenied,
    ReturnInProcess,
    ReturnCompleted,
    ReturnedToStore,
    Delivered,
    CancellationPending,
    Cancelled,
    Ordered,
    OrderConfirmed,
    ReadyForPickUp,
    PickedUp,
    PreparingShipment,
    Shipped,
    /// Not from a raw status: an early line of an order whose payment is on hold (deferred payment).
    PaymentPending,
    Unknown,
}

impl SimpleStatus {
    pub const ALL: [SimpleStatus; 16] = [
        Self::ReturnCreated,
        Self::ReturnDenied,
        Self::ReturnInProcess,
        Self::ReturnCompleted,
        Self::ReturnedToStore,
        Self::Delivered,
        Self::CancellationPending,
        Self::Cancelled,
        Self::Ordered,
        Self::OrderConfirmed,
        Self::ReadyForPickUp,
        Self::PickedUp,
        Self::PreparingShipment,
        Self::Shipped,
        Self::PaymentPending,
        Self::Unknown,
    ];

    /// The wire name used in `lineItemStatus.simpleStatus`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ReturnCreated => "returnCreated",
            Self::ReturnDenied => "returnDenied",
            Self::ReturnInProcess => "returnInProcess",
            Self::ReturnCompleted => "returnCompleted",
            Self::ReturnedToStore => "returnedToStore",
            Self::Delivered => "delivered",
            Self::CancellationPending => "cancellationPending",
            Self::Cancelled => "cancelled",
            Self::Ordered => "ordered",
            Self::OrderConfirmed => "orderConfirmed",
            Self::ReadyForPickUp => "readyForPickUp",
            Self::PickedUp => "pickedUp",
            Self::PreparingShipment => "preparingShipment",
            Self::Shipped => "shipped",
            Self::PaymentPending => "paymentPending",
            Self::Unknown => "unknown",
        }
    }
}

/// Raw sales-order statuses (spec 000 section 4, "Mapping of raw sales-order statuses").
///
/// The spec shows the `ordered` and `preparingShipment` lists only in part; the entries marked
/// "our choice" complete them with the names order systems commonly use. `orderConfirmed` and
/// `cancellationPending` have no raw status in the spec's table; the names we give them are our choice.
const SALES_ORDER_TABLE: &[(SimpleStatus, &[&str])] = &[
    (SimpleStatus::Cancelled, &["abandoned", "cancelled", "pending cancel"]),
    (
        SimpleStatus::Delivered,
        &["carried", "completed", "delivered", "delivered to store", "order delivered", "notionally delivered"],
    ),
    (
        SimpleStatus::Ordered,
        &[
            "accepted",
            "authorized",
            "created",
            "held",
            "invoiced",
            "not authorized",
            "ordered",
            "reserved",
            "scheduled",
            "rescheduling",
            "po acknowledged",
            "po released",
            // our choice: further early states
            "pending",
            "placed",
            "backordered",
            "on hold",
            "payment pending",
        ],
    ),
    // our choice: the spec names the simple status but no raw status for it
    (SimpleStatus::OrderConfirmed, &["order confirmed", "confirmed"]),
    // our choice: the spec names the simple status but no raw status for it
    (SimpleStatus::CancellationPending, &["cancel requested", "cancellation requested", "cancellation pending"]),
    (SimpleStatus::PickedUp, &["picked up"]),
    // 002 §4: the curbside ready states READY_FOR_PICK_UP, READY_FOR_CONSUMER_OR_CARRIER and
    // READY_FOR_CARRIER are what a store-pickup line says once it waits at the store.
    (
        SimpleStatus::ReadyForPickUp,
        &["ready for pickup", "ready for pick up", "ready for consumer or carrier", "ready for carrier"],
    ),
    (
        SimpleStatus::PreparingShipment,
        &[
            "acknowledged",
            "awaiting shipment",
            "order processing",
            "order received",
            "released",
            "sent to warehouse",
            "published to wms",
            // our choice: further warehouse and procurement steps
            "allocated",
            "picking",
            "packed",
            "sent to dc",
            "po created",
            "in fulfillment",
        ],
    ),
    (
        SimpleStatus::Shipped,
        &[
            "arrived at destination country",
            "customs cleared",
            "in transit",
            "manifest scan",
            "origin scan",
            "shipped",
            "out for delivery",
        ],
    ),
    (SimpleStatus::ReturnCreated, &["early refund", "return created", "return request created", "return received"]),
    (
        SimpleStatus::ReturnCompleted,
        &["returned to dc", "returned to carrier", "inspected and invoiced", "inspection passed", "return processed"],
    ),
    (SimpleStatus::ReturnDenied, &["return denied"]),
    (SimpleStatus::ReturnedToStore, &["returned at store"]),
    (
        SimpleStatus::ReturnInProcess,
        &[
            "inspection escalate",
            "return in progress",
            "return invoiced",
            "received at return center",
            "inspection denied",
            "delivered to return center",
        ],
    ),
];

/// Raw return-order statuses (spec 001 section 4.1, "Return order raw-to-simple mapping").
const RETURN_ORDER_TABLE: &[(SimpleStatus, &[&str])] = &[
    (
        SimpleStatus::ReturnCompleted,
        &[
            "inspected and invoiced",
            "inspection passed",
            "return processed",
            "returned to carrier",
            "returned to dc",
            "cancelled",
        ],
    ),
    (
        SimpleStatus::ReturnCreated,
        &[
            "authorized",
            "created",
            "early refund",
            "not authorized",
            "return created",
            "return received",
            "return request created",
        ],
    ),
    (SimpleStatus::ReturnDenied, &["return denied"]),
    (
        SimpleStatus::ReturnInProcess,
        &[
            "acknowledged",
            "delivered to return center",
            "in transit",
            "inspection denied",
            "inspection escalate",
            "received",
            "received at return center",
            "return in progress",
            "return invoiced",
        ],
    ),
    (SimpleStatus::ReturnedToStore, &["returned at store"]),
];

/// Lower case, with hyphens and underscores read as spaces and runs of spaces collapsed.
pub fn normalize_raw_status(raw: &str) -> String {
    let spaced = raw.to_lowercase().replace(['-', '_'], " ");
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Maps a raw status as received to its simple status for an order of the given type.
pub fn simple_status(order_type: OrderType, raw: &str) -> SimpleStatus {
    let table = match order_type {
        OrderType::ReturnOrder => RETURN_ORDER_TABLE,
        OrderType::SalesOrder | OrderType::PartnerSalesOrder => SALES_ORDER_TABLE,
    };
    let key = normalize_raw_status(raw);
    table.iter().find(|(_, names)| names.contains(&key.as_str())).map_or(SimpleStatus::Unknown, |(status, _)| *status)
}

/// Every raw status of a table with its simple status (for seeding and for tests).
pub fn raw_statuses(order_type: OrderType) -> impl Iterator<Item = (&'static str, SimpleStatus)> {
    let table = match order_type {
        OrderType::ReturnOrder => RETURN_ORDER_TABLE,
        OrderType::SalesOrder | OrderType::PartnerSalesOrder => SALES_ORDER_TABLE,
    };
    table.iter().flat_map(|(status, names)| names.iter().map(move |name| (*name, *status)))
}

/// The status choices of the history filter (`filter=status(<group>)`): each covers some simple statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StatusGroup {
    InProgress,
    Delivered,
    Cancelled,
    Returned,
}

impl StatusGroup {
    pub const ALL: [StatusGroup; 4] = [Self::InProgress, Self::Delivered, Self::Cancelled, Self::Returned];

    /// The name in `filter=status(<name>)`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InProgress => "inProgress",
            Self::Delivered => "delivered",
            Self::Cancelled => "cancelled",
            Self::Returned => "returned",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|group| group.as_str() == text)
    }

    pub fn contains(self, status: SimpleStatus) -> bool {
        use SimpleStatus::*;
        match self {
            Self::InProgress => matches!(
                status,
                Ordered
                    | OrderConfirmed
                    | PaymentPending
                    | PreparingShipment
                    | Shipped
                    | ReadyForPickUp
                    | CancellationPending
            ),
            Self::Delivered => matches!(status, Delivered | PickedUp),
            Self::Cancelled => status == Cancelled,
            Self::Returned => {
                matches!(status, ReturnCreated | ReturnDenied | ReturnInProcess | ReturnCompleted | ReturnedToStore)
            }
        }
    }

    /// The raw statuses (normalized: lower case, single spaces) that map, on an order of `order_type`, to a
    /// simple status of this group. The history query filters lines with these, so the mapping tables stay
    /// the one place that says what a raw status means.
    pub fn raw_names(self, order_type: OrderType) -> Vec<&'static str> {
        raw_statuses(order_type).filter(|(_, status)| self.contains(*status)).map(|(name, _)| name).collect()
    }
}

/// What the history query's SQL does to a stored raw status before comparing it with `StatusGroup::raw_names`:
/// `replace(replace(lower(status), '-', ' '), '_', ' ')`. (It does not trim or collapse spaces as
/// `normalize_raw_status` does: statuses with stray spaces are not found by the filter.)
pub fn sql_normalized_raw_status(raw: &str) -> String {
    raw.to_lowercase().replace(['-', '_'], " ")
}

/// The status shown for a line: an early line of an order whose payment is on hold (`paymentHoldFlag`,
/// deferred payment) shows as payment pending instead of ordered.
pub fn displayed_status(status: SimpleStatus, payment_hold: bool) -> SimpleStatus {
    use SimpleStatus::*;
    match status {
        Ordered | OrderConfirmed | PreparingShipment if payment_hold => PaymentPending,
        other => other,
    }
}

/// The colour a status is shown in: a small closed set. A cancelled or denied line is never green.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema), schema(as = StatusColorName, rename_all = "camelCase"))]
pub enum StatusColor {
    /// Done and good: delivered, picked up, return completed, ready for pickup.
    Success,
    /// Moving along: ordered, preparing, shipped, return in progress.
    Info,
    /// Needs the shopper's attention or is waiting: payment pending, cancellation pending.
    Warning,
    /// Did not happen: cancelled, return denied.
    Error,
    /// Unknown.
    Neutral,
}

impl StatusColor {
    pub const ALL: [StatusColor; 5] = [Self::Success, Self::Info, Self::Warning, Self::Error, Self::Neutral];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Success => "success",
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
            Self::Neutral => "neutral",
        }
    }
}

pub fn status_color(status: SimpleStatus) -> StatusColor {
    use SimpleStatus::*;
    match status {
        Delivered | PickedUp | ReturnCompleted | ReturnedToStore | ReadyForPickUp => StatusColor::Success,
        Ordered | OrderConfirmed | PreparingShipment | Shipped | ReturnCreated | ReturnInProcess => StatusColor::Info,
        PaymentPending | CancellationPending => StatusColor::Warning,
        Cancelled | ReturnDenied => StatusColor::Error,
        Unknown => StatusColor::Neutral,
    }
}

#[cfg(test)]
mod tests {
    use super::SimpleStatus::*;
    use super::*;

    /// Every raw sales-order status the spec lists (000 section 4), as the spec writes it.
    const SPEC_SALES_ROWS: &[(&str, SimpleStatus)] = &[
        ("abandoned", Cancelled),
        ("cancelled", Cancelled),
        ("pending cancel", Cancelled),
        ("carried", Delivered),
        ("completed", Delivered),
        ("delivered", Delivered),
        ("delivered to store", Delivered),
        ("order delivered", Delivered),
        ("notionally delivered", Delivered),
        ("accepted", Ordered),
        ("authorized", Ordered),
        ("created", Ordered),
        ("held", Ordered),
        ("invoiced", Ordered),
        ("not authorized", Ordered),
        ("ordered", Ordered),
        ("reserved", Ordered),
        ("scheduled", Ordered),
        ("rescheduling", Ordered),
        ("PO acknowledged", Ordered),
        ("PO released", Ordered),
        ("picked up", PickedUp),
        ("ready for pickup", ReadyForPickUp),
        // 002 §4, the curbside ready states as the warehouse sends them.
        ("READY_FOR_PICK_UP", ReadyForPickUp),
        ("READY_FOR_CONSUMER_OR_CARRIER", ReadyForPickUp),
        ("READY_FOR_CARRIER", ReadyForPickUp),
        ("acknowledged", PreparingShipment),
        ("awaiting shipment", PreparingShipment),
        ("order processing", PreparingShipment),
        ("order received", PreparingShipment),
        ("released", PreparingShipment),
        ("sent to warehouse", PreparingShipment),
        ("published to WMS", PreparingShipment),
        ("arrived at destination country", Shipped),
        ("customs cleared", Shipped),
        ("in transit", Shipped),
        ("manifest scan", Shipped),
        ("origin scan", Shipped),
        ("shipped", Shipped),
        ("out for delivery", Shipped),
        ("early refund", ReturnCreated),
        ("return created", ReturnCreated),
        ("return request created", ReturnCreated),
        ("return received", ReturnCreated),
        ("returned to DC", ReturnCompleted),
        ("returned to carrier", ReturnCompleted),
        ("inspected and invoiced", ReturnCompleted),
        ("inspection passed", ReturnCompleted),
        ("return processed", ReturnCompleted),
        ("return denied", ReturnDenied),
        ("returned at store", ReturnedToStore),
        ("inspection escalate", ReturnInProcess),
        ("return in progress", ReturnInProcess),
        ("return invoiced", ReturnInProcess),
        ("received at return center", ReturnInProcess),
        ("inspection denied", ReturnInProcess),
        ("delivered to return center", ReturnInProcess),
    ];

    /// Every raw return-order status the spec lists (001 section 4.1).
    const SPEC_RETURN_ROWS: &[(&str, SimpleStatus)] = &[
        ("inspected and invoiced", ReturnCompleted),
        ("inspection passed", ReturnCompleted),
        ("return processed", ReturnCompleted),
        ("returned to carrier", ReturnCompleted),
        ("returned to DC", ReturnCompleted),
        ("cancelled", ReturnCompleted),
        ("authorized", ReturnCreated),
        ("created", ReturnCreated),
        ("early refund", ReturnCreated),
        ("not authorized", ReturnCreated),
        ("return created", ReturnCreated),
        ("return received", ReturnCreated),
        ("return request created", ReturnCreated),
        ("return denied", ReturnDenied),
        ("acknowledged", ReturnInProcess),
        ("delivered to return center", ReturnInProcess),
        ("in transit", ReturnInProcess),
        ("inspection denied", ReturnInProcess),
        ("inspection escalate", ReturnInProcess),
        ("received", ReturnInProcess),
        ("received at return center", ReturnInProcess),
        ("return in progress", ReturnInProcess),
        ("return invoiced", ReturnInProcess),
        ("returned at store", ReturnedToStore),
    ];

    #[test]
    fn every_sales_order_status_in_the_spec_maps_to_its_simple_status() {
        for &(raw, expected) in SPEC_SALES_ROWS {
            assert_eq!(simple_status(OrderType::SalesOrder, raw), expected, "{raw}");
            assert_eq!(simple_status(OrderType::PartnerSalesOrder, raw), expected, "{raw}");
        }
    }

    #[test]
    fn every_return_order_status_in_the_spec_maps_to_its_simple_status() {
        for &(raw, expected) in SPEC_RETURN_ROWS {
            assert_eq!(simple_status(OrderType::ReturnOrder, raw), expected, "{raw}");
        }
    }

    #[test]
    fn the_same_raw_status_means_different_things_on_sales_and_return_orders() {
        assert_eq!(simple_status(OrderType::SalesOrder, "cancelled"), Cancelled);
        assert_eq!(simple_status(OrderType::ReturnOrder, "cancelled"), ReturnCompleted);
        assert_eq!(simple_status(OrderType::SalesOrder, "in transit"), Shipped);
        assert_eq!(simple_status(OrderType::ReturnOrder, "in transit"), ReturnInProcess);
        assert_eq!(simple_status(OrderType::SalesOrder, "acknowledged"), PreparingShipment);
        assert_eq!(simple_status(OrderType::ReturnOrder, "acknowledged"), ReturnInProcess);
    }

    #[test]
    fn case_spaces_hyphens_and_underscores_do_not_matter() {
        for raw in ["IN_TRANSIT", "In-Transit", "  in   transit ", "In Transit", "in_transit"] {
            assert_eq!(simple_status(OrderType::SalesOrder, raw), Shipped, "{raw}");
        }
        assert_eq!(simple_status(OrderType::SalesOrder, "PUBLISHED_TO_WMS"), PreparingShipment);
        assert_eq!(simple_status(OrderType::ReturnOrder, "Returned-To-DC"), ReturnCompleted);
    }

    #[test]
    fn an_unknown_raw_status_maps_to_unknown() {
        for raw in ["", "teleported", "shippedx", "in transit to mars", "return"] {
            assert_eq!(simple_status(OrderType::SalesOrder, raw), Unknown, "{raw}");
            assert_eq!(simple_status(OrderType::ReturnOrder, raw), Unknown, "{raw}");
        }
        // A sales-only status is unknown on a return order.
        assert_eq!(simple_status(OrderType::ReturnOrder, "out for delivery"), Unknown);
    }

    #[test]
    fn no_raw_status_appears_twice_in_one_table() {
        for kind in [OrderType::SalesOrder, OrderType::ReturnOrder] {
            let mut seen = std::collections::HashSet::new();
            for (raw, _) in raw_statuses(kind) {
                assert!(seen.insert(raw), "{raw} appears twice for {kind}");
                assert_eq!(normalize_raw_status(raw), raw, "table entries are stored normalized");
            }
        }
    }

    #[test]
    fn every_simple_status_but_unknown_is_reachable_from_some_raw_status() {
        for status in SimpleStatus::ALL {
            let reachable = OrderType::ALL.into_iter().flat_map(raw_statuses).any(|(_, mapped)| mapped == status);
            assert_eq!(reachable, !matches!(status, Unknown | PaymentPending), "{}", status.as_str());
        }
    }

    #[test]
    fn a_cancelled_or_denied_line_is_never_green() {
        for status in SimpleStatus::ALL {
            let color = status_color(status);
            if matches!(status, Cancelled | ReturnDenied | Unknown | CancellationPending | PaymentPending) {
                assert_ne!(color, StatusColor::Success, "{}", status.as_str());
            }
        }
        assert_eq!(status_color(Cancelled), StatusColor::Error);
        assert_eq!(status_color(ReturnDenied), StatusColor::Error);
        assert_eq!(status_color(Delivered), StatusColor::Success);
        assert_eq!(status_color(Unknown), StatusColor::Neutral);
    }

    #[test]
    fn a_held_payment_shows_early_lines_as_payment_pending_and_leaves_the_rest() {
        let table = [
            (Ordered, true, PaymentPending),
            (OrderConfirmed, true, PaymentPending),
            (PreparingShipment, true, PaymentPending),
            (Shipped, true, Shipped),
            (Cancelled, true, Cancelled),
            (Delivered, true, Delivered),
            (Ordered, false, Ordered),
        ];
        for (status, hold, expected) in table {
            assert_eq!(displayed_status(status, hold), expected, "{} hold={hold}", status.as_str());
        }
        assert_eq!(status_color(PaymentPending), StatusColor::Warning);
    }

    #[test]
    fn the_status_groups_cover_the_brief() {
        let inside: Vec<Vec<SimpleStatus>> = StatusGroup::ALL
            .iter()
            .map(|group| SimpleStatus::ALL.into_iter().filter(|status| group.contains(*status)).collect())
            .collect();
        assert_eq!(
            inside[0],
            [CancellationPending, Ordered, OrderConfirmed, ReadyForPickUp, PreparingShipment, Shipped, PaymentPending]
        );
        assert_eq!(inside[1], [Delivered, PickedUp]);
        assert_eq!(inside[2], [Cancelled]);
        assert_eq!(inside[3], [ReturnCreated, ReturnDenied, ReturnInProcess, ReturnCompleted, ReturnedToStore]);
        assert!(StatusGroup::ALL.iter().all(|group| !group.contains(Unknown)));
        for group in StatusGroup::ALL {
            assert_eq!(StatusGroup::parse(group.as_str()), Some(group));
        }
        assert_eq!(StatusGroup::parse("InProgress"), None, "names are exact");
    }

    /// The SQL filter (the normalized stored status IN the group's raw names) and the Rust mapping agree for
    /// every raw name of both tables, however the order system writes it.
    #[test]
    fn the_sql_lists_and_the_mapping_table_agree_for_every_raw_name() {
        for order_type in OrderType::ALL {
            for group in StatusGroup::ALL {
                let names = group.raw_names(order_type);
                assert!(names.iter().all(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == ' ')));
                for (raw, _) in raw_statuses(order_type) {
                    let variants = [
                        raw.to_owned(),
                        raw.to_uppercase().replace(' ', "_"),
                        raw.replace(' ', "-"),
                        raw.split(' ').map(capitalized).collect::<Vec<_>>().join(" "),
                    ];
                    for variant in variants {
                        let by_rust = group.contains(simple_status(order_type, &variant));
                        let by_sql = names.contains(&sql_normalized_raw_status(&variant).as_str());
                        assert_eq!(by_rust, by_sql, "{order_type:?} {group:?} {variant:?}");
                    }
                }
            }
        }
        assert!(StatusGroup::Returned.raw_names(OrderType::SalesOrder).contains(&"returned at store"));
        assert!(StatusGroup::Cancelled.raw_names(OrderType::SalesOrder).contains(&"pending cancel"));
        assert!(
            !StatusGroup::Cancelled.raw_names(OrderType::ReturnOrder).contains(&"cancelled"),
            "a cancelled return order is a completed return"
        );
    }

    fn capitalized(word: &str) -> String {
        let mut chars = word.chars();
        chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
    }
}
