//! A game as a document of the index: its fields, and the terms of its moves by kind.

use annals_import::{Body, Kind, ParsedGame};
use std::borrow::Cow;
use std::collections::HashSet;
use tantivy::TantivyDocument;

use super::Index;
use super::facets::facet_part;

/// What one game contributes to its document, from a fresh parse or from the database.
pub struct DocInput<'a> {
    pub kind: Kind,
    pub title: Option<&'a str>,
    pub tags: &'a [(String, String)],
    /// (seat, player name)
    pub players: Vec<(&'a str, Option<&'a str>)>,
    pub winners: &'a [String],
    pub result: Option<&'a str>,
    pub body: &'a Body,
}

impl<'a> DocInput<'a> {
    pub fn from_parsed(p: &'a ParsedGame) -> Self {
        DocInput {
            kind: p.kind,
            title: p.title.as_deref(),
            tags: &p.tags,
            players: p
                .players
                .iter()
                .map(|s| (s.seat.as_str(), s.name.as_deref()))
                .collect(),
            winners: p
                .outcome
                .as_ref()
                .map(|o| o.winners.as_slice())
                .unwrap_or(&[]),
            result: p.outcome.as_ref().map(|o| o.summary.as_str()),
            body: &p.body,
        }
    }

    pub fn from_record(g: &'a crate::store::reads::GameRecord) -> Self {
        DocInput {
            kind: g.kind,
            title: g.title.as_deref(),
            tags: &g.tags,
            players: g
                .players
                .iter()
                .map(|s| (s.seat.as_str(), s.name.as_deref()))
                .collect(),
            winners: &g.winners,
            result: g.result.as_deref(),
            body: &g.body,
        }
    }
}

impl Index {
    /// The search document of a game, but for its id, which [`Index::add_documents`] adds: the
    /// importer makes the documents on its parse threads, before the games have ids.
    pub fn document(&self, d: &DocInput) -> TantivyDocument {
        let f = &self.fields;
        let mut doc = TantivyDocument::default();
        doc.add_text(f.kind, d.kind.as_str());
        doc.add_facet(
            f.facets,
            tantivy::schema::Facet::from_path(["kind", d.kind.as_str()]),
        );
        if let Some(t) = d.title {
            doc.add_text(f.title, t);
        }
        let tag = |n: &str| {
            annals_import::model::tag(d.tags, n)
                .map(str::trim)
                .filter(|v| !v.is_empty())
        };
        let mut body: Vec<Cow<'_, str>> = Vec::new();
        if let Some(e) = tag("Event") {
            doc.add_text(f.event, e);
            let year = tag("Date").and_then(crate::store::keys::year_of);
            doc.add_text(f.event_key, crate::store::keys::event_key(e, year));
            doc.add_facet(
                f.facets,
                tantivy::schema::Facet::from_path(["event", &facet_part(e)]),
            );
        }
        for n in [
            "Event",
            "Site",
            "Round",
            "Date",
            "Source",
            "Transcriber",
            "Annotator",
            "Edition",
        ] {
            if let Some(v) = tag(n) {
                body.push(Cow::Borrowed(v));
            }
        }
        if let Some(y) = tag("Date").and_then(crate::store::keys::year_of) {
            doc.add_i64(f.year, y);
            doc.add_facet(
                f.facets,
                tantivy::schema::Facet::from_path(["year", &y.to_string()]),
            );
        }
        if let Some(r) = d.result {
            body.push(Cow::Borrowed(r));
        }
        let mut players = Vec::new();
        let mut sides = Vec::new();
        for (seat, name) in &d.players {
            if let Some(n) = name {
                players.push(Cow::Borrowed(*n));
                players.push(Cow::Owned(crate::store::keys::player_key(n)));
                body.push(Cow::Owned(format!("{seat} {n}")));
                sides.push(side_word(d.kind, seat));
            }
        }
        let mut winners: Vec<&str> = d.winners.iter().map(|w| side_word(d.kind, w)).collect();
        for w in d.winners {
            if let Some((_, Some(n))) = d.players.iter().find(|(s, _)| s == w) {
                winners.push(n);
            }
        }
        let extra = kind_terms(d.body);
        sides.extend(extra.sides.iter().copied());
        let mut seen = HashSet::new();
        sides.retain(|s| seen.insert(*s));
        for s in &sides {
            doc.add_facet(
                f.facets,
                tantivy::schema::Facet::from_path(["side", &facet_part(s)]),
            );
        }
        for e in &extra.empire_codes {
            doc.add_facet(
                f.facets,
                tantivy::schema::Facet::from_path(["empire", &facet_part(e)]),
            );
        }
        doc.add_text(f.player, join(&players));
        doc.add_text(f.side, join(&sides));
        doc.add_text(f.winner, join(&winners));
        doc.add_text(f.empire, join(&extra.empires));
        doc.add_text(f.card, join(&extra.cards));
        doc.add_text(f.region, join(&extra.regions));
        doc.add_text(f.opening, join(&extra.opening));
        body.extend(extra.text.into_iter().map(Cow::Borrowed));
        doc.add_text(f.body, join(&body));
        doc
    }
}

