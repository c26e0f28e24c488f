//! The HotW data tables (regions, empires, cards, aliases) and lenient name resolution.
//!
//! The tables live in `import/data/hotw/*.csv` (each names its source in a `#` header: the HotW notation
//! appendices 1–3 and the forms its own records write) and are compiled in with `include_str!`, parsed
//! once into hash maps (a [`LazyLock`]).
//!
//! Resolution of a written name, in order (the first step that answers wins):
//! 1. the canonical code exactly as written;
//! 2. the code ignoring case, dots (`E.Ana` → `EAna`, a trailing `Nub.`), full-width forms and `Δ`
//!    written for `Del` (`GanΔ` → `GanDel`) — reported as info;
//! 3. a known alias from `aliases.csv` (same folding) — info;
//! 4. the full English name, ignoring case, spaces and punctuation (`Great Plain of China`) — info;
//! 5. a close misspelling: the unique code or alias at the smallest edit distance, at most 1 for
//!    names of up to 6 letters and 2 for longer ones — a warning. When two different codes are
//!    equally close (`GPA`: `GPC` or `GP`; `Sei`: `Si` or `Wei`) nothing is guessed.
//!
//! What none of these settles is kept verbatim by the parser and reported as unknown.
//!
//! The maps' hashing is `hash`'s, the index of one kind of name and its resolution steps
//! `index`'s; `rows` holds the rows' types, `load` reads the CSV files, `lookup` answers the
//! readers, `roman` reads the epochs' numerals.

mod hash;
mod index;
mod load;
mod lookup;
mod roman;
mod rows;
#[cfg(test)]
mod tests;

use std::sync::LazyLock;

use hash::HashMap;
pub use hash::{Fnv, WordHasher};
use index::Index;
pub use index::{fold_key, with_key};
pub use roman::{is_numeral_char, roman, roman_lenient, roman_str};
pub use rows::{Card, Empire, How, Region, RegionType};

/// The tables, parsed once.
#[derive(Debug, Default)]
pub struct Tables {
    pub regions: Vec<Region>,
    pub empires: Vec<Empire>,
    pub cards: Vec<Card>,
    /// Area codes of appendix 1 (China, Nip, SEAsia, AUST…), by folded key.
    areas: HashMap<String, String>,
    region_ix: Index,
    empire_ix: Index,
    card_ix: Index,
    /// For each region row: does its code, read as a card, name one? (see [`Tables::is_card`])
    region_is_card: Vec<bool>,
    /// For each region row: is its code, written exactly, read as a region when it opens a line
    /// of a turn? (No card, no `civil`/`king` form, no seat letter; see [`Tables::move_opener`].)
    region_opens_moves: Vec<bool>,
    /// For each card row: is its code, written exactly, read as that card with nothing to settle
    /// (not `Civil…`/`King…`, read by their arguments; see [`Tables::plain_card`])?
    card_is_plain: Vec<bool>,
}

/// The tables, loaded on first use.
pub static TABLES: LazyLock<Tables> = LazyLock::new(Tables::load);
