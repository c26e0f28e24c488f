//! Text helpers shared by the parsers and by the search index: width folding, simplified/traditional
//! folding, and `{comment}` extraction that keeps every other character at its line and column.

/// Folds full-width ASCII forms (`（`, `，`, `：`, `１`…) and the ideographic space to their
/// half-width equivalents. Other characters are returned unchanged, so a string keeps its length in
/// characters.
pub fn fold_width(c: char) -> char {
    match c {
        '\u{3000}' => ' ',
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '、' => ',',
        '。' => '.',
        '【' => '[',
        '】' => ']',
        '﹕' | '︰' => ':',
        '•' | '・' | '‧' | '∙' => '·',
        '×' => 'x',
        _ => c,
    }
}

/// Traditional → simplified, one character to one character (so positions are kept). Uses the
/// OpenCC-derived table of the `fast2s` crate for characters it maps one-to-one.
pub fn simplify_char(c: char) -> char {
    if c.is_ascii() {
        return c;
    }
    let Some(slot) = (c as usize)
        .checked_sub(SIMPLIFY_FIRST)
        .and_then(|i| SIMPLIFY.get(i))
    else {
        return c;
    };
    match *slot {
        0 => c,
        OUTSIDE => simplify_slow(c),
        to => char::from_u32(u32::from(to)).unwrap_or(c),
    }
}

/// The characters `fast2s` (0.3.1) converts all lie in the CJK Unified Ideographs block, which
/// [`SIMPLIFY`] covers (the test `the_simplify_table_is_fast2s_char_by_char` checks every other
/// character is left alone).
const SIMPLIFY_FIRST: usize = 0x4E00;
const SIMPLIFY_LAST: u32 = 0x9FFF;
/// In [`SIMPLIFY`]: the character's simplified form is outside the basic plane.
const OUTSIDE: u16 = 0xFFFF;

/// `fast2s`'s one-to-one conversions of U+4E00..=U+9FFF, made once (a few milliseconds): per
/// character its simplified form, 0 when that is itself (42 KB). A look-up here is an index
/// where `fast2s::convert` builds a `String` and hashes the character.
static SIMPLIFY: std::sync::LazyLock<Box<[u16]>> = std::sync::LazyLock::new(|| {
    (SIMPLIFY_FIRST as u32..=SIMPLIFY_LAST)
        .map(|u| {
            let Some(c) = char::from_u32(u) else {
                return 0;
            };
            let s = simplify_slow(c);
            if s == c {
                0
            } else {
                u16::try_from(u32::from(s))
                    .ok()
                    .filter(|&v| v != OUTSIDE)
                    .unwrap_or(OUTSIDE)
            }
        })
        .collect()
});

/// [`simplify_char`] by `fast2s` itself, one character alone.
fn simplify_slow(c: char) -> char {
    let mut buf = [0u8; 4];
    let s = fast2s::convert(c.encode_utf8(&mut buf));
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(one), None) => one,
        _ => c,
    }
}

/// Simplified form of a whole string, character by character (same length in characters).
pub fn simplify(s: &str) -> String {
    s.chars().map(simplify_char).collect()
}

/// The form used to compare and index Chinese text: width folded, simplified, lower-cased ASCII.
pub fn fold(s: &str) -> String {
    s.chars().map(fold_char).collect()
}

/// [`fold`] of one character.
#[inline]
pub fn fold_char(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    simplify_char(fold_width(c)).to_ascii_lowercase()
}

