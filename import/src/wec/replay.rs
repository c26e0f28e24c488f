//! Replay of a WEC game from the standard setup (`import/data/wec/setup.csv` and `ground.csv`).
//!
//! What each part does to the tracked position:
//! - **Move:** the piece (found by colour, type, level and square; its articles and orientation are
//!   taken from the record) goes to the destination level and square.
//! - **Transport:** the transported piece goes to its destination. **Dozer:** each dozed piece (any
//!   colour, on the ground) is found one step behind the square it is pushed to, the step being the
//!   direction of the dozer's move, and moved there.
//! - **Fire:** no effect by itself (its effects are written as results); the firing piece is checked.
//! - **Pickup:** the article leaves the ground of the piece's square and joins the piece. **Drop:**
//!   the reverse. **Exchange:** the article passes from one piece to the other (and the swapped one
//!   back). **Reinforce:** a new piece of the mover's colour appears on the ground.
//! - **Results with `*Piece`:** `R T S RK TK SK CK` destroy the piece; `STK` stuns it for the given
//!   number of its owner's turns; a piece type as result type converts it (it changes colour, and
//!   is stunned for the given number if not 0). A stunned or destroyed piece drops all its articles
//!   on the ground of its square (the notation's spreading rule for crowded squares is not modelled).
//!   **Results with `->`:** a projectile code is a projectile in flight (not tracked); a piece type is
//!   a displaced piece, moved from the location by the offset. **`v` results** are not tracked.
//! - **Stun:** a stunned piece may not move; the count goes down by one at each of its owner's turns.
//! - **End:** destroying or converting a primary government piece (`K DI AV PR`) ends the game; the
//!   other colour wins. Turns after that are reported.
//!
//! The record is the authority: when it contradicts the tracked position (no such piece there,
//! other articles, an article that is not there) a warning names the turn, and the position is
//! changed to agree with the record (a missing moving piece is created where the record says).

mod apply;
mod keys;

pub use keys::{position_keys, position_keys_upto};

use serde::{Deserialize, Serialize};

use super::code;
use super::codes;
use super::model::{Piece, Turn, WecGame, color_name};
use crate::diag::Diagnostic;

/// One player piece on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedPiece {
    /// `B` or `W`.
    pub color: String,
    /// Piece type code (`TA`, `JE`, …).
    pub kind: String,
    /// `ground`, `air` or `sub`.
    pub level: String,
    pub row: u8,
    pub col: u8,
    pub articles: Vec<String>,
    pub orient: Option<String>,
    /// Own turns left stunned (0: free).
    pub stunned: u8,
}

/// The board at some ply: player pieces and the unowned articles on the ground.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Position {
    pub pieces: Vec<PlacedPiece>,
    /// `(row, col, article)`, one entry per article.
    pub ground_articles: Vec<(u8, u8, String)>,
}

/// A piece as the replay tracks it: small, with codes interned as `&'static str`.
#[derive(Debug, Clone)]
struct Ip {
    /// 0 Black, 1 White.
    color: u8,
    kind: &'static str,
    /// 0 ground, 1 air, 2 sub.
    level: u8,
    at: [u8; 2],
    articles: Vec<&'static str>,
    orient: Option<&'static str>,
    stunned: u8,
}

