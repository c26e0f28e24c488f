//! Names of HotW codes for search: a query word that is an alias, a full name or a close misspelling
//! of an empire, card or region finds the games of its canonical code (CivilS, Civil Service,
//! Civilserv all find the same games). The tables are the notation crate's.

use annals_import::hotw::tables::TABLES;

/// Which table a search word is looked up in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codes {
    Card,
    Empire,
    Region,
    /// All three; a card's full name too (a word searched in every field).
    Any,
}

/// Canonical codes a search word may stand for (empty when it is none of them).
///
/// A search in one field (`card:`, `empire:`, `region:`) needs the code alone: the index holds a
/// game's canonical codes, so the code finds every game its full name would, and a full name
/// searched as a phrase costs a positional match over every game that has its words.
pub fn canonical_hotw(word: &str, which: Codes) -> Vec<String> {
    let w = word.trim();
    if w.is_empty() || w.chars().count() > 40 {
        return Vec::new();
    }
    let mut out = Vec::new();
    if matches!(which, Codes::Card | Codes::Any)
        && let Some((c, _)) = TABLES.card(w, false)
    {
        out.push(c.code.clone());
        if which == Codes::Any {
            out.push(c.name.clone());
        }
    }
    if matches!(which, Codes::Empire | Codes::Any)
        && let Some((e, _, _)) = TABLES.empire(w, None, false)
    {
        out.push(e.code.clone());
    }
    if matches!(which, Codes::Region | Codes::Any)
        && let Some((r, _)) = TABLES.region(w, false)
    {
        out.push(r.code.clone());
    }
    out
}

/// The full name of a HotW empire code.
pub fn hotw_empire_name(code: &str) -> Option<&'static str> {
    TABLES
        .empire(code, None, false)
        .filter(|(e, _, _)| e.code == code)
        .map(|(e, _, _)| e.name.as_str())
}
