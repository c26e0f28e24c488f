//! The battle and build items of a move, as written in a word (`XXV`, `fW`, `c/`; `+f+m`):
//! split into the notation's tokens and normalized. Shared by the general parser
//! ([`super::parser`]) and the fast path ([`super::fast`]).

use std::borrow::Cow;

use super::chain::{Lists, Node};
use crate::text::fold_width;

/// Splits a battle word into tokens: `XXV` → X X V, `fW` → f W, `X=V`, `c/`. The bool is true when
/// case or width had to be changed (`fw`, `c／`). None when the word is not made of battle tokens.
pub fn battle_word(w: &str) -> Option<(Vec<&'static str>, bool)> {
    let mut out = Vec::new();
    let norm = battle_scan(w, &mut |t| out.push(t))?;
    Some((out, norm))
}

/// [`battle_word`] onto the battle of `node` (the last span of `lists.battles`), in one pass:
/// the tokens read before a word turns out to be no battle are taken back, so nothing is added
/// then.
#[inline]
pub(crate) fn battle_into(lists: &mut Lists, node: &mut Node, w: &str) -> Option<bool> {
    let before = lists.battles.len();
    let norm = battle_scan(w, &mut |t| lists.battle(node, Cow::Borrowed(t)));
    if norm.is_none() {
        lists.battles.truncate(before);
        node.battle.hi = before as u32;
    }
    norm
}

fn battle_scan(w: &str, emit: &mut impl FnMut(&'static str)) -> Option<bool> {
    const EXACT: [(&str, &[&str]); 15] = [
        ("sea", &["sea"]),
        ("For", &["For"]),
        ("St", &["St"]),
        ("c/", &["c/"]),
        ("cX", &["cX"]),
        ("fX", &["fX"]),
        ("mX", &["mX"]),
        ("fW", &["f", "W"]),
        ("X", &["X"]),
        ("V", &["V"]),
        ("=", &["="]),
        ("R", &["R"]),
        ("f", &["f"]),
        ("W", &["W"]),
        ("M", &["M"]),
    ];
    if w.is_empty() {
        return None;
    }
    let mut norm = false;
    let mut rest = w;
    'outer: while !rest.is_empty() {
        for (pat, toks) in EXACT {
            if rest.starts_with(pat) {
                toks.iter().for_each(|t| emit(t));
                rest = rest.get(pat.len()..).unwrap_or("");
                continue 'outer;
            }
        }
        for (pat, toks) in EXACT {
            if rest
                .get(..pat.len())
                .is_some_and(|p| p.eq_ignore_ascii_case(pat))
            {
                toks.iter().for_each(|t| emit(t));
                rest = rest.get(pat.len()..).unwrap_or("");
                norm = true;
                continue 'outer;
            }
        }
        // a full-width form (`c／`, `ＸＶ`, `×`): the rest read again width-folded (off the path
        // of ASCII words, which the fast path's all are)
        if !rest.is_ascii() {
            let folded: String = rest.chars().map(fold_width).collect();
            if folded != rest {
                return battle_scan(&folded, emit).map(|_| true);
            }
        }
        return None;
    }
    Some(norm)
}

/// Normalizes a build item (`+f`, `+m`, `+ct`, `+c`, `+cp`); None when unknown.
fn build_item(s: &str) -> Option<&'static str> {
    match s {
        "f" | "F" => Some("f"),
        "m" | "M" => Some("m"),
        "ct" | "c" | "CT" => Some("ct"),
        "cp" => Some("cp"),
        _ => None,
    }
}

/// The items of a `+` word (`+f`, `+ct`, `+f+m`), each normalized or, when unknown, as written.
pub(crate) fn build_items<'w>(w: &'w str, mut f: impl FnMut(Result<&'static str, &'w str>)) {
    // `+f`, `+m`, `+ct`: one known item, no splitting
    if let Some(b) = w
        .strip_prefix('+')
        .filter(|r| !r.contains('+'))
        .and_then(build_item)
    {
        f(Ok(b));
        return;
    }
    for part in w.split('+').filter(|p| !p.is_empty()) {
        f(build_item(part).ok_or(part));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn battle_words_split() {
        assert_eq!(battle_word("XXV").map(|b| b.0), Some(vec!["X", "X", "V"]));
        assert_eq!(battle_word("fW").map(|b| b.0), Some(vec!["f", "W"]));
        assert_eq!(battle_word("fw"), Some((vec!["f", "W"], true)));
        assert_eq!(battle_word("X=V").map(|b| b.0), Some(vec!["X", "=", "V"]));
        assert_eq!(battle_word("c/").map(|b| b.0), Some(vec!["c/"]));
        assert_eq!(battle_word("Zag"), None);
        assert_eq!(battle_word("c／"), Some((vec!["c/"], true)));
        assert_eq!(battle_word("ＸＶ"), Some((vec!["X", "V"], true)));
        assert_eq!(battle_word("fX＝V"), Some((vec!["fX", "=", "V"], true)));
        assert_eq!(battle_word("c／Ω"), None);
    }
}
