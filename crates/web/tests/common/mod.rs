//! What the API tests share: an in-process server on a free port, and a client.

#![allow(dead_code)]

pub mod binary;
pub mod client;

use boardgames_web::{serve, Config};
#[allow(unused_imports)]
pub use client::{Client, Reply};
use std::net::SocketAddr;

/// Starts a server with `config` on a free loopback port, for the test's runtime (it stops
/// when the runtime ends with the test).
pub async fn start(config: Config) -> SocketAddr {
    let listener = boardgames_web::listen(([127, 0, 0, 1], 0).into()).expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move { serve(listener, &config, std::future::pending()).await });
    addr
}

/// A server with the default configuration and a client of it.
pub async fn client() -> Client {
    Client::new(start(Config::default()).await)
}
