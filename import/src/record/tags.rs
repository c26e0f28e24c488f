//! Tag lines (`[Name "Value"]`): the strict form, the lenient reader of other transcribers' habits
//! (other brackets and quotes, no quotes, several tags on a line), and tag names in other
//! languages and forms.

use std::borrow::Cow;

#[derive(Debug, PartialEq)]
pub(super) enum TagLine {
    /// The tag pairs of the line (usually one; `[Date "…"] [Round "…"]` gives two), each with
    /// whether it was read leniently.
    Tags(Vec<(String, String, bool)>),
    NotTag,
}

/// Tag names a value without quotes (`[Event Winter cup]`) is accepted for: the record format's common
/// tags, the HotW and WEC seats, and the powers of Deluge. Other names (三国's seats among them)
/// need a quoted value, so that a bracketed body line (`[胜利]`, `[蜀困魏·困毙灭国]`, even
/// `[吴 胜利]`) is never taken for a tag.
pub(super) const KNOWN_TAGS: [&str; 30] = [
    "Game",
    "Event",
    "Site",
    "Date",
    "Round",
    "Title",
    "Result",
    "Source",
    "Transcriber",
    "Edition",
    "Annotator",
    "Variant",
    "A",
    "B",
    "C",
    "D",
    "E",
    "F",
    "Black",
    "White",
    "England",
    "France",
    "Germany",
    "Italy",
    "Austria",
    "Russia",
    "Turkey",
    "Player",
    "Players",
    "Time",
];

/// Opening quotes read as `"` (leniently, except `"` itself), with the quote that closes each.
pub(super) const QUOTES: [(char, char); 12] = [
    ('"', '"'),
    ('“', '”'),
    ('＂', '＂'),
    ('「', '」'),
    ('『', '』'),
    ('‘', '’'),
    ('\'', '\''),
    // German and Polish low-high quotes (closed by “ or ”), guillemets either way round (French,
    // Danish), Chinese title marks
    ('„', '“'),
    ('«', '»'),
    ('»', '«'),
    ('‹', '›'),
    ('《', '》'),
];

/// Reads one line as tag pairs. Strict form `[Name "Value"]`; lenient forms are accepted and
/// flagged: curly, full-width, corner, single, low-high („…“) or angle («…», 《…》) quotes,
/// full-width brackets, a missing closing quote or bracket, `[Name: "Value"]`, an unquoted value
/// for a known tag name, several tags on one line.
/// A line like `[胜利]` (三国's closing status) is not a tag: a tag needs a name, white space and a
/// value.
pub(super) fn tag_line(line: &str) -> TagLine {
    // most lines are no tag: an empty one, or one that starts with an ASCII character other than
    // white space and `[`, is told at its first byte
    match line.as_bytes().first() {
        None => return TagLine::NotTag,
        Some(&b) if b.is_ascii() && b != b'[' && !ascii_space(b) => return TagLine::NotTag,
        _ => {}
    }
    if let Some(tag) = strict_tag(line) {
        return TagLine::Tags(vec![tag]);
    }
    lenient_tag_line(line)
}

/// [`tag_line`] without its shortcuts: every form it accepts.
pub(super) fn lenient_tag_line(line: &str) -> TagLine {
    // a byte-order mark left inside the text by concatenated files
    let t = line.trim().trim_start_matches('\u{feff}').trim_start();
    let mut tags = Vec::new();
    let mut rest = t;
    while let Some((name, value, lenient, after)) = one_tag(rest) {
        tags.push((name, value, lenient));
        match after {
            Some(a) => rest = a,
            None => break,
        }
    }
    if tags.is_empty() {
        TagLine::NotTag
    } else {
        TagLine::Tags(tags)
    }
}

