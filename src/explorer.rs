//! The opening explorer, in the manner of lichess, for games with a move sequence (三国, WEC): for
//! a prefix of moves, the next moves with game counts and results per side (three sides and draws
//! for 三国), and the games that reached it. It reads the tree of positions the store keeps
//! ([`crate::store::tree`]).

use annals_import::Kind;
use rusqlite::{Connection, params};
use serde::Serialize;

use crate::error::{Error, Result};
pub use crate::next_moves::{GameRef, NextMove, Rate, THIN, next_move, wilson};
use crate::next_moves::{game_ref, game_refs};
use crate::scope::Scope;
use crate::store::tree::{Node, ROOT, get_node, normalize_move, prefixes, step, stored_game};

pub use crate::store::tree::sides;

#[derive(Debug, Clone, Serialize)]
pub struct Position {
    /// The board's key (16 hex digits), when the moves replay.
    pub position: Option<String>,
    /// Games that reached the position by any move order, each once (at the root: the games with
    /// at least one move; past the plies positions are kept for, the games that played these
    /// moves in this order).
    pub games: i64,
    pub moves: Vec<NextMove>,
    /// A page of the games that reached it (newest first): 20 from the first by default.
    pub sample: Vec<GameRef>,
    /// How many games the sample pages through (at the start: every game of the kind).
    pub sample_total: i64,
}

/// The furthest a page of the sample may start: the newest games are found best first, so a page
/// costs as much as every page before it.
pub const MAX_SAMPLE_OFFSET: usize = 5_000;

/// The explorer at `moves` (notations as written; they are normalized here), with the newest 20
/// games that reached it.
pub fn explore(conn: &Connection, kind: Kind, moves: &[String]) -> Result<Position> {
    explore_page(conn, kind, moves, &Scope::default(), 20, 0)
}

/// The explorer at `moves` over the games of `scope`, with the sample's page: `limit` games after
/// the newest `offset`. The position the moves reach is counted by position where positions are
/// kept ([`crate::positions`]: a game that reached it by another order counts too), else by the
/// tree of move sequences; a scope is counted by position only, so it reaches the plies
/// positions are kept for.
pub fn explore_page(
    conn: &Connection,
    kind: Kind,
    moves: &[String],
    scope: &Scope,
    limit: usize,
    offset: usize,
) -> Result<Position> {
    if offset > MAX_SAMPLE_OFFSET {
        return Err(Error::BadRequest(format!(
            "offset is at most {MAX_SAMPLE_OFFSET} in the explorer's games"
        )));
    }
    let keys: Vec<String> = moves
        .iter()
        .map(|m| normalize_move(m))
        .filter(|m| !m.is_empty())
        .collect();
    let key = crate::positions::key_after(kind, &keys);
    if !scope.is_all() {
        if !crate::positions::kept(keys.len()) {
            return Err(Error::BadRequest(format!(
                "an explorer limited to an event, a player or a collection reaches the first {} plies",
                crate::store::positions::PLIES
            )));
        }
        return match key {
            Some(key) => at_key(conn, kind, key, scope, limit, offset),
            None => Ok(Position::empty(None)),
        };
    }
    // Until a side has moved twice no other order reaches the board (but by moving pieces
    // back), and those first positions are the most played: the tree counts them without a scan.
    let by_position = key.filter(|_| {
        keys.len() >= crate::positions::first_transposable(kind)
            && crate::positions::kept(keys.len())
    });
    let Some(key) = by_position else {
        let mut pos = by_sequence(conn, kind, moves, limit, offset)?;
        pos.position = key.map(crate::store::positions::key_text);
        return Ok(pos);
    };
    // (the sample is the position's: the tree's is not read)
    let mut pos = by_sequence(conn, kind, moves, 0, 0)?;
    pos.position = Some(crate::store::positions::key_text(key));
    let (r, total, games) = crate::positions::at(conn, kind, key, scope, limit, offset)?;
    pos.games = r.games;
    pos.moves = r.moves;
    pos.sample = games.into_iter().map(|g| g.game).collect();
    pos.sample_total = total;
    Ok(pos)
}

