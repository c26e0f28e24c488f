//! A stored game's body: games keep their raw text, and their body (moves, turns) is parsed again
//! from it when it is needed; a results-only game of a tournament table has none.

use annals_import::{Body, Kind, parse_game, record};
use rusqlite::{Connection, OptionalExtension, params};

use crate::error::Result;

/// The diagnostic code of a game stored from a tournament table without a record of its moves.
pub const RESULTS_ONLY: &str = "tournament.results-only";

/// The body of a game with no moves.
pub fn empty_body(kind: Kind) -> Body {
    match kind {
        Kind::Hotw => Body::Hotw(Default::default()),
        Kind::Sanguo => Body::Sanguo(Default::default()),
        Kind::Wec => Body::Wec(Default::default()),
        Kind::Deluge => Body::Deluge(Default::default()),
    }
}

/// The normalized body of a stored game, parsed again from its stored text: `raw` as stored
/// (annotation lines already taken out at import), its kind, and `source_line`, the file line it
/// started on, so that line numbers in the body are the file's, as at import. The parsers are pure
/// functions of these, so this is the body the import stored rows from
/// (`tests/tests.rs::cli::reparse_gives_the_imported_body` checks it over the corpus).
pub fn reparse(kind: Kind, raw: &str, source_line: i64) -> annals_import::Body {
    let offset = u32::try_from(source_line.max(1) - 1).unwrap_or(0);
    let mut games = record::split_games(raw);
    let mut game = if games.is_empty() {
        record::RawGame {
            line: 1,
            body_line: 1,
            tags: Vec::new(),
            body: String::new(),
            raw: String::new(),
            diagnostics: Vec::new(),
        }
    } else {
        games.swap_remove(0)
    };
    game.line += offset;
    game.body_line += offset;
    game.diagnostics.clear();
    parse_game(&game, kind).body
}

/// The body of a stored game: parsed again from its raw text, or, for a results-only game from a
/// tournament table (whose raw text is the table's rows), no moves.
pub fn body_of(kind: Kind, raw: &str, source_line: i64, results_only: bool) -> Body {
    if results_only {
        empty_body(kind)
    } else {
        reparse(kind, raw, source_line)
    }
}

/// The body of stored game `id` of `kind`, whose raw text and first line are given.
pub fn stored_body(
    conn: &Connection,
    id: i64,
    kind: Kind,
    raw: &str,
    source_line: i64,
) -> Result<Body> {
    let results_only = conn
        .prepare_cached("SELECT 1 FROM diagnostics WHERE game_id = ?1 AND code = ?2 LIMIT 1")?
        .query_row(params![id, RESULTS_ONLY], |_| Ok(()))
        .optional()?
        .is_some();
    Ok(body_of(kind, raw, source_line, results_only))
}
