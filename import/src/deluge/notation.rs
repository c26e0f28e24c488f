//! Reading one body line: phase headers, `Power:` prefixes, and judge-notation orders with their
//! bracketed results. Everything here is syntax; whether an order makes sense on the year's map is
//! decided in `replay`.

use super::map::{self, map};
use crate::diag::Sink;

/// A phase header: `Spring 1901`, `Fall 1901 Retreats`, `Winter 1900`, `S1901M`, `W1901A`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct PhaseKey {
    pub year: u16,
    /// 0 spring, 1 fall, 2 winter.
    pub season: u8,
    /// 0 movement, 1 retreats, 2 adjustments.
    pub step: u8,
}

impl PhaseKey {
    pub fn code(self) -> String {
        let s = ["S", "F", "W"][usize::from(self.season.min(2))];
        let k = ["M", "R", "A"][usize::from(self.step.min(2))];
        format!("{s}{}{k}", self.year)
    }
    pub fn season_name(self) -> &'static str {
        ["spring", "fall", "winter"][usize::from(self.season.min(2))]
    }
}

/// Reads a phase header, or `None` when the line is not one.
///
/// Forms: `Spring 1901`, `Fall 1901 Retreats:`, `Winter 1900`, `S1901M`, `W1901A`, the seed's
/// `W 1901`, `Spring of 1901`, `1901 Spring`, `Spring, 1901`, `Spring 1901 (Movement)`, and a judge's
/// report headers `Movement results for Spring of 1901.  (deluge07/S1901M)`, `Adjustment orders
/// for Winter of 1901.`, `Retreat orders for Fall of 1901.` (the step may come before the season).
pub fn phase_header(line: &str) -> Option<PhaseKey> {
    phase_header_form(line).map(|(k, _)| k)
}

/// How a phase header was written when it is in none of the forms [`phase_header`] lists first:
/// the caller reports it (`deluge.phase-form`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhaseForm {
    /// The season in Chinese or Japanese (`1901春`, `1901年秋`, `冬の1900`: the seed's own
    /// translation writes `冬の１９００` and `春１９０１`).
    Cjk,
    /// A year of two digits (`Spring 01`, `Fall '02`), read as 19xx.
    ShortYear,
    /// A dash between the header's words (`Spring 1901 - Retreats`, `Fall 1901 — Movement`).
    Dash,
    /// The season (and step) in German, French, Italian, Spanish or Dutch (`Frühjahr 1901`,
    /// `Herbst 1901`, `Printemps 1901`, `Automne 1901 Retraites`, `Inverno 1901`).
    OtherLanguage,
    /// `Summer 1901`: the retreats after the spring moves, as DAIDE judges name them (SUM);
    /// Deluge has no summer moves.
    Summer,
}

/// A phase header with orders after it on the same line, as a zine writes a season's lines
/// (`Winter 1901: England builds F Lon`, `Spring 1901: France: A Par-Bur`): the phase and the
/// offset in characters where the orders begin. `None` when the line is no such line.
pub fn phase_prefix(line: &str) -> Option<(PhaseKey, usize)> {
    let colon = line.find(':')?;
    let head = line.get(..colon)?;
    if !head.bytes().any(|b| b.is_ascii_digit()) || head.contains(',') {
        return None;
    }
    let (key, _) = phase_header_form(head)?;
    let rest = line.get(colon + 1..)?;
    let body = rest.trim_start();
    if body.is_empty() {
        return None;
    }
    Some((
        key,
        head.chars().count() + 1 + rest.chars().count() - body.chars().count(),
    ))
}

