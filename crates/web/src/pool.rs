//! The search pool: a fixed number of workers on tokio's blocking threads, and a bounded
//! queue. A request is refused at once (`503` with `Retry-After`) when the queue is full or
//! when its expected wait is over the bound; one that has waited the bound after all is
//! refused then. Each client (connection or session) holds at most one search at a time
//! (`429`). So a burst never becomes an ever-growing backlog, and no one waits long behind
//! other people's searches.

use crate::clients::Client;
use crate::error::{panic_text, ApiError};
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// A bounded pool of blocking workers.
#[derive(Clone, Debug)]
pub struct Pool {
    workers: Arc<Semaphore>,
    worker_count: usize,
    admitted: Arc<AtomicUsize>,
    capacity: usize,
    max_wait: Duration,
    /// A running mean of the searches' durations, in microseconds: the expected wait's unit.
    mean_micros: Arc<AtomicU64>,
    /// The clients with a search admitted.
    searching: Arc<Mutex<HashSet<String>>>,
}

/// What an admitted request holds until it is dropped (answered, or its client went away,
/// and its search, if it started, ended): its place in the pool and its client's keys.
struct Admission {
    admitted: Arc<AtomicUsize>,
    searching: Arc<Mutex<HashSet<String>>>,
    keys: Vec<String>,
}

impl Drop for Admission {
    fn drop(&mut self) {
        self.admitted.fetch_sub(1, Ordering::AcqRel);
        let mut searching = self.searching.lock().unwrap_or_else(|e| e.into_inner());
        for key in &self.keys {
            searching.remove(key);
        }
    }
}

/// The mean a fresh pool assumes for a search, before it has timed any.
const FIRST_MEAN: Duration = Duration::from_millis(1_000);

impl Pool {
    /// A pool of `workers` workers (at least one), `queue` waiting places, and a wait in the
    /// queue of at most `max_wait`.
    pub fn new(workers: usize, queue: usize, max_wait: Duration) -> Pool {
        let workers = workers.max(1);
        Pool {
            workers: Arc::new(Semaphore::new(workers)),
            worker_count: workers,
            admitted: Arc::new(AtomicUsize::new(0)),
            capacity: workers + queue,
            max_wait,
            mean_micros: Arc::new(AtomicU64::new(FIRST_MEAN.as_micros() as u64)),
            searching: Arc::default(),
        }
    }

    /// How long a request admitted now would wait for a worker: nothing when one is free,
    /// else a mean search for each round of workers ahead of it.
    pub fn expected_wait(&self) -> Duration {
        if self.workers.available_permits() > 0 {
            return Duration::ZERO;
        }
        let admitted = self.admitted.load(Ordering::Acquire);
        let waiting = admitted.saturating_sub(self.worker_count);
        let rounds = (waiting / self.worker_count + 1) as u64;
        Duration::from_micros(self.mean_micros.load(Ordering::Relaxed) * rounds)
    }

    /// Runs `work` for `client` on a worker when one is free. Answers at once `429` when the
    /// client already has a search in the pool, `503` when the queue is full or the expected
    /// wait is over the bound; `503` too when the wait reaches the bound. A panic in `work`
    /// is a `500`.
    pub async fn run<T, F>(&self, client: &Client, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let admission = self.admit(client)?;
        let acquire = Arc::clone(&self.workers).acquire_owned();
        let permit = match tokio::time::timeout(self.max_wait, acquire).await {
            Ok(permit) => permit.map_err(ApiError::internal)?,
            Err(_) => return Err(ApiError::busy(self.retry_after())),
        };
        let mean = Arc::clone(&self.mean_micros);
        // The permit and the admission go with the work: a search whose client went away
        // still holds its worker (and its client's turn) until it ends (its time is capped).
        let handle = tokio::task::spawn_blocking(move || {
            let _held = (permit, admission);
            let start = Instant::now();
            let result = work();
            record(&mean, start.elapsed());
            result
        });
        match handle.await {
            Ok(result) => result,
            Err(e) if e.is_panic() => Err(ApiError::internal(panic_text(&*e.into_panic()))),
            Err(e) => Err(ApiError::internal(e)),
        }
    }

    /// A place in the pool for `client`, or the refusal.
    fn admit(&self, client: &Client) -> Result<Admission, ApiError> {
        {
            let mut searching = self.searching.lock().unwrap_or_else(|e| e.into_inner());
            if client.keys.iter().any(|key| searching.contains(key)) {
                return Err(ApiError::one_at_a_time());
            }
            if self.expected_wait() > self.max_wait {
                return Err(ApiError::busy(self.retry_after()));
            }
            if self.admitted.fetch_add(1, Ordering::AcqRel) >= self.capacity {
                self.admitted.fetch_sub(1, Ordering::AcqRel);
                return Err(ApiError::busy(self.retry_after()));
            }
            searching.extend(client.keys.iter().cloned());
        }
        Ok(Admission {
            admitted: Arc::clone(&self.admitted),
            searching: Arc::clone(&self.searching),
            keys: client.keys.clone(),
        })
    }

    /// The seconds to wait before trying again: the expected wait, at least one.
    fn retry_after(&self) -> u64 {
        self.expected_wait().as_secs_f64().ceil().max(1.0) as u64
    }
}

