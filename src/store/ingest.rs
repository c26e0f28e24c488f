//! The import pipeline: a reader (read, decode, split files in order) → parse threads (chunks of
//! [`CHUNK_GAMES`] games) → one writer (SQLite, a transaction every [`BATCH_GAMES`] games) → an
//! index thread (tantivy, a commit every [`INDEX_COMMIT_GAMES`] games and at the end).
//!
//! Memory stays bounded whatever the corpus or file size: the reader sends a chunk only for a
//! token the writer hands back when it has written one, and the channels between the stages are
//! bounded. Output order (and so game ids) follows the sorted file list and the games' order in
//! each file, whatever order the parse threads finish in. An import into an empty database is a
//! bulk import (see [`import_files`]).

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use annals_import::{Diagnostic, Kind, ParsedGame, Severity, detect_kind, parse_game, record};
use rusqlite::{Connection, params};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::store::games::{NewGame, Stored};
use crate::store::index::Index;
use crate::store::{games, migrate};

/// Games per write transaction.
pub mod tournament;

pub const BATCH_GAMES: usize = 256;
/// Files larger than this are rejected unread.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;
/// Extensions read when walking a folder (a file named on the command line is read whatever it is).
pub const RECORD_EXTENSIONS: [&str; 7] = ["hotw", "sanguo", "wec", "dip", "txt", "pgn", "csv"];

#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `--kind`: the kind of games whose tags and extension do not say.
    pub kind: Option<Kind>,
    /// Show a progress bar (only when stderr is a terminal).
    pub progress: bool,
    /// Keep every game in the summary (`--json`; off for benchmarks of a million games).
    pub details: bool,
    /// Keep at most this many of the games' diagnostics in the summary (every one is stored with
    /// its game); the rest are only counted. `None`: all of them (`--json`).
    pub max_diagnostics: Option<usize>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct GameReport {
    pub id: Option<i64>,
    /// A collection export's note, ply and section for this game (see `collections::export_records`).
    #[serde(skip)]
    pub annotation: Annotation,
    pub file: String,
    pub line: u32,
    pub kind: Option<String>,
    pub status: &'static str,
    pub errors: usize,
    pub warnings: usize,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FileDiagnostic {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub severity: Severity,
    pub code: String,
    pub message: String,
}

/// What an import did: the `--json` object of CONTRACT.md.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Summary {
    pub imported: usize,
    pub duplicates: usize,
    pub rejected: usize,
    /// Games stored with at least one error diagnostic.
    pub with_errors: usize,
    pub games: Vec<GameReport>,
    pub diagnostics: Vec<FileDiagnostic>,
    /// Diagnostics of stored games left out of `diagnostics` ([`Options::max_diagnostics`]).
    #[serde(skip)]
    pub diagnostics_omitted: usize,
    /// Move rows written (turns, plies), for the benchmark.
    #[serde(skip)]
    pub move_rows: usize,
    /// Ids of the games stored by this import.
    #[serde(skip)]
    pub new_ids: Vec<i64>,
}

/// Lists the record files under `paths`, sorted, each folder walked recursively.
pub fn collect_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = walkdir::WalkDir::new(p)
                .follow_links(false)
                .into_iter()
                .filter_map(|e| e.ok())
                .filter(|e| e.file_type().is_file())
                .map(|e| e.into_path())
                .filter(|p| {
                    let hidden = p
                        .file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with('.'));
                    let ext = p
                        .extension()
                        .and_then(|e| e.to_str())
                        .map(str::to_ascii_lowercase);
                    !hidden && ext.is_some_and(|e| RECORD_EXTENSIONS.contains(&e.as_str()))
                })
                .collect();
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// The comments a collection export writes before a game's body.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotation {
    pub note: Option<String>,
    pub ply: Option<i64>,
    pub section: Option<String>,
    /// The kind an export wrote for a game with no tags (`{annals-game: sanguo}`).
    pub kind: Option<Kind>,
}

