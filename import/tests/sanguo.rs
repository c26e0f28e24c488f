//! 三国演弈棋 (the 三国 notation): every notation rule, resolution by replay, titles, the status line, the
//! board model and every diagnostic code of `annals_import::sanguo`.

use annals_import::model::{Ctx, Parsed};
use annals_import::record;
use annals_import::sanguo::{
    self, BoardPiece, MoveEvent, SanguoGame, TitleEvent, board_after, geometry,
};

fn parse_tags(body: &str, tags: &[(&str, &str)]) -> Parsed<SanguoGame> {
    let tags: Vec<(String, String)> = tags
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    sanguo::parse(
        body,
        &Ctx {
            first_line: 1,
            tags: &tags,
        },
    )
}

fn parse(body: &str) -> Parsed<SanguoGame> {
    parse_tags(body, &[])
}

/// The games of a corpus file, parsed as the importer does.
fn corpus(text: &str) -> Vec<Parsed<SanguoGame>> {
    record::split_games(text)
        .iter()
        .map(|raw| {
            sanguo::parse(
                &raw.body,
                &Ctx {
                    first_line: raw.body_line,
                    tags: &raw.tags,
                },
            )
        })
        .collect()
}

const OPENINGS: &str = include_str!("records/sanguo/openings.sanguo");
const PAWNS: &str = include_str!("records/sanguo/pawns.sanguo");
const ANNEX: &str = include_str!("records/sanguo/annex.sanguo");
const TITLES: &str = include_str!("records/sanguo/titles.sanguo");
const ALLIANCES: &str = include_str!("records/sanguo/alliances.sanguo");
const TRADITIONAL: &str = include_str!("records/sanguo/traditional.sanguo");
const ERRORS: &str = include_str!("records/sanguo/errors.sanguo");
const TRANSCRIBERS: &str = include_str!("records/sanguo/chinese-numerals.sanguo");

/// `code` (severity) at line:col, for every diagnostic that is not info.
fn problems(p: &Parsed<SanguoGame>) -> Vec<String> {
    p.diagnostics
        .iter()
        .filter(|d| d.severity != annals_import::Severity::Info)
        .map(|d| format!("{}@{}:{}", d.code, d.line, d.col))
        .collect()
}

fn has_code(p: &Parsed<SanguoGame>, code: &str, sev: annals_import::Severity) -> bool {
    p.diagnostics
        .iter()
        .any(|d| d.code == code && d.severity == sev)
}

fn find<'a>(p: &'a Parsed<SanguoGame>, notation: &str) -> &'a sanguo::Move {
    p.game
        .moves
        .iter()
        .find(|m| m.notation == notation)
        .unwrap_or_else(|| panic!("no move {notation}: {p:#?}"))
}

fn mv(p: &Parsed<SanguoGame>, notation: &str) -> (String, [u8; 2], [u8; 2]) {
    let m = find(p, notation);
    (m.side.to_string(), m.from, m.to)
}

fn s(v: &str) -> String {
    v.to_string()
}

fn game(text: &str, i: usize) -> Parsed<SanguoGame> {
    corpus(text)
        .into_iter()
        .nth(i)
        .unwrap_or_else(|| panic!("no game {i}"))
}

// ---------------------------------------------------------------- board model

#[test]
fn geometry_data_loads_and_has_the_plus_shape() {
    let g = geometry();
    assert!(g.load_errors.is_empty(), "{:?}", g.load_errors);
    let points = (0..17)
        .flat_map(|y| (0..17).map(move |x| (y, x)))
        .filter(|&(y, x)| g.on_board(y, x))
        .count();
    assert_eq!(points, 225);
    assert!(!g.on_board(0, 0) && !g.on_board(3, 3) && !g.on_board(13, 13) && !g.on_board(2, 15));
    assert!(g.on_board(4, 0) && g.on_board(0, 4) && g.on_board(16, 12) && g.on_board(8, 16));
    assert!(!g.on_board(-1, 8) && !g.on_board(8, 17));
    assert_eq!(g.palace_of(1, 8), Some("魏"));
    assert_eq!(g.palace_of(16, 9), Some("蜀"));
    assert_eq!(g.palace_of(9, 15), Some("吴"));
    assert_eq!(g.palace_of(8, 1), Some("汉"));
    assert_eq!(g.palace_of(8, 8), None);
    assert_eq!(g.territory_of(0, 4), Some("魏"));
    assert_eq!(g.territory_of(16, 12), Some("蜀"));
    assert_eq!(g.territory_of(8, 14), Some("吴"));
    assert_eq!(g.territory_of(6, 2), Some("汉"));
    assert_eq!(g.territory_of(8, 8), None);
    let side = |n: &str| {
        g.sides
            .iter()
            .find(|s| s.side == n)
            .cloned()
            .unwrap_or_else(|| panic!("{n}"))
    };
    assert_eq!((side("魏").defense, side("魏").border), (Some(3), Some(4)));
    assert_eq!(
        (side("蜀").defense, side("蜀").border),
        (Some(13), Some(12))
    );
    assert_eq!(
        (side("吴").defense, side("吴").border),
        (Some(13), Some(12))
    );
    assert_eq!(g.alliance_points.len(), 3);
}

#[test]
fn setup_has_53_pieces_with_han_from_s1() {
    let b = board_after(&SanguoGame::default(), 0);
    assert_eq!(b.len(), 53);
    let count = |side: &str| b.iter().filter(|p| p.owner == side).count();
    assert_eq!(
        (count("吴"), count("魏"), count("蜀"), count("汉")),
        (16, 16, 16, 5)
    );
    let at = |y: u8, x: u8| {
        b.iter()
            .find(|p| p.y == y && p.x == x)
            .map(|p| format!("{}{}", p.owner, p.piece))
    };
    assert_eq!(at(8, 0).as_deref(), Some("汉将"));
    assert_eq!(at(8, 2).as_deref(), Some("汉炮"));
    assert_eq!(at(6, 3).as_deref(), Some("汉车"));
    assert_eq!(at(10, 3).as_deref(), Some("汉车"));
    assert_eq!(at(0, 8).as_deref(), Some("魏将"));
    assert_eq!(at(16, 8).as_deref(), Some("蜀将"));
    assert_eq!(at(8, 16).as_deref(), Some("吴将"));
    assert_eq!(at(5, 14).as_deref(), Some("吴炮"));
    assert_eq!(at(13, 4).as_deref(), Some("蜀兵"));
}

#[test]
fn file_numbering_and_forward_direction_per_side() {
    // 魏 file = x+1, 进 = +y; 蜀 file = 17-x, 进 = -y; 吴 file = y+1, 进 = -x.
    let p = parse("1.车5进1，车5进1，车5进1");
    assert_eq!(
        p.game
            .moves
            .iter()
            .map(|m| (m.from, m.to))
            .collect::<Vec<_>>(),
        vec![([4, 16], [4, 15]), ([0, 4], [1, 4]), ([16, 12], [15, 12])]
    );
    let p = parse("1.炮6退1，炮6进1，炮12平11");
    assert_eq!(
        p.game
            .moves
            .iter()
            .map(|m| (m.from, m.to))
            .collect::<Vec<_>>(),
        vec![([5, 14], [5, 15]), ([2, 5], [3, 5]), ([14, 5], [14, 6])]
    );
}

// ---------------------------------------------------------------- seed examples

#[test]
fn seed_first_round_resolves() {
    let p = parse("1.马6进5，炮12平10，相7进9");
    assert_eq!(mv(&p, "马6进5"), (s("吴"), [5, 16], [4, 14]));
    assert_eq!(mv(&p, "炮12平10"), (s("魏"), [2, 11], [2, 9]));
    assert_eq!(mv(&p, "相7进9"), (s("蜀"), [16, 10], [14, 8]));
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    let j = serde_json::to_value(&p.game.moves[0]).unwrap_or_default();
    assert_eq!(
        (
            j["ply"].as_u64(),
            j["round"].as_u64(),
            j["side"].as_str(),
            j["notation"].as_str(),
            j["piece"].as_str()
        ),
        (Some(1), Some(1), Some("吴"), Some("马6进5"), Some("马"))
    );
    assert_eq!(j["from"], serde_json::json!([5, 16]));
    assert_eq!(j["to"], serde_json::json!([4, 14]));
    assert_eq!(j["capture"], serde_json::Value::Null);
    assert_eq!(j["events"], serde_json::json!([]));
}

#[test]
fn captures_are_detected_and_skips_make_no_move() {
    let p = game(OPENINGS, 0);
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    let m = find(&p, "炮6进14");
    assert_eq!((&*m.side, m.from, m.to), ("魏", [2, 5], [16, 5]));
    let c = m.capture.clone().unwrap_or_default();
    assert_eq!((&*c.piece, &*c.side), ("马", "蜀"));
    let c = find(&p, "车13平12").capture.clone().unwrap_or_default();
    assert_eq!((&*c.piece, &*c.side), ("炮", "魏"));
    assert!(find(&p, "马6进5").capture.is_none());
    // 6 rounds, one （轮空）: 17 moves, plies 1..=17, and round 4 has no 魏 move.
    assert_eq!(p.game.moves.len(), 17);
    assert!(
        p.game
            .moves
            .iter()
            .enumerate()
            .all(|(i, m)| m.ply as usize == i + 1)
    );
    let r4: Vec<&str> = p
        .game
        .moves
        .iter()
        .filter(|m| m.round == 4)
        .map(|m| &*m.side)
        .collect();
    assert_eq!(r4, vec!["吴", "蜀"]);
    assert_eq!(find(&p, "士8进9").slot, 2);
    // 吴将蜀 makes 魏 轮空: the checking move carries the check; the round is 空心.
    assert_eq!(
        find(&p, "炮12进6").events,
        vec![MoveEvent::Check { side: s("蜀") }]
    );
    assert_eq!(p.game.round_types.len(), 1);
    assert_eq!(
        (
            p.game.round_types[0].round,
            p.game.round_types[0].kind.as_str()
        ),
        (4, "空心")
    );
    assert_eq!(find(&p, "兵7进1").comment, None);
    assert_eq!(
        find(&p, "车13平12").comment.as_deref(),
        Some("魏炮打马，蜀车还吃")
    );
}

#[test]
fn placeholders_in_the_first_round_start_a_study() {
    // 1.……，……，马5退6: 蜀 moves first; 1.……，魏9退1，兵8进1: 魏 first.
    let p = parse("1.……，……，马6进7\n2.马6进5，炮12平10，相7进9");
    assert_eq!(p.game.moves.len(), 4);
    assert_eq!((&*p.game.moves[0].side, p.game.moves[0].slot), ("蜀", 2));
    assert!(p.game.round_types.is_empty());
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    let p = parse("1.……，魏9退1，兵8进1");
    assert_eq!(p.game.moves.len(), 0);
    assert_eq!(problems(&p), vec!["sanguo.off-board@1:6"]); // 魏's general stands on its back rank
    let p = parse("1.……，魏9进1，兵9进1");
    assert_eq!(mv(&p, "魏9进1"), (s("魏"), [0, 8], [1, 8]));
    assert_eq!(find(&p, "魏9进1").piece, "将");
    assert_eq!(mv(&p, "兵9进1"), (s("蜀"), [13, 8], [12, 8]));
}

#[test]
fn round_types_of_skips() {
    // 去尾: 魏将吴, 蜀 skipped; 掐头: 蜀将魏 last round, 吴 skipped; 掐头去尾 both.
    let p =
        parse("1.车5进1，车5进1，（轮空）\n2.（轮空），车5退1，车5进1\n3.(轮空)，车5进1，（轮空）");
    let kinds: Vec<&str> = p.game.round_types.iter().map(|r| r.kind.as_str()).collect();
    assert_eq!(kinds, vec!["去尾", "掐头", "掐头去尾"]);
    assert_eq!(p.game.moves.len(), 5);
    assert_eq!(find(&p, "车5退1").events, vec![]);
    assert_eq!(
        p.game.moves[1].events,
        vec![MoveEvent::Check { side: s("吴") }]
    );
}

#[test]
fn front_chariot_on_file_10_takes_shu_centre_pawn() {
    let p = game(OPENINGS, 1);
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    let m = find(&p, "前车平14");
    assert_eq!((&*m.side, m.from, m.to), ("吴", [9, 8], [13, 8]));
    let c = m.capture.clone().unwrap_or_default();
    assert_eq!((&*c.piece, &*c.side), ("兵", "蜀"));
}

#[test]
fn same_game_in_traditional_characters_gives_the_same_moves() {
    let strip = |p: Parsed<SanguoGame>| {
        p.game
            .moves
            .into_iter()
            .map(|mut m| {
                m.comment = None;
                m
            })
            .collect::<Vec<_>>()
    };
    let t = game(TRADITIONAL, 0);
    assert!(has_code(
        &t,
        "sanguo.traditional",
        annals_import::Severity::Info
    ));
    assert_eq!(t.game.status.get("吴").map(String::as_str), Some("胜利"));
    assert_eq!(t.players[0].name.as_deref(), Some("周瑜"));
    let simplified = strip(game(OPENINGS, 1));
    let traditional = strip(t);
    assert_eq!(simplified.len(), 18);
    assert_eq!(simplified, traditional);
    // Also move by move, with mixed forms.
    let a = parse("1.車5進1，砲12平10，象7進9");
    let b = parse("1.车5进1，炮12平10，相7进9");
    assert_eq!(
        a.game
            .moves
            .iter()
            .map(|m| (m.from, m.to, m.piece.clone()))
            .collect::<Vec<_>>(),
        b.game
            .moves
            .iter()
            .map(|m| (m.from, m.to, m.piece.clone()))
            .collect::<Vec<_>>()
    );
    assert_eq!(a.game.moves[0].notation, "车5进1");
}

#[test]
fn front_and_back_with_file_on_two_files() {
    let p = game(PAWNS, 0);
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    assert_eq!(mv(&p, "前8平9"), (s("吴"), [7, 9], [8, 9]));
    assert_eq!(mv(&p, "后10平9"), (s("吴"), [9, 11], [8, 11]));
    assert_eq!(find(&p, "前8平9").piece, "兵");
}

#[test]
fn seed_forms_middle_with_file_and_with_piece_and_file() {
    let p = game(PAWNS, 0);
    // 中兵7平6: position + piece + file; 中10平9: position + file, the piece left out.
    assert_eq!(mv(&p, "中兵7平6"), (s("吴"), [6, 10], [5, 10]));
    assert_eq!(mv(&p, "中10平9"), (s("吴"), [9, 10], [8, 10]));
    assert_eq!(mv(&p, "前9平8"), (s("吴"), [8, 9], [7, 9]));
    assert_eq!(p.game.moves.len(), 35 * 3);
}

#[test]
fn middle_of_three_on_one_file() {
    let p = game(PAWNS, 0);
    assert_eq!(mv(&p, "中兵平7"), (s("吴"), [7, 10], [6, 10]));
    assert_eq!(p.outcome.as_ref().map(|o| o.summary.as_str()), Some("和棋"));
}

#[test]
fn ordinals_and_annexed_pieces_move_by_the_new_owner() {
    let p = game(ANNEX, 0);
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    // 吴 takes 汉 and annexes 魏: 魏's five pawns are on 吴's file 4; 五兵 is the last.
    let m = find(&p, "五兵平5");
    assert_eq!(
        (&*m.side, &*m.origin, m.from, m.to),
        ("吴", "魏", [3, 12], [4, 12])
    );
    assert_eq!(mv(&p, "四兵平5"), (s("吴"), [3, 10], [4, 10]));
    // Two files with three pawns each: 中 + file (中10平9's form), and 中 + piece + file (中兵7平6's).
    assert_eq!(mv(&p, "中5平6"), (s("吴"), [4, 12], [5, 12]));
    assert_eq!(mv(&p, "中兵4平5"), (s("吴"), [3, 6], [4, 6]));
    // 前 + piece + file when two files hold two chariots or more.
    assert_eq!(find(&p, "前车1平2").origin, "魏");
    // Seven chariots on file 9: 七车 is the last, 一车 the first, then 四车 of the five left.
    let m = find(&p, "七车平11");
    assert_eq!((&*m.origin, m.from, m.to), ("吴", [8, 10], [10, 10]));
    let m = find(&p, "一车平11");
    assert_eq!((&*m.origin, m.from, m.to), ("汉", [8, 3], [10, 3]));
    let m = find(&p, "四车平11");
    assert_eq!((&*m.origin, m.from, m.to), ("魏", [8, 7], [10, 7]));
    // Rounds after 魏's fall: two entries are 吴 and 蜀; a 魏 placeholder is no 轮空.
    assert!(p.game.round_types.is_empty());
    assert_eq!(p.game.moves.iter().filter(|m| m.side == "魏").count(), 9);
    assert_eq!(
        p.outcome.as_ref().map(|o| o.summary.as_str()),
        Some("吴蜀和")
    );
}

#[test]
fn simplified_notation_without_file() {
    let p = game(OPENINGS, 0);
    assert_eq!(mv(&p, "炮平11"), (s("魏"), [2, 9], [2, 10]));
    assert_eq!(mv(&p, "马进7"), (s("蜀"), [16, 11], [14, 10]));
    assert_eq!(mv(&p, "车5进1"), (s("吴"), [4, 16], [4, 15]));
}

