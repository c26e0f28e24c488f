//! The explorer by position: games that reach one board by different move orders count once
//! there, under one key; the key's games are listed with the ply where each reached it.

use crate::support::{Archive, Server};

const SANGUO_A: &str = "[Game \"三国演弈棋\"]\n[Event \"Transpositions\"]\n[吴 \"甲\"]\n[魏 \"乙\"]\n[蜀 \"丙\"]\n\n1.马6进5，马6进5，马6进5\n2.兵7进1，兵7进1，兵7进1\n";
const SANGUO_B: &str = "[Game \"三国演弈棋\"]\n[Event \"Transpositions\"]\n[吴 \"丁\"]\n[魏 \"戊\"]\n[蜀 \"己\"]\n\n1.兵7进1，兵7进1，兵7进1\n2.马6进5，马6进5，马6进5\n";
const WEC_A: &str = "[Game \"WEC\"]\n[Black \"Ada\"]\n[White \"Ben\"]\n\n1. MV:SP(2,2)->(3,2)\n1... MV:SP(9,2)->(8,2)\n2. MV:RP(2,10)->(3,10)\n2... MV:RP(9,10)->(8,10)\n";
const WEC_B: &str = "[Game \"WEC\"]\n[Black \"Cy\"]\n[White \"Di\"]\n\n1. MV:RP(2,10)->(3,10)\n1... MV:RP(9,10)->(8,10)\n2. MV:SP(2,2)->(3,2)\n2... MV:SP(9,2)->(8,2)\n";

fn archive() -> (Archive, Server) {
    let a = Archive::new();
    let files = [
        a.file("a.sanguo", SANGUO_A),
        a.file("b.sanguo", SANGUO_B),
        a.file("a.wec", WEC_A),
        a.file("b.wec", WEC_B),
    ];
    let s = a.import(&files);
    assert_eq!(s.imported, 4, "{s:?}");
    let srv = a.serve();
    (a, srv)
}

