//! What a paste into a collection did, said to the person who pasted: games stored, games already
//! in the archive, games rejected and why, in words a paste box can act on.

use std::collections::HashMap;

use axum::http::StatusCode;
use rusqlite::{Connection, params};
use serde_json::{Value, json};

use crate::AppState;
use crate::auth::Member;
use crate::collections::{self as coll, NewItem};
use crate::error::{Error, Result};
use crate::store::ingest::{self, FileDiagnostic, Summary};

/// The code of a record whose kind nothing tells (no `Game` tag, no extension, no sniff).
const UNKNOWN_KIND: &str = "record.unknown-kind";

/// A paste's outcome: the import's counts and problems, and what the collection gained.
#[derive(Debug, Clone)]
pub struct PasteOutcome {
    pub imported: usize,
    pub duplicates: usize,
    pub rejected: usize,
    /// Items added to the collection.
    pub added: usize,
    /// Games the collection held already (same note and ply): not added again.
    pub kept: usize,
    pub diagnostics: Vec<FileDiagnostic>,
}

impl PasteOutcome {
    pub fn new(summary: Summary, added: usize, kept: usize) -> PasteOutcome {
        PasteOutcome {
            imported: summary.imported,
            duplicates: summary.duplicates,
            rejected: summary.rejected,
            added,
            kept,
            diagnostics: summary.diagnostics,
        }
    }

    /// The answer of `POST /api/collections/{id}/import`.
    pub fn json(&self) -> Value {
        json!({
            "imported": self.imported, "duplicates": self.duplicates, "rejected": self.rejected,
            "added": self.added, "already_in_collection": self.kept,
            "diagnostics": self.diagnostics,
        })
    }

    /// Was a game rejected because nothing says its kind (a kind choice would read it)?
    pub fn needs_kind(&self) -> bool {
        self.diagnostics.iter().any(|d| {
            d.code == UNKNOWN_KIND
                || d.message
                    .starts_with("cannot tell which game this record is")
        })
    }

    /// Did the paste hold nothing that looked like a game?
    pub fn empty(&self) -> bool {
        self.imported + self.duplicates + self.rejected == 0
    }

    /// One sentence per outcome, for the page, in the reader's language.
    pub fn sentences(&self) -> Vec<String> {
        use super::language::{tr, tr_args};
        let n = |key: &str, n: usize| tr_args(key, &[("n", n.into())]);
        let mut out = Vec::new();
        if self.empty() {
            out.push(tr("paste-nothing-stored"));
        }
        for (count, key) in [
            (self.imported, "paste-stored"),
            (self.duplicates, "paste-duplicates"),
            (self.added, "paste-added"),
            (self.kept, "paste-kept"),
        ] {
            if count > 0 {
                out.push(n(key, count));
            }
        }
        if self.rejected > 0 {
            let mut s = n("paste-rejected", self.rejected);
            if self.needs_kind() {
                s.push(' ');
                s.push_str(&tr("paste-needs-kind"));
            }
            out.push(s);
        }
        out
    }

    /// The problems worth showing: errors and warnings, with where they are.
    pub fn problems(&self) -> Vec<String> {
        self.diagnostics
            .iter()
            .filter(|d| !matches!(d.severity, annals_import::Severity::Info))
            .take(50)
            .map(|d| {
                let message = if d.code == UNKNOWN_KIND {
                    super::language::tr("paste-unknown-kind")
                } else {
                    d.message.clone()
                };
                super::language::tr_args(
                    "paste-problem",
                    &[
                        ("line", d.line.to_string().into()),
                        ("col", d.col.to_string().into()),
                        ("message", message.into()),
                        (
                            "severity",
                            super::language::tr(&format!("severity-{}", d.severity.as_str()))
                                .into(),
                        ),
                        ("code", d.code.clone().into()),
                    ],
                )
            })
            .collect()
    }
}

