//! The reader of a body's lines: each logical line ([`super::join`]) read into turns, the
//! numbering and colours before them, the turns' colours, and the rereads of what does not read
//! (in the child modules: the line's layout, lines that are no turn, the normalized reading).

mod layout;
mod prose;
mod reread;

use std::borrow::Cow;

use super::code;
use super::join::logical_line;
use super::line::{char_col, compact, first_non_space};
use super::model::{Turn, WecGame, color_name};
use super::numbers::{Number, colour_prefix, number_prefix};
use super::turn::parse_turn;
use crate::diag::Diagnostic;
use crate::model::Ctx;

/// Normalizations reported once per game.
#[derive(Debug, Default, Clone, Copy)]
struct Once {
    number_form: bool,
    color_word: bool,
    two_turns: bool,
    lower: bool,
    capital_v: bool,
    wide: bool,
    annotation: bool,
    note: bool,
    mv: bool,
    separator: bool,
    mv_colon: bool,
    location: bool,
    brackets: bool,
    fire_number: bool,
    trailing: bool,
    clock: bool,
    continued: bool,
    number_line: bool,
}

/// A result line: (White wins, or `None` for a draw; line, column, text).
pub(super) type ResultLine = (Option<bool>, u32, u32, String);

/// Reads a body's lines into turns (see the module docs for the layout).
pub(super) struct Reader {
    pub(super) game: WecGame,
    pub(super) diags: Vec<Diagnostic>,
    /// Alternate and doubtful spellings already reported.
    seen: Vec<&'static str>,
    once: Once,
    /// (body line, byte offset of the turn's text) of each turn, to attach comments.
    pub(super) starts: Vec<(usize, usize)>,
    /// Colours from the numbering (`N.` Black, `N...` White) instead of the alternation.
    numbered: bool,
    /// Some numbered line's mark disagreed with the alternation.
    pub(super) disagreed: bool,
    /// A `N...` was seen.
    seen_ellipsis: bool,
    /// The last turn was White's.
    last_white: bool,
    /// The colour written before the next turn (White: true), [`colour_prefix`].
    side: Option<bool>,
    /// Turns with their colour written before them.
    worded: u32,
    /// A result line: (White wins, or `None` for a draw; line, column, text).
    pub(super) result: Option<ResultLine>,
    /// Players named in header lines of the body (Black, White).
    pub(super) body_players: [Option<String>; 2],
}

/// Where a [`Reader`] stood before a line's turn, to go back to when the line is read again
/// another way (the turn and its start are the last ones).
struct Mark {
    turns: usize,
    diags: usize,
    seen: usize,
    once: Once,
    last_white: bool,
    worded: u32,
}

impl Reader {
    pub(super) fn read(lines: &[&str], ctx: &Ctx, numbered: bool) -> Reader {
        let mut r = Reader {
            game: WecGame::default(),
            diags: Vec::new(),
            seen: Vec::new(),
            once: Once::default(),
            starts: Vec::with_capacity(lines.len()),
            numbered,
            disagreed: false,
            seen_ellipsis: false,
            last_white: true,
            side: None,
            worded: 0,
            result: None,
            body_players: [None, None],
        };
        r.game.turns.reserve(lines.len());
        let mut li = 0;
        while li < lines.len() {
            let logical = logical_line(lines, li);
            let lineno = ctx.first_line.saturating_add(li as u32);
            let d0 = r.diags.len();
            r.line(li, &logical.text, lineno);
            if !logical.joined.is_empty() {
                r.joined(&logical, lines, ctx, (lineno, d0));
            }
            li = logical.next.max(li + 1);
        }
        r
    }

    fn mark(&self) -> Mark {
        Mark {
            turns: self.game.turns.len(),
            diags: self.diags.len(),
            seen: self.seen.len(),
            once: self.once,
            last_white: self.last_white,
            worded: self.worded,
        }
    }

    /// Undoes the last turn, back to `m`.
    fn back_to(&mut self, m: &Mark) {
        self.game.turns.pop();
        self.starts.pop();
        self.diags.truncate(m.diags);
        self.seen.truncate(m.seen);
        self.once = m.once;
        self.last_white = m.last_white;
        self.worded = m.worded;
    }

    // (the loop's body: inlined in it)
    #[inline(always)]
    fn line(&mut self, li: usize, line: &str, lineno: u32) {
        let Some(first) = first_non_space(line) else {
            return;
        };
        let mut num = number_prefix(line, first);
        if let Some(n) = num.filter(|n| n.other) {
            self.number_form(line, lineno, first, n);
        }
        let mut begin = num.map_or(first, |n| n.after);
        let mut side = colour_prefix(line, begin);
        if let Some((white, after)) = side {
            self.colour_word(line, lineno, begin, after, white);
            begin = after;
        } else if num.is_none()
            && let Some((white, n)) = self.colour_number(line, lineno, first)
        {
            // `B1. MV:…`, `흑1 MV:…`: the colour glued before the number
            num = Some(n);
            begin = n.after;
            side = Some((white, begin));
        }
        let side = side.map(|(white, _)| white);
        let end = line.trim_end().len().max(begin);
        let mark = self.mark();
        self.side = side;
        self.turn(li, line, lineno, (first, begin, end), num);
        // two turns on one line (`1. MV:… MV:…`): the first reads with the second left over
        if self
            .game
            .turns
            .last()
            .is_some_and(|t| !t.unparsed.is_empty())
        {
            self.split_line(li, line, lineno, (first, begin, end), (num, side), &mark);
            self.not_a_turn(li, line, lineno, (first, begin, end), &mark);
        }
    }

