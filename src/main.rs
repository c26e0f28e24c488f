//! The `annals` command line: import, show, search, serve, reindex, check.

use std::io::{IsTerminal, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use annals::store::{connection, games, index::Index, ingest, reads};
use annals::{AppState, Paths};
use anyhow::Context;
use clap::{Parser, Subcommand};

/// `println!` that ignores a closed stdout (`annals search … | head`) instead of panicking.
macro_rules! out {
    ($($t:tt)*) => {{
        let _ = writeln!(std::io::stdout().lock(), $($t)*);
    }};
}

/// `eprintln!` that ignores a closed stderr.
macro_rules! err {
    ($($t:tt)*) => {{
        let _ = writeln!(std::io::stderr().lock(), $($t)*);
    }};
}

#[derive(Parser)]
#[command(
    name = "annals",
    version,
    about = "A record archive and search service for historical board-game records"
)]
struct Cli {
    /// The SQLite database (the source of truth).
    #[arg(long, global = true, default_value = "data/annals.db")]
    db: PathBuf,
    /// The search index folder (default: beside the database, `<db>.index`).
    #[arg(long, global = true)]
    index: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Import record files or folders (recursively).
    Import {
        /// The kind of games whose Game tag and file extension do not say (hotw, sanguo, wec, deluge).
        #[arg(long)]
        kind: Option<String>,
        /// Print the summary as one JSON object.
        #[arg(long)]
        json: bool,
        /// Exit 1 when any game has an error diagnostic.
        #[arg(long)]
        strict: bool,
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Print a game as JSON (the document of GET /api/games/{id}).
    Show { id: String },
    /// Search the archive (the answer of GET /api/search).
    Search {
        #[arg(long)]
        json: bool,
        #[arg(long, default_value_t = 20)]
        limit: usize,
        /// Restrict to one kind.
        #[arg(long)]
        kind: Option<String>,
        #[arg(required = true, num_args = 1..)]
        query: Vec<String>,
    },
    /// Serve pages and the API. On an empty database, imports the corpus first.
    Serve {
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: SocketAddr,
        /// The records imported into an empty database.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
        /// Seconds a client has to send a request's headers (and an idle connection stays open).
        #[arg(long, default_value_t = 10)]
        header_timeout: u64,
        /// The address of a reverse proxy in front of the server: its connections are taken as
        /// the client named last in their X-Forwarded-For header (for the login limits).
        #[arg(long)]
        proxy: Option<std::net::IpAddr>,
    },
    /// Rebuild the search index from the database.
    Reindex,
    /// Clubs: `annals club add NAME` creates one and prints its first admin token on the last line.
    Club {
        #[command(subcommand)]
        command: ClubCommand,
    },
    /// Curators: `annals curator add NAME` makes one (the only members who edit events and
    /// players) and prints their API token on the last line.
    Curator {
        #[command(subcommand)]
        command: CuratorCommand,
    },
    /// Delete a game from the database and the index (statistics and the explorer follow).
    Delete { id: String },
    /// Generate a corpus, import it, query it, and print the figures.
    Bench(annals::bench::BenchArgs),
    /// Verify the database, and that the index and the statistics totals agree with it; exit 1
    /// with a report when not.
    Check,
    /// Store FILE's text as game ID's next version (the game keeps its id; its moves, statistics,
    /// explorer rows and search document follow the new text).
    Edit {
        id: String,
        file: PathBuf,
        /// What was corrected, kept with the version.
        #[arg(long, default_value = "")]
        note: String,
        /// The kind to read the text as when its tags do not say (default: the game's).
        #[arg(long)]
        kind: Option<String>,
    },
    /// List the versions of game ID's text, oldest first.
    History {
        id: String,
        /// Print them as JSON (the answer of GET /api/games/{id}/versions).
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum CuratorCommand {
    /// Make a curator; their API token is printed on the last line.
    Add { name: String },
}

#[derive(Subcommand)]
enum ClubCommand {
    /// Create a club; its first admin token is printed on the last line.
    Add { name: String },
}

/// mimalloc instead of the system allocator: the importer allocates parsed games on its parse
/// threads and frees them on the index thread, a pattern under which glibc keeps freed memory in
/// per-thread arenas (peak RSS of a 10k import: see BENCHMARKS.md).
#[global_allocator]
static GLOBAL: annals::alloc::MiMalloc = annals::alloc::MiMalloc;

fn main() -> ExitCode {
    annals::alloc::tune(annals::alloc::Phase::Import);
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "annals=info,tower_http=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            err!("annals: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn parse_kind(k: Option<&str>) -> anyhow::Result<Option<annals_import::Kind>> {
    k.map(|k| k.parse::<annals_import::Kind>().map_err(anyhow::Error::msg))
        .transpose()
}

fn run(cli: Cli) -> anyhow::Result<u8> {
    let paths = Paths::new(&cli.db, cli.index.as_deref());
    match cli.command {
        Command::Import {
            kind,
            json,
            strict,
            paths: inputs,
        } => import(&paths, kind, json, strict, &inputs),
        Command::Show { id } => show(&paths, &id),
        Command::Search {
            json,
            limit,
            kind,
            query,
        } => search(&paths, json, limit, kind, &query),
        Command::Serve {
            addr,
            corpus,
            header_timeout,
            proxy,
        } => serve(
            &paths,
            addr,
            &corpus,
            std::time::Duration::from_secs(header_timeout.max(1)),
            proxy,
        ),
        Command::Bench(args) => Ok(annals::bench::run(&args)?),
        Command::Club {
            command: ClubCommand::Add { name },
        } => club_add(&paths, &name),
        Command::Curator {
            command: CuratorCommand::Add { name },
        } => curator_add(&paths, &name),
        Command::Delete { id } => delete(&paths, &id),
        Command::Reindex => reindex(&paths),
        Command::Check => check(&paths),
        Command::Edit {
            id,
            file,
            note,
            kind,
        } => edit(&paths, &id, &file, &note, kind.as_deref()),
        Command::History { id, json } => history(&paths, &id, json),
    }
}

/// `annals import`: the files and folders of `inputs` into the archive.
fn import(
    paths: &Paths,
    kind: Option<String>,
    json: bool,
    strict: bool,
    inputs: &[PathBuf],
) -> anyhow::Result<u8> {
    let kind = match parse_kind(kind.as_deref()) {
        Ok(k) => k,
        Err(e) => {
            err!("annals: {e}");
            return Ok(2);
        }
    };
    for p in inputs {
        if !p.exists() {
            err!("annals: {}: no such file or folder", p.display());
            return Ok(2);
        }
    }
    let mut conn = connection::open(&paths.db).context("opening the database")?;
    let index = Index::open(&paths.index).context("opening the search index")?;
    if index.writable() {
        index.sync(&conn).context("bringing the index up to date")?;
    } else {
        err!(
            "annals: the search index is held by a running server; it will index these games itself"
        );
    }
    let opts = ingest::Options {
        kind,
        progress: !json,
        details: json,
        // The text report prints the first thousand; `--json` gives every one.
        max_diagnostics: (!json).then_some(1_000),
        cancel: None,
    };
    let summary = ingest::import_paths(&mut conn, Some(&index), inputs, &opts)?;
    if json {
        out!("{}", serde_json::to_string(&summary)?);
    } else {
        print_summary(&summary);
    }
    let failed = summary.rejected > 0 || (strict && summary.with_errors > 0);
    Ok(u8::from(failed))
}

/// `annals show`: one game as the API gives it.
fn show(paths: &Paths, id: &str) -> anyhow::Result<u8> {
    let Ok(id) = id.parse::<i64>() else {
        err!("annals: a game id is a whole number, not {id:?}");
        return Ok(2);
    };
    let conn = connection::open(&paths.db)?;
    match reads::get_game(&conn, id)? {
        Some(g) => {
            out!(
                "{}",
                serde_json::to_string_pretty(&annals::web::api::game_json(&g))?
            );
            Ok(0)
        }
        None => {
            err!("annals: no game {id}");
            Ok(1)
        }
    }
}

/// `annals search`: a query of the search language.
fn search(
    paths: &Paths,
    json: bool,
    limit: usize,
    kind: Option<String>,
    query: &[String],
) -> anyhow::Result<u8> {
    let kind = match parse_kind(kind.as_deref()) {
        Ok(k) => k,
        Err(e) => {
            err!("annals: {e}");
            return Ok(2);
        }
    };
    let conn = connection::open(&paths.db)?;
    let index = Index::open(&paths.index)?;
    if index.writable() {
        index.sync(&conn)?;
    }
    let q = query.join(" ");
    let aliases = |f, v: &str| annals::people::search_aliases(&conn, f, v).unwrap_or_default();
    match index.search_with(
        &q,
        kind,
        limit.min(annals::web::request::MAX_PAGE_SIZE),
        0,
        &aliases,
    ) {
        Ok(r) => {
            if json {
                out!(
                    "{}",
                    serde_json::json!({"total": r.total, "hits": r.hits, "facets": r.facets})
                );
            } else {
                out!("{} games", r.total);
                for h in &r.hits {
                    out!(
                        "{:>7}  {:<7} {}",
                        h.id,
                        h.kind,
                        h.title.as_deref().unwrap_or("")
                    );
                }
            }
            Ok(0)
        }
        Err(annals::Error::BadRequest(m)) => {
            err!("annals: the query cannot be read: {m}");
            Ok(2)
        }
        Err(e) => Err(e.into()),
    }
}

/// `annals club add`: a club with its first member, an admin.
fn club_add(paths: &Paths, name: &str) -> anyhow::Result<u8> {
    let conn = connection::open(&paths.db)?;
    match annals::auth::create_club(&conn, name) {
        Ok((id, token)) => {
            out!("created club {id} {name:?} with member \"admin\" (role admin)");
            out!(
                "sign in at /login with this token (and set a password there), or use it as an API token:"
            );
            out!("{token}");
            Ok(0)
        }
        Err(annals::Error::BadRequest(m)) => {
            err!("annals: {m}");
            Ok(1)
        }
        Err(e) => Err(e.into()),
    }
}

/// `annals curator add`: a curator and their first API token.
fn curator_add(paths: &Paths, name: &str) -> anyhow::Result<u8> {
    let conn = connection::open(&paths.db)?;
    match annals::curators::add_curator(&conn, name) {
        Ok((id, token)) => {
            out!("created curator {name:?} (member {id})");
            out!("{token}");
            Ok(0)
        }
        Err(annals::Error::BadRequest(m)) => {
            err!("annals: {m}");
            Ok(1)
        }
        Err(e) => Err(e.into()),
    }
}

/// `annals delete`: one game, from the database and then the index.
fn delete(paths: &Paths, id: &str) -> anyhow::Result<u8> {
    let Ok(id) = id.parse::<i64>() else {
        err!("annals: a game id is a whole number, not {id:?}");
        return Ok(2);
    };
    let mut conn = connection::open(&paths.db)?;
    let tx = conn.transaction()?;
    let found = games::delete_game(&tx, id)?;
    tx.commit()?;
    if !found {
        err!("annals: no game {id}");
        return Ok(1);
    }
    let index = Index::open(&paths.index)?;
    if index.writable() {
        index.sync(&conn)?;
    }
    out!("deleted game {id}");
    Ok(0)
}

/// `annals reindex`: the search index rebuilt from the database.
fn reindex(paths: &Paths) -> anyhow::Result<u8> {
    let conn = connection::open(&paths.db)?;
    let index = Index::open(&paths.index)?;
    let n = index.rebuild(&conn)?;
    out!("indexed {n} games");
    Ok(0)
}

/// `annals check`: the database's integrity, the index and the statistics held to the database.
fn check(paths: &Paths) -> anyhow::Result<u8> {
    let conn = connection::open(&paths.db)?;
    let mut problems = Vec::new();
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
    if integrity != "ok" {
        problems.push(format!("database integrity: {integrity}"));
    }
    let fk: i64 = conn.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
        r.get(0)
    })?;
    if fk > 0 {
        problems.push(format!("{fk} rows break foreign keys"));
    }
    let index = Index::open(&paths.index)?;
    // Recovery of an interrupted import, the one lag that is expected: an import killed
    // between a batch's database commit and its index commit leaves that batch out of the
    // index (its `imports` row has no `finished_at`). When that is all the disagreement
    // there is (games missing from the index, none extra), the index is brought level
    // from the database, the source of truth, as every other command does on opening, and
    // the repair is reported. Any other disagreement is a problem, reported below.
    let interrupted: i64 = conn.query_row(
        "SELECT count(*) FROM imports WHERE finished_at IS NULL",
        [],
        |r| r.get(0),
    )?;
    let (missing, extra) = index.diff(&conn)?;
    if interrupted > 0 && !missing.is_empty() && extra.is_empty() {
        let (added, _) = index.sync(&conn)?;
        out!(
            "recovered: {interrupted} interrupted import(s); indexed the {added} games they had stored"
        );
    }
    let (missing, extra) = index.diff(&conn)?;
    for id in &missing {
        problems.push(format!("game {id} is in the database but not in the index"));
    }
    for id in &extra {
        problems.push(format!("game {id} is in the index but not in the database"));
    }
    problems.extend(annals::stats::check_totals(&conn)?);
    problems.extend(annals::store::positions::check(&conn)?);
    let games = reads::game_count(&conn)?;
    if problems.is_empty() {
        out!("ok: {games} games, index and statistics agree");
        Ok(0)
    } else {
        for p in problems.iter().take(200) {
            out!("{p}");
        }
        if problems.len() > 200 {
            out!("… and {} more", problems.len() - 200);
        }
        out!(
            "check failed: {} problems (run `annals reindex` to rebuild the index)",
            problems.len()
        );
        Ok(1)
    }
}

fn print_summary(s: &ingest::Summary) {
    for d in &s.diagnostics {
        if d.severity != annals_import::Severity::Info {
            err!(
                "{}:{}:{}: {} [{}] {}",
                d.file,
                d.line,
                d.col,
                d.severity.as_str(),
                d.code,
                d.message
            );
        }
    }
    if s.diagnostics_omitted > 0 {
        err!(
            "… and {} more diagnostics, stored with their games (`annals show ID`, or `--json` for all)",
            s.diagnostics_omitted
        );
    }
    out!(
        "imported {} games, {} duplicates, {} rejected{}",
        s.imported,
        s.duplicates,
        s.rejected,
        if s.with_errors > 0 {
            format!(" ({} stored with errors)", s.with_errors)
        } else {
            String::new()
        }
    );
}

fn serve(
    paths: &Paths,
    addr: SocketAddr,
    corpus: &Path,
    header_timeout: std::time::Duration,
    proxy: Option<std::net::IpAddr>,
) -> anyhow::Result<u8> {
    {
        let mut conn = connection::open(&paths.db).context("opening the database")?;
        if reads::game_count(&conn)? == 0 {
            let corpus = if corpus.exists() {
                corpus.to_path_buf()
            } else {
                Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
            };
            if corpus.exists() {
                let index = Index::open(&paths.index)?;
                let opts = ingest::Options {
                    kind: None,
                    progress: std::io::stderr().is_terminal(),
                    details: false,
                    max_diagnostics: Some(0),
                    cancel: None,
                };
                let s = ingest::import_paths(
                    &mut conn,
                    Some(&index),
                    std::slice::from_ref(&corpus),
                    &opts,
                )?;
                tracing::info!(
                    imported = s.imported,
                    rejected = s.rejected,
                    "imported {} into an empty database",
                    corpus.display()
                );
            }
        }
    }
    // From here the process answers requests: freed memory is kept a moment for the next one.
    annals::alloc::tune(annals::alloc::Phase::Serve);
    let mut state = AppState::open(paths).context("opening the archive")?;
    state.proxy = proxy;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("binding {addr}"))?;
        let local = listener.local_addr()?;
        state.follow_index(std::time::Duration::from_secs(5));
        out!("annals serving on http://{local}/");
        serve_connections(listener, annals::web::app(state), header_timeout).await;
        anyhow::Ok(())
    })?;
    // Work still running past the grace period (a parse in a blocking thread) is not waited for:
    // its request is gone, and the process exits.
    rt.shutdown_timeout(std::time::Duration::from_millis(500));
    Ok(0)
}

