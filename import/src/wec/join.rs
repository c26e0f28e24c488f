//! Lines joined into one logical line before they are read: a turn number alone on its line
//! with the turn on the next, and a turn string wrapped onto the lines after it. Also whether
//! the record numbers its turns consistently, read on the joined lines.

use std::borrow::Cow;

use super::line::{first_non_space, later_turns};
use super::numbers::{colour_number_prefix, colour_prefix, number_prefix};
use super::results::prose_line;
use super::work::examined;

/// How a line was joined to the one before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Join {
    /// It continues the turn string of the line before ([`continues`]).
    Continued,
    /// The line before was a turn number alone ([`number_alone`]); this is its turn.
    Numbered,
}

/// One line joined to a [`Logical`] line.
#[derive(Debug, Clone, Copy)]
pub(super) struct Joined {
    /// Its index among the body's lines.
    pub(super) li: usize,
    /// Byte offset in [`Logical::text`] where the line's text (from its byte 0) begins.
    pub(super) at: usize,
    pub(super) kind: Join,
}

/// A body line with the lines joined to it: a turn number alone on its line with the turn on the
/// next, and a turn string with the lines that continue it.
pub(super) struct Logical<'a> {
    /// The body line's index.
    pub(super) first: usize,
    /// The line (without its `\r`), with each joined line after it.
    pub(super) text: Cow<'a, str>,
    pub(super) joined: Vec<Joined>,
    /// The index of the body line after the last one joined.
    pub(super) next: usize,
}

/// The part codes of the grammar that begin a part after the move (`,FI1:` `,PU:` …), as a
/// wrapped turn's next line begins with them; `FI:` is a fire without its number.
const PART_CODES: [&str; 10] = [
    "FI1:", "FI2:", "FI:", "PU:", "EX:", "RE:", "DR:", "RS:", "DO>", "-TRA->",
];

/// Does `s` contain `MV` (in either case): a turn string's own start?
fn has_mv(s: &str) -> bool {
    s.as_bytes()
        .windows(2)
        .any(|w| w[0].eq_ignore_ascii_case(&b'M') && w[1].eq_ignore_ascii_case(&b'V'))
}

/// The part code a line begins with (from byte `f`, its first character that is no white
/// space), maybe after a `,`: `Some(true)` when a `,` is written before it or the part needs
/// none (`-TRA->`), `Some(false)` when the `,` before it is left out; a line that begins with a
/// `,` is `Some(true)` whatever follows.
fn part_start(line: &str, f: usize) -> Option<bool> {
    let rest = line.get(f..)?;
    // (most lines begin with a number or `MV`: no part code)
    if !matches!(
        rest.as_bytes().first()?.to_ascii_uppercase(),
        b',' | b'F' | b'P' | b'E' | b'R' | b'D' | b'-' | 0xef
    ) {
        return None;
    }
    if rest.starts_with([',', '，']) {
        return Some(true);
    }
    let code = PART_CODES.into_iter().find(|c| {
        rest.get(..c.len())
            .is_some_and(|r| r.eq_ignore_ascii_case(c))
    })?;
    Some(code == "-TRA->")
}

/// Does the turn string `before` end where no turn string ends: inside a location or an offset
/// (a digit, `(`), after an arrow or a part's code (`->`, `=>`, `-`, `=`, `:`), a level `^`, a
/// result's `*` or a `/`? A whole turn ends with a location's `)`, an orientation (`<`, `>`) or
/// a code's capital letter (an article, a stun's colour).
fn ends_open(before: &str) -> bool {
    let b = before.trim_end().as_bytes();
    match b.last() {
        Some(c) if c.is_ascii_digit() => true,
        Some(b'(' | b'-' | b'=' | b':' | b'^' | b'*' | b'/') => true,
        Some(b'>') => matches!(
            b.len().checked_sub(2).and_then(|k| b.get(k)),
            Some(b'-' | b'=')
        ),
        _ => false,
    }
}

/// Does `line` continue the turn string `before` (the text so far of the line it would join):
/// no number, colour or `MV` of its own, no prose, and either `before` ends with a `,` or where
/// no turn string ends ([`ends_open`]: `MV:JE(1,4)->^(1,` then `4)`… is a turn broken inside a
/// part), or the line begins with a part code or a `,`? `Some(comma)`: whether a `,` must be put
/// between them (a part code without its `,`).
fn continues(before: &str, line: &str) -> Option<bool> {
    let f = first_non_space(line)?;
    let tail_comma = before.trim_end().ends_with([',', '，']);
    let part = part_start(line, f);
    if !tail_comma && part.is_none() && !ends_open(before) {
        return None;
    }
    if number_prefix(line, f).is_some()
        || colour_prefix(line, f).is_some()
        || colour_number_prefix(line, f).is_some()
        || has_mv(line)
        || !has_mv(before)
        || prose_line(line.trim()).is_some()
    {
        return None;
    }
    Some(!tail_comma && part == Some(false))
}

/// Is `line` a turn number alone (`1.`, `2...`, `Turn 3:`) and `next` the turn it numbers (no
/// number of its own, and `MV` or a colour then `MV` where its text begins)?
fn number_alone(line: &str, next: &str) -> bool {
    // (a number alone is a short line with no location: most lines are turns, told by their
    // length or a `(` after their start)
    if line.trim_end().len() > 12 {
        return false;
    }
    let Some(f) = first_non_space(line) else {
        return false;
    };
    if line
        .as_bytes()
        .get(f + 1..)
        .is_some_and(|r| r.contains(&b'('))
    {
        return false;
    }
    let Some(n) = number_prefix(line, f) else {
        return false;
    };
    if n.after < line.trim_end().len() {
        return false;
    }
    let Some(g) = first_non_space(next) else {
        return false;
    };
    number_prefix(next, g).is_none()
        && colour_number_prefix(next, g).is_none()
        && (next
            .get(g..g + 2)
            .is_some_and(|m| m.eq_ignore_ascii_case("MV"))
            || colour_prefix(next, g).is_some())
}

