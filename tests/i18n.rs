//! Interface languages: the choice (`?lang=`, the cookie the switch sets, `Accept-Language`),
//! every page's text from the Fluent catalogues, the games' names in the reader's language, the
//! JSON API's optional display names, the catalogues' completeness, and the pages in a real
//! browser in each language.

use annals::i18n::{self, Lang};
use serde_json::Value;

use crate::support::{Archive, Server};

const HOTW: &str = "[Game \"HotW\"]\n[Event \"Languages\"]\n[Date \"2017-03-04\"]\n\nEIII\nA(Rome): Popu\nNApp-->SApp 12\n\nB(Han):\nGPC-->Yellow 9\n";

const SANGUO: &str = "[Game \"Sanguo\"]\n[Event \"结盟示例\"]\n[Title \"魏吴盟\"]\n[吴 \"鲁肃\"]\n[魏 \"贾诩\"]\n[蜀 \"法正\"]\n\n1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\n";

/// An archive with one HotW and one 三国 game; the server and the 三国 game's id.
fn archive() -> (Archive, Server, i64) {
    let a = Archive::new();
    let h = a.file("lang.hotw", HOTW);
    let s = a.file("lang.sanguo", SANGUO);
    assert_eq!(a.import(&[h, s]).imported, 2);
    let srv = a.serve();
    let v = srv.get("/api/games?kind=sanguo").json();
    let id = v["games"][0]["id"].as_i64().expect("a 三国 game");
    (a, srv, id)
}

fn get_with(srv: &Server, path: &str, headers: &[(&str, &str)]) -> String {
    let r = srv.send("GET", path, None, None, headers);
    assert_eq!(r.status, 200, "{path}: {}", r.body);
    r.body
}

#[test]
fn the_home_page_in_each_language() {
    let (_a, srv, _) = archive();
    let cases: [(&str, &[&str]); 4] = [
        ("en", &["Search", "HotW stats", "Collections"]),
        ("zh-Hant", &["搜尋", "統計", "收藏"]),
        ("zh-Hans", &["搜索", "统计", "收藏"]),
        ("ko", &["검색", "통계", "컬렉션"]),
    ];
    for (code, words) in cases {
        let body = get_with(&srv, &format!("/?lang={code}"), &[]);
        assert!(
            body.contains(&format!("<html lang=\"{code}\">")),
            "{code}: {body}"
        );
        let nav = &body[body.find("<nav>").expect("nav")..];
        let nav = &nav[..nav.find("</nav>").expect("end of nav")];
        for w in words {
            assert!(nav.contains(w), "{code}: no {w} in {nav}");
        }
    }
    // Traditional is not Simplified.
    let hant = get_with(&srv, "/?lang=zh-Hant", &[]);
    assert!(!hant.contains(">搜索<"), "{hant}");
    // plurals and grouped numbers: one game on the 三国 line
    assert!(get_with(&srv, "/?lang=en", &[]).contains("2 games of hand-written records"));
    assert!(get_with(&srv, "/?lang=ko", &[]).contains("기보 2게임"));
}

