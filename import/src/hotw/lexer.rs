//! A hand-written scanner for one line of HotW notation.
//!
//! Full-width punctuation is read as its half-width form (`（`, `，`, `：`, `﹕`), so records typed
//! with a Chinese input method read the same. Tokens keep byte offsets into the original line (for
//! raw text) and a 0-based character column (for diagnostics).
//!
//! - a word is a run of letters, digits and `. \ / = ' Δ`, with `-` and `+` allowed inside it
//!   between letters (`Si-Kyang`, `SEAsia+India`); `c/`, `XXV`, `X=V`, `E.Ana`, `Pers\D` are words;
//! - a `+` at the start of a word makes a build or amount token (`+f`, `+ct`, `+2`, `+2f`);
//! - one or more dashes then `>` is an arrow (`-->`, `->`, `--->`), and so is `→`; two or more
//!   dashes without `>` are a sea-leg opener (`--(S.China)-->`, `--Sea-->`) or a malformed arrow (`GuiH--NAnd`);
//! - other transcribers' arrows are joined to one arrow token: `=>`, `- ->`, `->>`, `~>`, a `>`
//!   alone, and `入` ("into") between two regions (`Sumer入Akkad`);
//! - `……`, `…` and `...` are the chapter examples' placeholder for omitted moves.

use crate::text::fold_width;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tk {
    Word,
    Plus,
    Num,
    Arrow,
    Dash2,
    LParen,
    RParen,
    Comma,
    Semi,
    Colon,
    Ellipsis,
    Other,
}

#[derive(Debug, Clone, Copy)]
pub struct Tok {
    pub kind: Tk,
    /// Byte range in the line.
    pub start: usize,
    pub end: usize,
    /// 0-based character column.
    pub col: u32,
}

fn word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '.' | '\\' | '/' | '=' | '\'' | 'Δ' | '∆')
}

fn dash(c: char) -> bool {
    // (also the minus sign and the box-drawing line word processors put for a hyphen)
    matches!(c, '-' | '—' | '–' | '－' | '―' | '−' | '─' | '‐' | '‑')
}

/// The characters of a line with their byte offsets, width-folded; ASCII lines are read in place.
enum Chars<'a> {
    Ascii(&'a [u8]),
    Wide(Vec<(usize, char)>),
}

impl Chars<'_> {
    fn get(&self, k: usize) -> Option<(usize, char)> {
        match self {
            Chars::Ascii(b) => b.get(k).map(|&c| (k, char::from(c))),
            Chars::Wide(v) => v.get(k).copied(),
        }
    }
    fn len(&self) -> usize {
        match self {
            Chars::Ascii(b) => b.len(),
            Chars::Wide(v) => v.len(),
        }
    }
}

/// Splits a line into tokens. Never fails: a character it does not know becomes `Other`.
pub fn lex(line: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    lex_into(line, &mut out);
    out
}

/// [`lex`] into a buffer (cleared first), so a caller can reuse it from line to line.
pub fn lex_into(line: &str, out: &mut Vec<Tok>) {
    crate::work::examined(line.len());
    out.clear();
    if line.is_ascii() {
        lex_ascii(line.as_bytes(), out);
        return;
    }
    lex_chars(line, out);
}

/// No matching parenthesis, in the pairs of [`lex_paired`].
pub const UNPAIRED: usize = usize::MAX;

/// [`lex_into`] and [`match_parens_with`] in one call, for the parser: `pairs[i]` is the index of
/// the parenthesis matching token `i`, or [`UNPAIRED`]. A line without parentheses (checked while
/// scanning an ASCII line) leaves `pairs` empty, which reads as all unpaired, and skips the matching.
pub fn lex_paired(line: &str, out: &mut Vec<Tok>, pairs: &mut Vec<usize>, stack: &mut Vec<usize>) {
    crate::work::examined(line.len());
    out.clear();
    pairs.clear();
    let parens = if line.is_ascii() {
        lex_ascii(line.as_bytes(), out)
    } else {
        lex_chars(line, out);
        true
    };
    if !parens {
        return;
    }
    pairs.resize(out.len(), UNPAIRED);
    stack.clear();
    for (i, t) in out.iter().enumerate() {
        match t.kind {
            Tk::LParen => stack.push(i),
            Tk::RParen => {
                if let Some(o) = stack.pop() {
                    if let Some(slot) = pairs.get_mut(o) {
                        *slot = i;
                    }
                    if let Some(slot) = pairs.get_mut(i) {
                        *slot = o;
                    }
                }
            }
            _ => {}
        }
    }
}

