//! The game's assembly after its lines are read: the comments attached to their turns, the
//! seats, and the outcome from the replay, the result line and the `Result` tag.

use std::borrow::Cow;

use super::code;
use super::join::numbering_is_consistent;
use super::model::{WecGame, color_name};
use super::reader::{Reader, ResultLine};
use super::replay;
use super::results::result_tag;
use super::work::examined;
use crate::diag::Diagnostic;
use crate::model::{Ctx, Outcome, Parsed, Seat};
use crate::text::Comment;

/// [`super::parse`]: the lines read, the comments attached, the game replayed, the outcome.
pub(super) fn parse(body: &str, ctx: &Ctx) -> Parsed<WecGame> {
    let (clean, comments) = if body.contains('{') {
        let (c, v) = crate::text::strip_comments(body);
        (Cow::Owned(c), v)
    } else {
        (Cow::Borrowed(body), Vec::new())
    };
    // sized for lines of 16 bytes (a turn takes 20 or more): collecting an iterator of unknown
    // length would reallocate the vector several times per game
    let mut clean_lines: Vec<&str> = Vec::with_capacity(1 + clean.len() / 16);
    clean_lines.extend(crate::text::lines(&clean));
    let mut r = Reader::read(&clean_lines, ctx, false);
    // a numbered line disagreed with the alternation: when the record's numbering is consistent,
    // it decides the colours (read again so)
    if r.disagreed && numbering_is_consistent(&clean_lines) {
        r = Reader::read(&clean_lines, ctx, true);
    }
    let Reader {
        mut game,
        mut diags,
        starts,
        result,
        body_players,
        ..
    } = r;
    attach_comments(&mut game, &mut diags, &comments, &clean_lines, &starts, ctx);
    replay::replay_game(&mut game, &mut diags);
    let players = seats(ctx, body_players);
    result_line_read(&game, result.as_ref(), &mut diags);
    let drawn = game.winner.is_none() && matches!(result, Some((None, ..)));
    let winner = game.winner.clone().or_else(|| {
        result
            .and_then(|(white, ..)| white)
            .map(|white| if white { "W" } else { "B" }.to_string())
    });
    let (winner, drawn) = result_tag_read(ctx, winner, drawn, &mut diags);
    let outcome = match winner {
        Some(w) => Some(Outcome {
            summary: format!("{} wins", color_name(&w)),
            winners: vec![w],
            draw: Vec::new(),
        }),
        None if drawn => Some(Outcome {
            winners: Vec::new(),
            draw: vec!["B".to_string(), "W".to_string()],
            summary: "Draw".to_string(),
        }),
        None => None,
    };
    Parsed {
        game,
        players,
        outcome,
        title: None,
        diagnostics: diags,
    }
}

/// Attaches each comment to the turn before it (the last turn whose text starts before the
/// comment's opening brace), or to the game's intro; an unclosed one is reported.
fn attach_comments(
    game: &mut WecGame,
    diags: &mut Vec<Diagnostic>,
    comments: &[Comment],
    clean_lines: &[&str],
    starts: &[(usize, usize)],
    ctx: &Ctx,
) {
    // (the turns' starts are in the order of the body, unless a reread put one out of it)
    let sorted = starts.is_sorted();
    let mut columns = Columns {
        line: usize::MAX,
        chars: 0,
        byte: 0,
    };
    for c in comments {
        if !c.closed {
            diags.push(crate::text::unclosed_comment(c, ctx.first_line));
        }
        if c.text.is_empty() {
            continue;
        }
        let byte_col = columns.byte_of(clean_lines, c.line, c.col);
        let key = (c.line, byte_col);
        let idx = if sorted {
            starts.partition_point(|&s| s < key).checked_sub(1)
        } else {
            examined(starts.len());
            starts.iter().rposition(|&s| s < key)
        };
        let slot = match idx.and_then(|k| game.turns.get_mut(k)) {
            Some(t) => &mut t.comment,
            None => &mut game.intro,
        };
        match slot {
            Some(s) => {
                s.push(' ');
                s.push_str(&c.text);
            }
            None => *slot = Some(c.text.clone()),
        }
    }
}

/// Where the comments' columns are in their lines: comments come in the order of the body, so
/// the next one on the same line is found from the one before (a line's comments take one pass
/// over it).
struct Columns {
    /// The line, a character column in it and the byte offset of that character.
    line: usize,
    chars: usize,
    byte: usize,
}

