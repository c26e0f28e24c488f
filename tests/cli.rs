//! The command line as a user runs it.

use crate::support::Archive;

const HOTW_GAME: &str = "[Game \"HotW\"]\n[Event \"Club night\"]\n[Date \"2017.03.??\"]\n[A \"Lin Wei\"]\n\nC(Hit): E.Ana-->Lev,Zag;\nE.Ana(+m)\n\nC(Sumer): L.Tig-->Zag-->U.Tig-->Lev;\nL.Tig(+m) 12\n";
const SANGUO_GAME: &str =
    "[Game \"Sanguo\"]\n[Title \"魏杀汉·魏胜\"]\n[魏 \"曹\"]\n\n1.马6进5，炮12平10，相7进9\n";

#[test]
fn batch_with_an_unreadable_file_stores_the_good_ones_and_exits_1() {
    let a = Archive::new();
    let good = a.file("in/good.txt", format!("{HOTW_GAME}\n{SANGUO_GAME}"));
    a.file("in/broken.hotw", b"\x00\x01\x02\x03 not text \xff\xfe\x00");
    a.file(
        "in/nokind.txt",
        "[Event \"x\"]\n\nsome words that are no notation\n",
    );
    let (code, out, err) = a.cli(&[
        "import",
        "--json",
        a.dir.path().join("in").to_str().expect("utf8"),
    ]);
    assert_eq!(code, 1, "stdout {out} stderr {err}");
    let s: serde_json::Value = serde_json::from_str(&out).expect("json summary");
    assert_eq!(s["imported"], 2);
    assert_eq!(s["duplicates"], 0);
    assert_eq!(s["rejected"], 2);
    let games = s["games"].as_array().expect("games");
    assert_eq!(games.len(), 4);
    let rejected: Vec<&serde_json::Value> =
        games.iter().filter(|g| g["status"] == "rejected").collect();
    assert_eq!(rejected.len(), 2);
    assert!(rejected.iter().any(|g| {
        g["file"]
            .as_str()
            .is_some_and(|f| f.ends_with("broken.hotw"))
            && g["line"] == 1
    }));
    assert!(rejected.iter().any(|g| {
        g["file"]
            .as_str()
            .is_some_and(|f| f.ends_with("nokind.txt"))
            && g["line"] == 1
    }));
    let diags = s["diagnostics"].as_array().expect("diagnostics");
    let binary = diags
        .iter()
        .find(|d| d["code"] == "record.binary")
        .expect("binary diagnostic");
    assert!(
        binary["file"]
            .as_str()
            .is_some_and(|f| f.ends_with("broken.hotw"))
    );
    assert_eq!(
        (binary["line"].as_u64(), binary["severity"].as_str()),
        (Some(1), Some("error"))
    );
    assert!(diags.iter().any(|d| d["code"] == "record.unknown-kind"));

    // the same good file again: nothing new is stored
    let (code, out, _) = a.cli(&["import", "--json", good.to_str().expect("utf8")]);
    assert_eq!(code, 0);
    let s: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(
        (s["imported"].as_u64(), s["duplicates"].as_u64()),
        (Some(0), Some(2))
    );
    let (code, out, _) = a.cli(&["check"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("ok: 2 games"), "{out}");
}

#[test]
fn human_summary_names_the_rejected_file() {
    let a = Archive::new();
    let bad = a.file("bad.sanguo", b"\x00\x00\x00");
    let (code, out, err) = a.cli(&["import", bad.to_str().expect("utf8")]);
    assert_eq!(code, 1);
    assert!(
        out.contains("imported 0 games, 0 duplicates, 1 rejected"),
        "{out}"
    );
    assert!(
        err.contains("bad.sanguo:1:1: error [record.binary]"),
        "{err}"
    );
}

#[test]
fn crlf_and_reordered_tags_are_the_same_game() {
    let a = Archive::new();
    let one = a.file("one.sanguo", SANGUO_GAME);
    let crlf = SANGUO_GAME.replace('\n', "\r\n").replace(
        "[Title \"魏杀汉·魏胜\"]\r\n[魏 \"曹\"]",
        "[魏 \"曹\"]\r\n[Title \"魏杀汉·魏胜\"]",
    );
    let two = a.file("two.sanguo", crlf);
    let s = a.import(&[one, two]);
    assert_eq!((s.imported, s.duplicates), (1, 1));
}

#[test]
fn legacy_encodings_are_transcoded_and_noted() {
    let a = Archive::new();
    let text = "[Game \"三國演弈棋\"]\n[Title \"魏殺漢·魏勝\"]\n\n1.馬6進5，炮12平10，相7進9\n";
    let (big5, _, _) = encoding_rs::BIG5.encode(text);
    let (gb, _, _) = encoding_rs::GB18030.encode(SANGUO_GAME);
    let mut utf16 = vec![0xFF, 0xFE];
    for u in HOTW_GAME.encode_utf16() {
        utf16.extend_from_slice(&u.to_le_bytes());
    }
    let files = [
        a.file("big5.txt", &*big5),
        a.file("gb.txt", &*gb),
        a.file("u16.txt", utf16),
    ];
    let (code, out, err) = a.cli(&[
        "import",
        "--json",
        files[0].to_str().expect("p"),
        files[1].to_str().expect("p"),
        files[2].to_str().expect("p"),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let s: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(s["imported"], 3);
    let enc: Vec<&str> = s["diagnostics"]
        .as_array()
        .expect("diags")
        .iter()
        .filter(|d| d["code"] == "record.encoding")
        .filter_map(|d| d["message"].as_str())
        .collect();
    assert!(enc.iter().any(|m| m.contains("Big5")), "{enc:?}");
    assert!(enc.iter().any(|m| m.contains("gb18030")), "{enc:?}");
    assert!(enc.iter().any(|m| m.contains("UTF-16LE")), "{enc:?}");
    let (code, show, _) = a.cli(&["show", "1"]);
    assert_eq!(code, 0);
    let g: serde_json::Value = serde_json::from_str(&show).expect("json");
    assert_eq!(g["raw"].as_str(), Some(text.trim_end()));
    assert_eq!(g["source"]["encoding"], "Big5");
    assert_eq!(g["title"], "魏殺漢·魏勝");
}

/// The corpus's files in EUC-KR and windows-1252 are transcoded; the UTF-8 file damaged in its
/// second game is read as UTF-8, and the warning about its damaged bytes is stored with that game
/// only (before: the three files were rejected whole).
#[test]
fn korean_western_and_damaged_files_are_read_and_the_damage_is_the_games_that_holds_it() {
    let a = Archive::new();
    let corpus = crate::support::corpus();
    let files = [
        corpus.join("wec/euc-kr.wec"),
        corpus.join("deluge/windows-1252.dip"),
        corpus.join("sanguo/damaged-utf8.sanguo"),
    ];
    let mut args = vec!["import", "--json"];
    args.extend(files.iter().map(|f| f.to_str().expect("utf8")));
    let (code, out, err) = a.cli(&args);
    assert_eq!(code, 0, "{out}{err}");
    let s: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(s["imported"], 4, "{out}");
    let conn = rusqlite::Connection::open(&a.paths().db).expect("db");
    let damaged: Vec<(i64, i64, i64, String)> = conn
        .prepare(
            "SELECT g.id, d.line, d.col, d.message FROM diagnostics d JOIN games g ON g.id = d.game_id \
             WHERE d.code = 'record.encoding-replaced' ORDER BY g.id",
        )
        .expect("prepare")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    // games 3 and 4 are the damaged file's; only the second holds line 31
    assert_eq!(
        damaged,
        [(
            4,
            31,
            23,
            "2 bytes not valid UTF-8 (the rest of the file is) replaced by U+FFFD".to_string()
        )]
    );
    for (id, encoding, name) in [
        (1, "EUC-KR", "박에이다"),
        (2, "windows-1252", "Béatrice Baudin"),
    ] {
        let (code, show, _) = a.cli(&["show", &id.to_string()]);
        assert_eq!(code, 0);
        let g: serde_json::Value = serde_json::from_str(&show).expect("json");
        assert_eq!(g["source"]["encoding"], encoding, "{show}");
        assert!(
            g["raw"].as_str().is_some_and(|r| r.contains(name)),
            "{show}"
        );
    }
}

#[test]
fn usage_errors_exit_2() {
    let a = Archive::new();
    let f = a.file("x.sanguo", SANGUO_GAME);
    assert_eq!(a.cli(&["import"]).0, 2);
    assert_eq!(
        a.cli(&["import", "--kind", "chess", f.to_str().expect("p")])
            .0,
        2
    );
    assert_eq!(a.cli(&["import", "/no/such/file.hotw"]).0, 2);
    assert_eq!(a.cli(&["show", "abc"]).0, 2);
    assert_eq!(a.cli(&["search", "year:abc"]).0, 2);
    assert_eq!(a.cli(&["frobnicate"]).0, 2);
}

#[test]
fn check_finds_a_lagging_index_and_reindex_repairs_it() {
    let a = Archive::new();
    let f = a.file("g.txt", format!("{HOTW_GAME}\n{SANGUO_GAME}"));
    assert_eq!(a.cli(&["import", f.to_str().expect("p")]).0, 0);
    std::fs::remove_dir_all(a.paths().index).expect("remove index");
    let (code, out, _) = a.cli(&["check"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("game 1 is in the database but not in the index"),
        "{out}"
    );
    assert!(
        out.contains("game 2 is in the database but not in the index"),
        "{out}"
    );
    let (code, out, _) = a.cli(&["reindex"]);
    assert_eq!((code, out.trim()), (0, "indexed 2 games"));
    assert_eq!(a.cli(&["check"]).0, 0);
}

/// Bodies are not stored: pages re-parse `games.raw`. Every game of the corpus (and an annotated
/// export, whose note lines are taken out of `raw`) must come back exactly as the import parsed it,
/// line numbers included.
#[test]
fn reparse_gives_the_imported_body() {
    use std::collections::HashMap;
    let a = Archive::new();
    let export = a.file(
        "in/export.sanguo",
        format!(
            "\n\n{{annals-note: look at ply 2}}\n{{annals-ply: 2}}\n{SANGUO_GAME}\n{HOTW_GAME}"
        ),
    );
    let mut files = annals::store::ingest::collect_files(&[crate::support::corpus()]);
    files.push(export);
    let mut expected: HashMap<String, String> = HashMap::new();
    for f in &files {
        for r in annals::store::ingest::parse_file(f, &annals::store::ingest::Options::default()) {
            expected.insert(r.hash, serde_json::to_string(&r.parsed.body).expect("json"));
        }
    }
    let s = a.import(&files);
    assert!(s.imported >= 46, "imported {}", s.imported);
    let conn = annals::store::connection::open(&a.db()).expect("db");
    let mut st = conn
        .prepare("SELECT id, content_hash, source_line FROM games ORDER BY id")
        .expect("prepare");
    let rows: Vec<(i64, String, i64)> = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(rows.len(), s.imported);
    assert!(
        rows.iter().any(|r| r.2 > 1),
        "some game starts after line 1"
    );
    for (id, hash, _) in rows {
        let g = annals::store::reads::get_game(&conn, id)
            .expect("get")
            .expect("game");
        let want = expected.get(&hash).expect("hash of a prepared game");
        assert_eq!(
            &serde_json::to_string(&g.body).expect("json"),
            want,
            "game {id} ({})",
            g.source_file
        );
    }
}

/// A database made by schema version 1 (with `games.normalized`) is migrated when opened, and
/// imports into it work.
#[test]
fn version_1_database_is_migrated() {
    let a = Archive::new();
    {
        let conn = rusqlite::Connection::open(a.db()).expect("open");
        let old = annals::store::migrate::SCHEMA.replacen(
            "    raw           TEXT NOT NULL,\n",
            "    raw           TEXT NOT NULL,\n    normalized    TEXT NOT NULL,\n",
            1,
        );
        assert_ne!(old, annals::store::migrate::SCHEMA);
        conn.execute_batch(&old).expect("old schema");
        conn.execute(
            "INSERT INTO meta(key, value) VALUES ('schema_version', '1')",
            [],
        )
        .expect("meta");
    }
    let f = a.file("g.sanguo", SANGUO_GAME);
    let s = a.import(&[f]);
    assert_eq!(s.imported, 1);
    let conn = annals::store::connection::open(&a.db()).expect("db");
    let (cols, version): (i64, String) = conn
        .query_row(
            "SELECT (SELECT count(*) FROM pragma_table_info('games') WHERE name = 'normalized'),
                    (SELECT value FROM meta WHERE key = 'schema_version')",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .expect("row");
    assert_eq!(
        (cols, version.as_str()),
        (0, annals::store::migrate::SCHEMA_VERSION)
    );
}

/// A database of schema version 2 (a HotW turn's cards, expansions and builds in three tables of
/// their own) is migrated when opened: the rows are packed into their turns exactly as an import
/// packs them, and the three tables are gone.
#[test]
fn version_2_hotw_tables_are_packed_into_their_turns() {
    let a = Archive::new();
    let s = a.import(&[crate::support::corpus().join("hotw/appendix4.hotw")]);
    assert_eq!(s.imported, 1);
    // Each turn's key and packed columns, as one JSON array per turn.
    let packed = |conn: &rusqlite::Connection| -> Vec<String> {
        let mut st = conn
            .prepare(
                "SELECT json_array(game_id, seq, cards, card_details, expansions, builds)
                 FROM hotw_turns ORDER BY game_id, seq",
            )
            .expect("prepare");
        st.query_map([], |r| r.get(0))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows")
    };
    let want = {
        let conn = rusqlite::Connection::open(a.db()).expect("open");
        let want = packed(&conn);
        let details: i64 = conn
            .query_row(
                "SELECT count(*) FROM hotw_turns WHERE card_details IS NOT NULL",
                [],
                |r| r.get(0),
            )
            .expect("details");
        assert!(details > 0, "a card with an argument");
        // Back to a row per turn (versions 2 to 5), then unpack into the version-2 tables and
        // drop the packed columns.
        conn.execute_batch(
            "CREATE TABLE turns AS SELECT * FROM hotw_turns;
             DROP VIEW hotw_turns;
             DROP TABLE hotw_packed;
             ALTER TABLE turns RENAME TO hotw_turns;
             CREATE TABLE hotw_cards (game_id INTEGER NOT NULL, turn_seq INTEGER NOT NULL,
                 seq INTEGER NOT NULL, card TEXT NOT NULL, detail TEXT,
                 PRIMARY KEY (game_id, turn_seq, seq)) WITHOUT ROWID;
             CREATE TABLE hotw_expansions (game_id INTEGER NOT NULL, turn_seq INTEGER NOT NULL,
                 seq INTEGER NOT NULL, from_region TEXT NOT NULL, via TEXT NOT NULL,
                 to_region TEXT NOT NULL, battle TEXT NOT NULL, builds TEXT NOT NULL,
                 PRIMARY KEY (game_id, turn_seq, seq)) WITHOUT ROWID;
             CREATE TABLE hotw_builds (game_id INTEGER NOT NULL, turn_seq INTEGER NOT NULL,
                 seq INTEGER NOT NULL, region TEXT NOT NULL, items TEXT NOT NULL,
                 PRIMARY KEY (game_id, turn_seq, seq)) WITHOUT ROWID;
             INSERT INTO hotw_cards SELECT t.game_id, t.seq, c.key, c.value,
                     json_extract(t.card_details, '$[' || c.key || ']')
                 FROM hotw_turns t, json_each(t.cards) c;
             INSERT INTO hotw_expansions SELECT t.game_id, t.seq, x.key, x.value ->> 0,
                     x.value ->> 1, x.value ->> 2, x.value ->> 3, x.value ->> 4
                 FROM hotw_turns t, json_each(t.expansions) x;
             INSERT INTO hotw_builds SELECT t.game_id, t.seq, b.key, b.value ->> 0, b.value ->> 1
                 FROM hotw_turns t, json_each(t.builds) b;
             ALTER TABLE hotw_turns DROP COLUMN cards;
             ALTER TABLE hotw_turns DROP COLUMN card_details;
             ALTER TABLE hotw_turns DROP COLUMN expansions;
             ALTER TABLE hotw_turns DROP COLUMN builds;
             UPDATE meta SET value = '2' WHERE key = 'schema_version';",
        )
        .expect("downgrade");
        let rows: (i64, i64, i64) = conn
            .query_row(
                "SELECT (SELECT count(*) FROM hotw_cards), (SELECT count(*) FROM hotw_expansions),
                        (SELECT count(*) FROM hotw_builds)",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .expect("counts");
        assert!(rows.0 > 10 && rows.1 > 10 && rows.2 > 0, "{rows:?}");
        want
    };
    let conn = annals::store::connection::open(&a.db()).expect("migrated");
    assert_eq!(packed(&conn), want);
    let (tables, version): (i64, String) = conn
        .query_row(
            "SELECT (SELECT count(*) FROM sqlite_master
                     WHERE name IN ('hotw_cards', 'hotw_expansions', 'hotw_builds')),
                    (SELECT value FROM meta WHERE key = 'schema_version')",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .expect("row");
    assert_eq!(
        (tables, version.as_str()),
        (0, annals::store::migrate::SCHEMA_VERSION)
    );
}

/// An import into an empty database drops the secondary indexes of the game and move tables and
/// builds them again at its end: afterwards every index of the schema is there, and the query
/// planner uses them.
#[test]
fn bulk_import_leaves_every_index_in_place() {
    let a = Archive::new();
    let s = a.import(&[crate::support::corpus()]);
    assert!(s.imported >= 44, "imported {}", s.imported);
    let conn = annals::store::connection::open(&a.db()).expect("db");
    let want = annals::store::migrate::secondary_indexes();
    // games: 5 (one of them the unique index of content_hash); seats, diagnostics, positions: 1
    // each (positions are kept by game, their key the one secondary index).
    assert_eq!(want.len(), 8, "{want:?}");
    assert!(want.contains(&("positions_key", "positions")));
    assert!(want.contains(&("seats_player", "seats")));
    assert!(want.contains(&("games_content_hash", "games")));
    assert!(!want.iter().any(|(n, _)| *n == "player_aliases_player"));
    for (name, table) in want {
        let n: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = ?1 AND tbl_name = ?2",
                [name, table],
                |r| r.get(0),
            )
            .expect("count");
        assert_eq!(n, 1, "index {name} on {table}");
    }
    // Made again unique: a game already stored cannot be inserted twice.
    let unique: i64 = conn
        .query_row(
            "SELECT \"unique\" FROM pragma_index_list('games') WHERE name = 'games_content_hash'",
            [],
            |r| r.get(0),
        )
        .expect("index");
    assert_eq!(unique, 1);
    // A player's empires read the player's seats by the index, then each game's packed turns
    // (the view `hotw_turns` joined on game_id) by its key: no scan of every game's turns.
    let plan: Vec<String> = conn
        .prepare(
            "EXPLAIN QUERY PLAN SELECT t.empire, count(*) FROM hotw_turns t
             JOIN seats s ON s.game_id = t.game_id AND s.seat = t.player
             WHERE s.player_id = 1 GROUP BY t.empire",
        )
        .expect("prepare")
        .query_map([], |r| r.get(3))
        .expect("plan")
        .collect::<Result<_, _>>()
        .expect("rows");
    let plan = plan.join(" | ");
    assert!(plan.contains("seats_player"), "{plan}");
    assert!(
        plan.contains("SEARCH p USING INTEGER PRIMARY KEY"),
        "{plan}"
    );
}

/// The CHECKs of the tables written per game still reject what they name, and none makes SQLite
/// build a temporary table at each insert (an `IN` list of three values did, a fifth of a bulk
/// import's SQLite work).
#[test]
fn per_game_inserts_check_their_values_without_a_temporary_table() {
    let a = Archive::new();
    let s = a.import(&[a.file("g.sanguo", SANGUO_GAME)]);
    assert_eq!(s.imported, 1);
    let conn = annals::store::connection::open(&a.db()).expect("db");
    let inserts = [
        "INSERT INTO games(kind, winners, draw, content_hash, source_file, source_line, encoding,
            raw, move_count, errors, warnings, imported_at) VALUES (?1,'','','h','f',1,'utf-8','r',0,0,0,'t')",
        "INSERT INTO seats(game_id, seat, seq, outcome) VALUES (1,'x',9,?1)",
        "INSERT INTO diagnostics(game_id, seq, line, col, severity, code, message) VALUES (1,99,1,1,?1,'c','m')",
    ];
    for sql in inserts {
        let ops: Vec<String> = conn
            .prepare(&format!("EXPLAIN {sql}"))
            .expect("explain")
            .query_map(["x"], |r| r.get(1))
            .expect("ops")
            .collect::<Result<_, _>>()
            .expect("rows");
        assert!(ops.contains(&"Insert".to_string()) || ops.contains(&"IdxInsert".to_string()));
        assert!(
            !ops.contains(&"OpenEphemeral".to_string()),
            "{sql}: {ops:?}"
        );
        let err = conn.execute(sql, ["chess"]).expect_err(sql);
        assert!(
            err.to_string().contains("CHECK constraint failed"),
            "{sql}: {err}"
        );
    }
    for (sql, good) in inserts.iter().zip(["wec", "draw", "info"]) {
        assert_eq!(conn.execute(sql, [good]).expect(sql), 1);
    }
}

/// An import's WAL checkpoints run on a thread of their own, with the writer's automatic ones off
/// until the end: when the import returns, the database file itself (without its WAL) holds every
/// game, although the corpus is far smaller than the 1,000 pages after which SQLite would have
/// checkpointed on its own, and the writer's connection checkpoints automatically again.
#[test]
fn an_import_checkpoints_on_its_own_thread_and_restores_the_writers_setting() {
    let a = Archive::new();
    let mut conn = annals::store::connection::open(&a.db()).expect("db");
    let index = annals::store::index::Index::open(&a.paths().index).expect("index");
    for round in 0..2 {
        // The first an empty database's bulk import, the second into a non-empty one.
        let dir = a.dir.path().join(format!("in{round}"));
        let file = dir.join("g.txt");
        std::fs::create_dir_all(&dir).expect("dir");
        let body = if round == 0 {
            HOTW_GAME.to_string()
        } else {
            SANGUO_GAME.to_string()
        };
        std::fs::write(&file, body).expect("write");
        let paths = if round == 0 {
            vec![crate::support::corpus(), dir]
        } else {
            vec![dir]
        };
        let s = annals::store::ingest::import_paths(
            &mut conn,
            Some(&index),
            &paths,
            &Default::default(),
        )
        .expect("import");
        assert!(s.imported >= 1, "round {round}: imported {}", s.imported);
        let auto: i64 = conn
            .query_row("PRAGMA wal_autocheckpoint", [], |r| r.get(0))
            .expect("pragma");
        assert_eq!(auto, 1000, "round {round}");
        // The database file alone, copied while the WAL is still open beside it.
        let copy = a.dir.path().join(format!("copy{round}.db"));
        std::fs::copy(a.db(), &copy).expect("copy");
        let only_file = rusqlite::Connection::open(&copy).expect("open copy");
        let (in_file, in_db): (i64, i64) = (
            // No table at all when nothing was checkpointed.
            only_file
                .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
                .unwrap_or(0),
            conn.query_row("SELECT count(*) FROM games", [], |r| r.get(0))
                .expect("count"),
        );
        assert_eq!(in_file, in_db, "round {round}");
        assert!(in_db >= 45, "round {round}: {in_db} games");
    }
}

/// The explorer tree's nodes and the games that end at a shared prefix.
type ExplorerRows = (
    Vec<(String, i64, String, i64, [i64; 8])>,
    Vec<(String, i64, i64)>,
);

fn explorer_rows(db: &std::path::Path) -> ExplorerRows {
    let conn = annals::store::connection::open(db).expect("db");
    let nodes = conn
        .prepare(
            "SELECT kind, parent, move, depth, games, wins1, wins2, wins3, draws, unknown, newest,
                    coalesce(game, 0)
             FROM explorer_nodes ORDER BY kind, parent, move",
        )
        .expect("prepare")
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                [
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                    r.get(9)?,
                    r.get(10)?,
                    r.get(11)?,
                ],
            ))
        })
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    let ends = conn
        .prepare("SELECT kind, prefix, game_id FROM explorer_ends ORDER BY 1, 2, 3")
        .expect("prepare")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    (nodes, ends)
}

