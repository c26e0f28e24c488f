//! Replays a read record phase by phase: the position (units), supply-centre ownership, and seed
//! 001's schedule each winter.
//!
//! # Decisions
//! - **Standard Diplomacy** (`State::standard`): no schedule and no end year; builds only in owned
//!   home centres within the allowance, removals within what must go, then civil disorder
//!   (`disorder`); orders for units not on the board are void. Retreats in both games: not into
//!   an occupied province, the attacker's origin or a province a standoff left empty.
//! - **Start:** an empty board and the 22 home centres owned by their powers, before Winter 1900
//!   (rule 1). A record that does not start with Winter 1900 gives no known position: units are
//!   taken from the orders as they appear, and drownings are not reported.
//! - **Known position:** the position is *known* while the record gives every movement and
//!   adjustment phase since Winter 1900 (retreat phases may be left out). A missing phase is an
//!   info (`deluge.phase-gap`) and the position stays unknown for the rest of the game; a phase out
//!   of order is a warning (`deluge.phase-order`) and does the same. While it is known, an order
//!   for a unit the position does not have is a warning (`deluge.no-unit`); either way the record
//!   is believed and the unit is put where the order says.
//! - **Results:** where the record gives an order's result, the record decides what happens to
//!   the position; otherwise the adjudication does. In both games a result is then `succeeds` or
//!   `fails`, the word of a failure (`bounced`, `dislodged`…) going to the order's `reason`.
//! - **Retreats:** a dislodged unit whose retreat the record does not give is disbanded (info
//!   `deluge.retreat-missing` when no retreat phase follows). Two retreats to one province both
//!   fail and the units are disbanded.
//! - **Ownership:** after the fall (movement and retreats), every centre occupied by a unit goes to
//!   that unit's power. Then, in Winter Y: adjustments; then the submergences of Table 1 for Y (armies
//!   there drown; fleets stay, at sea; supply centres there are destroyed); then the new centres of
//!   Table 2 for Y, owned by (1) the power of a unit occupying the province, (2) the last power to
//!   have a unit there in a spring or fall, (3) the power within whose boundary it lies
//!   (`provinces.csv` `area`), (4) nobody.
//! - **Builds:** rule 7: in any vacant supply centre the power controls (in Winter 1900 only the
//!   home centres, rule 1); fleets only where a fleet can be (a coast, or land next to a submerged
//!   province). More builds than centres minus units is a warning (`deluge.build-count`); the
//!   record's builds are applied all the same.
//! - **Survivor:** after W1908, the powers that still have a unit or a centre; one survivor wins.
//!   An army ordered in a province that has already submerged does not exist (it drowned there,
//!   rule 4): its order is void (warning `deluge.submerged`) and it is not put on the board, so it
//!   does not count among its power's units nor make its power a survivor.
//! - **After the end:** a phase after Winter 1908 is a warning (`deluge.after-end`, once per
//!   game); its orders are kept as read (and adjudicated), the outcome stays that of W1908.

use std::collections::BTreeMap;

use super::map::{self, Map, map, standard_map, standard_start};
use super::notation::{OrderKind, PhaseKey, RawOrder};
use super::setup::Setup;
use super::{CentresYear, DelugeGame, DelugeYear, NewCentre, Phase, ReadPhase, UnitAt};
use crate::diag::Sink;

mod adjust;
mod changes;
mod disorder;
mod movement;

use adjust::{adjustments, retreats};
use movement::movement;

#[derive(Debug, Clone, PartialEq)]
struct Unit {
    power: &'static str,
    kind: char,
    coast: Option<String>,
}

struct State {
    /// Standard Diplomacy (no schedule, home-centre builds, civil disorder, no end year).
    standard: bool,
    units: BTreeMap<String, Unit>,
    /// The board as the game's `unit_changes` have it so far (`changes`).
    shown: BTreeMap<String, Unit>,
    owners: BTreeMap<String, &'static str>,
    last_unit: BTreeMap<String, &'static str>,
    known: bool,
    /// Dislodged units waiting for a retreat phase.
    pending: Vec<(String, Unit)>,
    /// The last year whose winter has been done.
    winter_done: u16,
    fall_done: u16,
    /// From the last movement phase: each dislodged unit's province → where its attacker came
    /// from (empty when by convoy), and the provinces a standoff left empty. No retreat goes to
    /// either.
    attacked_from: BTreeMap<String, String>,
    contested: std::collections::BTreeSet<String>,
}

/// Success, the unit's loss, or failure; `None` for a result word annals does not know.
fn class(r: &str) -> Option<u8> {
    match r {
        "succeeds" => Some(0),
        "dislodged" | "destroyed" | "drowned" => Some(1),
        "bounced" | "fails" | "cut" | "void" | "no_convoy" => Some(2),
        _ => None,
    }
}

