//! The tantivy search index: derived from SQLite, never the other way. One document per game.
//!
//! Every text field uses the [`crate::store::index::tokenizer`] (CJK grams by position, folded scripts). The
//! index can be deleted and rebuilt with `annals reindex`; [`Index::sync`] brings a lagging index
//! up to date (after a crash between the database commit and the index commit).

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::Bound;
use std::path::Path;
use std::sync::{Arc, Mutex};

use annals_import::{Body, Kind, ParsedGame};
use rusqlite::Connection;
use serde::Serialize;
use tantivy::collector::TopDocs;
use tantivy::query::{
    AllQuery, BooleanQuery, ConstScoreQuery, Occur, PhraseQuery, Query as TQuery, RangeQuery,
    TermQuery,
};
use tantivy::schema::{
    FacetOptions, Field, IndexRecordOption, NumericOptions, STORED, STRING, Schema,
    TextFieldIndexing, TextOptions, Value as _,
};
use tantivy::snippet::SnippetGenerator;
use tantivy::tokenizer::TextAnalyzer;
use tantivy::{DocAddress, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use crate::error::{Error, Result};
use query::Value;

mod planned;
pub mod query;
pub mod tokenizer;
use planned::Plan;

/// Memory budget of the one index writer, and its indexing threads. One thread with 32 MB, where
/// tantivy's default of a thread a core had two with 32 MB each: on two cores the import's parse
/// threads and writer keep both busy, and a second indexing thread only held 40 MB more of a
/// 100k import's peak RSS (171 -> 125 MB), at the same speed (BENCHMARKS.md, session 21).
const WRITER_BYTES: usize = 32 * 1024 * 1024;
const WRITER_THREADS: usize = 1;

#[derive(Clone, Copy)]
struct Fields {
    id: Field,
    kind: Field,
    title: Field,
    body: Field,
    event: Field,
    /// The event's key (`people::event_key`), untokenized: `event:` matches the events the name
    /// authority finds, whatever their spelling.
    event_key: Field,
    player: Field,
    empire: Field,
    card: Field,
    region: Field,
    side: Field,
    winner: Field,
    opening: Field,
    year: Field,
    facets: Field,
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let indexing = TextFieldIndexing::default()
        .set_tokenizer(tokenizer::NAME)
        .set_index_option(IndexRecordOption::WithFreqsAndPositions);
    let text = TextOptions::default().set_indexing_options(indexing.clone());
    let stored_text = TextOptions::default()
        .set_indexing_options(indexing)
        .set_stored();
    let fields = Fields {
        id: b.add_u64_field(
            "id",
            NumericOptions::default()
                .set_indexed()
                .set_fast()
                .set_stored(),
        ),
        kind: b.add_text_field("kind", STRING | STORED),
        title: b.add_text_field("title", stored_text.clone()),
        body: b.add_text_field("body", stored_text),
        event: b.add_text_field("event", text.clone()),
        event_key: b.add_text_field("event_key", STRING),
        player: b.add_text_field("player", text.clone()),
        empire: b.add_text_field("empire", text.clone()),
        card: b.add_text_field("card", text.clone()),
        region: b.add_text_field("region", text.clone()),
        side: b.add_text_field("side", text.clone()),
        winner: b.add_text_field("winner", text.clone()),
        opening: b.add_text_field("opening", text),
        year: b.add_i64_field("year", NumericOptions::default().set_indexed().set_fast()),
        facets: b.add_facet_field("facets", FacetOptions::default()),
    };
    (b.build(), fields)
}

/// The index, its one writer and a reader.
pub struct Index {
    fields: Fields,
    /// `None` when another process (a running `annals serve`) holds the index's writer lock: this
    /// process then only reads, and the holder brings the index up to date from the database.
    writer: Mutex<Option<IndexWriter<TantivyDocument>>>,
    reader: IndexReader,
    /// The facets of each segment, for [`FacetCounter`].
    facet_labels: Mutex<HashMap<tantivy::index::SegmentId, Arc<SegmentFacets>>>,
    /// The counts of broad terms by segment (see [`TermCounts`]).
    term_counts: Arc<Mutex<TermCounts>>,
    /// Recent answers of [`Index::search_cached`].
    results: Mutex<ResultCache>,
    /// Searches running now (see [`Index::collect`]).
    in_flight: std::sync::atomic::AtomicUsize,
}

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
struct TermCounts {
    by_term: HashMap<(tantivy::index::SegmentId, Term), Arc<TermCount>>,
    /// Facet counts kept, over all the entries.
    pairs: usize,
}

/// One entry of [`TermCounts`]: by kind slot of the segment ([`SegmentFacets::kinds`]), then for
/// the documents without a kind, the matches and the counts of the facet ordinals they hold.
struct TermCount {
    parts: Vec<Part>,
}

/// The matches of a term among the documents of one kind, and the counts of their facets.
#[derive(Default)]
struct Part {
    total: usize,
    counts: Vec<(u32, u64)>,
}

impl TermCount {
    /// The facet counts kept.
    fn pairs(&self) -> usize {
        self.parts.iter().map(|p| p.counts.len()).sum()
    }
}

/// A term is counted in [`TermCounts`] when at least one document in this many of the segment
/// holds it (narrower terms are counted quickly anyway).
const TERM_COUNTS_SHARE: u64 = 32;
/// At most this many facet counts are kept in [`TermCounts`] (about 16 bytes each); past it, the
/// entries of segments merged away are dropped, and if that is not enough, all.
const TERM_COUNTS_PAIRS: usize = 1 << 20;

impl TermCounts {
    /// Drops the entries of segments merged away.
    fn forget_dead(&mut self, live: &HashSet<tantivy::index::SegmentId>) {
        self.by_term.retain(|(seg, _), _| live.contains(seg));
        self.pairs = self.by_term.values().map(|c| c.pairs()).sum();
    }

    fn put(
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

/// Answers kept by [`Index::search_cached`].
const RESULT_CACHE_ENTRIES: usize = 1024;
/// Pages larger than this are not kept (the cache stays small).
const RESULT_CACHE_MAX_LIMIT: usize = 50;

/// (query, kind, limit, offset)
type ResultKey = (String, Option<Kind>, usize, usize);

/// Recent answers of one searcher generation, the oldest dropped first when full.
#[derive(Default)]
struct ResultCache {
    generation: u64,
    answers: HashMap<ResultKey, Arc<SearchResult>>,
    order: std::collections::VecDeque<ResultKey>,
}

impl ResultCache {
    fn get(&mut self, generation: u64, key: &ResultKey) -> Option<Arc<SearchResult>> {
        if generation != self.generation {
            return None;
        }
        self.answers.get(key).cloned()
    }

    fn put(&mut self, generation: u64, key: ResultKey, answer: Arc<SearchResult>) {
        if generation != self.generation {
            if generation < self.generation {
                // Computed on a searcher older than the cache's: not worth keeping.
                return;
            }
            self.answers.clear();
            self.order.clear();
            self.generation = generation;
        }
        if self.answers.len() >= RESULT_CACHE_ENTRIES
            && let Some(old) = self.order.pop_front()
        {
            self.answers.remove(&old);
        }
        if self.answers.insert(key.clone(), answer).is_none() {
            self.order.push_back(key);
        }
    }
}

/// What one game contributes to its document, from a fresh parse or from the database.
pub struct DocInput<'a> {
    pub kind: Kind,
    pub title: Option<&'a str>,
    pub tags: &'a [(String, String)],
    /// (seat, player name)
    pub players: Vec<(&'a str, Option<&'a str>)>,
    pub winners: &'a [String],
    pub result: Option<&'a str>,
    pub body: &'a Body,
}

impl<'a> DocInput<'a> {
    pub fn from_parsed(p: &'a ParsedGame) -> Self {
        DocInput {
            kind: p.kind,
            title: p.title.as_deref(),
            tags: &p.tags,
            players: p
                .players
                .iter()
                .map(|s| (s.seat.as_str(), s.name.as_deref()))
                .collect(),
            winners: p
                .outcome
                .as_ref()
                .map(|o| o.winners.as_slice())
                .unwrap_or(&[]),
            result: p.outcome.as_ref().map(|o| o.summary.as_str()),
            body: &p.body,
        }
    }

    pub fn from_record(g: &'a crate::store::reads::GameRecord) -> Self {
        DocInput {
            kind: g.kind,
            title: g.title.as_deref(),
            tags: &g.tags,
            players: g
                .players
                .iter()
                .map(|s| (s.seat.as_str(), s.name.as_deref()))
                .collect(),
            winners: &g.winners,
            result: g.result.as_deref(),
            body: &g.body,
        }
    }
}

/// One search hit.
#[derive(Debug, Clone, Serialize)]
pub struct Hit {
    pub id: i64,
    pub kind: String,
    pub title: Option<String>,
    pub score: f32,
    /// HTML: the matched text with `<b>` around what matched; everything else escaped.
    pub snippet: String,
    /// The same snippet as (text, highlighted) parts, for templates that escape it themselves.
    #[serde(skip)]
    pub parts: Vec<(String, bool)>,
}

fn snippet_parts(s: &tantivy::snippet::Snippet) -> Vec<(String, bool)> {
    let frag = s.fragment();
    let mut out = Vec::new();
    let mut at = 0;
    for r in s.highlighted() {
        if r.start < at
            || r.end > frag.len()
            || !frag.is_char_boundary(r.start)
            || !frag.is_char_boundary(r.end)
        {
            continue;
        }
        if r.start > at {
            out.push((frag[at..r.start].to_string(), false));
        }
        out.push((frag[r.start..r.end].to_string(), true));
        at = r.end;
    }
    if at < frag.len() {
        out.push((frag[at..].to_string(), false));
    }
    out
}

/// Counts of the matching games by kind, event, year, empire and side.
#[derive(Debug, Clone, Serialize, Default, PartialEq)]
pub struct Facets {
    pub kind: Vec<(String, u64)>,
    pub event: Vec<(String, u64)>,
    pub year: Vec<(String, u64)>,
    pub empire: Vec<(String, u64)>,
    pub side: Vec<(String, u64)>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SearchResult {
    pub total: usize,
    pub hits: Vec<Hit>,
    pub facets: Facets,
}

/// The facet dimensions of [`Facets`], in its order.
const FACET_DIMS: [&str; 5] = ["kind", "event", "year", "empire", "side"];

/// A `year:A..B` range of at most this many years (and few enough games, below) is searched as
/// the union of its years' postings.
const YEAR_TERMS_MAX: i64 = 64;
/// … when its years hold at most one game in this many of the archive; a broader range is read
/// from the year column (one value a game) more cheaply than from postings. (Instructions per
/// query at 100k games, 35 years: one year 3.11M → 1.87M by postings; five years, 14% of the
/// games, 3.93M either way; six years 4.12M by the column, 4.33M by postings.)
const YEAR_TERMS_SHARE: u64 = 12;

/// Segments whose facet labels are kept before the merged-away ones are dropped.
const FACET_CACHE_SEGMENTS: usize = 256;

/// A facet held by at least one document in this many of a segment is *dense*: kept as a bitset
/// over the segment's documents (one bit a document) rather than in each document's list, and
/// counted by popcount. Each dense facet costs a pass over the words of the matches; rarer facets
/// (an event, a year) cost less counted one match at a time. (Instructions per query at 100k
/// games, shares 8 → 32: `card:Naval` 4.61M → 4.30M, `empire:Ang` 4.19M → 3.83M, `side:吴` 3.47M
/// → 3.21M, words, players and year ranges within 0.5%; 128 made those 2–10% dearer.)
const DENSE_FACET_SHARE: u32 = 32;

/// The facets of one segment, decoded once (a segment never changes; commits add segments,
/// merges replace them) so that counting the facets of the matches costs a few array reads.
///
/// Counting the facets of a match document by document cost tens of increments for a HotW game
/// (it has most empires): a term matching a quarter of a million-game archive spent more time
/// there than in tantivy. Facets most games share are bitsets instead: the matches are gathered
/// into a bitset, and each dense facet's count is the popcount of the two ANDed, over the
/// 64-document words the matches touch. Only the rare facets stay in per-document lists.
struct SegmentFacets {
    /// Per facet ordinal: its dimension (an index into [`FACET_DIMS`]) and its label, or `None`
    /// for a facet outside them.
    labels: Vec<Option<(usize, String)>>,
    /// The dense facets, those of the `kind` dimension first.
    dense: Vec<Dense>,
    /// Per document, `sparse[start[doc]..start[doc + 1]]`: its other facet ordinals (of the
    /// five dimensions, each once).
    start: Vec<u32>,
    sparse: Vec<u32>,
    /// The `kind` facets of the segment: by slot, its ordinal and label.
    kinds: Vec<(u32, String)>,
    /// Per document, the slot of its kind in `kinds`, or [`KINDLESS`].
    kind_of: Vec<u8>,
}

/// The [`SegmentFacets::kind_of`] of a document without a kind.
const KINDLESS: u8 = u8::MAX;

/// A facet most documents of a segment have.
struct Dense {
    ord: u32,
    /// How the matches holding it are counted.
    held: Held,
    /// The `kind` ordinals of the documents that have it (a HotW empire: HotW's): when the
    /// matches hold none of them, it is not counted at all. Empty for a facet of `kind` itself
    /// and for one that a document without a kind has (never skipped).
    kinds: Vec<u32>,
    kindless: bool,
}

/// The documents of a segment that hold a dense facet.
enum Held {
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
const ALL_BUT_SHARE: usize = 4;
const ALL_BUT_FEW: usize = 64;

impl SegmentFacets {
    /// Reads the facets of every document of the segment. Per document the ordinals counted are
    /// those `FacetCollector` counts: facets of the five dimensions, each once.
    fn build(reader: &tantivy::fastfield::FacetReader, max_doc: u32) -> Result<SegmentFacets> {
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
struct FacetCounter {
    /// By segment ordinal.
    segments: Vec<Arc<SegmentFacets>>,
    /// The labels kept of each dimension, the most frequent first.
    top: usize,
}

/// The labels of each facet dimension a search answers with.
const FACET_TOP: usize = 12;

struct SegmentFacetCounter {
    facets: Arc<SegmentFacets>,
    total: usize,
    /// The matches, one bit per document.
    matched: Vec<u64>,
    /// By ordinal: the matches with this sparse facet.
    counts: Vec<u32>,
}

impl FacetCounter {
    fn segment(&self, ord: tantivy::SegmentOrdinal) -> tantivy::Result<Arc<SegmentFacets>> {
        self.segments.get(ord as usize).cloned().ok_or_else(|| {
            tantivy::TantivyError::InternalError("a segment without its facets".into())
        })
    }
}

impl SegmentFacetCounter {
    fn new(facets: Arc<SegmentFacets>) -> SegmentFacetCounter {
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
fn merge_counts(fruits: &[(usize, Arc<SegmentFacets>, Vec<u64>)], top: usize) -> (usize, Facets) {
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
    fn count(&mut self, doc: tantivy::DocId) {
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
fn live_segments(searcher: &tantivy::Searcher) -> HashSet<tantivy::index::SegmentId> {
    searcher
        .segment_readers()
        .iter()
        .map(|s| s.segment_id())
        .collect()
}

/// Facet path segments may not contain '/'.
fn facet_part(s: &str) -> String {
    s.replace('/', "∕").trim().to_string()
}

impl Index {
    /// Opens the index in `dir`, creating it when absent. A directory holding an index of another
    /// schema is wiped and recreated (the index is derived data; `sync` refills it).
    pub fn open(dir: &Path) -> Result<Index> {
        std::fs::create_dir_all(dir)?;
        let (schema, fields) = schema();
        let mmap = tantivy::directory::MmapDirectory::open(dir)
            .map_err(|e| Error::Index(e.to_string()))?;
        let mut index = match tantivy::Index::open_or_create(mmap, schema.clone()) {
            Ok(i) => i,
            Err(tantivy::TantivyError::SchemaError(_)) => {
                std::fs::remove_dir_all(dir)?;
                std::fs::create_dir_all(dir)?;
                tantivy::Index::create_in_dir(dir, schema)?
            }
            Err(e) => return Err(e.into()),
        };
        index.tokenizers().register(
            tokenizer::NAME,
            TextAnalyzer::from(tokenizer::AnnalsTokenizer::default()),
        );
        // A search runs its segments on every core (up to 8): a broad query over a 1M-game index
        // of five segments took 60% of its one-core time on two. Concurrent searches share these
        // threads, so they never take more cores than the machine has.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
        if cores > 1 {
            index.set_multithread_executor(cores)?;
        }
        let writer = match index.writer_with_num_threads(WRITER_THREADS, WRITER_BYTES) {
            Ok(w) => Some(w),
            Err(tantivy::TantivyError::LockFailure(..)) => {
                tracing::warn!("the search index is held by another process; reading only");
                None
            }
            Err(e) => return Err(e.into()),
        };
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let index = Index {
            fields,
            writer: Mutex::new(writer),
            reader,
            facet_labels: Mutex::new(HashMap::new()),
            term_counts: Arc::default(),
            results: Mutex::new(ResultCache::default()),
            in_flight: std::sync::atomic::AtomicUsize::new(0),
        };
        index.warm();
        Ok(index)
    }

    /// Decodes the facets of every segment now rather than in the first search that meets each
    /// (about 350 ms for a 1M-game index). Best effort: a failure only leaves the work to searches.
    /// Forgets the facets of segments merged away since: they would otherwise stay until the
    /// cache holds [`FACET_CACHE_SEGMENTS`] segments, and a long import merges many (a
    /// million-game import kept over a hundred megabytes of dead segments' facets).
    fn warm(&self) {
        let searcher = self.reader.searcher();
        if let Err(e) = self.facet_counter(&searcher) {
            tracing::warn!("could not warm the search index: {e}");
        }
        let live = live_segments(&searcher);
        if let Ok(mut cache) = self.lock_facet_cache() {
            cache.retain(|k, _| live.contains(k));
        }
        if let Ok(mut counts) = self.term_counts.lock() {
            counts.forget_dead(&live);
        }
    }

    /// Whether this process may write the index.
    pub fn writable(&self) -> bool {
        self.writer.lock().map(|w| w.is_some()).unwrap_or(false)
    }

    fn writer(&self) -> Result<std::sync::MutexGuard<'_, Option<IndexWriter<TantivyDocument>>>> {
        self.writer
            .lock()
            .map_err(|_| Error::Index("index writer poisoned".into()))
    }

    /// The search document of a game, but for its id, which [`Index::add_documents`] adds: the
    /// importer makes the documents on its parse threads, before the games have ids.
    pub fn document(&self, d: &DocInput) -> TantivyDocument {
        let f = &self.fields;
        let mut doc = TantivyDocument::default();
        doc.add_text(f.kind, d.kind.as_str());
        doc.add_facet(
            f.facets,
            tantivy::schema::Facet::from_path(["kind", d.kind.as_str()]),
        );
        if let Some(t) = d.title {
            doc.add_text(f.title, t);
        }
        let tag = |n: &str| {
            annals_import::model::tag(d.tags, n)
                .map(str::trim)
                .filter(|v| !v.is_empty())
        };
        let mut body: Vec<Cow<'_, str>> = Vec::new();
        if let Some(e) = tag("Event") {
            doc.add_text(f.event, e);
            let year = tag("Date").and_then(crate::store::keys::year_of);
            doc.add_text(f.event_key, crate::store::keys::event_key(e, year));
            doc.add_facet(
                f.facets,
                tantivy::schema::Facet::from_path(["event", &facet_part(e)]),
            );
        }
        for n in [
            "Event",
            "Site",
            "Round",
            "Date",
            "Source",
            "Transcriber",
            "Annotator",
            "Edition",
        ] {
            if let Some(v) = tag(n) {
                body.push(Cow::Borrowed(v));
            }
        }
        if let Some(y) = tag("Date").and_then(crate::store::keys::year_of) {
            doc.add_i64(f.year, y);
            doc.add_facet(
                f.facets,
                tantivy::schema::Facet::from_path(["year", &y.to_string()]),
            );
        }
        if let Some(r) = d.result {
            body.push(Cow::Borrowed(r));
        }
        let mut players = Vec::new();
        let mut sides = Vec::new();
        for (seat, name) in &d.players {
            if let Some(n) = name {
                players.push(Cow::Borrowed(*n));
                players.push(Cow::Owned(crate::store::keys::player_key(n)));
                body.push(Cow::Owned(format!("{seat} {n}")));
                sides.push(*seat);
            }
        }
        let mut winners: Vec<&str> = d.winners.iter().map(String::as_str).collect();
        for w in d.winners {
            if let Some((_, Some(n))) = d.players.iter().find(|(s, _)| s == w) {
                winners.push(n);
            }
        }
        let extra = kind_terms(d.body);
        sides.extend(extra.sides.iter().copied());
        let mut seen = HashSet::new();
        sides.retain(|s| seen.insert(*s));
        for s in &sides {
            doc.add_facet(
                f.facets,
                tantivy::schema::Facet::from_path(["side", &facet_part(s)]),
            );
        }
        for e in &extra.empire_codes {
            doc.add_facet(
                f.facets,
                tantivy::schema::Facet::from_path(["empire", &facet_part(e)]),
            );
        }
        doc.add_text(f.player, join(&players));
        doc.add_text(f.side, join(&sides));
        doc.add_text(f.winner, join(&winners));
        doc.add_text(f.empire, join(&extra.empires));
        doc.add_text(f.card, join(&extra.cards));
        doc.add_text(f.region, join(&extra.regions));
        doc.add_text(f.opening, join(&extra.opening));
        body.extend(extra.text.into_iter().map(Cow::Borrowed));
        doc.add_text(f.body, join(&body));
        doc
    }

    /// Adds freshly imported games (already committed to the database), each by its id and its
    /// [`Index::document`], and commits the index.
    pub fn add_documents(&self, docs: Vec<(i64, TantivyDocument)>) -> Result<()> {
        if docs.is_empty() {
            return Ok(());
        }
        self.add_documents_uncommitted(docs)?;
        self.commit()
    }

    /// Adds games without committing: searches see them after the next [`Index::commit`]. The
    /// importer commits every [`crate::store::ingest::INDEX_COMMIT_GAMES`] games; should it stop before,
    /// the games are in the database and `sync` (run at every start) indexes them.
    pub fn add_documents_uncommitted(&self, docs: Vec<(i64, TantivyDocument)>) -> Result<()> {
        let guard = self.writer()?;
        let Some(w) = guard.as_ref() else {
            // Another process holds the writer: it picks these games up from the database.
            return Ok(());
        };
        let searcher = self.reader.searcher();
        for (id, mut doc) in docs {
            // A game is never indexed twice: drop any stale document with this id first.
            self.delete_if_present(w, &searcher, id)?;
            doc.add_u64(self.fields.id, id as u64);
            w.add_document(doc)?;
        }
        Ok(())
    }

    /// Deletes the document of game `id` when the last commit holds one. Only then: tantivy keeps
    /// every delete operation until the next commit (as a term query, several hundred bytes), so
    /// deleting unconditionally made a million-game import grow by that much per game.
    fn delete_if_present(
        &self,
        w: &IndexWriter<TantivyDocument>,
        searcher: &tantivy::Searcher,
        id: i64,
    ) -> Result<()> {
        let term = Term::from_field_u64(self.fields.id, id as u64);
        if searcher.doc_freq(&term)? > 0 {
            w.delete_term(term);
        }
        Ok(())
    }

    /// Commits what was added and makes it visible to searches.
    pub fn commit(&self) -> Result<()> {
        if self.commit_unread()? {
            self.reader.reload()?;
            self.warm();
        }
        Ok(())
    }

    /// Commits what was added, for the searches of other processes and of this one's next
    /// [`Index::commit`]: an import's commits before its last, which this process's searches
    /// need not see yet. Reloading the reader and warming its facets at each of them held a
    /// million-game import's merged-away segments in memory longer and cost it 10 facet warm-ups.
    /// False when another process holds the writer.
    pub fn commit_unread(&self) -> Result<bool> {
        let mut guard = self.writer()?;
        let Some(w) = guard.as_mut() else {
            return Ok(false);
        };
        w.commit()?;
        Ok(true)
    }

    /// Adds the documents of games loaded from the database, without committing. The callers add
    /// only games the index does not hold (`sync`: the missing ones; `rebuild`: after deleting
    /// all), so nothing is deleted first.
    fn add_records(
        &self,
        w: &IndexWriter<TantivyDocument>,
        conn: &Connection,
        ids: &[i64],
    ) -> Result<()> {
        for id in ids {
            if let Some(g) = crate::store::reads::get_game(conn, *id)? {
                let mut doc = self.document(&DocInput::from_record(&g));
                doc.add_u64(self.fields.id, g.id as u64);
                w.add_document(doc)?;
            }
        }
        Ok(())
    }

    /// Indexes the games `ids` (which the index must not hold yet) from the database, and commits.
    pub fn add_from_db(&self, conn: &Connection, ids: &[i64]) -> Result<()> {
        let guard = self.writer()?;
        let Some(w) = guard.as_ref() else {
            return Err(Error::Index(
                "the search index is held by another process".into(),
            ));
        };
        for chunk in ids.chunks(5_000) {
            self.add_records(w, conn, chunk)?;
        }
        drop(guard);
        self.commit()
    }

    /// The game ids the index holds.
    pub fn ids(&self) -> Result<BTreeSet<i64>> {
        if !self.writable() {
            // Another process writes: see its latest commit.
            self.reader.reload()?;
        }
        let searcher = self.reader.searcher();
        let mut out = BTreeSet::new();
        for seg in searcher.segment_readers() {
            let col = seg.fast_fields().u64("id")?;
            for doc in seg.doc_ids_alive() {
                if let Some(v) = col.first(doc) {
                    out.insert(v as i64);
                }
            }
        }
        Ok(out)
    }

    /// Compares the index with the database: (ids in the database only, ids in the index only),
    /// each in ascending order.
    pub fn diff(&self, conn: &Connection) -> Result<(Vec<i64>, Vec<i64>)> {
        let in_index = self.ids()?;
        let in_db = all_game_ids(conn)?;
        let missing = in_db
            .iter()
            .filter(|id| !in_index.contains(id))
            .copied()
            .collect();
        let extra = in_index
            .iter()
            .filter(|id| in_db.binary_search(id).is_err())
            .copied()
            .collect();
        Ok((missing, extra))
    }

    /// Brings the index level with the database: indexes what is missing, drops what is gone.
    /// Returns (added, removed).
    pub fn sync(&self, conn: &Connection) -> Result<(usize, usize)> {
        let (missing, extra) = self.diff(conn)?;
        if missing.is_empty() && extra.is_empty() {
            return Ok((0, 0));
        }
        let mut guard = self.writer()?;
        let Some(w) = guard.as_mut() else {
            return Err(Error::Index(
                "the search index is held by another process (a running `annals serve`?), which keeps it up to date; stop it to rebuild".into(),
            ));
        };
        for id in &extra {
            w.delete_term(Term::from_field_u64(self.fields.id, *id as u64));
        }
        for chunk in missing.chunks(5_000) {
            self.add_records(w, conn, chunk)?;
            w.commit()?;
        }
        w.commit()?;
        drop(guard);
        self.reader.reload()?;
        Ok((missing.len(), extra.len()))
    }

    /// Rebuilds the whole index from the database. Returns the number of documents.
    pub fn rebuild(&self, conn: &Connection) -> Result<usize> {
        let mut guard = self.writer()?;
        let Some(w) = guard.as_mut() else {
            return Err(Error::Index(
                "the search index is held by another process (a running `annals serve`?), which keeps it up to date; stop it to rebuild".into(),
            ));
        };
        w.delete_all_documents()?;
        let ids = all_game_ids(conn)?;
        for chunk in ids.chunks(5_000) {
            self.add_records(w, conn, chunk)?;
        }
        w.commit()?;
        drop(guard);
        self.reader.reload()?;
        Ok(ids.len())
    }

    /// Number of documents visible to searches.
    pub fn num_docs(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// Runs a query of the CONTRACT.md language. Errors in the query are `BadRequest`.
    pub fn search(
        &self,
        q: &str,
        kind: Option<Kind>,
        limit: usize,
        offset: usize,
    ) -> Result<SearchResult> {
        self.search_with(q, kind, limit, offset, &|_, _| Vec::new())
    }

    /// [`Index::search`], with `aliases` giving other spellings of a `player:` or `event:` term
    /// (from the name authority in the database).
    pub fn search_with(
        &self,
        q: &str,
        kind: Option<Kind>,
        limit: usize,
        offset: usize,
        aliases: &dyn Fn(query::Field, &str) -> Vec<String>,
    ) -> Result<SearchResult> {
        self.search_on(&self.reader.searcher(), q, kind, limit, offset, aliases)
    }

    /// [`Index::search_with`] through a cache of recent answers (for the HTTP handlers). An
    /// answer is kept for the searcher generation it was computed on: every commit of the index
    /// (an import, a deletion, a sync) reloads the reader, which starts a new generation and
    /// empties the cache. Answers that consulted `aliases` (the name authority lives in the
    /// database, which changes without the index) are never kept.
    pub fn search_cached(
        &self,
        q: &str,
        kind: Option<Kind>,
        limit: usize,
        offset: usize,
        aliases: &dyn Fn(query::Field, &str) -> Vec<String>,
    ) -> Result<Arc<SearchResult>> {
        let searcher = self.reader.searcher();
        let generation = searcher.generation().generation_id();
        let key = (q.to_string(), kind, limit, offset);
        if let Some(r) = self.lock_results()?.get(generation, &key) {
            return Ok(r);
        }
        let consulted = std::cell::Cell::new(false);
        let r = Arc::new(self.search_on(&searcher, q, kind, limit, offset, &|f, v| {
            consulted.set(true);
            aliases(f, v)
        })?);
        if !consulted.get() && limit <= RESULT_CACHE_MAX_LIMIT {
            self.lock_results()?.put(generation, key, r.clone());
        }
        Ok(r)
    }

    fn lock_results(&self) -> Result<std::sync::MutexGuard<'_, ResultCache>> {
        self.results
            .lock()
            .map_err(|_| Error::Index("result cache poisoned".into()))
    }

    /// Runs `collector` over `searcher`'s segments: on both cores when this is the only search
    /// running (the segments of one query in parallel, for its latency), on the calling thread
    /// when others run beside it. Under concurrent requests the cores are busy with requests
    /// already, and splitting each query only adds thread hand-overs: at 100k games, 16 clients,
    /// the distinct mix ran 4,845–4,950 requests/s split, 5,512–6,369 on the calling thread.
    fn collect<C: tantivy::collector::Collector>(
        &self,
        searcher: &tantivy::Searcher,
        query: &dyn TQuery,
        collector: &C,
    ) -> Result<C::Fruit> {
        use std::sync::atomic::Ordering;
        struct Running<'a>(&'a std::sync::atomic::AtomicUsize);
        impl Drop for Running<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::Relaxed);
            }
        }
        let others = self.in_flight.fetch_add(1, Ordering::Relaxed);
        let _running = Running(&self.in_flight);
        if others == 0 {
            return Ok(searcher.search(query, collector)?);
        }
        let scoring = if collector.requires_scoring() {
            tantivy::query::EnableScoring::enabled_from_searcher(searcher)
        } else {
            tantivy::query::EnableScoring::disabled_from_searcher(searcher)
        };
        Ok(searcher.search_with_executor(
            query,
            collector,
            &tantivy::Executor::single_thread(),
            scoring,
        )?)
    }

    /// The search of [`Index::search_with`], on one searcher (one view of the index).
    fn search_on(
        &self,
        searcher: &tantivy::Searcher,
        q: &str,
        kind: Option<Kind>,
        limit: usize,
        offset: usize,
        aliases: &dyn Fn(query::Field, &str) -> Vec<String>,
    ) -> Result<SearchResult> {
        let (query, plan) = self.build_query(searcher, q, kind, aliases)?;
        // A query of one term, or of a range of years, within one kind or all (the [`Plan`]),
        // takes its total and facets from the counts kept by term and kind and then looks for
        // its page of hits alone, which lets tantivy skip the blocks of postings whose best score
        // cannot reach the page (block-max WAND): a code matching a quarter of the archive
        // scores a few blocks of games, not all of them; a range of years reads its first games.
        // Any other query (phrases, conjunctions, unions) cannot skip, and matching it twice
        // would cost twice: one pass gives the page, the total and the facets.
        // A union of terms goes the one-pass way too: its terms are common words and names
        // whose blocks of postings all hold games of both, so no block can be skipped and a
        // second pass scored nearly every match anyway (`Chen OR Open` at 1M: 3.2 ms in two
        // passes, 2.2 in one; the whole mix's p99 5.8–6.0 → 4.9–5.3 ms).
        let (docs, total, facets) = if let Plan::Other = plan {
            let top = TopDocs::with_limit(limit.max(1))
                .and_offset(offset)
                .order_by_score();
            let (docs, (total, facets)) =
                self.collect(searcher, &*query, &(top, self.facet_counter(searcher)?))?;
            let docs: Vec<(f32, DocAddress)> = if limit == 0 { Vec::new() } else { docs };
            (docs, total, facets)
        } else {
            let segments = self.prepare(searcher, &plan)?;
            let (total, facets) = self.planned_counts(searcher, &segments)?;
            let docs = match &plan {
                _ if limit == 0 || total <= offset => Vec::new(),
                Plan::Term {
                    query: term,
                    kind: Some(_),
                } => self.best_of_kind(searcher, &segments, term, limit, offset)?,
                Plan::Years { .. } => self.first_of_years(searcher, &segments, limit, offset)?,
                Plan::Term { kind: None, .. } | Plan::Other => {
                    let top = TopDocs::with_limit(limit)
                        .and_offset(offset)
                        .order_by_score();
                    self.collect(searcher, &*query, &top)?
                }
            };
            (docs, total, facets)
        };
        let mut hits = Vec::with_capacity(docs.len());
        if docs.is_empty() {
            return Ok(SearchResult {
                total,
                hits,
                facets,
            });
        }
        let mut title_snip = SnippetGenerator::create(searcher, &*query, self.fields.title)?;
        title_snip.set_max_num_chars(160);
        let mut body_snip = SnippetGenerator::create(searcher, &*query, self.fields.body)?;
        body_snip.set_max_num_chars(160);
        for (score, addr) in docs {
            let doc: TantivyDocument = searcher.doc(addr)?;
            let id = doc
                .get_first(self.fields.id)
                .and_then(|v| v.as_u64())
                .unwrap_or(0) as i64;
            let kind = doc
                .get_first(self.fields.kind)
                .and_then(|v| v.as_str())
                .unwrap_or("")
                .to_string();
            let title = doc
                .get_first(self.fields.title)
                .and_then(|v| v.as_str())
                .map(str::to_string);
            let ts = title_snip.snippet_from_doc(&doc);
            let chosen = if !ts.highlighted().is_empty() {
                ts
            } else {
                let bs = body_snip.snippet_from_doc(&doc);
                if !bs.highlighted().is_empty() || title.is_none() {
                    bs
                } else {
                    ts
                }
            };
            hits.push(Hit {
                id,
                kind,
                title,
                score,
                snippet: chosen.to_html(),
                parts: snippet_parts(&chosen),
            });
        }
        Ok(SearchResult {
            total,
            hits,
            facets,
        })
    }

    /// The tantivy query of a query of the language, restricted to `kind`; `searcher` resolves
    /// excluded terms. With it, the [`Plan`] that answers it.
    ///
    /// A kind (`kind` or a `kind:` group) restricts the other groups without scoring: it is a
    /// filter, as a year range is, and a game's score is that of the words it matches (a `kind:`
    /// term scored the same for every game of its kind, a constant added to each). A kind alone
    /// is its term.
    fn build_query(
        &self,
        searcher: &tantivy::Searcher,
        q: &str,
        kind: Option<Kind>,
        aliases: &dyn Fn(query::Field, &str) -> Vec<String>,
    ) -> Result<(Box<dyn TQuery>, Plan)> {
        let parsed = query::parse(q).map_err(Error::BadRequest)?;
        let mut kinds: Vec<Kind> = kind.into_iter().collect();
        let mut clauses: Vec<(Occur, Box<dyn TQuery>)> = Vec::new();
        // The plan of the one required group, when there is one.
        let mut planned: Option<Plan> = None;
        for g in &parsed.groups {
            if let (
                false,
                [
                    query::Term {
                        value: Value::Kind(k),
                        ..
                    },
                ],
            ) = (g.negated, g.terms.as_slice())
            {
                if !kinds.contains(k) {
                    kinds.push(*k);
                }
                continue;
            }
            let mut alts: Vec<(Occur, Box<dyn TQuery>)> = Vec::new();
            for t in &g.terms {
                // `A OR B`: one union of all their alternatives (a sum of scores either way),
                // which tantivy prunes when all are terms.
                alts.extend(self.term_query(searcher, t, aliases)?);
            }
            let q: Box<dyn TQuery> = match alts.len() {
                0 => Box::new(tantivy::query::EmptyQuery),
                1 => alts.remove(0).1,
                _ => Box::new(BooleanQuery::new(alts)),
            };
            if g.negated {
                // tantivy 0.27's exclusion seeks a phrase scorer after it has run out, which one
                // of its debug assertions rejects: a panic (a 500) on queries like `-5魏胜 Lead`
                // in debug builds. Excluding the matching games by id has no phrase scorer in it
                // and gives the same answer.
                let hits = searcher.search(&*q, &tantivy::collector::DocSetCollector)?;
                let mut ids = Vec::with_capacity(hits.len());
                for addr in hits {
                    let col = searcher
                        .segment_reader(addr.segment_ord)
                        .fast_fields()
                        .u64("id")?;
                    if let Some(id) = col.first(addr.doc_id) {
                        ids.push(Term::from_field_u64(self.fields.id, id));
                    }
                }
                if !ids.is_empty() {
                    clauses.push((
                        Occur::MustNot,
                        Box::new(tantivy::query::TermSetQuery::new(ids)),
                    ));
                }
                continue;
            }
            planned = match (g.terms.as_slice(), q.downcast_ref::<TermQuery>()) {
                (_, Some(t)) => Some(Plan::Term {
                    query: t.clone(),
                    kind: None,
                }),
                (
                    [
                        query::Term {
                            value: Value::Years(from, to),
                            ..
                        },
                    ],
                    _,
                ) => Some(Plan::Years {
                    from: *from,
                    to: *to,
                    kind: None,
                }),
                _ => None,
            };
            clauses.push((Occur::Must, q));
        }
        let kind_term = |k: &Kind| {
            TermQuery::new(
                Term::from_field_text(self.fields.kind, k.as_str()),
                IndexRecordOption::Basic,
            )
        };
        let required = clauses.iter().filter(|(o, _)| *o == Occur::Must).count();
        let excluded = clauses.len() > required;
        let plan = if let ([k], 0) = (kinds.as_slice(), required) {
            clauses.push((Occur::Must, Box::new(kind_term(k))));
            match excluded {
                false => Plan::Term {
                    query: kind_term(k),
                    kind: None,
                },
                true => Plan::Other,
            }
        } else {
            for k in &kinds {
                clauses.push((
                    Occur::Must,
                    Box::new(ConstScoreQuery::new(Box::new(kind_term(k)), 0.0)),
                ));
            }
            match (planned, kinds.as_slice()) {
                (Some(p), ks) if required == 1 && !excluded && ks.len() <= 1 => {
                    p.within(ks.first().copied())
                }
                _ => Plan::Other,
            }
        };
        if clauses.iter().all(|(o, _)| *o == Occur::MustNot) {
            clauses.push((Occur::Must, Box::new(AllQuery)));
        }
        if let [(Occur::Must, _)] = clauses.as_slice()
            && let Some((_, only)) = clauses.pop()
        {
            // One required clause scores as itself, and unwrapped, a union of terms is one
            // tantivy can prune.
            return Ok((only, plan));
        }
        Ok((Box::new(BooleanQuery::new(clauses)), plan))
    }

    /// The collector of the total and the facets of `searcher`'s segments.
    fn facet_counter(&self, searcher: &tantivy::Searcher) -> Result<FacetCounter> {
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
    fn segment_facets(&self, seg: &tantivy::SegmentReader) -> Result<Arc<SegmentFacets>> {
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

    fn lock_facet_cache(
        &self,
    ) -> Result<std::sync::MutexGuard<'_, HashMap<tantivy::index::SegmentId, Arc<SegmentFacets>>>>
    {
        self.facet_labels
            .lock()
            .map_err(|_| Error::Index("facet cache poisoned".into()))
    }

    /// The tantivy queries of one term of the query language: alternatives, any of which
    /// matches. Alternatives with a word the index does not hold (in that field) are left out:
    /// they match nothing, and a phrase among terms keeps tantivy from pruning the union.
    fn term_query(
        &self,
        searcher: &tantivy::Searcher,
        t: &query::Term,
        aliases: &dyn Fn(query::Field, &str) -> Vec<String>,
    ) -> Result<Vec<(Occur, Box<dyn TQuery>)>> {
        let one = |q: Box<dyn TQuery>| Ok(vec![(Occur::Should, q)]);
        use query::Field as Q;
        let f = &self.fields;
        match (&t.field, &t.value) {
            (_, Value::Kind(k)) => one(Box::new(TermQuery::new(
                Term::from_field_text(f.kind, k.as_str()),
                IndexRecordOption::Basic,
            ))),
            (_, Value::Years(Some(a), Some(b))) if (0..=YEAR_TERMS_MAX).contains(&(b - a)) => {
                // A few years that hold few games: the union of their postings, which reads
                // those games alone, where a range reads the year of every game of the archive
                // (a million values for `year:2005` at 1M games). Each year scores 1 as the range
                // does (a game has one year), so the answer is the range's.
                let terms: Vec<Term> = (*a..=*b).map(|y| Term::from_field_i64(f.year, y)).collect();
                let mut held = 0u64;
                for t in &terms {
                    held += searcher.doc_freq(t)?;
                }
                if held.saturating_mul(YEAR_TERMS_SHARE) <= searcher.num_docs() {
                    let alts: Vec<(Occur, Box<dyn TQuery>)> = terms
                        .into_iter()
                        .map(|t| {
                            let q: Box<dyn TQuery> = Box::new(ConstScoreQuery::new(
                                Box::new(TermQuery::new(t, IndexRecordOption::Basic)),
                                1.0,
                            ));
                            (Occur::Should, q)
                        })
                        .collect();
                    return one(Box::new(BooleanQuery::new(alts)));
                }
                one(years(RangeQuery::new(
                    Bound::Included(Term::from_field_i64(f.year, *a)),
                    Bound::Included(Term::from_field_i64(f.year, *b)),
                )))
            }
            (_, Value::Years(a, b)) => {
                let bound = |y: Option<i64>| match y {
                    Some(y) => Bound::Included(Term::from_field_i64(f.year, y)),
                    None => Bound::Unbounded,
                };
                one(years(RangeQuery::new(bound(*a), bound(*b))))
            }
            (field, Value::Text(s)) => {
                let targets: Vec<Field> = match field {
                    None => vec![
                        f.title, f.body, f.player, f.empire, f.card, f.region, f.opening,
                    ],
                    Some(Q::Title) => vec![f.title],
                    Some(Q::Empire) => vec![f.empire],
                    Some(Q::Card) => vec![f.card],
                    Some(Q::Region) => vec![f.region],
                    Some(Q::Player) => vec![f.player],
                    Some(Q::Event) => vec![f.event],
                    Some(Q::Side) => vec![f.side],
                    Some(Q::Winner) => vec![f.winner],
                    Some(Q::Opening) => vec![f.opening],
                    Some(Q::Kind) | Some(Q::Year) => vec![],
                };
                let mut variants = vec![s.clone()];
                let codes = match field {
                    Some(Q::Card) => Some(crate::store::names::Codes::Card),
                    Some(Q::Empire) => Some(crate::store::names::Codes::Empire),
                    Some(Q::Region) => Some(crate::store::names::Codes::Region),
                    None => Some(crate::store::names::Codes::Any),
                    _ => None,
                };
                if let Some(c) = codes {
                    variants.extend(crate::store::names::canonical_hotw(s, c));
                }
                if let Some(Q::Event) = field {
                    // The events the name authority knows by this name, in any spelling.
                    let keys = aliases(Q::Event, s);
                    if !keys.is_empty() {
                        let alts: Vec<(Occur, Box<dyn TQuery>)> = keys
                            .iter()
                            .map(|k| {
                                let q: Box<dyn TQuery> = Box::new(TermQuery::new(
                                    Term::from_field_text(f.event_key, k),
                                    IndexRecordOption::Basic,
                                ));
                                (Occur::Should, q)
                            })
                            .collect();
                        return one(Box::new(BooleanQuery::new(alts)));
                    }
                }
                if let Some(Q::Player) = field {
                    variants.extend(aliases(Q::Player, s));
                    // Names are also indexed by their key (spacing and case folded away).
                    let keys: Vec<String> = variants
                        .iter()
                        .map(|v| crate::store::keys::player_key(v))
                        .filter(|k| !k.is_empty())
                        .collect();
                    variants.extend(keys);
                }
                dedup(&mut variants);
                let mut alts: Vec<(Occur, Box<dyn TQuery>)> = Vec::new();
                let mut searchable = false;
                let mut seen = HashSet::new();
                for v in &variants {
                    let terms = tokenizer::query_terms(v);
                    if terms.is_empty() {
                        continue;
                    }
                    searchable = true;
                    // Spellings that tokenize alike (`Chen`, its key `chen`) are one alternative.
                    if !seen.insert(terms.clone()) {
                        continue;
                    }
                    for fld in &targets {
                        let mut held = true;
                        for (_, word) in &terms {
                            held &= searcher.doc_freq(&Term::from_field_text(*fld, word))? > 0;
                        }
                        if held {
                            alts.push((Occur::Should, phrase(*fld, &terms)));
                        }
                    }
                }
                if !searchable {
                    return Err(Error::BadRequest(format!(
                        "'{s}' has nothing to search for"
                    )));
                }
                Ok(alts)
            }
        }
    }
}

/// A range of years, each game scoring 1 (as each year of a union of years does). Held as a
/// constant score query: a range that holds every game of a segment is one tantivy counts apart
/// among the required clauses of a conjunction, and drops its score (a kind and a range scored 0
/// in such a segment, 1 in the others).
fn years(range: RangeQuery) -> Box<dyn TQuery> {
    Box::new(ConstScoreQuery::new(Box::new(range), 1.0))
}

fn phrase(field: Field, terms: &[(usize, String)]) -> Box<dyn TQuery> {
    if let [(_, only)] = terms {
        return Box::new(TermQuery::new(
            Term::from_field_text(field, only),
            IndexRecordOption::WithFreqs,
        ));
    }
    Box::new(PhraseQuery::new_with_offset(
        terms
            .iter()
            .map(|(o, t)| (*o, Term::from_field_text(field, t)))
            .collect(),
    ))
}

fn dedup(v: &mut Vec<String>) {
    let mut seen = HashSet::new();
    v.retain(|s| seen.insert(s.clone()));
}

/// Per-kind searchable terms of a game body, borrowed from it (made once for every imported game:
/// owned, the strings of a HotW game's regions and cards were a tenth of the index thread's work).
#[derive(Default)]
struct KindTerms<'a> {
    empires: Vec<&'a str>,
    empire_codes: Vec<&'a str>,
    cards: Vec<&'a str>,
    regions: Vec<&'a str>,
    sides: Vec<&'a str>,
    opening: Vec<&'a str>,
    text: Vec<&'a str>,
}

/// The values of a field in one text, joined by ` ¦ ` (as `[String]::join` did, without the copies).
fn join<S: AsRef<str>>(v: &[S]) -> String {
    let mut out = String::with_capacity(v.iter().map(|s| s.as_ref().len() + 4).sum());
    for (i, s) in v.iter().enumerate() {
        if i > 0 {
            out.push_str(" ¦ ");
        }
        out.push_str(s.as_ref());
    }
    out
}

/// Sorted, each once. A HotW game names its few dozen regions hundreds of times, nearly always
/// by the one copy in the tables: the repeats of a place are dropped first, by where their text
/// lives (a pointer and a length, cheaper to hash than the text), and equal texts held in two
/// places by the sort.
fn sorted_set<T: Ord + Place + Copy>(mut v: Vec<T>) -> Vec<T> {
    // (room for all at once: growing the set was a third of the time)
    let mut seen = rustc_hash::FxHashSet::with_capacity_and_hasher(v.len(), Default::default());
    v.retain(|x| seen.insert(x.place()));
    v.sort_unstable();
    v.dedup();
    v
}

/// Where a value's text lives, for [`sorted_set`].
trait Place {
    type Key: std::hash::Hash + Eq;
    fn place(&self) -> Self::Key;
}

impl Place for &str {
    type Key = (usize, usize);
    fn place(&self) -> (usize, usize) {
        (self.as_ptr() as usize, self.len())
    }
}

impl Place for (&str, &str) {
    type Key = ((usize, usize), (usize, usize));
    fn place(&self) -> Self::Key {
        (self.0.place(), self.1.place())
    }
}

fn kind_terms(body: &Body) -> KindTerms<'_> {
    let mut k = KindTerms::default();
    match body {
        Body::Hotw(g) => {
            let mut empires = Vec::new();
            let mut cards = Vec::new();
            let mut regions = Vec::new();
            for t in &g.turns {
                empires.push(&*t.empire);
                for c in &t.cards {
                    cards.push((&*c.card, &*c.name));
                }
                for e in &t.expansions {
                    regions.push(&*e.from);
                    regions.push(&*e.to);
                    regions.extend(e.via.iter().map(|v| &**v));
                }
                for b in &t.builds {
                    regions.push(&*b.region);
                }
            }
            for e in sorted_set(empires) {
                k.empire_codes.push(e);
                k.empires.push(e);
                if let Some(name) = crate::store::names::hotw_empire_name(e) {
                    k.empires.push(name);
                }
            }
            for (code, name) in sorted_set(cards) {
                k.cards.push(code);
                if !name.is_empty() {
                    k.cards.push(name);
                }
            }
            k.regions = sorted_set(regions);
            k.regions.retain(|r| !r.is_empty());
            if let Some(first) = g
                .turns
                .iter()
                .find(|t| t.epoch == 1 || t.epoch == g.turns[0].epoch)
            {
                k.opening.push(&first.empire);
            }
        }
        Body::Sanguo(g) => {
            let first_round = g.moves.first().map(|m| m.round);
            k.opening = g
                .moves
                .iter()
                .take_while(|m| Some(m.round) == first_round)
                .map(|m| m.notation.as_str())
                .collect();
            for e in &g.title_events {
                use annals_import::sanguo::TitleEvent as T;
                match e {
                    T::Alliance { by, with } => k.sides.extend([by.as_str(), with.as_str()]),
                    T::KillHan { by } | T::Win { side: by } => k.sides.push(by),
                    T::Eliminate { by, sides } => {
                        k.sides.push(by);
                        k.sides.extend(sides.iter().map(String::as_str));
                    }
                    T::Stalemate { by, side } => k.sides.extend([by.as_str(), side.as_str()]),
                    T::Draw { sides } => k.sides.extend(sides.iter().map(String::as_str)),
                }
            }
        }
        Body::Wec(g) => {
            k.opening = g
                .turns
                .iter()
                .take(2)
                .map(|t| t.notation.as_str())
                .collect();
            k.text = sorted_set(g.turns.iter().map(|t| &*t.piece.kind).collect());
        }
        Body::Deluge(g) => {
            k.sides = sorted_set(g.orders.iter().map(|o| o.power.as_str()).collect());
            if let Some(w) = &g.winner {
                k.sides.push(w);
            }
        }
    }
    k
}

/// The ids of every stored game, ascending. Read from the narrowest index that holds them (the
/// planner picks one for an unordered scan) and sorted here: `ORDER BY id` walks the games table
/// itself, which is most of the database (at 1M games, 2.6 s against 0.5 s with a warm cache,
/// and most of the 24 s a server took to open a cold one).
fn all_game_ids(conn: &Connection) -> Result<Vec<i64>> {
    let mut ids: Vec<i64> = conn
        .prepare("SELECT id FROM games")?
        .query_map([], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    ids.sort_unstable();
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tantivy::collector::{Count, FacetCollector};

    /// The total and the facets as tantivy's `Count` and `FacetCollector` give them (what the
    /// search answered before it counted facets itself).
    fn by_collectors(ix: &Index, q: &str, kind: Option<Kind>) -> (usize, Facets) {
        by_collectors_top(ix, q, kind, FACET_TOP)
    }

    /// [`by_collectors`], with `top` labels of each dimension.
    fn by_collectors_top(ix: &Index, q: &str, kind: Option<Kind>, top: usize) -> (usize, Facets) {
        let searcher = ix.reader.searcher();
        let (query, _) = ix
            .build_query(&searcher, q, kind, &|_, _| Vec::new())
            .unwrap();
        let mut fc = FacetCollector::for_field("facets");
        for p in ["/kind", "/event", "/year", "/empire", "/side"] {
            fc.add_facet(p);
        }
        let (total, counts) = searcher.search(&query, &(Count, fc)).unwrap();
        let mut facets = Facets::default();
        for (name, slot) in [
            ("/kind", &mut facets.kind),
            ("/event", &mut facets.event),
            ("/year", &mut facets.year),
            ("/empire", &mut facets.empire),
            ("/side", &mut facets.side),
        ] {
            let mut v: Vec<(String, u64)> = counts
                .get(name)
                .map(|(f, c)| (f.to_path().last().unwrap().to_string(), c))
                .collect();
            v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            v.truncate(top);
            *slot = v;
        }
        (total, facets)
    }

    /// The best hits (id, score) as one unpruned pass gives them: `Count` beside `TopDocs`
    /// makes tantivy score every match.
    fn unpruned_hits(ix: &Index, q: &str, kind: Option<Kind>, n: usize) -> Vec<(i64, f32)> {
        let searcher = ix.reader.searcher();
        let (query, _) = ix
            .build_query(&searcher, q, kind, &|_, _| Vec::new())
            .unwrap();
        let top = TopDocs::with_limit(n).order_by_score();
        let (docs, _) = searcher.search(&query, &(top, Count)).unwrap();
        game_ids(&searcher, docs)
    }

    /// The game ids of tantivy's hits, with their scores.
    fn game_ids(searcher: &tantivy::Searcher, docs: Vec<(f32, DocAddress)>) -> Vec<(i64, f32)> {
        docs.into_iter()
            .map(|(score, addr)| {
                let col = searcher
                    .segment_reader(addr.segment_ord)
                    .fast_fields()
                    .u64("id")
                    .unwrap();
                (col.first(addr.doc_id).unwrap() as i64, score)
            })
            .collect()
    }

    /// Deletes the documents of the games `ids` from the index, commits and reloads its reader.
    fn delete_ids(ix: &Index, ids: impl IntoIterator<Item = u64>) {
        {
            let mut guard = ix.writer().unwrap();
            let w = guard.as_mut().unwrap();
            for id in ids {
                w.delete_term(Term::from_field_u64(ix.fields.id, id));
            }
            w.commit().unwrap();
        }
        ix.reader.reload().unwrap();
    }

    /// [`fixture`]'s database and index with `games` generated games imported in two halves of
    /// their own seeds, each of every kind: two segments at least, each holding all three kinds.
    fn imported(games: usize, seed: u64) -> (tempfile::TempDir, Connection, Index) {
        let (dir, _, mut conn, ix) = fixture(0, seed);
        for (half, seed) in [("a", seed), ("b", seed ^ 0x5eed)] {
            let corpus = dir.path().join(half);
            std::fs::create_dir_all(&corpus).unwrap();
            crate::bench::write_corpus(&corpus, games / 2, seed).unwrap();
            crate::store::ingest::import_paths(
                &mut conn,
                Some(&ix),
                &[corpus],
                &Default::default(),
            )
            .unwrap();
        }
        (dir, conn, ix)
    }

    /// A generated corpus of `games` games (seed `seed`) in a temporary folder, with an empty
    /// database and index beside it: (folder, record files, database, index).
    fn fixture(
        games: usize,
        seed: u64,
    ) -> (
        tempfile::TempDir,
        Vec<std::path::PathBuf>,
        Connection,
        Index,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let corpus = dir.path().join("corpus");
        std::fs::create_dir_all(&corpus).unwrap();
        let files = crate::bench::write_corpus(&corpus, games, seed).unwrap();
        let conn = crate::store::connection::open(&dir.path().join("a.db")).unwrap();
        let ix = Index::open(&dir.path().join("a.index")).unwrap();
        let paths = files.into_iter().map(|f| f.path).collect();
        (dir, paths, conn, ix)
    }

    #[test]
    fn totals_and_facets_are_those_of_tantivys_collectors() {
        // Two imports (two segments at least), then deleted documents in both.
        let (_dir, _conn, ix) = imported(600, 3);
        delete_ids(&ix, (1..600).step_by(7));
        assert!(ix.reader.searcher().segment_readers().len() >= 2);
        let mut queries = crate::bench::search_mix(3, 600);
        queries.sort();
        queries.dedup();
        queries.extend(
            [
                "Cup -Spring",
                "Cup OR 赤壁杯",
                "魏",
                "zzzz",
                "year:..1995 Club",
            ]
            .map(String::from),
        );
        let mut nonzero = 0;
        for q in &queries {
            for kind in [
                None,
                Some(Kind::Hotw),
                Some(Kind::Sanguo),
                Some(Kind::Deluge),
            ] {
                let r = ix.search(q, kind, 10, 0).unwrap();
                // Pruned or not, the same page: the same scores, each hit with its own score.
                // (Scores summed in another order may differ in the last bit, which can swap
                // games of equal score.)
                let close = |a: f32, b: f32| (a - b).abs() <= 1e-5 * b.abs().max(1.0);
                let want = unpruned_hits(&ix, q, kind, 10);
                let wider = unpruned_hits(&ix, q, kind, 60);
                assert_eq!(r.hits.len(), want.len(), "{q} {kind:?}");
                for (h, w) in r.hits.iter().zip(&want) {
                    assert!(close(h.score, w.1), "{q} {kind:?}: {} {}", h.score, w.1);
                    let own = wider.iter().find(|x| x.0 == h.id).map(|x| x.1);
                    assert!(
                        own.is_some_and(|s| close(h.score, s)),
                        "{q} {kind:?}: {}",
                        h.id
                    );
                }
                assert_eq!(
                    (r.total, r.facets),
                    by_collectors(&ix, q, kind),
                    "{q} {kind:?}"
                );
                nonzero += usize::from(r.total > 0);
            }
        }
        assert!(nonzero > queries.len(), "the queries find games");
    }

    /// The same set, in the same order, as a `BTreeSet` of the texts, whether equal texts share
    /// one place (the tables' copy) or not (copies of their own).
    #[test]
    fn sorted_set_is_the_set_of_texts_in_order() {
        let owned: Vec<String> = ["Mad", "EAfr", "Mad", "", "Bal", "EAfr"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut v: Vec<&str> = owned.iter().map(String::as_str).collect();
        v.extend(["Mad", "Mad", "CAfr", "", "Bal"]);
        let want: Vec<&str> = v
            .iter()
            .copied()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        assert_eq!(sorted_set(v.clone()), want);
        assert_eq!(want, ["", "Bal", "CAfr", "EAfr", "Mad"]);
        let pairs: Vec<(&str, &str)> = v.iter().map(|s| (*s, &s[s.len().min(1)..])).collect();
        let want: Vec<_> = pairs
            .iter()
            .copied()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        assert_eq!(sorted_set(pairs), want);
    }

    #[test]
    fn every_facet_count_is_tantivys() {
        // Generated games with the corpus's HotW records among them (which lack empires that
        // the other games of their segment have), in two segments, then deleted documents.
        let (_dir, paths, mut conn, ix) = fixture(600, 5);
        let mut corpus: Vec<std::path::PathBuf> = std::fs::read_dir("corpus/hotw")
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "hotw"))
            .collect();
        corpus.sort();
        let (a, b) = paths.split_at(paths.len() / 2);
        for part in [[a, &corpus[..]].concat(), b.to_vec()] {
            crate::store::ingest::import_paths(&mut conn, Some(&ix), &part, &Default::default())
                .unwrap();
        }
        delete_ids(&ix, (1..600).step_by(5));
        let searcher = ix.reader.searcher();
        let mut counter = ix.facet_counter(&searcher).unwrap();
        counter.top = usize::MAX;
        // The fixture holds facets of each way of counting.
        let helds = counter.segments.iter().flat_map(|s| &s.dense);
        let (mut bits, mut all, mut all_but) = (0, 0, 0);
        for d in helds {
            match &d.held {
                Held::Bits { .. } => bits += 1,
                Held::AllBut { lacking, .. } if lacking.is_empty() => all += 1,
                Held::AllBut { .. } => all_but += 1,
            }
        }
        assert!(bits > 0 && all > 0 && all_but > 0, "{bits} {all} {all_but}");
        let mut queries = crate::bench::search_mix(5, 600);
        queries.sort();
        queries.dedup();
        queries.extend(["*", "year:1980..2030", "魏", "Cup OR 赤壁杯"].map(String::from));
        for q in &queries {
            for kind in [None, Some(Kind::Hotw), Some(Kind::Sanguo), Some(Kind::Wec)] {
                let Ok((query, _)) = ix.build_query(&searcher, q, kind, &|_, _| Vec::new()) else {
                    continue;
                };
                let got = searcher.search(&query, &counter).unwrap();
                assert_eq!(
                    got,
                    by_collectors_top(&ix, q, kind, usize::MAX),
                    "{q} {kind:?}"
                );
            }
        }
    }

    #[test]
    fn a_broad_terms_counts_kept_by_segment_stay_those_of_tantivys_collectors() {
        let (_dir, _conn, ix) = imported(600, 6);
        let queries = [
            "side:魏",
            "empire:Baby",
            "region:Balk",
            "kind:hotw",
            "card:Lead",
            "player:Chen",
        ];
        let check = |ix: &Index| {
            for q in queries {
                let r = ix.search(q, None, 7, 0).unwrap();
                assert_eq!((r.total, r.facets), by_collectors(ix, q, None), "{q}");
                assert!(r.total > 0, "{q}");
            }
        };
        check(&ix);
        let kept = ix.term_counts.lock().unwrap().by_term.len();
        assert!(kept >= 2 * 5, "broad terms in both segments: {kept}");
        // The second time, from the kept counts.
        check(&ix);
        assert_eq!(ix.term_counts.lock().unwrap().by_term.len(), kept);
        // The segments merged into one: the counts of the old ones are forgotten at the commit,
        // and the new segment's are kept at its first searches.
        {
            let ids: Vec<_> = live_segments(&ix.reader.searcher()).into_iter().collect();
            assert!(ids.len() >= 2);
            let mut guard = ix.writer().unwrap();
            guard.as_mut().unwrap().merge(&ids).wait().unwrap();
        }
        ix.commit().unwrap();
        let live = live_segments(&ix.reader.searcher());
        assert_eq!(live.len(), 1);
        assert!(ix.term_counts.lock().unwrap().by_term.is_empty());
        assert_eq!(ix.term_counts.lock().unwrap().pairs, 0);
        check(&ix);
        check(&ix);
        let counts = ix.term_counts.lock().unwrap();
        assert_eq!(counts.by_term.len(), queries.len());
        assert!(counts.by_term.keys().all(|(seg, _)| live.contains(seg)));
        let pairs: usize = counts.by_term.values().map(|c| c.pairs()).sum();
        assert_eq!(counts.pairs, pairs);
        drop(counts);
        // Deletions in every segment: the kept counts are no longer read.
        delete_ids(&ix, (1..600).step_by(3));
        check(&ix);
    }

    #[test]
    fn a_search_beside_others_gives_the_answer_it_gives_alone() {
        let (_dir, _conn, ix) = imported(600, 4);
        assert!(ix.reader.searcher().segment_readers().len() >= 2);
        let mut queries = crate::bench::search_mix(4, 600);
        queries.sort();
        queries.dedup();
        use std::sync::atomic::Ordering;
        for q in &queries {
            let alone = ix.search(q, None, 10, 0).unwrap();
            // As if another request were being searched: the segments on this thread alone.
            ix.in_flight.fetch_add(1, Ordering::Relaxed);
            let beside = ix.search(q, None, 10, 0);
            ix.in_flight.fetch_sub(1, Ordering::Relaxed);
            let beside = beside.unwrap();
            assert_eq!(alone.total, beside.total, "{q}");
            assert_eq!(alone.facets, beside.facets, "{q}");
            let ids = |r: &SearchResult| r.hits.iter().map(|h| h.id).collect::<Vec<_>>();
            assert_eq!(ids(&alone), ids(&beside), "{q}");
        }
        assert_eq!(ix.in_flight.load(Ordering::Relaxed), 0);
    }

    /// A term or a range of years, within a kind or not: the planned path's page (its games and
    /// scores, in order), total and facets are those of tantivy's collectors over the query.
    #[test]
    fn planned_answers_are_tantivys() {
        let (_dir, _conn, ix) = imported(900, 8);
        let check = |ix: &Index, deleted: bool| {
            let searcher = ix.reader.searcher();
            assert!(searcher.segment_readers().len() >= 2);
            let mut plans = [0usize; 3];
            let queries = [
                "Cup",
                "Club",
                "player:Chen",
                "empire:Baby",
                "side:魏",
                "kind:hotw",
                "kind:hotw Cup",
                "kind:sanguo night",
                "kind:wec Club",
                "year:2005",
                "year:1999..2004",
                "year:..1995",
                "year:2010..",
                "year:1980..2030",
                "year:2030..2040",
                "kind:sanguo year:1990..2000",
                "Cup year:1990..2000",
                "Cup OR Club",
            ];
            for q in queries {
                for kind in [None, Some(Kind::Hotw), Some(Kind::Sanguo), Some(Kind::Wec)] {
                    let (query, plan) = ix
                        .build_query(&searcher, q, kind, &|_, _| Vec::new())
                        .unwrap();
                    plans[match plan {
                        Plan::Other => 0,
                        Plan::Term { .. } => 1,
                        Plan::Years { .. } => 2,
                    }] += 1;
                    for (limit, offset) in [(10, 0), (7, 30), (0, 0), (5, 100_000)] {
                        let r = ix.search(q, kind, limit, offset).unwrap();
                        let top = TopDocs::with_limit(limit.max(1))
                            .and_offset(offset)
                            .order_by_score();
                        let (docs, n) = searcher.search(&query, &(top, Count)).unwrap();
                        let want = if limit == 0 {
                            Vec::new()
                        } else {
                            game_ids(&searcher, docs)
                        };
                        let got: Vec<(i64, f32)> = r.hits.iter().map(|h| (h.id, h.score)).collect();
                        assert_eq!(got, want, "{q} {kind:?} {limit} {offset} {deleted}");
                        assert_eq!(r.total, n, "{q} {kind:?}");
                    }
                    let r = ix.search(q, kind, 3, 0).unwrap();
                    assert_eq!(
                        (r.total, r.facets),
                        by_collectors(ix, q, kind),
                        "{q} {kind:?}"
                    );
                }
            }
            // Each way of answering is met: unions and conjunctions, terms, years.
            assert!(plans.iter().all(|n| *n >= 8), "{plans:?}");
        };
        check(&ix, false);
        // Every year of every segment is kept by now, and answers again from there.
        let years = |ix: &Index| {
            let counts = ix.term_counts.lock().unwrap();
            let year = ix.fields.year;
            counts
                .by_term
                .keys()
                .filter(|(_, t)| t.field() == year)
                .count()
        };
        let kept = years(&ix);
        assert!(kept >= 2 * 20, "{kept}");
        check(&ix, false);
        assert_eq!(years(&ix), kept);
        // Deletions: counted again, the dead games left out.
        delete_ids(&ix, (1..900).step_by(4));
        check(&ix, true);
    }

    #[test]
    fn few_years_by_postings_answer_as_the_range_does() {
        let (_dir, _conn, ix) = imported(900, 5);
        let searcher = ix.reader.searcher();
        let mut by_postings = 0;
        for (from, to) in [
            (2005, 2005),
            (1999, 2000),
            (1990, 1995),
            (1988, 2020),
            (3000, 3001),
        ] {
            let q = format!("year:{from}..{to}");
            let (built, _) = ix
                .build_query(&searcher, &q, None, &|_, _| Vec::new())
                .unwrap();
            by_postings += usize::from(built.downcast_ref::<BooleanQuery>().is_some());
            let range = RangeQuery::new(
                Bound::Included(Term::from_field_i64(ix.fields.year, from)),
                Bound::Included(Term::from_field_i64(ix.fields.year, to)),
            );
            for (limit, offset) in [(20, 0), (7, 30)] {
                let top = TopDocs::with_limit(limit)
                    .and_offset(offset)
                    .order_by_score();
                let (want, n) = searcher.search(&range, &(top, Count)).unwrap();
                let r = ix.search(&q, None, limit, offset).unwrap();
                assert_eq!(r.total, n, "{q}");
                let got: Vec<(i64, f32)> = r.hits.iter().map(|h| (h.id, h.score)).collect();
                assert_eq!(got, game_ids(&searcher, want), "{q} {limit} {offset}");
            }
        }
        // One year, two, and the empty range go by postings; six and all do not.
        assert_eq!(by_postings, 3);
    }

    #[test]
    fn the_index_is_compared_with_the_database_both_ways_and_synced() {
        let (_dir, paths, mut conn, ix) = fixture(90, 4);
        crate::store::ingest::import_paths(&mut conn, Some(&ix), &paths, &Default::default())
            .unwrap();
        let games = ix.num_docs();
        assert_eq!(games, 90);
        assert_eq!(ix.diff(&conn).unwrap(), (vec![], vec![]));
        // Games 44 and 3 lost from the index, game 17 gone from the database.
        delete_ids(&ix, [44u64, 3]);
        conn.execute_batch("PRAGMA foreign_keys = OFF; DELETE FROM games WHERE id = 17;")
            .unwrap();
        assert_eq!(ix.diff(&conn).unwrap(), (vec![3, 44], vec![17]));
        assert_eq!(ix.sync(&conn).unwrap(), (2, 1));
        assert_eq!(ix.diff(&conn).unwrap(), (vec![], vec![]));
        assert_eq!(ix.num_docs(), games - 1);
    }

    #[test]
    fn an_index_of_another_schema_or_tokenizer_is_rebuilt_from_the_database() {
        let (dir, paths, mut conn, ix) = fixture(60, 9);
        crate::store::ingest::import_paths(&mut conn, Some(&ix), &paths, &Default::default())
            .unwrap();
        let games = ix.num_docs();
        assert!(games > 0);
        drop(ix);
        // The same fields, their text tokenized by another tokenizer (as an index written
        // before the tokenizer changed its tokens, and its name, is).
        let old = dir.path().join("old.index");
        std::fs::create_dir_all(&old).unwrap();
        {
            let mut b = Schema::builder();
            let (schema, _) = schema();
            for (_, entry) in schema.fields() {
                let mut e = entry.clone();
                if let tantivy::schema::FieldType::Str(opts) = e.field_type()
                    && let Some(ix_opts) = opts.get_indexing_options()
                    && ix_opts.tokenizer() == tokenizer::NAME
                {
                    let o = opts
                        .clone()
                        .set_indexing_options(ix_opts.clone().set_tokenizer("annals-bigrams"));
                    e = tantivy::schema::FieldEntry::new_text(e.name().to_string(), o);
                }
                b.add_field(e);
            }
            let old_schema = b.build();
            assert_ne!(old_schema, schema);
            tantivy::Index::create_in_dir(&old, old_schema).unwrap();
        }
        let ix = Index::open(&old).unwrap();
        assert_eq!(ix.num_docs(), 0, "the old index is dropped");
        assert_eq!(ix.sync(&conn).unwrap().0 as u64, games);
        ix.reader.reload().unwrap();
        assert_eq!(ix.num_docs(), games);
        assert!(ix.search("魏", None, 5, 0).unwrap().total > 0);
    }

    #[test]
    fn cached_answers_last_until_the_index_changes() {
        let (_dir, paths, mut conn, ix) = fixture(300, 5);
        assert!(paths.len() >= 2);
        let (a, b) = paths.split_at(1);
        let no_aliases = |_: query::Field, _: &str| Vec::new();
        let q = "year:1000..3000";
        crate::store::ingest::import_paths(&mut conn, Some(&ix), a, &Default::default()).unwrap();
        let first = ix.search_cached(q, None, 5, 0, &no_aliases).unwrap();
        assert!(first.total > 0);
        let again = ix.search_cached(q, None, 5, 0, &no_aliases).unwrap();
        assert!(
            Arc::ptr_eq(&first, &again),
            "the second answer comes from the cache"
        );
        // Another page or kind is another answer.
        let other = ix
            .search_cached(q, Some(Kind::Wec), 5, 0, &no_aliases)
            .unwrap();
        assert!(!Arc::ptr_eq(&first, &other));

        // An import commits the index: the cached answer is gone.
        crate::store::ingest::import_paths(&mut conn, Some(&ix), b, &Default::default()).unwrap();
        let after = ix.search_cached(q, None, 5, 0, &no_aliases).unwrap();
        let fresh = ix.search(q, None, 5, 0).unwrap();
        // The facets kept are those of the live segments only: merged-away ones are dropped.
        {
            let ids = ix
                .reader
                .searcher()
                .segment_readers()
                .iter()
                .map(|s| s.segment_id())
                .collect::<Vec<_>>();
            assert!(ids.len() >= 2);
            let mut guard = ix.writer().unwrap();
            guard.as_mut().unwrap().merge(&ids).wait().unwrap();
        }
        ix.commit().unwrap();
        assert_eq!(ix.reader.searcher().segment_readers().len(), 1);
        let live = live_segments(&ix.reader.searcher());
        let kept: HashSet<_> = ix.lock_facet_cache().unwrap().keys().copied().collect();
        assert_eq!(kept, live);
        assert!(after.total > first.total);
        assert_eq!(after.total, fresh.total);
        assert_eq!(after.facets, fresh.facets);

        // So does a deletion.
        let id = after.hits[0].id;
        {
            let mut guard = ix.writer().unwrap();
            let w = guard.as_mut().unwrap();
            w.delete_term(Term::from_field_u64(ix.fields.id, id as u64));
            w.commit().unwrap();
        }
        ix.reader.reload().unwrap();
        let deleted = ix.search_cached(q, None, 5, 0, &no_aliases).unwrap();
        assert_eq!(deleted.total, after.total - 1);
        assert!(deleted.hits.iter().all(|h| h.id != id));

        // Answers that asked the name authority (the database) are not kept.
        let asked = |_: query::Field, _: &str| vec!["Nobody Known".to_string()];
        let p1 = ix.search_cached("player:Chen", None, 5, 0, &asked).unwrap();
        let p2 = ix.search_cached("player:Chen", None, 5, 0, &asked).unwrap();
        assert!(!Arc::ptr_eq(&p1, &p2));
        assert_eq!(p1.total, p2.total);
    }
}
