//! Reading one move: its notation as written and as other transcribers write it (letters,
//! markers in words or with spaces, notes after it, pinyin, Chinese numerals, other names of
//! the pieces), stored in the notation's form.

use super::chars::{is_space, note_close};
use super::code;
use super::game::add_comment;
use super::geometry::Side;
use super::notation::{self, MoveTok};
use super::state::State;

impl State<'_> {
    pub(super) fn one_move(
        &mut self,
        li: usize,
        chars: &[char],
        round: u32,
        slot: u8,
        side: Side,
        a: usize,
    ) {
        let ln = self.line_no(li);
        let col = a as u32 + 1;
        let noted;
        let (chars, tok, note) = match notation::parse_move(chars) {
            Ok(t) => (chars, t, None),
            Err((off, msg)) => match self.repaired_move(li, chars, a) {
                Some((cleaned, t, note)) => {
                    noted = cleaned;
                    (&noted[..], t, note)
                }
                None => {
                    let text: String = chars.iter().collect();
                    self.sink.error(
                        code::SYNTAX,
                        ln,
                        col + off as u32,
                        format!("cannot read the move {text:?}: {msg}"),
                    );
                    self.replaying = false;
                    return;
                }
            },
        };
        if !self.replaying {
            self.note_not_replayed(ln, a);
            return;
        }
        // (a plain loop of `push`: a little less than `extend` with its iterator adapters)
        let mut notation = String::with_capacity(chars.len() * 3);
        for &c in chars {
            notation.push(c);
        }
        if tok.numerals | tok.pinyin | tok.words | tok.alias {
            // (a new string, not the one above by reference: that would keep it out of registers
            // in the loop)
            notation = self.rewritten(ln, col, &tok, chars);
        }
        if !self.board.is_live(side) {
            self.sink.error(
                code::ELIMINATED_SIDE,
                ln,
                col,
                format!(
                    "{notation}: {} was already eliminated and cannot move",
                    side.name()
                ),
            );
            self.replaying = false;
            return;
        }
        match self.resolve(ln, col, side, &tok, &mut notation, (round, slot)) {
            Ok(()) => {
                self.move_at.push((li, a));
                if let Some(note) = note.filter(|n| !n.is_empty())
                    && let Some(m) = self.game.moves.last_mut()
                {
                    add_comment(&mut m.comment, &note);
                }
            }
            Err((code, msg)) => {
                self.sink.error(
                    code,
                    ln,
                    col,
                    format!("{notation} ({} to move): {msg}", side.name()),
                );
                self.replaying = false;
            }
        }
    }

    /// A move that does not read, read as other transcribers write it: with a note after it
    /// ([`State::noted_move`]) or its markers so written ([`State::marker_repaired`]).
    #[cold]
    #[inline(never)]
    fn repaired_move(
        &mut self,
        li: usize,
        chars: &[char],
        a: usize,
    ) -> Option<(Vec<char>, MoveTok, Option<String>)> {
        if chars.first().is_some_and(char::is_ascii_uppercase)
            && let Some(read) = notation::letters_written(chars)
        {
            let tok = notation::parse_move(&read)
                .ok()
                .map(|t| (read.clone(), t))
                .or_else(|| self.marker_repaired(li, &read, a))?;
            if !self.seen_letters {
                self.seen_letters = true;
                let text: String = chars.iter().collect();
                let as_read: String = tok.0.iter().collect();
                self.sink.info(
                    code::LETTERS,
                    self.line_no(li),
                    a as u32 + 1,
                    format!(
                        "a move in xiangqi's letters (WXF: K A E H R C P, + - . for 进 退 平): \
                         {text:?} read as {as_read:?}"
                    ),
                );
            }
            return Some((tok.0, tok.1, None));
        }
        if let Some((c, t)) = self.marker_repaired(li, chars, a) {
            return Some((c, t, None));
        }
        self.noted_move(li, chars, a)
            .map(|(c, t, n)| (c, t, Some(n)))
    }

    /// A move that does not read because of its markers as other transcribers write them: a space
    /// after the mark (`马2进1x Han`, `马2进1 x 汉`, `车1平17# Wu`; info `sanguo.marker-space`,
    /// first of the game), or `#汉` / `#Han` for the emperor killed (read as `x汉`: warning
    /// `sanguo.marker-han`). The move so read (its notation without those spaces) and its token;
    /// `None` when it still does not read.
    #[cold]
    #[inline(never)]
    fn marker_repaired(
        &mut self,
        li: usize,
        chars: &[char],
        a: usize,
    ) -> Option<(Vec<char>, MoveTok)> {
        let is_mark = |c: char| matches!(c, '#' | '=' | 'x' | 'X');
        let mut out: Vec<char> = Vec::with_capacity(chars.len());
        let (mut spaced, mut han) = (None, None);
        for (k, &c) in chars.iter().enumerate() {
            if is_space(c) {
                let prev = out.last().copied();
                let next = chars
                    .get(k + 1..)
                    .and_then(|r| r.iter().copied().find(|&n| !is_space(n)));
                // a space after a mark, or between the move's number and a mark
                let after_mark = prev.is_some_and(is_mark) && out.len() > 1;
                let before_mark = prev.is_some_and(|p| p.is_ascii_digit() || p == '+')
                    && next.is_some_and(is_mark);
                if after_mark || before_mark {
                    spaced.get_or_insert(k);
                    continue;
                }
            }
            out.push(c);
        }
        // `#汉`, `#Han`: the emperor killed, written as an elimination
        let mut k = 0;
        while let Some(&c) = out.get(k) {
            if c == '#' {
                let rest = out.get(k + 1..).unwrap_or(&[]);
                let named_han = rest.first() == Some(&'汉')
                    || (rest.len() >= 3
                        && rest
                            .iter()
                            .take(3)
                            .collect::<String>()
                            .eq_ignore_ascii_case("han")
                        && !rest.get(3).is_some_and(|&c| Side::is_latin(c)));
                if named_han {
                    han.get_or_insert(k);
                    if let Some(m) = out.get_mut(k) {
                        *m = 'x';
                    }
                }
            }
            k += 1;
        }
        if spaced.is_none() && han.is_none() {
            return None;
        }
        let tok = notation::parse_move(&out).ok()?;
        let ln = self.line_no(li);
        let text: String = chars.iter().collect();
        let read: String = out.iter().collect();
        if let Some(k) = spaced
            && !self.seen_marker_space
        {
            self.seen_marker_space = true;
            self.sink.info(
                code::MARKER_SPACE,
                ln,
                (a + k) as u32 + 1,
                format!("a space by a move's marker: {text:?} read as {read:?}"),
            );
        }
        if let Some(k) = han {
            self.sink.warning(
                code::MARKER_HAN,
                ln,
                (a + k) as u32 + 1,
                format!(
                    "#汉 in {text:?} read as x汉 (汉 is killed, not eliminated: the notation writes x汉)"
                ),
            );
        }
        Some((out, tok))
    }

    /// A move that does not read with a note in brackets after it (`马6进5（好棋）`, `炮12平10[注：…]`,
    /// `兵7进1《挺兵》`, any bracket of [`note_close`],
    /// an unclosed `相9退7（退相`): when the move reads without the bracket, the move so read and the
    /// bracket's text, which becomes its comment. `None` otherwise. A bracket naming a
    /// 困毙 is the notation's own and is never a note.
    #[cold]
    #[inline(never)]
    fn noted_move(
        &mut self,
        li: usize,
        chars: &[char],
        a: usize,
    ) -> Option<(Vec<char>, MoveTok, String)> {
        let (open, close_char) = chars
            .iter()
            .enumerate()
            .skip(1)
            .find_map(|(j, &c)| note_close(c).map(|close| (j, close)))?;
        let inner_end = chars
            .get(open + 1..)
            .and_then(|r| r.iter().position(|&c| c == close_char))
            .map(|k| open + 1 + k);
        let inner = chars
            .get(open + 1..inner_end.unwrap_or(chars.len()))
            .unwrap_or(&[]);
        // a note holds words: no number (so no move), no marker or 困毙 (the notation's own bracket),
        // and comes after a move that reads without it
        let after_close = inner_end.map_or(&[][..], |e| chars.get(e + 1..).unwrap_or(&[]));
        if inner.iter().any(|c| {
            matches!(
                c,
                '困' | '毙' | '灭' | '汉' | '胜' | '负' | '和' | '认' | '#' | '='
            )
        }) || !after_close.iter().all(|&c| is_space(c))
            || notation::parse_move(chars.get(..open).unwrap_or(&[])).is_err()
            || inner.iter().any(char::is_ascii_digit)
            || !inner.iter().any(|c| c.is_alphabetic())
        {
            return None;
        }
        let mut cleaned: Vec<char> = chars.get(..open).unwrap_or(&[]).to_vec();
        if let Some(e) = inner_end {
            cleaned.extend(chars.get(e + 1..).unwrap_or(&[]).iter().copied());
        }
        while cleaned.last().is_some_and(|&c| is_space(c)) {
            cleaned.pop();
        }
        let tok = notation::parse_move(&cleaned).ok()?;
        let ln = self.line_no(li);
        let col = a + open;
        self.note_seen(ln, col);
        if inner_end.is_none() {
            self.sink.warning(
                code::UNCLOSED_COMMENT,
                ln,
                col as u32 + 1,
                format!(
                    "{:?} is never closed; the note runs to the end of the move",
                    chars.get(open).copied().unwrap_or('(')
                ),
            );
        }
        let text: String = inner.iter().collect();
        Some((cleaned, tok, text.trim().to_string()))
    }

    /// A move written otherwise than the notation writes it (at column `col`): its notation with the
    /// piece's name the notation's (`象7进9` → `相7进9`), the sides' names in characters (`Wei9退1` → `魏9退1`), its markers in the notation's marks
    /// (`车1平17灭吴` → `车1平17#吴`) and its numerals Arabic (`马六进五` → `马6进5`), each reported
    /// at the first of the game.
    #[cold]
    #[inline(never)]
    fn rewritten(&mut self, ln: u32, col: u32, tok: &MoveTok, chars: &[char]) -> String {
        let named;
        let chars = if tok.alias {
            named = self.alias_move(ln, col, tok, chars);
            &named[..]
        } else {
            chars
        };
        let written;
        let chars = if tok.pinyin {
            written = self.pinyin_move(ln, col, chars);
            &written[..]
        } else {
            chars
        };
        let marked;
        let chars = if tok.words {
            marked = self.words_move(ln, col, chars);
            &marked[..]
        } else {
            chars
        };
        if tok.numerals {
            return self.numerals_read(ln, col, tok, chars);
        }
        chars.iter().collect()
    }

    /// A move with a piece written with another of its names (`象7进9`, at column `col`): written
    /// with the notation's name (`相7进9`), reported at the first place of each name in the game.
    #[cold]
    #[inline(never)]
    fn alias_move(&mut self, ln: u32, col: u32, tok: &MoveTok, chars: &[char]) -> Vec<char> {
        let mut written = chars.to_vec();
        let at = tok.piece_at();
        if let (Some(slot), Some(kind)) = (written.get_mut(at), tok.kind) {
            let alias = *slot;
            let name = kind.name();
            *slot = name.chars().next().unwrap_or(alias);
            if !self.seen_aliases.contains(&alias) {
                self.seen_aliases.push(alias);
                self.sink.info(
                    code::PIECE_ALIAS,
                    ln,
                    col + at as u32,
                    format!("{alias} read as {name}"),
                );
            }
        }
        written
    }

    /// A move with side names in pinyin (`车1平17#Wu`, at column `col`): written with the sides'
    /// characters, reported at the first place of the game.
    #[cold]
    #[inline(never)]
    fn pinyin_move(&mut self, ln: u32, col: u32, chars: &[char]) -> Vec<char> {
        let (written, at) = notation::pinyin_written(chars);
        let text: String = chars.iter().collect();
        let read: String = written.iter().collect();
        self.pinyin_read(ln, col + at as u32, &text, &read);
        written
    }

    /// A move with markers in words (`车1平17灭吴`, at column `col`): written with the notation's marks,
    /// reported at the first of the game.
    #[cold]
    #[inline(never)]
    fn words_move(&mut self, ln: u32, col: u32, chars: &[char]) -> Vec<char> {
        let (written, at) = notation::words_written(chars);
        if !self.seen_words {
            self.seen_words = true;
            let text: String = chars.iter().collect();
            let read: String = written.iter().collect();
            self.sink.info(
                code::MARKER_WORDS,
                ln,
                col + at as u32,
                format!("a marker written in words: {text:?} read as {read:?}"),
            );
        }
        written
    }

    /// A move with Chinese numerals: its notation written with Arabic ones, reported at the first
    /// of the game.
    #[cold]
    #[inline(never)]
    fn numerals_read(&mut self, ln: u32, col: u32, tok: &MoveTok, chars: &[char]) -> String {
        let mut notation = String::with_capacity(chars.len() * 3);
        tok.write_arabic(chars, &mut notation);
        if !self.seen_numerals {
            self.seen_numerals = true;
            self.sink.info(
                code::NUMERALS,
                ln,
                col,
                "Chinese numerals read as file and step numbers (stored in Arabic numerals)",
            );
        }
        notation
    }
}
