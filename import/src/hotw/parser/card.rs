//! One event card: which card a word names (by its arguments for `Civil` and `King`), and its
//! arguments (areas, targets and their results, amounts, builds, terrain) as read and as the
//! normalized detail.

use std::borrow::Cow;

use super::line::Line;
use super::lp::Lp;
use crate::diag::Sink;
use crate::hotw::code;
use crate::hotw::game::{Build, CardPlay, Target, Turn};
use crate::hotw::items::battle_word;
use crate::hotw::lexer::Tk;
use crate::hotw::tables::{Card, How, RegionType, TABLES, fold_key, roman_str, with_key};

/// The normalized text of a card's arguments.
pub(super) fn detail(p: &CardPlay, chain: Option<String>, plus: &[String]) -> Option<String> {
    // most cards have no argument at all
    if plus.is_empty()
        && chain.is_none()
        && p.targets.is_empty()
        && p.areas.is_empty()
        && p.effects.is_empty()
    {
        return None;
    }
    let mut parts: Vec<String> = plus.to_vec();
    if let Some(c) = chain {
        parts.push(c);
    }
    let targets: Vec<String> = p
        .targets
        .iter()
        .map(|t| {
            if t.effects.is_empty() {
                t.region.clone()
            } else {
                format!("{}({})", t.region, t.effects.join(", "))
            }
        })
        .collect();
    let targets = targets.join(", ");
    match (p.areas.is_empty(), targets.is_empty()) {
        (false, false) => parts.push(format!("{}: {targets}", p.areas.join("+"))),
        (false, true) => parts.push(p.areas.join("+")),
        (true, false) => parts.push(targets),
        (true, true) => {}
    }
    if !p.effects.is_empty() {
        parts.push(p.effects.join(" "));
    }
    if parts.is_empty() {
        None
    } else {
        Some(parts.join(" "))
    }
}

/// Reports a card `c` (at line `no`, column `col`) played outside the epochs printed for it.
#[inline]
pub(super) fn card_epoch(sink: &mut Sink, no: u32, col: u32, epoch: u8, c: &Card) {
    if epoch < c.first || epoch > c.last {
        sink.warning(
            code::CARD_EPOCH,
            no,
            col,
            format!(
                "{} is a card of E{}–E{}, played in E{}",
                c.code,
                roman_str(c.first),
                roman_str(c.last),
                roman_str(epoch)
            ),
        );
    }
}

/// False when `w` cannot be `civil`, `king` or `kingdom` in any case, with dots or spaces: an
/// ASCII word whose first other letter is no c or k is none of them (and needs no folding).
pub(super) fn maybe_key(w: &str) -> bool {
    !w.is_ascii()
        || matches!(
            w.bytes().find(|&b| b != b'.' && b != b' '),
            Some(b'c' | b'C' | b'k' | b'K')
        )
}

/// A card written by its full name in several words: the card, how its name was found, and the
/// index of the token after its last word.
type FullName = (&'static Card, How<'static>, usize);

/// The card whose name is written in several words from the word `i` (`Civil Service`,
/// `Naval Power`, `Jewish Revolt`, `Black Death`; appendix 3's names), the longest that names
/// one (up to four words, before `hi`). None when the next token is no word (most cards) or no
/// run of words names a card: each word is then read on its own. With `fuzzy`, a run none of
/// whose names is exact is read as a misspelled name of several words (`Civil Servise`, `Navel
/// Power`, `Elite Trops`) when a word after its first is no card on its own, not even misspelled:
/// two cards written without a comma between them (`Lead Eng`, `Civil Wea`, `P Popu`) are no
/// misspelled name.
pub(super) fn card_full_name(l: &Line, i: usize, hi: usize, fuzzy: bool) -> Option<FullName> {
    // words of a name: they start with a letter (a stray `.` is no part of one)
    let named = |k: usize| {
        l.kind(k) == Some(Tk::Word) && l.s(k).chars().next().is_some_and(char::is_alphabetic)
    };
    if i + 1 >= hi || !named(i + 1) || !named(i) {
        return None;
    }
    let mut end = i + 2;
    while end < hi && end < i + 4 && named(end) {
        end += 1;
    }
    let longest = end;
    while end > i + 1 {
        if let Some((c, how)) = TABLES.card(l.raw(i, end), false) {
            return Some((c, how, end));
        }
        end -= 1;
    }
    if !fuzzy {
        return None;
    }
    end = longest;
    while end > i + 1 {
        if (i + 1..end).any(|k| TABLES.card(l.s(k), true).is_none()) {
            let raw = l.raw(i, end);
            // an alias of several words (`Civil Service`), or a full name
            let found = TABLES
                .card(raw, true)
                .filter(|(c, how)| how.is_fuzzy() && c.name.contains(' '))
                .or_else(|| {
                    TABLES
                        .card_misspelled_name(raw)
                        .map(|(c, d)| (c, How::Fuzzy(d)))
                });
            if let Some((c, how)) = found {
                return Some((c, how, end));
            }
        }
        end -= 1;
    }
    None
}

