//! Is a cookie-authenticated API write this site's own? Its `Origin` (when sent) must name this
//! server, and its `X-CSRF-Token` must be the session's. Shared by the guard middleware
//! (`super::guard`, the Origin before the handler) and the session extractor (`super::session`,
//! the token, once the session is read).

use axum::http::{HeaderMap, Method, header, request::Parts};

use crate::auth;
use crate::error::{Error, Result};

/// The CSRF header of cookie-authenticated API writes: the token the session's forms carry.
pub const CSRF_HEADER: &str = "x-csrf-token";

pub(super) fn is_write(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Is the `Origin` header (when there is one) this server, as the `Host` header names it?
/// `None`: no `Origin`.
pub(super) fn same_origin(headers: &HeaderMap) -> Option<bool> {
    let origin = headers.get(header::ORIGIN)?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let ok = match (origin.to_str().ok(), host) {
        (Some(o), Some(h)) => o
            .strip_prefix("http://")
            .or_else(|| o.strip_prefix("https://"))
            .is_some_and(|rest| rest.eq_ignore_ascii_case(h)),
        _ => false,
    };
    Some(ok)
}

/// A write to the API authenticated by the session cookie needs the session's CSRF token in
/// `X-CSRF-Token` (403 otherwise). Reads, pages and bearer-token requests pass. An absent
/// `Origin` is accepted when the token is right (older browsers and non-browser clients send
/// none; a cross-site page cannot read the token); a foreign one was refused by `super::guard`.
pub fn check_api_csrf(parts: &Parts, session_csrf: &str) -> Result<()> {
    if !parts.uri.path().starts_with("/api/") || !is_write(&parts.method) {
        return Ok(());
    }
    let given = parts.headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok());
    match given {
        Some(g) if auth::same(session_csrf, g.trim()) => {}
        _ => {
            return Err(Error::Forbidden(format!(
                "a write with the session cookie needs the session's CSRF token in {CSRF_HEADER} (or use Authorization: Bearer TOKEN)"
            )));
        }
    }
    if same_origin(&parts.headers) == Some(false) {
        return Err(Error::Forbidden(
            "a write with the session cookie must come from this site (the Origin differs)".into(),
        ));
    }
    Ok(())
}