/// Folds a search's duration into the running mean (an eighth of the new one).
fn record(mean: &AtomicU64, took: Duration) {
    let took = took.as_micros().min(u128::from(u64::MAX)) as u64;
    let _ = mean.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
        Some(old - old / 8 + took / 8)
    });
}

#[cfg(test)]
mod tests {
    use super::Pool;
    use crate::clients::Client;
    use crate::error::{catching, ApiError};
    use axum::http::StatusCode;
    use std::sync::atomic::Ordering;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    const LONG: Duration = Duration::from_secs(30);

    fn client(name: &str) -> Client {
        Client {
            keys: vec![format!("session {name}")],
        }
    }

    /// Starts a search for `who` that runs until `release` sends, and waits until the pool
    /// has admitted it.
    async fn blocker(
        pool: &Pool,
        who: &str,
    ) -> (
        mpsc::Sender<()>,
        tokio::task::JoinHandle<Result<u8, ApiError>>,
    ) {
        let (release, wait) = mpsc::channel::<()>();
        let wait = std::sync::Mutex::new(wait);
        let before = pool.admitted.load(Ordering::Acquire);
        let (pool2, who) = (pool.clone(), client(who));
        let running = tokio::spawn(async move {
            pool2
                .run(&who, move || {
                    let _ = wait.lock().unwrap().recv();
                    Ok(1)
                })
                .await
        });
        while pool.admitted.load(Ordering::Acquire) == before {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        (release, running)
    }

    #[tokio::test]
    async fn a_panic_in_the_work_is_a_500_and_the_pool_goes_on() {
        let pool = Pool::new(1, 0, LONG);
        let failed = pool
            .run(&Client::default(), || -> Result<(), ApiError> {
                panic!("boom")
            })
            .await;
        let error = failed.unwrap_err();
        assert_eq!(error.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(error.body["error"], "internal error: boom");
        assert_eq!(pool.run(&Client::default(), || Ok(7)).await, Ok(7));
        let inline = catching(|| -> Result<(), ApiError> { panic!("{}", 5) });
        assert_eq!(inline.unwrap_err().body["error"], "internal error: 5");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn past_the_workers_and_the_queue_a_request_is_refused() {
        let pool = Pool::new(1, 1, LONG);
        // The first holds the worker; the second waits in the queue; the third is refused.
        let (release, running) = blocker(&pool, "a").await;
        let queued = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run(&client("b"), || Ok(2)).await }
        });
        while pool.admitted.load(Ordering::Acquire) < 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let refused = pool.run(&client("c"), || Ok(3)).await.unwrap_err();
        assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(refused.body["retry_after"].as_u64().unwrap() >= 1);
        release.send(()).unwrap();
        assert_eq!(running.await.unwrap(), Ok(1));
        assert_eq!(queued.await.unwrap(), Ok(2));
        assert_eq!(pool.admitted.load(Ordering::Acquire), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_client_holds_one_search_at_a_time() {
        let pool = Pool::new(2, 4, LONG);
        let (release, running) = blocker(&pool, "a").await;
        let twice = pool.run(&client("a"), || Ok(2)).await.unwrap_err();
        assert_eq!(twice.status, StatusCode::TOO_MANY_REQUESTS);
        // A client known by its connection and its session is held by either.
        let both = Client {
            keys: vec!["conn 127.0.0.1:9".into(), "session a".into()],
        };
        let held = pool.run(&both, || Ok(2)).await.unwrap_err();
        assert_eq!(held.status, StatusCode::TOO_MANY_REQUESTS);
        // Another client is served meanwhile, on the other worker.
        assert_eq!(pool.run(&client("b"), || Ok(3)).await, Ok(3));
        release.send(()).unwrap();
        assert_eq!(running.await.unwrap(), Ok(1));
        // Once its search is over, the client may search again.
        assert_eq!(pool.run(&client("a"), || Ok(4)).await, Ok(4));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_request_waits_longer_than_the_bound() {
        let bound = Duration::from_millis(200);
        let pool = Pool::new(1, 8, bound);
        let (release, running) = blocker(&pool, "a").await;
        // A short mean: the expected wait is within the bound, so the request is queued,
        // and refused when it has waited the bound.
        pool.mean_micros.store(1_000, Ordering::Relaxed);
        let start = Instant::now();
        let waited = pool.run(&client("b"), || Ok(2)).await.unwrap_err();
        assert_eq!(waited.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(start.elapsed() >= bound, "{:?}", start.elapsed());
        // A long mean: the request is refused at once, saying when to come back.
        pool.mean_micros.store(2_000_000, Ordering::Relaxed);
        let start = Instant::now();
        let at_once = pool.run(&client("c"), || Ok(3)).await.unwrap_err();
        assert!(start.elapsed() < bound, "{:?}", start.elapsed());
        assert_eq!(at_once.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(at_once.body["retry_after"], 2);
        release.send(()).unwrap();
        assert_eq!(running.await.unwrap(), Ok(1));
        assert_eq!(pool.run(&client("b"), || Ok(4)).await, Ok(4));
    }
}
