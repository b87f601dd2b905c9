//! A small HTTP/1 client for the tests and the load test: hyper's client connection over
//! one TCP stream, kept alive between requests.

#![allow(dead_code)]

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper::{HeaderMap, Method, Request, StatusCode};
use hyper_util::rt::TokioIo;
use std::net::SocketAddr;
use tokio::net::TcpStream;

/// One answer: status, headers, body.
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Reply {
    /// The body as JSON (panics with the body when it is not).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", String::from_utf8_lossy(&self.body)))
    }

    /// A header's value as text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// A kept-alive connection to the server.
pub struct Client {
    addr: SocketAddr,
    sender: Option<SendRequest<Full<Bytes>>>,
}

impl Client {
    /// A client of the server at `addr` (connects on first use).
    pub fn new(addr: SocketAddr) -> Client {
        Client { addr, sender: None }
    }

    async fn sender(&mut self) -> std::io::Result<&mut SendRequest<Full<Bytes>>> {
        let alive = self.sender.as_ref().is_some_and(|s| !s.is_closed());
        if !alive {
            let stream = TcpStream::connect(self.addr).await?;
            stream.set_nodelay(true)?;
            let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
                .await
                .map_err(std::io::Error::other)?;
            tokio::spawn(connection);
            self.sender = Some(sender);
        }
        Ok(self.sender.as_mut().expect("connected"))
    }

    /// Sends one request with these headers and body.
    pub async fn send(
        &mut self,
        method: Method,
        path: &str,
        headers: &[(&str, &str)],
        body: Vec<u8>,
    ) -> std::io::Result<Reply> {
        let mut builder = Request::builder()
            .method(method)
            .uri(path)
            .header("host", self.addr.to_string());
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        let request = builder
            .body(Full::new(Bytes::from(body)))
            .map_err(std::io::Error::other)?;
        let sender = self.sender().await?;
        sender.ready().await.map_err(std::io::Error::other)?;
        let response = match sender.send_request(request).await {
            Ok(response) => response,
            Err(e) => {
                self.sender = None;
                return Err(std::io::Error::other(e));
            }
        };
        let (parts, body) = response.into_parts();
        let body = body
            .collect()
            .await
            .map_err(std::io::Error::other)?
            .to_bytes()
            .to_vec();
        Ok(Reply {
            status: parts.status,
            headers: parts.headers,
            body,
        })
    }

    /// `GET path`.
    pub async fn get(&mut self, path: &str) -> Reply {
        self.send(Method::GET, path, &[], Vec::new())
            .await
            .expect("GET")
    }

    /// `POST path` with a JSON body.
    pub async fn post(&mut self, path: &str, body: &serde_json::Value) -> Reply {
        self.post_raw(path, body.to_string().into_bytes()).await
    }

    /// `POST path` with these bytes as a JSON body.
    pub async fn post_raw(&mut self, path: &str, body: Vec<u8>) -> Reply {
        self.send(
            Method::POST,
            path,
            &[("content-type", "application/json")],
            body,
        )
        .await
        .expect("POST")
    }
}
