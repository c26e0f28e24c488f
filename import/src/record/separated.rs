//! A game cut again where its body holds a separator line, a heading or a blank line before a line
//! that begins the game's notation again ([`split_separated`]): a file of games with no tags
//! between them.

use super::code;
use super::lines::{is_cut_line, is_heading, restart_after_blank};
use super::raw::RawGame;
use super::tidy::{drop_trailing_separator, header_tags};
use crate::diag::Diagnostic;

/// The games of [`split_games`](super::split_games) with each game that holds separator lines cut by
/// [`split_separated`] (off the common path: most files have no rule in a body).
#[cold]
#[inline(never)]
pub(super) fn split_all(games: Vec<RawGame>) -> Vec<RawGame> {
    let mut out = Vec::with_capacity(games.len());
    for g in games {
        // (the body's lines looked at again: a game with no rule in its body, and no blank line
        // before a line that may start a game, is none to cut)
        if g.body.split('\n').any(is_cut_line) || restart_after_blank(&g.body) {
            split_separated(g, &mut out);
        } else {
            out.push(g);
        }
    }
    out
}

/// Cuts a game whose body holds separator lines into the games it is: several games written one
/// after another with only a separator line (`----`, `====`, `* * *`, `———`) between them and no
/// tags before the later ones. The body is read in pieces between its separator lines; a piece
/// starts a new game when the first line in it that marks the game's progress in its notation
/// ([`crate::notations::progress_mark`]) is one a game begins with and lies before the last such line of the game
/// so far: its numbering starts again. A separator inside one game (between epochs or seasons,
/// before the final scores or the status line) is followed by no such line, or by one further
/// on, and leaves the game whole; so does any separator when the notation cannot be told (the
/// `Game` tag, else the body's sniffed notation). Each later game gets its own slice of the raw
/// text (from its first line that is not blank), its lines numbered as in the file, no tags, and
/// an info at the separator ([`code::SEPARATOR_SPLIT`]); the game's diagnostics go with the
/// lines they are on.
pub(super) fn split_separated(g: RawGame, out: &mut Vec<RawGame>) {
    let detected = crate::notations::detect(&g.tags, g.line, &g.body, g.body_line, None, None);
    let Some(kind) = detected.0.map(|(k, _)| k) else {
        out.push(g);
        return;
    };
    let lines: Vec<&str> = g.body.split('\n').collect();
    let (cuts, starts) = find_cuts(kind, &lines);
    if cuts.is_empty() {
        out.push(g);
        return;
    }
    let starts: Vec<String> = starts.into_iter().map(str::to_string).collect();
    let Some(bounds) = bounds(&g, &lines, &cuts) else {
        // (cannot happen: the body's separators are the raw text's) the game stays whole
        out.push(g);
        return;
    };
    let RawGame {
        line,
        body_line,
        tags,
        body,
        raw,
        diagnostics,
    } = g;
    let lines: Vec<&str> = body.split('\n').collect();
    let whole = Whole {
        line,
        body_line,
        lines: &lines,
        raw: &raw,
        starts: &starts,
    };
    let mut diagnostics = diagnostics.into_iter().peekable();
    let mut tags = Some(tags);
    for (j, b) in bounds.into_iter().enumerate() {
        let mut game = whole.piece(j, &b, tags.take().unwrap_or_default());
        // the game's diagnostics on its lines (those of the tags go with the first game)
        let end_line = body_line + b.hi as u32;
        while let Some(d) = diagnostics.next_if(|d| d.line < end_line || b.hi == lines.len()) {
            game.diagnostics.push(d);
        }
        // (a rule before the rule that ends the game; the last game's was dropped already)
        drop_trailing_separator(&mut game);
        header_tags(&mut game);
        out.push(game);
    }
}

