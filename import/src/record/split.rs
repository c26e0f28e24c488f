//! A decoded file cut into games at its tag blocks ([`split_games`]), each game's body and raw text
//! its slice of the file.

use super::code;
use super::lines::{is_heading, remarks_between_tags, starts_or_heads};
use super::raw::RawGame;
use super::separated::split_all;
use super::tags::{TagLine, tag_line};
use super::tidy::tidy_game;
use crate::diag::Diagnostic;
use crate::text::is_separator;

/// The comment a collection export writes before a game that has no tags, so that the games of
/// the export stay apart when it is imported (`{annals-game: sanguo}`); a line starting with it
/// after a blank line starts a new game.
pub const GAME_MARK: &str = "{annals-game:";

/// Splits a decoded file into games. Never fails: a file with no tags is one game whose body is the
/// whole text, unless it is several games with a separator line between them
/// (`separated.rs`); the caller rejects games with empty bodies.
pub fn split_games(text: &str) -> Vec<RawGame> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let mut g = Games {
        text,
        done: Vec::new(),
        cur: None,
        last_start: 0,
    };
    // a game's body may hold a separator line ([`split_all`])
    let mut separated = false;
    // the line before was a blank line in a game's body
    let mut after_blank = false;
    // the line's first byte, its end without `\r`s and `\n`, and the start of the next line:
    // the lines of `lines_inclusive`, on offsets (no `str` slicing on the common path)
    let mut start = 0usize;
    let mut lineno = 0u32;
    while start < bytes.len() {
        lineno += 1;
        let rest = bytes.get(start..).unwrap_or_default();
        let (mut kept, offset) = match crate::text::find_newline(rest) {
            Some(k) => (start + k, start + k + 1),
            None => (bytes.len(), bytes.len()),
        };
        // (the line's only `\n` ends it: what is left to drop are `\r`s)
        while kept > start && bytes.get(kept - 1) == Some(&b'\r') {
            kept -= 1;
        }
        let line_start = start;
        start = offset;
        crate::work::examined(offset - line_start);
        // A body line whose text is not exactly the file's line (a `\r` dropped, a blank line
        // holding white space) makes the body differ from the file's slice.
        let exact = kept + 1 == offset || (kept == offset && offset == bytes.len());
        // Most lines are body lines that start with a printable ASCII character other than `[`:
        // no tag and not blank, told at their first byte (what `tag_line` and `is_blank` say).
        if let Some(&f) = bytes.get(line_start)
            && f.is_ascii_graphic()
            && f != b'['
            && kept > line_start
        {
            // `{annals-game: …}` after a blank line: a collection export's start of a game with
            // no tags (the import takes the line out again)
            if f == b'{'
                && let Some(b) = g.cur.as_ref()
                && b.body_started
                && bytes
                    .get(line_start..kept)
                    .is_some_and(|l| l.starts_with(GAME_MARK.as_bytes()))
                && text
                    .get(b.body_end..line_start)
                    .is_some_and(|gap| gap.bytes().filter(|&c| c == b'\n').count() > 1)
                && let Some(b) = g.cur.take()
            {
                g.last_start = b.start;
                g.done.push(b.finish(text));
            }
            body_line(&mut g.cur, lineno, line_start, kept, offset, exact);
            // (maybe a separator line, `----`, `====`, `* * *`: told by `split_all`, off this
            // path; no branch here)
            separated |= matches!(f, b'-' | b'=' | b'*' | b'~' | b'_');
            // (after a blank line in a body, a line that may start a game: `1.`, `EI`, `Game 2`)
            if std::mem::take(&mut after_blank) {
                separated |= text.get(line_start..kept).is_some_and(starts_or_heads);
            }
            continue;
        }
        let line = text.get(line_start..kept).unwrap_or_default();
        if let TagLine::Tags(tags) = tag_line(line) {
            after_blank = false;
            g.tag_line(tags, lineno, line_start, offset);
            continue;
        }
        if crate::text::is_blank(line) {
            if let Some(b) = g.cur.as_mut() {
                after_blank = b.body_started;
                if b.body_started {
                    b.body_exact &= exact && line.is_empty();
                } else {
                    b.blank_after_tags = b.tag_lines > 0;
                }
            }
            continue;
        }
        body_line(&mut g.cur, lineno, line_start, kept, offset, exact);
        separated |=
            is_separator(line) || (std::mem::take(&mut after_blank) && starts_or_heads(line));
    }
    let games = g.finish();
    // a file whose first game starts with a heading (`Game 1`) may head the others so
    separated |= games
        .first()
        .and_then(|g| g.body.split('\n').find(|l| !l.trim().is_empty()))
        .is_some_and(is_heading);
    if separated {
        return split_all(games);
    }
    games
}