impl Columns {
    /// The byte offset of character column `col` of line `line` (0 past its end).
    fn byte_of(&mut self, lines: &[&str], line: usize, col: usize) -> usize {
        let Some(l) = lines.get(line) else {
            return 0;
        };
        if line != self.line || col < self.chars {
            (self.line, self.chars, self.byte) = (line, 0, 0);
        }
        let mut chars = l.get(self.byte..).unwrap_or_default().chars();
        while self.chars < col {
            let Some(ch) = chars.next() else {
                return 0;
            };
            examined(ch.len_utf8());
            self.byte += ch.len_utf8();
            self.chars += 1;
        }
        if self.byte < l.len() { self.byte } else { 0 }
    }
}

/// The seats: the `Black`/`White` tags, else the tags in Korean or Chinese (`흑`, `백`, `黑`,
/// `白`), else header lines of the body.
fn seats(ctx: &Ctx, body_players: [Option<String>; 2]) -> Vec<Seat> {
    [("B", "Black", ["흑", "黑"]), ("W", "White", ["백", "白"])]
        .iter()
        .zip(body_players)
        .map(|((s, c, other), body)| Seat {
            seat: s.to_string(),
            name: std::iter::once(*c)
                .chain(other.iter().copied())
                .filter_map(|t| ctx.tag(t))
                .map(str::trim)
                .find(|n| !n.is_empty())
                .map(str::to_string)
                .or(body),
            color: Some(c.to_string()),
        })
        .collect()
}

/// A result line of the body, reported against the replay's winner.
fn result_line_read(game: &WecGame, result: Option<&ResultLine>, diags: &mut Vec<Diagnostic>) {
    if let Some((None, line, col, text)) = result {
        diags.push(match game.winner.as_deref() {
            None => Diagnostic::info(
                code::RESULT_LINE,
                *line,
                *col,
                format!("{text:?} read as the outcome: a draw"),
            ),
            Some(w) => Diagnostic::warning(
                code::RESULT_LINE,
                *line,
                *col,
                format!(
                    "{text:?} says the game was drawn, but the replay ends with {} winning; the replay is kept",
                    color_name(w)
                ),
            ),
        });
    }
    if let Some((Some(white), line, col, text)) = result {
        let said = if *white { "W" } else { "B" };
        let (d, msg) = match game.winner.as_deref() {
            None => (
                false,
                format!("{text:?} read as the outcome: {} wins", color_name(said)),
            ),
            Some(w) if w == said => (
                false,
                format!("{text:?} read as a result line; the replay gives the same winner"),
            ),
            Some(w) => (
                true,
                format!(
                    "{text:?} says {} wins, but the replay ends with {} winning; the replay is kept",
                    color_name(said),
                    color_name(w)
                ),
            ),
        };
        diags.push(if d {
            Diagnostic::warning(code::RESULT_LINE, *line, *col, msg)
        } else {
            Diagnostic::info(code::RESULT_LINE, *line, *col, msg)
        });
    }
}

/// `[Result "B"]`, `[Result "White wins"]`, `[Result "Draw"]`: the outcome when the record gives
/// none, reported against the record's when it gives one. The winner and whether it is a draw.
fn result_tag_read(
    ctx: &Ctx,
    mut winner: Option<String>,
    mut drawn: bool,
    diags: &mut Vec<Diagnostic>,
) -> (Option<String>, bool) {
    if let Some(r) = ctx.tag("Result").map(str::trim).filter(|t| !t.is_empty()) {
        // Some(Some(white)) a win, Some(None) a draw
        let read = result_tag(r);
        let have = match (&winner, drawn) {
            (Some(w), _) => Some(Some(w == "W")),
            (None, true) => Some(None),
            (None, false) => None,
        };
        let said = |o: Option<bool>| match o {
            Some(w) => format!("{} wins", color_name(if w { "W" } else { "B" })),
            None => "a draw".to_string(),
        };
        match (read, have) {
            (None, _) => diags.push(Diagnostic::warning(
                code::RESULT_TAG,
                ctx.first_line,
                1,
                format!("the Result tag {r:?} names no winner or draw (B, W, Black wins, Draw); not read"),
            )),
            (Some(o), None) => {
                diags.push(Diagnostic::info(
                    code::RESULT_TAG,
                    ctx.first_line,
                    1,
                    format!("the Result tag {r:?} read as the outcome: {}", said(o)),
                ));
                match o {
                    Some(w) => winner = Some(if w { "W" } else { "B" }.to_string()),
                    None => drawn = true,
                }
            }
            (Some(o), Some(h)) if o != h => diags.push(Diagnostic::warning(
                code::RESULT_TAG,
                ctx.first_line,
                1,
                format!(
                    "the Result tag {r:?} says {} but the record says {}; the record is kept",
                    said(o),
                    said(h)
                ),
            )),
            _ => {}
        }
    }
    (winner, drawn)
}
