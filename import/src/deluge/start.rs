//! A record that starts at any phase: the judges' `Starting position for Fall of 1905` block with
//! a power's units a line (`Austria:  Army Budapest.`, `England:  Fleet St Petersburg (north
//! coast).`, `Turkey:   F Ank.`), and the `Ownership of supply centers:` block (`Austria:
//! Budapest, Trieste, Vienna.`), read into the position the replay starts from.

use super::map::{self, base};
use super::notation::{self, OrderKind, PhaseKey};
use super::read::Reader;

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

/// The phase a `Starting position for Spring of 1901` line names.
#[inline]
fn start_header(trimmed: &str) -> Option<PhaseKey> {
    // checked on every line: no allocation unless the line starts so
    const HEAD: &str = "starting position for ";
    let head = trimmed.get(..HEAD.len())?;
    if !head.eq_ignore_ascii_case(HEAD) {
        return None;
    }
    let rest = trimmed.get(HEAD.len()..)?;
    notation::phase_header(rest.trim_end_matches(['.', ':']))
}

/// Is the game standard Diplomacy by its `Game` tag: one naming Diplomacy without Deluge
/// (`Diplomacy`, `Standard`, `Classic`). An untagged record (a `.dip` file) is standard when it
/// gives a starting position (see [`Reader::start_line`]); otherwise it is read as Deluge.
pub(crate) fn is_standard(game_tag: Option<&str>) -> bool {
    game_tag.is_some_and(|g| {
        let g = g.to_ascii_lowercase();
        !g.contains("deluge")
            && ["diplomacy", "standard", "classic"]
                .iter()
                .any(|w| g.contains(w))
    })
}

impl Reader<'_, '_> {
    /// A starting position header or one of its unit lines: read, `true`.
    pub(super) fn start_line(&mut self, lno: u32, lead: usize, trimmed: &str) -> bool {
        if let Some(key) = start_header(trimmed) {
            // the judges' starting positions are standard Diplomacy's; Deluge starts empty
            if self.ctx.tag("Game").is_none() {
                self.setup.standard = true;
            }
            self.setup.start = Some(key);
            self.in_start = true;
            return true;
        }
        if !self.in_start || !self.phases.is_empty() {
            return false;
        }
        if trimmed
            .get(..19)
            .is_some_and(|h| h.eq_ignore_ascii_case("ownership of supply"))
        {
            self.in_start = false;
            return false;
        }
        let (power, off) = match notation::power_prefix(trimmed) {
            notation::Prefix::Power(p, off) | notation::Prefix::Worded(p, off, _) => (p, off),
            _ => return false,
        };
        let rest: String = trimmed.chars().skip(off).collect();
        for (o, text) in notation::split_orders(&rest) {
            let text = text.trim().trim_end_matches('.');
            match notation::order(text) {
                Ok(r)
                    if r.kind == OrderKind::Hold
                        && r.unit.is_some()
                        && r.at.as_ref().is_some_and(|l| l.code.is_some()) =>
                {
                    let at = r.at.as_ref().and_then(|l| l.code).unwrap_or_default();
                    self.setup.units.push(StartUnit {
                        power,
                        unit: r.unit.unwrap_or('A'),
                        at: base(at),
                        coast: r.at.as_ref().and_then(|l| l.coast.clone()),
                    });
                }
                _ => self.sink.warning(
                    "deluge.start-unit",
                    lno,
                    (lead + off + o + 1) as u32,
                    format!("{text:?} is no unit of a starting position (`Army Budapest`, `F Ank`); skipped"),
                ),
            }
        }
        true
    }

    /// A line of an `Ownership of supply centers:` block (`Austria:   Budapest, Trieste.`): its
    /// centres kept for the replay. Lines that name no power are left to the caller.
    pub(super) fn ownership_line(&mut self, trimmed: &str) {
        let (power, off) = match notation::power_prefix(trimmed) {
            notation::Prefix::Power(p, off) | notation::Prefix::Worded(p, off, _) => (p, off),
            _ => return,
        };
        let rest: String = trimmed.chars().skip(off).collect();
        let m = map::map();
        for name in rest.split(',') {
            let name = name.trim().trim_end_matches('.').trim();
            if let Some(code) = m.lookup(name) {
                self.setup.owners.push((self.phases.len(), power, code));
            }
        }
    }
}
