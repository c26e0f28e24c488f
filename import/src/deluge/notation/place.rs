//! Units and places in an order: the unit's letter or word, provinces by code, alias, full name or
//! a near misspelling (looked up in the map), coasts, and the marks of a move.

use super::tokens::{Cursor, KEYWORDS, T, Tok};
use crate::deluge::map::map;

/// A location as written: a province (code, if known) and a coast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loc {
    pub code: Option<&'static str>,
    pub written: String,
    pub coast: Option<String>,
    /// Column offset (characters) in the order text.
    pub off: usize,
    /// Read as the one province a letter away from what is written (`Burgandy`), see
    /// [`map::Map::lookup_misspelled`].
    pub misspelled: bool,
}

impl Loc {
    /// The normalized code, or the written text lower-cased when unknown.
    pub fn key(&self) -> String {
        self.code
            .map(str::to_string)
            .unwrap_or_else(|| self.written.to_ascii_lowercase())
    }
}

pub(super) fn coast_word(s: &str) -> Option<&'static str> {
    match s.to_ascii_lowercase().as_str() {
        "nc" | "n" | "north" | "ncs" | "nco" => Some("nc"),
        "sc" | "s" | "south" | "scs" | "sco" => Some("sc"),
        "ec" | "e" | "east" | "ecs" | "eco" => Some("ec"),
        "wc" | "w" | "west" => Some("wc"),
        _ => None,
    }
}

/// The power whose unit a judge's report names with this adjective (`Russian Army Moscow`): the
/// adjectives of the seven powers only (a power's name or letter there is no such form).
pub(super) fn owner_adjective(w: &str) -> Option<&'static str> {
    let p = match w {
        "english" | "british" => "England",
        "french" => "France",
        "german" => "Germany",
        "italian" => "Italy",
        "austrian" => "Austria",
        "russian" => "Russia",
        "turkish" | "ottoman" => "Turkey",
        _ => return None,
    };
    Some(p)
}

/// Reads a unit type `A`/`F` (also `Army`, `Fleet`). Other transcribers' forms are read with a
/// note in `forms`: `A/F` (`F/A`, `Army/Fleet`), a unit of either type (the Deluge rules name the
/// Abstraction A/F rules but defines no such unit): `None`, the replay taking the unit that
/// stands there; `A/Lon`, `F/ Nth` (a slash after the letter) and `A.Lon` (a full stop gluing
/// the letter to the province) read as `A Lon`.
/// The unit type a word names: `A`/`Army`, `F`/`Fleet` (any case).
pub(super) fn unit_letter(w: &str) -> Option<char> {
    let is = |s: &str| w.eq_ignore_ascii_case(s);
    if is("a") || is("army") {
        Some('A')
    } else if is("f") || is("fleet") {
        Some('F')
    } else {
        None
    }
}

pub(super) fn unit(c: &mut Cursor, forms: &mut Vec<(usize, String)>) -> Option<char> {
    let u = unit_letter(&c.word()?)?;
    let off = c.off();
    let glued = c.toks.get(c.i).is_some_and(|t| t.tight);
    c.i += 1;
    if glued {
        forms.push((
            off,
            format!("\"{u}.\" glued to the province read as the unit {u}"),
        ));
    } else if c.is_sym('/') {
        let other = match c.peek_at(1) {
            Some(Tok::Word(w)) => unit_letter(w),
            _ => None,
        };
        match other {
            Some(o) if o != u => {
                c.i += 2;
                forms.push((
                    off,
                    format!(
                        "\"{u}/{o}\" (an army or a fleet: the Deluge rules name the Abstraction A/F rules but define no such unit) read as the unit that stands there"
                    ),
                ));
                return None;
            }
            None if matches!(c.peek_at(1), Some(Tok::Word(_))) => {
                c.i += 1;
                forms.push((off, format!("\"{u}/\" read as the unit {u}")));
            }
            _ => {}
        }
    }
    Some(u)
}

