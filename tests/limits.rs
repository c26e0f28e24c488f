//! Limits and hardening: body size (413), query length, page size, import file size, malformed
//! requests (never a 500, JSON errors under /api/), security headers, the OpenAPI document's
//! coverage of the router, and graceful shutdown on SIGTERM finishing a request in flight.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use crate::support::{Archive, corpus};

fn served() -> (Archive, crate::support::Server) {
    let a = Archive::new();
    a.import(&[corpus()]);
    let s = a.serve();
    (a, s)
}

fn assert_json_error(r: &crate::support::Reply, status: u16, what: &str) {
    assert_eq!(r.status, status, "{what}: {}", r.body);
    assert!(
        r.content_type.starts_with("application/json"),
        "{what}: not JSON ({}) {}",
        r.content_type,
        r.body
    );
    let v = r.json();
    assert!(
        v["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{what}: {v}"
    );
}

#[test]
fn body_over_the_limit_is_413_as_json() {
    let (_a, s) = served();
    let big = annals::web::request::MAX_BODY_BYTES + 1;
    for path in [
        "/api/collections",
        "/api/collections/1/items",
        "/api/collections/1/import",
        "/api/members",
    ] {
        // The headers alone, over a socket: the server answers a declared length over the limit
        // before the body comes (a client still writing it may see the connection close first).
        use std::io::{Read, Write};
        let mut c = std::net::TcpStream::connect(s.addr).unwrap();
        write!(
            c,
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {big}\r\nConnection: close\r\n\r\n",
            s.addr
        )
        .unwrap();
        c.set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        let mut answer = String::new();
        c.read_to_string(&mut answer).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
        assert!(head.starts_with("HTTP/1.1 413"), "{path}: {head}");
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{path}: {head}"
        );
        let body = body.trim();
        // (a chunked body carries its length first)
        let json = &body[body.find('{').unwrap_or(0)..=body.rfind('}').unwrap_or(0)];
        let v: serde_json::Value = serde_json::from_str(json).unwrap();
        assert!(
            v["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{path}: {v}"
        );
    }
}

#[test]
fn query_length_page_size_and_offset_are_bounded() {
    let (_a, s) = served();
    let long = "a".repeat(annals::store::index::query::MAX_QUERY_CHARS + 1);
    let r = s.get(&format!("/api/search?q={long}"));
    assert_json_error(&r, 400, "long query");
    assert!(r.json()["error"].as_str().unwrap().contains("longer than"));
    let ok = "a ".repeat(annals::store::index::query::MAX_QUERY_CHARS / 2);
    assert_eq!(s.get(&format!("/api/search?q={}", ok.trim())).status, 200);
    for path in [
        "/api/games?limit=201",
        "/api/games?limit=0",
        "/api/games?limit=-1",
        "/api/games?limit=99999999999999999999999",
        "/api/games?offset=100001",
        "/api/search?q=a&limit=201",
        "/api/search?q=a&offset=100001",
        "/api/games?year=abc",
        "/api/games?kind=chess",
    ] {
        assert_json_error(&s.get(path), 400, path);
    }
    let r = s.get("/api/games?limit=200");
    assert_eq!(r.status, 200);
    // A URL far beyond any query the service reads: refused by the HTTP layer, not a 500.
    let huge = "b".repeat(200_000);
    let mut c = TcpStream::connect(s.addr).unwrap();
    let _ = write!(
        c,
        "GET /api/search?q={huge} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    );
    let mut answer = Vec::new();
    let _ = c.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    // Either refused with a 4xx status or the connection closed: never a 500.
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 4"),
        "{}",
        answer.lines().next().unwrap_or_default()
    );
}

#[test]
fn import_file_size_is_bounded() {
    let a = Archive::new();
    let p = a.dir.path().join("huge.hotw");
    let f = std::fs::File::create(&p).unwrap();
    // A sparse file: no disk used, but its length is over the limit.
    f.set_len(annals::store::ingest::MAX_FILE_BYTES + 1)
        .unwrap();
    drop(f);
    let (code, out, _) = a.cli(&["import", "--json", &p.display().to_string()]);
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rejected"], 1);
    assert_eq!(v["diagnostics"][0]["code"], "record.too-large");
}

#[test]
fn malformed_requests_never_get_a_500() {
    let (a, s) = served();
    let gets = [
        "/api/games/0",
        "/api/games/-1",
        "/api/games/abc",
        "/api/games/99999999999999999999999",
        "/api/games/%FF%FE",
        "/api/games/1%00",
        "/api/games?limit=%FF",
        "/api/games?kind=%00",
        "/api/games?q=%22%27%3B--",
        "/api/games?event=%27%20OR%201%3D1%20--",
        "/api/games?player=%25&empire=_",
        "/api/search",
        "/api/search?q=",
        "/api/search?q=%22",
        "/api/search?q=title%3A",
        "/api/search?q=year%3A99999999999999999999",
        "/api/search?q=year%3A2000..1990",
        "/api/search?q=-a",
        "/api/search?q=OR",
        "/api/search?q=%FF",
        "/api/search?q=kind%3Achess",
        "/api/stats/chess",
        "/api/stats/hotw/nothing",
        "/api/stats/hotw?event=%00",
        "/api/explorer/chess",
        "/api/explorer/sanguo?moves=%E9%A9%AC99%E8%BF%9B99,,,,",
        "/api/explorer/wec?moves=MV%3A(((",
        "/api/explorer/hotw?moves=x",
        "/api/collections/abc",
        "/api/collections/0",
        "/api/collections/999999",
        "/api/collections/1/export.exe",
        "/api/collections/1/..%2F..%2Fetc%2Fpasswd",
        "/api/me",
        "/api/audit",
        "/api/nothing/here",
        "/games/abc",
        "/games/0",
        "/games/99999999999999999999",
        "/search?q=%22",
        "/search?q=a&limit=99999",
        "/stats/chess",
        "/explorer/chess?moves=%00",
        "/collections/abc",
        "/share/nothing",
        "/%FF",
    ];
    for p in gets {
        let r = s.get(p);
        assert!(r.status < 500, "GET {p}: {} {}", r.status, r.body);
        if p.starts_with("/api/") && r.status >= 400 {
            assert_json_error(&r, r.status, p);
        }
    }
    let bodies = [
        "",
        "{",
        "null",
        "[]",
        "\"x\"",
        "{\"name\": 5}",
        "{\"name\": \"\"}",
        "{\"name\": \"x\", \"extra\": 1}",
        "{\"game\": \"x\"}",
        "{\"items\": [1, \"a\"]}",
        "{\"member\": -1}",
        "\u{0}\u{1}",
    ];
    let writes = [
        ("POST", "/api/collections"),
        ("PATCH", "/api/collections/1"),
        ("POST", "/api/collections/1/items"),
        ("PUT", "/api/collections/1/order"),
        ("POST", "/api/collections/1/sections"),
        ("POST", "/api/collections/1/import"),
        ("POST", "/api/members"),
        ("POST", "/api/tokens"),
        ("DELETE", "/api/tokens/abc"),
        ("DELETE", "/api/collections/1/items/abc"),
        ("PUT", "/api/games"),
        ("DELETE", "/api/games/1"),
    ];
    let (_, out, _) = a.cli(&["club", "add", "limits club"]);
    let token = out.lines().last().unwrap().trim().to_string();
    for (m, p) in writes {
        for b in bodies {
            for t in [None, Some("not-a-token"), Some(token.as_str())] {
                for ct in [
                    "application/json",
                    "text/plain",
                    "application/x-www-form-urlencoded",
                ] {
                    let r = s.send(m, p, t, Some(b), &[("content-type", ct)]);
                    assert!(
                        r.status < 500,
                        "{m} {p} {b:?} token {t:?}: {} {}",
                        r.status,
                        r.body
                    );
                    if r.status >= 400 {
                        assert_json_error(&r, r.status, &format!("{m} {p} {b:?}"));
                    }
                }
            }
        }
    }
    // Bad bearer headers.
    for h in [
        "Bearer",
        "Bearer ",
        "Basic abc",
        "Bearer a b c",
        "bearer x\ty",
    ] {
        let r = s.send("GET", "/api/me", None, None, &[("authorization", h)]);
        assert!(r.status < 500, "{h:?}: {}", r.status);
    }
}

#[test]
fn security_headers_on_pages_and_api() {
    let (_a, s) = served();
    for p in [
        "/",
        "/api/games",
        "/games/1",
        "/nothing",
        "/api/openapi.json",
    ] {
        let r = s.get(p);
        let h = |n: &str| {
            r.headers
                .get(n)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        };
        assert_eq!(h("x-content-type-options"), "nosniff", "{p}");
        assert!(
            h("content-security-policy").contains("frame-ancestors 'none'"),
            "{p}"
        );
        assert!(
            h("content-security-policy").contains("default-src 'self'"),
            "{p}"
        );
        assert_eq!(h("x-frame-options"), "DENY", "{p}");
    }
}

/// `.route("/api/…", get(…).post(…))` calls of `src/web/mod.rs`: (path, methods).
fn api_routes() -> Vec<(String, Vec<&'static str>)> {
    let src =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/web/mod.rs")).unwrap();
    let mut out = Vec::new();
    let mut rest = src.as_str();
    while let Some(i) = rest.find(".route(") {
        rest = &rest[i + ".route(".len()..];
        // The call's text: up to the matching parenthesis.
        let mut depth = 1;
        let mut end = 0;
        for (k, c) in rest.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k;
                        break;
                    }
                }
                _ => {}
            }
        }
        let call = &rest[..end];
        let Some(q1) = call.find('"') else { continue };
        let Some(q2) = call[q1 + 1..].find('"') else {
            continue;
        };
        let path = &call[q1 + 1..q1 + 1 + q2];
        if !path.starts_with("/api/") {
            continue;
        }
        let handlers = &call[q1 + 2 + q2..];
        let mut methods = Vec::new();
        for m in ["get", "post", "put", "patch", "delete"] {
            let pat = format!("{m}(");
            let found = handlers.match_indices(&pat).any(|(k, _)| {
                k == 0
                    || !handlers[..k]
                        .chars()
                        .last()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            });
            if found {
                methods.push(m);
            }
        }
        assert!(!methods.is_empty(), "no method read for {path}: {call}");
        out.push((path.to_string(), methods));
    }
    out
}