#[derive(Debug, Clone, Default)]
struct Board {
    pieces: Vec<Ip>,
    /// `key(piece)` of each piece, in the same order: what `find` scans.
    keys: Vec<u32>,
    ground: Vec<(u8, u8, &'static str)>,
    /// False when no piece is stunned (then the stun count-down has nothing to do).
    any_stunned: bool,
}

/// Colour, level and square packed in one number, for scanning.
fn key(color: u8, level: u8, at: [u8; 2]) -> u32 {
    u32::from(color) << 24 | u32::from(level) << 16 | u32::from(at[0]) << 8 | u32::from(at[1])
}

impl Ip {
    fn key(&self) -> u32 {
        key(self.color, self.level, self.at)
    }
}

/// More pieces than the board can hold (10×10 squares, 3 levels, 2 per level) are never created.
const MAX_PIECES: usize = 600;

const COLORS: [&str; 2] = ["B", "W"];
const LEVELS: [&str; 3] = ["ground", "air", "sub"];

fn color_of(c: &str) -> u8 {
    u8::from(c == "W")
}

fn level_of(l: &str) -> u8 {
    match l {
        "air" => 1,
        "sub" => 2,
        _ => 0,
    }
}

/// The static form of a code (the parser only stores codes of its tables).
fn intern(s: &str) -> &'static str {
    codes::PIECE_TYPES
        .iter()
        .chain(codes::ARTICLES)
        .map(|c| c.canon)
        .find(|c| *c == s)
        .or_else(|| ["<", ">"].into_iter().find(|c| *c == s))
        .unwrap_or("?")
}

fn setup_board() -> &'static Board {
    static B: std::sync::OnceLock<Board> = std::sync::OnceLock::new();
    B.get_or_init(|| {
        let mut b = Board {
            pieces: codes::setup_pieces()
                .iter()
                .map(|(color, kind, level, row, col, arts, orient)| Ip {
                    color: color_of(color),
                    kind,
                    level: level_of(level),
                    at: [*row, *col],
                    articles: arts.clone(),
                    orient: *orient,
                    stunned: 0,
                })
                .collect(),
            ground: codes::setup_ground().to_vec(),
            keys: Vec::new(),
            any_stunned: false,
        };
        b.keys = b.pieces.iter().map(Ip::key).collect();
        b.any_stunned = b.pieces.iter().any(|p| p.stunned > 0);
        b
    })
}

impl Board {
    fn position(&self) -> Position {
        Position {
            pieces: self
                .pieces
                .iter()
                .map(|p| PlacedPiece {
                    color: COLORS[usize::from(p.color & 1)].to_string(),
                    kind: p.kind.to_string(),
                    level: LEVELS
                        .get(usize::from(p.level))
                        .copied()
                        .unwrap_or("ground")
                        .to_string(),
                    row: p.at[0],
                    col: p.at[1],
                    articles: p.articles.iter().map(|a| a.to_string()).collect(),
                    orient: p.orient.map(str::to_string),
                    stunned: p.stunned,
                })
                .collect(),
            ground_articles: self
                .ground
                .iter()
                .map(|(r, c, a)| (*r, *c, a.to_string()))
                .collect(),
        }
    }

    fn find(&self, color: Option<u8>, kind: &str, level: &str, at: [u8; 2]) -> Option<usize> {
        let k = key(color.unwrap_or(0), level_of(level), at);
        let mask = if color.is_some() {
            u32::MAX
        } else {
            0x00ff_ffff
        };
        // Keys are tested four at a time, branch-free (one vector compare), and only a group
        // with a match is looked at key by key: a board holds about 60 pieces, and this runs for
        // every piece a turn names. The first match in piece order wins, as before.
        let hit = |i: usize| {
            self.keys.get(i).is_some_and(|x| *x & mask == k)
                && self.pieces.get(i).is_some_and(|p| p.kind == kind)
        };
        let mut groups = self.keys.chunks_exact(4);
        for (g, four) in groups.by_ref().enumerate() {
            if four.iter().fold(false, |any, x| any | (*x & mask == k))
                && let Some(i) = (g * 4..g * 4 + 4).find(|&i| hit(i))
            {
                return Some(i);
            }
        }
        let tail = self.keys.len() - groups.remainder().len();
        (tail..self.keys.len()).find(|&i| hit(i))
    }

    /// Re-packs piece `i`'s key after a change of colour, level or square.
    fn sync(&mut self, i: usize) {
        if let (Some(p), Some(k)) = (self.pieces.get(i), self.keys.get_mut(i)) {
            *k = p.key();
        }
    }

    fn push(&mut self, p: Ip) {
        self.keys.push(p.key());
        self.pieces.push(p);
    }

    fn remove(&mut self, i: usize) {
        if i < self.pieces.len() {
            self.pieces.remove(i);
            self.keys.remove(i);
        }
    }

