//! The page, its files and the rules, all embedded in the binary; `/health`; the JSON
//! answers for unknown routes and for errors the framework answers itself.

use crate::assets;
use crate::error::ApiError;
use axum::extract::{Path, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// `GET /`: the page.
pub async fn index() -> Response {
    asset(Path("index.html".to_owned())).await
}

/// `GET /static/{name}`: an embedded file, or a `404`.
pub async fn asset(Path(name): Path<String>) -> Response {
    match assets::find(&name) {
        Some(asset) => (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static(asset.content_type),
            )],
            asset.body.as_ref(),
        )
            .into_response(),
        None => ApiError::new(StatusCode::NOT_FOUND, format!("no file {name:?}")).into_response(),
    }
}

/// `GET /rules`: the rules as an HTML page.
pub async fn rules() -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        )],
        crate::rules::html(),
    )
        .into_response()
}

/// `GET /rules.md`: the rules as Markdown.
pub async fn rules_markdown() -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/markdown; charset=utf-8"),
        )],
        crate::rules::MARKDOWN,
    )
        .into_response()
}

/// `GET /health`.
pub async fn health() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok" }))
}

/// Any other route: a JSON `404`.
pub async fn not_found(request: Request) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no route {} {}", request.method(), request.uri().path()),
    )
}

/// Marks every answer under `/api/` `Cache-Control: no-store` (errors of the framework
/// included), and turns the error answers the framework and its layers write as plain text
/// or empty bodies (a wrong method `405`, a body over the limit `413`) into JSON errors.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let mut response = json_error_body(request, next).await;
    if api {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

async fn json_error_body(request: Request, next: Next) -> Response {
    let what = format!("{} {}", request.method(), request.uri().path());
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => format!("method not allowed: {what}"),
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!(
                "the body is over the limit of {} bytes",
                crate::config::BODY_LIMIT
            )
        }
        other => format!("{}: {what}", other.canonical_reason().unwrap_or("error")),
    };
    let allow = response.headers().get(header::ALLOW).cloned();
    let mut json = ApiError::new(status, message).into_response();
    if let Some(allow) = allow {
        json.headers_mut().insert(header::ALLOW, allow);
    }
    json
}
