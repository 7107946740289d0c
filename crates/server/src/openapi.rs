//! The OpenAPI document, generated from the Rust types and handlers. `web/openapi.json` is its committed
//! copy; a test fails when the two differ, and the web client's types are generated from it.

use axum::Json;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::{
    addresses, auth, carriers, cart, consent, error, gift_cards, mail, ops, orders, products, returns, reviews, stores,
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
        returns::routes::get_return_options,
        returns::capture::create_return_capture,
        returns::routes::get_return_capture_job,
        returns::labels::get_return_label,
        returns::labels::dispatch_return_label,
        returns::refund::submit_bank_refund,
        returns::routes::send_store_return_email,
        returns::events::post_return_event,
        returns::withdrawal::declare_withdrawal,
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
    ApiDoc::openapi()
}

pub fn document_json() -> String {
    document().to_pretty_json().unwrap_or_default()
}

pub async fn serve() -> Json<utoipa::openapi::OpenApi> {
    Json(document())
}
