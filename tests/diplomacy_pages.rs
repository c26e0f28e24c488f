//! Diplomacy games through the service: a Deluge game's orders give `result` (`succeeds`/`fails`)
//! and `reason` as standard games' do, `via convoy` is kept (`via_convoy`, and `via Convoy` on the
//! page), the game page lists the units after each phase and the centres after a winter, and
//! `/api/stats/deluge` leaves standard games out of Deluge's figures.

use crate::support::{Archive, Server};

const DELUGE: &str = "[Game \"Deluge\"]
[Event \"Flood night\"]

Winter 1900
England: Build F Lon, Build F Edi, Build A Lvp
France: Build A Par, Build A Mar, Build F Bre

Spring 1901
England: F Lon-Nth, F Edi-Nwg, A Lvp-Yor
France: A Par-Bur, A Mar-Bur, F Bre-Mao

Fall 1901
England: A Yor-Nwy via Convoy, F Nth C A Yor-Nwy, F Nwg H
France: A Par H, A Mar H, F Mao H
";

const STANDARD: &str = "[Game \"Diplomacy\"]
[Event \"Club night\"]

Starting position for Fall of 1905

England:  Fleet St Petersburg (north coast), F Nwy, A Fin.
Russia:   A Mos, A War.

Fall of 1905

England:  F StP/nc H, A Fin H, F Nwy -> Bar.
Russia:   A Mos -> StP, A War H.
";

/// Imports the records, one file each, and serves the archive.
fn serve(records: &[(&str, &str)]) -> (Archive, Server) {
    let a = Archive::new();
    for (name, text) in records {
        let f = a.file(name, text);
        let (code, out, err) = a.cli(&["import", f.to_str().unwrap()]);
        assert_eq!(code, 0, "{out}\n{err}");
    }
    let srv = a.serve();
    (a, srv)
}

/// The id of the game whose Event tag is `event`.
fn game_id(srv: &Server, event: &str) -> i64 {
    let list = srv.get("/api/games?kind=deluge").json();
    list["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["event"] == event || g["title"].as_str().is_some_and(|t| t.contains(event)))
        .and_then(|g| g["id"].as_i64())
        .unwrap_or_else(|| panic!("no game of {event} in {list}"))
}

#[test]
fn deluge_orders_give_a_result_and_a_reason_and_keep_via_convoy() {
    let (_a, srv) = serve(&[("flood.dip", DELUGE)]);
    let id = game_id(&srv, "Flood night");
    let doc = srv.get(&format!("/api/games/{id}")).json();
    let moves = doc["moves"].as_array().expect("moves");
    let find = |n: &str| {
        moves
            .iter()
            .find(|m| m["notation"] == n)
            .unwrap_or_else(|| panic!("no {n} in {doc}"))
    };
    assert_eq!(doc["variant"], serde_json::Value::Null, "a Deluge game");
    let bur = find("A Par-Bur");
    assert_eq!(
        (&bur["result"], &bur["reason"]),
        (&"fails".into(), &"bounced".into())
    );
    let nth = find("F Lon-Nth");
    assert_eq!(nth["result"], "succeeds");
    assert!(nth.get("reason").is_none(), "{nth}");
    assert!(nth.get("via_convoy").is_none(), "{nth}");
    let nwy = find("A Yor-Nwy via Convoy");
    assert_eq!(nwy["via_convoy"], true, "{nwy}");
    assert_eq!(nwy["result"], "succeeds");

    let page = srv.get(&format!("/games/{id}"));
    assert_eq!(page.status, 200);
    let b = &page.body;
    for want in [
        // the orders in the judges' form, with their results
        "<td>A Yor - Nwy via Convoy</td>",
        "<td>A Par - Bur</td>",
        "fails (bounced)",
        // the units after each phase, one line a power
        "<h2 id=\"units\">Units after each phase</h2>",
        "<dt style=\"font-weight:600\">W1900A</dt>",
        "<span class=\"power-units\">England: F Edi, F Lon, A Lvp</span><br><span class=\"power-units\">France: F Bre, A Mar, A Par</span>",
        "<dt style=\"font-weight:600\">S1901M</dt>",
        "<span class=\"power-units\">England: F Nth, F Nwg, A Yor</span><br><span class=\"power-units\">France: F Mao, A Mar, A Par</span>",
        "<dt style=\"font-weight:600\">F1901M</dt>",
        "<span class=\"power-units\">England: F Nth, F Nwg, A Nwy</span>",
        // and the centres after the winter
        "<div class=\"muted\">Supply centres:<br>Austria (3): Bud, Tri, Vie<br>England (3): Edi, Lon, Lvp<br>France (3): Bre, Mar, Par<br>Germany (3): Ber, Kie, Mun<br>",
    ] {
        assert!(b.contains(want), "the page lacks {want:?}:\n{b}");
    }
    assert!(
        !b.contains("position not known"),
        "the record starts at W1900"
    );
    // a page of the orders shows the units of its phases only
    let page = srv.get(&format!("/games/{id}?moves_offset=6&moves_limit=6"));
    assert_eq!(page.status, 200);
    let b = &page.body;
    assert!(
        b.contains("<dt style=\"font-weight:600\">S1901M</dt>"),
        "{b}"
    );
    assert!(b.contains("England: F Nth, F Nwg, A Yor"), "{b}");
    assert!(
        !b.contains(">W1900A</dt>") && !b.contains(">F1901M</dt>"),
        "{b}"
    );
}

#[test]
fn a_standard_game_page_lists_units_on_their_coasts() {
    let (_a, srv) = serve(&[("club.dip", STANDARD)]);
    let id = game_id(&srv, "Club night");
    let page = srv.get(&format!("/games/{id}"));
    assert_eq!(page.status, 200);
    let b = &page.body;
    for want in [
        "<dt style=\"font-weight:600\">F1905M</dt>",
        "<span class=\"power-units\">England: F Bar, A Fin, F Stp/nc</span><br><span class=\"power-units\">Russia: A Mos, A War</span>",
        "<td>F Stp/nc H</td>",
    ] {
        assert!(b.contains(want), "the page lacks {want:?}:\n{b}");
    }
}

#[test]
fn deluge_statistics_leave_standard_games_apart() {
    let (_a, srv) = serve(&[("flood.dip", DELUGE), ("club.dip", STANDARD)]);
    let s = srv.get("/api/stats/deluge").json();
    assert_eq!(s["games"], 1, "{s}");
    assert_eq!(s["standard_games"], 1, "{s}");
    assert_eq!(s["finished"], 0, "{s}");
    let powers: Vec<&str> = s["powers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["power"].as_str().unwrap())
        .collect();
    // every power holds its home centres in a Deluge game; each is counted in one game, not two
    assert_eq!(
        powers,
        [
            "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"
        ]
    );
    for p in s["powers"].as_array().unwrap() {
        assert_eq!(p["games"], 1, "{p}");
    }
    let page = srv.get("/stats/deluge");
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("One standard Diplomacy game is counted apart, not here."),
        "{}",
        page.body
    );
    // with only standard games, Deluge's figures are empty
    let (_b, srv) = serve(&[("club.dip", STANDARD)]);
    let s = srv.get("/api/stats/deluge").json();
    assert_eq!(
        (&s["games"], &s["standard_games"]),
        (&0.into(), &1.into()),
        "{s}"
    );
    assert_eq!(s["powers"], serde_json::json!([]), "{s}");
}

#[test]
fn the_players_swatches_are_the_powers_colours_of_the_chart() {
    let record = DELUGE.replace(
        "[Event \"Flood night\"]\n",
        "[Event \"Flood night\"]\n[England \"Ann Lee\"]\n[France \"Bo Marchal\"]\n",
    );
    let (_a, srv) = serve(&[("flood.dip", &record)]);
    let id = game_id(&srv, "Flood night");
    let page = srv.get(&format!("/games/{id}")).body;
    let players = &page[page.find(">Ann Lee</a>").expect("England's player")..];
    let players = &players[..players.find("</table>").expect("the players' table")];
    // England navy, France blue, as the centres chart draws them.
    assert!(players.contains("background: #1a237e"), "{players}");
    assert!(players.contains("background: #0288d1"), "{players}");
    assert!(!players.contains("background: #616161"), "{players}");
}
