//! What lists say of a game: its players by seat, its result, date and event; `/games` sorted
//! and filtered by years; one name per 三国 piece in the explorer.

use crate::support::{Archive, demo};

#[test]
fn game_lists_name_the_players_the_result_and_the_event() {
    let a = Archive::new();
    let s = a.import(&[demo()]);
    assert_eq!(s.imported, 19, "{s:?}");
    let server = a.serve();
    for path in ["/", "/games", "/games?kind=sanguo", "/search?q=Bristol"] {
        let page = server.get(path);
        assert_eq!(page.status, 200, "{path}");
        assert!(
            page.body.contains("class=\"players\""),
            "{path}: no players"
        );
        assert!(
            !page.body.contains(">Game "),
            "{path}: a game named by its number"
        );
    }
    let sanguo = server.get("/games?kind=sanguo").body;
    // the league's titles as the records give them, the players by side, the event linked
    assert!(sanguo.contains("魏杀汉·魏胜"), "{sanguo}");
    assert!(sanguo.contains("王建国"), "{sanguo}");
    assert!(sanguo.contains("(吴)"), "{sanguo}");
    assert!(sanguo.contains("href=\"/events/"), "{sanguo}");
    // a WEC game has no title: one is made of its players and result
    let wec = server.get("/games?kind=wec").body;
    assert!(wec.contains("Mina Seo – Tom Avery — Black wins"), "{wec}");
    assert!(wec.contains("class=\"won\""), "{wec}");
}

#[test]
fn the_game_list_sorts_by_date_and_takes_a_range_of_years() {
    let a = Archive::new();
    a.import(&[demo()]);
    let server = a.serve();
    let dates = |path: &str| -> Vec<String> {
        let page = server.get(path);
        assert_eq!(page.status, 200, "{path}: {}", page.body);
        let re_date = |s: &str| {
            s.split("<span class=\"muted\">")
                .skip(1)
                .filter_map(|x| x.split('<').next())
                .filter(|x| x.len() == 10 && x.as_bytes()[4] == b'.')
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        re_date(&page.body)
    };
    let oldest = dates("/games?sort=oldest&limit=200");
    assert_eq!(oldest.len(), 18, "{oldest:?}");
    let mut sorted = oldest.clone();
    sorted.sort();
    assert_eq!(oldest, sorted);
    let latest = dates("/games?sort=date&limit=200");
    assert_eq!(latest.first(), oldest.last());
    assert!(dates("/games?year=2025..2025&limit=200").len() == 18);
    assert!(dates("/games?year=..2024").is_empty());
    assert_eq!(server.get("/games?year=2026..2025").status, 400);
    assert_eq!(server.get("/games?sort=sideways").status, 400);
}

/// xiangqi's other piece names are one piece: the explorer after `马6进5,炮12平10` lists one
/// `相7进9` holding both games.
#[test]
fn the_explorer_counts_a_piece_under_one_name() {
    let a = Archive::new();
    let tags = "[Game \"Sanguo\"]\n[Event \"Names\"]\n";
    let red = a.file(
        "red.sanguo",
        format!("{tags}[Round \"1\"]\n\n1.馬6進5，砲12平10，象7進9\n"),
    );
    let plain = a.file(
        "plain.sanguo",
        format!("{tags}[Round \"2\"]\n\n1.马6进5，炮12平10，相7进9\n"),
    );
    let s = a.import(&[red, plain]);
    assert_eq!(s.imported, 2, "{s:?}");
    let server = a.serve();
    let r = server.get("/api/explorer/sanguo?moves=马6进5,炮12平10");
    assert_eq!(r.status, 200, "{}", r.body);
    let next = r.json()["moves"].clone();
    let moves: Vec<(String, i64)> = next
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap_or_default().to_string(),
                m["games"].as_i64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(moves, vec![("相7进9".to_string(), 2)], "{}", r.body);
}
