//! A round line split into its entries: separators, notes, side labels, 轮空 words and moves
//! split by white space.

use super::chars::{
    closed_later, contains, has_action, is_note_close, is_space, note_close, skip_word,
};
use super::code;
use super::game::add_comment;
use super::geometry::{self, Side};
use super::notation;
use super::state::{Entry, State};

/// What [`State::segment`] asks of an entry, found in one pass over it.
#[derive(Default)]
struct Traits {
    /// `轮空` in it.
    skip: bool,
    /// `困毙` in it.
    stalemate: bool,
    /// `进`, `退` or `平` in it ([`has_action`]).
    action: bool,
    /// An ASCII digit or a CJK ideograph in it.
    move_like: bool,
    /// White space in it.
    space: bool,
    /// A `(` or `[` not yet closed by `)` or `]` (so far in the scan).
    open: bool,
}

/// A segment of a round line read character by character: where its text (without the white
/// space around it) begins and ends, and its [`Traits`].
#[derive(Default)]
struct Scan {
    /// First character that is no white space.
    first: usize,
    /// One past the last character that is no white space (0: none yet).
    end: usize,
    /// White space seen after the content began, not yet followed by more content.
    space_pending: bool,
    prev: char,
    traits: Traits,
}

impl Scan {
    /// Character `c`, at index `i` of the line.
    #[inline(always)]
    fn push(&mut self, i: usize, c: char) {
        let t = &mut self.traits;
        if c.is_ascii_digit() {
            t.move_like = true;
        } else if ('\u{4e00}'..='\u{9fff}').contains(&c) {
            t.move_like = true;
            match c {
                '空' if self.prev == '轮' => t.skip = true,
                '毙' if self.prev == '困' => t.stalemate = true,
                '进' | '退' | '平' => t.action = true,
                _ => {}
            }
        } else if is_space(c) {
            self.space_pending = self.end > 0;
            self.prev = c;
            return;
        } else if note_close(c).is_some() {
            t.open = true;
        } else if is_note_close(c) {
            t.open = false;
        }
        // content: white space between two characters of it is white space in the entry
        t.space |= self.space_pending;
        self.space_pending = false;
        if self.end == 0 {
            self.first = i;
        }
        self.end = i + 1;
        self.prev = c;
    }

    /// First and one past the last character that is no white space.
    fn content(&self) -> Option<(usize, usize)> {
        (self.end > 0).then_some((self.first, self.end))
    }
}

impl Traits {
    /// The traits of a trimmed entry, by the scans [`Scan`] replaced: the tests' reference.
    #[cfg(test)]
    fn of(chars: &[char]) -> Traits {
        let mut t = Traits::default();
        let mut prev = '\0';
        for &c in chars {
            match c {
                '空' if prev == '轮' => t.skip = true,
                '毙' if prev == '困' => t.stalemate = true,
                '进' | '退' | '平' => t.action = true,
                _ => {}
            }
            t.move_like |= c.is_ascii_digit() || ('\u{4e00}'..='\u{9fff}').contains(&c);
            t.space |= is_space(c);
            prev = c;
        }
        t
    }
}

