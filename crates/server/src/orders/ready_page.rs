//! Ready history pages (ADR 0013): a member's rendered history page, stored so that a later read by any
//! process answers it from one row instead of reading the page's orders and lines and writing them out.
//!
//! A page is current exactly when it was rendered at the member's present `member_versions.version` and
//! with this process's tag (`ready_detail::tag`: the build's sources and the settings' flags). The
//! member's version moves with every write to any order of the member (database triggers, migration 16),
//! so a new order, a written one, one moved to another member and one whose date moved it to another year
//! (the first page's `orderYears`) are never answered from an old page. Nothing else a page shows
//! changes: its rows are the orders' ready rows and their line actions, which do not depend on the clock
//! (`domain::actions`' test `line_actions_do_not_change_with_the_clock`); the latest year a filter may
//! name is part of the page's key.
//!
//! The member's version is read before the page is rendered, by the statement that looks for a stored
//! page, so a write that lands while the page renders moves the version past the one the page is stored
//! with: such a page is never answered.

use axum::body::Bytes;

use crate::BoxError;
use crate::db::{self, Db, Param, Value};
use crate::error::AppResult;

/// What a history request depends on besides the member's orders, the build and the settings: the list
/// (order type, filters, gift cards or not, time zone, the latest year a filter may name, and the sort
/// when it is oldest first; the route's key, shared with the response cache) and the page's anchor (none
/// for the first page). Both sorts are stored and answered alike: a member's write moves the version
/// that every page of theirs, in either order, was rendered at.
pub fn page_key(list: &str, anchor: Option<&str>) -> String {
    format!("{list}|{}", anchor.unwrap_or_default())
}

/// What `find` read: the member's version (0 before any order of theirs was written) and the stored
/// page when one is current.
#[derive(Debug)]
pub struct Found {
    pub member_version: i64,
    pub body: Option<Bytes>,
}

/// The member's version and, when current for `tag`, the stored page under `page_key`: one row, two
/// primary-key probes, on the hot read path (`Db::read`).
pub async fn find(db: &Db, upm_id: &domain::UpmId, page_key: &str, tag: i64) -> AppResult<Found> {
    const SQL: &str = "SELECT COALESCE(v.version, 0), p.body FROM (SELECT CAST($1 AS TEXT) AS upm_id) m \
         LEFT JOIN member_versions v ON v.upm_id = m.upm_id \
         LEFT JOIN ready_pages p ON p.upm_id = m.upm_id AND p.page_key = $2 AND p.tag = $3 \
         AND p.member_version = COALESCE(v.version, 0)";
    let mut found = Found { member_version: 0, body: None };
    db.read(SQL, &[Param::Text(upm_id), Param::Text(page_key), Param::Integer(tag)], |row| {
        found.member_version = row.integer(0)?;
        found.body = row.optional_stored_text(1)?.map(Bytes::copy_from_slice);
        Ok(())
    })
    .await?;
    Ok(found)
}

/// The member's version (0 before any order of theirs was written): whether a page cached in memory
/// is current (`cache.rs`). One primary-key probe.
pub async fn member_version(db: &Db, upm_id: &domain::UpmId) -> AppResult<i64> {
    const SQL: &str = "SELECT version FROM member_versions WHERE upm_id = $1";
    let mut version = 0;
    db.read(SQL, &[Param::Text(upm_id)], |row| {
        version = row.integer(0)?;
        Ok(())
    })
    .await?;
    Ok(version)
}

/// A rendered page to store.
#[derive(Debug, Clone)]
pub struct Ready {
    pub upm_id: String,
    pub page_key: String,
    /// The member's version read before the page was rendered (`Found::member_version`).
    pub member_version: i64,
    pub tag: i64,
    pub body: Bytes,
}

/// Rows per INSERT: five values each, far under both databases' limits.
const ROWS_PER_STATEMENT: usize = 100;

/// Stores `ready` in one transaction. A page never replaces one rendered at a later member version (two
/// processes rendering around a write), and one key appears once per statement. Then `prune` removes
/// the stored pages of these members that are older than the member's present version: no process can
/// answer them again (versions only move up), so a member's rows are the pages read since their last
/// write, not every page ever read.
pub async fn store(db: &Db, ready: Vec<Ready>) -> Result<(), BoxError> {
    let mut rows: Vec<(Ready, String)> = Vec::with_capacity(ready.len());
    for one in ready {
        let body = String::from_utf8(one.body.to_vec())?;
        rows.push((one, body));
    }
    // The same order of keys in every writer (two processes' batches never wait on each other
    // crosswise); of one key, the latest member version first, and only that one kept.
    rows.sort_by(|(a, _), (b, _)| {
        (&a.upm_id, &a.page_key).cmp(&(&b.upm_id, &b.page_key)).then(b.member_version.cmp(&a.member_version))
    });
    rows.dedup_by(|(later, _), (kept, _)| later.upm_id == kept.upm_id && later.page_key == kept.page_key);
    if rows.is_empty() {
        return Ok(());
    }
    let mut transaction = db.begin_write().await?;
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let mut values: Vec<Value> = Vec::with_capacity(chunk.len() * 5);
        for (row, body) in chunk {
            values.extend([
                row.upm_id.as_str().into(),
                row.page_key.as_str().into(),
                row.member_version.into(),
                row.tag.into(),
                body.as_str().into(),
            ]);
        }
        let sql = format!(
            "INSERT INTO ready_pages (upm_id, page_key, member_version, tag, body) VALUES {} \
             ON CONFLICT (upm_id, page_key) DO UPDATE SET member_version = excluded.member_version, \
             tag = excluded.tag, body = excluded.body WHERE ready_pages.member_version <= excluded.member_version",
            super::store::placeholders(db.backend, chunk.len(), 5)
        );
        db::execute(&mut transaction, &sql, &values).await?;
    }
    transaction.commit().await?;
    let mut members: Vec<&str> = rows.iter().map(|(row, _)| row.upm_id.as_str()).collect();
    members.dedup();
    prune(db, &members).await
}

/// Deletes the stored pages of `members` (sorted) that are older than the member's present version. A
/// transaction of its own, after the pages' one: inside it, a delete would hold the rows just upserted
/// while taking other rows of the member, which another process storing the same member's pages may
/// hold while waiting for ours (a deadlock on PostgreSQL). Apart, the deletes hold no upserted row. Should
/// PostgreSQL still find a deadlock, one batch is not stored or pruned (logged by `behind::Writer`); no
/// answer depends on it.
async fn prune(db: &Db, members: &[&str]) -> Result<(), BoxError> {
    let mut transaction = db.begin_write().await?;
    for chunk in members.chunks(ROWS_PER_STATEMENT) {
        let values: Vec<Value> = chunk.iter().map(|member| (*member).into()).collect();
        let sql = format!(
            "DELETE FROM ready_pages WHERE upm_id IN {} AND member_version < \
             (SELECT v.version FROM member_versions v WHERE v.upm_id = ready_pages.upm_id)",
            super::store::placeholders(db.backend, 1, values.len())
        );
        db::execute(&mut transaction, &sql, &values).await?;
    }
    transaction.commit().await?;
    Ok(())
}

impl super::behind::Stored for Ready {
    const WHAT: &'static str = "ready history pages";

    fn store(db: &Db, batch: Vec<Self>) -> impl std::future::Future<Output = Result<(), BoxError>> + Send {
        store(db, batch)
    }
}
