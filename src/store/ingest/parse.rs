//! Parsing a file's games into records ready to store, and a game's content hash (its identity
//! for duplicate detection).

use crate::store::games;
use crate::store::index::Index;
use annals_import::{Diagnostic, Kind, ParsedGame, detect_kind, parse_game, record};
use sha2::{Digest, Sha256};
use std::path::Path;

use super::files::{
    Annotation, FileMeta, Prepared, PreparedFile, SplitFile, in_game, split_bytes, split_file,
    take_annotation,
};
use super::options::Options;

/// One game of a file, parsed: what [`parse_raws`] makes ready to store.
pub struct ParsedRecord {
    pub parsed: ParsedGame,
    /// The game's text as imported (annotation lines taken out).
    pub raw: String,
    pub hash: String,
    pub line: u32,
    pub annotation: Annotation,
}

/// Parses one game of a file: kind detection, parsing and the content hash; `Err` is why it
/// cannot be stored (at a line).
pub(super) fn parse_record(
    file: &FileMeta,
    mut raw: record::RawGame,
    opts: &Options,
) -> std::result::Result<ParsedRecord, (u32, Diagnostic)> {
    let annotation = take_annotation(&mut raw);
    if raw.body.trim().is_empty() {
        return Err((
            raw.line,
            Diagnostic::error(
                record::code::EMPTY_BODY,
                raw.line,
                1,
                "a tag block with no game body after it",
            ),
        ));
    }
    let (kind, kind_diags) = detect_kind(&raw, file.ext.as_deref(), opts.kind.or(annotation.kind));
    let Some((kind, _)) = kind else {
        return Err((
            raw.line,
            Diagnostic::error(
                record::code::UNKNOWN_KIND,
                raw.line,
                1,
                "cannot tell which game this record is: add a Game tag (HotW, Sanguo, WEC, Deluge), use a .hotw/.sanguo/.wec/.dip extension or --kind",
            ),
        ));
    };
    let mut parsed = parse_game(&raw, kind);
    parsed.diagnostics.splice(
        0..0,
        file.diagnostics
            .iter()
            .filter(|d| in_game(d, &raw))
            .cloned()
            .chain(kind_diags),
    );
    let hash = content_hash(kind, &raw);
    Ok(ParsedRecord {
        parsed,
        line: raw.line,
        raw: raw.raw,
        hash,
        annotation,
    })
}

/// Parses games of one file (all of them, or one chunk; the file's first chunk carries its
/// [`FileMeta::outside`] diagnostics) and makes them ready to store ([`games::Ready`]), with their
/// search documents when `index` is given: all that is made of a game's body is made here, on
/// the parse threads, and the body freed here.
pub fn parse_raws(
    file: &FileMeta,
    raws: Vec<record::RawGame>,
    first_chunk: bool,
    opts: &Options,
    index: Option<&Index>,
) -> PreparedFile {
    let games = raws
        .into_iter()
        .take_while(|_| !opts.cancelled())
        .map(|raw| match parse_record(file, raw, opts) {
            Ok(r) => Prepared::Game {
                doc: index
                    .map(|ix| ix.document(&crate::store::index::DocInput::from_parsed(&r.parsed))),
                game: Box::new(games::Ready::new(r.parsed)),
                raw: r.raw,
                hash: r.hash,
                line: r.line,
                annotation: r.annotation,
            },
            Err((line, diagnostic)) => Prepared::Rejected { line, diagnostic },
        })
        .collect();
    PreparedFile {
        name: file.name.clone(),
        encoding: file.encoding,
        file_diagnostics: file.diagnostics.clone(),
        outside: if first_chunk {
            file.outside.clone()
        } else {
            Vec::new()
        },
        games,
    }
}

/// Reads and parses one file's games as the importer does, bodies and all; the games that cannot
/// be stored are left out.
pub fn parse_file(path: &Path, opts: &Options) -> Vec<ParsedRecord> {
    match split_file(path) {
        SplitFile::Rejected(_) => Vec::new(),
        SplitFile::Split { file, raws } => raws
            .into_iter()
            .filter_map(|raw| parse_record(&file, raw, opts).ok())
            .collect(),
    }
}

/// Reads and parses the bytes of one file named `name` (its extension is `ext`), with search
/// documents for `index`.
pub fn prepare_bytes(
    name: &str,
    bytes: &[u8],
    ext: Option<&str>,
    opts: &Options,
    index: Option<&Index>,
) -> PreparedFile {
    match split_bytes(name, bytes, ext) {
        SplitFile::Rejected(p) => p,
        SplitFile::Split { file, raws } => parse_raws(&file, raws, true, opts, index),
    }
}

/// A record text read and parsed as an import would read it, bodies kept and nothing stored (the
/// transcription desk's preview): each game parsed, or the line and diagnostic of why it cannot
/// be stored; then the diagnostics of text in no game, and the text's encoding.
pub struct ReadText {
    pub games: Vec<std::result::Result<ParsedRecord, (u32, Diagnostic)>>,
    pub outside: Vec<Diagnostic>,
    pub encoding: &'static str,
}

