//! What a record was wrapped in when it was pasted or sent, taken off before the file is split
//! into games ([`crate::record::decode`] calls [`unwrap`]): the HTML of a web page (`<br>`,
//! `&quot;`), the `>` marks of an e-mail reply, a Markdown code fence (```` ``` ````) or a forum's
//! code tags (`[code]`, `[quote=Bob]`), and an e-mail signature after a `-- ` line. None of these
//! is any notation's: each is read past with an info diagnostic, and the text the games are cut
//! from (and the raw text stored for each) is the text within.
//!
//! A file with none of them costs a few `memmem` scans of its first 4 KiB and last 1 KiB, and is
//! not copied.

use memchr::memmem;

use crate::diag::Diagnostic;

/// Diagnostic codes of the wrappers taken off (also at `record::code::…`, beside the other
/// codes of reading a file).
pub mod code {
    /// info: the file is the HTML of a web page (`<br>`, `<p>`, `&quot;`, `&amp;`): its tags
    /// are read as the line breaks they make and its entities as their characters
    /// ([`unwrap`](super::unwrap)). At line 1, column 1.
    pub const HTML: &str = "record.html";
    /// info: the file is an e-mail reply, its lines quoted with `>` (`> [Event "…"]`, nested
    /// `> > `): read without the marks. At line 1, column 1; the message names the first line.
    pub const QUOTED: &str = "record.quoted";
    /// info: a line that is a Markdown code fence (```` ``` ````, ```` ```text ````) or a forum's
    /// code or quote tag (`[code]`, `[/code]`, `[quote=Bob]`, also at the start or end of a
    /// line), left out.
    pub const WRAPPER: &str = "record.wrapper";
    /// info: an e-mail signature (a `-- ` line and at most ten lines after it, to the end of the
    /// file), left out; the message quotes it.
    pub const SIGNATURE: &str = "record.signature";
}

/// How much of a file's start, and of its end, is looked at for a wrapper.
const HEAD: usize = 4096;
const TAIL: usize = 1024;

/// The unwrapped text and what was taken off, or `None` when the text is wrapped in nothing.
pub(crate) fn unwrap(text: &str) -> Option<(String, Vec<Diagnostic>)> {
    // A wrapper shows at the file's start (a page's markup is on every line, a reply's marks
    // and a fence come before the record) or, a signature, at its end: only those are looked at,
    // so that a large file costs no more than a small one.
    let all = text.as_bytes();
    let b = all.get(..all.len().min(HEAD)).unwrap_or(all);
    let tail = all.get(all.len().saturating_sub(TAIL)..).unwrap_or(all);
    let html = has_html(b);
    let quoted = b.first() == Some(&b'>')
        || memmem::find(b, b"\n>").is_some()
        || memmem::find(b, b"\n >").is_some();
    let fenced = memmem::find(b, b"```").is_some()
        || memmem::find(b, b"[/").is_some()
        || memmem::find(tail, b"[/").is_some();
    let signed =
        memmem::find(tail, b"\n-- \n").is_some() || memmem::find(tail, b"\n-- \r\n").is_some();
    if !(html || quoted || fenced || signed) {
        return None;
    }
    let mut diags = Vec::new();
    let mut s: std::borrow::Cow<str> = std::borrow::Cow::Borrowed(text);
    if html && let Some((t, n)) = strip_html(&s) {
        diags.push(Diagnostic::info(
            code::HTML,
            1,
            1,
            format!(
                "the text holds the HTML of a web page ({n} line breaks, tags or entities such as <br> and &quot;): read as the plain text it shows"
            ),
        ));
        s = std::borrow::Cow::Owned(t);
    }
    let mut lines: Vec<String> = s.split('\n').map(str::to_string).collect();
    let mut changed = !diags.is_empty();
    if quoted && let Some(first) = strip_quotes(&mut lines) {
        diags.push(Diagnostic::info(
            code::QUOTED,
            1,
            1,
            format!(
                "the lines from line {first} on are quoted with `>` (an e-mail reply): read without the quote marks"
            ),
        ));
        changed = true;
    }
    if fenced {
        for (i, line) in lines.iter_mut().enumerate() {
            if let Some((kept, what)) = fence_line(line) {
                diags.push(Diagnostic::info(
                    code::WRAPPER,
                    line_no(i),
                    1,
                    format!("{what} around the record, left out"),
                ));
                *line = kept;
                changed = true;
            }
        }
    }
    if signed && let Some(d) = strip_signature(&mut lines) {
        diags.push(d);
        changed = true;
    }
    if !changed {
        return None;
    }
    Some((lines.join("\n"), diags))
}