/// Byte classes of the ASCII scanner (bit flags of [`CLASS`]).
const WORD: u8 = 1;
const ALNUM: u8 = 2;
const DIGIT: u8 = 4;
const SPACE: u8 = 8;

/// The class of each byte: a word character (`WORD`: alphanumeric or `. \ / = '`), alphanumeric
/// (`ALNUM`), digit (`DIGIT`), white space (`SPACE`). One table look-up replaces the chains of
/// comparisons in the scanner's inner loop.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        let mut f = 0;
        if c.is_ascii_alphanumeric() || matches!(c, b'.' | b'\\' | b'/' | b'=' | b'\'') {
            f |= WORD;
        }
        if c.is_ascii_alphanumeric() {
            f |= ALNUM;
        }
        if c.is_ascii_digit() {
            f |= DIGIT;
        }
        // white space as `char::is_whitespace` reads an ASCII byte
        if matches!(c, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ') {
            f |= SPACE;
        }
        t[b] = f;
        b += 1;
    }
    t
};

fn class(b: u8) -> u8 {
    CLASS[usize::from(b)]
}

/// [`lex_chars`] for an ASCII line, byte by byte (a byte offset is then also the column). Gives
/// exactly the tokens `lex_chars` gives. Returns true when the line holds a parenthesis.
fn lex_ascii(b: &[u8], out: &mut Vec<Tok>) -> bool {
    out.reserve(b.len() / 3 + 1);
    let mut parens = false;
    let mut k = 0usize;
    while let Some((kind, start, end)) = next_ascii(b, k) {
        parens |= matches!(kind, Tk::LParen | Tk::RParen);
        let t = Tok {
            kind,
            start,
            end,
            col: start as u32,
        };
        k = end;
        if matches!(kind, Tk::Other | Tk::Arrow) {
            let before = |i: usize| {
                let k = i.checked_sub(1)?;
                b.get(k).map(|&c| (k, char::from(c)))
            };
            if join_arrow(out, t, before) {
                continue;
            }
            let t = lone_gt(t, !out.is_empty(), before);
            out.push(t);
            continue;
        }
        out.push(t);
    }
    parens
}

/// A `>` that [`join_arrow`] joined to nothing: an arrow written `>` alone (`LTig>Zag`, `LTig >
/// Zag`), which the parser reports; not when it opens the line (`after` false: a quoted reply's
/// mark). Any other token is returned as it is.
fn lone_gt(mut t: Tok, after: bool, before: impl Fn(usize) -> Option<(usize, char)>) -> Tok {
    if after && t.kind == Tk::Other && before(t.end).is_some_and(|(k, c)| k == t.start && c == '>')
    {
        t.kind = Tk::Arrow;
    }
    t
}

