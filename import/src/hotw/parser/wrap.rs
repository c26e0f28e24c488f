//! Move lines wrapped onto the next line, joined before they are read.

use super::epochs::{epoch_line, is_cont};
use super::headers::header;
use super::line::Line;
use super::pauses::{bare_pause, pause_words};
use super::prelude::colour_line;
use super::state::State;
use crate::hotw::code;
use crate::hotw::lexer::Tk;

/// Whether a line opens with an arrow or a comma (past white space): the continuation of a move
/// line wrapped before it (`-->Akk 12`, `, Korea`). (The caller tells most lines at their first
/// byte.)
fn opens_continuation(line: &str) -> bool {
    let b = line.as_bytes();
    let first = match b.first() {
        Some(&f) if f.is_ascii_whitespace() => match line.trim_start().as_bytes().first() {
            Some(&f) => f,
            None => return false,
        },
        Some(&f) => f,
        None => return false,
    };
    if !matches!(first, b',' | b'-' | b'=' | b'>' | b'~' | 0x80..) {
        return false;
    }
    starts_with_joint(line.trim_start())
}

/// Whether `t` opens with an arrow (`-->`, `->`, `=>`, `>`, `~>`, `→`, `－－＞`) or a comma
/// (`,`, `，`), read as the lexer reads them.
fn starts_with_joint(t: &str) -> bool {
    let toks = crate::hotw::lexer::lex(t);
    match toks.first() {
        Some(k) if k.kind == Tk::Comma => true,
        // (a rule line `----` or `--- Epoch II ---` is no arrow)
        Some(k) if k.kind == Tk::Arrow => t.get(k.start..k.end).is_some_and(|a| a != "入"),
        _ => false,
    }
}

/// The arrow or comma `t` ends with, unless it is the mark after a score (`Nub 9,`): a move line
/// wrapped onto the next.
fn ending_joint(t: &str) -> Option<Tk> {
    let toks = crate::hotw::lexer::lex(t);
    let n = toks.len();
    match toks.last().map(|k| k.kind) {
        Some(Tk::Arrow) => Some(Tk::Arrow),
        Some(Tk::Comma)
            if n >= 2
                && toks
                    .get(n - 2)
                    .is_some_and(|k| !matches!(k.kind, Tk::Num | Tk::Comma)) =>
        {
            Some(Tk::Comma)
        }
        _ => None,
    }
}

impl State<'_> {
    /// A move line `t` (`text` trimmed, line `no`) wrapped onto the lines after it, joined with
    /// them into one (info `text.line-wrapped` at each line joined): the line ends with an arrow
    /// or a comma (not the score's) and the next line is no header, epoch or pause; or the next
    /// line opens with an arrow or a comma. Only inside a turn (or on its header), never in a
    /// remark. None, having taken no line, when `t` is no wrapped line.
    #[cold]
    #[inline(never)]
    pub(super) fn wrapped<'b>(
        &mut self,
        text: &str,
        t: &str,
        no: u32,
        mut rest: &str,
        lines: &mut impl Iterator<Item = (usize, &'b str)>,
    ) -> Option<String> {
        if self.snapshot.is_some() || t.contains(['#', '＃', '[', '【']) || t.contains("//") {
            return None;
        }
        // (an epoch, resumption, pause or rule line is no move line)
        if epoch_line(t).is_some()
            || is_cont(t)
            || pause_words(t).is_some()
            || bare_pause(t)
            || crate::text::is_separator(t)
        {
            return None;
        }
        let on_header = header(&Line::new(t, no));
        if self.cur.is_none() && on_header.as_ref().is_none_or(|h| h.pause) {
            return None;
        }
        let on_header = on_header.is_some();
        let mut joined: Option<String> = None;
        let mut next_no = no;
        loop {
            let cur = joined.as_deref().unwrap_or(t);
            // the next line, read from the body where the iterator will find it
            if rest.is_empty() {
                break;
            }
            let next = match crate::text::find_newline(rest.as_bytes()) {
                Some(k) => rest.get(..k).unwrap_or(""),
                None => rest,
            };
            let nt = crate::text::trim(next);
            if nt.is_empty() || nt.contains(['#', '＃']) || nt.contains("//") {
                break;
            }
            let cont = opens_continuation(nt);
            if !cont {
                let Some(end) = ending_joint(cur) else {
                    break;
                };
                // A turn header's cards ending with a comma (`A(Sumer): Lead,`) and a line of
                // moves after it: a stray comma, not cards going on.
                if on_header
                    && joined.is_none()
                    && end == Tk::Comma
                    && crate::hotw::lexer::lex(nt)
                        .iter()
                        .any(|k| k.kind == Tk::Arrow)
                {
                    break;
                }
                // the next line must be one that goes on a move: no header, epoch or pause
                let nl = Line::new(nt, no);
                if epoch_line(nt).is_some()
                    || is_cont(nt)
                    || pause_words(nt).is_some()
                    || header(&nl).is_some()
                    || colour_line(&nl).is_some()
                {
                    break;
                }
            }
            next_no = next_no.saturating_add(1);
            let col = next.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1;
            self.sink.info(
                code::LINE_WRAPPED,
                next_no,
                col,
                if cont {
                    format!(
                        "{nt:?} read as the rest of line {no}: a move line wrapped before its arrow or comma"
                    )
                } else {
                    format!(
                        "{nt:?} read as the rest of line {no}: the move line wrapped after {:?}",
                        cur.rsplit(char::is_whitespace).next().unwrap_or(cur)
                    )
                },
            );
            let mut s = joined.take().unwrap_or_else(|| text.trim_end().to_string());
            s.push(' ');
            s.push_str(nt);
            joined = Some(s);
            // (the iterator passes the line joined)
            lines.next();
            rest = rest.get(next.len() + 1..).unwrap_or("");
        }
        joined
    }
}