/// Reads `bytes` (a file named `name`) as [`ReadText`].
pub fn read_bytes(name: &str, bytes: &[u8], opts: &Options) -> ReadText {
    let ext = Path::new(name).extension().and_then(|e| e.to_str());
    match split_bytes(name, bytes, ext) {
        SplitFile::Rejected(p) => ReadText {
            games: p
                .games
                .into_iter()
                .filter_map(|g| match g {
                    Prepared::Rejected { line, diagnostic } => Some(Err((line, diagnostic))),
                    Prepared::Game { .. } => None,
                })
                .collect(),
            outside: p.outside,
            encoding: p.encoding,
        },
        SplitFile::Split { file, raws } => ReadText {
            games: raws
                .into_iter()
                .map(|raw| parse_record(&file, raw, opts))
                .collect(),
            outside: file.outside.clone(),
            encoding: file.encoding,
        },
    }
}

/// The identity of a game for duplicate detection: its kind, its tags (names case-folded, values
/// trimmed, sorted) and its body with line ends, trailing spaces and blank lines normalized. The
/// same game saved with CRLF line ends, or re-exported with its tags in another order, is a
/// duplicate; a game with any other difference is not.
pub fn content_hash(kind: Kind, raw: &record::RawGame) -> String {
    let mut h = hash_of_tags(kind, raw);
    // Each line as `str::lines` cuts them, without its trailing white space (`str::trim_end`,
    // which takes a `\r` before the line feed too), the blank ones left out. The lines are found
    // with `memchr` and most end in ASCII, trimmed here byte by byte: `lines` and `trim_end` were
    // two-thirds of this function's time.
    let body = raw.body.as_str();
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', body.as_bytes()).chain([body.len()]) {
        let line = trim_end_fast(&body[start..end]);
        start = end + 1;
        if !line.is_empty() {
            h.update(line.as_bytes());
            h.update([b'\n']);
        }
    }
    hex::encode(h.finalize())
}

/// The hash of [`content_hash`] fed with the kind and the tags.
pub(super) fn hash_of_tags(kind: Kind, raw: &record::RawGame) -> Sha256 {
    let mut h = Sha256::new();
    h.update(kind.as_str().as_bytes());
    h.update([0]);
    let mut tags: Vec<(String, &str)> = raw
        .tags
        .iter()
        .map(|(k, v)| (k.to_lowercase(), v.trim()))
        .collect();
    tags.sort();
    for (k, v) in tags {
        h.update(k.as_bytes());
        h.update([1]);
        h.update(v.as_bytes());
        h.update([2]);
    }
    h.update([0]);
    h
}

/// `s.trim_end()`, with the ASCII white space before any other taken byte by byte.
pub(super) fn trim_end_fast(s: &str) -> &str {
    let b = s.as_bytes();
    let mut n = b.len();
    while n > 0 && matches!(b[n - 1], b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | b' ') {
        n -= 1;
    }
    match b[..n].last() {
        // (cut after an ASCII byte: a character boundary)
        Some(&c) if c >= 0x80 => s[..n].trim_end(),
        _ => &s[..n],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::generate::Rng;

    /// The hash as it was made before `trim_end_fast`: duplicates found in a database made then
    /// must still be found.
    fn content_hash_by_lines(kind: Kind, raw: &record::RawGame) -> String {
        let mut h = hash_of_tags(kind, raw);
        for line in raw
            .body
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.trim().is_empty())
        {
            h.update(line.as_bytes());
            h.update([b'\n']);
        }
        hex::encode(h.finalize())
    }

    #[test]
    fn content_hash_is_the_hash_of_trimmed_lines_as_before() {
        let raw = |body: &str| record::RawGame {
            line: 1,
            body_line: 2,
            tags: vec![
                ("Event".into(), " Cup ".into()),
                ("date".into(), "2020".into()),
            ],
            body: body.into(),
            raw: String::new(),
            diagnostics: Vec::new(),
        };
        // A known value, computed apart from this code (Python's hashlib over the same bytes):
        // the hash of this game may never change, the databases hold it.
        let known = "5f31868f798745e6da5b6c6e17bd4b6b4f712c9bf0fb81c308d69a4614a9bfb9";
        let crlf = raw("1. 魏 炮12平10 \r\n\r\n  \n2. 吴 马6进5\u{3000}");
        assert_eq!(content_hash(Kind::Sanguo, &crlf), known);
        let plain = raw("1. 魏 炮12平10\n2. 吴 马6进5");
        assert_eq!(content_hash_by_lines(Kind::Sanguo, &plain), known);
        // Random bodies of the characters that line ends and trimming care about.
        let pieces = [
            "\n", "\r\n", "\r", " ", "\t", "\u{b}", "\u{c}", "\u{3000}", "\u{a0}", "\u{85}",
            "\u{2028}", "a", "炮", "·", "é", "\u{200b}",
        ];
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            let n = rng.below(14);
            let body: String = (0..n).map(|_| pieces[rng.below(pieces.len())]).collect();
            assert_eq!(
                content_hash(Kind::Hotw, &raw(&body)),
                content_hash_by_lines(Kind::Hotw, &raw(&body)),
                "{body:?}"
            );
            assert_eq!(trim_end_fast(&body), body.trim_end(), "{body:?}");
        }
    }
}
