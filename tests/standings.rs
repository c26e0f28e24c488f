//! Standings count every game of an event (a game without a result is played and unscored), and a
//! merge of two players is kept in the audit log and undone cleanly.

use std::collections::BTreeSet;

use serde_json::json;

use crate::support::Archive;

fn wec(white: &str, black: &str, result: Option<&str>, round: u32) -> String {
    let mut s = format!(
        "[Game \"WEC\"]\n[Event \"Spring Cup\"]\n[Date \"2024.03.0{round}\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n"
    );
    if let Some(r) = result {
        s.push_str(&format!("[Result \"{r}\"]\n"));
    }
    s.push_str("\nMV:JE(1,7)->^(1,7)\n\n");
    s
}

#[test]
fn standings_count_every_game_and_unscored_ones_rank_nobody_first() {
    let a = Archive::new();
    let records = [
        wec("Ann", "Bo", Some("White wins"), 1),
        wec("Bo", "Cy", Some("Draw"), 2),
        wec("Ann", "Cy", None, 3),
        wec("Dee", "Eve", None, 4),
    ]
    .concat();
    let f = a.file("cup.wec", records);
    assert_eq!(a.import(&[f]).imported, 4);
    let srv = a.serve();
    let ev = &srv.get("/api/events").json()["events"][0];
    let ev = srv.get(&format!("/api/events/{}", ev["id"])).json();
    let st = ev["standings"].as_array().unwrap();
    let games: i64 = st.iter().map(|s| s["games"].as_i64().unwrap()).sum();
    assert_eq!(games, 8, "every seat of every game: {st:?}");
    let by = |n: &str| st.iter().find(|s| s["player"] == n).unwrap().clone();
    assert_eq!(by("Ann")["games"], 2);
    assert_eq!(by("Ann")["unscored"], 1);
    assert_eq!(by("Ann")["points"], 1.0);
    assert_eq!(by("Ann")["place"], 1);
    // Dee and Eve played only a game without a result: no place, after everyone ranked.
    assert_eq!(by("Dee")["place"], 0);
    assert_eq!(by("Eve")["games"], 1);
    assert_eq!(st.last().unwrap()["place"], 0);
    assert_eq!(ev["without_result"], 2);
    let page = srv.get(&format!("/events/{}", ev["id"])).body;
    assert!(page.contains("4 games in this event"), "{page}");
    assert!(page.contains("counted as played and unscored"));
}

#[test]
fn a_merge_of_two_players_is_audited_and_undone_cleanly() {
    let a = Archive::new();
    let (_, out, _) = a.cli(&["club", "add", "Lions"]);
    let admin = out.lines().last().unwrap().trim().to_string();
    let f = a.file(
        "lu.wec",
        [
            wec("陆逊", "Ann", Some("White wins"), 1),
            wec("Lu Xun", "Bo", Some("Black wins"), 2),
        ]
        .concat(),
    );
    assert_eq!(a.import(&[f]).imported, 2);
    let srv = a.serve();
    let id_of = |n: &str| {
        srv.get(&format!(
            "/api/players?q={}",
            form_urlencoded::byte_serialize(n.as_bytes()).collect::<String>()
        ))
        .json()["players"][0]["id"]
            .as_i64()
            .unwrap()
    };
    let (lu, luxun) = (id_of("陆逊"), id_of("Lu Xun"));
    assert_ne!(lu, luxun);
    let before_lu = srv.get(&format!("/api/players/{lu}")).json();
    let before_luxun = srv.get(&format!("/api/players/{luxun}")).json();
    let hits = |q: &str| -> BTreeSet<i64> {
        srv.get(&format!(
            "/api/search?q={}",
            form_urlencoded::byte_serialize(q.as_bytes()).collect::<String>()
        ))
        .json()["hits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["id"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(hits("player:陆逊").len(), 1);

    let r = srv.json(
        "POST",
        "/api/players/merge",
        Some(&admin),
        &json!({"into": lu, "from": luxun}),
    );
    assert_eq!(r.status, 204, "{}", r.body);
    assert_eq!(srv.get(&format!("/api/players/{luxun}")).status, 404);
    // Search finds the merged player under each of its names.
    assert_eq!(hits("player:陆逊").len(), 2);
    assert_eq!(hits("player:\"Lu Xun\"").len(), 2);
    assert_eq!(srv.get("/api/games?player=Lu%20Xun").json()["total"], 2);
    let merges = srv
        .send("GET", "/api/merges", Some(&admin), None, &[])
        .json();
    let m = &merges["merges"][0];
    assert_eq!(
        (m["into"].as_i64(), m["from"].as_i64()),
        (Some(lu), Some(luxun))
    );
    assert_eq!(m["from_name"], "Lu Xun");
    let audit = srv.send("GET", "/api/audit", Some(&admin), None, &[]).body;
    assert!(audit.contains("player.merge"), "{audit}");

    // Undo: both players as they were, the audit log says so, a second undo is refused.
    let r = srv.send(
        "POST",
        &format!("/api/merges/{}/undo", m["id"]),
        Some(&admin),
        None,
        &[],
    );
    assert_eq!(r.status, 204, "{}", r.body);
    assert_eq!(srv.get(&format!("/api/players/{lu}")).json(), before_lu);
    assert_eq!(
        srv.get(&format!("/api/players/{luxun}")).json(),
        before_luxun
    );
    assert_eq!(srv.get("/api/games?player=Lu%20Xun").json()["total"], 1);
    let audit = srv.send("GET", "/api/audit", Some(&admin), None, &[]).body;
    assert!(audit.contains("player.merge.undo"));
    let again = srv.send(
        "POST",
        &format!("/api/merges/{}/undo", m["id"]),
        Some(&admin),
        None,
        &[],
    );
    assert_eq!(again.status, 400);
    assert_eq!(srv.send("GET", "/api/merges", None, None, &[]).status, 401);
}
