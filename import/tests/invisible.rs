//! Invisible characters (a zero-width space, a soft hyphen, a byte-order mark inside a line, a
//! direction mark) in a body, as text pasted from a web page or a word processor carries them:
//! read past, with `text.invisible` at the first, when the body reads with fewer errors without
//! them; the other diagnostics keep the file's columns.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use annals_import::{Kind, Severity, parse_game, record};

fn parse(text: &str, kind: Kind) -> annals_import::ParsedGame {
    let raws = record::split_games(text);
    assert_eq!(raws.len(), 1, "{text}");
    parse_game(&raws[0], kind)
}

fn errors(g: &annals_import::ParsedGame) -> usize {
    g.diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count()
}

#[test]
fn a_zero_width_space_in_a_sanguo_move_is_read_past_and_columns_stay_the_files() {
    let clean = "[Game \"Sanguo\"]\n\n1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\n";
    let dirty =
        "[Game \"Sanguo\"]\n\n1.车5进1\u{200b}，马6进5，车5进1\n2.车5退1，马5\u{ad}进6，车5退1\n";
    let (c, d) = (parse(clean, Kind::Sanguo), parse(dirty, Kind::Sanguo));
    assert_eq!(errors(&d), 0, "{:?}", d.diagnostics);
    assert_eq!(
        serde_json::to_value(&c.body).unwrap(),
        serde_json::to_value(&d.body).unwrap()
    );
    let inv: Vec<(u32, u32, &str)> = d
        .diagnostics
        .iter()
        .filter(|x| x.code == annals_import::code::INVISIBLE)
        .map(|x| (x.line, x.col, x.message.as_str()))
        .collect();
    assert_eq!(
        inv,
        [(3, 7, "2 invisible characters (U+200B, U+00AD) read past")]
    );
    // the full-width comma after the space is at column 8 of the file's line
    let fw = d
        .diagnostics
        .iter()
        .find(|x| x.code == "sanguo.full-width")
        .unwrap();
    assert_eq!((fw.line, fw.col), (3, 8));
}

#[test]
fn invisible_characters_in_hotw_and_wec_turns_are_read_past() {
    let hotw = "[Game \"HotW\"]\n\nEI\nA(Sumer): LTig-->\u{200b}Zag 5\nB(Egypt): Nile\u{feff}Del-->Nub 6\n";
    let g = parse(hotw, Kind::Hotw);
    assert_eq!(errors(&g), 0, "{:?}", g.diagnostics);
    assert!(
        g.diagnostics
            .iter()
            .any(|x| x.code == annals_import::code::INVISIBLE && (x.line, x.col) == (4, 18))
    );
    let wec = "[Game \"WEC\"]\n\n1. MV:JE(1,4)\u{200e}->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n";
    let g = parse(wec, Kind::Wec);
    assert_eq!(errors(&g), 0, "{:?}", g.diagnostics);
}

#[test]
fn a_body_that_reads_whole_or_no_better_is_left_as_read() {
    // reads whole with the character (in a comment): not read again, no info
    let g = parse(
        "[Game \"Sanguo\"]\n\n1.车5进1 {好\u{200b}棋}，马6进5，车5进1\n",
        Kind::Sanguo,
    );
    assert!(
        !g.diagnostics
            .iter()
            .any(|x| x.code == annals_import::code::INVISIBLE)
    );
    // an error that is not the character's (which is in a comment): the same errors without
    // it, so the first reading stays
    let g = parse(
        "[Game \"Sanguo\"]\n\n1.车5进1 {好\u{200b}棋}，马6进5，车5进1\n2.车5退1，马5进6，车5平\n",
        Kind::Sanguo,
    );
    assert!(errors(&g) > 0);
    assert!(
        !g.diagnostics
            .iter()
            .any(|x| x.code == annals_import::code::INVISIBLE)
    );
    // the character's error and another: read again, the other error stays
    let g = parse(
        "[Game \"Sanguo\"]\n\n1.车5进1\u{200b}，马6进5，车5进1\n2.车5退1，马5进6，车5平\n",
        Kind::Sanguo,
    );
    let again = parse(
        "[Game \"Sanguo\"]\n\n1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5平\n",
        Kind::Sanguo,
    );
    assert!(errors(&again) > 0);
    assert_eq!(errors(&g), errors(&again));
    assert!(
        g.diagnostics
            .iter()
            .any(|x| x.code == annals_import::code::INVISIBLE)
    );
}
