//! WEC statistics: sides, governments, pieces.

use crate::error::Result;
use crate::explorer::{Rate, wilson};
use rusqlite::Connection;
use serde::Serialize;
use std::collections::BTreeMap;

use super::filter::Filter;
use super::sanguo::{GameTotals, game_totals};
use super::totals::{each_total, ratio, round2};

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct WecStats {
    pub games: i64,
    pub decided: i64,
    pub black_wins: i64,
    pub white_wins: i64,
    pub black_rate: Rate,
    pub white_rate: Rate,
    pub mean_plies: Option<f64>,
    /// Wins and games by government type of the winner's side: (government, games played, wins).
    pub governments: Vec<(String, i64, i64)>,
    /// Turns moved by each piece type, most used first.
    pub pieces: Vec<(String, i64)>,
}

pub(super) fn finish_wec(
    t: GameTotals,
    governments: BTreeMap<String, (i64, i64)>,
    pieces: BTreeMap<String, i64>,
) -> WecStats {
    let mut pieces: Vec<(String, i64)> = pieces.into_iter().collect();
    pieces.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    WecStats {
        games: t.games,
        decided: t.decided,
        black_wins: t.black_wins,
        white_wins: t.white_wins,
        black_rate: wilson(t.black_wins, t.decided),
        white_rate: wilson(t.white_wins, t.decided),
        mean_plies: ratio(t.plies, t.games).map(round2),
        governments: governments
            .into_iter()
            .map(|(k, (g, w))| (k, g, w))
            .collect(),
        pieces,
    }
}

/// WEC statistics: results by colour and by government type, length, the pieces most used; from
/// the running totals.
pub fn wec(conn: &Connection, f: &Filter) -> Result<WecStats> {
    let t = game_totals(conn, "wec", f)?;
    let mut gov = BTreeMap::new();
    each_total(
        conn,
        "wec",
        "wec_government_stats",
        f,
        // government, played, wins
        |r| {
            let g: &mut (i64, i64) = gov.entry(r.text(0)?.to_string()).or_default();
            g.0 += r.int(1)?;
            g.1 += r.int(2)?;
            Ok(())
        },
    )?;
    let mut pieces = BTreeMap::new();
    each_total(
        conn,
        "wec",
        "wec_piece_counts",
        f,
        // piece, turns
        |r| {
            *pieces.entry(r.text(0)?.to_string()).or_insert(0) += r.int(1)?;
            Ok(())
        },
    )?;
    Ok(finish_wec(t, gov, pieces))
}
