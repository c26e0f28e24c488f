//! A Diplomacy game's units after each phase, as the game page lists them beside the orders: per
//! phase one line a power (`England: F Edi, F Lon, A Lvp`), and after a winter each power's supply
//! centres. Only the phases of the page of orders shown, so a long game's page stays small.

use std::ops::Range;

use annals_import::deluge::{DelugeGame, Phase, UnitAt};

use super::language::tr_args;
use super::orders::place;

/// One phase's lines.
pub struct PhaseUnits {
    pub phase: String,
    /// `England: F Edi, F Lon, A Lvp`, one a power with units.
    pub units: Vec<String>,
    /// After a winter: `England (4): Edi, Lon, Lvp, Nwy`, one a power with centres.
    pub centres: Vec<String>,
    /// The record does not give the position (units taken from its orders).
    pub unknown: bool,
}

/// The phases whose orders fall in `orders` (the page of orders shown), and those without orders
/// between them.
pub fn phase_units(g: &DelugeGame, orders: Range<usize>) -> Vec<PhaseUnits> {
    let shown = shown_phases(g, orders);
    let boards = g.units_after(shown.clone());
    g.phases
        .get(shown)
        .unwrap_or_default()
        .iter()
        .zip(boards)
        .map(|(p, units)| one_phase(g, p, &units))
        .collect()
}

/// The indexes of the phases to show: a run of them, since orders are in phase order.
fn shown_phases(g: &DelugeGame, orders: Range<usize>) -> Range<usize> {
    let (mut first, mut last) = (None, 0);
    let mut start = 0;
    for (i, p) in g.phases.iter().enumerate() {
        let end = start + p.orders;
        let shown = if p.orders == 0 {
            orders.contains(&start) || (start == orders.end && orders.end == g.orders.len())
        } else {
            start < orders.end && end > orders.start
        };
        if shown {
            first.get_or_insert(i);
            last = i + 1;
        } else if first.is_some() {
            break;
        }
        start = end;
    }
    first.map_or(0..0, |f| f..last)
}

fn one_phase(g: &DelugeGame, p: &Phase, units: &[UnitAt]) -> PhaseUnits {
    let units = by_power(units)
        .into_iter()
        .map(|(power, list)| {
            let list: Vec<String> = list
                .iter()
                .map(|u| {
                    let (at, coast) = split_node(&u.at);
                    format!("{} {}", u.unit, place(at, coast))
                })
                .collect();
            tr_args(
                "deluge-power-units",
                &[("power", power.into()), ("units", list.join(", ").into())],
            )
        })
        .collect();
    let centres = if p.season == "winter" {
        centre_lines(g, p.year)
    } else {
        Vec::new()
    };
    PhaseUnits {
        phase: p.phase.clone(),
        units,
        centres,
        unknown: !p.position_known,
    }
}

/// The units grouped by power, in the order given (by power, then province).
fn by_power(units: &[UnitAt]) -> Vec<(String, Vec<&UnitAt>)> {
    let mut out: Vec<(String, Vec<&UnitAt>)> = Vec::new();
    for u in units {
        match out.last_mut() {
            Some((p, v)) if *p == u.power => v.push(u),
            _ => out.push((u.power.clone(), vec![u])),
        }
    }
    out
}

/// `stp/nc` → (`stp`, `nc`).
fn split_node(node: &str) -> (&str, Option<&str>) {
    match node.split_once('/') {
        Some((at, c)) => (at, Some(c)),
        None => (node, None),
    }
}

/// Each power's supply centres after the winter of `year`, where the record reaches it.
fn centre_lines(g: &DelugeGame, year: u16) -> Vec<String> {
    let Some(c) = g.centres.iter().find(|c| c.year == year) else {
        return Vec::new();
    };
    c.owners
        .iter()
        .filter(|(_, list)| !list.is_empty())
        .map(|(power, list)| {
            let names: Vec<String> = list.iter().map(|p| place(p, None)).collect();
            tr_args(
                "deluge-power-centres",
                &[
                    ("power", power.clone().into()),
                    ("count", list.len().into()),
                    ("centres", names.join(", ").into()),
                ],
            )
        })
        .collect()
}
