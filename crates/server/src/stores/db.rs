//! SQL for stores.

use std::collections::BTreeMap;

use sqlx::Row;
use sqlx::any::AnyRow;

use super::PAGE_SIZE;
use super::routes::{DayHoursView, HoursOfOperation, SpecialHoursView, StoreAddress, StoreView};
use crate::db::Db;

const COLUMNS: &str = "store_id, name, slug, phone, address_lines, city, area, state, postal_code, country, timezone, \
                       default_language, facility_type, latitude, longitude, regular_hours, special_hours, services";

/// A store as stored, before open-now is computed.
pub struct StoreRecord {
    pub store_id: String,
    pub name: String,
    pub slug: Option<String>,
    pub phone: String,
    pub address_lines: Vec<String>,
    pub city: String,
    pub area: Option<String>,
    pub state: Option<String>,
    pub postal_code: String,
    pub country: String,
    pub timezone: String,
    pub default_language: Option<String>,
    pub facility_type: Option<String>,
    pub latitude: String,
    pub longitude: String,
    pub regular_hours: BTreeMap<String, DayHoursView>,
    pub special_hours: Vec<SpecialHoursView>,
    pub services: Vec<String>,
}

fn record(row: &AnyRow) -> Result<StoreRecord, sqlx::Error> {
    let json = |name: &str| -> Result<String, sqlx::Error> { row.try_get::<String, _>(name) };
    Ok(StoreRecord {
        store_id: row.try_get("store_id")?,
        name: row.try_get("name")?,
        slug: row.try_get("slug")?,
        phone: row.try_get("phone")?,
        address_lines: serde_json::from_str(&json("address_lines")?).unwrap_or_default(),
        city: row.try_get("city")?,
        area: row.try_get("area")?,
        state: row.try_get("state")?,
        postal_code: row.try_get("postal_code")?,
        country: row.try_get("country")?,
        timezone: row.try_get("timezone")?,
        default_language: row.try_get("default_language")?,
        facility_type: row.try_get("facility_type")?,
        latitude: row.try_get("latitude")?,
        longitude: row.try_get("longitude")?,
        regular_hours: serde_json::from_str(&json("regular_hours")?).unwrap_or_default(),
        special_hours: serde_json::from_str(&json("special_hours")?).unwrap_or_default(),
        services: serde_json::from_str(&json("services")?).unwrap_or_default(),
    })
}

impl StoreRecord {
    /// The view, with open-now judged at `now` in the store's time zone.
    pub fn view(self, now: chrono::DateTime<chrono::Utc>) -> StoreView {
        // Stored hours were checked when written; any that do not read show as closed.
        let hours = super::routes::domain_hours(&self.regular_hours, &self.special_hours).unwrap_or_default();
        let is_open_now =
            domain::store_hours::parse_time_zone(&self.timezone).is_ok_and(|zone| hours.is_open_now(zone, now));
        let mut lines = self.address_lines.into_iter();
        StoreView {
            id: self.store_id,
            name: self.name,
            slug: self.slug,
            phone: self.phone,
            address: StoreAddress {
                address1: lines.next().unwrap_or_default(),
                address2: lines.next(),
                address3: lines.next(),
                city: self.city,
                area: self.area,
                state: self.state,
                postal_code: self.postal_code,
                iso2_country: self.country,
            },
            timezone: self.timezone,
            default_language: self.default_language,
            facility_type: self.facility_type,
            latitude: self.latitude,
            longitude: self.longitude,
            store_services: self.services,
            operational_details: super::routes::OperationalDetails {
                hours_of_operation: HoursOfOperation {
                    regular_hours: self.regular_hours,
                    special_hours: self.special_hours,
                },
                read_hours: super::hours::ReadHours::of(&hours),
            },
            is_open_now,
        }
    }
}

pub async fn find(db: &Db, store_id: &str) -> Result<Option<StoreRecord>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM stores WHERE store_id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(store_id.to_owned()).fetch_optional(&db.pool).await?;
    row.as_ref().map(record).transpose()
}

