//! What is decided once before the resolver runs: each order's legality, which moves go by
//! convoy, head-to-head pairs, and the lists (supports of an order, moves into a province,
//! convoys of a move) the strengths walk. Built with maps by province so the work stays linear
//! in the number of orders.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::deluge::adjudicate::AOrder;
use crate::deluge::map::{Map, base};
use crate::deluge::notation::OrderKind;

/// Legality and the lists between orders.
pub(super) struct Prep {
    /// The order is legal in itself (an illegal move holds; an illegal support or convoy does
    /// nothing).
    pub valid: Vec<bool>,
    /// A legal move (the unit tries to leave).
    pub moving: Vec<bool>,
    /// A legal move that goes by convoy.
    pub convoyed: Vec<bool>,
    /// A support whose supported unit is ordered as it says, legal or not (given, to nothing,
    /// when the move is illegal: 6.A.5).
    pub literal: Vec<bool>,
    /// The order of the unit standing in each province.
    pub unit_at: HashMap<String, usize>,
    /// For each order, the matching legal supports of it.
    pub supports: Vec<Vec<usize>>,
    /// Legal moves into each province.
    pub into: HashMap<String, Vec<usize>>,
    /// A move's head-to-head opponent (neither convoyed).
    pub h2h: Vec<Option<usize>>,
    /// The legal convoy orders for a convoyed move.
    pub convoys: Vec<Vec<usize>>,
}

/// Can the unit of `o` move to province `to` (its coast, when a fleet names one)?
pub(super) fn reaches(m: &Map, year: u16, o: &AOrder, to: &str) -> bool {
    if o.unit == 'A' {
        m.army_adjacent(&o.at, to, year)
    } else {
        m.fleet_adjacent(&o.at_node, to, year)
    }
}

/// Is there a route of sea provinces (all of them, ordered or not) from `from` through `sea` to
/// `to`? A convoy order by a fleet on no such route is illegal.
fn sea_route_through(m: &Map, year: u16, from: &str, sea: &str, to: &str) -> bool {
    let reach = |start: &str, goal: &dyn Fn(&str) -> bool| -> bool {
        let mut seen: HashSet<&str> = HashSet::new();
        let mut queue: VecDeque<&str> = VecDeque::new();
        for p in &m.provinces {
            if m.is_water(p.code, year) && m.borders(start, p.code) {
                queue.push_back(p.code);
            }
        }
        while let Some(s) = queue.pop_front() {
            if !seen.insert(s) {
                continue;
            }
            if goal(s) {
                return true;
            }
            for p in &m.provinces {
                if m.is_water(p.code, year) && !seen.contains(p.code) && m.borders(s, p.code) {
                    queue.push_back(p.code);
                }
            }
        }
        false
    };
    m.is_water(sea, year) && reach(from, &|s| s == sea) && reach(to, &|s| s == sea) && from != to
}

