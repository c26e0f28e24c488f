//! A record text read as the import reads it and stored nowhere (the transcription desk's
//! preview): each game as the [`GameRecord`] a stored game would be, so that pages and the API
//! show a draft exactly as they show a stored game.

use annals_import::Diagnostic;

use crate::store::ingest::{self, Options, ParsedRecord};
use crate::store::reads::{GameRecord, SeatRow};

/// What a draft text holds: its games (id 0: not stored), the games that could not be read (the
/// line each starts on and why), the diagnostics of text in no game, and its encoding.
pub struct Draft {
    pub games: Vec<GameRecord>,
    pub rejected: Vec<(u32, Diagnostic)>,
    pub outside: Vec<Diagnostic>,
    pub encoding: &'static str,
}

impl Draft {
    /// Every diagnostic of the text, in line order: the games', the rejected games' and those of
    /// text in no game.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> = self
            .games
            .iter()
            .flat_map(|g| g.diagnostics.iter().cloned())
            .chain(self.rejected.iter().map(|(_, d)| d.clone()))
            .chain(self.outside.iter().cloned())
            .collect();
        all.sort_by_key(|d| (d.line, d.col));
        all
    }
}

/// Reads `bytes` (named `name`, its extension read as an import reads it) into a [`Draft`].
pub fn read(name: &str, bytes: &[u8], opts: &Options) -> Draft {
    let text = ingest::read_bytes(name, bytes, opts);
    let mut games = Vec::new();
    let mut rejected = Vec::new();
    for g in text.games {
        match g {
            Ok(r) => games.push(record_of(r, name, text.encoding)),
            Err(e) => rejected.push(e),
        }
    }
    Draft {
        games,
        rejected,
        outside: text.outside,
        encoding: text.encoding,
    }
}

/// A parsed game as [`crate::store::reads::get_game`] would load it once stored (its id 0).
fn record_of(r: ParsedRecord, file: &str, encoding: &str) -> GameRecord {
    let p = r.parsed;
    let (result, winners) = match &p.outcome {
        Some(o) => (Some(o.summary.clone()), o.winners.clone()),
        None => (
            annals_import::model::tag(&p.tags, "Result")
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string),
            Vec::new(),
        ),
    };
    let players = p
        .players
        .iter()
        .map(|s| SeatRow {
            seat: s.seat.clone(),
            name: s.name.clone(),
            color: s.color.clone(),
            player_id: None,
        })
        .collect();
    GameRecord {
        id: 0,
        kind: p.kind,
        title: p.title,
        result,
        winners,
        source_file: file.to_string(),
        source_line: i64::from(r.line),
        encoding: encoding.to_string(),
        imported_at: String::new(),
        raw: r.raw,
        body: p.body,
        tags: p.tags,
        players,
        diagnostics: p.diagnostics,
    }
}
