//! The line-by-line HotW parser. See the module docs of [`crate::hotw`] for the grammar and every
//! lenient decision; this file holds the mechanics.

use std::borrow::Cow;

use super::chain::{Chain, Lists, Node, Snag, Span};
use super::fast;
pub use super::items::battle_word;
use super::items::{battle_into, build_items};
use super::lexer::{Tk, Tok, UNPAIRED, lex_paired};

/// The token, parenthesis and bracket-stack buffers of a line, reused from line to line.
type Buffers = (Vec<Tok>, Vec<usize>, Vec<usize>);
use super::tables::{
    Card, How, RegionType, TABLES, fold_key, is_numeral_char, roman_lenient, roman_str, with_key,
};
use super::{Build, CardPlay, Checkpoint, Holding, HotwGame, Target, Turn, code};
use crate::diag::Sink;
use crate::model::{Ctx, Outcome, Parsed, Seat};
use crate::text::fold_width;

const SEATS: [&str; 6] = ["A", "B", "C", "D", "E", "F"];
const DEFAULT_COLOURS: [&str; 6] = ["Red", "Yellow", "Green", "Deep", "Blue", "Purple"];

/// One scanned line.
struct Line<'a> {
    text: &'a str,
    toks: Vec<Tok>,
    /// The matching parenthesis of each token ([`lex_paired`]; empty when the line has none).
    m: Vec<usize>,
    stack: Vec<usize>,
    no: u32,
}

impl<'a> Line<'a> {
    fn new(text: &'a str, no: u32) -> Self {
        Self::with_buffers(text, no, (Vec::new(), Vec::new(), Vec::new()))
    }
    /// A line scanned into reused buffers (see [`Line::into_buffers`]).
    fn with_buffers(text: &'a str, no: u32, (mut toks, mut m, mut stack): Buffers) -> Self {
        lex_paired(text, &mut toks, &mut m, &mut stack);
        Line {
            text,
            toks,
            m,
            stack,
            no,
        }
    }
    fn into_buffers(self) -> Buffers {
        (self.toks, self.m, self.stack)
    }
    fn kind(&self, i: usize) -> Option<Tk> {
        self.toks.get(i).map(|t| t.kind)
    }
    fn s(&self, i: usize) -> &'a str {
        self.toks
            .get(i)
            .and_then(|t| self.text.get(t.start..t.end))
            .unwrap_or("")
    }
    fn col(&self, i: usize) -> u32 {
        self.toks
            .get(i)
            .map(|t| t.col + 1)
            .or_else(|| self.toks.last().map(|t| t.col + 1))
            .unwrap_or(1)
    }
    /// The text of tokens `lo..hi`, as written.
    fn raw(&self, lo: usize, hi: usize) -> &'a str {
        let (Some(a), Some(b)) = (self.toks.get(lo), self.toks.get(hi.saturating_sub(1))) else {
            return "";
        };
        if b.end < a.start {
            return "";
        }
        self.text.get(a.start..b.end).unwrap_or("")
    }
    /// Index of the matching `)` of the `(` at `i` when it closes before `hi`.
    fn close(&self, i: usize, hi: usize) -> Option<usize> {
        self.pair(i).filter(|&r| r > i && r < hi)
    }
    /// The matching parenthesis of token `i`, if it has one.
    fn pair(&self, i: usize) -> Option<usize> {
        self.m.get(i).copied().filter(|&r| r != UNPAIRED)
    }
    /// The next token of `kind` at or after `i` (before `hi`), or `hi`.
    fn find(&self, i: usize, hi: usize, kinds: &[Tk]) -> usize {
        (i..hi)
            .find(|&k| self.kind(k).is_some_and(|t| kinds.contains(&t)))
            .unwrap_or(hi)
    }
}

/// What makes an arrow token one of the forms the parser reports (`>` alone, `>>`, `->>`, `~>`,
/// `入`): None for the arrows read silently (`-->`, `->`, `=>`, `→`). Told at the arrow's first
/// and last bytes.
fn odd_arrow(a: &str) -> Option<&'static str> {
    let b = a.as_bytes();
    if b.ends_with(b">>") {
        return Some("a \">\" too many");
    }
    match b.first()? {
        b'>' => Some("a \">\" alone"),
        b'~' => Some("tildes for the dashes"),
        _ if a == "入" => Some("\"入\", into, between two regions"),
        _ if a.starts_with('～') => Some("tildes for the dashes"),
        _ => None,
    }
}

/// False when `w` cannot be `civil`, `king` or `kingdom` in any case, with dots or spaces: an
/// ASCII word whose first other letter is no c or k is none of them (and needs no folding).
fn maybe_key(w: &str) -> bool {
    !w.is_ascii()
        || matches!(
            w.bytes().find(|&b| b != b'.' && b != b' '),
            Some(b'c' | b'C' | b'k' | b'K')
        )
}

/// A card written by its full name in several words: the card, how its name was found, and the
/// index of the token after its last word.
type FullName = (&'static Card, How<'static>, usize);

/// The card whose name is written in several words from the word `i` (`Civil Service`,
/// `Naval Power`, `Jewish Revolt`, `Black Death`; appendix 3's names), the longest that names
/// one (up to four words, before `hi`). None when the next token is no word (most cards) or no
/// run of words names a card: each word is then read on its own. With `fuzzy`, a run none of
/// whose names is exact is read as a misspelled name of several words (`Civil Servise`, `Navel
/// Power`, `Elite Trops`) when a word after its first is no card on its own, not even misspelled:
/// two cards written without a comma between them (`Lead Eng`, `Civil Wea`, `P Popu`) are no
/// misspelled name.
fn card_full_name(l: &Line, i: usize, hi: usize, fuzzy: bool) -> Option<FullName> {
    // words of a name: they start with a letter (a stray `.` is no part of one)
    let named = |k: usize| {
        l.kind(k) == Some(Tk::Word) && l.s(k).chars().next().is_some_and(char::is_alphabetic)
    };
    if i + 1 >= hi || !named(i + 1) || !named(i) {
        return None;
    }
    let mut end = i + 2;
    while end < hi && end < i + 4 && named(end) {
        end += 1;
    }
    let longest = end;
    while end > i + 1 {
        if let Some((c, how)) = TABLES.card(l.raw(i, end), false) {
            return Some((c, how, end));
        }
        end -= 1;
    }
    if !fuzzy {
        return None;
    }
    end = longest;
    while end > i + 1 {
        if (i + 1..end).any(|k| TABLES.card(l.s(k), true).is_none()) {
            let raw = l.raw(i, end);
            // an alias of several words (`Civil Service`), or a full name
            let found = TABLES
                .card(raw, true)
                .filter(|(c, how)| how.is_fuzzy() && c.name.contains(' '))
                .or_else(|| {
                    TABLES
                        .card_misspelled_name(raw)
                        .map(|(c, d)| (c, How::Fuzzy(d)))
                });
            if let Some((c, how)) = found {
                return Some((c, how, end));
            }
        }
        end -= 1;
    }
    None
}

/// What a card word is, for the cards read by their arguments.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CardKey {
    Civil,
    King,
    Other,
}

/// Parser of one line's tokens, writing diagnostics and collecting unreadable parts.
struct Lp<'l, 's> {
    l: &'l Line<'l>,
    sink: &'s mut Sink,
    epoch: u8,
    unparsed: Vec<String>,
    /// `+N` texts of the card being read (for its detail).
    plus: Vec<String>,
    /// A buffer for the nodes of a segment, reused.
    seq: Vec<Node>,
    /// The tokens the nodes of a segment point into, reused.
    lists: Lists,
    /// The first word of the line and its region row, when `turn_line` found it to be exactly a
    /// region's code: [`Lp::region_str`] then needs no second look-up of the same word.
    memo: Option<(&'l str, usize)>,
}

impl Lp<'_, '_> {
    fn warn(&mut self, code: &str, i: usize, msg: String) {
        let col = self.l.col(i);
        self.sink.warning(code, self.l.no, col, msg);
    }
    fn info(&mut self, code: &str, i: usize, msg: String) {
        let col = self.l.col(i);
        self.sink.info(code, self.l.no, col, msg);
    }
    fn unreadable(&mut self, lo: usize, hi: usize) {
        let raw = self.l.raw(lo, hi.max(lo + 1)).trim().to_string();
        if raw.is_empty() {
            return;
        }
        let col = self.l.col(lo);
        self.sink.error(
            code::UNREADABLE,
            self.l.no,
            col,
            format!("could not read {raw:?}; kept as raw text"),
        );
        self.unparsed.push(raw);
    }

    /// Resolves a region-like word with diagnostics. With `allow_x`, a word that does not resolve but
    /// does without a trailing `X` (`GanValX` style) yields the region and a lost battle.
    fn region_at(&mut self, i: usize, allow_x: bool) -> (Cow<'static, str>, bool) {
        let w = self.l.s(i);
        if allow_x && w.len() > 1 && w.ends_with('X') && TABLES.region(w, false).is_none() {
            let stem = w.get(..w.len() - 1).unwrap_or("");
            if TABLES.region(stem, false).is_some() {
                return (self.region_str(stem, i), true);
            }
        }
        (self.region_str(w, i), false)
    }

    fn region_str(&mut self, w: &str, i: usize) -> Cow<'static, str> {
        if let Some((m, row)) = self.memo
            && std::ptr::eq(m, w)
            && let Some(r) = TABLES.region_at_row(row)
        {
            return Cow::Borrowed(r.code.as_str());
        }
        match TABLES.region(w, true) {
            Some((r, how)) => {
                let code = Cow::Borrowed(r.code.as_str());
                if how != How::Exact {
                    self.report_inexact(
                        &how,
                        w,
                        &code,
                        i,
                        code::REGION_ALIAS,
                        code::REGION_DOTTED,
                        code::REGION_FUZZY,
                        "region",
                    );
                }
                code
            }
            None => {
                self.warn(
                    code::REGION_UNKNOWN,
                    i,
                    format!("unknown region {w:?}; kept as written"),
                );
                Cow::Owned(w.to_string())
            }
        }
    }