/// Reads a location: `Par`, `StP/nc`, `StP(nc)`, `StP nc`, `(StP)nc`, `North Sea`.
pub(super) fn loc(c: &mut Cursor) -> Option<Loc> {
    let m = map();
    let off = c.off();
    // `(StP)nc`
    if c.is_sym('(')
        && matches!(c.peek_at(1), Some(Tok::Word(_)))
        && c.peek_at(2) == Some(&Tok::Sym(')'))
    {
        let Some(Tok::Word(w)) = c.peek_at(1).cloned() else {
            return None;
        };
        c.i += 3;
        let mut l = Loc {
            code: m.lookup(&w),
            written: w,
            coast: None,
            off,
            misspelled: false,
        };
        if let Some(cw) = c.word().and_then(|w| coast_word(&w))
            && l.code.is_some_and(|p| !m.coasts(p).is_empty())
        {
            l.coast = Some(cw.to_string());
            c.i += 1;
        }
        return Some(l);
    }
    let first = c.word()?;
    if KEYWORDS.contains(&first.as_str()) {
        return None;
    }
    // Longest multi-word name first; a tight `-` may join two words of a name (`Mid-Atlantic Ocean`).
    let mut found = None;
    let mut words: Vec<String> = Vec::new();
    let mut ends: Vec<usize> = Vec::new();
    let mut k = 0usize;
    while words.len() < 4 {
        match c.toks.get(c.i + k) {
            Some(T {
                tok: Tok::Word(w), ..
            }) => {
                words.push(w.clone());
                k += 1;
                ends.push(k);
            }
            Some(T {
                tok: Tok::Sym('-'),
                tight: true,
                ..
            }) if !words.is_empty()
                && matches!(c.toks.get(c.i + k + 1).map(|t| &t.tok), Some(Tok::Word(_))) =>
            {
                k += 1;
            }
            _ => break,
        }
    }
    for n in (1..=words.len()).rev() {
        let joined = words[..n].join(" ");
        if let Some(code) = m.lookup(&joined) {
            found = Some((ends[n - 1], code, joined, false));
            break;
        }
    }
    // No spelling known: a name one letter away from one province's (`Burgandy`, `Norwegain Sea`),
    // longest first. (Only here, where the order would else name an unknown province.)
    if found.is_none() {
        for n in (1..=words.len()).rev() {
            let joined = words[..n].join(" ");
            if let Some(code) = m.lookup_misspelled(&joined) {
                found = Some((ends[n - 1], code, joined, true));
                break;
            }
        }
    }
    let mut l = match found {
        Some((n, code, written, misspelled)) => {
            c.i += n;
            Loc {
                code: Some(code),
                written,
                coast: None,
                off,
                misspelled,
            }
        }
        None => {
            let Some(Tok::Word(w)) = c.peek().cloned() else {
                return None;
            };
            c.i += 1;
            Loc {
                code: None,
                written: w,
                coast: None,
                off,
                misspelled: false,
            }
        }
    };
    let split = l.code.is_some_and(|p| !m.coasts(p).is_empty());
    // Coast: `/nc`, `(nc)`, ` nc`, `(north coast)`.
    if c.is_sym('/')
        && let Some(cw) = c.toks.get(c.i + 1).and_then(|t| match &t.tok {
            Tok::Word(w) => coast_word(w),
            _ => None,
        })
    {
        l.coast = Some(cw.to_string());
        c.i += 2;
        if c.is_word(&["coast", "c"]) {
            c.i += 1;
        }
    } else if c.is_sym('(')
        && let Some(Tok::Word(w)) = c.peek_at(1)
        && let Some(cw) = coast_word(w)
    {
        let mut k = 2;
        if matches!(c.peek_at(2), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("coast")) {
            k = 3;
        }
        if c.peek_at(k) == Some(&Tok::Sym(')')) {
            l.coast = Some(cw.to_string());
            c.i += k + 1;
        }
    } else if split
        && let Some(w) = c.word()
        && ["nc", "sc", "ec"].contains(&w.as_str())
    {
        l.coast = Some(w);
        c.i += 1;
    }
    Some(l)
}

pub(super) fn is_move_sym(c: &Cursor) -> bool {
    c.is_sym('-')
        || c.is_word(&[
            "to",
            "m",
            "moves",
            "move",
            "moving",
            "retreats",
            "retreat",
            "retreating",
        ])
}

/// Steps over a move word and a `to` after it (`moves to`, `retreats to`, `- to`).
pub(super) fn skip_move_sym(c: &mut Cursor) {
    let was_word = !c.is_sym('-') && !c.is_word(&["to"]);
    c.i += 1;
    if was_word && c.is_word(&["to"]) {
        c.i += 1;
    }
}

/// Words that stand for a fleet after a transformation: `F`, `Fleet`, `a fleet`.
pub(super) fn skip_fleet(c: &mut Cursor) -> bool {
    if c.is_word(&["a"])
        && matches!(c.peek_at(1), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("fleet"))
    {
        c.i += 1;
    }
    if c.is_word(&["f", "fleet"]) {
        c.i += 1;
        return true;
    }
    false
}

/// Articles and prepositions of written-out adjustments: `Builds an army in Vienna`, `Removes the
/// fleet in the North Sea`. `a` is an article only before `army`/`fleet` (else it is the unit `A`).
pub(super) fn skip_articles(c: &mut Cursor) {
    loop {
        if c.is_word(&["an", "the", "in", "at"])
            || c.is_word(&["a"])
                && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["army", "fleet"].contains(&w.to_ascii_lowercase().as_str()))
        {
            c.i += 1;
        } else {
            return;
        }
    }
}

/// Does the text start (after spaces) with a coast (`sc`, `nc`, `(sc)`, `north coast`)?
pub(super) fn coast_after(rest: &[char]) -> bool {
    let word: String = rest
        .iter()
        .skip_while(|c| c.is_whitespace())
        .take_while(|c| c.is_alphanumeric() || matches!(c, '.' | '(' | ')'))
        .collect::<String>()
        .to_ascii_lowercase();
    let word = word.trim_matches(|c| matches!(c, '(' | ')' | '.'));
    matches!(
        word,
        "nc" | "sc"
            | "ec"
            | "wc"
            | "n.c"
            | "s.c"
            | "e.c"
            | "w.c"
            | "north"
            | "south"
            | "east"
            | "west"
    )
}
