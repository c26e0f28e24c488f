//! What a line holds besides orders: its `Power:` prefix, remarks (`//`, ` -- `, `#`), header lines
//! before the first phase, judge report lines, the record's result line (`Draw: England,
//! France`), and the orders of one line split apart.

use super::order::order;
use super::place::coast_after;
use crate::deluge::map;

/// Splits a line of orders at `,` and `;` outside brackets, and before the numbers a transcriber
/// puts in front of each order (`1. A Par-Bur 2. A Mar S A Par-Bur`, `1) …`; the number is
/// dropped). A piece that cannot be read as one order is split again at tabs and at a slash with
/// spaces around it (`Build F Lon / Build F Edi`, `F Lon-Nth<TAB>F Edi-Nwg`); a piece that reads
/// as it is (`Spa/sc`, a tab between the words of one order) is left whole. Returns (char offset,
/// text) pairs.
pub fn split_orders(s: &str) -> Vec<(usize, String)> {
    let pieces = split_plain(s);
    if !s.contains('\t') && !s.contains(" / ") {
        return pieces;
    }
    let mut out = Vec::with_capacity(pieces.len());
    for (o, t) in pieces {
        if (t.contains('\t') || t.contains(" / ")) && order(&t).is_err() {
            out.extend(split_tabs_slashes(&t).into_iter().map(|(k, p)| (o + k, p)));
        } else {
            out.push((o, t));
        }
    }
    out
}

/// Splits a piece at tabs and at ` / ` (not before a coast: `Spa / sc`). Returns (char offset,
/// trimmed text) pairs, empty pieces left out.
pub(super) fn split_tabs_slashes(t: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = t.chars().collect();
    let mut raw: Vec<(usize, String)> = Vec::new();
    let mut cur = String::new();
    let mut start = 0;
    for (i, &ch) in chars.iter().enumerate() {
        let slash = ch == '/'
            && i > 0
            && chars.get(i - 1).is_some_and(|c| c.is_whitespace())
            && chars.get(i + 1).is_some_and(|c| c.is_whitespace())
            && !coast_after(&chars[i + 1..]);
        if ch == '\t' || slash {
            raw.push((start, std::mem::take(&mut cur)));
            start = i + 1;
            continue;
        }
        cur.push(ch);
    }
    raw.push((start, cur));
    trimmed_pieces(raw)
}

/// Pieces cut from a line (char offset, text), each trimmed, its offset moved past the white
/// space it began with; empty pieces left out.
pub(super) fn trimmed_pieces(raw: Vec<(usize, String)>) -> Vec<(usize, String)> {
    raw.into_iter()
        .filter_map(|(o, t)| {
            let lead = t.chars().take_while(|c| c.is_whitespace()).count();
            let t = t.trim().to_string();
            (!t.is_empty()).then_some((o + lead, t))
        })
        .collect()
}

/// Where a remark starts on a line: `//` at the start of the line or after a space
/// (`A Par-Bur // east`). Returns (char index of the marker, char index of the remark's text).
pub fn slash_remark(line: &str) -> Option<(usize, usize)> {
    if !line.contains("//") {
        return None;
    }
    let chars: Vec<char> = line.chars().collect();
    (0..chars.len().saturating_sub(1))
        .find(|&i| {
            chars[i] == '/' && chars[i + 1] == '/' && (i == 0 || chars[i - 1].is_whitespace())
        })
        .map(|i| (i, i + 2))
}

/// A comment line: `#` (or `##`…) then a space or nothing (`# typed up from the club sheet`; not
/// `#1`). Returns the comment's text.
pub fn hash_comment(trimmed: &str) -> Option<&str> {
    let rest = trimmed.trim_start_matches('#');
    if rest.len() == trimmed.len() {
        return None;
    }
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then(|| rest.trim())
}

