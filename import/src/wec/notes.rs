//! What transcribers write after a turn string that is no notation: notes, annotation marks
//! and clock times, which the reader keeps as the turn's comment.

use super::line::later_turns;
use super::work::examined;
use crate::text::fold_width;

/// Where a note or annotation written after a turn begins in the line (`begin..end`): `!`, `?`,
/// `+`, `#`, `;`, `|`, `//`, `--`, a `(` before a letter (the grammar's `(` holds numbers), a
/// word `check` or `mate` after white space, or a letter of Hangul or Chinese (a note in
/// Korean or Chinese). Never where a later turn (`MV:`) follows, and never at the turn's start.
///
/// One pass over the line: what each `(`, `[` or digit needs to know of the text after it (a
/// clock time to the end of the line, the `)` that closes words in brackets) is found once per
/// line ([`Ahead`]), not looked for again from each of them.
pub(super) fn note_start(line: &str, begin: usize, end: usize) -> Option<usize> {
    let seg = line.get(begin..end)?;
    let mut ahead = Ahead::new(seg);
    let mut prev_space = false;
    let mut found = None;
    for (o, c) in seg.char_indices() {
        examined(c.len_utf8());
        let w = fold_width(c);
        let rest = seg.get(o..).unwrap_or_default();
        let next = rest.chars().nth(1).map(fold_width);
        let hit = match w {
            // `(0:45)`, `[12:03]`, `1:02:33`: a clock time to the end of the line
            '(' | '[' if ahead.bracket_clock(o, c) && clock_time(rest).is_some() => true,
            '0'..='9' if prev_space && ahead.bare_clock(o) && clock_time(rest).is_some() => true,
            '!' | '?' | '+' | '#' | ';' | '|' => true,
            '/' => next == Some('/'),
            '-' => next == Some('-'),
            // `(good)`: words in brackets (the grammar's brackets hold numbers)
            '(' => c == '(' && ahead.words_in_brackets(seg, o + 1),
            _ if prev_space && w.is_ascii_alphabetic() => {
                let word: String = rest
                    .chars()
                    .take_while(char::is_ascii_alphabetic)
                    .collect::<String>()
                    .to_ascii_lowercase();
                examined(word.len());
                let raw = rest.chars().take_while(char::is_ascii_alphabetic);
                // `Black resigns`, `good move`: a word in lower case (codes are capitals)
                matches!(word.as_str(), "check" | "checkmate" | "mate")
                    || (word.len() >= 3 && raw.clone().any(|c| c.is_ascii_lowercase()))
            }
            _ => !w.is_ascii() && w.is_alphabetic(),
        };
        if hit {
            found = Some(begin + o);
            break;
        }
        prev_space = c.is_whitespace();
    }
    let at = found.filter(|&a| a > begin)?;
    let note = line.get(at..end)?;
    (later_turns(line, at, end).is_empty()
        && (clock_time(note).is_some() || !looks_like_notation(note)))
    .then_some(at)
}

/// What [`note_start`] needs to know of the text after a position of the line, found once per
/// line: where a clock time may begin, and forward searches whose starts only move on.
struct Ahead {
    /// The `)` or `]` that ends the line's text, if it ends so: a clock time in brackets ends
    /// there ([`clock_time`] reads the text to the end of the line, trimmed).
    bracket_end: Option<usize>,
    /// From where to that bracket only digits, `:`, `.` and white space are written: a clock
    /// time in brackets opens at most one character before it.
    bracket_inner: usize,
    /// From where to the end of the text only digits, `:` and `.` are written: a clock time
    /// without brackets begins there or not at all.
    bare: usize,
    /// The next `)`, the next digit or `,`, the next letter and the one after it.
    close: Next,
    digit_comma: Next,
    letter: Next,
    second_letter: Next,
}

impl Ahead {
    fn new(seg: &str) -> Ahead {
        let te = seg.trim_end().len();
        let text = seg.get(..te).unwrap_or_default();
        let bracket_end = text.ends_with([')', ']']).then(|| te - 1);
        let in_time = |c: char| c.is_ascii_digit() || matches!(c, ':' | '.');
        let bracket_inner = bracket_end.map_or(te, |e| {
            tail_start(seg.get(..e).unwrap_or_default(), |c| {
                in_time(c) || c.is_whitespace()
            })
        });
        Ahead {
            bracket_end,
            bracket_inner,
            bare: tail_start(text, in_time),
            close: Next::new(|c| c == ')'),
            digit_comma: Next::new(|c| c.is_ascii_digit() || c == ','),
            letter: Next::new(char::is_alphabetic),
            second_letter: Next::new(char::is_alphabetic),
        }
    }

    /// May a clock time in brackets (`(0:45)`, `[12:03]`) begin with `c` at byte `o`? Only an
    /// ASCII bracket whose text up to the line's closing bracket is what a clock time holds
    /// ([`clock_time`] reads no other: a full-width bracket is not cut at its first byte).
    #[inline]
    fn bracket_clock(&self, o: usize, c: char) -> bool {
        c.is_ascii()
            && self
                .bracket_end
                .is_some_and(|e| o < e && o + 1 >= self.bracket_inner)
    }

