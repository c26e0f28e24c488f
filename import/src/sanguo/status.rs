//! The closing status line (the notation's §7's words and others), and a status word above the moves read
//! as the title.

use std::collections::BTreeMap;

use super::code;
use super::game::TitleEvent;
use super::geometry::Side;
use super::state::State;
use super::title;

impl State<'_> {
    /// Whether the game has its status line already (and a warning for this second one).
    fn second_status(&mut self, ln: u32, start: usize) -> bool {
        if self.status_line.is_none() {
            return false;
        }
        self.sink.warning(
            code::STATUS,
            ln,
            start as u32 + 1,
            "a second status line; the first one is kept",
        );
        true
    }

    /// A line with a status word above the moves that reads as a title naming a winner and at
    /// most one side's status (`魏胜利`, `魏杀汉·魏胜利`): the title, its result the winner's (a
    /// title line above the moves, as the notation's §8 heads a game; the status line of §7 closes it).
    /// True when read so (info `sanguo.title-form`).
    #[cold]
    #[inline(never)]
    pub(super) fn title_above(&mut self, li: usize, start: usize, text: &str) -> bool {
        if title::parse_status(text).0.len() > 1 {
            return false;
        }
        let (read, _, pinyin) = title::read_title_sides(text);
        let Ok(events) = read else {
            return false;
        };
        if !events.iter().any(|e| matches!(e, TitleEvent::Win { .. })) {
            return false;
        }
        let ln = self.line_no(li);
        let cleaned = match pinyin {
            Some(p) => {
                let read_as = title::clean_title(&p);
                self.pinyin_read(ln, start as u32 + 1, text.trim(), &read_as);
                read_as
            }
            None => title::clean_title(text),
        };
        self.sink.info(
            code::TITLE_FORM,
            ln,
            start as u32 + 1,
            format!(
                "{:?} above the moves read as the title (its result the winner's), not as the closing status line",
                text.trim()
            ),
        );
        self.body_title = Some((cleaned, ln));
        true
    }

    pub(super) fn status(&mut self, li: usize, start: usize, text: &str) {
        let ln = self.line_no(li);
        if self.second_status(ln, start) {
            return;
        }
        // `Wu[认负] Wei[胜利] Shu[认负]`: the sides in pinyin; `东吴[认负]`: other names
        let kingdom = title::kingdom_names(text);
        let pinyin = match &kingdom {
            Some(k) => title::pinyin_sides(k).or_else(|| Some(k.clone())),
            None => title::pinyin_sides(text),
        };
        if let Some(p) = &pinyin {
            self.pinyin_read(ln, start as u32 + 1, text.trim(), p.trim());
        }
        let text = pinyin.as_deref().unwrap_or(text);
        // `结果：吴[认负] …`, `Result: …`: a key before the statuses
        let text = match status_key(text) {
            Some(k) => {
                self.sink.info(
                    code::STATUS_KEY,
                    ln,
                    start as u32 + 1,
                    format!(
                        "status line opened by {:?}; the statuses read after it",
                        text.get(..k).unwrap_or_default().trim_end()
                    ),
                );
                text.get(k..).unwrap_or_default()
            }
            None => text,
        };
        let (mut map, mut leftover) = title::parse_status(text);
        // `吴认负 魏胜 蜀认负`: the notation's words mixed with others
        if leftover && let Some(short) = title::parse_status_short(text) {
            self.status_form(ln, start, text, short);
            return;
        }
        // `吴（孙策）认负 魏（曹操）胜利`: the players named after their sides
        if leftover && let Some((named, players)) = status_players(text) {
            let (m, l) = title::parse_status(&named);
            if !l {
                self.status_players_read(ln, start, players);
                (map, leftover) = (m, l);
            } else if let Some(short) = title::parse_status_short(&named) {
                self.status_players_read(ln, start, players);
                self.status_form(ln, start, &named, short);
                return;
            }
        }
        if leftover {
            self.sink.warning(
                code::STATUS,
                ln,
                start as u32 + 1,
                format!("part of the status line {text:?} cannot be read"),
            );
        }
        self.game.status = map;
        self.status_line = Some(ln);
    }
}