/// Does collection `id` hold `game` already, whatever its note?
fn holds_game(conn: &Connection, id: i64, game: i64) -> Result<bool> {
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM collection_items WHERE collection_id = ?1 AND game_id = ?2)",
        params![id, game],
        |r| r.get(0),
    )?)
}

/// Does collection `id` hold `game` already with this note and ply?
pub fn holds(conn: &Connection, id: i64, game: i64, note: &str, ply: Option<i64>) -> Result<bool> {
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM collection_items WHERE collection_id = ?1 AND game_id = ?2
                        AND note = ?3 AND ply IS ?4)",
        params![id, game, note.trim(), ply],
        |r| r.get(0),
    )?)
}

/// What a collection's forms answer on its page: what happened, and what was typed, kept.
#[derive(Debug, Clone, Default)]
pub struct Feedback {
    pub notices: Vec<String>,
    pub error: Option<String>,
    pub problems: Vec<String>,
    /// The paste box and its kind choice.
    pub records: String,
    pub kind: String,
    /// Whether the kind choice is what the paste needs (shown beside the box, marked).
    pub needs_kind: bool,
    /// The add-a-game form.
    pub game: String,
    pub ply: String,
    pub note: String,
}

impl Feedback {
    /// The answer to a paste: the outcome, and the paste kept when something was rejected.
    pub fn of_paste(o: &PasteOutcome, records: &str, kind: &str) -> Feedback {
        let keep = o.rejected > 0 || o.empty();
        Feedback {
            notices: o.sentences(),
            problems: o.problems(),
            records: if keep {
                records.to_string()
            } else {
                String::new()
            },
            kind: kind.to_string(),
            needs_kind: o.needs_kind(),
            ..Default::default()
        }
    }
}

/// Imports a records file into the archive and adds its games (with their notes) to a collection;
/// `kind` is the kind of games whose tags do not say. A game already in the collection with the
/// same note and ply is not added again.
pub(super) fn import_into(
    st: &AppState,
    m: &Member,
    id: i64,
    name: &str,
    bytes: &[u8],
    kind: Option<annals_import::Kind>,
    cancel: Option<super::cancel::Flag>,
) -> Result<PasteOutcome> {
    st.db
        .with(|c| coll::check_write(c, id, Some(m)).map(|_| ()))?;
    let summary = st.db.with_mut(|c| {
        ingest::import_bytes(
            c,
            Some(&st.index),
            name,
            bytes,
            &ingest::Options {
                details: true,
                kind,
                cancel,
                ..Default::default()
            },
        )
    })?;
    // Games new to the archive stay the club's while the collection is private.
    let new: Vec<i64> = summary
        .games
        .iter()
        .filter(|g| g.status == "imported")
        .filter_map(|g| g.id)
        .collect();
    st.db
        .with(|c| crate::private_games::mark_if_private(c, id, &new))?;
    let mut added = 0;
    let mut kept = 0;
    st.db.with(|c| {
        for g in &summary.games {
            let Some(game) = g.id else { continue };
            let note = g.annotation.note.clone().unwrap_or_default();
            if holds(c, id, game, &note, g.annotation.ply)? {
                kept += 1;
                continue;
            }
            let section = match &g.annotation.section {
                Some(t) => Some(coll::section_named(c, m, id, t)?),
                None => None,
            };
            coll::add_item(
                c,
                m,
                id,
                &NewItem {
                    game: Some(game),
                    note,
                    ply: g.annotation.ply,
                    section,
                },
            )?;
            added += 1;
        }
        Ok(())
    })?;
    Ok(PasteOutcome::new(summary, added, kept))
}