/// A bulk import stages a row per game and builds the explorer tree at its end; the tree is the
/// one that importing the files one by one builds (all but the first into a non-empty database,
/// so their games go straight into the tree). Games left staged by an import that stopped
/// half-way are added by the next open.
#[test]
fn bulk_import_builds_the_same_explorer_tree() {
    let files = annals::store::ingest::collect_files(&[crate::support::corpus()]);
    let bulk = Archive::new();
    bulk.import(&files);
    let one_by_one = Archive::new();
    for f in &files {
        one_by_one.import(std::slice::from_ref(f));
    }
    let tree = explorer_rows(&bulk.db());
    // The corpus's 三国 and WEC games share their openings: shared nodes, lone games and ends.
    assert!(tree.0.len() > 100, "{} nodes", tree.0.len());
    assert!(tree.0.iter().any(|n| n.4[0] >= 2) && tree.0.iter().any(|n| n.4[0] == 1));
    assert!(!tree.1.is_empty());
    assert_eq!(tree, explorer_rows(&one_by_one.db()));
    {
        let conn = annals::store::connection::open(&bulk.db()).expect("db");
        let staged: i64 = conn
            .query_row("SELECT count(*) FROM explorer_staging", [], |r| r.get(0))
            .expect("count");
        assert_eq!(staged, 0);
        // As if an import had stopped after staging every game and before building the tree.
        conn.execute_batch("DELETE FROM explorer_nodes; DELETE FROM explorer_ends;")
            .expect("clear");
        annals::store::tree::stage_stored(&conn).expect("stage");
    }
    assert_eq!(explorer_rows(&bulk.db()), tree);
}

