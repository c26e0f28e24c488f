//! `annals bench`: generate a corpus, then measure in one run parsing, importing, the SQLite
//! ceiling, indexing, searching, the explorer and game pages, and print the figures. Every figure
//! comes from this process; BENCHMARKS.md says what each means and how to reproduce it.
//!
//! - `parse_mb_s`: record reading, kind detection and parsing (with 三国 board resolution and WEC
//!   replay), one thread, over the generated corpus (at most [`PARSE_SAMPLE_BYTES`] per kind), from
//!   memory. `parse_mb_s_{hotw,sanguo,wec}` give each notation alone; `worst_shape_mb_s` the
//!   slowest of the once-quadratic shapes (`bench/shapes.rs`); `adjudicate_us_per_order` the
//!   Diplomacy adjudication's time an order by phase size (`bench/adjudication.rs`).
//! - `import_games_s`, `import_rows_s`: `ingest::import_paths` end to end (files on disk → parse
//!   → SQLite → tantivy) into a fresh database and index. A row is a normalized move (HotW turn,
//!   三国 ply, WEC turn): `Summary.move_rows`.
//! - `sqlite_ceiling_rows_s`: the same number of rows inserted by one prepared statement into a
//!   scratch table shaped like a `sanguo_moves` row (a table of one row per move until schema 6,
//!   now a view of the packed moves), in transactions of 100,000 rows, in a scratch database
//!   with the importer's page size, journal and synchronous pragmas. `import_vs_ceiling` = `import_rows_s / ceiling`.
//! - `index_docs_s`: indexing the first [`REBUILD_SAMPLE`] games of the database into a fresh index
//!   as `Index::rebuild` does (documents per second, database reads and re-parsing included).
//! - `search_p50_ms`, `search_p99_ms`: `Index::search` (limit 20) over a fixed mix of 1,000 queries
//!   built from the generated data; `explorer_p99_ms`: `explorer::explore` at 300 positions of
//!   generated 三国 and WEC games, counted by position; `explorer_scoped_p99_ms`: the same positions
//!   limited to the event nearest 1,000 games (`explorer_scope_games`, `bench/scoped.rs`);
//!   `page_p99_ms`: `GET /games/{id}` through the router
//!   (`tower::ServiceExt::oneshot`), 300 random ids, body read to the end; `stats_p99_ms`:
//!   `GET /stats/{kind}` (every figure of the kind, from the running totals) through the router,
//!   60 requests over the three kinds, unfiltered and filtered by event and year range.
//! - `peak_rss_mb`: `VmHWM` of `/proc/self/status` at the end of the run (the whole run: generation,
//!   import and queries); `peak_rss_import_mb`: the peak during the import alone.

pub mod adjudication;
pub mod generate;
mod measures;
mod scoped;
mod shapes;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use annals_import::{Kind, detect_kind, parse_game, record};
use measures::{dir_size, file_size};
pub use measures::{peak_rss_mb, percentile};
use rusqlite::params;
use serde::Serialize;

use crate::error::{Error, Result};

/// Options of `annals bench`.
#[derive(Debug, Clone, clap::Args)]
pub struct BenchArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Games to generate.
    #[arg(long, default_value_t = 10_000)]
    pub games: usize,
    /// Keep the generated corpus, database and index in this folder.
    #[arg(long)]
    pub keep: Option<PathBuf>,
    /// Seed of the generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Measure only the queries (search, explorer, pages) on the database and index that an
    /// earlier `--keep DIR` run with the same `--games` and `--seed` left in DIR.
    #[arg(long, requires = "keep")]
    pub queries_only: bool,
}

/// Games per generated file (a third of each kind).
pub const GAMES_PER_FILE: usize = 999;
/// At most this many bytes of each kind are parsed for `parse_mb_s`.
pub const PARSE_SAMPLE_BYTES: usize = 48 << 20;
/// Queries of the search mix.
pub const SEARCH_QUERIES: usize = 1_000;
/// Samples of the explorer and page figures.
pub const SAMPLES: usize = 300;
/// Requests of the statistics figure.
pub const STATS_SAMPLES: usize = 60;
/// `index_docs_s` indexes at most this many games (the first ones) into a fresh index.
pub const REBUILD_SAMPLE: usize = 100_000;