/// What a card word is, for the cards read by their arguments.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CardKey {
    Civil,
    King,
    Other,
}

impl Lp<'_, '_> {
    /// Resolves the card at `i` (or its full name `full` from there, [`card_full_name`]) with its
    /// argument groups.
    pub(super) fn card(
        &mut self,
        i: usize,
        full: Option<FullName>,
        groups: &[(usize, usize)],
        has_tail: bool,
        turn: &mut Turn,
    ) -> CardPlay {
        let w = match &full {
            Some((.., end)) => self.l.raw(i, *end),
            None => self.l.s(i),
        };
        // a full name says which card it is (`Civil Service`, `Civil War`): no key to settle
        let key = if full.is_none() && maybe_key(w) {
            with_key(w, false, |k| match k {
                "civil" => CardKey::Civil,
                "king" | "kingdom" => CardKey::King,
                _ => CardKey::Other,
            })
        } else {
            CardKey::Other
        };
        let mut play = CardPlay::default();
        self.plus.clear();
        let resolved = match key {
            CardKey::Civil => self.civil_card(i, w, groups, has_tail),
            CardKey::King => match groups.first() {
                Some(&(a, _)) if self.l.kind(a) == Some(Tk::Word) => {
                    self.kingdom_named(i, a, &mut play);
                    return play;
                }
                _ => self.kingdom_of_epoch(i, w),
            },
            CardKey::Other => self.card_named(i, w, full),
        };
        let code_: &str = match resolved {
            Some(c) => {
                play.card = Cow::Borrowed(c.code.as_str());
                play.name = Cow::Borrowed(c.name.as_str());
                self.check_epoch_of(c, i);
                &c.code
            }
            None => {
                play.card = Cow::Owned(w.to_string());
                w
            }
        };
        self.arguments(code_, groups, &mut play, turn);
        play
    }

