//! `GET /ops/v1/outbox?to=...` (ops key): the stored outbox, newest first.

use axum::Json;
use axum::Router;
use axum::extract::{Query, State};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::outbox::{OutboxEntry, list};
use crate::app::AppState;
use crate::error::AppResult;
use crate::ops::routes::Ops;

pub fn router() -> Router<AppState> {
    Router::new().route("/ops/v1/outbox", get(outbox))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct OutboxQuery {
    /// Only messages to this address.
    pub to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OutboxList {
    pub objects: Vec<OutboxEntry>,
}

#[utoipa::path(get, path = "/ops/v1/outbox", tag = "ops", security(("ops_key" = [])), params(OutboxQuery),
    responses((status = 200, body = OutboxList), (status = 401, body = crate::error::ApiError)))]
pub async fn outbox(
    _ops: Ops,
    State(state): State<AppState>,
    Query(query): Query<OutboxQuery>,
) -> AppResult<Json<OutboxList>> {
    let objects = list(&state.db, query.to.as_deref().filter(|to| !to.is_empty())).await?;
    Ok(Json(OutboxList { objects }))
}
