//! Collections: every permission rule, escaping, export and re-import.

use serde_json::json;

use crate::support::{Archive, Server};

const GAMES: &str = "[Game \"Sanguo\"]\n[Title \"魏杀汉·魏胜\"]\n\n1.马6进5，炮12平10，相7进9\n\n[Game \"Sanguo\"]\n[Title \"和棋局\"]\n\n1.马6进5，炮12平10，马5退6\n";

pub(crate) struct Clubs {
    pub(crate) a: Archive,
    pub(crate) admin_a: String,
    pub(crate) admin_b: String,
}

pub(crate) fn setup() -> Clubs {
    let a = Archive::new();
    let f = a.file("g.sanguo", GAMES);
    assert_eq!(a.import(&[f]).imported, 2);
    let token = |name: &str| {
        let (code, out, err) = a.cli(&["club", "add", name]);
        assert_eq!(code, 0, "{err}");
        out.lines().last().expect("token line").trim().to_string()
    };
    let admin_a = token("Lions");
    let admin_b = token("Tigers");
    assert_eq!(admin_a.len(), 64);
    Clubs {
        a,
        admin_a,
        admin_b,
    }
}

pub(crate) fn create(srv: &Server, token: &str, public: bool) -> i64 {
    let r = srv.json(
        "POST",
        "/api/collections",
        Some(token),
        &json!({"name": "Openings", "description": "d", "public": public}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()["id"].as_i64().expect("id")
}

/// A token for a new member of the admin's club with `role`.
fn member(srv: &Server, admin: &str, name: &str, role: &str) -> String {
    let r = srv.json(
        "POST",
        "/api/members",
        Some(admin),
        &json!({"name": name, "role": role, "password": "correct horse"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_i64().expect("member id");
    let r = srv.json(
        "POST",
        "/api/tokens",
        Some(admin),
        &json!({"member": id, "label": "t"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()["token"].as_str().expect("token").to_string()
}

#[test]
fn writes_without_a_token_are_401() {
    let c = setup();
    let srv = c.a.serve();
    let id = create(&srv, &c.admin_a, true);
    assert_eq!(
        srv.json("POST", "/api/collections", None, &json!({"name": "x"}))
            .status,
        401
    );
    assert_eq!(
        srv.json(
            "POST",
            &format!("/api/collections/{id}/items"),
            None,
            &json!({"game": 1})
        )
        .status,
        401
    );
    assert_eq!(
        srv.send(
            "DELETE",
            &format!("/api/collections/{id}/items/1"),
            None,
            None,
            &[]
        )
        .status,
        401
    );
    assert_eq!(
        srv.json(
            "PATCH",
            &format!("/api/collections/{id}"),
            None,
            &json!({"name": "y"})
        )
        .status,
        401
    );
    assert_eq!(
        srv.send("DELETE", &format!("/api/collections/{id}"), None, None, &[])
            .status,
        401
    );
    let r = srv.json(
        "POST",
        "/api/collections",
        Some("not-a-token"),
        &json!({"name": "x"}),
    );
    assert_eq!(r.status, 401);
    assert!(
        r.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("unknown or revoked"))
    );
}

#[test]
fn another_clubs_token_is_403() {
    let c = setup();
    let srv = c.a.serve();
    let id = create(&srv, &c.admin_a, true);
    let r = srv.json(
        "POST",
        &format!("/api/collections/{id}/items"),
        Some(&c.admin_b),
        &json!({"game": 1, "note": "x"}),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(
        srv.send(
            "DELETE",
            &format!("/api/collections/{id}/items/1"),
            Some(&c.admin_b),
            None,
            &[]
        )
        .status,
        403
    );
    assert_eq!(
        srv.json(
            "PATCH",
            &format!("/api/collections/{id}"),
            Some(&c.admin_b),
            &json!({"public": false})
        )
        .status,
        403
    );
    assert_eq!(
        srv.send(
            "DELETE",
            &format!("/api/collections/{id}"),
            Some(&c.admin_b),
            None,
            &[]
        )
        .status,
        403
    );
    // the owner may
    let r = srv.json(
        "POST",
        &format!("/api/collections/{id}/items"),
        Some(&c.admin_a),
        &json!({"game": 1, "note": "x"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
}

#[test]
fn a_private_collection_is_404_to_outsiders() {
    let c = setup();
    let srv = c.a.serve();
    let id = create(&srv, &c.admin_a, false);
    let path = format!("/api/collections/{id}");
    assert_eq!(srv.get(&path).status, 404);
    assert_eq!(
        srv.send("GET", &path, Some(&c.admin_b), None, &[]).status,
        404
    );
    assert_eq!(srv.get(&format!("/collections/{id}")).status, 404);
    assert_eq!(srv.get(&format!("{path}/export.csv")).status, 404);
    assert_eq!(
        srv.send("GET", &path, Some(&c.admin_a), None, &[]).status,
        200
    );
    let viewer = member(&srv, &c.admin_a, "Vi", "viewer");
    assert_eq!(srv.send("GET", &path, Some(&viewer), None, &[]).status, 200);
    // not listed to outsiders
    let listed = srv.get("/api/collections").json();
    assert!(
        listed["collections"]
            .as_array()
            .is_some_and(|v| v.is_empty())
    );
    let listed = srv
        .send("GET", "/api/collections", Some(&c.admin_a), None, &[])
        .json();
    assert_eq!(listed["collections"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_viewer_cannot_edit_but_an_editor_can() {
    let c = setup();
    let srv = c.a.serve();
    let id = create(&srv, &c.admin_a, true);
    let viewer = member(&srv, &c.admin_a, "Vi", "viewer");
    let editor = member(&srv, &c.admin_a, "Ed", "editor");
    let items = format!("/api/collections/{id}/items");
    assert_eq!(
        srv.json("POST", &items, Some(&viewer), &json!({"game": 1}))
            .status,
        403
    );
    assert_eq!(
        srv.json(
            "POST",
            "/api/collections",
            Some(&viewer),
            &json!({"name": "v"})
        )
        .status,
        403
    );
    assert_eq!(
        srv.json("POST", &items, Some(&editor), &json!({"game": 1}))
            .status,
        201
    );
    // only admins manage members and tokens
    assert_eq!(
        srv.json(
            "POST",
            "/api/members",
            Some(&editor),
            &json!({"name": "z", "role": "viewer"})
        )
        .status,
        403
    );
    // a revoked token stops working
    let r = srv.json(
        "POST",
        "/api/tokens",
        Some(&c.admin_a),
        &json!({"member": 1, "label": "spare"}),
    );
    let (tid, spare) = (
        r.json()["id"].as_i64().expect("id"),
        r.json()["token"].as_str().expect("t").to_string(),
    );
    assert_eq!(
        srv.send("GET", "/api/me", Some(&spare), None, &[]).status,
        200
    );
    assert_eq!(
        srv.send(
            "DELETE",
            &format!("/api/tokens/{tid}"),
            Some(&c.admin_a),
            None,
            &[]
        )
        .status,
        204
    );
    assert_eq!(
        srv.send("GET", "/api/me", Some(&spare), None, &[]).status,
        401
    );
    // every write is in the audit log
    let log = srv
        .send("GET", "/api/audit", Some(&c.admin_a), None, &[])
        .json();
    let actions: Vec<&str> = log["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["action"].as_str())
        .collect();
    for a in [
        "collection.create",
        "member.add",
        "token.issue",
        "token.revoke",
        "collection.item.add",
    ] {
        assert!(actions.contains(&a), "{a} missing from {actions:?}");
    }
}

#[test]
fn bad_bodies_are_400() {
    let c = setup();
    let srv = c.a.serve();
    let id = create(&srv, &c.admin_a, true);
    for (path, body) in [
        ("/api/collections".to_string(), "{not json"),
        ("/api/collections".to_string(), "{\"name\":\"\"}"),
        (
            "/api/collections".to_string(),
            "{\"name\":\"x\",\"bogus\":1}",
        ),
        (format!("/api/collections/{id}/items"), "{}"),
        (format!("/api/collections/{id}/items"), "{\"game\":\"one\"}"),
    ] {
        let r = srv.send(
            "POST",
            &path,
            Some(&c.admin_a),
            Some(body),
            &[("content-type", "application/json")],
        );
        assert_eq!(r.status, 400, "{path} {body}: {}", r.body);
        assert!(r.json()["error"].is_string());
    }
    // A game that is not there is not found.
    let r = srv.send(
        "POST",
        &format!("/api/collections/{id}/items"),
        Some(&c.admin_a),
        Some("{\"game\":999}"),
        &[("content-type", "application/json")],
    );
    assert_eq!(r.status, 404, "{}", r.body);
    assert_eq!(r.json()["error"], "there is no game 999");
}

#[test]
fn notes_are_escaped_on_every_page() {
    let c = setup();
    let srv = c.a.serve();
    let id = create(&srv, &c.admin_a, true);
    let evil = "<script>alert('note')</script>";
    let r = srv.json(
        "PATCH",
        &format!("/api/collections/{id}"),
        Some(&c.admin_a),
        &json!({"name": evil, "description": evil}),
    );
    assert_eq!(r.status, 200);
    assert_eq!(
        srv.json(
            "POST",
            &format!("/api/collections/{id}/items"),
            Some(&c.admin_a),
            &json!({"game": 1, "note": evil})
        )
        .status,
        201
    );
    for path in [
        "/collections".to_string(),
        format!("/collections/{id}"),
        "/games/1".to_string(),
    ] {
        let page = srv.get(&path);
        assert_eq!(page.status, 200, "{path}");
        assert!(
            !page.body.contains("<script>alert"),
            "{path} shows a raw script"
        );
    }
    assert!(
        srv.get(&format!("/collections/{id}"))
            .body
            .contains("&#60;script&#62;alert(&#39;note&#39;)")
    );
    // the game page lists the (public) collection holding it
    assert!(
        srv.get("/games/1")
            .body
            .contains(&format!("/collections/{id}"))
    );
}

/// Imports a collection's export into a new collection of the admin's club; asserts the import's
/// (imported, duplicates, added) and gives the new collection's id.
fn import_into_new(srv: &Server, token: &str, records: &str, counts: (u64, u64, u64)) -> i64 {
    let target = create(srv, token, false);
    let r = srv.send(
        "POST",
        &format!("/api/collections/{target}/import"),
        Some(token),
        Some(records),
        &[],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let s = r.json();
    assert_eq!(
        (
            s["imported"].as_u64(),
            s["duplicates"].as_u64(),
            s["added"].as_u64()
        ),
        (Some(counts.0), Some(counts.1), Some(counts.2)),
        "{}",
        r.body
    );
    target
}

/// Games with no tags keep apart in an export: each starts with `{annals-game: kind}`, which the
/// import takes out again (before: the untagged games of an export ran together into one game
/// when it was imported).
#[test]
fn an_export_of_games_without_tags_imports_as_the_same_games() {
    let c = setup();
    let untagged = [
        "1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\n",
        "1.马6进5，炮12平10，相7进9\n",
    ];
    for (i, g) in untagged.iter().enumerate() {
        let f = c.a.file(&format!("u{i}.sanguo"), *g);
        assert_eq!(c.a.import(&[f]).imported, 1);
    }
    let srv = c.a.serve();
    let id = create(&srv, &c.admin_a, false);
    for (game, note) in [(3, ""), (1, "tagged"), (4, "second untagged")] {
        let r = srv.json(
            "POST",
            &format!("/api/collections/{id}/items"),
            Some(&c.admin_a),
            &json!({"game": game, "note": note}),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let exported = srv.send(
        "GET",
        &format!("/api/collections/{id}/export.records"),
        Some(&c.admin_a),
        None,
        &[],
    );
    assert_eq!(exported.status, 200, "{}", exported.body);
    assert_eq!(exported.body.matches("{annals-game: sanguo}").count(), 2);
    let target = import_into_new(&srv, &c.admin_a, &exported.body, (0, 3, 3));
    let copy = srv
        .send(
            "GET",
            &format!("/api/collections/{target}"),
            Some(&c.admin_a),
            None,
            &[],
        )
        .json();
    let items: Vec<(i64, String)> = copy["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| {
            (
                i["game"].as_i64().unwrap_or(0),
                i["note"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        items,
        [
            (3, String::new()),
            (1, "tagged".to_string()),
            (4, "second untagged".to_string())
        ]
    );
}

#[test]
fn export_then_import_gives_back_the_same_games_and_notes() {
    let c = setup();
    let srv = c.a.serve();
    let id = create(&srv, &c.admin_a, true);
    let sec = srv.json(
        "POST",
        &format!("/api/collections/{id}/sections"),
        Some(&c.admin_a),
        &json!({"title": "Han killed"}),
    );
    let sec = sec.json()["id"].as_i64().expect("section");
    for (game, note, ply) in [
        (2, "a draw {with braces}", None),
        (1, "魏 kills Han early", Some(3)),
    ] {
        let r = srv.json(
            "POST",
            &format!("/api/collections/{id}/items"),
            Some(&c.admin_a),
            &json!({"game": game, "note": note, "ply": ply, "section": if game == 1 { Some(sec) } else { None }}),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let exported = srv.get(&format!("/api/collections/{id}/export.records"));
    assert_eq!(exported.status, 200);
    assert!(
        exported
            .body
            .contains("{annals-note: a draw (with braces)}")
    );
    let csv = srv.get(&format!("/api/collections/{id}/export.csv"));
    assert!(
        csv.body
            .starts_with("position,section,game,title,kind,ply,note\n")
    );
    assert!(
        csv.body
            .contains("Han killed,1,魏杀汉·魏胜,sanguo,3,魏 kills Han early")
    );

    let target = import_into_new(&srv, &c.admin_a, &exported.body, (0, 2, 2));
    let orig = srv
        .send(
            "GET",
            &format!("/api/collections/{id}"),
            Some(&c.admin_a),
            None,
            &[],
        )
        .json();
    let copy = srv
        .send(
            "GET",
            &format!("/api/collections/{target}"),
            Some(&c.admin_a),
            None,
            &[],
        )
        .json();
    let strip = |v: &serde_json::Value| -> Vec<(i64, String, Option<i64>)> {
        v["items"]
            .as_array()
            .expect("items")
            .iter()
            .map(|i| {
                (
                    i["game"].as_i64().unwrap_or(0),
                    i["note"].as_str().unwrap_or("").to_string(),
                    i["ply"].as_i64(),
                )
            })
            .collect()
    };
    let mut want = strip(&orig);
    want[0].1 = "a draw (with braces)".into();
    assert_eq!(strip(&copy), want);
    assert_eq!(copy["sections"][0]["title"], "Han killed");
}

#[test]
fn web_login_forms_need_csrf_and_slow_repeated_failures() {
    let c = setup();
    let srv = c.a.serve();
    let admin = &c.admin_a;
    srv.json(
        "POST",
        "/api/members",
        Some(admin),
        &json!({"name": "Lin", "role": "editor", "password": "correct horse"}),
    );
    let form = srv.get("/login");
    let cookie = form
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .expect("csrf cookie")
        .to_string();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"));
    let csrf = cookie
        .split(';')
        .next()
        .and_then(|kv| kv.split_once('='))
        .map(|(_, v)| v.to_string())
        .expect("value");
    // the form's token is tied to the cookie: not the cookie's value itself
    let field = form
        .body
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("csrf in the login form")
        .to_string();
    assert_ne!(field, csrf);
    let post = |pw: &str, with_cookie: bool| {
        let body = format!(
            "csrf={field}&club=Lions&name=Lin&password={}",
            pw.replace(' ', "+")
        );
        let cookie_h = format!("annals_csrf={csrf}");
        let mut h = vec![("content-type", "application/x-www-form-urlencoded")];
        if with_cookie {
            h.push(("cookie", cookie_h.as_str()));
        }
        srv.send("POST", "/login", None, Some(&body), &h)
    };
    assert_eq!(post("correct horse", false).status, 403, "no CSRF cookie");
    let ok = post("correct horse", true);
    assert_eq!(ok.status, 303);
    let session = ok
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .expect("session")
        .to_string();
    assert!(session.starts_with("annals_session=") && session.contains("HttpOnly"));
    let sess = session.split(';').next().expect("kv").to_string();
    // a logged-in form post without the session's CSRF token is refused
    let r = srv.send(
        "POST",
        "/collections",
        None,
        Some("name=x"),
        &[
            ("cookie", &sess),
            ("content-type", "application/x-www-form-urlencoded"),
        ],
    );
    assert_eq!(r.status, 403);
    let page = srv.send("GET", "/collections", None, None, &[("cookie", &sess)]);
    assert!(page.body.contains("Logged in as Lin"));
    let token = page
        .body
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("csrf in form")
        .to_string();
    let r = srv.send(
        "POST",
        "/collections",
        None,
        Some(&format!(
            "csrf={token}&name=From+the+web&description=&public=on"
        )),
        &[
            ("cookie", &sess),
            ("content-type", "application/x-www-form-urlencoded"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // a cookie and a field of the client's own making do not pass
    let made_up = srv.send(
        "POST",
        "/login",
        None,
        Some("csrf=abc&club=Lions&name=Lin&password=correct+horse"),
        &[
            ("content-type", "application/x-www-form-urlencoded"),
            ("cookie", "annals_csrf=abc"),
        ],
    );
    assert_eq!(made_up.status, 403);
    // three failures slow the name down, but the right password still opens a session
    for _ in 0..3 {
        assert_eq!(post("wrong", true).status, 401);
    }
    assert_eq!(post("correct horse", true).status, 303);
}
