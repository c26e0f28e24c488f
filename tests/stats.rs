//! Statistics and the explorer, every figure worked out by hand on small corpora.

use std::path::Path;

use annals::stats::{self, Filter, scan};
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

/// Filters under which the running totals and the scan of the move tables are compared: none,
/// event substrings (the generator's events; one in Chinese; one that matches nothing), year
/// ranges open at either end, and both.
fn filters() -> Vec<Filter> {
    let f = |event: Option<&str>, from: Option<i64>, to: Option<i64>| Filter {
        event: event.map(str::to_string),
        year_from: from,
        year_to: to,
        ..Filter::default()
    };
    vec![
        f(None, None, None),
        f(Some("Open"), None, None),
        f(Some("杯"), None, None),
        f(Some("no such event"), None, None),
        f(None, Some(2000), None),
        f(None, None, Some(1999)),
        f(Some("league"), Some(1995), Some(2010)),
        f(None, Some(2016), Some(2016)),
    ]
}

/// Every statistic of the running totals equals the scan of the move tables, under every filter.
fn assert_totals_agree(db: &Path, when: &str) {
    let conn = annals::store::connection::open(db).expect("open");
    for f in filters() {
        assert_eq!(
            stats::hotw_empires(&conn, &f).unwrap(),
            scan::hotw_empires(&conn, &f).unwrap(),
            "{when}: HotW empires, {f:?}"
        );
        assert_eq!(
            stats::hotw_cards(&conn, &f).unwrap(),
            scan::hotw_cards(&conn, &f).unwrap(),
            "{when}: HotW cards, {f:?}"
        );
        assert_eq!(
            stats::hotw_openings(&conn, &f).unwrap(),
            scan::hotw_openings(&conn, &f).unwrap(),
            "{when}: HotW openings, {f:?}"
        );
        assert_eq!(
            stats::sanguo(&conn, &f).unwrap(),
            scan::sanguo(&conn, &f).unwrap(),
            "{when}: 三国, {f:?}"
        );
        assert_eq!(
            stats::wec(&conn, &f).unwrap(),
            scan::wec(&conn, &f).unwrap(),
            "{when}: WEC, {f:?}"
        );
    }
}

/// `count` generated games from `first` (a third of each kind), as one file's text.
fn generated(first: u64, count: u64) -> String {
    (first..first + count)
        .map(|i| annals::bench::generate::game(7, i) + "\n")
        .collect()
}

fn turns(e: &[stats::EmpireStat]) -> i64 {
    e.iter().map(|e| e.turns).sum()
}