/// [`phase_header`], with the form of the header when it is one the caller reports.
///
/// Besides the forms of [`phase_header`]: the season in Chinese or Japanese characters (`1901春`,
/// `1901年秋季`, `冬の1900`, with `退却`/`調整`/`建造`/`移動` for the step) and a year of two digits
/// after a season word (`Spring 01`, `Sp '01`, read as 1901).
pub fn phase_header_form(line: &str) -> Option<(PhaseKey, Option<PhaseForm>)> {
    let mut form = None;
    let cjk: String;
    let line = if line.is_ascii() {
        line
    } else {
        let mut out = String::with_capacity(line.len() + 16);
        let mut any = false;
        let mut cs = line.chars().peekable();
        while let Some(c) = cs.next() {
            // two-character words first: 退却 / 調整 / 移動 …
            let pair = cs.peek().map(|&n| [c, n]);
            let word = match pair {
                Some(['退', '却' | '卻' | '去']) | Some(['撤', '退']) => Some(" retreats "),
                Some(['調' | '调', '整']) => Some(" adjustments "),
                Some(['建', '造' | '設' | '设']) => Some(" builds "),
                Some(['移' | '行', '動' | '动']) => Some(" movement "),
                _ => None,
            };
            if let Some(w) = word {
                cs.next();
                out.push_str(w);
                any = true;
                continue;
            }
            match c {
                '春' => out.push_str(" spring "),
                '秋' => out.push_str(" fall "),
                '冬' => out.push_str(" winter "),
                // 年 (year), 季 (season), の (of): no word of their own
                '年' | '季' | 'の' => out.push(' '),
                _ => {
                    out.push(crate::text::fold_width(c));
                    continue;
                }
            }
            any = true;
        }
        if any {
            form = Some(PhaseForm::Cjk);
        }
        cjk = out;
        cjk.as_str()
    };
    let l = line
        .trim()
        .trim_end_matches([':', '-', '.', '=', '*', '#'])
        .trim();
    // every header has its year in digits (an order line mostly has none)
    if !l.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    // (`Frühjahr`, `Otoño`: the other languages' seasons are not all ASCII)
    let l = if l.is_ascii() {
        l.to_ascii_lowercase()
    } else {
        l.to_lowercase()
    };
    let l = l.trim_start_matches(['=', '-', '#', '*', ' ']);
    if let Some(k) = compact_phase(l) {
        return Some((k, form));
    }
    // A judge's game and phase in brackets at the end: `(deluge07/S1901M)`, `(S1901M)`.
    let (l, code) = match l.rfind('(') {
        Some(open) if l.ends_with(')') => {
            let inner = l.get(open + 1..l.len() - 1).unwrap_or_default();
            let code = inner.rsplit(['/', ' ', ':']).next().and_then(compact_phase);
            match code {
                Some(c) => (l.get(..open).unwrap_or_default().trim_end(), Some(c)),
                None => (l, None),
            }
        }
        _ => (l, None),
    };
    let l = l.trim_end_matches([':', '-', '.', '=', ' ']);
    let mut season = None;
    let mut year = None;
    let mut step = None;
    let mut words = 0usize;
    let mut short_year = false;
    let mut dashed = false;
    let mut other_language = false;
    let mut summer = false;
    for w in l.split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | ':' | '.')) {
        if w.is_empty() {
            continue;
        }
        // `Spring 1901 - Retreats`, `Fall 1901 — Movement`: a dash between the words
        if w.chars().all(|c| matches!(c, '-' | '–' | '—' | '―')) {
            dashed = true;
            continue;
        }
        words += 1;
        let s = match w {
            "spring" | "spr" | "sp" | "s" => Some(0),
            "fall" | "autumn" | "aut" | "f" | "a" => Some(1),
            "winter" | "win" | "w" => Some(2),
            _ => None,
        };
        // the seasons in German, French, Italian, Spanish, Portuguese and Dutch
        let foreign = match w {
            "frühjahr" | "frühling" | "fruehjahr" | "fruhjahr" | "printemps" | "primavera"
            | "voorjaar" | "lente" => Some(0),
            "herbst" | "automne" | "autunno" | "otoño" | "otono" | "outono" | "najaar"
            | "herfst" => Some(1),
            "hiver" | "inverno" | "invierno" => Some(2),
            _ => None,
        };
        if foreign.is_some() {
            other_language = true;
        }
        // `Summer 1901`: the spring's retreats (DAIDE's SUM)
        let s = match (s, foreign, w) {
            (None, None, "summer" | "sum") => {
                summer = true;
                Some(0)
            }
            (s, f, _) => s.or(f),
        };
        if let Some(s) = s {
            if season.replace(s).is_some() {
                return None;
            }
            continue;
        }
        if w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()) {
            if year.replace(w.parse::<u16>().ok()?).is_some() {
                return None;
            }
            continue;
        }
        // `Spring 01`, `Fall '02`: a club's short year (checked below to follow a season word)
        let short = w.strip_prefix(['\'', '’']).unwrap_or(w);
        if short.len() == 2 && short.bytes().all(|b| b.is_ascii_digit()) {
            let n: u16 = short.parse().ok()?;
            if season.is_none() || year.replace(1900 + n).is_some() {
                return None;
            }
            short_year = true;
            continue;
        }
        let st = match w {
            "movement" | "moves" | "move" | "diplomacy" => Some(0),
            "retreats" | "retreat" | "retreating" => Some(1),
            "adjustments" | "adjustment" | "builds" | "build" | "adjust" => Some(2),
            // the steps in the other languages of the seasons above
            "bewegung" | "bewegungen" | "züge" | "mouvement" | "mouvements" | "movimento"
            | "movimenti" | "movimiento" | "movimientos" | "beweging" | "bewegingen" => {
                other_language = true;
                Some(0)
            }
            "rückzug" | "rückzüge" | "retraite" | "retraites" | "ritirata" | "ritirate"
            | "retirada" | "retiradas" | "terugtocht" => {
                other_language = true;
                Some(1)
            }
            "anpassung" | "anpassungen" | "aufbau" | "ajustement" | "ajustements"
            | "aggiustamenti" | "ajustes" | "aanpassingen" => {
                other_language = true;
                Some(2)
            }
            // judge report words and connectives: `… results for Spring of 1901`
            "orders" | "results" | "for" | "of" | "phase" | "season" | "turn" => None,
            // `Winter 1900 initial builds` (rule 1: the game begins with a winter of builds)
            "initial" | "opening" | "first" | "setup" => None,
            _ => return None,
        };
        if let Some(st) = st
            && step.replace(st).is_some_and(|old| old != st)
        {
            return None;
        }
    }
    let (season, year) = (season?, year?);
    if words > 8 || !(1800..=2100).contains(&year) {
        return None;
    }
    // A winter is always an adjustment phase (rule 1 plays Winter 1900 as a season of builds).
    let step = match (season, step) {
        (2, _) => 2,
        // a summer is the spring's retreats, nothing else
        (_, Some(1) | None) if summer => 1,
        _ if summer => return None,
        (_, Some(st)) => st,
        (_, None) => 0,
    };
    let key = PhaseKey { year, season, step };
    if short_year {
        form = Some(PhaseForm::ShortYear);
    }
    if dashed && form.is_none() {
        form = Some(PhaseForm::Dash);
    }
    if other_language && form.is_none() {
        form = Some(PhaseForm::OtherLanguage);
    }
    if summer && form.is_none() {
        form = Some(PhaseForm::Summer);
    }
    match code {
        // the bracketed code wins where it disagrees (it is the judge's own)
        Some(c) => Some((c, form)),
        None => Some((key, form)),
    }
}

/// The compact form `S1901M`, `F1901R`, `W1901A` (also `W1901B`), lower-cased.
fn compact_phase(l: &str) -> Option<PhaseKey> {
    let b = l.as_bytes();
    if b.len() != 6 || !b[1..5].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let season = match b[0] {
        b's' => 0,
        b'f' | b'a' => 1,
        b'w' => 2,
        _ => return None,
    };
    let step = match b[5] {
        b'm' => 0,
        b'r' => 1,
        b'a' | b'b' => 2,
        _ => return None,
    };
    let year: u16 = l.get(1..5)?.parse().ok()?;
    // The same years as the long form: `W9999A` would replay eight thousand winters.
    if !(1800..=2100).contains(&year) {
        return None;
    }
    Some(PhaseKey { year, season, step })
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Word(String),
    Sym(char),
}

