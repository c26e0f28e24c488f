//! Tournament tables from CSV: players, seats, rounds, results, ratings, for events whose game
//! records are incomplete. One row per seat of a game. Columns (header names, any order; README):
//!
//! `event` (required), `site`, `date` (`YYYY.MM.DD`), `round`, `board` (the game within the
//! round), `kind` (`hotw`, `sanguo`, `wec`; else guessed from the seats), `seat` (required: `A`..`F`,
//! `吴` `魏` `蜀`, `B`/`W` or `Black`/`White`), `player` (required), `result` (`win`/`1`, `draw`/`½`,
//! `loss`/`0`; HotW: the placing 1–6), `score` (HotW final score), `rating`.
//!
//! Rows of a game that is in the archive (same event, round, and players at the same seats) add
//! what the record lacks; a result that disagrees with the record is a warning on the game and in
//! the import summary. A game not in the archive is stored as a results-only game whose raw text is
//! its CSV rows.

use std::collections::BTreeMap;
use std::path::Path;

use annals_import::{Diagnostic, Kind, Outcome, ParsedGame, Seat};
use rusqlite::{Connection, OptionalExtension, Transaction, params};

use super::report::{FileDiagnostic, GameReport, Summary};
use crate::error::Result;
use crate::store::body::{RESULTS_ONLY, empty_body};
use crate::store::games;
use crate::store::games::{NewGame, Stored};
use crate::store::index::Index;

#[derive(Debug, Clone, PartialEq)]
struct Row {
    line: u32,
    text: String,
    event: String,
    site: String,
    date: String,
    round: String,
    board: String,
    kind: String,
    seat: String,
    player: String,
    result: String,
    score: String,
    rating: String,
}

/// A seat's result as the CSV gives it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Res {
    Win,
    Draw,
    Loss,
    Place(i64),
}

fn parse_result(s: &str, hotw: bool) -> Option<Res> {
    let t = s.trim().to_lowercase();
    if t.is_empty() {
        return None;
    }
    if hotw {
        return t
            .trim_end_matches(['.', 's', 't', 'n', 'd', 'r', 'h'])
            .parse::<i64>()
            .ok()
            .filter(|p| (1..=6).contains(p))
            .map(Res::Place);
    }
    match t.as_str() {
        "1" | "win" | "w" | "won" | "胜" | "勝" | "胜利" | "1-0" => Some(Res::Win),
        "0" | "loss" | "l" | "lost" | "负" | "負" | "灭国" | "认负" | "0-1" => {
            Some(Res::Loss)
        }
        "½" | "0.5" | ".5" | "draw" | "d" | "=" | "和" | "½-½" => Some(Res::Draw),
        _ => None,
    }
}

fn seat_name(s: &str) -> String {
    let t = annals_import::text::simplify(s.trim());
    match t.to_ascii_lowercase().as_str() {
        "black" | "b" => "B".into(),
        "white" | "w" => "W".into(),
        _ => t.to_uppercase(),
    }
}

fn kind_of(rows: &[&Row]) -> Option<Kind> {
    if let Some(k) = rows.iter().find_map(|r| Kind::from_name(&r.kind)) {
        return Some(k);
    }
    let seats: Vec<String> = rows.iter().map(|r| seat_name(&r.seat)).collect();
    if seats
        .iter()
        .all(|s| ["吴", "魏", "蜀"].contains(&s.as_str()))
    {
        Some(Kind::Sanguo)
    } else if seats.iter().all(|s| s == "B" || s == "W") {
        Some(Kind::Wec)
    } else if seats
        .iter()
        .all(|s| s.len() == 1 && ("A"..="F").contains(&s.as_str()))
    {
        Some(Kind::Hotw)
    } else {
        None
    }
}

fn diag(
    file: &str,
    line: u32,
    sev: annals_import::Severity,
    code: &str,
    message: String,
) -> FileDiagnostic {
    FileDiagnostic {
        file: file.to_string(),
        line,
        col: 1,
        severity: sev,
        code: code.to_string(),
        message,
    }
}

/// Imports one tournament CSV file into the archive.
pub fn import_csv(
    conn: &mut Connection,
    index: Option<&Index>,
    path: &Path,
    summary: &mut Summary,
) -> Result<()> {
    // (written game by game: never beside another process's bulk import)
    let _shared = crate::store::tally::share_lock(conn)?;
    let file = path.display().to_string();
    let Some((header_line, rows)) = read_table(path, &file, summary) else {
        return Ok(());
    };
    let mut groups: BTreeMap<(String, String, String, String), Vec<&Row>> = BTreeMap::new();
    for r in &rows {
        groups
            .entry((
                r.event.clone(),
                r.date.clone(),
                r.round.clone(),
                r.board.clone(),
            ))
            .or_default()
            .push(r);
    }
    for ((event, date, round, board), group) in groups {
        let first = group[0].line;
        let Some(kind) = kind_of(&group) else {
            summary.rejected += 1;
            summary.diagnostics.push(diag(
                &file,
                first,
                annals_import::Severity::Error,
                "tournament.kind",
                "cannot tell the game: give a kind column".into(),
            ));
            continue;
        };
        let g = Game {
            file: &file,
            path,
            header_line: &header_line,
            event: &event,
            date: &date,
            round: &round,
            board: &board,
            kind,
            first,
            rows: &group,
        };
        import_game(conn, index, &g, summary)?;
    }
    Ok(())
}

