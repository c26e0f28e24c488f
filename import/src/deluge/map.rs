//! The maps: Deluge's (below) and the standard one ([`standard_map`], `import/data/diplomacy/`: the
//! same provinces and borders with Iceland and Switzerland impassable and no schedule).
//!
//! The map and the schedule (`import/data/deluge/`, see its README): provinces of the standard map
//! plus Iceland and a passable Switzerland, borders by unit type, and the Deluge rules' tables 1 and 2 and
//! rule 6 as data. The map of a year is the standard map minus what has submerged in earlier
//! winters.
//!
//! # Decisions
//! - **Submerged provinces are sea.** Rule 3 says a province submerges under "rising sea levels" and
//!   rule 4 drowns only armies, so a fleet may still be in (or sail into) a submerged province. A
//!   submerged province therefore borders, for fleets, every province it bordered on the standard
//!   map (by land or by sea), on any coast; armies may not enter it. Land next to it becomes coast
//!   for that border (a fleet may sail from a submerged Brest into Paris). Every order to, from or
//!   through a submerged province is still reported (`deluge.submerged`), since a record that writes
//!   one is usually wrong.
//! - **When a province is submerged:** a province of Table 1 row `W Y` is land for the whole of year
//!   Y, including the adjustments of Winter Y, and sea from Spring Y+1 on.
//! - **Iceland and Switzerland** (rule 6): impassable up to and including the winter of the year the
//!   rule names (W1901, W1904), passable from the following spring.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::LazyLock;

const PROVINCES_CSV: &str = include_str!("../../data/deluge/provinces.csv");
const ADJACENCY_CSV: &str = include_str!("../../data/deluge/adjacency.csv");
const SCHEDULE_CSV: &str = include_str!("../../data/deluge/schedule.csv");
const STANDARD_SCHEDULE_CSV: &str = include_str!("../../data/diplomacy/schedule.csv");
const STANDARD_START_CSV: &str = include_str!("../../data/diplomacy/start.csv");

/// The seven powers, in the usual order.
pub const POWERS: [&str; 7] = [
    "England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey",
];

/// The power a written name means (`England`, `ENG`, `E`, `English`…), case-insensitive.
pub fn power(written: &str) -> Option<&'static str> {
    let l = written.trim().to_ascii_lowercase();
    let p = match l.as_str() {
        "england" | "eng" | "e" | "english" | "britain" | "engl" | "great britain"
        | "united kingdom" | "uk" => "England",
        "france" | "fra" | "f" | "french" | "fr" | "fran" => "France",
        "germany" | "ger" | "g" | "german" | "germ" => "Germany",
        "italy" | "ita" | "i" | "italian" | "ital" => "Italy",
        "austria" | "aus" | "a" | "austria-hungary" | "austrian" | "austria hungary" | "a-h"
        | "aust" => "Austria",
        "russia" | "rus" | "r" | "russian" | "russ" => "Russia",
        "turkey" | "tur" | "t" | "turkish" | "turk" | "ottoman" | "ottomans" | "ottoman empire"
        | "the ottoman empire" | "turkiye" | "türkiye" => "Turkey",
        _ => return None,
    };
    Some(p)
}

/// The power a name in another language means, as clubs abroad and the notation's own translation write
/// it (the Deluge rules' Japanese says ロシア for Russia): German, French, Italian, Spanish, Portuguese and
/// Dutch names, and the Japanese, Chinese and Korean ones (any case; the English names are
/// [`power`]'s).
pub fn power_in_other_language(written: &str) -> Option<&'static str> {
    let l = written.trim().to_lowercase();
    let p = match l.as_str() {
        "angleterre" | "inghilterra" | "inglaterra" | "engeland" | "grossbritannien"
        | "großbritannien" | "イギリス" | "イングランド" | "英国" | "英國" | "英格兰"
        | "英格蘭" | "영국" => "England",
        "frankreich" | "francia" | "frankrijk" | "frança" | "フランス" | "法国" | "法國"
        | "프랑스" => "France",
        "deutschland" | "allemagne" | "germania" | "alemania" | "alemanha" | "duitsland"
        | "ドイツ" | "德国" | "德國" | "독일" => "Germany",
        "italien" | "italie" | "italia" | "itália" | "italië" | "イタリア" | "意大利"
        | "義大利" | "이탈리아" => "Italy",
        "österreich" | "oesterreich" | "österreich-ungarn" | "autriche" | "autriche-hongrie"
        | "austria-ungheria" | "austria-hungría" | "áustria" | "oostenrijk" | "オーストリア"
        | "奥地利" | "奧地利" | "奥匈" | "奧匈" | "오스트리아" => "Austria",
        "russland" | "russie" | "rusia" | "rússia" | "rusland" | "ロシア" | "俄国" | "俄國"
        | "俄罗斯" | "俄羅斯" | "러시아" => "Russia",
        "türkei" | "tuerkei" | "turquie" | "turchia" | "turquía" | "turquia" | "turkije"
        | "トルコ" | "土耳其" | "터키" | "튀르키예" => "Turkey",
        _ => return None,
    };
    Some(p)
}

