//! Demo data for curbside pickup: an order ready for pickup at the 24-hour Las Vegas store (so the page
//! works at any hour) for the demo member and one for a guest, and a demo store key for the associate
//! console. All in the README.

use domain::{Currency, Money, OrderType};

use crate::BoxError;
use crate::db::Db;
use crate::orders::contract::{LineDetails, OrderDetails};
use crate::orders::store::{StoredLine, StoredOrder, StoredPhone, insert_new};
use crate::orders::view::Payment;

pub const CURBSIDE_STORE: &str = "US-LAS-24H";
/// The demo member's curbside-ready order and the guest's (e-mail `guest.curbside@example.com`).
pub const MEMBER_ORDER: &str = "C00000000011";
pub const GUEST_ORDER: &str = "C00000000012";
pub const GUEST_EMAIL: &str = "guest.curbside@example.com";
/// The console's demo key for `US-LAS-24H`. Only demo databases have it; real keys come from
/// `POST /ops/v1/stores/{storeId}/keys`.
pub const DEMO_STORE_KEY: &str = "sk_demo_las_vegas_curbside";

/// A line of the curbside order; `shoe` and `color` choose its drawn picture, as the catalogue's are chosen.
fn line(
    number: i64,
    sku: &str,
    (style, shoe, color): (&str, bool, &str),
    title: &str,
    category: &str,
    size: &str,
    price: i64,
) -> StoredLine {
    StoredLine {
        line_number: number,
        gtin: format!("0001234567{number:04}"),
        sku_id: sku.to_owned(),
        product_id: format!("P-{style}"),
        style_color: style.to_owned(),
        title: title.to_owned(),
        category: category.to_owned(),
        color: color.to_owned(),
        size: size.to_owned(),
        image_url: super::catalogue::drawn_image_url(super::catalogue::product_kind(shoe, category), color, style),
        quantity: 1,
        unit_price: Money(price),
        tax: Money(price * 8 / 100),
        fees: Money(0),
        status: "Ready for Pickup".to_owned(),
        shipment_number: None,
        tracking_url: None,
        estimated_delivery_date: None,
        details: LineDetails::default(),
    }
}

fn ready_order(number: &str, upm_id: Option<String>, email: &str, order_date: i64) -> StoredOrder {
    StoredOrder {
        order_number: super::order_number(number),
        order_type: OrderType::SalesOrder,
        order_classification: "CONSUMER".to_owned(),
        parent_sales_order_number: None,
        partner_name: None,
        country: super::country("US"),
        currency: Currency::USD,
        region_reference: "NIKEUS".to_owned(),
        upm_id: upm_id.as_deref().map(super::member_id),
        email: Some(super::email(email)),
        phone: Some(StoredPhone { country_code: "1".to_owned(), subscriber_number: "7025550111".to_owned() }),
        order_date,
        shipping_total: Money(0),
        taxes_included: false,
        payments: vec![Payment {
            payment_type: "credit_card".to_owned(),
            payment_display_number: Some("4242".to_owned()),
            payment_type_image_url: None,
        }],
        shipping_address: Vec::new(),
        pickup_store_id: Some(CURBSIDE_STORE.to_owned()),
        details: OrderDetails::default(),
        lines: vec![
            line(
                1,
                "CURB-RUN-10",
                ("AR2-001", true, "Black/White"),
                "Stride Runner 4",
                "Men's Road Running Shoes",
                "10",
                12000,
            ),
            line(2, "CURB-TEE-M", ("DTT-001", false, "Navy"), "Dri-Tech Training Tee", "Training Top", "M", 2500),
        ],
    }
}

/// Writes the curbside demo orders and store key (kept when they exist already).
pub async fn write(db: &Db, until_millis: i64) -> Result<(), BoxError> {
    let member: Option<String> = sqlx::query_scalar("SELECT upm_id FROM members WHERE email = $1")
        .bind(super::DEMO_MEMBERS[0].0)
        .fetch_optional(&db.pool)
        .await?;
    let member_email = super::DEMO_MEMBERS[0].0;
    // Placed yesterday, ready since this morning.
    let placed = until_millis - 26 * 3_600_000;
    let orders =
        [ready_order(MEMBER_ORDER, member, member_email, placed), ready_order(GUEST_ORDER, None, GUEST_EMAIL, placed)];
    insert_new(db, &orders, until_millis).await?;
    sqlx::query(
        "INSERT INTO store_keys (key_hash, store_id, label, created_at) VALUES ($1, $2, 'demo console', $3) \
         ON CONFLICT DO NOTHING",
    )
    .bind(crate::pickups::console::hash_key(DEMO_STORE_KEY))
    .bind(CURBSIDE_STORE)
    .bind(until_millis)
    .execute(&db.pool)
    .await?;
    Ok(())
}