/// Other transcribers' arrows, joined to one [`Tk::Arrow`] as `t` (an arrow or a `>`) is pushed
/// after the token before it: `=>` (`=` is a word character, so `Zag=>Lev` scans as `Zag=`, `>`)
/// and an arrow with spaces in it (`- ->`, `-- >`, `－ －＞`). `before(i)` is the character ending
/// at byte `i` and its start, width-folded. True when `t` was joined. Not on the fast path
/// ([`next_ascii`] alone), which gives such lines up at their `>` or lone `-`.
fn join_arrow(out: &mut Vec<Tok>, t: Tok, before: impl Fn(usize) -> Option<(usize, char)>) -> bool {
    let Some(p) = out.last_mut() else {
        return false;
    };
    // the character `t` starts with: a `>` unless `t` is an arrow
    let gt = t.kind == Tk::Arrow || before(t.end).is_some_and(|(k, c)| k == t.start && c == '>');
    if !gt {
        return false;
    }
    let lone_dash = p.kind == Tk::Other && before(p.end).is_some_and(|(_, c)| dash(c));
    if p.kind == Tk::Dash2 || lone_dash {
        // `- ->`, `-- >`
        p.kind = Tk::Arrow;
        p.end = t.end;
        return true;
    }
    if t.kind == Tk::Other && p.end == t.start {
        // `->>`, `>>`: a `>` more after an arrow
        if p.kind == Tk::Arrow {
            p.end = t.end;
            return true;
        }
        // `~>`, `~~>`: tildes for the dashes (each `~` a token of its own)
        if p.kind == Tk::Other && before(p.end).is_some_and(|(_, c)| c == '~') {
            let mut first = out.len() - 1;
            while let Some(k) = first.checked_sub(1)
                && let (Some(q), Some(r)) = (out.get(k), out.get(k + 1))
                && q.kind == Tk::Other
                && q.end == r.start
                && before(q.end).is_some_and(|(_, c)| c == '~')
            {
                first = k;
            }
            out.truncate(first + 1);
            if let Some(q) = out.last_mut() {
                q.kind = Tk::Arrow;
                q.end = t.end;
            }
            return true;
        }
    }
    if t.kind != Tk::Other || p.kind != Tk::Word || p.end != t.start {
        return false;
    }
    // `Zag=>`, `=>`, `==>`: the word's trailing `=`s and the `>` are the arrow
    let (mut from, mut n) = (p.end, 0u32);
    while from > p.start
        && let Some((k, '=')) = before(from)
    {
        from = k;
        n += 1;
    }
    if n == 0 {
        return false;
    }
    let arrow = Tok {
        kind: Tk::Arrow,
        start: from,
        end: t.end,
        col: t.col.saturating_sub(n),
    };
    if from == p.start {
        *p = arrow;
    } else {
        p.end = from;
        out.push(arrow);
    }
    true
}

/// A token of the general scanner pushed, or joined to the arrow before it ([`join_arrow`]).
fn push_char_tok(out: &mut Vec<Tok>, line: &str, t: Tok) {
    if matches!(t.kind, Tk::Other | Tk::Arrow) {
        let before = |i: usize| char_before(line, i);
        if !join_arrow(out, t, before) {
            let t = lone_gt(t, !out.is_empty(), before);
            out.push(t);
        }
        return;
    }
    out.push(t);
}

/// Whether the `入` ("into") at `k` stands for an arrow between two regions (`Sumer入Akkad`,
/// `LTig 入 Zag`): the character before it (past white space) is an ASCII letter, digit, `)` or
/// `.`, and the one after it an ASCII letter. Chinese prose keeps its `入` (`加入`).
fn into_arrow(chars: &Chars, k: usize) -> bool {
    let mut i = k;
    let before = loop {
        let Some(j) = i.checked_sub(1) else {
            return false;
        };
        match chars.get(j) {
            Some((_, c)) if c.is_whitespace() => i = j,
            Some((_, c)) => break c,
            None => return false,
        }
    };
    let mut j = k + 1;
    let after = loop {
        match chars.get(j) {
            Some((_, c)) if c.is_whitespace() => j += 1,
            Some((_, c)) => break c,
            None => return false,
        }
    };
    (before.is_ascii_alphanumeric() || matches!(before, ')' | '.')) && after.is_ascii_alphabetic()
}

/// The character of `line` ending at byte `i` and its start, width-folded (for [`join_arrow`]).
fn char_before(line: &str, i: usize) -> Option<(usize, char)> {
    line.get(..i)?
        .char_indices()
        .next_back()
        .map(|(k, c)| (k, fold_width(c)))
}

