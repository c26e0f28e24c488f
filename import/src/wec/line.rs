//! A body line as the reader sees it: character columns of byte offsets, the turn string
//! without its white space ([`Compact`]), where the text begins and where later turn strings
//! begin on it.

use super::work::examined;
use crate::text::fold_width;

/// Character column (1-based) of byte offset `b` in `line`.
pub(super) fn char_col(line: &str, b: usize) -> u32 {
    let b = b.min(line.len());
    let mut k = b;
    while k > 0 && !line.is_char_boundary(k) {
        k -= 1;
    }
    line.get(..k).map_or(0, |s| s.chars().count()) as u32 + 1
}

/// A turn string with its white space removed, and where each of its bytes sits in the line.
pub(super) struct Compact<'a> {
    pub(super) text: std::borrow::Cow<'a, str>,
    /// Byte offset in the line of each byte of `text` (empty when `text` is borrowed verbatim).
    pub(super) map: Vec<usize>,
    pub(super) start: usize,
}

impl Compact<'_> {
    pub(super) fn line_byte(&self, off: usize) -> usize {
        if self.map.is_empty() {
            self.start + off
        } else {
            self.map
                .get(off)
                .copied()
                .or_else(|| self.map.last().map(|l| l + 1))
                .unwrap_or(self.start)
        }
    }
}

#[inline(always)]
pub(super) fn compact(line: &str, start: usize, end: usize) -> Compact<'_> {
    let s = line.get(start..end).unwrap_or_default();
    // bytes first: only ASCII white space or non-ASCII text needs the character scan (a fold
    // without an early exit, which the compiler turns into vector compares)
    let special = s
        .bytes()
        .fold(false, |any, b| any | (b.is_ascii_whitespace() || b >= 0x80));
    if !special || !s.contains(char::is_whitespace) {
        return Compact {
            text: std::borrow::Cow::Borrowed(s),
            map: Vec::new(),
            start,
        };
    }
    let mut text = String::with_capacity(s.len());
    let mut map = Vec::with_capacity(s.len());
    for (o, ch) in s.char_indices() {
        if ch.is_whitespace() {
            continue;
        }
        text.push(ch);
        for k in 0..ch.len_utf8() {
            map.push(start + o + k);
        }
    }
    Compact {
        text: std::borrow::Cow::Owned(text),
        map,
        start,
    }
}

/// Byte offset of the first character of `line` that is no white space
/// (`line.find(|c: char| !c.is_whitespace())`), by bytes while the line is ASCII.
#[inline(always)]
pub(super) fn first_non_space(line: &str) -> Option<usize> {
    for (i, b) in line.bytes().enumerate() {
        if !b.is_ascii() {
            return line
                .get(i..)?
                .find(|c: char| !c.is_whitespace())
                .map(|k| i + k);
        }
        if !matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ') {
            return Some(i);
        }
    }
    None
}

/// Byte offsets, after `begin` and before `end`, where another turn string begins on the line: an
/// `MV:` (in either case, or full-width), which every turn string starts with and nothing else in
/// the grammar contains.
pub(super) fn later_turns(line: &str, begin: usize, end: usize) -> Vec<usize> {
    let seg = line.get(begin..end).unwrap_or_default();
    examined(seg.len());
    // the first turn's own `MV:` (after any white space) is not a later one
    let own = seg.find(|c: char| !c.is_whitespace()).unwrap_or(0);
    let mut out = Vec::new();
    for (o, c) in seg.char_indices() {
        if o <= own || !fold_width(c).eq_ignore_ascii_case(&'M') {
            continue;
        }
        let mut rest = seg.get(o..).unwrap_or_default().chars().skip(1);
        if rest
            .next()
            .is_some_and(|c| fold_width(c).eq_ignore_ascii_case(&'V'))
            && rest.next().is_some_and(|c| fold_width(c) == ':')
        {
            out.push(begin + o);
        }
    }
    out
}
