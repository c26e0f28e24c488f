//! Records as other clubs' transcribers write them: tag habits, `Game` tag spellings, tag-less
//! bodies recognised by their notation. (Deluge's lenient reading is in `deluge.rs`.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use annals_import::{Kind, KindSource, detect_kind, kind_from_game_name, record, sniff};

fn kind_of(text: &str, ext: Option<&str>) -> (Option<Kind>, Vec<String>) {
    let g = record::split_games(text);
    let (k, d) = detect_kind(&g[0], ext, None);
    (k.map(|(k, _)| k), d.into_iter().map(|d| d.code).collect())
}

#[test]
fn game_tag_spellings_name_their_kind() {
    for (v, k) in [
        ("History of the World (Avalon Hill)", Kind::Hotw),
        ("History Of The World, 1993 edition", Kind::Hotw),
        ("A Brief History of the World", Kind::Hotw),
        ("Three Kingdoms", Kind::Sanguo),
        ("三国演义棋", Kind::Sanguo),
        ("三國演義棋", Kind::Sanguo),
        ("三国演弈棋（第二版）", Kind::Sanguo),
        ("Weaponized-Chess", Kind::Wec),
        ("Weaponised Chess", Kind::Wec),
        ("WEC 2.1", Kind::Wec),
        ("Deluge II", Kind::Deluge),
        ("Diplomacy: Deluge", Kind::Deluge),
        ("Diplomacy (Deluge variant)", Kind::Deluge),
    ] {
        assert_eq!(kind_from_game_name(v), Some(k), "{v}");
        let (got, codes) = kind_of(&format!("[Game \"{v}\"]\n\nbody\n"), None);
        assert_eq!(got, Some(k), "{v}");
        assert_eq!(codes, vec![record::code::KIND_TAG_ALIAS.to_string()], "{v}");
    }
    for v in ["Chess", "Go", "Diplomacy Standard", ""] {
        assert_eq!(kind_from_game_name(v), None, "{v}");
    }
    // the contract's own names are read without a diagnostic
    let g = record::split_games("[Game \"三國演弈棋\"]\n\nbody\n");
    let (k, d) = detect_kind(&g[0], None, None);
    assert_eq!(k, Some((Kind::Sanguo, KindSource::Tag)));
    assert!(d.is_empty());
}

#[test]
fn tagless_bodies_are_recognised_as_others_write_them() {
    // full-width parentheses and colon in a HotW turn header
    assert_eq!(sniff("A（Sumer）：Lead\nLTig→Zag 5"), Some(Kind::Hotw));
    // WEC written in lower case is still WEC (the parser reports what it cannot read)
    assert_eq!(
        sniff("mv:ta(3,1)->(4,1)\nmv:ta(8,1)->(7,1)"),
        Some(Kind::Wec)
    );
    // a judge's Deluge report and the notation's `W 1901` season form
    assert_eq!(
        sniff(
            "Movement results for Spring of 1901.  (deluge07/S1901M)\n\nAustria:  Army Budapest -> Serbia."
        ),
        Some(Kind::Deluge)
    );
    assert_eq!(sniff("W 1900\nEngland: Build F Lon"), Some(Kind::Deluge));
}

#[test]
fn a_tag_written_with_a_colon_does_not_split_the_game() {
    let text = "[Game \"HotW\"]\n[Site: \"Kowloon\"]\n[Date \"1995.03.01\"]\n\nEI\nA(Sumer): LTig-->Zag 5\n";
    let g = record::split_games(text);
    assert_eq!(g.len(), 1);
    assert_eq!(g[0].tag("Site"), Some("Kowloon"));
    assert_eq!(g[0].tag("Date"), Some("1995.03.01"));
    assert_eq!(g[0].body_line, 5);
    assert_eq!(g[0].diagnostics.len(), 1);
    assert_eq!(g[0].diagnostics[0].code, record::code::TAG_MALFORMED);
    assert_eq!(g[0].diagnostics[0].line, 2);
}

