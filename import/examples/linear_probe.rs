//! Times reading records built of one shape repeated `n` times (10k, 100k, 1M), notation by
//! notation and for the record layer, to find the scans whose cost grows faster than the input.
//! Prints, per shape and size, the time to decode and split and the time to detect and parse.
//!
//! ```text
//! cargo run --release -p annals-import --example linear_probe [FILTER]
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use annals_import::{detect_kind, parse_game, record};

const HOTW: &str = "[Game \"History of the World\"]\n\nA(Sumr): Lead\n";
const SANGUO: &str = "[Game \"Sanguo\"]\n\n1.车5进1，马6进5，车5进1\n";
const DELUGE: &str = "[Game \"Deluge\"]\n\nSpring 1901\nEngland: F Lon-NTH\n";
const OPENERS: [&str; 6] = ["{", "(", "[", "【", "（", "\""];

/// Each shape: a name, the file extension, and the text for `n`.
/// The text of a shape for `n`.
type Make = Box<dyn Fn(usize) -> String>;
type Shape = (String, &'static str, Make);

fn line_of(
    head: &'static str,
    unit: &'static str,
    tail: &'static str,
) -> Box<dyn Fn(usize) -> String> {
    Box::new(move |n| format!("{head}{}{tail}\n", unit.repeat(n)))
}

fn shapes() -> Vec<Shape> {
    let mut v: Vec<Shape> = Vec::new();
    for (name, ext, head) in [
        ("hotw", "hotw", HOTW),
        ("sanguo", "sanguo", SANGUO),
        ("deluge", "dip", DELUGE),
    ] {
        for o in OPENERS {
            v.push((format!("{name} {o}"), ext, line_of(head, o, "")));
        }
    }
    let more: [(&str, &str, &str, &str, &str); 29] = [
        ("sanguo 吴(", "sanguo", SANGUO, "", "吴("),
        ("sanguo 吴(2", "sanguo", SANGUO, "2.", "吴("),
        ("sanguo 吴：", "sanguo", SANGUO, "2.", "吴：车5进1，"),
        ("sanguo 吴国(", "sanguo", SANGUO, "吴胜 ", "吴国(x"),
        ("hotw ~>", "hotw", HOTW, "LTig", "~"),
        ("hotw -->", "hotw", HOTW, "LTig", "-->Zag"),
        ("hotw -->bare", "hotw", HOTW, "LTig", "-->"),
        ("hotw ,", "hotw", HOTW, "LTig", ","),
        ("hotw ,list", "hotw", HOTW, "B(Egypt): Lead", ", Popu"),
        ("hotw (V)", "hotw", HOTW, "LTig-->Zag", "(V)"),
        ("hotw (X=V", "hotw", HOTW, "LTig-->Zag", "(X=V"),
        ("hotw +", "hotw", HOTW, "LTig(", "+m"),
        ("hotw +bare", "hotw", HOTW, "LTig ", "+"),
        ("hotw ;", "hotw", HOTW, "", "NileDel-->Nub；"),
        ("hotw 、", "hotw", HOTW, "", "Lead、"),
        ("sanguo ，", "sanguo", SANGUO, "2.", "车5进1，"),
        ("sanguo ，bare", "sanguo", SANGUO, "2.", "，"),
        ("sanguo （note", "sanguo", SANGUO, "2.车5进1", "（轮空"),
        ("sanguo （）", "sanguo", SANGUO, "2.车5进1", "（轮空）"),
        ("sanguo 1.", "sanguo", SANGUO, "", "2."),
        ("sanguo 1.mv", "sanguo", SANGUO, "", "2.车5退1 "),
        ("sanguo =", "sanguo", SANGUO, "2.马4进2", "=吴"),
        ("deluge orders", "dip", DELUGE, "France:", " A Par-Bur,"),
        ("deluge -", "dip", DELUGE, "France: A Par", "-Bur"),
        ("deluge -bare", "dip", DELUGE, "France: A Par", "-"),
        ("deluge (", "dip", DELUGE, "France: A Par-Bur", " (bounce)"),
        ("deluge (bare", "dip", DELUGE, "France: A Par-Bur ", "(b"),
        ("deluge :", "dip", DELUGE, "", "France:"),
        ("deluge S", "dip", DELUGE, "France: A Par S", " A Mar S"),
    ];
    for (name, ext, head, pre, unit) in more {
        v.push((
            name.to_string(),
            ext,
            Box::new(move |n| format!("{head}{pre}{}\n", unit.repeat(n))),
        ));
    }
    // The record layer: tags, brackets, blank lines, separators, one huge line, wrappers.
    let rec: [(&str, Make); 18] = [
        (
            "record tags",
            Box::new(|n| format!("{}\nA(Sumr): Lead\n", "[Event \"x\"]\n".repeat(n))),
        ),
        (
            "record tag-games",
            Box::new(|n| "[Game \"History of the World\"]\n".repeat(n)),
        ),
        (
            "record [ line",
            Box::new(|n| format!("{}\n", "[".repeat(n))),
        ),
        (
            "record [x line",
            Box::new(|n| format!("{}\n", "[a \"".repeat(n))),
        ),
        (
            "record blank",
            Box::new(|n| format!("{HOTW}{}LTig\n", "\n".repeat(n))),
        ),
        (
            "record blank-ws",
            Box::new(|n| format!("{HOTW}{}LTig\n", " \n".repeat(n))),
        ),
        (
            "record ---",
            Box::new(|n| format!("{HOTW}{}", "---\n".repeat(n))),
        ),
        (
            "record ***",
            Box::new(|n| format!("{HOTW}{}", "***\n".repeat(n))),
        ),
        (
            "record ===",
            Box::new(|n| format!("{HOTW}{}", "=====\n".repeat(n))),
        ),
        ("record huge", Box::new(|n| format!("{}\n", "a".repeat(n)))),
        (
            "record huge-sp",
            Box::new(|n| format!("{}\n", "a ".repeat(n))),
        ),
        (
            "record >",
            Box::new(|n| format!("> {HOTW}{}", "> LTig\n".repeat(n))),
        ),
        (
            "record > >",
            Box::new(|n| format!("> {}\n", "> ".repeat(n))),
        ),
        (
            "record <br>",
            Box::new(|n| format!("{}\n", "<br>".repeat(n))),
        ),
        (
            "record &amp;",
            Box::new(|n| format!("<br>{}\n", "&amp;".repeat(n))),
        ),
        ("record &", Box::new(|n| format!("<br>{}\n", "&".repeat(n)))),
        ("record <", Box::new(|n| format!("<br>{}\n", "<".repeat(n)))),
        (
            "record ```",
            Box::new(|n| format!("```\n{HOTW}{}", "```\n".repeat(n))),
        ),
    ];
    for (name, f) in rec {
        v.push((name.to_string(), "hotw", f));
    }
    v.push((
        "record [code]".into(),
        "hotw",
        Box::new(|n| format!("[code]\n{}", "[code]\n".repeat(n))),
    ));
    v.push((
        "sanguo （，，）".into(),
        "sanguo",
        Box::new(|n| format!("{SANGUO}2.车5进1（好棋{}）\n", "，".repeat(n))),
    ));
    v.push((
        "sanguo 吴(…1)".into(),
        "sanguo",
        Box::new(|n| format!("{SANGUO}{}1)\n", "吴(".repeat(n))),
    ));
    v.push((
        "hotw zwsp".into(),
        "hotw",
        Box::new(|n| format!("{HOTW}{}", "\u{200b}LTig-->Qq\n".repeat(n))),
    ));
    v.push((
        "record tags-on-line".into(),
        "hotw",
        Box::new(|n| format!("{}\nLTig\n", "[a \"x\"] ".repeat(n))),
    ));
    v.push((
        "record tag-quotes".into(),
        "hotw",
        Box::new(|n| format!("[a {}]\nLTig\n", "\"x\" ".repeat(n))),
    ));
    v.push((
        "record tag-quotes2".into(),
        "hotw",
        Box::new(|n| format!("[a \"{}\nLTig\n", "x\" ]".repeat(n))),
    ));
    v.push((
        "sanguo title".into(),
        "sanguo",
        Box::new(|n| {
            format!(
                "[Game \"Sanguo\"]\n\n{}\n1.车5进1，马6进5，车5进1\n",
                "蜀魏盟·".repeat(n)
            )
        }),
    ));
    v.push((
        "sanguo status".into(),
        "sanguo",
        Box::new(|n| format!("{SANGUO}{}\n", "吴胜 ".repeat(n))),
    ));
    v.push((
        "sanguo status2".into(),
        "sanguo",
        Box::new(|n| format!("{SANGUO}结果：{}\n", "吴认负".repeat(n))),
    ));
    v.push((
        "deluge phases".into(),
        "dip",
        Box::new(|n| format!("{DELUGE}{}\n", "Spring 1901 ".repeat(n))),
    ));
    v.push((
        "deluge //".into(),
        "dip",
        Box::new(|n| format!("{DELUGE}France: A Par-Bur {}\n", "//".repeat(n))),
    ));
    v.push((
        "deluge *".into(),
        "dip",
        Box::new(|n| format!("{DELUGE}{}\n", "*".repeat(n))),
    ));
    v.push((
        "hotw A(".into(),
        "hotw",
        Box::new(|n| format!("{HOTW}{}\n", "A(".repeat(n))),
    ));
    v.push((
        "hotw epoch".into(),
        "hotw",
        Box::new(|n| format!("{HOTW}{}\n", "Epoch I ".repeat(n))),
    ));
    v.push((
        "hotw score".into(),
        "hotw",
        Box::new(|n| format!("{HOTW}LTig {}\n", "12 ".repeat(n))),
    ));
    v.push((
        "hotw zwsp-line".into(),
        "hotw",
        Box::new(|n| format!("{HOTW}LTig{}\n", "\u{200b}-->Qq".repeat(n))),
    ));
    v.push((
        "record sig".into(),
        "hotw",
        Box::new(|n| format!("{HOTW}-- \n{}", "x\n".repeat(n))),
    ));
    v
}

fn run(text: &str, ext: &str) -> (Duration, Duration, usize) {
    let t0 = Instant::now();
    let d = record::decode(text.as_bytes());
    let raws = match &d {
        Ok(d) => record::split_games(&d.text),
        Err(_) => Vec::new(),
    };
    let t1 = Instant::now();
    let mut moves = 0;
    for raw in &raws {
        if let Some((kind, _)) = detect_kind(raw, Some(ext), None).0 {
            moves += parse_game(raw, kind).body.move_count();
        }
    }
    (t1 - t0, t1.elapsed(), moves)
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    for (name, ext, make) in shapes() {
        if !name.contains(&filter) {
            continue;
        }
        let mut line = format!("{name:18}");
        for n in [10_000, 100_000, 1_000_000] {
            let text = make(n);
            let (split, parse, moves) = run(&text, ext);
            line.push_str(&format!(
                " | {n:>7}: split {:>9.2?} parse {:>9.2?} ({moves})",
                split, parse
            ));
            if split + parse > Duration::from_secs(4) {
                line.push_str(" | stop");
                break;
            }
        }
        println!("{line}");
    }
}
