//! A Deluge game as the crate hands it out: its phases, orders, what could not be read, and what
//! the replay works out (the deluge of each year, the centres, the survivors).

use std::collections::BTreeMap;
use std::ops::Range;

use serde::{Deserialize, Serialize};

/// One order, normalized (the `moves` of a Deluge game).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Order {
    pub phase: String,
    pub year: u16,
    pub season: String,
    pub power: String,
    /// `A` or `F`; `null` for `waive` (and where the record leaves it out).
    pub unit: Option<String>,
    pub at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coast: Option<String>,
    pub kind: String,
    pub to: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_coast: Option<String>,
    pub via: Vec<String>,
    /// The move is written `via convoy` (the army goes by convoy even where it borders its
    /// destination); absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub via_convoy: bool,
    /// Support and convoy: the unit supported or convoyed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of_unit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<String>,
    /// The result, `succeeds` or `fails` (with the word of a failure in `reason`): as recorded
    /// where the record gives one, else as adjudicated.
    pub result: Option<String>,
    /// `record` or `adjudicated` (`null` when there is no result).
    pub result_from: Option<String>,
    /// What annals' adjudication found, when the record also gives a result (the word of a
    /// failure: `bounced`, `cut`…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudicated: Option<String>,
    /// Why the order failed (`bounced`, `cut`, `no_convoy`, `void`, `dislodged`, in Deluge
    /// `destroyed`…; a bracketed word annals does not know, as written), `result` then being
    /// `fails`; absent when it succeeds or the record says only that it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Standard Diplomacy: where a dislodged unit may retreat (empty: it is disbanded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreats: Option<Vec<String>>,
    /// The order as written.
    pub notation: String,
    pub line: u32,
    pub col: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

/// A phase of the record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Phase {
    pub phase: String,
    pub year: u16,
    pub season: String,
    pub line: u32,
    /// Number of orders in it.
    pub orders: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Whether the units after the phase ([`DelugeGame::units_after`]) are the known position
    /// (see `replay`: a record that skips a phase or does not start at the beginning gives units
    /// taken from its orders). Not serialized, as `unit_changes`.
    #[serde(skip)]
    pub position_known: bool,
}

/// An order that could not be read, kept as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unparsed {
    pub phase: Option<String>,
    pub power: Option<String>,
    pub text: String,
    pub line: u32,
    pub col: u32,
}

/// A unit in a report (drowned units, units at the end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitAt {
    pub power: String,
    pub unit: String,
    pub at: String,
}

/// What a phase changed on the board: the unit now in a province, or `None` where it left
/// (`DelugeGame::unit_changes`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitChange {
    /// The index of the phase in `phases`.
    pub phase: usize,
    /// The province (without its coast).
    pub province: String,
    pub unit: Option<UnitAt>,
}

/// A new supply centre and who gets it (rule 5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewCentre {
    pub province: String,
    /// `null`: neutral.
    pub owner: Option<String>,
    /// `occupied`, `last_unit`, `boundary`, `neutral`: which clause of rule 5 gave the owner.
    pub rule: String,
}

/// What the winter of a year did to the map (Table 1, Table 2, rule 4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DelugeYear {
    pub year: u16,
    pub submerged: Vec<String>,
    pub new_centres: Vec<String>,
    pub new_centre_owners: Vec<NewCentre>,
    pub drowned: Vec<UnitAt>,
    /// Provinces that become passable from the next spring (rule 6).
    pub passable: Vec<String>,
    /// False when the record does not give every phase up to this winter: then `drowned` is empty
    /// (the position is not known) and owners of new centres may be wrong.
    pub position_known: bool,
}

/// Supply centres per power after a year's winter (year 1900: after the first builds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CentresYear {
    pub year: u16,
    pub owners: BTreeMap<String, Vec<String>>,
    pub counts: BTreeMap<String, usize>,
    pub units: BTreeMap<String, usize>,
    pub position_known: bool,
}

/// A Deluge game, normalized.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct DelugeGame {
    pub phases: Vec<Phase>,
    /// The orders in record order: the game's `moves` (serialized under that name so that
    /// the game document does not carry them twice).
    #[serde(rename = "moves")]
    pub orders: Vec<Order>,
    pub unparsed: Vec<Unparsed>,
    pub deluge: Vec<DelugeYear>,
    pub centres: Vec<CentresYear>,
    /// Powers with a unit or a centre after W1908 (`null` when the record does not reach it).
    pub survivors: Option<Vec<String>>,
    /// The survivor when there is exactly one (rule 9).
    pub winner: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intro: Vec<String>,
    /// `standard` for a standard Diplomacy game (`[Game "Diplomacy"]`); absent for Deluge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The board's changes after each phase, in phase order: what [`DelugeGame::units_after`]
    /// rebuilds the units from. A log of changes rather than a board a phase keeps a long record's
    /// cost in proportion to its orders. Not serialized (pages parse the stored text again; the
    /// game's JSON and the import goldens stay as they were).
    #[serde(skip)]
    pub unit_changes: Vec<UnitChange>,
}

impl DelugeGame {
    /// The units after each phase of `phases` (indexes into `phases`; one list a phase), by power
    /// and then province (`at` a node: `stp/nc`). One pass over the changes up to the last one.
    pub fn units_after(&self, phases: Range<usize>) -> Vec<Vec<UnitAt>> {
        let end = phases.end.min(self.phases.len());
        let mut board: BTreeMap<&str, &UnitAt> = BTreeMap::new();
        let mut changes = self.unit_changes.iter().peekable();
        let mut out = Vec::with_capacity(end.saturating_sub(phases.start));
        for pi in 0..end {
            while let Some(c) = changes.next_if(|c| c.phase <= pi) {
                match &c.unit {
                    Some(u) => board.insert(c.province.as_str(), u),
                    None => board.remove(c.province.as_str()),
                };
            }
            if pi >= phases.start {
                let mut units: Vec<UnitAt> = board.values().map(|u| (*u).clone()).collect();
                units.sort_by(|a, b| a.power.cmp(&b.power));
                out.push(units);
            }
        }
        out
    }
}