    /// The colour of the next turn (White: true), numbered `num`: the alternation, or the
    /// numbering when it decides ([`Reader::numbered`]); a disagreement is reported.
    #[inline(always)]
    fn colour(
        &mut self,
        ply: u32,
        num: Option<Number>,
        lineno: u32,
        first: usize,
        line: &str,
    ) -> bool {
        let alt_white = !self.last_white;
        // a colour written before the turn: against the alternation it decides when every turn
        // so far had its colour written (a record written so), else it is taken for a stray
        // letter and the alternation stays
        if let Some(white) = self.side.take() {
            let all_worded = self.worded + 1 == ply;
            self.worded += 1;
            if white == alt_white {
                return white;
            }
            let name = |w: bool| if w { "White" } else { "Black" };
            let read = if all_worded { white } else { alt_white };
            self.diags.push(Diagnostic::warning(
                code::COLOR_ORDER,
                lineno,
                char_col(line, first),
                format!(
                    "turn {ply}: written as {}'s, where the lines alternate to {}; read as {}'s ({})",
                    name(white),
                    name(alt_white),
                    name(read),
                    if all_worded {
                        "every turn so far has its colour written"
                    } else {
                        "not every turn so far has its colour written"
                    }
                ),
            ));
            return read;
        }
        let Some(n) = num else {
            return alt_white;
        };
        if n.ellipsis == alt_white {
            self.seen_ellipsis |= n.ellipsis;
            return alt_white;
        }
        let (mark, alt) = if n.ellipsis { ("W", "B") } else { ("B", "W") };
        let col = char_col(line, first);
        let written = format!("{}{}", n.no, if n.ellipsis { "..." } else { "." });
        if self.numbered {
            self.diags.push(Diagnostic::warning(
                code::NUMBER_COLOR,
                lineno,
                col,
                format!(
                    "turn {ply}: {written} marks {}, where the lines alternate to {}; read as {} (the record's numbering is consistent)",
                    color_name(mark),
                    color_name(alt),
                    color_name(mark)
                ),
            ));
            return n.ellipsis;
        }
        if n.ellipsis || self.seen_ellipsis {
            self.disagreed = true;
        }
        if n.ellipsis {
            self.seen_ellipsis = true;
            self.diags.push(Diagnostic::warning(
                code::NUMBER_COLOR,
                lineno,
                col,
                format!(
                    "turn {ply}: {written} marks White, but this line is Black's turn (lines alternate)"
                ),
            ));
        }
        alt_white
    }

    /// One turn string, `begin..end` of the line (`first`: where the line's text begins).
    // (inlined in the line loop; the other caller is cold)
    #[inline(always)]
    fn turn(
        &mut self,
        li: usize,
        line: &str,
        lineno: u32,
        (first, begin, end): (usize, usize, usize),
        num: Option<Number>,
    ) {
        let ply = self.game.turns.len() as u32 + 1;
        let white = self.colour(ply, num, lineno, first, line);
        self.last_white = white;
        let color = if white { "W" } else { "B" };
        // built in its place in the vector (a `Turn` is large: moving it in costs a copy)
        self.game
            .turns
            .resize_with(self.game.turns.len() + 1, Turn::default);
        let Some(turn) = self.game.turns.last_mut() else {
            return;
        };
        turn.ply = ply;
        turn.color = Cow::Borrowed(color);
        turn.line = lineno;
        turn.no = num.map(|n| n.no);
        let cm = compact(line, begin, end);
        turn.notation = cm.text.to_string();
        if cm.text.is_empty() {
            self.diags.push(Diagnostic::error(
                code::TURN_UNREADABLE,
                lineno,
                char_col(line, first),
                format!(
                    "turn {ply} ({}): a number with no turn after it",
                    color_name(color)
                ),
            ));
            turn.unparsed
                .push(line.get(first..).unwrap_or_default().trim().to_string());
        } else {
            let (d0, s0) = (self.diags.len(), self.seen.len());
            // comments are blanked one space per character, so character columns are the file's
            parse_turn(turn, &cm, line, lineno, &mut self.diags, &mut self.seen);
            if !turn.unparsed.is_empty() {
                self.normalized(line, lineno, (begin, end), (d0, s0));
            }
        }
        self.starts.push((li, first));
    }
}
