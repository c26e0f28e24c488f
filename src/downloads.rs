//! Games to take away: one game's record as its notation writes it, a list of games as one records
//! file (each game as imported, so an import of it gives back the same games) or as a CSV table.

use rusqlite::{Connection, OptionalExtension, params};

use crate::collections::{csv_cell, record_text};
use crate::error::{Error, Result};

/// The most games one download holds.
pub const MAX_DOWNLOAD: usize = 5_000;

/// The file name extension of a kind's records.
pub fn extension(kind: &str) -> &'static str {
    match kind {
        "hotw" => "hotw",
        "sanguo" => "sanguo",
        "wec" => "wec",
        "deluge" => "dip",
        _ => "txt",
    }
}

/// One game's record: (its text, its kind); `None` when there is no such game.
pub fn game_record(conn: &Connection, id: i64) -> Result<Option<(String, String)>> {
    let row: Option<(String, String)> = conn
        .prepare_cached("SELECT raw, kind FROM games WHERE id = ?1")?
        .query_row(params![id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    Ok(row.map(|(raw, kind)| (record_text(&raw, &kind), kind)))
}

/// The games of `ids` as one records file, in that order, a blank line between games.
pub fn records(conn: &Connection, ids: &[i64]) -> Result<String> {
    let mut out = String::new();
    for id in ids {
        if let Some((text, _)) = game_record(conn, *id)? {
            out.push_str(text.trim_end());
            out.push_str("\n\n");
        }
    }
    Ok(out)
}

/// The games of `ids` as a CSV table: id, kind, title, date, event, result, players, winners.
pub fn csv(conn: &Connection, ids: &[i64]) -> Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let e = |e: csv::Error| Error::Internal(format!("csv: {e}"));
    w.write_record([
        "id", "kind", "title", "date", "event", "result", "players", "winners",
    ])
    .map_err(e)?;
    let mut game = conn.prepare_cached(
        "SELECT kind, coalesce(title, ''), coalesce(date, ''), coalesce(event, ''), coalesce(result, ''), winners
         FROM games WHERE id = ?1",
    )?;
    let mut seats = conn.prepare_cached(
        "SELECT s.seat, coalesce(p.name, '') FROM seats s LEFT JOIN players p ON p.id = s.player_id
         WHERE s.game_id = ?1 ORDER BY s.seq",
    )?;
    for id in ids {
        let Some(g) = game
            .query_row(params![id], |r| {
                Ok([
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                ])
            })
            .optional()?
        else {
            continue;
        };
        let players: Vec<String> = seats
            .query_map(params![id], |r| {
                Ok(format!(
                    "{}: {}",
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?
                ))
            })?
            .collect::<std::result::Result<_, _>>()?;
        w.write_record([
            id.to_string(),
            g[0].clone(),
            csv_cell(&g[1]).into_owned(),
            g[2].clone(),
            csv_cell(&g[3]).into_owned(),
            csv_cell(&g[4]).into_owned(),
            csv_cell(&players.join("; ")).into_owned(),
            csv_cell(&g[5]).into_owned(),
        ])
        .map_err(e)?;
    }
    w.into_inner()
        .map_err(|e| Error::Internal(format!("csv: {e}")))
}
