//! The SQLite schema and its migrations: the schema a new database is made with, its version,
//! and the steps that bring a database of an older version up to it.

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::{Error, Result};

pub const SCHEMA: &str = include_str!("../../schema.sql");
/// 2: `games.normalized` dropped (bodies are re-parsed from `raw`).
/// 3: `hotw_cards`, `hotw_expansions` and `hotw_builds` packed into `hotw_turns` as JSON arrays.
/// 4: running totals of the statistics (`stat_buckets` and after, `store::tally`).
/// 5: the totals also rolled up per year, per event and per kind (`stat_buckets.span`), each
///    table keyed bucket first.
/// 6: a game's moves packed into one row of `hotw_packed`, `sanguo_packed`, `wec_packed` or
///    `deluge_packed` (the row-per-move tables became views of them); the explorer tree pruned
///    (`explorer_nodes.newest` and `.game`, `explorer_ends`, a staged row per game).
/// 7: the statistics totals packed into one `stat_totals` row per bucket and table (the tables of
///    totals became views of them).
/// 8: `games.content_hash` unique by an index of its own (`games_content_hash`), which a bulk import
///    drops, instead of by a column constraint.
/// 9: `stat_totals` a table with rowids (and a unique `(bucket, part)`), not WITHOUT ROWID: its
///    rows of several KB no longer leave overflow pages mostly empty.
pub const SCHEMA_VERSION: &str = "10";

/// The tables holding rows of one game (by `game_id`), besides `games` itself.
pub(crate) const GAME_TABLES: [&str; 9] = [
    "tags",
    "seats",
    "diagnostics",
    "hotw_packed",
    "sanguo_packed",
    "sanguo_title_events",
    "wec_packed",
    "deluge_packed",
    "positions",
];

/// The `CREATE [UNIQUE] INDEX IF NOT EXISTS` statements of [`SCHEMA`] on `games` and the per-game
/// tables: (index, table).
pub fn secondary_indexes() -> Vec<(&'static str, &'static str)> {
    secondary_index_statements()
        .into_iter()
        .map(|(name, table, _)| (name, table))
        .collect()
}

/// [`secondary_indexes`] with the statement that makes each: (index, table, statement).
pub fn secondary_index_statements() -> Vec<(&'static str, &'static str, &'static str)> {
    SCHEMA
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("CREATE INDEX IF NOT EXISTS ")
                .or_else(|| l.strip_prefix("CREATE UNIQUE INDEX IF NOT EXISTS "))?;
            let (name, rest) = rest.split_once(" ON ")?;
            let table = rest.split('(').next()?.trim();
            // The game and move tables, whose secondary indexes a bulk import drops.
            (table == "games" || GAME_TABLES.contains(&table)).then_some((name.trim(), table, l))
        })
        .collect()
}

/// Drops the secondary indexes of the move and game tables before a bulk import into an empty
/// database: building an index once from sorted data at the end (running [`SCHEMA`] again, whose
/// `CREATE INDEX IF NOT EXISTS` statements rebuild them) is several times cheaper than keeping it
/// up to date row by row with random keys. That includes the unique index of `content_hash`: the
/// bulk import, which no other import writes beside (`tally::begin_bulk`), finds duplicates in
/// memory meanwhile ([`SeenHashes`]). The look-ups the importer needs (aliases, primary keys) are
/// not touched. Should the import stop half-way, the next [`open`] builds them again.
pub fn drop_secondary_indexes(conn: &Connection) -> Result<()> {
    for (name, _) in secondary_indexes() {
        conn.execute_batch(&format!("DROP INDEX IF EXISTS {name}"))?;
    }
    Ok(())
}

