//! Record files: bytes → text (encoding detection and transcoding) → games (tag pairs and a body).
//!
//! A file holds one or more games. A game is an optional block of PGN-style tag pairs
//! (`[Name "Value"]`, one per line), then the body. A tag line after a body starts the next game;
//! so does a separator line (`----`) followed by a game that starts again in the notation of the
//! one before ([`split_games`]: the one place here that looks at the notation, only at what marks a
//! game's progress).
//! Apart from that, nothing here knows any notation: bodies are handed to the notation modules
//! untouched.
//!
//! - [`decode`]: bytes → text (`decode.rs`; what a pasted record was wrapped in is taken off by
//!   `crate::unwrap`);
//! - [`split_games`]: text → games at their tag blocks (`split.rs`, reading tag lines with
//!   `tags.rs`), each game tidied (`tidy.rs`, dates by `date.rs`) and cut again at separators
//!   (`separated.rs`, telling lines by `lines.rs`); the notation of a game is asked only through
//!   `crate::notations`.

pub mod code;
mod date;
mod decode;
#[cfg(test)]
mod linear;
mod lines;
mod raw;
mod separated;
mod split;
mod tags;
#[cfg(test)]
mod tests;
mod tidy;

pub use decode::{Decoded, decode};
pub use raw::RawGame;
pub use split::{GAME_MARK, split_games};

use crate::diag::{Diagnostic, Severity};

/// The lines of a text, each with its `\n` (as `split_inclusive('\n')`), found a word at a time
/// ([`find_newline`](crate::text::find_newline); `memchr` paid its set-up on every short line, 80
/// instructions a line). [`split_games`] walks the lines so, on offsets; this is its walk as an
/// iterator, for the test that holds it to `split_inclusive`.
#[cfg(test)]
pub(crate) fn lines_inclusive(text: &str) -> impl Iterator<Item = &str> {
    let mut pos = 0usize;
    std::iter::from_fn(move || {
        let rest = text.get(pos..).filter(|r| !r.is_empty())?;
        let len = crate::text::find_newline(rest.as_bytes()).map_or(rest.len(), |k| k + 1);
        pos += len;
        rest.get(..len)
    })
}

/// The severity counts of a list of diagnostics: (errors, warnings).
pub fn counts(d: &[Diagnostic]) -> (usize, usize) {
    (
        d.iter().filter(|x| x.severity == Severity::Error).count(),
        d.iter().filter(|x| x.severity == Severity::Warning).count(),
    )
}