/// A database of schema version 5 (a row per move in `hotw_turns`, `sanguo_moves`, `wec_turns`
/// and `deluge_orders`, the explorer tree unpruned) is migrated when opened: every game's moves
/// read the same through the views, and the tree is the one an import builds.
#[test]
fn version_5_move_rows_are_packed_and_the_tree_rebuilt() {
    let a = Archive::new();
    a.import(&[crate::support::corpus()]);
    let views = |conn: &rusqlite::Connection| -> Vec<String> {
        let mut out = Vec::new();
        for (view, key) in [
            ("hotw_turns", "game_id, seq"),
            ("sanguo_moves", "game_id, ply"),
            ("wec_turns", "game_id, ply"),
            ("deluge_orders", "game_id, seq"),
        ] {
            let cols: Vec<String> = conn
                .prepare(&format!("SELECT name FROM pragma_table_info('{view}')"))
                .expect("columns")
                .query_map([], |r| r.get(0))
                .expect("query")
                .collect::<Result<_, _>>()
                .expect("rows");
            let mut st = conn
                .prepare(&format!(
                    "SELECT json_array({}) FROM {view} ORDER BY {key}",
                    cols.join(", ")
                ))
                .expect("prepare");
            let rows: Vec<String> = st
                .query_map([], |r| r.get(0))
                .expect("query")
                .collect::<Result<_, _>>()
                .expect("rows");
            assert!(rows.len() > 10, "{view}: {} rows", rows.len());
            out.extend(rows);
        }
        out
    };
    let tree = explorer_rows(&a.db());
    let want = {
        let conn = rusqlite::Connection::open(a.db()).expect("open");
        let want = views(&conn);
        conn.execute_batch(
            "CREATE TABLE t AS SELECT * FROM hotw_turns;
             DROP VIEW hotw_turns; DROP TABLE hotw_packed; ALTER TABLE t RENAME TO hotw_turns;
             CREATE TABLE t AS SELECT *, 0 AS prefix FROM sanguo_moves;
             DROP VIEW sanguo_moves; DROP TABLE sanguo_packed; ALTER TABLE t RENAME TO sanguo_moves;
             CREATE TABLE t AS SELECT *, 0 AS prefix FROM wec_turns;
             DROP VIEW wec_turns; DROP TABLE wec_packed; ALTER TABLE t RENAME TO wec_turns;
             CREATE TABLE t AS SELECT * FROM deluge_orders;
             DROP VIEW deluge_orders; DROP TABLE deluge_packed; ALTER TABLE t RENAME TO deluge_orders;
             DROP TABLE explorer_nodes; DROP TABLE explorer_ends; DROP TABLE explorer_staging;
             CREATE TABLE explorer_nodes (kind TEXT NOT NULL, parent INTEGER NOT NULL,
                 move TEXT NOT NULL, depth INTEGER NOT NULL, games INTEGER NOT NULL,
                 wins1 INTEGER NOT NULL, wins2 INTEGER NOT NULL, wins3 INTEGER NOT NULL,
                 draws INTEGER NOT NULL, unknown INTEGER NOT NULL,
                 PRIMARY KEY (kind, parent, move)) WITHOUT ROWID;
             INSERT INTO explorer_nodes VALUES ('sanguo', 1, 'x', 1, 1, 0, 0, 0, 0, 1);
             CREATE TABLE explorer_staging (kind TEXT NOT NULL, parent INTEGER NOT NULL,
                 move TEXT NOT NULL, depth INTEGER NOT NULL, games INTEGER NOT NULL,
                 wins1 INTEGER NOT NULL, wins2 INTEGER NOT NULL, wins3 INTEGER NOT NULL,
                 draws INTEGER NOT NULL, unknown INTEGER NOT NULL);
             UPDATE meta SET value = '5' WHERE key = 'schema_version';",
        )
        .expect("downgrade");
        want
    };
    let conn = annals::store::connection::open(&a.db()).expect("migrated");
    assert_eq!(views(&conn), want);
    let tables: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'view'
             AND name IN ('hotw_turns', 'sanguo_moves', 'wec_turns', 'deluge_orders')",
            [],
            |r| r.get(0),
        )
        .expect("views");
    assert_eq!(tables, 4);
    drop(conn);
    assert_eq!(explorer_rows(&a.db()), tree);
}

