//! What a new member meets, over HTTP: signing in with the printed token, setting a password,
//! inviting a member from the account page, signing out; a paste into a collection answered on
//! its page (the reason of a rejected record, a kind choice, "already in the archive").

use crate::support::{Archive, Server};

/// A browser's cookie jar and forms, by hand: the CSRF cookie of `/login`, the session cookie.
pub struct Visitor<'a> {
    pub srv: &'a Server,
    pub cookies: Vec<(String, String)>,
}

impl<'a> Visitor<'a> {
    pub fn new(srv: &'a Server) -> Visitor<'a> {
        Visitor {
            srv,
            cookies: Vec::new(),
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn keep_cookies(&mut self, r: &crate::support::Reply) {
        for v in r.headers.get_all("set-cookie") {
            let Some((k, v)) = v
                .to_str()
                .ok()
                .and_then(|s| s.split(';').next())
                .and_then(|kv| kv.split_once('='))
            else {
                continue;
            };
            self.cookies.retain(|(n, _)| n != k);
            if !v.is_empty() {
                self.cookies.push((k.to_string(), v.to_string()));
            }
        }
    }

    pub fn get(&mut self, path: &str) -> crate::support::Reply {
        let c = self.cookie_header();
        let r = self.srv.send("GET", path, None, None, &[("cookie", &c)]);
        self.keep_cookies(&r);
        r
    }

    /// Posts a form with the CSRF token of the page last read (`csrf` field of its first form).
    pub fn post(
        &mut self,
        path: &str,
        csrf: &str,
        fields: &[(&str, &str)],
    ) -> crate::support::Reply {
        let mut body = form_urlencoded::Serializer::new(String::new());
        body.append_pair("csrf", csrf);
        for (k, v) in fields {
            body.append_pair(k, v);
        }
        let c = self.cookie_header();
        let r = self.srv.send(
            "POST",
            path,
            None,
            Some(&body.finish()),
            &[
                ("cookie", &c),
                ("content-type", "application/x-www-form-urlencoded"),
            ],
        );
        self.keep_cookies(&r);
        r
    }
}

/// The value of the first `name="csrf"` field of a page.
pub fn csrf_of(page: &str) -> String {
    page.split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap_or_else(|| panic!("no csrf field in {page}"))
        .to_string()
}

/// A club made with the CLI: (archive, admin token).
fn club() -> (Archive, String) {
    let a = Archive::new();
    let (code, out, err) = a.cli(&["club", "add", "Lions"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("/login"),
        "the CLI says where to sign in: {out}"
    );
    let token = out.lines().last().unwrap().trim().to_string();
    (a, token)
}

/// A result-only WEC record with no `Game` tag: nothing says its kind.
pub const UNTAGGED: &str =
    "[Event \"Club night\"]\n[White \"Ann Lee\"]\n[Black \"Bo Chan\"]\n\nBlack wins\n";

#[test]
fn the_first_admin_signs_in_with_the_printed_token_and_sets_a_password() {
    let (a, token) = club();
    let srv = a.serve();
    let mut v = Visitor::new(&srv);
    let login = v.get("/login");
    assert_eq!(login.status, 200);
    assert!(
        login.body.contains("annals club add"),
        "the page explains the token"
    );
    let csrf = csrf_of(&login.body);
    // The token as a password is refused, with the club and name kept and the token form named.
    let r = v.post(
        "/login",
        &csrf,
        &[("club", "Lions"), ("name", "admin"), ("password", &token)],
    );
    assert_eq!(r.status, 401);
    assert!(r.body.contains("value=\"Lions\""), "the club typed is kept");
    assert!(r.body.contains("/login/token"));
    // A wrong token: 401 on the same page.
    let r = v.post("/login/token", &csrf, &[("token", "nope")]);
    assert_eq!(r.status, 401, "{}", r.body);
    assert!(r.body.contains("unknown"));
    // A short password with the token: 400, nothing signed in.
    let r = v.post(
        "/login/token",
        &csrf,
        &[("token", &token), ("password", "short")],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("at least 8 characters"));
    // The token with a password: signed in, on the account page.
    let r = v.post(
        "/login/token",
        &csrf,
        &[("token", &token), ("password", "lions roar loud")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(r.headers["location"], "/account");
    let acc = v.get("/account");
    assert_eq!(acc.status, 200);
    assert!(acc.body.contains("<strong>admin</strong>"), "{}", acc.body);
    assert!(acc.body.contains("Lions") && acc.body.contains(">admin<"));
    assert!(acc.body.contains("Invite a member"));
    assert!(acc.body.contains("action=\"/logout\""));
    // Sign out (POST with the session's CSRF token), then the password alone signs in.
    let r = v.post("/logout", &csrf_of(&acc.body), &[]);
    assert_eq!(r.status, 303);
    assert_eq!(
        v.get("/account").status,
        303,
        "signed out: /account sends to /login"
    );
    let login = v.get("/login");
    let r = v.post(
        "/login",
        &csrf_of(&login.body),
        &[
            ("club", "Lions"),
            ("name", "admin"),
            ("password", "lions roar loud"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // The printed token still works as an API token.
    assert_eq!(
        srv.send("GET", "/api/me", Some(&token), None, &[]).status,
        200
    );
}

#[test]
fn an_admin_invites_a_member_whose_link_signs_in_once() {
    let (a, token) = club();
    let srv = a.serve();
    let mut admin = Visitor::new(&srv);
    let login = admin.get("/login");
    let r = admin.post("/login/token", &csrf_of(&login.body), &[("token", &token)]);
    assert_eq!(r.status, 303);
    let acc = admin.get("/account");
    let csrf = csrf_of(&acc.body);
    let r = admin.post(
        "/account/invite",
        &csrf,
        &[("name", ""), ("role", "editor")],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("Nobody was invited"));
    let r = admin.post(
        "/account/invite",
        &csrf,
        &[("name", "Mei"), ("role", "editor")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.headers["cache-control"], "no-store");
    let invite = r
        .body
        .split("id=\"invite-token\" class=\"wrap\">")
        .nth(1)
        .and_then(|s| s.split('<').next())
        .expect("the token on the page")
        .to_string();
    assert!(r.body.contains(&format!("/login?token={invite}")));
    assert!(r.body.contains("an invitation, not yet used"));
    // The same name twice: refused, said on the page.
    let r = admin.post(
        "/account/invite",
        &csrf,
        &[("name", "Mei"), ("role", "viewer")],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("already a member"), "{}", r.body);

    let mut mei = Visitor::new(&srv);
    let login = mei.get(&format!("/login?token={invite}"));
    assert!(
        login.body.contains(&format!("value=\"{invite}\"")),
        "the link fills the token in"
    );
    let r = mei.post(
        "/login/token",
        &csrf_of(&login.body),
        &[("token", &invite), ("password", "mei's own pass")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let acc = mei.get("/account");
    assert!(acc.body.contains("<strong>Mei</strong>") && acc.body.contains(">editor<"));
    assert!(!acc.body.contains("Invite a member"), "only admins invite");
    // The invitation is used up.
    let mut again = Visitor::new(&srv);
    let login = again.get("/login");
    let r = again.post("/login/token", &csrf_of(&login.body), &[("token", &invite)]);
    assert_eq!(r.status, 401);
    // Invitations without CSRF or from a non-admin are refused.
    let r = mei.post(
        "/account/invite",
        &csrf_of(&acc.body),
        &[("name", "X"), ("role", "viewer")],
    );
    assert_eq!(r.status, 403);
    let r = admin.post(
        "/account/invite",
        "forged",
        &[("name", "Y"), ("role", "viewer")],
    );
    assert_eq!(r.status, 403);
}

/// Signs in with the admin token and makes a collection: its path.
pub fn signed_in_collection(v: &mut Visitor<'_>, token: &str) -> String {
    let login = v.get("/login");
    let r = v.post("/login/token", &csrf_of(&login.body), &[("token", token)]);
    assert_eq!(r.status, 303);
    let page = v.get("/collections");
    let r = v.post(
        "/collections",
        &csrf_of(&page.body),
        &[("name", "Club nights")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    r.headers["location"].to_str().unwrap().to_string()
}

#[test]
fn a_paste_answers_on_the_collection_page_and_adds_a_game_once() {
    let (a, token) = club();
    let srv = a.serve();
    let mut v = Visitor::new(&srv);
    let coll = signed_in_collection(&mut v, &token);
    let page = v.get(&coll);
    let csrf = csrf_of(&page.body);
    assert!(
        page.body.contains("name=\"kind\""),
        "a kind choice beside the paste box"
    );
    let import = format!("{coll}/import");
    // No Game tag: the reason on the page, the paste kept, the kind choice marked.
    let r = v.post(&import, &csrf, &[("records", UNTAGGED), ("kind", "")]);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("could not be read"), "{}", r.body);
    assert!(r.body.contains("no Game tag"), "{}", r.body);
    assert!(r.body.contains("class=\"wanted\""));
    assert!(r.body.contains("Bo Chan"), "the paste is kept");
    // The kind chosen: stored once, added once.
    let r = v.post(&import, &csrf, &[("records", UNTAGGED), ("kind", "wec")]);
    assert!(
        r.body.contains("Stored 1 new game in the archive"),
        "{}",
        r.body
    );
    assert!(r.body.contains("Added 1 game to this collection"));
    // Again: already in the archive, not added twice.
    let r = v.post(&import, &csrf, &[("records", UNTAGGED), ("kind", "wec")]);
    assert!(r.body.contains("already in the archive"), "{}", r.body);
    assert!(r.body.contains("in this collection already"));
    let id = coll.rsplit('/').next().unwrap();
    let c = srv.send(
        "GET",
        &format!("/api/collections/{id}"),
        Some(&token),
        None,
        &[],
    );
    assert_eq!(c.json()["items"].as_array().unwrap().len(), 1, "{}", c.body);
    assert_eq!(srv.get("/api/games").json()["total"], 1);
    // A bad game id: said on the page, what was typed kept.
    let r = v.post(
        &format!("{coll}/items"),
        &csrf,
        &[("game", "999"), ("note", "typed note"), ("ply", "")],
    );
    assert_eq!(r.status, 400);
    assert!(r.body.contains("there is no game 999"), "{}", r.body);
    assert!(r.body.contains("value=\"typed note\""));
}

#[test]
fn the_add_form_refuses_a_game_the_collection_holds() {
    let (a, token) = club();
    a.import(&[crate::support::demo()]);
    let srv = a.serve();
    let mut v = Visitor::new(&srv);
    let coll = signed_in_collection(&mut v, &token);
    let csrf = csrf_of(&v.get(&coll).body);
    let items = format!("{coll}/items");
    let r = v.post(&items, &csrf, &[("game", "1"), ("note", "")]);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("Added game 1"));
    let r = v.post(&items, &csrf, &[("game", "1"), ("note", "again")]);
    assert_eq!(r.status, 400);
    assert!(r.body.contains("in this collection already"), "{}", r.body);
    assert!(r.body.contains("value=\"again\""));
}