    /// Reports how a name was resolved when it was not its exact code (callers check `how`
    /// first: an exact code, the common case, costs no call).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn report_inexact(
        &mut self,
        how: &How,
        w: &str,
        code_: &str,
        i: usize,
        alias: &str,
        dotted: &str,
        fuzzy: &str,
        what: &str,
    ) {
        match how {
            How::Exact => {}
            How::Folded => {
                if w.contains('.') && w.chars().filter(|c| *c != '.').eq(code_.chars()) {
                    self.info(dotted, i, format!("dotted {what} {w:?} read as {code_}"));
                } else {
                    self.info(alias, i, format!("{what} {w:?} read as {code_}"));
                }
            }
            How::Alias(note) => {
                let (open, close) = if note.is_empty() {
                    ("", "")
                } else {
                    (" (", ")")
                };
                self.info(
                    alias,
                    i,
                    format!("{what} alias {w:?} read as {code_}{open}{note}{close}"),
                );
            }
            How::Name => self.info(alias, i, format!("{what} name {w:?} read as {code_}")),
            How::Fuzzy(d) => self.warn(
                fuzzy,
                i,
                format!("{what} {w:?} read as {code_} (a misspelling? edit distance {d})"),
            ),
        }
    }

    /// Reads battle and build tokens of the group opening at `lp`; returns the index after it.
    fn group(&mut self, lp: usize, hi: usize, node: &mut Node) -> usize {
        let (end, matched) = match self.l.close(lp, hi) {
            Some(rp) => (rp, true),
            None => {
                self.warn(
                    code::BRACKET_REPAIRED,
                    lp,
                    "unclosed \"(\": closed before the next move".into(),
                );
                node.repaired = true;
                (hi, false)
            }
        };
        let mut k = lp + 1;
        while k < end {
            let Some(kind) = self.l.kind(k) else { break };
            match kind {
                Tk::Word => {
                    let w = self.l.s(k);
                    let before = node.battle.hi as usize;
                    if let Some(norm) = battle_into(&mut self.lists, node, w) {
                        if norm {
                            let toks = self
                                .lists
                                .battles
                                .get(before..)
                                .unwrap_or_default()
                                .join(" ");
                            self.info(
                                code::BATTLE_NORMALIZED,
                                k,
                                format!("battle {w:?} read as {toks}"),
                            );
                        }
                    } else if !matched {
                        // the unclosed group ends before this name (and the comma before it)
                        return if self.l.kind(k - 1) == Some(Tk::Comma) {
                            k - 1
                        } else {
                            k
                        };
                    } else {
                        self.warn(
                            code::BATTLE_UNKNOWN,
                            k,
                            format!("{w:?} is no battle token; kept as written"),
                        );
                        self.lists.battle(node, Cow::Owned(w.to_string()));
                    }
                }
                Tk::Plus => {
                    self.plus_items(k);
                    node.builds.hi = self.lists.items.len() as u32;
                }
                Tk::Comma | Tk::Colon | Tk::Ellipsis => {}
                Tk::Semi | Tk::Arrow | Tk::Dash2 | Tk::RParen | Tk::LParen if !matched => return k,
                Tk::Semi | Tk::LParen | Tk::RParen => {}
                Tk::Num => {
                    let w = self.l.s(k);
                    self.warn(
                        code::BATTLE_UNKNOWN,
                        k,
                        format!("{w:?} is no battle token; kept as written"),
                    );
                    self.lists.battle(node, Cow::Owned(w.to_string()));
                }
                Tk::Arrow | Tk::Dash2 => {
                    self.unreadable(k, end);
                    return end + 1;
                }
                // `¢`, `ȼ`: chapter 4's c/ typed as one character (the `/` is written over the
                // `c`)
                Tk::Other if matches!(self.l.s(k), "¢" | "ȼ" | "￠") => {
                    let w = self.l.s(k);
                    self.info(
                        code::BATTLE_NORMALIZED,
                        k,
                        format!("battle {w:?} read as c/ (the capital reduced to a city)"),
                    );
                    self.lists.battle(node, Cow::Borrowed("c/"));
                }
                Tk::Other => self.stray(k),
            }
            k += 1;
        }
        if matched { end + 1 } else { end }
    }

    fn stray(&mut self, k: usize) {
        let w = self.l.s(k);
        if w == "." {
            self.info(code::PUNCTUATION, k, "stray \".\" ignored".into());
        } else {
            self.warn(code::STRAY_CHAR, k, format!("stray {w:?} ignored"));
        }
    }

    /// `+f`, `+ct`, `+f+m` → build items, pushed onto `self.lists.items`.
    fn plus_items(&mut self, k: usize) {
        let w = self.l.s(k);
        let lists = &mut self.lists;
        let mut unknown = false;
        build_items(w, |item| {
            lists.items.push(match item {
                Ok(b) => Cow::Borrowed(b),
                Err(part) => {
                    unknown = true;
                    Cow::Owned(part.to_string())
                }
            })
        });
        if unknown {
            // every warning of the word is at its column, in the order of its items
            build_items(w, |item| {
                if let Err(part) = item {
                    self.warn(
                        code::BUILD_UNKNOWN,
                        k,
                        format!("build \"+{part}\" is none of +f, +m, +ct; kept as written"),
                    );
                }
            });
        }
    }

    /// A region with its groups, at the word `i`.
    fn node(&mut self, i: usize, hi: usize) -> (Node, usize) {
        let mut j = i + 1;
        let (name, lost) = match self.full_name(i, hi) {
            Some((code_, end)) => {
                let w = self.l.raw(i, end);
                self.info(
                    code::REGION_ALIAS,
                    i,
                    format!("region name {w:?} read as {code_}"),
                );
                j = end;
                (code_, false)
            }
            None => self.region_at(i, true),
        };
        let mut node = Node::new(name, &self.lists);
        if lost {
            self.lists.battle(&mut node, "X".into());
        }
        while j < hi && self.l.kind(j) == Some(Tk::LParen) {
            j = self.group(j, hi, &mut node);
        }
        (node, j)
    }

    /// A full name written in several words (`Great Plain of China`, `Western Mediterranean`)
    /// starting at `i`: the code and the index after the last word. The first word may be a code
    /// itself (`Wei River`, `Yellow River`, `Congo Basin`): the words together are the name of
    /// that region only.
    fn full_name(&self, i: usize, hi: usize) -> Option<(Cow<'static, str>, usize)> {
        if self.l.kind(i) != Some(Tk::Word) || self.l.kind(i + 1) != Some(Tk::Word) {
            return None;
        }
        let mut end = i + 1;
        while end < hi && end < i + 5 && self.l.kind(end) == Some(Tk::Word) {
            end += 1;
        }
        while end > i + 1 {
            if let Some((r, How::Name)) = TABLES.region(self.l.raw(i, end), false) {
                return Some((Cow::Borrowed(r.code.as_str()), end));
            }
            end -= 1;
        }
        None
    }

    /// Pushes the sea `name` (token `k`) onto `self.lists.vias`, warning when it is a land
    /// region; the new end of the list.
    fn via(&mut self, name: Cow<'static, str>, k: usize) -> u32 {
        if TABLES
            .region(&name, false)
            .is_some_and(|(r, _)| r.kind != RegionType::Sea)
        {
            self.warn(
                code::VIA_NOT_SEA,
                k,
                format!("{name} in a sea route is not a sea"),
            );
        }
        self.lists.vias.push(name);
        self.lists.vias.len() as u32
    }

    /// Seas of a sea route `(Atl, Ind, WPac)` between `lo` and `hi`, pushed onto
    /// `self.lists.vias`.
    fn seas(&mut self, lo: usize, hi: usize) -> Span {
        let mut out = Span::at_end(&self.lists.vias);
        let mut skip_to = lo;
        for k in lo..hi {
            if k < skip_to {
                continue;
            }
            match self.l.kind(k) {
                Some(Tk::Word) => {
                    // `(Eastern Mediterranean)`: a sea by its full name
                    if let Some((code_, end)) = self.full_name(k, hi) {
                        let w = self.l.raw(k, end);
                        self.info(
                            code::REGION_ALIAS,
                            k,
                            format!("sea name {w:?} read as {code_}"),
                        );
                        out.hi = self.via(code_, k);
                        skip_to = end;
                        continue;
                    }
                    let w = self.l.s(k);
                    let name = self.region_str(w, k);
                    out.hi = self.via(name, k);
                }
                Some(Tk::Comma | Tk::Semi) => {}
                _ => self.stray(k),
            }
        }
        out
    }

    /// One segment: `node (leg node)*`, optionally starting from a given node. Err(position) when
    /// it cannot start or a leg has no destination.
    fn segment(
        &mut self,
        i: usize,
        hi: usize,
        start: Option<Node>,
        nodes: &mut Vec<Node>,
    ) -> Result<usize, usize> {
        nodes.clear();
        let mut j = i;
        match start {
            Some(n) => nodes.push(n),
            None => {
                while j < hi && self.l.kind(j) == Some(Tk::LParen) && self.l.close(j, hi).is_none()
                {
                    self.warn(
                        code::BRACKET_REPAIRED,
                        j,
                        "unclosed \"(\" before a move ignored".into(),
                    );
                    j += 1;
                }
                if self.l.kind(j) != Some(Tk::Word) {
                    return Err(j);
                }
                let (n, nj) = self.node(j, hi);
                nodes.push(n);
                j = nj;
            }
        }
        while j < hi {
            let mut via = Span::default();
            let mut repaired = false;
            match self.l.kind(j) {
                Some(Tk::Arrow) => {
                    if let Some(form) = odd_arrow(self.l.s(j)) {
                        self.warn(
                            code::ARROW_REPAIRED,
                            j,
                            format!("{:?} read as an arrow ({form})", self.l.s(j)),
                        );
                        repaired = true;
                    }
                    j += 1;
                    if let Some(rp) = self.l.close(j, hi)
                        && self.l.kind(j) == Some(Tk::LParen)
                        && matches!(self.l.kind(rp + 1), Some(Tk::Arrow | Tk::Dash2))
                    {
                        via = self.seas(j + 1, rp);
                        j = rp + 2;
                    }
                }
                Some(Tk::Dash2) => {
                    let dash = j;
                    j += 1;
                    let paren = self
                        .l
                        .close(j, hi)
                        .filter(|_| self.l.kind(j) == Some(Tk::LParen));
                    if let Some(rp) = paren
                        .filter(|&rp| matches!(self.l.kind(rp + 1), Some(Tk::Arrow | Tk::Dash2)))
                    {
                        via = self.seas(j + 1, rp);
                        j = rp + 2;
                    } else if self.l.kind(j) == Some(Tk::Word)
                        && self.l.kind(j + 1) == Some(Tk::Arrow)
                        && TABLES
                            .region(self.l.s(j), true)
                            .is_some_and(|(r, _)| r.kind == RegionType::Sea)
                    {
                        via = self.seas(j, j + 1);
                        j += 2;
                    } else {
                        self.warn(
                            code::ARROW_REPAIRED,
                            dash,
                            "\"--\" without \">\" read as an arrow".into(),
                        );
                        repaired = true;
                    }
                }
                // `Che-(SCS)->Mek`, `Che-(SCS)-Mek`: the sea route with a single dash
                Some(Tk::Other) if let Some(rp) = self.sea_dash(j, hi) => {
                    self.info(
                        code::SEA_DASH,
                        j,
                        format!(
                            "sea route {:?} written with a single \"-\" read as --(…)-->",
                            self.l.raw(j, rp + 2)
                        ),
                    );
                    via = self.seas(j + 2, rp);
                    j = rp + 2;
                }
                Some(Tk::RParen) if self.l.close(j, usize::MAX).is_none() => {
                    self.warn(code::BRACKET_REPAIRED, j, "stray \")\" ignored".into());
                    j += 1;
                    continue;
                }
                _ => break,
            }
            if self.l.kind(j) != Some(Tk::Word) {
                return Err(j);
            }
            let (mut n, nj) = self.node(j, hi);
            n.via = via;
            n.repaired |= repaired;
            nodes.push(n);
            j = nj;
        }
        Ok(j)
    }

    /// Expansion chains and builds between `lo` and `hi`. `origin` fixes the chain origin (a
    /// Barbarians wasteland); `card` marks the expansions as made by a card.
    fn moves(
        &mut self,
        lo: usize,
        hi: usize,
        origin: Option<Cow<'static, str>>,
        card: Option<&str>,
        turn: &mut Turn,
    ) {
        self.lists.clear();
        let mut chain = Chain::new(origin, turn);
        // the nodes of the segment being read (a buffer kept from line to line)
        let mut seq = std::mem::take(&mut self.seq);
        let mut at_start = true;
        let mut j = lo;
        while j < hi {
            match self.l.kind(j) {
                Some(Tk::Semi) => {
                    if at_start && j > lo {
                        self.info(
                            code::PUNCTUATION,
                            j,
                            "empty move between \";\" ignored".into(),
                        );
                    }
                    chain.semicolon(turn);
                    at_start = true;
                    j += 1;
                    continue;
                }
                Some(Tk::Comma) => {
                    if at_start {
                        self.info(code::PUNCTUATION, j, "stray \",\" ignored".into());
                    }
                    j += 1;
                    continue;
                }
                Some(Tk::Ellipsis) => {
                    j += 1;
                    continue;
                }
                Some(Tk::Other) => {
                    self.stray(j);
                    j += 1;
                    continue;
                }
                Some(Tk::RParen) if self.l.close(j, usize::MAX).is_none() => {
                    self.warn(code::BRACKET_REPAIRED, j, "stray \")\" ignored".into());
                    j += 1;
                    continue;
                }
                _ => {}
            }
            let seg_start = j;
            let start = match (&chain.origin, self.l.kind(j)) {
                (Some((o, _)), Some(Tk::Arrow | Tk::Dash2)) if chain.fixed => {
                    Some(Node::new(o.clone(), &self.lists))
                }
                _ => None,
            };
            let from_origin = start.is_some();
            let nj = match self.segment(j, hi, start, &mut seq) {
                Ok(x) => x,
                Err(e) => {
                    let stop = self.l.find(e.max(j + 1), hi, &[Tk::Semi]);
                    self.unreadable(seg_start, stop);
                    j = stop;
                    at_start = false;
                    continue;
                }
            };
            j = nj;
            if j < hi && !matches!(self.l.kind(j), Some(Tk::Comma | Tk::Semi)) {
                let stop = self.l.find(j, hi, &[Tk::Semi, Tk::Comma]);
                self.unreadable(j, stop);
                j = stop;
            }
            let first = at_start;
            at_start = false;
            match chain.add(&mut seq, first, from_origin, card, &self.lists, turn) {
                None => {}
                Some(Snag::BattleBeforeMove(name)) => self.warn(
                    code::BATTLE_UNKNOWN,
                    seg_start,
                    format!("battle on {name} before any move into it ignored"),
                ),
                Some(Snag::Alone(n)) => self.alone(&n, seg_start, nj),
            }
        }
        self.seq = seq;
    }

    /// A region on its own (tokens `lo..hi`) with a battle or nothing built: kept as raw text.
    fn alone(&mut self, n: &Node, lo: usize, hi: usize) {
        let raw = self.l.raw(lo, hi).trim().to_string();
        let why = if n.battle.is_empty() {
            format!("{} stands alone: no move into it and nothing built", n.name)
        } else {
            format!("a battle on {} with no move into it", n.name)
        };
        let col = self.l.col(lo);
        self.sink.error(
            code::UNREADABLE,
            self.l.no,
            col,
            format!("could not read {raw:?} ({why}); kept as raw text"),
        );
        self.unparsed.push(raw);
    }

    /// `+` or `&` between two cards (`Lead + Popu`, `Lead & Popu`): a separator, as `,` is.
    fn card_joiner(&self, j: usize, hi: usize, turn: &Turn) -> bool {
        !turn.cards.is_empty()
            && j + 1 < hi
            && self.l.kind(j + 1) == Some(Tk::Word)
            && match (self.l.kind(j), self.l.s(j)) {
                (Some(Tk::Plus), "+") | (Some(Tk::Other), "&" | "＆") => true,
                // `Lead; Popu`: a semicolon before a word that is a card and no region (a `;`
                // before a move chain is the notation's)
                (Some(Tk::Semi), _) => self.semi_card(j + 1, hi),
                _ => false,
            }
    }

    /// The word at `k` is an event card (as its code, an alias or its full name, no
    /// misspelling) and names no region, and no arrow follows it before `hi`.
    #[cold]
    #[inline(never)]
    fn semi_card(&self, k: usize, hi: usize) -> bool {
        let w = self.l.s(k);
        TABLES.card(w, false).is_some()
            && TABLES.region(w, false).is_none()
            && !(k..hi).any(|i| matches!(self.l.kind(i), Some(Tk::Arrow | Tk::Dash2)))
    }

    /// A single dash at `j` opening a sea route (`-(SCS)->`, `-(SCS)-` before a word): the `)`
    /// of the route, whose words are all seas.
    #[cold]
    #[inline(never)]
    fn sea_dash(&self, j: usize, hi: usize) -> Option<usize> {
        let is_dash = |k: usize| {
            self.l.kind(k) == Some(Tk::Other) && matches!(self.l.s(k), "-" | "—" | "–" | "－" | "―")
        };
        if !is_dash(j) || self.l.kind(j + 1) != Some(Tk::LParen) {
            return None;
        }
        let rp = self.l.close(j + 1, hi)?;
        let after = match self.l.kind(rp + 1) {
            Some(Tk::Arrow) => true,
            Some(Tk::Other) => is_dash(rp + 1) && self.l.kind(rp + 2) == Some(Tk::Word),
            _ => false,
        };
        let mut seas = (j + 2..rp)
            .filter(|&k| self.l.kind(k) == Some(Tk::Word))
            .peekable();
        let all_seas = seas.peek().is_some()
            && seas.all(|k| {
                TABLES
                    .region(self.l.s(k), false)
                    .is_some_and(|(r, _)| r.kind == RegionType::Sea)
            });
        (after && all_seas && rp + 2 <= hi).then_some(rp)
    }

    /// Cards joined by `/` in one word (`Lead/Popu`), with no argument after it: each part a card
    /// (no misspelling, and not `Civil` or `King`, whose reading depends on their arguments), all
    /// pushed to `turn` with an info at the word. False (nothing pushed) when a part is no card.
    #[cold]
    #[inline(never)]
    fn slashed_cards(&mut self, j: usize, hi: usize, turn: &mut Turn) -> bool {
        if j + 1 < hi && self.l.kind(j + 1) == Some(Tk::LParen) {
            return false;
        }
        let w = self.l.s(j);
        let mut found = Vec::new();
        for part in w.split('/') {
            let lower = part.to_ascii_lowercase();
            if matches!(lower.as_str(), "civil" | "king" | "kingdom") {
                return false;
            }
            match TABLES.card(part, false) {
                Some((c, how)) => found.push((part, c, how)),
                None => return false,
            }
        }
        if found.len() < 2 {
            return false;
        }
        self.info(
            code::PUNCTUATION,
            j,
            format!("\"/\" between two cards in {w:?} read as \",\""),
        );
        for (part, c, how) in found {
            if how != How::Exact {
                self.report_inexact(
                    &how,
                    part,
                    c.code.as_str(),
                    j,
                    code::CARD_ALIAS,
                    code::CARD_ALIAS,
                    code::CARD_FUZZY,
                    "card",
                );
            }
            self.check_epoch_of(c, j);
            turn.cards.push(CardPlay {
                card: Cow::Borrowed(c.code.as_str()),
                name: Cow::Borrowed(c.name.as_str()),
                raw: Cow::Owned(part.to_string()),
                ..CardPlay::default()
            });
        }
        true
    }

    /// The words a transcriber writes for a turn without a card: `none`, `no card`, `-`… (the
    /// whole of `lo..hi`).
    fn no_card(&self, lo: usize, hi: usize) -> bool {
        let w = |k: usize| self.l.s(k).to_ascii_lowercase();
        match hi.checked_sub(lo) {
            Some(1) => matches!(
                w(lo).as_str(),
                "none" | "nil" | "nocard" | "nocards" | "無" | "无" | "없음"
            ),
            Some(2) => w(lo) == "no" && matches!(w(lo + 1).as_str(), "card" | "cards"),
            _ => false,
        }
    }

    /// A line of event cards between `lo` and `hi`.
    fn cards(&mut self, lo: usize, hi: usize, turn: &mut Turn) {
        if turn.cards.is_empty() && self.no_card(lo, hi) {
            let raw = self.l.raw(lo, hi).trim();
            self.info(
                code::NO_CARD,
                lo,
                format!("{raw:?} read as no event card played"),
            );
            return;
        }
        let mut j = lo;
        while j < hi {
            match self.l.kind(j) {
                Some(Tk::Plus | Tk::Other | Tk::Semi) if self.card_joiner(j, hi, turn) => {
                    let sep = self.l.s(j);
                    self.info(
                        code::PUNCTUATION,
                        j,
                        format!("{sep:?} between two cards read as \",\""),
                    );
                    j += 1;
                    continue;
                }
                Some(Tk::Comma | Tk::Semi | Tk::Ellipsis) => {
                    j += 1;
                    continue;
                }
                Some(Tk::LParen) if !turn.cards.is_empty() => {
                    // builds after a card: Cru(...), (Pale +ct +f; Arab +f)
                    let end = self.l.close(j, hi).unwrap_or(hi);
                    if end == hi {
                        self.warn(
                            code::BRACKET_REPAIRED,
                            j,
                            "unclosed \"(\" closed at the end of the line".into(),
                        );
                    }
                    let mut builds = Vec::new();
                    self.build_list(j + 1, end, &mut builds);
                    if let Some(c) = turn.cards.last_mut() {
                        c.builds.extend(builds);
                        c.raw = format!("{}, {}", c.raw, self.l.raw(j, (end + 1).min(hi))).into();
                    }
                    j = (end + 1).min(hi.max(end));
                    continue;
                }
                Some(Tk::Word) => {}
                _ => {
                    let stop = self.l.find(j + 1, hi, &[Tk::Comma]);
                    self.unreadable(j, stop);
                    j = stop;
                    continue;
                }
            }
            if self.l.s(j).contains('/') && self.slashed_cards(j, hi, turn) {
                j += 1;
                if j < hi && self.l.kind(j) != Some(Tk::Comma) && !self.card_joiner(j, hi, turn) {
                    let stop = self.l.find(j, hi, &[Tk::Comma]);
                    self.unreadable(j, stop);
                    j = stop;
                }
                continue;
            }
            let name_i = j;
            // a full name in several words (`Civil Service(+2)`, `Naval Power`) before the words
            let full = card_full_name(self.l, j, hi, true);
            j = full.as_ref().map_or(j + 1, |f| f.2);
            let mut groups = Vec::new();
            while self.l.kind(j) == Some(Tk::LParen) && j < hi {
                match self.l.close(j, hi) {
                    Some(rp) => {
                        groups.push((j + 1, rp));
                        j = rp + 1;
                    }
                    None => {
                        self.warn(
                            code::BRACKET_REPAIRED,
                            j,
                            "unclosed \"(\" closed before the next card".into(),
                        );
                        let stop = self.l.find(j + 1, hi, &[Tk::Comma, Tk::Semi]);
                        groups.push((j + 1, stop));
                        j = stop;
                    }
                }
            }
            let tail = match self.l.kind(j) {
                Some(Tk::Colon | Tk::Arrow | Tk::Dash2) if j < hi => Some(j),
                _ => None,
            };
            let raw_end = if tail.is_some() { hi } else { j };
            let mut card = self.card(name_i, full, &groups, tail.is_some(), turn);
            card.raw = self.l.raw(name_i, raw_end).trim().to_string().into();
            // `Expert Troops: Forests` (appendix 3's name of the card): the terrain after the colon
            if let Some(t) = tail
                && card.card == "Exp"
                && groups.is_empty()
                && self.l.kind(t) == Some(Tk::Colon)
                && self.l.kind(t + 1) == Some(Tk::Word)
            {
                let stop = self.l.find(t + 1, hi, &[Tk::Comma, Tk::Semi]);
                card.detail = Some(self.terrain(t + 1, stop));
                card.raw = self.l.raw(name_i, stop).trim().to_string().into();
                turn.cards.push(card);
                j = stop;
                continue;
            }
            if let Some(t) = tail {
                let start = if self.l.kind(t) == Some(Tk::Colon) {
                    t + 1
                } else {
                    t
                };
                if card.card == "Barbar" || (self.l.kind(t) != Some(Tk::Colon)) {
                    let o = card.detail.clone().unwrap_or_default();
                    let origin = if card.card == "Barbar" && !o.is_empty() {
                        Some(Cow::Owned(o))
                    } else {
                        None
                    };
                    let code_ = card.card.clone();
                    self.moves(start, hi, origin, Some(&code_), turn);
                } else {
                    self.targets(start, hi, &mut card);
                    card.detail = detail(&card, None, &self.plus);
                }
                j = hi;
            }
            turn.cards.push(card);
            if j < hi && self.l.kind(j) != Some(Tk::Comma) && !self.card_joiner(j, hi, turn) {
                let stop = self.l.find(j, hi, &[Tk::Comma]);
                self.unreadable(j, stop);
                j = stop;
            }
        }
    }

    /// Resolves the card at `i` (or its full name `full` from there, [`card_full_name`]) with its
    /// argument groups.
    fn card(
        &mut self,
        i: usize,
        full: Option<FullName>,
        groups: &[(usize, usize)],
        has_tail: bool,
        turn: &mut Turn,
    ) -> CardPlay {
        let w = match &full {
            Some((.., end)) => self.l.raw(i, *end),
            None => self.l.s(i),
        };
        // a full name says which card it is (`Civil Service`, `Civil War`): no key to settle
        let key = if full.is_none() && maybe_key(w) {
            with_key(w, false, |k| match k {
                "civil" => CardKey::Civil,
                "king" | "kingdom" => CardKey::King,
                _ => CardKey::Other,
            })
        } else {
            CardKey::Other
        };
        let mut play = CardPlay::default();
        self.plus.clear();
        let simple_amount = groups.len() == 1
            && groups.first().is_some_and(|&(a, b)| {
                b == a + 1 && matches!(self.l.kind(a), Some(Tk::Plus | Tk::Num))
            });
        let resolved = if key == CardKey::Civil {
            if simple_amount {
                self.info(
                    code::CARD_CONTEXT,
                    i,
                    format!("{w:?} with an amount read as Civil Service"),
                );
                TABLES.card_by_code("CivilS")
            } else if !groups.is_empty() || has_tail {
                self.info(
                    code::CARD_CONTEXT,
                    i,
                    format!("{w:?} with battles read as Civil War"),
                );
                TABLES.card_by_code("CivilW")
            } else {
                self.warn(
                    code::CARD_AMBIGUOUS,
                    i,
                    format!("{w:?} may be Civil Service or Civil War; kept as written"),
                );
                None
            }
        } else if key == CardKey::King {
            match groups.first() {
                Some(&(a, _)) if self.l.kind(a) == Some(Tk::Word) => {
                    let inner = self.l.s(a);
                    match TABLES.card(inner, true) {
                        Some((c, how)) => {
                            let code_ = c.code.as_str();
                            if how != How::Exact {
                                self.report_inexact(
                                    &how,
                                    inner,
                                    code_,
                                    a,
                                    code::CARD_ALIAS,
                                    code::CARD_ALIAS,
                                    code::CARD_FUZZY,
                                    "card",
                                );
                            }
                            play.card = Cow::Borrowed(c.code.as_str());
                            play.name = Cow::Borrowed(c.name.as_str());
                        }
                        None => {
                            self.warn(
                                code::CARD_UNKNOWN,
                                a,
                                format!("unknown kingdom card {inner:?}; kept as written"),
                            );
                            play.card = Cow::Owned(inner.to_string());
                        }
                    }
                    self.check_card_epoch(&play.card, i);
                    return play;
                }
                _ => {
                    let k = TABLES.kingdom(self.epoch);
                    if let Some(k) = k {
                        self.warn(
                            code::KINGDOM_INFERRED,
                            i,
                            format!(
                                "{w:?} names no kingdom; read as {} ({}), the kingdom card of E{}",
                                k.code,
                                k.name,
                                roman_str(self.epoch)
                            ),
                        );
                    }
                    k
                }
            }
        } else {
            match full
                .map(|(c, how, _)| (c, how))
                .or_else(|| TABLES.card(w, true))
            {
                Some((c, how)) => {
                    let code_ = c.code.as_str();
                    if how != How::Exact {
                        self.report_inexact(
                            &how,
                            w,
                            code_,
                            i,
                            code::CARD_ALIAS,
                            code::CARD_ALIAS,
                            code::CARD_FUZZY,
                            "card",
                        );
                    }
                    Some(c)
                }
                None => {
                    self.warn(
                        code::CARD_UNKNOWN,
                        i,
                        format!("unknown event card {w:?}; kept as written"),
                    );
                    None
                }
            }
        };
        let code_: &str = match resolved {
            Some(c) => {
                play.card = Cow::Borrowed(c.code.as_str());
                play.name = Cow::Borrowed(c.name.as_str());
                self.check_epoch_of(c, i);
                &c.code
            }
            None => {
                play.card = Cow::Owned(w.to_string());
                w
            }
        };
        match code_ {
            "Mig" => {
                for (n, &(a, b)) in groups.iter().enumerate() {
                    if n == 0 {
                        self.areas(a, b, &mut play);
                    } else {
                        self.targets(a, b, &mut play);
                    }
                }
                play.detail = detail(&play, None, &self.plus);
            }
            "Barbar" => {
                if let Some(&(a, b)) = groups.first() {
                    let mut name = String::new();
                    for k in a..b {
                        if self.l.kind(k) == Some(Tk::Word) {
                            name = self.region_str(self.l.s(k), k).into_owned();
                            if TABLES
                                .region(&name, false)
                                .is_some_and(|(r, _)| r.kind != RegionType::Wasteland)
                            {
                                self.warn(
                                    code::REGION_UNKNOWN,
                                    k,
                                    format!("{name} is not a wasteland"),
                                );
                            }
                            break;
                        }
                    }
                    play.detail = Some(name).filter(|n| !n.is_empty());
                }
            }
            "Exp" => {
                if let Some(&(a, b)) = groups.first() {
                    play.detail = Some(self.terrain(a, b));
                }
            }
            _ => {
                let mut chain_detail = None;
                for &(a, b) in groups {
                    if (a..b).any(|k| matches!(self.l.kind(k), Some(Tk::Arrow | Tk::Dash2))) {
                        let before = turn.expansions.len();
                        self.moves(a, b, None, Some(code_), turn);
                        let legs = turn.expansions.get(before..).unwrap_or(&[]);
                        let mut s = String::new();
                        for (n, e) in legs.iter().enumerate() {
                            if n == 0 {
                                s.push_str(&e.from);
                            }
                            s.push_str("-->");
                            s.push_str(&e.to);
                        }
                        chain_detail = Some(s);
                    } else {
                        self.targets(a, b, &mut play);
                    }
                }
                play.detail = detail(&play, chain_detail, &self.plus);
            }
        }
        play
    }

    /// The terrain of Expert Troops written in tokens `a..b` (`For`, `forest`, `Mountains`):
    /// `For`, `M` or `St`, or as written (reported).
    fn terrain(&mut self, a: usize, b: usize) -> String {
        let t = self.l.raw(a, b).trim().to_string();
        let terrain = match fold_key(&t).as_str() {
            "for" | "forest" | "forests" => "For".to_string(),
            "m" | "mountain" | "mountains" | "mtn" => "M".to_string(),
            "st" | "strait" | "straits" => "St".to_string(),
            _ => {
                self.warn(
                    code::BATTLE_UNKNOWN,
                    a,
                    format!("terrain {t:?} is none of For, M, St; kept as written"),
                );
                t.clone()
            }
        };
        if terrain != t {
            self.info(
                code::CARD_ALIAS,
                a,
                format!("terrain {t:?} read as {terrain}"),
            );
        }
        terrain
    }

    fn check_card_epoch(&mut self, code_: &str, i: usize) {
        if let Some(c) = TABLES.card_by_code(code_) {
            self.check_epoch_of(c, i);
        }
    }

    /// [`Lp::check_card_epoch`] for a card already resolved (no second look-up by its code).
    fn check_epoch_of(&mut self, c: &Card, i: usize) {
        let col = self.l.col(i);
        card_epoch(self.sink, self.l.no, col, self.epoch, c);
    }

    /// Area arguments (`NAm`, `SEAsia+India`).
    fn areas(&mut self, lo: usize, hi: usize, play: &mut CardPlay) {
        for k in lo..hi {
            if self.l.kind(k) == Some(Tk::Word) {
                for part in self.l.s(k).split('+').filter(|p| !p.is_empty()) {
                    match TABLES.area(part) {
                        Some(a) => {
                            if a != part {
                                self.info(
                                    code::REGION_ALIAS,
                                    k,
                                    format!("area {part:?} read as {a}"),
                                );
                            }
                            play.areas.push(a.to_string());
                        }
                        None => {
                            self.warn(
                                code::AREA_UNKNOWN,
                                k,
                                format!("unknown area {part:?}; kept as written"),
                            );
                            play.areas.push(part.to_string());
                        }
                    }
                }
            }
        }
    }

    /// A card's list of regions and results: `(Malay, X; Mek, X)`, `(Yang: fX, c/)`,
    /// `(China: GPC)`, `(SEAsia+India: EDec X)`, `GPC(V, c/), Wei(X)`, `(+2)`.
    fn targets(&mut self, lo: usize, hi: usize, play: &mut CardPlay) {
        let mut cur: Option<usize> = None;
        let mut skip_to = lo;
        for k in lo..hi {
            if k < skip_to {
                continue;
            }
            match self.l.kind(k) {
                Some(Tk::Word) => {
                    // `Real(Western Mediterranean)`: a region or sea by its full name
                    if let Some((code_, end)) = self.full_name(k, hi) {
                        let w = self.l.raw(k, end);
                        self.info(
                            code::REGION_ALIAS,
                            k,
                            format!("region name {w:?} read as {code_}"),
                        );
                        play.targets.push(Target {
                            region: code_.into_owned(),
                            effects: Vec::new(),
                        });
                        cur = Some(play.targets.len() - 1);
                        skip_to = end;
                        continue;
                    }
                    let w = self.l.s(k);
                    let is_area = |p: &str| TABLES.area(p).is_some();
                    let joined = w.contains('+') && w.split('+').all(is_area);
                    let area_colon = self.l.kind(k + 1) == Some(Tk::Colon)
                        && is_area(w)
                        && TABLES
                            .region(w, false)
                            .is_none_or(|_| cur.is_none() && play.targets.is_empty());
                    if joined || area_colon {
                        self.areas(k, k + 1, play);
                        cur = None;
                    } else if let Some((toks, norm)) = battle_word(w) {
                        if norm {
                            self.info(
                                code::BATTLE_NORMALIZED,
                                k,
                                format!("result {w:?} read as {}", toks.join(" ")),
                            );
                        }
                        let list = match cur.and_then(|c| play.targets.get_mut(c)) {
                            Some(t) => &mut t.effects,
                            None => &mut play.effects,
                        };
                        list.extend(toks.iter().map(|t| t.to_string()));
                    } else {
                        let (name, lost) = self.region_at(k, true);
                        play.targets.push(Target {
                            region: name.into_owned(),
                            effects: if lost { vec!["X".into()] } else { Vec::new() },
                        });
                        cur = Some(play.targets.len() - 1);
                    }
                }
                Some(Tk::Plus | Tk::Num) => {
                    let w = self.l.s(k);
                    let digits: String = w
                        .trim_start_matches('+')
                        .chars()
                        .take_while(char::is_ascii_digit)
                        .collect();
                    play.amount = digits.parse().ok();
                    if play.amount.is_none() {
                        self.warn(
                            code::BUILD_UNKNOWN,
                            k,
                            format!("{w:?} is no amount; kept as written"),
                        );
                    }
                    self.plus.push(if w.starts_with('+') {
                        w.to_string()
                    } else {
                        format!("+{w}")
                    });
                }
                Some(Tk::Comma | Tk::Semi | Tk::Colon | Tk::LParen | Tk::RParen | Tk::Ellipsis)
                | None => {}
                Some(Tk::Other) => self.stray(k),
                Some(Tk::Arrow | Tk::Dash2) => {
                    self.unreadable(k, hi);
                    return;
                }
            }
        }
    }

    /// `Pale +ct +f; Arab +f`.
    fn build_list(&mut self, lo: usize, hi: usize, out: &mut Vec<Build>) {
        for k in lo..hi {
            match self.l.kind(k) {
                Some(Tk::Word) => {
                    let (name, _) = self.region_at(k, false);
                    out.push(Build {
                        region: name,
                        items: Cow::Borrowed(&[]),
                    });
                }
                Some(Tk::Plus) => {
                    let lo = self.lists.items.len();
                    self.plus_items(k);
                    match out.last_mut() {
                        Some(b) => b.items.to_mut().extend(self.lists.items.drain(lo..)),
                        None => {
                            self.lists.items.truncate(lo);
                            self.unreadable(k, k + 1);
                        }
                    }
                }
                Some(Tk::Other) => self.stray(k),
                _ => {}
            }
        }
    }
}

