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

#[cfg(test)]
mod tests {
    use super::Pool;
    use crate::error::{catching, ApiError};
    use axum::http::StatusCode;
    use std::time::Duration;

    #[tokio::test]
    async fn a_panic_in_the_work_is_a_500_and_the_pool_goes_on() {
        let pool = Pool::new(1, 0);
        let failed = pool
            .run(|| -> Result<(), ApiError> { panic!("boom") })
            .await;
        let error = failed.unwrap_err();
        assert_eq!(error.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(error.body["error"], "internal error: boom");
        assert_eq!(pool.run(|| Ok(7)).await, Ok(7));
        let inline = catching(|| -> Result<(), ApiError> { panic!("{}", 5) });
        assert_eq!(inline.unwrap_err().body["error"], "internal error: 5");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn past_the_workers_and_the_queue_a_request_is_refused() {
        let pool = Pool::new(1, 1);
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let wait = std::sync::Mutex::new(wait);
        let running = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.run(move || {
                    let _ = wait.lock().unwrap().recv();
                    Ok(1)
                })
                .await
            }
        });
        // The first holds the worker; the second waits in the queue; the third is refused.
        while pool.admitted.load(std::sync::atomic::Ordering::Acquire) < 1 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let queued = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run(|| Ok(2)).await }
        });
        while pool.admitted.load(std::sync::atomic::Ordering::Acquire) < 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let refused = pool.run(|| Ok(3)).await.unwrap_err();
        assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE);
        release.send(()).unwrap();
        assert_eq!(running.await.unwrap(), Ok(1));
        assert_eq!(queued.await.unwrap(), Ok(2));
        assert_eq!(pool.admitted.load(std::sync::atomic::Ordering::Acquire), 0);
    }
}
