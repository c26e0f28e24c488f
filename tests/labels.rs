//! Labels a new reader can follow: a game's event linked, what happens in a game named apart from
//! tournaments, HotW's result by player, 三国's swatches as the board draws them, Deluge orders
//! as the judges write them.

use crate::support::{Archive, Server, demo};

fn game_of(srv: &Server, kind: &str) -> String {
    let id = srv.get(&format!("/api/games?kind={kind}&limit=1")).json()["games"][0]["id"].clone();
    srv.get(&format!("/games/{id}")).body
}

#[test]
fn game_pages_say_what_a_reader_needs() {
    let a = Archive::new();
    a.import(&[demo()]);
    let srv = a.serve();
    let wec = game_of(&srv, "wec");
    assert!(wec.contains("<a href=\"/events/"), "the event is linked");
    assert!(
        wec.contains("What the letters on the board mean"),
        "a legend for WEC"
    );
    assert!(wec.contains("<code>TA</code> tank"), "pieces by name");
    let deluge = game_of(&srv, "deluge");
    assert!(
        !deluge.contains("<h2>Events</h2>"),
        "tournaments alone are Events"
    );
    assert!(
        deluge.contains(" S A "),
        "a support names the unit it supports"
    );
    assert!(
        deluge.contains("A Mar - Bur") || deluge.contains(" - "),
        "moves as the judges write them"
    );
    let sanguo = game_of(&srv, "sanguo");
    assert!(
        ["#c62828", "#1565c0", "#2e7d32"]
            .iter()
            .all(|c| sanguo.contains(&format!("background: {c}"))),
        "the players' swatches in the board's colours"
    );
    let hotw = game_of(&srv, "hotw");
    let result = hotw
        .split("Result: <strong>")
        .nth(1)
        .and_then(|s| s.split('<').next())
        .unwrap_or_default();
    assert!(
        result.contains('('),
        "the winner by name, then seat: {result}"
    );
}