/// The strict form alone, `[Name "Value"]` with an ASCII name, white space after it, no `"` in the
/// value and nothing but white space after the `]`: most tag lines, read in one pass over their
/// bytes instead of the lenient reader's searches. None sends the line to the lenient reader,
/// which reads this form the same way.
pub(super) fn strict_tag(line: &str) -> Option<(String, String, bool)> {
    let b = line.as_bytes();
    let inner = b.strip_prefix(b"[")?;
    let name_len = inner
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_' || c == b'-'))?;
    if name_len == 0 || name_len > 32 || !inner.first()?.is_ascii_alphabetic() {
        return None;
    }
    let after_name = inner.get(name_len..)?;
    let gap = after_name
        .iter()
        .position(|&c| c != b' ' && c != b'\t')
        .filter(|&g| g > 0)?;
    let value_and_end = after_name.get(gap..)?.strip_prefix(b"\"")?;
    let close = memchr::memchr(b'"', value_and_end)?;
    let end = value_and_end.get(close + 1..)?.strip_prefix(b"]")?;
    if !end.iter().all(|&c| ascii_space(c)) {
        return None;
    }
    // The name is ASCII and the value is cut at ASCII bytes, so both are whole characters.
    let name = line.get(1..1 + name_len)?;
    let start = 1 + name_len + gap + 1;
    let value = line.get(start..start + close)?;
    Some((name.to_string(), value.to_string(), false))
}

/// One tag at the start of `t`: (name, value, read leniently, the text of a further tag on the line).
pub(super) fn one_tag(t: &str) -> Option<(String, String, bool, Option<&str>)> {
    let (name, mut lenient, rest) = tag_name(t)?;
    // strict: `"Value"]`, with a further tag after it only when one follows
    if let Some(after_quote) = rest.strip_prefix('"') {
        let mut search = 0usize;
        while let Some(k) = after_quote
            .get(search..)
            .and_then(|r| r.find('"'))
            .map(|k| k + search)
        {
            crate::work::examined(k + 1 - search);
            let tail = after_quote.get(k + 1..).unwrap_or_default().trim_start();
            if let Some(after) = tail.strip_prefix(']').or_else(|| tail.strip_prefix('］')) {
                let after = after.trim();
                let value = after_quote.get(..k).unwrap_or_default();
                if after.is_empty() {
                    // the line's last tag: read as the whole-line form (an escaped `\"` kept)
                    return one_tag_whole(t).map(|(n, v, l, _)| (n, v, l || lenient, None));
                }
                if (after.starts_with('[') || after.starts_with('［')) && tag_name(after).is_some()
                {
                    lenient |= tail.starts_with('］');
                    return Some((name, value.replace("\\\"", "\""), lenient, Some(after)));
                }
                // a comment after the tag (`[Site "Leeds"] ; where we play`, `{…}`, `% …`): the
                // tag is what is before it (the raw text keeps the comment)
                if after.starts_with([';', '{', '%', '#', '（', '(']) || after.starts_with("//") {
                    return Some((name, value.replace("\\\"", "\""), true, None));
                }
            }
            search = k + 1;
        }
        return one_tag_whole(t).map(|(n, v, l, _)| (n, v, l, None));
    }
    one_tag_whole(t).map(|(n, v, l, _)| (n, v, l || lenient, None))
}

