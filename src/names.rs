//! Names of HotW codes for search: a query word that is an alias, a full name or a close misspelling
//! of an empire, card or region finds the games of its canonical code (CivilS, Civil Service,
//! Civilserv all find the same games). The tables are the notation crate's.

use annals_import::hotw::tables::TABLES;

/// Canonical codes a search word may stand for (empty when it is none of them).
pub fn canonical_hotw(word: &str) -> Vec<String> {
    let w = word.trim();
    if w.is_empty() || w.chars().count() > 40 {
        return Vec::new();
    }
    let mut out = Vec::new();
    if let Some((c, _)) = TABLES.card(w, false) {
        out.push(c.code.clone());
        out.push(c.name.clone());
    }
    if let Some((e, _, _)) = TABLES.empire(w, None, false) {
        out.push(e.code.clone());
    }
    if let Some((r, _)) = TABLES.region(w, false) {
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