/// A remark after a run of dashes with a space before it (`A Mar-Spa -- south`, `F Nwg S A
/// Yor-Nwy  -- Norway at last`), told from `F Lon -- Nth` (a run of dashes as the move sign): the
/// order before the dashes reads, and with the words after them it does not read or names what
/// is no province. The first such run on the line. Returns (char index of the dashes, char
/// index after them).
pub fn dash_remark(text: &str) -> Option<(usize, usize)> {
    if !text.contains("--") {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    // runs of two dashes or more, with white space on both sides
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '-' {
            let n = chars[i..].iter().take_while(|c| **c == '-').count();
            if n >= 2
                && i > 0
                && chars[i - 1].is_whitespace()
                && chars.get(i + n).is_some_and(|c| c.is_whitespace())
            {
                runs.push((i, i + n));
            }
            i += n;
        } else {
            i += 1;
        }
    }
    for (k, &(at, end)) in runs.iter().enumerate() {
        let before: String = chars[..at].iter().collect();
        let Some((boff, seg)) = split_plain(&before).pop() else {
            continue;
        };
        if order(&seg).is_err() {
            continue;
        }
        let upto = runs.get(k + 1).map_or(chars.len(), |r| r.0);
        // the order with the words after the dashes, up to the next `,` or `;`
        let whole: String = chars[boff..upto].iter().collect();
        let whole = split_plain(&whole)
            .into_iter()
            .next()
            .map_or(whole, |(_, t)| t);
        let reads = order(&whole).is_ok_and(|o| {
            [&o.at, &o.to, &o.of]
                .into_iter()
                .flatten()
                .chain(o.via.iter())
                .all(|l| l.code.is_some())
        });
        if !reads {
            return Some((at, end));
        }
    }
    None
}