/// The normalized text of a card's arguments.
fn detail(p: &CardPlay, chain: Option<String>, plus: &[String]) -> Option<String> {
    // most cards have no argument at all
    if plus.is_empty()
        && chain.is_none()
        && p.targets.is_empty()
        && p.areas.is_empty()
        && p.effects.is_empty()
    {
        return None;
    }
    let mut parts: Vec<String> = plus.to_vec();
    if let Some(c) = chain {
        parts.push(c);
    }
    let targets: Vec<String> = p
        .targets
        .iter()
        .map(|t| {
            if t.effects.is_empty() {
                t.region.clone()
            } else {
                format!("{}({})", t.region, t.effects.join(", "))
            }
        })
        .collect();
    let targets = targets.join(", ");
    match (p.areas.is_empty(), targets.is_empty()) {
        (false, false) => parts.push(format!("{}: {targets}", p.areas.join("+"))),
        (false, true) => parts.push(p.areas.join("+")),
        (true, false) => parts.push(targets),
        (true, true) => {}
    }
    if !p.effects.is_empty() {
        parts.push(p.effects.join(" "));
    }
    if parts.is_empty() {
        None
    } else {
        Some(parts.join(" "))
    }
}

/// `EI`…`EVII` with what follows.
#[derive(Debug, PartialEq)]
enum EpochLine {
    Plain(u8),
    Cont(u8),
    Pause(u8),
}

/// A line's place in a HotW game's progress, for [`crate::record::split_games`] (a file of games
/// written one after another with a separator line between them): `(ordinal, start)`, the
/// ordinal growing as a game goes on (an epoch header `EN` is `2N - 1`, a turn of an empire of
/// epoch `N` is `2N`), `start` when a game may begin there: at `EI` (in any form the parser
/// reads: `Epoch I`, `E1`, `第一世代`, `--- EI ---`), or at a turn of an empire of epoch I (the
/// appendix-4 record has no `EI`). None for any other line. A turn's empire counts only when it
/// is resolved alone (no context choosing, no misspelling); a resumption or pause is no start.
#[cold]
#[inline(never)]
pub(crate) fn progress_mark(line: &str) -> Option<(u32, bool)> {
    let t = line.trim();
    if let Some((e, _)) = epoch_line(t) {
        return Some(match e {
            EpochLine::Plain(n) => ((2 * u32::from(n)).saturating_sub(1), n == 1),
            EpochLine::Cont(n) | EpochLine::Pause(n) => {
                ((2 * u32::from(n)).saturating_sub(1), false)
            }
        });
    }
    let l = Line::new(t, 0);
    let h = header(&l).filter(|h| !h.pause)?;
    let (e, how, chose) = TABLES.empire(h.empire, None, false)?;
    if chose || how.is_fuzzy() || e.epoch == 0 {
        return None;
    }
    Some((2 * u32::from(e.epoch), e.epoch == 1))
}

/// A pause word opening `s`: the seed's `後暫停` (also `暫停`, simplified), or another
/// transcriber's (`中斷`, `後中斷`, `之後暫停`, `paused`, `pause`, `interrupted`, in any case, maybe
/// in brackets). Whether it is another's form (to report), and its length in bytes.
fn pause_word(s: &str) -> Option<(bool, usize)> {
    const SEED: [&str; 6] = ["後暫停", "后暂停", "暫停", "暂停", "後暂停", "后暫停"];
    if let Some(p) = SEED.iter().find(|p| s.starts_with(**p)) {
        return Some((false, p.len()));
    }
    // (most texts after an empire's brackets are cards: an ASCII letter other than p or i, a
    // colon, a digit)
    let first = *s.as_bytes().first()?;
    if first.is_ascii() && !matches!(first, b'p' | b'P' | b'i' | b'I' | b'(' | b'[') {
        return None;
    }
    const OTHER: [&str; 14] = [
        "之後暫停",
        "之后暂停",
        "之後中斷",
        "之后中断",
        "後中斷",
        "后中断",
        "後中断",
        "后中斷",
        "中斷",
        "中断",
        "paused",
        "pause",
        "interrupted",
        "(paused)",
    ];
    let p = OTHER
        .iter()
        .find(|p| s.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p)))?;
    // (an English word ends there: `pauses`, `Pausanias` are none)
    if p.is_ascii()
        && s.as_bytes()
            .get(p.len())
            .is_some_and(|b| b.is_ascii_alphanumeric())
    {
        return None;
    }
    Some((true, p.len()))
}

/// Reads an epoch header: `EI`…`EVII` (chapter 2: "E 代表 Epoch，隨後為羅馬數字"), then nothing, a
/// resumption (`(con't)`, `（續）`) or a pause (`後暫停`). Other transcribers' forms are read too:
/// the numeral in lower case (`eiii`, `Eiii`), full-width or as the Unicode roman numerals (`EⅡ`),
/// a space, `.` or `-` after the `E` (`E I`), `Epoch` written out, a colon or full stop after the
/// numeral (`EIII:`). The bool is true for such a form (the caller reports it); digits (`E3`) are
/// read as they always were, silently.
// (inlined into the parser's line loop, as it was when the loop was its one caller)
#[inline(always)]
fn epoch_line(t: &str) -> Option<(EpochLine, bool)> {
    // most lines are none: an epoch header opens with `E`, `e` or a character outside ASCII
    // (`Ｅ`), and the numeral comes right after the `E` or after a separator
    let first = *t.as_bytes().first()?;
    if first.is_ascii() && first != b'E' && first != b'e' {
        // `--- Epoch I ---`, `== EII ==`, `[EIII]`, `*EIV*`: a header set off by marks
        if matches!(first, b'-' | b'=' | b'*' | b'#' | b'[') {
            return epoch_decorated(t);
        }
        return None;
    }
    if !first.is_ascii() && t.starts_with('第') {
        return epoch_chinese(t);
    }
    epoch_plain(t)
}

/// [`epoch_line`] of a header set off by marks (`--- Epoch I ---`): the header inside them, as
/// a form to report. Off the common path (most lines are no header).
#[cold]
#[inline(never)]
fn epoch_decorated(t: &str) -> Option<(EpochLine, bool)> {
    let inner = t
        .trim_start_matches(['-', '=', '*', '#', '[', ' ', '\t'])
        .trim_end_matches(['-', '=', '*', '#', ']', ' ', '\t']);
    let first = *inner.as_bytes().first()?;
    let e = if inner.starts_with('第') {
        epoch_chinese(inner)
    } else if first == b'E' || first == b'e' || !first.is_ascii() {
        epoch_plain(inner)
    } else {
        None
    };
    e.map(|(e, _)| (e, true))
}

/// [`epoch_line`] of a line opening with `E`, `e` or a character outside ASCII.
#[inline]
fn epoch_plain(t: &str) -> Option<(EpochLine, bool)> {
    let first = *t.as_bytes().first()?;
    // nor does a region's name (`EAfr`, `Egypt`): after an ASCII `E`, an ASCII character that
    // is no numeral, separator or the `p` of `Epoch`
    if first.is_ascii()
        && let Some(&second) = t.as_bytes().get(1)
        && second.is_ascii()
        && !matches!(
            second,
            b'I' | b'V' | b'i' | b'v' | b'1'..=b'7' | b'p' | b'P' | b' ' | b'\t' | b'.' | b'-'
        )
    {
        return None;
    }
    let mut form = first != b'E';
    let mut rest = t.strip_prefix(['E', 'e', 'Ｅ', 'ｅ'])?;
    let mut spelled = false;
    if rest
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("poch"))
    {
        rest = rest.get(4..)?;
        form = true;
        spelled = true;
    } else if let Some(r) = rest.strip_prefix(['p', 'P'])
        && r.starts_with(['.', ' ', '\t', '1', '2', '3', '4', '5', '6', '7'])
    {
        // `Ep. 3`, `Ep 3`, `Ep.III`: `Epoch` cut short
        rest = r;
        form = true;
        spelled = true;
    }
    // a space, `.` or `-` after the `E` (one mark, with spaces around it)
    let sep = rest.trim_start_matches([' ', '\t', '\u{3000}']);
    let sep = sep.strip_prefix(['.', '-']).unwrap_or(sep);
    let sep = sep.trim_start_matches([' ', '\t', '\u{3000}']);
    form |= sep.len() != rest.len();
    let rest_before = rest;
    let rest = sep;
    let n: usize = rest
        .chars()
        .take_while(|&c| is_numeral_char(c))
        .map(char::len_utf8)
        .sum();
    // `Epoch One`…`Epoch Seven`: the numeral in English words (after `Epoch` only)
    let word = if n == 0 && spelled && sep.len() != rest_before.len() {
        number_word(rest)
    } else {
        None
    };
    let (n, (e, folded)) = match word {
        Some((e, len)) => (len, (e, true)),
        None if n == 0 => return None,
        None => (n, roman_lenient(rest.get(..n)?)?),
    };
    form |= folded;
    let after = rest.get(n..)?.trim();
    if after.is_empty() {
        return Some((EpochLine::Plain(e), form));
    }
    // `EIII:`, `EIII.`
    if matches!(after, ":" | "." | "：" | "﹕" | "。") {
        return Some((EpochLine::Plain(e), true));
    }
    if let Some((other, _)) = pause_word(after) {
        return Some((EpochLine::Pause(e), form || other));
    }
    resumption(after).map(|other| (EpochLine::Cont(e), form || other))
}

/// An epoch named by another English word, `Era III`, `Age 3` (read as `Epoch III`; always a
/// form to report). Asked only of the lines the fast path gives up (see [`State::scanned`]).
#[cold]
fn epoch_era(t: &str) -> Option<EpochLine> {
    let w = t.get(..3)?;
    if !(w.eq_ignore_ascii_case("era") || w.eq_ignore_ascii_case("age"))
        || !t
            .as_bytes()
            .get(3)
            .is_some_and(|&b| matches!(b, b' ' | b'\t' | b'.'))
    {
        return None;
    }
    let rest = t.get(3..)?;
    epoch_plain(&format!("Epoch{rest}")).map(|(e, _)| e)
}

/// An epoch's number written as an English word opening `t` (`One`…`Seven`, any case, the word
/// ending there): the epoch and the word's length.
fn number_word(t: &str) -> Option<(u8, usize)> {
    const WORDS: [&str; 7] = ["one", "two", "three", "four", "five", "six", "seven"];
    let len = t
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(t.len());
    let w = t.get(..len)?;
    let e = WORDS.iter().position(|x| x.eq_ignore_ascii_case(w))?;
    Some((e as u8 + 1, len))
}

/// Whether the words after an epoch mark a resumption: `Some(false)` for the seed's `(con't)`
/// and its Chinese (`續`, `繼續`), `Some(true)` for another word (`(resumed)`), a form to report.
fn resumption(after: &str) -> Option<bool> {
    // most words after an `E` and a numeral are the rest of a region's name (`EInd-->Suma`):
    // an ASCII letter or digit other than the first of `con…` or `resum…` is no resumption
    // (told without lower-casing a copy of the line)
    if after
        .as_bytes()
        .first()
        .is_some_and(|b| b.is_ascii_alphanumeric() && !matches!(b, b'c' | b'C' | b'r' | b'R'))
    {
        return None;
    }
    let low = after.to_lowercase();
    let low = low.trim_start_matches(['(', '（', '[', '［', '【', ' ']);
    if low.starts_with("con")
        || low.starts_with(['續', '续'])
        || low.starts_with("繼續")
        || low.starts_with("继续")
    {
        return Some(false);
    }
    low.starts_with("resum").then_some(true)
}

/// An epoch written as appendix 2 names it: `第一世代`…`第七世代` (also `第3世代`), maybe with the
/// numeral after it as the appendix prints it (`第一世代 (I)`), then a resumption (`第三世代
/// (續)`) or a pause (`第六世代後暫停`). Always a form to report.
fn epoch_chinese(t: &str) -> Option<(EpochLine, bool)> {
    let rest = t.strip_prefix('第')?;
    let mut cs = rest.chars();
    let n = match cs.next()? {
        '一' | '1' | '１' => 1,
        '二' | '2' | '２' => 2,
        '三' | '3' | '３' => 3,
        '四' | '4' | '４' => 4,
        '五' | '5' | '５' => 5,
        '六' | '6' | '６' => 6,
        '七' | '7' | '７' => 7,
        _ => return None,
    };
    // (`紀元`, `纪元`: "era", as other clubs name the epochs)
    let rest = cs.as_str();
    let rest = rest
        .strip_prefix("世代")
        .or_else(|| rest.strip_prefix("紀元"))
        .or_else(|| rest.strip_prefix("纪元"))?
        .trim_start();
    // `(I)`, `（I）`: the appendix's numeral in brackets, which must agree
    let rest = match rest.strip_prefix(['(', '（']) {
        Some(inner) => match inner.split_once([')', '）']) {
            Some((num, after)) if roman_lenient(num.trim()).is_some_and(|(e, _)| e == n) => {
                after.trim_start()
            }
            _ => rest,
        },
        None => rest,
    };
    let after = rest.trim();
    if after.is_empty() || matches!(after, ":" | "：" | "﹕") {
        return Some((EpochLine::Plain(n), true));
    }
    if pause_word(after).is_some() {
        return Some((EpochLine::Pause(n), true));
    }
    resumption(after).map(|_| (EpochLine::Cont(n), true))
}

/// The length in bytes of the words opening a pause line written in English (`Game paused
/// after`, `Paused after`, `Interrupted after`), when `t` starts so.
fn pause_words(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    // (`暫停`, `暂停`, `於`: 0xe6; `中斷`: 0xe4; `在`, `于`: 0xe5, 0xe4)
    if !matches!(
        b.first(),
        Some(b'G' | b'g' | b'P' | b'p' | b'I' | b'i' | 0xe4..=0xe6)
    ) {
        return None;
    }
    let len = [
        "game paused after",
        "game interrupted after",
        "game stopped after",
        "paused after",
        "pause after",
        "interrupted after",
        "stopped after",
        "paused",
        "pause",
        "暫停",
        "暂停",
        "中斷",
        "中断",
        "於",
        "于",
        "在",
    ]
    .iter()
    .find(|p| t.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p)))
    .map(|p| p.len())?;
    // (`Pause: D(Greek)`, `暫停：D(Greek)`, `Pause - D(Greek)`: a colon or a dash after the word)
    let rest = t.get(len..)?;
    let after = rest.trim_start_matches(|c: char| {
        c.is_whitespace() || matches!(c, ':' | '：' | '﹕' | '-' | '–' | '—')
    });
    Some(len + rest.len() - after.len())
}

/// A pause line naming no seat: `Pause`, `Paused`, `Game paused`, `暫停`, `中斷`, maybe with a
/// full stop or in brackets (`(paused)`, `【暫停】`).
fn bare_pause(t: &str) -> bool {
    if !matches!(
        t.as_bytes().first(),
        Some(b'G' | b'g' | b'P' | b'p' | b'(' | b'[' | 0xe3..=0xef)
    ) {
        return false;
    }
    let w = t
        .trim_matches(|c: char| c.is_whitespace() || "()[]（）【】.。!！".contains(c))
        .to_lowercase();
    matches!(
        w.as_str(),
        "pause"
            | "paused"
            | "game paused"
            | "game interrupted"
            | "interrupted"
            | "暫停"
            | "暂停"
            | "中斷"
            | "中断"
            | "遊戲暫停"
            | "游戏暂停"
            | "對局暫停"
            | "对局暂停"
    )
}

/// A bare resumption line: `(con't)`, `(cont)`, `(continued)`, `續`. (Inlined into the line
/// loop, where most lines are told at their first byte.)
#[inline(always)]
fn is_cont(t: &str) -> bool {
    // every form starts with a bracket, `c`/`C` or `續`/`续` (lower-casing keeps that); told by
    // the first byte on most lines
    match t.as_bytes().first() {
        Some(b'(' | b'c' | b'C') => {}
        Some(&b) if !b.is_ascii() && t.starts_with(['（', '續', '续']) => {}
        _ => return false,
    }
    if t.is_ascii() {
        // the same steps on ASCII text, without lower-casing a copy
        let inner = t.trim_start_matches('(').trim_end_matches(')').trim();
        return ["con't", "cont", "cont'd", "continued"]
            .iter()
            .any(|f| inner.eq_ignore_ascii_case(f));
    }
    let low = t.to_lowercase();
    let inner = low
        .trim_start_matches(['(', '（'])
        .trim_end_matches([')', '）'])
        .trim();
    matches!(
        inner,
        "con't" | "cont" | "cont'd" | "con’t" | "continued" | "續" | "续"
    )
}