// ---------------------------------------------------------------- markers and ownership

#[test]
fn alliance_gives_han_pieces_to_the_third_side() {
    let p = game(ALLIANCES, 0);
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    let m = find(&p, "马4进2=吴");
    assert_eq!((&*m.side, m.from, m.to), ("魏", [7, 3], [8, 1]));
    assert_eq!(m.events, vec![MoveEvent::Alliance { with: s("吴") }]);
    // 汉's three chariots are on 蜀's file 14; 蜀 moves forward (-y): 后 is (10,3), 中 (8,3).
    let m = find(&p, "后车进1");
    assert_eq!(
        (&*m.side, &*m.origin, m.from, m.to),
        ("蜀", "汉", [10, 3], [9, 3])
    );
    assert_eq!(mv(&p, "中车平13"), (s("蜀"), [8, 3], [8, 4]));
    let b = board_after(&p.game, m.ply as usize);
    let han: Vec<&BoardPiece> = b.iter().filter(|p| p.origin == "汉").collect();
    assert_eq!(han.iter().filter(|p| p.owner == "蜀").count(), 4);
    assert_eq!(han.iter().filter(|p| p.owner == "汉").count(), 1); // the emperor
    // Before the alliance, 汉's pieces are 汉's.
    let before = board_after(&p.game, m.ply as usize - 2);
    assert_eq!(before.iter().filter(|p| p.owner == "汉").count(), 5);
}

#[test]
fn initiator_order_matters_in_alliance_titles() {
    let (a, b) = (game(ALLIANCES, 1), game(ALLIANCES, 2));
    assert!(
        problems(&a).is_empty() && problems(&b).is_empty(),
        "{:?} {:?}",
        problems(&a),
        problems(&b)
    );
    assert_eq!(
        a.game.title_events[0],
        TitleEvent::Alliance {
            by: s("蜀"),
            with: s("魏")
        }
    );
    assert_eq!(
        b.game.title_events[0],
        TitleEvent::Alliance {
            by: s("魏"),
            with: s("蜀")
        }
    );
    assert_eq!(find(&a, "马15进17=魏").to, [9, 0]);
    assert_eq!(find(&b, "马3进1=蜀").to, [7, 0]);
    // 吴 receives 汉's chariots and moves them by its own numbering.
    assert_eq!(mv(&a, "车9退1"), (s("吴"), [8, 3], [8, 4]));
    assert_eq!(mv(&b, "车11退1"), (s("吴"), [10, 3], [10, 4]));
}

#[test]
fn killing_han_gives_the_killer_han_pieces() {
    let p = game(ALLIANCES, 3);
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    let m = find(&p, "马15进17x汉");
    assert_eq!((&*m.side, m.from, m.to), ("蜀", [9, 2], [8, 0]));
    assert_eq!(m.events, vec![MoveEvent::KillHan]);
    let c = m.capture.clone().unwrap_or_default();
    assert_eq!((&*c.piece, &*c.side), ("将", "汉"));
    let b = board_after(&p.game, m.ply as usize);
    assert_eq!(b.iter().filter(|p| p.origin == "汉").count(), 4);
    assert!(
        b.iter()
            .filter(|p| p.origin == "汉")
            .all(|p| p.owner == "蜀")
    );
    assert_eq!(mv(&p, "前车平13"), (s("蜀"), [6, 3], [6, 4]));
    // ×汉 is the same marker.
    let t = game(TITLES, 2);
    assert_eq!(find(&t, "马2进1x汉").events, vec![MoveEvent::KillHan]);
}

#[test]
fn elimination_annexes_the_pieces() {
    let p = game(TITLES, 0);
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    let m = find(&p, "车1平17#吴");
    assert_eq!(
        (&*m.side, &*m.origin, m.from, m.to),
        ("魏", "汉", [7, 0], [7, 16])
    );
    assert_eq!(
        m.events,
        vec![
            MoveEvent::Eliminate {
                side: s("吴"),
                how: s("checkmate"),
                by: Some(s("魏"))
            },
            MoveEvent::Annex {
                side: s("吴"),
                by: Some(s("魏"))
            }
        ]
    );
    let b = board_after(&p.game, usize::MAX);
    assert!(b.iter().all(|p| p.owner != "吴"));
    assert!(
        !b.iter().any(|p| p.origin == "吴" && p.piece == "将"),
        "the eliminated general leaves the board"
    );
    assert!(
        b.iter()
            .filter(|p| p.origin == "吴")
            .all(|p| p.owner == "魏")
    );
    // 后车 on a file of three annexed 汉 chariots (魏 moves +y: 后 is the smallest y).
    assert_eq!(mv(&p, "后车进1"), (s("魏"), [6, 3], [7, 3]));
}

#[test]
fn stalemate_markers() {
    // 【困毙灭国】 on its own line: the mover's 下家 is eliminated by the mover.
    let p = game(TITLES, 3);
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    let last = p.game.moves.last().cloned().unwrap_or_default();
    assert_eq!(
        last.events,
        vec![
            MoveEvent::Eliminate {
                side: s("魏"),
                how: s("stalemate"),
                by: Some(s("吴"))
            },
            MoveEvent::Annex {
                side: s("魏"),
                by: Some(s("吴"))
            }
        ]
    );
    // [蜀困魏·困毙灭国] after 吴's move names the sides (the notation's §6 case 2).
    let p = game(TITLES, 2);
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    let m = find(&p, "车5进1[蜀困魏·困毙灭国]");
    assert_eq!(m.side, "吴");
    assert!(m.events.contains(&MoveEvent::Eliminate {
        side: s("魏"),
        how: s("stalemate"),
        by: Some(s("蜀"))
    }));
    // 蜀 now owns 魏's horse on its file 6: 后马 is its own.
    assert_eq!(mv(&p, "后马进7"), (s("蜀"), [16, 11], [14, 10]));
    // Both bracket forms, as an entry of the round too.
    for body in [
        "1.车5进1，车5进1，车5进1\n2.车5退1\n[困毙灭国]",
        "1.车5进1，车5进1，车5进1\n2.车5退1，【困毙灭国】",
    ] {
        let p = parse(body);
        assert!(problems(&p).is_empty(), "{body}: {:?}", problems(&p));
        assert!(
            p.game.moves[3]
                .events
                .iter()
                .any(|e| matches!(e, MoveEvent::Eliminate { side, .. } if side == "魏"))
        );
    }
}

#[test]
fn board_after_replays_the_stored_moves() {
    let p = game(ANNEX, 0);
    let last = board_after(&p.game, p.game.moves.len());
    // 52 pieces less the emperor, 魏's general and the captures (none).
    assert_eq!(last.len(), 51);
    assert!(last.iter().all(|b| b.owner == "吴" || b.owner == "蜀"));
    let sevens: Vec<&BoardPiece> = last
        .iter()
        .filter(|b| b.piece == "车" && b.y == 10)
        .collect();
    assert_eq!(sevens.len(), 3);
    let mid = board_after(&p.game, find(&p, "马10进9x汉").ply as usize);
    assert!(
        mid.iter()
            .any(|b| b.y == 8 && b.x == 0 && b.piece == "马" && b.owner == "吴")
    );
    assert!(
        mid.iter()
            .filter(|b| b.origin == "汉")
            .all(|b| b.owner == "吴")
    );
    assert_eq!(board_after(&p.game, 0).len(), 53);
}

// ---------------------------------------------------------------- titles, status, outcome

#[test]
fn every_title_form_of_the_seed() {
    use TitleEvent::*;
    let t = |x: &str| sanguo::parse_title(x).unwrap_or_else(|e| panic!("{x}: {e}"));
    assert_eq!(
        t("魏杀汉·魏灭吴·魏胜"),
        vec![
            KillHan { by: s("魏") },
            Eliminate {
                by: s("魏"),
                sides: vec![s("吴")]
            },
            Win { side: s("魏") }
        ]
    );
    assert_eq!(
        t("蜀吴盟·魏灭蜀吴·魏胜"),
        vec![
            Alliance {
                by: s("蜀"),
                with: s("吴")
            },
            Eliminate {
                by: s("魏"),
                sides: vec![s("蜀"), s("吴")]
            },
            Win { side: s("魏") }
        ]
    );
    assert_eq!(
        t("魏杀汉·蜀困魏·吴灭蜀·吴胜"),
        vec![
            KillHan { by: s("魏") },
            Stalemate {
                by: s("蜀"),
                side: s("魏")
            },
            Eliminate {
                by: s("吴"),
                sides: vec![s("蜀")]
            },
            Win { side: s("吴") }
        ]
    );
    assert_eq!(t("魏胜局"), vec![Win { side: s("魏") }]);
    assert_eq!(
        t("和棋局"),
        vec![Draw {
            sides: vec![s("吴"), s("魏"), s("蜀")]
        }]
    );
    assert_eq!(
        t("吴灭魏·吴蜀和"),
        vec![
            Eliminate {
                by: s("吴"),
                sides: vec![s("魏")]
            },
            Draw {
                sides: vec![s("吴"), s("蜀")]
            }
        ]
    );
    assert_eq!(
        t("蜀魏盟"),
        vec![Alliance {
            by: s("蜀"),
            with: s("魏")
        }]
    );
    assert_eq!(
        t("魏蜀盟"),
        vec![Alliance {
            by: s("魏"),
            with: s("蜀")
        }]
    );
    assert_eq!(
        t("吴困蜀"),
        vec![Stalemate {
            by: s("吴"),
            side: s("蜀")
        }]
    );
    assert_eq!(
        t("蜀灭魏吴"),
        vec![Eliminate {
            by: s("蜀"),
            sides: vec![s("魏"), s("吴")]
        }]
    );
    // Traditional characters, •, a 标题： prefix.
    assert_eq!(t("標題：魏殺漢•魏滅吳•魏勝"), t("魏杀汉·魏灭吴·魏胜"));
    assert_eq!(t("吳勝局"), vec![Win { side: s("吴") }]);
    assert!(sanguo::parse_title("魏杀汉·随便").is_err());
    assert!(sanguo::parse_title("").is_err());
    let j = serde_json::to_value(t("蜀吴盟·魏灭蜀吴·魏胜")).unwrap_or_default();
    assert_eq!(
        j,
        serde_json::json!([
            {"type":"alliance","by":"蜀","with":"吴"},
            {"type":"eliminate","by":"魏","sides":["蜀","吴"]},
            {"type":"win","side":"魏"}
        ])
    );
}

#[test]
fn title_from_body_line_or_tag() {
    let p = parse("魏胜局\n1.马6进5，炮12平10，相7进9");
    assert_eq!(p.title.as_deref(), Some("魏胜局"));
    assert_eq!(p.game.title_events, vec![TitleEvent::Win { side: s("魏") }]);
    assert_eq!(p.outcome.as_ref().map(|o| o.summary.as_str()), Some("魏胜"));
    let p = parse_tags("1.马6进5，炮12平10，相7进9", &[("Title", "蜀胜局")]);
    assert_eq!(p.title, None);
    assert_eq!(p.game.title.as_deref(), Some("蜀胜局"));
    assert_eq!(p.game.title_events, vec![TitleEvent::Win { side: s("蜀") }]);
    // Every corpus title of the notation's examples agrees with its moves.
    for text in [TITLES, ALLIANCES, ANNEX, PAWNS] {
        for p in corpus(text) {
            assert!(!p.game.title_events.is_empty());
            assert!(
                problems(&p).is_empty(),
                "{:?}: {:?}",
                p.game.title,
                problems(&p)
            );
        }
    }
}

#[test]
fn status_line_forms() {
    let body = "1.马6进5，炮12平10，相7进9\n";
    for line in [
        "[胜利] [灭国] [认负]",
        "【胜利】【灭国】【认负】",
        "吴[胜利] 魏[灭国] 蜀[认负]",
        "魏:灭国，吴:胜利，蜀:认负",
        "吳[勝利] 魏[滅國] 蜀[認負]",
    ] {
        let p = parse(&format!("{body}{line}"));
        let st: Vec<(&str, &str)> = p
            .game
            .status
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            st,
            vec![("吴", "胜利"), ("蜀", "认负"), ("魏", "灭国")],
            "{line}"
        );
        assert_eq!(
            p.outcome.as_ref().map(|o| o.winners.clone()),
            Some(vec![s("吴")]),
            "{line}"
        );
    }
    let p = parse(&format!("{body}[超时判负] [强制判和] [强制判和]"));
    assert_eq!(
        p.game.status.get("吴").map(String::as_str),
        Some("超时判负")
    );
    let o = p.outcome.unwrap_or_default();
    assert_eq!((o.summary.as_str(), o.draw.len()), ("魏蜀和", 2));
}

#[test]
fn players_from_tags() {
    let p = game(OPENINGS, 0);
    let seats: Vec<(&str, Option<&str>)> = p
        .players
        .iter()
        .map(|s| (s.seat.as_str(), s.name.as_deref()))
        .collect();
    assert_eq!(
        seats,
        vec![
            ("吴", Some("孙策")),
            ("魏", Some("曹操")),
            ("蜀", Some("刘备"))
        ]
    );
    assert!(p.players.iter().all(|s| s.color.is_none()));
    let p = parse("1.马6进5");
    assert_eq!(p.players.len(), 3);
    assert!(p.players.iter().all(|s| s.name.is_none()));
}

// ---------------------------------------------------------------- diagnostics, one per code

fn first(p: &Parsed<SanguoGame>, code: &str) -> (u32, u32, annals_import::Severity) {
    p.diagnostics
        .iter()
        .find(|d| d.code == code)
        .map(|d| (d.line, d.col, d.severity))
        .unwrap_or_else(|| panic!("no {code}: {:?}", p.diagnostics))
}

use annals_import::Severity::{Error, Info, Warning};

#[test]
fn diag_syntax_keeps_scanning() {
    let p =
        parse("1.马6进5，炮12平10，相7进9\n2.车5平，马12进11，马6进7\n3.车5进1，马1进2，兵5进1");
    assert_eq!(first(&p, "sanguo.syntax"), (2, 6, Error));
    assert_eq!(p.game.moves.len(), 3);
    assert_eq!(first(&p, "sanguo.not-replayed"), (2, 7, Info));
    let p = parse("1.车5进1=汉，炮12平10x魏，相7进9[和]");
    // Replay stops at the first; the syntax of each later move is still read.
    assert_eq!(
        p.diagnostics
            .iter()
            .filter(|d| d.code == "sanguo.syntax")
            .count(),
        3
    );
    assert_eq!(first(&parse("1.车5进100"), "sanguo.syntax"), (1, 6, Error));
    assert_eq!(
        first(&parse("1.车99999999999进1"), "sanguo.syntax"),
        (1, 4, Error)
    );
    let p = parse("1.车进，5进1，前平5");
    assert!(
        p.diagnostics
            .iter()
            .filter(|d| d.code == "sanguo.syntax")
            .count()
            >= 2
    );
}

#[test]
fn diag_unreadable_line() {
    let p = parse("1.马6进5，炮12平10，相7进9\n这一行不是着法");
    assert_eq!(first(&p, "sanguo.unreadable-line"), (2, 1, Error));
}

#[test]
fn diag_no_piece_ambiguous_off_board_bad_move_self_capture() {
    assert_eq!(
        first(&parse("1.马6进5，炮3平10"), "sanguo.no-piece"),
        (1, 8, Error)
    );
    assert_eq!(first(&parse("1.马进5"), "sanguo.ambiguous"), (1, 3, Error));
    assert_eq!(first(&parse("1.前兵平9"), "sanguo.no-piece"), (1, 3, Error));
    assert_eq!(first(&parse("1.马5进3"), "sanguo.no-piece"), (1, 3, Error));
    assert_eq!(
        first(
            &parse("1.马6进5，马6进5，马6进5\n2.马5进3"),
            "sanguo.off-board"
        ),
        (2, 3, Error)
    );
    assert_eq!(first(&parse("1.马6平5"), "sanguo.bad-move"), (1, 3, Error));
    assert_eq!(first(&parse("1.马6进9"), "sanguo.bad-move"), (1, 3, Error));
    assert_eq!(first(&parse("1.车5进0"), "sanguo.bad-move"), (1, 3, Error));
    assert_eq!(
        first(&parse("1.车5进3"), "sanguo.self-capture"),
        (1, 3, Error)
    );
    // 中兵平7 with two files of three pawns is ambiguous (the notation's own example, DOMAIN §6).
    let annex = ANNEX.replace("中5平6", "中兵平6");
    let p = game(&annex, 0);
    assert!(
        has_code(&p, "sanguo.ambiguous", Error),
        "{:?}",
        problems(&p)
    );
}

#[test]
fn diag_eliminated_side_and_round_slots() {
    assert_eq!(
        first(
            &parse("1.炮6进1#魏，炮12平10，相7进9"),
            "sanguo.eliminated-side"
        ),
        (1, 10, Error)
    );
    assert_eq!(
        first(
            &parse("1.炮6进1，炮12平10，相7进9，车5进1"),
            "sanguo.round-slots"
        ),
        (1, 20, Error)
    );
}

