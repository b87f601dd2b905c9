//! The search pool: a fixed number of workers on tokio's blocking threads, and a bounded
//! queue. Past the queue a request is refused at once (`503`), so a burst never becomes an
//! ever-growing backlog.

use crate::error::{panic_text, ApiError};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// A bounded pool of blocking workers.
#[derive(Clone, Debug)]
pub struct Pool {
    workers: Arc<Semaphore>,
    admitted: Arc<AtomicUsize>,
    capacity: usize,
}

/// Counts a request in the pool until it is dropped (answered, or its client went away).
struct Admission(Arc<AtomicUsize>);

impl Drop for Admission {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Pool {
    /// A pool of `workers` workers (at least one) and `queue` waiting places.
    pub fn new(workers: usize, queue: usize) -> Pool {
        let workers = workers.max(1);
        Pool {
            workers: Arc::new(Semaphore::new(workers)),
            admitted: Arc::new(AtomicUsize::new(0)),
            capacity: workers + queue,
        }
    }

    /// Runs `work` on a worker when one is free, or answers `503` at once when the workers
    /// are busy and the queue is full. A panic in `work` is a `500`.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        if self.admitted.fetch_add(1, Ordering::AcqRel) >= self.capacity {
            self.admitted.fetch_sub(1, Ordering::AcqRel);
            return Err(ApiError::busy());
        }
        let admission = Admission(Arc::clone(&self.admitted));
        let permit = Arc::clone(&self.workers)
            .acquire_owned()
            .await
            .map_err(ApiError::internal)?;
        // The permit and the admission go with the work: a search whose client went away
        // still holds its worker until it ends (its time is capped).
        let handle = tokio::task::spawn_blocking(move || {
            let _held = (permit, admission);
            work()
        });
        match handle.await {
            Ok(result) => result,
            Err(e) if e.is_panic() => Err(ApiError::internal(panic_text(&*e.into_panic()))),
            Err(e) => Err(ApiError::internal(e)),
        }
    }
}