/// The HotW alias rows added for other transcribers' names (import/data/hotw/aliases.csv): each
/// resolves to its appendix code with an info, and `French` follows the epoch as `Fran` does.
#[test]
fn hotw_names_other_transcribers_write() {
    use annals_import::hotw;
    use annals_import::model::Ctx;
    let body = "EIV\nA(Byzantium): Weapons, Treach(Lev)\nBalk-->WAna 10\n\
                EV\nB(French): Lead\nNGaul-->WGaul 12\nC(Seljuks): Lead\nTurP-->Hin 9\n\
                EVI\nD(Ottomans): Lead\nWAna-->Balk 20\nE(Timurids): Lead\nTurP-->Yangtze, Hokkaido 20\n\
                EVII\nF(French): Lead\nNGaul-->WGaul 30\nA(Dutch): Lead\nLRhi-->NGaul 31\n";
    let p = hotw::parse(
        body,
        &Ctx {
            first_line: 1,
            tags: &[],
        },
    );
    let empires: Vec<(&str, u8)> = p.game.turns.iter().map(|t| (&*t.empire, t.epoch)).collect();
    assert_eq!(
        empires,
        vec![
            ("Byz", 4),
            ("Frank", 5),
            ("Sel", 5),
            ("Otto", 6),
            ("Tim", 6),
            ("Fran", 7),
            ("Neth", 7)
        ]
    );
    let cards: Vec<&str> = p.game.turns[0].cards.iter().map(|c| &*c.card).collect();
    assert_eq!(cards, vec!["Wea", "Trea"]);
    let to: Vec<&str> = p.game.turns[4].expansions.iter().map(|e| &*e.to).collect();
    assert_eq!(to, vec!["Yang", "Hok"]);
    assert!(
        p.diagnostics
            .iter()
            .all(|d| d.severity == annals_import::Severity::Info),
        "{:?}",
        p.diagnostics
    );
}

/// (code, line, col) of a game's record diagnostics.
fn diags_of(g: &record::RawGame) -> Vec<(&str, u32, u32)> {
    g.diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.line, d.col))
        .collect()
}

#[test]
fn the_kind_is_read_from_tags_of_other_names_and_korean_titles() {
    for (text, k) in [
        ("[GameType \"HotW\"]", Kind::Hotw),
        ("[Game Type \"Sanguo\"]", Kind::Sanguo),
        ("[Kind \"wec\"]", Kind::Wec),
        ("[Variant \"Deluge II\"]", Kind::Deluge),
        ("[Type \"History of the World\"]", Kind::Hotw),
    ] {
        let (got, codes) = kind_of(&format!("{text}\n\nbody\n"), Some("txt"));
        assert_eq!(got, Some(k), "{text}");
        assert!(
            codes.contains(&record::code::KIND_TAG_NAME.to_string()),
            "{text}: {codes:?}"
        );
    }
    // a Type tag that names no kind is not the kind: the extension decides, silently
    let (got, codes) = kind_of("[Type \"rated\"]\n\nbody\n", Some("wec"));
    assert_eq!((got, codes.len()), (Some(Kind::Wec), 0));
    assert_eq!(kind_from_game_name("무기화 체스"), Some(Kind::Wec));
    assert_eq!(kind_from_game_name("삼국"), Some(Kind::Sanguo));
    // a name nobody has shown to be one of the games stays unknown, with a warning
    let (got, codes) = kind_of("[Game \"歷史巨輪\"]\n\nbody\n", None);
    assert_eq!(got, None);
    assert_eq!(codes, vec![record::code::KIND_TAG_UNKNOWN.to_string()]);
}

#[test]
fn tag_names_in_other_languages_and_forms_are_the_common_tags() {
    let text = "[赛事 \"春季赛\"]\n[대회 \"봄\"]\n[地點 \"台北\"]\n[White Player \"Kim\"]\n\
                [A Player \"Ann\"]\n[Event=\"x\"]\n[Site : \"y\"]\n[흑 \"Ada\"]\n\nbody\n";
    let g = &record::split_games(text)[0];
    let names: Vec<&str> = g.tags.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names,
        vec![
            "Event", "Event", "Site", "White", "A", "Event", "Site", "Black"
        ]
    );
    assert_eq!(g.tag("Event"), Some("春季赛"));
    assert_eq!(g.tag("White"), Some("Kim"));
    let alias: Vec<(u32, u32)> = g
        .diagnostics
        .iter()
        .filter(|d| d.code == record::code::TAG_ALIAS)
        .map(|d| (d.line, d.col))
        .collect();
    assert_eq!(alias, vec![(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (8, 2)]);
    // `=` and ` : ` separators and names of two words are read leniently (a warning each)
    let malformed: Vec<u32> = g
        .diagnostics
        .iter()
        .filter(|d| d.code == record::code::TAG_MALFORMED)
        .map(|d| d.line)
        .collect();
    assert_eq!(malformed, vec![4, 5, 6, 7]);
    assert_eq!(g.body_line, 10);
    // a second tag on the line gets its own column
    let g = &record::split_games("[Event \"a\"] [日期 \"2023-04-15\"]\n\nbody\n")[0];
    assert_eq!(
        diags_of(g),
        vec![
            (record::code::TAG_ALIAS, 1, 14),
            (record::code::DATE_FORM, 1, 14)
        ]
    );
    // unquoted values of known tags are still values, not names
    let g = &record::split_games("[Event Spring Cup]\n\nbody\n")[0];
    assert_eq!(g.tag("Event"), Some("Spring Cup"));
}

