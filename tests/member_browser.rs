//! A new member's first visit in a real browser (the driver of `browser.rs`): the club's admin
//! signs in with the printed token, invites a member, the member signs in with the link and pastes
//! a record; and every kind of page read on a 360 px wide phone, no wider than the screen.

use serde_json::{Value, json};

use crate::browser::{Driver, browser};
use crate::member::UNTAGGED;
use crate::support::{Archive, demo};

impl Driver {
    pub(crate) fn run_js(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Makes the page a phone's: 360 CSS pixels wide, as a phone's browser lays it out.
    pub(crate) fn phone(&self) {
        self.call(
            "POST",
            "/goog/cdp/execute",
            Some(
                json!({"cmd": "Emulation.setDeviceMetricsOverride", "params": {
                "width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": false}}),
            ),
        );
    }

    fn attr(&self, css: &str, name: &str) -> String {
        let e = self.element(css);
        self.call("GET", &format!("/element/{e}/attribute/{name}"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

#[test]
fn a_new_club_signs_in_invites_and_pastes_in_a_real_browser() {
    let Some((driver, browser)) = browser() else {
        return;
    };
    let a = Archive::new();
    a.import(&[demo()]);
    let (code, out, _) = a.cli(&["club", "add", "Lions"]);
    assert_eq!(code, 0);
    let token = out.lines().last().unwrap().trim().to_string();
    let s = a.serve();
    let site = format!("http://{}", s.addr);
    let d = Driver::start(&driver, &browser);

    // The admin signs in from the printed token.
    d.go(&format!("{site}/"));
    d.click("header nav a[href='/account']");
    d.wait_url("the account link leads to sign-in", |u| {
        u.ends_with("/login")
    });
    d.screenshot("m1-login");
    d.type_into("form[action='/login/token'] input[name=token]", &token);
    d.click("form[action='/login/token'] button[type=submit]");
    d.wait_url("signed in", |u| u.ends_with("/account"));
    assert!(d.source().contains("<strong>admin</strong>"));

    // Invites a member and reads the link shown once.
    d.type_into("form[action='/account/invite'] input[name=name]", "Mei Lin");
    d.click("form[action='/account/invite'] button[type=submit]");
    d.wait_source("invited", |s| s.contains("id=\"invite-link\""));
    d.screenshot("m2-invited");
    let link = d.attr("#invite-link", "href");
    assert!(link.contains("/login?token="), "{link}");
    d.click("form[action='/logout'] button[type=submit]");
    d.wait_url("signed out", |u| !u.ends_with("/account"));

    // The member follows the link, chooses a password, signs in.
    let link = if link.starts_with('/') {
        format!("{site}{link}")
    } else {
        link
    };
    d.go(&link);
    d.type_into(
        "form[action='/login/token'] input[name=password]",
        "mei's password",
    );
    d.click("form[action='/login/token'] button[type=submit]");
    d.wait_url("the member is signed in", |u| u.ends_with("/account"));
    assert!(d.source().contains("<strong>Mei Lin</strong>"));

    // Makes a collection and pastes a record with no Game tag.
    d.go(&format!("{site}/collections"));
    d.type_into(
        "form[action='/collections'] input[name=name]",
        "Club nights",
    );
    d.click("form[action='/collections'] button[type=submit]");
    let coll = d.wait_url("a collection", |u| {
        u.split("/collections/")
            .nth(1)
            .is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit()))
    });
    d.type_into("textarea[name=records]", UNTAGGED);
    d.click("form.paste button[type=submit]");
    let src = d.wait_source("the reason", |s| s.contains("id=\"feedback\""));
    assert!(src.contains("could not be read"), "no reason on the page");
    assert!(src.contains("no Game tag"));
    assert!(
        src.contains("class=\"wanted\""),
        "the kind choice is pointed at"
    );
    d.screenshot("m3-rejected");
    // The paste is still in the box: choose the kind and import again.
    d.click("select[name=kind] option[value=wec]");
    d.click("form.paste button[type=submit]");
    let src = d.wait_source("stored", |s| s.contains("Stored 1 new game"));
    assert!(src.contains("Added 1 game to this collection"));
    d.screenshot("m4-stored");
    // Again: already in the archive, not added twice.
    d.type_into("textarea[name=records]", UNTAGGED);
    d.click("form.paste button[type=submit]");
    let src = d.wait_source("already", |s| s.contains("already in the archive"));
    d.screenshot("m5-again");
    let items = src
        .split("<ol>")
        .nth(1)
        .and_then(|s| s.split("</ol>").next())
        .unwrap_or_default();
    assert_eq!(
        items.matches("<li>").count(),
        1,
        "the game is listed once in {coll}"
    );
}

#[test]
fn every_page_fits_a_360_pixel_phone() {
    let Some((driver, browser)) = browser() else {
        return;
    };
    let a = Archive::new();
    a.import(&[demo()]);
    let (_, out, _) = a.cli(&["club", "add", "Lions"]);
    let token = out.lines().last().unwrap().trim().to_string();
    let s = a.serve();
    let coll = s.json(
        "POST",
        "/api/collections",
        Some(&token),
        &json!({"name": "Openings worth a look", "public": true}),
    );
    let coll = coll.json()["id"].as_i64().unwrap();
    s.json(
        "POST",
        &format!("/api/collections/{coll}/items"),
        Some(&token),
        &json!({"game": 1, "note": "a long note that should wrap on a narrow screen rather than push the page sideways"}),
    );
    let site = format!("http://{}", s.addr);
    let mut pages: Vec<String> = [
        "/",
        "/games",
        "/search",
        "/search?q=kind:hotw",
        "/stats/hotw",
        "/stats/sanguo",
        "/stats/wec",
        "/stats/deluge",
        "/explorer/hotw",
        "/explorer/sanguo",
        "/explorer/wec",
        "/events",
        "/players",
        "/imports",
        "/collections",
        "/login",
        "/no-such-page",
    ]
    .iter()
    .map(|p| p.to_string())
    .collect();
    pages.push(format!("/collections/{coll}"));
    for kind in ["hotw", "sanguo", "wec", "deluge"] {
        let g = &s.get(&format!("/api/games?kind={kind}&limit=1")).json()["games"][0];
        pages.push(format!("/games/{}", g["id"]));
    }
    let ev = &s.get("/api/events?limit=1").json()["events"][0];
    pages.push(format!("/events/{}", ev["id"]));
    let pl = &s.get("/api/players?limit=1").json()["players"][0];
    pages.push(format!("/players/{}", pl["id"]));

    let d = Driver::start(&driver, &browser);
    d.phone();
    // Signed in, so /account and the edit forms of a collection are seen too.
    d.go(&format!("{site}/login"));
    d.type_into("form[action='/login/token'] input[name=token]", &token);
    d.click("form[action='/login/token'] button[type=submit]");
    d.wait_url("signed in", |u| u.ends_with("/account"));
    pages.push("/account".into());
    let mut wide = Vec::new();
    for p in &pages {
        d.go(&format!("{site}{p}"));
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
        let name = p.trim_matches('/').replace(['/', '?', ':', '='], "-");
        d.screenshot(&format!(
            "phone-{}",
            if name.is_empty() { "home" } else { &name }
        ));
        if sw > w {
            wide.push(format!("{p}: {sw} px ({})", v[2]));
        }
    }
    assert!(
        wide.is_empty(),
        "pages wider than the phone:\n{}",
        wide.join("\n")
    );
}