fn line_no(i: usize) -> u32 {
    u32::try_from(i + 1).unwrap_or(u32::MAX)
}

/// Whether the text may be HTML: a line break or paragraph tag, or an entity.
fn has_html(b: &[u8]) -> bool {
    const NEEDLES: [&[u8]; 10] = [
        b"<br", b"<BR", b"<p>", b"</p>", b"<P>", b"</div>", b"&quot;", b"&amp;", b"&nbsp;", b"&#",
    ];
    NEEDLES.iter().any(|n| memmem::find(b, n).is_some())
        || (memmem::find(b, b"&lt;").is_some() && memmem::find(b, b"&gt;").is_some())
}

/// HTML tags that carry no text of a record: those that break a line, and those that only
/// style it.
const BREAKING: [&str; 14] = [
    "p",
    "div",
    "pre",
    "li",
    "tr",
    "hr",
    "blockquote",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "article",
];
const STYLING: [&str; 19] = [
    "b", "i", "u", "em", "strong", "span", "font", "code", "tt", "small", "big", "ul", "ol",
    "table", "tbody", "td", "html", "body", "section",
];

/// The text without its HTML tags (a line break where one breaks a line) and with its entities
/// read, and how many were; `None` when nothing was.
fn strip_html(s: &str) -> Option<(String, usize)> {
    let mut out = String::with_capacity(s.len());
    let mut n = 0usize;
    let mut rest = s;
    while let Some(i) = rest.find(['<', '&']) {
        let (before, at) = rest.split_at(i);
        out.push_str(before);
        if at.starts_with('<') {
            if let Some((len, breaks)) = html_tag(at) {
                n += 1;
                let after = at.get(len..).unwrap_or_default();
                let line_starts = out.is_empty() || out.ends_with('\n');
                let line_ends = after.is_empty() || after.starts_with(['\n', '\r']);
                // `<br>` is a line end of its own (`<br><br>`: a blank line), a paragraph's tag
                // only where no line ends already
                let newline = match breaks {
                    Break::Line => !line_ends,
                    Break::Block => !line_starts && !line_ends,
                    Break::None => false,
                };
                if newline {
                    out.push('\n');
                }
                rest = after;
                continue;
            }
        } else if let Some((len, c)) = entity(at) {
            n += 1;
            out.push(c);
            rest = at.get(len..).unwrap_or_default();
            continue;
        }
        // a `<` or `&` of the text itself (WEC writes `<` and `>` in its notation)
        let (c, after) = at.split_at(1);
        out.push_str(c);
        rest = after;
    }
    out.push_str(rest);
    (n > 0).then_some((out, n))
}

#[derive(Clone, Copy)]
enum Break {
    /// `<br>`
    Line,
    /// a paragraph, a division, a list item…
    Block,
    None,
}

/// A known HTML tag at the start of `s` (`<br>`, `<br />`, `</p>`, `<span class="x">`): its
/// length in bytes and how it breaks a line.
fn html_tag(s: &str) -> Option<(usize, Break)> {
    // (the tag ends at the first `>`, and is none when a `<` or a line end comes first: looking
    // no further than either keeps a line of many `<` linear)
    let found = s.get(1..)?.find(['>', '<', '\n']);
    crate::work::examined(found.map_or(s.len(), |k| k + 2));
    let end = 1 + found?;
    if s.as_bytes().get(end) != Some(&b'>') {
        return None;
    }
    let inner = s.get(1..end)?;
    let inner = inner
        .strip_prefix('/')
        .unwrap_or(inner)
        .trim_end_matches('/');
    let name_len = inner
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(inner.len());
    let (name, attrs) = inner.split_at(name_len);
    if !(attrs.is_empty() || attrs.starts_with(' ')) {
        return None;
    }
    let name = name.to_ascii_lowercase();
    if name == "br" {
        Some((end + 1, Break::Line))
    } else if BREAKING.contains(&name.as_str()) {
        Some((end + 1, Break::Block))
    } else if STYLING.contains(&name.as_str()) {
        Some((end + 1, Break::None))
    } else {
        None
    }
}

