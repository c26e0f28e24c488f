//! Fuzz targets for every reader of `annals-import`, run as property tests (stable Rust has no
//! cargo-fuzz). Each target:
//! - replays every file of its seed corpus, `fuzz/corpus/<target>/`;
//! - then runs `PROPTEST_CASES` generated inputs (256 by default; see FUZZING.md for the long runs):
//!   random bytes, soups of the notation's own tokens, and seed files mutated by random edits.
//!
//! The properties: no panic; no hang (a hang fails the run by never ending); output bounded by the
//! input (a linear bound on the serialized result stands for bounded memory); diagnostics point at
//! real lines; and the round trips: WEC parse → render → parse gives the same turns, folding and
//! comment stripping are stable.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use annals_import::model::{Ctx, Parsed};
use annals_import::{Kind, deluge, detect_kind, hotw, parse_game, record, sanguo, text, wec};
use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// Bytes of serialized output allowed per byte of input, plus a constant: generous, but linear, so
/// quadratic blow-ups (and runaway memory) fail.
const OUT_PER_BYTE: usize = 400;
/// The constant covers a Deluge record that jumps from 1900 to 2100, the last year it reads: two
/// centuries of winters replayed (about 41 KB).
const OUT_CONST: usize = 64 * 1024;

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target)
}

/// Every file of a target's seed corpus, sorted by name.
fn seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = corpus_dir(target);
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("read seed"),
            )
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no seeds in {}", dir.display());
    out
}

fn config() -> Config {
    // `Config::default()` reads PROPTEST_CASES; 256 when unset.
    Config {
        failure_persistence: None,
        max_shrink_iters: 2_000,
        ..Config::default()
    }
}

#[derive(Debug, Clone)]
enum Edit {
    Insert(Index, &'static str),
    Delete(Index, usize),
    Duplicate(Index, usize),
    Byte(Index, u8),
    Truncate(Index),
}

fn edit(alphabet: &'static [&'static str]) -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<Index>(), select(alphabet)).prop_map(|(i, s)| Edit::Insert(i, s)),
        2 => (any::<Index>(), 1usize..40).prop_map(|(i, n)| Edit::Delete(i, n)),
        2 => (any::<Index>(), 1usize..80).prop_map(|(i, n)| Edit::Duplicate(i, n)),
        1 => (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Byte(i, b)),
        1 => any::<Index>().prop_map(Edit::Truncate),
    ]
}

fn apply(mut b: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let at = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len + 1) };
        match e {
            Edit::Insert(i, s) => {
                let p = at(i, b.len());
                b.splice(p..p, s.bytes());
            }
            Edit::Delete(i, n) => {
                let p = at(i, b.len());
                let end = (p + n).min(b.len());
                b.drain(p..end);
            }
            Edit::Duplicate(i, n) => {
                let p = at(i, b.len());
                let end = (p + n).min(b.len());
                let piece: Vec<u8> = b[p..end].to_vec();
                b.splice(end..end, piece);
            }
            Edit::Byte(i, v) => {
                if !b.is_empty() {
                    let p = i.index(b.len());
                    b[p] = *v;
                }
            }
            Edit::Truncate(i) => {
                let p = at(i, b.len());
                b.truncate(p);
            }
        }
    }
    b
}

/// Inputs for a target: random bytes, token soups, and mutated seeds.
fn inputs(target: &str, alphabet: &'static [&'static str]) -> BoxedStrategy<Vec<u8>> {
    let seeds: Vec<Vec<u8>> = seeds(target).into_iter().map(|(_, b)| b).collect();
    prop_oneof![
        1 => proptest::collection::vec(any::<u8>(), 0..400),
        2 => proptest::collection::vec(select(alphabet), 0..160)
            .prop_map(|v| v.concat().into_bytes()),
        5 => (select(seeds), proptest::collection::vec(edit(alphabet), 1..24))
            .prop_map(|(s, e)| apply(s, &e)),
    ]
    .boxed()
}

/// Runs `check` on every seed, then on generated inputs.
fn fuzz(
    target: &str,
    alphabet: &'static [&'static str],
    check: impl Fn(&[u8]) -> Result<(), TestCaseError>,
) {
    for (name, bytes) in seeds(target) {
        if let Err(e) = check(&bytes) {
            panic!("{target}: seed {name}: {e}");
        }
    }
    let mut runner = TestRunner::new(config());
    if let Err(e) = runner.run(&inputs(target, alphabet), |b| check(&b)) {
        panic!("{target}: {e}");
    }
}

