//! Facet counting: the total and the counts by kind, event, year, empire and side of a search's
//! matches, from labels kept per segment.

use crate::error::{Error, Result};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::Index;

/// Counts of the matching games by kind, event, year, empire and side.
#[derive(Debug, Clone, Serialize, Default, PartialEq)]
pub struct Facets {
    pub kind: Vec<(String, u64)>,
    pub event: Vec<(String, u64)>,
    pub year: Vec<(String, u64)>,
    pub empire: Vec<(String, u64)>,
    pub side: Vec<(String, u64)>,
}

/// The facet dimensions of [`Facets`], in its order.
pub(super) const FACET_DIMS: [&str; 5] = ["kind", "event", "year", "empire", "side"];

/// A `year:A..B` range of at most this many years (and few enough games, below) is searched as
/// the union of its years' postings.
pub(super) const YEAR_TERMS_MAX: i64 = 64;
/// … when its years hold at most one game in this many of the archive; a broader range is read
/// from the year column (one value a game) more cheaply than from postings. (Instructions per
/// query at 100k games, 35 years: one year 3.11M → 1.87M by postings; five years, 14% of the
/// games, 3.93M either way; six years 4.12M by the column, 4.33M by postings.)
pub(super) const YEAR_TERMS_SHARE: u64 = 12;

/// Segments whose facet labels are kept before the merged-away ones are dropped.
pub(super) const FACET_CACHE_SEGMENTS: usize = 256;

/// A facet held by at least one document in this many of a segment is *dense*: kept as a bitset
/// over the segment's documents (one bit a document) rather than in each document's list, and
/// counted by popcount. Each dense facet costs a pass over the words of the matches; rarer facets
/// (an event, a year) cost less counted one match at a time. (Instructions per query at 100k
/// games, shares 8 → 32: `card:Naval` 4.61M → 4.30M, `empire:Ang` 4.19M → 3.83M, `side:吴` 3.47M
/// → 3.21M, words, players and year ranges within 0.5%; 128 made those 2–10% dearer.)
pub(super) const DENSE_FACET_SHARE: u32 = 32;

/// The facets of one segment, decoded once (a segment never changes; commits add segments,
/// merges replace them) so that counting the facets of the matches costs a few array reads.
///
/// Counting the facets of a match document by document cost tens of increments for a HotW game
/// (it has most empires): a term matching a quarter of a million-game archive spent more time
/// there than in tantivy. Facets most games share are bitsets instead: the matches are gathered
/// into a bitset, and each dense facet's count is the popcount of the two ANDed, over the
/// 64-document words the matches touch. Only the rare facets stay in per-document lists.
pub(super) struct SegmentFacets {
    /// Per facet ordinal: its dimension (an index into [`FACET_DIMS`]) and its label, or `None`
    /// for a facet outside them.
    pub(super) labels: Vec<Option<(usize, String)>>,
    /// The dense facets, those of the `kind` dimension first.
    pub(super) dense: Vec<Dense>,
    /// Per document, `sparse[start[doc]..start[doc + 1]]`: its other facet ordinals (of the
    /// five dimensions, each once).
    pub(super) start: Vec<u32>,
    pub(super) sparse: Vec<u32>,
    /// The `kind` facets of the segment: by slot, its ordinal and label.
    pub(super) kinds: Vec<(u32, String)>,
    /// Per document, the slot of its kind in `kinds`, or [`KINDLESS`].
    pub(super) kind_of: Vec<u8>,
}

/// The [`SegmentFacets::kind_of`] of a document without a kind.
pub(super) const KINDLESS: u8 = u8::MAX;

/// A facet most documents of a segment have.
pub(super) struct Dense {
    pub(super) ord: u32,
    /// How the matches holding it are counted.
    pub(super) held: Held,
    /// The `kind` ordinals of the documents that have it (a HotW empire: HotW's): when the
    /// matches hold none of them, it is not counted at all. Empty for a facet of `kind` itself
    /// and for one that a document without a kind has (never skipped).
    pub(super) kinds: Vec<u32>,
    pub(super) kindless: bool,
}

