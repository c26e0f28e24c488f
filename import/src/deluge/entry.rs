//! Diplomacy: Deluge's place in the notation registry ([`crate::notations`]): its names, its
//! extensions, what in a body says Deluge, and what marks a game's progress (seasons).

use crate::model::{Ctx, Kind};
use crate::notation::{BodyParse, Notation, body_parse};

/// Diplomacy: Deluge (`.dip`, `.deluge`).
pub(crate) struct Deluge;

impl Notation for Deluge {
    fn kind(&self) -> Kind {
        Kind::Deluge
    }

    fn names(&self) -> &'static [&'static str] {
        &["deluge", "diplomacy", "diplomacy deluge", "dip"]
    }

    /// Any name with `deluge` in it (`Deluge II`, `Diplomacy: Deluge`), and standard Diplomacy's
    /// `Standard`, `Classic`, `Standard Diplomacy`, `Classic Diplomacy` (read by the same reader on
    /// the standard map: see `start::is_standard`).
    fn names_game(&self, folded: &str) -> bool {
        folded.contains("deluge")
            || matches!(
                folded,
                "standard" | "classic" | "standarddiplomacy" | "classicdiplomacy"
            )
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["dip", "deluge"]
    }

    /// A season heading (`Spring 1901`, `S1901`), a judge's report heading, a power's orders.
    fn sniff_line(&self, _l: &str, lower: &str) -> usize {
        let mut score = 0;
        if [
            "spring 19",
            "fall 19",
            "autumn 19",
            "winter 19",
            "s19",
            "f19",
            "w19",
            "s 19",
            "f 19",
            "w 19",
        ]
        .iter()
        .any(|p| lower.starts_with(p))
        {
            score += 2;
        }
        // judge reports: `Movement results for Spring of 1901.`, `Adjustment orders for Winter of 1901.`
        if ["movement ", "retreat ", "adjustment "]
            .iter()
            .any(|p| lower.starts_with(p))
            && (lower.contains(" of 19") || lower.contains(" of 20"))
        {
            score += 3;
        }
        // `England: F Lon-Nth`, `Austria:  Army Budapest -> Serbia.`
        if let Some((head, _)) = lower.split_once(':')
            && super::map::power(head).is_some_and(|_| head.trim().len() > 1)
        {
            score += 1;
        }
        score
    }

    /// A season and year (`Spring 1901`, `1901 Spring`, `S1901`, `Winter of 1900`, a judge's
    /// `Movement results for Spring of 1901`) as `year * 4 + season`; a game begins in Winter
    /// 1900 or Spring 1901.
    fn progress_mark(&self, line: &str) -> Option<(u32, bool)> {
        season(line).map(|o| (o, o <= 1901 * 4))
    }

    /// A short line naming 1900 or 1901 (no `memchr` set-up a line); it never says no, so that
    /// the notations that know a line by its first character answer first.
    fn opens_game(&self, t: &str) -> Option<bool> {
        (t.len() < 80
            && t.as_bytes()
                .windows(4)
                .any(|w| w == b"1900" || w == b"1901"))
        .then_some(true)
    }

    fn parse(&self, body: &str, ctx: &Ctx<'_>) -> BodyParse {
        body_parse(super::parse(body, ctx), crate::Body::Deluge)
    }
}

/// A Deluge season heading a line, as `year * 4 + season` (Spring 0, Summer 1, Fall 2,
/// Winter 3): `Spring 1901`, `Fall of 1901`, `1901 Spring`, `S1901`, `F 1901`, `W1901A`, a
/// judge's `Movement results for Spring of 1901.`; the year from 1800 to 2099.
fn season(line: &str) -> Option<u32> {
    let low = line.trim().to_ascii_lowercase();
    let low = low.trim_end_matches([':', '.']);
    // (a judge's report: the season after ` for `)
    let low = match low.split_once(" for ") {
        Some((head, tail))
            if ["movement ", "retreat ", "adjustment "]
                .iter()
                .any(|p| head.starts_with(p)) =>
        {
            tail
        }
        _ => low,
    };
    const SEASONS: [(&str, u32); 6] = [
        ("spring", 0),
        ("summer", 1),
        ("fall", 2),
        ("autumn", 2),
        ("winter", 3),
        ("", 0),
    ];
    let year = |w: &str| -> Option<u32> {
        let y: u32 = w.parse().ok()?;
        (w.len() == 4 && (1800..2100).contains(&y)).then_some(y)
    };
    let words: Vec<&str> = low.split_whitespace().collect();
    let season = |w: &str| {
        SEASONS
            .iter()
            .find(|(n, _)| !n.is_empty() && *n == w)
            .map(|&(_, s)| s)
    };
    let (s, y) = match words.as_slice() {
        [w, rest @ ..] if season(w).is_some() => {
            let rest = rest.strip_prefix(&["of"]).unwrap_or(rest);
            (season(w)?, year(rest.first()?)?)
        }
        [y, w, ..] if year(y).is_some() && season(w).is_some() => (season(w)?, year(y)?),
        [w, rest @ ..] => {
            // `S1901`, `S1901M`, `F 1901`, `W 1900`
            let (c, tail) = w.split_at_checked(1)?;
            let s = match c {
                "s" => 0,
                "f" | "a" => 2,
                "w" => 3,
                _ => return None,
            };
            let tail = tail.trim_end_matches(['m', 'r', 'a', 'b']);
            let y = if tail.is_empty() {
                year(rest.first()?)?
            } else {
                year(tail)?
            };
            (s, y)
        }
        [] => return None,
    };
    Some(y * 4 + s)
}
