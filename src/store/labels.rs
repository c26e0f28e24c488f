//! What a list says of each game it names: its title (the record's, or one made from its players
//! and result), the players by seat with the winners marked, the result, the date and the event.
//! Every list of games (home, `/games`, search, explorer samples, events, players, collections)
//! reads its games' labels here, a page at a time.

use std::collections::HashMap;

use rusqlite::{Connection, params_from_iter};
use serde::Serialize;

use crate::error::Result;

/// A player at a seat of a listed game.
#[derive(Debug, Clone, Serialize)]
pub struct LabelSeat {
    pub seat: String,
    pub name: String,
    pub player_id: Option<i64>,
    /// Among the game's winners (a draw marks no one).
    pub won: bool,
}

/// A listed game.
#[derive(Debug, Clone, Serialize)]
pub struct GameLabel {
    pub id: i64,
    pub kind: String,
    /// The record's title, or one made from the players and the result.
    pub title: String,
    /// True when `title` was made here.
    pub generated: bool,
    /// What a made title is made of, for pages to say it in the reader's language (`title` is its
    /// English).
    #[serde(skip)]
    pub made: Option<MadeTitle>,
    pub seats: Vec<LabelSeat>,
    pub result: Option<String>,
    pub date: Option<String>,
    pub event: Option<String>,
    pub event_id: Option<i64>,
    /// HotW: the empires the winning seats held at the end ([`crate::store::hotw_ends`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub result_empires: Vec<String>,
}

/// What a title made for a game without one says: the words are the page's, the names as stored.
#[derive(Debug, Clone, PartialEq)]
pub enum MadeTitle {
    /// Its players (at most four named, `more` the whole count when there are more) and result.
    Players {
        names: Vec<String>,
        more: Option<usize>,
        result: Option<String>,
    },
    /// Its event, and date.
    Event { event: String, date: Option<String> },
    /// Its kind and number.
    Numbered { kind: String, id: i64 },
}

/// The labels of the games `ids` (those that exist), by id.
#[derive(Debug, Clone, Default)]
pub struct Labels(HashMap<i64, GameLabel>);

impl Labels {
    /// The label of game `id`, if it exists (by reference, as templates pass their fields).
    pub fn of(&self, id: &i64) -> Option<&GameLabel> {
        self.0.get(id)
    }
}

/// At most this many ids go into one `IN (…)` list.
const CHUNK: usize = 200;

/// The labels of `ids`: two queries a page of up to [`CHUNK`] games.
pub fn labels(conn: &Connection, ids: &[i64]) -> Result<Labels> {
    let mut out = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(CHUNK) {
        let marks = vec!["?"; chunk.len()].join(",");
        let mut st = conn.prepare(&format!(
            "SELECT id, kind, title, date, event, event_id, result, winners
             FROM games WHERE id IN ({marks})"
        ))?;
        let mut rows = st.query(params_from_iter(chunk.iter()))?;
        let mut won: HashMap<i64, Vec<String>> = HashMap::new();
        while let Some(r) = rows.next()? {
            let id: i64 = r.get(0)?;
            let winners: String = r.get(7)?;
            won.insert(id, winners.split_whitespace().map(str::to_string).collect());
            let title: Option<String> = r.get(2)?;
            out.insert(
                id,
                GameLabel {
                    id,
                    kind: r.get(1)?,
                    generated: title.is_none(),
                    made: None,
                    title: title.unwrap_or_default(),
                    seats: Vec::new(),
                    result: r.get(6)?,
                    date: r.get(3)?,
                    event: r.get(4)?,
                    event_id: r.get(5)?,
                    result_empires: Vec::new(),
                },
            );
        }
        let mut st = conn.prepare(&format!(
            "SELECT s.game_id, s.seat, p.name, s.player_id FROM seats s
             LEFT JOIN players p ON p.id = s.player_id
             WHERE s.game_id IN ({marks}) ORDER BY s.game_id, s.seq"
        ))?;
        let mut rows = st.query(params_from_iter(chunk.iter()))?;
        while let Some(r) = rows.next()? {
            let id: i64 = r.get(0)?;
            let Some(name) = r.get::<_, Option<String>>(2)? else {
                continue;
            };
            let seat: String = r.get(1)?;
            let Some(label) = out.get_mut(&id) else {
                continue;
            };
            label.seats.push(LabelSeat {
                won: won.get(&id).is_some_and(|w| w.contains(&seat)),
                seat,
                name,
                player_id: r.get(3)?,
            });
        }
        let hotw: Vec<i64> = chunk
            .iter()
            .copied()
            .filter(|id| out.get(id).is_some_and(|l| l.kind == "hotw"))
            .collect();
        for (id, ends) in crate::store::hotw_ends::of_games(conn, &hotw)? {
            if let (Some(label), Some(w)) = (out.get_mut(&id), won.get(&id)) {
                label.result_empires = crate::store::hotw_ends::empires_of(&ends, w);
            }
        }
    }
    for label in out.values_mut() {
        if label.generated {
            let made = made_of(label);
            label.title = english(&made);
            label.made = Some(made);
        }
    }
    Ok(Labels(out))
}

