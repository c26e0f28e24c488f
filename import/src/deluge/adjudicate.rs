//! A movement-phase adjudicator written for annals, for the orders a Deluge record gives: holds,
//! moves (direct and by convoy), supports (of holds and of moves), convoys and the Deluge
//! army-to-fleet transformation, against the map of the year (`map`).
//!
//! # What is adjudicated
//! - **Validity:** a move must reach its destination (armies by land, fleets along a coast or by
//!   sea, submerged provinces counting as sea); otherwise an army needs a chain of convoy orders
//!   by fleets at sea (or in submerged provinces). A support must name a unit whose order matches
//!   (a move to the same place, or a unit not moving) and the supporter must be able to reach the
//!   province it supports into. A convoy must name an army whose move matches. Invalid orders are
//!   `void` and the unit holds.
//! - **Support cutting:** by any move into the supporter from another power, except from the
//!   province the support is given into; and by dislodgement of the supporter.
//! - **Strength:** 1 plus the supports that are not cut; supports from the power of a unit being
//!   attacked do not count for dislodging it; a unit cannot dislodge one of its own power.
//! - **Battles:** a move succeeds when its strength beats every other move into the same
//!   province and beats the province's defence: the hold strength of a unit not moving (1 plus
//!   hold supports), 1 for a unit whose move failed, nothing for a unit that left, and in a head-to-head
//!   battle the other unit's move strength. Circles of moves all succeed.
//! - **Convoys:** a convoyed army moves only when a chain of convoying fleets that are not
//!   dislodged joins its province to its destination; the adjudication is repeated until the set of
//!   dislodged units no longer changes (at most 6 rounds).
//!
//! # What is not
//! Convoy paradoxes (Szykman or otherwise) are settled by the repetition above, not by a rule;
//! a move beaten in a head-to-head battle still prevents a third unit from entering; the
//! Abstraction A/F combined units and fast-ferry moves of rule 8 are not read. No
//! DATC suite has been run against this code: it is good for the ordinary cases of a record
//! and says so in a `deluge.result-contradiction` warning when a record's result disagrees.

use std::collections::{BTreeMap, BTreeSet};

use super::map::{Map, base};
use super::notation::OrderKind;

/// One unit's order as the adjudicator sees it. Provinces are base codes; coasts are kept on
/// `at_node`/`to_node` (`stp/nc`) for fleet moves.
#[derive(Debug, Clone)]
pub struct AOrder {
    pub power: &'static str,
    pub unit: char,
    pub at: String,
    pub at_node: String,
    pub kind: OrderKind,
    pub to: Option<String>,
    pub to_node: Option<String>,
    pub via: Vec<String>,
    pub of: Option<String>,
    /// False when the order was found void before adjudication (unknown province…).
    pub usable: bool,
}

/// What became of each order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// `succeeds`, `bounced`, `no_convoy`, `cut`, `void`, `dislodged`.
    pub results: Vec<&'static str>,
    /// Dislodged units: province → the province the attacker came from.
    pub dislodged: BTreeMap<String, String>,
    /// Moves that succeeded (by order index).
    pub moved: Vec<bool>,
}

fn can_reach(m: &Map, o: &AOrder, to: &str, year: u16) -> bool {
    if o.unit == 'A' {
        m.army_adjacent(&o.at, to, year)
    } else {
        m.fleet_adjacent(&o.at_node, base(to), year)
    }
}

/// Is there a chain of convoying fleets (provinces in `fleets`) from `from` to `to`?
fn convoy_path(m: &Map, from: &str, to: &str, fleets: &BTreeSet<String>, year: u16) -> bool {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut stack: Vec<String> = fleets
        .iter()
        .filter(|f| m.borders(from, f))
        .cloned()
        .collect();
    while let Some(f) = stack.pop() {
        if !seen.insert(f.clone()) {
            continue;
        }
        if m.borders(&f, to) && (m.fleet_adjacent(&f, to, year) || m.is_submerged(&f, year)) {
            return true;
        }
        for g in fleets {
            if !seen.contains(g) && m.fleet_adjacent(&f, g, year) {
                stack.push(g.clone());
            }
        }
    }
    false
}

