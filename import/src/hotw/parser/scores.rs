//! The score ending a line (bare, with a unit, after a word) and the running total it records.

use super::line::Line;
use crate::diag::Sink;
use crate::hotw::code;
use crate::hotw::game::Turn;
use crate::hotw::lexer::Tk;
use crate::text::fold_width;

/// The units a transcriber writes after a score (compared lower-cased and width-folded).
const SCORE_UNITS: [&str; 10] = [
    "分", "點", "点", "pts", "pt", "points", "point", "vp", "vps", "total",
];

/// Words a transcriber writes before a score in the same word (`計7分`, `共23分`, `合計30`).
const SCORE_PREFIXES: [&str; 9] = [
    "共計", "共计", "合計", "合计", "總計", "总计", "計", "计", "共",
];

/// `w` is a unit after a score (`分`, `pts`), maybe with a full stop after it; or, with
/// `stop_alone`, only a full stop.
pub(super) fn score_unit(w: &str, stop_alone: bool) -> bool {
    let is_unit = |u: &str| {
        SCORE_UNITS.iter().any(|unit| {
            u.chars()
                .map(|c| fold_width(c).to_ascii_lowercase())
                .eq(unit.chars())
        })
    };
    match w.strip_suffix(['.', '。', '．']) {
        Some("") => stop_alone,
        Some(u) => is_unit(u),
        None => is_unit(w),
    }
}

/// The score ending the tokens `lo..hi` of a line: its value (None when it does not fit), how
/// many tokens it takes, and whether it was written with a unit or a full stop (`20分`, `20 分`,
/// `20pts`, `25.`) rather than as a bare number.
#[inline]
fn end_score(l: &Line, lo: usize, hi: usize) -> Option<(Option<i64>, usize, bool)> {
    if hi <= lo {
        return None;
    }
    match l.kind(hi - 1)? {
        Tk::Num => {
            let w = l.s(hi - 1);
            // full-width digits (`１５`) are a form to report
            Some((number(w), 1, !w.is_ascii()))
        }
        // `20分`, `20pts`, `25.` are words: digits, then a unit or a full stop
        Tk::Word => {
            let mut w = l.s(hi - 1);
            // `計7分`, `共23分`: a word for the total before the number
            let mut marked = false;
            if !w.is_ascii()
                && let Some(r) = SCORE_PREFIXES.iter().find_map(|p| w.strip_prefix(p))
                && r.starts_with(|c: char| fold_width(c).is_ascii_digit())
            {
                w = r;
                marked = true;
            }
            // (digits maybe full-width: `１５`, `２０分`)
            let digits: usize = w
                .chars()
                .take_while(|&c| fold_width(c).is_ascii_digit())
                .map(char::len_utf8)
                .sum();
            if digits == w.len() && (!w.is_ascii() || marked) {
                return Some((number(w), 1, true));
            }
            if digits == 0 {
                // `20 分`, `20 pts`, `20 .`: a unit or a full stop after the number
                return (hi - 1 > lo && l.kind(hi - 2) == Some(Tk::Num) && score_unit(w, true))
                    .then(|| (number(l.s(hi - 2)), 2, true));
            }
            let (num, unit) = (w.get(..digits)?, w.get(digits..)?);
            score_unit(unit, true).then(|| (number(num), 1, true))
        }
        _ => None,
    }
}

/// The value of a number token, its digits maybe full-width (`１５`).
pub(super) fn number(w: &str) -> Option<i64> {
    if w.is_ascii() {
        return w.parse::<i64>().ok();
    }
    w.chars()
        .map(fold_width)
        .collect::<String>()
        .parse::<i64>()
        .ok()
}

/// Words a transcriber writes before a score (`Score: 12`, `分數：12`; compared lower-cased).
const SCORE_WORDS: [&str; 20] = [
    "score", "scores", "total", "pts", "points", "vp", "分數", "分数", "得分", "總分", "总分",
    "共計", "共计", "合計", "合计", "總計", "总计", "計", "计", "共",
];

/// [`end_score`], and the marks other transcribers put before the number: a word and a colon or
/// `=` (`Score: 12`, `分數：12`, `total 12`, `= 43`, `=57`, `: 62`). Every mark makes the form one
/// to report.
#[inline]
pub(super) fn end_score_marked(
    l: &Line,
    lo: usize,
    hi: usize,
) -> Option<(Option<i64>, usize, bool)> {
    // (a number in brackets, `SApp-->NApp (25)`, stays what it was: no score)
    let Some((value, mut used, mut form)) = end_score(l, lo, hi) else {
        // `=57` (one word: `=` is a battle letter)
        let w = l.s(hi.checked_sub(1)?);
        if hi > lo && l.kind(hi - 1) == Some(Tk::Word) {
            // (and `Score=20`, `pts=20`: a word for the score joined to it by the `=`)
            let w = match w.split_once('=') {
                Some((key, _)) if SCORE_WORDS.contains(&key.to_lowercase().as_str()) => {
                    w.get(key.len()..).unwrap_or(w)
                }
                _ => w,
            };
            let num = w.trim_start_matches('=');
            if num.len() < w.len() && !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()) {
                return Some((num.parse::<i64>().ok(), 1, true));
            }
        }
        return None;
    };
    // a `:` or `=` before the number (`Score: 12`, `= 43`), not after another number (`1:2`)
    let mut k = hi - used;
    if k > lo
        && (k < lo + 2 || l.kind(k - 2) != Some(Tk::Num))
        && (l.kind(k - 1) == Some(Tk::Colon)
            || l.kind(k - 1) == Some(Tk::Word) && l.s(k - 1).bytes().all(|b| b == b'='))
    {
        k -= 1;
        used += 1;
        form = true;
    }
    // and a word for the score before that (`Score`, `分數`)
    if k > lo
        && l.kind(k - 1) == Some(Tk::Word)
        && SCORE_WORDS.contains(&l.s(k - 1).to_lowercase().as_str())
    {
        used += 1;
        form = true;
    }
    Some((value, used, form))
}

/// A score `s` ending a line (at line `no`, column `col`): the player's running total, or
/// reported and dropped for a minor empire.
#[inline]
pub(super) fn record_score(sink: &mut Sink, no: u32, col: u32, turn: &mut Turn, s: i64) {
    if turn.minor {
        sink.warning(
            code::MINOR_SCORE,
            no,
            col,
            format!(
                "score {s} written for the minor empire {}; dropped",
                turn.empire
            ),
        );
    } else {
        if let Some(old) = turn.score {
            sink.warning(
                code::SCORE_REPEATED,
                no,
                col,
                format!("second score {s} in this turn (was {old}); the last counts"),
            );
        }
        turn.score = Some(s);
    }
}
