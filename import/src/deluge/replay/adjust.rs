//! Retreat and adjustment phases replayed: retreats (two to one province both fail), builds where
//! rule 7 allows them, removals, waives.

use std::collections::BTreeMap;

use super::{State, Unit, check_map, final_result, power_of, set_result, wrong_phase};
use crate::deluge::map::{Map, base};
use crate::deluge::notation::OrderKind;
use crate::deluge::{DelugeGame, ReadPhase};
use crate::diag::Sink;

pub(super) fn retreats(
    m: &Map,
    st: &mut State,
    game: &mut DelugeGame,
    ph: &ReadPhase,
    sink: &mut Sink,
) {
    let year = ph.key.year;
    let mut plans: Vec<(usize, String, Option<String>, Unit)> = Vec::new();
    for (o, idx) in &ph.orders {
        let idx = *idx;
        let (line, col, power) = match game.orders.get(idx) {
            Some(g) => (g.line, g.col, power_of(&g.power)),
            None => continue,
        };
        if !matches!(o.kind, OrderKind::Move | OrderKind::Remove) {
            wrong_phase(game, idx, sink, "a retreat phase");
            continue;
        }
        let Some(at) = o.at.as_ref().and_then(|l| l.code) else {
            set_result(game, idx, "void", sink);
            continue;
        };
        let unit = match st.pending.iter().position(|(p, _)| p == at) {
            Some(i) => st.pending.remove(i).1,
            None if st.standard && st.known => {
                // standard Diplomacy: only a dislodged unit retreats (6.H.4)
                sink.warning(
                    "deluge.no-unit",
                    line,
                    col,
                    format!("no dislodged unit in {at} to retreat; the order is void"),
                );
                set_result(game, idx, "void", sink);
                continue;
            }
            None => {
                if st.known {
                    sink.warning(
                        "deluge.no-unit",
                        line,
                        col,
                        format!("no dislodged unit in {at} to retreat; the record is followed"),
                    );
                }
                st.units.remove(at).unwrap_or(Unit {
                    power,
                    kind: o.unit.unwrap_or('A'),
                    coast: None,
                })
            }
        };
        if o.kind == OrderKind::Remove {
            set_result(game, idx, "succeeds", sink);
            continue;
        }
        let usable = check_map(m, year, o, unit.kind, line, col, sink);
        let to = o.to.as_ref().and_then(|l| l.code).map(str::to_string);
        // Not into an occupied province, the attacker's origin, nor one a standoff left empty.
        let from = match (&unit.coast, unit.kind) {
            (Some(c), 'F') => format!("{at}/{c}"),
            _ => at.to_string(),
        };
        let ok = usable
            && to.as_ref().is_some_and(|t| {
                !st.units.contains_key(t)
                    && st.attacked_from.get(at) != Some(t)
                    && !st.contested.contains(t)
                    && if unit.kind == 'A' {
                        m.army_adjacent(at, t, year)
                    } else {
                        m.fleet_adjacent(&from, t, year)
                    }
            });
        if !ok {
            set_result(game, idx, "void", sink);
        }
        let mut unit = unit;
        if ok && unit.kind == 'F' {
            // the fleet stands on the coast it retreats to
            unit.coast = o.to.as_ref().and_then(|l| l.coast.clone());
        }
        plans.push((idx, at.to_string(), if ok { to } else { None }, unit));
    }
    for (idx, _at, to, unit) in &plans {
        let Some(t) = to else { continue };
        let clash = plans
            .iter()
            .filter(|(_, _, t2, _)| t2.as_ref() == Some(t))
            .count()
            > 1;
        set_result(game, *idx, if clash { "bounced" } else { "succeeds" }, sink);
        if final_result(game, *idx) == "succeeds" {
            st.units.insert(t.clone(), unit.clone());
        }
    }
    st.pending.clear();
    for (at, u) in &st.units {
        st.last_unit.insert(base(at).to_string(), u.power);
    }
}

