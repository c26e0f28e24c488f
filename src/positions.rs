//! The explorer by position: what the games that reached a board (by any move order) played from
//! it, and which games those are. Reads the rows [`crate::store::positions`] keeps; the move
//! sequence explorer ([`crate::explorer`]) asks here for every position within their reach.

use annals_import::model::Ctx;
use annals_import::{Body, Kind};
use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::Result;
use crate::next_moves::{GameRef, NextMove, game_refs, next_move};
use crate::scope::Scope;
use crate::store::positions::{PLIES, stored_key};

/// The key of the board a list of moves (notations as the explorer keys them) reaches from the
/// setup, or None when the moves do not replay (an illegal or unreadable move) or the kind has no
/// board.
pub fn key_after(kind: Kind, moves: &[String]) -> Option<i64> {
    let body = replay(kind, moves)?;
    let keys = match &body {
        Body::Sanguo(g) => annals_import::sanguo::position_keys(g),
        Body::Wec(g) => annals_import::wec::position_keys(g),
        _ => return None,
    };
    keys.last().copied().map(stored_key)
}

/// The moves replayed from the setup as a game of their kind (for its board), or None when a
/// move does not replay or the kind has no board.
pub fn replay(kind: Kind, moves: &[String]) -> Option<Body> {
    let text = record_text(kind, moves)?;
    let ctx = Ctx {
        first_line: 1,
        tags: &[],
    };
    let (body, moves_read, errors) = match kind {
        Kind::Sanguo => {
            let p = annals_import::sanguo::parse(&text, &ctx);
            let errors = has_errors(&p.diagnostics);
            let n = p.game.moves.len();
            (Body::Sanguo(p.game), n, errors)
        }
        Kind::Wec => {
            let p = annals_import::wec::parse(&text, &ctx);
            let errors = has_errors(&p.diagnostics);
            let n = p.game.turns.len();
            (Body::Wec(p.game), n, errors)
        }
        _ => return None,
    };
    (!errors && moves_read == moves.len()).then_some(body)
}

fn has_errors(d: &[annals_import::Diagnostic]) -> bool {
    d.iter()
        .any(|d| d.severity == annals_import::Severity::Error)
}

/// The moves written as a record body of their kind: 三国 rounds of three (吴 魏 蜀), WEC one turn
/// a line, Black first.
fn record_text(kind: Kind, moves: &[String]) -> Option<String> {
    let mut out = String::new();
    match kind {
        Kind::Sanguo => {
            for (i, round) in moves.chunks(3).enumerate() {
                out.push_str(&format!("{}.{}\n", i + 1, round.join("，")));
            }
        }
        Kind::Wec => {
            for (i, m) in moves.iter().enumerate() {
                let dots = if i % 2 == 0 { "." } else { "..." };
                out.push_str(&format!("{}{dots} {m}\n", i / 2 + 1));
            }
        }
        _ => return None,
    }
    Some(out)
}

/// The kind of the games that reached `key`, if any did.
pub fn kind_of_key(conn: &Connection, key: i64) -> Result<Option<Kind>> {
    let kind: Option<String> = conn
        .prepare_cached(
            "SELECT g.kind FROM positions p JOIN games g ON g.id = p.game_id WHERE p.key = ?1 LIMIT 1",
        )?
        .query_row(params![key], |r| r.get(0))
        .optional()?;
    Ok(kind.and_then(|k| k.parse().ok()))
}

/// The first ply after which another move order can reach the same board: each side has moved
/// once before it (三国's three sides, WEC's two), so a side's two moves can be swapped.
pub fn first_transposable(kind: Kind) -> usize {
    match kind {
        Kind::Sanguo => 4,
        _ => 3,
    }
}

/// Whether a position `depth` plies from the setup is within the plies positions are kept for.
pub fn kept(depth: usize) -> bool {
    depth <= PLIES
}

/// The games that reached position `key` and the moves they played from it, counted once a game.
pub struct Reached {
    pub games: i64,
    pub moves: Vec<NextMove>,
}

/// A game that reached a position, and the ply where it first did.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GameAt {
    #[serde(flatten)]
    pub game: GameRef,
    pub ply: i64,
}

/// A row of `positions` at one key: (game, ply, the move played from there, result bits).
type Row = (i64, i64, String, i64);

