//! What a record gives of the position before its first phase: the game (Deluge or standard
//! Diplomacy), a starting position's units, and its ownership blocks. The reader fills it in
//! (`read`, with the starting-position lines in `start`) and the replay starts from it; it sits
//! below both so that neither depends on the other for it.

use super::notation::PhaseKey;

/// A unit of a starting position: power, unit, province, coast.
#[derive(Debug, Clone)]
pub(crate) struct StartUnit {
    pub power: &'static str,
    pub unit: char,
    pub at: &'static str,
    pub coast: Option<String>,
}

/// What a record gives of the position before its first phase.
#[derive(Debug, Clone, Default)]
pub(crate) struct Setup {
    /// The game is standard Diplomacy (not Deluge).
    pub standard: bool,
    /// The phase a `Starting position for …` block names, and its units.
    pub start: Option<PhaseKey>,
    pub units: Vec<StartUnit>,
    /// Ownership blocks: (the number of phases read before it, power, centre); each block replaces
    /// the ownership of the centres it names.
    pub owners: Vec<(usize, &'static str, &'static str)>,
}

/// Is the game standard Diplomacy by its `Game` tag: one naming Diplomacy without Deluge
/// (`Diplomacy`, `Standard`, `Classic`). An untagged record (a `.dip` file) is standard when it
/// gives a starting position (see `Reader::start_line`); otherwise it is read as Deluge.
pub(crate) fn is_standard(game_tag: Option<&str>) -> bool {
    game_tag.is_some_and(|g| {
        let g = g.to_ascii_lowercase();
        !g.contains("deluge")
            && ["diplomacy", "standard", "classic"]
                .iter()
                .any(|w| g.contains(w))
    })
}
