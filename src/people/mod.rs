//! The name authority: players and events as first-class records, admin actions (aliases, merge,
//! split), and tournament standings. The keys that merge spelling variants, and the lookups that
//! find a stored game's players and event, are the store's (`store::keys`).

use std::collections::BTreeMap;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::auth::{Member, Role, audit, require};
use crate::error::{Error, Result};
use crate::explorer::{Rate, wilson};
use crate::store::keys::{event_key, player_key};

mod admin;
mod events;
mod players;

pub use admin::*;
pub use events::*;
pub use players::*;
