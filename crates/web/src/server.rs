//! The connection loop, made to face the internet: hyper's HTTP/1 connections with a timeout
//! on the request headers (which is also the idle keep-alive timeout) and a cap on open
//! connections. At the cap, a new connection takes the place of the oldest one with no
//! request in flight (a slow client still sending its headers, or an idle keep-alive) open
//! for half a second or more; until there is one, new connections wait in the listen backlog. So slow clients
//! neither run the server out of file descriptors nor keep others out.

use crate::error::ApiError;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tower::ServiceExt;

/// File descriptors kept free below the process's limit for everything but connections
/// (the listener, standard streams, the runtime's and the search threads' own).
pub const FD_RESERVE: usize = 64;

/// The connections the server may hold open: `wanted`, but no more than the process's
/// open-file limit less 64 kept for other files, and at least one. On Unix the soft limit is
/// first raised towards the hard one as far as `wanted` needs (as Go's runtime does), so a
/// default shell limit of 1024 does not cap a server meant for thousands of clients.
pub fn connection_cap(wanted: usize) -> usize {
    match open_file_limit(wanted.saturating_add(FD_RESERVE)) {
        Some(limit) => wanted.min(limit.saturating_sub(FD_RESERVE)).max(1),
        None => wanted.max(1),
    }
}

/// The open-file limit after raising the soft limit to `wanted` (at most the hard limit);
/// `None` where it cannot be read.
#[cfg(unix)]
fn open_file_limit(wanted: usize) -> Option<usize> {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut limit = getrlimit(Resource::Nofile);
    let soft = limit.current?;
    let wanted = wanted as u64;
    if soft < wanted {
        let raised = limit.maximum.map_or(wanted, |hard| hard.min(wanted));
        limit.current = Some(raised);
        if setrlimit(Resource::Nofile, limit).is_ok() {
            return usize::try_from(raised).ok();
        }
    }
    usize::try_from(soft).ok()
}

#[cfg(not(unix))]
fn open_file_limit(_wanted: usize) -> Option<usize> {
    None
}

/// A connection is closed for a newcomer at the cap only when it has been open this long
/// without a request in flight: long enough for a real client to send its request after
/// connecting, short enough that newcomers waiting in the backlog get in soon.
const EVICT_AFTER: Duration = Duration::from_millis(500);

/// One open connection: when it opened, how many requests it has in flight, and how to
/// close it.
struct Slot {
    opened: Instant,
    in_flight: AtomicUsize,
    close: Notify,
}

/// The open connections, oldest first, and the cap.
struct Registry {
    open: Mutex<BTreeMap<u64, Arc<Slot>>>,
    cap: usize,
    /// Told when a connection leaves.
    freed: Notify,
}

impl Registry {
    fn new(cap: usize) -> Registry {
        Registry {
            open: Mutex::default(),
            cap: cap.max(1),
            freed: Notify::new(),
        }
    }

    /// The connection that gives its place to a newcomer at the cap: the oldest with nothing
    /// in flight, open for [`EVICT_AFTER`] or more.
    fn evictable(open: &BTreeMap<u64, Arc<Slot>>) -> Option<u64> {
        open.iter()
            .find(|(_, slot)| {
                slot.in_flight.load(Ordering::Acquire) == 0 && slot.opened.elapsed() >= EVICT_AFTER
            })
            .map(|(&id, _)| id)
    }

    /// Whether a newcomer would get a place now.
    fn has_room(&self) -> bool {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.len() < self.cap || Registry::evictable(&open).is_some()
    }

