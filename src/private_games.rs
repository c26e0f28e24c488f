//! Games imported into a private collection stay its club's: they are left out of the game
//! lists and the search for everyone, and their pages and documents answer 404 to anyone outside
//! the club, until a member of the club publishes the collection's imports
//! (`POST /api/collections/{id}/publish`). What another club or the public imported earlier (a
//! duplicate) stays as it was. Until then they are in no statistics, explorer or position count
//! either (`crate::store::withheld`).

use std::collections::HashSet;

use rusqlite::{Connection, OptionalExtension, params};

use crate::auth::{Member, audit};
use crate::error::Result;

/// Marks `games` (just imported into collection `collection`) private when the collection is.
pub fn mark_if_private(conn: &Connection, collection: i64, games: &[i64]) -> Result<usize> {
    let owner: Option<(i64, bool)> = conn
        .query_row(
            "SELECT club_id, public FROM collections WHERE id = ?1",
            params![collection],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((club, false)) = owner else {
        return Ok(0);
    };
    let tx = conn.unchecked_transaction()?;
    let mut n = 0;
    {
        let mut st = tx.prepare_cached(
            "INSERT OR IGNORE INTO private_games(game_id, club_id, collection_id) VALUES (?1, ?2, ?3)",
        )?;
        for &g in games {
            if st.execute(params![g, club, collection])? > 0 {
                crate::store::withheld::withdraw(&tx, g)?;
                n += 1;
            }
        }
    }
    tx.commit()?;
    Ok(n)
}

/// Is there any private game at all? (Lists skip the filter when not.)
pub fn any(conn: &Connection) -> Result<bool> {
    Ok(
        conn.query_row("SELECT EXISTS(SELECT 1 FROM private_games)", [], |r| {
            r.get(0)
        })?,
    )
}

/// May `viewer` see game `game`? (Public games: anyone; private ones: their club.)
pub fn visible(conn: &Connection, game: i64, viewer: Option<&Member>) -> Result<bool> {
    let club: Option<i64> = conn
        .prepare_cached("SELECT club_id FROM private_games WHERE game_id = ?1")?
        .query_row(params![game], |r| r.get(0))
        .optional()?;
    Ok(match club {
        None => true,
        Some(c) => viewer.is_some_and(|m| m.club_id == c),
    })
}

/// The private games among `ids`.
pub fn hidden(conn: &Connection, ids: &[i64]) -> Result<HashSet<i64>> {
    let mut out = HashSet::new();
    if !any(conn)? {
        return Ok(out);
    }
    let mut st = conn.prepare_cached("SELECT 1 FROM private_games WHERE game_id = ?1")?;
    for id in ids {
        if st.exists(params![id])? {
            out.insert(*id);
        }
    }
    Ok(out)
}

/// Publishes the games imported into collection `collection` (an editor of its club): they join
/// the lists and the search. Returns how many.
pub fn publish(conn: &Connection, m: &Member, collection: i64) -> Result<usize> {
    crate::collections::check_write(conn, collection, Some(m))?;
    let tx = conn.unchecked_transaction()?;
    let ids: Vec<i64> = tx
        .prepare("SELECT game_id FROM private_games WHERE collection_id = ?1 AND club_id = ?2")?
        .query_map(params![collection, m.club_id], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    tx.execute(
        "DELETE FROM private_games WHERE collection_id = ?1 AND club_id = ?2",
        params![collection, m.club_id],
    )?;
    for &id in &ids {
        crate::store::withheld::restore(&tx, id)?;
    }
    tx.commit()?;
    let n = ids.len();
    if n > 0 {
        audit(
            conn,
            Some(m),
            "collection.publish",
            &format!("collection {collection}"),
            &format!("{n} games"),
        )?;
    }
    Ok(n)
}
