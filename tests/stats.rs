//! Statistics and the explorer, every figure worked out by hand on small corpora.

use serde_json::Value;

use crate::support::Archive;

const HOTW: &str = "[Game \"HotW\"]\n[Event \"Stats\"]\n[Date \"2015.01.01\"]\n\nEI\nA(Sumer): Popu\nL.Tig-->Zag(XV) 10\n\nB(Egypt):\nNileDel-->Nub 20\n\nEII\nA(Assy):\nLev-->EAna 25\n\nB(Chou):\nWei-->Yang 22\n\n\
[Game \"HotW\"]\n[Event \"Stats\"]\n[Date \"2016.01.01\"]\n\nEI\nA(Sumer):\nL.Tig-->Zag 4\n\nB(Egypt):\nNileDel-->Nub 8\n\nEII\nA(Assy):\nLev-->EAna 40\n\nB(Chou):\nWei-->Yang 9\n\n\
[Game \"HotW\"]\n[Event \"Stats\"]\n[Date \"2016.06.01\"]\n\nEI\nA(Sumer):\nL.Tig-->Zag 1\n\nB(Egypt):\nNileDel-->Nub 2\n\nEII\nA(Assy):\nLev-->EAna 3\n\nB(Chou):\nWei-->Yang 50\n";

fn sanguo(title: &str, third: &str) -> String {
    format!("[Game \"Sanguo\"]\n[Title \"{title}\"]\n\n1.马6进5，炮12平10，{third}\n\n")
}

fn empire<'a>(v: &'a Value, code: &str) -> &'a Value {
    v["empires"]
        .as_array()
        .expect("empires")
        .iter()
        .find(|e| e["empire"] == code)
        .unwrap_or_else(|| panic!("{code}: {v}"))
}

#[test]
fn hotw_empire_and_card_figures() {
    let a = Archive::new();
    let f = a.file("s.hotw", HOTW);
    assert_eq!(a.import(&[f]).imported, 3);
    let srv = a.serve();
    let v = srv.get("/api/stats/hotw/empires").json();
    // Sumer gains 10, 4, 1: mean 5, median 4; Assy 15, 36, 2: mean 17.67, median 15;
    // Egypt 20, 8, 2: mean 10, median 8; Chou 2, 1, 48: mean 17, median 2.
    for (code, epoch, mean, median, score) in [
        ("Sumer", 1, 5.0, 4.0, 5.0),
        ("Assy", 2, 17.67, 15.0, 22.67),
        ("Egypt", 1, 10.0, 8.0, 10.0),
        ("Chou", 2, 17.0, 2.0, 27.0),
    ] {
        let e = empire(&v, code);
        assert_eq!(e["epoch"], epoch, "{code}");
        assert_eq!(e["turns"], 3, "{code}");
        assert_eq!(e["mean_gain"].as_f64(), Some(mean), "{code}");
        assert_eq!(e["median_gain"].as_f64(), Some(median), "{code}");
        assert_eq!(e["mean_score"].as_f64(), Some(score), "{code}");
    }
    // One battle (X then V) in three Sumer turns; A won games 1 and 2 (25 > 22, 40 > 9), B game 3.
    let sumer = empire(&v, "Sumer");
    assert_eq!(
        (
            sumer["battles_per_turn"].as_f64(),
            sumer["share_v"].as_f64(),
            sumer["share_x"].as_f64()
        ),
        (Some(0.33), Some(0.5), Some(0.5))
    );
    assert_eq!(sumer["placings"], serde_json::json!([2, 1, 0, 0, 0, 0]));
    assert_eq!(sumer["mean_placing"].as_f64(), Some(1.33));
    assert_eq!(sumer["top_cards"], serde_json::json!([["Popu", 1]]));
    let cards = srv.get("/api/stats/hotw/cards").json();
    assert_eq!(cards["cards"][0]["card"], "Popu");
    assert_eq!(
        cards["cards"][0]["by_epoch"],
        serde_json::json!([1, 0, 0, 0, 0, 0, 0])
    );
    assert_eq!(cards["cards"][0]["mean_gain"].as_f64(), Some(10.0));
    // filters: the 2016 games only
    let y = srv.get("/api/stats/hotw/empires?from=2016&to=2016").json();
    assert_eq!(empire(&y, "Sumer")["mean_gain"].as_f64(), Some(2.5));
    assert_eq!(
        srv.get("/api/stats/hotw/empires?from=2017&to=2016").status,
        400
    );
    // the HotW opening: Sumer with Popu (1 game, 1st), Sumer without cards (2 games: 1st and 2nd)
    let o = srv.get("/api/explorer/hotw").json();
    let ops = o["openings"].as_array().expect("openings");
    let plain = ops
        .iter()
        .find(|x| x["empire"] == "Sumer" && x["cards"] == "")
        .expect("plain Sumer");
    assert_eq!(
        (
            plain["games"].as_i64(),
            plain["placings"][0].as_i64(),
            plain["placings"][1].as_i64()
        ),
        (Some(2), Some(1), Some(1))
    );
    for path in [
        "/stats/hotw",
        "/stats/hotw/empires.csv",
        "/stats/hotw/cards.csv",
        "/explorer/hotw",
    ] {
        assert_eq!(srv.get(path).status, 200, "{path}");
    }
    let csv = srv.get("/stats/hotw/empires.csv").body;
    assert!(
        csv.lines().any(|l| l.starts_with("Sumer,1,false,3,5,4,5,")),
        "{csv}"
    );
}