    /// Finds a piece the turn describes (other than the mover's own description): by colour
    /// first, then any colour, then — when it is the moving piece described where it started —
    /// at the move's destination.
    fn locate(&self, t: &Turn, d: &Piece, color: u8) -> Option<usize> {
        self.find(Some(color), &d.kind, &d.level, d.at)
            .or_else(|| self.find(None, &d.kind, &d.level, d.at))
            .or_else(|| {
                (d.kind == t.piece.kind && d.level == t.piece.level && d.at == t.piece.at)
                    .then(|| self.find(None, &t.piece.kind, &t.to.level, t.to.at))
                    .flatten()
            })
    }

    fn drop_all(&mut self, idx: usize) {
        let Some(p) = self.pieces.get_mut(idx) else {
            return;
        };
        let at = p.at;
        let arts = std::mem::take(&mut p.articles);
        self.ground
            .extend(arts.into_iter().map(|a| (at[0], at[1], a)));
    }
}

/// The standard setup (ply 0).
pub fn standard_setup() -> Position {
    setup_board().position()
}

/// The position after `ply` turns (0 = the standard setup). Turns that could not be read change
/// nothing; contradictions are resolved as in [`parse`](super::parse) (the record wins).
pub fn position_after(game: &WecGame, ply: usize) -> Position {
    let mut b = setup_board().clone();
    for t in game.turns.iter().take(ply) {
        b.apply(t, &mut |_, _| {});
    }
    b.position()
}

/// Replays the whole game: sets the winner and pushes the warnings.
pub(crate) fn replay_game(game: &mut WecGame, diags: &mut Vec<Diagnostic>) {
    let mut b = setup_board().clone();
    let mut after_end_reported = false;
    for t in &game.turns {
        if game.winner.is_some() && !after_end_reported && !t.piece.kind.is_empty() {
            after_end_reported = true;
            diags.push(Diagnostic::warning(
                code::AFTER_END,
                t.line,
                1,
                format!(
                    "turn {} ({}): the game ended at turn {}; the later turns are replayed as written",
                    t.ply,
                    color_name(&t.color),
                    game.ended_at.unwrap_or(0)
                ),
            ));
        }
        let line = t.line;
        let won = b.apply(t, &mut |c, m| {
            diags.push(Diagnostic::warning(c, line, 1, m))
        });
        if let (Some(w), None) = (won, &game.winner) {
            diags.push(Diagnostic::info(
                code::GAME_WON,
                t.line,
                1,
                format!(
                    "turn {}: a primary government piece falls; {} wins",
                    t.ply,
                    color_name(w)
                ),
            ));
            game.winner = Some(w.to_string());
            game.ended_at = Some(t.ply);
        }
    }
}

fn name(kind: &str) -> &str {
    codes::piece_name(kind).unwrap_or(kind)
}

fn describe_at(color: Option<&str>, kind: &str, level: &str, at: [u8; 2]) -> String {
    let who = color
        .map(|c| format!("{} ", color_name(c)))
        .unwrap_or_default();
    let lv = match level {
        "air" => "in the air",
        "sub" => "at sub level",
        _ => "on the ground",
    };
    format!("{who}{} {lv} at ({},{})", name(kind), at[0], at[1])
}

/// Same articles, in any order (no allocation: lists hold at most a few codes).
fn same_articles(a: &[&str], b: &[super::model::Code]) -> bool {
    a.len() == b.len()
        && a.iter().all(|x| {
            a.iter().filter(|y| *y == x).count() == b.iter().filter(|y| &***y == *x).count()
        })
}

fn remove_article(list: &mut Vec<&'static str>, a: &str) -> bool {
    match list.iter().position(|x| *x == a) {
        Some(k) => {
            list.remove(k);
            true
        }
        None => false,
    }
}

/// "turn 5 (Black)", formatted only when a message needs it.
struct Who<'a>(&'a Turn);

impl std::fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "turn {} ({})", self.0.ply, color_name(&self.0.color))
    }
}
