//! Civil disorder in standard Diplomacy: a power that removes fewer units than it must loses the
//! units farthest from the supply centres it owns (DATC v3.0 6.J, the 2023 rulebook: the
//! distance to owned centres, not home centres, counted for armies and fleets alike through any
//! province, land or sea). Among equally far units fleets go first, then by the province's name
//! (alphabetical).

use std::collections::{HashSet, VecDeque};

use super::{State, power_of};
use crate::deluge::map::Map;
use crate::deluge::{DelugeGame, Order, ReadPhase};
use crate::diag::Sink;

/// Moves from `at` to the nearest of `centres`, through any province.
fn distance(m: &Map, year: u16, at: &str, centres: &[String]) -> usize {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut queue: VecDeque<(&str, usize)> = m
        .provinces
        .iter()
        .filter(|p| p.code == at)
        .map(|p| (p.code, 0))
        .collect();
    while let Some((p, d)) = queue.pop_front() {
        if centres.iter().any(|c| c == p) {
            return d;
        }
        if !seen.insert(p) {
            continue;
        }
        for q in &m.provinces {
            if !seen.contains(q.code) && m.is_passable(q.code, year) && m.borders(p, q.code) {
                queue.push_back((q.code, d + 1));
            }
        }
    }
    usize::MAX
}

pub(super) fn civil_disorder(
    m: &Map,
    st: &mut State,
    game: &mut DelugeGame,
    ph: &ReadPhase,
    sink: &mut Sink,
) {
    let year = ph.key.year;
    let powers: Vec<&'static str> = st.units.values().map(|u| u.power).collect();
    let mut powers = powers;
    powers.sort_unstable();
    powers.dedup();
    for power in powers {
        let centres: Vec<String> = st
            .owners
            .iter()
            .filter(|(_, p)| **p == power)
            .map(|(c, _)| c.clone())
            .collect();
        let units = st.units.values().filter(|u| u.power == power).count();
        if units <= centres.len() {
            continue;
        }
        let mut ranked: Vec<(usize, bool, String, char)> = st
            .units
            .iter()
            .filter(|(_, u)| u.power == power)
            .map(|(at, u)| {
                let d = distance(m, year, at, &centres);
                (d, u.kind == 'A', at.clone(), u.kind)
            })
            .collect();
        // farthest first; fleets before armies; then alphabetical
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        for (_, _, at, kind) in ranked.into_iter().take(units - centres.len()) {
            st.units.remove(&at);
            sink.info(
                "deluge.civil-disorder",
                ph.line,
                1,
                format!("{power} removes too few units: {kind} {at}, the farthest from its centres, is removed (civil disorder)"),
            );
            game.orders.push(Order {
                phase: ph.key.code(),
                year,
                season: ph.key.season_name().to_string(),
                power: power_of(power).to_string(),
                unit: Some(kind.to_string()),
                at: Some(at),
                coast: None,
                kind: "remove".to_string(),
                to: None,
                to_coast: None,
                via_convoy: false,
                via: Vec::new(),
                of_unit: None,
                of: None,
                result: Some("succeeds".to_string()),
                result_from: Some("adjudicated".to_string()),
                adjudicated: None,
                reason: None,
                retreats: None,
                notation: "civil disorder".to_string(),
                line: ph.line,
                col: 1,
                comment: None,
            });
        }
    }
}
