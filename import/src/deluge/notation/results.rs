//! Results in an order (`(bounce)`, `*dislodged*`, `: bounced`) and the record's own result line
//! (`Draw: England, France`).

use super::lines::other_power;
use super::order::RawOrder;
use super::tokens::{T, Tok};
use crate::deluge::map::{self};
use crate::diag::Sink;

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

/// A result line a transcriber writes at the end of a game: `Draw: England, France`, `Solo:
/// Germany`, `Winner: Russia`, `Result: draw England, France` (English words, any case; the
/// powers separated by `,` `/` `&` `and` or spaces).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultLine {
    /// A draw among `powers` (else one winner).
    pub draw: bool,
    pub powers: Vec<&'static str>,
    /// Words among the powers that name none.
    pub unknown: Vec<String>,
}

/// Reads a [`ResultLine`].
pub fn result_line(line: &str) -> Option<ResultLine> {
    let (head, rest) = line.split_once(':')?;
    let head = head.trim().to_ascii_lowercase();
    let mut rest = rest.trim();
    let draw = match head.as_str() {
        "draw" | "drawn" | "result draw" => true,
        "solo" | "winner" | "win" | "solo victory" => false,
        "result" => {
            let lower = rest.to_ascii_lowercase();
            let w = lower.split_whitespace().next()?;
            let d = match w.trim_end_matches([':', ',']) {
                "draw" | "drawn" => true,
                "solo" | "win" | "winner" => false,
                _ => return None,
            };
            rest = rest
                .get(w.len()..)
                .unwrap_or("")
                .trim_start_matches([':', ',', ' ']);
            d
        }
        _ => return None,
    };
    let mut out = ResultLine {
        draw,
        powers: Vec::new(),
        unknown: Vec::new(),
    };
    for w in rest
        .split([',', '/', '&', ' ', '.'])
        .map(str::trim)
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("and"))
    {
        match map::power(w).or_else(|| other_power(w)) {
            Some(p) if !out.powers.contains(&p) => out.powers.push(p),
            Some(_) => {}
            None => out.unknown.push(w.to_string()),
        }
    }
    (!out.powers.is_empty() || !out.unknown.is_empty()).then_some(out)
}

/// Reports an unknown bracket result (stored with a leading `?` by [`order`]).
pub fn check_result(o: &mut RawOrder, sink: &mut Sink, line: u32, col: u32) {
    if let Some(r) = o.result.clone()
        && let Some(w) = r.strip_prefix('?')
    {
        sink.warning(
            "deluge.result-unknown",
            line,
            col,
            format!("the bracketed result {w:?} is not one annals knows; kept as written"),
        );
        o.result = Some(w.to_string());
    }
}
