//! The actions of the view: the domain's decisions (`domain::actions`) written as the answer's map.

use domain::actions::{self, Action, ActionFlags, LineFacts};
use domain::{OrderType, SimpleStatus};

use super::super::store::{StoredLine, StoredOrder};
use super::format::rfc3339_millis;
use super::types::{ActionView, Actions, AppCallback, BarcodeView, OrderDetail};

/// The order-level `return` quick action (000 §2 header quick actions: "return"): offered while any item
/// of the order may still be returned by its own `return` action and return facts, until the last such
/// window closes (line actions keep a passed deadline, so lines whose window has closed by `now` do not
/// count). The caller sets its link: the return wizard (the shopper picks the items there) or the site the
/// order is returned on.
pub fn order_return(groups: &[super::types::OrderGroup], now: i64) -> Option<ActionView> {
    let mut latest: Option<Option<i64>> = None;
    for action in groups.iter().flat_map(|group| group.order_items.iter()).filter_map(super::group_actions::open_return)
    {
        let deadline = action
            .deadline
            .as_deref()
            .and_then(|text| chrono::DateTime::parse_from_rfc3339(text).ok())
            .map(|time| time.timestamp_millis());
        if deadline.is_some_and(|deadline| deadline <= now) {
            continue;
        }
        latest = Some(match (latest, deadline) {
            (Some(None), _) | (_, None) => None,
            (Some(Some(before)), Some(deadline)) => Some(before.max(deadline)),
            (None, Some(deadline)) => Some(deadline),
        });
    }
    let deadline = latest?;
    Some(ActionView { enabled: true, deadline: deadline.map(rfc3339_millis), ..ActionView::default() })
}

/// The earliest deadline (Unix ms) after `now` of any action in `detail`: a cached body must not outlive it.
/// A deadline already passed changes nothing any more (the `return` line action keeps its window's end
/// once it has passed: line actions do not read the clock, the page drops it), so it does not count.
pub fn earliest_deadline(detail: &OrderDetail, now: i64) -> Option<i64> {
    let groups = detail
        .groups
        .iter()
        .flat_map(|group| std::iter::once(&group.actions).chain(group.order_items.iter().map(|item| &item.actions)));
    std::iter::once(&detail.actions)
        .chain(groups)
        .flat_map(|actions| actions.values())
        .filter_map(|action| action.deadline.as_deref())
        .filter_map(|text| chrono::DateTime::parse_from_rfc3339(text).ok())
        .map(|time| time.timestamp_millis())
        .filter(|deadline| *deadline > now)
        .min()
}

pub fn action_map(list: Vec<Action>) -> Actions {
    list.into_iter()
        .map(|action| {
            let view = ActionView {
                enabled: action.enabled,
                reason_code: action.reason.as_ref().map(|reason| reason.code.to_owned()),
                reason_text: action.reason.map(|reason| reason.text),
                deadline: action.deadline.map(rfc3339_millis),
                web_link: action.web_link,
                return_order_id: action.return_order_id,
                barcode: action.barcode.map(|code| BarcodeView {
                    image: crate::documents::barcode::code128_data_uri(&code.value),
                    value: code.value,
                    format: code.format.to_owned(),
                    height: code.height,
                    bar_width: code.bar_width,
                }),
                app_callback: None,
            };
            (action.name.as_str().to_owned(), view)
        })
        .collect()
}

/// What a line's actions are decided on besides the time, the country's flags and its return order: the
/// same whether it is read from the stored line or from its ready history item (`orders::ready`).
pub struct ActionLine<'a> {
    pub order_number: &'a str,
    pub line_number: i64,
    pub order_date: i64,
    pub order_type: OrderType,
    /// The displayed status (payment pending included).
    pub status: SimpleStatus,
    pub tracking_url: Option<&'a str>,
    pub style_color: &'a str,
    pub customized: bool,
}

impl<'a> ActionLine<'a> {
    pub fn of(order: &'a StoredOrder, line: &'a StoredLine, status: SimpleStatus) -> Self {
        Self {
            order_number: &order.order_number,
            line_number: line.line_number,
            order_date: order.order_date,
            order_type: order.order_type,
            status,
            tracking_url: line.tracking_url.as_deref(),
            style_color: &line.style_color,
            customized: line.details.customized_product_reference.0.is_some(),
        }
    }
}

/// The `appCallback` message of a line's action (`AppCallback`): only on actions that may be taken.
fn app_callback(line: &ActionLine<'_>, name: &str, action: &ActionView) -> Option<AppCallback> {
    action.enabled.then(|| AppCallback {
        kind: "orders:action".to_owned(),
        action: name.to_owned(),
        order_number: line.order_number.to_owned(),
        line_number: line.line_number,
        url: action.web_link.clone(),
    })
}

/// The line's actions (`actions::line_actions`), each that may be taken with its `appCallback`.
pub fn line_action_map(line: &ActionLine<'_>, now: i64, flags: ActionFlags, return_order_id: Option<&str>) -> Actions {
    let facts = LineFacts {
        now,
        order_date: line.order_date,
        order_type: Some(line.order_type),
        status: Some(line.status),
        tracking_url: line.tracking_url,
        style_color: Some(line.style_color),
        customized: line.customized,
        return_order_id,
        flags,
    };
    let mut actions = action_map(actions::line_actions(&facts));
    for (name, action) in &mut actions {
        action.app_callback = app_callback(line, name, action);
    }
    actions
}