/// The rows of the games of `scope` that reached `key`. The whole archive's are the key's rows of
/// `positions_key` (every column is in the index). A scope's games are read first (an event's,
/// a player's or a collection's, from their own indexes), then either the key's rows are scanned
/// and those of the scope's games kept, or each of its games' row is looked up by game and key.
/// A row scanned costs about a hundredth of a row looked up (one page read a game: 1,588 games
/// took 8 ms at 1M games, the 6,833 rows of a position after one move 0.4 ms), so the key's rows
/// are scanned unless they are more than [`SCAN_PER_GAME`] a game of the scope: the setup (every
/// game's ply 0) is looked up game by game at once. No game's own row is read (the games of a
/// private collection's import have no positions: `crate::store::withheld`).
fn rows_at(conn: &Connection, key: i64, scope: &Scope) -> Result<Vec<Row>> {
    let row = |r: &rusqlite::Row| -> rusqlite::Result<Row> {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
    };
    let Some(ids) = scope.game_ids(conn)? else {
        return Ok(conn
            .prepare_cached("SELECT game_id, ply, next, result FROM positions WHERE key = ?1")?
            .query_map(params![key], row)?
            .collect::<std::result::Result<_, _>>()?);
    };
    let first_ply: Option<i64> = conn
        .prepare_cached("SELECT ply FROM positions WHERE key = ?1 LIMIT 1")?
        .query_row(params![key], |r| r.get(0))
        .optional()?;
    let limit = ids.len() * SCAN_PER_GAME + 4096;
    if first_ply.is_some_and(|p| p > 0) {
        let scanned: Vec<Row> = conn
            .prepare_cached(
                "SELECT game_id, ply, next, result FROM positions WHERE key = ?1 LIMIT ?2",
            )?
            .query_map(params![key, limit as i64], row)?
            .collect::<std::result::Result<_, _>>()?;
        if scanned.len() < limit {
            return Ok(scanned.into_iter().filter(|r| ids.contains(&r.0)).collect());
        }
    } else if first_ply.is_none() {
        return Ok(Vec::new());
    }
    let mut ids: Vec<i64> = ids.into_iter().collect();
    // (in the table's order)
    ids.sort_unstable();
    // One read transaction for all the look-ups: each statement on its own would take and
    // release the database's locks (most of the time of 1,588 look-ups).
    let tx = conn.unchecked_transaction()?;
    let mut out = Vec::new();
    {
        let mut st = tx.prepare_cached(
            "SELECT game_id, ply, next, result FROM positions WHERE game_id = ?1 AND key = ?2",
        )?;
        for id in ids {
            if let Some(r) = st.query_row(params![id, key], row).optional()? {
                out.push(r);
            }
        }
    }
    tx.commit()?;
    Ok(out)
}

/// Rows of a key scanned for each game of a scope before its games are looked up one by one.
const SCAN_PER_GAME: usize = 64;

/// What the games that reached a key played from it, most played first (the move '' — games
/// that ended there — left out of the moves but counted in `games`).
fn count_moves(kind: Kind, rows: &[Row]) -> Reached {
    let sides = crate::store::tree::sides(kind);
    // move → [games, wins1, wins2, wins3, draws, unknown]
    let mut by_move: HashMap<&str, [i64; 6]> = HashMap::new();
    for (_, _, mv, bits) in rows {
        if mv.is_empty() {
            continue;
        }
        let c = by_move.entry(mv.as_str()).or_default();
        c[0] += 1;
        for (i, slot) in c[1..].iter_mut().enumerate() {
            if bits & (1 << i) != 0 {
                *slot += 1;
            }
        }
    }
    let mut by_move: Vec<(&str, [i64; 6])> = by_move.into_iter().collect();
    by_move.sort_by(|a, b| b.1[0].cmp(&a.1[0]).then_with(|| a.0.cmp(b.0)));
    by_move.truncate(200);
    Reached {
        games: rows.len() as i64,
        moves: by_move
            .into_iter()
            .map(|(mv, c)| next_move(sides, mv.to_string(), c[0], [c[1], c[2], c[3]], c[4], c[5]))
            .collect(),
    }
}

/// The games that reached `key`, newest first, a page of them, and how many there are.
pub fn games_at(
    conn: &Connection,
    key: i64,
    scope: &Scope,
    limit: usize,
    offset: usize,
) -> Result<(i64, Vec<GameAt>)> {
    page_of(conn, rows_at(conn, key, scope)?, limit, offset)
}

/// What the games of `scope` that reached `key` played from it ([`count_moves`]) and a page of
/// them ([`games_at`]), from one reading of the key's rows.
pub fn at(
    conn: &Connection,
    kind: Kind,
    key: i64,
    scope: &Scope,
    limit: usize,
    offset: usize,
) -> Result<(Reached, i64, Vec<GameAt>)> {
    let rows = rows_at(conn, key, scope)?;
    let reached = count_moves(kind, &rows);
    let (total, games) = page_of(conn, rows, limit, offset)?;
    Ok((reached, total, games))
}

/// The page `offset..offset + limit` of `rows`' games, newest first, and their number: only the
/// page's games are read.
fn page_of(
    conn: &Connection,
    mut rows: Vec<Row>,
    limit: usize,
    offset: usize,
) -> Result<(i64, Vec<GameAt>)> {
    let total = rows.len() as i64;
    rows.sort_unstable_by_key(|r| std::cmp::Reverse(r.0));
    let page: Vec<(i64, i64)> = rows
        .into_iter()
        .skip(offset)
        .take(limit)
        .map(|(id, ply, _, _)| (id, ply))
        .collect();
    let ids: Vec<i64> = page.iter().map(|p| p.0).collect();
    let games = game_refs(conn, &ids)?
        .into_iter()
        .map(|game| {
            let ply = page.iter().find(|p| p.0 == game.id).map_or(0, |p| p.1);
            GameAt { game, ply }
        })
        .collect();
    Ok((total, games))
}