/// A database of schema version 7 (`games.content_hash` unique by a column constraint, whose index
/// cannot be dropped) is migrated when opened: `games` is made again with every row, its unique
/// index is one of its own, every row that references a game still finds it, and `annals check`
/// passes. The same games imported again are all duplicates.
#[test]
fn version_7_games_get_a_unique_index_of_their_own() {
    let a = Archive::new();
    let first = a.import(&[crate::support::corpus()]);
    assert!(first.imported >= 44, "imported {}", first.imported);
    let rows = |conn: &rusqlite::Connection| -> Vec<String> {
        conn.prepare(
            "SELECT json_array(id, kind, content_hash, raw, event_id) FROM games ORDER BY id",
        )
        .expect("prepare")
        .query_map([], |r| r.get(0))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows")
    };
    let uniques = |conn: &rusqlite::Connection| -> Vec<(String, String)> {
        conn.prepare(
            "SELECT l.name, l.origin FROM pragma_index_list('games') l
             WHERE l.\"unique\" ORDER BY l.name",
        )
        .expect("prepare")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows")
    };
    let want = {
        let conn = rusqlite::Connection::open(a.db()).expect("open");
        let want = rows(&conn);
        // The games table of version 7, rows and all.
        let start = annals::store::migrate::SCHEMA
            .find("CREATE TABLE IF NOT EXISTS games (")
            .expect("games");
        let end = start
            + annals::store::migrate::SCHEMA[start..]
                .find("\n);")
                .expect("end")
            + 2;
        let old = annals::store::migrate::SCHEMA[start..end]
            .replace(
                "CREATE TABLE IF NOT EXISTS games (",
                "CREATE TABLE old_games (",
            )
            .replace(
                "content_hash  TEXT NOT NULL,    -- unique: games_content_hash below",
                "content_hash  TEXT NOT NULL UNIQUE,",
            );
        assert!(old.contains("NOT NULL UNIQUE"), "{old}");
        conn.execute_batch(&format!(
            "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON;
             {old};
             INSERT INTO old_games SELECT * FROM games;
             DROP TABLE games;
             ALTER TABLE old_games RENAME TO games;
             UPDATE meta SET value = '7' WHERE key = 'schema_version';"
        ))
        .expect("downgrade");
        assert_eq!(
            uniques(&conn),
            [("sqlite_autoindex_games_1".to_string(), "u".to_string())]
        );
        want
    };
    let conn = annals::store::connection::open(&a.db()).expect("migrated");
    assert_eq!(rows(&conn), want);
    assert_eq!(
        uniques(&conn),
        [("games_content_hash".to_string(), "c".to_string())]
    );
    let broken: i64 = conn
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .expect("fk check");
    assert_eq!(broken, 0);
    drop(conn);
    let (code, out, err) = a.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    let again = a.import(&[crate::support::corpus()]);
    assert_eq!((again.imported, again.duplicates), (0, first.imported));
}

