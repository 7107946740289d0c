//! `GET /ops/v1/outbox?to=...` (ops key): the stored outbox, newest first.

use axum::Json;
use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::outbox::{OutboxEntry, list};
use crate::auth::Ops;
use crate::error::AppResult;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(outbox))
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