fn bounded(
    what: &str,
    input_len: usize,
    value: &impl serde::Serialize,
) -> Result<(), TestCaseError> {
    let n = serde_json::to_string(value)
        .map_err(|e| TestCaseError::fail(format!("{what}: not serializable: {e}")))?
        .len();
    prop_assert!(
        n <= OUT_PER_BYTE * input_len + OUT_CONST,
        "{what}: {n} bytes of output for {input_len} bytes of input"
    );
    Ok(())
}

fn lines_of(s: &str) -> u32 {
    s.split('\n').count() as u32
}

/// What every notation parser must give on any body.
fn check_parsed<G: serde::Serialize>(
    what: &str,
    body: &str,
    first_line: u32,
    p: &Parsed<G>,
) -> Result<(), TestCaseError> {
    let last = first_line + lines_of(body);
    for d in &p.diagnostics {
        prop_assert!(
            d.line >= 1 && d.line <= last.max(first_line),
            "{what}: diagnostic at line {} outside {first_line}..={last}: {d:?}",
            d.line
        );
        prop_assert!(d.col >= 1, "{what}: diagnostic at column 0: {d:?}");
    }
    bounded(what, body.len(), &p.game)?;
    bounded(what, body.len(), &p.diagnostics)
}

#[rustfmt::skip]
const RECORD_ALPHABET: &[&str] = &[
    "[", "]", "\"", "“", "”", "［", "］", "\n", "\r\n", "\n\n", " ", "\t", "{", "}", "[Game \"HotW\"]\n",
    "[Game \"Sanguo\"]\n", "[Game \"WEC\"]\n", "[Game \"Deluge\"]\n", "[Game \"三国\"]\n",
    "[Title \"魏杀汉·魏胜\"]\n", "[Event \"x\"]\n", "[吴 \"孙\"]\n", "\u{feff}", "\u{0}", "\u{1}",
    "\u{fffd}", "魏", "國", "A(Sumr): Lead\n", "MV:TA(1,1)->(3,1)\n", "1.马6进5，炮12平10，相7进9\n",
    "\\\"", "\u{3000}", "é",
];

#[rustfmt::skip]
const HOTW_ALPHABET: &[&str] = &[
    "EI", "EII", "EIII", "EIV", "EV", "EVI", "EVII", "EVIII", "\n", "\n\n", " ", "A", "B", "F", "G",
    "(", ")", "((", "))", ":", "：", "Ａ", "（", "）", "，", ",", ";", ";;", "-->", "->", "--", ">",
    "+", "(+m)", "(+f)", "(+f,+m)", "X", "V", "=", "X=V", "fX", "c/", "W", "St", "For", "M", "sea",
    "R", "Sumr", "Egypt", "Hit", "Lead", "Popu", "CivilS", "King(Etr)", "King(", "Exp(M)",
    "Mig", "Barbar", "GPC", "ManP", "SCS", "L.Tig", "E.Ana", "Lev", "Zag", "Δ", "9", "12", "35",
    "999999999999999999999", "-1", "0", "{", "}", "{c}", "紅", "A: 紅 B: 黃", "Plaque(X)", ".",
    "Tibet", "NileDel", "Nub", "\t", "é",
];

#[rustfmt::skip]
const SANGUO_ALPHABET: &[&str] = &[
    "1.", "2.", "12.", "99999999999999999999.", "\n", " ", "，", ",", "、", "。", "车", "車", "马",
    "馬", "相", "象", "士", "仕", "炮", "砲", "兵", "卒", "将", "帥", "进", "進", "退", "平", "前",
    "后", "後", "中", "一", "二", "0", "1", "5", "6", "9", "10", "12", "13", "16", "17", "18",
    "=吴", "=魏", "=蜀", "=", "吴", "魏", "蜀", "汉", "[胜利]", "[认负]", "[灭国]", "[", "]",
    "魏杀汉", "·", "魏胜", "吴灭", "盟", "蜀魏盟", "和", "{", "}", "{注}", "…", "——", "-", "+",
    "０", "６", "\u{3000}",
];

