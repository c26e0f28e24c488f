//! HotW statistics: empires by epoch, cards, openings.

use crate::error::Result;
use crate::explorer::{Rate, wilson};
use rusqlite::Connection;
use serde::Serialize;
use std::collections::BTreeMap;

use super::filter::Filter;
use super::totals::{each_total, mean_median, ratio, round2};

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct EmpireStat {
    pub empire: String,
    pub epoch: i64,
    /// Played as a minor empire (in any of its turns).
    pub minor: bool,
    pub turns: i64,
    /// Turns with a recorded gain.
    pub scored_turns: i64,
    pub mean_gain: Option<f64>,
    pub median_gain: Option<f64>,
    pub mean_score: Option<f64>,
    pub expansions_per_turn: f64,
    pub battles_per_turn: f64,
    /// Shares of the battle rolls: V, X and =.
    pub share_v: Option<f64>,
    pub share_x: Option<f64>,
    pub share_draw: Option<f64>,
    /// The cards most often played in its turns: (card, times).
    pub top_cards: Vec<(String, i64)>,
    /// Mean final placing of the player who held it, and the count of each place 1..6.
    pub mean_placing: Option<f64>,
    pub placings: [i64; 6],
}

/// The placings of a set of turns: how many had one, their sum, and the count of each place 1..6.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Placings {
    pub(super) placed: i64,
    pub(super) sum: i64,
    pub(super) places: [i64; 6],
}

impl Placings {
    pub(super) fn push(&mut self, p: Option<i64>) {
        if let Some(p) = p {
            self.placed += 1;
            self.sum += p;
            if (1..=6).contains(&p) {
                self.places[(p - 1) as usize] += 1;
            }
        }
    }

    pub(super) fn mean(&self) -> Option<f64> {
        ratio(self.sum, self.placed).map(round2)
    }
}

/// What the figures of one empire and epoch are made from: filled from the running totals, or by
/// [`scan`] from the move tables.
#[derive(Debug, Default)]
pub(super) struct EmpireAcc {
    pub(super) minor: bool,
    pub(super) turns: i64,
    /// gain → turns.
    pub(super) gains: BTreeMap<i64, i64>,
    pub(super) scores: i64,
    pub(super) score_sum: i64,
    pub(super) expansions: i64,
    pub(super) battles: i64,
    /// V, X, =.
    pub(super) rolls: [i64; 3],
    pub(super) placings: Placings,
    pub(super) cards: BTreeMap<String, i64>,
}

impl EmpireAcc {
    pub(super) fn finish(self, epoch: i64, empire: String) -> EmpireStat {
        let rolls: i64 = self.rolls.iter().sum();
        let share = |n: i64| (rolls > 0).then(|| round2(n as f64 / rolls as f64));
        let mut top: Vec<(String, i64)> = self.cards.into_iter().collect();
        top.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
        top.truncate(5);
        let (mean_gain, median_gain) = mean_median(&self.gains);
        EmpireStat {
            empire,
            epoch,
            minor: self.minor,
            turns: self.turns,
            scored_turns: self.gains.values().sum(),
            mean_gain: mean_gain.map(round2),
            median_gain,
            mean_score: ratio(self.score_sum, self.scores).map(round2),
            expansions_per_turn: round2(self.expansions as f64 / self.turns.max(1) as f64),
            battles_per_turn: round2(self.battles as f64 / self.turns.max(1) as f64),
            share_v: share(self.rolls[0]),
            share_x: share(self.rolls[1]),
            share_draw: share(self.rolls[2]),
            top_cards: top,
            mean_placing: self.placings.mean(),
            placings: self.placings.places,
        }
    }
}

pub(super) type Empires = BTreeMap<(i64, String), EmpireAcc>;

pub(super) fn finish_empires(acc: Empires) -> Vec<EmpireStat> {
    acc.into_iter()
        .map(|((epoch, empire), a)| a.finish(epoch, empire))
        .collect()
}