/// The accept loop: HTTP/1.1 connections with a timeout on reading each request's headers (slow
/// clients and idle keep-alive connections are cut off; the 30 s timeout layer of the router
/// bounds the rest of a request), and a graceful shutdown on SIGTERM or Ctrl-C: no new
/// connections, requests in flight finish (for at most `SHUTDOWN_GRACE`), then the server exits.
async fn serve_connections(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    header_timeout: std::time::Duration,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown_signal());
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait a moment rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let (stream, peer) = stream;
        // The client's address, for the login limits (`web::login_guard::Peer`).
        let app = tower::ServiceExt::map_request(
            app.clone(),
            move |mut r: hyper::Request<hyper::body::Incoming>| {
                r.extensions_mut().insert(axum::extract::ConnectInfo(peer));
                r
            },
        );
        let service = hyper_util::service::TowerToHyperService::new(app);
        let conn = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(header_timeout)
            .serve_connection(TokioIo::new(stream), service);
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            if let Err(e) = conn.await {
                tracing::debug!(error = %e, "connection ended");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("requests still running after the grace period; exiting anyway");
    }
}

/// How long requests in flight may run after SIGTERM or Ctrl-C before the server exits anyway
/// (within 10 s of the signal, with the runtime's own half second of shutdown).
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(8);

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down: finishing requests in flight");
}

