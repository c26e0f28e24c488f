//! The parser of one turn string (see the module docs of [`super`] for the decisions).
//!
//! Every production of the grammar has its own function: the move's productions written by hand on
//! bytes (they are most of the work), the optional parts composed with nom from them. Codes are matched from the table of the
//! position they stand in ([`super::codes`]), longest first; alternate spellings and doubtful codes
//! are noted in [`Notes`] (by position) so that the caller can report them.

use std::borrow::Cow;
use std::cell::RefCell;

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::tag,
    character::complete::{char, one_of, u8 as dec_u8},
    combinator::map,
    error::{Error, ErrorKind},
    sequence::{delimited, preceded},
};

use super::codes::{self, Code, Flag};
use super::model::{
    Dest, Dozed, Dozer, Drop, Exchange, Fire, Pickup, Piece, Reinforce, Toward, Transport,
    WecResult,
};

type R<'a, T> = IResult<&'a str, T>;

/// A written code worth a diagnostic: `rest` is the length of the input from the code on.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Note {
    pub rest: usize,
    pub flag: Flag,
    pub written: &'static str,
    pub canon: &'static str,
}

#[derive(Debug, Default)]
pub(crate) struct Notes {
    pub items: RefCell<Vec<Note>>,
}

impl Notes {
    pub(crate) fn len(&self) -> usize {
        self.items.borrow().len()
    }
    pub(crate) fn truncate(&self, n: usize) {
        self.items.borrow_mut().truncate(n);
    }
}

fn fail<T>(i: &str, kind: ErrorKind) -> R<'_, T> {
    Err(nom::Err::Error(Error::new(i, kind)))
}

/// For each capital letter, the codes of a table that begin with it, as a bit set of their indices
/// (bit `k` = `table[k]`). Built at compile time; a table has at most 64 codes.
const fn first_letters(table: &[Code]) -> [u64; 26] {
    let mut out = [0u64; 26];
    let mut k = 0;
    while k < table.len() && k < 64 {
        let b = table[k].written.as_bytes()[0];
        if b.is_ascii_uppercase() {
            out[(b - b'A') as usize] |= 1 << k;
        }
        k += 1;
    }
    out
}

/// A table of codes with its first-letter index: [`pick`] tries only the codes that begin with the
/// input's first letter, in table order (longest first).
pub(crate) struct Table {
    codes: &'static [Code],
    by_first: [u64; 26],
}

impl Table {
    const fn new(codes: &'static [Code]) -> Table {
        Table {
            codes,
            by_first: first_letters(codes),
        }
    }
}

static PIECE_TYPES: Table = Table::new(codes::PIECE_TYPES);
static ARTICLES: Table = Table::new(codes::ARTICLES);
static FIRING: Table = Table::new(codes::FIRING);
static RESULT_TYPES: Table = Table::new(codes::RESULT_TYPES);

// The productions a turn's move is made of (codes, level, location, articles, piece,
// destination) are written by hand: they are most of the work of reading a record, and nom's
// generic combinators cost several times more per character. They work on the bytes of the input
// and an offset into them (`At`: the offset after what was read, or the offset where reading
// failed), and each fails where the nom combinators it replaces would (`char`, `tag`, `one_of` and
// `u8` fail at their own start), so error columns are unchanged; the nom forms are kept in the
// tests as their reference. The `&str` forms below them serve the parts composed with nom. Every
// offset returned follows ASCII bytes only, so it is a character boundary.

/// What a production read and the offset after it, or the offset where it failed.
type At<T> = Result<(usize, T), usize>;

/// The `&str` form of a production's result, for nom.
fn wrap<T>(i: &str, r: At<T>) -> R<'_, T> {
    match r {
        Ok((k, v)) => Ok((skip(i, k), v)),
        Err(k) => fail(skip(i, k), ErrorKind::Char),
    }
}

/// The input after its first `n` bytes (all ASCII where this is used).
fn skip(i: &str, n: usize) -> &str {
    i.get(n..).unwrap_or_default()
}

/// The byte `c` at `k` (as nom's `char(c)`).
fn byte_at(b: &[u8], k: usize, c: u8) -> Result<usize, usize> {
    if b.get(k) == Some(&c) {
        Ok(k + 1)
    } else {
        Err(k)
    }
}

/// The text `t` at `k` (as nom's `tag(t)`).
fn lit_at(b: &[u8], k: usize, t: &str) -> Result<usize, usize> {
    match b.get(k..) {
        Some(r) if r.starts_with(t.as_bytes()) => Ok(k + t.len()),
        _ => Err(k),
    }
}

