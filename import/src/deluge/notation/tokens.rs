//! An order's tokens (words and marks, with their character offsets) and the cursor the order
//! grammar reads them with.

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    Word(String),
    Sym(char),
}

#[derive(Debug, Clone)]
pub(super) struct T {
    pub(super) tok: Tok,
    /// Offset in characters from the start of the order text.
    pub(super) off: usize,
    /// A `-` written between two letters without spaces (`Mid-Atlantic`): it may join the words of
    /// one province's name rather than be a move. On a word: the unit's letter split from the
    /// province glued to it by a full stop (`A.Lon`, read as `A Lon`).
    pub(super) tight: bool,
}

pub(super) fn tokenize(s: &str) -> Vec<T> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '.' || c == '\'' {
            let start = i;
            let mut w = String::new();
            while i < chars.len()
                && (chars[i].is_alphanumeric() || chars[i] == '.' || chars[i] == '\'')
            {
                w.push(chars[i]);
                i += 1;
            }
            let w = w.trim_end_matches('.');
            // `A.Lon`, `F.Nth`: the unit's letter glued to the province by a full stop (no
            // province's name starts so): two words, the first marked
            let b = w.as_bytes();
            if b.len() > 2
                && b[1] == b'.'
                && matches!(b[0], b'A' | b'a' | b'F' | b'f')
                && b[2].is_ascii_alphabetic()
            {
                out.push(T {
                    tok: Tok::Word(w.get(..1).unwrap_or_default().to_string()),
                    off: start,
                    tight: true,
                });
                out.push(T {
                    tok: Tok::Word(w.get(2..).unwrap_or_default().to_string()),
                    off: start + 2,
                    tight: false,
                });
                continue;
            }
            // a lone `.` (a sentence's full stop after a bracket) is no word
            if !w.is_empty() {
                out.push(T {
                    tok: Tok::Word(w.to_string()),
                    off: start,
                    tight: false,
                });
            }
            continue;
        }
        let start = i;
        let tight = c == '-'
            && i > 0
            && chars[i - 1].is_alphabetic()
            && chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
        let sym = match c {
            '-' | '–' | '—' | '→' | '⇒' | '⟶' | '➔' => {
                // `--`, `-->`, `—>`: one move sign
                while chars
                    .get(i + 1)
                    .is_some_and(|n| matches!(n, '-' | '–' | '—'))
                {
                    i += 1;
                }
                if chars.get(i + 1) == Some(&'>') {
                    i += 1;
                }
                Some('-')
            }
            '=' if chars.get(i + 1) == Some(&'>') => {
                i += 1;
                Some('-')
            }
            '>' => Some('-'),
            '/' | '(' | ')' | '[' | ']' | '*' => Some(c),
            c if c.is_whitespace() => None,
            other => Some(other),
        };
        i += 1;
        if let Some(sym) = sym {
            out.push(T {
                tok: Tok::Sym(sym),
                off: start,
                tight,
            });
        }
    }
    out
}

pub(super) struct Cursor<'a> {
    pub(super) toks: &'a [T],
    pub(super) i: usize,
}

impl Cursor<'_> {
    pub(super) fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.i).map(|t| &t.tok)
    }
    pub(super) fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.i + k).map(|t| &t.tok)
    }
    pub(super) fn off(&self) -> usize {
        self.toks.get(self.i).map_or(0, |t| t.off)
    }
    pub(super) fn word(&self) -> Option<String> {
        match self.peek() {
            Some(Tok::Word(w)) => Some(w.to_ascii_lowercase()),
            _ => None,
        }
    }
    pub(super) fn is_word(&self, set: &[&str]) -> bool {
        self.word().is_some_and(|w| set.contains(&w.as_str()))
    }
    pub(super) fn is_sym(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Sym(c))
    }
    pub(super) fn done(&self) -> bool {
        self.i >= self.toks.len()
    }
}

pub(super) const KEYWORDS: &[&str] = &[
    "s",
    "c",
    "h",
    "t",
    "supports",
    "support",
    "convoys",
    "convoy",
    "hold",
    "holds",
    "stands",
    "transform",
    "transforms",
    "becomes",
    "via",
    "to",
    "b",
    "d",
    "build",
    "builds",
    "disband",
    "disbands",
    "remove",
    "removes",
];
