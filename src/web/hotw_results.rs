//! HotW results with the empires behind them: a result by seat or player names the empire(s) the
//! seat held at the end (`吳詠詩 (C) 177, as France`), on the game's page, its players' table and
//! the lists of games.

use std::collections::BTreeMap;

use annals_import::Body;

use super::language::result_with_empires as with_empires;
use crate::store::hotw_ends::{self, SeatEnd, TurnAt};

/// Each seat's end in a HotW game (none for the other kinds).
pub fn ends_of(body: &Body) -> BTreeMap<String, SeatEnd> {
    match body {
        Body::Hotw(h) => hotw_ends::seat_ends(h.turns.iter().map(|t| TurnAt {
            epoch: i64::from(t.epoch),
            seat: &t.player,
            empire: &t.empire,
            minor: t.minor,
            score: t.score,
        })),
        _ => BTreeMap::new(),
    }
}

/// The result line of a HotW game's page with its winners' empires at the end.
pub fn page_result(result: String, winners: &[String], ends: &BTreeMap<String, SeatEnd>) -> String {
    with_empires(&result, &hotw_ends::empires_of(ends, winners))
}

/// A seat's end in the players' table: its final total with its empires (`177, as France`).
pub fn seat_end(seat: &str, ends: &BTreeMap<String, SeatEnd>) -> String {
    match ends.get(seat) {
        Some(e) => with_empires(
            &e.score.map(|s| s.to_string()).unwrap_or_default(),
            &e.empires,
        ),
        None => String::new(),
    }
}
