//! A crawl of a fresh demo archive, as a new visitor clicks: every internal link of every page
//! answers 200 (no empty links, no 404s), and every list longer than a page says its right total
//! and has a working "next".

use std::collections::{BTreeSet, VecDeque};

use crate::paging::walk;
use crate::support::{Archive, demo};

/// The internal links (`href="/…"`) of a page, decoded as a browser reads them.
fn links(body: &str) -> Vec<String> {
    body.split("href=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(|h| h.replace("&#38;", "&").replace("&amp;", "&"))
        .filter(|h| h.starts_with('/') && !h.starts_with("//"))
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .collect()
}

/// A board link past ply 3, or a search narrowed by a second field.
fn too_deep(l: &str) -> bool {
    let ply = l
        .split("ply=")
        .nth(1)
        .and_then(|p| p.split('&').next())
        .and_then(|p| p.parse::<u32>().ok());
    let fields = l.split("q=").nth(1).map_or(0, |q| q.matches("%3A").count());
    ply.is_some_and(|p| p > 3) || fields > 1
}

/// The pages reached from `/` by following links, each asked for in language `lang` (by
/// `Accept-Language`): every one answers 200, links nowhere empty and shows no message of the
/// catalogues left with a placeable unfilled. Returns the paths seen.
fn crawl(srv: &crate::support::Server, lang: &str) -> BTreeSet<String> {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut queue: VecDeque<(String, String)> = VecDeque::new();
    queue.push_back(("/".into(), "(start)".into()));
    let mut broken = Vec::new();
    while let Some((path, from)) = queue.pop_front() {
        if !seen.insert(path.clone()) {
            continue;
        }
        assert!(seen.len() < 5_000, "the crawl does not end");
        let r = srv.send("GET", &path, None, None, &[("accept-language", lang)]);
        // A page for members only sends a visitor to the sign-in page: follow it.
        if r.status == 303 {
            let to = r.headers.get("location").and_then(|v| v.to_str().ok());
            if let Some(to) = to.filter(|t| t.starts_with('/')) {
                queue.push_back((to.to_string(), path.clone()));
                continue;
            }
        }
        if r.status != 200 {
            broken.push(format!("{path} (linked from {from}): {}", r.status));
            continue;
        }
        if !r.content_type.starts_with("text/html") {
            continue;
        }
        assert!(!r.body.contains("href=\"\""), "an empty link on {path}");
        // Fluent writes a variable the code did not give as `{$name}`.
        assert!(
            !r.body.contains("{$"),
            "a message without its argument on {path} ({lang}): {}",
            &r.body[r.body.find("{$").unwrap_or(0)..]
                [..60.min(r.body.len() - r.body.find("{$").unwrap_or(0))]
        );
        for l in links(&r.body) {
            // The explorer's tree a few moves deep, a game's board at its first plies and a search
            // narrowed by one facet: enough to reach every kind of page and link.
            if l.matches("move=").count() > 3 || too_deep(&l) {
                continue;
            }
            if !seen.contains(&l) {
                queue.push_back((l, path.clone()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    seen
}

#[test]
fn every_link_of_a_fresh_demo_archive_answers() {
    let a = Archive::new();
    a.import(&[demo()]);
    let srv = a.serve();
    let seen = crawl(&srv, "en");
    for kind in [
        "/games/",
        "/events/",
        "/players/",
        "/stats/",
        "/explorer/",
        "/api/games/",
    ] {
        assert!(
            seen.iter().any(|p| p.starts_with(kind)),
            "the crawl reached no {kind} page"
        );
    }
    assert!(
        seen.iter().any(|p| p == "/stats/deluge"),
        "nothing links the Deluge statistics"
    );
}

#[test]
fn every_page_of_the_demo_archive_reads_whole_in_each_language() {
    let a = Archive::new();
    a.import(&[demo()]);
    let srv = a.serve();
    for lang in ["zh-TW", "zh-CN", "ko"] {
        let seen = crawl(&srv, lang);
        assert!(seen.len() > 50, "{lang}: {} pages", seen.len());
    }
}

#[test]
fn every_list_longer_than_a_page_says_its_total_and_pages_on() {
    let a = Archive::new();
    a.import(&[demo()]);
    let srv = a.serve();
    let api_total = |p: &str| srv.get(p).json()["total"].as_i64().unwrap();
    let lists = [
        ("/games?limit=5", "/games/", api_total("/api/games")),
        ("/players?limit=5", "/players/", api_total("/api/players")),
        ("/events?limit=2", "/events/", api_total("/api/events")),
        (
            "/search?q=kind:sanguo&limit=3",
            "/games/",
            api_total("/api/search?q=kind:sanguo"),
        ),
    ];
    for (path, items, total) in lists {
        let (hrefs, pages) = walk(&srv, path, items);
        assert!(pages.len() > 1, "{path}: {total} fit on one page");
        assert!(
            pages[0].contains(&format!(" of {total}")),
            "{path}: the total {total} is not said"
        );
        // Items of the list only: the games list's own links, not the navigation's.
        let unique: BTreeSet<&String> = hrefs
            .iter()
            .filter(|h| h[items.len()..].starts_with(|c: char| c.is_ascii_digit()))
            .collect();
        assert!(
            unique.len() as i64 >= total,
            "{path}: {} of {total} reached",
            unique.len()
        );
    }
}
