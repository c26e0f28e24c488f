//! Dumps, as JSON lines, everything the importer reads from record files: each file's decoding,
//! each raw game (tags, body, raw text, record diagnostics) and the whole parse result (kind, tags,
//! players, outcome, body, diagnostics). Used to check that a change to a parser leaves its output
//! byte-identical: dump before, dump after, `cmp` the two.
//!
//! ```text
//! cargo run --release -p annals-import --example parse_dump -- dump DIR... > out.jsonl
//! cargo run --release -p annals-import --example parse_dump -- bench ROUNDS EXT DIR...
//! ```
//!
//! `dump` also parses deterministic mutations of every HotW, WEC and 三国 game (characters deleted,
//! inserted, swapped, lower-cased; for WEC and 三国 also replaced by a token of the notation or by
//! its full-width form), so the lenient paths (typos, stray brackets, broken arrows, traditional
//! characters, full-width punctuation) are compared too, not only the well-formed generated games.
//! Each kind has its own insert list and its own random stream, so adding a kind leaves the
//! mutations of the others as they were. `bench` parses the files with extension `EXT`
//! `ROUNDS` times, as the `annals bench` figure does (decode, split, detect, parse), and prints
//! nothing but a checksum: a fixed workload for `perf stat -e instructions:u`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::{Path, PathBuf};

use annals_import::{Kind, detect_kind, parse_game, record};

/// The allocator of the `annals` binary (`src/alloc.rs`), so `bench` costs what `annals bench`
/// does. (Its options stay mimalloc's defaults here, as in the instruction counts of
/// BENCHMARKS.md: `alloc::tune` is not called.)
#[allow(dead_code)]
#[path = "../../src/alloc.rs"]
mod alloc;
#[global_allocator]
static GLOBAL: alloc::MiMalloc = alloc::MiMalloc;

fn record_files(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.is_file() {
        out.push(dir.to_path_buf());
        return;
    }
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            record_files(&p, out);
        } else if !p.to_string_lossy().ends_with(".json") && !p.to_string_lossy().ends_with(".md") {
            out.push(p);
        }
    }
}

/// One game of a text: the raw game and its parse, as one JSON line.
fn dump_text(out: &mut impl Write, label: &str, text: &str, ext: Option<&str>) {
    let mut raws = record::split_games(text);
    if let Some(d) = annals_import::take_preamble(&mut raws, ext, None) {
        writeln!(out, "{}", serde_json::json!({"src": label, "preamble": d})).expect("write");
    }
    for raw in raws {
        let (kind, kdiags) = detect_kind(&raw, ext, None);
        let rawj = serde_json::json!({
            "line": raw.line,
            "body_line": raw.body_line,
            "tags": raw.tags,
            "body": raw.body.to_string(),
            "raw": raw.raw.to_string(),
            "diagnostics": raw.diagnostics,
        });
        let v = match kind {
            None => serde_json::json!({ "src": label, "raw": rawj, "rejected": kdiags }),
            Some((k, _)) => {
                let g = parse_game(&raw, k);
                serde_json::json!({ "src": label, "raw": rawj, "kdiags": kdiags, "game": g })
            }
        };
        writeln!(out, "{v}").expect("write");
    }
}

/// A xorshift generator: the mutations must be the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const INSERTS: [&str; 40] = [
    "(",
    ")",
    "-",
    "--",
    ">",
    "-->",
    ",",
    ";",
    ":",
    "+",
    ".",
    "X",
    "V",
    "{",
    "}",
    " ",
    "（",
    "）",
    "→",
    "Δ",
    "1",
    "23",
    "f",
    "W",
    "c/",
    "+ct",
    "+f",
    "(sea)",
    "--(",
    "…",
    "，",
    "：",
    "A",
    "E",
    "Civil",
    "King",
    "Exp",
    "Fran",
    "\t",
    "後暫停",
];

