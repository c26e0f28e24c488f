//! A turn string as other transcribers write it brought to the grammar's form, for the reread
//! of a turn that does not read: case, full-width forms and arrow characters, locations in other
//! brackets or with other separators, parts separated otherwise than by `,`, `MV` without its
//! `:`, fires without their number, a final mark.

use std::borrow::Cow;

use super::line::Compact;
use super::work::examined;
use crate::text::fold_width;

/// Is the turn (`begin..end` of the line) written without its `MV:`: does it begin with
/// something other than `MV` (in any case or width)?
/// and with a piece's code and its level or location (`JE(`, `CH^(`, `SUv(`)?
pub(super) fn mv_missing(line: &str, begin: usize, end: usize) -> bool {
    let seg = line.get(begin..end).unwrap_or_default();
    let t: Vec<char> = seg
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(fold_width)
        .take(5)
        .collect();
    let code = t.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let starts_mv = matches!(t.as_slice(), [m, v, ..] if m.eq_ignore_ascii_case(&'M') && v.eq_ignore_ascii_case(&'V'));
    !starts_mv && (1..=4).contains(&code) && t.get(code).is_some_and(|c| matches!(c, '(' | '^'))
}

/// The first byte offset in the line of each kind of change [`normalize`] made.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Norm {
    pub(super) lower: Option<usize>,
    pub(super) capital_v: Option<usize>,
    pub(super) wide: Option<usize>,
    /// A part separated by `;`, `/`, `|` or only white space instead of `,`.
    pub(super) separator: Option<usize>,
    /// `MV` written without its `:` (`MV JE(…)`, `MV-JE(…)`).
    pub(super) mv_colon: Option<usize>,
    /// A location's row and column separated otherwise than by `,` (`(10.4)`, `(9 2)`).
    pub(super) location: Option<usize>,
    /// A location in square brackets (`[1,4]`).
    pub(super) brackets: Option<usize>,
    /// A fire without its number (`,FI:`).
    pub(super) fire_number: Option<usize>,
    /// A full stop or comma after the turn (`….`, `…,`).
    pub(super) trailing: Option<usize>,
}

/// Items sorted by their byte offset in the line, looked up by offsets that never go back: each
/// lookup moves on from the one before, so a line's lookups take one pass over the items.
struct InOrder<'a, T> {
    items: &'a [T],
    offset: fn(&T) -> usize,
    k: usize,
}

impl<'a, T> InOrder<'a, T> {
    fn new(items: &'a [T], offset: fn(&T) -> usize) -> InOrder<'a, T> {
        InOrder {
            items,
            offset,
            k: 0,
        }
    }

    /// The item at byte offset `at` (not before the offset of the last lookup).
    #[inline]
    fn at(&mut self, at: usize) -> Option<&'a T> {
        while self
            .items
            .get(self.k)
            .is_some_and(|x| (self.offset)(x) < at)
        {
            examined(1);
            self.k += 1;
        }
        self.items.get(self.k).filter(|x| (self.offset)(x) == at)
    }
}

