//! The reader of one line's tokens (`Lp`): its diagnostics, the names of regions and seas it
//! resolves, the groups and builds of a region.

use std::borrow::Cow;

use super::line::Line;
use crate::diag::Sink;
use crate::hotw::chain::{Lists, Node, Span};
use crate::hotw::code;
use crate::hotw::items::build_items;
use crate::hotw::lexer::Tk;
use crate::hotw::tables::{How, RegionType, TABLES};

/// Parser of one line's tokens, writing diagnostics and collecting unreadable parts.
pub(super) struct Lp<'l, 's> {
    pub(super) l: &'l Line<'l>,
    pub(super) sink: &'s mut Sink,
    pub(super) epoch: u8,
    pub(super) unparsed: Vec<String>,
    /// `+N` texts of the card being read (for its detail).
    pub(super) plus: Vec<String>,
    /// A buffer for the nodes of a segment, reused.
    pub(super) seq: Vec<Node>,
    /// The tokens the nodes of a segment point into, reused.
    pub(super) lists: Lists,
    /// The first word of the line and its region row, when `turn_line` found it to be exactly a
    /// region's code: [`Lp::region_str`] then needs no second look-up of the same word.
    pub(super) memo: Option<(&'l str, usize)>,
}

impl Lp<'_, '_> {
    pub(super) fn warn(&mut self, code: &str, i: usize, msg: String) {
        let col = self.l.col(i);
        self.sink.warning(code, self.l.no, col, msg);
    }
    pub(super) fn info(&mut self, code: &str, i: usize, msg: String) {
        let col = self.l.col(i);
        self.sink.info(code, self.l.no, col, msg);
    }
    pub(super) fn unreadable(&mut self, lo: usize, hi: usize) {
        let raw = self.l.raw(lo, hi.max(lo + 1)).trim().to_string();
        if raw.is_empty() {
            return;
        }
        let col = self.l.col(lo);
        self.sink.error(
            code::UNREADABLE,
            self.l.no,
            col,
            format!("could not read {raw:?}; kept as raw text"),
        );
        self.unparsed.push(raw);
    }

    /// Resolves a region-like word with diagnostics. With `allow_x`, a word that does not resolve but
    /// does without a trailing `X` (`GanValX` style) yields the region and a lost battle.
    pub(super) fn region_at(&mut self, i: usize, allow_x: bool) -> (Cow<'static, str>, bool) {
        let w = self.l.s(i);
        if allow_x && w.len() > 1 && w.ends_with('X') && TABLES.region(w, false).is_none() {
            let stem = w.get(..w.len() - 1).unwrap_or("");
            if TABLES.region(stem, false).is_some() {
                return (self.region_str(stem, i), true);
            }
        }
        (self.region_str(w, i), false)
    }

    pub(super) fn region_str(&mut self, w: &str, i: usize) -> Cow<'static, str> {
        if let Some((m, row)) = self.memo
            && std::ptr::eq(m, w)
            && let Some(r) = TABLES.region_at_row(row)
        {
            return Cow::Borrowed(r.code.as_str());
        }
        match TABLES.region(w, true) {
            Some((r, how)) => {
                let code = Cow::Borrowed(r.code.as_str());
                if how != How::Exact {
                    self.report_inexact(
                        &how,
                        w,
                        &code,
                        i,
                        code::REGION_ALIAS,
                        code::REGION_DOTTED,
                        code::REGION_FUZZY,
                        "region",
                    );
                }
                code
            }
            None => {
                self.warn(
                    code::REGION_UNKNOWN,
                    i,
                    format!("unknown region {w:?}; kept as written"),
                );
                Cow::Owned(w.to_string())
            }
        }
    }

