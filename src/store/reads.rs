//! The read queries of pages and API: game lists, one game with its seats and diagnostics, counts,
//! and the runs of the importer.

use annals_import::{Body, Kind};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::{Error, Result};

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
    /// A seat that played or won, as `store::sides` reads it (`white`, `A`, `吴`, `England`).
    pub side: Option<String>,
    pub winner: Option<String>,
    /// Years, both ends included (`year=2017` is 2017..2017).
    pub years: (Option<i64>, Option<i64>),
    pub sort: GameSort,
    pub limit: i64,
    pub offset: i64,
}

/// The order of the game list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum GameSort {
    /// The latest imported first.
    #[default]
    Newest,
    /// The latest played first (games without a date last).
    Date,
    /// The earliest played first.
    Oldest,
    /// By event, then date.
    Event,
}

impl GameSort {
    /// The sort named by a `sort=` value.
    pub fn from_name(s: &str) -> Option<GameSort> {
        match s {
            "" | "new" | "newest" => Some(GameSort::Newest),
            "date" => Some(GameSort::Date),
            "oldest" => Some(GameSort::Oldest),
            "event" => Some(GameSort::Event),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameSort::Newest => "newest",
            GameSort::Date => "date",
            GameSort::Oldest => "oldest",
            GameSort::Event => "event",
        }
    }

    fn order_by(self) -> &'static str {
        match self {
            GameSort::Newest => "g.id DESC",
            GameSort::Date => "g.date IS NULL, g.date DESC, g.id DESC",
            GameSort::Oldest => "g.date IS NULL, g.date ASC, g.id ASC",
            GameSort::Event => "g.event IS NULL, g.event, g.date, g.id",
        }
    }
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
        // Any written form of the player's name, in either script (the name keys of every alias,
        // so a merged player is found under each of its names), as the search's `player:` reads.
        wh.push(
            "g.id IN (SELECT s.game_id FROM seats s WHERE s.player_id IN
                (SELECT player_id FROM player_aliases WHERE key LIKE ? ESCAPE '\\'))",
        );
        args.push(V::Text(like_pattern(&crate::store::keys::player_key(p))));
    }
    for (value, sql) in [
        // A side someone is named for, as the search's `side:` field holds them.
        (
            &f.side,
            "g.id IN (SELECT s.game_id FROM seats s JOIN players p ON p.id = s.player_id WHERE s.seat = ?)",
        ),
        (&f.winner, "' ' || g.winners || ' ' LIKE '% ' || ? || ' %'"),
    ] {
        if let Some(v) = value.as_deref().filter(|s| !s.is_empty()) {
            let (seat, kind) = crate::store::sides::seat_of(v);
            wh.push(sql);
            args.push(V::Text(seat));
            if let Some(k) = kind {
                wh.push("g.kind = ?");
                args.push(V::Text(k.as_str().into()));
            }
        }
    }
    if let Some(e) = f.empire.as_deref().filter(|s| !s.is_empty()) {
        // Empire names are single words (`Sumer`, `Huns`): a word of the game's list, any case.
        wh.push("g.id IN (SELECT game_id FROM hotw_packed WHERE ' ' || empires || ' ' LIKE ? ESCAPE '\\')");
        args.push(V::Text(format!("% {} %", like_escaped(e.trim()))));
    }
    if let Some(y) = f.years.0 {
        wh.push("g.year >= ?");
        args.push(V::Integer(y));
    }
    if let Some(y) = f.years.1 {
        wh.push("g.year <= ?");
        args.push(V::Integer(y));
    }
    // Games imported into a private collection are not listed (`private_games`).
    if crate::private_games::any(conn)? {
        wh.push("g.id NOT IN (SELECT game_id FROM private_games)");
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
        "SELECT g.id, g.kind, g.title, g.date, g.event, g.result FROM games g{where_sql} ORDER BY {} LIMIT ? OFFSET ?",
        f.sort.order_by()
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
    let body = crate::store::body::body_of(
        kind,
        &raw,
        source_line,
        diagnostics
            .iter()
            .any(|d| d.code == crate::store::body::RESULTS_ONLY),
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

pub fn game_count(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("SELECT count(*) FROM games", [], |r| r.get(0))?)
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