/// One game of a table: the rows of its seats, and where they come from.
struct Game<'a> {
    file: &'a str,
    path: &'a Path,
    header_line: &'a str,
    event: &'a str,
    date: &'a str,
    round: &'a str,
    board: &'a str,
    kind: Kind,
    /// The line of its first row.
    first: u32,
    rows: &'a [&'a Row],
}

/// A seat of a game of the table: its name, its player and its row.
type Want<'a> = (String, i64, &'a Row);

/// The file's header line and rows, or `None` (the file rejected in `summary`) when it cannot be
/// read or its header lacks a required column.
fn read_table(path: &Path, file: &str, summary: &mut Summary) -> Option<(String, Vec<Row>)> {
    let text = match std::fs::read(path)
        .map_err(|e| e.to_string())
        .and_then(|b| {
            annals_import::record::decode(&b)
                .map(|d| d.text.into_owned())
                .map_err(|d| d.message)
        }) {
        Ok(t) => t,
        Err(e) => {
            summary.rejected += 1;
            summary.diagnostics.push(diag(
                file,
                1,
                annals_import::Severity::Error,
                "tournament.unreadable",
                e,
            ));
            return None;
        }
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut rdr = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = match rdr.headers() {
        Ok(h) => h.iter().map(|s| s.trim().to_ascii_lowercase()).collect(),
        Err(e) => {
            summary.rejected += 1;
            summary.diagnostics.push(diag(
                file,
                1,
                annals_import::Severity::Error,
                "tournament.header",
                format!("cannot read the header: {e}"),
            ));
            return None;
        }
    };
    let col = |name: &str| headers.iter().position(|h| h == name);
    for required in ["event", "seat", "player"] {
        if col(required).is_none() {
            summary.rejected += 1;
            summary.diagnostics.push(diag(
                file,
                1,
                annals_import::Severity::Error,
                "tournament.header",
                format!("the header has no '{required}' column (see the README for the columns)"),
            ));
            return None;
        }
    }
    let mut rows = Vec::new();
    for rec in rdr.records() {
        let rec = match rec {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map(|p| p.line() as u32).unwrap_or(0);
                summary.diagnostics.push(diag(
                    file,
                    line,
                    annals_import::Severity::Error,
                    "tournament.row",
                    format!("unreadable row: {e}"),
                ));
                continue;
            }
        };
        let line = rec.position().map(|p| p.line() as u32).unwrap_or(0);
        let get = |n: &str| col(n).and_then(|i| rec.get(i)).unwrap_or("").to_string();
        let row = Row {
            line,
            text: lines
                .get(line.saturating_sub(1) as usize)
                .copied()
                .unwrap_or("")
                .to_string(),
            event: get("event"),
            site: get("site"),
            date: get("date"),
            round: get("round"),
            board: get("board"),
            kind: get("kind"),
            seat: get("seat"),
            player: get("player"),
            result: get("result"),
            score: get("score"),
            rating: get("rating"),
        };
        if row.event.is_empty() || row.seat.is_empty() || row.player.is_empty() {
            summary.diagnostics.push(diag(
                file,
                line,
                annals_import::Severity::Error,
                "tournament.row",
                "a row needs event, seat and player".into(),
            ));
            continue;
        }
        rows.push(row);
    }
    let header_line = lines.first().copied().unwrap_or("").to_string();
    Some((header_line, rows))
}

