//! How a line was laid out, reported: joined lines, the colour or number written in another
//! form, two turn strings on one line.

use super::super::code;
use super::super::join::{Join, Logical};
use super::super::line::{char_col, first_non_space, later_turns};
use super::super::numbers::{Number, colour_number_prefix, number_prefix};
use super::super::work::examined;
use super::{Mark, Reader};
use crate::diag::Diagnostic;
use crate::model::Ctx;

impl Reader {
    /// The line just read was joined with the lines after it ([`logical_line`](super::super::join::logical_line)): the
    /// diagnostics it gave are moved to the lines they point into, and each kind of join is
    /// reported (once per game).
    #[cold]
    #[inline(never)]
    pub(super) fn joined(
        &mut self,
        logical: &Logical<'_>,
        lines: &[&str],
        ctx: &Ctx,
        (lineno, d0): (u32, usize),
    ) {
        // (character offset in the joined text where each joined line begins, its file line;
        // counted on from the line before)
        let (mut chars, mut counted) = (0u32, 0usize);
        let starts: Vec<(u32, u32)> = logical
            .joined
            .iter()
            .map(|j| {
                let more = logical.text.get(counted..j.at).unwrap_or_default();
                examined(more.len());
                chars += more.chars().count() as u32;
                counted = j.at;
                (chars, ctx.first_line.saturating_add(j.li as u32))
            })
            .collect();
        for d in self.diags.iter_mut().skip(d0) {
            if d.line != lineno {
                continue;
            }
            // (the last line that begins before the column: the starts are in order)
            let k = starts.partition_point(|&(c, _)| c < d.col);
            if let Some(&(chars, line)) = k.checked_sub(1).and_then(|k| starts.get(k)) {
                d.line = line;
                d.col -= chars;
            }
        }
        let number_col = lines
            .get(logical.first)
            .map(|l| char_col(l, first_non_space(l).unwrap_or(0)))
            .unwrap_or(1);
        let mut before = lineno;
        for j in &logical.joined {
            let line = lines
                .get(j.li)
                .map(|l| l.trim_end_matches('\r'))
                .unwrap_or_default();
            let at = ctx.first_line.saturating_add(j.li as u32);
            let col = char_col(line, first_non_space(line).unwrap_or(0));
            match j.kind {
                Join::Continued if !self.once.continued => {
                    self.once.continued = true;
                    self.diags.push(Diagnostic::info(
                        code::CONTINUED_LINE,
                        at,
                        col,
                        format!(
                            "line {at} continues the turn string of line {before} (no number or MV of its own), read as part of that turn (reported once per game)"
                        ),
                    ));
                }
                Join::Numbered if !self.once.number_line => {
                    self.once.number_line = true;
                    self.diags.push(Diagnostic::info(
                        code::NUMBER_LINE,
                        lineno,
                        number_col,
                        format!(
                            "the turn number alone on line {lineno} read as the number of the turn on line {at} (reported once per game)"
                        ),
                    ));
                }
                _ => {}
            }
            before = at;
        }
    }

    /// The colour glued before the turn's number (`B1. MV:…`, `흑1 MV:…`), reported as a colour
    /// and a number form: the colour (White: true) and the number.
    #[inline(always)]
    pub(super) fn colour_number(
        &mut self,
        line: &str,
        lineno: u32,
        first: usize,
    ) -> Option<(bool, Number)> {
        let (white, colour_end, n) = colour_number_prefix(line, first)?;
        self.glued(line, lineno, first, colour_end, (white, n));
        Some((white, n))
    }

    #[cold]
    #[inline(never)]
    pub(super) fn glued(
        &mut self,
        line: &str,
        lineno: u32,
        first: usize,
        colour_end: usize,
        (white, n): (bool, Number),
    ) {
        self.number_form(line, lineno, first, n);
        self.colour_word(line, lineno, first, colour_end, white);
    }

    #[cold]
    #[inline(never)]
    pub(super) fn colour_word(
        &mut self,
        line: &str,
        lineno: u32,
        at: usize,
        after: usize,
        white: bool,
    ) {
        if self.once.color_word {
            return;
        }
        self.once.color_word = true;
        let written = line.get(at..after).unwrap_or_default().trim_end();
        self.diags.push(Diagnostic::info(
            code::COLOR_WORD,
            lineno,
            char_col(line, at),
            format!(
                "colour written before the turn ({written:?}), read as {}'s turn (reported once per game)",
                if white { "White" } else { "Black" }
            ),
        ));
    }

    /// A line whose turn did not read: when another `MV:` begins later on it, the line is read
    /// again as one turn per `MV:`.
    #[cold]
    #[inline(never)]
    pub(super) fn split_line(
        &mut self,
        li: usize,
        line: &str,
        lineno: u32,
        (first, begin, end): (usize, usize, usize),
        (num, side): (Option<Number>, Option<bool>),
        mark: &Mark,
    ) {
        let cuts = later_turns(line, begin, end);
        let Some(&second) = cuts.first() else {
            return;
        };
        self.back_to(mark);
        let mut from = begin;
        let mut next_num = None;
        for (k, &cut) in cuts.iter().chain(std::iter::once(&end)).enumerate() {
            // what separates two turns: `;`, `|`, `/`, `,` or the next turn's number (`4...`)
            let seg = line.get(from..cut).unwrap_or_default();
            let mut seg = seg.trim_end();
            let mut num_after = None;
            if k < cuts.len() {
                seg = seg
                    .trim_end_matches([';', '|', '/', ',', '；', '｜', '，'])
                    .trim_end();
                // (only after a turn string: `2. 3... MV:…` keeps its text as it is)
                let turn_before = seg.get(..2).is_some_and(|m| m.eq_ignore_ascii_case("MV"));
                if let Some(ws) = seg.rfind(char::is_whitespace).filter(|_| turn_before) {
                    let tok = from + ws + 1;
                    if let Some(n) = number_prefix(line, tok).filter(|n| n.after >= cut) {
                        num_after = Some(n);
                        seg = seg.get(..ws).unwrap_or(seg).trim_end();
                    }
                }
            }
            let to = from + seg.len();
            let (start, n) = if k == 0 {
                (first, num)
            } else {
                (from, next_num)
            };
            self.side = if k == 0 { side } else { None };
            self.turn(li, line, lineno, (start, from, to.max(from)), n);
            next_num = num_after;
            from = cut;
        }
        if !self.once.two_turns {
            self.once.two_turns = true;
            self.diags.push(Diagnostic::info(
                code::TURNS_ON_LINE,
                lineno,
                char_col(line, second),
                format!(
                    "{} turn strings on one line, read as one turn each (reported once per game)",
                    cuts.len() + 1
                ),
            ));
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn number_form(&mut self, line: &str, lineno: u32, first: usize, n: Number) {
        if self.once.number_form {
            return;
        }
        self.once.number_form = true;
        let written = line.get(first..n.after).unwrap_or_default().trim_end();
        self.diags.push(Diagnostic::info(
            code::NUMBER_FORM,
            lineno,
            char_col(line, first),
            format!(
                "turn number written {written:?}, read as {}{} (reported once per game)",
                n.no,
                if n.ellipsis { "..." } else { "." }
            ),
        ));
    }
}
