//! Who is asking: an API token (`Authorization: Bearer …`) or a web session cookie.

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;

use crate::AppState;
use crate::auth::{self, Member};
use crate::error::{Error, Result};

pub const SESSION_COOKIE: &str = "annals_session";
/// The double-submit CSRF cookie of forms shown before login.
pub const CSRF_COOKIE: &str = "annals_csrf";

/// The credentials of a request, if any.
#[derive(Debug, Clone, Default)]
pub struct Auth {
    pub member: Option<Member>,
    /// The session's CSRF token (web sessions only).
    pub csrf: Option<String>,
    pub session: Option<String>,
}

pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| {
            v.split(';').find_map(|kv| {
                let (k, val) = kv.trim().split_once('=')?;
                (k == name).then(|| val.to_string())
            })
        })
}

fn bearer(headers: &HeaderMap) -> Option<Result<String>> {
    let v = headers.get(axum::http::header::AUTHORIZATION)?;
    let s = match v.to_str() {
        Ok(s) => s.trim(),
        Err(_) => {
            return Some(Err(Error::Unauthorized(
                "the Authorization header is not readable".into(),
            )));
        }
    };
    match s.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            Some(Ok(token.trim().to_string()))
        }
        _ => Some(Err(Error::Unauthorized(
            "use Authorization: Bearer TOKEN".into(),
        ))),
    }
}

impl FromRequestParts<AppState> for Auth {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, st: &AppState) -> Result<Auth> {
        if let Some(token) = bearer(&parts.headers) {
            let token = token?;
            let m = st
                .run(move |s| s.db.with(|c| auth::member_for_token(c, &token)))
                .await?;
            return match m {
                Some(m) => Ok(Auth {
                    member: Some(m),
                    csrf: None,
                    session: None,
                }),
                None => Err(Error::Unauthorized("unknown or revoked token".into())),
            };
        }
        if let Some(sess) = cookie(&parts.headers, SESSION_COOKIE) {
            let s2 = sess.clone();
            let found = st
                .run(move |s| s.db.with(|c| auth::session(c, &s2)))
                .await?;
            if let Some((m, csrf)) = found {
                super::origin::check_api_csrf(parts, &csrf)?;
                return Ok(Auth {
                    member: Some(m),
                    csrf: Some(csrf),
                    session: Some(sess),
                });
            }
        }
        Ok(Auth::default())
    }
}

impl Auth {
    /// The member, or 401.
    pub fn require(&self) -> Result<&Member> {
        self.member.as_ref().ok_or_else(|| {
            Error::Unauthorized("this needs a member's token: Authorization: Bearer TOKEN".into())
        })
    }

    /// Checks a form's CSRF token against the session's.
    pub fn check_csrf(&self, given: Option<&str>) -> Result<&Member> {
        let m = self
            .member
            .as_ref()
            .ok_or_else(|| Error::Unauthorized("please log in first".into()))?;
        match (&self.csrf, given) {
            (Some(want), Some(got)) if auth::same(want, got) => Ok(m),
            _ => Err(Error::Forbidden(
                "the form is stale or forged (CSRF token mismatch); reload the page".into(),
            )),
        }
    }
}

/// `Set-Cookie` value: HttpOnly, SameSite=Lax, Secure when the request came over TLS.
pub fn set_cookie(name: &str, value: &str, max_age: i64, secure: bool) -> String {
    format!(
        "{name}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{}",
        if secure { "; Secure" } else { "" }
    )
}

/// Did the request arrive over TLS (directly or through a proxy that says so)?
pub fn is_tls(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}