#[test]
fn accept_language_chooses_and_the_query_wins() {
    let (_a, srv, _) = archive();
    for (header, lang) in [
        ("zh-TW", "zh-Hant"),
        ("zh-HK,en;q=0.5", "zh-Hant"),
        ("zh-MO", "zh-Hant"),
        ("zh-CN", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("ko-KR,ko;q=0.9", "ko"),
        ("fr-FR, de;q=0.8", "en"),
        ("fr, ko;q=0.3", "ko"),
    ] {
        let body = get_with(&srv, "/games", &[("accept-language", header)]);
        assert!(
            body.contains(&format!("<html lang=\"{lang}\">")),
            "{header} → {lang}"
        );
    }
    let body = get_with(&srv, "/games?lang=ko", &[("accept-language", "zh-TW")]);
    assert!(body.contains("<html lang=\"ko\">"));
    // an unknown ?lang= is ignored
    let body = get_with(&srv, "/games?lang=xx", &[("accept-language", "zh-CN")]);
    assert!(body.contains("<html lang=\"zh-Hans\">"));
}

#[test]
fn hotw_statistics_name_the_empires_in_the_readers_language() {
    let (_a, srv, _) = archive();
    let tw = get_with(&srv, "/stats/hotw", &[("accept-language", "zh-TW")]);
    assert!(tw.contains("羅馬"), "{tw}");
    assert!(tw.contains("漢朝"), "{tw}");
    assert!(tw.contains("人口爆炸"), "the card Popu: {tw}");
    assert!(!tw.contains("罗马"));
    let cn = get_with(&srv, "/stats/hotw", &[("accept-language", "zh-CN")]);
    assert!(cn.contains("罗马"), "{cn}");
    assert!(cn.contains("汉朝"), "{cn}");
    assert!(!cn.contains("羅馬"));
    let en = get_with(&srv, "/stats/hotw", &[]);
    assert!(en.contains("Rome"), "{en}");
    assert!(en.contains("Romans"), "{en}");
    assert!(!en.contains("羅馬") && !en.contains("罗马"));
    let ko = get_with(&srv, "/stats/hotw?lang=ko", &[]);
    assert!(ko.contains("로마") && ko.contains("한나라"), "{ko}");
    // the search links keep the stored codes
    assert!(tw.contains("/search?q=empire:Rome"));
}

#[test]
fn a_sanguo_game_names_its_sides_in_the_readers_language() {
    let (_a, srv, id) = archive();
    let path = format!("/games/{id}");
    let en = get_with(&srv, &path, &[("accept-language", "en-GB")]);
    for side in ["Wu", "Wei", "Shu"] {
        assert!(en.contains(&format!("<td>{side}</td>")), "{side}: {en}");
    }
    let hant = get_with(&srv, &format!("{path}?lang=zh-Hant"), &[]);
    for side in ["吳", "魏", "蜀"] {
        assert!(hant.contains(&format!("<td>{side}</td>")), "{side}: {hant}");
    }
    assert!(hant.contains("棋盤"), "the board heading: {hant}");
    assert!(hant.contains("車"), "the pieces in Traditional: {hant}");
    let hans = get_with(&srv, &format!("{path}?lang=zh-Hans"), &[]);
    assert!(hans.contains("<td>吴</td>"), "{hans}");
    let ko = get_with(&srv, &format!("{path}?lang=ko"), &[]);
    assert!(
        ko.contains("<td>오</td>") && ko.contains("<td>촉</td>"),
        "{ko}"
    );
    // the record itself is shown as imported
    assert!(hant.contains("车5进1"));
}

#[test]
fn the_switch_sets_a_cookie_that_later_pages_keep() {
    let (_a, srv, id) = archive();
    let home = get_with(&srv, "/", &[]);
    assert!(home.contains("<html lang=\"en\">"));
    // the switch: a link to this page in each language
    for code in ["zh-Hant", "zh-Hans", "ko"] {
        assert!(
            home.contains(&format!("href=\"/?lang={code}\"")),
            "{code}: {home}"
        );
    }
    let r = srv.send("GET", "/games?kind=hotw&lang=zh-Hant", None, None, &[]);
    let cookie = r
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("annals_lang="))
        .expect("the switch sets a cookie")
        .to_string();
    assert!(cookie.starts_with("annals_lang=zh-Hant;"), "{cookie}");
    assert!(cookie.contains("Path=/"), "{cookie}");
    // the switch on a page with a query keeps the query
    assert!(
        r.body.contains("href=\"/games?kind=hotw&#38;lang=ko\""),
        "{}",
        r.body
    );
    let pair = cookie.split(';').next().unwrap_or_default();
    for path in [
        "/",
        "/search",
        "/stats/hotw",
        &format!("/games/{id}"),
        "/nowhere",
    ] {
        let r = srv.send("GET", path, None, None, &[("cookie", pair)]);
        assert!(
            r.body.contains("<html lang=\"zh-Hant\">"),
            "{path}: {}",
            r.body
        );
    }
    // the cookie outranks Accept-Language; ?lang= outranks the cookie
    let body = get_with(&srv, "/", &[("cookie", pair), ("accept-language", "ko")]);
    assert!(body.contains("<html lang=\"zh-Hant\">"));
    let body = get_with(&srv, "/?lang=en", &[("cookie", pair)]);
    assert!(body.contains("<html lang=\"en\">"));
    // the 404 page speaks the language too
    let r = srv.send("GET", "/nowhere", None, None, &[("cookie", pair)]);
    assert_eq!(r.status, 404);
    assert!(r.body.contains("找不到這個頁面"), "{}", r.body);
}

#[test]
fn the_api_stays_neutral_and_adds_names_when_asked() {
    let (_a, srv, _) = archive();
    let plain = srv
        .send(
            "GET",
            "/api/stats/hotw/empires",
            None,
            None,
            &[("accept-language", "zh-TW"), ("cookie", "annals_lang=ko")],
        )
        .json();
    let rome = find(&plain["empires"], "empire", "Rome");
    assert!(rome.get("name").is_none(), "{rome}");
    let named = srv.get("/api/stats/hotw/empires?lang=zh-Hant").json();
    assert_eq!(find(&named["empires"], "empire", "Rome")["name"], "羅馬");
    let named = srv.get("/api/stats/hotw/empires?lang=en").json();
    assert_eq!(find(&named["empires"], "empire", "Rome")["name"], "Romans");
    let cards = srv.get("/api/stats/hotw/cards?lang=zh-Hans").json();
    assert_eq!(find(&cards["cards"], "card", "Popu")["name"], "人口爆炸");
    // no cookie from the API
    let r = srv.send("GET", "/api/stats/hotw/empires?lang=ko", None, None, &[]);
    assert!(r.headers.get("set-cookie").is_none());
}

fn find<'a>(list: &'a Value, field: &str, code: &str) -> &'a Value {
    list.as_array()
        .expect("a list")
        .iter()
        .find(|e| e[field] == code)
        .unwrap_or_else(|| panic!("{code}: {list}"))
}

