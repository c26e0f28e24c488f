//! One canonical code per thing: every name table of the notations (HotW regions, empires, cards
//! and their aliases; WEC pieces and articles; Deluge provinces; 三国 pieces, in `sanguo.rs`) is
//! walked, and no written form may stand for two codes, nor an alias for a code it is not.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};

/// The rows of a data file (comment lines and the header left out), as string columns.
fn rows(text: &str) -> Vec<Vec<String>> {
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| format!("{l}\n"))
        .collect();
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(body.as_bytes())
        .records()
        .map(|r| r.expect("a row").iter().map(str::to_string).collect())
        .collect()
}

/// As the tables match a written form: any case, dots and spaces left out.
fn fold(s: &str) -> String {
    kept(s).to_lowercase()
}

/// As the HotW tables match a code first: dots and spaces left out, the case kept (the appendix's
/// `SIber`, Southern Iberia, and `Siber`, Siberia, are two codes).
fn kept(s: &str) -> String {
    s.chars()
        .filter(|c| *c != '.' && !c.is_whitespace())
        .collect()
}

/// Adds `form` (as `key` makes it) as a name of `code`, failing when it already names another.
fn add(names: &mut BTreeMap<String, String>, key: String, code: &str, what: &str) {
    if let Some(other) = names.insert(key.clone(), code.to_string()) {
        assert_eq!(other, code, "{what}: {key:?} names both {other} and {code}");
    }
}

fn name(names: &mut BTreeMap<String, String>, form: &str, code: &str, what: &str) {
    add(names, fold(form), code, what);
}

#[test]
fn hotw_names_stand_for_one_code_each() {
    let tables = [
        ("region", rows(include_str!("../data/hotw/regions.csv"))),
        ("empire", rows(include_str!("../data/hotw/empires.csv"))),
        ("card", rows(include_str!("../data/hotw/cards.csv"))),
    ];
    let mut codes: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    let mut exact: BTreeMap<&str, BTreeMap<String, String>> = BTreeMap::new();
    let mut names: BTreeMap<&str, BTreeMap<String, String>> = BTreeMap::new();
    for (kind, table) in &tables {
        for r in table {
            let (code, full) = (&r[0], &r[1]);
            assert!(
                codes.entry(kind).or_default().insert(code.clone()),
                "{kind} code {code} twice"
            );
            add(exact.entry(kind).or_default(), kept(code), code, kind);
            name(names.entry(kind).or_default(), full, code, kind);
        }
    }
    // aliases: an alias names one code of its kind (in its epoch, when it gives one), and one
    // without an epoch is not another code's own code or name
    let mut by_epoch: BTreeMap<(String, String, String), String> = BTreeMap::new();
    let aliases = rows(include_str!("../data/hotw/aliases.csv"));
    assert!(aliases.len() > 300, "{} aliases", aliases.len());
    for r in &aliases {
        let (alias, canonical, kind) = (&r[0], &r[1], r[2].as_str());
        let epoch = r.get(4).cloned().unwrap_or_default();
        if kind == "area" {
            continue;
        }
        let known = codes.get(kind).unwrap_or_else(|| panic!("kind {kind}"));
        assert!(
            known.contains(canonical),
            "{alias} -> {canonical}: no such {kind}"
        );
        let key = (fold(alias), kind.to_string(), epoch.clone());
        if let Some(other) = by_epoch.insert(key, canonical.clone()) {
            assert_eq!(
                &other, canonical,
                "{kind} alias {alias:?} names {other} and {canonical}"
            );
        }
        if epoch.is_empty() {
            let owners = [exact[kind].get(&kept(alias)), names[kind].get(&fold(alias))];
            for owner in owners.into_iter().flatten() {
                assert_eq!(
                    owner, canonical,
                    "{kind} alias {alias:?} -> {canonical}, but it is {owner}'s own code or name"
                );
            }
        }
    }
}

#[test]
fn wec_pieces_and_articles_have_one_code_and_one_name_each() {
    for (what, text) in [
        ("piece", include_str!("../data/wec/pieces.csv")),
        ("article", include_str!("../data/wec/articles.csv")),
    ] {
        let table = rows(text);
        assert!(table.len() > 10, "{what}s: {}", table.len());
        let mut names = BTreeMap::new();
        let mut codes = BTreeSet::new();
        for r in &table {
            assert!(codes.insert(r[0].to_uppercase()), "{what} {} twice", r[0]);
            name(&mut names, &r[1], &r[0], what);
        }
    }
}

#[test]
fn deluge_provinces_have_one_code_per_name() {
    let table = rows(include_str!("../data/deluge/provinces.csv"));
    assert!(table.len() >= 76, "{} provinces", table.len());
    let mut names = BTreeMap::new();
    for r in &table {
        let code = &r[0];
        name(&mut names, code, code, "province");
        name(&mut names, &r[1], code, "province");
        for alias in r
            .get(6)
            .map(String::as_str)
            .unwrap_or("")
            .split_whitespace()
        {
            name(&mut names, alias, code, "province");
        }
    }
}
