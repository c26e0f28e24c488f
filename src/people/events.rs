//! Events and their standings under a scoring scheme.

use crate::error::{Error, Result};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use std::collections::BTreeMap;

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
    /// Games played without a known result: counted as played, scoring nothing.
    pub unscored: i64,
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
    /// Games of the event that name no player: in its list of games, in nobody's standing.
    pub without_players: Vec<i64>,
    /// Games of the event without a known result: played, unscored.
    pub without_result: usize,
}

pub(super) fn round_order(r: &str) -> (i64, String) {
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
    let games = event_games(conn, id)?;
    let kind = main_kind(&games);
    let scheme = scoring
        .and_then(|s| serde_json::from_str::<Scheme>(&s).ok())
        .unwrap_or_else(|| Scheme::default_for(kind.as_deref().unwrap_or("")));
    let results = scored_results(conn, id, &scheme)?;
    let elim = if kind.as_deref() == Some("sanguo") {
        eliminations(conn, id)?
    } else {
        BTreeMap::new()
    };
    let mut round_names: Vec<String> = results.iter().filter_map(|r| r.round.clone()).collect();
    round_names.sort_by_key(|r| round_order(r));
    round_names.dedup();
    let mut per = per_player(&results, kind.as_deref(), &round_names, &elim);
    if kind.as_deref() == Some("wec") {
        add_sonneborn_berger(&mut per, &results);
    }
    let standings = ranked(per);
    let crosstable = if kind.as_deref() == Some("wec") {
        crosstable(&standings, &results)
    } else {
        Vec::new()
    };
    let with_players: std::collections::BTreeSet<i64> = results.iter().map(|r| r.game).collect();
    let without_players = games
        .iter()
        .map(|g| g.id)
        .filter(|g| !with_players.contains(g))
        .collect();
    let without_result = games.iter().filter(|g| g.result.is_none()).count();
    Ok(EventView {
        without_players,
        without_result,
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

/// The games of event `id`, in id order.
fn event_games(conn: &Connection, id: i64) -> Result<Vec<crate::store::reads::GameRow>> {
    Ok(conn
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
        .collect::<std::result::Result<_, _>>()?)
}

/// The kind most of the games are of.
fn main_kind(games: &[crate::store::reads::GameRow]) -> Option<String> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for g in games {
        *counts.entry(g.kind.as_str()).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by_key(|(_, n)| *n)
        .map(|(k, _)| k.to_string())
}

/// The seats of the event's games that have a player, with the points `scheme` gives them (tied
/// places share their points).
fn scored_results(conn: &Connection, id: i64, scheme: &Scheme) -> Result<Vec<SeatResult>> {
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
    Ok(results)
}

/// Eliminations (and stalemates) made by each seat of the event's 三国 games, by (game, seat).
fn eliminations(conn: &Connection, id: i64) -> Result<BTreeMap<(i64, String), f64>> {
    let mut elim: BTreeMap<(i64, String), f64> = BTreeMap::new();
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
    Ok(elim)
}

/// Each player's games, points, results, tiebreak and points by round.
fn per_player(
    results: &[SeatResult],
    kind: Option<&str>,
    round_names: &[String],
    elim: &BTreeMap<(i64, String), f64>,
) -> BTreeMap<i64, Standing> {
    let mut per: BTreeMap<i64, Standing> = BTreeMap::new();
    for r in results {
        let s = per.entry(r.player_id).or_insert_with(|| Standing {
            player: r.player.clone(),
            player_id: r.player_id,
            games: 0,
            points: 0.0,
            place: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            unscored: 0,
            tiebreak: 0.0,
            by_round: vec![0.0; round_names.len()],
        });
        s.games += 1;
        s.unscored += i64::from(r.outcome.is_none() && r.placing.is_none());
        s.points += r.points;
        let won = r.outcome.as_deref() == Some("win") || r.placing == Some(1);
        s.wins += i64::from(won);
        s.draws += i64::from(r.outcome.as_deref() == Some("draw"));
        s.losses +=
            i64::from(r.outcome.as_deref() == Some("loss") || r.placing.is_some_and(|p| p > 1));
        match kind {
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
    per
}

/// Sonneborn-Berger for two-sided games, as the tiebreak: the points of the opponents beaten, half
/// of those drawn.
fn add_sonneborn_berger(per: &mut BTreeMap<i64, Standing>, results: &[SeatResult]) {
    let totals: BTreeMap<i64, f64> = per.iter().map(|(k, v)| (*k, v.points)).collect();
    let mut by_game: BTreeMap<i64, Vec<&SeatResult>> = BTreeMap::new();
    for r in results {
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

/// The standings in order, points by round made cumulative, tied players sharing a place.
fn ranked(per: BTreeMap<i64, Standing>) -> Vec<Standing> {
    let mut standings: Vec<Standing> = per.into_values().collect();
    for s in &mut standings {
        let mut acc = 0.0;
        for v in &mut s.by_round {
            acc += *v;
            *v = acc;
        }
    }
    // A player with no scored game has no place yet: listed after those ranked, place 0.
    let unplaced = |s: &Standing| s.unscored == s.games;
    let cmp = |a: &Standing, b: &Standing| {
        unplaced(a)
            .cmp(&unplaced(b))
            .then(b.points.total_cmp(&a.points))
            .then(b.tiebreak.total_cmp(&a.tiebreak))
            .then(b.wins.cmp(&a.wins))
    };
    standings.sort_by(|a, b| cmp(a, b).then_with(|| a.player.cmp(&b.player)));
    for i in 0..standings.len() {
        standings[i].place = if unplaced(&standings[i]) {
            0
        } else if i > 0 && cmp(&standings[i - 1], &standings[i]).is_eq() {
            standings[i - 1].place
        } else {
            i + 1
        };
    }
    standings
}

/// The crosstable of a two-sided event: each player's results against each other, in standings
/// order.
fn crosstable(standings: &[Standing], results: &[SeatResult]) -> Vec<Vec<String>> {
    let ix: BTreeMap<i64, usize> = standings
        .iter()
        .enumerate()
        .map(|(i, s)| (s.player_id, i))
        .collect();
    let mut t = vec![vec![String::new(); standings.len()]; standings.len()];
    let mut by_game: BTreeMap<i64, Vec<&SeatResult>> = BTreeMap::new();
    for r in results {
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