/// Takes the leading `{annals-game: …}`, `{annals-note: …}`, `{annals-ply: …}` and
/// `{annals-section: …}` lines out of a game's body (and raw text), so that an exported game is
/// the same game when imported again.
pub fn take_annotation(raw: &mut record::RawGame) -> Annotation {
    use crate::collections::{NOTE_PREFIX, PLY_PREFIX, SECTION_PREFIX};
    let mut a = Annotation::default();
    let mut taken = Vec::new();
    for line in raw.body.lines() {
        let t = line.trim();
        let value = |p: &str| {
            t.strip_prefix(p)
                .and_then(|r| r.strip_suffix('}'))
                .map(|v| v.trim().to_string())
        };
        if let Some(v) = value(NOTE_PREFIX) {
            a.note = Some(v);
        } else if let Some(v) = value(PLY_PREFIX) {
            a.ply = v.parse().ok();
        } else if let Some(v) = value(SECTION_PREFIX) {
            a.section = Some(v);
        } else if let Some(v) = value(record::GAME_MARK) {
            a.kind = Kind::from_name(&v);
        } else {
            break;
        }
        taken.push(line.to_string());
    }
    if taken.is_empty() {
        return a;
    }
    let n = taken.len();
    raw.body = raw.body.lines().skip(n).collect::<Vec<_>>().join("\n");
    raw.body_line += n as u32;
    for l in &taken {
        for with_nl in [format!("{l}\r\n"), format!("{l}\n")] {
            if let Some(pos) = raw.raw.find(&with_nl) {
                raw.raw.replace_range(pos..pos + with_nl.len(), "");
                break;
            }
        }
    }
    a
}

/// One game of a file, read and parsed, or the reason it cannot be stored.
pub enum Prepared {
    Game {
        /// The game made ready to store on the parse threads, which freed its body there.
        game: Box<games::Ready>,
        /// Its search document (`Index::document`, without the id), when the import has an index.
        doc: Option<tantivy::TantivyDocument>,
        raw: String,
        hash: String,
        line: u32,
        annotation: Annotation,
    },
    Rejected {
        line: u32,
        diagnostic: Diagnostic,
    },
}

/// One file, read and parsed.
pub struct PreparedFile {
    pub name: String,
    pub encoding: &'static str,
    /// Diagnostics of the file as a whole (its encoding), given to every game of it.
    pub file_diagnostics: Vec<Diagnostic>,
    /// Diagnostics about text of the file that is in no game (a preamble before the first, a
    /// signature after the last): reported and kept with the import's problems.
    pub outside: Vec<Diagnostic>,
    pub games: Vec<Prepared>,
}

/// A file read, decoded and split into games, not parsed yet.
pub enum SplitFile {
    /// Rejected as a whole (unreadable, too large, undecodable, or holding no game).
    Rejected(PreparedFile),
    Split {
        file: FileMeta,
        raws: Vec<record::RawGame>,
    },
}

/// What the games of one file share.
pub struct FileMeta {
    pub name: String,
    pub ext: Option<String>,
    pub encoding: &'static str,
    /// Diagnostics of the file as a whole (its encoding), given to every game of it.
    pub diagnostics: Vec<Diagnostic>,
    /// Diagnostics about text in no game (see [`PreparedFile::outside`]).
    pub outside: Vec<Diagnostic>,
}

fn rejected_file(name: &str, line: u32, d: Diagnostic) -> PreparedFile {
    PreparedFile {
        name: name.to_string(),
        encoding: "",
        file_diagnostics: Vec::new(),
        outside: Vec::new(),
        games: vec![Prepared::Rejected {
            line,
            diagnostic: d,
        }],
    }
}

/// Reads, decodes and splits one file. Never fails: an unreadable file is one rejected entry.
pub fn split_file(path: &Path) -> SplitFile {
    let name = path.display().to_string();
    let unreadable = |e: std::io::Error| {
        SplitFile::Rejected(rejected_file(
            &name,
            1,
            Diagnostic::error("record.unreadable", 1, 1, format!("cannot read file: {e}")),
        ))
    };
    match std::fs::metadata(path) {
        Ok(m) if m.len() > MAX_FILE_BYTES => {
            return SplitFile::Rejected(rejected_file(
                &name,
                1,
                Diagnostic::error(
                    record::code::TOO_LARGE,
                    1,
                    1,
                    format!("file is {} bytes; the limit is {MAX_FILE_BYTES}", m.len()),
                ),
            ));
        }
        Ok(_) => {}
        Err(e) => return unreadable(e),
    }
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return unreadable(e),
    };
    let ext = path.extension().and_then(|e| e.to_str());
    split_bytes(&name, &bytes, ext)
}