/// A turn header `P(Empire): rest` or a pause `P(Empire)後暫停`.
struct Header<'a> {
    seat: usize,
    /// The seat letter was written in lower case (`a(Arab): Jihad`).
    lower: bool,
    empire: &'a str,
    empire_col: u32,
    /// Token index (in the line) where the rest begins.
    rest: usize,
    pause: bool,
    /// The pause is written in another transcriber's words (`D(Greek) paused`, `D(Greek)中斷`).
    pause_form: bool,
    colon: bool,
    /// The token of the seat letter: 0, or after the turn's number (`1. A(Vik):`).
    seat_tok: usize,
    /// The empire was written in square brackets (`D[Chou]:`).
    square: bool,
    /// The empire was written without brackets (`A Sumer: Lead`).
    bare: bool,
    /// A dash stands for the colon (`B(Egypt) - Lead`).
    dash: bool,
    /// The empire was written first, the seat in brackets after it (`Sumer (A): Lead`).
    empire_first: bool,
    /// The seat as written when it is more than its letter (`Player A`, `A方`, `弈者F`).
    seat_form: Option<&'a str>,
}

/// A turn header or pause line. A seat letter in lower case (`a(Arab): Jihad`) makes one only
/// with the colon or the pause after the brackets, or when the brackets name an empire: any other
/// `a(…)` is no header.
fn header<'a>(l: &Line<'a>) -> Option<Header<'a>> {
    header_at(l, 0).or_else(|| header_bare(l)).or_else(|| {
        // the seat in words: `Player A(Sumer): …`, `Seat B (Egypt): …`, `弈者 F(Fuji):`
        if is_seat_word(l.s(0)) && l.kind(1) == Some(Tk::Word) {
            let mut h = header_at(l, 1).filter(|h| !h.lower)?;
            h.seat_form = Some(l.raw(0, 2).trim());
            return Some(h);
        }
        // the empire first: `Sumer (A): Lead`, `Egypt (B) – Ben`
        if let Some(h) = header_empire_first(l) {
            return Some(h);
        }
        // a turn numbered by the transcriber: `1. A(Vik): …`, `2) B(Sel): …`
        let w = l.s(0);
        let skip = match l.kind(0)? {
            Tk::Word if w.len() > 1 && w.strip_suffix('.')?.bytes().all(|b| b.is_ascii_digit()) => {
                1
            }
            Tk::Num if matches!(l.kind(1), Some(Tk::RParen | Tk::Colon)) => 2,
            _ => return None,
        };
        header_at(l, skip)
    })
}

/// [`header`] from token `o` on (the tokens before it are the turn's number).
fn header_at<'a>(l: &Line<'a>, o: usize) -> Option<Header<'a>> {
    // (the seat with a word joined to its letter: `A方(Rome):`, `弈者F(Fuji):`)
    let (seat, lower, seat_form) = match seat_of(l.s(o)) {
        Some((seat, lower)) => (seat, lower, None),
        None => (seat_joined(l.s(o))?, false, Some(l.s(o))),
    };
    let (rp, square) = if l.kind(o + 1) == Some(Tk::LParen) {
        (l.close(o + 1, l.toks.len())?, false)
    } else {
        // the empire in square brackets, `D[Chou]:`, `D【Chou】:`
        (square_close(l, o + 1)?, true)
    };
    if rp < o + 3
        || (o + 2..rp).any(|k| matches!(l.kind(k), Some(Tk::Arrow | Tk::Comma | Tk::Semi)))
    {
        return None;
    }
    let empire = l.raw(o + 2, rp).trim();
    let (rest, pause, colon, dash) = after_brackets(l, rp);
    // (and without the colon, when the brackets name an empire: `c(Tang) Lead`)
    if lower
        && !colon
        && TABLES
            .empire(empire, None, false)
            .is_none_or(|(_, how, _)| how.is_fuzzy())
    {
        return None;
    }
    Some(Header {
        seat,
        lower,
        empire,
        empire_col: l.col(o + 2),
        rest,
        pause: pause.is_some(),
        pause_form: pause == Some(true),
        colon,
        seat_tok: o,
        square,
        bare: false,
        dash,
        empire_first: false,
        seat_form,
    })
}

/// What follows a header's closing bracket at token `rp`: the token where the rest begins,
/// whether it is a pause, whether a colon (or a dash for it) was written, whether a dash was.
fn after_brackets(l: &Line, rp: usize) -> (usize, Option<bool>, bool, bool) {
    let after = l.toks.get(rp + 1);
    let after_text = after.and_then(|t| l.text.get(t.start..)).unwrap_or("");
    // (a lone dash for the colon: `B(Egypt) - Lead`)
    let dash = l.kind(rp + 1) == Some(Tk::Other)
        && matches!(l.s(rp + 1), "-" | "–" | "—" | "－")
        && l.kind(rp + 2).is_some();
    // `D(Greek): paused`, `D(Greek) - 暫停`: a pause word alone after the colon or the dash
    let word_alone = |k: usize| {
        let t = l.toks.get(k).and_then(|t| l.text.get(t.start..))?;
        let (_, len) = pause_word(t)?;
        t.get(len..)?
            .trim_matches(|c: char| c.is_whitespace() || ".。)）".contains(c))
            .is_empty()
            .then_some(Some(true))
    };
    let (rest, pause, colon) = match l.kind(rp + 1) {
        Some(Tk::Colon) if let Some(p) = word_alone(rp + 2) => (l.toks.len(), p, true),
        Some(Tk::Colon) => (rp + 2, None, true),
        // (`D(Chou) -: …`: a colon after the dash too)
        _ if dash && l.kind(rp + 2) == Some(Tk::Colon) => (rp + 3, None, true),
        _ if dash && let Some(p) = word_alone(rp + 2) => (l.toks.len(), p, true),
        _ if dash => (rp + 2, None, true),
        None => (rp + 1, None, false),
        Some(_) if let Some((form, _)) = pause_word(after_text) => (l.toks.len(), Some(form), true),
        Some(_) => (rp + 1, None, false),
    };
    (rest, pause, colon, dash)
}

/// Words a transcriber writes before a seat's letter (`Player A`, `弈者F`: the seed's own word
/// for a player).
const SEAT_WORDS: [&str; 5] = ["player", "seat", "弈者", "玩家", "選手"];

fn is_seat_word(w: &str) -> bool {
    SEAT_WORDS.iter().any(|s| s.eq_ignore_ascii_case(w))
}

/// The seat of a word joining its capital letter to a word for a seat: `A方` (the side, as
/// Chinese records name one), `弈者F`, `PlayerA`.
fn seat_joined(w: &str) -> Option<usize> {
    let letter = w
        .strip_suffix('方')
        .or_else(|| SEAT_WORDS.iter().find_map(|s| strip_prefix_ci(w, s)))?;
    seat_of(letter).filter(|&(_, lower)| !lower).map(|(s, _)| s)
}

fn strip_prefix_ci<'w>(w: &'w str, p: &str) -> Option<&'w str> {
    w.get(..p.len())
        .filter(|h| h.eq_ignore_ascii_case(p))
        .and_then(|_| w.get(p.len()..))
}

/// A turn header written empire first, the seat in brackets after it: `Sumer (A): Lead`,
/// `Greek City States (C):`, `Egypt (B) – Ben` (one to three words that name an empire exactly or
/// by an alias, a seat in capitals in brackets, then the colon, a dash or the line's end).
fn header_empire_first<'a>(l: &Line<'a>) -> Option<Header<'a>> {
    let lp = (1..l.toks.len().min(4)).find(|&k| l.kind(k) == Some(Tk::LParen))?;
    if (0..lp).any(|k| l.kind(k) != Some(Tk::Word)) || l.kind(lp + 2) != Some(Tk::RParen) {
        return None;
    }
    let (seat, seat_form) = match seat_of(l.s(lp + 1)) {
        Some((seat, false)) => (seat, None),
        Some((_, true)) => return None,
        None => (seat_joined(l.s(lp + 1))?, Some(l.s(lp + 1))),
    };
    let rp = lp + 2;
    let (rest, pause, colon, dash) = after_brackets(l, rp);
    if !colon && l.kind(rp + 1).is_some() {
        return None;
    }
    let empire = l.raw(0, lp).trim();
    TABLES
        .empire(empire, None, false)
        .filter(|(_, how, _)| !how.is_fuzzy())?;
    Some(Header {
        seat,
        lower: false,
        empire,
        empire_col: l.col(0),
        rest,
        pause: pause.is_some(),
        pause_form: pause == Some(true),
        colon: true,
        seat_tok: lp + 1,
        square: false,
        bare: false,
        dash,
        empire_first: true,
        seat_form,
    })
}

/// A turn header written without brackets: `A Sumer: Lead`, `B Greek City States: …` (a seat in
/// capitals, one to three words that name an empire exactly or by an alias, then the colon).
fn header_bare<'a>(l: &Line<'a>) -> Option<Header<'a>> {
    if l.kind(1) != Some(Tk::Word) {
        return None;
    }
    let seat = seat_of(l.s(0)).filter(|&(_, lower)| !lower)?.0;
    let colon = (2..l.toks.len().min(5)).find(|&k| l.kind(k) == Some(Tk::Colon))?;
    if (1..colon).any(|k| l.kind(k) != Some(Tk::Word)) {
        return None;
    }
    let empire = l.raw(1, colon).trim();
    TABLES
        .empire(empire, None, false)
        .filter(|(_, how, _)| !how.is_fuzzy())?;
    Some(Header {
        seat,
        lower: false,
        empire,
        empire_col: l.col(1),
        rest: colon + 1,
        pause: false,
        pause_form: false,
        colon: true,
        seat_tok: 0,
        square: false,
        bare: true,
        dash: false,
        empire_first: false,
        seat_form: None,
    })
}

/// The closing `]` (`］`, `】`) of a square bracket opening at token `i` (`[`, `［`, `【`) with
/// no arrow, comma or semicolon inside it.
fn square_close(l: &Line, i: usize) -> Option<usize> {
    let is = |k: usize, c: char| {
        l.kind(k) == Some(Tk::Other) && l.s(k).chars().next().map(fold_width) == Some(c)
    };
    if !is(i, '[') {
        return None;
    }
    (i + 1..l.toks.len())
        .take_while(|&k| !matches!(l.kind(k), Some(Tk::Arrow | Tk::Comma | Tk::Semi)))
        .find(|&k| is(k, ']'))
}

/// The seat index of a one-letter word `A`..`F` (full-width letters too), and whether it was
/// written in lower case (`a`…`f`: the callers accept it only where the line's shape makes it a
/// seat, and report it).
fn seat_of(w: &str) -> Option<(usize, bool)> {
    let mut cs = w.chars();
    let c = fold_width(cs.next()?);
    if cs.next().is_some() {
        return None;
    }
    let up = c.to_ascii_uppercase();
    let seat = SEATS.iter().position(|s| s.starts_with(up))?;
    Some((seat, up != c))
}

/// Reports a seat letter written in lower case, at token `k` of line `l`.
fn seat_case(sink: &mut Sink, l: &Line, k: usize, seat: usize) {
    let w = l.s(k);
    let s = SEATS.get(seat).copied().unwrap_or("?");
    sink.info(
        code::SEAT_CASE,
        l.no,
        l.col(k),
        format!("seat {w:?} read as {s}"),
    );
}

fn colour_name(s: &str) -> Option<&'static str> {
    match s.to_lowercase().as_str() {
        "red" | "紅" | "红" => Some("Red"),
        "yellow" | "黃" | "黄" => Some("Yellow"),
        "green" | "綠" | "绿" => Some("Green"),
        "deep" | "deepgreen" | "深綠" | "深绿" => Some("Deep"),
        "blue" | "藍" | "蓝" => Some("Blue"),
        "purple" | "紫" => Some("Purple"),
        _ => None,
    }
}

/// `A: Red B: Yellow …` → (seat index, colour as written or normalized, token index, known
/// colour, token index of a seat letter written in lower case).
type Colour = (usize, String, usize, bool, Option<usize>);

fn colour_line(l: &Line) -> Option<Vec<Colour>> {
    let mut out = Vec::new();
    let mut k = 0;
    let n = l.toks.len();
    while k < n {
        let (seat, lower) = seat_of(l.s(k))?;
        let seat_k = lower.then_some(k);
        if l.kind(k + 1) != Some(Tk::Colon) || l.kind(k + 2) != Some(Tk::Word) {
            return None;
        }
        let mut c = l.s(k + 2).to_string();
        k += 3;
        if c.eq_ignore_ascii_case("deep") && l.s(k).eq_ignore_ascii_case("green") {
            k += 1;
        }
        let known = colour_name(&c);
        if let Some(kc) = known {
            c = kc.to_string();
        }
        out.push((seat, c, k - 1, known.is_some(), seat_k));
        while matches!(l.kind(k), Some(Tk::Comma | Tk::Semi)) {
            k += 1;
        }
    }
    (out.iter().any(|c| c.3)).then_some(out)
}

/// Whole-body parser state.
struct State<'c> {
    ctx: &'c Ctx<'c>,
    sink: Sink,
    game: HotwGame,
    epoch: Option<u8>,
    cur: Option<usize>,
    snapshot: Option<usize>,
    resume_pending: bool,
    paused: bool,
    colours: Vec<Option<String>>,
    colour_line: Option<u32>,
    /// The first header line giving a seat's colour with its player (`A - Ann - Purple`).
    colour_from_players: Option<u32>,
    seen: [bool; 6],
    /// Players named by header lines before the first turn (`A: Ana`), where the tags name none.
    body_players: [Option<String>; 6],
    /// Seats written otherwise than `A`–`F` (`Ann(Sumer):`, `K(Sumer):`) and the seat each was
    /// read as ([`State::seat_code`]).
    seat_codes: Vec<(String, usize)>,
    /// Token buffers reused from line to line.
    buffers: Buffers,
    /// The segment buffer of [`Lp`], reused from line to line.
    seq: Vec<Node>,
    /// The token lists of [`Lp`], reused from line to line.
    lists: Lists,
    /// The cards of a header read by the fast path (with their columns), reused.
    cards: Vec<(&'static Card, u32)>,
    /// The node buffers of the fast path's move lines, reused.
    scratch: fast::Scratch,
    /// Lines may be read by the fast path.
    fast: bool,
    /// Final scores read after the turns: seat, score, line, column.
    finals: Vec<(usize, i64, u32, u32)>,
    /// The seats a winner line names, with its line and column.
    winner_line: Option<(Vec<usize>, u32, u32)>,
    /// The line before was a final-score line or its heading: a line of seats and scores goes on.
    final_block: bool,
    /// The seats of a score table's row under the final-score heading, for the row of numbers
    /// under it.
    table_seats: Vec<usize>,
    /// The first line of prose before the first turn (`Club night at the Red Lion`): the game's
    /// title where no `Title` tag names one.
    title: Option<String>,
}

/// Parses a body (see [`crate::hotw::parse`]).
pub fn parse_body(body: &str, ctx: &Ctx) -> Parsed<HotwGame> {
    parse_body_with(body, ctx, true)
}

