//! The notations annals reads, in one list ([`NOTATIONS`]), and every question asked of "some
//! notation": which kind a `Game` tag, an extension or a body names ([`detect`], [`sniff`],
//! [`kind_from_game_name`], [`Kind::from_name`], [`Kind::from_extension`]), what marks a game's
//! progress ([`progress_mark`], [`opens_game`]) and the parse of a body ([`parse`]). Adding a
//! notation is its folder with an `entry.rs` implementing [`Notation`], and its line here.

use crate::diag::Diagnostic;
use crate::model::{Ctx, Kind};
use crate::notation::{BodyParse, Notation};

/// Every notation, in the order of [`Kind::ALL`] (each at the index of its kind): the order
/// [`sniff`] breaks a tie in (the later wins) and [`kind_from_game_name`] and [`opens_game`] ask
/// in.
pub(crate) static NOTATIONS: [&dyn Notation; Kind::ALL.len()] = [
    &crate::hotw::entry::Hotw,
    &crate::sanguo::entry::Sanguo,
    &crate::wec::entry::Wec,
    &crate::deluge::entry::Deluge,
];

/// The notation of a kind.
#[inline]
pub(crate) fn of(kind: Kind) -> &'static dyn Notation {
    // (the test below checks that each notation is at its kind's index)
    NOTATIONS[kind as usize]
}

/// Diagnostic codes of the kind's detection (also at their old paths, `record::code::…`).
pub mod code {
    pub const KIND_SNIFFED: &str = "record.kind-sniffed";
    pub const KIND_TAG_UNKNOWN: &str = "record.kind-tag-unknown";
    /// info: a `Game` tag read as a kind from another spelling of the game's name.
    pub const KIND_TAG_ALIAS: &str = "record.kind-tag-alias";
    /// info: the kind read from a tag other than `Game` that names it (`GameType`, `Type`,
    /// `Kind`, `Variant`, `Game Type`).
    pub const KIND_TAG_NAME: &str = "record.kind-tag-name";
}

impl Kind {
    /// The value of a `Game` tag (or `--kind`), case-insensitive, with the aliases README.md lists
    /// (each notation's [`Notation::names`]).
    pub fn from_name(s: &str) -> Option<Kind> {
        let t = s.trim();
        NOTATIONS
            .iter()
            .find(|n| n.names().iter().any(|x| t.eq_ignore_ascii_case(x)))
            .map(|n| n.kind())
    }

    /// The kind a file extension names (`hotw`, `sanguo`, `wec`, `dip`), case-insensitive (each
    /// notation's [`Notation::extensions`]).
    pub fn from_extension(ext: &str) -> Option<Kind> {
        NOTATIONS
            .iter()
            .find(|n| n.extensions().iter().any(|x| ext.eq_ignore_ascii_case(x)))
            .map(|n| n.kind())
    }
}

impl std::str::FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Kind::from_name(s)
            .ok_or_else(|| format!("unknown kind {s:?} (expected hotw, sanguo, wec or deluge)"))
    }
}

/// Where a game's kind came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KindSource {
    Tag,
    Extension,
    Option,
    Sniff,
}

/// Tags other than `Game` that some transcribers name the game in, in the order they are asked
/// (`[Game Type "…"]` is read as `GameType`).
const KIND_TAGS: [&str; 6] = [
    "GameType",
    "Game-Type",
    "Game_Type",
    "Kind",
    "Type",
    "Variant",
];

