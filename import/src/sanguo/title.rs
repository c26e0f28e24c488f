//! Titles (`魏杀汉·魏灭吴·魏胜`, `蜀吴盟·…`, `X困X`, `X灭AB`, `魏胜局`, `和棋局`, `吴灭魏·吴蜀和`) and the
//! closing status line (`[胜利] [灭国] [认负]` in 吴 魏 蜀 order, or with side names).

use std::collections::BTreeMap;

use super::TitleEvent;
use super::geometry::Side;

/// Width-folded, simplified, ASCII-lower-cased (as `text::fold`, with a fast path for the characters
/// titles use).
fn fold(s: &str) -> String {
    s.chars()
        .map(|c| super::notation::norm_char(c).0.to_ascii_lowercase())
        .collect()
}

fn sides_of(s: &str) -> Option<Vec<String>> {
    let mut v = Vec::new();
    for c in s.chars() {
        match Side::from_char(c) {
            Some(sd) if sd != Side::Han => v.push(sd.name().to_string()),
            _ => return None,
        }
    }
    (!v.is_empty()).then_some(v)
}

fn all_sides() -> Vec<String> {
    Side::PLAYERS.iter().map(|s| s.name().to_string()).collect()
}

/// Strips a `标题:`-like prefix and surrounding quotes from a title, folded to simplified,
/// half-width form.
pub(crate) fn clean_title(s: &str) -> String {
    let f = fold(s);
    let mut t = f.trim();
    for p in ["标题", "题目", "title"] {
        if let Some(r) = t.strip_prefix(p) {
            t = r.trim_start().trim_start_matches([':', '=']).trim();
        }
    }
    t.trim_matches(|c: char| {
        matches!(
            c,
            '"' | '“' | '”' | '《' | '》' | '「' | '」' | '\'' | '[' | ']'
        )
    })
    .trim()
    .to_string()
}

/// One part of a title (between `·`).
fn part(p: &str) -> Option<Vec<TitleEvent>> {
    let p = p.trim();
    if matches!(p, "和棋局" | "和棋" | "和局" | "三方和" | "三方和棋") {
        return Some(vec![TitleEvent::Draw { sides: all_sides() }]);
    }
    if let Some(s) = p.strip_suffix("盟") {
        let v = sides_of(s)?;
        if let [a, b] = v.as_slice() {
            return Some(vec![TitleEvent::Alliance {
                by: a.clone(),
                with: b.clone(),
            }]);
        }
        return None;
    }
    if let Some(s) = p.strip_suffix("杀汉") {
        let v = sides_of(s)?;
        if let [a] = v.as_slice() {
            return Some(vec![TitleEvent::KillHan { by: a.clone() }]);
        }
        return None;
    }
    for w in ["胜局", "胜利", "胜"] {
        if let Some(s) = p.strip_suffix(w) {
            let v = sides_of(s)?;
            return Some(v.into_iter().map(|side| TitleEvent::Win { side }).collect());
        }
    }
    for w in ["和棋", "和局", "和"] {
        if let Some(s) = p.strip_suffix(w) {
            let v = sides_of(s)?;
            return (v.len() >= 2).then_some(vec![TitleEvent::Draw { sides: v }]);
        }
    }
    for (w, stalemate) in [("灭", false), ("困", true)] {
        if let Some((a, b)) = p.split_once(w) {
            let by = sides_of(a)?;
            let sides = sides_of(b)?;
            let [by] = by.as_slice() else { return None };
            if stalemate {
                let [side] = sides.as_slice() else {
                    return None;
                };
                return Some(vec![TitleEvent::Stalemate {
                    by: by.clone(),
                    side: side.clone(),
                }]);
            }
            return Some(vec![TitleEvent::Eliminate {
                by: by.clone(),
                sides,
            }]);
        }
    }
    None
}

/// Parses a title into events. `Err` carries the first part that could not be read.
pub(crate) fn parse_title(s: &str) -> Result<Vec<TitleEvent>, String> {
    let t = clean_title(s);
    if t.is_empty() {
        return Err(String::new());
    }
    let mut out = Vec::new();
    for p in t.split(['·', '/', '|']) {
        if p.trim().is_empty() {
            continue;
        }
        match part(p) {
            Some(ev) => out.extend(ev),
            None => return Err(p.trim().to_string()),
        }
    }
    if out.is_empty() { Err(t) } else { Ok(out) }
}

/// A title written otherwise than seed §8, as other transcribers write one: a result prefix
/// (`结果：魏胜`), spaces inside a part (`魏 胜`), other separators (`，`, `、`, `；`, spaces, dashes
/// `—` `–` and arrows `→` `>`: `魏杀汉—魏灭吴—魏胜`, `魏杀汉→魏胜`),
/// `国` after a side (`魏国胜`), the passive (`汉被魏所杀`, `吴被魏灭`, `魏被蜀困毙`), the winner
/// named after a word (`胜者：魏`, `胜方：魏`, `获胜方:魏`) or before one (`魏获胜`, `魏胜出`).
/// Only read when [`parse_title`] fails. `Err` carries the first part that could not be read.
pub(crate) fn parse_title_loose(s: &str) -> Result<Vec<TitleEvent>, String> {
    let mut t = clean_title(s);
    for p in ["比赛结果", "对局结果", "结果", "赛果", "结局"] {
        if let Some(r) = t.strip_prefix(p) {
            t = r
                .trim_start()
                .trim_start_matches([':', '='])
                .trim()
                .to_string();
        }
    }
    // `国` after a side's name
    let mut u = String::with_capacity(t.len());
    let mut prev = ' ';
    for c in t.chars() {
        if !(c == '国' && matches!(prev, '吴' | '魏' | '蜀')) {
            u.push(c);
        }
        prev = c;
    }
    let tokens: Vec<&str> = u
        .split(|c: char| {
            matches!(
                c,
                '·' | '/' | '|' | ',' | ';' | '-' | '—' | '–' | '―' | '→' | '>' | '⇒'
            ) || c.is_whitespace()
        })
        .filter(|p| !p.is_empty())
        .collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        // the shortest run of tokens from `k` that reads (`魏 胜` is one part written apart)
        let mut joined = String::new();
        let mut read = None;
        for (j, tok) in tokens.iter().enumerate().skip(k) {
            joined.push_str(tok);
            if let Some(ev) = part(&joined).or_else(|| loose_part(&joined)) {
                read = Some((j, ev));
                break;
            }
        }
        match read {
            Some((j, ev)) => {
                out.extend(ev);
                k = j + 1;
            }
            None => return Err(tokens.get(k).copied().unwrap_or_default().to_string()),
        }
    }
    if out.is_empty() { Err(t) } else { Ok(out) }
}