#[test]
fn diag_warnings_of_the_doubtful_game() {
    let p = game(ERRORS, 1);
    assert_eq!(first(&p, "sanguo.illegal-move"), (17, 8, Warning));
    assert_eq!(first(&p, "sanguo.round-number"), (18, 1, Warning));
    assert_eq!(first(&p, "sanguo.punctuation"), (18, 14, Warning));
    assert_eq!(first(&p, "sanguo.marker-mismatch"), (19, 8, Warning));
    assert_eq!(first(&p, "text.comment-unclosed"), (19, 22, Warning));
    assert_eq!(first(&p, "sanguo.status"), (22, 1, Warning));
    assert_eq!(first(&p, "sanguo.title-mismatch"), (17, 1, Warning));
    assert_eq!(first(&p, "sanguo.status-mismatch"), (22, 1, Warning));
    assert!(
        !p.diagnostics
            .iter()
            .any(|d| d.severity == Error && d.code != "sanguo.unreadable-line")
    );
    assert_eq!(p.game.moves.len(), 11);
}

#[test]
fn diag_home_rules_of_own_pieces() {
    let w = |body: &str| -> Vec<String> {
        parse(body)
            .diagnostics
            .iter()
            .filter(|d| d.code == "sanguo.illegal-move")
            .map(|d| d.message.clone())
            .collect()
    };
    assert_eq!(
        w("1.相7进5\n2.相5进7\n3.相7进9").len(),
        1,
        "相 leaves its territory"
    );
    assert_eq!(w("1.士8进7").len(), 1, "士 leaves its palace");
    assert_eq!(w("1.士8进9").len(), 0);
    assert_eq!(w("1.兵7平8").len(), 0, "sideways on the 防线");
    assert_eq!(w("1.兵7进1\n2.兵7平8").len(), 1, "sideways on the 国境线");
    assert_eq!(
        w("1.兵7进1\n2.兵7进1\n3.兵7平8\n4.兵8退1").len(),
        0,
        "beyond the 国境线"
    );
    assert_eq!(w("1.兵7退1").len(), 1, "backward at home");
    assert_eq!(w("1.兵7进2").len(), 1, "two steps");
    assert_eq!(
        first(&parse("1.士8进7"), "sanguo.illegal-move"),
        (1, 3, Warning)
    );
}

#[test]
fn diag_marker_mismatches() {
    // x汉 without the emperor; =X off X's point; a horse on a point without =X; #X of oneself.
    assert_eq!(
        first(&parse("1.马6进5x汉"), "sanguo.marker-mismatch"),
        (1, 3, Warning)
    );
    let p = parse("1.车5进1，车5进1=吴");
    assert_eq!(first(&p, "sanguo.marker-mismatch"), (1, 8, Warning));
    assert_eq!(
        p.game.moves[1].events,
        vec![MoveEvent::Alliance { with: s("吴") }]
    );
    let t = TITLES.replace("马2进1×汉", "马2进1");
    let p = game(&t, 2);
    assert!(has_code(&p, "sanguo.marker-mismatch", Warning));
    assert_eq!(find(&p, "马2进1").events, vec![MoveEvent::KillHan]);
    let p = parse("1.车5进1#吴");
    assert_eq!(first(&p, "sanguo.marker-mismatch"), (1, 3, Warning));
    assert!(p.game.moves[0].events.is_empty());
    let p = parse("【困毙灭国】");
    assert_eq!(first(&p, "sanguo.marker-mismatch"), (1, 1, Warning));
}

#[test]
fn diag_title_unreadable_and_disagreeing() {
    let p = game(ERRORS, 7);
    assert_eq!(first(&p, "sanguo.title"), (54, 1, Warning));
    let p = parse("魏杀汉·不知所云\n1.马6进5");
    assert_eq!(first(&p, "sanguo.title"), (1, 1, Warning));
    let p = parse_tags("魏胜局\n1.马6进5", &[("Title", "蜀胜局")]);
    assert_eq!(first(&p, "sanguo.title-mismatch"), (1, 1, Warning));
    // A move event missing from the title.
    let p = parse("吴胜\n1.炮6进1#魏");
    assert!(has_code(&p, "sanguo.title-mismatch", Warning));
    // Title win against the status line.
    let p = parse("吴胜\n1.炮6进1\n[认负] [胜利] [认负]");
    assert!(has_code(&p, "sanguo.title-mismatch", Warning));
}

#[test]
fn diag_status_mismatch_both_ways() {
    let p = parse("1.炮6进1#魏\n[胜利] [认负] [认负]");
    assert_eq!(first(&p, "sanguo.status-mismatch"), (2, 1, Warning));
    let p = parse("1.炮6进1\n[胜利] [灭国] [认负]");
    assert_eq!(first(&p, "sanguo.status-mismatch"), (2, 1, Warning));
    let p = parse("1.炮6进1\n[胜利] [认负] [认负]\n[胜利] [认负] [认负]");
    assert_eq!(first(&p, "sanguo.status"), (3, 1, Warning));
}

#[test]
fn diag_info_normalizations() {
    let p = parse("1.马6进5,炮12平10,相7进9\n2.車5進1，车5进1");
    assert_eq!(first(&p, "sanguo.traditional"), (2, 3, Info));
    assert_eq!(first(&p, "sanguo.full-width"), (2, 7, Info));
    assert_eq!(p.diagnostics.len(), 2);
}

#[test]
fn punctuation_repairs() {
    let p = parse("1 马6进5 炮12平10 相7进9\n2、车5进1;车5进1，，");
    assert_eq!(p.game.moves.len(), 5);
    let n = p
        .diagnostics
        .iter()
        .filter(|d| d.code == "sanguo.punctuation")
        .count();
    assert!(n >= 4, "{:?}", p.diagnostics);
    let p = parse("马6进5，炮12平10，相7进9");
    assert_eq!(first(&p, "sanguo.round-number"), (1, 1, Warning));
    assert_eq!(p.game.moves.len(), 3);
}

// ---------------------------------------------------------------- other transcribers' forms

/// A move as played: ply, round, side, piece, from, to, capture and events.
type Played = (u32, u32, String, String, [u8; 2], [u8; 2], String);

/// What a game's moves come to, comments and the written notation aside.
fn played(p: &Parsed<SanguoGame>) -> Vec<Played> {
    p.game
        .moves
        .iter()
        .map(|m| {
            (
                m.ply,
                m.round,
                m.side.to_string(),
                m.piece.to_string(),
                m.from,
                m.to,
                format!("{:?} {:?}", m.capture, m.events),
            )
        })
        .collect()
}

/// `(code, line, col)` of every diagnostic.
fn all_diags(p: &Parsed<SanguoGame>) -> Vec<(String, u32, u32)> {
    p.diagnostics
        .iter()
        .map(|d| (d.code.clone(), d.line, d.col))
        .collect()
}

/// `n` in Chinese numerals, as a xiangqi record writes a file or a step count.
fn chinese(n: u32) -> String {
    const D: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        1..=9 => D[n as usize].to_string(),
        10 => "十".to_string(),
        11..=19 => format!("十{}", D[(n - 10) as usize]),
        _ => format!("{}十{}", D[(n / 10) as usize], D[(n % 10) as usize]),
    }
}

/// A record with every number inside its moves written in Chinese numerals (round numbers, tags,
/// comments and everything else left alone).
fn with_chinese_numerals(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let Some(dot) = line
            .find('.')
            .filter(|&k| line[..k].bytes().all(|b| b.is_ascii_digit()) && k > 0)
        else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        out.push_str(&line[..=dot]);
        let mut digits = String::new();
        let mut in_comment = false;
        for c in line[dot + 1..].chars() {
            if c.is_ascii_digit() && !in_comment {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                out.push_str(&chinese(digits.parse().unwrap_or(0)));
                digits.clear();
            }
            match c {
                '{' => in_comment = true,
                '}' => in_comment = false,
                _ => {}
            }
            out.push(c);
        }
        if !digits.is_empty() {
            out.push_str(&chinese(digits.parse().unwrap_or(0)));
        }
        out.push('\n');
    }
    out
}

#[test]
fn files_and_steps_in_chinese_numerals() {
    // the finding: 1.马六进五，炮12平10，相7进九
    let p = parse("1.马六进五，炮12平10，相7进九\n2.兵7进1，炮6进14，车13平12");
    let notes: Vec<&str> = p.game.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(
        notes,
        [
            "马6进5",
            "炮12平10",
            "相7进9",
            "兵7进1",
            "炮6进14",
            "车13平12"
        ]
    );
    assert_eq!(mv(&p, "马6进5"), (s("吴"), [5, 16], [4, 14]));
    assert_eq!(
        all_diags(&p),
        vec![(s("sanguo.full-width"), 1, 7), (s("sanguo.numerals"), 1, 3)]
    );
    assert_eq!(first(&p, "sanguo.numerals").2, Info);
    // files past 9: 十…十七, and steps
    let p = parse("1.马6进5，炮十二平十，相7进9\n2.兵7进1，炮六进十四，车十三平十二");
    assert_eq!(p.game.moves.len(), 6);
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    assert_eq!(mv(&p, "炮6进14"), (s("魏"), [2, 5], [16, 5]));
    assert_eq!(mv(&p, "车13平12"), (s("蜀"), [16, 4], [16, 5]));
    // the transcribers' record of the notation's opening game gives the same game
    let a = game(OPENINGS, 0);
    let b = game(TRANSCRIBERS, 0);
    assert_eq!(played(&a), played(&b));
    let na: Vec<&str> = a.game.moves.iter().map(|m| m.notation.as_str()).collect();
    let nb: Vec<&str> = b.game.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(na, nb);
    assert!(problems(&b).is_empty(), "{:?}", problems(&b));
    // every number of every move of the corpus in Chinese numerals: the same games, ordinals
    // (一车平11, 五兵平5), pieceless moves (前8平9, 中10平9) and markers (车1平17#吴) included
    for (name, text) in [
        ("openings", OPENINGS),
        ("pawns", PAWNS),
        ("annex", ANNEX),
        ("titles", TITLES),
        ("alliances", ALLIANCES),
    ] {
        let cn = with_chinese_numerals(text);
        assert_ne!(cn, text);
        let (plain, written) = (corpus(text), corpus(&cn));
        assert_eq!(plain.len(), written.len(), "{name}");
        for (a, b) in plain.iter().zip(&written) {
            assert_eq!(played(a), played(b), "{name}");
            let na: Vec<&str> = a.game.moves.iter().map(|m| m.notation.as_str()).collect();
            let nb: Vec<&str> = b.game.moves.iter().map(|m| m.notation.as_str()).collect();
            assert_eq!(na, nb, "{name}");
            assert_eq!(problems(a), problems(b), "{name}");
            assert_eq!(a.game.title_events, b.game.title_events, "{name}");
        }
    }
    // the ordinal before a piece keeps its meaning with a Chinese target
    assert!(with_chinese_numerals(ANNEX).contains("七车平十一"));
    // not numbers: a numeral where no file or step stands is still unreadable
    let p = parse("1.车5平甲");
    assert_eq!(first(&p, "sanguo.syntax"), (1, 6, Error));
    let p = parse("1.车十进");
    assert_eq!(first(&p, "sanguo.syntax"), (1, 6, Error));
}

#[test]
fn round_numbers_written_with_hui_he() {
    let moves = ["马6进5，炮12平10，相7进9", "兵7进1，炮6进14，车13平12"];
    for (r1, r2) in [
        ("第1回合：", "第2回合："),
        ("第一回合", "第二回合"),
        ("第1回合:", "第2回合:"),
        ("1回合", "2回合"),
        ("第1回 ", "第二回，"),
        ("第一轮 ", "第二轮 "),
        ("一、", "二、"),
        ("一．", "二．"),
        ("一：", "二:"),
        ("一回合", "二回合"),
    ] {
        let body = format!("{r1}{}\n{r2}{}", moves[0], moves[1]);
        let p = parse(&body);
        assert_eq!(p.game.moves.len(), 6, "{body}");
        assert_eq!(p.game.rounds, 2, "{body}");
        assert_eq!(
            p.game.moves.iter().map(|m| m.round).collect::<Vec<_>>(),
            [1, 1, 1, 2, 2, 2],
            "{body}"
        );
        assert!(problems(&p).is_empty(), "{body}: {:?}", problems(&p));
        assert_eq!(first(&p, "sanguo.round-form"), (1, 1, Info), "{body}");
        assert_eq!(
            p.diagnostics
                .iter()
                .filter(|d| d.code == "sanguo.round-form")
                .count(),
            1,
            "{body}"
        );
    }
    // out of sequence is still reported; 第十二回合 is round 12
    let p = parse("第一回合：马6进5，炮12平10，相7进9\n第十二回合：兵7进1，炮6进14，车13平12");
    assert_eq!(first(&p, "sanguo.round-number"), (2, 1, Warning));
    assert_eq!(p.game.moves.last().map(|m| m.round), Some(12));
    // a round number in brackets
    let p = parse("(1) 马6进5，炮12平10，相7进9\n（2）兵7进1，炮6进14，车13平12");
    assert_eq!(p.game.moves.len(), 6);
    assert_eq!(
        p.game.moves.iter().map(|m| m.round).collect::<Vec<_>>(),
        [1, 1, 1, 2, 2, 2]
    );
    assert!(
        p.diagnostics.iter().all(|d| d.severity != Error),
        "{:?}",
        p.diagnostics
    );
    // a numeral before a piece is the piece's ordinal, not a round
    let p = parse("1.马6进5，炮12平10，相7进9\n二兵7进1，炮6进14，车13平12");
    assert_eq!(first(&p, "sanguo.round-number"), (2, 1, Warning));
    assert!(p.diagnostics.iter().all(|d| d.code != "sanguo.round-form"));
    // 十二、 is round 12
    let p = parse("一、马6进5，炮12平10，相7进9\n十二、兵7进1，炮6进14，车13平12");
    assert_eq!(first(&p, "sanguo.round-number"), (2, 1, Warning));
    assert_eq!(p.game.moves.last().map(|m| m.round), Some(12));
    // 第一局 is no round: a heading before the moves
    let p = parse("第一局\n1.马6进5，炮12平10，相7进9");
    assert_eq!(first(&p, "sanguo.header-line"), (1, 1, Info));
    assert!(problems(&p).is_empty(), "{:?}", problems(&p));
    assert_eq!(p.game.moves.len(), 3);
    // the transcribers' record gives the notation's game
    let b = game(TRANSCRIBERS, 1);
    assert_eq!(played(&game(OPENINGS, 0)), played(&b));
    assert!(problems(&b).is_empty(), "{:?}", problems(&b));
}

#[test]
fn comments_inside_a_move() {
    let p = parse("1.马6进5，炮12{好棋}平10，相7进9\n2.兵7进1，炮6进14，车13平12");
    let notes: Vec<&str> = p.game.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(
        notes,
        [
            "马6进5",
            "炮12平10",
            "相7进9",
            "兵7进1",
            "炮6进14",
            "车13平12"
        ]
    );
    assert_eq!(find(&p, "炮12平10").comment.as_deref(), Some("好棋"));
    assert_eq!(find(&p, "马6进5").comment, None);
    assert_eq!(mv(&p, "炮12平10"), (s("魏"), [2, 11], [2, 9]));
    assert_eq!(all_diags(&p), vec![(s("sanguo.full-width"), 1, 7)]);
    // with spaces around it, in the last entry, and a move split by a space
    let p = parse("1.马6进5，炮12 {好棋} 平10，相7{飞相}进9\n2.兵7进1 炮6 进14 车13平12");
    assert_eq!(p.game.moves.len(), 6);
    assert_eq!(find(&p, "相7进9").comment.as_deref(), Some("飞相"));
    assert_eq!(mv(&p, "炮6进14"), (s("魏"), [2, 5], [16, 5]));
    assert_eq!(
        problems(&p),
        vec!["sanguo.punctuation@2:8", "sanguo.punctuation@2:15"]
    );
    // markers after a space still belong to the move before them
    let p = parse("1.车5进1 =魏，炮12平10，相7进9");
    assert_eq!(first(&p, "sanguo.marker-mismatch").0, 1);
    let b = game(TRANSCRIBERS, 2);
    assert_eq!(played(&game(OPENINGS, 0)), played(&b));
    assert!(problems(&b).is_empty(), "{:?}", problems(&b));
    assert_eq!(find(&b, "马进7").comment.as_deref(), Some("跳马"));
}

#[test]
fn other_skip_symbols() {
    let opening =
        "1.马6进5，炮12平10，相7进9\n2.兵7进1，炮6进14，车13平12\n3.兵7进1，砲平11，相9退7\n";
    for skip in [
        "（跳过）",
        "(跳过)",
        "空",
        "跳过",
        "【空】",
        "（被将）",
        "〔停〕",
        "过",
    ] {
        let p = parse(&format!("{opening}4.炮12进6，{skip}，士8进9"));
        assert_eq!(p.game.moves.len(), 11, "{skip}");
        assert!(problems(&p).is_empty(), "{skip}: {:?}", problems(&p));
        assert_eq!(
            find(&p, "炮12进6").events,
            vec![MoveEvent::Check { side: s("蜀") }],
            "{skip}"
        );
        assert_eq!(p.game.round_types.len(), 1, "{skip}");
        assert_eq!(p.game.round_types[0].kind, "空心", "{skip}");
        assert_eq!(first(&p, "sanguo.skip-form"), (4, 9, Info), "{skip}");
    }
    // （轮空） itself needs no note
    let p = parse(&format!("{opening}4.炮12进6，（轮空），士8进9"));
    assert!(!has_code(&p, "sanguo.skip-form", Info));
    // not skips: a status word in brackets, a bracketed number, an unknown word
    for bad in ["[认负]", "(1)", "马"] {
        let p = parse(&format!("{opening}4.炮12进6，{bad}，士8进9"));
        assert!(
            has_code(&p, "sanguo.syntax", Error),
            "{bad}: {:?}",
            p.diagnostics
        );
    }
    for i in 3..6 {
        let b = game(TRANSCRIBERS, i);
        assert_eq!(b.game.moves.len(), 11);
        assert!(problems(&b).is_empty(), "{:?}", problems(&b));
        assert_eq!(b.game.round_types[0].skipped, vec![s("魏")]);
    }
}