/// The token of an ASCII line at or after byte `k` (white space skipped): its kind and byte range.
/// The one step of [`lex_ascii`], shared with the fast path ([`crate::hotw::fast`]) so that both
/// cut a line the same way. A byte outside ASCII is an `Other` token of its own (the fast path
/// leaves such lines to the general scanner).
#[inline(always)]
pub(super) fn next_ascii(b: &[u8], mut k: usize) -> Option<(Tk, usize, usize)> {
    let mut c = *b.get(k)?;
    while class(c) & SPACE != 0 {
        k += 1;
        c = *b.get(k)?;
    }
    let start = k;
    // words first, the most common tokens (`..` is a placeholder, not a word)
    if (class(c) & WORD != 0 && !(c == b'.' && b.get(k + 1) == Some(&b'.'))) || c == b'+' {
        let mut j = k + 1;
        loop {
            while b.get(j).is_some_and(|&d| class(d) & WORD != 0) {
                j += 1;
            }
            // `-` and `+` between two letters or digits stay inside the word
            let inner = matches!(b.get(j), Some(b'-' | b'+'))
                && b.get(j - 1).is_some_and(|&p| class(p) & ALNUM != 0)
                && b.get(j + 1).is_some_and(|&p| class(p) & ALNUM != 0);
            if !inner {
                break;
            }
            j += 1;
        }
        let kind = if c == b'+' {
            Tk::Plus
        } else if class(c) & DIGIT != 0
            && b.get(k..j)
                .is_some_and(|w| w.iter().all(u8::is_ascii_digit))
        {
            Tk::Num
        } else {
            Tk::Word
        };
        return Some((kind, start, j.min(b.len())));
    }
    let (kind, end) = match c {
        b'(' => (Tk::LParen, k + 1),
        b')' => (Tk::RParen, k + 1),
        b',' => (Tk::Comma, k + 1),
        b';' => (Tk::Semi, k + 1),
        b':' => (Tk::Colon, k + 1),
        b'.' => {
            // `..` and more
            let mut j = k + 2;
            while b.get(j) == Some(&b'.') {
                j += 1;
            }
            (Tk::Ellipsis, j)
        }
        b'-' => {
            let mut j = k + 1;
            while b.get(j) == Some(&b'-') {
                j += 1;
            }
            if b.get(j) == Some(&b'>') {
                (Tk::Arrow, j + 1)
            } else if j - k >= 2 {
                (Tk::Dash2, j)
            } else {
                (Tk::Other, k + 1)
            }
        }
        _ => (Tk::Other, k + 1),
    };
    Some((kind, start, end))
}

/// The general scanner, for lines with characters outside ASCII (read width-folded).
fn lex_chars(line: &str, out: &mut Vec<Tok>) {
    let chars = if line.is_ascii() {
        Chars::Ascii(line.as_bytes())
    } else {
        Chars::Wide(
            line.char_indices()
                .map(|(i, c)| (i, fold_width(c)))
                .collect(),
        )
    };
    let end_of = |k: usize| chars.get(k).map(|p| p.0).unwrap_or(line.len());
    out.reserve(chars.len() / 3 + 1);
    let mut k = 0usize;
    while let Some((start, c)) = chars.get(k) {
        if c.is_whitespace() {
            k += 1;
            continue;
        }
        let (kind, next) = char_tok(&chars, line, k, c);
        push_char_tok(
            out,
            line,
            Tok {
                kind,
                start,
                end: end_of(next),
                col: k as u32,
            },
        );
        k = next;
    }
}

/// The token opening at the character `k` of `chars` (`c`, no white space) in [`lex_chars`]:
/// its kind and the index of the character after it.
#[inline(always)]
fn char_tok(chars: &Chars, line: &str, k: usize, c: char) -> (Tk, usize) {
    let single = match c {
        '(' => Some(Tk::LParen),
        ')' => Some(Tk::RParen),
        ',' => Some(Tk::Comma),
        ';' => Some(Tk::Semi),
        ':' => Some(Tk::Colon),
        _ => None,
    };
    if let Some(kind) = single {
        return (kind, k + 1);
    }
    if c == '…' || (c == '.' && chars.get(k + 1).is_some_and(|p| p.1 == '.')) {
        let mut j = k;
        while chars.get(j).is_some_and(|p| p.1 == '…' || p.1 == '.') {
            j += 1;
        }
        return (Tk::Ellipsis, j);
    }
    if matches!(
        c,
        '→' | '⟶' | '➔' | '⇒' | '➜' | '➝' | '➞' | '⇨' | '⟹' | '⮕' | '⟼'
    ) || (c == '入' && into_arrow(chars, k))
    {
        return (Tk::Arrow, k + 1);
    }
    if dash(c) {
        let mut j = k;
        while chars.get(j).is_some_and(|p| dash(p.1)) {
            j += 1;
        }
        return if chars.get(j).is_some_and(|p| p.1 == '>') {
            (Tk::Arrow, j + 1)
        } else if j - k >= 2 {
            (Tk::Dash2, j)
        } else {
            (Tk::Other, k + 1)
        };
    }
    if c == '+' || word_char(c) {
        let mut j = k + 1;
        while let Some((_, d)) = chars.get(j) {
            let inner = (d == '-' || d == '+')
                && chars.get(j - 1).is_some_and(|p| p.1.is_alphanumeric())
                && chars.get(j + 1).is_some_and(|p| p.1.is_alphanumeric());
            if !(word_char(d) || inner) || (d == '入' && into_arrow(chars, j)) {
                break;
            }
            j += 1;
        }
        let start = chars.get(k).map_or(line.len(), |p| p.0);
        let end = chars.get(j).map_or(line.len(), |p| p.0);
        let kind = if c == '+' {
            Tk::Plus
        } else if line
            .get(start..end)
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
        {
            Tk::Num
        } else {
            Tk::Word
        };
        return (kind, j);
    }
    (Tk::Other, k + 1)
}