#[test]
fn every_catalogue_has_every_key_of_english() {
    for lang in Lang::ALL {
        assert_eq!(
            i18n::parse_errors(lang),
            Vec::<String>::new(),
            "{}",
            lang.code()
        );
        assert_eq!(
            i18n::missing_keys(lang),
            Vec::<String>::new(),
            "keys of en missing from {}",
            lang.code()
        );
        assert_eq!(
            i18n::catalog::extra_keys(lang),
            Vec::<String>::new(),
            "keys of {} that en lacks",
            lang.code()
        );
    }
}

#[test]
fn catalogue_for_missing_keys_zh_hant() {
    assert_eq!(i18n::missing_keys(Lang::ZhHant), Vec::<String>::new());
}

#[test]
fn catalogue_for_missing_keys_zh_hans() {
    assert_eq!(i18n::missing_keys(Lang::ZhHans), Vec::<String>::new());
}

#[test]
fn catalogue_for_missing_keys_ko() {
    assert_eq!(i18n::missing_keys(Lang::Ko), Vec::<String>::new());
}

/// The message keys the templates and the web handlers name (`t("…")`, `tn("…"`, `t1`–`t3`,
/// `tr("…")`, `tr_args("…"`), each of which English must have.
#[test]
fn every_key_the_templates_use_is_in_english() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["templates", "src/web"] {
        for e in std::fs::read_dir(root.join(dir)).expect("read dir") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "html" || x == "rs") {
                files.push(p);
            }
        }
    }
    let mut used = 0;
    let mut missing = Vec::new();
    for p in files {
        let text = std::fs::read_to_string(&p).expect("read");
        for call in [
            "t(\"",
            "tn(\"",
            "t1(\"",
            "t2(\"",
            "t3(\"",
            "tr(\"",
            "tr_args(\"",
        ] {
            for (i, _) in text.match_indices(call) {
                // `t(` must start a name, not end one (`split(` …)
                let before = text[..i].chars().next_back().unwrap_or(' ');
                if before.is_alphanumeric() || before == '_' {
                    continue;
                }
                let rest = &text[i + call.len()..];
                let key = &rest[..rest.find('"').unwrap_or(0)];
                if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                    continue;
                }
                used += 1;
                if !i18n::catalog::has(Lang::En, key) {
                    missing.push(format!("{}: {key}", p.display()));
                }
            }
        }
    }
    assert!(used > 200, "only {used} keys found: is the scan right?");
    assert_eq!(missing, Vec::<String>::new());
}

/// The pages must not carry English left behind: the home, a game and the statistics in Korean
/// contain no word of the English navigation or headings.
#[test]
fn no_english_left_on_translated_pages() {
    let (_a, srv, id) = archive();
    for path in [
        "/".to_string(),
        format!("/games/{id}"),
        "/stats/hotw".into(),
    ] {
        let body = get_with(&srv, &path, &[("cookie", "annals_lang=ko")]);
        for english in [
            ">Games<",
            ">Search<",
            ">Players<",
            ">Board<",
            ">Moves<",
            ">Empires<",
        ] {
            assert!(!body.contains(english), "{path}: {english}");
        }
    }
}

/// Home, a game and the statistics page in a real browser, in each language: the `lang`
/// attribute and a translated heading, read from the rendered page.
#[test]
fn each_language_in_a_real_browser() {
    let Some((driver, browser)) = crate::browser::browser() else {
        return;
    };
    let (_a, srv, id) = archive();
    let d = crate::browser::Driver::start(&driver, &browser);
    let pages = [
        ("home", "/".to_string(), "h2"),
        ("game", format!("/games/{id}"), "#board"),
        ("stats", "/stats/hotw".to_string(), "h1"),
    ];
    let expect: [(&str, [&str; 3]); 4] = [
        ("en", ["Latest games", "Board", "Statistics"]),
        ("zh-Hant", ["最新棋局", "棋盤", "統計"]),
        ("zh-Hans", ["最新棋局", "棋盘", "统计"]),
        ("ko", ["최근 게임", "판", "통계"]),
    ];
    for (code, headings) in expect {
        for ((name, path, css), heading) in pages.iter().zip(headings) {
            let sep = if path.contains('?') { '&' } else { '?' };
            d.go(&format!("http://{}{path}{sep}lang={code}", srv.addr));
            let html = d.element("html");
            let lang = d.call("GET", &format!("/element/{html}/attribute/lang"), None);
            assert_eq!(lang.as_str(), Some(code), "{name} in {code}");
            let text = d.text(css);
            assert!(text.contains(heading), "{name} in {code}: {text}");
            d.screenshot(&format!("i18n-{code}-{name}"));
        }
    }
    // the switch's cookie: a page opened without ?lang= keeps the last language
    d.go(&format!("http://{}/games", srv.addr));
    let html = d.element("html");
    let lang = d.call("GET", &format!("/element/{html}/attribute/lang"), None);
    assert_eq!(lang.as_str(), Some("ko"));
    assert!(d.text("h1").contains("게임"));
}
