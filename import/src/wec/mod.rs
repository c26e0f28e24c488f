//! Weaponized Chess notation (the grammar at the end of seed 004). STUB: the parser is being written.

use serde::{Deserialize, Serialize};

use crate::model::{Ctx, Parsed};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct WecGame {
    /// One entry per turn string, in order.
    pub turns: Vec<Turn>,
    /// `B` or `W` once a primary government piece is destroyed or converted.
    pub winner: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Turn {
    pub ply: u32,
    /// `B` or `W`.
    pub color: String,
    /// The turn string as written (trimmed, without the `N.` prefix).
    pub notation: String,
    pub piece: Piece,
    pub to: Dest,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Piece {
    #[serde(rename = "type")]
    pub kind: String,
    /// `ground`, `air` or `sub`.
    pub level: String,
    /// `[row, col]` as written.
    pub at: [u8; 2],
    pub articles: Vec<String>,
    pub orient: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Dest {
    pub level: String,
    pub at: [u8; 2],
}

pub fn parse(_body: &str, _ctx: &Ctx) -> Parsed<WecGame> {
    Parsed {
        game: WecGame::default(),
        players: Vec::new(),
        outcome: None,
        title: None,
        diagnostics: Vec::new(),
    }
}