/// What must change before [`SCHEMA`] runs on a database of an earlier version (`before`).
pub(crate) fn before_schema(conn: &Connection, before: Option<&str>) -> Result<()> {
    // Version 8: `games` is made again without the constraint, whose index could not be dropped.
    if hash_is_a_constraint(conn)? {
        rebuild_table(conn, "games", "schema 8: content_hash unique by an index")?;
    }
    // Version 9: `stat_totals` is made again with rowids, its rows kept.
    if without_rowid(conn, "stat_totals")? {
        rebuild_table(conn, "stat_totals", "schema 9: rowids")?;
    }
    // Version 10: `positions` is kept in game order (without rowids). Its rows are derived: the
    // old table goes, and `connection::open` writes them again from the games.
    if is_table(conn, "positions")? && !without_rowid(conn, "positions")? {
        conn.execute_batch("DROP TABLE positions;")?;
    }
    // Version 6 prunes the explorer tree (`explorer_nodes` gained `newest` and `game`, the staging
    // table holds games): the old tree goes, and `migrate` builds the new one.
    if before
        .and_then(|v| v.parse::<u32>().ok())
        .is_some_and(|v| v < 6)
    {
        conn.execute_batch(
            "DROP TABLE IF EXISTS explorer_nodes; DROP TABLE IF EXISTS explorer_staging;",
        )?;
    }
    // Version 5 added `stat_buckets.span` (and the index on it): the totals of version 4 are
    // dropped, the schema makes them again, and `migrate` has them counted.
    if before == Some("4") {
        let mut drop = String::new();
        for t in crate::store::tally::table_names().chain(["stat_totals", "stat_buckets"]) {
            // (tables in a database of version 4; views when a test sets a version back)
            let kind = if is_table(conn, t)? { "TABLE" } else { "VIEW" };
            drop.push_str(&format!("DROP {kind} IF EXISTS {t};"));
        }
        conn.execute_batch(&drop)?;
    }
    Ok(())
}

/// Brings a database made by an earlier schema version (`before`, None for a new file) up to this
/// one.
pub(crate) fn migrate(conn: &Connection, before: Option<&str>) -> Result<()> {
    // Version 4 added the statistics totals and version 5 their roll-ups: a database with games
    // but without them has them counted by `tally::recover`, which `open` runs next.
    if before
        .and_then(|v| v.parse::<u32>().ok())
        .is_some_and(|v| v < 5)
    {
        conn.execute(
            "INSERT INTO meta(key, value) VALUES ('tally_pending', '1')
             ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            [],
        )?;
    }
    // Version 1 stored each body's JSON in `games.normalized` (NOT NULL, so new inserts would
    // fail): drop it. SQLite rewrites the table once.
    let has_normalized: bool = conn.query_row(
        "SELECT count(*) FROM pragma_table_info('games') WHERE name = 'normalized'",
        [],
        |r| r.get::<_, i64>(0).map(|n| n > 0),
    )?;
    if has_normalized {
        conn.execute_batch("ALTER TABLE games DROP COLUMN normalized")?;
    }
    // Version 2 kept a HotW turn's cards, expansions and builds in three tables of their own:
    // pack them into the turn's row (schema.sql) and drop the tables, in one transaction.
    let column = |table: &str, name: &str| -> Result<bool> {
        Ok(conn.query_row(
            "SELECT count(*) FROM pragma_table_info(?1) WHERE name = ?2",
            params![table, name],
            |r| r.get::<_, i64>(0),
        )? > 0)
    };
    if !column("hotw_turns", "cards")? {
        conn.execute_batch(
            "BEGIN;
             ALTER TABLE hotw_turns ADD COLUMN cards TEXT NOT NULL DEFAULT '[]';
             ALTER TABLE hotw_turns ADD COLUMN card_details TEXT;
             ALTER TABLE hotw_turns ADD COLUMN expansions TEXT NOT NULL DEFAULT '[]';
             ALTER TABLE hotw_turns ADD COLUMN builds TEXT NOT NULL DEFAULT '[]';
             COMMIT;",
        )?;
    }
    if column("hotw_cards", "card")? {
        conn.execute_batch(
            "BEGIN;
             UPDATE hotw_turns SET
                 cards = (SELECT json_group_array(c.card ORDER BY c.seq) FROM hotw_cards c
                          WHERE c.game_id = hotw_turns.game_id AND c.turn_seq = hotw_turns.seq),
                 card_details = (SELECT CASE WHEN count(c.detail) = 0 THEN NULL
                                        ELSE json_group_array(c.detail ORDER BY c.seq) END
                                 FROM hotw_cards c
                                 WHERE c.game_id = hotw_turns.game_id AND c.turn_seq = hotw_turns.seq),
                 expansions = (SELECT json_group_array(json_array(x.from_region, x.via, x.to_region,
                                                                  x.battle, x.builds) ORDER BY x.seq)
                               FROM hotw_expansions x
                               WHERE x.game_id = hotw_turns.game_id AND x.turn_seq = hotw_turns.seq),
                 builds = (SELECT json_group_array(json_array(b.region, b.items) ORDER BY b.seq)
                           FROM hotw_builds b
                           WHERE b.game_id = hotw_turns.game_id AND b.turn_seq = hotw_turns.seq);
             DROP TABLE hotw_cards;
             DROP TABLE hotw_expansions;
             DROP TABLE hotw_builds;
             COMMIT;",
        )?;
    }
    pack_move_tables(conn)?;
    pack_totals(conn)
}

