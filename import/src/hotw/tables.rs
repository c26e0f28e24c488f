//! The HotW data tables (regions, empires, cards, aliases) and lenient name resolution.
//!
//! The tables live in `import/data/hotw/*.csv` (each names its source in a `#` header: seed 000
//! appendices 1–3 and the DOMAIN.md §6 quirk list) and are compiled in with `include_str!`, parsed
//! once into hash maps (a [`LazyLock`]).
//!
//! Resolution of a written name, in order (the first step that answers wins):
//! 1. the canonical code exactly as written;
//! 2. the code ignoring case, dots (`E.Ana` → `EAna`, a trailing `Nub.`), full-width forms and `Δ`
//!    written for `Del` (`GanΔ` → `GanDel`) — reported as info;
//! 3. a known alias from `aliases.csv` (same folding) — info;
//! 4. the full English name, ignoring case, spaces and punctuation (`Great Plain of China`) — info;
//! 5. a close misspelling: the unique code or alias at the smallest edit distance, at most 1 for
//!    names of up to 6 letters and 2 for longer ones — a warning. When two different codes are
//!    equally close (`GPA`: `GPC` or `GP`; `Sei`: `Si` or `Wei`) nothing is guessed.
//!
//! What none of these settles is kept verbatim by the parser and reported as unknown.

use std::hash::{BuildHasherDefault, Hasher};
use std::sync::LazyLock;

/// FNV-1a: the keys are short codes, where SipHash's setup dominates a lookup.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// A multiply-rotate hash over eight bytes at a time (the scheme of `rustc-hash`): a code of up
/// to seven letters and the `0xff` that ends a `str` key cost two multiplications, where FNV-1a
/// costs one per byte. The tables are fixed and small, so no attacker chooses the keys.
#[derive(Default)]
pub struct WordHasher(u64);

impl WordHasher {
    const K: u64 = 0xf135_7aea_2e62_a9c5;

    fn add(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(Self::K).rotate_left(26);
    }
}

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            if let Some(dst) = w.get_mut(..rest.len()) {
                dst.copy_from_slice(rest);
            }
            // the length keeps `ab` and `ab\0` apart
            self.add(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
    }
    fn write_u8(&mut self, b: u8) {
        self.add(u64::from(b));
    }
}

type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// An exact-key map for the short codes of the tables (at most 8 bytes, which every code is),
/// answered without hashing a `String` or calling `memcmp`: a key is packed into a `u64`, hashed
/// with one multiplication and compared as an integer. Open addressing with linear probing, at
/// most half full. Longer keys are never stored, and miss (the callers look them up in a
/// `HashMap` too).
#[derive(Debug, Default)]
struct ShortMap {
    /// (packed key, length, value); a length of 0 marks an empty slot.
    slots: Vec<(u64, u8, u32)>,
    mask: usize,
}

impl ShortMap {
    /// The packed form of a key of 1 to 8 bytes: two loads, which with the length determine
    /// every byte (the first and the last four bytes, overlapping; or the first, middle and last
    /// byte), so equal packs mean equal keys.
    #[inline]
    fn pack(b: &[u8]) -> Option<(u64, u8)> {
        let n = b.len();
        let key = if n >= 4 {
            if n > 8 {
                return None;
            }
            let lo: [u8; 4] = b.get(..4)?.try_into().ok()?;
            let hi: [u8; 4] = b.get(n - 4..)?.try_into().ok()?;
            u64::from(u32::from_le_bytes(lo)) | u64::from(u32::from_le_bytes(hi)) << 32
        } else {
            let first = u64::from(*b.first()?);
            let mid = u64::from(*b.get(n / 2)?);
            let last = u64::from(*b.last()?);
            first | mid << 8 | last << 16
        };
        Some((key, n as u8))
    }

    #[inline]
    fn slot(&self, key: u64, len: u8) -> usize {
        let h = (key ^ u64::from(len).rotate_right(8)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32) as usize & self.mask
    }

