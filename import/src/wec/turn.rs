//! One turn string read by the grammar into its [`Turn`]: each part in its place, what cannot be
//! read kept as text, and the alternate or doubtful spellings reported at their first use.

use super::code;
use super::codes::{self, piece_name};
use super::grammar;
use super::line::{Compact, char_col};
use super::model::{Turn, color_name};
use crate::diag::Diagnostic;

/// Where a turn string's diagnostics point: the string, where its bytes sit in the line, the
/// line and its file line.
struct Place<'a> {
    text: &'a str,
    cm: &'a Compact<'a>,
    line: &'a str,
    lineno: u32,
}

impl Place<'_> {
    /// The character column in the line of byte `off` of the string.
    fn col(&self, off: usize) -> u32 {
        char_col(self.line, self.cm.line_byte(off))
    }

    /// The byte offset in the string of its tail `rest`.
    #[inline(always)]
    fn off(&self, rest: &str) -> usize {
        self.text.len().saturating_sub(rest.len())
    }

    /// Where a production failed (not before `start`).
    fn err_off(&self, e: &nom::Err<nom::error::Error<&str>>, start: usize) -> usize {
        match e {
            nom::Err::Error(x) | nom::Err::Failure(x) => self.off(x.input).max(start),
            nom::Err::Incomplete(_) => start,
        }
    }
}

/// Parses one turn string (already without number and white space) into `turn`. Diagnostics are
/// located through `cm` in `line` (file line `lineno`). (Inlined in its two callers, as it was in
/// its only one before the normalized reading: the other is cold.)
#[inline(always)]
pub(super) fn parse_turn(
    turn: &mut Turn,
    cm: &Compact<'_>,
    line: &str,
    lineno: u32,
    diags: &mut Vec<Diagnostic>,
    seen: &mut Vec<&'static str>,
) {
    let p = &Place {
        text: &cm.text,
        cm,
        line,
        lineno,
    };
    let notes = &grammar::Notes::default();
    let rest = match grammar::mv(p.text, notes) {
        Ok((rest, (piece, to))) => {
            turn.piece = piece;
            turn.to = to;
            rest
        }
        Err(e) => {
            let at = p.err_off(&e, 0);
            diags.push(Diagnostic::error(
                code::TURN_UNREADABLE,
                p.lineno,
                p.col(at),
                format!(
                    "turn {} ({}): the move cannot be read at {:?}; the turn is kept as text",
                    turn.ply,
                    color_name(&turn.color),
                    snippet(p.text.get(at..).unwrap_or_default())
                ),
            ));
            turn.unparsed.push(p.text.to_string());
            return;
        }
    };
    read_parts(turn, p, rest, notes, diags);
    report_notes(p, notes, diags, seen);
}

/// The parts after the move, each stored in its place: a part given twice or out of order, or
/// one that cannot be read, is reported (what cannot be read is kept as text).
#[inline(always)]
fn read_parts<'a>(
    turn: &mut Turn,
    p: &Place<'a>,
    mut rest: &'a str,
    notes: &grammar::Notes,
    diags: &mut Vec<Diagnostic>,
) {
    let mut last_rank = 0u8;
    let mut last_fire = 0u8;
    while !rest.is_empty() {
        let start = p.off(rest);
        let mark = notes.items.borrow().len();
        let kind = grammar::part_at(rest);
        let parsed: Result<&str, usize> = match kind {
            None => Err(start),
            Some(k) => {
                let r = read_part(turn, k, rest, notes, diags, p, (start, &mut last_fire));
                match r {
                    // text after a part that starts no part is reported at the next step
                    Ok((r, true)) => Ok(r),
                    Ok((r, false)) => {
                        notes.truncate(mark);
                        diags.push(Diagnostic::error(
                            code::PART_TWICE,
                            p.lineno,
                            p.col(start),
                            format!(
                                "turn {}: {} given again (or with a transport/dozer already given); kept as text",
                                turn.ply,
                                k.name()
                            ),
                        ));
                        turn.unparsed
                            .push(p.text.get(start..p.off(r)).unwrap_or_default().to_string());
                        rest = r;
                        continue;
                    }
                    Err(e) => Err(p.err_off(&e, start)),
                }
            }
        };
        match parsed {
            Ok(r) => {
                if let Some(k) = kind {
                    if k.rank() < last_rank {
                        diags.push(Diagnostic::warning(
                            code::PART_ORDER,
                            p.lineno,
                            p.col(start),
                            format!(
                                "turn {}: {} written after a later part; read anyway",
                                turn.ply,
                                k.name()
                            ),
                        ));
                    }
                    last_rank = last_rank.max(k.rank());
                }
                rest = r;
            }
            Err(at) => {
                notes.truncate(mark);
                // undo a half-read part: keep what it had stored only if it was complete
                let skip = grammar::next_marker(rest);
                let raw = rest.get(..skip).unwrap_or(rest);
                let what = kind.map_or("text that starts no part".to_string(), |k| {
                    k.name().to_string()
                });
                diags.push(Diagnostic::error(
                    code::PART_UNREADABLE,
                    p.lineno,
                    p.col(at),
                    format!(
                        "turn {} ({}): {} cannot be read at {:?}; kept as text",
                        turn.ply,
                        color_name(&turn.color),
                        what,
                        snippet(p.text.get(at..).unwrap_or_default())
                    ),
                ));
                turn.unparsed.push(raw.to_string());
                rest = rest.get(skip..).unwrap_or_default();
            }
        }
    }
}

