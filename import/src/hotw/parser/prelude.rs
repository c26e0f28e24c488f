//! The lines before the first turn that are no turn: the colour line, header lines naming the
//! seats' players and colours, `Key: value` lines and title lines.

use super::closing::seat_upper;
use super::headers::{SEATS, is_seat_word, seat_case, seat_joined, seat_of};
use super::line::Line;
use super::state::State;
use super::turn_line::{remark_start, remark_text};
use crate::hotw::code;
use crate::hotw::lexer::Tk;
use crate::hotw::tables::TABLES;

pub(super) const DEFAULT_COLOURS: [&str; 6] = ["Red", "Yellow", "Green", "Deep", "Blue", "Purple"];

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

pub(super) fn colour_line(l: &Line) -> Option<Vec<Colour>> {
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

/// A line of the form `Key: value` whose key (one to three words before the colon) is no seat
/// letter, region or card: a transcriber's header line (`Date: 2026-11-03`, `日期：…`, `Place:
/// Leeds`), read only before the first turn.
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

impl State<'_> {
    /// The colour line `A: Red B: Yellow …` (chapter 1), its colours `cs` read as the seats'.
    pub(super) fn colours_read(&mut self, cs: Vec<Colour>, l: &Line, no: u32) {
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
    }

    /// A header line before the first turn naming seats' players and colours (`A: Ana`, `B：班`,
    /// `A - Ann - Purple`, `A: Ann (Purple), B: Ben (Red)`): kept as the game's comment.
    fn seat_players(&mut self, items: Vec<SeatPlayer>, l: &Line, t: &str, no: u32) {
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

    /// A line before the first turn that is none of the notation's (or, after the turns, a
    /// remark or an unreadable line with no turn to go to): the seats' players, a header line, a
    /// remark, the title, else kept as raw text with an error.
    pub(super) fn loose_line(&mut self, l: &Line, t: &str, no: u32, before_turns: bool) {
        if before_turns && let Some(items) = seat_player_items(t) {
            self.seat_players(items, l, t, no);
        } else if before_turns && header_line(l) {
            // `Date: 2026-11-03`, `日期：…`, `Place: Leeds` before the first turn
            self.sink.info(
                code::HEADER_LINE,
                no,
                l.col(0),
                format!(
                    "{t:?} before the first turn read as a header line, kept as the game's comment"
                ),
            );
            self.game.comments.push(t.to_string());
        } else if remark_start(l, 0, l.toks.len()) == Some(0) {
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
        } else if before_turns && title_line(l) {
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
        } else {
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
