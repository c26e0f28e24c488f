//! A movement phase replayed: each order as the adjudication takes it, the units without an
//! order holding, the adjudication, and what it (or the record) did to the position.

use super::{State, Unit, check_map, final_result, power_of, set_result, wrong_phase};
use crate::deluge::adjudicate::{AOrder, adjudicate};
use crate::deluge::map::{Map, base};
use crate::deluge::notation::{OrderKind, RawOrder};
use crate::deluge::{DelugeGame, ReadPhase};
use crate::diag::Sink;

pub(super) fn movement(
    m: &Map,
    st: &mut State,
    game: &mut DelugeGame,
    ph: &ReadPhase,
    sink: &mut Sink,
) {
    let year = ph.key.year;
    let mut aorders: Vec<AOrder> = Vec::new();
    let mut index: Vec<Option<usize>> = Vec::new();
    for (o, idx) in &ph.orders {
        let Some(a) = movement_order(m, st, game, (o, *idx), &aorders, year, sink) else {
            continue;
        };
        index.push(Some(*idx));
        aorders.push(a);
    }
    // Units without an order hold.
    for (at, u) in &st.units {
        if !aorders.iter().any(|a| &a.at == at) {
            index.push(None);
            aorders.push(AOrder {
                power: u.power,
                unit: u.kind,
                at: at.clone(),
                at_node: at.clone(),
                kind: OrderKind::Hold,
                to: None,
                to_node: None,
                via: Vec::new(),
                via_convoy: false,
                of: None,
                usable: true,
            });
        }
    }
    let out = adjudicate(m, year, &aorders);
    st.attacked_from = out.dislodged.clone();
    st.contested = out.contested.clone();
    for (k, a) in aorders.iter().enumerate() {
        let Some(idx) = index[k] else { continue };
        let r = out.results.get(k).copied().unwrap_or("void");
        if r == "void"
            && a.kind == OrderKind::Move
            && a.usable
            && let Some(g) = game.orders.get(idx)
        {
            sink.warning(
                "deluge.unreachable",
                g.line,
                g.col,
                format!(
                    "{} {} cannot reach {} in {year} (no border, no convoy); the order is void",
                    a.unit,
                    a.at,
                    a.to.clone().unwrap_or_default()
                ),
            );
        }
        set_result(game, idx, r, sink);
    }
    apply_movement(st, game, &aorders, &index, &out.results);
    if st.standard {
        for (k, a) in aorders.iter().enumerate() {
            if let Some(idx) = index[k]
                && out.dislodged.contains_key(&a.at)
                && let Some(g) = game.orders.get_mut(idx)
            {
                g.retreats = Some(retreat_options(m, st, year, a));
            }
        }
    }
}

/// Where the dislodged unit of `a` may retreat after the movement: a province it could move to
/// (a fleet: each coast it reaches), empty after the moves, not where its attacker came from and
/// not left empty by a standoff.
fn retreat_options(m: &Map, st: &State, year: u16, a: &AOrder) -> Vec<String> {
    let mut out = Vec::new();
    for p in &m.provinces {
        let code = p.code;
        if st.units.contains_key(code)
            || st.attacked_from.get(&a.at).map(String::as_str) == Some(code)
            || st.contested.contains(code)
            || code == a.at
        {
            continue;
        }
        if a.unit == 'A' {
            if m.army_adjacent(&a.at, code, year) {
                out.push(code.to_string());
            }
        } else if m.coasts(code).is_empty() {
            if m.fleet_adjacent(&a.at_node, code, year) {
                out.push(code.to_string());
            }
        } else {
            for c in m.coasts(code) {
                let node = format!("{code}/{c}");
                if m.fleet_adjacent(&a.at_node, &node, year) {
                    out.push(node);
                }
            }
        }
    }
    out
}

