//! The registry of diagnostic codes (`import/data/diagnostics.csv`) against the code and the
//! docs: it names exactly the codes the crate's source names, each example yields its code with
//! its severity when imported as the service imports a file, and `docs/notations/` is its
//! current rendering (`ANNALS_BLESS=1` writes it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use annals_import::diag::{pages, registry};
use annals_import::{Diagnostic, detect_kind, parse_game, record, take_preamble};

/// The first part of every code: the notations, the record file, and the text shared by all.
const PREFIXES: [&str; 6] = ["hotw", "sanguo", "wec", "deluge", "record", "text"];

/// Whether `s` is written as a code: a prefix, a dot, then lower-case letters, digits and dashes.
fn is_code(s: &str) -> bool {
    let Some((prefix, rest)) = s.split_once('.') else {
        return false;
    };
    PREFIXES.contains(&prefix)
        && !rest.is_empty()
        && rest
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every string literal of the crate's source (whatever file it is in) written as a code.
fn source_codes() -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut codes = BTreeSet::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        // the text between any two quotes: a code has no quote or backslash, so a literal that
        // is a code is found whichever quote opens it
        let parts: Vec<&str> = text.split('"').collect();
        for s in parts.iter().skip(1).take(parts.len().saturating_sub(2)) {
            if is_code(s) {
                codes.insert((*s).to_string());
            }
        }
    }
    codes
}

#[test]
fn the_registry_names_exactly_the_codes_of_the_source() {
    let source = source_codes();
    let registered: BTreeSet<String> = registry::all().iter().map(|e| e.code.clone()).collect();
    let unregistered: Vec<&String> = source.difference(&registered).collect();
    let unused: Vec<&String> = registered.difference(&source).collect();
    assert!(
        unregistered.is_empty(),
        "codes of import/src missing from import/data/diagnostics.csv: {unregistered:?}"
    );
    assert!(
        unused.is_empty(),
        "codes of import/data/diagnostics.csv that import/src does not name: {unused:?}"
    );
    // every row was read: none left out for a wrong severity or a missing column
    let rows = include_str!("../data/diagnostics.csv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .count();
    assert_eq!(
        rows - 1,
        registry::all().len(),
        "a row of the registry could not be read"
    );
}

#[test]
fn every_entry_is_whole() {
    let all = registry::all();
    assert!(all.windows(2).all(|w| w[0].code < w[1].code), "codes twice");
    for e in all {
        let prefix = e.code.split('.').next().unwrap();
        let notation = if prefix == "text" { "record" } else { prefix };
        assert_eq!(e.notation, notation, "{}", e.code);
        assert!(!e.description.trim().is_empty(), "{}", e.code);
        assert!(!e.severities.is_empty(), "{}", e.code);
        // every repair has a record that shows it
        if e.is_repair() {
            assert!(
                e.example.is_some(),
                "{} is a repair with no example",
                e.code
            );
        }
        assert_eq!(registry::lookup(&e.code), Some(e));
    }
}

/// A file imported as the service imports it: decoded, split into games, a preamble taken off,
/// each game's kind detected and its body parsed; every diagnostic of the file, including those
/// the service itself gives (a tag block with no body, a game of no known kind).
fn import(bytes: &[u8]) -> Vec<Diagnostic> {
    let decoded = match record::decode(bytes) {
        Ok(d) => d,
        Err(d) => return vec![d],
    };
    let mut out = decoded.diagnostics.clone();
    let mut raws = record::split_games(&decoded.text);
    out.extend(take_preamble(&mut raws, None, None));
    if raws.is_empty() {
        out.push(Diagnostic::error(record::code::EMPTY_BODY, 1, 1, "no game"));
    }
    for raw in &raws {
        if raw.body.trim().is_empty() {
            out.push(Diagnostic::error(
                record::code::EMPTY_BODY,
                raw.line,
                1,
                "no body",
            ));
            continue;
        }
        let (kind, found) = detect_kind(raw, None, None);
        out.extend(found);
        let Some((kind, _)) = kind else {
            out.push(Diagnostic::error(
                record::code::UNKNOWN_KIND,
                raw.line,
                1,
                "no kind",
            ));
            continue;
        };
        out.extend(parse_game(raw, kind).diagnostics);
    }
    out
}

#[test]
fn every_example_yields_its_code() {
    let mut failures = Vec::new();
    let mut tried = 0;
    for e in registry::all() {
        let Some(bytes) = e.example_bytes() else {
            continue;
        };
        tried += 1;
        let found = import(&bytes);
        if !found
            .iter()
            .any(|d| d.code == e.code && d.severity == e.severity())
        {
            let got: Vec<String> = found
                .iter()
                .map(|d| format!("{} {}", d.severity.as_str(), d.code))
                .collect();
            failures.push(format!(
                "{} ({}): {:?} yields {got:?}",
                e.code,
                e.severity().as_str(),
                String::from_utf8_lossy(&bytes)
            ));
        }
    }
    assert!(tried > 200, "only {tried} examples");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_notation_pages_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/notations");
    let bless = std::env::var("ANNALS_BLESS").is_ok_and(|v| v == "1");
    let mut stale = Vec::new();
    for (file, text) in pages::render_all() {
        let path = dir.join(&file);
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(file);
        }
    }
    assert!(
        stale.is_empty(),
        "docs/notations/{stale:?} differ from the registry: run ANNALS_BLESS=1 cargo test -p annals-import --test registry"
    );
}
