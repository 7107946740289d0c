//! A group's return actions (000 §3 group actions: `return.webLink`, `viewReturn.returnOrderId`,
//! `returnDisableReasonAction`), gathered from what its lines already decided: the domain's line
//! actions (`return`, `viewReturn`) and the returns flow's line facts (`returnableFlag`,
//! `returnDisableReason`). The group adds no rule of its own, so it cannot disagree with its items.

use domain::actions::ActionName;

use super::types::{ActionView, Actions, OrderItem};

/// Where a group's `return` leads: the return wizard of the order (the web's `return-items` route).
pub fn return_wizard_path(order_number: &str) -> String {
    format!("/orders/return-items/{order_number}")
}

fn view(enabled: bool) -> ActionView {
    ActionView { enabled, ..ActionView::default() }
}

/// An item's own `return` action while the returns flow has not ruled the item out (its returnable flag
/// is not false and units are left): the one reading of "this item may still be returned" that the
/// group's `return` and the order's quick action (`actions::order_return`) both use.
pub fn open_return(item: &OrderItem) -> Option<&ActionView> {
    let facts = &item.returns;
    if facts.returnable_flag == Some(false) || facts.returnable_quantity.is_some_and(|left| left <= 0) {
        return None;
    }
    item.actions.get(ActionName::Return.as_str()).filter(|action| action.enabled)
}

/// Adds the group's return actions to `actions`, from its `items`:
/// - `return` when a line's `open_return` is there; its deadline
///   is the earliest of those lines' deadlines;
/// - `viewReturn` with the return order of the first line that went back in one;
/// - `returnDisableReasonAction` when no line can be returned and the returns flow gave a line a reason:
///   disabled, with the first such reason's code, text and link (as `webLink`).
///
/// `return_link` is where `return` leads: the wizard (`return_wizard_path`), or the site the order is
/// returned on (`ReturnFacts::elsewhere`).
pub fn add_return_actions(actions: &mut Actions, items: &[OrderItem], return_link: &str) {
    let returnable: Vec<&ActionView> = items.iter().filter_map(open_return).collect();
    if returnable.is_empty() {
        let reason = items.iter().find_map(|item| item.returns.return_disable_reason.as_ref());
        if let Some(reason) = reason {
            let action = ActionView {
                reason_code: Some(reason.code.clone()),
                reason_text: Some(reason.text.clone()),
                web_link: reason.link_url.clone(),
                ..view(false)
            };
            actions.insert(ActionName::ReturnDisableReasonAction.as_str().to_owned(), action);
        }
    } else {
        // Every deadline is written by `rfc3339_millis` (same length, UTC): the text order is the time order.
        let deadline = returnable.iter().filter_map(|action| action.deadline.clone()).min();
        let action = ActionView { deadline, web_link: Some(return_link.to_owned()), ..view(true) };
        actions.insert(ActionName::Return.as_str().to_owned(), action);
    }
    let returned = items.iter().find_map(|item| item.actions.get(ActionName::ViewReturn.as_str()));
    if let Some(line_action) = returned {
        let action = ActionView {
            web_link: line_action.web_link.clone(),
            return_order_id: line_action.return_order_id.clone(),
            ..view(true)
        };
        actions.insert(ActionName::ViewReturn.as_str().to_owned(), action);
    }
}
