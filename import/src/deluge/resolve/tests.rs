//! The resolver's work: every decision is evaluated a bounded number of times, so a phase of the
//! 34 units a full board holds costs about as many evaluations as it has orders.

use super::engine::resolve_counted;
use crate::deluge::adjudicate::AOrder;
use crate::deluge::map::standard_map;
use crate::deluge::notation::OrderKind;

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
        via_convoy: false,
        of: of.map(Into::into),
        usable: true,
    }
}

#[test]
fn a_full_board_costs_a_bounded_number_of_evaluations() {
    use OrderKind::*;
    // 34 units: attacks, supports, a convoy, a circle and a paradox-prone convoy attack.
    let orders = vec![
        o("Austria", 'A', "vie", Move, Some("gal"), None),
        o("Austria", 'A', "bud", Support, Some("gal"), Some("vie")),
        o("Austria", 'F', "tri", Move, Some("adr"), None),
        o("Austria", 'A', "ser", Move, Some("bul"), None),
        o("England", 'F', "lon", Support, Some("eng"), Some("wal")),
        o("England", 'F', "wal", Move, Some("eng"), None),
        o("England", 'F', "edi", Move, Some("nwg"), None),
        o("England", 'A', "yor", Move, Some("nwy"), None),
        o("England", 'F', "nth", Convoy, Some("nwy"), Some("yor")),
        o("France", 'A', "bre", Move, Some("lon"), None),
        o("France", 'F', "eng", Convoy, Some("lon"), Some("bre")),
        o("France", 'A', "par", Move, Some("bur"), None),
        o("France", 'A', "mar", Support, Some("bur"), Some("par")),
        o("France", 'A', "gas", Move, Some("spa"), None),
        o("Germany", 'F', "bel", Move, Some("eng"), None),
        o("Germany", 'F', "hol", Support, Some("bel"), Some("bel")),
        o("Germany", 'A', "mun", Move, Some("bur"), None),
        o("Germany", 'A', "ber", Move, Some("sil"), None),
        o("Germany", 'F', "kie", Move, Some("den"), None),
        o("Italy", 'A', "ven", Move, Some("tyr"), None),
        o("Italy", 'A', "rom", Move, Some("apu"), None),
        o("Italy", 'F', "nap", Move, Some("ion"), None),
        o("Russia", 'A', "war", Move, Some("gal"), None),
        o("Russia", 'A', "mos", Move, Some("ukr"), None),
        o("Russia", 'F', "sev", Move, Some("bla"), None),
        o("Russia", 'F', "stp", Move, Some("bot"), None),
        o("Russia", 'A', "fin", Support, Some("nwy"), Some("swe")),
        o("Russia", 'A', "swe", Move, Some("nwy"), None),
        o("Turkey", 'F', "ank", Move, Some("con"), None),
        o("Turkey", 'A', "con", Move, Some("smy"), None),
        o("Turkey", 'A', "smy", Move, Some("ank"), None),
        o("Turkey", 'A', "bul", Hold, None, None),
        o("Turkey", 'F', "aeg", Support, None, Some("bul")),
        o("Turkey", 'A', "arm", Move, Some("sev"), None),
    ];
    assert_eq!(orders.len(), 34);
    let (out, evaluations) = resolve_counted(standard_map(), 1901, &orders);
    assert_eq!(out.results.len(), 34);
    // the Turkish circle moves
    assert_eq!(&out.results[28..31], &["succeeds", "succeeds", "succeeds"]);
    assert!(
        evaluations <= 4 * orders.len(),
        "{evaluations} evaluations for 34 orders"
    );
}
