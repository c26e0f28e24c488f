//! Golden tests: every record file under `import/tests/records/` is read, split, kind-detected and parsed; the
//! result is compared with `<file>.expected.json` beside it. `UPDATE_EXPECT=1 cargo test`
//! rewrites the expected files (review the diff before committing).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use annals_import::{detect_kind, parse_game, record};

fn records_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records")
}

fn record_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            record_files(&p, out);
        } else if let Some(ext) = p.extension().and_then(|e| e.to_str())
            && ["hotw", "sanguo", "wec", "dip", "txt", "pgn"].contains(&ext)
        {
            out.push(p);
        }
    }
}

/// The normalized output of one record file, as stored in the expected file.
fn normalize_file(path: &Path) -> serde_json::Value {
    let bytes = std::fs::read(path).unwrap_or_default();
    let ext = path.extension().and_then(|e| e.to_str());
    match record::decode(&bytes) {
        Err(d) => serde_json::json!({ "rejected": d }),
        Ok(mut dec) => {
            let mut raws = record::split_games(&dec.text);
            dec.diagnostics
                .extend(annals_import::take_preamble(&mut raws, ext, None));
            let games: Vec<serde_json::Value> = raws
                .iter()
                .map(|raw| {
                    let (kind, kdiags) = detect_kind(raw, ext, None);
                    match kind {
                        None => serde_json::json!({ "line": raw.line, "rejected": "unknown kind", "diagnostics": kdiags }),
                        Some((k, _)) => {
                            let mut g = parse_game(raw, k);
                            g.diagnostics.extend(kdiags);
                            serde_json::json!({ "line": raw.line, "game": g })
                        }
                    }
                })
                .collect();
            serde_json::json!({ "encoding": dec.encoding, "decode_diagnostics": dec.diagnostics, "games": games })
        }
    }
}

#[test]
fn records_match_expected_output() {
    let mut files = Vec::new();
    record_files(&records_dir(), &mut files);
    assert!(
        !files.is_empty(),
        "no record files under import/tests/records/"
    );
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for f in &files {
        let got = serde_json::to_string_pretty(&normalize_file(f)).unwrap_or_default() + "\n";
        let expected_path = PathBuf::from(format!("{}.expected.json", f.display()));
        if update {
            std::fs::write(&expected_path, &got)
                .unwrap_or_else(|e| panic!("write {}: {e}", expected_path.display()));
            continue;
        }
        match std::fs::read_to_string(&expected_path) {
            Ok(want) if want == got => {}
            Ok(_) => failures.push(format!(
                "{}: output differs from {}",
                f.display(),
                expected_path.display()
            )),
            Err(_) => failures.push(format!(
                "{}: no expected file {}",
                f.display(),
                expected_path.display()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "golden mismatches (UPDATE_EXPECT=1 to regenerate):\n{}",
        failures.join("\n")
    );
}