/// One order of a movement phase (`idx` its index in the game's orders) as the adjudication
/// takes it, its unit put on the board where the record has it; None for an order that is void
/// (not a movement order, a second order for a unit, an army drowned already).
fn movement_order(
    m: &Map,
    st: &mut State,
    game: &mut DelugeGame,
    (o, idx): (&RawOrder, usize),
    aorders: &[AOrder],
    year: u16,
    sink: &mut Sink,
) -> Option<AOrder> {
    let (line, col, power) = match game.orders.get(idx) {
        Some(g) => (g.line, g.col, power_of(&g.power)),
        None => return None,
    };
    if matches!(
        o.kind,
        OrderKind::Build | OrderKind::Remove | OrderKind::Waive
    ) {
        wrong_phase(game, idx, sink, "a movement phase");
        return None;
    }
    let Some(at) = o.at.as_ref().and_then(|l| l.code) else {
        set_result(game, idx, "void", sink);
        return None;
    };
    if aorders.iter().any(|a| a.at == at) {
        sink.warning(
            "deluge.order-twice",
            line,
            col,
            format!("a second order for the unit in {at}; the first is adjudicated"),
        );
        set_result(game, idx, "void", sink);
        return None;
    }
    let tracked = st.units.get(at).cloned();
    let kind = o.unit.or(tracked.as_ref().map(|u| u.kind)).unwrap_or('A');
    // An army in a province that has already submerged does not exist: it drowned there
    // (rule 4). Its order is void, and it is not put on the board, so it neither holds, nor
    // counts among its power's units, nor makes its power a survivor.
    if kind == 'A' && m.is_submerged(at, year) {
        let off = o.at.as_ref().map_or(0, |l| l.off) as u32;
        sink.warning(
            "deluge.submerged",
            line,
            col + off,
            format!(
                "{power} orders an army in {at}, which submerged in W{}: armies there drowned (rule 4), so the unit does not exist; the order is void",
                m.submerges_in(at).unwrap_or(year)
            ),
        );
        set_result(game, idx, "void", sink);
        return None;
    }
    let matches = tracked
        .as_ref()
        .is_some_and(|u| u.power == power && u.kind == kind);
    if !matches && st.standard && st.known {
        // standard Diplomacy: a power orders only its own units that are on the board (6.A.6)
        let had = match &tracked {
            Some(u) => format!("the position has {} {} there", u.power, u.kind),
            None => "the position has no unit there".to_string(),
        };
        sink.warning(
            "deluge.no-unit",
            line,
            col,
            format!("{power} orders {kind} {at}, but {had}; the order is void"),
        );
        set_result(game, idx, "void", sink);
        return None;
    }
    if !matches {
        if st.known {
            let had = match &tracked {
                Some(u) => format!("the position has {} {} there", u.power, u.kind),
                None => "the position has no unit there".to_string(),
            };
            sink.warning(
                "deluge.no-unit",
                line,
                col,
                format!("{power} orders {kind} {at}, but {had}; the record is followed"),
            );
        }
        st.units.insert(
            at.to_string(),
            Unit {
                power,
                kind,
                coast: o.at.as_ref().and_then(|l| l.coast.clone()),
            },
        );
    }
    let mut usable = check_map(m, year, o, kind, line, col, sink);
    if o.kind == OrderKind::Transform && (kind != 'A' || !m.fleet_can_be(at, year)) {
        sink.warning(
            "deluge.transform-invalid",
            line,
            col,
            format!("only an army in a coastal province may turn into a fleet (rule 2); {kind} {at} cannot"),
        );
        usable = false;
    }
    let written_coast = o.at.as_ref().and_then(|l| l.coast.clone());
    let board_coast = st.units.get(at).and_then(|u| u.coast.clone());
    // standard Diplomacy: the fleet is where the board has it, whatever coast the order writes
    // (6.B.10, 6.B.11)
    let at_coast = if st.standard {
        board_coast.or(written_coast)
    } else {
        written_coast.or(board_coast)
    };
    let at_node = match &at_coast {
        Some(c) if kind == 'F' => format!("{at}/{c}"),
        _ => at.to_string(),
    };
    let to = o.to.as_ref().and_then(|l| l.code).map(str::to_string);
    let mut to_node = to.clone();
    if kind == 'F'
        && o.kind == OrderKind::Move
        && let Some(t) = &to
    {
        match o.to.as_ref().and_then(|l| l.coast.clone()) {
            Some(c) => to_node = Some(format!("{t}/{c}")),
            None if !m.coasts(t).is_empty() && !m.is_submerged(t, year) => {
                let cs = m.reachable_coasts(&at_node, t, year);
                if cs.len() > 1 && st.standard {
                    // two coasts within reach and none named: the move is void (6.B.1)
                    usable = false;
                }
                if let [c] = cs.as_slice() {
                    to_node = Some(format!("{t}/{c}"));
                    if let Some(g) = game.orders.get_mut(idx) {
                        g.to_coast = Some(c.to_string());
                    }
                    sink.info(
                        "deluge.coast-inferred",
                        line,
                        col,
                        format!("the move to {t} does not name a coast; {c}, the only one within reach, is taken"),
                    );
                }
            }
            None => {}
        }
    }
    if o.kind == OrderKind::Support
        && let (Some(t), Some(c)) = (&to, o.to.as_ref().and_then(|l| l.coast.clone()))
    {
        to_node = Some(format!("{t}/{c}"));
    }
    Some(AOrder {
        power,
        unit: kind,
        at: at.to_string(),
        at_node,
        kind: o.kind,
        to,
        to_node,
        via: o
            .via
            .iter()
            .filter_map(|l| l.code.map(str::to_string))
            .collect(),
        // Deluge records write `(via convoy)` as a note on the route, and an army with no fleet
        // to carry it moves by land as before; in standard Diplomacy it is the order's intent
        // (DATC 6.G.8, 6.G.20).
        via_convoy: o.via_convoy && st.standard,
        of: o.of.as_ref().and_then(|l| l.code).map(str::to_string),
        usable,
    })
}