/// Tokens of the WEC grammar (part markers, arrows, levels, codes with their prefix collisions,
/// aliases and undefined codes, counts, numbers), white space, comments and non-ASCII text.
const WEC_INSERTS: [&str; 56] = [
    "MV:", "->", "-", ">", "<", "^", "v", "(", ")", ",", "(5,5)", "(0,1)", "(-1,0)", "1", "0",
    "10", "11", "-TRA->", ",DO>", ",FI1:", ",FI2:", ",FI3:", ",PU:", ",EX:", ",RE:", ",DR:",
    ",RS:", "<=>", "<-", "=>", "*", "/", "TA", "JE", "AS", "STP", "SP", "JP", "JU", "SHP", "XP",
    "TK", "STK", "ASH", "R", "S", "1FL", "2FLST", "B", "W", " ", "\t", "{", "}", "12...", "（",
];

/// Characters and words of 三国 records: piece, side, ordinal and action characters in simplified
/// and traditional forms, digits (ASCII and full-width), punctuation (half- and full-width),
/// markers, placeholders, status and title words.
const SANGUO_INSERTS: [&str; 72] = [
    "车",
    "車",
    "马",
    "馬",
    "相",
    "象",
    "士",
    "仕",
    "炮",
    "砲",
    "兵",
    "卒",
    "将",
    "將",
    "帅",
    "帥",
    "吴",
    "吳",
    "魏",
    "蜀",
    "汉",
    "漢",
    "前",
    "中",
    "后",
    "後",
    "一",
    "三",
    "七",
    "进",
    "進",
    "退",
    "平",
    "1",
    "12",
    "0",
    "100",
    "１",
    "９",
    "，",
    ",",
    "；",
    ";",
    "。",
    ".",
    "．",
    "：",
    "（",
    "）",
    "【",
    "】",
    "[",
    "]",
    "…",
    "……",
    "#",
    "=",
    "＃",
    "＝",
    "x汉",
    "X漢",
    "困毙灭国",
    "【困毙灭国】",
    "（轮空）",
    "胜利",
    "灭国",
    "·",
    " ",
    "　",
    "{",
    "}",
    "杀汉",
];

/// A mutated copy of `text`: each line is changed with probability 1/2.
fn mutate(text: &str, rng: &mut Rng) -> String {
    mutate_with(text, rng, &INSERTS, 2, 6)
}

