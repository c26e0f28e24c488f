//! The record layer's work grows linearly with the file ([`crate::work`] counts the bytes of
//! each line split, those looked at for a tag's closing quote, and those looked at for an HTML
//! tag's end): a file of `n` tag lines, `[` on a line, blank lines, separator lines, one huge
//! line, or a wrapper's marks is decoded and split with at most twelve times the work for ten
//! times the file.

use crate::work::{assert_linear, take};

/// The work of decoding and splitting `text`.
fn examined(text: &str) -> u64 {
    take();
    if let Ok(d) = super::decode(text.as_bytes()) {
        let games = super::split_games(&d.text);
        assert!(games.len() <= text.len() + 1);
    }
    take()
}

const HEAD: &str = "[Game \"History of the World\"]\n\nA(Sumr): Lead\n";
const SIZES: [usize; 3] = [1_000, 10_000, 100_000];

fn linear(what: &str, make: impl Fn(usize) -> String) {
    assert_linear(what, SIZES, |n| examined(&make(n)));
}

#[test]
fn opening_characters() {
    for open in ["{", "(", "[", "【", "（", "\""] {
        assert_linear(open, [10_000, 100_000, 1_000_000], |n| {
            examined(&format!("{HEAD}{}\n", open.repeat(n)))
        });
    }
}

#[test]
fn tag_lines() {
    linear("tags", |n| {
        format!("{}\nLTig\n", "[Event \"x\"]\n".repeat(n))
    });
    linear("games", |n| "[Game \"History of the World\"]\n".repeat(n));
    linear("quotes", |n| format!("[Event {}]\n", "\" ".repeat(n)));
    linear("tags on a line", |n| format!("{}\n", "[a \"".repeat(n)));
    linear("whole tags on a line", |n| {
        format!("{}\nLTig\n", "[a \"x\"] ".repeat(n))
    });
    linear("quotes and brackets", |n| {
        format!("[a \"{}\nLTig\n", "x\" ]".repeat(n))
    });
}

#[test]
fn brackets_on_a_line() {
    linear("[", |n| format!("{}\n", "[".repeat(n)));
    linear("[code]", |n| format!("[code]\n{}", "[code]".repeat(n)));
}

#[test]
fn blank_and_separator_lines() {
    linear("blank", |n| format!("{HEAD}{}LTig\n", "\n".repeat(n)));
    linear("white", |n| format!("{HEAD}{}LTig\n", " \n".repeat(n)));
    for sep in ["---\n", "***\n", "=====\n"] {
        linear(sep, |n| format!("{HEAD}{}", sep.repeat(n)));
    }
}

#[test]
fn one_huge_line() {
    linear("a", |n| format!("{}\n", "a".repeat(n)));
    linear("a ", |n| format!("{}\n", "a ".repeat(n)));
}

/// The wrappers taken off ([`crate::unwrap`]): a `<` that opens no tag finds so before the next
/// `<`, not at the end of the line.
#[test]
fn wrappers() {
    linear("<", |n| format!("<br>{}\n", "<".repeat(n)));
    linear("<br>", |n| format!("{}\n", "<br>".repeat(n)));
    linear("&amp;", |n| format!("<br>{}\n", "&amp;".repeat(n)));
    linear(">", |n| format!("> {HEAD}{}", "> LTig\n".repeat(n)));
    linear("```", |n| format!("```\n{HEAD}{}", "```\n".repeat(n)));
    linear("-- ", |n| format!("{HEAD}\n-- \n{}", "x\n".repeat(n)));
}
