//! The opening explorer, in the manner of lichess, for games with a move sequence (三国, WEC):
//! for a prefix of moves, the next moves with game counts and results per side (three sides and
//! draws for 三国), and the games that reached it.
//!
//! Prefixes are identified by a 64-bit FNV-1a chain over the normalized notations, so a prefix of any
//! length is one integer. `explorer_nodes` holds the counts for the first [`MAX_DEPTH`] plies and is
//! updated in the same transaction as the game (added on insert, subtracted on delete); the games
//! that reached a prefix come from `move_prefixes` (a row per ply, indexed by prefix).

use annals_import::{Body, Kind};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Serialize;

use crate::error::{Error, Result};

/// Plies counted in the explorer tree.
pub const MAX_DEPTH: usize = 40;
/// The hash of the empty prefix.
pub const ROOT: i64 = 0x6a09_e667_f3bc_c908_u64 as i64;

/// The prefix hash after one more move.
pub fn step(prefix: i64, mv: &str) -> i64 {
    let mut h = prefix as u64 ^ 0xcbf2_9ce4_8422_2325;
    for b in mv.as_bytes() {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    // separator, so that ["ab","c"] and ["a","bc"] differ
    h ^= 0x1f;
    h = h.wrapping_mul(0x0000_0100_0000_01b3);
    h as i64
}

/// The seats of a kind, in the order of the result columns.
pub fn sides(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Sanguo => &["吴", "魏", "蜀"],
        Kind::Wec => &["B", "W"],
        _ => &[],
    }
}

/// A move as the explorer keys it: simplified characters, half-width punctuation, no spaces.
pub fn normalize_move(m: &str) -> String {
    annals_import::text::simplify(
        &m.chars()
            .map(annals_import::text::fold_width)
            .filter(|c| !c.is_whitespace())
            .collect::<String>(),
    )
}

/// The notations of a body's moves, normalized, in order.
pub fn move_keys(body: &Body) -> Vec<String> {
    match body {
        Body::Sanguo(g) => g
            .moves
            .iter()
            .map(|m| normalize_move(&m.notation))
            .collect(),
        Body::Wec(g) => g
            .turns
            .iter()
            .map(|t| normalize_move(&t.notation))
            .collect(),
        _ => Vec::new(),
    }
}

/// The prefix hash of each ply (1-based index i → hash of moves 1..=i).
pub fn prefixes(keys: &[String]) -> Vec<i64> {
    let mut h = ROOT;
    keys.iter()
        .map(|k| {
            h = step(h, k);
            h
        })
        .collect()
}

/// Result columns of a game: (wins per side index, draw, unknown).
fn result_columns(kind: Kind, winners: &[String], draw: &[String]) -> ([i64; 3], i64, i64) {
    let mut w = [0i64; 3];
    for (i, s) in sides(kind).iter().enumerate() {
        if winners.iter().any(|x| x == s) {
            w[i] = 1;
        }
    }
    let d = i64::from(!draw.is_empty());
    let unknown = i64::from(winners.is_empty() && draw.is_empty());
    (w, d, unknown)
}

/// The game facts the tree counts.
pub struct TreeGame<'a> {
    pub kind: Kind,
    pub body: &'a Body,
    pub winners: &'a [String],
    pub draw: &'a [String],
}

/// Adds (`sign` = 1) or removes (`sign` = -1) a game's moves from the explorer tree.
pub fn update_tree(tx: &Transaction, p: &TreeGame, sign: i64) -> Result<()> {
    let mut d = TreeDeltas::default();
    d.add(p.kind, &move_keys(p.body), p.winners, p.draw, sign);
    d.flush(tx)
}

