//! The durable job queue: every job runs to an outcome, its effect happens once even when two worker
//! pools (two processes) share the database, an abandoned lease is claimed again, and a job is visible
//! only to the caller who created it.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::json;
use server::jobs::{self, Handler, JobOutcome, NewJob};
use server::state::AppState;
use sqlx::Row;

use crate::helpers::{Backend, postgres_admin_url};

/// The effect of a test job: one row per job id, written with a unique key so a rerun changes nothing.
async fn record_effect(state: AppState, job: jobs::Job) -> jobs::JobResult {
    sqlx::query("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(format!("effect:{}", job.id))
        .bind(job.payload.to_string())
        .execute(&state.db.pool)
        .await?;
    Ok(JobOutcome::Completed(json!({ "done": job.payload })))
}

fn test_handlers() -> HashMap<&'static str, Handler> {
    HashMap::from([("test_effect", jobs::handler(record_effect))])
}

async fn test_state(backend: Backend) -> Option<(AppState, crate::helpers::TestApp)> {
    if backend == Backend::Postgres && postgres_admin_url().is_none() {
        return None;
    }
    // The app (running no workers of its own) gives us a migrated database; the test drives the queue on
    // it directly, with a state of its own whose handlers are the test's.
    let options = crate::helpers::Options { job_workers: 0, ..Default::default() };
    let app = crate::helpers::spawn_app_with(backend, options).await;
    let mut settings: server::config::Settings = <server::config::Cli as clap::Parser>::parse_from(["orders"]).settings;
    settings.database_url = app.database_url.clone();
    settings.db_connections = 4;
    settings.no_demo_data = true;
    let state = server::prepare(&settings)
        .await
        .expect("state")
        .with(|state| state.jobs = jobs::JobQueue::new(test_handlers()));
    Some((state, app))
}

async fn enqueue_many(state: &AppState, count: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for index in 0..count {
        let mut tx = state.db.pool.begin().await.expect("begin");
        let job = NewJob {
            kind: "test_effect",
            payload: json!(index),
            order_number: None,
            owner_key: "member:test".to_owned(),
        };
        ids.push(jobs::enqueue(&mut tx, &state.clock, job).await.expect("enqueue"));
        tx.commit().await.expect("commit");
    }
    ids
}

async fn wait_until_done(state: &AppState, expected: i64) {
    for _ in 0..200 {
        let done: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM jobs WHERE status = 'COMPLETED'")
            .fetch_one(&state.db.pool)
            .await
            .expect("count");
        if done == expected {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("jobs did not complete in time");
}

async fn two_worker_pools_run_every_job_once(backend: Backend) {
    let Some((state, app)) = test_state(backend).await else { return };
    let ids = enqueue_many(&state, 60).await;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    // Two pools over two connection pools: as two processes would.
    let second = server::db::connect(&app.database_url, 4).await.expect("connect").db;
    let other = state.clone().with(|other| other.db = second);
    let mut workers = jobs::spawn_workers(state.clone(), 3, stopped.clone());
    workers.extend(jobs::spawn_workers(other, 3, stopped));
    wait_until_done(&state, 60).await;
    let _ = stop.send(true);
    for worker in workers {
        worker.await.expect("worker");
    }
    let effects: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM settings WHERE name LIKE 'effect:%'")
        .fetch_one(&state.db.pool)
        .await
        .expect("count");
    assert_eq!(effects, 60, "every job's effect exactly once");
    let row = sqlx::query("SELECT status, response FROM jobs WHERE id = $1")
        .bind(&ids[7])
        .fetch_one(&state.db.pool)
        .await
        .expect("job");
    assert_eq!(row.get::<String, _>("status"), "COMPLETED");
    assert_eq!(row.get::<String, _>("response"), r#"{"done":7}"#);
    app.finish().await;
}

async fn an_abandoned_lease_is_claimed_again(backend: Backend) {
    let Some((state, app)) = test_state(backend).await else { return };
    let ids = enqueue_many(&state, 1).await;
    // A worker of a process that died: it claimed the job and never finished it.
    sqlx::query(
        "UPDATE jobs SET status = 'IN_PROGRESS', claimed_by = 'dead', attempts = 1, lease_until = $1 WHERE id = $2",
    )
    .bind(state.clock.now_ms() + jobs::LEASE_MS)
    .bind(&ids[0])
    .execute(&state.db.pool)
    .await
    .expect("claim as a dead worker");
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let workers = jobs::spawn_workers(state.clone(), 1, stopped);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let status: String = sqlx::query_scalar("SELECT status FROM jobs WHERE id = $1")
        .bind(&ids[0])
        .fetch_one(&state.db.pool)
        .await
        .expect("status");
    assert_eq!(status, "IN_PROGRESS", "a live lease is respected");
    state.clock.advance(jobs::LEASE_MS + 1);
    wait_until_done(&state, 1).await;
    let _ = stop.send(true);
    for worker in workers {
        worker.await.expect("worker");
    }
    app.finish().await;
}

async fn an_idempotency_key_applies_once(backend: Backend) {
    use server::error::AppError;
    use server::idempotency::{self, Begin};
    let Some((state, app)) = test_state(backend).await else { return };
    let scope = "POST /test";
    let Ok(Begin::Fresh(claim)) = idempotency::begin(&state, "member:a", scope, "key-1", b"{\"a\":1}").await else {
        panic!("the first request takes the key");
    };
    assert!(matches!(
        idempotency::begin(&state, "member:a", scope, "key-1", b"{\"a\":1}").await,
        Err(AppError::IdempotencyInFlight)
    ));
    assert!(
        matches!(idempotency::begin(&state, "member:b", scope, "key-1", b"{\"a\":1}").await, Ok(Begin::Fresh(_))),
        "keys are per caller"
    );
    let mut tx = state.db.pool.begin().await.expect("begin");
    idempotency::finish_in(&mut tx, &claim, reqwest::StatusCode::ACCEPTED, b"{\"jobId\":\"j\"}").await.expect("finish");
    tx.commit().await.expect("commit");
    match idempotency::begin(&state, "member:a", scope, "key-1", b"{\"a\":1}").await {
        Ok(Begin::Replay(answer)) => {
            assert_eq!(answer.status, reqwest::StatusCode::ACCEPTED);
            assert_eq!(&answer.body[..], b"{\"jobId\":\"j\"}");
        }
        _ => panic!("the same key and body answer the first answer again"),
    }
    assert!(matches!(
        idempotency::begin(&state, "member:a", scope, "key-1", b"{\"a\":2}").await,
        Err(AppError::IdempotencyKeyReused)
    ));
    app.finish().await;
}

macro_rules! both {
    ($name:ident) => {
        mod $name {
            #[tokio::test]
            async fn sqlite() {
                super::$name(crate::helpers::Backend::Sqlite).await;
            }
            #[tokio::test]
            async fn postgres() {
                super::$name(crate::helpers::Backend::Postgres).await;
            }
        }
    };
}

both!(two_worker_pools_run_every_job_once);
both!(an_abandoned_lease_is_claimed_again);
both!(an_idempotency_key_applies_once);