/// An HTML entity at the start of `s`: its length and the character it stands for.
fn entity(s: &str) -> Option<(usize, char)> {
    let end = s.bytes().take(12).position(|b| b == b';')?;
    let name = s.get(1..end)?;
    let c = match name {
        "quot" => '"',
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "apos" => '\'',
        "nbsp" => ' ',
        _ => {
            let num = name.strip_prefix('#')?;
            let v = match num.strip_prefix(['x', 'X']) {
                Some(h) => u32::from_str_radix(h, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(v).filter(|c| !c.is_control() || *c == '\t')?
        }
    };
    Some((end + 1, c))
}

/// Takes the `>` marks off the lines of an e-mail reply, when at least three lines and at least
/// half of the non-blank ones are quoted (no notation starts a line with `>`). Returns the first
/// quoted line's number.
fn strip_quotes(lines: &mut [String]) -> Option<u32> {
    let quoted = |l: &str| l.trim_start_matches(' ').starts_with('>');
    let nonblank = lines.iter().filter(|l| !l.trim().is_empty()).count();
    let q = lines.iter().filter(|l| quoted(l)).count();
    if q < 3 || q * 2 < nonblank {
        return None;
    }
    let first = lines.iter().position(|l| quoted(l))?;
    for l in lines.iter_mut() {
        if !quoted(l) {
            continue;
        }
        let mut t = l.as_str();
        // nested replies: `> > ` or `>> `
        loop {
            let u = t.trim_start_matches(' ');
            match u.strip_prefix('>') {
                Some(r) => t = r.strip_prefix(' ').unwrap_or(r),
                None => break,
            }
        }
        *l = t.to_string();
    }
    Some(line_no(first))
}

/// A line that is only a Markdown code fence or a forum's code or quote tag, or starts or ends
/// with such a tag: the line left (empty for a whole line) and what it was.
fn fence_line(line: &str) -> Option<(String, &'static str)> {
    let t = line.trim();
    if let Some(rest) = t.strip_prefix("```") {
        // (```` ```text ````, ```` ``` ````: a language word or nothing)
        if rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '_'))
        {
            return Some((String::new(), "a Markdown code fence (```)"));
        }
        return None;
    }
    if !t.contains('[') {
        return None;
    }
    let what = "a forum's code or quote tag ([code], [quote])";
    let mut s = t;
    let mut found = false;
    while let Some(len) = bb_tag_at_start(s) {
        s = s.get(len..).unwrap_or_default().trim_start();
        found = true;
    }
    while let Some(len) = bb_tag_at_end(s) {
        s = s.get(..s.len() - len).unwrap_or_default().trim_end();
        found = true;
    }
    found.then(|| (s.to_string(), what))
}

const BB_TAGS: [&str; 5] = ["code", "quote", "pre", "spoiler", "noparse"];

/// The length of a forum tag (`[code]`, `[/quote]`, `[quote=Bob]`, `[quote="Bob"]`) at the
/// start of `s`.
fn bb_tag_at_start(s: &str) -> Option<usize> {
    let inner_end = s.strip_prefix('[')?.find(']')?;
    let inner = s.get(1..1 + inner_end)?;
    bb_tag(inner).then_some(inner_end + 2)
}

fn bb_tag_at_end(s: &str) -> Option<usize> {
    let body = s.strip_suffix(']')?;
    let open = body.rfind('[')?;
    let inner = body.get(open + 1..)?;
    bb_tag(inner).then_some(s.len() - open)
}

fn bb_tag(inner: &str) -> bool {
    let inner = inner.strip_prefix('/').unwrap_or(inner);
    let name_end = inner.find(['=', ' ']).unwrap_or(inner.len());
    let name = inner.get(..name_end).unwrap_or_default();
    BB_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name))
        && (name_end == inner.len() || !inner.contains('"') || inner.ends_with('"'))
}