/// The first code of `table` (longest first) written at `k`.
fn pick_at(b: &[u8], k: usize, table: &Table, n: &Notes) -> At<&'static str> {
    let ib = b.get(k..).unwrap_or_default();
    let mut cands = match ib.first() {
        Some(&c @ b'A'..=b'Z') => table
            .by_first
            .get(usize::from(c - b'A'))
            .copied()
            .unwrap_or(0),
        _ => 0,
    };
    while cands != 0 {
        let j = cands.trailing_zeros() as usize;
        cands &= cands - 1;
        let Some(code) = table.codes.get(j) else {
            break;
        };
        let w = code.written.as_bytes();
        // byte by byte (codes are 1–3 ASCII letters): cheaper than a memcmp per candidate
        if w.len() <= ib.len() && w.iter().zip(ib).all(|(x, y)| x == y) {
            if let Some(flag) = code.flag {
                n.items.borrow_mut().push(Note {
                    rest: ib.len(),
                    flag,
                    written: code.written,
                    canon: code.canon,
                });
            }
            return Ok((k + w.len(), code.canon));
        }
    }
    Err(k)
}

/// The first code of `table` (longest first) that the input starts with.
fn pick<'a>(i: &'a str, table: &Table, n: &Notes) -> R<'a, &'static str> {
    wrap(i, pick_at(i.as_bytes(), 0, table, n))
}

pub(crate) fn piece_type<'a>(i: &'a str, n: &Notes) -> R<'a, &'static str> {
    pick(i, &PIECE_TYPES, n)
}

pub(crate) fn article<'a>(i: &'a str, n: &Notes) -> R<'a, &'static str> {
    pick(i, &ARTICLES, n)
}

pub(crate) fn firing_article<'a>(i: &'a str, n: &Notes) -> R<'a, &'static str> {
    pick(i, &FIRING, n)
}

pub(crate) fn result_type<'a>(i: &'a str, n: &Notes) -> R<'a, &'static str> {
    pick(i, &RESULT_TYPES, n)
}

/// `Level=^|v` at `k`, possibly empty (ground).
fn level_at(b: &[u8], k: usize) -> (usize, &'static str) {
    match b.get(k) {
        Some(b'^') => (k + 1, "air"),
        Some(b'v') => (k + 1, "sub"),
        _ => (k, "ground"),
    }
}

/// `Level=^|v`, possibly empty (ground). (Only the tests read a level on its own.)
#[cfg(test)]
pub(crate) fn level(i: &str) -> R<'_, &'static str> {
    wrap(i, Ok(level_at(i.as_bytes(), 0)))
}

/// `Row=1..10`, `Column=1..10` at `k`: the decimal digits there (leading zeros allowed), failing at
/// their start when there are none or their value is not 1–10 (nom's `u8` then `verify`, whose
/// failures, overflow included, are all at the start).
fn coord_at(b: &[u8], k: usize) -> At<u8> {
    let mut v: u32 = 0;
    let mut end = k;
    while let Some(&d) = b.get(end).filter(|d| d.is_ascii_digit()) {
        // capped: any value past 255 fails, as nom's u8 overflow does
        v = (v * 10 + u32::from(d - b'0')).min(1000);
        end += 1;
    }
    match u8::try_from(v) {
        Ok(c @ 1..=10) if end > k => Ok((end, c)),
        _ => Err(k),
    }
}

/// `Location=(Row,Column)` at `k`.
fn location_at(b: &[u8], k: usize) -> At<[u8; 2]> {
    // most squares are two single digits: read in one comparison of five bytes
    if let Some(&[b'(', r @ b'1'..=b'9', b',', c @ b'1'..=b'9', b')']) = b.get(k..k + 5) {
        return Ok((k + 5, [r - b'0', c - b'0']));
    }
    let k = byte_at(b, k, b'(')?;
    let (k, r) = coord_at(b, k)?;
    let k = byte_at(b, k, b',')?;
    let (k, c) = coord_at(b, k)?;
    let k = byte_at(b, k, b')')?;
    Ok((k, [r, c]))
}

/// `Location=(Row,Column)`.
pub(crate) fn location(i: &str) -> R<'_, [u8; 2]> {
    wrap(i, location_at(i.as_bytes(), 0))
}

