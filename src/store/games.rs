//! Storing and deleting games: a parsed game's row, its tags, seats, diagnostics and packed moves,
//! and, in the same transaction, the rows derived from it (players and events, statistics totals,
//! the explorer tree).

use annals_import::{Body, Kind, ParsedGame};
use rusqlite::{OptionalExtension, Transaction, params};

use crate::error::Result;
use crate::store::keys::year_of;
use crate::store::migrate::GAME_TABLES;
use crate::store::moves::*;
use crate::store::rows::{ROWS_PER_INSERT, RowsInsert};

/// What a game store did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    Imported(i64),
    /// Already in the database under this id.
    Duplicate(i64),
}

/// A parsed game made ready to store ([`Ready::new`]): everything of it but its body, and what
/// the stores make of the body. The importer makes it on its parse threads, which free the body
/// where they made it (see `tally::BodyFacts`).
pub struct Ready {
    pub kind: Kind,
    pub tags: Vec<(String, String)>,
    pub title: Option<String>,
    pub players: Vec<annals_import::Seat>,
    pub outcome: Option<annals_import::Outcome>,
    /// Diagnostics of the record reader and the notation parser, in file order.
    pub diagnostics: Vec<annals_import::Diagnostic>,
    /// The body's moves (`Body::move_count`).
    pub move_count: usize,
    /// Each seat's result ([`seat_results`]).
    pub seats: Vec<SeatResult>,
    /// What the statistics totals count of the body (with 三国's title events).
    pub facts: crate::store::tally::BodyFacts,
    /// The normalized moves, for the explorer tree.
    pub keys: crate::store::tree::MoveKeys,
    /// The positions of its first plies ([`crate::store::positions::reached`]).
    pub positions: Vec<(i64, u32)>,
    /// The packed moves ([`pack_moves`]); the importer frees them once stored.
    pub packed: Option<Packed>,
}

impl Ready {
    /// Makes the rows of `p`'s body, and frees the body.
    pub fn new(p: ParsedGame) -> Ready {
        let seats = seat_results(&p);
        let ParsedGame {
            kind,
            tags,
            title,
            players,
            outcome,
            body,
            diagnostics,
        } = p;
        Ready {
            kind,
            tags,
            title,
            players,
            outcome,
            diagnostics,
            move_count: body.move_count(),
            seats,
            facts: crate::store::tally::BodyFacts::of(&body),
            keys: crate::store::tree::MoveKeys::of(&body),
            positions: crate::store::positions::reached(&body),
            packed: pack_moves(&body),
        }
    }

    /// A tag's value, trimmed; None when absent or blank.
    pub fn tag(&self, name: &str) -> Option<&str> {
        annals_import::model::tag(&self.tags, name)
            .map(str::trim)
            .filter(|v| !v.is_empty())
    }
}

/// Everything about one game that the importer stores.
pub struct NewGame<'a> {
    pub game: &'a Ready,
    pub raw: &'a str,
    pub hash: &'a str,
    pub file: &'a str,
    pub line: u32,
    pub encoding: &'a str,
    pub imported_at: &'a str,
}

/// The content hashes a bulk import has stored, with their games' ids: the import finds duplicates
/// here while the unique index of `content_hash` is dropped ([`drop_secondary_indexes`]). Keyed
/// by a hash's first 8 bytes (12 bytes a game, where the whole hash and id took 80); a key that
/// two different hashes share is told apart by reading the stored game's hash.
#[derive(Default)]
pub struct SeenHashes(rustc_hash::FxHashMap<u64, u32>);

impl SeenHashes {
    fn key(hash: &str) -> Option<u64> {
        hash.get(..16).and_then(|h| u64::from_str_radix(h, 16).ok())
    }

    /// The stored game whose content hash is `hash`, if any.
    fn find(&self, tx: &Transaction, hash: &str) -> Result<Option<i64>> {
        let seen = Self::key(hash).and_then(|k| self.0.get(&k));
        if let Some(&id) = seen {
            let same: Option<bool> = tx
                .prepare_cached("SELECT content_hash = ?2 FROM games WHERE id = ?1")?
                .query_row(params![id, hash], |r| r.get(0))
                .optional()?;
            if same == Some(true) {
                return Ok(Some(i64::from(id)));
            }
        } else if Self::key(hash).is_some() {
            return Ok(None);
        }
        // Two hashes with the same first 8 bytes (or one that is not hex): read every game's,
        // which without the index is a scan of the table, once in billions of imports.
        Ok(tx
            .prepare_cached("SELECT id FROM games WHERE content_hash = ?1")?
            .query_row(params![hash], |r| r.get(0))
            .optional()?)
    }

