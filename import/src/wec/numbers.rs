//! What may stand before a turn string: its number in every form transcribers write it (`1.`,
//! `1...`, `1)`, `(3)`, `Turn 1:`, `제3수`, `1a.`) and its colour (`Black:`, `[W]`, `흑`, `B1.`).

use crate::text::fold_width;

/// The number before a turn, as [`number_prefix`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Number {
    pub(super) no: u32,
    /// `N...` (or `N…`, `N. ...`): White's mark in chess writing.
    pub(super) ellipsis: bool,
    /// Byte offset after the number and the spaces after it.
    pub(super) after: usize,
    /// Written otherwise than `N.` / `N...` (`1)`, `2:`, `(3)`, `2 ...`, `3. ...`).
    pub(super) other: bool,
}

/// Reads the optional number before a turn: `N.` or `N...`, then spaces; other forms
/// ([`other_number_prefix`]) in a fallback.
#[inline(always)]
pub(super) fn number_prefix(s: &str, from: usize) -> Option<Number> {
    let b = s.as_bytes();
    match b.get(from) {
        Some(b'0'..=b'9') => {}
        Some(b'(') => return other_number_prefix(s, from),
        // (`제3수`, `第3手`: a Korean or Japanese counter's word before the number)
        Some(b'T' | b't' | b'#' | 0xec | 0xe7) => return word_number_prefix(s, from),
        Some(b'M' | b'm') if matches!(b.get(from + 1), Some(b'o' | b'O')) => {
            return word_number_prefix(s, from);
        }
        _ => return None,
    }
    let mut k = from;
    // the value as `str::parse::<u32>` reads the digits: none if it overflows
    let mut no = Some(0u32);
    while let Some(&d) = b.get(k).filter(|d| d.is_ascii_digit()) {
        no = no.and_then(|v| v.checked_mul(10)?.checked_add(u32::from(d - b'0')));
        k += 1;
    }
    if b.get(k) != Some(&b'.') {
        return other_number_prefix(s, from);
    }
    let no = no?;
    let ellipsis = s.get(k..).is_some_and(|r| r.starts_with("..."));
    k += if ellipsis { 3 } else { 1 };
    while b.get(k).is_some_and(|c| *c == b' ' || *c == b'\t') {
        k += 1;
    }
    // `3. ...`, `3.…`: the ellipsis apart
    if !ellipsis && matches!(b.get(k), Some(b'.' | 0xe2)) {
        return other_number_prefix(s, from);
    }
    Some(Number {
        no,
        ellipsis,
        after: k,
        other: false,
    })
}

/// A colour written before a turn: `Black`, `White`, `B`, `W` (any case), `黑`, `白`, `흑`,
/// `백` (also `블랙`, `화이트`, `흑색`, `백색`, `흰색`, `검정`), then `:` (or `：`, `.`) or a space, then the turn's `MV` (in any case). The colour (White:
/// true) and the byte offset of the turn.
#[inline(always)]
pub(super) fn colour_prefix(s: &str, from: usize) -> Option<(bool, usize)> {
    match s.as_bytes().get(from)? {
        b'B' | b'W' | b'b' | b'w' | 0xe9 | 0xe7 | 0xed | 0xeb | 0xea | 0xe5 | b'(' | b'['
        | 0xef => colour_word_at(s, from),
        _ => None,
    }
}

