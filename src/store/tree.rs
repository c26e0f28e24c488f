//! The tree of positions the opening explorer ([`crate::explorer`]) reads, for games with a move
//! sequence (三国, WEC), kept with the games it counts.
//!
//! Prefixes are identified by a 64-bit FNV-1a chain over the normalized notations, so a prefix of any
//! length is one integer. `explorer_nodes` is a pruned tree: a node for every prefix that two or
//! more games share (with the games that end there in `explorer_ends`) and, below such a node or
//! at the root, one node for the move where a single game goes on alone, naming that game; its
//! later moves are read from the game's packed row. Most prefixes of an archive are one game's
//! (99% of the nodes of a full tree of 10,000 generated games), so the tree holds about two nodes
//! a game, whatever the games' length. It is kept in the game's transaction ([`add_game`],
//! [`remove_game`]); a bulk import stages one row per game and builds it at its end
//! ([`build_staged`]). Each node also keeps the newest game under it, which finds a position's
//! newest games by reading only the branches that hold them.

use annals_import::{Body, Kind};
use rusqlite::{Connection, OptionalExtension, params};

use crate::error::{Error, Result};

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
    // (Simplifying is one character to one: one pass, one allocation.)
    normalized(m).collect()
}

/// The characters of [`normalize_move`].
fn normalized(m: &str) -> impl Iterator<Item = char> + '_ {
    m.chars().filter_map(normalize_char)
}

/// A character of a move as the explorer keys it: half-width, simplified, none for white space.
fn normalize_char(c: char) -> Option<char> {
    use annals_import::text::{fold_width, simplify_char};
    let c = fold_width(c);
    (!c.is_whitespace()).then(|| simplify_char(c))
}

/// A game's moves as the explorer keys them ([`normalize_move`]), in order, in one buffer: each
/// move its length in bytes (a varint of 7 bits a byte, low bits first) and then its bytes, the
/// form of `explorer_staging.seq`. The importer makes it on its parse threads: one allocation a
/// game, where a `String` a move made sixty or more.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveKeys {
    seq: Vec<u8>,
    len: usize,
}

impl MoveKeys {
    /// The moves of a body (none for the kinds without a move sequence).
    pub fn of(body: &Body) -> Self {
        match body {
            Body::Sanguo(g) => Self::from_notations(g.moves.iter().map(|m| m.notation.as_str())),
            Body::Wec(g) => Self::from_notations(g.turns.iter().map(|t| t.notation.as_str())),
            _ => Self::default(),
        }
    }

