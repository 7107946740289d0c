//! What the order view shows on lines (`orders::hooks::return_facts`): on a sales order, each line's
//! returnable quantity, flag and the reason it may not be returned; on a return order, the quantity sent
//! back.

use std::collections::HashMap;

use domain::OrderType;
use domain::returns::window;

use super::{db, options};
use crate::error::AppResult;
use crate::orders::hooks::{LineReturnFacts, ReturnFacts};
use crate::orders::store::StoredOrder;
use crate::state::AppState;

pub async fn for_order(state: &AppState, order: &StoredOrder) -> AppResult<ReturnFacts> {
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
        OrderType::SalesOrder => {
            let returned = db::returned_quantities(&state.db, &order.order_number).await?;
            let within = window::within_window(order.order_date, state.clock.now_ms(), &order.country);
            for line in &order.lines {
                let result =
                    options::line_facts(order, line, returned.get(&line.line_number).copied().unwrap_or(0), within);
                lines.insert(
                    line.line_number,
                    LineReturnFacts {
                        returnable_quantity: Some(result.quantity),
                        returnable_flag: Some(result.flag()),
                        return_disable_reason: result.reason.map(options::disable_reason),
                        return_quantity: None,
                    },
                );
            }
        }
        OrderType::PartnerSalesOrder => {}
    }
    Ok(ReturnFacts { lines })
}
