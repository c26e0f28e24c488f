//! Record files: bytes → text (encoding detection and transcoding) → games (tag pairs and a body).
//!
//! A file holds one or more games. A game is an optional block of PGN-style tag pairs
//! (`[Name "Value"]`, one per line), then the body. A tag line after a body starts the next game;
//! so does a separator line (`----`) followed by a game that starts again in the notation of the
//! one before ([`split_games`]: the one place here that looks at the notation, only at what marks a
//! game's progress).
//! Apart from that, nothing here knows any notation: bodies are handed to the notation modules
//! untouched.

use std::borrow::Cow;

use crate::diag::{Diagnostic, Severity};

/// Diagnostic codes of this module.
pub mod code {
    pub const ENCODING: &str = "record.encoding";
    pub const ENCODING_UNSUPPORTED: &str = "record.encoding-unsupported";
    pub const ENCODING_REPLACED: &str = "record.encoding-replaced";
    pub const BINARY: &str = "record.binary";
    pub const TAG_MALFORMED: &str = "record.tag-malformed";
    pub const TAG_DUPLICATE: &str = "record.tag-duplicate";
    pub const EMPTY_BODY: &str = "record.empty-body";
    pub const UNKNOWN_KIND: &str = "record.unknown-kind";
    pub use crate::registry::code::{
        KIND_SNIFFED, KIND_TAG_ALIAS, KIND_TAG_NAME, KIND_TAG_UNKNOWN,
    };
    pub const TOO_LARGE: &str = "record.too-large";
    /// info: lines ended by a lone `\r` (classic Mac OS) read as line ends.
    pub const LINE_ENDINGS: &str = "record.line-endings";
    /// info: a tag name in another language or form (`[赛事 "…"]`, `[대회 "…"]`, `[White Player
    /// "…"]`) read as the common tag it plainly is (`Event`, `White`); the value is unchanged.
    pub const TAG_ALIAS: &str = "record.tag-alias";
    /// info: a `Date` tag in another form (`2023-04-15`, `2023/4/15`, `15.04.2023`,
    /// `2023年4月15日`, `April 15, 2023`) normalized to `YYYY.MM.DD` (`??` for parts not given);
    /// the message quotes the value as written, and the game's raw text keeps it. warning: a date
    /// that cannot be read for sure (`04/05/2023`, a month 13, a two-digit year): kept as written.
    pub const DATE_FORM: &str = "record.date-form";
    /// info: a separator line (`----`, `====`, `***`) that ends a game's body before the next
    /// game's tags, left out of the body (the raw text keeps it).
    pub const SEPARATOR: &str = "record.separator";
    /// info: a header line at the top of a body (`Event: Winter cup`, `賽事：台北聯賽`, `Date:
    /// 2023-04-15`) read as the tag it names, where the game's tags do not give it; the line
    /// stays in the body (the notations read it as a header line).
    pub const HEADER_TAG: &str = "record.header-tag";
    /// info: a separator line (`----`, `====`, `* * *`, `———`), a heading (`Game 2`) or a blank
    /// line between two games with no tags before the second: the text after it starts a new
    /// game in the notation of the one before (its numbering starts again: `EI`, `1.`, `Spring
    /// 1901`), so it is a game of its own, its raw text its own slice of the file. At the
    /// separator, in the game after it.
    pub const SEPARATOR_SPLIT: &str = "record.separator-split";
    /// info: a heading line at the top of a game of a file cut by its headings (`Game 2`,
    /// `第2局`, `제3국`: [`split_separated`]), left out of the game's body; the raw text keeps it.
    pub const HEADING: &str = "record.heading";
    /// info: a tag block after a game's moves with no moves of its own (`[Result "魏胜"]` on the
    /// lines after the last move, then a blank line and the next game's tags, or the end of the
    /// file) read as tags of the game before; its raw text runs to their end.
    pub const TRAILING_TAGS: &str = "record.trailing-tags";
    /// info: a remark line between tag lines (`# from the club book`, `// copied by Ann`, a line
    /// of words), left out of the game's body: the tags after it are the same game's, not a new
    /// game's. The raw text keeps it.
    pub const TAG_REMARK: &str = "record.tag-remark";
    pub use crate::unwrap::code::{HTML, QUOTED, SIGNATURE, WRAPPER};
    /// info: text before a file's first game that is no game (`Here is last night's game:`: no
    /// tags, no move read in the notation of the game after it), not stored as a game; the
    /// message quotes it ([`crate::take_preamble`]).
    pub const PREAMBLE: &str = "record.preamble";
    /// info: a YAML front matter block at the top of a body (`---`, `event: Winter cup`, `black:
    /// Ada Park`, `---`) read as the game's tag block; at its first line, naming the tags.
    pub const FRONT_MATTER: &str = "record.front-matter";
}

/// A file's text once decoded: the file's own bytes when they are UTF-8 already (no copy), else
/// the transcoded text.
#[derive(Debug, Clone)]
pub struct Decoded<'a> {
    pub text: Cow<'a, str>,
    /// The encoding the bytes were in (`UTF-8`, `UTF-16LE`, `GB18030`, `Big5`…).
    pub encoding: &'static str,
    /// Info (or warning) diagnostics about the decoding, at line 1 column 1 (the file as a whole).
    pub diagnostics: Vec<Diagnostic>,
}

/// Turns a file's bytes into text. UTF-8 with or without BOM, UTF-16 with BOM, and legacy Chinese
/// encodings (GB18030, which covers GBK and GB2312, and Big5) are accepted; the legacy ones are
/// recognised by `chardetng` and transcoded by `encoding_rs`. Anything else is an error diagnostic:
/// the file is rejected and the caller goes on with the rest of its batch.
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, Diagnostic> {
    let mut d = decode_text(bytes)?;
    // Lines ended by `\r` alone (classic Mac OS editors): without this the whole file is one line.
    if memchr::memchr(b'\n', d.text.as_bytes()).is_none() && d.text.contains('\r') {
        d.text = Cow::Owned(d.text.replace('\r', "\n"));
        d.diagnostics.push(Diagnostic::info(
            code::LINE_ENDINGS,
            1,
            1,
            "lines end with a carriage return alone; read as line ends",
        ));
    }
    if let Some((text, diags)) = crate::unwrap::unwrap(&d.text) {
        d.text = Cow::Owned(text);
        d.diagnostics.extend(diags);
    }
    Ok(d)
}

fn decode_text(bytes: &[u8]) -> Result<Decoded<'_>, Diagnostic> {
    use encoding_rs::{BIG5, EUC_KR, GB18030, GBK, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};
    if let Some((enc, bom_len)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, had_errors) = enc.decode_without_bom_handling(&bytes[bom_len..]);
        let mut diagnostics = vec![Diagnostic::info(
            code::ENCODING,
            1,
            1,
            format!("{} with byte-order mark", enc.name()),
        )];
        if had_errors {
            diagnostics.push(replaced_warning(enc.name()));
        }
        check_text(&text)?;
        return Ok(Decoded {
            text,
            encoding: enc.name(),
            diagnostics,
        });
    }
    // validated with SIMD (the same answer as `std::str::from_utf8`, several times faster on
    // Chinese text)
    if let Ok(s) = simdutf8::basic::from_utf8(bytes) {
        check_text(s)?;
        return Ok(Decoded {
            text: Cow::Borrowed(s),
            encoding: UTF_8.name(),
            diagnostics: Vec::new(),
        });
    }
    if let Some(d) = mostly_utf8(bytes) {
        check_text(&d.text)?;
        return Ok(d);
    }
    if bytes.contains(&0) {
        // UTF-16 without a BOM, or a binary file: neither is a record file we can read.
        return Err(Diagnostic::error(
            code::BINARY,
            1,
            1,
            "not a text file (it contains NUL bytes); UTF-16 needs a byte-order mark",
        ));
    }
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    det.feed(bytes, true);
    let guess = det.guess(None, chardetng::Utf8Detection::Deny);
    let enc = if guess == GBK || guess == GB18030 {
        GB18030
    } else if guess == BIG5 || guess == EUC_KR || guess == WINDOWS_1252 {
        // EUC-KR (Korean Windows' code page 949 is a superset, which encoding_rs decodes under
        // this name): WEC's clubs write Korean; windows-1252: a Western editor's file, most often
        // ASCII with a curly quote or an accented name in it (Deluge and WEC records)
        guess
    } else {
        return Err(Diagnostic::error(
            code::ENCODING_UNSUPPORTED,
            1,
            1,
            format!(
                "not valid UTF-8, and not GB18030/GBK, Big5, EUC-KR or windows-1252 either (it looks like {}); convert the file to UTF-8",
                guess.name()
            ),
        ));
    };
    let (text, had_errors) = enc.decode_without_bom_handling(bytes);
    let mut diagnostics = vec![Diagnostic::info(
        code::ENCODING,
        1,
        1,
        format!("transcoded from {} to UTF-8", enc.name()),
    )];
    if had_errors {
        diagnostics.push(replaced_warning(enc.name()));
    }
    check_text(&text)?;
    let _ = (UTF_16BE, UTF_16LE);
    Ok(Decoded {
        text,
        encoding: enc.name(),
        diagnostics,
    })
}

/// How many valid multi-byte characters a file read as UTF-8 must hold, at least, for each run of
/// invalid bytes in it: at this or more a few bytes were damaged (a truncated character, a line pasted from a
/// file in another encoding); above it the file is in a legacy encoding.
const DAMAGED_PER_VALID: usize = 4;
/// Runs of invalid bytes given a warning each; the rest are counted in one more.
const DAMAGED_REPORTED: usize = 20;

