//! The planned path of a search: queries of one term or one range of years, within one kind or
//! all, answered from counts kept by term and kind ([`TermCounts`]) and a look for their page of
//! hits alone, instead of a pass over every match.
//!
//! A game has one kind and one year. So the counts of a term's games of one kind are a part of
//! the term's counts kept by kind, and the counts of a range of years are the sum of its years'.
//! The page of hits is then what tantivy's `TopDocs` over the query would give, by score and, in
//! a tie, by address (segment, then document):
//! - a term within a kind scores as the term alone (the kind is a filter, which scores 0): the
//!   term's best games of that kind, found by block-max WAND over the term's postings with the
//!   games of other kinds passed over;
//! - a range of years scores 1 for every game: the first games of the range in address order,
//!   read from the postings of its years until the page is full.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use tantivy::postings::TermInfo;
use tantivy::query::EnableScoring;
use tantivy::{DocId, DocSet, Score, SegmentReader};

use crate::error::{Error, Result};
use annals_import::Kind;
use std::sync::Arc;
use tantivy::query::{Query as TQuery, TermQuery};
use tantivy::schema::IndexRecordOption;
use tantivy::{DocAddress, Term};

use super::Index;
use super::caches::{Part, TERM_COUNTS_SHARE, TermCount};
use super::facets::{
    FACET_TOP, Facets, KINDLESS, SegmentFacetCounter, SegmentFacets, live_segments, merge_counts,
};

/// How a query is answered (see [`Index::build_query`]).
pub(super) enum Plan {
    /// One pass over the matches, which gives the page, the total and the facets.
    Other,
    /// One term, scored, within one kind or all.
    Term {
        query: TermQuery,
        kind: Option<Kind>,
    },
    /// The games of a range of years (each scores 1), within one kind or all.
    Years {
        from: Option<i64>,
        to: Option<i64>,
        kind: Option<Kind>,
    },
}

impl Plan {
    /// The plan restricted to `kind` (`None`: not restricted).
    pub(super) fn within(self, k: Option<Kind>) -> Plan {
        match self {
            Plan::Other => Plan::Other,
            Plan::Term { query, .. } => Plan::Term { query, kind: k },
            Plan::Years { from, to, .. } => Plan::Years { from, to, kind: k },
        }
    }

    fn kind(&self) -> Option<Kind> {
        match self {
            Plan::Other => None,
            Plan::Term { kind, .. } | Plan::Years { kind, .. } => *kind,
        }
    }
}

/// The best `n` hits seen, in tantivy's order: the higher score first, then the lower address.
struct Best {
    n: usize,
    /// Its top is the worst hit kept.
    heap: BinaryHeap<Ranked>,
}

#[derive(PartialEq)]
struct Ranked(Score, DocAddress);

impl Eq for Ranked {}

impl Ord for Ranked {
    /// The greater is the worse hit.
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0).then(self.1.cmp(&other.1))
    }
}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Best {
    fn new(n: usize) -> Best {
        Best {
            n,
            heap: BinaryHeap::with_capacity(n.saturating_add(1).min(4096)),
        }
    }

    /// Offers a hit; returns the score a later hit must exceed to be kept (hits come in address
    /// order, so a later hit of the same score as the worst kept is worse).
    fn offer(&mut self, score: Score, addr: DocAddress) -> Score {
        let hit = Ranked(score, addr);
        if self.heap.len() < self.n {
            self.heap.push(hit);
        } else if self.heap.peek().is_some_and(|worst| hit < *worst) {
            self.heap.pop();
            self.heap.push(hit);
        }
        self.threshold()
    }

    fn threshold(&self) -> Score {
        match self.heap.peek() {
            Some(worst) if self.heap.len() >= self.n => worst.0,
            _ => Score::MIN,
        }
    }

    /// The hits kept, best first, less the first `offset`.
    fn page(self, offset: usize) -> Vec<(Score, DocAddress)> {
        self.heap
            .into_sorted_vec()
            .into_iter()
            .skip(offset)
            .map(|Ranked(s, a)| (s, a))
            .collect()
    }
}

/// The slot in `facets.kinds` of `kind`: `Some(None)` for no kind (all slots), `None` when the
/// segment holds no game of that kind.
fn slot_of(facets: &SegmentFacets, kind: Option<Kind>) -> Option<Option<u8>> {
    match kind {
        None => Some(None),
        Some(k) => facets
            .kinds
            .iter()
            .position(|(_, label)| label == k.as_str())
            .and_then(|s| u8::try_from(s).ok())
            .map(Some),
    }
}