pub(super) fn split_plain(s: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    let mut start = 0;
    let chars: Vec<char> = s.chars().collect();
    let mut skip = 0usize;
    for (i, &ch) in chars.iter().enumerate() {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        if depth <= 0 && ch.is_ascii_digit() && (i == 0 || chars[i - 1].is_whitespace()) {
            let digits = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            let mark = chars.get(i + digits).copied();
            let after = chars.get(i + digits + 1).copied();
            if matches!(mark, Some('.' | ')')) && after.is_some_and(char::is_whitespace) {
                if !cur.trim().is_empty() {
                    out.push((start, std::mem::take(&mut cur)));
                }
                cur.clear();
                skip = digits;
                start = i + digits + 1;
                continue;
            }
        }
        match ch {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if (ch == ',' || ch == ';') && depth <= 0 {
            out.push((start, std::mem::take(&mut cur)));
            start = i + 1;
            continue;
        }
        cur.push(ch);
    }
    out.push((start, cur));
    trimmed_pieces(out)
}

/// A header line before a record's first phase ([`header_line`]).
#[derive(Debug, PartialEq)]
pub enum HeaderLine {
    /// `England: A. Archer`, `France (player): B. Baudin`: a power and the name of its player.
    Player(&'static str, String),
    /// `Event: Winter cup`, `GM: C. Chen`, `Variant: Deluge II`: a name that is no power.
    Other,
}

/// The words an order list starts with when it gives no unit (an adjustment, a missed turn):
/// a line of a power with one of them after its colon is orders, not the power's player.
pub(super) const ORDER_WORDS: [&str; 20] = [
    "build", "builds", "remove", "removes", "disband", "disbands", "waive", "waives", "waived",
    "nmr", "none", "no", "retreat", "retreats", "hold", "holds", "civil", "defaults", "stand",
    "stands",
];

/// A header line at the top of a record: `Name: value` with a name of letters, spaces and
/// full stops (at most 24 characters) and a value. A power's name (as [`power_prefix`] reads it)
/// with a value that is no orders is its player's name; any other name is a header line of
/// another kind. A power followed by orders, an empty value, or no colon: `None`.
///
/// Orders: a value that starts with an order word ([`ORDER_WORDS`]), or with a unit (`A`, `F`,
/// `Army`, `Fleet`, without a full stop) then a province of at most four letters or a dash or
/// arrow (`A Lon-Nth`, `F Lon`, `A Par H`); `A. Archer` and `A Archer` are names.
pub fn header_line(line: &str) -> Option<HeaderLine> {
    let (head, value) = line.split_once(':')?;
    let (name, value) = (head.trim(), value.trim());
    if name.is_empty()
        || value.is_empty()
        || name.chars().count() > 24
        || !name
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ' || c == '.' || c == '(' || c == ')')
    {
        return None;
    }
    let mut words = value.split_whitespace();
    let first = words
        .next()
        .unwrap_or_default()
        .trim_end_matches(',')
        .to_ascii_lowercase();
    let second = words.next().unwrap_or_default();
    let orders = ORDER_WORDS.contains(&first.as_str())
        || (matches!(first.as_str(), "a" | "f" | "army" | "fleet")
            && (value.contains(['-', '>', '→'])
                || second.chars().count() <= 4
                || second.contains(['(', '/'])));
    match power_prefix(line) {
        Prefix::Power(p, _) | Prefix::Worded(p, _, _) => {
            (!orders).then(|| HeaderLine::Player(p, value.to_string()))
        }
        Prefix::Unknown(..) if !orders => Some(HeaderLine::Other),
        _ => None,
    }
}

/// What starts a line of orders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prefix {
    /// A power and the character offset of the rest: `England:`, `ENG:`, `Russia (Fedorov):`,
    /// `England F Lon-Nth` (a power name of three letters or more before an order, without colon).
    Power(&'static str, usize),
    /// `Word:` before the orders, where the word is no power (`Germ:`): its text and the offset of
    /// the rest.
    Unknown(String, usize),
    /// A power in words before the colon (`Orders for Germany:`, `England's orders:`): the power,
    /// the offset of the rest and the words as written.
    Worded(&'static str, usize, String),
    None,
}

/// Words an order line may start with after a power written without its colon.
pub(super) const ORDER_START: [&str; 12] = [
    "a", "f", "a/f", "army", "fleet", "build", "builds", "remove", "removes", "disband", "waive",
    "waives",
];

/// Reads the power at the start of a line of orders.
pub fn power_prefix(line: &str) -> Prefix {
    if let Some((head, _)) = line.split_once(':') {
        let off = head.chars().count() + 1;
        // `Russia (Fedorov):`, `England [A. Archer]:` — a player's name after the power
        let name = match head.find(['(', '[']) {
            Some(k) if head.trim_end().ends_with([')', ']']) => head.get(..k).unwrap_or(head),
            _ => head,
        };
        if let Some(p) = map::power(name) {
            return Prefix::Power(p, off);
        }
        if let Some(p) = worded_power(name).or_else(|| other_power(name)) {
            return Prefix::Worded(p, off, head.trim().to_string());
        }
        // a word or two of letters that starts no order is meant as a power
        let words: Vec<&str> = name.split_whitespace().collect();
        let starts_order = words.first().is_some_and(|w| {
            let l = w.to_ascii_lowercase();
            [
                "a", "f", "army", "fleet", "build", "builds", "remove", "removes", "waive",
            ]
            .contains(&l.as_str())
        });
        if !words.is_empty()
            && words.len() <= 2
            && !starts_order
            && words
                .iter()
                .all(|w| w.chars().all(|c| c.is_alphabetic() || c == '-' || c == '.'))
        {
            return Prefix::Unknown(head.trim().to_string(), off);
        }
        return Prefix::None;
    }
    // `France - Build A Par`, `England – F Lon-Nth`: a dash for the colon, before an order
    let mut it = line.split_whitespace();
    if let (Some(first), Some(dash), Some(third)) = (it.next(), it.next(), it.next())
        && first.chars().count() >= 3
        && matches!(dash, "-" | "–" | "—" | "=")
        && let Some((p, other)) = map::power(first)
            .map(|p| (p, false))
            .or_else(|| other_power(first).map(|p| (p, true)))
        && ORDER_START.contains(&third.to_ascii_lowercase().as_str())
    {
        let lead = line.chars().take_while(|c| c.is_whitespace()).count();
        // (the offset in characters just after the dash)
        let at = line
            .chars()
            .enumerate()
            .skip(lead + first.chars().count())
            .find(|(_, c)| matches!(c, '-' | '–' | '—' | '='))
            .map(|(k, _)| k + 1);
        if let Some(off) = at {
            return if other {
                Prefix::Worded(p, off, first.to_string())
            } else {
                Prefix::Power(p, off)
            };
        }
    }
    // `England F Lon-Nth`, `ENG Build A Lpl`
    let mut it = line.split_whitespace();
    if let (Some(first), Some(second)) = (it.next(), it.next())
        && first.chars().count() >= 3
        && ORDER_START.contains(&second.to_ascii_lowercase().as_str())
    {
        let lead = line.chars().take_while(|c| c.is_whitespace()).count();
        let off = lead + first.chars().count();
        if let Some(p) = map::power(first) {
            return Prefix::Power(p, off);
        }
        if let Some(p) = other_power(first) {
            return Prefix::Worded(p, off, first.to_string());
        }
    }
    Prefix::None
}

/// A power written in another language (`Deutschland`, `Österreich`, `Angleterre`, `ロシア`, the
/// notation's Japanese for Russia) or abbreviated with a full stop (`Eng.`, `Ger.`, `Aust.`; three
/// letters or more before it).
pub(super) fn other_power(name: &str) -> Option<&'static str> {
    let name = name.trim();
    map::power_in_other_language(name).or_else(|| {
        let short = name.strip_suffix('.')?;
        (short.chars().count() >= 3 && short.chars().all(char::is_alphabetic))
            .then(|| map::power(short))
            .flatten()
    })
}

/// A power named in words before the colon: `Orders for Germany`, `Orders of Italy`, `England's
/// orders`, `France orders`, `Turkey's` (any case; `'` or `’`).
pub(super) fn worded_power(head: &str) -> Option<&'static str> {
    let l = head.trim().to_lowercase().replace('’', "'");
    let mut t = l.as_str();
    for pre in ["orders for ", "orders of ", "order for ", "for "] {
        if let Some(r) = t.strip_prefix(pre) {
            t = r;
            break;
        }
    }
    for suf in ["'s orders", " orders", "'s order", " order", "'s"] {
        if let Some(r) = t.strip_suffix(suf) {
            t = r;
            break;
        }
    }
    if t.len() == l.len() {
        return None;
    }
    map::power(t.trim())
}

/// Where a line stands in a judge's supply-centre ownership block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Block {
    #[default]
    Out,
    /// After `Ownership of supply centers:`, before its first listing (blank lines do not end it).
    Header,
    /// In the listings (a blank line ends it).
    In,
}

