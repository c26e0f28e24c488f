//! The HotW scans' work grows linearly with the line ([`crate::work`] counts the bytes lexed and
//! the tokens looked at for a stop): a record whose line after a turn's header is `n` of one
//! shape (an opening character, chain steps, card lists, battle brackets, `+`) is read with at
//! most twelve times the work for ten times the line.

use crate::model::Ctx;
use crate::work::{assert_linear, take};

/// The work of reading a record whose line after the header `A(Sumr): Lead` is `prefix` and `n`
/// times `unit`.
fn examined(prefix: &str, unit: &str, n: usize) -> u64 {
    let body = format!("A(Sumr): Lead\n{prefix}{}\n", unit.repeat(n));
    let ctx = Ctx {
        first_line: 1,
        tags: &[],
    };
    take();
    let parsed = super::parse(&body, &ctx);
    assert!(!parsed.game.turns.is_empty());
    take()
}

fn linear(prefix: &str, unit: &str, sizes: [usize; 3]) {
    assert_linear(&format!("{prefix}{unit}"), sizes, |n| {
        examined(prefix, unit, n)
    });
}

const BIG: [usize; 3] = [10_000, 100_000, 1_000_000];
const SMALL: [usize; 3] = [1_000, 10_000, 100_000];

#[test]
fn opening_characters() {
    for open in ["{", "(", "[", "【", "（", "\""] {
        linear("", open, BIG);
    }
}

#[test]
fn chain_steps() {
    linear("LTig", "-->Zag", SMALL);
    linear("LTig", "-->", SMALL);
    linear("LTig", "~", SMALL);
}

#[test]
fn lists() {
    linear("LTig", ",", SMALL);
    linear("B(Egypt): Lead", ", Popu", SMALL);
    linear("", "NileDel-->Nub；", SMALL);
    linear("", "Lead、", SMALL);
}

#[test]
fn battle_brackets() {
    linear("LTig-->Zag", "(V)", SMALL);
    linear("LTig-->Zag", "(X=V", SMALL);
    linear("LTig-->Zag(V", ", (", SMALL);
}

#[test]
fn plus_signs() {
    linear("LTig(", "+m", SMALL);
    linear("LTig ", "+", SMALL);
}

/// Seat headers and scores over and over on one line.
#[test]
fn headers_and_scores() {
    linear("", "A(", SMALL);
    linear("LTig ", "12 ", SMALL);
}

/// Invisible characters (`U+200B`) through a line of errors: the body is read again without
/// them ([`crate::parse_game`]), and each diagnostic's column is put back past the ones before it
/// on its line by halving, not by a pass over all of them.
#[test]
fn invisible_characters() {
    assert_linear("U+200B-->Qq", SMALL, |n| {
        let text = format!("A(Sumr): Lead\nLTig{}\n", "\u{200b}-->Qq".repeat(n));
        let raws = crate::record::split_games(&text);
        let diagnostics: usize = raws
            .iter()
            .map(|raw| crate::parse_game(raw, crate::Kind::Hotw).diagnostics.len())
            .sum();
        assert!(diagnostics > 0);
        take()
    });
}