    fn build<'a>(entries: impl Iterator<Item = (&'a str, usize)> + Clone) -> ShortMap {
        let n = entries.clone().count();
        let size = (2 * n + 2).next_power_of_two();
        let mut m = ShortMap {
            slots: vec![(0, 0, 0); size],
            mask: size - 1,
        };
        for (k, v) in entries {
            let (Some((key, len)), Ok(v)) = (Self::pack(k.as_bytes()), u32::try_from(v)) else {
                continue;
            };
            let mut i = m.slot(key, len);
            while let Some(slot) = m.slots.get_mut(i) {
                if slot.1 == 0 {
                    *slot = (key, len, v);
                    break;
                }
                if slot.0 == key && slot.1 == len {
                    // (the keys come from a map, so this does not happen)
                    slot.2 = v;
                    break;
                }
                i = (i + 1) & m.mask;
            }
        }
        m
    }

    #[inline]
    fn get(&self, s: &[u8]) -> Option<usize> {
        let (key, len) = Self::pack(s)?;
        let mut i = self.slot(key, len);
        loop {
            let &(k, l, v) = self.slots.get(i)?;
            if k == key && l == len {
                return Some(v as usize);
            }
            if l == 0 {
                return None;
            }
            i = (i + 1) & self.mask;
        }
    }
}

/// What a region row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionType {
    Land,
    Sea,
    Wasteland,
}

#[derive(Debug, Clone)]
pub struct Region {
    pub code: String,
    pub name: String,
    pub area: String,
    pub kind: RegionType,
}

#[derive(Debug, Clone)]
pub struct Empire {
    pub code: String,
    pub name: String,
    pub epoch: u8,
    pub minor: bool,
}

#[derive(Debug, Clone)]
pub struct Card {
    pub code: String,
    pub name: String,
    pub class: String,
    pub first: u8,
    pub last: u8,
}

/// How a name was resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum How<'a> {
    Exact,
    /// Case, dots, width or `Δ` differ from the code.
    Folded,
    /// A row of `aliases.csv`; the note says where the form comes from.
    Alias(&'a str),
    /// The full name.
    Name,
    /// A close misspelling at this edit distance.
    Fuzzy(usize),
}

impl How<'_> {
    /// True when the form is not the canonical code as written.
    pub fn is_fuzzy(&self) -> bool {
        matches!(self, How::Fuzzy(_))
    }
}

#[derive(Debug, Clone)]
struct Alias {
    canonical: usize,
    note: String,
    epoch: Option<u8>,
}

/// One kind of name (regions, empires, cards): codes, aliases, names and the fuzzy key list.
#[derive(Debug, Default)]
struct Index {
    code: HashMap<String, usize>,
    folded: HashMap<String, usize>,
    alias: HashMap<String, Vec<Alias>>,
    name: HashMap<String, usize>,
    /// (folded key, row) of every code and alias, for fuzzy matching.
    keys: Vec<(Vec<char>, usize)>,
    /// `code` again, for the look-up of a short exact code (most of them; see [`ShortMap`]).
    short: ShortMap,
    /// For each row: might a code of this row, folded, also be an alias restricted to an epoch?
    /// When not, [`Index::each_candidate`] has no further candidate for an exact code and skips
    /// folding it and looking it up among the aliases.
    code_has_epoch_alias: Vec<bool>,
}

impl Index {
    fn add_code(&mut self, code: &str, name: &str, row: usize) {
        self.code.insert(code.to_string(), row);
        self.folded.entry(fold_key(code)).or_insert(row);
        self.name.insert(name_key(name), row);
        self.keys.push((fold_key(code).chars().collect(), row));
    }