/// The figures of one run (`--json` prints this object).
#[derive(Debug, Clone, Serialize, Default)]
pub struct Report {
    pub games: usize,
    pub bytes: u64,
    pub generate_s: f64,
    pub parse_mb_s: f64,
    pub parse_mb_s_hotw: f64,
    pub parse_mb_s_sanguo: f64,
    pub parse_mb_s_wec: f64,
    pub worst_shape_mb_s: f64,
    pub adjudicate_us_per_order: adjudication::AdjudicationCost,
    pub parse_errors: usize,
    pub imported: usize,
    pub move_rows: usize,
    pub import_s: f64,
    pub import_games_s: f64,
    pub import_rows_s: f64,
    pub sqlite_ceiling_rows_s: f64,
    pub import_vs_ceiling: f64,
    pub index_docs_s: f64,
    pub db_mb: f64,
    pub index_mb: f64,
    pub search_p50_ms: f64,
    pub search_p99_ms: f64,
    pub explorer_p99_ms: f64,
    pub explorer_scoped_p99_ms: f64,
    pub explorer_scope_games: i64,
    pub page_p99_ms: f64,
    pub stats_p99_ms: f64,
    pub peak_rss_mb: f64,
    /// Peak resident set during the import alone (`VmHWM` reset through `/proc/self/clear_refs`
    /// just before it; equal to the whole run's peak where the reset is refused).
    pub peak_rss_import_mb: f64,
}

/// Runs the benchmark; returns the exit code.
pub fn run(args: &BenchArgs) -> crate::Result<u8> {
    let (dir, temporary) = match &args.keep {
        Some(d) => (d.clone(), false),
        None => (
            std::env::temp_dir().join(format!("annals-bench-{}", std::process::id())),
            true,
        ),
    };
    let report = if args.queries_only {
        let mut r = Report {
            games: args.games,
            ..Report::default()
        };
        measure_queries(&mut r, args.seed, &dir).map(|()| r)
    } else {
        measure(args.games, args.seed, &dir, !args.json)
    };
    if temporary {
        let _ = std::fs::remove_dir_all(&dir);
    }
    let report = report?;
    let mut out = std::io::stdout().lock();
    let text = if args.json {
        serde_json::to_string(&report)?
    } else {
        serde_json::to_string_pretty(&report)?
    };
    // A closed stdout is not an error worth a panic.
    let _ = writeln!(out, "{text}");
    Ok(0)
}

fn say(verbose: bool, msg: &str) {
    if verbose {
        eprintln!("bench: {msg}");
    }
}

