//! The fast path: a one-pass reader for the shapes most move lines and turn headers have, in
//! front of the general parser ([`super::parser`]).
//!
//! The general parser scans a line into a token vector, matches its parentheses, then reads the
//! tokens with every lenient repair in reach. Most lines of most records need none of that: they
//! are `Pac-->GP(XV)-->GLake, Mex`, `Sze(+f, +m) 25`, `A(Assy): Lead, Eng`, written with exact
//! region, empire and card codes and battle tokens. This module reads such a line token by token straight from its bytes (with the
//! lexer's own step, [`next_ascii`], so the tokens are the same), and gives up — having changed
//! nothing — at the first thing the general parser would repair, resolve leniently or report:
//! a character outside ASCII, a name that is not exactly a code, a sea route, `--`, an unclosed or
//! nested bracket, a battle token in the wrong case, an unknown build, `……`, stray punctuation.
//! The line is then read again by the general parser, from scratch.
//!
//! What the fast path reads, it reads with the general parser's pieces where they cost little:
//! builds go to [`build_items`], names to the same tables. Two rules are applied inline, on the
//! shapes read here: battle words are split as `items::battle_scan` splits exact tokens (its
//! loop over the patterns costs more than the rest of the word), and segments are turned into
//! legs by the rules of [`Chain::add`](super::chain::Chain::add) as they are read (the general
//! parser's node buffer and spans cost about as much as the rest of the line). The test
//! `fast_path_reads_as_the_general_parser` checks that the two paths agree. A line it keeps therefore gives exactly what the general parser gives, and no
//! diagnostic but the score's and a card's epoch (which `parser::scores::record_score`
//! and `parser::card::card_epoch` write for both).

use std::borrow::Cow;

use super::game::{Build, Expansion, Turn};
use super::items::build_items;
use super::lexer::{Tk, next_ascii};
use super::tables::{Card, TABLES, Tables};
use super::tokens;

/// The tokens of a line, read one ahead.
struct Toks<'a> {
    text: &'a str,
    /// The next token (kind and byte range), if any.
    next: Option<(Tk, usize, usize)>,
}

/// A token of the line: its kind and byte range.
#[derive(Clone, Copy)]
struct T<'a> {
    kind: Tk,
    line: &'a str,
    start: usize,
    end: usize,
}

impl<'a> T<'a> {
    /// The token's bytes: names are looked up by them, and need no `str` (whose slicing checks
    /// character boundaries).
    fn bytes(self) -> &'a [u8] {
        self.line
            .as_bytes()
            .get(self.start..self.end)
            .unwrap_or_default()
    }
    #[inline]
    fn text(self) -> &'a str {
        self.line.get(self.start..self.end).unwrap_or("")
    }
    /// The 1-based column (the line is ASCII).
    fn col(self) -> u32 {
        self.start as u32 + 1
    }
}

impl<'a> Toks<'a> {
    #[inline]
    fn new(text: &'a str) -> Self {
        Self::at(text, 0)
    }
    /// The tokens of `text` from byte `k` on (a token boundary).
    #[inline]
    fn at(text: &'a str, k: usize) -> Self {
        Toks {
            text,
            next: next_ascii(text.as_bytes(), k),
        }
    }
    fn peek(&self) -> Option<Tk> {
        self.next.map(|t| t.0)
    }
    #[inline(always)]
    fn take(&mut self) -> Option<T<'a>> {
        let (kind, start, end) = self.next?;
        self.next = next_ascii(self.text.as_bytes(), end);
        crate::work::examined(self.next.map_or(self.text.len(), |t| t.2) - end);
        Some(T {
            kind,
            line: self.text,
            start,
            end,
        })
    }
    /// The next token when it is a word.
    #[inline(always)]
    fn word(&mut self) -> Option<T<'a>> {
        self.take().filter(|t| t.kind == Tk::Word)
    }
}

/// The value of a number token (ASCII digits), as `str::parse::<i64>` reads it: None when it
/// does not fit. (Folded here: `parse` checks for a sign and the radix first.)
fn number(digits: &[u8]) -> Option<i64> {
    digits.iter().try_fold(0i64, |n, &d| {
        n.checked_mul(10)?
            .checked_add(i64::from(d.wrapping_sub(b'0')))
    })
}

