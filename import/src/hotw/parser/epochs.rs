//! Epoch headers in every form (`EI`…`EVII`, resumptions, pauses at an epoch's end, other
//! transcribers' forms) and a line's place in a game's progress.

use super::line::Line;
use super::state::State;
use crate::hotw::code;
use crate::hotw::tables::{is_numeral_char, roman_lenient, roman_str};

/// `EI`…`EVII` with what follows.
#[derive(Debug, PartialEq)]
pub(super) enum EpochLine {
    Plain(u8),
    Cont(u8),
    Pause(u8),
}

/// A pause word opening `s`: the notation's `後暫停` (also `暫停`, simplified), or another
/// transcriber's (`中斷`, `後中斷`, `之後暫停`, `paused`, `pause`, `interrupted`, in any case, maybe
/// in brackets). Whether it is another's form (to report), and its length in bytes.
pub(super) fn pause_word(s: &str) -> Option<(bool, usize)> {
    const SEED: [&str; 6] = ["後暫停", "后暂停", "暫停", "暂停", "後暂停", "后暫停"];
    if let Some(p) = SEED.iter().find(|p| s.starts_with(**p)) {
        return Some((false, p.len()));
    }
    // (most texts after an empire's brackets are cards: an ASCII letter other than p or i, a
    // colon, a digit)
    let first = *s.as_bytes().first()?;
    if first.is_ascii() && !matches!(first, b'p' | b'P' | b'i' | b'I' | b'(' | b'[') {
        return None;
    }
    const OTHER: [&str; 14] = [
        "之後暫停",
        "之后暂停",
        "之後中斷",
        "之后中断",
        "後中斷",
        "后中断",
        "後中断",
        "后中斷",
        "中斷",
        "中断",
        "paused",
        "pause",
        "interrupted",
        "(paused)",
    ];
    let p = OTHER
        .iter()
        .find(|p| s.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p)))?;
    // (an English word ends there: `pauses`, `Pausanias` are none)
    if p.is_ascii()
        && s.as_bytes()
            .get(p.len())
            .is_some_and(|b| b.is_ascii_alphanumeric())
    {
        return None;
    }
    Some((true, p.len()))
}

/// Reads an epoch header: `EI`…`EVII` (chapter 2: "E 代表 Epoch，隨後為羅馬數字"), then nothing, a
/// resumption (`(con't)`, `（續）`) or a pause (`後暫停`). Other transcribers' forms are read too:
/// the numeral in lower case (`eiii`, `Eiii`), full-width or as the Unicode roman numerals (`EⅡ`),
/// a space, `.` or `-` after the `E` (`E I`), `Epoch` written out, a colon or full stop after the
/// numeral (`EIII:`). The bool is true for such a form (the caller reports it); digits (`E3`) are
/// read as they always were, silently.
// (inlined into the parser's line loop, as it was when the loop was its one caller)
#[inline(always)]
pub(super) fn epoch_line(t: &str) -> Option<(EpochLine, bool)> {
    // most lines are none: an epoch header opens with `E`, `e` or a character outside ASCII
    // (`Ｅ`), and the numeral comes right after the `E` or after a separator
    let first = *t.as_bytes().first()?;
    if first.is_ascii() && first != b'E' && first != b'e' {
        // `--- Epoch I ---`, `== EII ==`, `[EIII]`, `*EIV*`: a header set off by marks
        if matches!(first, b'-' | b'=' | b'*' | b'#' | b'[') {
            return epoch_decorated(t);
        }
        return None;
    }
    if !first.is_ascii() && t.starts_with('第') {
        return epoch_chinese(t);
    }
    epoch_plain(t)
}

/// [`epoch_line`] of a header set off by marks (`--- Epoch I ---`): the header inside them, as
/// a form to report. Off the common path (most lines are no header).
#[cold]
#[inline(never)]
fn epoch_decorated(t: &str) -> Option<(EpochLine, bool)> {
    let inner = t
        .trim_start_matches(['-', '=', '*', '#', '[', ' ', '\t'])
        .trim_end_matches(['-', '=', '*', '#', ']', ' ', '\t']);
    let first = *inner.as_bytes().first()?;
    let e = if inner.starts_with('第') {
        epoch_chinese(inner)
    } else if first == b'E' || first == b'e' || !first.is_ascii() {
        epoch_plain(inner)
    } else {
        None
    };
    e.map(|(e, _)| (e, true))
}