#[test]
fn dates_in_other_forms_are_normalized_and_doubtful_ones_kept() {
    for (v, want) in [
        ("2023-04-15", "2023.04.15"),
        ("2023/4/15", "2023.04.15"),
        ("2023.4.5", "2023.04.05"),
        ("15.04.2023", "2023.04.15"),
        ("15/04/2023", "2023.04.15"),
        ("04/15/2023", "2023.04.15"),
        ("2023年4月15日", "2023.04.15"),
        ("２０２３年４月１５日", "2023.04.15"),
        ("2023년 4월 15일", "2023.04.15"),
        ("April 15, 2023", "2023.04.15"),
        ("15 Apr 2023", "2023.04.15"),
        ("2023-04", "2023.04.??"),
        ("1995", "1995.??.??"),
        ("1995.??.??", "1995.??.??"),
    ] {
        let g = &record::split_games(&format!("[Date \"{v}\"]\n\nbody\n"))[0];
        assert_eq!(g.tag("Date"), Some(want), "{v}");
        let d: Vec<_> = g
            .diagnostics
            .iter()
            .map(|d| (d.code.as_str(), d.severity, d.line, d.col))
            .collect();
        if v == want {
            assert!(d.is_empty(), "{v}: {d:?}");
        } else {
            assert_eq!(
                d,
                vec![(record::code::DATE_FORM, annals_import::Severity::Info, 1, 2)],
                "{v}"
            );
            assert!(
                g.diagnostics[0].message.contains(v),
                "the original is quoted"
            );
        }
    }
    for v in [
        "04/05/2023",
        "2023-13-01",
        "95.03.01",
        "spring 1995",
        "2023-04-32",
    ] {
        let g = &record::split_games(&format!("[Date \"{v}\"]\n\nbody\n"))[0];
        assert_eq!(g.tag("Date"), Some(v), "kept as written");
        assert_eq!(g.diagnostics.len(), 1, "{v}");
        assert_eq!(g.diagnostics[0].code, record::code::DATE_FORM);
        assert_eq!(g.diagnostics[0].severity, annals_import::Severity::Warning);
    }
}

#[test]
fn separator_lines_between_games_and_line_ends() {
    // a rule before the next game's tags is left out of the body, with an info at its line
    let text = "[Game \"HotW\"]\n\nEI\nA(Sumer): Lead\n----\n[Game \"WEC\"]\n\nMV:JE(1,4)->^(1,4)\n  ====  \n\n";
    let g = record::split_games(text);
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].body, "EI\nA(Sumer): Lead");
    assert!(g[0].raw.ends_with("----"), "the raw text keeps it");
    assert_eq!(diags_of(&g[0]), vec![(record::code::SEPARATOR, 5, 1)]);
    assert_eq!(g[1].body, "MV:JE(1,4)->^(1,4)");
    assert_eq!(diags_of(&g[1]), vec![(record::code::SEPARATOR, 9, 1)]);
    // a rule inside a body is the notation's to read: no split without a new tag block
    let g = record::split_games("EI\nA(Sumer): Lead\n----\nB(Egypt): Lead\n");
    assert_eq!((g.len(), g[0].diagnostics.len()), (1, 0));
    // CRLF and CR mixes, trailing white space, a BOM in the middle of concatenated files
    let text = "[Game \"HotW\"]  \r\n\r\nEI \r\nA(Sumer): Lead\n\r\n\u{feff}[Game \"WEC\"]\t\r\n\r\nMV:JE(1,4)->^(1,4)\r\n";
    let g = record::split_games(text);
    assert_eq!(g.len(), 2);
    assert_eq!(
        (g[0].body.as_str(), g[0].body_line),
        ("EI \nA(Sumer): Lead", 3)
    );
    assert_eq!((g[1].line, g[1].tag("Game")), (6, Some("WEC")));
    assert!(g.iter().all(|x| x.diagnostics.is_empty()));
}