    /// A place for connection `id`: at the cap, the [`Registry::evictable`] connection is told
    /// to close and gives its place; `None` when there is none.
    fn enter(&self, id: u64) -> Option<Arc<Slot>> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.len() >= self.cap {
            let idle = Registry::evictable(&open)?;
            if let Some(slot) = open.remove(&idle) {
                slot.close.notify_one();
            }
        }
        let slot = Arc::new(Slot {
            opened: Instant::now(),
            in_flight: AtomicUsize::new(0),
            close: Notify::new(),
        });
        open.insert(id, Arc::clone(&slot));
        Some(slot)
    }

    fn leave(&self, id: u64) {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
        self.freed.notify_one();
    }

    /// Waits until a newcomer would get a place (a connection leaves, or one becomes
    /// evictable), or `stop` completes (then `false`).
    async fn room(&self, mut stop: Pin<&mut impl Future<Output = ()>>) -> bool {
        while !self.has_room() {
            tokio::select! {
                () = self.freed.notified() => {}
                () = tokio::time::sleep(Duration::from_millis(50)) => {}
                () = stop.as_mut() => return false,
            }
        }
        true
    }
}

/// Counts a request in flight on its connection until its answer is ready.
struct InFlight(Arc<Slot>);

impl InFlight {
    fn new(slot: &Arc<Slot>) -> InFlight {
        slot.in_flight.fetch_add(1, Ordering::AcqRel);
        InFlight(Arc::clone(slot))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Serves `app` on `listener` with at most `cap` open connections and `header_timeout` for
/// a request's headers, until `shutdown` completes; then lets the requests in flight finish.
pub async fn run(
    listener: TcpListener,
    app: Router,
    cap: usize,
    header_timeout: Duration,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let registry = Arc::new(Registry::new(cap));
    // Every connection task holds a receiver: the sender's `closed` is all of them ended.
    let (stop, stopped) = watch::channel(false);
    let mut shutdown = pin!(shutdown);
    let mut next_id = 0u64;
    // At the cap the server accepts nothing until a place frees: newcomers wait in the
    // listener's backlog, in order, instead of being closed and reconnecting at once.
    while registry.room(shutdown.as_mut()).await {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of descriptors, or a connection reset before it was accepted: the
                // listener goes on (a short pause lets closing connections free theirs).
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        next_id += 1;
        let Some(slot) = registry.enter(next_id) else {
            drop(stream);
            continue;
        };
        let connection = Connection {
            id: next_id,
            peer,
            slot,
            registry: Arc::clone(&registry),
            stopped: stopped.clone(),
        };
        let timeout = spread(header_timeout, next_id);
        tokio::spawn(connection.serve(stream, app.clone(), timeout));
    }
    drop(listener);
    let _ = stop.send(true);
    drop(stopped);
    stop.closed().await;
    Ok(())
}

/// Connection `id`'s header timeout: from three quarters of `timeout` to all of it, spread
/// by the id, so that a crowd of slow clients connected at once is not closed at once (and
/// does not reconnect in one burst).
fn spread(timeout: Duration, id: u64) -> Duration {
    let quarter = timeout / 4;
    let fraction = (boardgames_core::zobrist::splitmix64(id) % 1024) as u32;
    timeout - quarter + quarter * fraction / 1024
}

/// One accepted connection and what it needs to serve itself and to leave.
struct Connection {
    id: u64,
    peer: SocketAddr,
    slot: Arc<Slot>,
    registry: Arc<Registry>,
    stopped: watch::Receiver<bool>,
}

impl Connection {
    async fn serve(mut self, stream: TcpStream, app: Router, header_timeout: Duration) {
        let _ = stream.set_nodelay(true);
        let (peer, slot) = (self.peer, Arc::clone(&self.slot));
        let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let mut request = request.map(axum::body::Body::new);
            request.extensions_mut().insert(ConnectInfo(peer));
            let in_flight = InFlight::new(&slot);
            let answer = app.clone().oneshot(request);
            async move {
                // The request stays in flight until its body is sent (or dropped), so a
                // streamed answer is never taken for an idle connection.
                let answer = answer.await?;
                Ok::<_, Infallible>(answer.map(|body| {
                    axum::body::Body::new(body.map_frame(move |frame| {
                        let _held = &in_flight;
                        frame
                    }))
                }))
            }
        });
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(header_timeout);
        // With upgrades, so that WebSocket routes work; an upgraded connection leaves this
        // loop (and the cap's count) once its upgrade is handed over.
        let connection = builder
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let mut connection = pin!(connection);
        let mut stopping = false;
        loop {
            tokio::select! {
                _ = connection.as_mut() => break,
                // Evicted at the cap: dropping the connection closes its socket.
                () = self.slot.close.notified() => break,
                changed = self.stopped.changed(), if !stopping => {
                    stopping = true;
                    if changed.is_ok() {
                        connection.as_mut().graceful_shutdown();
                    }
                }
            }
        }
        self.registry.leave(self.id);
    }
}

