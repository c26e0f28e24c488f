//! A line that reads as no turn: a result, a header, a rule, a comment line or a note.

use super::super::code;
use super::super::line::char_col;
use super::super::results::{draw_line, prose_line, result_line};
use super::{Mark, Reader};
use crate::diag::Diagnostic;

impl Reader {
    /// The last turn did not read at all and its line holds no `MV:`: a result line, a header
    /// line or a note, not a turn. The turn is taken back (the colours alternate as if the line
    /// were absent) and the line is reported; a note or a result that cannot be read is kept as
    /// the comment of the turn before it.
    #[cold]
    #[inline(never)]
    pub(super) fn not_a_turn(
        &mut self,
        _li: usize,
        line: &str,
        lineno: u32,
        (first, begin, end): (usize, usize, usize),
        mark: &Mark,
    ) {
        let unread = self
            .game
            .turns
            .last()
            .is_some_and(|t| t.piece.kind.is_empty() && !t.notation.is_empty())
            && self.game.turns.len() == mark.turns + 1;
        if !unread || begin >= end {
            return;
        }
        let text = line.get(first..end).unwrap_or_default().trim();
        let Some(score) = prose_line(text) else {
            return;
        };
        self.back_to(mark);
        let col = char_col(line, first);
        if let Some(white) = result_line(text) {
            self.result = Some((Some(white), lineno, col, text.to_string()));
            return;
        }
        if draw_line(text) {
            self.result = Some((None, lineno, col, text.to_string()));
            return;
        }
        if self.game.turns.is_empty()
            && let Some((key, value)) = text.split_once([':', '：'])
            && !value.trim().is_empty()
            && (1..=20).contains(&key.trim().chars().count())
            && key.trim().chars().all(|c| c.is_alphabetic() || c == ' ')
        {
            let key = key.trim();
            let slot = match key.to_lowercase().as_str() {
                "black" | "b" | "흑" | "黑" | "黑方" | "흑번" | "블랙" | "흑색" | "黒" | "先手"
                | "黒番" => Some(0),
                "white" | "w" | "백" | "白" | "白方" | "백번" | "화이트" | "백색" | "흰색"
                | "後手" | "白番" => Some(1),
                _ => None,
            };
            if let Some(k) = slot
                && let Some(p) = self.body_players.get_mut(k)
                && p.is_none()
            {
                *p = Some(value.trim().to_string());
            }
            self.diags.push(Diagnostic::info(
                code::HEADER_LINE,
                lineno,
                col,
                format!("{text:?} read as a header line, no turn"),
            ));
            return;
        }
        // a rule line (`----`, `====`, `* * *`) inside the game: a separator, no turn
        if crate::text::is_separator(text) {
            self.diags.push(crate::text::rule_line(text, lineno, col));
            return;
        }
        // `// …`, `# …`: a line the transcriber marked as a comment
        let marked = text.starts_with("//")
            || text
                .strip_prefix('#')
                .is_some_and(|r| r.starts_with(char::is_whitespace));
        self.diags.push(if marked {
            Diagnostic::info(
                code::COMMENT_LINE,
                lineno,
                col,
                format!("{text:?} is a comment line; kept as the comment of the turn before it"),
            )
        } else {
            Diagnostic::warning(
            code::NOT_A_TURN,
            lineno,
            col,
            if score {
                format!("{text:?} is a score, but which side is first in it is not said; not read as the outcome, kept as the comment of the turn before it")
            } else {
                format!("{text:?} is no turn string (no MV:); kept as the comment of the turn before it, and the colours alternate as if it were absent")
            },
        )
        });
        let slot = match self.game.turns.last_mut() {
            Some(t) => &mut t.comment,
            None => &mut self.game.intro,
        };
        match slot {
            Some(c) => {
                c.push(' ');
                c.push_str(text);
            }
            None => *slot = Some(text.to_string()),
        }
    }
}
