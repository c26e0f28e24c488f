//! `annals-import`: the notation crate of annals.
//!
//! Reads record files (encodings, tag pairs, bodies), parses each game's notation into a normalized
//! model, and reports every problem as a [`diag::Diagnostic`]. It knows nothing of SQL, HTTP or the
//! search index: the service (`annals`) stores and serves what this crate produces.
//!
//! - [`record`]: bytes → text (a pasted record unwrapped) → [`record::RawGame`]s;
//!   [`take_preamble`] drops a poster's lines before a file's first game.
//! - [`detect_kind`]: which notation a game is written in.
//! - [`parse_game`]: a raw game → [`ParsedGame`] (normalized moves + diagnostics).
//! - [`hotw`], [`sanguo`], [`wec`], [`deluge`]: one module per notation. Each plugs in through its
//!   `entry.rs`, which implements the `Notation` trait (`notation.rs`: its kind, names, extensions,
//!   sniff score, progress marks and parse); `notations.rs` lists them (`NOTATIONS`), and kind
//!   detection, the record splitter and [`parse_game`] ask a notation only through it.

pub mod deluge;
pub mod diag;
pub mod hotw;
pub mod model;
mod notation;
mod notations;
pub mod position;
pub mod record;
pub mod sanguo;
pub mod text;
mod unwrap;
pub mod wec;
mod work;

use serde::{Deserialize, Serialize};

pub use diag::{Diagnostic, Severity};
pub use model::{Kind, Outcome, Seat};
pub use notations::KindSource;
pub use record::RawGame;

/// The normalized body of a game, by kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Body {
    Hotw(hotw::HotwGame),
    Sanguo(sanguo::SanguoGame),
    Wec(wec::WecGame),
    Deluge(deluge::DelugeGame),
}

impl Body {
    /// The number of normalized moves (HotW turns, 三国 plies, WEC turns, Deluge orders).
    pub fn move_count(&self) -> usize {
        match self {
            Body::Hotw(g) => g.turns.len(),
            Body::Sanguo(g) => g.moves.len(),
            Body::Wec(g) => g.turns.len(),
            Body::Deluge(g) => g.orders.len(),
        }
    }

    /// The `moves` array of the API document.
    pub fn moves_json(&self) -> serde_json::Value {
        let v = match self {
            Body::Hotw(g) => serde_json::to_value(&g.turns),
            Body::Sanguo(g) => serde_json::to_value(&g.moves),
            Body::Wec(g) => serde_json::to_value(&g.turns),
            Body::Deluge(g) => serde_json::to_value(&g.orders),
        };
        v.unwrap_or(serde_json::Value::Null)
    }
}

/// A game read and normalized: what the service stores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ParsedGame {
    pub kind: Kind,
    pub tags: Vec<(String, String)>,
    pub title: Option<String>,
    pub players: Vec<Seat>,
    pub outcome: Option<Outcome>,
    pub body: Body,
    /// Diagnostics of the record reader and the notation parser, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Decides a game's kind, in the order the record format gives: the `Game` tag, the file extension, the
/// `--kind` option, then a sniff of the body. Returns the diagnostics of the decision (an unknown
/// `Game` tag, a sniffed kind).
pub fn detect_kind(
    raw: &RawGame,
    extension: Option<&str>,
    option: Option<Kind>,
) -> (Option<(Kind, KindSource)>, Vec<Diagnostic>) {
    notations::detect(
        &raw.tags,
        raw.line,
        &raw.body,
        raw.body_line,
        extension,
        option,
    )
}

/// A `Game` tag value that is none of the record format's names but plainly names one of the games, as
/// other transcribers write them: another spelling or case (`Weaponized-Chess`, `Weaponised
/// Chess`), an edition or variant after the name (`History of the World (Avalon Hill)`, `Deluge
/// II`, `Diplomacy: Deluge`), the English name of 三国演弈棋 (`Three Kingdoms`), or its name with
/// 演义 (the novel's title, a common slip for 演弈) in simplified or traditional characters, the
/// Korean of the WEC manual's title (`무기화 체스`) and of the Three Kingdoms (`삼국`). Each notation
/// says which names are its own (its `entry.rs`).
pub fn kind_from_game_name(v: &str) -> Option<Kind> {
    notations::kind_from_game_name(v)
}

