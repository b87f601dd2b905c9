//! Who asks: the connection a request came on, and the page's session (the `X-Session`
//! header a page sends, one random value per tab). The search pool lets each hold one search
//! at a time, so one busy client cannot fill the queue.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::SocketAddr;

/// The header a page names its session with.
pub const SESSION_HEADER: &str = "x-session";
/// The longest session value kept; a longer one is cut (it only has to tell tabs apart).
const SESSION_MAX: usize = 64;

/// The keys a request's searches are counted under: its connection (when the server knows
/// it) and its session (when the page sent one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Client {
    /// `conn <peer address>`, and `session <value>`.
    pub keys: Vec<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Client, Infallible> {
        let mut keys = Vec::new();
        if let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() {
            keys.push(format!("conn {peer}"));
        }
        let session = parts.headers.get(SESSION_HEADER);
        if let Some(value) = session.and_then(|v| v.to_str().ok()) {
            let value: String = value.chars().take(SESSION_MAX).collect();
            keys.push(format!("session {value}"));
        }
        Ok(Client { keys })
    }
}
