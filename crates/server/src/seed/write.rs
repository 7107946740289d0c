//! Writing seed rows in multi-row INSERTs, many per transaction. Re-running a seed skips rows that exist.

use sqlx::any::AnyArguments;
use sqlx::{Arguments, Executor};

use domain::{Currency, Money};

use super::data::STORES;
use super::generate::{GIFT_CARDS, SeedMember, SeedOrder};
use crate::BoxError;
use crate::db::{Backend, Db};
use crate::orders::store::{self, StoredLine, StoredOrder, StoredPhone};

pub const ORDERS_PER_TRANSACTION: usize = 2_000;
/// Rows per INSERT statement, keeping the bound values under SQLite's and PostgreSQL's limits.
const ROWS_PER_STATEMENT: usize = 500;

/// `(?,?),(?,?)` on SQLite, `($1,$2),($3,$4)` on PostgreSQL. SQLite looks a named parameter up by a linear
/// scan, so thousands of `$n` in one statement cost quadratic time there; plain `?` are bound in order.
fn placeholders(backend: Backend, rows: usize, columns: usize) -> String {
    let mut text = String::with_capacity(rows * columns * 5);
    for row in 0..rows {
        if row > 0 {
            text.push(',');
        }
        text.push('(');
        for column in 0..columns {
            if column > 0 {
                text.push(',');
            }
            match backend {
                Backend::Sqlite => text.push('?'),
                Backend::Postgres => {
                    text.push('$');
                    text.push_str(&(row * columns + column + 1).to_string());
                }
            }
        }
        text.push(')');
    }
    text
}

async fn insert_rows<'c, E>(
    executor: E,
    backend: Backend,
    head: &str,
    columns: usize,
    rows: usize,
    args: AnyArguments,
) -> Result<(), BoxError>
where
    E: Executor<'c, Database = sqlx::Any>,
{
    if rows == 0 {
        return Ok(());
    }
    let sql = format!("{head} VALUES {} ON CONFLICT DO NOTHING", placeholders(backend, rows, columns));
    sqlx::query_with(sqlx::AssertSqlSafe(sql), args).execute(executor).await?;
    Ok(())
}

macro_rules! bind_all {
    ($args:expr, $($value:expr),+ $(,)?) => {
        $( $args.add($value).map_err(|e| -> BoxError { e })?; )+
    };
}

pub async fn stores(db: &Db) -> Result<(), BoxError> {
    let mut args = AnyArguments::default();
    for store in STORES {
        // A 24-hour store keeps its hours on Sunday too.
        let all_day = store.hours == "24";
        let sunday_opens = if all_day { store.opens.to_owned() } else { store.opens.replacen("0:", "1:", 1) };
        let sunday_hours = if all_day {
            store.hours.to_owned()
        } else {
            store.hours.parse::<f64>().map_or(8.0, |hours| hours - 2.0).to_string()
        };
        let week: Vec<String> = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
            .iter()
            .map(|day| format!("\"{day}\":{{\"startTime\":\"{}\",\"duration\":\"{}\"}}", store.opens, store.hours))
            .collect();
        let regular = format!(
            "{{{},\"sunday\":{{\"startTime\":\"{sunday_opens}\",\"duration\":\"{sunday_hours}\"}}}}",
            week.join(",")
        );
        let special = "[{\"date\":\"2026-12-24\",\"startTime\":\"09:00\",\"duration\":\"5\"},\
                        {\"date\":\"2026-12-31\",\"startTime\":\"10:00\",\"duration\":\"6\"}]";
        bind_all!(
            args,
            store.store_id,
            store.name,
            store.phone,
            format!("[\"{}\"]", store.street),
            store.city,
            store.postal_code,
            store.country,
            store.timezone,
            store.latitude,
            store.longitude,
            regular,
            special,
            "[\"pickup\",\"curbside\",\"returns\"]"
        );
    }
    insert_rows(
        &db.pool,
        db.backend,
        "INSERT INTO stores (store_id, name, phone, address_lines, city, postal_code, country, timezone, latitude, \
         longitude, regular_hours, special_hours, services)",
        13,
        STORES.len(),
        args,
    )
    .await
}

