//! Round numbers in their forms, and round lines: numbering, continued rounds, several rounds on
//! one line.

use super::chars::{is_note_close, is_space, note_close};
use super::code;
use super::geometry::Side;
use super::notation;
use super::state::State;

impl State<'_> {
    /// A line of several rounds, the second's number at `next` ([`next_round_on_line`]).
    #[cold]
    #[inline(never)]
    pub(super) fn rounds_on_line(
        &mut self,
        li: usize,
        chars: &[char],
        (start, next): (usize, usize),
        end: usize,
    ) {
        let (mut from, mut next) = (start, Some(next));
        while let Some(n) = next {
            self.round_line(li, chars, from, trim_end_at(chars, from, n));
            from = n;
            next = next_round_on_line(chars, n, end);
        }
        self.round_line(li, chars, from, end);
    }

    /// A line without a round number, or with the number of the round it is in (`numbered`: the
    /// column of that number), that continues the round before it (`round`, its next entry going
    /// to `slot`; the entries from `start`), reported at the first of the game.
    #[cold]
    #[inline(never)]
    pub(super) fn continued(
        &mut self,
        li: usize,
        chars: &[char],
        (start, end): (usize, usize),
        round: u32,
        slot: usize,
        numbered: Option<usize>,
    ) {
        if !self.seen_continued {
            self.seen_continued = true;
            let msg = match numbered {
                Some(_) => {
                    format!("a line numbered {round} again read as more of round {round}")
                }
                None => format!("a line without a round number read as more of round {round}"),
            };
            self.sink.info(
                code::ROUND_CONTINUED,
                self.line_no(li),
                numbered.unwrap_or(start) as u32 + 1,
                msg,
            );
        }
        let (rounds, expected) = (self.game.rounds, self.expected_round);
        self.first_slot = slot;
        self.entries(li, chars, start, end, round);
        self.first_slot = 0;
        self.game.rounds = rounds;
        self.expected_round = expected;
    }

    pub(super) fn round_line(&mut self, li: usize, chars: &[char], start: usize, end: usize) {
        let ln = self.line_no(li);
        let mut i = start;
        let mut n: u32 = 0;
        while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d);
            i += 1;
        }
        // `1回合：`
        if chars.get(i) == Some(&'回')
            && let Some((n, after)) = round_prefix(chars, start)
        {
            if self.repeated_round(li, chars, (start, after), end, n) {
                return;
            }
            self.round_form(ln, chars, (start, after), n);
            self.entries(li, chars, after, end, n);
            return;
        }
        // (white space between the number and its mark: `1 ，马6进5` is `1，马6进5`)
        let digits_end = i;
        let mut j = i;
        while chars.get(j).is_some_and(|c| c.is_whitespace()) {
            j += 1;
        }
        match chars.get(j) {
            Some('.') => i = j + 1,
            Some(',' | ':' | ')' | ';' | '、') => {
                self.sink.warning(
                    code::PUNCTUATION,
                    ln,
                    j as u32 + 1,
                    "round number not followed by '.'",
                );
                i = j + 1;
            }
            _ => self.sink.warning(
                code::PUNCTUATION,
                ln,
                i as u32 + 1,
                "round number not followed by '.'",
            ),
        }
        // a second mark right after the first (`1.、马6进5`, `1.,`): one mark, not an empty entry
        if i > digits_end && matches!(chars.get(i), Some(',' | '、' | ';' | ':')) {
            self.sink.warning(
                code::PUNCTUATION,
                ln,
                i as u32 + 1,
                "a second mark after the round number ignored",
            );
            i += 1;
        }
        if self.repeated_round(li, chars, (start, i), end, n) {
            return;
        }
        self.check_round(ln, start, n);
        self.entries(li, chars, i, end, n);
    }

    /// A round line numbered `n` (written at `start`, its entries from `from`) while round `n` is
    /// still open, the last round line having left sides without an entry: one move a line, each
    /// with its round's number (`1. 吴 马6进5`, then `1. 魏 炮12平10`). It continues that round, as
    /// a line without a number does (true); else nothing is done (false).
    #[inline]
    pub(super) fn repeated_round(
        &mut self,
        li: usize,
        chars: &[char],
        (start, from): (usize, usize),
        end: usize,
        n: u32,
    ) -> bool {
        match self.open_round {
            Some((round, slot))
                if round == n
                    && n.saturating_add(1) == self.expected_round
                    && self.fits_open_round(chars.get(from..end).unwrap_or(&[]), slot) =>
            {
                self.open_round = None;
                self.continued(li, chars, (from, end), round, slot, Some(start));
                true
            }
            _ => false,
        }
    }

    /// Reports a round number `n` (written at `start`) other than the expected one.
    fn check_round(&mut self, ln: u32, start: usize, n: u32) {
        if n != self.expected_round {
            self.sink.warning(
                code::ROUND_NUMBER,
                ln,
                start as u32 + 1,
                format!("round {n} where round {} was expected", self.expected_round),
            );
        }
    }

    /// Do the entries of `text` (separated by `,`, `;`, `/`, `|`, empty ones not counted; or its
    /// moves, one 进/退/平 each, when more: moves separated by spaces) fit in the open round, whose
    /// sides from `slot` on have no entry yet? (A line of three entries after a short round is the
    /// next round, its number mistyped.)
    #[cold]
    #[inline(never)]
    fn fits_open_round(&self, text: &[char], slot: usize) -> bool {
        // (a separator inside a note's brackets separates nothing: `车13平12〈车还吃，兑子〉`)
        let (mut entries, mut moves, mut depth, mut content) = (0, 0, 0u32, false);
        for &c in text {
            match c {
                ',' | ';' | '/' | '|' if depth == 0 => {
                    entries += usize::from(content);
                    // (a bracket never closed: which separators it holds is not clear)
                    if depth > 0 {
                        return false;
                    }
                    content = false;
                    continue;
                }
                '进' | '退' | '平' if depth == 0 => moves += 1,
                _ if note_close(c).is_some() => depth += 1,
                _ if is_note_close(c) => depth = depth.saturating_sub(1),
                _ => {}
            }
            content |= !is_space(c);
        }
        entries += usize::from(content);
        // (a bracket never closed: which separators it holds is not clear)
        if depth > 0 {
            return false;
        }
        let entries = entries.max(moves);
        let open = (slot..3)
            .filter(|&i| Side::PLAYERS.get(i).is_some_and(|&s| self.board.is_live(s)))
            .count();
        entries <= open
    }

    /// A round number written `第N回合` or `N回合`: checked against the expected round, reported
    /// once per game.
    pub(super) fn round_form(
        &mut self,
        ln: u32,
        chars: &[char],
        (start, after): (usize, usize),
        n: u32,
    ) {
        self.check_round(ln, start, n);
        if !self.seen_round_form {
            self.seen_round_form = true;
            let form: String = chars.get(start..after).unwrap_or(&[]).iter().collect();
            self.sink.info(
                code::ROUND_FORM,
                ln,
                start as u32 + 1,
                format!("round number written {:?} read as {n}.", form.trim_end()),
            );
        }
    }
}