/// Stores one game of the table (or finds it stored) and reconciles its seats with the table's
/// rows, in one transaction.
fn import_game(
    conn: &mut Connection,
    index: Option<&Index>,
    g: &Game,
    summary: &mut Summary,
) -> Result<()> {
    let tx = conn.transaction()?;
    let mut tally = crate::store::tally::Tally::default();
    let year = crate::store::keys::year_of(g.date);
    let key = crate::store::keys::event_key(g.event, year);
    let event_id: Option<i64> = tx
        .query_row(
            "SELECT event_id FROM event_aliases WHERE key = ?1",
            params![key],
            |r| r.get(0),
        )
        .optional()?;
    let mut want: Vec<Want> = Vec::new();
    for r in g.rows {
        want.push((
            seat_name(&r.seat),
            crate::store::keys::player_for(&tx, &r.player)?,
            r,
        ));
    }
    let matched = match event_id {
        Some(eid) => stored_match(&tx, eid, g, &want)?,
        None => None,
    };
    let game_id = match matched {
        Some(id) => {
            summary.duplicates += 1;
            summary.games.push(GameReport {
                annotation: Default::default(),
                id: Some(id),
                file: g.file.to_string(),
                line: g.first,
                kind: Some(g.kind.as_str().into()),
                status: "duplicate",
                errors: 0,
                warnings: 0,
            });
            id
        }
        None => store_results_only(&tx, g, &want, &mut tally, summary)?,
    };
    // Results, scores and ratings: fill what the record lacks, warn where it disagrees. The
    // game's statistics are counted again with its seats as they end up.
    tally.add_stored(&tx, game_id, -1)?;
    for w in &want {
        reconcile_seat(&tx, g, game_id, w, summary)?;
    }
    tally.add_stored(&tx, game_id, 1)?;
    tally.flush(&tx)?;
    tx.commit()?;
    if let (Some(ix), true) = (index, matched.is_none()) {
        ix.sync(conn)?;
    }
    Ok(())
}