/// A database of schema version 8 (`stat_totals` WITHOUT ROWID, its large rows on overflow pages
/// left mostly empty) is migrated when opened: `stat_totals` is made again with rowids and a unique
/// `(bucket, part)`, every total kept; the statistics read the same, and `annals check` passes.
#[test]
fn version_8_totals_get_rowids() {
    let a = Archive::new();
    let first = a.import(&[crate::support::corpus()]);
    assert!(first.imported >= 44, "imported {}", first.imported);
    let rows = |conn: &rusqlite::Connection| -> Vec<(i64, String, String)> {
        conn.prepare("SELECT bucket, part, totals FROM stat_totals ORDER BY bucket, part")
            .expect("prepare")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows")
    };
    let layout = |conn: &rusqlite::Connection| -> String {
        conn.query_row(
            "SELECT sql FROM sqlite_master WHERE name = 'stat_totals'",
            [],
            |r| r.get(0),
        )
        .expect("sql")
    };
    let stats = |a: &Archive| -> String {
        let (code, out, err) = a.cli(&["check"]);
        assert_eq!(code, 0, "{out}{err}");
        let conn = annals::store::connection::open(&a.db()).expect("open");
        let f = annals::stats::Filter::default();
        format!(
            "{:?}\n{:?}",
            annals::stats::hotw_empires(&conn, &f).expect("empires"),
            annals::stats::sanguo(&conn, &f).expect("sanguo"),
        )
    };
    let before = stats(&a);
    let want = {
        let conn = rusqlite::Connection::open(a.db()).expect("open");
        let want = rows(&conn);
        assert!(want.len() > 20, "{} totals rows", want.len());
        assert!(!layout(&conn).contains("WITHOUT ROWID"));
        conn.execute_batch(
            "PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON;
             CREATE TABLE old_totals (
                 bucket INTEGER NOT NULL REFERENCES stat_buckets(id),
                 part   TEXT NOT NULL,
                 totals TEXT NOT NULL,
                 PRIMARY KEY (bucket, part)
             ) WITHOUT ROWID;
             INSERT INTO old_totals SELECT bucket, part, totals FROM stat_totals;
             DROP TABLE stat_totals;
             ALTER TABLE old_totals RENAME TO stat_totals;
             UPDATE meta SET value = '8' WHERE key = 'schema_version';",
        )
        .expect("downgrade");
        assert!(layout(&conn).contains("WITHOUT ROWID"));
        assert_eq!(rows(&conn), want);
        want
    };
    let conn = annals::store::connection::open(&a.db()).expect("migrated");
    assert_eq!(rows(&conn), want);
    let sql = layout(&conn);
    assert!(
        !sql.contains("WITHOUT ROWID") && sql.contains("UNIQUE (bucket, part)"),
        "{sql}"
    );
    let version: String = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .expect("version");
    assert_eq!(version, annals::store::migrate::SCHEMA_VERSION);
    drop(conn);
    assert_eq!(stats(&a), before);
}

