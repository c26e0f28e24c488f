//! Characters and move tokens: width/traditional folding that keeps every character's column, and
//! the grammar of one move, `[前|中|后|一…七][piece][file](进|退|平)N` followed by markers
//! (`#X`, `=X`, `x汉`, `[困毙灭国]`; the side's name also in pinyin, `#Wei`, `xHan`, and the
//! markers also in words, `灭吴`, `杀汉`, `（杀汉）`). The file and `N` are Arabic numerals, or Chinese ones as
//! xiangqi records write them (`马六进五`, `车九平十一`; [`cjk_number`]).

use super::geometry::{Kind, Side};
use crate::text::{fold_width, simplify_char};

/// Characters this parser reads that are already simplified and half-width: they skip the
/// traditional→simplified table (which allocates), so ordinary records stay fast.
fn known(c: char) -> bool {
    matches!(
        c,
        '车' | '马'
            | '相'
            | '士'
            | '炮'
            | '兵'
            | '将'
            | '帅'
            | '象'
            | '仕'
            | '卒'
            | '前'
            | '中'
            | '后'
            | '一'
            | '二'
            | '三'
            | '四'
            | '五'
            | '六'
            | '七'
            | '八'
            | '九'
            | '十'
            | '进'
            | '退'
            | '平'
            | '吴'
            | '魏'
            | '蜀'
            | '汉'
            | '轮'
            | '空'
            | '困'
            | '毙'
            | '灭'
            | '国'
            | '胜'
            | '利'
            | '认'
            | '负'
            | '超'
            | '时'
            | '判'
            | '强'
            | '制'
            | '和'
            | '棋'
            | '局'
            | '盟'
            | '杀'
            | '标'
            | '题'
            | '…'
            | '·'
            | '—'
    )
}

/// [`known`] for the CJK unified ideographs (U+4E00–U+9FFF), one bit per character.
static KNOWN_CJK: [u64; 328] = {
    let list = [
        '车', '马', '相', '士', '炮', '兵', '将', '帅', '象', '仕', '卒', '前', '中', '后', '一',
        '二', '三', '四', '五', '六', '七', '八', '九', '十', '进', '退', '平', '吴', '魏', '蜀',
        '汉', '轮', '空', '困', '毙', '灭', '国', '胜', '利', '认', '负', '超', '时', '判', '强',
        '制', '和', '棋', '局', '盟', '杀', '标', '题',
    ];
    let mut bits = [0u64; 328];
    let mut i = 0;
    while i < list.len() {
        let k = list[i] as usize - 0x4e00;
        bits[k / 64] |= 1 << (k % 64);
        i += 1;
    }
    bits
};

/// A known ideograph ([`KNOWN_CJK`]): width folding leaves U+4E00–U+9FFF alone, and these are
/// already simplified.
#[inline]
fn known_cjk(c: char) -> bool {
    (c as usize).checked_sub(0x4e00).is_some_and(|k| {
        KNOWN_CJK
            .get(k / 64)
            .is_some_and(|b| b >> (k % 64) & 1 == 1)
    })
}

/// One character folded: `(normalized, was full-width punctuation, was traditional)`.
pub(crate) fn norm_char(c: char) -> (char, bool, bool) {
    if c.is_ascii() || known_cjk(c) {
        return (c, false, false);
    }
    let w = fold_width(c);
    let wide = w != c && !matches!(c, '×' | '•' | '・' | '‧' | '∙');
    if w.is_ascii() || known(w) {
        return (w, wide, false);
    }
    let s = match w {
        '後' => '后',
        '進' => '进',
        '車' => '车',
        '馬' => '马',
        '吳' => '吴',
        '漢' => '汉',
        '將' => '将',
        '帥' => '帅',
        // xiangqi's red chariot and horse: other names of the pieces, kept for the table of
        // piece names (`Kind::from_alias`), not folded as traditional characters
        '俥' | '伡' | '傌' => w,
        _ => simplify_char(w),
    };
    (s, wide, s != w)
}

