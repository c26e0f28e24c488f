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
    matches!(c, '-' | '—' | '–' | '－' | '―')
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
    out.clear();
    if line.is_ascii() {
        lex_ascii(line.as_bytes(), out);
        return;
    }
    lex_chars(line, out);
}

/// White space as `char::is_whitespace` reads an ASCII byte (tab, line feed, vertical tab, form
/// feed, carriage return, space).
fn ascii_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ')
}

fn ascii_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'\\' | b'/' | b'=' | b'\'')
}

/// [`lex_chars`] for an ASCII line, byte by byte (a byte offset is then also the column). Gives
/// exactly the tokens `lex_chars` gives.
fn lex_ascii(b: &[u8], out: &mut Vec<Tok>) {
    out.reserve(b.len() / 3 + 1);
    let n = b.len();
    let at = |k: usize| b.get(k).copied();
    let mut k = 0usize;
    while let Some(c) = at(k) {
        let start = k;
        let col = k as u32;
        let tok = |kind, end| Tok {
            kind,
            start,
            end,
            col,
        };
        if ascii_space(c) {
            k += 1;
            continue;
        }
        let single = match c {
            b'(' => Some(Tk::LParen),
            b')' => Some(Tk::RParen),
            b',' => Some(Tk::Comma),
            b';' => Some(Tk::Semi),
            b':' => Some(Tk::Colon),
            _ => None,
        };
        if let Some(kind) = single {
            out.push(tok(kind, k + 1));
            k += 1;
            continue;
        }
        if c == b'.' && at(k + 1) == Some(b'.') {
            let mut j = k;
            while at(j) == Some(b'.') {
                j += 1;
            }
            out.push(tok(Tk::Ellipsis, j));
            k = j;
            continue;
        }
        if c == b'-' {
            let mut j = k;
            while at(j) == Some(b'-') {
                j += 1;
            }
            if at(j) == Some(b'>') {
                out.push(tok(Tk::Arrow, j + 1));
                k = j + 1;
            } else if j - k >= 2 {
                out.push(tok(Tk::Dash2, j));
                k = j;
            } else {
                out.push(tok(Tk::Other, k + 1));
                k += 1;
            }
            continue;
        }
        if c == b'+' || ascii_word(c) {
            let mut j = k + 1;
            let mut digits = c.is_ascii_digit();
            while let Some(d) = at(j) {
                let inner = (d == b'-' || d == b'+')
                    && j.checked_sub(1)
                        .and_then(at)
                        .is_some_and(|p| p.is_ascii_alphanumeric())
                    && at(j + 1).is_some_and(|p| p.is_ascii_alphanumeric());
                if !(ascii_word(d) || inner) {
                    break;
                }
                digits &= d.is_ascii_digit();
                j += 1;
            }
            let kind = if c == b'+' {
                Tk::Plus
            } else if digits {
                Tk::Num
            } else {
                Tk::Word
            };
            out.push(tok(kind, j.min(n)));
            k = j;
            continue;
        }
        out.push(tok(Tk::Other, k + 1));
        k += 1;
    }
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
        let col = k as u32;
        if c.is_whitespace() {
            k += 1;
            continue;
        }
        let single = match c {
            '(' => Some(Tk::LParen),
            ')' => Some(Tk::RParen),
            ',' => Some(Tk::Comma),
            ';' => Some(Tk::Semi),
            ':' => Some(Tk::Colon),
            _ => None,
        };
        if let Some(kind) = single {
            out.push(Tok {
                kind,
                start,
                end: end_of(k + 1),
                col,
            });
            k += 1;
            continue;
        }
        if c == '…' || (c == '.' && chars.get(k + 1).is_some_and(|p| p.1 == '.')) {
            let mut j = k;
            while chars.get(j).is_some_and(|p| p.1 == '…' || p.1 == '.') {
                j += 1;
            }
            out.push(Tok {
                kind: Tk::Ellipsis,
                start,
                end: end_of(j),
                col,
            });
            k = j;
            continue;
        }
        if matches!(c, '→' | '⟶' | '➔' | '⇒') {
            out.push(Tok {
                kind: Tk::Arrow,
                start,
                end: end_of(k + 1),
                col,
            });
            k += 1;
            continue;
        }
        if dash(c) {
            let mut j = k;
            while chars.get(j).is_some_and(|p| dash(p.1)) {
                j += 1;
            }
            if chars.get(j).is_some_and(|p| p.1 == '>') {
                out.push(Tok {
                    kind: Tk::Arrow,
                    start,
                    end: end_of(j + 1),
                    col,
                });
                k = j + 1;
            } else if j - k >= 2 {
                out.push(Tok {
                    kind: Tk::Dash2,
                    start,
                    end: end_of(j),
                    col,
                });
                k = j;
            } else {
                out.push(Tok {
                    kind: Tk::Other,
                    start,
                    end: end_of(k + 1),
                    col,
                });
                k += 1;
            }
            continue;
        }
        if c == '+' || word_char(c) {
            let mut j = k + 1;
            while let Some((_, d)) = chars.get(j) {
                let inner = (d == '-' || d == '+')
                    && chars.get(j - 1).is_some_and(|p| p.1.is_alphanumeric())
                    && chars.get(j + 1).is_some_and(|p| p.1.is_alphanumeric());
                if !(word_char(d) || inner) {
                    break;
                }
                j += 1;
            }
            let end = end_of(j);
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
            out.push(Tok {
                kind,
                start,
                end,
                col,
            });
            k = j;
            continue;
        }
        out.push(Tok {
            kind: Tk::Other,
            start,
            end: end_of(k + 1),
            col,
        });
        k += 1;
    }
}

/// For each token, the index of its matching parenthesis (for `(` and `)`), or None when it has
/// none (an unbalanced bracket) or is not a parenthesis.
pub fn match_parens(toks: &[Tok]) -> Vec<Option<usize>> {
    let mut m = Vec::new();
    match_parens_into(toks, &mut m);
    m
}

/// [`match_parens`] into a buffer (cleared first).
pub fn match_parens_into(toks: &[Tok], m: &mut Vec<Option<usize>>) {
    match_parens_with(toks, m, &mut Vec::new());
}

/// [`match_parens_into`] with a reused stack buffer.
pub fn match_parens_with(toks: &[Tok], m: &mut Vec<Option<usize>>, stack: &mut Vec<usize>) {
    m.clear();
    m.resize(toks.len(), None);
    stack.clear();
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            Tk::LParen => stack.push(i),
            Tk::RParen => {
                if let Some(o) = stack.pop() {
                    if let Some(slot) = m.get_mut(o) {
                        *slot = Some(i);
                    }
                    if let Some(slot) = m.get_mut(i) {
                        *slot = Some(o);
                    }
                }
            }
            _ => {}
        }
    }
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