impl State<'_> {
    /// A status line in other words than the notation's five ([`title::parse_status_short`]: `吴负
    /// 魏胜 蜀负`, `Wu eliminated, Wei wins, Shu resigns`, `吴国：认输`), side names in pinyin and a
    /// key before it read as [`State::status`] reads them: true when the line is one (then read).
    #[cold]
    #[inline(never)]
    pub(super) fn short_status(&mut self, li: usize, start: usize, text: &str) -> bool {
        if text.contains(['进', '退', '平']) {
            return false;
        }
        let kingdom = title::kingdom_names(text);
        let pinyin = match &kingdom {
            Some(k) => title::pinyin_sides(k).or_else(|| Some(k.clone())),
            None => title::pinyin_sides(text),
        };
        let sided = pinyin.as_deref().unwrap_or(text);
        let key = status_key(sided);
        let statuses = sided.get(key.unwrap_or(0)..).unwrap_or_default();
        let named = status_players(statuses);
        let Some(map) = title::parse_status_short(statuses).or_else(|| {
            named
                .as_ref()
                .and_then(|(n, _)| title::parse_status_short(n))
        }) else {
            return false;
        };
        let ln = self.line_no(li);
        if self.second_status(ln, start) {
            return true;
        }
        if let Some(p) = &pinyin {
            self.pinyin_read(ln, start as u32 + 1, text.trim(), p.trim());
        }
        if title::parse_status_short(statuses).is_none()
            && let Some((_, players)) = named
        {
            self.status_players_read(ln, start, players);
        }
        if let Some(k) = key {
            self.sink.info(
                code::STATUS_KEY,
                ln,
                start as u32 + 1,
                format!(
                    "status line opened by {:?}; the statuses read after it",
                    sided.get(..k).unwrap_or_default().trim_end()
                ),
            );
        }
        self.status_form(ln, start, statuses, map);
        true
    }

    /// The players named in a status line (`吴（孙策）认负`): each side's name where the tags name
    /// none and no line of players did, and the line's info.
    #[cold]
    #[inline(never)]
    fn status_players_read(&mut self, ln: u32, start: usize, players: [Option<String>; 3]) {
        for (slot, name) in self.body_players.iter_mut().zip(players) {
            if slot.is_none() {
                *slot = name;
            }
        }
        self.sink.info(
            code::STATUS_PLAYERS,
            ln,
            start as u32 + 1,
            "players named in brackets after their sides in the status line, read as the sides' \
             players where the tags name none",
        );
    }

    /// Stores a status line read by [`title::parse_status_short`] (`written`, at `start`) and
    /// reports it: a bare loss is kept as 认负 until the moves say whether the side was eliminated.
    #[cold]
    #[inline(never)]
    fn status_form(
        &mut self,
        ln: u32,
        start: usize,
        written: &str,
        mut map: BTreeMap<String, String>,
    ) {
        for s in Side::PLAYERS {
            if let Some(v) = map.get_mut(s.name())
                && v == title::LOSS
            {
                *v = "认负".to_string();
                self.status_loss |= 1 << s as u8;
            }
        }
        let read: Vec<String> = Side::PLAYERS
            .iter()
            .filter_map(|s| {
                map.get(s.name())
                    .map(|v| match self.status_loss >> *s as u8 & 1 {
                        1 => format!("{}[认负/灭国]", s.name()),
                        _ => format!("{}[{v}]", s.name()),
                    })
            })
            .collect();
        let loss = if self.status_loss != 0 {
            " (a bare loss is 认负, or 灭国 when the moves eliminate the side)"
        } else {
            ""
        };
        self.sink.info(
            code::STATUS_FORM,
            ln,
            start as u32 + 1,
            format!(
                "status line {:?} read in the notation's words as {}{loss}",
                written.trim(),
                read.join(" ")
            ),
        );
        self.game.status = map;
        self.status_line = Some(ln);
    }
}

/// A status line with each side's player in brackets after the side (`吴(孙策)认负 魏(曹操)胜利`,
/// `吴国(孙策):认负`): the line without the brackets, and the names by side. `None` when it has
/// none (a bracket holding a status word or a number is no name).
#[cold]
#[inline(never)]
fn status_players(text: &str) -> Option<(String, [Option<String>; 3])> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut names: [Option<String>; 3] = [None, None, None];
    let mut any = false;
    let mut k = 0;
    // the first `)` from the last bracket looked at on, found once for all the brackets before it
    let mut close = None;
    while let Some(&c) = chars.get(k) {
        out.push(c);
        k += 1;
        let Some(sd) = Side::from_char(c).filter(|&s| s != Side::Han) else {
            continue;
        };
        // (`吴国(孙策)`: the 国 is read past, as the status line reads it)
        let mut open = k;
        if chars.get(open).is_some_and(|&c| c == '国' || c == '方') {
            open += 1;
        }
        if chars.get(open) != Some(&'(') {
            continue;
        }
        let Some(cl) = next_close(&chars, open + 1, &mut close) else {
            continue;
        };
        // (a bracket holding only white space, or a status word or a number, holds no name)
        let after_open = |p: Option<usize>| p.is_some_and(|p| p > open);
        if !after_open(cl.last_text) || after_open(cl.last_status) {
            continue;
        }
        let len = cl.at - open - 1;
        let name: String = chars
            .get(open + 1..open + 1 + len)
            .unwrap_or(&[])
            .iter()
            .collect();
        let name = name.trim();
        if let Some(slot) = names.get_mut(sd as usize) {
            *slot = Some(name.to_string());
        }
        any = true;
        k = open + len + 2;
    }
    any.then_some((out, names))
}

