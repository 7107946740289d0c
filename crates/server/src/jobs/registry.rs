//! The job kinds a process runs, by their stored name. Each area registers its own kinds when the app
//! builds its state (`register_jobs` in the area), so the engine knows none of them.

use std::collections::HashMap;

use axum::extract::FromRef;
use futures_util::future::{self, BoxFuture};
use serde_json::Value;

use super::{Finish, Job, JobError, JobResult, RunInfo};
use crate::error::Code;

/// Runs one kind: reads the stored payload as the kind's type, runs it, and turns its outcome into JSON.
type Runner<C> = fn(C, &str, RunInfo) -> BoxFuture<'static, JobResult<Value>>;

pub struct Registry<C> {
    /// Each kind's runner, and the code it ends FAILED with once its tries are spent (`Job::EXHAUSTED`).
    runners: HashMap<&'static str, (Runner<C>, Code)>,
}

impl<C> Default for Registry<C> {
    fn default() -> Self {
        Self { runners: HashMap::new() }
    }
}

impl<C: Clone + Send + Sync + 'static> Registry<C> {
    /// Registers the kind `J`, which runs on its area's state (`J::Context`), derived from the process's.
    pub fn register<J: Job>(&mut self)
    where
        J::Context: FromRef<C>,
    {
        let previous = self.runners.insert(J::KIND, (run_kind::<C, J>, J::EXHAUSTED));
        debug_assert!(previous.is_none(), "job kind {} registered twice", J::KIND);
    }

    pub fn kinds(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.runners.keys().copied()
    }

    /// The code a job of `kind` ends FAILED with after its last transient failure.
    pub fn exhausted_code(&self, kind: &str) -> Code {
        self.runners.get(kind).map_or(Code::ServiceUnavailable, |(_, code)| *code)
    }

    /// Runs a claimed job. An unknown kind or a payload its type cannot read ends FAILED: another try
    /// would read the same row.
    pub fn run(&self, context: C, kind: &str, payload: &str, run: RunInfo) -> BoxFuture<'static, JobResult<Value>> {
        match self.runners.get(kind) {
            Some((runner, _)) => runner(context, payload, run),
            None => {
                let failure = JobError::fail(500, Code::UnknownJobKind, format!("no handler for job kind {kind}"));
                Box::pin(future::ready(Err(failure)))
            }
        }
    }
}

fn run_kind<C, J>(context: C, payload: &str, run: RunInfo) -> BoxFuture<'static, JobResult<Value>>
where
    J: Job,
    J::Context: FromRef<C>,
{
    let context = J::Context::from_ref(&context);
    let job: J = match serde_json::from_str(payload) {
        Ok(job) => job,
        Err(error) => {
            let failure = JobError::fail(500, Code::InvalidJob, format!("the {} job cannot be read: {error}", J::KIND));
            return Box::pin(future::ready(Err(failure)));
        }
    };
    Box::pin(async move {
        match job.run(context, run).await? {
            Finish::Completed(outcome) => serde_json::to_value(outcome).map(Finish::Completed).map_err(|error| {
                JobError::fail(500, Code::InvalidJob, format!("the outcome cannot be stored: {error}"))
            }),
            Finish::Denied(failure) => Ok(Finish::Denied(failure)),
        }
    })
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;

    #[derive(Serialize, Deserialize)]
    struct Greet {
        name: String,
    }

    impl Job for Greet {
        const KIND: &'static str = "greet";
        type Context = &'static str;
        type Outcome = String;

        async fn run(self, greeting: &'static str, _run: RunInfo) -> JobResult<String> {
            Ok(Finish::Completed(format!("{greeting}, {}", self.name)))
        }
    }

    fn registry() -> Registry<&'static str> {
        let mut registry = Registry::default();
        registry.register::<Greet>();
        registry
    }

    fn first_run() -> RunInfo {
        RunInfo {
            id: "job-1".to_owned(),
            order_number: None,
            owner_key: "member:a".to_owned(),
            attempt: 1,
            last_attempt: false,
        }
    }

    fn failure_code(result: JobResult<Value>) -> Option<String> {
        match result {
            Err(JobError::Fail(failure)) => Some(failure.code),
            _ => None,
        }
    }

    #[tokio::test]
    async fn a_registered_kind_runs_with_its_stored_payload() {
        let result = registry().run("Hello", "greet", r#"{"name":"Ada"}"#, first_run()).await;
        assert!(matches!(result, Ok(Finish::Completed(Value::String(text))) if text == "Hello, Ada"));
    }

    #[tokio::test]
    async fn an_unknown_kind_fails_with_a_code() {
        let result = registry().run("Hello", "wave", r#"{"name":"Ada"}"#, first_run()).await;
        assert_eq!(failure_code(result).as_deref(), Some("unknown-job-kind"));
    }

    #[tokio::test]
    async fn a_payload_that_does_not_parse_fails_with_a_code() {
        for payload in [r#"{"nom":"Ada"}"#, "not json", "null", ""] {
            let result = registry().run("Hello", "greet", payload, first_run()).await;
            assert_eq!(failure_code(result).as_deref(), Some("invalid-job"), "payload {payload:?}");
        }
    }

    #[test]
    fn the_registry_lists_its_kinds() {
        assert_eq!(registry().kinds().collect::<Vec<_>>(), ["greet"]);
    }
}
