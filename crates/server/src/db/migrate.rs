//! A small migration runner: the files in /migrations, embedded, applied in order, once each.

use sqlx::{Connection, Executor};

use super::{Backend, Db};

/// One line per migration file, in order; each area owns its own file. Where SQLite and PostgreSQL need
/// different SQL (triggers), the migration's per-database part is in `PER_DATABASE`, applied after the
/// common file in the same transaction.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "foundation", include_str!("../../../../migrations/0001_foundation.sql")),
    (2, "jobs", include_str!("../../../../migrations/0002_jobs.sql")),
    (3, "hardening", include_str!("../../../../migrations/0003_hardening.sql")),
    (4, "orders_contract", include_str!("../../../../migrations/0004_orders_contract.sql")),
    (5, "gift_cards", include_str!("../../../../migrations/0005_gift_cards.sql")),
    (6, "addresses_consent", include_str!("../../../../migrations/0006_addresses_consent.sql")),
    (7, "returns", include_str!("../../../../migrations/0007_returns.sql")),
    (8, "cancellation_payments", include_str!("../../../../migrations/0008_cancellation_payments.sql")),
    (9, "stores", include_str!("../../../../migrations/0009_stores.sql")),
    (10, "mail_outbox", include_str!("../../../../migrations/0010_mail_outbox.sql")),
    (11, "pickups", include_str!("../../../../migrations/0011_pickups.sql")),
    (12, "services", include_str!("../../../../migrations/0012_services.sql")),
    (13, "einvoice", include_str!("../../../../migrations/0013_einvoice.sql")),
    (14, "ready_history_rows", include_str!("../../../../migrations/0014_ready_history_rows.sql")),
    (15, "ready_details", include_str!("../../../../migrations/0015_ready_details.sql")),
    (16, "ready_pages", include_str!("../../../../migrations/0016_ready_pages.sql")),
    // PostgreSQL only (their parts in `PER_DATABASE`).
    (17, "ready_bodies_lz4", ""),
    (18, "member_versions_at_commit", ""),
    (19, "events", include_str!("../../../../migrations/0019_events.sql")),
    (20, "bulk_import_password_resets", include_str!("../../../../migrations/0020_bulk_import_password_resets.sql")),
    (21, "oidc_logins", include_str!("../../../../migrations/0021_oidc_logins.sql")),
    (22, "return_labels", include_str!("../../../../migrations/0022_return_labels.sql")),
    (23, "deferred_payment_answers", include_str!("../../../../migrations/0023_deferred_payment_answers.sql")),
    // PostgreSQL only: SQLite readers learn of a change by `PRAGMA data_version` (`db::changes`).
    (24, "orders_changed", ""),
];

/// (version, SQLite part, PostgreSQL part) of the migrations that have one; an empty part is none.
const PER_DATABASE: &[(i64, &str, &str)] = &[
    (
        16,
        include_str!("../../../../migrations/0016_ready_pages.sqlite.sql"),
        include_str!("../../../../migrations/0016_ready_pages.postgres.sql"),
    ),
    (17, "", include_str!("../../../../migrations/0017_ready_bodies_lz4.postgres.sql")),
    (18, "", include_str!("../../../../migrations/0018_member_versions_at_commit.postgres.sql")),
    (24, "", include_str!("../../../../migrations/0024_orders_changed.postgres.sql")),
    (
        19,
        include_str!("../../../../migrations/0019_events.sqlite.sql"),
        include_str!("../../../../migrations/0019_events.postgres.sql"),
    ),
];

/// PostgreSQL advisory lock id so that several `orders` processes starting at once migrate one by one.
const MIGRATION_LOCK_ID: i64 = 0x0_7264_6572;

pub async fn migrate(db: &Db) -> Result<usize, sqlx::Error> {
    let mut connection = db.pool.acquire().await?;
    if db.backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_lock($1)").bind(MIGRATION_LOCK_ID).execute(&mut *connection).await?;
    }
    let result = apply_pending(&mut connection, db.backend).await;
    if db.backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_unlock($1)").bind(MIGRATION_LOCK_ID).execute(&mut *connection).await?;
    }
    result
}

async fn apply_pending(connection: &mut sqlx::AnyConnection, backend: Backend) -> Result<usize, sqlx::Error> {
    connection
        .execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations \
             (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
        )
        .await?;
    let mut applied = 0;
    for &(version, name, sql) in MIGRATIONS {
        let done: Option<i64> = sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = $1")
            .bind(version)
            .fetch_optional(&mut *connection)
            .await?;
        if done.is_some() {
            continue;
        }
        let mut transaction = connection.begin().await?;
        if !sql.is_empty() {
            transaction.execute(sqlx::raw_sql(sql)).await?;
        }
        if let Some(&(_, sqlite, postgres)) = PER_DATABASE.iter().find(|(of, ..)| *of == version) {
            let part = match backend {
                Backend::Sqlite => sqlite,
                Backend::Postgres => postgres,
            };
            if !part.is_empty() {
                transaction.execute(sqlx::raw_sql(part)).await?;
            }
        }
        sqlx::query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)")
            .bind(version)
            .bind(name)
            .bind(chrono::Utc::now().timestamp_millis())
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
        tracing::info!(version, name, "applied migration");
        applied += 1;
    }
    Ok(applied)
}
