//! Deluge statistics, from the stored games parsed again; standard Diplomacy games, stored under
//! the same kind, are counted apart.

use crate::error::Result;
use rusqlite::{Connection, params_from_iter};
use serde::Serialize;
use std::collections::BTreeMap;

use super::filter::Filter;
use super::totals::{mean, round2};

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PowerStat {
    pub power: String,
    /// Games in which this power gave orders or held centres.
    pub games: i64,
    /// Games whose record reaches W1908 with this power among the survivors.
    pub survived: i64,
    /// Games this power won as the sole survivor.
    pub wins: i64,
    /// Mean supply centres after the last winter each game records.
    pub mean_final_centres: Option<f64>,
    /// Mean supply centres after each winter: (year, mean over the games that reach it).
    pub centres_by_year: Vec<(u16, f64)>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct DelugeStats {
    /// Deluge games (standard Diplomacy games, stored under the same kind, are not among them).
    pub games: i64,
    /// Standard Diplomacy games matching the filter, counted apart: none of the figures here
    /// include them (their survivors, centres and powers follow other rules).
    pub standard_games: i64,
    /// Games whose record reaches the end of W1908.
    pub finished: i64,
    pub powers: Vec<PowerStat>,
}

/// Deluge statistics: survival and supply centres by power (from the stored games, re-parsed).
pub fn deluge(conn: &Connection, f: &Filter) -> Result<DelugeStats> {
    let (w, args) = f.games_sql();
    let mut st = conn.prepare(&format!(
        "SELECT g.raw, g.source_line FROM games g WHERE g.kind = 'deluge'{w}"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    let (mut games, mut finished, mut standard_games) = (0i64, 0i64, 0i64);
    #[derive(Default)]
    struct Acc {
        games: i64,
        survived: i64,
        wins: i64,
        finals: Vec<i64>,
        by_year: BTreeMap<u16, Vec<i64>>,
    }
    let mut acc: BTreeMap<String, Acc> = BTreeMap::new();
    while let Some(r) = rows.next()? {
        let raw: String = r.get(0)?;
        let annals_import::Body::Deluge(g) =
            crate::store::body::reparse(annals_import::Kind::Deluge, &raw, r.get::<_, i64>(1)?)
        else {
            continue;
        };
        if g.variant.is_some() {
            standard_games += 1;
            continue;
        }
        games += 1;
        let mut powers: std::collections::BTreeSet<String> =
            g.orders.iter().map(|o| o.power.clone()).collect();
        for c in &g.centres {
            powers.extend(c.counts.keys().cloned());
        }
        if let Some(s) = &g.survivors {
            finished += 1;
            for p in s {
                acc.entry(p.clone()).or_default().survived += 1;
            }
        }
        if let Some(wn) = &g.winner {
            acc.entry(wn.clone()).or_default().wins += 1;
        }
        for p in &powers {
            let a = acc.entry(p.clone()).or_default();
            a.games += 1;
            if let Some(last) = g.centres.last() {
                a.finals
                    .push(last.counts.get(p).copied().unwrap_or(0) as i64);
            }
            for c in &g.centres {
                a.by_year
                    .entry(c.year)
                    .or_default()
                    .push(c.counts.get(p).copied().unwrap_or(0) as i64);
            }
        }
    }
    let powers = acc
        .into_iter()
        .map(|(power, a)| PowerStat {
            power,
            games: a.games,
            survived: a.survived,
            wins: a.wins,
            mean_final_centres: mean(&a.finals).map(round2),
            centres_by_year: a
                .by_year
                .iter()
                .filter_map(|(y, v)| mean(v).map(|m| (*y, round2(m))))
                .collect(),
        })
        .collect();
    Ok(DelugeStats {
        games,
        standard_games,
        finished,
        powers,
    })
}