/// [`epoch_line`] of a line opening with `E`, `e` or a character outside ASCII.
#[inline]
fn epoch_plain(t: &str) -> Option<(EpochLine, bool)> {
    let first = *t.as_bytes().first()?;
    // nor does a region's name (`EAfr`, `Egypt`): after an ASCII `E`, an ASCII character that
    // is no numeral, separator or the `p` of `Epoch`
    if first.is_ascii()
        && let Some(&second) = t.as_bytes().get(1)
        && second.is_ascii()
        && !matches!(
            second,
            b'I' | b'V' | b'i' | b'v' | b'1'..=b'7' | b'p' | b'P' | b' ' | b'\t' | b'.' | b'-'
        )
    {
        return None;
    }
    let mut form = first != b'E';
    let mut rest = t.strip_prefix(['E', 'e', 'Ｅ', 'ｅ'])?;
    let mut spelled = false;
    if rest
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("poch"))
    {
        rest = rest.get(4..)?;
        form = true;
        spelled = true;
    } else if let Some(r) = rest.strip_prefix(['p', 'P'])
        && r.starts_with(['.', ' ', '\t', '1', '2', '3', '4', '5', '6', '7'])
    {
        // `Ep. 3`, `Ep 3`, `Ep.III`: `Epoch` cut short
        rest = r;
        form = true;
        spelled = true;
    }
    // a space, `.` or `-` after the `E` (one mark, with spaces around it)
    let sep = rest.trim_start_matches([' ', '\t', '\u{3000}']);
    let sep = sep.strip_prefix(['.', '-']).unwrap_or(sep);
    let sep = sep.trim_start_matches([' ', '\t', '\u{3000}']);
    form |= sep.len() != rest.len();
    let rest_before = rest;
    let rest = sep;
    let n: usize = rest
        .chars()
        .take_while(|&c| is_numeral_char(c))
        .map(char::len_utf8)
        .sum();
    // `Epoch One`…`Epoch Seven`: the numeral in English words (after `Epoch` only)
    let word = if n == 0 && spelled && sep.len() != rest_before.len() {
        number_word(rest)
    } else {
        None
    };
    let (n, (e, folded)) = match word {
        Some((e, len)) => (len, (e, true)),
        None if n == 0 => return None,
        None => (n, roman_lenient(rest.get(..n)?)?),
    };
    form |= folded;
    let after = rest.get(n..)?.trim();
    if after.is_empty() {
        return Some((EpochLine::Plain(e), form));
    }
    // `EIII:`, `EIII.`
    if matches!(after, ":" | "." | "：" | "﹕" | "。") {
        return Some((EpochLine::Plain(e), true));
    }
    if let Some((other, _)) = pause_word(after) {
        return Some((EpochLine::Pause(e), form || other));
    }
    resumption(after).map(|other| (EpochLine::Cont(e), form || other))
}

/// An epoch named by another English word, `Era III`, `Age 3` (read as `Epoch III`; always a
/// form to report). Asked only of the lines the fast path gives up (see [`State::scanned`]).
#[cold]
pub(super) fn epoch_era(t: &str) -> Option<EpochLine> {
    let w = t.get(..3)?;
    if !(w.eq_ignore_ascii_case("era") || w.eq_ignore_ascii_case("age"))
        || !t
            .as_bytes()
            .get(3)
            .is_some_and(|&b| matches!(b, b' ' | b'\t' | b'.'))
    {
        return None;
    }
    let rest = t.get(3..)?;
    epoch_plain(&format!("Epoch{rest}")).map(|(e, _)| e)
}

/// An epoch's number written as an English word opening `t` (`One`…`Seven`, any case, the word
/// ending there): the epoch and the word's length.
fn number_word(t: &str) -> Option<(u8, usize)> {
    const WORDS: [&str; 7] = ["one", "two", "three", "four", "five", "six", "seven"];
    let len = t
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(t.len());
    let w = t.get(..len)?;
    let e = WORDS.iter().position(|x| x.eq_ignore_ascii_case(w))?;
    Some((e as u8 + 1, len))
}

/// Whether the words after an epoch mark a resumption: `Some(false)` for the notation's `(con't)`
/// and its Chinese (`續`, `繼續`), `Some(true)` for another word (`(resumed)`), a form to report.
fn resumption(after: &str) -> Option<bool> {
    // most words after an `E` and a numeral are the rest of a region's name (`EInd-->Suma`):
    // an ASCII letter or digit other than the first of `con…` or `resum…` is no resumption
    // (told without lower-casing a copy of the line)
    if after
        .as_bytes()
        .first()
        .is_some_and(|b| b.is_ascii_alphanumeric() && !matches!(b, b'c' | b'C' | b'r' | b'R'))
    {
        return None;
    }
    let low = after.to_lowercase();
    let low = low.trim_start_matches(['(', '（', '[', '［', '【', ' ']);
    if low.starts_with("con")
        || low.starts_with(['續', '续'])
        || low.starts_with("繼續")
        || low.starts_with("继续")
    {
        return Some(false);
    }
    low.starts_with("resum").then_some(true)
}

