//! What an item may hold before it is added: a ply within its game's length, a game the collection
//! does not hold yet; and the collections a member may add to (their club's, when they edit).

use rusqlite::{Connection, OptionalExtension, params};

use crate::auth::Member;
use crate::error::Result;

/// Why an item is not added.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The collection holds the game already.
    Held { game: i64 },
    /// The ply is past the game's last move.
    PastEnd { game: i64, ply: i64, plies: i64 },
}

/// The plies of game `id` (its moves, turns or orders; 0 for a game without moves), or `None`
/// when there is no such game.
pub fn plies(conn: &Connection, id: i64) -> Result<Option<i64>> {
    Ok(conn
        .prepare_cached(
            "SELECT coalesce(
                (SELECT json_array_length(moves) FROM hotw_packed WHERE game_id = g.id),
                (SELECT json_array_length(moves) FROM sanguo_packed WHERE game_id = g.id),
                (SELECT json_array_length(moves) FROM wec_packed WHERE game_id = g.id),
                (SELECT json_array_length(moves) FROM deluge_packed WHERE game_id = g.id), 0)
             FROM games g WHERE g.id = ?1",
        )?
        .query_row(params![id], |r| r.get(0))
        .optional()?)
}

/// A ply past the end of `game` (a game that does not exist is the add's own error).
pub fn past_end(conn: &Connection, game: i64, ply: Option<i64>) -> Result<Option<Refusal>> {
    let (Some(ply), Some(plies)) = (ply, plies(conn, game)?) else {
        return Ok(None);
    };
    Ok((ply > plies).then_some(Refusal::PastEnd { game, ply, plies }))
}

/// A ply past the end of the game item `item` of collection `id` opens at.
pub fn item_past_end(
    conn: &Connection,
    id: i64,
    item: i64,
    ply: Option<i64>,
) -> Result<Option<Refusal>> {
    let game: Option<i64> = conn
        .query_row(
            "SELECT game_id FROM collection_items WHERE id = ?1 AND collection_id = ?2",
            params![item, id],
            |r| r.get(0),
        )
        .optional()?
        .flatten();
    match game {
        Some(g) => past_end(conn, g, ply),
        None => Ok(None),
    }
}

/// Why adding `game` at `ply` to collection `id` is refused, if it is.
pub fn refusal(
    conn: &Connection,
    id: i64,
    game: Option<i64>,
    ply: Option<i64>,
) -> Result<Option<Refusal>> {
    let Some(game) = game else {
        return Ok(None);
    };
    let held: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM collection_items WHERE collection_id = ?1 AND game_id = ?2)",
        params![id, game],
        |r| r.get(0),
    )?;
    if held {
        return Ok(Some(Refusal::Held { game }));
    }
    past_end(conn, game, ply)
}

/// The collections `m` may add games to: their club's, by name, when they edit (none for a
/// viewer).
pub fn editable(conn: &Connection, m: Option<&Member>) -> Result<Vec<(i64, String)>> {
    let Some(m) = m.filter(|m| m.can_edit()) else {
        return Ok(Vec::new());
    };
    let rows = conn
        .prepare_cached("SELECT id, name FROM collections WHERE club_id = ?1 ORDER BY name, id")?
        .query_map(params![m.club_id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<std::result::Result<_, _>>()?;
    Ok(rows)
}