/// A file that is UTF-8 but for a few invalid byte sequences: its text with each replaced by
/// U+FFFD and a warning at each run's line and column (so the game that holds it carries it),
/// rather than the whole file rejected or transcoded as a legacy encoding it is not. `None` when
/// the file holds no valid multi-byte character, or fewer than [`DAMAGED_PER_VALID`] of them for
/// each run of invalid bytes.
fn mostly_utf8(bytes: &[u8]) -> Option<Decoded<'static>> {
    let mut text = String::with_capacity(bytes.len() + 16);
    // each run of invalid sequences with nothing valid between them: where its first U+FFFD is
    // in `text`, and how many bytes it replaced
    let mut bad: Vec<(usize, usize)> = Vec::new();
    let mut valid_multibyte = 0usize;
    for chunk in bytes.utf8_chunks() {
        let v = chunk.valid();
        valid_multibyte += v.bytes().filter(|&b| b >= 0xc0).count();
        text.push_str(v);
        let n = chunk.invalid().len();
        if n > 0 {
            match bad.last_mut() {
                Some((_, len)) if v.is_empty() => *len += n,
                _ => bad.push((text.len(), n)),
            }
            text.push('\u{fffd}');
        }
    }
    if valid_multibyte == 0 || bad.len() * DAMAGED_PER_VALID > valid_multibyte {
        return None;
    }
    let mut diagnostics = Vec::new();
    let (mut line, mut line_start, mut scanned) = (1u32, 0usize, 0usize);
    for &(at, n) in bad.iter().take(DAMAGED_REPORTED) {
        let before = text.get(scanned..at).unwrap_or_default();
        for (i, _) in before.match_indices('\n') {
            line += 1;
            line_start = scanned + i + 1;
        }
        scanned = at;
        let col = text.get(line_start..at).map_or(0, |s| s.chars().count()) + 1;
        diagnostics.push(Diagnostic::warning(
            code::ENCODING_REPLACED,
            line,
            u32::try_from(col).unwrap_or(u32::MAX),
            format!(
                "{n} byte{} not valid UTF-8 (the rest of the file is) replaced by U+FFFD",
                if n == 1 { "" } else { "s" }
            ),
        ));
    }
    if bad.len() > DAMAGED_REPORTED {
        diagnostics.push(Diagnostic::warning(
            code::ENCODING_REPLACED,
            1,
            1,
            format!(
                "{} more places with bytes not valid UTF-8, replaced by U+FFFD",
                bad.len() - DAMAGED_REPORTED
            ),
        ));
    }
    Some(Decoded {
        text: Cow::Owned(text),
        encoding: "UTF-8",
        diagnostics,
    })
}

fn replaced_warning(enc: &str) -> Diagnostic {
    Diagnostic::warning(
        code::ENCODING_REPLACED,
        1,
        1,
        format!("some bytes are not valid {enc} and were replaced by U+FFFD"),
    )
}

/// Text that is mostly control characters is a binary file that happened to decode.
fn check_text(s: &str) -> Result<(), Diagnostic> {
    // Byte-wise, on the UTF-8: a character starts at every byte that is no continuation byte;
    // control characters are the ASCII ones (0x00–0x1F, 0x7F) and C1 (U+0080–U+009F, encoded
    // 0xC2 0x80–0x9F); NUL is the byte 0.
    let b = s.as_bytes();
    let (mut chars, mut ascii_controls) = (0usize, 0usize);
    // counted in u8 lanes over runs of 240 bytes (at most 255 fit a lane; a multiple of 16 leaves
    // no scalar tail but the last; branch-free, so it vectorizes)
    for run in b.chunks(240) {
        let (mut c, mut k) = (0u8, 0u8);
        for &x in run {
            c += u8::from((x as i8) >= -0x40);
            let low = (x < 0x20) & (x != b'\n') & (x != b'\r') & (x != b'\t') & (x != 0x0c);
            k += u8::from(low | (x == 0x7f));
        }
        chars += usize::from(c);
        ascii_controls += usize::from(k);
    }
    // (`·`, U+00B7, is 0xC2 0xB7: a file may hold many 0xC2 bytes, each found by memchr)
    let c1_controls = memchr::memchr_iter(0xc2, b)
        .filter(|&i| b.get(i + 1).is_some_and(|x| (0x80..=0x9f).contains(x)))
        .count();
    let controls = ascii_controls + c1_controls;
    let nul = ascii_controls > 0 && b.contains(&0);
    if nul || controls * 20 > chars.max(1) {
        return Err(Diagnostic::error(
            code::BINARY,
            1,
            1,
            "not a text file (control characters)",
        ));
    }
    Ok(())
}

/// One game cut out of a file, before any notation is read.
#[derive(Debug, Clone, PartialEq)]
pub struct RawGame {
    /// 1-based line where the game starts (its first tag, or its first body line).
    pub line: u32,
    /// 1-based line of the body's first line (`line` when there are no tags).
    pub body_line: u32,
    pub tags: Vec<(String, String)>,
    /// The body, lines joined by `\n`, with trailing blank lines removed.
    pub body: String,
    /// The game's text exactly as in the file (tags and body), without the blank lines after it.
    pub raw: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl RawGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::model::tag(&self.tags, name)
    }
}

#[derive(Debug, PartialEq)]
enum TagLine {
    /// The tag pairs of the line (usually one; `[Date "…"] [Round "…"]` gives two), each with
    /// whether it was read leniently.
    Tags(Vec<(String, String, bool)>),
    NotTag,
}

