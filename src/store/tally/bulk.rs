//! A bulk import's totals: kept in memory under a lock file and written at its end, and the
//! rebuild of every total when an import stopped half-way.

use crate::error::Result;
use rusqlite::{Connection, OptionalExtension};
use std::fs::File;
use std::path::{Path, PathBuf};

use super::buckets::{TotalsRows, write_rows};
use super::totals::Tally;

/// Totals a bulk import keeps in memory at most before it writes them: about 50 bytes each, so
/// at most some 50 MB for an archive of unusually many events, years and empires. The generated
/// corpus has 278k distinct totals at 100k games. (In schema 6, a row each: written every time
/// 100k had gathered instead of at the end, the same import spent 9 s of its writer's 43 on
/// upserts into the half-filled tables. Since schema 7 a flush rewrites the rows of the buckets it
/// touches, each holding all the bucket's totals of a table: flushing often would rewrite them
/// often.)
pub const BULK_PENDING: usize = 1_000_000;

/// The lock a bulk import holds while its totals are in memory, beside the database.
pub(super) fn lock_path(db: &Path) -> PathBuf {
    let mut s = db.as_os_str().to_owned();
    s.push(".tally-lock");
    PathBuf::from(s)
}

/// The database file of a connection (none for an in-memory one).
pub(super) fn db_path(conn: &Connection) -> Option<PathBuf> {
    conn.path().filter(|p| !p.is_empty()).map(PathBuf::from)
}

/// Held by a bulk import, which writes alone, for as long as it writes; released (by the OS too,
/// should the process die) when dropped.
pub struct BulkTally {
    pub(super) _lock: Option<File>,
}

/// Starts a bulk import into an empty database: takes the lock alone, checks (holding it) that the
/// database has no game, and marks `meta.tally_pending` (the totals stay in memory). None when the
/// database has games, or when another import or a rebuild of the totals holds the lock: then the
/// caller imports game by game ([`share_lock`]).
///
/// A bulk import finds duplicates in memory and drops the indexes that a game-by-game import reads
/// (`migrate::drop_secondary_indexes`), so none may write beside it; and its totals, written at its
/// end, may not be rebuilt meanwhile.
pub fn begin_bulk(conn: &Connection) -> Result<Option<BulkTally>> {
    let lock = match db_path(conn) {
        Some(db) => {
            let f = File::create(lock_path(&db))?;
            if f.try_lock().is_err() {
                return Ok(None);
            }
            Some(f)
        }
        None => None,
    };
    if crate::store::reads::game_count(conn)? > 0 {
        return Ok(None);
    }
    conn.execute(
        "INSERT INTO meta(key, value) VALUES ('tally_pending', '1')
         ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        [],
    )?;
    Ok(Some(BulkTally { _lock: lock }))
}

/// How long an import that writes game by game waits for another process's bulk import or
/// rebuild of the totals to end.
pub const WAIT_FOR_BULK: std::time::Duration = std::time::Duration::from_secs(10);

/// Taken by an import that writes game by game, for as long as it writes: shared with other such
/// imports, never held beside a bulk import or a rebuild of the totals ([`begin_bulk`]). Waits
/// [`WAIT_FOR_BULK`] for one to end, then fails with `Error::Busy`. None for a database in memory.
pub fn share_lock(conn: &Connection) -> Result<Option<File>> {
    share_lock_waiting(conn, WAIT_FOR_BULK)
}

pub(super) fn share_lock_waiting(
    conn: &Connection,
    wait: std::time::Duration,
) -> Result<Option<File>> {
    let Some(db) = db_path(conn) else {
        return Ok(None);
    };
    let f = File::create(lock_path(&db))?;
    let deadline = std::time::Instant::now() + wait;
    loop {
        match f.try_lock_shared() {
            Ok(()) => return Ok(Some(f)),
            Err(std::fs::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(crate::error::Error::Busy(
                    "another process is importing into this database in bulk (or rebuilding its \
                     statistics); try again when it has finished"
                        .into(),
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(e.into()),
        }
    }
}

/// A bulk import's end is in three parts, so that the middle one, [`Tally::rows`], can run on
/// another thread while the connection builds the indexes. First the totals' buckets and
/// roll-ups, committed (the mark stays, so that a stop before [`write_end`] has the totals
/// rebuilt at the next start).
pub fn prepare_end(conn: &mut Connection, tally: &mut Tally) -> Result<()> {
    let tx = conn.transaction()?;
    tally.prepare(&tx)?;
    tx.commit()?;
    Ok(())
}

/// Last, the rows written and the mark cleared, in one transaction.
pub fn write_end(conn: &mut Connection, rows: &TotalsRows, _bulk: BulkTally) -> Result<()> {
    let tx = conn.transaction()?;
    write_rows(&tx, rows)?;
    tx.execute("DELETE FROM meta WHERE key = 'tally_pending'", [])?;
    tx.commit()?;
    Ok(())
}

/// Rebuilds every total from the stored games when `meta.tally_pending` says they are incomplete
/// (a bulk import stopped half-way, or a database from before the totals) and no other process is
/// importing in bulk. Returns the games counted, or None when nothing was rebuilt.
pub fn recover(conn: &mut Connection) -> Result<Option<i64>> {
    let pending = |c: &Connection| -> Result<bool> {
        Ok(
            c.query_row("SELECT 1 FROM meta WHERE key = 'tally_pending'", [], |_| {
                Ok(())
            })
            .optional()?
            .is_some(),
        )
    };
    if !pending(conn)? {
        return Ok(None);
    }
    let _lock = match db_path(conn) {
        Some(db) => {
            let f = File::create(lock_path(&db))?;
            if f.try_lock().is_err() {
                return Ok(None);
            }
            Some(f)
        }
        None => None,
    };
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    if !pending(&tx)? {
        return Ok(None);
    }
    let n = rebuild(&tx)?;
    tx.execute("DELETE FROM meta WHERE key = 'tally_pending'", [])?;
    tx.commit()?;
    Ok(Some(n))
}

/// Empties the totals and counts every stored game again, in the caller's transaction.
pub(super) fn rebuild(conn: &Connection) -> Result<i64> {
    conn.execute_batch("DELETE FROM stat_totals")?;
    let ids: Vec<i64> = conn
        // (the games withheld from the counts left out: `crate::store::withheld`)
        .prepare(
            "SELECT id FROM games WHERE kind IN ('hotw', 'sanguo', 'wec')
             AND id NOT IN (SELECT game_id FROM private_games) ORDER BY id",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    let mut tally = Tally::default();
    for &id in &ids {
        tally.add_stored(conn, id, 1)?;
        if tally.pending() >= BULK_PENDING {
            tally.flush(conn)?;
        }
    }
    tally.flush(conn)?;
    Ok(ids.len() as i64)
}