/// Whether `games.content_hash` is unique by its column's constraint (schema 7 and before).
fn hash_is_a_constraint(conn: &Connection) -> Result<bool> {
    Ok(conn.query_row(
        "SELECT count(*) FROM pragma_index_list('games') l, pragma_index_info(l.name) i
         WHERE l.origin = 'u' AND i.name = 'content_hash'",
        [],
        |r| r.get::<_, i64>(0),
    )? > 0)
}

/// Whether `table` is a table WITHOUT ROWID.
fn without_rowid(conn: &Connection, table: &str) -> Result<bool> {
    let sql: Option<String> = conn
        .query_row(
            "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1",
            [table],
            |r| r.get(0),
        )
        .optional()?;
    Ok(sql.is_some_and(|s| s.to_ascii_uppercase().contains("WITHOUT ROWID")))
}

/// Makes `table` again as [`SCHEMA`] has it, with its rows (the columns both have), by the steps
/// SQLite documents for a change `ALTER TABLE` cannot make: a new table filled from the old, the
/// old dropped and the new renamed, in one transaction, foreign keys off meanwhile (the tables
/// that reference it keep their rows and are checked after). [`SCHEMA`] makes its indexes.
/// `why` goes into the log line.
fn rebuild_table(conn: &Connection, table: &str, why: &str) -> Result<()> {
    let t = std::time::Instant::now();
    let head = format!("CREATE TABLE IF NOT EXISTS {table} (");
    let start = SCHEMA
        .find(&head)
        .ok_or_else(|| Error::Internal(format!("schema.sql has no {table} table")))?;
    let end = SCHEMA[start..]
        .find("\n)")
        .ok_or_else(|| Error::Internal(format!("schema.sql: the {table} table does not end")))?;
    // (up to its closing bracket: `WITHOUT ROWID` and the `;` after it are not copied)
    let create = SCHEMA[start..start + end + 2].replacen(
        &head,
        &format!("CREATE TABLE {table}_rebuilt ("),
        1,
    );
    let columns = |table: &str| -> Result<Vec<String>> {
        Ok(conn
            .prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")?
            .query_map([table], |r| r.get(0))?
            .collect::<std::result::Result<_, _>>()?)
    };
    conn.execute_batch("PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON;")?;
    let rebuilt = (|| -> Result<()> {
        conn.execute_batch(&format!(
            "BEGIN; DROP TABLE IF EXISTS {table}_rebuilt; {create};"
        ))?;
        let old = columns(table)?;
        let both: Vec<String> = columns(&format!("{table}_rebuilt"))?
            .into_iter()
            .filter(|c| old.contains(c))
            .collect();
        let both = both.join(", ");
        conn.execute_batch(&format!(
            "INSERT INTO {table}_rebuilt({both}) SELECT {both} FROM {table};
             DROP TABLE {table};
             ALTER TABLE {table}_rebuilt RENAME TO {table};"
        ))?;
        let broken: i64 =
            conn.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
                r.get(0)
            })?;
        if broken > 0 {
            return Err(Error::Internal(format!(
                "rebuilding {table}: {broken} rows would lose what they refer to"
            )));
        }
        conn.execute_batch("COMMIT;")?;
        Ok(())
    })();
    if rebuilt.is_err() {
        let _ = conn.execute_batch("ROLLBACK;");
    }
    conn.execute_batch("PRAGMA legacy_alter_table = OFF; PRAGMA foreign_keys = ON;")?;
    rebuilt?;
    tracing::info!(
        seconds = t.elapsed().as_secs_f64(),
        table,
        why,
        "table made again"
    );
    Ok(())
}

