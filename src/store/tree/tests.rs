//! Tests of the tree: built in bulk, game by game and after deletions, the same; positions counted.

use super::{nodes::*, prefix::*, staged::*};
use annals_import::{Body, Kind};
use rusqlite::{Connection, params};
use std::collections::{BTreeMap, BTreeSet};

/// A deterministic generator (a 64-bit LCG).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Random 三国 games over a few moves, so that they share prefixes, repeat one another and end
/// inside one another: (id, keys, counts).
fn games(seed: u64, n: usize) -> Vec<(i64, Vec<String>, [i64; 6])> {
    let mut rng = Rng(seed);
    let alphabet = ["马6进5", "炮12平10", "相7进9", "车5进1", "兵3进1"];
    (1..=n as i64)
        .map(|id| {
            let len = 1 + rng.below(9) as usize;
            let keys: Vec<String> = (0..len)
                .map(|i| {
                    // Early moves from fewer choices: more sharing near the root.
                    let choices = if i < 3 { 2 } else { alphabet.len() as u64 };
                    alphabet[rng.below(choices) as usize].to_string()
                })
                .collect();
            let winners: Vec<String> = match rng.below(5) {
                0 => vec![],
                1 => vec!["魏".into()],
                2 => vec!["吴".into(), "蜀".into()],
                _ => vec!["蜀".into()],
            };
            let draw: Vec<String> = if rng.below(7) == 0 {
                vec!["吴".into()]
            } else {
                vec![]
            };
            (id, keys, counts(Kind::Sanguo, &winners, &draw))
        })
        .collect()
}

fn archive() -> Connection {
    let conn = Connection::open_in_memory().expect("db");
    conn.execute_batch(crate::store::migrate::SCHEMA)
        .expect("schema");
    conn
}

/// Stores a game's row and packed moves (what the tree reads back), with its result columns.
/// The moves are JSON text, as rows stored before the packed moves became JSONB: the tree
/// reads both (imports in the other tests store JSONB).
fn store(conn: &Connection, id: i64, keys: &[String], c: &[i64; 6]) {
    let side = ["吴", "魏", "蜀"];
    let winners: Vec<&str> = (0..3).filter(|i| c[1 + i] == 1).map(|i| side[i]).collect();
    let moves: Vec<serde_json::Value> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| serde_json::json!([i + 1, 1, "魏", k, "马", 0, 0, 0, 0, null, null, []]))
        .collect();
    conn.execute(
        "INSERT INTO games(id, kind, winners, draw, content_hash, source_file, source_line, encoding,
            raw, move_count, errors, warnings, imported_at)
         VALUES (?1, 'sanguo', ?2, ?3, ?1, 'f', 1, 'UTF-8', '', ?4, 0, 0, '')",
        params![id, winners.join(" "), if c[4] == 1 { "吴" } else { "" }, keys.len() as i64],
    )
    .expect("game");
    conn.execute(
        "INSERT INTO sanguo_packed(game_id, moves) VALUES (?1, ?2)",
        params![id, serde_json::Value::Array(moves).to_string()],
    )
    .expect("packed");
}

type Tree = (
    BTreeSet<(i64, String, i64, [i64; 6], i64, Option<i64>)>,
    BTreeSet<(i64, i64)>,
);

fn stored_tree(conn: &Connection) -> Tree {
    let nodes = conn
        .prepare(
            "SELECT parent, move, depth, games, wins1, wins2, wins3, draws, unknown, newest, game
             FROM explorer_nodes",
        )
        .expect("prepare")
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                [
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                ],
                r.get(9)?,
                r.get(10)?,
            ))
        })
        .expect("query")
        .collect::<std::result::Result<_, _>>()
        .expect("rows");
    let ends = conn
        .prepare("SELECT prefix, game_id FROM explorer_ends")
        .expect("prepare")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("query")
        .collect::<std::result::Result<_, _>>()
        .expect("rows");
    (nodes, ends)
}

