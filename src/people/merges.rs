//! Merges kept so they can be undone: what a merge of players or events moved is recorded in the
//! same transaction (the record merged away, the keys of the rows that pointed at it), and an undo
//! puts the record back and points those rows at it again.

use rusqlite::types::Value as V;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::auth::{Member, Role, audit, require};
use crate::error::{Error, Result};

/// What merging one record into another moves: the table, the column that points at it in each
/// referring table, and how it is named in messages and the audit log.
pub(super) struct MergeSpec {
    pub(super) table: &'static str,
    pub(super) what: &'static str,
    pub(super) article: &'static str,
    pub(super) column: &'static str,
    pub(super) referring: [&'static str; 3],
}

pub(super) const MERGE_PLAYERS: MergeSpec = MergeSpec {
    table: "players",
    what: "player",
    article: "a",
    column: "player_id",
    referring: ["seats", "player_aliases", "ratings"],
};

pub(super) const MERGE_EVENTS: MergeSpec = MergeSpec {
    table: "events",
    what: "event",
    article: "an",
    column: "event_id",
    referring: ["games", "event_aliases", "ratings"],
};

/// How a referring table's rows are named: `seats` has no rowid.
fn key_expr(table: &str) -> &'static str {
    if table == "seats" {
        "json_array(game_id, seat)"
    } else {
        "rowid"
    }
}

fn to_json(v: V) -> Value {
    match v {
        V::Null => Value::Null,
        V::Integer(i) => Value::from(i),
        V::Real(f) => Value::from(f),
        V::Text(s) => Value::from(s),
        V::Blob(b) => Value::from(hex::encode(b)),
    }
}

fn to_sql(v: &Value) -> V {
    match v {
        Value::Null => V::Null,
        Value::Number(n) => n
            .as_i64()
            .map(V::Integer)
            .unwrap_or_else(|| V::Real(n.as_f64().unwrap_or(0.0))),
        Value::String(s) => V::Text(s.clone()),
        other => V::Text(other.to_string()),
    }
}

/// Records, inside the merge's transaction and before it moves anything, what merging `from`
/// into `into` will move. Returns the merge's id.
pub(super) fn record(conn: &Connection, spec: &MergeSpec, into: i64, from: i64) -> Result<i64> {
    let from_row = conn.query_row(
        &format!("SELECT * FROM {} WHERE id = ?1", spec.table),
        params![from],
        |r| {
            let mut m = Map::new();
            for (i, name) in r.as_ref().column_names().enumerate() {
                m.insert(name.to_string(), to_json(r.get::<_, V>(i)?));
            }
            Ok(Value::Object(m))
        },
    )?;
    let mut moved = Map::new();
    for t in spec.referring {
        let keys: String = conn.query_row(
            &format!(
                "SELECT json_group_array({}) FROM {t} WHERE {} = ?1",
                key_expr(t),
                spec.column
            ),
            params![from],
            |r| r.get(0),
        )?;
        moved.insert(t.to_string(), serde_json::from_str(&keys)?);
    }
    conn.execute(
        "INSERT INTO merges(what, into_id, from_id, from_row, moved, at) VALUES (?1,?2,?3,?4,?5,?6)",
        params![
            spec.what,
            into,
            from,
            from_row.to_string(),
            Value::Object(moved).to_string(),
            crate::timefmt::rfc3339(crate::timefmt::now_secs())
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// A merge as the API lists it.
#[derive(Debug, Clone, Serialize)]
pub struct MergeRow {
    pub id: i64,
    pub what: String,
    pub into: i64,
    pub from: i64,
    /// The name the merged-away record had.
    pub from_name: String,
    pub at: String,
    pub undone_at: Option<String>,
}

/// The newest merges, newest first.
pub fn merges(conn: &Connection, limit: i64) -> Result<Vec<MergeRow>> {
    let mut st = conn.prepare(
        "SELECT id, what, into_id, from_id, json_extract(from_row, '$.name'), at, undone_at
         FROM merges ORDER BY id DESC LIMIT ?1",
    )?;
    let rows = st
        .query_map(params![limit], |r| {
            Ok(MergeRow {
                id: r.get(0)?,
                what: r.get(1)?,
                into: r.get(2)?,
                from: r.get(3)?,
                from_name: r.get::<_, Option<String>>(4)?.unwrap_or_default(),
                at: r.get(5)?,
                undone_at: r.get(6)?,
            })
        })?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Undoes merge `id`: the merged-away record comes back with its id, and the rows that moved
/// point at it again (rows added to the kept record since stay with it).
pub fn undo_merge(conn: &Connection, admin: &Member, id: i64) -> Result<()> {
    require(admin, Role::Admin)?;
    let row: Option<(String, i64, i64, String, String, Option<String>)> = conn
        .query_row(
            "SELECT what, into_id, from_id, from_row, moved, undone_at FROM merges WHERE id = ?1",
            params![id],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            },
        )
        .optional()?;
    let Some((what, into, from, from_row, moved, undone)) = row else {
        return Err(Error::NotFound(format!("no merge {id}")));
    };
    if undone.is_some() {
        return Err(Error::BadRequest(format!("merge {id} is undone already")));
    }
    let spec = if what == "player" {
        &MERGE_PLAYERS
    } else {
        &MERGE_EVENTS
    };
    let Value::Object(cols) = serde_json::from_str::<Value>(&from_row)? else {
        return Err(Error::Internal(format!("merge {id}: a bad record")));
    };
    let tx = conn.unchecked_transaction()?;
    let names: Vec<&String> = cols.keys().collect();
    let values: Vec<V> = cols.values().map(to_sql).collect();
    tx.execute(
        &format!(
            "INSERT INTO {}({}) VALUES ({})",
            spec.table,
            names
                .iter()
                .map(|n| format!("\"{n}\""))
                .collect::<Vec<_>>()
                .join(", "),
            vec!["?"; names.len()].join(", ")
        ),
        rusqlite::params_from_iter(values.iter()),
    )
    .map_err(|e| Error::BadRequest(format!("merge {id} cannot be undone: {e}")))?;
    let moved: Map<String, Value> = serde_json::from_str(&moved)?;
    for t in spec.referring {
        let keys = moved.get(t).cloned().unwrap_or(Value::Array(Vec::new()));
        tx.execute(
            &format!(
                "UPDATE {t} SET {col} = ?1 WHERE {col} = ?2 AND {k} IN (SELECT value FROM json_each(?3))",
                col = spec.column,
                k = key_expr(t)
            ),
            params![from, into, keys.to_string()],
        )?;
    }
    tx.execute(
        "UPDATE merges SET undone_at = ?1 WHERE id = ?2",
        params![crate::timefmt::rfc3339(crate::timefmt::now_secs()), id],
    )?;
    audit(
        &tx,
        Some(admin),
        &format!("{what}.merge.undo"),
        &format!("{what} {into}"),
        &format!("merge {id} undone: {what} {from} restored"),
    )?;
    tx.commit()?;
    Ok(())
}