/// Generates `games` games of seed `seed` into `dir/corpus` and measures everything. `dir` must
/// not hold an earlier run.
pub fn measure(games: usize, seed: u64, dir: &Path, verbose: bool) -> Result<Report> {
    let mut r = Report {
        games,
        ..Report::default()
    };
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus)?;
    let db_path = dir.join("annals.db");
    for stale in ["annals.db", "annals.db-wal", "annals.db-shm", "ceiling.db"] {
        let _ = std::fs::remove_file(dir.join(stale));
    }
    let _ = std::fs::remove_dir_all(dir.join("annals.db.index"));
    let _ = std::fs::remove_dir_all(dir.join("rebuild.index"));

    say(verbose, &format!("generating {games} games"));
    let t = Instant::now();
    let files = write_corpus(&corpus, games, seed)?;
    r.generate_s = t.elapsed().as_secs_f64();
    r.bytes = files.iter().map(|f| f.bytes).sum();

    say(verbose, "parsing (one thread)");
    let (all, per_kind, errors) = parse_speed(&files)?;
    r.parse_mb_s = all;
    r.worst_shape_mb_s = shapes::worst_shape_mb_s();
    r.adjudicate_us_per_order = adjudication::adjudicate_us_per_order();
    r.parse_errors = errors;
    for (k, v) in per_kind {
        match k {
            Kind::Hotw => r.parse_mb_s_hotw = v,
            Kind::Sanguo => r.parse_mb_s_sanguo = v,
            _ => r.parse_mb_s_wec = v,
        }
    }

    say(verbose, "importing");
    let paths = crate::Paths::new(&db_path, None);
    {
        let mut conn = crate::store::connection::open(&paths.db)?;
        let index = crate::store::index::Index::open(&paths.index)?;
        // Linux: writing 5 resets VmHWM, so the next reading is the import's own peak.
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let t = Instant::now();
        let summary = crate::store::ingest::import_paths(
            &mut conn,
            Some(&index),
            std::slice::from_ref(&corpus),
            &crate::store::ingest::Options {
                max_diagnostics: Some(0),
                ..Default::default()
            },
        )?;
        let s = t.elapsed().as_secs_f64().max(1e-9);
        r.import_s = s;
        r.imported = summary.imported;
        r.move_rows = summary.move_rows;
        r.import_games_s = summary.imported as f64 / s;
        r.import_rows_s = summary.move_rows as f64 / s;
        drop(index);
        r.peak_rss_import_mb = peak_rss_mb();
    }
    r.db_mb = (file_size(&paths.db) + file_size(&dir.join("annals.db-wal"))) as f64 / 1e6;
    r.index_mb = dir_size(&paths.index) as f64 / 1e6;

    say(verbose, "sqlite ceiling");
    r.sqlite_ceiling_rows_s = sqlite_ceiling(&dir.join("ceiling.db"), r.move_rows)?;
    let _ = std::fs::remove_file(dir.join("ceiling.db"));
    let _ = std::fs::remove_file(dir.join("ceiling.db-wal"));
    let _ = std::fs::remove_file(dir.join("ceiling.db-shm"));
    if r.sqlite_ceiling_rows_s > 0.0 {
        r.import_vs_ceiling = r.import_rows_s / r.sqlite_ceiling_rows_s;
    }

    say(verbose, "index rebuild");
    {
        let conn = crate::store::connection::open(&paths.db)?;
        let index = crate::store::index::Index::open(&dir.join("rebuild.index"))?;
        let ids: Vec<i64> = conn
            .prepare("SELECT id FROM games ORDER BY id LIMIT ?1")?
            .query_map([REBUILD_SAMPLE as i64], |r| r.get(0))?
            .collect::<std::result::Result<_, _>>()?;
        let t = Instant::now();
        index.add_from_db(&conn, &ids)?;
        r.index_docs_s = ids.len() as f64 / t.elapsed().as_secs_f64().max(1e-9);
    }
    let _ = std::fs::remove_dir_all(dir.join("rebuild.index"));

    say(verbose, "queries");
    r.peak_rss_mb = peak_rss_mb();
    measure_queries(&mut r, seed, dir)?;
    Ok(r)
}