#[cold]
#[inline(never)]
fn colour_word_at(s: &str, from: usize) -> Option<(bool, usize)> {
    let rest = s.get(from..)?;
    // in brackets: `(Black):`, `[W]`, `（흑）`
    let (rest, close) = match rest.chars().next().map(fold_width) {
        Some(c @ ('(' | '[')) => (
            rest.get(rest.chars().next()?.len_utf8()..)?,
            Some(if c == '(' { ')' } else { ']' }),
        ),
        _ => (rest, None),
    };
    let words = [
        ("black", false),
        ("white", true),
        // abbreviated (`#1 Blk: MV:…`)
        ("blk", false),
        ("wht", true),
        ("b", false),
        ("w", true),
        ("黑", false),
        // Japanese: 黒 (the Japanese form of 黑), and the sides as shogi names them, 先手 the
        // player who moves first (Black, the manual: "블랙 플레이어는 먼저 이동합니다") and 後手
        ("黒", false),
        ("先手", false),
        ("後手", true),
        ("白", true),
        // the notation's translated text says 블랙 and 흰색; the colour words 흑색 백색 검정
        ("블랙", false),
        ("화이트", true),
        ("흑색", false),
        ("검정", false),
        ("백색", true),
        ("흰색", true),
        ("흑", false),
        ("백", true),
    ];
    for (word, white) in words {
        let Some(after) = rest
            .get(..word.len())
            .filter(|w| w.eq_ignore_ascii_case(word))
            .and_then(|_| rest.get(word.len()..))
        else {
            continue;
        };
        let after = match close {
            Some(c) => match after.chars().next() {
                Some(b) if fold_width(b) == c => after.get(b.len_utf8()..).unwrap_or_default(),
                _ => continue,
            },
            None => after,
        };
        // `Black:`, `Black.`, `Black - `, `흑 – `
        let marked = after
            .strip_prefix([':', '：', '.'])
            .or_else(|| {
                after
                    .trim_start_matches([' ', '\t'])
                    .strip_prefix(['-', '–', '—', '－', '−'])
            })
            .map(|t| t.trim_start_matches([' ', '\t']));
        let spaced = after.trim_start_matches([' ', '\t']);
        let turn = match marked {
            Some(t) => t,
            None if spaced.len() < after.len() || (close.is_some() && !spaced.is_empty()) => spaced,
            None => continue,
        };
        if turn.get(..2).is_some_and(|m| m.eq_ignore_ascii_case("mv")) {
            return Some((white, s.len() - turn.len()));
        }
    }
    None
}

/// The colour glued before the turn's number, as go and baduk records write moves (`B1.`, `W1:`,
/// `흑1`, `백2.`, `Black 3:`, `黑4`), then the turn's `MV` (in any case): the colour (White: true),
/// the byte offset where the colour ends and the number as [`other_number_prefix`] reads it
/// (its ellipsis, if any, does not decide: the colour does).
#[inline(always)]
pub(super) fn colour_number_prefix(s: &str, from: usize) -> Option<(bool, usize, Number)> {
    match s.as_bytes().get(from)? {
        b'B' | b'W' | b'b' | b'w' | 0xe9 | 0xe7 | 0xed | 0xeb | 0xe5 => colour_number_at(s, from),
        _ => None,
    }
}

/// A side's name as a result or a numbered turn starts with it, lower-case: whether it is White.
pub(super) const COLOUR_WORDS: [(&str, bool); 11] = [
    ("black", false),
    ("white", true),
    ("b", false),
    ("w", true),
    ("흑", false),
    ("백", true),
    ("黑", false),
    ("白", true),
    // Japanese: 黒, and shogi's 先手 (the first to move: Black) and 後手
    ("黒", false),
    ("先手", false),
    ("後手", true),
];

#[cold]
#[inline(never)]
fn colour_number_at(s: &str, from: usize) -> Option<(bool, usize, Number)> {
    let rest = s.get(from..)?;
    let (white, len) = COLOUR_WORDS
        .into_iter()
        .find(|(w, _)| {
            rest.get(..w.len())
                .is_some_and(|r| r.eq_ignore_ascii_case(w))
        })
        .map(|(w, white)| (white, w.len()))?;
    let colour_end = from + len;
    let b = s.as_bytes();
    let mut k = colour_end;
    while b.get(k).is_some_and(|c| *c == b' ' || *c == b'\t') {
        k += 1;
    }
    if !b.get(k).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let n = other_number_prefix(s, k)?;
    s.get(n.after..)
        .and_then(|r| r.get(..2))
        .is_some_and(|m| m.eq_ignore_ascii_case("MV"))
        .then_some((
            white,
            colour_end,
            Number {
                ellipsis: false,
                other: true,
                ..n
            },
        ))
}

/// A turn number after a word: `Turn 1:`, `Move 12.`, `#3`, and the ordinal prefixes of
/// Korean and Japanese counters, `제3수`, `제 4 수:`, `第5手` (then as [`other_number_prefix`]
/// reads the number and the counter after it).
#[cold]
#[inline(never)]
fn word_number_prefix(s: &str, from: usize) -> Option<Number> {
    let rest = s.get(from..)?;
    let word = ["turn", "move", "#", "제", "第"].into_iter().find(|w| {
        rest.get(..w.len())
            .is_some_and(|r| r.eq_ignore_ascii_case(w))
    })?;
    let mut k = from + word.len();
    let b = s.as_bytes();
    while b.get(k).is_some_and(|c| *c == b' ' || *c == b'\t') {
        k += 1;
    }
    if !b.get(k).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let n = other_number_prefix(s, k)?;
    Some(Number { other: true, ..n })
}

