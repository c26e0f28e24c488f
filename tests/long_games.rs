//! One very long game of each kind goes through every command and page: import, `check`, `show`,
//! the game page and a search that finds it. Each must finish and agree (the totals with the moves,
//! the index with the database); what they cost at 10× and 100× a game's length is in
//! BENCHMARKS.md ("Long games"). Before, `check` read a turn's whole JSON again for each of its
//! expansions, and ran for more than ten minutes on one game of 300,000.

use crate::support::Archive;

/// A HotW game of one turn whose expansion chain has `steps` steps.
fn hotw_chain(steps: usize) -> String {
    let regions = ["LTig", "Zag", "UTig", "Lev", "EAna", "MTig"];
    let chain: Vec<&str> = (0..steps).map(|i| regions[i % regions.len()]).collect();
    format!(
        "[Game \"HotW\"]\n[Event \"Marathon chain\"]\n[A \"Ann\"]\n\nEI\n\nA(Sumer): {} 12\n",
        chain.join("-->")
    )
}

/// A 三国 game of `rounds` rounds, each side's chariot one step forward and back.
fn sanguo_shuffle(rounds: usize) -> String {
    let mut s = String::from(
        "[Game \"Sanguo\"]\n[Event \"Marathon shuffle\"]\n[吴 \"Wu\"]\n[魏 \"Wei\"]\n[蜀 \"Shu\"]\n\n",
    );
    for r in 1..=rounds {
        let step = if r % 2 == 1 { "进" } else { "退" };
        s.push_str(&format!("{r}.车5{step}1，车5{step}1，车5{step}1\n"));
    }
    s
}

/// A WEC game of `turns` turns, each side's jet flying between two squares.
pub(crate) fn wec_flights(turns: usize) -> String {
    let mut s = String::from(
        "[Game \"WEC\"]\n[Event \"Marathon flights\"]\n[Black \"B\"]\n[White \"W\"]\n\n",
    );
    s.push_str("1. MV:JE(1,7)->^(1,7)\n2. MV:JE(10,4)->^(10,4)\n");
    for t in 3..=turns {
        let black = t % 2 == 1;
        let there = (t - 3) / 2 % 2 == 0;
        let line = match (black, there) {
            (true, true) => "MV:JE^(1,7)->^(4,7)",
            (true, false) => "MV:JE^(4,7)->^(1,7)",
            (false, true) => "MV:JE^(10,4)->^(7,4)",
            (false, false) => "MV:JE^(7,4)->^(10,4)",
        };
        s.push_str(&format!("{t}. {line}\n"));
    }
    s
}

/// A Deluge game whose one phase gives `orders` orders.
fn deluge_orders(orders: usize) -> String {
    let mut s = String::from(
        "[Game \"Deluge\"]\n[Event \"Marathon orders\"]\n\nWinter 1900\nFrance: Build A Par\n\nSpring 1901\n",
    );
    for _ in 0..orders {
        s.push_str("France: A Par H\n");
    }
    s
}

fn through_everything(name: &str, text: &str, word: &str) {
    let a = Archive::new();
    let file = a.file(name, text);
    let s = a.import(&[file]);
    assert_eq!(s.imported, 1, "{name}: {s:?}");

    let (code, out, err) = a.cli(&["check"]);
    assert_eq!(code, 0, "{name}: check: {out}{err}");
    assert!(out.contains("ok: 1 games"), "{name}: {out}");

    let (code, out, _) = a.cli(&["show", "1"]);
    assert_eq!(code, 0, "{name}: show");
    let game: serde_json::Value = serde_json::from_str(&out).expect("show JSON");
    assert!(
        game["raw"]
            .as_str()
            .is_some_and(|r| r.trim_end() == text.trim_end()),
        "{name}: raw kept"
    );

    let server = a.serve();
    let page = server.get("/games/1");
    assert_eq!(page.status, 200, "{name}: page");
    let hits = server.get(&format!("/api/search?q={word}"));
    assert_eq!(hits.status, 200, "{name}: search");
    assert_eq!(hits.json()["total"], 1, "{name}: {}", hits.body);
}

#[test]
fn a_hotw_game_of_300000_expansions() {
    through_everything("chain.hotw", &hotw_chain(300_000), "Marathon");
}

#[test]
fn a_sanguo_game_of_100000_moves() {
    through_everything("shuffle.sanguo", &sanguo_shuffle(33_334), "Marathon");
}

#[test]
fn a_wec_game_of_100000_turns() {
    through_everything("flights.wec", &wec_flights(100_000), "Marathon");
}

#[test]
fn a_deluge_game_of_100000_orders() {
    through_everything("orders.dip", &deluge_orders(100_000), "Marathon");
}
