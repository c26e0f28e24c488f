//! The writer: stores the parsed games of each batch in one transaction, with their derived rows,
//! and hands them to the search index.

use crate::error::Result;
use crate::store::games;
use crate::store::games::{NewGame, Stored};
use crate::store::index::Index;
use annals_import::{Diagnostic, record};
use rusqlite::{Connection, params};
use std::sync::mpsc;

use super::bulk::Waker;
use super::files::{Annotation, Prepared, PreparedFile};
use super::indexing::{IndexJob, stored_documents};
use super::options::{BATCH_GAMES, Options};
use super::report::{FileDiagnostic, GameReport, Summary, now};

/// Where the writer sends committed games for the search index.
pub(super) enum Sink<'c> {
    None,
    /// Add and commit on this thread, after each SQLite commit (single uploads).
    Inline(&'c Index),
    /// Hand them to the index thread.
    Thread(mpsc::SyncSender<IndexJob>),
}

/// The single writer: stores games in batched transactions and keeps the index in step.
pub(super) struct Writer<'c> {
    pub(super) conn: &'c mut Connection,
    pub(super) sink: Sink<'c>,
    pub(super) import_id: i64,
    pub(super) details: bool,
    pub(super) max_diagnostics: Option<usize>,
    pub(super) batch: Vec<PreparedFile>,
    pub(super) batch_games: usize,
    pub(super) imported_at: String,
    /// Bulk import: the games go to `explorer_staging`, the tree is built at the end.
    pub(super) staged: bool,
    pub(super) names: crate::store::keys::NameCache,
    pub(super) tally: crate::store::tally::Tally,
    /// Bulk import: the statistics totals stay in memory until they are many, or the end.
    pub(super) bulk_tally: Option<crate::store::tally::BulkTally>,
    /// Wakes the checkpoint thread after each commit, and starts the WAL over when it is long.
    pub(super) checkpoint: Option<Waker>,
    /// Bulk import: the content hashes stored, to find duplicates by (the unique index is dropped).
    pub(super) seen: Option<games::SeenHashes>,
    /// Time the writer waited for the index thread to take a batch (logged at the end).
    pub(super) waited_index: std::time::Duration,
}

impl<'c> Writer<'c> {
    pub(super) fn new(
        conn: &'c mut Connection,
        sink: Sink<'c>,
        import_id: i64,
        opts: &Options,
    ) -> Self {
        Writer {
            conn,
            sink,
            import_id,
            details: opts.details,
            max_diagnostics: opts.max_diagnostics,
            batch: Vec::new(),
            batch_games: 0,
            imported_at: now(),
            staged: false,
            names: Default::default(),
            tally: Default::default(),
            bulk_tally: None,
            checkpoint: None,
            seen: None,
            waited_index: Default::default(),
        }
    }

    pub(super) fn write_file(&mut self, pf: PreparedFile, summary: &mut Summary) -> Result<()> {
        self.batch_games += pf.games.len();
        self.batch.push(pf);
        if self.batch_games >= BATCH_GAMES {
            self.commit(summary)?;
        }
        Ok(())
    }