/// The other ways transcribers number a turn: `1)`, `1)…`, `2:`, `(3)`, `2 ...`, `3. ...`,
/// `4…`, `5 MV:…` (a number, then `.`, `)` or `:` or nothing, then an ellipsis or not), and the
/// number with a Korean, Japanese or Chinese counter for moves after it (`1수`, `2 수:`, `3手`,
/// `4手目`, `5步`). `None` when what follows the number is neither an ellipsis nor the turn's
/// `MV:`.
#[cold]
#[inline(never)]
fn other_number_prefix(s: &str, from: usize) -> Option<Number> {
    let b = s.as_bytes();
    let spaces = |mut k: usize| {
        while b.get(k).is_some_and(|c| *c == b' ' || *c == b'\t') {
            k += 1;
        }
        k
    };
    let paren = b.get(from) == Some(&b'(');
    let mut k = if paren { spaces(from + 1) } else { from };
    let digits = k;
    let mut no = Some(0u32);
    while let Some(&d) = b.get(k).filter(|d| d.is_ascii_digit()) {
        no = no.and_then(|v| v.checked_mul(10)?.checked_add(u32::from(d - b'0')));
        k += 1;
    }
    if k == digits {
        return None;
    }
    let no = no?;
    // `1a.`, `2b MV:…`: the move's first half (Black's, who moves first) and second (White's)
    let half = match b.get(k) {
        Some(b'a') => Some(false),
        Some(b'b') => Some(true),
        _ => None,
    }
    .filter(|_| !b.get(k + 1).is_some_and(u8::is_ascii_alphanumeric));
    if half.is_some() {
        k += 1;
    }
    let digits_end = k;
    let mut marked = false;
    if paren {
        k = spaces(k);
        if b.get(k) != Some(&b')') {
            return None;
        }
        k += 1;
        marked = true;
    } else if matches!(b.get(k), Some(b'.' | b')' | b':')) && b.get(k + 1) != Some(&b'.') {
        k += 1;
        marked = true;
    } else if let Some(after) = move_counter(s, spaces(k)) {
        // `1수`, `제 4 수:`, `3手目`: the counter marks the number (a `.`, `:` or `)` may follow)
        k = after;
        if matches!(b.get(k), Some(b'.' | b')' | b':')) {
            k += 1;
        }
        marked = true;
    }
    k = spaces(k);
    // the ellipsis: `...` (two dots or more) or `…` (U+2026), once or more
    let mut ellipsis = false;
    loop {
        let rest = s.get(k..).unwrap_or_default();
        if rest.starts_with("..") {
            k += rest.bytes().take_while(|&c| c == b'.').count();
        } else if rest.starts_with('…') {
            k += '…'.len_utf8();
        } else {
            break;
        }
        ellipsis = true;
    }
    k = spaces(k);
    // a bare number must be followed by what a turn begins with
    // (or the turn's colour and then `MV`: `Turn 1 (Black): MV:…`, `1 Black - MV:…`)
    let turn_follows = s
        .get(k..)
        .is_some_and(|r| r.get(..2).is_some_and(|m| m.eq_ignore_ascii_case("MV")))
        || (k > digits_end && colour_prefix(s, k).is_some());
    if (!marked && !ellipsis && !turn_follows) || (half.is_some() && !turn_follows) {
        return None;
    }
    Some(Number {
        no,
        ellipsis: ellipsis || half == Some(true),
        after: k,
        other: true,
    })
}

/// A counter word for moves after a turn's number, from byte `k`: `수` (Korean), `手目`, `手`
/// (Japanese), `步`, `着` (Chinese); the byte offset after it (and after a full-width `：`).
fn move_counter(s: &str, k: usize) -> Option<usize> {
    let rest = s.get(k..)?;
    let word = ["수", "手目", "手", "步", "着"]
        .into_iter()
        .find(|w| rest.starts_with(w))?;
    let k = k + word.len();
    Some(if s.get(k..).is_some_and(|r| r.starts_with('：')) {
        k + '：'.len_utf8()
    } else {
        k
    })
}
