//! What the games at a position played next: each move's games and results per side, win rates
//! with their 95% interval, and the games themselves as lists name them. Shared by the explorer of
//! move sequences ([`crate::explorer`]) and of positions ([`crate::positions`]).

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::error::Result;

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Rate {
    /// Share of the games, 0..1.
    pub rate: f64,
    /// Wilson 95% interval.
    pub low: f64,
    pub high: f64,
}

/// The Wilson score interval (95%) of `k` successes in `n` trials.
pub fn wilson(k: i64, n: i64) -> Rate {
    if n <= 0 {
        return Rate {
            rate: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let (k, n) = (k as f64, n as f64);
    let z = 1.959_963_984_540_054_f64;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / denom;
    Rate {
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct NextMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub games: i64,
    pub wins: serde_json::Map<String, serde_json::Value>,
    pub draws: i64,
    pub unknown: i64,
    /// Win rate of each side with its 95% interval.
    pub rates: serde_json::Map<String, serde_json::Value>,
    /// Fewer games than [`THIN`]: shown greyed out.
    pub thin: bool,
}

/// Branches with fewer games than this are "thin".
pub const THIN: i64 = 5;

#[derive(Debug, Clone, Serialize)]
pub struct GameRef {
    pub id: i64,
    pub title: Option<String>,
    pub result: Option<String>,
    pub date: Option<String>,
}

pub fn next_move(
    sides: &[&str],
    mv: String,
    n: i64,
    w: [i64; 3],
    draws: i64,
    unknown: i64,
) -> NextMove {
    let mut wins = serde_json::Map::new();
    let mut rates = serde_json::Map::new();
    let decided = n - unknown;
    for (i, s) in sides.iter().enumerate() {
        wins.insert(s.to_string(), w[i].into());
        rates.insert(
            s.to_string(),
            serde_json::to_value(wilson(w[i], decided)).unwrap_or_default(),
        );
    }
    NextMove {
        mv,
        games: n,
        wins,
        draws,
        unknown,
        rates,
        thin: n < THIN,
    }
}

/// The games of `ids`, in that order, but those a private collection's import keeps to its club
/// (`crate::private_games`).
pub(crate) fn game_refs(conn: &Connection, ids: &[i64]) -> Result<Vec<GameRef>> {
    let mut st = conn.prepare_cached(
        "SELECT id, title, result, date FROM games
         WHERE id = ?1 AND id NOT IN (SELECT game_id FROM private_games)",
    )?;
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(g) = st.query_row(params![id], game_ref).optional()? {
            out.push(g);
        }
    }
    Ok(out)
}

pub(crate) fn game_ref(r: &rusqlite::Row) -> rusqlite::Result<GameRef> {
    Ok(GameRef {
        id: r.get(0)?,
        title: r.get(1)?,
        result: r.get(2)?,
        date: r.get(3)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_known_values() {
        let r = wilson(5, 10);
        assert!((r.rate - 0.5).abs() < 1e-12);
        assert!(
            (r.low - 0.2366).abs() < 1e-3 && (r.high - 0.7634).abs() < 1e-3,
            "{r:?}"
        );
        let r = wilson(0, 4);
        assert!(r.low == 0.0 && (r.high - 0.4899).abs() < 1e-3, "{r:?}");
    }
}
