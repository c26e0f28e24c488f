//! Civil disorder in standard Diplomacy: a power that removes fewer units than it must loses the
//! units farthest from the supply centres it owns (DATC v3.0 6.J, the 2023 rulebook). An army's
//! distance counts moves through any province, land or sea (as if convoyed); a fleet's counts
//! fleet moves, coasts included, the last step into a land-locked centre by any border. Among
//! equally far units fleets go first, then by the province's name (alphabetical).

use std::collections::{HashSet, VecDeque};

use super::{State, power_of};
use crate::deluge::map::{Map, base};
use crate::deluge::{DelugeGame, Order, ReadPhase};
use crate::diag::Sink;

/// Moves from the unit at `at` (with `coast`) to the nearest centre in `centres`.
fn distance(m: &Map, year: u16, kind: char, node: &str, centres: &[String]) -> usize {
    let is_centre = |p: &str| centres.iter().any(|c| c == base(p));
    let mut seen: HashSet<String> = HashSet::new();
    let mut queue: VecDeque<(String, usize)> = VecDeque::from([(node.to_string(), 0)]);
    let nodes: Vec<String> = m
        .provinces
        .iter()
        .flat_map(|p| {
            let mut v = vec![p.code.to_string()];
            v.extend(m.coasts(p.code).iter().map(|c| format!("{}/{c}", p.code)));
            v
        })
        .collect();
    while let Some((n, d)) = queue.pop_front() {
        if is_centre(&n) {
            return d;
        }
        if !seen.insert(n.clone()) {
            continue;
        }
        for next in &nodes {
            let step = if kind == 'A' {
                !next.contains('/') && m.borders(&n, next) && m.is_passable(next, year)
            } else {
                m.fleet_adjacent(&n, next, year)
                    || (!next.contains('/')
                        && is_centre(next)
                        && m.borders(&n, next)
                        && !m.fleet_can_be(next, year))
            };
            if step && !seen.contains(next) {
                queue.push_back((next.clone(), d + 1));
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
                let node = match (&u.coast, u.kind) {
                    (Some(c), 'F') => format!("{at}/{c}"),
                    _ => at.clone(),
                };
                let d = distance(m, year, u.kind, &node, &centres);
                (d, u.kind == 'A', at.clone(), u.kind)
            })
            .collect();
        // farthest first; fleets before armies; then alphabetical
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        for (_, _, at, kind) in ranked.into_iter().take(units - centres.len()) {
            st.units.remove(&at);
            sink.info(
                "diplomacy.civil-disorder",
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
                via: Vec::new(),
                of_unit: None,
                of: None,
                result: Some("succeeds".to_string()),
                result_from: Some("adjudicated".to_string()),
                adjudicated: None,
                notation: "civil disorder".to_string(),
                line: ph.line,
                col: 1,
                comment: None,
            });
        }
    }
}