/// One part of kind `k`, read from `rest` (at byte `start` of the string) and stored in `turn`
/// unless its slot is taken: the rest after it and whether it was stored.
#[inline(always)]
fn read_part<'a>(
    turn: &mut Turn,
    k: grammar::PartKind,
    rest: &'a str,
    notes: &grammar::Notes,
    diags: &mut Vec<Diagnostic>,
    p: &Place<'_>,
    (start, last_fire): (usize, &mut u8),
) -> Result<(&'a str, bool), nom::Err<nom::error::Error<&'a str>>> {
    use grammar::PartKind;
    match k {
        PartKind::Transport => grammar::transport(rest, notes).map(|(r, v)| {
            if turn.transport.is_some() || turn.dozer.is_some() {
                (r, false)
            } else {
                turn.transport = Some(Box::new(v));
                (r, true)
            }
        }),
        PartKind::Dozer => grammar::dozer(rest, notes).map(|(r, v)| {
            if turn.transport.is_some() || turn.dozer.is_some() {
                (r, false)
            } else {
                if v.pieces.len() > 5 {
                    diags.push(Diagnostic::warning(
                        code::DOZER_MANY,
                        p.lineno,
                        p.col(start),
                        format!(
                            "turn {}: {} dozed pieces; the grammar allows five",
                            turn.ply,
                            v.pieces.len()
                        ),
                    ));
                }
                turn.dozer = Some(Box::new(v));
                (r, true)
            }
        }),
        PartKind::Fire => grammar::fire(rest, notes).map(|(r, v)| {
            if turn.fires.len() >= 2 {
                (r, false)
            } else {
                let expected = turn.fires.len() as u8 + 1;
                if v.slot != expected || v.slot <= *last_fire {
                    diags.push(Diagnostic::warning(
                        code::FIRE_SLOT,
                        p.lineno,
                        p.col(start),
                        format!(
                            "turn {}: fire FI{} where FI{} was expected; read as written",
                            turn.ply, v.slot, expected
                        ),
                    ));
                }
                *last_fire = v.slot;
                turn.fires.push(v);
                (r, true)
            }
        }),
        PartKind::Pickup => {
            grammar::pickup(rest, notes).map(|(r, v)| (r, set_once(&mut turn.pickup, v)))
        }
        PartKind::Exchange => {
            grammar::exchange(rest, notes).map(|(r, v)| (r, set_once(&mut turn.exchange, v)))
        }
        PartKind::Reinforce => {
            grammar::reinforce(rest, notes).map(|(r, v)| (r, set_once(&mut turn.reinforce, v)))
        }
        PartKind::Drop => {
            grammar::drop_part(rest, notes).map(|(r, v)| (r, set_once(&mut turn.drop, v)))
        }
        PartKind::Results => grammar::results(rest, notes).map(|(r, v)| {
            if turn.results.is_empty() {
                turn.results = v;
                (r, true)
            } else {
                (r, false)
            }
        }),
    }
}

/// Each alternate or doubtful spelling the grammar noted, reported at its first use in the game.
#[inline(always)]
fn report_notes(
    p: &Place<'_>,
    notes: &grammar::Notes,
    diags: &mut Vec<Diagnostic>,
    seen: &mut Vec<&'static str>,
) {
    for n in notes.items.borrow().iter() {
        // each alternate or doubtful spelling is reported at its first use in the game
        if seen.contains(&n.written) {
            continue;
        }
        seen.push(n.written);
        let off = p.text.len().saturating_sub(n.rest);
        let col = p.col(off);
        let d = match n.flag {
            codes::Flag::Alias => Diagnostic::info(
                code::ALIAS,
                p.lineno,
                col,
                format!(
                    "{} read as {} (the manual spells it both ways; reported at its first use in the game)",
                    n.written, n.canon
                ),
            ),
            codes::Flag::Undefined => Diagnostic::info(
                code::CODE_UNDEFINED,
                p.lineno,
                col,
                format!(
                    "{} is in the grammar but not in the terminal list; read as the {} of the setup chart",
                    n.written,
                    piece_name(n.canon).unwrap_or("piece")
                ),
            ),
            codes::Flag::NotArticle => Diagnostic::warning(
                code::ARTICLE_DOUBTFUL,
                p.lineno,
                col,
                format!(
                    "{} is a kill result, not an article; kept as written",
                    n.written
                ),
            ),
        };
        diags.push(d);
    }
}

/// Stores `v` if the slot is empty; false if it was taken.
#[inline]
fn set_once<T>(slot: &mut Option<Box<T>>, v: T) -> bool {
    if slot.is_some() {
        return false;
    }
    *slot = Some(Box::new(v));
    true
}

fn snippet(s: &str) -> String {
    s.chars().take(16).collect()
}
