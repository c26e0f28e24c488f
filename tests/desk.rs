//! The transcription desk: previews that store nothing, records saved by editors, corrections that
//! keep every version and carry the game's derived rows along, and the desk and history pages.

use serde_json::{Value, json};

use crate::support::{Archive, Server};

/// A 三国 game as imported: three plies, an event word to search for.
const ORIGINAL: &str = "[Game \"Sanguo\"]\n[Event \"Harbin Open\"]\n[Title \"魏杀汉·魏胜\"]\n\n1.马6进5，炮12平10，相7进9\n";
/// The same game corrected: another event word, and its last move dropped.
const CORRECTED: &str =
    "[Game \"Sanguo\"]\n[Event \"Dalian Open\"]\n[Title \"魏杀汉·魏胜\"]\n\n1.马6进5，炮12平10\n";
/// A record whose fifth line holds a move no piece can make (column 3).
const BROKEN: &str = "[Game \"Sanguo\"]\n[Title \"测试\"]\n\n1.马6进5，炮12平10\n2.马99进5\n";

struct Desk {
    a: Archive,
    s: Server,
    admin: String,
    editor: String,
    viewer: String,
    id: i64,
}

/// An archive holding [`ORIGINAL`] (game `id`), served, with a club's admin, an editor and a
/// viewer.
fn desk() -> Desk {
    let a = Archive::new();
    let s = a.import(&[a.file("cup.sanguo", ORIGINAL)]);
    assert_eq!(s.imported, 1, "{s:?}");
    let id = s.games[0].id.expect("stored");
    let (code, out, err) = a.cli(&["club", "add", "Lions"]);
    assert_eq!(code, 0, "{err}");
    let admin = out.lines().last().expect("token").trim().to_string();
    let s = a.serve();
    let token = |name: &str, role: &str| {
        let r = s.json(
            "POST",
            "/api/members",
            Some(&admin),
            &json!({"name": name, "role": role, "password": "correct horse"}),
        );
        assert_eq!(r.status, 201, "{}", r.body);
        let member = r.json()["id"].as_i64().expect("member id");
        let r = s.json(
            "POST",
            "/api/tokens",
            Some(&admin),
            &json!({"member": member, "label": "desk"}),
        );
        assert_eq!(r.status, 201, "{}", r.body);
        r.json()["token"].as_str().expect("token").to_string()
    };
    let editor = token("Lin", "editor");
    let viewer = token("Vic", "viewer");
    Desk {
        a,
        s,
        admin,
        editor,
        viewer,
        id,
    }
}

fn total(s: &Server) -> i64 {
    s.get("/api/games").json()["total"].as_i64().expect("total")
}

fn put(s: &Server, token: Option<&str>, id: i64, text: &str) -> crate::support::Reply {
    s.send(
        "PUT",
        &format!("/api/games/{id}"),
        token,
        Some(text),
        &[("content-type", "text/plain; charset=utf-8")],
    )
}

