//! The Deluge scans' work grows linearly with the line ([`crate::work`] counts the bytes of each
//! line read): a record whose line after the first order is `n` of one shape (an opening
//! character, orders on one line, `-` chains, results in brackets) is read with at most twelve
//! times the work for ten times the line.

use crate::work::{BIG, CTX, SMALL, assert_linear_line};

/// Asserts that a record whose line after a phase's first order is `prefix` and `n` times `unit`
/// is read with linear work.
fn linear(prefix: &str, unit: &str, sizes: [usize; 3]) {
    let head = "Spring 1901\nEngland: F Lon-NTH\n";
    assert_linear_line(head, (prefix, unit, ""), sizes, |body| {
        assert!(!super::parse(body, &CTX).game.orders.is_empty());
    });
}

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
