//! Results written in an order: in brackets (`(bounce)`, `(bounced by Turkey)`), between stars
//! (`*dislodged*`), after a colon (`: bounced`).

use super::tokens::{T, Tok};

/// A result with its reason after it (`bounced by Turkey`, `dislodged by A Mun`, `cut by F Nth`,
/// `fails, no support`): the result of the words before `by`, `from` or a comma.
pub(super) fn result_with_reason(l: &str) -> Option<&'static str> {
    let cut = [" by ", " from ", ",", " - ", ";"]
        .iter()
        .filter_map(|c| l.find(c))
        .min()?;
    let head = l.get(..cut)?.trim();
    // (one letter is too little to read a result from: `b`, `s`, `f` are results alone only)
    if head.chars().count() < 2 {
        return None;
    }
    result_word(head)
}

/// A result between stars at the end of an order (`*bounce*`, `**dislodged**`, `*bounce,
/// dislodged*`): where its first star is, the result, and the words as written. Only after a word
/// that can end an order (a province or `H`): `*` alone, or with no result word, is none.
pub(super) fn starred_result(toks: &[T]) -> Option<(usize, &'static str, String)> {
    let star = |t: &T| t.tok == Tok::Sym('*');
    let end = toks.len() - toks.iter().rev().take_while(|t| star(t)).count();
    if end == toks.len() {
        return None;
    }
    let open = toks.get(..end)?.iter().rposition(star)?;
    let start = open + 1
        - toks
            .get(..=open)?
            .iter()
            .rev()
            .take_while(|t| star(t))
            .count();
    let inner = toks.get(open + 1..end)?;
    if start == 0 || inner.is_empty() {
        return None;
    }
    let mut words = Vec::new();
    for t in inner {
        match &t.tok {
            Tok::Word(w) => words.push(w.as_str()),
            Tok::Sym(',') => words.push(","),
            Tok::Sym('-') => words.push("-"),
            Tok::Sym(_) => return None,
        }
    }
    let joined = words.join(" ").replace(" ,", ",");
    let r = result_word(&joined).or_else(|| result_with_reason(&joined.to_ascii_lowercase()))?;
    Some((start, r, joined))
}

/// Normalizes a bracketed result word; `None` when it is not a result.
pub fn result_word(s: &str) -> Option<&'static str> {
    let l: String = s
        .to_ascii_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let r = match l.trim_matches(['*', '.', '!', ' ']) {
        "succeeds" | "success" | "succeeded" | "ok" | "moves" | "moved" | "s" => "succeeds",
        "bounce" | "bounced" | "bounces" | "standoff" | "stand off" | "stand - off"
        | "stand-off" | "b" => "bounced",
        "fails" | "failed" | "fail" | "f" => "fails",
        "cut" | "support cut" => "cut",
        "void" | "invalid" | "illegal" | "no such unit" | "impossible" => "void",
        "dislodged" | "disl" | "dislodge" | "retreat" | "d" => "dislodged",
        "no convoy" | "no conv" | "convoy fails" | "convoy failed" | "unconvoyed" => "no_convoy",
        "destroyed" | "disbanded" | "annihilated" => "destroyed",
        "drowned" => "drowned",
        _ => return None,
    };
    Some(r)
}
