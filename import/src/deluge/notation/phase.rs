//! Phase headers: `Spring 1901`, `S1901M`, a judge's report heading, the seasons in other
//! languages and in Chinese or Japanese, a header with orders after it on one line.

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
/// Forms: `Spring 1901`, `Fall 1901 Retreats:`, `Winter 1900`, `S1901M`, `W1901A`, the notation's
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
    /// The season in Chinese or Japanese (`1901春`, `1901年秋`, `冬の1900`: the notation's own
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
        let any;
        (cjk, any) = cjk_words(line);
        if any {
            form = Some(PhaseForm::Cjk);
        }
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
    let Words {
        season,
        year,
        step,
        words,
        short_year,
        dashed,
        other_language,
        summer,
    } = header_words(l)?;
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

/// A header written in Chinese or Japanese (`1901年春季`, `冬の1900`, `秋季撤退`) in the words the
/// reader knows (` spring `, ` retreats `), other characters as they are (full-width as ASCII),
/// and whether any such word is in it.
fn cjk_words(line: &str) -> (String, bool) {
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
    (out, any)
}

/// What the words of a header say: its season, year and step, how many words, and the forms it
/// is written in.
#[derive(Default)]
struct Words {
    season: Option<u8>,
    year: Option<u16>,
    step: Option<u8>,
    words: usize,
    short_year: bool,
    dashed: bool,
    other_language: bool,
    summer: bool,
}

/// The words of a header (lower case, its judge's bracketed code taken off), read; None when a
/// word is none a header has, or a season, year or step is given twice.
fn header_words(l: &str) -> Option<Words> {
    let mut h = Words::default();
    for w in l.split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | ':' | '.')) {
        if w.is_empty() {
            continue;
        }
        // `Spring 1901 - Retreats`, `Fall 1901 — Movement`: a dash between the words
        if w.chars().all(|c| matches!(c, '-' | '–' | '—' | '―')) {
            h.dashed = true;
            continue;
        }
        h.words += 1;
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
            h.other_language = true;
        }
        // `Summer 1901`: the spring's retreats (DAIDE's SUM)
        let s = match (s, foreign, w) {
            (None, None, "summer" | "sum") => {
                h.summer = true;
                Some(0)
            }
            (s, f, _) => s.or(f),
        };
        if let Some(s) = s {
            if h.season.replace(s).is_some() {
                return None;
            }
            continue;
        }
        if w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()) {
            if h.year.replace(w.parse::<u16>().ok()?).is_some() {
                return None;
            }
            continue;
        }
        // `Spring 01`, `Fall '02`: a club's short year (checked below to follow a season word)
        let short = w.strip_prefix(['\'', '’']).unwrap_or(w);
        if short.len() == 2 && short.bytes().all(|b| b.is_ascii_digit()) {
            let n: u16 = short.parse().ok()?;
            if h.season.is_none() || h.year.replace(1900 + n).is_some() {
                return None;
            }
            h.short_year = true;
            continue;
        }
        let st = match w {
            "movement" | "moves" | "move" | "diplomacy" => Some(0),
            "retreats" | "retreat" | "retreating" => Some(1),
            "adjustments" | "adjustment" | "builds" | "build" | "adjust" => Some(2),
            // the steps in the other languages of the seasons above
            "bewegung" | "bewegungen" | "züge" | "mouvement" | "mouvements" | "movimento"
            | "movimenti" | "movimiento" | "movimientos" | "beweging" | "bewegingen" => {
                h.other_language = true;
                Some(0)
            }
            "rückzug" | "rückzüge" | "retraite" | "retraites" | "ritirata" | "ritirate"
            | "retirada" | "retiradas" | "terugtocht" => {
                h.other_language = true;
                Some(1)
            }
            "anpassung" | "anpassungen" | "aufbau" | "ajustement" | "ajustements"
            | "aggiustamenti" | "ajustes" | "aanpassingen" => {
                h.other_language = true;
                Some(2)
            }
            // judge report words and connectives: `… results for Spring of 1901`
            "orders" | "results" | "for" | "of" | "phase" | "season" | "turn" => None,
            // `Winter 1900 initial builds` (rule 1: the game begins with a winter of builds)
            "initial" | "opening" | "first" | "setup" => None,
            _ => return None,
        };
        if let Some(st) = st
            && h.step.replace(st).is_some_and(|old| old != st)
        {
            return None;
        }
    }
    Some(h)
}

/// The compact form `S1901M`, `F1901R`, `W1901A` (also `W1901B`), lower-cased.
pub(super) fn compact_phase(l: &str) -> Option<PhaseKey> {
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