/// What a plan reads of one segment that holds games of its kind (or of any, without a kind):
/// read once for the counts and the page.
pub(super) struct Prepared {
    /// The segment's ordinal in the searcher.
    ord: u32,
    facets: Arc<SegmentFacets>,
    /// The slot of the plan's kind in `facets.kinds` (`None`: every kind).
    slot: Option<u8>,
    /// The terms of the plan that the segment holds, with their postings.
    atoms: Vec<(Term, TermInfo)>,
}

impl Prepared {
    fn of_kind(&self, doc: DocId) -> bool {
        self.slot
            .is_none_or(|s| self.facets.kind_of.get(doc as usize) == Some(&s))
    }
}

impl Index {
    /// What `plan` reads of each segment of `searcher` (the segments without a game of its kind
    /// left out).
    pub(super) fn prepare(
        &self,
        searcher: &tantivy::Searcher,
        plan: &Plan,
    ) -> Result<Vec<Prepared>> {
        let mut out = Vec::with_capacity(searcher.segment_readers().len());
        for (ord, reader) in searcher.segment_readers().iter().enumerate() {
            let facets = self.segment_facets(reader)?;
            let Some(slot) = slot_of(&facets, plan.kind()) else {
                continue;
            };
            out.push(Prepared {
                ord: ord as u32,
                atoms: self.atoms(reader, plan)?,
                facets,
                slot,
            });
        }
        Ok(out)
    }

    /// The terms of `plan` that segment `reader` holds, with their postings.
    fn atoms(&self, reader: &SegmentReader, plan: &Plan) -> Result<Vec<(Term, TermInfo)>> {
        match plan {
            Plan::Other => Ok(Vec::new()),
            Plan::Term { query, .. } => {
                let term = query.term();
                let info = reader.inverted_index(term.field())?.get_term_info(term)?;
                Ok(info.map(|i| (term.clone(), i)).into_iter().collect())
            }
            Plan::Years { from, to, .. } => {
                let year = self.fields.year;
                let inverted = reader.inverted_index(year)?;
                let key = |y: i64| {
                    Term::from_field_i64(year, y)
                        .serialized_value_bytes()
                        .to_vec()
                };
                let mut range = inverted.terms().range();
                if let Some(a) = from {
                    range = range.ge(key(*a));
                }
                if let Some(b) = to {
                    range = range.le(key(*b));
                }
                let mut stream = range.into_stream()?;
                let mut out = Vec::new();
                while stream.advance() {
                    let Ok(bytes) = <[u8; 8]>::try_from(stream.key()) else {
                        continue;
                    };
                    let y = tantivy::u64_to_i64(u64::from_be_bytes(bytes));
                    out.push((Term::from_field_i64(year, y), stream.value().clone()));
                }
                Ok(out)
            }
        }
    }

    /// The counts by kind of the live documents of segment `reader` that hold `term`: kept in
    /// [`TermCounts`] when the segment has no deletions and the term is a year or broad.
    fn term_count(
        &self,
        reader: &SegmentReader,
        facets: &Arc<SegmentFacets>,
        term: &Term,
        info: &TermInfo,
    ) -> Result<Arc<TermCount>> {
        let keep = reader.alive_bitset().is_none()
            && (term.field() == self.fields.year
                || u64::from(info.doc_freq) * TERM_COUNTS_SHARE >= u64::from(reader.max_doc()));
        let key = (reader.segment_id(), term.clone());
        let poisoned = || Error::Index("term counts poisoned".into());
        if keep
            && let Some(c) = self
                .term_counts
                .lock()
                .map_err(|_| poisoned())?
                .by_term
                .get(&key)
        {
            return Ok(c.clone());
        }
        use tantivy::collector::SegmentCollector;
        // One counter a kind slot, the last for the documents without a kind.
        let mut by_slot: Vec<Option<SegmentFacetCounter>> =
            (0..=facets.kinds.len()).map(|_| None).collect();
        let last = facets.kinds.len();
        let mut postings = reader
            .inverted_index(term.field())?
            .read_postings_from_terminfo(info, IndexRecordOption::Basic)?;
        let alive = reader.alive_bitset();
        let mut buf = [0 as DocId; tantivy::COLLECT_BLOCK_BUFFER_LEN];
        loop {
            let n = postings.fill_buffer(&mut buf);
            for &doc in buf.get(..n).unwrap_or(&[]) {
                if alive.is_some_and(|a| a.is_deleted(doc)) {
                    continue;
                }
                let slot = match facets.kind_of.get(doc as usize) {
                    Some(&s) if s != KINDLESS => usize::from(s),
                    _ => last,
                };
                if let Some(c) = by_slot.get_mut(slot) {
                    c.get_or_insert_with(|| SegmentFacetCounter::new(facets.clone()))
                        .collect(doc, 0.0);
                }
            }
            if n < buf.len() {
                break;
            }
        }
        let parts = by_slot
            .into_iter()
            .map(|c| match c {
                None => Part::default(),
                Some(c) => {
                    let (total, _, counts) = c.harvest();
                    Part {
                        total,
                        counts: counts
                            .iter()
                            .enumerate()
                            .filter(|(_, n)| **n > 0)
                            .map(|(o, n)| (o as u32, *n))
                            .collect(),
                    }
                }
            })
            .collect();
        let count = Arc::new(TermCount { parts });
        if keep {
            let live = || live_segments(&self.reader.searcher());
            self.term_counts
                .lock()
                .map_err(|_| poisoned())?
                .put(key, count.clone(), live);
        }
        Ok(count)
    }

