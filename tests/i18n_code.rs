//! The text built in code, in the reader's language: error pages' messages, the titles made for
//! games without one, the explorer's scope, Diplomacy's powers and the results, chart tooltips;
//! and every message key the code names is in the catalogues.

use annals::i18n::{self, Lang};

use crate::support::{Archive, Server, demo};

const WEC: &str = "[Game \"WEC\"]\n[Black \"Mina Seo\"]\n[White \"Tom Avery\"]\n[Result \"Black wins\"]\n\nMV:JE(1,7)->^(1,7)\n";

const HOTW: &str = "[Game \"HotW\"]\n\nEIII\nA(Rome): Popu\nNApp-->SApp 12\n";

const SANGUO: &str = "[Game \"Sanguo\"]\n[Event \"结盟示例\"]\n[Title \"魏吴盟\"]\n[吴 \"鲁肃\"]\n[魏 \"贾诩\"]\n[蜀 \"法正\"]\n\n1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\n";

/// An archive with a WEC game and a HotW game without titles, a 三国 game in an event, and the
/// corpus' Deluge game.
fn archive() -> (Archive, Server) {
    let a = Archive::new();
    let files = [
        a.file("untitled.wec", WEC),
        a.file("untitled.hotw", HOTW),
        a.file("event.sanguo", SANGUO),
        demo().join("deluge/leeds-variant-evening-2025.dip"),
    ];
    let r = a.import(&files);
    assert_eq!(r.imported, 5, "{:?}", r.diagnostics.first());
    let srv = a.serve();
    (a, srv)
}

fn id_of(srv: &Server, kind: &str) -> i64 {
    srv.get(&format!("/api/games?kind={kind}")).json()["games"][0]["id"]
        .as_i64()
        .expect("a game")
}

fn page(srv: &Server, path: &str, lang: &str) -> (u16, String) {
    let sep = if path.contains('?') { '&' } else { '?' };
    let r = srv.get(&format!("{path}{sep}lang={lang}"));
    (r.status, r.body)
}

fn ok(srv: &Server, path: &str, lang: &str) -> String {
    let (status, body) = page(srv, path, lang);
    assert_eq!(status, 200, "{path} in {lang}: {body}");
    body
}

#[test]
fn error_pages_speak_the_readers_language() {
    let (_a, srv) = archive();
    for (lang, missing, bad_id) in [
        (
            "en",
            "There is no game 999999.",
            "a game id is a positive whole number, not &#39;abc&#39;",
        ),
        (
            "zh-Hant",
            "沒有第 999999 局。",
            "棋局編號須為正整數，而非「abc」",
        ),
        (
            "zh-Hans",
            "没有第 999999 局。",
            "棋局编号须为正整数，而非“abc”",
        ),
        (
            "ko",
            "999999번 게임은 없습니다.",
            "게임 번호는 양의 정수여야 합니다 (&#39;abc&#39; 아님)",
        ),
    ] {
        let (status, body) = page(&srv, "/games/999999", lang);
        assert_eq!(status, 404);
        assert!(
            body.contains(&format!("<p>{missing}</p>")),
            "{lang}: {body}"
        );
        let (status, body) = page(&srv, "/games/abc", lang);
        assert_eq!(status, 400);
        assert!(body.contains(&format!("<p>{bad_id}</p>")), "{lang}: {body}");
    }
    let (status, body) = page(&srv, "/events/424242", "zh-Hans");
    assert_eq!(status, 404);
    assert!(body.contains("没有编号 424242 的赛事"), "{body}");
    let (_, body) = page(&srv, "/stats/hotw?from=2001&to=1999", "ko");
    assert!(
        body.contains("연도 범위 2001..1999이(가) 비어 있습니다"),
        "{body}"
    );
    // the API keeps its English
    let r = srv.send(
        "GET",
        "/api/games/999999",
        None,
        None,
        &[("accept-language", "ko"), ("cookie", "annals_lang=zh-Hant")],
    );
    assert_eq!(r.status, 404);
    assert!(
        r.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("no game 999999"))
    );
}

