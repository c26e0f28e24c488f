//! The lines after the turns that give the game's result: final scores (on a line, under a
//! heading, in a table) and winner lines.

use super::headers::{SEATS, seat_joined, seat_of};
use super::line::Line;
use super::scores::{number, score_unit};
use super::state::State;
use crate::hotw::code;
use crate::hotw::lexer::Tk;
use crate::text::fold_width;

/// A line giving the game's result (see [`State::closing_line`]).
enum Closing {
    /// Seat, score, token of the seat.
    Scores(Vec<(usize, i64, usize)>),
    Winner(Vec<usize>),
    /// `Final scores:` alone on its line: the scores follow, one line or more.
    Block,
    /// A row of a table of the final scores that holds none (its seats, a rule, labels).
    Table(&'static str),
}

/// The labels of a score table's columns (`| Seat | Score |`; width-folded, lower-cased).
const TABLE_LABELS: [&str; 16] = [
    "seat", "seats", "player", "players", "score", "scores", "points", "pts", "total", "弈者",
    "玩家", "分數", "分数", "得分", "座位", "總分",
];

/// Key words of a final-score line (compared width-folded and lower-cased).
const FINAL_WORDS: [&str; 27] = [
    "final",
    "finals",
    "score",
    "scores",
    "total",
    "totals",
    "standings",
    "result",
    "results",
    "最終",
    "最终",
    "終局",
    "终局",
    "最終分數",
    "最终分数",
    "最終得分",
    "最终得分",
    "終局分數",
    "终局分数",
    "總分",
    "总分",
    "分數",
    "分数",
    "得分",
    "結果",
    "结果",
    "總計",
];

/// Key words of a winner line.
const WINNER_WORDS: [&str; 10] = [
    "winner", "winners", "勝者", "胜者", "勝方", "胜方", "贏家", "赢家", "冠軍", "冠军",
];

/// The words after a seat that make it the winner (`C wins`, `C 勝`).
const WIN_WORDS: [&str; 7] = ["wins", "won", "win", "勝", "胜", "獲勝", "获胜"];

fn folded_lower(w: &str) -> String {
    w.chars()
        .map(|c| fold_width(c).to_ascii_lowercase())
        .collect()
}

/// A seat letter in capitals (full-width too): the lower-case letters are words of the notation.
pub(super) fn seat_upper(w: &str) -> Option<usize> {
    match seat_of(w) {
        Some((s, false)) => Some(s),
        Some((_, true)) => None,
        // (`A方 12`, `弈者B 20`: the seat with its word)
        None => seat_joined(w),
    }
}

/// A final-score or winner line: one to three key words (`Final scores`, `最終分數`, `Winner`),
/// maybe a colon, then the seats with their scores (`A 12, B 30`, `A:12 B:30`, `A=57`) or the
/// winning seats (`C`, `C (Cy)`); or `C wins`. Every token must be read so, or the line is none.
#[inline]
fn closing(l: &Line) -> Option<Closing> {
    let n = l.toks.len();
    if l.kind(0) != Some(Tk::Word) {
        return None;
    }
    let first = folded_lower(l.s(0));
    // `C wins`, `C (Cy) wins.`, `C勝`
    if let Some(seat) = seat_upper(l.s(0)) {
        let mut k = 1;
        if l.kind(k) == Some(Tk::LParen) {
            k = l.close(k, n)? + 1;
        }
        let w = folded_lower(l.s(k));
        if l.kind(k) != Some(Tk::Word) || !WIN_WORDS.contains(&w.trim_end_matches('.')) {
            return None;
        }
        k += 1;
        while k < n && l.kind(k) == Some(Tk::Other) && matches!(l.s(k), "." | "!" | "！") {
            k += 1;
        }
        return (k == n).then(|| Closing::Winner(vec![seat]));
    }
    if let Some(rest) = first.strip_prefix(|c: char| "abcdef".contains(c))
        && WIN_WORDS.contains(&rest)
        && n == 1
    {
        let seat = seat_upper(l.s(0).chars().next()?.encode_utf8(&mut [0; 4]))?;
        return Some(Closing::Winner(vec![seat]));
    }
    let mut k = 0;
    let mut winner = false;
    while k < n.min(3) && l.kind(k) == Some(Tk::Word) {
        let w = folded_lower(l.s(k));
        if WINNER_WORDS.contains(&w.as_str()) {
            winner = true;
        } else if !FINAL_WORDS.contains(&w.as_str()) {
            break;
        }
        k += 1;
    }
    if k == 0 {
        return None;
    }
    if l.kind(k) == Some(Tk::Colon) {
        k += 1;
    }
    let sep = |k: usize| {
        matches!(l.kind(k), Some(Tk::Comma | Tk::Semi))
            || (l.kind(k) == Some(Tk::Other) && matches!(l.s(k), "&" | "/" | "|"))
            || (l.kind(k) == Some(Tk::Word) && l.s(k).eq_ignore_ascii_case("and"))
    };
    if winner {
        let mut seats = Vec::new();
        while k < n {
            if sep(k) {
                k += 1;
                continue;
            }
            seats.push(seat_upper(l.s(k)).filter(|_| l.kind(k) == Some(Tk::Word))?);
            k += 1;
            if l.kind(k) == Some(Tk::LParen) {
                k = l.close(k, n)? + 1;
            }
        }
        return (!seats.is_empty()).then_some(Closing::Winner(seats));
    }
    if k == n {
        // `Final scores:` alone: the scores on the lines under it
        return Some(Closing::Block);
    }
    score_items(l, k).map(Closing::Scores)
}

/// The seats and their scores from token `k` to the end of the line (`A 12, B 30`, `A:12`,
/// `A=57`), every token read so; `None` otherwise.
fn score_items(l: &Line, mut k: usize) -> Option<Vec<(usize, i64, usize)>> {
    let n = l.toks.len();
    let sep = |k: usize| {
        matches!(l.kind(k), Some(Tk::Comma | Tk::Semi))
            || (l.kind(k) == Some(Tk::Other) && matches!(l.s(k), "&" | "/" | "|"))
            || (l.kind(k) == Some(Tk::Word) && l.s(k).eq_ignore_ascii_case("and"))
    };
    let mut items = Vec::new();
    while k < n {
        if sep(k) {
            k += 1;
            continue;
        }
        if l.kind(k) != Some(Tk::Word) {
            return None;
        }
        let w = l.s(k);
        // `A=57` is one word (`=` is a word character)
        if let Some((a, v)) = w.split_once(['=', '＝'])
            && let Some(seat) = seat_upper(a)
        {
            items.push((seat, number(v)?, k));
            k += 1;
            continue;
        }
        let seat = seat_upper(w)?;
        let at = k;
        k += 1;
        if l.kind(k) == Some(Tk::LParen) {
            k = l.close(k, n)? + 1;
        }
        if l.kind(k) == Some(Tk::Colon) || (l.kind(k) == Some(Tk::Word) && l.s(k) == "=") {
            k += 1;
        }
        let v = match l.kind(k) {
            Some(Tk::Num) => number(l.s(k))?,
            Some(Tk::Word) => {
                let w = l.s(k);
                number(w.strip_prefix('=').unwrap_or(w))?
            }
            _ => return None,
        };
        k += 1;
        if l.kind(k) == Some(Tk::Word) && score_unit(l.s(k), false) {
            k += 1;
        }
        items.push((seat, v, at));
    }
    (!items.is_empty()).then_some(items)
}

impl State<'_> {
    /// A line after the first turn that gives the game's result: the final scores (`Final: A
    /// 12, B 30`; info `hotw.final-scores`) or the winner (`Winner: C`, `C wins`; info
    /// `hotw.result-line`). False, having changed nothing, for any other line.
    pub(super) fn closing_line(&mut self, l: &Line, t: &str) -> bool {
        // under `Final scores:`, lines of seats and scores (`A 12`, `B 30, C 25`)
        let block = if self.final_block {
            score_items(l, 0)
                .map(Closing::Scores)
                .or_else(|| self.table_row(l, t))
        } else {
            None
        };
        self.final_block = false;
        if !matches!(block, Some(Closing::Table(_))) {
            self.table_seats.clear();
        }
        // (a table's row of labels, `| Seat | Score |`, heads the scores' table itself)
        let labels = || {
            if t.starts_with(['|', '｜']) {
                let row = self.table_row(l, t);
                self.table_seats.clear();
                row.filter(|r| matches!(r, Closing::Table("the row of labels")))
            } else {
                None
            }
        };
        let Some(c) = block.or_else(|| closing(l)).or_else(labels) else {
            return false;
        };
        let no = l.no;
        match c {
            Closing::Block => {
                self.sink.info(
                    code::FINAL_SCORES,
                    no,
                    l.col(0),
                    format!("{t:?} read as the heading of the final scores on the lines under it"),
                );
                self.final_block = true;
            }
            Closing::Scores(items) => {
                let list: Vec<String> = items
                    .iter()
                    .map(|&(seat, v, _)| format!("{} {v}", SEATS.get(seat).copied().unwrap_or("?")))
                    .collect();
                self.sink.info(
                    code::FINAL_SCORES,
                    no,
                    l.col(0),
                    format!("{t:?} read as the final scores {}", list.join(", ")),
                );
                for (seat, v, k) in items {
                    self.finals.push((seat, v, no, l.col(k)));
                }
                // (more lines of scores may follow)
                self.final_block = true;
            }
            Closing::Table(what) => {
                self.sink.info(
                    code::SCORE_TABLE,
                    no,
                    l.col(0),
                    format!("{t:?} read as {what} of the final scores' table"),
                );
                self.final_block = true;
            }
            Closing::Winner(seats) => {
                let list: Vec<&str> = seats
                    .iter()
                    .map(|&s| SEATS.get(s).copied().unwrap_or("?"))
                    .collect();
                self.sink.info(
                    code::RESULT_LINE,
                    no,
                    l.col(0),
                    format!("{t:?} read as the winner {}", list.join("/")),
                );
                self.winner_line = Some((seats, no, l.col(0)));
            }
        }
        self.game.closing.push(t.to_string());
        true
    }

