//! Weaponized Chess's place in the notation registry ([`crate::notations`]): its names, its
//! extension, what in a body says WEC, and what marks a game's progress (turn numbers).

use crate::model::{Ctx, Kind};
use crate::notation::{BodyParse, Notation, body_parse};

/// Weaponized Chess (`.wec`).
pub(crate) struct Wec;

impl Notation for Wec {
    fn kind(&self) -> Kind {
        Kind::Wec
    }

    fn names(&self) -> &'static [&'static str] {
        &["wec", "weaponized chess", "weaponizedchess"]
    }

    /// Another spelling (`Weaponised Chess`) and the Korean name (`무기화 체스`).
    fn names_game(&self, folded: &str) -> bool {
        [
            "weaponizedchess",
            "weaponisedchess",
            "wec",
            "무기화체스",
            "무기체스",
        ]
        .iter()
        .any(|p| folded.starts_with(p))
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["wec"]
    }

    /// A move's `MV:` field.
    fn sniff_line(&self, l: &str, _lower: &str) -> usize {
        if l.contains("MV:") || l.contains("mv:") {
            3
        } else {
            0
        }
    }

    /// A turn number (`1.` Black, `1...` White), as `turn * 2 + white`; turn 1 begins a game.
    fn progress_mark(&self, line: &str) -> Option<(u32, bool)> {
        turn(line).map(|(n, white)| (n.saturating_mul(2).saturating_add(u32::from(white)), n == 1))
    }

    /// `1.` (not `10.`), as 三国's (which answers first).
    fn opens_game(&self, t: &str) -> Option<bool> {
        let mut cs = t.chars().map(crate::text::fold_width);
        match cs.next()? {
            '1' => Some(!cs.next().is_some_and(|c| c.is_ascii_digit())),
            _ => None,
        }
    }

    fn parse(&self, body: &str, ctx: &Ctx<'_>) -> BodyParse {
        body_parse(crate::wec::parse(body, ctx), crate::Body::Wec)
    }
}

/// A WEC turn number opening a line: `1.` (Black) or `1...`, `1…` (White; the bool).
fn turn(line: &str) -> Option<(u32, bool)> {
    let t = line.trim_start();
    let (n, rest) = crate::text::leading_number(t)?;
    let rest: String = rest.chars().take(3).map(crate::text::fold_width).collect();
    if rest.starts_with("...") || rest.starts_with('…') {
        return Some((n, true));
    }
    let mut cs = rest.chars();
    (cs.next() == Some('.') && !cs.next().is_some_and(|c| c.is_ascii_digit())).then_some((n, false))
}