/// Search, explorer and page figures on the database and index in `dir` (`r.games` games of seed
/// `seed`).
pub fn measure_queries(r: &mut Report, seed: u64, dir: &Path) -> Result<()> {
    // Queries are measured as `annals serve` answers them.
    crate::alloc::tune(crate::alloc::Phase::Serve);
    let games = r.games;
    let paths = crate::Paths::new(&dir.join("annals.db"), None);
    let state = crate::AppState::open(&paths)?;
    r.imported = state.db.with(crate::store::reads::game_count)? as usize;
    let queries = search_mix(seed, games);
    let mut times = Vec::with_capacity(queries.len());
    for q in &queries {
        let t = Instant::now();
        let res = state.index.search(q, None, 20, 0);
        let ms = t.elapsed().as_secs_f64() * 1e3;
        times.push(ms);
        if ms > 5.0 && std::env::var_os("ANNALS_BENCH_SLOW").is_some() {
            eprintln!("bench: slow query {ms:.1} ms: {q}");
        }
        if let Err(e) = res {
            return Err(Error::Internal(format!("bench query {q:?} failed: {e}")));
        }
    }
    if let Ok(list) = std::env::var("ANNALS_BENCH_QUERIES") {
        // Given queries, best of ten each (to compare two builds on a shared machine), or of
        // `ANNALS_BENCH_REPEAT` runs (many, to profile one query).
        let repeat: usize = std::env::var("ANNALS_BENCH_REPEAT")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(10);
        for q in list.split('|') {
            let mut best = f64::MAX;
            for _ in 0..repeat.max(1) {
                let t = Instant::now();
                let _ = state.index.search(q, None, 20, 0);
                best = best.min(t.elapsed().as_secs_f64() * 1e3);
            }
            eprintln!("bench: {best:7.3} ms best of {repeat}: {q}");
        }
    }
    if std::env::var_os("ANNALS_BENCH_SLOW").is_some() {
        // The slowest queries again, best of five: on a shared machine a query slowed by another
        // process shows here as fast.
        let mut order: Vec<usize> = (0..times.len()).collect();
        order.sort_by(|a, b| times[*b].total_cmp(&times[*a]));
        for &i in order.iter().take(20) {
            let mut best = f64::MAX;
            for _ in 0..5 {
                let t = Instant::now();
                let _ = state.index.search(&queries[i], None, 20, 0);
                best = best.min(t.elapsed().as_secs_f64() * 1e3);
            }
            eprintln!(
                "bench: {:7.2} ms first, {best:7.2} ms best of 5: {}",
                times[i], queries[i]
            );
        }
    }
    r.search_p50_ms = percentile(&mut times, 50.0);
    r.search_p99_ms = percentile(&mut times, 99.0);

    let positions = explorer_positions(seed, games);
    let mut times = Vec::with_capacity(positions.len());
    for (kind, moves) in &positions {
        let t = Instant::now();
        state
            .db
            .with(|c| crate::explorer::explore(c, *kind, moves))?;
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    r.explorer_p99_ms = percentile(&mut times, 99.0);
    (r.explorer_scoped_p99_ms, r.explorer_scope_games) =
        scoped::explorer_scoped_p99(&state, &positions)?;

    r.page_p99_ms = page_p99(&state, seed, r.imported)?;
    r.stats_p99_ms = stats_p99(&state, seed)?;
    r.peak_rss_mb = r.peak_rss_mb.max(peak_rss_mb());
    Ok(())
}

/// One generated file.
#[derive(Debug, Clone)]
pub struct CorpusFile {
    pub path: PathBuf,
    pub kind: Kind,
    pub bytes: u64,
}

/// Writes games `0..games` of seed `seed` into `dir`, [`GAMES_PER_FILE`] games per chunk split in
/// one file per kind, on every core. Memory holds one chunk per thread.
pub fn write_corpus(dir: &Path, games: usize, seed: u64) -> Result<Vec<CorpusFile>> {
    let chunks = games.div_ceil(GAMES_PER_FILE);
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 8);
    let results: Vec<Result<Vec<CorpusFile>>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| -> Result<Vec<CorpusFile>> {
                    let mut out = Vec::new();
                    loop {
                        let c = next.fetch_add(1, Ordering::Relaxed);
                        if c >= chunks {
                            break;
                        }
                        let mut texts = [String::new(), String::new(), String::new()];
                        let lo = c * GAMES_PER_FILE;
                        let hi = (lo + GAMES_PER_FILE).min(games);
                        for i in lo..hi {
                            let k = generate::kind_of(i as u64);
                            if let Some(t) = texts.get_mut(kind_slot(k)) {
                                t.push_str(&generate::game(seed, i as u64));
                            }
                        }
                        for (k, text) in [Kind::Hotw, Kind::Sanguo, Kind::Wec].iter().zip(texts) {
                            if text.is_empty() {
                                continue;
                            }
                            let path = dir.join(format!("{c:06}.{}", k.as_str()));
                            std::fs::write(&path, text.as_bytes())?;
                            out.push(CorpusFile {
                                path,
                                kind: *k,
                                bytes: text.len() as u64,
                            });
                        }
                    }
                    Ok(out)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(Error::Internal("generator thread panicked".into())))
            })
            .collect()
    });
    let mut files = Vec::new();
    for r in results {
        files.extend(r?);
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(files)
}

fn kind_slot(k: Kind) -> usize {
    match k {
        Kind::Hotw => 0,
        Kind::Sanguo => 1,
        _ => 2,
    }
}

/// Parses the bytes of one file as the importer does (decode, split, detect, parse), and returns
/// (games, error diagnostics).
pub fn parse_bytes(bytes: &[u8], ext: Option<&str>) -> (usize, usize) {
    let Ok(decoded) = record::decode(bytes) else {
        return (0, 1);
    };
    let mut games = 0;
    let mut errors = 0;
    for raw in record::split_games(&decoded.text) {
        let (kind, _) = detect_kind(&raw, ext, None);
        let Some((kind, _)) = kind else {
            errors += 1;
            continue;
        };
        let p = parse_game(&raw, kind);
        games += 1;
        errors += record::counts(&p.diagnostics).0;
    }
    (games, errors)
}