/// A bulk import finds duplicates in memory by the first 8 bytes of their content hashes: two games
/// whose hashes share them are both stored, and a game that repeats either is a duplicate of the
/// right one.
#[test]
fn seen_hashes_tell_apart_hashes_that_share_their_first_bytes() {
    use annals::store::games::{NewGame, Ready, SeenHashes, Stored};
    let a = Archive::new();
    let f = a.file("g.sanguo", SANGUO_GAME);
    let mut conn = annals::store::connection::open(&a.db()).expect("db");
    let mut parsed = annals::store::ingest::parse_file(&f, &Default::default());
    assert_eq!(parsed.len(), 1);
    let r = parsed.remove(0);
    let game = Ready::new(r.parsed);
    let hashes = [
        format!("0123456789abcdef{}", "a".repeat(48)),
        format!("0123456789abcdef{}", "b".repeat(48)),
    ];
    let mut seen = SeenHashes::default();
    let mut tally = annals::store::tally::Tally::default();
    let mut names = annals::store::keys::NameCache::default();
    let tx = conn.transaction().expect("tx");
    let mut store = |hash: &str| {
        annals::store::games::store_game(
            &tx,
            &NewGame {
                game: &game,
                raw: &r.raw,
                hash,
                file: "g.sanguo",
                line: 1,
                encoding: "UTF-8",
                imported_at: "2026-12-04T00:00:00Z",
            },
            annals::store::tree::TreeWrites::Update,
            &mut tally,
            &mut names,
            Some(&mut seen),
        )
        .expect("store")
    };
    let (Stored::Imported(first), Stored::Imported(second)) =
        (store(&hashes[0]), store(&hashes[1]))
    else {
        panic!("both hashes are new");
    };
    assert_ne!(first, second);
    assert_eq!(store(&hashes[1]), Stored::Duplicate(second));
    assert_eq!(store(&hashes[0]), Stored::Duplicate(first));
}