/// The name of a tag at the start of `t` (after its `[`), whether it was written leniently
/// (`［`, `Name:`), and the text after the name and the white space after it.
pub(super) fn tag_name(t: &str) -> Option<(String, bool, &str)> {
    let (inner, full_width) = match t.strip_prefix('[') {
        Some(i) => (i, false),
        None => (t.strip_prefix('［')?, true),
    };
    // `[ Event "x" ]`: white space inside the brackets (read leniently)
    let spaced_in = inner.trim_start();
    let full_width = full_width || spaced_in.len() != inner.len();
    let inner = spaced_in;
    let name_end = inner
        .find(|c: char| {
            c.is_whitespace()
                || c == ':'
                || c == '：'
                || c == '='
                || QUOTES.iter().any(|&(o, _)| o == c)
        })
        .unwrap_or(inner.len());
    let first = inner.get(..name_end)?;
    if first.is_empty()
        || first.chars().count() > 32
        || !first
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        || !first.chars().next().is_some_and(|c| c.is_alphabetic())
    {
        return None;
    }
    let mut name = Cow::Borrowed(first);
    let mut after_name = inner.get(name_end..)?;
    // a name of several words before a quoted value (`[White Player "Kim"]`, `[Game Type "HotW"]`):
    // read as the words run together (`WhitePlayer`), leniently
    let mut words = false;
    if first.is_ascii() {
        while let Some((word, tail)) = name_word(after_name) {
            if name.len() + word.len() > 32 {
                break;
            }
            name.to_mut().push_str(word);
            after_name = tail;
            words = true;
        }
    }
    let mut rest = after_name;
    // `Name: "Value"`, `Name="Value"`, `Name = "Value"`, `Name : "Value"`
    let spaced_sep = rest.trim_start();
    let colon = spaced_sep.starts_with([':', '：', '=']);
    if colon {
        rest = spaced_sep.trim_start_matches([':', '：', '=']);
    }
    let rest = rest.trim_start();
    let known = KNOWN_TAGS.iter().any(|k| k.eq_ignore_ascii_case(&name));
    // a value must follow: a quote, or (for a known name) any text after white space or a colon
    let quoted = rest.starts_with(|c: char| QUOTES.iter().any(|&(o, _)| o == c));
    let spaced = !after_name.is_empty() && (colon || after_name.starts_with(char::is_whitespace));
    // an unquoted value ends the line with one closing bracket and holds no other bracket
    let unquoted_ok = known && spaced && {
        let v = rest.trim_end();
        let inner = v.strip_suffix(']').or_else(|| v.strip_suffix('］'));
        inner.is_some_and(|i| !i.trim().is_empty() && !i.contains(['[', ']', '［', '］']))
    };
    if !quoted && !unquoted_ok {
        return None;
    }
    Some((name.into_owned(), full_width || colon || words, rest))
}

/// A further word of a tag's name at the start of `t`: white space, ASCII letters, then (after
/// white space and a `:` or `=`, if any) the opening quote of the value. Returns the word and the
/// text after it.
pub(super) fn name_word(t: &str) -> Option<(&str, &str)> {
    let w = t.trim_start();
    if w.len() == t.len() {
        return None;
    }
    let len = w
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(w.len());
    let (word, tail) = w.split_at(len);
    if word.is_empty() {
        return None;
    }
    let value = tail
        .trim_start()
        .trim_start_matches([':', '：', '='])
        .trim_start();
    value
        .starts_with(|c: char| QUOTES.iter().any(|&(o, _)| o == c))
        .then_some((word, tail))
}

/// A tag taking the whole line `t`: (name, value, read leniently, unused).
pub(super) fn one_tag_whole(t: &str) -> Option<(String, String, bool, ())> {
    let (name, lenient, rest) = tag_name(t)?;
    let quote = QUOTES.iter().find(|&&(o, _)| rest.starts_with(o));
    let Some(&(open, close)) = quote else {
        // an unquoted value of a known tag: `[Event Winter cup]`
        let v = rest
            .trim_end()
            .trim_end_matches([']', '］'])
            .trim_end()
            .to_string();
        return Some((name, v, true, ()));
    };
    let after_quote = rest.get(open.len_utf8()..).unwrap_or_default();
    let body = after_quote.trim_end();
    // strict: ends with `"]`; otherwise any closing quote, either bracket, or neither
    let (inner, bracket) = match body.strip_suffix(']') {
        Some(i) => (i, Some(']')),
        None => match body.strip_suffix('］') {
            Some(i) => (i, Some('］')),
            None => (body, None),
        },
    };
    // (`"x" ]`: white space before the closing bracket)
    let spaced = bracket.is_some() && inner.trim_end().len() != inner.len();
    let inner = if bracket.is_some() {
        inner.trim_end()
    } else {
        inner
    };
    let (value, closed_by) = match inner.chars().next_back() {
        Some(q) if QUOTES.iter().any(|&(_, c)| c == q) || q == '"' => (
            inner.get(..inner.len() - q.len_utf8()).unwrap_or_default(),
            Some(q),
        ),
        _ => (inner, None),
    };
    let strict = open == '"' && closed_by == Some(close) && bracket == Some(']') && !spaced;
    Some((name, value.replace("\\\"", "\""), lenient || !strict, ()))
}

