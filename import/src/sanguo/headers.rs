//! Header lines in the body: `key：value` lines, lines of players, end marks and rules.

use super::chars::{has_action, is_space, names_no_player};
use super::code;
use super::geometry::Side;
use super::state::State;
use super::title;

impl State<'_> {
    /// A line of players (`吴：陆逊　魏：司马懿`, `Wu: Zhou Yu  Wei: Cao Cao`): each side's name
    /// where the tags name none, and the line's info.
    #[cold]
    #[inline(never)]
    fn players_line(&mut self, names: [Option<String>; 3], ln: u32, col: u32) {
        for (slot, name) in self.body_players.iter_mut().zip(names) {
            if slot.is_none() {
                *slot = name;
            }
        }
        self.sink.info(
            code::HEADER_LINE,
            ln,
            col,
            "a line of players in the body, read as the sides' players where the tags name none",
        );
    }

    /// A line that is no notation but that a reader passes over: a header line (`赛事：三国杯`;
    /// `吴：孙策 魏：曹操 蜀：刘备` gives the players), an end mark (`（完）`), a line of punctuation
    /// (`----`). With `known`, only header lines with a known key (or side names) are taken, as
    /// this is asked before the title; without it, any `key：value` line is. Reported as infos.
    #[cold]
    #[inline(never)]
    pub(super) fn other_line(&mut self, ln: u32, start: usize, text: &str, known: bool) -> bool {
        let col = start as u32 + 1;
        let bare: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_ascii_punctuation() && *c != '…' && *c != '·')
            .collect();
        // a rule: three or more of one mark (`---`, `====`, `***`)
        let mut marks = text.chars().filter(|c| !c.is_whitespace());
        let rule = marks.next().is_some_and(|m| {
            matches!(m, '-' | '=' | '_' | '*' | '~' | '#' | '—' | '─')
                && text.chars().filter(|c| !c.is_whitespace()).count() >= 3
                && marks.all(|c| c == m)
        });
        if !known
            && (rule
                || matches!(
                    bare.as_str(),
                    "完" | "终"
                        | "全局完"
                        | "全局终"
                        | "终局"
                        | "完局"
                        | "本局完"
                        | "end"
                        | "END"
                        | "End"
                ))
        {
            self.sink.info(
                code::IGNORED_LINE,
                ln,
                col,
                format!("{text:?} read as no part of the record (an end mark or a rule)"),
            );
            return true;
        }
        // `吴：孙策　魏：曹操　蜀：刘备` (`东吴：孙权`: other names of the kingdoms)
        let kingdom = title::kingdom_names(text);
        let labelled = kingdom.as_deref().unwrap_or(text);
        let mut names: [Option<String>; 3] = [None, None, None];
        let mut chars = labelled.chars().peekable();
        let mut all_named = true;
        let mut any = false;
        while let Some(c) = chars.next() {
            if c.is_whitespace() || c == ',' || c == ';' {
                continue;
            }
            let Some(sd) = Side::from_char(c).filter(|&s| s != Side::Han) else {
                all_named = false;
                break;
            };
            if chars.peek().is_some_and(|&c| c == '方' || c == '国') {
                chars.next();
            }
            if chars.next() != Some(':') {
                all_named = false;
                break;
            }
            let mut name = String::new();
            while let Some(&n) = chars.peek() {
                if n.is_whitespace() || n == ',' || n == ';' {
                    break;
                }
                name.push(n);
                chars.next();
            }
            // (`蜀：（轮空）`, `魏：……`: a side's entry, no player's name)
            if name.is_empty() || names_no_player(&name) {
                all_named = false;
                break;
            }
            any = true;
            if let Some(slot) = names.get_mut(sd as usize) {
                *slot = Some(name);
            }
        }
        if any && all_named {
            if let Some(k) = &kingdom {
                self.pinyin_read(ln, col, text, k);
            }
            self.players_line(names, ln, col);
            return true;
        }
        // `Wu: Zhou Yu  Wei: Cao Cao  Shu: Liu Bei`: the sides in pinyin (names with spaces)
        if let Some((names, read)) = pinyin_players(labelled) {
            self.pinyin_read(ln, col, text, &read);
            self.players_line(names, ln, col);
            return true;
        }
        let Some((key, value)) = text.split_once(':') else {
            return false;
        };
        let key = key.trim();
        const KEYS: [&str; 16] = [
            "赛事",
            "比赛",
            "日期",
            "时间",
            "地点",
            "记录",
            "记谱",
            "记录者",
            "备注",
            "注",
            "来源",
            "轮次",
            "对局",
            "棋手",
            "裁判",
            "说明",
        ];
        let header = if known {
            KEYS.contains(&key)
        } else {
            let n = key.chars().count();
            (1..=6).contains(&n)
                && !key
                    .chars()
                    .any(|c| c.is_ascii_digit() || matches!(c, '进' | '退' | '平'))
        };
        // (`蜀：（轮空）`: a side's 轮空, no header)
        let side_key = {
            let mut cs = key.chars();
            cs.next().and_then(Side::from_char).is_some() && matches!(cs.as_str(), "" | "方" | "国")
        };
        if !header || value.trim().is_empty() || (side_key && names_no_player(value.trim())) {
            return false;
        }
        self.sink.info(
            code::HEADER_LINE,
            ln,
            col,
            format!("{text:?} read as a header line, no part of the notation"),
        );
        true
    }
}

