use super::decode::check_text;
use super::tags::{TagLine, lenient_tag_line, strict_tag};
use super::*;

/// A game's tags as (key, value) pairs of strs, in order.
fn tag_pairs(g: &RawGame) -> Vec<(&str, &str)> {
    g.tags
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

#[test]
fn lines_are_those_of_split_inclusive() {
    for t in [
        "",
        "a",
        "a\n",
        "\n\n",
        "a\nb",
        "a\r\nb\n\nc",
        "魏\n蜀\r\n吴",
        "[Event \"Spring Cup\"]\n\nA(Egypt): Popu, Elite\nCre-->Pin(X)-->SIber\n",
    ] {
        let ours: Vec<&str> = lines_inclusive(t).collect();
        let std: Vec<&str> = t.split_inclusive('\n').collect();
        assert_eq!(ours, std, "{t:?}");
    }
    // Lines found a word at a time: a line end at every place of the first words and the
    // tail, beside bytes one off `\n` and with the high bit set.
    for len in 0..40 {
        for at in 0..len {
            let mut c: Vec<char> = "\u{b}\t魏x".chars().cycle().take(len).collect();
            c.insert(at, '\n');
            let t: String = c.into_iter().collect();
            let ours: Vec<&str> = lines_inclusive(&t).collect();
            let std: Vec<&str> = t.split_inclusive('\n').collect();
            assert_eq!(ours, std, "{t:?}");
        }
    }
}

/// The strict shortcut reads a line exactly as the lenient reader does, or leaves it to it:
/// over hand-picked tag lines and every one-character deletion, insertion (from a set of
/// characters that matter to tags) and doubling of each of them.
#[test]
fn strict_tags_read_as_the_lenient_reader_reads_them() {
    let lines = [
        "[Event \"Spring Cup\"]",
        "[Event  \"Spring Cup\"]  ",
        "[Event\t\"三國杯 2017\"]",
        "[A \"\"]",
        "[Game \"HotW\"] [Round \"2\"]",
        "[Note \"a \\\" quoted\"]",
        "[Note \"ends in a backslash\\\"]",
        "[Site \"Taipei\" ]",
        "[Site \"Taipei\"]\u{3000}",
        "[Round: \"3\"]",
        "[Event \"Open]",
        "[Event Winter cup]",
        "[X_1-b \"v\"]",
        "[1st \"v\"]",
        "[AbcdefghijAbcdefghijAbcdefghij12 \"32 letters\"]",
        "[AbcdefghijAbcdefghijAbcdefghij123 \"33 letters\"]",
        "[Event “Spring”]",
        "[胜利]",
    ];
    let inserts = [
        '"', ' ', '\t', ']', '[', '\\', ':', '：', '］', '“', 'x', '魏', '\u{3000}',
    ];
    let mut checked = 0;
    let mut compare = |l: &str| {
        let lenient = lenient_tag_line(l);
        if let Some(tag) = strict_tag(l) {
            assert_eq!(TagLine::Tags(vec![tag]), lenient, "{l:?}");
            checked += 1;
        }
    };
    for line in lines {
        compare(line);
        let cs: Vec<char> = line.chars().collect();
        for i in 0..=cs.len() {
            let mut del = cs.clone();
            if i < cs.len() {
                del.remove(i);
                compare(&del.iter().collect::<String>());
                let mut dup = cs.clone();
                dup.insert(i, cs[i]);
                compare(&dup.iter().collect::<String>());
            }
            for c in inserts {
                let mut ins = cs.clone();
                ins.insert(i, c);
                compare(&ins.iter().collect::<String>());
            }
        }
    }
    // The shortcut is taken, not always declined.
    assert!(checked > 300, "{checked}");
}

#[test]
fn splits_games_on_tag_blocks() {
    let text = "[Event \"A\"]\n[Game \"HotW\"]\n\nC(Hit): E.Ana-->Lev\n\n[Event \"B\"]\n\nbody two\nline\n\n\n";
    let g = split_games(text);
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].line, 1);
    assert_eq!(g[0].body_line, 4);
    assert_eq!(
        g[0].tags,
        vec![("Event".into(), "A".into()), ("Game".into(), "HotW".into())]
    );
    assert_eq!(g[0].body, "C(Hit): E.Ana-->Lev");
    assert_eq!(
        g[0].raw,
        "[Event \"A\"]\n[Game \"HotW\"]\n\nC(Hit): E.Ana-->Lev"
    );
    assert_eq!(g[1].line, 6);
    assert_eq!(g[1].body_line, 8);
    assert_eq!(g[1].body, "body two\nline");
}