/// What a movement phase did to the position: the record's result where it gives one, else the
/// adjudication's (`results`, by order of `aorders`; `index` the game's order of each, None for a
/// unit with no order).
fn apply_movement(
    st: &mut State,
    game: &DelugeGame,
    aorders: &[AOrder],
    index: &[Option<usize>],
    results: &[&'static str],
) {
    // Apply what happened (the record where it says, else the adjudication).
    let mut moves: Vec<(String, String, Option<String>)> = Vec::new();
    let mut dislodged: Vec<String> = Vec::new();
    for (k, a) in aorders.iter().enumerate() {
        let r = match index.get(k).copied().flatten() {
            Some(idx) => final_result(game, idx).to_string(),
            None => results.get(k).copied().unwrap_or("succeeds").to_string(),
        };
        if r == "dislodged" || r == "destroyed" {
            dislodged.push(a.at.clone());
        } else if r == "succeeds" && a.kind == OrderKind::Move {
            if let Some(to) = &a.to {
                let coast = a
                    .to_node
                    .as_deref()
                    .and_then(|n| n.split_once('/'))
                    .map(|(_, c)| c.to_string());
                moves.push((a.at.clone(), to.clone(), coast));
            }
        } else if r == "succeeds"
            && a.kind == OrderKind::Transform
            && let Some(u) = st.units.get_mut(&a.at)
        {
            u.kind = 'F';
        }
    }
    let mut moving_units = Vec::new();
    for (from, to, coast) in &moves {
        if let Some(mut u) = st.units.remove(from) {
            u.coast = coast.clone();
            moving_units.push((to.clone(), u));
        }
    }
    for at in &dislodged {
        if let Some(u) = st.units.remove(at) {
            st.pending.push((at.clone(), u));
        }
    }
    for (to, u) in moving_units {
        if let Some(old) = st.units.insert(to.clone(), u) {
            st.pending.push((to, old));
        }
    }
    for (at, u) in &st.units {
        st.last_unit.insert(base(at).to_string(), u.power);
    }
}