/// The documents of a segment that hold a dense facet.
pub(super) enum Held {
    /// One bit per document of the segment; the words outside `lo..hi` are zero.
    Bits {
        bits: Vec<u64>,
        lo: usize,
        hi: usize,
    },
    /// Every document of the kind ordinal `kind` but `lacking` (sorted), and no other: the
    /// matches holding it are the matches of that kind less those of `lacking`. A HotW game
    /// names nearly every empire and a 三国 game all three sides, so most dense facets are
    /// these, and counting one costs a bit test per lacking document instead of a pass over
    /// the words of the matches.
    AllBut { kind: u32, lacking: Vec<u32> },
}

/// A dense facet held by all the documents of its kind but at most one in this many of the
/// segment's 64-document words (or but this many at most, whatever the segment's size) is kept
/// as [`Held::AllBut`]: a bit test per lacking document costs less than a pass over the words.
pub(super) const ALL_BUT_SHARE: usize = 4;
pub(super) const ALL_BUT_FEW: usize = 64;

impl SegmentFacets {
    /// Reads the facets of every document of the segment. Per document the ordinals counted are
    /// those `FacetCollector` counts: facets of the five dimensions, each once.
    pub(super) fn build(
        reader: &tantivy::fastfield::FacetReader,
        max_doc: u32,
    ) -> Result<SegmentFacets> {
        let mut labels = Vec::with_capacity(reader.num_facets());
        let mut stream = reader.facet_dict().stream()?;
        while stream.advance() {
            let label = tantivy::schema::Facet::from_encoded(stream.key().to_vec())
                .ok()
                .and_then(|f| {
                    let path = f.to_path();
                    // FacetCollector for `/dim` counts `/dim/label` (deeper facets collapse to it).
                    let dim = FACET_DIMS.iter().position(|d| path.first() == Some(d))?;
                    Some((dim, path.get(1)?.to_string()))
                });
            labels.push(label);
        }
        // The counted ordinals of `doc` (sorted, each once), into `out`.
        let read = |doc: u32, out: &mut Vec<u32>| {
            out.clear();
            for ord in reader.facet_ords(doc) {
                if matches!(labels.get(ord as usize), Some(Some(_))) {
                    out.push(ord as u32);
                }
            }
            out.sort_unstable();
            out.dedup();
        };
        // First pass: how many documents have each ordinal.
        let mut freq = vec![0u32; labels.len()];
        let mut ords = Vec::new();
        for doc in 0..max_doc {
            read(doc, &mut ords);
            for o in &ords {
                if let Some(c) = freq.get_mut(*o as usize) {
                    *c += 1;
                }
            }
        }
        let words = (max_doc as usize).div_ceil(64);
        let threshold = (max_doc / DENSE_FACET_SHARE).max(1);
        let is_kind = |o: u32| matches!(labels.get(o as usize), Some(Some((0, _))));
        // The dense ordinals, those of `kind` first, and by ordinal its index in `dense`.
        let mut dense_ords: Vec<u32> = (0..freq.len() as u32)
            .filter(|o| freq.get(*o as usize).is_some_and(|n| *n >= threshold))
            .collect();
        dense_ords.sort_by_key(|o| (!is_kind(*o), *o));
        let mut slot: Vec<Option<usize>> = vec![None; labels.len()];
        let mut dense = Vec::with_capacity(dense_ords.len());
        for o in dense_ords {
            slot[o as usize] = Some(dense.len());
            dense.push(Dense {
                ord: o,
                held: Held::Bits {
                    bits: vec![0u64; words],
                    lo: words,
                    hi: 0,
                },
                kinds: Vec::new(),
                kindless: false,
            });
        }
        // By kind ordinal, the documents of that kind.
        let mut of_kind: HashMap<u32, Vec<u32>> = HashMap::new();
        // The kinds by slot (a game is of one of four kinds: never as many as `KINDLESS`).
        let kinds: Vec<(u32, String)> = labels
            .iter()
            .enumerate()
            .filter_map(|(o, l)| match l {
                Some((0, label)) => Some((o as u32, label.clone())),
                _ => None,
            })
            .collect();
        let mut kind_of = Vec::with_capacity(max_doc as usize);
        // Second pass: set the dense bits, list the sparse ordinals.
        let mut start = Vec::with_capacity(max_doc as usize + 1);
        let mut sparse = Vec::new();
        for doc in 0..max_doc {
            start.push(sparse.len() as u32);
            read(doc, &mut ords);
            let (w, bit) = ((doc / 64) as usize, 1u64 << (doc % 64));
            let kind = ords.iter().copied().find(|o| is_kind(*o));
            if let Some(k) = kind {
                of_kind.entry(k).or_default().push(doc);
            }
            kind_of.push(
                kind.and_then(|k| kinds.iter().position(|(o, _)| *o == k))
                    .and_then(|slot| u8::try_from(slot).ok())
                    .filter(|slot| *slot != KINDLESS)
                    .unwrap_or(KINDLESS),
            );
            for o in &ords {
                match slot.get(*o as usize).copied().flatten() {
                    Some(i) => {
                        let Some(d) = dense.get_mut(i) else { continue };
                        if let Held::Bits { bits, lo, hi } = &mut d.held {
                            if let Some(word) = bits.get_mut(w) {
                                *word |= bit;
                            }
                            *lo = (*lo).min(w);
                            *hi = (*hi).max(w + 1);
                        }
                        match kind {
                            None => d.kindless = true,
                            Some(k) if k != *o && !d.kinds.contains(&k) => d.kinds.push(k),
                            _ => {}
                        }
                    }
                    None => sparse.push(*o),
                }
            }
        }
        start.push(sparse.len() as u32);
        // The dense facets of one kind that nearly all its documents hold, by those that lack them.
        for d in &mut dense {
            let (Held::Bits { bits, .. }, [k], false) = (&d.held, d.kinds.as_slice(), d.kindless)
            else {
                continue;
            };
            let (Some(&all), Some(&has)) = (freq.get(*k as usize), freq.get(d.ord as usize)) else {
                continue;
            };
            if all.saturating_sub(has) as usize > (words / ALL_BUT_SHARE).max(ALL_BUT_FEW) {
                continue;
            }
            let docs = of_kind.get(k).map_or(&[][..], Vec::as_slice);
            let lacking: Vec<u32> = docs
                .iter()
                .copied()
                .filter(|&doc| {
                    bits.get((doc / 64) as usize)
                        .is_none_or(|w| w & (1u64 << (doc % 64)) == 0)
                })
                .collect();
            d.held = Held::AllBut { kind: *k, lacking };
        }
        Ok(SegmentFacets {
            labels,
            dense,
            start,
            sparse,
            kinds,
            kind_of,
        })
    }
}