    fn insert(&mut self, hash: &str, id: i64) {
        if let (Some(k), Ok(id)) = (Self::key(hash), u32::try_from(id)) {
            self.0.entry(k).or_insert(id);
        }
    }
}

/// Stores one parsed game and its moves in the caller's transaction, adds its moves to the explorer
/// tree (or stages them, `tree`) and its statistics to `tally` (which the caller flushes before
/// it commits). A game whose content hash is already present is not stored again: found by the
/// unique index, or in `seen` by a bulk import (which adds the games it stores).
pub fn store_game(
    tx: &Transaction,
    g: &NewGame,
    tree: crate::store::tree::TreeWrites,
    tally: &mut crate::store::tally::Tally,
    names: &mut crate::store::keys::NameCache,
    seen: Option<&mut SeenHashes>,
) -> Result<Stored> {
    let duplicate = match seen.as_deref() {
        Some(seen) => seen.find(tx, g.hash)?,
        None => tx
            .prepare_cached("SELECT id FROM games WHERE content_hash = ?1")?
            .query_row(params![g.hash], |r| r.get::<_, i64>(0))
            .optional()?,
    };
    if let Some(id) = duplicate {
        return Ok(Stored::Duplicate(id));
    }
    let p = g.game;
    let v = RowValues::of(tx, names, p)?;
    tx.prepare_cached(
        "INSERT INTO games(kind, title, event, site, date, year, round, result, winners, draw, content_hash,
            source_file, source_line, encoding, raw, move_count, errors, warnings, imported_at, event_id)
         VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?19,?10,?11,?12,?13,?14,?15,?16,?17,?18,?20)",
    )?
    .execute(params![
        p.kind.as_str(),
        p.title,
        p.tag("Event"),
        p.tag("Site"),
        v.date,
        v.date.and_then(year_of),
        p.tag("Round"),
        v.result,
        v.winners_text,
        g.hash,
        g.file,
        g.line,
        g.encoding,
        g.raw,
        p.move_count as i64,
        v.errors as i64,
        v.warnings as i64,
        g.imported_at,
        v.draw_text,
        v.event_id,
    ])?;
    let id = tx.last_insert_rowid();
    if let Some(seen) = seen {
        seen.insert(g.hash, id);
    }
    store_owned(tx, id, p, &v, tree, tally, names)?;
    Ok(Stored::Imported(id))
}

/// What a game's row in `games` holds beside its tags, computed from its parse (its event found
/// or created).
struct RowValues<'a> {
    errors: usize,
    warnings: usize,
    date: Option<&'a str>,
    result: Option<String>,
    winners_text: String,
    draw_text: String,
    event_id: Option<i64>,
}

impl<'a> RowValues<'a> {
    #[inline]
    fn of(
        tx: &Transaction,
        names: &mut crate::store::keys::NameCache,
        p: &'a Ready,
    ) -> Result<RowValues<'a>> {
        let (errors, warnings) = annals_import::record::counts(&p.diagnostics);
        let date = p.tag("Date");
        let (result, winners_text, draw_text) = match &p.outcome {
            Some(o) => (
                Some(o.summary.clone()),
                o.winners.join(" "),
                o.draw.join(" "),
            ),
            None => (
                p.tag("Result").map(str::to_string),
                String::new(),
                String::new(),
            ),
        };
        let event_id = match p.tag("Event") {
            Some(event) => Some(crate::store::keys::event_for_cached(
                tx,
                names,
                event,
                p.tag("Site"),
                date,
                p.tag("Round"),
            )?),
            None => None,
        };
        Ok(RowValues {
            errors,
            warnings,
            date,
            result,
            winners_text,
            draw_text,
            event_id,
        })
    }
}

