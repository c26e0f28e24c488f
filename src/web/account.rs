//! The account pages: sign in with a token, `/account` (who you are, your club and role, your
//! password, sign out) and the club's members with the invitation form (admins). Plain forms, each
//! answering on the page it came from.

use std::collections::HashMap;

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Form, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};

use super::collections::LoginPage;
use super::pages::PageError;
use super::session::{Auth, CSRF_COOKIE, SESSION_COOKIE, cookie, is_tls, set_cookie};
use crate::AppState;
use crate::accounts::{self, Invitation, MemberRow};
use crate::auth::{self, Member};
use crate::error::Error;
// The templates' text (`t`, `tn`…): askama calls it on `self`.
use super::language::Localize as _;

#[derive(Template, WebTemplate)]
#[template(path = "account.html")]
pub struct AccountPage {
    q: String,
    me: Member,
    csrf: String,
    has_password: bool,
    members: Vec<MemberRow>,
    notice: Option<String>,
    error: Option<String>,
    invitation: Option<Invitation>,
    /// What the invitation form had, kept when it is refused.
    invite_name: String,
    /// `http://host` of the request, for the invitation link.
    site: String,
}

fn site(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("localhost");
    format!(
        "{}://{host}",
        if is_tls(headers) { "https" } else { "http" }
    )
}

/// The account page of `me`, with a notice, an error or a fresh invitation.
async fn account_page(
    st: &AppState,
    me: Member,
    csrf: String,
    headers: &HeaderMap,
) -> Result<AccountPage, PageError> {
    let m2 = me.clone();
    let (has_password, members) = st
        .run(move |s| {
            s.db.with(|c| {
                let members = if m2.role >= auth::Role::Admin {
                    accounts::members(c, m2.club_id)?
                } else {
                    Vec::new()
                };
                Ok((accounts::has_password(c, &m2)?, members))
            })
        })
        .await?;
    Ok(AccountPage {
        q: String::new(),
        me,
        csrf,
        has_password,
        members,
        notice: None,
        error: None,
        invitation: None,
        invite_name: String::new(),
        site: site(headers),
    })
}

/// `GET /account`: signed in, the account; otherwise to `/login`.
pub async fn account(
    State(st): State<AppState>,
    auth: Auth,
    headers: HeaderMap,
) -> Result<Response, PageError> {
    let Some(me) = auth.member.clone() else {
        return Ok(Redirect::to("/login").into_response());
    };
    let page = account_page(&st, me, auth.csrf.unwrap_or_default(), &headers).await?;
    Ok(page.into_response())
}

fn field<'a>(f: &'a HashMap<String, String>, k: &str) -> &'a str {
    f.get(k).map(String::as_str).unwrap_or("")
}

/// `POST /login/token`: sign in with a token, optionally setting a password.
pub async fn token_login(
    State(st): State<AppState>,
    headers: HeaderMap,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Response, PageError> {
    let want = cookie(&headers, CSRF_COOKIE);
    let given = f.get("csrf").cloned();
    if !crate::login_limit::form_token_ok(want.as_deref(), given.as_deref()) {
        return Err(
            Error::Forbidden("the sign-in form is stale or forged; reload it".into()).into(),
        );
    }
    let token = field(&f, "token").trim().to_string();
    let pw = field(&f, "password").to_string();
    let t2 = token.clone();
    let r = st
        .run(move |s| {
            s.db.with(|c| accounts::token_login(c, &t2, Some(pw.as_str())))
        })
        .await;
    match r {
        Ok((session, _, _)) => Ok((
            StatusCode::SEE_OTHER,
            [
                (
                    header::SET_COOKIE,
                    set_cookie(
                        SESSION_COOKIE,
                        &session,
                        accounts::SESSION_SECS,
                        is_tls(&headers),
                    ),
                ),
                (header::LOCATION, "/account".to_string()),
            ],
        )
            .into_response()),
        Err(e @ (Error::Unauthorized(_) | Error::BadRequest(_) | Error::TooManyRequests(_))) => {
            Ok((
                e.status(),
                LoginPage {
                    q: String::new(),
                    csrf: given.unwrap_or_default(),
                    error: Some(super::messages::localize(&e.to_string())),
                    me: None,
                    club: String::new(),
                    name: String::new(),
                    token,
                },
            )
                .into_response())
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /account/password`
pub async fn password(
    State(st): State<AppState>,
    auth: Auth,
    headers: HeaderMap,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Response, PageError> {
    let me = auth.check_csrf(f.get("csrf").map(String::as_str))?.clone();
    let pw = field(&f, "password").to_string();
    let m2 = me.clone();
    let r = st
        .run(move |s| s.db.with(|c| accounts::set_password(c, &m2, &pw)))
        .await;
    let mut page = account_page(&st, me, auth.csrf.unwrap_or_default(), &headers).await?;
    let status = match r {
        Ok(()) => {
            page.notice = Some(super::language::tr("notice-password-saved"));
            StatusCode::OK
        }
        Err(Error::BadRequest(m)) => {
            page.error = Some(reason("notice-password-not-changed", &m));
            StatusCode::BAD_REQUEST
        }
        Err(e) => return Err(e.into()),
    };
    Ok((status, page).into_response())
}

/// `POST /account/invite` (admin): a new member and a one-time sign-in link for them.
pub async fn invite(
    State(st): State<AppState>,
    auth: Auth,
    headers: HeaderMap,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Response, PageError> {
    let me = auth.check_csrf(f.get("csrf").map(String::as_str))?.clone();
    auth::require(&me, auth::Role::Admin)?;
    let (name, role) = (field(&f, "name").to_string(), field(&f, "role").to_string());
    let (m2, n2) = (me.clone(), name.clone());
    let r = st
        .run(move |s| s.db.with(|c| accounts::invite(c, &m2, &n2, &role)))
        .await;
    let mut page = account_page(&st, me, auth.csrf.unwrap_or_default(), &headers).await?;
    let status = match r {
        Ok(i) => {
            page.invitation = Some(i);
            StatusCode::OK
        }
        Err(Error::BadRequest(m) | Error::Conflict(m)) => {
            page.error = Some(reason("notice-nobody-invited", &m));
            page.invite_name = name;
            StatusCode::BAD_REQUEST
        }
        Err(e) => return Err(e.into()),
    };
    // The page holds a token shown once: no cache keeps it.
    Ok((status, [(header::CACHE_CONTROL, "no-store")], page).into_response())
}

/// A notice of what a form did not do, with the error's message as its reason, in the reader's
/// language.
fn reason(key: &str, message: &str) -> String {
    super::language::tr_args(
        key,
        &[("reason", super::messages::localize(message).into())],
    )
}
