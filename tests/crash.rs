//! Crash safety: `kill -9` at any moment of an import leaves the database and the index
//! consistent (`annals check` passes), and running the import again completes with no duplicates.
//!
//! The corpus is thousands of small distinct games (the repository's corpus, copied many times
//! with a tag that makes each copy a new game) in many files. `annals import` runs as a child
//! process and is killed with SIGKILL after varying delays (at once, early, mid-way, late), each
//! round on the same archive, so later rounds also kill the recovery of earlier ones. After each
//! kill `annals check` must pass; at the end a full import must store exactly the games still
//! missing and report the rest as duplicates.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::support::{Archive, corpus};

/// Copies of the corpus: each game of each record file, `copies` times, with a distinct
/// `[Crash "…"]` tag. Returns the folder.
fn make_corpus(root: &Path, copies: usize) -> PathBuf {
    let out = root.join("crash-corpus");
    let mut seeds: Vec<PathBuf> = walk(&corpus())
        .into_iter()
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("hotw" | "sanguo" | "wec" | "dip")
            )
        })
        .collect();
    seeds.sort();
    assert!(!seeds.is_empty());
    for c in 0..copies {
        let dir = out.join(format!("{:03}", c % 50));
        std::fs::create_dir_all(&dir).expect("mkdir");
        for (s, seed) in seeds.iter().enumerate() {
            // (decoded as the import does: some corpus files are in legacy encodings)
            let bytes = std::fs::read(seed).expect("seed");
            let text = annals_import::record::decode(&bytes).expect("decode").text;
            let mut file = String::new();
            for (g, raw) in annals_import::record::split_games(&text).iter().enumerate() {
                let tag = format!("[Crash \"{c}-{s}-{g}\"]\n");
                file.push_str(&tag);
                if raw.tags.is_empty() {
                    file.push('\n');
                }
                file.push_str(&raw.raw);
                file.push_str("\n\n");
            }
            let name = seed.file_name().expect("name").to_string_lossy();
            std::fs::write(dir.join(format!("{c:03}-{name}")), file).expect("write");
        }
    }
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("read dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

fn check_passes(a: &Archive, when: &str) {
    let (code, out, err) = a.cli(&["check"]);
    assert_eq!(code, 0, "check failed {when}:\n{out}\n{err}");
    eprintln!("check {when}: {}", out.trim().replace('\n', " / "));
}

fn game_count(a: &Archive) -> i64 {
    let conn = annals::store::connection::open(&a.db()).expect("db");
    annals::store::reads::game_count(&conn).expect("count")
}

/// Starts `annals import` on `input` and kills it with SIGKILL after `delay` (or when it ends by
/// itself first). Returns whether it was killed before finishing.
fn import_and_kill(a: &Archive, input: &Path, delay: Duration) -> bool {
    let mut child = Command::new(env!("CARGO_BIN_EXE_annals"))
        .arg("--db")
        .arg(a.db())
        .args(["import", "--json"])
        .arg(input)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn annals import");
    std::thread::sleep(delay);
    let killed = matches!(child.try_wait(), Ok(None));
    // `Child::kill` is SIGKILL on Unix: no destructor, no flush, no cleanup runs.
    let _ = child.kill();
    let _ = child.wait();
    killed
}

#[test]
fn kill_9_during_import_leaves_a_consistent_archive() {
    let a = Archive::new();
    let input = make_corpus(a.dir.path(), 80);

    // What a clean import of this corpus stores: the reference.
    let reference = Archive::new();
    let clean = reference.import(std::slice::from_ref(&input));
    let total = clean.imported + clean.duplicates + clean.rejected;
    assert!(clean.imported >= 3_000, "corpus too small: {clean:?}");
    assert_eq!(clean.duplicates, 0, "the generated games are all distinct");
    drop(reference);

    // Kill rounds on one archive: at once, early, mid-way, late. Delays only place the kill; the
    // test asserts nothing about time.
    let mut killed = 0;
    for ms in [0u64, 5, 40, 150, 400, 900, 1_600, 2_500, 4_000] {
        if import_and_kill(&a, &input, Duration::from_millis(ms)) {
            killed += 1;
        }
        check_passes(&a, &format!("after a kill at {ms} ms"));
        assert!(game_count(&a) as usize <= clean.imported);
    }
    // And once right after the first batch reaches the database, while the index is written.
    {
        let mut child = Command::new(env!("CARGO_BIN_EXE_annals"))
            .arg("--db")
            .arg(a.db())
            .args(["import", "--json"])
            .arg(&input)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        let before = game_count(&a);
        loop {
            if !matches!(child.try_wait(), Ok(None)) || game_count(&a) > before {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = child.kill();
        let _ = child.wait();
        check_passes(&a, "after a kill just past a database commit");
    }
    assert!(killed > 0, "no import was killed before it finished");

    // The import run again completes, storing each game once.
    let (code, out, err) = a.cli(&["import", "--json", &input.display().to_string()]);
    assert!(code == 0 || clean.rejected > 0, "re-import failed: {err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json summary");
    let n = |k: &str| v[k].as_u64().expect(k) as usize;
    assert_eq!(n("imported") + n("duplicates") + n("rejected"), total);
    assert_eq!(n("rejected"), clean.rejected);
    assert_eq!(n("imported") + n("duplicates"), clean.imported);
    assert_eq!(
        game_count(&a) as usize,
        clean.imported,
        "no game stored twice"
    );
    check_passes(&a, "after the re-import");

    // Every game is findable exactly once in the index.
    let all = "kind:hotw OR kind:sanguo OR kind:wec OR kind:deluge";
    let (code, out, _) = a.cli(&["search", "--json", "--limit", "1", all]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("search json");
    assert_eq!(v["total"].as_u64(), Some(clean.imported as u64));
}
