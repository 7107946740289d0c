//! Actions: what the caller may do now with an order, a group or a line (issue 9, "Actions as one
//! contract"). The web app shows actions only from this, never from rules of its own.
//!
//! Each action is `{enabled, reasonCode?, reasonText?, deadline?, webLink?, ...}`. An action whose flow
//! is not built is absent (not a dead button); an action that exists but may not be taken now is present
//! with `enabled: false` and a reason (a stable code and an English text the web app may translate).
//!
//! HOW TO ADD AN ACTION (e.g. `return`, `cancel`):
//! 1. Add a variant to `ActionName` and its wire name in `ActionName::as_str` (and to `ActionName::ALL`).
//! 2. Write ONE rule function `fn my_action(facts: &LineFacts) -> Option<Action>` (or `&OrderFacts` for
//!    order- and group-level actions), returning `None` where the action does not apply, and add it to
//!    `LINE_RULES`, `GROUP_RULES` or `ORDER_RULES` below. Put what it needs into the facts struct
//!    (a new field with a `Default`, so the other callers do not change), and table-test it here.
//!
//! The server fills the facts (`crates/server/src/orders/view.rs`: `build_item` for lines, `build_groups`
//! for groups, `order_detail` for the order), including the flags of the order's country
//! (`orders::hooks::action_flags`) and, for your flow, facts you read in `orders::hooks` (e.g. the returns
//! flow's `return_facts`). Time windows use `facts.now` (the server's clock) and set `deadline`: the server
//! caches a rendered order no longer than its earliest action deadline, so a window that closes is seen.

use crate::{OrderType, SimpleStatus};

/// Every action name, as sent on the wire (`actions.<name>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema), schema(as = ActionNameEnum, rename_all = "camelCase"))]
pub enum ActionName {
    TrackShipment,
    ViewReturn,
    Return,
    BuyItAgain,
    GetHelp,
    WriteReview,
    ReturnBarcode,
    RequestEinvoice,
    Cancel,
    DeferredPayment,
    /// A group's reason why none of its lines can be returned (000 §3 group actions): disabled, with the
    /// reason's code, text and link. Built by the server from the returns flow's line facts.
    ReturnDisableReasonAction,
}

impl ActionName {
    pub const ALL: [ActionName; 11] = [
        Self::TrackShipment,
        Self::ViewReturn,
        Self::Return,
        Self::BuyItAgain,
        Self::GetHelp,
        Self::WriteReview,
        Self::ReturnBarcode,
        Self::RequestEinvoice,
        Self::Cancel,
        Self::DeferredPayment,
        Self::ReturnDisableReasonAction,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::TrackShipment => "trackShipment",
            Self::ViewReturn => "viewReturn",
            Self::Return => "return",
            Self::BuyItAgain => "buyItAgain",
            Self::GetHelp => "getHelp",
            Self::WriteReview => "writeReview",
            Self::ReturnBarcode => "returnBarcode",
            Self::RequestEinvoice => "requestEinvoice",
            Self::Cancel => "cancel",
            Self::DeferredPayment => "deferredPayment",
            Self::ReturnDisableReasonAction => "returnDisableReasonAction",
        }
    }
}

/// Why an action may not be taken now: a stable code and an English text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    pub code: &'static str,
    pub text: String,
}

impl Reason {
    pub fn new(code: &'static str, text: impl Into<String>) -> Self {
        Self { code, text: text.into() }
    }
}

/// A barcode to show (spec 000 section 9: CODE128, height 100, bar width 1.5 above 13 characters, else 2).
#[derive(Debug, Clone, PartialEq)]
pub struct Barcode {
    pub value: String,
    pub format: &'static str,
    pub height: u32,
    pub bar_width: f64,
}

pub const BARCODE_FORMAT: &str = "CODE128";
pub const BARCODE_HEIGHT: u32 = 100;

