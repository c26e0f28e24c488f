//! What a person does with an account from the pages: sign in with a token (the one `annals club
//! add` prints, or an invitation), set a password, invite a member, see the club's members. The
//! credentials themselves (hashes, sessions, tokens, the audit log) are `auth`'s.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::auth::{self, Member};
use crate::error::{Error, Result};
use crate::timefmt::now_secs;

/// The label of the tokens an invitation makes: they sign in once, then they are revoked.
pub const INVITE_LABEL: &str = "sign-in invitation";

/// How long a web session lasts, in seconds.
pub const SESSION_SECS: i64 = 14 * 86_400;

fn now() -> String {
    crate::timefmt::rfc3339(now_secs())
}

/// Opens a web session for `member`: (session token, CSRF token).
fn open_session(conn: &Connection, member: &Member, how: &str) -> Result<(String, String)> {
    let session = auth::random_token()?;
    let csrf = auth::random_token()?;
    conn.execute(
        "INSERT INTO sessions(id_hash, member_id, csrf, expires_at) VALUES (?1,?2,?3,?4)",
        params![
            auth::sha256_hex(&session),
            member.id,
            csrf,
            now_secs() + SESSION_SECS
        ],
    )?;
    auth::audit(
        conn,
        Some(member),
        "session.login",
        &format!("member {}", member.id),
        how,
    )?;
    Ok((session, csrf))
}

/// Signs in with an API token: the first admin's printed token, a token an admin issued, or an
/// invitation (which is revoked once used). With `password`, sets the member's password too, so
/// that the next sign-in needs no token. Returns (session, CSRF token, member).
pub fn token_login(
    conn: &Connection,
    token: &str,
    password: Option<&str>,
) -> Result<(String, String, Member)> {
    let token = token.trim();
    let hash = check_password(password)?;
    let Some(member) = auth::member_for_token(conn, token)? else {
        return Err(Error::Unauthorized(
            "this token is unknown, was revoked, or was an invitation already used".into(),
        ));
    };
    let tx = conn.unchecked_transaction()?;
    let invite = tx.execute(
        "UPDATE api_tokens SET revoked_at = ?1 WHERE token_hash = ?2 AND label = ?3 AND revoked_at IS NULL",
        params![now(), auth::sha256_hex(token), INVITE_LABEL],
    )? > 0;
    if let Some(h) = &hash {
        store_password(&tx, &member, h)?;
    }
    let how = if invite { "invitation" } else { "token" };
    let (session, csrf) = open_session(&tx, &member, how)?;
    tx.commit()?;
    Ok((session, csrf, member))
}

/// A new password's hash, or a 400 saying what is wrong with it (`None`: no password given).
fn check_password(password: Option<&str>) -> Result<Option<String>> {
    match password.filter(|p| !p.is_empty()) {
        None => Ok(None),
        Some(p) if p.chars().count() < 8 => Err(Error::BadRequest(
            "a password needs at least 8 characters".into(),
        )),
        Some(p) => Ok(Some(auth::hash_password(p)?)),
    }
}

fn store_password(conn: &Connection, member: &Member, hash: &str) -> Result<()> {
    conn.execute(
        "UPDATE members SET password_hash = ?1 WHERE id = ?2",
        params![hash, member.id],
    )?;
    auth::audit(
        conn,
        Some(member),
        "member.password",
        &format!("member {}", member.id),
        "",
    )
}

/// Sets (or changes) the signed-in member's own password.
pub fn set_password(conn: &Connection, member: &Member, password: &str) -> Result<()> {
    let hash = check_password(Some(password))?
        .ok_or_else(|| Error::BadRequest("type the new password".into()))?;
    store_password(conn, member, &hash)
}

/// An invitation: the new member and the one-time token that signs them in.
#[derive(Debug, Clone, Serialize)]
pub struct Invitation {
    pub member: i64,
    pub name: String,
    pub role: String,
    pub token: String,
}

/// Invites `name` into the admin's club with `role`: makes the member (no password yet) and a
/// token that signs them in once.
pub fn invite(conn: &Connection, admin: &Member, name: &str, role: &str) -> Result<Invitation> {
    let tx = conn.unchecked_transaction()?;
    let id = auth::add_member(&tx, admin, name, role, None)?;
    let (_, token) = auth::issue_token(&tx, admin, id, INVITE_LABEL)?;
    tx.commit()?;
    Ok(Invitation {
        member: id,
        name: name.trim().to_string(),
        role: role.to_string(),
        token,
    })
}

/// A member of a club as the account page lists them.
#[derive(Debug, Clone, Serialize)]
pub struct MemberRow {
    pub id: i64,
    pub name: String,
    pub role: String,
    pub has_password: bool,
    /// Unused invitations waiting for this member.
    pub invited: bool,
}

/// The members of a club, by name.
pub fn members(conn: &Connection, club: i64) -> Result<Vec<MemberRow>> {
    let mut st = conn.prepare(
        "SELECT m.id, m.name, m.role, m.password_hash IS NOT NULL,
                EXISTS (SELECT 1 FROM api_tokens t WHERE t.member_id = m.id AND t.label = ?2 AND t.revoked_at IS NULL)
         FROM members m WHERE m.club_id = ?1 ORDER BY m.name",
    )?;
    let rows = st
        .query_map(params![club, INVITE_LABEL], |r| {
            Ok(MemberRow {
                id: r.get(0)?,
                name: r.get(1)?,
                role: r.get(2)?,
                has_password: r.get(3)?,
                invited: r.get(4)?,
            })
        })?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Does the member have a password (or only tokens)?
pub fn has_password(conn: &Connection, member: &Member) -> Result<bool> {
    Ok(conn
        .query_row(
            "SELECT password_hash IS NOT NULL FROM members WHERE id = ?1",
            params![member.id],
            |r| r.get(0),
        )
        .optional()?
        .unwrap_or(false))
}
