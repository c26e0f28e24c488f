//! The parsed game: moves, their events, the title's events, statuses and round types.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SanguoGame {
    /// One entry per move actually made, in order.
    pub moves: Vec<Move>,
    pub title_events: Vec<TitleEvent>,
    /// Each side's final status from the closing line (`胜利`, `灭国`, `认负`, `超时判负`, `强制判和`).
    pub status: BTreeMap<String, String>,
    /// The title the events were read from (the `Title` tag, else the body's title line), normalized.
    #[serde(default)]
    pub title: Option<String>,
    /// Number of round lines read.
    #[serde(default)]
    pub rounds: u32,
    /// Rounds where a side was skipped (轮空), with the round's name.
    #[serde(default)]
    pub round_types: Vec<RoundType>,
}

/// A round with skipped sides: `空心` (魏 skipped), `去尾` (蜀), `掐头` (吴), `掐头去尾` (吴 and 蜀).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RoundType {
    pub round: u32,
    #[serde(rename = "type")]
    pub kind: String,
    pub skipped: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Move {
    pub ply: u32,
    pub round: u32,
    /// A side's name (`吴`, `魏`, `蜀`): borrowed from
    /// [`Side::name`](super::geometry::Side::name) when parsed.
    pub side: Cow<'static, str>,
    /// The notation as written, normalized to simplified characters and half-width punctuation.
    pub notation: String,
    /// A piece's name (`车`, `马`…): borrowed from
    /// [`Kind::name`](super::geometry::Kind::name) when parsed.
    pub piece: Cow<'static, str>,
    /// `[y, x]`.
    pub from: [u8; 2],
    pub to: [u8; 2],
    pub capture: Option<Capture>,
    pub events: Vec<MoveEvent>,
    /// The side the piece belonged to in the setup (differs from `side` for annexed and 汉 pieces).
    #[serde(default)]
    pub origin: Cow<'static, str>,
    /// The mover's slot in the round: 0 吴, 1 魏, 2 蜀.
    #[serde(default)]
    pub slot: u8,
    /// `{…}` comments written after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Capture {
    pub piece: Cow<'static, str>,
    /// The side that owned the piece taken.
    pub side: Cow<'static, str>,
    /// The side the piece belonged to in the setup.
    #[serde(default)]
    pub origin: Cow<'static, str>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MoveEvent {
    Check {
        side: String,
    },
    Alliance {
        with: String,
    },
    KillHan,
    Eliminate {
        side: String,
        how: String,
        /// Who eliminated the side (the mover unless a 困毙 marker names another).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    Annex {
        side: String,
        /// Who takes the pieces (the mover when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
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

/// Appends `text` to a move's comment (joined by a space).
pub(super) fn add_comment(slot: &mut Option<String>, text: &str) {
    match slot {
        Some(t) => {
            t.push(' ');
            t.push_str(text);
        }
        None => *slot = Some(text.to_string()),
    }
}