// ---------------------------------------------------------------- robustness and speed

#[test]
fn never_panics_on_odd_input() {
    let mut inputs: Vec<String> = vec![
        String::new(),
        "\n\n".into(),
        "1.".into(),
        "1.，，，，，".into(),
        "99999999999999999999.马6进5".into(),
        "1.马99999999999999进5".into(),
        "1.前前前".into(),
        "1.七车平11".into(),
        "1.车5进1[困毙".into(),
        "1.车5进1(".into(),
        "[胜利]".into(),
        "{".into(),
        "}".into(),
        "x汉#=".into(),
        "1.马6进5x".into(),
        "1.马6进5#".into(),
        "1.魏9进1，吴9进1，汉9进1".into(),
        "标题：".into(),
        "【】".into(),
        "1.\u{0}\u{ffff}".into(),
    ];
    // Every prefix of every corpus file.
    for text in [
        OPENINGS,
        PAWNS,
        ANNEX,
        TITLES,
        ALLIANCES,
        TRADITIONAL,
        ERRORS,
        TRANSCRIBERS,
    ] {
        let chars: Vec<char> = text.chars().collect();
        for cut in (0..chars.len()).step_by(37) {
            inputs.push(chars[..cut].iter().collect());
        }
    }
    for body in &inputs {
        let p = parse(body);
        let _ = board_after(&p.game, usize::MAX);
    }
}

#[test]
fn board_after_tolerates_foreign_data() {
    let mut g = SanguoGame::default();
    g.moves.push(sanguo::Move {
        side: s("魏").into(),
        from: [16, 16],
        to: [200, 3],
        ..Default::default()
    });
    g.moves.push(sanguo::Move {
        side: s("?").into(),
        ..Default::default()
    });
    assert_eq!(board_after(&g, 5).len(), 53);
}

#[test]
fn fifty_copies_of_a_game_resolve_to_fifty_times_its_moves() {
    // Speed is measured by the benches (BENCHMARKS.md), never by tests: this checks only that
    // games resolve independently of what came before them in a file.
    let body = game_body(ANNEX);
    let big: String = std::iter::repeat_n(body.as_str(), 50)
        .collect::<Vec<_>>()
        .join("\n\n");
    let mut moves = 0;
    for raw in record::split_games(&big) {
        moves += sanguo::parse(
            &raw.body,
            &Ctx {
                first_line: raw.body_line,
                tags: &raw.tags,
            },
        )
        .game
        .moves
        .len();
    }
    assert_eq!(moves, 77 * 50);
}

fn game_body(text: &str) -> String {
    text.to_string()
}

/// Every code the module declares is produced by some input of this file (a new code needs a test).
#[test]
fn every_diagnostic_code_is_exercised() {
    let declared = [
        sanguo::code::SYNTAX,
        sanguo::code::UNREADABLE_LINE,
        sanguo::code::NO_PIECE,
        sanguo::code::AMBIGUOUS,
        sanguo::code::OFF_BOARD,
        sanguo::code::BAD_MOVE,
        sanguo::code::SELF_CAPTURE,
        sanguo::code::ELIMINATED_SIDE,
        sanguo::code::ROUND_SLOTS,
        sanguo::code::ILLEGAL_MOVE,
        sanguo::code::MARKER,
        sanguo::code::ROUND_NUMBER,
        sanguo::code::PUNCTUATION,
        sanguo::code::TITLE,
        sanguo::code::TITLE_MISMATCH,
        sanguo::code::STATUS,
        sanguo::code::STATUS_MISMATCH,
        sanguo::code::UNCLOSED_COMMENT,
        sanguo::code::BRACKET_COMMENT,
        sanguo::code::TRADITIONAL,
        sanguo::code::FULL_WIDTH,
        sanguo::code::NOT_REPLAYED,
        sanguo::code::NUMERALS,
        sanguo::code::ROUND_FORM,
        sanguo::code::SKIP_FORM,
    ];
    let mut seen = std::collections::BTreeSet::new();
    // a note in brackets never closed: no record of the corpus has one
    let unclosed_note = "[Game \"Sanguo\"]\n\n1.马6进5（好棋，炮12平10，相7进9\n";
    for text in [
        OPENINGS,
        PAWNS,
        ANNEX,
        TITLES,
        ALLIANCES,
        TRADITIONAL,
        ERRORS,
        TRANSCRIBERS,
        unclosed_note,
    ] {
        for p in corpus(text) {
            // the codes every notation shares (`text.…`) are not sanguo's to declare
            seen.extend(
                p.diagnostics
                    .iter()
                    .filter(|d| d.code.starts_with("sanguo."))
                    .map(|d| d.code.clone()),
            );
        }
    }
    for c in declared {
        assert!(c.starts_with("sanguo."));
        assert!(seen.contains(c), "the corpus never produces {c}");
    }
    assert!(
        seen.iter().all(|c| declared.contains(&c.as_str())),
        "{seen:?}"
    );
}

// ---- newcomers: habits of transcribers not seen before (corpus/sanguo/newcomers.sanguo) ----

fn diag<'a>(p: &'a Parsed<SanguoGame>, code: &str) -> Option<&'a annals_import::Diagnostic> {
    p.diagnostics.iter().find(|d| d.code == code)
}

fn notations(p: &Parsed<SanguoGame>) -> Vec<&str> {
    p.game.moves.iter().map(|m| m.notation.as_str()).collect()
}

#[test]
fn slashes_and_bars_separate_moves() {
    let p = parse("1. 马6进5 / 炮12平10 | 相7进9\n2.兵7进1／炮6进14／车13平12\n");
    assert_eq!(
        notations(&p),
        [
            "马6进5",
            "炮12平10",
            "相7进9",
            "兵7进1",
            "炮6进14",
            "车13平12"
        ]
    );
    let d = diag(&p, "sanguo.separator").expect("separator info");
    assert_eq!((d.line, d.col), (1, 9));
    assert_eq!(
        p.diagnostics
            .iter()
            .filter(|d| d.code == "sanguo.separator")
            .count(),
        1
    );
    assert!(
        p.diagnostics
            .iter()
            .all(|d| d.severity != annals_import::Severity::Error)
    );
}

/// White space or a second mark between a round's number and its first entry is no empty
/// entry: `1 ，马6进5` and `1.、马6进5` are 吴's move, as `1，马6进5` is.
#[test]
fn a_space_or_a_second_mark_after_the_round_number_is_no_entry() {
    for body in [
        "1 ，马6进5，马12进11，马6进7\n",
        "1.、马6进5，马12进11，马6进7\n",
        "1;马6进5，马12进11，马6进7\n",
    ] {
        let p = parse(body);
        assert_eq!(mv(&p, "马6进5"), (s("吴"), [5, 16], [4, 14]), "{body}");
        assert_eq!(mv(&p, "马12进11"), (s("魏"), [0, 11], [2, 10]), "{body}");
        assert_eq!(mv(&p, "马6进7"), (s("蜀"), [16, 11], [14, 10]), "{body}");
        assert!(
            p.diagnostics
                .iter()
                .all(|d| d.severity != annals_import::Severity::Error),
            "{body}: {:?}",
            problems(&p)
        );
    }
}

/// Several rounds on one line, as chess records write them, each from its number: after white
/// space, a `。` or a `；`.
#[test]
fn several_rounds_on_one_line() {
    for body in [
        "1.马6进5，马12进11，马6进7 2.兵7进1，炮6进6，（轮空）\n3.士8进9\n",
        "1.马6进5，马12进11，马6进7。2.兵7进1，炮6进6，（轮空）；3.士8进9\n",
    ] {
        let p = parse(body);
        assert_eq!(
            notations(&p),
            ["马6进5", "马12进11", "马6进7", "兵7进1", "炮6进6", "士8进9"],
            "{body}"
        );
        assert_eq!(
            p.game.moves.iter().map(|m| m.round).collect::<Vec<_>>(),
            [1, 1, 1, 2, 2, 3],
            "{body}"
        );
        assert_eq!(mv(&p, "士8进9"), (s("吴"), [7, 16], [8, 15]), "{body}");
        assert_eq!(p.game.round_types.len(), 1, "{body}");
        assert!(problems(&p).is_empty(), "{body}: {:?}", problems(&p));
    }
    // a number that is not the next round's stays where it is (an error, as before)
    let p = parse("1.马6进5，马12进11，马6进7 5.兵7进1\n");
    assert!(has_code(&p, "sanguo.round-slots", Error) || has_code(&p, "sanguo.syntax", Error));
}

/// A title with a full stop or an exclamation mark after it or between its parts keeps its
/// events and result.
#[test]
fn titles_with_full_stops_keep_their_events() {
    for title in [
        "魏杀汉·魏胜。",
        "魏杀汉·魏胜！",
        "魏杀汉.魏胜",
        "魏杀汉。魏胜",
    ] {
        let p = parse(&format!("{title}\n1.马6进5，炮12平10，相7进9\n"));
        let ev: Vec<String> = p
            .game
            .title_events
            .iter()
            .map(|e| format!("{e:?}"))
            .collect();
        assert_eq!(ev.len(), 2, "{title}: {ev:?}");
        assert_eq!(
            p.outcome.as_ref().map(|o| o.winners.clone()),
            Some(vec![s("魏")]),
            "{title}"
        );
    }
}

/// Notes on lines of their own (all in brackets, after `//`, or words between rules) are the
/// comment of the move before them; a heading before the moves is no part of the notation; a
/// short 轮空 in brackets stays an entry and an end mark stays ignored.
#[test]
fn notes_and_headings_on_lines_of_their_own() {
    let p = parse(
        "三国演弈棋对局记录\n（吴先）\n1.马6进5，马12进11，马6进7\n（第一回合：三方跳马）\n——以下为中局——\n// 吴挺兵\n2.兵7进1，炮6进6，（轮空）\n（完）\n",
    );
    assert_eq!(
        notations(&p),
        ["马6进5", "马12进11", "马6进7", "兵7进1", "炮6进6"]
    );
    assert_eq!(
        find(&p, "马6进7").comment.as_deref(),
        Some("第一回合:三方跳马 以下为中局 吴挺兵")
    );
    assert!(find(&p, "炮6进6").comment.is_none());
    assert!(
        p.diagnostics
            .iter()
            .all(|d| d.severity == annals_import::Severity::Info),
        "{:?}",
        problems(&p)
    );
    let notes: Vec<u32> = p
        .diagnostics
        .iter()
        .filter(|d| d.code == "sanguo.bracket-comment")
        .map(|d| d.line)
        .collect();
    assert_eq!(notes, [2, 4, 5, 6]);
    assert!(has_code(
        &p,
        "sanguo.header-line",
        annals_import::Severity::Info
    ));
    assert!(has_code(
        &p,
        "sanguo.ignored-line",
        annals_import::Severity::Info
    ));
    // a 轮空 alone on its line continues the round, as before
    let p = parse("1.马6进5，马12进11\n（轮空）\n2.兵7进1\n");
    assert_eq!(p.game.round_types.len(), 1);
    // after the first move, a line of words that is no note is still unreadable
    let p = parse("1.马6进5，马12进11，马6进7\n三方跳马\n");
    assert!(has_code(
        &p,
        "sanguo.unreadable-line",
        annals_import::Severity::Error
    ));
}

/// One labelled entry a line, a side's 轮空 among them (`蜀：（轮空）`, `蜀：轮空`): the 轮空 is an
/// entry (the move before it checked the skipped side's 下家), not a player's name.
#[test]
fn a_labelled_skip_on_its_own_line_is_the_side_s_entry() {
    for skip in ["蜀：（轮空）", "蜀：轮空", "蜀方: (轮空)"] {
        let p = parse(&format!(
            "吴：马6进5\n魏：马12进11\n蜀：马6进7\n吴：兵7进1\n魏：炮6进6\n{skip}\n吴：士8进9\n"
        ));
        assert_eq!(
            notations(&p),
            ["马6进5", "马12进11", "马6进7", "兵7进1", "炮6进6", "士8进9"],
            "{skip}"
        );
        assert_eq!(mv(&p, "士8进9"), (s("吴"), [7, 16], [8, 15]), "{skip}");
        let check: Vec<String> = find(&p, "炮6进6")
            .events
            .iter()
            .map(|e| format!("{e:?}"))
            .collect();
        assert_eq!(check.len(), 1, "{skip}: {check:?}");
        assert!(check[0].contains("吴"), "{skip}: {check:?}");
        assert!(p.players.iter().all(|pl| pl.name.is_none()), "{skip}");
        assert!(
            p.diagnostics
                .iter()
                .all(|d| d.severity != annals_import::Severity::Error),
            "{skip}: {:?}",
            problems(&p)
        );
    }
}

#[test]
fn side_labels_are_read_and_checked() {
    let p = parse("1.吴：马6进5，魏:炮12平10，蜀 相7进9\n2.吴兵7进1，魏（轮空），蜀车5进1\n");
    assert_eq!(
        notations(&p),
        ["马6进5", "炮12平10", "相7进9", "兵7进1", "车5进1"]
    );
    assert_eq!(p.game.moves[2].side, "蜀");
    let d = diag(&p, "sanguo.side-label").expect("label info");
    assert_eq!(
        (d.line, d.col, d.severity),
        (1, 3, annals_import::Severity::Info)
    );
    // the general written with its side's name stays the general (the notation's §5: 魏9退1)
    assert!(
        parse("1.……，魏9退1，兵8进1\n")
            .diagnostics
            .iter()
            .all(|d| d.code != "sanguo.side-label")
    );
    // a label against the round's order: which side moved is not known
    let p = parse("1.马6进5，蜀：炮12平10，相7进9\n");
    assert_eq!(notations(&p), ["马6进5"]);
    let d = diag(&p, "sanguo.side-label").expect("label error");
    assert_eq!(
        (d.line, d.col, d.severity),
        (1, 8, annals_import::Severity::Error)
    );
}

#[test]
fn notes_in_brackets_after_moves_are_comments() {
    let p = parse(
        "1.马6进5（好棋），炮12平10(常见)，相7进9（飞相\n2.兵7进1 【注：挺兵】，炮6进14，车13平12 // 还吃\n",
    );
    assert_eq!(
        notations(&p),
        [
            "马6进5",
            "炮12平10",
            "相7进9",
            "兵7进1",
            "炮6进14",
            "车13平12"
        ]
    );
    let comments: Vec<Option<&str>> = p.game.moves.iter().map(|m| m.comment.as_deref()).collect();
    assert_eq!(
        comments,
        [
            Some("好棋"),
            Some("常见"),
            Some("飞相"),
            Some("注:挺兵"),
            None,
            Some("还吃")
        ]
    );
    let d = diag(&p, "sanguo.bracket-comment").expect("note info");
    assert_eq!((d.line, d.col), (1, 7));
    let d = diag(&p, "sanguo.unclosed-comment").expect("unclosed");
    assert_eq!(
        (d.line, d.col, d.severity),
        (1, 27, annals_import::Severity::Warning)
    );
    // a bracket with a number or the notation's 困毙 is no note
    let p = parse("1.马6进5(2)，炮12平10，相7进9\n");
    assert_eq!(diag(&p, "sanguo.syntax").map(|d| d.col), Some(7));
}

#[test]
fn titles_in_other_forms() {
    for (t, want) in [
        ("胜者：魏", vec![TitleEvent::Win { side: "魏".into() }]),
        ("结果：魏胜", vec![TitleEvent::Win { side: "魏".into() }]),
        ("魏 胜", vec![TitleEvent::Win { side: "魏".into() }]),
        ("魏国获胜", vec![TitleEvent::Win { side: "魏".into() }]),
        (
            "汉被魏所杀·吴被魏灭·魏胜",
            vec![
                TitleEvent::KillHan { by: "魏".into() },
                TitleEvent::Eliminate {
                    by: "魏".into(),
                    sides: vec!["吴".into()],
                },
                TitleEvent::Win { side: "魏".into() },
            ],
        ),
    ] {
        let p = parse(&format!("{t}\n1.车5进1，马6进5，车5进1\n"));
        assert_eq!(p.game.title_events, want, "{t}");
        let d = diag(&p, "sanguo.title-form").expect("title form info");
        assert_eq!((d.line, d.col), (1, 1), "{t}");
    }
    let p = parse_tags(
        "1.车5进1，马6进5，车5进1\n",
        &[("Title", "魏杀汉，魏灭吴，魏胜")],
    );
    assert_eq!(p.game.title_events.len(), 3);
    assert!(diag(&p, "sanguo.title-form").is_some());
    // (in the body a line with 困毙 is the notation's 困毙灭国 line; in the tag it is a title)
    let p = parse_tags(
        "1.车5进1，马6进5，车5进1\n",
        &[("Title", "魏被蜀困毙，吴胜")],
    );
    assert_eq!(
        p.game.title_events,
        [
            TitleEvent::Stalemate {
                by: "蜀".into(),
                side: "魏".into(),
            },
            TitleEvent::Win { side: "吴".into() },
        ]
    );
    // the notation's own forms report nothing
    assert!(
        diag(
            &parse("魏胜局\n1.车5进1，马6进5，车5进1\n"),
            "sanguo.title-form"
        )
        .is_none()
    );
}

