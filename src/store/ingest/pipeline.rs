//! The import pipeline: a reader thread, parse threads and one writer, joined by bounded
//! channels, and the thread that feeds the search index.

use crate::error::{Error, Result};
use crate::store::index::Index;
use crate::store::{games, migrate};
use annals_import::record;
use rusqlite::{Connection, params};
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::mpsc;

use super::bulk::{Checkpoints, Waker, end_bulk};
use super::commit::{Sink, Writer, thread_cpu_s};
use super::files::{FileMeta, PreparedFile, SplitFile, collect_files, split_file};
use super::indexing::{IndexJob, documents_for, index_jobs};
use super::options::Options;
use super::parse::{parse_raws, prepare_bytes};
use super::report::{Summary, now};

/// Imports `paths` (files or folders) into the database, and into `index` when given.
pub fn import_paths(
    conn: &mut Connection,
    index: Option<&Index>,
    paths: &[PathBuf],
    opts: &Options,
) -> Result<Summary> {
    let files = collect_files(paths);
    // Tournament tables go after the records, so that their rows find the games they describe.
    let (tables, records): (Vec<PathBuf>, Vec<PathBuf>) = files.into_iter().partition(|p| {
        p.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
    });
    let mut summary = import_files(conn, index, &records, opts)?;
    for t in &tables {
        crate::store::ingest::tournament::import_csv(conn, index, t, &mut summary)?;
    }
    Ok(summary)
}

/// Imports the bytes of one file (an upload) named `name`.
pub fn import_bytes(
    conn: &mut Connection,
    index: Option<&Index>,
    name: &str,
    bytes: &[u8],
    opts: &Options,
) -> Result<Summary> {
    let ext = std::path::Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_string);
    // (written game by game: never beside another process's bulk import)
    let _shared = crate::store::tally::share_lock(conn)?;
    let pf = prepare_bytes(name, bytes, ext.as_deref(), opts, documents_for(index));
    if opts.cancelled() {
        return Err(crate::Error::Internal("the import was cancelled".into()));
    }
    conn.execute(
        "INSERT INTO imports(started_at) VALUES (?1)",
        params![now()],
    )?;
    let import_id = conn.last_insert_rowid();
    let mut summary = Summary::default();
    let sink = index.map_or(Sink::None, Sink::Inline);
    let mut writer = Writer::new(conn, sink, import_id, opts);
    writer.write_file(pf, &mut summary)?;
    writer.commit(&mut summary)?;
    record_finished(conn, import_id, &summary)?;
    Ok(summary)
}