/// A title for a game whose record gives none: its players (two by a dash, more by commas, at
/// most four named) and its result; else its event and date; else its kind and number.
fn made_of(l: &GameLabel) -> MadeTitle {
    let names: Vec<String> = l.seats.iter().map(|s| s.name.clone()).collect();
    if !names.is_empty() {
        let more = (names.len() > 4).then_some(names.len());
        return MadeTitle::Players {
            names: names
                .into_iter()
                .take(if more.is_some() { 3 } else { 4 })
                .collect(),
            more,
            result: l.result.clone().filter(|r| !r.is_empty()),
        };
    }
    match &l.event {
        Some(e) => MadeTitle::Event {
            event: e.clone(),
            date: l.date.clone(),
        },
        None => MadeTitle::Numbered {
            kind: l.kind.clone(),
            id: l.id,
        },
    }
}

/// A made title in English (the pages say it in the reader's language).
fn english(t: &MadeTitle) -> String {
    match t {
        MadeTitle::Players {
            names,
            more,
            result,
        } => {
            let players = match (names.len(), more) {
                (_, Some(n)) => format!("{}, … ({n} players)", names.join(", ")),
                (2, None) => format!("{} – {}", names[0], names[1]),
                _ => names.join(", "),
            };
            match result {
                Some(r) => format!("{players} — {r}"),
                None => players,
            }
        }
        MadeTitle::Event { event, date } => match date {
            Some(d) => format!("{event}, {d}"),
            None => event.clone(),
        },
        MadeTitle::Numbered { kind, id } => format!("{} game {id}", kind_label(kind)),
    }
}

/// A made title in English, from its label.
#[cfg(test)]
fn made_title(l: &GameLabel) -> String {
    english(&made_of(l))
}

fn kind_label(kind: &str) -> &'static str {
    annals_import::Kind::from_name(kind).map_or("A", annals_import::Kind::label)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn label(seats: &[&str], result: Option<&str>) -> GameLabel {
        GameLabel {
            id: 7,
            kind: "wec".into(),
            title: String::new(),
            generated: true,
            made: None,
            seats: seats
                .iter()
                .map(|n| LabelSeat {
                    seat: "B".into(),
                    name: (*n).into(),
                    player_id: None,
                    won: false,
                })
                .collect(),
            result: result.map(str::to_string),
            date: None,
            event: None,
            event_id: None,
            result_empires: Vec::new(),
        }
    }

    #[test]
    fn titles_made_from_players_and_result() {
        assert_eq!(
            made_title(&label(&["Mina Seo", "Tom Avery"], Some("Black wins"))),
            "Mina Seo – Tom Avery — Black wins"
        );
        assert_eq!(
            made_title(&label(&["Ann", "Ben", "Cy", "Dan"], Some("C 230"))),
            "Ann, Ben, Cy, Dan — C 230"
        );
        assert_eq!(
            made_title(&label(&["A", "B", "C", "D", "E", "F"], None)),
            "A, B, C, … (6 players)"
        );
        assert_eq!(made_title(&label(&[], None)), "Weaponized Chess game 7");
    }
}