pub(super) fn adjustments(
    m: &Map,
    st: &mut State,
    game: &mut DelugeGame,
    ph: &ReadPhase,
    sink: &mut Sink,
) {
    let year = ph.key.year;
    let mut built: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut removed: BTreeMap<&'static str, usize> = BTreeMap::new();
    let units_before: BTreeMap<&'static str, usize> =
        st.units.values().fold(BTreeMap::new(), |mut acc, u| {
            *acc.entry(u.power).or_default() += 1;
            acc
        });
    for (o, idx) in &ph.orders {
        let idx = *idx;
        let (line, col, power) = match game.orders.get(idx) {
            Some(g) => (g.line, g.col, power_of(&g.power)),
            None => continue,
        };
        // A unit written alone in an adjustment phase (`F Lon`, `eng: f lon, f edi`): a build
        // where the power has no unit, a removal where it has one (before Winter 1900 there is
        // none: rule 1's first builds). Not guessed when the position is unknown.
        let kind = match o.kind {
            OrderKind::Hold
                if o.unit.is_some()
                    && o.result.is_none()
                    && (st.known || year == 1900 && st.units.is_empty()) =>
            {
                let at = o.at.as_ref().and_then(|l| l.code);
                let here = at.is_some_and(|a| st.units.get(a).is_some_and(|u| u.power == power));
                let k = if here {
                    OrderKind::Remove
                } else {
                    OrderKind::Build
                };
                if let Some(g) = game.orders.get_mut(idx) {
                    g.kind = k.as_str().to_string();
                    sink.info(
                        "deluge.adjustment-inferred",
                        line,
                        col,
                        format!(
                            "{:?} has no verb in an adjustment phase: read as {}",
                            g.notation,
                            if here {
                                format!("a removal ({power} has a unit there)")
                            } else {
                                format!("a build ({power} has no unit there)")
                            }
                        ),
                    );
                }
                k
            }
            k => k,
        };
        match kind {
            OrderKind::Waive => set_result(game, idx, "succeeds", sink),
            OrderKind::Build => {
                let Some(at) = o.at.as_ref().and_then(|l| l.code) else {
                    set_result(game, idx, "void", sink);
                    continue;
                };
                let kind = o.unit.unwrap_or('A');
                let coast = o.at.as_ref().and_then(|l| l.coast.clone());
                let why = if !m.is_centre(at, year) {
                    Some(if m.is_submerged(at, year) {
                        format!("{at} submerged in W{}", m.submerges_in(at).unwrap_or(year))
                    } else {
                        format!("{at} is not a supply centre in W{year}")
                    })
                } else if (year == 1900 || st.standard)
                    && m.province(at).and_then(|p| p.home) != Some(power)
                {
                    Some(format!("{at} is not a home centre of {power} (rule 1)"))
                } else if st.owners.get(at) != Some(&power) {
                    Some(format!(
                        "{power} does not control {at} ({})",
                        st.owners.get(at).copied().unwrap_or("neutral")
                    ))
                } else if st.units.contains_key(at) && st.known {
                    Some(format!("{at} is not vacant"))
                } else if kind == 'F' && !m.fleet_can_be(at, year) {
                    Some(format!("a fleet cannot be built in land-locked {at}"))
                } else if kind == 'F' && coast.is_none() && !m.coasts(at).is_empty() {
                    Some(format!("a fleet built in {at} needs its coast"))
                } else if st.standard && {
                    let owned = st.owners.values().filter(|p| **p == power).count();
                    let have = units_before.get(power).copied().unwrap_or(0);
                    have + built.get(power).copied().unwrap_or(0) >= owned
                } {
                    Some(format!("{power} has no build left"))
                } else {
                    None
                };
                if let Some(why) = why {
                    sink.warning(
                        "deluge.build-invalid",
                        line,
                        col,
                        format!("cannot build in {at}: {why}"),
                    );
                    set_result(game, idx, "void", sink);
                } else {
                    set_result(game, idx, "succeeds", sink);
                    let n = built.entry(power).or_default();
                    *n += 1;
                    let owned = st.owners.values().filter(|p| **p == power).count();
                    let have = units_before.get(power).copied().unwrap_or(0);
                    if have + *n > owned {
                        sink.warning(
                            "deluge.build-count",
                            line,
                            col,
                            format!(
                                "{power} has {owned} centres and {have} units: this is build {} of at most {}",
                                *n,
                                owned.saturating_sub(have)
                            ),
                        );
                    }
                }
                if final_result(game, idx) == "succeeds" {
                    st.units.insert(at.to_string(), Unit { power, kind, coast });
                }
            }
            OrderKind::Remove => {
                let Some(at) = o.at.as_ref().and_then(|l| l.code) else {
                    set_result(game, idx, "void", sink);
                    continue;
                };
                let mut here = st.units.get(at).is_some_and(|u| u.power == power);
                if !here && st.known {
                    sink.warning(
                        "deluge.no-unit",
                        line,
                        col,
                        format!("{power} removes a unit from {at}, but the position has none of theirs there"),
                    );
                }
                if st.standard && here {
                    // no more removals than units beyond the centres (DATC 6.J.1): the order
                    // fails, the unit stays
                    let owned = st.owners.values().filter(|p| **p == power).count();
                    let have = units_before.get(power).copied().unwrap_or(0);
                    let n = removed.entry(power).or_default();
                    here = have > owned + *n;
                    *n += usize::from(here);
                }
                set_result(
                    game,
                    idx,
                    if here || !st.known {
                        "succeeds"
                    } else {
                        "void"
                    },
                    sink,
                );
                if final_result(game, idx) == "succeeds" {
                    st.units.remove(at);
                }
            }
            _ => wrong_phase(game, idx, sink, "an adjustment phase"),
        }
    }
    if st.standard && st.known {
        super::disorder::civil_disorder(m, st, game, ph, sink);
    }
}
