//! What a HotW record reads into: the game, its turns, cards, expansions, builds and holdings
//! snapshots.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::tokens::Tokens;

/// A parsed HotW game.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct HotwGame {
    /// One entry per empire turn, in record order (the game's `moves`).
    pub turns: Vec<Turn>,
    /// Holdings snapshots written at an interruption (chapter 6).
    pub checkpoints: Vec<Checkpoint>,
    /// Comments written before the first turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Lines that belong to no turn and could not be read, verbatim.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unparsed: Vec<String>,
    /// The final scores a transcriber wrote after the turns (`Final: A 12, B 30, C 25`,
    /// `最終分數：A 12，B 30`), as read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub final_scores: Vec<FinalScore>,
    /// Lines after the turns read as the game's result (the final scores, `Winner: C`), as
    /// written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub closing: Vec<String>,
}

/// One seat's score on a final-score line.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct FinalScore {
    /// `A`..`F`.
    pub player: String,
    pub score: i64,
    /// 1-based line in the file.
    pub line: u32,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Turn {
    pub epoch: u8,
    /// `A`..`F`.
    pub player: Cow<'static, str>,
    /// The empire's code (borrowed from the tables when resolved), or the written form.
    pub empire: Cow<'static, str>,
    pub minor: bool,
    pub cards: Vec<CardPlay>,
    pub expansions: Vec<Expansion>,
    pub builds: Vec<Build>,
    pub score: Option<i64>,
    pub gain: Option<i64>,
    /// 1-based line in the file of the turn header.
    pub line: u32,
    /// True for the first turn after a resumption (`EIII (con't)`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub resumed: bool,
    /// `{…}` comments written in or after this turn (before the next one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Parts of the turn's lines that could not be read, verbatim (each has an error diagnostic).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unparsed: Vec<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CardPlay {
    /// Appendix-3 abbreviation (`CivilS`, `Lead`, a kingdom's `Etr`), or the written form when
    /// unknown.
    pub card: Cow<'static, str>,
    /// English name (empty when the card is unknown).
    pub name: Cow<'static, str>,
    /// The argument as normalized text: `+2`, `SCS`, `NAm: Pac, Mex`, `Malay(X), Mek(X), Che(V)`,
    /// `Tibet`, `EMed-->Pale-->ArabP`, `For`.
    pub detail: Option<String>,
    /// The card as written (borrowed from the tables when it is written as its code).
    #[serde(default, skip_serializing_if = "str::is_empty")]
    pub raw: Cow<'static, str>,
    /// Area arguments (`Mig(NAm)`, `Famine(China: GPC)`, `Death(SEAsia+India: …)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<String>,
    /// Regions or seas the card names, each with its battle/effect tokens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<Target>,
    /// Result tokens not tied to a region (`Jew(V)`, `Plague(X)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<String>,
    /// `+N` of Civil Service, Population Explosion, Engineering.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    /// Builds made by the card (Crusade: `(Pale +ct +f; Arab +f)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub builds: Vec<Build>,
}

/// A region named by a card, with what happened there.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Target {
    pub region: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Expansion {
    pub from: Cow<'static, str>,
    pub via: Vec<Cow<'static, str>>,
    pub to: Cow<'static, str>,
    /// Battle tokens (`X`, `V`, `c/`…), in order; short lists of known tokens are shared.
    pub battle: Tokens,
    /// Build items (`f`, `m`, `ct`, `cp`) made in `to`.
    pub builds: Tokens,
    /// The card that made this expansion (Barbarians, Crusade), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// True when an unbalanced bracket or a malformed arrow was repaired to read it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub repaired: bool,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Build {
    pub region: Cow<'static, str>,
    pub items: Tokens,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Number of turns recorded before the interruption.
    pub after_turn: usize,
    pub epoch: u8,
    pub line: u32,
    pub holdings: Vec<Holding>,
    /// Seat and empire of the pause line (`A(Hsiung)後暫停`); none for `EVI後暫停`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empire: Option<String>,
    /// Seats that have a snapshot line (a seat written `D: --` holds nothing).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Holding {
    pub player: String,
    pub region: String,
    pub facilities: Vec<String>,
    pub unit_epoch: Option<u8>,
}
