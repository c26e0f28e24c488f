//! The explorer by position: what the games that reached a board (by any move order) played from
//! it, and which games those are. Reads the rows [`crate::store::positions`] keeps; the move
//! sequence explorer ([`crate::explorer`]) asks here for every position within their reach.

use annals_import::model::Ctx;
use annals_import::{Body, Kind};
use rusqlite::types::Value as V;
use rusqlite::{Connection, OptionalExtension, params, params_from_iter};

use crate::error::Result;
use crate::next_moves::{GameRef, NextMove, next_move};
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

/// What the games of `scope` that reached `key` played from it, most played first (the move ''
/// — games that ended there — left out of the moves but counted in `games`).
pub fn reached(conn: &Connection, kind: Kind, key: i64, scope: &Scope) -> Result<Reached> {
    let sides = crate::store::tree::sides(kind);
    let (cond, args) = scope.sql("game_id");
    // A scope's games are looked up one by one (the table is kept by game), not the key's rows
    // scanned: a scope is an event's, a player's or a collection's games, few beside a popular
    // position's. (`+key` keeps SQLite from choosing the key's index.)
    let key_col = if scope.is_all() { "key" } else { "+key" };
    let mut st = conn.prepare_cached(&format!(
        "SELECT next, result, count(*) FROM positions WHERE {key_col} = ?{cond} GROUP BY next, result"
    ))?;
    let mut rows = st.query(params_from_iter(
        std::iter::once(V::Integer(key)).chain(args),
    ))?;
    let mut games = 0i64;
    // move → [games, wins1, wins2, wins3, draws, unknown]
    let mut by_move: Vec<(String, [i64; 6])> = Vec::new();
    while let Some(r) = rows.next()? {
        let (mv, bits, n): (String, i64, i64) = (r.get(0)?, r.get(1)?, r.get(2)?);
        games += n;
        if mv.is_empty() {
            continue;
        }
        let at = match by_move.iter().position(|(m, _)| *m == mv) {
            Some(i) => i,
            None => {
                by_move.push((mv, [0; 6]));
                by_move.len() - 1
            }
        };
        let c = &mut by_move[at].1;
        c[0] += n;
        for (i, slot) in c[1..].iter_mut().enumerate() {
            if bits & (1 << i) != 0 {
                *slot += n;
            }
        }
    }
    by_move.sort_by(|a, b| b.1[0].cmp(&a.1[0]).then_with(|| a.0.cmp(&b.0)));
    by_move.truncate(200);
    let moves = by_move
        .into_iter()
        .map(|(mv, c)| next_move(sides, mv, c[0], [c[1], c[2], c[3]], c[4], c[5]))
        .collect();
    Ok(Reached { games, moves })
}

/// A game that reached a position, and the ply where it first did.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GameAt {
    #[serde(flatten)]
    pub game: GameRef,
    pub ply: i64,
}

/// The games that reached `key`, newest first, a page of them, and how many there are; the games
/// a private collection's import keeps to its club are not listed (`crate::private_games`).
pub fn games_at(
    conn: &Connection,
    key: i64,
    scope: &Scope,
    limit: usize,
    offset: usize,
) -> Result<(i64, Vec<GameAt>)> {
    let (cond, args) = scope.sql("p.game_id");
    let first = || std::iter::once(V::Integer(key)).chain(args.iter().cloned());
    // As in [`reached`]: a scope's games one by one.
    let key_col = if scope.is_all() { "p.key" } else { "+p.key" };
    let total: i64 = conn
        .prepare_cached(&format!(
            "SELECT count(*) FROM positions p
             WHERE {key_col} = ?{cond} AND p.game_id NOT IN (SELECT game_id FROM private_games)"
        ))?
        .query_row(params_from_iter(first()), |r| r.get(0))?;
    let sql = format!(
        "SELECT g.id, g.title, g.result, g.date, p.ply FROM positions p JOIN games g ON g.id = p.game_id
         WHERE {key_col} = ?{cond} AND p.game_id NOT IN (SELECT game_id FROM private_games)
         ORDER BY p.game_id DESC LIMIT ? OFFSET ?"
    );
    let mut st = conn.prepare_cached(&sql)?;
    let map = |r: &rusqlite::Row| {
        Ok(GameAt {
            game: GameRef {
                id: r.get(0)?,
                title: r.get(1)?,
                result: r.get(2)?,
                date: r.get(3)?,
            },
            ply: r.get(4)?,
        })
    };
    let page = [V::Integer(limit as i64), V::Integer(offset as i64)];
    let games = st
        .query_map(params_from_iter(first().chain(page)), map)?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok((total, games))
}