/// The first `)` after a side's `(` in a status line, and what the brackets before it hold: the
/// last character that is not white space, and the start of the last status word (`胜`, `负`,
/// `和`, `输`, a digit, or a word of [`title::STATUSES`]). Each is known for every `(` from the
/// one it was found for on, by its index: what a bracket opened at `open` holds is what lies
/// after `open`.
#[derive(Clone, Copy)]
struct Close {
    at: usize,
    last_text: Option<usize>,
    last_status: Option<usize>,
}

/// The [`Close`] of the brackets opened before `from`, by way of `found`, the answer for a `from`
/// no later than this one (`Some(None)`: no `)` after it): each part of the line is scanned once
/// however many brackets it follows, as `from` only grows.
fn next_close(chars: &[char], from: usize, found: &mut Option<Option<Close>>) -> Option<Close> {
    match *found {
        Some(Some(c)) if c.at >= from => return Some(c),
        Some(None) => return None,
        _ => {}
    }
    let mut last_text = None;
    let mut last_status = None;
    let mut at = None;
    for (i, &c) in chars.iter().enumerate().skip(from) {
        if c == ')' {
            at = Some(i);
            break;
        }
        if !c.is_whitespace() {
            last_text = Some(i);
        }
        // (a status word holds no `)`: one that starts before the `)` ends before it)
        if matches!(c, '胜' | '负' | '和' | '输')
            || c.is_ascii_digit()
            || title::STATUSES.iter().any(|w| starts_with(chars, i, w))
        {
            last_status = Some(i);
        }
    }
    crate::work::examined(at.map_or(chars.len().saturating_sub(from), |i| i + 1 - from));
    let close = at.map(|at| Close {
        at,
        last_text,
        last_status,
    });
    *found = Some(close);
    close
}

/// Whether `word` is written at index `i` of `chars`.
fn starts_with(chars: &[char], i: usize, word: &str) -> bool {
    (i..)
        .zip(word.chars())
        .all(|(k, w)| chars.get(k) == Some(&w))
}

/// The length of a key opening a status line (`结果：`, `最终结果:`, `终局 -`, `Result:`), up to
/// and with its mark, when the line has one.
fn status_key(text: &str) -> Option<usize> {
    const KEYS: [&str; 12] = [
        "最终结果",
        "终局结果",
        "比赛结果",
        "结果",
        "终局",
        "最终",
        "状态",
        "战果",
        "result",
        "results",
        "status",
        "final",
    ];
    // (most status lines open with a side or a bracket: no key to look for)
    if text.starts_with(['吴', '魏', '蜀', '[', '(']) {
        return None;
    }
    let key = KEYS.iter().find(|k| {
        text.get(..k.len())
            .is_some_and(|t| t.eq_ignore_ascii_case(k))
    })?;
    let rest = text.get(key.len()..)?;
    let trimmed = rest.trim_start();
    let mark = trimmed.strip_prefix([':', '-', '='])?;
    Some(text.len() - mark.trim_start().len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`status_players`] as it was before each bracket's `)` and contents were found once for
    /// the brackets before it: every bracket read to its `)` again.
    fn status_players_rescanning(text: &str) -> Option<(String, [Option<String>; 3])> {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        let mut names: [Option<String>; 3] = [None, None, None];
        let mut any = false;
        let mut k = 0;
        while let Some(&c) = chars.get(k) {
            out.push(c);
            k += 1;
            let Some(sd) = Side::from_char(c).filter(|&s| s != Side::Han) else {
                continue;
            };
            let mut open = k;
            if chars.get(open).is_some_and(|&c| c == '国' || c == '方') {
                open += 1;
            }
            if chars.get(open) != Some(&'(') {
                continue;
            }
            let Some(len) = chars
                .get(open + 1..)
                .and_then(|r| r.iter().position(|&c| c == ')'))
            else {
                continue;
            };
            let name: String = chars
                .get(open + 1..open + 1 + len)
                .unwrap_or(&[])
                .iter()
                .collect();
            let name = name.trim();
            let statusy = title::STATUSES.iter().any(|w| name.contains(w))
                || name.contains(['胜', '负', '和', '输'])
                || name.chars().any(|c| c.is_ascii_digit());
            if name.is_empty() || statusy {
                continue;
            }
            if let Some(slot) = names.get_mut(sd as usize) {
                *slot = Some(name.to_string());
            }
            any = true;
            k = open + len + 2;
        }
        any.then_some((out, names))
    }

    /// The names read finding each `)` once are those read rescanning, over lines of sides,
    /// brackets, names, status words, digits and white space.
    #[test]
    fn status_players_reads_as_the_rescanning_one() {
        const PIECES: [&str; 18] = [
            "吴", "魏", "蜀", "汉", "国", "方", "(", ")", " ", "孙策", "曹", "胜", "负", "灭国",
            "认负", "灭", "7", "判和",
        ];
        let mut rng = crate::work::Rng::new(0x9e37_79b9_7f4a_7c15_u64);
        for _ in 0..40_000 {
            let line = rng.text(&PIECES, 14);
            assert_eq!(
                status_players(&line),
                status_players_rescanning(&line),
                "{line:?}"
            );
        }
    }
}
