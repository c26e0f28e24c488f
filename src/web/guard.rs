//! What every API write must bring before a handler reads it: a declared body within the limit
//! (413 at once, before any of it is read), a same-origin `Origin` when the write rides on the
//! session cookie (403), a `Content-Type` the route accepts (415), and with the cookie, the
//! session's CSRF token in `X-CSRF-Token` (403, checked where the session is read:
//! [`super::origin::check_api_csrf`]). Requests with `Authorization: Bearer` are not cookie writes: a browser
//! never adds that header by itself, so they pass the Origin and CSRF checks unchanged.
//!
//! Content types: JSON routes take `application/json` (with any parameters, `charset=utf-8`…);
//! the routes of [`TEXT_BODY_ROUTES`] take record files as `text/plain` or
//! `application/octet-stream` (or with no `Content-Type` at all). A route that takes other types
//! adds a line to that table.

use axum::extract::Request;
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::origin::{is_write, same_origin};
use super::request::MAX_BODY_BYTES;
use super::session::{SESSION_COOKIE, cookie};

/// The media types of a record file body.
pub const RECORD_TYPES: &[&str] = &["text/plain", "application/octet-stream"];
/// JSON bodies.
pub const JSON_TYPES: &[&str] = &["application/json"];

/// API writes whose body is a record file rather than JSON: (method, path pattern with `{…}` for
/// one segment, accepted media types). Every other API write takes [`JSON_TYPES`].
pub const TEXT_BODY_ROUTES: &[(&str, &str, &[&str])] = &[
    ("POST", "/api/collections/{id}/import", RECORD_TYPES),
    ("POST", "/api/preview", RECORD_TYPES),
    ("POST", "/api/games", RECORD_TYPES),
    ("PUT", "/api/games/{id}", RECORD_TYPES),
];

/// Does `path` match `pattern` segment by segment (`{…}` matches any one segment)?
fn matches(pattern: &str, path: &str) -> bool {
    let (mut a, mut b) = (pattern.split('/'), path.split('/'));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(p), Some(s)) if p.starts_with('{') || p == s => {}
            _ => return false,
        }
    }
}

/// The media types a write to `path` accepts.
pub fn accepted_types(method: &Method, path: &str) -> &'static [&'static str] {
    TEXT_BODY_ROUTES
        .iter()
        .find(|(m, p, _)| method.as_str() == *m && matches(p, path))
        .map_or(JSON_TYPES, |r| r.2)
}

fn has_bearer(headers: &HeaderMap) -> bool {
    headers.contains_key(header::AUTHORIZATION)
}

fn refuse(status: StatusCode, message: String) -> Response {
    (status, axum::Json(serde_json::json!({ "error": message }))).into_response()
}

/// The declared length of the body, when the request declares one.
fn declared_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// Does the request carry a body (a declared length above 0, or a chunked one)?
fn has_body(headers: &HeaderMap) -> bool {
    declared_length(headers).map_or_else(
        || headers.contains_key(header::TRANSFER_ENCODING),
        |n| n > 0,
    )
}

/// Does the query say `kind=` with nothing? The pages read it as "every kind" (their forms send
/// it); the API refuses it, as it refuses any other kind it does not know.
/// A `lang=` on the API that names no language annals speaks (the API adds names only in those).
fn unknown_lang(query: Option<&str>) -> bool {
    query.is_some_and(|q| {
        form_urlencoded::parse(q.as_bytes())
            .any(|(k, v)| k == "lang" && crate::i18n::Lang::from_tag(&v).is_none())
    })
}

fn empty_kind(query: Option<&str>) -> bool {
    query.is_some_and(|q| {
        form_urlencoded::parse(q.as_bytes()).any(|(k, v)| k == "kind" && v.trim().is_empty())
    })
}

/// Whether the OpenAPI document declares the request's method on its route: a method the route
/// does not take is the router's to answer (405), whatever its body.
fn declared(req: &Request) -> bool {
    static DECLARED: std::sync::LazyLock<std::collections::HashSet<(String, String)>> =
        std::sync::LazyLock::new(|| {
            let doc = super::openapi::document();
            doc["paths"]
                .as_object()
                .map(|paths| {
                    paths
                        .iter()
                        .flat_map(|(path, ops)| {
                            ops.as_object()
                                .map(|o| o.keys().cloned().collect::<Vec<_>>())
                                .unwrap_or_default()
                                .into_iter()
                                .map(move |m| (m.to_ascii_uppercase(), path.clone()))
                        })
                        .collect()
                })
                .unwrap_or_default()
        });
    match req.extensions().get::<axum::extract::MatchedPath>() {
        Some(p) => DECLARED.contains(&(req.method().as_str().to_string(), p.as_str().to_string())),
        None => true,
    }
}

/// The middleware: 413 for a declared body over the limit (any path), then for API writes the
/// Origin of cookie writes (403) and the Content-Type (415).
pub async fn guard(req: Request, next: Next) -> Response {
    let headers = req.headers();
    if declared_length(headers).is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        let mut res = refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is larger than the limit of {MAX_BODY_BYTES} bytes"),
        );
        // The body is never read: the connection cannot be used again.
        res.headers_mut().insert(
            header::CONNECTION,
            header::HeaderValue::from_static("close"),
        );
        return res;
    }
    let path = req.uri().path();
    if path.starts_with("/api/") && empty_kind(req.uri().query()) {
        return refuse(
            StatusCode::BAD_REQUEST,
            "kind is empty: leave it out, or name one of hotw, sanguo, wec, deluge".into(),
        );
    }
    if path.starts_with("/api/") && unknown_lang(req.uri().query()) {
        return refuse(
            StatusCode::BAD_REQUEST,
            "lang names one of en, zh-Hant, zh-Hans, ko".into(),
        );
    }
    if !path.starts_with("/api/") || !is_write(req.method()) || !declared(&req) {
        return next.run(req).await;
    }
    if !has_bearer(headers)
        && cookie(headers, SESSION_COOKIE).is_some()
        && same_origin(headers) == Some(false)
    {
        return refuse(
            StatusCode::FORBIDDEN,
            "a write with the session cookie must come from this site (the Origin differs)".into(),
        );
    }
    if has_body(headers) {
        let accepted = accepted_types(req.method(), path);
        let given = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|v| {
                v.split(';')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_ascii_lowercase()
            });
        let ok = match &given {
            Some(t) => accepted.contains(&t.as_str()),
            // A record file may come bare; JSON must say it is JSON.
            None => accepted != JSON_TYPES,
        };
        if !ok {
            return refuse(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!(
                    "this write takes a body of type {} (Content-Type: {})",
                    accepted.join(" or "),
                    given.as_deref().unwrap_or("none")
                ),
            );
        }
    }
    next.run(req).await
}