/// For each token, the index of its matching parenthesis (for `(` and `)`), or None when it has
/// none (an unbalanced bracket) or is not a parenthesis. The tests' plain reference for the pairs
/// [`lex_paired`] gives (which skips lines without parentheses).
#[cfg(test)]
fn match_parens(toks: &[Tok]) -> Vec<Option<usize>> {
    let mut m = vec![None; toks.len()];
    let mut stack = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            Tk::LParen => stack.push(i),
            Tk::RParen => {
                if let Some(o) = stack.pop() {
                    m[o] = Some(i);
                    m[i] = Some(o);
                }
            }
            _ => {}
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(Tk, String)> {
        lex(s)
            .iter()
            .map(|t| (t.kind, s[t.start..t.end].to_string()))
            .collect()
    }

    #[test]
    fn lexes_chains_seas_and_battles() {
        let k = kinds("Che--S.China-->Meko(sea, XXV, cX) 12");
        let v: Vec<&str> = k.iter().map(|p| p.1.as_str()).collect();
        assert_eq!(
            v,
            [
                "Che", "--", "S.China", "-->", "Meko", "(", "sea", ",", "XXV", ",", "cX", ")", "12"
            ]
        );
        assert_eq!(k[1].0, Tk::Dash2);
        assert_eq!(k[12].0, Tk::Num);
        let k = kinds("（Pale +ct +f；Arab +f）SEAsia+India");
        assert_eq!(k[2], (Tk::Plus, "+ct".to_string()));
        assert_eq!(k[4].0, Tk::Semi);
        assert_eq!(k[8], (Tk::Word, "SEAsia+India".to_string()));
    }

    #[test]
    fn ascii_scanner_matches_the_general_one() {
        let alphabet = [
            "a", "Z", "0", "7", ".", "..", "-", "--", "->", ">", "+", "(", ")", ",", ";", ":", " ",
            "\t", "\x0b", "\x0c", "\r", "\\", "/", "=", "'", "!", "_", "X", "c/", "~",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..20_000 {
            let mut line = String::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 12) as usize;
            for _ in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                line.push_str(alphabet[(seed % alphabet.len() as u64) as usize]);
            }
            let (mut a, mut b) = (Vec::new(), Vec::new());
            lex_ascii(line.as_bytes(), &mut a);
            lex_chars(&line, &mut b);
            let key = |t: &Tok| (t.kind, t.start, t.end, t.col);
            assert_eq!(
                a.iter().map(key).collect::<Vec<_>>(),
                b.iter().map(key).collect::<Vec<_>>(),
                "{line:?}"
            );
            let (mut t, mut pairs, mut stack) = (Vec::new(), Vec::new(), Vec::new());
            lex_paired(&line, &mut t, &mut pairs, &mut stack);
            let m = match_parens(&b);
            let paired: Vec<Option<usize>> = (0..t.len())
                .map(|i| pairs.get(i).copied().filter(|&p| p != UNPAIRED))
                .collect();
            assert_eq!(paired, m, "{line:?}");
        }
    }

    #[test]
    fn finds_unbalanced_brackets() {
        let t = lex("UInd(V, cX, Zag-->LTig(V)");
        let m = match_parens(&t);
        assert_eq!(m[1], None);
        assert!(m[9].is_some());
    }
}