#[test]
fn a_game_of_no_known_kind_is_reported_not_dropped() {
    let g = record::split_games("[Event \"x\"]\n\nsomething no notation writes\n");
    let (k, d) = detect_kind(&g[0], Some("txt"), None);
    assert_eq!((k, d.len()), (None, 0));
    // each notation's body is recognised by its content in a .txt or .md file
    for (body, k) in [
        ("EI\nA(Sumer): Lead\nLTig-->Zag 5", Kind::Hotw),
        ("1.马6进5，炮12平10，相7进9", Kind::Sanguo),
        ("MV:JE(1,4)->^(1,4)", Kind::Wec),
        ("Spring 1901\nEngland: F Lon-Nth", Kind::Deluge),
    ] {
        for ext in [Some("txt"), Some("md"), Some("pgn"), None] {
            let g = record::split_games(body);
            let (got, d) = detect_kind(&g[0], ext, None);
            assert_eq!(got, Some((k, KindSource::Sniff)), "{body}");
            assert_eq!(d[0].code, record::code::KIND_SNIFFED);
            assert_eq!((d[0].line, d[0].col), (1, 1));
        }
    }
}

/// The games of a file as `(first line, body line, tags, raw text)`.
fn cut(text: &str) -> Vec<(u32, u32, usize, String)> {
    record::split_games(text)
        .iter()
        .map(|g| (g.line, g.body_line, g.tags.len(), g.raw.clone()))
        .collect()
}

#[test]
fn games_separated_by_a_rule_alone_are_games_of_their_own() {
    // HotW: a rule between epochs and before the final scores stays in its game; one before a
    // game that starts again at EI (in any form) ends the game
    let text = "EI\nA(Sumer): Lead\nLTig-->Zag 5\n----\nEII\nB(Greek): Mor-->Pin 9\n----\nFinal: A 5, B 9\n\n====\n\nEpoch I\nA(Egypt): NileDel-->Nub 4\n* * *\nB(Sumer): LTig-->Zag\n———\n第一世代\nC(Egypt): UInd-->LInd 3\n";
    let g = record::split_games(text);
    assert_eq!(
        cut(text),
        vec![
            (1, 1, 0, "EI\nA(Sumer): Lead\nLTig-->Zag 5\n----\nEII\nB(Greek): Mor-->Pin 9\n----\nFinal: A 5, B 9".to_string()),
            (12, 12, 0, "Epoch I\nA(Egypt): NileDel-->Nub 4\n* * *\nB(Sumer): LTig-->Zag".to_string()),
            (17, 17, 0, "第一世代\nC(Egypt): UInd-->LInd 3".to_string()),
        ]
    );
    assert!(g[0].diagnostics.is_empty());
    assert_eq!(
        diags_of(&g[1]),
        vec![(record::code::SEPARATOR_SPLIT, 10, 1)]
    );
    assert_eq!(
        diags_of(&g[2]),
        vec![(record::code::SEPARATOR_SPLIT, 16, 1)]
    );
    assert_eq!(g[1].diagnostics[0].severity, annals_import::Severity::Info);
    // the bodies are the raw texts (no tags), and each game parses alone
    for x in &g {
        assert_eq!(x.body, x.raw);
        assert_eq!(detect_kind(x, None, None).0.map(|k| k.0), Some(Kind::Hotw));
    }
    let p = annals_import::parse_game(&g[2], Kind::Hotw);
    let annals_import::Body::Hotw(h) = &p.body else {
        panic!("hotw")
    };
    assert_eq!((h.turns.len(), h.turns[0].line), (1, 18));
    // a game with no epoch header starts again at a turn of an empire of epoch I, once the game
    // before has reached a later epoch
    let text = "A(Sumer): Lead 5\nEII\nB(Greek): Mor-->Pin 9\n----\nC(Hit): E.Ana-->Lev\n";
    assert_eq!(cut(text).len(), 2);
    let text = "A(Sumer): Lead 5\n----\nC(Hit): E.Ana-->Lev\n";
    assert_eq!(cut(text).len(), 1, "within epoch I: no new game for sure");
}