    fn add_alias(&mut self, alias: &str, row: usize, note: &str, epoch: Option<u8>) {
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
    fn finish(&mut self) {
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
    fn code(&self, s: &str) -> Option<usize> {
        if (1..=8).contains(&s.len()) {
            return self.short.get(s.as_bytes());
        }
        self.code.get(s).copied()
    }

    /// [`Index::code`] of a word given as its bytes (the fast path's tokens, ASCII).
    #[inline(always)]
    fn code_bytes(&self, b: &[u8]) -> Option<usize> {
        if (1..=8).contains(&b.len()) {
            return self.short.get(b);
        }
        self.code.get(std::str::from_utf8(b).ok()?).copied()
    }

    /// The first answer for a written form (regions and cards), without allocating on the
    /// common paths (exact code, folded code, alias). The exact code, the common case, is
    /// answered here; the other steps are out of line so this stays small enough to inline.
    #[inline]
    fn first(&self, s: &str, fuzzy: bool) -> Option<(usize, How<'_>)> {
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
    fn each_candidate<'s>(
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

    fn fuzzy(&self, key: &str) -> Option<(usize, usize)> {
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
fn closest<'c>(
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
fn edit_distance(a: &[char], b: &[char], max: usize) -> Option<usize> {
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
fn name_key(s: &str) -> String {
    s.chars()
        .map(crate::text::fold_width)
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The tables, parsed once.
#[derive(Debug, Default)]
pub struct Tables {
    pub regions: Vec<Region>,
    pub empires: Vec<Empire>,
    pub cards: Vec<Card>,
    /// Area codes of appendix 1 (China, Nip, SEAsia, AUST…), by folded key.
    areas: HashMap<String, String>,
    region_ix: Index,
    empire_ix: Index,
    card_ix: Index,
    /// For each region row: does its code, read as a card, name one? (see [`Tables::is_card`])
    region_is_card: Vec<bool>,
    /// For each region row: is its code, written exactly, read as a region when it opens a line
    /// of a turn? (No card, no `civil`/`king` form, no seat letter; see [`Tables::move_opener`].)
    region_opens_moves: Vec<bool>,
    /// For each card row: is its code, written exactly, read as that card with nothing to settle
    /// (not `Civil…`/`King…`, read by their arguments; see [`Tables::plain_card`])?
    card_is_plain: Vec<bool>,
}

const REGIONS_CSV: &str = include_str!("../../data/hotw/regions.csv");
const EMPIRES_CSV: &str = include_str!("../../data/hotw/empires.csv");
const CARDS_CSV: &str = include_str!("../../data/hotw/cards.csv");
const ALIASES_CSV: &str = include_str!("../../data/hotw/aliases.csv");

fn rows(text: &str) -> Vec<Vec<String>> {
    let mut rdr = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .flexible(true)
        .trim(csv::Trim::All)
        .has_headers(true)
        .from_reader(text.as_bytes());
    rdr.records()
        .filter_map(Result::ok)
        .map(|r| r.iter().map(str::to_string).collect())
        .collect()
}

fn col(r: &[String], i: usize) -> &str {
    r.get(i).map(String::as_str).unwrap_or("")
}

/// Reads `I`..`VII` (also `1`..`7`).
pub fn roman(s: &str) -> Option<u8> {
    match s {
        "I" | "1" => Some(1),
        "II" | "2" => Some(2),
        "III" | "3" => Some(3),
        "IV" | "4" => Some(4),
        "V" | "5" => Some(5),
        "VI" | "6" => Some(6),
        "VII" | "7" => Some(7),
        _ => None,
    }
}

/// True for a character an epoch numeral may be written with: `I`, `V` in either case, the digits
/// `1`…`7`, their full-width forms, and the Unicode roman numerals `Ⅰ`…`Ⅶ`, `ⅰ`…`ⅶ`.
pub fn is_numeral_char(c: char) -> bool {
    matches!(
        crate::text::fold_width(c),
        'I' | 'V' | 'i' | 'v' | '1'..='7' | '\u{2160}'..='\u{2166}' | '\u{2170}'..='\u{2176}'
    )
}

/// [`roman`], leniently: `I`…`VII` in any case, full-width (`ＩＩＩ`), or written with the Unicode
/// roman numerals (`Ⅲ`, `ⅲ`, also `ⅤⅠ`). The bool is true when the numeral was not written as
/// [`roman`] reads it (a form the caller reports).
pub fn roman_lenient(s: &str) -> Option<(u8, bool)> {
    if let Some(e) = roman(s) {
        return Some((e, false));
    }
    const ROMAN: [&str; 7] = ["I", "II", "III", "IV", "V", "VI", "VII"];
    let mut buf = String::with_capacity(8);
    for c in s.chars() {
        if buf.len() > 8 {
            return None;
        }
        match crate::text::fold_width(c) {
            'I' | 'i' => buf.push('I'),
            'V' | 'v' => buf.push('V'),
            d @ '1'..='7' => buf.push(d),
            u @ ('\u{2160}'..='\u{2166}' | '\u{2170}'..='\u{2176}') => {
                let k = (u as u32 & 0xf) as usize;
                buf.push_str(ROMAN.get(k).copied().unwrap_or("?"));
            }
            _ => return None,
        }
    }
    roman(&buf).map(|e| (e, true))
}

/// `1` → `I` … `7` → `VII`.
pub fn roman_str(n: u8) -> &'static str {
    ["?", "I", "II", "III", "IV", "V", "VI", "VII"]
        .get(usize::from(n))
        .copied()
        .unwrap_or("?")
}

fn epochs(s: &str) -> (u8, u8) {
    if s.eq_ignore_ascii_case("ALL") {
        return (1, 7);
    }
    match s.split_once('-') {
        Some((a, b)) => (roman(a.trim()).unwrap_or(1), roman(b.trim()).unwrap_or(7)),
        None => roman(s).map(|e| (e, e)).unwrap_or((1, 7)),
    }
}

impl Tables {
    fn load() -> Tables {
        let mut t = Tables::default();
        for r in rows(REGIONS_CSV) {
            let kind = match col(&r, 3) {
                "sea" => RegionType::Sea,
                "wasteland" => RegionType::Wasteland,
                _ => RegionType::Land,
            };
            let row = t.regions.len();
            t.region_ix.add_code(col(&r, 0), col(&r, 1), row);
            if kind == RegionType::Land {
                t.areas.insert(fold_key(col(&r, 2)), col(&r, 2).to_string());
            }
            t.regions.push(Region {
                code: col(&r, 0).to_string(),
                name: col(&r, 1).to_string(),
                area: col(&r, 2).to_string(),
                kind,
            });
        }
        for r in rows(EMPIRES_CSV) {
            let row = t.empires.len();
            t.empire_ix.add_code(col(&r, 0), col(&r, 1), row);
            t.empires.push(Empire {
                code: col(&r, 0).to_string(),
                name: col(&r, 1).to_string(),
                epoch: col(&r, 2).parse().unwrap_or(0),
                minor: col(&r, 3) == "true",
            });
        }
        for r in rows(CARDS_CSV) {
            let row = t.cards.len();
            let (first, last) = epochs(col(&r, 3));
            t.card_ix.add_code(col(&r, 0), col(&r, 1), row);
            t.cards.push(Card {
                code: col(&r, 0).to_string(),
                name: col(&r, 1).to_string(),
                class: col(&r, 2).to_string(),
                first,
                last,
            });
        }
        for r in rows(ALIASES_CSV) {
            let (alias, canon, kind, note) = (col(&r, 0), col(&r, 1), col(&r, 2), col(&r, 3));
            let epoch = roman(col(&r, 4));
            // an area's other name (appendix 1's Chinese headings: 中東 for ME)
            if kind == "area" {
                if let Some(a) = t.areas.values().find(|a| a.as_str() == canon).cloned() {
                    t.areas.insert(fold_key(alias), a);
                }
                continue;
            }
            let ix = match kind {
                "region" => &mut t.region_ix,
                "empire" => &mut t.empire_ix,
                "card" => &mut t.card_ix,
                _ => continue,
            };
            if let Some(&row) = ix.code.get(canon) {
                ix.add_alias(alias, row, note, epoch);
            }
        }
        t.region_ix.finish();
        t.empire_ix.finish();
        t.card_ix.finish();
        t.region_is_card = t
            .regions
            .iter()
            .map(|r| t.card(&r.code, false).is_some())
            .collect();
        let keyword =
            |code: &str| with_key(code, false, |k| matches!(k, "civil" | "king" | "kingdom"));
        t.region_opens_moves = t
            .regions
            .iter()
            .zip(&t.region_is_card)
            .map(|(r, &card)| {
                let seat = r.code.len() == 1
                    && r.code
                        .as_bytes()
                        .first()
                        .is_some_and(|b| (b'A'..=b'F').contains(b));
                !card && !keyword(&r.code) && !seat
            })
            .collect();
        t.card_is_plain = t.cards.iter().map(|c| !keyword(&c.code)).collect();
        t
    }

    /// The region whose code the word `w` is, exactly as written (no folding, no alias).
    #[inline]
    pub fn region_exact(&self, w: &[u8]) -> Option<&Region> {
        self.regions.get(self.region_ix.code_bytes(w)?)
    }

    /// [`Tables::region_exact`] for the first word of a line of a turn, when that line is then
    /// surely a move line: the code names no card and is no `civil`/`king` form or seat letter
    /// (what the general parser checks before it reads a line as moves).
    #[inline]
    pub fn move_opener(&self, w: &[u8]) -> Option<&Region> {
        let r = self.region_ix.code_bytes(w)?;
        if !self.region_opens_moves.get(r).copied().unwrap_or(false) {
            return None;
        }
        self.regions.get(r)
    }

    /// The card whose code the word `w` is, exactly as written, when it is read as that card
    /// whatever its arguments (every card but `CivilS`/`CivilW`'s `Civil…` forms and `King`).
    #[inline]
    pub fn plain_card(&self, w: &[u8]) -> Option<&Card> {
        let r = self.card_ix.code_bytes(w)?;
        if !self.card_is_plain.get(r).copied().unwrap_or(false) {
            return None;
        }
        self.cards.get(r)
    }

    /// `self.card(w, false).is_some()`, answered in one look-up when `w` is exactly a region's
    /// code (what most move lines start with).
    pub fn is_card(&self, w: &str) -> bool {
        self.is_card_row(w).0
    }

    /// [`Tables::is_card`], with the row of the region when `w` is exactly a region's code (so
    /// the parser need not look the same word up again; see [`Tables::region_at_row`]).
    pub fn is_card_row(&self, w: &str) -> (bool, Option<usize>) {
        match self.region_ix.code(w) {
            Some(r) => (
                self.region_is_card.get(r).copied().unwrap_or(false),
                Some(r),
            ),
            None => (self.card(w, false).is_some(), None),
        }
    }

    /// The region of a row that [`Tables::is_card_row`] gave: what [`Tables::region`] answers
    /// (with [`How::Exact`]) for that row's code.
    pub fn region_at_row(&self, row: usize) -> Option<&Region> {
        self.regions.get(row)
    }

    /// Resolves a region, sea or wasteland.
    #[inline]
    pub fn region(&self, s: &str, fuzzy: bool) -> Option<(&Region, How<'_>)> {
        let (r, how) = self.region_ix.first(s, fuzzy)?;
        Some((self.regions.get(r)?, how))
    }

    /// Resolves an area code (`China`, `NAm`, `Aust`…) to its canonical spelling.
    pub fn area(&self, s: &str) -> Option<&str> {
        with_key(s, false, |k| self.areas.get(k)).map(String::as_str)
    }

    /// Resolves an empire (major or minor); `epoch` is the epoch of the turn so far, which settles
    /// a form naming two empires (`Fran`): the one of this epoch, else the first later one, else
    /// the latest earlier one. The bool is true when context had to choose.
    pub fn empire(
        &self,
        s: &str,
        epoch: Option<u8>,
        fuzzy: bool,
    ) -> Option<(&Empire, How<'_>, bool)> {
        // an exact code that no epoch alias shares (most turn headers) is the one candidate:
        // answered without ranking candidates
        if let Some(r) = self.empire_ix.code(s)
            && !self
                .empire_ix
                .code_has_epoch_alias
                .get(r)
                .copied()
                .unwrap_or(true)
        {
            return Some((self.empires.get(r)?, How::Exact, false));
        }
        let mut best: Option<(usize, How)> = None;
        let mut best_rank = (u8::MAX, u8::MAX);
        // candidates are distinct rows, so context chose when there was more than one
        let n = self.empire_ix.each_candidate(s, fuzzy, |row, how| {
            let Some(e) = self.empires.get(row) else {
                return;
            };
            let rank = match epoch {
                None => (0, 0),
                Some(ep) if e.epoch == ep => (0, 0),
                Some(ep) if e.epoch > ep => (1, e.epoch - ep),
                Some(ep) => (2, ep - e.epoch),
            };
            if best.is_none() || rank < best_rank {
                best = Some((row, how));
                best_rank = rank;
            }
        });
        let (row, how) = best?;
        let chose = n > 1;
        Some((self.empires.get(row)?, how, chose))
    }

    /// Resolves an event card.
    pub fn card(&self, s: &str, fuzzy: bool) -> Option<(&Card, How<'_>)> {
        let (r, how) = self.card_ix.first(s, fuzzy)?;
        Some((self.cards.get(r)?, how))
    }

    /// The card whose full name of several words is misspelled in `s` (`Navel Power`, `Elite
    /// Trops`), at the edit distance of the other misspellings; None when none is that close or
    /// two are as close. Full names are no keys of the usual fuzzy look-up (a name of several
    /// words is read only where words stand together: [`crate::hotw`]'s card lists).
    pub fn card_misspelled_name(&self, s: &str) -> Option<(&Card, usize)> {
        let k: Vec<char> = name_key(s).chars().collect();
        let names: Vec<(Vec<char>, usize)> = (self.cards.iter().enumerate())
            .filter(|(_, c)| c.name.contains(' '))
            .map(|(row, c)| (name_key(&c.name).chars().collect(), row))
            .collect();
        let (row, d) = closest(&k, names.iter().map(|(n, row)| (n.as_slice(), *row)))?;
        Some((self.cards.get(row)?, d))
    }

    /// A card by its canonical code.
    pub fn card_by_code(&self, code: &str) -> Option<&Card> {
        self.card_ix.code(code).and_then(|r| self.cards.get(r))
    }

    /// The kingdom card (王國) of an epoch: Can, Etr, Kuch, Tia, Mali, Thai, Zim.
    pub fn kingdom(&self, epoch: u8) -> Option<&Card> {
        let code = ["Can", "Etr", "Kuch", "Tia", "Mali", "Thai", "Zim"]
            .get(usize::from(epoch).checked_sub(1)?)?;
        self.card_by_code(code)
    }
}

/// The tables, loaded on first use.
pub static TABLES: LazyLock<Tables> = LazyLock::new(Tables::load);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_the_appendix_counts() {
        let t = &*TABLES;
        let land = t
            .regions
            .iter()
            .filter(|r| r.kind == RegionType::Land)
            .count();
        let sea = t
            .regions
            .iter()
            .filter(|r| r.kind == RegionType::Sea)
            .count();
        let waste = t
            .regions
            .iter()
            .filter(|r| r.kind == RegionType::Wasteland)
            .count();
        assert_eq!((land, sea, waste), (93, 14, 8));
        assert_eq!(t.empires.iter().filter(|e| !e.minor).count(), 49);
        assert_eq!(t.empires.iter().filter(|e| e.minor).count(), 7);
        assert_eq!(
            t.areas
                .values()
                .collect::<std::collections::HashSet<_>>()
                .len(),
            13
        );
    }

    #[test]
    fn resolution_steps() {
        let t = &*TABLES;
        assert_eq!(
            t.region("GPC", true).map(|r| (r.0.code.as_str(), r.1)),
            Some(("GPC", How::Exact))
        );
        assert_eq!(
            t.region("E.Ana", true).map(|r| (r.0.code.as_str(), r.1)),
            Some(("EAna", How::Folded))
        );
        assert_eq!(
            t.region("Pers\\D", true).map(|r| r.0.code.as_str()),
            Some("PersD")
        );
        assert_eq!(
            t.region("Great Plain of China", true).map(|r| r.1),
            Some(How::Name)
        );
        assert_eq!(
            t.region("Mekomg", true).map(|r| (r.0.code.as_str(), r.1)),
            None
        );
        assert_eq!(t.region("Scandi", true).map(|r| r.0.code.as_str()), None);
        assert_eq!(
            t.region("Cauc", true).map(|r| (r.0.code.as_str(), r.1)),
            Some(("Cau", How::Fuzzy(1)))
        );
        assert!(t.region("GPA", true).is_none());
        assert!(t.region("Sei", true).is_none());
        assert!(t.region("GanValX", true).is_none());
        assert_eq!(
            t.empire("Fran", Some(4), true).map(|e| e.0.code.as_str()),
            Some("Frank")
        );
        assert_eq!(
            t.empire("Fran", Some(7), true).map(|e| e.0.code.as_str()),
            Some("Fran")
        );
        assert_eq!(
            t.empire("USA", None, true).map(|e| e.0.code.as_str()),
            Some("US")
        );
        assert_eq!(
            t.card("CivilServ", true).map(|c| c.0.code.as_str()),
            Some("CivilS")
        );
        assert_eq!(t.kingdom(3).map(|c| c.code.as_str()), Some("Kuch"));
        assert_eq!(edit_distance(&['a', 'b'], &['b', 'a'], 2), Some(1));
    }
}