impl State<'_> {
    /// Splits a round's entries and plays them.
    pub(super) fn entries(
        &mut self,
        li: usize,
        chars: &[char],
        from: usize,
        end: usize,
        round: u32,
    ) {
        let ln = self.line_no(li);
        self.game.rounds += 1;
        self.expected_round = round.saturating_add(1);
        let mut entries = std::mem::take(&mut self.entry_buf);
        entries.clear();
        let mut seg_start = from;
        // the entry's bounds and traits are found in the same pass as the separators
        let mut scan = Scan::default();
        let mut i = from;
        if !self.label_buf.is_empty() {
            self.label_buf.clear();
        }
        // the first bracket after a separator inside a note ([`closed_later`])
        let mut bracket_after = None;
        while i <= end {
            let c = chars.get(i).copied().unwrap_or(',');
            if i == end || c == ',' || c == ';' || c == '/' || c == '|' {
                // `马5进6（好棋，跳马）`: a comma inside a note that closes later on the line
                if scan.traits.open
                    && i < end
                    && matches!(c, ',' | ';')
                    && closed_later(chars, i, end, &mut bracket_after)
                {
                    scan.push(i, c);
                    i += 1;
                    continue;
                }
                // `//` ends the entries: a note to the end of the line
                let last = i == end || (c != ',' && self.separator(li, chars, i));
                let seg = std::mem::take(&mut scan);
                self.segment(ln, chars, seg_start, &seg, last, &mut entries);
                if last {
                    break;
                }
                seg_start = i + 1;
            } else {
                scan.push(i, c);
            }
            i += 1;
        }
        self.play_round(li, chars, round, &entries);
        self.entry_buf = entries;
        if let Some(note) = self.pending_note.take()
            && self.move_at.last().is_some_and(|&(l, _)| l == li)
            && let Some(m) = self.game.moves.last_mut()
        {
            add_comment(&mut m.comment, &note);
        }
    }

    /// A note after a move (`（好棋）`, `// 跳马`), reported at the first of the game.
    #[cold]
    #[inline(never)]
    pub(super) fn note_seen(&mut self, ln: u32, col: usize) {
        if !self.seen_note {
            self.seen_note = true;
            self.sink.info(
                code::BRACKET_COMMENT,
                ln,
                col as u32 + 1,
                "a note after a move read as the move's comment",
            );
        }
    }

    /// A separator other than `,` at `i` (before `end`): `;` (warned), `/` or `|` (reported once
    /// per game), or `//`, which begins a note to the end of the line, kept as the comment of the
    /// last move before it (then true: the round's entries end here).
    #[cold]
    #[inline(never)]
    pub(super) fn separator(&mut self, li: usize, chars: &[char], i: usize) -> bool {
        let ln = self.line_no(li);
        let c = chars.get(i).copied().unwrap_or(',');
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            let text: String = chars.get(i + 2..).unwrap_or(&[]).iter().collect();
            self.note_seen(ln, i);
            let text = text.trim();
            if !text.is_empty() {
                self.pending_note = Some(text.to_string());
            }
            return true;
        }
        if c == ';' {
            self.sink
                .warning(code::PUNCTUATION, ln, i as u32 + 1, "';' read as ','");
        } else if !self.seen_separator {
            self.seen_separator = true;
            self.sink.info(
                code::SEPARATOR,
                ln,
                i as u32 + 1,
                format!("moves separated by {c:?}, read as ','"),
            );
        }
        false
    }

    /// Classifies one comma-separated segment (starting at `a`, scanned into `scan`), splitting
    /// moves separated by spaces.
    fn segment(
        &mut self,
        ln: u32,
        chars: &[char],
        a: usize,
        scan: &Scan,
        last: bool,
        out: &mut Vec<Entry>,
    ) {
        let Some((s, e)) = scan.content() else {
            // `，，`: an empty entry, read as a placeholder; nothing after a final comma is no entry.
            if !last {
                self.sink.warning(
                    code::PUNCTUATION,
                    ln,
                    a as u32 + 1,
                    "empty entry read as a placeholder",
                );
                out.push(Entry::Placeholder(a));
            }
            return;
        };
        // `吴：马6进5`: a label naming the mover (rare: read apart)
        let relabelled;
        let (s, scan) = if matches!(
            chars.get(s),
            Some('吴' | '魏' | '蜀' | 'W' | 'w' | 'S' | 's')
        ) && let Some((after, rescan)) =
            self.labelled(ln, chars, s, e, out.len())
        {
            relabelled = rescan;
            (after, &relabelled)
        } else {
            (s, scan)
        };
        let traits = &scan.traits;
        if traits.skip {
            out.push(Entry::Skip(s));
            return;
        }
        if traits.stalemate && !traits.action {
            out.push(Entry::Stalemate(s, e));
            return;
        }
        if !traits.move_like {
            out.push(Entry::Placeholder(s));
            return;
        }
        if !traits.action && self.skip_form(ln, chars, s, e) {
            out.push(Entry::Skip(s));
            return;
        }
        if !traits.space {
            // one move: nothing to split (the usual entry)
            out.push(Entry::Move(s, e));
            return;
        }
        self.split_spaced(ln, chars, (s, e), out);
    }

    /// An entry (`s..e`, the `k`th of its round) that begins with a side's name: when it is a
    /// label ([`side_label`]), it is noted for the round and the entry after it scanned again.
    #[cold]
    #[inline(never)]
    fn labelled(
        &mut self,
        ln: u32,
        chars: &[char],
        s: usize,
        e: usize,
        k: usize,
    ) -> Option<(usize, Scan)> {
        // `Wei: 炮12平10`: the side's name in pinyin, a whole word
        let (sd, len) = match chars.get(s).and_then(|&c| Side::from_char(c)) {
            Some(sd) => (sd, 1),
            None => {
                let len = chars.get(s..e)?.iter().position(|&c| !Side::is_latin(c))?;
                let word: String = chars.get(s..s + len)?.iter().collect();
                (Side::from_pinyin(&word).filter(|&sd| sd != Side::Han)?, len)
            }
        };
        let after = side_label(chars, s + len, e)?;
        if len > 1 {
            let word: String = chars.get(s..s + len).unwrap_or(&[]).iter().collect();
            self.pinyin_read(ln, s as u32 + 1, &word, sd.name());
        }
        self.label_buf.push((k, sd, s));
        // `吴（周瑜）：`: the player, where the tags name none
        let k = if matches!(chars.get(s + len), Some('方' | '国')) {
            s + len + 1
        } else {
            s + len
        };
        if chars.get(k) == Some(&'(')
            && let Some(colon) = player_in_label(chars, k, e)
            && let Some(slot) = self.body_players.get_mut(sd as usize)
            && slot.is_none()
        {
            let name: String = chars.get(k + 1..colon - 1).unwrap_or(&[]).iter().collect();
            *slot = Some(name.trim().to_string());
        }
        let mut rescan = Scan::default();
        for i in after..e {
            rescan.push(i, chars.get(i).copied().unwrap_or(' '));
        }
        Some((after, rescan))
    }

    /// An entry without 进/退/平 that is another word for （轮空） ([`skip_word`]), reported.
    #[cold]
    #[inline(never)]
    fn skip_form(&mut self, ln: u32, chars: &[char], s: usize, e: usize) -> bool {
        let text = chars.get(s..e).unwrap_or(&[]);
        if !skip_word(text) {
            return false;
        }
        let text: String = text.iter().collect();
        self.sink.info(
            code::SKIP_FORM,
            ln,
            s as u32 + 1,
            format!("{text:?} read as （轮空）"),
        );
        true
    }

    /// An entry with white space inside (`s..e`, trimmed): moves separated by spaces instead of
    /// commas, markers written apart, a move split by a space or a blanked-out comment.
    fn split_spaced(
        &mut self,
        ln: u32,
        chars: &[char],
        (s, e): (usize, usize),
        out: &mut Vec<Entry>,
    ) {
        let mut k = s;
        let mut parts = 0;
        // the start of a move split by white space (`炮12 平10`, a comment blanked out of it)
        let mut head: Option<usize> = None;
        while k < e {
            let ps = k;
            let mut bracket = false;
            while k < e {
                match chars.get(k) {
                    Some('[') => bracket = true,
                    Some(']') => bracket = false,
                    Some(&c) if is_space(c) && !bracket => break,
                    _ => {}
                }
                k += 1;
            }
            let part = chars.get(ps..k).unwrap_or(&[]);
            let pe = k;
            while k < e && chars.get(k).is_some_and(|&c| is_space(c)) {
                k += 1;
            }
            // A part without 进/退/平 before one that begins with them (or with the file) is the
            // head of a move split by white space: `炮12` `平10`.
            let action = has_action(part);
            if !action
                && k < e
                && chars
                    .get(k)
                    .is_some_and(|&c| matches!(c, '进' | '退' | '平') || c.is_ascii_digit())
            {
                head.get_or_insert(ps);
                continue;
            }
            // A part that is only a marker belongs to the previous part.
            let marker_only = !action && parts > 0 && head.is_none();
            if marker_only {
                if let Some(Entry::Move(_, end) | Entry::Spaced(_, end)) = out.last_mut() {
                    *end = pe;
                }
            } else {
                if parts > 0 {
                    self.sink.warning(
                        code::PUNCTUATION,
                        ln,
                        head.unwrap_or(ps) as u32 + 1,
                        "moves separated by a space, not ','",
                    );
                }
                out.push(match head.take() {
                    Some(h) => Entry::Spaced(h, pe),
                    None => Entry::Move(ps, pe),
                });
                parts += 1;
            }
        }
    }
}