/// [`parse_body`] with the fast path ([`super::fast`]) in front of the general parser, or, with
/// `fast` false, every line read by the general parser (the tests check that both read the same).
fn parse_body_with(body: &str, ctx: &Ctx, fast: bool) -> Parsed<HotwGame> {
    // strip_comments copies the body; most bodies have no comment to strip
    let (clean, comments) = if memchr::memchr(b'{', body.as_bytes()).is_some() {
        let (c, cs) = crate::text::strip_comments(body);
        (std::borrow::Cow::Owned(c), cs)
    } else {
        (std::borrow::Cow::Borrowed(body), Vec::new())
    };
    // A turn takes about four lines (header, moves, builds, a blank line): reserve once instead
    // of growing a vector of large `Turn`s.
    // (counted in u8 lanes over runs of 255 bytes, which vectorizes: memchr pays a call per line)
    let lines = 1 + clean
        .as_bytes()
        .chunks(255)
        .map(|run| usize::from(run.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum::<usize>();
    let mut st = State {
        ctx,
        sink: Sink::default(),
        game: HotwGame {
            turns: Vec::with_capacity(lines / 4 + 1),
            ..HotwGame::default()
        },
        epoch: None,
        cur: None,
        snapshot: None,
        resume_pending: false,
        paused: false,
        colours: vec![None; 6],
        colour_line: None,
        colour_from_players: None,
        seen: [false; 6],
        body_players: Default::default(),
        seat_codes: Vec::new(),
        buffers: (
            Vec::with_capacity(32),
            Vec::with_capacity(32),
            Vec::with_capacity(8),
        ),
        seq: Vec::with_capacity(8),
        lists: Lists::default(),
        cards: Vec::new(),
        scratch: fast::Scratch::default(),
        fast,
        finals: Vec::new(),
        winner_line: None,
        final_block: false,
        table_seats: Vec::new(),
        title: None,
    };
    let body = clean.as_ref();
    let mut lines = crate::text::lines(body).enumerate();
    while let Some((idx, text)) = lines.next() {
        let no = ctx.first_line.saturating_add(idx as u32);
        let t = crate::text::trim(text);
        if t.is_empty() {
            continue;
        }
        // a move line wrapped onto the next line (`LTig-->Zag,` / `Zag-->Akk 12`, `ManchuP-->GPC`
        // / `, Korea 8`): told at the line's last byte and the next line's first on the common
        // path (the next line starts after this one's `\n`, in the body)
        let next_at = (text.as_ptr() as usize)
            .wrapping_sub(body.as_ptr() as usize)
            .wrapping_add(text.len() + 1);
        let joined;
        let (text, t) = if (matches!(t.as_bytes().last(), Some(b',' | b'>' | 0x80..))
            || matches!(
                body.as_bytes().get(next_at),
                Some(b',' | b'-' | b'=' | b'>' | b'~' | b' ' | b'\t' | 0x80..)
            ))
            && let Some(j) = st.wrapped(text, t, no, body.get(next_at..).unwrap_or(""), &mut lines)
        {
            joined = j;
            (joined.as_str(), crate::text::trim(&joined))
        } else {
            (text, t)
        };
        st.line(text, t, no);
    }
    for c in &comments {
        let no = ctx.first_line.saturating_add(c.line as u32);
        if !c.closed {
            st.sink.warning(
                code::COMMENT_UNCLOSED,
                no,
                c.col as u32 + 1,
                "comment \"{\" not closed; it ends at the end of its line",
            );
        }
        if c.text.is_empty() {
            continue;
        }
        match st.game.turns.iter_mut().rev().find(|t| t.line <= no) {
            Some(t) => t.comments.push(c.text.clone()),
            None => st.game.comments.push(c.text.clone()),
        }
    }
    st.finish()
}

/// Whether a line opens with an arrow or a comma (past white space): the continuation of a move
/// line wrapped before it (`-->Akk 12`, `, Korea`). (The caller tells most lines at their first
/// byte.)
fn opens_continuation(line: &str) -> bool {
    let b = line.as_bytes();
    let first = match b.first() {
        Some(&f) if f.is_ascii_whitespace() => match line.trim_start().as_bytes().first() {
            Some(&f) => f,
            None => return false,
        },
        Some(&f) => f,
        None => return false,
    };
    if !matches!(first, b',' | b'-' | b'=' | b'>' | b'~' | 0x80..) {
        return false;
    }
    starts_with_joint(line.trim_start())
}

/// Whether `t` opens with an arrow (`-->`, `->`, `=>`, `>`, `~>`, `→`, `－－＞`) or a comma
/// (`,`, `，`), read as the lexer reads them.
fn starts_with_joint(t: &str) -> bool {
    let toks = super::lexer::lex(t);
    match toks.first() {
        Some(k) if k.kind == Tk::Comma => true,
        // (a rule line `----` or `--- Epoch II ---` is no arrow)
        Some(k) if k.kind == Tk::Arrow => t.get(k.start..k.end).is_some_and(|a| a != "入"),
        _ => false,
    }
}

/// The arrow or comma `t` ends with, unless it is the mark after a score (`Nub 9,`): a move line
/// wrapped onto the next.
fn ending_joint(t: &str) -> Option<Tk> {
    let toks = super::lexer::lex(t);
    let n = toks.len();
    match toks.last().map(|k| k.kind) {
        Some(Tk::Arrow) => Some(Tk::Arrow),
        Some(Tk::Comma)
            if n >= 2
                && toks
                    .get(n - 2)
                    .is_some_and(|k| !matches!(k.kind, Tk::Num | Tk::Comma)) =>
        {
            Some(Tk::Comma)
        }
        _ => None,
    }
}

impl State<'_> {
    /// A move line `t` (`text` trimmed, line `no`) wrapped onto the lines after it, joined with
    /// them into one (info `hotw.line-wrapped` at each line joined): the line ends with an arrow
    /// or a comma (not the score's) and the next line is no header, epoch or pause; or the next
    /// line opens with an arrow or a comma. Only inside a turn (or on its header), never in a
    /// remark. None, having taken no line, when `t` is no wrapped line.
    #[cold]
    #[inline(never)]
    fn wrapped<'b>(
        &mut self,
        text: &str,
        t: &str,
        no: u32,
        mut rest: &str,
        lines: &mut impl Iterator<Item = (usize, &'b str)>,
    ) -> Option<String> {
        if self.snapshot.is_some() || t.contains(['#', '＃', '[', '【']) || t.contains("//") {
            return None;
        }
        // (an epoch, resumption, pause or rule line is no move line)
        if epoch_line(t).is_some()
            || is_cont(t)
            || pause_words(t).is_some()
            || bare_pause(t)
            || crate::record::is_separator(t)
        {
            return None;
        }
        let on_header = header(&Line::new(t, no));
        if self.cur.is_none() && on_header.as_ref().is_none_or(|h| h.pause) {
            return None;
        }
        let on_header = on_header.is_some();
        let mut joined: Option<String> = None;
        let mut next_no = no;
        loop {
            let cur = joined.as_deref().unwrap_or(t);
            // the next line, read from the body where the iterator will find it
            if rest.is_empty() {
                break;
            }
            let next = match crate::text::find_newline(rest.as_bytes()) {
                Some(k) => rest.get(..k).unwrap_or(""),
                None => rest,
            };
            let nt = crate::text::trim(next);
            if nt.is_empty() || nt.contains(['#', '＃']) || nt.contains("//") {
                break;
            }
            let cont = opens_continuation(nt);
            if !cont {
                let Some(end) = ending_joint(cur) else {
                    break;
                };
                // A turn header's cards ending with a comma (`A(Sumer): Lead,`) and a line of
                // moves after it: a stray comma, not cards going on.
                if on_header
                    && joined.is_none()
                    && end == Tk::Comma
                    && super::lexer::lex(nt).iter().any(|k| k.kind == Tk::Arrow)
                {
                    break;
                }
                // the next line must be one that goes on a move: no header, epoch or pause
                let nl = Line::new(nt, no);
                if epoch_line(nt).is_some()
                    || is_cont(nt)
                    || pause_words(nt).is_some()
                    || header(&nl).is_some()
                    || colour_line(&nl).is_some()
                {
                    break;
                }
            }
            next_no = next_no.saturating_add(1);
            let col = next.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1;
            self.sink.info(
                code::LINE_WRAPPED,
                next_no,
                col,
                if cont {
                    format!(
                        "{nt:?} read as the rest of line {no}: a move line wrapped before its arrow or comma"
                    )
                } else {
                    format!(
                        "{nt:?} read as the rest of line {no}: the move line wrapped after {:?}",
                        cur.rsplit(char::is_whitespace).next().unwrap_or(cur)
                    )
                },
            );
            let mut s = joined.take().unwrap_or_else(|| text.trim_end().to_string());
            s.push(' ');
            s.push_str(nt);
            joined = Some(s);
            // (the iterator passes the line joined)
            lines.next();
            rest = rest.get(next.len() + 1..).unwrap_or("");
        }
        joined
    }

    /// A line that is not blank; `t` is `text` trimmed. (Inlined into the body's line loop, its
    /// one caller, as the fast path's steps are into it.)
    #[inline(always)]
    fn line(&mut self, text: &str, t: &str, no: u32) {
        if let Some((e, form)) = epoch_line(t) {
            self.epoch_header(e, no, text, form.then_some(t));
            return;
        }
        if is_cont(t) {
            let e = self.epoch.unwrap_or(1);
            self.epoch_header(EpochLine::Cont(e), no, text, None);
            return;
        }
        // a rule line (`----`, `====`, `* * *`, `———`) between epochs or before the final scores
        if matches!(
            t.as_bytes().first(),
            Some(b'-' | b'=' | b'*' | b'~' | b'_' | 0xe2 | 0xef)
        ) && crate::record::is_separator(t)
        {
            let col = text.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1;
            self.sink.info(
                code::RULE_LINE,
                no,
                col,
                format!("rule line {t:?} read as a separator inside the game; ignored"),
            );
            return;
        }
        // (under a final-score heading the lines are the scores' table: the general parser's)
        if self.fast
            && !self.final_block
            && (self.fast_header(text, no) || self.fast_move_line(text, no))
        {
            return;
        }
        // `Alb(＋m)`, `Popu(＋2)`: a full-width plus read as `+` (such a line is never the fast
        // path's: it reads ASCII lines only)
        let plus;
        let (text, t) = if !text.is_ascii() && text.contains('＋') {
            plus = self.full_width_plus(text, no);
            (plus.as_str(), crate::text::trim(&plus))
        } else {
            (text, t)
        };
        let l = Line::with_buffers(text, no, std::mem::take(&mut self.buffers));
        self.scanned(&l, t, no);
        self.buffers = l.into_buffers();
    }

    /// `text` with each full-width `＋` written `+` (one character for one: the columns stay),
    /// each reported (info `hotw.plus-form`).
    #[cold]
    #[inline(never)]
    fn full_width_plus(&mut self, text: &str, no: u32) -> String {
        for (col, _) in text.chars().enumerate().filter(|&(_, c)| c == '＋') {
            self.sink.info(
                code::PLUS_FORM,
                no,
                col as u32 + 1,
                "full-width \"＋\" read as \"+\"",
            );
        }
        text.replace('＋', "+")
    }

    /// A turn header whose seat is written otherwise than `A`–`F`, the seed's placeholders for
    /// the players' codes (chapter 1: `在本建議中暫以 A 至 F 代表之`): a name or other letters
    /// (`Ann(Sumer): Lead`, `K(Sumer):`, `G(Egypt):`), then brackets naming an empire (exactly or
    /// by an alias) and the colon. The seat is [`State::seat_code`]'s.
    fn other_seat_header<'a>(&mut self, l: &Line<'a>) -> Option<Header<'a>> {
        if l.kind(0) != Some(Tk::Word) || l.kind(1) != Some(Tk::LParen) {
            return None;
        }
        let code = l.s(0);
        // (a word in lower case at the start of a line is no seat: `ab(Arab): Jihad`)
        if code.chars().count() > 12
            || !code.chars().all(char::is_alphabetic)
            || code.chars().next().is_some_and(char::is_lowercase)
            || seat_of(code).is_some()
            || is_seat_word(code)
            || TABLES.region(code, false).is_some()
            || TABLES.card(code, false).is_some()
            || TABLES.empire(code, None, false).is_some()
        {
            return None;
        }
        let rp = l.close(1, l.toks.len())?;
        if rp < 3 || (2..rp).any(|k| matches!(l.kind(k), Some(Tk::Arrow | Tk::Comma | Tk::Semi))) {
            return None;
        }
        let empire = l.raw(2, rp).trim();
        TABLES
            .empire(empire, None, false)
            .filter(|(_, how, _)| !how.is_fuzzy())?;
        let (rest, pause, colon, dash) = after_brackets(l, rp);
        if !colon {
            return None;
        }
        let seat = self.seat_code(code, l)?;
        Some(Header {
            seat,
            lower: false,
            empire,
            empire_col: l.col(2),
            rest,
            pause: pause.is_some(),
            pause_form: pause == Some(true),
            colon,
            seat_tok: 0,
            square: false,
            bare: false,
            dash,
            empire_first: false,
            seat_form: Some(code),
        })
    }

    /// The seat a code other than `A`–`F` stands for: the seat it was read as before; else the
    /// seat whose player the tags (or a header line) name so (`[A "Ann"]`, then `Ann(Sumer):`);
    /// else the first seat that has not played yet. Reported the first time (warning
    /// `hotw.seat-code`, info when a player's name says it). None when all six seats are taken.
    fn seat_code(&mut self, code: &str, l: &Line) -> Option<usize> {
        if let Some(&(_, s)) = self
            .seat_codes
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
        {
            return Some(s);
        }
        let taken = |s: usize, codes: &[(String, usize)]| codes.iter().any(|&(_, t)| t == s);
        let named = (0..SEATS.len()).find(|&s| {
            !taken(s, &self.seat_codes)
                && SEATS
                    .get(s)
                    .and_then(|n| self.ctx.tag(n))
                    .or(self.body_players.get(s).and_then(|p| p.as_deref()))
                    .is_some_and(|p| p.trim().eq_ignore_ascii_case(code))
        });
        let seat = named
            .or_else(|| (0..SEATS.len()).find(|&s| !self.seen[s] && !taken(s, &self.seat_codes)))?;
        let letter = SEATS.get(seat).copied().unwrap_or("?");
        let col = l.col(0);
        if named.is_some() {
            self.sink.info(
                code::SEAT_CODE,
                l.no,
                col,
                format!("seat written {code:?} read as {letter}, whose player the record names so"),
            );
        } else {
            self.sink.warning(
                code::SEAT_CODE,
                l.no,
                col,
                format!(
                    "seat written {code:?} is none of A–F: read as {letter}, the first seat that had not played"
                ),
            );
        }
        self.seat_codes.push((code.to_string(), seat));
        Some(seat)
    }

    /// A turn header read by the fast path ([`super::fast`]), when it can. False, having
    /// changed nothing, when the line is for the general parser.
    #[inline(always)]
    fn fast_header(&mut self, text: &str, no: u32) -> bool {
        let Some(h) = fast::header(text, &mut self.cards) else {
            return false;
        };
        self.snapshot = None;
        self.new_turn(h.seat, h.empire, h.empire_col, no);
        let Some(turn) = self.game.turns.last_mut() else {
            return true;
        };
        // (made at its size, not reserved: `reserve_exact` on an empty vector takes the slow path
        // of growing one)
        turn.cards = Vec::with_capacity(self.cards.len());
        for &(c, col) in &self.cards {
            card_epoch(&mut self.sink, no, col, turn.epoch, c);
            turn.cards.push(CardPlay {
                card: Cow::Borrowed(c.code.as_str()),
                name: Cow::Borrowed(c.name.as_str()),
                // written exactly as its code
                raw: Cow::Borrowed(c.code.as_str()),
                ..CardPlay::default()
            });
        }
        if let Some((s, col)) = h.score {
            record_score(&mut self.sink, no, col, turn, s);
        }
        self.opened_turn();
        true
    }

    /// A move line of the current turn read by the fast path ([`super::fast`]), when it can.
    /// False, having changed nothing, when the line is for the general parser.
    #[inline(always)]
    fn fast_move_line(&mut self, text: &str, no: u32) -> bool {
        // what the general parser checks first: a snapshot line, the colour line (before any
        // turn), a line with no turn to go to
        if self.snapshot.is_some() {
            return false;
        }
        let Some(turn) = self.cur.and_then(|c| self.game.turns.get_mut(c)) else {
            return false;
        };
        match fast::move_line(text, turn, &mut self.scratch) {
            None => false,
            Some(score) => {
                if let Some((s, col)) = score {
                    record_score(&mut self.sink, no, col, turn, s);
                }
                true
            }
        }
    }

    /// A line that is no epoch header, and none the fast path reads. (Kept out of the line
    /// loop, so that the fast path's steps are inlined there.)
    #[inline(never)]
    fn scanned(&mut self, l: &Line, t: &str, no: u32) {
        // `Era III`, `Age 3` (the general parser's: no line the fast path reads starts so)
        if matches!(t.as_bytes().first(), Some(b'E' | b'e' | b'A' | b'a'))
            && let Some(e) = epoch_era(t)
        {
            self.epoch_header(e, no, l.text, Some(t));
            return;
        }
        if let Some(plen) = pause_words(t) {
            // `Game paused after D (Greek).`: the pause line in words; the rest read as
            // `D(Greek)` at its own columns
            let lead = l.text.len() - l.text.trim_start().len();
            let rest = l.text.get(lead + plen..).unwrap_or("");
            let padded = format!("{}{rest}", " ".repeat(lead + plen));
            let l2 = Line::new(&padded, no);
            // (`於D(Greek)後暫停`: the header must hold the pause itself)
            if let Some(h) = header(&l2).filter(|h| h.pause || !t.starts_with(['於', '于', '在']))
            {
                self.snapshot = None;
                self.pause_form(t, &h, no, l.col(0));
                if h.lower {
                    seat_case(&mut self.sink, &l2, h.seat_tok, h.seat);
                }
                self.pause(Some(&h), &l2);
                return;
            }
        }
        // `Pause`, `暫停。`, `(paused)` alone on its line after a turn: the pause after that turn
        if self.cur.is_some() && bare_pause(t) {
            self.pause_after_last(l, t);
            return;
        }
        if let Some(h) = header(l).or_else(|| self.other_seat_header(l)) {
            self.snapshot = None;
            if let Some(w) = h.seat_form {
                self.sink.info(
                    code::SEAT_FORM,
                    no,
                    l.col(if h.empire_first { h.seat_tok } else { 0 }),
                    format!(
                        "seat written {w:?} read as {}",
                        SEATS.get(h.seat).copied().unwrap_or("?")
                    ),
                );
            }
            if h.empire_first {
                self.sink.info(
                    code::HEADER_FORM,
                    no,
                    l.col(0),
                    format!(
                        "turn header written empire first read as {}({})",
                        SEATS.get(h.seat).copied().unwrap_or("?"),
                        h.empire
                    ),
                );
            } else if h.seat_tok > 0 && h.seat_form.is_none() {
                self.sink.info(
                    code::TURN_NUMBER,
                    no,
                    l.col(0),
                    format!(
                        "turn number {:?} before the header ignored",
                        l.raw(0, h.seat_tok)
                    ),
                );
            }
            if h.lower {
                seat_case(&mut self.sink, l, h.seat_tok, h.seat);
            }
            if h.bare || h.dash {
                self.sink.info(
                    code::HEADER_FORM,
                    no,
                    l.col(if h.bare { h.seat_tok } else { h.rest - 1 }),
                    if h.bare {
                        format!(
                            "turn header without brackets read as {}({})",
                            SEATS.get(h.seat).copied().unwrap_or("?"),
                            h.empire
                        )
                    } else {
                        "a dash after the turn header's brackets read as its colon".to_string()
                    },
                );
            }
            if h.square {
                self.sink.info(
                    code::HEADER_BRACKET,
                    no,
                    l.col(h.seat_tok + 1),
                    format!(
                        "empire in square brackets read as {}({})",
                        SEATS.get(h.seat).copied().unwrap_or("?"),
                        h.empire
                    ),
                );
            }
            if h.pause {
                if h.pause_form {
                    self.pause_form(t, &h, no, l.col(0));
                }
                self.pause(Some(&h), l);
            } else {
                self.turn(&h, l);
            }
            return;
        }
        if let Some(cp) = self.snapshot
            && self.holding_line(cp, l)
        {
            return;
        }
        if self.colour_line.is_none()
            && self.game.turns.is_empty()
            && let Some(cs) = colour_line(l)
        {
            {
                self.colour_line = Some(no);
                for (seat, c, k, known, seat_k) in cs {
                    if let Some(sk) = seat_k {
                        seat_case(&mut self.sink, l, sk, seat);
                    }
                    if !known {
                        self.sink.warning(
                            code::COLOUR_UNKNOWN,
                            no,
                            l.col(k),
                            format!("colour {c:?} is none of chapter 1's; kept as written"),
                        );
                    }
                    if let Some(slot) = self.colours.get_mut(seat) {
                        *slot = Some(c);
                    }
                    self.seen[seat] = true;
                }
                return;
            }
        }
        let epoch = self.epoch.unwrap_or(1);
        let before_turns = self.game.turns.is_empty();
        if !before_turns && self.closing_line(l, t) {
            return;
        }
        // a note on a line of its own, all of it in brackets (appendix 4's `(另﹕A 至 F 順第一章序
        // 使用由紅至紫各色，不贅)`, `(note: Bob arrived late)`): the turn's comment, or the game's
        if bracketed_note(l) {
            let inner = t
                .trim()
                .trim_start_matches(['(', '（'])
                .trim_end_matches([')', '）'])
                .trim()
                .to_string();
            let whose = match self.cur.and_then(|c| self.game.turns.get_mut(c)) {
                Some(turn) => {
                    turn.comments.push(inner.clone());
                    "the turn's"
                }
                None => {
                    self.game.comments.push(inner.clone());
                    "the game's"
                }
            };
            self.sink.info(
                code::NOTE,
                no,
                l.col(0),
                format!("note {inner:?} in brackets on a line of its own kept as {whose} comment"),
            );
            return;
        }
        match self.cur.and_then(|c| self.game.turns.get_mut(c)) {
            Some(turn) => {
                let mut lp = Lp {
                    l,
                    sink: &mut self.sink,
                    epoch,
                    unparsed: Vec::new(),
                    plus: Vec::new(),
                    seq: std::mem::take(&mut self.seq),
                    lists: std::mem::take(&mut self.lists),
                    memo: None,
                };
                turn_line(&mut lp, 0, turn, false);
                turn.unparsed.append(&mut lp.unparsed);
                self.seq = lp.seq;
                self.lists = lp.lists;
            }
            None if before_turns && let Some(items) = seat_player_items(t) => {
                // `A: Ana`, `B：班`, `A - Ann - Purple`, `A: Ann (Purple), B: Ben (Red)` before the
                // first turn: the seats' players and colours
                let mut said = Vec::new();
                for (seat, name, colour) in items {
                    if let Some(c) = colour
                        && let Some(slot) = self.colours.get_mut(seat)
                    {
                        *slot = Some(c.to_string());
                        self.colour_from_players.get_or_insert(no);
                    }
                    self.seen[seat] = true;
                    let Some(name) = name else {
                        said.push(format!(
                            ": seat {}'s colour {}",
                            SEATS[seat],
                            colour.unwrap_or("?")
                        ));
                        continue;
                    };
                    let tagged = self.ctx.tag(SEATS[seat]).is_some();
                    said.push(if tagged {
                        format!(
                            " naming seat {}'s player (a tag names one already)",
                            SEATS[seat]
                        )
                    } else {
                        format!(": {name} plays seat {}", SEATS[seat])
                    });
                    if !tagged && self.body_players[seat].is_none() {
                        self.body_players[seat] = Some(name);
                    }
                }
                // (one seat: as this line was always reported)
                let msg = match said.as_slice() {
                    [one] if one.starts_with(" naming") => format!(
                        "{t:?} before the first turn read as a header line{one}; kept as the game's comment"
                    ),
                    [one] => format!("{t:?} before the first turn read as a header line{one}"),
                    _ => {
                        let parts: Vec<&str> = said
                            .iter()
                            .map(|p| p.trim_start_matches(": ").trim_start())
                            .collect();
                        format!(
                            "{t:?} before the first turn read as a header line: {}",
                            parts.join(", ")
                        )
                    }
                };
                self.sink.info(code::HEADER_LINE, no, l.col(0), msg);
                self.game.comments.push(t.to_string());
            }
            None if before_turns && header_line(l) => {
                // `Date: 2026-11-03`, `日期：…`, `Place: Leeds` before the first turn
                self.sink.info(
                    code::HEADER_LINE,
                    no,
                    l.col(0),
                    format!("{t:?} before the first turn read as a header line, kept as the game's comment"),
                );
                self.game.comments.push(t.to_string());
            }
            None if remark_start(l, 0, l.toks.len()) == Some(0) => {
                // `// from the club book`, `# …` before the first turn
                let note = remark_text(l, 0);
                self.sink.info(
                    code::REMARK,
                    no,
                    l.col(0),
                    format!("remark {note:?} kept as the game's comment"),
                );
                if !note.is_empty() {
                    self.game.comments.push(note);
                }
            }
            None if before_turns && title_line(l) => {
                // `Club night at the Red Lion, 12 players`, `第三屆聯賽 決賽`
                let tagged = self.ctx.tag("Title").is_some();
                self.sink.info(
                    code::TITLE_LINE,
                    no,
                    l.col(0),
                    if tagged || self.title.is_some() {
                        format!("{t:?} before the first turn read as a line of prose (the game has a title), kept as the game's comment")
                    } else {
                        format!("{t:?} before the first turn read as the game's title, kept as the game's comment")
                    },
                );
                if !tagged && self.title.is_none() {
                    self.title = Some(t.to_string());
                }
                self.game.comments.push(t.to_string());
            }
            None => {
                let col = l.col(0);
                self.sink.error(
                    code::UNREADABLE,
                    no,
                    col,
                    format!("line {:?} belongs to no turn; kept as raw text", t),
                );
                self.game.unparsed.push(t.to_string());
            }
        }
    }

    /// A line after the first turn that gives the game's result: the final scores (`Final: A
    /// 12, B 30`; info `hotw.final-scores`) or the winner (`Winner: C`, `C wins`; info
    /// `hotw.result-line`). False, having changed nothing, for any other line.
    fn closing_line(&mut self, l: &Line, t: &str) -> bool {
        // under `Final scores:`, lines of seats and scores (`A 12`, `B 30, C 25`)
        let block = if self.final_block {
            score_items(l, 0)
                .map(Closing::Scores)
                .or_else(|| self.table_row(l, t))
        } else {
            None
        };
        self.final_block = false;
        if !matches!(block, Some(Closing::Table(_))) {
            self.table_seats.clear();
        }
        // (a table's row of labels, `| Seat | Score |`, heads the scores' table itself)
        let labels = || {
            if t.starts_with(['|', '｜']) {
                let row = self.table_row(l, t);
                self.table_seats.clear();
                row.filter(|r| matches!(r, Closing::Table("the row of labels")))
            } else {
                None
            }
        };
        let Some(c) = block.or_else(|| closing(l)).or_else(labels) else {
            return false;
        };
        let no = l.no;
        match c {
            Closing::Block => {
                self.sink.info(
                    code::FINAL_SCORES,
                    no,
                    l.col(0),
                    format!("{t:?} read as the heading of the final scores on the lines under it"),
                );
                self.final_block = true;
            }
            Closing::Scores(items) => {
                let list: Vec<String> = items
                    .iter()
                    .map(|&(seat, v, _)| format!("{} {v}", SEATS.get(seat).copied().unwrap_or("?")))
                    .collect();
                self.sink.info(
                    code::FINAL_SCORES,
                    no,
                    l.col(0),
                    format!("{t:?} read as the final scores {}", list.join(", ")),
                );
                for (seat, v, k) in items {
                    self.finals.push((seat, v, no, l.col(k)));
                }
                // (more lines of scores may follow)
                self.final_block = true;
            }
            Closing::Table(what) => {
                self.sink.info(
                    code::SCORE_TABLE,
                    no,
                    l.col(0),
                    format!("{t:?} read as {what} of the final scores' table"),
                );
                self.final_block = true;
            }
            Closing::Winner(seats) => {
                let list: Vec<&str> = seats
                    .iter()
                    .map(|&s| SEATS.get(s).copied().unwrap_or("?"))
                    .collect();
                self.sink.info(
                    code::RESULT_LINE,
                    no,
                    l.col(0),
                    format!("{t:?} read as the winner {}", list.join("/")),
                );
                self.winner_line = Some((seats, no, l.col(0)));
            }
        }
        self.game.closing.push(t.to_string());
        true
    }

    /// A row of the final scores written as a table under their heading: a row of seats (`A  B
    /// C`, `| A | B | C |`; kept for the row of numbers under it), a rule (`|---|---|`) or a row
    /// of labels (`| Seat | Score |`), a row of numbers as many as the seats above it (`12  7
    /// 9`), or a seat and its score between bars (`| A | 12 |`). None for any other line.
    fn table_row(&mut self, l: &Line, t: &str) -> Option<Closing> {
        if t.contains(['-', '=', '─'])
            && t.chars()
                .all(|c| matches!(c, '|' | '｜' | '-' | '─' | '+' | ':' | '=' | ' ' | '\t'))
        {
            return Some(Closing::Table("a rule"));
        }
        let items: Vec<usize> = (0..l.toks.len())
            .filter(|&k| {
                !(l.kind(k) == Some(Tk::Comma)
                    || (l.kind(k) == Some(Tk::Other) && matches!(l.s(k), "|" | "｜")))
            })
            .collect();
        let seat = |k: usize| seat_upper(l.s(k)).filter(|_| l.kind(k) == Some(Tk::Word));
        let num =
            |k: usize| number(l.s(k)).filter(|_| matches!(l.kind(k), Some(Tk::Num | Tk::Word)));
        if items.len() >= 2 && items.iter().all(|&k| seat(k).is_some()) {
            let seats: Vec<usize> = items.iter().filter_map(|&k| seat(k)).collect();
            if (1..seats.len()).any(|i| seats.get(..i).is_some_and(|p| p.contains(&seats[i]))) {
                return None;
            }
            self.table_seats = seats;
            return Some(Closing::Table("the row of seats"));
        }
        if !items.is_empty()
            && items.iter().all(|&k| {
                l.kind(k) == Some(Tk::Word) && TABLE_LABELS.contains(&folded_lower(l.s(k)).as_str())
            })
        {
            return Some(Closing::Table("the row of labels"));
        }
        if !self.table_seats.is_empty()
            && items.len() == self.table_seats.len()
            && items.iter().all(|&k| num(k).is_some())
        {
            let scores = items
                .iter()
                .zip(std::mem::take(&mut self.table_seats))
                .filter_map(|(&k, seat)| Some((seat, num(k)?, k)))
                .collect();
            return Some(Closing::Scores(scores));
        }
        // `| A | 12 |`
        if items.len() == 2
            && let (Some(s), Some(v)) = (seat(items[0]), num(items[1]))
            && t.trim_start().starts_with(['|', '｜'])
        {
            return Some(Closing::Scores(vec![(s, v, items[0])]));
        }
        None
    }

    /// An epoch header; `form` is the header as written when it is not in the seed's form
    /// (`E I`, `EⅡ`, `eiii`: reported as an info).
    fn epoch_header(&mut self, e: EpochLine, no: u32, text: &str, form: Option<&str>) {
        self.final_block = false;
        let col = text.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1;
        self.snapshot = None;
        self.cur = None;
        if let Some(w) = form {
            let n = match e {
                EpochLine::Plain(n) | EpochLine::Cont(n) | EpochLine::Pause(n) => n,
            };
            self.sink.info(
                code::EPOCH_FORM,
                no,
                col,
                format!("epoch header {w:?} read as E{}", roman_str(n)),
            );
        }
        match e {
            EpochLine::Plain(n) => self.epoch = Some(n),
            EpochLine::Cont(n) => {
                if !self.paused {
                    self.sink.warning(
                        code::RESUME_WITHOUT_PAUSE,
                        no,
                        col,
                        format!("E{} (con't) with no pause before it", roman_str(n)),
                    );
                }
                self.epoch = Some(n);
                self.resume_pending = true;
                self.paused = false;
            }
            EpochLine::Pause(n) => {
                self.epoch = Some(n);
                self.pause(None, &Line::new(text, no));
            }
        }
    }

    /// The info that the line `t` in other words was read as the pause of `h`.
    fn pause_form(&mut self, t: &str, h: &Header, no: u32, col: u32) {
        self.sink.info(
            code::PAUSE_FORM,
            no,
            col,
            format!(
                "{t:?} read as the pause {}({})後暫停",
                SEATS.get(h.seat).copied().unwrap_or("?"),
                h.empire
            ),
        );
    }

    fn pause(&mut self, h: Option<&Header>, l: &Line) {
        self.cur = None;
        self.paused = true;
        let mut cp = Checkpoint {
            after_turn: self.game.turns.len(),
            epoch: self.epoch.unwrap_or(1),
            line: l.no,
            ..Checkpoint::default()
        };
        if let Some(h) = h {
            let seat = SEATS.get(h.seat).copied().unwrap_or("?").to_string();
            let empire = TABLES
                .empire(h.empire, self.epoch, true)
                .map(|e| e.0.code.clone())
                .unwrap_or_else(|| h.empire.to_string());
            if let Some(last) = self.game.turns.last()
                && (last.player != seat || last.empire != empire)
            {
                self.sink.warning(
                    code::PAUSE_MISMATCH,
                    l.no,
                    l.col(0),
                    format!(
                        "pause after {seat}({empire}) but the last turn was {}({})",
                        last.player, last.empire
                    ),
                );
            }
            cp.seat = Some(seat);
            cp.empire = Some(empire);
        }
        self.game.checkpoints.push(cp);
        self.snapshot = Some(self.game.checkpoints.len() - 1);
    }

    /// A pause line naming no seat (`Pause`, `暫停`) after a turn: the pause after the last turn,
    /// its seat and empire taken from it (info `hotw.pause-form`).
    fn pause_after_last(&mut self, l: &Line, t: &str) {
        let Some(last) = self.game.turns.last() else {
            return;
        };
        let (seat, empire) = (last.player.to_string(), last.empire.to_string());
        self.sink.info(
            code::PAUSE_FORM,
            l.no,
            l.col(0),
            format!("{t:?} read as the pause after the last turn, {seat}({empire})後暫停"),
        );
        self.pause(None, l);
        if let Some(cp) = self.game.checkpoints.last_mut() {
            cp.seat = Some(seat);
            cp.empire = Some(empire);
        }
    }

    fn turn(&mut self, h: &Header, l: &Line) {
        if !h.colon {
            self.sink.warning(
                code::HEADER_COLON,
                l.no,
                l.col(h.rest.saturating_sub(1)),
                "turn header without \":\"",
            );
        }
        self.new_turn(h.seat, h.empire, h.empire_col, l.no);
        // `Egypt (B) – Ben`, `B(Egypt) - Ben: Lead`: the seat's player after the dash
        let rest = match (h.dash || h.empire_first)
            .then(|| self.header_player(h, l))
            .flatten()
        {
            Some(next) => next,
            None => h.rest,
        };
        let Some(turn) = self.game.turns.last_mut() else {
            return;
        };
        let mut lp = Lp {
            l,
            sink: &mut self.sink,
            epoch: turn.epoch,
            unparsed: Vec::new(),
            plus: Vec::new(),
            seq: std::mem::take(&mut self.seq),
            lists: std::mem::take(&mut self.lists),
            memo: None,
        };
        turn_line(&mut lp, rest, turn, true);
        turn.unparsed.append(&mut lp.unparsed);
        self.seq = lp.seq;
        self.lists = lp.lists;
        self.opened_turn();
    }

    /// The words after a header's dash (or the colon of a header written empire first) when they
    /// name the seat's player, not cards (`Egypt (B) – Ben`, `B(Egypt) - Ben: Lead`, `Sumer (A):
    /// Ana`): one to three words of letters up to a colon or the line's end, the first no card
    /// (nor a misspelled one, the start of a card's code, a region or an empire, unless it is the
    /// seat's player's name as the tags or a header line give it). Takes the name as the seat's player where none is known, reports it
    /// (info `hotw.header-player`), and gives the token where the turn's cards begin.
    fn header_player(&mut self, h: &Header, l: &Line) -> Option<usize> {
        let end = (h.rest..l.toks.len())
            .find(|&k| l.kind(k) == Some(Tk::Colon))
            .unwrap_or(l.toks.len());
        if end <= h.rest || end - h.rest > 3 {
            return None;
        }
        // (words of letters, none opening with a small ASCII letter: `Ben`, `安`; not `Lea d`)
        if (h.rest..end).any(|k| {
            let w = l.s(k);
            l.kind(k) != Some(Tk::Word)
                || !w.chars().all(|c| c.is_alphabetic() || c == '.')
                || w.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        }) {
            return None;
        }
        let name = l.raw(h.rest, end).trim();
        let first = l.s(h.rest);
        let seat = SEATS.get(h.seat).copied()?;
        let known = self
            .ctx
            .tag(seat)
            .or(self.body_players.get(h.seat).and_then(|p| p.as_deref()));
        let is_known = known.is_some_and(|k| k.eq_ignore_ascii_case(name));
        // (nor the start of a card's code, `Lea` for `Lead`, unless it is the seat's player)
        let lower = first.to_lowercase();
        if TABLES.card(first, false).is_some()
            || card_full_name(l, h.rest, end, false).is_some()
            || (!is_known
                && (TABLES.card(first, true).is_some()
                    || TABLES.region(first, false).is_some()
                    || TABLES.empire(first, None, false).is_some()
                    || TABLES
                        .cards
                        .iter()
                        .any(|c| c.code.to_lowercase().starts_with(&lower))))
            || matches!(
                first.to_ascii_lowercase().as_str(),
                "none" | "nil" | "no" | "nocard" | "無" | "无" | "없음"
            )
        {
            return None;
        }
        let msg = match known {
            Some(k) if k.eq_ignore_ascii_case(name) => {
                format!("{name:?} after the turn header read as seat {seat}'s player")
            }
            Some(k) => format!(
                "{name:?} after the turn header read as seat {seat}'s player (named {k:?} already; kept as the turn's comment)"
            ),
            None => format!(
                "{name:?} after the turn header read as seat {seat}'s player: {name} plays seat {seat}"
            ),
        };
        self.sink
            .info(code::HEADER_PLAYER, l.no, l.col(h.rest), msg);
        match known {
            None => {
                if let Some(slot) = self.body_players.get_mut(h.seat) {
                    *slot = Some(name.to_string());
                }
            }
            // (another name than the seat's: kept as the turn's comment, not dropped)
            Some(k) if !k.eq_ignore_ascii_case(name) => {
                if let Some(turn) = self.game.turns.last_mut() {
                    turn.comments.push(name.to_string());
                }
            }
            Some(_) => {}
        }
        Some(if end < l.toks.len() { end + 1 } else { end })
    }

    /// The turn a header opens (seat index `seat`, the empire as written at column
    /// `empire_col` of line `no`), its empire resolved and the epoch it is played in settled,
    /// with their diagnostics: pushed as the game's last turn, for the caller to complete and
    /// then mark read ([`Self::opened_turn`]).
    fn new_turn(&mut self, seat: usize, empire: &str, empire_col: u32, no: u32) {
        let seat_name = SEATS.get(seat).copied().unwrap_or("?");
        if let Some(s) = self.seen.get_mut(seat) {
            *s = true;
        }
        let turn_empire: Cow<'static, str>;
        let mut minor = false;
        match TABLES.empire(empire, self.epoch, true) {
            Some((e, how, chose)) => {
                turn_empire = Cow::Borrowed(e.code.as_str());
                minor = e.minor;
                let w = empire;
                let msg = match &how {
                    How::Exact => None,
                    How::Folded => Some((
                        code::EMPIRE_ALIAS,
                        format!("empire {w:?} read as {}", e.code),
                        false,
                    )),
                    How::Alias(n) => Some((
                        code::EMPIRE_ALIAS,
                        format!("empire alias {w:?} read as {} ({}; {n})", e.code, e.name),
                        false,
                    )),
                    How::Name => Some((
                        code::EMPIRE_ALIAS,
                        format!("empire name {w:?} read as {}", e.code),
                        false,
                    )),
                    How::Fuzzy(d) => Some((
                        code::EMPIRE_FUZZY,
                        format!("empire {w:?} read as {} (edit distance {d})", e.code),
                        true,
                    )),
                };
                match msg {
                    Some((c, m, true)) => self.sink.warning(c, no, empire_col, m),
                    Some((c, m, false)) => self.sink.info(c, no, empire_col, m),
                    None => {}
                }
                if chose && self.epoch.is_none() {
                    // (`Turks` before any epoch: Seljuk or Ottoman?)
                    self.sink.warning(
                        code::EMPIRE_AMBIGUOUS,
                        no,
                        empire_col,
                        format!(
                            "{w:?} names more than one empire and no epoch is known yet; {} ({}, E{}) taken",
                            e.code,
                            e.name,
                            roman_str(e.epoch)
                        ),
                    );
                } else if chose {
                    self.sink.info(
                        code::EMPIRE_CONTEXT,
                        no,
                        empire_col,
                        format!(
                            "{w:?} names more than one empire; {} ({}, E{}) fits the epoch",
                            e.code,
                            e.name,
                            roman_str(e.epoch)
                        ),
                    );
                }
                match self.epoch {
                    None => {
                        self.sink.warning(
                            code::EPOCH_INFERRED,
                            no,
                            1,
                            format!(
                                "no epoch header before this turn; E{} inferred from {}",
                                roman_str(e.epoch),
                                e.code
                            ),
                        );
                        self.epoch = Some(e.epoch);
                    }
                    Some(cur) if e.epoch > cur => {
                        self.sink.warning(
                            code::EPOCH_INFERRED,
                            no,
                            1,
                            format!(
                                "{} is an empire of E{} but the last header was E{}; E{} inferred from here",
                                e.code,
                                roman_str(e.epoch),
                                roman_str(cur),
                                roman_str(e.epoch)
                            ),
                        );
                        self.epoch = Some(e.epoch);
                    }
                    Some(cur) if e.epoch < cur => self.sink.warning(
                        code::EPOCH_MISMATCH,
                        no,
                        empire_col,
                        format!(
                            "{} is an empire of E{}, played under E{}",
                            e.code,
                            roman_str(e.epoch),
                            roman_str(cur)
                        ),
                    ),
                    Some(_) => {}
                }
            }
            None => {
                self.sink.warning(
                    code::EMPIRE_UNKNOWN,
                    no,
                    empire_col,
                    format!("unknown empire {:?}; kept as written", empire),
                );
                turn_empire = Cow::Owned(empire.to_string());
                if self.epoch.is_none() {
                    self.sink.warning(
                        code::EPOCH_INFERRED,
                        no,
                        1,
                        "no epoch header and an unknown empire; EI assumed",
                    );
                    self.epoch = Some(1);
                }
            }
        }
        // made in its place in the list (a `Turn` returned and then pushed is copied twice)
        self.game.turns.push(Turn {
            player: Cow::Borrowed(seat_name),
            line: no,
            empire: turn_empire,
            minor,
            epoch: self.epoch.unwrap_or(1),
            resumed: std::mem::take(&mut self.resume_pending),
            // most turns expand a few times and build once or twice: room for that from the
            // start is one allocation each, where growing costs more (room for six legs, not
            // four: a turn in five has more; two builds, not one: 3.1M and 1.9M instructions
            // fewer on the bench corpus)
            expansions: Vec::with_capacity(6),
            builds: Vec::with_capacity(2),
            ..Turn::default()
        });
    }

    /// The turn [`Self::new_turn`] opened is read: the lines after it are its own.
    fn opened_turn(&mut self) {
        self.final_block = false;
        self.cur = self.game.turns.len().checked_sub(1);
    }

    /// A snapshot line `C: ArabP(ct), Pale(cm), UTig(I); …`. False when the line is not one.
    fn holding_line(&mut self, cp: usize, l: &Line) -> bool {
        let Some((seat, lower)) = seat_of(l.s(0)) else {
            return false;
        };
        let sep = l.kind(1);
        if !matches!(sep, Some(Tk::Colon | Tk::Semi)) {
            return false;
        }
        if lower {
            seat_case(&mut self.sink, l, 0, seat);
        }
        let epoch = self.epoch.unwrap_or(1);
        if sep == Some(Tk::Semi) {
            self.sink.info(
                code::PUNCTUATION,
                l.no,
                l.col(1),
                format!("\"{};\" read as \"{}:\"", SEATS[seat], SEATS[seat]),
            );
        }
        self.seen[seat] = true;
        let player = SEATS[seat].to_string();
        let mut lp = Lp {
            l,
            sink: &mut self.sink,
            epoch,
            unparsed: Vec::new(),
            plus: Vec::new(),
            seq: std::mem::take(&mut self.seq),
            lists: std::mem::take(&mut self.lists),
            memo: None,
        };
        let mut holdings: Vec<Holding> = Vec::new();
        let mut pending: Vec<usize> = Vec::new();
        let n = l.toks.len();
        let mut k = 2;
        while k < n {
            match l.kind(k) {
                Some(Tk::Word) => {
                    let (region, _) = lp.region_at(k, false);
                    holdings.push(Holding {
                        player: player.clone(),
                        region: region.into_owned(),
                        facilities: Vec::new(),
                        unit_epoch: None,
                    });
                    pending.push(holdings.len() - 1);
                }
                Some(Tk::LParen) => {
                    let end = l.close(k, n).unwrap_or(n);
                    if end == n {
                        lp.warn(
                            code::BRACKET_REPAIRED,
                            k,
                            "unclosed \"(\" in a snapshot".into(),
                        );
                    }
                    let inner = l.raw(k + 1, end).trim();
                    if let Some((e, form)) = roman_lenient(inner) {
                        if form {
                            lp.info(
                                code::EPOCH_FORM,
                                k + 1,
                                format!("unit epoch {inner:?} read as {}", roman_str(e)),
                            );
                        }
                        if e > epoch {
                            lp.warn(
                                code::SNAPSHOT_EPOCH,
                                k + 1,
                                format!(
                                    "units of E{} in a snapshot taken in E{}; kept as written",
                                    roman_str(e),
                                    roman_str(epoch)
                                ),
                            );
                        }
                        for p in pending.drain(..) {
                            if let Some(h) = holdings.get_mut(p) {
                                h.unit_epoch = Some(e);
                            }
                        }
                    } else if let Some(h) = holdings.last_mut() {
                        let (fac, bad) = facilities(inner);
                        h.facilities.extend(fac);
                        if let Some(b) = bad {
                            lp.warn(
                                code::FACILITY_UNKNOWN,
                                k + 1,
                                format!(
                                    "facility {b:?} is none of cp, ct, c, m, f; kept as written"
                                ),
                            );
                        }
                    } else {
                        lp.unreadable(k, end + 1);
                    }
                    k = end;
                }
                Some(Tk::Comma | Tk::Semi | Tk::Dash2) => {}
                Some(Tk::Other) if l.s(k) == "-" => {}
                _ => lp.stray(k),
            }
            k += 1;
        }
        if !pending.is_empty() {
            lp.warn(
                code::SNAPSHOT_EPOCH_MISSING,
                n.saturating_sub(1),
                "snapshot regions without a unit epoch after them".into(),
            );
        }
        let unparsed = std::mem::take(&mut lp.unparsed);
        self.game.unparsed.extend(unparsed);
        if let Some(c) = self.game.checkpoints.get_mut(cp) {
            c.holdings.extend(holdings);
            if !c.seats.contains(&player) {
                c.seats.push(player);
            }
        }
        true
    }

    fn finish(mut self) -> Parsed<HotwGame> {
        // gains
        let mut last: [Option<i64>; 6] = [None; 6];
        for t in &mut self.game.turns {
            let Some(seat) = SEATS.iter().position(|s| *s == t.player) else {
                continue;
            };
            if let Some(s) = t.score {
                let prev = last[seat];
                if prev.is_some_and(|p| s < p) {
                    self.sink.warning(
                        code::SCORE_DECREASE,
                        t.line,
                        1,
                        format!(
                            "{}'s total {s} is below the previous {}",
                            t.player,
                            prev.unwrap_or(0)
                        ),
                    );
                }
                t.gain = Some(s - prev.unwrap_or(0));
                last[seat] = Some(s);
            }
        }
        // final scores: the turns' totals are the record; a seat without one takes its final
        for &(seat, v, no, col) in &self.finals {
            let name = SEATS.get(seat).copied().unwrap_or("?");
            match last.get(seat).copied().flatten() {
                Some(total) if total != v => self.sink.warning(
                    code::FINAL_SCORE_DIFFERS,
                    no,
                    col,
                    format!(
                        "final score {name} {v} is not {name}'s last recorded total {total}; the total is kept"
                    ),
                ),
                Some(_) => {}
                None => {
                    if let Some(slot) = last.get_mut(seat) {
                        *slot = Some(v);
                    }
                }
            }
            self.game.final_scores.push(super::FinalScore {
                player: name.to_string(),
                score: v,
                line: no,
            });
        }
        // players
        for (i, s) in SEATS.iter().enumerate() {
            if self.ctx.tag(s).is_some() {
                self.seen[i] = true;
            }
        }
        match self.colour_line {
            Some(no) => self.sink.info(code::COLOURS_READ, no, 1, "seat colours read from the colour line"),
            None if let Some(no) = self.colour_from_players => self.sink.info(
                code::COLOURS_READ,
                no,
                1,
                "seat colours read from the players' lines (chapter 1's order for a seat they give none)",
            ),
            None if self.seen.iter().any(|s| *s) => self.sink.info(
                code::COLOURS_DEFAULT,
                self.ctx.first_line,
                1,
                "no colour line; chapter 1's order assumed (A Red, B Yellow, C Green, D Deep, E Blue, F Purple)",
            ),
            None => {}
        }
        let players: Vec<Seat> = SEATS
            .iter()
            .enumerate()
            .filter(|(i, _)| self.seen[*i])
            .map(|(i, s)| Seat {
                seat: s.to_string(),
                name: self
                    .ctx
                    .tag(s)
                    .map(str::to_string)
                    .or_else(|| self.body_players[i].clone()),
                color: match self.colour_line {
                    Some(_) => self.colours.get(i).cloned().flatten(),
                    // (a colour a header line gave: `A: Ana (Red)`)
                    None => self
                        .colours
                        .get(i)
                        .cloned()
                        .flatten()
                        .or_else(|| DEFAULT_COLOURS.get(i).map(|c| c.to_string())),
                },
            })
            .collect();
        // outcome
        let best = last.iter().flatten().max().copied();
        let outcome = best.map(|b| {
            let winners: Vec<String> = SEATS
                .iter()
                .zip(last.iter())
                .filter(|(_, v)| **v == Some(b))
                .map(|(s, _)| s.to_string())
                .collect();
            Outcome {
                summary: format!("{} {b}", winners.join("/")),
                winners,
                draw: Vec::new(),
            }
        });
        let outcome = match (outcome, self.winner_line.take()) {
            (Some(o), Some((seats, no, col))) => {
                let named: Vec<String> = seats
                    .iter()
                    .map(|&s| SEATS.get(s).copied().unwrap_or("?").to_string())
                    .collect();
                let mut a = named.clone();
                let mut b = o.winners.clone();
                a.sort();
                b.sort();
                if a != b {
                    self.sink.warning(
                        code::RESULT_DISAGREES,
                        no,
                        col,
                        format!(
                            "the winner line names {} but the highest total is {}'s; the totals decide",
                            named.join("/"),
                            o.winners.join("/")
                        ),
                    );
                }
                Some(o)
            }
            (None, Some((seats, _, _))) => {
                let winners: Vec<String> = seats
                    .iter()
                    .map(|&s| SEATS.get(s).copied().unwrap_or("?").to_string())
                    .collect();
                Some(Outcome {
                    summary: format!("{} wins", winners.join("/")),
                    winners,
                    draw: Vec::new(),
                })
            }
            (o, None) => o,
        };
        Parsed {
            game: self.game,
            players,
            outcome,
            title: self.title,
            diagnostics: self.sink.items,
        }
    }
}

