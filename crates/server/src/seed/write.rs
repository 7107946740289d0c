//! Writing seed rows in multi-row INSERTs, many per transaction. Re-running a seed skips rows that exist.

use sqlx::any::AnyArguments;
use sqlx::{Arguments, Executor};

use super::data::STORES;
use super::generate::{GIFT_CARDS, SeedMember, SeedOrder};
use crate::BoxError;
use crate::db::{Backend, Db};

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
        let sunday_opens = store.opens.replacen("0:", "1:", 1);
        let sunday_hours = store.hours.parse::<f64>().map_or(8.0, |hours| hours - 2.0).to_string();
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

pub async fn orders(db: &Db, orders: &[SeedOrder]) -> Result<(), BoxError> {
    if orders.is_empty() {
        return Ok(());
    }
    let now = chrono::Utc::now().timestamp_millis();
    let mut transaction = db.pool.begin().await?;
    for chunk in orders.chunks(ROWS_PER_STATEMENT) {
        let mut args = AnyArguments::default();
        for o in chunk {
            let phone_digits = o.phone.as_ref().map(|(code, number)| format!("{code}{number}"));
            bind_all!(
                args,
                o.order_number.as_str(),
                o.order_type.as_str(),
                "CONSUMER",
                o.parent_sales_order_number.as_deref(),
                o.partner_name,
                o.market.country,
                o.market.currency,
                crate::orders::view::DEFAULT_REGION_REFERENCE,
                o.upm_id.as_deref(),
                o.email.as_deref(),
                o.phone.as_ref().map(|(code, _)| code.as_str()),
                o.phone.as_ref().map(|(_, number)| number.as_str()),
                phone_digits,
                o.order_date,
                o.shipping_total,
                i64::from(!o.market.tax_exclusive),
                o.payments.as_str(),
                o.shipping_address.as_str(),
                o.pickup_store_id,
                now
            );
        }
        insert_rows(
            &mut *transaction,
            db.backend,
            "INSERT INTO orders (order_number, order_type, order_classification, parent_sales_order_number, \
             partner_name, country, currency, region_reference, upm_id, email, phone_country_code, phone_subscriber, \
             phone_digits, order_date, shipping_total, taxes_included, payments, shipping_address, pickup_store_id, \
             updated_at)",
            20,
            chunk.len(),
            args,
        )
        .await?;
    }
    let lines: Vec<(&str, &super::generate::SeedLine)> =
        orders.iter().flat_map(|o| o.lines.iter().map(move |l| (o.order_number.as_str(), l))).collect();
    for chunk in lines.chunks(ROWS_PER_STATEMENT) {
        let mut args = AnyArguments::default();
        for (number, l) in chunk {
            bind_all!(
                args,
                *number,
                l.line_number,
                l.gtin.as_str(),
                l.sku_id.as_str(),
                l.product_id.as_str(),
                l.style_color.as_str(),
                l.title,
                l.category,
                l.color,
                l.size,
                l.image_url.as_str(),
                l.quantity,
                l.unit_price,
                l.tax,
                0_i64,
                l.status.as_str(),
                l.shipment_number.as_deref(),
                l.tracking_url.as_deref(),
                l.estimated_delivery_date.as_deref()
            );
        }
        insert_rows(
            &mut *transaction,
            db.backend,
            "INSERT INTO order_lines (order_number, line_number, gtin, sku_id, product_id, style_color, title, \
             category, color, size, image_url, quantity, unit_price, tax, fees, status, shipment_number, \
             tracking_url, estimated_delivery_date)",
            19,
            chunk.len(),
            args,
        )
        .await?;
    }
    transaction.commit().await?;
    Ok(())
}