/// HotW statistics per empire and epoch, from the running totals.
pub fn hotw_empires(conn: &Connection, f: &Filter) -> Result<Vec<EmpireStat>> {
    let mut acc = Empires::new();
    each_total(
        conn,
        "hotw",
        "hotw_empire_stats",
        f,
        // epoch, empire, minor_turns, turns, scores, score_sum, expansions, battles, rolls_v,
        // rolls_x, rolls_draw, placed, placing_sum, p1..p6
        |r| {
            let e = acc.entry((r.int(0)?, r.text(1)?.to_string())).or_default();
            e.minor |= r.int(2)? > 0;
            e.turns += r.int(3)?;
            e.scores += r.int(4)?;
            e.score_sum += r.int(5)?;
            e.expansions += r.int(6)?;
            e.battles += r.int(7)?;
            for (i, n) in e.rolls.iter_mut().enumerate() {
                *n += r.int(8 + i)?;
            }
            e.placings.placed += r.int(11)?;
            e.placings.sum += r.int(12)?;
            for (i, p) in e.placings.places.iter_mut().enumerate() {
                *p += r.int(13 + i)?;
            }
            Ok(())
        },
    )?;
    each_total(
        conn,
        "hotw",
        "hotw_gain_counts",
        f,
        // epoch, empire, gain, turns
        |r| {
            if let Some(e) = acc.get_mut(&(r.int(0)?, r.text(1)?.to_string())) {
                *e.gains.entry(r.int(2)?).or_insert(0) += r.int(3)?;
            }
            Ok(())
        },
    )?;
    each_total(
        conn,
        "hotw",
        "hotw_card_counts",
        f,
        // epoch, empire, card, played, gains, gain_sum
        |r| {
            if let Some(e) = acc.get_mut(&(r.int(0)?, r.text(1)?.to_string())) {
                let card = r.text(2)?;
                let played = r.int(3)?;
                match e.cards.get_mut(card) {
                    Some(n) => *n += played,
                    None => {
                        e.cards.insert(card.to_string(), played);
                    }
                }
            }
            Ok(())
        },
    )?;
    Ok(finish_empires(acc))
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct CardStat {
    pub card: String,
    pub played: i64,
    /// Times played in epochs I..VII.
    pub by_epoch: [i64; 7],
    /// Mean gain of the turns that played it (turns with a recorded gain).
    pub mean_gain: Option<f64>,
}

#[derive(Debug, Default)]
pub(super) struct CardAcc {
    pub(super) played: i64,
    pub(super) by_epoch: [i64; 7],
    pub(super) gains: i64,
    pub(super) gain_sum: i64,
}

impl CardAcc {
    pub(super) fn add(&mut self, epoch: i64, played: i64, gains: i64, gain_sum: i64) {
        if (1..=7).contains(&epoch) {
            self.by_epoch[(epoch - 1) as usize] += played;
        }
        self.played += played;
        self.gains += gains;
        self.gain_sum += gain_sum;
    }
}

pub(super) fn finish_cards(acc: BTreeMap<String, CardAcc>) -> Vec<CardStat> {
    let mut out: Vec<CardStat> = acc
        .into_iter()
        .map(|(card, a)| CardStat {
            card,
            played: a.played,
            by_epoch: a.by_epoch,
            mean_gain: ratio(a.gain_sum, a.gains).map(round2),
        })
        .collect();
    out.sort_by(|a, b| b.played.cmp(&a.played).then_with(|| a.card.cmp(&b.card)));
    out
}

/// HotW statistics per event card, from the running totals.
pub fn hotw_cards(conn: &Connection, f: &Filter) -> Result<Vec<CardStat>> {
    let mut acc: BTreeMap<String, CardAcc> = BTreeMap::new();
    each_total(
        conn,
        "hotw",
        "hotw_card_counts",
        f,
        // epoch, empire, card, played, gains, gain_sum
        |r| {
            let card = r.text(2)?;
            if !acc.contains_key(card) {
                acc.insert(card.to_string(), CardAcc::default());
            }
            if let Some(a) = acc.get_mut(card) {
                a.add(r.int(0)?, r.int(3)?, r.int(4)?, r.int(5)?);
            }
            Ok(())
        },
    )?;
    Ok(finish_cards(acc))
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct HotwOpening {
    pub empire: String,
    /// The cards of the epoch-I turn, sorted, joined by `+` (empty: none).
    pub cards: String,
    pub games: i64,
    /// How often its player finished 1st..6th.
    pub placings: [i64; 6],
    pub mean_placing: Option<f64>,
    pub first: Rate,
}

pub(super) fn finish_openings(
    acc: BTreeMap<(String, String), (i64, Placings)>,
) -> Vec<HotwOpening> {
    let mut out: Vec<HotwOpening> = acc
        .into_iter()
        .map(|((empire, cards), (turns, p))| HotwOpening {
            empire,
            cards,
            games: turns,
            first: wilson(p.places[0], p.placed),
            mean_placing: p.mean(),
            placings: p.places,
        })
        .collect();
    out.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.empire.cmp(&b.empire)));
    out
}

/// The HotW "opening": each epoch-I major empire turn (empire and cards) with the final placing of
/// its player, from the running totals.
pub fn hotw_openings(conn: &Connection, f: &Filter) -> Result<Vec<HotwOpening>> {
    let mut acc = BTreeMap::new();
    each_total(
        conn,
        "hotw",
        "hotw_opening_stats",
        f,
        // empire, cards, turns, placed, placing_sum, p1..p6
        |r| {
            let (turns, p): &mut (i64, Placings) = acc
                .entry((r.text(0)?.to_string(), r.text(1)?.to_string()))
                .or_default();
            *turns += r.int(2)?;
            p.placed += r.int(3)?;
            p.sum += r.int(4)?;
            for (i, n) in p.places.iter_mut().enumerate() {
                *n += r.int(5 + i)?;
            }
            Ok(())
        },
    )?;
    Ok(finish_openings(acc))
}