/// A line of players labelled with the sides' names in pinyin, `Wu: Zhou Yu  Wei: Cao Cao  Shu:
/// Liu Bei` (or one side a line, `Wei: 曹操`): each label a whole word `Wu`, `Wei` or `Shu` (any
/// case, tone marks) followed by `:`, the first one opening the line; a name runs to the next
/// label (pinyin names have spaces: `Wu: Han Dang` is 韩当, `Han` being no label without its
/// colon). Every name must be there, and look like one: not beginning with a small letter
/// (`Wu: resigned` is no player). The names by side, and the line with the labels written as
/// characters.
#[cold]
#[inline(never)]
fn pinyin_players(text: &str) -> Option<([Option<String>; 3], String)> {
    // (no Latin letter a label begins with: nothing to look for)
    if !text.starts_with(['W', 'w', 'S', 's']) {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    // (label start, index after its colon, side)
    let mut labels: Vec<(usize, usize, Side)> = Vec::new();
    let mut k = 0;
    let mut prev = ' ';
    while let Some(&c) = chars.get(k) {
        if !(Side::is_latin(c) && (is_space(prev) || matches!(prev, ',' | ';'))) {
            prev = c;
            k += 1;
            continue;
        }
        let len = chars
            .get(k..)
            .unwrap_or(&[])
            .iter()
            .position(|&c| !Side::is_latin(c))
            .unwrap_or(chars.len() - k);
        let word: String = chars.get(k..k + len).unwrap_or(&[]).iter().collect();
        let mut j = k + len;
        while chars.get(j).is_some_and(|&c| is_space(c)) {
            j += 1;
        }
        if let Some(sd) = Side::from_pinyin(&word)
            && chars.get(j) == Some(&':')
        {
            if sd == Side::Han {
                return None;
            }
            labels.push((k, j + 1, sd));
            prev = ':';
            k = j + 1;
            continue;
        }
        prev = chars.get(k + len - 1).copied().unwrap_or(c);
        k += len;
    }
    if labels.first().is_none_or(|l| l.0 != 0) {
        return None;
    }
    let mut names: [Option<String>; 3] = [None, None, None];
    let mut read = String::new();
    for (n, &(_, after, sd)) in labels.iter().enumerate() {
        let end = labels.get(n + 1).map_or(chars.len(), |l| l.0);
        let name: String = chars.get(after..end).unwrap_or(&[]).iter().collect();
        let name = name.trim_matches(|c: char| is_space(c) || matches!(c, ',' | ';'));
        if name.is_empty()
            || name.starts_with(|c: char| c.is_ascii_lowercase())
            || has_action(&name.chars().collect::<Vec<_>>())
        {
            return None;
        }
        if !read.is_empty() {
            read.push(' ');
        }
        read.push_str(sd.name());
        read.push_str(": ");
        read.push_str(name);
        if let Some(slot) = names.get_mut(sd as usize) {
            *slot = Some(name.to_string());
        }
    }
    Some((names, read))
}