/// Where a body of the notation of `kind` starts a new game: the body line (index) of each
/// separator, heading or blank line after which the game begins again, and the line that begins
/// it.
fn find_cuts<'a>(kind: crate::model::Kind, lines: &[&'a str]) -> (Vec<usize>, Vec<&'a str>) {
    // the body line (index) of each separator where a new game starts
    let mut cuts: Vec<usize> = Vec::new();
    // the line that starts each new game
    let mut starts: Vec<&str> = Vec::new();
    // the last mark of the game so far, the first of the piece being read, and its separator
    let mut last: Option<(u32, bool)> = None;
    let mut piece: Option<(usize, Option<(u32, bool)>)> = None;
    for (i, line) in lines.iter().enumerate() {
        if is_cut_line(line) {
            piece = Some((i, None));
            continue;
        }
        // (a blank line too, unless it follows a rule or heading with no mark after it yet)
        if line.trim().is_empty() {
            if !matches!(piece, Some((_, None))) {
                piece = Some((i, None));
            }
            continue;
        }
        let Some(m) = crate::notations::progress_mark(kind, line) else {
            continue;
        };
        if let Some((at, first @ None)) = &mut piece {
            *first = Some(m);
            // (after a blank line only, the game must have gone on further: a repeated `EI`
            // after the first epoch's first turn, or round 1 after round 2, may be the same game)
            let blank = lines.get(*at).is_some_and(|l| l.trim().is_empty());
            if m.1 && last.is_some_and(|l| l.0 > m.0 && (!blank || l.0 >= m.0.saturating_add(2))) {
                cuts.push(*at);
                starts.push(line.trim());
            }
        }
        last = Some(m);
    }
    (cuts, starts)
}

/// The bounds of one game of a body cut in several: its body lines `lo..hi`, its raw text's bytes
/// `rlo..rhi`, and the body line of the separator before it (None for the first game).
struct Bounds {
    lo: usize,
    hi: usize,
    rlo: usize,
    rhi: usize,
    sep: Option<usize>,
}

/// The bounds of each game of `g` cut at `cuts` (body line indexes of its `lines`); None when a cut
/// has no line of the raw text to match it.
fn bounds(g: &RawGame, lines: &[&str], cuts: &[usize]) -> Option<Vec<Bounds>> {
    // the separator lines of the raw text are those of the body, in order (a tag line is none,
    // and the one separator a body can lose is its last line, `drop_trailing_separator`'s)
    let sep_index: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| is_cut_line(l))
        .map(|(i, _)| i)
        .collect();
    let mut raw_seps: Vec<(usize, usize)> = Vec::new();
    // the blank lines of the raw text: (line index, bounds)
    let mut raw_blanks: Vec<(usize, usize, usize)> = Vec::new();
    let mut pos = 0usize;
    for (i, l) in g.raw.split_inclusive('\n').enumerate() {
        if is_cut_line(l) {
            raw_seps.push((pos, pos + l.len()));
        } else if l.trim().is_empty() {
            raw_blanks.push((i, pos, pos + l.len()));
        }
        pos += l.len();
    }
    let (first_line, first_body) = (g.line, g.body_line);
    let body_blank: Vec<bool> = lines.iter().map(|l| l.trim().is_empty()).collect();
    let raw_cut = |cut: usize| -> Option<(usize, usize)> {
        if body_blank.get(cut) == Some(&true) {
            // a blank line: the raw text's line of the same number in the file, if blank too
            let k = (first_body + cut as u32).checked_sub(first_line)? as usize;
            return raw_blanks
                .iter()
                .find(|b| b.0 == k)
                .map(|&(_, from, to)| (from, to));
        }
        let k = sep_index.iter().position(|&i| i == cut)?;
        raw_seps.get(k).copied()
    };
    let mut bounds: Vec<Bounds> = Vec::new();
    let (mut from, mut raw_from, mut sep) = (0usize, 0usize, None);
    for &cut in cuts {
        let (rs, re) = raw_cut(cut)?;
        bounds.push(Bounds {
            lo: from,
            hi: cut,
            rlo: raw_from,
            rhi: rs,
            sep,
        });
        // (a heading is the next game's first line; a rule is neither game's)
        (from, raw_from, sep) = match lines.get(cut).is_some_and(|l| is_heading(l)) {
            true => (cut, rs, Some(cut)),
            false => (cut + 1, re, Some(cut)),
        };
    }
    bounds.push(Bounds {
        lo: from,
        hi: lines.len(),
        rlo: raw_from,
        rhi: g.raw.len(),
        sep,
    });
    Some(bounds)
}

