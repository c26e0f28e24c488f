//! History of the World notation (seed 000). STUB: the parser is being written.

use serde::{Deserialize, Serialize};

use crate::model::{Ctx, Parsed};

/// A parsed HotW game.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct HotwGame {
    /// One entry per empire turn, in record order (the `moves` of CONTRACT.md).
    pub turns: Vec<Turn>,
    /// Holdings snapshots written at an interruption (chapter 6).
    pub checkpoints: Vec<Checkpoint>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Turn {
    pub epoch: u8,
    pub player: String,
    pub empire: String,
    pub minor: bool,
    pub cards: Vec<CardPlay>,
    pub expansions: Vec<Expansion>,
    pub builds: Vec<Build>,
    pub score: Option<i64>,
    pub gain: Option<i64>,
    /// 1-based line in the file of the turn header.
    pub line: u32,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CardPlay {
    pub card: String,
    pub name: String,
    pub detail: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Expansion {
    pub from: String,
    pub via: Vec<String>,
    pub to: String,
    pub battle: Vec<String>,
    pub builds: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Build {
    pub region: String,
    pub items: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Number of turns recorded before the interruption.
    pub after_turn: usize,
    pub epoch: u8,
    pub line: u32,
    pub holdings: Vec<Holding>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Holding {
    pub player: String,
    pub region: String,
    pub facilities: Vec<String>,
    pub unit_epoch: Option<u8>,
}

pub fn parse(_body: &str, _ctx: &Ctx) -> Parsed<HotwGame> {
    Parsed {
        game: HotwGame::default(),
        players: Vec::new(),
        outcome: None,
        title: None,
        diagnostics: Vec::new(),
    }
}