fn explorer(srv: &Server, kind: &str, moves: &[&str]) -> serde_json::Value {
    let mut q = form_urlencoded::Serializer::new(String::new());
    q.append_pair("moves", &moves.join(","));
    let r = srv.get(&format!("/api/explorer/{kind}?{}", q.finish()));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

#[test]
fn sanguo_transposed_games_meet_in_one_position() {
    let (_a, srv) = archive();
    let a = ["马6进5", "马6进5", "马6进5", "兵7进1", "兵7进1", "兵7进1"];
    let b = ["兵7进1", "兵7进1", "兵7进1", "马6进5", "马6进5", "马6进5"];
    let after_a = explorer(&srv, "sanguo", &a);
    let after_b = explorer(&srv, "sanguo", &b);
    assert_eq!(after_a["games"], 2, "{after_a}");
    assert_eq!(after_b["games"], 2, "{after_b}");
    let key = after_a["position"].as_str().unwrap_or_default().to_string();
    assert_eq!(key.len(), 16);
    assert_eq!(after_b["position"], after_a["position"]);
    // After round 1 each order is its own game's.
    let round_a = explorer(&srv, "sanguo", &a[..3]);
    let round_b = explorer(&srv, "sanguo", &b[..3]);
    assert_eq!(round_a["games"], 1);
    assert_eq!(round_b["games"], 1);
    assert_ne!(round_a["position"], round_b["position"]);
    // The next move from round 1 of game A is its round 2.
    assert_eq!(round_a["moves"][0]["move"], "兵7进1");
    // The key lists both games, with the ply where each reached it.
    let by_key = srv
        .get(&format!("/api/explorer/sanguo?position={key}"))
        .json();
    assert_eq!(by_key["games"], 2, "{by_key}");
    // Under another kind the key is no position.
    let other = srv.get(&format!("/api/explorer/wec?position={key}")).json();
    assert_eq!(other["games"], 0);
    let games = srv.get(&format!("/api/games?position={key}")).json();
    assert_eq!(games["total"], 2, "{games}");
    let plies: Vec<i64> = games["games"]
        .as_array()
        .map(|g| g.iter().filter_map(|g| g["ply"].as_i64()).collect())
        .unwrap_or_default();
    assert_eq!(plies, vec![6, 6]);
}

#[test]
fn wec_transposed_games_meet_in_one_position() {
    let (_a, srv) = archive();
    let a = [
        "MV:SP(2,2)->(3,2)",
        "MV:SP(9,2)->(8,2)",
        "MV:RP(2,10)->(3,10)",
        "MV:RP(9,10)->(8,10)",
    ];
    let b = [a[2], a[3], a[0], a[1]];
    let after_a = explorer(&srv, "wec", &a);
    let after_b = explorer(&srv, "wec", &b);
    assert_eq!(after_a["games"], 2, "{after_a}");
    assert_eq!(after_b["position"], after_a["position"]);
    assert_eq!(explorer(&srv, "wec", &a[..2])["games"], 1);
    assert_eq!(explorer(&srv, "wec", &b[..2])["games"], 1);
}

#[test]
fn a_bad_position_key_is_a_400_and_an_unknown_one_has_no_games() {
    let (_a, srv) = archive();
    assert_eq!(srv.get("/api/explorer/sanguo?position=xyz").status, 400);
    assert_eq!(srv.get("/api/games?position=12").status, 400);
    let r = srv
        .get("/api/explorer/sanguo?position=0000000000000001")
        .json();
    assert_eq!(r["games"], 0);
    assert_eq!(
        srv.get("/api/games?position=0000000000000001").json()["total"],
        0
    );
}

#[test]
fn the_explorer_page_draws_the_position_and_a_game_page_links_to_its_key() {
    let (_a, srv) = archive();
    let page = srv.get("/explorer/sanguo?moves=兵7进1,兵7进1,兵7进1,马6进5,马6进5,马6进5");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<svg"), "no board");
    assert!(
        page.body.contains("2 games reached this position"),
        "{}",
        page.body
    );
    let key = explorer(
        &srv,
        "sanguo",
        &["兵7进1", "兵7进1", "兵7进1", "马6进5", "马6进5", "马6进5"],
    )["position"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(page.body.contains(&key));
    // Asked by key, the page walks a game's moves to it and shows the same board and counts.
    let by_key = srv.get(&format!("/explorer/sanguo?position={key}"));
    assert_eq!(by_key.status, 200);
    assert!(by_key.body.contains("<svg"));
    assert!(by_key.body.contains("2 games reached this position"));
    // Each 三国 game's board at ply 6 links there (the two were imported first).
    for id in [1, 2] {
        let g = srv.get(&format!("/games/{id}?ply=6"));
        assert!(
            g.body.contains(&format!("/explorer/sanguo?position={key}")),
            "game {id}"
        );
    }
}

const SANGUO_LEAGUE: &str = "[Game \"三国演弈棋\"]\n[Event \"League\"]\n[吴 \"甲\"]\n[魏 \"庚\"]\n[蜀 \"辛\"]\n\n1.马6进5，马6进5，炮12平10\n";

/// The archive above and a third 三国 game in another event, played by 甲 as 吴 again.
fn scoped_archive() -> (Archive, Server) {
    let (a, _) = archive();
    let s = a.import(&[a.file("c.sanguo", SANGUO_LEAGUE)]);
    assert_eq!(s.imported, 1, "{s:?}");
    let srv = a.serve();
    (a, srv)
}

fn id_of(srv: &Server, path: &str, list: &str, name: &str) -> i64 {
    let v = srv.get(path).json();
    v[list]
        .as_array()
        .and_then(|l| l.iter().find(|e| e["name"] == name))
        .and_then(|e| e["id"].as_i64())
        .unwrap_or_else(|| panic!("no {name} in {v}"))
}

#[test]
fn the_explorer_and_statistics_limited_to_an_event_or_a_player() {
    let (_a, srv) = scoped_archive();
    let all = srv.get("/api/explorer/sanguo").json();
    assert_eq!(all["games"], 3, "{all}");
    let event = id_of(&srv, "/api/events", "events", "Transpositions");
    let league = id_of(&srv, "/api/events", "events", "League");
    let in_event = srv
        .get(&format!("/api/explorer/sanguo?event={event}"))
        .json();
    assert_eq!(in_event["games"], 2, "{in_event}");
    // After 马6进5 ×2 the league game and game A go on; only A is in the event.
    let path = |scope: &str| format!("/api/explorer/sanguo?moves=马6进5,马6进5&{scope}");
    assert_eq!(srv.get(&path("")).json()["games"], 2);
    assert_eq!(srv.get(&path(&format!("event={event}"))).json()["games"], 1);
    let league_next = srv.get(&path(&format!("event={league}"))).json();
    assert_eq!(league_next["games"], 1);
    assert_eq!(league_next["moves"][0]["move"], "炮12平10");
    // 甲 played 吴 in game A and in the league game.
    let jia = id_of(&srv, "/api/players?limit=200", "players", "甲");
    let as_wu = srv
        .get(&format!("/api/explorer/sanguo?player={jia}&side=吴"))
        .json();
    assert_eq!(as_wu["games"], 2, "{as_wu}");
    let as_wei = srv
        .get(&format!("/api/explorer/sanguo?player={jia}&side=魏"))
        .json();
    assert_eq!(as_wei["games"], 0);
    // Statistics over the event count its games only.
    let stats = srv.get(&format!("/api/stats/sanguo?event={event}")).json();
    assert_eq!(stats["games"], 2, "{stats}");
    assert_eq!(srv.get("/api/stats/sanguo").json()["games"], 3);
    // Unknown ids are 404; the page keeps the scope in its links.
    assert_eq!(srv.get("/api/explorer/sanguo?event=999").status, 404);
    assert_eq!(srv.get("/api/explorer/sanguo?player=999").status, 404);
    let page = srv.get(&format!("/explorer/sanguo?event={event}"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Only the games of event Transpositions"));
    assert!(page.body.contains(&format!("event={event}")));
}

#[test]
fn a_private_collection_scope_is_404_to_others() {
    let (a, srv) = scoped_archive();
    let (code, out, err) = a.cli(&["club", "add", "Lions"]);
    assert_eq!(code, 0, "{err}");
    let token = out.lines().last().unwrap_or_default().trim().to_string();
    let r = srv.json(
        "POST",
        "/api/collections",
        Some(&token),
        &serde_json::json!({"name": "Study", "public": false}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap_or_default();
    let r = srv.json(
        "POST",
        &format!("/api/collections/{id}/items"),
        Some(&token),
        &serde_json::json!({"game": 1}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let path = format!("/api/explorer/sanguo?collection={id}");
    assert_eq!(srv.get(&path).status, 404);
    assert_eq!(
        srv.get(&format!("/explorer/sanguo?collection={id}")).status,
        404
    );
    assert_eq!(
        srv.get(&format!("/api/stats/sanguo?collection={id}"))
            .status,
        404
    );
    let mine = srv.send("GET", &path, Some(&token), None, &[]);
    assert_eq!(mine.status, 200, "{}", mine.body);
    assert_eq!(mine.json()["games"], 1);
}

#[test]
fn the_hotw_openings_limited_to_an_event() {
    let a = Archive::new();
    let s = a.import(&[crate::support::demo().join("hotw")]);
    assert_eq!(s.imported, 4, "{s:?}");
    let srv = a.serve();
    let games = |path: &str| -> i64 {
        let v = srv.get(path).json();
        v["games"].as_i64().unwrap_or_else(|| panic!("{v}"))
    };
    let event = id_of(
        &srv,
        "/api/events",
        "events",
        "Hong Kong HotW Club Championship 2025",
    );
    // An opening is a seat's epoch-I turn: six a game, the demonstration game's included.
    let all = games("/api/explorer/hotw");
    let in_event = games(&format!("/api/explorer/hotw?event={event}"));
    assert!(in_event > 0 && in_event < all, "{in_event} of {all}");
    assert_eq!(all % 4, 0, "{all}");
    assert_eq!(in_event * 4, all * 3);
}

#[test]
fn a_private_collections_imports_are_not_in_the_explorers_games() {
    let (a, srv) = archive();
    let (code, out, err) = a.cli(&["club", "add", "Lions"]);
    assert_eq!(code, 0, "{err}");
    let token = out.lines().last().unwrap_or_default().trim().to_string();
    let r = srv.json(
        "POST",
        "/api/collections",
        Some(&token),
        &serde_json::json!({"name": "Secret", "public": false}),
    );
    let coll = r.json()["id"].as_i64().unwrap_or_default();
    let hidden = SANGUO_A
        .replace("Transpositions", "Secret Cup")
        .replace("甲", "壬");
    let r = srv.send(
        "POST",
        &format!("/api/collections/{coll}/import"),
        Some(&token),
        Some(&hidden),
        &[("content-type", "text/plain")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["imported"], 1);
    let moves = ["马6进5", "马6进5", "马6进5", "兵7进1", "兵7进1", "兵7进1"];
    let pos = explorer(&srv, "sanguo", &moves);
    let titles = pos["sample"].to_string();
    assert!(!titles.contains("Secret"), "{titles}");
    assert_eq!(pos["sample"].as_array().map(Vec::len), Some(2), "{pos}");
    let key = pos["position"].as_str().unwrap_or_default().to_string();
    let listed = srv.get(&format!("/api/games?position={key}")).json();
    assert_eq!(listed["total"], 2, "{listed}");
    assert!(!srv.get("/explorer/sanguo").body.contains("Secret Cup"));
}

/// An archive whose positions are in the table of an earlier schema (with rowids, a second index
/// by game) has them written again in game order when it is opened, the same rows.
#[test]
fn positions_of_an_earlier_schema_are_written_again_on_open() {
    let a = Archive::new();
    let files = [a.file("a.sanguo", SANGUO_A), a.file("b.wec", WEC_B)];
    assert_eq!(a.import(&files).imported, 2);
    let rows = |conn: &rusqlite::Connection| -> Vec<(i64, i64, i64, String, i64)> {
        conn.prepare("SELECT game_id, key, ply, next, result FROM positions ORDER BY game_id, key")
            .unwrap()
            .query_map([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let before = rows(&annals::store::connection::open(&a.db()).unwrap());
    // 三国: the setup and the board after each of 6 moves; WEC: the setup and 4 turns.
    assert_eq!(before.len(), 7 + 5, "{before:?}");
    {
        let conn = rusqlite::Connection::open(a.db()).unwrap();
        conn.execute_batch(
            "DROP TABLE positions;
             CREATE TABLE positions (key INTEGER NOT NULL, game_id INTEGER NOT NULL,
                 ply INTEGER NOT NULL, next TEXT NOT NULL, result INTEGER NOT NULL);
             CREATE INDEX positions_game ON positions(game_id, key);
             UPDATE meta SET value = '9' WHERE key = 'schema_version';",
        )
        .unwrap();
    }
    let conn = annals::store::connection::open(&a.db()).unwrap();
    let sql: String = conn
        .query_row(
            "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'positions'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(sql.contains("WITHOUT ROWID"), "{sql}");
    assert_eq!(rows(&conn), before);
    let old_index: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE name = 'positions_game'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(old_index, 0);
}
