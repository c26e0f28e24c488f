//! The tree kept node by node in a game's transaction: a game added, a game removed.

use crate::error::Result;
use annals_import::Kind;
use rusqlite::{Connection, OptionalExtension, params};

use super::prefix::{ROOT, counts_of_columns, normalize_move, sides, step};

/// How the importer keeps the tree: node by node in the game's transaction, or (a bulk import
/// into an empty database) one `explorer_staging` row per game, the tree built at its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeWrites {
    Update,
    Stage,
}

/// A stored node: its counts, the newest game under it and, when one game reached it, that game.
pub(crate) struct Node {
    pub(crate) counts: [i64; 6],
    pub(crate) newest: i64,
    pub(crate) game: Option<i64>,
}

pub(crate) fn get_node(
    conn: &Connection,
    kind: &str,
    parent: i64,
    mv: &str,
) -> Result<Option<Node>> {
    Ok(conn
        .prepare_cached(
            "SELECT games, wins1, wins2, wins3, draws, unknown, newest, game FROM explorer_nodes
             WHERE kind = ?1 AND parent = ?2 AND move = ?3",
        )?
        .query_row(params![kind, parent, mv], |r| {
            Ok(Node {
                counts: [
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ],
                newest: r.get(6)?,
                game: r.get(7)?,
            })
        })
        .optional()?)
}

#[allow(clippy::too_many_arguments)]
pub(super) fn put_node(
    tx: &Connection,
    kind: &str,
    parent: i64,
    mv: &str,
    depth: usize,
    c: &[i64; 6],
    newest: i64,
    game: Option<i64>,
) -> Result<()> {
    tx.prepare_cached(
        "INSERT OR REPLACE INTO explorer_nodes(kind, parent, move, depth, games, wins1, wins2, wins3,
            draws, unknown, newest, game) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)",
    )?
    .execute(params![
        kind,
        parent,
        mv,
        depth as i64,
        c[0],
        c[1],
        c[2],
        c[3],
        c[4],
        c[5],
        newest,
        game
    ])?;
    Ok(())
}

pub(super) fn put_end(tx: &Connection, kind: &str, prefix: i64, game: i64) -> Result<()> {
    tx.prepare_cached(
        "INSERT OR IGNORE INTO explorer_ends(kind, prefix, game_id) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![kind, prefix, game])?;
    Ok(())
}

/// A stored game's normalized moves (from its packed row) and counts.
pub(crate) fn stored_game(
    conn: &Connection,
    kind: Kind,
    id: i64,
) -> Result<(Vec<String>, [i64; 6])> {
    let (packed, notation) = packed_notation(kind);
    let row: Option<(String, String, Option<String>)> = conn
        .prepare_cached(&format!(
            "SELECT g.winners, g.draw, json(p.moves) FROM games g LEFT JOIN {packed} p ON p.game_id = g.id
             WHERE g.id = ?1"
        ))?
        .query_row(params![id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    let Some((winners, draw, moves)) = row else {
        return Ok((Vec::new(), [0; 6]));
    };
    Ok((
        packed_keys(moves.as_deref().unwrap_or("[]"), notation),
        counts_of_columns(kind, &winners, &draw),
    ))
}

/// The packed move table of a kind and the element of a move holding its notation.
pub(super) fn packed_notation(kind: Kind) -> (&'static str, usize) {
    if kind == Kind::Sanguo {
        ("sanguo_packed", 3)
    } else {
        ("wec_packed", 2)
    }
}

/// The normalized notations of a packed moves column (element `notation` of each move; the other
/// elements are skipped unread: a position on a lone game's path reads that game's moves).
pub(super) fn packed_keys(moves: &str, notation: usize) -> Vec<String> {
    use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, SeqAccess, Visitor};
    struct Moves(usize);
    struct Nth(usize);
    impl<'de> Visitor<'de> for Moves {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an array of moves")
        }
        fn visit_seq<A: SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> std::result::Result<Self::Value, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(64));
            while let Some(mv) = seq.next_element_seed(Nth(self.0))? {
                out.push(normalize_move(&mv));
            }
            Ok(out)
        }
    }
    impl<'de> DeserializeSeed<'de> for Nth {
        type Value = String;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<String, D::Error> {
            d.deserialize_seq(self)
        }
    }
    impl<'de> Visitor<'de> for Nth {
        type Value = String;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a move")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<String, A::Error> {
            let mut found = String::new();
            let mut i = 0;
            loop {
                if i == self.0 {
                    match seq.next_element::<String>()? {
                        Some(s) => found = s,
                        None => break,
                    }
                } else if seq.next_element::<IgnoredAny>()?.is_none() {
                    break;
                }
                i += 1;
            }
            Ok(found)
        }
    }
    let mut de = serde_json::Deserializer::from_str(moves);
    de.deserialize_seq(Moves(notation)).unwrap_or_default()
}

