//! The code tables of the grammar (which codes may stand where, longest first) and the data files
//! compiled into the crate (`import/data/wec/`: setup, ground articles, code meanings).

use std::sync::OnceLock;

/// Why a written code is noted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flag {
    /// An alternate spelling, normalized (`STP` → `SP`, `JP` → `JU`): info.
    Alias,
    /// In the grammar but not in the terminal list (`SHP`, `XP`): info.
    Undefined,
    /// A kill result written where an article stands (`TK`, `RK`, `SK`): warning.
    NotArticle,
}

/// One code as it may be written at some position, and what it is stored as.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Code {
    pub written: &'static str,
    pub canon: &'static str,
    pub flag: Option<Flag>,
}

const fn c(w: &'static str) -> Code {
    Code {
        written: w,
        canon: w,
        flag: None,
    }
}
const fn alias(w: &'static str, canon: &'static str) -> Code {
    Code {
        written: w,
        canon,
        flag: Some(Flag::Alias),
    }
}
const fn undef(w: &'static str) -> Code {
    Code {
        written: w,
        canon: w,
        flag: Some(Flag::Undefined),
    }
}
const fn notart(w: &'static str) -> Code {
    Code {
        written: w,
        canon: w,
        flag: Some(Flag::NotArticle),
    }
}

/// `Piece_type`, longest first. `STP` (terminal list) is read as `SP` (grammar).
pub(crate) const PIECE_TYPES: &[Code] = &[
    c("AAA"),
    undef("SHP"),
    c("SOP"),
    alias("STP", "SP"),
    c("DO"),
    c("TA"),
    c("CH"),
    c("JE"),
    c("SU"),
    c("DS"),
    c("CL"),
    c("PR"),
    c("PM"),
    c("DI"),
    c("AS"),
    c("AC"),
    c("AV"),
    c("RP"),
    c("FP"),
    c("SP"),
    c("CP"),
    undef("XP"),
    c("Q"),
    c("K"),
];

/// `Article`, longest first. `JP` (grammar's Article list) is read as `JU` (terminal list and
/// `Firing_article`); `TK`/`RK`/`SK` are accepted and flagged.
pub(crate) const ARTICLES: &[Code] = &[
    c("XXX"),
    c("ARL"),
    c("ASL"),
    c("ATL"),
    c("ACS"),
    c("AST"),
    c("AFL"),
    c("ASH"),
    c("FL"),
    c("ST"),
    c("CS"),
    c("TL"),
    c("RL"),
    c("SL"),
    c("SH"),
    c("BI"),
    c("SC"),
    c("JU"),
    alias("JP", "JU"),
    notart("TK"),
    notart("RK"),
    notart("SK"),
];

/// `Firing_article`, longest first (all two letters).
pub(crate) const FIRING: &[Code] = &[
    c("FL"),
    c("ST"),
    c("CS"),
    c("RL"),
    c("TL"),
    c("SL"),
    c("BI"),
    c("SC"),
    c("JU"),
    alias("JP", "JU"),
];

/// `Result_type` = the projectile and kill codes or a `Piece_type`, longest first. This is the only
/// position whose codes are prefixes of one another (`S` < `SK` < `STK`, `R` < `RK`/`RP`, `T` <
/// `TK`/`TA`); what follows a result type (`->`, `v`, `*`) never starts with a capital, so the
/// longest code that matches is the only reading.
pub(crate) const RESULT_TYPES: &[Code] = &[
    c("STK"),
    c("AAA"),
    undef("SHP"),
    c("SOP"),
    alias("STP", "SP"),
    c("RK"),
    c("TK"),
    c("SK"),
    c("CK"),
    c("DO"),
    c("TA"),
    c("CH"),
    c("JE"),
    c("SU"),
    c("DS"),
    c("CL"),
    c("PR"),
    c("PM"),
    c("DI"),
    c("AS"),
    c("AC"),
    c("AV"),
    c("RP"),
    c("FP"),
    c("SP"),
    c("CP"),
    undef("XP"),
    c("R"),
    c("T"),
    c("S"),
    c("Q"),
    c("K"),
];