/// Decodes and splits the bytes of one file named `name` (its extension is `ext`).
pub fn split_bytes(name: &str, bytes: &[u8], ext: Option<&str>) -> SplitFile {
    let mut decoded = match record::decode(bytes) {
        Ok(d) => d,
        Err(d) => return SplitFile::Rejected(rejected_file(name, 1, d)),
    };
    let mut raws = record::split_games(&decoded.text);
    // a preamble, and what the decoding said of lines in no game (a fence before the first, a
    // signature after the last), are the file's
    let mut outside: Vec<Diagnostic> = Vec::new();
    outside.extend(annals_import::take_preamble(&mut raws, ext, None));
    decoded.diagnostics.retain(|d| {
        let in_none = !raws.iter().any(|r| in_game(d, r));
        if in_none {
            outside.push(d.clone());
        }
        !in_none
    });
    outside.sort_by_key(|d| (d.line, d.col));
    if raws.is_empty() {
        return SplitFile::Rejected(PreparedFile {
            name: name.to_string(),
            encoding: decoded.encoding,
            file_diagnostics: decoded.diagnostics,
            outside,
            games: vec![Prepared::Rejected {
                line: 1,
                diagnostic: Diagnostic::error(
                    record::code::EMPTY_BODY,
                    1,
                    1,
                    "the file holds no game",
                ),
            }],
        });
    }
    SplitFile::Split {
        file: FileMeta {
            name: name.to_string(),
            ext: ext.map(str::to_string),
            encoding: decoded.encoding,
            diagnostics: decoded.diagnostics,
            outside,
        },
        raws,
    }
}

/// One game of a file, parsed: what [`parse_raws`] makes ready to store.
pub struct ParsedRecord {
    pub parsed: ParsedGame,
    /// The game's text as imported (annotation lines taken out).
    pub raw: String,
    pub hash: String,
    pub line: u32,
    pub annotation: Annotation,
}

/// Parses one game of a file: kind detection, parsing and the content hash; `Err` is why it
/// cannot be stored (at a line).
fn parse_record(
    file: &FileMeta,
    mut raw: record::RawGame,
    opts: &Options,
) -> std::result::Result<ParsedRecord, (u32, Diagnostic)> {
    let annotation = take_annotation(&mut raw);
    if raw.body.trim().is_empty() {
        return Err((
            raw.line,
            Diagnostic::error(
                record::code::EMPTY_BODY,
                raw.line,
                1,
                "a tag block with no game body after it",
            ),
        ));
    }
    let (kind, kind_diags) = detect_kind(&raw, file.ext.as_deref(), opts.kind.or(annotation.kind));
    let Some((kind, _)) = kind else {
        return Err((
            raw.line,
            Diagnostic::error(
                record::code::UNKNOWN_KIND,
                raw.line,
                1,
                "cannot tell which game this record is: add a Game tag (HotW, Sanguo, WEC, Deluge), use a .hotw/.sanguo/.wec/.dip extension or --kind",
            ),
        ));
    };
    let mut parsed = parse_game(&raw, kind);
    parsed.diagnostics.splice(
        0..0,
        file.diagnostics
            .iter()
            .filter(|d| in_game(d, &raw))
            .cloned()
            .chain(kind_diags),
    );
    let hash = content_hash(kind, &raw);
    Ok(ParsedRecord {
        parsed,
        line: raw.line,
        raw: raw.raw,
        hash,
        annotation,
    })
}

/// Parses games of one file (all of them, or one chunk; the file's first chunk carries its
/// [`FileMeta::outside`] diagnostics) and makes them ready to store ([`games::Ready`]), with their
/// search documents when `index` is given: all that is made of a game's body is made here, on
/// the parse threads, and the body freed here.
pub fn parse_raws(
    file: &FileMeta,
    raws: Vec<record::RawGame>,
    first_chunk: bool,
    opts: &Options,
    index: Option<&Index>,
) -> PreparedFile {
    let games = raws
        .into_iter()
        .map(|raw| match parse_record(file, raw, opts) {
            Ok(r) => Prepared::Game {
                doc: index
                    .map(|ix| ix.document(&crate::store::index::DocInput::from_parsed(&r.parsed))),
                game: Box::new(games::Ready::new(r.parsed)),
                raw: r.raw,
                hash: r.hash,
                line: r.line,
                annotation: r.annotation,
            },
            Err((line, diagnostic)) => Prepared::Rejected { line, diagnostic },
        })
        .collect();
    PreparedFile {
        name: file.name.clone(),
        encoding: file.encoding,
        file_diagnostics: file.diagnostics.clone(),
        outside: if first_chunk {
            file.outside.clone()
        } else {
            Vec::new()
        },
        games,
    }
}

