//! One kind of name (regions, empires, cards) indexed for the resolution steps of [`super`]:
//! codes, folded codes, aliases, full names and the keys of close misspellings.

use super::hash::{HashMap, ShortMap};
use super::rows::How;

#[derive(Debug, Clone)]
pub(super) struct Alias {
    canonical: usize,
    note: String,
    epoch: Option<u8>,
}

/// One kind of name (regions, empires, cards): codes, aliases, names and the fuzzy key list.
#[derive(Debug, Default)]
pub(super) struct Index {
    pub(super) code: HashMap<String, usize>,
    pub(super) folded: HashMap<String, usize>,
    pub(super) alias: HashMap<String, Vec<Alias>>,
    pub(super) name: HashMap<String, usize>,
    /// (folded key, row) of every code and alias, for fuzzy matching.
    pub(super) keys: Vec<(Vec<char>, usize)>,
    /// `code` again, for the look-up of a short exact code (most of them; see [`ShortMap`]).
    pub(super) short: ShortMap,
    /// For each row: might a code of this row, folded, also be an alias restricted to an epoch?
    /// When not, [`Index::each_candidate`] has no further candidate for an exact code and skips
    /// folding it and looking it up among the aliases.
    pub(super) code_has_epoch_alias: Vec<bool>,
}

impl Index {
    pub(super) fn add_code(&mut self, code: &str, name: &str, row: usize) {
        self.code.insert(code.to_string(), row);
        self.folded.entry(fold_key(code)).or_insert(row);
        self.name.insert(name_key(name), row);
        self.keys.push((fold_key(code).chars().collect(), row));
    }

    pub(super) fn add_alias(&mut self, alias: &str, row: usize, note: &str, epoch: Option<u8>) {
        let k = fold_key(alias);
        // (a Chinese name of two characters is one edit from many words: no misspelling of one
        // is guessed)
        if alias.is_ascii() {
            self.keys.push((k.chars().collect(), row));
        }
        self.alias.entry(k).or_default().push(Alias {
            canonical: row,
            note: note.to_string(),
            epoch,
        });
    }

    /// Builds the [`ShortMap`] of the codes, once every code is in.
    pub(super) fn finish(&mut self) {
        self.short = ShortMap::build(self.code.iter().map(|(k, &v)| (k.as_str(), v)));
        let rows = self.code.values().max().map_or(0, |m| m + 1);
        let mut flags = vec![false; rows];
        for (code, &row) in &self.code {
            let epoch_alias = with_key(code, false, |k| {
                self.alias
                    .get(k)
                    .is_some_and(|al| al.iter().any(|a| a.epoch.is_some()))
            });
            if let Some(f) = flags.get_mut(row) {
                *f |= epoch_alias;
            }
        }
        self.code_has_epoch_alias = flags;
    }

    /// The row of an exact code.
    #[inline(always)]
    pub(super) fn code(&self, s: &str) -> Option<usize> {
        if (1..=8).contains(&s.len()) {
            return self.short.get(s.as_bytes());
        }
        self.code.get(s).copied()
    }

    /// [`Index::code`] of a word given as its bytes (the fast path's tokens, ASCII).
    #[inline(always)]
    pub(super) fn code_bytes(&self, b: &[u8]) -> Option<usize> {
        if (1..=8).contains(&b.len()) {
            return self.short.get(b);
        }
        self.code.get(std::str::from_utf8(b).ok()?).copied()
    }

    /// The first answer for a written form (regions and cards), without allocating on the
    /// common paths (exact code, folded code, alias). The exact code, the common case, is
    /// answered here; the other steps are out of line so this stays small enough to inline.
    #[inline]
    pub(super) fn first(&self, s: &str, fuzzy: bool) -> Option<(usize, How<'_>)> {
        if let Some(r) = self.code(s) {
            return Some((r, How::Exact));
        }
        self.first_inexact(s, fuzzy)
    }

    /// [`Index::first`] after the exact code: folded code, alias, full name, misspelling.
    #[inline(never)]
    fn first_inexact(&self, s: &str, fuzzy: bool) -> Option<(usize, How<'_>)> {
        let found = with_key(s, false, |k| {
            // dots dropped, case kept: `S.Iber` is SIber, not the wasteland Siber
            if s.contains('.') || !s.is_ascii() {
                let undotted = with_key(s, true, |u| self.code(u));
                if let Some(r) = undotted {
                    return Some((r, How::Folded));
                }
            }
            if let Some(&r) = self.folded.get(k) {
                return Some((r, How::Folded));
            }
            if let Some(a) = self.alias.get(k).and_then(|al| al.first()) {
                return Some((a.canonical, How::Alias(a.note.as_str())));
            }
            None
        });
        if found.is_some() {
            return found;
        }
        if let Some(r) = with_name_key(s, |k| self.name.get(k).copied()) {
            return Some((r, How::Name));
        }
        if fuzzy {
            let k = fold_key(s);
            if let Some((r, d)) = self.fuzzy(&k) {
                return Some((r, How::Fuzzy(d)));
            }
        }
        None
    }