#[test]
fn made_titles_translate_their_words_and_keep_the_names() {
    let (_a, srv) = archive();
    let hotw = id_of(&srv, "hotw");
    for (lang, players, numbered) in [
        (
            "en",
            "Mina Seo – Tom Avery — Black wins",
            format!("History of the World game {hotw}"),
        ),
        (
            "zh-Hant",
            "Mina Seo – Tom Avery（黑方勝）",
            format!("世界史（History of the World）第 {hotw} 局"),
        ),
        (
            "zh-Hans",
            "Mina Seo – Tom Avery（黑方胜）",
            format!("世界史（History of the World）第 {hotw} 局"),
        ),
        (
            "ko",
            "Mina Seo – Tom Avery — 흑 승",
            format!("세계의 역사(History of the World) {hotw}번 게임"),
        ),
    ] {
        let body = ok(&srv, "/games", lang);
        for title in [players.to_string(), numbered] {
            // the title of a game in the list: the text of its `game-title` link
            let listed = body.split("class=\"game-title\"").skip(1).any(|link| {
                link.split("</a>")
                    .next()
                    .is_some_and(|l| l.ends_with(&format!(">{title}")))
            });
            assert!(listed, "{lang}: {title} in {body}");
        }
    }
    // a game page's own made title: the event and round of a Deluge game
    let dip = id_of(&srv, "deluge");
    let body = ok(&srv, &format!("/games/{dip}"), "zh-Hant");
    assert!(
        ["1", "2"].iter().any(|r| body.contains(&format!(
            "Leeds Diplomacy Society Variant Evening 2025 第 {r} 輪"
        ))),
        "{body}"
    );
}

#[test]
fn the_explorers_scope_note_in_each_language() {
    let (_a, srv) = archive();
    let events = srv.get("/api/events").json();
    let event = events["events"]
        .as_array()
        .and_then(|v| v.iter().find(|e| e["name"] == "结盟示例"))
        .and_then(|e| e["id"].as_i64())
        .expect("the event");
    let players = srv.get("/api/players?q=鲁肃").json();
    let player = players["players"][0]["id"].as_i64().expect("the player");
    for (lang, note) in [
        ("en", "Only the games of event 结盟示例"),
        ("zh-Hant", "只看賽事「结盟示例」的棋局"),
        ("zh-Hans", "只看赛事“结盟示例”的棋局"),
        ("ko", "대회 “结盟示例”의 게임만"),
    ] {
        let body = ok(&srv, &format!("/explorer/sanguo?event={event}"), lang);
        assert!(body.contains(note), "{lang}: {}", scope_line(&body));
    }
    for (lang, note) in [
        ("en", "Only the games of 鲁肃&#39;s games as 吴"),
        ("zh-Hant", "只看鲁肃執吳的棋局"),
        ("zh-Hans", "只看鲁肃执吴的棋局"),
        ("ko", "鲁肃(오)의 게임만"),
    ] {
        let path = format!("/explorer/sanguo?player={player}&side=吴");
        let body = ok(&srv, &path, lang);
        assert!(body.contains(note), "{lang}: {}", scope_line(&body));
    }
}

fn scope_line(body: &str) -> &str {
    body.split("<p class=\"scope\">")
        .nth(1)
        .and_then(|s| s.split("</p>").next())
        .unwrap_or(body)
}

#[test]
fn diplomacy_powers_by_their_names() {
    let (_a, srv) = archive();
    let id = id_of(&srv, "deluge");
    for (lang, england, italy) in [
        ("en", "England", "Italy"),
        ("zh-Hant", "英國", "義大利"),
        ("zh-Hans", "英国", "意大利"),
        ("ko", "영국", "이탈리아"),
    ] {
        let game = ok(&srv, &format!("/games/{id}"), lang);
        assert!(
            game.contains(&format!("<td>{england}</td>")),
            "{lang}: {game}"
        );
        let stats = ok(&srv, "/stats/deluge", lang);
        assert!(
            stats.contains(&format!("<td>{italy}</td>")),
            "{lang}: {stats}"
        );
    }
    let game = ok(&srv, &format!("/games/{id}"), "ko");
    assert!(!game.contains("<td>England</td>"), "{game}");
    // the orders' results, and the centres chart's tooltips
    assert!(game.contains("<td class=\"muted\">성공</td>"), "{game}");
    assert!(!game.contains(">succeeds<"), "{game}");
    assert!(
        game.contains("<title>영국: 1900년 겨울 뒤 보급 센터 3개</title>"),
        "{game}"
    );
    let game = ok(&srv, &format!("/games/{id}"), "zh-Hant");
    assert!(game.contains("<td class=\"muted\">成功</td>"), "{game}");
    // the result, its powers named
    assert!(
        game.contains("英國、法國、德國、義大利、奧地利、俄國、土耳其和局（依棋譜所記）"),
        "{game}"
    );
}