#[test]
fn status_line_is_not_a_tag() {
    let g = split_games("[Title \"魏胜局\"]\n\n1.马6进5，炮12平10，相7进9\n[胜利] [认负] [认负]\n");
    assert_eq!(g.len(), 1);
    assert!(g[0].body.ends_with("[胜利] [认负] [认负]"));
}

#[test]
fn lenient_tags_are_flagged() {
    let g = split_games("[Event \"Open]\n[吴 “孙”]\n\nx");
    assert_eq!(g[0].tags[0], ("Event".into(), "Open".into()));
    assert_eq!(g[0].tags[1], ("吴".into(), "孙".into()));
    assert_eq!(g[0].diagnostics.len(), 2);
    assert!(
        g[0].diagnostics
            .iter()
            .all(|d| d.code == code::TAG_MALFORMED)
    );
}

#[test]
fn other_transcribers_tag_habits() {
    let text = "［Event “Winter cup”］\n[Site: \"Kowloon\"]\n[Date \"1995.03.01\"] [Round \"2\"]\n\
                [A 'Ann']\n[B Lee Ka-ming]\n[Annotator 「陳」]\n[Title \"The \\\"Open\\\"\"]\n\nEI\n";
    let g = split_games(text);
    assert_eq!(g.len(), 1, "{g:?}");
    let tags = tag_pairs(&g[0]);
    assert_eq!(
        tags,
        vec![
            ("Event", "Winter cup"),
            ("Site", "Kowloon"),
            ("Date", "1995.03.01"),
            ("Round", "2"),
            ("A", "Ann"),
            ("B", "Lee Ka-ming"),
            ("Annotator", "陳"),
            ("Title", "The \"Open\""),
        ]
    );
    // the strict ones (Date, Round, Title) are not flagged; the body starts after 7 tag lines
    let flagged: Vec<u32> = g[0].diagnostics.iter().map(|d| d.line).collect();
    assert_eq!(flagged, vec![1, 2, 4, 5, 6]);
    assert_eq!((g[0].body_line, g[0].body.as_str()), (9, "EI"));
}

#[test]
fn tags_with_spaces_inside_their_brackets() {
    let g = split_games("[ Event \"Winter cup\" ]\n[Site \"Leeds\" ]\n[  Round 2 ]\n\nEI\n");
    assert_eq!(g.len(), 1, "{g:?}");
    let tags = tag_pairs(&g[0]);
    assert_eq!(
        tags,
        vec![("Event", "Winter cup"), ("Site", "Leeds"), ("Round", "2")]
    );
    assert!(
        g[0].diagnostics
            .iter()
            .all(|d| d.code == code::TAG_MALFORMED)
    );
    assert_eq!(g[0].body, "EI");
}

#[test]
fn a_remark_between_tag_lines_splits_no_game() {
    for remark in [
        "# from the club book",
        "// copied by Ann",
        "copied from the club book",
    ] {
        let text =
            format!("[Event \"Winter cup\"]\n{remark}\n[Site \"Leeds\"]\n\nEI\nA(Sumer): Lead\n");
        let g = split_games(&text);
        assert_eq!(g.len(), 1, "{remark}: {g:?}");
        assert_eq!(g[0].tags.len(), 2, "{remark}");
        assert_eq!(g[0].body, "EI\nA(Sumer): Lead", "{remark}");
        assert!(g[0].raw.contains(remark));
        assert!(
            g[0].diagnostics
                .iter()
                .any(|d| d.code == code::TAG_REMARK && d.line == 2),
            "{remark}"
        );
    }
    // a game's moves, then the next game's tags: two games
    let g = split_games("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4\n");
    assert_eq!(g.len(), 2);
    let g = split_games("[Event \"a\"]\nEI\n[Site \"b\"]\nEI\n");
    assert_eq!(g.len(), 2);
}