/// A side's name labelling the entry at `s` (`s..e`, trimmed; the side character at `s`):
/// `吴：马6进5`, `吴方:…`, `魏国 炮12平10`, `蜀马6进7`, `魏前车平14`, `魏五兵平5`, `魏（轮空）`,
/// `魏……`. Returns where the move begins. A side followed by a file (`魏9退1`, `魏九退一`) is that
/// side's general, as the notation writes it, and no label. `s` is where the side's name ends.
pub(super) fn side_label(chars: &[char], s: usize, e: usize) -> Option<usize> {
    let mut k = s;
    if chars.get(k).is_some_and(|&c| c == '方' || c == '国') {
        k += 1;
    }
    let mut c = *chars.get(k)?;
    // `吴（周瑜）：`: the side's player named in brackets before the colon
    if c == '('
        && let Some(colon) = player_in_label(chars, k, e)
    {
        k = colon;
        c = ':';
    }
    let after = if c == ':' || is_space(c) {
        k += 1;
        while k < e && chars.get(k).is_some_and(|&c| is_space(c)) {
            k += 1;
        }
        // `魏 9退1`: the general, written apart
        if c != ':' && chars.get(k).is_some_and(char::is_ascii_digit) {
            return None;
        }
        k
    } else if geometry::Kind::read(c).is_some()
        || matches!(c, '前' | '中' | '后' | '(' | '[' | '…')
        || (notation::cjk_digit(c).is_some_and(|d| d <= 7)
            && chars
                .get(k + 1)
                .is_some_and(|&n| geometry::Kind::read(n).is_some()))
    {
        k
    } else {
        return None;
    };
    (after < e).then_some(after)
}

