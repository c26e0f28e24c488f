//! The board's changes after each phase (`DelugeGame::unit_changes`): the position compared
//! with the one last recorded, in one walk of the two sorted boards; only what differs is kept.

use std::cmp::Ordering;

use super::{State, Unit};
use crate::deluge::{DelugeGame, UnitAt, UnitChange};

/// Records what phase `phase` changed on the board.
pub(super) fn record(st: &mut State, game: &mut DelugeGame, phase: usize) {
    let mut changed: Vec<(String, Option<Unit>)> = Vec::new();
    let mut now = st.units.iter().peekable();
    let mut was = st.shown.iter().peekable();
    loop {
        let order = match (now.peek(), was.peek()) {
            (None, None) => break,
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (Some((a, _)), Some((b, _))) => a.cmp(b),
        };
        match order {
            Ordering::Less => {
                if let Some((at, u)) = now.next() {
                    changed.push((at.clone(), Some(u.clone())));
                }
            }
            Ordering::Greater => {
                if let Some((at, _)) = was.next() {
                    changed.push((at.clone(), None));
                }
            }
            Ordering::Equal => {
                if let (Some((at, u)), Some((_, old))) = (now.next(), was.next())
                    && u != old
                {
                    changed.push((at.clone(), Some(u.clone())));
                }
            }
        }
    }
    for (at, u) in changed {
        let unit = u.as_ref().map(|u| UnitAt {
            power: u.power.to_string(),
            unit: u.kind.to_string(),
            at: match &u.coast {
                Some(c) => format!("{at}/{c}"),
                None => at.clone(),
            },
        });
        match u {
            Some(u) => st.shown.insert(at.clone(), u),
            None => st.shown.remove(&at),
        };
        game.unit_changes.push(UnitChange {
            phase,
            province: at,
            unit,
        });
    }
}
