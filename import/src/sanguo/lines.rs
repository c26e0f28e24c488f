//! Reading a body line: which kind of line it is (round, 困毙 marker, status, title, note, heading).

use super::chars::{contains, has_action, is_space, names_no_player, note_close};
use super::code;
use super::game::add_comment;
use super::geometry::Side;
use super::notation::{self, NormLine};
use super::rounds::{
    circled_round, english_round, next_round_on_line, numeral_round, round_prefix,
};
use super::state::State;
use super::title;

/// `text.lines()` (each line without its `\n` and a `\r` before it; nothing after a final `\n`),
/// found a word at a time ([`crate::text::lines`]), which is faster than `str::lines` on lines
/// this short.
pub(super) fn body_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut pieces = crate::text::lines(text).peekable();
    std::iter::from_fn(move || {
        let line = pieces.next()?;
        if pieces.peek().is_some() {
            // a '\n' follows
            Some(line.strip_suffix('\r').unwrap_or(line))
        } else {
            // the text after the last '\n'
            (!line.is_empty()).then_some(line)
        }
    })
}

/// The text of a note on a line of its own: all of the line in one pair of note brackets
/// ([`note_close`]: `（吴先）`, `【中局】`, `〔…〕`) or after `//`, with no move in it and no 轮空.
fn line_note(body: &[char]) -> Option<String> {
    let dash = |c: &char| matches!(c, '—' | '─' | '-' | '=' | '～' | '~');
    let lead = body.iter().take_while(|c| dash(c)).count();
    let trail = body.iter().rev().take_while(|c| dash(c)).count();
    let text: String = if body.starts_with(&['/', '/']) {
        body.get(2..)?.iter().collect()
    } else if lead >= 2 && trail >= 2 && lead + trail < body.len() {
        // `——以下为残局——`: words between rules
        body.get(lead..body.len() - trail)?.iter().collect()
    } else {
        let close = note_close(*body.first()?)?;
        if body.len() < 3 || body.last() != Some(&close) || has_action(body) {
            return None;
        }
        let inner = body.get(1..body.len() - 1)?;
        // (one pair: no other bracket of the kind inside)
        if inner.iter().any(|&c| c == close || note_close(c).is_some()) {
            return None;
        }
        inner.iter().collect()
    };
    let text = text.trim().to_string();
    // (an end mark, `（完）`, is no note: `other_line` ignores it)
    let end_mark = matches!(
        text.as_str(),
        "完" | "终" | "全局完" | "全局终" | "终局" | "完局" | "本局完"
    );
    // (nor a 轮空 written short, `（轮空）`, `（空）`, `(跳过)`: an entry; `names_no_player` holds
    // `skip_word`'s words, all short)
    let skip = text.chars().count() <= 4 && (text.contains('空') || names_no_player(&text));
    (!text.is_empty() && !end_mark && !skip).then_some(text)
}

/// A side's label and its 轮空 on a line of their own: `蜀：（轮空）`, `蜀方: 轮空`, `魏 ……`.
fn labelled_skip(body: &[char]) -> bool {
    let Some(side) = body.first().copied().and_then(Side::from_char) else {
        return false;
    };
    if side == Side::Han {
        return false;
    }
    let mut k = 1;
    if matches!(body.get(k), Some('方' | '国')) {
        k += 1;
    }
    if !matches!(body.get(k), Some(&c) if c == ':' || is_space(c)) {
        return false;
    }
    let rest: String = body.get(k + 1..).unwrap_or(&[]).iter().collect();
    let rest = rest.trim();
    !rest.is_empty() && names_no_player(rest)
}

