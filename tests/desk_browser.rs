//! The transcription desk in a real browser (headless Chromium, as in `browser.rs`): an editor
//! pastes a record, the preview follows the typing and shows the error beside its line, the
//! Preview button does the same by posting the form, and Save stores the record; then the game is
//! corrected from its page and its history shows the change. Screenshots in
//! `target/tmp/browser/desk-*.png`.

use std::time::Instant;

use serde_json::json;

use crate::browser::{Driver, browser};
use crate::support::Archive;

const BROKEN: &str = "[Game \"Sanguo\"]\n[Event \"Mudanjiang Cup\"]\n[Title \"魏杀汉·魏胜\"]\n\n1.马6进5，炮12平10\n2.马99进5\n";
const FIXED: &str = "[Game \"Sanguo\"]\n[Event \"Mudanjiang Cup\"]\n[Title \"魏杀汉·魏胜\"]\n\n1.马6进5，炮12平10，相7进9\n";
const CORRECTED: &str = "[Game \"Sanguo\"]\n[Event \"Mudanjiang Cup\"]\n[Round \"3\"]\n[Title \"魏杀汉·魏胜\"]\n\n1.马6进5，炮12平10，相7进9\n";

/// The rendered text of the first element matching `css`, or "" when there is none, read in one
/// step: the desk's script replaces the preview while the test reads it.
fn text_now(d: &Driver, css: &str) -> String {
    d.call(
        "POST",
        "/execute/sync",
        Some(json!({
            "script": "var e = document.querySelector(arguments[0]); return e ? e.innerText : '';",
            "args": [css]
        })),
    )
    .as_str()
    .unwrap_or_default()
    .to_string()
}

#[test]
fn paste_preview_see_the_diagnostic_and_save_in_a_real_browser() {
    let Some((driver, chromium)) = browser() else {
        return;
    };
    let a = Archive::new();
    let (code, out, _) = a.cli(&["club", "add", "Lions"]);
    assert_eq!(code, 0);
    let admin = out.lines().last().unwrap().trim().to_string();
    let s = a.serve();
    let r = s.json(
        "POST",
        "/api/members",
        Some(&admin),
        &json!({"name": "Lin", "role": "editor", "password": "correct horse"}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let site = format!("http://{}", s.addr);
    let d = Driver::start(&driver, &chromium);

    d.go(&format!("{site}/login"));
    d.type_into("input[name=club]", "Lions");
    d.type_into("input[name=name]", "Lin");
    d.type_into("input[name=password]", "correct horse");
    d.click("form[action='/login'] button[type=submit]");
    d.wait_url("log in", |u| !u.ends_with("/login"));

    // Paste: the preview follows without a click, the error beside line 6.
    d.go(&format!("{site}/desk"));
    let typed = Instant::now();
    d.type_into("#desk-text", BROKEN);
    let cell = d.wait_for(
        "the preview follows the typing",
        || text_now(&d, "#D6 td.diags"),
        |t| t.contains("马99进5"),
    );
    eprintln!("preview after {:?}", typed.elapsed());
    assert!(cell.contains("col 3") && cell.contains("error"), "{cell}");
    assert!(text_now(&d, "#D6 td.text").contains("2.马99进5"));
    assert!(text_now(&d, "#desk-errors").starts_with("1 error"));
    d.screenshot("desk-1-preview");

    // Without the script's help: the Preview button posts the form, the page comes back with it.
    d.click("#desk-preview-button");
    d.wait_source("the posted preview", |s| {
        s.contains("id=\"D6\" class=\"has-error\"") && !s.contains("data-fresh")
    });
    assert!(text_now(&d, "#D6 td.diags").contains("马99进5"));

    // Fix the text and save: the new game's page opens.
    d.type_into("#desk-text", FIXED);
    d.wait_for(
        "the fixed preview",
        || text_now(&d, "#D5 td.text"),
        |t| t.contains("相7进9"),
    );
    assert!(text_now(&d, "#desk-errors").starts_with("0 errors"));
    d.screenshot("desk-2-fixed");
    d.click("#desk-save");
    let game_url = d.wait_url("save", |u| u.contains("/games/"));
    let id: i64 = game_url
        .rsplit("/games/")
        .next()
        .and_then(|t| t.split(['?', '#']).next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no game id in {game_url}"));
    assert!(d.source().contains("Mudanjiang Cup"));

    // Correct it from its page: the desk opens on its text; save a second version.
    d.click("#correct");
    d.wait_url("the desk on the game", |u| {
        u.contains(&format!("/desk?game={id}"))
    });
    d.type_into("#desk-text", CORRECTED);
    d.type_into("input[name=note]", "round added");
    d.wait_for(
        "the corrected preview",
        || text_now(&d, "#D6 td.text"),
        |t| t.contains("1.马6进5"),
    );
    assert!(text_now(&d, "#desk-errors").starts_with("0 errors"));
    d.screenshot("desk-3-correcting");
    d.click("#desk-save");
    d.wait_url("saved the correction", |u| {
        u.ends_with(&format!("/games/{id}"))
    });
    d.click("#history");
    d.wait_url("history", |u| u.contains("/history"));
    let src = d.source();
    assert!(
        src.contains("round added") && src.contains("Lin@Lions"),
        "{src}"
    );
    assert!(d.text("tr.ins td.text").contains("[Round \"3\"]"));
    d.screenshot("desk-4-history");
    let v = s.get(&format!("/api/games/{id}/versions")).json();
    assert_eq!(v.as_array().map(Vec::len), Some(2), "{v}");
    assert_eq!(
        s.get(&format!("/api/games/{id}/versions/2")).body,
        CORRECTED
    );
}