/// The square brackets around locations (`[1,4]`, `[ 10 , 4 ]`, `［2,2］`): byte offsets in the
/// line of each `[` and its `]`, when between them are only two numbers of one or two digits
/// (maybe negative: an offset) separated by one `,`, `.`, `;`, `/` or spaces.
fn bracket_locations(line: &str, begin: usize, end: usize) -> Vec<usize> {
    let seg = line.get(begin..end).unwrap_or_default();
    if !seg.contains(['[', '［']) {
        return Vec::new();
    }
    let cs: Vec<(usize, char)> = seg
        .char_indices()
        .map(|(o, c)| (begin + o, fold_width(c)))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        examined(1);
        if cs.get(i).map(|&(_, c)| c) != Some('[') {
            i += 1;
            continue;
        }
        let mut k = i + 1;
        let mut numbers = 0;
        let mut seps = 0;
        let mut ok = false;
        while let Some(&(_, c)) = cs.get(k) {
            examined(1);
            match c {
                // `[9 2]`: a space between the numbers is their separator
                ' ' | '\t' => {
                    if numbers == 1
                        && seps == 0
                        && cs
                            .get(k + 1)
                            .is_some_and(|&(_, d)| d.is_ascii_digit() || d == '-')
                    {
                        seps += 1;
                    }
                }
                '-' if cs.get(k + 1).is_some_and(|&(_, d)| d.is_ascii_digit()) => {}
                '0'..='9' => {
                    let mut e = k;
                    while cs.get(e + 1).is_some_and(|&(_, d)| d.is_ascii_digit()) {
                        e += 1;
                    }
                    if e - k >= 2 || numbers != seps {
                        break;
                    }
                    numbers += 1;
                    k = e;
                }
                ',' | '.' | ';' | '/' if numbers == 1 && seps == 0 => seps += 1,
                ']' => {
                    ok = numbers == 2 && seps == 1;
                    break;
                }
                _ => break,
            }
            k += 1;
        }
        if ok && let (Some(&(a, _)), Some(&(b, _))) = (cs.get(i), cs.get(k)) {
            out.push(a);
            out.push(b);
            i = k + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The separators of locations written otherwise than `(Row,Column)`: `(10.4)`, `(9 2)`,
/// `(8;3)`, `(8/3)`, `(-1 0)` (an offset), also in square brackets (`[10.4]`). Byte offsets in the line of each separator character,
/// the first of each run marked true (it becomes the `,`; the others are dropped).
fn location_separators(line: &str, begin: usize, end: usize) -> Vec<(usize, bool)> {
    let seg = line.get(begin..end).unwrap_or_default();
    let cs: Vec<(usize, char)> = seg
        .char_indices()
        .map(|(o, c)| (begin + o, fold_width(c)))
        .collect();
    let mut out = Vec::new();
    let space = |c: char| c == ' ' || c == '\t';
    let mut i = 0;
    while i < cs.len() {
        examined(1);
        let close_with = match cs.get(i).map(|&(_, c)| c) {
            Some('(') => ')',
            Some('[') => ']',
            _ => {
                i += 1;
                continue;
            }
        };
        // `(` (or `[`), spaces, a number (maybe negative), a separator run, a number, spaces, `)`
        let mut k = i + 1;
        let skip = |mut k: usize, f: &dyn Fn(char) -> bool| {
            while cs.get(k).is_some_and(|&(_, c)| f(c)) {
                examined(1);
                k += 1;
            }
            k
        };
        let number = |k: usize| {
            let k2 = if cs.get(k).map(|&(_, c)| c) == Some('-') {
                k + 1
            } else {
                k
            };
            let e = skip(k2, &|c: char| c.is_ascii_digit());
            (e > k2 && e - k2 <= 2).then_some(e)
        };
        k = skip(k, &space);
        let Some(a) = number(k) else {
            i += 1;
            continue;
        };
        let sep_end = skip(a, &|c: char| space(c) || matches!(c, '.' | ';' | '/'));
        let Some(b) = number(sep_end) else {
            i += 1;
            continue;
        };
        let close = skip(b, &space);
        let written: String = cs
            .get(a..sep_end)
            .unwrap_or_default()
            .iter()
            .map(|&(_, c)| c)
            .filter(|c| !space(*c))
            .collect();
        if cs.get(close).map(|&(_, c)| c) == Some(close_with)
            && sep_end > a
            && written.chars().count() <= 1
        {
            for (j, &(at, _)) in cs.get(a..sep_end).unwrap_or_default().iter().enumerate() {
                out.push((at, j == 0));
            }
        }
        i = close.max(i + 1);
    }
    out
}

/// The part markers that follow a `,` in the grammar, without it.
const PART_MARKERS: [&str; 8] = ["DO>", "FI1:", "FI2:", "PU:", "EX:", "RE:", "DR:", "RS:"];

/// Parts separated otherwise than by `,` (`MV:SP(2,2)->(3,3); PU:…`, `… / PU:…`, `… PU:…`):
/// the separator before each part marker made a `,` (in the normalized `text`, whose source
/// offsets are `map`). The first such separator's offset goes to `norm`. The text is copied once
/// with the commas put in (not inserted one by one: a line of many parts would move its tail
/// each time).
fn part_separators(text: &mut String, map: &mut Vec<usize>, norm: &mut Norm) {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 8);
    let mut out_map = Vec::with_capacity(map.len() + 8);
    // (the bytes before `from` are copied)
    let mut from = 0;
    for k in 1..b.len() {
        examined(1);
        let rest = text.get(k..).unwrap_or_default();
        if !PART_MARKERS.iter().any(|m| rest.starts_with(m)) {
            continue;
        }
        match b.get(k - 1).copied() {
            Some(b';' | b'/' | b'|') => {
                norm.separator
                    .get_or_insert(map.get(k - 1).copied().unwrap_or(0));
                out.push_str(text.get(from..k - 1).unwrap_or_default());
                out_map.extend_from_slice(map.get(from..k).unwrap_or_default());
                out.push(',');
                from = k;
            }
            // (a `:` or `/` is inside a part: `FI1:RL/…`; only a letter, digit or `)` ends one)
            Some(c) if c.is_ascii_alphanumeric() || c == b')' => {
                let at = map.get(k).copied().unwrap_or(0);
                norm.separator.get_or_insert(at);
                out.push_str(text.get(from..k).unwrap_or_default());
                out_map.extend_from_slice(map.get(from..k).unwrap_or_default());
                out.push(',');
                out_map.push(at);
                from = k;
            }
            _ => {}
        }
    }
    if from == 0 {
        return;
    }
    out.push_str(text.get(from..).unwrap_or_default());
    out_map.extend_from_slice(map.get(from..).unwrap_or_default());
    *text = out;
    *map = out_map;
}

/// `-->`, `==>` (`dash` `-` or `=`): a long arrow made `->`, `=>` (in the normalized `text`,
/// whose source offsets are `map`; the turn begins at byte `begin` of the line): of each run of
/// two or more dashes before a `>`, the last is kept. The first run's kept dash goes to `norm`
/// as a change of form. One copy of the text (not a search from its start for each arrow).
fn long_arrows(
    text: &mut String,
    map: &mut Vec<usize>,
    norm: &mut Norm,
    (dash, begin): (u8, usize),
) {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut out_map = Vec::with_capacity(map.len());
    // (the bytes before `from` are copied)
    let mut from = 0;
    let mut k = 0;
    while k < b.len() {
        examined(1);
        if b.get(k) != Some(&dash) {
            k += 1;
            continue;
        }
        let run = k;
        while b.get(k) == Some(&dash) {
            k += 1;
        }
        if k - run >= 2 && b.get(k) == Some(&b'>') {
            out.push_str(text.get(from..run).unwrap_or_default());
            out_map.extend_from_slice(map.get(from..run).unwrap_or_default());
            from = k - 1;
            norm.wide
                .get_or_insert(map.get(k - 1).copied().unwrap_or(begin));
        }
    }
    out.push_str(text.get(from..).unwrap_or_default());
    out_map.extend_from_slice(map.get(from..).unwrap_or_default());
    *text = out;
    *map = out_map;
}

/// `FI:` (a fire written without its number) made `FI1:` or `FI2:` by its place among the fires of
/// the turn (in the normalized `text`, whose source offsets are `map`); a third fire is left as it
/// is (the grammar has two). The first such fire's offset goes to `norm`.
fn fire_numbers(text: &mut String, map: &mut Vec<usize>, norm: &mut Norm) {
    let mut fires = 0usize;
    let mut k = 0;
    while let Some(f) = text.get(k..).and_then(|r| r.find("FI")).map(|f| k + f) {
        k = f + 2;
        let after = text.as_bytes().get(k).copied();
        match after {
            Some(b'1' | b'2') => fires += 1,
            Some(b':') if fires < 2 => {
                fires += 1;
                let at = map.get(k).copied().unwrap_or(0);
                norm.fire_number
                    .get_or_insert(map.get(f).copied().unwrap_or(at));
                text.insert(k, if fires == 1 { '1' } else { '2' });
                map.insert(k, at);
            }
            _ => {}
        }
    }
}

/// `MV JE(…)`, `MV-JE(…)`, `MV.JE(…)`: the `MV` without its `:` made `MV:` (in the normalized
/// `text`, whose source offsets are `map`; the turn begins at byte `begin` of the line).
fn mv_colon(text: &mut String, map: &mut Vec<usize>, norm: &mut Norm, begin: usize) {
    // (its `V`, read as the sub level, is the code's)
    if (text.starts_with("MV") || text.starts_with("Mv"))
        && let Some(&next) = text.as_bytes().get(2)
        && next != b':'
    {
        let v_at = map.get(1).copied();
        let colon = match next {
            b'-' | b'.' | b'=' | b';' if text.get(2..4) != Some("->") => {
                text.replace_range(0..3, "MV:");
                true
            }
            b if b.is_ascii_uppercase() => {
                let at = map.get(2).copied().unwrap_or(begin);
                text.replace_range(0..2, "MV:");
                map.insert(2, at);
                true
            }
            _ => false,
        };
        if colon {
            norm.mv_colon
                .get_or_insert(map.get(2).copied().unwrap_or(begin));
            if norm.capital_v == v_at {
                norm.capital_v = None;
            }
        }
    }
}

/// A turn string (`begin..end` of the line) as transcribers also write it, brought to the
/// grammar's form: full-width forms folded ([`fold_width`]), arrow characters written as the
/// grammar's arrows (`→` `->`, `⇒` `=>`, `←` `<-`, `⇔` `<=>`, dashes and the minus sign `-`), letters
/// in capitals except `v`, which is the sub level or the drop's mark, and `V`, which is also
/// read so unless it ends a code (`AV`, `MV:`). `None` when nothing changes.
///
/// With `add_mv`, the string is read with `MV:` before it (a turn written without it); with
/// `trim`, without a full stop or comma at its end; with `always`, it is given back even when
/// nothing changes.
pub(super) fn normalize(
    line: &str,
    begin: usize,
    end: usize,
    (add_mv, trim): (bool, bool),
    always: bool,
) -> Option<(Compact<'static>, Norm)> {
    let seg = line.get(begin..end)?;
    let brackets = bracket_locations(line, begin, end);
    let locs = location_separators(line, begin, end);
    // (both in the order of the line, looked up in that order: each lookup moves on)
    let mut ws_locs = InOrder::new(&locs, |&(l, _)| l);
    let (mut locs, mut brackets) = (
        InOrder::new(&locs, |&(l, _)| l),
        InOrder::new(&brackets, |&b| b),
    );
    let chars: Vec<(usize, char)> = seg
        .char_indices()
        .map(|(o, c)| (begin + o, c))
        .filter(|&(at, c)| !c.is_whitespace() || ws_locs.at(at).is_some_and(|&(_, first)| first))
        .collect();
    let mut text = String::with_capacity(seg.len());
    let mut map = Vec::with_capacity(seg.len());
    let mut norm = Norm::default();
    if add_mv {
        text.push_str("MV:");
        map.extend(std::iter::repeat_n(
            chars.first().map_or(begin, |&(at, _)| at),
            3,
        ));
    }
    for (j, &(at, c)) in chars.iter().enumerate() {
        examined(1);
        if let Some(&(_, first)) = locs.at(at) {
            if first {
                norm.location.get_or_insert(at);
                text.push(',');
                map.push(at);
            }
            continue;
        }
        if brackets.at(at).is_some() {
            norm.brackets.get_or_insert(at);
            text.push(if fold_width(c) == '[' { '(' } else { ')' });
            map.push(at);
            continue;
        }
        let w = fold_width(c);
        let arrow = match w {
            '→' | '⟶' | '➔' | '➝' | '➞' => Some("->"),
            '⇒' | '⟹' => Some("=>"),
            '←' | '⟵' => Some("<-"),
            '⇔' | '⟺' | '↔' => Some("<=>"),
            '−' | '–' | '—' | '‐' | '‑' | '﹣' => Some("-"),
            _ => None,
        };
        if let Some(a) = arrow {
            norm.wide.get_or_insert(at);
            text.push_str(a);
            map.extend(std::iter::repeat_n(at, a.len()));
            continue;
        }
        if w != c {
            norm.wide.get_or_insert(at);
        }
        let out = match w {
            'v' | 'V' => {
                let b = text.as_bytes();
                let prev = b.last().copied();
                let prev2 = b.len().checked_sub(2).and_then(|k| b.get(k)).copied();
                let next = chars.get(j + 1).map(|&(_, c)| fold_width(c));
                let code_v = (prev == Some(b'A') && prev2 != Some(b'A'))
                    || (prev == Some(b'M') && next == Some(':'));
                if code_v && w == 'v' {
                    norm.lower.get_or_insert(at);
                }
                if !code_v && w == 'V' {
                    norm.capital_v.get_or_insert(at);
                }
                if code_v { 'V' } else { 'v' }
            }
            _ if w.is_ascii_lowercase() => {
                norm.lower.get_or_insert(at);
                w.to_ascii_uppercase()
            }
            _ => w,
        };
        text.push(out);
        map.extend(std::iter::repeat_n(at, out.len_utf8()));
    }
    if !add_mv {
        mv_colon(&mut text, &mut map, &mut norm, begin);
    }
    // `-->`, `==>`: a long arrow
    for (long, dash) in [("-->", b'-'), ("==>", b'=')] {
        if text.contains(long) {
            long_arrows(&mut text, &mut map, &mut norm, (dash, begin));
        }
    }
    // `,FI:RL/…`: a fire without its number, numbered by its place among the turn's fires
    if text.contains("FI:") {
        fire_numbers(&mut text, &mut map, &mut norm);
    }
    if PART_MARKERS.iter().any(|m| text.contains(m)) {
        part_separators(&mut text, &mut map, &mut norm);
    }
    // `MV:JE(1,4)->^(1,4).`, `…,`: a full stop or comma after the turn (the grammar ends with a
    // location, a code, a number or an orientation, never with these)
    while trim && text.len() > 3 && text.ends_with(['.', ',']) {
        text.pop();
        norm.trailing = map.pop();
    }
    if !always
        && norm.fire_number.is_none()
        && norm.trailing.is_none()
        && norm.lower.is_none()
        && norm.capital_v.is_none()
        && norm.wide.is_none()
        && norm.separator.is_none()
        && norm.mv_colon.is_none()
        && norm.location.is_none()
        && norm.brackets.is_none()
    {
        return None;
    }
    Some((
        Compact {
            text: Cow::Owned(text),
            map,
            start: begin,
        },
        norm,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parts separated otherwise than by `,` (`MV:SP(2,2)->(3,3); PU:…`, `… / PU:…`, `… PU:…`):
    /// the separator before each part marker made a `,` (in the normalized `text`, whose source
    /// offsets are `map`). The first such separator's offset goes to `norm`.
    fn part_separators_inserting(text: &mut String, map: &mut Vec<usize>, norm: &mut Norm) {
        let mut k = 1;
        while k < text.len() {
            let rest = text.get(k..).unwrap_or_default();
            if !PART_MARKERS.iter().any(|m| rest.starts_with(m)) {
                k += 1;
                continue;
            }
            let prev = text.as_bytes().get(k - 1).copied();
            match prev {
                Some(b',') => {}
                Some(b';' | b'/' | b'|') => {
                    norm.separator
                        .get_or_insert(map.get(k - 1).copied().unwrap_or(0));
                    text.replace_range(k - 1..k, ",");
                }
                // (a `:` or `/` is inside a part: `FI1:RL/…`; only a letter, digit or `)` ends one)
                Some(b) if b.is_ascii_alphanumeric() || b == b')' => {
                    let at = map.get(k).copied().unwrap_or(0);
                    norm.separator.get_or_insert(at);
                    text.insert(k, ',');
                    map.insert(k, at);
                    k += 1;
                }
                _ => {}
            }
            k += 1;
        }
    }

    /// The long arrows as they were made short before: each found again from the text's start.
    fn long_arrows_searching(
        text: &mut String,
        map: &mut Vec<usize>,
        norm: &mut Norm,
        begin: usize,
    ) {
        for (long, short) in [("-->", "->"), ("==>", "=>")] {
            while let Some(k) = text.find(long) {
                text.replace_range(k..k + 3, short);
                map.remove(k);
                norm.wide
                    .get_or_insert(map.get(k).copied().unwrap_or(begin));
            }
        }
    }

    /// The one-pass copies give the text, offsets and first change that the edits in place gave,
    /// over random texts of arrows, dashes, part markers and what stands before them.
    #[test]
    fn one_pass_copies_read_as_the_edits_in_place() {
        const PIECES: [&str; 24] = [
            "-", "=", ">", "->", "-->", "==>", "--", "PU:", "DO>", "FI1:", "RS:", "EX:", ";", "/",
            "|", ",", ")", "1", "A", "v", ":", "é", "→", "MV:",
        ];
        let mut rng = crate::work::Rng::new(0x2545_f491_4f6c_dd1d_u64);
        for _ in 0..40_000 {
            let text = rng.text(&PIECES, 12);
            let map: Vec<usize> = (0..text.len()).map(|i| 100 + 3 * i).collect();
            let start = Norm {
                wide: [None, Some(7)][rng.below(2)],
                separator: [None, Some(9)][rng.below(2)],
                ..Norm::default()
            };
            let (mut t1, mut m1, mut n1) = (text.clone(), map.clone(), start);
            let (mut t2, mut m2, mut n2) = (text.clone(), map.clone(), start);
            for (long, dash) in [("-->", b'-'), ("==>", b'=')] {
                if t1.contains(long) {
                    long_arrows(&mut t1, &mut m1, &mut n1, (dash, 5));
                }
            }
            long_arrows_searching(&mut t2, &mut m2, &mut n2, 5);
            assert_eq!(
                (&t1, &m1, n1.wide),
                (&t2, &m2, n2.wide),
                "arrows in {text:?}"
            );
            part_separators(&mut t1, &mut m1, &mut n1);
            part_separators_inserting(&mut t2, &mut m2, &mut n2);
            assert_eq!(
                (&t1, &m1, n1.separator),
                (&t2, &m2, n2.separator),
                "parts in {text:?}"
            );
        }
    }
}