/// Reads a request's whole body (at most the body limit) within `limit`, before the
/// handlers see it: a client that sends its body too slowly gets `408` and its connection
/// is closed; a body over the limit gets `413`.
pub async fn read_body(
    State(limit): State<Duration>,
    request: axum::extract::Request,
    next: Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let read = axum::body::to_bytes(body, crate::config::BODY_LIMIT);
    match tokio::time::timeout(limit, read).await {
        Ok(Ok(bytes)) => {
            let request = axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes));
            next.run(request).await
        }
        Ok(Err(e)) if is_too_large(&e) => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the body is over the limit of {} bytes",
                crate::config::BODY_LIMIT
            ),
        )
        .into_response(),
        Ok(Err(e)) => ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the body could not be read: {e}"),
        )
        .into_response(),
        Err(_) => {
            let message = format!("the body was not sent within {} ms", limit.as_millis());
            let mut answer = ApiError::new(StatusCode::REQUEST_TIMEOUT, message).into_response();
            answer
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            answer
        }
    }
}

/// Whether a body error is the body limit's.
fn is_too_large(error: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        if e.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{connection_cap, Registry, EVICT_AFTER};
    use std::sync::atomic::Ordering;
    use std::time::Duration;

    #[test]
    fn header_timeouts_spread_over_the_last_quarter() {
        let timeout = Duration::from_secs(8);
        let spread: Vec<Duration> = (0..200).map(|id| super::spread(timeout, id)).collect();
        assert!(spread
            .iter()
            .all(|t| *t >= Duration::from_secs(6) && *t <= timeout));
        let early = spread
            .iter()
            .filter(|t| **t < Duration::from_secs(7))
            .count();
        assert!(
            (50..150).contains(&early),
            "{early} of 200 in the first half"
        );
    }

    #[test]
    fn the_cap_is_within_the_open_file_limit() {
        assert_eq!(connection_cap(0), 1);
        assert_eq!(connection_cap(100), 100);
        assert!(connection_cap(usize::MAX / 2) < usize::MAX / 2);
    }

    #[test]
    fn at_the_cap_the_oldest_idle_connection_gives_its_place() {
        let registry = Registry::new(2);
        let first = registry.enter(1).unwrap();
        let second = registry.enter(2).unwrap();
        first.in_flight.store(1, Ordering::Release);
        // Too young to give its place.
        assert!(!registry.has_room());
        assert!(registry.enter(9).is_none());
        std::thread::sleep(EVICT_AFTER);
        assert!(registry.has_room());
        // The first is busy: the second, idle, is closed for the third.
        let third = registry.enter(3).unwrap();
        assert_eq!(registry.open.lock().unwrap().len(), 2);
        assert!(registry.open.lock().unwrap().contains_key(&1));
        assert!(!registry.open.lock().unwrap().contains_key(&2));
        // Its close is pending: the connection's task sees it at once.
        let notified = second.close.notified();
        assert!(futures_ready(notified));
        // Every connection busy: a new one is refused.
        third.in_flight.store(1, Ordering::Release);
        assert!(registry.enter(4).is_none());
        registry.leave(1);
        assert!(registry.enter(5).is_some());
    }

    /// Whether a future is ready on its first poll.
    fn futures_ready(future: impl std::future::Future) -> bool {
        let mut future = std::pin::pin!(future);
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        future.as_mut().poll(&mut cx).is_ready()
    }
}
