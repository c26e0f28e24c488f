//! Games withheld from what the archive counts: a private collection's imports
//! (`private_games`) are in no statistics total, explorer tree or position until their club
//! publishes them. Counts are seen by everyone, so a private game counted there would show that
//! it exists, and what it played, to those who may not read it.
//!
//! [`withdraw`] takes a stored game out of the counts, [`restore`] puts it back; the rebuilds
//! (of the totals, the tree and the positions) skip the withheld games, and the scans that
//! check the totals and count scoped statistics leave them out too ([`not_withheld`]).

use annals_import::Kind;
use rusqlite::{Connection, OptionalExtension, params};

use crate::error::Result;

/// A condition on a game id column named `{col}`: the game is counted (not private). SQLite
/// makes the subquery's list once a statement.
pub fn not_withheld(col: &str) -> String {
    format!("{col} NOT IN (SELECT game_id FROM private_games)")
}

/// Is stored game `id` withheld?
pub fn is_withheld(conn: &Connection, id: i64) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM private_games WHERE game_id = ?1")?
        .query_row(params![id], |_| Ok(()))
        .optional()?
        .is_some())
}

fn kind_of(conn: &Connection, id: i64) -> Result<Option<Kind>> {
    let kind: Option<String> = conn
        .prepare_cached("SELECT kind FROM games WHERE id = ?1")?
        .query_row(params![id], |r| r.get(0))
        .optional()?;
    Ok(kind.as_deref().and_then(Kind::from_name))
}

/// Takes stored game `id` out of the statistics totals, the explorer tree and the positions, in
/// the caller's transaction. The caller marks it private in the same transaction.
pub fn withdraw(conn: &Connection, id: i64) -> Result<()> {
    let Some(kind) = kind_of(conn, id)? else {
        return Ok(());
    };
    crate::store::tree::remove_stored(conn, kind, id)?;
    let mut tally = crate::store::tally::Tally::default();
    tally.add_stored(conn, id, -1)?;
    tally.flush(conn)?;
    conn.execute("DELETE FROM positions WHERE game_id = ?1", params![id])?;
    Ok(())
}

/// Puts stored game `id` back into the totals, the tree and the positions ([`withdraw`]'s
/// inverse), in the caller's transaction, as its club publishes it.
pub fn restore(conn: &Connection, id: i64) -> Result<()> {
    let Some(kind) = kind_of(conn, id)? else {
        return Ok(());
    };
    crate::store::tree::add_stored(conn, kind, id)?;
    let mut tally = crate::store::tally::Tally::default();
    tally.add_stored(conn, id, 1)?;
    tally.flush(conn)?;
    crate::store::positions::insert_stored(conn, id)?;
    Ok(())
}