#[derive(Debug, Clone)]
struct T {
    tok: Tok,
    /// Offset in characters from the start of the order text.
    off: usize,
    /// A `-` written between two letters without spaces (`Mid-Atlantic`): it may join the words of
    /// one province's name rather than be a move. On a word: the unit's letter split from the
    /// province glued to it by a full stop (`A.Lon`, read as `A Lon`).
    tight: bool,
}

fn tokenize(s: &str) -> Vec<T> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '.' || c == '\'' {
            let start = i;
            let mut w = String::new();
            while i < chars.len()
                && (chars[i].is_alphanumeric() || chars[i] == '.' || chars[i] == '\'')
            {
                w.push(chars[i]);
                i += 1;
            }
            let w = w.trim_end_matches('.');
            // `A.Lon`, `F.Nth`: the unit's letter glued to the province by a full stop (no
            // province's name starts so): two words, the first marked
            let b = w.as_bytes();
            if b.len() > 2
                && b[1] == b'.'
                && matches!(b[0], b'A' | b'a' | b'F' | b'f')
                && b[2].is_ascii_alphabetic()
            {
                out.push(T {
                    tok: Tok::Word(w.get(..1).unwrap_or_default().to_string()),
                    off: start,
                    tight: true,
                });
                out.push(T {
                    tok: Tok::Word(w.get(2..).unwrap_or_default().to_string()),
                    off: start + 2,
                    tight: false,
                });
                continue;
            }
            // a lone `.` (a sentence's full stop after a bracket) is no word
            if !w.is_empty() {
                out.push(T {
                    tok: Tok::Word(w.to_string()),
                    off: start,
                    tight: false,
                });
            }
            continue;
        }
        let start = i;
        let tight = c == '-'
            && i > 0
            && chars[i - 1].is_alphabetic()
            && chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
        let sym = match c {
            '-' | '–' | '—' | '→' | '⇒' | '⟶' | '➔' => {
                // `--`, `-->`, `—>`: one move sign
                while chars
                    .get(i + 1)
                    .is_some_and(|n| matches!(n, '-' | '–' | '—'))
                {
                    i += 1;
                }
                if chars.get(i + 1) == Some(&'>') {
                    i += 1;
                }
                Some('-')
            }
            '=' if chars.get(i + 1) == Some(&'>') => {
                i += 1;
                Some('-')
            }
            '>' => Some('-'),
            '/' | '(' | ')' | '[' | ']' | '*' => Some(c),
            c if c.is_whitespace() => None,
            other => Some(other),
        };
        i += 1;
        if let Some(sym) = sym {
            out.push(T {
                tok: Tok::Sym(sym),
                off: start,
                tight,
            });
        }
    }
    out
}

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

/// The order kinds of CONTRACT.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderKind {
    Hold,
    Move,
    Support,
    Convoy,
    Build,
    Remove,
    Waive,
    Transform,
}

impl OrderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            OrderKind::Hold => "hold",
            OrderKind::Move => "move",
            OrderKind::Support => "support",
            OrderKind::Convoy => "convoy",
            OrderKind::Build => "build",
            OrderKind::Remove => "remove",
            OrderKind::Waive => "waive",
            OrderKind::Transform => "transform",
        }
    }
}

/// One order as read, before it is checked against the map.
#[derive(Debug, Clone)]
pub struct RawOrder {
    pub kind: OrderKind,
    pub unit: Option<char>,
    pub at: Option<Loc>,
    pub to: Option<Loc>,
    pub via: Vec<Loc>,
    /// Support and convoy: the supported or convoyed unit.
    pub of_unit: Option<char>,
    pub of: Option<Loc>,
    /// The result as written in brackets (normalized), and as written.
    pub result: Option<String>,
    /// Words read in another form than the judge's (`Sup` for `S`, `: bounced` for a bracketed
    /// result): the offset in the order and what was read, for an info.
    pub forms: Vec<(usize, String)>,
}

/// A result with its reason after it (`bounced by Turkey`, `dislodged by A Mun`, `cut by F Nth`,
/// `fails, no support`): the result of the words before `by`, `from` or a comma.
fn result_with_reason(l: &str) -> Option<&'static str> {
    let cut = [" by ", " from ", ",", " - ", ";"]
        .iter()
        .filter_map(|c| l.find(c))
        .min()?;
    let head = l.get(..cut)?.trim();
    // (one letter is too little to read a result from: `b`, `s`, `f` are results alone only)
    if head.chars().count() < 2 {
        return None;
    }
    result_word(head)
}

/// A result between stars at the end of an order (`*bounce*`, `**dislodged**`, `*bounce,
/// dislodged*`): where its first star is, the result, and the words as written. Only after a word
/// that can end an order (a province or `H`): `*` alone, or with no result word, is none.
fn starred_result(toks: &[T]) -> Option<(usize, &'static str, String)> {
    let star = |t: &T| t.tok == Tok::Sym('*');
    let end = toks.len() - toks.iter().rev().take_while(|t| star(t)).count();
    if end == toks.len() {
        return None;
    }
    let open = toks.get(..end)?.iter().rposition(star)?;
    let start = open + 1
        - toks
            .get(..=open)?
            .iter()
            .rev()
            .take_while(|t| star(t))
            .count();
    let inner = toks.get(open + 1..end)?;
    if start == 0 || inner.is_empty() {
        return None;
    }
    let mut words = Vec::new();
    for t in inner {
        match &t.tok {
            Tok::Word(w) => words.push(w.as_str()),
            Tok::Sym(',') => words.push(","),
            Tok::Sym('-') => words.push("-"),
            Tok::Sym(_) => return None,
        }
    }
    let joined = words.join(" ").replace(" ,", ",");
    let r = result_word(&joined).or_else(|| result_with_reason(&joined.to_ascii_lowercase()))?;
    Some((start, r, joined))
}