/// Where the next round's number begins on a round line, after `from` (which holds this round's
/// number): a number one more than this round's, with its `.` (`2.`, not `2.5`), after white
/// space, a `。` (read as `.`) or a `;` — never inside a move, where a file's digits follow a
/// piece's character or a move's digits.
pub(super) fn next_round_on_line(chars: &[char], from: usize, end: usize) -> Option<usize> {
    let digits = |k: usize| {
        chars
            .get(k..end)
            .unwrap_or(&[])
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let value = |k: usize, n: usize| {
        chars
            .get(k..k + n)
            .unwrap_or(&[])
            .iter()
            .try_fold(0u32, |v, c| v.checked_mul(10)?.checked_add(c.to_digit(10)?))
    };
    let n0 = digits(from);
    // (past the number and its mark: most lines have no gap after it, told in one pass)
    let mut k = from + n0 + 1;
    loop {
        let gap = chars.get(k..end)?.iter().position(|&c| {
            matches!(c, ' ' | '\t' | '\u{3000}' | '。' | '.' | ';') || (c > '~' && is_space(c))
        })?;
        k += gap + 1;
        if !chars.get(k)?.is_ascii_digit() {
            continue;
        }
        let n = digits(k);
        let dot = matches!(chars.get(k + n), Some('.' | '、'));
        let more = chars
            .get(k + n + 1)
            .is_some_and(|c| c.is_ascii_digit() || *c == '.');
        if dot && !more && value(k, n) == value(from, n0)?.checked_add(1) {
            return Some(k);
        }
        k += n;
    }
}

/// The end of a round's text before `next` with the white space, `.` and `;` before it left out.
fn trim_end_at(chars: &[char], from: usize, next: usize) -> usize {
    let mut e = next;
    while e > from
        && chars
            .get(e - 1)
            .is_some_and(|&c| is_space(c) || matches!(c, '。' | '.' | ';'))
    {
        e -= 1;
    }
    e
}

/// A round numbered in Chinese numerals as the items of a list are, at `start`: `一、`, `十二．`,
/// `三：` (the mark already folded to `,`, `.` or `:`). A numeral followed by anything else is no
/// round: `一兵进1` is a move (the first of a side's pawns).
pub(super) fn numeral_round(chars: &[char], start: usize) -> Option<(u32, usize)> {
    let mut i = start;
    let n = notation::cjk_count(chars, &mut i)?;
    chars
        .get(i)
        .is_some_and(|c| matches!(c, ',' | '.' | ':'))
        .then_some((n, i + 1))
}

/// A round numbered in English at `start`: `Round 1:`, `Round 2.`, `Rd 3`, `R4.`, `R 5)` (any
/// case), then maybe `.`, `,`, `:` or `)`. Returns the round and where its entries begin.
pub(super) fn english_round(chars: &[char], start: usize) -> Option<(u32, usize)> {
    if !chars
        .get(start)
        .is_some_and(|c| matches!(c, 'R' | 'r' | 'T' | 't' | 'M' | 'm'))
    {
        return None;
    }
    let word: String = chars
        .get(start..)
        .unwrap_or(&[])
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect::<String>()
        .to_ascii_lowercase();
    // (`Turn 1:`, `Move 1.`: a round is one turn of the three sides, numbered as one move)
    if !matches!(
        word.as_str(),
        "r" | "rd" | "round" | "rnd" | "turn" | "move" | "mv"
    ) {
        return None;
    }
    let mut i = start + word.len();
    if chars.get(i) == Some(&'.') {
        i += 1;
    }
    while chars.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    let n = digits_at(chars, &mut i)?;
    if chars
        .get(i)
        .is_some_and(|c| matches!(c, ':' | '.' | ',' | ')'))
    {
        i += 1;
    }
    Some((n, i))
}

/// The number written in ASCII digits at `*i`, `*i` moved past it; None,
/// `*i` unmoved, when no digit is there.
fn digits_at(chars: &[char], i: &mut usize) -> Option<u32> {
    let from = *i;
    let mut n: u32 = 0;
    while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
        n = n.saturating_mul(10).saturating_add(d);
        *i += 1;
    }
    (*i > from).then_some(n)
}