/// A normalized line: characters (same count and order as the source line) and where the first
/// full-width and traditional characters were.
#[derive(Debug, Default)]
pub(crate) struct NormLine {
    pub chars: Vec<char>,
    pub first_wide: Option<usize>,
    pub first_trad: Option<usize>,
}

impl NormLine {
    pub fn fill(&mut self, src: &str) {
        self.first_wide = None;
        self.first_trad = None;
        // No more characters than bytes: the buffer is sized once and written in place (no
        // capacity check per character), then cut to the characters written.
        self.chars.clear();
        self.chars.resize(src.len(), ' ');
        let mut len = 0;
        for (i, (slot, c)) in self.chars.iter_mut().zip(src.chars()).enumerate() {
            len = i + 1;
            // ASCII and the ideographs of the notation, most of a record, are kept as they are
            if c.is_ascii() || known_cjk(c) {
                *slot = c;
                continue;
            }
            let (n, wide, trad) = norm_char(c);
            if wide && self.first_wide.is_none() {
                self.first_wide = Some(i);
            }
            if trad && self.first_trad.is_none() {
                self.first_trad = Some(i);
            }
            *slot = n;
        }
        self.chars.truncate(len);
    }
}

/// Which of several like pieces: 前/中/后 or the ordinal 一…七 (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pos {
    Front,
    Middle,
    Back,
    Nth(u8),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Action {
    Advance,
    Retreat,
    Traverse,
}

/// A stalemate marker on a move: `[困毙灭国]`, optionally naming the sides (`[蜀困魏·困毙灭国]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Stalemate {
    pub by: Option<Side>,
    pub side: Option<Side>,
}

/// One move as written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MoveTok {
    pub pos: Option<Pos>,
    pub kind: Option<Kind>,
    /// The general written with its country character (`魏9退1`).
    pub general_of: Option<Side>,
    pub file: Option<i32>,
    pub action: Action,
    pub num: i32,
    pub eliminate: Option<Side>,
    pub ally: Option<Side>,
    pub kill_han: bool,
    pub stalemate: Option<Stalemate>,
    /// The file or the number was written in Chinese numerals (`马六进五`).
    pub numerals: bool,
    /// A side's name was written in pinyin, in a marker (`#Wei`, `=Wu`, `xHan`) or for the
    /// general (`Wei9退1`): [`pinyin_written`] writes the move with characters.
    pub pinyin: bool,
    /// A marker was written in words (`杀汉`, `灭吴`, also in brackets: `（杀汉）`):
    /// [`words_written`] writes the move with the notation's marks.
    pub words: bool,
    /// The piece was written with another name ([`Kind::from_alias`]: `象7进9`), at index
    /// [`MoveTok::piece_at`].
    pub alias: bool,
}

impl MoveTok {
    /// Where the piece's name is in the move's characters (after 前/中/后 or an ordinal).
    pub fn piece_at(&self) -> usize {
        usize::from(self.pos.is_some())
    }

    /// The move's characters with its Chinese numerals written as Arabic ones (`马六进五` →
    /// `马6进5`; an ordinal before the piece is kept: `一车平十一` → `一车平11`). After the
    /// ordinal, the only numerals a move that was read holds are its file and its number.
    pub fn write_arabic(&self, s: &[char], out: &mut String) {
        let mut k = 0;
        if self.pos.is_some()
            && let Some(&c) = s.first()
        {
            out.push(c);
            k = 1;
        }
        while let Some(&c) = s.get(k) {
            let mut end = k;
            match cjk_number(s, &mut end) {
                Some(v) if end > k => {
                    out.push_str(&v.to_string());
                    k = end;
                }
                _ => {
                    out.push(c);
                    k += 1;
                }
            }
        }
    }
}

fn ordinal(c: char) -> Option<Pos> {
    match c {
        '前' => Some(Pos::Front),
        '中' => Some(Pos::Middle),
        '后' => Some(Pos::Back),
        '一' => Some(Pos::Nth(0)),
        '二' => Some(Pos::Nth(1)),
        '三' => Some(Pos::Nth(2)),
        '四' => Some(Pos::Nth(3)),
        '五' => Some(Pos::Nth(4)),
        '六' => Some(Pos::Nth(5)),
        '七' => Some(Pos::Nth(6)),
        _ => None,
    }
}

