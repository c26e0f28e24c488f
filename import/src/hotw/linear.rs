//! The HotW scans' work grows linearly with the line ([`crate::work`] counts the bytes lexed and
//! the tokens looked at for a stop): a record whose line after a turn's header is `n` of one
//! shape (an opening character, chain steps, card lists, battle brackets, `+`) is read with at
//! most twelve times the work for ten times the line.

use crate::work::{BIG, CTX, SMALL, assert_linear, assert_linear_line, take};

/// Asserts that a record whose line after the header `A(Sumr): Lead` is `prefix` and `n` times
/// `unit` is read with linear work.
fn linear(prefix: &str, unit: &str, sizes: [usize; 3]) {
    assert_linear_line("A(Sumr): Lead\n", (prefix, unit, ""), sizes, |body| {
        assert!(!super::parse(body, &CTX).game.turns.is_empty());
    });
}

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