fn hits(s: &Server, q: &str) -> Vec<i64> {
    let r = s.get(&format!("/api/search?q={q}"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .filter_map(|h| h["id"].as_i64())
        .collect()
}

#[test]
fn a_preview_lists_the_broken_line_and_stores_nothing() {
    let d = desk();
    let before = total(&d.s);
    let r = d.s.send("POST", "/api/preview", None, Some(BROKEN), &[]);
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let games = v["games"].as_array().expect("games");
    assert_eq!(games.len(), 1, "{v}");
    let g = &games[0];
    assert_eq!(g["kind"], "sanguo");
    assert_eq!(g["title"], "测试");
    assert!(g["id"].is_null(), "{g}");
    assert!(g["moves"].is_array());
    let broken = g["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .find(|x| x["severity"] == "error")
        .unwrap_or_else(|| panic!("no error in {g}"));
    assert_eq!(
        (broken["line"].as_i64(), broken["col"].as_i64()),
        (Some(5), Some(3)),
        "{broken}"
    );
    assert!(
        broken["code"]
            .as_str()
            .is_some_and(|c| c.starts_with("sanguo."))
    );
    assert!(
        broken["message"]
            .as_str()
            .is_some_and(|m| m.contains("马99进5"))
    );
    // The game as stored shows in the same shape as the preview.
    let stored = d.s.get(&format!("/api/games/{}", d.id)).json();
    for key in [
        "kind",
        "title",
        "tags",
        "players",
        "result",
        "diagnostics",
        "raw",
        "moves",
    ] {
        assert!(stored.get(key).is_some() && g.get(key).is_some(), "{key}");
    }
    assert_eq!(total(&d.s), before, "a preview stored a game");
    // Text that no notation reads: still a 200, with the reason as a diagnostic.
    let r =
        d.s.send("POST", "/api/preview", None, Some("hello there\n"), &[]);
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["games"].as_array().map(Vec::len), Some(0));
    assert!(
        v["diagnostics"].as_array().is_some_and(|d| !d.is_empty()),
        "{v}"
    );
    // An empty body is a 400, an oversized one a 413, an unknown kind a 400.
    assert_eq!(
        d.s.send("POST", "/api/preview", None, Some(""), &[]).status,
        400
    );
    assert_eq!(
        d.s.send("POST", "/api/preview", None, Some(" \n "), &[])
            .status,
        400
    );
    let big = "x".repeat(3 * 1024 * 1024);
    assert_eq!(
        d.s.send("POST", "/api/preview", None, Some(&big), &[])
            .status,
        413
    );
    assert_eq!(
        d.s.send("POST", "/api/preview?kind=chess", None, Some(BROKEN), &[])
            .status,
        400
    );
    assert_eq!(total(&d.s), before);
}

#[test]
fn saving_needs_an_editor_and_the_game_is_searchable_at_once() {
    let d = desk();
    let text = "[Game \"Sanguo\"]\n[Event \"Qiqihar Spring\"]\n[Title \"魏杀汉·魏胜\"]\n\n1.马6进5，炮12平10，马5退6\n";
    let post = |token: Option<&str>| d.s.send("POST", "/api/games", token, Some(text), &[]);
    let r = post(None);
    assert_eq!(r.status, 401, "{}", r.body);
    let r = post(Some(&d.viewer));
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(hits(&d.s, "Qiqihar").is_empty());
    let r = post(Some(&d.editor));
    assert_eq!(r.status, 201, "{}", r.body);
    let games = r.json()["games"].clone();
    assert_eq!(games.as_array().map(Vec::len), Some(1), "{games}");
    assert_eq!(games[0]["status"], "imported");
    let id = games[0]["id"].as_i64().expect("id");
    assert_eq!(hits(&d.s, "Qiqihar"), vec![id]);
    // The same text again is a duplicate of that game.
    let r = post(Some(&d.editor));
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json()["games"][0]["status"], "duplicate");
    assert_eq!(r.json()["games"][0]["id"], id);
    // Nothing readable: nothing stored, and the diagnostics say why.
    let r = post_text(&d, "hello there\n");
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert!(
        v["games"]
            .as_array()
            .is_none_or(|g| g.iter().all(|g| g["id"].is_null())),
        "{v}"
    );
    assert!(
        !v["diagnostics"].as_array().is_none_or(Vec::is_empty),
        "{v}"
    );
    // The audit log names the editor.
    let log =
        d.s.send("GET", "/api/audit", Some(&d.admin), None, &[])
            .json();
    assert!(log.to_string().contains("game.create"), "{log}");
}

fn post_text(d: &Desk, text: &str) -> crate::support::Reply {
    d.s.send("POST", "/api/games", Some(&d.editor), Some(text), &[])
}

#[test]
fn a_correction_keeps_every_version_and_the_derived_rows_follow() {
    let d = desk();
    let id = d.id;
    let imported = d.s.get(&format!("/api/games/{id}")).json()["raw"]
        .as_str()
        .expect("raw")
        .to_string();
    // Before any correction the imported text is version 1.
    let v = d.s.get(&format!("/api/games/{id}/versions")).json();
    assert_eq!(v.as_array().map(Vec::len), Some(1), "{v}");
    assert_eq!(v[0]["version"], 1);
    assert_eq!(
        d.s.get(&format!("/api/games/{id}/versions/1")).body,
        imported
    );
    assert_eq!(hits(&d.s, "Harbin"), vec![id]);

    // Who may correct.
    assert_eq!(put(&d.s, None, id, CORRECTED).status, 401);
    assert_eq!(put(&d.s, Some(&d.viewer), id, CORRECTED).status, 403);
    assert_eq!(put(&d.s, Some(&d.editor), 999, CORRECTED).status, 404);
    let two = format!("{ORIGINAL}\n{BROKEN}");
    assert_eq!(put(&d.s, Some(&d.editor), id, &two).status, 400);
    assert_eq!(put(&d.s, Some(&d.editor), id, "").status, 400);

    let r = d.s.send(
        "PUT",
        &format!("/api/games/{id}?note=event%20name%20and%20last%20move"),
        Some(&d.editor),
        Some(CORRECTED),
        &[],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json(), json!({"id": id, "version": 2}));

    let v = d.s.get(&format!("/api/games/{id}/versions")).json();
    let versions: Vec<i64> = v
        .as_array()
        .expect("versions")
        .iter()
        .filter_map(|x| x["version"].as_i64())
        .collect();
    assert_eq!(versions, vec![1, 2], "{v}");
    assert_eq!(v[1]["by"], "Lin@Lions");
    assert_eq!(v[1]["note"], "event name and last move");
    assert!(v[1]["at"].is_string());
    let one = d.s.get(&format!("/api/games/{id}/versions/1"));
    assert_eq!(one.body, imported, "version 1 changed");
    assert!(
        one.content_type.starts_with("text/plain"),
        "{}",
        one.content_type
    );
    assert_eq!(
        d.s.get(&format!("/api/games/{id}/versions/2")).body,
        CORRECTED
    );
    assert_eq!(d.s.get(&format!("/api/games/{id}/versions/3")).status, 404);

    // The game keeps its id and reads as the new text.
    let g = d.s.get(&format!("/api/games/{id}")).json();
    assert_eq!(g["id"], id);
    assert_eq!(g["tags"]["Event"], "Dalian Open");
    assert_eq!(g["moves"].as_array().map(Vec::len), Some(2), "{g}");
    assert_eq!(total(&d.s), 1);
    // Search finds the new words, not the removed ones.
    assert_eq!(hits(&d.s, "Dalian"), vec![id]);
    assert!(
        hits(&d.s, "Harbin").is_empty(),
        "the old event is still found"
    );

    // The same text again: nothing changes.
    let r = put(&d.s, Some(&d.editor), id, CORRECTED);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["version"], 2);
    let v = d.s.get(&format!("/api/games/{id}/versions")).json();
    assert_eq!(v.as_array().map(Vec::len), Some(2), "{v}");

    // The explorer and the statistics count the game once, with its new moves.
    let root = d.s.get("/api/explorer/sanguo").json();
    assert_eq!(root["games"], 1, "{root}");
    let stats = d.s.get("/api/stats/sanguo").json();
    assert_eq!(stats["games"], 1, "{stats}");
    assert_eq!(stats["mean_plies"], 2.0, "{stats}");
    let next =
        d.s.get("/api/explorer/sanguo?moves=%E9%A9%AC6%E8%BF%9B5")
            .json();
    let after_two = |v: &Value| {
        v["moves"].as_array().map(|m| {
            m.iter()
                .map(|x| x["games"].as_i64().unwrap_or(0))
                .sum::<i64>()
        })
    };
    assert_eq!(after_two(&next), Some(1), "{next}");
    let conn = annals::store::connection::open(&d.a.db()).expect("open");
    let f = annals::stats::Filter::default();
    assert_eq!(
        annals::stats::sanguo(&conn, &f).expect("totals"),
        annals::stats::scan::sanguo(&conn, &f).expect("scan")
    );
    drop(conn);
    // The audit log has the correction.
    let log =
        d.s.send("GET", "/api/audit", Some(&d.admin), None, &[])
            .json();
    assert!(log.to_string().contains("game.correct"), "{log}");
    let (code, out, err) = d.a.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("agree"), "{out}");
}

