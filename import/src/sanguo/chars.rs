//! Character classes and small scans shared by the line, round and entry readers.

pub(super) fn is_space(c: char) -> bool {
    // `char::is_whitespace`, with the ideographs (above U+3000, the last white space character)
    // answered without its table
    c <= '\u{3000}' && c.is_whitespace()
}

/// What a side's label may be followed by that is no player's name: a 轮空 in any form
/// (`（轮空）`, `轮空`, `跳过`) or a placeholder (`……`, `...`, `——`).
pub(super) fn names_no_player(name: &str) -> bool {
    let chars: Vec<char> = name.chars().map(crate::text::fold_char).collect();
    name.contains("轮空")
        || name.contains("輪空")
        || skip_word(&chars)
        || chars
            .iter()
            .all(|c| matches!(c, '…' | '.' | '。' | '-' | '—' | '×' | 'x' | '─'))
}

/// An entry without 进/退/平 that stands for a 轮空 without writing it (the notation: "需要用“（轮空）”
/// 或其他符号代替"): a bracketed word (`（跳过）`, `【空】`, `(被将)`), or a bare `空`, `空着`,
/// `跳过`, `跳`, `过`, `停`, `停着`, `轮休`. A bracket holding a status word (`[认负]`) or anything
/// but ideographs is not one.
pub(super) fn skip_word(chars: &[char]) -> bool {
    const WORDS: [&[char]; 8] = [
        &['空'],
        &['空', '着'],
        &['跳', '过'],
        &['跳'],
        &['过'],
        &['停'],
        &['停', '着'],
        &['轮', '休'],
    ];
    let bracketed = matches!(
        (chars.first(), chars.last()),
        (Some('('), Some(')'))
            | (Some('['), Some(']'))
            | (Some('〔'), Some('〕'))
            | (Some('「'), Some('」'))
            | (Some('《'), Some('》'))
    );
    if !bracketed {
        return WORDS.contains(&chars);
    }
    let inner = chars.get(1..chars.len().saturating_sub(1)).unwrap_or(&[]);
    inner.iter().any(|&c| !is_space(c))
        && inner.iter().all(|&c| {
            is_space(c)
                || (('\u{4e00}'..='\u{9fff}').contains(&c)
                    && !matches!(c, '胜' | '灭' | '负' | '和' | '认' | '困'))
        })
}

/// The closing bracket of a bracket a note after a move opens with: `(` and `[` (also the
/// folded `（` and `【`), and the other brackets transcribers put notes in: `〔〕`, `〖〗`, `『』`,
/// `「」`, `《》`, `〈〉`, `<>` (and `＜＞`), `“”`.
#[inline]
pub(super) fn note_close(c: char) -> Option<char> {
    match c {
        '(' => Some(')'),
        '[' => Some(']'),
        '〔' => Some('〕'),
        '〖' => Some('〗'),
        '『' => Some('』'),
        '「' => Some('」'),
        '《' => Some('》'),
        '〈' => Some('〉'),
        '<' => Some('>'),
        '“' => Some('”'),
        _ => None,
    }
}

/// A closing bracket of [`note_close`].
#[inline]
pub(super) fn is_note_close(c: char) -> bool {
    matches!(
        c,
        ')' | ']' | '〕' | '〗' | '』' | '」' | '》' | '〉' | '>' | '”'
    )
}

/// Is the bracket open before `i` closed before `end`, with no bracket opened between? Then a
/// separator at `i` is inside a note: `马5进6（好棋，跳马），…`. `next` keeps the first bracket
/// found after an earlier `i` of the same line and `end` (`Some(None)`: none before `end`), so
/// that the separators of a long note find its end once, not each.
#[cold]
#[inline(never)]
pub(super) fn closed_later(
    chars: &[char],
    i: usize,
    end: usize,
    next: &mut Option<Option<usize>>,
) -> bool {
    let at = match *next {
        Some(Some(p)) if p > i => Some(p),
        Some(None) => None,
        _ => {
            let from = i + 1;
            let at = chars
                .get(from..end)
                .unwrap_or(&[])
                .iter()
                .position(|&c| note_close(c).is_some() || is_note_close(c))
                .map(|p| from + p);
            crate::work::examined(at.map_or(end.saturating_sub(from), |p| p + 1 - from));
            *next = Some(at);
            at
        }
    };
    at.and_then(|p| chars.get(p))
        .is_some_and(|&c| is_note_close(c))
}

pub(super) fn contains(chars: &[char], pat: &[char]) -> bool {
    chars.windows(pat.len().max(1)).any(|w| w == pat)
}

pub(super) fn has_action(chars: &[char]) -> bool {
    chars.iter().any(|c| matches!(c, '进' | '退' | '平'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_space_is_char_is_whitespace() {
        for c in (0..=0x10ffffu32).filter_map(char::from_u32) {
            assert_eq!(is_space(c), c.is_whitespace(), "{c:?}");
        }
    }
}