/// The number at `i` (moving `i` past it). Values above [`MAX_NUMBER`] are refused whatever they
/// are, so the value is capped rather than saturated (a cheaper loop, the same decisions). Without
/// an Arabic digit there, Chinese numerals are read ([`cjk_number`]) and `cjk` is set.
#[inline]
fn number(s: &[char], i: &mut usize, cjk: &mut bool) -> Option<i32> {
    let start = *i;
    let mut k = start;
    let mut v: i32 = 0;
    while let Some(d) = s.get(k).and_then(|c| c.to_digit(10)) {
        v = (v * 10 + d as i32).min(1000);
        k += 1;
    }
    *i = k;
    if k > start {
        return Some(v);
    }
    // (not the ideographs the notation puts there otherwise: 进 退 平 and the markers)
    if s.get(k).is_some_and(|&c| cjk_numeral(c)) {
        *cjk = true;
        return cjk_number(s, i);
    }
    None
}

/// `一`…`九` as 1…9.
pub(crate) fn cjk_digit(c: char) -> Option<u32> {
    match c {
        '一' => Some(1),
        '二' => Some(2),
        '三' => Some(3),
        '四' => Some(4),
        '五' => Some(5),
        '六' => Some(6),
        '七' => Some(7),
        '八' => Some(8),
        '九' => Some(9),
        _ => None,
    }
}

/// A number in Chinese numerals at `i` (moving `i` past it), as xiangqi records write files and
/// steps: `一`…`九`, `十`, `十一`…`十九`, `二十`, `二十一`… (the board's files go to 17, steps to
/// 16). Traditional characters write these the same; the financial forms (`壹`, `拾`) are not read:
/// no move record uses them.
#[cold]
#[inline(never)]
pub(crate) fn cjk_number(s: &[char], i: &mut usize) -> Option<i32> {
    let mut k = *i;
    let tens = s.get(k).copied().and_then(cjk_digit);
    if tens.is_some() {
        k += 1;
    }
    let v = if s.get(k) == Some(&'十') {
        k += 1;
        let units = s.get(k).copied().and_then(cjk_digit);
        if units.is_some() {
            k += 1;
        }
        tens.unwrap_or(1) * 10 + units.unwrap_or(0)
    } else {
        tens?
    };
    *i = k;
    Some(v as i32)
}

/// A count in Chinese numerals at `i` (moving `i` past it), as a round number is written:
/// `一`…`九` with the units `十`, `百`, `千` (`一百零五`, `二十`), or digits one by one with `〇`
/// (`一〇五`). `None` (and `i` unmoved) when no numeral is there.
pub(crate) fn cjk_count(s: &[char], i: &mut usize) -> Option<u32> {
    let start = *i;
    let mut k = start;
    let mut total: u32 = 0;
    // the digit waiting for its unit, and the digits read one by one (no unit seen)
    let mut digit: Option<u32> = None;
    let mut positional: u32 = 0;
    let mut units = false;
    while let Some(&c) = s.get(k) {
        let unit = match c {
            '十' => 10,
            '百' => 100,
            '千' => 1000,
            '零' | '〇' => {
                positional = positional.saturating_mul(10);
                digit = None;
                k += 1;
                continue;
            }
            _ => match cjk_digit(c) {
                Some(d) => {
                    positional = positional.saturating_mul(10).saturating_add(d);
                    digit = Some(d);
                    k += 1;
                    continue;
                }
                None => break,
            },
        };
        units = true;
        total = total.saturating_add(digit.take().unwrap_or(1).saturating_mul(unit));
        k += 1;
    }
    if k == start {
        return None;
    }
    *i = k;
    Some(if units {
        total.saturating_add(digit.unwrap_or(0))
    } else {
        positional
    })
}