/// Imports the given files, in order.
///
/// Three stages run at once: parse threads (decode, split, detect, parse, normalize the moves), the
/// one SQLite writer (this thread), and an index thread that feeds committed games to tantivy and
/// frees them. Bounded channels between the stages keep memory flat whatever the corpus size.
pub fn import_files(
    conn: &mut Connection,
    index: Option<&Index>,
    files: &[PathBuf],
    opts: &Options,
) -> Result<Summary> {
    let started = now();
    let started_at = std::time::Instant::now();
    conn.execute(
        "INSERT INTO imports(started_at) VALUES (?1)",
        params![started],
    )?;
    let import_id = conn.last_insert_rowid();
    let bar = progress_bar(opts, files);
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 4);
    // Into an empty database, dropping the indexes costs nothing and one large file benefits as
    // much as many files. A bulk import writes alone (its lock), or it would miss the duplicates
    // that another import stores meanwhile; an import that writes game by game waits for one.
    let bulk_tally = crate::store::tally::begin_bulk(conn)?;
    let bulk = bulk_tally.is_some();
    let _shared = if bulk {
        migrate::drop_secondary_indexes(conn)?;
        None
    } else {
        crate::store::tally::share_lock(conn)?
    };
    writer_pragmas(conn, bulk)?;
    // reader → (jobs) → parse threads → (parsed chunks) → writer; the writer hands a token back
    // for each chunk it has written, and the reader sends a chunk only for a token, so at most
    // CHUNKS_IN_FLIGHT chunks are between them, however large the files.
    let (job_tx, job_rx) = mpsc::sync_channel::<Job>(workers);
    let job_rx = std::sync::Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::sync_channel::<Done>(CHUNKS_IN_FLIGHT);
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(CHUNKS_IN_FLIGHT);
    for _ in 0..CHUNKS_IN_FLIGHT {
        // The channel holds exactly this many: never blocks.
        let _ = token_tx.send(());
    }
    // The WAL is copied into the database (and both synced) by a thread of its own while the
    // writer goes on: the writer's automatic checkpoints, each a read and write of about 4 MB and
    // two fsyncs, took a tenth of its time. Restored below, whatever happens.
    let (checkpoints, wake, autocheckpoint) = match Checkpoints::begin(conn)? {
        Some((c, w, s)) => (Some(c), Some(w), Some(s)),
        None => (None, None, None),
    };
    let mut summary = Summary::default();
    let result: Result<()> = std::thread::scope(|s| {
        spawn(s, "annals-read", move || {
            read_files(files, &job_tx, &token_rx)
        });
        let documents = documents_for(index);
        for _ in 0..workers {
            let done_tx = done_tx.clone();
            let job_rx = &job_rx;
            spawn(s, "annals-parse", move || {
                parse_jobs(job_rx, &done_tx, opts, documents)
            });
        }
        drop(done_tx);
        let (sink, indexer) = match index {
            Some(ix) => {
                let (itx, irx) = mpsc::sync_channel::<IndexJob>(1);
                (
                    Sink::Thread(itx),
                    Some(spawn(s, "annals-index", move || index_jobs(ix, irx))),
                )
            }
            None => (Sink::None, None),
        };
        let checkpointer = checkpoints.map(|c| spawn(s, "annals-checkpoint", move || c.run()));
        let mut writer = Writer::new(conn, sink, import_id, opts);
        writer.staged = bulk;
        writer.seen = bulk.then(games::SeenHashes::default);
        writer.bulk_tally = bulk_tally;
        writer.checkpoint = wake;
        // Time the writer waited for parsed chunks (logged at the end).
        let mut waited_parse = std::time::Duration::ZERO;
        let written = write_chunks(
            &mut writer,
            &done_rx,
            &token_tx,
            bar.as_ref(),
            &mut summary,
            &mut waited_parse,
        );
        // Every game is in the index thread's hands: closing its channel lets it make its last
        // commit (tantivy writes its segments then) while the totals, the indexes and the tree
        // are made below.
        writer.sink = Sink::None;
        log_written(started_at, &summary, &writer, waited_parse);
        // On an error, closing these stops the reader and the parse threads.
        drop(done_rx);
        drop(token_tx);
        let mut waker = writer.checkpoint.take();
        let mark = writer.bulk_tally.take();
        let tally = std::mem::take(&mut writer.tally);
        drop(writer);
        // The sorts that build the indexes and the tree spill to files, as before the import.
        let spilled = conn
            .pragma_update(None, "temp_store", "DEFAULT")
            .map_err(Error::from);
        let (totals, built) = end_writes(s, conn, mark, tally, &mut waker, bulk);
        let written = written.and(totals);
        // The last checkpoint (of the secondary indexes' pages, in a bulk import), and the thread
        // ends.
        if let Some(w) = waker {
            let t = std::time::Instant::now();
            w.last();
            tracing::info!(seconds = t.elapsed().as_secs_f64(), "last checkpoint");
        }
        let checkpointed = match checkpointer.map(|h| h.join()) {
            Some(Err(_)) => Err(Error::Internal("checkpoint thread panicked".into())),
            _ => Ok(()),
        };
        let indexed = match indexer {
            Some(h) => h
                .join()
                .unwrap_or_else(|_| Err(Error::Internal("index thread panicked".into()))),
            None => Ok(()),
        };
        written
            .and(spilled)
            .and(built)
            .and(checkpointed)
            .and(indexed)
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(n) = autocheckpoint {
        // The writer's automatic checkpoints back, from its next commit on.
        conn.pragma_update(None, "wal_autocheckpoint", n)?;
    }
    result?;
    tracing::info!(
        seconds = started_at.elapsed().as_secs_f64(),
        "import finished"
    );
    conn.execute(
        "UPDATE imports SET finished_at = ?1, imported = ?2, duplicates = ?3, rejected = ?4 WHERE id = ?5",
        params![now(), summary.imported as i64, summary.duplicates as i64, summary.rejected as i64, import_id],
    )?;
    Ok(summary)
}

/// Logs the writing of the games: how long it took, and where the writer's time went.
fn log_written(
    started_at: std::time::Instant,
    summary: &Summary,
    writer: &Writer<'_>,
    waited_parse: std::time::Duration,
) {
    tracing::info!(
        seconds = started_at.elapsed().as_secs_f64(),
        games = summary.imported,
        writer_cpu = thread_cpu_s(),
        // Where the writer's other time went, in part: waiting for the parse threads, the
        // index thread and the checkpoint thread (the rest is waiting for a core, and I/O).
        waited_parse = waited_parse.as_secs_f64(),
        waited_index = writer.waited_index.as_secs_f64(),
        waited_checkpoint = writer
            .checkpoint
            .as_ref()
            .map_or(0.0, |w| w.waited.as_secs_f64()),
        "games written"
    );
}

/// Marks the import run finished, with its counts.
fn record_finished(conn: &Connection, import_id: i64, summary: &Summary) -> Result<()> {
    conn.execute(
        "UPDATE imports SET finished_at = ?1, imported = ?2, duplicates = ?3, rejected = ?4 WHERE id = ?5",
        params![now(), summary.imported as i64, summary.duplicates as i64, summary.rejected as i64, import_id],
    )?;
    Ok(())
}

/// The progress bar of `--progress` (only when stderr is a terminal).
fn progress_bar(opts: &Options, files: &[PathBuf]) -> Option<indicatif::ProgressBar> {
    (opts.progress && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(files.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} files {msg} [{elapsed_precise}]",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    })
}

/// The writer connection's settings for an import (a bulk import's foreign keys off).
fn writer_pragmas(conn: &Connection, bulk: bool) -> Result<()> {
    // Upper B-tree levels stay cached (8 MB; SQLite's default is 2 MB). More measured no faster
    // (the tables grow at their ends) and the sorts that build the indexes at the end of a bulk
    // import take this much memory again.
    conn.pragma_update(None, "cache_size", -8_192)?;
    // The statement journals of the writer's statements in memory: one holds a page or two while
    // its statement runs. In temporary files, with 16 KB pages, a 100k import wrote 3.3 GB into
    // them (and a slower disk might see it). Back to files below, before the end's sorts.
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    if bulk {
        // Every game and the rows it owns are written together by the one writer, parents first,
        // into a database that had no game: checking each row's parent key (a B-tree search per
        // row) finds nothing. Switched on again below, whatever happens.
        conn.pragma_update(None, "foreign_keys", "OFF")?;
    }
    Ok(())
}

/// The writer's loop: the parsed chunks written in order as they come, a token handed back to the
/// reader for each, and the last batch committed.
fn write_chunks(
    writer: &mut Writer<'_>,
    done_rx: &mpsc::Receiver<Done>,
    token_tx: &mpsc::SyncSender<()>,
    bar: Option<&indicatif::ProgressBar>,
    summary: &mut Summary,
    waited_parse: &mut std::time::Duration,
) -> Result<()> {
    let mut pending: BTreeMap<usize, Done> = BTreeMap::new();
    let mut want = 0usize;
    loop {
        let t = std::time::Instant::now();
        let Ok(done) = done_rx.recv() else {
            break;
        };
        *waited_parse += t.elapsed();
        pending.insert(done.seq, done);
        while let Some(done) = pending.remove(&want) {
            writer.write_file(done.file, summary)?;
            want += 1;
            let _ = token_tx.send(());
            if let Some(b) = bar.filter(|_| done.last_of_file) {
                b.inc(1);
                b.set_message(format!("{} games", summary.imported));
            }
        }
    }
    writer.commit(summary)
}

/// Also after a failure: the totals of the games written so far, and the indexes and the
/// tree they need. The totals' rows are made on a thread of their own while this one
/// builds the indexes and the tree (and the index thread makes its last commit).
/// Gives what the totals and the build came to.
fn end_writes<'s>(
    s: &'s std::thread::Scope<'s, '_>,
    conn: &mut Connection,
    mark: Option<crate::store::tally::BulkTally>,
    mut tally: crate::store::tally::Tally,
    waker: &mut Option<Waker>,
    bulk: bool,
) -> (Result<()>, Result<()>) {
    match mark {
        Some(mark) => match crate::store::tally::prepare_end(conn, &mut tally) {
            Ok(()) => {
                let rows = spawn(s, "annals-totals", move || {
                    let t = std::time::Instant::now();
                    let rows = tally.rows();
                    tracing::info!(seconds = t.elapsed().as_secs_f64(), "totals made");
                    rows
                });
                let built = end_bulk(conn, waker.as_mut());
                let totals = match rows.join() {
                    Ok(rows) => {
                        let t = std::time::Instant::now();
                        let r = crate::store::tally::write_end(conn, &rows, mark);
                        tracing::info!(seconds = t.elapsed().as_secs_f64(), "totals written");
                        r
                    }
                    Err(_) => Err(Error::Internal("totals thread panicked".into())),
                };
                (totals, built)
            }
            Err(e) => (Err(e), end_bulk(conn, waker.as_mut())),
        },
        None => (
            Ok(()),
            if bulk {
                end_bulk(conn, waker.as_mut())
            } else {
                Ok(())
            },
        ),
    }
}

/// Spawns a scoped thread named `name`, which `top -H` and `perf report --sort comm` show. A
/// thread the system cannot start panics, as with `Scope::spawn`.
pub(super) fn spawn<'s, 'e, T: Send + 's>(
    s: &'s std::thread::Scope<'s, 'e>,
    name: &str,
    f: impl FnOnce() -> T + Send + 's,
) -> std::thread::ScopedJoinHandle<'s, T> {
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn_scoped(s, f)
        .unwrap_or_else(|e| panic!("cannot start the {name} thread: {e}"))
}

