//! The API's error type: every failure is an HTTP status with a JSON `{"error": ...}` body.

use axum::extract::rejection::JsonRejection;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

/// A failed request: the status and the JSON body (always an object with `"error"`).
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The JSON body.
    pub body: Value,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({ "error": message.into() }),
        }
    }

    /// A well-formed request that is wrong (`422`).
    pub fn invalid(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// The referee's (or a crate's) own error object, answered `422` as it is.
    pub fn from_answer(body: Value) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            body,
        }
    }

    /// A request that does not fit the game's state (`409`), e.g. a computer move asked for
    /// a side that is not to move; `body` is the error object.
    pub fn conflict(body: Value) -> ApiError {
        ApiError {
            status: StatusCode::CONFLICT,
            body,
        }
    }

    /// The search pool is full, or its wait too long (`503`); `retry_after` seconds go in
    /// the body and in the `Retry-After` header.
    pub fn busy(retry_after: u64) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            body: json!({
                "error": "the server is busy: try again in a moment",
                "retry_after": retry_after,
            }),
        }
    }

    /// The client already has a search in the pool (`429`, `Retry-After: 1`).
    pub fn one_at_a_time() -> ApiError {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            body: json!({
                "error": "one search at a time: this client already has one running or waiting",
                "retry_after": 1,
            }),
        }
    }

    /// A bug: the work panicked or failed to run (`500`).
    pub fn internal(what: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {what}"),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry = self.body.get("retry_after").and_then(Value::as_u64);
        let mut response = (self.status, Json(self.body)).into_response();
        if let Some(seconds) = retry {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// axum's JSON body rejections as API errors: a body over the limit `413`, a missing JSON
/// content type `415`, malformed JSON `400`, JSON of the wrong shape `422`.
impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let text = rejection.body_text();
        match rejection {
            JsonRejection::JsonSyntaxError(_) => {
                ApiError::new(StatusCode::BAD_REQUEST, format!("malformed JSON: {text}"))
            }
            JsonRejection::JsonDataError(_) => ApiError::invalid(text),
            JsonRejection::MissingJsonContentType(_) => ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the body must be JSON, sent with Content-Type: application/json",
            ),
            other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the body is over the limit of {} bytes",
                    crate::config::BODY_LIMIT
                ),
            ),
            other => ApiError::new(other.status(), text),
        }
    }
}

/// Runs `work` here, turning a panic into a `500` answer instead of a dropped connection.
pub fn catching<T>(work: impl FnOnce() -> Result<T, ApiError>) -> Result<T, ApiError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
        .unwrap_or_else(|panic| Err(ApiError::internal(panic_text(&*panic))))
}

/// The message of a panic's payload.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_owned())
}
