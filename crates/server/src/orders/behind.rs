//! Stores renderings behind the answers that made them (ready details, ready history pages): a task
//! per kind that writes what is offered in batches. An offer that finds the queue full is dropped (the
//! page or order is rendered again next time), and a failed batch is only logged: a stored rendering is
//! never the only copy of anything.

use std::future::Future;

use crate::BoxError;
use crate::db::Db;

/// A rendering that can be stored in batches.
pub trait Stored: Send + 'static {
    /// What is stored, for the log.
    const WHAT: &'static str;
    /// Stores `batch` in one transaction.
    fn store(db: &Db, batch: Vec<Self>) -> impl Future<Output = Result<(), BoxError>> + Send
    where
        Self: Sized;
}

/// The sending side of one kind's writing task.
pub struct Writer<T> {
    sender: tokio::sync::mpsc::Sender<T>,
}

impl<T> Clone for Writer<T> {
    fn clone(&self) -> Self {
        Self { sender: self.sender.clone() }
    }
}

/// Renderings waiting to be written, at most (a few KB each).
const QUEUE: usize = 2048;
/// Renderings per write transaction, at most.
const BATCH: usize = 256;

impl<T: Stored> Writer<T> {
    /// Starts the writing task on the current runtime; it ends when the last `Writer` is dropped.
    pub fn start(db: Db) -> Self {
        let (sender, mut receiver) = tokio::sync::mpsc::channel(QUEUE);
        tokio::spawn(async move {
            let mut batch = Vec::with_capacity(BATCH);
            while receiver.recv_many(&mut batch, BATCH).await > 0 {
                let count = batch.len();
                if let Err(error) = T::store(&db, std::mem::take(&mut batch)).await {
                    tracing::warn!(%error, count, what = T::WHAT, "not stored (rendered again when read)");
                }
            }
        });
        Self { sender }
    }

    pub fn offer(&self, ready: T) {
        let _ = self.sender.try_send(ready);
    }
}