/// The last year of the game: the survivor after its winter wins (rule 9).
const LAST_YEAR: u16 = 1908;

fn power_of(s: &str) -> &'static str {
    map::power(s).unwrap_or("England")
}

/// One order of the phase being replayed: the order as read, its index in the game's orders,
/// where the record has it, whose it is, and the phase's year.
#[derive(Clone, Copy)]
struct Given<'a> {
    raw: &'a RawOrder,
    idx: usize,
    line: u32,
    col: u32,
    power: &'static str,
    year: u16,
}

impl<'a> Given<'a> {
    /// The game's order `idx`, read as `raw`; `None` when the game has no such order.
    fn of(game: &DelugeGame, raw: &'a RawOrder, idx: usize, year: u16) -> Option<Self> {
        let g = game.orders.get(idx)?;
        Some(Given {
            raw,
            idx,
            line: g.line,
            col: g.col,
            power: power_of(&g.power),
            year,
        })
    }
}

/// The phases that may follow `k` without a gap (retreats are optional); `first` is the phase a
/// record starts with.
fn follows(first: PhaseKey, prev: Option<PhaseKey>, k: PhaseKey) -> bool {
    let pk = |year, season, step| PhaseKey { year, season, step };
    match prev {
        None => k == first,
        Some(p) => {
            let y = p.year;
            let next: Vec<PhaseKey> = match (p.season, p.step) {
                (0, 0) => vec![pk(y, 0, 1), pk(y, 1, 0)],
                (0, _) => vec![pk(y, 1, 0)],
                (1, 0) => vec![pk(y, 1, 1), pk(y, 2, 2)],
                (1, _) => vec![pk(y, 2, 2)],
                _ => vec![pk(y + 1, 0, 0)],
            };
            next.contains(&k)
        }
    }
}

/// The position before the record's first phase: the variant's start, or the record's own
/// starting position and ownership; and the phase it is the position of.
fn initial(setup: &Setup, m: &Map) -> (State, PhaseKey) {
    let first = setup.start.unwrap_or(if setup.standard {
        PhaseKey {
            year: 1901,
            season: 0,
            step: 0,
        }
    } else {
        PhaseKey {
            year: 1900,
            season: 2,
            step: 2,
        }
    });
    let mut units = BTreeMap::new();
    if setup.start.is_some() {
        for u in &setup.units {
            let unit = Unit {
                power: u.power,
                kind: u.unit,
                coast: u.coast.clone(),
            };
            units.insert(u.at.to_string(), unit);
        }
    } else if setup.standard {
        for (power, kind, node) in standard_start() {
            let (at, coast) = match node.split_once('/') {
                Some((a, c)) => (a, Some(c.to_string())),
                None => (node, None),
            };
            units.insert(at.to_string(), Unit { power, kind, coast });
        }
    }
    let mut owners: BTreeMap<String, &'static str> = m
        .provinces
        .iter()
        .filter_map(|p| Some((p.code.to_string(), p.home?)))
        .collect();
    if setup.standard {
        for (k, power, centre) in &setup.owners {
            if *k == 0 {
                owners.insert(centre.to_string(), power);
            }
        }
    }
    let winter_done = first.year - 1;
    let st = State {
        standard: setup.standard,
        units,
        shown: BTreeMap::new(),
        owners,
        last_unit: BTreeMap::new(),
        known: true,
        pending: Vec::new(),
        winter_done,
        fall_done: winter_done,
        attacked_from: BTreeMap::new(),
        contested: Default::default(),
    };
    (st, first)
}

