//! Legal-move listing on the real board, for generators of test and benchmark records.
//!
//! [`Playout`] holds a position and lists, for a side, the moves it may write that the parser
//! resolves to exactly one piece with no warning (shape, path, palace and territory checks pass),
//! that capture no general and none of 汉's pieces, and make no alliance. Playing one of them keeps the position in step
//! with what the parser's replay will see.

use super::board::Board;
use super::geometry::{Kind, Side, geometry};
use super::notation::{Action, MoveTok};
use super::resolve;

/// A position being played forward.
#[derive(Debug, Clone)]
pub struct Playout {
    board: Board,
}

/// A move a side may write: its notation and where the piece goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegalMove {
    /// `马6进5`: piece, file, action, number (ASCII digits).
    pub notation: String,
    pub from: (u8, u8),
    pub to: (u8, u8),
    /// True when the move takes a piece.
    pub capture: bool,
}

impl Default for Playout {
    fn default() -> Self {
        Playout::new()
    }
}

impl Playout {
    /// The standard setup.
    pub fn new() -> Playout {
        Playout {
            board: Board::setup(),
        }
    }

    /// The legal moves of player `side` (0 吴, 1 魏, 2 蜀), in a fixed order.
    pub fn moves(&self, side: usize) -> Vec<LegalMove> {
        let mut out = Vec::new();
        for i in self.pieces(side) {
            out.extend(self.moves_of(side, i));
        }
        out
    }

    /// The pieces player `side` may move (its own, alive), as indices for [`Playout::moves_of`].
    pub fn pieces(&self, side: usize) -> Vec<usize> {
        let Some(&mover) = Side::PLAYERS.get(side) else {
            return Vec::new();
        };
        if !self.board.is_live(mover) {
            return Vec::new();
        }
        self.board
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.alive && p.owner == mover && p.origin == mover)
            .map(|(i, _)| i)
            .collect()
    }

    /// The legal moves of one piece of player `side`.
    pub fn moves_of(&self, side: usize, i: usize) -> Vec<LegalMove> {
        let mut out = Vec::new();
        let Some(&mover) = Side::PLAYERS.get(side) else {
            return out;
        };
        let fr = geometry().frame(mover);
        if let Some(p) = self.board.piece(i) {
            if !p.alive || p.owner != mover || p.origin != mover {
                return out;
            }
            let file = fr.file(p.y, p.x);
            let mut toks = Vec::new();
            if p.kind.number_is_file() {
                for df in [-2, -1, 1, 2] {
                    for action in [Action::Advance, Action::Retreat] {
                        toks.push((action, file + df));
                    }
                }
            } else {
                for n in 1..=16 {
                    toks.push((Action::Advance, n));
                    toks.push((Action::Retreat, n));
                }
                for f in 1..=17 {
                    toks.push((Action::Traverse, f));
                }
            }
            for (action, num) in toks {
                let tok = MoveTok {
                    pos: None,
                    kind: Some(p.kind),
                    general_of: None,
                    file: Some(file),
                    action,
                    num,
                    eliminate: None,
                    ally: None,
                    kill_han: false,
                    stalemate: None,
                    numerals: false,
                    pinyin: false,
                    words: false,
                    alias: false,
                };
                if resolve::find_piece(&self.board, mover, &tok) != Ok(i) {
                    continue;
                }
                let Ok(resolve::Landing {
                    to,
                    warn: None,
                    target,
                }) = resolve::destination(&self.board, mover, i, &tok)
                else {
                    continue;
                };
                // No general, and none of 汉's pieces while they are still 汉's: they cannot be
                // taken before a side takes 汉 (a warning, `sanguo.illegal-move`).
                if target.is_some_and(|t| t.kind == Kind::General || t.owner == Side::Han) {
                    continue;
                }
                if p.kind == Kind::Horse && geometry().alliance_point_at(to.0, to.1).is_some() {
                    continue;
                }
                let act = match action {
                    Action::Advance => '进',
                    Action::Retreat => '退',
                    Action::Traverse => '平',
                };
                out.push(LegalMove {
                    notation: format!("{}{file}{act}{num}", p.kind.name()),
                    from: (p.y, p.x),
                    to,
                    capture: target.is_some(),
                });
            }
        }
        out
    }

    /// Plays a move of player `side` (one of [`Playout::moves`]).
    pub fn play(&mut self, side: usize, m: &LegalMove) {
        if let Some(&mover) = Side::PLAYERS.get(side) {
            self.board.apply(mover, m.from, m.to, &[]);
        }
    }
}
