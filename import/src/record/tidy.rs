//! What [`tidy_game`] does to each game once it is cut out: tag names in other languages as the
//! common tags, a YAML front matter block as tags, header lines as tags, a trailing rule or
//! heading left out of the body.

use super::code;
use super::date::date_value;
use super::lines::is_heading;
use super::raw::RawGame;
use super::tags::{KNOWN_TAGS, common_tag_name, tag_positions};
use crate::diag::Diagnostic;
use crate::text::is_separator;

/// What [`split_games`] does to each game once it is cut out: tag names in other languages or
/// forms as the common tags, a `Date` tag in another form as `YYYY.MM.DD`, a separator line at the
/// body's end left out. Each repair gets its diagnostic; a game that needs none is only looked at.
pub(super) fn tidy_game(g: &mut RawGame) {
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
pub(super) const FRONT_MATTER_LINES: usize = 40;

/// A YAML front matter block at the top of a body (`---`, then `key: value` lines, then `---`), as
/// notes apps and static sites write a record's metadata, read as its tag block (see
/// [`code::FRONT_MATTER`]): each key is a tag (`event` as `Event`, `black` as `Black`, `日期` as
/// `Date`), unless the game's tags give it already, its value without YAML's quotes. The block
/// leaves the body, which starts after it, as a tag block would.
#[cold]
#[inline(never)]
pub(super) fn front_matter(g: &mut RawGame) {
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
pub(super) fn unquote_yaml(v: &str) -> &str {
    for q in ['"', '\''] {
        if let Some(inner) = v.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    v
}

/// The tag a front matter key names: a known tag or one of its other forms in any case
/// (`event`, `white player`, `GAME`, `日期`), else the key with a capital first letter.
pub(super) fn front_matter_name(k: &str) -> String {
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

/// A heading line ending a game's body after a blank line (`Game 2:`, `## 第2局` before the next
/// game's tags or fence): it heads the game after, not this one, so it is left out of the body
/// with an info (`record.heading`); the raw text keeps it.
#[inline(never)]
pub(super) fn drop_trailing_heading(g: &mut RawGame) {
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
pub(super) fn drop_trailing_separator(g: &mut RawGame) {
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
pub(super) const HEADER_LINES: usize = 40;

/// Header lines at the top of a body read as tags (see [`code::HEADER_TAG`]): the lines up to the
/// first blank-free line that is no `Name: value` line (a name of letters and spaces, then `:` or
/// `：`); of those, the ones naming the event, site, date, round, source, transcriber, annotator
/// or edition (in English, Chinese or Korean) give that tag when the game has none. Seats,
/// `Title`, `Result` and `Game` are left to the notations, which read them in their own ways.
pub(super) fn header_tags(g: &mut RawGame) {
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
pub(super) fn header_tag_name(name: &str) -> Option<&'static str> {
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
