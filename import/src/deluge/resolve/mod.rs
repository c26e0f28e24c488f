//! The movement adjudication as Kruijswijk's guess-and-check resolver ("The Math of
//! Adjudication", DATC v3.0 section 5): every order has one decision (a move moves, a support is
//! given, any other unit stays), decided by [`engine`] from the strengths of [`strength`] on the
//! legality worked out once by [`prep`].
//!
//! # Rulings (DATC v3.0's preferred ones)
//! - **Cycles:** a decision that depends on itself with two consistent answers is a circle of
//!   moves (all move); with no consistent answer, or with a convoy in the cycle, the Szykman rule
//!   settles it: the convoyed armies of the cycle do not move and have no effect at all.
//! - **Coasts:** a fleet moves to the coast it names (or the only one it reaches); it supports
//!   into a province when it could move to any coast of it from the coast it stands on.
//! - **Illegal moves** (no border and no convoy, to its own province) are void and the unit holds:
//!   it may be supported to hold (6.D.28–6.D.32).
//! - **Convoy intent:** an army goes by convoy when its order says so (`via convoy`), when it
//!   does not border its destination, or when a fleet of its own power gives a legal convoy order
//!   for the move (a fleet at sea on a sea route from the army to its destination); otherwise an
//!   army beside its destination moves by land, and a foreign convoy cannot take it (6.G.2, 1982
//!   rules). A convoyed army is in no head-to-head battle.
//! - **Head-to-head:** the loser has no prevent strength; a unit never dislodges one of its own
//!   power, nor do supports of the defender's power count against it.
//! - **Cuts:** a support is cut by a move of another power into the supporter (a convoyed one
//!   only when its convoy gets through) from anywhere but the province the support goes into; and
//!   by the supporter's dislodgement.

mod engine;
mod prep;
mod strength;
#[cfg(test)]
mod tests;

pub(crate) use engine::resolve;
