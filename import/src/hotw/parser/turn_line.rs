//! One line of a turn (or the rest of its header): remarks and notes taken off its end, the
//! score, then its cards or its moves.

use super::card::{card_full_name, maybe_key};
use super::line::Line;
use super::lp::Lp;
use super::scores::{end_score_marked, record_score};
use super::state::State;
use crate::hotw::code;
use crate::hotw::game::Turn;
use crate::hotw::items::battle_word;
use crate::hotw::lexer::Tk;
use crate::hotw::tables::{TABLES, with_key};
use crate::text::fold_width;

/// Reads the part of a turn line from token `lo`: cards, moves, builds and the score.
pub(super) fn turn_line(lp: &mut Lp, lo: usize, turn: &mut Turn, header: bool) {
    let l = lp.l;
    let mut hi = l.toks.len();
    if let Some(k) = remark_start(l, lo, hi) {
        let note = remark_text(l, k);
        lp.info(
            code::REMARK,
            k,
            format!("remark {note:?} kept as the turn's comment"),
        );
        if !note.is_empty() {
            turn.comments.push(note);
        }
        hi = k;
        if hi == lo {
            return;
        }
    }
    while hi > lo && l.kind(hi - 1) == Some(Tk::Other) && l.s(hi - 1) == "." {
        hi -= 1;
        lp.info(
            code::PUNCTUATION,
            hi,
            "stray \".\" at the end of the line ignored".into(),
        );
    }
    // (a `;` or `,` after the score ending the line: `LTig(+m) 20;`, `NileDel-->Nub 9,`)
    if hi > lo + 1
        && matches!(l.kind(hi - 1), Some(Tk::Semi | Tk::Comma))
        && l.kind(hi - 2) == Some(Tk::Num)
    {
        hi -= 1;
        lp.info(
            code::PUNCTUATION,
            hi,
            format!("stray {:?} after the score ignored", l.s(hi)),
        );
    }
    if let Some(k) = hi.checked_sub(1).filter(|&k| k > lo)
        && matches!(l.kind(k), Some(Tk::RParen | Tk::Other))
    {
        hi = trailing_note(lp, lo, hi, turn);
    }
    // a number ending the line, outside brackets, is the score (also written with a unit or a
    // full stop: `20分`, `20 pts`, `25.`)
    let mut score = None;
    let line_end = hi;
    if let Some((value, used, form)) = end_score_marked(l, lo, hi) {
        let at = hi - used;
        let depth: i32 = (lo..at)
            .map(|k| match l.kind(k) {
                Some(Tk::LParen) => 1,
                Some(Tk::RParen) => -1,
                _ => 0,
            })
            .sum();
        let balanced_open = (lo..at).any(|k| l.kind(k) == Some(Tk::LParen) && l.pair(k).is_none());
        if depth <= 0 || balanced_open {
            score = value;
            if score.is_some() {
                if form {
                    let w = l.raw(at, hi);
                    lp.info(
                        code::SCORE_FORM,
                        at,
                        format!("score {w:?} read as {}", value.unwrap_or_default()),
                    );
                }
                hi = at;
            }
        }
    }
    if let Some(e) = (lo..hi).find(|&k| l.kind(k) == Some(Tk::Ellipsis)) {
        lp.info(
            code::PLACEHOLDER,
            e,
            "\"……\" placeholder for moves not written".into(),
        );
    }
    let first = (lo..hi).find(|&k| l.kind(k) != Some(Tk::Ellipsis));
    if let Some(f) = first {
        let is_card = l.kind(f) == Some(Tk::Word) && {
            let w = l.s(f);
            let strict = (maybe_key(w)
                && with_key(w, false, |k| matches!(k, "civil" | "king" | "kingdom")))
                || {
                    let (card, row) = TABLES.is_card_row(w);
                    lp.memo = row.map(|r| (w, r));
                    card
                };
            let has_arrow = (f..hi).any(|k| matches!(l.kind(k), Some(Tk::Arrow | Tk::Dash2)));
            strict
                || (header && !has_arrow && TABLES.region(w, false).is_none())
                // a line of cards after the header opening with a full name whose first word
                // names no card (`Population Explosion(+2)`)
                || card_full_name(l, f, hi, false).is_some()
        };
        if is_card {
            lp.cards(f, hi, turn);
        } else {
            let read = (turn.expansions.len(), turn.builds.len(), lp.unparsed.len());
            lp.moves(f, hi, None, None, turn);
            // A number after words that read as nothing, with no arrow and no region among
            // them (`Round 2`, `註：重擲 2`), is part of a note, not the player's total.
            if score.is_some()
                && (turn.expansions.len(), turn.builds.len()) == (read.0, read.1)
                && lp.unparsed.len() > read.2
                && (f..hi).all(|k| match l.kind(k) {
                    Some(Tk::Arrow | Tk::Dash2) => false,
                    Some(Tk::Word) => TABLES.region(l.s(k), false).is_none(),
                    _ => true,
                })
            {
                let all = l.raw(f, line_end).trim();
                lp.unparsed.truncate(read.2);
                lp.unparsed.push(all.to_string());
                lp.warn(
                    code::SCORE_IN_NOTE,
                    hi,
                    format!("number after unreadable text in {all:?} not taken as a score"),
                );
                score = None;
            }
        }
    }
    if let Some(s) = score {
        record_score(lp.sink, l.no, l.col(hi), turn, s);
    }
}

