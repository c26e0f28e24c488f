//! Names of HotW codes for search (full names, aliases), read from the notation crate's tables.

/// Canonical codes a search word may stand for (an alias, a full name or a misspelling of an
/// empire, card or region code). Empty when the word is not one.
pub fn canonical_hotw(word: &str) -> Vec<String> {
    let _ = word;
    Vec::new()
}

/// The full name of a HotW empire code.
pub fn hotw_empire_name(code: &str) -> Option<&'static str> {
    let _ = code;
    None
}
