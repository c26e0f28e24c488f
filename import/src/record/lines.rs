//! What a line of a body is to the splitter, told by the line alone: a heading naming a game
//! (`Game 2`), a rule or heading that may end a game, a line after a blank line that may start
//! one, remarks between tag lines.

use crate::text::is_separator;

/// A heading line naming a game by its number, as a file of several games without tags heads
/// each (`Game 2`, `Game #2: Lee v Kim`, `## Partie 3`, `第2局`, `第二盘：`, `제3국`): a word for
/// a game, a number, then nothing or a punctuation mark and what it introduces.
pub(super) fn is_heading(line: &str) -> bool {
    let t = line
        .trim()
        .trim_matches(|c: char| matches!(c, '#' | '=' | '*') || c.is_whitespace());
    let after = |rest: &str| {
        let r = rest.trim_start();
        r.is_empty() || r.starts_with([':', '：', '-', '–', '—', '(', '（', '.', ',', '，', '、'])
    };
    let digits = |r: &str| -> Option<usize> {
        let n = r.bytes().take_while(u8::is_ascii_digit).count();
        (1..=4).contains(&n).then_some(n)
    };
    // `Game 2`, `Game #2`, `Game No. 2`, `Partie 2`
    const WORDS: [&str; 7] = [
        "game", "partie", "spiel", "partita", "partida", "juego", "match",
    ];
    if let Some(w) = WORDS
        .iter()
        .find(|w| t.get(..w.len()).is_some_and(|h| h.eq_ignore_ascii_case(w)))
    {
        let r = t.get(w.len()..).unwrap_or_default();
        if !r.starts_with([' ', '#']) {
            return false;
        }
        let r = r.trim_start();
        let r = r
            .strip_prefix('#')
            .or_else(|| r.strip_prefix("No."))
            .or_else(|| r.strip_prefix("no."))
            .or_else(|| r.strip_prefix("Nr."))
            .unwrap_or(r)
            .trim_start();
        return digits(r).is_some_and(|n| after(r.get(n..).unwrap_or_default()));
    }
    // `第2局`, `第二盘`, `第十場`
    if let Some(r) = t.strip_prefix('第') {
        let n = r
            .char_indices()
            .take_while(|(_, c)| c.is_ascii_digit() || "一二三四五六七八九十百零".contains(*c))
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
        let r = r.get(n..).unwrap_or_default();
        return n > 0
            && ['局', '盘', '盤', '场', '場']
                .iter()
                .any(|&u| r.strip_prefix(u).is_some_and(after));
    }
    // `제3국`, `3국`, `제2경기`
    let r = t.strip_prefix('제').unwrap_or(t);
    digits(r).is_some_and(|n| {
        let r = r.get(n..).unwrap_or_default();
        ["국", "경기", "게임", "판"]
            .iter()
            .any(|u| r.strip_prefix(u).is_some_and(after))
    })
}

/// A line that may end a game of a file with no tags between its games: a rule line or a
/// heading ([`split_separated`]).
pub(super) fn is_cut_line(line: &str) -> bool {
    is_separator(line) || is_heading(line)
}

/// Whether a blank line in `body` comes before a line that may start a game in some notation
/// (`1.`, `第1回合`, `EI`, a season of 1900 or 1901; not a HotW turn header, which a blank line
/// comes before in many games, and would have every such game read twice): a cheap look before
/// [`split_separated`] reads the notation's marks.
pub(super) fn restart_after_blank(body: &str) -> bool {
    let mut blank = false;
    for line in body.split('\n') {
        let t = line.trim();
        if t.is_empty() {
            blank = true;
            continue;
        }
        if std::mem::take(&mut blank) && starts_or_heads(t) {
            return true;
        }
    }
    false
}

/// A body line after a blank line that may start a game or head one ([`maybe_start`],
/// [`is_heading`]), told cheaply first: HotW bodies have a blank line before most turn headers.
pub(super) fn starts_or_heads(t: &str) -> bool {
    let b = t.as_bytes();
    // (a HotW turn header, `A(Sumer): …`: neither)
    if matches!(b.first(), Some(b'A'..=b'F')) && b.get(1) == Some(&b'(') {
        return false;
    }
    maybe_start(t)
        || (matches!(
            b.first(),
            Some(
                b'G' | b'g'
                    | b'P'
                    | b'p'
                    | b'S'
                    | b's'
                    | b'M'
                    | b'm'
                    | b'J'
                    | b'j'
                    | b'#'
                    | b'='
                    | b'*'
            ) | Some(0x80..)
        ) && is_heading(t))
}

/// A line that may start a game in some notation ([`restart_after_blank`]): each notation's
/// cheap look at it ([`crate::notations::opens_game`]).
pub(super) fn maybe_start(t: &str) -> bool {
    crate::notations::opens_game(t)
}

/// Whether every line of `gap` (the lines between two tag lines) is blank or a remark: a line
/// opening with `#`, `//`, `%` or `;`, or a line of two words or more holding letters and prose
/// marks only (no digit, bracket or mark of a notation: `copied from the club book`).
#[cold]
pub(super) fn remarks_between_tags(gap: &str) -> bool {
    gap.lines().all(|l| {
        let t = l.trim();
        t.is_empty()
            || t.starts_with(['#', '＃', '%', ';'])
            || t.starts_with("//")
            || (t.contains(char::is_whitespace)
                && t.chars().all(|c| {
                    c.is_alphabetic() || c.is_whitespace() || ",.'!?’、。，！？".contains(c)
                }))
    })
}