/// The forms that answer on the collection's page (a paste, a game added): what was stored or
/// refused and why, with what was typed kept when it was refused.
pub(super) async fn answer_on_page(
    st: &AppState,
    m: &Member,
    id: i64,
    action: &str,
    f: &HashMap<String, String>,
) -> Result<(StatusCode, super::paste::Feedback)> {
    let (m, f2, action) = (m.clone(), f.clone(), action.to_string());
    // The notices are said in the reader's language, on the blocking thread too.
    let lang = super::language::lang();
    let r = st
        .run(move |s| -> Result<Feedback> {
            super::language::within(lang, || answer_in(s, &m, id, &action, &f2))
        })
        .await;
    finish_answer(r, f)
}

/// The work of [`answer_on_page`], on a blocking thread.
fn answer_in(
    s: &AppState,
    m: &Member,
    id: i64,
    action: &str,
    f: &HashMap<String, String>,
) -> Result<Feedback> {
    if action == "import" {
        let kind_s = field(f, "kind").to_string();
        let kind = match kind_s.as_str() {
            "" => None,
            k => Some(
                annals_import::Kind::from_name(k)
                    .ok_or_else(|| Error::BadRequest(format!("unknown kind '{k}'")))?,
            ),
        };
        let records = f.get("records").map(String::as_str).unwrap_or("");
        let o = import_into(s, m, id, "pasted records", records.as_bytes(), kind, None)?;
        return Ok(Feedback::of_paste(&o, records, &kind_s));
    }
    let item = NewItem {
        game: opt_i64(f, "game", "the game")?,
        note: field(f, "note").to_string(),
        ply: opt_i64(f, "ply", "the ply")?,
        section: opt_i64(f, "section", "the section")?,
    };
    s.db.with(|c| {
        // On the form a game that is not there is a field to correct (the API's 404).
        if let Some(g) = item.game
            && crate::store::reads::get_game(c, g)?.is_none()
        {
            return Err(Error::BadRequest(format!("there is no game {g}")));
        }
        if let Some(g) = item.game
            && holds_game(c, id, g)?
        {
            return Err(Error::BadRequest(format!(
                "game {g} is in this collection already"
            )));
        }
        if let Some(g) = item.game
            && let Some(no) = crate::collection_items::past_end(c, g, item.ply)?
        {
            return Err(Error::BadRequest(super::refusals::refusal_text(&no)));
        }
        coll::add_item(c, m, id, &item)
    })?;
    Ok(Feedback {
        notices: vec![match item.game {
            Some(g) => {
                super::language::tr_args("notice-added-game", &[("id", g.to_string().into())])
            }
            None => super::language::tr("notice-added-note"),
        }],
        ..Default::default()
    })
}

/// A form's feedback, or its refusal said on the page with what was typed kept.
fn finish_answer(
    r: Result<Feedback>,
    f: &HashMap<String, String>,
) -> Result<(StatusCode, Feedback)> {
    match r {
        Ok(fb) => Ok((StatusCode::OK, fb)),
        Err(Error::BadRequest(msg)) => Ok((
            StatusCode::BAD_REQUEST,
            Feedback {
                error: Some(super::language::tr_args(
                    "notice-nothing-added",
                    &[("reason", super::messages::localize(&msg).into())],
                )),
                records: f.get("records").cloned().unwrap_or_default(),
                kind: field(f, "kind").to_string(),
                game: field(f, "game").to_string(),
                ply: field(f, "ply").to_string(),
                note: field(f, "note").to_string(),
                ..Default::default()
            },
        )),
        Err(e) => Err(e),
    }
}

/// A form field, trimmed (empty when absent).
pub(super) fn field<'a>(f: &'a HashMap<String, String>, k: &str) -> &'a str {
    f.get(k).map(String::as_str).unwrap_or("").trim()
}

/// A form field holding a whole number, or nothing.
pub(super) fn opt_i64(f: &HashMap<String, String>, k: &str, what: &str) -> Result<Option<i64>> {
    match field(f, k) {
        "" => Ok(None),
        v => v
            .parse()
            .map(Some)
            .map_err(|_| Error::BadRequest(format!("{what} must be a whole number, not '{v}'"))),
    }
}