/// Facilities of a snapshot group: `cpfm` → cp f m, `c`/`ct` → ct. The second value is the
/// unknown rest, if any.
fn facilities(s: &str) -> (Vec<String>, Option<String>) {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let (item, len) = if rest.starts_with("cp") {
            ("cp", 2)
        } else if rest.starts_with("ct") {
            ("ct", 2)
        } else if rest.starts_with('c') {
            ("ct", 1)
        } else if rest.starts_with('m') {
            ("m", 1)
        } else if rest.starts_with('f') {
            ("f", 1)
        } else if rest.starts_with([',', ' ']) {
            rest = rest.get(1..).unwrap_or("");
            continue;
        } else {
            return (out, Some(rest.to_string()));
        };
        out.push(item.to_string());
        rest = rest.get(len..).unwrap_or("");
    }
    (out, None)
}

/// Reads the part of a turn line from token `lo`: cards, moves, builds and the score.
fn turn_line(lp: &mut Lp, lo: usize, turn: &mut Turn, header: bool) {
    let l = lp.l;
    let mut hi = l.toks.len();
    if let Some(k) = remark_start(l, lo, hi) {
        let note = remark_text(l, k);
        lp.info(
            code::REMARK,
            k,
            format!("remark {note:?} kept as the turn's comment"),
        );
        if !note.is_empty() {
            turn.comments.push(note);
        }
        hi = k;
        if hi == lo {
            return;
        }
    }
    while hi > lo && l.kind(hi - 1) == Some(Tk::Other) && l.s(hi - 1) == "." {
        hi -= 1;
        lp.info(
            code::PUNCTUATION,
            hi,
            "stray \".\" at the end of the line ignored".into(),
        );
    }
    // (a `;` or `,` after the score ending the line: `LTig(+m) 20;`, `NileDel-->Nub 9,`)
    if hi > lo + 1
        && matches!(l.kind(hi - 1), Some(Tk::Semi | Tk::Comma))
        && l.kind(hi - 2) == Some(Tk::Num)
    {
        hi -= 1;
        lp.info(
            code::PUNCTUATION,
            hi,
            format!("stray {:?} after the score ignored", l.s(hi)),
        );
    }
    if let Some(k) = hi.checked_sub(1).filter(|&k| k > lo)
        && matches!(l.kind(k), Some(Tk::RParen | Tk::Other))
    {
        hi = trailing_note(lp, lo, hi, turn);
    }
    // a number ending the line, outside brackets, is the score (also written with a unit or a
    // full stop: `20分`, `20 pts`, `25.`)
    let mut score = None;
    let line_end = hi;
    if let Some((value, used, form)) = end_score_marked(l, lo, hi) {
        let at = hi - used;
        let depth: i32 = (lo..at)
            .map(|k| match l.kind(k) {
                Some(Tk::LParen) => 1,
                Some(Tk::RParen) => -1,
                _ => 0,
            })
            .sum();
        let balanced_open = (lo..at).any(|k| l.kind(k) == Some(Tk::LParen) && l.pair(k).is_none());
        if depth <= 0 || balanced_open {
            score = value;
            if score.is_some() {
                if form {
                    let w = l.raw(at, hi);
                    lp.info(
                        code::SCORE_FORM,
                        at,
                        format!("score {w:?} read as {}", value.unwrap_or_default()),
                    );
                }
                hi = at;
            }
        }
    }
    if let Some(e) = (lo..hi).find(|&k| l.kind(k) == Some(Tk::Ellipsis)) {
        lp.info(
            code::PLACEHOLDER,
            e,
            "\"……\" placeholder for moves not written".into(),
        );
    }
    let first = (lo..hi).find(|&k| l.kind(k) != Some(Tk::Ellipsis));
    if let Some(f) = first {
        let is_card = l.kind(f) == Some(Tk::Word) && {
            let w = l.s(f);
            let strict = (maybe_key(w)
                && with_key(w, false, |k| matches!(k, "civil" | "king" | "kingdom")))
                || {
                    let (card, row) = TABLES.is_card_row(w);
                    lp.memo = row.map(|r| (w, r));
                    card
                };
            let has_arrow = (f..hi).any(|k| matches!(l.kind(k), Some(Tk::Arrow | Tk::Dash2)));
            strict
                || (header && !has_arrow && TABLES.region(w, false).is_none())
                // a line of cards after the header opening with a full name whose first word
                // names no card (`Population Explosion(+2)`)
                || card_full_name(l, f, hi, false).is_some()
        };
        if is_card {
            lp.cards(f, hi, turn);
        } else {
            let read = (turn.expansions.len(), turn.builds.len(), lp.unparsed.len());
            lp.moves(f, hi, None, None, turn);
            // A number after words that read as nothing, with no arrow and no region among
            // them (`Round 2`, `註：重擲 2`), is part of a note, not the player's total.
            if score.is_some()
                && (turn.expansions.len(), turn.builds.len()) == (read.0, read.1)
                && lp.unparsed.len() > read.2
                && (f..hi).all(|k| match l.kind(k) {
                    Some(Tk::Arrow | Tk::Dash2) => false,
                    Some(Tk::Word) => TABLES.region(l.s(k), false).is_none(),
                    _ => true,
                })
            {
                let all = l.raw(f, line_end).trim();
                lp.unparsed.truncate(read.2);
                lp.unparsed.push(all.to_string());
                lp.warn(
                    code::SCORE_IN_NOTE,
                    hi,
                    format!("number after unreadable text in {all:?} not taken as a score"),
                );
                score = None;
            }
        }
    }
    if let Some(s) = score {
        record_score(lp.sink, l.no, l.col(hi), turn, s);
    }
}