/// Files are parsed in chunks of `CHUNK_GAMES` games (or fewer long ones, `CHUNK_BYTES`) on
/// several threads; games are still stored in file order (ids follow files and lines), across
/// chunk and file boundaries and around a rejected file.
#[test]
fn games_of_large_files_are_stored_in_file_order() {
    let a = Archive::new();
    let n = 2 * annals::store::ingest::CHUNK_GAMES + 7;
    let mut big = String::new();
    for i in 0..n {
        big.push_str(&format!(
            "[Game \"Sanguo\"]\n[Round \"{i}\"]\n\n1.马6进5，炮12平10，相7进9\n\n"
        ));
    }
    let f1 = a.file("in/1.sanguo", &big);
    a.file("in/2.sanguo", b"\xff\xfe\x00\x00\x01 not text");
    let f3 = a.file("in/3.sanguo", SANGUO_GAME);
    // Long games: a chunk ends at CHUNK_BYTES of text, so these make chunks of two games and one.
    let note = "长".repeat(annals::store::ingest::CHUNK_BYTES / 6);
    let mut long = String::new();
    for i in 0..5 {
        long.push_str(&format!(
            "[Game \"Sanguo\"]\n[Round \"L{i}\"]\n[Annotator \"{note}\"]\n\n1.马6进5，炮12平10，相7进9\n\n"
        ));
    }
    let f4 = a.file("in/4.sanguo", &long);
    let s = a.import(&[a.dir.path().join("in")]);
    assert_eq!((s.imported, s.rejected), (n + 6, 1));
    let conn = annals::store::connection::open(&a.db()).expect("db");
    let rows: Vec<(i64, String, i64, Option<String>)> = conn
        .prepare("SELECT id, source_file, source_line, round FROM games ORDER BY id")
        .expect("prepare")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(rows.len(), n + 6);
    for (i, (_, file, line, round)) in rows.iter().take(n).enumerate() {
        assert_eq!(file, &f1.display().to_string());
        assert_eq!(*line, 1 + 5 * i as i64);
        assert_eq!(round.as_deref(), Some(i.to_string().as_str()));
    }
    assert_eq!(rows[n].1, f3.display().to_string());
    for (i, (_, file, line, round)) in rows[n + 1..].iter().enumerate() {
        assert_eq!(file, &f4.display().to_string());
        assert_eq!(*line, 1 + 6 * i as i64);
        assert_eq!(round.as_deref(), Some(format!("L{i}").as_str()));
    }
    assert!(rows.windows(2).all(|w| w[0].0 < w[1].0));
}

