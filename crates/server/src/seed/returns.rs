//! Demo data for the returns flow: for the demo member shopper@example.com and for a guest
//! (guest.returns@example.com, phone +1 503 555 0199), one order delivered 3 days before seeding in each of
//! US, GB, DE, NL, FR, JP, KR, AU and CN, with a shoe and two tees, all returnable. Order numbers:
//! `C9RM0000000n` (member) and `C9RG0000000n` (guest), n = 1..9 in that country order. The CN member order
//! also has a customised (pbid) line, which is not returnable. One more US guest order, `C9RW00000001`
//! (global.store@example.com), comes from the retailer's global store: with `globalStoreReturnsUrl`
//! configured (deploy/brand-example.toml) its Return leads to that site.

use domain::{Currency, Money, OrderType};

use crate::BoxError;
use crate::db::Db;
use crate::orders::contract::{LineDetails, OrderDetails};
use crate::orders::fields::OptText;
use crate::orders::store::{self, StoredLine, StoredOrder, StoredPhone};
use crate::orders::view::Payment;

pub const MEMBER_EMAIL: &str = "shopper@example.com";
pub const GUEST_EMAIL: &str = "guest.returns@example.com";
pub const GLOBAL_STORE_GUEST_EMAIL: &str = "global.store@example.com";

/// (country, currency, shoe price, tee price in minor units, prices include tax, address lines)
type Market = (&'static str, &'static str, i64, i64, bool, &'static [&'static str]);

const MARKETS: &[Market] = &[
    ("US", "USD", 12000, 2500, false, &["1 Market Street", "San Francisco, CA 94105"]),
    ("GB", "GBP", 11000, 2200, true, &["221B Baker Street", "London NW1 6XE"]),
    ("DE", "EUR", 12999, 2499, true, &["Unter den Linden 1", "10117 Berlin"]),
    ("NL", "EUR", 12999, 2499, true, &["Damrak 1", "1012 LG Amsterdam"]),
    ("FR", "EUR", 12999, 2499, true, &["1 Rue de Rivoli", "75001 Paris"]),
    ("JP", "JPY", 16500, 3300, true, &["丸の内1-9-1", "千代田区, 東京都 100-0005"]),
    ("KR", "KRW", 159_000, 35_000, true, &["테헤란로 152", "강남구, 서울 06236"]),
    ("AU", "AUD", 22000, 4500, true, &["1 George Street", "Sydney NSW 2000"]),
    ("CN", "CNY", 89900, 19900, true, &["南京东路100号", "上海市 200001"]),
];

fn line(
    number: i64,
    (gtin, sku): (&str, &str),
    title: &str,
    size: &str,
    quantity: i64,
    (price, tax): (i64, i64),
) -> StoredLine {
    StoredLine {
        line_number: number,
        gtin: gtin.to_owned(),
        sku_id: sku.to_owned(),
        product_id: format!("P-{sku}"),
        style_color: if number == 1 { "AR2-001".to_owned() } else { "DTT-001".to_owned() },
        title: title.to_owned(),
        category: if number == 1 { "Running Shoes".to_owned() } else { "Training Top".to_owned() },
        color: "Black".to_owned(),
        size: size.to_owned(),
        image_url: if number == 1 {
            "/images/products/running/black/AR2-001.svg".to_owned()
        } else {
            "/images/products/top/black/DTT-001.svg".to_owned()
        },
        quantity,
        unit_price: Money(price),
        tax: Money(tax),
        fees: Money(0),
        status: "Delivered".to_owned(),
        shipment_number: Some(format!("S-{sku}")),
        tracking_url: None,
        estimated_delivery_date: None,
        details: LineDetails::default(),
    }
}

fn order(number: String, index: usize, upm_id: Option<String>, email: &str, until_millis: i64) -> Option<StoredOrder> {
    let (country, currency, shoe, tee, included, address) = MARKETS.get(index)?;
    let tax = |amount: i64| if *included { 0 } else { amount * 8 / 100 };
    let (shoe_codes, tee_codes) = (
        (format!("0088{index}000000001"), format!("RS{index}1")),
        (format!("0088{index}000000002"), format!("RS{index}2")),
    );
    let mut lines = vec![
        line(1, (&shoe_codes.0, &shoe_codes.1), "Stride Runner 4", "10", 1, (*shoe, tax(*shoe))),
        line(2, (&tee_codes.0, &tee_codes.1), "Dri-Tech Training Tee", "M", 2, (*tee, tax(*tee * 2))),
    ];
    if *country == "CN" && upm_id.is_some() {
        let mut custom = line(3, ("00889000000003", "RS93"), "Stride Runner 4 By You", "9", 1, (*shoe, 0));
        custom.details.pbid = OptText::some("PB-DEMO-1");
        lines.push(custom);
    }
    Some(StoredOrder {
        order_number: super::order_number(&number),
        order_type: OrderType::SalesOrder,
        order_classification: "CONSUMER".to_owned(),
        parent_sales_order_number: None,
        partner_name: None,
        country: super::country(country),
        currency: Currency::parse(currency).unwrap_or(Currency::USD),
        region_reference: crate::orders::view::DEFAULT_REGION_REFERENCE.to_owned(),
        upm_id: upm_id.as_deref().map(super::member_id),
        email: Some(super::email(email)),
        phone: Some(StoredPhone { country_code: "1".to_owned(), subscriber_number: "5035550199".to_owned() }),
        order_date: until_millis - 3 * 86_400_000 - i64::try_from(index).unwrap_or(0) * 60_000,
        shipping_total: Money(0),
        taxes_included: *included,
        payments: vec![Payment {
            payment_type: "credit_card".to_owned(),
            payment_display_number: Some("************4242".to_owned()),
            payment_type_image_url: None,
        }],
        shipping_address: std::iter::once("Demo Shopper").chain(address.iter().copied()).map(str::to_owned).collect(),
        pickup_store_id: None,
        details: OrderDetails { day_phone_number: OptText::some("+15035550199"), ..OrderDetails::default() },
        lines,
    })
}

/// Writes the returnable demo orders (kept as they are when they exist already).
pub async fn write(db: &Db, until_millis: i64) -> Result<(), BoxError> {
    let upm_id: Option<String> = sqlx::query_scalar("SELECT upm_id FROM members WHERE email = $1")
        .bind(MEMBER_EMAIL)
        .fetch_optional(&db.pool)
        .await?;
    let mut orders = Vec::new();
    for index in 0..MARKETS.len() {
        if let Some(member) = &upm_id {
            orders.extend(order(
                format!("C9RM0000000{}", index + 1),
                index,
                Some(member.clone()),
                MEMBER_EMAIL,
                until_millis,
            ));
        }
        orders.extend(order(format!("C9RG0000000{}", index + 1), index, None, GUEST_EMAIL, until_millis));
    }
    if let Some(mut global) = order("C9RW00000001".to_owned(), 0, None, GLOBAL_STORE_GUEST_EMAIL, until_millis) {
        global.details.is_global_store_order = true;
        orders.push(global);
    }
    store::insert_new(db, &orders, until_millis).await
}