/// A score read at the end of a line: its value and 1-based column.
pub(super) type Score = Option<(i64, u32)>;

/// The battle tokens and build items of the node being read, reused from line to line: the
/// fast path keeps only known tokens, each as its index in [`tokens::BATTLE`] or
/// [`tokens::ITEMS`], whose lists the output shares ([`tokens::Shared::list`]).
#[derive(Debug, Default)]
pub(super) struct Scratch {
    battles: Vec<u8>,
    items: Vec<u8>,
}

/// Reads a move line of `turn` (`text` is the whole line, not trimmed) when it has only the
/// common shapes; returns its score. None when the line needs the general parser: nothing has
/// been changed then (what was added to `turn` is taken back).
pub(super) fn move_line(text: &str, turn: &mut Turn, sc: &mut Scratch) -> Option<Score> {
    let mut toks = Toks::new(text);
    // the first word must make this a move line for the general parser too (no card name)
    // (the tables once: each use of the `LazyLock` checks that it is initialized)
    let tables: &'static Tables = &TABLES;
    let opener = tables.move_opener(toks.word()?.bytes())?;
    let (expansions, builds) = (turn.expansions.len(), turn.builds.len());
    let read = moves(&mut toks, tables, opener.code.as_str(), turn, sc);
    if read.is_none() {
        turn.expansions.truncate(expansions);
        turn.builds.truncate(builds);
    }
    read
}

/// The state of [`Chain`](super::chain::Chain) on a line the fast path reads (no sea route, no
/// card, no fixed origin).
struct Chained {
    /// The tables the regions are looked up in.
    tables: &'static Tables,
    /// The chain's origin region.
    origin: Option<&'static str>,
    /// Index in `turn.expansions` of the chain's first leg.
    start: usize,
    /// Reading a list of builds (`Alb(+m), SApp(+f)`).
    build_mode: bool,
}

/// The segments of a move line, the first of which starts at the region `opener` (its word
/// read): what [`super::parser`]'s `Lp::moves` does on such a line, then the score.
///
/// The segments are turned into expansions and builds as they are read, by the rules of
/// [`Chain::add`](super::chain::Chain::add) for the shapes read here, without the segment
/// buffer of nodes and spans the general parser fills first: a node's legs and builds go
/// straight to `turn` (`fast_path_reads_as_the_general_parser` checks that both agree). What
/// `Chain::add` would report (a battle on a chain's origin, a lone region) is left to the
/// general parser.
fn moves(
    toks: &mut Toks,
    tables: &'static Tables,
    opener: &'static str,
    turn: &mut Turn,
    sc: &mut Scratch,
) -> Option<Score> {
    let mut chain = Chained {
        tables,
        origin: None,
        start: turn.expansions.len(),
        build_mode: false,
    };
    let mut at_start = true;
    // the first region of the next segment, its word read
    let mut next = Some(opener);
    loop {
        if let Some(name) = next.take() {
            segment(toks, name, at_start, &mut chain, turn, sc)?;
            at_start = false;
            continue;
        }
        let Some(t) = toks.take() else {
            return Some(None);
        };
        match t.kind {
            Tk::Word => next = Some(tables.region_exact(t.bytes())?.code.as_str()),
            Tk::Semi => {
                // `;;` is reported (and `;` cannot open the line: it starts with a word)
                if at_start {
                    return None;
                }
                chain.origin = None;
                chain.start = turn.expansions.len();
                chain.build_mode = false;
                at_start = true;
            }
            // a `,` with no move before it is reported
            Tk::Comma if at_start => return None,
            Tk::Comma => {}
            // a number is the score when it ends the line (and fits)
            Tk::Num if toks.peek().is_none() => {
                return Some(Some((number(t.bytes())?, t.col())));
            }
            _ => return None,
        }
    }
}