/// Is `c` a Chinese numeral that can begin a file number (`一`…`九`, `十`)?
fn cjk_numeral(c: char) -> bool {
    c == '十' || cjk_digit(c).is_some()
}

/// Numbers above this are not files or step counts of any board.
const MAX_NUMBER: i32 = 99;

/// Parses the side characters and `困` of a stalemate bracket's text.
pub(crate) fn stalemate_sides(s: &[char]) -> Stalemate {
    let mut st = Stalemate::default();
    for (k, c) in s.iter().enumerate() {
        if *c == '困' && s.get(k + 1) != Some(&'毙') {
            st.by = k
                .checked_sub(1)
                .and_then(|j| s.get(j))
                .and_then(|&c| Side::from_char(c));
            st.side = s.get(k + 1).and_then(|&c| Side::from_char(c));
            return st;
        }
    }
    st.side = s
        .iter()
        .filter_map(|&c| Side::from_char(c))
        .find(|&s| s != Side::Han);
    st
}

/// A side's name in pinyin at `i` ([`Side::from_pinyin`]), a whole word (the Latin letters from
/// `i` on, up to the first character that is none): the side and the word's length.
#[cold]
#[inline(never)]
fn pinyin_side(s: &[char], i: usize) -> Option<(Side, usize)> {
    let rest = s.get(i..)?;
    let len = rest
        .iter()
        .position(|&c| !Side::is_latin(c))
        .unwrap_or(rest.len());
    if len < 2 {
        return None;
    }
    let word: String = rest.get(..len)?.iter().collect();
    Side::from_pinyin(&word).map(|sd| (sd, len))
}

/// A move read with side names in pinyin ([`MoveTok::pinyin`]) written with their characters:
/// `Wei9退1` → `魏9退1`, `车1平17#Wu` → `车1平17#吴`, `马2进1xHan` → `马2进1x汉`. Also gives the
/// index of the first name in `s`.
#[cold]
#[inline(never)]
pub(crate) fn pinyin_written(s: &[char]) -> (Vec<char>, usize) {
    let mut out = Vec::with_capacity(s.len());
    let mut first = None;
    let mut k = 0;
    while let Some(&c) = s.get(k) {
        // a name where the grammar reads one: first (the general), or after a marker
        let after_marker = k
            .checked_sub(1)
            .and_then(|j| s.get(j))
            .is_some_and(|&m| matches!(m, '#' | '=' | 'x' | 'X'));
        if (k == 0 || after_marker)
            && Side::is_latin(c)
            && let Some((sd, len)) = pinyin_side(s, k)
        {
            first.get_or_insert(k);
            out.extend(sd.name().chars());
            k += len;
            continue;
        }
        out.push(c);
        k += 1;
    }
    (out, first.unwrap_or(0))
}

/// A marker written in words at the start of `s`: `杀汉` (x汉) or `灭X` (#X, X one of 吴 魏 蜀),
/// set on `tok`. Its length (2), or `None` when `s` does not begin with one.
fn marker_words(s: &[char], tok: &mut MoveTok) -> Option<usize> {
    match s {
        ['杀', '汉', ..] => tok.kill_han = true,
        ['灭', c, ..] => {
            tok.eliminate = Some(Side::from_char(*c).filter(|&s| s != Side::Han)?);
        }
        _ => return None,
    }
    Some(2)
}

/// A move read with markers in words ([`MoveTok::words`]) written with the notation's marks:
/// `车1平17灭吴` → `车1平17#吴`, `马2进1（杀汉）` → `马2进1x汉`. Also gives the index of the first
/// such marker in `s`.
#[cold]
#[inline(never)]
pub(crate) fn words_written(s: &[char]) -> (Vec<char>, usize) {
    let mut out = Vec::with_capacity(s.len());
    let mut first = None;
    let mut k = 0;
    while let Some(&c) = s.get(k) {
        let rest = s.get(k..).unwrap_or(&[]);
        let (bracket, words) = match rest {
            ['(' | '[', a, b, ')' | ']', ..] => (1, [*a, *b]),
            [a, b, ..] => (0, [*a, *b]),
            _ => (0, [c, ' ']),
        };
        let mark = match words {
            ['杀', '汉'] => Some('x'),
            ['灭', d] if Side::from_char(d).is_some_and(|s| s != Side::Han) => Some('#'),
            _ => None,
        };
        match mark {
            Some(m) => {
                first.get_or_insert(k);
                out.push(m);
                out.push(words[1]);
                k += 2 + 2 * bracket;
            }
            None => {
                out.push(c);
                k += 1;
            }
        }
    }
    (out, first.unwrap_or(0))
}