pub fn barcode(value: &str) -> Barcode {
    let bar_width = if value.chars().count() > 13 { 1.5 } else { 2.0 };
    Barcode { value: value.to_owned(), format: BARCODE_FORMAT, height: BARCODE_HEIGHT, bar_width }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Action {
    pub name: ActionName,
    pub enabled: bool,
    pub reason: Option<Reason>,
    /// Unix milliseconds: the last moment the action may be taken.
    pub deadline: Option<i64>,
    pub web_link: Option<String>,
    /// `viewReturn`: the return order to open.
    pub return_order_id: Option<String>,
    /// `returnBarcode`: what to draw.
    pub barcode: Option<Barcode>,
}

impl Action {
    pub fn enabled(name: ActionName) -> Self {
        Self { name, enabled: true, reason: None, deadline: None, web_link: None, return_order_id: None, barcode: None }
    }

    pub fn disabled(name: ActionName, reason: Reason) -> Self {
        Self { enabled: false, reason: Some(reason), ..Self::enabled(name) }
    }

    pub fn with_link(mut self, link: impl Into<String>) -> Self {
        self.web_link = Some(link.into());
        self
    }
}

/// Server-side flags of the order's country that actions depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ActionFlags {
    pub enable_write_review: bool,
    pub enable_returns_barcode: bool,
    /// Return orders hide their barcode on the details page.
    pub suppress_return_details_barcode: bool,
    /// The deferred-payment quick action (spec flag enableDeferredPayment).
    pub enable_deferred_payment: bool,
    /// Returns are on in the country (disableReturns off): the `return` line action.
    pub returns_enabled: bool,
    /// The country's return window (`returns::window::window_days`).
    pub return_window_days: i64,
    /// China: a line may be returned before it arrives, and a customised one never
    /// (`returns::quantity::returnable_before_delivery`).
    pub returns_before_delivery: bool,
}

/// What the line rules know of one line.
#[derive(Debug, Clone, Default)]
pub struct LineFacts<'a> {
    /// Unix milliseconds: the time the answer is made (windows and deadlines are measured from it; the
    /// server caches an answer no longer than its earliest action deadline).
    pub now: i64,
    /// Unix milliseconds.
    pub order_date: i64,
    pub order_type: Option<OrderType>,
    /// The displayed status (payment pending included).
    pub status: Option<SimpleStatus>,
    pub tracking_url: Option<&'a str>,
    pub style_color: Option<&'a str>,
    /// A customised product cannot simply be bought again.
    pub customized: bool,
    /// The return order that holds this line, when there is one.
    pub return_order_id: Option<&'a str>,
    pub flags: ActionFlags,
}

/// What the order and group rules know.
#[derive(Debug, Clone, Default)]
pub struct OrderFacts<'a> {
    /// Unix milliseconds, as in `LineFacts`.
    pub now: i64,
    /// Unix milliseconds.
    pub order_date: i64,
    /// For group rules: the group's place in display order (0 = the first group); `None` for the order.
    pub group_index: Option<usize>,
    pub order_type: Option<OrderType>,
    pub order_number: &'a str,
    pub country: &'a str,
    /// Displayed statuses of the lines in scope (the order's, or the group's).
    pub statuses: Vec<SimpleStatus>,
    /// A tracking link of the group, when one exists.
    pub tracking_url: Option<&'a str>,
    pub show_barcode_flag: bool,
    /// The number to print in the barcode (returnToStore.barcodeNumber), else the order number.
    pub barcode_number: Option<&'a str>,
    /// The order carries its own printed return label.
    pub custom_return_label: bool,
    pub flags: ActionFlags,
    /// Unix ms: the end of the cancellation window (`cancellation::CancellationPolicy`); `None` when the
    /// server did not fill it (no cancel action then).
    pub cancellable_until: Option<i64>,
    /// Displayed statuses of every line of the order (group rules see only their group in `statuses`).
    pub order_statuses: Vec<SimpleStatus>,
    /// The order's payment is on hold and its payment type pays later (deferred payment).
    pub deferred_payment_due: bool,
}