/// Stores the rows a game owns (tags, seats, diagnostics, packed moves) under `id`, and adds it to
/// the explorer tree and to `tally`.
#[inline]
fn store_owned(
    tx: &Transaction,
    id: i64,
    p: &Ready,
    v: &RowValues,
    tree: crate::store::tree::TreeWrites,
    tally: &mut crate::store::tally::Tally,
    names: &mut crate::store::keys::NameCache,
) -> Result<()> {
    insert_tags(tx, id, &p.tags)?;
    let seat_rows = seat_rows(tx, names, p)?;
    insert_seats(tx, id, &seat_rows)?;
    let seat_facts: Vec<crate::store::tally::SeatFacts> = seat_rows
        .iter()
        .map(|&(_, seat, _, _, r)| crate::store::tally::SeatFacts {
            seat: seat.to_string(),
            placing: r.and_then(|r| r.placing),
            outcome: r.and_then(|r| r.outcome).map(str::to_string),
        })
        .collect();
    insert_diagnostics(tx, id, &p.diagnostics)?;
    store_moves(tx, id, p.facts.title_events(), p.packed.as_ref())?;
    let (winners, draw) = match &p.outcome {
        Some(o) => (o.winners.as_slice(), o.draw.as_slice()),
        None => (&[][..], &[][..]),
    };
    add_to_tree(tx, tree, p, id, winners, draw)?;
    tally.add(
        &crate::store::tally::GameFacts {
            kind: p.kind,
            event: p.tag("Event"),
            year: v.date.and_then(year_of),
            body: &p.facts,
            move_count: p.move_count as i64,
            winners: &v.winners_text,
            draw: &v.draw_text,
            seats: &seat_facts,
        },
        1,
    );
    Ok(())
}

/// Takes stored game `id`'s contribution out of the explorer tree and of `tally` (unless it is
/// withheld from them: `crate::store::withheld`), and deletes the rows it owns (tags, seats,
/// diagnostics, packed moves): what [`delete_game`] and [`replace_game`] both do before the
/// game's row goes or changes. False when there is no game `id`.
fn remove_derived(
    tx: &Transaction,
    id: i64,
    tally: &mut crate::store::tally::Tally,
) -> Result<bool> {
    let kind: Option<String> = tx
        .prepare_cached("SELECT kind FROM games WHERE id = ?1")?
        .query_row(params![id], |r| r.get(0))
        .optional()?;
    let Some(kind) = kind.as_deref().and_then(Kind::from_name) else {
        return Ok(false);
    };
    if !crate::store::withheld::is_withheld(tx, id)? {
        crate::store::tree::remove_stored(tx, kind, id)?;
        tally.add_stored(tx, id, -1)?;
    }
    for t in GAME_TABLES {
        tx.execute(&format!("DELETE FROM {t} WHERE game_id = ?1"), params![id])?;
    }
    Ok(true)
}

/// Replaces stored game `id` by `g` in the caller's transaction: its row (keeping its id, its
/// source file and its import time), the rows it owns, its place in the explorer tree and its
/// statistics. Its collections and links keep pointing at it. The caller has checked that no
/// other game has `g`'s content hash. False when there is no game `id`.
pub fn replace_game(
    tx: &Transaction,
    id: i64,
    g: &NewGame,
    names: &mut crate::store::keys::NameCache,
) -> Result<bool> {
    let mut tally = crate::store::tally::Tally::default();
    if !remove_derived(tx, id, &mut tally)? {
        return Ok(false);
    }
    let p = g.game;
    let v = RowValues::of(tx, names, p)?;
    tx.prepare_cached(
        "UPDATE games SET kind = ?2, title = ?3, event = ?4, site = ?5, date = ?6, year = ?7,
            round = ?8, result = ?9, winners = ?10, draw = ?11, content_hash = ?12,
            source_line = ?13, encoding = ?14, raw = ?15, move_count = ?16, errors = ?17,
            warnings = ?18, event_id = ?19
         WHERE id = ?1",
    )?
    .execute(params![
        id,
        p.kind.as_str(),
        p.title,
        p.tag("Event"),
        p.tag("Site"),
        v.date,
        v.date.and_then(year_of),
        p.tag("Round"),
        v.result,
        v.winners_text,
        v.draw_text,
        g.hash,
        g.line,
        g.encoding,
        g.raw,
        p.move_count as i64,
        v.errors as i64,
        v.warnings as i64,
        v.event_id,
    ])?;
    store_owned(
        tx,
        id,
        p,
        &v,
        crate::store::tree::TreeWrites::Update,
        &mut tally,
        names,
    )?;
    tally.flush(tx)?;
    // A withheld game's new rows are written as any game's, then taken out of the counts again.
    if crate::store::withheld::is_withheld(tx, id)? {
        crate::store::withheld::withdraw(tx, id)?;
    }
    Ok(true)
}