/// A move in xiangqi's letters (WXF, as English records write it: `H6+5`, `C12.10`, `R13=12`,
/// `H+7`, `K9-1`) written in the notation's characters (`马6进5`, `炮12平10`…), the markers after it
/// kept; `None` when `s` is not one (a piece letter, then an optional file, then `+`, `-`, `.`
/// or `=` before a digit).
#[cold]
#[inline(never)]
pub(crate) fn letters_written(s: &[char]) -> Option<Vec<char>> {
    let piece = match s.first()? {
        'K' | 'G' => '将',
        'A' => '士',
        'E' | 'B' => '相',
        'H' | 'N' => '马',
        'R' => '车',
        'C' => '炮',
        'P' => '兵',
        _ => return None,
    };
    let mut out = vec![piece];
    let mut k = 1;
    while let Some(&c) = s.get(k).filter(|c| c.is_ascii_digit()) {
        out.push(c);
        k += 1;
    }
    let action = match s.get(k)? {
        '+' => '进',
        '-' => '退',
        '.' | '=' => '平',
        _ => return None,
    };
    if !s.get(k + 1)?.is_ascii_digit() {
        return None;
    }
    out.push(action);
    out.extend(s.get(k + 1..)?.iter().copied());
    Some(out)
}

/// 前/中/后 or an ordinal opening a move, when a file, a piece or a side follows it (`前车`,
/// `一车`, `前9`, `前象`, `前魏`, `前九`).
#[inline]
fn leading_pos(s: &[char]) -> Option<Pos> {
    let p = s.first().copied().and_then(ordinal)?;
    s.get(1)
        .is_some_and(|&c| {
            c.is_ascii_digit()
                || Kind::from_char(c).is_some()
                || Side::from_char(c).is_some()
                || cjk_numeral(c)
                || Kind::from_alias(c).is_some()
        })
        .then_some(p)
}

