//! What a new member meets on the pages, over HTTP: the 三国 board's file numbers by side, HotW
//! results with the empires held at the end, the curators' merge form and its undo, "add to
//! collection" from a game's page and a search, and a ply checked against the game's length.

use serde_json::json;

use crate::member::{Visitor, csrf_of};
use crate::support::{Archive, Server, demo};

/// An archive of the demo records with a club: (archive, the club admin's token).
fn demo_club() -> (Archive, String) {
    let a = Archive::new();
    a.import(&[demo()]);
    let (code, out, err) = a.cli(&["club", "add", "Lions"]);
    assert_eq!(code, 0, "{err}");
    (a, out.lines().last().unwrap().trim().to_string())
}

/// Signs `v` in with an API token (the sign-in form of `/login`).
fn sign_in(v: &mut Visitor<'_>, token: &str) {
    let login = v.get("/login");
    let r = v.post("/login/token", &csrf_of(&login.body), &[("token", token)]);
    assert_eq!(r.status, 303, "{}", r.body);
}

fn location(r: &crate::support::Reply) -> String {
    r.headers["location"].to_str().unwrap().to_string()
}

/// The id of the first game of `kind` whose result is `result`.
fn game_with(srv: &Server, kind: &str, result: &str) -> i64 {
    let v = srv.get(&format!("/api/games?kind={kind}&limit=100")).json();
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["result"] == result)
        .and_then(|g| g["id"].as_i64())
        .unwrap_or_else(|| panic!("no {kind} game with {result}"))
}

#[test]
fn the_sanguo_board_numbers_each_sides_files_in_its_colour() {
    let (a, _) = demo_club();
    let srv = a.serve();
    let id = srv.get("/api/games?kind=sanguo&limit=1").json()["games"][0]["id"]
        .as_i64()
        .unwrap();
    let page = srv.get(&format!("/games/{id}"));
    assert_eq!(page.status, 200);
    let b = &page.body;
    let text = |x: u32, y: u32, class: &str, fill: &str, n: u32| {
        format!(
            "<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" class=\"files {class}\" fill=\"{fill}\" font-size=\"11\" font-weight=\"600\">{n}</text>"
        )
    };
    // 魏 (north, facing south): file 1 on the west, at x = 0; 17 on the east.
    assert!(b.contains(&text(36, 18, "files-wei", "#1565c0", 1)), "{b}");
    assert!(b.contains(&text(516, 18, "files-wei", "#1565c0", 17)));
    // 蜀 (south, facing north): file 1 on the east.
    assert!(b.contains(&text(516, 543, "files-shu", "#2e7d32", 1)));
    assert!(b.contains(&text(36, 543, "files-shu", "#2e7d32", 17)));
    // 吴 (east, facing west): file 1 at the north, so 马6进5's file 6 is the line y = 5.
    assert!(b.contains(&text(539, 40, "files-wu", "#c62828", 1)));
    assert!(b.contains(&text(539, 190, "files-wu", "#c62828", 6)));
    for side in ["files-wei", "files-shu", "files-wu"] {
        assert_eq!(b.matches(&format!("class=\"files {side}\"")).count(), 17);
    }
    // 汉 numbers nothing.
    assert_eq!(b.matches("class=\"files ").count(), 51);
}

#[test]
fn hotw_results_name_the_empires_held_at_the_end() {
    let (a, _) = demo_club();
    let srv = a.serve();
    let list = srv.get("/games?kind=hotw").body;
    assert!(
        list.contains("<span class=\"result\">C 177, as France</span>"),
        "{list}"
    );
    // A major and a minor empire in the last epoch.
    assert!(list.contains("<span class=\"result\">B 168, as Britain, Japan</span>"));
    let id = game_with(&srv, "hotw", "C 177");
    let page = srv.get(&format!("/games/{id}")).body;
    assert!(
        page.contains("<strong>吳詠詩 (C) 177, as France</strong>"),
        "{page}"
    );
    // Each player's final total with the empire(s) behind it.
    assert!(page.contains("<td class=\"end\">177, as France</td>"));
    assert!(page.contains("<td class=\"end\">162, as Britain</td>"));
    // A player's games: each final total with the empire(s) the player held at the end.
    let wu = player_named(&srv, "吳詠詩");
    let theirs = srv.get(&format!("/players/{wu}")).body;
    assert!(theirs.contains("place 1 (177, as France)"), "{theirs}");
    assert!(theirs.contains("place 1 (168, as Britain, Japan)"));
    let zh = srv.get("/games?kind=hotw&lang=zh-Hant").body;
    assert!(
        zh.contains("<span class=\"result\">C 177（法國）</span>"),
        "{zh}"
    );
    assert!(zh.contains("<span class=\"result\">B 168（英國、日本）</span>"));
}