/// A text-mode import keeps the first diagnostics it reports and counts the rest (a million-game
/// import does not hold every warning in memory); every one is still stored with its game.
#[test]
fn a_capped_report_counts_the_diagnostics_it_leaves_out() {
    let corpus = crate::support::corpus();
    let import = |cap: Option<usize>| {
        let a = Archive::new();
        let mut conn = annals::store::connection::open(&a.paths().db).expect("open db");
        let s = annals::store::ingest::import_paths(
            &mut conn,
            None,
            std::slice::from_ref(&corpus),
            &annals::store::ingest::Options {
                max_diagnostics: cap,
                ..Default::default()
            },
        )
        .expect("import");
        let stored: i64 = conn
            .query_row("SELECT count(*) FROM diagnostics", [], |r| r.get(0))
            .expect("count");
        (s, stored)
    };
    let (all, stored_all) = import(None);
    let (capped, stored_capped) = import(Some(3));
    assert!(all.diagnostics.len() > 3, "the corpus has diagnostics");
    assert_eq!(all.diagnostics_omitted, 0);
    // Those of whole files (a rejected file) are always reported; those of games up to the cap.
    assert!(capped.diagnostics.len() >= 3);
    assert!(capped.diagnostics_omitted > 0);
    assert_eq!(
        capped.diagnostics.len() + capped.diagnostics_omitted,
        all.diagnostics.len()
    );
    assert!(
        capped
            .diagnostics
            .iter()
            .all(|d| all.diagnostics.contains(d))
    );
    assert_eq!(stored_capped, stored_all);
    assert!(stored_all > 3);
}

/// Records pasted from a web page, a forum post, a Markdown post and an e-mail reply: each file
/// is one game, stored without its wrapping (HTML, `[code]`, a fence, `>` marks, a signature);
/// the poster's line before the record is no game but a problem of the import, and so is what
/// was taken off outside the game.
#[test]
fn pasted_records_are_unwrapped_and_their_preambles_are_no_games() {
    let a = Archive::new();
    let corpus = crate::support::corpus();
    let files = [
        corpus.join("wec/blog-post.wec"),
        corpus.join("sanguo/forum-post.sanguo"),
        corpus.join("deluge/markdown-post.dip"),
        corpus.join("hotw/email-reply.hotw"),
    ];
    let mut args = vec!["import", "--json"];
    args.extend(files.iter().map(|f| f.to_str().expect("utf8")));
    let (code, out, err) = a.cli(&args);
    assert_eq!(code, 0, "{out}{err}");
    let s: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(
        (s["imported"].as_i64(), s["rejected"].as_i64()),
        (Some(4), Some(0)),
        "{out}"
    );
    let preambles: Vec<(String, i64)> = s["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["code"] == "record.preamble")
        .map(|d| {
            let f = d["file"].as_str().unwrap_or_default();
            let name = f.rsplit('/').next().unwrap_or(f).to_string();
            (name, d["line"].as_i64().unwrap_or(0))
        })
        .collect();
    assert_eq!(
        preambles,
        [
            ("blog-post.wec".to_string(), 2),
            ("forum-post.sanguo".to_string(), 1),
            ("markdown-post.dip".to_string(), 1),
            ("email-reply.hotw".to_string(), 1),
        ]
    );
    let conn = rusqlite::Connection::open(&a.paths().db).expect("db");
    let problems: Vec<(String, i64)> = conn
        .prepare("SELECT code, line FROM import_problems ORDER BY rowid")
        .expect("prepare")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(
        problems,
        [
            ("record.preamble".to_string(), 2),
            ("record.preamble".to_string(), 1),
            ("record.preamble".to_string(), 1),
            ("record.wrapper".to_string(), 3),
            ("record.wrapper".to_string(), 37),
            ("record.preamble".to_string(), 1),
            ("record.signature".to_string(), 45),
        ]
    );
    let rows: Vec<(String, i64, String)> = conn
        .prepare("SELECT kind, move_count, raw FROM games ORDER BY id")
        .expect("prepare")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    let kinds: Vec<(&str, i64)> = rows.iter().map(|(k, n, _)| (k.as_str(), *n)).collect();
    assert_eq!(
        kinds,
        [("wec", 16), ("sanguo", 17), ("deluge", 41), ("hotw", 10)]
    );
    for (_, _, raw) in &rows {
        assert!(raw.trim_start().starts_with("[Game "), "{raw}");
        for wrap in [
            "&quot;", "<br>", "[code][", "[/quote]", "\n```", "\n> ", "Lee Wing",
        ] {
            assert!(!raw.contains(wrap), "{wrap} in {raw}");
        }
    }
    // the page's `&lt;` is WEC's `<` again
    assert!(rows[0].2.contains("->(4,2)<,RS:Tv(5,2)"), "{}", rows[0].2);
    let (code, show, _) = a.cli(&["show", "4"]);
    assert_eq!(code, 0);
    let g: serde_json::Value = serde_json::from_str(&show).expect("json");
    assert_eq!(
        g["tags"]["Event"], "Kowloon club league, round 3 (by e-mail)",
        "{show}"
    );
}

/// A game's seats go in one statement: the players as the game lists them (their order is their
/// `seq`; a seat named twice is one player, the first), then each side with a result but no
/// player line; the statistics count each result once.
#[test]
fn seats_are_stored_once_each_in_list_order() {
    let a = Archive::new();
    let game = "[Game \"Sanguo\"]\n[Title \"魏杀汉·魏胜\"]\n[魏 \"曹操\"]\n[吴 \"孙权\"]\n[魏 \"曹丕\"]\n\n1.马6进5，炮12平10，相7进9\n";
    let s = a.import(&[a.file("g.sanguo", game)]);
    assert_eq!(s.imported, 1);
    let conn = annals::store::connection::open(&a.db()).expect("db");
    let rows: Vec<(String, i64, Option<String>, Option<String>)> = conn
        .prepare(
            "SELECT s.seat, s.seq, p.name, s.outcome FROM seats s LEFT JOIN players p ON p.id = s.player_id
             ORDER BY s.seq",
        )
        .expect("prepare")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    let row = |seat: &str, seq: i64, name: Option<&str>, outcome: &str| {
        (
            seat.to_string(),
            seq,
            name.map(str::to_string),
            Some(outcome.to_string()),
        )
    };
    assert_eq!(
        rows,
        [
            row("吴", 0, Some("孙权"), "loss"),
            row("魏", 1, Some("曹操"), "win"),
            row("蜀", 2, None, "loss"),
        ]
    );
    let players: i64 = conn
        .query_row("SELECT count(*) FROM players", [], |r| r.get(0))
        .expect("players");
    assert_eq!(players, 2);
    let (code, out, err) = a.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
}