impl Block {
    /// A blank line.
    pub fn blank(&mut self) {
        if *self == Block::In {
            *self = Block::Out;
        }
    }
}

/// A line of a judge's report that holds no order: the supply-centre ownership block (from
/// `Ownership of supply centers:` to the blank line after its listings, which the caller reports
/// with [`Block::blank`]), a power's `5 Supply centers,  3 Units:  Builds 2 units.`, the dislodgement notices
/// (`The following units were dislodged:`, `The Austrian Army in Serbia … was destroyed.`) and the
/// judge's closing lines. Returns what the line is, for the caller's info.
pub fn report_line(line: &str, block: &mut Block) -> Option<&'static str> {
    let l = line.to_ascii_lowercase();
    if l.starts_with("ownership of supply cent") {
        *block = Block::Header;
        return Some("supply-centre ownership");
    }
    // A transcriber's own list of what the winter did or who owns what (the Deluge rules write its
    // tables so: `W 1901: Lon, Hol, Bel, …`): `Supply centres: Russia 5 (Mos, …)`, `Centres:`,
    // `Submerged: Lon, Hol`, `New supply centres: Wal, Ruh, Tyr.`, `Drowned: A Lon (England)`.
    if let Some((head, rest)) = l.split_once(':') {
        let head = head.trim();
        let what = match head {
            "supply centres" | "supply centers" | "supply centre" | "supply center" | "centres"
            | "centers" | "sc" | "scs" | "sc count" | "ownership" | "owners" => {
                Some("a supply-centre list")
            }
            "submerged" | "submerges" | "submergences" | "submergence" | "sunk" | "sinks" => {
                Some("a list of submergences")
            }
            "new supply centres" | "new supply centers" | "new centres" | "new centers"
            | "new sc" | "new scs" => Some("a list of new supply centres"),
            "drowned" | "drowns" | "drowned units" => Some("a list of drowned units"),
            _ => None,
        };
        if let Some(what) = what {
            // `Supply centres:` alone heads a block of one power a line, as a judge's does
            if rest.trim().is_empty() {
                *block = Block::Header;
            }
            return Some(what);
        }
    }
    if *block != Block::Out {
        *block = Block::In;
        return Some("supply-centre ownership");
    }
    if l.contains(" supply center") || l.contains(" supply centre") {
        return Some("a supply-centre count");
    }
    if l.starts_with("the following units were dislodged")
        || l.starts_with("the ")
            && (l.contains(" army in ") || l.contains(" fleet in "))
            && (l.contains("retreat") || l.contains("destroyed") || l.contains("disband"))
    {
        return Some("a dislodgement");
    }
    if [
        "the next phase",
        "deadline",
        "the deadline",
        "subject:",
        "unowned:",
    ]
    .iter()
    .any(|p| l.starts_with(p))
    {
        return Some("a note");
    }
    None
}

