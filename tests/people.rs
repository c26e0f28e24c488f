//! Events, players, standings and tournament tables, every figure worked out by hand.

use serde_json::{Value, json};

use crate::support::Archive;

fn hotw_game(event: &str, date: &str, round: u32, names: [&str; 3], scores: [i64; 3]) -> String {
    format!(
        "[Game \"HotW\"]\n[Event \"{event}\"]\n[Date \"{date}\"]\n[Round \"{round}\"]\n[A \"{}\"]\n[B \"{}\"]\n[C \"{}\"]\n\nEI\nA(Sumer): L.Tig-->Zag {}\n\nB(Egypt): NileDel-->Nub {}\n\nC(IndV): U.Ind-->L.Ind {}\n\n",
        names[0], names[1], names[2], scores[0], scores[1], scores[2]
    )
}

fn sanguo_game(round: u32, title: &str) -> String {
    format!(
        "[Game \"Sanguo\"]\n[Event \"三国杯\"]\n[Date \"2018.05.01\"]\n[Round \"{round}\"]\n[Title \"{title}\"]\n[吴 \"Chen Jie\"]\n[魏 \"Zhao Yun\"]\n[蜀 \"Ma Chao\"]\n\n1.马6进5，炮12平10，相7进9\n\n"
    )
}

const WEC_TABLE: &str = "event,date,round,board,seat,player,result,rating
WEC Open,2019.01.05,1,1,B,Ann,win,1500
WEC Open,2019.01.05,1,1,W,Bob,loss,1400
WEC Open,2019.01.05,1,2,B,Cid,draw,1450
WEC Open,2019.01.05,1,2,W,Dee,draw,1300
WEC Open,2019.01.05,2,1,B,Ann,draw,
WEC Open,2019.01.05,2,1,W,Dee,draw,
WEC Open,2019.01.05,2,2,B,Bob,loss,
WEC Open,2019.01.05,2,2,W,Cid,win,
WEC Open,2019.01.05,3,1,B,Ann,loss,
WEC Open,2019.01.05,3,1,W,Cid,win,
WEC Open,2019.01.05,3,2,B,Bob,win,
WEC Open,2019.01.05,3,2,W,Dee,loss,
";