#[test]
fn header_lines_end_marks_and_enclosed_numbers() {
    let p = parse(
        "赛事：三国杯\n吴：陆逊　魏：司马懿　蜀：诸葛亮\n①俥5进1，傌6进5，车5进1\n⑵车5退1，马5进6，车5退1\n（完）\n----\n",
    );
    assert_eq!(
        notations(&p),
        ["车5进1", "马6进5", "车5进1", "车5退1", "马5进6", "车5退1"]
    );
    let names: Vec<Option<&str>> = p.players.iter().map(|s| s.name.as_deref()).collect();
    assert_eq!(names, [Some("陆逊"), Some("司马懿"), Some("诸葛亮")]);
    let lines = |code: &str| -> Vec<(u32, u32)> {
        p.diagnostics
            .iter()
            .filter(|d| d.code == code)
            .map(|d| (d.line, d.col))
            .collect()
    };
    assert_eq!(lines("sanguo.header-line"), [(1, 1), (2, 1)]);
    assert_eq!(lines("sanguo.ignored-line"), [(5, 1), (6, 1)]);
    assert_eq!(lines("sanguo.round-form"), [(3, 1)]);
    assert!(
        p.diagnostics
            .iter()
            .all(|d| d.severity != annals_import::Severity::Error)
    );
    // a tag wins over a header line
    let p = parse_tags(
        "吴：陆逊 魏：司马懿 蜀：诸葛亮\n1.车5进1，马6进5，车5进1\n",
        &[("吴", "孙权")],
    );
    assert_eq!(p.players[0].name.as_deref(), Some("孙权"));
    // a stray mark alone is still unreadable
    assert!(
        diag(
            &parse("1.车5进1，马6进5，车5进1\n=\n"),
            "sanguo.unreadable-line"
        )
        .is_some()
    );
}

#[test]
fn newcomers_corpus_reads() {
    let games = corpus(include_str!("records/sanguo/newcomers.sanguo"));
    assert_eq!(games.len(), 6);
    for g in &games[..5] {
        let errors: Vec<_> = g
            .diagnostics
            .iter()
            .filter(|d| d.severity == annals_import::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(g.outcome.as_ref().map(|o| o.summary.as_str()), Some("魏胜"));
    }
    assert_eq!(games[0].game.moves.len(), 17);
    assert_eq!(games[3].game.moves.len(), 24);
    assert_eq!(games[4].game.moves.len(), 24);
}

#[test]
fn a_comma_inside_a_closed_note_does_not_split_the_round() {
    let p =
        parse("1.马6进5（好棋，常见），炮12平10，相7进9\n2.兵7进1，炮6进14(打马,好)，车13平12\n");
    assert_eq!(
        notations(&p),
        [
            "马6进5",
            "炮12平10",
            "相7进9",
            "兵7进1",
            "炮6进14",
            "车13平12"
        ]
    );
    assert_eq!(p.game.moves[0].comment.as_deref(), Some("好棋,常见"));
    assert_eq!(p.game.moves[4].comment.as_deref(), Some("打马,好"));
    assert_eq!(p.game.moves[4].side, "魏");
    assert_eq!(problems(&p), Vec::<String>::new());
    // the note in a round whose moves are separated by tabs
    let p = parse("1.\t车5进1\t马6进5（好棋，跳马）\t车5进1\n");
    assert_eq!(notations(&p), ["车5进1", "马6进5", "车5进1"]);
    assert_eq!(p.game.moves[1].comment.as_deref(), Some("好棋,跳马"));
    // a note never closed: the comma still separates, and what follows it is no move
    let p = parse("1.马6进5（好棋，常见，炮12平10，相7进9\n");
    assert_eq!(notations(&p), ["马6进5"]);
    assert_eq!(
        problems(&p)[..2],
        ["sanguo.unclosed-comment@1:7", "sanguo.syntax@1:11"]
    );
}

#[test]
fn round_numbers_with_spaces_inside() {
    let p = parse("第 1 回合：马6进5，炮12平10，相7进9\n第 2 回合 兵7进1，炮6进14，车13平12\n");
    assert_eq!(notations(&p).len(), 6);
    assert_eq!(p.game.moves[3].round, 2);
    let d = diag(&p, "sanguo.round-form").expect("round form info");
    assert_eq!((d.line, d.col), (1, 1));
    assert_eq!(problems(&p), Vec::<String>::new());
}

#[test]
fn side_labels_with_the_players_name() {
    let p = parse("1.吴（周瑜）：车5进1，魏(张辽):炮12平10，蜀（廖化）：相7进9\n");
    assert_eq!(notations(&p), ["车5进1", "炮12平10", "相7进9"]);
    assert_eq!(problems(&p), Vec::<String>::new());
    let names: Vec<Option<&str>> = p.players.iter().map(|p| p.name.as_deref()).collect();
    assert_eq!(names, [Some("周瑜"), Some("张辽"), Some("廖化")]);
    let p = parse("1.吴方（孙策）：马6进5，魏方(曹操)：炮12平10，蜀方：相7进9\n");
    assert_eq!(notations(&p), ["马6进5", "炮12平10", "相7进9"]);
    let names: Vec<Option<&str>> = p.players.iter().map(|p| p.name.as_deref()).collect();
    assert_eq!(names, [Some("孙策"), Some("曹操"), None]);
    // the tags' players win
    let p = parse_tags("1.吴（周瑜）：车5进1\n", &[("吴", "孙策")]);
    assert_eq!(p.players[0].name.as_deref(), Some("孙策"));
    // a 轮空 after a label is still a 轮空
    let p = parse("1.吴：马6进5，魏（轮空），蜀：相7进9\n");
    assert_eq!(notations(&p), ["马6进5", "相7进9"]);
}

#[test]
fn one_move_a_line_continues_the_round() {
    // the round's number on its first move only
    let p = parse("1.车5进1\n炮12平10\n相7进9\n2.车5平10\n马12进11\n");
    let sides: Vec<(u32, &str)> = p.game.moves.iter().map(|m| (m.round, &*m.side)).collect();
    assert_eq!(
        sides,
        [(1, "吴"), (1, "魏"), (1, "蜀"), (2, "吴"), (2, "魏")]
    );
    assert_eq!(p.game.rounds, 2);
    assert_eq!(problems(&p), Vec::<String>::new());
    let d = diag(&p, "sanguo.round-continued").expect("continued info");
    assert_eq!((d.line, d.col), (2, 1));
    // no number at all, each line labelled: a round is three lines
    let p = parse("吴：车5进1\n魏：炮12平10\n蜀：相7进9\n吴：车5平10\n");
    let sides: Vec<(u32, &str)> = p.game.moves.iter().map(|m| (m.round, &*m.side)).collect();
    assert_eq!(sides, [(1, "吴"), (1, "魏"), (1, "蜀"), (2, "吴")]);
    assert_eq!(
        problems(&p),
        ["sanguo.round-number@1:1", "sanguo.round-number@4:1"]
    );
    // a round's heading on a line of its own, its moves on the lines after it
    let p = parse("第1回合\n马6进5\n炮12平10\n相7进9\n第2回合\n兵7进1\n炮6进14\n");
    let sides: Vec<(u32, &str)> = p.game.moves.iter().map(|m| (m.round, &*m.side)).collect();
    assert_eq!(
        sides,
        [(1, "吴"), (1, "魏"), (1, "蜀"), (2, "吴"), (2, "魏")]
    );
    assert_eq!(problems(&p), Vec::<String>::new());
    assert_eq!(
        diag(&p, "sanguo.round-continued").map(|d| (d.line, d.col)),
        Some((2, 1))
    );
    // a short round after an elimination leaves no side without its entry
    let p = parse("1.炮6进1#魏，马12进13\n马6进5\n");
    assert_eq!(
        p.game.moves.last().map(|m| (m.round, &*m.side)),
        Some((2, "吴"))
    );
}

// ---- fourth transcribers ----

const FOURTH: &str = include_str!("records/sanguo/round-labels.sanguo");

#[test]
fn rounds_numbered_in_english() {
    let p = parse(
        "Round 1: 马6进5，炮12平10，相7进9\nR2. 兵7进1，炮6进14，车13平12\nrd 3 兵7进1，砲平11，相9退7\nROUND 4) 炮12进6，（轮空），士8进9\n",
    );
    assert_eq!(problems(&p), Vec::<String>::new());
    let rounds: Vec<u32> = p.game.moves.iter().map(|m| m.round).collect();
    assert_eq!(rounds, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4]);
    let d = diag(&p, "sanguo.round-form").expect("round-form");
    assert_eq!((d.line, d.col), (1, 1));
    // out of sequence is still reported
    let p = parse("Round 2: 马6进5，炮12平10，相7进9\n");
    assert_eq!(problems(&p), ["sanguo.round-number@1:1"]);
    // a word that is no round word, or no number after it, is no round
    let p = parse("Rounds 1: 马6进5\n");
    assert!(p.game.moves.is_empty());
}

#[test]
fn status_line_opened_by_a_key() {
    let body = "1.马6进5，炮12平10，相7进9\n";
    for line in [
        "结果：吴认负，魏胜利，蜀认负",
        "最终结果: 吴[认负] 魏[胜利] 蜀[认负]",
        "Result - [认负] [胜利] [认负]",
        "Final: 吴认负 魏胜利 蜀认负",
    ] {
        let p = parse(&format!("{body}{line}\n"));
        assert_eq!(problems(&p), Vec::<String>::new(), "{line}");
        let d = diag(&p, "sanguo.status-key").expect(line);
        assert_eq!((d.line, d.col), (2, 1));
        assert_eq!(p.game.status.get("魏").map(String::as_str), Some("胜利"));
        assert_eq!(p.game.status.get("吴").map(String::as_str), Some("认负"));
        assert_eq!(p.outcome.as_ref().map(|o| o.summary.as_str()), Some("魏胜"));
    }
    // a status line with no key has no such info
    let p = parse(&format!("{body}吴[认负] 魏[胜利] 蜀[认负]\n"));
    assert!(diag(&p, "sanguo.status-key").is_none());
}

#[test]
fn result_tag_as_the_outcome() {
    let body = "1.马6进5，炮12平10，相7进9\n";
    let p = parse_tags(body, &[("Result", "魏胜")]);
    let o = p.outcome.as_ref().expect("outcome");
    assert_eq!(o.winners, ["魏"]);
    let d = diag(&p, "sanguo.result-tag").expect("result-tag");
    assert_eq!(
        (d.line, d.col, d.severity),
        (1, 1, annals_import::Severity::Info)
    );
    let p = parse_tags(body, &[("Result", "吴蜀和")]);
    assert_eq!(
        p.outcome.as_ref().map(|o| o.summary.as_str()),
        Some("吴蜀和")
    );
    // against the record: a warning, the record kept
    let p = parse_tags(
        &format!("{body}吴[认负] 魏[胜利] 蜀[认负]\n"),
        &[("Result", "蜀胜")],
    );
    assert_eq!(p.outcome.as_ref().map(|o| o.summary.as_str()), Some("魏胜"));
    assert_eq!(problems(&p), ["sanguo.result-tag@1:1"]);
    // agreeing: nothing to say
    let p = parse_tags(
        &format!("{body}吴[认负] 魏[胜利] 蜀[认负]\n"),
        &[("Result", "魏胜")],
    );
    assert!(diag(&p, "sanguo.result-tag").is_none());
    // a Result that names no winner is kept as a tag, not read
    let p = parse_tags(body, &[("Result", "1-0-0")]);
    assert_eq!(p.outcome, None);
    assert_eq!(problems(&p), ["sanguo.result-tag@1:1"]);
}

#[test]
fn fourth_transcribers_file() {
    let games = corpus(FOURTH);
    assert_eq!(games.len(), 3);
    for g in &games {
        assert!(
            g.diagnostics
                .iter()
                .all(|d| d.severity != annals_import::Severity::Error),
            "{:?}",
            g.diagnostics
        );
        assert_eq!(g.outcome.as_ref().map(|o| o.summary.as_str()), Some("魏胜"));
    }
    assert_eq!(games[0].game.moves.len(), 17);
    assert_eq!(
        games[2].game.status.get("吴").map(String::as_str),
        Some("灭国")
    );
}

const SIXTH: &str = include_str!("records/sanguo/pinyin-sides.sanguo");

/// The `sanguo.side-pinyin` infos of a game: (line, col).
fn pinyin_infos(p: &Parsed<SanguoGame>) -> Vec<(u32, u32)> {
    p.diagnostics
        .iter()
        .filter(|d| d.code == "sanguo.side-pinyin")
        .inspect(|d| assert_eq!(d.severity, annals_import::Severity::Info))
        .map(|d| (d.line, d.col))
        .collect()
}

#[test]
fn side_names_in_pinyin_in_the_title() {
    let moves = "1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\n3.车5进1，马6进4，车5进1\n4.车5退1，马4进2，车5退1\n5.车5进1，马2进1x汉，车5进1\n6.车5退1，后车进1，车5退1\n7.车5进1，后车平1，车5进1\n8.车5退1，车1平17#吴，车5退1\n";
    let seed = parse(&format!("魏杀汉·魏灭吴·魏胜\n{moves}"));
    for title in [
        "Wei杀Han·Wei灭Wu·Wei胜",
        "WEI杀HAN·WEI灭WU·WEI胜",
        "wei杀han·wei灭wu·wei胜",
        "Wèi杀Hàn·Wèi灭Wú·Wèi胜",
        "标题：Wei杀Han·Wei灭Wu·Wei胜",
    ] {
        let p = parse(&format!("{title}\n{moves}"));
        assert_eq!(problems(&p), Vec::<String>::new(), "{title}");
        assert_eq!(p.game.title_events, seed.game.title_events, "{title}");
        assert_eq!(
            p.game.title.as_deref(),
            Some("魏杀汉·魏灭吴·魏胜"),
            "{title}"
        );
        assert_eq!(
            p.outcome.as_ref().map(|o| o.winners.clone()),
            Some(vec!["魏".to_string()])
        );
        assert_eq!(pinyin_infos(&p), [(1, 1)], "{title}");
        // the notation's form once the names are read: no title-form info
        assert!(diag(&p, "sanguo.title-form").is_none(), "{title}");
    }
    // a form of the looser grammar, with pinyin: both infos
    let p = parse("Wu Shu 和\n1.马6进5，炮12平10，相7进9\n");
    assert_eq!(
        p.game.title_events,
        [TitleEvent::Draw {
            sides: vec!["吴".into(), "蜀".into()]
        }]
    );
    assert_eq!(pinyin_infos(&p), [(1, 1)]);
    assert!(diag(&p, "sanguo.title-form").is_some());
    // the notation's own title: no such info
    assert!(pinyin_infos(&seed).is_empty());
    // a name inside a longer word is no name: the title is not read
    for title in ["Weiguo胜", "Shuang胜", "Wuhan灭Shu", "胜者：Hanwei"] {
        let p = parse(&format!("{title}\n1.马6进5，炮12平10，相7进9\n"));
        assert!(pinyin_infos(&p).is_empty(), "{title}");
        assert!(p.game.title_events.is_empty(), "{title}");
        assert_eq!(problems(&p), ["sanguo.title@1:1"], "{title}");
    }
}

#[test]
fn side_names_in_pinyin_in_the_status_line() {
    let body = "1.马6进5，炮12平10，相7进9\n";
    for line in [
        "Wu[认负] Wei[胜利] Shu[认负]",
        "WU [认负] WEI [胜利] SHU [认负]",
        "Wú认负，Wèi胜利，Shǔ认负",
        "结果：Wu认负，Wei胜利，Shu认负",
        "Result: wu 认负 wei 胜利 shu 认负",
    ] {
        let p = parse(&format!("{body}{line}\n"));
        assert_eq!(problems(&p), Vec::<String>::new(), "{line}");
        assert_eq!(
            p.game.status.get("魏").map(String::as_str),
            Some("胜利"),
            "{line}"
        );
        assert_eq!(
            p.game.status.get("吴").map(String::as_str),
            Some("认负"),
            "{line}"
        );
        assert_eq!(
            p.game.status.get("蜀").map(String::as_str),
            Some("认负"),
            "{line}"
        );
        assert_eq!(p.outcome.as_ref().map(|o| o.summary.as_str()), Some("魏胜"));
        assert_eq!(pinyin_infos(&p), [(2, 1)], "{line}");
    }
    // the names in another order than 吴 魏 蜀: each status goes to the side named before it
    let p = parse(&format!("{body}Shu[胜利] Wu[认负] Wei[认负]\n"));
    assert_eq!(p.outcome.as_ref().map(|o| o.summary.as_str()), Some("蜀胜"));
    // with the title in pinyin too: one info, at the first place
    let p = parse(&format!("Wei胜\n{body}Wu[认负] Wei[胜利] Shu[认负]\n"));
    assert_eq!(pinyin_infos(&p), [(1, 1)]);
    assert_eq!(problems(&p), Vec::<String>::new());
    // inside a word: not read, the line is only partly read
    let p = parse(&format!("{body}Wuhan[认负] Weiguo[胜利] Shuang[认负]\n"));
    assert!(pinyin_infos(&p).is_empty());
    assert_eq!(problems(&p), ["sanguo.status@2:1"]);
    let p = parse(&format!("{body}吴[认负] 魏[胜利] 蜀[认负]\n"));
    assert!(pinyin_infos(&p).is_empty());
}

