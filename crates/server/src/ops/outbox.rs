//! `GET /ops/v1/outbox?to=...` (ops key): the stored outbox (`mail::outbox`), newest first. An ops
//! route, so it lives with the ops area: the mail transport below knows no route.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::db::Db;
use crate::error::AppResult;
use crate::extract::{Ops, QueryOf};
use crate::mail::outbox::{OutboxEntry, list};
use crate::platform::Platform;

crate::platform::area_router!(
    states: [Db, Platform],
    routes: [(outbox)],
);

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
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
    State(db): State<Db>,
    QueryOf(query): QueryOf<OutboxQuery>,
) -> AppResult<Json<OutboxList>> {
    let objects = list(&db, query.to.as_deref().filter(|to| !to.is_empty())).await?;
    Ok(Json(OutboxList { objects }))
}