/// Parses one move (normalized characters, no surrounding spaces). The error carries the offset of
/// the offending character within `s` and a plain message.
pub(crate) fn parse_move(s: &[char]) -> Result<MoveTok, (usize, String)> {
    let at = |i: usize| s.get(i).copied();
    let pos = leading_pos(s);
    let mut i = usize::from(pos.is_some());
    let mut kind = None;
    let mut general_of = None;
    let mut pinyin = false;
    let mut alias = false;
    if let Some(c) = at(i) {
        if let Some(k) = Kind::from_char(c) {
            kind = Some(k);
            i += 1;
        } else if let Some(sd) = Side::from_char(c).filter(|&s| s != Side::Han) {
            kind = Some(Kind::General);
            general_of = Some(sd);
            i += 1;
        } else if matches!(c, 'W' | 'w' | 'S' | 's')
            && let Some((sd, len)) = pinyin_side(s, i).filter(|&(s, _)| s != Side::Han)
        {
            // `Wei9退1`: the general, its side's name in pinyin
            kind = Some(Kind::General);
            general_of = Some(sd);
            pinyin = true;
            i += len;
        } else if let Some(k) = Kind::from_alias(c) {
            // `象7进9`: another name of the piece, as xiangqi records write it
            kind = Some(k);
            alias = true;
            i += 1;
        }
    }
    let file_at = i;
    let mut numerals = false;
    let file = number(s, &mut i, &mut numerals);
    if file.is_some_and(|f| f > MAX_NUMBER) {
        return Err((file_at, "the file number is too large".to_string()));
    }
    let action = match at(i) {
        Some('进') => Action::Advance,
        Some('退') => Action::Retreat,
        Some('平') => Action::Traverse,
        Some(c) => return Err((i, format!("expected 进, 退 or 平, found {c:?}"))),
        None => return Err((i, "the move stops before 进, 退 or 平".to_string())),
    };
    if kind.is_none() && (pos.is_none() || file.is_none()) {
        return Err((
            0,
            "a move without a piece name needs 前/中/后 (or 一…七) and a file".to_string(),
        ));
    }
    i += 1;
    let num_at = i;
    let Some(num) = number(s, &mut i, &mut numerals) else {
        return Err((i, "expected a number after 进, 退 or 平".to_string()));
    };
    if num > MAX_NUMBER {
        return Err((num_at, "the number is too large".to_string()));
    }
    let mut tok = MoveTok {
        pos,
        kind,
        general_of,
        file,
        action,
        num,
        eliminate: None,
        ally: None,
        kill_han: false,
        stalemate: None,
        numerals,
        pinyin,
        words: false,
        alias,
    };
    while let Some(c) = at(i) {
        match c {
            '#' | '=' => {
                // `#魏`, or the side's name in pinyin: `#Wei`, `=Wu`
                let named = match at(i + 1).and_then(Side::from_char) {
                    Some(sd) => Some((sd, 1)),
                    None => pinyin_side(s, i + 1).inspect(|_| tok.pinyin = true),
                };
                let Some((sd, len)) = named.filter(|&(s, _)| s != Side::Han) else {
                    return Err((i, format!("{c} must be followed by 吴, 魏 or 蜀")));
                };
                if c == '#' {
                    tok.eliminate = Some(sd);
                } else {
                    tok.ally = Some(sd);
                }
                i += 1 + len;
            }
            'x' | 'X' => {
                // `x汉`, or `xHan`
                let len = if at(i + 1) == Some('汉') {
                    1
                } else {
                    match pinyin_side(s, i + 1) {
                        Some((Side::Han, len)) => {
                            tok.pinyin = true;
                            len
                        }
                        _ => return Err((i, "x must be followed by 汉".to_string())),
                    }
                };
                tok.kill_han = true;
                i += 1 + len;
            }
            // `杀汉`, `灭吴`: the markers in words
            '杀' | '灭' => {
                let Some(len) = marker_words(s.get(i..).unwrap_or(&[]), &mut tok) else {
                    return Err((i, format!("unexpected {c:?} after the move")));
                };
                tok.words = true;
                i += len;
            }
            '[' | '(' => {
                let close = if c == '[' { ']' } else { ')' };
                let rest = s.get(i + 1..).unwrap_or(&[]);
                let Some(len) = rest.iter().position(|&d| d == close) else {
                    return Err((i, format!("{c} is never closed")));
                };
                let inner = rest.get(..len).unwrap_or(&[]);
                // `（杀汉）`, `[灭吴]`
                if marker_words(inner, &mut tok) == Some(inner.len()) {
                    tok.words = true;
                    i += len + 2;
                    continue;
                }
                if !inner.windows(2).any(|w| w == ['困', '毙']) {
                    return Err((
                        i,
                        "only [困毙灭国] may follow a move in brackets".to_string(),
                    ));
                }
                tok.stalemate = Some(stalemate_sides(inner));
                i += len + 2;
            }
            // A check mark, annotation marks or a stray full stop after the move.
            '+' | '!' | '?' | ' ' | '.' => i += 1,
            _ => return Err((i, format!("unexpected {c:?} after the move"))),
        }
    }
    Ok(tok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_ideographs_match_their_bit_table() {
        for u in 0x4e00..=0x9fffu32 {
            let Some(c) = char::from_u32(u) else { continue };
            let k = u as usize - 0x4e00;
            let bit = KNOWN_CJK
                .get(k / 64)
                .is_some_and(|b| b >> (k % 64) & 1 == 1);
            assert_eq!(bit, known(c), "{c}");
        }
    }
}
