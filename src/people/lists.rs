//! The lists of players and events, a page at a time with their totals: every player and every
//! event can be reached, whatever their number.

use rusqlite::{Connection, params};
use serde::Serialize;

use super::players::PlayerRow;
use crate::error::Result;
use crate::store::keys::player_key;

/// Players whose names (or aliases) hold `q`, by name: (total, one page).
pub fn player_list(
    conn: &Connection,
    q: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<PlayerRow>)> {
    let key = q.map(player_key).unwrap_or_default();
    let filter =
        "?1 = '' OR p.id IN (SELECT player_id FROM player_aliases WHERE key LIKE '%' || ?1 || '%')";
    let total: i64 = conn.query_row(
        &format!("SELECT count(*) FROM players p WHERE {filter}"),
        params![key],
        |r| r.get(0),
    )?;
    let rows = conn
        .prepare(&format!(
            "SELECT p.id, p.name, (SELECT count(*) FROM seats s WHERE s.player_id = p.id) FROM players p
             WHERE {filter} ORDER BY p.name, p.id LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![key, limit, offset], |r| {
            Ok(PlayerRow {
                id: r.get(0)?,
                name: r.get(1)?,
                games: r.get(2)?,
            })
        })?
        .collect::<std::result::Result<_, _>>()?;
    Ok((total, rows))
}

/// An event in the list: its games and the kinds they are.
#[derive(Debug, Clone, Serialize)]
pub struct EventListRow {
    pub id: i64,
    pub name: String,
    pub site: Option<String>,
    pub start_date: Option<String>,
    pub games: i64,
    /// The kinds of its games (`hotw`, `sanguo`, …), in order.
    pub kinds: Vec<String>,
}

/// Events whose name holds `q`, with a game of `kind`, latest first: (total, one page).
pub fn event_list(
    conn: &Connection,
    q: Option<&str>,
    kind: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<EventListRow>)> {
    let q = q.map(crate::store::reads::like_pattern).unwrap_or_default();
    let kind = kind.unwrap_or("");
    let filter = "(?1 = '' OR e.name LIKE ?1 ESCAPE '\\')
        AND (?2 = '' OR EXISTS (SELECT 1 FROM games g WHERE g.event_id = e.id AND g.kind = ?2))";
    let total: i64 = conn.query_row(
        &format!("SELECT count(*) FROM events e WHERE {filter}"),
        params![q, kind],
        |r| r.get(0),
    )?;
    let rows = conn
        .prepare(&format!(
            "SELECT e.id, e.name, e.site, e.start_date,
                    (SELECT count(*) FROM games g WHERE g.event_id = e.id),
                    (SELECT group_concat(k, ' ') FROM (SELECT DISTINCT g.kind AS k FROM games g WHERE g.event_id = e.id ORDER BY k))
             FROM events e WHERE {filter}
             ORDER BY coalesce(e.start_date, '') DESC, e.name, e.id LIMIT ?3 OFFSET ?4"
        ))?
        .query_map(params![q, kind, limit, offset], |r| {
            let kinds: Option<String> = r.get(5)?;
            Ok(EventListRow {
                id: r.get(0)?,
                name: r.get(1)?,
                site: r.get(2)?,
                start_date: r.get(3)?,
                games: r.get(4)?,
                kinds: kinds
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
            })
        })?
        .collect::<std::result::Result<_, _>>()?;
    Ok((total, rows))
}
