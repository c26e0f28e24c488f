//! The Deluge scans' work grows linearly with the line ([`crate::work`] counts the bytes of each
//! line read): a record whose line after the first order is `n` of one shape (an opening
//! character, orders on one line, `-` chains, results in brackets) is read with at most twelve
//! times the work for ten times the line.

use crate::model::Ctx;
use crate::work::{assert_linear, take};

/// The work of reading a record whose line after the first order is `prefix` and `n` times
/// `unit`.
fn examined(prefix: &str, unit: &str, n: usize) -> u64 {
    let body = format!(
        "Spring 1901\nEngland: F Lon-NTH\n{prefix}{}\n",
        unit.repeat(n)
    );
    let ctx = Ctx {
        first_line: 1,
        tags: &[],
    };
    take();
    let parsed = super::parse(&body, &ctx);
    assert!(!parsed.game.orders.is_empty());
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
fn orders_on_one_line() {
    linear("France:", " A Par-Bur,", SMALL);
    linear("France: A Par S", " A Mar S", SMALL);
    linear("", "France:", SMALL);
}

#[test]
fn chains() {
    linear("France: A Par", "-Bur", SMALL);
    linear("France: A Par", "-", SMALL);
}

#[test]
fn results() {
    linear("France: A Par-Bur", " (bounce)", SMALL);
    linear("France: A Par-Bur ", "(b", SMALL);
}

/// Phase names over and over on one line.
#[test]
fn phase_names() {
    linear("", "Spring 1901 ", SMALL);
    linear("France: A Par-Bur ", "//", SMALL);
}
