//! Small fixes at the edges of the web service: long filters, API 404s, links that lead somewhere,
//! a page past the end of the list, CSV cells spreadsheets read as formulas, private collections.

use std::collections::BTreeSet;

use serde_json::json;

use crate::support::{Archive, Server, corpus};

/// An archive of the Deluge test records.
fn deluge() -> Archive {
    let a = Archive::new();
    assert!(a.import(&[corpus().join("deluge")]).imported > 0);
    a
}

#[test]
fn filters_longer_than_200_characters_are_a_400_naming_the_field() {
    let a = deluge();
    let srv = a.serve();
    let long = "%".repeat(50_000);
    let mut paths = Vec::new();
    for field in ["q", "player", "event", "empire"] {
        paths.push((format!("/api/games?{field}={long}"), field));
        paths.push((format!("/games?{field}={long}"), field));
    }
    paths.push((format!("/api/players?q={long}"), "q"));
    paths.push((format!("/api/players?name={long}"), "name"));
    paths.push((format!("/players?name={long}"), "name"));
    for kind in ["hotw", "sanguo", "wec", "deluge"] {
        paths.push((format!("/api/stats/{kind}?event={long}"), "event"));
        paths.push((format!("/stats/{kind}?event={long}"), "event"));
    }
    paths.push((format!("/api/stats/hotw/empires?event={long}"), "event"));
    paths.push((format!("/api/stats/hotw/cards?event={long}"), "event"));
    paths.push((format!("/api/explorer/hotw?event={long}"), "event"));
    for (path, field) in &paths {
        let r = srv.get(path);
        let short = &path[..path.find('=').unwrap_or(0) + 1];
        assert_eq!(
            r.status,
            400,
            "{short}: {}",
            &r.body[..r.body.len().min(300)]
        );
        let says = format!("{field} is at most 200 characters");
        assert!(r.body.contains(&says), "{short}: {}", r.body);
        if path.starts_with("/api/") {
            assert!(r.content_type.starts_with("application/json"), "{short}");
            assert!(
                r.json()["error"]
                    .as_str()
                    .is_some_and(|e| e.contains(&says))
            );
        }
    }
    // 200 characters are still a filter
    let ok = "x".repeat(200);
    assert_eq!(srv.get(&format!("/api/games?q={ok}")).status, 200);
    assert_eq!(srv.get(&format!("/players?name={ok}")).status, 200);
}

#[test]
fn unknown_api_paths_are_a_json_404_and_unknown_pages_an_html_404() {
    let a = Archive::new();
    let srv = a.serve();
    for path in ["/api/nothing-here", "/api/games/1/nothing", "/api/"] {
        let r = srv.get(path);
        assert_eq!(r.status, 404, "{path}");
        assert!(
            r.content_type.starts_with("application/json"),
            "{path}: {}",
            r.content_type
        );
        let e = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(!e.is_empty() && !e.contains('<'), "{path}: {e}");
    }
    let r = srv.send("POST", "/api/nothing-here", None, Some("{}"), &[]);
    assert_eq!(r.status, 404);
    assert!(r.content_type.starts_with("application/json"));
    let r = srv.get("/nothing-here");
    assert_eq!(r.status, 404);
    assert!(
        r.content_type.starts_with("text/html"),
        "{}",
        r.content_type
    );
    assert!(r.body.contains("There is no such page."));
}

/// The site-internal links of a page (`href="/…"`), unescaped.
fn internal_links(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|h| h.starts_with('/') && !h.starts_with("//"))
        .map(|h| h.replace("&amp;", "&").replace("&#x2F;", "/"))
        .collect()
}

