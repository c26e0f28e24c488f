//! The line-by-line HotW parser. See the module docs of [`crate::hotw`] for the grammar and every
//! lenient decision; these files hold the mechanics, one part of a record each.
//!
//! `body` holds the line loop: each line joined with the lines it wraps onto (`wrap`), then read
//! by the fast path (`super::fast`) or scanned (`line`) and read by its kind into the whole-body
//! `state`: `epochs`, turn `headers` and the `turns` they open, `pauses` and their snapshots,
//! `closing` lines, the lines before the first turn (`prelude`), or a line of the current turn
//! (`turn_line`): its `scores`, its `cards` (each one named and its arguments read in `card`) or
//! its `moves`, read by the line reader of `lp`. `finish` makes the game's totals, players and
//! outcome; `progress` tells a line's place in a game for splitting a file of games.

mod body;
mod card;
mod cards;
mod closing;
mod epochs;
mod finish;
mod headers;
mod line;
mod lp;
mod moves;
mod pauses;
mod prelude;
mod progress;
mod scores;
mod state;
#[cfg(test)]
mod tests;
mod turn_line;
mod turns;
mod wrap;

pub use crate::hotw::items::battle_word;
pub(crate) use progress::progress_mark;

use crate::hotw::game::HotwGame;
use crate::model::{Ctx, Parsed};

/// Parses a body (see [`crate::hotw::parse`]).
pub fn parse_body(body: &str, ctx: &Ctx) -> Parsed<HotwGame> {
    body::parse_body_with(body, ctx, true)
}