/// Adjudicates one movement phase. `orders` holds one order per unit on the board (units without
/// an order in the record are given a hold by the caller).
pub fn adjudicate(m: &Map, year: u16, orders: &[AOrder]) -> Outcome {
    let n = orders.len();
    let unit_at: BTreeMap<&str, usize> = orders
        .iter()
        .enumerate()
        .map(|(i, o)| (o.at.as_str(), i))
        .collect();
    let (valid, needs_convoy) = validity(m, year, orders, &unit_at);
    let is_move = |i: usize| orders[i].kind == OrderKind::Move && valid[i];

    let mut dislodged: BTreeMap<String, String> = BTreeMap::new();
    let mut moved = vec![false; n];
    let mut cut = vec![false; n];
    let mut convoy_ok = vec![true; n];
    for _round in 0..6 {
        // Convoy routes with the fleets not dislodged.
        for i in 0..n {
            if needs_convoy[i] && valid[i] {
                let o = &orders[i];
                let fleets: BTreeSet<String> = orders
                    .iter()
                    .enumerate()
                    .filter(|(k, c)| {
                        c.kind == OrderKind::Convoy
                            && valid[*k]
                            && c.of.as_deref() == Some(o.at.as_str())
                            && c.to == o.to
                            && !dislodged.contains_key(&c.at)
                    })
                    .map(|(_, c)| c.at.clone())
                    .collect();
                let to = o.to.clone().unwrap_or_default();
                convoy_ok[i] = convoy_path(m, &o.at, &to, &fleets, year);
            }
        }
        let moving = |i: usize| is_move(i) && convoy_ok[i];
        // Support cuts.
        for i in 0..n {
            let o = &orders[i];
            if o.kind != OrderKind::Support || !valid[i] {
                continue;
            }
            let into = o.to.as_ref().or(o.of.as_ref());
            let attacked = (0..n).any(|j| {
                moving(j)
                    && orders[j].power != o.power
                    && orders[j].to.as_deref() == Some(o.at.as_str())
                    && Some(&orders[j].at) != into
            });
            cut[i] = attacked || dislodged.contains_key(&o.at);
        }
        let supports_for = |i: usize, exclude: Option<&str>| -> usize {
            let o = &orders[i];
            (0..n)
                .filter(|&k| {
                    let s = &orders[k];
                    s.kind == OrderKind::Support
                        && valid[k]
                        && !cut[k]
                        && s.of.as_deref() == Some(o.at.as_str())
                        && if o.kind == OrderKind::Move {
                            s.to == o.to
                        } else {
                            s.to.is_none()
                        }
                        && Some(s.power) != exclude
                })
                .count()
        };
        // Resolve moves.
        let mut state: Vec<Option<bool>> = (0..n)
            .map(|i| if moving(i) { None } else { Some(false) })
            .collect();
        loop {
            let mut progress = false;
            for i in 0..n {
                if state[i].is_some() {
                    continue;
                }
                let o = &orders[i];
                let to = o.to.clone().unwrap_or_default();
                let full = 1 + supports_for(i, None);
                let prevent = (0..n)
                    .filter(|&j| j != i && moving(j) && orders[j].to.as_deref() == Some(&to))
                    .map(|j| 1 + supports_for(j, None))
                    .max()
                    .unwrap_or(0);
                if full <= prevent {
                    state[i] = Some(false);
                    progress = true;
                    continue;
                }
                let decided = match unit_at.get(to.as_str()) {
                    None => Some(true),
                    Some(&d) => {
                        let def = &orders[d];
                        let attack = 1 + supports_for(i, Some(def.power));
                        let head_to_head = moving(d)
                            && def.to.as_deref() == Some(o.at.as_str())
                            && !needs_convoy[i]
                            && !needs_convoy[d];
                        if head_to_head {
                            Some(def.power != o.power && attack > 1 + supports_for(d, None))
                        } else if moving(d) {
                            match state[d] {
                                Some(true) => Some(true),
                                Some(false) => Some(def.power != o.power && attack > 1),
                                None => None,
                            }
                        } else {
                            Some(def.power != o.power && attack > 1 + supports_for(d, None))
                        }
                    }
                };
                if let Some(v) = decided {
                    state[i] = Some(v);
                    progress = true;
                }
            }
            if !progress {
                break;
            }
        }
        // What is left is a circle of moves: they all succeed.
        let new_moved: Vec<bool> = state.iter().map(|s| s.unwrap_or(true)).collect();
        let new_dislodged = dislodged_by(orders, &new_moved);
        let stable = new_dislodged == dislodged && new_moved == moved;
        dislodged = new_dislodged;
        moved = new_moved;
        if stable {
            break;
        }
    }
    let results = results(orders, &valid, &dislodged, &moved, &cut, &convoy_ok);
    Outcome {
        results,
        dislodged,
        moved,
    }
}