    /// `Civil` read by its arguments (`w` at token `i`): Civil Service with an amount, Civil War
    /// with battles; else neither (reported).
    fn civil_card(
        &mut self,
        i: usize,
        w: &str,
        groups: &[(usize, usize)],
        has_tail: bool,
    ) -> Option<&'static Card> {
        let simple_amount = groups.len() == 1
            && groups.first().is_some_and(|&(a, b)| {
                b == a + 1 && matches!(self.l.kind(a), Some(Tk::Plus | Tk::Num))
            });
        if simple_amount {
            self.info(
                code::CARD_CONTEXT,
                i,
                format!("{w:?} with an amount read as Civil Service"),
            );
            TABLES.card_by_code("CivilS")
        } else if !groups.is_empty() || has_tail {
            self.info(
                code::CARD_CONTEXT,
                i,
                format!("{w:?} with battles read as Civil War"),
            );
            TABLES.card_by_code("CivilW")
        } else {
            self.warn(
                code::CARD_AMBIGUOUS,
                i,
                format!("{w:?} may be Civil Service or Civil War; kept as written"),
            );
            None
        }
    }

    /// `King(Etr)`: the kingdom card named by the word at `a` (the card at `i`) into `play`.
    fn kingdom_named(&mut self, i: usize, a: usize, play: &mut CardPlay) {
        let inner = self.l.s(a);
        match TABLES.card(inner, true) {
            Some((c, how)) => {
                let code_ = c.code.as_str();
                if how != How::Exact {
                    self.report_inexact(
                        &how,
                        inner,
                        code_,
                        a,
                        code::CARD_ALIAS,
                        code::CARD_ALIAS,
                        code::CARD_FUZZY,
                        "card",
                    );
                }
                play.card = Cow::Borrowed(c.code.as_str());
                play.name = Cow::Borrowed(c.name.as_str());
            }
            None => {
                self.warn(
                    code::CARD_UNKNOWN,
                    a,
                    format!("unknown kingdom card {inner:?}; kept as written"),
                );
                play.card = Cow::Owned(inner.to_string());
            }
        }
        self.check_card_epoch(&play.card, i);
    }

    /// A bare `King` (`w` at token `i`): the kingdom card of the current epoch (reported).
    fn kingdom_of_epoch(&mut self, i: usize, w: &str) -> Option<&'static Card> {
        let k = TABLES.kingdom(self.epoch);
        if let Some(k) = k {
            self.warn(
                code::KINGDOM_INFERRED,
                i,
                format!(
                    "{w:?} names no kingdom; read as {} ({}), the kingdom card of E{}",
                    k.code,
                    k.name,
                    roman_str(self.epoch)
                ),
            );
        }
        k
    }

    /// The card `w` names at token `i` (or its full name `full`), by code, alias, name or
    /// misspelling; None (reported) when it names none.
    fn card_named(&mut self, i: usize, w: &str, full: Option<FullName>) -> Option<&'static Card> {
        match full
            .map(|(c, how, _)| (c, how))
            .or_else(|| TABLES.card(w, true))
        {
            Some((c, how)) => {
                let code_ = c.code.as_str();
                if how != How::Exact {
                    self.report_inexact(
                        &how,
                        w,
                        code_,
                        i,
                        code::CARD_ALIAS,
                        code::CARD_ALIAS,
                        code::CARD_FUZZY,
                        "card",
                    );
                }
                Some(c)
            }
            None => {
                self.warn(
                    code::CARD_UNKNOWN,
                    i,
                    format!("unknown event card {w:?}; kept as written"),
                );
                None
            }
        }
    }

    /// The arguments of the card `code_` (its groups `groups`) read into `play`, and its detail;
    /// moves written in its brackets (`Cru(EMed-->Pale)`) go to `turn`.
    fn arguments(
        &mut self,
        code_: &str,
        groups: &[(usize, usize)],
        play: &mut CardPlay,
        turn: &mut Turn,
    ) {
        match code_ {
            "Mig" => {
                for (n, &(a, b)) in groups.iter().enumerate() {
                    if n == 0 {
                        self.areas(a, b, play);
                    } else {
                        self.targets(a, b, play);
                    }
                }
                play.detail = detail(play, None, &self.plus);
            }
            "Barbar" => {
                if let Some(&(a, b)) = groups.first() {
                    let mut name = String::new();
                    for k in a..b {
                        if self.l.kind(k) == Some(Tk::Word) {
                            name = self.region_str(self.l.s(k), k).into_owned();
                            if TABLES
                                .region(&name, false)
                                .is_some_and(|(r, _)| r.kind != RegionType::Wasteland)
                            {
                                self.warn(
                                    code::REGION_UNKNOWN,
                                    k,
                                    format!("{name} is not a wasteland"),
                                );
                            }
                            break;
                        }
                    }
                    play.detail = Some(name).filter(|n| !n.is_empty());
                }
            }
            "Exp" => {
                if let Some(&(a, b)) = groups.first() {
                    play.detail = Some(self.terrain(a, b));
                }
            }
            _ => {
                let mut chain_detail = None;
                for &(a, b) in groups {
                    if (a..b).any(|k| matches!(self.l.kind(k), Some(Tk::Arrow | Tk::Dash2))) {
                        let before = turn.expansions.len();
                        self.moves(a, b, None, Some(code_), turn);
                        let legs = turn.expansions.get(before..).unwrap_or(&[]);
                        let mut s = String::new();
                        for (n, e) in legs.iter().enumerate() {
                            if n == 0 {
                                s.push_str(&e.from);
                            }
                            s.push_str("-->");
                            s.push_str(&e.to);
                        }
                        chain_detail = Some(s);
                    } else {
                        self.targets(a, b, play);
                    }
                }
                play.detail = detail(play, chain_detail, &self.plus);
            }
        }
    }

    /// The terrain of Expert Troops written in tokens `a..b` (`For`, `forest`, `Mountains`):
    /// `For`, `M` or `St`, or as written (reported).
    pub(super) fn terrain(&mut self, a: usize, b: usize) -> String {
        let t = self.l.raw(a, b).trim().to_string();
        let terrain = match fold_key(&t).as_str() {
            "for" | "forest" | "forests" => "For".to_string(),
            "m" | "mountain" | "mountains" | "mtn" => "M".to_string(),
            "st" | "strait" | "straits" => "St".to_string(),
            _ => {
                self.warn(
                    code::BATTLE_UNKNOWN,
                    a,
                    format!("terrain {t:?} is none of For, M, St; kept as written"),
                );
                t.clone()
            }
        };
        if terrain != t {
            self.info(
                code::CARD_ALIAS,
                a,
                format!("terrain {t:?} read as {terrain}"),
            );
        }
        terrain
    }

    fn check_card_epoch(&mut self, code_: &str, i: usize) {
        if let Some(c) = TABLES.card_by_code(code_) {
            self.check_epoch_of(c, i);
        }
    }

    /// [`Lp::check_card_epoch`] for a card already resolved (no second look-up by its code).
    pub(super) fn check_epoch_of(&mut self, c: &Card, i: usize) {
        let col = self.l.col(i);
        card_epoch(self.sink, self.l.no, col, self.epoch, c);
    }

    /// Area arguments (`NAm`, `SEAsia+India`).
    fn areas(&mut self, lo: usize, hi: usize, play: &mut CardPlay) {
        for k in lo..hi {
            if self.l.kind(k) == Some(Tk::Word) {
                for part in self.l.s(k).split('+').filter(|p| !p.is_empty()) {
                    match TABLES.area(part) {
                        Some(a) => {
                            if a != part {
                                self.info(
                                    code::REGION_ALIAS,
                                    k,
                                    format!("area {part:?} read as {a}"),
                                );
                            }
                            play.areas.push(a.to_string());
                        }
                        None => {
                            self.warn(
                                code::AREA_UNKNOWN,
                                k,
                                format!("unknown area {part:?}; kept as written"),
                            );
                            play.areas.push(part.to_string());
                        }
                    }
                }
            }
        }
    }

    /// A card's list of regions and results: `(Malay, X; Mek, X)`, `(Yang: fX, c/)`,
    /// `(China: GPC)`, `(SEAsia+India: EDec X)`, `GPC(V, c/), Wei(X)`, `(+2)`.
    pub(super) fn targets(&mut self, lo: usize, hi: usize, play: &mut CardPlay) {
        let mut cur: Option<usize> = None;
        let mut skip_to = lo;
        for k in lo..hi {
            if k < skip_to {
                continue;
            }
            match self.l.kind(k) {
                Some(Tk::Word) => {
                    // `Real(Western Mediterranean)`: a region or sea by its full name
                    if let Some((code_, end)) = self.full_name(k, hi) {
                        let w = self.l.raw(k, end);
                        self.info(
                            code::REGION_ALIAS,
                            k,
                            format!("region name {w:?} read as {code_}"),
                        );
                        play.targets.push(Target {
                            region: code_.into_owned(),
                            effects: Vec::new(),
                        });
                        cur = Some(play.targets.len() - 1);
                        skip_to = end;
                        continue;
                    }
                    let w = self.l.s(k);
                    let is_area = |p: &str| TABLES.area(p).is_some();
                    let joined = w.contains('+') && w.split('+').all(is_area);
                    let area_colon = self.l.kind(k + 1) == Some(Tk::Colon)
                        && is_area(w)
                        && TABLES
                            .region(w, false)
                            .is_none_or(|_| cur.is_none() && play.targets.is_empty());
                    if joined || area_colon {
                        self.areas(k, k + 1, play);
                        cur = None;
                    } else if let Some((toks, norm)) = battle_word(w) {
                        if norm {
                            self.info(
                                code::BATTLE_NORMALIZED,
                                k,
                                format!("result {w:?} read as {}", toks.join(" ")),
                            );
                        }
                        let list = match cur.and_then(|c| play.targets.get_mut(c)) {
                            Some(t) => &mut t.effects,
                            None => &mut play.effects,
                        };
                        list.extend(toks.iter().map(|t| t.to_string()));
                    } else {
                        let (name, lost) = self.region_at(k, true);
                        play.targets.push(Target {
                            region: name.into_owned(),
                            effects: if lost { vec!["X".into()] } else { Vec::new() },
                        });
                        cur = Some(play.targets.len() - 1);
                    }
                }
                Some(Tk::Plus | Tk::Num) => {
                    let w = self.l.s(k);
                    let digits: String = w
                        .trim_start_matches('+')
                        .chars()
                        .take_while(char::is_ascii_digit)
                        .collect();
                    play.amount = digits.parse().ok();
                    if play.amount.is_none() {
                        self.warn(
                            code::BUILD_UNKNOWN,
                            k,
                            format!("{w:?} is no amount; kept as written"),
                        );
                    }
                    self.plus.push(if w.starts_with('+') {
                        w.to_string()
                    } else {
                        format!("+{w}")
                    });
                }
                Some(Tk::Comma | Tk::Semi | Tk::Colon | Tk::LParen | Tk::RParen | Tk::Ellipsis)
                | None => {}
                Some(Tk::Other) => self.stray(k),
                Some(Tk::Arrow | Tk::Dash2) => {
                    self.unreadable(k, hi);
                    return;
                }
            }
        }
    }

    /// `Pale +ct +f; Arab +f`.
    pub(super) fn build_list(&mut self, lo: usize, hi: usize, out: &mut Vec<Build>) {
        for k in lo..hi {
            match self.l.kind(k) {
                Some(Tk::Word) => {
                    let (name, _) = self.region_at(k, false);
                    out.push(Build {
                        region: name,
                        items: Cow::Borrowed(&[]),
                    });
                }
                Some(Tk::Plus) => {
                    let lo = self.lists.items.len();
                    self.plus_items(k);
                    match out.last_mut() {
                        Some(b) => b.items.to_mut().extend(self.lists.items.drain(lo..)),
                        None => {
                            self.lists.items.truncate(lo);
                            self.unreadable(k, k + 1);
                        }
                    }
                }
                Some(Tk::Other) => self.stray(k),
                _ => {}
            }
        }
    }
}