/// A curator made with the CLI, signed in on the web: their visitor.
fn curator<'a>(a: &Archive, srv: &'a Server) -> Visitor<'a> {
    let (code, out, err) = a.cli(&["curator", "add", "Cora"]);
    assert_eq!(code, 0, "{err}");
    let mut v = Visitor::new(srv);
    sign_in(&mut v, out.lines().last().unwrap().trim());
    v
}

fn games_of(srv: &Server, player: i64) -> Vec<i64> {
    let r = srv.get(&format!("/api/players/{player}"));
    if r.status != 200 {
        return Vec::new();
    }
    let mut ids: Vec<i64> = r.json()["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["id"].as_i64())
        .collect();
    ids.sort_unstable();
    ids
}

fn player_named(srv: &Server, name: &str) -> i64 {
    let v = srv.get("/api/players?limit=100").json();
    v["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .and_then(|p| p["id"].as_i64())
        .unwrap_or_else(|| panic!("no player {name}"))
}

#[test]
fn a_curator_merges_two_players_from_the_page_and_undoes_it() {
    let (a, admin) = demo_club();
    let srv = a.serve();
    let (claire, dieter) = (
        player_named(&srv, "Claire Dubois"),
        player_named(&srv, "Dieter Brandt"),
    );
    let (hers, his) = (games_of(&srv, claire), games_of(&srv, dieter));
    assert!(!hers.is_empty() && !his.is_empty());

    // Not a curator: no form, and the post is refused.
    let mut club = Visitor::new(&srv);
    sign_in(&mut club, &admin);
    let page = club.get(&format!("/players/{claire}"));
    assert!(!page.body.contains("/merge\""), "{}", page.body);
    let csrf = csrf_of(&club.get("/account").body);
    let r = club.post(
        &format!("/players/{claire}/merge"),
        &csrf,
        &[("into", "Dieter Brandt")],
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(club.get("/merges").status, 403);
    assert_eq!(
        Visitor::new(&srv).get(&format!("/players/{claire}")).status,
        200
    );
    assert_eq!(games_of(&srv, claire), hers);

    // The curator merges Claire into Dieter, naming him.
    let mut v = curator(&a, &srv);
    let page = v.get(&format!("/players/{claire}"));
    assert!(
        page.body
            .contains(&format!("action=\"/players/{claire}/merge\"")),
        "{}",
        page.body
    );
    let csrf = csrf_of(&page.body);
    let r = v.post(
        &format!("/players/{claire}/merge"),
        &csrf,
        &[("into", "dieter  brandt")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(location(&r), format!("/players/{dieter}?merged={claire}"));
    let kept = v.get(&location(&r)).body;
    assert!(kept.contains("id=\"merged\""), "{kept}");
    for g in &hers {
        assert!(kept.contains(&format!("href=\"/games/{g}\"")), "{kept}");
    }
    let mut both = [hers.clone(), his.clone()].concat();
    both.sort_unstable();
    assert_eq!(games_of(&srv, dieter), both);
    assert_eq!(srv.get(&format!("/players/{claire}")).status, 404);
    // A name nothing has: said, nothing merged.
    let r = v.post(
        &format!("/players/{dieter}/merge"),
        &csrf,
        &[("into", "Nobody Known")],
    );
    assert_eq!(r.status, 404);
    assert!(
        r.body.contains("Nothing is named “Nobody Known”"),
        "{}",
        r.body
    );

    // The merges page lists it with an undo button; the undo restores both.
    let merges = v.get("/merges");
    assert_eq!(merges.status, 200);
    assert!(merges.body.contains("Claire Dubois"), "{}", merges.body);
    let undo = merges
        .body
        .split("action=\"/merges/")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("an undo form")
        .to_string();
    let r = v.post(&format!("/merges/{undo}"), &csrf_of(&merges.body), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let after = v.get(&location(&r)).body;
    assert!(after.contains("id=\"undone\""), "{after}");
    assert!(
        !after.contains("action=\"/merges/"),
        "no undo left: {after}"
    );
    assert_eq!(games_of(&srv, claire), hers);
    assert_eq!(games_of(&srv, dieter), his);
    assert!(
        srv.get(&format!("/players/{claire}"))
            .body
            .contains("Claire Dubois")
    );
}

#[test]
fn a_curator_merges_an_event_by_id_from_its_page() {
    let (a, _) = demo_club();
    let srv = a.serve();
    let events = srv.get("/api/events?limit=10").json();
    let ids: Vec<i64> = events["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["id"].as_i64())
        .collect();
    let (from, into) = (ids[0], ids[1]);
    let mut v = curator(&a, &srv);
    let page = v.get(&format!("/events/{from}"));
    assert!(
        page.body
            .contains(&format!("action=\"/events/{from}/merge\""))
    );
    let r = v.post(
        &format!("/events/{from}/merge"),
        &csrf_of(&page.body),
        &[("into", &into.to_string())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(location(&r), format!("/events/{into}?merged={from}"));
    assert_eq!(srv.get(&format!("/events/{from}")).status, 404);
    // Signed out: no form.
    assert!(
        !srv.get(&format!("/events/{into}"))
            .body
            .contains("/merge\"")
    );
}

/// A club member of `role` with an API token, made by the club's admin.
fn member(srv: &Server, admin: &str, name: &str, role: &str) -> String {
    let r = srv.json(
        "POST",
        "/api/members",
        Some(admin),
        &json!({"name": name, "role": role, "password": "correct horse"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = srv.json(
        "POST",
        "/api/tokens",
        Some(admin),
        &json!({"member": id, "label": "t"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()["token"].as_str().unwrap().to_string()
}

fn new_collection(srv: &Server, token: &str, name: &str) -> i64 {
    let r = srv.json(
        "POST",
        "/api/collections",
        Some(token),
        &json!({"name": name, "public": false}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

fn plies(srv: &Server, game: i64) -> i64 {
    srv.get(&format!("/api/games/{game}?moves_limit=1")).json()["moves_total"]
        .as_i64()
        .unwrap()
}

#[test]
fn a_member_adds_a_game_to_a_collection_from_its_page_and_from_a_search() {
    let (a, admin) = demo_club();
    let srv = a.serve();
    let study = new_collection(&srv, &admin, "Study");
    let game = srv.get("/api/games?kind=sanguo&limit=1").json()["games"][0]["id"]
        .as_i64()
        .unwrap();
    let n = plies(&srv, game);
    let mut v = Visitor::new(&srv);
    sign_in(&mut v, &admin);
    let page = v.get(&format!("/games/{game}"));
    assert!(page.body.contains("action=\"/collect\""), "{}", page.body);
    assert!(
        page.body
            .contains(&format!("<option value=\"{study}\">Study</option>"))
    );
    let csrf = csrf_of(&page.body);
    let back = format!("/games/{game}");
    let add = |v: &mut Visitor<'_>, ply: &str, back: &str| {
        let g = game.to_string();
        let c = study.to_string();
        v.post(
            "/collect",
            &csrf,
            &[
                ("collection", &c),
                ("game", &g),
                ("ply", ply),
                ("back", back),
            ],
        )
    };
    // Past the end: refused, said on the game's page.
    let r = add(&mut v, "500", &back);
    assert_eq!(r.status, 303, "{}", r.body);
    let said = v.get(&location(&r)).body;
    assert!(
        said.contains(&format!(
            "Nothing was added to “Study”: ply 500 is past the end of game {game}, which has {n} plies."
        )),
        "{said}"
    );
    // Added at ply 3, answered on the same page.
    let r = add(&mut v, "3", &back);
    let to = location(&r);
    assert!(
        to.starts_with(&format!("/games/{game}?collected={study}")),
        "{to}"
    );
    let said = v.get(&to).body;
    assert!(
        said.contains(&format!("Added game {game} to “Study”.")),
        "{said}"
    );
    let items = srv.send(
        "GET",
        &format!("/api/collections/{study}"),
        Some(&admin),
        None,
        &[],
    );
    assert_eq!(items.json()["items"][0]["game"], game);
    assert_eq!(items.json()["items"][0]["ply"], 3);
    // Again, from a search result: said, not added twice; the search is kept.
    let search = v.get("/search?q=kind%3Asanguo");
    assert!(
        search
            .body
            .contains(&format!("name=\"game\" value=\"{game}\"")),
        "{}",
        search.body
    );
    let r = add(&mut v, "", "/search?q=kind%3Asanguo");
    let to = location(&r);
    assert!(
        to.starts_with("/search?q=kind%3Asanguo&collect_error=held"),
        "{to}"
    );
    let said = v.get(&to).body;
    assert!(
        said.contains(&format!(
            "Game {game} is in “Study” already: nothing was added."
        )),
        "{said}"
    );
    let items = srv.send(
        "GET",
        &format!("/api/collections/{study}"),
        Some(&admin),
        None,
        &[],
    );
    assert_eq!(items.json()["items"].as_array().unwrap().len(), 1);
    // Somewhere else is not a way back.
    let r = add(&mut v, "", "https://example.com/");
    assert!(location(&r).starts_with(&format!("/games/{game}?")));

    // A viewer, and a visitor signed out, see no form; a viewer's post is refused.
    let viewer = member(&srv, &admin, "Vic", "viewer");
    let mut vv = Visitor::new(&srv);
    sign_in(&mut vv, &viewer);
    let page = vv.get(&format!("/games/{game}"));
    assert_eq!(page.status, 200);
    assert!(!page.body.contains("action=\"/collect\""));
    assert!(
        !vv.get("/search?q=kind%3Asanguo")
            .body
            .contains("action=\"/collect\"")
    );
    let csrf = csrf_of(&vv.get("/account").body);
    let r = vv.post(
        "/collect",
        &csrf,
        &[
            ("collection", &study.to_string()),
            ("game", &game.to_string()),
        ],
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(
        !srv.get(&format!("/games/{game}"))
            .body
            .contains("action=\"/collect\"")
    );
    assert!(
        !srv.get("/search?q=kind%3Asanguo")
            .body
            .contains("action=\"/collect\"")
    );
}

#[test]
fn a_ply_past_the_games_end_and_a_game_added_twice_are_refused() {
    let (a, admin) = demo_club();
    let srv = a.serve();
    let coll = new_collection(&srv, &admin, "Endings");
    let game = srv.get("/api/games?kind=wec&limit=1").json()["games"][0]["id"]
        .as_i64()
        .unwrap();
    let n = plies(&srv, game);
    let items = format!("/api/collections/{coll}/items");
    // The API: 400 with the reason as JSON.
    let r = srv.json(
        "POST",
        &items,
        Some(&admin),
        &json!({"game": game, "ply": 500}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(
        r.json()["error"],
        format!("ply 500 is past the end of game {game}, which has {n} plies")
    );
    // The last ply is within the game.
    let r = srv.json(
        "POST",
        &items,
        Some(&admin),
        &json!({"game": game, "ply": n}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    // The same game again: 409, one item.
    let r = srv.json(
        "POST",
        &items,
        Some(&admin),
        &json!({"game": game, "note": "again"}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(
        r.json()["error"],
        format!("game {game} is in this collection already")
    );
    let c = srv.send(
        "GET",
        &format!("/api/collections/{coll}"),
        Some(&admin),
        None,
        &[],
    );
    assert_eq!(c.json()["items"].as_array().unwrap().len(), 1);

    // The page: the message on the collection page, what was typed kept.
    let other = srv.get("/api/games?kind=sanguo&limit=1").json()["games"][0]["id"]
        .as_i64()
        .unwrap();
    let m = plies(&srv, other);
    let mut v = Visitor::new(&srv);
    sign_in(&mut v, &admin);
    let page = v.get(&format!("/collections/{coll}"));
    let r = v.post(
        &format!("/collections/{coll}/items"),
        &csrf_of(&page.body),
        &[
            ("game", &other.to_string()),
            ("ply", "500"),
            ("note", "the end game"),
        ],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains(&format!(
            "Nothing was added: ply 500 is past the end of game {other}, which has {m} plies."
        )),
        "{}",
        r.body
    );
    assert!(
        r.body
            .contains("name=\"ply\" size=\"4\" inputmode=\"numeric\" value=\"500\"")
    );
    assert!(r.body.contains("value=\"the end game\""));
    assert!(r.body.contains(&format!("value=\"{other}\"")));
    // An item's ply edited past its game's end: refused, the ply kept as it was.
    let item = c.json()["items"][0]["id"].as_i64().unwrap();
    let r = v.post(
        &format!("/collections/{coll}/items/{item}/note"),
        &csrf_of(&page.body),
        &[("note", ""), ("ply", "500")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains(&format!(
        "ply 500 is past the end of game {game}, which has {n} plies"
    )));
    let c = srv.send(
        "GET",
        &format!("/api/collections/{coll}"),
        Some(&admin),
        None,
        &[],
    );
    assert_eq!(c.json()["items"][0]["ply"], n);
}