#[rustfmt::skip]
const WEC_ALPHABET: &[&str] = &[
    "MV:", "MV", ":", "->", "-", ">", "=>", "<=>", "<-", "^", "v", "(", ")", ",", "1", "4", "10",
    "11", "0", "-1", "99999999999", "(1,1)", "(3,1)", "(10,4)", "(0,0)", "(-1,0)", "TA", "JE",
    "SU", "SP", "DS", "SHP", "XP", "RK", "K", "AAA", "RP", "STP", "-TRA->", ",DO>", ",FI1:",
    "FI9:", "SL", "RL", "/", ",PU:", "^BI", "^JU", ",EX:", ",RE:", ",DR:", ",RS:", "R", "S", "*",
    "W", "B", "3SLSTXXX", "1BI", "AST", "ASH", "\n", "1.", "1...", "2. ", " ", "{", "}", "{c}",
    "…", "é",
];

#[rustfmt::skip]
const DELUGE_ALPHABET: &[&str] = &[
    "S1901M", "F1901M", "W1900A", "F1901R", "Spring 1901", "Fall 1902", "Winter 1900", "Autumn 19",
    "\n", " ", ":", ",", "England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey",
    "A ", "F ", "Lon", "Par", "Bur", "Mun", "Nth", "MAO", "Spa/nc", "-", "->", " H", " S ", " C ",
    "Build ", "Remove ", "Waive", "(succeeds)", "(bounce)", "(dislodged)", "(void)", "(", ")", "[",
    "]", "{", "}", "0", "9", "99999999999999999999", "é",
];

const ALL_KINDS: [Kind; 4] = [Kind::Hotw, Kind::Sanguo, Kind::Wec, Kind::Deluge];

/// The record reader: decode, split, detect, and every notation on every game.
#[test]
fn fuzz_record() {
    fuzz("record", RECORD_ALPHABET, |bytes| {
        let decoded = match record::decode(bytes) {
            Ok(d) => d,
            Err(d) => {
                prop_assert!(d.line == 1 && d.col == 1);
                return Ok(());
            }
        };
        let total = lines_of(&decoded.text);
        let games = record::split_games(&decoded.text);
        let mut body_bytes = 0;
        for g in &games {
            prop_assert!(g.line >= 1 && g.line <= total, "game line {}", g.line);
            prop_assert!(g.body_line >= g.line, "{} < {}", g.body_line, g.line);
            prop_assert!(
                decoded.text.contains(g.raw.as_str()),
                "raw text is not a piece of the file"
            );
            body_bytes += g.body.len();
            let (kind, _) = detect_kind(g, Some("txt"), None);
            for k in ALL_KINDS.iter().copied().chain(kind.map(|(k, _)| k)) {
                let p = parse_game(g, k);
                prop_assert_eq!(p.kind, k);
                bounded("parse_game", g.raw.len(), &p)?;
            }
        }
        prop_assert!(body_bytes <= decoded.text.len());
        Ok(())
    });
}

/// Runs a notation parser on each game of the text and on the whole text as one body.
fn notation<G: serde::Serialize>(
    what: &str,
    bytes: &[u8],
    parse: impl Fn(&str, &Ctx) -> Parsed<G>,
    extra: impl Fn(&str, &Parsed<G>) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let text = String::from_utf8_lossy(bytes);
    let whole = (1u32, Vec::new(), text.to_string());
    let games = record::split_games(&text)
        .into_iter()
        .map(|g| (g.body_line, g.tags, g.body));
    for (first_line, tags, body) in std::iter::once(whole).chain(games) {
        let p = parse(
            &body,
            &Ctx {
                first_line,
                tags: &tags,
            },
        );
        check_parsed(what, &body, first_line, &p)?;
        extra(&body, &p)?;
    }
    Ok(())
}

#[test]
fn fuzz_hotw() {
    fuzz("hotw", HOTW_ALPHABET, |b| {
        notation("hotw", b, hotw::parse, |_, _| Ok(()))
    });
}

#[test]
fn fuzz_sanguo() {
    fuzz("sanguo", SANGUO_ALPHABET, |b| {
        notation("sanguo", b, sanguo::parse, |_, p| {
            for m in &p.game.moves {
                for c in [m.from, m.to] {
                    prop_assert!(c[0] < 17 && c[1] < 17, "off the board: {c:?}");
                }
            }
            Ok(())
        })
    });
}