    /// May a clock time without brackets (`1:02:33`) begin at byte `o`?
    #[inline]
    fn bare_clock(&self, o: usize) -> bool {
        o >= self.bare
    }

    /// Words in brackets: from byte `k` (after a `(`) to the next `)`, no digit and no `,`, and
    /// two letters or more.
    fn words_in_brackets(&mut self, seg: &str, k: usize) -> bool {
        let Some(close) = self.close.find(seg, k) else {
            return false;
        };
        if self.digit_comma.find(seg, k).is_some_and(|d| d < close) {
            return false;
        }
        let Some(first) = self.letter.find(seg, k).filter(|&l| l < close) else {
            return false;
        };
        let after = first
            + seg
                .get(first..)
                .and_then(|r| r.chars().next())
                .map_or(1, char::len_utf8);
        self.second_letter
            .find(seg, after)
            .is_some_and(|l| l < close)
    }
}

/// Where the longest tail of `s` whose characters all satisfy `keep` begins (`s.len()` when its
/// last character does not).
fn tail_start(s: &str, keep: impl Fn(char) -> bool) -> usize {
    let mut start = s.len();
    for (i, c) in s.char_indices().rev() {
        if !keep(c) {
            break;
        }
        examined(c.len_utf8());
        start = i;
    }
    start
}

/// The first character at or after a byte offset that satisfies a predicate. The offsets asked
/// for never go back, so an answer at or after the next one asked for is kept and the line is
/// searched once, however many times it is asked.
struct Next {
    pred: fn(char) -> bool,
    /// The offset of the last search (`None` before the first) and what it found.
    from: Option<usize>,
    at: Option<usize>,
}

impl Next {
    fn new(pred: fn(char) -> bool) -> Next {
        Next {
            pred,
            from: None,
            at: None,
        }
    }

    /// The first byte offset at or after `k` in `s` whose character satisfies the predicate.
    fn find(&mut self, s: &str, k: usize) -> Option<usize> {
        if self.from.is_some_and(|f| f <= k) && self.at.is_none_or(|a| a >= k) {
            return self.at;
        }
        let rest = s.get(k..)?;
        let at = rest
            .char_indices()
            .find(|&(_, c)| (self.pred)(c))
            .map(|(i, _)| k + i);
        examined(at.map_or(s.len(), |a| a + 1).saturating_sub(k));
        self.from = Some(k);
        self.at = at;
        at
    }
}

/// A clock time as the whole of `s` (trimmed): `0:45`, `12:03`, `1:02:33`, maybe in brackets
/// (`(0:45)`, `[12:03]`, full-width too) and with tenths (`0:45.3`). The time as written.
pub(super) fn clock_time(s: &str) -> Option<&str> {
    examined(s.len());
    let t = s.trim();
    let mut cs = t.chars();
    let inner = match cs.next().map(fold_width) {
        Some('(') => t.get('('.len_utf8()..)?.strip_suffix(')'),
        Some('[') => t.get(1..)?.strip_suffix(']'),
        _ => None,
    };
    // (full-width brackets: `（0:45）`)
    let inner = inner.or_else(|| {
        t.strip_prefix('（')
            .and_then(|r| r.strip_suffix('）'))
            .or_else(|| t.strip_prefix('［').and_then(|r| r.strip_suffix('］')))
    });
    let time = inner.unwrap_or(t).trim();
    let hm = match time.split_once('.') {
        Some((a, b)) if !b.is_empty() && b.len() <= 2 && b.bytes().all(|c| c.is_ascii_digit()) => a,
        Some(_) => return None,
        None => time,
    };
    let fields: Vec<&str> = hm.split(':').collect();
    let ok = (2..=3).contains(&fields.len())
        && fields
            .first()
            .is_some_and(|h| (1..=2).contains(&h.len()) && h.bytes().all(|c| c.is_ascii_digit()))
        && fields
            .iter()
            .skip(1)
            .all(|f| f.len() == 2 && f.bytes().all(|c| c.is_ascii_digit()) && f < &"60");
    ok.then_some(t)
}

/// Does `s` hold what only the notation writes: an arrow (`->`, `=>`), a location (`(3`) or a
/// part's marker (`,PU:`)? Then it is no note.
pub(super) fn looks_like_notation(s: &str) -> bool {
    examined(s.len());
    let t: Vec<char> = s
        .chars()
        .map(fold_width)
        .filter(|c| !c.is_whitespace())
        .collect();
    t.windows(2)
        .any(|w| matches!(w, ['-' | '=', '>'] | ['(', '0'..='9'] | ['→' | '⇒', _]))
        || t.windows(4).any(
            |w| matches!(w, [',', a, b, ':'] if a.is_ascii_alphabetic() && b.is_ascii_alphabetic()),
        )
}

/// A note that is only annotation marks and words (`!?`, `+`, `#`, `check`, `mate`).
pub(super) fn is_annotation(note: &str) -> bool {
    note.split(|c: char| c.is_whitespace() || matches!(fold_width(c), '!' | '?' | '+' | '#'))
        .all(|w| {
            w.is_empty()
                || matches!(
                    w.to_ascii_lowercase().as_str(),
                    "check"
                        | "checkmate"
                        | "mate"
                        | "체크"
                        | "장군"
                        | "외통"
                        | "외통수"
                        | "체크메이트"
                )
        })
}