/// The explorer at the board `key`, whatever moves reached it, over the games of `scope`, with
/// the sample's page.
pub fn at_key(
    conn: &Connection,
    kind: Kind,
    key: i64,
    scope: &Scope,
    limit: usize,
    offset: usize,
) -> Result<Position> {
    if sides(kind).is_empty() {
        return Err(Error::BadRequest(format!(
            "the move explorer covers sanguo and wec, not {kind}"
        )));
    }
    let position = Some(crate::store::positions::key_text(key));
    // A key is one kind's (each kind hashes with its own seeds); another kind's is no position here.
    if crate::positions::kind_of_key(conn, key)?.is_some_and(|k| k != kind) {
        return Ok(Position::empty(position));
    }
    let (r, total, games) = crate::positions::at(conn, kind, key, scope, limit, offset)?;
    Ok(Position {
        position,
        games: r.games,
        moves: r.moves,
        sample: games.into_iter().map(|g| g.game).collect(),
        sample_total: total,
    })
}

impl Position {
    /// No game reached it.
    fn empty(position: Option<String>) -> Position {
        Position {
            position,
            games: 0,
            moves: Vec::new(),
            sample: Vec::new(),
            sample_total: 0,
        }
    }
}

/// The explorer at `moves` by the tree of move sequences, with the sample's page.
pub(crate) fn by_sequence(
    conn: &Connection,
    kind: Kind,
    moves: &[String],
    limit: usize,
    offset: usize,
) -> Result<Position> {
    let sides = sides(kind);
    if sides.is_empty() {
        return Err(Error::BadRequest(format!(
            "the move explorer covers sanguo and wec, not {kind}"
        )));
    }
    let keys: Vec<String> = moves
        .iter()
        .map(|m| normalize_move(m))
        .filter(|m| !m.is_empty())
        .collect();
    if keys.len() > 400 {
        return Err(Error::BadRequest("at most 400 moves".into()));
    }
    let k = kind.as_str();
    if keys.is_empty() {
        let next = children(conn, kind, ROOT)?;
        // The games at the setup are those with a move (the tree's: counting the kind's rows of
        // `games` instead read a third of a million rows at 1M games).
        let games: i64 = conn
            .prepare_cached(
                "SELECT coalesce(sum(games), 0) FROM explorer_nodes WHERE kind = ?1 AND parent = ?2",
            )?
            .query_row(params![k, ROOT], |r| r.get(0))?;
        return Ok(Position {
            position: None,
            games,
            moves: next,
            sample: conn
                .prepare_cached(
                    "SELECT id, title, result, date FROM games WHERE kind = ?1 AND move_count > 0
                     AND id NOT IN (SELECT game_id FROM private_games) ORDER BY id DESC LIMIT ?2 OFFSET ?3",
                )?
                .query_map(params![k, limit as i64, offset as i64], game_ref)?
                .collect::<std::result::Result<Vec<_>, _>>()?,
            sample_total: games,
        });
    }
    let pre = prefixes(&keys);
    let parent_of = |d: usize| if d == 1 { ROOT } else { pre[d - 2] };
    // The deepest stored node on the path (a node's parent is stored whenever it is): a binary
    // search, a few look-ups for any length.
    let (mut lo, mut hi) = (0usize, keys.len());
    let mut found: Option<Node> = None;
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        match get_node(conn, k, parent_of(mid), &keys[mid - 1])? {
            Some(n) => {
                lo = mid;
                found = Some(n);
            }
            None => hi = mid - 1,
        }
    }
    let empty = Position {
        position: None,
        games: 0,
        moves: Vec::new(),
        sample: Vec::new(),
        sample_total: 0,
    };
    let Some(n) = found else {
        return Ok(empty);
    };
    if let (1, Some(h)) = (n.counts[0], n.game) {
        // One game reached the node: the position is on its path or was not played.
        let (hkeys, _) = stored_game(conn, kind, h)?;
        if hkeys.len() < keys.len() || hkeys[lo..keys.len()] != keys[lo..] {
            return Ok(empty);
        }
        let c = &n.counts;
        return Ok(Position {
            position: None,
            games: 1,
            moves: hkeys
                .get(keys.len())
                .map(|mv| next_move(sides, mv.clone(), 1, [c[1], c[2], c[3]], c[4], c[5]))
                .into_iter()
                .collect(),
            sample: if offset == 0 {
                game_refs(conn, &[h])?
            } else {
                Vec::new()
            },
            sample_total: 1,
        });
    }
    if lo < keys.len() {
        return Ok(empty);
    }
    let node = pre[keys.len() - 1];
    Ok(Position {
        position: None,
        games: n.counts[0],
        moves: children(conn, kind, node)?,
        sample: game_refs(
            conn,
            newest_games(conn, k, node, n.newest, offset + limit)?
                .get(offset..)
                .unwrap_or(&[]),
        )?,
        sample_total: n.counts[0],
    })
}