#[test]
fn separated_games_of_the_other_notations() {
    // 三国: the first game's tags stay with it; a status line after a rule stays in its game; a
    // title before the first round
    let text = "[Game \"Sanguo\"]\n[赛事 \"练习赛\"]\n\n1.马6进5，炮12平10，相7进9\n2.兵7进1，炮6进14，车13平12\n----\n吴[认负] 魏[胜利] 蜀[认负]\n====\n魏胜局\n1.马6进5，炮12平10，相7进9\n";
    let g = record::split_games(text);
    assert_eq!(g.len(), 2);
    assert_eq!((g[0].tags.len(), g[0].body_line), (2, 4));
    assert!(g[0].body.ends_with("吴[认负] 魏[胜利] 蜀[认负]"));
    assert!(g[0].raw.starts_with("[Game \"Sanguo\"]") && g[0].raw.ends_with("蜀[认负]"));
    assert_eq!(diags_of(&g[0]), vec![(record::code::TAG_ALIAS, 2, 2)]);
    assert_eq!((g[1].line, g[1].tags.len()), (9, 0));
    assert_eq!(g[1].raw, "魏胜局\n1.马6进5，炮12平10，相7进9");
    assert_eq!(diags_of(&g[1]), vec![(record::code::SEPARATOR_SPLIT, 8, 1)]);
    // WEC with CRLF line ends: each raw text its own slice of the file, `\r`s kept; White's
    // `1...` after a rule is no new game
    let text = "1. MV:JE(1,4)->^(1,4)\r\n----\r\n1... MV:JE(10,4)->^(10,4)\r\n2. MV:SP(2,2)->(3,3)\r\n  ----  \r\n\r\n1. MV:JE(1,4)->^(1,4)\r\n";
    let g = record::split_games(text);
    assert_eq!(g.len(), 2);
    assert_eq!(
        g[0].raw,
        "1. MV:JE(1,4)->^(1,4)\r\n----\r\n1... MV:JE(10,4)->^(10,4)\r\n2. MV:SP(2,2)->(3,3)"
    );
    assert_eq!(
        g[0].body,
        "1. MV:JE(1,4)->^(1,4)\n----\n1... MV:JE(10,4)->^(10,4)\n2. MV:SP(2,2)->(3,3)"
    );
    assert_eq!((g[1].line, g[1].raw.as_str()), (7, "1. MV:JE(1,4)->^(1,4)"));
    assert_eq!(diags_of(&g[1]), vec![(record::code::SEPARATOR_SPLIT, 5, 3)]);
    // Deluge: a game starts at Winter 1900 or Spring 1901; a rule between seasons stays
    let text = "Spring 1901\nEngland: F Lon-NTH\nFall 1901\nEngland: F NTH-Nwy\n----\nWinter 1901\nEngland: Build F Lon\n=====\nWinter 1900\nEngland: Build F Lon\n----\nSpring 1901\nEngland: F Lon-NTH\n";
    let g = cut(text);
    assert_eq!(g.iter().map(|x| x.0).collect::<Vec<_>>(), vec![1, 9]);
    // the last game keeps the rule before the next game's tags as before
    let text = "1.马6进5，炮12平10，相7进9\n2.兵7进1，炮6进14，车13平12\n----\n1.马6进5，炮12平10，相7进9\n====\n[Game \"WEC\"]\n\nMV:JE(1,4)->^(1,4)\n";
    let g = record::split_games(text);
    assert_eq!(g.len(), 3);
    assert_eq!(
        (g[1].body.as_str(), g[1].raw.as_str()),
        (
            "1.马6进5，炮12平10，相7进9",
            "1.马6进5，炮12平10，相7进9\n===="
        )
    );
    assert_eq!(
        diags_of(&g[1]),
        vec![
            (record::code::SEPARATOR_SPLIT, 3, 1),
            (record::code::SEPARATOR, 5, 1)
        ]
    );
}