pub(crate) fn replay(game: &mut DelugeGame, phases: &[ReadPhase], setup: &Setup, sink: &mut Sink) {
    let m = if setup.standard {
        standard_map()
    } else {
        map()
    };
    if setup.standard {
        game.variant = Some("standard".to_string());
    }
    let (mut st, first) = initial(setup, m);
    let mut prev: Option<PhaseKey> = None;
    let mut after_end_reported = st.standard;
    for (pi, ph) in phases.iter().enumerate() {
        let k = ph.key;
        if st.standard && pi > 0 {
            for (at, power, centre) in &setup.owners {
                if *at == pi {
                    st.owners.insert(centre.to_string(), power);
                }
            }
        }
        if k.year > LAST_YEAR && !after_end_reported {
            after_end_reported = true;
            sink.warning(
                "deluge.after-end",
                ph.line,
                1,
                format!(
                    "{} comes after Winter {LAST_YEAR}, when the game ends (rule 9: the survivor after W{LAST_YEAR} wins); its orders are kept as read, the outcome is that of W{LAST_YEAR}",
                    k.code()
                ),
            );
        }
        if prev.is_some_and(|p| k <= p) {
            sink.warning(
                "deluge.phase-order",
                ph.line,
                1,
                format!(
                    "{} comes after {}; read in the order written, the position is no longer known",
                    k.code(),
                    prev.map(PhaseKey::code).unwrap_or_default()
                ),
            );
            st.known = false;
        } else if !follows(first, prev, k) {
            if st.known {
                sink.info(
                    "deluge.phase-gap",
                    ph.line,
                    1,
                    match prev {
                        None => format!("the record starts at {} rather than {} {}: the position is taken from the orders and drownings are not reported", k.code(), ["Spring", "Fall", "Winter"][usize::from(first.season.min(2))], first.year),
                        Some(p) => format!("phases between {} and {} are missing: the position is no longer known", p.code(), k.code()),
                    },
                );
            }
            st.known = false;
        }
        prev = Some(k);
        // Winters the record skipped, and the fall before this winter.
        while st.winter_done + 1 < k.year {
            let y = st.winter_done + 1;
            finish_fall(m, &mut st, y);
            finish_winter(m, &mut st, game, y);
        }
        if k.season == 2 && st.fall_done < k.year {
            drop_pending(&mut st, sink, ph.line);
            finish_fall(m, &mut st, k.year);
        }
        if k.step != 1 {
            drop_pending(&mut st, sink, ph.line);
        }
        game.phases.push(Phase {
            phase: k.code(),
            year: k.year,
            season: k.season_name().to_string(),
            line: ph.line,
            orders: ph.orders.len(),
            comment: None,
            position_known: false,
        });
        match k.step {
            0 => movement(m, &mut st, game, ph, sink),
            1 => retreats(m, &mut st, game, ph, sink),
            _ => {
                adjustments(m, &mut st, game, ph, sink);
                if st.winter_done < k.year {
                    finish_winter(m, &mut st, game, k.year);
                }
            }
        }
        if let Some(p) = game.phases.last_mut() {
            p.position_known = st.known;
        }
        let at = game.phases.len().saturating_sub(1);
        changes::record(&mut st, game, at);
    }
    split_results(game);
}

fn drop_pending(st: &mut State, sink: &mut Sink, line: u32) {
    if st.pending.is_empty() {
        return;
    }
    let list: Vec<String> = st
        .pending
        .iter()
        .map(|(at, u)| format!("{} {} {}", u.power, u.kind, at))
        .collect();
    sink.info(
        "deluge.retreat-missing",
        line,
        1,
        format!(
            "no retreat is recorded for {}; taken as disbanded",
            list.join(", ")
        ),
    );
    st.pending.clear();
}

fn finish_fall(m: &Map, st: &mut State, year: u16) {
    for (at, u) in &st.units {
        if m.is_centre(at, year) {
            st.owners.insert(at.clone(), u.power);
        }
    }
    st.fall_done = year;
}

fn finish_winter(m: &Map, st: &mut State, game: &mut DelugeGame, year: u16) {
    st.winter_done = year;
    if year >= 1901 && !st.standard {
        let submerged = m.scheduled(year, map::Event::Submerge);
        let mut drowned = Vec::new();
        for p in &submerged {
            if st.units.get(*p).is_some_and(|u| u.kind == 'A')
                && let Some(u) = st.units.remove(*p)
                && st.known
            {
                drowned.push(UnitAt {
                    power: u.power.to_string(),
                    unit: "A".to_string(),
                    at: p.to_string(),
                });
            }
            st.owners.remove(*p);
        }
        let new = m.scheduled(year, map::Event::Centre);
        let mut owners = Vec::new();
        for p in &new {
            let (owner, rule) = if let Some(u) = st.units.get(*p) {
                (Some(u.power), "occupied")
            } else if let Some(pw) = st.last_unit.get(*p) {
                (Some(*pw), "last_unit")
            } else if let Some(a) = m.province(p).and_then(|pr| pr.area) {
                (Some(a), "boundary")
            } else {
                (None, "neutral")
            };
            if let Some(o) = owner {
                st.owners.insert(p.to_string(), o);
            }
            owners.push(NewCentre {
                province: p.to_string(),
                owner: owner.map(str::to_string),
                rule: rule.to_string(),
            });
        }
        game.deluge.push(DelugeYear {
            year,
            submerged: submerged.iter().map(|s| s.to_string()).collect(),
            new_centres: new.iter().map(|s| s.to_string()).collect(),
            new_centre_owners: owners,
            drowned,
            passable: m
                .scheduled(year, map::Event::Passable)
                .iter()
                .map(|s| s.to_string())
                .collect(),
            position_known: st.known,
        });
    }
    let mut owners: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (c, p) in &st.owners {
        owners.entry(p.to_string()).or_default().push(c.clone());
    }
    let counts = owners.iter().map(|(p, v)| (p.clone(), v.len())).collect();
    let mut units: BTreeMap<String, usize> = BTreeMap::new();
    for u in st.units.values() {
        *units.entry(u.power.to_string()).or_default() += 1;
    }
    game.centres.push(CentresYear {
        year,
        owners,
        counts,
        units,
        position_known: st.known,
    });
    if year == LAST_YEAR && !st.standard {
        let survivors: Vec<String> = map::POWERS
            .iter()
            .filter(|p| {
                st.units.values().any(|u| u.power == **p) || st.owners.values().any(|o| o == *p)
            })
            .map(|p| p.to_string())
            .collect();
        game.winner = (survivors.len() == 1).then(|| survivors[0].clone());
        game.survivors = Some(survivors);
    }
}

