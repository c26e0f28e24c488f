//! Titles (`魏杀汉·魏灭吴·魏胜`, `蜀吴盟·…`, `X困X`, `X灭AB`, `魏胜局`, `和棋局`, `吴灭魏·吴蜀和`) and the
//! closing status line (`[胜利] [灭国] [认负]` in 吴 魏 蜀 order, or with side names).

use std::collections::BTreeMap;

use super::game::TitleEvent;
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

/// A title written otherwise than the notation's §8, as other transcribers write one: a result prefix
/// (`结果：魏胜`), spaces inside a part (`魏 胜`), other separators (`，`, `、`, `；`, spaces, dashes
/// `—` `–` and arrows `→` `>`: `魏杀汉—魏灭吴—魏胜`, `魏杀汉→魏胜`; full stops and exclamation
/// marks: `魏杀汉.魏胜`, `魏杀汉·魏胜。`),
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
                '·' | '/'
                    | '|'
                    | ','
                    | ';'
                    | '-'
                    | '—'
                    | '–'
                    | '―'
                    | '→'
                    | '>'
                    | '⇒'
                    // (full stops and exclamation marks between or after the parts:
                    // `魏杀汉.魏胜`, `魏杀汉·魏胜。`)
                    | '.'
                    | '。'
                    | '．'
                    | '!'
                    | '！'
            ) || c.is_whitespace()
        })
        .filter(|p| !p.is_empty())
        .collect();
    let english;
    let tokens: Vec<&str> = if tokens
        .iter()
        .any(|t| t.bytes().any(|b| b.is_ascii_alphabetic()))
    {
        english = english_tokens(&tokens);
        english.iter().map(String::as_str).collect()
    } else {
        tokens
    };
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

/// English words of a title (lower-cased, the sides' names already in characters) as the
/// notation's: `wins` 胜, `kills 汉` 杀汉, `eliminates` 灭, `stalemates` 困, `draw` 和, `X allies
/// with Y` XY盟, `X and Y draw` XY和, the passive `Y eliminated by X` Y被X灭, `resigns` 认负 (no
/// event: the notation's §8 leaves out who resigns). Other tokens are kept (and then do not read).
fn english_tokens(tokens: &[&str]) -> Vec<String> {
    let verb = |t: &str| -> Option<&'static str> {
        Some(match t {
            "kills" | "killed" | "kill" | "captures" | "captured" => "杀",
            "eliminates" | "eliminated" | "eliminate" | "destroys" | "destroyed" | "destroy"
            | "conquers" | "conquered" | "conquer" | "annexes" | "annexed" | "beats" | "beat" => {
                "灭"
            }
            "stalemates" | "stalemated" | "stalemate" => "困",
            "wins" | "win" | "won" | "victory" | "victorious" | "winner" => "胜",
            "draw" | "draws" | "drawn" | "drew" => "和",
            "resigns" | "resigned" | "resign" | "concedes" | "conceded" => "认负",
            _ => return None,
        })
    };
    let is_side = |t: &str| !t.is_empty() && t.chars().all(|c| Side::from_char(c).is_some());
    let mut out: Vec<String> = Vec::with_capacity(tokens.len());
    let mut k = 0;
    while let Some(&t) = tokens.get(k) {
        let next = tokens.get(k + 1).copied().unwrap_or("");
        match t {
            // `Wu and Shu draw`, `eliminates Wu and Shu`: the sides written together
            "and" | "&" if out.last().is_some_and(|p| is_side(p)) && is_side(next) => {
                if let Some(p) = out.last_mut() {
                    p.push_str(next);
                }
                k += 1;
            }
            "allies" | "allied" | "ally" | "alliance" => {
                // `X allies with Y` (Y then 盟), `X and Y ally` (盟)
                if next == "with" && is_side(tokens.get(k + 2).copied().unwrap_or("")) {
                    out.push(tokens.get(k + 2).copied().unwrap_or("").to_string());
                    k += 2;
                }
                out.push("盟".to_string());
            }
            "draw" | "drawn" if out.last().is_none_or(|p| !is_side(p)) => {
                out.push("和棋".to_string())
            }
            _ => match verb(t) {
                // `Wu eliminated by Wei`, `Han killed by Wei`
                Some(v) if next == "by" && is_side(tokens.get(k + 2).copied().unwrap_or("")) => {
                    out.push("被".to_string());
                    out.push(tokens.get(k + 2).copied().unwrap_or("").to_string());
                    out.push(v.to_string());
                    k += 2;
                }
                Some(v) => out.push(v.to_string()),
                None => out.push(t.to_string()),
            },
        }
        k += 1;
    }
    out
}

