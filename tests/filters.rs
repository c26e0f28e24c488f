//! One filter language: `/games` and the search read the same names and values (player in either
//! script, side and winner per kind, year ranges), and give the same games.

use std::collections::BTreeSet;

use crate::support::{Archive, Server, corpus, demo};

fn list(srv: &Server, q: &str) -> BTreeSet<i64> {
    let v = srv.get(&format!("/api/games?limit=200&{q}")).json();
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_i64().unwrap())
        .collect()
}

fn search(srv: &Server, q: &str) -> BTreeSet<i64> {
    let v = srv
        .get(&format!("/api/search?limit=200&q={}", urlencode(q)))
        .json();
    v["hits"]
        .as_array()
        .unwrap_or_else(|| panic!("{v}"))
        .iter()
        .map(|g| g["id"].as_i64().unwrap())
        .collect()
}

fn urlencode(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

#[test]
fn games_and_search_read_the_same_filters() {
    let a = Archive::new();
    a.import(&[
        demo(),
        corpus().join("sanguo"),
        corpus().join("wec"),
        corpus().join("hotw"),
    ]);
    let srv = a.serve();
    // A player in either script.
    let by_list = list(&srv, &format!("player={}", urlencode("孫策")));
    assert!(!by_list.is_empty(), "孫策 plays in the test records");
    assert_eq!(
        by_list,
        list(&srv, &format!("player={}", urlencode("孙策")))
    );
    assert_eq!(by_list, search(&srv, "player:孫策"));
    // WEC's winner by colour: the games whose result is White's.
    let white = list(&srv, "winner=white");
    assert!(!white.is_empty());
    assert_eq!(white, search(&srv, "winner:white"));
    for id in &white {
        let g = srv.get(&format!("/api/games/{id}")).json();
        assert_eq!(g["kind"], "wec");
        assert!(
            g["winners"].as_array().unwrap().contains(&"W".into()),
            "{}",
            g["result"]
        );
    }
    let all_wec = list(&srv, "kind=wec");
    let white_won: BTreeSet<i64> = all_wec
        .iter()
        .copied()
        .filter(|id| {
            srv.get(&format!("/api/games/{id}")).json()["winners"]
                .as_array()
                .unwrap()
                .contains(&"W".into())
        })
        .collect();
    assert_eq!(
        white, white_won,
        "winner:white finds every WEC game White won"
    );
    assert_eq!(list(&srv, "side=black"), search(&srv, "side:black"));
    // A HotW seat letter is HotW's alone.
    let b = search(&srv, "winner:B");
    assert_eq!(b, list(&srv, "winner=B"));
    for id in &b {
        assert_eq!(srv.get(&format!("/api/games/{id}")).json()["kind"], "hotw");
    }
    // 三国's sides in either script.
    assert_eq!(
        list(&srv, &format!("winner={}", urlencode("吳"))),
        list(&srv, &format!("winner={}", urlencode("吴")))
    );
    // (the search's `winner:` also reads the winners' names: 吴 finds a 吴 who won)
    assert!(
        list(&srv, &format!("winner={}", urlencode("吳"))).is_subset(&search(&srv, "winner:吴"))
    );
    // Year ranges on both.
    assert_eq!(
        list(&srv, "year=2000..2030"),
        search(&srv, "year:2000..2030")
    );
    assert_eq!(srv.get("/games?year=1990..1999").status, 200);
}

#[test]
fn an_opening_is_found_whichever_way_its_numbers_are_written() {
    let a = Archive::new();
    let f = a.file(
        "arabic.sanguo",
        "[Game \"Sanguo\"]\n[Event \"Numerals\"]\n\n1.车5进1，马6进5，车5进1\n",
    );
    assert_eq!(a.import(&[f]).imported, 1);
    let srv = a.serve();
    let arabic = search(&srv, "opening:马6进5");
    assert_eq!(arabic.len(), 1);
    assert_eq!(search(&srv, "opening:马六进五"), arabic);
}
