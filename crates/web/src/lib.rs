//! Play every game in the browser: a web server with the page and a stateless JSON API over
//! the referee and the game crates (see `API.md` beside this crate's `Cargo.toml`), and
//! games with a friend on another device that the server keeps ([`friend`]).
//!
//! [`router`] builds the whole service for a [`Config`]; [`serve`] runs it on a listener
//! until a shutdown signal. The binary `boardgames-web` reads its command line and calls
//! them; tests start the same router in-process on a free port.

#![forbid(unsafe_code)]

mod api;
pub mod assets;
mod caps;
pub mod clients;
mod computer;
mod config;
mod draw;
mod error;
mod flag;
pub mod friend;
mod pages;
mod pool;
mod records;
mod referee;
mod requests;
mod rules;
mod server;
mod state;
mod view;

pub use config::{
    Config, FriendConfig, SyncMode, BODY_LIMIT, BODY_TIMEOUT, HEADER_TIMEOUT, MAX_CONNECTIONS,
    MAX_WAIT,
};
pub use error::ApiError;
pub use pool::Pool;
pub use server::connection_cap;
pub use state::AppState;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderName, HeaderValue};
use axum::routing::{get, post};
use axum::Router;
use std::future::Future;
use std::net::SocketAddr;
use tokio::net::{TcpListener, TcpSocket};
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;

/// The Content-Security-Policy of every answer: the page loads scripts, styles, images and
/// data from the server itself only, runs no inline script, and is not framed.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The whole service: pages, API, headers, limits. It opens the friend games' database
/// (an error says why it cannot) and starts their sweep on the current runtime.
pub fn router(config: &Config) -> std::io::Result<Router> {
    let friends =
        friend::Friends::open(&config.friend).map_err(|e| std::io::Error::other(e.to_string()))?;
    friends.start_sweeping();
    let state = AppState {
        pool: Pool::new(config.workers, config.queue, config.max_wait),
        friends,
    };
    let api = Router::new()
        .route("/api/info", get(api::info))
        .route("/api/referee", post(api::referee))
        .route("/api/view", post(api::view))
        .route("/api/move", post(api::computer_move))
        .route("/api/hint", post(api::hint))
        .route("/api/draw", post(api::draw))
        .route("/api/record/export", post(api::export))
        .route("/api/record/import", post(api::import))
        .merge(friend::routes::router());
    let pages = Router::new()
        .route("/", get(pages::index))
        .route("/static/{name}", get(pages::asset))
        .route("/rules", get(pages::rules))
        .route("/rules.md", get(pages::rules_markdown))
        .route("/friend/{id}", get(friend::routes::page))
        .layer(CompressionLayer::new().gzip(true));
    Ok(Router::new()
        .merge(api)
        .merge(pages)
        .route("/health", get(pages::health))
        .fallback(pages::not_found)
        .layer(axum::middleware::from_fn_with_state(
            config.body_timeout,
            server::read_body,
        ))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
        .layer(axum::middleware::from_fn(pages::json_errors))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("referrer-policy"),
            HeaderValue::from_static("no-referrer"),
        ))
        .with_state(state))
}

/// How many connections may wait to be accepted: above the standard library's 128, so that
/// a crowd of players connecting at once is not dropped (and retried a second later).
pub const BACKLOG: u32 = 1024;

/// A listener on `addr` with a [`BACKLOG`]-deep accept queue.
pub fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = match addr {
        SocketAddr::V4(_) => TcpSocket::new_v4()?,
        SocketAddr::V6(_) => TcpSocket::new_v6()?,
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// Serves `config`'s router on `listener` until `shutdown` completes, then lets the
/// requests in flight finish. Connections are capped at `config.max_connections` (and the
/// open-file limit, see [`connection_cap`]) and have `config.header_timeout` to send each
/// request's headers.
pub async fn serve(
    listener: TcpListener,
    config: &Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let cap = connection_cap(config.max_connections);
    server::run(
        listener,
        router(config)?,
        cap,
        config.header_timeout,
        shutdown,
    )
    .await
}
