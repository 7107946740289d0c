//! The OpenAPI document, generated from the Rust types and handlers. `web/openapi.json` is its committed
//! copy; a test fails when the two differ, and the web client's types are generated from it.

use axum::Json;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::{
    addresses, auth, cancellation, carriers, cart, consent, einvoice, error, gift_cards, mail, ops, orders, payments,
    pickups, products, returns, reviews, settings, stores,
};

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
    paths(
        auth::routes::create_token,
        auth::routes::get_me,
        auth::routes::create_session,
        auth::routes::get_session,
        auth::routes::delete_session,
        orders::routes::list_order_history,
        orders::routes::get_order_detail,
        orders::routes::get_order_summary,
        ops::routes::create_member,
        ops::routes::upsert_order,
        gift_cards::routes::check_gift_card_balance,
        gift_cards::routes::upsert_gift_card,
        gift_cards::routes::apply_gift_card_event,
        products::routes::upsert_product,
        products::routes::list_similar_products,
        cart::routes::get_bag,
        cart::routes::add_bag_item,
        reviews::routes::register_reviewer,
        addresses::routes::list_addresses,
        addresses::routes::create_address,
        addresses::routes::update_address,
        addresses::routes::delete_address,
        addresses::layouts::get_address_layout,
        addresses::validation::validate_address,
        consent::routes::list_consents,
        consent::routes::set_consent,
        consent::routes::ops_set_consent,
        mail::routes::outbox,
        carriers::routes::list_providers,
        stores::routes::upsert_store,
        stores::routes::list_stores,
        stores::routes::get_store,
        einvoice::routes::request_einvoice,
        einvoice::routes::get_einvoice,
        settings::routes::get_country_config,
        settings::routes::get_brand_logo,
        pickups::routes::create_pickup,
        pickups::routes::get_pickup,
        pickups::routes::patch_pickup,
        pickups::routes::get_curbside_offer,
        pickups::console::create_store_key,
        pickups::console::revoke_store_keys,
        pickups::console::list_open_pickups,
        pickups::console::claim_pickup,
        pickups::console::complete_pickup,
        returns::routes::get_return_options,
        returns::capture::create_return_capture,
        returns::routes::get_return_capture_job,
        returns::labels::get_return_label,
        returns::labels::dispatch_return_label,
        returns::refund::submit_bank_refund,
        returns::routes::send_store_return_email,
        returns::events::post_return_event,
        returns::withdrawal::declare_withdrawal,
        cancellation::routes::cancel_order,
        cancellation::routes::get_cancel_job,
        cancellation::routes::apply_status_event,
        payments::routes::start_form_v1,
        payments::routes::start_form_v2,
        payments::routes::start_wechat,
        payments::routes::get_payment_job,
        payments::routes::get_payment_job_v2,
        payments::routes::get_wechat_job,
        payments::routes::webhook,
    ),
    components(schemas(
        error::ApiError,
        error::ErrorCodeName,
        orders::view::SimpleStatusName,
        orders::view::StatusColorName,
        orders::view::OrderTypeName,
        orders::view::ActionNameEnum,
        orders::view::ActionView,
    )),
    modifiers(&SecuritySchemes)
)]
pub struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    let generated = ApiDoc::openapi();
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

pub async fn serve() -> Json<utoipa::openapi::OpenApi> {
    Json(document())
}
