//! The model of a read WEC game: its turns and each part of a turn string.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// A code of the notation (`TA`, `ground`, `B`, `<`…): borrowed from the parser's static tables, so
/// reading a turn allocates no string per token. Serializes as a plain string.
pub type Code = Cow<'static, str>;

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct WecGame {
    /// One entry per turn string, in order.
    pub turns: Vec<Turn>,
    /// `B` or `W` once a primary government piece is destroyed or converted.
    pub winner: Option<String>,
    /// The ply after which the game ended (the turn that destroyed or converted the government piece).
    pub ended_at: Option<u32>,
    /// Comments written before the first turn.
    pub intro: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Turn {
    pub ply: u32,
    /// The number written before the turn (`N.` or `N...`), if any.
    pub no: Option<u32>,
    /// `B` or `W`.
    pub color: Code,
    /// 1-based file line of the turn.
    pub line: u32,
    /// The turn string as written (trimmed, without the `N.` prefix, comments and white space).
    pub notation: String,
    /// The moving piece (for a turn whose move could not be read: `type` empty, see `unparsed`).
    pub piece: Piece,
    pub to: Dest,
    // The optional parts are boxed: most turns have none, and a `Turn` is kept small (a game's
    // turns are one allocation; unboxed, a `Turn` would be three times the size).
    pub transport: Option<Box<Transport>>,
    pub dozer: Option<Box<Dozer>>,
    pub fires: Vec<Fire>,
    pub pickup: Option<Box<Pickup>>,
    pub exchange: Option<Box<Exchange>>,
    pub reinforce: Option<Box<Reinforce>>,
    pub drop: Option<Box<Drop>>,
    pub results: Vec<WecResult>,
    /// The comments after the turn, joined by a space.
    pub comment: Option<String>,
    /// Text that could not be read (the whole turn, or parts of it), in order.
    pub unparsed: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Piece {
    #[serde(rename = "type")]
    pub kind: Code,
    /// `ground`, `air` or `sub`.
    pub level: Code,
    /// `[row, col]` as written.
    pub at: [u8; 2],
    pub articles: Vec<Code>,
    /// `<` (left, port path) or `>` (right, starboard path); `null` when not written.
    pub orient: Option<Code>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Dest {
    pub level: Code,
    pub at: [u8; 2],
}

/// `-TRA->Piece LevelLocation Articles`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Transport {
    pub piece: Piece,
    pub to: Dest,
    /// The articles written after the destination.
    pub articles: Vec<Code>,
}

/// `,DO>Location Piece_typeLocation{,Piece_typeLocation}`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Dozer {
    /// The square dozed into.
    pub toward: [u8; 2],
    /// The dozed pieces and the squares they are pushed to.
    pub pieces: Vec<Dozed>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Dozed {
    #[serde(rename = "type")]
    pub kind: Code,
    pub at: [u8; 2],
}

/// `,FI1:` / `,FI2:` `Firing_article/Piece` then `->LocationOrient` or `=>Target`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Fire {
    /// 1 or 2, as written.
    pub slot: u8,
    pub article: Code,
    pub from: Piece,
    /// Fired toward a location, on a path (`<` port, `>` starboard, `null` straight).
    pub toward: Option<Toward>,
    /// Fired at a piece.
    pub target: Option<Piece>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Toward {
    pub at: [u8; 2],
    pub orient: Option<Code>,
}

/// `,PU:Piece^Article`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Pickup {
    pub piece: Piece,
    pub article: Code,
}

/// `,EX:Piece->Article->Piece` (transfer) or `,EX:Piece->Article<=>Article<-Piece` (swap).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Exchange {
    pub from: Piece,
    pub article: Code,
    /// The article given back in a swap; `null` for a transfer.
    pub swap: Option<Code>,
    pub to: Piece,
}

/// `,RE:LocationPiece_typeOrient`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Reinforce {
    pub at: [u8; 2],
    #[serde(rename = "type")]
    pub kind: Code,
    pub orient: Option<Code>,
}

/// `,DR:PiecevArticle`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Drop {
    pub piece: Piece,
    pub article: Code,
}

/// One result of `,RS:`: a type (`R T S RK TK SK STK CK` or a piece type) and one of: a location and
/// offset (`->`), a location below (`v`), or the piece it happened to with stun and colour (`*`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct WecResult {
    #[serde(rename = "type")]
    pub kind: Code,
    /// `->Location`: where (null when only an offset is written).
    pub at: Option<[u8; 2]>,
    /// `->…Offset`: the direction, each part -1, 0 or 1.
    pub offset: Option<[i8; 2]>,
    /// `vLocation`.
    pub down_at: Option<[u8; 2]>,
    /// `*Piece`: the piece it happened to.
    pub piece: Option<Piece>,
    /// Turns stunned (0–255), with `*`.
    pub stun: Option<u8>,
    /// `B` or `W`: the colour of the piece it happened to, with `*`.
    pub color: Option<Code>,
}

/// `Black` / `White` for `B` / `W`.
pub(crate) fn color_name(c: &str) -> &'static str {
    if c == "W" { "White" } else { "Black" }
}