/// MB/s of all kinds, MB/s of each kind, error diagnostics.
type ParseSpeed = (f64, Vec<(Kind, f64)>, usize);

/// Single-thread parse speed over (a sample of) the corpus.
fn parse_speed(files: &[CorpusFile]) -> Result<ParseSpeed> {
    let mut per_kind = Vec::new();
    let (mut total_bytes, mut total_s, mut errors) = (0u64, 0f64, 0usize);
    for kind in [Kind::Hotw, Kind::Sanguo, Kind::Wec] {
        let mut sample = Vec::new();
        let mut taken = 0usize;
        for f in files.iter().filter(|f| f.kind == kind) {
            if taken >= PARSE_SAMPLE_BYTES {
                break;
            }
            let b = std::fs::read(&f.path)?;
            taken += b.len();
            sample.push(b);
        }
        if sample.is_empty() {
            continue;
        }
        let t = Instant::now();
        for b in &sample {
            errors += parse_bytes(b, Some(kind.as_str())).1;
        }
        let s = t.elapsed().as_secs_f64().max(1e-9);
        per_kind.push((kind, taken as f64 / 1e6 / s));
        total_bytes += taken as u64;
        total_s += s;
    }
    Ok((
        total_bytes as f64 / 1e6 / total_s.max(1e-9),
        per_kind,
        errors,
    ))
}

/// Inserts `rows` rows with one prepared statement into a scratch table shaped like a
/// `sanguo_moves` row, in transactions of 100,000 rows (the importer's size when this was written,
/// 2,000 games; in transactions of its 256 games since, 14k rows, it measured the same:
/// BENCHMARKS.md). Returns rows per second.
pub fn sqlite_ceiling(path: &Path, rows: usize) -> Result<f64> {
    let rows = rows.max(1);
    let mut conn = rusqlite::Connection::open(path)?;
    // The importer's page size (a new file's: it must come before the journal mode), so that the
    // ratio compares like with like: 16 KB pages take this insert 20% faster than 4 KB ones.
    conn.pragma_update(None, "page_size", crate::store::connection::PAGE_SIZE)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.execute_batch(
        "DROP TABLE IF EXISTS moves;
         CREATE TABLE moves (
             game_id INTEGER NOT NULL, ply INTEGER NOT NULL, side TEXT NOT NULL,
             notation TEXT NOT NULL, piece TEXT NOT NULL, from_y INTEGER NOT NULL,
             from_x INTEGER NOT NULL, to_y INTEGER NOT NULL, to_x INTEGER NOT NULL,
             prefix INTEGER NOT NULL, PRIMARY KEY (game_id, ply)) WITHOUT ROWID;",
    )?;
    let per_tx = 100_000;
    let t = Instant::now();
    let mut done = 0usize;
    while done < rows {
        let tx = conn.transaction()?;
        {
            let mut st = tx.prepare_cached(
                "INSERT INTO moves(game_id, ply, side, notation, piece, from_y, from_x, to_y, to_x, prefix)
                 VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)",
            )?;
            let end = (done + per_tx).min(rows);
            for i in done..end {
                let (game, ply) = (i / 64, i % 64);
                st.execute(params![
                    game as i64,
                    ply as i64,
                    "魏",
                    "炮12平10",
                    "炮",
                    3,
                    12,
                    3,
                    10,
                    (i as i64).wrapping_mul(0x9E37_79B9)
                ])?;
            }
            done = end;
        }
        tx.commit()?;
    }
    Ok(rows as f64 / t.elapsed().as_secs_f64().max(1e-9))
}