/// Checks the provinces an order names against the year's map; returns false when the order
/// cannot be carried out (an army in or into the sea, an impassable province, an unknown one).
fn check_map(
    m: &Map,
    year: u16,
    o: &RawOrder,
    unit: char,
    line: u32,
    col: u32,
    sink: &mut Sink,
) -> bool {
    let mut ok = true;
    let mut reported = false;
    let named = [&o.at, &o.to, &o.of]
        .into_iter()
        .flatten()
        .chain(o.via.iter());
    for l in named {
        let Some(code) = l.code else {
            ok = false;
            continue;
        };
        if m.is_submerged(code, year) && !reported {
            reported = true;
            let sank = m.submerges_in(code).unwrap_or(year);
            let what = if unit == 'A' && o.kind != OrderKind::Support && o.kind != OrderKind::Convoy
            {
                ok = false;
                "an army cannot be there; the order is void"
            } else {
                "it is sea now"
            };
            sink.warning(
                "deluge.submerged",
                line,
                col + l.off as u32,
                format!(
                    "{} names {code}, which submerged in W{sank}: {what}",
                    o_text(o)
                ),
            );
        }
        if !m.is_passable(code, year) {
            ok = false;
            sink.warning(
                "deluge.impassable",
                line,
                col + l.off as u32,
                format!(
                    "{code} is impassable until after W{} (rule 6); the order is void",
                    m.passable_after(code).unwrap_or(year)
                ),
            );
        }
    }
    ok
}

fn o_text(o: &RawOrder) -> &'static str {
    match o.kind {
        OrderKind::Move => "a move",
        OrderKind::Support => "a support",
        OrderKind::Convoy => "a convoy",
        OrderKind::Build => "a build",
        OrderKind::Remove => "a removal",
        _ => "an order",
    }
}

fn set_result(game: &mut DelugeGame, idx: usize, adj: &str, sink: &mut Sink) {
    let Some(o) = game.orders.get_mut(idx) else {
        return;
    };
    match &o.result {
        Some(rec) => {
            if class(rec).is_some() && class(rec) != class(adj) {
                sink.warning(
                    "deluge.result-contradiction",
                    o.line,
                    o.col,
                    format!(
                        "the record gives {:?} for {:?}, annals' adjudication finds {adj:?}; the record is followed",
                        rec, o.notation
                    ),
                );
            }
            o.adjudicated = Some(adj.to_string());
        }
        None => {
            o.result = Some(adj.to_string());
            o.result_from = Some("adjudicated".to_string());
        }
    }
}

fn final_result(game: &DelugeGame, idx: usize) -> &str {
    game.orders
        .get(idx)
        .and_then(|o| o.result.as_deref())
        .unwrap_or("succeeds")
}

fn wrong_phase(game: &mut DelugeGame, idx: usize, sink: &mut Sink, phase: &str) {
    if let Some(o) = game.orders.get(idx) {
        sink.warning(
            "deluge.order-phase",
            o.line,
            o.col,
            format!("{:?} is not an order of {phase}; it is void", o.notation),
        );
    }
    set_result(game, idx, "void", sink);
}

/// The result words of both games: `succeeds` or `fails`, with the reason of a failure in
/// `reason`. The replay works with the words of a failure (`bounced`, `dislodged`…) and splits
/// them once it is done.
fn split_results(game: &mut DelugeGame) {
    for o in &mut game.orders {
        if let Some(r) = &o.result
            && r != "succeeds"
            && r != "fails"
        {
            o.reason = Some(r.clone());
            o.result = Some("fails".to_string());
        }
    }
}