/// Whether a diagnostic of the file's decoding belongs to a game: one about the whole file (at
/// line 1, column 1) belongs to each; one at a place (bytes replaced at a line and column) to the
/// game whose lines hold it.
fn in_game(d: &Diagnostic, raw: &record::RawGame) -> bool {
    if d.line == 1 && d.col == 1 {
        return true;
    }
    let lines = u32::try_from(raw.raw.bytes().filter(|&b| b == b'\n').count()).unwrap_or(0);
    (raw.line..=raw.line.saturating_add(lines)).contains(&d.line)
}

/// Reads and parses one file's games as the importer does, bodies and all; the games that cannot
/// be stored are left out.
pub fn parse_file(path: &Path, opts: &Options) -> Vec<ParsedRecord> {
    match split_file(path) {
        SplitFile::Rejected(_) => Vec::new(),
        SplitFile::Split { file, raws } => raws
            .into_iter()
            .filter_map(|raw| parse_record(&file, raw, opts).ok())
            .collect(),
    }
}

/// Reads and parses the bytes of one file named `name` (its extension is `ext`), with search
/// documents for `index`.
pub fn prepare_bytes(
    name: &str,
    bytes: &[u8],
    ext: Option<&str>,
    opts: &Options,
    index: Option<&Index>,
) -> PreparedFile {
    match split_bytes(name, bytes, ext) {
        SplitFile::Rejected(p) => p,
        SplitFile::Split { file, raws } => parse_raws(&file, raws, true, opts, index),
    }
}

/// The identity of a game for duplicate detection: its kind, its tags (names case-folded, values
/// trimmed, sorted) and its body with line ends, trailing spaces and blank lines normalized. The
/// same game saved with CRLF line ends, or re-exported with its tags in another order, is a
/// duplicate; a game with any other difference is not.
pub fn content_hash(kind: Kind, raw: &record::RawGame) -> String {
    let mut h = hash_of_tags(kind, raw);
    // Each line as `str::lines` cuts them, without its trailing white space (`str::trim_end`,
    // which takes a `\r` before the line feed too), the blank ones left out. The lines are found
    // with `memchr` and most end in ASCII, trimmed here byte by byte: `lines` and `trim_end` were
    // two-thirds of this function's time.
    let body = raw.body.as_str();
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', body.as_bytes()).chain([body.len()]) {
        let line = trim_end_fast(&body[start..end]);
        start = end + 1;
        if !line.is_empty() {
            h.update(line.as_bytes());
            h.update([b'\n']);
        }
    }
    hex::encode(h.finalize())
}

/// The hash of [`content_hash`] fed with the kind and the tags.
fn hash_of_tags(kind: Kind, raw: &record::RawGame) -> Sha256 {
    let mut h = Sha256::new();
    h.update(kind.as_str().as_bytes());
    h.update([0]);
    let mut tags: Vec<(String, &str)> = raw
        .tags
        .iter()
        .map(|(k, v)| (k.to_lowercase(), v.trim()))
        .collect();
    tags.sort();
    for (k, v) in tags {
        h.update(k.as_bytes());
        h.update([1]);
        h.update(v.as_bytes());
        h.update([2]);
    }
    h.update([0]);
    h
}

/// `s.trim_end()`, with the ASCII white space before any other taken byte by byte.
fn trim_end_fast(s: &str) -> &str {
    let b = s.as_bytes();
    let mut n = b.len();
    while n > 0 && matches!(b[n - 1], b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | b' ') {
        n -= 1;
    }
    match b[..n].last() {
        // (cut after an ASCII byte: a character boundary)
        Some(&c) if c >= 0x80 => s[..n].trim_end(),
        _ => &s[..n],
    }
}