/// Adds a stored game (id `id`, normalized moves `keys`, [`counts`] `c`) to the tree, in the
/// caller's transaction. The tree keeps a node for every prefix at least two games share and, below
/// such a node (or at the root), one node for the first move where a single game goes on alone,
/// naming that game; the game's later moves are read from its packed row when asked for. So a
/// game adds one node where it leaves the known tree, and one more for the game it meets there.
pub fn add_game<K: AsRef<str>>(
    tx: &Connection,
    kind: Kind,
    id: i64,
    keys: &[K],
    c: &[i64; 6],
) -> Result<()> {
    if keys.is_empty() || sides(kind).is_empty() {
        return Ok(());
    }
    let k = kind.as_str();
    let mut parent = ROOT;
    for (i, key) in keys.iter().enumerate() {
        let key = key.as_ref();
        let node = step(parent, key);
        let Some(n) = get_node(tx, k, parent, key)? else {
            return put_node(tx, k, parent, key, i + 1, c, id, Some(id));
        };
        let mut sum = n.counts;
        for (a, b) in sum.iter_mut().zip(c) {
            *a += b;
        }
        put_node(tx, k, parent, key, i + 1, &sum, n.newest.max(id), None)?;
        if let (1, Some(h)) = (n.counts[0], n.game) {
            // The game that reached this node alone now shares it: its next node (or its end).
            let (hkeys, hc) = stored_game(tx, kind, h)?;
            match hkeys.get(i + 1) {
                Some(next) => put_node(tx, k, node, next, i + 2, &hc, h, Some(h))?,
                None => put_end(tx, k, node, h)?,
            }
        }
        parent = node;
    }
    // The game ends at a node others reached too.
    put_end(tx, k, parent, id)
}

/// Removes a stored game from the tree, its moves read from its packed row (before the row goes).
pub fn remove_stored(tx: &Connection, kind: Kind, id: i64) -> Result<()> {
    if sides(kind).is_empty() {
        return Ok(());
    }
    let (keys, c) = stored_game(tx, kind, id)?;
    remove_game(tx, kind, id, &keys, &c)
}

/// Adds a stored game to the tree, its moves read from its packed row.
pub fn add_stored(tx: &Connection, kind: Kind, id: i64) -> Result<()> {
    if sides(kind).is_empty() {
        return Ok(());
    }
    let (keys, c) = stored_game(tx, kind, id)?;
    add_game(tx, kind, id, &keys, &c)
}

