//! End to end in a real browser: Debian's headless Chromium driven through chromedriver (the W3C
//! WebDriver protocol, spoken here over plain HTTP). A reader searches, opens a game, steps the
//! board with a link and with the arrow key, logs in, makes a collection and adds the game to it.
//! Screenshots of each step are kept in `target/tmp/browser/`.
//!
//! Without chromedriver and chromium the test prints a note and passes, unless
//! `ANNALS_BROWSER_TEST=1` (as `.ci/run` sets it), where a missing browser fails it.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

use crate::support::{Archive, corpus};

/// How long a wait for the browser lasts before the test fails: long, since a
/// loaded CI machine can be slow, and a wait ends as soon as its condition holds.
const WAIT: Duration = Duration::from_secs(30);

fn find(cmd: &str, fallbacks: &[&str]) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join(cmd))
        .chain(fallbacks.iter().map(PathBuf::from))
        .find(|p| p.is_file())
}

pub(crate) struct Driver {
    child: Child,
    base: String,
    session: String,
    rt: tokio::runtime::Runtime,
    http: reqwest::Client,
    shots: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let url = format!("{}/session/{}", self.base, self.session);
        let http = self.http.clone();
        let _ = self
            .rt
            .block_on(async move { http.delete(url).send().await });
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    pub(crate) fn start(driver: &Path, browser: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let base = format!("http://127.0.0.1:{port}");
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let http = reqwest::Client::new();
        // Wait (a bounded number of tries) for chromedriver to answer.
        let mut ready = false;
        for _ in 0..200 {
            let h = http.clone();
            let u = format!("{base}/status");
            let ok = rt.block_on(async move {
                match h.get(u).send().await {
                    Ok(r) => r
                        .json::<Value>()
                        .await
                        .is_ok_and(|v| v["value"]["ready"] == true),
                    Err(_) => false,
                }
            });
            if ok {
                ready = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
        std::fs::create_dir_all(&shots).expect("screenshot folder");
        let mut d = Driver {
            child,
            base,
            session: String::new(),
            rt,
            http,
            shots,
        };
        assert!(ready, "chromedriver did not start");
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": browser.display().to_string(),
                "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--disable-gpu", "--window-size=1200,1000", "--lang=en"]
            }
        }}});
        let v = d.call("POST", "/session", Some(caps));
        d.session = v["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {v}"))
            .to_string();
        // An element looked for is waited for a moment: on a loaded machine a page may still be
        // loading after a redirect. (Absence is checked on the page's source, never this way.)
        d.call("POST", "/timeouts", Some(json!({ "implicit": 5000 })));
        d
    }

    /// One WebDriver command; returns its `value`. Errors of the protocol fail the test.
    pub(crate) fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = if path == "/session" {
            format!("{}{path}", self.base)
        } else {
            format!("{}/session/{}{path}", self.base, self.session)
        };
        let m = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
        let mut req = self.http.request(m, &url);
        if let Some(b) = body {
            req = req.json(&b);
        } else if method == "POST" {
            req = req.json(&json!({}));
        }
        let v: Value = self
            .rt
            .block_on(async move { req.send().await?.json::<Value>().await })
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        if v["value"]["error"].is_string() {
            panic!("{method} {path}: {}", v["value"]);
        }
        v["value"].clone()
    }

    pub(crate) fn go(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    pub(crate) fn url(&self) -> String {
        self.call("GET", "/url", None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub(crate) fn source(&self) -> String {
        self.call("GET", "/source", None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub(crate) fn element(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        v.as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    /// The rendered text of the first element matching `css`.
    pub(crate) fn text(&self, css: &str) -> String {
        let e = self.element(css);
        self.call("GET", &format!("/element/{e}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub(crate) fn click(&self, css: &str) {
        let e = self.element(css);
        self.call("POST", &format!("/element/{e}/click"), None);
    }

    pub(crate) fn type_into(&self, css: &str, text: &str) {
        let e = self.element(css);
        self.call("POST", &format!("/element/{e}/clear"), None);
        self.call(
            "POST",
            &format!("/element/{e}/value"),
            Some(json!({ "text": text })),
        );
    }

    pub(crate) fn key(&self, key: &str) {
        self.call(
            "POST",
            "/actions",
            Some(
                json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]}),
            ),
        );
    }

    /// Waits, up to `WAIT`, until `probe()` gives a value that satisfies `f`.
    pub(crate) fn wait_for(
        &self,
        what: &str,
        probe: impl Fn() -> String,
        f: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let v = probe();
            if f(&v) {
                return v;
            }
            if Instant::now() > deadline {
                panic!("{what}: still at {}", self.url());
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// Waits until the URL satisfies `f`.
    pub(crate) fn wait_url(&self, what: &str, f: impl Fn(&str) -> bool) -> String {
        self.wait_for(what, || self.url(), f)
    }

    /// Waits until the page source satisfies `f`: for a form that posts and
    /// redirects back to the same URL, the URL alone says nothing.
    pub(crate) fn wait_source(&self, what: &str, f: impl Fn(&str) -> bool) -> String {
        self.wait_for(what, || self.source(), f)
    }

    pub(crate) fn screenshot(&self, name: &str) {
        let v = self.call("GET", "/screenshot", None);
        let png = base64::engine::general_purpose::STANDARD
            .decode(v.as_str().unwrap_or_default())
            .expect("base64 screenshot");
        assert!(png.starts_with(b"\x89PNG"), "{name}: not a PNG");
        let p = self.shots.join(format!("{name}.png"));
        std::fs::write(&p, png).expect("write screenshot");
        eprintln!("screenshot: {}", p.display());
    }
}

/// The browser and its driver, or `None` (the test then skips, unless `ANNALS_BROWSER_TEST=1`
/// requires them).
pub(crate) fn browser() -> Option<(PathBuf, PathBuf)> {
    let required = std::env::var("ANNALS_BROWSER_TEST").is_ok_and(|v| v == "1");
    let driver = find("chromedriver", &["/usr/lib/chromium/chromedriver"]);
    let browser = find("chromium", &["/usr/lib/chromium/chromium"]);
    let (Some(driver), Some(browser)) = (driver, browser) else {
        assert!(
            !required,
            "ANNALS_BROWSER_TEST=1 but chromedriver or chromium is missing (apt-get install chromium chromium-driver)"
        );
        eprintln!(
            "note: skipping the browser test: no chromedriver/chromium (set ANNALS_BROWSER_TEST=1 to require it)"
        );
        return None;
    };
    Some((driver, browser))
}

/// The demo archive a fresh `serve` imports: the home page's first game names its players and
/// its result, and no game is named as a test.
#[test]
fn the_home_page_of_the_demo_archive_lists_games_by_their_players() {
    let Some((driver, browser)) = browser() else {
        return;
    };
    let a = Archive::new();
    let s = a.import(&[crate::support::demo()]);
    assert_eq!(s.imported, 19, "{s:?}");
    let server = a.serve();
    let d = Driver::start(&driver, &browser);
    d.go(&format!("http://{}/", server.addr));
    d.screenshot("0-demo-home");
    let first = d.text("ul.games li");
    // the latest game of the demo archive: the Bristol ladder's fifth round
    assert!(first.contains("Tom Avery"), "{first}");
    assert!(first.contains("Priya Nair"), "{first}");
    assert!(first.contains("White wins"), "{first}");
    assert!(first.contains("Bristol"), "{first}");
    let page = d.source();
    assert!(
        !page.contains("annals test"),
        "a test record on the home page"
    );
    assert!(!page.contains(">Game "), "a game named by its number");
}

#[test]
fn search_open_step_and_collect_in_a_real_browser() {
    let Some((driver, browser)) = browser() else {
        return;
    };

    let a = Archive::new();
    a.import(&[corpus()]);
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

    let d = Driver::start(&driver, &browser);

    // Search from the box every page has.
    d.go(&format!("{site}/"));
    d.screenshot("1-home");
    d.type_into("input[name=q]", "魏杀汉\u{E007}");
    let u = d.wait_url("search", |u| u.contains("/search?"));
    assert!(u.contains("q="), "{u}");
    let src = d.source();
    assert!(src.contains("/games/"), "no hit for 魏杀汉");
    d.screenshot("2-search");

    // Open the first hit.
    d.click("main a[href^='/games/'], a[href^='/games/']");
    let game_url = d.wait_url("open a game", |u| u.contains("/games/"));
    let id: i64 = game_url
        .rsplit("/games/")
        .next()
        .and_then(|t| t.split(['?', '#']).next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no game id in {game_url}"));
    assert!(
        d.source().contains("id=\"board\""),
        "no board on {game_url}"
    );
    d.screenshot("3-game");

    // Step the board: to the start, the forward link, then the arrow key (the page's script).
    d.click("#first");
    d.wait_url("start link", |u| u.contains("ply=0"));
    d.wait_source("ply 0", |s| s.contains("ply 0 of"));
    d.click("#next");
    d.wait_url("forward link", |u| u.contains("ply=1"));
    d.wait_source("ply 1", |s| s.contains("ply 1 of"));
    d.key("\u{E014}"); // ArrowRight
    d.wait_url("arrow key", |u| u.contains("ply=2"));
    d.wait_source("ply 2", |s| s.contains("ply 2 of"));
    d.screenshot("4-board-ply-2");
    d.click("#prev");
    d.wait_url("back link", |u| u.contains("ply=1"));

    // Log in, make a collection, add the game to it.
    d.go(&format!("{site}/login"));
    d.type_into("input[name=club]", "Lions");
    d.type_into("input[name=name]", "Lin");
    d.type_into("input[name=password]", "correct horse");
    d.click("form[action='/login'] button[type=submit]");
    d.wait_url("log in", |u| !u.ends_with("/login"));
    d.go(&format!("{site}/collections"));
    d.type_into(
        "form[action='/collections'] input[name=name]",
        "Browser picks",
    );
    d.click("form[action='/collections'] button[type=submit]");
    let coll_url = d.wait_url("create a collection", |u| {
        u.split("/collections/")
            .nth(1)
            .is_some_and(|t| t.chars().next().is_some_and(|c| c.is_ascii_digit()))
    });
    d.type_into("input[name=game]", &id.to_string());
    d.type_into("input[name=note]", "seen in the browser test");
    d.click("form[action$='/items'] button[type=submit]");
    // The form posts and redirects back to the collection: wait for the note.
    let src = d.wait_source("add the game", |s| s.contains("seen in the browser test"));
    assert!(
        src.contains(&format!("/games/{id}")),
        "the game is not listed in {coll_url}"
    );
    d.screenshot("5-collection");

    // The game page now names the collection.
    d.go(&format!("{site}/games/{id}"));
    assert!(d.source().contains("Browser picks"));
    d.screenshot("6-game-in-collection");
}

/// The explorer shows the position its moves reach as a board, and a game's board links to the
/// games reaching its position.
#[test]
fn the_explorer_draws_the_position_and_a_game_links_to_it() {
    let Some((driver, browser)) = browser() else {
        return;
    };
    let a = Archive::new();
    let s = a.import(&[crate::support::demo()]);
    assert_eq!(s.imported, 19, "{s:?}");
    let server = a.serve();
    let d = Driver::start(&driver, &browser);
    d.go(&format!("http://{}/explorer/sanguo", server.addr));
    // Follow the most played first move.
    d.click("table tbody tr td a");
    d.wait_url("a move in the url", |u| u.contains("move="));
    let circles = d.wait_source("the board", |s| s.contains("<circle"));
    assert!(circles.contains("<svg"), "no board drawn");
    let caption = d.text("figure.explorer-board figcaption");
    assert!(caption.contains("position "), "{caption}");
    d.screenshot("positions-explorer");
    // A 三国 game's board at ply 1 links to the games reaching it.
    let id = server.get("/api/games?kind=sanguo&limit=1").json()["games"][0]["id"]
        .as_i64()
        .expect("a 三国 game in the demo archive");
    d.go(&format!("http://{}/games/{id}?ply=1", server.addr));
    d.click("a.position");
    d.wait_url("the explorer by key", |u| u.contains("position="));
    let text = d.text("main");
    assert!(text.contains("reached this position"), "{text}");
    assert!(d.source().contains("<circle"));
}