/// `Offset_magnitude` with its optional sign at `k`: `0`, `1`, `-0`, `-1`.
fn offset_part_at(b: &[u8], k: usize) -> At<i8> {
    let (k, neg) = match byte_at(b, k, b'-') {
        Ok(k) => (k, true),
        Err(k) => (k, false),
    };
    let v = match b.get(k) {
        Some(b'0') => 0,
        Some(b'1') => 1,
        _ => return Err(k),
    };
    Ok((k + 1, if neg { -v } else { v }))
}

/// `Offset=({-}Offset_magnitude,{-}Offset_magnitude)`.
pub(crate) fn offset(i: &str) -> R<'_, [i8; 2]> {
    let b = i.as_bytes();
    let at = (|| {
        let k = byte_at(b, 0, b'(')?;
        let (k, r) = offset_part_at(b, k)?;
        let k = byte_at(b, k, b',')?;
        let (k, c) = offset_part_at(b, k)?;
        let k = byte_at(b, k, b')')?;
        Ok((k, [r, c]))
    })();
    wrap(i, at)
}

/// `Orient=<|>` at `k`, possibly empty.
fn orient_at(b: &[u8], k: usize) -> (usize, Option<super::model::Code>) {
    match b.get(k) {
        Some(b'<') => (k + 1, Some(Cow::Borrowed("<"))),
        Some(b'>') => (k + 1, Some(Cow::Borrowed(">"))),
        _ => (k, None),
    }
}

/// `Orient=<|>`, possibly empty.
pub(crate) fn orient(i: &str) -> R<'_, Option<super::model::Code>> {
    wrap(i, Ok(orient_at(i.as_bytes(), 0)))
}

/// `Articles=CountArticle{Article{Article}}` at `k`, possibly empty. The count says how many codes
/// follow; when they do not, the articles are empty and the digit is left for what comes next (a
/// stun count after `*Piece`).
fn articles_at(b: &[u8], k: usize, n: &Notes) -> (usize, Vec<super::model::Code>) {
    let count = match b.get(k) {
        Some(&d @ b'1'..=b'3') => usize::from(d - b'0'),
        _ => return (k, Vec::new()),
    };
    let mut at = k + 1;
    let mark = n.len();
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        match pick_at(b, at, &ARTICLES, n) {
            Ok((r, a)) => {
                out.push(Cow::Borrowed(a));
                at = r;
            }
            Err(_) => {
                n.truncate(mark);
                return (k, Vec::new());
            }
        }
    }
    (at, out)
}

/// `Articles=CountArticle{Article{Article}}`, possibly empty (see [`articles_at`]).
pub(crate) fn articles<'a>(i: &'a str, n: &Notes) -> R<'a, Vec<super::model::Code>> {
    wrap(i, Ok(articles_at(i.as_bytes(), 0, n)))
}

/// `Piece_description=Piece_typeLevelLocationArticlesOrient` at `k`.
fn piece_at(b: &[u8], k: usize, n: &Notes) -> At<Piece> {
    let (k, kind) = pick_at(b, k, &PIECE_TYPES, n)?;
    let (k, level) = level_at(b, k);
    let (k, at) = location_at(b, k)?;
    let (k, articles) = articles_at(b, k, n);
    let (k, orient) = orient_at(b, k);
    Ok((
        k,
        Piece {
            kind: Cow::Borrowed(kind),
            level: Cow::Borrowed(level),
            at,
            articles,
            orient,
        },
    ))
}

/// `Piece_description=Piece_typeLevelLocationArticlesOrient`.
pub(crate) fn piece<'a>(i: &'a str, n: &Notes) -> R<'a, Piece> {
    wrap(i, piece_at(i.as_bytes(), 0, n))
}

/// `LevelLocation` at `k`, a destination.
fn dest_at(b: &[u8], k: usize) -> At<Dest> {
    let (k, l) = level_at(b, k);
    let (k, at) = location_at(b, k)?;
    Ok((
        k,
        Dest {
            level: Cow::Borrowed(l),
            at,
        },
    ))
}

/// `LevelLocation`, a destination.
pub(crate) fn dest(i: &str) -> R<'_, Dest> {
    wrap(i, dest_at(i.as_bytes(), 0))
}

/// `MV:Piece_description->LevelLocation`.
pub(crate) fn mv<'a>(i: &'a str, n: &Notes) -> R<'a, (Piece, Dest)> {
    let b = i.as_bytes();
    let at = (|| {
        let k = lit_at(b, 0, "MV:")?;
        let (k, p) = piece_at(b, k, n)?;
        let k = lit_at(b, k, "->")?;
        let (k, d) = dest_at(b, k)?;
        Ok((k, (p, d)))
    })();
    wrap(i, at)
}