/// White space as `char::is_whitespace` reads an ASCII byte (tab, line feed, vertical tab, form
/// feed, carriage return, space).
pub(super) fn ascii_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ')
}

/// The (line, column) of each tag of a game, in the order [`split_games`] read them: its tag
/// lines read again (only for a game with a tag to report on).
pub(super) fn tag_positions(raw: &str, first_line: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (n, line) in raw.split('\n').enumerate() {
        let line = line.trim_end_matches('\r');
        let lineno = first_line.saturating_add(n as u32);
        match tag_line(line) {
            TagLine::Tags(tags) => {
                let mut from = 0usize;
                for (name, _, _) in tags {
                    // the tag's `[` from where the last one was found
                    let rel = line
                        .get(from..)
                        .and_then(|r| r.find(['[', '［']))
                        .unwrap_or(0);
                    let at = from + rel;
                    let col = line.get(..at).map_or(0, |p| p.chars().count()) as u32 + 2;
                    out.push((lineno, col));
                    from = at + 1;
                    let _ = name;
                }
            }
            TagLine::NotTag if crate::text::is_blank(line) => {}
            TagLine::NotTag => break,
        }
    }
    out
}

/// The common tag a tag name in another language or form stands for: Chinese (simplified and
/// traditional) and Korean names of the record format's tags, `WhitePlayer`/`BlackPlayer` (a name of
/// two words run together by [`tag_name`]). None for the common names themselves and for any name
/// whose meaning is not plain.
pub(super) fn common_tag_name(name: &str) -> Option<&'static str> {
    if name.is_ascii() {
        // (most names are shorter than any alias: one length test)
        if name.len() < 7 {
            return None;
        }
        const ASCII: [(&str, &str); 6] = [
            ("WhitePlayer", "White"),
            ("BlackPlayer", "Black"),
            ("PlayerWhite", "White"),
            ("PlayerBlack", "Black"),
            ("EventName", "Event"),
            ("GameName", "Game"),
        ];
        if let Some(&(_, c)) = ASCII.iter().find(|(a, _)| a.eq_ignore_ascii_case(name)) {
            return Some(c);
        }
        // a seat's name and `Player` (`[A Player "Ann"]`, `[England Player "…"]`)
        let n = name.len();
        let seat = name
            .get(n.saturating_sub(6)..)
            .filter(|p| n > 6 && p.eq_ignore_ascii_case("player"))
            .and_then(|_| name.get(..n - 6))?;
        return KNOWN_TAGS
            .iter()
            .skip_while(|k| **k != "A")
            .take_while(|k| **k != "Player")
            .find(|k| k.eq_ignore_ascii_case(seat))
            .copied();
    }
    Some(match name {
        "赛事" | "賽事" | "比赛" | "比賽" | "大会" | "大會" | "대회" => "Event",
        "地点" | "地點" | "场地" | "場地" | "장소" => "Site",
        "日期" | "날짜" | "일자" => "Date",
        "轮次" | "輪次" | "라운드" => "Round",
        "标题" | "標題" | "题目" | "題目" | "제목" => "Title",
        "结果" | "結果" | "결과" => "Result",
        "来源" | "來源" | "出处" | "出處" | "출처" => "Source",
        "记录者" | "記錄者" | "记录人" | "記錄人" | "기록자" => "Transcriber",
        "游戏" | "遊戲" | "棋种" | "棋種" | "게임" => "Game",
        "흑" | "黑方" => "Black",
        "백" | "白方" => "White",
        _ => return None,
    })
}