/// Games parsed and handed to the writer as one unit: few, so that the games in memory stay few
/// whatever the size of a file.
pub const CHUNK_GAMES: usize = 64;
/// A chunk also ends once its games' text reaches this many bytes (a chunk of the bench's games
/// is about 120 KB), so that chunks of unusually long games stay few.
pub const CHUNK_BYTES: usize = 256 << 10;
/// Chunks between the reader and the writer at most. 32 where it was 8: with 8, a writer's
/// commit and its wait at a WAL restart let the parse threads fill every chunk and then stand
/// idle, and the writer then waited for them (10 s of a 1M import); with 32 the writer waits 3 s,
/// and a 100k import takes 4% less time, a 1M import 1.5% less, for 10–30 MB more at the peak
/// (BENCHMARKS.md).
pub(super) const CHUNKS_IN_FLIGHT: usize = 32;

/// Work for a parse thread: `seq` orders the chunks of all files.
pub(super) enum Job {
    Parse {
        seq: usize,
        first_of_file: bool,
        last_of_file: bool,
        file: std::sync::Arc<FileMeta>,
        raws: Vec<record::RawGame>,
    },
    /// A file rejected as a whole: nothing to parse.
    Rejected { seq: usize, file: PreparedFile },
}

/// A parsed chunk on its way to the writer.
pub(super) struct Done {
    pub(super) seq: usize,
    pub(super) last_of_file: bool,
    pub(super) file: PreparedFile,
}

