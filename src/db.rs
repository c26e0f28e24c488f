//! SQLite: opening, the schema, storing parsed games and the read queries of pages and API.
//!
//! All SQL uses bound parameters. Writes happen on one connection at a time (the importer's); reads
//! come from a small pool of connections (WAL lets them run beside the writer).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use annals_import::{Body, Kind, ParsedGame};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Serialize;

use crate::error::{Error, Result};
use crate::jsonb::Jsonb;

pub const SCHEMA: &str = include_str!("../schema.sql");
/// 2: `games.normalized` dropped (bodies are re-parsed from `raw`).
/// 3: `hotw_cards`, `hotw_expansions` and `hotw_builds` packed into `hotw_turns` as JSON arrays.
/// 4: running totals of the statistics (`stat_buckets` and after, `src/tally.rs`).
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
pub const SCHEMA_VERSION: &str = "9";

/// The page size of a new database: 16 KB where SQLite's default is 4 KB. A HotW game's packed
/// moves (8 KB on average) fit in one page instead of a chain of three, and a bulk import wrote a
/// quarter fewer WAL frames and ran 9% faster at 100k games (BENCHMARKS.md, session 21).
pub const PAGE_SIZE: i64 = 16_384;

/// Opens (creating if needed) the database at `path` and applies the schema.
pub fn open(path: &Path) -> Result<Connection> {
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir)?;
    }
    let mut conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    // The importer alone cycles through about 20 statements per game; rusqlite's default cache of
    // 16 would prepare some of them again for every game.
    conn.set_prepared_statement_cache_capacity(128);
    // A new database only (an existing one keeps its page size).
    conn.pragma_update(None, "page_size", PAGE_SIZE)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    let before: Option<String> = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .optional()
        .unwrap_or(None);
    before_schema(&conn, before.as_deref())?;
    conn.execute_batch(SCHEMA)?;
    migrate(&conn, before.as_deref())?;
    if before
        .as_deref()
        .and_then(|v| v.parse::<u32>().ok())
        .is_some_and(|v| v < 6)
    {
        let n = crate::explorer::rebuild(&mut conn)?;
        tracing::info!(games = n, "explorer tree built again");
    }
    // A bulk import that stopped half-way left games staged for the explorer: add them now.
    // (Doing so while another process's bulk import is still running is harmless: that import
    // adds the rest.)
    if conn
        .query_row("SELECT 1 FROM explorer_staging LIMIT 1", [], |_| Ok(()))
        .optional()?
        .is_some()
        && let Err(e) = crate::explorer::build_staged(&mut conn)
    {
        tracing::warn!("could not add the staged explorer games yet: {e}");
    }
    conn.execute(
        "INSERT INTO meta(key, value) VALUES ('schema_version', ?1)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        params![SCHEMA_VERSION],
    )?;
    // Totals left incomplete by a bulk import that stopped, or never made (schema 3): count the
    // stored games again (unless another process is still importing in bulk).
    let t = std::time::Instant::now();
    if let Some(n) = crate::tally::recover(&mut conn)? {
        tracing::info!(
            games = n,
            seconds = t.elapsed().as_secs_f64(),
            "statistics totals rebuilt"
        );
    }
    Ok(conn)
}