/// A segment `A(…)-->B(…)-->C` whose first region, `name`, has been read, added to `turn`.
/// `first`: it opens the line or follows a `;`. It must end the line or come before `,`, `;`
/// or the score.
#[inline(always)]
fn segment(
    toks: &mut Toks,
    name: &'static str,
    first: bool,
    chain: &mut Chained,
    turn: &mut Turn,
    sc: &mut Scratch,
) -> Option<()> {
    groups(toks, sc)?;
    if toks.peek() != Some(Tk::Arrow) {
        end_of_segment(toks)?;
        if (first && chain.origin.is_none()) || chain.build_mode {
            // a build (`Alb(+m)`), alone or in a list of builds; a battle or nothing built
            // on a lone region is reported
            chain.build_mode = true;
            if !sc.battles.is_empty() || sc.items.is_empty() {
                return None;
            }
            turn.builds.push(Build {
                region: Cow::Borrowed(name),
                items: tokens::items(&sc.items),
            });
        } else {
            // a lone region after `,`: a leg from the chain's origin
            let from = chain.origin?;
            leg(turn, from, name, sc);
        }
        return Some(());
    }
    if chain.build_mode {
        chain.build_mode = false;
        chain.origin = None;
    }
    match chain.origin {
        None => {
            // a battle on a chain's origin is reported; its builds go to the turn
            if !sc.battles.is_empty() {
                return None;
            }
            build(turn, name, sc);
            chain.start = turn.expansions.len();
            chain.origin = Some(name);
        }
        Some(o) => {
            let reached = o == name
                || turn
                    .expansions
                    .get(chain.start..)
                    .is_some_and(|legs| legs.iter().any(|e| e.to == name));
            if reached {
                // the legs go on from a region the chain reached (its battle is dropped)
                build(turn, name, sc);
            } else {
                // else they branch from the origin
                leg(turn, o, name, sc);
            }
        }
    }
    let mut prev = name;
    while toks.peek() == Some(Tk::Arrow) {
        toks.take();
        // a sea route `-->(Atl)-->`, or anything but a name, is left to the general parser
        let to = chain
            .tables
            .region_exact(toks.word()?.bytes())?
            .code
            .as_str();
        groups(toks, sc)?;
        leg(turn, prev, to, sc);
        prev = to;
    }
    end_of_segment(toks)
}

/// A segment ends the line or comes before `,`, `;` or the score: anything else (a name in
/// several words, `--`, a stray `)`…) is for the general parser.
#[inline(always)]
fn end_of_segment(toks: &Toks) -> Option<()> {
    match toks.peek() {
        None | Some(Tk::Comma | Tk::Semi | Tk::Num) => Some(()),
        _ => None,
    }
}

/// The leg `from` → `to` with the battle and builds of `to` read into `sc`.
#[inline(always)]
fn leg(turn: &mut Turn, from: &'static str, to: &'static str, sc: &Scratch) {
    turn.expansions.push(Expansion {
        from: Cow::Borrowed(from),
        via: Vec::new(),
        to: Cow::Borrowed(to),
        battle: tokens::battle(&sc.battles),
        builds: tokens::items(&sc.items),
        card: None,
        repaired: false,
    });
}

/// The builds of `region` read into `sc`, if any, as a build of the turn.
#[inline(always)]
fn build(turn: &mut Turn, region: &'static str, sc: &Scratch) {
    if !sc.items.is_empty() {
        turn.builds.push(Build {
            region: Cow::Borrowed(region),
            items: tokens::items(&sc.items),
        });
    }
}

/// The groups `(XV, c/)(+f)` of a region whose word has been read, into `sc` (emptied first).
#[inline(always)]
fn groups(toks: &mut Toks, sc: &mut Scratch) -> Option<()> {
    sc.battles.clear();
    sc.items.clear();
    while toks.peek() == Some(Tk::LParen) {
        toks.take();
        group(toks, sc)?;
    }
    Some(())
}

