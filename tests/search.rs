//! Search through the index: the query language and Chinese substrings.

use crate::support::Archive;

/// Titles of the 三国 notation (sections 8's examples) and distractors.
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
        // runs of four and more: trigrams that overlap, across punctuation
        "魏灭蜀吴",
        "吴盟·魏灭蜀吴",
        "灭蜀吴·魏胜",
        "蜀吴盟·魏灭蜀吴·魏胜",
        "魏灭蜀吴魏",
    ] {
        let got = titles(&srv, &format!("\"{q}\""));
        assert_eq!(got, expected(q), "query {q}");
        assert!(
            !got.is_empty() || q == "汉·魏" || q == "魏灭蜀吴魏",
            "query {q} found nothing"
        );
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

/// The whole corpus plus a few dated games with players, for the field prefixes.
fn corpus_archive() -> Archive {
    let a = Archive::new();
    let dated = "[Game \"HotW\"]\n[Event \"Club league\"]\n[Date \"2016.03.01\"]\n[A \"Lin Wei\"]\n[B \"Chen Jie\"]\n\nEI\nA(Sumer): Popu\nL.Tig-->Zag 10\n\nB(Egypt): CivilS(+2)\nNileDel-->Nub 20\n\n\
[Game \"HotW\"]\n[Event \"Club league\"]\n[Date \"2017.05.01\"]\n[A \"Chen Jie\"]\n[B \"Lin Wei\"]\n\nEI\nA(Sumer): Civil Service(+1)\nL.Tig-->Zag 30\n\nB(Egypt):\nNileDel-->Nub 20\n\n\
[Game \"Sanguo\"]\n[Date \"1999.01.01\"]\n[Title \"魏杀汉·魏胜\"]\n[魏 \"Cao Cao\"]\n[吴 \"Sun Quan\"]\n[蜀 \"Liu Bei\"]\n\n1.马6进5，炮12平10，相7进9\n";
    let f = a.file("dated.txt", dated);
    let s = a.import(&[crate::support::corpus(), f]);
    assert_eq!(s.rejected, 0);
    a
}

fn ids(srv: &crate::support::Server, q: &str) -> Vec<i64> {
    let url = format!(
        "/api/search?limit=200&q={}",
        form_urlencoded::byte_serialize(q.as_bytes()).collect::<String>()
    );
    let r = srv.get(&url);
    assert_eq!(r.status, 200, "{q}: {}", r.body);
    let mut v: Vec<i64> = r.json()["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| h["id"].as_i64().unwrap_or(0))
        .collect();
    v.sort_unstable();
    v
}

/// Game ids whose stored moves or seats satisfy a SQL condition (the truth the index must agree with).
fn truth(a: &Archive, sql: &str) -> Vec<i64> {
    let c = annals::store::connection::open(&a.db()).expect("db");
    let mut st = c.prepare(sql).expect("sql");
    let mut v: Vec<i64> = st
        .query_map([], |r| r.get(0))
        .expect("q")
        .map(|x| x.expect("row"))
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The game list's `empire=` filter (the packed turns' list of empires) takes exactly the games
/// with a turn of that empire, in any case, and no game for part of a name or a LIKE wildcard.
#[test]
fn the_game_list_filters_by_an_empire_played() {
    let a = corpus_archive();
    let srv = a.serve();
    let listed = |q: &str| -> Vec<i64> {
        let r = srv.get(&format!("/api/games?limit=200&{q}"));
        assert_eq!(r.status, 200, "{q}: {}", r.body);
        let mut v: Vec<i64> = r.json()["games"]
            .as_array()
            .expect("games")
            .iter()
            .map(|g| g["id"].as_i64().unwrap_or(0))
            .collect();
        v.sort_unstable();
        v
    };
    for empire in ["Sumer", "Egypt", "Rome"] {
        let want = truth(
            &a,
            &format!("SELECT game_id FROM hotw_turns WHERE empire = '{empire}'"),
        );
        assert!(!want.is_empty(), "{empire}");
        assert_eq!(listed(&format!("empire={empire}")), want, "{empire}");
        assert_eq!(
            listed(&format!("empire={}", empire.to_uppercase())),
            want,
            "{empire}, upper case"
        );
    }
    assert_eq!(listed("empire=Sum"), Vec::<i64>::new());
    assert_eq!(listed("empire=%25"), Vec::<i64>::new());
    assert_eq!(listed("empire=_umer"), Vec::<i64>::new());
}

#[test]
fn empire_and_card_prefixes_find_exactly_the_games_that_played_them() {
    let a = corpus_archive();
    let srv = a.serve();
    let sumer = truth(&a, "SELECT game_id FROM hotw_turns WHERE empire = 'Sumer'");
    assert!(sumer.len() >= 3);
    assert_eq!(ids(&srv, "empire:Sumer"), sumer);
    assert_eq!(ids(&srv, "empire:sumer"), sumer, "case-insensitive");
    assert_eq!(
        ids(&srv, "empire:Sumeria"),
        sumer,
        "the full name of appendix 2"
    );
    let civil = truth(
        &a,
        "SELECT t.game_id FROM hotw_turns t, json_each(t.cards) c WHERE c.value = 'CivilS'",
    );
    assert!(civil.len() >= 3, "{civil:?}");
    for q in [
        "card:CivilS",
        "card:\"Civil Service\"",
        "card:Civilserv",
        "card:civils",
    ] {
        assert_eq!(ids(&srv, q), civil, "{q}");
    }
    let both = truth(
        &a,
        "SELECT t.game_id FROM hotw_turns t, json_each(t.cards) c WHERE t.empire = 'Sumer' AND c.value = 'CivilS'",
    );
    let mut and: Vec<i64> = sumer
        .iter()
        .filter(|g| civil.contains(g))
        .copied()
        .collect();
    and.sort_unstable();
    assert_eq!(ids(&srv, "empire:Sumer card:CivilS"), and);
    assert!(both.iter().all(|g| and.contains(g)));
}

#[test]
fn player_side_winner_kind_and_year_prefixes() {
    let a = corpus_archive();
    let srv = a.serve();
    let lin = truth(
        &a,
        "SELECT s.game_id FROM seats s JOIN players p ON p.id = s.player_id WHERE p.name = 'Lin Wei'",
    );
    assert_eq!(lin.len(), 2);
    assert_eq!(ids(&srv, "player:\"lin wei\""), lin);
    assert_eq!(ids(&srv, "player:LINWEI"), lin);
    assert_eq!(ids(&srv, "player:\"Lin Wei\" year:2017").len(), 1);
    assert_eq!(
        ids(&srv, "year:2016..2017"),
        truth(&a, "SELECT id FROM games WHERE year BETWEEN 2016 AND 2017")
    );
    assert_eq!(
        ids(&srv, "year:..1999"),
        truth(&a, "SELECT id FROM games WHERE year <= 1999")
    );
    assert_eq!(
        ids(&srv, "kind:wec"),
        truth(&a, "SELECT id FROM games WHERE kind = 'wec'")
    );
    assert_eq!(
        ids(&srv, "kind:三國"),
        truth(&a, "SELECT id FROM games WHERE kind = 'sanguo'")
    );
    let wei_won = truth(
        &a,
        "SELECT id FROM games WHERE kind = 'sanguo' AND ' ' || winners || ' ' LIKE '% 魏 %'",
    );
    assert!(!wei_won.is_empty());
    assert_eq!(ids(&srv, "winner:魏"), wei_won);
    let c_won = truth(
        &a,
        "SELECT id FROM games WHERE kind = 'hotw' AND ' ' || winners || ' ' LIKE '% C %'",
    );
    assert!(!c_won.is_empty(), "appendix 4: C 230");
    assert_eq!(ids(&srv, "winner:C"), c_won);
    assert_eq!(ids(&srv, "winner:\"Cao Cao\"").len(), 1, "a winner's name");
    let wei_side = ids(&srv, "side:魏");
    assert!(wei_side.contains(&ids(&srv, "winner:\"Cao Cao\"")[0]));
    assert!(
        wei_side
            .iter()
            .all(|g| truth(&a, "SELECT id FROM games WHERE kind = 'sanguo'").contains(g))
    );
    // an empty result is a 200 with total 0, and excluded terms work with fields
    assert!(
        ids(&srv, "empire:Sumer -empire:Egypt")
            .iter()
            .all(
                |g| !truth(&a, "SELECT game_id FROM hotw_turns WHERE empire = 'Egypt'").contains(g)
            )
    );
}
