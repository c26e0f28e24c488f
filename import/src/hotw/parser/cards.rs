//! A line of event cards: the cards one by one, how they are parted (`,`, `+`, `&`, `;`, `/`),
//! their full names in several words, and what follows a card (its moves, its targets).

use std::borrow::Cow;

use super::card::{card_full_name, detail};

use super::lp::Lp;
use crate::hotw::code;
use crate::hotw::game::{CardPlay, Turn};
use crate::hotw::lexer::Tk;
use crate::hotw::tables::{How, TABLES};

impl Lp<'_, '_> {
    /// `+` or `&` between two cards (`Lead + Popu`, `Lead & Popu`): a separator, as `,` is.
    fn card_joiner(&self, j: usize, hi: usize, turn: &Turn) -> bool {
        !turn.cards.is_empty()
            && j + 1 < hi
            && self.l.kind(j + 1) == Some(Tk::Word)
            && match (self.l.kind(j), self.l.s(j)) {
                (Some(Tk::Plus), "+") | (Some(Tk::Other), "&" | "＆") => true,
                // `Lead; Popu`: a semicolon before a word that is a card and no region (a `;`
                // before a move chain is the notation's)
                (Some(Tk::Semi), _) => self.semi_card(j + 1, hi),
                _ => false,
            }
    }

    /// The word at `k` is an event card (as its code, an alias or its full name, no
    /// misspelling) and names no region, and no arrow follows it before `hi`.
    #[cold]
    #[inline(never)]
    fn semi_card(&self, k: usize, hi: usize) -> bool {
        let w = self.l.s(k);
        TABLES.card(w, false).is_some()
            && TABLES.region(w, false).is_none()
            && !(k..hi).any(|i| matches!(self.l.kind(i), Some(Tk::Arrow | Tk::Dash2)))
    }

    /// Cards joined by `/` in one word (`Lead/Popu`), with no argument after it: each part a card
    /// (no misspelling, and not `Civil` or `King`, whose reading depends on their arguments), all
    /// pushed to `turn` with an info at the word. False (nothing pushed) when a part is no card.
    #[cold]
    #[inline(never)]
    fn slashed_cards(&mut self, j: usize, hi: usize, turn: &mut Turn) -> bool {
        if j + 1 < hi && self.l.kind(j + 1) == Some(Tk::LParen) {
            return false;
        }
        let w = self.l.s(j);
        let mut found = Vec::new();
        for part in w.split('/') {
            let lower = part.to_ascii_lowercase();
            if matches!(lower.as_str(), "civil" | "king" | "kingdom") {
                return false;
            }
            match TABLES.card(part, false) {
                Some((c, how)) => found.push((part, c, how)),
                None => return false,
            }
        }
        if found.len() < 2 {
            return false;
        }
        self.info(
            code::PUNCTUATION,
            j,
            format!("\"/\" between two cards in {w:?} read as \",\""),
        );
        for (part, c, how) in found {
            if how != How::Exact {
                self.report_inexact(
                    &how,
                    part,
                    c.code.as_str(),
                    j,
                    code::CARD_ALIAS,
                    code::CARD_ALIAS,
                    code::CARD_FUZZY,
                    "card",
                );
            }
            self.check_epoch_of(c, j);
            turn.cards.push(CardPlay {
                card: Cow::Borrowed(c.code.as_str()),
                name: Cow::Borrowed(c.name.as_str()),
                raw: Cow::Owned(part.to_string()),
                ..CardPlay::default()
            });
        }
        true
    }

    /// The words a transcriber writes for a turn without a card: `none`, `no card`, `-`… (the
    /// whole of `lo..hi`).
    fn no_card(&self, lo: usize, hi: usize) -> bool {
        let w = |k: usize| self.l.s(k).to_ascii_lowercase();
        match hi.checked_sub(lo) {
            Some(1) => matches!(
                w(lo).as_str(),
                "none" | "nil" | "nocard" | "nocards" | "無" | "无" | "없음"
            ),
            Some(2) => w(lo) == "no" && matches!(w(lo + 1).as_str(), "card" | "cards"),
            _ => false,
        }
    }