/// Tag names a value without quotes (`[Event Winter cup]`) is accepted for: CONTRACT.md's common
/// tags, the HotW and WEC seats, and the powers of Deluge. Other names (三国's seats among them)
/// need a quoted value, so that a bracketed body line (`[胜利]`, `[蜀困魏·困毙灭国]`, even
/// `[吴 胜利]`) is never taken for a tag.
const KNOWN_TAGS: [&str; 30] = [
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
const QUOTES: [(char, char); 12] = [
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
fn tag_line(line: &str) -> TagLine {
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
fn lenient_tag_line(line: &str) -> TagLine {
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
fn strict_tag(line: &str) -> Option<(String, String, bool)> {
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
fn one_tag(t: &str) -> Option<(String, String, bool, Option<&str>)> {
    let (name, mut lenient, rest) = tag_name(t)?;
    // strict: `"Value"]`, with a further tag after it only when one follows
    if let Some(after_quote) = rest.strip_prefix('"') {
        let mut search = 0usize;
        while let Some(k) = after_quote
            .get(search..)
            .and_then(|r| r.find('"'))
            .map(|k| k + search)
        {
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
fn tag_name(t: &str) -> Option<(String, bool, &str)> {
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
fn name_word(t: &str) -> Option<(&str, &str)> {
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
fn one_tag_whole(t: &str) -> Option<(String, String, bool, ())> {
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
fn ascii_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ')
}

/// The lines of a text, each with its `\n` (as `split_inclusive('\n')`), found a word at a time
/// ([`find_newline`](crate::text::find_newline); `memchr` paid its set-up on every short line, 80
/// instructions a line). [`split_games`] walks the lines so, on offsets; this is its walk as an
/// iterator, for the test that holds it to `split_inclusive`.
#[cfg(test)]
pub(crate) fn lines_inclusive(text: &str) -> impl Iterator<Item = &str> {
    let mut pos = 0usize;
    std::iter::from_fn(move || {
        let rest = text.get(pos..).filter(|r| !r.is_empty())?;
        let len = crate::text::find_newline(rest.as_bytes()).map_or(rest.len(), |k| k + 1);
        pos += len;
        rest.get(..len)
    })
}

/// The comment a collection export writes before a game that has no tags, so that the games of
/// the export stay apart when it is imported (`{annals-game: sanguo}`); a line starting with it
/// after a blank line starts a new game.
pub const GAME_MARK: &str = "{annals-game:";

/// Splits a decoded file into games. Never fails: a file with no tags is one game whose body is the
/// whole text, unless it is several games with a separator line between them
/// ([`split_separated`]); the caller rejects games with empty bodies.
pub fn split_games(text: &str) -> Vec<RawGame> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let mut games: Vec<RawGame> = Vec::new();
    let mut cur: Option<Building> = None;
    // where the last game pushed starts in the text (its raw text may grow by trailing tags)
    let mut last_start = 0usize;
    // a game's body may hold a separator line ([`split_all`])
    let mut separated = false;
    // the line before was a blank line in a game's body
    let mut after_blank = false;
    // the line's first byte, its end without `\r`s and `\n`, and the start of the next line:
    // the lines of `lines_inclusive`, on offsets (no `str` slicing on the common path)
    let mut start = 0usize;
    let mut lineno = 0u32;
    while start < bytes.len() {
        lineno += 1;
        let rest = bytes.get(start..).unwrap_or_default();
        let (mut kept, offset) = match crate::text::find_newline(rest) {
            Some(k) => (start + k, start + k + 1),
            None => (bytes.len(), bytes.len()),
        };
        // (the line's only `\n` ends it: what is left to drop are `\r`s)
        while kept > start && bytes.get(kept - 1) == Some(&b'\r') {
            kept -= 1;
        }
        let line_start = start;
        start = offset;
        // A body line whose text is not exactly the file's line (a `\r` dropped, a blank line
        // holding white space) makes the body differ from the file's slice.
        let exact = kept + 1 == offset || (kept == offset && offset == bytes.len());
        // Most lines are body lines that start with a printable ASCII character other than `[`:
        // no tag and not blank, told at their first byte (what `tag_line` and `is_blank` say).
        if let Some(&f) = bytes.get(line_start)
            && f.is_ascii_graphic()
            && f != b'['
            && kept > line_start
        {
            // `{annals-game: …}` after a blank line: a collection export's start of a game with
            // no tags (the import takes the line out again)
            if f == b'{'
                && let Some(b) = cur.as_ref()
                && b.body_started
                && bytes
                    .get(line_start..kept)
                    .is_some_and(|l| l.starts_with(GAME_MARK.as_bytes()))
                && text
                    .get(b.body_end..line_start)
                    .is_some_and(|gap| gap.bytes().filter(|&c| c == b'\n').count() > 1)
                && let Some(b) = cur.take()
            {
                last_start = b.start;
                games.push(b.finish(text));
            }
            body_line(&mut cur, lineno, line_start, kept, offset, exact);
            // (maybe a separator line, `----`, `====`, `* * *`: told by `split_all`, off this
            // path; no branch here)
            separated |= matches!(f, b'-' | b'=' | b'*' | b'~' | b'_');
            // (after a blank line in a body, a line that may start a game: `1.`, `EI`, `Game 2`)
            if std::mem::take(&mut after_blank) {
                separated |= text.get(line_start..kept).is_some_and(starts_or_heads);
            }
            continue;
        }
        let line = text.get(line_start..kept).unwrap_or_default();
        if let TagLine::Tags(tags) = tag_line(line) {
            after_blank = false;
            // A tag block with no body, then a blank line, then this one: the first block may be
            // the tags of the game before, written after its moves.
            if let Some(b) = cur.as_ref()
                && b.blank_after_tags
                && !b.body_started
                && let Some(p) = games.last()
                && (b.after_body
                    || (tags.iter().any(|(n, ..)| b.has_tag(n))
                        && !b.tags.iter().any(|(n, _)| has_tag(&p.tags, n))))
                && let Some(b) = cur.take()
                && let Some(p) = games.last_mut()
            {
                b.trail(p, text, last_start);
            }
            // A tag after a body starts a new game; not after remark lines between tag lines
            // (`[Event "x"]`, `# from the club book`, `[Site "y"]`), which are left out.
            if let Some(b) = cur.as_mut()
                && b.body_started
                && b.tag_lines > 0
                && !tags.iter().any(|(n, ..)| b.has_tag(n))
                && text
                    .get(b.body_start..line_start)
                    .is_some_and(remarks_between_tags)
            {
                b.diagnostics.push(Diagnostic::info(
                    code::TAG_REMARK,
                    b.body_line,
                    1,
                    "remark between tag lines left out of the game's body (the raw text keeps it)",
                ));
                b.body_started = false;
                b.body_exact = true;
                b.blank_after_tags = false;
            }
            let new_game = match &cur {
                None => true,
                Some(b) => b.body_started,
            };
            if new_game {
                let mut after_body = false;
                if let Some(b) = cur.take() {
                    // (this line is the one after the body's last: no blank line between)
                    after_body = b.body_started
                        && text
                            .get(b.body_end..line_start)
                            .is_some_and(|gap| gap.bytes().filter(|&c| c == b'\n').count() == 1);
                    last_start = b.start;
                    games.push(b.finish(text));
                }
                let mut b = Building::new(lineno, line_start);
                b.after_body = after_body;
                cur = Some(b);
            }
            let b = cur.get_or_insert_with(|| Building::new(lineno, line_start));
            b.end = offset;
            b.tag_lines += 1;
            for (name, value, malformed) in tags {
                if malformed {
                    b.diagnostics.push(Diagnostic::warning(
                        code::TAG_MALFORMED,
                        lineno,
                        1,
                        format!("tag line read leniently as [{name} \"{value}\"]"),
                    ));
                }
                if b.tags.iter().any(|(k, _)| k.eq_ignore_ascii_case(&name)) {
                    b.diagnostics.push(Diagnostic::warning(
                        code::TAG_DUPLICATE,
                        lineno,
                        1,
                        format!("tag {name} given twice; the first value is used"),
                    ));
                }
                b.tags.push((name, value));
            }
            continue;
        }
        if crate::text::is_blank(line) {
            if let Some(b) = cur.as_mut() {
                after_blank = b.body_started;
                if b.body_started {
                    b.body_exact &= exact && line.is_empty();
                } else {
                    b.blank_after_tags = b.tag_lines > 0;
                }
            }
            continue;
        }
        body_line(&mut cur, lineno, line_start, kept, offset, exact);
        separated |=
            is_separator(line) || (std::mem::take(&mut after_blank) && starts_or_heads(line));
    }
    if let Some(b) = cur.take() {
        // a tag block with no body at the end of the file, after a game: that game's tags, when
        // it follows the moves or names no tag the game has
        match games.last_mut() {
            Some(p)
                if !b.body_started
                    && b.tag_lines > 0
                    && (b.after_body || !b.tags.iter().any(|(n, _)| has_tag(&p.tags, n))) =>
            {
                b.trail(p, text, last_start);
            }
            _ => games.push(b.finish(text)),
        }
    }
    for g in &mut games {
        tidy_game(g);
    }
    // a file whose first game starts with a heading (`Game 1`) may head the others so
    separated |= games
        .first()
        .and_then(|g| g.body.split('\n').find(|l| !l.trim().is_empty()))
        .is_some_and(is_heading);
    if separated {
        return split_all(games);
    }
    games
}

/// Whether every line of `gap` (the lines between two tag lines) is blank or a remark: a line
/// opening with `#`, `//`, `%` or `;`, or a line of two words or more holding letters and prose
/// marks only (no digit, bracket or mark of a notation: `copied from the club book`).
#[cold]
fn remarks_between_tags(gap: &str) -> bool {
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

/// A heading line naming a game by its number, as a file of several games without tags heads
/// each (`Game 2`, `Game #2: Lee v Kim`, `## Partie 3`, `第2局`, `第二盘：`, `제3국`): a word for
/// a game, a number, then nothing or a punctuation mark and what it introduces.
fn is_heading(line: &str) -> bool {
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
fn is_cut_line(line: &str) -> bool {
    is_separator(line) || is_heading(line)
}

/// The games of [`split_games`] with each game that holds separator lines cut by
/// [`split_separated`] (off the common path: most files have no rule in a body).
#[cold]
#[inline(never)]
fn split_all(games: Vec<RawGame>) -> Vec<RawGame> {
    let mut out = Vec::with_capacity(games.len());
    for g in games {
        // (the body's lines looked at again: a game with no rule in its body, and no blank line
        // before a line that may start a game, is none to cut)
        if g.body.split('\n').any(is_cut_line) || restart_after_blank(&g.body) {
            split_separated(g, &mut out);
        } else {
            out.push(g);
        }
    }
    out
}

/// Whether a blank line in `body` comes before a line that may start a game in some notation
/// (`1.`, `第1回合`, `EI`, a season of 1900 or 1901; not a HotW turn header, which a blank line
/// comes before in many games, and would have every such game read twice): a cheap look before
/// [`split_separated`] reads the notation's marks.
fn restart_after_blank(body: &str) -> bool {
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
fn starts_or_heads(t: &str) -> bool {
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
/// cheap look at it ([`crate::registry::opens_game`]).
fn maybe_start(t: &str) -> bool {
    crate::registry::opens_game(t)
}

/// What [`split_games`] does to each game once it is cut out: tag names in other languages or
/// forms as the common tags, a `Date` tag in another form as `YYYY.MM.DD`, a separator line at the
/// body's end left out. Each repair gets its diagnostic; a game that needs none is only looked at.
fn tidy_game(g: &mut RawGame) {
    let mut found: Vec<(usize, Diagnostic)> = Vec::new();
    for (i, (name, value)) in g.tags.iter_mut().enumerate() {
        if let Some(common) = common_tag_name(name) {
            found.push((
                i,
                Diagnostic::info(
                    code::TAG_ALIAS,
                    0,
                    0,
                    format!("tag name {name:?} read as {common}"),
                ),
            ));
            *name = common.to_string();
        }
        if name.eq_ignore_ascii_case("Date") {
            // (placed at the tag's line and column below)
            let mut diags = Vec::new();
            if let Some(d) = date_value(value, 0, &mut diags) {
                *value = d;
            }
            found.extend(diags.into_iter().map(|d| (i, d)));
        }
    }
    if !found.is_empty() {
        let at = tag_positions(&g.raw, g.line);
        for (i, mut d) in found {
            let (line, col) = at.get(i).copied().unwrap_or((g.line, 1));
            d.line = line;
            d.col = col;
            g.diagnostics.push(d);
        }
    }
    drop_trailing_separator(g);
    drop_trailing_heading(g);
    if g.body.starts_with("---") {
        front_matter(g);
    }
    header_tags(g);
}

/// How many lines a front matter block may hold, its `---` lines included.
const FRONT_MATTER_LINES: usize = 40;

/// A YAML front matter block at the top of a body (`---`, then `key: value` lines, then `---`), as
/// notes apps and static sites write a record's metadata, read as its tag block (see
/// [`code::FRONT_MATTER`]): each key is a tag (`event` as `Event`, `black` as `Black`, `日期` as
/// `Date`), unless the game's tags give it already, its value without YAML's quotes. The block
/// leaves the body, which starts after it, as a tag block would.
#[cold]
#[inline(never)]
fn front_matter(g: &mut RawGame) {
    let mut lines = g.body.split('\n');
    if lines.next().map(str::trim_end) != Some("---") {
        return;
    }
    let mut pairs: Vec<(&str, &str, u32)> = Vec::new();
    let mut close = None;
    for (n, line) in lines.take(FRONT_MATTER_LINES).enumerate() {
        let t = line.trim_end();
        if t == "---" || t == "..." {
            close = Some(n + 1);
            break;
        }
        if t.trim().is_empty() || t.trim_start().starts_with('#') {
            continue;
        }
        let Some((k, v)) = t.split_once(':') else {
            return;
        };
        let k = k.trim();
        if k.is_empty()
            || k.chars().count() > 24
            || !k
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '_' | '-'))
        {
            return;
        }
        pairs.push((k, v.trim(), u32::try_from(n + 1).unwrap_or(u32::MAX)));
    }
    let Some(close) = close else {
        return;
    };
    if pairs.is_empty() {
        return;
    }
    let first = g.body_line;
    let mut added: Vec<(String, String)> = Vec::new();
    let mut diags = Vec::new();
    for (k, v, at) in pairs {
        let v = unquote_yaml(v);
        let name = front_matter_name(k);
        if v.is_empty()
            || g.tags.iter().any(|(n, _)| n.eq_ignore_ascii_case(&name))
            || added.iter().any(|(n, _)| n.eq_ignore_ascii_case(&name))
        {
            continue;
        }
        let v = if name == "Date" {
            date_value(v, first.saturating_add(at), &mut diags).unwrap_or_else(|| v.to_string())
        } else {
            v.to_string()
        };
        added.push((name, v));
    }
    let names: Vec<&str> = added.iter().map(|(n, _)| n.as_str()).collect();
    g.diagnostics.push(Diagnostic::info(
        code::FRONT_MATTER,
        first,
        1,
        format!(
            "a front matter block (---, key: value lines, ---) read as the tags {}",
            names.join(", ")
        ),
    ));
    g.diagnostics.extend(diags);
    g.tags.extend(added);
    // the body starts after the block (its blank lines too)
    let mut rest = g.body.as_str();
    let mut skipped = 0u32;
    for _ in 0..=close {
        match rest.split_once('\n') {
            Some((_, r)) => rest = r,
            None => rest = "",
        }
        skipped += 1;
    }
    while let Some((l, r)) = rest.split_once('\n')
        && l.trim().is_empty()
    {
        rest = r;
        skipped += 1;
    }
    g.body = rest.to_string();
    g.body_line = g.body_line.saturating_add(skipped);
}

/// A YAML value without its quotes (`"魏杀汉·魏胜"`, `'Leeds'`).
fn unquote_yaml(v: &str) -> &str {
    for q in ['"', '\''] {
        if let Some(inner) = v.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    v
}

/// The tag a front matter key names: a known tag or one of its other forms in any case
/// (`event`, `white player`, `GAME`, `日期`), else the key with a capital first letter.
fn front_matter_name(k: &str) -> String {
    let joined: String = k
        .chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .collect();
    if let Some(t) = KNOWN_TAGS.iter().find(|t| t.eq_ignore_ascii_case(&joined)) {
        return (*t).to_string();
    }
    if let Some(t) = header_tag_name(k).or_else(|| common_tag_name(&joined)) {
        return t.to_string();
    }
    let mut cs = k.chars();
    cs.next()
        .map(|c| c.to_uppercase().chain(cs).collect())
        .unwrap_or_default()
}

/// A `Date` value of a tag, header line or front matter as `YYYY.MM.DD` where it is in another
/// form it can be read from (`None`: keep it as written), with its diagnostic at `line`.
#[inline(never)]
fn date_value(value: &str, line: u32, diags: &mut Vec<Diagnostic>) -> Option<String> {
    match normalize_date(value) {
        DateForm::Canonical => None,
        DateForm::Normalized(d) => {
            diags.push(Diagnostic::info(
                code::DATE_FORM,
                line,
                1,
                format!("Date {value:?} read as {d}"),
            ));
            Some(d)
        }
        DateForm::Doubtful(why) => {
            diags.push(Diagnostic::warning(
                code::DATE_FORM,
                line,
                1,
                format!("Date {value:?} kept as written: {why}"),
            ));
            None
        }
    }
}

/// A heading line ending a game's body after a blank line (`Game 2:`, `## 第2局` before the next
/// game's tags or fence): it heads the game after, not this one, so it is left out of the body
/// with an info (`record.heading`); the raw text keeps it.
#[inline(never)]
fn drop_trailing_heading(g: &mut RawGame) {
    // (on bytes, the cheap test first: is the line before the last one blank?)
    let b = g.body.as_bytes();
    let Some(k) = memchr::memrchr(b'\n', b) else {
        return;
    };
    let prev_start = memchr::memrchr(b'\n', b.get(..k).unwrap_or_default()).map_or(0, |p| p + 1);
    let blank_before = b
        .get(prev_start..k)
        .is_some_and(|l| l.iter().all(u8::is_ascii_whitespace));
    if !blank_before {
        return;
    }
    let (before, last) = g.body.split_at(k);
    if !is_heading(last) {
        return;
    }
    let line = g.body_line + before.matches('\n').count() as u32 + 1;
    g.diagnostics.push(Diagnostic::info(
        code::HEADING,
        line,
        1,
        format!(
            "heading line {:?} after the game's moves left out of its body (it heads the next game; the raw text keeps it)",
            last.trim()
        ),
    ));
    let keep = before.trim_end().len();
    g.body.truncate(keep);
}

/// A separator line ending a game's body (`----` before the next game's tags, or before the
/// next game of [`split_separated`]) left out of the body, with its info; the raw text keeps it.
fn drop_trailing_separator(g: &mut RawGame) {
    if let Some(k) = g.body.rfind('\n')
        && let Some(last) = g.body.get(k + 1..)
        && is_separator(last)
    {
        let line =
            g.body_line + g.body.get(..k).unwrap_or_default().matches('\n').count() as u32 + 1;
        g.diagnostics.push(Diagnostic::info(
            code::SEPARATOR,
            line,
            1,
            format!(
                "separator line {:?} after the game left out of its body",
                last.trim()
            ),
        ));
        g.body.truncate(k);
        let keep = g.body.trim_end().len();
        g.body.truncate(keep);
    }
}

/// How many lines at the top of a body are looked at for header lines.
const HEADER_LINES: usize = 40;

/// Header lines at the top of a body read as tags (see [`code::HEADER_TAG`]): the lines up to the
/// first blank-free line that is no `Name: value` line (a name of letters and spaces, then `:` or
/// `：`); of those, the ones naming the event, site, date, round, source, transcriber, annotator
/// or edition (in English, Chinese or Korean) give that tag when the game has none. Seats,
/// `Title`, `Result` and `Game` are left to the notations, which read them in their own ways.
fn header_tags(g: &mut RawGame) {
    // (most bodies start with a move number: no header)
    if g.body.as_bytes().first().is_none_or(u8::is_ascii_digit) {
        return;
    }
    let mut added: Vec<(String, String, u32, String)> = Vec::new();
    for (n, line) in g.body.split('\n').take(HEADER_LINES).enumerate() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        // the name: up to 20 letters and spaces, from a letter, up to the colon (a move, a turn or
        // a phase ends the header at its first characters)
        let mut colon = None;
        for (k, (i, c)) in t.char_indices().enumerate() {
            if c == ':' || c == '：' {
                colon = Some((i, c.len_utf8()));
                break;
            }
            if k == 20 || !(c.is_alphabetic() || (c == ' ' && k > 0)) {
                break;
            }
        }
        let Some((at, len)) = colon.filter(|&(at, _)| at > 0) else {
            break;
        };
        let name = t.get(..at).unwrap_or_default().trim();
        let value = t.get(at + len..).unwrap_or_default().trim();
        let Some(tag) = header_tag_name(name) else {
            continue;
        };
        if value.is_empty()
            || g.tags.iter().any(|(k, _)| k.eq_ignore_ascii_case(tag))
            || added.iter().any(|(k, ..)| k == tag)
        {
            continue;
        }
        let line = g
            .body_line
            .saturating_add(u32::try_from(n).unwrap_or(u32::MAX));
        added.push((tag.to_string(), value.to_string(), line, t.to_string()));
    }
    for (tag, value, line, text) in added {
        let mut value = value;
        if tag == "Date" {
            let mut diags = Vec::new();
            if let Some(d) = date_value(&value, line, &mut diags) {
                value = d;
            }
            g.diagnostics.extend(diags);
        }
        g.diagnostics.push(Diagnostic::info(
            code::HEADER_TAG,
            line,
            1,
            format!("header line {text:?} read as the tag [{tag} {value:?}]"),
        ));
        g.tags.push((tag, value));
    }
}

/// The tag a header line's name gives ([`header_tags`]), if it is one of those read so.
fn header_tag_name(name: &str) -> Option<&'static str> {
    const ENGLISH: [(&str, &str); 13] = [
        ("Event", "Event"),
        ("Tournament", "Event"),
        ("Site", "Site"),
        ("Venue", "Site"),
        ("Place", "Site"),
        ("Location", "Site"),
        ("Date", "Date"),
        ("Round", "Round"),
        ("Source", "Source"),
        ("Transcriber", "Transcriber"),
        ("Recorded by", "Transcriber"),
        ("Annotator", "Annotator"),
        ("Edition", "Edition"),
    ];
    if let Some(&(_, t)) = ENGLISH.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        return Some(t);
    }
    common_tag_name(name).filter(|t| {
        matches!(
            *t,
            "Event" | "Site" | "Date" | "Round" | "Source" | "Transcriber"
        )
    })
}

/// Cuts a game whose body holds separator lines into the games it is: several games written one
/// after another with only a separator line (`----`, `====`, `* * *`, `———`) between them and no
/// tags before the later ones. The body is read in pieces between its separator lines; a piece
/// starts a new game when the first line in it that marks the game's progress in its notation
/// ([`progress_mark`]) is one a game begins with and lies before the last such line of the game
/// so far: its numbering starts again. A separator inside one game (between epochs or seasons,
/// before the final scores or the status line) is followed by no such line, or by one further
/// on, and leaves the game whole; so does any separator when the notation cannot be told (the
/// `Game` tag, else the body's sniffed notation). Each later game gets its own slice of the raw
/// text (from its first line that is not blank), its lines numbered as in the file, no tags, and
/// an info at the separator ([`code::SEPARATOR_SPLIT`]); the game's diagnostics go with the
/// lines they are on.
fn split_separated(g: RawGame, out: &mut Vec<RawGame>) {
    let detected = crate::registry::detect(&g.tags, g.line, &g.body, g.body_line, None, None);
    let Some(kind) = detected.0.map(|(k, _)| k) else {
        out.push(g);
        return;
    };
    // the body line (index) of each separator where a new game starts
    let mut cuts: Vec<usize> = Vec::new();
    // the line that starts each new game
    let mut starts: Vec<&str> = Vec::new();
    // the last mark of the game so far, the first of the piece being read, and its separator
    let mut last: Option<(u32, bool)> = None;
    let mut piece: Option<(usize, Option<(u32, bool)>)> = None;
    let lines: Vec<&str> = g.body.split('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        if is_cut_line(line) {
            piece = Some((i, None));
            continue;
        }
        // (a blank line too, unless it follows a rule or heading with no mark after it yet)
        if line.trim().is_empty() {
            if !matches!(piece, Some((_, None))) {
                piece = Some((i, None));
            }
            continue;
        }
        let Some(m) = crate::registry::progress_mark(kind, line) else {
            continue;
        };
        if let Some((at, first @ None)) = &mut piece {
            *first = Some(m);
            // (after a blank line only, the game must have gone on further: a repeated `EI`
            // after the first epoch's first turn, or round 1 after round 2, may be the same game)
            let blank = lines.get(*at).is_some_and(|l| l.trim().is_empty());
            if m.1 && last.is_some_and(|l| l.0 > m.0 && (!blank || l.0 >= m.0.saturating_add(2))) {
                cuts.push(*at);
                starts.push(line.trim());
            }
        }
        last = Some(m);
    }
    if cuts.is_empty() {
        out.push(g);
        return;
    }
    let starts: Vec<String> = starts.into_iter().map(str::to_string).collect();
    // the separator lines of the raw text are those of the body, in order (a tag line is none,
    // and the one separator a body can lose is its last line, `drop_trailing_separator`'s)
    let sep_index: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| is_cut_line(l))
        .map(|(i, _)| i)
        .collect();
    let mut raw_seps: Vec<(usize, usize)> = Vec::new();
    // the blank lines of the raw text: (line index, bounds)
    let mut raw_blanks: Vec<(usize, usize, usize)> = Vec::new();
    let mut pos = 0usize;
    for (i, l) in g.raw.split_inclusive('\n').enumerate() {
        if is_cut_line(l) {
            raw_seps.push((pos, pos + l.len()));
        } else if l.trim().is_empty() {
            raw_blanks.push((i, pos, pos + l.len()));
        }
        pos += l.len();
    }
    let (first_line, first_body) = (g.line, g.body_line);
    let body_blank: Vec<bool> = lines.iter().map(|l| l.trim().is_empty()).collect();
    let raw_cut = |cut: usize| -> Option<(usize, usize)> {
        if body_blank.get(cut) == Some(&true) {
            // a blank line: the raw text's line of the same number in the file, if blank too
            let k = (first_body + cut as u32).checked_sub(first_line)? as usize;
            return raw_blanks
                .iter()
                .find(|b| b.0 == k)
                .map(|&(_, from, to)| (from, to));
        }
        let k = sep_index.iter().position(|&i| i == cut)?;
        raw_seps.get(k).copied()
    };
    let RawGame {
        line,
        body_line,
        tags,
        body,
        raw,
        diagnostics,
    } = g;
    let lines: Vec<&str> = body.split('\n').collect();
    let sep_line = |cut: usize| body_line + cut as u32;
    // the bounds of each game: body lines, raw bytes, and the separator before it
    let mut bounds: Vec<(usize, usize, usize, usize, Option<usize>)> = Vec::new();
    let (mut from, mut raw_from, mut sep) = (0usize, 0usize, None);
    for &cut in &cuts {
        let Some((rs, re)) = raw_cut(cut) else {
            // (cannot happen: the body's separators are the raw text's) the game stays whole
            out.push(RawGame {
                line,
                body_line,
                tags,
                body,
                raw,
                diagnostics,
            });
            return;
        };
        bounds.push((from, cut, raw_from, rs, sep));
        // (a heading is the next game's first line; a rule is neither game's)
        (from, raw_from, sep) = match lines.get(cut).is_some_and(|l| is_heading(l)) {
            true => (cut, rs, Some(cut)),
            false => (cut + 1, re, Some(cut)),
        };
    }
    bounds.push((from, lines.len(), raw_from, raw.len(), sep));
    let mut diagnostics = diagnostics.into_iter().peekable();
    let mut tags = Some(tags);
    for (j, (lo, hi, rlo, rhi, sep)) in bounds.into_iter().enumerate() {
        let part = lines.get(lo..hi).unwrap_or_default();
        // a later game starts at its first line that is not blank (in the body and the raw text)
        let skip = if sep.is_some() {
            part.iter().take_while(|l| l.trim().is_empty()).count()
        } else {
            0
        };
        let mut rlo = rlo;
        if sep.is_some() {
            for l in raw.get(rlo..rhi).unwrap_or_default().split_inclusive('\n') {
                if !l.trim().is_empty() {
                    break;
                }
                rlo += l.len();
            }
        }
        // a heading at the top of the game (`Game 2`) is no part of its body; the raw text keeps it
        let mut body_skip = skip;
        let heading = part.get(skip).filter(|l| is_heading(l)).map(|l| l.trim());
        if heading.is_some() {
            body_skip += 1;
            body_skip += part
                .iter()
                .skip(body_skip)
                .take_while(|l| l.trim().is_empty())
                .count();
        }
        let kept = part.get(body_skip..).unwrap_or_default();
        let n = kept
            .iter()
            .rposition(|l| !l.trim().is_empty())
            .map_or(0, |k| k + 1);
        let mut game = RawGame {
            line: if sep.is_some() {
                body_line + (lo + skip) as u32
            } else {
                line
            },
            body_line: body_line + (lo + body_skip) as u32,
            tags: tags.take().unwrap_or_default(),
            body: kept.get(..n).unwrap_or_default().join("\n"),
            raw: raw.get(rlo..rhi).unwrap_or_default().trim_end().to_string(),
            diagnostics: Vec::new(),
        };
        if let Some(h) = heading {
            game.diagnostics.push(Diagnostic::info(
                code::HEADING,
                body_line + (lo + skip) as u32,
                1,
                format!("heading line {h:?} left out of the game's body (the raw text keeps it)"),
            ));
        }
        if let Some(cut) = sep {
            let text = lines.get(cut).map_or("", |l| l.trim());
            let start = starts.get(j.saturating_sub(1)).map_or("", String::as_str);
            let col = lines
                .get(cut)
                .map_or(0, |l| l.chars().take_while(|c| c.is_whitespace()).count())
                as u32
                + 1;
            game.diagnostics.push(Diagnostic::info(
                code::SEPARATOR_SPLIT,
                sep_line(cut),
                col,
                if text.is_empty() {
                    format!(
                        "a blank line, then {start:?} beginning the game again: the text after it read as a game of its own"
                    )
                } else if is_heading(text) {
                    format!(
                        "heading line {text:?} starts a new game ({start:?} begins it again), read as a game of its own"
                    )
                } else {
                    format!(
                        "separator line {text:?} ends the game before it: the text after it starts a new game ({start:?} begins it again), read as a game of its own"
                    )
                },
            ));
        }
        // the game's diagnostics on its lines (those of the tags go with the first game)
        let end_line = body_line + hi as u32;
        while let Some(d) = diagnostics.next_if(|d| d.line < end_line || hi == lines.len()) {
            game.diagnostics.push(d);
        }
        // (a rule before the rule that ends the game; the last game's was dropped already)
        drop_trailing_separator(&mut game);
        header_tags(&mut game);
        out.push(game);
    }
}

/// A line of three or more of one dash, equals sign, asterisk, tilde or box-drawing line
/// ([`crate::text::is_separator`], kept here for the notations that ask it here).
pub(crate) use crate::text::is_separator;

/// The (line, column) of each tag of a game, in the order [`split_games`] read them: its tag
/// lines read again (only for a game with a tag to report on).
fn tag_positions(raw: &str, first_line: u32) -> Vec<(u32, u32)> {
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
/// traditional) and Korean names of CONTRACT.md's tags, `WhitePlayer`/`BlackPlayer` (a name of
/// two words run together by [`tag_name`]). None for the common names themselves and for any name
/// whose meaning is not plain.
fn common_tag_name(name: &str) -> Option<&'static str> {
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

/// What [`normalize_date`] makes of a `Date` tag.
#[derive(Debug, PartialEq)]
enum DateForm {
    /// `YYYY.MM.DD` already (with `?` for unknown digits), or empty.
    Canonical,
    Normalized(String),
    /// Not read for sure; why.
    Doubtful(&'static str),
}

/// A `Date` value in the form of CONTRACT.md, `YYYY.MM.DD` with `??` for parts not known: year,
/// month, day in that order (`2023-04-15`, `2023/4/15`, `2023.4.15`, `2023年4月15日`,
/// `2023년 4월 15일`, `2023-04`, `2023`), day first before a four-digit year after dots
/// (`15.04.2023`, the European form) or when the day is over 12 (`15/04/2023`), month first when
/// the second number is over 12 (`04/15/2023`), an English month name in any position
/// (`April 15, 2023`, `15 Apr 2023`). Full-width digits are read as digits.
fn normalize_date(v: &str) -> DateForm {
    let b = v.as_bytes();
    let dq = |c: u8| c.is_ascii_digit() || c == b'?';
    if v.is_empty()
        || (b.len() == 10
            && b.iter()
                .enumerate()
                .all(|(i, &c)| if i == 4 || i == 7 { c == b'.' } else { dq(c) }))
    {
        return DateForm::Canonical;
    }
    let folded: String = v.trim().chars().map(crate::text::fold_width).collect();
    if folded.is_empty() {
        return DateForm::Canonical;
    }
    // the parts: runs of digits or of `?`, and words (a month's name)
    let mut nums: Vec<String> = Vec::new();
    let mut month_word: Option<(usize, u32)> = None;
    let (mut dots, mut cjk) = (false, false);
    let mut cs = folded.chars().peekable();
    while let Some(&c) = cs.peek() {
        if c.is_ascii_digit() || c == '?' {
            let mut n = String::new();
            while let Some(&d) = cs.peek().filter(|d| d.is_ascii_digit() || **d == '?') {
                n.push(d);
                cs.next();
            }
            nums.push(n);
        } else if c.is_ascii_alphabetic() {
            let mut w = String::new();
            while let Some(&d) = cs.peek().filter(|d| d.is_ascii_alphabetic()) {
                w.push(d.to_ascii_lowercase());
                cs.next();
            }
            let m = MONTHS
                .iter()
                .position(|m| w.len() >= 3 && m.starts_with(&w) || (w.len() == 4 && w == "sept"));
            match (m, month_word) {
                (Some(m), None) => month_word = Some((nums.len(), m as u32 + 1)),
                (None, _) if matches!(w.as_str(), "st" | "nd" | "rd" | "th" | "of") => {}
                _ => return DateForm::Doubtful("a word that is no month"),
            }
        } else {
            match c {
                '.' => dots = true,
                '年' | '月' | '日' | '년' | '월' | '일' => cjk = true,
                '-' | '/' | ' ' | ',' | '·' | '\t' | '号' | '號' => {}
                _ => return DateForm::Doubtful("a character no date form has"),
            }
            cs.next();
        }
    }
    if nums.is_empty() || nums.len() + usize::from(month_word.is_some()) > 3 {
        return DateForm::Doubtful("not a year, month and day");
    }
    let num = |s: &str| -> Option<u32> {
        if s.chars().all(|c| c == '?') {
            None
        } else {
            s.parse().ok()
        }
    };
    let is_year = |s: &str| s.len() == 4;
    // year, month, day as text (`?` parts kept as unknown)
    let (y, m, d): (String, Option<String>, Option<String>);
    if let Some((at, month)) = month_word {
        // `April 15, 2023`, `15 April 2023`, `2023 April 15`, `April 2023`
        let year = nums.iter().position(|n| is_year(n));
        let Some(yi) = year else {
            return DateForm::Doubtful("no four-digit year");
        };
        y = nums[yi].clone();
        m = Some(month.to_string());
        d = nums
            .iter()
            .enumerate()
            .find(|(i, _)| *i != yi)
            .map(|(_, n)| n.clone());
        let _ = at;
    } else if is_year(&nums[0]) {
        y = nums[0].clone();
        m = nums.get(1).cloned();
        d = nums.get(2).cloned();
    } else if nums.len() == 3 && is_year(&nums[2]) && !cjk {
        let (a, bb) = (num(&nums[0]), num(&nums[1]));
        let day_first = if dots {
            true
        } else {
            match (a, bb) {
                (Some(a), Some(b)) if a > 12 && b <= 12 => true,
                (Some(a), Some(b)) if b > 12 && a <= 12 => false,
                (Some(a), Some(b)) if a == b => true,
                _ => return DateForm::Doubtful("day and month could be either way round"),
            }
        };
        y = nums[2].clone();
        let (dd, mm) = if day_first { (0, 1) } else { (1, 0) };
        m = Some(nums[mm].clone());
        d = Some(nums[dd].clone());
    } else {
        return DateForm::Doubtful("no four-digit year first or last");
    }
    let part = |p: &Option<String>, max: u32| -> Result<String, &'static str> {
        match p {
            None => Ok("??".to_string()),
            Some(s) if s.chars().all(|c| c == '?') => Ok("??".to_string()),
            Some(s) => match s.parse::<u32>() {
                Ok(n) if (1..=max).contains(&n) && s.len() <= 2 => Ok(format!("{n:02}")),
                _ => Err("a month or day out of range"),
            },
        }
    };
    if !(y.chars().all(|c| c.is_ascii_digit()) || y.chars().all(|c| c == '?')) {
        return DateForm::Doubtful("a year that is not four digits");
    }
    let (mm, dd) = match (part(&m, 12), part(&d, 31)) {
        (Ok(mm), Ok(dd)) => (mm, dd),
        (Err(e), _) | (_, Err(e)) => return DateForm::Doubtful(e),
    };
    let y = if y.starts_with('?') {
        "????".to_string()
    } else {
        y
    };
    let out = format!("{y}.{mm}.{dd}");
    if out == v {
        DateForm::Canonical
    } else {
        DateForm::Normalized(out)
    }
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// A body line of [`split_games`], bytes `start..end` of the text (`next`: where the next line
/// starts), added to the game being built (or starting one).
#[inline(always)]
fn body_line(
    cur: &mut Option<Building>,
    lineno: u32,
    start: usize,
    end: usize,
    next: usize,
    exact: bool,
) {
    let b = cur.get_or_insert_with(|| Building::new(lineno, start));
    if !b.body_started {
        b.body_started = true;
        b.body_line = lineno;
        b.body_start = start;
    }
    b.body_exact &= exact;
    b.body_end = end;
    b.end = next;
}

struct Building {
    line: u32,
    body_line: u32,
    start: usize,
    end: usize,
    tags: Vec<(String, String)>,
    /// Bytes of the body in the text: from its first line to the end of its last non-blank line.
    body_start: usize,
    body_end: usize,
    /// True while every body line (blank ones included) is exactly its line in the text.
    body_exact: bool,
    body_started: bool,
    /// Lines read as tags (a line may hold several tags).
    tag_lines: u32,
    /// Its first tag line is the line after a game's last body line (no blank line between).
    after_body: bool,
    /// A blank line came after its tags, and no body yet.
    blank_after_tags: bool,
    diagnostics: Vec<Diagnostic>,
}

/// Whether tags hold one of this name (in any case).
fn has_tag(tags: &[(String, String)], name: &str) -> bool {
    tags.iter().any(|(k, _)| k.eq_ignore_ascii_case(name))
}

impl Building {
    fn new(line: u32, start: usize) -> Self {
        Building {
            line,
            body_line: line,
            start,
            end: start,
            tags: Vec::new(),
            body_start: start,
            body_end: start,
            body_exact: true,
            body_started: false,
            tag_lines: 0,
            after_body: false,
            blank_after_tags: false,
            diagnostics: Vec::new(),
        }
    }

    fn has_tag(&self, name: &str) -> bool {
        has_tag(&self.tags, name)
    }

    /// A tag block with no body read as trailing tags of the game `p` before it (which starts at
    /// `p_start` in the text): its tags and their diagnostics go to `p`, a tag `p` has already
    /// warned as given twice, and `p`'s raw text runs to the block's end.
    #[cold]
    fn trail(self, p: &mut RawGame, text: &str, p_start: usize) {
        let names: Vec<&str> = self.tags.iter().map(|(k, _)| k.as_str()).collect();
        p.diagnostics.push(Diagnostic::info(
            code::TRAILING_TAGS,
            self.line,
            1,
            format!(
                "tags after the game's moves ({}) read as the game's",
                names.join(", ")
            ),
        ));
        p.diagnostics.extend(self.diagnostics);
        for (name, value) in self.tags {
            if has_tag(&p.tags, &name) {
                p.diagnostics.push(Diagnostic::warning(
                    code::TAG_DUPLICATE,
                    self.line,
                    1,
                    format!("tag {name} given twice; the first value is used"),
                ));
            }
            p.tags.push((name, value));
        }
        p.raw = text
            .get(p_start..self.end)
            .unwrap_or_default()
            .trim_end()
            .to_string();
    }

    fn finish(mut self, text: &str) -> RawGame {
        if !self.body_started {
            self.body_line = self.line + self.tag_lines;
        }
        let raw = text
            .get(self.start..self.end)
            .unwrap_or_default()
            .trim_end()
            .to_string();
        RawGame {
            line: self.line,
            body_line: self.body_line,
            tags: self.tags,
            body: body_text(
                text.get(self.body_start..self.body_end).unwrap_or_default(),
                self.body_exact,
            ),
            raw,
            diagnostics: self.diagnostics,
        }
    }
}

/// A body from its slice of the text: its lines joined by `\n`, each without its trailing `\r`s,
/// and blank lines emptied. `exact` says that the slice is that already.
fn body_text(slice: &str, exact: bool) -> String {
    if exact {
        return slice.to_string();
    }
    let mut out = String::with_capacity(slice.len());
    for (i, line) in slice.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line = line.trim_end_matches('\r');
        if !line.trim().is_empty() {
            out.push_str(line);
        }
    }
    out
}

/// The severity counts of a list of diagnostics: (errors, warnings).
pub fn counts(d: &[Diagnostic]) -> (usize, usize) {
    (
        d.iter().filter(|x| x.severity == Severity::Error).count(),
        d.iter().filter(|x| x.severity == Severity::Warning).count(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's tags as (key, value) pairs of strs, in order.
    fn tag_pairs(g: &RawGame) -> Vec<(&str, &str)> {
        g.tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect()
    }

    #[test]
    fn lines_are_those_of_split_inclusive() {
        for t in [
            "",
            "a",
            "a\n",
            "\n\n",
            "a\nb",
            "a\r\nb\n\nc",
            "魏\n蜀\r\n吴",
            "[Event \"Spring Cup\"]\n\nA(Egypt): Popu, Elite\nCre-->Pin(X)-->SIber\n",
        ] {
            let ours: Vec<&str> = lines_inclusive(t).collect();
            let std: Vec<&str> = t.split_inclusive('\n').collect();
            assert_eq!(ours, std, "{t:?}");
        }
        // Lines found a word at a time: a line end at every place of the first words and the
        // tail, beside bytes one off `\n` and with the high bit set.
        for len in 0..40 {
            for at in 0..len {
                let mut c: Vec<char> = "\u{b}\t魏x".chars().cycle().take(len).collect();
                c.insert(at, '\n');
                let t: String = c.into_iter().collect();
                let ours: Vec<&str> = lines_inclusive(&t).collect();
                let std: Vec<&str> = t.split_inclusive('\n').collect();
                assert_eq!(ours, std, "{t:?}");
            }
        }
    }

    /// The strict shortcut reads a line exactly as the lenient reader does, or leaves it to it:
    /// over hand-picked tag lines and every one-character deletion, insertion (from a set of
    /// characters that matter to tags) and doubling of each of them.
    #[test]
    fn strict_tags_read_as_the_lenient_reader_reads_them() {
        let lines = [
            "[Event \"Spring Cup\"]",
            "[Event  \"Spring Cup\"]  ",
            "[Event\t\"三國杯 2017\"]",
            "[A \"\"]",
            "[Game \"HotW\"] [Round \"2\"]",
            "[Note \"a \\\" quoted\"]",
            "[Note \"ends in a backslash\\\"]",
            "[Site \"Taipei\" ]",
            "[Site \"Taipei\"]\u{3000}",
            "[Round: \"3\"]",
            "[Event \"Open]",
            "[Event Winter cup]",
            "[X_1-b \"v\"]",
            "[1st \"v\"]",
            "[AbcdefghijAbcdefghijAbcdefghij12 \"32 letters\"]",
            "[AbcdefghijAbcdefghijAbcdefghij123 \"33 letters\"]",
            "[Event “Spring”]",
            "[胜利]",
        ];
        let inserts = [
            '"', ' ', '\t', ']', '[', '\\', ':', '：', '］', '“', 'x', '魏', '\u{3000}',
        ];
        let mut checked = 0;
        let mut compare = |l: &str| {
            let lenient = lenient_tag_line(l);
            if let Some(tag) = strict_tag(l) {
                assert_eq!(TagLine::Tags(vec![tag]), lenient, "{l:?}");
                checked += 1;
            }
        };
        for line in lines {
            compare(line);
            let cs: Vec<char> = line.chars().collect();
            for i in 0..=cs.len() {
                let mut del = cs.clone();
                if i < cs.len() {
                    del.remove(i);
                    compare(&del.iter().collect::<String>());
                    let mut dup = cs.clone();
                    dup.insert(i, cs[i]);
                    compare(&dup.iter().collect::<String>());
                }
                for c in inserts {
                    let mut ins = cs.clone();
                    ins.insert(i, c);
                    compare(&ins.iter().collect::<String>());
                }
            }
        }
        // The shortcut is taken, not always declined.
        assert!(checked > 300, "{checked}");
    }

    #[test]
    fn splits_games_on_tag_blocks() {
        let text = "[Event \"A\"]\n[Game \"HotW\"]\n\nC(Hit): E.Ana-->Lev\n\n[Event \"B\"]\n\nbody two\nline\n\n\n";
        let g = split_games(text);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].line, 1);
        assert_eq!(g[0].body_line, 4);
        assert_eq!(
            g[0].tags,
            vec![("Event".into(), "A".into()), ("Game".into(), "HotW".into())]
        );
        assert_eq!(g[0].body, "C(Hit): E.Ana-->Lev");
        assert_eq!(
            g[0].raw,
            "[Event \"A\"]\n[Game \"HotW\"]\n\nC(Hit): E.Ana-->Lev"
        );
        assert_eq!(g[1].line, 6);
        assert_eq!(g[1].body_line, 8);
        assert_eq!(g[1].body, "body two\nline");
    }

    #[test]
    fn status_line_is_not_a_tag() {
        let g =
            split_games("[Title \"魏胜局\"]\n\n1.马6进5，炮12平10，相7进9\n[胜利] [认负] [认负]\n");
        assert_eq!(g.len(), 1);
        assert!(g[0].body.ends_with("[胜利] [认负] [认负]"));
    }

    #[test]
    fn lenient_tags_are_flagged() {
        let g = split_games("[Event \"Open]\n[吴 “孙”]\n\nx");
        assert_eq!(g[0].tags[0], ("Event".into(), "Open".into()));
        assert_eq!(g[0].tags[1], ("吴".into(), "孙".into()));
        assert_eq!(g[0].diagnostics.len(), 2);
        assert!(
            g[0].diagnostics
                .iter()
                .all(|d| d.code == code::TAG_MALFORMED)
        );
    }

    #[test]
    fn other_transcribers_tag_habits() {
        let text = "［Event “Winter cup”］\n[Site: \"Kowloon\"]\n[Date \"1995.03.01\"] [Round \"2\"]\n\
                    [A 'Ann']\n[B Lee Ka-ming]\n[Annotator 「陳」]\n[Title \"The \\\"Open\\\"\"]\n\nEI\n";
        let g = split_games(text);
        assert_eq!(g.len(), 1, "{g:?}");
        let tags = tag_pairs(&g[0]);
        assert_eq!(
            tags,
            vec![
                ("Event", "Winter cup"),
                ("Site", "Kowloon"),
                ("Date", "1995.03.01"),
                ("Round", "2"),
                ("A", "Ann"),
                ("B", "Lee Ka-ming"),
                ("Annotator", "陳"),
                ("Title", "The \"Open\""),
            ]
        );
        // the strict ones (Date, Round, Title) are not flagged; the body starts after 7 tag lines
        let flagged: Vec<u32> = g[0].diagnostics.iter().map(|d| d.line).collect();
        assert_eq!(flagged, vec![1, 2, 4, 5, 6]);
        assert_eq!((g[0].body_line, g[0].body.as_str()), (9, "EI"));
    }

    #[test]
    fn tags_with_spaces_inside_their_brackets() {
        let g = split_games("[ Event \"Winter cup\" ]\n[Site \"Leeds\" ]\n[  Round 2 ]\n\nEI\n");
        assert_eq!(g.len(), 1, "{g:?}");
        let tags = tag_pairs(&g[0]);
        assert_eq!(
            tags,
            vec![("Event", "Winter cup"), ("Site", "Leeds"), ("Round", "2")]
        );
        assert!(
            g[0].diagnostics
                .iter()
                .all(|d| d.code == code::TAG_MALFORMED)
        );
        assert_eq!(g[0].body, "EI");
    }

    #[test]
    fn a_remark_between_tag_lines_splits_no_game() {
        for remark in [
            "# from the club book",
            "// copied by Ann",
            "copied from the club book",
        ] {
            let text = format!(
                "[Event \"Winter cup\"]\n{remark}\n[Site \"Leeds\"]\n\nEI\nA(Sumer): Lead\n"
            );
            let g = split_games(&text);
            assert_eq!(g.len(), 1, "{remark}: {g:?}");
            assert_eq!(g[0].tags.len(), 2, "{remark}");
            assert_eq!(g[0].body, "EI\nA(Sumer): Lead", "{remark}");
            assert!(g[0].raw.contains(remark));
            assert!(
                g[0].diagnostics
                    .iter()
                    .any(|d| d.code == code::TAG_REMARK && d.line == 2),
                "{remark}"
            );
        }
        // a game's moves, then the next game's tags: two games
        let g = split_games("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4\n");
        assert_eq!(g.len(), 2);
        let g = split_games("[Event \"a\"]\nEI\n[Site \"b\"]\nEI\n");
        assert_eq!(g.len(), 2);
    }

    #[test]
    fn tags_written_after_the_moves_are_the_games_before() {
        let tags = |g: &RawGame| -> Vec<String> {
            g.tags.iter().map(|(k, v)| format!("{k}={v}")).collect()
        };
        // right after the last move, then a blank line and the next game's tags
        let text = "[Game \"Sanguo\"]\n[Event \"x\"]\n\n1.车5进1\n2.车5退1\n[Result \"魏胜\"]\n[Date \"2023.01.02\"]\n\n[Game \"Sanguo\"]\n[Event \"y\"]\n\n1.车5进1\n";
        let g = split_games(text);
        assert_eq!(g.len(), 2);
        assert_eq!(
            tags(&g[0]),
            ["Game=Sanguo", "Event=x", "Result=魏胜", "Date=2023.01.02"]
        );
        assert_eq!(tags(&g[1]), ["Game=Sanguo", "Event=y"]);
        assert!(
            g[0].raw
                .ends_with("2.车5退1\n[Result \"魏胜\"]\n[Date \"2023.01.02\"]")
        );
        assert!(g[1].raw.starts_with("[Game \"Sanguo\"]\n[Event \"y\"]"));
        assert_eq!(g[1].line, 9);
        let d = &g[0].diagnostics[0];
        assert_eq!((d.code.as_str(), d.line), (code::TRAILING_TAGS, 6));
        assert_eq!(
            d.message,
            "tags after the game's moves (Result, Date) read as the game's"
        );
        assert!(g[1].diagnostics.is_empty());
        // the game's raw text reads again as itself (a stored game reparsed)
        let again = split_games(&g[0].raw);
        assert_eq!((again.len(), tags(&again[0])), (1, tags(&g[0])));
        // at the end of the file, after a blank line: no tag the game has
        let g = split_games("[Event \"x\"]\n\n1.车5进1\n\n[Result \"魏胜\"]\n");
        assert_eq!(
            (g.len(), tags(&g[0])),
            (1, vec!["Event=x".to_string(), "Result=魏胜".to_string()])
        );
        // … but a tag block naming the game's tags again is a game with no body (rejected by the
        // import), not the game's
        let g = split_games("[Event \"x\"]\n\n1.车5进1\n\n[Event \"y\"]\n");
        assert_eq!(g.len(), 2);
        // between blank lines, naming a tag of the next game's first line and none of the game
        // before: the game before's
        let g = split_games(
            "[Event \"x\"]\n\n1.车5进1\n\n[Result \"魏胜\"]\n\n[Result \"吴胜\"]\n[Event \"y\"]\n\n1.车5进1\n",
        );
        assert_eq!(tags(&g[0]), ["Event=x", "Result=魏胜"]);
        assert_eq!(tags(&g[1]), ["Result=吴胜", "Event=y"]);
        // a blank line inside the first game's tag block: one block, as before
        let g = split_games("[Event \"x\"]\n\n[Date \"2023.01.02\"]\n\n1.车5进1\n");
        assert_eq!(
            (g.len(), tags(&g[0])),
            (
                1,
                vec!["Event=x".to_string(), "Date=2023.01.02".to_string()]
            )
        );
        // … and inside a later game's, after a blank line: also one block
        let g = split_games(
            "[Event \"x\"]\n\n1.车5进1\n\n[Event \"y\"]\n\n[Date \"2023.01.02\"]\n\n1.车5进1\n",
        );
        assert_eq!(g.len(), 2);
        assert_eq!(tags(&g[1]), ["Event=y", "Date=2023.01.02"]);
        // tags right after the moves followed by moves are the next game's, as before
        let g = split_games("[Event \"x\"]\n\n1.车5进1\n[Event \"y\"]\n1.车5进1\n");
        assert_eq!((g.len(), tags(&g[1])), (2, vec!["Event=y".to_string()]));
    }

    #[test]
    fn tags_quoted_in_other_languages_marks() {
        let text = "[White „Ben“]\n[Black „Ada”]\n[Date «2023-04-15»]\n[Site »Aarhus«]\n[Round ‹3›]\n[Event 《三国杯》]\n\n1.车5进1\n";
        let g = &split_games(text)[0];
        let tags = tag_pairs(g);
        assert_eq!(
            tags,
            [
                ("White", "Ben"),
                ("Black", "Ada"),
                ("Date", "2023.04.15"),
                ("Site", "Aarhus"),
                ("Round", "3"),
                ("Event", "三国杯"),
            ]
        );
        assert_eq!(
            g.diagnostics
                .iter()
                .filter(|d| d.code == code::TAG_MALFORMED)
                .count(),
            6
        );
    }

    #[test]
    fn bracketed_body_lines_stay_body_lines() {
        for line in [
            "[胜利] [灭国] [认负]",
            "[吴 胜利] [魏 灭国] [蜀 认负]",
            "[蜀困魏·困毙灭国]",
            "[Event] x",
            "[Round 3] [Site x]",
        ] {
            let g = split_games(&format!("1.马6进5，炮12平10，相7进9\n{line}\n"));
            assert_eq!(g.len(), 1, "{line}");
            assert!(g[0].tags.is_empty(), "{line}: {:?}", g[0].tags);
            assert!(g[0].body.ends_with(line), "{line}");
        }
    }

    #[test]
    fn concatenated_files_keep_their_byte_order_marks_out_of_the_tags() {
        let g = split_games(
            "\u{feff}[Game \"HotW\"]\n\nEI\n\u{feff}[Game \"WEC\"]\n\nMV:TA(1,1)->(2,1)\n",
        );
        assert_eq!(g.len(), 2);
        assert_eq!(g[1].tags, vec![("Game".into(), "WEC".into())]);
        assert_eq!(g[1].body, "MV:TA(1,1)->(2,1)");
    }

    #[test]
    fn carriage_returns_alone_end_lines() {
        let d = decode(b"[Game \"HotW\"]\r\rEI\rA(Sumer): LTig-->Zag 5\r").expect("text");
        assert_eq!(d.text, "[Game \"HotW\"]\n\nEI\nA(Sumer): LTig-->Zag 5\n");
        assert_eq!(d.diagnostics[0].code, code::LINE_ENDINGS);
        let g = split_games(&d.text);
        assert_eq!(
            (g.len(), g[0].body.as_str()),
            (1, "EI\nA(Sumer): LTig-->Zag 5")
        );
        // CRLF files are left alone
        let d = decode(b"EI\r\nA(Sumer): LTig-->Zag 5\r\n").expect("text");
        assert!(d.diagnostics.is_empty());
    }

    #[test]
    fn control_characters_are_counted_per_character() {
        let by_chars = |s: &str| {
            let controls = s
                .chars()
                .filter(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\u{c}'))
                .count();
            !(s.contains('\0') || controls * 20 > s.chars().count().max(1))
        };
        for s in [
            "",
            "plain text\n",
            "魏殺漢\u{1}\u{2}",
            "\u{85}\u{9f}\u{a0}abc",
            "a\u{7f}\u{80}",
            "x\0y",
            "\u{1}",
            "ab\u{1b}cdefghijklmnopqrstuvwxyz",
            "αβγ\u{9}\u{b}\u{c}\u{d}",
        ] {
            assert_eq!(check_text(s).is_ok(), by_chars(s), "{s:?}");
        }
    }

    #[test]
    fn untagged_file_is_one_game() {
        let g = split_games("\n\nC(Hit): E.Ana-->Lev,Zag;\r\nE.Ana(+m)\r\n");
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].line, 3);
        assert_eq!(g[0].body, "C(Hit): E.Ana-->Lev,Zag;\nE.Ana(+m)");
    }

    #[test]
    fn decodes_the_encodings_clubs_use() {
        let s = "[Title \"魏殺漢·魏勝\"]\n\n1.馬6進5，炮12平10，相7進9\n";
        let (gb, _, _) = encoding_rs::GB18030.encode(s);
        let d = decode(&gb).expect("gb18030");
        assert_eq!((&*d.text, d.encoding), (s, "gb18030"));
        let (big5, _, _) = encoding_rs::BIG5.encode(s);
        let d = decode(&big5).expect("big5");
        assert_eq!((&*d.text, d.encoding), (s, "Big5"));
        let mut u16: Vec<u8> = vec![0xFF, 0xFE];
        for u in s.encode_utf16() {
            u16.extend_from_slice(&u.to_le_bytes());
        }
        let d = decode(&u16).expect("utf-16");
        assert_eq!((&*d.text, d.encoding), (s, "UTF-16LE"));
        let mut bom = vec![0xEF, 0xBB, 0xBF];
        bom.extend_from_slice(s.as_bytes());
        let d = decode(&bom).expect("utf-8 bom");
        assert_eq!(d.text, s);
        assert_eq!(d.diagnostics[0].code, code::ENCODING);
    }

    #[test]
    fn c1_controls_make_a_binary_file_and_middle_dots_do_not() {
        // a long line of `·` (0xC2 0xB7) and text, across the counting runs' boundaries
        let dots = format!("[Title \"{}\"]\n", "魏·吴·".repeat(200));
        assert!(decode(dots.as_bytes()).is_ok());
        // one C1 control (U+0085, 0xC2 0x85) in ten characters is too many; one in 40 is not
        let c1 = |every: usize| -> String {
            (0..1000)
                .map(|i| if i % every == 0 { '\u{85}' } else { 'a' })
                .collect()
        };
        assert_eq!(decode(c1(10).as_bytes()).unwrap_err().code, code::BINARY);
        assert!(decode(c1(40).as_bytes()).is_ok());
        // the same for ASCII controls, and NUL at any count
        let ascii = |every: usize, ctl: char| -> String {
            (0..1000)
                .map(|i| if i % every == 0 { ctl } else { 'a' })
                .collect()
        };
        assert_eq!(
            decode(ascii(10, '\u{1}').as_bytes()).unwrap_err().code,
            code::BINARY
        );
        assert!(decode(ascii(40, '\u{7f}').as_bytes()).is_ok());
        assert!(decode(ascii(10, '\t').as_bytes()).is_ok());
        assert_eq!(
            decode(ascii(1000, '\0').as_bytes()).unwrap_err().code,
            code::BINARY
        );
    }

    #[test]
    fn a_utf8_file_with_a_few_damaged_bytes_is_read_with_them_replaced_where_they_are() {
        let s = "[Title \"魏胜局\"]\n\n1.马6进5，炮12平10 {注}\n2.车5进1\n";
        // two of the three bytes of 注 (E6 B3 A8): a character cut between editors
        let at = s.find('注').expect("注");
        let mut b = s.as_bytes().to_vec();
        b.splice(at..at + 3, [0xe6, 0xb3]);
        let d = decode(&b).expect("read as UTF-8");
        assert_eq!(d.encoding, "UTF-8");
        assert_eq!(d.text, s.replace('注', "\u{fffd}"));
        let [w] = d.diagnostics.as_slice() else {
            panic!("{:?}", d.diagnostics)
        };
        assert_eq!(
            (w.code.as_str(), w.severity, w.line, w.col),
            (code::ENCODING_REPLACED, Severity::Warning, 3, 16)
        );
        assert!(
            w.message.starts_with("2 bytes not valid UTF-8"),
            "{}",
            w.message
        );
        // bytes damaged in two places, one of them a run of two invalid sequences (FF, FF; FF FE would be a byte-order mark)
        let mut b2 = b.clone();
        b2.splice(0..0, *b"\xff\xff");
        let d = decode(&b2).expect("read as UTF-8");
        let at: Vec<(u32, u32, &str)> = d
            .diagnostics
            .iter()
            .map(|d| (d.line, d.col, &d.message[..7]))
            .collect();
        assert_eq!(at, [(1, 1, "2 bytes"), (3, 16, "2 bytes")]);
        // a file whose every multi-byte character is damaged is not UTF-8 with damage: as GBK
        // bytes are not, it goes on to the legacy encodings
        let (gb, _, _) = encoding_rs::GB18030.encode("魏胜局：马六进五，炮十二平十，相七进九");
        assert_eq!(decode(&gb).expect("gb18030").encoding, "gb18030");
    }

    #[test]
    fn header_lines_at_the_top_of_a_body_give_the_tags_they_name() {
        let text = "[Event \"Spring cup\"]\n\nEvent: Winter cup\nTournament: Other\nPlace: Leeds\n日期：2023年4月15日\nBlack: Ada\nTitle: 魏胜\nResult: 1-0\nRound 3: later\n1. MV:JE(1,4)->^(1,4)\nSource: a note after a turn\n";
        let g = &split_games(text)[0];
        // the tag block's Event stays; Tournament is the Event too, so not a second one; the seat,
        // Title and Result lines are left to the notation; `Round 3:` has a digit in its name and
        // ends the header, so the Source line after it is none
        assert_eq!(
            g.tags,
            [
                ("Event".to_string(), "Spring cup".to_string()),
                ("Site".to_string(), "Leeds".to_string()),
                ("Date".to_string(), "2023.04.15".to_string()),
            ]
        );
        let read: Vec<(u32, &str)> = g
            .diagnostics
            .iter()
            .map(|d| (d.line, d.code.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                (5, code::HEADER_TAG),
                (6, code::DATE_FORM),
                (6, code::HEADER_TAG)
            ]
        );
        assert_eq!(
            g.diagnostics[0].message,
            "header line \"Place: Leeds\" read as the tag [Site \"Leeds\"]"
        );
        // the body is as written: the notations read these lines as header lines
        assert!(g.body.starts_with("Event: Winter cup\n"));
        // a body that starts with a move has no header
        let g = &split_games("1.车5进1，马6进5，车5进1\nEvent: late\n")[0];
        assert!(g.tags.is_empty() && g.diagnostics.is_empty());
    }

    #[test]
    fn decodes_korean_and_western_legacy_files() {
        let k = "[Event \"서울 클럽의 밤\"]\n[Black \"박에이다\"]\n[White \"조벤\"]\n\n블랙: MV:JE(1,4)->^(1,4)\n화이트: MV:JE(10,4)->^(10,4)\n흑색: MV:SP(2,2)->(3,3)\n";
        let (euc, _, _) = encoding_rs::EUC_KR.encode(k);
        let d = decode(&euc).expect("euc-kr");
        assert_eq!((&*d.text, d.encoding), (k, "EUC-KR"));
        assert_eq!(d.diagnostics[0].message, "transcoded from EUC-KR to UTF-8");
        let w = "[Event \"Café Diplomatie\"]\n[France \"Béatrice Baudin\"]\n\nSpring 1901\nFrance: A Par-Bur {Zoë’s “plan”}\n";
        let (cp, _, _) = encoding_rs::WINDOWS_1252.encode(w);
        let d = decode(&cp).expect("windows-1252");
        assert_eq!((&*d.text, d.encoding), (w, "windows-1252"));
        // one curly quote in an ASCII file
        let d = decode(b"England: F Lon-Nth {Archer\x92s idea}\n").expect("windows-1252");
        assert_eq!(d.text, "England: F Lon-Nth {Archer’s idea}\n");
    }

    #[test]
    fn rejects_binary_and_other_encodings() {
        assert_eq!(
            decode(&[0x50, 0x4B, 0x03, 0x04, 0, 0, 0x14, 0])
                .unwrap_err()
                .code,
            code::BINARY
        );
        let (sjis, _, _) = encoding_rs::SHIFT_JIS
            .encode("これは日本語のテキストです。棋譜の記録。ひらがなとカタカナ。");
        assert_eq!(decode(&sjis).unwrap_err().code, code::ENCODING_UNSUPPORTED);
    }
}