/// The passive and the winner's words of [`parse_title_loose`].
fn loose_part(p: &str) -> Option<Vec<TitleEvent>> {
    let one = |s: &str| -> Option<String> {
        match sides_of(s)?.as_slice() {
            [a] => Some(a.clone()),
            _ => None,
        }
    };
    for w in ["获胜方", "胜利方", "胜利者", "胜者", "胜方", "赢家", "赢方"] {
        if let Some(r) = p.strip_prefix(w) {
            let v = sides_of(r.trim_start_matches([':', '=', '为', '是']))?;
            return Some(v.into_iter().map(|side| TitleEvent::Win { side }).collect());
        }
    }
    for w in ["获胜", "胜出", "赢"] {
        if let Some(s) = p.strip_suffix(w) {
            let v = sides_of(s)?;
            return Some(v.into_iter().map(|side| TitleEvent::Win { side }).collect());
        }
    }
    // `Y被X所杀`, `Y被X灭`, `Y被X困毙`
    let (victim, rest) = p.split_once('被')?;
    let rest = rest.replacen('所', "", 1);
    for (w, kind) in [("杀", 0), ("困毙", 2), ("困", 2), ("灭", 1)] {
        if let Some(by) = rest.strip_suffix(w) {
            let by = one(by)?;
            return match kind {
                0 if victim == "汉" => Some(vec![TitleEvent::KillHan { by }]),
                1 => Some(vec![TitleEvent::Eliminate {
                    by,
                    sides: sides_of(victim)?,
                }]),
                2 => Some(vec![TitleEvent::Stalemate {
                    by,
                    side: one(victim)?,
                }]),
                _ => None,
            };
        }
    }
    None
}

/// `s` with each side's name written in pinyin as a whole word (no Latin letter next to it:
/// [`Side::from_pinyin`]) written as its character: `Wei杀Han·Wei胜` → `魏杀汉·魏胜`,
/// `Wu[认负] Wei[胜利] Shu[认负]` → `吴[认负] 魏[胜利] 蜀[认负]`. `None` when it has none.
pub(crate) fn pinyin_sides(s: &str) -> Option<String> {
    // (most lines have no letter a name begins with: nothing to look for)
    if !s
        .bytes()
        .any(|b| matches!(b, b'w' | b'W' | b's' | b'S' | b'h' | b'H'))
    {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut any = false;
    let mut rest = s;
    while let Some(start) = rest.find(Side::is_latin) {
        let (before, word) = rest.split_at(start);
        out.push_str(before);
        let len = word
            .find(|c: char| !Side::is_latin(c))
            .unwrap_or(word.len());
        let (word, after) = word.split_at(len);
        match Side::from_pinyin(word) {
            Some(sd) => {
                out.push_str(sd.name());
                any = true;
            }
            None => out.push_str(word),
        }
        rest = after;
    }
    out.push_str(rest);
    any.then_some(out)
}

/// The five statuses of seed 002 §7.
pub(crate) const STATUSES: [&str; 5] = ["超时判负", "强制判和", "胜利", "灭国", "认负"];

/// True when a (folded) line reads as a closing status line.
pub(crate) fn is_status_line(line: &str) -> bool {
    !line.contains("困毙") && STATUSES.iter().any(|s| line.contains(s))
}

/// Reads a status line: each status word goes to the side named just before it, or else to the
/// next side in 吴 魏 蜀 order. Returns the map and whether anything was left over.
pub(crate) fn parse_status(line: &str) -> (BTreeMap<String, String>, bool) {
    let mut map = BTreeMap::new();
    let mut next_pos = 0usize;
    let mut pending: Option<Side> = None;
    let mut rest = line;
    let mut leftover = false;
    while !rest.is_empty() {
        if let Some(w) = STATUSES.iter().find(|w| rest.starts_with(**w)) {
            let side = match pending.take() {
                Some(s) => Some(s),
                None => {
                    let s = Side::PLAYERS
                        .iter()
                        .skip(next_pos)
                        .find(|s| !map.contains_key(s.name()))
                        .copied();
                    next_pos = s.map_or(3, |s| s as usize + 1);
                    s
                }
            };
            match side {
                Some(s) => {
                    map.insert(s.name().to_string(), w.to_string());
                }
                None => leftover = true,
            }
            rest = rest.get(w.len()..).unwrap_or("");
            continue;
        }
        let mut it = rest.chars();
        let Some(c) = it.next() else { break };
        match Side::from_char(c).filter(|&s| s != Side::Han) {
            Some(s) => pending = Some(s),
            None => {
                if !matches!(
                    c,
                    '[' | ']' | '(' | ')' | ' ' | ':' | ',' | '·' | '\t' | '/' | '|' | ';'
                ) {
                    leftover = true;
                }
            }
        }
        rest = it.as_str();
    }
    (map, leftover)
}