/// The reader: reads, decodes and splits the files in order and sends their games in chunks,
/// each for a token from the writer.
pub(super) fn read_files(
    files: &[PathBuf],
    jobs: &mpsc::SyncSender<Job>,
    tokens: &mpsc::Receiver<()>,
) {
    let mut seq = 0usize;
    for path in files {
        match split_file(path) {
            SplitFile::Rejected(file) => {
                if tokens.recv().is_err() || jobs.send(Job::Rejected { seq, file }).is_err() {
                    return;
                }
                seq += 1;
            }
            SplitFile::Split { file, raws } => {
                let file = std::sync::Arc::new(file);
                let mut raws = raws.into_iter().peekable();
                let mut first = true;
                while raws.peek().is_some() {
                    let mut chunk: Vec<record::RawGame> = Vec::with_capacity(CHUNK_GAMES);
                    let mut bytes = 0;
                    while chunk.len() < CHUNK_GAMES && bytes < CHUNK_BYTES {
                        let Some(raw) = raws.next() else { break };
                        bytes += raw.raw.len();
                        chunk.push(raw);
                    }
                    let job = Job::Parse {
                        seq,
                        first_of_file: std::mem::take(&mut first),
                        last_of_file: raws.peek().is_none(),
                        file: file.clone(),
                        raws: chunk,
                    };
                    if tokens.recv().is_err() || jobs.send(job).is_err() {
                        return;
                    }
                    seq += 1;
                }
            }
        }
    }
}

/// A parse thread: parses chunks until the reader is done (or the writer has stopped).
pub(super) fn parse_jobs(
    jobs: &std::sync::Mutex<mpsc::Receiver<Job>>,
    done: &mpsc::SyncSender<Done>,
    opts: &Options,
    index: Option<&Index>,
) {
    loop {
        let job = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let out = match job {
            Err(_) => return,
            Ok(Job::Rejected { seq, file }) => Done {
                seq,
                last_of_file: true,
                file,
            },
            Ok(Job::Parse {
                seq,
                first_of_file,
                last_of_file,
                file,
                raws,
            }) => Done {
                seq,
                last_of_file,
                file: parse_raws(&file, raws, first_of_file, opts, index),
            },
        };
        if done.send(out).is_err() {
            return;
        }
    }
}