impl Prep {
    pub(super) fn new(m: &Map, year: u16, orders: &[AOrder]) -> Prep {
        let n = orders.len();
        let mut unit_at = HashMap::new();
        for (i, o) in orders.iter().enumerate() {
            unit_at.entry(o.at.clone()).or_insert(i);
        }
        // Convoy orders: legal when a fleet at sea convoys an army that moves there, and the
        // fleet is on a sea route of that move.
        let mut valid = vec![false; n];
        let mut convoy_orders: HashMap<(String, String), Vec<usize>> = HashMap::new();
        for (i, o) in orders.iter().enumerate() {
            if o.kind != OrderKind::Convoy || !o.usable || o.unit != 'F' {
                continue;
            }
            let (Some(of), Some(to)) = (&o.of, &o.to) else {
                continue;
            };
            let army = unit_at.get(of).map(|&j| &orders[j]);
            let ok = army.is_some_and(|a| {
                a.unit == 'A' && a.kind == OrderKind::Move && a.to.as_ref() == Some(to)
            }) && sea_route_through(m, year, of, &o.at, to);
            if ok {
                valid[i] = true;
                convoy_orders
                    .entry((of.clone(), to.clone()))
                    .or_default()
                    .push(i);
            }
        }
        let mut convoyed = vec![false; n];
        let mut convoys = vec![Vec::new(); n];
        for (i, o) in orders.iter().enumerate() {
            match o.kind {
                OrderKind::Move => {
                    let Some(to) = &o.to else { continue };
                    if !o.usable || base(to) == o.at {
                        continue;
                    }
                    let cs = convoy_orders
                        .get(&(o.at.clone(), to.clone()))
                        .cloned()
                        .unwrap_or_default();
                    let direct = o.via.is_empty() && reaches(m, year, o, to_node(o));
                    // Without a convoy order, a move that does not border its destination is
                    // still a convoy move (that fails) where fleets stand on a sea route (6.D.8);
                    // where none do, it is illegal and the unit holds (6.D.32).
                    let by_sea = o.unit == 'A'
                        && (o.via_convoy
                            || !direct
                                && (!cs.is_empty()
                                    || fleet_route(m, year, &o.at, to, orders, &unit_at))
                            || direct && cs.iter().any(|&c| orders[c].power == o.power));
                    if by_sea {
                        valid[i] = true;
                        convoyed[i] = true;
                        convoys[i] = cs;
                    } else {
                        valid[i] = direct;
                    }
                }
                OrderKind::Support => valid[i] = support_legal(m, year, o, &unit_at),
                OrderKind::Transform => valid[i] = o.unit == 'A' && m.fleet_can_be(&o.at, year),
                OrderKind::Hold => valid[i] = true,
                _ => {}
            }
        }
        let moving: Vec<bool> = (0..n)
            .map(|i| orders[i].kind == OrderKind::Move && valid[i])
            .collect();
        let mut into: HashMap<String, Vec<usize>> = HashMap::new();
        for i in (0..n).filter(|&i| moving[i]) {
            if let Some(to) = &orders[i].to {
                into.entry(to.clone()).or_default().push(i);
            }
        }
        let mut literal = vec![false; n];
        let mut supports = vec![Vec::new(); n];
        for (i, o) in orders.iter().enumerate() {
            if o.kind != OrderKind::Support || !valid[i] {
                continue;
            }
            let Some(&j) = o.of.as_ref().and_then(|of| unit_at.get(of)) else {
                continue;
            };
            let ok = match &o.to {
                Some(to) => {
                    moving[j] && orders[j].to.as_ref() == Some(to) && same_coast(o, &orders[j])
                }
                None => !moving[j],
            };
            literal[i] =
                ok || o.to.is_some() && orders[j].kind == OrderKind::Move && orders[j].to == o.to;
            if ok {
                supports[j].push(i);
            }
        }
        let h2h = (0..n)
            .map(|i| {
                if !moving[i] || convoyed[i] {
                    return None;
                }
                let j = *unit_at.get(orders[i].to.as_deref()?)?;
                (moving[j] && !convoyed[j] && orders[j].to.as_deref() == Some(&orders[i].at))
                    .then_some(j)
            })
            .collect();
        Prep {
            valid,
            moving,
            convoyed,
            literal,
            unit_at,
            supports,
            into,
            h2h,
            convoys,
        }
    }
}

/// Where a move goes, coast included when the order or the map gives one.
fn to_node(o: &AOrder) -> &str {
    o.to_node.as_deref().or(o.to.as_deref()).unwrap_or_default()
}

/// A support is legal when it names another unit and the supporter could move into the province
/// it supports into (coasts of that province aside; the supporter's own coast counts).
fn support_legal(m: &Map, year: u16, o: &AOrder, unit_at: &HashMap<String, usize>) -> bool {
    let Some(of) = &o.of else { return false };
    let target = o.to.as_ref().unwrap_or(of);
    if !o.usable || of == &o.at || target == &o.at || !unit_at.contains_key(of) {
        return false;
    }
    if o.unit == 'A' {
        m.army_adjacent(&o.at, target, year)
    } else {
        m.fleet_adjacent(&o.at_node, base(target), year)
    }
}

/// A support that names the coast of the move it supports must name the coast the fleet moves to
/// (6.B.9); one that names none supports a move to any coast.
fn same_coast(s: &AOrder, mover: &AOrder) -> bool {
    match (s.to_node.as_deref(), mover.to_node.as_deref()) {
        (Some(a), Some(b)) if a.contains('/') && b.contains('/') => a == b,
        _ => true,
    }
}

/// Is there a route of sea provinces, each with a fleet in it, from `from` to `to`?
fn fleet_route(
    m: &Map,
    year: u16,
    from: &str,
    to: &str,
    orders: &[AOrder],
    unit_at: &HashMap<String, usize>,
) -> bool {
    let fleet_at =
        |p: &str| m.is_water(p, year) && unit_at.get(p).is_some_and(|&k| orders[k].unit == 'F');
    let mut seen: HashSet<&str> = HashSet::new();
    let mut queue: VecDeque<&str> = orders
        .iter()
        .map(|o| o.at.as_str())
        .filter(|p| fleet_at(p) && m.borders(from, p))
        .collect();
    while let Some(s) = queue.pop_front() {
        if !seen.insert(s) {
            continue;
        }
        if m.borders(s, to) {
            return true;
        }
        for o in orders {
            let p = o.at.as_str();
            if fleet_at(p) && !seen.contains(p) && m.borders(s, p) {
                queue.push_back(p);
            }
        }
    }
    false
}