/// A result line a transcriber writes at the end of a game: `Draw: England, France`, `Solo:
/// Germany`, `Winner: Russia`, `Result: draw England, France` (English words, any case; the
/// powers separated by `,` `/` `&` `and` or spaces).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultLine {
    /// A draw among `powers` (else one winner).
    pub draw: bool,
    pub powers: Vec<&'static str>,
    /// Words among the powers that name none.
    pub unknown: Vec<String>,
}

/// Reads a [`ResultLine`].
pub fn result_line(line: &str) -> Option<ResultLine> {
    let (head, rest) = line.split_once(':')?;
    let head = head.trim().to_ascii_lowercase();
    let mut rest = rest.trim();
    let draw = match head.as_str() {
        "draw" | "drawn" | "result draw" => true,
        "solo" | "winner" | "win" | "solo victory" => false,
        "result" => {
            let lower = rest.to_ascii_lowercase();
            let w = lower.split_whitespace().next()?;
            let d = match w.trim_end_matches([':', ',']) {
                "draw" | "drawn" => true,
                "solo" | "win" | "winner" => false,
                _ => return None,
            };
            rest = rest
                .get(w.len()..)
                .unwrap_or("")
                .trim_start_matches([':', ',', ' ']);
            d
        }
        _ => return None,
    };
    let mut out = ResultLine {
        draw,
        powers: Vec::new(),
        unknown: Vec::new(),
    };
    for w in rest
        .split([',', '/', '&', ' ', '.'])
        .map(str::trim)
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("and"))
    {
        match map::power(w).or_else(|| other_power(w)) {
            Some(p) if !out.powers.contains(&p) => out.powers.push(p),
            Some(_) => {}
            None => out.unknown.push(w.to_string()),
        }
    }
    (!out.powers.is_empty() || !out.unknown.is_empty()).then_some(out)
}