/// A seat row of a game as stored: its order in the list, seat, player, color and result.
type SeatInsert<'a> = (
    usize,
    &'a str,
    Option<i64>,
    Option<&'a str>,
    Option<&'a SeatResult>,
);

/// Inserts a game's tags, [`ROWS_PER_INSERT`] to a statement.
#[inline]
fn insert_tags(tx: &Transaction, id: i64, tags: &[(String, String)]) -> Result<()> {
    static TAGS: RowsInsert = RowsInsert::new("tags(game_id, seq, name, value)", 4);
    for (c, chunk) in tags.chunks(ROWS_PER_INSERT).enumerate() {
        let mut st = tx.prepare_cached(TAGS.sql(chunk.len()))?;
        for (j, (k, v)) in chunk.iter().enumerate() {
            let at = 4 * j;
            st.raw_bind_parameter(at + 1, id)?;
            st.raw_bind_parameter(at + 2, (c * ROWS_PER_INSERT + j) as i64)?;
            st.raw_bind_parameter(at + 3, k)?;
            st.raw_bind_parameter(at + 4, v)?;
        }
        st.raw_execute()?;
    }
    Ok(())
}

/// The seats of a game as stored, with their players found or created.
#[inline]
fn seat_rows<'a>(
    tx: &Transaction,
    names: &mut crate::store::keys::NameCache,
    p: &'a Ready,
) -> Result<Vec<SeatInsert<'a>>> {
    // The seats: the players as listed, then each seat with a result but no player line. A seat
    // listed twice is stored once, as first listed (its key is (game, seat)); its order in the
    // list is its `seq`.
    let mut listed: Vec<(&str, Option<&str>, Option<&str>)> = p
        .players
        .iter()
        .map(|s| (s.seat.as_str(), s.name.as_deref(), s.color.as_deref()))
        .collect();
    for r in &p.seats {
        if !listed.iter().any(|(seat, ..)| *seat == r.seat) {
            listed.push((&r.seat, None, None));
        }
    }
    let mut seat_rows = Vec::with_capacity(listed.len());
    for (i, &(seat, name, color)) in listed.iter().enumerate() {
        if listed[..i].iter().any(|(s, ..)| *s == seat) {
            continue;
        }
        let pid = match name
            .map(str::trim)
            .filter(|n| !crate::store::keys::player_key(n).is_empty())
        {
            Some(name) => Some(crate::store::keys::cached_player_for(tx, names, name)?),
            None => None,
        };
        seat_rows.push((i, seat, pid, color, p.seats.iter().find(|r| r.seat == seat)));
    }
    Ok(seat_rows)
}

/// Inserts a game's seats, [`ROWS_PER_INSERT`] to a statement.
#[inline]
fn insert_seats(tx: &Transaction, id: i64, seat_rows: &[SeatInsert]) -> Result<()> {
    static SEATS: RowsInsert = RowsInsert::new(
        "seats(game_id, seat, seq, player_id, color, final_score, placing, outcome)",
        8,
    );
    for chunk in seat_rows.chunks(ROWS_PER_INSERT) {
        let mut st = tx.prepare_cached(SEATS.sql(chunk.len()))?;
        for (j, &(seq, seat, pid, color, r)) in chunk.iter().enumerate() {
            let at = 8 * j;
            st.raw_bind_parameter(at + 1, id)?;
            st.raw_bind_parameter(at + 2, seat)?;
            st.raw_bind_parameter(at + 3, seq as i64)?;
            st.raw_bind_parameter(at + 4, pid)?;
            st.raw_bind_parameter(at + 5, color)?;
            st.raw_bind_parameter(at + 6, r.and_then(|r| r.final_score))?;
            st.raw_bind_parameter(at + 7, r.and_then(|r| r.placing))?;
            st.raw_bind_parameter(at + 8, r.and_then(|r| r.outcome))?;
        }
        st.raw_execute()?;
    }
    Ok(())
}