/// Normalizes a bracketed result word; `None` when it is not a result.
pub fn result_word(s: &str) -> Option<&'static str> {
    let l: String = s
        .to_ascii_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let r = match l.trim_matches(['*', '.', '!', ' ']) {
        "succeeds" | "success" | "succeeded" | "ok" | "moves" | "moved" | "s" => "succeeds",
        "bounce" | "bounced" | "bounces" | "standoff" | "stand off" | "stand - off"
        | "stand-off" | "b" => "bounced",
        "fails" | "failed" | "fail" | "f" => "fails",
        "cut" | "support cut" => "cut",
        "void" | "invalid" | "illegal" | "no such unit" | "impossible" => "void",
        "dislodged" | "disl" | "dislodge" | "retreat" | "d" => "dislodged",
        "no convoy" | "no conv" | "convoy fails" | "convoy failed" | "unconvoyed" => "no_convoy",
        "destroyed" | "disbanded" | "annihilated" => "destroyed",
        "drowned" => "drowned",
        _ => return None,
    };
    Some(r)
}

fn coast_word(s: &str) -> Option<&'static str> {
    match s.to_ascii_lowercase().as_str() {
        "nc" | "n" | "north" | "ncs" | "nco" => Some("nc"),
        "sc" | "s" | "south" | "scs" | "sco" => Some("sc"),
        "ec" | "e" | "east" | "ecs" | "eco" => Some("ec"),
        "wc" | "w" | "west" => Some("wc"),
        _ => None,
    }
}

struct Cursor<'a> {
    toks: &'a [T],
    i: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.i).map(|t| &t.tok)
    }
    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.i + k).map(|t| &t.tok)
    }
    fn off(&self) -> usize {
        self.toks.get(self.i).map_or(0, |t| t.off)
    }
    fn word(&self) -> Option<String> {
        match self.peek() {
            Some(Tok::Word(w)) => Some(w.to_ascii_lowercase()),
            _ => None,
        }
    }
    fn is_word(&self, set: &[&str]) -> bool {
        self.word().is_some_and(|w| set.contains(&w.as_str()))
    }
    fn is_sym(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Sym(c))
    }
    fn done(&self) -> bool {
        self.i >= self.toks.len()
    }
}

const KEYWORDS: &[&str] = &[
    "s",
    "c",
    "h",
    "t",
    "supports",
    "support",
    "convoys",
    "convoy",
    "hold",
    "holds",
    "stands",
    "transform",
    "transforms",
    "becomes",
    "via",
    "to",
    "b",
    "d",
    "build",
    "builds",
    "disband",
    "disbands",
    "remove",
    "removes",
];

/// The power whose unit a judge's report names with this adjective (`Russian Army Moscow`): the
/// adjectives of the seven powers only (a power's name or letter there is no such form).
fn owner_adjective(w: &str) -> Option<&'static str> {
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
/// note in `forms`: `A/F` (`F/A`, `Army/Fleet`), a unit of either type (seed 001 names the
/// Abstraction A/F rules but defines no such unit): `None`, the replay taking the unit that
/// stands there; `A/Lon`, `F/ Nth` (a slash after the letter) and `A.Lon` (a full stop gluing
/// the letter to the province) read as `A Lon`.
/// The unit type a word names: `A`/`Army`, `F`/`Fleet` (any case).
fn unit_letter(w: &str) -> Option<char> {
    let is = |s: &str| w.eq_ignore_ascii_case(s);
    if is("a") || is("army") {
        Some('A')
    } else if is("f") || is("fleet") {
        Some('F')
    } else {
        None
    }
}