    /// Writes the pending files in one transaction, then hands the new games to the index.
    pub(super) fn commit(&mut self, summary: &mut Summary) -> Result<()> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let mut batch = std::mem::take(&mut self.batch);
        self.batch_games = 0;
        if let Some(w) = &mut self.checkpoint {
            w.before_transaction(self.conn)?;
        }
        let tx = self.conn.transaction()?;
        self.names.new_transaction();
        let mut stored_at = Vec::new();
        for (fi, pf) in batch.iter_mut().enumerate() {
            for d in &pf.outside {
                record_problem(&tx, self.import_id, &pf.name, d.line, d)?;
                summary.diagnostics.push(file_diag(&pf.name, d));
            }
            for (gi, g) in pf.games.iter_mut().enumerate() {
                match g {
                    Prepared::Rejected { line, diagnostic } => {
                        summary.rejected += 1;
                        let at = diagnostic.line.max(*line);
                        record_problem(&tx, self.import_id, &pf.name, at, diagnostic)?;
                        summary.games.push(GameReport {
                            annotation: Annotation::default(),
                            id: None,
                            file: pf.name.clone(),
                            line: *line,
                            kind: None,
                            status: "rejected",
                            errors: 1,
                            warnings: 0,
                        });
                        summary.diagnostics.push(file_diag(&pf.name, diagnostic));
                    }
                    Prepared::Game {
                        game,
                        doc: _,
                        raw,
                        hash,
                        line,
                        annotation,
                    } => {
                        let stored = games::store_game(
                            &tx,
                            &NewGame {
                                game,
                                raw,
                                hash,
                                file: &pf.name,
                                line: *line,
                                encoding: pf.encoding,
                                imported_at: &self.imported_at,
                            },
                            if self.staged {
                                crate::store::tree::TreeWrites::Stage
                            } else {
                                crate::store::tree::TreeWrites::Update
                            },
                            &mut self.tally,
                            &mut self.names,
                            self.seen.as_mut(),
                        )?;
                        // Stored: the index thread, which gets the batch next, has no use for it.
                        game.packed = None;
                        let (errors, warnings) = record::counts(&game.diagnostics);
                        let (id, status) = match stored {
                            Stored::Imported(id) => {
                                summary.imported += 1;
                                summary.move_rows += game.move_count;
                                summary.new_ids.push(id);
                                if errors > 0 {
                                    summary.with_errors += 1;
                                }
                                stored_at.push((fi, gi, id));
                                (id, "imported")
                            }
                            Stored::Duplicate(id) => {
                                summary.duplicates += 1;
                                (id, "duplicate")
                            }
                        };
                        if self.details {
                            summary.games.push(GameReport {
                                annotation: annotation.clone(),
                                id: Some(id),
                                file: pf.name.clone(),
                                line: *line,
                                kind: Some(game.kind.as_str().to_string()),
                                status,
                                errors,
                                warnings,
                            });
                        }
                        if status == "imported" {
                            // A million-game import keeps a bounded number in memory.
                            let room = self.max_diagnostics.map_or(usize::MAX, |m| {
                                m.saturating_sub(summary.diagnostics.len())
                            });
                            let n = game.diagnostics.len();
                            summary.diagnostics.extend(
                                game.diagnostics
                                    .iter()
                                    .take(room)
                                    .map(|d| file_diag(&pf.name, d)),
                            );
                            summary.diagnostics_omitted += n.saturating_sub(room);
                        }
                    }
                }
            }
        }
        if self.bulk_tally.is_none() || self.tally.pending() >= crate::store::tally::BULK_PENDING {
            self.tally.flush(&tx)?;
        }
        tx.commit()?;
        if let Some(w) = &mut self.checkpoint {
            w.after_commit();
        }
        match &self.sink {
            Sink::None => {}
            Sink::Inline(index) => {
                index.add_documents(stored_documents(&mut batch, &stored_at))?;
            }
            Sink::Thread(tx) => {
                // The index thread stops taking jobs only when it has failed; its error is the
                // one reported when it is joined.
                let t = std::time::Instant::now();
                let _ = tx.send(IndexJob {
                    batch,
                    stored: stored_at,
                });
                self.waited_index += t.elapsed();
            }
        }
        Ok(())
    }
}

/// Keeps a problem of an import (a rejected file or game, text in no game) at `line` of `file`.
pub(super) fn record_problem(
    tx: &rusqlite::Transaction,
    import_id: i64,
    file: &str,
    line: u32,
    d: &Diagnostic,
) -> Result<()> {
    tx.prepare_cached(
        "INSERT INTO import_problems(import_id, file, line, col, severity, code, message)
         VALUES (?1,?2,?3,?4,?5,?6,?7)",
    )?
    .execute(params![
        import_id,
        file,
        line,
        d.col,
        d.severity.as_str(),
        d.code,
        d.message
    ])?;
    Ok(())
}

pub(super) fn file_diag(file: &str, d: &Diagnostic) -> FileDiagnostic {
    FileDiagnostic {
        file: file.to_string(),
        line: d.line,
        col: d.col,
        severity: d.severity,
        code: d.code.clone(),
        message: d.message.clone(),
    }
}

/// CPU seconds (user + system) of the calling thread, from `/proc/thread-self/stat` (Linux; 0
/// elsewhere): the import logs the writer's, which sets the pace of a bulk import.
pub(super) fn thread_cpu_s() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/thread-self/stat") else {
        return 0.0;
    };
    // Fields after the command name in parentheses; utime and stime are the 14th and 15th.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| f.get(i).and_then(|v| v.parse::<f64>().ok()))
        .sum();
    ticks / 100.0
}