#[test]
fn tags_written_after_the_moves_are_the_games_before() {
    let tags =
        |g: &RawGame| -> Vec<String> { g.tags.iter().map(|(k, v)| format!("{k}={v}")).collect() };
    // right after the last move, then a blank line and the next game's tags
    let text = "[Game \"Sanguo\"]\n[Event \"x\"]\n\n1.车5进1\n2.车5退1\n[Result \"魏胜\"]\n[Date \"2023.01.02\"]\n\n[Game \"Sanguo\"]\n[Event \"y\"]\n\n1.车5进1\n";
    let g = split_games(text);
    assert_eq!(g.len(), 2);
    assert_eq!(
        tags(&g[0]),
        ["Game=Sanguo", "Event=x", "Result=魏胜", "Date=2023.01.02"]
    );
    assert_eq!(tags(&g[1]), ["Game=Sanguo", "Event=y"]);
    assert!(
        g[0].raw
            .ends_with("2.车5退1\n[Result \"魏胜\"]\n[Date \"2023.01.02\"]")
    );
    assert!(g[1].raw.starts_with("[Game \"Sanguo\"]\n[Event \"y\"]"));
    assert_eq!(g[1].line, 9);
    let d = &g[0].diagnostics[0];
    assert_eq!((d.code.as_str(), d.line), (code::TRAILING_TAGS, 6));
    assert_eq!(
        d.message,
        "tags after the game's moves (Result, Date) read as the game's"
    );
    assert!(g[1].diagnostics.is_empty());
    // the game's raw text reads again as itself (a stored game reparsed)
    let again = split_games(&g[0].raw);
    assert_eq!((again.len(), tags(&again[0])), (1, tags(&g[0])));
    // at the end of the file, after a blank line: no tag the game has
    let g = split_games("[Event \"x\"]\n\n1.车5进1\n\n[Result \"魏胜\"]\n");
    assert_eq!(
        (g.len(), tags(&g[0])),
        (1, vec!["Event=x".to_string(), "Result=魏胜".to_string()])
    );
    // … but a tag block naming the game's tags again is a game with no body (rejected by the
    // import), not the game's
    let g = split_games("[Event \"x\"]\n\n1.车5进1\n\n[Event \"y\"]\n");
    assert_eq!(g.len(), 2);
    // between blank lines, naming a tag of the next game's first line and none of the game
    // before: the game before's
    let g = split_games(
        "[Event \"x\"]\n\n1.车5进1\n\n[Result \"魏胜\"]\n\n[Result \"吴胜\"]\n[Event \"y\"]\n\n1.车5进1\n",
    );
    assert_eq!(tags(&g[0]), ["Event=x", "Result=魏胜"]);
    assert_eq!(tags(&g[1]), ["Result=吴胜", "Event=y"]);
    // a blank line inside the first game's tag block: one block, as before
    let g = split_games("[Event \"x\"]\n\n[Date \"2023.01.02\"]\n\n1.车5进1\n");
    assert_eq!(
        (g.len(), tags(&g[0])),
        (
            1,
            vec!["Event=x".to_string(), "Date=2023.01.02".to_string()]
        )
    );
    // … and inside a later game's, after a blank line: also one block
    let g = split_games(
        "[Event \"x\"]\n\n1.车5进1\n\n[Event \"y\"]\n\n[Date \"2023.01.02\"]\n\n1.车5进1\n",
    );
    assert_eq!(g.len(), 2);
    assert_eq!(tags(&g[1]), ["Event=y", "Date=2023.01.02"]);
    // tags right after the moves followed by moves are the next game's, as before
    let g = split_games("[Event \"x\"]\n\n1.车5进1\n[Event \"y\"]\n1.车5进1\n");
    assert_eq!((g.len(), tags(&g[1])), (2, vec!["Event=y".to_string()]));
}