/// Games of one file with no tags and no rule between them, only a blank line: a numbering
/// that starts again after it (from further on than its second step) starts a new game.
#[test]
fn games_apart_by_a_blank_line_whose_numbering_starts_again_are_games_of_their_own() {
    // WEC: a result line, a blank line, `1.` again
    let text = "[Game \"WEC\"]\n\n1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n2. MV:SP(2,2)->(3,3)\nBlack resigns\n\n1. MV:CH(1,7)->^(1,7)\n1... MV:CH(10,7)->^(10,7)\n";
    let g = record::split_games(text);
    assert_eq!(g.len(), 2);
    assert_eq!((g[0].line, g[0].tags.len()), (1, 1));
    assert_eq!(
        g[0].raw,
        "[Game \"WEC\"]\n\n1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n2. MV:SP(2,2)->(3,3)\nBlack resigns"
    );
    assert_eq!(
        (g[1].line, g[1].raw.as_str()),
        (8, "1. MV:CH(1,7)->^(1,7)\n1... MV:CH(10,7)->^(10,7)")
    );
    assert_eq!(diags_of(&g[1]), vec![(record::code::SEPARATOR_SPLIT, 7, 1)]);
    assert!(
        g[1].diagnostics[0]
            .message
            .starts_with("a blank line, then \"1. MV:CH")
    );
    // 三国: a status line, blank lines (with white space), round 1 after round 3
    let text = "1.马6进5，炮12平10，相7进9\n2.兵7进1，炮6进14，车13平12\n3.车1进1，车5进1，兵9平8\n吴[胜利] 魏[认负] 蜀[认负]\n\n  \n1.马6进5，马12进11，马6进7\n";
    assert_eq!(
        cut(text).iter().map(|x| (x.0, x.1)).collect::<Vec<_>>(),
        vec![(1, 1), (7, 7)]
    );
    // HotW: EI after the second epoch; a heading after a blank line in the middle of a file
    let text = "EI\nA(Sumer): Lead\nLTig-->Zag 5\nEII\nB(Greek): Mor-->Pin 9\n\nEI\nA(Egypt): NileDel-->Nub 4\nB(Sumer): Lead\n\nGame 3\nEI\nA(Sumer): Lead\nLTig-->Zag 3\n";
    let g = record::split_games(text);
    assert_eq!(
        g.iter().map(|x| (x.line, x.body_line)).collect::<Vec<_>>(),
        vec![(1, 1), (7, 7), (11, 12)]
    );
    assert_eq!(g[1].raw, "EI\nA(Egypt): NileDel-->Nub 4\nB(Sumer): Lead");
    assert_eq!(g[2].body, "EI\nA(Sumer): Lead\nLTig-->Zag 3");
    // Deluge: Spring 1901 after Fall 1902
    let text = "Spring 1901\nEngland: F Lon-NTH\nFall 1902\nEngland: F NTH-Nwy\n\nSpring 1901\nFrance: A Par-Bur\n";
    assert_eq!(
        cut(text).iter().map(|x| x.0).collect::<Vec<_>>(),
        vec![1, 6]
    );
    // the same game goes on: a blank line between epochs, between rounds, before a repeated
    // first header or round 1 after round 2 alone
    for text in [
        "EI\nA(Sumer): Lead 5\n\nEII\nB(Greek): Mor-->Pin 9\n",
        "1.马6进5，炮12平10，相7进9\n\n2.兵7进1，炮6进14，车13平12\n",
        "1.马6进5，炮12平10，相7进9\n2.兵7进1，炮6进14，车13平12\n\n1.马6进5，马12进11，马6进7\n",
        "1. MV:JE(1,4)->^(1,4)\n\n1... MV:JE(10,4)->^(10,4)\n",
    ] {
        assert_eq!(record::split_games(text).len(), 1, "{text}");
    }
}

