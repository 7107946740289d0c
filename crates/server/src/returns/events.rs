//! `POST /ops/v1/returns/{returnOrderNumber}/events`: the retailer's systems move a return along with a
//! raw return status (001 §4.1). The RETURN_ORDER's lines take the raw status; the sales order's lines
//! take the matching sales-order return status; the shopper gets the "received" e-mail when the return
//! first reaches in-process and the "refunded" e-mail when it completes (each once).
//!
//! Besides the raw statuses of the table, three short words are taken (our choice, for ops tools):
//! `refunded` (stored as `return processed`), `inspected` (`inspection passed`), `denied` (`return denied`).

use axum::Json;
use axum::extract::{Path, State};
use domain::status::normalize_raw_status;
use domain::{OrderType, ReturnNumber, SimpleStatus, simple_status};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db;
use super::notify::{self, StatusMail};
use crate::auth::Ops;
use crate::error::{AppError, AppResult, Code};
use crate::extract::JsonBody;
use crate::orders;
use crate::orders::OrdersState;

const ALIASES: &[(&str, &str)] =
    &[("refunded", "return processed"), ("inspected", "inspection passed"), ("denied", "return denied")];

/// The raw status a sales-order line shows for a return in this simple status (a status of the
/// sales-order table that maps to the same simple status).
pub fn parent_line_status(status: SimpleStatus) -> Option<&'static str> {
    Some(match status {
        SimpleStatus::ReturnCreated => "return created",
        SimpleStatus::ReturnInProcess => "return in progress",
        SimpleStatus::ReturnCompleted => "return processed",
        SimpleStatus::ReturnDenied => "return denied",
        SimpleStatus::ReturnedToStore => "returned at store",
        _ => return None,
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReturnEvent {
    /// A raw return status of 001 §4.1 (case, spaces, hyphens and underscores alike), or refunded / inspected / denied.
    #[schema(schema_with = return_status_set)]
    pub status: String,
}

/// The document's closed set: every raw return status of the domain's table and the aliases, as written
/// there (the server also takes other cases and `-`/`_` for spaces).
fn return_status_set() -> utoipa::openapi::schema::Object {
    let raw = domain::status::raw_statuses(OrderType::ReturnOrder).map(|(name, _)| name);
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .enum_values(Some(raw.chain(ALIASES.iter().map(|(alias, _)| *alias))))
        .build()
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnEventResult {
    pub return_order_number: String,
    pub raw_status: String,
    pub simple_status: String,
}

/// Moves a return along (ops).
#[utoipa::path(post, path = "/ops/v1/returns/{returnOrderNumber}/events", tag = "ops", security(("ops_key" = [])),
    request_body = ReturnEvent, params(("returnOrderNumber" = inline(domain::OrderNumber), Path)),
    responses((status = 200, body = ReturnEventResult), (status = 400, body = crate::error::ApiError, description = "validation-failed: unknown status"),
              (status = 401, body = crate::error::ApiError), (status = 404, body = crate::error::ApiError)))]
pub async fn post_return_event(
    State(state): State<OrdersState>,
    _ops: Ops,
    Path(return_order_number): Path<String>,
    JsonBody(event): JsonBody<ReturnEvent>,
) -> AppResult<Json<ReturnEventResult>> {
    let normalized = normalize_raw_status(&event.status);
    let raw =
        ALIASES.iter().find(|(alias, _)| *alias == normalized).map_or(normalized.clone(), |(_, raw)| (*raw).to_owned());
    let simple = simple_status(OrderType::ReturnOrder, &raw);
    if simple == SimpleStatus::Unknown {
        return Err(AppError::validation("status", "not a return status"));
    }
    let return_order_number = ReturnNumber::parse(&return_order_number).map_err(|_| AppError::OrderNotFound)?;
    let Some((ret, lines)) = db::find_return(&state.db, &return_order_number).await? else {
        return Err(AppError::OrderNotFound);
    };
    let return_order = crate::orders::find_order_and_version(&state.db, &return_order_number.clone().into()).await?;
    let Some((return_order, _)) = return_order else {
        // The capture job has not made the RETURN_ORDER yet.
        return Err(AppError::coded(Code::ReturnNotReady, "returnOrderNumber", "the return is still being created"));
    };
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    db::set_raw_status(&mut tx, &return_order_number, &raw, now).await?;
    let own_lines: Vec<i64> = return_order.lines.iter().map(|line| line.line_number).collect();
    orders::set_line_statuses(&mut tx, &return_order_number, &own_lines, &raw, now).await?;
    if let Some(parent_status) = parent_line_status(simple) {
        let parent_lines: Vec<i64> = lines.iter().map(|line| line.line_number).collect();
        orders::set_line_statuses(&mut tx, &ret.parent_order_number, &parent_lines, parent_status, now).await?;
    }
    let changed = crate::events::ReturnStatusChanged {
        return_order_number: return_order_number.to_string(),
        order_number: ret.parent_order_number.to_string(),
        raw_status: raw.clone(),
        status: simple.as_str().to_owned(),
        line_numbers: lines.iter().map(|line| line.line_number).collect(),
    };
    crate::events::record(&mut tx, now, crate::events::EventData::ReturnStatusChanged(changed)).await?;
    tx.commit().await?;
    let members: Vec<&str> = return_order.upm_id.iter().map(|id| id.as_str()).collect();
    state.cache.forget_order(&return_order_number, &members);
    state.cache.forget_order(&ret.parent_order_number, &members);
    let mail = match simple {
        SimpleStatus::ReturnInProcess => Some(StatusMail::Received),
        SimpleStatus::ReturnCompleted | SimpleStatus::ReturnedToStore => Some(StatusMail::Refunded),
        _ => None,
    };
    if let Some(kind) = mail
        && let Err(error) = notify::status_mail_once(&state, &return_order_number, kind).await
    {
        // The status moved; the e-mail is not worth failing the event for (ops may send the event again).
        tracing::warn!(code = "return-mail-failure", %error, "a return status e-mail was not sent");
    }
    Ok(Json(ReturnEventResult {
        return_order_number: return_order_number.to_string(),
        raw_status: raw,
        simple_status: simple.as_str().to_owned(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parent_statuses_map_back_to_the_same_simple_status() {
        for status in [
            SimpleStatus::ReturnCreated,
            SimpleStatus::ReturnInProcess,
            SimpleStatus::ReturnCompleted,
            SimpleStatus::ReturnDenied,
            SimpleStatus::ReturnedToStore,
        ] {
            let raw = parent_line_status(status).unwrap_or_default();
            assert_eq!(simple_status(OrderType::SalesOrder, raw), status, "{raw}");
        }
    }
}
