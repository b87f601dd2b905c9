//! The pages, the headers, the framework's own errors as JSON, and the binary's command line.

mod common;

use common::client;
use hyper::{Method, StatusCode};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

#[tokio::test]
async fn the_page_and_its_files_are_served_with_safe_headers() {
    let mut c = client().await;
    let page = c.get("/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    assert!(String::from_utf8_lossy(&page.body).contains("/static/app.js"));
    let csp = page.header("content-security-policy").unwrap();
    assert!(csp.contains("default-src 'self'") && !csp.contains("unsafe-inline"));
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    for asset in boardgames_web::assets::ASSETS.iter() {
        let reply = c.get(&format!("/static/{}", asset.name)).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", asset.name);
        assert_eq!(reply.header("content-type"), Some(asset.content_type));
        assert_eq!(reply.body, asset.body.as_ref());
    }
}

#[tokio::test]
async fn unknown_files_routes_and_methods_are_json_errors() {
    let mut c = client().await;
    for path in [
        "/static/nope.js",
        "/static/..%2fCargo.toml",
        "/nope",
        "/api/nope",
    ] {
        let reply = c.get(path).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(reply.json()["error"].is_string(), "{path}");
    }
    let reply = c.get("/api/view").await;
    assert_eq!(reply.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("GET /api/view"));
    assert_eq!(reply.header("cache-control"), Some("no-store"));
}

#[tokio::test]
async fn rules_health_and_info() {
    let mut c = client().await;
    let markdown = c.get("/rules.md").await;
    assert_eq!(markdown.status, StatusCode::OK);
    assert!(markdown
        .header("content-type")
        .unwrap()
        .starts_with("text/markdown"));
    assert_eq!(markdown.body, include_bytes!("../../../docs/rules.md"));
    let rules = c.get("/rules").await;
    assert!(rules
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    let html = String::from_utf8(rules.body).unwrap();
    assert!(html.contains("<h2>Tic-tac-toe</h2>"), "{html}");
    assert!(!html.contains("<script"));
    let health = c.get("/health").await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(health.json()["status"], "ok");
    let info = c.get("/api/info").await.json();
    assert_eq!(
        info["levels"],
        serde_json::json!(["beginner", "normal", "expert"])
    );
    assert_eq!(info["caps"]["millis"], 2000);
    assert_eq!(info["caps"]["threads"], 2);
}

#[tokio::test]
async fn static_files_are_gzipped_for_clients_that_accept_it() {
    let mut c = client().await;
    let reply = c
        .send(
            Method::GET,
            "/rules.md",
            &[("accept-encoding", "gzip")],
            Vec::new(),
        )
        .await
        .unwrap();
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("content-encoding"), Some("gzip"));
    assert!(reply.body.len() < include_bytes!("../../../docs/rules.md").len());
    // The gzip magic number.
    assert_eq!(&reply.body[..2], &[0x1f, 0x8b]);
}

/// The binary prints its address first, serves, and stops when its standard input closes.
#[test]
fn the_binary_prints_its_address_and_stops_at_end_of_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgames-web"))
        .args(["--port", "0", "--exit-on-stdin-eof"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .strip_prefix("http://")
        .expect("an http address");
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut stream, &mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    drop(child.stdin.take());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
}

#[test]
fn the_binary_refuses_a_bad_port() {
    let output = Command::new(env!("CARGO_BIN_EXE_boardgames-web"))
        .args(["--port", "70000"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("--port"));
}

/// SIGTERM stops the server gracefully (exit status 0).
#[cfg(unix)]
#[test]
fn the_binary_stops_on_sigterm() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardgames-web"))
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("http://127.0.0.1:"), "{line}");
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");
}
