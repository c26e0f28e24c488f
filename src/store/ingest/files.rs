//! Reading record files: finding them, splitting a file into its games, and taking out the
//! annotations a collection export wrote.

use crate::store::games;
use annals_import::{Diagnostic, Kind, record};
use std::path::{Path, PathBuf};

use super::options::{MAX_FILE_BYTES, RECORD_EXTENSIONS};

/// Lists the record files under `paths`, sorted, each folder walked recursively.
pub fn collect_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = walkdir::WalkDir::new(p)
                .follow_links(false)
                .into_iter()
                .filter_map(|e| e.ok())
                .filter(|e| e.file_type().is_file())
                .map(|e| e.into_path())
                .filter(|p| {
                    let hidden = p
                        .file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with('.'));
                    let ext = p
                        .extension()
                        .and_then(|e| e.to_str())
                        .map(str::to_ascii_lowercase);
                    !hidden && ext.is_some_and(|e| RECORD_EXTENSIONS.contains(&e.as_str()))
                })
                .collect();
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// Comment lines a collection export puts before a game's body, and that an import takes back.
pub const NOTE_PREFIX: &str = "{annals-note:";
pub const PLY_PREFIX: &str = "{annals-ply:";
pub const SECTION_PREFIX: &str = "{annals-section:";

/// The comments a collection export writes before a game's body.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Annotation {
    pub note: Option<String>,
    pub ply: Option<i64>,
    pub section: Option<String>,
    /// The kind an export wrote for a game with no tags (`{annals-game: sanguo}`).
    pub kind: Option<Kind>,
}

/// Takes the leading `{annals-game: …}`, `{annals-note: …}`, `{annals-ply: …}` and
/// `{annals-section: …}` lines out of a game's body (and raw text), so that an exported game is
/// the same game when imported again.
pub fn take_annotation(raw: &mut record::RawGame) -> Annotation {
    let mut a = Annotation::default();
    let mut taken = Vec::new();
    for line in raw.body.lines() {
        let t = line.trim();
        let value = |p: &str| {
            t.strip_prefix(p)
                .and_then(|r| r.strip_suffix('}'))
                .map(|v| v.trim().to_string())
        };
        if let Some(v) = value(NOTE_PREFIX) {
            a.note = Some(v);
        } else if let Some(v) = value(PLY_PREFIX) {
            a.ply = v.parse().ok();
        } else if let Some(v) = value(SECTION_PREFIX) {
            a.section = Some(v);
        } else if let Some(v) = value(record::GAME_MARK) {
            a.kind = Kind::from_name(&v);
        } else {
            break;
        }
        taken.push(line.to_string());
    }
    if taken.is_empty() {
        return a;
    }
    let n = taken.len();
    raw.body = raw.body.lines().skip(n).collect::<Vec<_>>().join("\n");
    raw.body_line += n as u32;
    for l in &taken {
        for with_nl in [format!("{l}\r\n"), format!("{l}\n")] {
            if let Some(pos) = raw.raw.find(&with_nl) {
                raw.raw.replace_range(pos..pos + with_nl.len(), "");
                break;
            }
        }
    }
    a
}

/// One game of a file, read and parsed, or the reason it cannot be stored.
pub enum Prepared {
    Game {
        /// The game made ready to store on the parse threads, which freed its body there.
        game: Box<games::Ready>,
        /// Its search document (`Index::document`, without the id), when the import has an index.
        doc: Option<tantivy::TantivyDocument>,
        raw: String,
        hash: String,
        line: u32,
        annotation: Annotation,
    },
    Rejected {
        line: u32,
        diagnostic: Diagnostic,
    },
}

/// One file, read and parsed.
pub struct PreparedFile {
    pub name: String,
    pub encoding: &'static str,
    /// Diagnostics of the file as a whole (its encoding), given to every game of it.
    pub file_diagnostics: Vec<Diagnostic>,
    /// Diagnostics about text of the file that is in no game (a preamble before the first, a
    /// signature after the last): reported and kept with the import's problems.
    pub outside: Vec<Diagnostic>,
    pub games: Vec<Prepared>,
}

