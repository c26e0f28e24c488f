//! The 三国 position key after every ply (see `crate::position`): the pieces on the board with
//! their owners (so 汉's pieces under whoever holds them), the side to move and the sides out of
//! the game.

use super::board::Board;
use super::game::SanguoGame;
use super::geometry::Side;
use super::state::next_live;
use crate::position::{feature, seed};

/// The keys of the setup and of the board after each ply: `moves.len() + 1` keys.
pub fn position_keys(game: &SanguoGame) -> Vec<u64> {
    position_keys_upto(game, usize::MAX)
}

/// The keys of the setup and of the board after each of the first `plies` moves (an archive keeps
/// the opening's positions only, and replaying the rest of a long game would be wasted).
pub fn position_keys_upto(game: &SanguoGame, plies: usize) -> Vec<u64> {
    let seeds = Seeds::get();
    let mut b = Board::setup();
    let mut keys = Vec::with_capacity(game.moves.len().min(plies) + 1);
    keys.push(seeds.key(&b, Side::Wu));
    for m in game.moves.iter().take(plies) {
        let Some(mover) = Side::from_name(&m.side) else {
            // A move of no side changes nothing (the stored moves always name one).
            keys.push(keys.last().copied().unwrap_or(0));
            continue;
        };
        b.apply(mover, (m.from[0], m.from[1]), (m.to[0], m.to[1]), &m.events);
        let next = next_live(&b, mover).unwrap_or(mover);
        keys.push(seeds.key(&b, next));
    }
    keys
}

struct Seeds {
    piece: u64,
    to_move: u64,
    out: u64,
}

impl Seeds {
    fn get() -> Seeds {
        Seeds {
            piece: seed("sanguo", "piece"),
            to_move: seed("sanguo", "to-move"),
            out: seed("sanguo", "out"),
        }
    }

    fn key(&self, b: &Board, to_move: Side) -> u64 {
        let mut k = feature(self.to_move, to_move as u64);
        for p in b.pieces.iter().filter(|p| p.alive) {
            let packed = (p.kind as u64)
                | (p.owner as u64) << 8
                | u64::from(p.y) << 16
                | u64::from(p.x) << 24;
            k ^= feature(self.piece, packed);
        }
        for s in Side::PLAYERS {
            if !b.is_live(s) {
                k ^= feature(self.out, s as u64);
            }
        }
        k
    }
}
