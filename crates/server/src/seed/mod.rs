//! `orders seed`: deterministic, realistic demo data, written in large batches.
//!
//! The same seed and end day give the same rows. Members come first (the demo sign-ins, then
//! generated ones); orders are spread over members with a skew (most have a few, the heaviest about
//! 2,000 at a million orders), plus guest orders, partner orders, store-pickup orders and return
//! orders linked to their parent. Every raw status of both mapping tables appears at least once.

mod addresses;
mod cancellation;
mod catalogue;
pub mod curbside;
mod data;
mod generate;
mod modals;
mod returns;
mod rng;
mod write;

use crate::BoxError;
use crate::config::SeedArgs;
use crate::db::Db;

pub use generate::{DEMO_GUEST_ORDERS, DEMO_MEMBERS, DEMO_PASSWORD, GIFT_CARDS};

/// A value of the demo's own tables, checked by its type's rule. They are constants (or made from them), and
/// the seed's tests write every one, so a failure is a mistake in this code, not input.
#[expect(clippy::expect_used, reason = "constant demo data, not input")]
fn checked<T, E: std::fmt::Debug>(text: &str, parse: fn(&str) -> Result<T, E>) -> T {
    parse(text).expect("demo data passes its identifier's rule")
}

fn country(code: &str) -> domain::CountryCode {
    checked(code, domain::CountryCode::parse)
}

fn order_number(number: &str) -> domain::OrderNumber {
    checked(number, domain::OrderNumber::parse)
}

fn member_id(id: &str) -> domain::UpmId {
    checked(id, domain::UpmId::parse)
}

fn email(address: &str) -> domain::Email {
    checked(address, domain::Email::parse)
}

pub struct SeedPlan {
    pub members: u32,
    pub orders: u32,
    pub seed: u64,
    /// Unix milliseconds of the end of the generated history (now, unless `--until` names a day).
    pub until_millis: i64,
}

impl SeedPlan {
    /// What a newly created database is filled with.
    pub fn demo() -> Self {
        Self { members: 40, orders: 1500, seed: 42, until_millis: chrono::Utc::now().timestamp_millis() }
    }

    pub fn from_args(args: &SeedArgs) -> Result<Self, BoxError> {
        let until_millis = match &args.until {
            Some(day) => chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d")
                .map_err(|_| "--until is a day written YYYY-MM-DD")?
                .and_hms_opt(23, 59, 59)
                .map(|time| time.and_utc().timestamp_millis())
                .ok_or("--until is not a valid day")?,
            None => chrono::Utc::now().timestamp_millis(),
        };
        let members = args.members.max(DEMO_MEMBERS.len() as u32);
        Ok(Self { members, orders: args.orders, seed: args.seed, until_millis })
    }
}

pub struct SeedReport {
    pub members: usize,
    pub orders: usize,
    pub lines: usize,
    pub heaviest_email: String,
    pub heaviest_orders: usize,
}

/// SQLite settings for a bulk load on this connection: a large page cache (the keys arrive in random
/// order) and no fsync per transaction. A crash mid-seed leaves a database to seed again, not a corrupt one.
const SQLITE_BULK_LOAD: &str = "PRAGMA synchronous = OFF; PRAGMA cache_size = -524288; PRAGMA temp_store = MEMORY;";

/// Seeds through `db`. Give it a pool of one connection: the bulk-load settings apply per connection.
pub async fn run(db: &Db, plan: &SeedPlan) -> Result<SeedReport, BoxError> {
    if db.backend == crate::db::Backend::Sqlite {
        sqlx::raw_sql(SQLITE_BULK_LOAD).execute(&db.pool).await?;
    }
    let password_hash = crate::auth::password::hash(DEMO_PASSWORD.to_owned()).await.map_err(|e| e.to_string())?;
    write::stores(db).await?;
    write::gift_cards(db).await?;
    catalogue::write(db, data::SHOE_SIZES, plan.until_millis).await?;
    let members = generate::members(plan, &password_hash);
    write::members(db, &members).await?;
    addresses::write(db, plan.until_millis).await?;
    returns::write(db, plan.until_millis).await?;
    let mut generator = generate::OrderGenerator::new(plan, &members);
    let mut orders = 0;
    let mut lines = 0;
    let mut batch = Vec::new();
    while let Some(order) = generator.next_order() {
        orders += 1;
        lines += order.lines.len();
        batch.push(order);
        if batch.len() >= write::ORDERS_PER_TRANSACTION {
            write::orders(db, &batch).await?;
            batch.clear();
        }
    }
    write::orders(db, &batch).await?;
    curbside::write(db, plan.until_millis).await?;
    cancellation::write(db, plan.until_millis).await?;
    modals::write(db, plan.until_millis).await?;
    catalogue::backfill(db, plan.until_millis).await?;
    let (heaviest_email, heaviest_orders) = generator.heaviest();
    Ok(SeedReport { members: members.len(), orders, lines, heaviest_email, heaviest_orders })
}