    /// Reports how a name was resolved when it was not its exact code (callers check `how`
    /// first: an exact code, the common case, costs no call).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn report_inexact(
        &mut self,
        how: &How,
        w: &str,
        code_: &str,
        i: usize,
        alias: &str,
        dotted: &str,
        fuzzy: &str,
        what: &str,
    ) {
        match how {
            How::Exact => {}
            How::Folded => {
                if w.contains('.') && w.chars().filter(|c| *c != '.').eq(code_.chars()) {
                    self.info(dotted, i, format!("dotted {what} {w:?} read as {code_}"));
                } else {
                    self.info(alias, i, format!("{what} {w:?} read as {code_}"));
                }
            }
            How::Alias(note) => {
                let (open, close) = if note.is_empty() {
                    ("", "")
                } else {
                    (" (", ")")
                };
                self.info(
                    alias,
                    i,
                    format!("{what} alias {w:?} read as {code_}{open}{note}{close}"),
                );
            }
            How::Name => self.info(alias, i, format!("{what} name {w:?} read as {code_}")),
            How::Fuzzy(d) => self.warn(
                fuzzy,
                i,
                format!("{what} {w:?} read as {code_} (a misspelling? edit distance {d})"),
            ),
        }
    }

    pub(super) fn stray(&mut self, k: usize) {
        let w = self.l.s(k);
        if w == "." {
            self.info(code::PUNCTUATION, k, "stray \".\" ignored".into());
        } else {
            self.warn(code::STRAY_CHAR, k, format!("stray {w:?} ignored"));
        }
    }

    /// `+f`, `+ct`, `+f+m` → build items, pushed onto `self.lists.items`.
    pub(super) fn plus_items(&mut self, k: usize) {
        let w = self.l.s(k);
        let lists = &mut self.lists;
        let mut unknown = false;
        build_items(w, |item| {
            lists.items.push(match item {
                Ok(b) => Cow::Borrowed(b),
                Err(part) => {
                    unknown = true;
                    Cow::Owned(part.to_string())
                }
            })
        });
        if unknown {
            // every warning of the word is at its column, in the order of its items
            build_items(w, |item| {
                if let Err(part) = item {
                    self.warn(
                        code::BUILD_UNKNOWN,
                        k,
                        format!("build \"+{part}\" is none of +f, +m, +ct; kept as written"),
                    );
                }
            });
        }
    }

    /// A region with its groups, at the word `i`.
    pub(super) fn node(&mut self, i: usize, hi: usize) -> (Node, usize) {
        let mut j = i + 1;
        let (name, lost) = match self.full_name(i, hi) {
            Some((code_, end)) => {
                let w = self.l.raw(i, end);
                self.info(
                    code::REGION_ALIAS,
                    i,
                    format!("region name {w:?} read as {code_}"),
                );
                j = end;
                (code_, false)
            }
            None => self.region_at(i, true),
        };
        let mut node = Node::new(name, &self.lists);
        if lost {
            self.lists.battle(&mut node, "X".into());
        }
        while j < hi && self.l.kind(j) == Some(Tk::LParen) {
            j = self.group(j, hi, &mut node);
        }
        (node, j)
    }

    /// A full name written in several words (`Great Plain of China`, `Western Mediterranean`)
    /// starting at `i`: the code and the index after the last word. The first word may be a code
    /// itself (`Wei River`, `Yellow River`, `Congo Basin`): the words together are the name of
    /// that region only.
    pub(super) fn full_name(&self, i: usize, hi: usize) -> Option<(Cow<'static, str>, usize)> {
        if self.l.kind(i) != Some(Tk::Word) || self.l.kind(i + 1) != Some(Tk::Word) {
            return None;
        }
        let mut end = i + 1;
        while end < hi && end < i + 5 && self.l.kind(end) == Some(Tk::Word) {
            end += 1;
        }
        while end > i + 1 {
            if let Some((r, How::Name)) = TABLES.region(self.l.raw(i, end), false) {
                return Some((Cow::Borrowed(r.code.as_str()), end));
            }
            end -= 1;
        }
        None
    }

    /// Pushes the sea `name` (token `k`) onto `self.lists.vias`, warning when it is a land
    /// region; the new end of the list.
    pub(super) fn via(&mut self, name: Cow<'static, str>, k: usize) -> u32 {
        if TABLES
            .region(&name, false)
            .is_some_and(|(r, _)| r.kind != RegionType::Sea)
        {
            self.warn(
                code::VIA_NOT_SEA,
                k,
                format!("{name} in a sea route is not a sea"),
            );
        }
        self.lists.vias.push(name);
        self.lists.vias.len() as u32
    }

    /// Seas of a sea route `(Atl, Ind, WPac)` between `lo` and `hi`, pushed onto
    /// `self.lists.vias`.
    pub(super) fn seas(&mut self, lo: usize, hi: usize) -> Span {
        let mut out = Span::at_end(&self.lists.vias);
        let mut skip_to = lo;
        for k in lo..hi {
            if k < skip_to {
                continue;
            }
            match self.l.kind(k) {
                Some(Tk::Word) => {
                    // `(Eastern Mediterranean)`: a sea by its full name
                    if let Some((code_, end)) = self.full_name(k, hi) {
                        let w = self.l.raw(k, end);
                        self.info(
                            code::REGION_ALIAS,
                            k,
                            format!("sea name {w:?} read as {code_}"),
                        );
                        out.hi = self.via(code_, k);
                        skip_to = end;
                        continue;
                    }
                    let w = self.l.s(k);
                    let name = self.region_str(w, k);
                    out.hi = self.via(name, k);
                }
                Some(Tk::Comma | Tk::Semi) => {}
                _ => self.stray(k),
            }
        }
        out
    }
}
