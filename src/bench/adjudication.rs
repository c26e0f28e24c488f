//! `adjudicate_us_per_order`: the movement adjudication (Kruijswijk's guess-and-check resolver of
//! `annals_import::deluge::adjudicate`) timed on the standard map, in microseconds an order, on
//! a generated full board of 34 units (attacks, supports, convoys, a circle, a convoy that may be
//! cut), on its first 9 and 17 orders, and on four such phases one after the other (136 orders).
//! Equal figures mean a cost linear in the number of orders; the DATC's largest phases are
//! smaller than the full board, and one map holds no more than 34 units.

use std::time::{Duration, Instant};

use annals_import::deluge::adjudicate::{AOrder, adjudicate};
use annals_import::deluge::map::standard_map;
use annals_import::deluge::notation::OrderKind::{self, Convoy, Hold, Move, Support};
use serde::Serialize;

/// Microseconds an order, by the number of orders adjudicated.
#[derive(Debug, Clone, Copy, Serialize, Default)]
pub struct AdjudicationCost {
    pub orders_9: f64,
    pub orders_17: f64,
    pub orders_34: f64,
    /// Four phases of 34 units, adjudicated one after the other.
    pub phases_4x34: f64,
}

/// The full board: (power, unit, province, order, destination or supported province, the unit
/// supported or convoyed).
type Row = (
    &'static str,
    char,
    &'static str,
    OrderKind,
    Option<&'static str>,
    Option<&'static str>,
);

const FULL_BOARD: [Row; 34] = [
    ("Austria", 'A', "vie", Move, Some("gal"), None),
    ("Austria", 'A', "bud", Support, Some("gal"), Some("vie")),
    ("Austria", 'F', "tri", Move, Some("adr"), None),
    ("Austria", 'A', "ser", Move, Some("bul"), None),
    ("England", 'F', "lon", Support, Some("eng"), Some("wal")),
    ("England", 'F', "wal", Move, Some("eng"), None),
    ("England", 'F', "edi", Move, Some("nwg"), None),
    ("England", 'A', "yor", Move, Some("nwy"), None),
    ("England", 'F', "nth", Convoy, Some("nwy"), Some("yor")),
    ("France", 'A', "bre", Move, Some("lon"), None),
    ("France", 'F', "eng", Convoy, Some("lon"), Some("bre")),
    ("France", 'A', "par", Move, Some("bur"), None),
    ("France", 'A', "mar", Support, Some("bur"), Some("par")),
    ("France", 'A', "gas", Move, Some("spa"), None),
    ("Germany", 'F', "bel", Move, Some("eng"), None),
    ("Germany", 'F', "hol", Support, Some("bel"), Some("bel")),
    ("Germany", 'A', "mun", Move, Some("bur"), None),
    ("Germany", 'A', "ber", Move, Some("sil"), None),
    ("Germany", 'F', "kie", Move, Some("den"), None),
    ("Italy", 'A', "ven", Move, Some("tyr"), None),
    ("Italy", 'A', "rom", Move, Some("apu"), None),
    ("Italy", 'F', "nap", Move, Some("ion"), None),
    ("Russia", 'A', "war", Move, Some("gal"), None),
    ("Russia", 'A', "mos", Move, Some("ukr"), None),
    ("Russia", 'F', "sev", Move, Some("bla"), None),
    ("Russia", 'F', "stp", Move, Some("bot"), None),
    ("Russia", 'A', "fin", Support, Some("nwy"), Some("swe")),
    ("Russia", 'A', "swe", Move, Some("nwy"), None),
    ("Turkey", 'F', "ank", Move, Some("con"), None),
    ("Turkey", 'A', "con", Move, Some("smy"), None),
    ("Turkey", 'A', "smy", Move, Some("ank"), None),
    ("Turkey", 'A', "bul", Hold, None, None),
    ("Turkey", 'F', "aeg", Support, None, Some("bul")),
    ("Turkey", 'A', "arm", Move, Some("sev"), None),
];

/// The orders of the full board's first `n` rows (at most 34; also the parser benches').
pub fn phase(n: usize) -> Vec<AOrder> {
    FULL_BOARD
        .iter()
        .take(n)
        .map(|&(power, unit, at, kind, to, of)| AOrder {
            power,
            unit,
            at: at.into(),
            at_node: at.into(),
            kind,
            to: to.map(Into::into),
            to_node: to.map(Into::into),
            via: Vec::new(),
            via_convoy: false,
            of: of.map(Into::into),
            usable: true,
        })
        .collect()
}

/// Microseconds an order of adjudicating `phases` (one after the other), over at least
/// [`MIN_TIME`] and [`MIN_ROUNDS`] rounds.
fn per_order(phases: &[Vec<AOrder>]) -> f64 {
    let orders: usize = phases.iter().map(Vec::len).sum();
    let t = Instant::now();
    let mut rounds = 0u32;
    while rounds < MIN_ROUNDS || t.elapsed() < MIN_TIME {
        for p in phases {
            std::hint::black_box(adjudicate(standard_map(), 1901, std::hint::black_box(p)));
        }
        rounds += 1;
    }
    t.elapsed().as_secs_f64() * 1e6 / (f64::from(rounds) * orders.max(1) as f64)
}

const MIN_TIME: Duration = Duration::from_millis(50);
const MIN_ROUNDS: u32 = 20;

pub fn adjudicate_us_per_order() -> AdjudicationCost {
    let full = phase(FULL_BOARD.len());
    // the map is loaded on first use: not part of any figure
    std::hint::black_box(adjudicate(standard_map(), 1901, &full));
    let round2 = |v: f64| (v * 100.0).round() / 100.0;
    AdjudicationCost {
        orders_9: round2(per_order(&[phase(9)])),
        orders_17: round2(per_order(&[phase(17)])),
        orders_34: round2(per_order(std::slice::from_ref(&full))),
        phases_4x34: round2(per_order(&[full.clone(), full.clone(), full.clone(), full])),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_shape_is_timed() {
        let c = super::adjudicate_us_per_order();
        for v in [c.orders_9, c.orders_17, c.orders_34, c.phases_4x34] {
            assert!(v > 0.0, "{c:?}");
        }
        assert_eq!(super::phase(34).len(), 34);
    }
}