/// The battle tokens of a word written exactly as the notation's (`XXV`, `c/`, `fW`), onto
/// `out`: what `items::battle_scan` reads without normalizing (at each place the first of its exact
/// tokens that fits), on the word's bytes. None for anything else (normalized or not a battle:
/// for the general parser), having maybe pushed some tokens.
#[inline(always)]
fn battle(w: &[u8], out: &mut Vec<u8>) -> Option<()> {
    if w.is_empty() {
        return None;
    }
    let mut rest = w;
    while let Some((&c, tail)) = rest.split_first() {
        let next = tail.first().copied();
        // (the index of each token in `tokens::BATTLE`)
        let (tok, n): (u8, usize) = match (c, next) {
            (b'X', _) => (0, 1),
            (b'V', _) => (1, 1),
            (b'=', _) => (2, 1),
            (b'R', _) => (3, 1),
            (b'W', _) => (4, 1),
            (b'M', _) => (5, 1),
            (b'c', Some(b'/')) => (6, 2),
            (b'c', Some(b'X')) => (7, 2),
            (b'f', Some(b'X')) => (8, 2),
            // `fW` is the two tokens f and W: read as f, then W
            (b'f', _) => (9, 1),
            (b'm', Some(b'X')) => (10, 2),
            (b'S', Some(b't')) => (11, 2),
            _ if rest.starts_with(b"sea") => (12, 3),
            _ if rest.starts_with(b"For") => (13, 3),
            _ => return None,
        };
        out.push(tok);
        rest = rest.get(n..).unwrap_or_default();
    }
    Some(())
}

/// The battle tokens and builds of a group, its `(` read, up to its `)`.
#[inline(always)]
fn group(toks: &mut Toks, sc: &mut Scratch) -> Option<()> {
    loop {
        // a line ending inside the group: an unclosed bracket
        let t = toks.take()?;
        match t.kind {
            Tk::RParen => return Some(()),
            // not battle tokens, or in the wrong case: reported
            Tk::Word => battle(t.bytes(), &mut sc.battles)?,
            Tk::Plus => {
                let mut known = true;
                build_items(t.text(), |item| {
                    match item.ok().and_then(tokens::item_index) {
                        Some(b) => sc.items.push(b),
                        None => known = false,
                    }
                });
                if !known {
                    return None;
                }
            }
            // separators, ignored in a group
            Tk::Comma | Tk::Colon | Tk::Semi => {}
            // a nested bracket, a number, an arrow, `……`, a stray character
            _ => return None,
        }
    }
}

/// A turn header read by [`header`].
pub(super) struct Header<'a> {
    /// The seat's index (`A` is 0).
    pub seat: usize,
    /// The empire as written, and its 1-based column.
    pub empire: &'a str,
    pub empire_col: u32,
    pub score: Score,
}

/// Reads a turn header `A(Assy): Lead, Eng 12` when it has the common shape: a seat letter, one
/// word in brackets, a colon, then only cards named exactly by their codes, none read by its
/// arguments (`Civil…`, `King`), separated by commas, and maybe the score. `cards` gets the
/// cards with their columns. None, having changed nothing but `cards`, when the line needs the
/// general parser.
pub(super) fn header<'a>(
    text: &'a str,
    cards: &mut Vec<(&'static Card, u32)>,
) -> Option<Header<'a>> {
    // most lines are no header: told at their first two bytes (a header the fast path reads
    // opens with its seat letter and a bracket or a space)
    let seat = match text.as_bytes() {
        &[c @ b'A'..=b'F', b'(' | b' ', ..] => usize::from(c - b'A'),
        _ => return None,
    };
    // (the seat letter, a word of one byte, is not scanned again)
    let mut toks = Toks::at(text, 1);
    if toks.take()?.kind != Tk::LParen {
        return None;
    }
    let empire = toks.word()?;
    if toks.take()?.kind != Tk::RParen {
        return None;
    }
    // a header without its colon is reported
    if toks.take()?.kind != Tk::Colon {
        return None;
    }
    cards.clear();
    let mut score = None;
    let tables: &'static Tables = &TABLES;
    while let Some(t) = toks.take() {
        match t.kind {
            Tk::Word => {
                cards.push((tables.plain_card(t.bytes())?, t.col()));
                // a card's arguments, or anything but `,` after it, are for the general parser
                if !matches!(toks.peek(), None | Some(Tk::Comma | Tk::Num)) {
                    return None;
                }
            }
            // (before the first card a comma makes the line a move line, and is reported)
            Tk::Comma if !cards.is_empty() => {}
            // a number is the score when it ends the line (and fits)
            Tk::Num if toks.peek().is_none() => {
                score = Some((number(t.bytes())?, t.col()));
            }
            _ => return None,
        }
    }
    Some(Header {
        seat,
        empire: empire.text(),
        empire_col: empire.col(),
        score,
    })
}
