//! A movement phase as the adjudication sees it: one [`AOrder`] per unit on the board (holds,
//! moves direct and by convoy, supports of holds and of moves, convoys, the Deluge army-to-fleet
//! transformation), adjudicated against the map of the year (`map`) by the guess-and-check
//! resolver of [`super::resolve`], whose module docs give the rulings.
//!
//! Deluge and standard Diplomacy share this adjudication; where Deluge differs it is in the map
//! (submerged provinces are sea: fleets convoy from them, armies cannot enter them) and in the
//! transformation, which holds for the battles (rule 2).

use std::collections::{BTreeMap, BTreeSet};

use super::map::Map;
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
    /// The move is written `via convoy`.
    pub via_convoy: bool,
    pub of: Option<String>,
    /// False when the order was found void before adjudication (unknown province…).
    pub usable: bool,
}

/// What became of each order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// `succeeds`, `bounced`, `no_convoy`, `cut`, `void`, `dislodged`.
    pub results: Vec<&'static str>,
    /// Dislodged units: province → the province the attacker came from (empty when it came by
    /// convoy: the unit may retreat there).
    pub dislodged: BTreeMap<String, String>,
    /// Moves that succeeded (by order index).
    pub moved: Vec<bool>,
    /// Provinces left empty by a standoff: no retreat may go there.
    pub contested: BTreeSet<String>,
}

/// Adjudicates one movement phase. `orders` holds one order per unit on the board (units without
/// an order in the record are given a hold by the caller).
pub fn adjudicate(m: &Map, year: u16, orders: &[AOrder]) -> Outcome {
    super::resolve::resolve(m, year, orders)
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
            via_convoy: false,
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
