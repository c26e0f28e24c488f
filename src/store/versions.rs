//! Every version of a game's record text, and corrections: a game's text replaced, the game keeping
//! its id, with every row derived from the text following it in the same transaction.
//!
//! Version 1 is the text as imported. It is written to `game_versions` from `games.raw` the first
//! time the game is corrected, so that an import writes nothing more; until then [`list`] and
//! [`text`] answer it from the game's row.

use annals_import::{Kind, record};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Serialize;

use crate::error::{Error, Result};
use crate::store::games::{self, NewGame};
use crate::store::index::Index;
use crate::store::ingest::{self, Options, Prepared};

/// One version of a game's text, without the text.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Version {
    pub version: i64,
    pub at: String,
    /// Who saved it: `name@club`, `cli`, or `import` for the text as imported.
    pub by: String,
    pub note: String,
}

/// Who saves a version: a member's id (none from the command line) and how the history names them.
pub struct Author<'a> {
    pub member_id: Option<i64>,
    pub by: &'a str,
}

/// A correction of game `id`: its whole new text (`bytes`, any encoding an import reads), the kind
/// to read it as when its tags do not say (the game's own by default), who saves it and why.
pub struct Correction<'a> {
    pub id: i64,
    pub bytes: &'a [u8],
    pub kind: Option<Kind>,
    pub author: Author<'a>,
    pub note: &'a str,
}

/// What a correction did: the game's version after it, and whether the text changed (a text equal
/// to the current version's stores nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Corrected {
    pub id: i64,
    pub version: i64,
    #[serde(skip)]
    pub changed: bool,
}

/// The versions of game `id`, oldest first; `None` when there is no such game.
pub fn list(conn: &Connection, id: i64) -> Result<Option<Vec<Version>>> {
    let Some((imported_at, _)) = imported(conn, id)? else {
        return Ok(None);
    };
    let rows: Vec<Version> = conn
        .prepare_cached(
            "SELECT version, at, by, note FROM game_versions WHERE game_id = ?1 ORDER BY version",
        )?
        .query_map(params![id], |r| {
            Ok(Version {
                version: r.get(0)?,
                at: r.get(1)?,
                by: r.get(2)?,
                note: r.get(3)?,
            })
        })?
        .collect::<std::result::Result<_, _>>()?;
    if rows.is_empty() {
        return Ok(Some(vec![first_version(imported_at)]));
    }
    Ok(Some(rows))
}

/// The text of version `n` of game `id`, byte for byte as it was stored; `None` when there is no
/// such game or version.
pub fn text(conn: &Connection, id: i64, n: i64) -> Result<Option<String>> {
    let stored: Option<String> = conn
        .prepare_cached("SELECT raw FROM game_versions WHERE game_id = ?1 AND version = ?2")?
        .query_row(params![id, n], |r| r.get(0))
        .optional()?;
    if stored.is_some() || n != 1 {
        return Ok(stored);
    }
    Ok(imported(conn, id)?.map(|(_, raw)| raw))
}