#[test]
fn side_names_in_pinyin_as_move_labels() {
    let p =
        parse("1.Wu: 马6进5，Wei 炮12平10，Shu马6进7\n2.WU：兵7进1，Wèi：炮6进14，SHU：车13平12\n");
    assert_eq!(problems(&p), Vec::<String>::new());
    assert_eq!(
        notations(&p),
        [
            "马6进5",
            "炮12平10",
            "马6进7",
            "兵7进1",
            "炮6进14",
            "车13平12"
        ]
    );
    let sides: Vec<&str> = p.game.moves.iter().map(|m| m.side.as_ref()).collect();
    assert_eq!(sides, ["吴", "魏", "蜀", "吴", "魏", "蜀"]);
    assert_eq!(pinyin_infos(&p), [(1, 3)]);
    assert!(diag(&p, "sanguo.side-label").is_some());
    // a label naming another side than the round's order: the side-label error, as in Chinese
    let p = parse("1.Wei: 马6进5，炮12平10，相7进9\n");
    assert!(has_code(
        &p,
        "sanguo.side-label",
        annals_import::Severity::Error
    ));
    // Han moves no pieces of its own: no label; nor a longer word
    for body in [
        "1.Han: 马6进5，炮12平10，相7进9\n",
        "1.Wuwei: 马6进5，炮12平10，相7进9\n",
    ] {
        let p = parse(body);
        assert!(pinyin_infos(&p).is_empty(), "{body}");
        assert!(diag(&p, "sanguo.side-label").is_none(), "{body}");
    }
}

#[test]
fn side_names_in_pinyin_in_the_tags() {
    let body = "1.马6进5，炮12平10，相7进9\n";
    let p = parse_tags(body, &[("Result", "Shǔ胜")]);
    assert_eq!(p.outcome.as_ref().map(|o| o.summary.as_str()), Some("蜀胜"));
    assert_eq!(pinyin_infos(&p), [(1, 1)]);
    assert!(diag(&p, "sanguo.result-tag").is_some());
    let p = parse_tags(body, &[("Result", "Wu Shu 和")]);
    assert_eq!(
        p.outcome.as_ref().map(|o| o.summary.as_str()),
        Some("吴蜀和")
    );
    let p = parse_tags(body, &[("Title", "Wei胜")]);
    assert_eq!(p.game.title_events, [TitleEvent::Win { side: "魏".into() }]);
    assert_eq!(p.game.title.as_deref(), Some("魏胜"));
    assert_eq!(pinyin_infos(&p), [(1, 1)]);
    assert_eq!(problems(&p), Vec::<String>::new());
    // a name in a longer word: the tag is not read
    let p = parse_tags(body, &[("Result", "Weiwei胜")]);
    assert_eq!(p.outcome, None);
    assert!(pinyin_infos(&p).is_empty());
}

#[test]
fn sixth_transcribers_file() {
    let games = corpus(SIXTH);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(
            g.diagnostics
                .iter()
                .filter(|d| d.severity != annals_import::Severity::Info)
                .count(),
            0,
            "{:?}",
            g.diagnostics
        );
        assert_eq!(g.outcome.as_ref().map(|o| o.summary.as_str()), Some("魏胜"));
        assert_eq!(pinyin_infos(g).len(), 1);
    }
    assert_eq!(games[0].game.moves.len(), 24);
    assert_eq!(games[0].game.title.as_deref(), Some("魏杀汉·魏灭吴·魏胜"));
    assert_eq!(
        games[0].game.status.get("吴").map(String::as_str),
        Some("灭国")
    );
    assert_eq!(games[1].game.moves.len(), 17);
    assert_eq!(
        games[1].game.status.get("蜀").map(String::as_str),
        Some("认负")
    );
}

const SEVENTH: &str = include_str!("records/sanguo/pinyin-header-players.sanguo");

/// titles.sanguo game 1's moves, with its `x汉` (round 5) and `#吴` (round 8) markers written
/// `kill` and `elim`.
fn titles_game_1(kill: &str, elim: &str) -> String {
    format!(
        "1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\n3.车5进1，马6进4，车5进1\n4.车5退1，马4进2，车5退1\n5.车5进1，马2进1{kill}，车5进1\n6.车5退1，后车进1，车5退1\n7.车5进1，后车平1，车5进1\n8.车5退1，车1平17{elim}，车5退1\n"
    )
}

/// The moves' events of a game (those that have any), by notation.
fn move_events(p: &Parsed<SanguoGame>) -> Vec<(String, Vec<MoveEvent>)> {
    p.game
        .moves
        .iter()
        .filter(|m| !m.events.is_empty())
        .map(|m| (m.notation.clone(), m.events.clone()))
        .collect()
}

#[test]
fn markers_with_side_names_in_pinyin() {
    let seed = parse(&titles_game_1("x汉", "#吴"));
    assert_eq!(problems(&seed), Vec::<String>::new());
    for (kill, elim) in [
        ("xHan", "#Wu"),
        ("XHAN", "#WU"),
        ("xhan", "#wu"),
        ("xHàn", "#Wú"),
        ("×Han", "＃Wu"),
    ] {
        let p = parse(&titles_game_1(kill, elim));
        assert_eq!(problems(&p), Vec::<String>::new(), "{kill} {elim}");
        // stored as the notation writes them (an `X` kept as written, as `X汉` is), with the same
        // events
        let events = move_events(&p)
            .into_iter()
            .map(|(n, e)| (n.replace('X', "x"), e))
            .collect::<Vec<_>>();
        assert_eq!(events, move_events(&seed), "{kill} {elim}");
        // once per game, at the first name: the `H` of line 5
        assert_eq!(pinyin_infos(&p), [(5, 13)], "{kill} {elim}");
    }
    // the alliance marker
    let body = "1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\n3.车5进1，马6进4，车5进1\n4.车5退1，马4进6，车5退1\n5.车5进1，马6进4，车5进1\n6.车5退1，马4进2=Wei，后车进1\n";
    let p = parse(&body.replace("=Wei", "=吴"));
    let alliance = move_events(&p);
    let p = parse(&body.replace("=Wei", "=Wu"));
    assert_eq!(move_events(&p), alliance);
    assert_eq!(problems(&p), Vec::<String>::new());
    // not a name, or not one the marker takes: a syntax error, as before
    // (`x Han` and `#Han` are read since the eighth transcribers:
    // `markers_with_a_space_and_han_eliminated`)
    for (kill, elim) in [("xHan", "#Wuhan"), ("xWei", "#吴"), ("xHanwei", "#吴")] {
        let p = parse(&titles_game_1(kill, elim));
        assert!(
            has_code(&p, "sanguo.syntax", annals_import::Severity::Error),
            "{kill} {elim}"
        );
    }
}

#[test]
fn the_general_written_with_its_side_in_pinyin() {
    let seed = parse("1.车5进1，魏9进1，车5进1\n2.车5退1，魏9退1，车5退1\n");
    assert_eq!(problems(&seed), Vec::<String>::new());
    for (a, b) in [
        ("Wei9进1", "Wei9退1"),
        ("WEI9进1", "wèi9退1"),
        ("Wei九进一", "Wei 9退1"),
    ] {
        let p = parse(&format!("1.车5进1，{a}，车5进1\n2.车5退1，{b}，车5退1\n"));
        assert_eq!(problems(&p), Vec::<String>::new(), "{a} {b}");
        assert_eq!(notations(&p), notations(&seed), "{a} {b}");
        assert_eq!(mv(&p, "魏9进1"), mv(&seed, "魏9进1"));
        assert_eq!(find(&p, "魏9退1").piece, "将");
        assert_eq!(pinyin_infos(&p), [(1, 8)], "{a} {b}");
    }
    // labelled too: the label, then the general
    let p = parse("1.车5进1，Wei: Wei9进1，车5进1\n");
    assert_eq!(problems(&p), Vec::<String>::new());
    assert_eq!(notations(&p), ["车5进1", "魏9进1", "车5进1"]);
    // 汉's emperor is no side's general, and a longer word is no name
    for mv in ["Han9进1", "Weiwei9进1"] {
        let p = parse(&format!("1.车5进1，{mv}，车5进1\n"));
        assert!(
            has_code(&p, "sanguo.syntax", annals_import::Severity::Error),
            "{mv}"
        );
        assert!(pinyin_infos(&p).is_empty(), "{mv}");
    }
}

#[test]
fn players_in_a_header_line_in_pinyin() {
    let moves = "1.车5进1，马6进5，车5进1\n";
    let players = |p: &Parsed<SanguoGame>| -> Vec<Option<String>> {
        p.players.iter().map(|s| s.name.clone()).collect()
    };
    let some = |a: &str, b: &str, c: &str| vec![Some(a.into()), Some(b.into()), Some(c.into())];
    for header in [
        "Wu: Zhou Yu   Wei: Cao Cao   Shu: Liu Bei",
        "Wu：Zhou Yu，Wei：Cao Cao，Shu：Liu Bei",
        "WU: Zhou Yu WEI: Cao Cao SHU: Liu Bei",
        "Wú : Zhou Yu  Wèi : Cao Cao  Shǔ : Liu Bei",
        "Wu: Zhou Yu\nWei: Cao Cao\nShu: Liu Bei",
    ] {
        let p = parse(&format!("{header}\n{moves}"));
        assert_eq!(problems(&p), Vec::<String>::new(), "{header}");
        assert_eq!(
            players(&p),
            some("Zhou Yu", "Cao Cao", "Liu Bei"),
            "{header}"
        );
        assert_eq!(p.game.moves.len(), 3, "{header}");
        assert_eq!(pinyin_infos(&p), [(1, 1)], "{header}");
        assert!(diag(&p, "sanguo.header-line").is_some(), "{header}");
    }
    // 韩当 is Han Dang: Han without a colon is no label; names in characters too
    let p = parse(&format!("Wu: Han Dang   Wei: 曹操\n{moves}"));
    assert_eq!(
        players(&p),
        vec![Some("Han Dang".into()), Some("曹操".into()), None]
    );
    // the tags win
    let p = parse_tags(&format!("Wu: Zhou Yu\n{moves}"), &[("吴", "周瑜")]);
    assert_eq!(
        players(&p).first().cloned().flatten().as_deref(),
        Some("周瑜")
    );
    // no players: a word in small letters (a result), 汉 as a label, a label not first, a move
    // (`Wu: resigned  Wei: won  Shu: resigned` is a status line since the eighth transcribers)
    let p = parse(&format!("Wu: resigned  Wei: won  Shu: resigned\n{moves}"));
    assert_eq!(players(&p), vec![None, None, None]);
    assert_eq!(p.game.status.get("魏").map(String::as_str), Some("胜利"));
    for line in ["Han: Xian Di", "Players Wu: Zhou Yu", "Wu: Zhou Yu Wei:"] {
        let p = parse(&format!("{line}\n{moves}"));
        assert_eq!(players(&p), vec![None, None, None], "{line}");
        assert!(pinyin_infos(&p).is_empty(), "{line}");
    }
    let p = parse("Wu: 马6进5\n");
    assert_eq!(players(&p), vec![None, None, None]);
    assert_eq!(notations(&p), ["马6进5"]);
}

#[test]
fn notes_in_other_brackets_after_moves() {
    let p = parse(
        "1.马6进5〔好棋〕，炮12平10<常见>，相7进9『飞相』\n2.兵7进1《挺兵，试探》，炮6进14“打马”，车13平12「还吃」\n3.兵7进1〈挺兵〉，砲平11 〖好棋〗，相9退7\n",
    );
    assert_eq!(problems(&p), Vec::<String>::new());
    assert_eq!(p.game.moves.len(), 9);
    let comments: Vec<Option<&str>> = p.game.moves.iter().map(|m| m.comment.as_deref()).collect();
    assert_eq!(
        comments,
        [
            Some("好棋"),
            Some("常见"),
            Some("飞相"),
            Some("挺兵,试探"),
            Some("打马"),
            Some("还吃"),
            Some("挺兵"),
            Some("好棋"),
            None
        ]
    );
    assert_eq!(notations(&p)[3], "兵7进1");
    assert!(diag(&p, "sanguo.bracket-comment").is_some());
    // a bracket holding a number stays a syntax error, as with ( )
    let p = parse("1.兵7进1《2》，炮12平10，相7进9\n");
    assert!(has_code(
        &p,
        "sanguo.syntax",
        annals_import::Severity::Error
    ));
}

#[test]
fn one_move_a_line_with_its_rounds_number() {
    let seed = parse("1.马6进5，炮12平10，相7进9\n2.兵7进1，炮6进14，车13平12\n");
    for body in [
        "1. 吴 马6进5\n1. 魏 炮12平10\n1. 蜀 相7进9\n2. 吴 兵7进1\n2. 魏 炮6进14\n2. 蜀 车13平12\n",
        "1.马6进5\n1.炮12平10\n1.相7进9\n2.兵7进1\n2.炮6进14\n2.车13平12\n",
        "1.马6进5，炮12平10\n1.相7进9\n2.兵7进1\n2.炮6进14，车13平12\n",
        "第1回合 吴：马6进5\n第1回合 魏：炮12平10\n第1回合 蜀：相7进9\n第2回合 吴：兵7进1\n第2回合 魏：炮6进14\n第2回合 蜀：车13平12\n",
    ] {
        let p = parse(body);
        assert_eq!(problems(&p), Vec::<String>::new(), "{body}");
        assert_eq!(notations(&p), notations(&seed), "{body}");
        let rounds: Vec<(u32, &str)> = p
            .game
            .moves
            .iter()
            .map(|m| (m.round, m.side.as_ref()))
            .collect();
        assert_eq!(
            rounds,
            [
                (1, "吴"),
                (1, "魏"),
                (1, "蜀"),
                (2, "吴"),
                (2, "魏"),
                (2, "蜀")
            ],
            "{body}"
        );
        assert_eq!(p.game.rounds, 2, "{body}");
        let d = diag(&p, "sanguo.round-continued").expect("the info");
        assert_eq!((d.line, d.col), (2, 1), "{body}");
    }
    // a line of three entries after a short round is the next round, its number mistyped: the
    // round-number warning as before
    let p = parse("1.马6进5，炮12平10\n1.兵7进1，炮6进14，车13平12\n");
    assert_eq!(problems(&p), ["sanguo.round-number@2:1"]);
    assert!(diag(&p, "sanguo.round-continued").is_none());
    // a full round's number repeated: as before
    let p = parse("1.马6进5，炮12平10，相7进9\n1.兵7进1，炮6进14，车13平12\n");
    assert_eq!(problems(&p), ["sanguo.round-number@2:1"]);
    // a comma inside a closed note separates nothing; a bracket never closed: not continued
    let p = parse("1.马6进5，炮12平10\n1.相7进9《飞相，稳健》\n");
    assert_eq!(problems(&p), Vec::<String>::new());
    assert_eq!(find(&p, "相7进9").side, "蜀");
    let p = parse("1.马6进5，炮12平10\n1.相7进9（飞相，稳健\n");
    assert!(problems(&p).contains(&"sanguo.round-number@2:1".to_string()));
}

#[test]
fn titles_joined_by_dashes_or_arrows() {
    let seed = parse_title("魏杀汉·魏灭吴·魏胜");
    for title in [
        "魏杀汉—魏灭吴—魏胜",
        "魏杀汉——魏灭吴——魏胜",
        "魏杀汉 – 魏灭吴 – 魏胜",
        "魏杀汉→魏灭吴→魏胜",
        "魏杀汉 > 魏灭吴 > 魏胜",
    ] {
        let p = parse(&format!("{title}\n{}", titles_game_1("x汉", "#吴")));
        assert_eq!(problems(&p), Vec::<String>::new(), "{title}");
        assert_eq!(Ok(p.game.title_events.clone()), seed, "{title}");
        assert!(diag(&p, "sanguo.title-form").is_some(), "{title}");
    }
}

fn parse_title(t: &str) -> Result<Vec<TitleEvent>, String> {
    sanguo::parse_title(t)
}

