//! The reread of a turn that did not read: normalized, without a note after it, with its `MV:`
//! put back or its final mark left out; the best reading is kept.

use super::super::code;
use super::super::line::char_col;
use super::super::model::Turn;
use super::super::normalize::{Norm, mv_missing, normalize};
use super::super::notes::{clock_time, is_annotation, note_start};
use super::super::results::result_line;
use super::super::turn::parse_turn;
use super::Reader;
use crate::diag::Diagnostic;

/// A reading of the turn: the turn, its diagnostics and spellings seen, and how it was read (the
/// normalization, where a note was cut off, whether `MV:` was put back).
type Reading = (
    Turn,
    Vec<Diagnostic>,
    Vec<&'static str>,
    Norm,
    Option<usize>,
    bool,
);

impl Reader {
    /// The last turn did not read: read it again as other transcribers write turns, and keep the
    /// best reading when it is better than the plain one (fewer errors, or as many and less text
    /// unread): normalized ([`normalize`]: lower case, `V` for the sub level, full-width
    /// punctuation and arrow characters), without a note or annotation written after it
    /// ([`note_start`]: `!?`, `+`, `#`, `check`, `; …`, `// …`, `-- …`, `(…)` of words, text in
    /// Hangul or Chinese), which becomes the turn's comment, and with the `MV:` left out put back
    /// (`JE(1,4)->^(1,4)`). Each is an info, once per game.
    #[cold]
    #[inline(never)]
    pub(super) fn normalized(
        &mut self,
        line: &str,
        lineno: u32,
        (begin, end): (usize, usize),
        (d0, s0): (usize, usize),
    ) {
        let Some((mut fresh, d, seen, norm, cut, add_mv)) =
            self.best_reading(line, lineno, (begin, end), (d0, s0))
        else {
            return;
        };
        if let Some(c) = cut {
            let text = line.get(c..end).unwrap_or_default().trim();
            if !text.is_empty() {
                fresh.comment = Some(text.to_string());
            }
            // `… Black resigns`: a result written after the last turn
            if let Some(white) = result_line(text)
                && self.result.is_none()
            {
                self.result = Some((Some(white), lineno, char_col(line, c), text.to_string()));
            }
        }
        if let Some(t) = self.game.turns.last_mut() {
            *t = fresh;
        }
        self.diags.truncate(d0);
        self.diags.extend(d);
        self.seen = seen;
        self.report_reading(line, lineno, (begin, end), &norm, (cut, add_mv));
    }

    /// The best of the readings of the turn (`begin..end` of the line) that is better than the
    /// plain one (its diagnostics from `d0`, its spellings seen from `s0`), if any.
    fn best_reading(
        &self,
        line: &str,
        lineno: u32,
        (begin, end): (usize, usize),
        (d0, s0): (usize, usize),
    ) -> Option<Reading> {
        let turn = self.game.turns.last()?;
        // the better reading: fewer errors, then less text left unread
        let errors = |d: &[Diagnostic], t: &Turn| {
            let n = d
                .iter()
                .filter(|d| d.severity == crate::diag::Severity::Error)
                .count();
            (n, t.unparsed.iter().map(String::len).sum::<usize>())
        };
        let mut best_score = errors(self.diags.get(d0..).unwrap_or_default(), turn);
        let note = note_start(line, begin, end);
        let mv_missing = mv_missing(line, begin, end);
        // `….`, `…,`: a full stop or comma after the turn
        let trailing = line
            .get(begin..end)
            .is_some_and(|t| t.trim_end().ends_with(['.', ',', '。', '，', '．', '、']));
        let mut best: Option<Reading> = None;
        for (add_mv, trim) in [(false, false), (true, false), (false, true), (true, true)] {
            if add_mv && !mv_missing || trim && !trailing {
                continue;
            }
            for (k, cut) in [None, note].into_iter().enumerate() {
                if k == 1 && cut.is_none() {
                    continue;
                }
                let to = cut.map_or(end, |c| {
                    begin + line.get(begin..c).map_or(0, |t| t.trim_end().len())
                });
                let Some((cm, norm)) =
                    normalize(line, begin, to, (add_mv, trim), cut.is_some() || add_mv)
                else {
                    continue;
                };
                let fresh_turn = Turn {
                    ply: turn.ply,
                    no: turn.no,
                    color: turn.color.clone(),
                    line: turn.line,
                    notation: cm.text.to_string(),
                    ..Turn::default()
                };
                let mut fresh = fresh_turn;
                let mut d = Vec::new();
                let mut seen: Vec<&'static str> = self.seen.get(..s0).unwrap_or_default().to_vec();
                parse_turn(&mut fresh, &cm, line, lineno, &mut d, &mut seen);
                let score = errors(&d, &fresh);
                // a note cut off, an `MV:` put back or a final mark left out, only for a turn that
                // then reads whole
                if (cut.is_some() || add_mv || norm.trailing.is_some()) && score.0 > 0 {
                    continue;
                }
                if score < best_score {
                    best_score = score;
                    best = Some((fresh, d, seen, norm, cut, add_mv));
                }
            }
        }
        best
    }

