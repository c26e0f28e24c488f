//! The line scans' work grows linearly with the line: a WEC record whose second line is `n` of
//! one opening character (`(`, `[`, `【`, `（`, `"`, `{`) is read with at most about ten times
//! the bytes examined for ten times the line ([`super::work`] counts them). And the note found
//! in one pass over a line is the one found rescanning the line from each bracket.

use super::work;
use crate::model::Ctx;

/// The bytes examined to read a record whose second line is `line`.
fn examined(line: &str) -> u64 {
    let body = format!("1. MV:JE(1,7)->^(1,7)\n{line}\n");
    let ctx = Ctx {
        first_line: 1,
        tags: &[],
    };
    work::take();
    let parsed = super::parse(&body, &ctx);
    assert_eq!(parsed.game.turns.first().map(|t| t.ply), Some(1));
    work::take()
}

/// Lines of `sizes` times `unit` after `prefix`: each tenfold line costs at most twelve times
/// the one before.
fn linear_in(prefix: &str, unit: &str, sizes: [usize; 3]) {
    let mut before: Option<(usize, u64)> = None;
    for n in sizes {
        let count = examined(&format!("{prefix}{}", unit.repeat(n)));
        assert!(
            count >= n as u64,
            "{unit:?} x {n}: only {count} bytes examined"
        );
        if let Some((m, prev)) = before {
            assert!(
                count <= 12 * prev,
                "{unit:?}: {m} of them examine {prev} bytes, {n} examine {count}: not linear"
            );
        }
        before = Some((n, count));
    }
}

/// 10k, 100k and 1M of `open` alone on the line.
fn linear(open: char) {
    linear_in("", &open.to_string(), [10_000, 100_000, 1_000_000]);
}

#[test]
fn round_brackets() {
    linear('(');
}

#[test]
fn square_brackets() {
    linear('[');
}

#[test]
fn lenticular_brackets() {
    linear('【');
}

#[test]
fn full_width_round_brackets() {
    linear('（');
}

#[test]
fn quotation_marks() {
    linear('"');
}

/// `{` opens a comment (stripped before the lines are read, `crate::text::strip_comments`); each
/// with a letter after it (`{a{a…`, unclosed) is attached to the turn before it, its column
/// found from the one before.
#[test]
fn braces() {
    linear_in("", "{a", [10_000, 100_000, 1_000_000]);
}

/// [`note_start`](super::notes::note_start) as it was before it looked ahead once per line:
/// every `(`, `[` and digit read the rest of the line again. The reference it is tested against.
fn note_start_rescanning(line: &str, begin: usize, end: usize) -> Option<usize> {
    use super::notes::{clock_time, looks_like_notation};
    use crate::text::fold_width;
    let seg = line.get(begin..end)?;
    let mut prev_space = false;
    let mut found = None;
    for (o, c) in seg.char_indices() {
        let w = fold_width(c);
        let rest = seg.get(o..).unwrap_or_default();
        let next = rest.chars().nth(1).map(fold_width);
        let hit = match w {
            '(' | '[' if clock_time(rest).is_some() => true,
            '0'..='9' if prev_space && clock_time(rest).is_some() => true,
            '!' | '?' | '+' | '#' | ';' | '|' => true,
            '/' => next == Some('/'),
            '-' => next == Some('-'),
            '(' => rest
                .get(1..)
                .and_then(|r| r.split_once(')'))
                .is_some_and(|(inner, _)| {
                    !inner.contains(|c: char| c.is_ascii_digit() || c == ',')
                        && inner.chars().filter(|c| c.is_alphabetic()).count() >= 2
                }),
            _ if prev_space && w.is_ascii_alphabetic() => {
                let word: String = rest
                    .chars()
                    .take_while(char::is_ascii_alphabetic)
                    .collect::<String>()
                    .to_ascii_lowercase();
                let raw = rest.chars().take_while(char::is_ascii_alphabetic);
                matches!(word.as_str(), "check" | "checkmate" | "mate")
                    || (word.len() >= 3 && raw.clone().any(|c| c.is_ascii_lowercase()))
            }
            _ => !w.is_ascii() && w.is_alphabetic(),
        };
        if hit {
            found = Some(begin + o);
            break;
        }
        prev_space = c.is_whitespace();
    }
    let at = found.filter(|&a| a > begin)?;
    let note = line.get(at..end)?;
    (super::line::later_turns(line, at, end).is_empty()
        && (clock_time(note).is_some() || !looks_like_notation(note)))
    .then_some(at)
}

/// The note found looking ahead once per line is the one found rescanning, over lines made of
/// what the scans look for: brackets of each width, digits, `:` and `.`, letters, white space,
/// note marks and turn strings.
#[test]
fn note_start_reads_as_the_rescanning_one() {
    const PIECES: [&str; 30] = [
        "(", ")", "[", "]", "（", "）", "【", "】", "［", "］", "0", "4", "5", ":", ".", ",", " ",
        "\u{3000}", "ab", "Good", "check", "x", "흑", "!", "-", "/", "MV:", "JE(1,4)", "->",
        "0:45",
    ];
    let mut rng = crate::work::Rng::new(0x9e37_79b9_7f4a_7c15_u64);
    for _ in 0..40_000 {
        let mut line = rng.text(&PIECES, 14);
        let trailing = [" ", "  ", ""][rng.below(3)];
        line.push_str(trailing);
        let bounds: Vec<usize> = (0..=line.len())
            .filter(|&b| line.is_char_boundary(b))
            .collect();
        let begin = bounds[rng.below(bounds.len().min(4))];
        let end = line.len();
        assert_eq!(
            super::notes::note_start(&line, begin, end),
            note_start_rescanning(&line, begin, end),
            "{line:?} from {begin}"
        );
    }
}

/// Long arrows (`-->`) in a turn read again normalized: each made short in one copy of the text.
#[test]
fn long_arrows() {
    linear_in("2. mv:je", "-->", [1_000, 10_000, 100_000]);
}

/// Part markers after a digit (`1PU:`) in a turn read again normalized: the `,` before each put in
/// in one copy of the text.
#[test]
fn part_markers() {
    linear_in("2. mv:je", "1PU:", [1_000, 10_000, 100_000]);
}

/// A turn wrapped onto many lines (`(,` on each): the joined text grows in place, and the
/// joined lines' columns are counted on from the line before.
#[test]
fn wrapped_lines() {
    let mut before: Option<(usize, u64)> = None;
    for n in [1_000, 10_000, 100_000] {
        let count = examined(&"(,\n".repeat(n).replacen("(,", "2. MV:JE(1,7)->^(1,7),", 1));
        if let Some((m, prev)) = before {
            assert!(
                count <= 12 * prev,
                "{m} lines examine {prev} bytes, {n} examine {count}: not linear"
            );
        }
        before = Some((n, count));
    }
}
