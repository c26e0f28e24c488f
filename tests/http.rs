//! Pages and API through the real router, on a real database imported from real records.

use crate::support::{Archive, corpus};

fn archive_with_corpus() -> Archive {
    let a = Archive::new();
    let s = a.import(&[corpus()]);
    assert!(s.imported > 0);
    assert_eq!(s.rejected, 0, "{:?}", s.diagnostics);
    a
}

#[test]
fn api_games_lists_and_filters_and_pages() {
    let a = archive_with_corpus();
    let srv = a.serve();
    let all = srv.get("/api/games?limit=200").json();
    let total = all["total"].as_u64().expect("total");
    assert_eq!(all["games"].as_array().map(Vec::len), Some(total as usize));
    let g0 = &all["games"][0];
    for k in ["id", "kind", "title", "date", "event", "result"] {
        assert!(g0.get(k).is_some(), "missing {k}");
    }
    let hotw = srv.get("/api/games?kind=hotw&limit=1").json();
    assert!(
        hotw["games"]
            .as_array()
            .is_some_and(|g| g.len() == 1 && g[0]["kind"] == "hotw")
    );
    let page2 = srv.get("/api/games?limit=1&offset=1").json();
    assert_eq!(page2["games"][0]["id"], all["games"][1]["id"]);
}

#[test]
fn bad_parameters_are_400_with_a_message() {
    let a = archive_with_corpus();
    let srv = a.serve();
    for (path, needle) in [
        ("/api/games?limit=abc", "limit"),
        ("/api/games?limit=0", "limit"),
        ("/api/games?limit=100000", "limit"),
        ("/api/games?offset=-1", "offset"),
        ("/api/games?kind=chess", "kind"),
        ("/api/games?year=19x", "year"),
        ("/api/games/abc", "game id"),
        ("/api/search", "q is required"),
        ("/api/search?q=%22open", "not closed"),
        ("/api/search?q=foo:bar", "unknown field"),
        ("/api/search?q=x&limit=9999", "limit"),
        ("/api/search?q=x&offset=z", "offset"),
    ] {
        let r = srv.get(path);
        assert_eq!(r.status, 400, "{path}: {}", r.body);
        assert!(r.content_type.starts_with("application/json"), "{path}");
        let e = r.json();
        assert!(
            e["error"].as_str().is_some_and(|m| m.contains(needle)),
            "{path}: {}",
            r.body
        );
    }
    let r = srv.get("/api/games/999999");
    assert_eq!(r.status, 404);
    assert_eq!(r.json()["error"], "no game 999999");
    assert_eq!(srv.get("/games/abc").status, 400);
    assert_eq!(srv.get("/games/999999").status, 404);
    assert_eq!(srv.get("/no/such/page").status, 404);
    assert_eq!(srv.get("/search?q=%22open").status, 400);
}

