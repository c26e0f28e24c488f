//! Tests of the index: its answers held to tantivy's own collectors, caches, plans and rebuilds.

use super::*;
use std::collections::{BTreeSet, HashSet};
use std::ops::Bound;
use std::sync::Arc;

use annals_import::Kind;
use rusqlite::Connection;
use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, RangeQuery};
use tantivy::schema::Schema;
use tantivy::{DocAddress, Term};

use super::{documents::*, facets::*, planned::*, search::*};
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
        crate::store::ingest::import_paths(&mut conn, Some(&ix), &[corpus], &Default::default())
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
    let mut corpus: Vec<std::path::PathBuf> = std::fs::read_dir("import/tests/records/hotw")
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
    crate::store::ingest::import_paths(&mut conn, Some(&ix), &paths, &Default::default()).unwrap();
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
    crate::store::ingest::import_paths(&mut conn, Some(&ix), &paths, &Default::default()).unwrap();
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
