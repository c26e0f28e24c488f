//! The tree of positions the opening explorer ([`crate::explorer`]) reads, for games with a move
//! sequence (三国, WEC), kept with the games it counts.
//!
//! Prefixes are identified by a 64-bit FNV-1a chain over the normalized notations, so a prefix of any
//! length is one integer. `explorer_nodes` is a pruned tree: a node for every prefix that two or
//! more games share (with the games that end there in `explorer_ends`) and, below such a node or
//! at the root, one node for the move where a single game goes on alone, naming that game; its
//! later moves are read from the game's packed row. Most prefixes of an archive are one game's
//! (99% of the nodes of a full tree of 10,000 generated games), so the tree holds about two nodes
//! a game, whatever the games' length. It is kept in the game's transaction ([`add_game`],
//! [`remove_game`]); a bulk import stages one row per game and builds it at its end
//! ([`build_staged`]). Each node also keeps the newest game under it, which finds a position's
//! newest games by reading only the branches that hold them.

mod nodes;
mod prefix;
mod staged;

#[cfg(test)]
mod tests;

pub use nodes::*;
pub use prefix::*;
pub use staged::*;
