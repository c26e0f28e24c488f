//! The end of a bulk import, and the checkpoint thread that copies WAL pages into the database
//! while the writer goes on.

use crate::error::Result;
use crate::store::migrate;
use rusqlite::Connection;
use std::sync::mpsc;

/// The end of a bulk import: foreign keys back on, the secondary indexes and the explorer tree
/// built. After each, the checkpoint thread is woken to copy its pages while the next is made, so
/// that the import's last checkpoint, which the import waits for, copies little (at 10k games the
/// indexes, the tree and the totals were 40 ms of checkpoint on one core, with the other idle).
pub(super) fn end_bulk(conn: &mut Connection, mut checkpoints: Option<&mut Waker>) -> Result<()> {
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // The sorts of the indexes and of the staged tree use a second thread: nothing else runs at
    // this point of an import, and building `positions_key` (14M rows at 1M games) took 6.1 s
    // instead of 11.7 s, for a second sort buffer of the cache's size.
    conn.pragma_update(None, "threads", 1)?;
    let built = build_indexes_and_tree(conn, checkpoints.as_deref_mut());
    conn.pragma_update(None, "threads", 0)?;
    built?;
    if let Some(w) = checkpoints {
        w.after_commit();
    }
    Ok(())
}

fn build_indexes_and_tree(
    conn: &mut Connection,
    mut checkpoints: Option<&mut Waker>,
) -> Result<()> {
    let t = std::time::Instant::now();
    for (_, _, create) in migrate::secondary_index_statements() {
        conn.execute_batch(create)?;
        if let Some(w) = checkpoints.as_deref_mut() {
            w.after_commit();
        }
    }
    // (and whatever else of the schema a bulk import dropped)
    conn.execute_batch(migrate::SCHEMA)?;
    tracing::info!(
        seconds = t.elapsed().as_secs_f64(),
        "secondary indexes built"
    );
    let t = std::time::Instant::now();
    crate::store::tree::build_staged(conn)?;
    tracing::info!(seconds = t.elapsed().as_secs_f64(), "explorer tree built");
    Ok(())
}

/// An import's WAL checkpoints, made on a connection and thread of their own while the writer's
/// connection makes none (`wal_autocheckpoint = 0` until the import's end restores it).
///
/// Each wake-up, after one of the writer's commits, runs a passive checkpoint, which copies the
/// frames committed so far into the database without blocking the writer, while the writer
/// stores its next batch. SQLite starts the WAL over only at a transaction that began when every
/// frame had been copied, which with the checkpoint beside the writer is seldom so: the WAL grew
/// to 57 MB at 10k games, and to 139 MB beside a server answering searches. So when it is longer
/// than [`WAL_RESTART_BYTES`], the writer waits for the thread's checkpoint and copies the last
/// batch itself before it begins the next transaction, which then starts the WAL over.
pub(super) struct Checkpoints {
    pub(super) conn: Connection,
    pub(super) wake: mpsc::Receiver<()>,
    /// The WAL's length in frames after each checkpoint.
    pub(super) done: mpsc::SyncSender<i64>,
}

/// The WAL length past which the writer starts it over before its next transaction. (Whether
/// 16, 32 or 128 MB, a 100k import took the same time; the WAL's length on disk follows it. Since
/// the parse threads keep 32 chunks ahead of the writer, the writer catches up with the
/// checkpoints more often: with 32 MB it waited 5–6 s for them in a 1M import, with 128 MB
/// 1.7–1.8 s.)
pub(super) const WAL_RESTART_BYTES: i64 = 128 << 20;

/// The writer's way to wake the [`Checkpoints`] thread and to hear from it.
pub(super) struct Waker {
    pub(super) tx: mpsc::SyncSender<()>,
    pub(super) done: mpsc::Receiver<i64>,
    /// A checkpoint was asked for and its end not yet heard of.
    pub(super) pending: bool,
    /// The WAL's length in frames when the last checkpoint ended.
    pub(super) frames: i64,
    /// [`WAL_RESTART_BYTES`] in frames of the database's pages.
    pub(super) restart_frames: i64,
    /// Time the writer waited for the thread before starting the WAL over (logged at the end).
    pub(super) waited: std::time::Duration,
}