#[test]
fn openapi_document_covers_every_api_route() {
    let (_a, s) = served();
    let r = s.get("/api/openapi.json");
    assert_eq!(r.status, 200);
    let doc = r.json();
    assert_eq!(doc, annals::web::openapi::document());
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    // It reads as a typed OpenAPI document.
    let typed: utoipa::openapi::OpenApi = serde_json::from_value(doc.clone()).unwrap();
    assert!(!typed.paths.paths.is_empty());
    let routes = api_routes();
    assert!(routes.len() >= 20, "{routes:?}");
    let mut missing = Vec::new();
    for (path, methods) in &routes {
        for m in methods {
            if doc["paths"][path.as_str()][*m].is_null() {
                missing.push(format!("{} {path}", m.to_uppercase()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in src/openapi.rs: {missing:?} (describe every /api route there)"
    );
    // And nothing is described that the router does not serve.
    for (path, ops) in doc["paths"].as_object().unwrap() {
        let served = routes.iter().find(|(p, _)| p == path);
        let Some((_, methods)) = served else {
            panic!("{path} is described but not routed");
        };
        for m in ops.as_object().unwrap().keys() {
            assert!(
                methods.contains(&m.as_str()),
                "{m} {path} is described but not routed"
            );
        }
    }
    // Every $ref resolves.
    let text = doc.to_string();
    for part in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = &part[..part.find('"').unwrap()];
        assert!(
            !doc["components"]["schemas"][name].is_null(),
            "dangling $ref {name}"
        );
    }
}

/// `annals serve` on port 0: the child and its address.
fn spawn_serve(a: &Archive, extra: &[&str]) -> (std::process::Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_annals"))
        .arg("--db")
        .arg(a.db())
        .args(["serve", "--addr", "127.0.0.1:0", "--corpus"])
        .arg(corpus())
        .args(extra)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("annals serving on http://")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .trim_end_matches('/')
        .to_string();
    (child, addr)
}

#[test]
fn sigterm_finishes_requests_in_flight() {
    let a = Archive::new();
    let (_, out, _) = a.cli(&["club", "add", "shutdown club"]);
    let token = out.lines().last().unwrap().trim().to_string();
    let (mut child, addr) = spawn_serve(&a, &[]);

    // A request in flight: headers and half of the body sent, the handler waiting for the rest.
    let body = br#"{"name": "made during shutdown", "public": true}"#;
    let mut conn = TcpStream::connect(&addr).unwrap();
    write!(
        conn,
        "POST /api/collections HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    conn.write_all(&body[..10]).unwrap();
    conn.flush().unwrap();
    // Make sure the server has the request: a second connection's full round trip comes after it.
    let mut probe = TcpStream::connect(&addr).unwrap();
    write!(
        probe,
        "GET /api/games?limit=1 HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    probe.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");

    let pid = child.id().to_string();
    let st = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(st.success());

    // The rest of the body: the request completes.
    conn.write_all(&body[10..]).unwrap();
    let mut reply = String::new();
    conn.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 201"), "{reply}");
    assert!(reply.contains("made during shutdown"), "{reply}");

    // And the server exits cleanly.
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(TcpStream::connect(&addr).is_err(), "still accepting");
}

/// What a user wrote is escaped on every page that shows it (no `|safe` on user text).
#[test]
fn user_text_is_escaped_on_every_page() {
    let a = Archive::new();
    let evil = "<script>alert(1)</script>";
    let img = "<img src=x onerror=alert(2)>";
    a.file(
        "evil.sanguo",
        format!(
            "[Game \"Sanguo\"]\n[Event \"{img}\"]\n[Title \"魏杀汉 {evil}\"]\n[吴 \"{img}\"]\n[Site \"\\\" onmouseover=alert(3) x=\\\"\"]\n\n\
             1.马6进5 {{{evil}}}，炮12平10，相7进9 {img}\n"
        ),
    );
    let s = a.import(&[a.dir.path().join("evil.sanguo")]);
    assert_eq!(s.imported, 1, "{s:?}");
    let id = s.new_ids[0];
    let (_, out, _) = a.cli(&["club", "add", "xss club"]);
    let token = out.lines().last().unwrap().trim().to_string();
    let srv = a.serve();
    let c = srv.json(
        "POST",
        "/api/collections",
        Some(&token),
        &serde_json::json!({"name": evil, "description": img, "public": true}),
    );
    assert_eq!(c.status, 201, "{}", c.body);
    let cid = c.json()["id"].as_i64().unwrap();
    let share = c.json()["share"].as_str().unwrap_or_default().to_string();
    let r = srv.json(
        "POST",
        &format!("/api/collections/{cid}/items"),
        Some(&token),
        &serde_json::json!({"game": id, "note": evil}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let mut pages = vec![
        format!("/games/{id}"),
        format!("/games/{id}?ply=1"),
        "/games".to_string(),
        "/".to_string(),
        "/search?q=%E9%AD%8F%E6%9D%80%E6%B1%89".to_string(),
        format!("/search?q={}", "%3Cscript%3Ealert(1)%3C%2Fscript%3E"),
        "/stats/sanguo".to_string(),
        "/explorer/sanguo".to_string(),
        "/collections".to_string(),
        format!("/collections/{cid}"),
        "/events".to_string(),
        "/players".to_string(),
    ];
    if !share.is_empty() {
        pages.push(format!("/share/{share}"));
    }
    for p in &pages {
        let r = srv.get(p);
        assert!(r.status < 500, "{p}: {}", r.status);
        for bad in [evil, img, "onmouseover=alert(3) x=\""] {
            assert!(!r.body.contains(bad), "{p} shows {bad:?} unescaped");
        }
    }
}

#[test]
fn a_client_too_slow_with_its_headers_is_cut_off() {
    let a = Archive::new();
    let (mut child, addr) = spawn_serve(&a, &["--header-timeout", "1"]);
    // Headers never finished: the server closes the connection (maybe with a 408), it does not
    // wait forever.
    let mut slow = TcpStream::connect(&addr).unwrap();
    write!(slow, "GET /api/games HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ").unwrap();
    let mut rest = Vec::new();
    let _ = slow.read_to_end(&mut rest);
    let rest = String::from_utf8_lossy(&rest);
    assert!(
        rest.is_empty() || rest.starts_with("HTTP/1.1 408"),
        "{rest}"
    );
    // A prompt client is served as usual.
    let mut ok = TcpStream::connect(&addr).unwrap();
    write!(
        ok,
        "GET /api/games?limit=1 HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    ok.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    assert!(child.wait().unwrap().success());
}
