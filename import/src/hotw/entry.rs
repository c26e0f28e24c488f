//! History of the World's place in the notation registry ([`crate::notations`]): its names, its
//! extension, what in a body says HotW, and what marks a game's progress (epoch and turn headers).

use crate::model::{Ctx, Kind};
use crate::notation::{BodyParse, Notation, body_parse};

/// History of the World (`.hotw`).
pub(crate) struct Hotw;

impl Notation for Hotw {
    fn kind(&self) -> Kind {
        Kind::Hotw
    }

    fn names(&self) -> &'static [&'static str] {
        &[
            "hotw",
            "history of the world",
            "history-of-the-world",
            "世史",
        ]
    }

    fn names_game(&self, folded: &str) -> bool {
        [
            "historyoftheworld",
            "abriefhistoryoftheworld",
            "hotw",
            "世史",
        ]
        .iter()
        .any(|p| folded.starts_with(p))
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["hotw"]
    }

    fn sniff_line(&self, l: &str, _lower: &str) -> usize {
        let mut score = 0;
        // `Cre-->Pin`, an epoch header
        if l.contains("-->") || l.starts_with("EI") || l.starts_with("EV") {
            score += 2;
        }
        // a turn header, `A(Sumer): …`
        let b = l.as_bytes();
        if b.len() > 3 && (b'A'..=b'F').contains(&b[0]) && b[1] == b'(' && l.contains("):") {
            score += 2;
        }
        score
    }

    /// Epoch headers and turn headers ([`crate::hotw::progress_mark`]).
    fn progress_mark(&self, line: &str) -> Option<(u32, bool)> {
        crate::hotw::progress_mark(line)
    }

    /// An epoch header (`EI` in any form, after a rule or heading mark); `EII`…`EVII`, most of
    /// the epoch headers, told at once.
    fn opens_game(&self, t: &str) -> Option<bool> {
        match t.chars().next().map(crate::text::fold_width)? {
            'E' | 'e' if t.contains("II") || t.contains('V') => Some(false),
            'E' | 'e' | '-' | '=' | '*' | '#' | '[' => {
                Some(crate::hotw::progress_mark(t).is_some_and(|m| m.1))
            }
            _ => None,
        }
    }

    fn parse(&self, body: &str, ctx: &Ctx<'_>) -> BodyParse {
        body_parse(crate::hotw::parse(body, ctx), crate::Body::Hotw)
    }
}