pub async fn gift_cards(db: &Db) -> Result<(), BoxError> {
    let mut args = AnyArguments::default();
    for &(number, pin, currency, balance) in GIFT_CARDS {
        let pin_hash = crate::auth::password::hash(pin.to_owned()).await.map_err(|e| e.to_string())?;
        bind_all!(args, number, pin_hash, currency, balance);
    }
    insert_rows(
        &db.pool,
        db.backend,
        "INSERT INTO gift_cards (card_number, pin_hash, currency, balance)",
        4,
        GIFT_CARDS.len(),
        args,
    )
    .await
}

pub async fn members(db: &Db, members: &[SeedMember]) -> Result<(), BoxError> {
    let now = chrono::Utc::now().timestamp_millis();
    for chunk in members.chunks(ROWS_PER_STATEMENT) {
        let mut args = AnyArguments::default();
        for m in chunk {
            bind_all!(
                args,
                m.upm_id.as_str(),
                m.email.as_str(),
                m.password_hash.as_str(),
                m.first_name.as_str(),
                m.last_name.as_str(),
                m.country,
                now
            );
        }
        insert_rows(
            &db.pool,
            db.backend,
            "INSERT INTO members (upm_id, email, password_hash, first_name, last_name, country, created_at)",
            7,
            chunk.len(),
            args,
        )
        .await?;
    }
    Ok(())
}

/// The stored-order record of a generated order.
pub fn stored(o: &SeedOrder) -> StoredOrder {
    let currency = Currency::parse(o.market.currency).unwrap_or(Currency::USD);
    StoredOrder {
        order_number: o.order_number.clone(),
        order_type: o.order_type,
        order_classification: "CONSUMER".to_owned(),
        parent_sales_order_number: o.parent_sales_order_number.clone(),
        partner_name: o.partner_name.map(str::to_owned),
        country: o.market.country.to_owned(),
        currency,
        region_reference: crate::orders::view::DEFAULT_REGION_REFERENCE.to_owned(),
        upm_id: o.upm_id.clone(),
        email: o.email.clone(),
        phone: o
            .phone
            .as_ref()
            .map(|(code, number)| StoredPhone { country_code: code.clone(), subscriber_number: number.clone() }),
        order_date: o.order_date,
        shipping_total: Money(o.shipping_total),
        taxes_included: !o.market.tax_exclusive,
        payments: o.payments.clone(),
        shipping_address: o.shipping_address.clone(),
        pickup_store_id: o.pickup_store_id.map(str::to_owned),
        details: o.details.clone(),
        lines: o
            .lines
            .iter()
            .map(|l| StoredLine {
                line_number: l.line_number,
                gtin: l.gtin.clone(),
                sku_id: l.sku_id.clone(),
                product_id: l.product_id.clone(),
                style_color: l.style_color.clone(),
                title: l.title.to_owned(),
                category: l.category.to_owned(),
                color: l.color.to_owned(),
                size: l.size.to_owned(),
                image_url: l.image_url.clone(),
                quantity: l.quantity,
                unit_price: Money(l.unit_price),
                tax: Money(l.tax),
                fees: Money(0),
                status: l.status.clone(),
                shipment_number: l.shipment_number.clone(),
                tracking_url: l.tracking_url.clone(),
                estimated_delivery_date: l.estimated_delivery_date.clone(),
                details: l.details.clone(),
            })
            .collect(),
    }
}

/// Writes generated orders through the one stored-order writer (`orders::store::insert_new`).
pub async fn orders(db: &Db, orders: &[SeedOrder]) -> Result<(), BoxError> {
    let records: Vec<StoredOrder> = orders.iter().map(stored).collect();
    store::insert_new(db, &records, chrono::Utc::now().timestamp_millis()).await
}
