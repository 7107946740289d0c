//! What the order view shows on lines (`orders::hooks::return_facts`): on a sales order, each line's
//! returnable quantity, flag and the reason it may not be returned; on a return order, the quantity sent
//! back.

use std::collections::HashMap;

use domain::OrderType;
use domain::returns::window;

use super::options;
use crate::orders::OrdersState;
use crate::orders::{LineReturnFacts, OrderDetailContributor, ReturnFacts, StoredOrder};

/// The returns flow's part of the order detail: the facts of each line.
pub struct Contributor;

impl OrderDetailContributor for Contributor {
    fn return_facts(
        &self,
        state: &OrdersState,
        order: &StoredOrder,
        returned: &HashMap<i64, i64>,
    ) -> Option<ReturnFacts> {
        Some(for_order(state, order, returned))
    }
}

/// The facts of `order`'s lines, given the units returns took by line number (read with the order:
/// `orders::db::find_order_with_lines`).
pub fn for_order(state: &OrdersState, order: &StoredOrder, returned: &HashMap<i64, i64>) -> ReturnFacts {
    let mut lines = HashMap::new();
    match order.order_type {
        OrderType::ReturnOrder => {
            for line in &order.lines {
                lines.insert(
                    line.line_number,
                    LineReturnFacts { return_quantity: Some(line.quantity), ..LineReturnFacts::default() },
                );
            }
        }
        // disableReturns (001 §6): nothing may be returned, so no line offers it and the page shows no
        // return button (the return calls refuse too).
        OrderType::SalesOrder if state.settings.flag(&order.country, domain::country::Flag::DisableReturns) => {
            for line in &order.lines {
                lines.insert(
                    line.line_number,
                    LineReturnFacts {
                        returnable_quantity: Some(0),
                        returnable_flag: Some(false),
                        ..LineReturnFacts::default()
                    },
                );
            }
        }
        OrderType::SalesOrder => {
            let policy = options::policy_url(state, &order.country);
            let within = window::within_window(order.order_date, state.clock.now_ms(), &order.country);
            for line in &order.lines {
                let result =
                    options::line_facts(order, line, returned.get(&line.line_number).copied().unwrap_or(0), within);
                lines.insert(
                    line.line_number,
                    LineReturnFacts {
                        returnable_quantity: Some(result.quantity),
                        returnable_flag: Some(result.flag()),
                        return_disable_reason: result.reason.map(|reason| options::disable_reason(reason, &policy)),
                        return_quantity: None,
                    },
                );
            }
        }
        OrderType::PartnerSalesOrder => {}
    }
    let elsewhere = options::returned_elsewhere(state, order).map(str::to_owned);
    ReturnFacts { lines, elsewhere }
}
