//! One line of a body, scanned into tokens with its brackets matched.

use crate::hotw::lexer::{Tk, Tok, UNPAIRED, lex_paired};

/// The token, parenthesis and bracket-stack buffers of a line, reused from line to line.
pub(super) type Buffers = (Vec<Tok>, Vec<usize>, Vec<usize>);
/// One scanned line.
pub(super) struct Line<'a> {
    pub(super) text: &'a str,
    pub(super) toks: Vec<Tok>,
    /// The matching parenthesis of each token ([`lex_paired`]; empty when the line has none).
    pub(super) m: Vec<usize>,
    pub(super) stack: Vec<usize>,
    pub(super) no: u32,
}

impl<'a> Line<'a> {
    pub(super) fn new(text: &'a str, no: u32) -> Self {
        Self::with_buffers(text, no, (Vec::new(), Vec::new(), Vec::new()))
    }
    /// A line scanned into reused buffers (see [`Line::into_buffers`]).
    #[inline]
    pub(super) fn with_buffers(
        text: &'a str,
        no: u32,
        (mut toks, mut m, mut stack): Buffers,
    ) -> Self {
        lex_paired(text, &mut toks, &mut m, &mut stack);
        Line {
            text,
            toks,
            m,
            stack,
            no,
        }
    }
    #[inline]
    pub(super) fn into_buffers(self) -> Buffers {
        (self.toks, self.m, self.stack)
    }
    #[inline]
    pub(super) fn kind(&self, i: usize) -> Option<Tk> {
        self.toks.get(i).map(|t| t.kind)
    }
    #[inline]
    pub(super) fn s(&self, i: usize) -> &'a str {
        self.toks
            .get(i)
            .and_then(|t| self.text.get(t.start..t.end))
            .unwrap_or("")
    }
    #[inline]
    pub(super) fn col(&self, i: usize) -> u32 {
        self.toks
            .get(i)
            .map(|t| t.col + 1)
            .or_else(|| self.toks.last().map(|t| t.col + 1))
            .unwrap_or(1)
    }
    /// The text of tokens `lo..hi`, as written.
    #[inline]
    pub(super) fn raw(&self, lo: usize, hi: usize) -> &'a str {
        let (Some(a), Some(b)) = (self.toks.get(lo), self.toks.get(hi.saturating_sub(1))) else {
            return "";
        };
        if b.end < a.start {
            return "";
        }
        self.text.get(a.start..b.end).unwrap_or("")
    }
    /// Index of the matching `)` of the `(` at `i` when it closes before `hi`.
    #[inline]
    pub(super) fn close(&self, i: usize, hi: usize) -> Option<usize> {
        self.pair(i).filter(|&r| r > i && r < hi)
    }
    /// The matching parenthesis of token `i`, if it has one.
    #[inline]
    pub(super) fn pair(&self, i: usize) -> Option<usize> {
        self.m.get(i).copied().filter(|&r| r != UNPAIRED)
    }
    /// The next token of `kind` at or after `i` (before `hi`), or `hi`.
    #[inline]
    pub(super) fn find(&self, i: usize, hi: usize, kinds: &[Tk]) -> usize {
        let at = (i..hi)
            .find(|&k| self.kind(k).is_some_and(|t| kinds.contains(&t)))
            .unwrap_or(hi);
        crate::work::examined(at.saturating_sub(i) + 1);
        at
    }
}