/// Counts the live matches and their facets (what tantivy's `Count` and `FacetCollector` on
/// `/kind`, `/event`, `/year`, `/empire` and `/side` give), from [`SegmentFacets`]: no score, no
/// stored document.
pub(super) struct FacetCounter {
    /// By segment ordinal.
    pub(super) segments: Vec<Arc<SegmentFacets>>,
    /// The labels kept of each dimension, the most frequent first.
    pub(super) top: usize,
}

/// The labels of each facet dimension a search answers with.
pub(super) const FACET_TOP: usize = 12;

pub(super) struct SegmentFacetCounter {
    pub(super) facets: Arc<SegmentFacets>,
    pub(super) total: usize,
    /// The matches, one bit per document.
    pub(super) matched: Vec<u64>,
    /// By ordinal: the matches with this sparse facet.
    pub(super) counts: Vec<u32>,
}

impl FacetCounter {
    pub(super) fn segment(
        &self,
        ord: tantivy::SegmentOrdinal,
    ) -> tantivy::Result<Arc<SegmentFacets>> {
        self.segments.get(ord as usize).cloned().ok_or_else(|| {
            tantivy::TantivyError::InternalError("a segment without its facets".into())
        })
    }
}

impl SegmentFacetCounter {
    pub(super) fn new(facets: Arc<SegmentFacets>) -> SegmentFacetCounter {
        SegmentFacetCounter {
            total: 0,
            matched: vec![0; facets.start.len().div_ceil(64)],
            counts: vec![0; facets.labels.len()],
            facets,
        }
    }
}

