//! Players: the list, one player's games and results by side, and the aliases a search term
//! stands for.

use crate::error::{Error, Result};
use crate::explorer::{Rate, wilson};
use crate::store::keys::{event_key, player_key};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use std::collections::BTreeMap;

use super::events::EventRow;

#[derive(Debug, Clone, Serialize)]
pub struct PlayerRow {
    pub id: i64,
    pub name: String,
    pub games: i64,
}

pub fn players(conn: &Connection, q: Option<&str>) -> Result<Vec<PlayerRow>> {
    let key = q.map(player_key).unwrap_or_default();
    Ok(conn
        .prepare(
            "SELECT p.id, p.name, (SELECT count(*) FROM seats s WHERE s.player_id = p.id) FROM players p
             WHERE ?1 = '' OR p.id IN (SELECT player_id FROM player_aliases WHERE key LIKE '%' || ?1 || '%')
             ORDER BY p.name LIMIT 500",
        )?
        .query_map(params![key], |r| Ok(PlayerRow { id: r.get(0)?, name: r.get(1)?, games: r.get(2)? }))?
        .collect::<std::result::Result<_, _>>()?)
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerGame {
    pub id: i64,
    pub kind: String,
    pub title: Option<String>,
    pub date: Option<String>,
    pub event: Option<String>,
    pub event_id: Option<i64>,
    pub seat: String,
    pub outcome: Option<String>,
    pub placing: Option<i64>,
    pub final_score: Option<i64>,
    /// 1 won, 0.5 drew, 0 lost; HotW: (players − placing) / (players − 1).
    pub score: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct BySide {
    pub kind: String,
    pub side: String,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    pub win_rate: Rate,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    pub id: i64,
    pub name: String,
    pub aliases: Vec<String>,
    pub games: Vec<PlayerGame>,
    pub by_side: Vec<BySide>,
    /// HotW empires this player held: (empire, turns, mean gain).
    pub empires: Vec<(String, i64, Option<f64>)>,
    pub events: Vec<EventRow>,
    pub ratings: Vec<(Option<i64>, f64)>,
}

pub fn player(conn: &Connection, id: i64) -> Result<PlayerView> {
    let name: String = conn
        .query_row("SELECT name FROM players WHERE id = ?1", params![id], |r| {
            r.get(0)
        })
        .optional()?
        .ok_or_else(|| Error::NotFound(format!("no player {id}")))?;
    let aliases = conn
        .prepare("SELECT alias FROM player_aliases WHERE player_id = ?1 ORDER BY alias")?
        .query_map(params![id], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    let mut games: Vec<PlayerGame> = conn
        .prepare(
            "SELECT g.id, g.kind, g.title, g.date, g.event, g.event_id, s.seat, s.outcome, s.placing, s.final_score,
                    (SELECT count(*) FROM seats x WHERE x.game_id = g.id AND x.placing IS NOT NULL)
             FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = ?1 ORDER BY coalesce(g.date, ''), g.id",
        )?
        .query_map(params![id], |r| {
            let outcome: Option<String> = r.get(7)?;
            let placing: Option<i64> = r.get(8)?;
            let n: i64 = r.get(10)?;
            let score = match (outcome.as_deref(), placing) {
                (Some("win"), _) => Some(1.0),
                (Some("draw"), _) => Some(0.5),
                (Some("loss"), _) => Some(0.0),
                (_, Some(p)) if n > 1 => Some((n - p) as f64 / (n - 1) as f64),
                _ => None,
            };
            Ok(PlayerGame {
                id: r.get(0)?,
                kind: r.get(1)?,
                title: r.get(2)?,
                date: r.get(3)?,
                event: r.get(4)?,
                event_id: r.get(5)?,
                seat: r.get(6)?,
                outcome,
                placing,
                final_score: r.get(9)?,
                score,
            })
        })?
        .collect::<std::result::Result<_, _>>()?;
    games.truncate(5000);
    let mut sides: BTreeMap<(String, String), (i64, i64, i64, i64)> = BTreeMap::new();
    for g in &games {
        let e = sides.entry((g.kind.clone(), g.seat.clone())).or_default();
        e.0 += 1;
        match (g.outcome.as_deref(), g.placing) {
            (Some("win"), _) | (_, Some(1)) => e.1 += 1,
            (Some("draw"), _) => e.2 += 1,
            (Some("loss"), _) | (_, Some(_)) => e.3 += 1,
            _ => {}
        }
    }
    let by_side = sides
        .into_iter()
        .map(|((kind, side), (n, w, d, l))| BySide {
            kind,
            side,
            games: n,
            wins: w,
            draws: d,
            losses: l,
            win_rate: wilson(w, w + d + l),
        })
        .collect();
    let empires = conn
        .prepare(
            "SELECT t.empire, count(*), avg(t.gain) FROM hotw_turns t JOIN seats s ON s.game_id = t.game_id AND s.seat = t.player
             WHERE s.player_id = ?1 GROUP BY t.empire ORDER BY count(*) DESC, t.empire",
        )?
        .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?, r.get::<_, Option<f64>>(2)?.map(|x| (x * 100.0).round() / 100.0))))?
        .collect::<std::result::Result<_, _>>()?;
    let events = conn
        .prepare(
            "SELECT e.id, e.name, e.site, e.start_date, count(*) FROM events e JOIN games g ON g.event_id = e.id
             JOIN seats s ON s.game_id = g.id WHERE s.player_id = ?1 GROUP BY e.id ORDER BY coalesce(e.start_date, ''), e.name",
        )?
        .query_map(params![id], |r| Ok(EventRow { id: r.get(0)?, name: r.get(1)?, site: r.get(2)?, start_date: r.get(3)?, games: r.get(4)? }))?
        .collect::<std::result::Result<_, _>>()?;
    let ratings = conn
        .prepare("SELECT event_id, rating FROM ratings WHERE player_id = ?1")?
        .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<std::result::Result<_, _>>()?;
    Ok(PlayerView {
        id,
        name,
        aliases,
        games,
        by_side,
        empires,
        events,
        ratings,
    })
}

/// Other spellings a `player:` or `event:` search term stands for, from the alias tables.
pub fn search_aliases(
    conn: &Connection,
    field: crate::store::index::query::Field,
    value: &str,
) -> Result<Vec<String>> {
    use crate::store::index::query::Field as F;
    match field {
        F::Player => {
            let key = player_key(value);
            if key.is_empty() {
                return Ok(Vec::new());
            }
            Ok(conn
                .prepare_cached(
                    "SELECT DISTINCT a.alias FROM player_aliases a WHERE a.player_id IN
                        (SELECT player_id FROM player_aliases WHERE key = ?1) LIMIT 50",
                )?
                .query_map(params![key], |r| r.get(0))?
                .collect::<std::result::Result<_, _>>()?)
        }
        F::Event => {
            // Keys of the events this name stands for: with a year, that year's event; without,
            // the events of that name in every year.
            let key = event_key(value, None);
            let (core, year) = key.split_once('|').unwrap_or((key.as_str(), ""));
            if core.is_empty() {
                return Ok(Vec::new());
            }
            let sql = "SELECT DISTINCT a.key FROM event_aliases a WHERE a.event_id IN
                (SELECT event_id FROM event_aliases WHERE key = ?1 OR (?2 = '' AND key LIKE ?3 || '|%')) LIMIT 200";
            Ok(conn
                .prepare_cached(sql)?
                .query_map(params![key, year, core], |r| r.get(0))?
                .collect::<std::result::Result<_, _>>()?)
        }
        _ => Ok(Vec::new()),
    }
}