/// Projectile and kill result codes (the rest of `Result_type` are piece types).
pub(crate) const PROJECTILES: &[&str] = &["R", "T", "S"];
pub(crate) const KILLS: &[&str] = &["RK", "TK", "SK", "CK"];

/// Primary government pieces: destroying or converting the enemy's wins the game.
pub(crate) const PRIMARY_GOVERNMENT: &[&str] = &["K", "DI", "AV", "PR"];

const SETUP_CSV: &str = include_str!("../../data/wec/setup.csv");
const GROUND_CSV: &str = include_str!("../../data/wec/ground.csv");
const PIECES_CSV: &str = include_str!("../../data/wec/pieces.csv");
const ARTICLES_CSV: &str = include_str!("../../data/wec/articles.csv");
const RESULTS_CSV: &str = include_str!("../../data/wec/results.csv");

fn rows(csv: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    csv.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(',').map(str::trim).collect())
}

fn meanings(csv: &'static str) -> Vec<(&'static str, &'static str)> {
    rows(csv)
        .filter_map(|r| Some((*r.first()?, *r.get(1)?)))
        .collect()
}

fn lookup(
    table: &'static OnceLock<Vec<(&'static str, &'static str)>>,
    csv: &'static str,
    code: &str,
) -> Option<&'static str> {
    table
        .get_or_init(|| meanings(csv))
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, m)| *m)
}

/// The name of a piece type (`TA` → `tank`), from `pieces.csv`.
pub fn piece_name(code: &str) -> Option<&'static str> {
    static T: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    lookup(&T, PIECES_CSV, code)
}

/// The name of an article (`FL` → `flame`), from `articles.csv`.
pub fn article_name(code: &str) -> Option<&'static str> {
    static T: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    lookup(&T, ARTICLES_CSV, code)
}

/// The name of a projectile or kill result (`RK` → `rocket kill`), from `results.csv`.
pub fn result_name(code: &str) -> Option<&'static str> {
    static T: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    lookup(&T, RESULTS_CSV, code)
}

/// One piece of the standard setup: (colour, type, level, row, col, articles, orient).
pub(crate) type SetupRow = (
    &'static str,
    &'static str,
    &'static str,
    u8,
    u8,
    Vec<&'static str>,
    Option<&'static str>,
);

/// The standard setup's pieces, from `setup.csv`.
pub(crate) fn setup_pieces() -> &'static [SetupRow] {
    static T: OnceLock<Vec<SetupRow>> = OnceLock::new();
    T.get_or_init(|| {
        rows(SETUP_CSV)
            .filter_map(|r| {
                let arts = r
                    .get(5)
                    .map(|a| a.split_whitespace().collect())
                    .unwrap_or_default();
                let orient = r.get(6).copied().filter(|o| !o.is_empty());
                Some((
                    *r.first()?,
                    *r.get(1)?,
                    *r.get(2)?,
                    r.get(3)?.parse().ok()?,
                    r.get(4)?.parse().ok()?,
                    arts,
                    orient,
                ))
            })
            .collect()
    })
}

/// The standard setup's unowned articles on the ground, from `ground.csv`.
pub(crate) fn setup_ground() -> &'static [(u8, u8, &'static str)] {
    static T: OnceLock<Vec<(u8, u8, &'static str)>> = OnceLock::new();
    T.get_or_init(|| {
        let mut out = Vec::new();
        for r in rows(GROUND_CSV) {
            let (Some(row), Some(col), Some(arts)) = (r.first(), r.get(1), r.get(2)) else {
                continue;
            };
            let (Ok(row), Ok(col)) = (row.parse(), col.parse()) else {
                continue;
            };
            for a in arts.split_whitespace() {
                out.push((row, col, a));
            }
        }
        out
    })
}
