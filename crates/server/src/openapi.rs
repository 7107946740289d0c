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
        domain::SimpleStatus,
        domain::status::StatusColor,
        domain::OrderType,
        domain::actions::ActionName,
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
        .map(request_rules)
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

/// What every extractor refuses, written once for the whole document rather than on each operation:
/// - text with a control character (`extract::is_forbidden_control`: C0 and C1 controls other than tab and
///   the line breaks, and U+2028/U+2029) answers 400 `invalid-characters`, in a JSON body, a query and a
///   path alike; every request string without a closed set or a format of its own gets the matching
///   `pattern`, so a client (and the contract test's generator) knows the rule;
/// - an operation that reads input answers 400 (`ApiError`) for input it refuses, and one that requires
///   a credential answers 401 without it; one that takes a guest `filter` answers 429 `rate-limited` to a
///   client that guesses too often; operations that declare their own keep their description.
fn request_rules(mut document: serde_json::Value) -> serde_json::Value {
    use serde_json::{Value, json};
    let error = || json!({"content": {"application/json": {"schema": {"$ref": "#/components/schemas/ApiError"}}}});
    let mut body_schemas: Vec<String> = Vec::new();
    if let Some(paths) = document.get_mut("paths").and_then(Value::as_object_mut) {
        for operation in paths.values_mut().filter_map(Value::as_object_mut).flat_map(|ops| ops.values_mut()) {
            let reads_input =
                operation.get("parameters").and_then(Value::as_array).is_some_and(|list| !list.is_empty())
                    || operation.get("requestBody").is_some();
            let secured = operation.get("security").and_then(Value::as_array).is_some_and(|list| !list.is_empty());
            // Guest credentials (`filter=email(...)`) go through the guessing limiter (`access::authorize_order`).
            let takes_guest_filter = operation.get("parameters").and_then(Value::as_array).is_some_and(|list| {
                list.iter().any(|parameter| parameter["name"] == "filter" && parameter["in"] == "query")
            });
            if let Some(parameters) = operation.get_mut("parameters").and_then(Value::as_array_mut) {
                for parameter in parameters {
                    if let Some(schema) = parameter.get_mut("schema") {
                        forbid_control_characters(schema, &mut body_schemas);
                    }
                }
            }
            if let Some(contents) = operation.pointer_mut("/requestBody/content").and_then(Value::as_object_mut) {
                for schema in contents.values_mut().filter_map(|content| content.get_mut("schema")) {
                    forbid_control_characters(schema, &mut body_schemas);
                }
            }
            let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) else { continue };
            if reads_input && !responses.contains_key("400") {
                responses.insert("400".into(), error());
            }
            if secured && !responses.contains_key("401") {
                responses.insert("401".into(), error());
            }
            if takes_guest_filter && !responses.contains_key("429") {
                responses.insert("429".into(), error());
            }
        }
    }
    // The components a request body names, and the ones they name in turn, once each.
    let mut done = std::collections::BTreeSet::new();
    while let Some(name) = body_schemas.pop() {
        if !done.insert(name.clone()) {
            continue;
        }
        if let Some(schema) = document.pointer_mut(&format!("/components/schemas/{name}")) {
            forbid_control_characters(schema, &mut body_schemas);
        }
    }
    document
}

/// ECMA-262 (and Python) syntax; the same set as `extract::is_forbidden_control`.
static NO_CONTROL_CHARACTERS: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| format!("^[^{}]*$", crate::extract::FORBIDDEN_CONTROL_CLASS));

/// Adds the no-control-character pattern to every free string of `schema`, and collects the components
/// it refers to.
fn forbid_control_characters(schema: &mut serde_json::Value, refs: &mut Vec<String>) {
    use serde_json::Value;
    let Some(object) = schema.as_object_mut() else { return };
    if let Some(name) = object.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        refs.push(name.to_owned());
    }
    let is_string = match object.get("type") {
        Some(Value::String(kind)) => kind == "string",
        Some(Value::Array(kinds)) => kinds.iter().any(|kind| kind == "string"),
        _ => false,
    };
    let closed = ["enum", "const", "format", "pattern"].iter().any(|key| object.contains_key(*key));
    if is_string && !closed {
        object.insert("pattern".into(), Value::from(NO_CONTROL_CHARACTERS.as_str()));
    }
    for key in ["items", "additionalProperties"] {
        if let Some(child) = object.get_mut(key) {
            forbid_control_characters(child, refs);
        }
    }
    for key in ["properties"] {
        if let Some(children) = object.get_mut(key).and_then(Value::as_object_mut) {
            children.values_mut().for_each(|child| forbid_control_characters(child, refs));
        }
    }
    for key in ["allOf", "anyOf", "oneOf", "prefixItems"] {
        if let Some(children) = object.get_mut(key).and_then(Value::as_array_mut) {
            children.iter_mut().for_each(|child| forbid_control_characters(child, refs));
        }
    }
}

pub fn document_json() -> String {
    document().to_pretty_json().unwrap_or_default()
}

pub async fn serve() -> Json<&'static utoipa::openapi::OpenApi> {
    Json(&DOCUMENT)
}
