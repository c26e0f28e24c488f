//! Statistics of each kind, filtered by event and year range.
//!
//! The HotW, 三国 and WEC figures are sums of the running totals that `store::tally` keeps in the
//! same transaction as the games, so they are right the moment a game is added or removed and cost
//! the same at any archive size. [`scan`] computes the same figures from the move tables (every
//! turn), the reference the totals are held to. Deluge statistics re-parse the stored games.

use rusqlite::Connection;

use crate::error::Result;

mod deluge;
mod filter;
mod hotw;
mod sanguo;
pub mod scan;
mod totals;
mod wec;

pub use deluge::*;
pub use filter::Filter;
pub use hotw::*;
pub use sanguo::*;
pub use wec::*;

// The figures of a scope (an event, a player or a collection by id) come from the moves: the
// running totals are kept by event name and year only. These take the place of the glob
// re-exports of the same names above.

/// HotW statistics per empire and epoch.
pub fn hotw_empires(conn: &Connection, f: &Filter) -> Result<Vec<EmpireStat>> {
    if f.scope.is_all() {
        hotw::hotw_empires(conn, f)
    } else {
        scan::hotw_empires(conn, f)
    }
}

/// HotW statistics per card.
pub fn hotw_cards(conn: &Connection, f: &Filter) -> Result<Vec<CardStat>> {
    if f.scope.is_all() {
        hotw::hotw_cards(conn, f)
    } else {
        scan::hotw_cards(conn, f)
    }
}

/// HotW openings (epoch I's turns).
pub fn hotw_openings(conn: &Connection, f: &Filter) -> Result<Vec<HotwOpening>> {
    if f.scope.is_all() {
        hotw::hotw_openings(conn, f)
    } else {
        scan::hotw_openings(conn, f)
    }
}

/// 三国 statistics.
pub fn sanguo(conn: &Connection, f: &Filter) -> Result<SanguoStats> {
    if f.scope.is_all() {
        sanguo::sanguo(conn, f)
    } else {
        scan::sanguo(conn, f)
    }
}

/// WEC statistics.
pub fn wec(conn: &Connection, f: &Filter) -> Result<WecStats> {
    if f.scope.is_all() {
        wec::wec(conn, f)
    } else {
        scan::wec(conn, f)
    }
}

/// How many games of each kind the archive shows (a private collection's imports left out, as
/// everywhere but to their club), kinds without a game left out. 三国 and WEC from the running
/// totals (counting their rows of `games` read a third of a million rows each at 1M games); HotW's
/// totals keep no count of games, so HotW and Deluge are counted.
pub fn games_by_kind(conn: &Connection) -> Result<Vec<(annals_import::Kind, i64)>> {
    let mut out = Vec::new();
    for kind in annals_import::Kind::ALL {
        let n = match kind {
            annals_import::Kind::Hotw | annals_import::Kind::Deluge => conn
                .prepare_cached(
                    "SELECT count(*) FROM games WHERE kind = ?1
                     AND id NOT IN (SELECT game_id FROM private_games)",
                )?
                .query_row([kind.as_str()], |r| r.get(0))?,
            _ => sanguo::game_totals(conn, kind.as_str(), &Filter::default())?.games,
        };
        if n > 0 {
            out.push((kind, n));
        }
    }
    Ok(out)
}

/// Compares the running totals with [`scan`] (no filter): one problem per kind of figure that
/// differs.
pub fn check_totals(conn: &Connection) -> Result<Vec<String>> {
    let f = Filter::default();
    let mut problems = Vec::new();
    let mut differ = |what: &str, same: bool| {
        if !same {
            problems.push(format!(
                "statistics: the running totals of {what} disagree with the move tables"
            ));
        }
    };
    differ(
        "HotW empires",
        hotw_empires(conn, &f)? == scan::hotw_empires(conn, &f)?,
    );
    differ(
        "HotW cards",
        hotw_cards(conn, &f)? == scan::hotw_cards(conn, &f)?,
    );
    differ(
        "HotW openings",
        hotw_openings(conn, &f)? == scan::hotw_openings(conn, &f)?,
    );
    differ("三国 games", sanguo(conn, &f)? == scan::sanguo(conn, &f)?);
    differ("WEC games", wec(conn, &f)? == scan::wec(conn, &f)?);
    Ok(problems)
}
