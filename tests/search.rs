//! Search through the index: the query language and Chinese substrings.

use crate::support::Archive;

/// Titles of seed 002 (sections 8's examples) and distractors.
const TITLES: [&str; 10] = [
    "魏杀汉·魏灭吴·魏胜",
    "蜀吴盟·魏灭蜀吴·魏胜",
    "魏杀汉·蜀困魏·吴灭蜀·吴胜",
    "魏胜局",
    "和棋局",
    "吴灭魏·吴蜀和",
    "蜀魏盟·吴杀汉·吴胜",
    "魏蜀盟·蜀灭吴·蜀胜",
    "吴灭魏·魏灭蜀",
    "吳殺漢·吳勝",
];

fn archive() -> Archive {
    let a = Archive::new();
    let mut text = String::new();
    for (i, t) in TITLES.iter().enumerate() {
        text.push_str(&format!(
            "[Game \"Sanguo\"]\n[Title \"{t}\"]\n[Round \"{}\"]\n\n1.马6进5，炮12平10，相7进9\n\n",
            i + 1
        ));
    }
    let f = a.file("titles.sanguo", text);
    let s = a.import(&[f]);
    assert_eq!(s.imported, TITLES.len());
    a
}

fn titles(srv: &crate::support::Server, q: &str) -> Vec<String> {
    let url = format!(
        "/api/search?limit=50&q={}",
        form_urlencoded::byte_serialize(q.as_bytes()).collect::<String>()
    );
    let r = srv.get(&url);
    assert_eq!(r.status, 200, "{q}: {}", r.body);
    let mut v: Vec<String> = r.json()["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| h["title"].as_str().unwrap_or("").to_string())
        .collect();
    v.sort();
    v
}

/// What a substring query must find: exactly the titles containing it, after folding both.
fn expected(q: &str) -> Vec<String> {
    let fq = annals_import::text::fold(q);
    let mut v: Vec<String> = TITLES
        .iter()
        .filter(|t| annals_import::text::fold(t).contains(&fq))
        .map(|t| t.to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn every_substring_query_finds_exactly_the_titles_containing_it() {
    let a = archive();
    let srv = a.serve();
    for q in [
        "魏杀汉",
        "杀汉",
        "魏胜",
        "胜",
        "魏",
        "吴灭蜀",
        "吴灭魏",
        "魏灭蜀",
        "灭蜀吴",
        "蜀吴盟",
        "魏蜀盟",
        "和棋局",
        "吴蜀和",
        "蜀困魏",
        "殺漢",
        "吳勝",
        "魏殺漢",
        "汉·魏",
        "局",
    ] {
        let got = titles(&srv, &format!("\"{q}\""));
        assert_eq!(got, expected(q), "query {q}");
        assert!(!got.is_empty() || q == "汉·魏", "query {q} found nothing");
    }
    // scattered characters do not match: 吴 灭 蜀 all occur in 吴灭魏·魏灭蜀, but not as 吴灭蜀
    assert!(!titles(&srv, "吴灭蜀").contains(&"吴灭魏·魏灭蜀".to_string()));
}

#[test]
fn or_and_not_and_kind() {
    let a = archive();
    let srv = a.serve();
    assert_eq!(
        titles(&srv, "和棋局 OR 魏胜局"),
        vec!["和棋局".to_string(), "魏胜局".to_string()]
    );
    let not = titles(&srv, "魏胜 -杀汉");
    assert_eq!(
        not,
        vec!["蜀吴盟·魏灭蜀吴·魏胜".to_string(), "魏胜局".to_string()]
    );
    assert_eq!(titles(&srv, "kind:sanguo 和棋局").len(), 1);
    assert!(titles(&srv, "kind:hotw 和棋局").is_empty());
    assert_eq!(
        titles(&srv, "title:吴杀汉"),
        vec!["吳殺漢·吳勝".to_string(), "蜀魏盟·吴杀汉·吴胜".to_string()]
    );
}

#[test]
fn search_page_shows_highlighted_hits() {
    let a = archive();
    let srv = a.serve();
    let r = srv.get("/search?q=%E5%92%8C%E6%A3%8B%E5%B1%80");
    assert_eq!(r.status, 200);
    assert!(r.body.contains("1–1 of 1 games"), "{}", r.body);
    assert!(
        r.body.contains("<b>和棋</b>")
            || r.body.contains("<b>和棋局</b>")
            || r.body.contains("<b>棋局</b>"),
        "{}",
        r.body
    );
}