    /// The total and the facets of the matches of a plan (`segments`), from the counts of its
    /// terms.
    pub(super) fn planned_counts(
        &self,
        searcher: &tantivy::Searcher,
        segments: &[Prepared],
    ) -> Result<(usize, Facets)> {
        let mut fruits = Vec::with_capacity(segments.len());
        for seg in segments {
            let reader = searcher.segment_reader(seg.ord);
            let mut total = 0;
            let mut out = vec![0u64; seg.facets.labels.len()];
            for (term, info) in &seg.atoms {
                let count = self.term_count(reader, &seg.facets, term, info)?;
                let parts = count.parts.iter().enumerate();
                for (_, part) in
                    parts.filter(|(s, _)| seg.slot.is_none_or(|k| usize::from(k) == *s))
                {
                    total += part.total;
                    for &(o, n) in &part.counts {
                        if let Some(c) = out.get_mut(o as usize) {
                            *c += n;
                        }
                    }
                }
            }
            fruits.push((total, seg.facets.clone(), out));
        }
        Ok(merge_counts(&fruits, FACET_TOP))
    }

    /// The page of hits of `query` (one term) among the games of a plan's kind (`segments`):
    /// block-max WAND over the term's postings, passing over the games of other kinds.
    pub(super) fn best_of_kind(
        &self,
        searcher: &tantivy::Searcher,
        segments: &[Prepared],
        query: &TermQuery,
        limit: usize,
        offset: usize,
    ) -> Result<Vec<(Score, DocAddress)>> {
        let weight = query.weight(EnableScoring::enabled_from_searcher(searcher))?;
        let mut best = Best::new(offset.saturating_add(limit));
        for seg in segments {
            let reader = searcher.segment_reader(seg.ord);
            let alive = reader.alive_bitset();
            weight.for_each_pruning(best.threshold(), reader, &mut |doc, score| {
                if seg.of_kind(doc) && !alive.is_some_and(|a| a.is_deleted(doc)) {
                    best.offer(score, DocAddress::new(seg.ord, doc))
                } else {
                    best.threshold()
                }
            })?;
        }
        Ok(best.page(offset))
    }

    /// The page of hits of a range of years (`segments`): every game scores 1, so they are the
    /// first games of the range (and kind) in address order.
    pub(super) fn first_of_years(
        &self,
        searcher: &tantivy::Searcher,
        segments: &[Prepared],
        limit: usize,
        offset: usize,
    ) -> Result<Vec<(Score, DocAddress)>> {
        let want = offset.saturating_add(limit);
        let mut out: Vec<DocAddress> = Vec::with_capacity(want.min(4096));
        for seg in segments {
            if out.len() >= want {
                break;
            }
            let need = want - out.len();
            let reader = searcher.segment_reader(seg.ord);
            let alive = reader.alive_bitset();
            let inverted = reader.inverted_index(self.fields.year)?;
            // The first `need` games of each year; the first `need` of them all are the
            // segment's.
            let mut docs: Vec<DocId> = Vec::new();
            for (_, info) in &seg.atoms {
                let mut postings =
                    inverted.read_postings_from_terminfo(info, IndexRecordOption::Basic)?;
                let mut taken = 0;
                let mut doc = postings.doc();
                while doc != tantivy::TERMINATED && taken < need {
                    if seg.of_kind(doc) && !alive.is_some_and(|a| a.is_deleted(doc)) {
                        docs.push(doc);
                        taken += 1;
                    }
                    doc = postings.advance();
                }
            }
            docs.sort_unstable();
            docs.truncate(need);
            out.extend(docs.into_iter().map(|d| DocAddress::new(seg.ord, d)));
        }
        Ok(out.into_iter().skip(offset).map(|a| (1.0, a)).collect())
    }
}