    /// A row of the final scores written as a table under their heading: a row of seats (`A  B
    /// C`, `| A | B | C |`; kept for the row of numbers under it), a rule (`|---|---|`) or a row
    /// of labels (`| Seat | Score |`), a row of numbers as many as the seats above it (`12  7
    /// 9`), or a seat and its score between bars (`| A | 12 |`). None for any other line.
    fn table_row(&mut self, l: &Line, t: &str) -> Option<Closing> {
        if t.contains(['-', '=', '─'])
            && t.chars()
                .all(|c| matches!(c, '|' | '｜' | '-' | '─' | '+' | ':' | '=' | ' ' | '\t'))
        {
            return Some(Closing::Table("a rule"));
        }
        let items: Vec<usize> = (0..l.toks.len())
            .filter(|&k| {
                !(l.kind(k) == Some(Tk::Comma)
                    || (l.kind(k) == Some(Tk::Other) && matches!(l.s(k), "|" | "｜")))
            })
            .collect();
        let seat = |k: usize| seat_upper(l.s(k)).filter(|_| l.kind(k) == Some(Tk::Word));
        let num =
            |k: usize| number(l.s(k)).filter(|_| matches!(l.kind(k), Some(Tk::Num | Tk::Word)));
        if items.len() >= 2 && items.iter().all(|&k| seat(k).is_some()) {
            let seats: Vec<usize> = items.iter().filter_map(|&k| seat(k)).collect();
            if (1..seats.len()).any(|i| seats.get(..i).is_some_and(|p| p.contains(&seats[i]))) {
                return None;
            }
            self.table_seats = seats;
            return Some(Closing::Table("the row of seats"));
        }
        if !items.is_empty()
            && items.iter().all(|&k| {
                l.kind(k) == Some(Tk::Word) && TABLE_LABELS.contains(&folded_lower(l.s(k)).as_str())
            })
        {
            return Some(Closing::Table("the row of labels"));
        }
        if !self.table_seats.is_empty()
            && items.len() == self.table_seats.len()
            && items.iter().all(|&k| num(k).is_some())
        {
            let scores = items
                .iter()
                .zip(std::mem::take(&mut self.table_seats))
                .filter_map(|(&k, seat)| Some((seat, num(k)?, k)))
                .collect();
            return Some(Closing::Scores(scores));
        }
        // `| A | 12 |`
        if items.len() == 2
            && let (Some(s), Some(v)) = (seat(items[0]), num(items[1]))
            && t.trim_start().starts_with(['|', '｜'])
        {
            return Some(Closing::Scores(vec![(s, v, items[0])]));
        }
        None
    }
}