#[test]
fn tags_quoted_in_other_languages_marks() {
    let text = "[White „Ben“]\n[Black „Ada”]\n[Date «2023-04-15»]\n[Site »Aarhus«]\n[Round ‹3›]\n[Event 《三国杯》]\n\n1.车5进1\n";
    let g = &split_games(text)[0];
    let tags = tag_pairs(g);
    assert_eq!(
        tags,
        [
            ("White", "Ben"),
            ("Black", "Ada"),
            ("Date", "2023.04.15"),
            ("Site", "Aarhus"),
            ("Round", "3"),
            ("Event", "三国杯"),
        ]
    );
    assert_eq!(
        g.diagnostics
            .iter()
            .filter(|d| d.code == code::TAG_MALFORMED)
            .count(),
        6
    );
}

#[test]
fn bracketed_body_lines_stay_body_lines() {
    for line in [
        "[胜利] [灭国] [认负]",
        "[吴 胜利] [魏 灭国] [蜀 认负]",
        "[蜀困魏·困毙灭国]",
        "[Event] x",
        "[Round 3] [Site x]",
    ] {
        let g = split_games(&format!("1.马6进5，炮12平10，相7进9\n{line}\n"));
        assert_eq!(g.len(), 1, "{line}");
        assert!(g[0].tags.is_empty(), "{line}: {:?}", g[0].tags);
        assert!(g[0].body.ends_with(line), "{line}");
    }
}

#[test]
fn concatenated_files_keep_their_byte_order_marks_out_of_the_tags() {
    let g =
        split_games("\u{feff}[Game \"HotW\"]\n\nEI\n\u{feff}[Game \"WEC\"]\n\nMV:TA(1,1)->(2,1)\n");
    assert_eq!(g.len(), 2);
    assert_eq!(g[1].tags, vec![("Game".into(), "WEC".into())]);
    assert_eq!(g[1].body, "MV:TA(1,1)->(2,1)");
}

#[test]
fn carriage_returns_alone_end_lines() {
    let d = decode(b"[Game \"HotW\"]\r\rEI\rA(Sumer): LTig-->Zag 5\r").expect("text");
    assert_eq!(d.text, "[Game \"HotW\"]\n\nEI\nA(Sumer): LTig-->Zag 5\n");
    assert_eq!(d.diagnostics[0].code, code::LINE_ENDINGS);
    let g = split_games(&d.text);
    assert_eq!(
        (g.len(), g[0].body.as_str()),
        (1, "EI\nA(Sumer): LTig-->Zag 5")
    );
    // CRLF files are left alone
    let d = decode(b"EI\r\nA(Sumer): LTig-->Zag 5\r\n").expect("text");
    assert!(d.diagnostics.is_empty());
}