fn now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    crate::timefmt::rfc3339(secs)
}

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
    conn.execute(
        "UPDATE imports SET finished_at = ?1, imported = ?2, duplicates = ?3, rejected = ?4 WHERE id = ?5",
        params![now(), summary.imported as i64, summary.duplicates as i64, summary.rejected as i64, import_id],
    )?;
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
    let bar = (opts.progress && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(files.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} files {msg} [{elapsed_precise}]",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
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
        let mut pending: BTreeMap<usize, Done> = BTreeMap::new();
        let mut want = 0usize;
        // Time the writer waited for parsed chunks (logged at the end).
        let mut waited_parse = std::time::Duration::ZERO;
        let written: Result<()> = (|| {
            loop {
                let t = std::time::Instant::now();
                let Ok(done) = done_rx.recv() else {
                    break;
                };
                waited_parse += t.elapsed();
                pending.insert(done.seq, done);
                while let Some(done) = pending.remove(&want) {
                    writer.write_file(done.file, &mut summary)?;
                    want += 1;
                    let _ = token_tx.send(());
                    if let Some(b) = bar.as_ref().filter(|_| done.last_of_file) {
                        b.inc(1);
                        b.set_message(format!("{} games", summary.imported));
                    }
                }
            }
            writer.commit(&mut summary)
        })();
        // Every game is in the index thread's hands: closing its channel lets it make its last
        // commit (tantivy writes its segments then) while the totals, the indexes and the tree
        // are made below.
        writer.sink = Sink::None;
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
        // On an error, closing these stops the reader and the parse threads.
        drop(done_rx);
        drop(token_tx);
        let mut waker = writer.checkpoint.take();
        let mark = writer.bulk_tally.take();
        let mut tally = std::mem::take(&mut writer.tally);
        drop(writer);
        // The sorts that build the indexes and the tree spill to files, as before the import.
        let spilled = conn
            .pragma_update(None, "temp_store", "DEFAULT")
            .map_err(Error::from);
        // Also after a failure: the totals of the games written so far, and the indexes and the
        // tree they need. The totals' rows are made on a thread of their own while this one
        // builds the indexes and the tree (and the index thread makes its last commit).
        let (totals, built) = match mark {
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
        };
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

/// Spawns a scoped thread named `name`, which `top -H` and `perf report --sort comm` show. A
/// thread the system cannot start panics, as with `Scope::spawn`.
fn spawn<'s, 'e, T: Send + 's>(
    s: &'s std::thread::Scope<'s, 'e>,
    name: &str,
    f: impl FnOnce() -> T + Send + 's,
) -> std::thread::ScopedJoinHandle<'s, T> {
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn_scoped(s, f)
        .unwrap_or_else(|e| panic!("cannot start the {name} thread: {e}"))
}