/// A file read, decoded and split into games, not parsed yet.
pub enum SplitFile {
    /// Rejected as a whole (unreadable, too large, undecodable, or holding no game).
    Rejected(PreparedFile),
    Split {
        file: FileMeta,
        raws: Vec<record::RawGame>,
    },
}

/// What the games of one file share.
pub struct FileMeta {
    pub name: String,
    pub ext: Option<String>,
    pub encoding: &'static str,
    /// Diagnostics of the file as a whole (its encoding), given to every game of it.
    pub diagnostics: Vec<Diagnostic>,
    /// Diagnostics about text in no game (see [`PreparedFile::outside`]).
    pub outside: Vec<Diagnostic>,
}

pub(super) fn rejected_file(name: &str, line: u32, d: Diagnostic) -> PreparedFile {
    PreparedFile {
        name: name.to_string(),
        encoding: "",
        file_diagnostics: Vec::new(),
        outside: Vec::new(),
        games: vec![Prepared::Rejected {
            line,
            diagnostic: d,
        }],
    }
}

/// Reads, decodes and splits one file. Never fails: an unreadable file is one rejected entry.
pub fn split_file(path: &Path) -> SplitFile {
    let name = path.display().to_string();
    let unreadable = |e: std::io::Error| {
        SplitFile::Rejected(rejected_file(
            &name,
            1,
            Diagnostic::error("record.unreadable", 1, 1, format!("cannot read file: {e}")),
        ))
    };
    match std::fs::metadata(path) {
        Ok(m) if m.len() > MAX_FILE_BYTES => {
            return SplitFile::Rejected(rejected_file(
                &name,
                1,
                Diagnostic::error(
                    record::code::TOO_LARGE,
                    1,
                    1,
                    format!("file is {} bytes; the limit is {MAX_FILE_BYTES}", m.len()),
                ),
            ));
        }
        Ok(_) => {}
        Err(e) => return unreadable(e),
    }
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return unreadable(e),
    };
    let ext = path.extension().and_then(|e| e.to_str());
    split_bytes(&name, &bytes, ext)
}

/// Decodes and splits the bytes of one file named `name` (its extension is `ext`).
pub fn split_bytes(name: &str, bytes: &[u8], ext: Option<&str>) -> SplitFile {
    let mut decoded = match record::decode(bytes) {
        Ok(d) => d,
        Err(d) => return SplitFile::Rejected(rejected_file(name, 1, d)),
    };
    let mut raws = record::split_games(&decoded.text);
    // a preamble, and what the decoding said of lines in no game (a fence before the first, a
    // signature after the last), are the file's
    let mut outside: Vec<Diagnostic> = Vec::new();
    outside.extend(annals_import::take_preamble(&mut raws, ext, None));
    decoded.diagnostics.retain(|d| {
        let in_none = !raws.iter().any(|r| in_game(d, r));
        if in_none {
            outside.push(d.clone());
        }
        !in_none
    });
    outside.sort_by_key(|d| (d.line, d.col));
    if raws.is_empty() {
        return SplitFile::Rejected(PreparedFile {
            name: name.to_string(),
            encoding: decoded.encoding,
            file_diagnostics: decoded.diagnostics,
            outside,
            games: vec![Prepared::Rejected {
                line: 1,
                diagnostic: Diagnostic::error(
                    record::code::EMPTY_BODY,
                    1,
                    1,
                    "the file holds no game",
                ),
            }],
        });
    }
    SplitFile::Split {
        file: FileMeta {
            name: name.to_string(),
            ext: ext.map(str::to_string),
            encoding: decoded.encoding,
            diagnostics: decoded.diagnostics,
            outside,
        },
        raws,
    }
}

/// Whether a diagnostic of the file's decoding belongs to a game: one about the whole file (at
/// line 1, column 1) belongs to each; one at a place (bytes replaced at a line and column) to the
/// game whose lines hold it.
pub(super) fn in_game(d: &Diagnostic, raw: &record::RawGame) -> bool {
    if d.line == 1 && d.col == 1 {
        return true;
    }
    let lines = u32::try_from(raw.raw.bytes().filter(|&b| b == b'\n').count()).unwrap_or(0);
    (raw.line..=raw.line.saturating_add(lines)).contains(&d.line)
}
