//! What the index keeps between searches: counts of broad terms by segment and kind
//! ([`TermCounts`]).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use tantivy::Term;

/// The total and the facet counts of the documents of one segment that hold one term, by kind,
/// for the terms that one document in [`TERM_COUNTS_SHARE`] of the segment or more holds and for
/// every year, once a search has counted them. A segment never changes (a deletion gives it an alive bitset, and a segment
/// with one is never looked up here), so a count stays true while the segment lives: a query of
/// one broad term (`empire:Ang`, `region:Balk`, `side:魏`, a common player) then reads its total
/// and facets from here instead of from a pass over a third of the archive, and only looks for
/// its page of hits (which block-max WAND prunes). Counting a term costs its first query in each
/// segment what it cost before. What is kept is bounded by the broad terms that exist, not by
/// the queries asked: at most one entry a term and segment, and only terms a thirty-second of the
/// segment holds, or years (a few dozen). Kept by kind, the counts also answer a term within one
/// kind (`kind:hotw Cup`, a search of the kind tabs), and the years' add up to a range's
/// (`year:1990..1995`): a game has one kind and one year (see [`planned`]).
#[derive(Default)]
pub(super) struct TermCounts {
    pub(super) by_term: HashMap<(tantivy::index::SegmentId, Term), Arc<TermCount>>,
    /// Facet counts kept, over all the entries.
    pub(super) pairs: usize,
}

/// One entry of [`TermCounts`]: by kind slot of the segment ([`SegmentFacets::kinds`]), then for
/// the documents without a kind, the matches and the counts of the facet ordinals they hold.
pub(super) struct TermCount {
    pub(super) parts: Vec<Part>,
}

/// The matches of a term among the documents of one kind, and the counts of their facets.
#[derive(Default)]
pub(super) struct Part {
    pub(super) total: usize,
    pub(super) counts: Vec<(u32, u64)>,
}

impl TermCount {
    /// The facet counts kept.
    pub(super) fn pairs(&self) -> usize {
        self.parts.iter().map(|p| p.counts.len()).sum()
    }
}

/// A term is counted in [`TermCounts`] when at least one document in this many of the segment
/// holds it (narrower terms are counted quickly anyway).
pub(super) const TERM_COUNTS_SHARE: u64 = 32;
/// At most this many facet counts are kept in [`TermCounts`] (about 16 bytes each); past it, the
/// entries of segments merged away are dropped, and if that is not enough, all.
pub(super) const TERM_COUNTS_PAIRS: usize = 1 << 20;

impl TermCounts {
    /// Drops the entries of segments merged away.
    pub(super) fn forget_dead(&mut self, live: &HashSet<tantivy::index::SegmentId>) {
        self.by_term.retain(|(seg, _), _| live.contains(seg));
        self.pairs = self.by_term.values().map(|c| c.pairs()).sum();
    }

    pub(super) fn put(
        &mut self,
        key: (tantivy::index::SegmentId, Term),
        count: Arc<TermCount>,
        live: impl Fn() -> HashSet<tantivy::index::SegmentId>,
    ) {
        let n = count.pairs();
        if self.pairs + n > TERM_COUNTS_PAIRS {
            self.forget_dead(&live());
            if self.pairs + n > TERM_COUNTS_PAIRS {
                self.by_term.clear();
                self.pairs = 0;
            }
        }
        self.pairs += n;
        if let Some(old) = self.by_term.insert(key, count) {
            self.pairs = self.pairs.saturating_sub(old.pairs());
        }
    }
}
