//! Lines that are no turn string: prose, scores, rules, and the result of the game in the forms
//! transcribers write it (`Black wins`, `흑 승`, `B+R`, `½-½`, `Result: White wins`), and the
//! `Result` tag's value.

use super::notes::looks_like_notation;
use super::numbers::COLOUR_WORDS;
use crate::text::fold_width;

/// Is the line's text (trimmed) no turn string? A turn string with a typo, or a piece of one,
/// stays a turn: a line without `MV` and without what only the notation writes is taken for prose
/// when it holds a word in lower case or Hangul or Chinese (`White resigns`, `흑 승`,
/// `Date: 2026.11.20`), or is a score (`1-0`: then `Some(true)`) or a rule (`----`).
pub(super) fn prose_line(text: &str) -> Option<bool> {
    let upper: String = text
        .chars()
        .map(fold_width)
        .collect::<String>()
        .to_uppercase();
    if upper.contains("MV") || looks_like_notation(text) {
        return None;
    }
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let score = matches!(
        compact.as_str(),
        "1-0"
            | "0-1"
            | "1:0"
            | "0:1"
            | "½-½"
            | "1/2-1/2"
            | "½:½"
            | "1/2:1/2"
            | "0.5-0.5"
            | "0,5-0,5"
            | "0.5:0.5"
    );
    let rule = compact.chars().count() >= 3
        && compact
            .chars()
            .all(|c| matches!(c, '-' | '=' | '_' | '*' | '~' | '—'));
    let prose = text
        .split(|c: char| !c.is_alphabetic())
        .any(|w| !w.is_ascii() || (w.len() >= 3 && w.chars().any(|c| c.is_ascii_lowercase())));
    // `B+R`, `W+`: a result as go records write it (capitals only, no word in lower case)
    let go = !prose && text.contains('+') && result_words(text).is_some();
    (score || rule || prose || go).then_some(score)
}

/// A `Result` tag's value: a colour alone (`B`, `White`, `흑`, `白`), a result line's words
/// (`Black wins`, `백 기권`), or a draw (`Draw`, `½-½`, `무승부`, `和棋`). `Some(Some(white))` for
/// a win, `Some(None)` for a draw; a score (`1-0`) says no side, and is None.
pub(super) fn result_tag(r: &str) -> Option<Option<bool>> {
    let t: String = r.chars().map(fold_width).collect::<String>().to_lowercase();
    let t = t.trim().trim_end_matches(['.', '!']).trim();
    match t {
        "b" | "black" | "흑" | "黑" | "黒" | "흑승" | "黑胜" | "黑勝" => {
            return Some(Some(false));
        }
        "w" | "white" | "백" | "白" | "백승" | "白胜" | "白勝" => return Some(Some(true)),
        "draw" | "drawn" | "½-½" | "1/2-1/2" | "0.5-0.5" | "=" | "무승부" | "和棋" | "和局"
        | "平局" => return Some(None),
        _ => {}
    }
    result_line(r).map(Some)
}

/// A result line: `Black wins`, `White won`, `B wins`, `Black resigns`, `흑 승`, `흑승`, `백 기권`,
/// `黑胜`, `白认输` (any case, spaces, a final `.` or `!`). White wins: true. Also after a key
/// (`Result: Black wins`, `결과: 흑 승`, `Winner: White`, `승자: 흑`), with the reason after it
/// (`Black wins by killing the king`, `White wins (king converted)`, `Black wins, on time`), or
/// after a score that the words then explain (`1-0 Black wins`, `0-1 (White wins)`).
pub(super) fn result_line(text: &str) -> Option<bool> {
    if let Some(w) = result_words(text) {
        return Some(w);
    }
    let folded: String = text
        .chars()
        .map(fold_width)
        .collect::<String>()
        .to_lowercase();
    let mut t = folded.trim();
    // a key before the result
    for key in [
        "result", "결과", "结果", "結果", "winner", "승자", "胜者", "勝者", "승리",
    ] {
        if let Some(rest) = t.strip_prefix(key) {
            let rest = rest.trim_start();
            if let Some(r) = rest.strip_prefix([':', '-', '=']) {
                t = r.trim_start();
                // `Winner: Black`: the colour alone
                if key != "result"
                    && key != "결과"
                    && !key.starts_with('结')
                    && !key.starts_with('結')
                {
                    let c = t.trim_end_matches(['.', '!']).trim();
                    match c {
                        "black" | "b" | "흑" | "黑" | "흑방" | "黑方" | "黒" | "先手" => {
                            return Some(false);
                        }
                        "white" | "w" | "백" | "白" | "백방" | "白方" | "後手" => {
                            return Some(true);
                        }
                        _ => {}
                    }
                }
                break;
            }
        }
    }
    // a score the words explain: `1-0 Black wins`, `0-1 (White wins)`
    for score in ["1-0", "0-1", "1:0", "0:1"] {
        if let Some(r) = t.strip_prefix(score) {
            t = r
                .trim_start()
                .trim_start_matches(['(', ',', '-'])
                .trim_start();
            t = t.strip_suffix(')').unwrap_or(t);
            break;
        }
    }
    if let Some(w) = result_words(t) {
        return Some(w);
    }
    // the reason after the result
    let cut = [
        " by ", " on ", " after ", "(", ",", " - ", "—", ";", " 으로", " (", "（",
    ]
    .iter()
    .filter_map(|c| t.find(c))
    .min()?;
    result_words(t.get(..cut)?)
}