fn unit(c: &mut Cursor, forms: &mut Vec<(usize, String)>) -> Option<char> {
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
                        "\"{u}/{o}\" (an army or a fleet: seed 001 names the Abstraction A/F rules but defines no such unit) read as the unit that stands there"
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
fn loc(c: &mut Cursor) -> Option<Loc> {
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

fn is_move_sym(c: &Cursor) -> bool {
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
fn skip_move_sym(c: &mut Cursor) {
    let was_word = !c.is_sym('-') && !c.is_word(&["to"]);
    c.i += 1;
    if was_word && c.is_word(&["to"]) {
        c.i += 1;
    }
}

/// Words that stand for a fleet after a transformation: `F`, `Fleet`, `a fleet`.
fn skip_fleet(c: &mut Cursor) -> bool {
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
fn skip_articles(c: &mut Cursor) {
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

/// Text that says a power gives no order (`none`, `no builds`, `NMR`, `-`): `true` for it.
pub fn no_order(text: &str) -> bool {
    let l: String = text
        .to_ascii_lowercase()
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | '.' | '*'))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    matches!(
        l.as_str(),
        "" | "-"
            | "--"
            | "–"
            | "—"
            | "none"
            | "nothing"
            | "nmr"
            | "n/a"
            | "no orders"
            | "no order"
            | "no moves"
            | "no builds"
            | "no build"
            | "no adjustments"
            | "no change"
            | "no orders received"
            | "no order processed"
            | "pass"
    )
}

/// `No Order Processed.`: a judge's note after a unit it had no order for (`Army Vienna, No Order
/// Processed.`, njudge's report); the unit holds.
pub fn no_order_processed(text: &str) -> bool {
    let t = text.trim_start();
    if !t
        .as_bytes()
        .first()
        .is_some_and(|b| b.eq_ignore_ascii_case(&b'n'))
    {
        return false;
    }
    let mut w = t.trim_end().trim_end_matches('.').split_whitespace();
    matches!(
        (w.next(), w.next(), w.next(), w.next()),
        (Some(a), Some(b), Some(c), None)
            if a.eq_ignore_ascii_case("no")
                && b.eq_ignore_ascii_case("order")
                && c.eq_ignore_ascii_case("processed")
    )
}

/// Reads one order (without its power prefix). Returns the reason when it cannot be read.
pub fn order(text: &str) -> Result<RawOrder, (usize, String)> {
    order_in(text, None)
}

/// Reads one order; `lead` is the adjustment verb of an earlier order on the same line (`Build F
/// Lon, F Edi, A Lpl`), applied to an order that starts with its unit.
pub fn order_in(text: &str, lead: Option<OrderKind>) -> Result<RawOrder, (usize, String)> {
    match order_read(text, lead) {
        Ok(o) => Ok(o),
        Err(e) => other_marks(text, lead).ok_or(e),
    }
}

/// An order a zine or adjudicator marks as failed, read when the plain reading failed: the
/// whole order in brackets (`(A Mar-Bur)`, as the Electronic Protocol's adjudications print a
/// failed order) or a star after it (`A Bur-Par*`, `A Bur-Par *`). Read as the order with the
/// result `fails` (the adjudication may say how: bounced, cut), with an info each.
#[cold]
#[inline(never)]
fn other_marks(text: &str, lead: Option<OrderKind>) -> Option<RawOrder> {
    let t = text.trim();
    let ws = text.chars().count() - text.trim_start().chars().count();
    let (inner, off, how) = if let Some(i) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        // (the brackets around the whole order: those inside it, `(A Lon-StP(nc))`, balance)
        if i.matches('(').count() != i.matches(')').count() {
            return None;
        }
        (
            i,
            ws + 1,
            "the order in brackets, as an adjudication prints a failed order",
        )
    } else if let Some(i) = t.strip_suffix('*') {
        let i = i.trim_end();
        if i.ends_with('*') {
            return None;
        }
        (
            i,
            ws,
            "a star after the order, as a zine marks a failed order",
        )
    } else {
        return None;
    };
    let mut o = order_read(inner, lead).ok()?;
    if o.result.is_some() {
        return None;
    }
    // the offsets in the order as written
    for l in [&mut o.at, &mut o.to, &mut o.of]
        .into_iter()
        .flatten()
        .chain(o.via.iter_mut())
    {
        l.off += off;
    }
    for f in &mut o.forms {
        f.0 += off;
    }
    let mark = if t.starts_with('(') {
        ws
    } else {
        ws + t.chars().count() - 1
    };
    o.forms
        .push((mark, format!("{how}, read as its result: fails")));
    o.result = Some("fails".to_string());
    Some(o)
}

/// After a support's or convoy's unit: its province, then where it goes (`- Bur`) or that it
/// holds (`H`, `stands`).
fn support_target(c: &mut Cursor, o: &mut RawOrder) -> Result<(), (usize, String)> {
    o.of = loc(c);
    if o.of.is_none() {
        return Err((
            c.off(),
            "expected the supported or convoyed unit's province".to_string(),
        ));
    }
    if is_move_sym(c) {
        skip_move_sym(c);
        o.to = loc(c);
        if o.to.is_none() {
            return Err((c.off(), "expected a province after `-`".to_string()));
        }
    } else if c.is_word(&["h", "hold", "holds", "stand", "stands"]) {
        c.i += 1;
    }
    Ok(())
}

fn order_read(text: &str, lead: Option<OrderKind>) -> Result<RawOrder, (usize, String)> {
    let mut toks = tokenize(text);
    // A trailing bracketed result: `(bounce)`, `[dislodged]`, `(no convoy)`.
    let mut result = None;
    let mut reason = None;
    if let Some(last) = toks.last() {
        let close = match last.tok {
            Tok::Sym(')') => Some('('),
            Tok::Sym(']') => Some('['),
            _ => None,
        };
        if let Some(open) = close
            && let Some(start) = toks.iter().rposition(|t| t.tok == Tok::Sym(open))
        {
            let words: Vec<String> = toks[start + 1..toks.len() - 1]
                .iter()
                .map(|t| match &t.tok {
                    Tok::Word(w) => w.clone(),
                    Tok::Sym(c) => c.to_string(),
                })
                .collect();
            let joined = words.join(" ");
            let jl = joined.to_ascii_lowercase();
            if ["via convoy", "by convoy", "convoyed", "via c", "by c"].contains(&jl.as_str()) {
                // not a result: the route, as in `A Lon-Bel via convoy`
                toks.truncate(start);
            } else if let Some(r) = result_word(&joined) {
                result = Some(r.to_string());
                toks.truncate(start);
            } else if let Some(r) = result_with_reason(&jl) {
                // `(bounced by Turkey)`, `(dislodged by A Mun)`, `(cut by F Nth)`
                reason = Some((
                    toks.get(start).map_or(0, |t| t.off),
                    format!("the result {:?} read as {r}", joined),
                ));
                result = Some(r.to_string());
                toks.truncate(start);
            } else if open == '['
                || coast_word(jl.strip_suffix(" coast").unwrap_or(&jl)).is_none()
                    && start > 0
                    && {
                        // `(…)` after a complete location is a result unless it is a coast.
                        !matches!(toks.get(start.wrapping_sub(1)).map(|t| &t.tok), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("f") || w.eq_ignore_ascii_case("a"))
                    }
            {
                result = Some(format!("?{}", joined.to_ascii_lowercase()));
                toks.truncate(start);
            }
        }
    }
    // `A Mun-Bur: bounced`: the result after a colon that ends a whole order
    let mut forms: Vec<(usize, String)> = reason.into_iter().collect();
    // `A Par-Bur *bounce*`, `A Mun H *dislodged*`: a result between stars, as a judge marks it in
    // its brackets (`(*bounce*)`), written without them. (A lone `*`, `A Bur-Par*`, is no result.)
    if result.is_none()
        && let Some((start, r, written)) = starred_result(&toks)
    {
        forms.push((
            toks.get(start).map_or(0, |t| t.off),
            format!("the result between stars ({written:?}) read as {r}"),
        ));
        result = Some(r.to_string());
        toks.truncate(start);
    }
    if result.is_none()
        && let Some(k) = toks.iter().rposition(|t| t.tok == Tok::Sym(':'))
        && k >= 3
        && k + 1 < toks.len()
    {
        let words: Vec<&str> = toks[k + 1..]
            .iter()
            .map(|t| match &t.tok {
                Tok::Word(w) => w.as_str(),
                Tok::Sym(_) => "",
            })
            .collect();
        let joined = words.join(" ");
        if joined.trim().chars().count() >= 2
            && let Some(r) = result_word(&joined)
        {
            forms.push((
                toks.get(k).map_or(0, |t| t.off),
                format!("the result after ':' ({:?}) read as {r}", joined.trim()),
            ));
            result = Some(r.to_string());
            toks.truncate(k);
        }
    }
    let mut c = Cursor { toks: &toks, i: 0 };
    let err = |c: &Cursor, m: &str| Err((c.off(), m.to_string()));
    let mut o = RawOrder {
        kind: OrderKind::Hold,
        result,
        forms,
        ..waive()
    };
    if c.done() {
        return err(&c, "empty order");
    }
    // Adjustments written first: `Build A Par`, `Remove A Mun`, `Waive`.
    if c.is_word(&["waive", "waives", "waived", "nmr"]) && c.toks.len() == 1 {
        o.kind = OrderKind::Waive;
        return Ok(o);
    }
    // `1 build waived`, `2 builds waived`: the count of builds declined (one waive order)
    if c.toks.len() == 3
        && matches!(c.peek(), Some(Tok::Word(w)) if w.bytes().all(|b| b.is_ascii_digit()) || ["one", "two", "three"].contains(&w.to_ascii_lowercase().as_str()))
        && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["build", "builds"].contains(&w.to_ascii_lowercase().as_str()))
        && matches!(c.peek_at(2), Some(Tok::Word(w)) if ["waived", "waive"].contains(&w.to_ascii_lowercase().as_str()))
    {
        o.kind = OrderKind::Waive;
        return Ok(o);
    }
    // `Build waived.` (a judge's report), `Builds waived`, `Waive build`, `Removal waived`
    if c.toks.len() == 2
        && (c.is_word(&["build", "builds", "removal", "removals", "remove"])
            && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["waived", "waive"].contains(&w.to_ascii_lowercase().as_str()))
            || c.is_word(&["waive", "waives", "waived"])
                && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["build", "builds", "removal"].contains(&w.to_ascii_lowercase().as_str())))
    {
        o.kind = OrderKind::Waive;
        return Ok(o);
    }
    // `Retreat A Mun - Boh`, `Retreats A Mun-Boh`: the verb before a retreat (read as the move
    // it is; the phase decides that it is a retreat)
    if c.is_word(&["retreat", "retreats"])
        && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["a", "f", "army", "fleet"].contains(&w.to_ascii_lowercase().as_str()))
    {
        o.forms.push((
            c.off(),
            "the verb \"retreat\" before the unit read as a retreat (a move in the retreat phase)"
                .to_string(),
        ));
        c.i += 1;
    }
    let mut lead_kind = if c.is_word(&["build", "builds", "b", "building"]) {
        Some(OrderKind::Build)
    } else if c.is_word(&[
        "remove",
        "removes",
        "disband",
        "disbands",
        "r",
        "d",
        "removing",
        "disbanding",
    ]) {
        Some(OrderKind::Remove)
    } else {
        None
    };
    if lead_kind.is_some() {
        c.i += 1;
        // `Builds: F Lon`
        if c.is_sym(':') {
            c.i += 1;
        }
    } else if lead.is_some() && c.is_word(&["a", "f", "army", "fleet"]) {
        lead_kind = lead;
    }
    if let Some(k) = lead_kind {
        o.kind = k;
        skip_articles(&mut c);
        o.unit = unit(&mut c, &mut o.forms);
        skip_articles(&mut c);
        o.at = loc(&mut c);
        if o.at.is_none() {
            return err(&c, "expected a province after the adjustment");
        }
        if !c.done() {
            return err(&c, "unexpected text after the adjustment");
        }
        return Ok(o);
    }
    o.unit = unit(&mut c, &mut o.forms);
    o.at = loc(&mut c);
    if o.at.is_none() {
        return err(&c, "expected a unit and a province (`A Par`, `F Lon`)");
    }
    // `F Nao-H`, `A Mos - holds`: a hold written as a move to `H`, as adjudications print it
    if is_move_sym(&c)
        && c.i + 2 == c.toks.len()
        && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["h", "hold", "holds"].contains(&w.to_ascii_lowercase().as_str()))
    {
        o.forms.push((
            c.off(),
            "a hold written as a move to H (\"-H\") read as H".to_string(),
        ));
        return Ok(o);
    }
    // (`stand`: a hold in the judge's syntax, with `h`, `hold`, `holds`, `stands`)
    if c.done() || c.is_word(&["h", "hold", "holds", "stands", "stand"]) {
        c.i += 1;
        if c.i < c.toks.len() {
            return err(&c, "unexpected text after a hold");
        }
        return Ok(o);
    }
    if c.is_word(&[
        "t",
        "transform",
        "transforms",
        "becomes",
        "tr",
        "turn",
        "turns",
        "convert",
        "converts",
    ]) {
        c.i += 1;
        // `A Bre T`, `A Bre transforms to F`, `A Bre becomes F`, `A Bre turns into a fleet` (rule 2:
        // "be ordered to turn into a fleet").
        if c.is_word(&["to", "into", "in"]) {
            c.i += 1;
        }
        skip_fleet(&mut c);
        if !c.done() {
            return err(&c, "unexpected text after a transformation");
        }
        o.kind = OrderKind::Transform;
        return Ok(o);
    }
    // `A Bre -> F`, `A Bre => Fleet`: the army turns into a fleet (no province is called F).
    if c.is_sym('-')
        && {
            let mut k = c.i + 1;
            if matches!(c.toks.get(k).map(|t| &t.tok), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("a"))
            {
                k += 1;
            }
            k + 1 == c.toks.len()
                && matches!(c.toks.get(k).map(|t| &t.tok), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("f") || w.eq_ignore_ascii_case("fleet"))
        }
    {
        o.kind = OrderKind::Transform;
        return Ok(o);
    }
    // `A Ser R Alb`: a retreat written with the judge's `R`.
    if c.is_word(&["r"]) && matches!(c.peek_at(1), Some(Tok::Word(_))) {
        c.i += 1;
        match loc(&mut c) {
            Some(l) => {
                if !c.done() {
                    return err(&c, "unexpected text after the retreat");
                }
                o.kind = OrderKind::Move;
                o.to = Some(l);
                return Ok(o);
            }
            None => return err(&c, "expected a province after `R`"),
        }
    }
    if c.is_word(&["b", "build", "builds"])
        || c.is_word(&[
            "d",
            "disband",
            "disbands",
            "disbanded",
            "r",
            "remove",
            "removed",
        ])
    {
        o.kind = if c.is_word(&["b", "build", "builds"]) {
            OrderKind::Build
        } else {
            OrderKind::Remove
        };
        c.i += 1;
        if !c.done() {
            return err(&c, "unexpected text after the adjustment");
        }
        return Ok(o);
    }
    // (`Sup`, `Supp`, `Cvy`, `Conv`: the words as clubs abbreviate them; `Con` is a province)
    const SUPPORT_FORMS: [&str; 6] = ["sup", "supp", "supt", "spt", "sups", "supporting"];
    const CONVOY_FORMS: [&str; 4] = ["cvy", "conv", "cvys", "convoying"];
    // `A StP SA Mos`, `F Tun SF Ion`, `F Nwg CA Cly-Hol`: support and convoy with the letter of
    // the unit supported or convoyed glued to them, as adjudicators' programs print them
    let glued = match c.word().as_deref() {
        Some("sa") => Some((OrderKind::Support, 'A')),
        Some("sf") => Some((OrderKind::Support, 'F')),
        Some("ca") => Some((OrderKind::Convoy, 'A')),
        _ => None,
    };
    if let Some((kind, u)) = glued
        && matches!(c.peek_at(1), Some(Tok::Word(_)))
    {
        let w = match c.peek() {
            Some(Tok::Word(w)) => w.clone(),
            _ => String::new(),
        };
        let judge = if kind == OrderKind::Support { "S" } else { "C" };
        o.forms
            .push((c.off(), format!("{w:?} read as {judge} {u}")));
        o.kind = kind;
        c.i += 1;
        o.of_unit = Some(u);
        support_target(&mut c, &mut o)?;
        // `SA Mos-Mos`: the support of a hold, written as a move to where the unit stands
        if o.kind == OrderKind::Support
            && let (Some(of), Some(to)) = (&o.of, &o.to)
            && of.key() == to.key()
        {
            o.forms.push((
                to.off,
                "a support to the supported unit's own province read as the support of its hold"
                    .to_string(),
            ));
            o.to = None;
        }
        if o.kind == OrderKind::Convoy && o.to.is_none() {
            return err(&c, "a convoy names the army's move (`F NTH C A Lon-Bel`)");
        }
        if !c.done() {
            return err(&c, "unexpected text after the order");
        }
        return Ok(o);
    }
    if c.is_word(&["s", "support", "supports", "c", "convoy", "convoys"])
        || c.is_word(&SUPPORT_FORMS)
        || c.is_word(&CONVOY_FORMS)
    {
        o.kind = if c.is_word(&["s", "support", "supports"]) || c.is_word(&SUPPORT_FORMS) {
            OrderKind::Support
        } else {
            OrderKind::Convoy
        };
        if c.is_word(&SUPPORT_FORMS) || c.is_word(&CONVOY_FORMS) {
            let w = match c.peek() {
                Some(Tok::Word(w)) => w.clone(),
                _ => String::new(),
            };
            let judge = if o.kind == OrderKind::Support {
                "S"
            } else {
                "C"
            };
            o.forms.push((c.off(), format!("{w:?} read as {judge}")));
        }
        c.i += 1;
        // `SUPPORT Russian Army Moscow -> St Petersburg`: a judge names another power's unit with
        // its owner (njudge writes the owner's adjective before the supported or convoyed unit)
        if let Some(owner) = c.word().as_deref().and_then(owner_adjective)
            && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["a", "f", "army", "fleet"].contains(&w.to_ascii_lowercase().as_str()))
        {
            let w = match c.peek() {
                Some(Tok::Word(w)) => w.clone(),
                _ => String::new(),
            };
            o.forms.push((
                c.off(),
                format!("{w:?} read as the owner of the unit named after it ({owner}), as a judge names another power's unit"),
            ));
            c.i += 1;
        }
        o.of_unit = unit(&mut c, &mut o.forms);
        support_target(&mut c, &mut o)?;
        if o.kind == OrderKind::Convoy && o.to.is_none() {
            return err(&c, "a convoy names the army's move (`F NTH C A Lon-Bel`)");
        }
        if !c.done() {
            return err(&c, "unexpected text after the order");
        }
        return Ok(o);
    }
    if is_move_sym(&c) {
        let mut path = Vec::new();
        while is_move_sym(&c) {
            skip_move_sym(&mut c);
            match loc(&mut c) {
                Some(l) => path.push(l),
                None => return err(&c, "expected a province after `-`"),
            }
        }
        // `via convoy`, `by convoy`
        if c.is_word(&["via", "by"]) {
            c.i += 1;
            if c.is_word(&["convoy", "c"]) {
                c.i += 1;
            }
        }
        if !c.done() {
            return err(&c, "unexpected text after the move");
        }
        o.kind = OrderKind::Move;
        o.to = path.pop();
        o.via = path;
        return Ok(o);
    }
    err(
        &c,
        "expected `-`, `S`, `C`, `H`, `T`, `B` or `D` after the unit",
    )
}