fn archive() -> Archive {
    let a = Archive::new();
    let mut hotw = String::new();
    // three spellings of one event, three of one player
    hotw.push_str(&hotw_game(
        "Spring Cup 2017",
        "2017.04.01",
        1,
        ["Lin Wei", "Chen Jie", "Wang Fang"],
        [10, 20, 20],
    ));
    hotw.push_str(&hotw_game(
        "spring  cup",
        "2017.04.02",
        2,
        ["LinWei", "chen jie", "WANG FANG"],
        [30, 25, 5],
    ));
    hotw.push_str(&hotw_game(
        "Spring-Cup",
        "2017.04.03",
        3,
        ["lin wei", "Chen Jie", "Wang Fang"],
        [12, 15, 40],
    ));
    // the same name a year later is another event
    hotw.push_str(&hotw_game(
        "Spring Cup",
        "2018.04.01",
        1,
        ["Lin Wei", "Chen Jie", "Wang Fang"],
        [1, 2, 3],
    ));
    let mut sanguo = String::new();
    sanguo.push_str(&sanguo_game(1, "魏胜局"));
    sanguo.push_str(&sanguo_game(2, "吴灭魏·吴蜀和"));
    sanguo.push_str(&sanguo_game(3, "和棋局"));
    let files = [
        a.file("t/cup.hotw", hotw),
        a.file("t/cup.sanguo", sanguo),
        a.file("t/wec.csv", WEC_TABLE),
        a.file("t/sanguo-results.csv", "event,date,round,seat,player,result\n三國杯,2018.05.01,1,吳,Chen Jie,win\n三國杯,2018.05.01,1,魏,Zhao Yun,loss\n三國杯,2018.05.01,1,蜀,Ma Chao,loss\n"),
    ];
    let (code, out, err) = a.cli(&[
        "import",
        "--json",
        files[0].to_str().unwrap(),
        files[1].to_str().unwrap(),
        files[2].to_str().unwrap(),
        files[3].to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let s: Value = serde_json::from_str(&out).unwrap();
    // 4 HotW + 3 三国 records, 6 WEC games from the table; the 三国 table rows match a record
    assert_eq!(
        (s["imported"].as_u64(), s["rejected"].as_u64()),
        (Some(13), Some(0)),
        "{out}"
    );
    let mismatches: Vec<&Value> = s["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "tournament.result-mismatch")
        .collect();
    assert_eq!(mismatches.len(), 2, "{mismatches:?}");
    assert!(mismatches.iter().all(
        |d| d["file"].as_str().unwrap().ends_with("sanguo-results.csv")
            && d["severity"] == "warning"
    ));
    assert!(mismatches.iter().any(|d| {
        d["message"]
            .as_str()
            .unwrap()
            .contains("the table says win, the record says loss")
    }));
    a
}

fn event_named<'a>(events: &'a Value, name: &str) -> &'a Value {
    events["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .unwrap_or_else(|| panic!("no event {name}: {events}"))
}

fn standings(ev: &Value) -> Vec<(String, f64, u64, f64)> {
    ev["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["player"].as_str().unwrap().to_string(),
                s["points"].as_f64().unwrap(),
                s["place"].as_u64().unwrap(),
                s["tiebreak"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn hotw_standings_by_placing_points_with_the_score_tiebreak() {
    let a = archive();
    let srv = a.serve();
    let events = srv.get("/api/events").json();
    let cup = event_named(&events, "Spring Cup 2017");
    assert_eq!(cup["games"], 3, "three spellings merge into one event");
    let next_year = event_named(&events, "Spring Cup");
    assert_eq!(
        next_year["games"], 1,
        "the same name in another year is another event"
    );
    let ev = srv.get(&format!("/api/events/{}", cup["id"])).json();
    // R1 B,C 20 tie 1st: (6+5)/2 = 5.5 each, A 4. R2 A 6, B 5, C 4. R3 C 6, B 5, A 4.
    // Lin 14, Chen 15.5, Wang 15.5; Chen and Wang tie: final scores 60 vs 65, so Wang first.
    assert_eq!(
        standings(&ev),
        vec![
            ("Wang Fang".into(), 15.5, 1, 65.0),
            ("Chen Jie".into(), 15.5, 2, 60.0),
            ("Lin Wei".into(), 14.0, 3, 52.0)
        ]
    );
    assert_eq!(ev["standings"][0]["by_round"], json!([5.5, 9.5, 15.5]));
    assert_eq!(ev["rounds"], 3);
    let csv = srv.get(&format!("/events/{}/standings.csv", cup["id"]));
    assert!(csv.body.starts_with("place,player,games,points,wins,draws,losses,tiebreak,after round 1,after round 2,after round 3\n1,Wang Fang,3,15.5,2,0,1,65,5.5,9.5,15.5\n"), "{}", csv.body);
    let page = srv.get(&format!("/events/{}", cup["id"]));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Standings by round"));
}

#[test]
fn sanguo_standings_count_wins_draws_and_eliminations() {
    let a = archive();
    let srv = a.serve();
    let events = srv.get("/api/events").json();
    let ev = srv
        .get(&format!(
            "/api/events/{}",
            event_named(&events, "三国杯")["id"]
        ))
        .json();
    // G1 魏胜: Zhao 2. G2 吴灭魏·吴蜀和: Chen 1, Ma 1 (Chen eliminated one side). G3 和棋: 1 each.
    // Zhao 3; Chen 2 and Ma 2 tie, Chen has the elimination.
    assert_eq!(
        standings(&ev),
        vec![
            ("Zhao Yun".into(), 3.0, 1, 0.0),
            ("Chen Jie".into(), 2.0, 2, 1.0),
            ("Ma Chao".into(), 2.0, 3, 0.0)
        ]
    );
}

#[test]
fn wec_standings_with_sonneborn_berger_and_a_crosstable() {
    let a = archive();
    let srv = a.serve();
    let events = srv.get("/api/events").json();
    let open = event_named(&events, "WEC Open");
    assert_eq!(open["games"], 6);
    let ev = srv.get(&format!("/api/events/{}", open["id"])).json();
    // Cid 2.5, Ann 1.5, Dee 1 and Bob 1 tie. Sonneborn-Berger: Dee drew Cid (0.5×2.5) and Ann
    // (0.5×1.5) = 2, Bob beat Dee (1×1) = 1; Cid beat Bob (1) and Ann (1.5), drew Dee (0.5) = 3;
    // Ann beat Bob (1), drew Dee (0.5) = 1.5.
    assert_eq!(
        standings(&ev),
        vec![
            ("Cid".into(), 2.5, 1, 3.0),
            ("Ann".into(), 1.5, 2, 1.5),
            ("Dee".into(), 1.0, 3, 2.0),
            ("Bob".into(), 1.0, 4, 1.0)
        ]
    );
    // Cid's row: vs Ann 1, vs Dee ½, vs Bob 1
    assert_eq!(ev["crosstable"][0], json!(["", "1", "½", "1"]));
    let bob = ev["standings"][3]["player_id"].as_i64().unwrap();
    let p = srv.get(&format!("/api/players/{bob}")).json();
    assert_eq!(p["ratings"][0][1], 1400.0);
}

#[test]
fn aliases_merge_and_a_split_keeps_two_people_apart() {
    let a = archive();
    let srv = a.serve();
    // events and players are the archive's: a curator edits them
    let (_, out, _) = a.cli(&["curator", "add", "Archivist"]);
    let admin = out.lines().last().unwrap().trim().to_string();
    let players = srv.get("/api/players?q=lin%20wei").json();
    let lins = players["players"].as_array().unwrap();
    assert_eq!(lins.len(), 1, "three spellings, one player: {players}");
    assert_eq!(lins[0]["games"], 4);
    let chen = srv.get("/api/players?q=chenjie").json()["players"][0].clone();
    assert_eq!(
        chen["games"], 7,
        "HotW Chen Jie and 三国 Chen Jie share a name"
    );
    let chen_id = chen["id"].as_i64().unwrap();
    let sanguo_games: Vec<i64> = srv.get(&format!("/api/players/{chen_id}")).json()["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["kind"] == "sanguo")
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    assert_eq!(sanguo_games.len(), 3);
    // only curators split
    let r = srv.json(
        "POST",
        &format!("/api/players/{chen_id}/split"),
        None,
        &json!({"name": "Chen Jie (Beijing)", "games": sanguo_games}),
    );
    assert_eq!(r.status, 401);
    let r = srv.json(
        "POST",
        &format!("/api/players/{chen_id}/split"),
        Some(&admin),
        &json!({"name": "Chen Jie (Beijing)", "games": sanguo_games}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let beijing = r.json()["id"].as_i64().unwrap();
    assert_eq!(
        srv.get(&format!("/api/players/{chen_id}")).json()["games"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    assert_eq!(
        srv.get(&format!("/api/players/{beijing}")).json()["games"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // importing the same files again changes nothing: they stay apart
    let again = a.import(&[
        a.dir.path().join("t/cup.hotw"),
        a.dir.path().join("t/cup.sanguo"),
    ]);
    assert_eq!((again.imported, again.duplicates), (0, 7));
    assert_eq!(
        srv.get(&format!("/api/players/{beijing}")).json()["games"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // a romanization: 林伟 is Lin Wei; search by either finds the same games
    let lin = lins[0]["id"].as_i64().unwrap();
    assert_eq!(
        srv.json(
            "POST",
            &format!("/api/players/{lin}/aliases"),
            Some(&admin),
            &json!({"alias": "林偉"})
        )
        .status,
        204
    );
    let by_hanzi = srv
        .get("/api/search?q=player:%E6%9E%97%E4%BC%9F&limit=50")
        .json();
    let by_latin = srv
        .get("/api/search?q=player:%22lin%20wei%22&limit=50")
        .json();
    assert_eq!(by_hanzi["total"], 4, "{by_hanzi}");
    assert_eq!(by_hanzi["total"], by_latin["total"]);
    // event: finds every spelling of the event
    let ev = srv
        .get("/api/search?q=event:%22spring%20cup%202017%22&limit=50")
        .json();
    assert_eq!(ev["total"], 3, "{ev}");
    // merging two players moves their seats
    let r = srv.json(
        "POST",
        "/api/players/merge",
        Some(&admin),
        &json!({"into": chen_id, "from": beijing}),
    );
    assert_eq!(r.status, 204);
    assert_eq!(
        srv.get(&format!("/api/players/{chen_id}")).json()["games"]
            .as_array()
            .unwrap()
            .len(),
        7
    );
    assert_eq!(srv.get(&format!("/api/players/{beijing}")).status, 404);
    let log = srv
        .send("GET", "/api/audit?scope=archive", Some(&admin), None, &[])
        .json();
    let actions: Vec<&str> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["action"].as_str())
        .collect();
    assert!(
        actions.contains(&"player.split")
            && actions.contains(&"player.merge")
            && actions.contains(&"player.alias")
    );
    for path in [
        "/events".to_string(),
        "/players".to_string(),
        format!("/players/{chen_id}"),
    ] {
        assert_eq!(srv.get(&path).status, 200, "{path}");
    }
}

/// An event's dates, rounds and site widen with each game that names it, whatever the order of
/// the games, within one import's transactions and across imports; a game that widens nothing
/// leaves them as they are.
#[test]
fn an_events_dates_rounds_and_site_widen_game_by_game() {
    let a = Archive::new();
    let game = |date: &str, round: &str, site: &str, n: usize| {
        let site = if site.is_empty() {
            String::new()
        } else {
            format!("[Site \"{site}\"]\n")
        };
        format!(
            "[Game \"Sanguo\"]\n[Event \"Widening Cup\"]\n{site}[Date \"{date}\"]\n[Round \"{round}\"]\n[Title \"魏胜\"]\n[Board \"{n}\"]\n\n1.马6进5，炮12平10，相7进9\n\n"
        )
    };
    let first: String = [
        game("2021.05.03", "2", "", 1),
        game("2021.05.01", "1", "", 2),
        game("2021.05.02", "3", "Hall A", 3),
        game("2021.05.02", "2", "Hall B", 4),
    ]
    .concat();
    let s = a.import(&[a.file("one.sanguo", first)]);
    assert_eq!(s.imported, 4);
    let row = |a: &Archive| -> (
        Option<String>,
        Option<String>,
        Option<i64>,
        Option<String>,
        i64,
    ) {
        let conn = annals::store::connection::open(&a.db()).expect("db");
        conn.query_row(
            "SELECT start_date, end_date, rounds, site, (SELECT count(*) FROM events) FROM events",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .expect("event")
    };
    assert_eq!(
        row(&a),
        (
            Some("2021.05.01".into()),
            Some("2021.05.03".into()),
            Some(3),
            Some("Hall A".into()),
            1
        )
    );
    let later: String = [
        game("2021.05.02", "1", "Hall C", 5),
        game("2021.05.09", "5", "", 6),
    ]
    .concat();
    let s = a.import(&[a.file("two.sanguo", later)]);
    assert_eq!(s.imported, 2);
    assert_eq!(
        row(&a),
        (
            Some("2021.05.01".into()),
            Some("2021.05.09".into()),
            Some(5),
            Some("Hall A".into()),
            1
        )
    );
}
