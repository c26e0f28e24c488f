//! A game's contribution to the totals, as the totals need it: its seats and the facts of its body.

use crate::error::Result;
use annals_import::{Body, Kind};
use rusqlite::{Connection, params};
use std::borrow::Cow;

/// One seat of a game as the totals need it.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatFacts {
    pub seat: String,
    pub placing: Option<i64>,
    pub outcome: Option<String>,
}

/// What the totals count of one game: its columns in `games`, what they read of its body and its
/// seats.
pub struct GameFacts<'a> {
    pub kind: Kind,
    pub event: Option<&'a str>,
    pub year: Option<i64>,
    pub body: &'a BodyFacts,
    pub move_count: i64,
    /// Seats that won, and that shared a draw, space-separated (`games.winners`, `games.draw`).
    pub winners: &'a str,
    pub draw: &'a str,
    pub seats: &'a [SeatFacts],
}

/// What the totals read of a game's body, made from it once ([`BodyFacts::of`]). The importer
/// makes it on its parse threads, which then free the body where they made it: a parsed body is
/// hundreds of small blocks, and freed by another thread after a batch's journey through the
/// writer and the index, those blocks made a third of an import's system time in page faults and
/// `madvise` (BENCHMARKS.md).
#[derive(Debug, Clone, PartialEq)]
pub enum BodyFacts {
    /// HotW: each turn, and the cards of all turns in order (a turn's are `cards[turn.cards]`).
    Hotw {
        turns: Vec<TurnFacts>,
        cards: Vec<Cow<'static, str>>,
    },
    /// 三国: the title events (also the `sanguo_title_events` rows).
    Sanguo(Vec<annals_import::sanguo::TitleEvent>),
    /// WEC: the piece type of each turn, and each colour (in order of its first turn) with the
    /// government its pieces make.
    Wec {
        pieces: Vec<Cow<'static, str>>,
        governments: Vec<(Cow<'static, str>, &'static str)>,
    },
    /// Nothing counted (Deluge).
    Other,
}

/// One HotW turn as the totals count it.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnFacts {
    pub player: Cow<'static, str>,
    pub epoch: u8,
    pub empire: Cow<'static, str>,
    pub minor: bool,
    pub score: Option<i64>,
    pub gain: Option<i64>,
    /// Expansions, and those with a battle roll.
    pub expansions: i64,
    pub battles: i64,
    /// Battle rolls: V, X and =.
    pub rolls: [i64; 3],
    /// The turn's cards in [`BodyFacts::Hotw`]'s `cards`.
    pub cards: std::ops::Range<usize>,
}

impl BodyFacts {
    pub fn of(body: &Body) -> BodyFacts {
        match body {
            Body::Hotw(h) => {
                let mut turns = Vec::with_capacity(h.turns.len());
                let mut cards = Vec::with_capacity(h.turns.len() * 2);
                for t in &h.turns {
                    let (mut battles, mut all) = (0, [0i64; 3]);
                    for x in &t.expansions {
                        let r = rolls(&x.battle);
                        if r.iter().any(|&n| n > 0) {
                            battles += 1;
                        }
                        for (a, n) in all.iter_mut().zip(r) {
                            *a += n;
                        }
                    }
                    let first = cards.len();
                    cards.extend(t.cards.iter().map(|c| c.card.clone()));
                    turns.push(TurnFacts {
                        player: t.player.clone(),
                        epoch: t.epoch,
                        empire: t.empire.clone(),
                        minor: t.minor,
                        score: t.score,
                        gain: t.gain,
                        expansions: t.expansions.len() as i64,
                        battles,
                        rolls: all,
                        cards: first..cards.len(),
                    });
                }
                BodyFacts::Hotw { turns, cards }
            }
            Body::Sanguo(s) => BodyFacts::Sanguo(s.title_events.clone()),
            Body::Wec(w) => {
                // Colours in order of their first turn, with the pieces each moved.
                let mut colours: Vec<(&Cow<'static, str>, Vec<&str>)> = Vec::new();
                for t in &w.turns {
                    match colours.iter_mut().find(|(c, _)| **c == t.color) {
                        Some((_, ps)) => ps.push(&t.piece.kind),
                        None => colours.push((&t.color, vec![&t.piece.kind])),
                    }
                }
                BodyFacts::Wec {
                    pieces: w.turns.iter().map(|t| t.piece.kind.clone()).collect(),
                    governments: colours
                        .into_iter()
                        .map(|(c, ps)| (c.clone(), government_of(&ps)))
                        .collect(),
                }
            }
            Body::Deluge(_) => BodyFacts::Other,
        }
    }

    /// The 三国 title events (none for the other kinds).
    pub fn title_events(&self) -> &[annals_import::sanguo::TitleEvent] {
        match self {
            BodyFacts::Sanguo(e) => e,
            _ => &[],
        }
    }
}

/// The government pair a side used, from the government pieces it moved (standard setup K/Q).
pub fn government_of(pieces: &[&str]) -> &'static str {
    for (codes, name) in [
        (["DI", "AS"], "DI/AS"),
        (["AV", "AC"], "AV/AC"),
        (["PR", "PM"], "PR/PM"),
        (["K", "Q"], "K/Q"),
    ] {
        if pieces.iter().any(|p| codes.contains(p)) {
            return name;
        }
    }
    "K/Q"
}

/// The seats of a stored game, in seat order.
pub fn stored_seats(conn: &Connection, id: i64) -> Result<Vec<SeatFacts>> {
    let rows = conn
        .prepare_cached("SELECT seat, placing, outcome FROM seats WHERE game_id = ?1 ORDER BY seq")?
        .query_map(params![id], |r| {
            Ok(SeatFacts {
                seat: r.get(0)?,
                placing: r.get(1)?,
                outcome: r.get(2)?,
            })
        })?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Battle rolls of one expansion: (V, X, =).
pub(super) fn rolls(battle: &[std::borrow::Cow<'static, str>]) -> [i64; 3] {
    let mut r = [0i64; 3];
    for tok in battle.iter().flat_map(|b| b.split_whitespace()) {
        match tok {
            "V" => r[0] += 1,
            "X" => r[1] += 1,
            "=" => r[2] += 1,
            _ => {}
        }
    }
    r
}