/// Guesses a body's notation from what only that notation writes (each notation scores the lines
/// it recognises; its `entry.rs`).
pub fn sniff(body: &str) -> Option<Kind> {
    notations::sniff(body)
}

/// The diagnostic code of [`parse_game`]'s own repair.
pub mod code {
    /// info: invisible characters in a body (a zero-width space, a soft hyphen, a byte-order mark
    /// inside a line, a direction mark: U+200B–U+200F, U+202A–U+202E, U+2060–U+2064,
    /// U+2066–U+2069, U+FEFF, U+00AD, U+180E), pasted from a web page or a word processor, read
    /// past: the body is read again without them when it did not read whole with them and reads
    /// with fewer errors without. The raw text keeps them; the columns of the other diagnostics
    /// are the file's.
    pub const INVISIBLE: &str = "text.invisible";
}

/// A character that shows nothing and means nothing in a notation (see [`code::INVISIBLE`]).
fn invisible(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{feff}' | '\u{ad}' | '\u{180e}')
}

use notation::BodyParse;

fn parse_body(body: &str, ctx: &model::Ctx<'_>, kind: Kind) -> BodyParse {
    notations::parse(body, ctx, kind)
}

/// A body that did not read whole, read again without its invisible characters
/// ([`code::INVISIBLE`]): the new reading when it has fewer errors, its diagnostics' columns put
/// back where the characters were, and the info at the first one. Cold: only for a body with an
/// error.
#[cold]
#[inline(never)]
fn reparse_visible(body: &str, ctx: &model::Ctx<'_>, kind: Kind, first: BodyParse) -> BodyParse {
    let errors = |d: &[Diagnostic]| d.iter().filter(|x| x.severity == Severity::Error).count();
    if !body.contains(invisible) {
        return first;
    }
    // the body without them, and where each was (line, column), in order
    let mut visible = String::with_capacity(body.len());
    let mut removed: Vec<(u32, u32)> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for (i, line) in body.split('\n').enumerate() {
        if i > 0 {
            visible.push('\n');
        }
        let lno = ctx
            .first_line
            .saturating_add(u32::try_from(i).unwrap_or(u32::MAX));
        for (col, c) in line.chars().enumerate() {
            if invisible(c) {
                removed.push((lno, u32::try_from(col + 1).unwrap_or(u32::MAX)));
                let name = format!("U+{:04X}", u32::from(c));
                if !names.contains(&name) {
                    names.push(name);
                }
            } else {
                visible.push(c);
            }
        }
    }
    let mut second = parse_body(&visible, ctx, kind);
    if errors(&second.4) >= errors(&first.4) {
        return first;
    }
    for d in &mut second.4 {
        // (`removed` is in file order: the line's own are found by halving, not by a pass over
        // all of them for each diagnostic)
        let lo = removed.partition_point(|&(l, _)| l < d.line);
        let hi = removed.partition_point(|&(l, _)| l <= d.line);
        d.col = file_col(removed.get(lo..hi).unwrap_or_default(), d.col);
    }
    if let Some(&(line, col)) = removed.first() {
        second.4.push(Diagnostic::info(
            code::INVISIBLE,
            line,
            col,
            format!(
                "{} invisible character{} ({}) read past",
                removed.len(),
                if removed.len() == 1 { "" } else { "s" },
                names.join(", ")
            ),
        ));
    }
    second
}

