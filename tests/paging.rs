//! Every list pages with a right total: players (no cap), events (with their kinds and a filter),
//! the explorer's games, collections; the API says `total` for each.

use crate::support::{Archive, Server};

/// `n` WEC games with two players each, none shared: `2n` players, in one event per 10 games.
pub fn many_players(a: &Archive, n: usize) {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!(
            "[Game \"WEC\"]\n[Event \"Ladder {:03}\"]\n[Date \"2020.01.{:02}\"]\n[White \"White Player {i:04}\"]\n[Black \"Black Player {i:04}\"]\n[Result \"{}\"]\n\nMV:JE(1,7)->^(1,7)\n\n",
            i / 10,
            i % 28 + 1,
            if i % 2 == 0 { "White wins" } else { "Black wins" }
        ));
    }
    let f = a.file("many.wec", s);
    let r = a.import(&[f]);
    assert_eq!(r.imported, n, "{:?}", r.diagnostics.first());
}

/// Follows the `rel="next"` links from `path`, gathering every `href` starting with `prefix`:
/// (the hrefs in order, the pages read).
pub fn walk(srv: &Server, path: &str, prefix: &str) -> (Vec<String>, Vec<String>) {
    let mut hrefs = Vec::new();
    let mut pages = Vec::new();
    let mut next = Some(path.to_string());
    while let Some(p) = next.take() {
        let r = srv.get(&p);
        assert_eq!(r.status, 200, "{p}: {}", r.body);
        for part in r.body.split(&format!("href=\"{prefix}")).skip(1) {
            let id = part.split('"').next().unwrap_or_default();
            hrefs.push(format!("{prefix}{id}"));
        }
        next = r
            .body
            .split("\" rel=\"next\"")
            .next()
            .filter(|_| r.body.contains("rel=\"next\""))
            .and_then(|s| s.rsplit("href=\"").next())
            .map(|h| {
                let h = h.replace("&amp;", "&").replace("&#38;", "&");
                if h.starts_with('?') {
                    format!("{}{h}", p.split('?').next().unwrap_or_default())
                } else {
                    h
                }
            });
        pages.push(r.body);
        assert!(pages.len() < 100, "the pages do not end");
    }
    (hrefs, pages)
}

#[test]
fn six_hundred_players_page_through_all() {
    let a = Archive::new();
    many_players(&a, 300);
    let srv = a.serve();
    let api = srv.get("/api/players?limit=200&offset=500").json();
    assert_eq!(api["total"], 600);
    assert_eq!(api["players"].as_array().unwrap().len(), 100);
    let (hrefs, pages) = walk(&srv, "/players", "/players/");
    let unique: std::collections::BTreeSet<&String> = hrefs.iter().collect();
    assert_eq!(unique.len(), 600, "every player is reached");
    assert_eq!(pages.len(), 6, "100 a page");
    assert!(pages[0].contains("1–100 of 600"), "{}", pages[0]);
    assert!(pages[5].contains("501–600 of 600"));
    assert!(pages[5].contains("rel=\"prev\""));
    // A filter keeps to its names, with its own total.
    let f = srv.get("/players?name=White+Player+00");
    assert!(f.body.contains("of 100."), "{}", f.body);
    // Past the end: said, with a link to the first page.
    let past = srv.get("/players?offset=5000");
    assert!(past.body.contains("Nothing on this page"), "{}", past.body);
}

#[test]
fn events_page_with_their_kinds_and_a_filter() {
    let a = Archive::new();
    many_players(&a, 300);
    a.import(&[crate::support::demo()]);
    let srv = a.serve();
    let all = srv.get("/api/events?limit=5").json();
    let total = all["total"].as_i64().unwrap();
    assert!(total >= 30, "{all}");
    assert_eq!(all["events"].as_array().unwrap().len(), 5);
    let wec = srv.get("/api/events?kind=wec").json();
    assert!(wec["events"].as_array().unwrap().iter().all(|e| {
        e["kinds"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("wec"))
    }));
    let hotw = srv.get("/api/events?kind=hotw").json();
    assert!(hotw["total"].as_i64().unwrap() < total);
    let (hrefs, pages) = walk(&srv, "/events?limit=10", "/events/");
    let unique: std::collections::BTreeSet<&String> = hrefs.iter().collect();
    assert_eq!(unique.len() as i64, total);
    assert!(
        pages[0].contains(&format!("1–10 of {total}")),
        "{}",
        pages[0]
    );
    assert!(pages[0].contains("<th>Kind</th>"));
    let named = srv.get("/events?q=Ladder+01");
    assert!(named.body.contains("1–10 of 10"), "{}", named.body);
}

#[test]
fn the_explorer_pages_through_the_games_of_a_position() {
    let a = Archive::new();
    many_players(&a, 45);
    let srv = a.serve();
    let root = srv.get("/explorer/wec").body;
    let mv = root
        .split("href=\"/explorer/wec?move=")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .map(|m| {
            format!(
                "/explorer/wec?move={}",
                m.replace("&amp;", "&").replace("&#38;", "&")
            )
        })
        .expect("a first move");
    let mv = mv.as_str();
    let first = srv.get(mv);
    assert_eq!(first.status, 200);
    assert!(first.body.contains("1–20 of 45"), "{}", first.body);
    let (hrefs, _) = walk(&srv, mv, "/games/");
    let unique: std::collections::BTreeSet<&String> = hrefs.iter().collect();
    assert_eq!(unique.len(), 45);
    let api = srv
        .get(&format!("/api/{}&limit=10&offset=40", &mv[1..]))
        .json();
    assert_eq!(api["sample_total"], 45);
    assert_eq!(api["sample"].as_array().unwrap().len(), 5);
}