    /// Every candidate row for a written form, with how it was found (empires: a form may name
    /// two, `Fran`).
    ///
    /// Calls `f` with each candidate in order, and returns how many there were.
    pub(super) fn each_candidate<'s>(
        &'s self,
        s: &str,
        fuzzy: bool,
        mut f: impl FnMut(usize, How<'s>),
    ) -> usize {
        let Some((r, how)) = self.first(s, fuzzy) else {
            return 0;
        };
        let exact = how == How::Exact;
        f(r, how);
        let mut n = 1;
        if exact && !self.code_has_epoch_alias.get(r).copied().unwrap_or(true) {
            return n;
        }
        // aliases of the same spelling restricted to an epoch are further candidates
        with_key(s, false, |k| {
            if let Some(al) = self.alias.get(k) {
                for (i, a) in al.iter().enumerate().filter(|(_, a)| a.epoch.is_some()) {
                    // the first answer, and the aliases of this spelling before this one
                    let seen = a.canonical == r
                        || al
                            .get(..i)
                            .unwrap_or_default()
                            .iter()
                            .any(|b| b.epoch.is_some() && b.canonical == a.canonical);
                    if !seen {
                        f(a.canonical, How::Alias(a.note.as_str()));
                        n += 1;
                    }
                }
            }
        });
        n
    }

    pub(super) fn fuzzy(&self, key: &str) -> Option<(usize, usize)> {
        let k: Vec<char> = key.chars().collect();
        closest(
            &k,
            self.keys.iter().map(|(cand, row)| (cand.as_slice(), *row)),
        )
    }
}

/// The row of the candidate closest to `k` and its distance: at most 1 for keys of up to six
/// characters, 2 for longer ones; None when none is that close, when two rows are as close, or
/// for a key of one character.
pub(super) fn closest<'c>(
    k: &[char],
    candidates: impl IntoIterator<Item = (&'c [char], usize)>,
) -> Option<(usize, usize)> {
    if k.len() < 2 {
        return None;
    }
    let max = if k.len() <= 6 { 1 } else { 2 };
    let mut best: Option<(usize, usize)> = None;
    let mut ambiguous = false;
    // the rows of the distance, allocated once for every candidate (of at most `max` more
    // characters than the key)
    let mut rows = vec![0usize; 3 * (k.len() + max + 1)];
    for (cand, row) in candidates {
        if cand.len().abs_diff(k.len()) > max {
            continue;
        }
        let Some(d) = edit_distance_in(k, cand, max, &mut rows) else {
            continue;
        };
        match best {
            Some((r, bd)) if d == bd && r != row => ambiguous = true,
            Some((_, bd)) if d < bd => {
                best = Some((row, d));
                ambiguous = false;
            }
            None => best = Some((row, d)),
            _ => {}
        }
    }
    if ambiguous { None } else { best }
}

/// Levenshtein distance with adjacent transpositions, or None when above `max`.
#[cfg(test)]
pub(super) fn edit_distance(a: &[char], b: &[char], max: usize) -> Option<usize> {
    edit_distance_in(a, b, max, &mut vec![0; 3 * (b.len() + 1)])
}

/// Levenshtein distance with adjacent transpositions, or None when above `max`, computed in the
/// three rows of `rows` (at least `3 * (b.len() + 1)` long; None when shorter), whatever they
/// hold.
fn edit_distance_in(a: &[char], b: &[char], max: usize, rows: &mut [usize]) -> Option<usize> {
    let (prev2, rest) = rows.split_at_mut_checked(b.len() + 1)?;
    let (prev, rest) = rest.split_at_mut_checked(b.len() + 1)?;
    let cur = rest.get_mut(..b.len() + 1)?;
    let n = b.len();
    let (mut prev2, mut prev, mut cur) = (prev2, prev, cur);
    for (j, p) in prev.iter_mut().enumerate().take(n + 1) {
        *p = j;
    }
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=n {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(prev2[j - 2] + 1);
            }
            cur[j] = v;
            row_min = row_min.min(v);
        }
        if row_min > max {
            return None;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[n];
    (d <= max).then_some(d)
}

/// Calls `f` with the comparison form of `s` ([`fold_key`]; with `keep_case`, only dots and spaces
/// dropped), built on the stack for short ASCII forms.
#[inline]
pub fn with_key<R>(s: &str, keep_case: bool, f: impl FnOnce(&str) -> R) -> R {
    let mut buf = [0u8; 40];
    if s.len() <= buf.len() && s.is_ascii() {
        let mut n = 0;
        for b in s.bytes() {
            if b == b'.' || b == b' ' {
                continue;
            }
            if let Some(slot) = buf.get_mut(n) {
                *slot = if keep_case { b } else { b.to_ascii_lowercase() };
                n += 1;
            }
        }
        return f(std::str::from_utf8(buf.get(..n).unwrap_or_default()).unwrap_or_default());
    }
    if keep_case {
        let k: String = s
            .chars()
            .map(crate::text::fold_width)
            .filter(|c| *c != '.' && *c != ' ')
            .collect();
        return f(&k);
    }
    f(&fold_key(s))
}

/// Calls `f` with the comparison form of a full name ([`name_key`]).
fn with_name_key<R>(s: &str, f: impl FnOnce(&str) -> R) -> R {
    let mut buf = [0u8; 40];
    if s.len() <= buf.len() && s.is_ascii() {
        let mut n = 0;
        for b in s.bytes().filter(u8::is_ascii_alphanumeric) {
            if let Some(slot) = buf.get_mut(n) {
                *slot = b.to_ascii_lowercase();
                n += 1;
            }
        }
        return f(std::str::from_utf8(buf.get(..n).unwrap_or_default()).unwrap_or_default());
    }
    f(&name_key(s))
}

/// The comparison form of a code: width folded, dots and spaces dropped, `Δ` → `del`, lower case.
pub fn fold_key(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let c = crate::text::fold_width(c);
        match c {
            '.' | ' ' | '·' => {}
            'Δ' | '∆' => out.push_str("del"),
            _ => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// The comparison form of a full name: letters and digits only, lower case.
pub(super) fn name_key(s: &str) -> String {
    s.chars()
        .map(crate::text::fold_width)
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}
