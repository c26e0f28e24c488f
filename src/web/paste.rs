//! What a paste into a collection did, said to the person who pasted: games stored, games already
//! in the archive, games rejected and why, in words a paste box can act on.

use rusqlite::{Connection, params};
use serde_json::{Value, json};

use crate::error::Result;
use crate::store::ingest::{FileDiagnostic, Summary};

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

    /// One sentence per outcome, for the page.
    pub fn sentences(&self) -> Vec<String> {
        let games = |n: usize| format!("{n} game{}", if n == 1 { "" } else { "s" });
        let mut out = Vec::new();
        if self.empty() {
            out.push("Nothing was stored: the paste holds no game record.".to_string());
        }
        if self.imported > 0 {
            out.push(format!(
                "Stored {} new game{} in the archive.",
                self.imported,
                if self.imported == 1 { "" } else { "s" }
            ));
        }
        if self.duplicates > 0 {
            out.push(format!(
                "{} already in the archive: not stored again.",
                if self.duplicates == 1 {
                    "This game is".to_string()
                } else {
                    format!("{} are", games(self.duplicates))
                }
            ));
        }
        if self.added > 0 {
            out.push(format!("Added {} to this collection.", games(self.added)));
        }
        if self.kept > 0 {
            out.push(format!(
                "{} in this collection already: not added twice.",
                games(self.kept)
            ));
        }
        if self.rejected > 0 {
            let mut s = format!(
                "{} could not be read and {} not stored (the reasons are below).",
                games(self.rejected),
                if self.rejected == 1 { "was" } else { "were" }
            );
            if self.needs_kind() {
                s.push_str(
                    " Nothing in the record says which game it is: choose its kind beside the paste box and import again.",
                );
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
                    "cannot tell which game this record is: it has no Game tag; choose its kind (or add a line like [Game \"Sanguo\"] at its top)".to_string()
                } else {
                    d.message.clone()
                };
                format!(
                    "line {}, column {}: {} ({}, {})",
                    d.line,
                    d.col,
                    message,
                    d.severity.as_str(),
                    d.code
                )
            })
            .collect()
    }
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
