//! Writing seed rows in multi-row INSERTs, many per transaction. Re-running a seed skips rows that exist.

use sqlx::any::AnyArguments;
use sqlx::{Arguments, Executor};

use super::data::STORES;
use super::generate::{GIFT_CARDS, SeedMember};
use crate::BoxError;
use crate::db::{Backend, Db};
use crate::orders::store::{self, StoredOrder};

pub const ORDERS_PER_TRANSACTION: usize = 2_000;

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
    let sql = format!("{head} VALUES {} ON CONFLICT DO NOTHING", store::placeholders(backend, rows, columns));
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
    for store in STORES.iter() {
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
            format!("[\"{}\"]", store.address.street),
            store.address.city,
            store.address.postal_code,
            store.address.country,
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
    for chunk in members.chunks(store::ROWS_PER_STATEMENT) {
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

/// Writes generated orders through the one stored-order writer (`orders::store::insert_new`).
pub async fn orders(db: &Db, orders: &[StoredOrder]) -> Result<(), BoxError> {
    store::insert_new(db, orders, chrono::Utc::now().timestamp_millis()).await
}
