//! The durable job queue: every job runs to an outcome, its effect happens once even when two worker
//! pools (two processes) share the database, an abandoned lease is claimed again, an error is retried
//! only when it says so, a row the process cannot run ends FAILED with a code, and a job is visible only
//! to the caller who created it.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use server::error::Code;
use server::jobs::{self, Finish, Job, JobError, JobResult, NewJob, Registry, RunInfo};
use server::state::AppState;
use sqlx::Row;

use crate::helpers::{Backend, postgres_admin_url};
use crate::on_both_backends;

/// A test job whose effect is one row per job id, written with a unique key so a rerun changes nothing.
#[derive(Serialize, Deserialize)]
struct RecordEffect(i64);

#[derive(Serialize)]
struct Done {
    done: i64,
}

impl Job for RecordEffect {
    const KIND: &'static str = "test_effect";
    type Context = AppState;
    type Outcome = Done;

    async fn run(self, state: AppState, run: RunInfo) -> JobResult<Done> {
        sqlx::query("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(format!("effect:{}", run.id))
            .bind(self.0.to_string())
            .execute(&state.db.pool)
            .await
            .map_err(JobError::retry)?;
        Ok(Finish::Completed(Done { done: self.0 }))
    }
}

/// A test job that trying again cannot help.
#[derive(Serialize, Deserialize)]
struct Refused {}

impl Job for Refused {
    const KIND: &'static str = "test_refused";
    type Context = AppState;
    type Outcome = ();

    async fn run(self, _state: AppState, _run: RunInfo) -> JobResult<()> {
        Err(JobError::fail(422, Code::CarrierPickupRefused, "the test carrier refuses this for good"))
    }
}

/// A test job whose carrier does not answer on the first try.
#[derive(Serialize, Deserialize)]
struct AnswersOnSecondTry {}

impl Job for AnswersOnSecondTry {
    const KIND: &'static str = "test_second_try";
    type Context = AppState;
    type Outcome = i64;

    async fn run(self, _state: AppState, run: RunInfo) -> JobResult<i64> {
        if run.attempt == 1 {
            return Err(JobError::retry("the test carrier did not answer"));
        }
        Ok(Finish::Completed(run.attempt))
    }
}

fn test_registry() -> Registry<AppState> {
    let mut registry = Registry::default();
    registry.register::<RecordEffect>();
    registry.register::<Refused>();
    registry.register::<AnswersOnSecondTry>();
    registry
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
        .with(|state| state.jobs = jobs::JobQueue::new(test_registry()));
    Some((state, app))
}

async fn enqueue<J: Job>(state: &AppState, payload: J) -> String {
    let mut tx = state.db.pool.begin().await.expect("begin");
    let job = NewJob { payload, order_number: None, owner_key: "member:test".to_owned() };
    let id = jobs::enqueue(&mut tx, &state.clock, &job).await.expect("enqueue");
    tx.commit().await.expect("commit");
    id
}

async fn enqueue_many(state: &AppState, count: i64) -> Vec<String> {
    let mut ids = Vec::new();
    for index in 0..count {
        ids.push(enqueue(state, RecordEffect(index)).await);
    }
    ids
}

/// A row as an older or other build may have left it: any kind, any payload.
async fn insert_raw(state: &AppState, kind: &str, payload: &str) -> String {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO jobs (id, kind, status, payload, order_number, owner_key, attempts, run_after, created_at, \
         updated_at) VALUES ($1, $2, 'PENDING', $3, NULL, 'member:test', 0, $4, $4, $4)",
    )
    .bind(&id)
    .bind(kind)
    .bind(payload)
    .bind(state.clock.now_ms())
    .execute(&state.db.pool)
    .await
    .expect("insert a job row");
    id
}

struct Ended {
    status: String,
    attempts: i64,
    error: Option<Value>,
    response: Option<Value>,
}

/// Runs one worker until the job `id` has ended.
async fn run_until_ended(state: &AppState, id: &str) -> Ended {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let workers = jobs::spawn_workers(state.clone(), 1, stopped);
    let mut ended = None;
    for _ in 0..200 {
        let row = sqlx::query("SELECT status, attempts, error, response FROM jobs WHERE id = $1")
            .bind(id)
            .fetch_one(&state.db.pool)
            .await
            .expect("job");
        let status: String = row.get("status");
        if !matches!(status.as_str(), "PENDING" | "IN_PROGRESS") {
            let json = |column: &str| {
                row.get::<Option<String>, _>(column).map(|text| serde_json::from_str(&text).expect("json"))
            };
            ended =
                Some(Ended { status, attempts: row.get("attempts"), error: json("error"), response: json("response") });
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = stop.send(true);
    for worker in workers {
        worker.await.expect("worker");
    }
    ended.expect("the job ended in time")
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
    let other =
        state.clone().with(|other| other.platform = other.platform.clone().with(|platform| platform.db = second));
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

async fn an_error_that_cannot_pass_ends_the_job_on_its_first_attempt(backend: Backend) {
    let Some((state, app)) = test_state(backend).await else { return };
    let id = enqueue(&state, Refused {}).await;
    let ended = run_until_ended(&state, &id).await;
    assert_eq!(ended.status, "FAILED");
    assert_eq!(ended.attempts, 1, "not tried again");
    assert_eq!(
        ended.error,
        Some(
            json!({"httpStatus": 422, "code": "carrier-pickup-refused", "message": "the test carrier refuses this for good"})
        )
    );
    app.finish().await;
}

async fn a_transient_error_is_tried_again(backend: Backend) {
    let Some((state, app)) = test_state(backend).await else { return };
    let id = enqueue(&state, AnswersOnSecondTry {}).await;
    let ended = run_until_ended(&state, &id).await;
    assert_eq!(ended.status, "COMPLETED");
    assert_eq!(ended.attempts, 2);
    assert_eq!(ended.response, Some(json!(2)));
    app.finish().await;
}

async fn a_row_this_process_cannot_run_ends_failed_with_a_code(backend: Backend) {
    let Some((state, app)) = test_state(backend).await else { return };
    let unreadable = insert_raw(&state, "test_effect", r#"{"not":"a number"}"#).await;
    let ended = run_until_ended(&state, &unreadable).await;
    assert_eq!((ended.status.as_str(), ended.attempts), ("FAILED", 1));
    assert_eq!(ended.error.as_ref().and_then(|error| error.get("code")), Some(&json!("invalid-job")));
    let unknown = insert_raw(&state, "test_no_such_kind", "{}").await;
    let ended = run_until_ended(&state, &unknown).await;
    assert_eq!((ended.status.as_str(), ended.attempts), ("FAILED", 1));
    assert_eq!(ended.error.as_ref().and_then(|error| error.get("code")), Some(&json!("unknown-job-kind")));
    app.finish().await;
}

on_both_backends!(backend: two_worker_pools_run_every_job_once);
on_both_backends!(backend: an_abandoned_lease_is_claimed_again);
on_both_backends!(backend: an_idempotency_key_applies_once);
on_both_backends!(backend: an_error_that_cannot_pass_ends_the_job_on_its_first_attempt);
on_both_backends!(backend: a_transient_error_is_tried_again);
on_both_backends!(backend: a_row_this_process_cannot_run_ends_failed_with_a_code);
