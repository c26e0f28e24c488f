//! The boards 三国 and WEC games reached, for the explorer by position and position search: a row
//! per game and distinct position among its first [`PLIES`] plies (the ply where the game first
//! reached it), with the move the game played from there and its result. Transpositions meet
//! here: two games that reach one board by different move orders have one key
//! (`annals_import::position`).
//!
//! The rows are written with the game (in its transaction) and deleted with it (`positions` is
//! one of the game tables). The table is kept in game order, so an import appends to it; a bulk
//! import drops its index by key and builds it at its end, like the other game tables'. A database made before positions were kept gains them on open
//! ([`fill_missing`]).

use annals_import::{Body, Kind};
use rusqlite::{Connection, OptionalExtension};

use crate::error::Result;
use crate::store::rows::{ROWS_PER_INSERT, RowsInsert};
use crate::store::tree::MoveKeys;

/// Positions are kept for the first this many plies of a game (the opening, where games meet;
/// later boards are nearly always one game's, and would multiply the rows by the game's length).
pub const PLIES: usize = 20;

/// A key as SQLite stores it (the same 64 bits, signed).
pub fn stored_key(key: u64) -> i64 {
    key as i64
}

/// The same key as the API writes it (16 hex digits).
pub fn key_text(key: i64) -> String {
    annals_import::position::key_hex(key as u64)
}

/// The distinct positions among a body's first [`PLIES`] plies, each with the first ply that
/// reached it, in ply order (ply 0 is the setup). None for the kinds without a board.
pub fn reached(body: &Body) -> Vec<(i64, u32)> {
    let keys = match body {
        Body::Sanguo(g) => annals_import::sanguo::position_keys_upto(g, PLIES),
        Body::Wec(g) => annals_import::wec::position_keys_upto(g, PLIES),
        _ => return Vec::new(),
    };
    let mut out: Vec<(i64, u32)> = Vec::with_capacity(keys.len());
    for (ply, k) in keys.into_iter().enumerate() {
        let k = stored_key(k);
        // At most PLIES + 1 entries: a scan is cheaper than a set.
        if !out.iter().any(|(seen, _)| *seen == k) {
            out.push((k, ply as u32));
        }
    }
    out
}

/// A game's result as bits, in the order of the explorer's counts: a win of each side (bits 0–2),
/// a draw (3), no result (4). From [`crate::store::tree::counts`]'s `[games, wins…, draws,
/// unknown]`.
pub fn result_bits(counts: &[i64; 6]) -> i64 {
    counts[1..]
        .iter()
        .enumerate()
        .fold(0, |b, (i, c)| if *c > 0 { b | 1 << i } else { b })
}

/// Writes game `id`'s positions: `reached` from [`reached`], `moves` its normalized moves (the
/// move played from each position), `counts` its result as the tree counts it.
pub fn insert(
    tx: &Connection,
    id: i64,
    reached: &[(i64, u32)],
    moves: &MoveKeys,
    counts: &[i64; 6],
) -> Result<()> {
    if reached.is_empty() {
        return Ok(());
    }
    static POSITIONS: RowsInsert = RowsInsert::new("positions(game_id, key, ply, next, result)", 5);
    let moves = moves.to_vec();
    let bits = result_bits(counts);
    for chunk in reached.chunks(ROWS_PER_INSERT) {
        let mut st = tx.prepare_cached(POSITIONS.sql(chunk.len()))?;
        for (j, &(key, ply)) in chunk.iter().enumerate() {
            let at = 5 * j;
            st.raw_bind_parameter(at + 1, id)?;
            st.raw_bind_parameter(at + 2, key)?;
            st.raw_bind_parameter(at + 3, ply)?;
            st.raw_bind_parameter(at + 4, moves.get(ply as usize).copied().unwrap_or(""))?;
            st.raw_bind_parameter(at + 5, bits)?;
        }
        st.raw_execute()?;
    }
    Ok(())
}

