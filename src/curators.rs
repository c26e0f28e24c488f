//! The archive's curators: the only members who edit, alias, merge or split events and players,
//! which every club shares. A curator is a member of the curators' club (made by
//! `annals curator add`), marked in `curators`; their edits go to the archive-wide audit log
//! (`archive_audit_log`), which only curators read.

use rusqlite::{Connection, OptionalExtension, params};

use crate::auth::{AuditEntry, Member, random_token, sha256_hex};
use crate::error::{Error, Result};

/// Longest name or alias of an event or a player.
pub const MAX_NAME_CHARS: usize = 200;
/// Longest free-text field of an event (site, format, organiser).
pub const MAX_FIELD_CHARS: usize = 500;
/// Largest scoring scheme (JSON text).
pub const MAX_SCORING_BYTES: usize = 8 * 1024;

fn now() -> String {
    crate::timefmt::rfc3339(crate::timefmt::now_secs())
}

/// Is this member a curator?
pub fn is_curator(conn: &Connection, m: &Member) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM curators WHERE member_id = ?1")?
        .query_row(params![m.id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// The member may edit events and players, or 403.
pub fn require_curator(conn: &Connection, m: &Member) -> Result<()> {
    if is_curator(conn, m)? {
        Ok(())
    } else {
        Err(Error::Forbidden(format!(
            "events and players are shared by every club: only a curator edits them, and {} is not one",
            m.name
        )))
    }
}

/// A name or alias, or a field: trimmed, 1 (or 0 when `optional`) to `max` characters, no
/// control characters; else a 400 naming it.
pub fn check_field(what: &str, s: &str, max: usize, optional: bool) -> Result<String> {
    let t = s.trim();
    if t.is_empty() && !optional {
        return Err(Error::BadRequest(format!("{what} must not be empty")));
    }
    if t.chars().count() > max {
        return Err(Error::BadRequest(format!(
            "{what} is at most {max} characters long"
        )));
    }
    if t.chars().any(char::is_control) {
        return Err(Error::BadRequest(format!(
            "{what} must not hold control characters"
        )));
    }
    Ok(t.to_string())
}

/// Writes one entry of the archive-wide audit log.
pub fn archive_audit(
    conn: &Connection,
    who: Option<&Member>,
    action: &str,
    target: &str,
    detail: &str,
) -> Result<()> {
    conn.execute(
        "INSERT INTO archive_audit_log(at, member_id, actor, action, target, detail) VALUES (?1,?2,?3,?4,?5,?6)",
        params![
            now(),
            who.map(|m| m.id),
            who.map(|m| format!("{}@{}", m.name, m.club)).unwrap_or_else(|| "cli".into()),
            action,
            target,
            detail
        ],
    )?;
    Ok(())
}

/// The archive-wide audit log, newest first (curators only).
pub fn archive_audit_log(conn: &Connection, m: &Member, limit: i64) -> Result<Vec<AuditEntry>> {
    require_curator(conn, m)?;
    let mut st = conn.prepare(
        "SELECT id, at, actor, action, target, detail FROM archive_audit_log ORDER BY id DESC LIMIT ?1",
    )?;
    let rows = st
        .query_map(params![limit], |r| {
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

/// The curators' club: the club of the first curator, else a new one named "curators" (or
/// "curators 2"… when a club holds that name already).
fn curators_club(conn: &Connection) -> Result<i64> {
    let found: Option<i64> = conn
        .query_row(
            "SELECT m.club_id FROM curators c JOIN members m ON m.id = c.member_id ORDER BY c.member_id LIMIT 1",
            [],
            |r| r.get(0),
        )
        .optional()?;
    if let Some(id) = found {
        return Ok(id);
    }
    for n in 1..1000 {
        let name = if n == 1 {
            "curators".to_string()
        } else {
            format!("curators {n}")
        };
        let taken = conn
            .query_row("SELECT 1 FROM clubs WHERE name = ?1", params![name], |_| {
                Ok(())
            })
            .optional()?
            .is_some();
        if !taken {
            conn.execute(
                "INSERT INTO clubs(name, created_at) VALUES (?1, ?2)",
                params![name, now()],
            )?;
            return Ok(conn.last_insert_rowid());
        }
    }
    Err(Error::Internal(
        "no free name for the curators' club".into(),
    ))
}

/// `annals curator add NAME`: a curator (an admin of the curators' club) and their first API
/// token. Returns (member id, token).
pub fn add_curator(conn: &Connection, name: &str) -> Result<(i64, String)> {
    let name = check_field("a curator's name", name, 100, false)?;
    let tx = conn.unchecked_transaction()?;
    let club = curators_club(&tx)?;
    let exists = tx
        .query_row(
            "SELECT 1 FROM members WHERE club_id = ?1 AND name = ?2",
            params![club, name],
            |_| Ok(()),
        )
        .optional()?
        .is_some();
    if exists {
        return Err(Error::BadRequest(format!("{name:?} is a curator already")));
    }
    tx.execute(
        "INSERT INTO members(club_id, name, role, created_at) VALUES (?1, ?2, 'admin', ?3)",
        params![club, name, now()],
    )?;
    let member = tx.last_insert_rowid();
    tx.execute(
        "INSERT INTO curators(member_id, created_at) VALUES (?1, ?2)",
        params![member, now()],
    )?;
    let token = random_token()?;
    tx.execute(
        "INSERT INTO api_tokens(member_id, token_hash, label, created_at) VALUES (?1, ?2, 'curator token', ?3)",
        params![member, sha256_hex(&token), now()],
    )?;
    archive_audit(&tx, None, "curator.add", &format!("member {member}"), &name)?;
    tx.commit()?;
    Ok((member, token))
}