/// Changes to the explorer tree gathered over many games (the importer's batch), written at once
/// in key order: a node that many games share (every opening move) is written once per batch, not
/// once per game, and the writes walk the table's B-tree in order.
#[derive(Debug, Default)]
pub struct TreeDeltas {
    /// (kind, the node's own prefix hash) → the node's changes. The prefix hash names a node as
    /// the `parent` column does, and keying by it spares a copy of the move for every node of
    /// every game (the move is copied once per node and batch).
    nodes: rustc_hash::FxHashMap<(&'static str, i64), NodeDelta>,
    removed: bool,
}

#[derive(Debug)]
struct NodeDelta {
    parent: i64,
    mv: String,
    depth: i64,
    /// games, wins1, wins2, wins3, draws, unknown.
    counts: [i64; 6],
}

impl TreeDeltas {
    /// Adds (`sign` = 1) or removes (`sign` = -1) a game whose normalized moves are `keys`
    /// ([`move_keys`]).
    pub fn add(
        &mut self,
        kind: Kind,
        keys: &[String],
        winners: &[String],
        draw: &[String],
        sign: i64,
    ) {
        if keys.is_empty() || sides(kind).is_empty() {
            return;
        }
        let (w, d, u) = result_columns(kind, winners, draw);
        let delta = [
            sign,
            sign * w[0],
            sign * w[1],
            sign * w[2],
            sign * d,
            sign * u,
        ];
        let mut parent = ROOT;
        for (i, k) in keys.iter().take(MAX_DEPTH).enumerate() {
            let node = step(parent, k);
            let e = self
                .nodes
                .entry((kind.as_str(), node))
                .or_insert_with(|| NodeDelta {
                    parent,
                    mv: k.clone(),
                    depth: (i + 1) as i64,
                    counts: [0; 6],
                });
            for (a, b) in e.counts.iter_mut().zip(delta) {
                *a += b;
            }
            parent = node;
        }
        self.removed |= sign < 0;
    }

    /// Nodes waiting to be written.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Writes the gathered changes in the caller's transaction and forgets them.
    pub fn flush(&mut self, tx: &Transaction) -> Result<()> {
        self.write(tx, false)
    }

    /// Appends the gathered changes to `explorer_staging` (a bulk import; see [`fold_staging`]).
    pub fn stage(&mut self, tx: &Transaction) -> Result<()> {
        self.write(tx, true)
    }