/// A game's kind and where it came from ([`crate::detect_kind`]), from the parts of a raw game:
/// its tags and first line, its body and the body's first line.
pub(crate) fn detect(
    tags: &[(String, String)],
    line: u32,
    body: &str,
    body_line: u32,
    extension: Option<&str>,
    option: Option<Kind>,
) -> (Option<(Kind, KindSource)>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let tag = |name: &str| crate::model::tag(tags, name);
    if let Some(v) = tag("Game") {
        if let Some(k) = Kind::from_name(v) {
            return (Some((k, KindSource::Tag)), diags);
        }
        if let Some(k) = kind_from_game_name(v) {
            diags.push(Diagnostic::info(
                code::KIND_TAG_ALIAS,
                line,
                1,
                format!("Game tag {v:?} read as {}", k.as_str()),
            ));
            return (Some((k, KindSource::Tag)), diags);
        }
        diags.push(Diagnostic::warning(
            code::KIND_TAG_UNKNOWN,
            line,
            1,
            format!("Game tag {v:?} names no kind annals knows; looking elsewhere"),
        ));
    }
    // the kind in a tag of another name (`[GameType "HotW"]`, `[Variant "Deluge"]`): only a value
    // that names a kind is taken; any other (`[Type "rated"]`) is not the game's kind
    for name in KIND_TAGS {
        if let Some(v) = tag(name)
            && let Some(k) = Kind::from_name(v).or_else(|| kind_from_game_name(v))
        {
            diags.push(Diagnostic::info(
                code::KIND_TAG_NAME,
                line,
                1,
                format!("{name} tag {v:?} read as the game's kind, {}", k.as_str()),
            ));
            return (Some((k, KindSource::Tag)), diags);
        }
    }
    if let Some(k) = extension.and_then(Kind::from_extension) {
        return (Some((k, KindSource::Extension)), diags);
    }
    if let Some(k) = option {
        return (Some((k, KindSource::Option)), diags);
    }
    if let Some(k) = sniff(body) {
        diags.push(Diagnostic::info(
            code::KIND_SNIFFED,
            body_line,
            1,
            format!("kind {} recognised from the notation", k.as_str()),
        ));
        return (Some((k, KindSource::Sniff)), diags);
    }
    (None, diags)
}

/// The kind a `Game` tag value names that is none of the names of [`Kind::from_name`]
/// ([`Notation::names_game`], asked in [`NOTATIONS`]' order).
pub(crate) fn kind_from_game_name(v: &str) -> Option<Kind> {
    // folded (width, traditional → simplified, case) and without spaces or punctuation
    let f: String = crate::text::fold(v)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect();
    if f.is_empty() {
        return None;
    }
    NOTATIONS
        .iter()
        .find(|n| n.names_game(&f))
        .map(|n| n.kind())
}

/// A body's notation guessed from what only that notation writes: the one whose
/// [`Notation::sniff_line`] scores the first 200 lines highest (on a tie the later in
/// [`NOTATIONS`]); None when no line scores.
pub(crate) fn sniff(body: &str) -> Option<Kind> {
    let mut scores = [0usize; Kind::ALL.len()];
    for line in body.lines().take(200) {
        // full-width punctuation (`（`, `：`) as its ASCII form
        let folded: String;
        let l = if line.is_ascii() {
            line.trim()
        } else {
            folded = line.chars().map(crate::text::fold_width).collect();
            folded.trim()
        };
        let lower = l.to_ascii_lowercase();
        for (score, n) in scores.iter_mut().zip(NOTATIONS) {
            *score += n.sniff_line(l, &lower);
        }
    }
    let (best, score) = scores.iter().enumerate().max_by_key(|(_, s)| **s)?;
    if *score == 0 {
        return None;
    }
    NOTATIONS.get(best).map(|n| n.kind())
}

/// The place of a body line in the progress of a game of `kind` ([`Notation::progress_mark`]).
#[inline]
pub(crate) fn progress_mark(kind: Kind, line: &str) -> Option<(u32, bool)> {
    of(kind).progress_mark(line)
}

/// Whether a body line after a blank line may start a game in some notation: the answer of the
/// first notation that answers ([`Notation::opens_game`]), else no.
pub(crate) fn opens_game(line: &str) -> bool {
    NOTATIONS
        .iter()
        .find_map(|n| n.opens_game(line))
        .unwrap_or(false)
}

/// A body read in the notation of `kind` ([`Notation::parse`]).
pub(crate) fn parse(body: &str, ctx: &Ctx<'_>, kind: Kind) -> BodyParse {
    of(kind).parse(body, ctx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_notation_is_at_its_kinds_index() {
        for (i, k) in Kind::ALL.into_iter().enumerate() {
            assert_eq!(k as usize, i);
            assert_eq!(NOTATIONS[i].kind(), k);
            assert_eq!(of(k).kind(), k);
        }
    }

    #[test]
    fn names_and_extensions_name_one_notation_each() {
        for n in NOTATIONS {
            for name in n.names() {
                assert_eq!(Kind::from_name(name), Some(n.kind()), "{name}");
                assert_eq!(
                    Kind::from_name(&name.to_uppercase()),
                    Some(n.kind()),
                    "{name}"
                );
            }
            for ext in n.extensions() {
                assert_eq!(Kind::from_extension(ext), Some(n.kind()), "{ext}");
            }
            assert!(n.names().contains(&n.kind().as_str()));
        }
        assert_eq!(Kind::from_extension("txt"), None);
        assert_eq!(Kind::from_name("chess"), None);
        assert_eq!("dip".parse::<Kind>(), Ok(Kind::Deluge));
    }
}