impl Waker {
    /// What the thread has reported, waiting for it when `wait`.
    pub(super) fn hear(&mut self, wait: bool) {
        if self.pending {
            let heard = if wait {
                self.done.recv().ok()
            } else {
                match self.done.try_recv() {
                    Ok(f) => Some(f),
                    Err(mpsc::TryRecvError::Empty) => return,
                    Err(mpsc::TryRecvError::Disconnected) => None,
                }
            };
            self.pending = false;
            if let Some(f) = heard {
                self.frames = f;
            }
        }
    }

    /// Before a transaction of the writer's: when the WAL has grown past
    /// [`WAL_RESTART_BYTES`], every frame copied, so that the transaction starts it over.
    pub(super) fn before_transaction(&mut self, conn: &Connection) -> Result<()> {
        self.hear(false);
        if self.frames > self.restart_frames {
            let t = std::time::Instant::now();
            self.hear(true);
            self.waited += t.elapsed();
            conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get::<_, i64>(0))?;
            self.frames = 0;
        }
        Ok(())
    }

    /// After a commit of the writer's: wakes the thread unless it is still at its last
    /// checkpoint (the next commit wakes it then).
    pub(super) fn after_commit(&mut self) {
        self.hear(false);
        if !self.pending {
            self.pending = self.tx.try_send(()).is_ok();
        }
    }

    /// The import's last checkpoint, waited for.
    pub(super) fn last(mut self) {
        self.hear(true);
        self.after_commit();
        self.hear(true);
    }
}

impl Checkpoints {
    /// The checkpoints, the writer's way to wake them, and the writer's `wal_autocheckpoint`
    /// before the import (to be restored at its end). `None` for a database without a file (in
    /// memory), or not in WAL mode.
    pub(super) fn begin(conn: &Connection) -> Result<Option<(Self, Waker, i64)>> {
        let Some(path) = conn.path().filter(|p| !p.is_empty()) else {
            return Ok(None);
        };
        let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Ok(None);
        }
        let own = Connection::open(path)?;
        let autocheckpoint: i64 = conn.query_row("PRAGMA wal_autocheckpoint", [], |r| r.get(0))?;
        let page: i64 = conn.query_row("PRAGMA page_size", [], |r| r.get(0))?;
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        let (wake_tx, wake) = mpsc::sync_channel(1);
        let (done, done_rx) = mpsc::sync_channel(1);
        Ok(Some((
            Self {
                conn: own,
                wake,
                done,
            },
            Waker {
                tx: wake_tx,
                done: done_rx,
                pending: false,
                frames: 0,
                restart_frames: WAL_RESTART_BYTES / page.max(512),
                waited: Default::default(),
            },
            autocheckpoint,
        )))
    }

    /// The checkpoint thread: a passive checkpoint per wake-up, until the writer's waker is
    /// dropped. A checkpoint that finds the database busy (a reader on an older snapshot) copies
    /// what it can, and the next one the rest. One that fails is reported and tried again at the
    /// next wake-up: the frames are safe in the WAL meanwhile, and the writer checkpoints itself
    /// before its next transaction.
    pub(super) fn run(self) {
        while self.wake.recv().is_ok() {
            // (busy, frames in the WAL, frames copied)
            let frames = match self
                .conn
                .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get::<_, i64>(1))
            {
                Ok(f) => f,
                Err(e) => {
                    tracing::warn!(error = %e, "WAL checkpoint failed; the writer makes the next one");
                    i64::MAX
                }
            };
            // One wake-up at a time, so the one place here is free (or the writer is gone).
            let _ = self.done.try_send(frames);
        }
    }
}