#[test]
fn chart_tooltips_in_each_language() {
    let (_a, srv) = archive();
    let body = ok(&srv, "/stats/wec", "zh-Hant");
    assert!(body.contains("黑方：1 局中勝 1 局"), "{body}");
    let body = ok(&srv, "/stats/wec", "ko");
    assert!(body.contains("흑: 1게임 중 1승"), "{body}");
    let body = ok(&srv, "/stats/wec", "en");
    assert!(body.contains("Black won 1 of 1 games"), "{body}");
}

/// Every message key the code names (`t("…")`, `tr("…")`, `tr_args(\n "…"`, the tables of error
/// messages) is in English, and so in every catalogue (the catalogues' own test holds them to
/// English).
#[test]
fn every_key_the_code_names_is_in_english() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut dirs = vec![root.join("src")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("read dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    let mut used = 0;
    let mut missing = Vec::new();
    for p in files {
        let text = std::fs::read_to_string(&p).expect("read");
        for key in named_keys(&text) {
            used += 1;
            if !i18n::catalog::has(Lang::En, key) {
                missing.push(format!("{}: {key}", p.display()));
            }
        }
    }
    for (key, _) in annals::web::messages::MESSAGES {
        used += 1;
        if !i18n::catalog::has(Lang::En, key) {
            missing.push(format!("messages: {key}"));
        }
    }
    for key in annals::web::messages::word_keys() {
        if !i18n::catalog::has(Lang::En, key) {
            missing.push(format!("messages' words: {key}"));
        }
    }
    assert!(used > 100, "only {used} keys found: is the scan right?");
    assert_eq!(missing, Vec::<String>::new());
    for lang in Lang::ALL {
        assert_eq!(
            i18n::missing_keys(lang),
            Vec::<String>::new(),
            "{}",
            lang.code()
        );
    }
}

/// The keys of the calls `t(`, `tn(`, `t1(`–`t3(`, `tr(`, `tr_args(` in `text` whose first
/// argument is a string literal, wherever the line breaks.
fn named_keys(text: &str) -> Vec<&str> {
    let mut keys = Vec::new();
    for call in ["t(", "tn(", "t1(", "t2(", "t3(", "tr(", "tr_args("] {
        for (i, _) in text.match_indices(call) {
            let before = text[..i].chars().next_back().unwrap_or(' ');
            if before.is_alphanumeric() || before == '_' {
                continue;
            }
            let Some(rest) = text[i + call.len()..].trim_start().strip_prefix('"') else {
                continue;
            };
            let key = &rest[..rest.find('"').unwrap_or(0)];
            if !key.is_empty()
                && key.contains('-')
                && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            {
                keys.push(key);
            }
        }
    }
    keys
}

/// The pages this text reaches, in a real browser: a list of made titles and a Deluge game in
/// Chinese, an error page and the explorer's scope in Korean, read from the rendered page.
#[test]
fn text_built_in_code_in_a_real_browser() {
    let Some((driver, browser)) = crate::browser::browser() else {
        return;
    };
    let (_a, srv) = archive();
    let d = crate::browser::Driver::start(&driver, &browser);
    let dip = id_of(&srv, "deluge");
    let go = |path: &str| d.go(&format!("http://{}{path}", srv.addr));
    go("/games?lang=zh-Hant");
    assert!(d.text("main").contains("Mina Seo – Tom Avery（黑方勝）"));
    d.screenshot("i18n-code-zh-Hant-games");
    go(&format!("/games/{dip}?lang=zh-Hans"));
    assert!(d.text("main").contains("意大利"));
    d.screenshot("i18n-code-zh-Hans-deluge");
    go("/games/999999?lang=ko");
    assert!(d.text("main").contains("999999번 게임은 없습니다."));
    d.screenshot("i18n-code-ko-404");
    go("/stats/deluge?lang=ko");
    assert!(d.text("main").contains("오스트리아"));
    d.screenshot("i18n-code-ko-deluge-stats");
}
