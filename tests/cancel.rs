//! Work that outlives its request is called off: an upload whose request times out stops parsing
//! and writes nothing, and the server exits within 10 s of SIGTERM whatever is running.

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::bounded::{get, http, spawn_server};
use crate::support::Archive;

/// Sanguo games, distinct by their titles, filling about `bytes` bytes.
fn many_games(bytes: usize) -> String {
    let mut s = String::new();
    let mut i = 0;
    while s.len() < bytes {
        s.push_str(&format!(
            "[Game \"Sanguo\"]\n[Title \"对局 {i}\"]\n\n1.马6进5，炮12平10，相7进9\n\n"
        ));
        i += 1;
    }
    s
}

fn club_token(a: &Archive) -> String {
    let (code, out, err) = a.cli(&["club", "add", "Uploaders"]);
    assert_eq!(code, 0, "{err}");
    out.lines().last().expect("token").trim().to_string()
}

fn game_count(a: &Archive) -> i64 {
    let conn = annals::store::connection::open(&a.db()).expect("db");
    conn.query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .expect("count")
}

#[test]
fn an_upload_whose_request_times_out_stops_and_writes_nothing() {
    let a = Archive::new();
    let token = club_token(&a);
    let state = annals::AppState::open(&a.paths()).expect("state");
    let permits = state.blocking.available_permits();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind");
    let addr = listener.local_addr().expect("addr").to_string();
    let app = annals::web::app_with_timeout(state.clone(), Duration::from_millis(200));
    rt.spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    let body = json!({"name": "Uploads", "description": "", "public": false}).to_string();
    let (status, created) = http(
        &addr,
        &format!(
            "POST /api/collections HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    );
    assert_eq!(status, 201, "{created}");
    let id: serde_json::Value = serde_json::from_str(&created).expect("json");
    let id = id["id"].as_i64().expect("id");
    // about 30,000 games: far more than 200 ms of parsing
    let records = many_games(1_900_000);
    let (status, reply) = http(
        &addr,
        &format!(
            "POST /api/collections/{id}/import HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{records}",
            records.len()
        ),
    );
    assert_eq!(status, 408, "{reply}");
    // the blocking slot comes back once the parse has stopped (a bounded wait on the state)
    let until = Instant::now() + Duration::from_secs(10);
    while state.blocking.available_permits() < permits && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        state.blocking.available_permits(),
        permits,
        "the worker is free"
    );
    // nothing of the upload was written, not even an import run
    assert_eq!(game_count(&a), 0);
    let conn = annals::store::connection::open(&a.db()).expect("db");
    let runs: i64 = conn
        .query_row("SELECT count(*) FROM imports", [], |r| r.get(0))
        .expect("runs");
    assert_eq!(runs, 0);
    // and the server answers the next request
    assert_eq!(get(&addr, "/api/games").0, 200);
}

#[test]
fn sigterm_during_an_upload_exits_within_ten_seconds() {
    let a = Archive::new();
    let token = club_token(&a);
    let (mut child, addr) = spawn_server(&a.db(), &[]);
    let body = json!({"name": "Uploads", "description": "", "public": false}).to_string();
    let (status, created) = http(
        &addr,
        &format!(
            "POST /api/collections HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    );
    assert_eq!(status, 201, "{created}");
    let id: serde_json::Value = serde_json::from_str(&created).expect("json");
    let id = id["id"].as_i64().expect("id");
    // one upload whose body never ends (the request stays in flight) …
    let mut stalled = TcpStream::connect(&addr).expect("connect");
    stalled
        .write_all(
            format!(
                "POST /api/collections/{id}/import HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: text/plain\r\nContent-Length: 1000000\r\n\r\n[Game \"Sanguo\"]\n"
            )
            .as_bytes(),
        )
        .expect("write");
    // … and one being parsed
    let records = many_games(1_900_000);
    let busy = {
        let addr = addr.clone();
        std::thread::spawn(move || {
            http(
                &addr,
                &format!(
                    "POST /api/collections/{id}/import HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{records}",
                    records.len()
                ),
            )
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let until = Instant::now() + Duration::from_secs(10);
    let mut exited = None;
    while Instant::now() < until {
        if let Some(s) = child.try_wait().expect("wait") {
            exited = Some(s);
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    if exited.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    assert!(exited.is_some(), "still running 10 s after SIGTERM");
    drop(stalled);
    let _ = busy.join();
}