/// A fixed mix of [`SEARCH_QUERIES`] queries built from the generated data: event words and
/// substrings, player names, empires, cards, regions, sides, year ranges, kinds, and a few
/// combinations.
pub fn search_mix(seed: u64, games: usize) -> Vec<String> {
    let mut rng = generate::Rng::new(seed ^ 0xBEEF);
    let t = &*annals_import::hotw::tables::TABLES;
    let words = [
        "Spring",
        "Cup",
        "Club",
        "night",
        "Open",
        "ladder",
        "Classic",
        "赤壁杯",
        "练习赛",
        "群英会",
        "Skirmish",
        "League",
        "championship",
        "公开赛",
        "Build",
    ];
    let names = [
        "Chen", "Park", "Tanaka", "Ada", "Smith", "Rossi", "Yuki", "孙策", "曹操", "周瑜",
    ];
    let sides = ["吴", "魏", "蜀"];
    let kinds = ["hotw", "sanguo", "wec"];
    let mut out = Vec::with_capacity(SEARCH_QUERIES);
    let _ = games;
    for i in 0..SEARCH_QUERIES {
        let q = match i % 10 {
            0 | 1 => rng.pick(&words).copied().unwrap_or("Cup").to_string(),
            2 => format!("player:{}", rng.pick(&names).copied().unwrap_or("Chen")),
            3 => format!(
                "empire:{}",
                rng.pick(&t.empires)
                    .map(|e| e.code.as_str())
                    .unwrap_or("Rom")
            ),
            4 => format!(
                "card:{}",
                rng.pick(&t.cards)
                    .map(|c| c.code.as_str())
                    .unwrap_or("Lead")
            ),
            5 => {
                let y = rng.range(1988, 2020);
                format!("year:{y}..{}", y + rng.range(0, 6))
            }
            6 => format!(
                "kind:{} {}",
                rng.pick(&kinds).copied().unwrap_or("hotw"),
                rng.pick(&words).copied().unwrap_or("Cup")
            ),
            7 => format!(
                "region:{}",
                rng.pick(&t.regions)
                    .map(|r| r.code.as_str())
                    .unwrap_or("GPC")
            ),
            8 => format!("side:{}", rng.pick(&sides).copied().unwrap_or("魏")),
            // No `-word`: a negated term can panic inside tantivy 0.27's phrase scorer
            // (`seek_danger`), a bug of the service's search reported with this change.
            _ => format!(
                "{} OR {}",
                rng.pick(&names).copied().unwrap_or("Chen"),
                rng.pick(&words).copied().unwrap_or("Cup")
            ),
        };
        out.push(q);
    }
    out
}

/// [`SAMPLES`] explorer positions: the first plies of generated 三国 and WEC games (and the root).
pub fn explorer_positions(seed: u64, games: usize) -> Vec<(Kind, Vec<String>)> {
    let mut rng = generate::Rng::new(seed ^ 0xE4);
    let mut out = Vec::with_capacity(SAMPLES);
    let games = games.max(3) as u64;
    let mut tries = 0;
    while out.len() < SAMPLES && tries < SAMPLES * 10 {
        tries += 1;
        let i = rng.below(games as usize) as u64;
        let kind = generate::kind_of(i);
        if kind == Kind::Hotw {
            continue;
        }
        let text = generate::game(seed, i);
        let Some(raw) = record::split_games(&text).into_iter().next() else {
            continue;
        };
        let p = parse_game(&raw, kind);
        let notations: Vec<String> = match &p.body {
            annals_import::Body::Sanguo(g) => g.moves.iter().map(|m| m.notation.clone()).collect(),
            annals_import::Body::Wec(g) => g.turns.iter().map(|t| t.notation.clone()).collect(),
            _ => Vec::new(),
        };
        let n = rng.below(notations.len().min(12) + 1);
        out.push((kind, notations.into_iter().take(n).collect()));
    }
    out
}

/// p99 of `GET /games/{id}` through the router, over [`SAMPLES`] random ids of `1..=games`.
fn page_p99(state: &crate::AppState, seed: u64, games: usize) -> Result<f64> {
    if games == 0 {
        return Ok(0.0);
    }
    let mut rng = generate::Rng::new(seed ^ 0x9A6E);
    let urls: Vec<String> = (0..SAMPLES)
        .map(|_| format!("/games/{}", 1 + rng.below(games)))
        .collect();
    router_p99(state, &urls)
}

