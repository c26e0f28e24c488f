//! Position keys of 三国 and WEC boards: two move orders reaching one board give one key, one piece
//! elsewhere gives another, and the keys of the setups are fixed (a change of the definition in
//! `data/positions/zobrist.csv` shows here first).

use annals_import::model::Ctx;
use annals_import::position::key_hex;
use annals_import::{sanguo, wec};

fn sanguo_keys(body: &str) -> Vec<u64> {
    let p = sanguo::parse(
        body,
        &Ctx {
            first_line: 1,
            tags: &[],
        },
    );
    let errors: Vec<_> = p
        .diagnostics
        .iter()
        .filter(|d| d.severity == annals_import::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    sanguo::position_keys(&p.game)
}

fn wec_keys(body: &str) -> Vec<u64> {
    let p = wec::parse(
        body,
        &Ctx {
            first_line: 1,
            tags: &[],
        },
    );
    let errors: Vec<_> = p
        .diagnostics
        .iter()
        .filter(|d| d.severity == annals_import::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    wec::position_keys(&p.game)
}

#[test]
fn sanguo_transposed_rounds_reach_one_key() {
    let a = sanguo_keys("1.马6进5，马6进5，马6进5\n2.兵7进1，兵7进1，兵7进1\n");
    let b = sanguo_keys("1.兵7进1，兵7进1，兵7进1\n2.马6进5，马6进5，马6进5\n");
    assert_eq!(a.len(), 7);
    assert_eq!(b.len(), 7);
    // The setup, and the board after both rounds, whichever came first.
    assert_eq!(a[0], b[0]);
    assert_eq!(a[6], b[6]);
    // After round 1 the boards differ.
    assert_ne!(a[3], b[3]);
    // Every ply of one game is a new board.
    let distinct: std::collections::BTreeSet<u64> = a.iter().copied().collect();
    assert_eq!(distinct.len(), 7);
}

#[test]
fn sanguo_one_square_or_the_side_to_move_changes_the_key() {
    let a = sanguo_keys("1.兵7进1，兵7进1，兵7进1\n");
    let b = sanguo_keys("1.兵7进1，兵7进1，兵5进1\n");
    assert_ne!(a[3], b[3]);
    assert_eq!(a[2], b[2]);
    // The same pieces with another side to move: after 吴's move alone the board differs from the
    // setup by one pawn, and the side to move is 魏.
    let c = sanguo_keys("1.兵7进1\n");
    assert_ne!(c[0], c[1]);
}

#[test]
fn sanguo_setup_key_is_fixed() {
    let k = sanguo_keys("1.兵7进1\n");
    assert_eq!(key_hex(k[0]), key_hex(SANGUO_SETUP));
}

const WEC_A: &str = "1. MV:SP(2,2)->(3,2)\n1... MV:SP(9,2)->(8,2)\n2. MV:RP(2,10)->(3,10)\n2... MV:RP(9,10)->(8,10)\n";
const WEC_B: &str = "1. MV:RP(2,10)->(3,10)\n1... MV:RP(9,10)->(8,10)\n2. MV:SP(2,2)->(3,2)\n2... MV:SP(9,2)->(8,2)\n";

#[test]
fn wec_transposed_turns_reach_one_key() {
    let a = wec_keys(WEC_A);
    let b = wec_keys(WEC_B);
    assert_eq!(a.len(), 5);
    assert_eq!(a[0], b[0]);
    assert_eq!(a[4], b[4]);
    assert_ne!(a[2], b[2]);
    let distinct: std::collections::BTreeSet<u64> = a.iter().copied().collect();
    assert_eq!(distinct.len(), 5);
}

#[test]
fn wec_one_square_an_article_or_the_level_changes_the_key() {
    let a = wec_keys("1. MV:SP(2,2)->(3,2)\n");
    let b = wec_keys("1. MV:SP(2,2)->(3,3)\n");
    assert_ne!(a[1], b[1]);
    // Picking an article up changes the board (the article leaves the ground for the piece).
    let c = wec_keys("1. MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n");
    assert_ne!(b[1], c[1]);
    // A jet taking off stays on its square but changes level.
    let d = wec_keys("1. MV:JE(1,4)->^(1,4)\n");
    assert_ne!(d[0], d[1]);
    assert_eq!(a[0], WEC_SETUP);
}

/// The keys of the two setups, as the definition gives them today.
const SANGUO_SETUP: u64 = 0xb382_85ab_19d5_74a1;
const WEC_SETUP: u64 = 0xfe26_720b_3711_14f0;