/// The body line `li` with the lines joined to it (blank lines between them are passed over):
/// the turn on the next line when it is a number alone ([`number_alone`]), then each line that
/// continues its turn string ([`continues`]). Joined with a space (or the `,` a part code left
/// out), which the turn string's reading ignores.
#[inline(always)]
pub(super) fn logical_line<'a>(lines: &[&'a str], li: usize) -> Logical<'a> {
    let line = lines.get(li).copied().unwrap_or_default();
    let line = line.trim_end_matches('\r');
    let mut out = Logical {
        first: li,
        text: Cow::Borrowed(line),
        joined: Vec::new(),
        next: li + 1,
    };
    if first_non_space(line).is_none() {
        return out;
    }
    // the next line with text, from `k`
    let next_text = |k: usize| {
        (k..lines.len()).find_map(|j| {
            let l = lines.get(j)?.trim_end_matches('\r');
            first_non_space(l).map(|_| (j, l))
        })
    };
    // (the text grows in place: copied again for each line joined, a turn wrapped onto many
    // lines would cost their square)
    let join = |out: &mut Logical<'a>, j: usize, l: &str, sep: &str, kind: Join| {
        let kept = out.text.trim_end().len();
        examined(out.text.len() - kept + sep.len() + l.len());
        let text = out.text.to_mut();
        text.truncate(kept);
        text.push_str(sep);
        let at = text.len();
        text.push_str(l);
        out.joined.push(Joined { li: j, at, kind });
        out.next = j + 1;
    };
    // (the next line with text looked for once a join)
    let mut next = next_text(out.next);
    // Most lines are whole turns: not a short line that may be a number alone, not ending with
    // a `,` or where no turn ends ([`ends_open`]), and the next line not beginning as a part
    // code or a `,` may ([`part_start`]).
    let short = line.trim_end().len() <= 12;
    let end = line.trim_end();
    if !short
        && !end.ends_with(',')
        && !end.ends_with('，')
        && !ends_open(end)
        && !next.is_some_and(|(_, l)| {
            first_non_space(l).is_some_and(|f| {
                matches!(
                    l.as_bytes().get(f).map(u8::to_ascii_uppercase),
                    Some(b',' | b'F' | b'P' | b'E' | b'R' | b'D' | b'-' | 0xef)
                )
            })
        })
    {
        return out;
    }
    if let Some((j, l)) = next
        && number_alone(line, l)
    {
        join(&mut out, j, l, " ", Join::Numbered);
        next = next_text(out.next);
    }
    while let Some((j, l)) = next {
        let Some(comma) = continues(&out.text, l) else {
            break;
        };
        join(
            &mut out,
            j,
            l,
            if comma { "," } else { " " },
            Join::Continued,
        );
        next = next_text(out.next);
    }
    out
}

/// Does the record number its turns consistently, chess-style (`N.` Black, `N...` White, each
/// numbered turn after the numbered one before: `2(N-1)` for Black and one more for White
/// increasing), and rarely against the alternation (at most one line in four, or one; a numbered
/// line whose place an unnumbered line before it took, an extra line or one that does not read,
/// counts once)? Then the numbering gives the colours. Read on the lines as the reader joins
/// them ([`logical_line`]), only when a numbered line disagreed with the alternation.
#[cold]
#[inline(never)]
pub(super) fn numbering_is_consistent(lines: &[&str]) -> bool {
    // the place of the last numbered turn, and of the last turn
    let (mut last_numbered, mut prev): (i64, i64) = (-1, -1);
    let mut white: Option<bool> = None;
    let (mut numbered, mut against) = (0usize, 0usize);
    let mut li = 0;
    while li < lines.len() {
        let logical = logical_line(lines, li);
        li = logical.next.max(li + 1);
        let line: &str = &logical.text;
        let Some(first) = first_non_space(line) else {
            continue;
        };
        let num = number_prefix(line, first);
        let begin = num.map_or(first, |n| n.after);
        let end = line.trim_end().len().max(begin);
        // a line of prose is no turn (`Reader::not_a_turn`)
        if num.is_none() && prose_line(line.get(first..end).unwrap_or_default().trim()).is_some() {
            continue;
        }
        let turns = 1 + later_turns(line, begin, end).len();
        for k in 0..turns {
            let alt = white.is_some_and(|w| !w);
            match num.filter(|_| k == 0) {
                Some(n) => {
                    let idx = 2 * (i64::from(n.no) - 1) + i64::from(n.ellipsis);
                    if idx <= last_numbered {
                        return false;
                    }
                    numbered += 1;
                    // an unnumbered line took this turn's place (an extra line, or one that
                    // does not read): one line against the numbering, whatever the
                    // alternation says after it
                    if idx <= prev || n.ellipsis != alt {
                        against += 1;
                    }
                    (last_numbered, prev) = (idx, idx);
                    white = Some(n.ellipsis);
                }
                None => {
                    prev += 1;
                    white = Some(alt);
                }
            }
        }
    }
    numbered > 0 && against <= (numbered / 4).max(1)
}