pub type LineRule = fn(&LineFacts<'_>) -> Option<Action>;
pub type OrderRule = fn(&OrderFacts<'_>) -> Option<Action>;

/// Line actions, in display order.
pub const LINE_RULES: &[LineRule] = &[track_line, view_return, return_line, buy_it_again, write_review];
/// Group actions.
pub const GROUP_RULES: &[OrderRule] = &[track_group, cancel];
/// Order actions (the header's quick actions).
pub const ORDER_RULES: &[OrderRule] = &[get_help, return_barcode, cancel, deferred_payment, request_einvoice];

pub fn line_actions(facts: &LineFacts<'_>) -> Vec<Action> {
    LINE_RULES.iter().filter_map(|rule| rule(facts)).collect()
}

pub fn group_actions(facts: &OrderFacts<'_>) -> Vec<Action> {
    GROUP_RULES.iter().filter_map(|rule| rule(facts)).collect()
}

pub fn order_actions(facts: &OrderFacts<'_>) -> Vec<Action> {
    ORDER_RULES.iter().filter_map(|rule| rule(facts)).collect()
}

/// The China e-invoice: a sales order in China with a line shipped or delivered (000 section 1, 5).
fn request_einvoice(facts: &OrderFacts<'_>) -> Option<Action> {
    (is_sale(facts.order_type) && crate::einvoice::is_offered(facts.country, &facts.statuses))
        .then(|| Action::enabled(ActionName::RequestEinvoice))
}

fn is_sale(order_type: Option<OrderType>) -> bool {
    matches!(order_type, Some(OrderType::SalesOrder | OrderType::PartnerSalesOrder))
}

/// Track shipment: only with a link (000 section 5), and not for a cancelled line.
fn track_line(facts: &LineFacts<'_>) -> Option<Action> {
    let link = facts.tracking_url?;
    if matches!(facts.status, Some(SimpleStatus::Cancelled)) {
        return None;
    }
    Some(Action::enabled(ActionName::TrackShipment).with_link(link))
}

fn track_group(facts: &OrderFacts<'_>) -> Option<Action> {
    let link = facts.tracking_url?;
    if facts.statuses.iter().all(|status| *status == SimpleStatus::Cancelled) {
        return None;
    }
    Some(Action::enabled(ActionName::TrackShipment).with_link(link))
}

/// Cancel (002 §2): on the first group, and on the order for quick-action mode, while the server's
/// clock is inside the window and every line can still be cancelled. Absent otherwise (the button goes);
/// `deadline` lets the page remove it at the end of the window without asking again.
fn cancel(facts: &OrderFacts<'_>) -> Option<Action> {
    if !is_sale(facts.order_type) || facts.group_index.is_some_and(|index| index != 0) {
        return None;
    }
    let until = facts.cancellable_until?;
    if !crate::cancellation::offer_cancel(&facts.order_statuses, facts.now, until) {
        return None;
    }
    let mut action = Action::enabled(ActionName::Cancel);
    action.deadline = Some(until);
    Some(action)
}

/// Pay a deferred payment (002 §2): an order whose payment is on hold, not cancelled.
fn deferred_payment(facts: &OrderFacts<'_>) -> Option<Action> {
    if !facts.flags.enable_deferred_payment || !facts.deferred_payment_due || !is_sale(facts.order_type) {
        return None;
    }
    if !facts.order_statuses.is_empty()
        && facts
            .order_statuses
            .iter()
            .all(|status| matches!(status, SimpleStatus::Cancelled | SimpleStatus::CancellationPending))
    {
        return None;
    }
    Some(Action::enabled(ActionName::DeferredPayment))
}

/// View return: a line that went back in a return order opens that return.
fn view_return(facts: &LineFacts<'_>) -> Option<Action> {
    let id = facts.return_order_id?;
    let mut action = Action::enabled(ActionName::ViewReturn).with_link(format!("/orders/returns/{id}"));
    action.return_order_id = Some(id.to_owned());
    Some(action)
}

/// Return (000 §2, the history row's actions; 001 §5): a sales order's line that reached the shopper and is
/// in no return yet, where returns are on. Line actions must not depend on the clock (history pages are
/// stored with them, ADR 0013), so the window is the action's `deadline` (the order date plus the country's
/// window) rather than a decision: the page drops the action once the deadline has passed, as it does the
/// cancel button. What is left to return is the return wizard's to say (`returns::quantity`).
fn return_line(facts: &LineFacts<'_>) -> Option<Action> {
    let flags = facts.flags;
    if !flags.returns_enabled || facts.order_type != Some(OrderType::SalesOrder) || facts.return_order_id.is_some() {
        return None;
    }
    let status = facts.status?;
    let offered = if flags.returns_before_delivery {
        !facts.customized && crate::returns::quantity::sold(status)
    } else {
        matches!(status, SimpleStatus::Delivered | SimpleStatus::PickedUp)
    };
    if !offered {
        return None;
    }
    let mut action = Action::enabled(ActionName::Return);
    action.deadline =
        Some(facts.order_date.saturating_add(flags.return_window_days.saturating_mul(crate::returns::window::DAY_MS)));
    Some(action)
}

/// Buy it again: any line of a sale with a product to find, unless the product was customised.
fn buy_it_again(facts: &LineFacts<'_>) -> Option<Action> {
    if !is_sale(facts.order_type) {
        return None;
    }
    let style_color = facts.style_color.filter(|style| !style.is_empty())?;
    if facts.customized {
        return Some(Action::disabled(
            ActionName::BuyItAgain,
            Reason::new("customized-product", "A customised product cannot be bought again from here."),
        ));
    }
    Some(Action::enabled(ActionName::BuyItAgain).with_link(format!("/products/{style_color}")))
}

/// Write a review: only where the country's flag is on, for items of a sale; enabled once delivered.
fn write_review(facts: &LineFacts<'_>) -> Option<Action> {
    if !facts.flags.enable_write_review || !is_sale(facts.order_type) {
        return None;
    }
    let style_color = facts.style_color.filter(|style| !style.is_empty())?;
    match facts.status? {
        SimpleStatus::Delivered | SimpleStatus::PickedUp => {
            Some(Action::enabled(ActionName::WriteReview).with_link(format!("/products/{style_color}/reviews/new")))
        }
        SimpleStatus::Cancelled => None,
        _ => Some(Action::disabled(
            ActionName::WriteReview,
            Reason::new("not-delivered", "You can review this item once it has been delivered."),
        )),
    }
}

/// Get help: always, on every order.
fn get_help(facts: &OrderFacts<'_>) -> Option<Action> {
    Some(
        Action::enabled(ActionName::GetHelp)
            .with_link(format!("/help?country={}&orderNumber={}", facts.country, facts.order_number)),
    )
}

/// Return barcode (000 section 5): needs enableReturnsBarcode, showBarcodeFlag, no custom return label,
/// and not a return order with suppressReturnDetailsBarcode.
fn return_barcode(facts: &OrderFacts<'_>) -> Option<Action> {
    let suppressed = facts.order_type == Some(OrderType::ReturnOrder) && facts.flags.suppress_return_details_barcode;
    if !facts.flags.enable_returns_barcode || !facts.show_barcode_flag || facts.custom_return_label || suppressed {
        return None;
    }
    let mut action = Action::enabled(ActionName::ReturnBarcode);
    action.barcode = Some(barcode(facts.barcode_number.unwrap_or(facts.order_number)));
    Some(action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use SimpleStatus::*;

    fn names(actions: &[Action]) -> Vec<&'static str> {
        actions.iter().map(|action| action.name.as_str()).collect()
    }

    fn line(status: SimpleStatus) -> LineFacts<'static> {
        LineFacts {
            order_type: Some(OrderType::SalesOrder),
            status: Some(status),
            style_color: Some("AR2-001"),
            ..LineFacts::default()
        }
    }

    fn order(order_type: OrderType) -> OrderFacts<'static> {
        OrderFacts { order_type: Some(order_type), order_number: "C1000001", country: "US", ..OrderFacts::default() }
    }

    /// Stored history pages (the server's `orders::ready_page`, ADR 0013) are answered for as long as the
    /// member's orders do not change: a line rule that read the clock would make them wrong.
    #[test]
    fn line_actions_do_not_change_with_the_clock() {
        let flags = ActionFlags {
            enable_write_review: true,
            enable_returns_barcode: true,
            suppress_return_details_barcode: false,
            enable_deferred_payment: true,
            returns_enabled: true,
            return_window_days: 30,
            returns_before_delivery: false,
        };
        let order_date = 1_700_000_000_000;
        for order_type in OrderType::ALL {
            for status in SimpleStatus::ALL {
                for (customized, return_order_id) in [(false, None), (true, Some("R1000001"))] {
                    let at = |now| LineFacts {
                        now,
                        order_date,
                        order_type: Some(order_type),
                        status: Some(status),
                        tracking_url: Some("https://tracking.example.com/1"),
                        style_color: Some("AR2-001"),
                        customized,
                        return_order_id,
                        flags,
                    };
                    let placed = line_actions(&at(order_date));
                    for now in [order_date - 1, order_date + 86_400_000, order_date + 400 * 86_400_000, i64::MAX] {
                        assert_eq!(line_actions(&at(now)), placed, "{order_type:?} {status:?} at {now}");
                    }
                }
            }
        }
    }

    #[test]
    fn cancel_is_on_the_first_group_and_the_order_until_the_window_closes() {
        let until = 1_800_000;
        let facts = |group_index, statuses: Vec<SimpleStatus>, now| OrderFacts {
            now,
            group_index,
            cancellable_until: Some(until),
            order_statuses: statuses,
            ..order(OrderType::SalesOrder)
        };
        let cancel = |facts: &OrderFacts<'_>, group: bool| {
            let list = if group { group_actions(facts) } else { order_actions(facts) };
            list.into_iter().find(|a| a.name == ActionName::Cancel)
        };
        let first = cancel(&facts(Some(0), vec![Ordered], until - 1), true).expect("offered on group 1");
        assert_eq!((first.enabled, first.deadline), (true, Some(until)));
        assert!(cancel(&facts(None, vec![Ordered], until - 1), false).is_some(), "quick action");
        assert!(cancel(&facts(Some(1), vec![Ordered], until - 1), true).is_none(), "only the first group");
        assert!(cancel(&facts(Some(0), vec![Ordered], until), true).is_none(), "window closed");
        assert!(cancel(&facts(Some(0), vec![Ordered, Shipped], 0), true).is_none(), "a line past cancelling");
        assert!(cancel(&facts(Some(0), vec![CancellationPending], 0), true).is_none(), "pending");
        let unfilled = OrderFacts { cancellable_until: None, ..facts(Some(0), vec![Ordered], 0) };
        assert!(cancel(&unfilled, true).is_none());
        let returned = OrderFacts { order_type: Some(OrderType::ReturnOrder), ..facts(Some(0), vec![Ordered], 0) };
        assert!(cancel(&returned, true).is_none());
    }

    #[test]
    fn deferred_payment_needs_a_payment_hold_and_an_order_not_cancelled() {
        let flags = ActionFlags { enable_deferred_payment: true, ..ActionFlags::default() };
        let facts = |due, statuses: Vec<SimpleStatus>| OrderFacts {
            deferred_payment_due: due,
            flags,
            order_statuses: statuses,
            ..order(OrderType::SalesOrder)
        };
        let offered = |facts: &OrderFacts<'_>| names(&order_actions(facts)).contains(&"deferredPayment");
        assert!(offered(&facts(true, vec![PaymentPending])));
        assert!(!offered(&facts(false, vec![PaymentPending])));
        assert!(!offered(&facts(true, vec![Cancelled])));
        let off = OrderFacts { flags: ActionFlags::default(), ..facts(true, vec![PaymentPending]) };
        assert!(!offered(&off), "only with enableDeferredPayment");
    }

    #[test]
    fn track_shipment_is_offered_only_with_a_link_and_never_for_a_cancelled_line() {
        let table = [
            (Shipped, Some("https://t.example/1"), true),
            (Delivered, Some("https://t.example/1"), true),
            (Shipped, None, false),
            (Cancelled, Some("https://t.example/1"), false),
        ];
        for (status, link, offered) in table {
            let facts = LineFacts { tracking_url: link, ..line(status) };
            let actions = line_actions(&facts);
            assert_eq!(names(&actions).contains(&"trackShipment"), offered, "{status:?} {link:?}");
        }
    }

    #[test]
    fn view_return_names_the_return_order() {
        let facts = LineFacts { return_order_id: Some("R1000001"), ..line(ReturnCreated) };
        let action = line_actions(&facts).into_iter().find(|a| a.name == ActionName::ViewReturn);
        assert_eq!(action.and_then(|a| a.return_order_id).as_deref(), Some("R1000001"));
        assert!(!names(&line_actions(&line(ReturnCreated))).contains(&"viewReturn"), "absent without a return");
    }

    #[test]
    fn return_is_offered_for_a_delivered_sales_line_until_the_window_ends() {
        let flags = ActionFlags { returns_enabled: true, return_window_days: 30, ..ActionFlags::default() };
        let at = |status| LineFacts { order_date: 1_000, flags, ..line(status) };
        let action = line_actions(&at(Delivered)).into_iter().find(|a| a.name == ActionName::Return);
        assert_eq!(action.map(|a| (a.enabled, a.deadline)), Some((true, Some(1_000 + 30 * 86_400_000))));
        assert!(names(&line_actions(&at(PickedUp))).contains(&"return"));
        for status in [Ordered, Shipped, Cancelled, ReturnCreated] {
            assert!(!names(&line_actions(&at(status))).contains(&"return"), "{status:?}");
        }
        let returned = LineFacts { return_order_id: Some("R1000001"), ..at(Delivered) };
        assert!(!names(&line_actions(&returned)).contains(&"return"), "the line is in a return: view it instead");
        let off = LineFacts { flags: ActionFlags { returns_enabled: false, ..flags }, ..at(Delivered) };
        assert!(!names(&line_actions(&off)).contains(&"return"), "disableReturns");
        let partner = LineFacts { order_type: Some(OrderType::PartnerSalesOrder), ..at(Delivered) };
        assert!(!names(&line_actions(&partner)).contains(&"return"), "partners take their own returns");
        // China: before delivery too, never a customised line.
        let china = ActionFlags { returns_before_delivery: true, ..flags };
        assert!(names(&line_actions(&LineFacts { flags: china, ..at(Shipped) })).contains(&"return"));
        let customised = LineFacts { flags: china, customized: true, ..at(Delivered) };
        assert!(!names(&line_actions(&customised)).contains(&"return"));
        // ... nor one not paid for yet, or (being) cancelled (walk minor 8).
        for status in [PaymentPending, CancellationPending, Cancelled] {
            let early = LineFacts { flags: china, ..at(status) };
            assert!(!names(&line_actions(&early)).contains(&"return"), "{status:?}");
        }
    }

    #[test]
    fn buy_it_again_is_for_sales_lines_and_refused_with_a_reason_for_customised_products() {
        assert!(line_actions(&line(Delivered)).iter().any(|a| a.name == ActionName::BuyItAgain && a.enabled));
        let customised = LineFacts { customized: true, ..line(Delivered) };
        let action = line_actions(&customised).into_iter().find(|a| a.name == ActionName::BuyItAgain);
        assert_eq!(action.map(|a| (a.enabled, a.reason.map(|r| r.code))), Some((false, Some("customized-product"))));
        let returned = LineFacts { order_type: Some(OrderType::ReturnOrder), ..line(ReturnCreated) };
        assert!(!names(&line_actions(&returned)).contains(&"buyItAgain"));
    }

    #[test]
    fn write_review_needs_the_flag_and_is_enabled_once_delivered() {
        let flags = ActionFlags { enable_write_review: true, ..ActionFlags::default() };
        let table = [
            (Delivered, false, None),
            (Delivered, true, Some((true, None))),
            (PickedUp, true, Some((true, None))),
            (Shipped, true, Some((false, Some("not-delivered")))),
            (Ordered, true, Some((false, Some("not-delivered")))),
            (Cancelled, true, None),
        ];
        for (status, flag, expected) in table {
            let facts = LineFacts { flags: if flag { flags } else { ActionFlags::default() }, ..line(status) };
            let action = line_actions(&facts).into_iter().find(|a| a.name == ActionName::WriteReview);
            assert_eq!(action.map(|a| (a.enabled, a.reason.map(|r| r.code))), expected, "{status:?} flag={flag}");
        }
    }

    #[test]
    fn every_order_offers_help() {
        for kind in OrderType::ALL {
            assert!(names(&order_actions(&order(kind))).contains(&"getHelp"), "{kind}");
        }
    }

    #[test]
    fn the_return_barcode_follows_the_spec_rule() {
        let on = ActionFlags { enable_returns_barcode: true, ..ActionFlags::default() };
        let suppress = ActionFlags { suppress_return_details_barcode: true, ..on };
        // (flags, showBarcodeFlag, custom label, order type, shown)
        let table = [
            (on, true, false, OrderType::ReturnOrder, true),
            (on, true, false, OrderType::SalesOrder, true),
            (ActionFlags::default(), true, false, OrderType::ReturnOrder, false),
            (on, false, false, OrderType::ReturnOrder, false),
            (on, true, true, OrderType::ReturnOrder, false),
            (suppress, true, false, OrderType::ReturnOrder, false),
            (suppress, true, false, OrderType::SalesOrder, true),
        ];
        for (flags, show, custom, kind, shown) in table {
            let facts = OrderFacts { flags, show_barcode_flag: show, custom_return_label: custom, ..order(kind) };
            assert_eq!(
                names(&order_actions(&facts)).contains(&"returnBarcode"),
                shown,
                "{flags:?} {show} {custom} {kind}"
            );
        }
    }

    #[test]
    fn barcode_bars_are_narrower_above_thirteen_characters() {
        assert_eq!(barcode("C123456789012").bar_width, 2.0, "13 characters");
        assert_eq!(barcode("C1234567890123").bar_width, 1.5, "14 characters");
        assert_eq!((barcode("C1").format, barcode("C1").height), ("CODE128", 100));
    }

    #[test]
    fn a_group_of_cancelled_lines_is_not_tracked() {
        let facts = OrderFacts {
            tracking_url: Some("https://t.example/1"),
            statuses: vec![Cancelled],
            ..order(OrderType::SalesOrder)
        };
        assert!(group_actions(&facts).is_empty());
        let facts = OrderFacts { statuses: vec![Shipped, Cancelled], ..facts };
        assert_eq!(names(&group_actions(&facts)), vec!["trackShipment"]);
    }

    #[test]
    fn every_action_name_has_a_distinct_wire_name() {
        let mut seen = std::collections::HashSet::new();
        for name in ActionName::ALL {
            assert!(seen.insert(name.as_str()), "{}", name.as_str());
        }
    }

    #[test]
    fn the_e_invoice_is_offered_in_china_once_shipped_or_delivered() {
        let china =
            |statuses: Vec<SimpleStatus>| OrderFacts { country: "CN", statuses, ..order(OrderType::SalesOrder) };
        assert!(names(&order_actions(&china(vec![Ordered, Delivered]))).contains(&"requestEinvoice"));
        assert!(!names(&order_actions(&china(vec![Ordered]))).contains(&"requestEinvoice"));
        let us = OrderFacts { statuses: vec![Delivered], ..order(OrderType::SalesOrder) };
        assert!(!names(&order_actions(&us)).contains(&"requestEinvoice"));
        let china_return = OrderFacts { country: "CN", statuses: vec![Delivered], ..order(OrderType::ReturnOrder) };
        assert!(!names(&order_actions(&china_return)).contains(&"requestEinvoice"));
    }
}