/// `Transport_description=-TRA->Piece_descriptionLevelLocationArticles`.
pub(crate) fn transport<'a>(i: &'a str, n: &Notes) -> R<'a, Transport> {
    map(
        preceded(tag("-TRA->"), (|i| piece(i, n), dest, |i| articles(i, n))),
        |(piece, to, articles)| Transport {
            piece,
            to,
            articles,
        },
    )
    .parse(i)
}

fn dozed<'a>(i: &'a str, n: &Notes) -> R<'a, Dozed> {
    map((|i| piece_type(i, n), location), |(k, at)| Dozed {
        kind: Cow::Borrowed(k),
        at,
    })
    .parse(i)
}

/// `Dozer_description=,DO>LocationPiece_typeLocation{,Piece_typeLocation}` (the grammar allows up
/// to five pieces; more are read and reported by the caller).
pub(crate) fn dozer<'a>(i: &'a str, n: &Notes) -> R<'a, Dozer> {
    let (mut i, (toward, first)) = preceded(tag(",DO>"), (location, |i| dozed(i, n))).parse(i)?;
    let mut pieces = vec![first];
    loop {
        let mark = n.len();
        match preceded(char(','), |i| dozed(i, n)).parse(i) {
            Ok((r, d)) => {
                pieces.push(d);
                i = r;
            }
            Err(_) => {
                n.truncate(mark);
                break;
            }
        }
    }
    Ok((i, Dozer { toward, pieces }))
}

/// `,FI1:` or `,FI2:` then `Firing_article/Firing_from_piece_description[->LocationOrient|=>Target_piece_description]`.
pub(crate) fn fire<'a>(i: &'a str, n: &Notes) -> R<'a, Fire> {
    let (i, (_, slot, _, art, _, from)) = (
        tag(",FI"),
        one_of("12"),
        char(':'),
        |i| firing_article(i, n),
        char('/'),
        |i| piece(i, n),
    )
        .parse(i)?;
    let (i, (toward, target)) = alt((
        map(preceded(tag("->"), (location, orient)), |(at, orient)| {
            (Some(Toward { at, orient }), None)
        }),
        map(preceded(tag("=>"), |i| piece(i, n)), |p| (None, Some(p))),
    ))
    .parse(i)?;
    Ok((
        i,
        Fire {
            slot: if slot == '2' { 2 } else { 1 },
            article: Cow::Borrowed(art),
            from,
            toward,
            target,
        },
    ))
}

/// `Pickup_description=,PU:Piece_description^Article`.
pub(crate) fn pickup<'a>(i: &'a str, n: &Notes) -> R<'a, Pickup> {
    map(
        preceded(tag(",PU:"), (|i| piece(i, n), char('^'), |i| article(i, n))),
        |(piece, _, a)| Pickup {
            piece,
            article: Cow::Borrowed(a),
        },
    )
    .parse(i)
}

/// `Exchange_description=,EX:Piece->Article[<=>Article<-|->]Piece`.
pub(crate) fn exchange<'a>(i: &'a str, n: &Notes) -> R<'a, Exchange> {
    let (i, (_, from, _, art)) =
        (tag(",EX:"), |i| piece(i, n), tag("->"), |i| article(i, n)).parse(i)?;
    let (i, swap) = alt((
        map(delimited(tag("<=>"), |i| article(i, n), tag("<-")), |a| {
            Some(Cow::Borrowed(a))
        }),
        map(tag("->"), |_| None),
    ))
    .parse(i)?;
    let (i, to) = piece(i, n)?;
    Ok((
        i,
        Exchange {
            from,
            article: Cow::Borrowed(art),
            swap,
            to,
        },
    ))
}

/// `Reinforce_description=,RE:LocationReinforcement_piece_typeOrient`.
pub(crate) fn reinforce<'a>(i: &'a str, n: &Notes) -> R<'a, Reinforce> {
    map(
        preceded(tag(",RE:"), (location, |i| piece_type(i, n), orient)),
        |(at, k, orient)| Reinforce {
            at,
            kind: Cow::Borrowed(k),
            orient,
        },
    )
    .parse(i)
}

/// `Drop_description=,DR:Dropping_piece_descriptionvArticle_being_dropped`.
pub(crate) fn drop_part<'a>(i: &'a str, n: &Notes) -> R<'a, Drop> {
    map(
        preceded(tag(",DR:"), (|i| piece(i, n), char('v'), |i| article(i, n))),
        |(piece, _, a)| Drop {
            piece,
            article: Cow::Borrowed(a),
        },
    )
    .parse(i)
}