/// A line all in one pair of brackets holding words, not notation: two words or more, or an
/// ideograph (`(note: Bob arrived late)`, `（另﹕…，不贅）`; not `(XV)`, `(+m)`).
fn bracketed_note(l: &Line) -> bool {
    let n = l.toks.len();
    if n < 3 || l.kind(0) != Some(Tk::LParen) || l.close(0, n) != Some(n - 1) {
        return false;
    }
    let inner = l.raw(1, n - 1);
    let words = inner
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 2)
        .count();
    words >= 2
        || inner
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// The token where a transcriber's remark starts on a line: `//` or `#` (`＃`) after white space
/// (or opening the line), the rest of the line being the remark (`LTig(+m) 12 // Ann leads`).
/// `/` is a word character of the notation (`c/`), so only a word starting with `//` counts.
fn remark_start(l: &Line, lo: usize, hi: usize) -> Option<usize> {
    (lo..hi).find(|&k| {
        let w = l.s(k);
        let mark = match l.kind(k) {
            Some(Tk::Word) => w.starts_with("//"),
            Some(Tk::Other) => w == "#" || w == "＃",
            _ => false,
        };
        mark && (k == 0
            || l.toks
                .get(k.wrapping_sub(1))
                .zip(l.toks.get(k))
                .is_some_and(|(a, b)| a.end < b.start))
    })
}

/// The text of the remark starting at token `k` (see [`remark_start`]), without its mark.
fn remark_text(l: &Line, k: usize) -> String {
    let start = l.toks.get(k).map_or(l.text.len(), |t| t.start);
    l.text
        .get(start..)
        .unwrap_or("")
        .trim_start_matches(['/', '#', '＃'])
        .trim()
        .to_string()
}

/// What other transcribers write at the end of a line that is not notation, taken off before
/// the line is read: the new end of the line's tokens. A note in square brackets (`Lead [leader
/// card]`, `【…】`) and words in brackets after the score (`43 (a good turn)`) are kept as the
/// turn's comment (info `hotw.note`); a number in brackets (`PersP(V, cX) (64)`: a score? the
/// notation writes none so) is no battle, kept as raw text with a warning
/// `hotw.bracketed-number`.
fn trailing_note(lp: &mut Lp, lo: usize, hi: usize, turn: &mut Turn) -> usize {
    let l = lp.l;
    let last = hi - 1;
    let open = if l.kind(last) == Some(Tk::RParen) {
        match l.pair(last) {
            Some(o) if o > lo => o,
            _ => return hi,
        }
    } else {
        let is = |k: usize, c: char| l.s(k).chars().next().map(fold_width) == Some(c);
        if !is(last, ']') {
            return hi;
        }
        match (lo..last)
            .rev()
            .find(|&k| l.kind(k) == Some(Tk::Other) && is(k, '['))
        {
            Some(o) => o,
            None => return hi,
        }
    };
    let raw = l.raw(open, hi).trim().to_string();
    if l.kind(last) == Some(Tk::RParen) {
        if open + 2 == last && l.kind(open + 1) == Some(Tk::Num) {
            lp.warn(
                code::BRACKETED_NUMBER,
                open,
                format!(
                    "{raw:?} ends the line: a number in brackets is no battle, build or score in the notation; kept as raw text"
                ),
            );
            lp.unparsed.push(raw);
            return open;
        }
        // `20 (+20)`: the turn's gain after its total (a number standing apart, not in brackets)
        if open + 2 == last
            && l.kind(open - 1) == Some(Tk::Num)
            && l.raw(open - 1, open + 1).contains(char::is_whitespace)
            && (open - 1 == lo || l.kind(open - 2) != Some(Tk::LParen))
            && l.kind(open + 1) == Some(Tk::Plus)
            && l.s(open + 1)
                .strip_prefix('+')
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        {
            lp.info(
                code::SCORE_GAIN,
                open,
                format!(
                    "{raw:?} after the score {} read as the turn's gain, kept as the turn's comment",
                    l.s(open - 1)
                ),
            );
            turn.comments.push(raw);
            return open;
        }
        // words after the score: none of them a region or a battle token, nothing built
        let prose = l.kind(open - 1) == Some(Tk::Num)
            && (open + 1..last)
                .all(|k| matches!(l.kind(k), Some(Tk::Word | Tk::Comma | Tk::Other)))
            && (open + 1..last).any(|k| {
                l.kind(k) == Some(Tk::Word)
                    && TABLES.region(l.s(k), false).is_none()
                    && battle_word(l.s(k)).is_none()
            });
        if !prose {
            return hi;
        }
    }
    lp.info(
        code::NOTE,
        open,
        format!("{raw:?} read as a note, kept as the turn's comment"),
    );
    turn.comments.push(raw);
    open
}