/// True when a (cleaned) line holds an English word of a title ([`english_tokens`]): `Wei wins`
/// is a title though it has none of the notation's words.
pub(crate) fn english_title(s: &str) -> bool {
    s.split(|c: char| !c.is_ascii_alphabetic()).any(|w| {
        matches!(
            w,
            "wins"
                | "won"
                | "kills"
                | "killed"
                | "eliminates"
                | "eliminated"
                | "stalemates"
                | "stalemated"
                | "allies"
                | "allied"
                | "draw"
                | "drawn"
                | "victory"
                | "winner"
        )
    })
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
    // `X认负`: the notation's §8 leaves out who resigns
    if let Some(s) = p.strip_suffix("认负").or_else(|| p.strip_suffix("认输")) {
        sides_of(s)?;
        return Some(Vec::new());
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

/// The five statuses of the 三国 notation §7.
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

/// A status written otherwise than the notation's §7 (`负`, `胜`, `认输`, `wins`, `resigned`…): what it is
/// read as. `LOSS` is a bare loss (`负`, `输`, `lost`): 灭国 when the moves eliminate the side,
/// else 认负 (the side left the game some way the line does not say).
pub(crate) const LOSS: &str = "负";

/// Status words other than the notation's five, longest first where one begins another; Chinese ones
/// are read where they begin, English ones (lower-cased) only as whole words.
const SHORT_STATUSES: [(&str, &str); 62] = [
    ("超时判负", "超时判负"),
    ("强制判和", "强制判和"),
    ("胜利", "胜利"),
    ("灭国", "灭国"),
    ("认负", "认负"),
    ("超时负", "超时判负"),
    ("超时", "超时判负"),
    ("胜出", "胜利"),
    ("获胜", "胜利"),
    ("胜", "胜利"),
    ("赢", "胜利"),
    ("认输", "认负"),
    ("投降", "认负"),
    ("弃权", "认负"),
    ("被灭", "灭国"),
    ("灭亡", "灭国"),
    ("亡国", "灭国"),
    ("判和", "强制判和"),
    ("和棋", "强制判和"),
    ("和局", "强制判和"),
    ("和", "强制判和"),
    ("判负", LOSS),
    ("负", LOSS),
    ("输", LOSS),
    ("败", LOSS),
    ("lost on time", "超时判负"),
    ("loses on time", "超时判负"),
    ("lose on time", "超时判负"),
    ("out of time", "超时判负"),
    ("on time", "超时判负"),
    ("time forfeit", "超时判负"),
    ("timeout", "超时判负"),
    ("timed out", "超时判负"),
    ("flagged", "超时判负"),
    ("wins", "胜利"),
    ("win", "胜利"),
    ("won", "胜利"),
    ("winner", "胜利"),
    ("victory", "胜利"),
    ("victorious", "胜利"),
    ("resigns", "认负"),
    ("resigned", "认负"),
    ("resign", "认负"),
    ("concedes", "认负"),
    ("conceded", "认负"),
    ("surrendered", "认负"),
    ("surrenders", "认负"),
    ("eliminated", "灭国"),
    ("destroyed", "灭国"),
    ("conquered", "灭国"),
    ("checkmated", "灭国"),
    ("mated", "灭国"),
    ("stalemated", "灭国"),
    ("draws", "强制判和"),
    ("draw", "强制判和"),
    ("drawn", "强制判和"),
    ("drew", "强制判和"),
    ("lost", LOSS),
    ("loses", LOSS),
    ("lose", LOSS),
    ("loss", LOSS),
    ("defeated", LOSS),
];

/// A status line in other words than the notation's §7's five (`吴负 魏胜 蜀负`, `吴国：认输  魏国：胜`,
/// `Wu eliminated, Wei wins, Shu resigns`, `[负] [胜] [负]`), the sides' names already in
/// characters: each word goes to the side named just before it (`国`/`方` after the name read
/// past), else to the next side in 吴 魏 蜀 order. Nothing else than sides, status words and
/// punctuation may be on the line. It is a status line when two sides have a status, or one has a
/// status no title gives (a loss, 认负, 灭国, 超时判负: `Wu resigns`), or three are given in order;
/// `魏胜` alone is a title. The statuses, a bare loss as [`LOSS`]; `None` when the line is no
/// such status line (or holds only the notation's five words).
pub(crate) fn parse_status_short(line: &str) -> Option<BTreeMap<String, String>> {
    let f = fold(line);
    let mut map = BTreeMap::new();
    let mut pending: Option<Side> = None;
    let (mut named, mut unnamed, mut no_title_word) = (0, 0, false);
    let mut rest = f.as_str();
    let mut other = false;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace()
            || matches!(
                c,
                '[' | ']'
                    | '('
                    | ')'
                    | ':'
                    | ','
                    | '·'
                    | '/'
                    | '|'
                    | ';'
                    | '、'
                    | '-'
                    | '.'
                    | '【'
                    | '】'
            )
        {
            rest = rest.get(c.len_utf8()..)?;
            continue;
        }
        if let Some(sd) = Side::from_char(c).filter(|&s| s != Side::Han) {
            if pending.is_some() {
                return None;
            }
            pending = Some(sd);
            rest = rest.get(c.len_utf8()..)?.trim_start_matches(['国', '方']);
            continue;
        }
        let (w, status) = SHORT_STATUSES.iter().find(|(w, _)| {
            rest.starts_with(w)
                && (!w.is_ascii()
                    || !rest
                        .get(w.len()..)
                        .and_then(|r| r.chars().next())
                        .is_some_and(|c| c.is_ascii_alphabetic()))
        })?;
        other |= !STATUSES.contains(w);
        let side = match pending.take() {
            Some(s) => {
                named += 1;
                s
            }
            None => {
                unnamed += 1;
                *Side::PLAYERS.iter().find(|s| !map.contains_key(s.name()))?
            }
        };
        if map
            .insert(side.name().to_string(), status.to_string())
            .is_some()
        {
            return None;
        }
        no_title_word |= !matches!(*status, "胜利" | "强制判和");
        rest = rest.get(w.len()..)?;
    }
    let is_status = pending.is_none()
        && other
        && (named >= 2
            || (named == 1 && no_title_word && unnamed == 0)
            || (named == 0 && unnamed == 3));
    is_status.then_some(map)
}

/// Other names of the three kingdoms, as histories and transcribers write them (the notation itself
/// writes 东吴): `东吴`, `孙吴` 吴; `曹魏` 魏; `蜀汉`, `季汉` 蜀 (in a title or a status line
/// `蜀汉` is never 蜀 and 汉: nothing is done to 汉 there but 杀汉); in English `Eastern Wu`,
/// `Dong Wu`, `Cao Wei`, `Shu Han`, `Shu-Han`, `Ji Han` (any case, whole words), written
/// `Wu`, `Wei`, `Shu` for [`pinyin_sides`]. `None` when `s` has none.
pub(crate) fn kingdom_names(s: &str) -> Option<String> {
    const HAN: [(&str, &str); 10] = [
        ("东吴", "吴"),
        ("東吳", "吴"),
        ("孙吴", "吴"),
        ("孫吳", "吴"),
        ("曹魏", "魏"),
        ("蜀汉", "蜀"),
        ("蜀漢", "蜀"),
        ("季汉", "蜀"),
        ("季漢", "蜀"),
        ("东吳", "吴"),
    ];
    // (not `Sun Wu`: 孙武 is also a player's name)
    const LATIN: [(&str, &str); 6] = [
        ("eastern wu", "Wu"),
        ("dong wu", "Wu"),
        ("cao wei", "Wei"),
        ("shu han", "Shu"),
        ("shu-han", "Shu"),
        ("ji han", "Shu"),
    ];
    let mut out = s.to_string();
    let mut any = false;
    for (from, to) in HAN {
        if out.contains(from) {
            out = out.replace(from, to);
            any = true;
        }
    }
    if out.bytes().any(|b| b.is_ascii_alphabetic()) {
        for (from, to) in LATIN {
            // (ASCII lower-casing keeps every byte where it was)
            while let Some(at) = out.to_ascii_lowercase().find(from).filter(|&at| {
                let before = out.get(..at).and_then(|b| b.chars().next_back());
                let after = out.get(at + from.len()..).and_then(|a| a.chars().next());
                !before.is_some_and(Side::is_latin) && !after.is_some_and(Side::is_latin)
            }) {
                out.replace_range(at..at + from.len(), to);
                any = true;
            }
        }
    }
    any.then_some(out)
}

/// [`read_title`], or when that reads the title in no form or not in the notation's, the title with
/// its side names in pinyin written as characters ([`pinyin_sides`]) when that reads:
/// then also that title.
pub(super) fn read_title_sides(s: &str) -> (Result<Vec<TitleEvent>, String>, bool, Option<String>) {
    let (read, loose) = read_title(s);
    if (read.is_err() || loose)
        && let Some(p) = pinyin_sides(s)
        && let (Ok(ev), loose) = read_title(&p)
    {
        return (Ok(ev), loose, Some(p));
    }
    // `东吴胜`, `Cao Wei wins`: the kingdoms' other names
    if read.is_err()
        && let Some(k) = kingdom_names(s)
    {
        let p = pinyin_sides(&k).unwrap_or(k);
        if let (Ok(ev), loose) = read_title(&p) {
            return (Ok(ev), loose, Some(p));
        }
    }
    (read, loose, None)
}

/// A title's events: by the notation's form, else by the other forms
/// ([`parse_title_loose`]; then true).
pub(super) fn read_title(s: &str) -> (Result<Vec<TitleEvent>, String>, bool) {
    match parse_title(s) {
        Ok(ev) => (Ok(ev), false),
        Err(bad) => match parse_title_loose(s) {
            Ok(ev) => (Ok(ev), true),
            Err(_) => (Err(bad), false),
        },
    }
}
