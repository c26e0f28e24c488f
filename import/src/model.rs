//! The normalized model shared by every notation: the kinds of game, seats, outcomes, and the parsed
//! game that the service stores. Each notation module owns the types of its own moves.

use serde::{Deserialize, Serialize};

use crate::diag::Diagnostic;

/// The record kinds annals knows. Which names, extensions and bodies name a kind is its
/// notation's to say (`Kind::from_name`, `Kind::from_extension` and `FromStr` are in `notations`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Hotw,
    Sanguo,
    Wec,
    Deluge,
}

impl Kind {
    /// Every kind, in the order of their notations in the registry (`notations::NOTATIONS`).
    pub const ALL: [Kind; 4] = [Kind::Hotw, Kind::Sanguo, Kind::Wec, Kind::Deluge];

    /// The lower-case code used in URLs, the database and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Hotw => "hotw",
            Kind::Sanguo => "sanguo",
            Kind::Wec => "wec",
            Kind::Deluge => "deluge",
        }
    }

    /// A human name for pages.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Hotw => "History of the World",
            Kind::Sanguo => "三国演弈棋",
            Kind::Wec => "Weaponized Chess",
            Kind::Deluge => "Diplomacy: Deluge",
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One seat at the table: HotW `A`..`F`, 三国 `吴`/`魏`/`蜀`, WEC `B`/`W`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub seat: String,
    pub name: Option<String>,
    pub color: Option<String>,
}

/// How a game ended, as far as the record tells.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Outcome {
    /// Seats that won (usually one).
    pub winners: Vec<String>,
    /// Seats that shared a draw (empty unless the game or part of it was drawn).
    pub draw: Vec<String>,
    /// A short text for lists: `C 230`, `魏胜`, `B wins`, `和棋`.
    pub summary: String,
}

/// What a notation parser returns for one game body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Parsed<G> {
    pub game: G,
    /// Seats with names and colours, from tags and from the body (HotW's colour line).
    pub players: Vec<Seat>,
    pub outcome: Option<Outcome>,
    /// A title found in the body (三国 writes it there); the `Title` tag wins over it.
    pub title: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Where a body sits in its file, and the game's tags, for a notation parser.
#[derive(Debug, Clone, Copy)]
pub struct Ctx<'a> {
    /// 1-based line number, in the file, of the body's first line.
    pub first_line: u32,
    pub tags: &'a [(String, String)],
}

impl Ctx<'_> {
    /// A tag's value by case-insensitive name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(self.tags, name)
    }
}

/// A tag's value by case-insensitive name (the first one given).
pub fn tag<'t>(tags: &'t [(String, String)], name: &str) -> Option<&'t str> {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}