/// Whether `name` is a table (not a view, not missing).
fn is_table(conn: &Connection, name: &str) -> Result<bool> {
    Ok(conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
        params![name],
        |r| r.get::<_, i64>(0),
    )? > 0)
}

/// Version 6 and before kept each statistics total as a row of its own table (`hotw_gain_counts`
/// and the others were tables): pack each bucket's rows into one `stat_totals` row, drop the old
/// tables, and let the schema make its views of the same names. One transaction per table.
fn pack_totals(conn: &Connection) -> Result<()> {
    replace_tables_by_views(conn, crate::store::tally::pack_table_sql())
}

/// For each (table, statement) whose table is still a table: runs the statement (which copies its
/// rows into their packed table) and drops the table, in one transaction; then lets the schema
/// make the views of the freed names.
fn replace_tables_by_views<S: AsRef<str>>(
    conn: &Connection,
    steps: impl IntoIterator<Item = (&'static str, S)>,
) -> Result<()> {
    let mut packed = false;
    for (table, sql) in steps {
        if is_table(conn, table)? {
            let sql = sql.as_ref();
            conn.execute_batch(&format!("BEGIN; {sql} DROP TABLE {table}; COMMIT;"))?;
            packed = true;
        }
    }
    if packed {
        conn.execute_batch(SCHEMA)?;
    }
    Ok(())
}

/// Version 5 and before kept a row per move (`hotw_turns`, `sanguo_moves`, `wec_turns`,
/// `deluge_orders` were tables): pack each game's rows into one row of its kind's packed table,
/// drop the old tables, and let the schema make its views of the same names. One transaction per
/// table.
fn pack_move_tables(conn: &Connection) -> Result<()> {
    let steps: [(&str, &str); 4] = [
        (
            "hotw_turns",
            "INSERT INTO hotw_packed(game_id, empires, moves)
             SELECT game_id, replace(group_concat(DISTINCT empire), ',', ' '),
                    json_group_array(json_array(epoch, player, empire, minor, score, gain, line,
                        json(cards), json(card_details), json(expansions), json(builds)) ORDER BY seq)
             FROM hotw_turns GROUP BY game_id;",
        ),
        (
            "sanguo_moves",
            "INSERT INTO sanguo_packed(game_id, moves)
             SELECT game_id, json_group_array(json_array(ply, round, side, notation, piece, from_y,
                        from_x, to_y, to_x, capture_piece, capture_side, json(events)) ORDER BY ply)
             FROM sanguo_moves GROUP BY game_id;",
        ),
        (
            "wec_turns",
            "INSERT INTO wec_packed(game_id, moves)
             SELECT game_id, json_group_array(json_array(ply, color, notation, piece, from_level,
                        from_row, from_col, to_level, to_row, to_col) ORDER BY ply)
             FROM wec_turns GROUP BY game_id;",
        ),
        (
            "deluge_orders",
            "INSERT INTO deluge_packed(game_id, moves)
             SELECT game_id, json_group_array(json_array(phase, year, season, power, unit, location,
                        kind, target, via, result) ORDER BY seq)
             FROM deluge_orders GROUP BY game_id;",
        ),
    ];
    replace_tables_by_views(conn, steps)
}
