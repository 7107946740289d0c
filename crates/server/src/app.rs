//! The application: shared state, the routers of every area merged in one place, and the layers.

use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;
use tower::ServiceBuilder;
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::around::{CompressWhenAskedLayer, SecurityHeaders};
use crate::error::AppError;
use crate::listener::App;
use crate::observe::ObserveLayer;
use crate::state::AppState;

/// Largest request body: every API body is a few KiB; more is refused with 413 before it is read whole.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// Every area's routes with their OpenAPI operations, merged in one place. The served router and the
/// document (`openapi::document`) both come from here, so the document cannot miss a served API route.
pub fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(healthz))
        .merge(crate::auth::routes::router())
        .merge(crate::auth::reset::router())
        .merge(crate::auth::sign_up::router())
        .merge(crate::auth::oidc::routes::router())
        .merge(crate::orders::routes::router())
        .merge(crate::ops::routes::router())
        .merge(crate::gift_cards::routes::router())
        .merge(crate::products::routes::router())
        .merge(crate::cart::routes::router())
        .merge(crate::reviews::routes::router())
        .merge(crate::addresses::routes::router())
        .merge(crate::consent::routes::router())
        .merge(crate::ops::outbox::router())
        .merge(crate::carriers::routes::router())
        .merge(crate::stores::routes::router())
        .merge(crate::einvoice::routes::router())
        .merge(crate::settings::routes::router())
        .merge(crate::pickups::routes::router())
        .merge(crate::pickups::console::router())
        .merge(crate::returns::router())
        .merge(crate::cancellation::routes::router())
        .merge(crate::payments::routes::router())
        .merge(crate::events::router())
}

pub fn router(state: AppState) -> App {
    let (areas, _document) = api_routes().split_for_parts();
    let api = areas
        .route("/openapi.json", get(crate::openapi::serve))
        .route("/metrics", get(crate::metrics::serve_metrics))
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-store")));
    let behind_tls = state.behind_tls;
    let embed_parent_origin = state.settings.embed_parent_origin().map(str::to_owned);
    let csp = HeaderValue::from_str(&crate::web::content_security_policy(embed_parent_origin.as_deref()))
        .unwrap_or_else(|_| HeaderValue::from_static("frame-ancestors 'none'"));
    let frame_options = match embed_parent_origin {
        // X-Frame-Options cannot name an origin: with embedded mode the CSP's frame-ancestors decides.
        Some(_) => None,
        None => Some(HeaderValue::from_static("DENY")),
    };
    // The page's country configuration goes into the HTML, so the first paint waits for no request.
    let site = state.settings.clone();
    let inline_config: std::sync::Arc<crate::web::InlineConfig> = std::sync::Arc::new(move |country: Option<&str>| {
        let code = country.map_or_else(|| site.table().default.code.clone(), str::to_owned);
        site.rendered(&code).map(|rendered| rendered.body.clone())
    });
    // So is the browser's session (a new tab needs no request before the member's page), when it has one.
    let auth = state.auth.clone();
    let inline_session: std::sync::Arc<crate::web::InlineSession> =
        std::sync::Arc::new(move |headers: &axum::http::HeaderMap| crate::auth::routes::inline_session(&auth, headers));
    let inline = crate::web::Inline { config: inline_config, session: inline_session };
    // Inside the router, per route: only what needs the matched route (`observe`). Everything else is
    // one stack around the router, so a request clones no boxed layer per route (ADR 0036).
    let routed = Router::new()
        .merge(api)
        .merge(crate::catalog::router())
        .merge(crate::settings::help::router())
        .fallback(
            move |method, uri, headers| async move { crate::web::serve(method, uri, &headers, &csp, &inline).await },
        )
        .layer(ObserveLayer::new(state.metrics.metrics.clone()))
        .with_state(state);
    // Around the router, two steps (ADR 0037): the security headers in one pass, and compression for a
    // request that asks for it. The body limit sits innermost, as an extension the extractors read.
    let security = SecurityHeaders::new(behind_tls, frame_options);
    let around = ServiceBuilder::new()
        .map_response(move |response| security.apply(response))
        .layer(CompressWhenAskedLayer)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        .service(routed);
    App::new(around)
}

/// Whether this process can answer: its database answers within 2 s.
#[utoipa::path(get, path = "/healthz", tag = "ops",
    responses((status = 200, description = "The process and its database answer", body = Health),
              (status = 503, body = crate::error::ApiError, description = "service-unavailable")))]
async fn healthz(State(state): State<AppState>) -> Response {
    match tokio::time::timeout(Duration::from_secs(2), state.db.ping()).await {
        Ok(Ok(())) => axum::Json(Health { status: "ok", database: state.db.backend.name() }).into_response(),
        _ => AppError::Unavailable.into_response(),
    }
}

#[derive(Serialize, ToSchema)]
struct Health {
    /// Always `ok` (a process that cannot answer says 503).
    status: &'static str,
    /// `sqlite` or `postgres`.
    database: &'static str,
}