    /// A line of event cards between `lo` and `hi`.
    pub(super) fn cards(&mut self, lo: usize, hi: usize, turn: &mut Turn) {
        if turn.cards.is_empty() && self.no_card(lo, hi) {
            let raw = self.l.raw(lo, hi).trim();
            self.info(
                code::NO_CARD,
                lo,
                format!("{raw:?} read as no event card played"),
            );
            return;
        }
        let mut j = lo;
        while j < hi {
            match self.l.kind(j) {
                Some(Tk::Plus | Tk::Other | Tk::Semi) if self.card_joiner(j, hi, turn) => {
                    let sep = self.l.s(j);
                    self.info(
                        code::PUNCTUATION,
                        j,
                        format!("{sep:?} between two cards read as \",\""),
                    );
                    j += 1;
                    continue;
                }
                Some(Tk::Comma | Tk::Semi | Tk::Ellipsis) => {
                    j += 1;
                    continue;
                }
                Some(Tk::LParen) if !turn.cards.is_empty() => {
                    // builds after a card: Cru(...), (Pale +ct +f; Arab +f)
                    let end = self.l.close(j, hi).unwrap_or(hi);
                    if end == hi {
                        self.warn(
                            code::BRACKET_REPAIRED,
                            j,
                            "unclosed \"(\" closed at the end of the line".into(),
                        );
                    }
                    let mut builds = Vec::new();
                    self.build_list(j + 1, end, &mut builds);
                    if let Some(c) = turn.cards.last_mut() {
                        c.builds.extend(builds);
                        c.raw = format!("{}, {}", c.raw, self.l.raw(j, (end + 1).min(hi))).into();
                    }
                    j = (end + 1).min(hi.max(end));
                    continue;
                }
                Some(Tk::Word) => {}
                _ => {
                    let stop = self.l.find(j + 1, hi, &[Tk::Comma]);
                    self.unreadable(j, stop);
                    j = stop;
                    continue;
                }
            }
            if self.l.s(j).contains('/') && self.slashed_cards(j, hi, turn) {
                j += 1;
                if j < hi && self.l.kind(j) != Some(Tk::Comma) && !self.card_joiner(j, hi, turn) {
                    let stop = self.l.find(j, hi, &[Tk::Comma]);
                    self.unreadable(j, stop);
                    j = stop;
                }
                continue;
            }
            let name_i = j;
            // a full name in several words (`Civil Service(+2)`, `Naval Power`) before the words
            let full = card_full_name(self.l, j, hi, true);
            j = full.as_ref().map_or(j + 1, |f| f.2);
            let mut groups = Vec::new();
            while self.l.kind(j) == Some(Tk::LParen) && j < hi {
                match self.l.close(j, hi) {
                    Some(rp) => {
                        groups.push((j + 1, rp));
                        j = rp + 1;
                    }
                    None => {
                        self.warn(
                            code::BRACKET_REPAIRED,
                            j,
                            "unclosed \"(\" closed before the next card".into(),
                        );
                        let stop = self.l.find(j + 1, hi, &[Tk::Comma, Tk::Semi]);
                        groups.push((j + 1, stop));
                        j = stop;
                    }
                }
            }
            let tail = match self.l.kind(j) {
                Some(Tk::Colon | Tk::Arrow | Tk::Dash2) if j < hi => Some(j),
                _ => None,
            };
            let raw_end = if tail.is_some() { hi } else { j };
            let mut card = self.card(name_i, full, &groups, tail.is_some(), turn);
            card.raw = self.l.raw(name_i, raw_end).trim().to_string().into();
            // `Expert Troops: Forests` (appendix 3's name of the card): the terrain after the colon
            if let Some(t) = tail
                && card.card == "Exp"
                && groups.is_empty()
                && self.l.kind(t) == Some(Tk::Colon)
                && self.l.kind(t + 1) == Some(Tk::Word)
            {
                let stop = self.l.find(t + 1, hi, &[Tk::Comma, Tk::Semi]);
                card.detail = Some(self.terrain(t + 1, stop));
                card.raw = self.l.raw(name_i, stop).trim().to_string().into();
                turn.cards.push(card);
                j = stop;
                continue;
            }
            if let Some(t) = tail {
                let start = if self.l.kind(t) == Some(Tk::Colon) {
                    t + 1
                } else {
                    t
                };
                if card.card == "Barbar" || (self.l.kind(t) != Some(Tk::Colon)) {
                    let o = card.detail.clone().unwrap_or_default();
                    let origin = if card.card == "Barbar" && !o.is_empty() {
                        Some(Cow::Owned(o))
                    } else {
                        None
                    };
                    let code_ = card.card.clone();
                    self.moves(start, hi, origin, Some(&code_), turn);
                } else {
                    self.targets(start, hi, &mut card);
                    card.detail = detail(&card, None, &self.plus);
                }
                j = hi;
            }
            turn.cards.push(card);
            if j < hi && self.l.kind(j) != Some(Tk::Comma) && !self.card_joiner(j, hi, turn) {
                let stop = self.l.find(j, hi, &[Tk::Comma]);
                self.unreadable(j, stop);
                j = stop;
            }
        }
    }
}
