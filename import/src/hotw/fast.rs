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
//! What the fast path reads, it reads with the general parser's pieces: the segments go to the
//! same [`Chain::add`], battle words to [`battle_into`], builds to [`build_items`], names to
//! the same tables. A line it keeps therefore gives exactly what the general parser gives, and
//! no diagnostic but the score's and a card's epoch (which `parser::record_score` and
//! `parser::card_epoch` write for both).

use std::borrow::Cow;

use super::Turn;
use super::chain::{Chain, Lists, Node};
use super::lexer::{Tk, next_ascii};
use super::parser::{battle_into, build_items};
use super::tables::{Card, TABLES};

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
        Toks {
            text,
            next: next_ascii(text.as_bytes(), 0),
        }
    }
    fn peek(&self) -> Option<Tk> {
        self.next.map(|t| t.0)
    }
    #[inline(always)]
    fn take(&mut self) -> Option<T<'a>> {
        let (kind, start, end) = self.next?;
        self.next = next_ascii(self.text.as_bytes(), end);
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

/// A score read at the end of a line: its value and 1-based column.
pub(super) type Score = Option<(i64, u32)>;

/// Reads a move line of `turn` (`text` is the whole line, not trimmed) when it has only the
/// common shapes; returns its score. None when the line needs the general parser: nothing has
/// been changed then (what was added to `turn` is taken back).
pub(super) fn move_line(
    text: &str,
    turn: &mut Turn,
    seq: &mut Vec<Node>,
    lists: &mut Lists,
) -> Option<Score> {
    let mut toks = Toks::new(text);
    // the first word must make this a move line for the general parser too (no card name)
    let opener = TABLES.move_opener(toks.word()?.bytes())?;
    let (expansions, builds) = (turn.expansions.len(), turn.builds.len());
    let read = moves(
        &mut toks,
        Cow::Borrowed(opener.code.as_str()),
        turn,
        seq,
        lists,
    );
    if read.is_none() {
        turn.expansions.truncate(expansions);
        turn.builds.truncate(builds);
    }
    read
}

// `segment`, `node` and `group` are inlined into `moves`: one function for the whole line (each
// was a call per segment, region or group; 410.6M -> 393.2M instructions on the bench corpus).

/// The segments of a move line, the first of which starts at the region `opener` (its word
/// read): what [`super::parser`]'s `Lp::moves` does on such a line, then the score.
fn moves(
    toks: &mut Toks,
    opener: Cow<'static, str>,
    turn: &mut Turn,
    seq: &mut Vec<Node>,
    lists: &mut Lists,
) -> Option<Score> {
    lists.clear();
    let mut chain = Chain::new(None, turn);
    let mut at_start = true;
    // the first region of the next segment, its word read
    let mut next = Some(opener);
    loop {
        if let Some(name) = next.take() {
            segment(toks, name, seq, lists)?;
            let first = at_start;
            at_start = false;
            // a snag (a battle on a chain's origin, a lone region) is reported
            if chain.add(seq, first, false, None, lists, turn).is_some() {
                return None;
            }
            continue;
        }
        let Some(t) = toks.take() else {
            return Some(None);
        };
        match t.kind {
            Tk::Word => next = Some(Cow::Borrowed(TABLES.region_exact(t.bytes())?.code.as_str())),
            Tk::Semi => {
                // `;;` is reported (and `;` cannot open the line: it starts with a word)
                if at_start {
                    return None;
                }
                chain.semicolon(turn);
                at_start = true;
            }
            // a `,` with no move before it is reported
            Tk::Comma if at_start => return None,
            Tk::Comma => {}
            // a number is the score when it ends the line (and fits)
            Tk::Num if toks.peek().is_none() => {
                return Some(Some((t.text().parse::<i64>().ok()?, t.col())));
            }
            _ => return None,
        }
    }
}

/// A segment `A(…)-->B(…)-->C` whose first region, `name`, has been read, into `seq`. It must
/// end the line or come before `,`, `;` or the score.
#[inline(always)]
fn segment(
    toks: &mut Toks,
    name: Cow<'static, str>,
    seq: &mut Vec<Node>,
    lists: &mut Lists,
) -> Option<()> {
    seq.clear();
    seq.push(node(toks, name, lists)?);
    loop {
        match toks.peek() {
            Some(Tk::Arrow) => {
                toks.take();
                // a sea route `-->(Atl)-->`, or anything but a name, is left to the general parser
                let to = Cow::Borrowed(TABLES.region_exact(toks.word()?.bytes())?.code.as_str());
                seq.push(node(toks, to, lists)?);
            }
            None | Some(Tk::Comma | Tk::Semi | Tk::Num) => return Some(()),
            // a name in several words, `--`, a stray `)`…
            _ => return None,
        }
    }
}

/// A region (`name`, its word read) with its groups `(XV, c/)(+f)`.
#[inline(always)]
fn node(toks: &mut Toks, name: Cow<'static, str>, lists: &mut Lists) -> Option<Node> {
    let mut node = Node::new(name, lists);
    while toks.peek() == Some(Tk::LParen) {
        toks.take();
        group(toks, &mut node, lists)?;
    }
    Some(node)
}

/// The battle tokens and builds of a group, its `(` read, up to its `)`.
#[inline(always)]
fn group(toks: &mut Toks, node: &mut Node, lists: &mut Lists) -> Option<()> {
    loop {
        // a line ending inside the group: an unclosed bracket
        let t = toks.take()?;
        match t.kind {
            Tk::RParen => return Some(()),
            Tk::Word => {
                // not battle tokens, or in the wrong case: reported
                let normalized = battle_into(lists, node, t.text())?;
                if normalized {
                    return None;
                }
            }
            Tk::Plus => {
                let mut known = true;
                build_items(t.text(), |item| match item {
                    Ok(b) => lists.items.push(Cow::Borrowed(b)),
                    Err(_) => known = false,
                });
                node.builds.hi = lists.items.len() as u32;
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
    let mut toks = Toks::new(text);
    toks.take()?;
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
    while let Some(t) = toks.take() {
        match t.kind {
            Tk::Word => {
                cards.push((TABLES.plain_card(t.bytes())?, t.col()));
                // a card's arguments, or anything but `,` after it, are for the general parser
                if !matches!(toks.peek(), None | Some(Tk::Comma | Tk::Num)) {
                    return None;
                }
            }
            // (before the first card a comma makes the line a move line, and is reported)
            Tk::Comma if !cards.is_empty() => {}
            // a number is the score when it ends the line (and fits)
            Tk::Num if toks.peek().is_none() => {
                score = Some((t.text().parse::<i64>().ok()?, t.col()));
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