/// A column of a line read without its invisible characters, as a column of the file's line: one
/// more for each character removed before it. `removed` are the removed characters' columns on
/// the line, rising. Those that count are the first `m`, the `i`th at a column no later than
/// `col + i`: as the columns rise by one at least, `at - i` never falls, and `m` is found by
/// halving.
fn file_col(removed: &[(u32, u32)], col: u32) -> u32 {
    let (mut lo, mut hi) = (0usize, removed.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let at = removed.get(mid).map_or(0, |&(_, at)| u64::from(at));
        work::examined(1);
        if at <= u64::from(col) + mid as u64 {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    col.saturating_add(u32::try_from(lo).unwrap_or(u32::MAX))
}

/// At most this many non-blank lines make a preamble ([`take_preamble`]).
const PREAMBLE_LINES: usize = 6;
/// How much of a preamble its diagnostic quotes: enough for six lines of any sensible length, so
/// that the text is kept whole.
const PREAMBLE_CHARS: usize = 2000;

/// Takes off the games of a file a preamble: a few lines of text before its first tag block
/// (`Here is last night's game, as promised.`, `Bob wrote:`), with no tags of their own and no
/// move that the notation of the game after them reads. [`record::split_games`] makes such text a
/// game of its own, since a file's games may have no tags; this tells it apart, and returns the
/// info diagnostic (`record.preamble`, quoting the text) that stands for it. A first game with a
/// move, tags, or more than a few lines is left as it is.
pub fn take_preamble(
    raws: &mut Vec<RawGame>,
    extension: Option<&str>,
    option: Option<Kind>,
) -> Option<Diagnostic> {
    let [first, next, ..] = raws.as_slice() else {
        return None;
    };
    if !first.tags.is_empty() || next.tags.is_empty() {
        return None;
    }
    let text: Vec<&str> = first
        .body
        .split('\n')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if text.is_empty() || text.len() > PREAMBLE_LINES {
        return None;
    }
    let kind = detect_kind(next, extension, option).0?.0;
    if parse_game(first, kind).body.move_count() > 0 {
        return None;
    }
    let mut quoted = text.join(" / ");
    if let Some((cut, _)) = quoted.char_indices().nth(PREAMBLE_CHARS) {
        quoted.truncate(cut);
        quoted.push('…');
    }
    let d = Diagnostic::info(
        record::code::PREAMBLE,
        first.line,
        1,
        format!(
            "text before the first game, not a game (no tags, no move), not stored as one: \"{quoted}\""
        ),
    );
    raws.remove(0);
    Some(d)
}

/// Parses a game's body in the notation of `kind`. Never panics and never fails: what cannot be read
/// becomes a diagnostic.
pub fn parse_game(raw: &RawGame, kind: Kind) -> ParsedGame {
    let ctx = model::Ctx {
        first_line: raw.body_line,
        tags: &raw.tags,
    };
    let mut parsed = parse_body(&raw.body, &ctx, kind);
    if parsed.4.iter().any(|d| d.severity == Severity::Error) {
        parsed = reparse_visible(&raw.body, &ctx, kind, parsed);
    }
    let (body, players, outcome, title, found) = parsed;
    let mut diagnostics = raw.diagnostics.clone();
    diagnostics.extend(found);
    diagnostics.sort_by_key(|d| (d.line, d.col));
    let title = raw
        .tag("Title")
        .map(str::to_string)
        .filter(|t| !t.trim().is_empty())
        .or(title);
    ParsedGame {
        kind,
        tags: raw.tags.clone(),
        title,
        players,
        outcome,
        body,
        diagnostics,
    }
}

#[cfg(test)]
mod tests {
    /// [`super::file_col`] moves a column on as a pass over each removed character does.
    #[test]
    fn file_col_reads_as_a_pass_over_each() {
        let mut rng = crate::work::Rng::new(0x9e37_79b9_7f4a_7c15_u64);
        for _ in 0..20_000 {
            let mut removed = Vec::new();
            let mut at = 0u32;
            for _ in 0..rng.below(8) {
                at += 1 + rng.below(3) as u32;
                removed.push((1u32, at));
            }
            let col = 1 + rng.below(20) as u32;
            let mut pass = col;
            for &(_, at) in &removed {
                if at <= pass {
                    pass += 1;
                }
            }
            assert_eq!(super::file_col(&removed, col), pass, "{removed:?} {col}");
        }
    }
}
