//! Curators' actions on the name authority: aliases, merges and splits of players and events, and
//! an event's details.

use crate::auth::Member;
use crate::curators::{
    MAX_FIELD_CHARS, MAX_NAME_CHARS, MAX_SCORING_BYTES, archive_audit as audit, check_field,
    require_curator,
};
use crate::error::{Error, Result};
use crate::store::keys::{event_key, player_key};
use rusqlite::{Connection, OptionalExtension, params};

use super::events::Scheme;
use super::merges::{MERGE_EVENTS, MERGE_PLAYERS, MergeSpec};

pub(super) fn exists(conn: &Connection, table: &str, id: i64) -> Result<bool> {
    Ok(conn
        .query_row(
            &format!("SELECT 1 FROM {table} WHERE id = ?1"),
            params![id],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// Adds a spelling (romanization, nickname…) of a player.
pub fn add_player_alias(conn: &Connection, admin: &Member, player: i64, alias: &str) -> Result<()> {
    require_curator(conn, admin)?;
    if !exists(conn, "players", player)? {
        return Err(Error::NotFound(format!("no player {player}")));
    }
    let alias = &check_field("alias", alias, MAX_NAME_CHARS, false)?;
    let key = player_key(alias);
    if key.is_empty() {
        return Err(Error::BadRequest(
            "an alias needs letters or characters".into(),
        ));
    }
    let owner: Option<i64> = conn
        .query_row(
            "SELECT player_id FROM player_aliases WHERE key = ?1",
            params![key],
            |r| r.get(0),
        )
        .optional()?;
    match owner {
        Some(p) if p == player => return Ok(()),
        Some(p) => {
            return Err(Error::BadRequest(format!(
                "{alias:?} already names player {p}; merge the players instead"
            )));
        }
        None => {}
    }
    conn.execute(
        "INSERT INTO player_aliases(key, player_id, alias) VALUES (?1,?2,?3)",
        params![key, player, alias.trim()],
    )?;
    audit(
        conn,
        Some(admin),
        "player.alias",
        &format!("player {player}"),
        alias,
    )
}

/// Merges player `from` into `into`: seats, aliases and ratings move; `from` is deleted.
pub fn merge_players(conn: &Connection, admin: &Member, into: i64, from: i64) -> Result<()> {
    merge(conn, admin, &MERGE_PLAYERS, into, from)
}

/// Splits the seats of `games` off player `player` into a new player called `name`. Returns its id.
pub fn split_player(
    conn: &Connection,
    admin: &Member,
    player: i64,
    name: &str,
    games: &[i64],
) -> Result<i64> {
    require_curator(conn, admin)?;
    let name = &check_field("name", name, MAX_NAME_CHARS, false)?;
    if player_key(name).is_empty() {
        return Err(Error::BadRequest("the new player needs a name".into()));
    }
    if games.is_empty() {
        return Err(Error::BadRequest(
            "name the games whose seats move to the new player".into(),
        ));
    }
    let taken: Option<i64> = conn
        .query_row(
            "SELECT id FROM players WHERE name = ?1",
            params![name],
            |r| r.get(0),
        )
        .optional()?;
    if taken.is_some() {
        return Err(Error::BadRequest(format!(
            "a player named {name:?} exists; choose a distinct name"
        )));
    }
    let tx = conn.unchecked_transaction()?;
    tx.execute("INSERT INTO players(name) VALUES (?1)", params![name])?;
    let new = tx.last_insert_rowid();
    tx.execute(
        "INSERT OR IGNORE INTO player_aliases(key, player_id, alias) VALUES (?1,?2,?3)",
        params![player_key(name), new, name],
    )?;
    let mut moved = 0;
    for g in games {
        moved += tx.execute(
            "UPDATE seats SET player_id = ?1 WHERE player_id = ?2 AND game_id = ?3",
            params![new, player, g],
        )?;
    }
    if moved == 0 {
        return Err(Error::BadRequest(format!(
            "player {player} has no seat in those games"
        )));
    }
    audit(
        &tx,
        Some(admin),
        "player.split",
        &format!("player {player}"),
        &format!("{moved} seats to player {new} {name:?}"),
    )?;
    tx.commit()?;
    Ok(new)
}

/// Adds a spelling of an event (for games already imported under it and for later imports).
pub fn add_event_alias(
    conn: &Connection,
    admin: &Member,
    event: i64,
    alias: &str,
    year: Option<i64>,
) -> Result<()> {
    require_curator(conn, admin)?;
    if !exists(conn, "events", event)? {
        return Err(Error::NotFound(format!("no event {event}")));
    }
    let alias = &check_field("alias", alias, MAX_NAME_CHARS, false)?;
    let key = event_key(alias, year);
    let owner: Option<i64> = conn
        .query_row(
            "SELECT event_id FROM event_aliases WHERE key = ?1",
            params![key],
            |r| r.get(0),
        )
        .optional()?;
    let tx = conn.unchecked_transaction()?;
    match owner {
        Some(e) if e == event => return Ok(()),
        Some(other) => {
            // The spelling already made an event of its own: fold it in.
            tx.execute(
                "UPDATE games SET event_id = ?1 WHERE event_id = ?2",
                params![event, other],
            )?;
            tx.execute(
                "UPDATE event_aliases SET event_id = ?1 WHERE event_id = ?2",
                params![event, other],
            )?;
            tx.execute("DELETE FROM events WHERE id = ?1", params![other])?;
        }
        None => {
            tx.execute(
                "INSERT INTO event_aliases(key, event_id, alias) VALUES (?1,?2,?3)",
                params![key, event, alias.trim()],
            )?;
        }
    }
    audit(
        &tx,
        Some(admin),
        "event.alias",
        &format!("event {event}"),
        alias,
    )?;
    tx.commit()?;
    Ok(())
}

/// Merges event `from` into `into`: games, aliases and ratings move; `from` is deleted.
pub fn merge_events(conn: &Connection, admin: &Member, into: i64, from: i64) -> Result<()> {
    merge(conn, admin, &MERGE_EVENTS, into, from)
}

/// Merges record `from` into `into` in one transaction, with an audit entry.
pub(super) fn merge(
    conn: &Connection,
    admin: &Member,
    spec: &MergeSpec,
    into: i64,
    from: i64,
) -> Result<()> {
    require_curator(conn, admin)?;
    let what = spec.what;
    if into == from {
        return Err(Error::BadRequest(format!(
            "{} {what} cannot be merged into itself",
            spec.article
        )));
    }
    for id in [into, from] {
        if !exists(conn, spec.table, id)? {
            return Err(Error::NotFound(format!("no {what} {id}")));
        }
    }
    let tx = conn.unchecked_transaction()?;
    let merge_id = super::merges::record(&tx, spec, into, from)?;
    for t in spec.referring {
        tx.execute(
            &format!(
                "UPDATE {t} SET {col} = ?1 WHERE {col} = ?2",
                col = spec.column
            ),
            params![into, from],
        )?;
    }
    tx.execute(
        &format!("DELETE FROM {} WHERE id = ?1", spec.table),
        params![from],
    )?;
    audit(
        &tx,
        Some(admin),
        &format!("{what}.merge"),
        &format!("{what} {into}"),
        &format!("merged {what} {from} (merge {merge_id}, reversible)"),
    )?;
    tx.commit()?;
    Ok(())
}

/// Sets an event's scoring scheme (JSON, see [`Scheme`]) and facts.
pub fn update_event(
    conn: &Connection,
    admin: &Member,
    event: i64,
    patch: &EventPatch,
) -> Result<()> {
    require_curator(conn, admin)?;
    if !exists(conn, "events", event)? {
        return Err(Error::NotFound(format!("no event {event}")));
    }
    check_patch(patch)?;
    if let Some(s) = &patch.scoring {
        let _: Scheme = serde_json::from_value(s.clone())
            .map_err(|e| Error::BadRequest(format!("scoring: {e}")))?;
        conn.execute(
            "UPDATE events SET scoring = ?1 WHERE id = ?2",
            params![s.to_string(), event],
        )?;
    }
    for (col, v) in [
        ("name", &patch.name),
        ("format", &patch.format),
        ("organiser", &patch.organiser),
        ("site", &patch.site),
    ] {
        if let Some(v) = v {
            conn.execute(
                &format!("UPDATE events SET {col} = ?1 WHERE id = ?2"),
                params![v.trim(), event],
            )?;
        }
    }
    audit(
        conn,
        Some(admin),
        "event.update",
        &format!("event {event}"),
        "",
    )
}

/// Every field of a patch within its length, without control characters (400 otherwise); a
/// name, when given, not empty.
fn check_patch(patch: &EventPatch) -> Result<()> {
    if let Some(n) = &patch.name {
        check_field("name", n, MAX_NAME_CHARS, false)?;
    }
    for (what, v) in [
        ("format", &patch.format),
        ("organiser", &patch.organiser),
        ("site", &patch.site),
    ] {
        if let Some(v) = v {
            check_field(what, v, MAX_FIELD_CHARS, true)?;
        }
    }
    if let Some(s) = &patch.scoring
        && s.to_string().len() > MAX_SCORING_BYTES
    {
        return Err(Error::BadRequest(format!(
            "scoring is at most {MAX_SCORING_BYTES} bytes of JSON"
        )));
    }
    Ok(())
}

#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventPatch {
    pub name: Option<String>,
    pub site: Option<String>,
    pub format: Option<String>,
    pub organiser: Option<String>,
    pub scoring: Option<serde_json::Value>,
}

// ------------------------------------------------------------------ standings