#[test]
fn sanguo_explorer_counts_three_sided_results_and_draws_and_follows_deletions() {
    let a = Archive::new();
    let games = [
        sanguo("魏胜局", "相7进9"),
        sanguo("吴胜局", "相7进9"),
        sanguo("和棋局", "相11进9"),
        sanguo("蜀胜局", "相7进9"),
    ]
    .concat();
    let f = a.file("e.sanguo", games);
    assert_eq!(a.import(&[f]).imported, 4);
    let srv = a.serve();
    let root = srv.get("/api/explorer/sanguo").json();
    assert_eq!(root["games"], 4);
    assert_eq!(root["moves"][0]["move"], "马6进5");
    assert_eq!(root["moves"][0]["games"], 4);
    let two = srv
        .get("/api/explorer/sanguo?moves=%E9%A9%AC6%E8%BF%9B5,%E7%82%AE12%E5%B9%B310")
        .json();
    assert_eq!(two["games"], 4);
    let m = two["moves"].as_array().expect("moves");
    assert_eq!(m.len(), 2);
    assert_eq!(
        (m[0]["move"].as_str(), m[0]["games"].as_i64()),
        (Some("相7进9"), Some(3))
    );
    assert_eq!(m[0]["wins"], serde_json::json!({"吴": 1, "魏": 1, "蜀": 1}));
    assert_eq!(m[0]["draws"], 0);
    assert_eq!(
        (
            m[1]["move"].as_str(),
            m[1]["games"].as_i64(),
            m[1]["draws"].as_i64()
        ),
        (Some("相11进9"), Some(1), Some(1))
    );
    assert_eq!(m[1]["wins"], serde_json::json!({"吴": 0, "魏": 0, "蜀": 0}));
    assert_eq!(m[0]["thin"], true, "3 games is a thin branch");
    // 1 win in 3: Wilson 95% interval 0.0615–0.7923
    let r = &m[0]["rates"]["魏"];
    assert!((r["rate"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-9);
    assert!(
        (r["low"].as_f64().unwrap() - 0.0615).abs() < 1e-3
            && (r["high"].as_f64().unwrap() - 0.7923).abs() < 1e-3,
        "{r}"
    );
    // traditional characters reach the same node
    let trad = srv
        .get("/api/explorer/sanguo?moves=%E9%A6%AC6%E9%80%B25")
        .json();
    assert_eq!(trad["games"], 4);
    // side statistics: 4 games, 3 decided by a win, 1 draw of all three
    let s = srv.get("/api/stats/sanguo").json();
    assert_eq!(
        (
            s["games"].as_i64(),
            s["decided"].as_i64(),
            s["draws"].as_i64()
        ),
        (Some(4), Some(4), Some(1))
    );
    let wei = s["sides"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["side"] == "魏")
        .unwrap()
        .clone();
    assert_eq!(
        (
            wei["wins"].as_i64(),
            wei["draws"].as_i64(),
            wei["losses"].as_i64()
        ),
        (Some(1), Some(1), Some(2))
    );
    // deleting a game takes it out of the tree
    let (code, _, err) = a.cli(&["delete", "1"]);
    assert_eq!(code, 0, "{err}");
    let after = srv
        .get("/api/explorer/sanguo?moves=%E9%A9%AC6%E8%BF%9B5,%E7%82%AE12%E5%B9%B310")
        .json();
    assert_eq!(after["moves"][0]["games"], 2);
    assert_eq!(
        after["moves"][0]["wins"],
        serde_json::json!({"吴": 1, "魏": 0, "蜀": 1})
    );
    assert_eq!(
        srv.get("/explorer/sanguo?move=%E9%A9%AC6%E8%BF%9B5").status,
        200
    );
    assert_eq!(srv.get("/api/explorer/chess").status, 404);
}
