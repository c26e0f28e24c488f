//! The WEC position key after every turn (see `crate::position`): each player piece (colour, type,
//! level, square, orientation), the articles each holds, the articles on the ground, the stunned
//! pieces and the colour to move. The features are summed (mod 2^64) rather than XORed: a piece or
//! a square may hold the same article twice, and XOR would let the two cancel.

use super::{Board, WecGame, setup_board};
use crate::position::{code_hash, feature, seed};

/// The keys of the standard setup and of the board after each turn: `turns.len() + 1` keys.
pub fn position_keys(game: &WecGame) -> Vec<u64> {
    position_keys_upto(game, usize::MAX)
}

/// The keys of the setup and of the board after each of the first `plies` turns (an archive keeps
/// the opening's positions only, and replaying the rest of a long game would be wasted).
pub fn position_keys_upto(game: &WecGame, plies: usize) -> Vec<u64> {
    let seeds = Seeds::get();
    let mut b = setup_board().clone();
    let mut keys = Vec::with_capacity(game.turns.len().min(plies) + 1);
    // Black moves first; then the colour that did not move last.
    keys.push(seeds.key(&b, BLACK));
    for t in game.turns.iter().take(plies) {
        b.apply(t, &mut |_, _| {});
        let next = if &*t.color == "W" { BLACK } else { WHITE };
        keys.push(seeds.key(&b, next));
    }
    keys
}

/// Colours as the replay numbers them.
const BLACK: u8 = 0;
const WHITE: u8 = 1;

struct Seeds {
    piece: u64,
    held: u64,
    ground: u64,
    to_move: u64,
    stunned: u64,
}

/// Colour, level and square in the high half of a packed feature.
fn place(color: u8, level: u8, at: [u8; 2]) -> u64 {
    u64::from(color) << 56
        | u64::from(level) << 48
        | u64::from(at[0]) << 40
        | u64::from(at[1]) << 32
}

impl Seeds {
    fn get() -> Seeds {
        Seeds {
            piece: seed("wec", "piece"),
            held: seed("wec", "held"),
            ground: seed("wec", "ground"),
            to_move: seed("wec", "to-move"),
            stunned: seed("wec", "stunned"),
        }
    }

    fn key(&self, b: &Board, to_move: u8) -> u64 {
        let mut k = feature(self.to_move, u64::from(to_move));
        for p in &b.pieces {
            let at = place(p.color, p.level, p.at);
            let orient = p.orient.map_or(0, |o| code_hash(o) & 0xff) << 24;
            k = k.wrapping_add(feature(
                self.piece,
                at | orient | code_hash(p.kind) & 0xff_ffff,
            ));
            for a in &p.articles {
                k = k.wrapping_add(feature(self.held, at | code_hash(a)));
            }
            if p.stunned > 0 {
                k = k.wrapping_add(feature(self.stunned, at));
            }
        }
        for (r, c, a) in &b.ground {
            k = k.wrapping_add(feature(self.ground, place(0, 0, [*r, *c]) | code_hash(a)));
        }
        k
    }
}