/// An epoch written as appendix 2 names it: `第一世代`…`第七世代` (also `第3世代`), maybe with the
/// numeral after it as the appendix prints it (`第一世代 (I)`), then a resumption (`第三世代
/// (續)`) or a pause (`第六世代後暫停`). Always a form to report.
fn epoch_chinese(t: &str) -> Option<(EpochLine, bool)> {
    let rest = t.strip_prefix('第')?;
    let mut cs = rest.chars();
    let n = match cs.next()? {
        '一' | '1' | '１' => 1,
        '二' | '2' | '２' => 2,
        '三' | '3' | '３' => 3,
        '四' | '4' | '４' => 4,
        '五' | '5' | '５' => 5,
        '六' | '6' | '６' => 6,
        '七' | '7' | '７' => 7,
        _ => return None,
    };
    // (`紀元`, `纪元`: "era", as other clubs name the epochs)
    let rest = cs.as_str();
    let rest = rest
        .strip_prefix("世代")
        .or_else(|| rest.strip_prefix("紀元"))
        .or_else(|| rest.strip_prefix("纪元"))?
        .trim_start();
    // `(I)`, `（I）`: the appendix's numeral in brackets, which must agree
    let rest = match rest.strip_prefix(['(', '（']) {
        Some(inner) => match inner.split_once([')', '）']) {
            Some((num, after)) if roman_lenient(num.trim()).is_some_and(|(e, _)| e == n) => {
                after.trim_start()
            }
            _ => rest,
        },
        None => rest,
    };
    let after = rest.trim();
    if after.is_empty() || matches!(after, ":" | "：" | "﹕") {
        return Some((EpochLine::Plain(n), true));
    }
    if pause_word(after).is_some() {
        return Some((EpochLine::Pause(n), true));
    }
    resumption(after).map(|_| (EpochLine::Cont(n), true))
}

/// A bare resumption line: `(con't)`, `(cont)`, `(continued)`, `續`. (Inlined into the line
/// loop, where most lines are told at their first byte.)
#[inline(always)]
pub(super) fn is_cont(t: &str) -> bool {
    // every form starts with a bracket, `c`/`C` or `續`/`续` (lower-casing keeps that); told by
    // the first byte on most lines
    match t.as_bytes().first() {
        Some(b'(' | b'c' | b'C') => {}
        Some(&b) if !b.is_ascii() && t.starts_with(['（', '續', '续']) => {}
        _ => return false,
    }
    if t.is_ascii() {
        // the same steps on ASCII text, without lower-casing a copy
        let inner = t.trim_start_matches('(').trim_end_matches(')').trim();
        return ["con't", "cont", "cont'd", "continued"]
            .iter()
            .any(|f| inner.eq_ignore_ascii_case(f));
    }
    let low = t.to_lowercase();
    let inner = low
        .trim_start_matches(['(', '（'])
        .trim_end_matches([')', '）'])
        .trim();
    matches!(
        inner,
        "con't" | "cont" | "cont'd" | "con’t" | "continued" | "續" | "续"
    )
}

impl State<'_> {
    /// An epoch header; `form` is the header as written when it is not in the notation's form
    /// (`E I`, `EⅡ`, `eiii`: reported as an info).
    pub(super) fn epoch_header(&mut self, e: EpochLine, no: u32, text: &str, form: Option<&str>) {
        self.final_block = false;
        let col = text.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1;
        self.snapshot = None;
        self.cur = None;
        if let Some(w) = form {
            let n = match e {
                EpochLine::Plain(n) | EpochLine::Cont(n) | EpochLine::Pause(n) => n,
            };
            self.sink.info(
                code::EPOCH_FORM,
                no,
                col,
                format!("epoch header {w:?} read as E{}", roman_str(n)),
            );
        }
        match e {
            EpochLine::Plain(n) => self.epoch = Some(n),
            EpochLine::Cont(n) => {
                if !self.paused {
                    self.sink.warning(
                        code::RESUME_WITHOUT_PAUSE,
                        no,
                        col,
                        format!("E{} (con't) with no pause before it", roman_str(n)),
                    );
                }
                self.epoch = Some(n);
                self.resume_pending = true;
                self.paused = false;
            }
            EpochLine::Pause(n) => {
                self.epoch = Some(n);
                self.pause(None, &Line::new(text, no));
            }
        }
    }
}