/// Removes a game from the tree (the inverse of [`add_game`]).
pub fn remove_game(
    tx: &Connection,
    kind: Kind,
    id: i64,
    keys: &[String],
    c: &[i64; 6],
) -> Result<()> {
    if keys.is_empty() || sides(kind).is_empty() {
        return Ok(());
    }
    let k = kind.as_str();
    let mut parent = ROOT;
    // The shared nodes the game passed through, whose newest game may have been it.
    let mut path: Vec<(i64, &str, i64)> = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        let node = step(parent, key);
        let Some(n) = get_node(tx, k, parent, key)? else {
            break;
        };
        if n.counts[0] <= 1 {
            tx.prepare_cached(
                "DELETE FROM explorer_nodes WHERE kind = ?1 AND parent = ?2 AND move = ?3",
            )?
            .execute(params![k, parent, key])?;
            break;
        }
        let mut left = n.counts;
        for (a, b) in left.iter_mut().zip(c) {
            *a -= b;
        }
        if left[0] == 1 {
            // One game is left here: it becomes the node's single game, and the nodes below,
            // which only the two games reached, go.
            let mut games = Vec::new();
            subtree_games(tx, k, node, &mut games)?;
            let other = games.into_iter().find(|g| *g != id);
            delete_below(tx, k, node)?;
            put_node(
                tx,
                k,
                parent,
                key,
                i + 1,
                &left,
                other.unwrap_or(n.newest),
                other,
            )?;
            break;
        }
        put_node(tx, k, parent, key, i + 1, &left, n.newest, None)?;
        path.push((parent, key, node));
        if i + 1 == keys.len() {
            tx.prepare_cached(
                "DELETE FROM explorer_ends WHERE kind = ?1 AND prefix = ?2 AND game_id = ?3",
            )?
            .execute(params![k, node, id])?;
        }
        parent = node;
    }
    // The newest game under each shared node of the path, from the deepest up.
    for (parent, key, node) in path.into_iter().rev() {
        let newest: Option<i64> = tx
            .prepare_cached(
                "SELECT max(n) FROM (SELECT max(newest) AS n FROM explorer_nodes WHERE kind = ?1 AND parent = ?2
                 UNION ALL SELECT max(game_id) FROM explorer_ends WHERE kind = ?1 AND prefix = ?2)",
            )?
            .query_row(params![k, node], |r| r.get(0))?;
        if let Some(newest) = newest {
            tx.prepare_cached(
                "UPDATE explorer_nodes SET newest = ?4 WHERE kind = ?1 AND parent = ?2 AND move = ?3",
            )?
            .execute(params![k, parent, key, newest])?;
        }
    }
    Ok(())
}

/// The games of the stored subtree below the node `node` (its own hash).
pub(super) fn subtree_games(
    tx: &Connection,
    kind: &str,
    node: i64,
    out: &mut Vec<i64>,
) -> Result<()> {
    out.extend(
        tx.prepare_cached("SELECT game_id FROM explorer_ends WHERE kind = ?1 AND prefix = ?2")?
            .query_map(params![kind, node], |r| r.get::<_, i64>(0))?
            .collect::<std::result::Result<Vec<_>, _>>()?,
    );
    let children: Vec<(String, Option<i64>)> = tx
        .prepare_cached("SELECT move, game FROM explorer_nodes WHERE kind = ?1 AND parent = ?2")?
        .query_map(params![kind, node], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<std::result::Result<_, _>>()?;
    for (mv, game) in children {
        match game {
            Some(g) => out.push(g),
            None => subtree_games(tx, kind, step(node, &mv), out)?,
        }
    }
    Ok(())
}

/// Deletes the stored nodes and ends below the node `node`.
pub(super) fn delete_below(tx: &Connection, kind: &str, node: i64) -> Result<()> {
    let children: Vec<String> = tx
        .prepare_cached("SELECT move FROM explorer_nodes WHERE kind = ?1 AND parent = ?2")?
        .query_map(params![kind, node], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    for mv in &children {
        delete_below(tx, kind, step(node, mv))?;
    }
    tx.prepare_cached("DELETE FROM explorer_nodes WHERE kind = ?1 AND parent = ?2")?
        .execute(params![kind, node])?;
    tx.prepare_cached("DELETE FROM explorer_ends WHERE kind = ?1 AND prefix = ?2")?
        .execute(params![kind, node])?;
    Ok(())
}
