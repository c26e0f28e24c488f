//! The nom parser of one turn string (see the module docs of [`super`] for the decisions).
//!
//! Every production of the grammar has its own function. Codes are matched from the table of the
//! position they stand in ([`super::codes`]), longest first; alternate spellings and doubtful codes
//! are noted in [`Notes`] (by position) so that the caller can report them.

use std::borrow::Cow;
use std::cell::RefCell;

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::tag,
    character::complete::{char, one_of, u8 as dec_u8},
    combinator::{map, opt, verify},
    error::{Error, ErrorKind},
    sequence::{delimited, preceded},
};

use super::codes::{self, Code, Flag};
use super::{
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

/// The first code of `table` (longest first) that the input starts with.
fn pick<'a>(i: &'a str, table: &'static [Code], n: &Notes) -> R<'a, &'static str> {
    let ib = i.as_bytes();
    for code in table {
        let w = code.written.as_bytes();
        // byte by byte (codes are 1–3 ASCII letters): cheaper than a memcmp per candidate
        if w.len() <= ib.len() && w.iter().zip(ib).all(|(a, b)| a == b) {
            if let Some(flag) = code.flag {
                n.items.borrow_mut().push(Note {
                    rest: i.len(),
                    flag,
                    written: code.written,
                    canon: code.canon,
                });
            }
            return Ok((i.get(w.len()..).unwrap_or_default(), code.canon));
        }
    }
    fail(i, ErrorKind::Tag)
}

pub(crate) fn piece_type<'a>(i: &'a str, n: &Notes) -> R<'a, &'static str> {
    pick(i, codes::PIECE_TYPES, n)
}

pub(crate) fn article<'a>(i: &'a str, n: &Notes) -> R<'a, &'static str> {
    pick(i, codes::ARTICLES, n)
}

pub(crate) fn firing_article<'a>(i: &'a str, n: &Notes) -> R<'a, &'static str> {
    pick(i, codes::FIRING, n)
}

pub(crate) fn result_type<'a>(i: &'a str, n: &Notes) -> R<'a, &'static str> {
    pick(i, codes::RESULT_TYPES, n)
}

/// `Level=^|v`, possibly empty (ground).
pub(crate) fn level(i: &str) -> R<'_, &'static str> {
    map(opt(one_of("^v")), |c| match c {
        Some('^') => "air",
        Some(_) => "sub",
        None => "ground",
    })
    .parse(i)
}

/// `Row=1..10`, `Column=1..10`.
fn coord(i: &str) -> R<'_, u8> {
    verify(dec_u8, |v: &u8| (1..=10).contains(v)).parse(i)
}

/// `Location=(Row,Column)`.
pub(crate) fn location(i: &str) -> R<'_, [u8; 2]> {
    map(
        delimited(char('('), (coord, char(','), coord), char(')')),
        |(r, _, c)| [r, c],
    )
    .parse(i)
}

/// `Offset_magnitude` with its optional sign: `0`, `1`, `-0`, `-1`.
fn offset_part(i: &str) -> R<'_, i8> {
    map((opt(char('-')), one_of("01")), |(neg, d)| {
        let v = if d == '1' { 1 } else { 0 };
        if neg.is_some() { -v } else { v }
    })
    .parse(i)
}

/// `Offset=({-}Offset_magnitude,{-}Offset_magnitude)`.
pub(crate) fn offset(i: &str) -> R<'_, [i8; 2]> {
    map(
        delimited(char('('), (offset_part, char(','), offset_part), char(')')),
        |(r, _, c)| [r, c],
    )
    .parse(i)
}

/// `Orient=<|>`, possibly empty.
pub(crate) fn orient(i: &str) -> R<'_, Option<super::Code>> {
    map(opt(one_of("<>")), |o| {
        o.map(|c| Cow::Borrowed(if c == '<' { "<" } else { ">" }))
    })
    .parse(i)
}

/// `Articles=CountArticle{Article{Article}}`, possibly empty. The count says how many codes follow;
/// when they do not, the articles are empty and the digit is left for what comes next (a stun
/// count after `*Piece`).
pub(crate) fn articles<'a>(i: &'a str, n: &Notes) -> R<'a, Vec<super::Code>> {
    let Ok((mut rest, d)) = one_of::<_, _, Error<&str>>("123").parse(i) else {
        return Ok((i, Vec::new()));
    };
    let count = d as usize - '0' as usize;
    let mark = n.len();
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        match article(rest, n) {
            Ok((r, a)) => {
                out.push(Cow::Borrowed(a));
                rest = r;
            }
            Err(_) => {
                n.truncate(mark);
                return Ok((i, Vec::new()));
            }
        }
    }
    Ok((rest, out))
}

/// `Piece_description=Piece_typeLevelLocationArticlesOrient`.
pub(crate) fn piece<'a>(i: &'a str, n: &Notes) -> R<'a, Piece> {
    let (i, (kind, level, at)) = (|i| piece_type(i, n), level, location).parse(i)?;
    let (i, (articles, orient)) = (|i| articles(i, n), orient).parse(i)?;
    Ok((
        i,
        Piece {
            kind: Cow::Borrowed(kind),
            level: Cow::Borrowed(level),
            at,
            articles,
            orient,
        },
    ))
}

/// `LevelLocation`, a destination.
pub(crate) fn dest(i: &str) -> R<'_, Dest> {
    map((level, location), |(l, at)| Dest {
        level: Cow::Borrowed(l),
        at,
    })
    .parse(i)
}

/// `MV:Piece_description->LevelLocation`.
pub(crate) fn mv<'a>(i: &'a str, n: &Notes) -> R<'a, (Piece, Dest)> {
    map(
        preceded(tag("MV:"), (|i| piece(i, n), tag("->"), dest)),
        |(p, _, d)| (p, d),
    )
    .parse(i)
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
fn color(i: &str) -> R<'_, super::Code> {
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
        Hit(Piece, u8, super::Code),
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