    fn write(&mut self, tx: &Transaction, staged: bool) -> Result<()> {
        let mut nodes: Vec<(&'static str, NodeDelta)> = std::mem::take(&mut self.nodes)
            .into_iter()
            .map(|((kind, _), d)| (kind, d))
            .collect();
        if staged {
            let mut st = tx.prepare_cached(
                "INSERT INTO explorer_staging(kind, parent, move, depth, games, wins1, wins2, wins3, draws, unknown)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            )?;
            for (kind, d) in &nodes {
                let c = &d.counts;
                st.execute(params![
                    kind, d.parent, d.mv, d.depth, c[0], c[1], c[2], c[3], c[4], c[5]
                ])?;
            }
            return Ok(());
        }
        nodes.sort_unstable_by(|a, b| (a.0, a.1.parent, &a.1.mv).cmp(&(b.0, b.1.parent, &b.1.mv)));
        let mut st = tx.prepare_cached(
            "INSERT INTO explorer_nodes(kind, parent, move, depth, games, wins1, wins2, wins3, draws, unknown)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
             ON CONFLICT(kind, parent, move) DO UPDATE SET
                games = games + excluded.games, wins1 = wins1 + excluded.wins1, wins2 = wins2 + excluded.wins2,
                wins3 = wins3 + excluded.wins3, draws = draws + excluded.draws, unknown = unknown + excluded.unknown",
        )?;
        for (kind, d) in &nodes {
            let c = &d.counts;
            if c.iter().all(|v| *v == 0) {
                continue;
            }
            st.execute(params![
                kind, d.parent, d.mv, d.depth, c[0], c[1], c[2], c[3], c[4], c[5]
            ])?;
        }
        if std::mem::take(&mut self.removed) {
            tx.execute("DELETE FROM explorer_nodes WHERE games <= 0", [])?;
        }
        Ok(())
    }
}

/// Folds `explorer_staging` into `explorer_nodes`: one grouped, sorted insert (SQLite sorts the
/// staged rows externally, then writes the tree in key order), then empties the staging table.
/// Returns the staged rows folded.
pub fn fold_staging(conn: &mut Connection) -> Result<usize> {
    let tx = conn.transaction()?;
    let staged: i64 = tx.query_row("SELECT count(*) FROM explorer_staging", [], |r| r.get(0))?;
    if staged > 0 {
        tx.execute_batch(
            "INSERT INTO explorer_nodes(kind, parent, move, depth, games, wins1, wins2, wins3, draws, unknown)
             SELECT kind, parent, move, max(depth), sum(games), sum(wins1), sum(wins2), sum(wins3),
                    sum(draws), sum(unknown)
             FROM explorer_staging WHERE true GROUP BY kind, parent, move ORDER BY kind, parent, move
             ON CONFLICT(kind, parent, move) DO UPDATE SET
                games = games + excluded.games, wins1 = wins1 + excluded.wins1,
                wins2 = wins2 + excluded.wins2, wins3 = wins3 + excluded.wins3,
                draws = draws + excluded.draws, unknown = unknown + excluded.unknown;
             DELETE FROM explorer_staging;
             DELETE FROM explorer_nodes WHERE games <= 0;",
        )?;
    }
    tx.commit()?;
    Ok(staged as usize)
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Rate {
    /// Share of the games, 0..1.
    pub rate: f64,
    /// Wilson 95% interval.
    pub low: f64,
    pub high: f64,
}

/// The Wilson score interval (95%) of `k` successes in `n` trials.
pub fn wilson(k: i64, n: i64) -> Rate {
    if n <= 0 {
        return Rate {
            rate: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let (k, n) = (k as f64, n as f64);
    let z = 1.959_963_984_540_054_f64;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / denom;
    Rate {
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct NextMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub games: i64,
    pub wins: serde_json::Map<String, serde_json::Value>,
    pub draws: i64,
    pub unknown: i64,
    /// Win rate of each side with its 95% interval.
    pub rates: serde_json::Map<String, serde_json::Value>,
    /// Fewer games than [`THIN`]: shown greyed out.
    pub thin: bool,
}

/// Branches with fewer games than this are "thin".
pub const THIN: i64 = 5;

#[derive(Debug, Clone, Serialize)]
pub struct GameRef {
    pub id: i64,
    pub title: Option<String>,
    pub result: Option<String>,
    pub date: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Position {
    /// Games that reached the prefix (at the root: the games with at least one move).
    pub games: i64,
    pub moves: Vec<NextMove>,
    /// Up to 20 of the games that reached it (newest first).
    pub sample: Vec<GameRef>,
}

/// The explorer at `moves` (notations as written; they are normalized here).
pub fn explore(conn: &Connection, kind: Kind, moves: &[String]) -> Result<Position> {
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
    let prefix = prefixes(&keys).last().copied().unwrap_or(ROOT);
    // Every count comes from one node of the tree (or, at the root, from its children), so it costs
    // the same at 1,000 games as at 1,000,000. Only prefixes deeper than the tree count
    // `move_prefixes` rows, and few games share those.
    let games: i64 = match keys.split_last() {
        None => conn
            .prepare_cached(
                "SELECT coalesce(sum(games), 0) FROM explorer_nodes WHERE kind = ?1 AND parent = ?2",
            )?
            .query_row(params![kind.as_str(), ROOT], |r| r.get(0))?,
        Some((last, init)) if keys.len() <= MAX_DEPTH => {
            let parent = prefixes(init).last().copied().unwrap_or(ROOT);
            conn.prepare_cached(
                "SELECT games FROM explorer_nodes WHERE kind = ?1 AND parent = ?2 AND move = ?3",
            )?
            .query_row(params![kind.as_str(), parent, last], |r| r.get(0))
            .optional()?
            .unwrap_or(0)
        }
        Some(_) => conn
            .prepare_cached(
                "SELECT count(*) FROM move_prefixes m JOIN games g ON g.id = m.game_id
                 WHERE m.prefix = ?1 AND g.kind = ?2",
            )?
            .query_row(params![prefix, kind.as_str()], |r| r.get(0))?,
    };
    let mut next = Vec::new();
    if keys.len() < MAX_DEPTH {
        let mut st = conn.prepare_cached(
            "SELECT move, games, wins1, wins2, wins3, draws, unknown FROM explorer_nodes
             WHERE kind = ?1 AND parent = ?2 ORDER BY games DESC, move LIMIT 200",
        )?;
        let rows = st.query_map(params![kind.as_str(), prefix], |r| {
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
        for row in rows {
            let (mv, n, w, draws, unknown) = row?;
            next.push(next_move(sides, mv, n, w, draws, unknown));
        }
    } else {
        // Deeper than the tree: the next move of each game that reached the prefix, from its packed
        // moves (element 3 of a 三国 move, 2 of a WEC turn; see schema.sql).
        let (packed, notation) = if kind == Kind::Sanguo {
            ("sanguo_packed", 3)
        } else {
            ("wec_packed", 2)
        };
        let mut st = conn.prepare_cached(&format!(
            "SELECT p.moves ->> ?2 ->> {notation}, g.winners, g.draw FROM move_prefixes m
             JOIN games g ON g.id = m.game_id JOIN {packed} p ON p.game_id = m.game_id
             WHERE m.prefix = ?1 AND g.kind = ?3 LIMIT 100000"
        ))?;
        let mut acc: std::collections::BTreeMap<String, (i64, [i64; 3], i64, i64)> =
            Default::default();
        let rows = st.query_map(params![prefix, keys.len() as i64, kind.as_str()], |r| {
            Ok((
                r.get::<_, Option<String>>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?;
        for row in rows {
            let (mv, winners, draw) = row?;
            // A game that ends at the prefix has no next move.
            let Some(mv) = mv else { continue };
            let e = acc.entry(normalize_move(&mv)).or_default();
            e.0 += 1;
            let ws: Vec<&str> = winners.split_whitespace().collect();
            for (i, s) in sides.iter().enumerate() {
                if ws.contains(s) {
                    e.1[i] += 1;
                }
            }
            if !draw.is_empty() {
                e.2 += 1;
            }
            if ws.is_empty() && draw.is_empty() {
                e.3 += 1;
            }
        }
        for (mv, (n, w, d, u)) in acc {
            next.push(next_move(sides, mv, n, w, d, u));
        }
        next.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.mv.cmp(&b.mv)));
    }
    let sample = if keys.is_empty() {
        conn.prepare_cached(
            "SELECT id, title, result, date FROM games WHERE kind = ?1 ORDER BY id DESC LIMIT 20",
        )?
        .query_map(params![kind.as_str()], game_ref)?
        .collect::<std::result::Result<Vec<_>, _>>()?
    } else {
        conn.prepare_cached(
            "SELECT g.id, g.title, g.result, g.date FROM move_prefixes m JOIN games g ON g.id = m.game_id
             WHERE m.prefix = ?1 AND g.kind = ?2 ORDER BY m.game_id DESC LIMIT 20",
        )?
        .query_map(params![prefix, kind.as_str()], game_ref)?
        .collect::<std::result::Result<Vec<_>, _>>()?
    };
    Ok(Position {
        games,
        moves: next,
        sample,
    })
}

fn game_ref(r: &rusqlite::Row) -> rusqlite::Result<GameRef> {
    Ok(GameRef {
        id: r.get(0)?,
        title: r.get(1)?,
        result: r.get(2)?,
        date: r.get(3)?,
    })
}

fn next_move(
    sides: &[&str],
    mv: String,
    n: i64,
    w: [i64; 3],
    draws: i64,
    unknown: i64,
) -> NextMove {
    let mut wins = serde_json::Map::new();
    let mut rates = serde_json::Map::new();
    let decided = n - unknown;
    for (i, s) in sides.iter().enumerate() {
        wins.insert(s.to_string(), w[i].into());
        rates.insert(
            s.to_string(),
            serde_json::to_value(wilson(w[i], decided)).unwrap_or_default(),
        );
    }
    NextMove {
        mv,
        games: n,
        wins,
        draws,
        unknown,
        rates,
        thin: n < THIN,
    }
}

/// Whether a game with this id exists in the tree's kinds (used by tests).
pub fn node_games(conn: &Connection, kind: Kind, moves: &[&str]) -> Result<Option<i64>> {
    let keys: Vec<String> = moves.iter().map(|m| normalize_move(m)).collect();
    let Some((last, init)) = keys.split_last() else {
        return Ok(None);
    };
    let parent = prefixes(init).last().copied().unwrap_or(ROOT);
    Ok(conn
        .prepare_cached(
            "SELECT games FROM explorer_nodes WHERE kind = ?1 AND parent = ?2 AND move = ?3",
        )?
        .query_row(params![kind.as_str(), parent, last], |r| r.get(0))
        .optional()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_chain_and_separate() {
        let a = prefixes(&["ab".into(), "c".into()]);
        let b = prefixes(&["a".into(), "bc".into()]);
        assert_ne!(a[1], b[1]);
        assert_eq!(a[0], step(ROOT, "ab"));
        assert_eq!(normalize_move("馬6進5"), "马6进5");
    }

    #[test]
    fn wilson_interval_known_values() {
        let r = wilson(5, 10);
        assert!((r.rate - 0.5).abs() < 1e-12);
        assert!(
            (r.low - 0.2366).abs() < 1e-3 && (r.high - 0.7634).abs() < 1e-3,
            "{r:?}"
        );
        let r = wilson(0, 4);
        assert!(r.low == 0.0 && (r.high - 0.4899).abs() < 1e-3, "{r:?}");
    }
}
