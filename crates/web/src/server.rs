//! The connection loop, made to face the internet: hyper's HTTP/1 connections with a timeout
//! on the request headers (which is also the idle keep-alive timeout) and a cap on open
//! connections. At the cap, a new connection takes the place of the oldest one with no
//! request in flight (a slow client still sending its headers, or an idle keep-alive); when
//! every open connection has a request in flight, the new one is closed. So slow clients
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
use std::pin::pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tower::ServiceExt;

/// File descriptors kept free below the process's limit for everything but connections
/// (the listener, standard streams, the runtime's and the search threads' own).
pub const FD_RESERVE: usize = 64;

/// The connections the server may hold open: `wanted`, but no more than the process's
/// open-file limit less 64 kept for other files (read from `/proc/self/limits` where there is one),
/// and at least one.
pub fn connection_cap(wanted: usize) -> usize {
    let limit = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| open_file_limit(&text));
    match limit {
        Some(limit) => wanted.min(limit.saturating_sub(FD_RESERVE)).max(1),
        None => wanted.max(1),
    }
}

/// The soft "Max open files" limit of a `/proc/<pid>/limits` text.
fn open_file_limit(limits: &str) -> Option<usize> {
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// One open connection: how many requests it has in flight, and how to close it.
#[derive(Default)]
struct Slot {
    in_flight: AtomicUsize,
    close: Notify,
}

/// The open connections, oldest first, and the cap.
struct Registry {
    open: Mutex<BTreeMap<u64, Arc<Slot>>>,
    cap: usize,
}

impl Registry {
    /// A place for connection `id`: at the cap, the oldest connection with nothing in flight
    /// is told to close and gives its place; `None` when there is none.
    fn enter(&self, id: u64) -> Option<Arc<Slot>> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.len() >= self.cap {
            let idle = open
                .iter()
                .find(|(_, slot)| slot.in_flight.load(Ordering::Acquire) == 0)
                .map(|(&id, _)| id)?;
            if let Some(slot) = open.remove(&idle) {
                slot.close.notify_one();
            }
        }
        let slot = Arc::new(Slot::default());
        open.insert(id, Arc::clone(&slot));
        Some(slot)
    }

    fn leave(&self, id: u64) {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
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
    let registry = Arc::new(Registry {
        open: Mutex::default(),
        cap: cap.max(1),
    });
    // Every connection task holds a receiver: the sender's `closed` is all of them ended.
    let (stop, stopped) = watch::channel(false);
    let mut shutdown = pin!(shutdown);
    let mut next_id = 0u64;
    loop {
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
        tokio::spawn(connection.serve(stream, app.clone(), header_timeout));
    }
    drop(listener);
    let _ = stop.send(true);
    drop(stopped);
    stop.closed().await;
    Ok(())
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
    use super::{open_file_limit, Registry};
    use std::sync::atomic::Ordering;
    use std::sync::Mutex;

    #[test]
    fn reads_the_soft_open_file_limit() {
        let text = "Limit                     Soft Limit           Hard Limit           Units     \n\
                    Max cpu time              unlimited            unlimited            seconds   \n\
                    Max open files            256                  4096                 files     \n";
        assert_eq!(open_file_limit(text), Some(256));
        assert_eq!(open_file_limit("nothing"), None);
    }

    #[test]
    fn at_the_cap_the_oldest_idle_connection_gives_its_place() {
        let registry = Registry {
            open: Mutex::default(),
            cap: 2,
        };
        let first = registry.enter(1).unwrap();
        let second = registry.enter(2).unwrap();
        first.in_flight.store(1, Ordering::Release);
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