/// `annals edit`: FILE's text as game ID's next version, in the audit log as the command line's.
fn edit(
    paths: &Paths,
    id: &str,
    file: &Path,
    note: &str,
    kind: Option<&str>,
) -> anyhow::Result<u8> {
    let Ok(id) = id.parse::<i64>() else {
        err!("annals: a game id is a whole number, not {id:?}");
        return Ok(2);
    };
    let kind = match parse_kind(kind) {
        Ok(k) => k,
        Err(e) => {
            err!("annals: {e}");
            return Ok(2);
        }
    };
    let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let mut conn = connection::open(&paths.db)?;
    let index = Index::open(&paths.index)?;
    if !index.writable() {
        err!(
            "annals: note: the search index is held by another process (a running server): game {id}'s search document keeps its old text until `annals reindex` runs with that process stopped"
        );
    }
    let c = annals::store::versions::Correction {
        id,
        bytes: &bytes,
        kind,
        author: annals::store::versions::Author {
            member_id: None,
            by: "cli",
        },
        note,
    };
    let done = annals::store::versions::correct(&mut conn, Some(&index), &c, |tx, done| {
        annals::auth::audit(
            tx,
            None,
            "game.correct",
            &format!("game {id}"),
            &format!("version {}", done.version),
        )
    });
    match done {
        Ok(Some(d)) if d.changed => {
            out!("game {id}: version {}", d.version);
            Ok(0)
        }
        Ok(Some(d)) => {
            out!("game {id}: unchanged (the text is version {})", d.version);
            Ok(0)
        }
        Ok(None) => {
            err!("annals: no game {id}");
            Ok(1)
        }
        Err(annals::Error::BadRequest(m)) => {
            err!("annals: {m}");
            Ok(1)
        }
        Err(e) => Err(e.into()),
    }
}

/// `annals history`: the versions of a game's text.
fn history(paths: &Paths, id: &str, json: bool) -> anyhow::Result<u8> {
    let Ok(id) = id.parse::<i64>() else {
        err!("annals: a game id is a whole number, not {id:?}");
        return Ok(2);
    };
    let conn = connection::open(&paths.db)?;
    let Some(versions) = annals::store::versions::list(&conn, id)? else {
        err!("annals: no game {id}");
        return Ok(1);
    };
    if json {
        out!("{}", serde_json::to_string_pretty(&versions)?);
        return Ok(0);
    }
    for v in &versions {
        let note = if v.note.is_empty() {
            String::new()
        } else {
            format!("  {}", v.note)
        };
        out!("{}\t{}\t{}{note}", v.version, v.at, v.by);
    }
    Ok(0)
}