/// One page (1-based) of a country's stores matching `q`, by name then id; and the total count.
pub async fn search(
    db: &Db,
    country: &str,
    q: Option<&str>,
    page: i64,
) -> Result<(Vec<StoreRecord>, i64), sqlx::Error> {
    let pattern = q.map(|q| format!("%{}%", q.trim().to_lowercase().replace(['%', '_'], "")));
    let filter = if pattern.is_some() {
        "WHERE country = $1 AND (LOWER(name) LIKE $2 OR LOWER(city) LIKE $2 OR LOWER(postal_code) LIKE $2)"
    } else {
        "WHERE country = $1"
    };
    let count_sql = format!("SELECT COUNT(*) FROM stores {filter}");
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count_sql)).bind(country.to_owned());
    if let Some(p) = &pattern {
        count = count.bind(p.clone());
    }
    let total = count.fetch_one(&db.pool).await?;
    let (limit_at, offset_at) = if pattern.is_some() { (3, 4) } else { (2, 3) };
    let sql =
        format!("SELECT {COLUMNS} FROM stores {filter} ORDER BY name, store_id LIMIT ${limit_at} OFFSET ${offset_at}");
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(country.to_owned());
    if let Some(p) = &pattern {
        query = query.bind(p.clone());
    }
    let rows = query.bind(PAGE_SIZE).bind((page - 1) * PAGE_SIZE).fetch_all(&db.pool).await?;
    let records = rows.iter().map(record).collect::<Result<Vec<_>, _>>()?;
    Ok((records, total))
}

/// Inserts or replaces a store; true when it was new.
///
/// One statement, a write from the start: on SQLite a transaction that reads first and writes later can
/// fail at once (SQLITE_BUSY) when another connection wrote in between (a job worker's claim, say), while a
/// write that starts the transaction waits its turn. The upsert also decides "new" atomically.
pub async fn upsert(db: &Db, s: &StoreRecord) -> Result<bool, sqlx::Error> {
    let values = (
        serde_json::to_string(&s.address_lines).unwrap_or_default(),
        serde_json::to_string(&s.regular_hours).unwrap_or_default(),
        serde_json::to_string(&s.special_hours).unwrap_or_default(),
        serde_json::to_string(&s.services).unwrap_or_default(),
    );
    let mut tx = db.begin_write().await?;
    let inserted = sqlx::query(
        "INSERT INTO stores (store_id, name, slug, phone, address_lines, city, area, state, postal_code, country, \
         timezone, default_language, facility_type, latitude, longitude, regular_hours, special_hours, services) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) \
         ON CONFLICT (store_id) DO NOTHING",
    );
    let updated = sqlx::query(
        "UPDATE stores SET name = $2, slug = $3, phone = $4, address_lines = $5, city = $6, area = $7, state = $8, \
         postal_code = $9, country = $10, timezone = $11, default_language = $12, facility_type = $13, latitude = $14, \
         longitude = $15, regular_hours = $16, special_hours = $17, services = $18 WHERE store_id = $1",
    );
    let bind = |query: sqlx::query::Query<'static, sqlx::Any, sqlx::any::AnyArguments>| {
        query
            .bind(s.store_id.clone())
            .bind(s.name.clone())
            .bind(s.slug.clone())
            .bind(s.phone.clone())
            .bind(values.0.clone())
            .bind(s.city.clone())
            .bind(s.area.clone())
            .bind(s.state.clone())
            .bind(s.postal_code.clone())
            .bind(s.country.clone())
            .bind(s.timezone.clone())
            .bind(s.default_language.clone())
            .bind(s.facility_type.clone())
            .bind(s.latitude.clone())
            .bind(s.longitude.clone())
            .bind(values.1.clone())
            .bind(values.2.clone())
            .bind(values.3.clone())
    };
    let created = bind(inserted).execute(&mut *tx).await?.rows_affected() == 1;
    if !created {
        bind(updated).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(created)
}
