//! Turn headers (`P(Empire): …` and the other forms they are written in) and their seats.

use super::epochs::pause_word;
use super::line::Line;
use super::state::State;
use crate::diag::Sink;
use crate::hotw::code;
use crate::hotw::lexer::Tk;
use crate::hotw::tables::TABLES;
use crate::text::fold_width;

pub(super) const SEATS: [&str; 6] = ["A", "B", "C", "D", "E", "F"];
/// A turn header `P(Empire): rest` or a pause `P(Empire)後暫停`.
pub(super) struct Header<'a> {
    pub(super) seat: usize,
    /// The seat letter was written in lower case (`a(Arab): Jihad`).
    pub(super) lower: bool,
    pub(super) empire: &'a str,
    pub(super) empire_col: u32,
    /// Token index (in the line) where the rest begins.
    pub(super) rest: usize,
    pub(super) pause: bool,
    /// The pause is written in another transcriber's words (`D(Greek) paused`, `D(Greek)中斷`).
    pub(super) pause_form: bool,
    pub(super) colon: bool,
    /// The token of the seat letter: 0, or after the turn's number (`1. A(Vik):`).
    pub(super) seat_tok: usize,
    /// The empire was written in square brackets (`D[Chou]:`).
    pub(super) square: bool,
    /// The empire was written without brackets (`A Sumer: Lead`).
    pub(super) bare: bool,
    /// A dash stands for the colon (`B(Egypt) - Lead`).
    pub(super) dash: bool,
    /// The empire was written first, the seat in brackets after it (`Sumer (A): Lead`).
    pub(super) empire_first: bool,
    /// The seat as written when it is more than its letter (`Player A`, `A方`, `弈者F`).
    pub(super) seat_form: Option<&'a str>,
}

/// A turn header or pause line. A seat letter in lower case (`a(Arab): Jihad`) makes one only
/// with the colon or the pause after the brackets, or when the brackets name an empire: any other
/// `a(…)` is no header.
pub(super) fn header<'a>(l: &Line<'a>) -> Option<Header<'a>> {
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

/// Words a transcriber writes before a seat's letter (`Player A`, `弈者F`: the notation's own word
/// for a player).
const SEAT_WORDS: [&str; 5] = ["player", "seat", "弈者", "玩家", "選手"];

pub(super) fn is_seat_word(w: &str) -> bool {
    SEAT_WORDS.iter().any(|s| s.eq_ignore_ascii_case(w))
}

/// The seat of a word joining its capital letter to a word for a seat: `A方` (the side, as
/// Chinese records name one), `弈者F`, `PlayerA`.
pub(super) fn seat_joined(w: &str) -> Option<usize> {
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
pub(super) fn seat_of(w: &str) -> Option<(usize, bool)> {
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
pub(super) fn seat_case(sink: &mut Sink, l: &Line, k: usize, seat: usize) {
    let w = l.s(k);
    let s = SEATS.get(seat).copied().unwrap_or("?");
    sink.info(
        code::SEAT_CASE,
        l.no,
        l.col(k),
        format!("seat {w:?} read as {s}"),
    );
}

impl State<'_> {
    /// A turn header whose seat is written otherwise than `A`–`F`, the notation's placeholders for
    /// the players' codes (chapter 1: `在本建議中暫以 A 至 F 代表之`): a name or other letters
    /// (`Ann(Sumer): Lead`, `K(Sumer):`, `G(Egypt):`), then brackets naming an empire (exactly or
    /// by an alias) and the colon. The seat is [`State::seat_code`]'s.
    pub(super) fn other_seat_header<'a>(&mut self, l: &Line<'a>) -> Option<Header<'a>> {
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

    /// A turn header or pause line `h` read from `l`: the forms it was written in reported, then
    /// the pause or the turn it opens.
    pub(super) fn headed(&mut self, h: &Header, l: &Line, t: &str, no: u32) {
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
                self.pause_form(t, h, no, l.col(0));
            }
            self.pause(Some(h), l);
        } else {
            self.turn(h, l);
        }
    }
}