/// What a province is on the standard map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terrain {
    Land,
    Coast,
    Sea,
}

/// One province of `provinces.csv`.
#[derive(Debug, Clone)]
pub struct Province {
    pub code: &'static str,
    pub name: &'static str,
    pub terrain: Terrain,
    /// A supply centre of the standard map.
    pub sc: bool,
    pub home: Option<&'static str>,
    /// The power within whose boundary the province lies.
    pub area: Option<&'static str>,
}

/// One row of the schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Submerge,
    Centre,
    Passable,
}

pub struct Map {
    pub provinces: Vec<Province>,
    by_code: HashMap<&'static str, usize>,
    /// Lower-case spelling (code, alias, name) → code.
    spellings: HashMap<String, &'static str>,
    army: HashSet<(&'static str, &'static str)>,
    /// Fleet borders between nodes (`stp/nc` or `nwy`).
    fleet: HashSet<(&'static str, &'static str)>,
    pub schedule: Vec<(u16, Event, &'static str)>,
}

fn rows(csv: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    csv.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(',').map(str::trim).collect())
}

fn opt(s: Option<&&'static str>) -> Option<&'static str> {
    s.copied().filter(|s| !s.is_empty())
}

static MAP: LazyLock<Map> = LazyLock::new(|| Map::load(SCHEDULE_CSV));
static STANDARD: LazyLock<Map> = LazyLock::new(|| Map::load(STANDARD_SCHEDULE_CSV));

/// The Deluge map data, loaded once.
pub fn map() -> &'static Map {
    &MAP
}

/// The standard Diplomacy map (`import/data/diplomacy/`): the same provinces and borders, with
/// Iceland and Switzerland impassable and no schedule.
pub fn standard_map() -> &'static Map {
    &STANDARD
}

/// The standard game's units of Spring 1901: (power, unit, node).
pub fn standard_start() -> Vec<(&'static str, char, &'static str)> {
    rows(STANDARD_START_CSV)
        .filter_map(|r| {
            let p = power(opt(r.first())?)?;
            let u = opt(r.get(1))?.chars().next()?;
            Some((p, u, opt(r.get(2))?))
        })
        .collect()
}

/// The province part of a node (`stp/nc` → `stp`).
pub fn base(node: &str) -> &str {
    node.split('/').next().unwrap_or(node)
}

impl Map {
    fn load(schedule_csv: &'static str) -> Map {
        let mut provinces = Vec::new();
        let mut by_code = HashMap::new();
        let mut spellings = HashMap::new();
        for r in rows(PROVINCES_CSV) {
            let Some(code) = opt(r.first()) else { continue };
            let terrain = match r.get(2).copied() {
                Some("sea") => Terrain::Sea,
                Some("land") => Terrain::Land,
                _ => Terrain::Coast,
            };
            let name = opt(r.get(1)).unwrap_or(code);
            by_code.insert(code, provinces.len());
            spellings.insert(code.to_string(), code);
            spellings.insert(name.to_ascii_lowercase(), code);
            spellings.insert(name.to_ascii_lowercase().replace(['.', '-'], " "), code);
            for a in opt(r.get(6)).unwrap_or("").split(' ') {
                if !a.is_empty() {
                    spellings.insert(a.to_ascii_lowercase(), code);
                }
            }
            provinces.push(Province {
                code,
                name,
                terrain,
                sc: r.get(3).copied() == Some("1"),
                home: opt(r.get(4)),
                area: opt(r.get(5)),
            });
        }
        // Aliases whose words are in other rows' names (multi-word names read by the parser).
        for (alias, code) in [
            ("st. petersburg", "stp"),
            ("saint petersburg", "stp"),
            // the code written as transcribers abbreviate the name, with a full stop or a space
            // (`St.P`, `St. P`, `St P`, `St.Petersburg`): a club's habit, no map's spelling
            ("st.p", "stp"),
            ("st p", "stp"),
            ("st.petersburg", "stp"),
            ("gulf of lions", "lyo"),
            ("mid atlantic", "mao"),
            ("north atlantic", "nao"),
            ("heligoland", "hel"),
            ("tyn", "tys"),
            ("tyrrhenian", "tys"),
            ("gob", "bot"),
            ("norwegian", "nwg"),
            ("skag", "ska"),
            // names of other maps and languages: Tyrol (the older map's name for Tyrolia), the
            // French Marseille, Sebastopol, the German Helgoland, Skagerak with one r
            ("tyrol", "tyr"),
            ("marseille", "mar"),
            ("sebastopol", "sev"),
            ("helgoland bight", "hel"),
            ("skagerak", "ska"),
        ] {
            spellings.insert(alias.to_string(), code);
        }
        let mut army = HashSet::new();
        let mut fleet = HashSet::new();
        for r in rows(ADJACENCY_CSV) {
            let (Some(u), Some(a), Some(b)) = (opt(r.first()), opt(r.get(1)), opt(r.get(2))) else {
                continue;
            };
            let set = if u == "A" { &mut army } else { &mut fleet };
            set.insert((a, b));
            set.insert((b, a));
        }
        let mut schedule = Vec::new();
        for r in rows(schedule_csv) {
            let (Some(y), Some(e), Some(p)) = (opt(r.first()), opt(r.get(1)), opt(r.get(2))) else {
                continue;
            };
            let Ok(y) = y.parse::<u16>() else { continue };
            let e = match e {
                "submerge" => Event::Submerge,
                "centre" => Event::Centre,
                _ => Event::Passable,
            };
            schedule.push((y, e, p));
        }
        Map {
            provinces,
            by_code,
            spellings,
            army,
            fleet,
            schedule,
        }
    }

