//! Accounts and credentials: clubs, members with roles, API tokens (stored hashed), passwords
//! (argon2), web sessions with CSRF tokens, slowed logins, and the audit log.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Viewer,
    Editor,
    Admin,
}

impl Role {
    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "admin" => Some(Role::Admin),
            "editor" => Some(Role::Editor),
            "viewer" => Some(Role::Viewer),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Editor => "editor",
            Role::Viewer => "viewer",
        }
    }
}

/// Who is asking: a member of one club.
#[derive(Debug, Clone, Serialize)]
pub struct Member {
    pub id: i64,
    pub club_id: i64,
    pub club: String,
    pub name: String,
    pub role: Role,
}

impl Member {
    pub fn can_edit(&self) -> bool {
        self.role >= Role::Editor
    }
}

/// 32 random bytes, hex.
pub fn random_token() -> Result<String> {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).map_err(|e| Error::Internal(format!("random: {e}")))?;
    Ok(hex::encode(b))
}

pub fn sha256_hex(s: &str) -> String {
    hex::encode(Sha256::digest(s.as_bytes()))
}

/// Constant-time string equality (for CSRF tokens and hashes).
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

use crate::timefmt::now_secs;

fn now() -> String {
    crate::timefmt::rfc3339(now_secs())
}

/// A hash to verify against when the member does not exist, so both cases take as long.
static DUMMY_HASH: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| hash_password("not a password of anyone").unwrap_or_default());

pub fn hash_password(pw: &str) -> Result<String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| Error::Internal(format!("random: {e}")))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| Error::Internal(format!("salt: {e}")))?;
    Argon2::default()
        .hash_password(pw.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Error::Internal(format!("argon2: {e}")))
}

pub fn verify_password(pw: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .is_ok_and(|h| Argon2::default().verify_password(pw.as_bytes(), &h).is_ok())
}

/// Writes one audit entry.
pub fn audit(
    conn: &Connection,
    who: Option<&Member>,
    action: &str,
    target: &str,
    detail: &str,
) -> Result<()> {
    conn.execute(
        "INSERT INTO audit_log(at, club_id, member_id, actor, action, target, detail) VALUES (?1,?2,?3,?4,?5,?6,?7)",
        params![
            now(),
            who.map(|m| m.club_id),
            who.map(|m| m.id),
            who.map(|m| format!("{}@{}", m.name, m.club)).unwrap_or_else(|| "cli".into()),
            action,
            target,
            detail
        ],
    )?;
    Ok(())
}

fn check_name(what: &str, s: &str) -> Result<String> {
    let t = s.trim();
    if t.is_empty() || t.chars().count() > 100 || t.chars().any(char::is_control) {
        return Err(Error::BadRequest(format!(
            "{what} must be 1 to 100 printable characters"
        )));
    }
    Ok(t.to_string())
}

/// Creates a club with its first admin (`admin`), returning (club id, admin token).
pub fn create_club(conn: &Connection, name: &str) -> Result<(i64, String)> {
    let name = check_name("a club name", name)?;
    let tx = conn.unchecked_transaction()?;
    if tx
        .query_row("SELECT 1 FROM clubs WHERE name = ?1", params![name], |_| {
            Ok(())
        })
        .optional()?
        .is_some()
    {
        return Err(Error::BadRequest(format!(
            "a club named {name:?} exists already"
        )));
    }
    tx.execute(
        "INSERT INTO clubs(name, created_at) VALUES (?1, ?2)",
        params![name, now()],
    )?;
    let club = tx.last_insert_rowid();
    tx.execute(
        "INSERT INTO members(club_id, name, role, created_at) VALUES (?1, 'admin', 'admin', ?2)",
        params![club, now()],
    )?;
    let member = tx.last_insert_rowid();
    let token = random_token()?;
    tx.execute(
        "INSERT INTO api_tokens(member_id, token_hash, label, created_at) VALUES (?1, ?2, 'first admin token', ?3)",
        params![member, sha256_hex(&token), now()],
    )?;
    audit(&tx, None, "club.create", &format!("club {club}"), &name)?;
    tx.commit()?;
    Ok((club, token))
}

fn member_by_id(conn: &Connection, id: i64) -> Result<Option<Member>> {
    Ok(conn
        .prepare_cached(
            "SELECT m.id, m.club_id, c.name, m.name, m.role FROM members m JOIN clubs c ON c.id = m.club_id WHERE m.id = ?1",
        )?
        .query_row(params![id], |r| {
            let role: String = r.get(4)?;
            Ok(Member {
                id: r.get(0)?,
                club_id: r.get(1)?,
                club: r.get(2)?,
                name: r.get(3)?,
                role: Role::parse(&role).unwrap_or(Role::Viewer),
            })
        })
        .optional()?)
}

