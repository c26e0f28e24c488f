//! Downloads: one game's record, and the lists (games, search, an event, a collection) as one
//! records file or CSV; a downloaded game imported into an empty archive is the same stored game.

use serde_json::Value;

use crate::support::{Archive, demo};

/// A game's JSON without what belongs to the archive it is in: its id, its source (file, line,
/// import time) and the line numbers of the file it came in (a game's lines count from the top
/// of its file).
fn stored(mut v: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(o) => {
                o.remove("line");
                o.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    if let Some(o) = v.as_object_mut() {
        o.remove("id");
        o.remove("source");
    }
    strip(&mut v);
    v
}

#[test]
fn a_downloaded_game_imports_as_the_same_game() {
    let a = Archive::new();
    let s = a.import(&[demo()]);
    let srv = a.serve();
    let total = srv.get("/api/games").json()["total"].as_i64().unwrap();
    assert_eq!(total as usize, s.imported);
    for id in 1..=total {
        let r = srv.get(&format!("/api/games/{id}/record"));
        assert_eq!(r.status, 200);
        assert!(
            r.content_type.starts_with("text/plain"),
            "{}",
            r.content_type
        );
        let cd = r.headers["content-disposition"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(cd.starts_with("attachment; filename=\"game-"), "{cd}");
        let name = cd.split('"').nth(1).unwrap().to_string();
        let fresh = Archive::new();
        let f = fresh.file(&name, &r.body);
        let s = fresh.import(&[f]);
        assert_eq!(s.imported, 1, "game {id}: {:?}", s.diagnostics);
        let fsrv = fresh.serve();
        let before = stored(srv.get(&format!("/api/games/{id}")).json());
        let after = stored(fsrv.get("/api/games/1").json());
        assert!(before["raw"].as_str().is_some_and(|r| !r.is_empty()));
        assert!(
            before == after,
            "game {id} changed on its way through a download: {}",
            before["raw"]
        );
    }
    assert_eq!(srv.get("/api/games/999/record").status, 404);
    // The game page links its download.
    assert!(srv.get("/games/1").body.contains("/api/games/1/record"));
}

#[test]
fn lists_download_as_records_and_csv() {
    let a = Archive::new();
    let s = a.import(&[demo()]);
    let srv = a.serve();
    // /games as one records file: every game, importing as the same number of games.
    let r = srv.get("/api/games?format=record");
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.content_type.starts_with("text/plain"));
    let fresh = Archive::new();
    let f = fresh.file("games.txt", &r.body);
    let again = fresh.import(&[f]);
    assert_eq!(again.imported, s.imported, "{:?}", again.diagnostics);
    // A filtered list, as CSV: a header and one row per game.
    let r = srv.get("/api/games?kind=wec&format=csv");
    assert!(r.content_type.starts_with("text/csv"));
    let wec = srv.get("/api/games?kind=wec").json()["total"]
        .as_u64()
        .unwrap();
    assert_eq!(r.body.lines().count() as u64, wec + 1, "{}", r.body);
    assert!(
        r.body
            .starts_with("id,kind,title,date,event,result,players,winners")
    );
    // Search and an event.
    let r = srv.get("/api/search?q=kind:wec&format=csv");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body.lines().count() as u64, wec + 1);
    let ev = srv.get("/api/events").json()["events"][0].clone();
    let r = srv.get(&format!("/api/events/{}?format=record", ev["id"]));
    assert_eq!(r.status, 200);
    let fresh = Archive::new();
    let f = fresh.file("event.txt", &r.body);
    assert_eq!(
        fresh.import(&[f]).imported as i64,
        ev["games"].as_i64().unwrap()
    );
    assert_eq!(srv.get("/api/games?format=pdf").status, 400);
    // The pages link their downloads.
    assert!(
        srv.get("/games?kind=wec")
            .body
            .contains("/api/games?kind=wec&#38;format=csv")
    );
    assert!(srv.get("/search?q=kind:wec").body.contains("format=record"));
}
