//! Answering a search: the query language's terms as tantivy queries, the plan that answers them,
//! the page of hits with their snippets, and the answers kept for repeated searches.

use super::query::Value;
use crate::error::{Error, Result};
use annals_import::Kind;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::ops::Bound;
use std::sync::Arc;
use tantivy::collector::TopDocs;
use tantivy::query::{
    AllQuery, BooleanQuery, ConstScoreQuery, Occur, PhraseQuery, Query as TQuery, RangeQuery,
    TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption, Value as _};
use tantivy::snippet::SnippetGenerator;
use tantivy::{DocAddress, TantivyDocument, Term};

use super::documents::dedup;
use super::facets::{Facets, YEAR_TERMS_MAX, YEAR_TERMS_SHARE};
use super::planned::Plan;
use super::{Index, query, tokenizer};

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

pub(super) fn snippet_parts(s: &tantivy::snippet::Snippet) -> Vec<(String, bool)> {
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

#[derive(Debug, Clone, Serialize)]
pub struct SearchResult {
    pub total: usize,
    pub hits: Vec<Hit>,
    pub facets: Facets,
}

impl Index {
    /// Runs a query of the search language ([`super::query`]). Errors in the query are `BadRequest`.
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

    pub(super) fn lock_results(&self) -> Result<std::sync::MutexGuard<'_, ResultCache>> {
        self.results
            .lock()
            .map_err(|_| Error::Index("result cache poisoned".into()))
    }

    /// Runs `collector` over `searcher`'s segments: on both cores when this is the only search
    /// running (the segments of one query in parallel, for its latency), on the calling thread
    /// when others run beside it. Under concurrent requests the cores are busy with requests
    /// already, and splitting each query only adds thread hand-overs: at 100k games, 16 clients,
    /// the distinct mix ran 4,845–4,950 requests/s split, 5,512–6,369 on the calling thread.
    pub(super) fn collect<C: tantivy::collector::Collector>(
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
    pub(super) fn search_on(
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
    pub(super) fn build_query(
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
}

impl Index {
    /// The tantivy queries of one term of the query language: alternatives, any of which
    /// matches. Alternatives with a word the index does not hold (in that field) are left out:
    /// they match nothing, and a phrase among terms keeps tantivy from pruning the union.
    pub(super) fn term_query(
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
                if let Some(Q::Opening) = field {
                    // A move as the record wrote it: Chinese or Arabic numerals alike.
                    variants.extend(crate::store::numerals::variants(s));
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
                // A word with nothing to search for (a lone symbol: '÷') finds nothing; no
                // alternatives match no game, as a word of no game does.
                let _ = searchable;
                Ok(alts)
            }
        }
    }
}

/// A range of years, each game scoring 1 (as each year of a union of years does). Held as a
/// constant score query: a range that holds every game of a segment is one tantivy counts apart
/// among the required clauses of a conjunction, and drops its score (a kind and a range scored 0
/// in such a segment, 1 in the others).
pub(super) fn years(range: RangeQuery) -> Box<dyn TQuery> {
    Box::new(ConstScoreQuery::new(Box::new(range), 1.0))
}

pub(super) fn phrase(field: Field, terms: &[(usize, String)]) -> Box<dyn TQuery> {
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

/// Answers kept by [`Index::search_cached`].
pub(super) const RESULT_CACHE_ENTRIES: usize = 1024;
/// Pages larger than this are not kept (the cache stays small).
pub(super) const RESULT_CACHE_MAX_LIMIT: usize = 50;

/// (query, kind, limit, offset)
pub(super) type ResultKey = (String, Option<Kind>, usize, usize);

/// Recent answers of one searcher generation, the oldest dropped first when full.
#[derive(Default)]
pub(super) struct ResultCache {
    pub(super) generation: u64,
    pub(super) answers: HashMap<ResultKey, Arc<SearchResult>>,
    pub(super) order: std::collections::VecDeque<ResultKey>,
}

impl ResultCache {
    pub(super) fn get(&mut self, generation: u64, key: &ResultKey) -> Option<Arc<SearchResult>> {
        if generation != self.generation {
            return None;
        }
        self.answers.get(key).cloned()
    }

    pub(super) fn put(&mut self, generation: u64, key: ResultKey, answer: Arc<SearchResult>) {
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
