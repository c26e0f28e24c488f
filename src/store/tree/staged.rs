//! The tree of a bulk import: one staged row a game, the tree built from them at its end.

use crate::error::{Error, Result};
use annals_import::Kind;
use rusqlite::{Connection, OptionalExtension, params};

use super::nodes::{add_game, packed_keys, packed_notation};
use super::prefix::{ROOT, counts_of_columns, push_varint, sides, split_seq, step};

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
pub(super) fn encode_seq(keys: &[String]) -> Vec<u8> {
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

/// A node of the path being built by [`build_staged`].
pub(super) struct Open {
    pub(super) mv: String,
    pub(super) parent: i64,
    pub(super) node: i64,
    pub(super) counts: [i64; 6],
    pub(super) newest: i64,
    pub(super) game: i64,
    pub(super) ends: Vec<i64>,
}

/// A staged game as [`build_staged`] reads it.
pub(super) struct Staged {
    pub(super) seq: Vec<u8>,
    pub(super) moves: Vec<std::ops::Range<usize>>,
    pub(super) id: i64,
    pub(super) counts: [i64; 6],
}

impl Staged {
    pub(super) fn mv(&self, i: usize) -> &str {
        std::str::from_utf8(&self.seq[self.moves[i].clone()]).unwrap_or("")
    }

    /// The node of this game's move `d` (0-based) below the end of `path`, reached by this game
    /// alone so far.
    pub(super) fn open(&self, path: &[Open], d: usize) -> Open {
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
             WHERE g.kind = ?1 AND g.id NOT IN (SELECT game_id FROM private_games) ORDER BY g.id"
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
