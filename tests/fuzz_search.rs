//! Fuzz targets of the search side, run as property tests: the query language
//! (`annals::store::index::query::parse`, then a real search of a small index built from the corpus: an
//! unreadable query is a `BadRequest` (400), never anything else) and the tokenizer
//! (`annals::store::index::tokenizer::tokens`). Each replays `fuzz/corpus/<target>/` first; `PROPTEST_CASES`
//! sets the generated case count (256 by default; FUZZING.md records the long runs).

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

use crate::support::{Archive, corpus};

fn seeds(target: &str) -> Vec<(String, String)> {
    let dir: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| {
            let b = std::fs::read(e.path()).expect("read seed");
            (
                e.file_name().to_string_lossy().into_owned(),
                String::from_utf8_lossy(&b).into_owned(),
            )
        })
        .collect();
    out.sort();
    assert!(!out.is_empty());
    out
}

fn config() -> Config {
    Config {
        failure_persistence: None,
        ..Config::default()
    }
}

#[rustfmt::skip]
const QUERY_PIECES: &[&str] = &[
    "title:", "empire:", "card:", "player:", "event:", "side:", "winner:", "kind:", "year:",
    "region:", "opening:", "nosuch:", ":", "::", "OR", " OR ", "-", "--", "\"", "“", "”", " ", "  ",
    "..", "1990", "1999..", "..2000", "-5", "99999999999999999999", "hotw", "sanguo", "wec",
    "deluge", "Sumr", "Lead", "civil service", "魏杀汉", "魏胜", "國", "·", "*", "(", ")", "\\",
    "\u{0}", "\n", "\t", "é", "Ａ", "\u{3000}", "+", "^", "~", "[", "]", "{", "}", "a", "z",
];

fn query_strategy(seeds: Vec<String>) -> BoxedStrategy<String> {
    prop_oneof![
        1 => any::<String>(),
        3 => proptest::collection::vec(select(QUERY_PIECES), 0..24).prop_map(|v| v.concat()),
        2 => (select(seeds), proptest::collection::vec(select(QUERY_PIECES), 0..8))
            .prop_map(|(s, v)| format!("{s}{}", v.concat())),
        1 => proptest::collection::vec(select(QUERY_PIECES), 100..260).prop_map(|v| v.concat()),
    ]
    .boxed()
}

#[test]
fn fuzz_query() {
    let archive = Archive::new();
    archive.import(&[corpus()]);
    let index = annals::store::index::Index::open(&archive.paths().index).expect("index");
    let check = |q: &str| -> Result<(), TestCaseError> {
        let parsed = annals::store::index::query::parse(q);
        match index.search(q, None, 20, 0) {
            Ok(r) => {
                prop_assert!(parsed.is_ok(), "searched an unreadable query {q:?}");
                prop_assert!(r.hits.len() <= 20);
                prop_assert!(r.total >= r.hits.len());
            }
            Err(annals::Error::BadRequest(m)) => {
                prop_assert!(!m.is_empty());
            }
            Err(e) => return Err(TestCaseError::fail(format!("{q:?}: not a 400: {e}"))),
        }
        Ok(())
    };
    let seeds = seeds("query");
    for (name, q) in &seeds {
        if let Err(e) = check(q.trim_end_matches('\n')) {
            panic!("query seed {name}: {e}");
        }
    }
    let strategy = query_strategy(seeds.into_iter().map(|(_, q)| q).collect());
    if let Err(e) = TestRunner::new(config()).run(&strategy, |q| check(&q)) {
        panic!("query: {e}");
    }
}

fn check_tokens(text: &str) -> Result<(), TestCaseError> {
    let toks = annals::store::index::tokenizer::tokens(text);
    prop_assert!(
        toks.len() <= 2 * text.chars().count(),
        "{} tokens for {} characters",
        toks.len(),
        text.chars().count()
    );
    let mut last = 0usize;
    for t in &toks {
        prop_assert!(
            t.offset_from < t.offset_to && t.offset_to <= text.len(),
            "bad offsets {t:?} in {text:?}"
        );
        prop_assert!(text.is_char_boundary(t.offset_from) && text.is_char_boundary(t.offset_to));
        prop_assert!(t.position >= last, "position went back: {t:?}");
        prop_assert!(!t.text.is_empty());
        last = t.position;
    }
    // A query's terms come from the same tokenizer: never more than the tokens.
    prop_assert!(annals::store::index::tokenizer::query_terms(text).len() <= toks.len().max(1));
    Ok(())
}

#[test]
fn fuzz_tokenizer() {
    let seeds = seeds("tokenizer");
    for (name, t) in &seeds {
        if let Err(e) = check_tokens(t) {
            panic!("tokenizer seed {name}: {e}");
        }
    }
    let chars = prop_oneof![
        any::<char>(),
        select(vec![
            '魏', '國', '·', ' ', 'a', 'Z', '1', 'Ａ', '　', '-', 'é', '\u{301}', 'ア', '한'
        ]),
    ];
    let strategy = proptest::collection::vec(chars, 0..80).prop_map(String::from_iter);
    if let Err(e) = TestRunner::new(config()).run(&strategy, |t| check_tokens(&t)) {
        panic!("tokenizer: {e}");
    }
}
