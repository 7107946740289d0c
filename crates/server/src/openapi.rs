//! The OpenAPI document, generated from the Rust types and handlers. Each endpoint is declared once, by its
//! handler's `#[utoipa::path]` and the `routes!` line in its area's router; this module adds what belongs
//! to the whole document (title, security schemes, the error catalogue) to the routes `app::api_routes`
//! merges. `web/openapi.json` is its committed copy; a test fails when the two differ, and the web
//! client's types are generated from it.

use axum::Json;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::{error, orders};

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
        components
            .add_security_scheme("ops_key", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("X-Ops-Key"))));
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Orders", description = "Order self-service API: history, detail, guest lookup, ops feed"),
    components(schemas(
        error::ApiError,
        error::Code,
        orders::view::SimpleStatusName,
        orders::view::StatusColorName,
        orders::view::OrderTypeName,
        orders::view::ActionNameEnum,
        orders::view::ActionView,
    )),
    modifiers(&SecuritySchemes)
)]
pub struct ApiDoc;

/// Built once: the document depends only on the code.
static DOCUMENT: std::sync::LazyLock<utoipa::openapi::OpenApi> = std::sync::LazyLock::new(build);

pub fn document() -> utoipa::openapi::OpenApi {
    DOCUMENT.clone()
}

fn build() -> utoipa::openapi::OpenApi {
    let mut generated = ApiDoc::openapi();
    generated.merge(crate::app::api_routes().into_openapi());
    // Round trip through JSON to merge flattened closed objects (below); the generated document always
    // serializes and reads back, so the fallback only guards against a future utoipa change.
    serde_json::to_value(&generated)
        .ok()
        .map(merge_flattened_closed_objects)
        .and_then(|value| serde_json::from_value(value).ok())
        .unwrap_or(generated)
}

/// utoipa writes a struct with a `#[serde(flatten)]` field as `allOf: [{$ref: Flattened}, {own fields}]`.
/// When the flattened type is closed (`deny_unknown_fields` gives `additionalProperties: false`), that
/// `allOf` can never validate: each part refuses the other's fields. The contract test (schemathesis)
/// found it on `OrderGroup`. Such compositions become one object with both parts' properties.
fn merge_flattened_closed_objects(mut document: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    let Some(schemas) = document.pointer("/components/schemas").and_then(Value::as_object).cloned() else {
        return document;
    };
    let Some(targets) = document.pointer_mut("/components/schemas").and_then(Value::as_object_mut) else {
        return document;
    };
    for schema in targets.values_mut() {
        let Some(parts) = schema.get("allOf").and_then(Value::as_array) else { continue };
        let referenced_closed = |part: &Value| {
            let name = part.get("$ref")?.as_str()?.strip_prefix("#/components/schemas/")?;
            let target = schemas.get(name)?;
            (target.get("additionalProperties") == Some(&Value::Bool(false))).then_some(target)
        };
        if !parts.iter().any(|part| referenced_closed(part).is_some()) {
            continue;
        }
        let mut merged = serde_json::Map::new();
        let mut properties = serde_json::Map::new();
        let mut required: Vec<Value> = Vec::new();
        for part in parts {
            let part = referenced_closed(part).unwrap_or(part);
            if let Some(own) = part.get("properties").and_then(Value::as_object) {
                properties.extend(own.clone());
            }
            if let Some(own) = part.get("required").and_then(Value::as_array) {
                required.extend(own.iter().cloned());
            }
        }
        merged.insert("type".into(), Value::from("object"));
        if let Some(description) = schema.get("description") {
            merged.insert("description".into(), description.clone());
        }
        merged.insert("properties".into(), Value::Object(properties));
        if !required.is_empty() {
            merged.insert("required".into(), Value::Array(required));
        }
        *schema = Value::Object(merged);
    }
    document
}

pub fn document_json() -> String {
    document().to_pretty_json().unwrap_or_default()
}

pub async fn serve() -> Json<&'static utoipa::openapi::OpenApi> {
    Json(&DOCUMENT)
}