/// A round numbered with an enclosed number at `start`: `①`…`⑳`, `⑴`…`⒇`, `⒈`…`⒛` (1–20), then
/// maybe `.`, `,` or `:`. Returns the round and where its entries begin.
pub(super) fn circled_round(chars: &[char], start: usize) -> Option<(u32, usize)> {
    let c = *chars.get(start)? as u32;
    let n = match c {
        0x2460..=0x2473 => c - 0x2460 + 1,
        0x2474..=0x2487 => c - 0x2474 + 1,
        0x2488..=0x249b => c - 0x2488 + 1,
        _ => return None,
    };
    let mut i = start + 1;
    if chars.get(i).is_some_and(|c| matches!(c, ':' | '.' | ',')) {
        i += 1;
    }
    Some((n, i))
}

/// A round number written with the notation's word for a round at `start`: `第1回合`, `第一回合`,
/// `第1回`, `第1轮` or `1回合`, and one `:`, `.` or `,` after it. Returns the round and where its
/// entries begin; `None` when the line does not begin so (`第一局…` is no round).
pub(super) fn round_prefix(chars: &[char], start: usize) -> Option<(u32, usize)> {
    let mut i = start;
    let ordinal = chars.get(i) == Some(&'第');
    if ordinal {
        i += 1;
        // `第 1 回合`: spaces around the number
        while chars.get(i).is_some_and(|&c| is_space(c)) {
            i += 1;
        }
    }
    let n = match digits_at(chars, &mut i) {
        Some(n) => n,
        None => notation::cjk_count(chars, &mut i)?,
    };
    if ordinal {
        while chars.get(i).is_some_and(|&c| is_space(c)) {
            i += 1;
        }
    }
    match (chars.get(i), chars.get(i + 1)) {
        (Some('回'), Some('合')) => i += 2,
        (Some('回' | '轮'), _) if ordinal => i += 1,
        _ => return None,
    }
    while chars.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    if chars.get(i).is_some_and(|c| matches!(c, ':' | '.' | ',')) {
        i += 1;
    }
    Some((n, i))
}