/// The current text of game `id` and its version number; `None` when there is no such game.
pub fn current(conn: &Connection, id: i64) -> Result<Option<(i64, String)>> {
    let last: Option<(i64, String)> = conn
        .prepare_cached(
            "SELECT version, raw FROM game_versions WHERE game_id = ?1 ORDER BY version DESC LIMIT 1",
        )?
        .query_row(params![id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    match last {
        Some(v) => Ok(Some(v)),
        None => Ok(imported(conn, id)?.map(|(_, raw)| (1, raw))),
    }
}

/// Game `id`'s import time and stored raw text (version 1 until it is corrected).
fn imported(conn: &Connection, id: i64) -> Result<Option<(String, String)>> {
    Ok(conn
        .prepare_cached("SELECT imported_at, raw FROM games WHERE id = ?1")?
        .query_row(params![id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

fn first_version(imported_at: String) -> Version {
    Version {
        version: 1,
        at: imported_at,
        by: "import".into(),
        note: String::new(),
    }
}

/// A correction's text read and parsed: the decoded text (the version stored) and its one game.
struct Reading {
    text: String,
    game: Prepared,
    encoding: &'static str,
}

/// Decodes `bytes` and reads them as the text of one game (`kind` when its tags do not say).
fn read_one(bytes: &[u8], kind: Kind) -> Result<Reading> {
    let decoded = record::decode(bytes).map_err(|d| Error::BadRequest(d.message))?;
    let text = decoded.text.into_owned();
    if text.trim().is_empty() {
        return Err(Error::BadRequest(
            "the corrected record is empty: send the whole text of the game".into(),
        ));
    }
    let pf = ingest::prepare_bytes(
        "correction",
        text.as_bytes(),
        None,
        &Options {
            kind: Some(kind),
            ..Default::default()
        },
        None,
    );
    let n = pf.games.len();
    let mut games = pf.games.into_iter();
    match (games.next(), n) {
        (Some(g @ Prepared::Game { .. }), 1) => Ok(Reading {
            text,
            game: g,
            encoding: pf.encoding,
        }),
        (Some(Prepared::Rejected { diagnostic, .. }), 1) => Err(Error::BadRequest(format!(
            "the record cannot be stored: line {}, column {}: {}",
            diagnostic.line, diagnostic.col, diagnostic.message
        ))),
        _ => Err(Error::BadRequest(format!(
            "the text holds {n} games; a correction is the text of one game"
        ))),
    }
}

/// Stores a correction's text as game `c.id`'s next version, and replaces the game by what the text reads as, in one transaction with `audit`
/// (called with what was done, before the commit). The search index follows after the commit
/// ([`index_current`]).
/// `None` when there is no such game.
///
/// The next version number is taken inside an immediate (write-locked) transaction, so that
/// concurrent corrections of one game each get their own version, in the order they commit.
pub fn correct(
    conn: &mut Connection,
    index: Option<&Index>,
    c: &Correction,
    audit: impl FnOnce(&Transaction, &Corrected) -> Result<()>,
) -> Result<Option<Corrected>> {
    let (id, author) = (c.id, &c.author);
    let stored_kind: Option<String> = conn
        .prepare_cached("SELECT kind FROM games WHERE id = ?1")?
        .query_row(params![id], |r| r.get(0))
        .optional()?;
    let Some(stored_kind) = stored_kind.as_deref().and_then(Kind::from_name) else {
        return Ok(None);
    };
    let Reading {
        text,
        game,
        encoding,
    } = read_one(c.bytes, c.kind.unwrap_or(stored_kind))?;
    let Prepared::Game {
        game,
        raw,
        hash,
        line,
        ..
    } = game
    else {
        return Err(Error::Internal("a rejected game read as one".into()));
    };
    // (written game by game: never beside another process's bulk import)
    let _shared = crate::store::tally::share_lock(conn)?;
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let Some((version, current)) = current(&tx, id)? else {
        return Ok(None);
    };
    if current == text {
        return Ok(Some(Corrected {
            id,
            version,
            changed: false,
        }));
    }
    let other: Option<i64> = tx
        .prepare_cached("SELECT id FROM games WHERE content_hash = ?1 AND id <> ?2")?
        .query_row(params![hash, id], |r| r.get(0))
        .optional()?;
    if let Some(other) = other {
        return Err(Error::Conflict(format!(
            "the corrected text is the record of game {other} already"
        )));
    }
    if version == 1 {
        tx.execute(
            "INSERT OR IGNORE INTO game_versions(game_id, version, at, member_id, by, note, raw)
             SELECT id, 1, imported_at, NULL, 'import', '', raw FROM games WHERE id = ?1",
            params![id],
        )?;
    }
    let done = Corrected {
        id,
        version: version + 1,
        changed: true,
    };
    tx.execute(
        "INSERT INTO game_versions(game_id, version, at, member_id, by, note, raw)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            id,
            done.version,
            crate::timefmt::rfc3339(crate::timefmt::now_secs()),
            author.member_id,
            author.by,
            c.note.trim(),
            text
        ],
    )?;
    let mut names = crate::store::keys::NameCache::default();
    games::replace_game(
        &tx,
        id,
        &NewGame {
            game: &game,
            raw: &raw,
            hash: &hash,
            file: "",
            line,
            encoding,
            imported_at: "",
        },
        &mut names,
    )?;
    audit(&tx, &done)?;
    tx.commit()?;
    if let Some(ix) = index.filter(|ix| ix.writable()) {
        index_current(conn, ix, id)?;
    }
    Ok(Some(done))
}

/// One correction's index update at a time (see [`index_current`]).
static FOLLOW: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Indexes game `id` as the database holds it now. Each correction does so after its commit, one
/// at a time: two corrections of a game that commit in one order may reach the index in the other,
/// but each reads the game after its own commit, so the last to run indexes the last version.
fn index_current(conn: &Connection, ix: &Index, id: i64) -> Result<()> {
    let _one = FOLLOW
        .lock()
        .map_err(|_| Error::Internal("the index follow-up lock is poisoned".into()))?;
    if let Some(g) = crate::store::reads::get_game(conn, id)? {
        let doc = ix.document(&crate::store::index::DocInput::from_record(&g));
        ix.add_documents(vec![(id, doc)])?;
    }
    Ok(())
}