/// Inserts a game's diagnostics, [`ROWS_PER_INSERT`] to a statement.
#[inline]
fn insert_diagnostics(
    tx: &Transaction,
    id: i64,
    diagnostics: &[annals_import::Diagnostic],
) -> Result<()> {
    static DIAGNOSTICS: RowsInsert = RowsInsert::new(
        "diagnostics(game_id, seq, line, col, severity, code, message)",
        7,
    );
    for (c, chunk) in diagnostics.chunks(ROWS_PER_INSERT).enumerate() {
        let mut st = tx.prepare_cached(DIAGNOSTICS.sql(chunk.len()))?;
        for (j, d) in chunk.iter().enumerate() {
            let at = 7 * j;
            st.raw_bind_parameter(at + 1, id)?;
            st.raw_bind_parameter(at + 2, (c * ROWS_PER_INSERT + j) as i64)?;
            st.raw_bind_parameter(at + 3, d.line)?;
            st.raw_bind_parameter(at + 4, d.col)?;
            st.raw_bind_parameter(at + 5, d.severity.as_str())?;
            st.raw_bind_parameter(at + 6, &d.code)?;
            st.raw_bind_parameter(at + 7, &d.message)?;
        }
        st.raw_execute()?;
    }
    Ok(())
}

/// Adds a stored game to the explorer tree (node by node or as a staged row) and writes its
/// positions.
#[inline]
fn add_to_tree(
    tx: &Transaction,
    tree: crate::store::tree::TreeWrites,
    p: &Ready,
    id: i64,
    winners: &[String],
    draw: &[String],
) -> Result<()> {
    let c = crate::store::tree::counts(p.kind, winners, draw);
    crate::store::positions::insert(tx, id, &p.positions, &p.keys, &c)?;
    match tree {
        crate::store::tree::TreeWrites::Update => {
            crate::store::tree::add_game(tx, p.kind, id, &p.keys.to_vec(), &c)?
        }
        crate::store::tree::TreeWrites::Stage => {
            crate::store::tree::stage_seq(tx, p.kind, id, p.keys.seq(), &c)?
        }
    }
    Ok(())
}

/// What a seat achieved: HotW final score and placing; 三国/WEC win, draw or loss.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatResult {
    pub seat: String,
    pub final_score: Option<i64>,
    pub placing: Option<i64>,
    pub outcome: Option<&'static str>,
}

/// The result of each seat of a game, from its moves and outcome.
pub fn seat_results(p: &ParsedGame) -> Vec<SeatResult> {
    match &p.body {
        Body::Hotw(g) => {
            let mut last: Vec<(String, i64)> = Vec::new();
            for t in &g.turns {
                if let Some(s) = t.score {
                    match last.iter_mut().find(|(p, _)| *p == t.player) {
                        Some(e) => e.1 = s,
                        None => last.push((t.player.to_string(), s)),
                    }
                }
            }
            last.sort();
            last.iter()
                .map(|(seat, score)| SeatResult {
                    seat: seat.clone(),
                    final_score: Some(*score),
                    placing: Some(1 + last.iter().filter(|(_, s)| s > score).count() as i64),
                    outcome: None,
                })
                .collect()
        }
        Body::Sanguo(_) | Body::Wec(_) => {
            let Some(o) = &p.outcome else {
                return Vec::new();
            };
            if o.winners.is_empty() && o.draw.is_empty() {
                return Vec::new();
            }
            crate::store::tree::sides(p.kind)
                .iter()
                .map(|s| SeatResult {
                    seat: s.to_string(),
                    final_score: None,
                    placing: None,
                    outcome: Some(if o.winners.iter().any(|w| w == s) {
                        "win"
                    } else if o.draw.iter().any(|w| w == s) {
                        "draw"
                    } else {
                        "loss"
                    }),
                })
                .collect()
        }
        Body::Deluge(_) => Vec::new(),
    }
}

/// Deletes a game and everything derived from it in the database (the caller removes it from the
/// index). Returns false when there was no such game.
pub fn delete_game(tx: &Transaction, id: i64) -> Result<bool> {
    let mut tally = crate::store::tally::Tally::default();
    if !remove_derived(tx, id, &mut tally)? {
        return Ok(false);
    }
    tally.flush(tx)?;
    tx.execute("DELETE FROM games WHERE id = ?1", params![id])?;
    Ok(true)
}