/// A seat as the `side:` and `winner:` fields read it: WEC's seats by their colours (`White`,
/// `Black`), so that `winner:B` means HotW's seat B alone; every other seat as written.
fn side_word(kind: Kind, seat: &str) -> &str {
    match (kind, seat) {
        (Kind::Wec, "W") => "White",
        (Kind::Wec, "B") => "Black",
        _ => seat,
    }
}

pub(super) fn dedup(v: &mut Vec<String>) {
    let mut seen = HashSet::new();
    v.retain(|s| seen.insert(s.clone()));
}

/// Per-kind searchable terms of a game body, borrowed from it (made once for every imported game:
/// owned, the strings of a HotW game's regions and cards were a tenth of the index thread's work).
#[derive(Default)]
pub(super) struct KindTerms<'a> {
    pub(super) empires: Vec<&'a str>,
    pub(super) empire_codes: Vec<&'a str>,
    pub(super) cards: Vec<&'a str>,
    pub(super) regions: Vec<&'a str>,
    pub(super) sides: Vec<&'a str>,
    pub(super) opening: Vec<&'a str>,
    pub(super) text: Vec<&'a str>,
}

/// The values of a field in one text, joined by ` ¦ ` (as `[String]::join` did, without the copies).
pub(super) fn join<S: AsRef<str>>(v: &[S]) -> String {
    let mut out = String::with_capacity(v.iter().map(|s| s.as_ref().len() + 4).sum());
    for (i, s) in v.iter().enumerate() {
        if i > 0 {
            out.push_str(" ¦ ");
        }
        out.push_str(s.as_ref());
    }
    out
}

/// Sorted, each once. A HotW game names its few dozen regions hundreds of times, nearly always
/// by the one copy in the tables: the repeats of a place are dropped first, by where their text
/// lives (a pointer and a length, cheaper to hash than the text), and equal texts held in two
/// places by the sort.
pub(super) fn sorted_set<T: Ord + Place + Copy>(mut v: Vec<T>) -> Vec<T> {
    // (room for all at once: growing the set was a third of the time)
    let mut seen = rustc_hash::FxHashSet::with_capacity_and_hasher(v.len(), Default::default());
    v.retain(|x| seen.insert(x.place()));
    v.sort_unstable();
    v.dedup();
    v
}

/// Where a value's text lives, for [`sorted_set`].
pub(super) trait Place {
    type Key: std::hash::Hash + Eq;
    fn place(&self) -> Self::Key;
}

impl Place for &str {
    type Key = (usize, usize);
    fn place(&self) -> (usize, usize) {
        (self.as_ptr() as usize, self.len())
    }
}

impl Place for (&str, &str) {
    type Key = ((usize, usize), (usize, usize));
    fn place(&self) -> Self::Key {
        (self.0.place(), self.1.place())
    }
}

pub(super) fn kind_terms(body: &Body) -> KindTerms<'_> {
    let mut k = KindTerms::default();
    match body {
        Body::Hotw(g) => {
            let mut empires = Vec::new();
            let mut cards = Vec::new();
            let mut regions = Vec::new();
            for t in &g.turns {
                empires.push(&*t.empire);
                for c in &t.cards {
                    cards.push((&*c.card, &*c.name));
                }
                for e in &t.expansions {
                    regions.push(&*e.from);
                    regions.push(&*e.to);
                    regions.extend(e.via.iter().map(|v| &**v));
                }
                for b in &t.builds {
                    regions.push(&*b.region);
                }
            }
            for e in sorted_set(empires) {
                k.empire_codes.push(e);
                k.empires.push(e);
                if let Some(name) = crate::store::names::hotw_empire_name(e) {
                    k.empires.push(name);
                }
            }
            for (code, name) in sorted_set(cards) {
                k.cards.push(code);
                if !name.is_empty() {
                    k.cards.push(name);
                }
            }
            k.regions = sorted_set(regions);
            k.regions.retain(|r| !r.is_empty());
            if let Some(first) = g
                .turns
                .iter()
                .find(|t| t.epoch == 1 || t.epoch == g.turns[0].epoch)
            {
                k.opening.push(&first.empire);
            }
        }
        Body::Sanguo(g) => {
            let first_round = g.moves.first().map(|m| m.round);
            k.opening = g
                .moves
                .iter()
                .take_while(|m| Some(m.round) == first_round)
                .map(|m| m.notation.as_str())
                .collect();
            for e in &g.title_events {
                use annals_import::sanguo::TitleEvent as T;
                match e {
                    T::Alliance { by, with } => k.sides.extend([by.as_str(), with.as_str()]),
                    T::KillHan { by } | T::Win { side: by } => k.sides.push(by),
                    T::Eliminate { by, sides } => {
                        k.sides.push(by);
                        k.sides.extend(sides.iter().map(String::as_str));
                    }
                    T::Stalemate { by, side } => k.sides.extend([by.as_str(), side.as_str()]),
                    T::Draw { sides } => k.sides.extend(sides.iter().map(String::as_str)),
                }
            }
        }
        Body::Wec(g) => {
            k.opening = g
                .turns
                .iter()
                .take(2)
                .map(|t| t.notation.as_str())
                .collect();
            k.text = sorted_set(g.turns.iter().map(|t| &*t.piece.kind).collect());
        }
        Body::Deluge(g) => {
            k.sides = sorted_set(g.orders.iter().map(|o| o.power.as_str()).collect());
            if let Some(w) = &g.winner {
                k.sides.push(w);
            }
        }
    }
    k
}
