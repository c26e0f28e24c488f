//! The grammar's hand-written productions against their nom forms, and the code tables.

use super::*;

/// The nom forms of the productions now written by hand: the reference they are tested
/// against (same results, same rest, same notes, same error offsets).
mod reference {
    use super::super::*;
    use nom::combinator::{opt, verify};

    pub fn pick<'a>(i: &'a str, table: &'static [Code], n: &Notes) -> R<'a, &'static str> {
        let ib = i.as_bytes();
        for code in table {
            let w = code.written.as_bytes();
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
    pub fn level(i: &str) -> R<'_, &'static str> {
        map(opt(one_of("^v")), |c| match c {
            Some('^') => "air",
            Some(_) => "sub",
            None => "ground",
        })
        .parse(i)
    }
    fn coord(i: &str) -> R<'_, u8> {
        verify(dec_u8, |v: &u8| (1..=10).contains(v)).parse(i)
    }
    pub fn location(i: &str) -> R<'_, [u8; 2]> {
        map(
            delimited(char('('), (coord, char(','), coord), char(')')),
            |(r, _, c)| [r, c],
        )
        .parse(i)
    }
    fn offset_part(i: &str) -> R<'_, i8> {
        map((opt(char('-')), one_of("01")), |(neg, d)| {
            let v = if d == '1' { 1 } else { 0 };
            if neg.is_some() { -v } else { v }
        })
        .parse(i)
    }
    pub fn offset(i: &str) -> R<'_, [i8; 2]> {
        map(
            delimited(char('('), (offset_part, char(','), offset_part), char(')')),
            |(r, _, c)| [r, c],
        )
        .parse(i)
    }
    pub fn orient(i: &str) -> R<'_, Option<crate::wec::Code>> {
        map(opt(one_of("<>")), |o| {
            o.map(|c| Cow::Borrowed(if c == '<' { "<" } else { ">" }))
        })
        .parse(i)
    }
    pub fn articles<'a>(i: &'a str, n: &Notes) -> R<'a, Vec<crate::wec::Code>> {
        let Ok((mut rest, d)) = one_of::<_, _, Error<&str>>("123").parse(i) else {
            return Ok((i, Vec::new()));
        };
        let count = d as usize - '0' as usize;
        let mark = n.len();
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            match pick(rest, codes::ARTICLES, n) {
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
    pub fn piece<'a>(i: &'a str, n: &Notes) -> R<'a, Piece> {
        let (i, (kind, level, at)) =
            (|i| pick(i, codes::PIECE_TYPES, n), level, location).parse(i)?;
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
    pub fn dest(i: &str) -> R<'_, Dest> {
        map((level, location), |(l, at)| Dest {
            level: Cow::Borrowed(l),
            at,
        })
        .parse(i)
    }
    pub fn mv<'a>(i: &'a str, n: &Notes) -> R<'a, (Piece, Dest)> {
        map(
            preceded(tag("MV:"), (|i| piece(i, n), tag("->"), dest)),
            |(p, _, d)| (p, d),
        )
        .parse(i)
    }
}

/// A result as offsets: `Ok((rest length, value))` or `Err(error offset)`.
fn outcome<T: std::fmt::Debug>(input: &str, r: R<'_, T>) -> Result<(usize, String), usize> {
    match r {
        Ok((rest, v)) => Ok((rest.len(), format!("{v:?}"))),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(input.len() - e.input.len()),
        Err(nom::Err::Incomplete(_)) => Err(usize::MAX),
    }
}

/// Soups of the grammar's tokens (and a few that are not), deterministic.
fn soups() -> Vec<String> {
    const TOKENS: [&str; 40] = [
        "MV:",
        "->",
        "-",
        ">",
        "<",
        "^",
        "v",
        "(",
        ")",
        ",",
        "0",
        "1",
        "2",
        "3",
        "5",
        "9",
        "10",
        "010",
        "11",
        "255",
        "256",
        "99999999999",
        "-1",
        "TA",
        "T",
        "AS",
        "ASH",
        "STP",
        "SHP",
        "XP",
        "JP",
        "JU",
        "FL",
        "TK",
        "S",
        "Q",
        "K",
        "é",
        "（",
        "",
    ];
    let mut out = Vec::new();
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..10_000 {
        let mut s = String::new();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        for _ in 0..1 + x % 12 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            s.push_str(TOKENS[(x % TOKENS.len() as u64) as usize]);
        }
        out.push(s);
    }
    // and well-formed moves with their prefixes
    for m in [
        "MV:TA(5,5)->(6,6)",
        "MV:JE^(10,7)->^(10,10)",
        "MV:SHP(2,5)2FLJP<->v(3,6)",
        "MV:AS(1,1)3ASHASTSK>->(1,2)",
    ] {
        for k in 0..=m.len() {
            out.push(m[..k].to_string());
            out.push(format!("{}(0,-1)", &m[..k]));
        }
    }
    out
}

#[test]
fn every_code_begins_with_a_capital() {
    for t in [
        codes::PIECE_TYPES,
        codes::ARTICLES,
        codes::FIRING,
        codes::RESULT_TYPES,
    ] {
        assert!(t.len() <= 64);
        for c in t {
            assert!(
                c.written.as_bytes()[0].is_ascii_uppercase(),
                "{}",
                c.written
            );
        }
    }
}

#[test]
fn hand_written_productions_match_their_nom_forms() {
    for s in soups() {
        for k in 0..s.len() {
            let Some(i) = s.get(k..) else { continue };
            let (a, b) = (Notes::default(), Notes::default());
            assert_eq!(
                outcome(i, mv(i, &a)),
                outcome(i, reference::mv(i, &b)),
                "mv {i:?}"
            );
            assert_eq!(a.items, b.items, "mv notes {i:?}");
            let (a, b) = (Notes::default(), Notes::default());
            assert_eq!(
                outcome(i, piece(i, &a)),
                outcome(i, reference::piece(i, &b)),
                "piece {i:?}"
            );
            assert_eq!(a.items, b.items, "piece notes {i:?}");
            let (a, b) = (Notes::default(), Notes::default());
            assert_eq!(
                outcome(i, articles(i, &a)),
                outcome(i, reference::articles(i, &b)),
                "articles {i:?}"
            );
            assert_eq!(a.items, b.items, "articles notes {i:?}");
            for (t, r) in [
                (&PIECE_TYPES, codes::PIECE_TYPES),
                (&ARTICLES, codes::ARTICLES),
                (&FIRING, codes::FIRING),
                (&RESULT_TYPES, codes::RESULT_TYPES),
            ] {
                let (a, b) = (Notes::default(), Notes::default());
                assert_eq!(
                    outcome(i, pick(i, t, &a)),
                    outcome(i, reference::pick(i, r, &b)),
                    "pick {i:?}"
                );
                assert_eq!(a.items, b.items, "pick notes {i:?}");
            }
            assert_eq!(outcome(i, location(i)), outcome(i, reference::location(i)));
            assert_eq!(outcome(i, offset(i)), outcome(i, reference::offset(i)));
            assert_eq!(outcome(i, dest(i)), outcome(i, reference::dest(i)));
            assert_eq!(outcome(i, level(i)), outcome(i, reference::level(i)));
            assert_eq!(outcome(i, orient(i)), outcome(i, reference::orient(i)));
        }
    }
}
