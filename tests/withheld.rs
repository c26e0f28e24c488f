//! A private collection's imports are counted nowhere (statistics, the explorer, positions) until
//! their club publishes them: a count is seen by everyone, and would tell them the game exists.

use crate::collections::{create, setup};
use crate::support::Server;

const SECRET: &str = "[Game \"Sanguo\"]\n[Event \"Secret Cup\"]\n[Title \"Hidden opening\"]\n[Result \"吴胜\"]\n\n1.马6进5，炮12平10，相7进9\n2.兵7进1，兵7进1，兵7进1\n";

/// (三国 games in the statistics, games at the explorer's root, games after the secret's first
/// two rounds by position)
fn counts(srv: &Server, token: Option<&str>) -> (i64, i64, i64) {
    let get = |path: &str| {
        let r = srv.send("GET", path, token, None, &[]);
        assert_eq!(r.status, 200, "{path}: {}", r.body);
        r.json()
    };
    let stats = get("/api/stats/sanguo");
    let root = get("/api/explorer/sanguo");
    let mut q = form_urlencoded::Serializer::new(String::new());
    q.append_pair("moves", "马6进5,炮12平10,相7进9,兵7进1,兵7进1,兵7进1");
    let deep = get(&format!("/api/explorer/sanguo?{}", q.finish()));
    (
        stats["games"].as_i64().unwrap_or(-1),
        root["games"].as_i64().unwrap_or(-1),
        deep["games"].as_i64().unwrap_or(-1),
    )
}

/// `annals check`'s findings on the totals and the positions (none when they agree).
fn problems(db: &std::path::Path) -> Vec<String> {
    let conn = annals::store::connection::open(db).unwrap();
    let mut p = annals::stats::check_totals(&conn).unwrap();
    p.extend(annals::store::positions::check(&conn).unwrap());
    p
}

/// Imports [`SECRET`] into a new private collection of club A: (the collection, the game).
fn import_private(srv: &Server, token: &str) -> (i64, i64) {
    let coll = create(srv, token, false);
    let r = srv.send(
        "POST",
        &format!("/api/collections/{coll}/import"),
        Some(token),
        Some(SECRET),
        &[("content-type", "text/plain")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["imported"], 1);
    let game = srv
        .send(
            "GET",
            &format!("/api/collections/{coll}"),
            Some(token),
            None,
            &[],
        )
        .json()["items"][0]["game"]
        .as_i64()
        .unwrap();
    (coll, game)
}

#[test]
fn a_private_import_is_counted_only_once_published() {
    let c = setup();
    let srv = c.a.serve();
    let before = counts(&srv, None);
    assert_eq!(before.2, 0, "{before:?}");
    let home = srv.get("/").body;
    assert!(home.contains(&format!("<td>{}</td>", before.0)), "{home}");
    let (coll, game) = import_private(&srv, &c.admin_a);
    // Not counted, for the public nor for its own club.
    assert_eq!(counts(&srv, None), before);
    assert_eq!(srv.get("/").body, home, "the home page's counts");
    assert_eq!(counts(&srv, Some(&c.admin_a)), before);
    // Statistics scoped to its event, counted from the moves, leave it out as well.
    let event: i64 = rusqlite::Connection::open(c.a.db())
        .unwrap()
        .query_row(
            "SELECT event_id FROM games WHERE event = 'Secret Cup'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let scoped = srv.get(&format!("/api/stats/sanguo?event={event}")).json();
    assert_eq!(scoped["games"], 0, "{scoped}");
    assert!(problems(&c.a.db()).is_empty(), "{:?}", problems(&c.a.db()));
    // A correction of the private game keeps it out of the counts.
    let corrected = SECRET.replace("Hidden opening", "Hidden opening, corrected");
    let r = srv.send(
        "PUT",
        &format!("/api/games/{game}"),
        Some(&c.admin_a),
        Some(&corrected),
        &[("content-type", "text/plain")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(counts(&srv, None), before);
    assert!(problems(&c.a.db()).is_empty(), "{:?}", problems(&c.a.db()));
    // Published: counted once, everywhere.
    let r = srv.send(
        "POST",
        &format!("/api/collections/{coll}/publish"),
        Some(&c.admin_a),
        None,
        &[],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(counts(&srv, None), (before.0 + 1, before.1 + 1, 1));
    let home = srv.get("/").body;
    assert!(
        home.contains(&format!("<td>{}</td>", before.0 + 1)),
        "{home}"
    );
    let scoped = srv.get(&format!("/api/stats/sanguo?event={event}")).json();
    assert_eq!(scoped["games"], 1, "{scoped}");
    assert!(problems(&c.a.db()).is_empty(), "{:?}", problems(&c.a.db()));
}

#[test]
fn deleting_a_private_game_leaves_the_counts_as_they_were() {
    let c = setup();
    let srv = c.a.serve();
    let before = counts(&srv, None);
    let (_, game) = import_private(&srv, &c.admin_a);
    drop(srv);
    let (code, _, err) = c.a.cli(&["delete", &game.to_string()]);
    assert_eq!(code, 0, "{err}");
    let srv = c.a.serve();
    assert_eq!(counts(&srv, None), before);
    assert!(problems(&c.a.db()).is_empty(), "{:?}", problems(&c.a.db()));
}

/// An archive of the version that counted private imports has them taken out on open.
#[test]
fn an_archive_that_counted_private_imports_leaves_them_out_on_open() {
    let c = setup();
    let srv = c.a.serve();
    let before = counts(&srv, None);
    let (_, id) = import_private(&srv, &c.admin_a);
    drop(srv);
    {
        // As that version left it: the game in the totals and the tree, positions in the old table.
        let conn = annals::store::connection::open(&c.a.db()).unwrap();
        annals::store::withheld::restore(&conn, id).unwrap();
        conn.execute_batch(
            "DROP TABLE positions;
             CREATE TABLE positions (key INTEGER NOT NULL, game_id INTEGER NOT NULL,
                 ply INTEGER NOT NULL, next TEXT NOT NULL, result INTEGER NOT NULL);
             UPDATE meta SET value = '9' WHERE key = 'schema_version';",
        )
        .unwrap();
    }
    let srv = c.a.serve();
    assert_eq!(counts(&srv, None), before);
    assert!(problems(&c.a.db()).is_empty(), "{:?}", problems(&c.a.db()));
}
