//! A login as the web asks for it: held back by the name's and the address's recent failures,
//! then one password check under the argon2 semaphore (`crate::login_limit` says why).

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::AppState;
use crate::auth::{self, Member};
use crate::error::{Error, Result};
use crate::login_limit::{ARGON2_QUEUE_WAIT, name_delay};

/// The client's address, when the server knows it (`annals serve` records each connection's).
#[derive(Debug, Clone)]
pub struct Peer(pub Option<String>);

impl FromRequestParts<AppState> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, st: &AppState) -> Result<Peer, Self::Rejection> {
        let connection = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .next_back();
        Ok(Peer(
            client_address(connection, forwarded, st.proxy).map(|a| a.to_string()),
        ))
    }
}

/// The client of a connection from `connection`: itself, unless it is the trusted `proxy`, whose
/// client is the last address of its `X-Forwarded-For` (the one the proxy wrote; those before
/// it are the client's word). A header from any other connection is ignored: a client could
/// name a new address with each guess.
pub fn client_address(
    connection: Option<IpAddr>,
    forwarded: Option<&str>,
    proxy: Option<IpAddr>,
) -> Option<IpAddr> {
    let c = connection?;
    if proxy != Some(c) {
        return Some(c);
    }
    forwarded
        .and_then(|f| f.rsplit(',').next())
        .and_then(|last| last.trim().parse().ok())
        .or(Some(c))
}

/// Checks `club`/`name`/`password` and opens a session: (session token, csrf token, member).
pub async fn login(
    st: &AppState,
    peer: &Peer,
    club: String,
    name: String,
    password: String,
) -> Result<(String, String, Member)> {
    let addr = peer.0.clone().unwrap_or_else(|| "unknown".into());
    let by_addr = st.logins.address_delay(&addr)?;
    let key = format!("{}/{}", club.trim(), name.trim());
    let by_name = st
        .run(move |s| s.db.with(|c| auth::login_wait(c, &key)))
        .await?;
    let delay = by_addr.max(name_delay(by_name));
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let _permit = tokio::time::timeout(ARGON2_QUEUE_WAIT, st.logins.argon2.acquire())
        .await
        .map_err(|_| Error::Busy("too many logins at once; try again in a moment".into()))?
        .map_err(|_| Error::Internal("shutting down".into()))?;
    let r = st
        .run(move |s| s.db.with(|c| auth::login(c, &club, &name, &password)))
        .await;
    if matches!(r, Err(Error::Unauthorized(_))) {
        st.logins.failed(&addr);
    }
    r
}
