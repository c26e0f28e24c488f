//! Looking names up in the tables: exact codes (the fast path's), then every resolution step.

use super::Tables;
use super::index::{closest, name_key, with_key};
use super::rows::{Card, Empire, How, Region};

impl Tables {
    /// The region whose code the word `w` is, exactly as written (no folding, no alias).
    #[inline]
    pub fn region_exact(&self, w: &[u8]) -> Option<&Region> {
        self.regions.get(self.region_ix.code_bytes(w)?)
    }

    /// [`Tables::region_exact`] for the first word of a line of a turn, when that line is then
    /// surely a move line: the code names no card and is no `civil`/`king` form or seat letter
    /// (what the general parser checks before it reads a line as moves).
    #[inline]
    pub fn move_opener(&self, w: &[u8]) -> Option<&Region> {
        let r = self.region_ix.code_bytes(w)?;
        if !self.region_opens_moves.get(r).copied().unwrap_or(false) {
            return None;
        }
        self.regions.get(r)
    }

    /// The card whose code the word `w` is, exactly as written, when it is read as that card
    /// whatever its arguments (every card but `CivilS`/`CivilW`'s `Civil…` forms and `King`).
    #[inline]
    pub fn plain_card(&self, w: &[u8]) -> Option<&Card> {
        let r = self.card_ix.code_bytes(w)?;
        if !self.card_is_plain.get(r).copied().unwrap_or(false) {
            return None;
        }
        self.cards.get(r)
    }

    /// `self.card(w, false).is_some()`, answered in one look-up when `w` is exactly a region's
    /// code (what most move lines start with).
    pub fn is_card(&self, w: &str) -> bool {
        self.is_card_row(w).0
    }

    /// [`Tables::is_card`], with the row of the region when `w` is exactly a region's code (so
    /// the parser need not look the same word up again; see [`Tables::region_at_row`]).
    pub fn is_card_row(&self, w: &str) -> (bool, Option<usize>) {
        match self.region_ix.code(w) {
            Some(r) => (
                self.region_is_card.get(r).copied().unwrap_or(false),
                Some(r),
            ),
            None => (self.card(w, false).is_some(), None),
        }
    }

    /// The region of a row that [`Tables::is_card_row`] gave: what [`Tables::region`] answers
    /// (with [`How::Exact`]) for that row's code.
    pub fn region_at_row(&self, row: usize) -> Option<&Region> {
        self.regions.get(row)
    }

    /// Resolves a region, sea or wasteland.
    #[inline]
    pub fn region(&self, s: &str, fuzzy: bool) -> Option<(&Region, How<'_>)> {
        let (r, how) = self.region_ix.first(s, fuzzy)?;
        Some((self.regions.get(r)?, how))
    }

    /// Resolves an area code (`China`, `NAm`, `Aust`…) to its canonical spelling.
    pub fn area(&self, s: &str) -> Option<&str> {
        with_key(s, false, |k| self.areas.get(k)).map(String::as_str)
    }

    /// Resolves an empire (major or minor); `epoch` is the epoch of the turn so far, which settles
    /// a form naming two empires (`Fran`): the one of this epoch, else the first later one, else
    /// the latest earlier one. The bool is true when context had to choose.
    pub fn empire(
        &self,
        s: &str,
        epoch: Option<u8>,
        fuzzy: bool,
    ) -> Option<(&Empire, How<'_>, bool)> {
        // an exact code that no epoch alias shares (most turn headers) is the one candidate:
        // answered without ranking candidates
        if let Some(r) = self.empire_ix.code(s)
            && !self
                .empire_ix
                .code_has_epoch_alias
                .get(r)
                .copied()
                .unwrap_or(true)
        {
            return Some((self.empires.get(r)?, How::Exact, false));
        }
        let mut best: Option<(usize, How)> = None;
        let mut best_rank = (u8::MAX, u8::MAX);
        // candidates are distinct rows, so context chose when there was more than one
        let n = self.empire_ix.each_candidate(s, fuzzy, |row, how| {
            let Some(e) = self.empires.get(row) else {
                return;
            };
            let rank = match epoch {
                None => (0, 0),
                Some(ep) if e.epoch == ep => (0, 0),
                Some(ep) if e.epoch > ep => (1, e.epoch - ep),
                Some(ep) => (2, ep - e.epoch),
            };
            if best.is_none() || rank < best_rank {
                best = Some((row, how));
                best_rank = rank;
            }
        });
        let (row, how) = best?;
        let chose = n > 1;
        Some((self.empires.get(row)?, how, chose))
    }

    /// Resolves an event card.
    pub fn card(&self, s: &str, fuzzy: bool) -> Option<(&Card, How<'_>)> {
        let (r, how) = self.card_ix.first(s, fuzzy)?;
        Some((self.cards.get(r)?, how))
    }

    /// The card whose full name of several words is misspelled in `s` (`Navel Power`, `Elite
    /// Trops`), at the edit distance of the other misspellings; None when none is that close or
    /// two are as close. Full names are no keys of the usual fuzzy look-up (a name of several
    /// words is read only where words stand together: [`crate::hotw`]'s card lists).
    pub fn card_misspelled_name(&self, s: &str) -> Option<(&Card, usize)> {
        let k: Vec<char> = name_key(s).chars().collect();
        let names: Vec<(Vec<char>, usize)> = (self.cards.iter().enumerate())
            .filter(|(_, c)| c.name.contains(' '))
            .map(|(row, c)| (name_key(&c.name).chars().collect(), row))
            .collect();
        let (row, d) = closest(&k, names.iter().map(|(n, row)| (n.as_slice(), *row)))?;
        Some((self.cards.get(row)?, d))
    }

    /// A card by its canonical code.
    pub fn card_by_code(&self, code: &str) -> Option<&Card> {
        self.card_ix.code(code).and_then(|r| self.cards.get(r))
    }

    /// The kingdom card (王國) of an epoch: Can, Etr, Kuch, Tia, Mali, Thai, Zim.
    pub fn kingdom(&self, epoch: u8) -> Option<&Card> {
        let code = ["Can", "Etr", "Kuch", "Tia", "Mali", "Thai", "Zim"]
            .get(usize::from(epoch).checked_sub(1)?)?;
        self.card_by_code(code)
    }
}