impl State<'_> {
    pub(super) fn line(&mut self, li: usize, nl: &NormLine) {
        crate::work::examined(nl.chars.len());
        let ln = self.line_no(li);
        if let (Some(c), false) = (nl.first_wide, self.seen_wide) {
            self.seen_wide = true;
            self.sink.info(
                code::FULL_WIDTH,
                ln,
                c as u32 + 1,
                "full-width punctuation read as half-width",
            );
        }
        if let (Some(c), false) = (nl.first_trad, self.seen_trad) {
            self.seen_trad = true;
            self.sink.info(
                code::TRADITIONAL,
                ln,
                c as u32 + 1,
                "traditional characters read as simplified",
            );
        }
        let chars = &nl.chars;
        let Some(start) = chars.iter().position(|&c| !is_space(c)) else {
            return;
        };
        let end = chars
            .iter()
            .rposition(|&c| !is_space(c))
            .map_or(start, |e| e + 1);
        let body = chars.get(start..end).unwrap_or(&[]);
        let first = body.first().copied().unwrap_or(' ');
        if first.is_ascii_digit() {
            // several rounds on one line, as chess records write them (`1.马6进5，…，马6进7
            // 2.兵7进1，…`): each from its number
            match next_round_on_line(chars, start, end) {
                None => self.round_line(li, chars, start, end),
                Some(next) => self.rounds_on_line(li, chars, (start, next), end),
            }
            return;
        }
        // `(3) …`, `（3）…`: a round number in brackets (read as `3)`)
        if first == '('
            && let Some(digits) = body
                .get(1..)
                .map(|r| r.iter().take_while(|c| c.is_ascii_digit()).count())
            && digits > 0
            && body.get(1 + digits) == Some(&')')
        {
            self.round_line(li, chars, start + 1, end);
            return;
        }
        // `第1回合：`, `第一回合` (the notation's word for a round), or `一、` (numbered as a list is),
        // or `①`, `⑴`, `⒈` (a word processor's list numbers)
        if let Some((n, after)) = round_prefix(chars, start)
            .or_else(|| numeral_round(chars, start))
            .or_else(|| circled_round(chars, start))
            .or_else(|| english_round(chars, start))
        {
            if self.repeated_round(li, chars, (start, after), end, n) {
                return;
            }
            self.round_form(ln, chars, (start, after), n);
            self.entries(li, chars, after, end, n);
            return;
        }
        self.unnumbered_line(li, chars, (start, end));
    }

    /// A line that does not begin with a round number (`start..end`, trimmed): a 困毙 marker, a
    /// status line, a note, a round line without its number, a header line, a title or a heading.
    #[inline]
    fn unnumbered_line(&mut self, li: usize, chars: &[char], (start, end): (usize, usize)) {
        let ln = self.line_no(li);
        let body = chars.get(start..end).unwrap_or(&[]);
        let first = body.first().copied().unwrap_or(' ');
        if contains(body, &['困', '毙']) && !has_action(body) {
            let st = notation::stalemate_sides(body);
            self.stalemate(li, start, st);
            return;
        }
        let text: String = body.iter().collect();
        if title::is_status_line(&text) {
            if self.game.rounds == 0
                && self.body_title.is_none()
                && self.title_above(li, start, &text)
            {
                return;
            }
            self.status(li, start, &text);
            return;
        }
        if self.short_status(li, start, &text) {
            return;
        }
        // a note on a line of its own: all of it in brackets (`（此处原谱有误）`, `【中局】`), or
        // after `//`
        if let Some(note) = line_note(body) {
            let kept = match self.game.moves.last_mut() {
                Some(m) => {
                    add_comment(&mut m.comment, &note);
                    "kept as the comment of the move before it"
                }
                None => "before the first move: kept in the raw text",
            };
            self.sink.info(
                code::BRACKET_COMMENT,
                ln,
                start as u32 + 1,
                format!("note {note:?} on a line of its own {kept}"),
            );
            return;
        }
        // (a 轮空 alone on its line, `（轮空）`, continues the round it is in)
        if has_action(body)
            || first == '…'
            || labelled_skip(body)
            || (self.open_round.is_some() && names_no_player(&text))
        {
            if let Some((round, slot)) = self.open_round.take() {
                self.continued(li, chars, (start, end), round, slot, None);
                return;
            }
            self.sink.warning(
                code::ROUND_NUMBER,
                ln,
                start as u32 + 1,
                "round line without a number",
            );
            let n = self.expected_round;
            self.entries(li, chars, start, end, n);
            return;
        }
        if self.other_line(ln, start, &text, true) {
            return;
        }
        if self.title_line(ln, start, &text) {
            return;
        }
        if self.other_line(ln, start, &text, false) {
            return;
        }
        // a heading before the moves (`三国演弈棋对局记录`, `——以下为实战——`): no digit, no move
        if self.game.moves.is_empty() && !body.iter().any(|c| c.is_ascii_digit()) {
            self.sink.info(
                code::HEADER_LINE,
                ln,
                start as u32 + 1,
                format!("{text:?} before the moves read as a heading, no part of the notation"),
            );
            return;
        }
        self.sink.error(
            code::UNREADABLE_LINE,
            ln,
            start as u32 + 1,
            format!("cannot read the line {text:?}"),
        );
    }

    /// A title line (`魏杀汉·魏胜`, `标题：…`, one in another form or in pinyin), when the body has
    /// none yet: read and kept (true).
    fn title_line(&mut self, ln: u32, start: usize, text: &str) -> bool {
        let cleaned = title::clean_title(text);
        let titleish = ["胜", "灭", "盟", "杀汉", "困", "和", "被", "赢"]
            .iter()
            .any(|w| cleaned.contains(w))
            || title::english_title(&cleaned);
        if self.body_title.is_none() && (titleish || text.starts_with("标题")) {
            let (read, loose, pinyin) = title::read_title_sides(text);
            let cleaned = match pinyin {
                Some(p) => {
                    let read_as = title::clean_title(&p);
                    self.pinyin_read(ln, start as u32 + 1, text.trim(), &read_as);
                    read_as
                }
                None => cleaned,
            };
            match (read, loose) {
                (Ok(_), true) => self.title_form(ln, start as u32 + 1, &cleaned),
                (Ok(_), false) => {}
                (Err(bad), _) => self.sink.warning(
                    code::TITLE,
                    ln,
                    start as u32 + 1,
                    format!("title part {bad:?} cannot be read"),
                ),
            }
            self.body_title = Some((cleaned, ln));
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_lines_are_str_lines() {
        let parts = ["", "a", "\n", "\r", "\r\n", "一", " ", "\n\n"];
        for x in parts {
            for y in parts {
                for z in parts {
                    for w in parts {
                        let t = format!("{x}{y}{z}{w}");
                        assert_eq!(
                            body_lines(&t).collect::<Vec<_>>(),
                            t.lines().collect::<Vec<_>>(),
                            "{t:?}"
                        );
                    }
                }
            }
        }
    }
}