#[test]
fn rules_that_start_no_new_game_leave_the_game_whole() {
    for text in [
        // a blank-line run is no separator
        "EI\nA(Sumer): Lead 5\n\n\n\nEI\nB(Egypt): Lead 4\n",
        // a rule with text beside it is no separator
        "EI\nA(Sumer): Lead 5\n---- game 2 ----\nEI\nB(Egypt): Lead 4\n",
        // the text before the rule holds no game yet (a header, then the game)
        "Date: 2026-11-03\nPlace: Leeds\n----\nEI\nA(Sumer): Lead 5\n",
        // the numbering goes on after the rule
        "1.马6进5，炮12平10，相7进9\n----\n2.兵7进1，炮6进14，车13平12\n",
        "1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n----\n2. MV:SP(2,2)->(3,3)\n",
        // a round 1 after a game of round 1 alone is not sure to be a new game
        "1.马6进5，炮12平10，相7进9\n----\n1.马6进5，炮12平10，相7进9\n",
        // no notation to tell a new game by
        "something\n----\nsomething else\n",
        // numbers too long to be a turn's
        "99999999999. MV:JE(1,4)->^(1,4)\n----\n99999999999... MV:JE(1,4)->^(1,4)\n",
    ] {
        let g = record::split_games(text);
        assert_eq!(g.len(), 1, "{text}");
        // (the header's lines give tags, record.header-tag; nothing else is said)
        assert!(
            g[0].diagnostics
                .iter()
                .all(|d| d.code == record::code::HEADER_TAG || d.code == record::code::DATE_FORM),
            "{text}"
        );
    }
}

/// A file of games with no tags, each under a heading (`Game 1: Ada v Ben`, `第2局`, `제3국`):
/// cut at the headings where the numbering starts again, each heading its game's first raw line
/// and no part of its body (info `record.heading`); a heading that starts no new game, or a file
/// whose first game has no heading, is left as it was.
#[test]
fn games_under_headings_are_cut_at_them() {
    let text = "Game 1: Ada v Ben\n1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n2. MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n\nGame 2: Ben v Ada\n1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n";
    let g = record::split_games(text);
    assert_eq!(g.len(), 2);
    assert_eq!((g[0].line, g[0].body_line), (1, 2));
    assert_eq!((g[1].line, g[1].body_line), (6, 7));
    assert!(g[0].raw.starts_with("Game 1: Ada v Ben\n1. MV"));
    assert!(g[0].raw.ends_with("^BI"));
    assert_eq!(
        g[1].raw,
        "Game 2: Ben v Ada\n1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)"
    );
    assert!(g[1].body.starts_with("1. MV"));
    let codes: Vec<(&str, u32)> = g[1]
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.line))
        .collect();
    assert_eq!(
        codes,
        [
            (record::code::HEADING, 6),
            (record::code::SEPARATOR_SPLIT, 6)
        ]
    );
    for (text, n) in [
        (
            "第1局\n1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\n第2局\n1.马6进5，炮12平10，相7进9\n",
            2,
        ),
        (
            "## Game 1\nEI\nA(Sumer): Lead 5\nEII\nB(Egypt): Lead 4\n## Game 2\nEI\nA(Sumer): Lead 6\n",
            2,
        ),
        (
            "제1국\n1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n2. MV:SP(2,2)->(3,3)\n제2국\n1. MV:JE(1,4)->^(1,4)\n",
            2,
        ),
        // the numbering goes on after the heading: one game
        (
            "Game 1\n1.车5进1，马6进5，车5进1\nGame 2\n2.车5退1，马5进6，车5退1\n",
            1,
        ),
        // the first game has no heading: no heading is looked for
        (
            "1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\nGame 2\n1.马6进5，炮12平10，相7进9\n",
            1,
        ),
        // prose that starts like a heading is none
        (
            "Game 1\n1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\nGame 2 was played later\n1.马6进5，炮12平10，相7进9\n",
            1,
        ),
    ] {
        assert_eq!(record::split_games(text).len(), n, "{text}");
    }
}

/// A poster's lines before the first tag block are no game; a first game with a move, with tags
/// or of more than a few lines stays one.
#[test]
fn a_preamble_is_no_game_and_a_game_before_tags_stays_one() {
    let game = "[Game \"Sanguo\"]\n[Event \"x\"]\n\n1.车5进1，马6进5，车5进1\n";
    let split = |pre: &str| {
        let mut raws = record::split_games(&format!("{pre}\n\n{game}"));
        let d = annals_import::take_preamble(&mut raws, None, None);
        (raws.len(), d.map(|d| (d.code, d.line, d.message)))
    };
    let (n, d) = split("Here is Saturday's final, as promised.\nBob");
    assert_eq!(n, 1);
    let (code, line, message) = d.expect("a preamble");
    assert_eq!((code.as_str(), line), ("record.preamble", 1));
    assert!(
        message.ends_with("\"Here is Saturday's final, as promised. / Bob\""),
        "{message}"
    );
    // an untagged game before a tagged one: its moves make it a game
    assert_eq!(split("1.车5进1，马6进5，车5进1").0, 2);
    // seven lines of text: more than a preamble
    assert_eq!(split(&["a line"; 7].join("\n")).0, 2);
    // a first game with tags is never a preamble, nor is a file's only game
    let mut raws = record::split_games(game);
    assert!(annals_import::take_preamble(&mut raws, None, None).is_none());
    let mut raws = record::split_games("Just some words\n");
    assert!(annals_import::take_preamble(&mut raws, Some("sanguo"), None).is_none());
    assert_eq!(raws.len(), 1);
}

