//! The service's one error type and its mapping to HTTP statuses.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request cannot be read: a bad parameter, query or body. 400.
    #[error("{0}")]
    BadRequest(String),
    /// No credentials. 401.
    #[error("{0}")]
    Unauthorized(String),
    /// Credentials that do not allow this. 403.
    #[error("{0}")]
    Forbidden(String),
    /// 404.
    #[error("{0}")]
    NotFound(String),
    /// 409: the request clashes with what is stored (a name taken, a stale list).
    #[error("{0}")]
    Conflict(String),
    /// 413.
    #[error("{0}")]
    TooLarge(String),
    /// 429: slowed down (repeated failed logins).
    #[error("{0}")]
    TooManyRequests(String),
    /// 503: another process holds the archive for a while (a bulk import); try again later.
    #[error("{0}")]
    Busy(String),
    #[error("database: {0}")]
    Db(#[from] rusqlite::Error),
    #[error("search index: {0}")]
    Index(String),
    #[error("{0}")]
    Internal(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl From<tantivy::TantivyError> for Error {
    fn from(e: tantivy::TantivyError) -> Self {
        Error::Index(e.to_string())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Internal(format!("json: {e}"))
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Internal(format!("i/o: {e}"))
    }
}

impl From<tokio::task::JoinError> for Error {
    fn from(e: tokio::task::JoinError) -> Self {
        Error::Internal(format!("task: {e}"))
    }
}

impl Error {
    /// Whether the message is shown to the client: what the request got wrong, or why to wait;
    /// never the details of a failure on our side.
    pub fn is_shown(&self) -> bool {
        !self.status().is_server_error() || matches!(self, Error::Busy(_))
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Error::BadRequest(_) => StatusCode::BAD_REQUEST,
            Error::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Error::Forbidden(_) => StatusCode::FORBIDDEN,
            Error::NotFound(_) => StatusCode::NOT_FOUND,
            Error::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Error::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Error::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            Error::Conflict(_) => StatusCode::CONFLICT,
            Error::Db(_) | Error::Index(_) | Error::Internal(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }
}

/// API errors are JSON `{"error": "…"}` with a fitting status. Internal details are logged, not
/// shown.
impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = if self.is_shown() {
            self.to_string()
        } else {
            tracing::error!(error = %self, "request failed");
            "internal error".to_string()
        };
        (status, axum::Json(serde_json::json!({ "error": message }))).into_response()
    }
}