/// The member an API token belongs to (`None`: unknown or revoked).
pub fn member_for_token(conn: &Connection, token: &str) -> Result<Option<Member>> {
    let hash = sha256_hex(token.trim());
    let row: Option<(i64, String)> = conn
        .prepare_cached("SELECT member_id, token_hash FROM api_tokens WHERE token_hash = ?1 AND revoked_at IS NULL")?
        .query_row(params![hash], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    match row {
        Some((member, stored)) if same(&stored, &hash) => member_by_id(conn, member),
        _ => Ok(None),
    }
}

/// Adds a member to the admin's club.
pub fn add_member(
    conn: &Connection,
    admin: &Member,
    name: &str,
    role: &str,
    password: Option<&str>,
) -> Result<i64> {
    require(admin, Role::Admin)?;
    let name = check_name("a member name", name)?;
    let role = Role::parse(role).ok_or_else(|| {
        Error::BadRequest(format!(
            "role must be admin, editor or viewer, not {role:?}"
        ))
    })?;
    let hash = match password {
        Some(p) if p.chars().count() < 8 => {
            return Err(Error::BadRequest(
                "a password needs at least 8 characters".into(),
            ));
        }
        Some(p) => Some(hash_password(p)?),
        None => None,
    };
    let exists = conn
        .query_row(
            "SELECT 1 FROM members WHERE club_id = ?1 AND name = ?2",
            params![admin.club_id, name],
            |_| Ok(()),
        )
        .optional()?;
    if exists.is_some() {
        return Err(Error::Conflict(format!("{name:?} is already a member")));
    }
    conn.execute(
        "INSERT INTO members(club_id, name, role, password_hash, created_at) VALUES (?1,?2,?3,?4,?5)",
        params![admin.club_id, name, role.as_str(), hash, now()],
    )?;
    let id = conn.last_insert_rowid();
    audit(
        conn,
        Some(admin),
        "member.add",
        &format!("member {id}"),
        &format!("{name} as {}", role.as_str()),
    )?;
    Ok(id)
}

/// Issues an API token for a member of the admin's club. Returns (token id, token).
pub fn issue_token(
    conn: &Connection,
    admin: &Member,
    member: i64,
    label: &str,
) -> Result<(i64, String)> {
    require(admin, Role::Admin)?;
    let target = member_by_id(conn, member)?.filter(|m| m.club_id == admin.club_id);
    let Some(target) = target else {
        return Err(Error::NotFound(format!("no member {member} in your club")));
    };
    let token = random_token()?;
    conn.execute(
        "INSERT INTO api_tokens(member_id, token_hash, label, created_at) VALUES (?1,?2,?3,?4)",
        params![target.id, sha256_hex(&token), label.trim(), now()],
    )?;
    let id = conn.last_insert_rowid();
    audit(
        conn,
        Some(admin),
        "token.issue",
        &format!("token {id}"),
        &format!("for {}", target.name),
    )?;
    Ok((id, token))
}

/// Revokes a token of the admin's club.
pub fn revoke_token(conn: &Connection, admin: &Member, token_id: i64) -> Result<()> {
    require(admin, Role::Admin)?;
    let n = conn.execute(
        "UPDATE api_tokens SET revoked_at = ?1 WHERE id = ?2 AND revoked_at IS NULL
           AND member_id IN (SELECT id FROM members WHERE club_id = ?3)",
        params![now(), token_id, admin.club_id],
    )?;
    if n == 0 {
        return Err(Error::NotFound(format!(
            "no active token {token_id} in your club"
        )));
    }
    audit(
        conn,
        Some(admin),
        "token.revoke",
        &format!("token {token_id}"),
        "",
    )
}

pub fn require(m: &Member, role: Role) -> Result<()> {
    if m.role >= role {
        Ok(())
    } else {
        Err(Error::Forbidden(format!(
            "this needs the {} role; {} is {}",
            role.as_str(),
            m.name,
            m.role.as_str()
        )))
    }
}

/// How long a failed login counts against its name (seconds).
pub const LOGIN_WINDOW: i64 = 3600;
/// Most rows kept in `login_failures` (failures are recorded for existing members only).
pub const MAX_FAILURE_ROWS: i64 = 10_000;

/// Failed logins of `key` (`club/name`) in the last [`LOGIN_WINDOW`] seconds.
pub fn login_failures(conn: &Connection, key: &str) -> Result<i64> {
    Ok(conn
        .query_row(
            "SELECT failures FROM login_failures WHERE name = ?1 AND last_failed > ?2",
            params![key, now_secs() - LOGIN_WINDOW],
            |r| r.get(0),
        )
        .optional()?
        .unwrap_or(0))
}

/// Seconds a login for `name` is held back before its password is checked: none for the first
/// three failures, then 1 s doubling to 16 s. A delay, never a refusal: the member's right
/// password still opens a session (`crate::login_limit` also bounds each address).
pub fn login_wait(conn: &Connection, name: &str) -> Result<i64> {
    let f = login_failures(conn, name)?;
    Ok(if f >= 3 { 1i64 << (f - 3).min(4) } else { 0 })
}

/// Counts a failed login of an existing member's `key`, dropping stale rows and keeping the table
/// within [`MAX_FAILURE_ROWS`].
fn record_failure(conn: &Connection, key: &str) -> Result<()> {
    let now = now_secs();
    conn.execute(
        "DELETE FROM login_failures WHERE last_failed <= ?1",
        params![now - LOGIN_WINDOW],
    )?;
    conn.execute(
        "INSERT INTO login_failures(name, failures, last_failed) VALUES (?1, 1, ?2)
         ON CONFLICT(name) DO UPDATE SET failures = failures + 1, last_failed = excluded.last_failed",
        params![key, now],
    )?;
    conn.execute(
        "DELETE FROM login_failures WHERE name IN
           (SELECT name FROM login_failures ORDER BY last_failed DESC LIMIT -1 OFFSET ?1)",
        params![MAX_FAILURE_ROWS],
    )?;
    Ok(())
}

/// A web login: checks the password of `club`/`name`; on success opens a session and returns
/// (session token, csrf token, member). The caller holds back repeated failures
/// ([`login_wait`], `crate::login_limit`).
pub fn login(
    conn: &Connection,
    club: &str,
    name: &str,
    password: &str,
) -> Result<(String, String, Member)> {
    let key = format!("{}/{}", club.trim(), name.trim());
    let row: Option<(i64, Option<String>)> = conn
        .query_row(
            "SELECT m.id, m.password_hash FROM members m JOIN clubs c ON c.id = m.club_id WHERE c.name = ?1 AND m.name = ?2",
            params![club.trim(), name.trim()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let ok = match &row {
        Some((_, Some(hash))) => verify_password(password, hash),
        _ => {
            // Same work whether or not the member exists.
            let _ = verify_password(password, &DUMMY_HASH);
            false
        }
    };
    if !ok {
        if row.is_some() {
            record_failure(conn, &key)?;
        }
        return Err(Error::Unauthorized("wrong club, name or password".into()));
    }
    conn.execute("DELETE FROM login_failures WHERE name = ?1", params![key])?;
    let member_id = row.map(|r| r.0).unwrap_or_default();
    let member = member_by_id(conn, member_id)?
        .ok_or_else(|| Error::Unauthorized("no such member".into()))?;
    let session = random_token()?;
    let csrf = random_token()?;
    conn.execute(
        "INSERT INTO sessions(id_hash, member_id, csrf, expires_at) VALUES (?1,?2,?3,?4)",
        params![
            sha256_hex(&session),
            member.id,
            csrf,
            now_secs() + 14 * 86_400
        ],
    )?;
    audit(
        conn,
        Some(&member),
        "session.login",
        &format!("member {}", member.id),
        "",
    )?;
    Ok((session, csrf, member))
}

/// The member and CSRF token of a live session.
pub fn session(conn: &Connection, token: &str) -> Result<Option<(Member, String)>> {
    let row: Option<(i64, String)> = conn
        .prepare_cached(
            "SELECT member_id, csrf FROM sessions WHERE id_hash = ?1 AND expires_at > ?2",
        )?
        .query_row(params![sha256_hex(token), now_secs()], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?;
    match row {
        Some((m, csrf)) => Ok(member_by_id(conn, m)?.map(|m| (m, csrf))),
        None => Ok(None),
    }
}

pub fn logout(conn: &Connection, token: &str) -> Result<()> {
    conn.execute(
        "DELETE FROM sessions WHERE id_hash = ?1",
        params![sha256_hex(token)],
    )?;
    Ok(())
}

#[derive(Debug, Clone, Serialize)]
pub struct AuditEntry {
    pub id: i64,
    pub at: String,
    pub actor: String,
    pub action: String,
    pub target: String,
    pub detail: String,
}

/// The audit log of a club, newest first.
pub fn audit_log(conn: &Connection, club: i64, limit: i64) -> Result<Vec<AuditEntry>> {
    let mut st = conn.prepare(
        "SELECT id, at, actor, action, target, detail FROM audit_log WHERE club_id = ?1 ORDER BY id DESC LIMIT ?2",
    )?;
    let rows = st
        .query_map(params![club, limit], |r| {
            Ok(AuditEntry {
                id: r.get(0)?,
                at: r.get(1)?,
                actor: r.get(2)?,
                action: r.get(3)?,
                target: r.get(4)?,
                detail: r.get(5)?,
            })
        })?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(rows)
}
