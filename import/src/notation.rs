//! What a notation tells the rest of the crate about itself: the one interface each notation
//! implements, in its own folder's `entry.rs` (`hotw/entry.rs`, `sanguo/entry.rs`, …), and that
//! [`crate::notations`] lists. Kind detection, the record splitter and [`crate::parse_game`] ask
//! a notation only through it, so that none of them names a notation.

use crate::diag::Diagnostic;
use crate::model::{Ctx, Kind, Outcome, Seat};

/// What a notation's parser makes of a body: the game, players, outcome, title and its own
/// diagnostics.
pub(crate) type BodyParse = (
    crate::Body,
    Vec<Seat>,
    Option<Outcome>,
    Option<String>,
    Vec<Diagnostic>,
);

/// One notation annals reads. Every method but [`Notation::parse`] is a cheap question asked of
/// every notation in turn (in [`crate::notations::NOTATIONS`]' order) where the notation of a text
/// is not known yet.
pub(crate) trait Notation: Sync {
    /// The kind the service stores for a game in this notation.
    fn kind(&self) -> Kind;

    /// The values of a `Game` tag (or of `--kind`) that name this notation, compared with the
    /// value trimmed and case-insensitively ([`Kind::from_name`]). No two notations share one.
    fn names(&self) -> &'static [&'static str];

    /// Whether a `Game` tag value that is none of [`Notation::names`] plainly names this
    /// notation: another spelling, an edition after the name, another language
    /// ([`crate::kind_from_game_name`]). `folded` is the value folded ([`crate::text::fold`]:
    /// width, traditional characters, case) with only its letters and digits kept, never empty.
    fn names_game(&self, folded: &str) -> bool;

    /// The file extensions of this notation's records, without the dot, compared
    /// case-insensitively ([`Kind::from_extension`]).
    fn extensions(&self) -> &'static [&'static str];

    /// How strongly one body line says the body is in this notation (0: not at all);
    /// [`crate::sniff`] adds up the first 200 lines' scores and takes the notation with the most.
    /// `line` is the line trimmed, its full-width punctuation as ASCII; `lower` is `line` in
    /// ASCII lower case.
    fn sniff_line(&self, line: &str, lower: &str) -> usize;

    /// The place of a body line in a game's progress, for the record splitter: `(ordinal,
    /// start)`, the ordinal growing as the game goes on, `start` when a game may begin at the
    /// line; None for a line that marks none. A separator line, or a blank line, followed by a
    /// mark that begins the game again cuts a body in two games.
    fn progress_mark(&self, line: &str) -> Option<(u32, bool)>;

    /// Whether a body line after a blank line may start a game of this notation, told cheaply
    /// (mostly at its first character) before the splitter reads the notation's marks: `Some`
    /// when the line is of a form this notation answers for (the answer: whether it may start a
    /// game), None when it is not. The first notation to answer decides, in [`crate::notations::NOTATIONS`]'
    /// order. `line` is a body line that is not blank, as the file has it.
    fn opens_game(&self, line: &str) -> Option<bool>;

    /// Reads a body in this notation. Never panics and never fails: what cannot be read becomes
    /// a diagnostic.
    fn parse(&self, body: &str, ctx: &Ctx<'_>) -> BodyParse;
}

/// A notation's parse result as a [`BodyParse`], its game wrapped as the [`crate::Body`] of its
/// kind.
pub(crate) fn body_parse<G>(p: crate::model::Parsed<G>, body: fn(G) -> crate::Body) -> BodyParse {
    (body(p.game), p.players, p.outcome, p.title, p.diagnostics)
}