/// A line of the form `Key: value` whose key (one to three words before the colon) is no seat
/// letter, region or card: a transcriber's header line (`Date: 2026-11-03`, `日期：…`, `Place:
/// Leeds`), read only before the first turn.
/// A seat of a header line naming players: its index, its player's name, its colour.
type SeatPlayer = (usize, Option<String>, Option<&'static str>);

/// A header line naming seats' players and colours: one item or several, parted by `;`, `|` or
/// a comma before the next seat (`A: Ann (Purple), B: Ben (Red)`). See [`seat_player_one`].
fn seat_player_items(t: &str) -> Option<Vec<SeatPlayer>> {
    let mut items = Vec::new();
    let mut start = 0usize;
    let cs: Vec<(usize, char)> = t.char_indices().collect();
    for (k, &(i, c)) in cs.iter().enumerate() {
        let part = matches!(c, ';' | '；' | '|' | '｜')
            || (matches!(c, ',' | '，') && {
                // a seat letter and its mark after the comma
                let mut rest = cs.get(k + 1..).unwrap_or_default().iter().map(|p| p.1);
                let mut n = rest.by_ref().skip_while(|c| c.is_whitespace());
                n.next()
                    .is_some_and(|c| seat_upper(&c.to_string()).is_some())
                    && n.find(|c| !c.is_whitespace())
                        .is_some_and(|c| matches!(c, ':' | '：' | '-' | '–' | '—'))
            });
        if part {
            items.push(seat_player_one(t.get(start..i)?.trim())?);
            start = i + c.len_utf8();
        }
    }
    items.push(seat_player_one(t.get(start..)?.trim())?);
    (!items.is_empty()).then_some(items)
}

/// One seat's player and colour (`A: Ana`, `b：班`, `C: Lee Ka-ming`; `A: Ana (Red)`, `A - Ann -
/// Purple`, `A: Ann, Purple`, `A - Purple`): a seat letter, a colon or a dash, and a name that is
/// no turn (no card, empire or colour as its first word; no digit, arrow or bracket; a region's
/// code may be a name: `B: Ben`) and a colour, one of them or both. The seat's index, the name and
/// the colour.
fn seat_player_one(t: &str) -> Option<SeatPlayer> {
    let (key, value) = match t.split_once([':', '：']) {
        Some(kv) => kv,
        // `A - Ann - Purple`: a dash after the seat's letter
        None => {
            let (key, rest) = t.split_once(char::is_whitespace)?;
            seat_upper(key)?;
            let value = rest.trim_start().strip_prefix(['-', '–', '—'])?;
            (key, value)
        }
    };
    // (the seat with its word: `Player A: Ana`, `B方：班`)
    let key = key.trim();
    let seat = match seat_of(key) {
        Some((seat, _)) => seat,
        None => match key.split_once(' ') {
            Some((w, letter)) if is_seat_word(w) => seat_upper(letter.trim())?,
            _ => seat_joined(key)?,
        },
    };
    let mut name = value.trim();
    // `A: Ana (Red)`, `B：班（黃）`: the seat's colour after the name
    let mut colour = None;
    if let Some(inner) = name.strip_suffix(')').or_else(|| name.strip_suffix('）'))
        && let Some(k) = inner.rfind(['(', '（'])
        && let Some(c) = inner
            .get(k..)
            .and_then(|c| colour_name(c.trim_start_matches(['(', '（']).trim()))
    {
        colour = Some(c);
        name = inner.get(..k).unwrap_or_default().trim();
    }
    // `Ann - Purple`, `Purple - Ann`, `Ann, Purple`: the colour as one of two parts
    if colour.is_none() {
        let parts: Vec<&str> = name
            .split([',', '，', '/', '–', '—'])
            .flat_map(|p| p.split(" - "))
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        match parts.as_slice() {
            [one] if colour_name(one).is_some() => {
                return Some((seat, None, colour_name(one)));
            }
            [a, b] if colour_name(b).is_some() => {
                colour = colour_name(b);
                name = a;
            }
            [a, b] if colour_name(a).is_some() => {
                colour = colour_name(a);
                name = b;
            }
            _ => {}
        }
    }
    let first = name.split_whitespace().next()?;
    if name.contains(|c: char| {
        c.is_ascii_digit()
            || matches!(
                c,
                '(' | ')' | '（' | '）' | '[' | ']' | '>' | '→' | ':' | '：' | ',' | '，'
            )
    }) || name.contains("--")
        || TABLES.card(first, false).is_some()
        || TABLES.empire(first, None, false).is_some()
        || DEFAULT_COLOURS
            .iter()
            .any(|c| c.eq_ignore_ascii_case(first))
    {
        return None;
    }
    Some((seat, Some(name.to_string()), colour))
}

/// A line of prose before the first turn (`Club night at the Red Lion, 12 players`, `第三屆聯賽
/// 決賽`): three words or more (two when one is outside ASCII, or one word of four Chinese
/// characters or more), with numbers, commas and a few marks of prose (`- – — ! ? . ' "`, `、 。
/// ·`) between them and none of the notation's (no arrow, bracket, `+`, colon, brace, `Δ`, `=`,
/// `/`), no pause or epoch word (`暫停`, `紀元`, `世代`, `Epoch` first), the first word no seat
/// letter, card, empire or region.
fn title_line(l: &Line) -> bool {
    let mut words = 0;
    let mut wide = false;
    for (k, t) in l.toks.iter().enumerate() {
        let s = l.s(k);
        match t.kind {
            Tk::Word => {
                words += 1;
                wide |= !s.is_ascii();
                // (no pause or epoch word, no mark of a battle: `第一紀元，…`, `EpΔoch`, `==`)
                if ["暫停", "暂停", "紀", "纪", "世代"]
                    .iter()
                    .any(|p| s.contains(p))
                    || s.contains(['Δ', '∆', '=', '/', '\\'])
                    || (k == 0
                        && ["epoch", "era", "age"]
                            .iter()
                            .any(|p| s.eq_ignore_ascii_case(p)))
                {
                    return false;
                }
            }
            Tk::Num | Tk::Comma => {}
            Tk::Other
                if matches!(
                    s,
                    "-" | "–" | "—" | "!" | "?" | "." | "'" | "\"" | "、" | "。" | "·"
                ) => {}
            _ => return false,
        }
    }
    let first = l.s(0);
    l.kind(0) == Some(Tk::Word)
        && (words >= 3
            || (words >= 2 && wide)
            // (one word of four Chinese characters or more: `第三屆聯賽決賽`)
            || (l.toks.len() == 1
                && first.chars().count() >= 4
                && first.chars().all(|c| !c.is_ascii() && c.is_alphabetic())))
        && seat_of(first).is_none()
        && TABLES.card(first, false).is_none()
        && TABLES.empire(first, None, false).is_none()
        && TABLES.region(first, false).is_none()
}

fn header_line(l: &Line) -> bool {
    let Some(c) = (0..l.toks.len().min(4)).find(|&k| l.kind(k) == Some(Tk::Colon)) else {
        return false;
    };
    c > 0
        && (0..c).all(|k| l.kind(k) == Some(Tk::Word))
        && seat_of(l.s(0)).is_none()
        && (0..c)
            .all(|k| TABLES.region(l.s(k), false).is_none() && TABLES.card(l.s(k), false).is_none())
}

/// The units a transcriber writes after a score (compared lower-cased and width-folded).
const SCORE_UNITS: [&str; 10] = [
    "分", "點", "点", "pts", "pt", "points", "point", "vp", "vps", "total",
];

/// Words a transcriber writes before a score in the same word (`計7分`, `共23分`, `合計30`).
const SCORE_PREFIXES: [&str; 9] = [
    "共計", "共计", "合計", "合计", "總計", "总计", "計", "计", "共",
];

/// `w` is a unit after a score (`分`, `pts`), maybe with a full stop after it; or, with
/// `stop_alone`, only a full stop.
fn score_unit(w: &str, stop_alone: bool) -> bool {
    let is_unit = |u: &str| {
        SCORE_UNITS.iter().any(|unit| {
            u.chars()
                .map(|c| fold_width(c).to_ascii_lowercase())
                .eq(unit.chars())
        })
    };
    match w.strip_suffix(['.', '。', '．']) {
        Some("") => stop_alone,
        Some(u) => is_unit(u),
        None => is_unit(w),
    }
}

/// The score ending the tokens `lo..hi` of a line: its value (None when it does not fit), how
/// many tokens it takes, and whether it was written with a unit or a full stop (`20分`, `20 分`,
/// `20pts`, `25.`) rather than as a bare number.
fn end_score(l: &Line, lo: usize, hi: usize) -> Option<(Option<i64>, usize, bool)> {
    if hi <= lo {
        return None;
    }
    match l.kind(hi - 1)? {
        Tk::Num => {
            let w = l.s(hi - 1);
            // full-width digits (`１５`) are a form to report
            Some((number(w), 1, !w.is_ascii()))
        }
        // `20分`, `20pts`, `25.` are words: digits, then a unit or a full stop
        Tk::Word => {
            let mut w = l.s(hi - 1);
            // `計7分`, `共23分`: a word for the total before the number
            let mut marked = false;
            if !w.is_ascii()
                && let Some(r) = SCORE_PREFIXES.iter().find_map(|p| w.strip_prefix(p))
                && r.starts_with(|c: char| fold_width(c).is_ascii_digit())
            {
                w = r;
                marked = true;
            }
            // (digits maybe full-width: `１５`, `２０分`)
            let digits: usize = w
                .chars()
                .take_while(|&c| fold_width(c).is_ascii_digit())
                .map(char::len_utf8)
                .sum();
            if digits == w.len() && (!w.is_ascii() || marked) {
                return Some((number(w), 1, true));
            }
            if digits == 0 {
                // `20 分`, `20 pts`, `20 .`: a unit or a full stop after the number
                return (hi - 1 > lo && l.kind(hi - 2) == Some(Tk::Num) && score_unit(w, true))
                    .then(|| (number(l.s(hi - 2)), 2, true));
            }
            let (num, unit) = (w.get(..digits)?, w.get(digits..)?);
            score_unit(unit, true).then(|| (number(num), 1, true))
        }
        _ => None,
    }
}

/// A line giving the game's result (see [`State::closing_line`]).
enum Closing {
    /// Seat, score, token of the seat.
    Scores(Vec<(usize, i64, usize)>),
    Winner(Vec<usize>),
    /// `Final scores:` alone on its line: the scores follow, one line or more.
    Block,
    /// A row of a table of the final scores that holds none (its seats, a rule, labels).
    Table(&'static str),
}

/// The labels of a score table's columns (`| Seat | Score |`; width-folded, lower-cased).
const TABLE_LABELS: [&str; 16] = [
    "seat", "seats", "player", "players", "score", "scores", "points", "pts", "total", "弈者",
    "玩家", "分數", "分数", "得分", "座位", "總分",
];

/// Key words of a final-score line (compared width-folded and lower-cased).
const FINAL_WORDS: [&str; 27] = [
    "final",
    "finals",
    "score",
    "scores",
    "total",
    "totals",
    "standings",
    "result",
    "results",
    "最終",
    "最终",
    "終局",
    "终局",
    "最終分數",
    "最终分数",
    "最終得分",
    "最终得分",
    "終局分數",
    "终局分数",
    "總分",
    "总分",
    "分數",
    "分数",
    "得分",
    "結果",
    "结果",
    "總計",
];

/// Key words of a winner line.
const WINNER_WORDS: [&str; 10] = [
    "winner", "winners", "勝者", "胜者", "勝方", "胜方", "贏家", "赢家", "冠軍", "冠军",
];

/// The words after a seat that make it the winner (`C wins`, `C 勝`).
const WIN_WORDS: [&str; 7] = ["wins", "won", "win", "勝", "胜", "獲勝", "获胜"];

fn folded_lower(w: &str) -> String {
    w.chars()
        .map(|c| fold_width(c).to_ascii_lowercase())
        .collect()
}

/// A seat letter in capitals (full-width too): the lower-case letters are words of the notation.
fn seat_upper(w: &str) -> Option<usize> {
    match seat_of(w) {
        Some((s, false)) => Some(s),
        Some((_, true)) => None,
        // (`A方 12`, `弈者B 20`: the seat with its word)
        None => seat_joined(w),
    }
}

/// A final-score or winner line: one to three key words (`Final scores`, `最終分數`, `Winner`),
/// maybe a colon, then the seats with their scores (`A 12, B 30`, `A:12 B:30`, `A=57`) or the
/// winning seats (`C`, `C (Cy)`); or `C wins`. Every token must be read so, or the line is none.
fn closing(l: &Line) -> Option<Closing> {
    let n = l.toks.len();
    if l.kind(0) != Some(Tk::Word) {
        return None;
    }
    let first = folded_lower(l.s(0));
    // `C wins`, `C (Cy) wins.`, `C勝`
    if let Some(seat) = seat_upper(l.s(0)) {
        let mut k = 1;
        if l.kind(k) == Some(Tk::LParen) {
            k = l.close(k, n)? + 1;
        }
        let w = folded_lower(l.s(k));
        if l.kind(k) != Some(Tk::Word) || !WIN_WORDS.contains(&w.trim_end_matches('.')) {
            return None;
        }
        k += 1;
        while k < n && l.kind(k) == Some(Tk::Other) && matches!(l.s(k), "." | "!" | "！") {
            k += 1;
        }
        return (k == n).then(|| Closing::Winner(vec![seat]));
    }
    if let Some(rest) = first.strip_prefix(|c: char| "abcdef".contains(c))
        && WIN_WORDS.contains(&rest)
        && n == 1
    {
        let seat = seat_upper(l.s(0).chars().next()?.encode_utf8(&mut [0; 4]))?;
        return Some(Closing::Winner(vec![seat]));
    }
    let mut k = 0;
    let mut winner = false;
    while k < n.min(3) && l.kind(k) == Some(Tk::Word) {
        let w = folded_lower(l.s(k));
        if WINNER_WORDS.contains(&w.as_str()) {
            winner = true;
        } else if !FINAL_WORDS.contains(&w.as_str()) {
            break;
        }
        k += 1;
    }
    if k == 0 {
        return None;
    }
    if l.kind(k) == Some(Tk::Colon) {
        k += 1;
    }
    let sep = |k: usize| {
        matches!(l.kind(k), Some(Tk::Comma | Tk::Semi))
            || (l.kind(k) == Some(Tk::Other) && matches!(l.s(k), "&" | "/" | "|"))
            || (l.kind(k) == Some(Tk::Word) && l.s(k).eq_ignore_ascii_case("and"))
    };
    if winner {
        let mut seats = Vec::new();
        while k < n {
            if sep(k) {
                k += 1;
                continue;
            }
            seats.push(seat_upper(l.s(k)).filter(|_| l.kind(k) == Some(Tk::Word))?);
            k += 1;
            if l.kind(k) == Some(Tk::LParen) {
                k = l.close(k, n)? + 1;
            }
        }
        return (!seats.is_empty()).then_some(Closing::Winner(seats));
    }
    if k == n {
        // `Final scores:` alone: the scores on the lines under it
        return Some(Closing::Block);
    }
    score_items(l, k).map(Closing::Scores)
}

/// The seats and their scores from token `k` to the end of the line (`A 12, B 30`, `A:12`,
/// `A=57`), every token read so; `None` otherwise.
fn score_items(l: &Line, mut k: usize) -> Option<Vec<(usize, i64, usize)>> {
    let n = l.toks.len();
    let sep = |k: usize| {
        matches!(l.kind(k), Some(Tk::Comma | Tk::Semi))
            || (l.kind(k) == Some(Tk::Other) && matches!(l.s(k), "&" | "/" | "|"))
            || (l.kind(k) == Some(Tk::Word) && l.s(k).eq_ignore_ascii_case("and"))
    };
    let mut items = Vec::new();
    while k < n {
        if sep(k) {
            k += 1;
            continue;
        }
        if l.kind(k) != Some(Tk::Word) {
            return None;
        }
        let w = l.s(k);
        // `A=57` is one word (`=` is a word character)
        if let Some((a, v)) = w.split_once(['=', '＝'])
            && let Some(seat) = seat_upper(a)
        {
            items.push((seat, number(v)?, k));
            k += 1;
            continue;
        }
        let seat = seat_upper(w)?;
        let at = k;
        k += 1;
        if l.kind(k) == Some(Tk::LParen) {
            k = l.close(k, n)? + 1;
        }
        if l.kind(k) == Some(Tk::Colon) || (l.kind(k) == Some(Tk::Word) && l.s(k) == "=") {
            k += 1;
        }
        let v = match l.kind(k) {
            Some(Tk::Num) => number(l.s(k))?,
            Some(Tk::Word) => {
                let w = l.s(k);
                number(w.strip_prefix('=').unwrap_or(w))?
            }
            _ => return None,
        };
        k += 1;
        if l.kind(k) == Some(Tk::Word) && score_unit(l.s(k), false) {
            k += 1;
        }
        items.push((seat, v, at));
    }
    (!items.is_empty()).then_some(items)
}

/// The value of a number token, its digits maybe full-width (`１５`).
fn number(w: &str) -> Option<i64> {
    if w.is_ascii() {
        return w.parse::<i64>().ok();
    }
    w.chars()
        .map(fold_width)
        .collect::<String>()
        .parse::<i64>()
        .ok()
}

/// Words a transcriber writes before a score (`Score: 12`, `分數：12`; compared lower-cased).
const SCORE_WORDS: [&str; 20] = [
    "score", "scores", "total", "pts", "points", "vp", "分數", "分数", "得分", "總分", "总分",
    "共計", "共计", "合計", "合计", "總計", "总计", "計", "计", "共",
];

/// [`end_score`], and the marks other transcribers put before the number: a word and a colon or
/// `=` (`Score: 12`, `分數：12`, `total 12`, `= 43`, `=57`, `: 62`). Every mark makes the form one
/// to report.
fn end_score_marked(l: &Line, lo: usize, hi: usize) -> Option<(Option<i64>, usize, bool)> {
    // (a number in brackets, `SApp-->NApp (25)`, stays what it was: no score)
    let Some((value, mut used, mut form)) = end_score(l, lo, hi) else {
        // `=57` (one word: `=` is a battle letter)
        let w = l.s(hi.checked_sub(1)?);
        if hi > lo && l.kind(hi - 1) == Some(Tk::Word) {
            // (and `Score=20`, `pts=20`: a word for the score joined to it by the `=`)
            let w = match w.split_once('=') {
                Some((key, _)) if SCORE_WORDS.contains(&key.to_lowercase().as_str()) => {
                    w.get(key.len()..).unwrap_or(w)
                }
                _ => w,
            };
            let num = w.trim_start_matches('=');
            if num.len() < w.len() && !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()) {
                return Some((num.parse::<i64>().ok(), 1, true));
            }
        }
        return None;
    };
    // a `:` or `=` before the number (`Score: 12`, `= 43`), not after another number (`1:2`)
    let mut k = hi - used;
    if k > lo
        && (k < lo + 2 || l.kind(k - 2) != Some(Tk::Num))
        && (l.kind(k - 1) == Some(Tk::Colon)
            || l.kind(k - 1) == Some(Tk::Word) && l.s(k - 1).bytes().all(|b| b == b'='))
    {
        k -= 1;
        used += 1;
        form = true;
    }
    // and a word for the score before that (`Score`, `分數`)
    if k > lo
        && l.kind(k - 1) == Some(Tk::Word)
        && SCORE_WORDS.contains(&l.s(k - 1).to_lowercase().as_str())
    {
        used += 1;
        form = true;
    }
    Some((value, used, form))
}

/// Reports a card `c` (at line `no`, column `col`) played outside the epochs printed for it.
fn card_epoch(sink: &mut Sink, no: u32, col: u32, epoch: u8, c: &Card) {
    if epoch < c.first || epoch > c.last {
        sink.warning(
            code::CARD_EPOCH,
            no,
            col,
            format!(
                "{} is a card of E{}–E{}, played in E{}",
                c.code,
                roman_str(c.first),
                roman_str(c.last),
                roman_str(epoch)
            ),
        );
    }
}

/// A score `s` ending a line (at line `no`, column `col`): the player's running total, or
/// reported and dropped for a minor empire.
pub(super) fn record_score(sink: &mut Sink, no: u32, col: u32, turn: &mut Turn, s: i64) {
    if turn.minor {
        sink.warning(
            code::MINOR_SCORE,
            no,
            col,
            format!(
                "score {s} written for the minor empire {}; dropped",
                turn.empire
            ),
        );
    } else {
        if let Some(old) = turn.score {
            sink.warning(
                code::SCORE_REPEATED,
                no,
                col,
                format!("second score {s} in this turn (was {old}); the last counts"),
            );
        }
        turn.score = Some(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game of `text`, parsed with and without the fast path, must come out the same,
    /// diagnostics in the same order.
    fn same_both_ways(text: &str) {
        for raw in crate::record::split_games(text) {
            let ctx = Ctx {
                first_line: raw.body_line,
                tags: &raw.tags,
            };
            let fast = parse_body_with(&raw.body, &ctx, true);
            let general = parse_body_with(&raw.body, &ctx, false);
            assert_eq!(fast, general, "{}", raw.body);
        }
    }

    #[test]
    fn fast_path_reads_as_the_general_parser() {
        let mut texts: Vec<String> = [
            include_str!("../../../corpus/hotw/appendix4.hotw"),
            include_str!("../../../corpus/hotw/chapters.hotw"),
            include_str!("../../../corpus/hotw/malformed.hotw"),
            include_str!("../../../corpus/hotw/pause.hotw"),
            include_str!("../../../corpus/hotw/quirks.hotw"),
            include_str!("../../../corpus/hotw/club-habits.hotw"),
            include_str!("../../../corpus/hotw/transcribers.hotw"),
            include_str!("../../../corpus/hotw/seventh-transcribers.hotw"),
            // the shapes of the generated records, and edges of the fast path
            "EI\n\nA(Assy): Allie\nPac-->DeepS-->Mex(c/)\nPac-->GP-->GLake-->WInd(V, cX)\n\
             Pac(+f) 36\n\nB(Chou): \nCEu-->Dan-->Bal(XV, c/)-->Scan\nCEu(+f, +m) 19\n\
             C(Vedic): Elite, Eng 12\nDni-->TurP(XXV)-->Cau, Mong; EStep-->WStep\n\
             Dni(+m), Cau(+f) 36\nF(Hit):\nLev-->Zag 3\nA(Greek): Lead,, Eng\n\
             High-->LRhi(fw)\nHigh-->LRhi(X=V)(+f+m)\nHigh(V)-->Alb\nHigh\nHigh(V)\n\
             High-->LRhi,,Alb;;Ire\nHigh-->LRhi;,Alb\nHigh-->LRhi 99999999999999999999\n\
             High-->LRhi 12 13\nHigh-->(Atl)-->Ire\nHigh--Ire\nHigh-->LRhi(V\n\
             High-->LRhi(V))\nHigh-->LRhi((V))\nHigh-->LRhi(+q)\nHigh-->Ire 40\n\
             B(Scy): Lead 12 13\nC(Car): King\nA(Pers): Civil, Mig\nB(Celt): Jap\n\
             C(Mac) Lead\nA(Fuji): Lead 5\nGP-->Mex 9\nB(Rome): Pac-->GP\n",
            // the forms of other transcribers, on lines either path might take
            "E I\nA(Assy): Lead 12\nPac-->GP 13分\nPac-->GP 14.\nPac-->GP 15 pts\n\
             a(Chou): Naval Power, Lead 16\nb(Scy) Lead\nPac-->GP(c/) 17\nPac-->GP(c／)\n\
             C(Car): Lead, Civil Service(+2)\nD(Pers): Lead Eng 18\neii\nE(Greek): Lead\n",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        // and deterministic mutations of each (characters deleted, inserted, swapped)
        let inserts = [
            "(", ")", "-", "--", ">", "-->", ",", ";", ":", "+", ".", "X", "v", " ", "（", "→",
            "1", "f", "c/", "+f", "Lead", "A(", "a(", "分", "／", "Ⅱ", " Power", "i",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n.max(1) as u64) as usize
        };
        let originals = texts.clone();
        for t in &originals {
            for _ in 0..20 {
                let mut out = String::new();
                for line in t.split('\n') {
                    let mut cs: Vec<char> = line.chars().collect();
                    if !line.starts_with('[') && next(2) == 0 {
                        let n = cs.len();
                        match next(3) {
                            0 if n > 0 => {
                                cs.remove(next(n));
                            }
                            1 => {
                                let at = next(n + 1);
                                for (k, c) in inserts[next(inserts.len())].chars().enumerate() {
                                    cs.insert(at + k, c);
                                }
                            }
                            _ if n > 1 => {
                                let a = next(n - 1);
                                cs.swap(a, a + 1);
                            }
                            _ => {}
                        }
                    }
                    out.extend(cs);
                    out.push('\n');
                }
                texts.push(out);
            }
        }
        for t in &texts {
            same_both_ways(t);
        }
    }

    #[test]
    fn epoch_lines() {
        let plain = |t| epoch_line(t).map(|e| e.0);
        assert_eq!(plain("EIII (con't)"), Some(EpochLine::Cont(3)));
        assert_eq!(plain("EVI後暫停"), Some(EpochLine::Pause(6)));
        assert_eq!(plain("EVII"), Some(EpochLine::Plain(7)));
        assert_eq!(plain("EInd-->Suma"), None);
        assert_eq!(plain("EVIII"), None);
        // the seed's forms are no other form
        for t in ["EI", "EVII", "EIII (con't)", "EVI後暫停", "E3"] {
            assert_eq!(epoch_line(t).map(|e| e.1), Some(false), "{t}");
        }
        // other transcribers' forms
        for (t, e) in [
            ("E I", EpochLine::Plain(1)),
            ("EⅡ", EpochLine::Plain(2)),
            ("Eⅱ", EpochLine::Plain(2)),
            ("E Ⅶ", EpochLine::Plain(7)),
            ("EⅤⅠ", EpochLine::Plain(6)),
            ("ＥＩＩＩ", EpochLine::Plain(3)),
            ("ＥＶ", EpochLine::Plain(5)),
            ("eiii", EpochLine::Plain(3)),
            ("Eiii", EpochLine::Plain(3)),
            ("E.IV", EpochLine::Plain(4)),
            ("E-V", EpochLine::Plain(5)),
            ("Epoch III", EpochLine::Plain(3)),
            ("EPOCH 3", EpochLine::Plain(3)),
            ("EIII:", EpochLine::Plain(3)),
            ("E III (con't)", EpochLine::Cont(3)),
            ("eVI後暫停", EpochLine::Pause(6)),
        ] {
            assert_eq!(epoch_line(t), Some((e, true)), "{t}");
        }
        // resumptions in every bracket
        for t in [
            "EIII（續）",
            "EIII (續)",
            "EIII續",
            "EIII (cont.)",
            "EIII [cont'd]",
            "EIII（繼續）",
        ] {
            assert_eq!(epoch_line(t), Some((EpochLine::Cont(3), false)), "{t}");
        }
        // region names and seat-E lines are no header
        for t in [
            "E.Ana(+m)",
            "E.Ind-->Suma",
            "EInd",
            "E(Ang): Bal-->Scan",
            "E: Con, SAf(I)",
            "E",
            "E I V",
            "E--I",
            "E.-I",
            "Evil",
            "eI-->x",
            "EIII Lead",
        ] {
            assert_eq!(epoch_line(t), None, "{t}");
        }
    }

    #[test]
    fn facility_strings() {
        assert_eq!(facilities("cpfm").0, ["cp", "f", "m"]);
        assert_eq!(facilities("cm").0, ["ct", "m"]);
        assert_eq!(facilities("cq").1.as_deref(), Some("q"));
    }
}
