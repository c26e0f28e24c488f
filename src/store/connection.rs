//! Opening the database (creating it, applying the schema, finishing what a stopped import left)
//! and the pool of read connections.
//!
//! All SQL uses bound parameters. Writes happen on one connection at a time (the importer's); reads
//! come from a small pool of connections (WAL lets them run beside the writer).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::{Error, Result};

use crate::store::migrate::*;

/// The page size of a new database: 16 KB where SQLite's default is 4 KB. A HotW game's packed
/// moves (8 KB on average) fit in one page instead of a chain of three, and a bulk import wrote a
/// quarter fewer WAL frames and ran 9% faster at 100k games (BENCHMARKS.md).
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
        let n = crate::store::tree::rebuild(&mut conn)?;
        tracing::info!(games = n, "explorer tree built again");
    }
    // Version 10 keeps a private collection's imports out of the counts (`withheld`); version 9,
    // the first with private imports, counted them in the totals and the tree. (Its positions
    // table is gone: `fill_missing` below writes it again without them.)
    if before.as_deref() == Some("9") {
        let tx = conn.transaction()?;
        let ids: Vec<i64> = tx
            .prepare("SELECT game_id FROM private_games")?
            .query_map([], |r| r.get(0))?
            .collect::<std::result::Result<_, _>>()?;
        for &id in &ids {
            crate::store::withheld::withdraw(&tx, id)?;
        }
        tx.commit()?;
    }
    // A bulk import that stopped half-way left games staged for the explorer: add them now.
    // (Doing so while another process's bulk import is still running is harmless: that import
    // adds the rest.)
    if conn
        .query_row("SELECT 1 FROM explorer_staging LIMIT 1", [], |_| Ok(()))
        .optional()?
        .is_some()
        && let Err(e) = crate::store::tree::build_staged(&mut conn)
    {
        tracing::warn!("could not add the staged explorer games yet: {e}");
    }
    conn.execute(
        "INSERT INTO meta(key, value) VALUES ('schema_version', ?1)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        params![SCHEMA_VERSION],
    )?;
    // Positions of the games stored before positions were kept.
    let n = crate::store::positions::fill_missing(&mut conn)?;
    if n > 0 {
        tracing::info!(games = n, "positions of stored games filled");
    }
    // Totals left incomplete by a bulk import that stopped, or never made (schema 3): count the
    // stored games again (unless another process is still importing in bulk).
    let t = std::time::Instant::now();
    if let Some(n) = crate::store::tally::recover(&mut conn)? {
        tracing::info!(
            games = n,
            seconds = t.elapsed().as_secs_f64(),
            "statistics totals rebuilt"
        );
    }
    Ok(conn)
}

/// The page cache of each read connection, in KB. The explorer limited to an event reads one
/// page of positions for each of its games (2,000 pages for an event of 1,588 games at 1M games):
/// kept in the connection's cache, the next position of that event reads none again. SQLite's
/// default is 2 MB.
const READ_CACHE_KB: i64 = 32 << 10;

/// A few read connections, handed out one per blocking task.
pub struct Pool {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
}

impl Pool {
    pub fn new(path: &Path) -> Result<Pool> {
        // Open once to create the file and the schema before any reader comes.
        let first = open(path)?;
        first.pragma_update(None, "cache_size", -READ_CACHE_KB)?;
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
            None => {
                let c = open(&self.path)?;
                c.pragma_update(None, "cache_size", -READ_CACHE_KB)?;
                c
            }
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