/// Which orders are valid on the map of `year` (a move that reaches, a support of a unit that does
/// what is supported, a convoy by a fleet at sea of an army's move…), and which moves need a
/// convoy.
fn validity(
    m: &Map,
    year: u16,
    orders: &[AOrder],
    unit_at: &BTreeMap<&str, usize>,
) -> (Vec<bool>, Vec<bool>) {
    let n = orders.len();
    let mut valid = vec![true; n];
    let mut needs_convoy = vec![false; n];
    for (i, o) in orders.iter().enumerate() {
        if !o.usable {
            valid[i] = false;
            continue;
        }
        match o.kind {
            OrderKind::Move => {
                let Some(to) = &o.to else {
                    valid[i] = false;
                    continue;
                };
                let direct = o.via.is_empty() && can_reach(m, o, to, year);
                if !direct {
                    let convoyed = o.unit == 'A'
                        && orders.iter().any(|c| {
                            c.kind == OrderKind::Convoy
                                && c.of.as_deref() == Some(o.at.as_str())
                                && c.to.as_deref() == Some(to.as_str())
                        });
                    if convoyed {
                        needs_convoy[i] = true;
                    } else {
                        valid[i] = false;
                    }
                }
            }
            OrderKind::Support => {
                let (Some(of), target) = (&o.of, o.to.as_ref().or(o.of.as_ref())) else {
                    valid[i] = false;
                    continue;
                };
                let Some(target) = target else {
                    valid[i] = false;
                    continue;
                };
                let matches = unit_at.get(of.as_str()).is_some_and(|&j| {
                    let s = &orders[j];
                    match &o.to {
                        Some(to) => s.kind == OrderKind::Move && s.to.as_deref() == Some(to),
                        None => s.kind != OrderKind::Move,
                    }
                });
                valid[i] = matches && can_reach(m, o, target, year);
            }
            OrderKind::Convoy => {
                let matches =
                    o.of.as_deref()
                        .and_then(|of| unit_at.get(of))
                        .is_some_and(|&j| {
                            orders[j].kind == OrderKind::Move
                                && orders[j].unit == 'A'
                                && orders[j].to == o.to
                        });
                valid[i] = matches && o.unit == 'F' && m.is_water(&o.at, year);
            }
            OrderKind::Transform => {
                valid[i] = o.unit == 'A' && m.fleet_can_be(&o.at, year);
            }
            _ => {}
        }
    }
    // Moves whose support a later invalid move voids.
    for (i, o) in orders.iter().enumerate() {
        if o.kind == OrderKind::Support
            && valid[i]
            && let Some(of) = &o.of
            && let Some(&j) = unit_at.get(of.as_str())
            && o.to.is_some()
            && !valid[j]
        {
            valid[i] = false;
        }
    }
    (valid, needs_convoy)
}

/// The units dislodged when the moves `moved` succeed: where each stands, and from where it is
/// dislodged.
fn dislodged_by(orders: &[AOrder], moved: &[bool]) -> BTreeMap<String, String> {
    let n = orders.len();
    let mut dislodged = BTreeMap::new();
    for (i, o) in orders.iter().enumerate() {
        if moved[i] {
            continue;
        }
        if let Some(j) =
            (0..n).find(|&j| moved[j] && orders[j].to.as_deref() == Some(o.at.as_str()))
        {
            dislodged.insert(o.at.clone(), orders[j].at.clone());
        }
    }
    dislodged
}