/// The total and the [`Facets`] (`top` labels of each dimension, the most frequent first) of the
/// counts of each segment: its matches, its facets and their counts by ordinal.
pub(super) fn merge_counts(
    fruits: &[(usize, Arc<SegmentFacets>, Vec<u64>)],
    top: usize,
) -> (usize, Facets) {
    let mut total = 0;
    let mut by_dim: [HashMap<&str, u64>; 5] = Default::default();
    for (n, facets, counts) in fruits {
        total += n;
        for (label, &n) in facets.labels.iter().zip(counts) {
            if let (Some((dim, label)), true) = (label, n > 0)
                && let Some(m) = by_dim.get_mut(*dim)
            {
                *m.entry(label.as_str()).or_default() += n;
            }
        }
    }
    let [kind, event, year, empire, side] = by_dim.map(|m| {
        let mut v: Vec<(String, u64)> = m.into_iter().map(|(l, n)| (l.to_string(), n)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v.truncate(top);
        v
    });
    (
        total,
        Facets {
            kind,
            event,
            year,
            empire,
            side,
        },
    )
}

impl tantivy::collector::Collector for FacetCounter {
    type Fruit = (usize, Facets);
    type Child = SegmentFacetCounter;

    fn for_segment(
        &self,
        segment_local_id: tantivy::SegmentOrdinal,
        _segment: &tantivy::SegmentReader,
    ) -> tantivy::Result<SegmentFacetCounter> {
        Ok(SegmentFacetCounter::new(self.segment(segment_local_id)?))
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    /// The counts of one segment: a pass over the matches (as tantivy's own `collect_segment`),
    /// a block of them at a time when the segment has no deletions.
    fn collect_segment(
        &self,
        weight: &dyn tantivy::query::Weight,
        segment_ord: u32,
        reader: &tantivy::SegmentReader,
    ) -> tantivy::Result<(usize, Arc<SegmentFacets>, Vec<u64>)> {
        use tantivy::collector::SegmentCollector;
        let mut child = self.for_segment(segment_ord, reader)?;
        match reader.alive_bitset() {
            Some(alive) => weight.for_each_no_score(reader, &mut |docs| {
                for &doc in docs {
                    if alive.is_alive(doc) {
                        child.collect(doc, 0.0);
                    }
                }
            })?,
            None => weight.for_each_no_score(reader, &mut |docs| child.collect_block(docs))?,
        }
        Ok(child.harvest())
    }

    fn merge_fruits(
        &self,
        fruits: Vec<(usize, Arc<SegmentFacets>, Vec<u64>)>,
    ) -> tantivy::Result<(usize, Facets)> {
        Ok(merge_counts(&fruits, self.top))
    }
}

impl SegmentFacetCounter {
    /// Counts one match: its bit, and its sparse facets. The loop of tantivy's blocks runs this
    /// for every match of a broad query (a quarter of a million at 1M games), so it reads two
    /// arrays and writes two, nothing else (the words the matches touch are found at harvest).
    #[inline]
    pub(super) fn count(&mut self, doc: tantivy::DocId) {
        let d = doc as usize;
        if let Some(word) = self.matched.get_mut(d >> 6) {
            *word |= 1u64 << (d & 63);
        }
        let f = &*self.facets;
        if let Some(&[from, to]) = f.start.get(d..d + 2)
            && let Some(ords) = f.sparse.get(from as usize..to as usize)
        {
            for &o in ords {
                if let Some(c) = self.counts.get_mut(o as usize) {
                    *c += 1;
                }
            }
        }
    }
}

impl tantivy::collector::SegmentCollector for SegmentFacetCounter {
    type Fruit = (usize, Arc<SegmentFacets>, Vec<u64>);

    fn collect(&mut self, doc: tantivy::DocId, _score: tantivy::Score) {
        self.total += 1;
        self.count(doc);
    }

    fn collect_block(&mut self, docs: &[tantivy::DocId]) {
        self.total += docs.len();
        for &doc in docs {
            self.count(doc);
        }
    }

    fn harvest(self) -> Self::Fruit {
        let mut out: Vec<u64> = self.counts.iter().map(|&n| u64::from(n)).collect();
        // The words the matches touch (a pass over one word per 64 documents), which lie in
        // `first..last`.
        let touched: Vec<u32> = self
            .matched
            .iter()
            .enumerate()
            .filter(|(_, w)| **w != 0)
            .map(|(i, _)| i as u32)
            .collect();
        let first = touched.first().map_or(0, |w| *w as usize);
        let last = touched.last().map_or(0, |w| *w as usize + 1);
        for d in &self.facets.dense {
            // Dense `kind` facets come first, so the kinds' counts are final here.
            if !d.kindless
                && !d.kinds.is_empty()
                && d.kinds
                    .iter()
                    .all(|k| out.get(*k as usize).is_none_or(|n| *n == 0))
            {
                continue;
            }
            let (bits, lo, hi) = match &d.held {
                Held::Bits { bits, lo, hi } => (bits, *lo, *hi),
                Held::AllBut { kind, lacking } => {
                    let of_kind = out.get(*kind as usize).copied().unwrap_or(0);
                    let without = lacking
                        .iter()
                        .filter(|&&doc| {
                            self.matched
                                .get((doc / 64) as usize)
                                .is_some_and(|w| w & (1u64 << (doc % 64)) != 0)
                        })
                        .count() as u64;
                    if let Some(c) = out.get_mut(d.ord as usize) {
                        *c += of_kind.saturating_sub(without);
                    }
                    continue;
                }
            };
            let (lo, hi) = (lo.max(first), hi.min(last));
            if lo >= hi {
                continue;
            }
            let (Some(m), Some(b)) = (self.matched.get(lo..hi), bits.get(lo..hi)) else {
                continue;
            };
            // A sequential pass over the range when the matches touch much of it, else the
            // touched words alone.
            let n: u32 = if touched.len() * 4 > hi - lo {
                m.iter().zip(b).map(|(m, b)| (m & b).count_ones()).sum()
            } else {
                touched
                    .iter()
                    .filter(|w| (lo..hi).contains(&(**w as usize)))
                    .map(|&w| {
                        let (m, b) = (
                            self.matched.get(w as usize).copied().unwrap_or(0),
                            bits.get(w as usize).copied().unwrap_or(0),
                        );
                        (m & b).count_ones()
                    })
                    .sum()
            };
            if let Some(c) = out.get_mut(d.ord as usize) {
                *c += u64::from(n);
            }
        }
        (self.total, self.facets, out)
    }
}

/// The segments a searcher reads.
pub(super) fn live_segments(searcher: &tantivy::Searcher) -> HashSet<tantivy::index::SegmentId> {
    searcher
        .segment_readers()
        .iter()
        .map(|s| s.segment_id())
        .collect()
}

/// Facet path segments may not contain '/'.
pub(super) fn facet_part(s: &str) -> String {
    s.replace('/', "∕").trim().to_string()
}

impl Index {
    /// The collector of the total and the facets of `searcher`'s segments.
    pub(super) fn facet_counter(&self, searcher: &tantivy::Searcher) -> Result<FacetCounter> {
        let segments = searcher
            .segment_readers()
            .iter()
            .map(|seg| self.segment_facets(seg))
            .collect::<Result<Vec<_>>>()?;
        Ok(FacetCounter {
            segments,
            top: FACET_TOP,
        })
    }

    /// What the facet ordinals of one segment stand for, decoded once per segment (a segment
    /// never changes; new commits make new segments, merges replace them).
    pub(super) fn segment_facets(
        &self,
        seg: &tantivy::SegmentReader,
    ) -> Result<Arc<SegmentFacets>> {
        let id = seg.segment_id();
        if let Some(f) = self.lock_facet_cache()?.get(&id) {
            return Ok(f.clone());
        }
        let reader = seg.facet_reader("facets")?;
        let f = Arc::new(SegmentFacets::build(&reader, seg.max_doc())?);
        let mut cache = self.lock_facet_cache()?;
        if cache.len() >= FACET_CACHE_SEGMENTS {
            // Forget the segments merged away.
            let live = live_segments(&self.reader.searcher());
            cache.retain(|k, _| live.contains(k));
        }
        cache.insert(id, f.clone());
        Ok(f)
    }

    pub(super) fn lock_facet_cache(
        &self,
    ) -> Result<std::sync::MutexGuard<'_, HashMap<tantivy::index::SegmentId, Arc<SegmentFacets>>>>
    {
        self.facet_labels
            .lock()
            .map_err(|_| Error::Index("facet cache poisoned".into()))
    }
}