/// An e-mail signature: a line `-- ` (RFC 3676's delimiter) after a blank line, with at most ten
/// lines after it to the end, none a tag line. The lines are emptied; the diagnostic quotes them.
fn strip_signature(lines: &mut [String]) -> Option<Diagnostic> {
    let at = lines
        .iter()
        .rposition(|l| l.strip_suffix('\r').unwrap_or(l) == "-- ")?;
    // (after a blank line, as mail programs write it: a `-- ` among moves is none)
    if at > 0 && !lines.get(at - 1).is_some_and(|l| l.trim().is_empty()) {
        return None;
    }
    let after = lines.get(at + 1..)?;
    let text: Vec<&str> = after
        .iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .collect();
    if text.len() > 10 || text.iter().any(|l| l.starts_with('[') && l.ends_with(']')) {
        return None;
    }
    let d = Diagnostic::info(
        code::SIGNATURE,
        line_no(at),
        1,
        format!(
            "an e-mail signature after `-- `, left out: \"{}\"",
            text.join(" / ")
        ),
    );
    for l in lines.iter_mut().skip(at) {
        l.clear();
    }
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn un(t: &str) -> (String, Vec<String>) {
        let (s, d) = unwrap(t).unwrap_or_else(|| (t.to_string(), Vec::new()));
        (s, d.into_iter().map(|d| d.code).collect())
    }

    #[test]
    fn plain_text_is_not_copied() {
        assert!(unwrap("[Event \"x\"]\n\n1. MV:JE(1,4)->^(1,4)\n").is_none());
        // WEC's own `<` and `>`, HotW's `&`, a separator line
        assert!(unwrap("1. MV:SU(8,2)->(4,2)<,RS:Tv(5,2)\nLead & Popu\n----\n").is_none());
    }

    #[test]
    fn html() {
        let (s, c) = un("[Event &quot;Club&quot;]<br>\n<br>\n1. MV:JE(1,4)-&gt;^(1,4)<br />\n");
        assert_eq!(s, "[Event \"Club\"]\n\n1. MV:JE(1,4)->^(1,4)\n");
        assert_eq!(c, ["record.html"]);
        // one long line of a page: breaks become lines
        let (s, _) = un("<p>[Event &quot;Club&quot;]<br><br>1.车5进1</p>");
        assert_eq!(s, "[Event \"Club\"]\n\n1.车5进1");
        // a `<` of the notation stays
        let (s, _) = un("1. MV:SU(8,2)->(4,2)<,RS:Tv(5,2)<br>\n&nbsp;x &amp; y &#39;z&#x27;");
        assert_eq!(s, "1. MV:SU(8,2)->(4,2)<,RS:Tv(5,2)\n x & y 'z'");
    }

    #[test]
    fn quoted_reply() {
        let (s, c) = un("Bob wrote:\n> [Event \"x\"]\n>\n> > 1.车5进1\n>> 2.车5退1\n\nThanks\n");
        assert_eq!(
            s,
            "Bob wrote:\n[Event \"x\"]\n\n1.车5进1\n2.车5退1\n\nThanks\n"
        );
        assert_eq!(c, ["record.quoted"]);
        // a single `>` line is not a reply
        assert!(unwrap("1. a\n> b\n2. c\n3. d\n").is_none());
    }

    #[test]
    fn fences_and_forum_tags() {
        let (s, c) = un("```text\n[Event \"x\"]\n\n1.车5进1\n```\n");
        assert_eq!(s, "\n[Event \"x\"]\n\n1.车5进1\n\n");
        assert_eq!(c, ["record.wrapper", "record.wrapper"]);
        let (s, _) = un("[quote=\"Bob\"][code][Event \"x\"]\n\n1.车5进1[/code][/quote]\n");
        assert_eq!(s, "[Event \"x\"]\n\n1.车5进1\n");
        // tags and bracketed notes are no forum tags
        assert!(unwrap("[Event \"x\"]\n\n1.车5进1 [胜利] [/]\n").is_none());
    }

    #[test]
    fn signature() {
        let t = "[Event \"x\"]\n\n1.车5进1\n\n-- \nBen Cho\nSent from my phone\n";
        let (s, c) = un(t);
        assert_eq!(s, "[Event \"x\"]\n\n1.车5进1\n\n\n\n\n");
        assert_eq!(c, ["record.signature"]);
        let (_, d) = unwrap(t).unwrap_or_default();
        assert!(d[0].message.contains("Ben Cho / Sent from my phone"));
        assert_eq!(d[0].line, 5);
        // a game after the line, or the line among moves: no signature
        assert!(unwrap("a\n\n-- \n[Event \"x\"]\n\nb\n").is_none());
        assert!(unwrap("1.车5进1\n-- \n2.车5退1\n").is_none());
    }

    /// [`html_tag`] as it was before it stopped at a `<` or a line end: the tag's end is the
    /// first `>` of the rest of the text, and none when a `<` or a line end is inside.
    fn html_tag_to_the_end(s: &str) -> Option<(usize, bool)> {
        let end = s.find('>')?;
        let inner = s.get(1..end)?;
        if inner.contains(['<', '\n']) {
            return None;
        }
        html_tag(s.get(..=end)?).map(|(len, _)| (len, true))
    }

    /// The tag read stopping at the first `<` or line end is the one read looking for the first
    /// `>` of the text, over texts made of tags' pieces.
    #[test]
    fn html_tag_reads_as_the_one_to_the_end() {
        const PIECES: [&str; 14] = [
            "<", ">", "/", "\n", " ", "br", "p", "span", "a", "=", "\"", "x", "</", "<br",
        ];
        let mut rng = crate::work::Rng::new(0x2545_f491_4f6c_dd1d_u64);
        for _ in 0..20_000 {
            let t = format!("<{}", rng.text(&PIECES, 8));
            assert_eq!(
                html_tag(&t).map(|(len, _)| (len, true)),
                html_tag_to_the_end(&t),
                "{t:?}"
            );
        }
    }
}