#[test]
fn control_characters_are_counted_per_character() {
    let by_chars = |s: &str| {
        let controls = s
            .chars()
            .filter(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\u{c}'))
            .count();
        !(s.contains('\0') || controls * 20 > s.chars().count().max(1))
    };
    for s in [
        "",
        "plain text\n",
        "魏殺漢\u{1}\u{2}",
        "\u{85}\u{9f}\u{a0}abc",
        "a\u{7f}\u{80}",
        "x\0y",
        "\u{1}",
        "ab\u{1b}cdefghijklmnopqrstuvwxyz",
        "αβγ\u{9}\u{b}\u{c}\u{d}",
    ] {
        assert_eq!(check_text(s).is_ok(), by_chars(s), "{s:?}");
    }
}

#[test]
fn untagged_file_is_one_game() {
    let g = split_games("\n\nC(Hit): E.Ana-->Lev,Zag;\r\nE.Ana(+m)\r\n");
    assert_eq!(g.len(), 1);
    assert_eq!(g[0].line, 3);
    assert_eq!(g[0].body, "C(Hit): E.Ana-->Lev,Zag;\nE.Ana(+m)");
}

#[test]
fn decodes_the_encodings_clubs_use() {
    let s = "[Title \"魏殺漢·魏勝\"]\n\n1.馬6進5，炮12平10，相7進9\n";
    let (gb, _, _) = encoding_rs::GB18030.encode(s);
    let d = decode(&gb).expect("gb18030");
    assert_eq!((&*d.text, d.encoding), (s, "gb18030"));
    let (big5, _, _) = encoding_rs::BIG5.encode(s);
    let d = decode(&big5).expect("big5");
    assert_eq!((&*d.text, d.encoding), (s, "Big5"));
    let mut u16: Vec<u8> = vec![0xFF, 0xFE];
    for u in s.encode_utf16() {
        u16.extend_from_slice(&u.to_le_bytes());
    }
    let d = decode(&u16).expect("utf-16");
    assert_eq!((&*d.text, d.encoding), (s, "UTF-16LE"));
    let mut bom = vec![0xEF, 0xBB, 0xBF];
    bom.extend_from_slice(s.as_bytes());
    let d = decode(&bom).expect("utf-8 bom");
    assert_eq!(d.text, s);
    assert_eq!(d.diagnostics[0].code, code::ENCODING);
}

#[test]
fn c1_controls_make_a_binary_file_and_middle_dots_do_not() {
    // a long line of `·` (0xC2 0xB7) and text, across the counting runs' boundaries
    let dots = format!("[Title \"{}\"]\n", "魏·吴·".repeat(200));
    assert!(decode(dots.as_bytes()).is_ok());
    // one C1 control (U+0085, 0xC2 0x85) in ten characters is too many; one in 40 is not
    let c1 = |every: usize| -> String {
        (0..1000)
            .map(|i| if i % every == 0 { '\u{85}' } else { 'a' })
            .collect()
    };
    assert_eq!(decode(c1(10).as_bytes()).unwrap_err().code, code::BINARY);
    assert!(decode(c1(40).as_bytes()).is_ok());
    // the same for ASCII controls, and NUL at any count
    let ascii = |every: usize, ctl: char| -> String {
        (0..1000)
            .map(|i| if i % every == 0 { ctl } else { 'a' })
            .collect()
    };
    assert_eq!(
        decode(ascii(10, '\u{1}').as_bytes()).unwrap_err().code,
        code::BINARY
    );
    assert!(decode(ascii(40, '\u{7f}').as_bytes()).is_ok());
    assert!(decode(ascii(10, '\t').as_bytes()).is_ok());
    assert_eq!(
        decode(ascii(1000, '\0').as_bytes()).unwrap_err().code,
        code::BINARY
    );
}

#[test]
fn a_utf8_file_with_a_few_damaged_bytes_is_read_with_them_replaced_where_they_are() {
    let s = "[Title \"魏胜局\"]\n\n1.马6进5，炮12平10 {注}\n2.车5进1\n";
    // two of the three bytes of 注 (E6 B3 A8): a character cut between editors
    let at = s.find('注').expect("注");
    let mut b = s.as_bytes().to_vec();
    b.splice(at..at + 3, [0xe6, 0xb3]);
    let d = decode(&b).expect("read as UTF-8");
    assert_eq!(d.encoding, "UTF-8");
    assert_eq!(d.text, s.replace('注', "\u{fffd}"));
    let [w] = d.diagnostics.as_slice() else {
        panic!("{:?}", d.diagnostics)
    };
    assert_eq!(
        (w.code.as_str(), w.severity, w.line, w.col),
        (code::ENCODING_REPLACED, Severity::Warning, 3, 16)
    );
    assert!(
        w.message.starts_with("2 bytes not valid UTF-8"),
        "{}",
        w.message
    );
    // bytes damaged in two places, one of them a run of two invalid sequences (FF, FF; FF FE would be a byte-order mark)
    let mut b2 = b.clone();
    b2.splice(0..0, *b"\xff\xff");
    let d = decode(&b2).expect("read as UTF-8");
    let at: Vec<(u32, u32, &str)> = d
        .diagnostics
        .iter()
        .map(|d| (d.line, d.col, &d.message[..7]))
        .collect();
    assert_eq!(at, [(1, 1, "2 bytes"), (3, 16, "2 bytes")]);
    // a file whose every multi-byte character is damaged is not UTF-8 with damage: as GBK
    // bytes are not, it goes on to the legacy encodings
    let (gb, _, _) = encoding_rs::GB18030.encode("魏胜局：马六进五，炮十二平十，相七进九");
    assert_eq!(decode(&gb).expect("gb18030").encoding, "gb18030");
}

#[test]
fn header_lines_at_the_top_of_a_body_give_the_tags_they_name() {
    let text = "[Event \"Spring cup\"]\n\nEvent: Winter cup\nTournament: Other\nPlace: Leeds\n日期：2023年4月15日\nBlack: Ada\nTitle: 魏胜\nResult: 1-0\nRound 3: later\n1. MV:JE(1,4)->^(1,4)\nSource: a note after a turn\n";
    let g = &split_games(text)[0];
    // the tag block's Event stays; Tournament is the Event too, so not a second one; the seat,
    // Title and Result lines are left to the notation; `Round 3:` has a digit in its name and
    // ends the header, so the Source line after it is none
    assert_eq!(
        g.tags,
        [
            ("Event".to_string(), "Spring cup".to_string()),
            ("Site".to_string(), "Leeds".to_string()),
            ("Date".to_string(), "2023.04.15".to_string()),
        ]
    );
    let read: Vec<(u32, &str)> = g
        .diagnostics
        .iter()
        .map(|d| (d.line, d.code.as_str()))
        .collect();
    assert_eq!(
        read,
        [
            (5, code::HEADER_TAG),
            (6, code::DATE_FORM),
            (6, code::HEADER_TAG)
        ]
    );
    assert_eq!(
        g.diagnostics[0].message,
        "header line \"Place: Leeds\" read as the tag [Site \"Leeds\"]"
    );
    // the body is as written: the notations read these lines as header lines
    assert!(g.body.starts_with("Event: Winter cup\n"));
    // a body that starts with a move has no header
    let g = &split_games("1.车5进1，马6进5，车5进1\nEvent: late\n")[0];
    assert!(g.tags.is_empty() && g.diagnostics.is_empty());
}

#[test]
fn decodes_korean_and_western_legacy_files() {
    let k = "[Event \"서울 클럽의 밤\"]\n[Black \"박에이다\"]\n[White \"조벤\"]\n\n블랙: MV:JE(1,4)->^(1,4)\n화이트: MV:JE(10,4)->^(10,4)\n흑색: MV:SP(2,2)->(3,3)\n";
    let (euc, _, _) = encoding_rs::EUC_KR.encode(k);
    let d = decode(&euc).expect("euc-kr");
    assert_eq!((&*d.text, d.encoding), (k, "EUC-KR"));
    assert_eq!(d.diagnostics[0].message, "transcoded from EUC-KR to UTF-8");
    let w = "[Event \"Café Diplomatie\"]\n[France \"Béatrice Baudin\"]\n\nSpring 1901\nFrance: A Par-Bur {Zoë’s “plan”}\n";
    let (cp, _, _) = encoding_rs::WINDOWS_1252.encode(w);
    let d = decode(&cp).expect("windows-1252");
    assert_eq!((&*d.text, d.encoding), (w, "windows-1252"));
    // one curly quote in an ASCII file
    let d = decode(b"England: F Lon-Nth {Archer\x92s idea}\n").expect("windows-1252");
    assert_eq!(d.text, "England: F Lon-Nth {Archer’s idea}\n");
}

#[test]
fn rejects_binary_and_other_encodings() {
    assert_eq!(
        decode(&[0x50, 0x4B, 0x03, 0x04, 0, 0, 0x14, 0])
            .unwrap_err()
            .code,
        code::BINARY
    );
    let (sjis, _, _) = encoding_rs::SHIFT_JIS
        .encode("これは日本語のテキストです。棋譜の記録。ひらがなとカタカナ。");
    assert_eq!(decode(&sjis).unwrap_err().code, code::ENCODING_UNSUPPORTED);
}