#[test]
fn running_totals_equal_the_scan_through_imports_deletions_and_tournament_tables() {
    let a = Archive::new();
    // A bulk import (empty database): generated games and the repository's corpus, whose records
    // have errors, minor empires, cards with arguments, alliances, Han killed and draws.
    let first = a.file("gen/first.txt", generated(0, 450));
    let s = a.import(&[first, crate::support::corpus()]);
    assert!(s.imported > 450, "{}", s.imported);
    assert_totals_agree(&a.db(), "bulk import");
    {
        // The totals' rows, made beside the indexes, were written and the mark cleared with them.
        let conn = rusqlite::Connection::open(a.db()).unwrap();
        let pending: i64 = conn
            .query_row(
                "SELECT count(*) FROM meta WHERE key = 'tally_pending'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(pending, 0);
    }
    {
        // The comparison is not vacuous: every kind has figures, and filters take fewer games.
        let conn = annals::store::connection::open(&a.db()).unwrap();
        let all = Filter::default();
        let empires = stats::hotw_empires(&conn, &all).unwrap();
        assert!(empires.len() > 20 && empires.iter().any(|e| e.minor));
        let nineties = Filter {
            year_to: Some(1999),
            ..Default::default()
        };
        let some = turns(&stats::hotw_empires(&conn, &nineties).unwrap());
        assert!(0 < some && some < turns(&empires), "{some}");
        assert!(stats::hotw_cards(&conn, &all).unwrap().len() > 5);
        assert!(stats::hotw_openings(&conn, &all).unwrap().len() > 5);
        let sg = stats::sanguo(&conn, &all).unwrap();
        assert!(sg.games > 150 && sg.han_killed > 0 && sg.with_alliance > 0);
        let w = stats::wec(&conn, &all).unwrap();
        assert!(
            w.games > 150 && w.pieces.len() > 5 && w.decided > 0,
            "{w:?}"
        );
    }
    // An import into the archive that now has games: totals written with each batch.
    let more = a.file("gen/more.txt", generated(450, 300));
    assert_eq!(a.import(&[more]).imported, 300);
    assert_totals_agree(&a.db(), "second import");
    // Deletions of each kind.
    for id in ["1", "2", "3", "200", "401"] {
        let (code, _, err) = a.cli(&["delete", id]);
        assert_eq!(code, 0, "{err}");
    }
    assert_totals_agree(&a.db(), "deletions");
    // A tournament table filling in what records lack: the placing of a HotW seat without a score,
    // the results of an undecided 三国 game.
    let records = "[Game \"HotW\"]\n[Event \"Totals Cup\"]\n[Date \"2016.03.01\"]\n[Round \"1\"]\n[A \"Ann\"]\n[B \"Bob\"]\n[C \"Cid\"]\n\nEI\nA(Sumer): L.Tig-->Zag 10\n\nB(Egypt): NileDel-->Nub 20\n\nC(IndV): U.Ind-->L.Ind\n\n\
[Game \"Sanguo\"]\n[Event \"Totals Cup\"]\n[Date \"2016.03.01\"]\n[Round \"2\"]\n[吴 \"Ann\"]\n[魏 \"Bob\"]\n[蜀 \"Cid\"]\n\n1.马6进5，炮12平10，相7进9\n\n";
    let table = "event,date,round,seat,player,result\nTotals Cup,2016.03.01,1,A,Ann,2\nTotals Cup,2016.03.01,1,B,Bob,1\nTotals Cup,2016.03.01,1,C,Cid,3\nTotals Cup,2016.03.01,2,吴,Ann,loss\nTotals Cup,2016.03.01,2,魏,Bob,win\nTotals Cup,2016.03.01,2,蜀,Cid,loss\n";
    let cup = Filter {
        event: Some("Totals Cup".into()),
        ..Default::default()
    };
    assert_eq!(a.import(&[a.file("t/cup.txt", records)]).imported, 2);
    let conn = annals::store::connection::open(&a.db()).unwrap();
    let indv = |conn: &rusqlite::Connection| {
        stats::hotw_empires(conn, &cup)
            .unwrap()
            .into_iter()
            .find(|e| e.empire == "IndV")
            .expect("IndV")
    };
    assert_eq!(indv(&conn).placings, [0; 6]);
    assert_eq!(stats::sanguo(&conn, &cup).unwrap().decided, 0);
    let (code, out, err) = a.cli(&["import", a.file("t/cup.csv", table).to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(indv(&conn).placings, [0, 0, 1, 0, 0, 0]);
    let wei = |s: stats::SanguoStats| s.sides.into_iter().find(|x| x.side == "魏").unwrap();
    assert_eq!(wei(stats::sanguo(&conn, &cup).unwrap()).wins, 1);
    assert_totals_agree(&a.db(), "tournament table");
    let (code, out, _) = a.cli(&["check"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("index and statistics agree"), "{out}");
}

/// Empties the totals and marks them pending, as a bulk import that stopped half-way leaves them
/// (its games stored, its totals still in memory), or sets the schema version to 3, as a database
/// from before the totals is.
fn lose_totals(db: &Path, schema_3: bool) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute("DELETE FROM stat_totals", []).unwrap();
    if schema_3 {
        conn.execute(
            "UPDATE meta SET value = '3' WHERE key = 'schema_version'",
            [],
        )
        .unwrap();
    } else {
        conn.execute(
            "INSERT INTO meta(key, value) VALUES ('tally_pending', '1')",
            [],
        )
        .unwrap();
    }
}

fn pending(db: &Path) -> bool {
    rusqlite::Connection::open(db)
        .unwrap()
        .query_row(
            "SELECT count(*) FROM meta WHERE key = 'tally_pending'",
            [],
            |r| r.get::<_, i64>(0),
        )
        .unwrap()
        > 0
}

#[test]
fn totals_left_incomplete_are_rebuilt_on_open_unless_a_bulk_import_holds_the_lock() {
    let a = Archive::new();
    a.import(&[a.file("gen/g.txt", generated(0, 90))]);
    assert!(!pending(&a.db()), "a finished bulk import clears its mark");
    let wec_games = |db: &Path| {
        stats::wec(
            &annals::store::connection::open(db).unwrap(),
            &Filter::default(),
        )
        .unwrap()
        .games
    };
    assert_eq!(wec_games(&a.db()), 30);
    lose_totals(&a.db(), false);
    // Another process's bulk import holds the lock: its totals are still to come, leave them be.
    let mut lock_name = a.db().into_os_string();
    lock_name.push(".tally-lock");
    let lock = std::fs::File::create(&lock_name).unwrap();
    lock.lock().unwrap();
    assert_eq!(wec_games(&a.db()), 0);
    assert!(pending(&a.db()));
    drop(lock);
    // No one holds it: the import stopped; the next open counts every stored game again.
    assert_eq!(wec_games(&a.db()), 30);
    assert!(!pending(&a.db()));
    assert_totals_agree(&a.db(), "rebuilt after an interrupted import");
    // A database of schema 3 has no totals: opening it counts them.
    lose_totals(&a.db(), true);
    assert_totals_agree(&a.db(), "migrated from schema 3");
    assert_eq!(wec_games(&a.db()), 30);
    // A database of schema 4: its buckets have no span (no roll-ups) and its rows of every
    // bucket, roll-ups included, would read as buckets of one event and year; opening it drops
    // its totals and counts them again, with their roll-ups.
    {
        let conn = rusqlite::Connection::open(a.db()).unwrap();
        conn.execute_batch(
            "DROP INDEX stat_buckets_key;
             ALTER TABLE stat_buckets DROP COLUMN span;
             CREATE INDEX stat_buckets_key ON stat_buckets(kind, event, year);
             UPDATE meta SET value = '4' WHERE key = 'schema_version';",
        )
        .unwrap();
    }
    assert_totals_agree(&a.db(), "migrated from schema 4");
    assert_eq!(wec_games(&a.db()), 30);
    let conn = rusqlite::Connection::open(a.db()).unwrap();
    let spans: Vec<(i64, i64)> = conn
        .prepare("SELECT span, count(*) FROM stat_buckets WHERE kind = 'wec' GROUP BY span")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let buckets = |span: i64| spans.iter().find(|s| s.0 == span).map_or(0, |s| s.1);
    let events: i64 = conn
        .query_row(
            "SELECT count(DISTINCT event) FROM stat_buckets WHERE kind = 'wec' AND span = 0",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(buckets(0) > events, "{spans:?}");
    assert!(buckets(1) > 1, "a roll-up for each year: {spans:?}");
    assert_eq!(buckets(2), 1, "one roll-up of the whole kind: {spans:?}");
    assert_eq!(buckets(3), events, "a roll-up for each event: {spans:?}");
}

/// Schema 6 kept each total as a row of its own table. Opening such a database packs each bucket's
/// rows into the `stat_totals` row that an import writes (the same JSON, byte for byte), drops a
/// total of all zeros, and leaves views of the old names that read the same rows.
#[test]
fn version_6_total_rows_are_packed_on_open() {
    let a = Archive::new();
    a.import(&[a.file("gen/g.txt", generated(0, 90))]);
    let views: Vec<&str> = annals::store::tally::table_names().collect();
    let read = |db: &Path| {
        let conn = rusqlite::Connection::open(db).unwrap();
        let packed: Vec<(i64, String, String)> = conn
            .prepare("SELECT bucket, part, totals FROM stat_totals ORDER BY bucket, part")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut rows = Vec::new();
        for v in &views {
            let mut st = conn.prepare(&format!("SELECT * FROM {v}")).unwrap();
            let n = st.column_count();
            let mut these: Vec<String> = st
                .query_map([], |r| {
                    (0..n)
                        .map(|i| Ok(format!("{:?}", r.get::<_, rusqlite::types::Value>(i)?)))
                        .collect::<Result<Vec<_>, _>>()
                        .map(|c| c.join("|"))
                })
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            these.sort();
            rows.push((v.to_string(), these));
        }
        (packed, rows)
    };
    let (packed, rows) = read(&a.db());
    assert_eq!(views.len(), 8);
    for (v, r) in &rows {
        if !v.starts_with("stat_sides") {
            assert!(!r.is_empty(), "{v} has totals");
        }
    }
    {
        let conn = rusqlite::Connection::open(a.db()).unwrap();
        for v in &views {
            conn.execute_batch(&format!(
                "CREATE TABLE old_{v} AS SELECT * FROM {v};
                 DROP VIEW {v};
                 ALTER TABLE old_{v} RENAME TO {v};"
            ))
            .unwrap();
        }
        conn.execute_batch(
            "DELETE FROM stat_totals;
             INSERT INTO wec_piece_counts SELECT bucket, 'zero', 0 FROM wec_piece_counts LIMIT 1;
             UPDATE meta SET value = '6' WHERE key = 'schema_version';",
        )
        .unwrap();
    }
    assert_eq!(
        read(&a.db()).0,
        Vec::new(),
        "no packed totals before the open"
    );
    drop(annals::store::connection::open(&a.db()).unwrap());
    let conn = rusqlite::Connection::open(a.db()).unwrap();
    for v in &views {
        let ty: String = conn
            .query_row("SELECT type FROM sqlite_master WHERE name = ?1", [v], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(ty, "view", "{v}");
    }
    let (packed_again, rows_again) = read(&a.db());
    assert_eq!(packed_again, packed);
    assert_eq!(rows_again, rows);
    assert!(!pending(&a.db()), "packed, not counted again");
    assert_totals_agree(&a.db(), "migrated from schema 6");
}