/// The games [`split_games`] has cut so far, and the one it is reading.
struct Games<'t> {
    text: &'t str,
    done: Vec<RawGame>,
    cur: Option<Building>,
    /// Where the last game pushed starts in the text (its raw text may grow by trailing tags).
    last_start: usize,
}

impl Games<'_> {
    /// A tag line, `tags` its tags: the next tag of the game being read, the first of a new game
    /// after a body, or (a block after a blank line) the tags of the game before.
    fn tag_line(
        &mut self,
        tags: Vec<(String, String, bool)>,
        lineno: u32,
        line_start: usize,
        offset: usize,
    ) {
        let text = self.text;
        // A tag block with no body, then a blank line, then this one: the first block may be
        // the tags of the game before, written after its moves.
        if let Some(b) = self.cur.as_ref()
            && b.blank_after_tags
            && !b.body_started
            && let Some(p) = self.done.last()
            && (b.after_body
                || (tags.iter().any(|(n, ..)| b.has_tag(n))
                    && !b.tags.iter().any(|(n, _)| has_tag(&p.tags, n))))
            && let Some(b) = self.cur.take()
            && let Some(p) = self.done.last_mut()
        {
            b.trail(p, text, self.last_start);
        }
        // A tag after a body starts a new game; not after remark lines between tag lines
        // (`[Event "x"]`, `# from the club book`, `[Site "y"]`), which are left out.
        if let Some(b) = self.cur.as_mut()
            && b.body_started
            && b.tag_lines > 0
            && !tags.iter().any(|(n, ..)| b.has_tag(n))
            && text
                .get(b.body_start..line_start)
                .is_some_and(remarks_between_tags)
        {
            b.diagnostics.push(Diagnostic::info(
                code::TAG_REMARK,
                b.body_line,
                1,
                "remark between tag lines left out of the game's body (the raw text keeps it)",
            ));
            b.body_started = false;
            b.body_exact = true;
            b.blank_after_tags = false;
        }
        let new_game = match &self.cur {
            None => true,
            Some(b) => b.body_started,
        };
        if new_game {
            let mut after_body = false;
            if let Some(b) = self.cur.take() {
                // (this line is the one after the body's last: no blank line between)
                after_body = b.body_started
                    && text
                        .get(b.body_end..line_start)
                        .is_some_and(|gap| gap.bytes().filter(|&c| c == b'\n').count() == 1);
                self.last_start = b.start;
                self.done.push(b.finish(text));
            }
            let mut b = Building::new(lineno, line_start);
            b.after_body = after_body;
            self.cur = Some(b);
        }
        let b = self
            .cur
            .get_or_insert_with(|| Building::new(lineno, line_start));
        b.end = offset;
        b.tag_lines += 1;
        b.push_tags(tags, lineno);
    }

    /// The games, the last one finished (or a tag block with no body at the end of the file
    /// given to the game before), each tidied ([`tidy_game`]).
    fn finish(mut self) -> Vec<RawGame> {
        let text = self.text;
        if let Some(b) = self.cur.take() {
            // a tag block with no body at the end of the file, after a game: that game's tags,
            // when it follows the moves or names no tag the game has
            match self.done.last_mut() {
                Some(p)
                    if !b.body_started
                        && b.tag_lines > 0
                        && (b.after_body || !b.tags.iter().any(|(n, _)| has_tag(&p.tags, n))) =>
                {
                    b.trail(p, text, self.last_start);
                }
                _ => self.done.push(b.finish(text)),
            }
        }
        for g in &mut self.done {
            tidy_game(g);
        }
        self.done
    }
}

/// A body line of [`split_games`], bytes `start..end` of the text (`next`: where the next line
/// starts), added to the game being built (or starting one).
#[inline(always)]
pub(super) fn body_line(
    cur: &mut Option<Building>,
    lineno: u32,
    start: usize,
    end: usize,
    next: usize,
    exact: bool,
) {
    let b = cur.get_or_insert_with(|| Building::new(lineno, start));
    if !b.body_started {
        b.body_started = true;
        b.body_line = lineno;
        b.body_start = start;
    }
    b.body_exact &= exact;
    b.body_end = end;
    b.end = next;
}