/// The next moves below the node `node` (its own hash), most played first.
fn children(conn: &Connection, kind: Kind, node: i64) -> Result<Vec<NextMove>> {
    let sides = sides(kind);
    let mut st = conn.prepare_cached(
        "SELECT move, games, wins1, wins2, wins3, draws, unknown FROM explorer_nodes
         WHERE kind = ?1 AND parent = ?2 ORDER BY games DESC, move LIMIT 200",
    )?;
    let rows = st.query_map(params![kind.as_str(), node], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?,
            [
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, i64>(4)?,
            ],
            r.get::<_, i64>(5)?,
            r.get::<_, i64>(6)?,
        ))
    })?;
    let mut next = Vec::new();
    for row in rows {
        let (mv, n, w, draws, unknown) = row?;
        next.push(next_move(sides, mv, n, w, draws, unknown));
    }
    Ok(next)
}

/// The `limit` newest games (highest ids) that reached the shared node `node`: best first over
/// its subtree by the newest game under each node, so only the branches holding them are read.
fn newest_games(
    conn: &Connection,
    kind: &str,
    node: i64,
    newest: i64,
    limit: usize,
) -> Result<Vec<i64>> {
    use std::collections::BinaryHeap;
    // (newest game under it, a game (None) or a shared node's hash)
    let mut heap: BinaryHeap<(i64, Option<i64>)> = BinaryHeap::new();
    heap.push((newest, Some(node)));
    let mut out = Vec::new();
    while out.len() < limit {
        let Some((id, at)) = heap.pop() else {
            break;
        };
        let Some(at) = at else {
            out.push(id);
            continue;
        };
        let mut st = conn.prepare_cached(
            "SELECT move, newest, game FROM explorer_nodes WHERE kind = ?1 AND parent = ?2",
        )?;
        let rows = st.query_map(params![kind, at], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, Option<i64>>(2)?,
            ))
        })?;
        for row in rows {
            let (mv, newest, game) = row?;
            heap.push(match game {
                Some(g) => (g, None),
                None => (newest, Some(step(at, &mv))),
            });
        }
        let mut st = conn
            .prepare_cached("SELECT game_id FROM explorer_ends WHERE kind = ?1 AND prefix = ?2")?;
        for g in st.query_map(params![kind, at], |r| r.get::<_, i64>(0))? {
            heap.push((g?, None));
        }
    }
    Ok(out)
}

/// The games that reached `moves` (used by tests).
pub fn node_games(conn: &Connection, kind: Kind, moves: &[&str]) -> Result<i64> {
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    Ok(explore(conn, kind, &moves)?.games)
}
