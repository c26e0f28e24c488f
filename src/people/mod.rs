//! The name authority: players and events as first-class records, admin actions (aliases, merge,
//! split), and tournament standings. The keys that merge spelling variants, and the lookups that
//! find a stored game's players and event, are the store's (`store::keys`).

mod admin;
mod events;
mod find;
mod lists;
mod merges;
mod players;

pub use admin::*;
pub use events::*;
pub use find::{Found, event_named, player_named};
pub use lists::*;
pub use merges::{MergeRow, merges, undo_merge};
pub use players::*;