#[test]
fn markers_written_in_words() {
    let seed = parse(&titles_game_1("x汉", "#吴"));
    for (kill, elim) in [
        ("杀汉", "灭吴"),
        ("（杀汉）", "（灭吴）"),
        ("[杀汉]", "【灭吴】"),
        ("殺漢", "滅吳"),
    ] {
        let p = parse(&titles_game_1(kill, elim));
        assert_eq!(problems(&p), Vec::<String>::new(), "{kill} {elim}");
        assert_eq!(move_events(&p), move_events(&seed), "{kill} {elim}");
        let d = diag(&p, "sanguo.marker-words").expect("the info");
        assert_eq!((d.line, d.col), (5, 12), "{kill} {elim}");
        assert_eq!(
            p.diagnostics
                .iter()
                .filter(|d| d.code == "sanguo.marker-words")
                .count(),
            1
        );
    }
    // 灭国 names no side, 杀 alone no emperor: syntax errors as before
    for elim in ["灭国", "杀", "灭汉"] {
        let p = parse(&titles_game_1("x汉", elim));
        assert!(
            has_code(&p, "sanguo.syntax", annals_import::Severity::Error),
            "{elim}"
        );
    }
    // a 困毙 bracket is still the notation's own
    let p =
        parse("1.炮6进1，炮6进1，炮6进1\n2.炮6退1[困毙灭国]\n吴：强制判和 魏：灭国 蜀：强制判和\n");
    assert!(diag(&p, "sanguo.marker-words").is_none());
    assert_eq!(problems(&p), Vec::<String>::new());
}

#[test]
fn seventh_transcribers_file() {
    let games = corpus(SEVENTH);
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(problems(g), Vec::<String>::new(), "{:?}", g.diagnostics);
    }
    let titles = corpus(TITLES);
    let openings = corpus(OPENINGS);
    let same = |a: &Parsed<SanguoGame>, b: &Parsed<SanguoGame>| {
        // a move: notation, from, to, events
        type Key = (String, [u8; 2], [u8; 2], Vec<MoveEvent>);
        let key = |p: &Parsed<SanguoGame>| -> Vec<Key> {
            p.game
                .moves
                .iter()
                .map(|m| (m.notation.clone(), m.from, m.to, m.events.clone()))
                .collect()
        };
        assert_eq!(key(a), key(b));
        assert_eq!(a.game.title_events, b.game.title_events);
        assert_eq!(a.game.status, b.game.status);
        assert_eq!(a.outcome, b.outcome);
    };
    same(&games[0], &titles[0]);
    same(&games[2], &openings[0]);
    same(&games[3], &titles[2]);
    let names = |p: &Parsed<SanguoGame>| -> Vec<Option<String>> {
        p.players.iter().map(|s| s.name.clone()).collect()
    };
    assert_eq!(
        names(&games[0]),
        vec![
            Some("Lu Xun".to_string()),
            Some("Sima Yi".to_string()),
            Some("Zhuge Liang".to_string())
        ]
    );
    assert_eq!(
        names(&games[1]).first().cloned().flatten().as_deref(),
        Some("Han Dang")
    );
    assert_eq!(find(&games[1], "马4进2=吴").events.len(), 1);
    assert_eq!(find(&games[1], "魏9退1").piece, "将");
    assert_eq!(games[2].game.rounds, 6);
    assert_eq!(
        games[2].game.moves[0].comment.as_deref(),
        Some("种子例:吴上右马")
    );
}

// ---- eighth transcribers (corpus/sanguo/english-titles.sanguo) ----

const EIGHTH: &str = include_str!("records/sanguo/english-titles.sanguo");

#[test]
fn eighth_transcribers_file() {
    let games = corpus(EIGHTH);
    assert_eq!(games.len(), 9);
    let titles = corpus(TITLES);
    let openings = corpus(OPENINGS);
    // the same game as the notation's form gives: each move's origin, destination and events, the
    // title's events, the statuses and the outcome
    type Key = ([u8; 2], [u8; 2], Vec<MoveEvent>);
    let key = |p: &Parsed<SanguoGame>| -> Vec<Key> {
        p.game
            .moves
            .iter()
            .map(|m| (m.from, m.to, m.events.clone()))
            .collect()
    };
    for (g, seed, same_title) in [
        (0, &titles[0], true),
        (1, &titles[1], true),
        (2, &titles[2], true),
        (3, &openings[0], false),
        (4, &titles[0], true),
        (5, &titles[4], true),
        (6, &titles[3], true),
        (7, &titles[0], true),
        (8, &openings[0], false),
    ] {
        let p = &games[g];
        assert_eq!(key(p), key(seed), "game {g}");
        assert_eq!(p.game.status, seed.game.status, "game {g}");
        assert_eq!(p.outcome, seed.outcome, "game {g}");
        if same_title {
            assert_eq!(p.game.title_events, seed.game.title_events, "game {g}");
        }
        let expected: Vec<String> = match g {
            2 => vec!["sanguo.marker-han@46:12".to_string()],
            _ => Vec::new(),
        };
        assert_eq!(problems(p), expected, "game {g}: {:?}", p.diagnostics);
    }
    // the notation stored as the notation writes it
    assert_eq!(games[0].game.moves[0].notation, "车5进1");
    assert_eq!(
        find(&games[0], "马2进1x汉").events,
        vec![MoveEvent::KillHan]
    );
    assert_eq!(find(&games[0], "车1平17#吴").piece, "车");
    assert_eq!(find(&games[1], "马15进16=吴").events.len(), 1);
    assert_eq!(find(&games[5], "炮6退1#魏").events.len(), 2);
    assert_eq!(first(&games[0], "sanguo.letters"), (7, 9, Info));
    assert_eq!(first(&games[0], "sanguo.round-form"), (7, 1, Info));
    assert_eq!(first(&games[0], "sanguo.status-form"), (15, 1, Info));
    assert_eq!(first(&games[3], "sanguo.round-form"), (61, 1, Info));
    // 吴国：认输 is a status, not a player named 认输
    assert_eq!(
        games[3]
            .players
            .iter()
            .map(|s| s.name.as_deref())
            .collect::<Vec<_>>(),
        vec![Some("孙策"), Some("曹操"), Some("刘备")]
    );
    assert_eq!(first(&games[3], "sanguo.status-form"), (67, 1, Info));
    assert_eq!(first(&games[4], "sanguo.marker-space"), (79, 13, Info));
    // 东吴, 曹魏, 蜀汉: the players' line, the title and the status line
    assert_eq!(
        games[7]
            .players
            .iter()
            .map(|s| s.name.as_deref())
            .collect::<Vec<_>>(),
        vec![Some("陆逊"), Some("司马懿"), Some("诸葛亮")]
    );
    assert_eq!(first(&games[7], "sanguo.kingdom-name"), (113, 1, Info));
    assert_eq!(games[7].title.as_deref(), Some("魏杀汉·魏灭吴·魏胜"));
    // the players in brackets in the status line
    assert_eq!(
        games[8]
            .players
            .iter()
            .map(|s| s.name.as_deref())
            .collect::<Vec<_>>(),
        vec![Some("孙策"), Some("曹操"), Some("刘备")]
    );
    assert_eq!(first(&games[8], "sanguo.status-players"), (136, 1, Info));
}

#[test]
fn players_named_in_the_status_line() {
    let names = |p: &Parsed<SanguoGame>| -> Vec<Option<String>> {
        p.players.iter().map(|s| s.name.clone()).collect()
    };
    for line in [
        "吴（孙策）认负 魏（曹操）胜利 蜀（刘备）认负",
        "吴国(孙策):认负 魏国(曹操):胜利 蜀国(刘备):认负",
        "吴（孙策）负 魏（曹操）胜 蜀（刘备）负",
    ] {
        let p = parse(&format!("1.马6进5，炮12平10，相7进9\n{line}\n"));
        assert_eq!(
            problems(&p),
            Vec::<String>::new(),
            "{line}: {:?}",
            p.diagnostics
        );
        assert_eq!(first(&p, "sanguo.status-players"), (2, 1, Info), "{line}");
        assert_eq!(p.game.status.len(), 3, "{line}");
        assert_eq!(p.game.status.get("魏").map(String::as_str), Some("胜利"));
        assert_eq!(
            names(&p),
            vec![
                Some("孙策".into()),
                Some("曹操".into()),
                Some("刘备".into())
            ],
            "{line}"
        );
    }
    // the tags win; a bracket holding a status word is none
    let p = parse_tags(
        "1.马6进5，炮12平10，相7进9\n吴（孙策）认负 魏（曹操）胜利 蜀（刘备）认负\n",
        &[("吴", "周瑜")],
    );
    assert_eq!(names(&p)[0].as_deref(), Some("周瑜"));
    assert_eq!(names(&p)[1].as_deref(), Some("曹操"));
    let p = parse("1.马6进5，炮12平10，相7进9\n吴[认负] 魏[胜利] 蜀[认负]\n");
    assert!(diag(&p, "sanguo.status-players").is_none());
    assert_eq!(names(&p), vec![None, None, None]);
}

#[test]
fn other_names_of_the_kingdoms() {
    let p = parse("东吴负 曹魏胜 蜀汉负\n");
    assert_eq!(first(&p, "sanguo.kingdom-name"), (1, 1, Info));
    assert_eq!(p.game.status.get("吴").map(String::as_str), Some("认负"));
    assert_eq!(p.game.status.get("魏").map(String::as_str), Some("胜利"));
    assert_eq!(p.game.status.get("蜀").map(String::as_str), Some("认负"));
    let p = parse("孙吴灭曹魏·季汉胜\n");
    assert_eq!(
        p.game.title_events,
        vec![
            TitleEvent::Eliminate {
                by: "吴".to_string(),
                sides: vec!["魏".to_string()]
            },
            TitleEvent::Win {
                side: "蜀".to_string()
            }
        ]
    );
    let p = parse_tags(
        "1.马6进5，炮12平10，相7进9\n",
        &[("Result", "Cao Wei wins")],
    );
    assert_eq!(p.outcome.map(|o| o.summary), Some("魏胜".to_string()));
    let p =
        parse("1.马6进5，炮12平10，相7进9\nEastern Wu resigns, Cao Wei wins, Shu Han resigns\n");
    assert_eq!(p.game.status.len(), 3);
    assert_eq!(first(&p, "sanguo.kingdom-name").2, Info);
    assert!(diag(&p, "sanguo.side-pinyin").is_none());
    // 蜀杀汉 is no 蜀汉; a player named Sun Wu stays a player
    let p = parse("蜀杀汉·蜀胜\n");
    assert!(diag(&p, "sanguo.kingdom-name").is_none());
    assert_eq!(p.game.title_events.len(), 2);
    let p = parse("Wu: Sun Wu   Wei: Cao Cao\n1.马6进5，炮12平10，相7进9\n");
    assert_eq!(p.players[0].name.as_deref(), Some("Sun Wu"));
    assert_eq!(p.players[1].name.as_deref(), Some("Cao Cao"));
}

#[test]
fn markers_with_a_space_and_han_eliminated() {
    let p = parse(&titles_game_1("x Han", "# Wu"));
    assert_eq!(problems(&p), Vec::<String>::new(), "{:?}", p.diagnostics);
    assert_eq!(first(&p, "sanguo.marker-space"), (5, 13, Info));
    assert_eq!(find(&p, "马2进1x汉").events, vec![MoveEvent::KillHan]);
    assert_eq!(find(&p, "车1平17#吴").events.len(), 2);
    let p = parse(&titles_game_1(" x 汉", "#吴"));
    assert_eq!(problems(&p), Vec::<String>::new(), "{:?}", p.diagnostics);
    assert_eq!(find(&p, "马2进1x汉").events, vec![MoveEvent::KillHan]);
    // `#汉`: read as x汉, doubtful
    for kill in ["#汉", "#Han", "#漢"] {
        let p = parse(&titles_game_1(kill, "#吴"));
        assert_eq!(first(&p, "sanguo.marker-han"), (5, 12, Warning), "{kill}");
        assert_eq!(p.game.moves.len(), 24, "{kill}");
        assert_eq!(find(&p, "马2进1x汉").events, vec![MoveEvent::KillHan]);
    }
    // a space before something that is no side stays a syntax error
    let p = parse(&titles_game_1("x 魏", "#吴"));
    assert_eq!(first(&p, "sanguo.syntax"), (5, 12, Error));
    assert!(diag(&p, "sanguo.marker-space").is_none());
    let p = parse(&titles_game_1("#Hans", "#吴"));
    assert_eq!(first(&p, "sanguo.syntax").2, Error);
    // the notation's form reports nothing
    let p = parse(&titles_game_1("x汉", "#吴"));
    assert!(diag(&p, "sanguo.marker-space").is_none());
    assert!(diag(&p, "sanguo.marker-han").is_none());
}

#[test]
fn status_lines_in_other_words() {
    let status = |p: &Parsed<SanguoGame>| -> Vec<(String, String)> {
        p.game
            .status
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    };
    let s = |a: &str, b: &str, c: &str| {
        vec![
            ("吴".to_string(), a.to_string()),
            ("蜀".to_string(), c.to_string()),
            ("魏".to_string(), b.to_string()),
        ]
    };
    // a bare loss: 灭国 for 吴 (eliminated by the moves), 认负 for 蜀
    for line in [
        "吴负 魏胜 蜀负",
        "吴负，魏胜，蜀负",
        "[负] [胜] [负]",
        "Wu lost, Wei won, Shu lost",
        "Result: Wu lost, Wei won, Shu lost",
        "吴灭国 魏胜 蜀负",
    ] {
        let p = parse(&format!("{}{line}\n", titles_game_1("x汉", "#吴")));
        assert_eq!(status(&p), s("灭国", "胜利", "认负"), "{line}");
        assert_eq!(first(&p, "sanguo.status-form"), (9, 1, Info), "{line}");
        assert_eq!(
            problems(&p),
            Vec::<String>::new(),
            "{line}: {:?}",
            p.diagnostics
        );
        assert_eq!(p.outcome.as_ref().map(|o| o.summary.as_str()), Some("魏胜"));
    }
    for (line, want) in [
        (
            "吴国：认输　魏国：胜　蜀国：认输",
            s("认负", "胜利", "认负"),
        ),
        ("吳國[認輸] 魏國[勝] 蜀國[認輸]", s("认负", "胜利", "认负")),
        (
            "Wu resigns, Wei wins, Shu resigns",
            s("认负", "胜利", "认负"),
        ),
        (
            "Wu: resigned  Wei: victory  Shu: surrendered",
            s("认负", "胜利", "认负"),
        ),
        ("吴投降 魏赢 蜀弃权", s("认负", "胜利", "认负")),
        ("吴认负，魏胜，蜀超时", s("认负", "胜利", "超时判负")),
        (
            "Wu resigns, Wei wins, Shu lost on time",
            s("认负", "胜利", "超时判负"),
        ),
    ] {
        let p = parse(&format!("1.马6进5，炮12平10，相7进9\n{line}\n"));
        assert_eq!(status(&p), want, "{line}");
        assert_eq!(first(&p, "sanguo.status-form").2, Info, "{line}");
        assert!(p.players.iter().all(|s| s.name.is_none()), "{line}");
        assert_eq!(
            problems(&p),
            Vec::<String>::new(),
            "{line}: {:?}",
            p.diagnostics
        );
    }
    // one side with a status no title gives is a status line
    let p = parse("1.马6进5，炮12平10，相7进9\nWu resigns\n");
    assert_eq!(status(&p), vec![("吴".to_string(), "认负".to_string())]);
    // `魏胜` alone, and `吴蜀和`, stay titles; the notation's status line reports nothing new
    let p = parse("魏胜\n1.马6进5，炮12平10，相7进9\n");
    assert!(p.game.status.is_empty());
    assert_eq!(
        p.game.title_events,
        vec![TitleEvent::Win {
            side: "魏".to_string()
        }]
    );
    let p = parse("吴灭魏·吴蜀和\n1.炮6进1，炮6进1，炮6进1\n2.炮6退1#魏，炮6退1\n");
    assert!(p.game.status.is_empty());
    assert_eq!(p.game.title_events.len(), 2);
    let p = parse("1.马6进5，炮12平10，相7进9\n吴[认负] 魏[胜利] 蜀[认负]\n");
    assert!(diag(&p, "sanguo.status-form").is_none());
    // a line of players stays one; a line with other words is no status line
    let p = parse("吴：孙策　魏：曹操　蜀：刘备\n1.马6进5，炮12平10，相7进9\n");
    assert_eq!(p.players[0].name.as_deref(), Some("孙策"));
    assert!(p.game.status.is_empty());
    let p = parse("1.马6进5，炮12平10，相7进9\n吴负于魏\n");
    assert!(p.game.status.is_empty());
    assert!(diag(&p, "sanguo.status-form").is_none());
}

