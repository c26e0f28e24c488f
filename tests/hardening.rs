//! Who may write what the clubs share, and how a write must come: curators for events and
//! players, the session cookie's CSRF token and Origin on API writes, the Content-Type of each
//! write, and logins held back without locking a member out.

use serde_json::json;

use crate::collections::setup;
use crate::support::{Archive, Server};

/// Two sanguo games of one event with three players.
const EVENT_GAMES: &str = "[Game \"Sanguo\"]\n[Event \"Shared Cup\"]\n[Date \"2018.05.01\"]\n[Round \"1\"]\n[Title \"魏胜\"]\n[吴 \"Chen Jie\"]\n[魏 \"Zhao Yun\"]\n[蜀 \"Ma Chao\"]\n\n1.马6进5，炮12平10，相7进9\n\n[Game \"Sanguo\"]\n[Event \"Shared Cup\"]\n[Date \"2018.05.02\"]\n[Round \"2\"]\n[Title \"和棋局\"]\n[吴 \"Chen Jie\"]\n[魏 \"Zhao Yun\"]\n[蜀 \"Ma Chao\"]\n\n1.马6进5，炮12平10，马5退6\n\n";

fn token_of(out: &str) -> String {
    out.lines().last().expect("token line").trim().to_string()
}

/// A web session of a new member `name` (password "correct horse") of the admin's club:
/// (the `Cookie` header value, the session's CSRF token).
pub(crate) fn web_session(srv: &Server, admin: &str, club: &str, name: &str) -> (String, String) {
    let r = srv.json(
        "POST",
        "/api/members",
        Some(admin),
        &json!({"name": name, "role": "editor", "password": "correct horse"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let form = srv.get("/login");
    let nonce = form
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|c| c.split(';').next())
        .expect("csrf cookie")
        .to_string();
    let field = form
        .body
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("form token")
        .to_string();
    let r = srv.send(
        "POST",
        "/login",
        None,
        Some(&format!(
            "csrf={field}&club={club}&name={name}&password=correct+horse"
        )),
        &[
            ("content-type", "application/x-www-form-urlencoded"),
            ("cookie", &nonce),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let sess = r
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|c| c.split(';').next())
        .expect("session cookie")
        .to_string();
    let page = srv.send("GET", "/collections", None, None, &[("cookie", &sess)]);
    let csrf = page
        .body
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("session csrf")
        .to_string();
    (sess, csrf)
}

#[test]
fn only_curators_edit_events_and_players_and_the_archive_log_shows_it() {
    let a = Archive::new();
    assert_eq!(a.import(&[a.file("cup.sanguo", EVENT_GAMES)]).imported, 2);
    let srv = a.serve();
    let (code, out, err) = a.cli(&["club", "add", "Lions"]);
    assert_eq!(code, 0, "{err}");
    let club_admin = token_of(&out);
    let (code, out, err) = a.cli(&["curator", "add", "Keeper"]);
    assert_eq!(code, 0, "{err}");
    let curator = token_of(&out);
    assert_eq!(curator.len(), 64);
    let events = srv.get("/api/events").json();
    let event = events["events"][0]["id"].as_i64().expect("event id");
    let players = srv.get("/api/players").json();
    let ids: Vec<i64> = players["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["id"].as_i64().expect("id"))
        .collect();
    assert!(ids.len() >= 3, "{players}");
    let games: Vec<i64> = srv.get(&format!("/api/players/{}", ids[0])).json()["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["id"].as_i64().expect("id"))
        .collect();
    let writes = [
        (
            "PATCH",
            format!("/api/events/{event}"),
            json!({"organiser": "x"}),
        ),
        (
            "POST",
            format!("/api/events/{event}/aliases"),
            json!({"alias": "The Shared Cup"}),
        ),
        (
            "POST",
            "/api/events/merge".into(),
            json!({"into": event, "from": event + 1000}),
        ),
        (
            "POST",
            format!("/api/players/{}/aliases", ids[0]),
            json!({"alias": "C. Jie"}),
        ),
        (
            "POST",
            "/api/players/merge".into(),
            json!({"into": ids[1], "from": ids[2]}),
        ),
        (
            "POST",
            format!("/api/players/{}/split", ids[0]),
            json!({"name": "Chen Jie (2)", "games": [games[0]]}),
        ),
    ];
    for (m, p, b) in &writes {
        let r = srv.json(m, p, Some(&club_admin), b);
        assert_eq!(r.status, 403, "{m} {p}: {}", r.body);
        assert!(r.body.contains("curator"), "{}", r.body);
    }
    // nothing changed
    assert!(srv.get(&format!("/api/events/{event}")).json()["organiser"].is_null());
    // a curator: every write goes through (the event merge names a missing event: 404)
    let want = [200, 204, 404, 204, 204, 201];
    for ((m, p, b), want) in writes.iter().zip(want) {
        let r = srv.json(m, p, Some(&curator), b);
        assert_eq!(r.status, want, "{m} {p}: {}", r.body);
    }
    assert_eq!(
        srv.get(&format!("/api/events/{event}")).json()["organiser"],
        "x"
    );
    // the archive's log has them all; the club's log has none; a club admin cannot read it
    let log = srv
        .send("GET", "/api/audit?scope=archive", Some(&curator), None, &[])
        .json();
    let actions: Vec<&str> = log["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["action"].as_str())
        .collect();
    for a in [
        "event.update",
        "event.alias",
        "player.alias",
        "player.merge",
        "player.split",
        "curator.add",
    ] {
        assert!(actions.contains(&a), "{a} in {actions:?}");
    }
    assert!(
        log["entries"][0]["actor"]
            .as_str()
            .unwrap()
            .starts_with("Keeper@")
    );
    let r = srv.send(
        "GET",
        "/api/audit?scope=archive",
        Some(&club_admin),
        None,
        &[],
    );
    assert_eq!(r.status, 403);
    let club_log = srv
        .send("GET", "/api/audit", Some(&club_admin), None, &[])
        .json();
    assert!(!club_log.to_string().contains("event.update"), "{club_log}");
    assert_eq!(
        srv.send("GET", "/api/audit?scope=all", Some(&curator), None, &[])
            .status,
        400
    );
}

#[test]
fn curator_fields_are_bounded_and_printable() {
    let a = Archive::new();
    assert_eq!(a.import(&[a.file("cup.sanguo", EVENT_GAMES)]).imported, 2);
    let srv = a.serve();
    let curator = token_of(&a.cli(&["curator", "add", "Keeper"]).1);
    let event = srv.get("/api/events").json()["events"][0]["id"]
        .as_i64()
        .expect("event");
    let player = srv.get("/api/players").json()["players"][0]["id"]
        .as_i64()
        .expect("player");
    let long = "x".repeat(201);
    let bad = [
        (format!("/api/events/{event}"), json!({"name": ""}), "PATCH"),
        (
            format!("/api/events/{event}"),
            json!({"name": "a\u{0}b"}),
            "PATCH",
        ),
        (
            format!("/api/events/{event}"),
            json!({"name": long}),
            "PATCH",
        ),
        (
            format!("/api/events/{event}"),
            json!({"site": "x".repeat(501)}),
            "PATCH",
        ),
        (
            format!("/api/events/{event}"),
            json!({"organiser": "line\nbreak"}),
            "PATCH",
        ),
        (
            format!("/api/events/{event}/aliases"),
            json!({"alias": long}),
            "POST",
        ),
        (
            format!("/api/players/{player}/aliases"),
            json!({"alias": "\u{7}bell"}),
            "POST",
        ),
        (
            format!("/api/players/{player}/split"),
            json!({"name": long, "games": [1]}),
            "POST",
        ),
    ];
    for (p, b, m) in &bad {
        let r = srv.json(m, p, Some(&curator), b);
        assert_eq!(r.status, 400, "{m} {p} {b}: {}", r.body);
    }
    let name = srv.get(&format!("/api/events/{event}")).json()["name"].clone();
    assert_eq!(name, "Shared Cup");
    let ok = srv.json(
        "PATCH",
        &format!("/api/events/{event}"),
        Some(&curator),
        &json!({"site": "x".repeat(500), "name": "y".repeat(200)}),
    );
    assert_eq!(ok.status, 200, "{}", ok.body);
}

#[test]
fn cookie_writes_need_the_csrf_header_and_this_sites_origin() {
    let c = setup();
    let srv = c.a.serve();
    let (sess, csrf) = web_session(&srv, &c.admin_a, "Lions", "Lin");
    let body = json!({"name": "From the API", "description": "", "public": false}).to_string();
    let post = |headers: &[(&str, &str)]| {
        let mut h = vec![("cookie", sess.as_str())];
        h.extend_from_slice(headers);
        srv.send("POST", "/api/collections", None, Some(&body), &h)
    };
    let host = srv.addr.to_string();
    let own = format!("http://{host}");
    let json_t = ("content-type", "application/json");
    // no CSRF header: 403, whatever the Origin
    assert_eq!(post(&[json_t]).status, 403);
    assert_eq!(post(&[json_t, ("origin", &own)]).status, 403);
    // a wrong token
    assert_eq!(post(&[json_t, ("x-csrf-token", "0000")]).status, 403);
    // the right token from a foreign Origin (or an opaque one)
    for o in ["http://evil.example", "null", "https://127.0.0.1:1"] {
        let r = post(&[json_t, ("x-csrf-token", &csrf), ("origin", o)]);
        assert_eq!(r.status, 403, "{o}: {}", r.body);
        assert!(r.content_type.starts_with("application/json"));
    }
    // the probe: text/plain from a foreign Origin with the cookie
    let r = post(&[
        ("content-type", "text/plain"),
        ("origin", "http://evil.example"),
    ]);
    assert_eq!(r.status, 403, "{}", r.body);
    // right token, same Origin, or no Origin at all: 201
    let r = post(&[json_t, ("x-csrf-token", &csrf), ("origin", &own)]);
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_i64().expect("id");
    let r = post(&[json_t, ("x-csrf-token", &csrf)]);
    assert_eq!(r.status, 201, "{}", r.body);
    // a private collection does not turn public by a forged PATCH
    let patch = json!({"public": true}).to_string();
    let r = srv.send(
        "PATCH",
        &format!("/api/collections/{id}"),
        None,
        Some(&patch),
        &[("cookie", &sess), json_t, ("origin", "http://evil.example")],
    );
    assert_eq!(r.status, 403);
    let r = srv.send(
        "PATCH",
        &format!("/api/collections/{id}"),
        None,
        Some(&patch),
        &[("cookie", &sess), json_t],
    );
    assert_eq!(r.status, 403);
    let r = srv.send(
        "DELETE",
        &format!("/api/collections/{id}"),
        None,
        None,
        &[("cookie", &sess)],
    );
    assert_eq!(r.status, 403);
    let got = srv.send(
        "GET",
        &format!("/api/collections/{id}"),
        None,
        None,
        &[("cookie", &sess)],
    );
    assert_eq!(got.status, 200, "reads need no token");
    assert_eq!(got.json()["public"], false);
    // bearer tokens are as before, whatever the Origin
    let r = srv.send(
        "POST",
        "/api/collections",
        Some(&c.admin_a),
        Some(&body),
        &[json_t, ("origin", "http://elsewhere.example")],
    );
    assert_eq!(r.status, 201, "{}", r.body);
}

#[test]
fn writes_take_only_their_content_types() {
    let c = setup();
    let srv = c.a.serve();
    let body = json!({"name": "T", "description": "", "public": false}).to_string();
    for t in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
    ] {
        let h: Vec<(&str, &str)> = t.map(|t| ("content-type", t)).into_iter().collect();
        let r = srv.send(
            "POST",
            "/api/collections",
            Some(&c.admin_a),
            Some(&body),
            &h,
        );
        assert_eq!(r.status, 415, "{t:?}: {}", r.body);
        assert!(
            r.json()["error"]
                .as_str()
                .unwrap()
                .contains("application/json")
        );
    }
    let r = srv.send(
        "POST",
        "/api/collections",
        Some(&c.admin_a),
        Some(&body),
        &[("content-type", "application/json; charset=utf-8")],
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_i64().expect("id");
    // a records upload takes text (or no type); JSON is not a records file
    let records = "[Game \"Sanguo\"]\n[Title \"x\"]\n\n1.马6进5，炮12平10，相7进9\n";
    let path = format!("/api/collections/{id}/import");
    for (t, want) in [
        (Some("text/plain; charset=utf-8"), 200),
        (Some("application/octet-stream"), 200),
        (None, 200),
        (Some("application/json"), 415),
        (Some("text/html"), 415),
    ] {
        let h: Vec<(&str, &str)> = t.map(|t| ("content-type", t)).into_iter().collect();
        let r = srv.send("POST", &path, Some(&c.admin_a), Some(records), &h);
        assert_eq!(r.status, want, "{t:?}: {}", r.body);
    }
    // a write without a body needs no type
    let r = srv.send(
        "DELETE",
        &format!("/api/collections/{id}"),
        Some(&c.admin_a),
        None,
        &[],
    );
    assert_eq!(r.status, 204, "{}", r.body);
    // the table the other text routes share
    use annals::web::guard::accepted_types;
    use axum::http::Method;
    assert_eq!(
        accepted_types(&Method::POST, "/api/collections/7/import"),
        annals::web::guard::RECORD_TYPES
    );
    assert_eq!(
        accepted_types(&Method::PUT, "/api/games/12"),
        annals::web::guard::RECORD_TYPES
    );
    assert_eq!(
        accepted_types(&Method::POST, "/api/collections"),
        annals::web::guard::JSON_TYPES
    );
}

#[test]
fn failed_logins_slow_the_name_but_never_lock_the_member_out() {
    let c = setup();
    let srv = c.a.serve();
    let (_sess, _) = web_session(&srv, &c.admin_a, "Lions", "Mei");
    let form = srv.get("/login");
    let nonce = form
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|c| c.split(';').next())
        .expect("cookie")
        .to_string();
    let field = form
        .body
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("token")
        .to_string();
    let post = |name: &str, pw: &str| {
        srv.send(
            "POST",
            "/login",
            None,
            Some(&format!(
                "csrf={field}&club=Lions&name={name}&password={pw}"
            )),
            &[
                ("content-type", "application/x-www-form-urlencoded"),
                ("cookie", &nonce),
            ],
        )
    };
    for _ in 0..4 {
        assert_eq!(post("Mei", "wrong").status, 401);
    }
    // guesses under names nobody has leave no rows
    for i in 0..5 {
        assert_eq!(post(&format!("ghost{i}"), "wrong").status, 401);
    }
    let conn = annals::store::connection::open(&c.a.db()).expect("db");
    let rows: i64 = conn
        .query_row("SELECT count(*) FROM login_failures", [], |r| r.get(0))
        .expect("count");
    assert_eq!(rows, 1);
    assert_eq!(
        annals::auth::login_wait(&conn, "Lions/Mei").expect("wait"),
        2,
        "four failures: the name waits 2 s"
    );
    // the right password still opens a session, and clears the name's failures
    assert_eq!(post("Mei", "correct+horse").status, 303);
    assert_eq!(
        annals::auth::login_wait(&conn, "Lions/Mei").expect("wait"),
        0
    );
}

#[test]
fn an_address_that_fails_too_often_is_refused_without_a_password_check() {
    let limiter = annals::login_limit::Limiter::default();
    for _ in 0..annals::login_limit::ADDR_FREE {
        assert!(limiter.address_delay("10.0.0.1").expect("ok").is_zero());
        limiter.failed("10.0.0.1");
    }
    limiter.failed("10.0.0.1");
    assert_eq!(
        limiter.address_delay("10.0.0.1").expect("slowed").as_secs(),
        2
    );
    for _ in 0..annals::login_limit::ADDR_LIMIT {
        limiter.failed("10.0.0.1");
    }
    let e = limiter.address_delay("10.0.0.1").expect_err("refused");
    assert_eq!(e.status().as_u16(), 429);
    // another address is not touched
    assert!(limiter.address_delay("10.0.0.2").expect("ok").is_zero());
    // the map stays bounded
    for i in 0..(annals::login_limit::MAX_ADDRESSES + 10) {
        limiter.failed(&format!("192.168.{}.{}", i / 256, i % 256));
    }
    assert!(limiter.addresses() <= annals::login_limit::MAX_ADDRESSES);
}

#[test]
fn the_api_shows_no_server_path_refuses_an_empty_kind_and_declares_its_security() {
    let a = Archive::new();
    let file = a.file("some/where/cup.sanguo", EVENT_GAMES);
    let bad = a.file("some/where/bad.wec", "[Game \"WEC\"]\n\n");
    assert!(file.is_absolute());
    a.import(&[file, bad]);
    let srv = a.serve();
    let doc = srv.get("/api/games/1").json();
    assert_eq!(doc["source"]["file"], "cup.sanguo", "{}", doc["source"]);
    let runs = srv.get("/api/imports").body;
    let tmp = a.dir.path().to_string_lossy().to_string();
    assert!(!runs.contains(&tmp), "{runs}");
    assert!(!srv.get("/games/1").body.contains(&tmp));
    // kind= with nothing: a 400 on the API, every kind on the pages (their forms send it)
    for p in [
        "/api/games?kind=",
        "/api/search?q=x&kind=",
        "/api/stats/hotw?kind=",
    ] {
        let r = srv.get(p);
        assert_eq!(r.status, 400, "{p}");
        assert!(
            r.json()["error"]
                .as_str()
                .unwrap()
                .contains("kind is empty")
        );
    }
    assert_eq!(srv.get("/games?kind=").status, 200);
    // a number with no fraction is the integer it equals (as JSON Schema reads `integer`); a
    // fraction is refused
    let (_, out, _) = a.cli(&["club", "add", "Lions"]);
    let admin = token_of(&out);
    let r = srv.json("POST", "/api/tokens", Some(&admin), &json!({"member": 1.0}));
    assert_eq!(r.status, 201, "{}", r.body);
    let r = srv.json("POST", "/api/tokens", Some(&admin), &json!({"member": 1.5}));
    assert_eq!(r.status, 400, "{}", r.body);
    // the OpenAPI document: schemes, and a security list on every operation
    let api = srv.get("/api/openapi.json").json();
    let schemes = &api["components"]["securitySchemes"];
    assert_eq!(schemes["cookie"]["in"], "cookie");
    assert_eq!(schemes["csrf"]["name"], "X-CSRF-Token");
    for (path, item) in api["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let sec = op["security"]
                .as_array()
                .unwrap_or_else(|| panic!("{method} {path}"));
            if method != "get" && path != "/api/preview" {
                assert_eq!(
                    sec,
                    &vec![json!({"bearer": []}), json!({"cookie": [], "csrf": []})]
                );
            }
        }
    }
    assert_eq!(api["paths"]["/api/games"]["get"]["security"], json!([]));
    // A preview stores nothing: anyone may ask for one.
    assert_eq!(api["paths"]["/api/preview"]["post"]["security"], json!([]));
}

#[test]
fn games_imported_into_a_private_collection_stay_the_clubs_until_published() {
    let c = setup();
    let srv = c.a.serve();
    let before = srv.get("/api/games").json()["total"]
        .as_i64()
        .expect("total");
    let coll = crate::collections::create(&srv, &c.admin_a, false);
    let records = "[Game \"Sanguo\"]\n[Event \"Secret Cup\"]\n[Title \"Hidden opening\"]\n\n1.马6进5，炮12平10，相7进9\n";
    let r = srv.send(
        "POST",
        &format!("/api/collections/{coll}/import"),
        Some(&c.admin_a),
        Some(records),
        &[("content-type", "text/plain")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["imported"], 1);
    let game = srv
        .send(
            "GET",
            &format!("/api/collections/{coll}"),
            Some(&c.admin_a),
            None,
            &[],
        )
        .json()["items"][0]["game"]
        .as_i64()
        .expect("game id");
    // not in the lists nor the search, for anyone
    assert_eq!(srv.get("/api/games").json()["total"], before);
    assert!(!srv.get("/games").body.contains("Hidden opening"));
    assert_eq!(srv.get("/api/search?q=secret").json()["total"], 0);
    assert!(!srv.get("/search?q=secret").body.contains("Hidden opening"));
    // by id: 404 to the public and another club, 200 to its club
    assert_eq!(srv.get(&format!("/api/games/{game}")).status, 404);
    assert_eq!(srv.get(&format!("/games/{game}")).status, 404);
    let other = srv.send(
        "GET",
        &format!("/api/games/{game}"),
        Some(&c.admin_b),
        None,
        &[],
    );
    assert_eq!(other.status, 404);
    let own = srv.send(
        "GET",
        &format!("/api/games/{game}"),
        Some(&c.admin_a),
        None,
        &[],
    );
    assert_eq!(own.status, 200);
    // another club cannot publish it; its club can
    let r = srv.send(
        "POST",
        &format!("/api/collections/{coll}/publish"),
        Some(&c.admin_b),
        None,
        &[],
    );
    assert_eq!(r.status, 404);
    let r = srv.send(
        "POST",
        &format!("/api/collections/{coll}/publish"),
        Some(&c.admin_a),
        None,
        &[],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["published"], 1);
    assert_eq!(srv.get("/api/games").json()["total"], before + 1);
    assert_eq!(srv.get(&format!("/api/games/{game}")).status, 200);
    // a public collection's imports are public at once
    let open = crate::collections::create(&srv, &c.admin_a, true);
    let more = records.replace("Hidden opening", "Open opening");
    let r = srv.send(
        "POST",
        &format!("/api/collections/{open}/import"),
        Some(&c.admin_a),
        Some(&more),
        &[("content-type", "text/plain")],
    );
    assert_eq!(r.status, 200);
    assert_eq!(srv.get("/api/games").json()["total"], before + 2);
}

#[test]
fn behind_a_trusted_proxy_the_login_limit_counts_the_forwarded_client() {
    use annals::web::login_guard::client_address;
    let ip = |s: &str| s.parse::<std::net::IpAddr>().unwrap();
    let proxy = Some(ip("127.0.0.1"));
    // The proxy's connection: the client it appended last.
    assert_eq!(
        client_address(Some(ip("127.0.0.1")), Some("6.6.6.6, 10.0.0.7"), proxy),
        Some(ip("10.0.0.7"))
    );
    assert_eq!(
        client_address(Some(ip("127.0.0.1")), Some(" 2001:db8::1 "), proxy),
        Some(ip("2001:db8::1"))
    );
    // Without a readable header, the proxy itself.
    assert_eq!(
        client_address(Some(ip("127.0.0.1")), Some("garbage"), proxy),
        Some(ip("127.0.0.1"))
    );
    assert_eq!(
        client_address(Some(ip("127.0.0.1")), None, proxy),
        Some(ip("127.0.0.1"))
    );
    // Any other connection is its own client, whatever it claims.
    assert_eq!(
        client_address(Some(ip("10.0.0.9")), Some("10.0.0.7"), proxy),
        Some(ip("10.0.0.9"))
    );
    // No proxy configured: the header is never read.
    assert_eq!(
        client_address(Some(ip("127.0.0.1")), Some("10.0.0.7"), None),
        Some(ip("127.0.0.1"))
    );
}