/// `Color=B|W`.
fn color(i: &str) -> R<'_, super::model::Code> {
    map(one_of("BW"), |c| {
        Cow::Borrowed(if c == 'B' { "B" } else { "W" })
    })
    .parse(i)
}

/// One result: `Result_type[->LocationOffset|vLocation|*Happened_to_piece_descriptionStunColor]`.
/// After `->` the location may be left out (`R->(0,1)`: the offset alone), as some writers do.
pub(crate) fn result<'a>(i: &'a str, n: &Notes) -> R<'a, WecResult> {
    enum Tail {
        Off(Option<[u8; 2]>, [i8; 2]),
        Down([u8; 2]),
        Hit(Piece, u8, super::model::Code),
    }
    let (i, kind) = result_type(i, n)?;
    let (i, tail) = alt((
        map(
            preceded(
                tag("->"),
                alt(((map(location, Some), offset), map(offset, |o| (None, o)))),
            ),
            |(at, o)| Tail::Off(at, o),
        ),
        map(preceded(char('v'), location), Tail::Down),
        map(
            preceded(char('*'), (|i| piece(i, n), dec_u8, color)),
            |(p, s, c)| Tail::Hit(p, s, c),
        ),
    ))
    .parse(i)?;
    let mut r = WecResult {
        kind: Cow::Borrowed(kind),
        ..WecResult::default()
    };
    match tail {
        Tail::Off(at, o) => {
            r.at = at;
            r.offset = Some(o);
        }
        Tail::Down(at) => r.down_at = Some(at),
        Tail::Hit(p, s, c) => {
            r.piece = Some(p);
            r.stun = Some(s);
            r.color = Some(c);
        }
    }
    Ok((i, r))
}

/// `Results_description=,RS:Result{,Result}`.
pub(crate) fn results<'a>(i: &'a str, n: &Notes) -> R<'a, Vec<WecResult>> {
    let (mut i, first) = preceded(tag(",RS:"), |i| result(i, n)).parse(i)?;
    let mut out = vec![first];
    loop {
        let mark = n.len();
        match preceded(char(','), |i| result(i, n)).parse(i) {
            Ok((r, x)) => {
                out.push(x);
                i = r;
            }
            Err(_) => {
                n.truncate(mark);
                break;
            }
        }
    }
    Ok((i, out))
}

/// The optional parts, by their place in the grammar's fixed order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PartKind {
    Transport,
    Dozer,
    Fire,
    Pickup,
    Exchange,
    Reinforce,
    Drop,
    Results,
}

impl PartKind {
    /// Rank in the fixed order (transport and dozer share a place: one or the other).
    pub fn rank(self) -> u8 {
        match self {
            PartKind::Transport | PartKind::Dozer => 1,
            PartKind::Fire => 2,
            PartKind::Pickup => 3,
            PartKind::Exchange => 4,
            PartKind::Reinforce => 5,
            PartKind::Drop => 6,
            PartKind::Results => 7,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            PartKind::Transport => "transport (-TRA->)",
            PartKind::Dozer => "dozer (,DO>)",
            PartKind::Fire => "fire (,FI1:/,FI2:)",
            PartKind::Pickup => "pickup (,PU:)",
            PartKind::Exchange => "exchange (,EX:)",
            PartKind::Reinforce => "reinforce (,RE:)",
            PartKind::Drop => "drop (,DR:)",
            PartKind::Results => "results (,RS:)",
        }
    }
}

const MARKERS: &[(&str, PartKind)] = &[
    ("-TRA->", PartKind::Transport),
    (",DO>", PartKind::Dozer),
    (",FI", PartKind::Fire),
    (",PU:", PartKind::Pickup),
    (",EX:", PartKind::Exchange),
    (",RE:", PartKind::Reinforce),
    (",DR:", PartKind::Drop),
    (",RS:", PartKind::Results),
];

/// Which part the input starts with, by its marker.
pub(crate) fn part_at(i: &str) -> Option<PartKind> {
    MARKERS
        .iter()
        .find(|(m, _)| i.starts_with(m))
        .map(|(_, k)| *k)
}

/// Byte offset of the next part marker after the first byte of `i` (or `i.len()`).
pub(crate) fn next_marker(i: &str) -> usize {
    let b = i.as_bytes();
    (1..b.len())
        .find(|&k| {
            matches!(b.get(k), Some(b',' | b'-'))
                && i.get(k..).is_some_and(|s| part_at(s).is_some())
        })
        .unwrap_or(i.len())
}

#[cfg(test)]
mod tests;
