//! A player or an event named on a form: by its id, or by a name or alias as written (the keys
//! that merge spelling variants), for the curators' "merge into…" form.

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::Result;
use crate::store::keys::{event_key, player_key};

/// What a typed id or name finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    One(i64),
    Nothing,
    /// More than one record has the name: an id says which.
    Several,
}

fn by_id(conn: &Connection, table: &str, id: i64) -> Result<Found> {
    let hit = conn
        .query_row(
            &format!("SELECT id FROM {table} WHERE id = ?1"),
            params![id],
            |r| r.get::<_, i64>(0),
        )
        .optional()?;
    Ok(hit.map_or(Found::Nothing, Found::One))
}

fn one_of(ids: Vec<i64>) -> Found {
    match ids.as_slice() {
        [] => Found::Nothing,
        [one] => Found::One(*one),
        _ => Found::Several,
    }
}

/// The player `text` names: a number is an id, else a name or alias.
pub fn player_named(conn: &Connection, text: &str) -> Result<Found> {
    let text = text.trim();
    if let Ok(id) = text.parse::<i64>() {
        return by_id(conn, "players", id);
    }
    let by_key = conn
        .query_row(
            "SELECT player_id FROM player_aliases WHERE key = ?1",
            params![player_key(text)],
            |r| r.get::<_, i64>(0),
        )
        .optional()?;
    if let Some(id) = by_key {
        return Ok(Found::One(id));
    }
    let ids = conn
        .prepare("SELECT id FROM players WHERE name = ?1 COLLATE NOCASE")?
        .query_map(params![text], |r| r.get(0))?
        .collect::<std::result::Result<Vec<i64>, _>>()?;
    Ok(one_of(ids))
}

/// The event `text` names: a number is an id, else a name or alias.
pub fn event_named(conn: &Connection, text: &str) -> Result<Found> {
    let text = text.trim();
    if let Ok(id) = text.parse::<i64>() {
        return by_id(conn, "events", id);
    }
    let mut ids = conn
        .prepare(
            "SELECT event_id FROM event_aliases WHERE key = ?1
             UNION SELECT id FROM events WHERE name = ?2 COLLATE NOCASE",
        )?
        .query_map(params![event_key(text, None), text], |r| r.get(0))?
        .collect::<std::result::Result<Vec<i64>, _>>()?;
    ids.sort_unstable();
    ids.dedup();
    Ok(one_of(ids))
}
