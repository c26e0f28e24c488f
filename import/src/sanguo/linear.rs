//! The 三国 scans' work grows linearly with the line ([`crate::work`] counts the characters of
//! each line read and those looked at for a closing bracket or a side's label): a record whose
//! line after the first round is `n` of one shape (an opening character, moves after `，`, notes
//! in `（`, round numbers, side labels, players' names in a status line) is read with at most
//! twelve times the work for ten times the line.

use crate::work::{BIG, CTX, SMALL, assert_linear_line};

/// Asserts that a record whose line after the first round is `prefix`, `n` times `unit` and
/// `suffix` is read with linear work.
fn linear_to(prefix: &str, unit: &str, suffix: &str, sizes: [usize; 3]) {
    let head = "1.车5进1，马6进5，车5进1\n";
    assert_linear_line(head, (prefix, unit, suffix), sizes, |body| {
        assert!(!super::parse(body, &CTX).game.moves.is_empty());
    });
}

fn linear(prefix: &str, unit: &str, sizes: [usize; 3]) {
    linear_to(prefix, unit, "", sizes);
}

#[test]
fn opening_characters() {
    for open in ["{", "(", "[", "【", "（", "\""] {
        linear("", open, BIG);
    }
}

#[test]
fn moves_after_commas() {
    linear("2.", "车5进1，", SMALL);
    linear("2.", "，", SMALL);
}

#[test]
fn notes() {
    linear("2.车5进1", "（轮空", SMALL);
    linear("2.车5进1", "（轮空）", SMALL);
    // separators inside one note that closes at the end of the line: each finds the `）` once
    for unit in ["，", "好，", "；"] {
        linear_to("2.车5进1（好棋", unit, "）", SMALL);
    }
    linear("2.车5进1", "（好，", SMALL);
}

#[test]
fn round_numbers() {
    linear("", "2.", SMALL);
    linear("", "2.车5退1 ", SMALL);
}

/// A side's label before each entry (`吴：`): each entry finds its label once.
#[test]
fn side_labels() {
    linear("2.", "吴：车5进1，", SMALL);
    linear("2.", "吴(", SMALL);
}

/// A status line of sides with a bracket after each (`吴(吴(…`): each finds its `)` once.
#[test]
fn players_in_a_status_line() {
    linear("", "吴(", SMALL);
    // each bracket closed by the one `)` at the end, which holds a number: no name
    linear_to("", "吴(", "1)", SMALL);
    linear_to("", "吴( ", ")", SMALL);
    linear("", "吴国(x", SMALL);
    linear("吴胜 ", "魏(孙", SMALL);
}

/// [`closed_later`](super::chars::closed_later) keeping the first bracket found for the
/// separators after it answers as a fresh scan from each separator does, over lines of brackets
/// of each kind, separators and text, for rising separator positions.
#[test]
fn closed_later_reads_as_a_fresh_scan() {
    use super::chars::closed_later;
    const PIECES: [char; 12] = [
        '(', ')', '[', ']', '【', '】', '〔', '〕', ',', ';', '好', '进',
    ];
    let mut rng = crate::work::Rng::new(0x9e37_79b9_7f4a_7c15_u64);
    for _ in 0..20_000 {
        let chars: Vec<char> = (0..1 + rng.below(16))
            .map(|_| PIECES[rng.below(PIECES.len())])
            .collect();
        let end = chars.len() - rng.below(2).min(chars.len() - 1);
        let mut kept = None;
        let mut i = rng.below(3);
        while i < end {
            assert_eq!(
                closed_later(&chars, i, end, &mut kept),
                closed_later(&chars, i, end, &mut None),
                "{chars:?} at {i} before {end}"
            );
            i += 1 + rng.below(3);
        }
    }
}

/// Status words after the sides, with or without a key before them.
#[test]
fn status_lines() {
    linear("", "吴胜 ", SMALL);
    linear("结果：", "吴认负", SMALL);
}