/// A stored game of the event `eid` and the game's round with the same players at the same seats.
fn stored_match(tx: &Transaction, eid: i64, g: &Game, want: &[Want]) -> Result<Option<i64>> {
    let cands: Vec<i64> = tx
        .prepare(
            "SELECT id FROM games WHERE event_id = ?1 AND coalesce(round, '') = ?2 AND kind = ?3",
        )?
        .query_map(params![eid, g.round, g.kind.as_str()], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    for id in cands {
        let seats: Vec<(String, Option<i64>)> = tx
            .prepare("SELECT seat, player_id FROM seats WHERE game_id = ?1")?
            .query_map(params![id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<std::result::Result<_, _>>()?;
        if want
            .iter()
            .all(|(seat, pid, _)| seats.iter().any(|(s, p)| s == seat && *p == Some(*pid)))
        {
            return Ok(Some(id));
        }
    }
    Ok(None)
}

/// Stores a game of the table that the archive lacks, as a results-only game whose raw text is
/// the table's header and its rows.
fn store_results_only(
    tx: &Transaction,
    g: &Game,
    want: &[Want],
    tally: &mut crate::store::tally::Tally,
    summary: &mut Summary,
) -> Result<i64> {
    let mut raw = String::from(g.header_line);
    for r in g.rows {
        raw.push('\n');
        raw.push_str(&r.text);
    }
    let mut tags = vec![("Event".to_string(), g.event.to_string())];
    for (k, v) in [
        ("Site", g.rows[0].site.as_str()),
        ("Date", g.date),
        ("Round", g.round),
        ("Board", g.board),
    ] {
        if !v.is_empty() {
            tags.push((k.to_string(), v.to_string()));
        }
    }
    tags.push(("Game".into(), g.kind.as_str().into()));
    tags.push((
        "Source".into(),
        format!(
            "tournament table {}",
            g.path.file_name().and_then(|n| n.to_str()).unwrap_or("")
        ),
    ));
    let players: Vec<Seat> = want
        .iter()
        .map(|(seat, _, r)| Seat {
            seat: seat.clone(),
            name: Some(r.player.clone()),
            color: None,
        })
        .collect();
    let results: Vec<(String, Option<Res>)> = want
        .iter()
        .map(|(s, _, r)| (s.clone(), parse_result(&r.result, g.kind == Kind::Hotw)))
        .collect();
    let winners: Vec<String> = results
        .iter()
        .filter(|(_, r)| matches!(r, Some(Res::Win) | Some(Res::Place(1))))
        .map(|(s, _)| s.clone())
        .collect();
    let draw: Vec<String> = results
        .iter()
        .filter(|(_, r)| *r == Some(Res::Draw))
        .map(|(s, _)| s.clone())
        .collect();
    let outcome = (!winners.is_empty() || !draw.is_empty()).then(|| Outcome {
        summary: if !winners.is_empty() {
            format!("{} won", winners.join(" "))
        } else {
            "draw".into()
        },
        winners,
        draw,
    });
    let body = empty_body(g.kind);
    let game = games::Ready::new(ParsedGame {
        kind: g.kind,
        tags: tags.clone(),
        title: Some(
            format!("{} round {} {}", g.event, g.round, g.board)
                .trim()
                .to_string(),
        ),
        players,
        outcome,
        body,
        diagnostics: vec![Diagnostic::info(
            RESULTS_ONLY,
            g.first,
            1,
            "no record of this game's moves: stored from the tournament table",
        )],
    });
    let rawgame = annals_import::RawGame {
        line: g.first,
        body_line: g.first,
        tags,
        body: raw.clone(),
        raw: raw.clone(),
        diagnostics: Vec::new(),
    };
    let hash = super::parse::content_hash(g.kind, &rawgame);
    let stored = games::store_game(
        tx,
        &NewGame {
            game: &game,
            raw: &raw,
            hash: &hash,
            file: g.file,
            line: g.first,
            encoding: "UTF-8",
            imported_at: &now(),
        },
        crate::store::tree::TreeWrites::Update,
        tally,
        &mut Default::default(),
        None,
    )?;
    let (id, status) = match stored {
        Stored::Imported(id) => {
            summary.imported += 1;
            summary.new_ids.push(id);
            (id, "imported")
        }
        Stored::Duplicate(id) => {
            summary.duplicates += 1;
            (id, "duplicate")
        }
    };
    summary.games.push(GameReport {
        annotation: Default::default(),
        id: Some(id),
        file: g.file.to_string(),
        line: g.first,
        kind: Some(g.kind.as_str().into()),
        status,
        errors: 0,
        warnings: 0,
    });
    Ok(id)
}

/// Fills what the stored seat lacks from the table's row, and warns where they disagree; a rating
/// in the row replaces the player's rating at the game's event.
fn reconcile_seat(
    tx: &Transaction,
    g: &Game,
    game_id: i64,
    (seat, pid, r): &Want,
    summary: &mut Summary,
) -> Result<()> {
    let stored: Option<(Option<String>, Option<i64>, Option<i64>)> = tx
        .query_row(
            "SELECT outcome, placing, final_score FROM seats WHERE game_id = ?1 AND seat = ?2",
            params![game_id, seat],
            |x| Ok((x.get(0)?, x.get(1)?, x.get(2)?)),
        )
        .optional()?;
    let csv_res = parse_result(&r.result, g.kind == Kind::Hotw);
    if !r.result.is_empty() && csv_res.is_none() {
        summary.diagnostics.push(diag(
            g.file,
            r.line,
            annals_import::Severity::Warning,
            "tournament.result-unreadable",
            format!(
                "result {:?} is not win/draw/loss (or a placing for HotW)",
                r.result
            ),
        ));
    }
    let score: Option<i64> = r.score.trim().parse().ok();
    let (outcome, placing) = match csv_res {
        Some(Res::Win) => (Some("win"), None),
        Some(Res::Draw) => (Some("draw"), None),
        Some(Res::Loss) => (Some("loss"), None),
        Some(Res::Place(p)) => (None, Some(p)),
        None => (None, None),
    };
    let Some((s_out, s_place, s_score)) = stored else {
        return Ok(());
    };
    let mut disagree = Vec::new();
    if let (Some(a), Some(b)) = (outcome, s_out.as_deref())
        && a != b
    {
        disagree.push(format!("the table says {a}, the record says {b}"));
    }
    if let (Some(a), Some(b)) = (placing, s_place)
        && a != b
    {
        disagree.push(format!("the table says place {a}, the record says {b}"));
    }
    if let (Some(a), Some(b)) = (score, s_score)
        && a != b
    {
        disagree.push(format!("the table says score {a}, the record says {b}"));
    }
    if !disagree.is_empty() {
        let message = format!(
            "{} at seat {seat} ({}): {}",
            r.player,
            g.event,
            disagree.join("; ")
        );
        let seq: i64 = tx.query_row(
            "SELECT coalesce(max(seq), -1) + 1 FROM diagnostics WHERE game_id = ?1",
            params![game_id],
            |x| x.get(0),
        )?;
        tx.execute(
            "INSERT INTO diagnostics(game_id, seq, line, col, severity, code, message) VALUES (?1,?2,0,1,'warning','tournament.result-mismatch',?3)",
            params![game_id, seq, message],
        )?;
        summary.diagnostics.push(diag(
            g.file,
            r.line,
            annals_import::Severity::Warning,
            "tournament.result-mismatch",
            message,
        ));
    }
    tx.execute(
        "UPDATE seats SET outcome = coalesce(outcome, ?1), placing = coalesce(placing, ?2), final_score = coalesce(final_score, ?3)
         WHERE game_id = ?4 AND seat = ?5",
        params![outcome, placing, score, game_id, seat],
    )?;
    if let Ok(rating) = r.rating.trim().parse::<f64>() {
        let eid: Option<i64> = tx.query_row(
            "SELECT event_id FROM games WHERE id = ?1",
            params![game_id],
            |x| x.get(0),
        )?;
        tx.execute(
            "DELETE FROM ratings WHERE player_id = ?1 AND event_id IS ?2",
            params![pid, eid],
        )?;
        tx.execute(
            "INSERT INTO ratings(player_id, event_id, rating) VALUES (?1,?2,?3)",
            params![pid, eid, rating],
        )?;
    }
    Ok(())
}

fn now() -> String {
    crate::timefmt::rfc3339(crate::timefmt::now_secs())
}