/// The tables holding rows of one game (by `game_id`), besides `games` itself.
const GAME_TABLES: [&str; 8] = [
    "tags",
    "seats",
    "diagnostics",
    "hotw_packed",
    "sanguo_packed",
    "sanguo_title_events",
    "wec_packed",
    "deluge_packed",
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
fn before_schema(conn: &Connection, before: Option<&str>) -> Result<()> {
    // Version 8: `games` is made again without the constraint, whose index could not be dropped.
    if hash_is_a_constraint(conn)? {
        rebuild_table(conn, "games", "schema 8: content_hash unique by an index")?;
    }
    // Version 9: `stat_totals` is made again with rowids, its rows kept.
    if without_rowid(conn, "stat_totals")? {
        rebuild_table(conn, "stat_totals", "schema 9: rowids")?;
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
        for t in crate::tally::table_names().chain(["stat_totals", "stat_buckets"]) {
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
fn migrate(conn: &Connection, before: Option<&str>) -> Result<()> {
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
    replace_tables_by_views(conn, crate::tally::pack_table_sql())
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

/// A few read connections, handed out one per blocking task.
pub struct Pool {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
}

impl Pool {
    pub fn new(path: &Path) -> Result<Pool> {
        // Open once to create the file and the schema before any reader comes.
        let first = open(path)?;
        Ok(Pool {
            path: path.to_path_buf(),
            idle: Mutex::new(vec![first]),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` with a connection from the pool (opening one if none is idle).
    pub fn with<T>(&self, f: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
        self.with_mut(|c| f(c))
    }

    /// Runs `f` with a connection it may open transactions on.
    pub fn with_mut<T>(&self, f: impl FnOnce(&mut Connection) -> Result<T>) -> Result<T> {
        let conn = {
            let mut idle = self
                .idle
                .lock()
                .map_err(|_| Error::Internal("pool poisoned".into()))?;
            idle.pop()
        };
        let conn = match conn {
            Some(c) => c,
            None => open(&self.path)?,
        };
        let mut conn = conn;
        let out = f(&mut conn);
        if let Ok(mut idle) = self.idle.lock()
            && idle.len() < 8
        {
            idle.push(conn);
        }
        out
    }
}

/// What a game store did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    Imported(i64),
    /// Already in the database under this id.
    Duplicate(i64),
}

/// Rows a game owns (tags, diagnostics) inserted by one statement, up to this many at a time:
/// one statement's run for a game's seven tags instead of seven (its start, its bindings' calls
/// and its reset were half the cost of such a row).
const ROWS_PER_INSERT: usize = 8;

/// `INSERT OR FAIL INTO {head} VALUES (?,…),(?,…)…` for 1 to [`ROWS_PER_INSERT`] rows, each text
/// made once.
///
/// `OR FAIL`, not the default `ABORT`: a statement of several rows that may abort needs a statement
/// journal, and SQLite copied each page such a statement touched into one (16 KB, with a
/// `malloc`) before changing it — 3.7% of a 10k-game import's instructions (callgrind, session
/// 23). With `FAIL` a violated constraint keeps the statement's earlier rows instead of undoing
/// them, which changes nothing here: an error of any store ends its whole transaction, rolled
/// back.
struct RowsInsert {
    head: &'static str,
    cols: usize,
    sqls: std::sync::OnceLock<Vec<String>>,
}

impl RowsInsert {
    const fn new(head: &'static str, cols: usize) -> Self {
        RowsInsert {
            head,
            cols,
            sqls: std::sync::OnceLock::new(),
        }
    }

    /// The statement for `rows` rows (1 to [`ROWS_PER_INSERT`]), its parameters numbered row by
    /// row from 1.
    fn sql(&self, rows: usize) -> &str {
        let sqls = self.sqls.get_or_init(|| {
            (1..=ROWS_PER_INSERT)
                .map(|n| {
                    let row = format!("({})", vec!["?"; self.cols].join(","));
                    format!(
                        "INSERT OR FAIL INTO {} VALUES {}",
                        self.head,
                        vec![row; n].join(",")
                    )
                })
                .collect()
        });
        &sqls[rows.clamp(1, ROWS_PER_INSERT) - 1]
    }
}

/// A parsed game made ready to store ([`Ready::new`]): everything of it but its body, and what
/// the stores make of the body. The importer makes it on its parse threads, which free the body
/// where they made it (see `tally::BodyFacts`).
pub struct Ready {
    pub kind: Kind,
    pub tags: Vec<(String, String)>,
    pub title: Option<String>,
    pub players: Vec<annals_import::Seat>,
    pub outcome: Option<annals_import::Outcome>,
    /// Diagnostics of the record reader and the notation parser, in file order.
    pub diagnostics: Vec<annals_import::Diagnostic>,
    /// The body's moves (`Body::move_count`).
    pub move_count: usize,
    /// Each seat's result ([`seat_results`]).
    pub seats: Vec<SeatResult>,
    /// What the statistics totals count of the body (with 三国's title events).
    pub facts: crate::tally::BodyFacts,
    /// The normalized moves, for the explorer tree.
    pub keys: crate::explorer::MoveKeys,
    /// The packed moves ([`pack_moves`]); the importer frees them once stored.
    pub packed: Option<Packed>,
}

impl Ready {
    /// Makes the rows of `p`'s body, and frees the body.
    pub fn new(p: ParsedGame) -> Ready {
        let seats = seat_results(&p);
        let ParsedGame {
            kind,
            tags,
            title,
            players,
            outcome,
            body,
            diagnostics,
        } = p;
        Ready {
            kind,
            tags,
            title,
            players,
            outcome,
            diagnostics,
            move_count: body.move_count(),
            seats,
            facts: crate::tally::BodyFacts::of(&body),
            keys: crate::explorer::MoveKeys::of(&body),
            packed: pack_moves(&body),
        }
    }

    /// A tag's value, trimmed; None when absent or blank.
    pub fn tag(&self, name: &str) -> Option<&str> {
        annals_import::model::tag(&self.tags, name)
            .map(str::trim)
            .filter(|v| !v.is_empty())
    }
}

/// Everything about one game that the importer stores.
pub struct NewGame<'a> {
    pub game: &'a Ready,
    pub raw: &'a str,
    pub hash: &'a str,
    pub file: &'a str,
    pub line: u32,
    pub encoding: &'a str,
    pub imported_at: &'a str,
}

/// The year of a `Date` tag (`YYYY.MM.DD`, `YYYY.??.??`, `YYYY`, `YYYY-MM-DD`), if it has one.
pub fn year_of(date: &str) -> Option<i64> {
    let digits: String = date
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    if digits.len() == 4 {
        digits.parse().ok()
    } else {
        None
    }
}

/// The content hashes a bulk import has stored, with their games' ids: the import finds duplicates
/// here while the unique index of `content_hash` is dropped ([`drop_secondary_indexes`]). Keyed
/// by a hash's first 8 bytes (12 bytes a game, where the whole hash and id took 80); a key that
/// two different hashes share is told apart by reading the stored game's hash.
#[derive(Default)]
pub struct SeenHashes(rustc_hash::FxHashMap<u64, u32>);

impl SeenHashes {
    fn key(hash: &str) -> Option<u64> {
        hash.get(..16).and_then(|h| u64::from_str_radix(h, 16).ok())
    }

    /// The stored game whose content hash is `hash`, if any.
    fn find(&self, tx: &Transaction, hash: &str) -> Result<Option<i64>> {
        let seen = Self::key(hash).and_then(|k| self.0.get(&k));
        if let Some(&id) = seen {
            let same: Option<bool> = tx
                .prepare_cached("SELECT content_hash = ?2 FROM games WHERE id = ?1")?
                .query_row(params![id, hash], |r| r.get(0))
                .optional()?;
            if same == Some(true) {
                return Ok(Some(i64::from(id)));
            }
        } else if Self::key(hash).is_some() {
            return Ok(None);
        }
        // Two hashes with the same first 8 bytes (or one that is not hex): read every game's,
        // which without the index is a scan of the table, once in billions of imports.
        Ok(tx
            .prepare_cached("SELECT id FROM games WHERE content_hash = ?1")?
            .query_row(params![hash], |r| r.get(0))
            .optional()?)
    }

    fn insert(&mut self, hash: &str, id: i64) {
        if let (Some(k), Ok(id)) = (Self::key(hash), u32::try_from(id)) {
            self.0.entry(k).or_insert(id);
        }
    }
}

/// Stores one parsed game and its moves in the caller's transaction, adds its moves to the explorer
/// tree (or stages them, `tree`) and its statistics to `tally` (which the caller flushes before
/// it commits). A game whose content hash is already present is not stored again: found by the
/// unique index, or in `seen` by a bulk import (which adds the games it stores).
pub fn store_game(
    tx: &Transaction,
    g: &NewGame,
    tree: crate::explorer::TreeWrites,
    tally: &mut crate::tally::Tally,
    names: &mut crate::people::NameCache,
    seen: Option<&mut SeenHashes>,
) -> Result<Stored> {
    let duplicate = match seen.as_deref() {
        Some(seen) => seen.find(tx, g.hash)?,
        None => tx
            .prepare_cached("SELECT id FROM games WHERE content_hash = ?1")?
            .query_row(params![g.hash], |r| r.get::<_, i64>(0))
            .optional()?,
    };
    if let Some(id) = duplicate {
        return Ok(Stored::Duplicate(id));
    }
    let p = g.game;
    let (errors, warnings) = annals_import::record::counts(&p.diagnostics);
    let date = p.tag("Date");
    let (result, winners_text, draw_text) = match &p.outcome {
        Some(o) => (
            Some(o.summary.clone()),
            o.winners.join(" "),
            o.draw.join(" "),
        ),
        None => (
            p.tag("Result").map(str::to_string),
            String::new(),
            String::new(),
        ),
    };
    let event_id = match p.tag("Event") {
        Some(event) => Some(crate::people::event_for_cached(
            tx,
            names,
            event,
            p.tag("Site"),
            date,
            p.tag("Round"),
        )?),
        None => None,
    };
    tx.prepare_cached(
        "INSERT INTO games(kind, title, event, site, date, year, round, result, winners, draw, content_hash,
            source_file, source_line, encoding, raw, move_count, errors, warnings, imported_at, event_id)
         VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?19,?10,?11,?12,?13,?14,?15,?16,?17,?18,?20)",
    )?
    .execute(params![
        p.kind.as_str(),
        p.title,
        p.tag("Event"),
        p.tag("Site"),
        date,
        date.and_then(year_of),
        p.tag("Round"),
        result,
        winners_text,
        g.hash,
        g.file,
        g.line,
        g.encoding,
        g.raw,
        p.move_count as i64,
        errors as i64,
        warnings as i64,
        g.imported_at,
        draw_text,
        event_id,
    ])?;
    let id = tx.last_insert_rowid();
    if let Some(seen) = seen {
        seen.insert(g.hash, id);
    }
    static TAGS: RowsInsert = RowsInsert::new("tags(game_id, seq, name, value)", 4);
    for (c, chunk) in p.tags.chunks(ROWS_PER_INSERT).enumerate() {
        let mut st = tx.prepare_cached(TAGS.sql(chunk.len()))?;
        for (j, (k, v)) in chunk.iter().enumerate() {
            let at = 4 * j;
            st.raw_bind_parameter(at + 1, id)?;
            st.raw_bind_parameter(at + 2, (c * ROWS_PER_INSERT + j) as i64)?;
            st.raw_bind_parameter(at + 3, k)?;
            st.raw_bind_parameter(at + 4, v)?;
        }
        st.raw_execute()?;
    }
    // The seats: the players as listed, then each seat with a result but no player line. A seat
    // listed twice is stored once, as first listed (its key is (game, seat)); its order in the
    // list is its `seq`.
    let mut listed: Vec<(&str, Option<&str>, Option<&str>)> = p
        .players
        .iter()
        .map(|s| (s.seat.as_str(), s.name.as_deref(), s.color.as_deref()))
        .collect();
    for r in &p.seats {
        if !listed.iter().any(|(seat, ..)| *seat == r.seat) {
            listed.push((&r.seat, None, None));
        }
    }
    let mut seat_rows = Vec::with_capacity(listed.len());
    for (i, &(seat, name, color)) in listed.iter().enumerate() {
        if listed[..i].iter().any(|(s, ..)| *s == seat) {
            continue;
        }
        let pid = match name
            .map(str::trim)
            .filter(|n| !crate::people::player_key(n).is_empty())
        {
            Some(name) => Some(crate::people::cached_player_for(tx, names, name)?),
            None => None,
        };
        seat_rows.push((i, seat, pid, color, p.seats.iter().find(|r| r.seat == seat)));
    }
    static SEATS: RowsInsert = RowsInsert::new(
        "seats(game_id, seat, seq, player_id, color, final_score, placing, outcome)",
        8,
    );
    for chunk in seat_rows.chunks(ROWS_PER_INSERT) {
        let mut st = tx.prepare_cached(SEATS.sql(chunk.len()))?;
        for (j, &(seq, seat, pid, color, r)) in chunk.iter().enumerate() {
            let at = 8 * j;
            st.raw_bind_parameter(at + 1, id)?;
            st.raw_bind_parameter(at + 2, seat)?;
            st.raw_bind_parameter(at + 3, seq as i64)?;
            st.raw_bind_parameter(at + 4, pid)?;
            st.raw_bind_parameter(at + 5, color)?;
            st.raw_bind_parameter(at + 6, r.and_then(|r| r.final_score))?;
            st.raw_bind_parameter(at + 7, r.and_then(|r| r.placing))?;
            st.raw_bind_parameter(at + 8, r.and_then(|r| r.outcome))?;
        }
        st.raw_execute()?;
    }
    let seat_facts: Vec<crate::tally::SeatFacts> = seat_rows
        .iter()
        .map(|&(_, seat, _, _, r)| crate::tally::SeatFacts {
            seat: seat.to_string(),
            placing: r.and_then(|r| r.placing),
            outcome: r.and_then(|r| r.outcome).map(str::to_string),
        })
        .collect();
    static DIAGNOSTICS: RowsInsert = RowsInsert::new(
        "diagnostics(game_id, seq, line, col, severity, code, message)",
        7,
    );
    for (c, chunk) in p.diagnostics.chunks(ROWS_PER_INSERT).enumerate() {
        let mut st = tx.prepare_cached(DIAGNOSTICS.sql(chunk.len()))?;
        for (j, d) in chunk.iter().enumerate() {
            let at = 7 * j;
            st.raw_bind_parameter(at + 1, id)?;
            st.raw_bind_parameter(at + 2, (c * ROWS_PER_INSERT + j) as i64)?;
            st.raw_bind_parameter(at + 3, d.line)?;
            st.raw_bind_parameter(at + 4, d.col)?;
            st.raw_bind_parameter(at + 5, d.severity.as_str())?;
            st.raw_bind_parameter(at + 6, &d.code)?;
            st.raw_bind_parameter(at + 7, &d.message)?;
        }
        st.raw_execute()?;
    }
    store_moves(tx, id, p.facts.title_events(), p.packed.as_ref())?;
    let (winners, draw) = match &p.outcome {
        Some(o) => (o.winners.as_slice(), o.draw.as_slice()),
        None => (&[][..], &[][..]),
    };
    let c = crate::explorer::counts(p.kind, winners, draw);
    match tree {
        crate::explorer::TreeWrites::Update => {
            crate::explorer::add_game(tx, p.kind, id, &p.keys.to_vec(), &c)?
        }
        crate::explorer::TreeWrites::Stage => {
            crate::explorer::stage_seq(tx, p.kind, id, p.keys.seq(), &c)?
        }
    }
    tally.add(
        &crate::tally::GameFacts {
            kind: p.kind,
            event: p.tag("Event"),
            year: date.and_then(year_of),
            body: &p.facts,
            move_count: p.move_count as i64,
            winners: &winners_text,
            draw: &draw_text,
            seats: &seat_facts,
        },
        1,
    );
    Ok(Stored::Imported(id))
}

/// What a seat achieved: HotW final score and placing; 三国/WEC win, draw or loss.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatResult {
    pub seat: String,
    pub final_score: Option<i64>,
    pub placing: Option<i64>,
    pub outcome: Option<&'static str>,
}

/// The result of each seat of a game, from its moves and outcome.
pub fn seat_results(p: &ParsedGame) -> Vec<SeatResult> {
    match &p.body {
        Body::Hotw(g) => {
            let mut last: Vec<(String, i64)> = Vec::new();
            for t in &g.turns {
                if let Some(s) = t.score {
                    match last.iter_mut().find(|(p, _)| *p == t.player) {
                        Some(e) => e.1 = s,
                        None => last.push((t.player.to_string(), s)),
                    }
                }
            }
            last.sort();
            last.iter()
                .map(|(seat, score)| SeatResult {
                    seat: seat.clone(),
                    final_score: Some(*score),
                    placing: Some(1 + last.iter().filter(|(_, s)| s > score).count() as i64),
                    outcome: None,
                })
                .collect()
        }
        Body::Sanguo(_) | Body::Wec(_) => {
            let Some(o) = &p.outcome else {
                return Vec::new();
            };
            if o.winners.is_empty() && o.draw.is_empty() {
                return Vec::new();
            }
            crate::explorer::sides(p.kind)
                .iter()
                .map(|s| SeatResult {
                    seat: s.to_string(),
                    final_score: None,
                    placing: None,
                    outcome: Some(if o.winners.iter().any(|w| w == s) {
                        "win"
                    } else if o.draw.iter().any(|w| w == s) {
                        "draw"
                    } else {
                        "loss"
                    }),
                })
                .collect()
        }
        Body::Deluge(_) => Vec::new(),
    }
}

/// Deletes a game and everything derived from it in the database (the caller removes it from the
/// index). Returns false when there was no such game.
pub fn delete_game(tx: &Transaction, id: i64) -> Result<bool> {
    let Some(g) = get_game(tx, id)? else {
        return Ok(false);
    };
    crate::explorer::remove_stored(tx, g.kind, id)?;
    let mut tally = crate::tally::Tally::default();
    tally.add_stored(tx, id, -1)?;
    tally.flush(tx)?;
    for t in GAME_TABLES {
        tx.execute(&format!("DELETE FROM {t} WHERE game_id = ?1"), params![id])?;
    }
    tx.execute("DELETE FROM games WHERE id = ?1", params![id])?;
    Ok(true)
}

/// Appends the packed row of one HotW turn (its shape is described in schema.sql): one wide array
/// per turn instead of a row per card, expansion and build (which were 8 of the 18 million rows of
/// a 100k-game import, and two more indexes to build). Written as JSONB straight into the game's
/// buffer: serde_json's per-turn vectors and strings had cost a tenth of the writer, and the
/// turn's parts in buffers of their own a copy of each.
fn pack_turn(out: &mut Jsonb, tn: &annals_import::hotw::Turn) {
    let turn = out.begin();
    out.int(tn.epoch);
    out.text(&tn.player);
    out.text(&tn.empire);
    out.int(u8::from(tn.minor));
    out.opt_int(tn.score);
    out.opt_int(tn.gain);
    out.int(tn.line);
    out.array(&tn.cards, |out, c| out.text(&c.card));
    // NULL when no card has an argument
    if tn.cards.iter().any(|c| c.detail.is_some()) {
        out.array(&tn.cards, |out, c| out.opt_text(c.detail.as_deref()));
    } else {
        out.null();
    }
    out.array(&tn.expansions, |out, e| {
        let x = out.begin();
        out.text(&e.from);
        out.words(&e.via);
        out.text(&e.to);
        out.words(&e.battle);
        out.words(&e.builds);
        out.end(x);
    });
    out.array(&tn.builds, |out, b| {
        let x = out.begin();
        out.text(&b.region);
        out.words(&b.items);
        out.end(x);
    });
    out.end(turn);
}

/// Appends `s` as a JSON string.
pub(crate) fn json_str(out: &mut String, s: &str) {
    out.push('"');
    json_escaped(out, s);
    out.push('"');
}

/// Appends `s` with the characters JSON requires escaped (`"`, `\`, and controls below U+0020).
/// Inlined: the statistics' rows of totals call it for each of their keys.
#[inline]
fn json_escaped(out: &mut String, s: &str) {
    let mut rest = s;
    // The bytes to escape are ASCII: where one is found, the text is cut at a character boundary.
    while let Some(i) = rest
        .bytes()
        .position(|b| b == b'"' || b == b'\\' || b < b' ')
    {
        out.push_str(&rest[..i]);
        let c = rest.as_bytes()[i];
        match c {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            c => {
                out.push_str("\\u00");
                let hex = b"0123456789abcdef";
                out.push(char::from(hex[usize::from(c >> 4)]));
                out.push(char::from(hex[usize::from(c & 0xf)]));
            }
        }
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
}

/// A game's moves packed for one row of its kind's table (shapes in schema.sql), as JSONB.
pub struct Packed {
    table: &'static str,
    /// HotW: the game's empires, space-separated, each once.
    empires: Option<String>,
    moves: Vec<u8>,
}

/// Packs a game's moves (pure: the importer calls it on its parse threads) as SQLite's JSONB
/// ([`crate::jsonb`]): an array of a positional array per move. None when the game has no moves.
pub fn pack_moves(body: &Body) -> Option<Packed> {
    let mut out;
    let (table, empires) = match body {
        Body::Hotw(g) if !g.turns.is_empty() => {
            let mut empires: Vec<&str> = Vec::new();
            for tn in &g.turns {
                if !empires.contains(&&*tn.empire) {
                    empires.push(&tn.empire);
                }
            }
            // (a turn of the bench corpus packs to 90 bytes on average; room for all, rather
            // than several doublings and copies)
            out = Jsonb::with_capacity(g.turns.len() * 112);
            let all = out.begin_wide();
            for tn in &g.turns {
                pack_turn(&mut out, tn);
            }
            out.end(all);
            ("hotw_packed", Some(empires.join(" ")))
        }
        Body::Sanguo(g) if !g.moves.is_empty() => {
            out = Jsonb::with_capacity(g.moves.len() * 56);
            let all = out.begin_wide();
            for m in &g.moves {
                let mv = out.begin();
                out.int(m.ply);
                out.int(m.round);
                out.text(&m.side);
                out.text(&m.notation);
                out.text(&m.piece);
                for c in [m.from[0], m.from[1], m.to[0], m.to[1]] {
                    out.int(c);
                }
                match &m.capture {
                    Some(c) => {
                        out.text(&c.piece);
                        out.text(&c.side);
                    }
                    None => {
                        out.null();
                        out.null();
                    }
                }
                if m.events.is_empty() {
                    out.array::<()>(&[], |_, _| {});
                } else {
                    // (plain enums of strings: serializing them cannot fail)
                    out.value(&serde_json::to_value(&m.events).unwrap_or_default());
                }
                out.end(mv);
            }
            out.end(all);
            ("sanguo_packed", None)
        }
        Body::Wec(g) if !g.turns.is_empty() => {
            out = Jsonb::with_capacity(g.turns.len() * 56);
            let all = out.begin_wide();
            for t in &g.turns {
                let mv = out.begin();
                out.int(t.ply);
                out.text(&t.color);
                out.text(&t.notation);
                out.text(&t.piece.kind);
                out.text(&t.piece.level);
                out.int(t.piece.at[0]);
                out.int(t.piece.at[1]);
                out.text(&t.to.level);
                out.int(t.to.at[0]);
                out.int(t.to.at[1]);
                out.end(mv);
            }
            out.end(all);
            ("wec_packed", None)
        }
        Body::Deluge(g) if !g.orders.is_empty() => {
            out = Jsonb::with_capacity(g.orders.len() * 56);
            let all = out.begin_wide();
            for o in &g.orders {
                let mv = out.begin();
                out.text(&o.phase);
                out.int(o.year);
                out.text(&o.season);
                out.text(&o.power);
                out.opt_text(o.unit.as_deref());
                out.opt_text(o.at.as_deref());
                out.text(&o.kind);
                out.opt_text(o.to.as_deref());
                out.words(&o.via);
                out.opt_text(o.result.as_deref());
                out.end(mv);
            }
            out.end(all);
            ("deluge_packed", None)
        }
        _ => return None,
    };
    Some(Packed {
        table,
        empires,
        moves: out.into_bytes(),
    })
}

/// Writes a game's packed moves (made by [`pack_moves`]) and its 三国 title events.
fn store_moves(
    tx: &Transaction,
    id: i64,
    title_events: &[annals_import::sanguo::TitleEvent],
    packed: Option<&Packed>,
) -> Result<()> {
    if let Some(p) = packed {
        match &p.empires {
            Some(empires) => tx
                .prepare_cached(
                    "INSERT INTO hotw_packed(game_id, empires, moves) VALUES (?1,?2,?3)",
                )?
                .execute(params![id, empires, p.moves])?,
            None => tx
                .prepare_cached(&format!(
                    "INSERT INTO {}(game_id, moves) VALUES (?1,?2)",
                    p.table
                ))?
                .execute(params![id, p.moves])?,
        };
    }
    if !title_events.is_empty() {
        let mut ev = tx.prepare_cached(
            "INSERT INTO sanguo_title_events(game_id, seq, type, by_side, sides) VALUES (?1,?2,?3,?4,?5)",
        )?;
        for (i, e) in title_events.iter().enumerate() {
            let (ty, by, sides) = title_event_columns(e);
            ev.execute(params![id, i as i64, ty, by, sides.join(" ")])?;
        }
    }
    Ok(())
}

/// A 三国 title event as (type, by, other sides).
pub(crate) fn title_event_columns(
    e: &annals_import::sanguo::TitleEvent,
) -> (&'static str, Option<&str>, Vec<&str>) {
    use annals_import::sanguo::TitleEvent as T;
    match e {
        T::Alliance { by, with } => ("alliance", Some(by), vec![with.as_str()]),
        T::KillHan { by } => ("kill_han", Some(by), vec![]),
        T::Eliminate { by, sides } => (
            "eliminate",
            Some(by),
            sides.iter().map(String::as_str).collect(),
        ),
        T::Stalemate { by, side } => ("stalemate", Some(by), vec![side.as_str()]),
        T::Win { side } => ("win", Some(side), vec![]),
        T::Draw { sides } => ("draw", None, sides.iter().map(String::as_str).collect()),
    }
}

/// A game in a list.
#[derive(Debug, Clone, Serialize)]
pub struct GameRow {
    pub id: i64,
    pub kind: String,
    pub title: Option<String>,
    pub date: Option<String>,
    pub event: Option<String>,
    pub result: Option<String>,
}

/// Filters of the game list (page and API).
#[derive(Debug, Clone, Default)]
pub struct GameFilter {
    pub kind: Option<Kind>,
    pub q: Option<String>,
    pub event: Option<String>,
    pub player: Option<String>,
    pub empire: Option<String>,
    pub year: Option<i64>,
    pub limit: i64,
    pub offset: i64,
}

/// The games matching `f`, newest import first, with the total count.
pub fn list_games(conn: &Connection, f: &GameFilter) -> Result<(i64, Vec<GameRow>)> {
    let mut wh: Vec<&str> = Vec::new();
    let mut args: Vec<rusqlite::types::Value> = Vec::new();
    use rusqlite::types::Value as V;
    if let Some(k) = f.kind {
        wh.push("g.kind = ?");
        args.push(V::Text(k.as_str().into()));
    }
    if let Some(q) = f.q.as_deref().filter(|s| !s.is_empty()) {
        wh.push("(g.title LIKE ? ESCAPE '\\' OR g.event LIKE ? ESCAPE '\\')");
        let pat = like_pattern(q);
        args.push(V::Text(pat.clone()));
        args.push(V::Text(pat));
    }
    if let Some(e) = f.event.as_deref().filter(|s| !s.is_empty()) {
        wh.push("g.event LIKE ? ESCAPE '\\'");
        args.push(V::Text(like_pattern(e)));
    }
    if let Some(p) = f.player.as_deref().filter(|s| !s.is_empty()) {
        wh.push(
            "g.id IN (SELECT s.game_id FROM seats s JOIN players p ON p.id = s.player_id WHERE p.name LIKE ? ESCAPE '\\')",
        );
        args.push(V::Text(like_pattern(p)));
    }
    if let Some(e) = f.empire.as_deref().filter(|s| !s.is_empty()) {
        // Empire names are single words (`Sumer`, `Huns`): a word of the game's list, any case.
        wh.push("g.id IN (SELECT game_id FROM hotw_packed WHERE ' ' || empires || ' ' LIKE ? ESCAPE '\\')");
        args.push(V::Text(format!("% {} %", like_escaped(e.trim()))));
    }
    if let Some(y) = f.year {
        wh.push("g.year = ?");
        args.push(V::Integer(y));
    }
    let where_sql = if wh.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", wh.join(" AND "))
    };
    let total: i64 = conn.query_row(
        &format!("SELECT count(*) FROM games g{where_sql}"),
        rusqlite::params_from_iter(args.iter()),
        |r| r.get(0),
    )?;
    let mut all = args.clone();
    all.push(V::Integer(f.limit));
    all.push(V::Integer(f.offset));
    let mut st = conn.prepare(&format!(
        "SELECT g.id, g.kind, g.title, g.date, g.event, g.result FROM games g{where_sql} ORDER BY g.id DESC LIMIT ? OFFSET ?"
    ))?;
    let rows = st
        .query_map(rusqlite::params_from_iter(all.iter()), |r| {
            Ok(GameRow {
                id: r.get(0)?,
                kind: r.get(1)?,
                title: r.get(2)?,
                date: r.get(3)?,
                event: r.get(4)?,
                result: r.get(5)?,
            })
        })?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok((total, rows))
}

pub fn like_pattern(s: &str) -> String {
    format!("%{}%", like_escaped(s))
}

/// `s` with LIKE's wildcards (and the escape character `\`) escaped.
fn like_escaped(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// One stored game, as the API and the game page need it.
#[derive(Debug, Clone)]
pub struct GameRecord {
    pub id: i64,
    pub kind: Kind,
    pub title: Option<String>,
    pub result: Option<String>,
    pub winners: Vec<String>,
    pub source_file: String,
    pub source_line: i64,
    pub encoding: String,
    pub imported_at: String,
    pub raw: String,
    pub body: Body,
    pub tags: Vec<(String, String)>,
    pub players: Vec<SeatRow>,
    pub diagnostics: Vec<annals_import::Diagnostic>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SeatRow {
    pub seat: String,
    pub name: Option<String>,
    pub color: Option<String>,
    pub player_id: Option<i64>,
}

/// Loads a game by id; `None` when there is no such game.
pub fn get_game(conn: &Connection, id: i64) -> Result<Option<GameRecord>> {
    let row = conn
        .prepare_cached(
            "SELECT id, kind, title, result, winners, source_file, source_line, encoding, imported_at, raw
             FROM games WHERE id = ?1",
        )?
        .query_row(params![id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, i64>(6)?,
                r.get::<_, String>(7)?,
                r.get::<_, String>(8)?,
                r.get::<_, String>(9)?,
            ))
        })
        .optional()?;
    let Some((
        id,
        kind,
        title,
        result,
        winners,
        source_file,
        source_line,
        encoding,
        imported_at,
        raw,
    )) = row
    else {
        return Ok(None);
    };
    let kind = Kind::from_name(&kind)
        .ok_or_else(|| Error::Internal(format!("game {id}: bad kind {kind}")))?;
    let tags = conn
        .prepare_cached("SELECT name, value FROM tags WHERE game_id = ?1 ORDER BY seq")?
        .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let players = conn
        .prepare_cached(
            "SELECT s.seat, p.name, s.color, s.player_id FROM seats s LEFT JOIN players p ON p.id = s.player_id
             WHERE s.game_id = ?1 ORDER BY s.seq",
        )?
        .query_map(params![id], |r| {
            Ok(SeatRow { seat: r.get(0)?, name: r.get(1)?, color: r.get(2)?, player_id: r.get(3)? })
        })?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let diagnostics = conn
        .prepare_cached("SELECT line, col, severity, code, message FROM diagnostics WHERE game_id = ?1 ORDER BY seq")?
        .query_map(params![id], |r| {
            let sev: String = r.get(2)?;
            Ok(annals_import::Diagnostic {
                line: r.get(0)?,
                col: r.get(1)?,
                severity: annals_import::Severity::parse(&sev).unwrap_or(annals_import::Severity::Info),
                code: r.get(3)?,
                message: r.get(4)?,
            })
        })?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let body = body_of(
        kind,
        &raw,
        source_line,
        diagnostics
            .iter()
            .any(|d| d.code == crate::tournament::RESULTS_ONLY),
    );
    Ok(Some(GameRecord {
        id,
        kind,
        title,
        result,
        winners: winners.split_whitespace().map(str::to_string).collect(),
        source_file,
        source_line,
        encoding,
        imported_at,
        raw,
        body,
        tags,
        players,
        diagnostics,
    }))
}

/// The body of a stored game: parsed again from its raw text, or, for a results-only game from a
/// tournament table (whose raw text is the table's rows), no moves.
fn body_of(kind: Kind, raw: &str, source_line: i64, results_only: bool) -> Body {
    if results_only {
        crate::tournament::empty_body(kind)
    } else {
        crate::ingest::reparse(kind, raw, source_line)
    }
}

/// The body of stored game `id` of `kind`, whose raw text and first line are given.
pub fn stored_body(
    conn: &Connection,
    id: i64,
    kind: Kind,
    raw: &str,
    source_line: i64,
) -> Result<Body> {
    let results_only = conn
        .prepare_cached("SELECT 1 FROM diagnostics WHERE game_id = ?1 AND code = ?2 LIMIT 1")?
        .query_row(params![id, crate::tournament::RESULTS_ONLY], |_| Ok(()))
        .optional()?
        .is_some();
    Ok(body_of(kind, raw, source_line, results_only))
}

/// Counts of what the archive holds, by kind.
pub fn kind_counts(conn: &Connection) -> Result<Vec<(String, i64)>> {
    let mut st =
        conn.prepare_cached("SELECT kind, count(*) FROM games GROUP BY kind ORDER BY kind")?;
    let rows = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(rows)
}

pub fn game_count(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("SELECT count(*) FROM games", [], |r| r.get(0))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use annals_import::hotw::{Build, CardPlay, Expansion, Turn};
    use std::borrow::Cow;

    /// The hand-written packing reads back (as JSON) to exactly what serde_json makes of the same
    /// values, with quotes, backslashes, control characters and CJK in the strings.
    #[test]
    fn packed_turn_is_the_json_serde_would_write() {
        let odd = "a\"b\\c\nd\te\u{1}f\u{1b}\r 魏";
        let turn = Turn {
            cards: vec![
                CardPlay {
                    card: Cow::Borrowed("CivilS"),
                    ..Default::default()
                },
                CardPlay {
                    card: Cow::Owned(odd.to_string()),
                    detail: Some(odd.to_string()),
                    ..Default::default()
                },
            ],
            expansions: vec![Expansion {
                from: Cow::Borrowed("Balk"),
                via: vec![Cow::Borrowed("EMed"), Cow::Owned(odd.to_string())],
                to: Cow::Borrowed("Anat"),
                battle: vec![Cow::Borrowed("V"), Cow::Borrowed("=")].into(),
                builds: Cow::Borrowed(&[]),
                ..Default::default()
            }],
            builds: vec![Build {
                region: Cow::Borrowed("Anat"),
                items: vec![Cow::Borrowed("F"), Cow::Borrowed("C")].into(),
            }],
            ..Default::default()
        };
        // Read back as SQLite reads the JSONB: its text, by `json()`.
        let conn = Connection::open_in_memory().expect("db");
        let pack = |t: &Turn| {
            let mut out = Jsonb::default();
            pack_turn(&mut out, t);
            let text: String = conn
                .query_row("SELECT json(?1)", [out.into_bytes()], |r| r.get(0))
                .expect("valid JSONB");
            serde_json::from_str::<serde_json::Value>(&text).expect("valid JSON")
        };
        let row = pack(&turn);
        assert_eq!(row[7], serde_json::json!(["CivilS", odd]));
        assert_eq!(row[8], serde_json::json!([null, odd]));
        assert_eq!(
            row[9],
            serde_json::json!([["Balk", format!("EMed {odd}"), "Anat", "V =", ""]])
        );
        assert_eq!(row[10], serde_json::json!([["Anat", "F C"]]));
        // A turn with no cards, expansions or builds: empty arrays and no details.
        let empty = Turn {
            player: Cow::Borrowed("P1"),
            empire: Cow::Borrowed(odd),
            epoch: 3,
            score: Some(-12),
            line: 40,
            ..Default::default()
        };
        assert_eq!(
            pack(&empty),
            serde_json::json!([3, "P1", odd, 0, -12, null, 40, [], null, [], []])
        );
    }
}

/// One run of `annals import` (or of the start-up import of `serve`) and what it could not store.
#[derive(Debug, Clone, Serialize)]
pub struct ImportRun {
    pub id: i64,
    pub started_at: String,
    /// `None` while it runs, or when it stopped half-way.
    pub finished_at: Option<String>,
    pub imported: i64,
    pub duplicates: i64,
    pub rejected: i64,
    /// How many problems the run recorded (rejected files and games, text in no game).
    pub problem_count: i64,
    /// The first [`IMPORT_PROBLEMS_SHOWN`] of them, in file order.
    pub problems: Vec<ImportProblem>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ImportProblem {
    pub file: String,
    pub line: i64,
    pub col: i64,
    pub severity: String,
    pub code: String,
    pub message: String,
}

/// How many problems of one run [`imports`] lists.
pub const IMPORT_PROBLEMS_SHOWN: i64 = 200;

/// The newest `limit` import runs after skipping `offset`, newest first, and how many there are.
pub fn imports(conn: &Connection, limit: usize, offset: usize) -> Result<(i64, Vec<ImportRun>)> {
    let total: i64 = conn.query_row("SELECT count(*) FROM imports", [], |r| r.get(0))?;
    let mut runs: Vec<ImportRun> = conn
        .prepare_cached(
            "SELECT i.id, i.started_at, i.finished_at, i.imported, i.duplicates, i.rejected,
                    (SELECT count(*) FROM import_problems p WHERE p.import_id = i.id)
             FROM imports i ORDER BY i.id DESC LIMIT ?1 OFFSET ?2",
        )?
        .query_map(params![limit as i64, offset as i64], |r| {
            Ok(ImportRun {
                id: r.get(0)?,
                started_at: r.get(1)?,
                finished_at: r.get(2)?,
                imported: r.get(3)?,
                duplicates: r.get(4)?,
                rejected: r.get(5)?,
                problem_count: r.get(6)?,
                problems: Vec::new(),
            })
        })?
        .collect::<std::result::Result<_, _>>()?;
    let mut st = conn.prepare_cached(
        "SELECT file, line, col, severity, code, message FROM import_problems
         WHERE import_id = ?1 ORDER BY rowid LIMIT ?2",
    )?;
    for run in &mut runs {
        run.problems = st
            .query_map(params![run.id, IMPORT_PROBLEMS_SHOWN], |r| {
                Ok(ImportProblem {
                    file: r.get(0)?,
                    line: r.get(1)?,
                    col: r.get(2)?,
                    severity: r.get(3)?,
                    code: r.get(4)?,
                    message: r.get(5)?,
                })
            })?
            .collect::<std::result::Result<_, _>>()?;
    }
    Ok((total, runs))
}