/// YAML front matter at the top of a file is its tag block; a `---` line that opens no such
/// block is left to the body.
#[test]
fn front_matter_is_a_tag_block() {
    let text = "---\nGame: WEC\nevent: 'Club night'\nwhite player: Ben Cho\ndate: 2026-11-20\n---\n\n1. MV:JE(1,4)->^(1,4)\n";
    let g = &record::split_games(text)[0];
    assert_eq!(
        g.tags,
        [
            ("Game".to_string(), "WEC".to_string()),
            ("Event".to_string(), "Club night".to_string()),
            ("White".to_string(), "Ben Cho".to_string()),
            ("Date".to_string(), "2026.11.20".to_string()),
        ]
    );
    assert_eq!((g.body.as_str(), g.body_line), ("1. MV:JE(1,4)->^(1,4)", 8));
    let codes: Vec<(&str, u32)> = g
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.line))
        .collect();
    assert_eq!(codes, [("record.front-matter", 1), ("record.date-form", 5)]);
    assert_eq!(detect_kind(g, None, None).0.map(|k| k.0), Some(Kind::Wec));
    // a tag of the tag block wins over the front matter's
    let g = &record::split_games("[Event \"Cup\"]\n\n---\nevent: other\nround: 2\n---\nbody\n")[0];
    assert_eq!(g.tag("Event"), Some("Cup"));
    assert_eq!(g.tag("Round"), Some("2"));
    // a rule line, then moves: no front matter
    for body in [
        "---\n1. MV:JE(1,4)->^(1,4)\n",
        "---\nevent: x\n1. MV:JE(1,4)->^(1,4)\n",
    ] {
        let g = &record::split_games(body)[0];
        assert!(g.tags.iter().all(|(n, _)| n != "Event"), "{body}");
        assert!(g.body.starts_with("---"), "{body}");
    }
}

/// A comment after a tag on its line is no part of the value.
#[test]
fn a_comment_after_a_tag_is_not_its_value() {
    let text = "[Site \"Leeds\"] ; where we play\n[White \"Ben Cho\"] {club champion}\n[吴 \"孙策\"] （队长）\n[Event \"The \\\"Big\\\" Cup\"]\n\n1.车5进1\n";
    let g = &record::split_games(text)[0];
    assert_eq!(
        g.tags,
        [
            ("Site".to_string(), "Leeds".to_string()),
            ("White".to_string(), "Ben Cho".to_string()),
            ("吴".to_string(), "孙策".to_string()),
            ("Event".to_string(), "The \"Big\" Cup".to_string()),
        ]
    );
    assert!(g.raw.contains("; where we play"));
}

/// A heading after a game's moves heads the next game: it leaves the body of the one before.
#[test]
fn a_heading_before_the_next_game_is_not_the_last_games() {
    let text = "Game 1:\n\n```\n[Event \"a\"]\n\n1.车5进1\n```\n\nGame 2: the rematch\n\n```\n[Event \"b\"]\n\n1.车5进1\n```\n";
    let d = record::decode(text.as_bytes()).expect("decode");
    let mut g = record::split_games(&d.text);
    assert!(annals_import::take_preamble(&mut g, Some("sanguo"), None).is_some());
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].body, "1.车5进1");
    assert!(
        g[0].diagnostics
            .iter()
            .any(|d| d.code == "record.heading" && d.line == 9),
        "{:?}",
        g[0].diagnostics
    );
    assert!(g[0].raw.contains("Game 2: the rematch"));
    // the same game stored and read again: the same body
    assert_eq!(record::split_games(&g[0].raw)[0].body, "1.车5进1");
    // a last line that is no heading stays
    let g = &record::split_games("[Event \"a\"]\n\n1.车5进1\n\n吴负 魏胜 蜀负\n")[0];
    assert!(g.body.ends_with("蜀负"));
}