/// p99 of the statistics pages (`GET /stats/{kind}`, each kind's every figure) through the router,
/// [`STATS_SAMPLES`] requests: no filter, an event of the generator, a year range, both.
fn stats_p99(state: &crate::AppState, seed: u64) -> Result<f64> {
    let mut rng = generate::Rng::new(seed ^ 0x57A7);
    let events = ["Open", "Cup", "league", "杯", "Club"];
    let urls: Vec<String> = (0..STATS_SAMPLES)
        .map(|i| {
            let kind = ["hotw", "sanguo", "wec"][i % 3];
            let from = 1988 + rng.below(30);
            let to = from + rng.below(10);
            let event = events[rng.below(events.len())];
            match (i / 3) % 4 {
                0 => format!("/stats/{kind}"),
                1 => format!("/stats/{kind}?event={event}"),
                2 => format!("/stats/{kind}?from={from}&to={to}"),
                _ => format!("/stats/{kind}?event={event}&from={from}&to={to}"),
            }
        })
        .collect();
    router_p99(state, &urls)
}

/// p99 of `GET url` through the router for each of `urls` in turn, body read to the end.
fn router_p99(state: &crate::AppState, urls: &[String]) -> Result<f64> {
    use tower::ServiceExt as _;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let app = crate::web::app(state.clone());
    rt.block_on(async move {
        let mut times = Vec::with_capacity(urls.len());
        for url in urls {
            let req = axum::http::Request::get(url.as_str())
                .body(axum::body::Body::empty())
                .map_err(|e| Error::Internal(e.to_string()))?;
            let t = Instant::now();
            let resp = app
                .clone()
                .oneshot(req)
                .await
                .map_err(|e| Error::Internal(e.to_string()))?;
            let status = resp.status();
            let _ = axum::body::to_bytes(resp.into_body(), 64 << 20)
                .await
                .map_err(|e| Error::Internal(e.to_string()))?;
            times.push(t.elapsed().as_secs_f64() * 1e3);
            if !status.is_success() {
                return Err(Error::Internal(format!("GET {url}: {status}")));
            }
        }
        Ok(percentile(&mut times, 99.0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_games_parse_without_errors() {
        let mut per_kind = [0usize; 3];
        let mut moves = [0usize; 3];
        let mut bytes = 0usize;
        for i in 0..30u64 {
            let text = generate::game(42, i);
            bytes += text.len();
            let kind = generate::kind_of(i);
            let raws = record::split_games(&text);
            assert_eq!(raws.len(), 1, "game {i}");
            for raw in raws {
                let p = parse_game(&raw, kind);
                let of = |severity| -> Vec<_> {
                    p.diagnostics
                        .iter()
                        .filter(|d| d.severity == severity)
                        .collect()
                };
                let errors = of(annals_import::Severity::Error);
                assert!(errors.is_empty(), "game {i} ({kind}): {errors:?}\n{text}");
                // 三国 games are played by legal moves only (`sanguo::playout`): no warning.
                if kind == Kind::Sanguo {
                    let warnings = of(annals_import::Severity::Warning);
                    assert!(warnings.is_empty(), "game {i}: {warnings:?}\n{text}");
                }
                assert!(p.body.move_count() > 0, "game {i}");
                if let Some(c) = per_kind.get_mut(kind_slot(kind)) {
                    *c += 1;
                }
                if let Some(m) = moves.get_mut(kind_slot(kind)) {
                    *m += p.body.move_count();
                }
            }
        }
        assert_eq!(per_kind, [10, 10, 10]);
        // The generator is deterministic: these change only when it does.
        assert_eq!(moves, [514, 735, 435]);
        assert_eq!(bytes, 54_847);
    }

    #[test]
    fn bench_run_reports_every_field() {
        let dir = tempfile::tempdir().unwrap();
        let r = measure(50, 3, dir.path(), false).unwrap();
        let v = serde_json::to_value(&r).unwrap();
        let obj = v.as_object().unwrap();
        for f in [
            "games",
            "bytes",
            "parse_mb_s",
            "worst_shape_mb_s",
            "import_games_s",
            "import_rows_s",
            "sqlite_ceiling_rows_s",
            "import_vs_ceiling",
            "index_docs_s",
            "search_p50_ms",
            "search_p99_ms",
            "explorer_p99_ms",
            "explorer_scoped_p99_ms",
            "explorer_scope_games",
            "page_p99_ms",
            "stats_p99_ms",
            "peak_rss_mb",
        ] {
            let x = obj.get(f).and_then(|x| x.as_f64());
            assert!(x.is_some_and(|x| x > 0.0), "{f}: {x:?}");
        }
        assert_eq!(r.games, 50);
        assert_eq!(r.imported, 50);
        assert_eq!(r.parse_errors, 0);
    }
}
