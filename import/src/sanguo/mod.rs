//! 三国演弈棋 notation (seed 002). STUB: the parser is being written.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::{Ctx, Parsed};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SanguoGame {
    /// One entry per move actually made, in order.
    pub moves: Vec<Move>,
    pub title_events: Vec<TitleEvent>,
    /// Each side's final status from the closing line (`胜利`, `灭国`, `认负`, `超时判负`, `强制判和`).
    pub status: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Move {
    pub ply: u32,
    pub round: u32,
    pub side: String,
    /// The notation as written, normalized to simplified characters and half-width punctuation.
    pub notation: String,
    pub piece: String,
    /// `[y, x]`.
    pub from: [u8; 2],
    pub to: [u8; 2],
    pub capture: Option<Capture>,
    pub events: Vec<MoveEvent>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Capture {
    pub piece: String,
    pub side: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MoveEvent {
    Check { side: String },
    Alliance { with: String },
    KillHan,
    Eliminate { side: String, how: String },
    Annex { side: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TitleEvent {
    Alliance { by: String, with: String },
    KillHan { by: String },
    Eliminate { by: String, sides: Vec<String> },
    Stalemate { by: String, side: String },
    Win { side: String },
    Draw { sides: Vec<String> },
}

pub fn parse(_body: &str, _ctx: &Ctx) -> Parsed<SanguoGame> {
    Parsed {
        game: SanguoGame::default(),
        players: Vec::new(),
        outcome: None,
        title: None,
        diagnostics: Vec::new(),
    }
}