    pub fn province(&self, code: &str) -> Option<&Province> {
        self.by_code
            .get(base(code))
            .and_then(|i| self.provinces.get(*i))
    }

    /// The code a written province means (code, alias or full name; case-insensitive).
    pub fn lookup(&self, written: &str) -> Option<&'static str> {
        let l = written.trim().to_ascii_lowercase();
        self.spellings.get(&l).copied()
    }

    /// The province a misspelled name means: the one province with a name (or a spelling of six
    /// letters or more) one edit away (a letter left out, added, changed, or two swapped:
    /// `Burgandy`, `Ukriane`, `Gallicia`, `Sevastapol`). `None` when the written name has fewer
    /// than six letters, is a province's spelling itself, or is one edit from two provinces.
    /// Ireland, drawn on the board but no province, is no misspelling of Iceland, and a power's
    /// name none of a province (Russia is not Prussia).
    pub fn lookup_misspelled(&self, written: &str) -> Option<&'static str> {
        let l: Vec<char> = written.trim().to_lowercase().chars().collect();
        if l.len() < 6
            || l.iter().collect::<String>() == "ireland"
            || power(written).is_some()
            || power_in_other_language(written).is_some()
        {
            return None;
        }
        let mut found: Option<&'static str> = None;
        for (spelling, &code) in &self.spellings {
            if spelling.len() < 6 {
                continue;
            }
            let s: Vec<char> = spelling.chars().collect();
            if s == l {
                return None;
            }
            if one_edit(&l, &s) {
                match found {
                    Some(f) if f != code => return None,
                    _ => found = Some(code),
                }
            }
        }
        found
    }

    /// The coasts of a split-coast province (`stp` → `nc`, `sc`).
    pub fn coasts(&self, code: &str) -> &'static [&'static str] {
        match code {
            "stp" | "spa" => &["nc", "sc"],
            "bul" => &["ec", "sc"],
            _ => &[],
        }
    }

    /// The provinces of schedule event `e` in the winter of `year`.
    pub fn scheduled(&self, year: u16, e: Event) -> Vec<&'static str> {
        self.schedule
            .iter()
            .filter(|(y, ev, _)| *y == year && *ev == e)
            .map(|(_, _, p)| *p)
            .collect()
    }

    /// The year in whose winter a province submerges.
    pub fn submerges_in(&self, code: &str) -> Option<u16> {
        self.schedule
            .iter()
            .find(|(_, e, p)| *e == Event::Submerge && *p == base(code))
            .map(|(y, _, _)| *y)
    }

    /// Is the province sea because it submerged in an earlier winter (seen from `year`)?
    pub fn is_submerged(&self, code: &str, year: u16) -> bool {
        self.submerges_in(code).is_some_and(|y| y < year)
    }

    /// The year after whose winter the province becomes passable (Ice, Swi).
    pub fn passable_after(&self, code: &str) -> Option<u16> {
        self.schedule
            .iter()
            .find(|(_, e, p)| *e == Event::Passable && *p == base(code))
            .map(|(y, _, _)| *y)
    }

    pub fn is_passable(&self, code: &str, year: u16) -> bool {
        self.passable_after(code).is_none_or(|y| y < year)
    }

    /// The year in whose winter the province becomes a supply centre (Table 2).
    pub fn new_centre_in(&self, code: &str) -> Option<u16> {
        self.schedule
            .iter()
            .find(|(_, e, p)| *e == Event::Centre && *p == base(code))
            .map(|(y, _, _)| *y)
    }

    /// Is the province a supply centre (standard or formed in an earlier winter) that has not
    /// submerged, at the year's spring, fall or winter adjustments?
    pub fn is_centre(&self, code: &str, year: u16) -> bool {
        let standard = self.province(code).is_some_and(|p| p.sc);
        let new = self.new_centre_in(code).is_some_and(|y| y < year);
        (standard || new) && !self.is_submerged(code, year)
    }

    /// Any border on the standard map (army or fleet, coasts ignored).
    pub fn borders(&self, a: &str, b: &str) -> bool {
        let (a, b) = (base(a), base(b));
        if self.army.iter().any(|(x, y)| *x == a && *y == b) {
            return true;
        }
        self.fleet.iter().any(|(x, y)| base(x) == a && base(y) == b)
    }

    /// May an army move from `a` to `b` in `year`?
    pub fn army_adjacent(&self, a: &str, b: &str, year: u16) -> bool {
        let (a, b) = (base(a), base(b));
        !self.is_submerged(a, year)
            && !self.is_submerged(b, year)
            && self.is_passable(b, year)
            && self.army.contains(&(a, b))
    }

    /// May a fleet move from node `a` to node `b` in `year` (a node may name a coast; a node
    /// without a coast in a split-coast province matches any of its coasts)?
    pub fn fleet_adjacent(&self, a: &str, b: &str, year: u16) -> bool {
        if !self.is_passable(b, year) || !self.is_passable(a, year) {
            return false;
        }
        if self.is_submerged(a, year) || self.is_submerged(b, year) {
            return self.borders(a, b);
        }
        let matches =
            |node: &str, want: &str| node == want || (!want.contains('/') && base(node) == want);
        self.fleet
            .iter()
            .any(|(x, y)| matches(x, a) && matches(y, b))
    }

    /// Can a fleet be in this province in `year` (sea, coast, or submerged)?
    pub fn fleet_can_be(&self, code: &str, year: u16) -> bool {
        self.is_submerged(code, year)
            || self
                .province(code)
                .is_some_and(|p| p.terrain != Terrain::Land)
            || self
                .provinces
                .iter()
                .any(|p| self.is_submerged(p.code, year) && self.borders(p.code, base(code)))
    }

    /// Is a convoying fleet possible here (a sea or a submerged province)?
    pub fn is_water(&self, code: &str, year: u16) -> bool {
        self.is_submerged(code, year)
            || self
                .province(code)
                .is_some_and(|p| p.terrain == Terrain::Sea)
    }

    /// The coasts of `b` a fleet at `a` could reach (for a move written without a coast).
    pub fn reachable_coasts(&self, a: &str, b: &str, year: u16) -> Vec<&'static str> {
        self.coasts(base(b))
            .iter()
            .filter(|c| self.fleet_adjacent(a, &format!("{}/{}", base(b), c), year))
            .copied()
            .collect()
    }

    /// Provinces submerged before `year` (the map of that year's spring).
    pub fn submerged_before(&self, year: u16) -> BTreeSet<&'static str> {
        self.schedule
            .iter()
            .filter(|(y, e, _)| *e == Event::Submerge && *y < year)
            .map(|(_, _, p)| *p)
            .collect()
    }
}

/// Are `a` and `b` one edit apart: one character left out, added or changed, or two neighbours
/// swapped (and not equal)?
fn one_edit(a: &[char], b: &[char]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.len() - short.len() {
        0 => {
            let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
            match diff.as_slice() {
                [_] => true,
                [i, j] => *j == i + 1 && a[*i] == b[*j] && a[*j] == b[*i],
                _ => false,
            }
        }
        1 => {
            let k = short.iter().zip(long).take_while(|(x, y)| x == y).count();
            short.get(k..) == long.get(k + 1..)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borders_are_known_codes() {
        let m = map();
        for (a, b) in m.army.iter().chain(m.fleet.iter()) {
            assert!(m.province(a).is_some(), "{a}");
            assert!(m.province(b).is_some(), "{b}");
        }
        assert_eq!(m.provinces.len(), 77);
        assert_eq!(m.provinces.iter().filter(|p| p.sc).count(), 34);
    }
}
