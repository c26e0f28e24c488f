//! What each HotW seat held at the end of a game: the empire(s) of its turns in the last epoch it
//! played (its major empire first, then a minor one), whose turns made its final total. A result
//! by seat or player names them beside the score ("C 177, as France"), on a game's page from its
//! parsed turns and in lists from the packed turns (`hotw_packed`).

use std::collections::{BTreeMap, HashMap};

use rusqlite::{Connection, params_from_iter};

use crate::error::Result;

/// One seat at the end: its last recorded total and the empires of its last epoch.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeatEnd {
    pub score: Option<i64>,
    pub empires: Vec<String>,
}

/// One turn as [`seat_ends`] reads it.
pub struct TurnAt<'a> {
    pub epoch: i64,
    pub seat: &'a str,
    pub empire: &'a str,
    pub minor: bool,
    pub score: Option<i64>,
}

/// A seat's end as the turns are read: its last epoch, the (minor, empire) of that epoch's turns
/// in turn order, its last score.
#[derive(Default)]
struct Reading {
    epoch: i64,
    empires: Vec<(bool, String)>,
    score: Option<i64>,
}

/// Each seat's end, by seat, from its turns in record order.
pub fn seat_ends<'a>(turns: impl IntoIterator<Item = TurnAt<'a>>) -> BTreeMap<String, SeatEnd> {
    let mut by_seat: BTreeMap<String, Reading> = BTreeMap::new();
    for t in turns {
        let e = by_seat.entry(t.seat.to_string()).or_insert(Reading {
            epoch: t.epoch,
            ..Reading::default()
        });
        if t.epoch > e.epoch {
            e.epoch = t.epoch;
            e.empires.clear();
        }
        if t.epoch == e.epoch
            && !t.empire.is_empty()
            && !e.empires.iter().any(|(_, x)| x == t.empire)
        {
            e.empires.push((t.minor, t.empire.to_string()));
        }
        if t.score.is_some() {
            e.score = t.score;
        }
    }
    by_seat
        .into_iter()
        .map(|(seat, mut r)| {
            r.empires.sort_by_key(|(minor, _)| *minor);
            let empires = r.empires.into_iter().map(|(_, e)| e).collect();
            (
                seat,
                SeatEnd {
                    score: r.score,
                    empires,
                },
            )
        })
        .collect()
}

/// The empires `seats` held at the end, in seat order, each once.
pub fn empires_of(ends: &BTreeMap<String, SeatEnd>, seats: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in seats {
        for e in ends
            .get(s)
            .map(|e| e.empires.as_slice())
            .unwrap_or_default()
        {
            if !out.contains(e) {
                out.push(e.clone());
            }
        }
    }
    out
}

/// The seat ends of the HotW games `ids` (at most a page of them), by game.
pub fn of_games(conn: &Connection, ids: &[i64]) -> Result<HashMap<i64, BTreeMap<String, SeatEnd>>> {
    let mut out = HashMap::new();
    if ids.is_empty() {
        return Ok(out);
    }
    let marks = vec!["?"; ids.len()].join(",");
    let mut st = conn.prepare(&format!(
        "SELECT p.game_id, t.value ->> 0, t.value ->> 1, t.value ->> 2, t.value ->> 3, t.value ->> 4
         FROM hotw_packed p, json_each(p.moves) t WHERE p.game_id IN ({marks})
         ORDER BY p.game_id, t.key"
    ))?;
    let mut rows = st.query(params_from_iter(ids.iter()))?;
    // A game's turns as read: (epoch, seat, empire, minor, score).
    type Row = (i64, String, String, bool, Option<i64>);
    let mut turns: HashMap<i64, Vec<Row>> = HashMap::new();
    while let Some(r) = rows.next()? {
        turns.entry(r.get(0)?).or_default().push((
            r.get::<_, Option<i64>>(1)?.unwrap_or(0),
            r.get::<_, Option<String>>(2)?.unwrap_or_default(),
            r.get::<_, Option<String>>(3)?.unwrap_or_default(),
            r.get::<_, Option<i64>>(4)?.unwrap_or(0) != 0,
            r.get(5)?,
        ));
    }
    for (id, ts) in turns {
        let ends = seat_ends(ts.iter().map(|(epoch, seat, empire, minor, score)| TurnAt {
            epoch: *epoch,
            seat,
            empire,
            minor: *minor,
            score: *score,
        }));
        out.insert(id, ends);
    }
    Ok(out)
}

/// The empires a seat held at the end of each of `games` (HotW game id and seat), by game: a
/// player's page names them beside each final total.
pub fn of_seats(conn: &Connection, games: &[(i64, String)]) -> Result<HashMap<i64, Vec<String>>> {
    let mut out = HashMap::new();
    for chunk in games.chunks(200) {
        let ids: Vec<i64> = chunk.iter().map(|(id, _)| *id).collect();
        let ends = of_games(conn, &ids)?;
        for (id, seat) in chunk {
            if let Some(e) = ends.get(id).and_then(|e| e.get(seat)) {
                out.insert(*id, e.empires.clone());
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn at(epoch: i64, seat: &'static str, empire: &'static str, minor: bool) -> TurnAt<'static> {
        TurnAt {
            epoch,
            seat,
            empire,
            minor,
            score: Some(epoch * 10),
        }
    }

    #[test]
    fn the_last_epochs_empires_major_first() {
        let ends = seat_ends([
            at(6, "A", "Mongols", false),
            at(7, "A", "Venice", true),
            at(7, "A", "France", false),
            at(7, "B", "Britain", false),
        ]);
        assert_eq!(ends["A"].empires, ["France", "Venice"]);
        assert_eq!(ends["A"].score, Some(70));
        assert_eq!(
            empires_of(&ends, &["B".into(), "A".into()]),
            ["Britain", "France", "Venice"]
        );
    }
}