/// The game being cut: where it starts, its body's lines, its raw text, and the line that begins
/// each game after the first.
struct Whole<'a> {
    line: u32,
    body_line: u32,
    lines: &'a [&'a str],
    raw: &'a str,
    starts: &'a [String],
}

impl Whole<'_> {
    /// The `j`th game of the whole, within `b`, with `tags` (the first game's are the whole's),
    /// its heading and separator reported; its diagnostics from the whole are added after.
    fn piece(&self, j: usize, b: &Bounds, tags: Vec<(String, String)>) -> RawGame {
        let Bounds {
            lo,
            hi,
            rlo,
            rhi,
            sep,
        } = *b;
        let body_line = self.body_line;
        let part = self.lines.get(lo..hi).unwrap_or_default();
        // a later game starts at its first line that is not blank (in the body and the raw text)
        let skip = if sep.is_some() {
            part.iter().take_while(|l| l.trim().is_empty()).count()
        } else {
            0
        };
        let mut rlo = rlo;
        if sep.is_some() {
            for l in self
                .raw
                .get(rlo..rhi)
                .unwrap_or_default()
                .split_inclusive('\n')
            {
                if !l.trim().is_empty() {
                    break;
                }
                rlo += l.len();
            }
        }
        // a heading at the top of the game (`Game 2`) is no part of its body; the raw text keeps it
        let mut body_skip = skip;
        let heading = part.get(skip).filter(|l| is_heading(l)).map(|l| l.trim());
        if heading.is_some() {
            body_skip += 1;
            body_skip += part
                .iter()
                .skip(body_skip)
                .take_while(|l| l.trim().is_empty())
                .count();
        }
        let kept = part.get(body_skip..).unwrap_or_default();
        let n = kept
            .iter()
            .rposition(|l| !l.trim().is_empty())
            .map_or(0, |k| k + 1);
        let mut game = RawGame {
            line: if sep.is_some() {
                body_line + (lo + skip) as u32
            } else {
                self.line
            },
            body_line: body_line + (lo + body_skip) as u32,
            tags,
            body: kept.get(..n).unwrap_or_default().join("\n"),
            raw: self
                .raw
                .get(rlo..rhi)
                .unwrap_or_default()
                .trim_end()
                .to_string(),
            diagnostics: Vec::new(),
        };
        if let Some(h) = heading {
            game.diagnostics.push(Diagnostic::info(
                code::HEADING,
                body_line + (lo + skip) as u32,
                1,
                format!("heading line {h:?} left out of the game's body (the raw text keeps it)"),
            ));
        }
        if let Some(cut) = sep {
            game.diagnostics.push(self.split_info(j, cut));
        }
        game
    }

    /// The info at the separator (body line index `cut`) before the `j`th game.
    fn split_info(&self, j: usize, cut: usize) -> Diagnostic {
        let text = self.lines.get(cut).map_or("", |l| l.trim());
        let start = self
            .starts
            .get(j.saturating_sub(1))
            .map_or("", String::as_str);
        let col = self
            .lines
            .get(cut)
            .map_or(0, |l| l.chars().take_while(|c| c.is_whitespace()).count())
            as u32
            + 1;
        Diagnostic::info(
            code::SEPARATOR_SPLIT,
            self.body_line + cut as u32,
            col,
            if text.is_empty() {
                format!(
                    "a blank line, then {start:?} beginning the game again: the text after it read as a game of its own"
                )
            } else if is_heading(text) {
                format!(
                    "heading line {text:?} starts a new game ({start:?} begins it again), read as a game of its own"
                )
            } else {
                format!(
                    "separator line {text:?} ends the game before it: the text after it starts a new game ({start:?} begins it again), read as a game of its own"
                )
            },
        )
    }
}