#[test]
fn fuzz_wec() {
    fuzz("wec", WEC_ALPHABET, |b| {
        notation("wec", b, wec::parse, wec_round_trip)
    });
}

#[test]
fn fuzz_deluge() {
    fuzz("deluge", DELUGE_ALPHABET, |b| {
        notation("deluge", b, deluge::parse, |_, _| Ok(()))
    });
}

fn strip(t: &wec::Turn) -> wec::Turn {
    wec::Turn {
        notation: String::new(),
        line: 0,
        ..t.clone()
    }
}

/// parse → render → parse gives the same turns, for every turn the parser read in full.
fn wec_round_trip(_body: &str, p: &Parsed<wec::WecGame>) -> Result<(), TestCaseError> {
    for t in &p.game.turns {
        if !t.unparsed.is_empty() || t.piece.kind.is_empty() {
            continue;
        }
        let line = wec::render(t);
        let again = wec::parse(
            &line,
            &Ctx {
                first_line: 1,
                tags: &[],
            },
        );
        let Some(t2) = again.game.turns.first() else {
            return Err(TestCaseError::fail(format!(
                "render gave {line:?}, which reads as no turn"
            )));
        };
        let want = wec::Turn {
            no: None,
            comment: None,
            ply: t2.ply,
            color: t2.color.clone(),
            ..strip(t)
        };
        prop_assert_eq!(&strip(t2), &want, "rendered as {:?}", line);
    }
    Ok(())
}

/// The corpus's own games: render_game of a whole game reads back as the same turns.
#[test]
fn wec_render_game_round_trips_on_seeds() {
    for (name, bytes) in seeds("wec") {
        let text = String::from_utf8_lossy(&bytes);
        for g in record::split_games(&text) {
            let ctx = Ctx {
                first_line: 1,
                tags: &g.tags,
            };
            let p = wec::parse(&g.body, &ctx);
            let again = wec::parse(&wec::render_game(&p.game), &ctx);
            let a: Vec<_> = p.game.turns.iter().map(strip).collect();
            let b: Vec<_> = again.game.turns.iter().map(strip).collect();
            assert_eq!(a, b, "{name}");
        }
    }
}

/// Folding is a normal form: applying it twice changes nothing, and it keeps the length in
/// characters (the tokenizer and the comment stripper rely on positions).
#[test]
fn fold_is_idempotent_and_keeps_length() {
    let mut runner = TestRunner::new(config());
    let chars = prop_oneof![
        any::<char>(),
        select(vec![
            '魏', '國', '馬', '進', '後', '帥', 'Ａ', '（', '　', '×', '・', '【'
        ]),
    ];
    let r = runner.run(
        &proptest::collection::vec(chars, 0..64).prop_map(String::from_iter),
        |s| {
            let f = text::fold(&s);
            prop_assert_eq!(f.chars().count(), s.chars().count());
            prop_assert_eq!(text::fold(&f), f.clone());
            let simp = text::simplify(&s);
            prop_assert_eq!(text::simplify(&simp), simp.clone());
            Ok(())
        },
    );
    if let Err(e) = r {
        panic!("{e}");
    }
}

/// Comment stripping keeps every other character at its line and column.
#[test]
fn strip_comments_keeps_positions() {
    let mut runner = TestRunner::new(config());
    let piece = select(vec!["{", "}", "\n", "a", "魏", " ", "{x}", "\r\n", "é"]);
    let r = runner.run(
        &proptest::collection::vec(piece, 0..64).prop_map(|v| v.concat()),
        |s| {
            let (out, comments) = text::strip_comments(&s);
            let a: Vec<usize> = s.split('\n').map(|l| l.chars().count()).collect();
            let b: Vec<usize> = out.split('\n').map(|l| l.chars().count()).collect();
            prop_assert_eq!(a, b, "stripped {:?} to {:?}", s, out);
            for c in &comments {
                prop_assert_eq!(s.get(c.offset..c.offset + 1), Some("{"));
            }
            Ok(())
        },
    );
    if let Err(e) = r {
        panic!("{e}");
    }
}