/// The pruned tree by its definition: the full tree of every prefix, then the nodes whose
/// parent two or more games reached (or the root), the games that end at a shared node.
fn reference(games: &[(i64, Vec<String>, [i64; 6])]) -> Tree {
    // full node → (parent, move, depth, counts, games)
    type Full = BTreeMap<i64, (i64, String, i64, [i64; 6], Vec<i64>)>;
    let mut full: Full = BTreeMap::new();
    let mut ends = BTreeSet::new();
    for (id, keys, c) in games {
        let mut parent = ROOT;
        for (i, k) in keys.iter().enumerate() {
            let node = step(parent, k);
            let e = full
                .entry(node)
                .or_insert_with(|| (parent, k.clone(), i as i64 + 1, [0; 6], Vec::new()));
            for (a, b) in e.3.iter_mut().zip(c) {
                *a += b;
            }
            e.4.push(*id);
            parent = node;
        }
        ends.insert((parent, *id));
    }
    let shared = |node: i64| full.get(&node).is_some_and(|e| e.4.len() >= 2);
    let nodes = full
        .values()
        .filter(|e| e.0 == ROOT || shared(e.0))
        .map(|e| {
            let newest = e.4.iter().copied().max().unwrap_or(0);
            let game = (e.4.len() == 1).then_some(e.4[0]);
            (e.0, e.1.clone(), e.2, e.3, newest, game)
        })
        .collect();
    let ends = ends.into_iter().filter(|(p, _)| shared(*p)).collect();
    (nodes, ends)
}

#[test]
fn the_tree_is_the_same_built_in_bulk_game_by_game_and_after_deletions() {
    for seed in 1..=12 {
        let all = games(seed, 60 + seed as usize * 7);
        let want = reference(&all);
        assert!(want.0.len() > 20, "seed {seed}: {} nodes", want.0.len());
        // In bulk: staged, then built in one pass.
        let mut bulk = archive();
        for (id, keys, c) in &all {
            store(&bulk, *id, keys, c);
            stage_game(&bulk, Kind::Sanguo, *id, keys, c).expect("stage");
        }
        build_staged(&mut bulk).expect("build");
        assert_eq!(stored_tree(&bulk), want, "bulk, seed {seed}");
        // Game by game.
        let one = archive();
        for (id, keys, c) in &all {
            store(&one, *id, keys, c);
            add_game(&one, Kind::Sanguo, *id, keys, c).expect("add");
        }
        assert_eq!(stored_tree(&one), want, "one by one, seed {seed}");
        // Rebuilt from the stored games.
        rebuild(&mut bulk).expect("rebuild");
        assert_eq!(stored_tree(&bulk), want, "rebuilt, seed {seed}");
        // Every third game deleted, newest first and oldest first in turn.
        let mut left: Vec<_> = all.clone();
        let mut gone: Vec<i64> = all.iter().map(|g| g.0).filter(|id| id % 3 == 0).collect();
        if seed % 2 == 0 {
            gone.reverse();
        }
        for id in gone {
            remove_stored(&one, Kind::Sanguo, id).expect("remove");
            left.retain(|g| g.0 != id);
            assert_eq!(
                stored_tree(&one),
                reference(&left),
                "seed {seed}, without {id}"
            );
        }
        // Into a tree that has nodes, staged games are added one by one.
        let mut more = archive();
        let (first, rest) = all.split_at(all.len() / 2);
        for (id, keys, c) in first {
            store(&more, *id, keys, c);
            add_game(&more, Kind::Sanguo, *id, keys, c).expect("add");
        }
        for (id, keys, c) in rest {
            store(&more, *id, keys, c);
            stage_game(&more, Kind::Sanguo, *id, keys, c).expect("stage");
        }
        build_staged(&mut more).expect("build");
        assert_eq!(stored_tree(&more), want, "staged into a tree, seed {seed}");
    }
}

