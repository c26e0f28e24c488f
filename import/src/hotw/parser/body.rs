//! The line loop over a body: each line joined with the lines it wraps onto, then read by the
//! fast path or scanned and read by its kind.

use std::borrow::Cow;

use super::card::card_epoch;
use super::epochs::{EpochLine, epoch_era, epoch_line, is_cont};
use super::headers::header;
use super::line::Line;
use super::lp::Lp;
use super::pauses::bare_pause;
use super::prelude::colour_line;
use super::scores::record_score;
use super::state::State;
use super::turn_line::{bracketed_note, turn_line};
use crate::hotw::code;
use crate::hotw::fast;
use crate::hotw::game::{CardPlay, HotwGame};
use crate::model::{Ctx, Parsed};

/// [`super::parse_body`] with the fast path ([`crate::hotw::fast`]) in front of the general parser, or, with
/// `fast` false, every line read by the general parser (the tests check that both read the same).
pub(super) fn parse_body_with(body: &str, ctx: &Ctx, fast: bool) -> Parsed<HotwGame> {
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
    let mut st = State::new(ctx, fast, lines);
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
            st.sink
                .push(crate::text::unclosed_comment(c, ctx.first_line));
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

impl State<'_> {
    /// A line that is not blank; `t` is `text` trimmed. (Inlined into the body's line loop, its
    /// one caller, as the fast path's steps are into it.)
    #[inline(always)]
    pub(super) fn line(&mut self, text: &str, t: &str, no: u32) {
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
        ) && crate::text::is_separator(t)
        {
            let col = text.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1;
            self.sink.push(crate::text::rule_line(t, no, col));
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

    /// A turn header read by the fast path ([`crate::hotw::fast`]), when it can. False, having
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

    /// A move line of the current turn read by the fast path ([`crate::hotw::fast`]), when it can.
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
        if self.paused_in_words(l, t, no) {
            return;
        }
        // `Pause`, `暫停。`, `(paused)` alone on its line after a turn: the pause after that turn
        if self.cur.is_some() && bare_pause(t) {
            self.pause_after_last(l, t);
            return;
        }
        if let Some(h) = header(l).or_else(|| self.other_seat_header(l)) {
            self.headed(&h, l, t, no);
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
            self.colours_read(cs, l, no);
            return;
        }
        let epoch = self.epoch.unwrap_or(1);
        let before_turns = self.game.turns.is_empty();
        if !before_turns && self.closing_line(l, t) {
            return;
        }
        // a note on a line of its own, all of it in brackets (appendix 4's `(另﹕A 至 F 順第一章序
        // 使用由紅至紫各色，不贅)`, `(note: Bob arrived late)`): the turn's comment, or the game's
        if bracketed_note(l) {
            self.note_line(l, t, no);
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
            None => self.loose_line(l, t, no, before_turns),
        }
    }
}
