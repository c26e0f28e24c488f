//! 三国 statistics: games, sides, title events.

use crate::error::Result;
use crate::explorer::{Rate, wilson};
use rusqlite::Connection;
use serde::Serialize;
use std::collections::BTreeMap;

use super::filter::Filter;
use super::totals::{each_total, ratio, round2};

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SideStat {
    pub side: String,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    /// Games in which this side was eliminated (灭 or 困, from the title).
    pub eliminated: i64,
    /// Alliances this side started (its horse reached another side's point).
    pub alliances_started: i64,
    /// Times this side killed Han, and how many of those games it won.
    pub killed_han: i64,
    pub killed_han_won: i64,
    pub win_rate: Rate,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SanguoStats {
    pub games: i64,
    /// Games with a known result.
    pub decided: i64,
    pub draws: i64,
    pub with_alliance: i64,
    pub han_killed: i64,
    pub killer_won: i64,
    pub killer_win_rate: Rate,
    pub mean_plies: Option<f64>,
    pub sides: Vec<SideStat>,
}

/// The `stat_games` columns of a set of games.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct GameTotals {
    pub(super) games: i64,
    pub(super) plies: i64,
    pub(super) decided: i64,
    pub(super) draws: i64,
    pub(super) black_wins: i64,
    pub(super) white_wins: i64,
    pub(super) with_alliance: i64,
    pub(super) han_killed: i64,
    pub(super) killer_won: i64,
}

/// `stat_games` summed over the filter's buckets of `kind`.
pub(super) fn game_totals(conn: &Connection, kind: &str, f: &Filter) -> Result<GameTotals> {
    let mut t = GameTotals::default();
    each_total(conn, kind, "stat_games", f, |r| {
        t.games += r.int(0)?;
        t.plies += r.int(1)?;
        t.decided += r.int(2)?;
        t.draws += r.int(3)?;
        t.black_wins += r.int(4)?;
        t.white_wins += r.int(5)?;
        t.with_alliance += r.int(6)?;
        t.han_killed += r.int(7)?;
        t.killer_won += r.int(8)?;
        Ok(())
    })?;
    Ok(t)
}

/// A side's counts: wins, draws, losses, eliminated, alliances started, Han killed, of those won.
pub(super) type SideCounts = [i64; 7];

pub(super) fn finish_sanguo(t: GameTotals, sides: &BTreeMap<String, SideCounts>) -> SanguoStats {
    let sides = crate::store::tree::sides(annals_import::Kind::Sanguo)
        .iter()
        .map(|s| {
            let c = sides.get(*s).copied().unwrap_or_default();
            SideStat {
                side: s.to_string(),
                games: t.games,
                wins: c[0],
                draws: c[1],
                losses: c[2],
                eliminated: c[3],
                alliances_started: c[4],
                killed_han: c[5],
                killed_han_won: c[6],
                win_rate: wilson(c[0], t.decided),
            }
        })
        .collect();
    SanguoStats {
        games: t.games,
        decided: t.decided,
        draws: t.draws,
        with_alliance: t.with_alliance,
        han_killed: t.han_killed,
        killer_won: t.killer_won,
        killer_win_rate: wilson(t.killer_won, t.han_killed),
        mean_plies: ratio(t.plies, t.games).map(round2),
        sides,
    }
}

/// 三国 statistics per side, from the running totals.
pub fn sanguo(conn: &Connection, f: &Filter) -> Result<SanguoStats> {
    let t = game_totals(conn, "sanguo", f)?;
    let mut sides: BTreeMap<String, SideCounts> = BTreeMap::new();
    each_total(
        conn,
        "sanguo",
        "stat_sides",
        f,
        // side, wins, draws, losses, eliminated, alliances_started, killed_han, killed_han_won
        |r| {
            let c = sides.entry(r.text(0)?.to_string()).or_default();
            for (i, v) in c.iter_mut().enumerate() {
                *v += r.int(1 + i)?;
            }
            Ok(())
        },
    )?;
    Ok(finish_sanguo(t, &sides))
}