/// A mutated copy of `text`: each line not starting with `[` is changed with probability 1/`rate`
/// by one to three of the first `ops` edits (6: delete, insert from `inserts`, swap, lower-case,
/// duplicate; 8 adds replacing a character by an insert's first character and widening one to
/// its full-width form).
fn mutate_with(text: &str, rng: &mut Rng, inserts: &[&str], rate: usize, ops: usize) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split('\n') {
        let mut cs: Vec<char> = line.chars().collect();
        if rng.below(rate) == 0 && !line.starts_with('[') {
            for _ in 0..1 + rng.below(3) {
                let n = cs.len();
                match rng.below(ops) {
                    0 if n > 0 => {
                        cs.remove(rng.below(n));
                    }
                    1 | 2 => {
                        let ins = inserts[rng.below(inserts.len())];
                        let at = rng.below(n + 1);
                        for (k, c) in ins.chars().enumerate() {
                            cs.insert(at + k, c);
                        }
                    }
                    3 if n > 1 => {
                        let a = rng.below(n - 1);
                        cs.swap(a, a + 1);
                    }
                    4 if n > 0 => {
                        let a = rng.below(n);
                        cs[a] = cs[a].to_ascii_lowercase();
                    }
                    5 if n > 0 => {
                        let a = rng.below(n);
                        let b = (a + 1 + rng.below(6)).min(n);
                        let dup: Vec<char> = cs[a..b].to_vec();
                        for (k, c) in dup.into_iter().enumerate() {
                            cs.insert(b + k, c);
                        }
                    }
                    6 if n > 0 => {
                        let a = rng.below(n);
                        let ins = inserts[rng.below(inserts.len())];
                        if let Some(c) = ins.chars().next() {
                            cs[a] = c;
                        }
                    }
                    7 if n > 0 => {
                        let a = rng.below(n);
                        cs[a] = match cs[a] {
                            ' ' => '\u{3000}',
                            c @ '!'..='~' => char::from_u32(c as u32 + 0xfee0).unwrap_or(c),
                            c => c,
                        };
                    }
                    _ => {}
                }
            }
        }
        out.extend(cs);
        out.push('\n');
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("dump") => {
            let mut files = Vec::new();
            for d in &args[1..] {
                record_files(Path::new(d), &mut files);
            }
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let mut rng = Rng(0x2545_f491_4f6c_dd1d);
            let mut wec_rng = Rng(0x9e37_79b9_7f4a_7c15);
            let mut sanguo_rng = Rng(0xd1b5_4a32_d192_ed03);
            for f in &files {
                let bytes = std::fs::read(f).expect("read");
                let ext = f.extension().and_then(|e| e.to_str());
                let label = f.display().to_string();
                let text = match record::decode(&bytes) {
                    Err(d) => {
                        writeln!(out, "{}", serde_json::json!({"src": label, "rejected": d}))
                            .expect("write");
                        continue;
                    }
                    Ok(dec) => {
                        let v = serde_json::json!({"src": label, "encoding": dec.encoding, "decode": dec.diagnostics});
                        writeln!(out, "{v}").expect("write");
                        dec.text
                    }
                };
                dump_text(&mut out, &label, &text, ext);
                // mutations of HotW games (a generated file: its first 40 games, 3 times each; a
                // hand-written file: each game 40 times)
                let is_hotw = ext.and_then(Kind::from_extension) == Some(Kind::Hotw)
                    || text.contains("Game \"HotW\"");
                if is_hotw {
                    let raws = record::split_games(&text);
                    // small hand-written files: many mutations of each game
                    let rounds = if raws.len() < 40 { 40 } else { 3 };
                    for (gi, raw) in raws.iter().take(40).enumerate() {
                        for m in 0..rounds {
                            let t = mutate(&raw.raw, &mut rng);
                            dump_text(&mut out, &format!("{label}#{gi}~{m}"), &t, Some("hotw"));
                        }
                    }
                }
                // mutations of WEC and 三国 games, at four rates (a line in 2, 4, 8 or 16 changed: a
                // 三国 game stops replaying at its first error, so the sparse ones test resolution
                // after an edit): a generated file's first 60 games, 4 times each; a hand-written
                // file's games 40 times each
                let raws = record::split_games(&text);
                let rounds = if raws.len() < 40 { 40 } else { 4 };
                for (gi, raw) in raws.iter().take(60).enumerate() {
                    let (kind, _) = detect_kind(raw, ext, None);
                    let (rng, inserts): (&mut Rng, &[&str]) = match kind {
                        Some((Kind::Wec, _)) => (&mut wec_rng, &WEC_INSERTS),
                        Some((Kind::Sanguo, _)) => (&mut sanguo_rng, &SANGUO_INSERTS),
                        _ => continue,
                    };
                    let kext = kind.map(|(k, _)| k.as_str());
                    for m in 0..rounds {
                        let t = mutate_with(&raw.raw, rng, inserts, 2 << (m % 4), 8);
                        dump_text(&mut out, &format!("{label}#{gi}~{m}"), &t, kext);
                    }
                }
            }
        }
        Some("bench") => {
            let rounds: usize = args[1].parse().expect("rounds");
            let ext = args[2].clone();
            let mut files = Vec::new();
            for d in &args[3..] {
                record_files(Path::new(d), &mut files);
            }
            let data: Vec<Vec<u8>> = files
                .iter()
                .filter(|f| f.extension().and_then(|e| e.to_str()) == Some(ext.as_str()))
                .map(|f| std::fs::read(f).expect("read"))
                .collect();
            let bytes: usize = data.iter().map(Vec::len).sum();
            let mut sum = 0usize;
            let t = std::time::Instant::now();
            for _ in 0..rounds {
                for b in &data {
                    let Ok(dec) = record::decode(b) else { continue };
                    for raw in record::split_games(&dec.text) {
                        let (kind, _) = detect_kind(&raw, Some(ext.as_str()), None);
                        let Some((kind, _)) = kind else { continue };
                        let p = parse_game(&raw, kind);
                        sum += p.diagnostics.len() + p.body.move_count();
                    }
                }
            }
            let s = t.elapsed().as_secs_f64();
            eprintln!(
                "{} files, {:.1} MB x {rounds}: {:.1} MB/s (checksum {sum})",
                data.len(),
                bytes as f64 / 1e6,
                (bytes * rounds) as f64 / 1e6 / s
            );
        }
        _ => eprintln!("usage: parse_dump dump DIR... | parse_dump bench ROUNDS EXT DIR..."),
    }
}
