//! The name authority: players and events as first-class records, the keys that merge spelling
//! variants, admin actions (aliases, merge, split), and tournament standings.
//!
//! Keys fold what transcribers vary without meaning to: case, spacing and punctuation, full-width
//! forms, traditional vs simplified characters. An event key also sets a year apart: "Taipei Open",
//! "taipei  open 2017" and "臺北 Open" dated 2017 are one event; the same name in 2018 is another.
//! Everything else (romanizations, nicknames) is an alias an admin adds.

use std::collections::BTreeMap;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::auth::{Member, Role, audit, require};
use crate::error::{Error, Result};
use crate::explorer::{Rate, wilson};
use crate::store::keys::{event_key, player_key};

// ------------------------------------------------------------------ admin actions

fn exists(conn: &Connection, table: &str, id: i64) -> Result<bool> {
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
    require(admin, Role::Admin)?;
    if !exists(conn, "players", player)? {
        return Err(Error::NotFound(format!("no player {player}")));
    }
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
    require(admin, Role::Admin)?;
    let name = name.trim();
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
    require(admin, Role::Admin)?;
    if !exists(conn, "events", event)? {
        return Err(Error::NotFound(format!("no event {event}")));
    }
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

/// What merging one record into another moves: the table, the column that points at it in each
/// referring table, and how it is named in messages and the audit log.
struct MergeSpec {
    table: &'static str,
    what: &'static str,
    article: &'static str,
    column: &'static str,
    referring: [&'static str; 3],
}

const MERGE_PLAYERS: MergeSpec = MergeSpec {
    table: "players",
    what: "player",
    article: "a",
    column: "player_id",
    referring: ["seats", "player_aliases", "ratings"],
};

const MERGE_EVENTS: MergeSpec = MergeSpec {
    table: "events",
    what: "event",
    article: "an",
    column: "event_id",
    referring: ["games", "event_aliases", "ratings"],
};

/// Merges record `from` into `into` in one transaction, with an audit entry.
fn merge(conn: &Connection, admin: &Member, spec: &MergeSpec, into: i64, from: i64) -> Result<()> {
    require(admin, Role::Admin)?;
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
        &format!("merged {what} {from}"),
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
    require(admin, Role::Admin)?;
    if !exists(conn, "events", event)? {
        return Err(Error::NotFound(format!("no event {event}")));
    }
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

/// A scoring scheme. Defaults (README): HotW placing points 6-5-4-3-2-1 (tied places share the mean
/// of their points); 三国 win 2, draw 1, loss 0; WEC win 1, draw ½, loss 0.
#[derive(Debug, Clone, PartialEq, serde::Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Scheme {
    #[serde(default)]
    pub placing: Option<Vec<f64>>,
    #[serde(default)]
    pub win: Option<f64>,
    #[serde(default)]
    pub draw: Option<f64>,
    #[serde(default)]
    pub loss: Option<f64>,
}

impl Scheme {
    pub fn default_for(kind: &str) -> Scheme {
        match kind {
            "hotw" => Scheme {
                placing: Some(vec![6.0, 5.0, 4.0, 3.0, 2.0, 1.0]),
                win: None,
                draw: None,
                loss: None,
            },
            "wec" => Scheme {
                placing: None,
                win: Some(1.0),
                draw: Some(0.5),
                loss: Some(0.0),
            },
            _ => Scheme {
                placing: None,
                win: Some(2.0),
                draw: Some(1.0),
                loss: Some(0.0),
            },
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Standing {
    pub player: String,
    pub player_id: i64,
    pub games: i64,
    pub points: f64,
    pub place: usize,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    /// Tie-breaks in the order applied: HotW total final score; 三国 eliminations made; WEC
    /// Sonneborn-Berger. Then wins.
    pub tiebreak: f64,
    /// Points after each round, in round order.
    pub by_round: Vec<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SeatResult {
    pub game: i64,
    pub round: Option<String>,
    pub seat: String,
    pub player_id: i64,
    pub player: String,
    pub points: f64,
    pub outcome: Option<String>,
    pub placing: Option<i64>,
    pub final_score: Option<i64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct EventView {
    pub id: i64,
    pub name: String,
    pub site: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub rounds: Option<i64>,
    pub format: Option<String>,
    pub organiser: Option<String>,
    pub kind: Option<String>,
    pub scheme: Scheme,
    pub aliases: Vec<String>,
    pub games: Vec<crate::store::reads::GameRow>,
    pub standings: Vec<Standing>,
    pub round_names: Vec<String>,
    pub results: Vec<SeatResult>,
    /// Two-sided events: crosstable[i][j] = results of standings[i] against standings[j].
    pub crosstable: Vec<Vec<String>>,
}

fn round_order(r: &str) -> (i64, String) {
    (r.trim().parse::<i64>().unwrap_or(i64::MAX), r.to_string())
}

/// An event with its games, standings, rounds and (for two-sided games) crosstable.
pub fn event(conn: &Connection, id: i64) -> Result<EventView> {
    let row = conn
        .query_row(
            "SELECT name, site, start_date, end_date, rounds, format, organiser, scoring FROM events WHERE id = ?1",
            params![id],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, Option<String>>(1)?,
                    r.get::<_, Option<String>>(2)?,
                    r.get::<_, Option<String>>(3)?,
                    r.get::<_, Option<i64>>(4)?,
                    r.get::<_, Option<String>>(5)?,
                    r.get::<_, Option<String>>(6)?,
                    r.get::<_, Option<String>>(7)?,
                ))
            },
        )
        .optional()?
        .ok_or_else(|| Error::NotFound(format!("no event {id}")))?;
    let (name, site, start_date, end_date, rounds, format, organiser, scoring) = row;
    let aliases: Vec<String> = conn
        .prepare("SELECT DISTINCT alias FROM event_aliases WHERE event_id = ?1 ORDER BY alias")?
        .query_map(params![id], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    let games: Vec<crate::store::reads::GameRow> = conn
        .prepare("SELECT id, kind, title, date, event, result FROM games WHERE event_id = ?1 ORDER BY id")?
        .query_map(params![id], |r| {
            Ok(crate::store::reads::GameRow {
                id: r.get(0)?,
                kind: r.get(1)?,
                title: r.get(2)?,
                date: r.get(3)?,
                event: r.get(4)?,
                result: r.get(5)?,
            })
        })?
        .collect::<std::result::Result<_, _>>()?;
    let kind = {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for g in &games {
            *counts.entry(g.kind.as_str()).or_default() += 1;
        }
        counts
            .into_iter()
            .max_by_key(|(_, n)| *n)
            .map(|(k, _)| k.to_string())
    };
    let scheme = scoring
        .and_then(|s| serde_json::from_str::<Scheme>(&s).ok())
        .unwrap_or_else(|| Scheme::default_for(kind.as_deref().unwrap_or("")));
    let mut results: Vec<SeatResult> = conn
        .prepare(
            "SELECT s.game_id, g.round, s.seat, s.player_id, p.name, s.outcome, s.placing, s.final_score
             FROM seats s JOIN games g ON g.id = s.game_id JOIN players p ON p.id = s.player_id
             WHERE g.event_id = ?1 AND s.player_id IS NOT NULL ORDER BY s.game_id, s.seq",
        )?
        .query_map(params![id], |r| {
            Ok(SeatResult {
                game: r.get(0)?,
                round: r.get(1)?,
                seat: r.get(2)?,
                player_id: r.get(3)?,
                player: r.get(4)?,
                points: 0.0,
                outcome: r.get(5)?,
                placing: r.get(6)?,
                final_score: r.get(7)?,
            })
        })?
        .collect::<std::result::Result<_, _>>()?;
    // Points of each seat.
    for r in &mut results {
        r.points = match (&scheme.placing, r.placing, r.outcome.as_deref()) {
            (Some(_), Some(_), _) => 0.0, // placing points: below, tied places share
            (_, _, Some("win")) => scheme.win.unwrap_or(0.0),
            (_, _, Some("draw")) => scheme.draw.unwrap_or(0.0),
            (_, _, Some("loss")) => scheme.loss.unwrap_or(0.0),
            _ => 0.0,
        };
    }
    if let Some(pts) = &scheme.placing {
        let mut by_game: BTreeMap<i64, Vec<usize>> = BTreeMap::new();
        for (i, r) in results.iter().enumerate() {
            by_game.entry(r.game).or_default().push(i);
        }
        for idx in by_game.values() {
            for &i in idx {
                let Some(place) = results[i].placing else {
                    continue;
                };
                let tied = idx
                    .iter()
                    .filter(|&&j| results[j].placing == Some(place))
                    .count();
                let first = (place - 1).max(0) as usize;
                let sum: f64 = (first..first + tied)
                    .map(|k| pts.get(k).copied().unwrap_or(0.0))
                    .sum();
                results[i].points = sum / tied as f64;
            }
        }
    }
    // Eliminations made by each seat (三国 titles).
    let mut elim: BTreeMap<(i64, String), f64> = BTreeMap::new();
    if kind.as_deref() == Some("sanguo") {
        let mut st = conn.prepare(
            "SELECT e.game_id, e.by_side, e.sides FROM sanguo_title_events e JOIN games g ON g.id = e.game_id
             WHERE g.event_id = ?1 AND e.type IN ('eliminate', 'stalemate')",
        )?;
        let rows = st.query_map(params![id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, Option<String>>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?;
        for row in rows {
            let (g, by, sides) = row?;
            if let Some(by) = by {
                *elim.entry((g, by)).or_default() += sides.split_whitespace().count() as f64;
            }
        }
    }
    let mut round_names: Vec<String> = results.iter().filter_map(|r| r.round.clone()).collect();
    round_names.sort_by_key(|r| round_order(r));
    round_names.dedup();
    // Aggregate per player.
    let mut per: BTreeMap<i64, Standing> = BTreeMap::new();
    for r in &results {
        let s = per.entry(r.player_id).or_insert_with(|| Standing {
            player: r.player.clone(),
            player_id: r.player_id,
            games: 0,
            points: 0.0,
            place: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            tiebreak: 0.0,
            by_round: vec![0.0; round_names.len()],
        });
        s.games += 1;
        s.points += r.points;
        let won = r.outcome.as_deref() == Some("win") || r.placing == Some(1);
        s.wins += i64::from(won);
        s.draws += i64::from(r.outcome.as_deref() == Some("draw"));
        s.losses +=
            i64::from(r.outcome.as_deref() == Some("loss") || r.placing.is_some_and(|p| p > 1));
        match kind.as_deref() {
            Some("hotw") => s.tiebreak += r.final_score.unwrap_or(0) as f64,
            Some("sanguo") => {
                s.tiebreak += elim.get(&(r.game, r.seat.clone())).copied().unwrap_or(0.0)
            }
            _ => {}
        }
        if let Some(ix) = r
            .round
            .as_ref()
            .and_then(|rn| round_names.iter().position(|x| x == rn))
        {
            s.by_round[ix] += r.points;
        }
    }
    // Sonneborn-Berger for two-sided games: the points of the opponents beaten, half of those drawn.
    if kind.as_deref() == Some("wec") {
        let totals: BTreeMap<i64, f64> = per.iter().map(|(k, v)| (*k, v.points)).collect();
        let mut by_game: BTreeMap<i64, Vec<&SeatResult>> = BTreeMap::new();
        for r in &results {
            by_game.entry(r.game).or_default().push(r);
        }
        for seats in by_game.values() {
            for a in seats {
                for b in seats.iter().filter(|b| b.player_id != a.player_id) {
                    let f = match a.outcome.as_deref() {
                        Some("win") => 1.0,
                        Some("draw") => 0.5,
                        _ => 0.0,
                    };
                    if let Some(s) = per.get_mut(&a.player_id) {
                        s.tiebreak += f * totals.get(&b.player_id).copied().unwrap_or(0.0);
                    }
                }
            }
        }
    }
    let mut standings: Vec<Standing> = per.into_values().collect();
    for s in &mut standings {
        let mut acc = 0.0;
        for v in &mut s.by_round {
            acc += *v;
            *v = acc;
        }
    }
    let cmp = |a: &Standing, b: &Standing| {
        b.points
            .total_cmp(&a.points)
            .then(b.tiebreak.total_cmp(&a.tiebreak))
            .then(b.wins.cmp(&a.wins))
    };
    standings.sort_by(|a, b| cmp(a, b).then_with(|| a.player.cmp(&b.player)));
    for i in 0..standings.len() {
        standings[i].place = if i > 0 && cmp(&standings[i - 1], &standings[i]).is_eq() {
            standings[i - 1].place
        } else {
            i + 1
        };
    }
    let crosstable = if kind.as_deref() == Some("wec") {
        let ix: BTreeMap<i64, usize> = standings
            .iter()
            .enumerate()
            .map(|(i, s)| (s.player_id, i))
            .collect();
        let mut t = vec![vec![String::new(); standings.len()]; standings.len()];
        let mut by_game: BTreeMap<i64, Vec<&SeatResult>> = BTreeMap::new();
        for r in &results {
            by_game.entry(r.game).or_default().push(r);
        }
        for seats in by_game.values() {
            for a in seats {
                for b in seats.iter().filter(|b| b.player_id != a.player_id) {
                    if let (Some(&i), Some(&j)) = (ix.get(&a.player_id), ix.get(&b.player_id)) {
                        let mark = match a.outcome.as_deref() {
                            Some("win") => "1",
                            Some("draw") => "½",
                            Some("loss") => "0",
                            _ => "?",
                        };
                        if !t[i][j].is_empty() {
                            t[i][j].push(' ');
                        }
                        t[i][j].push_str(mark);
                    }
                }
            }
        }
        t
    } else {
        Vec::new()
    };
    Ok(EventView {
        id,
        name,
        site,
        start_date,
        end_date,
        rounds,
        format,
        organiser,
        kind,
        scheme,
        aliases,
        games,
        standings,
        round_names,
        results,
        crosstable,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct EventRow {
    pub id: i64,
    pub name: String,
    pub site: Option<String>,
    pub start_date: Option<String>,
    pub games: i64,
}

pub fn events(conn: &Connection) -> Result<Vec<EventRow>> {
    Ok(conn
        .prepare(
            "SELECT e.id, e.name, e.site, e.start_date, (SELECT count(*) FROM games g WHERE g.event_id = e.id)
             FROM events e ORDER BY coalesce(e.start_date, '') DESC, e.name",
        )?
        .query_map([], |r| Ok(EventRow { id: r.get(0)?, name: r.get(1)?, site: r.get(2)?, start_date: r.get(3)?, games: r.get(4)? }))?
        .collect::<std::result::Result<_, _>>()?)
}

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
