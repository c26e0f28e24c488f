//! Bounded answers: a declared body over the limit is refused before it is read, and a long
//! game's moves come a page at a time, so that eight readers of a 30,000-turn game at once keep
//! the server's memory small.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::long_games::wec_flights;
use crate::support::Archive;

/// `annals serve` on 127.0.0.1:0 over the archive's database: the child and its address.
pub(crate) fn spawn_server(db: &Path, env: &[(&str, &str)]) -> (Child, String) {
    let empty = db.with_extension("nocorpus");
    std::fs::create_dir_all(&empty).expect("mkdir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_annals"))
        .arg("--db")
        .arg(db)
        .args(["serve", "--addr", "127.0.0.1:0", "--corpus"])
        .arg(&empty)
        .envs(env.iter().copied())
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn annals serve");
    let mut out = child.stdout.take().expect("stdout");
    let mut line = Vec::new();
    let mut b = [0u8; 1];
    while out.read(&mut b).expect("read") == 1 && b[0] != b'\n' {
        line.push(b[0]);
    }
    let line = String::from_utf8_lossy(&line).to_string();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (child, addr)
}

/// One HTTP/1.1 exchange on a new connection: (status, body).
pub(crate) fn http(addr: &str, request: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    s.write_all(request.as_bytes()).expect("write");
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf);
    let text = String::from_utf8_lossy(&buf).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

pub(crate) fn get(addr: &str, path: &str) -> (u16, String) {
    http(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    )
}

/// Peak resident memory of a process (VmHWM), in bytes.
pub(crate) fn peak_rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kb| kb.parse::<u64>().ok())
        .expect("VmHWM")
        * 1024
}

#[test]
fn an_oversized_declared_body_is_413_before_it_is_sent() {
    let a = Archive::new();
    let srv = a.serve();
    let addr = srv.addr.to_string();
    for path in ["/api/collections", "/api/collections/1/import", "/login"] {
        // the headers only: a server that waited for the body would answer 408 after 30 s
        let mut s = TcpStream::connect(&addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        s.write_all(
            format!(
                "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{{"
            )
            .as_bytes(),
        )
        .expect("write");
        let mut head = [0u8; 64];
        let n = s.read(&mut head).expect("an answer before the body");
        let head = String::from_utf8_lossy(&head[..n]);
        assert!(head.starts_with("HTTP/1.1 413"), "{path}: {head}");
    }
}

#[test]
fn a_long_games_moves_come_in_pages() {
    let a = Archive::new();
    assert_eq!(
        a.import(&[a.file("long.wec", wec_flights(2_500))]).imported,
        1
    );
    let srv = a.serve();
    let first = srv.get("/api/games/1").json();
    assert_eq!(first["moves_total"], 2_500);
    assert_eq!(first["moves_offset"], 0);
    assert_eq!(first["moves_limit"], 1000);
    assert_eq!(first["moves"].as_array().expect("moves").len(), 1000);
    // following `next` reads every move once
    let mut seen = 0;
    let mut next = Some("/api/games/1".to_string());
    let mut plies = Vec::new();
    while let Some(path) = next {
        let page = srv.get(&path).json();
        let moves = page["moves"].as_array().expect("moves");
        seen += moves.len();
        plies.extend(moves.iter().map(|m| m["ply"].as_u64().expect("ply")));
        next = page["next"].as_str().map(str::to_string);
    }
    assert_eq!(seen, 2_500);
    assert_eq!(plies, (1..=2_500).collect::<Vec<u64>>());
    let small = srv
        .get("/api/games/1?moves_offset=2490&moves_limit=20")
        .json();
    assert_eq!(small["moves"].as_array().expect("moves").len(), 10);
    assert!(small["next"].is_null());
    for bad in [
        "moves_limit=0",
        "moves_limit=1001",
        "moves_offset=-1",
        "moves_limit=x",
    ] {
        let r = srv.get(&format!("/api/games/1?{bad}"));
        assert_eq!(r.status, 400, "{bad}");
        assert!(r.body.contains(bad.split('=').next().unwrap_or_default()));
    }
    // the page: the first 1000 moves and a link to the rest; a ply shows its own page
    let page = srv.get("/games/1");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("1000 of 2500 moves"), "paged");
    assert!(
        page.body.contains("?moves_offset=1000&"),
        "a link to the next page"
    );
    let later = srv.get("/games/1?ply=2100");
    assert!(
        later.body.contains("500 of 2500 moves"),
        "{}",
        later
            .body
            .split("of 2500 moves")
            .next()
            .unwrap_or_default()
            .chars()
            .rev()
            .take(300)
            .collect::<String>()
    );
    assert!(
        later.body.contains("background:#fff6c4"),
        "the board's ply is marked"
    );
}

#[test]
fn eight_readers_of_a_30k_turn_game_keep_the_server_under_300_mb() {
    let a = Archive::new();
    assert_eq!(
        a.import(&[a.file("long.wec", wec_flights(30_000))])
            .imported,
        1
    );
    let (mut child, addr) = spawn_server(&a.db(), &[]);
    let readers: Vec<_> = (0..8)
        .map(|i| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let path = if i % 2 == 0 {
                    "/api/games/1"
                } else {
                    "/games/1"
                };
                get(&addr, path)
            })
        })
        .collect();
    for r in readers {
        let (status, body) = r.join().expect("reader");
        assert_eq!(status, 200);
        assert!(body.len() < 8_000_000, "{} bytes", body.len());
    }
    let (_, doc) = get(&addr, "/api/games/1");
    assert!(
        doc.contains("\"moves_total\":30000"),
        "{}",
        &doc[..doc.len().min(200)]
    );
    let peak = peak_rss(child.id());
    let _ = child.kill();
    let _ = child.wait();
    eprintln!("peak RSS of the server: {} MB", peak >> 20);
    assert!(peak < 300 * 1024 * 1024, "peak RSS {} MB", peak >> 20);
}