    /// Each change the kept reading made, reported once per game.
    fn report_reading(
        &mut self,
        line: &str,
        lineno: u32,
        (begin, end): (usize, usize),
        norm: &Norm,
        (cut, add_mv): (Option<usize>, bool),
    ) {
        let col = |b: usize| char_col(line, b);
        let annotation = cut.is_some_and(|c| is_annotation(line.get(c..end).unwrap_or_default()));
        let clock = cut.is_some_and(|c| clock_time(line.get(c..end).unwrap_or_default()).is_some());
        for (at, seen, code, message) in [
            (
                norm.lower,
                &mut self.once.lower,
                code::LOWER_CASE,
                "codes written in lower case read in capitals (a v before '(' is the sub level; reported once per game)",
            ),
            (
                norm.capital_v,
                &mut self.once.capital_v,
                code::CAPITAL_V,
                "'V' read as 'v', the sub level (the manual writes it 'V'; reported once per game)",
            ),
            (
                norm.wide,
                &mut self.once.wide,
                code::FULL_WIDTH,
                "full-width punctuation or arrow characters read as ASCII ('：' as ':', '→' as '->'; reported once per game)",
            ),
            (
                cut.filter(|_| annotation),
                &mut self.once.annotation,
                code::ANNOTATION,
                "annotation marks after the turn (!, ?, +, #, check) kept as its comment, not read as notation (reported once per game)",
            ),
            (
                cut.filter(|_| clock),
                &mut self.once.clock,
                code::CLOCK_TIME,
                "a clock time after the turn ((0:45), [12:03]) kept as its comment, not read as notation (reported once per game)",
            ),
            (
                cut.filter(|_| !annotation && !clock),
                &mut self.once.note,
                code::NOTE,
                "a note written after the turn kept as its comment, not read as notation (reported once per game)",
            ),
            (
                norm.separator,
                &mut self.once.separator,
                code::PART_SEPARATOR,
                "parts of the turn separated by ';', '/', '|' or a space, read as ',' (reported once per game)",
            ),
            (
                norm.mv_colon,
                &mut self.once.mv_colon,
                code::MV_COLON,
                "'MV' written without its ':' (MV JE(…), MV-JE(…)) read as 'MV:' (reported once per game)",
            ),
            (
                norm.location,
                &mut self.once.location,
                code::LOCATION_SEPARATOR,
                "a location's row and column separated by '.', ';', '/' or a space ((10.4), (9 2)) read as (Row,Column) (reported once per game)",
            ),
            (
                norm.brackets,
                &mut self.once.brackets,
                code::LOCATION_BRACKETS,
                "a location written in square brackets ([1,4]) read as (Row,Column) (reported once per game)",
            ),
            (
                Some(begin).filter(|_| add_mv),
                &mut self.once.mv,
                code::MV_MISSING,
                "a turn written without its 'MV:' read as if it had it (reported once per game)",
            ),
            (
                norm.fire_number,
                &mut self.once.fire_number,
                code::FIRE_UNNUMBERED,
                "a fire written without its number (FI:) read as FI1: for the turn's first fire and FI2: for its second (reported once per game)",
            ),
            (
                norm.trailing,
                &mut self.once.trailing,
                code::TRAILING_MARK,
                "a full stop or comma after the turn string read as the end of the turn (reported once per game)",
            ),
        ] {
            if let Some(b) = at.filter(|_| !*seen) {
                *seen = true;
                self.diags
                    .push(Diagnostic::info(code, lineno, col(b), message));
            }
        }
    }
}