#[test]
fn concurrent_corrections_of_one_game_never_lose_a_version() {
    let d = desk();
    let id = d.id;
    let n = 6;
    let trees = ["Alder", "Birch", "Cedar", "Dogwood", "Elm", "Fir"];
    let texts: Vec<String> = trees
        .iter()
        .map(|t| format!("[Game \"Sanguo\"]\n[Event \"{t} Open\"]\n[Title \"魏杀汉·魏胜\"]\n\n1.马6进5，炮12平10，相7进9\n"))
        .collect();
    let answers: Vec<(usize, i64)> = std::thread::scope(|sc| {
        let handles: Vec<_> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let (s, editor) = (&d.s, &d.editor);
                sc.spawn(move || {
                    let r = put(s, Some(editor), id, t);
                    assert_eq!(r.status, 200, "{}", r.body);
                    (i, r.json()["version"].as_i64().expect("version"))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    let mut got: Vec<i64> = answers.iter().map(|(_, v)| *v).collect();
    got.sort();
    assert_eq!(got, (2..2 + n as i64).collect::<Vec<_>>(), "{answers:?}");
    let v = d.s.get(&format!("/api/games/{id}/versions")).json();
    let listed: Vec<i64> = v
        .as_array()
        .expect("versions")
        .iter()
        .filter_map(|x| x["version"].as_i64())
        .collect();
    assert_eq!(listed, (1..2 + n as i64).collect::<Vec<_>>(), "{v}");
    for (i, version) in &answers {
        assert_eq!(
            d.s.get(&format!("/api/games/{id}/versions/{version}")).body,
            texts[*i]
        );
    }
    // The game is the last version's text.
    let last = answers.iter().max_by_key(|(_, v)| *v).expect("last").0;
    let g = d.s.get(&format!("/api/games/{id}")).json();
    assert_eq!(g["tags"]["Event"], format!("{} Open", trees[last]));
    // The index holds the last version, whatever order the corrections reached it in.
    for (i, t) in trees.iter().enumerate() {
        let want = if i == last { vec![id] } else { vec![] };
        assert_eq!(hits(&d.s, t), want, "{t}");
    }
    let (code, out, err) = d.a.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn the_command_line_edits_and_lists_versions() {
    let a = Archive::new();
    let s = a.import(&[a.file("cup.sanguo", ORIGINAL)]);
    let id = s.games[0].id.expect("stored").to_string();
    let fixed = a.file("fixed.sanguo", CORRECTED);
    let (code, out, err) = a.cli(&["edit", &id, fixed.to_str().expect("path"), "--note", "typo"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("version 2"), "{out}");
    let (code, out, _) = a.cli(&["edit", &id, fixed.to_str().expect("path")]);
    assert_eq!(code, 0);
    assert!(out.contains("unchanged"), "{out}");
    let (code, out, err) = a.cli(&["history", &id]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("1\t") && lines[0].contains("import"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("2\t") && lines[1].contains("cli") && lines[1].contains("typo"),
        "{out}"
    );
    let (code, out, _) = a.cli(&["history", &id, "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v[1]["version"], 2);
    assert_eq!(a.cli(&["history", "999"]).0, 1);
    assert_eq!(a.cli(&["edit", "999", fixed.to_str().expect("path")]).0, 1);
    let (code, out, err) = a.cli(&["search", "Dalian"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 game"), "{out}");
    let (code, out, err) = a.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    // Deleting the game takes its versions with it.
    assert_eq!(a.cli(&["delete", &id]).0, 0);
    assert_eq!(a.cli(&["history", &id]).0, 1);
    let conn = rusqlite::Connection::open(a.db()).expect("open");
    let left: i64 = conn
        .query_row("SELECT count(*) FROM game_versions", [], |r| r.get(0))
        .expect("count");
    assert_eq!(left, 0);
    let (code, out, err) = a.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn the_desk_and_history_pages_work_without_javascript() {
    let d = desk();
    let page = d.s.get("/desk");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<textarea"), "{}", page.body);
    assert!(page.body.contains("/static/desk.js"));
    assert!(!page.body.contains("<script>"), "an inline script");
    assert_eq!(d.s.get("/static/desk.js").status, 200);
    // The form posts and the page comes back with the preview: the error beside line 5.
    let form: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("text", &BROKEN.replace('\n', "\r\n"))
        .append_pair("kind", "")
        .append_pair("ply", "1")
        .append_pair("action", "preview")
        .finish();
    let r = d.s.send(
        "POST",
        "/desk",
        None,
        Some(&form),
        &[("content-type", "application/x-www-form-urlencoded")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let row = r
        .body
        .split("id=\"D5\"")
        .nth(1)
        .and_then(|t| t.split("</tr>").next())
        .unwrap_or_else(|| panic!("no line 5 in {}", r.body));
    assert!(
        row.contains("马99进5") && row.contains("col 3") && row.contains("error"),
        "{row}"
    );
    assert!(r.body.contains("<svg"), "no board");
    assert!(r.body.contains("after move 1 of"), "{}", r.body);
    // The fragment the script asks for is the same preview.
    let r = d.s.send(
        "POST",
        "/desk/preview",
        None,
        Some(&form),
        &[("content-type", "application/x-www-form-urlencoded")],
    );
    assert_eq!(r.status, 200);
    assert!(
        r.body.contains("id=\"D5\"") && !r.body.contains("<html"),
        "{}",
        r.body
    );
    // Saving without a session is refused.
    let save = form.replace("action=preview", "action=save");
    let r = d.s.send(
        "POST",
        "/desk",
        None,
        Some(&save),
        &[("content-type", "application/x-www-form-urlencoded")],
    );
    assert_eq!(r.status, 401, "{}", r.body);
    // The desk opens on a stored game's current text; its history shows a diff.
    let r = d.s.get(&format!("/desk?game={}", d.id));
    assert_eq!(r.status, 200);
    assert!(r.body.contains("Harbin Open"), "{}", r.body);
    assert_eq!(d.s.get("/desk?game=999").status, 404);
    assert_eq!(put(&d.s, Some(&d.editor), d.id, CORRECTED).status, 200);
    let h = d.s.get(&format!("/games/{}/history", d.id));
    assert_eq!(h.status, 200);
    assert!(
        h.body.contains("class=\"del\"") && h.body.contains("Harbin Open"),
        "{}",
        h.body
    );
    assert!(h.body.contains("class=\"ins\"") && h.body.contains("Dalian Open"));
    let h = d.s.get(&format!("/games/{}/history?a=2&b=2", d.id));
    assert!(h.body.contains("the same text"), "{}", h.body);
    assert_eq!(d.s.get(&format!("/games/{}/history?a=7", d.id)).status, 404);
    assert_eq!(d.s.get("/games/999/history").status, 404);
    // The game page links its history (and, for editors, the desk).
    let g = d.s.get(&format!("/games/{}", d.id));
    assert!(g.body.contains(&format!("/games/{}/history", d.id)));
    assert!(
        !g.body.contains("Correct this record"),
        "shown to a reader who may not edit"
    );
}

/// The desk's preview of the kinds without a board: a summary of where the game stands.
#[test]
fn the_desk_summarises_hotw_and_deluge_at_the_chosen_move() {
    let a = Archive::new();
    let s = a.serve();
    let fragment = |text: &str, ply: &str| {
        let form: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("text", text)
            .append_pair("kind", "")
            .append_pair("ply", ply)
            .finish();
        let r = s.send(
            "POST",
            "/desk/preview",
            None,
            Some(&form),
            &[("content-type", "application/x-www-form-urlencoded")],
        );
        assert_eq!(r.status, 200, "{}", r.body);
        r.body
    };
    let hotw = "[Game \"HotW\"]\n[A \"Ann\"]\n[B \"Bob\"]\n\nEI\nA(Sumer): L.Tig-->Zag 10\n\nB(Egypt): NileDel-->Nub 20\n";
    let one = fragment(hotw, "1");
    assert!(
        one.contains("Turn 1 of 2") && one.contains("Sumer"),
        "{one}"
    );
    assert!(one.contains("<li>Scores: A 10</li>"), "{one}");
    let end = fragment(hotw, "");
    assert!(
        end.contains("Turn 2 of 2") && end.contains("<li>Scores: A 10, B 20</li>"),
        "{end}"
    );
    let deluge = std::fs::read_to_string(crate::support::corpus().join("deluge/opening-1901.dip"))
        .expect("record");
    let first = fragment(&deluge, "1");
    assert!(first.contains("Order 1 of"), "{first}");
    assert!(!first.contains("<svg"), "a board for Deluge");
    // A move past the end shows the end.
    let last = fragment(&deluge, "100000");
    assert!(last.contains("Shown after move"), "{last}");
}

/// A game imported into a private collection is its club's until published: its versions, its
/// history and its corrections are not found by others.
#[test]
fn a_private_games_versions_are_its_clubs() {
    let d = desk();
    let r = d.s.json(
        "POST",
        "/api/collections",
        Some(&d.admin),
        &json!({"name": "Drafts", "public": false}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let coll = r.json()["id"].as_i64().expect("collection");
    let text = "[Game \"Sanguo\"]\n[Event \"Hegang Winter\"]\n[Title \"魏杀汉·魏胜\"]\n\n1.马6进5，炮12平10，马5退6\n";
    let r = d.s.send(
        "POST",
        &format!("/api/collections/{coll}/import"),
        Some(&d.admin),
        Some(text),
        &[("content-type", "text/plain")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let c = d.s.send(
        "GET",
        &format!("/api/collections/{coll}"),
        Some(&d.admin),
        None,
        &[],
    );
    let id = c.json()["items"][0]["game"]
        .as_i64()
        .expect("game in the collection");
    for path in [
        format!("/api/games/{id}/versions"),
        format!("/api/games/{id}/versions/1"),
        format!("/games/{id}/history"),
        format!("/desk?game={id}"),
    ] {
        assert_eq!(d.s.get(&path).status, 404, "{path}");
        assert_eq!(
            d.s.send("GET", &path, Some(&d.admin), None, &[]).status,
            200,
            "{path}"
        );
    }
    let (code, out, _) = d.a.cli(&["club", "add", "Tigers"]);
    assert_eq!(code, 0);
    let other = out.lines().last().expect("token").trim().to_string();
    let fixed = text.replace("Hegang", "Jixi");
    assert_eq!(put(&d.s, Some(&other), id, &fixed).status, 404);
    assert_eq!(put(&d.s, Some(&d.editor), id, &fixed).status, 200);
}