/// A line that says the game was drawn: a drawn score (`½-½`, `1/2-1/2`, `½:½`, `0.5-0.5`,
/// `0,5-0,5`: which side is
/// first does not matter) or the word (`Draw`, `Drawn`, `Draw agreed`, `무승부`, `비김`,
/// `和棋`, `和局`), maybe after a key (`Result: draw`, `결과: 무승부`) or with the score before
/// the word (`½-½ (draw)`).
pub(super) fn draw_line(text: &str) -> bool {
    // `0.5-0.5`, `0,5-0,5`: the half in decimals (before the dots are dropped)
    let t: String = text
        .chars()
        .map(fold_width)
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .replace("0.5", "½")
        .replace("0,5", "½")
        .chars()
        .filter(|c| !matches!(c, '.' | '!' | '(' | ')'))
        .collect::<String>()
        .to_lowercase()
        .replace("1/2", "½");
    let t = ["result:", "결과:", "结果:", "結果:", "result-", "결과-"]
        .iter()
        .find_map(|k| t.strip_prefix(k))
        .unwrap_or(&t);
    let (score, t) = match t.strip_prefix("½-½").or_else(|| t.strip_prefix("½:½")) {
        Some(r) => (true, r.trim_start_matches([',', '-'])),
        None => (false, t),
    };
    (score && t.is_empty())
        || matches!(
            t,
            "draw"
                | "drawn"
                | "drawagreed"
                | "agreeddraw"
                | "drawbyagreement"
                | "gamedrawn"
                | "무승부"
                | "무승부합의"
                | "합의무승부"
                | "비김"
                | "和棋"
                | "和局"
                | "和"
                | "平局"
        )
}

/// [`result_line`] for the result alone.
fn result_words(text: &str) -> Option<bool> {
    let t: String = text
        .chars()
        .map(fold_width)
        .filter(|c| !c.is_whitespace() && !matches!(c, '.' | '!'))
        .collect::<String>()
        .to_lowercase();
    // `まで45手で先手の勝ち` ("in 45 moves, Black's win"): the shogi record's closing line
    let t = match t.strip_prefix("まで").and_then(|r| r.split_once("手で")) {
        Some((n, r)) if n.chars().all(|c| c.is_ascii_digit()) => r,
        _ => t.as_str(),
    };
    let (white, rest) = COLOUR_WORDS
        .iter()
        .find_map(|&(w, white)| t.strip_prefix(w).map(|r| (white, r)))?;
    // (`흑의 승리`: the colour with the possessive 의, "Black's win"; `白の勝ち` with the
    // Japanese の; `黒番` the side's turn)
    let rest = rest.trim_start_matches(['방', '方', '番']);
    let rest = rest
        .strip_prefix('의')
        .or_else(|| rest.strip_prefix('の'))
        .unwrap_or(rest);
    match rest {
        "wins" | "win" | "won" | "winsbyresignation" | "승" | "승리" | "시간승" | "기권승"
        | "胜" | "胜利" | "勝" | "勝ち" | "勝利" | "時間勝ち" => Some(white),
        // Japanese: 投了 (resigns), 負け (loses)
        "投了" | "負け" | "時間切れ負け" => Some(!white),
        "resigns" | "resigned" | "resign" | "surrenders" | "concedes" | "기권" | "기권패"
        | "패" | "패배" | "시간패" | "항복" | "认输" | "認輸" | "负" => Some(!white),
        // as go and baduk records write a result: `B+R`, `W+T`, `W+`, `흑 불계승` (a win by
        // resignation), `黑中盘胜`
        "+" | "+r" | "+resign" | "+resignation" | "+t" | "+time" | "+f" | "+forfeit" | "불계승"
        | "中盘胜" | "中盤勝" | "中押し勝ち" | "中押勝" => Some(white),
        "불계패" => Some(!white),
        _ => None,
    }
}