/// A player's name in brackets after a side's label (`吴（周瑜）：`, the `(` at `k`): the index of
/// the colon after its `)`, when a colon follows it and the brackets hold a name (no move, no 轮空).
#[cold]
#[inline(never)]
fn player_in_label(chars: &[char], k: usize, e: usize) -> Option<usize> {
    let len = chars.get(k + 1..e)?.iter().position(|&c| c == ')')?;
    let inner = chars.get(k + 1..k + 1 + len)?;
    let close = k + 1 + len;
    let named = !inner.is_empty()
        && inner.iter().all(|&c| c.is_alphabetic() || is_space(c))
        && !has_action(inner)
        && !contains(inner, &['轮', '空']);
    (named && chars.get(close + 1) == Some(&':')).then_some(close + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_traits_agree_with_the_scans_they_replace() {
        let alphabet = [
            '轮', '空', '困', '毙', '进', '退', '平', '1', ' ', '\u{a0}', '\u{3000}', 'a', '车',
            '[',
        ];
        // every string of up to four characters of the alphabet
        let mut strings: Vec<Vec<char>> = vec![Vec::new()];
        for _ in 0..4 {
            let longer: Vec<Vec<char>> = strings
                .iter()
                .filter(|s| s.len() == strings.last().map_or(0, Vec::len))
                .flat_map(|s| {
                    alphabet.iter().map(move |&c| {
                        let mut t = s.clone();
                        t.push(c);
                        t
                    })
                })
                .collect();
            strings.extend(longer);
        }
        for s in &strings {
            let t = Traits::of(s);
            assert_eq!(t.skip, contains(s, &['轮', '空']), "{s:?}");
            assert_eq!(t.stalemate, contains(s, &['困', '毙']), "{s:?}");
            assert_eq!(t.action, has_action(s), "{s:?}");
            assert_eq!(
                t.move_like,
                s.iter()
                    .any(|c| c.is_ascii_digit() || ('\u{4e00}'..='\u{9fff}').contains(c)),
                "{s:?}"
            );
            assert_eq!(t.space, s.iter().any(|c| c.is_whitespace()), "{s:?}");
            // the scan of an untrimmed entry: its trimmed bounds, and the traits of what they hold
            let mut scan = Scan::default();
            for (i, &c) in s.iter().enumerate() {
                scan.push(i, c);
            }
            let first = s.iter().position(|c| !c.is_whitespace());
            let last = s.iter().rposition(|c| !c.is_whitespace());
            let bounds = first.zip(last).map(|(f, l)| (f, l + 1));
            assert_eq!(scan.content(), bounds, "{s:?}");
            if let Some((f, e)) = bounds {
                let t = Traits::of(&s[f..e]);
                let u = &scan.traits;
                assert_eq!(
                    (u.skip, u.stalemate, u.action, u.move_like, u.space),
                    (t.skip, t.stalemate, t.action, t.move_like, t.space),
                    "{s:?}"
                );
            }
        }
    }
}