#[test]
fn deluge_pages_have_no_empty_links_and_every_internal_link_answers() {
    let a = deluge();
    let srv = a.serve();
    let list = srv.get("/api/games?kind=deluge&limit=200").json();
    let ids: Vec<i64> = list["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter_map(|g| g["id"].as_i64())
        .collect();
    assert!(!ids.is_empty());
    let mut pages: Vec<String> = ids.iter().map(|id| format!("/games/{id}")).collect();
    pages.push("/stats/deluge".into());
    let mut links = BTreeSet::new();
    for page in &pages {
        let r = srv.get(page);
        assert_eq!(r.status, 200, "{page}");
        assert!(!r.body.contains("href=\"\""), "{page} has an empty link");
        links.extend(internal_links(&r.body));
    }
    assert!(!links.contains("/explorer/deluge"), "no Deluge explorer");
    for link in &links {
        assert_eq!(srv.get(link).status, 200, "{link}");
    }
    // /stats/deluge is reachable from the home page
    let home = srv.get("/");
    assert!(internal_links(&home.body).contains(&"/stats/deluge".to_string()));
}

#[test]
fn a_games_page_past_the_end_says_so_and_links_to_the_first_page() {
    let a = Archive::new();
    a.import(&[corpus()]);
    let srv = a.serve();
    let total = srv.get("/api/games").json()["total"]
        .as_i64()
        .expect("total");
    assert!(total > 0 && total < 500);
    let r = srv.get("/games?offset=500");
    assert_eq!(r.status, 200);
    assert!(
        r.body.contains(&format!(
            "No games on this page; the list has {total} games."
        )),
        "{}",
        r.body
    );
    assert!(r.body.contains("href=\"/games\""), "{}", r.body);
    assert!(!r.body.contains(&format!("of {total}.")), "{}", r.body);
    // a filtered list keeps its filter in the link back
    let r = srv.get("/games?kind=deluge&offset=500");
    assert!(r.body.contains("href=\"/games?kind=deluge\""), "{}", r.body);
    // a page with games still counts them
    let r = srv.get("/games?limit=1");
    assert!(
        r.body.contains(&format!("Games 1–1 of {total}.")),
        "{}",
        r.body
    );
}

fn hotw_game(event: &str, names: [&str; 3]) -> String {
    format!(
        "[Game \"HotW\"]\n[Event \"{event}\"]\n[Date \"2019.04.01\"]\n[Round \"1\"]\n[A \"{}\"]\n[B \"{}\"]\n[C \"{}\"]\n\nEI\nA(Sumer): L.Tig-->Zag 10\n\nB(Egypt): NileDel-->Nub 20\n\nC(IndV): U.Ind-->L.Ind 30\n\n",
        names[0], names[1], names[2]
    )
}

/// No cell of a CSV starts a formula: every cell starting with `=`, `+`, `-` or `@` is a number.
fn assert_no_formula(csv: &str) {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(csv.as_bytes());
    for rec in r.records() {
        for cell in rec.expect("csv").iter() {
            assert!(
                !cell.starts_with(['=', '+', '-', '@']) || cell.parse::<f64>().is_ok(),
                "formula cell {cell:?} in {csv}"
            );
        }
    }
}

#[test]
fn csv_cells_that_look_like_formulas_are_text() {
    let a = Archive::new();
    let f = a.file(
        "t/cup.hotw",
        hotw_game("=Cup", ["=HYPERLINK(\"x\")", "+Plus", "Ann"]),
    );
    assert_eq!(a.import(&[f]).imported, 1);
    let srv = a.serve();
    let events = srv.get("/api/events").json();
    let id = events["events"][0]["id"].as_i64().expect("event id");
    let r = srv.get(&format!("/events/{id}/standings.csv"));
    assert_eq!(r.status, 200);
    assert!(r.content_type.starts_with("text/csv"));
    assert_no_formula(&r.body);
    assert!(r.body.contains("'=HYPERLINK(\"\"x\"\")"), "{}", r.body);
    assert!(r.body.contains("'+Plus"), "{}", r.body);
    for table in ["empires", "cards", "openings"] {
        let r = srv.get(&format!("/stats/hotw/{table}.csv"));
        assert_eq!(r.status, 200, "{table}");
        assert_no_formula(&r.body);
    }
    // a collection's notes and section titles
    let c = crate::collections::setup();
    let srv = c.a.serve();
    let id = crate::collections::create(&srv, &c.admin_a, true);
    let r = srv.json(
        "POST",
        &format!("/api/collections/{id}/items"),
        Some(&c.admin_a),
        &json!({"game": 1, "note": "=HYPERLINK(\"x\")"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let r = srv.get(&format!("/api/collections/{id}/export.csv"));
    assert_eq!(r.status, 200);
    assert_no_formula(&r.body);
    assert!(r.body.contains("'=HYPERLINK("), "{}", r.body);
}

fn status(srv: &Server, method: &str, path: &str, token: &str) -> u16 {
    match method {
        "PATCH" => {
            srv.json(method, path, Some(token), &json!({"name": "Mine now"}))
                .status
        }
        _ => srv.send(method, path, Some(token), None, &[]).status,
    }
}

#[test]
fn a_private_collection_is_404_to_another_club_for_reads_and_writes() {
    let c = crate::collections::setup();
    let srv = c.a.serve();
    let private = crate::collections::create(&srv, &c.admin_a, false);
    let public = crate::collections::create(&srv, &c.admin_a, true);
    let path = format!("/api/collections/{private}");
    for method in ["GET", "PATCH", "DELETE"] {
        assert_eq!(status(&srv, method, &path, &c.admin_b), 404, "{method}");
    }
    let r = srv.json(
        "POST",
        &format!("{path}/items"),
        Some(&c.admin_b),
        &json!({"game": 1}),
    );
    assert_eq!(r.status, 404, "{}", r.body);
    assert!(!r.body.contains("another club"), "{}", r.body);
    // a public one is visible, so changing it is forbidden rather than unknown
    let path = format!("/api/collections/{public}");
    assert_eq!(status(&srv, "GET", &path, &c.admin_b), 200);
    assert_eq!(status(&srv, "PATCH", &path, &c.admin_b), 403);
    assert_eq!(status(&srv, "DELETE", &path, &c.admin_b), 403);
    // the owner still may
    let path = format!("/api/collections/{private}");
    assert_eq!(status(&srv, "PATCH", &path, &c.admin_a), 200);
    assert_eq!(status(&srv, "GET", &path, &c.admin_a), 200);
    assert_eq!(status(&srv, "DELETE", &path, &c.admin_a), 204);
}

#[test]
fn scripts_come_from_static_files_and_the_policy_allows_no_inline_script() {
    let a = deluge();
    let srv = a.serve();
    let js = srv.get("/static/keys.js");
    assert_eq!(js.status, 200);
    assert!(js.content_type.starts_with("text/javascript"));
    assert!(js.body.contains("addEventListener('keydown'"));
    assert_eq!(srv.get("/static/nothing.js").status, 404);
    assert_eq!(srv.get("/static/..%2Fschema.sql").status, 404);
    let page = srv.get("/games/1");
    assert_eq!(page.status, 200);
    assert!(!page.body.contains("<script>"), "an inline script is left");
    let csp = page.headers["content-security-policy"]
        .to_str()
        .unwrap_or("");
    assert!(csp.contains("script-src 'self';"), "{csp}");
}