#[test]
fn titles_in_english() {
    let events = |t: &str| {
        let p = parse(&format!("{t}\n1.马6进5，炮12平10，相7进9\n"));
        assert_eq!(first(&p, "sanguo.title-form").2, Info, "{t}");
        p.game.title_events
    };
    let s = |x: &str| x.to_string();
    assert_eq!(
        events("Wei kills Han · Wei eliminates Wu · Wei wins"),
        vec![
            TitleEvent::KillHan { by: s("魏") },
            TitleEvent::Eliminate {
                by: s("魏"),
                sides: vec![s("吴")]
            },
            TitleEvent::Win { side: s("魏") },
        ]
    );
    assert_eq!(
        events("Shu allies with Wu, Wei eliminates Shu and Wu, Wei wins"),
        vec![
            TitleEvent::Alliance {
                by: s("蜀"),
                with: s("吴")
            },
            TitleEvent::Eliminate {
                by: s("魏"),
                sides: vec![s("蜀"), s("吴")]
            },
            TitleEvent::Win { side: s("魏") },
        ]
    );
    assert_eq!(
        events("Han killed by Wei / Wu eliminated by Wei / Wei victory"),
        vec![
            TitleEvent::KillHan { by: s("魏") },
            TitleEvent::Eliminate {
                by: s("魏"),
                sides: vec![s("吴")]
            },
            TitleEvent::Win { side: s("魏") },
        ]
    );
    assert_eq!(
        events("Wu eliminates Wei; Wu and Shu draw"),
        vec![
            TitleEvent::Eliminate {
                by: s("吴"),
                sides: vec![s("魏")]
            },
            TitleEvent::Draw {
                sides: vec![s("吴"), s("蜀")]
            },
        ]
    );
    assert_eq!(
        events("Shu stalemated Wei, Wu won"),
        vec![
            TitleEvent::Stalemate {
                by: s("蜀"),
                side: s("魏")
            },
            TitleEvent::Win { side: s("吴") },
        ]
    );
    assert_eq!(
        events("Draw"),
        vec![TitleEvent::Draw {
            sides: vec![s("吴"), s("魏"), s("蜀")]
        }]
    );
    // who resigns is left out (the notation's §8)
    assert_eq!(
        events("Wei kills Han, Wu resigns, Wei wins"),
        vec![
            TitleEvent::KillHan { by: s("魏") },
            TitleEvent::Win { side: s("魏") }
        ]
    );
    // the Result tag in English
    let p = parse_tags("1.马6进5，炮12平10，相7进9\n", &[("Result", "Wei wins")]);
    assert_eq!(p.outcome.map(|o| o.summary), Some(s("魏胜")));
    // an English word that reads as no part stays a title warning
    let p = parse("Wei wins gloriously\n1.马6进5，炮12平10，相7进9\n");
    assert_eq!(first(&p, "sanguo.title").2, Warning);
}

#[test]
fn moves_in_xiangqi_letters_and_english_round_words() {
    let p = parse(
        "Turn 1: H6+5, C12.10, E7+9\nTurn 2: P7+1, C6+14, R13=12\nMove 3. P7+1, C.11, E9-7\n",
    );
    assert_eq!(problems(&p), Vec::<String>::new(), "{:?}", p.diagnostics);
    let notations: Vec<&str> = p.game.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(
        notations,
        vec![
            "马6进5",
            "炮12平10",
            "相7进9",
            "兵7进1",
            "炮6进14",
            "车13平12",
            "兵7进1",
            "炮平11",
            "相9退7"
        ]
    );
    assert_eq!(first(&p, "sanguo.letters"), (1, 9, Info));
    assert_eq!(first(&p, "sanguo.round-form"), (1, 1, Info));
    assert_eq!(p.game.rounds, 3);
    // the same as the notation writes them
    let seed = parse(
        "1.马6进5，炮12平10，相7进9\n2.兵7进1，炮6进14，车13平12\n3.兵7进1，砲平11，相9退7\n",
    );
    assert_eq!(
        p.game
            .moves
            .iter()
            .map(|m| (m.from, m.to))
            .collect::<Vec<_>>(),
        seed.game
            .moves
            .iter()
            .map(|m| (m.from, m.to))
            .collect::<Vec<_>>()
    );
    // a letter that is no piece, or no action after it, stays a syntax error
    assert_eq!(first(&parse("1.Z6+5"), "sanguo.syntax"), (1, 3, Error));
    assert_eq!(first(&parse("1.H6x5"), "sanguo.syntax"), (1, 3, Error));
    assert!(diag(&parse("1.Z6+5"), "sanguo.letters").is_none());
}

/// A 马 landing on another side's alliance point without `=X` makes the alliance (the notation's §8:
/// "蜀马跳到魏点与魏结盟"): applied as if marked when it is the game's first alliance and no 杀汉
/// came before, with the warning `sanguo.marker-mismatch` (before: the warning only, no alliance,
/// and 汉's chariots then 蜀's moves with them failed).
#[test]
fn a_horse_on_an_alliance_point_without_its_marker_allies() {
    let body = ALLIANCES.replace("马4进2=吴 {", "马4进2 {");
    let p = game(&body, 0);
    let m = find(&p, "马4进2");
    assert_eq!((&*m.side, m.to), ("魏", [8, 1]));
    assert_eq!(m.events, vec![MoveEvent::Alliance { with: s("吴") }]);
    assert_eq!(first(&p, "sanguo.marker-mismatch"), (13, 8, Warning));
    // 汉's chariots are 蜀's, as with the marker
    assert_eq!(mv(&p, "中车平13"), (s("蜀"), [8, 3], [8, 4]));
    assert_eq!(problems(&p), ["sanguo.marker-mismatch@13:8"]);
    // after 杀汉 no alliance is read into an unmarked landing (the notation does not say one can be made)
    let p = parse(&format!(
        "{}9.车5进1，马6进5，车5进1\n",
        titles_game_1("x汉", "#吴")
    ));
    assert!(p.game.moves.iter().all(|m| {
        !m.events
            .iter()
            .any(|e| matches!(e, MoveEvent::Alliance { .. }))
    }));
}

/// Taking 汉's 车 or 炮 before 汉 is activated (no 杀汉, no alliance: the pieces are still 汉's,
/// the notation's §1 "谁收了汉，汉的三车一炮就按谁的坐标走棋") is a warning `sanguo.illegal-move`; the
/// capture is replayed as written.
#[test]
fn taking_han_before_it_is_activated_is_a_warning() {
    let p = parse(
        "1.车5进1，马6进5，车5进1\n2.车5退1，马5进6，车5退1\n3.车5进1，马6进4，车5进1\n4.车5退1，马4进2，车5退1\n5.车5进1，马2进3，车5进1\n",
    );
    let m = find(&p, "马2进3");
    assert_eq!(m.to, [8, 2]);
    let c = m.capture.clone().unwrap_or_default();
    assert_eq!((&*c.piece, &*c.side), ("炮", "汉"));
    assert_eq!(first(&p, "sanguo.illegal-move"), (5, 8, Warning));
    assert_eq!(p.game.moves.len(), 15);
    // after 杀汉 汉's pieces are the killer's: taking one is an ordinary capture (here the
    // killer's own, refused), and the emperor itself may be taken (that is 杀汉)
    let p = parse(&titles_game_1("x汉", "#吴"));
    assert!(
        !has_code(&p, "sanguo.illegal-move", Warning),
        "{:?}",
        problems(&p)
    );
}

/// A title with `胜利` on its own line above the moves (`魏胜利`, `魏杀汉·魏胜利`) is the title, its
/// result the winner's (info `sanguo.title-form`); before, a status line. Below the moves it stays
/// the status line; `魏獲勝`, `魏贏`, `魏勝` were titles already.
#[test]
fn a_title_with_shengli_above_the_moves() {
    for (title, events) in [
        ("魏胜利", vec![TitleEvent::Win { side: s("魏") }]),
        (
            "魏杀汉·魏胜利",
            vec![
                TitleEvent::KillHan { by: s("魏") },
                TitleEvent::Win { side: s("魏") },
            ],
        ),
        ("魏獲勝", vec![TitleEvent::Win { side: s("魏") }]),
        ("魏贏", vec![TitleEvent::Win { side: s("魏") }]),
        ("魏勝", vec![TitleEvent::Win { side: s("魏") }]),
        ("魏勝利", vec![TitleEvent::Win { side: s("魏") }]),
    ] {
        let p = parse(&format!("{title}\n1.车5进1，马6进5，车5进1\n"));
        assert_eq!(p.game.title_events, events, "{title}");
        assert!(p.game.status.is_empty(), "{title}");
        assert_eq!(
            p.outcome.as_ref().map(|o| o.summary.as_str()),
            Some("魏胜"),
            "{title}"
        );
        assert!(!has_code(&p, "sanguo.status", Warning), "{title}");
    }
    let p = parse("魏胜利\n1.车5进1，马6进5，车5进1\n");
    assert_eq!(first(&p, "sanguo.title-form"), (1, 1, Info));
    // below the moves, the closing status line
    let p = parse("1.车5进1，马6进5，车5进1\n魏胜利\n");
    assert!(p.game.title_events.is_empty());
    assert_eq!(p.game.status.get("魏").map(String::as_str), Some("胜利"));
    // a status line of two sides above the moves stays a status line
    let p = parse("吴认负 魏胜利 蜀认负\n1.车5进1，马6进5，车5进1\n");
    assert_eq!(p.game.status.len(), 3);
}

/// A status that the replayed board contradicts: a side the replayed moves eliminated that it
/// does not call 灭国, checked even when the replay stopped later; a winner whose general a move
/// took. Each a warning `sanguo.status-mismatch` (before: accepted silently).
#[test]
fn a_status_the_board_contradicts() {
    // 吴 eliminated in round 8; the replay stops at round 9 (no such piece)
    let p = parse(&format!(
        "{}9.甲乙丙，车5进1，车5退1\n[胜利] [胜利] [认负]\n",
        titles_game_1("x汉", "#吴")
    ));
    assert!(has_code(&p, "sanguo.syntax", Error), "{:?}", problems(&p));
    assert!(has_code(&p, "sanguo.not-replayed", Info));
    assert_eq!(first(&p, "sanguo.status-mismatch"), (10, 1, Warning));
    // and when it did not stop, as before
    let p = parse(&format!(
        "{}[胜利] [胜利] [认负]\n",
        titles_game_1("x汉", "#吴")
    ));
    assert_eq!(first(&p, "sanguo.status-mismatch"), (9, 1, Warning));
}

// ---------------------------------------------------------------- other names of the pieces

/// A minimal record of one game (tags as the corpus writes them) with `moves` as its body.
fn record_of(moves: &str) -> String {
    format!(
        "[Game \"Sanguo\"]\n[Event \"三国演弈棋练习赛\"]\n[吴 \"孙策\"]\n[魏 \"曹操\"]\n[蜀 \"刘备\"]\n\n{moves}\n"
    )
}

/// The stored moves as JSON, as the importer keeps them.
fn moves_json(p: &Parsed<SanguoGame>) -> serde_json::Value {
    serde_json::to_value(&p.game.moves).unwrap_or_default()
}

/// The diagnostics other than `code`, as (code, line, col, message).
fn diagnostics_but(p: &Parsed<SanguoGame>, code: &str) -> Vec<(String, u32, u32, String)> {
    p.diagnostics
        .iter()
        .filter(|d| d.code != code)
        .map(|d| (d.code.to_string(), d.line, d.col, d.message.to_string()))
        .collect()
}

/// Xiangqi's other names of the pieces (red/black, traditional/simplified) give the moves the
/// notation's names give, stored with the notation's names; each other name is reported once
/// (`sanguo.piece-alias`), traditional characters as before (`sanguo.traditional`).
#[test]
fn other_piece_names_give_the_same_moves() {
    let a = game(&record_of("1.馬6進5，砲12平10，象7進9"), 0);
    let b = game(&record_of("1.马6进5，炮12平10，相7进9"), 0);
    assert_eq!(a.game.moves.len(), 3);
    assert_eq!(moves_json(&a), moves_json(&b));
    assert_eq!(notations(&a), ["马6进5", "炮12平10", "相7进9"]);
    assert!(problems(&a).is_empty(), "{:?}", problems(&a));
    let alias: Vec<(u32, u32, String)> = a
        .diagnostics
        .iter()
        .filter(|d| d.code == "sanguo.piece-alias")
        .map(|d| (d.line, d.col, d.message.to_string()))
        .collect();
    assert_eq!(alias, [(7, 15, "象 read as 相".to_string())]);
    assert!(has_code(&a, "sanguo.piece-alias", Info));
    assert!(has_code(&a, "sanguo.traditional", Info));
    assert!(!has_code(&b, "sanguo.piece-alias", Info));
    // the red names, the cannon as 包, and every name of the notation's opening game's later rounds
    let red = game(
        &record_of(
            "1.傌6进5，包12平10，象7进9\n2.卒7进1，砲6进14，俥13平12\n3.卒7进1，包平11，象9退7\n4.炮12进6，（轮空），仕8进9",
        ),
        0,
    );
    let seed = game(
        &record_of(
            "1.马6进5，炮12平10，相7进9\n2.兵7进1，炮6进14，车13平12\n3.兵7进1，炮平11，相9退7\n4.炮12进6，（轮空），士8进9",
        ),
        0,
    );
    assert_eq!(seed.game.moves.len(), 11);
    assert!(problems(&seed).is_empty(), "{:?}", problems(&seed));
    assert_eq!(moves_json(&red), moves_json(&seed));
    let reported: Vec<String> = red
        .diagnostics
        .iter()
        .filter(|d| d.code == "sanguo.piece-alias")
        .map(|d| d.message.to_string())
        .collect();
    assert_eq!(
        reported,
        [
            "傌 read as 马",
            "包 read as 炮",
            "象 read as 相",
            "卒 read as 兵",
            "俥 read as 车",
            "仕 read as 士"
        ]
    );
    // 傌 and 俥 are other names, not traditional characters: the first traditional one is 砲
    assert_eq!(first(&red, "sanguo.traditional"), (8, 8, Info));
    // after an ordinal too (`前卒`), and in a move that does not resolve (the error names the
    // move as stored)
    for (alias, name) in [
        ("帅", "将"),
        ("仕", "士"),
        ("象", "相"),
        ("俥", "车"),
        ("伡", "车"),
    ]
    .into_iter()
    .chain([("傌", "马"), ("包", "炮"), ("卒", "兵")])
    {
        for shape in ["1.{}5进1", "1.前{}5进1", "1.{}5平4，{}5平6"] {
            let written = parse(&shape.replace("{}", alias));
            let seed = parse(&shape.replace("{}", name));
            assert_eq!(moves_json(&written), moves_json(&seed), "{shape} {alias}");
            assert_eq!(
                diagnostics_but(&written, "sanguo.piece-alias"),
                diagnostics_but(&seed, "sanguo.piece-alias"),
                "{shape} {alias}"
            );
            assert!(
                has_code(&written, "sanguo.piece-alias", Info),
                "{shape} {alias}"
            );
        }
    }
}

/// The table of other names (`import/data/sanguo/piece_names.csv`) reads each name as its
/// piece: no other name is also a name of the notation, no name is there twice, and the notation's
/// seven names are seven.
#[test]
fn the_table_of_piece_names_is_sound() {
    use sanguo::geometry::Kind;
    let g = geometry();
    assert!(g.load_errors.is_empty(), "{:?}", g.load_errors);
    let seed: Vec<&str> = (0..7).map(|i| Kind::from_index(i).name()).collect();
    for (i, a) in seed.iter().enumerate() {
        assert!(
            seed.get(i + 1..).unwrap_or(&[]).iter().all(|b| a != b),
            "{a}"
        );
        assert_eq!(Kind::from_name(a).map(Kind::name), Some(*a));
    }
    assert!(g.piece_names.len() >= 8, "{:?}", g.piece_names);
    for (i, r) in g.piece_names.iter().enumerate() {
        assert!(seed.contains(&r.piece.as_str()), "{r:?}");
        assert!(
            !seed.contains(&r.name.as_str()),
            "{r:?} is a name of the notation"
        );
        assert_eq!(
            Kind::from_name(&r.name).map(Kind::name),
            Some(r.piece.as_str()),
            "{r:?}"
        );
        assert!(
            g.piece_names
                .get(i + 1..)
                .unwrap_or(&[])
                .iter()
                .all(|o| o.name != r.name),
            "{r:?} twice"
        );
    }
    // every way xiangqi writes each piece, traditional forms folded before the table
    let forms = [
        ("将", ["帅", "帥", "将", "將"].as_slice()),
        ("士", &["仕", "士"]),
        ("相", &["相", "象"]),
        ("车", &["俥", "伡", "車", "车"]),
        ("马", &["傌", "馬", "马"]),
        ("炮", &["炮", "砲", "包"]),
        ("兵", &["兵", "卒"]),
    ];
    for (name, written) in forms {
        for w in written {
            assert_eq!(Kind::from_name(w).map(Kind::name), Some(name), "{w}");
        }
    }
}

/// Files and steps in Chinese numerals (`马六进五`) or in full-width digits (`马６进５`) are read
/// as Arabic ones and stored so: the same moves as `马6进5`.
#[test]
fn chinese_and_full_width_numerals_give_the_same_moves() {
    let arabic = game(&record_of("1.马6进5，炮12平10，相7进9"), 0);
    let chinese = game(&record_of("1.马六进五，炮十二平十，相七进九"), 0);
    let wide = game(&record_of("1.马６进５，炮１２平１０，相７进９"), 0);
    assert_eq!(arabic.game.moves.len(), 3);
    assert_eq!(moves_json(&chinese), moves_json(&arabic));
    assert_eq!(moves_json(&wide), moves_json(&arabic));
    assert!(has_code(&chinese, "sanguo.numerals", Info));
    assert!(has_code(&wide, "sanguo.full-width", Info));
    assert!(problems(&chinese).is_empty(), "{:?}", problems(&chinese));
    assert!(problems(&wide).is_empty(), "{:?}", problems(&wide));
}