/// The end of a bulk import: foreign keys back on, the secondary indexes and the explorer tree
/// built. After each, the checkpoint thread is woken to copy its pages while the next is made, so
/// that the import's last checkpoint, which the import waits for, copies little (at 10k games the
/// indexes, the tree and the totals were 40 ms of checkpoint on one core, with the other idle).
fn end_bulk(conn: &mut Connection, mut checkpoints: Option<&mut Waker>) -> Result<()> {
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // (Sorting with helper threads, `PRAGMA threads`, saved a tenth of this phase and cost 50 to
    // 100 MB more memory at its peak.)
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
    if let Some(w) = checkpoints {
        w.after_commit();
    }
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
struct Checkpoints {
    conn: Connection,
    wake: mpsc::Receiver<()>,
    /// The WAL's length in frames after each checkpoint.
    done: mpsc::SyncSender<i64>,
}

/// The WAL length past which the writer starts it over before its next transaction. (Whether
/// 16, 32 or 128 MB, a 100k import took the same time; the WAL's length on disk follows it. Since
/// the parse threads keep 32 chunks ahead of the writer, the writer catches up with the
/// checkpoints more often: with 32 MB it waited 5–6 s for them in a 1M import, with 128 MB
/// 1.7–1.8 s.)
const WAL_RESTART_BYTES: i64 = 128 << 20;

/// The writer's way to wake the [`Checkpoints`] thread and to hear from it.
struct Waker {
    tx: mpsc::SyncSender<()>,
    done: mpsc::Receiver<i64>,
    /// A checkpoint was asked for and its end not yet heard of.
    pending: bool,
    /// The WAL's length in frames when the last checkpoint ended.
    frames: i64,
    /// [`WAL_RESTART_BYTES`] in frames of the database's pages.
    restart_frames: i64,
    /// Time the writer waited for the thread before starting the WAL over (logged at the end).
    waited: std::time::Duration,
}

impl Waker {
    /// What the thread has reported, waiting for it when `wait`.
    fn hear(&mut self, wait: bool) {
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
    fn before_transaction(&mut self, conn: &Connection) -> Result<()> {
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
    fn after_commit(&mut self) {
        self.hear(false);
        if !self.pending {
            self.pending = self.tx.try_send(()).is_ok();
        }
    }

    /// The import's last checkpoint, waited for.
    fn last(mut self) {
        self.hear(true);
        self.after_commit();
        self.hear(true);
    }
}

impl Checkpoints {
    /// The checkpoints, the writer's way to wake them, and the writer's `wal_autocheckpoint`
    /// before the import (to be restored at its end). `None` for a database without a file (in
    /// memory), or not in WAL mode.
    fn begin(conn: &Connection) -> Result<Option<(Self, Waker, i64)>> {
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
    fn run(self) {
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
/// (BENCHMARKS.md, session 21).
const CHUNKS_IN_FLIGHT: usize = 32;

/// Work for a parse thread: `seq` orders the chunks of all files.
enum Job {
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
struct Done {
    seq: usize,
    last_of_file: bool,
    file: PreparedFile,
}

/// The reader: reads, decodes and splits the files in order and sends their games in chunks,
/// each for a token from the writer.
fn read_files(files: &[PathBuf], jobs: &mpsc::SyncSender<Job>, tokens: &mpsc::Receiver<()>) {
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
fn parse_jobs(
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

/// Games the index thread adds before it commits (other processes' searches see them then, this
/// process's at the import's last commit). An import that stops before a commit loses nothing: the
/// games are in SQLite and `Index::sync` indexes them at the next start.
pub const INDEX_COMMIT_GAMES: usize = 100_000;

/// Committed files, and which of their games were stored under which id.
struct IndexJob {
    batch: Vec<PreparedFile>,
    /// (file, game, id) positions in `batch`.
    stored: Vec<(usize, usize, i64)>,
}

/// The search documents of the games of `batch` at the (file, game, id) positions `stored`, with
/// their ids, taken out of the batch. A game without one (the index was held by another process
/// when it was parsed) is left to `Index::sync`.
fn stored_documents(
    batch: &mut [PreparedFile],
    stored: &[(usize, usize, i64)],
) -> Vec<(i64, tantivy::TantivyDocument)> {
    stored
        .iter()
        .filter_map(|(f, g, id)| match batch.get_mut(*f)?.games.get_mut(*g)? {
            Prepared::Game { doc, .. } => Some((*id, doc.take()?)),
            Prepared::Rejected { .. } => None,
        })
        .collect()
}

/// The index the parse threads make search documents for: `index`, unless another process holds
/// its writer (then `Index::sync` indexes the games from the database).
fn documents_for(index: Option<&Index>) -> Option<&Index> {
    index.filter(|ix| ix.writable())
}

/// The index thread: adds the games of each committed batch, commits every
/// [`INDEX_COMMIT_GAMES`] games and at the end, and frees the parsed games.
fn index_jobs(index: &Index, rx: mpsc::Receiver<IndexJob>) -> Result<()> {
    let mut since_commit = 0usize;
    let mut failed = None;
    for job in rx {
        if failed.is_some() {
            continue; // drain, so that the writer never blocks
        }
        let mut batch = job.batch;
        let docs = stored_documents(&mut batch, &job.stored);
        let added = docs.len();
        if let Err(e) = index.add_documents_uncommitted(docs) {
            failed = Some(e);
            continue;
        }
        since_commit += added;
        if since_commit >= INDEX_COMMIT_GAMES {
            since_commit = 0;
            if let Err(e) = index.commit_unread() {
                failed = Some(e);
            }
        }
    }
    match failed {
        Some(e) => Err(e),
        None => {
            let t = std::time::Instant::now();
            let r = index.commit();
            tracing::info!(
                seconds = t.elapsed().as_secs_f64(),
                "search index committed"
            );
            r
        }
    }
}

/// Where the writer sends committed games for the search index.
enum Sink<'c> {
    None,
    /// Add and commit on this thread, after each SQLite commit (single uploads).
    Inline(&'c Index),
    /// Hand them to the index thread.
    Thread(mpsc::SyncSender<IndexJob>),
}

/// The single writer: stores games in batched transactions and keeps the index in step.
struct Writer<'c> {
    conn: &'c mut Connection,
    sink: Sink<'c>,
    import_id: i64,
    details: bool,
    max_diagnostics: Option<usize>,
    batch: Vec<PreparedFile>,
    batch_games: usize,
    imported_at: String,
    /// Bulk import: the games go to `explorer_staging`, the tree is built at the end.
    staged: bool,
    names: crate::store::keys::NameCache,
    tally: crate::store::tally::Tally,
    /// Bulk import: the statistics totals stay in memory until they are many, or the end.
    bulk_tally: Option<crate::store::tally::BulkTally>,
    /// Wakes the checkpoint thread after each commit, and starts the WAL over when it is long.
    checkpoint: Option<Waker>,
    /// Bulk import: the content hashes stored, to find duplicates by (the unique index is dropped).
    seen: Option<games::SeenHashes>,
    /// Time the writer waited for the index thread to take a batch (logged at the end).
    waited_index: std::time::Duration,
}

impl<'c> Writer<'c> {
    fn new(conn: &'c mut Connection, sink: Sink<'c>, import_id: i64, opts: &Options) -> Self {
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

    fn write_file(&mut self, pf: PreparedFile, summary: &mut Summary) -> Result<()> {
        self.batch_games += pf.games.len();
        self.batch.push(pf);
        if self.batch_games >= BATCH_GAMES {
            self.commit(summary)?;
        }
        Ok(())
    }

    /// Writes the pending files in one transaction, then hands the new games to the index.
    fn commit(&mut self, summary: &mut Summary) -> Result<()> {
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
fn record_problem(
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

fn file_diag(file: &str, d: &Diagnostic) -> FileDiagnostic {
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
fn thread_cpu_s() -> f64 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::generate::Rng;

    /// The hash as it was made before `trim_end_fast`: duplicates found in a database made then
    /// must still be found.
    fn content_hash_by_lines(kind: Kind, raw: &record::RawGame) -> String {
        let mut h = hash_of_tags(kind, raw);
        for line in raw
            .body
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.trim().is_empty())
        {
            h.update(line.as_bytes());
            h.update([b'\n']);
        }
        hex::encode(h.finalize())
    }

    #[test]
    fn content_hash_is_the_hash_of_trimmed_lines_as_before() {
        let raw = |body: &str| record::RawGame {
            line: 1,
            body_line: 2,
            tags: vec![
                ("Event".into(), " Cup ".into()),
                ("date".into(), "2020".into()),
            ],
            body: body.into(),
            raw: String::new(),
            diagnostics: Vec::new(),
        };
        // A known value, computed apart from this code (Python's hashlib over the same bytes):
        // the hash of this game may never change, the databases hold it.
        let known = "5f31868f798745e6da5b6c6e17bd4b6b4f712c9bf0fb81c308d69a4614a9bfb9";
        let crlf = raw("1. 魏 炮12平10 \r\n\r\n  \n2. 吴 马6进5\u{3000}");
        assert_eq!(content_hash(Kind::Sanguo, &crlf), known);
        let plain = raw("1. 魏 炮12平10\n2. 吴 马6进5");
        assert_eq!(content_hash_by_lines(Kind::Sanguo, &plain), known);
        // Random bodies of the characters that line ends and trimming care about.
        let pieces = [
            "\n", "\r\n", "\r", " ", "\t", "\u{b}", "\u{c}", "\u{3000}", "\u{a0}", "\u{85}",
            "\u{2028}", "a", "炮", "·", "é", "\u{200b}",
        ];
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            let n = rng.below(14);
            let body: String = (0..n).map(|_| pieces[rng.below(pieces.len())]).collect();
            assert_eq!(
                content_hash(Kind::Hotw, &raw(&body)),
                content_hash_by_lines(Kind::Hotw, &raw(&body)),
                "{body:?}"
            );
            assert_eq!(trim_end_fast(&body), body.trim_end(), "{body:?}");
        }
    }
}