/// The lines of `s` as `s.split('\n')` gives them, found a word at a time ([`find_newline`]):
/// the lines of a record are short, and `memchr` pays a call and its set-up for each.
pub fn lines(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(s);
    std::iter::from_fn(move || {
        let r = rest?;
        match find_newline(r.as_bytes()) {
            Some(k) => {
                rest = r.get(k + 1..);
                r.get(..k)
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// `s.trim()`, answered without decoding characters when `s` starts and ends with an ASCII
/// character that is no white space (most lines of a record).
pub(crate) fn trim(s: &str) -> &str {
    match (s.as_bytes().first(), s.as_bytes().last()) {
        (Some(&f), Some(&l)) if f.is_ascii_graphic() && l.is_ascii_graphic() => s,
        _ => s.trim(),
    }
}

/// `s.trim().is_empty()`, answered at the first byte when it is ASCII and no white space.
pub(crate) fn is_blank(s: &str) -> bool {
    match s.as_bytes().first() {
        Some(f) if f.is_ascii_graphic() => false,
        _ => s.trim().is_empty(),
    }
}

/// A line of three or more of one dash, equals sign, asterisk, tilde or box-drawing line and
/// nothing else (white space around it allowed): a rule between two games, or inside one.
pub(crate) fn is_separator(line: &str) -> bool {
    let t = line.trim();
    let mut cs = t.chars();
    let Some(c) = cs.next() else {
        return false;
    };
    matches!(
        c,
        '-' | '=' | '*' | '~' | '_' | '─' | '━' | '═' | '—' | '－' | '＝'
    ) && t.chars().count() >= 3
        && cs.all(|x| x == c || x == ' ')
}

/// The digits (ASCII or full-width) opening `t`: their value (saturating) and the text after
/// them; None when there are none, or more than twelve bytes of them.
pub(crate) fn leading_number(t: &str) -> Option<(u32, &str)> {
    let mut n = 0u32;
    let mut len = 0usize;
    for c in t.chars() {
        let d = match fold_width(c) {
            d @ '0'..='9' => d as u32 - '0' as u32,
            _ => break,
        };
        n = n.saturating_mul(10).saturating_add(d);
        len += c.len_utf8();
        if len > 12 {
            return None;
        }
    }
    (len > 0).then(|| (n, t.get(len..).unwrap_or_default()))
}

/// The codes of what every notation's body shares: its comments, rule lines and wrapped lines.
pub mod code {
    /// warning: a `{` comment not closed on its line; it is read to the end of the line.
    pub const COMMENT_UNCLOSED: &str = "text.comment-unclosed";
    /// info: a rule line (`----`, `====`, `* * *`) inside a game, read as a separator and ignored.
    pub const RULE_LINE: &str = "text.rule-line";
    /// info: a line of moves wrapped onto the next line, read joined to it (what may end or begin
    /// a wrapped line is each notation's: an arrow or a comma in HotW, a part of a turn in WEC).
    pub const LINE_WRAPPED: &str = "text.line-wrapped";
}

/// The diagnostic of a `{` comment never closed (`first_line`: the body's first line in the file).
pub fn unclosed_comment(c: &Comment, first_line: u32) -> crate::diag::Diagnostic {
    crate::diag::Diagnostic::warning(
        code::COMMENT_UNCLOSED,
        first_line.saturating_add(c.line as u32),
        c.col as u32 + 1,
        "comment \"{\" not closed; it ends at the end of its line",
    )
}

/// The diagnostic of a rule line inside a game, at `line` and 1-based `col`.
pub fn rule_line(rule: &str, line: u32, col: u32) -> crate::diag::Diagnostic {
    crate::diag::Diagnostic::info(
        code::RULE_LINE,
        line,
        col,
        format!("rule line {rule:?} read as a separator inside the game; ignored"),
    )
}

/// A `{…}` comment found in a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// 0-based line within the body, and 0-based character column, of the opening `{`.
    pub line: usize,
    pub col: usize,
    /// Byte offset of the opening brace in the body.
    pub offset: usize,
    pub text: String,
    /// False when the comment ran to the end of its line without a closing `}`.
    pub closed: bool,
}

/// Replaces every `{…}` comment by spaces (newlines inside a comment are kept), so that parsers see
/// the notation with every other character at its original line and column. A comment may span
/// lines. An opening brace never closed ends at the end of its line (`closed == false`: the caller
/// reports it). A stray `}` is left in place for the notation parser to report.
pub fn strip_comments(body: &str) -> (String, Vec<Comment>) {
    if !body.contains('{') {
        return (body.to_string(), Vec::new());
    }
    let mut out = String::with_capacity(body.len());
    let mut comments = Vec::new();
    let (mut line, mut col) = (0usize, 0usize);
    // byte offset of the first character not yet copied
    let mut pos = 0usize;
    while let Some(off) = body
        .get(pos..)
        .and_then(|r| find_byte(b'{', r))
        .map(|r| pos + r)
    {
        // the text before the brace is copied as it is; only the position moves on
        let gap = body.get(pos..off).unwrap_or_default();
        out.push_str(gap);
        match gap.rfind('\n') {
            Some(nl) => {
                line += gap.bytes().filter(|&b| b == b'\n').count();
                col = gap.get(nl + 1..).unwrap_or_default().chars().count();
            }
            None => col += gap.chars().count(),
        }
        let rest = body.get(off + 1..).unwrap_or_default();
        let (text_end, closed) = comment_end(rest);
        let text = rest.get(..text_end).unwrap_or_default();
        comments.push(Comment {
            line,
            col,
            offset: off,
            text: text.trim().to_string(),
            closed,
        });
        out.push(' ');
        col += 1;
        for tc in text.chars() {
            if tc == '\n' {
                out.push('\n');
                line += 1;
                col = 0;
            } else {
                out.push(' ');
                col += 1;
            }
        }
        if closed {
            out.push(' ');
            col += 1;
        }
        pos = off + 1 + text_end + usize::from(closed);
    }
    out.push_str(body.get(pos..).unwrap_or_default());
    (out, comments)
}

/// Where the comment whose text starts `rest` (the text after its `{`) ends: at the first `}`
/// when no `{` comes before it (closed), else at the end of its line or the next `{`, whichever
/// comes first (unclosed). Each byte is looked at once: the scan stops at the first brace, and the
/// line end is looked for only before it (a `}` further on, after another `{`, is not this
/// comment's, and looking for it from every `{` made a line of many `{` quadratic).
fn comment_end(rest: &str) -> (usize, bool) {
    let b = rest.as_bytes();
    let brace = memchr::memchr2(b'{', b'}', b);
    steps::add(brace.map_or(b.len(), |k| k + 1));
    match brace {
        Some(k) if b.get(k) == Some(&b'}') => (k, true),
        _ => {
            let next_open = brace.unwrap_or(b.len());
            let head = b.get(..next_open).unwrap_or_default();
            let end_line = find_newline(head);
            steps::add(end_line.map_or(head.len(), |k| k + 1));
            (end_line.unwrap_or(next_open), false)
        }
    }
}

/// The index of the first `b` in `s` (a brace: ASCII, so the index is a character boundary).
#[inline]
fn find_byte(b: u8, s: &str) -> Option<usize> {
    let found = memchr::memchr(b, s.as_bytes());
    steps::add(found.map_or(s.len(), |k| k + 1));
    found
}

/// How many bytes [`strip_comments`]' scans looked at, counted in tests only (so that a test can
/// tell linear work from quadratic without a clock); nothing at all in other builds.
mod steps {
    #[cfg(test)]
    thread_local! {
        static STEPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    #[cfg(test)]
    pub(super) fn add(n: usize) {
        STEPS.with(|s| s.set(s.get() + n));
        // (and in the crate's count, which the tests of each notation read)
        crate::work::examined(n);
    }

    #[cfg(not(test))]
    #[inline(always)]
    pub(super) fn add(_: usize) {}

    /// The bytes counted since the last call, and the count started again.
    #[cfg(test)]
    pub(super) fn take() -> usize {
        STEPS.with(|s| s.replace(0))
    }
}

/// The index of the first `\n` in `b`, a word of eight bytes at a time: on lines of tens of bytes,
/// cheaper than `memchr`'s vector set-up on each call.
#[inline]
pub(crate) fn find_newline(b: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    const NL: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    let mut chunks = b.chunks_exact(8);
    let mut base = 0;
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().ok()?) ^ NL;
        // a high bit for each zero byte of `w` (a `\n` of the chunk); the lowest one is exact
        let z = w.wrapping_sub(LO) & !w & HI;
        if z != 0 {
            return Some(base + (z.trailing_zeros() / 8) as usize);
        }
        base += 8;
    }
    let tail = chunks.remainder();
    tail.iter().position(|&x| x == b'\n').map(|p| base + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_simplify_table_is_fast2s_char_by_char() {
        let mut differ = 0;
        for u in 0..=0x10FFFF {
            let Some(c) = char::from_u32(u) else { continue };
            let slow = if c.is_ascii() { c } else { simplify_slow(c) };
            assert_eq!(simplify_char(c), slow, "U+{u:04X}");
            differ += usize::from(slow != c);
        }
        // fast2s 0.3.1: the 2,734 lines of its t2s.txt, each one character to one.
        assert_eq!(differ, 2_734, "characters simplified");
        assert_eq!(simplify_char('漢'), '汉');
        assert_eq!(simplify_char('勝'), '胜');
        assert_eq!(simplify_char('魏'), '魏');
        assert_eq!(simplify("三國演弈棋"), "三国演弈棋");
    }

    #[test]
    fn lines_are_those_of_split() {
        for s in [
            "",
            "\n",
            "a",
            "a\n",
            "\na\n\nb",
            "魏\n\r\nx\n\n",
            "Cre-->Pin(X)-->SIber-->CMas\n\nCre(+m) 11\r\nB(Mino): Eng",
        ] {
            assert_eq!(
                lines(s).collect::<Vec<_>>(),
                s.split('\n').collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn trims_as_str_trim() {
        for s in [
            "",
            " ",
            "a",
            " a ",
            "a\t",
            "\u{85}a",
            "a\u{3000}",
            "魏",
            " 魏 ",
            "\x7f",
            "x\x7f",
            "\r",
        ] {
            assert_eq!(trim(s), s.trim(), "{s:?}");
            assert_eq!(is_blank(s), s.trim().is_empty(), "{s:?}");
        }
    }

    #[test]
    fn width_folding_keeps_length() {
        let s = "1.马6进5，炮12平10（轮空）";
        let f: String = s.chars().map(fold_width).collect();
        assert_eq!(f, "1.马6进5,炮12平10(轮空)");
        assert_eq!(s.chars().count(), f.chars().count());
    }

    #[test]
    fn traditional_folds_to_simplified() {
        assert_eq!(simplify("車馬砲進吳勝殺漢滅"), "车马炮进吴胜杀汉灭");
        assert_eq!(fold("魏殺漢•魏勝"), "魏杀汉·魏胜");
    }

    #[test]
    fn comments_become_spaces_and_keep_positions() {
        let (s, c) = strip_comments("a{x\ny}b\nc{open");
        assert_eq!(s, "a  \n  b\nc     ");
        assert_eq!(c.len(), 2);
        assert_eq!(
            (c[0].line, c[0].col, c[0].text.as_str(), c[0].closed),
            (0, 1, "x\ny", true)
        );
        assert_eq!(
            (c[1].line, c[1].col, c[1].text.as_str(), c[1].closed),
            (2, 1, "open", false)
        );
        let (s, c) = strip_comments("x{a\ny{b}");
        assert_eq!(s, "x  \ny   ");
        assert_eq!(
            (c[0].closed, c[1].closed, c[1].text.as_str()),
            (false, true, "b")
        );
    }

    /// The character-by-character form `strip_comments` had before it copied whole runs.
    fn strip_comments_by_char(body: &str) -> (String, Vec<Comment>) {
        if !body.contains('{') {
            return (body.to_string(), Vec::new());
        }
        let mut out = String::with_capacity(body.len());
        let mut comments = Vec::new();
        let mut chars = body.char_indices().peekable();
        let (mut line, mut col) = (0usize, 0usize);
        while let Some((off, c)) = chars.next() {
            if c != '{' {
                out.push(c);
                if c == '\n' {
                    line += 1;
                    col = 0;
                } else {
                    col += 1;
                }
                continue;
            }
            // Does a closing brace come before the end of the body?
            let rest = &body[off + 1..];
            let close = rest.find('}');
            let next_open = rest.find('{').unwrap_or(rest.len());
            let end_line = rest.find('\n').unwrap_or(rest.len());
            let (text_end, closed) = match close {
                Some(cl) if cl < next_open => (cl, true),
                _ => (end_line.min(next_open), false),
            };
            let text = &rest[..text_end];
            comments.push(Comment {
                line,
                col,
                offset: off,
                text: text.trim().to_string(),
                closed,
            });
            out.push(' ');
            col += 1;
            for tc in text.chars() {
                if tc == '\n' {
                    out.push('\n');
                    line += 1;
                    col = 0;
                } else {
                    out.push(' ');
                    col += 1;
                }
            }
            // skip the consumed characters
            let consumed = text_end + usize::from(closed);
            let stop = off + 1 + consumed;
            while let Some(&(o, _)) = chars.peek() {
                if o >= stop {
                    break;
                }
                chars.next();
            }
            if closed {
                out.push(' ');
                col += 1;
            }
        }
        (out, comments)
    }

    #[test]
    fn comment_stripping_matches_the_character_by_character_form() {
        let alphabet = ["a", "魏", "{", "}", "\n", " ", "x{", "}\n", "{{", "é"];
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..20_000 {
            let mut s = String::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            for _ in 0..(seed % 14) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                s.push_str(alphabet[(seed % alphabet.len() as u64) as usize]);
            }
            assert_eq!(strip_comments(&s), strip_comments_by_char(&s), "{s:?}");
        }
    }
    #[test]
    fn comment_stripping_looks_at_each_byte_a_bounded_number_of_times() {
        // (bodies of n `{` and of runs never closed, the quadratic cases of a scan for `}` from
        // every `{`; the steps are the bytes the scans look at, counted, not timed)
        let shapes: [(&str, &str); 5] = [
            ("{", ""),
            ("{a", ""),
            ("{ab ", "}"),
            ("{x}", ""),
            ("{", "\n"),
        ];
        for (unit, tail) in shapes {
            let mut per_byte = Vec::new();
            for n in [10_000usize, 100_000, 1_000_000] {
                let body = format!("{}{tail}", unit.repeat(n));
                steps::take();
                let (out, comments) = strip_comments(&body);
                let steps = steps::take();
                assert_eq!(out.len(), body.len(), "{unit:?} × {n}");
                assert!(comments.len() >= n, "{unit:?} × {n}");
                // at most a few looks at each byte, whatever the size
                assert!(
                    steps <= 3 * body.len() + 3 * n,
                    "{unit:?} × {n}: {steps} steps"
                );
                per_byte.push(steps as f64 / body.len() as f64);
            }
            // linear: the steps per byte do not grow with the size
            let (first, last) = (per_byte[0], per_byte[2]);
            assert!(
                last <= first * 1.05 + 0.01,
                "{unit:?}: {per_byte:?} steps per byte"
            );
        }
    }
}
