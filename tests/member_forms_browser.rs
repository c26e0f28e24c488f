//! The new member's forms in a real browser (the driver of `browser.rs`): the 三国 board with each
//! side's file numbers, a curator merging two players from a player's page and undoing it from
//! the merges page, and a game added to a collection from its page — each on a 360 px phone, no
//! wider than the screen.

use serde_json::json;

use crate::browser::{Driver, browser};
use crate::support::{Archive, demo};

/// The page's width and the first element past the right edge, on the phone.
fn too_wide(d: &Driver) -> Option<String> {
    let v = d.run_js(
        "const w = window.innerWidth; let worst = '';
         for (const e of document.querySelectorAll('body *')) {
           const r = e.getBoundingClientRect();
           if (r.right > w + 1 && !e.closest('.scroll')) { worst = e.tagName + '.' + e.className + ' ' + Math.round(r.right); break; }
         }
         return [document.documentElement.scrollWidth, w, worst];",
    );
    let (sw, w) = (v[0].as_i64().unwrap_or(0), v[1].as_i64().unwrap_or(0));
    assert_eq!(w, 360, "the phone's width");
    (sw > w).then(|| format!("{sw} px ({})", v[2]))
}

#[test]
fn a_curator_merges_and_undoes_and_a_member_collects_in_a_real_browser() {
    let Some((driver, browser)) = browser() else {
        return;
    };
    let a = Archive::new();
    a.import(&[demo()]);
    let (_, out, _) = a.cli(&["curator", "add", "Cora"]);
    let curator = out.lines().last().unwrap().trim().to_string();
    let (_, out, _) = a.cli(&["club", "add", "Lions"]);
    let admin = out.lines().last().unwrap().trim().to_string();
    let s = a.serve();
    let coll = s.json(
        "POST",
        "/api/collections",
        Some(&admin),
        &json!({"name": "Study", "public": false}),
    );
    assert_eq!(coll.status, 201, "{}", coll.body);
    let site = format!("http://{}", s.addr);
    let players = s.get("/api/players?limit=100").json();
    let id_of = |name: &str| {
        players["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .and_then(|p| p["id"].as_i64())
            .unwrap()
    };
    let (claire, dieter) = (id_of("Claire Dubois"), id_of("Dieter Brandt"));
    let sanguo = s.get("/api/games?kind=sanguo&limit=1").json()["games"][0]["id"]
        .as_i64()
        .unwrap();

    let d = Driver::start(&driver, &browser);
    let mut wide = Vec::new();
    // The board of a 三国 game, wide enough to read its numbers.
    d.go(&format!("{site}/games/{sanguo}?ply=2#board"));
    d.wait_source("the board", |s| s.contains("class=\"files files-wu\""));
    d.screenshot("sanguo-files");

    d.phone();
    d.go(&format!("{site}/login"));
    d.type_into("form[action='/login/token'] input[name=token]", &curator);
    d.click("form[action='/login/token'] button[type=submit]");
    d.wait_url("the curator is signed in", |u| u.ends_with("/account"));
    d.go(&format!("{site}/players/{claire}"));
    wide.extend(too_wide(&d).map(|w| format!("player page: {w}")));
    d.type_into("form.merge input[name=into]", "Dieter Brandt");
    d.screenshot("merge-form");
    d.click("form.merge button[type=submit]");
    d.wait_url("on the kept player's page", |u| {
        u.contains(&format!("/players/{dieter}?merged={claire}"))
    });
    d.wait_source("the merge said", |s| s.contains("id=\"merged\""));
    d.screenshot("merged");
    d.click("#merged a[href='/merges']");
    d.wait_url("the merges page", |u| u.ends_with("/merges"));
    wide.extend(too_wide(&d).map(|w| format!("merges page: {w}")));
    d.screenshot("merges");
    d.click("form[action^='/merges/'] button[type=submit]");
    d.wait_source("undone", |s| s.contains("id=\"undone\""));
    d.screenshot("merge-undone");
    d.go(&format!("{site}/players/{claire}"));
    d.wait_source("Claire is back", |s| s.contains("<h1>Claire Dubois</h1>"));
    d.go(&format!("{site}/account"));
    d.click("form[action='/logout'] button[type=submit]");
    d.wait_url("signed out", |u| !u.ends_with("/account"));

    // The club's admin adds the 三国 game to a collection from its page.
    d.go(&format!("{site}/login"));
    d.type_into("form[action='/login/token'] input[name=token]", &admin);
    d.click("form[action='/login/token'] button[type=submit]");
    d.wait_url("the admin is signed in", |u| u.ends_with("/account"));
    d.go(&format!("{site}/games/{sanguo}"));
    d.click("details.collect summary");
    d.type_into("details.collect input[name=ply]", "2");
    wide.extend(too_wide(&d).map(|w| format!("game page: {w}")));
    d.screenshot("collect-form");
    d.click("details.collect button[type=submit]");
    let src = d.wait_source("added", |s| s.contains("id=\"collect\""));
    assert!(src.contains("to “Study”."), "{src}");
    assert!(d.url().contains(&format!("/games/{sanguo}?collected=")));
    d.screenshot("collected");
    d.go(&format!("{site}/search?q=kind%3Asanguo"));
    wide.extend(too_wide(&d).map(|w| format!("search page: {w}")));
    d.screenshot("collect-search");
    assert!(
        wide.is_empty(),
        "pages wider than the phone:\n{}",
        wide.join("\n")
    );
}