#[test]
fn positions_count_list_and_sample_what_the_games_played() {
    for seed in [3, 8, 21] {
        let all = games(seed, 150);
        let mut conn = archive();
        for (id, keys, c) in &all {
            store(&conn, *id, keys, c);
            stage_game(&conn, Kind::Sanguo, *id, keys, c).expect("stage");
        }
        build_staged(&mut conn).expect("build");
        // Every prefix of every game, and one move more that nobody played.
        let mut positions: BTreeSet<Vec<String>> = BTreeSet::new();
        for (_, keys, _) in &all {
            for n in 0..=keys.len() {
                positions.insert(keys[..n].to_vec());
            }
            let mut off = keys.clone();
            off.push("帅5平4".into());
            positions.insert(off);
        }
        for p in positions {
            let reached: Vec<&(i64, Vec<String>, [i64; 6])> = all
                .iter()
                .filter(|g| !g.1.is_empty() && g.1.len() >= p.len() && g.1[..p.len()] == p[..])
                .collect();
            let got =
                crate::explorer::by_sequence(&conn, Kind::Sanguo, &p, 20, 0).expect("explore");
            assert_eq!(got.games, reached.len() as i64, "seed {seed} at {p:?}");
            let mut next: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
            for g in &reached {
                if let Some(mv) = g.1.get(p.len()) {
                    let e = next.entry(mv).or_default();
                    e.0 += 1;
                    e.1 += g.2[2];
                }
            }
            let got_next: BTreeMap<&str, (i64, i64)> = got
                .moves
                .iter()
                .map(|m| {
                    let wei = m.wins.get("魏").and_then(|v| v.as_i64()).unwrap_or(-1);
                    (m.mv.as_str(), (m.games, wei))
                })
                .collect();
            assert_eq!(got_next, next, "seed {seed} at {p:?}");
            if !p.is_empty() {
                let mut ids: Vec<i64> = reached.iter().map(|g| g.0).collect();
                ids.sort_unstable_by(|a, b| b.cmp(a));
                ids.truncate(20);
                let sample: Vec<i64> = got.sample.iter().map(|g| g.id).collect();
                assert_eq!(sample, ids, "seed {seed} at {p:?}");
            }
        }
    }
}

#[test]
fn prefixes_chain_and_separate() {
    let a = prefixes(&["ab".into(), "c".into()]);
    let b = prefixes(&["a".into(), "bc".into()]);
    assert_ne!(a[1], b[1]);
    assert_eq!(a[0], step(ROOT, "ab"));
    assert_eq!(normalize_move("馬6進5"), "马6进5");
}

/// The moves the importer keys the tree by, one buffer a game: the moves of every 三国 and
/// WEC record of the corpus, and made-up ones (spaces, full-width forms, a move of 200 bytes).
#[test]
fn move_keys_are_the_normalized_moves_in_one_buffer() {
    let check = |notations: &[&str], keys: &MoveKeys| {
        let want: Vec<String> = notations.iter().map(|m| normalize_move(m)).collect();
        assert_eq!(keys.to_vec(), want);
        assert_eq!(keys.len(), want.len());
        assert_eq!(keys.seq(), encode_seq(&want));
        let ranges: Vec<_> = split_seq(keys.seq()).into_iter().map(|r| r.len()).collect();
        assert_eq!(ranges, want.iter().map(String::len).collect::<Vec<_>>());
    };
    let mut moves = 0;
    for dir in ["import/tests/records/sanguo", "import/tests/records/wec"] {
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if path.to_string_lossy().ends_with(".json") || path.extension().is_none() {
                continue;
            }
            for r in crate::store::ingest::parse_file(&path, &Default::default()) {
                let parsed = &r.parsed;
                // The keys the importer stores: made with the game's other rows.
                let keys = &crate::store::games::Ready::new(parsed.clone()).keys;
                let notations: Vec<&str> = match &parsed.body {
                    Body::Sanguo(b) => b.moves.iter().map(|m| m.notation.as_str()).collect(),
                    Body::Wec(b) => b.turns.iter().map(|t| t.notation.as_str()).collect(),
                    _ => continue,
                };
                moves += notations.len();
                check(&notations, keys);
                assert_eq!(*keys, MoveKeys::of(&parsed.body));
            }
        }
    }
    assert!(moves > 500, "{moves} moves in the corpus");
    let long = "馬".repeat(66) + "6進5";
    let made_up = ["馬 6 進 5", "ＮＦ３", "", "  ", &long, "炮12平10"];
    let keys = MoveKeys::from_notations(made_up.iter().copied());
    check(&made_up, &keys);
    assert_eq!(keys.to_vec()[4].len(), 3 * 66 + 5);
    assert_eq!(keys.seq()[15..17], [(203 & 0x7f) | 0x80, 1]); // a length of two bytes
    assert_eq!(keys.to_vec()[0], "马6进5");
    assert!(MoveKeys::of(&Body::Hotw(Default::default())).is_empty());
}