/// Fills the positions of every stored 三国 and WEC game when the table is empty but such games
/// exist (a database from before positions were kept). Returns the games filled.
pub fn fill_missing(conn: &mut Connection) -> Result<usize> {
    let any_position = conn
        .query_row("SELECT 1 FROM positions LIMIT 1", [], |_| Ok(()))
        .optional()?
        .is_some();
    let any_game = conn
        .query_row(
            "SELECT 1 FROM games WHERE kind IN ('sanguo', 'wec') AND move_count > 0 LIMIT 1",
            [],
            |_| Ok(()),
        )
        .optional()?
        .is_some();
    if any_position || !any_game {
        return Ok(0);
    }
    rebuild(conn)
}

/// Writes the positions of every stored 三国 and WEC game again, from their stored text (the
/// games withheld from the counts left out: `crate::store::withheld`).
pub fn rebuild(conn: &mut Connection) -> Result<usize> {
    let tx = conn.transaction()?;
    tx.execute("DELETE FROM positions", [])?;
    let ids: Vec<i64> = tx
        .prepare(
            "SELECT id FROM games WHERE kind IN ('sanguo', 'wec') AND move_count > 0
             AND id NOT IN (SELECT game_id FROM private_games) ORDER BY id",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    for &id in &ids {
        insert_stored(&tx, id)?;
    }
    tx.commit()?;
    Ok(ids.len())
}

/// Writes stored game `id`'s positions from its stored text (none for a kind without a board).
pub fn insert_stored(conn: &Connection, id: i64) -> Result<()> {
    let row: Option<(String, String, Option<i64>, String, String)> = conn
        .prepare_cached(
            "SELECT kind, raw, source_line, winners, draw FROM games
             WHERE id = ?1 AND kind IN ('sanguo', 'wec') AND move_count > 0",
        )?
        .query_row([id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .optional()?;
    let Some((kind, raw, line, winners, draw)) = row else {
        return Ok(());
    };
    let Ok(kind) = kind.parse::<Kind>() else {
        return Ok(());
    };
    let body = crate::store::body::stored_body(conn, id, kind, &raw, line.unwrap_or(1))?;
    let counts = crate::store::tree::counts_of_columns(kind, &winners, &draw);
    insert(conn, id, &reached(&body), &MoveKeys::of(&body), &counts)
}

/// Disagreements between the positions and the games (for `annals check`): a 三国 or WEC game
/// with moves but no positions, positions of a game that is gone, and positions whose result
/// is not the game's.
pub fn check(conn: &Connection) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    let missing: i64 = conn.query_row(
        "SELECT count(*) FROM games g WHERE g.kind IN ('sanguo', 'wec') AND g.move_count > 0
         AND g.id NOT IN (SELECT game_id FROM private_games)
         AND NOT EXISTS (SELECT 1 FROM positions p WHERE p.game_id = g.id)",
        [],
        |r| r.get(0),
    )?;
    if missing > 0 {
        problems.push(format!("positions: {missing} games have none"));
    }
    let orphans: i64 = conn.query_row(
        "SELECT count(DISTINCT game_id) FROM positions p
         WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.id = p.game_id)",
        [],
        |r| r.get(0),
    )?;
    let withheld: i64 = conn.query_row(
        "SELECT count(DISTINCT game_id) FROM positions
         WHERE game_id IN (SELECT game_id FROM private_games)",
        [],
        |r| r.get(0),
    )?;
    if withheld > 0 {
        problems.push(format!(
            "positions: {withheld} private games are counted in them"
        ));
    }
    if orphans > 0 {
        problems.push(format!(
            "positions: {orphans} games are gone but keep theirs"
        ));
    }
    let mut st = conn.prepare(
        "SELECT g.id, g.kind, g.winners, g.draw, p.result FROM games g
         JOIN positions p ON p.game_id = g.id AND p.ply = 0",
    )?;
    let mut rows = st.query([])?;
    let mut wrong = 0;
    while let Some(r) = rows.next()? {
        let (kind, winners, draw, bits): (String, String, String, i64) =
            (r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?);
        let Ok(kind) = kind.parse::<Kind>() else {
            continue;
        };
        if result_bits(&crate::store::tree::counts_of_columns(
            kind, &winners, &draw,
        )) != bits
        {
            wrong += 1;
        }
    }
    if wrong > 0 {
        problems.push(format!(
            "positions: {wrong} games' results differ from the game's"
        ));
    }
    Ok(problems)
}
