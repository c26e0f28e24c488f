//! The line-by-line HotW parser. See the module docs of [`crate::hotw`] for the grammar and every
//! lenient decision; these files hold the mechanics, one part of a record each.
//!
//! [`state`] holds the whole-body state and the line loop, which hands each line to the fast path
//! ([`super::fast`]) or scans it ([`line`]) and reads it by its kind: [`epochs`], [`headers`] and
//! [`turns`], [`pauses`] and their snapshots, [`closing`] lines, the lines before the first turn
//! ([`prelude`]), or a line of the current turn ([`turn_line`]): its [`scores`], [`cards`] (each
//! one's arguments in [`card`]) or [`moves`], read by the line reader of [`lp`]. Wrapped move lines
//! are joined first ([`wrap`]); [`finish`] makes the game's totals, players and outcome.

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