    fn from_notations<'a>(moves: impl Iterator<Item = &'a str> + Clone) -> Self {
        // Normalizing never lengthens a move (full-width forms fold to shorter ones, spaces go,
        // simplified characters take the bytes of the traditional ones): room for all at once.
        let room: usize = moves.clone().map(|m| m.len() + 1).sum();
        let mut keys = MoveKeys {
            seq: Vec::with_capacity(room),
            len: 0,
        };
        for m in moves {
            keys.push(m);
        }
        keys
    }

    /// Appends one move, normalized.
    fn push(&mut self, m: &str) {
        let at = self.seq.len();
        // one byte of length for a move under 128 bytes (all but the malformed)
        self.seq.push(0);
        let mut buf = [0u8; 4];
        for c in m.chars() {
            if c.is_ascii() {
                // what `normalize_char` does to ASCII: white space goes, the rest stays
                if !c.is_whitespace() {
                    self.seq.push(c as u8);
                }
            } else if let Some(c) = normalize_char(c) {
                self.seq
                    .extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
        let n = self.seq.len() - at - 1;
        if n < 0x80 {
            self.seq[at] = n as u8;
        } else {
            let mut len = Vec::with_capacity(4);
            push_varint(&mut len, n);
            self.seq.splice(at..at + 1, len);
        }
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The buffer, as `explorer_staging.seq` holds it.
    pub fn seq(&self) -> &[u8] {
        &self.seq
    }

    /// The moves, in order.
    pub fn to_vec(&self) -> Vec<&str> {
        split_seq(&self.seq)
            .into_iter()
            .map(|r| std::str::from_utf8(&self.seq[r]).unwrap_or_default())
            .collect()
    }
}

/// Appends `n` as a varint of 7 bits a byte, low bits first, the high bit set on all but the
/// last.
fn push_varint(out: &mut Vec<u8>, mut n: usize) {
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
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

/// A game's counts in the tree: games (1), wins of each side, draws, unknown.
pub fn counts(kind: Kind, winners: &[String], draw: &[String]) -> [i64; 6] {
    let mut c = [1, 0, 0, 0, 0, 0];
    for (i, s) in sides(kind).iter().enumerate() {
        if winners.iter().any(|x| x == s) {
            c[1 + i] = 1;
        }
    }
    c[4] = i64::from(!draw.is_empty());
    c[5] = i64::from(winners.is_empty() && draw.is_empty());
    c
}

/// The same from `games.winners` and `games.draw` (space-separated).
fn counts_of_columns(kind: Kind, winners: &str, draw: &str) -> [i64; 6] {
    let w: Vec<String> = winners.split_whitespace().map(str::to_string).collect();
    let d: Vec<String> = draw.split_whitespace().map(str::to_string).collect();
    counts(kind, &w, &d)
}

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
fn put_node(
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

fn put_end(tx: &Connection, kind: &str, prefix: i64, game: i64) -> Result<()> {
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
fn packed_notation(kind: Kind) -> (&'static str, usize) {
    if kind == Kind::Sanguo {
        ("sanguo_packed", 3)
    } else {
        ("wec_packed", 2)
    }
}

/// The normalized notations of a packed moves column (element `notation` of each move; the other
/// elements are skipped unread: a position on a lone game's path reads that game's moves).
fn packed_keys(moves: &str, notation: usize) -> Vec<String> {
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
fn subtree_games(tx: &Connection, kind: &str, node: i64, out: &mut Vec<i64>) -> Result<()> {
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
fn delete_below(tx: &Connection, kind: &str, node: i64) -> Result<()> {
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

/// A bulk import's row for a game: its moves as one sortable key (each move's length as a LEB128
/// number, then its bytes: no move's encoding is a prefix of another's, so sorting the keys puts
/// the games of every prefix next to each other).
pub fn stage_game(
    tx: &Connection,
    kind: Kind,
    id: i64,
    keys: &[String],
    c: &[i64; 6],
) -> Result<()> {
    stage_seq(tx, kind, id, &encode_seq(keys), c)
}

/// The moves `keys` (normalized) in the form of `explorer_staging.seq` (see [`MoveKeys`]).
fn encode_seq(keys: &[String]) -> Vec<u8> {
    let mut seq = Vec::with_capacity(keys.iter().map(|k| k.len() + 1).sum());
    for k in keys {
        push_varint(&mut seq, k.len());
        seq.extend_from_slice(k.as_bytes());
    }
    seq
}

/// [`stage_game`] of moves already in the form of `explorer_staging.seq` ([`MoveKeys::seq`]).
pub fn stage_seq(tx: &Connection, kind: Kind, id: i64, seq: &[u8], c: &[i64; 6]) -> Result<()> {
    if seq.is_empty() || sides(kind).is_empty() {
        return Ok(());
    }
    tx.prepare_cached(
        "INSERT INTO explorer_staging(kind, seq, game_id, wins1, wins2, wins3, draws, unknown)
         VALUES (?1,?2,?3,?4,?5,?6,?7,?8)",
    )?
    .execute(params![
        kind.as_str(),
        seq,
        id,
        c[1],
        c[2],
        c[3],
        c[4],
        c[5]
    ])?;
    Ok(())
}

/// The moves of a staged key ([`stage_game`]), as byte ranges.
fn split_seq(seq: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < seq.len() {
        let (mut n, mut shift) = (0usize, 0);
        while i < seq.len() {
            let b = seq[i];
            i += 1;
            n |= usize::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 || shift > 28 {
                break;
            }
        }
        let end = (i + n).min(seq.len());
        out.push(i..end);
        i = end;
    }
    out
}

/// A node of the path being built by [`build_staged`].
struct Open {
    mv: String,
    parent: i64,
    node: i64,
    counts: [i64; 6],
    newest: i64,
    game: i64,
    ends: Vec<i64>,
}

/// A staged game as [`build_staged`] reads it.
struct Staged {
    seq: Vec<u8>,
    moves: Vec<std::ops::Range<usize>>,
    id: i64,
    counts: [i64; 6],
}

impl Staged {
    fn mv(&self, i: usize) -> &str {
        std::str::from_utf8(&self.seq[self.moves[i].clone()]).unwrap_or("")
    }

    /// The node of this game's move `d` (0-based) below the end of `path`, reached by this game
    /// alone so far.
    fn open(&self, path: &[Open], d: usize) -> Open {
        let parent = path.last().map_or(ROOT, |o| o.node);
        let mv = self.mv(d).to_string();
        Open {
            node: step(parent, &mv),
            parent,
            mv,
            counts: self.counts,
            newest: self.id,
            game: self.id,
            ends: if d + 1 == self.moves.len() {
                vec![self.id]
            } else {
                Vec::new()
            },
        }
    }
}

/// Builds the tree from `explorer_staging` (a bulk import, or [`rebuild`]) and empties it: the
/// staged games in the order of their moves, each compared with the one before, so the prefixes
/// that several games share come one after another and each node is written once, from a path
/// held in memory. The nodes go to a scratch table and then into the tree in key order. Into a
/// tree that already has nodes (another import went first), the games are added one by one.
/// Returns the games staged.
pub fn build_staged(conn: &mut Connection) -> Result<usize> {
    let tx = conn.transaction()?;
    let staged: i64 = tx.query_row("SELECT count(*) FROM explorer_staging", [], |r| r.get(0))?;
    if staged == 0 {
        return Ok(0);
    }
    let tree_empty = tx
        .query_row("SELECT 1 FROM explorer_nodes LIMIT 1", [], |_| Ok(()))
        .optional()?
        .is_none();
    tx.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS explorer_build(kind TEXT, parent INTEGER, move TEXT,
            depth INTEGER, games INTEGER, wins1 INTEGER, wins2 INTEGER, wins3 INTEGER,
            draws INTEGER, unknown INTEGER, newest INTEGER, game INTEGER);
         DELETE FROM temp.explorer_build;",
    )?;
    let mut st = tx.prepare(if tree_empty {
        "SELECT kind, seq, game_id, wins1, wins2, wins3, draws, unknown FROM explorer_staging
         ORDER BY kind, seq, game_id"
    } else {
        "SELECT kind, seq, game_id, wins1, wins2, wins3, draws, unknown FROM explorer_staging
         ORDER BY game_id"
    })?;
    let mut rows = st.query([])?;
    if !tree_empty {
        while let Some(r) = rows.next()? {
            let kind: Kind = r.get::<_, String>(0)?.parse().map_err(Error::Internal)?;
            let seq: Vec<u8> = r.get(1)?;
            let keys: Vec<String> = split_seq(&seq)
                .into_iter()
                .map(|m| String::from_utf8_lossy(&seq[m]).into_owned())
                .collect();
            let c = [1, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?];
            add_game(&tx, kind, r.get(2)?, &keys, &c)?;
        }
    } else {
        let mut out = tx.prepare(
            "INSERT INTO temp.explorer_build VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)",
        )?;
        let mut ends = tx.prepare(
            "INSERT OR IGNORE INTO explorer_ends(kind, prefix, game_id) VALUES (?1,?2,?3)",
        )?;
        let mut emit = |kind: &str, depth: usize, o: Open| -> Result<()> {
            let single = o.counts[0] == 1;
            let c = &o.counts;
            out.execute(params![
                kind,
                o.parent,
                o.mv,
                depth as i64,
                c[0],
                c[1],
                c[2],
                c[3],
                c[4],
                c[5],
                o.newest,
                single.then_some(o.game)
            ])?;
            if !single {
                for g in o.ends {
                    ends.execute(params![kind, o.node, g])?;
                }
            }
            Ok(())
        };
        let mut kind = String::new();
        let mut path: Vec<Open> = Vec::new();
        let mut prev: Option<Staged> = None;
        while let Some(r) = rows.next()? {
            let k: String = r.get(0)?;
            let seq: Vec<u8> = r.get(1)?;
            let moves = split_seq(&seq);
            let g = Staged {
                moves,
                seq,
                id: r.get(2)?,
                counts: [1, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?],
            };
            if g.moves.is_empty() {
                continue;
            }
            if k != kind {
                while let Some(o) = path.pop() {
                    emit(&kind, path.len() + 1, o)?;
                }
                kind = k;
                prev = None;
            }
            // The moves this game shares with the one before.
            let shared = prev.as_ref().map_or(0, |p| {
                (0..p.moves.len().min(g.moves.len()))
                    .take_while(|&i| p.seq[p.moves[i].clone()] == g.seq[g.moves[i].clone()])
                    .count()
            });
            // The previous game's path below its first lone node, as far as this one follows it,
            // and the node where the previous game then goes on alone.
            if let Some(p) = &prev {
                while path.len() < (shared + 1).min(p.moves.len()) {
                    let o = p.open(&path, path.len());
                    path.push(o);
                }
            }
            while path.len() > shared {
                let o = path
                    .pop()
                    .ok_or_else(|| Error::Internal("explorer path".into()))?;
                emit(&kind, path.len() + 1, o)?;
            }
            for o in path.iter_mut() {
                for (a, b) in o.counts.iter_mut().zip(&g.counts) {
                    *a += b;
                }
                o.newest = o.newest.max(g.id);
            }
            if g.moves.len() > shared {
                let o = g.open(&path, shared);
                path.push(o);
            } else if let Some(o) = path.last_mut() {
                o.ends.push(g.id);
            }
            prev = Some(g);
        }
        while let Some(o) = path.pop() {
            emit(&kind, path.len() + 1, o)?;
        }
    }
    drop(rows);
    drop(st);
    tx.execute_batch(
        "INSERT INTO explorer_nodes(kind, parent, move, depth, games, wins1, wins2, wins3, draws,
            unknown, newest, game)
         SELECT * FROM temp.explorer_build ORDER BY kind, parent, move;
         DELETE FROM temp.explorer_build;
         DELETE FROM explorer_staging;",
    )?;
    tx.commit()?;
    Ok(staged as usize)
}

/// Builds the tree again from the stored games (a database of an earlier schema).
pub fn rebuild(conn: &mut Connection) -> Result<usize> {
    {
        let tx = conn.transaction()?;
        tx.execute_batch(
            "DELETE FROM explorer_nodes; DELETE FROM explorer_ends; DELETE FROM explorer_staging;",
        )?;
        stage_stored(&tx)?;
        tx.commit()?;
    }
    build_staged(conn)
}

/// Stages every stored 三国 and WEC game for [`build_staged`], from its packed moves.
pub fn stage_stored(conn: &Connection) -> Result<()> {
    for kind in [Kind::Sanguo, Kind::Wec] {
        let (packed, notation) = packed_notation(kind);
        let mut st = conn.prepare(&format!(
            "SELECT g.id, g.winners, g.draw, json(p.moves) FROM games g JOIN {packed} p ON p.game_id = g.id
             WHERE g.kind = ?1 ORDER BY g.id"
        ))?;
        let mut rows = st.query(params![kind.as_str()])?;
        while let Some(r) = rows.next()? {
            let keys = packed_keys(&r.get::<_, String>(3)?, notation);
            let c = counts_of_columns(kind, &r.get::<_, String>(1)?, &r.get::<_, String>(2)?);
            stage_game(conn, kind, r.get(0)?, &keys, &c)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// A deterministic generator (a 64-bit LCG).
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }
    }

    /// Random 三国 games over a few moves, so that they share prefixes, repeat one another and end
    /// inside one another: (id, keys, counts).
    fn games(seed: u64, n: usize) -> Vec<(i64, Vec<String>, [i64; 6])> {
        let mut rng = Rng(seed);
        let alphabet = ["马6进5", "炮12平10", "相7进9", "车5进1", "兵3进1"];
        (1..=n as i64)
            .map(|id| {
                let len = 1 + rng.below(9) as usize;
                let keys: Vec<String> = (0..len)
                    .map(|i| {
                        // Early moves from fewer choices: more sharing near the root.
                        let choices = if i < 3 { 2 } else { alphabet.len() as u64 };
                        alphabet[rng.below(choices) as usize].to_string()
                    })
                    .collect();
                let winners: Vec<String> = match rng.below(5) {
                    0 => vec![],
                    1 => vec!["魏".into()],
                    2 => vec!["吴".into(), "蜀".into()],
                    _ => vec!["蜀".into()],
                };
                let draw: Vec<String> = if rng.below(7) == 0 {
                    vec!["吴".into()]
                } else {
                    vec![]
                };
                (id, keys, counts(Kind::Sanguo, &winners, &draw))
            })
            .collect()
    }

    fn archive() -> Connection {
        let conn = Connection::open_in_memory().expect("db");
        conn.execute_batch(crate::store::migrate::SCHEMA)
            .expect("schema");
        conn
    }

    /// Stores a game's row and packed moves (what the tree reads back), with its result columns.
    /// The moves are JSON text, as rows stored before the packed moves became JSONB: the tree
    /// reads both (imports in the other tests store JSONB).
    fn store(conn: &Connection, id: i64, keys: &[String], c: &[i64; 6]) {
        let side = ["吴", "魏", "蜀"];
        let winners: Vec<&str> = (0..3).filter(|i| c[1 + i] == 1).map(|i| side[i]).collect();
        let moves: Vec<serde_json::Value> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| serde_json::json!([i + 1, 1, "魏", k, "马", 0, 0, 0, 0, null, null, []]))
            .collect();
        conn.execute(
            "INSERT INTO games(id, kind, winners, draw, content_hash, source_file, source_line, encoding,
                raw, move_count, errors, warnings, imported_at)
             VALUES (?1, 'sanguo', ?2, ?3, ?1, 'f', 1, 'UTF-8', '', ?4, 0, 0, '')",
            params![id, winners.join(" "), if c[4] == 1 { "吴" } else { "" }, keys.len() as i64],
        )
        .expect("game");
        conn.execute(
            "INSERT INTO sanguo_packed(game_id, moves) VALUES (?1, ?2)",
            params![id, serde_json::Value::Array(moves).to_string()],
        )
        .expect("packed");
    }

    type Tree = (
        BTreeSet<(i64, String, i64, [i64; 6], i64, Option<i64>)>,
        BTreeSet<(i64, i64)>,
    );

    fn stored_tree(conn: &Connection) -> Tree {
        let nodes = conn
            .prepare(
                "SELECT parent, move, depth, games, wins1, wins2, wins3, draws, unknown, newest, game
                 FROM explorer_nodes",
            )
            .expect("prepare")
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    [r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?],
                    r.get(9)?,
                    r.get(10)?,
                ))
            })
            .expect("query")
            .collect::<std::result::Result<_, _>>()
            .expect("rows");
        let ends = conn
            .prepare("SELECT prefix, game_id FROM explorer_ends")
            .expect("prepare")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("query")
            .collect::<std::result::Result<_, _>>()
            .expect("rows");
        (nodes, ends)
    }

    /// The pruned tree by its definition: the full tree of every prefix, then the nodes whose
    /// parent two or more games reached (or the root), the games that end at a shared node.
    fn reference(games: &[(i64, Vec<String>, [i64; 6])]) -> Tree {
        // full node → (parent, move, depth, counts, games)
        type Full = BTreeMap<i64, (i64, String, i64, [i64; 6], Vec<i64>)>;
        let mut full: Full = BTreeMap::new();
        let mut ends = BTreeSet::new();
        for (id, keys, c) in games {
            let mut parent = ROOT;
            for (i, k) in keys.iter().enumerate() {
                let node = step(parent, k);
                let e = full
                    .entry(node)
                    .or_insert_with(|| (parent, k.clone(), i as i64 + 1, [0; 6], Vec::new()));
                for (a, b) in e.3.iter_mut().zip(c) {
                    *a += b;
                }
                e.4.push(*id);
                parent = node;
            }
            ends.insert((parent, *id));
        }
        let shared = |node: i64| full.get(&node).is_some_and(|e| e.4.len() >= 2);
        let nodes = full
            .values()
            .filter(|e| e.0 == ROOT || shared(e.0))
            .map(|e| {
                let newest = e.4.iter().copied().max().unwrap_or(0);
                let game = (e.4.len() == 1).then_some(e.4[0]);
                (e.0, e.1.clone(), e.2, e.3, newest, game)
            })
            .collect();
        let ends = ends.into_iter().filter(|(p, _)| shared(*p)).collect();
        (nodes, ends)
    }

    #[test]
    fn the_tree_is_the_same_built_in_bulk_game_by_game_and_after_deletions() {
        for seed in 1..=12 {
            let all = games(seed, 60 + seed as usize * 7);
            let want = reference(&all);
            assert!(want.0.len() > 20, "seed {seed}: {} nodes", want.0.len());
            // In bulk: staged, then built in one pass.
            let mut bulk = archive();
            for (id, keys, c) in &all {
                store(&bulk, *id, keys, c);
                stage_game(&bulk, Kind::Sanguo, *id, keys, c).expect("stage");
            }
            build_staged(&mut bulk).expect("build");
            assert_eq!(stored_tree(&bulk), want, "bulk, seed {seed}");
            // Game by game.
            let one = archive();
            for (id, keys, c) in &all {
                store(&one, *id, keys, c);
                add_game(&one, Kind::Sanguo, *id, keys, c).expect("add");
            }
            assert_eq!(stored_tree(&one), want, "one by one, seed {seed}");
            // Rebuilt from the stored games.
            rebuild(&mut bulk).expect("rebuild");
            assert_eq!(stored_tree(&bulk), want, "rebuilt, seed {seed}");
            // Every third game deleted, newest first and oldest first in turn.
            let mut left: Vec<_> = all.clone();
            let mut gone: Vec<i64> = all.iter().map(|g| g.0).filter(|id| id % 3 == 0).collect();
            if seed % 2 == 0 {
                gone.reverse();
            }
            for id in gone {
                remove_stored(&one, Kind::Sanguo, id).expect("remove");
                left.retain(|g| g.0 != id);
                assert_eq!(
                    stored_tree(&one),
                    reference(&left),
                    "seed {seed}, without {id}"
                );
            }
            // Into a tree that has nodes, staged games are added one by one.
            let mut more = archive();
            let (first, rest) = all.split_at(all.len() / 2);
            for (id, keys, c) in first {
                store(&more, *id, keys, c);
                add_game(&more, Kind::Sanguo, *id, keys, c).expect("add");
            }
            for (id, keys, c) in rest {
                store(&more, *id, keys, c);
                stage_game(&more, Kind::Sanguo, *id, keys, c).expect("stage");
            }
            build_staged(&mut more).expect("build");
            assert_eq!(stored_tree(&more), want, "staged into a tree, seed {seed}");
        }
    }

    #[test]
    fn positions_count_list_and_sample_what_the_games_played() {
        for seed in [3, 8, 21] {
            let all = games(seed, 150);
            let mut conn = archive();
            for (id, keys, c) in &all {
                store(&conn, *id, keys, c);
                stage_game(&conn, Kind::Sanguo, *id, keys, c).expect("stage");
            }
            build_staged(&mut conn).expect("build");
            // Every prefix of every game, and one move more that nobody played.
            let mut positions: BTreeSet<Vec<String>> = BTreeSet::new();
            for (_, keys, _) in &all {
                for n in 0..=keys.len() {
                    positions.insert(keys[..n].to_vec());
                }
                let mut off = keys.clone();
                off.push("帅5平4".into());
                positions.insert(off);
            }
            for p in positions {
                let reached: Vec<&(i64, Vec<String>, [i64; 6])> = all
                    .iter()
                    .filter(|g| !g.1.is_empty() && g.1.len() >= p.len() && g.1[..p.len()] == p[..])
                    .collect();
                let got = crate::explorer::explore(&conn, Kind::Sanguo, &p).expect("explore");
                assert_eq!(got.games, reached.len() as i64, "seed {seed} at {p:?}");
                let mut next: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
                for g in &reached {
                    if let Some(mv) = g.1.get(p.len()) {
                        let e = next.entry(mv).or_default();
                        e.0 += 1;
                        e.1 += g.2[2];
                    }
                }
                let got_next: BTreeMap<&str, (i64, i64)> = got
                    .moves
                    .iter()
                    .map(|m| {
                        let wei = m.wins.get("魏").and_then(|v| v.as_i64()).unwrap_or(-1);
                        (m.mv.as_str(), (m.games, wei))
                    })
                    .collect();
                assert_eq!(got_next, next, "seed {seed} at {p:?}");
                if !p.is_empty() {
                    let mut ids: Vec<i64> = reached.iter().map(|g| g.0).collect();
                    ids.sort_unstable_by(|a, b| b.cmp(a));
                    ids.truncate(20);
                    let sample: Vec<i64> = got.sample.iter().map(|g| g.id).collect();
                    assert_eq!(sample, ids, "seed {seed} at {p:?}");
                }
            }
        }
    }

    #[test]
    fn prefixes_chain_and_separate() {
        let a = prefixes(&["ab".into(), "c".into()]);
        let b = prefixes(&["a".into(), "bc".into()]);
        assert_ne!(a[1], b[1]);
        assert_eq!(a[0], step(ROOT, "ab"));
        assert_eq!(normalize_move("馬6進5"), "马6进5");
    }

    /// The moves the importer keys the tree by, one buffer a game: the moves of every 三国 and
    /// WEC record of the corpus, and made-up ones (spaces, full-width forms, a move of 200 bytes).
    #[test]
    fn move_keys_are_the_normalized_moves_in_one_buffer() {
        let check = |notations: &[&str], keys: &MoveKeys| {
            let want: Vec<String> = notations.iter().map(|m| normalize_move(m)).collect();
            assert_eq!(keys.to_vec(), want);
            assert_eq!(keys.len(), want.len());
            assert_eq!(keys.seq(), encode_seq(&want));
            let ranges: Vec<_> = split_seq(keys.seq()).into_iter().map(|r| r.len()).collect();
            assert_eq!(ranges, want.iter().map(String::len).collect::<Vec<_>>());
        };
        let mut moves = 0;
        for dir in ["corpus/sanguo", "corpus/wec"] {
            for e in std::fs::read_dir(dir).unwrap() {
                let path = e.unwrap().path();
                if path.to_string_lossy().ends_with(".json") || path.extension().is_none() {
                    continue;
                }
                for r in crate::store::ingest::parse_file(&path, &Default::default()) {
                    let parsed = &r.parsed;
                    // The keys the importer stores: made with the game's other rows.
                    let keys = &crate::store::games::Ready::new(parsed.clone()).keys;
                    let notations: Vec<&str> = match &parsed.body {
                        Body::Sanguo(b) => b.moves.iter().map(|m| m.notation.as_str()).collect(),
                        Body::Wec(b) => b.turns.iter().map(|t| t.notation.as_str()).collect(),
                        _ => continue,
                    };
                    moves += notations.len();
                    check(&notations, keys);
                    assert_eq!(*keys, MoveKeys::of(&parsed.body));
                }
            }
        }
        assert!(moves > 500, "{moves} moves in the corpus");
        let long = "馬".repeat(66) + "6進5";
        let made_up = ["馬 6 進 5", "ＮＦ３", "", "  ", &long, "炮12平10"];
        let keys = MoveKeys::from_notations(made_up.iter().copied());
        check(&made_up, &keys);
        assert_eq!(keys.to_vec()[4].len(), 3 * 66 + 5);
        assert_eq!(keys.seq()[15..17], [(203 & 0x7f) | 0x80, 1]); // a length of two bytes
        assert_eq!(keys.to_vec()[0], "马6进5");
        assert!(MoveKeys::of(&Body::Hotw(Default::default())).is_empty());
    }
}