/// A line all in one pair of brackets holding words, not notation: two words or more, or an
/// ideograph (`(note: Bob arrived late)`, `（另﹕…，不贅）`; not `(XV)`, `(+m)`).
#[inline]
pub(super) fn bracketed_note(l: &Line) -> bool {
    let n = l.toks.len();
    if n < 3 || l.kind(0) != Some(Tk::LParen) || l.close(0, n) != Some(n - 1) {
        return false;
    }
    let inner = l.raw(1, n - 1);
    let words = inner
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 2)
        .count();
    words >= 2
        || inner
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// The token where a transcriber's remark starts on a line: `//` or `#` (`＃`) after white space
/// (or opening the line), the rest of the line being the remark (`LTig(+m) 12 // Ann leads`).
/// `/` is a word character of the notation (`c/`), so only a word starting with `//` counts.
pub(super) fn remark_start(l: &Line, lo: usize, hi: usize) -> Option<usize> {
    (lo..hi).find(|&k| {
        let w = l.s(k);
        let mark = match l.kind(k) {
            Some(Tk::Word) => w.starts_with("//"),
            Some(Tk::Other) => w == "#" || w == "＃",
            _ => false,
        };
        mark && (k == 0
            || l.toks
                .get(k.wrapping_sub(1))
                .zip(l.toks.get(k))
                .is_some_and(|(a, b)| a.end < b.start))
    })
}

/// The text of the remark starting at token `k` (see [`remark_start`]), without its mark.
pub(super) fn remark_text(l: &Line, k: usize) -> String {
    let start = l.toks.get(k).map_or(l.text.len(), |t| t.start);
    l.text
        .get(start..)
        .unwrap_or("")
        .trim_start_matches(['/', '#', '＃'])
        .trim()
        .to_string()
}

/// What other transcribers write at the end of a line that is not notation, taken off before
/// the line is read: the new end of the line's tokens. A note in square brackets (`Lead [leader
/// card]`, `【…】`) and words in brackets after the score (`43 (a good turn)`) are kept as the
/// turn's comment (info `hotw.note`); a number in brackets (`PersP(V, cX) (64)`: a score? the
/// notation writes none so) is no battle, kept as raw text with a warning
/// `hotw.bracketed-number`.
fn trailing_note(lp: &mut Lp, lo: usize, hi: usize, turn: &mut Turn) -> usize {
    let l = lp.l;
    let last = hi - 1;
    let open = if l.kind(last) == Some(Tk::RParen) {
        match l.pair(last) {
            Some(o) if o > lo => o,
            _ => return hi,
        }
    } else {
        let is = |k: usize, c: char| l.s(k).chars().next().map(fold_width) == Some(c);
        if !is(last, ']') {
            return hi;
        }
        match (lo..last)
            .rev()
            .find(|&k| l.kind(k) == Some(Tk::Other) && is(k, '['))
        {
            Some(o) => o,
            None => return hi,
        }
    };
    let raw = l.raw(open, hi).trim().to_string();
    if l.kind(last) == Some(Tk::RParen) {
        if open + 2 == last && l.kind(open + 1) == Some(Tk::Num) {
            lp.warn(
                code::BRACKETED_NUMBER,
                open,
                format!(
                    "{raw:?} ends the line: a number in brackets is no battle, build or score in the notation; kept as raw text"
                ),
            );
            lp.unparsed.push(raw);
            return open;
        }
        // `20 (+20)`: the turn's gain after its total (a number standing apart, not in brackets)
        if open + 2 == last
            && l.kind(open - 1) == Some(Tk::Num)
            && l.raw(open - 1, open + 1).contains(char::is_whitespace)
            && (open - 1 == lo || l.kind(open - 2) != Some(Tk::LParen))
            && l.kind(open + 1) == Some(Tk::Plus)
            && l.s(open + 1)
                .strip_prefix('+')
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        {
            lp.info(
                code::SCORE_GAIN,
                open,
                format!(
                    "{raw:?} after the score {} read as the turn's gain, kept as the turn's comment",
                    l.s(open - 1)
                ),
            );
            turn.comments.push(raw);
            return open;
        }
        // words after the score: none of them a region or a battle token, nothing built
        let prose = l.kind(open - 1) == Some(Tk::Num)
            && (open + 1..last)
                .all(|k| matches!(l.kind(k), Some(Tk::Word | Tk::Comma | Tk::Other)))
            && (open + 1..last).any(|k| {
                l.kind(k) == Some(Tk::Word)
                    && TABLES.region(l.s(k), false).is_none()
                    && battle_word(l.s(k)).is_none()
            });
        if !prose {
            return hi;
        }
    }
    lp.info(
        code::NOTE,
        open,
        format!("{raw:?} read as a note, kept as the turn's comment"),
    );
    turn.comments.push(raw);
    open
}

impl State<'_> {
    /// A note on a line of its own, all of it in brackets ([`bracketed_note`]): the turn's
    /// comment, or the game's.
    pub(super) fn note_line(&mut self, l: &Line, t: &str, no: u32) {
        let inner = t
            .trim()
            .trim_start_matches(['(', '（'])
            .trim_end_matches([')', '）'])
            .trim()
            .to_string();
        let whose = match self.cur.and_then(|c| self.game.turns.get_mut(c)) {
            Some(turn) => {
                turn.comments.push(inner.clone());
                "the turn's"
            }
            None => {
                self.game.comments.push(inner.clone());
                "the game's"
            }
        };
        self.sink.info(
            code::NOTE,
            no,
            l.col(0),
            format!("note {inner:?} in brackets on a line of its own kept as {whose} comment"),
        );
    }
}