/// Each order's result once the rounds are settled.
fn results(
    orders: &[AOrder],
    valid: &[bool],
    dislodged: &BTreeMap<String, String>,
    moved: &[bool],
    cut: &[bool],
    convoy_ok: &[bool],
) -> Vec<&'static str> {
    let n = orders.len();
    (0..n)
        .map(|i| {
            let o = &orders[i];
            if dislodged.contains_key(&o.at) {
                return "dislodged";
            }
            if !valid[i] && o.kind != OrderKind::Hold {
                return "void";
            }
            match o.kind {
                OrderKind::Move if moved[i] => "succeeds",
                OrderKind::Move if !convoy_ok[i] => "no_convoy",
                OrderKind::Move => "bounced",
                OrderKind::Support if cut[i] => "cut",
                _ => "succeeds",
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deluge::map::map;

    fn o(
        power: &'static str,
        unit: char,
        at: &str,
        kind: OrderKind,
        to: Option<&str>,
        of: Option<&str>,
    ) -> AOrder {
        AOrder {
            power,
            unit,
            at: at.into(),
            at_node: at.into(),
            kind,
            to: to.map(Into::into),
            to_node: to.map(Into::into),
            via: vec![],
            of: of.map(Into::into),
            usable: true,
        }
    }

    #[test]
    fn supported_attack_dislodges() {
        use OrderKind::*;
        let orders = vec![
            o("France", 'A', "par", Move, Some("bur"), None),
            o("France", 'A', "mar", Support, Some("bur"), Some("par")),
            o("Germany", 'A', "bur", Hold, None, None),
        ];
        let out = adjudicate(map(), 1901, &orders);
        assert_eq!(out.results, vec!["succeeds", "succeeds", "dislodged"]);
        assert_eq!(out.dislodged.get("bur").map(String::as_str), Some("par"));
    }

    #[test]
    fn standoff() {
        use OrderKind::*;
        let orders = vec![
            o("France", 'A', "par", Move, Some("bur"), None),
            o("Germany", 'A', "mun", Move, Some("bur"), None),
        ];
        let out = adjudicate(map(), 1901, &orders);
        assert_eq!(out.results, vec!["bounced", "bounced"]);
    }

    #[test]
    fn convoy_and_cut() {
        use OrderKind::*;
        let orders = vec![
            o("England", 'A', "lon", Move, Some("bel"), None),
            o("England", 'F', "nth", Convoy, Some("bel"), Some("lon")),
            o("France", 'A', "pic", Support, Some("bel"), Some("bur")),
            o("France", 'A', "bur", Move, Some("bel"), None),
            o("Germany", 'A', "ruh", Hold, None, None),
        ];
        let out = adjudicate(map(), 1901, &orders);
        assert_eq!(out.results[0], "bounced");
        assert_eq!(out.results[3], "succeeds");
    }
    #[test]
    fn head_to_head_and_circle() {
        use OrderKind::*;
        // A three-unit circle moves.
        let orders = vec![
            o("Turkey", 'F', "ank", Move, Some("con"), None),
            o("Turkey", 'A', "con", Move, Some("smy"), None),
            o("Turkey", 'A', "smy", Move, Some("ank"), None),
        ];
        let out = adjudicate(map(), 1901, &orders);
        assert_eq!(out.results, vec!["succeeds", "succeeds", "succeeds"]);
        // Two units swapping without a convoy bounce.
        let orders = vec![
            o("Germany", 'A', "ber", Move, Some("kie"), None),
            o("Germany", 'F', "kie", Move, Some("ber"), None),
        ];
        let out = adjudicate(map(), 1901, &orders);
        assert_eq!(out.results, vec!["bounced", "bounced"]);
        // A supported head-to-head attack wins and dislodges.
        let orders = vec![
            o("France", 'A', "par", Move, Some("bur"), None),
            o("France", 'A', "pic", Support, Some("bur"), Some("par")),
            o("Germany", 'A', "bur", Move, Some("par"), None),
        ];
        let out = adjudicate(map(), 1901, &orders);
        assert_eq!(out.results, vec!["succeeds", "succeeds", "dislodged"]);
    }

    #[test]
    fn support_cut_and_own_unit() {
        use OrderKind::*;
        // The support is cut by an attack from elsewhere.
        let orders = vec![
            o("France", 'A', "par", Move, Some("bur"), None),
            o("France", 'A', "mar", Support, Some("bur"), Some("par")),
            o("Germany", 'A', "bur", Hold, None, None),
            o("Italy", 'A', "pie", Move, Some("mar"), None),
        ];
        let out = adjudicate(map(), 1901, &orders);
        assert_eq!(out.results, vec!["bounced", "cut", "succeeds", "bounced"]);
        // A power cannot dislodge its own unit, even with support.
        let orders = vec![
            o("France", 'A', "par", Move, Some("bur"), None),
            o("France", 'A', "mar", Support, Some("bur"), Some("par")),
            o("France", 'A', "bur", Hold, None, None),
        ];
        let out = adjudicate(map(), 1901, &orders);
        assert_eq!(out.results[0], "bounced");
        assert!(out.dislodged.is_empty());
    }

    #[test]
    fn convoy_broken_by_dislodging_the_fleet() {
        use OrderKind::*;
        let orders = vec![
            o("England", 'A', "lon", Move, Some("bel"), None),
            o("England", 'F', "nth", Convoy, Some("bel"), Some("lon")),
            o("Germany", 'F', "hel", Move, Some("nth"), None),
            o("Germany", 'F', "den", Support, Some("nth"), Some("hel")),
        ];
        let out = adjudicate(map(), 1901, &orders);
        assert_eq!(out.results[0], "no_convoy");
        assert_eq!(out.results[1], "dislodged");
        assert_eq!(out.results[2], "succeeds");
    }

    #[test]
    fn sunk_province_is_sea() {
        use OrderKind::*;
        // London sank in W1901: in 1902 a fleet may enter it, an army may not.
        let orders = vec![
            o("England", 'F', "nth", Move, Some("lon"), None),
            o("England", 'A', "wal", Move, Some("lon"), None),
        ];
        let out = adjudicate(map(), 1902, &orders);
        assert_eq!(out.results, vec!["succeeds", "void"]);
    }
}