#[test]
fn game_document_matches_the_contract_and_cli_show() {
    let a = archive_with_corpus();
    let srv = a.serve();
    let list = srv.get("/api/games?limit=200").json();
    for g in list["games"].as_array().expect("games") {
        let id = g["id"].as_i64().expect("id");
        let mut doc = srv.get(&format!("/api/games/{id}")).json();
        // the API pages the moves (the CLI prints them all): the paging keys are the API's own
        let total = doc["moves"].as_array().map_or(0, Vec::len);
        assert_eq!(
            doc["moves_total"], total,
            "game {id}: a short game in one page"
        );
        assert_eq!(doc["moves_offset"], 0);
        assert_eq!(doc["moves_limit"], 1000);
        assert!(doc["next"].is_null());
        for k in ["moves_total", "moves_offset", "moves_limit", "next"] {
            doc.as_object_mut().map(|o| o.remove(k));
        }
        // and shows the file relative to the import, never the server's absolute path
        let file = doc["source"]["file"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(
            !file.starts_with('/') && !file.is_empty(),
            "game {id}: {file}"
        );
        for k in [
            "id",
            "kind",
            "title",
            "tags",
            "players",
            "result",
            "diagnostics",
            "raw",
            "moves",
        ] {
            assert!(doc.get(k).is_some(), "game {id}: missing {k}");
        }
        assert!(doc["raw"].as_str().is_some_and(|r| !r.is_empty()));
        let (code, show, _) = a.cli(&["show", &id.to_string()]);
        assert_eq!(code, 0);
        let mut show: serde_json::Value = serde_json::from_str(&show).expect("json");
        assert!(
            show["source"]["file"]
                .as_str()
                .is_some_and(|f| f.ends_with(&file)),
            "game {id}: the CLI shows the path as stored"
        );
        show["source"]["file"] = file.into();
        assert_eq!(show, doc, "game {id}: annals show differs from the API");
    }
}

#[test]
fn pages_render_and_escape_what_records_say() {
    let a = Archive::new();
    let evil = a.file(
        "evil.sanguo",
        "[Game \"Sanguo\"]\n[Title \"<script>alert(1)</script>\"]\n[Event \"<img src=x onerror=alert(2)>\"]\n[魏 \"\\\"><b>bold</b>\"]\n\n1.马6进5，炮12平10，相7进9\n",
    );
    let s = a.import(&[evil, corpus()]);
    assert_eq!(s.rejected, 0);
    let srv = a.serve();
    for path in [
        "/",
        "/games",
        "/games?kind=sanguo",
        "/search",
        "/search?q=script",
    ] {
        let r = srv.get(path);
        assert_eq!(r.status, 200, "{path}");
        assert!(r.content_type.starts_with("text/html"), "{path}");
        assert!(
            !r.body.contains("<script>alert(1)"),
            "{path} does not escape"
        );
        assert!(!r.body.contains("<img src=x"), "{path} does not escape");
    }
    let page = srv.get("/games/1");
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("&#60;script&#62;alert(1)&#60;/script&#62;"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("<b>bold</b>"));
    let h = &page.headers;
    assert!(h.get("content-security-policy").is_some_and(|v| {
        v.to_str()
            .is_ok_and(|v| v.contains("frame-ancestors 'none'"))
    }));
    assert_eq!(
        h.get("x-content-type-options")
            .and_then(|v| v.to_str().ok()),
        Some("nosniff")
    );
}

#[test]
fn game_list_page_filters_and_pages() {
    let a = archive_with_corpus();
    let srv = a.serve();
    let r = srv.get("/games?limit=1");
    assert_eq!(r.status, 200);
    assert!(r.body.contains("rel=\"next\""));
    assert!(r.body.contains("Games 1–1 of"));
    let r = srv.get("/games?kind=hotw&year=1850");
    assert!(r.body.contains("No games match."));
}

#[test]
fn deluge_page_shows_orders_centres_and_the_map_by_year() {
    let a = archive_with_corpus();
    let srv = a.serve();
    let list = srv.get("/api/games?kind=deluge&limit=50").json();
    let games = list["games"].as_array().expect("games");
    assert!(!games.is_empty());
    let mut seen_chart = false;
    for g in games {
        let id = g["id"].as_i64().expect("id");
        let page = srv.get(&format!("/games/{id}"));
        assert_eq!(page.status, 200);
        let doc = srv.get(&format!("/api/games/{id}")).json();
        if doc["centres"].as_array().is_some_and(|c| c.len() >= 2) {
            assert!(page.body.contains("Supply centres by year"), "game {id}");
            seen_chart = true;
        }
        for y in doc["deluge"].as_array().into_iter().flatten() {
            assert!(
                page.body.contains(&format!("Winter {}:", y["year"])),
                "game {id}"
            );
        }
    }
    assert!(seen_chart);
    assert!(
        srv.get("/api/search?q=power:Germany").json()["total"]
            .as_u64()
            .is_some_and(|n| n > 0)
    );
    // survival by power: the corpus's W1908 record leaves Germany the sole survivor
    let st = srv.get("/api/stats/deluge").json();
    let winners = games
        .iter()
        .filter(|g| srv.get(&format!("/api/games/{}", g["id"])).json()["winner"] == "Germany")
        .count() as i64;
    assert!(winners >= 1);
    let germany = st["powers"]
        .as_array()
        .expect("powers")
        .iter()
        .find(|p| p["power"] == "Germany")
        .expect("Germany");
    assert_eq!(germany["wins"].as_i64(), Some(winners));
    assert!(germany["survived"].as_i64() >= Some(winners));
    assert_eq!(srv.get("/stats/deluge").status, 200);
}

/// What a HotW record says after its last turn (final scores, a winner line) is on the game page
/// and in the game's JSON.
#[test]
fn hotw_page_shows_the_final_scores_and_closing_lines_as_written() {
    let a = archive_with_corpus();
    let srv = a.serve();
    let list = srv.get("/api/games?kind=hotw&limit=200").json();
    let games = list["games"].as_array().expect("games");
    let mut found = 0;
    for g in games {
        let id = g["id"].as_i64().expect("id");
        let doc = srv.get(&format!("/api/games/{id}")).json();
        if doc["closing"] != serde_json::json!(["Final scores: A=57, B=40, C=62", "Winner: C"]) {
            continue;
        }
        found += 1;
        assert_eq!(doc["final_scores"][2]["player"], "C");
        assert_eq!(doc["final_scores"][2]["score"], 62);
        let page = srv.get(&format!("/games/{id}"));
        assert_eq!(page.status, 200);
        assert!(
            page.body
                .contains("Final scores as written: A 57, B 40, C 62"),
            "game {id}"
        );
        assert!(page.body.contains("Closing line: Winner: C"), "game {id}");
    }
    assert_eq!(found, 1);
}

/// The import runs and what each could not store, as JSON and as a page: the corpus's pasted
/// records leave their posters' lines (no games) among the problems.
#[test]
fn imports_list_their_counts_and_problems() {
    let a = Archive::new();
    let s = a.import(&[corpus()]);
    let srv = a.serve();
    let j = srv.get("/api/imports").json();
    assert_eq!(j["total"], 1, "{j}");
    let run = &j["imports"][0];
    assert_eq!(run["imported"].as_u64(), Some(s.imported as u64), "{run}");
    assert_eq!(run["rejected"], 0);
    assert!(run["finished_at"].is_string(), "{run}");
    let problems = run["problems"].as_array().expect("problems");
    assert_eq!(run["problem_count"].as_u64(), Some(problems.len() as u64));
    let preambles: Vec<&str> = problems
        .iter()
        .filter(|p| p["code"] == "record.preamble")
        .filter_map(|p| p["file"].as_str())
        .map(|f| f.rsplit('/').next().unwrap_or(f))
        .collect();
    assert_eq!(
        preambles,
        [
            "markdown-post.dip",
            "email-reply.hotw",
            "forum-post.sanguo",
            "blog-post.wec"
        ]
    );
    let page = srv.get("/imports");
    assert_eq!(page.status, 200);
    assert!(
        page.content_type.starts_with("text/html"),
        "{}",
        page.content_type
    );
    for needle in ["Import 1", "record.preamble", "forum-post.sanguo", "周郎"] {
        assert!(page.body.contains(needle), "{needle} not on the page");
    }
    for bad in [
        "/api/imports?limit=0",
        "/api/imports?offset=x",
        "/imports?limit=abc",
    ] {
        assert_eq!(srv.get(bad).status, 400, "{bad}");
    }
}