pub(super) struct Building {
    line: u32,
    body_line: u32,
    start: usize,
    end: usize,
    tags: Vec<(String, String)>,
    /// Bytes of the body in the text: from its first line to the end of its last non-blank line.
    body_start: usize,
    body_end: usize,
    /// True while every body line (blank ones included) is exactly its line in the text.
    body_exact: bool,
    body_started: bool,
    /// Lines read as tags (a line may hold several tags).
    tag_lines: u32,
    /// Its first tag line is the line after a game's last body line (no blank line between).
    after_body: bool,
    /// A blank line came after its tags, and no body yet.
    blank_after_tags: bool,
    diagnostics: Vec<Diagnostic>,
}

/// Whether tags hold one of this name (in any case).
pub(super) fn has_tag(tags: &[(String, String)], name: &str) -> bool {
    tags.iter().any(|(k, _)| k.eq_ignore_ascii_case(name))
}

impl Building {
    /// The tags of a tag line, each warned of when read leniently or given twice.
    fn push_tags(&mut self, tags: Vec<(String, String, bool)>, lineno: u32) {
        for (name, value, malformed) in tags {
            if malformed {
                self.diagnostics.push(Diagnostic::warning(
                    code::TAG_MALFORMED,
                    lineno,
                    1,
                    format!("tag line read leniently as [{name} \"{value}\"]"),
                ));
            }
            if self.tags.iter().any(|(k, _)| k.eq_ignore_ascii_case(&name)) {
                self.diagnostics.push(Diagnostic::warning(
                    code::TAG_DUPLICATE,
                    lineno,
                    1,
                    format!("tag {name} given twice; the first value is used"),
                ));
            }
            self.tags.push((name, value));
        }
    }

    fn new(line: u32, start: usize) -> Self {
        Building {
            line,
            body_line: line,
            start,
            end: start,
            tags: Vec::new(),
            body_start: start,
            body_end: start,
            body_exact: true,
            body_started: false,
            tag_lines: 0,
            after_body: false,
            blank_after_tags: false,
            diagnostics: Vec::new(),
        }
    }

    fn has_tag(&self, name: &str) -> bool {
        has_tag(&self.tags, name)
    }

    /// A tag block with no body read as trailing tags of the game `p` before it (which starts at
    /// `p_start` in the text): its tags and their diagnostics go to `p`, a tag `p` has already
    /// warned as given twice, and `p`'s raw text runs to the block's end.
    #[cold]
    fn trail(self, p: &mut RawGame, text: &str, p_start: usize) {
        let names: Vec<&str> = self.tags.iter().map(|(k, _)| k.as_str()).collect();
        p.diagnostics.push(Diagnostic::info(
            code::TRAILING_TAGS,
            self.line,
            1,
            format!(
                "tags after the game's moves ({}) read as the game's",
                names.join(", ")
            ),
        ));
        p.diagnostics.extend(self.diagnostics);
        for (name, value) in self.tags {
            if has_tag(&p.tags, &name) {
                p.diagnostics.push(Diagnostic::warning(
                    code::TAG_DUPLICATE,
                    self.line,
                    1,
                    format!("tag {name} given twice; the first value is used"),
                ));
            }
            p.tags.push((name, value));
        }
        p.raw = text
            .get(p_start..self.end)
            .unwrap_or_default()
            .trim_end()
            .to_string();
    }

    fn finish(mut self, text: &str) -> RawGame {
        if !self.body_started {
            self.body_line = self.line + self.tag_lines;
        }
        let raw = text
            .get(self.start..self.end)
            .unwrap_or_default()
            .trim_end()
            .to_string();
        RawGame {
            line: self.line,
            body_line: self.body_line,
            tags: self.tags,
            body: body_text(
                text.get(self.body_start..self.body_end).unwrap_or_default(),
                self.body_exact,
            ),
            raw,
            diagnostics: self.diagnostics,
        }
    }
}

/// A body from its slice of the text: its lines joined by `\n`, each without its trailing `\r`s,
/// and blank lines emptied. `exact` says that the slice is that already.
pub(super) fn body_text(slice: &str, exact: bool) -> String {
    if exact {
        return slice.to_string();
    }
    let mut out = String::with_capacity(slice.len());
    for (i, line) in slice.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line = line.trim_end_matches('\r');
        if !line.trim().is_empty() {
            out.push_str(line);
        }
    }
    out
}
