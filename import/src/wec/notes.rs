//! What transcribers write after a turn string that is no notation: notes, annotation marks
//! and clock times, which the reader keeps as the turn's comment.

use super::line::later_turns;
use crate::text::fold_width;

/// Where a note or annotation written after a turn begins in the line (`begin..end`): `!`, `?`,
/// `+`, `#`, `;`, `|`, `//`, `--`, a `(` before a letter (the grammar's `(` holds numbers), a
/// word `check` or `mate` after white space, or a letter of Hangul or Chinese (a note in
/// Korean or Chinese). Never where a later turn (`MV:`) follows, and never at the turn's start.
pub(super) fn note_start(line: &str, begin: usize, end: usize) -> Option<usize> {
    let seg = line.get(begin..end)?;
    let mut prev_space = false;
    let mut found = None;
    for (o, c) in seg.char_indices() {
        let w = fold_width(c);
        let rest = seg.get(o..).unwrap_or_default();
        let next = rest.chars().nth(1).map(fold_width);
        let hit = match w {
            // `(0:45)`, `[12:03]`, `1:02:33`: a clock time to the end of the line
            '(' | '[' if clock_time(rest).is_some() => true,
            '0'..='9' if prev_space && clock_time(rest).is_some() => true,
            '!' | '?' | '+' | '#' | ';' | '|' => true,
            '/' => next == Some('/'),
            '-' => next == Some('-'),
            // `(good)`: words in brackets (the grammar's brackets hold numbers)
            '(' => rest
                .get(1..)
                .and_then(|r| r.split_once(')'))
                .is_some_and(|(inner, _)| {
                    !inner.contains(|c: char| c.is_ascii_digit() || c == ',')
                        && inner.chars().filter(|c| c.is_alphabetic()).count() >= 2
                }),
            _ if prev_space && w.is_ascii_alphabetic() => {
                let word: String = rest
                    .chars()
                    .take_while(char::is_ascii_alphabetic)
                    .collect::<String>()
                    .to_ascii_lowercase();
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

/// A clock time as the whole of `s` (trimmed): `0:45`, `12:03`, `1:02:33`, maybe in brackets
/// (`(0:45)`, `[12:03]`, full-width too) and with tenths (`0:45.3`). The time as written.
pub(super) fn clock_time(s: &str) -> Option<&str> {
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