/// A transcriber's mark before an adjustment (`+F Lon` a build, `-A Mun` a removal): its kind
/// and the characters it takes (the mark and the spaces after it). Only a unit after the mark
/// makes one; the caller reads it so in an adjustment phase only.
pub fn adjustment_mark(text: &str) -> Option<(OrderKind, usize)> {
    let mut cs = text.chars();
    let kind = match cs.next()? {
        '+' => OrderKind::Build,
        '-' | '–' | '−' => OrderKind::Remove,
        _ => return None,
    };
    let rest = cs.as_str();
    let spaces = rest.chars().take_while(|c| c.is_whitespace()).count();
    let unit = rest.split_whitespace().next()?.to_ascii_lowercase();
    matches!(unit.as_str(), "a" | "f" | "army" | "fleet" | "a/f").then_some((kind, 1 + spaces))
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
fn split_tabs_slashes(t: &str) -> Vec<(usize, String)> {
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
fn trimmed_pieces(raw: Vec<(usize, String)>) -> Vec<(usize, String)> {
    raw.into_iter()
        .filter_map(|(o, t)| {
            let lead = t.chars().take_while(|c| c.is_whitespace()).count();
            let t = t.trim().to_string();
            (!t.is_empty()).then_some((o + lead, t))
        })
        .collect()
}

/// Does the text start (after spaces) with a coast (`sc`, `nc`, `(sc)`, `north coast`)?
fn coast_after(rest: &[char]) -> bool {
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

fn split_plain(s: &str) -> Vec<(usize, String)> {
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
const ORDER_WORDS: [&str; 20] = [
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
const ORDER_START: [&str; 12] = [
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
/// seed's Japanese for Russia) or abbreviated with a full stop (`Eng.`, `Ger.`, `Aust.`; three
/// letters or more before it).
fn other_power(name: &str) -> Option<&'static str> {
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
fn worded_power(head: &str) -> Option<&'static str> {
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

/// `Defaults, removing the army in Belgium.`: the characters to skip (the word, the comma and the
/// white space after it), when the text starts so.
pub fn strip_defaults(text: &str) -> Option<usize> {
    let t = text.trim_start();
    let lead = text.chars().count() - t.chars().count();
    let rest = [
        "Defaults,",
        "defaults,",
        "DEFAULTS,",
        "Default,",
        "default,",
    ]
    .iter()
    .find_map(|p| t.strip_prefix(p))?;
    let ws = rest.chars().take_while(|c| c.is_whitespace()).count();
    Some(lead + t.chars().count() - rest.chars().count() + ws)
}

/// A waive, as an order read.
pub fn waive() -> RawOrder {
    RawOrder {
        kind: OrderKind::Waive,
        unit: None,
        at: None,
        to: None,
        via: Vec::new(),
        of_unit: None,
        of: None,
        result: None,
        forms: Vec::new(),
    }
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
    // A transcriber's own list of what the winter did or who owns what (seed 001 writes its
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

/// Reports an unknown bracket result (stored with a leading `?` by [`order`]).
pub fn check_result(o: &mut RawOrder, sink: &mut Sink, line: u32, col: u32) {
    if let Some(r) = o.result.clone()
        && let Some(w) = r.strip_prefix('?')
    {
        sink.warning(
            "deluge.result-unknown",
            line,
            col,
            format!("the bracketed result {w:?} is not one annals knows; kept as written"),
        );
        o.result = Some(w.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases() {
        let k = |s| phase_header(s).map(PhaseKey::code);
        assert_eq!(k("Winter 1900"), Some("W1900A".into()));
        assert_eq!(k("Spring 1901"), Some("S1901M".into()));
        assert_eq!(k("Fall 1901 Retreats:"), Some("F1901R".into()));
        assert_eq!(k("Autumn 1902"), Some("F1902M".into()));
        assert_eq!(k("S1901M"), Some("S1901M".into()));
        assert_eq!(k("W1901A"), Some("W1901A".into()));
        assert_eq!(k("A Par-Bur"), None);
        assert_eq!(k("England: A Lon H"), None);
    }

    #[test]
    fn orders() {
        let o = order("A Par-Bur").unwrap();
        assert_eq!(o.kind, OrderKind::Move);
        assert_eq!(o.to.unwrap().code, Some("bur"));
        let o = order("F(StP)nc").unwrap();
        assert_eq!(o.kind, OrderKind::Hold);
        assert_eq!(o.at.unwrap().coast.as_deref(), Some("nc"));
        let o = order("Build F(StP)nc").unwrap();
        assert_eq!(o.kind, OrderKind::Build);
        let o = order("F Spa/sc - Wes (bounce)").unwrap();
        assert_eq!(o.at.unwrap().coast.as_deref(), Some("sc"));
        assert_eq!(o.result.as_deref(), Some("bounced"));
        let o = order("A Lon-Nth-Bel").unwrap();
        assert_eq!(o.via.len(), 1);
        let o = order("A Mar S A Par-Bur").unwrap();
        assert_eq!(o.kind, OrderKind::Support);
        assert_eq!(o.of.unwrap().code, Some("par"));
        let o = order("F NTH C A Lon-Bel").unwrap();
        assert_eq!(o.kind, OrderKind::Convoy);
        let o = order("A Bre T").unwrap();
        assert_eq!(o.kind, OrderKind::Transform);
        let o = order("Waive").unwrap();
        assert_eq!(o.kind, OrderKind::Waive);
        let o = order("F Lpl-Iri").unwrap();
        assert_eq!(o.at.unwrap().code, Some("lvp"));
        let o = order("F Nwy-StP(nc) [dislodged]").unwrap();
        assert_eq!(o.to.unwrap().coast.as_deref(), Some("nc"));
        assert!(order("A Par S").is_err());
        assert!(order("xyzzy plugh!").is_err());
        assert!(order("").is_err());
    }
}
